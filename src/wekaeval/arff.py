"""ARFF files in WEKA's dialect: what ``weka.core.converters.ArffLoader`` reads.

Built on liac-arff, which this module feeds after translating the parts of
WEKA's dialect that liac-arff rejects or reads differently:

* ``%`` starts a comment anywhere outside quotes, also after a declaration
  or a data row (WEKA's own supermarket.arff has one);
* an instance weight in braces after a dense or sparse row,
  ``1,2,x,{0.5}`` or ``{0 1, 2 x} {0.5}``;
* ``integer`` and ``real`` attributes hold doubles, as ``numeric`` ones do;
* ``date`` attributes are read (as text) and may not be the class;
* ``@relation`` and ``@attribute`` may be followed by a tab.

Line numbers in errors are the file's own.
"""

from __future__ import annotations

import io  # noqa: F401  (load_arff's doctest reads from io.StringIO)
import math
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import IO, Any

import arff as liac_arff
import numpy as np

from .errors import ArffError
from .textsource import read_text

__all__ = ["Attribute", "Dataset", "load_arff", "read_arff_rows"]


@dataclass(frozen=True)
class Attribute:
    """One declared attribute: its name, WEKA type and, when nominal, its labels."""

    name: str
    type: str  # "numeric", "nominal", "string" or "date"
    values: tuple[str, ...] | None = None


@dataclass(frozen=True, eq=False)
class Dataset:
    """What the evaluation needs of an ARFF file: its class column and instance weights.

    ``class_values`` holds, per instance, the class index (nominal class) or
    value (numeric class) as a float64, NaN where the class is missing;
    ``weights`` the instance weights (1.0 unless the file gives one).
    """

    relation: str
    attributes: tuple[Attribute, ...]
    class_index: int
    class_values: np.ndarray
    weights: np.ndarray

    @property
    def class_attribute(self) -> Attribute:
        return self.attributes[self.class_index]

    @property
    def class_names(self) -> tuple[str, ...] | None:
        """The class labels of a nominal class, None for a numeric class."""
        return self.class_attribute.values

    @property
    def num_instances(self) -> int:
        return len(self.class_values)

    def __repr__(self) -> str:
        return (
            f"Dataset(relation={self.relation!r}, attributes={len(self.attributes)}, "
            f"class={self.class_attribute.name!r}, instances={self.num_instances})"
        )


def load_arff(
    source: str | os.PathLike | IO, class_attribute: str | int | None = None, *, encoding: str = "utf-8"
) -> Dataset:
    """Read an ARFF file as WEKA's ArffLoader does.

    Parameters
    ----------
    source : path or file object
        The ARFF file (text or binary).
    class_attribute : str or int, optional
        The class attribute, by name or by 0-based index (negative counts from
        the end).  The last attribute when omitted, as on WEKA's command line.
    encoding : str, default "utf-8"
        The file's encoding (``"cp1252"``, ``"latin-1"``, ...).

    Raises
    ------
    ArffError
        For a malformed file (the message names the file and line), or a class
        attribute that does not exist or is neither nominal nor numeric.

    Examples
    --------
    >>> data = load_arff(io.StringIO('''@relation toy
    ... @attribute x numeric
    ... @attribute class {yes, no} % the class
    ... @data
    ... 1.5, yes
    ... 2.5, no, {0.5}
    ... ?, ?
    ... '''))
    >>> data.class_names
    ('yes', 'no')
    >>> data.class_values
    array([ 0.,  1., nan])
    >>> data.weights
    array([1. , 0.5, 1. ])
    """
    arff = _decode(source, encode_nominal=True, encoding=encoding)
    index = _class_index(arff.attributes, class_attribute, arff.name)
    with arff.errors_reported():
        column = [row[index] for row in arff.rows]  # liac-arff reads the rows here
    class_values = np.array([math.nan if v is None else float(v) for v in column], dtype=np.float64)
    return Dataset(
        relation=arff.relation,
        attributes=arff.attributes,
        class_index=index,
        class_values=class_values,
        weights=np.asarray(arff.weights, dtype=np.float64),
    )


def read_arff_rows(
    source: str | os.PathLike | IO, *, encoding: str = "utf-8"
) -> tuple[str, tuple[Attribute, ...], list[list[Any]]]:
    """The relation, attributes and every row of an ARFF file, in WEKA's dialect.

    Values come as WEKA reads them: nominal and string values as ``str``,
    numbers as ``float``, missing values as None; instance weights are dropped.

    Raises
    ------
    ArffError
        For a malformed file; the message names the file and line.

    Examples
    --------
    >>> relation, attributes, rows = read_arff_rows(io.StringIO(
    ...     "@relation r\\n@attribute a {x,y}\\n@attribute b numeric\\n@data\\nx,1\\ny,?\\n"))
    >>> relation, [a.name for a in attributes], rows
    ('r', ['a', 'b'], [['x', 1.0], ['y', None]])
    """
    arff = _decode(source, encode_nominal=False, encoding=encoding)
    with arff.errors_reported():
        rows = [[float(v) if isinstance(v, (int, float)) else v for v in row] for row in arff.rows]
    return arff.relation, arff.attributes, rows


