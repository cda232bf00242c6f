"""Benchmark: the peak memory of ``wekaeval experiment`` on a large sparse ARFF and of ``parse --json`` on a large log.

What it measures
----------------
1. ``wekaeval experiment`` with ``weka.classifiers.rules.ZeroR`` (``--runs 1 --folds 2``) on a sparse ARFF of
   ``--attributes`` attributes (numeric, the class last) and ``--rows`` empty rows (``{}``): 20,000 x 200,000 is a
   1.1 MB file;
2. the same with ``sklearn.naive_bayes.GaussianNB``, whose dense encoding is refused before it is built;
3. ``wekaeval parse --json`` of a PlainText predictions log of ``--predictions`` rows (two classes, seeded).

Each command runs as its own process, its address space capped at ``--cap-gb`` (so that an old tree that makes
every dataset dense fails with "out of memory" instead of taking the machine); the figure is the process's peak
resident set size (``ru_maxrss`` of the finished child, the JVM included), with its exit status and wall time.
The files are made in a temporary folder and removed.

Run: ``.venv/bin/python benchmarks/bench_memory.py`` (``PYTHONPATH=old/src`` measures another tree).
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def sparse_arff(path: Path, attributes: int, rows: int) -> Path:
    with path.open("w", encoding="utf-8") as out:
        out.write("@relation sparse\n\n")
        out.writelines(f"@attribute a{i} numeric\n" for i in range(attributes - 1))
        out.write("@attribute class {yes,no}\n\n@data\n")
        out.write("{}\n" * rows)
    return path


def predictions_log(path: Path, rows: int, seed: int = 1) -> Path:
    rng = random.Random(seed)
    labels = ["1:good", "2:bad"]
    with path.open("w", encoding="utf-8") as out:
        out.write("\n=== Predictions on test split ===\n\n    inst#     actual  predicted error distribution\n")
        for number in range(1, rows + 1):
            actual, predicted = rng.randrange(2), rng.randrange(2)
            top = rng.randint(501, 999) / 1000
            values = [top, round(1 - top, 3)] if predicted == 0 else [round(1 - top, 3), top]
            shown = ",".join(("*" if k == predicted else "") + f"{v:.3f}" for k, v in enumerate(values))
            error = "   +   " if actual != predicted else "       "
            out.write(f"{number:9d} {labels[actual]:>10} {labels[predicted]:>10}{error}{shown} \n")
        out.write("\n")
    return path


def peak(command: list[str], cap: int, folder: Path) -> tuple[int, int, float, str]:
    """(exit status, peak RSS in bytes, wall seconds, the last line of stderr) of ``command`` run alone."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))

    start = time.monotonic()
    process = subprocess.Popen(
        command, cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, preexec_fn=limit
    )
    assert process.stderr is not None
    stderr = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)  # this child's own peak, not the largest of all children
    process.returncode = os.waitstatus_to_exitcode(status)
    wall = time.monotonic() - start
    return process.returncode, usage.ru_maxrss * 1024, wall, (stderr.strip().splitlines() or [""])[-1][:160]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--attributes", type=int, default=20_000)
    parser.add_argument("--rows", type=int, default=200_000)
    parser.add_argument("--predictions", type=int, default=200_000)
    parser.add_argument("--cap-gb", type=float, default=8.0)
    args = parser.parse_args()
    cap = int(args.cap_gb * 1e9)
    wekaeval = [sys.executable, "-m", "wekaeval.cli"]
    with tempfile.TemporaryDirectory(prefix="bench-memory-") as name:
        folder = Path(name)
        arff = sparse_arff(folder / "sparse.arff", args.attributes, args.rows)
        log = predictions_log(folder / "predictions.log", args.predictions)
        cases = [
            (f"experiment ZeroR, {arff.stat().st_size / 1e6:.1f} MB sparse ARFF", ["weka.classifiers.rules.ZeroR"]),
            ("experiment GaussianNB, the same file", ["sklearn.naive_bayes.GaussianNB"]),
        ]
        for title, schemes in cases:
            options = [part for scheme in schemes for part in ("-s", scheme)]
            command = [*wekaeval, "experiment", str(arff), *options, "--runs", "1", "--folds", "2", "-o", "r.arff"]
            report(title, *peak([*command, "--fresh"], cap, folder))
        report(
            f"parse --json, {log.stat().st_size / 1e6:.1f} MB log of {args.predictions} predictions",
            *peak([*wekaeval, "parse", "--json", str(log)], cap, folder),
        )
    return 0


def report(title: str, status: int, rss: int, wall: float, last: str) -> None:
    print(f"{title}: exit {status}, peak RSS {rss / 1e6:.0f} MB, {wall:.1f} s{'  -- ' + last if status else ''}")


if __name__ == "__main__":
    sys.exit(main())
