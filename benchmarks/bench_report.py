"""Benchmark: reading a large WEKA log, against WEKA printing it and against splitting its lines.

What it measures
----------------
WEKA's command line prints cross-validated predictions (NaiveBayes, ``-classifications PlainText
-distribution``) in two shapes: 100 000 rows of 30 classes (many-classes.arff repeated) and 1 000 000 rows of
7 classes (shapes-train.arff repeated: short rows, where a reader's cost per row shows); and, separately, the
statistics of the 30-class run (summary, 30-class details and confusion matrix).  For each shape the script
times, side by side:

1. **WEKA**: the ``java`` command producing the predictions log (wall time,
   JVM start included: what a user waits for today);
2. **wekaeval**: ``read_weka_output`` of that log's text, each time in a fresh
   process (best of ``--repeats``, taken in turns with the floor's);
3. **floor**: splitting the same text into lines and fields with ``str.split``
   (what any reader must at least do), each time in a fresh process too:
   ``line.split()`` for PlainText, ``line.split(",")`` for CSV (whose lines hold no spaces);
4. **memory**: the peak ``tracemalloc`` sees while ``read_weka_output`` reads
   the log from its file (a process of its own), against the bytes of the arrays it keeps
   (``rows.nbytes()``) and one chunk of the reader's lines (``CHUNK`` rows as
   Python strings);

and ``read_weka_output`` + ``check()`` of the statistics log; then the same
predictions in WEKA's ``CSV`` format, printed and read the same way.  Every
row read is checked identical to the row-by-row rules' (the same reader with
its chunked path off; doubles by ``float.hex``).

Targets: reading the log at least 5x faster than WEKA takes to print it (the
reader must never be the slow step of a migration), within 3x the split floor,
and a peak of at most twice the final arrays plus one chunk.  Exit 1 when one
is missed.

WEKA takes many minutes to print the million rows: ``--cache DIR`` keeps its logs (and the time it took) in
DIR and reuses them in later runs; ``--shapes`` picks the shapes (``30`` and/or ``7``).

Run: ``.venv/bin/python benchmarks/bench_report.py`` (``make bench`` runs it too).
"""

from __future__ import annotations

import argparse
import json
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

SAMPLES = Path(__file__).resolve().parent.parent / "arff_samples"
#: The shapes: classes -> (sample, rows).
SHAPES = {"30": ("many-classes.arff", 100_000), "7": ("shapes-train.arff", 1_000_000)}
FORMATS = {
    "PlainText": "weka.classifiers.evaluation.output.prediction.PlainText -distribution",
    "CSV": "weka.classifiers.evaluation.output.prediction.CSV -distribution",
}
TARGET_RATIO = 5.0
TARGET_FLOOR = 3.0
TARGET_MEMORY = 2.0


def repeated_sample(sample: Path, n: int, directory: Path) -> Path:
    header, _, data = sample.read_text().partition("@data")
    rows = [line for line in data.splitlines() if line.strip() and not line.startswith("%")]
    path = directory / f"{sample.stem}-{n}.arff"
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


def weka_log(data: Path, name: str, cache: Path | None, key: str) -> tuple[Path, float, bool]:
    """The log WEKA prints in format ``name`` for ``data`` (from ``cache`` when it holds it), its time, and
    whether it came from the cache."""
    if cache is not None:
        path, timing = cache / f"{key}-{name}.txt", cache / f"{key}-{name}.json"
        if path.exists() and timing.exists():
            return path, json.loads(timing.read_text())["weka_seconds"], True
    log, seconds = weka(data, "-classifications", FORMATS[name])
    directory = cache if cache is not None else data.parent
    path = directory / f"{key}-{name}.txt"
    path.write_text(log)
    if cache is not None:
        (cache / f"{key}-{name}.json").write_text(json.dumps({"weka_seconds": seconds}))
    return path, seconds, False


def median_time(function, repeats: int) -> float:
    function()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


# -- what each fresh process does ---------------------------------------------------------------------------------


def canonical(value):
    """A value with each double as its hex (-0.0 and 0.0 told apart)."""
    if isinstance(value, float):
        return value.hex()
    return tuple(map(canonical, value)) if isinstance(value, tuple) else value


def time_once(what: str, path: Path, separator: str | None) -> float:
    """Seconds ``what`` (``reader`` or ``floor``) takes over the text of ``path`` (read before the clock starts)."""
    text = path.read_text()
    start = time.perf_counter()
    if what == "reader":
        read_weka_output(text)
    else:
        [line.split(separator) for line in text.splitlines()]
    return time.perf_counter() - start


