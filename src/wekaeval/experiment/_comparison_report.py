"""A comparison of many schemes as pictures: Demšar's critical-difference diagram and an HTML page.

:func:`critical_difference_diagram` draws a :class:`~wekaeval.experiment.Comparison` as Demšar (2006) does:
the rank axis with the best rank on the right, each scheme's mean rank and name, the critical difference as a
bar, and a thick bar joining each clique (the groups :meth:`Comparison.cliques` finds), as SVG, PNG or PDF
(matplotlib, the ``plot`` extra).  :func:`compare_html` is one self-contained page -- CSS inline, no scripts,
no links -- with the table, the mean ranks, Friedman's test, the post-hoc matrix, the comparison with a
control, WEKA's corrected t-test and its ranking beside the mean ranks, and the diagram inline.  Every string
from the data is escaped.
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from typing import Any

from wekaeval._atomic import write_atomically
from wekaeval._htmlpage import breakable, escape, scrolling
from wekaeval.experiment._cddiagram import diagram_format, diagram_layout, draw_diagram, p_value_cliques, rank_text
from wekaeval.experiment._ranks import CD_METHODS
from wekaeval.experiment._report import TTEST_CSS, html_page, inline_svg, matrix_table

_PAGE_CSS = (
    TTEST_CSS
    + """
