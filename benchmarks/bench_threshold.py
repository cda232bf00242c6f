"""Benchmark: every ROC and PRC area of 1 million predictions over 5 classes, wekaeval against WEKA's Java.

What it measures
----------------
For each data set (default 1 million weighted predictions over 5 classes,
``numpy.random.default_rng(0)``, weights uniform in [0.1, 3)):

* **continuous**: Dirichlet(1, ..., 1) probabilities -- practically no tied
  scores, so wekaeval's sums are order-free and it sorts with numpy;
* **grid**: probabilities on a grid of 1/20 (as counting classifiers give
  them) -- large ties with fractional weights, so wekaeval runs its port of
  WEKA's quicksort (``threshold.weka_sort``, pure Python) for every class.

it computes what WEKA's class-details block needs: ``areaUnderROC(i)`` and
``areaUnderPRC(i)`` for every class, ``weightedAreaUnderROC()`` and
``weightedAreaUnderPRC()``:

1. **WEKA**: a real ``weka.classifiers.evaluation.Evaluation`` (WEKA 3.9.7
   through python-weka-wrapper3/JPype) fed the predictions with
   ``evaluateModelOnceAndRecordPrediction`` (not timed); only the twelve area
   calls are timed.  WEKA rebuilds and re-sorts a curve for every call, and
   the weighted averages call the per-class areas again.
2. **wekaeval**: ``threshold.ThresholdCurves(actual, probabilities, weights)``
   and the same twelve figures (each class's curve built once), input
   validation included.

Both get one warm-up, then the median of ``--repeats`` runs.  The twelve
figures must be identical (``float.hex``); the exit status is 1 if not.

How to run
----------
::

    .venv/bin/python benchmarks/bench_threshold.py [--n N] [--repeats R]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from wekaeval import bridge
from wekaeval.evaluation import _threshold as threshold

K = 5
SEED = 0


def make_predictions(n: int, kind: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(SEED)
    probabilities = rng.dirichlet(np.ones(K), n)
    if kind == "grid":
        probabilities = np.round(probabilities * 20) / 20
    actual = rng.integers(0, K, n).astype(np.float64)
    weights = rng.uniform(0.1, 3.0, n)
    return actual, probabilities, weights


def weka_evaluation(actual: np.ndarray, probabilities: np.ndarray, weights: np.ndarray) -> Any:
    import jpype

    Attribute = jpype.JClass("weka.core.Attribute")
    Instances = jpype.JClass("weka.core.Instances")
    DenseInstance = jpype.JClass("weka.core.DenseInstance")
    Evaluation = jpype.JClass("weka.classifiers.evaluation.Evaluation")
    ArrayList = jpype.JClass("java.util.ArrayList")
    JD = jpype.JArray(jpype.JDouble)
    values = ArrayList()
    for i in range(K):
        values.add(f"c{i}")
    attributes = ArrayList()
    attributes.add(Attribute("class", values))
    header = Instances("bench", attributes, 0)
    header.setClassIndex(0)
    evaluation = Evaluation(header)
    rows = jpype.JArray(jpype.JDouble, 2)(probabilities)
    record = evaluation.evaluateModelOnceAndRecordPrediction
    for i, (a, w) in enumerate(zip(actual.tolist(), weights.tolist())):
        instance = DenseInstance(w, JD([a]))
        instance.setDataset(header)
        record(rows[i], instance)
    return evaluation


def weka_areas(evaluation: Any) -> list[float]:
    return ([float(evaluation.areaUnderROC(i)) for i in range(K)]
            + [float(evaluation.areaUnderPRC(i)) for i in range(K)]
            + [float(evaluation.weightedAreaUnderROC()), float(evaluation.weightedAreaUnderPRC())])


def wekaeval_areas(actual: np.ndarray, probabilities: np.ndarray, weights: np.ndarray) -> list[float]:
    curves = threshold.ThresholdCurves(actual, probabilities, weights)
    return ([curves.area_under_roc(i) for i in range(K)] + [curves.area_under_prc(i) for i in range(K)]
            + [curves.weighted_area_under_roc, curves.weighted_area_under_prc])


def time_median(fn: Callable[[], Any], repeats: int) -> tuple[float, Any]:
    result = fn()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--n", type=int, default=1_000_000, help="predictions (default 1_000_000)")
    parser.add_argument("--repeats", type=int, default=3, help="timed runs after one warm-up (default 3)")
    args = parser.parse_args(argv)
    bridge.start_jvm()
    print(f"WEKA {bridge.weka_version()}, {args.n:,} predictions x {K} classes, weights uniform in [0.1, 3)")
    print(f"  {'data':<11} {'WEKA s':>8} {'wekaeval s':>11} {'speed-up':>9} {'12 areas identical':>19}")
    ok = True
    for kind in ("continuous", "grid"):
        actual, probabilities, weights = make_predictions(args.n, kind)
        start = time.perf_counter()
        evaluation = weka_evaluation(actual, probabilities, weights)
        feed = time.perf_counter() - start
        java_s, java = time_median(lambda: weka_areas(evaluation), args.repeats)
        ours_s, ours = time_median(lambda: wekaeval_areas(actual, probabilities, weights), args.repeats)
        same = [float(a).hex() == float(b).hex() for a, b in zip(java, ours)]
        ok &= all(same)
        print(f"  {kind:<11} {java_s:8.2f} {ours_s:11.2f} {java_s / ours_s:8.1f}x {sum(same):>15}/12"
              f"   (feeding WEKA, not timed: {feed:.0f} s)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
