"""Writing ARFF for WEKA: liac-arff's encoder, checked by reading the header back as WEKA reads it.

Reading needs WEKA's own tokenizer (its escapes, quotes and separators differ from liac-arff's reader, and
speed matters there), but writing plain numeric data with a class is what liac-arff does well, so wekaeval
writes through it.  Its quoting covers spaces, quotes, commas, ``%`` and control characters but not every
character WEKA's tokenizer treats specially, so the header it writes is read back with :func:`read_arff_rows`
(WEKA's rules) and a name or label that would not come back as given is refused, naming it.

>>> import io, os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "points.arff")
>>> write_arff(path, [[1.5, float("nan")], [0.1, 2.0]], ["yes", "no"], names=["width", "height (cm)"])
>>> print(open(path).read(), end="")
@RELATION data
<BLANKLINE>
@ATTRIBUTE width NUMERIC
@ATTRIBUTE "height (cm)" NUMERIC
@ATTRIBUTE class {no, yes}
<BLANKLINE>
@DATA
1.5,?,yes
0.1,2.0,no
<BLANKLINE>
>>> from wekaeval.arff import load_arff
>>> load_arff(path).class_values.tolist()
[1.0, 0.0]
"""

from __future__ import annotations

import io
import itertools
import math
import os
from collections.abc import Sequence
from typing import Any

import arff as liac_arff
import numpy as np

from wekaeval._atomic import atomic_output
from wekaeval.arff._loader import read_arff_rows
from wekaeval.errors import ArffError


def write_arff(
    path: str | os.PathLike[str],
    X: Any,
    y: Any = None,
    *,
    relation: str = "data",
    names: Sequence[str] | None = None,
    class_name: str = "class",
    labels: Sequence[str] | None = None,
    comment: str | None = None,
) -> None:
    """Write numeric data (and a class) as an ARFF file WEKA reads to the same instances, atomically.

    Parameters
    ----------
    path
        The file to write (through a temporary file in its folder, then renamed: never half written).
    X
        A 2-D array of numbers, one row per instance; NaN is written as WEKA's missing value ``?``.
    y
        The class, last: None for none; strings (a nominal class, labels in ``labels``' order, else sorted),
        integer codes into ``labels``, or numbers (a numeric class); NaN or None is missing.
    relation, names, class_name, comment
        The ``@relation`` name, the attributes' names (``x1``, ``x2``, ... by default), the class attribute's
        name, and ``%`` comment lines written first.

    Raises
    ------
    ArffError
        Naming the file: a name or label WEKA would read differently, or data that is not numeric.
    """
    source = os.fspath(path)
    rows = _numbers(X, source)
    names = [f"x{i + 1}" for i in range(rows.shape[1])] if names is None else [str(n) for n in names]
    if len(names) != rows.shape[1]:
        raise ArffError(f"names: {len(names)} names for {rows.shape[1]} columns of X", source=source)
    attributes: list[tuple[str, Any]] = [(name, "NUMERIC") for name in names]
    data: list[list[Any]] = rows.tolist()
    if y is not None:
        column, declared = _class_column(y, labels, len(data), source)
        attributes.append((class_name, declared))
        for row, value in zip(data, column, strict=True):
            row.append(value)
    document = {"relation": relation, "attributes": attributes, "data": data, "description": comment or ""}
    lines = liac_arff.ArffEncoder().iter_encode(document)  # row by row, never the whole text at once
    header = []
    try:
        for line in lines:
            header.append(line)
            if line.upper().startswith("@DATA"):
                break
    except liac_arff.ArffException as error:
        raise ArffError(f"liac-arff cannot write it: {error}", source=source) from None
    _check_header("\n".join(header) + "\n", relation, attributes, source)
    with atomic_output(path) as handle:
        for line in itertools.chain(header, lines):
            handle.write(line + "\n")


def _numbers(X: Any, source: str) -> np.ndarray:
    try:
        rows = np.asarray(X, dtype=np.float64)
    except (TypeError, ValueError):
        raise ArffError("X must be a 2-D array of numbers (encode nominal attributes first)", source=source) from None
    if rows.ndim != 2:
        raise ArffError(f"X must be a 2-D array of numbers, not {rows.ndim}-D", source=source)
    return rows


def _class_column(y: Any, labels: Sequence[str] | None, size: int, source: str) -> tuple[list[Any], Any]:
    values = list(np.asarray(y, dtype=object).ravel())
    if len(values) != size:
        raise ArffError(f"y: {len(values)} class values for {size} rows of X", source=source)
    numbers = all(isinstance(v, (int, float, np.integer, np.floating)) and not isinstance(v, bool) for v in values)
    if numbers and labels is None:
        return [float(v) for v in values], "NUMERIC"
    if numbers:
        assert labels is not None
        values = [None if math.isnan(float(v)) else labels[int(v)] for v in values]
    present = {str(v) for v in values if v is not None}
    declared = sorted(present) if labels is None else [str(label) for label in labels]
    unknown = present - set(declared)
    if unknown:
        raise ArffError(f"y: {sorted(unknown)[0]!r} is not one of the labels {declared}", source=source)
    if "?" in declared:
        raise ArffError("labels: '?' would be read back as a missing value", source=source)
    return [None if v is None else str(v) for v in values], declared


def _check_header(header: str, relation: str, attributes: list[tuple[str, Any]], source: str) -> None:
    """Read the header back as WEKA does; refuse whatever would not come back as it was given."""
    try:
        read_relation, read, _ = read_arff_rows(io.StringIO(header))
    except ArffError as error:
        raise ArffError(f"WEKA could not read the header this writes: {error.reason}", source=source) from None
    if read_relation != relation:
        raise ArffError(f"relation {relation!r} would be read back as {read_relation!r}", source=source)
    if len(read) != len(attributes):
        raise ArffError(
            f"the header would be read back with {len(read)} attributes, not {len(attributes)}", source=source
        )
    for (name, declared), attribute in zip(attributes, read, strict=True):
        if attribute.name != name:
            raise ArffError(f"attribute name {name!r} would be read back as {attribute.name!r}", source=source)
        if isinstance(declared, list) and list(attribute.values or ()) != declared:
            raise ArffError(
                f"the labels of {name!r} would be read back as {list(attribute.values or ())}", source=source
            )
