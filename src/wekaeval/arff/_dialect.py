"""WEKA's ARFF dialect, line by line, rewritten into what liac-arff reads (the scanning half of :mod:`wekaeval.arff`).

``translate_header`` strips comments, maps ``integer``/``real`` to ``numeric``,
reads ``date`` and ``relational`` attributes as string attributes for liac-arff
and keeps what they declare (:class:`DateSpec`, :class:`RelationSpec`);
``translate_data`` strips comments and instance weights from data rows.  Both
keep one output line per input line, so liac-arff's line numbers are the file's.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from wekaeval.errors import ArffError


@dataclass(frozen=True)
class DateSpec:
    """A date attribute: its SimpleDateFormat pattern (None: WEKA's default) and its declaration's line."""

    pattern: str | None
    line: int


@dataclass(frozen=True)
class RelationSpec:
    """A relational attribute: the nested header as liac-arff reads it, its special attributes, its line."""

    name: str
    header: list[str]
    specials: dict[int, Any]
    line: int


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


def translate_header(lines: list[str], name: str) -> tuple[list[str], int, dict[int, Any]]:
    """Header lines rewritten for liac-arff, the index of the first data line, the date and relational attributes."""
    out: list[str] = []
    specials: dict[int, Any] = {}
    count = 0
    number = 0
    while number < len(lines):
        line = _strip_comment(lines[number]).strip()
        match = _DECLARATION.match(line)
        if not match:
            if line:  # WEKA's header holds declarations, comments and blank lines only
                word = line.split(None, 1)[0]
                what = f"unknown declaration {word!r}" if word.startswith("@") else f"{line[:40]!r} is no declaration"
                raise ArffError(f"{what}: expected @relation, @attribute or @data", source=name, line=number + 1)
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
        return f"{attr_name} string", DateSpec(pattern and _unquoted(pattern), number + 1), 1
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
        if match is None:
            break
        keyword = match.group(1).lower()
        if keyword == "@attribute":
            rest, special, used = _translate_attribute(lines, current, match.group(2), name)
            header.append(f"@attribute {rest}")
            if special is not None:
                specials[count] = special
            count += 1
            current += used
            continue
        if keyword == "@end" and _unquoted(match.group(2).strip()).lower() == _unquoted(attr_name).lower():
            spec = RelationSpec(_unquoted(attr_name), header, specials, number + 1)
            return f"{attr_name} string", spec, current - number + 1
        break
    at_end = current >= len(lines)
    offending = len(lines) - (lines[-1] == "") if at_end else current + 1  # the offending line, or the last one
    raise ArffError(
        f"relational attribute {attr_name} (line {number + 1}) must be terminated by @end {attr_name}",
        source=name,
        line=offending,
    )


#: What a sparse row that leaves a relational attribute out holds there after translate_data (a lone NUL).
IMPLICIT_BAG = "\0"


def translate_data(
    lines: list[str], offset: int, name: str, bags: frozenset[int] = frozenset()
) -> tuple[list[str], list[float]]:
    """Data lines without comments and instance weights; the weight of each instance.

    A sparse row that leaves out one of the relational attributes ``bags`` gets
    :data:`IMPLICIT_BAG` there, so the reader can give it WEKA's value (liac-arff
    would give the text ``"0"``).
    """
    out = []
    weights = []
    for number, raw in enumerate(lines, start=offset + 1):
        line = _strip_comment(raw).strip()
        if not line:
            out.append("")
            continue
        row, weight = _split_weight(line, name, number)
        if bags and row.startswith("{"):
            absent = sorted(bags - _sparse_indices(row))
            if absent:
                filler = ", ".join(f"{index} '\\0'" for index in absent)
                row = f"{row[:-1].rstrip()}{', ' if row[1:-1].strip() else ''}{filler}}}"
        out.append(row)
        weights.append(weight)
    return out, weights


def _sparse_indices(row: str) -> set[int]:
    """The attribute indices a sparse row ``{i v, ...}`` gives values for."""
    inner = row[1:-1]
    cuts = [-1] + [i for i, char in _outside_quotes(inner) if char == ","] + [len(inner)]
    indices = set()
    for start, end in zip(cuts, cuts[1:], strict=False):
        words = inner[start + 1 : end].split(None, 1)
        if words and words[0].isdigit():
            indices.add(int(words[0]))
    return indices


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
