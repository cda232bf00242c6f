"""ARFF files in WEKA's dialect: what ``weka.core.converters.ArffLoader`` reads.

Built on liac-arff, which this module feeds after translating the parts of
WEKA's dialect that liac-arff rejects or reads differently:

* ``%`` starts a comment anywhere outside quotes, also after a declaration
  or a data row (WEKA's own supermarket.arff has one after a declaration);
* an instance weight in braces after a dense or sparse row,
  ``1,2,x,{0.5}`` or ``{0 1, 2 x} {0.5}``;
* ``integer`` and ``real`` attributes hold doubles, as ``numeric`` ones do;
* ``date`` attributes are read as text, and a date class as WEKA's
  milliseconds since the epoch (see :mod:`wekaeval.arff`);
* ``relational`` attributes (multi-instance bags): the nested declarations
  up to ``@end name`` and, per row, a quoted value holding the bag's rows
  separated by ``\\n``;
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
from dataclasses import dataclass, field
from datetime import tzinfo
from typing import IO, Any

import arff as liac_arff
import numpy as np

from wekaeval._textsource import read_text
from wekaeval.arff._classattr import ClassAttributeError, class_index
from wekaeval.arff._dates import DateParser, DatePatternError, resolve_timezone
from wekaeval.arff._dialect import IMPLICIT_BAG, DateSpec, RelationSpec, translate_data, translate_header
from wekaeval.errors import ArffError


@dataclass(frozen=True)
class Attribute:
    """One declared attribute: its name, WEKA type, a nominal's labels, a date's pattern, a bag's attributes."""

    name: str
    type: str  # "numeric", "nominal", "string", "date" or "relational"
    values: tuple[str, ...] | None = None
    date_format: str | None = None  # a date's SimpleDateFormat pattern as declared (None: WEKA's default)
    relation: tuple[Attribute, ...] | None = None  # a relational attribute's nested attributes


@dataclass(frozen=True, eq=False)
class Dataset:
    """What the evaluation needs of an ARFF file: its class column and instance weights.

    ``class_values`` holds, per instance, the class index (nominal class) or
    value (numeric class; for a date class WEKA's milliseconds since the
    epoch) as a float64, NaN where the class is missing;
    ``weights`` the instance weights (1.0 unless the file gives one).
    ``source`` is the path it was read from (None for a file object) and
    ``encoding`` the encoding it was read in: what a model needs to read the
    attribute values again (:mod:`wekaeval.folds`, :mod:`wekaeval.experiment`).
    """

    relation: str
    attributes: tuple[Attribute, ...]
    class_index: int
    class_values: np.ndarray
    weights: np.ndarray
    source: str | None = field(default=None, repr=False)
    encoding: str = field(default="utf-8", repr=False)

    @property
    def class_attribute(self) -> Attribute:
        return self.attributes[self.class_index]

    @property
    def class_names(self) -> tuple[str, ...] | None:
        """The class labels of a nominal class, None for a numeric or date class."""
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
    source: str | os.PathLike | IO,
    class_attribute: str | int | None = None,
    *,
    encoding: str = "utf-8",
    timezone: str | tzinfo = "UTC",
) -> Dataset:
    """Read an ARFF file as WEKA's ArffLoader does.

    Parameters
    ----------
    source : path or file object
        The ARFF file (text or binary).
    class_attribute : str or int, optional
        The class attribute as on WEKA's command line (``-c``): ``"first"``,
        ``"last"``, a 1-based index as text (``"3"``), or a name; or, as an
        ``int``, a 0-based index (negative counts from the end).  The last
        attribute when omitted.  One rule everywhere: :func:`wekaeval.arff.class_index`.
    encoding : str, default "utf-8"
        The file's encoding (``"cp1252"``, ``"latin-1"``, ...).
    timezone : str or datetime.tzinfo, default "UTC"
        The JVM's default time zone that WEKA would parse a date class in: an
        IANA name (``"Europe/Berlin"``) or a ``tzinfo``.  A date class holds
        milliseconds since the epoch, as in WEKA; other date attributes are
        not parsed.

    Raises
    ------
    ArffError
        For a malformed file (the message names the file and line), an
        unparseable date in a date class or a date pattern this port does not
        read, or a class attribute that does not exist or is not nominal,
        numeric or date.

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
    >>> load_arff(io.StringIO("@relation r\\n@attribute when date 'yyyy-MM-dd'\\n@data\\n1969-12-31\\n?\\n"),
    ...           timezone="Europe/Berlin").class_values
    array([-90000000.,        nan])
    """
    try:
        zone = resolve_timezone(timezone)
    except ValueError as error:
        raise ArffError(str(error), source=_source_name(source)) from None
    arff = _decode(source, encode_nominal=True, encoding=encoding)
    index = _class_index(arff.attributes, class_attribute, arff.name)
    parse = _class_parser(arff, index, zone)
    class_values = np.empty(0, dtype=np.float64)
    with arff.errors_reported():
        column = []
        for row in arff.rows:  # liac-arff reads the rows here
            line = arff.decoder._current_line
            _check_bags(arff, row, line)
            column.append(parse(row[index], line))
        class_values = np.array(column, dtype=np.float64)
    return Dataset(
        relation=arff.relation,
        attributes=arff.attributes,
        class_index=index,
        class_values=class_values,
        weights=np.asarray(arff.weights, dtype=np.float64),
        source=os.fsdecode(source) if isinstance(source, (str, os.PathLike)) else None,
        encoding=encoding,
    )


