"""Benchmark: every statistic and the three text blocks of 1 million predictions, wekaeval against WEKA's Java.

What it measures
----------------
Two cases in one run, each timed and checked on its own.

*Nominal*: one seeded set of predictions (default 1 million over 5 classes, ``numpy.random.default_rng(0)``):
probabilities from a Dirichlet leaning towards the actual class, rounded to 3 decimals (so scores tie),
weights uniform in [0.1, 3), 0.5 % of classes missing and 0.2 % of rows all zeros (unclassified); the
class priors come from a training set of 10,000 weighted class values (0.5 % missing), i.e. WEKA's
``new Evaluation(train)``.

*Numeric* (regression): as many seeded predicted values (``default_rng(0)`` too): actual values from a
gamma distribution (shape 4, scale 50: mean 200, standard deviation 100) rounded to 2 decimals, predicted =
actual + normal noise (standard deviation 30), the same weights, 0.5 % of actual values missing and 0.2 %
of predictions missing (NaN); the priors from 10,000 weighted training values of the same distribution
(0.5 % missing).  WEKA feeds ``evaluateModelOnceAndRecordPrediction(new double[] {predicted}, instance)``.

1. **WEKA**: ``java_reference/run.sh --bench-predictions FILE --repeat R`` reads the predictions from a
   binary file (layout in java_reference/README.md) and times, inside the JVM with ``System.nanoTime``,
   best of R runs after one warm-up: *evaluate* (``new Evaluation(train)`` and
   ``evaluateModelOnceAndRecordPrediction`` for each prediction, the instances built beforehand),
   *statistics* (every statistic of python-weka-wrapper3's Evaluation, per class and weighted, priors and
   matrix) and *texts* (``toSummaryString()``, ``toClassDetailsString()``, ``toMatrixString()``).  For the
   numeric class: the statistics of scope any in ``wekaeval.blocks.STATISTICS`` and ``correlationCoefficient()``, and
   ``toSummaryString()`` alone.
2. **wekaeval**: ``Evaluation(class_names)``, ``set_priors(train_actual, train_weights)`` and
   ``evaluate_batch(distributions, actual, weights)``; the same statistics by python-weka-wrapper3's
   names; ``summary()``, ``class_details()``, ``matrix()``.  For the numeric class ``Evaluation(None)``,
   ``set_priors(train_values, train_weights)``, ``evaluate_batch(predicted, actual, weights)``, the same
   statistics and ``summary()``.  Best of R runs after one warm-up.

Every statistic must be identical (``float.hex``) and every text byte-identical.  Target, for each case:
wekaeval's total at least 3x faster than WEKA's.  ``--java-only`` runs and checks WEKA's side alone.

How to run
----------
``make bench``, or::

    .venv/bin/python benchmarks/bench_evaluation.py [--n N] [--repeats R] [--quick] [--java-only] [--classes K]

``--classes 1000 --n 20000`` measures many classes (issue 28: the class details of 1000 classes, one pass).

Exit status: 0 when the results of both cases are identical and both targets are met, 1 otherwise, 2 on a
setup error.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from wekaeval.blocks import STATISTICS

PROJECT = Path(__file__).resolve().parent.parent

K = 5
CLASS_NAMES = ["low", "medium", "high", "very high", "extreme"]
SEED = 0
TRAINING = 10_000
TARGET = 3.0  # WEKA's total / wekaeval's total must be at least this
MAGIC = b"WEKAPRD1"
PHASES = ("evaluate", "statistics", "texts", "total")
TEXTS = ("summary", "class_details", "matrix")
# WEKA's getter -> python-weka-wrapper3's name, for every statistic java_reference reports
SCALAR_NAMES = {s.getter: s.name for s in STATISTICS if s.scope in ("any", "nominal")}
PER_CLASS_NAMES = {s.getter: s.name for s in STATISTICS if s.scope == "per-class"}
ARRAY_NAMES = {"getClassPriors": "class_priors", "confusionMatrix": "confusion_matrix"}
# ... and those it reports for a numeric class, with its one text
NUMERIC_NAMES = {s.getter: s.name for s in STATISTICS if s.scope in ("any", "numeric")}
NUMERIC_TEXTS = ("summary",)


@dataclass(frozen=True)
class Predictions:
    """Test predictions and the training class values that set the priors.

    For a numeric class ``class_names`` is empty, ``actual`` and ``train_actual`` hold the class values and
    ``distributions`` is n x 1: the predicted values (NaN = no prediction).
    """

    class_names: list[str]
    actual: np.ndarray  # class index, NaN = missing
    distributions: np.ndarray  # n x k
    weights: np.ndarray
    train_actual: np.ndarray
    train_weights: np.ndarray

    @property
    def numeric(self) -> bool:
        return not self.class_names


def make_predictions(n: int, seed: int = SEED, k: int = K, training: int = TRAINING) -> Predictions:
    """Realistic predictions: rounded Dirichlet scores leaning to the actual class, ties, gaps, fractional weights."""
    rng = np.random.default_rng(seed)
    actual = rng.integers(0, k, n).astype(np.float64)
    alpha = np.full((n, k), 0.6)
    alpha[np.arange(n), actual.astype(np.int64)] += 1.5
    scores = rng.gamma(alpha)
    distributions = np.round(scores / scores.sum(axis=1, keepdims=True), 3)
    distributions[rng.random(n) < 0.002] = 0.0
    actual[rng.random(n) < 0.005] = np.nan
    weights = rng.uniform(0.1, 3.0, n)
    train_actual = rng.integers(0, k, training).astype(np.float64)
    train_actual[rng.random(training) < 0.005] = np.nan
    train_weights = rng.uniform(0.5, 2.0, training)
    names = CLASS_NAMES if k == len(CLASS_NAMES) else [f"c{i}" for i in range(k)]
    return Predictions(names, actual, distributions, weights, train_actual, train_weights)


def make_regression(n: int, seed: int = SEED, training: int = TRAINING) -> Predictions:
    """Realistic regression: gamma-distributed values in the hundreds, predicted with normal noise, gaps, weights."""
    rng = np.random.default_rng(seed)
    actual = np.round(rng.gamma(4.0, 50.0, n), 2)
    predicted = actual + rng.normal(0.0, 30.0, n)
    predicted[rng.random(n) < 0.002] = np.nan
    actual[rng.random(n) < 0.005] = np.nan
    weights = rng.uniform(0.1, 3.0, n)
    train_actual = np.round(rng.gamma(4.0, 50.0, training), 2)
    train_actual[rng.random(training) < 0.005] = np.nan
    train_weights = rng.uniform(0.5, 2.0, training)
    return Predictions([], actual, predicted.reshape(n, 1), weights, train_actual, train_weights)


def write_predictions(path: Path, p: Predictions) -> None:
    """The binary file java_reference's --bench-predictions reads (little-endian; see its README)."""
    n, k = len(p.actual), len(p.class_names)
    with open(path, "wb") as out:
        out.write(MAGIC)
        out.write(np.array([k], "<i4").tobytes() + np.array([len(p.train_actual), n], "<i8").tobytes())
        for name in p.class_names:
            encoded = name.encode("utf-8")
            out.write(np.array([len(encoded)], "<i4").tobytes() + encoded)
        for values in (p.train_actual, p.train_weights, p.actual, p.weights, p.distributions):
            out.write(np.ascontiguousarray(values, dtype="<f8").tobytes())


