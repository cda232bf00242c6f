"""Every HTML page wraps its text at word boundaries (issue 35, item 13): the shared CSS and markup
(wekaeval._htmlpage), and a headless chromium's measure of each page's cells -- no word on two lines.

The parity page broke words anywhere (``cross-validati`` / ``on``, ``weka.classifie`` / ``rs.trees.J48``) and a
skip reason squeezed its column into 13 lines and more.  The browser part skips without chromium, and fails
without it under ``CI=true`` (as tests/report/test_html.py's).
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from tests.paths import ROOT
from tests.report.test_html import EXAMPLE_LOG, browser, chromium, parsed  # noqa: F401
from wekaeval import read_weka_output, ttest
from wekaeval._html import parity_html, report_html, reports_html
from wekaeval._htmlpage import BASE_CSS, breakable
from wekaeval.experiment import compare, compare_html, ttest_html
from wekaeval.parity import ParityRow
from wekaeval.report import read_weka_outputs

EXPERIMENT = ROOT / "docs" / "examples" / "experiment.arff"
REASON = (
    "weka.core.UnsupportedAttributeTypeException: weka.classifiers.functions.LinearRegression: Cannot handle "
    "nominal class! Capabilities of weka.classifiers.functions.LinearRegression do not allow a nominal class "
    "attribute (weka.core.Capabilities.test)"
)


def long_rows() -> list[ParityRow]:
    """A parity run as the issue saw it: long dataset paths and classifier options, a long skip reason."""
    rows = []
    for i in range(4):
        rows.append(
            ParityRow(
                f"arff_samples/credit-g-with-a-long-name-{i}.arff",
                "weka.classifiers.functions.MultilayerPerceptron -L 0.3 -M 0.2 -N 500 -V 0 -S 0 -E 20 -H a",
                1000,
                0.123456789,
                0.123456789,
                True,
                class_attribute="class",
                class_names=("good", "bad"),
            )
        )
        rows.append(
            ParityRow(f"arff_samples/cpu-{i}.arff", "weka.classifiers.trees.J48", None, None, None, None, REASON)
        )
    return rows


def pages() -> dict[str, str]:
    analysis = ttest(EXPERIMENT, show_std_devs=True)
    return {
        "parity": parity_html(long_rows()),
        "report": report_html(read_weka_output(EXAMPLE_LOG)),
        "reports": reports_html(list(read_weka_outputs([EXAMPLE_LOG]))),
        "ttest": ttest_html(analysis, chart=False),
        "compare": compare_html(compare(EXPERIMENT), diagram=False),
    }


# -- the CSS and the markup ---------------------------------------------------------------------------------


def test_every_page_wraps_at_word_boundaries_only():
    for name, page in pages().items():
        style = re.search(r"<style>(.*?)</style>", page, re.S).group(1)
        assert BASE_CSS in style, name  # one home for the rules
        assert "anywhere" not in style and "break-all" not in style and "break-word" not in style, name
        parsed(page)  # <wbr> and the scrolling divs keep the page well formed
    assert "overflow-wrap: normal; word-break: normal;" in BASE_CSS and "div.scroll { overflow-x: auto;" in BASE_CSS


def test_parity_table_scrolls_breaks_names_after_dots_and_gives_the_reason_room():
    page = parity_html(long_rows())
    assert '<div class="scroll"><table class="parity">' in page and "</table></div>" in page
    assert "weka.<wbr>classifiers.<wbr>functions.<wbr>MultilayerPerceptron -L 0.3 -M 0.2" in page
    assert "arff_samples/<wbr>cpu-0.<wbr>arff" in page and '<td class="mode">cross-validation</td>' in page
    assert '<td class="verdict"><span class="skip">skipped: weka.<wbr>core.' in page
    assert re.search(r"table\.parity td\.verdict \{ min-width: \d+em; \}", page)
    numbers = re.findall(r'<td class="num">(.*?)</td>', page)
    assert numbers and all("<wbr>" not in cell for cell in numbers)  # a number never breaks


@pytest.mark.parametrize(
    "text, shown",
    [
        ("weka.classifiers.trees.J48", "weka.<wbr>classifiers.<wbr>trees.<wbr>J48"),
        ("-C 0.25 -M 2 3.9.7 1e-17", "-C 0.25 -M 2 3.9.7 1e-17"),  # numbers and versions whole
        ("C:\\data\\iris.arff", "C:\\<wbr>data\\<wbr>iris.<wbr>arff"),
        ("<b>.x & 'y'", "&lt;b&gt;.<wbr>x &amp; &#x27;y&#x27;"),
        ("cross-validation", "cross-validation"),
    ],
)
def test_breakable_marks_dots_and_slashes_and_escapes_the_rest(text, shown):
    assert breakable(text) == shown
    assert html.unescape(shown.replace("<wbr>", "")) == text


# -- a real browser --------------------------------------------------------------------------------------------

#: Appended to a copy of a page (the pages themselves have no script): for every cell, list item and
#: description, the lines its words sit on, and each word (a run of letters between spaces and hyphens; a
#: <wbr> ends a text node) whose letters are on more than one line.
MEASURE = """<script>
const found = [];
for (const cell of document.querySelectorAll('td, th, dd, li')) {
  const tops = new Set(), split = [];
  const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const word of node.data.matchAll(/[^\\s\\-]+/g)) {
      const range = document.createRange();
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const lines = new Set(Array.from(range.getClientRects()).filter(r => r.width > 0).map(r => Math.round(r.top)));
      lines.forEach(top => tops.add(top));
      if (lines.size > 1) split.push(word[0]);
    }
  }
  found.push({cls: cell.className, text: cell.textContent.slice(0, 50), lines: tops.size, split: split});
}
const out = document.createElement('pre');
out.id = 'measured';
out.textContent = JSON.stringify(found);
document.body.appendChild(out);
</script>"""


def measured(binary: str, tmp_path: Path, name: str, page: str, width: int) -> list[dict]:
    path = tmp_path / f"{name}-{width}.html"
    path.write_text(page.replace("</body>", MEASURE + "</body>"), encoding="utf-8")
    done = browser(binary, tmp_path / "profile", f"--window-size={width},900", "--dump-dom", path.as_uri())
    assert done.returncode == 0, done.stderr[-2000:]
    found = re.search(r'<pre id="measured">(.*?)</pre>', done.stdout, re.S)
    assert found, done.stdout[-2000:]
    return json.loads(html.unescape(found.group(1)))


@pytest.mark.parametrize("width", [1200, 1600])
def test_chromium_splits_no_word_on_any_page(chromium, tmp_path, width):  # noqa: F811
    for name, page in pages().items():
        cells = measured(chromium, tmp_path, name, page, width)
        assert len(cells) > 10, name
        split = [(cell["text"], cell["split"]) for cell in cells if cell["split"]]
        assert split == [], (name, width, split)
        if name == "parity":
            reasons = [cell["lines"] for cell in cells if cell["cls"] == "verdict" and "skipped" in cell["text"]]
            assert len(reasons) == 4 and max(reasons) <= 10, reasons  # was 18 lines at 1200 pixels
