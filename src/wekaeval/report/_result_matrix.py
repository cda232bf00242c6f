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

__all__ = ["PrintedResultMatrix", "read_result_matrix", "RESULT_MATRIX_FORMATS"]

#: The formats :func:`read_result_matrix` reads, by the names ``wekaeval.ttest(...).to_text(format)`` takes.
RESULT_MATRIX_FORMATS = ("plain", "csv", "latex", "html", "gnuplot", "significance")

_Row = tuple[float | None, ...]


@dataclass(frozen=True)
class PrintedResultMatrix:
    """A printed result matrix: ``datasets`` (rows) and ``schemes`` (columns, the base first as WEKA prints
    it) with, per dataset and scheme, ``means``, ``std_devs`` and ``marks`` (``"v"``, ``"*"`` or ``""``; the
    base's always ``""``), ``runs`` (the ``(15)`` of plain text: results per dataset) and ``counts`` (scheme
    -> ``(wins, ties, losses)``, the ``(v/ /*)`` row, the base left out).  A field the format does not print
    is None: GNUPlot prints no marks, Significance only marks; a scheme's name is the key's full name where
    the text has a key, else the header's (perhaps cut) name."""

    source: str
    format: str
    datasets: tuple[str, ...]
    schemes: tuple[str, ...]
    means: tuple[_Row, ...] | None
    std_devs: tuple[_Row, ...] | None
    marks: tuple[tuple[str, ...], ...] | None
    runs: tuple[int | None, ...] | None
    counts: dict[str, tuple[int, int, int]] | None

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
                except (ValueError, IndexError) as error:
                    where = re.match(r"line (\d+): ", str(error))
                    raise WekaOutputError(
                        f"not a {format} result matrix of WEKA's: {str(error)[where.end() if where else 0 :]}",
                        source=name,
                        line=int(where[1]) if where else number + 1,
                    ) from None
    raise WekaOutputError("no result matrix of WEKA's Experimenter here", source=name, line=1)


def _float(text: str) -> float | None:
    text = text.strip().strip("'")
    if text in ("", "?", "-"):
        return None
    return float(text.replace("Infinity", "inf"))


def _marks_of(texts: list[str]) -> tuple[str, ...]:
    table = {"v": "v", "*": "*", "$\\circ$": "v", "$\\bullet$": "*"}
    return tuple(table.get(text.strip().strip("'"), "") for text in texts)


def _counts(schemes: tuple[str, ...], texts: list[str]) -> dict[str, tuple[int, int, int]] | None:
    found = [re.search(r"(\d+)/(\d+)/(\d+)", text) for text in texts]
    if not any(found):
        return None
    result = {}
    for scheme, match in zip(schemes[1:], found, strict=False):
        if match is not None:
            result[scheme] = (int(match[1]), int(match[2]), int(match[3]))
    return result


# -- plain text and significance ---------------------------------------------------------------------------------

_CELL = re.compile(r"(?P<mean>-?(?:\d[\d.]*(?:E-?\d+)?|NaN|Infinity))(?:\(\s*(?P<std>[^)]*)\))?(?:\s+(?P<mark>[v*]))?")


def _key(lines: list[str], start: int) -> dict[int, str]:
    names = {}
    for line in lines[start:]:
        match = re.match(r"^\((\d+)\) (.*)$", line)
        if match:
            names[int(match[1])] = match[2]
    return names


def _plain(name: str, lines: list[str], first: int) -> PrintedResultMatrix:
    header = lines[first]
    columns = [int(n) for n in re.findall(r"\((\d+)\)", header)]
    rule = first + 1
    datasets, means, stds, marks, runs = [], [], [], [], []
    number = rule + 1
    any_std = False
    while number < len(lines) and not lines[number].startswith("-----"):
        line = lines[number]
        match = re.match(r"^(?P<name>.*?)\s*\((?P<runs>\d+)\)\s+(?P<rest>.*)$", line)
        if match is None:
            raise ValueError(f"line {number + 1}: {line[:200]!r} is not a row of the matrix")
        base, _, others = match["rest"].partition("|")
        cells = list(_CELL.finditer(base)) + list(_CELL.finditer(others))
        residue = _CELL.sub("", match["rest"]).replace("|", "").strip()
        if residue:
            raise ValueError(f"line {number + 1}: {residue[:200]!r} is not a cell of the matrix")
        if len(cells) != len(columns):
            raise ValueError(f"line {number + 1}: {len(cells)} cells, the header names {len(columns)} schemes")
        datasets.append(match["name"].strip())
        runs.append(int(match["runs"]))
        means.append(tuple(_float(cell["mean"]) for cell in cells))
        stds.append(tuple(None if cell["std"] is None else _float(cell["std"]) for cell in cells))
        any_std = any_std or any(cell["std"] is not None for cell in cells)
        marks.append(tuple(cell["mark"] or "" for cell in cells))
        number += 1
    if number >= len(lines):
        raise ValueError("the matrix ends without its closing rule")
    counts_line = lines[number + 1] if number + 1 < len(lines) else ""
    key = _key(lines, number + 1)
    heads = re.split(r"\s*\(\d+\)\s*", header)[1:]
    schemes = tuple(key.get(n, heads[i].strip(" |") if i < len(heads) else str(n)) for i, n in enumerate(columns))
    return PrintedResultMatrix(
        name,
        "plain",
        tuple(datasets),
        schemes,
        tuple(means),
        tuple(stds) if any_std else None,
        tuple(marks),
        tuple(runs),
        _counts(schemes, re.findall(r"\(\d+/\d+/\d+\)", counts_line)),
    )


