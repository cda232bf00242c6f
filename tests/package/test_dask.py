"""wekaeval.dask on a local two-process cluster: the in-memory left fold over the same partitions, bit for bit.

Every generated frame (2-5 classes, fractional, zero and negative weights, NaN probabilities, unclassified
rows, missing classes as None/NaN/NA, 1-6 partitions, empty ones included) is evaluated on the cluster and
in memory, one partial result per partition merged as ``functools.reduce(operator.add, ..., empty)``; the
matrix, every statistic (``float.hex``) and every text must be identical.  A pairwise (tree) merge is shown
to give other last bits, and a single pass over all rows to agree exactly where it should.
"""

from __future__ import annotations

import functools
import io
import math
import operator
import os
import re
import signal
import subprocess
import sys
import types
import warnings
from multiprocessing import resource_tracker

import dask
import dask.dataframe as dd
import numpy as np
import pandas as pd
import psutil  # type: ignore[import-untyped]
import pytest
from distributed import Client, KilledWorker, LocalCluster, get_task_stream
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sklearn.linear_model import LogisticRegression
from sklearn.naive_bayes import GaussianNB
from sklearn.tree import DecisionTreeClassifier

from tests.oracles.evaluation_oracle import PER_CLASS, SCALARS
from tests.paths import ARFF_SAMPLES
from wekaeval import ConfusionMatrix, CostMatrix, Evaluation, EvaluationError, PredictionError, load_arff
from wekaeval import dask as wdask
from wekaeval.experiment import TIMING_COLUMNS, ExperimentError, RowsMissing, run
from wekaeval.experiment._dask import _dask_failure
from wekaeval.experiment._worker import Job, Setup
from wekaeval.models._shared import model_data

TEXTS = ("summary", "summary_complexity", "class_details", "matrix", "margins")


@pytest.fixture(scope="module")
def client():
    """Two worker processes of one thread each, on the loopback interface only; every test here computes on them.

    distributed's nanny writes its pre-spawn environment (MALLOC_TRIM_THRESHOLD_, OMP_NUM_THREADS, ...) into
    this process's ``os.environ``; it is put back afterwards, so later tests' subprocesses do not inherit it.
    Once the cluster is closed, no process it started (workers, and those their nannies restarted) is left.
    """
    saved = dict(os.environ)
    resource_tracker.ensure_running()  # multiprocessing's, started once and kept for this process's lifetime
    ours = psutil.Process()
    before = {child.pid for child in ours.children(recursive=True)}
    try:
        with (
            LocalCluster(
                n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None
            ) as cluster,
            Client(cluster) as session,
        ):
            yield session
    finally:
        os.environ.clear()
        os.environ.update(saved)
    started = [child for child in ours.children(recursive=True) if child.pid not in before]
    _, alive = psutil.wait_procs(started, timeout=10)
    assert alive == [], f"processes left behind: {alive}"


# -- generated predictions -------------------------------------------------------------------------------------------

PROBABILITIES = [0.0, 0.05, 0.1, 0.2, 1 / 3, 0.5, 0.7, 0.9, 1.0, math.nan]
WEIGHTS = [1.0, 0.1, 0.2, 0.3, 0.7, 1 / 3, 2.75, 0.0, -0.5, 1e-3]
TRAINING_ARFF = "@relation train\n@attribute x numeric\n@attribute class {{{names}}}\n@data\n{rows}"


@st.composite
def cases(draw):
    """(class names, pandas frame, numpy columns, partition bounds, options) of one generated prediction set."""
    k = draw(st.integers(2, 5))
    n = draw(st.integers(0, 40))
    names = [f"c{i}" for i in range(k)]
    rows = draw(st.lists(st.lists(st.sampled_from(PROBABILITIES), min_size=k, max_size=k), min_size=n, max_size=n))
    distributions = np.array(rows, dtype=np.float64).reshape(n, k)
    distributions[draw(st.lists(st.booleans(), min_size=n, max_size=n)) if n else []] = 0.0  # unclassified rows
    codes = np.array(draw(st.lists(st.integers(-1, k - 1), min_size=n, max_size=n)), dtype=np.int64)
    predicted = np.array(draw(st.lists(st.integers(-1, k - 1), min_size=n, max_size=n)), dtype=np.int64)
    weights = np.array(draw(st.lists(st.sampled_from(WEIGHTS), min_size=n, max_size=n)), dtype=np.float64)
    if draw(st.booleans()):
        weights = None
    coding = draw(st.sampled_from(["names", "indices", "nullable"]))
    cuts = sorted(draw(st.lists(st.integers(0, n), max_size=5)))
    bounds = list(zip([0, *cuts], [*cuts, n], strict=False))
    options = {
        "coding": coding,
        "priors": draw(st.sampled_from(["names", "dataset", "template", "no priors"])),
        "training": draw(st.lists(st.tuples(st.integers(-1, k - 1), st.sampled_from(WEIGHTS[:7])), max_size=8)),
        "costs": draw(
            st.one_of(
                st.none(),
                st.lists(
                    st.lists(st.sampled_from([0.0, 1.0, 2.5, 0.3]), min_size=k, max_size=k), min_size=k, max_size=k
                ),
            )
        ),
        "discard": draw(st.booleans()),
    }
    return names, distributions, codes, predicted, weights, bounds, options


