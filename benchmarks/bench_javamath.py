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

With ``--scalar``: one Python float at a time, what the kernel estimator, the t-test's incomplete beta and
the number formats pay per call.  Microseconds per call of ``java_exp(0.5)``, ``java_log(0.5)``,
``java_log_scalar(0.5)``, ``java_pow(13.0, -0.25)``, ``java_platform()`` (the lookup every one of them makes,
``WEKAEVAL_CPU`` unset), the arithmetic alone (``_exp_scalar``), ``f_probability(4.0, 1, 9)``,
``normal_inverse(0.01)``, ``UnivariateKernelEstimator.log_density`` per point (300 values drawn from
``default_rng(0)``, 100 points over their range), ``ConfusionMatrix.add`` of one prediction and
``weka_sort_ranked`` of 4 rows of 60 tied values (a small evaluation's ROC order); each the best of 7 timed
loops in a fresh process.  With ``--before SRC`` (another tree's ``src``, e.g. ``git archive main src | tar -x -C
/tmp/main``) the same processes run that tree in turn with this one (A B A B, ``--rounds`` each): medians per
tree, and the median of the pairwise ratios.  Each process also digests the bits of 20,000 results of each
function; trees that disagree in one bit exit 1.

Run: ``.venv/bin/python benchmarks/bench_javamath.py [--jvm]``,
``.venv/bin/python benchmarks/bench_javamath.py --scalar [--before SRC] [--rounds N]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

import numpy as np
from _trees import run_on_tree

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


#: Run in a fresh process with a tree's src first on the path: per-call microseconds, and digests of the results.
SCALAR_PROBE = r"""
import hashlib, json, struct, timeit
import numpy as np
from wekaeval.javamath import f_probability, java_exp, java_log, java_log_scalar, java_platform, java_pow
from wekaeval.javamath import normal_inverse
from wekaeval.javamath._exp import _exp_scalar
from wekaeval.evaluation import ConfusionMatrix, UnivariateKernelEstimator
from wekaeval.javamath import ranked_values, weka_sort_ranked

rng = np.random.default_rng(0)
estimator = UnivariateKernelEstimator()
for value in rng.normal(10.0, 3.0, 300).tolist():
    estimator.add_value(value, 1.0)
points = rng.uniform(0.0, 20.0, 100).tolist()
java_log(0.5)  # the platform measured before the clock starts
matrix = ConfusionMatrix(["a", "b", "c"])
row = [0.2, 0.5, 0.3]
tied_rows = [ranked_values(np.round(rng.random(60) * 4.0) / 4.0) for _ in range(4)]  # ties: quicksort order


def densities():
    for point in points:
        estimator.log_density(point)


cases = {
    "java_platform()": ("java_platform()", 20_000),
    "java_exp(0.5)": ("java_exp(0.5)", 20_000),
    "_exp_scalar(0.5) (the arithmetic alone)": ("_exp_scalar(0.5)", 20_000),
    "java_log(0.5)": ("java_log(0.5)", 20_000),
    "java_log_scalar(0.5)": ("java_log_scalar(0.5)", 20_000),
    "java_pow(13.0, -0.25)": ("java_pow(13.0, -0.25)", 10_000),
    "f_probability(4.0, 1, 9)": ("f_probability(4.0, 1, 9)", 2_000),
    "normal_inverse(0.01)": ("normal_inverse(0.01)", 10_000),
    "log_density, per point": ("densities()", 1),
    "ConfusionMatrix.add(1, [0.2, 0.5, 0.3])": ("matrix.add(1, row)", 20_000),
    "weka_sort_ranked, 4 rows of 60 (ties)": ("weka_sort_ranked(tied_rows)", 200),
}
micro = {}
for name, (statement, number) in cases.items():
    best = min(timeit.repeat(statement, globals=globals(), number=number, repeat=7))
    micro[name] = best / (number * (len(points) if number == 1 else 1)) * 1e6

xs = rng.standard_normal(20_000) * 10.0 ** rng.uniform(-3, 3, 20_000)
ys = rng.normal(0.0, 4.0, 20_000)
results = {
    "exp": [java_exp(x) for x in xs.tolist()],
    "log": [java_log_scalar(abs(x)) for x in xs.tolist()],
    "pow": [java_pow(abs(x), y) for x, y in zip(xs.tolist(), ys.tolist())],
    "log_density": [estimator.log_density(p) for p in rng.uniform(-5.0, 25.0, 200).tolist()],
    "f_probability": [f_probability(f, 1, n) for f, n in zip((xs[:2000] ** 2).tolist(), range(1, 2001))],
    "weka_sort_ranked": weka_sort_ranked(tied_rows).ravel().astype(np.float64).tolist(),
    "ConfusionMatrix.add": matrix.matrix.ravel().tolist(),
}
digests = {k: hashlib.sha256(struct.pack(f"<{len(v)}d", *v)).hexdigest()[:16] for k, v in results.items()}
print(json.dumps({"micro": micro, "digests": digests}))
"""


def scalar_run(src: Path) -> dict:
    """One fresh process on the tree ``src``: its per-call figures and digests."""
    return run_on_tree(src, ["-c", SCALAR_PROBE])


def scalar_main(before: Path | None, rounds: int) -> int:
    """Per-call figures of this tree, and of ``before`` in turn with it."""
    trees = {"this tree": Path(__file__).resolve().parent.parent / "src"}
    if before is not None:
        trees = {"before": before.resolve(), **trees}
    runs: dict[str, list[dict]] = {name: [] for name in trees}
    for _ in range(rounds):
        for name, src in trees.items():
            runs[name].append(scalar_run(src))
    digests = {name: {json.dumps(run["digests"], sort_keys=True) for run in done} for name, done in runs.items()}
    status = 0 if len(set().union(*digests.values())) == 1 else 1
    print(f"us per call, median of {rounds} processes (each the best of 7 loops); WEKAEVAL_CPU unset")
    header = "".join(f"{name:>12}" for name in trees) + ("   after/before" if before is not None else "")
    print(f"  {'':<42}{header}")
    for case in runs[next(iter(trees))][0]["micro"]:
        medians = [statistics.median(run["micro"][case] for run in runs[name]) for name in trees]
        line = f"  {case:<42}" + "".join(f"{m:12.2f}" for m in medians)
        if before is not None:
            pairs = zip(runs["this tree"], runs["before"], strict=True)
            ratio = statistics.median(a["micro"][case] / b["micro"][case] for a, b in pairs)
            line += f"   {ratio:12.2f}"
        print(line)
    print("results: " + ("the same bits in every process" if status == 0 else "DIFFER between trees or runs"))
    return status


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--jvm", action="store_true", help="also time Math.log inside WEKA's JVM")
    parser.add_argument("--scalar", action="store_true", help="per-call figures on one float instead")
    parser.add_argument("--before", type=Path, help="with --scalar: another tree's src, timed in turn")
    parser.add_argument("--rounds", type=int, default=5, help="with --scalar: processes per tree")
    arguments = parser.parse_args()
    if arguments.scalar:
        return scalar_main(arguments.before, arguments.rounds)
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
        from tests.oracles.javamath_jvm import _to_java, jvm_log, math_bulk

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
