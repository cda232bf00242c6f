"""The HTML pages (wekaeval._html): escaping, structure, the CLI, and a real headless browser's rendering.

``tests/oracles/fixtures/weka-3.9.7-nb-credit-g-predictions.txt`` is WEKA 3.9.7's own output (the weka.jar of
python-weka-wrapper3): ``java weka.classifiers.bayes.NaiveBayes -t arff_samples/credit-g.arff
-split-percentage 92 -classifications "weka.classifiers.evaluation.output.prediction.PlainText -distribution"``.

The browser test renders with Debian's chromium (``make test`` installs it where apt-get can); outside CI it
skips when there is none, under ``CI=true`` it fails.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import struct
import subprocess
import zlib
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path

import numpy as np
import pytest

from tests.paths import FIXTURES, ROOT
from wekaeval import read_weka_output
from wekaeval._html import parity_html, report_html, roc_points
from wekaeval.cli import main
from wekaeval.parity import ParityRow

EXAMPLE_LOG = ROOT / "docs" / "examples" / "j48-iris.log"
PREDICTIONS_LOG = FIXTURES / "weka-3.9.7-nb-credit-g-predictions.txt"
EVIL = "<script>document.title='pwned'</script>\"&'"
VOID = {"meta", "br", "hr", "img", "input", "link", "col", "area", "base", "wbr", "source"}
SVG_LEAVES = {"rect", "line", "polyline", "path", "circle"}


class _Checker(HTMLParser):
    """Collects tags, text, and nesting errors: every opened element closed in order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.tags: list[tuple[str, dict]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1:] or 'nothing'}")
        else:
            self.stack.pop()

    def handle_data(self, data):
        self.text.append(data)


def parsed(page: str) -> _Checker:
    checker = _Checker()
    checker.feed(page)
    checker.close()
    assert checker.errors == [] and checker.stack == [], (checker.errors, checker.stack)
    return checker


def assert_self_contained(page: str) -> None:
    assert page.startswith("<!DOCTYPE html>")
    assert (
        "http://" not in page
        and "https://" not in page
        and "//" not in re.sub(r"<style>.*?</style>", "", page, flags=re.S)
    )
    lowered = page.lower()
    assert "<script" not in lowered and "<link" not in lowered and "url(" not in lowered and "@import" not in lowered


def parity_rows(evil: str = EVIL) -> list[ParityRow]:
    return [
        ParityRow(
            f"data/{evil}.arff",
            f"weka.classifiers.trees.J48 -C 0.25 {evil}",
            14,
            0.5,
            0.5,
            True,
            weka_confusion_matrix=[[4.0, 1.0], [2.0, 7.0]],
            python_confusion_matrix=[[4.0, 1.0], [2.0, 7.0]],
            weka_version="3.9.7",
            java_version="17",
        ),
        ParityRow(
            "data/iris.arff",
            "weka.classifiers.rules.ZeroR",
            150,
            0.0,
            1e-17,
            False,
            weka_confusion_matrix=[[50.0, 0, 0], [50.0, 0, 0], [50.0, 0, 0]],
            differences=("kappa",),
        ),
        ParityRow(
            "data/numeric.arff",
            "weka.classifiers.trees.J48",
            None,
            None,
            None,
            None,
            skipped=f"Cannot handle numeric class! {evil}",
        ),
        ParityRow(
            "data/numeric.arff",
            "weka.classifiers.functions.LinearRegression",
            20,
            None,
            None,
            True,
            weka_correlation=0.9876,
            python_correlation=0.9876,
        ),
    ]


def evil_report_text() -> str:
    """j48-iris.log with a class and a relation named like markup."""
    text = EXAMPLE_LOG.read_text()
    return text.replace("Iris-setosa", "<script>x</script>").replace("Iris-virginica", "v\"&'<b>")


# -- pure Python ---------------------------------------------------------------------------------------