def class_column(codes: np.ndarray, names: list[str], coding: str) -> tuple[pd.Series, np.ndarray]:
    """The frame's column of classes, and what the in-memory API is given for the same classes."""
    if coding == "names":
        labels = np.array([None if c < 0 else names[c] for c in codes], dtype=object)
        return pd.Series(labels, dtype=object), labels
    floats = np.where(codes < 0, np.nan, codes).astype(np.float64)
    if coding == "nullable":
        return pd.Series([None if c < 0 else int(c) for c in codes], dtype="Int64"), floats
    return pd.Series(floats), floats


def frame_of(columns: dict[str, pd.Series | np.ndarray], bounds: list[tuple[int, int]]) -> dd.DataFrame:
    """A Dask DataFrame whose partitions are exactly ``bounds`` (empty ones kept)."""
    pdf = pd.DataFrame(columns)
    return dd.from_delayed([dask.delayed(pdf.iloc[a:b]) for a, b in bounds], meta=pdf.iloc[:0])


def template_and_factory(names, options):
    """The ``priors=`` argument of wdask.evaluate_frame, and a factory of in-memory Evaluations set up the same way."""
    cost_matrix = None if options["costs"] is None else CostMatrix(options["costs"])
    training = options["training"]
    values = np.array([math.nan if c < 0 else c for c, _ in training], dtype=np.float64)
    train_weights = np.array([w for _, w in training], dtype=np.float64)
    if options["priors"] == "names":
        return None, cost_matrix, lambda: Evaluation(names, cost_matrix)
    if options["priors"] == "dataset":
        data = load_arff(
            io.StringIO(
                TRAINING_ARFF.format(
                    names=",".join(names),
                    rows="".join(f"1,{'?' if c < 0 else names[c]},{{{w!r}}}\n" for c, w in training),
                )
            )
        )
        return data, cost_matrix, lambda: Evaluation(data, cost_matrix)

    def fresh() -> Evaluation:
        evaluation = Evaluation(names, cost_matrix)
        evaluation.set_priors(values, train_weights)
        if options["priors"] == "no priors":
            evaluation.use_no_priors()
        return evaluation

    return fresh(), None, fresh


def folded_matrix(names, actual, distributions, predicted, weights, bounds) -> ConfusionMatrix:
    """In memory: one matrix per partition, added in order from an empty one."""
    parts = [
        ConfusionMatrix.from_predictions(
            actual[a:b],
            None if distributions is None else distributions[a:b],
            predicted=None if predicted is None else predicted[a:b],
            weights=None if weights is None else weights[a:b],
            class_names=names,
        )
        for a, b in bounds
    ]
    return functools.reduce(operator.add, parts, ConfusionMatrix(names))


def partial_evaluations(factory, actual, distributions, weights, discard, bounds) -> list[Evaluation]:
    parts = []
    for a, b in bounds:
        evaluation = factory()
        evaluation.discard_predictions = discard
        evaluation.evaluate_batch(distributions[a:b], actual[a:b], None if weights is None else weights[a:b])
        parts.append(evaluation)
    return parts


def hexes(values) -> list[str]:
    return [float(v).hex() for v in np.ravel(np.asarray(values, dtype=np.float64))]


