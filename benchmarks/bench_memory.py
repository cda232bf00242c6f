"""Benchmark: the peak memory of ``wekaeval experiment`` on a large sparse ARFF and of ``parse --json`` on a large log.

What it measures
----------------
1. ``wekaeval experiment`` with ``weka.classifiers.rules.ZeroR`` (``--runs 1 --folds 2``) on a sparse ARFF of
   ``--attributes`` attributes (numeric, the class last) and ``--rows`` empty rows (``{}``): 20,000 x 200,000 is a
   1.1 MB file;
2. the same with ``sklearn.naive_bayes.GaussianNB``, whose dense encoding is refused before it is built;
3. ``wekaeval parse --json`` of a PlainText predictions log of ``--predictions`` rows (two classes, seeded);
4. ``Evaluation`` of ``--evaluation-rows`` predictions (default 10 million) with every statistic and the three texts
   (summary, class details, confusion matrix), in three shapes (seeded, ``numpy.random.default_rng(0)``; weights
   uniform in [0.1, 3), 0.5 % missing classes, 0.2 % unclassified rows): 5 classes with Dirichlet scores rounded
   to 3 decimals (few thresholds, large ties: WEKA's quicksort replica), 5 classes and 2 classes with continuous
   scores (a threshold per prediction).  Each shape runs in a child process that makes its arrays, then measures
   with ``tracemalloc`` (numpy reports its buffers to it) the peak of everything allocated after them; the figure
   is that peak over the input arrays' bytes (distributions, actual classes, weights) -- the kept copy of the
   predictions (WEKA's recorded predictions) is 1.0x of it.  The child's ``ru_maxrss`` (interpreter, numpy and
   the inputs included) is printed beside it, with the wall time (under tracemalloc) and a digest of every
   statistic's ``float.hex`` and the texts, to compare two trees' answers.

Each command runs as its own process, its address space capped at ``--cap-gb`` (so that an old tree that makes
every dataset dense fails with "out of memory" instead of taking the machine); the figure is the process's peak
resident set size (``ru_maxrss`` of the finished child, the JVM included), with its exit status and wall time.
The files are made in a temporary folder and removed.

Run: ``.venv/bin/python benchmarks/bench_memory.py`` (``PYTHONPATH=old/src`` measures another tree);
``--evaluation-only`` runs the fourth part alone.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
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
    parser.add_argument("--evaluation-rows", type=int, default=10_000_000)
    parser.add_argument("--evaluation-only", action="store_true", help="only Evaluation's peak, in its three shapes")
    parser.add_argument("--evaluation-child", choices=SHAPES, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.evaluation_child:
        return evaluation_child(args.evaluation_child, args.evaluation_rows)
    cap = int(args.cap_gb * 1e9)
    if args.evaluation_only:
        return evaluation_peaks(args.evaluation_rows, cap)
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
    return evaluation_peaks(args.evaluation_rows, cap)


#: shape -> (classes, decimals the scores are rounded to, or None for continuous scores)
SHAPES = {"rounded-5": (5, 3), "continuous-5": (5, None), "continuous-2": (2, None)}


def evaluation_inputs(shape: str, rows: int) -> tuple[list[str], tuple[object, object, object]]:
    """Class names and (distributions, actual, weights), seeded: Dirichlet scores leaning to the actual class."""
    import numpy as np

    k, decimals = SHAPES[shape]
    rng = np.random.default_rng(0)
    actual = rng.integers(0, k, rows).astype(np.float64)
    alpha = np.full((rows, k), 0.6)
    alpha[np.arange(rows), actual.astype(np.int64)] += 1.5
    scores = rng.gamma(alpha)
    del alpha
    scores /= scores.sum(axis=1, keepdims=True)
    if decimals is not None:
        scores = np.round(scores, decimals)
    scores[rng.random(rows) < 0.002] = 0.0
    actual[rng.random(rows) < 0.005] = np.nan
    weights = rng.uniform(0.1, 3.0, rows)
    return [f"c{i}" for i in range(k)], (scores, actual, weights)


def evaluation_child(shape: str, rows: int) -> int:
    """Make one shape's inputs, then print (JSON) the tracemalloc peak of Evaluation with everything computed."""
    import tracemalloc

    import numpy as np

    from wekaeval import Evaluation
    from wekaeval.blocks import STATISTICS

    def everything(inputs: tuple[object, object, object]) -> tuple[Evaluation, list[float], list[str], int]:
        evaluation = Evaluation(names)
        evaluation.evaluate_batch(*inputs)
        _, batch_peak = tracemalloc.get_traced_memory()
        values: list[float] = []
        for statistic in STATISTICS:
            if statistic.scope in ("any", "nominal"):
                values.append(float(getattr(evaluation, statistic.name)))
            elif statistic.scope == "per-class":
                values.extend(float(getattr(evaluation, statistic.name)(i)) for i in range(len(names)))
        texts = [evaluation.summary(), evaluation.class_details(), evaluation.matrix()]
        return evaluation, values, texts, batch_peak

    names, inputs = evaluation_inputs(shape, rows)
    input_bytes = sum(array.nbytes for array in inputs)  # type: ignore[attr-defined]
    everything(evaluation_inputs(shape, 1000)[1])  # the modules imported and their tables built: not the inputs'
    start = time.monotonic()
    tracemalloc.start()
    evaluation, values, texts, batch_peak = everything(inputs)
    _, whole_peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    wall = time.monotonic() - start
    values.extend(np.asarray(evaluation.confusion_matrix, dtype=np.float64).ravel().tolist())
    digest = hashlib.sha256()
    for value in values:
        digest.update(("nan" if math.isnan(value) else value.hex()).encode() + b"\n")
    for text in texts:
        digest.update(text.encode())
    maxrss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    import wekaeval

    tree = str(Path(wekaeval.__file__).parents[2])
    print(json.dumps({"input": input_bytes, "batch": batch_peak, "peak": whole_peak, "maxrss": maxrss,
                      "wall": wall, "digest": digest.hexdigest()[:16], "tree": tree}))
    return 0


