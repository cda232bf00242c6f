"""ARFF files in WEKA's dialect: what ``weka.core.converters.ArffLoader`` reads.

Built on liac-arff, which this module feeds after translating the parts of
WEKA's dialect that liac-arff rejects or reads differently:

* ``%`` starts a comment anywhere outside quotes, also after a declaration
  or a data row (WEKA's own supermarket.arff has one after a declaration);
* an instance weight in braces after a dense or sparse row,
  ``1,2,x,{0.5}`` or ``{0 1, 2 x} {0.5}``;
* ``integer`` and ``real`` attributes hold doubles, as ``numeric`` ones do;
* ``date`` attributes are read as text, and a date class as WEKA's
  milliseconds since the epoch (see :mod:`wekaeval.arffdates`);
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
from dataclasses import dataclass
from datetime import tzinfo
from typing import IO, Any

import arff as liac_arff
import numpy as np

from .arffdates import DateParser, DatePatternError, resolve_timezone
from .errors import ArffError
from .textsource import read_text

__all__ = ["Attribute", "Dataset", "load_arff", "read_arff_rows"]


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
        The class attribute, by name or by 0-based index (negative counts from
        the end).  The last attribute when omitted, as on WEKA's command line.
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


# -- reading ------------------------------------------------------------------


@dataclass(frozen=True)
class _DateSpec:
    """A date attribute: its SimpleDateFormat pattern (None: WEKA's default) and its declaration's line."""

    pattern: str | None
    line: int


@dataclass(frozen=True)
class _RelationSpec:
    """A relational attribute: the nested header as liac-arff reads it, its special attributes, its line."""

    name: str
    header: list[str]
    specials: dict[int, Any]
    line: int


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

    def errors_reported(self) -> Any:
        """A context in which liac-arff's errors on the rows become ArffError naming the line."""
        return _reported_as_arff_error(self.decoder, self.name)


def _decode(source: Any, *, encode_nominal: bool, encoding: str) -> _DecodedArff:
    """Read ``source``, translate WEKA's dialect for liac-arff and decode its header."""
    name, text = _read_text(source, encoding)
    lines = re.split(r"\r\n|\r|\n", text)
    header_lines, data_start, specials = _translate_header(lines, name)
    data_lines, weights = _translate_data(lines[data_start:], data_start, name)
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
        if isinstance(special, _DateSpec):
            out.append(Attribute(attr_name, "date", date_format=special.pattern))
        elif isinstance(special, _RelationSpec):
            decoder = liac_arff.ArffDecoder()
            with _reported_as_arff_error(decoder, name):
                nested = decoder.decode(special.header + ["@data"], return_type=liac_arff.DENSE)
            out.append(Attribute(attr_name, "relational", relation=_attributes(nested["attributes"],
                                                                                special.specials, name)))
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


# -- dates and bags in the rows -------------------------------------------------


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
                source=arff.name, line=line,
            )
        return parsed

    return parse


def _check_bags(arff: _DecodedArff, row: Any, line: int) -> dict[int, tuple[list[Any], ...] | None]:
    """Each relational value of a row read as WEKA's nested reader does: index -> tuple of rows (None if missing)."""
    bags = {}
    for index, spec in arff.specials.items():
        if isinstance(spec, _RelationSpec):
            bags[index] = _read_bag(row[index], spec, arff, line)
    return bags


def _read_bag(value: str | None, spec: _RelationSpec, arff: _DecodedArff, line: int) -> tuple[list[Any], ...] | None:
    if value is None:
        return None
    lines = re.split(r"\r\n|\r|\n", value)
    where = f"in relational attribute {spec.name!r}"
    try:
        data_lines, _ = _translate_data(lines, 0, arff.name)
    except ArffError as error:
        raise ArffError(f"{where}, bag row {error.line}: {error.reason}", source=arff.name, line=line) from None
    decoder = liac_arff.ArffDecoder()
    bag_rows = []
    try:
        decoded = decoder.decode(spec.header + ["@data"] + data_lines, encode_nominal=arff.encode_nominal,
                                 return_type=liac_arff.DENSE_GEN)
        for row in decoded["data"]:
            nested = {i: _read_bag(row[i], s, arff, line) for i, s in spec.specials.items()
                      if isinstance(s, _RelationSpec)}
            bag_rows.append([nested[i] if i in nested else _plain(v) for i, v in enumerate(row)])
    except (liac_arff.ArffException, ValueError) as error:
        reason = _liac_reason(error) if isinstance(error, liac_arff.ArffException) else str(error)
        bag_row = decoder._current_line - len(spec.header) - 1
        raise ArffError(f"{where}, bag row {bag_row}: {reason}", source=arff.name, line=line) from None
    return tuple(bag_rows)