def memory(path: Path) -> tuple[int, int, int]:
    """Peak bytes while reading ``path``, the bytes of the arrays kept, and one chunk of lines as strings."""
    tracemalloc.start()
    try:
        report = read_weka_output(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    with path.open() as handle:
        lines = [next(handle).rstrip("\n") for _ in range(CHUNK + 8)]
    return peak, report.sections[0].predictions.rows.nbytes(), sum(map(sys.getsizeof, lines))


def same_as_row_by_row(path: Path) -> tuple[bool, int]:
    """Whether the chunked reader gives the rows the row-by-row rules give (its chunked path switched off),
    compared a row at a time; the rows."""
    text = path.read_text()
    fast = read_weka_output(text).sections[0].predictions.rows
    with patch.object(Lines, "raw_safe", lambda self: False):
        slow = read_weka_output(text).sections[0].predictions.rows
    same = len(fast) == len(slow) and all(
        canonical(astuple(a)) == canonical(astuple(b)) for a, b in zip(fast, slow, strict=True)
    )
    return same, len(fast)


def child(arguments: list[str]) -> None:
    """The work of one fresh process, its result printed as JSON."""
    what, path = arguments[0], Path(arguments[1])
    if what in ("reader", "floor"):
        result: object = time_once(what, path, None if arguments[2] == "-" else arguments[2])
    elif what == "memory":
        result = memory(path)
    else:
        result = same_as_row_by_row(path)
    print(json.dumps(result))


def fresh(*arguments: str) -> object:
    done = subprocess.run([sys.executable, __file__, "--child", *arguments], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


# -- the run ------------------------------------------------------------------------------------------------------


def side_by_side(path: Path, separator: str | None, repeats: int) -> tuple[float, float]:
    """The best of ``repeats`` timings of the reader and the floor, each in a fresh process, taken in turns
    (a loaded machine's noise only ever adds time)."""
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(repeats):
        for what, spent in (("reader", times[0]), ("floor", times[1])):
            spent.append(float(fresh(what, str(path), separator or "-")))  # type: ignore[arg-type]
    return min(times[0]), min(times[1])


def reading(name: str, shape: str, path: Path, n: int, repeats: int, weka_seconds: float, cached: bool) -> list[str]:
    """Print one log's figures; the targets it misses."""
    separator = "," if name == "CSV" else None  # a CSV line's fields are split at its commas
    identical, rows = fresh("identical", str(path))  # type: ignore[misc]
    assert rows == n, (rows, n)
    ours, floor = side_by_side(path, separator, repeats)
    peak, arrays, chunk = fresh("memory", str(path))  # type: ignore[misc]
    ratio, over_floor, allowed = weka_seconds / ours, ours / floor, TARGET_MEMORY * arrays + chunk
    size = path.stat().st_size
    print(f"{n} predictions of {shape} classes, {size / 1e6:.1f} MB of WEKA's {name} output")
    note = " (from the cache)" if cached else ""
    print(f"  WEKA printing them (java command)  {weka_seconds:8.3f} s{note}")
    print(f"  wekaeval read_weka_output          {ours:8.3f} s   ({ratio:.1f}x faster than WEKA printing)")
    split = "split(',')" if separator else "split()   "
    print(f"  floor: str.{split} of every line {floor:8.3f} s   (wekaeval = {over_floor:.2f}x the floor)")
    print(
        f"  peak memory reading the file       {peak / 1e6:8.1f} MB  ({peak / arrays:.2f}x the final arrays, "
        f"{arrays / 1e6:.1f} MB; allowed {allowed / 1e6:.1f} MB = {TARGET_MEMORY:g}x + one chunk {chunk / 1e6:.1f} MB)"
    )
    print(f"  rows identical to the row-by-row rules: {identical}", flush=True)
    label = f"{name} {n} x {shape}"
    missed = []
    if ratio < TARGET_RATIO:
        missed.append(f"{label}: only {ratio:.1f}x faster than WEKA (< {TARGET_RATIO}x)")
    if over_floor > TARGET_FLOOR:
        missed.append(f"{label}: {over_floor:.2f}x the split floor (> {TARGET_FLOOR}x)")
    if peak > allowed:
        missed.append(f"{label}: peak {peak / 1e6:.1f} MB over {allowed / 1e6:.1f} MB")
    if not identical:
        missed.append(f"{label}: rows differ from the row-by-row rules")
    return missed


def main() -> int:
    if sys.argv[1:2] == ["--child"]:
        child(sys.argv[2:])
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=3, help="fresh processes per timing (default 3)")
    parser.add_argument("--shapes", nargs="+", choices=sorted(SHAPES), default=sorted(SHAPES, reverse=True))
    parser.add_argument("--cache", type=Path, help="a directory keeping WEKA's logs between runs")
    args = parser.parse_args()
    if args.cache is not None:
        args.cache.mkdir(parents=True, exist_ok=True)
    missed = []
    with tempfile.TemporaryDirectory() as directory:
        statistics_log = None
        for shape in args.shapes:
            sample, n = SHAPES[shape]
            data = repeated_sample(SAMPLES / sample, n, Path(directory))
            for name in FORMATS:
                path, seconds, cached = weka_log(data, name, args.cache, f"{n}x{shape}")
                missed += reading(name, shape, path, n, args.repeats, seconds, cached)
            if shape == "30":
                statistics_log, _ = weka(data, "-o", "-v")
    if statistics_log is not None:
        checked = median_time(lambda: read_weka_output(statistics_log).check(), 5)
        print(f"statistics log read + check()        {checked * 1000:8.2f} ms")
    for message in missed:
        print(f"target missed: {message}", file=sys.stderr)
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
