"""Evaluation at the extremes (issue 28), each item against WEKA 3.9.7's Evaluation in the JVM.

Huge and tiny numbers in the texts, rows WEKA throws on, infinities WEKA evaluates, overflow under
``-W error``, a thousand classes; then a seeded adversarial differential run of the same families, with WEKA
as the oracle (``tests/oracles/evaluation_oracle.py``).
"""

from __future__ import annotations

import math
import time
import warnings
from typing import Any

import numpy as np
import pytest

from tests.evaluation.test_evaluation import mismatches, ported
from tests.evaluation.test_evaluation_numeric import mismatches as numeric_mismatches
from tests.oracles.evaluation_oracle import PER_CLASS, SCALARS, evaluation_bulk, weka_evaluation
from wekaeval import CostMatrix, Evaluation, PredictionError, kappa
from wekaeval.errors import MatrixError, WekaThrowsError

pytestmark = pytest.mark.jvm

AB = ["a", "b"]


class WekaRows:
    """One WEKA Evaluation fed row by row, each row's exception kept (a caller catching it, as the port's does)."""

    def __init__(self, class_names: list[str]):
        import jpype

        self._jpype = jpype
        self.bulk = evaluation_bulk()
        self.java = self.bulk.evaluation(jpype.JArray(jpype.JString)(class_names), None, None, None, False, False)

    def feed(self, distribution: list[float], actual: float, weight: float = 1.0) -> str | None:
        doubles = self._jpype.JArray(self._jpype.JDouble)
        try:
            self.bulk.feed(self.java, doubles([float(actual)]), doubles(distribution), doubles([weight]), True)
        except self._jpype.JException as error:
            return str(error.getClass().getSimpleName())
        return None

    def call(self, method: str) -> tuple[Any, str | None]:
        """The method's answer (a str or float), or the simple name of what it throws."""
        try:
            answer = getattr(self.java, method)()
        except self._jpype.JException as error:
            return None, str(error.getClass().getSimpleName())
        return (float(answer) if isinstance(answer, int | float) else str(answer)), None


def statistics_mismatches(weka_rows: WekaRows, ours: Evaluation) -> list[str]:
    """Every statistic (scalars, per class) that is not the identical double, read from WEKA's Evaluation."""
    import jpype

    scalars = jpype.JArray(jpype.JString)(list(SCALARS.values()))
    per_class = jpype.JArray(jpype.JString)(list(PER_CLASS.values()))
    k = ours.num_classes
    flat = np.array(weka_rows.bulk.numbers(weka_rows.java, scalars, per_class), dtype=np.float64).tolist()
    found = [
        f"{name}: {flat[i]!r} != {getattr(ours, name)!r}"
        for i, name in enumerate(SCALARS)
        if flat[i].hex() != float(getattr(ours, name)).hex()
    ]
    at = len(SCALARS)
    for name in PER_CLASS:
        theirs, mine = flat[at : at + k], [float(getattr(ours, name)(i)) for i in range(k)]
        if [v.hex() for v in theirs] != [v.hex() for v in mine]:
            found.append(f"{name}: {theirs} != {mine}")
        at += k
    return found


# -- 1, 2, 3: FloatingDecimal's digits in the texts --------------------------------------------------------------


@pytest.mark.parametrize(
    ("distributions", "actual", "weights"),
    [
        ([[1, 0]], [0], [29942121520052992.0]),  # the summary's counts: 29942121520052992, not ...990
        ([[0.5, 0.3, 0.2], [0.1, 0.8, 0.1], [0.2, 0.2, 0.6]], [0, 1, 2], [0.01, -0.06, 0.05]),  # -144115188075855808 %
        ([[0.8, 0.2], [0.2, 0.0]], [1, 0], [-1.0000000000000003e17, 1.0000000000000002e17]),  # class details >= 1e25
        ([[1, 0], [0, 1]], [0, 1], [1e23, 3.0]),
    ],
)
def test_huge_and_cancelling_weights_print_wekas_digits(weka_jvm, distributions, actual, weights):
    names = [f"c{i}" for i in range(len(distributions[0]))]
    weka = weka_evaluation(names, actual, distributions, weights)
    ours = ported(names, actual, distributions, weights)
    if weka.error is not None:  # the matrix itself cannot be printed: every other text still must be WEKA's
        with pytest.raises(WekaThrowsError) as raised:
            ours.matrix()
        assert raised.value.java_exception == weka.error
        rows = WekaRows(names)
        for row, a, w in zip(distributions, actual, weights, strict=True):
            assert rows.feed(row, a, w) is None
        assert rows.call("toSummaryString")[0] == ours.summary()
        assert rows.call("toClassDetailsString")[0] == ours.class_details()
        assert statistics_mismatches(rows, ours) == []
        return
    assert mismatches(weka, ours) == []


