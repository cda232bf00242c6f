"""The one table of statistic names (wekaeval.blocks.STATISTICS) is the one every part reads.

Each row is checked where it is used: an attribute of wekaeval's Evaluation (a property, or a method taking
the class index), a getter of WEKA's Evaluation (in the JVM), a key of the bridge's statistics, a field of the
reader's Summary, a column of the class details and their frame.
"""

from __future__ import annotations

import inspect

import pytest

from wekaeval import Evaluation, bridge, parity
from wekaeval.blocks import STATISTICS, STATISTICS_BY_NAME, Statistic
from wekaeval.blocks._shared import DETAIL_COLUMNS, SUMMARY_FIELDS
from wekaeval.bridge import _evaluate as bridge_evaluate


def test_names_and_getters_are_unique():
    assert len({s.name for s in STATISTICS}) == len(STATISTICS) == len({s.getter for s in STATISTICS}) == 56
    assert {s.scope for s in STATISTICS} == {"any", "nominal", "numeric", "per-class"}


@pytest.mark.parametrize("statistic", STATISTICS, ids=lambda s: s.name)
def test_each_is_an_attribute_of_the_evaluation(statistic: Statistic):
    attribute = inspect.getattr_static(Evaluation, statistic.name)
    if statistic.scope == "per-class":
        assert inspect.isfunction(attribute)
        assert list(inspect.signature(attribute).parameters) == ["self", "class_index"]
        assert statistic.weighted in STATISTICS_BY_NAME or statistic.weighted is None
    else:
        assert isinstance(attribute, property), statistic.name
        assert statistic.weighted is None


@pytest.mark.jvm
def test_each_getter_is_wekas(weka_jvm):
    evaluation = bridge.java_class("weka.classifiers.evaluation.Evaluation")
    methods = {(str(method.getName()), len(method.getParameterTypes())) for method in evaluation.class_.getMethods()}
    for statistic in STATISTICS:
        assert (statistic.getter, 1 if statistic.scope == "per-class" else 0) in methods, statistic


def test_the_bridge_the_reader_the_details_and_parity_read_it():
    assert bridge_evaluate.STATISTIC_NAMES == (*(s.name for s in STATISTICS), "class_priors")
    assert set(SUMMARY_FIELDS) - set(STATISTICS_BY_NAME) == {"confidence_level"}  # a setting WEKA prints, no getter
    assert all(STATISTICS_BY_NAME[name].scope == "per-class" for name, _ in DETAIL_COLUMNS)
    assert parity.JAVA_ARITHMETIC_STATISTICS == {s.name for s in STATISTICS if s.java_math}
    assert {s.name[:3] for s in STATISTICS if s.java_math} == {"kb_", "sf_"}


def test_the_class_details_frame_has_the_details_columns():
    pytest.importorskip("pandas")
    evaluation = Evaluation(["a", "b"])
    evaluation.evaluate_batch([[1.0, 0.0], [0.2, 0.8], [0.6, 0.4]], [0, 1, 1])
    frame = evaluation.to_frame()
    assert list(frame.columns) == [name for name, _ in DETAIL_COLUMNS]
    weighted = frame.loc["Weighted Avg."]
    for name, _ in DETAIL_COLUMNS:
        assert weighted[name] == getattr(evaluation, STATISTICS_BY_NAME[name].weighted)