def matrix_differences(mine: ConfusionMatrix, theirs: ConfusionMatrix) -> list[str]:
    found = []
    if not np.array_equal(mine.matrix, theirs.matrix) or hexes(mine.matrix) != hexes(theirs.matrix):
        found.append(f"matrix {mine.matrix.tolist()} != {theirs.matrix.tolist()}")
    for name in ("unclassified", "missing_class"):
        if getattr(mine, name).hex() != getattr(theirs, name).hex():
            found.append(f"{name} {getattr(mine, name)!r} != {getattr(theirs, name)!r}")
    return found


def texts(evaluation: Evaluation) -> dict[str, str]:
    with warnings.catch_warnings():  # without priors the complexity lines are dropped, with a warning
        warnings.simplefilter("ignore")
        complexity = evaluation.summary("=== Summary ===\n", True)
    return {
        "summary": evaluation.summary(),
        "summary_complexity": complexity,
        "class_details": evaluation.class_details(),
        "matrix": evaluation.matrix(),
        "margins": evaluation.cumulative_margin_distribution(),
    }


def evaluation_differences(mine: Evaluation, theirs: Evaluation, *, areas_only: bool = False) -> list[str]:
    """Every statistic (float.hex), array and text that is not identical, named; or only the ROC/PRC areas."""
    found = []
    k = mine.num_classes
    per_class = [name for name in PER_CLASS if not areas_only or "area" in name]
    for name in [] if areas_only else SCALARS:
        if hexes([getattr(mine, name)]) != hexes([getattr(theirs, name)]):
            found.append(f"{name}: {getattr(mine, name)!r} != {getattr(theirs, name)!r}")
    for name in per_class:
        values = [[getattr(e, name)(i) for i in range(k)] for e in (mine, theirs)]
        if hexes(values[0]) != hexes(values[1]):
            found.append(f"{name}: {values[0]} != {values[1]}")
    if areas_only:
        return found
    for name in ("class_priors", "confusion_matrix"):
        if hexes(getattr(mine, name)) != hexes(getattr(theirs, name)):
            found.append(f"{name}: {getattr(mine, name)} != {getattr(theirs, name)}")
    arrays = [e.prediction_arrays() for e in (mine, theirs)]
    if (
        (arrays[0] is None) != (arrays[1] is None)
        or arrays[0] is not None
        and not all(hexes(x) == hexes(y) for x, y in zip(*arrays, strict=False))
    ):
        found.append("prediction_arrays")
    mine_texts, their_texts = texts(mine), texts(theirs)
    found += [
        f"{name} text:\n{mine_texts[name]}\n!=\n{their_texts[name]}"
        for name in TEXTS
        if mine_texts[name] != their_texts[name]
    ]
    return found


@settings(max_examples=45, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cases())
def test_cluster_equals_the_in_memory_left_fold(client, case):
    names, distributions, codes, predicted, weights, bounds, options = case
    column, actual = class_column(codes, names, options["coding"])
    predicted_column, predicted_values = class_column(predicted, names, options["coding"])
    columns = {
        "actual": column,
        "predicted": predicted_column,
        **{f"p_{name}": distributions[:, i] for i, name in enumerate(names)},
    }
    if weights is not None:
        columns["weight"] = weights
    frame = frame_of(columns, bounds)
    assert frame.npartitions == len(bounds)
    probability_columns = [f"p_{name}" for name in names]
    weight = None if weights is None else "weight"

    with get_task_stream(client) as stream:
        matrix = wdask.confusion_matrix(
            frame, actual="actual", distribution_columns=probability_columns, weight=weight, class_names=names
        )
    assert sum("_confusion_partition" in str(task["key"]) for task in stream.data) == len(bounds)
    assert matrix_differences(matrix, folded_matrix(names, actual, distributions, None, weights, bounds)) == []
    by_label = wdask.confusion_matrix(frame, actual="actual", predicted="predicted", weight=weight, class_names=names)
    assert matrix_differences(by_label, folded_matrix(names, actual, None, predicted_values, weights, bounds)) == []

    priors, cost_matrix, factory = template_and_factory(names, options)
    evaluation = wdask.evaluate_frame(
        frame,
        actual="actual",
        distribution_columns=probability_columns,
        weight=weight,
        class_names=names if priors is None else None,
        priors=priors,
        cost_matrix=cost_matrix,
        discard_predictions=options["discard"],
    )
    parts = partial_evaluations(factory, actual, distributions, weights, options["discard"], bounds)
    folded = Evaluation.aggregate(parts)
    assert evaluation_differences(evaluation, folded) == []
    assert evaluation.discard_predictions == options["discard"]
    if options["discard"] and len(distributions):
        assert math.isnan(evaluation.area_under_roc(0)) and math.isnan(evaluation.area_under_prc(0))

    # against one in-memory pass over all rows: the same doubles when one partition holds every row; the
    # matrix when every sum is exact (whole-number weights); the ROC and PRC areas always (same predictions)
    whole = partial_evaluations(factory, actual, distributions, weights, options["discard"], [(0, len(actual))])[0]
    single_matrix = folded_matrix(names, actual, distributions, None, weights, [(0, len(actual))])
    if sum(b > a for a, b in bounds) <= 1:
        assert matrix_differences(matrix, single_matrix) == []
        assert evaluation_differences(evaluation, whole) == []
    if weights is None or np.all(weights == np.round(weights)):
        assert matrix_differences(matrix, single_matrix) == []
    assert evaluation_differences(evaluation, whole, areas_only=True) == []


