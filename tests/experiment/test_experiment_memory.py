"""The Experimenter's memory: data for WEKA's schemes stays as WEKA reads it, the dense encoding for
scikit-learn is sized before it is built.

A sparse file run with WEKA schemes alone is never read into a dense matrix here (WEKA reads the file itself)
and its rows are WEKA's Experimenter's; so are those of files whose date, string or relational attributes
scikit-learn could not take.  A scikit-learn scheme on data whose dense encoding would exceed the limit is
refused, naming the file and the size, before anything is read into it.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.experiment.test_experiment_run import same_values, weka_experiment, without_timing
from tests.paths import ARFF_SAMPLES
from wekaeval.cli import main
from wekaeval.experiment import run
from wekaeval.models import ModelDataError, _data
from wekaeval.models._shared import model_data

sklearn = pytest.importorskip("sklearn")
from sklearn.naive_bayes import GaussianNB  # noqa: E402

SEED = 20261128


def sparse_arff(path: Path, *, attributes: int = 40, rows: int = 90, seed: int = SEED) -> Path:
    """A sparse ARFF file: numeric attributes, a nominal one, the class last; empty rows, missing values and a
    few instance weights among them."""
    print(f"sparse_arff seed={seed}")
    rng = random.Random(seed)
    lines = ["@relation sparse", ""]
    lines += [f"@attribute a{i} numeric" for i in range(attributes)]
    lines += ["@attribute colour {red,green,blue}", "@attribute class {a,b,c}", "", "@data"]
    for _ in range(rows):
        cells = []
        for index in sorted(rng.sample(range(attributes), rng.choice([0, 0, 1, 3, 6]))):
            cells.append(f"{index} {'?' if rng.random() < 0.1 else rng.randint(1, 9) / 4}")
        if rng.random() < 0.5:
            cells.append(f"{attributes} {rng.choice(['green', 'blue'])}")
        if rng.random() < 0.7:
            cells.append(f"{attributes + 1} {rng.choice(['b', 'c'])}")
        weight = f",{{{rng.choice([2, 0.5])}}}" if rng.random() < 0.1 else ""
        lines.append("{" + ",".join(cells) + "}" + weight)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def never_dense(monkeypatch) -> None:
    """Reading a file's values for the dense encoding fails the test."""

    def refuse(*args, **kwargs):
        raise AssertionError("the attribute values were read for a dense encoding")

    monkeypatch.setattr(_data, "read_arff_rows", refuse)


def test_data_for_weka_schemes_is_not_encoded(tmp_path, monkeypatch):
    never_dense(monkeypatch)
    data = model_data(sparse_arff(tmp_path / "sparse.arff"), features=False)
    assert not data.encoded and data.num_instances == 90 and data.class_names == ("a", "b", "c")
    assert data.feature_names == (*(f"a{i}" for i in range(40)), "colour")
    with pytest.raises(ModelDataError, match="sparse.arff was read for WEKA's schemes only"):
        _ = data.X
    dates = model_data(ARFF_SAMPLES / "dates.arff", features=False)  # a date attribute is WEKA's to read
    assert not dates.encoded and dates.num_instances == 120


def test_a_sparse_file_with_weka_schemes_is_wekas_experiment_and_never_dense(weka_jvm, tmp_path, monkeypatch):
    sparse = sparse_arff(tmp_path / "sparse.arff")
    datasets = [sparse, ARFF_SAMPLES / "dates.arff", ARFF_SAMPLES / "dialect.arff"]
    schemes = ["weka.classifiers.rules.ZeroR", "weka.classifiers.trees.J48 -C 0.25 -M 2"]
    weka = weka_experiment(tmp_path / "weka.arff", datasets, schemes, runs=2, folds=3)
    never_dense(monkeypatch)
    ours = run(datasets, schemes, runs=2, folds=3, results=tmp_path / "ours.arff", progress=False)
    assert ours.columns == weka.columns and len(ours.rows) == len(weka.rows) == 2 * 3 * 2 * 3
    for mine, theirs in zip(without_timing(ours), without_timing(weka), strict=True):
        assert same_values(mine, theirs), (mine[:6], theirs[:6])


def test_string_and_relational_attributes_are_wekas_to_read(weka_jvm, tmp_path, monkeypatch):
    datasets = [ARFF_SAMPLES / "text-test.arff", ARFF_SAMPLES / "multi-instance.arff"]
    weka = weka_experiment(tmp_path / "weka.arff", datasets, ["weka.classifiers.rules.ZeroR"], runs=1, folds=2)
    never_dense(monkeypatch)
    ours = run(
        datasets, ["weka.classifiers.rules.ZeroR"], runs=1, folds=2, results=tmp_path / "ours.arff", progress=False
    )
    assert len(ours.rows) == len(weka.rows) == 4
    for mine, theirs in zip(without_timing(ours), without_timing(weka), strict=True):
        assert same_values(mine, theirs), (mine[:6], theirs[:6])


def test_an_oversized_dense_encoding_is_refused_before_it_is_read(tmp_path, monkeypatch, capsys):
    sparse = sparse_arff(tmp_path / "sparse.arff")
    never_dense(monkeypatch)
    # 90 rows x (40 numeric + 3 one-hot) x 8 bytes = 30,960 bytes, or x (40 + 1 ordinal) = 29,520
    monkeypatch.setattr(_data, "dense_limit", lambda: 30_000)
    with pytest.raises(ModelDataError) as refused:
        run([sparse], [GaussianNB()], runs=1, folds=2, results=tmp_path / "r.arff", progress=False)
    message = str(refused.value)
    assert str(sparse) in message and "90 rows x 43 encoded columns x 8 bytes = 31.0 kB" in message
    assert "over the 30.0 kB allowed" in message and "WEKA's schemes alone on it, keep fewer" in message
    assert message.endswith("nominal ones as one column (ordinal)")
    assert not (tmp_path / "r.arff").exists()

    status = main(["experiment", str(sparse), "-s", "sklearn.naive_bayes.GaussianNB", "-o", str(tmp_path / "r.arff")])
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1 and err.startswith("wekaeval: error: ")
    assert "WEKA's schemes alone" in err

    monkeypatch.undo()  # one column per nominal attribute fits; so does the whole with a larger limit
    monkeypatch.setattr(_data, "dense_limit", lambda: 29_520)
    data = model_data(sparse, nominal="ordinal")
    assert data.encoded and data.X.shape == (90, 41)


def test_the_limit_is_a_share_of_the_memory_available(monkeypatch):
    available = _data._available_memory()
    assert available is not None and available > 0  # MemAvailable, or the physical memory
    monkeypatch.setattr(_data, "_available_memory", lambda: 8 << 30)
    assert _data.dense_limit() == 1 << 30
    monkeypatch.setattr(_data, "_available_memory", lambda: None)
    assert _data.dense_limit() == 2 << 30
