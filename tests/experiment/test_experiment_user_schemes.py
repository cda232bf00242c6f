"""Missing values in experiments: a user's own estimator on the command line (``-s models.py:NAME``), a scheme
that fails on a dataset reported by name while every other row is written (exit status 6, RowsMissing), and
the done-when run: datasets with ``?`` and a scikit-learn scheme, every row written."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

pytest.importorskip("sklearn")
from sklearn.naive_bayes import GaussianNB  # noqa: E402

from tests.paths import ARFF_SAMPLES  # noqa: E402
from wekaeval import read_experiment_results  # noqa: E402
from wekaeval.cli import main  # noqa: E402
from wekaeval.experiment import RowsMissing, run  # noqa: E402

MODELS = """
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.naive_bayes import GaussianNB
from sklearn.pipeline import make_pipeline
from sklearn.tree import DecisionTreeClassifier

from wekaeval.sklearn import ReplaceMissingValues

nb = make_pipeline(ReplaceMissingValues(), GaussianNB())


class Shifted(TransformerMixin, BaseEstimator):
    def fit(self, X, y=None):
        return self

    def transform(self, X):
        return X + 1.0


custom = make_pipeline(ReplaceMissingValues(), Shifted(), GaussianNB())


tree = make_pipeline(ReplaceMissingValues(), DecisionTreeClassifier(random_state=0))


def make_tree():
    raise AssertionError("a function named by --scheme is never called")


not_a_model = 42
"""


@pytest.fixture
def folder(tmp_path):
    """Two of the project's datasets with missing values, and a models.py beside them."""
    data = tmp_path / "data"
    data.mkdir()
    for name in ("small-mixed", "ballots"):
        shutil.copy(ARFF_SAMPLES / f"{name}.arff", data / f"{name}.arff")
    (tmp_path / "models.py").write_text(MODELS)
    return tmp_path


def _experiment(folder, *schemes, extra=()):
    argv = ["experiment", str(folder / "data"), "--runs", "2", "--folds", "2", "-o", str(folder / "out.arff")]
    for scheme in schemes:
        argv += ["-s", scheme]
    return main([*argv, *extra])


@pytest.mark.jvm
def test_missing_values_and_a_user_pipeline_give_every_row(weka_jvm, folder, capsys):
    models = str(folder / "models.py")
    assert _experiment(folder, "weka.classifiers.trees.J48", f"{models}:nb", f"{models}:tree") == 0
    results = read_experiment_results(folder / "out.arff")
    assert len(results) == 2 * 3 * 2 * 2  # datasets x schemes x runs x folds
    keys = {(row["Key_Scheme"], row["Key_Scheme_options"]) for row in results.records()}
    assert ("sklearn.pipeline.Pipeline", next(o for s, o in keys if "GaussianNB" in o)) in keys
    assert any("ReplaceMissingValues()" in options and "DecisionTreeClassifier" in options for _, options in keys)
    capsys.readouterr()
    # resumed: the keys of a user's scheme read back as written, nothing is computed again
    assert _experiment(folder, "weka.classifiers.trees.J48", f"{models}:nb", f"{models}:tree") == 0
    assert len(read_experiment_results(folder / "out.arff")) == 24


def test_a_file_in_a_folder_with_spaces_and_an_importable_module(folder, monkeypatch):
    spaced = folder / "my models"
    spaced.mkdir()
    (spaced / "zoo.py").write_text(MODELS)
    monkeypatch.syspath_prepend(str(folder / "my models"))
    for scheme in (f"{spaced / 'zoo.py'}:nb", "zoo:tree"):
        assert _experiment(folder, scheme, extra=["--fresh"]) == 0
        assert len(read_experiment_results(folder / "out.arff")) == 8


def test_two_worker_processes_rebuild_a_users_scheme(folder):
    """The worker processes unpickle the pipeline, a class the file defines included (the file's folder joins
    their import path): the same values as one process computes."""
    models = str(folder / "models.py")
    assert _experiment(folder, f"{models}:custom", extra=["--workers", "2"]) == 0
    serial = folder / "serial.arff"
    argv = ["experiment", str(folder / "data"), "--runs", "2", "--folds", "2", "-o", str(serial)]
    argv += ["-s", f"{models}:custom"]
    assert main(argv) == 0
    measure = "Percent_correct"
    assert read_experiment_results(folder / "out.arff").column(measure) == (
        read_experiment_results(serial).column(measure)
    )


def test_a_failing_scheme_is_named_and_the_other_rows_are_kept(folder, capsys):
    models = str(folder / "models.py")
    status = _experiment(folder, "sklearn.naive_bayes.GaussianNB", f"{models}:nb")
    err = capsys.readouterr().err
    assert status == 6
    lines = err.splitlines()
    failed = [line for line in lines if "failed on" in line]
    named = "wekaeval: error: sklearn.naive_bayes.GaussianNB failed on "
    assert len(failed) == 2 and all(line.startswith(named) for line in failed)
    # scikit-learn's whole message, its line breaks as spaces: nothing cut, no literal \n
    end = "#estimators-that-handle-nan-values"
    assert all("Input X contains NaN. GaussianNB" in line and line.endswith(end) for line in failed)
    assert all("\\n" not in line for line in lines)
    assert lines[-1].startswith("wekaeval: error: 8 of 16 rows are in ") and "computed again" in lines[-1]
    assert len(read_experiment_results(folder / "out.arff")) == 8  # the pipeline's rows


def test_the_python_api_raises_after_writing_the_rest(folder):
    with pytest.raises(RowsMissing) as raised:
        run(folder / "data", [GaussianNB()], runs=1, folds=2, results=folder / "api.arff", progress=False)
    assert len(raised.value.failures) == 4 and raised.value.failures[0].scheme == "sklearn.naive_bayes.GaussianNB"
    assert len(raised.value.results) == 0 and (folder / "api.arff").exists()
    assert "failed on" in str(raised.value) and "Input X contains NaN" in raised.value.failures[0].message


@pytest.mark.parametrize(
    ("scheme", "words"),
    [
        ("nowhere.py:nb", "no such file nowhere.py"),
        ("{models}:missing", "defines no missing"),
        ("{models}:not_a_model", "not_a_model in"),
        ("{models}:make_tree", "make_tree in"),
        ("{models}:GaussianNB", "is a class, not a scikit-learn estimator"),
        ("{broken}:nb", "raised ZeroDivisionError on import: division by zero"),
        ("no_such_module_here:nb", "cannot import no_such_module_here"),
    ],
)
def test_a_users_scheme_that_cannot_be_had_is_one_line(folder, capsys, scheme, words):
    broken = folder / "broken.py"
    broken.write_text("nb = 1 / 0\n")
    text = scheme.format(models=folder / "models.py", broken=broken)
    assert _experiment(folder, text) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"wekaeval: error: --classifier {text}: ") and words in err
    assert not Path(folder / "out.arff").exists()


def test_a_long_message_is_cut_between_words():
    from wekaeval.cli._experiment import _whole_words

    assert _whole_words("short words", 20) == "short words"
    assert _whole_words("alpha beta gamma delta", 13) == "alpha beta ..."
