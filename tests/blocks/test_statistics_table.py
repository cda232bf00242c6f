"""The one table of statistic names (wekaeval.blocks.STATISTICS) is the one every part reads.

Each row is checked where it is used: an attribute of wekaeval's Evaluation (a property, or a method taking
the class index), a getter of WEKA's Evaluation (in the JVM), a key of the bridge's statistics, a field of the
reader's Summary, a column of the class details and their frame.
"""

from __future__ import annotations

import dataclasses
import inspect
import re

import pytest

from tests.paths import ROOT
from wekaeval import Evaluation, bridge, parity
from wekaeval.blocks import DETAIL_STATISTICS, STATISTICS, STATISTICS_BY_NAME, ClassDetailsRow, Statistic
from wekaeval.blocks._shared import DETAIL_COLUMNS, DETAIL_LAYOUTS, SUMMARY_FIELDS
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


def test_a_class_details_column_is_one_row_of_the_table():
    """Every fact of a column (place, -toggle name, header, width, weighted average) is in its row, and every
    layout and list that prints or names the columns is read from it or agrees with it."""
    details = [s for s in STATISTICS if s.column is not None]
    assert sorted(s.column for s in details) == list(range(len(details)))
    for s in details:
        assert s.scope == "per-class" and s.weighted in STATISTICS_BY_NAME, s.name
        assert s.toggle and s.header and s.width and len(s.header) < s.width, s.name
    assert [s.name for s in DETAIL_STATISTICS] == [name for name, _ in DETAIL_COLUMNS]
    assert [f.name for f in dataclasses.fields(ClassDetailsRow)][1:] == [s.name for s in DETAIL_STATISTICS]
    assert {s.toggle for s in DETAIL_STATISTICS} <= set(Evaluation(["a", "b"]).metrics_to_display)
    order = [s.name for s in DETAIL_STATISTICS]
    for name, layout in DETAIL_LAYOUTS.items():
        assert list(layout.columns) == sorted(layout.columns, key=order.index), name
        if layout.fixed:
            assert layout.widths == {s.name: s.width for s in DETAIL_STATISTICS}, name
            assert layout.header_cells == {s.name: (s.header or "").ljust(s.width or 0) for s in DETAIL_STATISTICS}
        else:  # the older layouts print their headers as one text: the table's headers, in its order
            assert (
                layout.plain_header.split()
                == " ".join(STATISTICS_BY_NAME[c].header or "" for c in layout.columns).split()
            )


@pytest.mark.parametrize("statistic", STATISTICS, ids=lambda s: s.name)
def test_each_has_its_rows_description_as_docstring(statistic: Statistic):
    assert statistic.description.endswith(".") and len(statistic.description.splitlines()) == 1
    doc = inspect.getattr_static(Evaluation, statistic.name).__doc__
    assert doc is not None and doc.splitlines()[0] == statistic.description


def _ported_table() -> list[tuple[list[str], list[str]]]:
    """docs/evaluation.md's "What is ported" table: each row's wekaeval names and WEKA getters."""
    text = (ROOT / "docs" / "evaluation.md").read_text(encoding="utf-8")
    section = text.split("## What is ported", 1)[1].split("\n\n")[2]
    rows = []
    for line in section.splitlines()[2:]:
        ours, wekas = line.strip("|").split(" | ")
        rows.append((re.findall(r"`([a-z_]+)(?:\(i\))?`", ours), re.findall(r"`(\w+)\((?:i)?\)`", wekas)))
    return rows


def test_the_docs_table_of_statistics_is_the_table():
    """Every row of STATISTICS is in docs/evaluation.md with its getter, side by side; nothing else is, but the
    attributes that are no WEKA statistic getter of their own."""
    pairs = {
        pair for ours, wekas in _ported_table() if len(ours) == len(wekas) for pair in zip(ours, wekas, strict=True)
    }
    for statistic in STATISTICS:
        assert (statistic.name, statistic.getter) in pairs, statistic.name
    documented = {name for ours, _ in _ported_table() for name in ours}
    assert documented - set(STATISTICS_BY_NAME) == {
        "num_classified",
        "prior_entropy",
        "confusion_matrix",
        "class_priors",
    }


def test_the_experimenter_columns_name_rows_of_the_table():
    """The Experimenter's columns keep WEKA's getResult names and order; each names its statistic by a getter
    of the table, which gives the Evaluation attribute the port reads."""
    from wekaeval.experiment import _columns

    getters = {s.getter for s in STATISTICS}
    for statistics in (_columns._CLASSIFIER_STATISTICS, _columns._REGRESSION_STATISTICS):
        assert [getter for _, getter in statistics if getter not in getters] == []
        assert len({column for column, _ in statistics}) == len(statistics)