def _significance(name: str, lines: list[str], first: int) -> PrintedResultMatrix:
    header = lines[first]
    spans = [(m.start(), m.end(), int(m[1])) for m in re.finditer(r"\((\d+)\)", header)]
    datasets, marks = [], []
    number = first + 2
    while number < len(lines) and lines[number].strip():
        line = lines[number]
        datasets.append(line[: spans[0][0]].strip())
        marks.append(
            tuple(line[start:end].strip() if line[start:end].strip() in ("v", "*") else "" for start, end, _ in spans)
        )
        number += 1
    key = _key(lines, number)
    schemes = tuple(key.get(n, str(n)) for _, _, n in spans)
    return PrintedResultMatrix(name, "significance", tuple(datasets), schemes, None, None, tuple(marks), None, None)


# -- CSV ------------------------------------------------------------------------------------------------------------


def _csv_rows(lines: list[str]) -> list[list[str]]:
    return list(csv.reader(lines, quotechar="'", escapechar="\\"))


def _csv(name: str, lines: list[str], first: int) -> PrintedResultMatrix:
    end = first
    while end < len(lines) and lines[end].strip():
        end += 1
    rows = _csv_rows(lines[first:end])
    header = rows[0]
    starts = [i for i, cell in enumerate(header) if re.fullmatch(r"\[\d+\]", cell)]
    bounds = [*starts[1:], len(header)]
    datasets, means, stds, marks = [], [], [], []
    width_base = bounds[0] - starts[0]
    has_std = width_base == 2
    counts_row: list[str] | None = None
    for row in rows[1:]:
        if row and row[0] in ("[v/ /*]", "(v/ /*)"):
            counts_row = row
            continue
        datasets.append(row[0])
        groups = [row[s:e] for s, e in zip(starts, bounds, strict=True)]
        means.append(tuple(_float(group[0]) for group in groups))
        stds.append(tuple(_float(group[1]) if has_std else None for group in groups))
        marks.append(("", *_marks_of([group[-1] for group in groups[1:]])))
    keys = {}
    for row in _csv_rows([line for line in lines[end:] if line.strip()]):
        if len(row) >= 2 and re.fullmatch(r"\[\d+\]", row[0]):
            keys[int(row[0][1:-1])] = row[1]
    schemes = tuple(keys.get(int(header[s][1:-1]), header[s]) for s in starts)
    counts = None if counts_row is None else _counts(schemes, [counts_row[b - 1] for b in bounds[1:]])
    return PrintedResultMatrix(
        name,
        "csv",
        tuple(datasets),
        schemes,
        tuple(means),
        tuple(stds) if has_std else None,
        tuple(marks),
        None,
        counts,
    )


# -- HTML -----------------------------------------------------------------------------------------------------------


def _html_rows(lines: list[str], first: int) -> tuple[list[list[tuple[str, int, str]]], int]:
    """Each ``<tr>``'s cells: (text without tags, columns spanned, the content as printed: WEKA prints names
    into the page as they are, unescaped), and the line of ``</table>``."""
    rows = []
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
        number += 1
    return rows, number


def _html(name: str, lines: list[str], first: int) -> PrintedResultMatrix:
    rows, end = _html_rows(lines, first)
    header = rows[0]
    starts, position = [], 0
    for text, span, _ in header:
        if re.fullmatch(r"\(\d+\)", text):
            starts.append((position, span, int(text[1:-1])))
        position += span
    has_std = starts[0][1] == 2
    datasets, means, stds, marks = [], [], [], []
    counts_row = None
    for row in rows[1:]:
        texts = [text for text, _, _ in row]
        if texts[0] == "(v/ /*)":
            counts_row = texts
            continue
        datasets.append(row[0][2])
        groups = [texts[s : s + span] for s, span, _ in starts]
        means.append(tuple(_float(group[0]) for group in groups))
        stds.append(tuple(_float(group[1].lstrip("±").strip()) if has_std else None for group in groups))
        marks.append(("", *_marks_of([group[-1] for group in groups[1:]])))
    key_rows, _ = _html_rows(lines, end + 1) if any("<table" in line for line in lines[end + 1 :]) else ([], 0)
    keys = {int(r[0][0][1:-1]): r[1][2] for r in key_rows if len(r) == 2 and re.fullmatch(r"\(\d+\)", r[0][0])}
    schemes = tuple(keys.get(n, f"({n})") for _, _, n in starts)
    counts = None if counts_row is None else _counts(schemes, [counts_row[s + span - 1] for s, span, _ in starts[1:]])
    return PrintedResultMatrix(
        name,
        "html",
        tuple(datasets),
        schemes,
        tuple(means),
        tuple(stds) if has_std else None,
        tuple(marks),
        None,
        counts,
    )


