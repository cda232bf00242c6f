"""Benchmark: WEKA's Experimenter run in Python (``wekaeval experiment``), serial and with workers, CPU per row.

What it measures
----------------
One experiment of WEKA schemes run through the bridge -- ``--setup classic`` (the default: J48, NaiveBayes, SMO
and IBk on credit-g, sklearn-breast-cancer and radar of ``arff_samples/``, ``--runs`` runs, default 10, of
10-fold cross-validation, 1,200 rows), ``--setup quick`` (J48 and NaiveBayes on the same) or ``--setup small``
(the classic schemes on 4 datasets -- iris, credit-g, sklearn-breast-cancer, sklearn-wine -- 3 runs, 480 rows;
``--data`` replaces the datasets, e.g. WEKA's own samples by hand) -- run from the command line, each in a fresh
process, as a user runs it (JVM start-up included on every side):

1. **WEKA** (unless ``--no-weka``): ``java weka.experiment.Experiment -l setup.exp -r`` (the setup saved by
   python-weka-wrapper3's ``SimpleCrossValidationExperiment``);
2. **wekaeval serial**: ``wekaeval experiment ... --workers 1``;
3. **wekaeval N workers**: the same with ``--workers N`` (``--workers``, default 2).

The runs are interleaved, ``--repeats`` times (default 1), and the median of each taken.  Each run's CPU time
is measured (``RUSAGE_CHILDREN``: the command and every process it waited for) and split into the coordinator's
(the command's own process, ``RUSAGE_SELF`` written by a wrapper round ``wekaeval.cli.main``) and the workers';
it is printed per row, with the coordinator's share and the load average (the machine may be shared).
The result files are then compared: both wekaeval files byte-identical once ``Date_time`` and the timing
columns are blanked, and every row WEKA's.  Targets: the serial run no slower than WEKA's; N workers' CPU at
most 1.15x the serial run's, and their wall time no slower than serial.  Exit 1 when a target is missed or a
row differs.

Run: ``.venv/bin/python benchmarks/bench_experiment.py`` (``make bench`` runs it too).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _cpu import Timed, contention, run_wekaeval

from wekaeval import bridge, read_experiment_results
from wekaeval.experiment import TIMING_COLUMNS

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "arff_samples"
CLASSIC = [
    "weka.classifiers.trees.J48 -C 0.25 -M 2",
    "weka.classifiers.bayes.NaiveBayes",
    "weka.classifiers.functions.SMO",
    "weka.classifiers.lazy.IBk",
]
#: Each setup: its schemes, datasets and default runs.  "classic", the Experimenter's usual line-up (a tree,
#: Bayes, an SVM, nearest neighbours); "quick", two cheap schemes whose run is mostly the JVMs' start and
#: warm-up; "small", the classic line-up on four datasets, 3 runs: 480 rows.
SETUPS: dict[str, tuple[list[str], list[str], int]] = {
    "classic": (CLASSIC, ["credit-g", "sklearn-breast-cancer", "radar"], 10),
    "quick": (CLASSIC[:2], ["credit-g", "sklearn-breast-cancer", "radar"], 10),
    "small": (CLASSIC, ["iris", "credit-g", "sklearn-breast-cancer", "sklearn-wine"], 3),
}
ADD_OPENS = "--add-opens=java.base/java.lang=ALL-UNNAMED"
SERIAL_TARGET = 1.0  # wekaeval serial / WEKA
CPU_TARGET = 1.15  # N workers' CPU / the serial run's
WALL_TARGET = 1.0  # N workers' wall time / the serial run's


def weka_setup(folder: Path, datasets: list[Path], runs: int, schemes: list[str]) -> list[str]:
    """WEKA's own Experimenter's command line, its setup saved as python-weka-wrapper3 saves it."""
    from weka.core.classes import from_commandline
    from weka.experiments import SimpleCrossValidationExperiment, SimpleExperiment

    bridge.start_jvm()
    classifiers = [from_commandline(line, classname="weka.classifiers.Classifier") for line in schemes]
    experiment = SimpleCrossValidationExperiment(
        folds=10,
        result=str(folder / "weka.arff"),
        datasets=[str(d) for d in datasets],
        classifiers=classifiers,
        classification=True,
        runs=runs,
    )
    experiment.setup()
    SimpleExperiment.save(str(folder / "setup.exp"), experiment)
    return ["java", ADD_OPENS, "-cp", bridge.weka_classpath(), "weka.experiment.Experiment", "-l", "setup.exp", "-r"]


def wekaeval_argv(datasets: list[Path], runs: int, workers: int, results: Path, schemes: list[str]) -> list[str]:
    argv = ["experiment", *map(str, datasets)]
    for scheme in schemes:
        argv += ["--scheme", scheme]
    return argv + ["--runs", str(runs), "--folds", "10", "--workers", str(workers), "-o", str(results), "--fresh"]


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed_weka(command: list[str], folder: Path, result: Path) -> Timed:
    """WEKA's Experimenter: its wall and CPU time (one process, no coordinator of ours)."""
    result.unlink(missing_ok=True)
    cpu = children_cpu()
    start = time.perf_counter()
    done = subprocess.run(command, cwd=folder, capture_output=True, timeout=3600)
    seconds = time.perf_counter() - start
    if done.returncode != 0 or not result.exists():
        raise SystemExit(f"WEKA failed: {done.stdout[-800:]!r}{done.stderr[-800:]!r}")
    used = children_cpu() - cpu
    return Timed(seconds, used, used, done.stdout, done.stderr, 0)