def test_parity_page_escapes_every_data_string_and_is_well_formed():
    page = parity_html(parity_rows())
    assert_self_contained(page)
    checker = parsed(page)
    text = "".join(checker.text)
    assert EVIL in text  # shown as text, all of it ...
    assert [tag for tag, _ in checker.tags if tag == "script"] == []  # ... and no element made of it
    assert "&lt;script&gt;document.title=&#x27;pwned&#x27;&lt;/script&gt;&quot;&amp;&#x27;" in page
    assert "2 identical, 1 skipped, 1 differ (4 runs)" in text
    assert "\u2713 identical" in text and "\u2717 mismatch" in text and "skipped: Cannot handle numeric class!" in text
    assert "1e-17" in text and "r 0.9876" in text
    heat = [attrs for tag, attrs in checker.tags if tag == "table" and attrs.get("class") == "heat"]
    assert len(heat) == 2  # the two nominal rows
    cells = [attrs["style"] for tag, attrs in checker.tags if tag == "td" and "background" in attrs.get("style", "")]
    assert len(cells) == 4 + 9 and "background:rgb(255,255,255);color:#222" in cells  # an empty cell is white


def test_report_page_escapes_class_names_and_shows_every_block():
    report = read_weka_output(evil_report_text())
    page = report_html(report)
    assert_self_contained(page)
    checker = parsed(page)
    text = "".join(checker.text)
    assert "<script>x</script>" in text and "v\"&'<b>" in text
    assert [tag for tag, _ in checker.tags if tag in ("script", "b")] == []
    titles = [section.title for section in report.sections]
    assert titles == ["Error on training data", "Stratified cross-validation"]
    assert all(title in text for title in titles)
    assert text.count("Kappa statistic") == 2 and text.count("Weighted Avg.") == 2
    assert sum(1 for tag, attrs in checker.tags if tag == "table" and attrs.get("class") == "heat") == 2


def test_report_page_draws_a_roc_curve_per_class_from_the_distributions():
    page = report_html(read_weka_output(PREDICTIONS_LOG))
    assert_self_contained(page)
    checker = parsed(page)
    curves = [attrs for tag, attrs in checker.tags if tag == "polyline"]
    assert len(curves) == 2
    labels = [attrs["aria-label"] for tag, attrs in checker.tags if tag == "svg"]
    assert labels == ["ROC curve of class good", "ROC curve of class bad"]
    points = [tuple(map(float, p.split(","))) for p in curves[0]["points"].split()]
    assert points[0][1] > points[-1][1] and points[0][0] < points[-1][0]  # from (0, 0) at the bottom left


def test_report_page_marks_the_contradicted_cell_and_prints_values_as_weka_printed_them():
    """Issue 35, item 13: the contradicted kappa's cell is marked (class and title); ``1.000`` stays ``1.000``."""
    text = EXAMPLE_LOG.read_text()
    start = text.index("=== Stratified cross-validation ===")
    page = report_html(read_weka_output(io.StringIO(text[:start] + text[start:].replace("0.94  ", "0.95  ", 1))))
    assert_self_contained(page)
    checker = parsed(page)
    marked = [attrs for tag, attrs in checker.tags if "contradicted" in attrs.get("class", "")]
    assert marked == [
        {
            "class": "num contradicted",
            "title": "line 65 (Stratified cross-validation): kappa is 0.95, the confusion matrix gives 0.94",
        }
    ]
    assert re.search(r'<td class="num contradicted" title="[^"]*">0\.95</td>', page)
    assert '<tr><th>Kappa statistic</th><td class="num">0.97</td>' in page  # the other section's: not marked
    setosa = re.search(r"<tr><th>Iris-setosa</th>(.*?)</tr>", page)
    assert setosa is not None and setosa.group(1).count('<td class="num">1.000</td>') == 7
    assert '<td class="num">0.000</td>' in setosa.group(1)
    assert '<td class="num">147 (98 %)</td>' in page  # WEKA's "147               98      %"
    plugins = report_html(read_weka_output(ROOT / "docs" / "examples" / "j48-iris-kappa-package.log"))
    assert '<tr><th>Kappa z</th><td class="num">16.802</td>' in plugins  # a plugin's line, as printed


def test_roc_points_count_ties_as_one_step():
    fpr, tpr = roc_points([0.9, 0.8, 0.8, 0.3], [True, True, False, False])
    assert np.array_equal(fpr, [0.0, 0.0, 0.5, 1.0]) and np.array_equal(tpr, [0.0, 0.5, 1.0, 1.0])
    fpr, tpr = roc_points([0.9, 0.3], [True, True])
    assert np.isnan(fpr[-1]) and tpr[-1] == 1.0


