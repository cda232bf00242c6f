"""The comparison as pictures (wekaeval.experiment._cddiagram, _comparison_report): the diagram's geometry, its
files (SVG, PNG, PDF), the HTML page, and a real browser's rendering of both.

:data:`DEMSAR` is Demšar's own example: J. Demšar (2006), Statistical comparisons of classifiers over multiple
data sets, JMLR 7:1-30, Table 6 (AUC of C4.5 and three of its variants on 14 data sets), typed from the paper.
"""

from __future__ import annotations

import html
import math
import re
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.experiment.test_compare import DEMSAR as DEMSAR_TABLE6
from tests.experiment.test_compare import SCHEMES
from tests.paths import ROOT
from tests.report.test_html import assert_self_contained, browser, chromium, parsed, read_png, screenshot  # noqa: F401
from wekaeval.experiment import Comparison, compare, compare_html, critical_difference_diagram
from wekaeval.experiment._cddiagram import (
    DiagramLayout,
    diagram_format,
    diagram_layout,
    draw_diagram,
    p_value_cliques,
    rank_text,
)
from wekaeval.experiment._comparison_report import _layout

DATASETS = tuple(DEMSAR_TABLE6)
DEMSAR = tuple(DEMSAR_TABLE6.values())
#: Demšar's mean ranks of Table 6 (rank 1 = the highest AUC, ties shared), as fractions of 28.
DEMSAR_RANKS = (88 / 28, 56 / 28, 82 / 28, 54 / 28)
EVIL = "<script>alert('x')</script>&amp;"


def svg_texts(svg: bytes) -> list[str]:
    """The text of every ``<text>`` element of an SVG (it parses as XML, or this fails)."""
    root = ElementTree.fromstring(svg)
    return ["".join(element.itertext()) for element in root.iter("{http://www.w3.org/2000/svg}text")]


# -- the geometry ------------------------------------------------------------------------------------------------


def demsar_layout(cd: float | None = 1.2535591471176057) -> DiagramLayout:
    cliques = [("C4.5+m+cf", "C4.5+m", "C4.5+cf"), ("C4.5+cf", "C4.5")]
    return diagram_layout(DEMSAR_RANKS, SCHEMES, cd, cliques)


def test_the_best_rank_is_on_the_right_and_every_scheme_hangs_from_its_mean_rank():
    layout = demsar_layout()
    assert layout.x(1) == layout.axis_right and layout.x(4) == layout.axis_left
    assert [rank for _, rank in layout.ticks] == [1, 2, 3, 4]
    assert [x for x, _ in layout.ticks] == sorted((x for x, _ in layout.ticks), reverse=True)
    marks = {mark.name: mark for mark in layout.schemes}
    assert set(marks) == set(SCHEMES)
    for name, rank in zip(SCHEMES, DEMSAR_RANKS, strict=True):
        assert marks[name].x == layout.x(rank) and marks[name].mean_rank == rank
        assert marks[name].text == f"{name} ({rank_text(rank)})"
    # the better half on the right, best nearest the axis; the other half on the left, worst nearest the axis
    assert [m.name for m in layout.schemes if m.side == "right"] == ["C4.5+m+cf", "C4.5+m"]
    assert [m.name for m in layout.schemes if m.side == "left"] == ["C4.5", "C4.5+cf"]
    assert rank_text(88 / 28) == "3.1429"


def test_the_cd_bar_is_the_critical_difference_in_the_axis_units_and_cliques_span_their_members():
    layout = demsar_layout()
    unit = (layout.axis_right - layout.axis_left) / 3
    assert layout.cd_bar is not None
    start, end, y = layout.cd_bar
    assert math.isclose(end - start, 1.2535591471176057 * unit) and y < layout.axis_y
    assert layout.cd_text == "CD = 1.2536"
    marks = {mark.name: mark for mark in layout.schemes}
    assert [bar.members for bar in layout.cliques] == [("C4.5+m+cf", "C4.5+m", "C4.5+cf"), ("C4.5+cf", "C4.5")]
    for bar in layout.cliques:
        xs = [marks[name].x for name in bar.members]
        assert bar.start < min(xs) and bar.end > max(xs) and bar.y > layout.axis_y
        assert all(bar.y < marks[name].y for name in SCHEMES)  # under the axis, above the names' rows
    assert len({bar.y for bar in layout.cliques}) == 2
    assert demsar_layout(None).cd_bar is None and demsar_layout(None).cd_text == ""


