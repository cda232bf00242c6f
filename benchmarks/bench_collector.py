"""Benchmark: WEKA's JVM with HotSpot's throughput collector and with its default (G1), side by side, CPU per run.

What it measures
----------------
The throughput collector (``-XX:+UseParallelGC``), tried as wekaeval's default and left (docs/performance.md):
it took less CPU, but under it the Experimenter's threads crashed the process inside JPype now and then.  This
runs ``wekaeval parity arff_samples --json rows.json`` as a user runs it, once with
``WEKAEVAL_JVM_OPTIONS=-XX:+UseParallelGC`` and once as it is (G1), one after the other, ``--rounds`` times
(default 3), and prints each pair's wall and CPU time (the command and its JVM) and the ratio throughput / G1.
Both runs' stdout tables and JSON rows must be byte-identical: the collector is invisible to Java's arithmetic.
The data are the whole corpus with its default classifiers, as ``make run`` checks it (some 3 minutes a run): on
the two Logistic jobs with the largest arrays alone the difference was within the machine's noise (0.96x and
1.06x, 2026-11-29), so no single job stands for it.  The load average is printed before each run.

Target: the median CPU ratio at most 0.97.  Exit 1 when it is missed or the rows differ.

Run: ``.venv/bin/python benchmarks/bench_collector.py`` (by hand: ``make bench`` measures what wekaeval does).
"""

from __future__ import annotations

import argparse
import os
import sys

from _cpu import paired_parity_rounds

CPU_TARGET = 0.97
THROUGHPUT = {"WEKAEVAL_JVM_OPTIONS": "-XX:+UseParallelGC"}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    if any(os.environ.get(name) for name in ("WEKAEVAL_JVM_OPTIONS", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS")):
        print("unset WEKAEVAL_JVM_OPTIONS, JAVA_TOOL_OPTIONS and _JAVA_OPTIONS: they would choose for both runs")
        return 1
    argv = ["arff_samples"]
    print(f"parity {' '.join(argv)}: throughput collector vs G1, {args.rounds} rounds, {os.cpu_count()} cores")
    return paired_parity_rounds(argv, args.rounds, ("throughput", "G1"), (THROUGHPUT, None), CPU_TARGET)


if __name__ == "__main__":
    sys.exit(main())
