"""WEKA's printed Experimenter analysis read back: :func:`read_result_matrix` reads the result matrix in each output
format of ``weka.experiment.ResultMatrix`` (``ResultMatrixPlainText``, ``...CSV``, ``...Latex``, ``...HTML``,
``...GnuPlot``, ``...Significance``) into a :class:`PrintedResultMatrix`.

The layouts are those of ``ResultMatrix.toStringMatrix`` and ``toStringKey`` in each subclass (WEKA 3.8): a
row per dataset, a column per scheme (the first the base), each cell a mean, optionally a standard deviation
in brackets and a significance mark (``v`` better than the base, ``*`` worse; LaTeX's ``$\\circ$`` and
``$\\bullet$``), then the ``(v/ /*)`` counts.  What a format does not print is None.
"""

from __future__ import annotations

import csv
import html
import os
import re
from dataclasses import dataclass
from typing import IO

from wekaeval._textsource import MAX_LINE, TextSource
from wekaeval.errors import WekaOutputError
from wekaeval.report._result_matrix_text import (
    Misfit,
    average_last,
    column_groups,
    count_end,
    count_texts,
    dataset_names,
    key_names,
    marks_of,
    plain_cells,
    plain_columns,
    scheme_names,
    significance_marks,
)
from wekaeval.report._result_matrix_text import (
    number as _number_text,
)

__all__ = ["PrintedResultMatrix", "read_result_matrix", "RESULT_MATRIX_FORMATS"]

#: The formats :func:`read_result_matrix` reads, by the names ``wekaeval.ttest(...).to_text(format)`` takes.
RESULT_MATRIX_FORMATS = ("plain", "csv", "latex", "html", "gnuplot", "significance")

_Row = tuple[float | None, ...]


@dataclass(frozen=True)
class PrintedResultMatrix:
    """A printed result matrix: ``datasets`` (rows) and ``schemes`` (columns, the base first as WEKA prints
    it) with, per dataset and scheme, ``means``, ``std_devs`` and ``marks`` (``"v"``, ``"*"`` or ``""``; the
    base's always ``""``), ``runs`` (the ``(15)`` of plain text: results per dataset; None where WEKA cut
    it, 1000 and more), ``counts`` (scheme -> ``(wins, ties, losses)``, the ``(v/ /*)`` row, the base left
    out, a count WEKA's layout overwrote left out too) and ``averages`` (``-show-avg``'s ``Average`` row:
    each scheme's mean over the datasets, None for a scheme without any (WEKA prints NaN); None without the
    row).  An empty cell (a scheme without results on
    a dataset) reads as None mean and standard deviation and mark ``""``.  A field the format does not print
    is None: GNUPlot prints no marks, Significance only marks; a scheme's name is the key's full name where
    the text has a key, else the header's (perhaps cut) name; a dataset's name is as printed (perhaps cut),
    without WEKA's numbering, or the number ``(1)`` itself where names are not printed."""

    source: str
    format: str
    datasets: tuple[str, ...]
    schemes: tuple[str, ...]
    means: tuple[_Row, ...] | None
    std_devs: tuple[_Row, ...] | None
    marks: tuple[tuple[str, ...], ...] | None
    runs: tuple[int | None, ...] | None
    counts: dict[str, tuple[int, int, int]] | None
    averages: _Row | None = None

    def __post_init__(self) -> None:
        if self.averages is not None:  # WEKA prints NaN for the average of a column without values
            object.__setattr__(self, "averages", tuple(None if v is None or v != v else v for v in self.averages))

    def mean(self, dataset: int | str, scheme: int | str) -> float | None:
        """The printed mean of ``scheme`` on ``dataset`` (by index or name)."""
        if self.means is None:
            raise WekaOutputError(f"a {self.format} result matrix prints no means", source=self.source, line=1)
        return self.means[_index(dataset, self.datasets)][_index(scheme, self.schemes)]


def _index(key: int | str, names: tuple[str, ...]) -> int:
    if isinstance(key, int):
        return key
    return names.index(key)


