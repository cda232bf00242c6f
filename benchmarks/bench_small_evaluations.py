"""Benchmark: the cost of one small evaluation, where per-call overhead, not arithmetic, is the time.

What it measures
----------------
Many users evaluate small things many times (a fold, a run of an experiment, a test of their own): here 30
seeded evaluations (``numpy.random.default_rng(0)``) of 60 predictions over 4 classes, each
``Evaluation(names)``, ``evaluate_batch``, ``summary()``, ``class_details()``, ``matrix()``, ``kappa``,
``weighted_f_measure`` and ``area_under_roc(0)``.  The figure is the best of ``--repeats`` rounds, in
milliseconds per evaluation, after one warm-up round.

With ``--before SRC`` (another checkout's ``src`` folder, e.g. main's) the same rounds run in turn on both
trees, each in a process of its own (A B A B ...: a drift of the machine's speed hits both), and the ratio of
the best rounds is printed: the A/B figure of a change.  Every text of both trees must be identical.

How to run
----------
``make bench``, or::

    .venv/bin/python benchmarks/bench_small_evaluations.py [--repeats R] [--before ../main/src]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

from _trees import run_on_tree

CASES, PREDICTIONS, CLASSES = 30, 60, 4


def measure(repeats: int) -> dict[str, float | str]:
    """Best milliseconds per evaluation over ``repeats`` rounds, and a digest of every text made."""
    import numpy as np

    from wekaeval import Evaluation

    rng = np.random.default_rng(0)
    names = [f"c{i}" for i in range(CLASSES)]
    cases = [
        (rng.integers(0, CLASSES, PREDICTIONS).astype(float), rng.dirichlet(np.ones(CLASSES), PREDICTIONS))
        for _ in range(CASES)
    ]

    def one_round() -> str:
        digest = hashlib.sha256()
        for actual, distributions in cases:
            evaluation = Evaluation(names)
            evaluation.evaluate_batch(distributions, actual, np.ones(PREDICTIONS))
            texts = (evaluation.summary(), evaluation.class_details(), evaluation.matrix())
            values = (evaluation.kappa, evaluation.weighted_f_measure, evaluation.area_under_roc(0))
            digest.update(repr((texts, [float(v).hex() for v in values])).encode())
        return digest.hexdigest()

    made = one_round()
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        if one_round() != made:
            raise SystemExit("bench_small_evaluations: a round's texts differ from the first round's")
        best = min(best, time.perf_counter() - start)
    return {"ms_per_evaluation": best * 1000 / CASES, "digest": made}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--repeats", type=int, default=5, help="timed rounds after one warm-up (default 5)")
    parser.add_argument("--before", type=Path, help="another checkout's src folder, timed in turn with this one")
    parser.add_argument("--rounds", type=int, default=4, help="A/B alternations with --before (default 4)")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.repeats < 1 or args.rounds < 1:
        parser.error("--repeats and --rounds must be at least 1")
    if args.json:
        print(json.dumps(measure(args.repeats)))
        return 0
    print(f"{CASES} evaluations of {PREDICTIONS} predictions over {CLASSES} classes, best of {args.repeats} rounds")
    if args.before is None:
        print(f"wekaeval: {measure(args.repeats)['ms_per_evaluation']:.2f} ms per evaluation")
        return 0
    this = Path(__file__).resolve().parent.parent / "src"
    times: dict[str, list[float]] = {"this": [], "before": []}
    digests = set()
    for _ in range(args.rounds):
        for name, src in (("before", args.before.resolve()), ("this", this)):
            result = run_on_tree(src, [__file__, "--repeats", str(args.repeats), "--json"])
            times[name].append(float(result["ms_per_evaluation"]))
            digests.add(result["digest"])
    if len(digests) != 1:
        print("bench_small_evaluations: the two trees' texts differ")
        return 1
    best_this, best_before = min(times["this"]), min(times["before"])
    print(f"{args.before}: {best_before:.2f} ms per evaluation (rounds {times['before']})")
    print(f"{this}: {best_this:.2f} ms per evaluation (rounds {times['this']})")
    print(f"after/before: {best_this / best_before:.2f} (texts identical)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
