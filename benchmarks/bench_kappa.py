"""Benchmark: weighted kappa over millions of predictions, wekaeval against two baselines.

What it measures
----------------
One run times three ways of getting Cohen's kappa from the same weighted
predictions (default 10 million instances over 5 classes, ~70% agreement,
weights uniform in [0.1, 3), all drawn from ``numpy.random.default_rng(0)``):

1. **wekaeval**: ``ConfusionMatrix.from_predictions(actual, predicted=...,
   weights=..., class_names=...)`` and then ``.kappa()``; input validation
   included, since a caller pays for it too.
2. **scikit-learn**: ``sklearn.metrics.cohen_kappa_score(actual, predicted,
   sample_weight=weights)``.
3. **bincount**: a bare ``np.bincount(actual * 5 + predicted, weights=...)``
   and kappa from that matrix in plain numpy: no validation at all, so the
   floor for anything that builds the matrix in numpy.

Each method gets one warm-up call, then its median over ``--repeats`` calls
(``--sklearn-repeats`` for scikit-learn, which is slow), timed with
``time.perf_counter``.  Two targets are checked:

* ``sklearn / wekaeval >= 30x``;
* ``wekaeval / bincount <= 2x``.

The script also checks that wekaeval's kappa is WEKA's: bit for bit the value
of ``Evaluation.kappa()`` (as ``wekaeval.kappa``, which the tests hold to
WEKA's own) over the bincount matrix, whose
cells ``np.bincount`` sums sequentially in input order, as WEKA's ``+=`` does.
The scikit-learn and plain-numpy kappas sum in other orders and may differ in
the last bit or so; the script shows them with ``float.hex`` and does not
require them to be equal.

How to run
----------
``make bench`` (installs the ``bench`` extra, i.e. scikit-learn, first), or::

    .venv/bin/python benchmarks/bench_kappa.py [--n N] [--repeats R] [--sklearn-repeats S]

Exit status: 0 when both targets are met, 1 when either is missed (or
wekaeval's kappa is not WEKA's), 2 on a usage or setup error.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

try:
    import sklearn
    from sklearn.metrics import cohen_kappa_score
except ImportError:
    sys.stderr.write("scikit-learn is missing: run `make bench` or `.venv/bin/pip install -e '.[bench]'`\n")
    sys.exit(2)

import wekaeval
from wekaeval import ConfusionMatrix

K = 5
CLASS_NAMES = [f"c{i}" for i in range(K)]
AGREEMENT = 0.70  # share of instances whose predicted class is the actual one
SEED = 0

SKLEARN_SPEEDUP_TARGET = 30.0  # sklearn / wekaeval must be at least this
BINCOUNT_OVERHEAD_TARGET = 2.0  # wekaeval / bincount must be at most this


# -- data -----------------------------------------------------------------------


def make_predictions(n: int, seed: int = SEED) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``actual`` and ``predicted`` int64 classes in 0..K-1, and float64 weights.

    ``predicted`` equals ``actual`` with probability AGREEMENT and is otherwise
    one of the other K-1 classes, uniformly.
    """
    rng = np.random.default_rng(seed)
    actual = rng.integers(0, K, size=n, dtype=np.int64)
    agrees = rng.random(n) < AGREEMENT
    shift = rng.integers(1, K, size=n, dtype=np.int64)
    predicted = np.where(agrees, actual, (actual + shift) % K)
    weights = rng.uniform(0.1, 3.0, size=n)
    return actual, predicted, weights


# -- the three methods ----------------------------------------------------------


def wekaeval_kappa(actual: np.ndarray, predicted: np.ndarray, weights: np.ndarray) -> float:
    matrix = ConfusionMatrix.from_predictions(actual, predicted=predicted, weights=weights, class_names=CLASS_NAMES)
    return matrix.kappa()


def sklearn_kappa(actual: np.ndarray, predicted: np.ndarray, weights: np.ndarray) -> float:
    return float(cohen_kappa_score(actual, predicted, sample_weight=weights))


def bincount_matrix(actual: np.ndarray, predicted: np.ndarray, weights: np.ndarray) -> np.ndarray:
    return np.bincount(actual * K + predicted, weights=weights, minlength=K * K).reshape(K, K)


def numpy_kappa(matrix: np.ndarray) -> float:
    """Kappa in plain numpy: (po - pe) / (1 - pe)."""
    total = matrix.sum()
    po = np.trace(matrix) / total
    pe = (matrix.sum(axis=1) @ matrix.sum(axis=0)) / total**2
    return float((po - pe) / (1 - pe))


def bincount_kappa(actual: np.ndarray, predicted: np.ndarray, weights: np.ndarray) -> float:
    return numpy_kappa(bincount_matrix(actual, predicted, weights))


# -- timing ---------------------------------------------------------------------


