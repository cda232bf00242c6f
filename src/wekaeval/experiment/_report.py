"""The t-test as a picture: an HTML page (the result matrix with WEKA's marks) and a chart (matplotlib).

:func:`ttest_html` is one self-contained page -- CSS inline, no scripts, no links -- with the analysis's
settings, the table WEKA's Analyse panel prints (each dataset's count, every scheme's mean and standard
deviation, ``v`` where a scheme is significantly better than the base, ``*`` where worse, the ``(v/ /*)``
totals) and its key; with matplotlib installed (the ``plot`` extra) the chart is drawn in it too.
:func:`ttest_chart` draws the chart alone, as PNG or SVG: per dataset a bar per scheme (its mean), its
standard deviation as an error bar, WEKA's mark above it.  Every string from the data is escaped.

>>> from wekaeval import ttest
>>> page = ttest_html(ttest("docs/examples/experiment.arff"), chart=False)
>>> page.startswith("<!DOCTYPE html>"), "94.44 v" in page.replace("</span>", "").replace('<span class="win">', "")
(True, True)
"""

from __future__ import annotations

import io
import os
import re

from wekaeval._atomic import write_atomically
from wekaeval._htmlpage import breakable, escape, page, scrolling
from wekaeval.experiment._results import ExperimentResults
from wekaeval.experiment._ttest import TTestResult, ttest
from wekaeval.javamath import double_to_string, java_double_to_string

#: The t-test's and the comparison's rules, after :data:`wekaeval._htmlpage.BASE_CSS` (tables, word wrapping).
TTEST_CSS = """
h2 { font-size: 1.15em; margin-top: 1.4em; }
td.base { background: #f4f4f4; }
.win { color: #176b1c; font-weight: bold; } .loss { color: #b00020; font-weight: bold; }
dl.info { display: grid; grid-template-columns: max-content minmax(0, auto); gap: 0.2em 1em; }
dl.info dt { font-weight: bold; } dl.info dd { margin: 0; font-family: monospace; }
ol.key li { font-family: monospace; }
figure { margin: 1em 0; } figure svg { max-width: 100%; height: auto; }
"""

#: Bar colours, one per scheme in turn (colour-blind friendly, after Okabe and Ito).
COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")


def _number(value: float, decimals: int = 2) -> str:
    return "?" if value != value else double_to_string(value, decimals)


Analysis = TTestResult | ExperimentResults | str | os.PathLike


def _analysed(analysis: Analysis, measure: str) -> TTestResult:
    return analysis if isinstance(analysis, TTestResult) else ttest(analysis, measure, show_std_devs=True)


def ttest_html(
    analysis: Analysis,
    path: str | os.PathLike | None = None,
    *,
    measure: str = "Percent_correct",
    title: str | None = None,
    chart: bool = True,
) -> str:
    """The t-test of ``analysis`` as one self-contained HTML page, written to ``path`` (atomically) when given.

    Parameters
    ----------
    analysis : TTestResult, ExperimentResults or path
        A :func:`wekaeval.ttest` result, or an Experimenter result file (read, and tested on ``measure``
        against its first scheme, standard deviations shown).
    measure : str
        The column tested when ``analysis`` is a result file.
    title : str, optional
        The page's heading (by default the measure's).
    chart : bool
        Draw the chart in the page (inline SVG, with matplotlib; left out, saying so, without it).
    """
    analysis = _analysed(analysis, measure)
    heading = title or f"{analysis.measure}: the corrected paired t-test"
    order = [analysis.base] + [j for j in range(len(analysis.schemes)) if j != analysis.base]
    body = [f"<h1>{escape(heading)}</h1>", '<dl class="info">']
    for label, value in (
        ("Results", analysis.source),
        ("Measure", analysis.measure),
        ("Test", "weka.experiment.PairedCorrectedTTester (Nadeau and Bengio's corrected resampled t-test)"),
        ("Base", f"({analysis.base + 1}) {analysis.schemes[analysis.base]}"),
        ("Confidence", f"{java_double_to_string(analysis.significance_level)} (two tailed)"),
        ("Datasets", str(len(analysis.datasets))),
        ("Resultsets", str(len(analysis.schemes))),
    ):
        body.append(f"<dt>{escape(label)}</dt><dd>{breakable(value)}</dd>")
    body += ["</dl>", "<h2>Result matrix</h2>", scrolling(matrix_table(analysis, order))]
    body.append("<p>v: significantly better than the base; *: significantly worse (WEKA's marks).</p>")
    body += ["<h2>Key</h2>", '<ol class="key">']
    body += [f"<li>{breakable(name)}</li>" for name in analysis.schemes]
    body.append("</ol>")
    if chart:
        body += ["<h2>Chart</h2>", _chart_figure(analysis)]
    for message in analysis.messages:
        body.append(f'<p class="note">{escape(message)}</p>')
    return html_page(heading, TTEST_CSS, body, path)


