"""The real WEKA, in a JVM, through python-weka-wrapper3 (the ``weka`` extra).

Nothing here runs at import: the JVM starts on the first call that needs it,
once per process, with the weka.jar that python-weka-wrapper3 ships.  A JVM
that python-weka-wrapper3 or the user already started is reused.

:func:`evaluate` runs WEKA's own evaluation as its command line does and
brings back its numbers and, in bulk, its per-instance predictions:

>>> from wekaeval import bridge
>>> result = bridge.evaluate("arff_samples/iris.arff", "weka.classifiers.trees.J48")  # doctest: +SKIP
>>> result.kappa, result.confusion_matrix.shape, result.distributions.shape  # doctest: +SKIP
(0.94, (3, 3), (150, 3))
"""

from __future__ import annotations

import hashlib
import importlib.resources
import importlib.util
import logging
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

__all__ = [
    "WekaUnavailable",
    "WekaError",
    "WekaEvaluation",
    "evaluate",
    "load_instances",
    "prediction_rows",
    "split_options",
    "start_jvm",
    "java_class",
    "weka_jar",
    "weka_classpath",
    "weka_version",
    "JAVA_HINT",
]

JAVA_HINT = "install a JDK >= 11 (Debian: apt-get install default-jdk-headless)"
EXTRA_HINT = "install the weka extra: pip install 'wekaeval[weka]' (python-weka-wrapper3)"


class WekaUnavailable(RuntimeError):
    """WEKA cannot run here: Java or python-weka-wrapper3 is missing; the message says what to install."""


class WekaError(RuntimeError):
    """WEKA refused or failed; ``reason`` is WEKA's own message (e.g. a classifier that cannot handle the data)."""

    def __init__(self, message: str, reason: str | None = None):
        super().__init__(message)
        self.reason = reason or message


def _java_available() -> bool:
    java_home = os.environ.get("JAVA_HOME")
    if java_home and (Path(java_home) / "bin" / "java").exists():
        return True
    return shutil.which("java") is not None


def weka_jar() -> Path:
    """The weka.jar inside the installed python-weka-wrapper3 (no download).

    Raises
    ------
    WekaUnavailable
        If python-weka-wrapper3 is not installed.
    """
    spec = importlib.util.find_spec("weka")
    if spec is None or not spec.submodule_search_locations:
        raise WekaUnavailable(f"python-weka-wrapper3 is not installed: {EXTRA_HINT}")
    for location in spec.submodule_search_locations:
        jar = Path(location) / "lib" / "weka.jar"
        if jar.exists():
            return jar
    raise WekaUnavailable(f"python-weka-wrapper3 has no lib/weka.jar: reinstall it ({EXTRA_HINT})")


def weka_classpath() -> str:
    """weka.jar and the jars beside it, for running WEKA's own command line (``java -cp ...``).

    python-weka-wrapper3 ships mtj.jar, arpack_combined.jar and core.jar next
    to weka.jar; LinearRegression, for one, needs them.  Source jars and
    python-weka-wrapper3's own jar are left out (java_reference/find-weka-jar.sh
    applies the same rule).
    """
    jar = weka_jar()
    siblings = [
        str(other)
        for other in sorted(jar.parent.glob("*.jar"))
        if other != jar and "src" not in other.name and not other.name.startswith("python-weka-wrapper")
    ]
    return os.pathsep.join([str(jar), *siblings])


def start_jvm() -> None:
    """Start WEKA's JVM unless one is running already; safe to call any number of times.

    Raises
    ------
    WekaUnavailable
        If Java or python-weka-wrapper3 is missing.
    """
    try:
        import jpype
    except ImportError:
        raise WekaUnavailable(f"JPype is not installed: {EXTRA_HINT}") from None
    if jpype.isJVMStarted():
        return
    if not _java_available():
        raise WekaUnavailable(f"no java on PATH or in JAVA_HOME: {JAVA_HINT}")
    weka_jar()  # fails early, with the install hint, when the extra is missing
    import weka.core.jvm as jvm

    try:
        with _netlib_warnings_dropped():
            jvm.start(packages=False, logging_level=logging.WARNING)
    except Exception as error:  # JPype reports a broken JVM installation in many ways
        raise WekaUnavailable(f"the JVM did not start ({error}): {JAVA_HINT}") from error


