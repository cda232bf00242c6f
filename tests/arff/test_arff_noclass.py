"""Data without a class: ``load_arff(..., class_attribute=False)`` reads what WEKA reads with class index -1 (a text
corpus whose every attribute is a string), and what needs a class refuses it, saying how to choose one (issue 35,
item 15)."""

from __future__ import annotations

import numpy as np
import pytest

from wekaeval import ArffError, Evaluation, evaluate_folds, load_arff
from wekaeval.arff import NO_CLASS, ClassAttributeError, NoClassError, read_arff_rows
from wekaeval.folds import to_xy

CORPUS_HEADER = "@relation corpus\n@attribute title string\n@attribute body string\n@data\n"


def corpus(tmp_path, rows: int = 40):
    """A text-only ARFF: more than a columnar run of plain lines, a quoted comma, a missing value, weights."""
    lines = [f"'title {i}','body {i}, with a comma'" for i in range(rows)]
    lines[3] = "?,'a missing title'"
    lines[5] += ",{0.5}"
    path = tmp_path / "corpus.arff"
    path.write_text(CORPUS_HEADER + "\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_a_text_corpus_is_refused_with_a_class_and_read_without_one(tmp_path):
    path = corpus(tmp_path)
    with pytest.raises(ArffError, match="class attribute 'body' is a string attribute"):
        load_arff(path)
    data = load_arff(path, class_attribute=False)
    assert data.class_index == NO_CLASS == -1 and not data.has_class
    assert data.num_instances == 40 and np.isnan(data.class_values).all()
    expected_weights = np.ones(40)
    expected_weights[5] = 0.5
    assert np.array_equal(data.weights, expected_weights)
    assert [a.type for a in data.attributes] == ["string", "string"]
    assert repr(data) == "Dataset(relation='corpus', attributes=2, class=None, instances=40)"
    assert read_arff_rows(path)[2][3] == [None, "a missing title"]


def test_data_with_a_possible_class_reads_without_one_too(tmp_path):
    path = tmp_path / "weather.arff"
    path.write_text("@relation w\n@attribute t numeric\n@attribute play {yes,no}\n@data\n1,yes\n2,no\n{1 no}\n")
    data = load_arff(path, class_attribute=False)
    assert not data.has_class and data.num_instances == 3 and load_arff(path).class_names == ("yes", "no")


@pytest.mark.parametrize("wanted", [True, 1.0])
def test_only_false_means_no_class(tmp_path, wanted):
    with pytest.raises(ArffError, match="class attribute must be a name"):
        load_arff(corpus(tmp_path), class_attribute=wanted)


def test_what_needs_a_class_refuses_data_without_one_and_says_how_to_choose_one(tmp_path):
    path = corpus(tmp_path)
    data = load_arff(path, class_attribute=False)
    sklearn_dummy = pytest.importorskip("sklearn.dummy")
    from wekaeval import cross_validate

    needs = {
        "Evaluation": lambda: Evaluation(data),
        "set_priors": lambda: Evaluation(["a", "b"]).set_priors(data),
        "evaluate_folds": lambda: evaluate_folds(data, []),
        "to_xy": lambda: to_xy(data),
        "cross_validate": lambda: cross_validate(sklearn_dummy.DummyClassifier(), data),
        "class_names": lambda: data.class_names,
        "class_attribute": lambda: data.class_attribute,
    }
    for name, call in needs.items():
        with pytest.raises(NoClassError) as raised:
            call()
        message = str(raised.value)
        assert f"relation 'corpus' ({path}) has none" in message, name
        assert "class_attribute=False" in message and "'first' or 'last'" in message, name
        assert isinstance(raised.value, ClassAttributeError) and isinstance(raised.value, ValueError)


@pytest.mark.jvm
def test_weka_reads_the_corpus_with_no_class(weka_jvm, tmp_path):
    import jpype

    path = corpus(tmp_path)
    loader = jpype.JClass("weka.core.converters.ArffLoader")()
    loader.setFile(jpype.JClass("java.io.File")(str(path)))
    theirs = loader.getDataSet()
    ours = load_arff(path, class_attribute=False)
    assert ours.class_index == theirs.classIndex() == -1
    assert ours.num_instances == theirs.numInstances()
    weights = [theirs.instance(i).weight() for i in range(theirs.numInstances())]
    assert ours.weights.tolist() == weights
