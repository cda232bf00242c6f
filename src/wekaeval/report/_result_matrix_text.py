"""The fixed-width layouts of WEKA's result matrices read back: ``ResultMatrixPlainText`` and
``ResultMatrixSignificance`` (``toStringMatrix``, WEKA 3.8), and the rules every format shares (numbers,
enumerated names, the ``Average`` row).

Plain text pads every cell of a column to the column's widest (``getColSize`` over the data rows and the
average), right-aligned; so the columns are found from the rows themselves, left to right: each starts with
three blanks, its widest mean starts right after them, a standard deviation follows the mean in brackets,
then a blank and the significance mark (the base: `` |``).  An empty cell (no results) is blank at full
width, a column without any result is blank: four characters wide (six with standard deviations).

>>> rows = ["iris (15)   33.33 |   94.44 v    ", "labor (10)   50.00 |   90.00 *    "]
>>> [column.mean for column in plain_columns([row[row.index(")") + 1 :] for row in rows], [True, True])]
[(3, 8), (13, 18), (23, 23)]
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_NUMBER = re.compile(r"-?(?:\d+(?:\.\d+)?|Infinity|NaN|Inf)")


def number(text: str, line: int) -> float | None:
    """A printed number (``?``, ``-`` and blank: None); ValueError naming ``line`` otherwise."""
    text = text.strip().strip("'")
    if text in ("", "?", "-"):
        return None
    if not _NUMBER.fullmatch(text):
        raise ValueError(f"line {line}: {text[:200]!r} is not a cell of the matrix")
    return float(text)


@dataclass(frozen=True)
class Column:
    """Where a plain-text column's fields lie in a row's cells (after the count): ``mean`` and ``std`` as
    (start, end), ``mark`` the significance's position (None: the base, or a column without results)."""

    start: int
    mean: tuple[int, int]
    std: tuple[int, int] | None
    mark: int | None
    end: int


def plain_columns(rests: list[str], data: list[bool], width: int = 0) -> list[Column]:
    """The columns of plain-text rows (each row's text after its count; ``data[i]``: a dataset's row, not
    the average; ``width``: the rows' width, where the rule says it), read left to right; :class:`Misfit`
    where a row does not fit."""
    width = max([width] + [len(rest) for rest in rests])
    rests = [rest.ljust(width) for rest in rests]
    std = any(re.search(r"[\dyN]\(", rest) for rest in rests)
    columns: list[Column] = []
    position = 0
    while position < width:
        for i, rest in enumerate(rests):
            if rest[position : position + 3] != "   ":
                raise _misfit(i, rest, position)
        start = position + 3
        widest = {len(re.match(r"[^ (|]*", rest[start:])[0]) for rest in rests}  # type: ignore[index]
        mean_width = max(widest)
        for i, rest in enumerate(rests):
            field = rest[start : start + mean_width]
            if field.strip() and (field != field.strip().rjust(mean_width) or " " in field.strip()):
                raise _misfit(i, rest, start)
        end = start + mean_width
        std_span = None
        if std:
            closes = {rest.index(")", end) for rest in rests if rest[end : end + 1] == "("}
            if len(closes) > 1:
                raise _misfit(0, rests[0], end)
            close = closes.pop() if closes else end + 1
            std_span = (end, close + 1)
            for i, rest in enumerate(rests):
                field = rest[end : close + 1]
                if field.strip() and not (field[0] == "(" and field[-1] == ")"):
                    raise _misfit(i, rest, end)
            end = close + 1
        mark = None
        if not columns:
            if any(rest[end : end + 2] != " |" for rest in rests):
                bad = next(i for i, rest in enumerate(rests) if rest[end : end + 2] != " |")
                raise _misfit(bad, rests[bad], end)
            position = end + 2
        else:
            if any(rest[end] != " " for rest in rests):
                bad = next(i for i, rest in enumerate(rests) if rest[end] != " ")
                raise _misfit(bad, rests[bad], end)
            if any(rest[start:end].strip() for rest, is_data in zip(rests, data, strict=True) if is_data):
                mark = end + 1
                for i, rest in enumerate(rests):
                    if rest[mark] not in " v*":
                        raise _misfit(i, rest, mark)
            position = end + 1 + (mark is not None)
        columns.append(Column(start - 3, (start, start + mean_width), std_span, mark, position))
    if not columns:
        raise Misfit(0, "")
    return columns


