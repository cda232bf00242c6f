"""Benchmark: reading a large WEKA log, against WEKA printing it.

What it measures
----------------
WEKA's command line prints 100 000 cross-validated predictions (NaiveBayes on
many-classes.arff repeated, 30 classes, ``-classifications PlainText
-distribution``) and, separately, the statistics of the same run (summary,
30-class details and confusion matrix).  The script times, side by side:

1. **WEKA**: the ``java`` command producing the predictions log (wall time,
   JVM start included: what a user waits for today);
2. **wekaeval**: ``read_weka_output`` of that log (median of ``--repeats``);
3. **floor**: splitting the same text into lines and fields with ``str.split``
   (what any reader must at least do);

and ``read_weka_output`` + ``check()`` of the statistics log; then the same
predictions in WEKA's ``CSV`` format, printed and read the same way.

Target: reading the log at least 5x faster than WEKA takes to print it (the
reader must never be the slow step of a migration).  Exit 1 when missed.

Run: ``.venv/bin/python benchmarks/bench_report.py`` (``make bench`` runs it too).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from wekaeval import bridge
from wekaeval import read_weka_output

SAMPLE = Path(__file__).resolve().parent.parent / "arff_samples" / "many-classes.arff"
TARGET_RATIO = 5.0


def repeated_sample(n: int, directory: Path) -> Path:
    header, _, data = SAMPLE.read_text().partition("@data")
    rows = [line for line in data.splitlines() if line.strip() and not line.startswith("%")]
    path = directory / "big.arff"
    path.write_text(header + "@data\n" + "\n".join(rows[i % len(rows)] for i in range(n)) + "\n")
    return path


def weka(path: Path, *args: str) -> tuple[str, float]:
    command = ["java", "--add-opens=java.base/java.lang=ALL-UNNAMED", "-cp", bridge.weka_classpath(),
               "weka.classifiers.bayes.NaiveBayes", "-t", str(path), *args]
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    return done.stdout, time.perf_counter() - start


def median_time(function, repeats: int) -> float:
    function()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", type=int, default=100_000, help="predictions (default 100000)")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        data = repeated_sample(args.n, Path(directory))
        log, weka_seconds = weka(data, "-classifications",
                                 "weka.classifiers.evaluation.output.prediction.PlainText -distribution")
        statistics_log, _ = weka(data, "-o", "-v")
        csv_log, csv_weka_seconds = weka(data, "-classifications",
                                         "weka.classifiers.evaluation.output.prediction.CSV -distribution")
    report = read_weka_output(log)
    rows = report.sections[0].predictions.rows
    assert len(rows) == args.n, len(rows)
    ours = median_time(lambda: read_weka_output(log), args.repeats)
    floor = median_time(lambda: [line.split() for line in log.splitlines()], args.repeats)
    checked = median_time(lambda: read_weka_output(statistics_log).check(), args.repeats)
    assert len(read_weka_output(csv_log).sections[0].predictions.rows) == args.n
    csv_ours = median_time(lambda: read_weka_output(csv_log), args.repeats)
    print(f"{args.n} predictions, {len(log) / 1e6:.1f} MB of WEKA's PlainText output")
    print(f"  WEKA printing them (java command)  {weka_seconds:8.3f} s")
    ratio = weka_seconds / ours
    print(f"  wekaeval read_weka_output          {ours:8.3f} s   ({ratio:.1f}x faster than WEKA printing)")
    print(f"  floor: str.split of every line     {floor:8.3f} s   (wekaeval = {ours / floor:.1f}x the floor)")
    print(f"  statistics log read + check()      {checked * 1000:8.2f} ms")
    print(f"the same predictions as CSV, {len(csv_log) / 1e6:.1f} MB")
    print(f"  WEKA printing them (java command)  {csv_weka_seconds:8.3f} s")
    csv_ratio = csv_weka_seconds / csv_ours
    print(f"  wekaeval read_weka_output          {csv_ours:8.3f} s   ({csv_ratio:.1f}x faster than WEKA printing)")
    for name, value in (("PlainText", ratio), ("CSV", csv_ratio)):
        if value < TARGET_RATIO:
            print(f"target missed: {name} only {value:.1f}x faster than WEKA (< {TARGET_RATIO}x)", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
