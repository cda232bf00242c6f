"""Folders of WEKA outputs: ``parse``, ``check`` and ``report`` over files and folders (recursive, ``--glob``),
:func:`wekaeval.read_weka_outputs`, one CSV / JSON / HTML page / frame with each file's encoding and check result."""

from __future__ import annotations

import codecs
import csv
import io
import json
from pathlib import Path

import numpy as np
import pytest

from tests.paths import ROOT
from wekaeval import read_weka_output, read_weka_outputs, ttest
from wekaeval.cli import main

EXAMPLE_LOG = ROOT / "docs" / "examples" / "j48-iris.log"
EXPERIMENT = ROOT / "docs" / "examples" / "experiment.arff"

PREDICTIONS_ONLY = """
=== Predictions on test data ===

    inst#     actual  predicted error prediction
        1      1:yes      1:yes       1 
        2       2:no      1:yes   +   0.6 

"""


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def mixed(tmp_path: Path) -> Path:
    """A folder as users keep them, written here: every encoding, line ends, a tampered kappa, a t-test table,
    a predictions-only log, a broken file, a subfolder, and a binary file and a hidden one (both left out)."""
    text = EXAMPLE_LOG.read_text(encoding="utf-8")
    western = text.replace("J48", "J48 caf\u00e9 \u201cpruned\u201d")
    folder = tmp_path / "logs"
    (folder / "sub").mkdir(parents=True)
    (folder / "a-utf8.log").write_text(western, encoding="utf-8")
    (folder / "b-utf16.log").write_bytes(codecs.BOM_UTF16_LE + western.encode("utf-16-le"))
    (folder / "c-cp1252.log").write_bytes(western.encode("cp1252"))
    (folder / "d-crlf.log").write_bytes(text.replace("\n", "\r\n").encode("utf-8"))
    start = text.index("=== Stratified cross-validation ===")
    (folder / "e-tampered.log").write_text(text[:start] + text[start:].replace("0.94  ", "0.95  ", 1))
    (folder / "f-ttest.txt").write_text(ttest(EXPERIMENT).to_text(), encoding="utf-8")
    (folder / "g-broken.log").write_text(text[: text.index("Kappa statistic")] + "Kappa statistic  zero\n")
    (folder / "sub" / "h-predictions.log").write_text(PREDICTIONS_ONLY)
    (folder / "model.bin").write_bytes(b"\xac\xed\x00\x05sr\x00\x10weka.classifiers")
    (folder / ".hidden.log").write_text(text)
    return folder


EXPECTED = {  # file -> (encoding, check)
    "a-utf8.log": ("utf-8", "consistent"),
    "b-utf16.log": ("utf-16", "consistent"),
    "c-cp1252.log": ("cp1252", "consistent"),
    "d-crlf.log": ("utf-8", "consistent"),
    "e-tampered.log": ("utf-8", "inconsistent"),
    "f-ttest.txt": ("", "error"),
    "g-broken.log": ("", "error"),
    "sub/h-predictions.log": ("utf-8", "nothing to check"),
}


def test_a_mixed_folder_is_one_csv_and_one_html_page(capsys, mixed, tmp_path):
    table = tmp_path / "all.csv"
    status, out, err = run(capsys, "parse", "--csv", str(mixed), "-o", str(table))
    assert status == 2 and out == ""  # two files failed: each one line on stderr, a row in the CSV
    assert len(err.splitlines()) == 2 and "f-ttest.txt" in err and "g-broken.log" in err
    rows = list(csv.DictReader(table.read_text(encoding="utf-8").splitlines()))
    by_file: dict[str, list[dict[str, str]]] = {}
    for row in rows:
        by_file.setdefault(Path(row["file"]).relative_to(mixed).as_posix(), []).append(row)
    assert list(by_file) == list(EXPECTED)
    for name, (encoding, check) in EXPECTED.items():
        for row in by_file[name]:
            assert encoding.startswith(row["encoding"]) or row["encoding"].startswith(encoding), name
            assert row["check"] == check, name
            assert bool(row["error"]) == (check == "error"), name
    assert "Experimenter" in by_file["f-ttest.txt"][0]["error"] or "t-test" in by_file["f-ttest.txt"][0]["error"]
    assert by_file["g-broken.log"][0]["error"].startswith(str(mixed / "g-broken.log"))
    tampered = by_file["e-tampered.log"]
    flagged = [row for row in tampered if row["inconsistencies"]]
    assert len(flagged) == 1 and "kappa" in flagged[0]["inconsistencies"].lower()
    assert all(row["weka_versions"] for name, rows in by_file.items() if EXPECTED[name][1] != "error" for row in rows)

    page = tmp_path / "all.html"
    status, out, err = run(capsys, "report", str(mixed), "--html", str(page))
    assert status == 2 and out == "" and len(err.splitlines()) == 2
    html = page.read_text(encoding="utf-8")
    index = html[html.index('<table class="files">') : html.index("</table>")]
    for name, (_, check) in EXPECTED.items():
        row = index[index.index(str(mixed / name)) :]
        row = row[: row.index("</tr>")]
        assert f">{check}" in row, name
    assert html.count('<h2 id="file-') == len(EXPECTED)
    assert "model.bin" not in html and ".hidden" not in html
    assert html.count('class="flagged">inconsistent') >= 1 and "kappa" in html.lower()


