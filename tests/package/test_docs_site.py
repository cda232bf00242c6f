"""The documentation site: ``mkdocs build --strict`` passes offline and builds every page, and
``wekaeval parity --markdown`` writes the parity page's table."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.paths import ROOT
from wekaeval.cli import main
from wekaeval.cli._parity import _markdown_cell
from wekaeval.javamath import java_platform

PAGES = (
    "",
    "migrating",
    "showing-parity",
    "parity",
    "quirks",
    "arff",
    "weka-output",
    "evaluation",
    "kappa",
    "experimenter",
    "java-math",
    "performance",
    "cli",
    "api",
    "architecture",
    "development",
)


def test_the_site_builds_strictly_with_every_page(tmp_path):
    site = tmp_path / "site"
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )  # no end-of-life banner
    assert done.returncode == 0, done.stderr
    for page in PAGES:
        assert (site / page / "index.html").is_file(), page
    api = (site / "api" / "index.html").read_text(encoding="utf-8")
    assert "kappa_stats" in api and "read_weka_output" in api


def test_markdown_cells_escape_what_would_break_the_table():
    assert _markdown_cell("a | b\nc") == r"a \| b<br>c"
    assert _markdown_cell("x_y *z* <T> [1]") == r"x\_y \*z\* &lt;T&gt; \[1\]"
    assert _markdown_cell("") == ""


@pytest.mark.jvm
def test_parity_writes_a_markdown_page(weka_jvm, capsys, tmp_path):
    picnic, page = str(ROOT / "arff_samples" / "picnic.arff"), tmp_path / "parity.md"
    assert main(["parity", picnic, "--classifier", "ZeroR", "--markdown", str(page)]) == 0
    out, _ = capsys.readouterr()
    lines = page.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "# Parity report"
    assert f"wekaeval parity {picnic} --classifier ZeroR --markdown {page}" in lines
    header = lines.index("| dataset | classifier | instances | WEKA kappa/r | Python kappa/r | identical |")
    assert lines[header + 1] == "|---|---|--:|---|---|---|"
    cells = lines[header + 2].strip("|").split(" | ")
    shown = os.path.relpath(picnic)  # relative to where the run started
    assert [cell.strip() for cell in cells] == [shown.replace("_", r"\_"), "ZeroR", "14", "0.0", "0.0", "yes"]
    assert lines[header + 3] == ""
    summary = out.splitlines()[-1]
    assert summary.startswith("1 identical, 0 skipped, 0 differ") and summary in lines
    assert lines[-3].startswith("- WEKA: 3.") and lines[-2].startswith("- Java: ")
    assert lines[-1] == "- Java arithmetic reproduced: " + _markdown_cell(java_platform().describe())
