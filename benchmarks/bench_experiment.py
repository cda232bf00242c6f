"""Benchmark: WEKA's Experimenter run in Python (``wekaeval experiment``) against WEKA's own Experimenter.

What it measures
----------------
One experiment -- WEKA schemes run through the bridge (``--setup classic``, the default: J48, NaiveBayes, SMO
and IBk; ``--setup quick``: J48 and NaiveBayes), 3 datasets of ``arff_samples/`` (credit-g,
sklearn-breast-cancer, radar), ``--runs`` runs (default 10) of 10-fold cross-validation -- run from the
command line, each in a fresh process, as a user runs it (JVM start-up
included on both sides):

1. **WEKA**: ``java weka.experiment.Experiment -l setup.exp -r`` (the setup saved by python-weka-wrapper3's
   ``SimpleCrossValidationExperiment``);
2. **wekaeval serial**: ``python -m wekaeval.cli experiment ... --workers 1``;
3. **wekaeval 2 workers**: the same with ``--workers 2`` (two processes, a JVM each).

The three are interleaved, ``--repeats`` times (default 1), and the median of each taken; each run's CPU time
(its processes') and the load average are printed beside, since a busy machine has no second core to give.
The result files are then compared: every row of wekaeval's (the timing columns and Date_time aside) must be
WEKA's.  Targets: the serial run no slower than WEKA's, 2 workers at most 0.6x the serial time.  Exit 1 when
a target is missed or a row differs.

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

import wekaeval
from wekaeval import bridge, read_experiment_results
from wekaeval.experiment import TIMING_COLUMNS

ROOT = Path(__file__).resolve().parent.parent
DATASETS = [ROOT / "arff_samples" / f"{name}.arff" for name in ("credit-g", "sklearn-breast-cancer", "radar")]
#: The schemes of each setup: "classic", the Experimenter's usual line-up (a tree, Bayes, an SVM, nearest
#: neighbours), and "quick", two cheap schemes whose run is mostly the JVMs' start and warm-up.
SETUPS = {
    "classic": [
        "weka.classifiers.trees.J48 -C 0.25 -M 2",
        "weka.classifiers.bayes.NaiveBayes",
        "weka.classifiers.functions.SMO",
        "weka.classifiers.lazy.IBk",
    ],
    "quick": ["weka.classifiers.trees.J48 -C 0.25 -M 2", "weka.classifiers.bayes.NaiveBayes"],
}
ADD_OPENS = "--add-opens=java.base/java.lang=ALL-UNNAMED"
SERIAL_TARGET = 1.0  # wekaeval serial / WEKA
WORKERS_TARGET = 0.6  # wekaeval 2 workers / wekaeval serial


def weka_setup(folder: Path, runs: int, schemes: list[str]) -> list[str]:
    """WEKA's own Experimenter's command line, its setup saved as python-weka-wrapper3 saves it."""
    from weka.core.classes import from_commandline
    from weka.experiments import SimpleCrossValidationExperiment, SimpleExperiment

    bridge.start_jvm()
    classifiers = [from_commandline(line, classname="weka.classifiers.Classifier") for line in schemes]
    experiment = SimpleCrossValidationExperiment(
        folds=10,
        result=str(folder / "weka.arff"),
        datasets=[str(d) for d in DATASETS],
        classifiers=classifiers,
        classification=True,
        runs=runs,
    )
    experiment.setup()
    SimpleExperiment.save(str(folder / "setup.exp"), experiment)
    return ["java", ADD_OPENS, "-cp", bridge.weka_classpath(), "weka.experiment.Experiment", "-l", "setup.exp", "-r"]


def wekaeval_command(runs: int, workers: int, results: Path, schemes: list[str]) -> list[str]:
    command = [sys.executable, "-m", "wekaeval.cli", "experiment", *map(str, DATASETS)]
    for scheme in schemes:
        command += ["--scheme", scheme]
    return command + ["--runs", str(runs), "--folds", "10", "--workers", str(workers), "-o", str(results), "--fresh"]


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command: list[str], folder: Path, result: Path) -> tuple[float, float]:
    """The wall time of ``command``, and the CPU time it and its processes took."""
    result.unlink(missing_ok=True)
    cpu = children_cpu()
    start = time.perf_counter()
    env = {**os.environ, "PYTHONPATH": str(Path(wekaeval.__file__).resolve().parent.parent)}  # this wekaeval
    done = subprocess.run(command, cwd=folder, capture_output=True, text=True, timeout=3600, env=env)
    seconds = time.perf_counter() - start
    if done.returncode != 0 or not result.exists():
        raise SystemExit(f"{command[0]} failed: {done.stdout[-800:]}{done.stderr[-800:]}")
    return seconds, children_cpu() - cpu


def rows_without_timing(path: Path) -> list[tuple]:
    results = read_experiment_results(path)
    timing = {results.columns.index(name) for name in TIMING_COLUMNS if name in results.columns}
    return [tuple(None if i in timing else value for i, value in enumerate(row)) for row in results.rows]


def same(a: tuple, b: tuple) -> bool:
    return all(
        x == y or (isinstance(x, float) and isinstance(y, float) and x.hex() == y.hex())
        for x, y in zip(a, b, strict=True)
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--runs", type=int, default=10, help="Experimenter runs (default 10)")
    parser.add_argument("--repeats", type=int, default=1, help="timed runs of each (default 1)")
    parser.add_argument("--setup", choices=sorted(SETUPS), default="classic", help="the schemes (default classic)")
    args = parser.parse_args(argv)
    schemes = SETUPS[args.setup]

    with tempfile.TemporaryDirectory(prefix="bench-experiment-") as name:
        folder = Path(name)
        commands = {
            "WEKA's Experimenter": (weka_setup(folder, args.runs, schemes), folder / "weka.arff"),
            "wekaeval serial": (
                wekaeval_command(args.runs, 1, folder / "serial.arff", schemes),
                folder / "serial.arff",
            ),
            "wekaeval 2 workers": (wekaeval_command(args.runs, 2, folder / "two.arff", schemes), folder / "two.arff"),
        }
        rows = len(schemes) * len(DATASETS) * args.runs * 10
        print(
            f"{rows} rows ({args.setup}): {len(schemes)} WEKA schemes x {len(DATASETS)} datasets x {args.runs} runs "
            "x 10 folds, "
            f"WEKA {bridge.weka_version()}, {os.cpu_count()} cores",
            flush=True,
        )
        times: dict[str, list[float]] = {label: [] for label in commands}
        for _ in range(args.repeats):
            for label, (command, result) in commands.items():
                seconds, cpu = timed(command, folder, result)
                times[label].append(seconds)
                print(f"  {label:<22} {seconds:8.2f} s   (CPU {cpu:6.1f} s, load {os.getloadavg()[0]:.1f})", flush=True)
        median = {label: statistics.median(values) for label, values in times.items()}
        weka = rows_without_timing(folder / "weka.arff")
        agree = all(
            len(ours) == len(weka) and all(same(a, b) for a, b in zip(ours, weka, strict=True))
            for ours in (rows_without_timing(folder / "serial.arff"), rows_without_timing(folder / "two.arff"))
        )
    serial = median["wekaeval serial"] / median["WEKA's Experimenter"]
    workers = median["wekaeval 2 workers"] / median["wekaeval serial"]
    print(f"  wekaeval serial / WEKA = {serial:.2f} (target <= {SERIAL_TARGET})")
    print(f"  2 workers / serial = {workers:.2f} (target <= {WORKERS_TARGET})")
    print(f"  every row WEKA's (timing aside): {'yes' if agree else 'NO'}")
    return 0 if agree and serial <= SERIAL_TARGET and workers <= WORKERS_TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
