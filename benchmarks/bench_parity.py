"""Benchmark: a parity run over the corpus, serial against two worker processes, side by side.

What it measures
----------------
``wekaeval parity arff_samples --json serial.json`` (one process, its JVM in it) and
``wekaeval parity arff_samples --workers 2 --json workers.json`` (two worker processes, a JVM each, the
longest jobs first), each as the command a user runs, its wall time from start to exit.  The two are run one
after the other, ``--rounds`` times (default 3); each round's ratio is workers / serial.  Both runs' stdout
tables and JSON records must be byte-identical (the job times parity records in the cache folder order the
work, they never change a row).  The machine's load average is printed before each run: the ratio only means
something on a machine doing nothing else.

Target: the median ratio at most 0.6 on a 2-core machine.  Exit 1 when it is missed or the rows differ.

Run: ``.venv/bin/python benchmarks/bench_parity.py`` (``make bench`` runs it too).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = 0.6


def run(argv: list[str], json_path: Path) -> tuple[float, bytes, bytes]:
    """Wall time, stdout and the JSON written, of one ``wekaeval parity`` run from the repository's root."""
    command = [sys.executable, "-m", "wekaeval.cli", "parity", *argv, "--json", str(json_path)]
    started = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, timeout=3600)
    seconds = time.perf_counter() - started
    if done.returncode not in (0, 1):
        sys.exit(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.decode(errors='replace')}")
    return seconds, done.stdout, json_path.read_bytes()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("data", nargs="*", default=["arff_samples"], help="what to run parity on")
    args = parser.parse_args()
    print(f"parity {' '.join(args.data)}: serial vs --workers 2, {args.rounds} rounds, {os.cpu_count()} cores")
    ratios, identical = [], True
    with tempfile.TemporaryDirectory() as folder:
        for number in range(1, args.rounds + 1):
            load = os.getloadavg()[0]
            serial, serial_out, serial_json = run(args.data, Path(folder) / "serial.json")
            load_between = os.getloadavg()[0]
            workers, workers_out, workers_json = run([*args.data, "--workers", "2"], Path(folder) / "workers.json")
            same = serial_out == workers_out and serial_json == workers_json
            identical &= same
            ratios.append(workers / serial)
            print(
                f"round {number}: serial {serial:6.1f} s (load {load:.2f}), 2 workers {workers:6.1f} s "
                f"(load {load_between:.2f}): {workers / serial:.2f}x; rows {'identical' if same else 'DIFFER'}"
            )
    median = statistics.median(ratios)
    print(
        f"2 workers / serial: median {median:.2f}x, range {min(ratios):.2f}-{max(ratios):.2f}x "
        f"(target <= {TARGET}x); rows byte-identical in every round: {identical}"
    )
    return 0 if identical and median <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
