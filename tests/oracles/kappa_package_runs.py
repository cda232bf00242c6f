"""WEKA's own output with the package wekaevalKappa installed: its command line and python-weka-wrapper3.

:func:`produce` builds the package with ``java_reference/kappa-package/build.sh``, installs it offline into
a temporary WEKA home with WEKA's package manager, and runs WEKA as a user would: ``weka.Run`` in a child
JVM (which loads packages), python-weka-wrapper3 in a child Python (``jvm.start(packages=True)``, once
installing the zip through its packages API, once finding it installed), and, for contrast, the same
command lines with an empty WEKA home and a classifier started directly (which loads no packages).  Beside
every text it keeps the confusion matrix behind each section, bit for bit, from python-weka-wrapper3's JVM
in this process (the command line's evaluations repeated by :class:`tests.weka_runs.Mirror`) or from the
child Python's own Evaluation, so a test can recompute every printed number with ``wekaeval.kappa_stats``.

The runs never touch ``~/wekafiles``: every child gets ``WEKA_HOME`` (a temporary directory) and works
offline (``-Dweka.packageManager.offline=true``; the environment variable of that name for the child
Pythons, whose JVM options python-weka-wrapper3 does not let one add).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from tests.paths import ROOT
from wekaeval import bridge
from wekaeval.evaluation._kappastats import WEKA_PACKAGE_LINES

from .command_lines import ADD_OPENS, suite_jvm_options
from .weka_runs import ARFF_SAMPLES, COST_MATRIX, Mirror, Run

PROJECT = ROOT
PACKAGE_DIR = PROJECT / "java_reference" / "kappa-package"
SOURCE = PACKAGE_DIR / "src" / "main" / "java" / "weka" / "classifiers" / "evaluation" / "WekaevalKappa.java"
PACKAGE_NAME = "wekaevalKappa"
CLASS_NAME = "weka.classifiers.evaluation.WekaevalKappa"
#: The package's summary lines, in order, and the KappaStats field each one prints (wekaeval's own table).
STATISTICS = tuple(WEKA_PACKAGE_LINES.items())
OFFLINE = "-Dweka.packageManager.offline=true"
SECTION = re.compile(r"^=== (.+) ===$", re.MULTILINE)


@dataclass(frozen=True)
class PackageRun:
    """``java -cp weka.jar weka.Run <name> -t <train> <args>``; ``run`` is the same evaluation for :class:`Mirror`."""

    name: str
    classifier: str  # as typed after weka.Run: a short name (J48) or a class name
    run: Run

    def command(self, workdir: Path, *, launcher: str = "weka.Run") -> list[str]:
        argv = [self.classifier if launcher == "weka.Run" else self.run.classifier, "-t", _data(self.run.train)]
        if self.run.test is not None:
            argv += ["-T", _data(self.run.test)]
        argv += [a.replace("{cost}", str(workdir / "costs.cost")) for a in self.run.args]
        launch = [launcher] if launcher == "weka.Run" else []
        java = ["java", *suite_jvm_options(), ADD_OPENS, OFFLINE, "-cp", bridge.weka_classpath()]
        return [*java, *launch, *argv, *self.run.options]


def _data(name: str) -> str:
    return str(ARFF_SAMPLES / name)  # an absolute name (the setosa test set in the work folder) stays itself


J48 = "weka.classifiers.trees.J48"
NAIVE_BAYES = "weka.classifiers.bayes.NaiveBayes"
SETOSA = "setosa-only.arff"  # written into the work folder: a test set of one class, so Pe = 1 and NaN lines

#: The command-line runs with the package; "{work}" stands for the work folder.
RUNS = (
    PackageRun("j48-iris", "J48", Run("j48-iris", J48, "iris.arff")),
    PackageRun("j48-weighted-x10", "J48", Run("j48-weighted-x10", J48, "weighted.arff", ("-x", "10", "-s", "1"))),
    PackageRun(
        "nb-weighted-sparse-x5",
        NAIVE_BAYES,
        Run("nb-weighted-sparse-x5", NAIVE_BAYES, "weighted-sparse.arff", ("-x", "5", "-s", "3", "-o")),
    ),
    PackageRun("j48-iris-cost", "J48", Run("j48-iris-cost", J48, "iris.arff", ("-m", "{cost}", "-o"))),
    PackageRun(
        "ibk-six-classes",
        "IBk",
        Run("ibk-six-classes", "weka.classifiers.lazy.IBk", "six-classes.arff", ("-o",), ("-K", "3")),
    ),
    PackageRun("j48-iris-setosa-T", "J48", Run("j48-iris-setosa-T", J48, "iris.arff", ("-o",), test="{work}")),
    PackageRun(
        "lr-numeric",
        "weka.classifiers.functions.LinearRegression",
        Run("lr-numeric", "weka.classifiers.functions.LinearRegression", "numeric-class.arff", ("-o",)),
    ),
)
#: Runs repeated with an empty WEKA home, and started as a classifier directly (no package loading).
PLAIN_RUNS = ("j48-iris", "j48-weighted-x10")
DIRECT_RUN = "j48-iris"

#: The child Python: python-weka-wrapper3 with package support, optionally installing the zip first.
PWW3_SCRIPT = r"""
import json, logging, os, sys
import weka.core.jvm as jvm
zip_path, data_path, classifier, out = sys.argv[1:5]
jvm.start(packages=True, logging_level=logging.WARNING)
from weka.core import packages
from weka.classifiers import Classifier, Evaluation
from weka.core.classes import Random
from weka.core.converters import Loader
result = {"installed": None}
if zip_path:
    result["installed"] = packages.install_package(zip_path)