class Misfit(ValueError):
    """A row whose text does not fit the columns: ``row`` is its index among the rows given."""

    def __init__(self, row: int, text: str) -> None:
        super().__init__(f"{text[:200]!r} is not a cell of the matrix")
        self.row = row


def _misfit(row: int, rest: str, position: int) -> Misfit:
    token = rest[position:].split()
    return Misfit(row, token[0] if token else rest[position:])


def plain_cells(
    rest: str, columns: list[Column], line: int
) -> tuple[list[float | None], list[float | None], list[str]]:
    """A row's means, standard deviations and marks, by its columns."""
    rest = rest.ljust(columns[-1].end)
    means, stds, marks = [], [], []
    for column in columns:
        means.append(number(rest[slice(*column.mean)], line))
        stds.append(None if column.std is None else number(rest[slice(*column.std)].strip("() "), line))
        marks.append("" if column.mark is None else rest[column.mark].strip())
    return means, stds, marks


_COUNT = re.compile(r" *\(\d+\)|\(\d{4}")  # "(15)" right-aligned in 5 characters, or "(1000)" cut to 5


def count_end(row: str, hint: int | None) -> int | None:
    """Where a plain-text row's count field (5 characters, ``(15)`` right-aligned) ends: at ``hint`` when it
    fits there, else the first place it fits; None if nowhere."""
    candidates = ([hint] if hint is not None else []) + list(range(5, len(row) + 1))
    for end in candidates:
        if _COUNT.fullmatch(row[end - 5 : end]) and row[end : end + 3] in ("   ", ""):
            return end
    return None


def enumerated(labels: list[str], left: str = "(", right: str = ")") -> tuple[list[str], list[int]] | None:
    """Labels WEKA numbered (``(1) iris`` or ``(1)``: ``-enum-row-names``, or row names not printed; CSV
    numbers ``[1]``, GNUPlot ``1``): the names (the label itself where no name follows) and the numbers;
    None unless every label is numbered and the numbers are 1..n in some order."""
    pattern = re.compile(rf"{re.escape(left)}(\d+){re.escape(right)}(?: (.*))?", re.S)
    matches = [pattern.fullmatch(label) for label in labels]
    if not labels or not all(matches):
        return None
    numbers = [int(match[1]) for match in matches if match]
    if sorted(numbers) != list(range(1, len(labels) + 1)):
        return None
    return [match[2] if match[2] is not None else match[0] for match in matches if match], numbers


def is_average(means: list[float | None], columns_means: list[list[float | None]], decimals: int) -> bool:
    """Whether a row whose text cannot say it (named ``Average``, last) holds the columns' averages: each
    printed value within a printed unit of the mean of the printed values above it (WEKA averages the
    unrounded means)."""
    tolerance = 10.0**-decimals * 1.0001 + 1e-9
    for value, column in zip(means, columns_means, strict=True):
        present = [v for v in column if v is not None]
        if value is None:
            return False
        if not present:
            if value == value:  # WEKA prints NaN for a column without values
                return False
            continue
        average = sum(present) / len(present)
        if not abs(value - average) <= tolerance + abs(average) * 1e-12:
            return False
    return True


def decimals_of(texts: list[str]) -> int:
    """The most fraction digits among printed numbers (0 for none)."""
    return max((len(text.split(".")[1]) for text in texts if "." in text), default=0)