# -- the command line -----------------------------------------------------------------------------------


def test_report_command_writes_the_page(tmp_path, capsys):
    out = tmp_path / "iris.html"
    assert main(["report", str(EXAMPLE_LOG), "--html", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    assert page == report_html(read_weka_output(EXAMPLE_LOG)) and "Iris-versicolor" in page
    assert capsys.readouterr() == ("", "")


def test_report_command_with_predictions_and_an_encoding(tmp_path):
    log = tmp_path / "predictions.log"
    log.write_bytes(PREDICTIONS_LOG.read_text().replace("good", "g\u00e9od").encode("cp1252"))
    out = tmp_path / "predictions.html"
    assert main(["report", str(log), "--html", str(out), "--encoding", "cp1252"]) == 0
    page = out.read_text(encoding="utf-8")
    assert page.count("<polyline") == 2 and "ROC curve of class g\u00e9od" in page


@pytest.mark.parametrize(
    "argv, message",
    [
        (["report", "nowhere.log", "--html", "x.html"], "nowhere.log"),
        (["report", str(EXAMPLE_LOG)], "the following arguments are required: --html"),
        (["report", str(ROOT / "pyproject.toml"), "--html", "x.html"], "no WEKA evaluation output here"),
        (["report", str(EXAMPLE_LOG), "--html", "no/such/folder/x.html"], "no/such/folder/x.html"),
        (["report", str(EXAMPLE_LOG), "--html", "x.html", "--encoding", "klingon"], "klingon"),
    ],
)
def test_report_command_errors_are_one_line_and_exit_2(tmp_path, monkeypatch, capsys, argv, message):
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("wekaeval: error: ") and message in err
    assert not (tmp_path / "x.html").exists()


@pytest.mark.jvm
def test_parity_html_is_the_page_of_the_rows(weka_jvm, tmp_path, capsys):
    out_html, out_json = tmp_path / "parity.html", tmp_path / "parity.json"
    status = main(
        [
            "parity",
            str(ROOT / "arff_samples" / "picnic.arff"),
            "--classifier",
            "ZeroR",
            "--html",
            str(out_html),
            "--json",
            str(out_json),
        ]
    )
    assert status == 0, capsys.readouterr().err
    page = out_html.read_text(encoding="utf-8")
    assert_self_contained(page)
    text = "".join(parsed(page).text)
    assert "1 identical, 0 skipped, 0 differ (1 runs)" in text and "picnic.arff" in text
    assert "weka.classifiers.rules.ZeroR" in text and page.count('class="heat"') == 1


# -- a real browser ---------------------------------------------------------------------------------------


def read_png(path: Path) -> np.ndarray:
    """An 8-bit RGB or RGBA, non-interlaced PNG (what chromium writes) as a height x width x channels array."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    position, chunks, header = 8, [], None
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position : position + 8])
        body = data[position + 8 : position + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        position += 12 + length
    assert header is not None, "no IHDR chunk"
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, header
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(chunks))
    stride = width * channels
    image = np.zeros((height, stride), dtype=np.uint8)
    previous = np.zeros(stride, dtype=np.int64)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], np.frombuffer(raw, np.uint8, stride, y * (stride + 1) + 1).astype(np.int64)
        if kind == 0:
            row = line
        elif kind == 1:  # Sub: a running sum per channel
            row = np.cumsum(line.reshape(width, channels), axis=0).reshape(stride) % 256
        elif kind == 2:  # Up
            row = (line + previous) % 256
        else:  # Average, Paeth: byte by byte
            decoded, up = bytearray(stride), previous.tolist()
            for i, value in enumerate(line.tolist()):
                left = decoded[i - channels] if i >= channels else 0
                if kind == 3:
                    decoded[i] = (value + (left + up[i]) // 2) & 255
                else:
                    corner = up[i - channels] if i >= channels else 0
                    guess = left + up[i] - corner
                    a, b, c = abs(guess - left), abs(guess - up[i]), abs(guess - corner)
                    decoded[i] = (value + (left if a <= b and a <= c else up[i] if b <= c else corner)) & 255
            row = np.frombuffer(bytes(decoded), np.uint8).astype(np.int64)
        image[y], previous = row, row
    return image.reshape(height, width, channels)[:, :, :3]


@pytest.fixture(scope="module")
def chromium():
    found = shutil.which("chromium")
    if found is None:
        reason = "no chromium on PATH (make test installs Debian's where apt-get can: apt-get install chromium)"
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true needs the browser: {reason}")
        pytest.skip(reason)
    return found


def browser(chromium: str, profile: Path, *arguments: str, height: int = 900) -> subprocess.CompletedProcess:
    command = [
        chromium,
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--run-all-compositor-stages-before-draw",  # a screenshot of the whole page, however loaded the machine
        "--virtual-time-budget=10000",
        f"--user-data-dir={profile}",
        f"--window-size=1200,{height}",
        *arguments,
    ]
    return subprocess.run(command, capture_output=True, text=True, timeout=60, env={**os.environ, "HOME": str(profile)})


def screenshot(chromium: str, page: Path, *, painted: Callable[[np.ndarray], bool], height: int = 900) -> np.ndarray:
    """``page`` as headless chromium paints it, 1200 pixels wide and ``height`` tall (beside it, as a .png).

    On a loaded machine chromium's headless screenshot has come back, now and then, with a band at its bottom left
    unpainted (the t-test page's chart bars, 2026-11-28, and again 2026-11-29 in one of four fresh-clone runs,
    despite ``--run-all-compositor-stages-before-draw``): while ``painted(image)`` -- what the test asserts of the
    pixels -- is false, the shot is taken again, three times in all, so a page that lacks what it looks for fails.
    """
    shot = page.with_suffix(".png")
    for _ in range(3):
        done = browser(chromium, page.parent / "profile", f"--screenshot={shot}", page.as_uri(), height=height)
        assert done.returncode == 0 and shot.is_file(), done.stderr[-2000:]
        image = read_png(shot)
        if painted(image):
            break
    return image


def test_chromium_renders_the_pages(chromium, tmp_path):
    parity_page, report_page = tmp_path / "parity.html", tmp_path / "report.html"
    parity_page.write_text(parity_html(parity_rows()), encoding="utf-8")
    report_page.write_text(report_html(read_weka_output(PREDICTIONS_LOG)), encoding="utf-8")

    dom = browser(chromium, tmp_path / "profile", "--dump-dom", parity_page.as_uri())
    assert dom.returncode == 0, dom.stderr[-2000:]
    assert "<title>wekaeval parity</title>" in dom.stdout  # the class named <script> set no title
    assert dom.stdout.count("<tr>") == 1 + 4 + 3 + 4 and "&lt;script&gt;document.title=" in dom.stdout
    assert "<script" not in dom.stdout

    # the parity page (its columns wrap the long names, two matrices under them) is about 1000 pixels tall
    parity = screenshot(chromium, parity_page, height=1400, painted=lambda image: heat_diagonal(image) > 500)
    report = screenshot(chromium, report_page, painted=lambda image: roc_lines(image) > 200)
    assert parity.shape == (1400, 1200, 3) and report.shape == (900, 1200, 3)

    ink = (parity < 200).any(axis=2)  # darker than a table's light grey
    table = ink[60:260, 20:1000]  # the summary line and the rows, below the heading
    assert table.mean() > 0.02, f"the table's region is blank: {table.mean():.4f} of it inked"
    assert ink[1300:, :].mean() < 0.01  # below the page's end stays white: not garbage all over
    assert heat_diagonal(parity) > 500  # the heat maps' blue diagonal
    assert roc_lines(report) > 200  # the ROC curves' blue lines


def heat_diagonal(image: np.ndarray) -> int:
    red, green, blue = (image[:, :, k].astype(int) for k in range(3))
    return int(((blue - red > 80) & (blue - green > 40)).sum())


def roc_lines(image: np.ndarray) -> int:
    red, _, blue = (image[:, :, k].astype(int) for k in range(3))
    return int(((blue - red > 100) & (blue > 150)).sum())