@contextmanager
def _netlib_warnings_dropped() -> Iterator[None]:
    """Drop the four lines netlib-java logs at JVM start (no native ARPACK); pass on all else.

    They go to file descriptor 2 straight from the JVM, so the descriptor is
    captured while the JVM starts and everything else is written back.
    """
    try:
        saved = os.dup(2)
    except OSError:  # no stderr to capture
        yield
        return
    with tempfile.TemporaryFile() as captured:
        os.dup2(captured.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            captured.seek(0)
            lines = captured.read().decode("utf-8", "replace").splitlines(keepends=True)
            kept = [line for line in lines if "com.github.fommil.netlib" not in line]
            if kept:
                sys.stderr.write("".join(kept))


def java_class(name: str) -> Any:
    """A Java class of WEKA's (or the JDK's), starting the JVM if needed."""
    start_jvm()
    import jpype

    return jpype.JClass(name)


def weka_version() -> str:
    """The version of the WEKA that runs in the JVM, e.g. ``'3.9.7'``."""
    return str(java_class("weka.core.Version").VERSION)


# -- evaluation -----------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class WekaEvaluation:
    """WEKA's evaluation of one classifier on one dataset: its numbers and its predictions.

    The per-instance arrays are in WEKA's evaluation order (fold by fold for
    a cross-validation): ``actual`` (class index or value, NaN if missing),
    ``distributions`` (n x k probabilities; n x 1 predicted values for a
    numeric class), ``weights`` and ``fold`` (0-based; 0 for a test set).
    ``kappa`` and ``confusion_matrix`` are None for a numeric class.
    """

    dataset: str
    classifier: str
    options: tuple[str, ...]
    folds: int | None
    seed: int
    class_names: tuple[str, ...] | None
    kappa: float | None
    confusion_matrix: np.ndarray | None
    unclassified: float
    missing_class: float
    pct_correct: float | None
    summary_text: str
    actual: np.ndarray
    distributions: np.ndarray
    weights: np.ndarray
    fold: np.ndarray

    @property
    def num_instances(self) -> int:
        return len(self.actual)


def load_instances(path: str | os.PathLike, class_attribute: str | int | None = None) -> Any:
    """An ARFF file as WEKA's ``Instances`` (ArffLoader), the class set as in :func:`wekaeval.load_arff`."""
    start_jvm()
    import jpype

    loader = jpype.JClass("weka.core.converters.ArffLoader")()
    try:
        loader.setFile(jpype.JClass("java.io.File")(os.fspath(path)))
        data = loader.getDataSet()
    except jpype.JException as error:
        raise WekaError(f"{os.fspath(path)}: {error.getMessage()}") from None
    count = data.numAttributes()
    if class_attribute is None:
        index = count - 1
    elif isinstance(class_attribute, str):
        attribute = data.attribute(class_attribute)
        if attribute is None:
            raise WekaError(f"{os.fspath(path)}: no attribute named {class_attribute!r}")
        index = attribute.index()
    else:
        if not -count <= class_attribute < count:
            raise WekaError(f"{os.fspath(path)}: class attribute index {class_attribute} is out of range")
        index = class_attribute % count
    data.setClassIndex(index)
    return data


def evaluate(
    data: str | os.PathLike | Any,
    classifier: str = "weka.classifiers.trees.J48",
    options: Sequence[str] | str = (),
    *,
    folds: int = 10,
    seed: int = 1,
    test: str | os.PathLike | Any | None = None,
    class_attribute: str | int | None = None,
) -> WekaEvaluation:
    """Evaluate a classifier with WEKA exactly as WEKA's command line does.

    Without ``test``: stratified ``folds``-fold cross-validation with
    ``java.util.Random(seed)`` (``-x folds -s seed``).  With ``test``: the
    classifier is built on ``data`` and evaluated on ``test`` (``-T``).

    Parameters
    ----------
    data, test : path or WEKA ``Instances``
        ARFF files (or instances from :func:`load_instances`).
    classifier : str
        The classifier's class name, e.g. ``"weka.classifiers.trees.J48"``.
    options : sequence of str, or one string
        The classifier's options, as on WEKA's command line.

    Raises
    ------
    WekaError
        With WEKA's own message when it refuses the data or the options.
    WekaUnavailable
        When Java or python-weka-wrapper3 is missing.
    """
    start_jvm()
    import jpype

    dataset_name = os.fspath(data) if isinstance(data, (str, os.PathLike)) else str(data.relationName())
    train = load_instances(data, class_attribute) if isinstance(data, (str, os.PathLike)) else data
    option_list = split_options(options) if isinstance(options, str) else [str(o) for o in options]
    try:
        model = jpype.JClass("weka.classifiers.AbstractClassifier").forName(
            classifier, jpype.JArray(jpype.JString)(list(option_list))
        )
        evaluation = jpype.JClass("weka.classifiers.evaluation.Evaluation")(train)
        if test is None:
            evaluation.crossValidateModel(model, train, int(folds), jpype.JClass("java.util.Random")(int(seed)))
            fold = _fold_of_each_prediction(train.numInstances(), int(folds))
        else:
            test_data = load_instances(test, train.classIndex()) if isinstance(test, (str, os.PathLike)) else test
            if not train.equalHeaders(test_data):
                raise WekaError(f"train and test headers differ: {train.equalHeadersMsg(test_data)}")
            model.buildClassifier(train)
            evaluation.evaluateModel(model, test_data, jpype.JArray(jpype.JObject)([]))
            fold = np.zeros(test_data.numInstances(), dtype=np.int64)
    except jpype.JException as error:
        reason = str(error.getMessage() or error.getClass().getName())
        raise WekaError(f"{classifier} on {dataset_name}: {reason}", reason) from None

    nominal = bool(train.classAttribute().isNominal())
    width = train.numClasses() if nominal else 1
    rows = prediction_rows(evaluation.predictions(), width)
    class_names = tuple(str(train.classAttribute().value(i)) for i in range(width)) if nominal else None
    return WekaEvaluation(
        dataset=dataset_name,
        classifier=str(classifier),
        options=tuple(option_list),
        folds=int(folds) if test is None else None,
        seed=int(seed),
        class_names=class_names,
        kappa=float(evaluation.kappa()) if nominal else None,
        confusion_matrix=np.array([list(r) for r in evaluation.confusionMatrix()], dtype=np.float64)
        if nominal
        else None,
        unclassified=float(evaluation.unclassified()),
        missing_class=float(evaluation.missingClass()),
        pct_correct=float(evaluation.pctCorrect()) if nominal else None,
        summary_text=str(evaluation.toSummaryString()),
        actual=rows[:, 0].copy(),
        distributions=rows[:, 2:].copy(),
        weights=rows[:, 1].copy(),
        fold=fold,
    )


def split_options(options: str) -> list[str]:
    """Split an option string as WEKA does (``weka.core.Utils.splitOptions``)."""
    start_jvm()
    import jpype

    try:
        return [str(o) for o in jpype.JClass("weka.core.Utils").splitOptions(options)]
    except jpype.JException as error:
        raise WekaError(f"cannot split options {options!r}: {error.getMessage()}") from None


def _fold_of_each_prediction(n: int, folds: int) -> np.ndarray:
    """The fold of each prediction of a cross-validation: sizes as in ``Instances.testCV``."""
    sizes = [n // folds + (1 if i < n % folds else 0) for i in range(folds)]
    return np.repeat(np.arange(folds, dtype=np.int64), sizes)


def prediction_rows(predictions: Any, width: int) -> np.ndarray:
    """WEKA's predictions (a Java list) as an (n, 2 + width) array: actual, weight, distribution/value.

    One Java call builds a ``double[]`` that numpy reads through JPype's buffer protocol.
    """
    if predictions is None:
        return np.empty((0, 2 + width))
    flat = bulk_class().rows(predictions, width)
    return np.asarray(flat, dtype=np.float64).reshape(-1, 2 + width)


@cache
def bulk_class() -> Any:
    """wekaeval's Bulk helper class, compiled inside the JVM on first use and cached on disk.

    Raises
    ------
    WekaUnavailable
        If the JVM has no Java compiler (a JRE, not a JDK).
    """
    import jpype

    source = importlib.resources.files("wekaeval").joinpath("java/Bulk.java").read_text(encoding="utf-8")
    java_version = str(jpype.JClass("java.lang.System").getProperty("java.version"))
    key = hashlib.sha256(f"{source}\0{weka_version()}\0{java_version}".encode()).hexdigest()[:16]
    target = _cache_dir() / f"bulk-{key}"
    if not (target / "wekaeval" / "bridge" / "Bulk.class").exists():
        _compile(source, target)
    url = jpype.JClass("java.io.File")(str(target)).toURI().toURL()
    parent = jpype.JClass("weka.core.Instances").class_.getClassLoader()
    loader = jpype.JClass("java.net.URLClassLoader")(jpype.JArray(jpype.JClass("java.net.URL"))([url]), parent)
    return jpype.JClass("wekaeval.bridge.Bulk", loader=loader)


def _compile(source: str, target: Path) -> None:
    import jpype

    compiler = jpype.JClass("javax.tools.ToolProvider").getSystemJavaCompiler()
    if compiler is None:
        raise WekaUnavailable(f"this Java has no compiler (a JRE, not a JDK): {JAVA_HINT}")
    target.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=target.name + ".", dir=target.parent))
    java_file = work / "Bulk.java"
    java_file.write_text(source, encoding="utf-8")
    arguments = ["-nowarn", "-d", str(work), "-cp", str(weka_jar()), str(java_file)]
    status = compiler.run(None, None, None, jpype.JArray(jpype.JString)(arguments))
    if status != 0:
        raise WekaError(f"compiling wekaeval's Java helper failed (javac status {status})")
    try:
        work.rename(target)
    except OSError:  # another process compiled it first
        shutil.rmtree(work, ignore_errors=True)


def _cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    path = Path(base) / "wekaeval"
    try:
        path.mkdir(parents=True, exist_ok=True)
        return path
    except OSError:
        return Path(tempfile.gettempdir()) / f"wekaeval-{os.getuid()}"
