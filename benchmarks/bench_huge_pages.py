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
import sys

from _cpu import paired_parity_rounds

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
    return paired_parity_rounds(argv, args.rounds, ("huge pages", "4 kB pages"), (None, WITHOUT), CPU_TARGET)


if __name__ == "__main__":
    sys.exit(main())