def significance_marks(header: str, starts: list[int], rows: list[str], first_line: int) -> list[tuple[str, ...]]:
    """The marks of Significance-only rows, the columns' names starting at ``starts`` in the header.

    A row prints ``"  " + mark`` and blanks up to the next column, the mark under the second character of
    the column's name; an empty cell prints no mark, so the marks after it sit one place left: a row
    ``missing`` characters shorter than the header has that many empty cells."""
    result = []
    for offset, row in enumerate(rows):
        missing = max(0, len(header) - len(row))
        marks = [""] * len(starts)
        shift_floor = 0
        for position, char in enumerate(row):
            if len(starts) < 2 or position < starts[1] or char == " ":
                continue
            if char not in "v*":
                raise ValueError(f"line {first_line + offset}: {char!r} is not a mark of the matrix")
            candidates = [
                k
                for k in range(1, len(starts))
                if shift_floor <= starts[k] + 1 - position <= min(missing, k - 1) and not marks[k]
            ]
            if len(candidates) != 1:
                raise ValueError(
                    f"line {first_line + offset}: the mark at character {position + 1} is under no column "
                    "(or under more than one: empty cells shift the marks after them)"
                )
            marks[candidates[0]] = char
            shift_floor = starts[candidates[0]] + 1 - position
        result.append(tuple(marks))
    return result


def marks_of(texts: list[str]) -> tuple[str, ...]:
    table = {"v": "v", "*": "*", "$\\circ$": "v", "$\\bullet$": "*"}
    return tuple(table.get(text.strip().strip("'"), "") for text in texts)


def count_texts(schemes: tuple[str, ...], texts: list[str]) -> dict[str, tuple[int, int, int]] | None:
    """The ``(v/ /*)`` row: a scheme whose count WEKA's layout overwrote (narrow columns) is left out."""
    found = [re.search(r"[(\[](\d+)/(\d+)/(\d+)[)\]]", text) for text in texts]
    if not any(found):
        return None
    result = {}
    for scheme, match in zip(schemes[1:], found, strict=False):
        if match is not None:
            result[scheme] = (int(match[1]), int(match[2]), int(match[3]))
    return result


def key_names(lines: list[str], start: int, left: str = "(", right: str = ")") -> dict[int, str]:
    """``toStringKey`` of plain text (``(1) name``; GNUPlot's copy numbers ``1 name``), after ``Key:``."""
    names: dict[int, str] = {}
    pattern = re.compile(rf"^{re.escape(left)}(\d+){re.escape(right)} (.*)$")
    inside = False
    for line in lines[start:]:
        if line == "Key:":
            inside, names = True, {}
            continue
        match = pattern.match(line) if inside else None
        if match:
            names[int(match[1])] = match[2]
        elif inside and names:
            break
    return names


def scheme_names(heads: list[str], key: dict[int, str], left: str = "(", right: str = ")") -> tuple[str, ...]:
    """The schemes by their header names: the key's full name where the header's number (``(2) trees.J``)
    names one, or where a header cut short (``-col-name-width``) begins only one key entry; else as printed."""
    names = []
    for head in heads:
        match = re.match(rf"{re.escape(left)}(\d+){re.escape(right)}(?: |$)", head)
        if match and int(match[1]) in key:
            names.append(key[int(match[1])])
            continue
        found = [n for n, full in key.items() if head and f"{left}{n}{right} {full}".startswith(head)]
        names.append(key[found[0]] if len(found) == 1 else head)
    return tuple(names)


def dataset_names(labels: list[str], left: str = "(", right: str = ")") -> tuple[str, ...]:
    numbered = enumerated(labels, left, right)
    return tuple(numbered[0] if numbered else labels)


def average_last(
    datasets: list[str], means: list[list[float | None]], blank_rest: bool, decisive: bool, texts: list[str]
) -> bool:
    """Whether the last row is ``-show-avg``'s ``Average``: named so, every mean printed, the other cells
    blank; where the text cannot tell it from a data set of that name (``decisive`` False), the values must
    also be the averages of the rows above."""
    if len(datasets) < 2 or datasets[-1] != "Average" or not blank_rest:
        return False
    if any(value is None for value in means[-1]):
        return False
    if decisive:
        return True
    columns = [[row[j] for row in means[:-1]] for j in range(len(means[-1]))]
    return is_average(means[-1], columns, decimals_of(texts))


def column_groups(total: int, std: bool) -> list[tuple[int, int]]:
    """Each column's (first cell, cells) in a row of ``toArray``: the base mean [std], then mean [std] mark."""
    size = 3 if std else 2
    groups = [(1, size - 1)]
    while groups[-1][0] + groups[-1][1] < total:
        groups.append((groups[-1][0] + groups[-1][1], size))
    return groups