def html_page(heading: str, css: str, body: list[str], path: str | os.PathLike | None) -> str:
    """One self-contained page of the ``body`` parts under ``heading``, written atomically to ``path`` if given."""
    text = page(heading, css, body)
    if path is not None:
        write_atomically(path, text)
    return text


def matrix_table(analysis: TTestResult, order: list[int]) -> str:
    """The result matrix as WEKA's ``ResultMatrix.toArray`` has its cells (numbers as WEKA prints them)."""
    array = analysis.result_matrix().to_array()
    width = 3 if analysis.show_std_devs else 2
    rows = ['<table class="matrix">', "<thead><tr><th>Dataset</th><th>n</th>"]
    for j in order:
        label = f"({j + 1}) {analysis.schemes[j].split(' ', 1)[0]}"
        rows[-1] += f'<th title="{escape(analysis.schemes[j])}">{escape(label)}</th>'
    rows[-1] += "</tr></thead>"
    rows.append("<tbody>")
    for i, cells in zip(analysis.row_order, array[1:-1], strict=True):
        base = analysis.cells[i][analysis.base]
        count = "" if base is None else _number(base.count, 0)
        row = [f"<td>{escape(analysis.datasets[i])}</td>", f'<td class="num">{escape(count)}</td>']
        position = 1
        for j in order:
            size = width - 1 if j == analysis.base else width
            values = cells[position : position + size]
            position += size
            text = values[0] + (f" ({values[1]})" if analysis.show_std_devs else "")
            mark = values[-1].strip() if j != analysis.base else ""
            marked = {"v": ' <span class="win">v</span>', "*": ' <span class="loss">*</span>'}.get(mark, "")
            css = "num base" if j == analysis.base else "num"
            row.append(f'<td class="{css}">{escape(text)}{marked}</td>')
        rows.append("<tr>" + "".join(row) + "</tr>")
    counts = analysis.counts()
    footer = ['<td colspan="2">(v/ /*)</td>', '<td class="num base"></td>']
    footer += [f'<td class="num">({"/".join(str(c) for c in counts[analysis.schemes[j]])})</td>' for j in order[1:]]
    rows += ["</tbody>", "<tfoot><tr>" + "".join(footer) + "</tr></tfoot>", "</table>"]
    return "\n".join(rows)


def _chart_figure(analysis: TTestResult) -> str:
    try:
        svg = ttest_chart(analysis, format="svg").decode("utf-8")
    except ImportError:
        return "<p>The chart needs matplotlib (pip install 'wekaeval[plot]').</p>"
    return inline_svg(svg, f"Chart of {analysis.measure} by dataset and scheme")


def inline_svg(svg: str, label: str) -> str:
    """matplotlib's SVG as a ``<figure>`` in a page: no XML prolog, namespaces or metadata, no clipping (the axes'
    limits hold everything drawn, and the page then refers to nothing: no ``url()``), ``label`` read aloud."""
    svg = svg[svg.index("<svg") :]
    svg = re.sub(r'\s+xmlns(:xlink)?="[^"]*"', "", svg, count=2)
    svg = re.sub(r"<metadata>.*?</metadata>", "", svg, flags=re.S)
    svg = re.sub(r'\s*clip-path="url\(#[^)]*\)"', "", svg)
    svg = re.sub(r"<defs>\s*(<clipPath\b.*?</clipPath>\s*)+</defs>", "", svg, flags=re.S)
    svg = svg.replace("<svg ", f'<svg role="img" aria-label="{escape(label)}" ', 1)
    return f"<figure>\n{svg}</figure>"