# -- why the left fold: a tree-shaped merge gives other last bits ---------------------------------------------------


def pairwise(parts, add=operator.add):
    """A tree reduction, as dask's own reductions merge: neighbours pairwise, level by level."""
    while len(parts) > 1:
        parts = [add(parts[i], parts[i + 1]) if i + 1 < len(parts) else parts[i] for i in range(0, len(parts), 2)]
    return parts[0]


def test_a_tree_merge_differs_in_the_last_bit_and_the_cluster_does_not(client):
    # one instance per partition, all in cell (0, 0): (((0 + 0.1) + 0.1) + 0.1) + 0.9 against (0.1 + 0.1) + (0.1 + 0.9)
    weights = np.array([0.1, 0.1, 0.1, 0.9])
    left = (((0.0 + 0.1) + 0.1) + 0.1) + 0.9
    tree = (0.1 + 0.1) + (0.1 + 0.9)
    assert left.hex() != tree.hex()
    names = ["yes", "no"]
    distributions = np.tile([0.8, 0.2], (4, 1))
    actual = np.zeros(4)
    bounds = [(i, i + 1) for i in range(4)]
    frame = frame_of({"actual": actual, "yes": distributions[:, 0], "no": distributions[:, 1], "w": weights}, bounds)
    matrix = wdask.confusion_matrix(frame, actual="actual", distribution_columns=names, weight="w", class_names=names)
    assert matrix.matrix[0, 0].hex() == left.hex()
    parts = [
        ConfusionMatrix.from_predictions(actual[a:b], distributions[a:b], weights=weights[a:b], class_names=names)
        for a, b in bounds
    ]
    assert pairwise(parts).matrix[0, 0].hex() == tree.hex()

    evaluation = wdask.evaluate_frame(frame, actual="actual", distribution_columns=names, weight="w", class_names=names)
    partials = partial_evaluations(lambda: Evaluation(names), actual, distributions, weights, False, bounds)
    merged = pairwise(partials)
    assert evaluation.num_instances.hex() == left.hex() != merged.num_instances.hex()
    assert evaluation_differences(evaluation, Evaluation.aggregate(partials)) == []
    assert evaluation_differences(evaluation, merged) != []


def test_a_single_pass_differs_where_partition_sums_round(client):
    """One evaluate_batch over all rows sums instance by instance; the fold adds each partition's own sum."""
    weights = np.array([0.1, 0.2, 0.3])
    assert ((0.1 + 0.2) + 0.3).hex() != (0.1 + (0.2 + 0.3)).hex()
    frame = frame_of({"actual": np.zeros(3), "a": np.ones(3), "b": np.zeros(3), "w": weights}, [(0, 1), (1, 3)])
    matrix = wdask.confusion_matrix(
        frame, actual="actual", distribution_columns=["a", "b"], weight="w", class_names=["a", "b"]
    )
    single = ConfusionMatrix.from_predictions(
        np.zeros(3), np.tile([1.0, 0.0], (3, 1)), weights=weights, class_names=["a", "b"]
    )
    assert matrix.matrix[0, 0] == 0.1 + (0.2 + 0.3) != single.matrix[0, 0]


# -- real files, errors, imports ------------------------------------------------------------------------------------