result["is_installed"] = packages.is_installed("wekaevalKappa")
data = Loader(classname="weka.core.converters.ArffLoader").load_file(data_path)
data.class_is_last()
evaluation = Evaluation(data)
evaluation.crossvalidate_model(Classifier(classname=classifier), data, 10, Random(1))
result["summary"] = evaluation.summary()
result["matrix"] = [[float(x) for x in row] for row in evaluation.confusion_matrix]
with open(out, "w") as f:
    json.dump(result, f)
jvm.stop()
"""
#: name -> (install the zip in the child?, data set, classifier); all cross-validate 10 folds with Random(1).
PWW3_RUNS = {
    "pww3-installed-by-cli": (False, "weighted.arff", J48),
    "pww3-install-package": (True, "iris.arff", NAIVE_BAYES),
}


@dataclass
class Output:
    """One WEKA run: the command, its stdout and stderr, and the confusion matrix behind each section title
    (``"Stratified cross-validation"``, ``"Error on training data"``, ...; ``"Summary"`` for
    python-weka-wrapper3's ``Evaluation.summary()``), as WEKA's doubles.  No matrices for a numeric class."""

    name: str
    command: list[str]
    text: str
    stderr: str = field(repr=False, default="")
    matrices: dict[str, np.ndarray] = field(default_factory=dict)
    details: dict = field(default_factory=dict)


@dataclass
class PackageOutputs:
    """Everything :func:`produce` ran: with the package, without it, directly, and through python-weka-wrapper3."""

    workdir: Path
    zip_path: Path
    weka_home: Path  # the package installed by WEKA's package manager
    plain_home: Path  # empty
    install: subprocess.CompletedProcess
    runs: dict[str, Output]  # weka.Run with the package, by PackageRun name
    plain: dict[str, Output]  # the same command lines with the empty home
    direct: Output  # java ... weka.classifiers.trees.J48 with the package's home: no packages loaded
    pww3: dict[str, Output]  # child Pythons, by PWW3_RUNS name


def build(outdir: Path) -> Path:
    """``build.sh outdir``; the zip it writes."""
    env = {**os.environ, "WEKA_JAR": str(bridge.weka_jar())}  # the very jar of the in-process oracle
    done = subprocess.run(
        [PACKAGE_DIR / "build.sh", outdir], capture_output=True, text=True, env=env, cwd=PROJECT.parent
    )
    if done.returncode != 0:
        raise RuntimeError(f"build.sh failed ({done.returncode}): {done.stderr}")
    return outdir / f"{PACKAGE_NAME}.zip"


def install_offline(zip_path: Path, weka_home: Path) -> subprocess.CompletedProcess:
    """WEKA's package manager, offline, installing the zip into weka_home (it exits 0 even on failure)."""
    command = [
        "java",
        *suite_jvm_options(),
        ADD_OPENS,
        "-cp",
        str(bridge.weka_jar()),
        "weka.core.WekaPackageManager",
        "-offline",
        "-install-package",
        str(zip_path),
    ]
    return subprocess.run(command, capture_output=True, text=True, env=_env(weka_home), timeout=300)


def _env(weka_home: Path) -> dict[str, str]:
    return {**os.environ, "WEKA_HOME": str(weka_home), "weka.packageManager.offline": "true"}


def _java(name: str, command: list[str], weka_home: Path) -> Output:
    done = subprocess.run(command, capture_output=True, text=True, env=_env(weka_home), timeout=300)
    if done.returncode != 0 or "===" not in done.stdout:
        raise RuntimeError(f"{name}: WEKA failed ({done.returncode}): {done.stdout[-800:]}{done.stderr[-800:]}")
    return Output(name, command, done.stdout, done.stderr)


def _pww3(name: str, zip_path: Path, weka_home: Path, workdir: Path) -> Output:
    install, data, classifier = PWW3_RUNS[name]
    out = workdir / f"{name}.json"
    command = [
        sys.executable,
        "-c",
        PWW3_SCRIPT,
        str(zip_path) if install else "",
        str(ARFF_SAMPLES / data),
        classifier,
        str(out),
    ]
    done = subprocess.run(command, capture_output=True, text=True, env=_env(weka_home), timeout=300)
    if done.returncode != 0 or not out.exists():
        raise RuntimeError(f"{name}: python-weka-wrapper3 failed ({done.returncode}): {done.stderr[-1500:]}")
    result = json.loads(out.read_text())
    details = {key: result[key] for key in ("installed", "is_installed")}
    return Output(name, command, result["summary"], done.stderr, {"Summary": np.array(result["matrix"])}, details)


def _write_setosa(workdir: Path) -> Path:
    """iris.arff's header and its Iris-setosa rows only."""
    lines = (ARFF_SAMPLES / "iris.arff").read_text().splitlines(keepends=True)
    kept = [
        line
        for line in lines
        if line.lstrip().startswith(("@", "%")) or "," not in line or line.rstrip().endswith("Iris-setosa")
    ]
    path = workdir / SETOSA
    path.write_text("".join(kept))
    return path


def _resolved(run: PackageRun, workdir: Path) -> PackageRun:
    if run.run.test != "{work}":
        return run
    inner = Run(
        run.run.name, run.run.classifier, run.run.train, run.run.args, run.run.options, test=str(workdir / SETOSA)
    )
    return PackageRun(run.name, run.classifier, inner)


def produce(workdir: Path) -> PackageOutputs:
    """Build, install and run everything in workdir (the JVM of this process must be running)."""
    workdir.mkdir(parents=True, exist_ok=True)
    (workdir / "costs.cost").write_text(COST_MATRIX)
    _write_setosa(workdir)
    zip_path = build(workdir / "dist")
    weka_home, plain_home, pww3_home = workdir / "weka-home", workdir / "plain-home", workdir / "pww3-home"
    plain_home.mkdir()
    install = install_offline(zip_path, weka_home)
    runs = [_resolved(run, workdir) for run in RUNS]
    by_name = {run.name: run for run in runs}
    homes = {"pww3-installed-by-cli": weka_home, "pww3-install-package": pww3_home}
    with ThreadPoolExecutor(max_workers=4) as pool:
        # The child Pythons start first: they take longest.
        pww3 = {name: pool.submit(_pww3, name, zip_path, homes[name], workdir) for name in PWW3_RUNS}
        with_package = {run.name: pool.submit(_java, run.name, run.command(workdir), weka_home) for run in runs}
        plain = {name: pool.submit(_java, name, by_name[name].command(workdir), plain_home) for name in PLAIN_RUNS}
        direct = pool.submit(_java, DIRECT_RUN, by_name[DIRECT_RUN].command(workdir, launcher=""), weka_home)
        mirror = Mirror(workdir)
        matrices = {run.name: _matrices(mirror, run.run) for run in runs}  # meanwhile, in this process
        outputs = PackageOutputs(
            workdir=workdir,
            zip_path=zip_path,
            weka_home=weka_home,
            plain_home=plain_home,
            install=install,
            runs={name: future.result() for name, future in with_package.items()},
            plain={name: future.result() for name, future in plain.items()},
            direct=direct.result(),
            pww3={name: future.result() for name, future in pww3.items()},
        )
    for name, output in outputs.runs.items():
        output.matrices = matrices[name]
    for name in PLAIN_RUNS:
        outputs.plain[name].matrices = matrices[name]
    outputs.direct.matrices = matrices[DIRECT_RUN]
    return outputs


def _matrices(mirror: Mirror, run: Run) -> dict[str, np.ndarray]:
    result = {}
    for title, evaluation in mirror.evaluations(run).items():
        if evaluation.getHeader().classAttribute().isNominal():
            result[title] = np.array([list(row) for row in evaluation.confusionMatrix()], dtype=np.float64)
    return result


def sections(text: str) -> dict[str, str]:
    """The text under each ``=== title ===`` line, up to the next one, by title (the last of equal titles)."""
    marks = list(SECTION.finditer(text))
    return {
        mark.group(1): text[mark.end() : marks[i + 1].start() if i + 1 < len(marks) else len(text)]
        for i, mark in enumerate(marks)
    }


def plugin_lines(summary: str) -> list[str]:
    """The lines after ``Kappa statistic`` (and WEKA's cost lines), as many as the package prints."""
    lines = summary.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Kappa statistic "))
    start += 1
    while start < len(lines) and lines[start].startswith(("Total Cost ", "Average Cost ")):
        start += 1
    return lines[start : start + len(STATISTICS)]
