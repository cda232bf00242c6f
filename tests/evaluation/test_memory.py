"""Memory bounds (issue 24): the port's big inputs cost a small multiple of their arrays, never of Python objects.

``tracemalloc`` sees numpy's data buffers, so its peak while a call runs is what that call allocated: for a
million predictions over 5 classes (53 MB of inputs) ``Evaluation.evaluate_batch``, which keeps a copy of its
predictions as WEKA does, and ``ConfusionMatrix.from_predictions`` must each stay at or under twice the inputs
(they took 5.9x and 3.8x before).  Figures in docs/performance.md.
"""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable

import numpy as np
import pytest

from wekaeval import ConfusionMatrix, Evaluation

ROWS, CLASSES = 1_000_000, 5


@pytest.fixture
def predictions(rng):
    distributions = rng.dirichlet(np.ones(CLASSES), ROWS)
    actual = rng.integers(0, CLASSES, ROWS)
    weights = rng.uniform(0.1, 3.0, ROWS)
    return distributions, actual, weights


def _peak_over_inputs(call: Callable[[], object], *inputs: np.ndarray) -> float:
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        result = call()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    del result
    return peak / sum(array.nbytes for array in inputs)


def test_an_evaluation_keeping_its_predictions_takes_at_most_twice_its_inputs(predictions):
    names = [f"c{i}" for i in range(CLASSES)]

    def evaluate() -> Evaluation:
        evaluation = Evaluation(names)
        evaluation.evaluate_batch(*predictions)
        return evaluation

    ratio = _peak_over_inputs(evaluate, *predictions)
    print(f"evaluate_batch peak: {ratio:.2f}x the inputs")
    assert ratio <= 2.0


def test_a_confusion_matrix_from_distributions_takes_at_most_twice_its_inputs(predictions):
    distributions, actual, weights = predictions
    ratio = _peak_over_inputs(
        lambda: ConfusionMatrix.from_predictions(actual, distributions, weights=weights), *predictions
    )
    print(f"ConfusionMatrix.from_predictions peak: {ratio:.2f}x the inputs")
    assert ratio <= 2.0


def test_every_roc_and_prc_area_of_continuous_scores_takes_at_most_twice_the_inputs(rng):
    """Issue 37: 2 classes, continuous scores (a threshold per prediction) and a tie of unclassified rows with
    fractional weights, so WEKA's quicksort runs: the areas streamed from the sorted order (it was 6.0x)."""
    n = ROWS
    distributions = rng.dirichlet([1.0, 1.0], n)
    distributions[rng.random(n) < 0.002] = 0.0
    predictions = (distributions, rng.integers(0, 2, n), rng.uniform(0.1, 3.0, n))

    def everything(arrays: tuple[np.ndarray, ...]) -> str:
        evaluation = Evaluation(["a", "b"])
        evaluation.evaluate_batch(*arrays)
        areas = (evaluation.weighted_area_under_roc, evaluation.weighted_area_under_prc)
        return evaluation.class_details() + str(areas)

    everything(tuple(array[:1000] for array in predictions))  # imports and tables: not the inputs'
    ratio = _peak_over_inputs(lambda: everything(predictions), *predictions)
    print(f"Evaluation with every area peak: {ratio:.2f}x the inputs")
    assert ratio <= 2.0