def test_partitioned_parquet_files(client, tmp_path):
    rng = np.random.default_rng(3)
    names = ["setosa", "versicolor", "virginica"]
    chunks = []
    for i, n in enumerate([500, 0, 731, 69]):
        scores = rng.dirichlet([1, 1, 1], n).round(2)
        labels = np.array(names, dtype=object)[rng.integers(0, 3, n)]
        labels[rng.random(n) < 0.05] = None
        chunk = pd.DataFrame(
            {
                "label": pd.Series(labels, dtype=object),
                **dict(zip(names, scores.T, strict=False)),
                "weight": rng.uniform(0.1, 3, n),
            }
        )
        chunk.to_parquet(tmp_path / f"part-{i}.parquet", index=False)
        chunks.append(chunk)
    frame = dd.read_parquet(tmp_path)
    read = [frame.partitions[i].compute() for i in range(frame.npartitions)]
    assert [len(part) for part in read] == [len(chunk) for chunk in chunks if len(chunk)] or [
        len(part) for part in read
    ] == [len(chunk) for chunk in chunks]
    bounds, start = [], 0
    for part in read:
        bounds.append((start, start + len(part)))
        start += len(part)
    whole = pd.concat(chunks, ignore_index=True)
    actual = whole["label"].to_numpy(dtype=object)
    distributions = whole[names].to_numpy()
    weights = whole["weight"].to_numpy()
    matrix = wdask.confusion_matrix(
        frame, actual="label", distribution_columns=names, weight="weight", class_names=names
    )
    assert matrix_differences(matrix, folded_matrix(names, actual, distributions, None, weights, bounds)) == []
    evaluation = wdask.evaluate_frame(
        frame, actual="label", distribution_columns=names, weight="weight", class_names=names, discard_predictions=True
    )
    folded = Evaluation.aggregate(
        partial_evaluations(lambda: Evaluation(names), actual, distributions, weights, True, bounds)
    )
    assert evaluation_differences(evaluation, folded) == []
    assert math.isnan(evaluation.area_under_roc(0))


def test_bad_rows_are_reported_with_their_partition_and_index_label(client):
    pdf = pd.DataFrame(
        {"y": ["a", "b", "a", "b"], "p": [0.9, 0.2, 0.5, 3.0], "q": [0.1, 0.8, 0.5, 0.2]}, index=[10, 11, 12, 13]
    )
    frame = dd.from_pandas(pdf, npartitions=2)
    with pytest.raises(PredictionError, match=r"partition 1, row 1 of it \(index label 13\): distributions\[1\]"):
        wdask.evaluate_frame(frame, actual="y", distribution_columns=["p", "q"], class_names=["a", "b"])
    pdf["y"] = ["a", "a", "a", "b"]
    frame = dd.from_pandas(pdf, npartitions=2)
    with pytest.raises(PredictionError, match=r"partition 1: actual\[1\] class 'b' is not one of \['a', 'c'\]"):
        wdask.confusion_matrix(frame, actual="y", predicted="y", class_names=["a", "c"])
    pdf["w"] = [1.0, np.nan, 1.0, 1.0]
    with pytest.raises(PredictionError, match=r"partition 0: weights\[1\] is nan"):
        wdask.confusion_matrix(
            dd.from_pandas(pdf, npartitions=2), actual="y", predicted="y", weight="w", class_names=["a", "b"]
        )