def timed(argv: list[str], folder: Path, result: Path) -> Timed:
    result.unlink(missing_ok=True)
    done = run_wekaeval(argv, folder)
    if done.returncode != 0 or not result.exists():
        raise SystemExit(f"wekaeval failed: {done.stdout[-800:]!r}{done.stderr[-800:]!r}")
    return done


def rows_without_timing(path: Path) -> list[tuple]:
    results = read_experiment_results(path)
    timing = {results.columns.index(name) for name in TIMING_COLUMNS if name in results.columns}
    return [tuple(None if i in timing else value for i, value in enumerate(row)) for row in results.rows]


def same(a: tuple, b: tuple) -> bool:
    return all(
        x == y or (isinstance(x, float) and isinstance(y, float) and x.hex() == y.hex())
        for x, y in zip(a, b, strict=True)
    )


def blanked(path: Path) -> bytes:
    """The result file's text with ``Date_time`` and the timing columns blanked: what serial and workers share."""
    results = read_experiment_results(path)
    blank = {results.columns.index(name) for name in (*TIMING_COLUMNS, "Date_time") if name in results.columns}
    lines = path.read_bytes().split(b"\n")
    data = lines.index(b"@data") + 1
    out = lines[:data]
    for line in lines[data:]:
        cells = line.split(b",")
        out.append(b",".join(b"?" if i in blank else cell for i, cell in enumerate(cells)) if line else line)
    return b"\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--runs", type=int, help="Experimenter runs (default: the setup's, 10 or 3)")
    parser.add_argument("--repeats", type=int, default=1, help="timed runs of each (default 1)")
    parser.add_argument("--workers", type=int, default=2, help="the workers run against serial (default 2)")
    parser.add_argument("--setup", choices=sorted(SETUPS), default="classic", help="the experiment (default classic)")
    parser.add_argument("--data", nargs="+", type=Path, help="the datasets instead of the setup's")
    parser.add_argument("--no-weka", action="store_true", help="leave WEKA's own Experimenter out")
    args = parser.parse_args(argv)
    schemes, names, runs = SETUPS[args.setup]
    runs = args.runs or runs
    datasets = args.data or [SAMPLES / f"{name}.arff" for name in names]
    many = f"wekaeval {args.workers} workers"

    with tempfile.TemporaryDirectory(prefix="bench-experiment-") as name:
        folder = Path(name)
        serial_file, workers_file = folder / "serial.arff", folder / "workers.arff"
        commands: dict[str, tuple[str, list[str], Path]] = {}
        if not args.no_weka:
            commands["WEKA's Experimenter"] = (
                "weka",
                weka_setup(folder, datasets, runs, schemes),
                folder / "weka.arff",
            )
        commands["wekaeval serial"] = ("ours", wekaeval_argv(datasets, runs, 1, serial_file, schemes), serial_file)
        commands[many] = ("ours", wekaeval_argv(datasets, runs, args.workers, workers_file, schemes), workers_file)
        rows = len(schemes) * len(datasets) * runs * 10
        print(
            f"{rows} rows ({args.setup}): {len(schemes)} WEKA schemes x {len(datasets)} datasets x {runs} runs "
            f"x 10 folds, WEKA {bridge.weka_version()}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}",
            flush=True,
        )
        measured: dict[str, list[Timed]] = {label: [] for label in commands}
        notes: set[bytes] = set()
        for _ in range(args.repeats):
            for label, (kind, command, result) in commands.items():
                done = timed_weka(command, folder, result) if kind == "weka" else timed(command, folder, result)
                measured[label].append(done)
                notes.update(line for line in done.stderr.splitlines() if line.startswith(b"wekaeval: note:"))
                print(
                    f"  {label:<22} {done.wall:8.2f} s   CPU {done.cpu:6.1f} s = {1000 * done.cpu / rows:6.1f} ms/row, "
                    f"coordinator {done.coordinator:5.1f} s ({100 * done.share:4.1f} %)   "
                    f"load {os.getloadavg()[0]:.1f}",
                    flush=True,
                )
        for note in sorted(notes):
            print(f"  ({many} said: {note.decode()})")
        identical = blanked(serial_file) == blanked(workers_file)
        agree = identical
        if not args.no_weka:
            weka = rows_without_timing(folder / "weka.arff")
            ours = rows_without_timing(serial_file)
            agree &= len(ours) == len(weka) and all(same(a, b) for a, b in zip(ours, weka, strict=True))
    wall = {label: statistics.median(t.wall for t in values) for label, values in measured.items()}
    cpu = {label: statistics.median(t.cpu for t in values) for label, values in measured.items()}
    ok = agree
    if not args.no_weka:
        serial = wall["wekaeval serial"] / wall["WEKA's Experimenter"]
        ok &= serial <= SERIAL_TARGET
        print(f"  wekaeval serial / WEKA = {serial:.2f} (target <= {SERIAL_TARGET})")
    cpu_ratio = cpu[many] / cpu["wekaeval serial"]
    wall_ratio = wall[many] / wall["wekaeval serial"]
    share = statistics.median(t.share for t in measured[many])
    print(
        f"  CPU per row: serial {1000 * cpu['wekaeval serial'] / rows:.1f} ms, {args.workers} workers "
        f"{1000 * cpu[many] / rows:.1f} ms (the coordinator's share {100 * share:.1f} %)"
    )
    print(
        f"  {args.workers} workers / serial: CPU {cpu_ratio:.2f} (target <= {CPU_TARGET}), wall {wall_ratio:.2f} "
        f"(target <= {WALL_TARGET})"
    )
    print(f"  result files byte-identical (Date_time, timing blanked): {'yes' if identical else 'NO'}")
    if not args.no_weka:
        print(f"  every row WEKA's (timing aside): {'yes' if agree else 'NO'}")
    print(
        f"  (this machine: the same pure-Python loop takes {contention():.2f}x the CPU time run twice at once as alone,"
        " the two processors sharing a core or its caches; load now "
        f"{os.getloadavg()[0]:.1f})"
    )
    ok &= cpu_ratio <= CPU_TARGET and wall_ratio <= WALL_TARGET
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
