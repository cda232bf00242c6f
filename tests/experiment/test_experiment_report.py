"""The t-test as a picture (wekaeval.experiment._report): the HTML page, the chart, the CLI, a real browser.

The result files are the project's example (``docs/examples/experiment.arff``) and that file with its
dataset and scheme renamed to markup, written by the tests.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import numpy as np
import pytest

from tests.paths import ROOT
from tests.report.test_html import assert_self_contained, browser, chromium, parsed, read_png, screenshot  # noqa: F401
from wekaeval import ttest
from wekaeval.cli import main
from wekaeval.experiment import ttest_chart, ttest_html
from wekaeval.javamath import quote

EXAMPLE = ROOT / "docs" / "examples" / "experiment.arff"
EVIL = "<script>document.title='pwned'</script>&amp;"
EVIL_SCHEME = "weka.classifiers.rules.<b>Zero</b>R"


@pytest.fixture
def evil_file(tmp_path: Path) -> Path:
    """The example with ``iris`` named :data:`EVIL` and ZeroR named :data:`EVIL_SCHEME` (quoted as ARFF)."""
    text = EXAMPLE.read_text(encoding="utf-8")
    text = text.replace("{iris,", "{" + quote(EVIL) + ",")
    text = re.sub(r"^iris,", lambda _: quote(EVIL) + ",", text, flags=re.M)
    text = text.replace("weka.classifiers.rules.ZeroR", quote(EVIL_SCHEME))
    path = tmp_path / "evil.arff"
    path.write_text(text, encoding="utf-8")
    return path


def cells_of(page: str) -> list[list[str]]:
    """The result matrix's body rows, each cell's text with its spaces collapsed."""
    body = page[page.index('<table class="matrix">') : page.index("</table>")]
    body = body[body.index("<tbody>") : body.index("</tbody>")]
    rows = re.findall(r"<tr>(.*?)</tr>", body, flags=re.S)
    cells = [re.findall(r"<td[^>]*>(.*?)</td>", row) for row in rows]
    return [[" ".join(re.sub(r"<[^>]+>", "", cell).split()) for cell in row] for row in cells]


@pytest.mark.parametrize("base", [0, 1])
def test_the_table_holds_every_mean_std_dev_and_mark_of_the_analysis(base):
    analysis = ttest(EXAMPLE, "Percent_correct", base=base, show_std_devs=True)
    page = ttest_html(analysis, chart=False)
    parsed(page)
    assert_self_contained(page)
    order = [base] + [j for j in range(3) if j != base]
    expected = []
    for i in analysis.row_order:
        row = [analysis.datasets[i], f"{analysis.cells[i][base].count:.0f}"]
        for j in order:
            cell = analysis.cells[i][j]
            mark = "" if j == base or cell.significance == "" else " " + cell.significance
            row.append(f"{cell.mean:.2f} ({cell.std_dev:.2f}){mark}")
        expected.append(row)
    assert cells_of(page) == expected
    counts = analysis.counts()
    for j in order[1:]:
        assert "({})".format("/".join(map(str, counts[analysis.schemes[j]]))) in page
    marks = [cell.significance for row in analysis.cells for j, cell in enumerate(row) if j != base]
    assert page.count('<span class="win">v</span>') == marks.count("v")
    assert page.count('<span class="loss">*</span>') == marks.count("*")
    assert marks.count("*" if base else "v") > 0  # the example has marks of the kind each base gives


def test_a_result_file_is_analysed_and_every_data_string_escaped(evil_file):
    page = ttest_html(evil_file, measure="Kappa_statistic")
    checker = parsed(page)
    assert_self_contained(page)
    assert "<script" not in page and "<b>" not in page
    text = "".join(checker.text)
    assert quote(EVIL) in text, "the dataset, as WEKA names it"
    assert "rules.<b>Zero</b>R" in text and "Kappa_statistic" in text
    assert page == ttest_html(ttest(evil_file, "Kappa_statistic", show_std_devs=True))
    assert [tag for tag, _ in checker.tags].count("svg") == 1  # the chart, inline


def test_the_chart_is_png_or_svg_deterministic_and_written_atomically(tmp_path):
    analysis = ttest(EXAMPLE, show_std_devs=True)
    png = ttest_chart(analysis, tmp_path / "chart.png")
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and (tmp_path / "chart.png").read_bytes() == png
    image = read_png(tmp_path / "chart.png")
    red, green, blue = (image[:, :, k].astype(int) for k in range(3))
    assert ((red < 20) & (abs(green - 0x72) < 20) & (blue > 160)).sum() > 500  # the base's blue bars
    svg = ttest_chart(EXAMPLE, tmp_path / "chart.svg")
    assert svg.startswith(b"<?xml") and b"<svg" in svg and svg == ttest_chart(EXAMPLE, format="SVG")
    assert svg.count(b">v<") == 4  # the four significant wins over ZeroR, marked as WEKA marks them
    assert sorted(p.name for p in tmp_path.iterdir()) == ["chart.png", "chart.svg"]  # no temporary left
    with pytest.raises(ValueError, match="png, svg or pdf, not 'gif'"):
        ttest_chart(analysis, tmp_path / "chart.gif")


def test_without_matplotlib_the_page_says_so_and_the_chart_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    with pytest.raises(ImportError, match=r"wekaeval\[plot\]"):
        ttest_chart(EXAMPLE)
    page = ttest_html(EXAMPLE)
    parsed(page)
    assert "<svg" not in page and "The chart needs matplotlib" in page


def test_ttest_command_writes_the_page_and_the_chart(tmp_path, capsys):
    page, chart = tmp_path / "t.html", tmp_path / "t.svg"
    assert main(["ttest", str(EXAMPLE), "--std-devs", "--html", str(page), "--chart", str(chart)]) == 0
    printed = capsys.readouterr().out
    assert "(2/1/0)" in printed  # the Analyse panel's text is still printed
    assert page.read_text(encoding="utf-8") == ttest_html(ttest(EXAMPLE, show_std_devs=True))
    assert chart.read_bytes() == ttest_chart(EXAMPLE, format="svg")
    assert main(["ttest", str(EXAMPLE), "--chart", str(tmp_path / "t.gif")]) == 2
    assert capsys.readouterr().err.strip().count("\n") == 0


def bars(image: np.ndarray) -> tuple[int, int]:
    """How many pixels of the chart's blue bars and of its orange ones a screenshot holds."""
    red, green, blue = (image[:, :, k].astype(int) for k in range(3))
    return (
        int(((red < 20) & (abs(green - 0x72) < 25) & (blue > 160)).sum()),
        int(((red > 200) & (green > 130) & (green < 180) & (blue < 40)).sum()),
    )