def evaluation_peaks(rows: int, cap: int) -> int:
    """Each shape in its own child process; exit 1 when a peak is over twice the inputs."""
    print(f"Evaluation of {rows:,} predictions, every statistic and the three texts (tracemalloc peak after the "
          "inputs were made, / the input arrays' bytes; ru_maxrss of the child includes the interpreter and inputs)")
    worst = 0.0
    trees = set()
    for shape in SHAPES:
        command = [sys.executable, __file__, "--evaluation-child", shape, "--evaluation-rows", str(rows)]
        done = subprocess.run(command, capture_output=True, text=True, preexec_fn=lambda: _cap(cap), check=False)
        if done.returncode:
            print(f"  {shape}: exit {done.returncode} -- {(done.stderr.strip().splitlines() or [''])[-1][:160]}")
            worst = math.inf
            continue
        r = json.loads(done.stdout.strip().splitlines()[-1])
        ratio = r["peak"] / r["input"]
        trees.add(r.get("tree", "?"))
        worst = max(worst, ratio)
        print(f"  {shape:<13} inputs {r['input'] / 1e6:5.0f} MB  peak {r['peak'] / 1e6:5.0f} MB = {ratio:.2f}x "
              f"(evaluate_batch alone {r['batch'] / r['input']:.2f}x)  ru_maxrss {r['maxrss'] / 1e6:5.0f} MB  "
              f"{r['wall']:.1f} s  digest {r['digest']}")
    print(f"  (wekaeval from {', '.join(sorted(trees))})")
    return 0 if worst <= 2.0 else 1


def _cap(cap: int) -> None:
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))


def report(title: str, status: int, rss: int, wall: float, last: str) -> None:
    print(f"{title}: exit {status}, peak RSS {rss / 1e6:.0f} MB, {wall:.1f} s{'  -- ' + last if status else ''}")


if __name__ == "__main__":
    sys.exit(main())