# -- reading ------------------------------------------------------------------


@dataclass(frozen=True)
class _DecodedArff:
    """An ARFF file through liac-arff: the header read, the rows still lazy (``DENSE_GEN``)."""

    name: str
    relation: str
    attributes: tuple[Attribute, ...]
    rows: Iterator[list[Any]]
    weights: list[float]
    decoder: liac_arff.ArffDecoder

    def errors_reported(self) -> Any:
        """A context in which liac-arff's errors on the rows become ArffError naming the line."""
        return _reported_as_arff_error(self.decoder, self.name)


def _decode(source: Any, *, encode_nominal: bool, encoding: str) -> _DecodedArff:
    """Read ``source``, translate WEKA's dialect for liac-arff and decode its header."""
    name, text = _read_text(source, encoding)
    lines = re.split(r"\r\n|\r|\n", text)
    header_lines, data_start, dates = _translate_header(lines, name)
    data_lines, weights = _translate_data(lines[data_start:], data_start, name)
    decoder = liac_arff.ArffDecoder()
    with _reported_as_arff_error(decoder, name):
        decoded = decoder.decode(
            header_lines + data_lines, encode_nominal=encode_nominal, return_type=liac_arff.DENSE_GEN
        )
    attributes = tuple(
        _attribute(attr_name, "DATE" if i in dates else attr_type)
        for i, (attr_name, attr_type) in enumerate(decoded["attributes"])
    )
    return _DecodedArff(name, decoded["relation"], attributes, decoded["data"], weights, decoder)


def _read_text(source: Any, encoding: str) -> tuple[str, str]:
    try:
        return read_text(source, ArffError, encoding=encoding)
    except OSError as error:
        if not isinstance(source, (str, os.PathLike)):
            raise
        raise ArffError(f"cannot read: {error.strerror}", source=os.fspath(source)) from None


# -- WEKA's dialect -> liac-arff ------------------------------------------------

_DECLARATION = re.compile(r"(?i)^\s*(@relation|@attribute|@data)(?=\s|$)\s*(.*)$")
_NAME = r"""(?:'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"|[^\s{]+)"""
_ATTRIBUTE_TYPE = re.compile(rf"^({_NAME})\s+(.*)$", re.S)


def _outside_quotes(line: str) -> Iterator[tuple[int, str]]:
    """(index, char) of each character outside quotes; quotes take backslash escapes, as WEKA's tokenizer."""
    quote = None
    escaped = False
    for i, char in enumerate(line):
        if escaped:
            escaped = False
        elif quote:
            if char == "\\":
                escaped = True
            elif char == quote:
                quote = None
        elif char in "'\"":
            quote = char
        else:
            yield i, char


def _strip_comment(line: str) -> str:
    """The line without its ``%`` comment (a ``%`` inside quotes is text)."""
    if "%" not in line:
        return line
    for i, char in _outside_quotes(line):
        if char == "%":
            return line[:i]
    return line


def _translate_header(lines: list[str], name: str) -> tuple[list[str], int, set[int]]:
    """Header lines rewritten for liac-arff, the index of the first data line, the date attributes."""
    out = []
    dates = set()
    for number, raw in enumerate(lines):
        line = _strip_comment(raw).strip()
        match = _DECLARATION.match(line)
        if not match:
            out.append(line)
            continue
        keyword, rest = match.group(1).lower(), match.group(2)
        if keyword == "@data":
            out.append("@data")
            return out, number + 1, dates
        if keyword == "@attribute":
            rest, is_date = _translate_attribute(rest, name, number + 1)
            if is_date:
                dates.add(sum(1 for line in out if line.startswith("@attribute ")))
        out.append(f"{keyword} {rest}")
    last_line = len(lines) - (lines[-1] == "")  # a final newline ends the last line, it starts none
    raise ArffError("no @data section", source=name, line=last_line)


def _translate_attribute(declaration: str, name: str, line: int) -> tuple[str, bool]:
    """The declaration as liac-arff reads it, and whether it declares a date."""
    match = _ATTRIBUTE_TYPE.match(declaration)
    if not match:
        return declaration, False  # liac-arff reports the bad declaration with its line
    attr_name, attr_type = match.groups()
    keyword = attr_type.split(None, 1)[0].lower() if attr_type.split() else ""
    if keyword in ("integer", "real"):
        return f"{attr_name} numeric", False
    if keyword == "date":  # read as text: the port needs no dates but the class, which may not be one
        return f"{attr_name} string", True
    if keyword == "relational":
        raise ArffError("relational attributes are not supported", source=name, line=line)
    return declaration, False