def test_summary_counts_above_2_53_are_floating_decimals(weka_jvm):
    ours = ported(AB, [0], [[1, 0]], [29942121520052992.0])
    assert "Correctly Classified Instances     29942121520052992 " in ours.summary()
    assert ours.summary() == weka_evaluation(AB, [0], [[1, 0]], [29942121520052992.0]).summary


# -- 4, 5: toMatrixString's exceptions ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("weight", "fails"),
    [(0.05, True), (0.01, True), (0.0999, True), (-0.005, True), (0.1, False), (0.0099, False), (-0.01, False)],
)
def test_matrix_throws_where_weka_throws(weka_jvm, weight, fails):
    """A largest cell in [0.01, 0.1) makes num2ShortID's width -1: WEKA's NegativeArraySizeException."""
    rows = WekaRows(AB)
    assert rows.feed([1.0, 0.0], 0, weight) is None
    text, error = rows.call("toMatrixString")
    ours = Evaluation(AB)
    ours.evaluate_batch([[1.0, 0.0]], [0], [weight])
    assert (error is not None) == fails
    if fails:
        with pytest.raises(WekaThrowsError, match="NegativeArraySizeException") as raised:
            ours.matrix()
        assert raised.value.java_exception == error
    else:
        assert ours.matrix() == text


@pytest.mark.parametrize("weights", [[1e308, 1e308], [-1e308, -1e308], [1e308, 1e308, -1e308]])
def test_an_infinite_cell_is_a_typed_error_at_once(weka_jvm, weights):
    rows = WekaRows(AB)
    for w in weights:
        assert rows.feed([1.0, 0.0], 0, w) is None
    _, error = rows.call("toMatrixString")
    ours = Evaluation(AB)
    ours.evaluate_batch([[1.0, 0.0]] * len(weights), [0] * len(weights), weights)
    started = time.perf_counter()
    with pytest.raises(WekaThrowsError) as raised:
        ours.matrix()
    assert time.perf_counter() - started < 1.0  # no string of 2**31 characters is built
    assert error is not None and raised.value.java_exception == error
    assert statistics_mismatches(rows, ours) == []


# -- 6: a row WEKA throws on ---------------------------------------------------------------------------------------


def test_a_rejected_row_raises_there_and_the_others_are_kept(weka_jvm):
    rows = [([0.8, 0.2], 0), ([3.0, 0.0], 1), ([0.3, 0.7], 1)]
    weka = WekaRows(AB)
    errors = [weka.feed(row, actual) for row, actual in rows]
    assert errors == [None, "ArrayIndexOutOfBoundsException", None]
    ours = Evaluation(AB)
    ours.evaluate_model_once(*rows[0])
    with pytest.raises(PredictionError, match="ArrayIndexOutOfBoundsException"):
        ours.evaluate_model_once(*rows[1])
    ours.evaluate_model_once(*rows[2])
    assert (ours.num_instances, ours.mean_absolute_error) == (2.0, 0.25)
    assert statistics_mismatches(weka, ours) == []
    assert weka.call("toSummaryString")[0] == ours.summary()
    assert weka.call("toClassDetailsString")[0] == ours.class_details()


def test_a_batch_keeps_the_rows_before_the_rejected_one(weka_jvm):
    distributions = [[0.8, 0.2], [0.6, 0.4], [3.0, 0.0], [0.3, 0.7]]
    actual = [0, 1, 1, 1]
    weka = WekaRows(AB)
    for row, a in zip(distributions, actual, strict=True):
        if weka.feed(row, a) is not None:  # WEKA's loop stops at the row it throws on
            break
    ours = Evaluation(AB)
    with pytest.raises(PredictionError, match=r"distributions\[2\]") as raised:
        ours.evaluate_batch(distributions, actual)
    assert raised.value.instance == 2
    assert ours.num_instances == 2.0
    assert statistics_mismatches(weka, ours) == []


# -- 7: infinities WEKA evaluates -----------------------------------------------------------------------------------


def test_infinite_probabilities_weka_evaluates(weka_jvm):
    distributions = [[-math.inf, 0.5], [0.5, -math.inf], [math.inf, math.inf], [0.2, 0.8]]
    actual = [1, 0, 0, 1]
    weka = weka_evaluation(AB, actual, distributions)
    assert weka.error is None and weka.kappa == 1.0 and weka.mean_absolute_error == math.inf
    for one_by_one in (False, True):
        assert mismatches(weka, ported(AB, actual, distributions, one_by_one=one_by_one)) == []