def test_chromium_renders_the_page(chromium, evil_file, tmp_path):  # noqa: F811
    page = tmp_path / "ttest.html"
    page.write_text(ttest_html(ttest(evil_file, show_std_devs=True)), encoding="utf-8")
    dom = browser(chromium, tmp_path / "profile", "--dump-dom", page.as_uri())
    assert dom.returncode == 0, dom.stderr[-2000:]
    assert "<title>Percent_correct: the corrected paired t-test</title>" in dom.stdout  # no script set it
    assert "<script" not in dom.stdout and "&lt;script&gt;document.title=" in dom.stdout
    image = screenshot(chromium, page, painted=lambda image: min(bars(image)) > 500)
    assert image.shape == (900, 1200, 3)
    ink = (image < 200).any(axis=2)
    assert ink[250:450, 20:650].mean() > 0.02  # the result matrix
    blue, orange = bars(image)
    assert blue > 500 and orange > 500  # the chart's blue bars and its orange ones
    assert np.array_equal(image[0, 0], [255, 255, 255])


def test_the_chart_is_also_a_pdf_for_papers_the_same_bytes_each_time(tmp_path):
    """ttest --chart c.pdf (issue 35, item 8): a PDF, deterministic (no creation date)."""
    pdf = ttest_chart(EXAMPLE, tmp_path / "chart.pdf")
    assert pdf.startswith(b"%PDF-") and pdf.rstrip().endswith(b"%%EOF")
    assert (tmp_path / "chart.pdf").read_bytes() == pdf == ttest_chart(EXAMPLE, format="pdf")