def test_json_and_frames_carry_each_files_check(capsys, mixed):
    status, out, _ = run(capsys, "parse", "--json", str(mixed))
    documents = json.loads(out)
    assert status == 2 and [Path(d["source"]).relative_to(mixed).as_posix() for d in documents] == list(EXPECTED)
    assert [d["check"] for d in documents] == [check for _, check in EXPECTED.values()]
    assert all(("error" in d) == (d["check"] == "error") for d in documents)

    results = read_weka_outputs(mixed)
    assert [file.check_state for file in results] == [check for _, check in EXPECTED.values()]
    assert results.files[2].encoding == "cp1252" and results.files[1].encoding.startswith("utf-16")
    assert len(results.failed) == 2
    pandas = pytest.importorskip("pandas")
    frame = results.to_frame()
    assert isinstance(frame, pandas.DataFrame) and list(frame.columns[:6]) == [
        "file",
        "encoding",
        "weka_versions",
        "check",
        "inconsistencies",
        "error",
    ]
    assert frame["inconsistencies"].str.contains("kappa", case=False).sum() == 1
    assert set(frame["check"]) == {"consistent", "inconsistent", "nothing to check", "error"}


def test_glob_and_recursion(capsys, mixed):
    status, out, err = run(capsys, "check", str(mixed), "--glob", "*.log")
    assert status == 2 and "f-ttest.txt" not in out + err and "h-predictions.log: nothing to check" in out
    assert out.splitlines()[-1] == (
        "7 files: 4 consistent, 1 with inconsistencies, 1 with nothing to check, 1 unreadable or not WEKA output"
    )
    status, out, err = run(capsys, "check", str(mixed), "--glob", "*.none")
    assert status == 2 and "no files to read in the folder (none matches '*.none')" in err


def test_check_on_a_file_with_nothing_checkable_says_so(capsys, tmp_path):
    log = tmp_path / "p.log"
    log.write_text(PREDICTIONS_ONLY)
    status, out, err = run(capsys, "check", str(log))
    assert (status, err) == (0, "")
    assert out == (
        f"{log}: nothing to check (1 section, none with a confusion matrix or an unclassified count to "
        "recompute anything from)\n"
    )


def test_report_of_a_folder_is_not_is_a_directory(capsys, tmp_path):
    folder = tmp_path / "logs"
    folder.mkdir()
    (folder / "iris.log").write_text(EXAMPLE_LOG.read_text())
    page = folder / "index.html"
    for _ in range(2):  # the page itself, written into the folder, is left out the second time
        status, out, err = run(capsys, "report", str(folder), "--html", str(page))
        assert (status, out, err) == (0, "", "")
        html = page.read_text(encoding="utf-8")
        assert "Is a directory" not in html and html.count('<h2 id="file-') == 1 and ">consistent" in html


def test_a_single_files_page_flags_a_tampered_kappa(tmp_path):
    from wekaeval._html import report_html

    text = EXAMPLE_LOG.read_text()
    start = text.index("=== Stratified cross-validation ===")
    log = tmp_path / "edited.log"
    log.write_text(text[:start] + text[start:].replace("0.94  ", "0.95  ", 1))
    page = report_html(read_weka_output(log))
    assert '<p class="flagged">inconsistent: 1 printed values contradicted</p>' in page
    assert "consistent (2 of 2 sections have a confusion matrix to check)" in report_html(read_weka_output(EXAMPLE_LOG))


def _nominal_log(seed: int) -> str:
    """WEKA's three blocks of a nominal evaluation, printed by wekaeval's port (drawn with ``seed``)."""
    from wekaeval import Evaluation

    rng = np.random.default_rng(seed)
    evaluation = Evaluation(["yes", "no", "maybe"])
    evaluation.evaluate_batch(rng.dirichlet([1, 1, 1], size=40), rng.integers(0, 3, size=40))
    return "\n".join([evaluation.summary("=== Summary ===\n"), evaluation.class_details(), evaluation.matrix(), ""])