# -- WEKA's dialect -> liac-arff ------------------------------------------------

_DECLARATION = re.compile(r"(?i)^\s*(@relation|@attribute|@data|@end)(?=\s|$)\s*(.*)$")
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


def _translate_header(lines: list[str], name: str) -> tuple[list[str], int, dict[int, Any]]:
    """Header lines rewritten for liac-arff, the index of the first data line, the date and relational attributes."""
    out: list[str] = []
    specials: dict[int, Any] = {}
    count = 0
    number = 0
    while number < len(lines):
        line = _strip_comment(lines[number]).strip()
        match = _DECLARATION.match(line)
        if not match:
            out.append(line)
            number += 1
            continue
        keyword, rest = match.group(1).lower(), match.group(2)
        if keyword == "@data":
            out.append("@data")
            return out, number + 1, specials
        if keyword == "@end":
            raise ArffError(f"{line} without a relational attribute to end", source=name, line=number + 1)
        if keyword == "@attribute":
            rest, special, used = _translate_attribute(lines, number, rest, name)
            out.append(f"@attribute {rest}")
            out.extend([""] * (used - 1))  # a bag's nested lines: liac-arff's line numbers stay the file's
            if special is not None:
                specials[count] = special
            count += 1
            number += used
            continue
        out.append(f"{keyword} {rest}")
        number += 1
    last_line = len(lines) - (lines[-1] == "")  # a final newline ends the last line, it starts none
    raise ArffError("no @data section", source=name, line=last_line)


def _unquoted(text: str) -> str:
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        return re.sub(r"\\(.)", r"\1", text[1:-1])
    return text


def _translate_attribute(lines: list[str], number: int, declaration: str, name: str) -> tuple[str, Any, int]:
    """The declaration as liac-arff reads it, its date or relational spec (or None), the lines it spans."""
    match = _ATTRIBUTE_TYPE.match(declaration)
    if not match:
        return declaration, None, 1  # liac-arff reports the bad declaration with its line
    attr_name, attr_type = match.groups()
    words = attr_type.split(None, 1)
    keyword = words[0].lower() if words else ""
    if keyword in ("integer", "real"):
        return f"{attr_name} numeric", None, 1
    if keyword == "date":  # read as text; a date class is parsed by load_arff
        token = re.match(_NAME, words[1].strip()) if len(words) > 1 else None  # not a {weight}
        pattern = token.group() if token and not token.group().startswith("{") else None
        return f"{attr_name} string", _DateSpec(pattern and _unquoted(pattern), number + 1), 1
    if keyword == "relational":
        return _translate_relational(lines, number, attr_name, name)
    return declaration, None, 1


def _translate_relational(lines: list[str], number: int, attr_name: str, name: str) -> tuple[str, Any, int]:
    """``@attribute bag relational`` up to ``@end bag``: a string attribute for liac-arff, the nested header."""
    header = ["@relation nested"]
    specials: dict[int, Any] = {}
    count = 0
    current = number + 1
    while current < len(lines):
        line = _strip_comment(lines[current]).strip()
        match = _DECLARATION.match(line)
        if not line:
            current += 1
            continue
        keyword = match.group(1).lower() if match else None
        if keyword == "@attribute":
            rest, special, used = _translate_attribute(lines, current, match.group(2), name)
            header.append(f"@attribute {rest}")
            if special is not None:
                specials[count] = special
            count += 1
            current += used
            continue
        if keyword == "@end" and _unquoted(match.group(2).strip()).lower() == _unquoted(attr_name).lower():
            spec = _RelationSpec(_unquoted(attr_name), header, specials, number + 1)
            return f"{attr_name} string", spec, current - number + 1
        break
    at_end = current >= len(lines)
    line = len(lines) - (lines[-1] == "") if at_end else current + 1  # the offending line, or the last one
    raise ArffError(
        f"relational attribute {attr_name} (line {number + 1}) must be terminated by @end {attr_name}",
        source=name, line=line,
    )


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
    if declared == "STRING":
        return Attribute(name, "string")
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