# -- LaTeX ----------------------------------------------------------------------------------------------------------


def _latex_cells(line: str) -> list[str]:
    return line.rstrip().removesuffix("\\\\").split("&")


def _latex_text(text: str) -> str:
    return re.sub(r"\\([_%$&#{}])", r"\1", text)


def _latex(name: str, lines: list[str], first: int) -> PrintedResultMatrix:
    number = first
    while not lines[number].startswith("Dataset &"):
        number += 1
    heads: list[tuple[int, int]] = []  # (scheme number, columns)
    for cell in (cell.strip() for cell in _latex_cells(lines[number])[1:]):
        spanned = re.fullmatch(r"\\multicolumn\{(\d+)\}\{c\}\{\((\d+)\)\}", cell)
        if spanned:
            heads.append((int(spanned[2]), int(spanned[1])))
        elif re.fullmatch(r"\(\d+\)", cell):
            heads.append((int(cell[1:-1]), 1))
        elif heads and not cell:
            heads[-1] = (heads[-1][0], heads[-1][1] + 1)
    has_std = heads[0][1] == 3
    datasets, means, stds, marks = [], [], [], []
    number += 2
    while not lines[number].startswith("\\hline"):
        cells = _latex_cells(lines[number])
        extra = len(cells) - 1 - sum(span for _, span in heads)  # WEKA does not escape & in a name
        if extra < 0:
            raise ValueError(f"line {number + 1}: {len(cells)} cells, the header has {len(cells) - extra}")
        cells = [cell.strip() for cell in ["&".join(cells[: extra + 1]), *cells[extra + 1 :]]]
        datasets.append(_latex_text(cells[0]))
        position, row_means, row_stds, row_marks = 1, [], [], []
        for j, (_, span) in enumerate(heads):
            group = cells[position : position + span]
            position += span
            row_means.append(_float(group[0]))
            row_stds.append(_float(group[2]) if has_std else None)
            row_marks.append(_marks_of([group[-1]])[0] if j else "")
        means.append(tuple(row_means))
        stds.append(tuple(row_stds))
        marks.append(tuple(row_marks))
        number += 1
    keys = {}
    for line in lines[number:]:
        match = re.match(r"^\((\d+)\) & (.*) \\\\$", line)
        if match:
            keys[int(match[1])] = _latex_text(match[2])
    schemes = tuple(keys.get(n, f"({n})") for n, _ in heads)
    return PrintedResultMatrix(
        name,
        "latex",
        tuple(datasets),
        schemes,
        tuple(means),
        tuple(stds) if has_std else None,
        tuple(marks),
        None,
        None,
    )


# -- GNUPlot --------------------------------------------------------------------------------------------------------


def _gnuplot(name: str, lines: list[str], first: int) -> PrintedResultMatrix:
    datasets: dict[int, str] = {}
    data: list[list[float | None]] = []
    titles = []
    part = ""
    for line in lines[first:]:
        if line.startswith("# key for the x-axis"):
            part = "key"
        elif line.startswith("# data for the plot"):
            part = "data"
        elif part == "key" and (match := re.match(r"^# (\d+) - (.*)$", line)):
            datasets[int(match[1])] = match[2]
        elif part == "data" and line and not line.startswith("#"):
            data.append([_float(value) for value in line.split()])
        elif line.startswith("#"):
            part = "" if part == "data" else part
        match = re.match(r'^(?:re)?plot "plot\.dat" using 1:(\d+)(?::\d+)? with \w+ title "(.*)"$', line)
        if match:
            titles.append(match[2])
    has_std = bool(data) and len(data[0]) - 1 == 2 * len(titles)
    step = 2 if has_std else 1
    means = tuple(tuple(row[1 + j * step] for j in range(len(titles))) for row in data)
    stds = tuple(tuple(row[2 + j * step] for j in range(len(titles))) for row in data) if has_std else None
    names = tuple(datasets.get(int(row[0] or 0), str(row[0])) for row in data)
    return PrintedResultMatrix(name, "gnuplot", names, tuple(titles), means, stds, None, None, None)


def _plain_start(line: str, following: list[str]) -> bool:
    return (
        line.startswith("Dataset ")
        and bool(following)
        and following[0].startswith("---")
        and "|" in line + "".join(following[1:2])
    )


def _significance_start(line: str, following: list[str]) -> bool:
    return bool(re.match(r"^Dataset +(\(\d+\) ?)+$", line)) and bool(following) and following[0].startswith("---")


_STARTS = (
    ("plain", _plain_start),
    ("significance", _significance_start),
    ("csv", lambda line, _: bool(re.match(r"^Dataset,\[\d+\]", line))),
    (
        "html",
        lambda line, following: line.startswith("<table") and bool(following) and "<b>Dataset</b>" in following[0],
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