def test_a_clique_of_one_draws_nothing_and_a_stranger_in_a_clique_is_refused():
    assert diagram_layout([1.0, 2.0], ["a", "b"], 0.5, [("a",), ("b",)]).cliques == ()
    with pytest.raises(ValueError, match="'z'"):
        diagram_layout([1.0, 2.0], ["a", "b"], 0.5, [("a", "z")])
    with pytest.raises(ValueError, match="at least 2 schemes"):
        diagram_layout([1.0], ["a"], 0.5, [])
    with pytest.raises(ValueError, match="not a number"):
        diagram_layout([1.0, float("nan")], ["a", "b"], 0.5, [])


@given(
    st.integers(2, 14).flatmap(lambda k: st.tuples(st.just(k), st.lists(st.floats(1, k), min_size=k, max_size=k))),
    st.one_of(st.none(), st.floats(0.01, 20)),
)
def test_generated_layouts_never_cross_a_line_and_stay_inside_the_picture(case, cd):
    k, ranks = case
    names = [f"scheme {j}" + "x" * (j % 5) for j in range(k)]
    order = sorted(range(k), key=lambda j: ranks[j])
    cliques = [tuple(names[j] for j in order[i : i + 2]) for i in range(k - 1)]
    layout = diagram_layout(ranks, names, cd, cliques)
    assert len(layout.schemes) == k and len(layout.cliques) == k - 1
    for side, sign in (("right", -1), ("left", 1)):
        marks = sorted((m for m in layout.schemes if m.side == side), key=lambda m: m.y)
        # a line further from its end turns lower: no horizontal crosses another's vertical
        assert all(sign * (a.x - b.x) <= 0 for a, b in zip(marks, marks[1:], strict=False))
        assert all(layout.axis_left <= m.x <= layout.axis_right for m in marks)
    assert len([m for m in layout.schemes if m.side == "right"]) == (k + 1) // 2
    assert all(0 < m.y < layout.height and 0 < m.end < layout.width for m in layout.schemes)
    if layout.cd_bar is not None:
        assert 0 < layout.cd_bar[0] < layout.cd_bar[1] < layout.width


def test_the_format_is_the_suffix_and_anything_else_is_refused():
    assert diagram_format("x/cd.SVG", None) == "svg" and diagram_format("cd.pdf", None) == "pdf"
    assert diagram_format(None, None) == "svg" and diagram_format("cd.svg", "PNG") == "png"
    for path in ("cd.jpg", "cd", "cd.svg.gz", Path("folder.png/cd")):
        with pytest.raises(ValueError, match=r"\.svg, \.png or \.pdf"):
            diagram_format(path, None)
    with pytest.raises(ValueError, match="format 'eps'"):
        diagram_format("cd.svg", "eps")


# -- the drawing ---------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def drawn() -> dict[str, bytes]:
    pytest.importorskip("matplotlib")
    layout = diagram_layout(DEMSAR_RANKS, (*SCHEMES[:3], EVIL), 1.25, [(SCHEMES[1], EVIL)])
    return {kind: draw_diagram(layout, kind) for kind in ("svg", "png", "pdf")}


def test_each_format_is_a_valid_file_of_its_kind_and_the_same_twice(drawn):
    texts = svg_texts(drawn["svg"])
    assert f"{EVIL} ({rank_text(DEMSAR_RANKS[3])})" in texts  # the name as text, escaped in the XML
    assert "C4.5+m (2.0000)" in texts and "CD = 1.2500" in texts and {"1", "2", "3", "4"} <= set(texts)
    assert drawn["png"].startswith(b"\x89PNG\r\n\x1a\n") and drawn["pdf"].startswith(b"%PDF-")
    assert drawn["pdf"].rstrip().endswith(b"%%EOF")
    layout = diagram_layout(DEMSAR_RANKS, (*SCHEMES[:3], EVIL), 1.25, [(SCHEMES[1], EVIL)])
    assert all(draw_diagram(layout, kind) == data for kind, data in drawn.items())  # no dates: reproducible


def test_the_clique_bars_are_drawn_thick(drawn):
    root = ElementTree.fromstring(drawn["svg"])
    widths = [
        float(found.group(1))
        for element in root.iter("{http://www.w3.org/2000/svg}path")
        if (found := re.search(r"stroke-width:\s*([\d.]+)", element.get("style", "")))
    ]
    assert sum(1 for width in widths if width > 3) == 1 and min(widths) < 1.5


def test_the_png_has_ink_where_the_axis_is(drawn, tmp_path):
    path = tmp_path / "cd.png"
    path.write_bytes(drawn["png"])
    image = read_png(path)
    ink = (image < 128).any(axis=2)
    assert 0.005 < ink.mean() < 0.2
    layout = diagram_layout(DEMSAR_RANKS, (*SCHEMES[:3], EVIL), 1.25, [(SCHEMES[1], EVIL)])
    assert image.shape[:2] == (round(layout.height * 100), round(layout.width * 100))  # 100 dots an inch
    axis = ink[round(layout.axis_y * 100) - 1 : round(layout.axis_y * 100) + 2]
    drawn_from = axis.any(axis=0)[round(layout.axis_left * 100) + 1 : round(layout.axis_right * 100) - 1]
    assert drawn_from.all()  # the axis: one unbroken line from rank k to rank 1