def read_result_matrix(source: str | os.PathLike | IO, *, encoding: str = "utf-8") -> PrintedResultMatrix:
    """Read WEKA's printed Experimenter analysis: a result matrix in any of WEKA's output formats.

    Parameters
    ----------
    source : path, file object or str
        A path, an open file, or the text itself (a ``str`` with a newline).
        Lines before the matrix (the analysis's ``Tester:`` ... ``Date:``
        header) are passed over.
    encoding : str, default "utf-8"
        The file's encoding, or ``"auto"`` (see :func:`read_weka_output`).

    Returns
    -------
    PrintedResultMatrix

    Raises
    ------
    WekaOutputError
        If no result matrix is found, or a row does not read; the message
        names the line.

    Examples
    --------
    >>> from wekaeval import read_result_matrix, ttest
    >>> analysis = ttest("docs/examples/experiment.arff", show_std_devs=True)
    >>> matrix = read_result_matrix(analysis.to_text("latex"))
    >>> matrix.datasets, matrix.means[0], matrix.marks[0]
    (('iris', 'picnic', 'eyewear'), (33.33, 94.44, 95.11), ('', 'v', 'v'))
    """
    if isinstance(source, str) and ("\n" in source or "\r" in source):
        name, text = "<text>", source
    else:
        reader = TextSource(source, WekaOutputError, encoding=encoding, max_line=MAX_LINE)
        name, text = reader.name, "".join(reader.pieces())
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for number, line in enumerate(lines):
        for format, start in _STARTS:
            if start(line, lines[number + 1 : number + 3]):
                try:
                    return _READERS[format](name, lines, number)
                except Exception as error:  # noqa: BLE001 - whatever a text breaks, the reader says where
                    if not isinstance(error, ValueError):
                        error = ValueError(f"{type(error).__name__} {error}".strip())
                    where = re.match(r"line (\d+): ", str(error))
                    raise WekaOutputError(
                        f"not a {format} result matrix of WEKA's: {str(error)[where.end() if where else 0 :]}",
                        source=name,
                        line=int(where[1]) if where else number + 1,
                    ) from None
    raise WekaOutputError("no result matrix of WEKA's Experimenter here", source=name, line=1)


def _float(text: str, line: int = 0) -> float | None:
    return _number_text(text, line)


# -- plain text and significance ---------------------------------------------------------------------------------


def _is_rule(line: str, width: int) -> bool:
    return width > 0 and line == "-" * width


def _name_field(header: str) -> int | None:
    """The width of the header's ``Dataset`` field (cut or padded to the first row's name field)."""
    match = re.match(r"\S* +", header)
    return None if match is None else match.end() - 1