def _translate_data(lines: list[str], offset: int, name: str) -> tuple[list[str], list[float]]:
    """Data lines without comments and instance weights; the weight of each instance."""
    out = []
    weights = []
    for number, raw in enumerate(lines, start=offset + 1):
        line = _strip_comment(raw).strip()
        if not line:
            out.append("")
            continue
        row, weight = _split_weight(line, name, number)
        out.append(row)
        weights.append(weight)
    return out, weights


def _split_weight(line: str, name: str, number: int) -> tuple[str, float]:
    """A data row and its instance weight (1.0 when the row gives none)."""
    if "{" not in line:
        return line, 1.0
    braces = _top_level_braces(line)
    if line.startswith("{"):  # sparse: {index value, ...} then maybe {weight}
        if not braces:
            raise ArffError("sparse row without its closing }", source=name, line=number)
        end = braces[0][1]
        rest = line[end + 1 :].strip().lstrip(",").strip()
        row = line[: end + 1]
    else:
        if not braces:
            return line, 1.0
        start = braces[0][0]
        rest = line[start:]
        row = line[:start].rstrip().rstrip(",").rstrip()
    if not rest:
        return row, 1.0
    if not (rest.startswith("{") and rest.endswith("}")) or rest.count("{") != 1:
        raise ArffError(f"expected an instance weight {{w}} after the values, found {rest!r}", source=name, line=number)
    return row, _weight(rest[1:-1].strip(), name, number)


def _top_level_braces(line: str) -> list[tuple[int, int]]:
    """(start, end) of each ``{...}`` group outside quotes."""
    groups = []
    start = None
    for i, char in _outside_quotes(line):
        if char == "{" and start is None:
            start = i
        elif char == "}" and start is not None:
            groups.append((start, i))
            start = None
    return groups


# Java's Double.parseDouble for decimal text: optional d/f suffix, no underscores.
_JAVA_DECIMAL = re.compile(r"^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?[dDfF]?$")


def _weight(text: str, name: str, number: int) -> float:
    if not _JAVA_DECIMAL.match(text):
        raise ArffError(f"instance weight {{{text}}} is not a number", source=name, line=number)
    weight = float(text.rstrip("dDfF"))
    if not math.isfinite(weight):
        raise ArffError(f"instance weight {{{text}}} is not finite", source=name, line=number)
    return weight


# -- results --------------------------------------------------------------------


def _attribute(name: str, declared: Any) -> Attribute:
    if isinstance(declared, (list, tuple)):
        return Attribute(name, "nominal", tuple(declared))
    if declared in ("STRING", "DATE"):
        return Attribute(name, declared.lower())
    return Attribute(name, "numeric")


def _class_index(attributes: tuple[Attribute, ...], wanted: str | int | None, name: str) -> int:
    if wanted is None:
        index = len(attributes) - 1
    elif isinstance(wanted, str):
        names = [a.name for a in attributes]
        if wanted not in names:
            raise ArffError(f"class_attribute {wanted!r} is not one of the attributes {names}", source=name)
        index = names.index(wanted)
    elif isinstance(wanted, int) and not isinstance(wanted, bool):
        if not -len(attributes) <= wanted < len(attributes):
            raise ArffError(
                f"class_attribute index {wanted} is out of range for {len(attributes)} attributes", source=name
            )
        index = wanted % len(attributes)
    else:
        raise ArffError(f"class_attribute must be a name or an index, not {wanted!r}", source=name)
    if attributes[index].type not in ("nominal", "numeric"):
        raise ArffError(
            f"class attribute {attributes[index].name!r} is a {attributes[index].type} attribute; "
            "the class must be nominal or numeric",
            source=name,
        )
    return index


@contextmanager
def _reported_as_arff_error(decoder: liac_arff.ArffDecoder, name: str) -> Iterator[None]:
    """Turn liac-arff's exceptions into ArffError with the file's name and line."""
    try:
        yield
    except liac_arff.ArffException as error:
        # liac-arff sets error.line only for header errors; rows are read lazily
        line = error.line if error.line > 0 else decoder._current_line
        raise ArffError(_liac_reason(error), source=name, line=line or None) from None
    except ValueError as error:  # liac-arff's conversors: a bad number or escape
        raise ArffError(str(error), source=name, line=decoder._current_line or None) from None


def _liac_reason(error: liac_arff.ArffException) -> str:
    reason = str(error)
    return re.sub(r",? (?:at|in) line \d+\.?", "", reason).strip() or type(error).__name__