def _numeric_log(seed: int, unclassified: bool) -> str:
    """A numeric class's summary (no confusion matrix), with one unclassified instance or none."""
    from wekaeval import Evaluation

    rng = np.random.default_rng(seed)
    actual = rng.normal(size=30)
    predicted = actual + 0.3 * rng.normal(size=30)
    if unclassified:
        predicted[4] = np.nan
    evaluation = Evaluation(None)
    evaluation.set_priors(actual)
    evaluation.evaluate_batch(predicted, actual)
    return "\n" + evaluation.summary("=== Cross-validation ===\n")


@pytest.fixture
def checked_folder(tmp_path: Path, seed: int) -> Path:
    """Consistent, inconsistent, numeric-only (nothing to check, and an unclassified count to check) and
    unreadable logs, all generated here."""
    folder = tmp_path / "logs"
    folder.mkdir()
    (folder / "a-consistent.log").write_text(_nominal_log(seed))
    text = _nominal_log(seed + 1)
    kappa_line = next(line for line in text.splitlines() if line.startswith("Kappa statistic"))
    edited = kappa_line[:-6] + ("0.1234" if not kappa_line.endswith("0.1234") else "0.4321")
    (folder / "b-inconsistent.log").write_text(text.replace(kappa_line, edited))
    (folder / "c-numeric.log").write_text(_numeric_log(seed, unclassified=False))
    (folder / "d-numeric-unclassified.log").write_text(_numeric_log(seed, unclassified=True))
    (folder / "e-notes.txt").write_text("not WEKA\n")
    (folder / "f-cut.log").write_text(text[: text.index("Kappa statistic")] + "Kappa statistic  zero\n")
    return folder


CHECKED_STATES = {
    "a-consistent.log": "consistent",
    "b-inconsistent.log": "inconsistent",
    "c-numeric.log": "nothing to check",
    "d-numeric-unclassified.log": "consistent",
    "e-notes.txt": "error",
    "f-cut.log": "error",
}


def test_check_says_nothing_to_check_where_nothing_was_recomputed_and_its_counts_add_up(capsys, checked_folder):
    """Issue 35, item 5: a numeric class's summary has no confusion matrix -- its errors follow from no other
    printed number, so nothing is checked; its unclassified percentage does follow from the counts."""
    status, out, err = run(capsys, "check", str(checked_folder))
    assert status == 2 and len(err.splitlines()) == 2
    lines = out.splitlines()
    consistent = "consistent (1 of 1 sections have a confusion matrix to check)"
    assert f"{checked_folder / 'a-consistent.log'}: {consistent}" in lines
    assert (
        f"{checked_folder / 'c-numeric.log'}: nothing to check (1 section, none with a confusion matrix or an "
        "unclassified count to recompute anything from)"
    ) in lines
    assert (
        f"{checked_folder / 'd-numeric-unclassified.log'}: consistent (1 of 1 sections checked: 1 only for its "
        "unclassified percentage (no confusion matrix))"
    ) in lines
    assert any(line.startswith(f"{checked_folder / 'b-inconsistent.log'}:line") and "kappa" in line for line in lines)
    assert lines[-1] == (
        "6 files: 2 consistent, 1 with inconsistencies, 1 with nothing to check, 2 unreadable or not WEKA output"
    )
    # the same states in the CSV, the JSON and the HTML page
    status, out, _ = run(capsys, "parse", "--csv", str(checked_folder))
    rows = list(csv.DictReader(io.StringIO(out)))
    assert status == 2 and {Path(row["file"]).name: row["check"] for row in rows} == CHECKED_STATES
    status, out, _ = run(capsys, "parse", "--json", str(checked_folder))
    documents = {Path(document["source"]).name: document for document in json.loads(out)}
    assert {name: document["check"] for name, document in documents.items()} == CHECKED_STATES
    assert documents["c-numeric.log"]["checked"].startswith("1 section, none with a confusion matrix")
    page = checked_folder.parent / "page.html"
    status, _, _ = run(capsys, "report", str(checked_folder), "--html", str(page))
    html = page.read_text(encoding="utf-8")
    assert status == 2
    assert (
        '<p class="summary-line">6 files: 2 consistent, 1 with inconsistencies, 1 with nothing to check, '
        "2 unreadable or not WEKA output</p>"
    ) in html
    assert "<td>nothing to check</td>" in html and "<p>nothing to check (1 section, none with" in html
    assert "<p>consistent (1 of 1 sections checked: 1 only for its unclassified percentage" in html


def test_a_tampered_unclassified_percentage_of_a_numeric_class_is_found(capsys, tmp_path, seed):
    text = _numeric_log(seed, unclassified=True)
    log = tmp_path / "numeric.log"
    log.write_text(text.replace("3.3333 %", "3.4    %"))
    assert "3.3333 %" in text
    status, out, _ = run(capsys, "check", str(log))
    assert status == 1 and "percent_unclassified is 3.4, the unclassified and total counts give 3.3333" in out