def test_arguments_are_checked_before_anything_runs():
    frame = dd.from_pandas(
        pd.DataFrame({"y": ["a", "b"], "p": [0.9, 0.2], "q": [0.1, 0.8], "s": ["x", "y"]}), npartitions=1
    )
    good = {"actual": "y", "distribution_columns": ["p", "q"], "class_names": ["a", "b"]}
    problems = [
        ({**good, "actual": "label"}, r"actual column 'label' is not in the frame; its columns are \['y', 'p', 'q'"),
        ({**good, "distribution_columns": ["p", "r"]}, "distribution_columns column 'r' is not in the frame"),
        ({**good, "distribution_columns": ["p", "s"]}, "distribution_columns column 's' holds .* values, not numbers"),
        ({**good, "distribution_columns": ["p", "p"]}, "distribution_columns names column 'p' twice"),
        ({**good, "distribution_columns": "pq"}, "distribution_columns must be a sequence of column names"),
        ({**good, "weight": "w"}, "weight column 'w' is not in the frame"),
        ({**good, "weight": "s"}, "weight column 's' holds"),
        ({**good, "distribution_columns": None}, "give distribution_columns .* or predicted"),
        ({**good, "predicted": "y"}, "give distribution_columns or predicted, not both"),
        ({**good, "class_names": ["a", "b", "c"]}, "distribution_columns has 2 columns for 3 classes"),
        ({**good, "class_names": ["a", "a"]}, "class name 'a' appears twice"),
    ]
    for arguments, message in problems:
        with pytest.raises(PredictionError, match=message):
            wdask.confusion_matrix(frame, **arguments)
    with pytest.raises(PredictionError, match="frame must be a dask.dataframe.DataFrame, not DataFrame .wrap it"):
        wdask.confusion_matrix(frame.compute(), **good)
    with pytest.raises(PredictionError, match="predicted column 'z' is not in the frame"):
        wdask.confusion_matrix(frame, actual="y", predicted="z", class_names=["a", "b"])

    evaluate = {"actual": "y", "distribution_columns": ["p", "q"]}
    with pytest.raises(PredictionError, match="give class_names .* or priors"):
        wdask.evaluate_frame(frame, **evaluate)
    with pytest.raises(PredictionError, match=r"class_names \['b', 'a'\] differ from the priors' classes"):
        wdask.evaluate_frame(frame, **evaluate, class_names=["b", "a"], priors=["a", "b"])
    with pytest.raises(PredictionError, match="distribution_columns has 2 columns for 3 classes"):
        wdask.evaluate_frame(frame, **evaluate, class_names=["a", "b", "c"])
    used = Evaluation(["a", "b"])
    used.evaluate_batch([[1.0, 0.0]], [0])
    with pytest.raises(EvaluationError, match="has evaluated instances already"):
        wdask.evaluate_frame(frame, **evaluate, priors=used)
    with pytest.raises(EvaluationError, match="give it the cost matrix"):
        wdask.evaluate_frame(frame, **evaluate, priors=Evaluation(["a", "b"]), cost_matrix=CostMatrix(num_classes=2))
    with pytest.raises(EvaluationError, match="expression cells"):
        wdask.evaluate_frame(frame, **evaluate, class_names=["a", "b"], cost_matrix=CostMatrix([[0, "a1 * 2"], [1, 0]]))
    numeric = load_arff(io.StringIO("@relation r\n@attribute x numeric\n@attribute y numeric\n@data\n1,2\n"))
    with pytest.raises(EvaluationError, match="numeric class"):
        wdask.evaluate_frame(frame, **evaluate, priors=numeric)


def test_the_template_is_not_changed_and_its_settings_carry_over(client):
    frame = dd.from_pandas(
        pd.DataFrame({"y": [0, 1, 1, 0], "p": [0.9, 0.2, 0.6, 0.3], "q": [0.1, 0.8, 0.4, 0.7]}), npartitions=2
    )
    template = Evaluation(["a", "b"])
    template.set_priors([0, 0, 1], [0.5, 1.5, 2.0])
    template.toggle_eval_metrics(["coverage"])
    result = wdask.evaluate_frame(frame, actual="y", distribution_columns=["p", "q"], priors=template)
    assert template.num_instances == 0 and template.prediction_arrays() is None
    assert result.class_priors.tolist() == [3.0, 3.0] and "coverage" in result.metrics_to_display
    assert result.num_instances == 4.0 and "Coverage of cases" in result.summary()


