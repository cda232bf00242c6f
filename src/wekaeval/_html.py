"""Self-contained HTML pages: a parity run's rows, or a WEKA output read back (:func:`wekaeval.read_weka_output`).

Each page is one file with its CSS inline and its pictures as inline SVG or
coloured table cells: no scripts, no fonts, no links to anything, so it opens
the same from a disk, a mail attachment or a CI artifact.  Every string that
comes from data (file names, relations, class names, options, reasons) is
escaped with :func:`html.escape`, quotes included: a class named ``<script>``
shows as text.

The ROC curves are pictures of the printed predictions (cumulative true and
false positive rates, ties as one step); WEKA's own areas are the class
details' "ROC Area" column, which the page prints as read.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from wekaeval._htmlpage import breakable, escape, page

__all__ = ["heat_map", "parity_html", "report_html", "roc_points"]


#: The report's and the parity page's rules, after :data:`wekaeval._htmlpage.BASE_CSS` (tables, word wrapping).
_CSS = """
h2 { font-size: 1.2em; margin-top: 1.6em; } h3 { font-size: 1em; }
table.parity td.verdict { min-width: 18em; }
.ok { color: #176b1c; font-weight: bold; } .bad { color: #b00020; font-weight: bold; } .skip { color: #666; }
.flagged { color: #b00020; font-weight: bold; }
table.heat td { text-align: right; min-width: 3em; font-family: monospace; }
td.contradicted, th.contradicted { background: #fde4e7; color: #b00020; font-weight: bold; outline: 2px solid #b00020; }
.summary-line { font-size: 1.1em; margin: 0.5em 0 1em; }
dl.info { display: grid; grid-template-columns: max-content auto; gap: 0.2em 1em; }
dl.info dt { font-weight: bold; } dl.info dd { margin: 0; font-family: monospace; white-space: pre-wrap; }
figure { display: inline-block; margin: 0 1em 1em 0; } figcaption { text-align: center; font-size: 0.9em; }
"""


_e = escape  # text from data, escaped for HTML text and attribute values alike


def _page(title: str, body: Iterable[str]) -> str:
    return page(title, _CSS, body)


def _number(value: float | None) -> str:
    """A number as read or computed: whole numbers without ``.0``, others as Python's shortest repr; ``?`` for
    none, as WEKA prints a missing value."""
    if value is None:
        return "?"
    value = float(value)
    if math.isfinite(value) and value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    return repr(value)


def _letters(count: int) -> list[str]:
    """WEKA's column ids in a confusion matrix: a, b, ..., z, ba, bb, ... (``Utils`` base 26)."""
    ids = []
    for index in range(count):
        text, n = "", index
        while True:
            text = chr(ord("a") + n % 26) + text
            n //= 26
            if n == 0:
                break
        ids.append(text)
    return ids


def heat_map(matrix: Any, class_names: Sequence[str] | None = None, *, caption: str = "") -> str:
    """A confusion matrix (rows actual, columns predicted) as a table, each cell shaded by its share of its row."""
    values = np.asarray(matrix, dtype=float)
    ids = _letters(values.shape[0])
    names = list(class_names) if class_names is not None else ids
    head = "".join(f"<th>{_e(i)}</th>" for i in ids)
    rows = []
    for i, row in enumerate(values):
        total = float(np.nansum(np.abs(row)))
        cells = []
        for j, cell in enumerate(row):
            share = abs(cell) / total if total > 0 and math.isfinite(cell) else 0.0
            tint = (21, 101, 192) if i == j else (176, 0, 32)  # blue on the diagonal, red off it
            red, green, blue = (int(round(255 - share * (255 - c))) for c in tint)
            ink = "#fff" if share > 0.55 else "#222"
            cells.append(
                f'<td style="background:rgb({red},{green},{blue});color:{ink}" '
                f'title="actual {_e(names[i])}, predicted {_e(names[j])}">{_e(_number(cell))}</td>'
            )
        rows.append(f"<tr><th>{_e(ids[i])} = {_e(names[i])}</th>{''.join(cells)}</tr>")
    title = f"<caption>{_e(caption)}</caption>" if caption else ""
    return f'<table class="heat">{title}<tr><th>actual \\ predicted</th>{head}</tr>' + "".join(rows) + "</table>"


def _parity_value(kappa: float | None, correlation: float | None) -> str:
    if correlation is not None:
        return "r " + repr(correlation)
    return "-" if kappa is None else repr(kappa)


def _verdict(row: Any) -> str:
    if getattr(row, "timeout", None) is not None:
        return f'<span class="skip">timed out after {_e(format(row.timeout, "g"))} s</span>'
    if row.skipped:
        return f'<span class="skip">skipped: {breakable(" ".join(row.skipped.split()))}</span>'
    if row.identical:
        return '<span class="ok">&#x2713; identical</span>'
    if row.identical is False:
        differing = f" ({breakable(', '.join(row.differences))})" if row.differences else ""
        if getattr(row, "java_arithmetic_unverified", False):
            differing = (
                " in Java's Math.log/exp/pow only: the port reproduced "
                f"{_e(row.java_arithmetic or '?')}, not established as this host's JVM{differing}"
            )
        return f'<span class="bad">&#x2717; mismatch</span>{differing}'
    return '<span class="skip">-</span>'


def _compared(row: Any) -> str:
    """How many of the things compared (statistics, matrix, texts) were identical, the full list on hover."""
    names = tuple(getattr(row, "compared", ()) or ())
    if not names:
        return "-"
    count = getattr(row, "identical_count", None)
    shown = f"{count} of {len(names)}" if count is not None else str(len(names))
    return f'<span title="{_e(", ".join(names))}">{_e(shown)}</span>'


def parity_html(rows: Iterable[Any], *, title: str = "wekaeval parity", unfinished: str | None = None) -> str:
    """A page for parity rows (:class:`wekaeval.parity.ParityRow`): a table of every dataset x classifier
    (what WEKA and the port gave, how many of the statistics, matrix and texts compared were identical), a
    summary line, and WEKA's confusion matrix of each nominal row as a heat map labelled with the class names.
    ``unfinished`` says why a run that did not finish stopped; the page then says so first."""
    rows = list(rows)
    differ = sum(1 for row in rows if row.identical is False and not row.skipped)
    timeouts = sum(1 for row in rows if getattr(row, "timeout", None) is not None)
    skipped = sum(1 for row in rows if row.skipped and getattr(row, "timeout", None) is None)
    identical = sum(1 for row in rows if row.identical and not row.skipped)
    timed = f", {timeouts} timed out" if timeouts else ""
    body = [f"<h1>{_e(title)}</h1>"]
    if unfinished is not None:
        body.append(f'<p class="bad summary-line">Not finished: {_e(unfinished)}</p>')
    body += [
        f'<p class="summary-line">{identical} identical, {skipped} skipped{timed}, {differ} differ '
        f"({len(rows)} runs)</p>",
        '<div class="scroll"><table class="parity"><tr><th>dataset</th><th>classifier</th><th>mode</th>'
        "<th>class</th><th>instances</th>"
        "<th>WEKA kappa/r</th><th>Python kappa/r</th><th>identical of compared</th><th>verdict</th></tr>",
    ]
    for row in rows:
        instances = "-" if row.instances is None else str(row.instances)
        names = getattr(row, "class_names", None)
        labels = f" {{{', '.join(names)}}}" if names else ""
        body.append(
            f'<tr><td class="name">{breakable(row.dataset)}</td><td class="name">{breakable(row.classifier)}</td>'
            f'<td class="mode">{_e(row.mode)}</td><td>{breakable((row.class_attribute or "-") + labels)}</td>'
            f'<td class="num">{_e(instances)}</td>'
            f'<td class="num">{_e(_parity_value(row.weka_kappa, row.weka_correlation))}</td>'
            f'<td class="num">{_e(_parity_value(row.python_kappa, row.python_correlation))}</td>'
            f'<td class="num">{_compared(row)}</td>'
            f'<td class="verdict">{_verdict(row)}</td></tr>'
        )
    body.append("</table></div>")
    matrices = [row for row in rows if row.weka_confusion_matrix is not None]
    if matrices:
        body.append("<h2>WEKA's confusion matrices</h2>")
    for row in matrices:
        body.append(f"<h3>{_e(row.dataset)} &#x2014; {_e(row.classifier)}</h3>")
        body.append(heat_map(row.weka_confusion_matrix, getattr(row, "class_names", None)))
    if rows and rows[0].weka_version:
        body.append(
            f"<p>WEKA {_e(rows[0].weka_version)}, Java {_e(rows[0].java_version or '?')}; "
            f"Java arithmetic reproduced: {_e(rows[0].java_arithmetic or '?')}</p>"
        )
    return _page(title, body)


def roc_points(scores: Any, positive: Any, weights: Any = None) -> tuple[np.ndarray, np.ndarray]:
    """False and true positive rates of the ROC curve, from (0, 0) to (1, 1): scores sorted high to low, tied
    scores one step.  NaN where there are no positives (true rates) or no negatives (false rates)."""
    scores = np.asarray(scores, dtype=float)
    positive = np.asarray(positive, dtype=bool)
    weights = np.ones_like(scores) if weights is None else np.asarray(weights, dtype=float)
    order = np.argsort(-scores, kind="stable")
    scores, positive, weights = scores[order], positive[order], weights[order]
    true_positives = np.cumsum(np.where(positive, weights, 0.0))
    false_positives = np.cumsum(np.where(positive, 0.0, weights))
    last_of_tie = np.r_[scores[1:] != scores[:-1], True] if len(scores) else np.zeros(0, dtype=bool)
    true_positives = np.r_[0.0, true_positives[last_of_tie]]
    false_positives = np.r_[0.0, false_positives[last_of_tie]]
    with np.errstate(invalid="ignore", divide="ignore"):
        return false_positives / false_positives[-1], true_positives / true_positives[-1]


def _roc_svg(fpr: np.ndarray, tpr: np.ndarray, name: str, size: int = 240) -> str:
    pad = 36
    span = size - 2 * pad
    points = " ".join(f"{pad + x * span:.2f},{pad + (1 - y) * span:.2f}" for x, y in zip(fpr, tpr, strict=False))
    ticks = "".join(
        f'<text x="{pad + t * span:.0f}" y="{size - pad + 14}" text-anchor="middle">{t:g}</text>'
        f'<text x="{pad - 4}" y="{pad + (1 - t) * span + 4:.0f}" text-anchor="end">{t:g}</text>'
        for t in (0, 0.5, 1)
    )
    return (
        f'<svg width="{size}" height="{size}" viewBox="0 0 {size} {size}" '
        f'role="img" aria-label="ROC curve of class {_e(name)}" font-size="10" font-family="sans-serif">'
        f'<rect x="{pad}" y="{pad}" width="{span}" height="{span}" fill="#fafafa" stroke="#888"/>'
        f'<line x1="{pad}" y1="{pad + span}" x2="{pad + span}" y2="{pad}" stroke="#bbb" stroke-dasharray="4 3"/>'
        f'<polyline points="{points}" fill="none" stroke="#1565c0" stroke-width="2"/>{ticks}'
        f'<text x="{size / 2:.0f}" y="{size - 4}" text-anchor="middle">false positive rate</text>'
        f'<text x="10" y="{size / 2:.0f}" text-anchor="middle" transform="rotate(-90 10 {size / 2:.0f})">'
        "true positive rate</text></svg>"
    )


def _roc_figures(predictions: Any) -> list[str]:
    """One SVG ROC curve per class from the rows with a distribution and an actual class."""
    rows = [row for row in predictions.rows if row.distribution is not None and row.actual_index is not None]
    if not predictions.nominal or not rows:
        return []
    count = max(len(row.distribution) for row in rows)
    rows = [row for row in rows if len(row.distribution) == count]
    names = [f"class {k + 1}" for k in range(count)]
    for row in reversed(rows):
        for index, label in ((row.actual_index, row.actual), (row.predicted_index, row.predicted)):
            if index is not None and label is not None and index < count:
                names[index] = str(label)
    scores = np.array([[np.nan if p is None else p for p in row.distribution] for row in rows], dtype=float)
    actual = np.array([row.actual_index for row in rows])
    figures = []
    for k, name in enumerate(names):
        fpr, tpr = roc_points(np.nan_to_num(scores[:, k], nan=-np.inf), actual == k)
        if not (np.isfinite(fpr[-1]) and np.isfinite(tpr[-1])):
            figures.append(
                f"<p>{_e(name)}: no ROC curve (no {'positives' if np.isnan(tpr[-1]) else 'negatives'} "
                "among the predictions)</p>"
            )
            continue
        figures.append(
            f"<figure>{_roc_svg(fpr, tpr, name)}<figcaption>ROC, class {_e(name)} "
            f"({int((actual == k).sum())} of {len(rows)})</figcaption></figure>"
        )
    return figures


def _run_info(report: Any) -> list[str]:
    info = report.run_info
    entries: list[tuple[str, Any]] = []
    if info is not None:
        entries += [
            ("Scheme", info.scheme),
            ("Relation", info.relation),
            ("Instances", "?" if info.instances is None else info.instances),
            ("Attributes", info.num_attributes),
        ]
        if info.filename is not None:
            entries.append(("Model file", info.filename))
        if info.test_mode is not None:
            entries.append(("Test mode", info.test_mode))
    if report.options is not None:
        entries.append(("Options", report.options))
    entries += [(f"Time taken to {phrase}", f"{seconds:g} s") for phrase, seconds in report.times.items()]
    entries.append(("WEKA versions (layout)", ", ".join(report.weka_versions)))
    items = "".join(f"<dt>{_e(label)}</dt><dd>{_e(value)}</dd>" for label, value in entries)
    return ["<h2>Run information</h2>", f'<dl class="info">{items}</dl>']


def _flag(found: Sequence[Any], names: Iterable[str]) -> str:
    """The attributes of a cell that prints ``names``: marked, with the contradictions as its title, when
    ``found`` (a section's :class:`~wekaeval.report.Inconsistency` list) contradicts one of them."""
    wanted = set(names)
    hits = [str(inconsistency) for inconsistency in found if inconsistency.field in wanted]
    return f' class="num contradicted" title="{_e("; ".join(hits))}"' if hits else ' class="num"'


def _summary_table(summary: Any, found: Sequence[Any] = ()) -> str:
    """The summary's lines, each value as WEKA printed it (``1``, ``0.94``, ``96 %``); a value the check
    contradicts is marked, the contradiction in its title."""
    from wekaeval.javamath import double_to_string

    def printed(value: float) -> str:
        return double_to_string(value, 12, 4).strip()

    rows = []
    for spec in summary.printed_lines():
        label = spec.label.strip()
        if "{level}" in label:
            label = label.format(level=double_to_string(summary.confidence_level, 4, 2).strip())
        values = [getattr(summary, name) for name in spec.names]
        shown = {"value": "{}", "percent": "{} %", "pair": "{} ({} %)", "bits": "{} bits ({} bits/instance)"}
        text = shown[spec.layout].format(*(printed(v) for v in values))
        rows.append(f"<tr><th>{_e(label)}</th><td{_flag(found, spec.names)}>{_e(text)}</td></tr>")
    for label, value in summary.plugin_metrics.items():
        line = summary.plugin_text.get(label, "")
        text = line[len(label) :].strip() if line.startswith(label) else _number(value)
        rows.append(f"<tr><th>{_e(label)}</th><td{_flag(found, [label])}>{_e(text)}</td></tr>")
    return '<table class="summary">' + "".join(rows) + "</table>"


def _details_table(details: Any, found: Sequence[Any] = ()) -> str:
    """The class details, each cell as WEKA's layout of the log printed it (``1.000``, ``0.980``, ``?``); class
    names that the confusion matrix contradicts are marked."""
    from wekaeval.blocks._shared import DETAIL_COLUMNS, DETAIL_LAYOUTS

    layout = DETAIL_LAYOUTS[details.layout]
    headers = dict(DETAIL_COLUMNS)
    head = "".join(f"<th>{_e(headers.get(column, column))}</th>" for column in details.columns)
    names = [str(inconsistency) for inconsistency in found if inconsistency.field == "class_details"]
    mark = f' class="contradicted" title="{_e("; ".join(names))}"' if names else ""
    rows = []
    for row in (*details.rows, *([details.weighted_avg] if details.weighted_avg is not None else [])):
        weighted = row.class_name is None
        name = "Weighted Avg." if weighted else row.class_name
        cells = "".join(
            '<td class="num">'
            + _e(
                layout.cell(getattr(row, column), column, weighted=weighted, separator=details.decimal_separator)
            ).strip()
            + "</td>"
            for column in details.columns
        )
        rows.append(f"<tr><th{'' if weighted else mark}>{_e(name)}</th>{cells}</tr>")
    return f'<table class="details"><tr><th>class</th>{head}</tr>' + "".join(rows) + "</table>"


def _section_found(report: Any, found: Sequence[Any]) -> dict[int, list[Any]]:
    """The contradictions of each section (by its first line): those from its line up to the next section's."""
    starts = sorted(section.line for section in report.sections)
    by_section: dict[int, list[Any]] = {start: [] for start in starts}
    for inconsistency in found:
        inside = [start for start in starts if start <= inconsistency.line]
        if inside:
            by_section[inside[-1]].append(inconsistency)
    return by_section


def _check_result(report: Any, found: Sequence[Any]) -> list[str]:
    """The ``check()`` result: consistent, nothing to check, or every contradiction flagged."""
    if found:
        items = "".join(f"<li>{_e(inconsistency)}</li>" for inconsistency in found)
        return [
            f'<h2>Check</h2><p class="flagged">inconsistent: {len(found)} printed values contradicted</p>',
            f'<ul class="flagged">{items}</ul>',
        ]
    state = "consistent" if report.checkable() else "nothing to check"
    return [f"<h2>Check</h2><p>{state} ({_e(report.checked())})</p>"]


def _report_body(report: Any, found: Sequence[Any], level: int = 2) -> list[str]:
    """Run information, check result and sections of one report, its headings starting at ``<h{level}>``."""
    body = [*_run_info(report), *_check_result(report, found)]
    by_section = _section_found(report, found)
    for section in report.sections:
        contradicted = by_section.get(section.line, [])
        heading = section.title or "(untitled)"
        if section.evaluation and section.evaluation != section.title:
            heading = f"{section.evaluation}: {heading}"
        body.append(f"<h2>{_e(heading)} <small>(line {section.line})</small></h2>")
        if section.test_set is not None:
            body.append(
                f"<p>{_e(section.test_set.source)}"
                + (f", relation {_e(section.test_set.relation)}" if section.test_set.relation else "")
                + "</p>"
            )
        if section.summary is not None:
            body += ["<h3>Summary</h3>", _summary_table(section.summary, contradicted)]
        if section.class_details is not None:
            body += ["<h3>Detailed accuracy by class</h3>", _details_table(section.class_details, contradicted)]
        if section.confusion_matrix is not None:
            matrix = section.confusion_matrix
            body += ["<h3>Confusion matrix</h3>", heat_map(matrix.matrix, matrix.class_names)]
        if section.predictions is not None:
            figures = _roc_figures(section.predictions)
            body.append(
                f"<h3>Predictions</h3><p>{len(section.predictions.rows)} printed ({_e(section.predictions.format)})</p>"
            )
            if figures:
                body += ['<div class="roc">', *figures, "</div>"]
            if not any(other.summary is not None for other in report.sections):
                body += _computed_from_predictions(section)
    if not report.sections:
        body.append("<p>No evaluation sections.</p>")
    if level == 2:
        return body
    shift = {f"<h{n}>": f"<h{n + level - 2}>" for n in (2, 3)} | {f"</h{n}>": f"</h{n + level - 2}>" for n in (2, 3)}
    return ["".join(_shift(part, shift)) for part in body]


def _computed_from_predictions(section: Any) -> list[str]:
    """WEKA's statistics of a predictions table printed without them (``-classifications``), as far as its
    columns allow (:func:`wekaeval.report.table_evaluation`), with what is exact and what was left out."""
    import io

    from wekaeval.errors import PredictionError
    from wekaeval.report import read_weka_output, table_evaluation

    try:
        found = table_evaluation(section)
    except PredictionError as error:
        return [f"<p>No statistics computed from these predictions: {_e(error)}</p>"]
    computed = read_weka_output(io.StringIO("\n" + found.text())).sections[0]
    notes = "".join(f"<li>{_e(note)}</li>" for note in found.notes())
    body = ["<h3>Statistics computed from the printed predictions</h3>", f'<ul class="notes">{notes}</ul>']
    if computed.summary is not None:
        body.append(_summary_table(computed.summary))
    if computed.class_details is not None:
        body.append(_details_table(computed.class_details))
    if computed.confusion_matrix is not None:
        matrix = computed.confusion_matrix
        body.append(heat_map(matrix.matrix, matrix.class_names, caption="Confusion matrix"))
    return body


def _shift(text: str, shift: dict[str, str]) -> str:
    for old in sorted(shift, key=lambda tag: -int(tag.strip("</>h"))):  # h3 before h2: no double shift
        text = text.replace(old, shift[old])
    return text


def report_html(report: Any, *, title: str | None = None) -> str:
    """A page for a WEKA output read back (:class:`wekaeval.report.WekaReport`): the run information, the
    ``check()`` result (each contradicted value flagged), then per section its summary, class details,
    confusion matrix as a heat map and ROC curves from its predictions (where printed with a distribution)."""
    title = title or f"WEKA output: {report.source}"
    return _page(title, [f"<h1>{_e(title)}</h1>", *_report_body(report, report.check())])


def _tally(files: Sequence[Any]) -> str:
    from wekaeval.report import FileReports

    return FileReports.tally(file.check_state for file in files)


def reports_html(files: Sequence[Any], *, title: str = "WEKA outputs") -> str:
    """One page for many WEKA outputs (:class:`wekaeval.report.FileReport`, from
    :func:`~wekaeval.report.read_weka_outputs`): a table of every file (path, encoding, WEKA versions, check
    result or error), then each file read as :func:`report_html` shows it."""
    rows = []
    for number, file in enumerate(files):
        state = file.check_state
        flag = ' class="flagged"' if state in ("inconsistent", "error") else ""
        rows.append(
            f'<tr><td><a href="#file-{number}">{_e(file.path)}</a></td><td>{_e(file.encoding or "")}</td>'
            f"<td>{_e(' '.join(file.weka_versions))}</td><td{flag}>{_e(file.check_text())}</td></tr>"
        )
    body = [
        f"<h1>{_e(title)}</h1>",
        f'<p class="summary-line">{_e(_tally(files))}</p>',
        '<table class="files"><tr><th>file</th><th>encoding</th><th>WEKA versions</th><th>check</th></tr>',
        *rows,
        "</table>",
    ]
    for number, file in enumerate(files):
        body.append(f'<h2 id="file-{number}">{_e(file.path)}</h2>')
        if file.report is None:
            body.append(f'<p class="flagged">error: {_e(file.error)}</p>')
        else:
            body += _report_body(file.report, file.inconsistencies, level=3)
    return _page(title, body)
