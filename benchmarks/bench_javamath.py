"""Benchmark: Java's Math.log over 10 million doubles, wekaeval's port against numpy and the JVM.

What it measures
----------------
On the same 10 million doubles (``numpy.random.default_rng(0)``: 1/3 uniform in (0, 1], 1/3 in
[1, 2], 1/3 spread over decades 1e-300..1e300), median of ``--repeats`` runs after a warm-up:

1. ``wekaeval.javamath.java_log`` (HotSpot's x86_64 intrinsic, bit for bit);
2. ``wekaeval.javamath.fdlibm_log`` (``StrictMath.log``, bit for bit);
3. ``numpy.log`` (not Java's last bits; the floor for a vectorized log);
4. with ``--jvm`` (needs WEKA's JVM): ``Math.log`` in a loop inside the JVM, the best of
   ``--repeats`` timed loops after JIT warm-up, and the time to get the same 10 million results into
   numpy through a ``double[]`` (tests/oracles/java/MathBulk.java).

It also counts how many of numpy's results differ from ``java_log`` (and, with ``--jvm``, checks
that ``java_log`` equals the JVM's on every value; exit 1 if not).

Run: ``.venv/bin/python benchmarks/bench_javamath.py [--jvm]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wekaeval.javamath import fdlibm_log, java_log

N = 10_000_000


def inputs(n: int = N) -> np.ndarray:
    rng = np.random.default_rng(0)
    third = n // 3
    return np.concatenate([
        1.0 - rng.random(third),
        1.0 + rng.random(third),
        rng.random(n - 2 * third) * 10.0 ** rng.integers(-300, 300, n - 2 * third),
    ])


def median_seconds(function, x: np.ndarray, repeats: int) -> tuple[float, np.ndarray]:
    result = function(x)  # warm-up
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        result = function(x)
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--jvm", action="store_true", help="also time Math.log inside WEKA's JVM")
    arguments = parser.parse_args()
    x = inputs()
    rows = []
    port, ours = median_seconds(java_log, x, arguments.repeats)
    rows.append(("wekaeval java_log (HotSpot x86_64, bit for bit)", port))
    strict, _ = median_seconds(fdlibm_log, x, arguments.repeats)
    rows.append(("wekaeval fdlibm_log (StrictMath.log, bit for bit)", strict))
    numpy_seconds, theirs = median_seconds(np.log, x, arguments.repeats)
    rows.append(("numpy.log", numpy_seconds))
    differ = int((ours.view(np.uint64) != theirs.view(np.uint64)).sum())
    status = 0
    if arguments.jvm:
        from wekaeval import bridge
        from tests.javamath_jvm import _to_java, jvm_log, math_bulk

        bridge.start_jvm()
        java_x = _to_java(x)
        best_ns, _ = math_bulk().time(java_x, arguments.repeats + 3)
        rows.append(("JVM Math.log loop, inside the JVM (best run)", best_ns / 1e9))
        start = time.perf_counter()
        java = jvm_log(x)
        rows.append(("JVM Math.log, numpy -> double[] -> numpy (one run)", time.perf_counter() - start))
        jvm_differ = int((ours.view(np.uint64) != java.view(np.uint64)).sum())
        print(f"java_log vs the JVM's Math.log: {jvm_differ} of {N} differ")
        status = 1 if jvm_differ else 0
    print(f"{N} doubles, median of {arguments.repeats} runs")
    for name, seconds in rows:
        print(f"  {name:<55} {seconds:8.3f} s  {seconds / numpy_seconds:5.1f}x numpy.log")
    print(f"numpy.log differs from java_log in {differ} of {N} values")
    return status


if __name__ == "__main__":
    sys.exit(main())
