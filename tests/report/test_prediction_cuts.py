"""A predictions log cut anywhere is never scored as complete: WEKA's CSV and PlainText tables, and this project's CSV.

Finding 9 of issue 33: a CSV row cut inside a number is still a row (``*0.978`` -> ``*0.97``), so 306 of
7,452 cuts were read as complete and ``wekaeval evaluate`` printed changed error measures with exit 0.  Here
WEKA prints the predictions (its command line in a child JVM), the log is cut at every byte inside its last
lines and at a seeded sample of the others, and every cut is refused (:func:`read_predictions`, ``evaluate``)
or flagged (:func:`read_weka_output` marks the table incomplete, :meth:`WekaReport.check` reports it).
"""

from __future__ import annotations

import csv
import random
import re

import pytest

from tests.oracles.command_lines import print_all
from tests.oracles.weka_runs import ARFF_SAMPLES
from wekaeval import WekaOutputError, read_weka_output
from wekaeval.arff import load_arff
from wekaeval.cli import main
from wekaeval.errors import PredictionError
from wekaeval.report import read_predictions

IRIS = ARFF_SAMPLES / "iris.arff"
OUTPUT = "weka.classifiers.evaluation.output.prediction"

#: WEKA's tables for NaiveBayes on iris (-T: one row per instance, in order): probabilities of every kind.
TABLES = {
    "csv-distribution": f"{OUTPUT}.CSV -distribution",
    "csv-attributes": f"{OUTPUT}.CSV -p 1",
    "plaintext-distribution": f"{OUTPUT}.PlainText -distribution",
}


@pytest.fixture(scope="module")
def printed(weka_jvm) -> dict[str, bytes]:
    """What WEKA prints for each table, from its first line (WEKA's blank lines and heading) to its end (the
    three command lines in one child JVM: tests/oracles/command_lines.py)."""
    nb = ["weka.classifiers.bayes.NaiveBayes", "-t", str(IRIS), "-T", str(IRIS), "-classifications"]
    found = {}
    for name, done in zip(TABLES, print_all([[*nb, output] for output in TABLES.values()]), strict=True):
        assert done.status == 0, done.error_text()
        found[name] = done.stdout
    return found


def cut_points(raw: bytes, seed: int, tail_lines: int = 2, sample: int = 60) -> list[int]:
    """Every offset inside the last ``tail_lines`` lines and ``sample`` others (seeded); none right after a line
    end or inside the spaces a PlainText row starts with (a cut there drops whole rows: the row count tells)."""
    starts = [i + 1 for i, byte in enumerate(raw) if byte == ord("\n")]
    tail_start = starts[-tail_lines - 1]
    inside = [n for n in range(1, len(raw)) if raw[n - 1] != ord("\n") and raw[:n].rsplit(b"\n", 1)[-1].strip()]
    tail = [n for n in inside if n >= tail_start]
    rest = [n for n in inside if n < tail_start]
    return sorted(tail + random.Random(seed).sample(rest, min(sample, len(rest))))


@pytest.mark.jvm
@pytest.mark.parametrize("name", TABLES)
def test_no_cut_inside_a_line_of_wekas_predictions_is_read_as_complete(printed, tmp_path, seed, name):
    raw = printed[name]
    dataset = load_arff(IRIS)
    whole = tmp_path / "whole.txt"
    whole.write_bytes(raw)
    assert read_weka_output(whole).check() == []
    read_predictions(whole, dataset)  # the whole log scores
    accepted, flagged = [], 0
    path = tmp_path / "cut.txt"
    for n in cut_points(raw, seed):
        if name.startswith("plaintext") and raw[n : n + 1] == b"\n":
            continue  # only the line end lost: a PlainText row ends with its space, so the row is whole
        path.write_bytes(raw[:n])
        try:
            report = read_weka_output(path)
        except WekaOutputError as error:
            assert str(path) in str(error) and error.line is not None
        else:
            if report.check() == []:
                accepted.append(raw[max(0, n - 30) : n])
            flagged += 1
        with pytest.raises(PredictionError, match=rf"^{re.escape(str(path))}:"):
            read_predictions(path, dataset)
    assert accepted == []
    if name.startswith("csv"):
        assert flagged  # a cut CSV row is a row still: read, and marked incomplete


@pytest.mark.jvm
def test_evaluate_refuses_a_csv_log_cut_inside_a_number(printed, tmp_path, capsys):
    raw = printed["csv-distribution"]
    last = raw.rstrip(b"\n")
    assert last[-2:].isdigit()  # the last probability has two digits or more: cut one, it is a number still
    path = tmp_path / "cut.csv"
    path.write_bytes(last[:-1])
    status = main(["evaluate", str(path), "--data", str(IRIS)])
    out, err = capsys.readouterr()
    assert status == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"wekaeval: error: {path}:{len(last.splitlines())}: the last row has no line end")
    assert "cut short?" in err
    path.write_bytes(raw)
    assert main(["evaluate", str(path), "--data", str(IRIS)]) == 0


def write_ours(path, rows: list[list[str]]) -> bytes:
    with path.open("w", newline="") as handle:
        writer = csv.writer(handle)  # \r\n line ends, as Python's csv writes them
        writer.writerow(["Iris-setosa", "Iris-versicolor", "Iris-virginica"])
        writer.writerows(rows)
    return path.read_bytes()


def test_no_cut_of_our_csv_predictions_is_read_as_complete(tmp_path, seed):
    dataset = load_arff(IRIS)
    generator = random.Random(seed)
    rows = []
    for value in dataset.class_values:  # the actual class most probable, the others a little
        cells = [generator.randint(0, 40) / 1000 for _ in range(2)]
        cells.insert(int(value), 1 - sum(cells))
        rows.append([f"{x:.3f}" for x in cells])
    whole = tmp_path / "ours.csv"
    raw = write_ours(whole, rows)
    read_predictions(whole, dataset)
    path = tmp_path / "cut.csv"
    for n in range(len(raw) - 60, len(raw)):  # the last two rows, every byte; line ends: a row fewer
        if raw[n - 1 : n] == b"\r":
            continue  # the "\n" of a "\r\n" lost: the "\r" ends the row, whole
        path.write_bytes(raw[:n])
        with pytest.raises(PredictionError, match=rf"^{re.escape(str(path))}:"):
            read_predictions(path, dataset)