def _plain(name: str, lines: list[str], first: int) -> PrintedResultMatrix:
    header, width = lines[first], len(lines[first + 1])
    number = first + 2
    rows = []
    while number < len(lines) and not _is_rule(lines[number], width):
        rows.append(number)
        number += 1
    if number >= len(lines):
        raise ValueError("the matrix ends without its closing rule")
    if not rows:
        raise ValueError(f"line {number + 1}: a matrix without rows")
    average = number + 1 if number + 2 < len(lines) and _is_rule(lines[number + 2], width) else None
    footer = lines[(average + 2) if average is not None else number + 1] if number + 1 < len(lines) else ""
    field = _name_field(header)
    first_end = count_end(lines[rows[0]], None if field is None else field + 5)
    ends = []
    for row in rows:
        end = count_end(lines[row], first_end)
        if end is None:
            found = re.search(r"\(\d+\)\s*(\S*)", lines[row])
            text = found[1] if found and found[1] else lines[row]
            raise ValueError(f"line {row + 1}: {text[:200]!r} is not a cell of the matrix")
        ends.append(end)
    first_end = ends[0]
    rests = [lines[row][end:] for row, end in zip(rows, ends, strict=True)]
    if average is not None:
        bar = rests[0].find("|")
        text = lines[average]
        candidates = [
            end for end in (first_end, 12) if text[end - 5 : end + 3].strip() == "" and text[end:].find("|") == bar
        ]
        if not candidates:
            raise ValueError(f"line {average + 1}: {text[:200]!r} is not the average row of the matrix")
        rests.append(text[candidates[0] :])
    data = [True] * len(rows) + ([False] if average is not None else [])
    try:
        columns = plain_columns(rests, data, width - first_end)
    except Misfit as error:
        line = (rows[error.row] if error.row < len(rows) else average or 0) + 1
        raise ValueError(f"line {line}: {error}") from None
    means, stds, marks, runs = [], [], [], []
    for row, end, rest in zip(rows, ends, rests, strict=False):
        row_means, row_stds, row_marks = plain_cells(rest, columns, row + 1)
        means.append(tuple(row_means))
        stds.append(tuple(row_stds))
        marks.append(tuple(row_marks))
        count = lines[row][end - 5 : end].strip()
        runs.append(int(count[1:-1]) if count.endswith(")") else None)  # "(1000" is cut: 1000 or more
    averages = None
    if average is not None:
        averages = tuple(plain_cells(rests[-1], columns, average + 1)[0])
    starts = [first_end - 4] + [first_end + column.start + 1 for column in columns[1:]]
    bounds = [first_end + column.start - 2 for column in columns[1:2]] + starts[2:] + [max(width, len(header))]
    heads = [header[start:bound].rstrip() for start, bound in zip(starts, bounds, strict=True)]
    schemes = scheme_names(heads, key_names(lines, number + 1))
    count_texts = []
    for column in columns[1:]:
        stop = first_end + (column.std or column.mean)[1] + 2
        count_texts.append(re.search(r"\(\d+/\d+/\d+\)$", footer[:stop]))
    counts = {
        scheme: (int(a), int(b), int(c))
        for scheme, found in zip(schemes[1:], count_texts, strict=True)
        if found is not None
        for a, b, c in [found[0][1:-1].split("/")]
    }
    std_shown = columns[0].std is not None
    return PrintedResultMatrix(
        name,
        "plain",
        dataset_names([lines[row][: end - 5].rstrip() for row, end in zip(rows, ends, strict=True)]),
        schemes,
        tuple(means),
        tuple(stds) if std_shown else None,
        tuple(marks),
        tuple(runs),
        counts or None,
        averages,
    )


def _significance(name: str, lines: list[str], first: int) -> PrintedResultMatrix:
    header = lines[first]
    field = _name_field(header)
    if field is None:
        raise ValueError(f"line {first + 1}: no column names")
    number = first + 2
    rows = []
    while number < len(lines) and lines[number].strip():
        rows.append(lines[number])
        number += 1
    key = key_names(lines, number)
    start = field + 1
    found = [(start + m.start(), int(m[1])) for m in re.finditer(r" \((\d+)\)(?= |$)", " " + header[start:])]
    starts = [position for position, n in found if n in key]
    if not key or sorted(n for _, n in found if n in key) != sorted(key) or not starts or starts[0] != start:
        starts = [start] + [i + 1 for i in range(start, len(header) - 1) if header[i] == " " and header[i + 1] != " "]
    bounds = [*starts[1:], len(header) + 1]
    heads = [header[s : b - 1].rstrip() for s, b in zip(starts, bounds, strict=True)]
    marks = significance_marks(header, starts, rows, first + 3)
    return PrintedResultMatrix(
        name,
        "significance",
        dataset_names([row[:field].rstrip() for row in rows]),
        scheme_names(heads, key),
        None,
        None,
        tuple(marks),
        None,
        None,
    )


# -- CSV ------------------------------------------------------------------------------------------------------------


def _csv_rows(lines: list[str]) -> list[list[str]]:
    return list(csv.reader(lines, quotechar="'", escapechar="\\"))


def _cells_of(
    texts: list[str], groups: list[tuple[int, int]], std: bool, line: int
) -> tuple[_Row, _Row, tuple[str, ...]]:
    parts = [texts[s : s + n] for s, n in groups]
    means = tuple(_float(part[0], line) for part in parts)
    stds = tuple(_float(part[1].lstrip("±").strip(), line) if std else None for part in parts)
    return means, stds, ("", *marks_of([part[-1] for part in parts[1:]]))


