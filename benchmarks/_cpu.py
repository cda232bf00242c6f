"""The CPU a ``wekaeval`` command takes, split into the coordinator's and its worker processes'.

The command runs as ``python -c WRAPPER json-path wekaeval-args...``: the wrapper calls ``wekaeval.cli.main``
and then writes its own process's CPU time (``RUSAGE_SELF``: the coordinator, with its JVM when it starts one)
and its waited-for children's (``RUSAGE_CHILDREN``: the worker processes, their JVMs in them) to the JSON file.
The caller's own ``RUSAGE_CHILDREN`` difference is the whole (coordinator and workers); the two must agree.
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import wekaeval

WRAPPER = """
import json, resource, sys
from wekaeval.cli import main
try:
    code = main(sys.argv[2:])
finally:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(sys.argv[1], "w") as file:
        json.dump({"coordinator": own.ru_utime + own.ru_stime,
                   "workers": children.ru_utime + children.ru_stime}, file)
sys.exit(code)
"""


@dataclass(frozen=True)
class Timed:
    """One command's wall time, its CPU (coordinator + workers) and the coordinator's part; stdout, stderr."""

    wall: float
    cpu: float
    coordinator: float
    stdout: bytes
    stderr: bytes
    returncode: int

    @property
    def share(self) -> float:
        """The coordinator's share of the CPU."""
        return self.coordinator / self.cpu if self.cpu else 0.0


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_wekaeval(argv: list[str], cwd: Path, timeout: float = 3600, extra_env: dict[str, str] | None = None) -> Timed:
    """``wekaeval ARGV`` run from ``cwd`` with this checkout's wekaeval (and ``extra_env`` set), timed."""
    env = {**os.environ, **(extra_env or {}), "PYTHONPATH": str(Path(wekaeval.__file__).resolve().parent.parent)}
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as handle:
        record = Path(handle.name)
    try:
        before = children_cpu()
        started = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-c", WRAPPER, str(record), *argv], cwd=cwd, capture_output=True, timeout=timeout, env=env
        )
        wall = time.perf_counter() - started
        cpu = children_cpu() - before
        parts = json.loads(record.read_text()) if record.stat().st_size else {"coordinator": cpu, "workers": 0.0}
    finally:
        record.unlink(missing_ok=True)
    return Timed(wall, cpu, parts["coordinator"], done.stdout, done.stderr, done.returncode)


def run_parity(argv: list[str], json_path: Path, extra_env: dict[str, str] | None = None) -> tuple[Timed, bytes]:
    """``wekaeval parity ARGV --json JSON_PATH`` from the repository's root, timed, and the JSON it wrote; a run
    that fails (exit status other than 0 or 1) ends the benchmark, naming why."""
    root = Path(__file__).resolve().parent.parent
    done = run_wekaeval(["parity", *argv, "--json", str(json_path)], root, extra_env=extra_env)
    if done.returncode not in (0, 1):
        sys.exit(f"parity {' '.join(argv)} failed ({done.returncode}): {done.stderr.decode(errors='replace')}")
    return done, json_path.read_bytes()


def paired_parity_rounds(
    argv: list[str],
    rounds: int,
    names: tuple[str, str],
    envs: tuple[dict[str, str] | None, dict[str, str] | None],
    target: float,
) -> int:
    """``wekaeval parity ARGV`` with the first of ``envs`` set (None: the environment as it is), then with the
    second, one after the other, ``rounds`` times; prints each pair, named by ``names`` (the load average before
    each run), and the median ratios (first / second).  Returns the exit status: 0 when every pair's stdout table
    and JSON rows were byte-identical and the median CPU ratio is at most ``target``, else 1."""
    walls, cpus, identical = [], [], True
    with tempfile.TemporaryDirectory() as folder:
        for number in range(1, rounds + 1):
            load = os.getloadavg()[0]
            first, first_json = run_parity(argv, Path(folder) / "first.json", envs[0])
            load_between = os.getloadavg()[0]
            second, second_json = run_parity(argv, Path(folder) / "second.json", envs[1])
            same = first.stdout == second.stdout and first_json == second_json
            identical &= same
            walls.append(first.wall / second.wall)
            cpus.append(first.cpu / second.cpu)
            print(
                f"round {number}: {names[0]} {first.wall:6.1f} s, CPU {first.cpu:6.1f} s (load {load:.2f}); "
                f"{names[1]} {second.wall:6.1f} s, CPU {second.cpu:6.1f} s (load {load_between:.2f}); "
                f"wall {walls[-1]:.2f}x, CPU {cpus[-1]:.2f}x; rows {'identical' if same else 'DIFFER'}",
                flush=True,
            )
    cpu = statistics.median(cpus)
    print(
        f"{names[0]} / {names[1]}: CPU median {cpu:.2f}x (range {min(cpus):.2f}-{max(cpus):.2f}, target at most "
        f"{target}), wall median {statistics.median(walls):.2f}x; rows {'identical' if identical else 'DIFFER'}"
    )
    return 0 if identical and cpu <= target else 1


SPIN = """
import time
t = time.process_time()
s = 0
for i in range(20_000_000):
    s += i * i
print(time.process_time() - t)
"""


def contention(rounds: int = 3) -> float:
    """How much more CPU time the same pure-Python work takes when two copies run at once than alone (median of
    ``rounds``): 1.0 on cores that share nothing; more when the two processors share a physical core (SMT) or its
    caches.  CPU-time ratios of parallel runs include this factor, whatever the program does."""
    ratios = []
    for _ in range(rounds):
        alone = float(subprocess.run([sys.executable, "-c", SPIN], capture_output=True, text=True).stdout)
        pair = [subprocess.Popen([sys.executable, "-c", SPIN], stdout=subprocess.PIPE, text=True) for _ in range(2)]
        together = [float(process.communicate()[0]) for process in pair]
        ratios.append(sum(together) / 2 / alone)
    return sorted(ratios)[len(ratios) // 2]
