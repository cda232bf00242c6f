"""Benchmark: moving 100 000 of WEKA's predictions out of the JVM, in bulk against object by object.

What it measures
----------------
WEKA cross-validates ZeroR on 100 000 instances (many-classes.arff repeated, 30
classes), once; then, on that same Evaluation, the script times how long it
takes to get every prediction's actual class, weight and distribution into
numpy arrays:

1. **bulk**: ``wekaeval.bridge`` (one ``double[]`` built by a small Java
   helper, read through JPype's buffer protocol);
2. **python-weka-wrapper3**: its per-object ``Evaluation.predictions``
   (a Python wrapper per prediction, then ``actual``/``weight``/``distribution``);
3. **JPype per object**: plain JPype calls on each Java ``NominalPrediction``.

Median of ``--repeats`` runs after one warm-up.  Target: bulk under 0.3 s.
Exit 1 when the target is missed or the three disagree on any value.

Run: ``.venv/bin/python benchmarks/bench_bridge.py`` (``make bench`` runs it too).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

from wekaeval import bridge

SAMPLE = Path(__file__).resolve().parent.parent / "arff_samples" / "many-classes.arff"
TARGET_SECONDS = 0.3


def evaluation_with(n: int):
    """python-weka-wrapper3's Evaluation holding n predictions (ZeroR, 10-fold CV)."""
    import jpype
    from weka.classifiers import Classifier, Evaluation
    from weka.core.classes import Random
    from weka.core.dataset import Instances

    data = bridge.load_instances(SAMPLE)
    big = jpype.JClass("weka.core.Instances")(data, n)
    while big.numInstances() < n:
        big.add(data.instance(big.numInstances() % data.numInstances()))
    evaluation = Evaluation(Instances(big))
    evaluation.crossvalidate_model(Classifier(classname="weka.classifiers.rules.ZeroR"), Instances(big), 10, Random(1))
    return evaluation, big.numClasses()


def bulk(evaluation, k):
    rows = bridge.prediction_rows(evaluation.jobject.predictions(), k)
    return rows[:, 0], rows[:, 1], rows[:, 2:]


def python_weka_wrapper3(evaluation, k):
    predictions = evaluation.predictions
    actual = np.array([p.actual for p in predictions])
    weights = np.array([p.weight for p in predictions])
    distributions = np.array([list(p.distribution) for p in predictions])
    return actual, weights, distributions


def jpype_per_object(evaluation, k):
    predictions = evaluation.jobject.predictions().toArray()
    n = len(predictions)
    actual, weights, distributions = np.empty(n), np.empty(n), np.empty((n, k))
    for i, p in enumerate(predictions):
        actual[i], weights[i], distributions[i] = p.actual(), p.weight(), p.distribution()
    return actual, weights, distributions


def median_seconds(fn, repeats):
    result = fn()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--n", type=int, default=100_000, help="predictions (default 100000)")
    parser.add_argument("--repeats", type=int, default=5, help="timed runs each (default 5)")
    args = parser.parse_args(argv)

    evaluation, k = evaluation_with(args.n)
    bridge.bulk_class()  # compile (or load from the cache) outside the timings
    print(f"{args.n:,} predictions over {k} classes (ZeroR, 10-fold CV), WEKA {bridge.weka_version()}")
    results = {}
    timings = {}
    for name, fn in [("bulk (wekaeval.bridge)", bulk), ("python-weka-wrapper3", python_weka_wrapper3),
                     ("JPype per object", jpype_per_object)]:
        repeats = args.repeats if name.startswith("bulk") else max(1, args.repeats // 2)
        timings[name], results[name] = median_seconds(lambda fn=fn: fn(evaluation, k), repeats)
        print(f"  {name:<24} {timings[name]:8.3f} s", flush=True)
    fastest = timings["bulk (wekaeval.bridge)"]
    for name, seconds in timings.items():
        if not name.startswith("bulk"):
            print(f"  {name} / bulk = {seconds / fastest:.1f}x")
    reference = results["bulk (wekaeval.bridge)"]
    agree = all(
        all(np.array_equal(a, b, equal_nan=True) for a, b in zip(reference, other)) for other in results.values()
    )
    met = fastest < TARGET_SECONDS
    print(f"  bulk under {TARGET_SECONDS} s: {'yes' if met else 'NO'}; all three identical: {'yes' if agree else 'NO'}")
    return 0 if met and agree else 1


if __name__ == "__main__":
    sys.exit(main())
