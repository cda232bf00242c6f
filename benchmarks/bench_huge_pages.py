"""Benchmark: WEKA's JVM with and without transparent huge pages for its heap, side by side, CPU per run.

What it measures
----------------
wekaeval starts WEKA's JVM with ``-XX:+UseTransparentHugePages`` where Linux gives huge pages only to programs
that ask (``/sys/kernel/mm/transparent_hugepage/enabled`` set to ``madvise``; wekaeval.bridge.jvm_options).
This runs ``wekaeval parity DATA --json rows.json`` as a user runs it, once as it is and once with
``_JAVA_OPTIONS=-XX:-UseTransparentHugePages`` (the JVM reads that variable after its command line, so it turns
the option off), one after the other, ``--rounds`` times (default 3), and prints each pair's wall and CPU time
(``RUSAGE_CHILDREN``: the command and its JVM) and the ratio with / without.  Both runs' stdout tables and
JSON rows must be byte-identical: the page size is invisible to Java's arithmetic.  The default data are the
corpus's two jobs with the largest arrays (Logistic on many-missing.arff: 2,358 parameters, a 44 MB
quasi-Newton matrix; Logistic on sklearn-digits.arff); ``--corpus`` runs the whole corpus with its default
classifiers instead (some 4 minutes a run).  The load average is printed before each run.

Target: the median CPU ratio at most 0.95.  Exit 1 when it is missed or the rows differ; exit 0 with a message
where the kernel's setting is not ``madvise`` (wekaeval does not add the option there: nothing to compare).

Run: ``.venv/bin/python benchmarks/bench_huge_pages.py`` (``make bench`` runs it too).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

from _cpu import run_parity

from wekaeval import bridge

CPU_TARGET = 0.95
LARGEST = ["arff_samples/many-missing.arff", "arff_samples/sklearn-digits.arff", "--classifier", "Logistic"]
WITHOUT = {"_JAVA_OPTIONS": "-XX:-UseTransparentHugePages"}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--corpus", action="store_true", help="the whole corpus with the default classifiers")
    args = parser.parse_args()
    if "-XX:+UseTransparentHugePages" not in bridge.jvm_options():
        print("this machine's kernel does not give huge pages on request (madvise): wekaeval does not ask for them")
        return 0
    argv = ["arff_samples"] if args.corpus else LARGEST
    print(f"parity {' '.join(argv)}: huge pages vs none, {args.rounds} rounds, {os.cpu_count()} cores")
    walls, cpus, identical = [], [], True
    with tempfile.TemporaryDirectory() as folder:
        for number in range(1, args.rounds + 1):
            load = os.getloadavg()[0]
            huge, huge_json = run_parity(argv, Path(folder) / "huge.json", None)
            load_between = os.getloadavg()[0]
            small, small_json = run_parity(argv, Path(folder) / "small.json", WITHOUT)
            same = huge.stdout == small.stdout and huge_json == small_json
            identical &= same
            walls.append(huge.wall / small.wall)
            cpus.append(huge.cpu / small.cpu)
            print(
                f"round {number}: huge pages {huge.wall:6.1f} s, CPU {huge.cpu:6.1f} s (load {load:.2f}); "
                f"4 kB pages {small.wall:6.1f} s, CPU {small.cpu:6.1f} s (load {load_between:.2f}); "
                f"wall {walls[-1]:.2f}x, CPU {cpus[-1]:.2f}x; rows {'identical' if same else 'DIFFER'}",
                flush=True,
            )
    cpu = statistics.median(cpus)
    print(
        f"huge pages / 4 kB pages: CPU median {cpu:.2f}x (range {min(cpus):.2f}-{max(cpus):.2f}, target at most "
        f"{CPU_TARGET}), wall median {statistics.median(walls):.2f}x; rows {'identical' if identical else 'DIFFER'}"
    )
    return 0 if identical and cpu <= CPU_TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
