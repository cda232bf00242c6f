"""Benchmark: reading a large WEKA log, against WEKA printing it and against splitting its lines.

What it measures
----------------
WEKA's command line prints 100 000 cross-validated predictions (NaiveBayes on
many-classes.arff repeated, 30 classes, ``-classifications PlainText
-distribution``) and, separately, the statistics of the same run (summary,
30-class details and confusion matrix).  The script times, side by side:

1. **WEKA**: the ``java`` command producing the predictions log (wall time,
   JVM start included: what a user waits for today);
2. **wekaeval**: ``read_weka_output`` of that log (best of ``--repeats``, taken
   in turns with the floor's);
3. **floor**: splitting the same text into lines and fields with ``str.split``
   (what any reader must at least do): ``line.split()`` for PlainText,
   ``line.split(",")`` for CSV (whose lines hold no spaces);
4. **memory**: the peak ``tracemalloc`` sees while ``read_weka_output`` reads
   the log from its file, against the bytes of the arrays it keeps
   (``rows.nbytes()``) and one chunk of the reader's lines (``CHUNK`` rows as
   Python strings);

and ``read_weka_output`` + ``check()`` of the statistics log; then the same
predictions in WEKA's ``CSV`` format, printed and read the same way.  Every
row read is checked identical to the row-by-row rules' (the same reader with
its chunked path off).

Targets: reading the log at least 5x faster than WEKA takes to print it (the
reader must never be the slow step of a migration), within 3x the split floor,
and a peak of at most twice the final arrays plus one chunk.  Exit 1 when one
is missed.

Run: ``.venv/bin/python benchmarks/bench_report.py`` (``make bench`` runs it too).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from dataclasses import astuple
from pathlib import Path
from unittest.mock import patch

from wekaeval import bridge, read_weka_output
from wekaeval.report._lines import Lines
from wekaeval.report._table import CHUNK

SAMPLE = Path(__file__).resolve().parent.parent / "arff_samples" / "many-classes.arff"
TARGET_RATIO = 5.0
TARGET_FLOOR = 3.0
TARGET_MEMORY = 2.0


def repeated_sample(n: int, directory: Path) -> Path:
    header, _, data = SAMPLE.read_text().partition("@data")
    rows = [line for line in data.splitlines() if line.strip() and not line.startswith("%")]
    path = directory / "big.arff"
    path.write_text(header + "@data\n" + "\n".join(rows[i % len(rows)] for i in range(n)) + "\n")
    return path


def weka(path: Path, *args: str) -> tuple[str, float]:
    command = [
        "java",
        "--add-opens=java.base/java.lang=ALL-UNNAMED",
        "-cp",
        bridge.weka_classpath(),
        "weka.classifiers.bayes.NaiveBayes",
        "-t",
        str(path),
        *args,
    ]
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


def side_by_side(first, second, repeats: int) -> tuple[float, float]:
    """The best of ``repeats`` timings of each, taken in turns (a loaded machine's noise only ever adds time)."""
    first(), second()
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(repeats):
        for function, spent in ((first, times[0]), (second, times[1])):
            start = time.perf_counter()
            function()
            spent.append(time.perf_counter() - start)
    return min(times[0]), min(times[1])


def canonical(value):
    """A value with each double as its hex (-0.0 and 0.0 told apart)."""
    if isinstance(value, float):
        return value.hex()
    return tuple(map(canonical, value)) if isinstance(value, tuple) else value


def canonical_rows(log: str) -> list:
    return [canonical(astuple(row)) for row in read_weka_output(log).sections[0].predictions.rows]


def same_as_row_by_row(log: str) -> bool:
    """Whether the chunked reader gives the rows the row-by-row rules give (its chunked path switched off)."""
    fast = canonical_rows(log)
    with patch.object(Lines, "raw_safe", lambda self: False):
        return fast == canonical_rows(log)


def memory(path: Path, log: str) -> tuple[int, int, int]:
    """Peak bytes while reading ``path``, the bytes of the arrays kept, and one chunk of lines as strings."""
    tracemalloc.start()
    try:
        report = read_weka_output(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    lines = log.splitlines()[: CHUNK + 8]
    return peak, report.sections[0].predictions.rows.nbytes(), sum(map(sys.getsizeof, lines))


def reading(name: str, log: str, path: Path, n: int, repeats: int, weka_seconds: float) -> list[str]:
    """Print one log's figures; the targets it misses."""
    assert len(read_weka_output(log).sections[0].predictions.rows) == n
    separator = "," if name == "CSV" else None  # a CSV line's fields are split at its commas
    ours, floor = side_by_side(
        lambda: read_weka_output(log), lambda: [line.split(separator) for line in log.splitlines()], repeats
    )
    peak, arrays, chunk = memory(path, log)
    identical = same_as_row_by_row(log)
    ratio, over_floor, allowed = weka_seconds / ours, ours / floor, TARGET_MEMORY * arrays + chunk
    print(f"{n} predictions, {len(log) / 1e6:.1f} MB of WEKA's {name} output")
    print(f"  WEKA printing them (java command)  {weka_seconds:8.3f} s")
    print(f"  wekaeval read_weka_output          {ours:8.3f} s   ({ratio:.1f}x faster than WEKA printing)")
    split = "split(',')" if separator else "split()   "
    print(f"  floor: str.{split} of every line {floor:8.3f} s   (wekaeval = {over_floor:.2f}x the floor)")
    print(
        f"  peak memory reading the file       {peak / 1e6:8.1f} MB  ({peak / arrays:.2f}x the final arrays, "
        f"{arrays / 1e6:.1f} MB; allowed {allowed / 1e6:.1f} MB = {TARGET_MEMORY:g}x + one chunk {chunk / 1e6:.1f} MB)"
    )
    print(f"  rows identical to the row-by-row rules: {identical}")
    missed = []
    if ratio < TARGET_RATIO:
        missed.append(f"{name}: only {ratio:.1f}x faster than WEKA (< {TARGET_RATIO}x)")
    if over_floor > TARGET_FLOOR:
        missed.append(f"{name}: {over_floor:.2f}x the split floor (> {TARGET_FLOOR}x)")
    if peak > allowed:
        missed.append(f"{name}: peak {peak / 1e6:.1f} MB over {allowed / 1e6:.1f} MB")
    if not identical:
        missed.append(f"{name}: rows differ from the row-by-row rules")
    return missed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", type=int, default=100_000, help="predictions (default 100000)")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        data = repeated_sample(args.n, Path(directory))
        log, weka_seconds = weka(
            data, "-classifications", "weka.classifiers.evaluation.output.prediction.PlainText -distribution"
        )
        statistics_log, _ = weka(data, "-o", "-v")
        csv_log, csv_weka_seconds = weka(
            data, "-classifications", "weka.classifiers.evaluation.output.prediction.CSV -distribution"
        )
        missed = []
        for name, text, seconds in (("PlainText", log, weka_seconds), ("CSV", csv_log, csv_weka_seconds)):
            path = Path(directory) / f"{name}.txt"
            path.write_text(text)
            missed += reading(name, text, path, args.n, args.repeats, seconds)
    checked = median_time(lambda: read_weka_output(statistics_log).check(), args.repeats)
    print(f"statistics log read + check()        {checked * 1000:8.2f} ms")
    for message in missed:
        print(f"target missed: {message}", file=sys.stderr)
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