def _csv(name: str, lines: list[str], first: int) -> PrintedResultMatrix:
    end = first
    while end < len(lines) and lines[end].strip():
        end += 1
    rows = _csv_rows(lines[first:end])
    header = rows[0]
    std = len(header) > 2 and header[2] == ""
    groups = column_groups(len(header), std)
    if groups[-1][0] + groups[-1][1] != len(header):
        raise ValueError(
            f"line {first + 1}: {len(header)} header cells, not a matrix of {'3' if std else '2'} per column"
        )
    body, counts_row = [], None
    for offset, row in enumerate(rows[1:], first + 2):
        if row and row[0] in ("[v/ /*]", "(v/ /*)"):
            counts_row = row
            continue
        if len(row) != len(header):
            raise ValueError(f"line {offset}: {len(row)} cells, the header has {len(header)}")
        body.append((offset, row))
    if not body:
        raise ValueError(f"line {first + 1}: a matrix without rows")
    datasets = [row[0] for _, row in body]
    cells = [_cells_of(row, groups, std, offset) for offset, row in body]
    last = body[-1][1]
    blank = all(last[s + n - 1] == "" for s, n in groups[1:]) and (not std or all(last[s + 1] == "" for s, _ in groups))
    has_average = average_last(datasets, [list(c[0]) for c in cells], blank, True, [])
    averages = cells.pop()[0] if has_average else None
    if has_average:
        datasets.pop()
    keys = {}
    for row in _csv_rows([line for line in lines[end:] if line.strip()]):
        if len(row) >= 2 and re.fullmatch(r"\[\d+\]", row[0]):
            keys[int(row[0][1:-1])] = row[1]
    schemes = scheme_names([header[s] for s, _ in groups], keys, "[", "]")
    counts = None if counts_row is None else count_texts(schemes, [counts_row[s + n - 1] for s, n in groups[1:]])
    return PrintedResultMatrix(
        name,
        "csv",
        dataset_names(datasets, "[", "]"),
        schemes,
        tuple(c[0] for c in cells),
        tuple(c[1] for c in cells) if std else None,
        tuple(c[2] for c in cells),
        None,
        counts,
        averages,
    )


# -- HTML -----------------------------------------------------------------------------------------------------------


def _html_rows(lines: list[str], first: int) -> tuple[list[list[tuple[str, int, str]]], int, list[int]]:
    """Each ``<tr>``'s cells: (text without tags, columns spanned, the content as printed: WEKA prints names
    into the page as they are, unescaped), the line of ``</table>`` and each row's line (from 1)."""
    rows, numbers = [], []
    number = first + 1
    while number < len(lines) and "</table>" not in lines[number]:
        cells = re.findall(r"<td([^>]*)>(.*?)</td>", lines[number])
        if cells:
            parsed = []
            for attributes, content in cells:
                span = re.search(r'colspan="(\d+)"', attributes)
                text = html.unescape(re.sub(r"<[^>]+>", "", content)).replace("\xa0", " ")
                parsed.append((text.strip(), int(span[1]) if span else 1, content))
            rows.append(parsed)
            numbers.append(number + 1)
        number += 1
    return rows, number, numbers


def _html(name: str, lines: list[str], first: int) -> PrintedResultMatrix:
    rows, end, numbers = _html_rows(lines, first)
    if not rows:
        raise ValueError(f"line {first + 1}: a table without rows")
    header = rows[0]
    std = len(header) > 1 and header[1][1] == 2
    total = sum(span for _, span, _ in header)
    groups = column_groups(total, std)
    if [n for _, n in groups] != [span for _, span, _ in header[1:]]:
        raise ValueError(f"line {numbers[0]}: the header's column spans are not a matrix's")
    body, counts_row = [], None
    for number, row in zip(numbers[1:], rows[1:], strict=True):
        texts = [text for text, _, _ in row]
        if texts and texts[0] == "(v/ /*)":
            counts_row = texts
            continue
        if len(texts) != total:
            raise ValueError(f"line {number}: {len(texts)} cells, the header spans {total}")
        body.append((row[0][2], texts, number))
    if not body:
        raise ValueError(f"line {first + 1}: a matrix without rows")
    datasets = [label for label, _, _ in body]
    cells = [_cells_of(texts, groups, std, number) for _, texts, number in body]
    last = body[-1][1]
    blank = all(last[s + n - 1] == "" for s, n in groups[1:]) and (not std or all(last[s + 1] == "" for s, _ in groups))
    texts = [t for _, row, _ in body for s, _ in groups for t in [row[s]]]
    has_average = average_last(datasets, [list(c[0]) for c in cells], blank, std, texts)
    averages = cells.pop()[0] if has_average else None
    if has_average:
        datasets.pop()
    key_rows = _html_rows(lines, end + 1)[0] if any("<table" in line for line in lines[end + 1 :]) else []
    keys = {int(r[0][0][1:-1]): r[1][2] for r in key_rows if len(r) == 2 and re.fullmatch(r"\(\d+\)", r[0][0])}
    schemes = scheme_names([text for text, _, _ in header[1:]], keys)
    counts = None if counts_row is None else count_texts(schemes, [counts_row[s + n - 1] for s, n in groups[1:]])
    return PrintedResultMatrix(
        name,
        "html",
        dataset_names(datasets),
        schemes,
        tuple(c[0] for c in cells),
        tuple(c[1] for c in cells) if std else None,
        tuple(c[2] for c in cells),
        None,
        counts,
        averages,
    )


