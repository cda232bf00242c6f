"""Benchmark: a parity run over the corpus, serial against N worker processes, side by side, CPU per row.

What it measures
----------------
``wekaeval parity arff_samples --json serial.json`` (one process, its JVM in it) and
``wekaeval parity arff_samples --workers N --json workers.json`` (N worker processes, a JVM each, the
longest jobs first; ``--workers``, default 2), each as the command a user runs, its wall time from start to
exit and its CPU time (``RUSAGE_CHILDREN``: the command and every process it waited for), split into the
coordinator's (the command's own process, ``RUSAGE_SELF`` written by a wrapper round ``wekaeval.cli.main``) and
the workers'.  The two are run one after the other, ``--rounds`` times (default 3); each round's ratios are
workers / serial, wall and CPU, and the CPU per row (the JSON's records) is printed with the coordinator's share.
Both runs' stdout tables and JSON records must be byte-identical (the job times parity records in the cache
folder order the work, they never change a row).  The machine's load average is printed before each run: the
ratios only mean something on a machine doing nothing else.

Targets: the median CPU ratio at most 1.15 and the median wall ratio at most 1.0.  Exit 1 when one is missed or
the rows differ.

Run: ``.venv/bin/python benchmarks/bench_parity.py`` (``make bench`` runs it too).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

from _cpu import contention, run_parity

CPU_TARGET = 1.15
WALL_TARGET = 1.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("data", nargs="*", default=["arff_samples"], help="what to run parity on")
    args = parser.parse_args()
    print(
        f"parity {' '.join(args.data)}: serial vs --workers {args.workers}, {args.rounds} rounds, "
        f"{os.cpu_count()} cores"
    )
    walls, cpus, shares, identical, rows = [], [], [], True, 0
    with tempfile.TemporaryDirectory() as folder:
        for number in range(1, args.rounds + 1):
            load = os.getloadavg()[0]
            serial, serial_json = run_parity(args.data, Path(folder) / "serial.json")
            load_between = os.getloadavg()[0]
            workers, workers_json = run_parity(
                [*args.data, "--workers", str(args.workers)], Path(folder) / "workers.json"
            )
            same = serial.stdout == workers.stdout and serial_json == workers_json
            identical &= same
            rows = len(json.loads(serial_json))
            walls.append(workers.wall / serial.wall)
            cpus.append(workers.cpu / serial.cpu)
            shares.append(workers.share)
            print(
                f"round {number}: serial {serial.wall:6.1f} s, CPU {serial.cpu:6.1f} s (load {load:.2f}); "
                f"{args.workers} workers {workers.wall:6.1f} s, CPU {workers.cpu:6.1f} s, coordinator "
                f"{workers.coordinator:.1f} s (load {load_between:.2f}); wall {walls[-1]:.2f}x, CPU {cpus[-1]:.2f}x; "
                f"CPU per row {1000 * serial.cpu / rows:.0f} / {1000 * workers.cpu / rows:.0f} ms ({rows} rows); "
                f"rows {'identical' if same else 'DIFFER'}",
                flush=True,
            )
    wall, cpu = statistics.median(walls), statistics.median(cpus)
    print(
        f"{args.workers} workers / serial: wall median {wall:.2f}x (range {min(walls):.2f}-{max(walls):.2f}, target "
        f"<= {WALL_TARGET}), CPU median {cpu:.2f}x (range {min(cpus):.2f}-{max(cpus):.2f}, target <= {CPU_TARGET}); "
        f"the coordinator's share of the workers' run {100 * statistics.median(shares):.1f} %; "
        f"rows byte-identical in every round: {identical}"
    )
    print(f"(this machine: a pure-Python loop takes {contention():.2f}x the CPU time run twice at once as alone)")
    return 0 if identical and wall <= WALL_TARGET and cpu <= CPU_TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
