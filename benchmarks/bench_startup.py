"""Benchmark: how long wekaeval takes to start, against ``python -c "import numpy"`` in the same run.

What it measures
----------------
Whole processes, as a shell or a script that calls ``wekaeval`` once per file pays them: ``import wekaeval``,
``wekaeval --help``, every ``wekaeval COMMAND --help`` and ``wekaeval kappa --matrix 10,7;5,8``, each run in turn
with ``python -c "import numpy"`` (A B A B ...: a drift of the machine's speed hits both), after one warm-up run
of each (the bytecode caches written).  Each figure is the median wall time of ``--runs`` runs and the median of
the pairwise ratios to numpy's import.  Targets (issue 37): ``import wekaeval`` <= 1.5x numpy's import,
``wekaeval --help`` and ``kappa --matrix`` <= 2x; each command's --help is shown against the 2x too.

How to run
----------
``make bench``, or::

    .venv/bin/python benchmarks/bench_startup.py [--runs N]

The ``wekaeval`` command is run as ``python -m wekaeval`` with this interpreter (the console script does the
same imports).  PYTHONDONTWRITEBYTECODE is removed from the runs' environment: with it every run would compile
every module again, which no installed wekaeval does.  Exit status 0 when the targets hold, 1 when one is missed.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import time

PYTHON = sys.executable
NUMPY = [PYTHON, "-c", "import numpy"]
WEKAEVAL = [PYTHON, "-m", "wekaeval"]
COMMANDS = [
    "kappa",
    "evaluate",
    "parity",
    "parse",
    "check",
    "report",
    "experiment",
    "summarise",
    "ttest",
    "compare",
    "platform",
    "completion",
]

#: (label, command, target ratio to numpy's import or None)
CASES: list[tuple[str, list[str], float | None]] = [
    ("import wekaeval", [PYTHON, "-c", "import wekaeval"], 1.5),
    ("wekaeval --help", [*WEKAEVAL, "--help"], 2.0),
    ("wekaeval kappa --matrix 10,7;5,8", [*WEKAEVAL, "kappa", "--matrix", "10,7;5,8"], 2.0),
    # the first Math.log of a process measures this processor's RCPPS (javamath.java_platform): no target, a figure
    ("a first Java Math.log", [PYTHON, "-c", "from wekaeval.javamath import java_log; java_log(2.0)"], None),
    *((f"wekaeval {c} --help", [*WEKAEVAL, c, "--help"], 2.0) for c in COMMANDS),
]


def wall(command: list[str], environment: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=environment, check=True)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="counted runs of each command (default 10)")
    runs = parser.parse_args().runs
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    print(f"{runs} runs each, paired with python -c 'import numpy' (median wall; median of the pairwise ratios)")
    failed = False
    for label, command, target in CASES:
        wall(command, environment), wall(NUMPY, environment)  # warm-up: caches written, files in memory
        pairs = [(wall(command, environment), wall(NUMPY, environment)) for _ in range(runs)]
        ratio = statistics.median(a / b for a, b in pairs)
        ok = target is None or ratio <= target
        failed |= not ok
        print(
            f"{label:42} {statistics.median(a for a, _ in pairs) * 1000:6.0f} ms  numpy "
            f"{statistics.median(b for _, b in pairs) * 1000:4.0f} ms  {ratio:5.2f}x"
            + ("" if target is None else f"  (target <= {target}x: {'met' if ok else 'MISSED'})")
        )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