def test_an_infinite_numeric_prediction_one_at_a_time(weka_jvm):
    case = {
        "train_values": None,
        "train_weights": None,
        "update_values": None,
        "update_weights": None,
        "actual": [1.0, 2.0],
        "predicted": [math.inf, 2.5],
        "weights": [1.0, 1.0],
        "intervals": np.zeros((2, 1, 2)),
        "log_density": [0.0, 0.0],
        "mode": "plain",
        "no_priors": False,
    }
    assert numeric_mismatches(case) == []  # evaluate_batch is WEKA's
    batch = Evaluation(None)
    batch.evaluate_batch([math.inf, 2.5], [1.0, 2.0], intervals=False, log_densities=False)
    once = Evaluation(None)
    assert once.evaluate_model_once([math.inf], 1.0) == math.inf
    once.evaluate_model_once([2.5], 2.0)
    assert once.summary() == batch.summary()
    assert once.mean_absolute_error == batch.mean_absolute_error == math.inf


# -- 8: kappa --------------------------------------------------------------------------------------------------------


def test_kappa_stats_of_an_evaluation_always_has_its_kappa(weka_jvm, weka):
    ours = ported(AB, [0, 0, 1], [[1, 0], [1, 0], [0, 1]], [1e308, 1e308, 1.0])
    theirs = weka_evaluation(AB, [0, 0, 1], [[1, 0], [1, 0], [0, 1]], [1e308, 1e308, 1.0], record=False)
    assert theirs.error == "NegativeArraySizeException"  # the matrix text; kappa itself is a number
    assert ours.kappa == weka.kappa_of_matrix([[math.inf, 0.0], [0.0, 1.0]]) == 1.0
    stats = ours.kappa_stats()
    assert stats.kappa == ours.kappa and math.isnan(stats.std_error)


@pytest.mark.parametrize(
    ("matrix", "wekas"),
    [
        ([[math.inf, 0.0], [0.0, 1.0]], 1.0),
        ([[math.nan, 1.0], [0.0, 1.0]], 1.0),
        ([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], -0.09090909090909081),  # WEKA reads 2 x 2 of it
    ],
)
def test_kappa_of_a_matrix_still_refuses_what_weka_guesses_at(weka, matrix, wekas):
    """Deliberate (README's differences): kappa(matrix) takes finite square counts, where WEKA computes on."""
    assert weka.kappa_of_matrix(matrix) == wekas
    with pytest.raises(MatrixError):
        kappa(matrix)


def test_an_infinite_weight_is_refused_one_way(weka_jvm):
    """Deliberate (README's differences): WEKA counts it until toMatrixString throws; both paths refuse it here."""
    rows = WekaRows(AB)
    assert rows.feed([1.0, 0.0], 0, math.inf) is None
    assert rows.call("toMatrixString")[1] == "NegativeArraySizeException"
    for one_by_one in (False, True):
        with pytest.raises(PredictionError, match="finite"):
            ported(AB, [0], [[1.0, 0.0]], [math.inf], one_by_one=one_by_one)


# -- 9: no numpy warning escapes ------------------------------------------------------------------------------------


@pytest.mark.parametrize("weights", [[1e308, 1e308, 1e308], [1e308, -1e308, 1e308], [5e-324, 5e-324, 1e308]])
def test_overflow_gives_wekas_values_under_warnings_as_errors(weka_jvm, weights):
    distributions = [[0.9, 0.1], [0.2, 0.8], [0.6, 0.4]]
    actual = [0, 1, 0]
    rows = WekaRows(AB)
    for row, a, w in zip(distributions, actual, weights, strict=True):
        assert rows.feed(row, a, w) is None
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ours = Evaluation(AB)
        ours.evaluate_batch(distributions, actual, weights)
        assert statistics_mismatches(rows, ours) == []
        assert rows.call("toSummaryString")[0] == ours.summary()
        assert rows.call("toClassDetailsString")[0] == ours.class_details()
        ours.kappa_stats()
        ours.to_frame()
        (ours + ours).summary()


# -- 10: a thousand classes ------------------------------------------------------------------------------------------


def test_a_thousand_classes_print_wekas_details(weka_jvm):
    rng = np.random.default_rng(1000)
    k, n = 1000, 3000
    distributions = np.round(rng.dirichlet(np.ones(k) * 0.05, n), 2)
    actual = rng.integers(0, k, n).astype(np.float64)
    names = [f"c{i}" for i in range(k)]
    weka = weka_evaluation(names, actual, distributions)
    ours = ported(names, actual, distributions)
    assert weka.class_details == ours.class_details()
    assert weka.summary == ours.summary()