def read_arff_rows(
    source: str | os.PathLike | IO, *, encoding: str = "utf-8"
) -> tuple[str, tuple[Attribute, ...], list[list[Any]]]:
    """The relation, attributes and every row of an ARFF file, in WEKA's dialect.

    Values come as WEKA reads them: nominal, string and date values as
    ``str``, numbers as ``float``, missing values as None; a relational value
    (a bag) as a tuple of its rows, each a list of values read the same way.
    Instance weights, of rows and of bag rows, are dropped.

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
    >>> read_arff_rows(io.StringIO("@relation mi\\n@attribute bag relational\\n@attribute x numeric\\n"
    ...     "@end bag\\n@attribute c {+,-}\\n@data\\n'1\\\\n2\\\\n3',+\\n"))[2]
    [[([1.0], [2.0], [3.0]), '+']]
    """
    arff = _decode(source, encode_nominal=False, encoding=encoding)
    with arff.errors_reported():
        rows = []
        for row in arff.rows:
            bags = _check_bags(arff, row, arff.decoder._current_line)
            rows.append([bags[i] if i in bags else _plain(v) for i, v in enumerate(row)])
    return arff.relation, arff.attributes, rows


def _plain(value: Any) -> Any:
    return float(value) if isinstance(value, (int, float)) else value


@dataclass(frozen=True)
class _DecodedArff:
    """An ARFF file through liac-arff: the header read, the rows still lazy (``DENSE_GEN``)."""

    name: str
    relation: str
    attributes: tuple[Attribute, ...]
    rows: Iterator[list[Any]]
    weights: list[float]
    decoder: liac_arff.ArffDecoder
    specials: dict[int, Any]
    encode_nominal: bool
    first_bags: dict[int, Any] = field(default_factory=dict)  # WEKA's relation 0 of each relational attribute

    def errors_reported(self) -> Any:
        """A context in which liac-arff's errors on the rows become ArffError naming the line."""
        return _reported_as_arff_error(self.decoder, self.name)


def _decode(source: Any, *, encode_nominal: bool, encoding: str) -> _DecodedArff:
    """Read ``source``, translate WEKA's dialect for liac-arff and decode its header."""
    name, text = _read_text(source, encoding)
    lines = re.split(r"\r\n|\r|\n", text)
    header_lines, data_start, specials = translate_header(lines, name)
    bags = frozenset(i for i, spec in specials.items() if isinstance(spec, RelationSpec))
    data_lines, weights = translate_data(lines[data_start:], data_start, name, bags)
    decoder = liac_arff.ArffDecoder()
    with _reported_as_arff_error(decoder, name):
        decoded = decoder.decode(
            header_lines + data_lines, encode_nominal=encode_nominal, return_type=liac_arff.DENSE_GEN
        )
    attributes = _attributes(decoded["attributes"], specials, name)
    return _DecodedArff(
        name, decoded["relation"], attributes, decoded["data"], weights, decoder, specials, encode_nominal
    )


def _attributes(declared: list[tuple[str, Any]], specials: dict[int, Any], name: str) -> tuple[Attribute, ...]:
    """Attribute objects for liac-arff's (name, type) pairs; dates and bags from what the translation kept."""
    out = []
    for i, (attr_name, attr_type) in enumerate(declared):
        special = specials.get(i)
        if isinstance(special, DateSpec):
            out.append(Attribute(attr_name, "date", date_format=special.pattern))
        elif isinstance(special, RelationSpec):
            decoder = liac_arff.ArffDecoder()
            with _reported_as_arff_error(decoder, name):
                nested = decoder.decode(special.header + ["@data"], return_type=liac_arff.DENSE)
            out.append(
                Attribute(attr_name, "relational", relation=_attributes(nested["attributes"], special.specials, name))
            )
        else:
            out.append(_attribute(attr_name, attr_type))
    return tuple(out)


def _read_text(source: Any, encoding: str) -> tuple[str, str]:
    try:
        return read_text(source, ArffError, encoding=encoding)
    except OSError as error:
        if not isinstance(source, (str, os.PathLike)):
            raise
        raise ArffError(f"cannot read: {error.strerror}", source=os.fspath(source)) from None


def _source_name(source: Any) -> str:
    return os.fspath(source) if isinstance(source, (str, os.PathLike)) else getattr(source, "name", "<stream>")


