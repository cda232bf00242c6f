"""encoding="auto" in every reader: load_arff, read_predictions, read_experiment_results, read_result_matrix
(read_weka_output's own cases are in tests/test_report_stream.py).  A byte-order mark decides, else UTF-8, else
cp1252 with a LegacyEncodingWarning; what nothing decides is an error."""

from __future__ import annotations

import codecs
import warnings
from pathlib import Path

import numpy as np
import pytest

from wekaeval import load_arff, read_experiment_results, read_result_matrix, ttest
from wekaeval.errors import ArffError, LegacyEncodingWarning, PredictionError, WekaOutputError
from wekaeval.report import read_predictions

ROOT = Path(__file__).resolve().parent.parent
EXPERIMENT = ROOT / "docs" / "examples" / "experiment.arff"
ARFF = (
    "@relation caf\u00e9\n@attribute x numeric\n@attribute drink {caf\u00e9,th\u00e9}\n"
    "@data\n1,caf\u00e9\n2,th\u00e9\n3,th\u00e9\n"
)
PREDICTIONS = "predicted\ncaf\u00e9\nth\u00e9\ncaf\u00e9\n"

ENCODINGS = [  # how the bytes are written, what auto records, whether it warns
    (lambda text: text.encode("utf-8"), "utf-8", False),
    (lambda text: codecs.BOM_UTF8 + text.encode("utf-8"), "utf-8", False),
    (lambda text: codecs.BOM_UTF16_LE + text.encode("utf-16-le"), "utf-16-le", False),
    (lambda text: codecs.BOM_UTF16_BE + text.replace("\n", "\r\n").encode("utf-16-be"), "utf-16-be", False),
    (lambda text: text.encode("cp1252"), "cp1252", True),
]


def read_quietly(function, *args, warns: bool, **options):
    if warns:
        with pytest.warns(LegacyEncodingWarning, match="cp1252"):
            return function(*args, **options)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return function(*args, **options)


@pytest.mark.parametrize("write, expected, warns", ENCODINGS)
def test_load_arff_auto(tmp_path, write, expected, warns):
    path = tmp_path / "drinks.arff"
    path.write_bytes(write(ARFF))
    data = read_quietly(load_arff, path, encoding="auto", warns=warns)
    assert data.relation == "caf\u00e9" and data.class_names == ("caf\u00e9", "th\u00e9")
    assert data.encoding == expected  # the codec used, not "auto": what a model needs to read the file again


@pytest.mark.parametrize("write, expected, warns", ENCODINGS)
def test_read_predictions_auto(tmp_path, write, expected, warns):
    (tmp_path / "drinks.arff").write_text(ARFF, encoding="utf-8")
    data = load_arff(tmp_path / "drinks.arff")
    path = tmp_path / "predictions.csv"
    path.write_bytes(write(PREDICTIONS))
    matrix = read_quietly(read_predictions, path, data, encoding="auto", warns=warns)
    assert np.array_equal(matrix.matrix, [[1, 0], [1, 1]])


@pytest.mark.parametrize("write, expected, warns", ENCODINGS)
def test_read_experiment_results_auto(tmp_path, write, expected, warns):
    text = EXPERIMENT.read_text(encoding="utf-8").replace("iris", "'iris caf\u00e9'")
    path = tmp_path / "results.arff"
    path.write_bytes(write(text))
    results = read_quietly(read_experiment_results, path, encoding="auto", warns=warns)
    assert "iris caf\u00e9" in results.column("Key_Dataset")
    assert len(results.rows) == 135


@pytest.mark.parametrize("write, expected, warns", ENCODINGS)
def test_read_result_matrix_auto(tmp_path, write, expected, warns):
    text = ttest(EXPERIMENT).to_text().replace("iris", "iris caf\u00e9")
    path = tmp_path / "matrix.txt"
    path.write_bytes(write(text))
    matrix = read_quietly(read_result_matrix, path, encoding="auto", warns=warns)
    assert matrix.datasets[0] == "iris caf\u00e9"


def test_what_nothing_decides_is_an_error_in_every_reader(tmp_path):
    cyrillic = "\u0442\u0435\u0441\u0442"  # cp1251: neither UTF-8 nor Western text
    (tmp_path / "a.arff").write_bytes(ARFF.replace("caf\u00e9", cyrillic).replace("th\u00e9", "x").encode("cp1251"))
    (tmp_path / "drinks.arff").write_text(ARFF, encoding="utf-8")
    (tmp_path / "p.csv").write_bytes(("predicted\n" + cyrillic + "\n").encode("cp1251"))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", LegacyEncodingWarning)
        with pytest.raises(ArffError, match="nothing decides"):
            load_arff(tmp_path / "a.arff", encoding="auto")
        with pytest.raises(PredictionError, match="nothing decides"):
            read_predictions(tmp_path / "p.csv", load_arff(tmp_path / "drinks.arff"), encoding="auto")
        with pytest.raises(WekaOutputError, match="nothing decides"):
            read_experiment_results(tmp_path / "a.arff", encoding="auto")