# -- the adversarial differential run --------------------------------------------------------------------------------

CASES = 2000
PROBABILITIES = np.array([0.0, 1.0, 0.5, 0.25, 0.1, 1e-300, 5e-324, math.nan, math.inf, -math.inf, 3.0, -0.5, 1e300])
WEIGHTS = np.array(
    [1.0, 0.0, -1.0, 0.5, 1e-3, 5e-324, 1e-300, 1e17, 1.0000000000000002e17, 2.9942121520052992e16, 1e300]
)
COSTS = np.array([0.0, 1.0, 2.5, -1.0, 1e300, 0.3])


def adversarial_case(rng: np.random.Generator) -> dict[str, Any]:
    """One case of issue 28's families: odd probabilities and weights, ties, missing classes, costs, priors."""
    k = int(rng.choice([1, 2, 2, 3, 4, 7, 30]))
    n = int(rng.integers(0, 12))
    family = rng.choice(4, p=[0.35, 0.45, 0.1, 0.1])
    if family == 0:  # rounded probabilities: ties
        distributions = np.round(rng.dirichlet(np.ones(k), n), 1)
    elif family == 1:  # odd values anywhere, rarely
        distributions = rng.dirichlet(np.ones(k), n)
        odd = rng.random((n, k)) < 0.15
        distributions[odd] = rng.choice(PROBABILITIES, odd.sum())
    else:  # whole rows of odd values
        distributions = rng.choice(PROBABILITIES[:10] if family == 2 else PROBABILITIES, (n, k))
    actual = rng.integers(0, k, n).astype(np.float64)
    actual[rng.random(n) < 0.1] = math.nan
    weight_family = rng.integers(0, 4)
    if weight_family == 0:
        weights = np.ones(n)
    elif weight_family == 1:
        weights = rng.choice(WEIGHTS, n)
    elif weight_family == 2:  # a total that cancels to almost nothing
        weights = rng.choice([0.01, -0.06, 0.05, 0.1, -0.1, 0.3], n)
    else:
        weights = rng.choice([1e308, -1e308, 1.0], n)
    costs = None if rng.random() < 0.8 else rng.choice(COSTS, (k, k))
    train = None if rng.random() < 0.7 else rng.integers(0, k, int(rng.integers(1, 6))).astype(np.float64)
    return {
        "names": [f"c{i}" for i in range(k)],
        "actual": actual,
        "distributions": distributions,
        "weights": weights,
        "costs": costs,
        "train": train,
        "no_priors": bool(rng.random() < 0.1),
    }


def differences(case: dict[str, Any]) -> tuple[str, list[str]]:
    """How WEKA took the case (evaluated, threw on a row, threw in a text) and what the port does otherwise."""
    cost_matrix = None if case["costs"] is None else CostMatrix(case["costs"])
    options = {"train_actual": case["train"], "no_priors": case["no_priors"]}
    weka = weka_evaluation(
        case["names"],
        case["actual"],
        case["distributions"],
        case["weights"],
        cost_matrix=None if cost_matrix is None else cost_matrix.to_text(),
        **options,
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # item 9: nothing leaks
        try:
            ours = ported(
                case["names"],
                case["actual"],
                case["distributions"],
                case["weights"],
                cost_matrix=cost_matrix,
                **options,
            )
        except PredictionError as error:
            return "row", [] if weka.error is not None else [f"the port raised {error}, WEKA evaluated"]
        if weka.error is not None:  # a text WEKA cannot print
            thrown = set()
            for text in (ours.summary, ours.class_details, ours.matrix, ours.cumulative_margin_distribution):
                try:
                    text()
                except WekaThrowsError as error:
                    thrown.add(error.java_exception)
            return "text", [] if weka.error in thrown else [f"WEKA threw {weka.error}, the port printed every text"]
        return "evaluated", mismatches(weka, ours)


def test_adversarial_cases_are_wekas(weka_jvm, seed):
    """A few thousand seeded cases of issue 28's families, WEKA the oracle; under a minute."""
    rng = np.random.default_rng(seed)
    started = time.perf_counter()
    failures = []
    kinds: dict[str, int] = {}
    for i in range(CASES):
        case = adversarial_case(rng)
        kind, found = differences(case)
        kinds[kind] = kinds.get(kind, 0) + 1
        if found:
            failures.append((i, case, found))
    assert failures == [], failures[:3]
    assert min(kinds.get(kind, 0) for kind in ("row", "text", "evaluated")) >= CASES // 50, kinds  # every family met
    assert time.perf_counter() - started < 240, kinds  # a minute on an idle machine