def run_weka(path: Path, repeats: int) -> dict[str, Any]:
    """java_reference's JSON for the file (WEKA's timings, statistics and texts)."""
    done = subprocess.run([str(PROJECT / "java_reference" / "run.sh"), "--bench-predictions", str(path),
                           "--repeat", str(repeats)], capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"java_reference failed (status {done.returncode}): {done.stderr.strip()}")
    return json.loads(done.stdout)


def text_names(p: Predictions) -> tuple[str, ...]:
    """The texts compared: the three blocks, or the summary alone for a numeric class."""
    return NUMERIC_TEXTS if p.numeric else TEXTS


def weka_results(result: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """WEKA's statistics by python-weka-wrapper3's names, and its texts; every getter must be a known one."""
    numeric = result["class_names"] is None
    names = NUMERIC_NAMES if numeric else {**SCALAR_NAMES, **PER_CLASS_NAMES, **ARRAY_NAMES}
    reported = set(result["statistics"])
    if reported != set(names):
        raise RuntimeError(f"java_reference's statistics and wekaeval.bridge's names differ: "
                           f"{sorted(reported ^ set(names))}")
    statistics = {}
    for getter, value in result["statistics"].items():
        scalar = getter in (NUMERIC_NAMES if numeric else SCALAR_NAMES)
        statistics[names[getter]] = float(value) if scalar else np.array(value, dtype=np.float64)
    return statistics, {name: result[name] for name in (NUMERIC_TEXTS if numeric else TEXTS)}


def wekaeval_once(p: Predictions) -> tuple[dict[str, float], dict[str, Any], dict[str, str]]:
    """wekaeval over the predictions: seconds per phase, statistics by pww3's names, texts."""
    from wekaeval import Evaluation

    if p.numeric:
        return _wekaeval_numeric_once(p)
    t0 = time.perf_counter()
    evaluation = Evaluation(p.class_names)
    evaluation.set_priors(p.train_actual, p.train_weights)
    evaluation.evaluate_batch(p.distributions, p.actual, p.weights)
    t1 = time.perf_counter()
    k = len(p.class_names)
    statistics: dict[str, Any] = {name: getattr(evaluation, name) for name in SCALAR_NAMES.values()}
    for name in PER_CLASS_NAMES.values():
        method = getattr(evaluation, name)
        statistics[name] = np.array([method(i) for i in range(k)], dtype=np.float64)
    statistics["class_priors"] = np.asarray(evaluation.class_priors, dtype=np.float64)
    statistics["confusion_matrix"] = np.asarray(evaluation.confusion_matrix, dtype=np.float64)
    t2 = time.perf_counter()
    texts = {"summary": evaluation.summary(), "class_details": evaluation.class_details(),
             "matrix": evaluation.matrix()}
    t3 = time.perf_counter()
    return dict(zip(PHASES, (t1 - t0, t2 - t1, t3 - t2, t3 - t0))), statistics, texts


def _wekaeval_numeric_once(p: Predictions) -> tuple[dict[str, float], dict[str, Any], dict[str, str]]:
    """wekaeval over predicted values of a numeric class: as :func:`wekaeval_once`."""
    from wekaeval import Evaluation

    t0 = time.perf_counter()
    evaluation = Evaluation(None)
    evaluation.set_priors(p.train_actual, p.train_weights)
    evaluation.evaluate_batch(p.distributions[:, 0], p.actual, p.weights)
    t1 = time.perf_counter()
    statistics: dict[str, Any] = {name: getattr(evaluation, name) for name in NUMERIC_NAMES.values()}
    t2 = time.perf_counter()
    texts = {"summary": evaluation.summary()}
    t3 = time.perf_counter()
    return dict(zip(PHASES, (t1 - t0, t2 - t1, t3 - t2, t3 - t0))), statistics, texts


def wekaeval_best(p: Predictions, repeats: int) -> tuple[dict[str, float], dict[str, Any], dict[str, str]]:
    """Best seconds per phase over ``repeats`` runs after one warm-up, and the last run's results."""
    wekaeval_once(p)
    best = dict.fromkeys(PHASES, math.inf)
    for _ in range(repeats):
        seconds, statistics, texts = wekaeval_once(p)
        best = {phase: min(best[phase], seconds[phase]) for phase in PHASES}
    return best, statistics, texts


def _hex(value: float) -> str:
    return "nan" if math.isnan(value) else float(value).hex()


def differences(weka: dict[str, Any], ours: dict[str, Any]) -> list[str]:
    """The statistics whose doubles are not identical (NaN equals NaN), each with both values."""
    out = []
    for name, theirs in weka.items():
        mine = ours.get(name)
        a = np.atleast_1d(np.asarray(theirs, dtype=np.float64)).ravel()
        b = np.atleast_1d(np.asarray(mine, dtype=np.float64)).ravel() if mine is not None else np.empty(0)
        if a.shape != b.shape or any(_hex(x) != _hex(y) for x, y in zip(a.tolist(), b.tolist())):
            out.append(f"{name}: WEKA {theirs!r}, wekaeval {mine!r}")
    return out


def _sequential_sum(values: np.ndarray) -> float:
    """Left to right, as WEKA's ``+=`` adds (numpy.sum adds pairwise)."""
    return float(np.add.accumulate(values)[-1]) if len(values) else 0.0


def check_weka(result: dict[str, Any], p: Predictions) -> list[str]:
    """What must hold of WEKA's own answer: the statistics complete, the counts those of the file."""
    statistics, texts = weka_results(result)
    problems = []
    with_class = ~np.isnan(p.actual)
    if result["instances"] != len(p.actual) or result["training_instances"] != len(p.train_actual):
        problems.append("instance counts differ from the file's")
    if statistics["missing_class"] != _sequential_sum(p.weights[~with_class]):
        problems.append("missingClass() is not the missing rows' weight, added in order")
    if statistics["num_instances"] != _sequential_sum(p.weights[with_class]):
        problems.append("numInstances() is not the weight of the rows with a class, added in order")
    if not all(texts[name] for name in text_names(p)):
        problems.append("an empty text")
    return problems


def bench_case(p: Predictions, repeats: int, java_only: bool, first: bool) -> int:
    """One case, WEKA's side then wekaeval's, printed: 0 identical (and the target met), 1 otherwise, 2 setup."""
    with tempfile.TemporaryDirectory(prefix="bench-evaluation-") as work:
        path = Path(work) / "predictions.bin"
        write_predictions(path, p)
        try:
            result = run_weka(path, repeats)
        except RuntimeError as error:
            print(error, file=sys.stderr)
            return 2
        size = os.path.getsize(path)
    if first:
        print(f"WEKA {result['weka_version']} on {result['java']}")
    n = len(p.actual)
    what = "predicted values of a numeric class" if p.numeric else f"predictions x {len(p.class_names)} classes"
    print(f"{n:,} {what} ({size / 1e6:.0f} MB file), priors from {len(p.train_actual):,} training "
          f"values; best of {repeats} runs after a warm-up")
    weka_seconds = result["seconds"]
    print(f"  WEKA, not timed: reading the file {weka_seconds['read']:.2f} s, building the instances "
          f"{weka_seconds['build_instances']:.2f} s")
    problems = check_weka(result, p)
    weka_statistics, weka_texts = weka_results(result)
    if java_only:
        print(f"  {'phase':<11} {'WEKA s':>8}")
        for phase in PHASES:
            print(f"  {phase:<11} {weka_seconds[phase]:8.3f}")
        print(f"  {len(weka_statistics)} statistics; WEKA's answer {'checked' if not problems else 'WRONG'}")
        for problem in problems:
            print(f"    {problem}")
        return 1 if problems else 0
    try:
        ours_seconds, ours_statistics, ours_texts = wekaeval_best(p, repeats)
    except ImportError as error:
        print(f"wekaeval.Evaluation is not available ({error}): run with --java-only", file=sys.stderr)
        return 2
    print(f"  {'phase':<11} {'WEKA s':>8} {'wekaeval s':>11} {'speed-up':>9}")
    for phase in PHASES:
        ratio = weka_seconds[phase] / ours_seconds[phase]
        print(f"  {phase:<11} {weka_seconds[phase]:8.3f} {ours_seconds[phase]:11.3f} {ratio:8.1f}x")
    different = differences(weka_statistics, ours_statistics)
    texts = text_names(p)
    texts_same = [name for name in texts if ours_texts[name] == weka_texts[name]]
    print(f"  statistics identical: {len(weka_statistics) - len(different)}/{len(weka_statistics)}; "
          f"texts byte-identical: {len(texts_same)}/{len(texts)} ({', '.join(texts_same) or 'none'})")
    for line in different:
        print(f"    {line}")
    speed_up = weka_seconds["total"] / ours_seconds["total"]
    met = speed_up >= TARGET
    print(f"  target: at least {TARGET:.0f}x faster than WEKA's Java in total: {'met' if met else 'MISSED'} "
          f"({speed_up:.1f}x)")
    return 0 if met and not different and len(texts_same) == len(texts) and not problems else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--n", type=int, default=1_000_000, help="predictions (default 1_000_000)")
    parser.add_argument("--repeats", type=int, default=3, help="timed runs after one warm-up (default 3)")
    parser.add_argument("--quick", action="store_true", help="100_000 predictions, 2 runs")
    parser.add_argument("--java-only", action="store_true", help="WEKA's side only (timed and checked)")
    parser.add_argument("--classes", type=int, default=K, help=f"classes of the nominal case (default {K})")
    args = parser.parse_args(argv)
    if args.quick:
        args.n, args.repeats = 100_000, 2
    if args.n < 1 or args.repeats < 1 or args.classes < 1:
        parser.error("--n, --repeats and --classes must be at least 1")
    statuses: list[int] = []
    def nominal(n: int) -> Predictions:
        return make_predictions(n, k=args.classes)

    for make in (nominal, make_regression):  # nominal, then numeric; each made when its turn comes
        status = bench_case(make(args.n), args.repeats, args.java_only, first=not statuses)
        if status == 2:
            return 2
        statuses.append(status)
    return max(statuses)


if __name__ == "__main__":
    sys.exit(main())