td.best { font-weight: bold; } td .rank { color: #666; font-size: 0.85em; }
tr.left-out td { color: #888; } td.sig { background: #fde6e6; font-weight: bold; }
td.diagonal { background: #f4f4f4; } tfoot td { font-weight: bold; }
"""
)


def critical_difference_diagram(
    comparison: Any,
    path: str | os.PathLike[str] | None = None,
    *,
    method: str = "nemenyi",
    alpha: float | None = None,
    format: str | None = None,
) -> bytes:
    """Demšar's critical-difference diagram of ``comparison`` (a :func:`wekaeval.experiment.compare` result).

    The axis runs from rank k on the left to rank 1 (the best) on the right; each scheme hangs from its mean
    rank, its name and mean rank beside it; for ``method`` ``"nemenyi"`` or ``"bonferroni-dunn"`` the bar
    above the axis is its critical difference at ``alpha`` (by default the comparison's), and the thick bars
    join the schemes of each clique :meth:`Comparison.cliques` finds with the same method and level.  For the
    other procedures of :meth:`Comparison.posthoc` (``"holm"``, ``"shaffer"``, ...) there is no critical
    difference: a thick bar joins each maximal run of schemes (in order of mean rank) no pair of which has an
    adjusted p-value below ``alpha``, so it never joins two schemes the test separates.

    Written to ``path`` (atomically) when given, in the format its suffix names (``.svg``, ``.png`` or
    ``.pdf``) unless ``format`` says one; the bytes are returned either way (SVG without a path or format).
    The same comparison gives the same bytes (no dates in the files).  Needs matplotlib (the ``plot`` extra).

    Raises
    ------
    ComparisonError
        A ValueError: for another suffix or format, before anything is computed or drawn; for an unknown
        ``method`` or an ``alpha`` outside (0, 1).
    ImportError
        Without matplotlib, saying what to install.
    """
    kind = diagram_format(path, format)
    layout, title = _layout(comparison, method, alpha)
    data = draw_diagram(layout, kind, title=title)
    if path is not None:
        write_atomically(path, data)
    return data


def _layout(comparison: Any, method: str, alpha: float | None) -> tuple[Any, str]:
    """The diagram's layout and title: a CD bar and the cliques within it for ``nemenyi`` and
    ``bonferroni-dunn``; for the other procedures no CD bar, and the cliques of their adjusted p-values."""
    level = comparison.alpha if alpha is None else alpha
    if method in CD_METHODS:
        cd = comparison.critical_difference(method, alpha)
        cliques = comparison.cliques(method, alpha)
        label = f"CD ({method}, \u03b1 = {level:g})"
        return diagram_layout(comparison.mean_ranks, comparison.schemes, cd, cliques, cd_label=label), ""
    if not 0 < level < 1:
        comparison.critical_difference("nemenyi", alpha)  # compare()'s own error, naming alpha
    posthoc = comparison.posthoc(method)
    groups = p_value_cliques(comparison.mean_ranks, _in_order(posthoc, comparison.schemes), level)
    cliques = [tuple(comparison.schemes[j] for j in group) for group in groups]
    title = f"{method}, \u03b1 = {level:g}: a bar joins schemes the test does not tell apart"
    return diagram_layout(comparison.mean_ranks, comparison.schemes, None, cliques), title


def _in_order(posthoc: Any, schemes: Sequence[str]) -> Any:
    """The post-hoc's adjusted p-values with rows and columns in the comparison's order of schemes."""
    where = [posthoc.schemes.index(name) for name in schemes]
    return [[posthoc.p_values[i][j] for j in where] for i in where]


def _g(value: float | None) -> str:
    """A statistic or p-value on the page: four significant digits (the exact value in its cell's title)."""
    if value is None:
        return ""
    value = float(value)
    return "?" if math.isnan(value) else format(value, ".4g")


def _cell(value: float, css: str = "num", mark: str = "") -> str:
    return f'<td class="{css}" title="{escape(repr(float(value)))}">{escape(_g(value))}{mark}</td>'


def compare_html(
    comparison: Any,
    path: str | os.PathLike[str] | None = None,
    *,
    method: str = "nemenyi",
    alpha: float | None = None,
    control: int | str | None = None,
    versus: str = "holm",
    bayesian: Sequence[Any] = (),
    title: str | None = None,
    diagram: bool = True,
) -> str:
    """``comparison`` (a :func:`wekaeval.experiment.compare` result) as one self-contained HTML page, written to
    ``path`` (atomically) when given.

    The page holds the table (data set x scheme, each cell's rank beside its mean, the mean ranks under it, the
    data sets left out of the rank tests greyed), Friedman's test (the tie-corrected chi-square and Iman and
    Davenport's F), the all-pairs post-hoc ``method`` (adjusted p-values, those below ``alpha`` marked), the
    comparison with ``control`` (``versus``: ``"holm"`` or ``"bonferroni-dunn"``), WEKA's corrected t-test
    with its marks and its wins/losses ranking beside the mean ranks (for a comparison of a result file), the
    given ``bayesian`` tests (:func:`wekaeval.experiment.signed_rank` results), and the critical-difference
    diagram inline (SVG, with matplotlib; left out, saying so, without it, or with ``diagram=False``).
    """
    level = comparison.alpha if alpha is None else alpha
    posthoc = comparison.posthoc(method)
    against = comparison.versus_control(control, method=versus)
    heading = (
        title or f"{comparison.measure}: {len(comparison.schemes)} schemes over {len(comparison.datasets)} data sets"
    )
    body = [f"<h1>{escape(heading)}</h1>", '<dl class="info">']
    direction = "higher is better" if comparison.higher_is_better else "lower is better"
    complete = len(comparison.datasets) - len(comparison.left_out)
    for label, value in (
        ("Measure", f"{comparison.measure} ({direction})"),
        ("Data sets", f"{len(comparison.datasets)} ({complete} with a result of every scheme, ranked)"),
        ("Schemes", str(len(comparison.schemes))),
        ("Significance level", f"{level:g}"),
        ("Post-hoc test", method),
    ):
        body.append(f"<dt>{escape(label)}</dt><dd>{breakable(value)}</dd>")
    body.append("</dl>")
    body += ["<h2>Means and ranks</h2>", scrolling(_means_table(comparison))]
    if comparison.left_out:
        body.append("<p>Left out of the rank tests (a scheme has no result there):</p><ul>")
        body += [
            f"<li>{escape(dataset)}: no result of {escape(', '.join(schemes))}</li>"
            for dataset, schemes in comparison.left_out.items()
        ]
        body.append("</ul>")
    if diagram:
        body += ["<h2>Critical-difference diagram</h2>", _diagram_figure(comparison, method, alpha)]
    body += ["<h2>Friedman test</h2>", _friedman(comparison.friedman)]
    body += [f"<h2>All pairs: {escape(method)}</h2>", scrolling(_posthoc_table(posthoc, level))]
    body += [f"<h2>Against a control: {escape(against.method)}</h2>", scrolling(_versus_table(against, level))]
    if comparison.weka is not None:
        body += _weka(comparison)
    if bayesian:
        body += ["<h2>Bayesian signed-rank test</h2>", scrolling(_bayesian_table(bayesian))]
    return html_page(heading, _PAGE_CSS, body, path)


def _means_table(comparison: Any) -> str:
    names = comparison.schemes
    rows = ['<table class="means">', "<thead><tr><th>Data set</th>"]
    rows[-1] += "".join(f"<th>{escape(name)}</th>" for name in names) + "</tr></thead>"
    rows.append("<tbody>")
    decimals = _decimals(comparison.table)
    rank_of = {dataset: comparison.ranks[i] for i, dataset in enumerate(comparison.ranked_datasets)}
    for i, dataset in enumerate(comparison.datasets):
        ranks = rank_of.get(dataset)
        cells = []
        for j in range(len(names)):
            value = float(comparison.table[i][j])
            text = "?" if math.isnan(value) else format(value, f".{decimals}f")
            if ranks is None:
                cells.append(f'<td class="num" title="{escape(repr(value))}">{text}</td>')
                continue
            best = " best" if ranks[j] == min(ranks) else ""
            rank = f' <span class="rank">({float(ranks[j]):.1f})</span>'
            cells.append(f'<td class="num{best}" title="{escape(repr(value))}">{text}{rank}</td>')
        css = "" if ranks is not None else ' class="left-out"'
        rows.append(f"<tr{css}><td>{escape(dataset)}</td>{''.join(cells)}</tr>")
    rows.append("</tbody>")
    footer = "".join(
        f'<td class="num" title="{escape(repr(float(rank)))}">{escape(rank_text(float(rank)))}</td>'
        for rank in comparison.mean_ranks
    )
    rows += [f"<tfoot><tr><td>Mean rank</td>{footer}</tr></tfoot>", "</table>"]
    return "\n".join(rows)


def _decimals(table: Any) -> int:
    """Decimals enough for four significant digits of the table's largest value, at least two (a percentage
    as WEKA prints it), at most six: one count for the whole table, so its columns line up."""
    finite = [abs(float(v)) for row in table for v in row if math.isfinite(float(v)) and v != 0]
    if not finite:
        return 2
    return min(6, max(2, 3 - math.floor(math.log10(max(finite)))))


def _diagram_figure(comparison: Any, method: str, alpha: float | None) -> str:
    try:
        svg = critical_difference_diagram(comparison, method=method, alpha=alpha, format="svg").decode("utf-8")
    except ImportError:
        return "<p>The diagram needs matplotlib (pip install 'wekaeval[plot]').</p>"
    return inline_svg(svg, f"Critical-difference diagram of {comparison.measure} ({method})")


def _friedman(friedman: Any) -> str:
    rows = ['<table class="friedman">', "<tr><th>Statistic</th><th>Value</th><th>df</th><th>p</th></tr>"]
    rows.append(
        f"<tr><td>\u03c7\u00b2 (ties corrected; scipy, R)</td>{_cell(friedman.statistic)}"
        f'<td class="num">{friedman.df}</td>{_cell(friedman.p_value)}</tr>'
    )
    rows.append(f'<tr><td>\u03c7\u00b2 (Demšar\'s formula, no tie correction)</td>{_cell(friedman.uncorrected)}'
                f'<td class="num">{friedman.df}</td><td></td></tr>')  # fmt: skip
    rows.append(
        f"<tr><td>Iman and Davenport's F</td>{_cell(friedman.iman_davenport)}"
        f'<td class="num">{friedman.df}, {friedman.df_denominator}</td>{_cell(friedman.iman_davenport_p)}</tr>'
    )
    rows.append("</table>")
    rows.append(f"<p>{friedman.n_datasets} data sets, {friedman.n_schemes} schemes.</p>")
    return "\n".join(rows)


def _posthoc_table(posthoc: Any, level: float) -> str:
    names = posthoc.schemes
    rows = ['<table class="posthoc">', "<tr><th>adjusted p</th>"]
    rows[-1] += "".join(f"<th>{escape(name)}</th>" for name in names) + "</tr>"
    for i, name in enumerate(names):
        cells = []
        for j in range(len(names)):
            if i == j:
                cells.append('<td class="diagonal"></td>')
                continue
            p = float(posthoc.p_values[i][j])
            significant = p < level
            cells.append(_cell(p, "num sig" if significant else "num", " *" if significant else ""))
        rows.append(f"<tr><th>{escape(name)}</th>{''.join(cells)}</tr>")
    rows.append("</table>")
    rows.append(f"<p>*: the pair differs significantly (adjusted p below {level:g}).</p>")
    return "\n".join(rows)


def _versus_table(against: Any, level: float) -> str:
    rows = [
        f"<p>Control: {escape(against.control)}</p>",
        '<table class="versus">',
        "<tr><th>Scheme</th><th>statistic</th><th>p</th><th>adjusted p</th></tr>",
    ]
    for j, name in enumerate(against.schemes):
        p = float(against.p_values[j])
        significant = p < level
        rows.append(
            f"<tr><td>{escape(name)}</td>{_cell(against.statistics[j])}{_cell(against.unadjusted[j])}"
            + _cell(p, "num sig" if significant else "num", " *" if significant else "")
            + "</tr>"
        )
    rows.append("</table>")
    return "\n".join(rows)


def _weka(comparison: Any) -> list[str]:
    analysis = comparison.weka
    order = [analysis.base] + [j for j in range(len(analysis.schemes)) if j != analysis.base]
    body = ["<h2>WEKA's corrected t-test</h2>", scrolling(matrix_table(analysis, order))]
    body.append(
        f"<p>v: significantly better than the base ({escape(analysis.schemes[analysis.base])}); *: significantly "
        f"worse (WEKA's PairedCorrectedTTester at {analysis.significance_level:g}).</p>"
    )
    if comparison.weka_ranking is None:
        return body
    wins = {name: (won, lost) for name, won, lost in comparison.weka_ranking}
    places = {name: place for place, (name, _, _) in enumerate(comparison.weka_ranking, start=1)}
    order_by_rank = sorted(range(len(comparison.schemes)), key=lambda j: (comparison.mean_ranks[j], j))
    body.append("<h2>Ranking: mean ranks beside WEKA's wins and losses</h2>")
    body.append('<table class="ranking">')
    body.append(
        "<tr><th>Scheme</th><th>mean rank</th><th>WEKA: wins \u2212 losses</th><th>wins</th><th>losses</th>"
        "<th>WEKA's place</th></tr>"
    )
    for j in order_by_rank:
        name = comparison.schemes[j]
        won, lost = wins.get(name, (None, None))
        numbers = "<td></td><td></td><td></td><td></td>"
        if won is not None and lost is not None:
            numbers = (
                f'<td class="num">{won - lost}</td><td class="num">{won}</td><td class="num">{lost}</td>'
                f'<td class="num">{places[name]}</td>'
            )
        rank = float(comparison.mean_ranks[j])
        body.append(
            f'<tr><td>{escape(name)}</td><td class="num" title="{escape(repr(rank))}">'
            f"{escape(rank_text(rank))}</td>{numbers}</tr>"
        )
    body.append("</table>")
    return body


def _bayesian_table(tests: Sequence[Any]) -> str:
    rows = [
        '<table class="bayesian">',
        "<tr><th>A</th><th>B</th><th>rope</th><th>P(B \u2212 A &lt; \u2212rope)</th><th>P(rope)</th>"
        "<th>P(B \u2212 A &gt; rope)</th><th>data sets</th><th>samples</th><th>seed</th></tr>",
    ]
    for test in tests:
        rows.append(
            f"<tr><td>{escape(test.scheme_a)}</td><td>{escape(test.scheme_b)}</td>{_cell(test.rope)}{_cell(test.left)}"
            f'{_cell(test.rope_probability)}{_cell(test.right)}<td class="num">{test.count}</td>'
            f'<td class="num">{test.nsamples}</td><td class="num">{test.seed}</td></tr>'
        )
    rows.append("</table>")
    return "\n".join(rows)
