"""Where the suite's CPU goes: each test's CPU time and wall time, by test and by file.

The suite is bound by its CPU on 2 cores (docs/development.md, "The suite's time"): ``--durations`` names the
tests that take long, this names the ones that take the processors.  As a pytest plugin it records, for every test
(setup, call and teardown, so a module or session fixture counts where it is made), the CPU time of the process
that runs it (all its threads: a JVM's compiler and collector included) and of the child processes it waited for
in that time (the command line's runs, worker processes, ``java``), and its wall time; each pytest process writes
its own file at the end.  Run as a script it reports the last run.

How to run
----------
From the repository's root, with the suite's usual workers::

    env -u PYTHONDONTWRITEBYTECODE PYTHONPATH=benchmarks .venv/bin/python -m pytest -p suite_cpu \\
        -n auto --maxprocesses=4 --dist loadfile
    .venv/bin/python benchmarks/suite_cpu.py [--top N] [FOLDER]

Name the plugin on the command line, not in ``PYTEST_ADDOPTS``: the pytest runs some tests start would take it
too.  The files go to ``.suite-cpu/`` (``SUITE_CPU_DIR`` names another folder).  A child that outlives its test is
counted where a later test of the same process waits for it (a module's dask cluster, at its teardown); one
nobody waits for (a daemon) is not counted at all.  The totals are each process's own ``getrusage``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

FOLDER = Path(os.environ.get("SUITE_CPU_DIR", ".suite-cpu"))

_rows: list[tuple[str, float, float, float]] = []  # (test, own CPU, children's CPU, wall), this process's tests
_started = time.perf_counter()


def _cpu(who: int) -> float:
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: Any, nextitem: Any) -> Iterator[None]:
    own, children, wall = _cpu(resource.RUSAGE_SELF), _cpu(resource.RUSAGE_CHILDREN), time.perf_counter()
    try:
        return (yield)
    finally:
        _rows.append(
            (
                item.nodeid,
                _cpu(resource.RUSAGE_SELF) - own,
                _cpu(resource.RUSAGE_CHILDREN) - children,
                time.perf_counter() - wall,
            )
        )


def pytest_sessionfinish(session: Any) -> None:
    """This process's rows and totals, to ``FOLDER/<worker>.json`` (``main.json`` for the controller)."""
    FOLDER.mkdir(exist_ok=True)
    # an xdist worker's id from its config (a pytest the tests start inherits PYTEST_XDIST_WORKER, not this)
    name = getattr(session.config, "workerinput", {}).get("workerid", "main")
    record = {
        "rows": _rows,
        "own": _cpu(resource.RUSAGE_SELF),
        "children": _cpu(resource.RUSAGE_CHILDREN),
        "wall": time.perf_counter() - _started,
    }
    temporary = FOLDER / f".{name}.json.tmp"
    temporary.write_text(json.dumps(record), encoding="utf-8")
    os.replace(temporary, FOLDER / f"{name}.json")


def report(folder: Path, top: int) -> str:
    """The last run's totals, then its files and tests by CPU (own + children), most first."""
    processes = {path.stem: json.loads(path.read_text(encoding="utf-8")) for path in sorted(folder.glob("*.json"))}
    if not processes:
        raise SystemExit(f"suite_cpu: no records in {folder}: run pytest with -p suite_cpu first")
    workers = {name: record for name, record in processes.items() if name != "main"}
    lines = []
    for name, record in processes.items():
        own, children, wall = record["own"], record["children"], record["wall"]
        lines.append(f"{name}: own {own:.0f} CPU-s, children {children:.0f}, wall {wall:.0f} s")
    if workers:  # the controller's children are the workers: count each CPU-second once
        total = sum(r["own"] + r["children"] for r in workers.values()) + processes.get("main", {}).get("own", 0.0)
    else:
        total = processes["main"]["own"] + processes["main"]["children"]
    lines.append(f"total {total:.0f} CPU-s")
    rows = [row for record in (workers or processes).values() for row in record["rows"]]
    files: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0, 0.0])
    for test, own, children, wall in rows:
        entry = files[test.split("::")[0]]
        entry[0], entry[1], entry[2], entry[3] = entry[0] + own, entry[1] + children, entry[2] + wall, entry[3] + 1
    lines.append("")
    lines.append(f"{'file':<64} {'own':>7} {'child':>7} {'wall':>7} {'tests':>5}")
    for path, (own, children, wall, count) in sorted(files.items(), key=lambda kv: -(kv[1][0] + kv[1][1]))[:top]:
        lines.append(f"{path:<64} {own:7.1f} {children:7.1f} {wall:7.1f} {count:5.0f}")
    lines.append("")
    lines.append(f"{'test':<100} {'own':>7} {'child':>7} {'wall':>7}")
    for test, own, children, wall in sorted(rows, key=lambda row: -(row[1] + row[2]))[:top]:
        lines.append(f"{test[:100]:<100} {own:7.1f} {children:7.1f} {wall:7.1f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Report where the last pytest -p suite_cpu run spent its CPU.")
    parser.add_argument("folder", nargs="?", type=Path, default=FOLDER, help="the records' folder (.suite-cpu)")
    parser.add_argument("--top", type=int, default=25, help="how many files and tests to list (25)")
    arguments = parser.parse_args(argv)
    print(report(arguments.folder, arguments.top))
    return 0


if __name__ == "__main__":
    sys.exit(main())