def test_importing_wekaeval_does_not_import_dask_and_wekaeval_dask_gets_the_real_one():
    code = (
        "import sys, wekaeval; assert 'dask' not in sys.modules, 'wekaeval imported dask'\n"
        "import wekaeval.dask as w; import dask\n"
        "assert w.dask is dask and hasattr(dask, 'delayed') and dask.__file__ != w.__file__\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


# -- experiments on the cluster (wekaeval.experiment.run(client=...)) -----------------------------------------------

EXPERIMENT_DATA = [ARFF_SAMPLES / "iris.arff", ARFF_SAMPLES / "picnic.arff"]


def experiment_rows(results) -> list[tuple]:
    """The rows, the timing columns (and Date_time) blanked, every float as float.hex (NaN included)."""
    timing = {results.columns.index(name) for name in TIMING_COLUMNS if name in results.columns}
    return [
        tuple(
            None if i in timing else value.hex() if isinstance(value, float) else value for i, value in enumerate(row)
        )
        for row in results.rows
    ]


def test_an_experiment_survives_losing_every_worker_that_holds_its_setup(client, tmp_path, monkeypatch):
    """Both workers (every holder of the scattered setup) killed after 5 of 40 rows; their nannies restart them;
    the setup is scattered again, the rows not received are computed again, and the file is the serial run's.
    (The module's cluster goes on with the restarted workers; its fixture checks that no process is left.)"""
    models = [GaussianNB(), DecisionTreeClassifier(random_state=0)]
    settings = {"runs": 2, "folds": 5}
    serial = run(EXPERIMENT_DATA, models, results=tmp_path / "serial.arff", **settings)
    scatters: list[int] = []
    scatter = client.scatter

    def counted(*arguments, **options):
        scatters.append(len(scatters))
        return scatter(*arguments, **options)

    monkeypatch.setattr(client, "scatter", counted)
    killed: list[int] = []

    def kill(done: int, total: int) -> None:
        if done == 5 and not killed:
            killed.extend(client.run(os.getpid).values())
            for pid in killed:
                os.kill(pid, signal.SIGKILL)

    on_dask = run(EXPERIMENT_DATA, models, results=tmp_path / "dask.arff", client=client, progress=kill, **settings)
    assert len(killed) == 2 and not set(killed) & set(client.run(os.getpid).values())
    assert len(scatters) >= 2  # the setup was sent again
    assert len(on_dask) == 40 and experiment_rows(on_dask) == experiment_rows(serial)


@pytest.mark.jvm
def test_weka_and_scikit_learn_rows_on_the_cluster_are_the_serial_rows(weka_jvm, client, tmp_path):
    """A WEKA scheme beside a scikit-learn model, 1 run x 10 folds of two datasets, on the module's cluster (its
    workers each start a JVM): the serial run's rows, bit for bit (timing aside)."""
    models = ["weka.classifiers.trees.J48 -C 0.25 -M 2", DecisionTreeClassifier(random_state=0)]
    settings = {"runs": 1, "folds": 10}
    serial = run(EXPERIMENT_DATA, models, results=tmp_path / "serial.arff", **settings)
    on_dask = run(EXPERIMENT_DATA, models, results=tmp_path / "dask.arff", client=client, **settings)
    assert len(serial) == 40 and experiment_rows(on_dask) == experiment_rows(serial)


def test_a_scheme_failing_on_the_cluster_names_its_rows(client, tmp_path):
    """A scikit-learn scheme whose fit raises on a worker: its rows are left out and named (RowsMissing), as in
    a local run, with scikit-learn's message."""
    bad = LogisticRegression(C=-1.0)  # refused by scikit-learn when it is fitted, on the worker
    with pytest.raises(RowsMissing) as raised:
        run(EXPERIMENT_DATA[:1], [bad], runs=1, folds=3, results=tmp_path / "bad.arff", client=client, progress=False)
    assert [(f.run, f.fold) for f in raised.value.failures] == [(1, 0), (1, 1), (1, 2)]
    assert re.fullmatch(
        r"sklearn\.linear_model\.LogisticRegression C=-1\.0 failed on \S*iris\.arff \(3 rows missing\): .*'C' "
        r"parameter.*\n0 of 3 rows are in .*",
        str(raised.value),
    ), str(raised.value)


def test_whatever_a_row_task_raises_becomes_an_experiment_error_naming_the_row():
    setup = Setup("t", (model_data(([[1.0], [2.0]], ["a", "b"])),), ("weka.classifiers.rules.ZeroR",), None, 66.0, True)
    job = Job(0, 3, 0, 0)
    lost = _dask_failure(setup, job, KilledWorker("_dask_row-1", types.SimpleNamespace(address="tcp://x:1"), 3))
    assert str(lost) == (
        "weka.classifiers.rules.ZeroR on data, run 3, on the Dask cluster: every Dask worker that ran it was lost "
        "(distributed's KilledWorker: killed, out of memory or crashed 4 times)"
    )
    assert str(_dask_failure(setup, job, MemoryError("no room"))).endswith(
        "run 3, on the Dask cluster: MemoryError: no room"
    )
    worker_said = ExperimentError("weka.classifiers.rules.ZeroR on data, run 3: WEKA's message")
    assert str(_dask_failure(setup, job, worker_said)) == (
        "weka.classifiers.rules.ZeroR on data, run 3, on the Dask cluster: WEKA's message"
    )
