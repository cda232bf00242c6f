"""write_arff: liac-arff's encoder, and WEKA's ArffLoader reads every file it writes to the instances given."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.oracles.arff_oracle import weka_reading
from wekaeval import ArffError
from wekaeval.arff import load_arff, read_arff_rows, write_arff

names = st.text(st.characters(exclude_categories=["Cs"]), min_size=1, max_size=12)
values = st.floats(allow_infinity=False) | st.just(float("nan"))


def _expected_rows(X, y):
    return [[None if math.isnan(v) else v for v in row] + [label] for row, label in zip(X, y, strict=True)]


@settings(deadline=None, max_examples=60)
@given(
    columns=st.lists(names, min_size=1, max_size=4, unique=True),
    labels=st.lists(names, min_size=1, max_size=4, unique=True),
    data=st.data(),
)
def test_what_it_writes_reads_back_as_given_or_is_refused_naming_what(tmp_path_factory, columns, labels, data):
    X = data.draw(st.lists(st.lists(values, min_size=len(columns), max_size=len(columns)), min_size=1, max_size=5))
    y = data.draw(st.lists(st.sampled_from(labels), min_size=len(X), max_size=len(X)))
    path = tmp_path_factory.mktemp("w") / "out.arff"
    try:
        write_arff(path, X, y, names=columns, labels=labels)
    except ArffError as error:
        assert str(error).startswith(str(path)) and ("would be read back" in str(error) or "could not" in str(error))
        assert not path.exists()
        return
    relation, attributes, rows = read_arff_rows(path)
    assert [a.name for a in attributes] == [*columns, "class"]
    assert list(attributes[-1].values) == labels
    assert [[None if v is None else float(v).hex() if isinstance(v, float) else v for v in row] for row in rows] == [
        [None if v is None else float(v).hex() if isinstance(v, float) else v for v in row]
        for row in _expected_rows(X, y)
    ]


@pytest.mark.jvm
def test_weka_reads_what_it_writes_to_the_same_instances(weka_jvm, tmp_path, rng):
    X = rng.normal(0, 1e3, (40, 3))
    X[rng.random(X.shape) < 0.1] = np.nan
    labels = ["no", "yes", "a b", "it's", "100%"]
    y = rng.choice(labels, 40).tolist()
    path = tmp_path / "out.arff"
    write_arff(path, X, y, names=["width", "height (cm)", "x,y"], labels=labels, relation="my data", comment="made")
    weka = weka_reading(path.read_bytes())
    assert not isinstance(weka, str), weka
    assert weka.relation == "my data"
    assert [a[0] for a in weka.attributes] == ["width", "height (cm)", "x,y", "class"]
    assert list(weka.attributes[-1][2]) == labels
    expected = [
        tuple([None if math.isnan(v) else float(v).hex() for v in row] + [label])
        for row, label in zip(X.tolist(), y, strict=True)
    ]
    assert list(weka.rows) == expected
    assert np.array_equal(load_arff(path).class_values, np.array([labels.index(v) for v in y], dtype=float))


def test_a_numeric_class_integer_codes_and_bad_input(tmp_path):
    path = tmp_path / "n.arff"
    write_arff(path, [[1.0], [2.0]], [0.5, float("nan")])
    assert load_arff(path).class_values.tolist()[0] == 0.5 and math.isnan(load_arff(path).class_values[1])
    write_arff(path, [[1.0], [2.0]], np.array([1, 0]), labels=["a", "b"])
    assert read_arff_rows(path)[2] == [[1.0, "b"], [2.0, "a"]]
    with pytest.raises(ArffError, match="n.arff: X must be a 2-D array of numbers"):
        write_arff(path, [["a", "b"]])
    with pytest.raises(ArffError, match="'c' is not one of the labels"):
        write_arff(path, [[1.0]], ["c"], labels=["a", "b"])
    with pytest.raises(ArffError, match="'\\?' would be read back as a missing value"):
        write_arff(path, [[1.0]], ["?"])