def ttest_chart(
    analysis: Analysis,
    path: str | os.PathLike | None = None,
    *,
    measure: str = "Percent_correct",
    format: str | None = None,
) -> bytes:
    """The chart of ``analysis``: per dataset a bar per scheme, its standard deviation, WEKA's marks.

    ``analysis`` is a :func:`wekaeval.ttest` result or a result file (tested on ``measure`` as
    :func:`ttest_html` does).  Written to ``path`` when given (its suffix, ``.png``, ``.svg`` or ``.pdf``, says the
    format, unless ``format`` does); the image's bytes are returned either way.  Needs matplotlib (the
    ``plot`` extra).

    Raises
    ------
    ImportError
        Without matplotlib, saying what to install.
    ValueError
        For a format other than png, svg and pdf.
    """
    try:
        import matplotlib
        from matplotlib.figure import Figure
    except ImportError as error:
        raise ImportError("the chart needs matplotlib: pip install 'wekaeval[plot]'") from error
    analysis = _analysed(analysis, measure)
    kind = (format or (os.fspath(path).rsplit(".", 1)[-1] if path is not None else "png")).lower()
    if kind not in ("png", "svg", "pdf"):
        raise ValueError(f"the chart is written as png, svg or pdf, not {kind!r}")
    datasets = list(analysis.row_order)
    schemes = [analysis.base] + [j for j in range(len(analysis.schemes)) if j != analysis.base]
    width = 0.8 / max(len(schemes), 1)
    with matplotlib.rc_context({"svg.hashsalt": "wekaeval", "svg.fonttype": "none", "font.size": 9}):
        figure = Figure(figsize=(max(6.0, 1.2 + 0.9 * len(datasets) * max(1, len(schemes)) ** 0.5), 4.2), dpi=100)
        axes = figure.add_subplot()
        for position, j in enumerate(schemes):
            means, errors, marks = [], [], []
            for i in datasets:
                cell = analysis.cells[i][j]
                means.append(cell.mean if cell is not None else float("nan"))
                errors.append(cell.std_dev if cell is not None and cell.std_dev == cell.std_dev else 0.0)
                marks.append("" if cell is None else cell.significance)
            xs = [k + (position - (len(schemes) - 1) / 2) * width for k in range(len(datasets))]
            label = f"({j + 1}) {analysis.schemes[j]}" + (" (base)" if j == analysis.base else "")
            axes.bar(
                xs,
                means,
                width * 0.92,
                yerr=errors,
                capsize=2,
                label=_short(label),
                color=COLOURS[position % len(COLOURS)],
            )
            for x, mean, spread, mark in zip(xs, means, errors, marks, strict=True):
                if mark and mean == mean:
                    axes.annotate(mark, (x, mean + spread), ha="center", va="bottom", fontweight="bold")
        axes.set_xticks(range(len(datasets)), [analysis.datasets[i] for i in datasets], rotation=20, ha="right")
        axes.set_ylabel(analysis.measure)
        axes.set_title(f"{analysis.measure} (v / *: significantly better / worse than the base)")
        axes.legend(fontsize=7, loc="upper left", bbox_to_anchor=(0.0, -0.2), frameon=False)
        buffer = io.BytesIO()
        metadata = {"svg": {"Date": None}, "pdf": {"CreationDate": None}}.get(kind)  # the same bytes each time
        figure.savefig(buffer, format=kind, metadata=metadata, bbox_inches="tight", pad_inches=0.15)
    data = buffer.getvalue()
    if path is not None:
        write_atomically(path, data)
    return data


def _short(label: str, limit: int = 60) -> str:
    return label if len(label) <= limit else label[: limit - 1] + "\u2026"
