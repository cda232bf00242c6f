"""Issue 38: WEKA's schemes take the data as WEKA reads it (date, string and relational attributes); only a
scikit-learn model needs the encoding, and is refused with the attribute and the file named."""

from __future__ import annotations

from pathlib import Path

import pytest

import wekaeval
from wekaeval import experiment
from wekaeval.models import ModelDataError

SAMPLES = Path(__file__).resolve().parents[2] / "arff_samples"
FILES = ["dates.arff", "text-test.arff", "multi-instance.arff", "dialect.arff"]


@pytest.mark.parametrize("name", FILES)
def test_zeror_runs_on_every_attribute_type(weka_jvm, name: str) -> None:
    path = str(SAMPLES / name)
    evaluation = wekaeval.cross_validate("weka.classifiers.rules.ZeroR", path, folds=2, seed=1)
    # num_instances is the weight total (multi-instance.arff has weighted rows)
    assert evaluation.num_instances == sum(float(w) for w in wekaeval.load_arff(path).weights)


def test_mixed_experiment_refuses_the_sklearn_scheme_naming_the_attribute(weka_jvm, tmp_path: Path) -> None:
    from sklearn.tree import DecisionTreeClassifier

    path = str(SAMPLES / "dates.arff")
    results = tmp_path / "r.arff"
    with pytest.raises(ModelDataError, match=r"dates\.arff: attribute 'ordered' is date, which is not encoded"):
        experiment.run(
            [path], ["weka.classifiers.rules.ZeroR", DecisionTreeClassifier()], results=results, runs=1, folds=2
        )
    assert not results.exists()