# -- LaTeX ----------------------------------------------------------------------------------------------------------


def _latex_cells(line: str) -> list[str]:
    return line.rstrip().removesuffix("\\\\").split("&")


def _latex_text(text: str) -> str:
    return re.sub(r"\\([_%$&#{}])", r"\1", text)


def _latex(name: str, lines: list[str], first: int) -> PrintedResultMatrix:
    number = first
    while not lines[number].startswith("{\\centering \\begin{tabular}{"):
        number += 1
    spec = lines[number][len("{\\centering \\begin{tabular}{") :].rstrip().removesuffix("}")
    std = spec.startswith("lr@{\\hspace{0cm}}c@{\\hspace{0cm}}r")
    count = 1 + spec.count("r@{\\hspace{0.1cm}}c")
    while not lines[number].startswith("Dataset &"):
        number += 1
    head = lines[number].rstrip().removesuffix("\\\\")[len("Dataset &") :]
    if std:  # "\multicolumn{3}{c}{name}& \multicolumn{4}{c}{name} & ..."
        pieces = re.split(r"\\multicolumn\{[34]\}\{c\}\{", head)
        heads = [piece.rstrip(" &").removesuffix("}") for piece in pieces[1:]] if not pieces[0].strip() else []
    else:  # "name& name & & name & "
        pieces = head.split("&")
        heads = [pieces[0]] + pieces[1::2] if len(pieces) == 2 * count - 1 else []
    heads = [h.strip() for h in heads]
    if len(heads) != count:
        raise ValueError(f"line {number + 1}: the header does not name {count} columns")
    base, other = (3, 4) if std else (1, 2)  # mean [& $\pm$ & std] [& mark]
    groups = [(1, base)] + [(1 + base + other * j, other) for j in range(count - 1)]
    size = 1 + base + other * (count - 1)
    datasets, cells = [], []
    number += 2
    averages = None
    while number < len(lines):
        line = lines[number]
        if line.startswith("\\hline"):
            if number + 2 < len(lines) and lines[number + 2].startswith("\\hline") and lines[number + 1].strip():
                averages = _latex_row(lines[number + 1], groups, size, std, number + 2)[1][0]
            break
        label, row = _latex_row(line, groups, size, std, number + 1)
        datasets.append(label)
        cells.append(row)
        number += 1
    else:
        raise ValueError("the matrix ends without its closing \\hline")
    keys = {}
    for line in lines[number:]:
        match = re.match(r"^\((\d+)\) & (.*) \\\\$", line)
        if match:
            keys[int(match[1])] = _latex_text(match[2])
    return PrintedResultMatrix(
        name,
        "latex",
        dataset_names(datasets),
        scheme_names(heads, keys),
        tuple(c[0] for c in cells),
        tuple(c[1] for c in cells) if std else None,
        tuple(c[2] for c in cells),
        None,
        None,
        averages,
    )