def time_median(fn: Callable[[], Any], repeats: int) -> tuple[float, float, Any]:
    """(median seconds, fastest seconds, last result) of ``repeats`` calls after one warm-up call."""
    fn()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), min(times), result


# -- report ---------------------------------------------------------------------


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def print_machine() -> None:
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print("machine")
    print(f"  platform      {platform.platform()}")
    print(f"  cpu           {cpu_model()}")
    print(f"  cores         {os.cpu_count()} logical, {usable} usable by this process")
    print(f"  python        {platform.python_implementation()} {platform.python_version()}")
    print(f"  numpy         {np.__version__}")
    print(f"  scikit-learn  {sklearn.__version__}")
    print(f"  wekaeval      {wekaeval.__version__}")


def ulps_apart(x: float, reference: float) -> float:
    return abs(x - reference) / math.ulp(reference)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument(
        "--n", type=int, default=10_000_000, help="number of weighted predictions (default: 10_000_000)"
    )
    parser.add_argument(
        "--repeats", type=int, default=7, help="timed calls for wekaeval and bincount, after one warm-up (default: 7)"
    )
    parser.add_argument(
        "--sklearn-repeats", type=int, default=3, help="timed calls for scikit-learn, after one warm-up (default: 3)"
    )
    args = parser.parse_args(argv)
    if args.n < 1 or args.repeats < 1 or args.sklearn_repeats < 1:
        parser.error("--n, --repeats and --sklearn-repeats must be at least 1")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    print_machine()
    print()
    print(f"data: {args.n:,} weighted predictions over {K} classes, ~{AGREEMENT:.0%} agreement, "
          f"weights uniform in [0.1, 3), default_rng({SEED})")
    actual, predicted, weights = make_predictions(args.n)
    print()

    runs = [
        ("wekaeval", args.repeats, lambda: wekaeval_kappa(actual, predicted, weights)),
        ("sklearn", args.sklearn_repeats, lambda: sklearn_kappa(actual, predicted, weights)),
        ("bincount", args.repeats, lambda: bincount_kappa(actual, predicted, weights)),
    ]
    median: dict[str, float] = {}
    kappa: dict[str, float] = {}
    print(f"  {'method':<10} {'median s':>10} {'fastest s':>10} {'runs':>5}")
    for name, repeats, fn in runs:
        median[name], fastest, kappa[name] = time_median(fn, repeats)
        print(f"  {name:<10} {median[name]:>10.5f} {fastest:>10.5f} {repeats:>5}", flush=True)
    print()

    sklearn_speedup = median["sklearn"] / median["wekaeval"]
    bincount_overhead = median["wekaeval"] / median["bincount"]
    speedup_ok = sklearn_speedup >= SKLEARN_SPEEDUP_TARGET
    overhead_ok = bincount_overhead <= BINCOUNT_OVERHEAD_TARGET
    print(f"  sklearn / wekaeval  = {sklearn_speedup:6.1f}x (target >= {SKLEARN_SPEEDUP_TARGET:g}x)  "
          f"{'ok' if speedup_ok else 'MISSED'}")
    print(f"  wekaeval / bincount = {bincount_overhead:6.2f}x (target <= {BINCOUNT_OVERHEAD_TARGET:g}x)  "
          f"{'ok' if overhead_ok else 'MISSED'}")
    print()

    # Correctness, outside the timings: wekaeval.kappa (tested bit for bit against WEKA's own
    # Evaluation.kappa() in tests/evaluation/test_kappa.py) over the sequentially summed bincount matrix.
    reference_matrix = bincount_matrix(actual, predicted, weights)
    reference = wekaeval.kappa(reference_matrix)
    wekaeval_matrix = ConfusionMatrix.from_predictions(
        actual, predicted=predicted, weights=weights, class_names=CLASS_NAMES
    ).matrix
    same_matrix = np.array_equal(wekaeval_matrix, reference_matrix)
    is_weka = kappa["wekaeval"] == reference
    print("kappa (reference: WEKA's Evaluation.kappa(), as wekaeval.kappa, over the bincount matrix)")
    print(f"  {'WEKA':<10} {reference!r:<22} {reference.hex()}")
    for name in ("wekaeval", "sklearn", "bincount"):
        value = kappa[name]
        print(f"  {name:<10} {value!r:<22} {value.hex():<24} {ulps_apart(value, reference):g} ulp from WEKA")
    print(f"  wekaeval matrix identical to the bincount matrix: {'yes' if same_matrix else 'NO'}")
    print(f"  wekaeval kappa is WEKA's, bit for bit: {'yes' if is_weka else 'NO'}")
    spread = max(kappa.values()) - min(kappa.values())
    print(f"  the three kappas agree to {spread:.3g} (differences in the last bits come from summation order)")

    return 0 if speedup_ok and overhead_ok and is_weka and same_matrix else 1


if __name__ == "__main__":
    sys.exit(main())