def _class_parser(arff: _DecodedArff, index: int, zone: tzinfo) -> Any:
    """A function (value, line) -> the class value as WEKA stores it (a float, NaN when missing)."""
    attribute = arff.attributes[index]
    if attribute.type != "date":
        return lambda value, line: math.nan if value is None else float(value)
    spec = arff.specials[index]
    try:
        parser = DateParser(spec.pattern, zone)
    except DatePatternError as error:
        raise ArffError(str(error), source=arff.name, line=spec.line) from None

    def parse(value: str | None, line: int) -> float:
        if value is None:
            return math.nan
        try:
            parsed = parser.parse(value)
        except DatePatternError as error:
            raise ArffError(str(error), source=arff.name, line=line) from None
        if parsed is None:
            raise ArffError(
                f"unparseable date {value!r} for {attribute.name!r} (pattern {parser.pattern!r})",
                source=arff.name,
                line=line,
            )
        return parsed

    return parse


def _check_bags(arff: _DecodedArff, row: Any, line: int) -> dict[int, tuple[list[Any], ...] | None]:
    """Each relational value of a row read as WEKA's nested reader does: index -> tuple of rows (None if missing)."""
    bags = {}
    for index, spec in arff.specials.items():
        if not isinstance(spec, RelationSpec):
            continue
        value = row[index]
        if value != IMPLICIT_BAG:
            bags[index] = _read_bag(value, spec, arff, line)
            if bags[index] is not None:
                arff.first_bags.setdefault(index, bags[index])
        elif index in arff.first_bags:  # a sparse row leaves the bag out: WEKA's value 0, the first bag read
            bags[index] = arff.first_bags[index]
        else:
            raise ArffError(
                f"a sparse row leaves relational attribute {spec.name!r} out before any bag was read "
                "(WEKA would point it at a bag that does not exist)",
                source=arff.name,
                line=line,
            )
    return bags


def _explicit(value: Any, spec: RelationSpec, where: str, arff: _DecodedArff, line: int) -> str | None:
    """A nested bag's value; one a sparse bag row leaves out is refused (WEKA points it at its first nested bag)."""
    if value != IMPLICIT_BAG:
        return value
    raise ArffError(
        f"{where}: a sparse bag row leaves relational attribute {spec.name!r} out", source=arff.name, line=line
    )


def _read_bag(value: str | None, spec: RelationSpec, arff: _DecodedArff, line: int) -> tuple[list[Any], ...] | None:
    if value is None:
        return None
    lines = re.split(r"\r\n|\r|\n", value)
    where = f"in relational attribute {spec.name!r}"
    try:
        nested_bags = frozenset(i for i, s in spec.specials.items() if isinstance(s, RelationSpec))
        data_lines, _ = translate_data(lines, 0, arff.name, nested_bags)
    except ArffError as error:
        raise ArffError(f"{where}, bag row {error.line}: {error.reason}", source=arff.name, line=line) from None
    decoder = liac_arff.ArffDecoder()
    bag_rows = []
    try:
        decoded = decoder.decode(
            spec.header + ["@data"] + data_lines, encode_nominal=arff.encode_nominal, return_type=liac_arff.DENSE_GEN
        )
        for row in decoded["data"]:
            nested = {
                i: _read_bag(_explicit(row[i], s, where, arff, line), s, arff, line)
                for i, s in spec.specials.items()
                if isinstance(s, RelationSpec)
            }
            bag_rows.append([nested[i] if i in nested else _plain(v) for i, v in enumerate(row)])
    except (liac_arff.ArffException, ValueError) as error:
        reason = _liac_reason(error) if isinstance(error, liac_arff.ArffException) else str(error)
        bag_row = decoder._current_line - len(spec.header) - 1
        raise ArffError(f"{where}, bag row {bag_row}: {reason}", source=arff.name, line=line) from None
    return tuple(bag_rows)


def _attribute(name: str, declared: Any) -> Attribute:
    if isinstance(declared, (list, tuple)):
        return Attribute(name, "nominal", tuple(declared))
    if declared == "STRING":
        return Attribute(name, "string")
    return Attribute(name, "numeric")


def _class_index(attributes: tuple[Attribute, ...], wanted: str | int | None, name: str) -> int:
    try:
        index = class_index(wanted, [a.name for a in attributes])
    except ClassAttributeError as error:
        raise ArffError(str(error), source=name) from None
    if attributes[index].type not in ("nominal", "numeric", "date"):
        raise ArffError(
            f"class attribute {attributes[index].name!r} is a {attributes[index].type} attribute; "
            "the class must be nominal, numeric or date",
            source=name,
        )
    return index


@contextmanager
def _reported_as_arff_error(decoder: liac_arff.ArffDecoder, name: str) -> Iterator[None]:
    """Turn liac-arff's exceptions into ArffError with the file's name and line."""
    try:
        yield
    except ArffError:
        raise
    except liac_arff.ArffException as error:
        # liac-arff sets error.line only for header errors; rows are read lazily
        line = error.line if error.line > 0 else decoder._current_line
        raise ArffError(_liac_reason(error), source=name, line=line or None) from None
    except ValueError as error:  # liac-arff's conversors: a bad number or escape
        raise ArffError(str(error), source=name, line=decoder._current_line or None) from None


def _liac_reason(error: liac_arff.ArffException) -> str:
    reason = str(error)
    return re.sub(r",? (?:at|in) line -?\d+\.?", "", reason).strip() or type(error).__name__