def _latex_row(
    line: str, groups: list[tuple[int, int]], size: int, std: bool, number: int
) -> tuple[str, tuple[_Row, _Row, tuple[str, ...]]]:
    cells = _latex_cells(line)
    extra = len(cells) - size  # WEKA does not escape & in a name
    if extra < 0:
        raise ValueError(f"line {number}: {len(cells)} cells, the header has {size}")
    cells = [cell.strip() for cell in ["&".join(cells[: extra + 1]), *cells[extra + 1 :]]]
    parts = [cells[s : s + n] for s, n in groups]
    means = tuple(_float(part[0], number) for part in parts)
    stds = tuple(_float(part[2], number) if std else None for part in parts)
    marks = ("", *marks_of([part[-1] for part in parts[1:]]))
    return _latex_text(cells[0]), (means, stds, marks)


# -- GNUPlot --------------------------------------------------------------------------------------------------------


def _gnuplot(name: str, lines: list[str], first: int) -> PrintedResultMatrix:
    datasets: dict[int, str] = {}
    data: list[list[float | None]] = []
    texts: list[str] = []
    titles = []
    part = ""
    for number, line in enumerate(lines[first:], first + 1):
        if line.startswith("# key for the x-axis"):
            part = "key"
        elif line.startswith("# data for the plot"):
            part = "data"
        elif part == "key" and (match := re.match(r"^# (\d+) - (.*)$", line)):
            datasets[int(match[1])] = match[2]
        elif part == "data" and line and not line.startswith("#"):
            values = line.split()
            texts += values[1:]
            data.append([_float(value, number) for value in values])
        elif line.startswith("#"):
            part = "" if part == "data" else part
        match = re.match(r'^(?:re)?plot "plot\.dat" using 1:(\d+)(?::\d+)? with \w+ title "(.*)"$', line)
        if match:
            titles.append(match[2])
    if not data or not titles:
        raise ValueError(f"line {first + 1}: a plot without data")
    std = len(data[0]) - 1 == 2 * len(titles)
    step = 2 if std else 1
    if any(len(row) != 1 + step * len(titles) for row in data):
        raise ValueError(f"line {first + 1}: rows of another width than {1 + step * len(titles)}")
    means = [tuple(row[1 + j * step] for j in range(len(titles))) for row in data]
    stds = [tuple(row[2 + j * step] for j in range(len(titles))) for row in data] if std else []
    names = [datasets.get(int(row[0] or 0), str(row[0])) for row in data]
    blank = not std or all(value is None for value in stds[-1])
    has_average = average_last(names, [list(row) for row in means], blank, std, texts)
    averages = None
    if has_average:
        averages = means.pop()
        names.pop()
        if std:
            stds.pop()
    key = key_names(lines, first, "", "")
    return PrintedResultMatrix(
        name,
        "gnuplot",
        dataset_names(names, "", ""),
        scheme_names(titles, key, "", ""),
        tuple(means),
        tuple(stds) if std else None,
        None,
        None,
        None,
        averages,
    )


def _ruled(line: str, following: list[str]) -> bool:
    """A header (``Dataset`` perhaps cut to the name field) over a rule as long as it."""
    word = line.split(" ", 1)[0]
    return (
        " " in line
        and bool(word)
        and "Dataset".startswith(word)
        and bool(following)
        and len(following[0]) >= len(line.rstrip())
        and following[0] == "-" * len(following[0])
    )


def _plain_start(line: str, following: list[str]) -> bool:
    return _ruled(line, following) and len(following) > 1 and "|" in following[1]


def _significance_start(line: str, following: list[str]) -> bool:
    return _ruled(line, following) and not (len(following) > 1 and "|" in following[1])


_STARTS = (
    ("plain", _plain_start),
    ("significance", _significance_start),
    (
        "csv",
        lambda line, _: "," in line and bool(line.split(",", 1)[0]) and "Dataset".startswith(line.split(",", 1)[0]),
    ),
    (
        "html",
        lambda line, following: (
            line.startswith("<table")
            and bool(following)
            and bool(re.match(r"\s*<tr><td><b>D[a-z]*</b></td>", following[0]))
        ),
    ),
    ("latex", lambda line, _: line.startswith("\\begin{table}")),
    ("gnuplot", lambda line, _: line == "# file: plot.dat #"),
)

_READERS = {
    "plain": _plain,
    "significance": _significance,
    "csv": _csv,
    "html": _html,
    "latex": _latex,
    "gnuplot": _gnuplot,
}