# -- with a comparison ----------------------------------------------------------------------------------------------

EXAMPLE = ROOT / "docs" / "examples" / "experiment.arff"


def demsar(schemes: tuple[str, ...] = SCHEMES, table: object = DEMSAR) -> Comparison:
    return compare(table, datasets=DATASETS, schemes=schemes, measure="Area_under_ROC")


def test_the_diagram_of_demsars_table_draws_his_ranks_cd_and_cliques(tmp_path):
    pytest.importorskip("matplotlib")
    comparison = demsar()
    assert comparison.mean_ranks.tolist() == list(DEMSAR_RANKS)
    for suffix in ("svg", "png", "pdf"):
        path = tmp_path / f"cd.{suffix}"
        data = critical_difference_diagram(comparison, path)
        assert path.read_bytes() == data and data[:4] in (b"<?xm", b"\x89PNG", b"%PDF")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cd.pdf", "cd.png", "cd.svg"]  # no temporary file left
    texts = svg_texts((tmp_path / "cd.svg").read_bytes())
    cd = comparison.critical_difference("nemenyi")
    assert f"CD (nemenyi, \u03b1 = 0.05) = {cd:.4f}" in texts and f"{cd:.4f}" == "1.2536"
    assert {f"{name} ({rank_text(rank)})" for name, rank in zip(SCHEMES, DEMSAR_RANKS, strict=True)} <= set(texts)
    bd = critical_difference_diagram(comparison, method="bonferroni-dunn", alpha=0.1)
    assert f"CD (bonferroni-dunn, \u03b1 = 0.1) = {comparison.critical_difference('bonferroni-dunn', 0.1):.4f}" in (
        svg_texts(bd)
    )


class _Untouchable:
    def __getattr__(self, name: str) -> object:
        raise AssertionError(f"the comparison's {name} was read before the suffix was checked")


def test_an_unknown_suffix_is_refused_before_any_work(tmp_path):
    for path in (tmp_path / "cd.jpg", tmp_path / "cd"):
        with pytest.raises(ValueError, match=r"\.svg, \.png or \.pdf"):
            critical_difference_diagram(_Untouchable(), path)
    with pytest.raises(ValueError, match="format 'eps'"):
        critical_difference_diagram(_Untouchable(), format="eps")
    assert list(tmp_path.iterdir()) == []


def test_the_page_holds_the_table_ranks_tests_and_the_diagram():
    schemes = (*SCHEMES[:3], EVIL)
    comparison = demsar(schemes)
    page = compare_html(comparison, method="holm")
    assert_self_contained(page)
    checker = parsed(page)
    text = "".join(checker.text)
    assert EVIL in text and not [tag for tag, _ in checker.tags if tag == "script"]
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", page[page.index('<table class="means">') :].split("</table>")[0])
    cells = [[re.sub(r"<[^>]+>", "", cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row)] for row in rows[1:]]
    assert [row[0] for row in cells[:-1]] == list(DATASETS)
    assert cells[0][1:] == ["0.763 (4.0)", "0.768 (3.0)", "0.771 (2.0)", "0.798 (1.0)"]  # adult: AUC and rank
    assert cells[-1] == ["Mean rank", "3.1429", "2.0000", "2.9286", "1.9286"]
    friedman = comparison.friedman
    for value in (friedman.statistic, friedman.p_value, friedman.uncorrected, friedman.iman_davenport):
        assert f'title="{value!r}"' in page
    assert 'title="10.952380952380956"' in page  # the tie-corrected chi-square, scipy's and R's
    posthoc = comparison.posthoc("holm")
    marked = [attrs for tag, attrs in checker.tags if tag == "td" and "sig" in attrs.get("class", "")]
    versus = comparison.versus_control(method="holm")
    assert len(marked) == 2 * len(posthoc.significant(0.05)) + sum(1 for p in versus.p_values if p < 0.05)
    labels = [attrs["aria-label"] for tag, attrs in checker.tags if tag == "svg"]
    assert labels == ["Critical-difference diagram of Area_under_ROC (holm)"]
    assert "WEKA's corrected t-test" not in text  # a table has no runs to test


def test_a_left_out_data_set_is_greyed_and_named():
    table = [list(row) for row in DEMSAR]
    table[1][2] = float("nan")
    comparison = demsar(table=table)
    page = compare_html(comparison, diagram=False)
    assert page.count('<tr class="left-out">') == 1 and "breast cancer: no result of C4.5+cf" in page
    assert "<svg" not in page


