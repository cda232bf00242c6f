"""encoding="auto" in every reader: load_arff, read_predictions, read_experiment_results, read_result_matrix
(read_weka_output's own cases are in tests/report/test_report_stream.py).  A byte-order mark decides, else UTF-8, else
cp1252 with a LegacyEncodingWarning; what nothing decides is an error."""

from __future__ import annotations

import codecs
import warnings

import numpy as np
import pytest

from tests.paths import ROOT
from wekaeval import load_arff, read_experiment_results, read_result_matrix, ttest
from wekaeval.errors import ArffError, LegacyEncodingWarning, PredictionError, WekaOutputError
from wekaeval.report import read_predictions

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


# -- a file in two encodings is refused, never read as mojibake (issue 33, finding 11) ---------------------------

MIXED = [  # the bytes, the line the error names
    (b"predicted\ncaf\xe9\nth\xc3\xa9\ncaf\xe9\n", 3),  # cp1252, then UTF-8: cp1252 would read 'th\xc3\xa9'
    (b"predicted\nth\xc3\xa9\ncaf\xe9\ncaf\xe9\n", 3),  # UTF-8, then cp1252
    (b"predicted\ncaf\xe9\ncaf\xe9\nth\xe2\x80\x99\n", 4),  # a three-byte UTF-8 character after cp1252
]


@pytest.mark.parametrize(("raw", "line"), MIXED)
def test_a_file_mixing_cp1252_and_utf8_is_refused_naming_the_line(tmp_path, raw, line):
    (tmp_path / "drinks.arff").write_text(ARFF.replace("th\u00e9}", "th\u00e9,th\u2019}"), encoding="utf-8")
    dataset = load_arff(tmp_path / "drinks.arff")
    path = tmp_path / "p.csv"
    path.write_bytes(raw)
    arff = tmp_path / "mixed.arff"
    arff.write_bytes(ARFF.encode("cp1252").replace(b"3,th\xe9", b"3,th\xc3\xa9"))  # the last row in UTF-8
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", LegacyEncodingWarning)
        with pytest.raises(PredictionError, match=rf"^{path}:{line}: .*mixed encodings"):
            read_predictions(path, dataset, encoding="auto")
        with pytest.raises(ArffError, match=r"mixed encodings") as error:
            load_arff(arff, encoding="auto")
    assert error.value.line == 7


def test_a_utf8_character_split_between_two_reads_is_seen(tmp_path):
    """The reader decodes a MiB at a time: a UTF-8 character across the boundary is found all the same."""
    from wekaeval._textsource import _CHUNK_BYTES, read_text

    head = b"x\xe9\n"  # cp1252 on line 1
    filler = b"a" * (_CHUNK_BYTES - len(head) - 1)
    path = tmp_path / "split.txt"
    path.write_bytes(head + filler + b"\xc3\xa9\n")  # the UTF-8 '\u00e9' starts on the last byte of the first read
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", LegacyEncodingWarning)
        with pytest.raises(WekaOutputError, match=r":2: mixed encodings"):
            read_text(path, WekaOutputError, encoding="auto")
    path.write_bytes(head + filler + b"\xc9\n")  # cp1252 throughout: read, with its warning
    with pytest.warns(LegacyEncodingWarning):
        assert read_text(path, WekaOutputError, encoding="auto")[1].endswith("a\u00c9\n")