def test_a_result_file_shows_wekas_marks_and_ranking_beside_the_mean_ranks():
    comparison = compare(EXAMPLE)
    page = compare_html(comparison, diagram=False)
    text = "".join(parsed(page).text)
    assert "WEKA's corrected t-test" in text and '<table class="matrix">' in page
    ranking = page[page.index('<table class="ranking">') :].split("</table>")[0]
    rows = [re.findall(r"<td[^>]*>(.*?)</td>", row) for row in re.findall(r"<tr>(.*?)</tr>", ranking)[1:]]
    assert comparison.weka_ranking is not None
    expected = {name: (str(won - lost), str(won), str(lost)) for name, won, lost in comparison.weka_ranking}
    assert {row[0]: tuple(row[2:5]) for row in rows} == {_escaped(name): v for name, v in expected.items()}
    assert [row[1] for row in rows] == sorted(row[1] for row in rows)  # in order of mean rank


def _escaped(name: str) -> str:
    return html.escape(name, quote=True)


def test_chromium_renders_the_page_with_its_diagram(chromium, tmp_path):  # noqa: F811
    pytest.importorskip("matplotlib")
    page = tmp_path / "compare.html"
    written = compare_html(demsar((*SCHEMES[:3], EVIL)), page)
    dom = browser(chromium, tmp_path / "profile", "--dump-dom", page.as_uri())
    assert dom.returncode == 0, dom.stderr[-2000:]
    assert "<script" not in dom.stdout and "<svg" in dom.stdout and '<table class="means">' in dom.stdout
    assert dom.stdout.count("<tr") == written.count("<tr") > len(DATASETS) + 2  # every row of every table
    image = screenshot(chromium, page, height=1600, painted=lambda image: _longest_black_line(image) > 100)
    longest = _longest_black_line(image)
    # the clique bar: 1.21 ranks of an inch each, about 120 pixels at the screen's 96 an inch
    assert longest > 100, f"no long black line (the diagram's clique bar): {longest} pixels at most"


def _longest_black_line(image: np.ndarray) -> int:
    black = np.all(image < 80, axis=2, keepdims=False)
    return max(_longest_run(black[y]) for y in range(black.shape[0]))


def _longest_run(row: np.ndarray) -> int:
    best = run = 0
    for value in row.tolist():
        run = run + 1 if value else 0
        best = max(best, run)
    return best


@given(
    st.integers(2, 9).flatmap(
        lambda k: st.tuples(st.permutations(range(k)), st.lists(st.booleans(), min_size=k * k, max_size=k * k))
    )
)
def test_p_value_cliques_never_join_a_pair_the_test_separates_and_are_maximal(case):
    order, separated = case
    k = len(order)
    ranks = [float(order.index(j) + 1) for j in range(k)]  # scheme order[0] is the best
    p = [[1.0] * k for _ in range(k)]
    for i in range(k):
        for j in range(i + 1, k):
            p[i][j] = p[j][i] = 0.01 if separated[i * k + j] else 0.5
    groups = p_value_cliques(ranks, p, 0.05)
    for group in groups:
        assert len(group) > 1 and all(p[a][b] >= 0.05 for a in group for b in group if a != b)
        positions = [order.index(j) for j in group]
        assert positions == list(range(positions[0], positions[-1] + 1))  # a run in order of mean rank, best first
    for start in range(k - 1):  # every run of two or more without a separated pair lies inside some group
        for end in range(start + 1, k):
            run = order[start : end + 1]
            if all(p[a][b] >= 0.05 for a in run for b in run if a != b):
                assert any(set(run) <= set(group) for group in groups), (run, groups)


def test_a_diagram_of_holm_joins_what_holm_does_not_separate_and_has_no_cd_bar():
    pytest.importorskip("matplotlib")
    comparison = demsar()
    texts = svg_texts(critical_difference_diagram(comparison, method="holm", alpha=0.1))
    assert not [text for text in texts if text.startswith("CD")]
    assert "holm, \u03b1 = 0.1: a bar joins schemes the test does not tell apart" in texts
    layout, _ = _layout(comparison, "holm", 0.1)
    separated = {frozenset(pair) for pair in comparison.posthoc("holm").significant(0.1)}
    assert separated  # at 0.10 Holm separates C4.5 from the best on Demšar's table: the bars must not join them
    assert len(layout.cliques) > 1
    for bar in layout.cliques:
        assert not any(frozenset((a, b)) in separated for a in bar.members for b in bar.members if a != b)
    with pytest.raises(ValueError, match="alpha"):
        critical_difference_diagram(comparison, method="holm", alpha=1.5)
    with pytest.raises(ValueError, match="method"):
        critical_difference_diagram(comparison, method="tukey")
