"""The main job: let the real WEKA evaluate classifiers, recompute its numbers with the port, compare.

For each dataset x classifier, WEKA (through :mod:`wekaeval.bridge`) runs its
own evaluation — cross-validation, a test set, a percentage split or the
training set, as its command line would — and returns every statistic of its
Evaluation (python-weka-wrapper3's names), its three text blocks and its
per-instance predictions.  The port rebuilds a :class:`~wekaeval.Evaluation`
from those predictions (a cross-validation fold by fold, with each fold's
priors); the row is identical only when every statistic is the same double
and every text block the same bytes.

A user error (unknown classifier, bad option, unreadable data, impossible
folds, unknown class attribute) raises a :class:`~wekaeval.errors.WekaevalError`
as soon as it is met; only WEKA's refusals by capability become skipped rows.
"""

from __future__ import annotations

import functools
import multiprocessing
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from typing import Any, Literal

import numpy as np

from wekaeval import bridge
from wekaeval.blocks import STATISTICS
from wekaeval.evaluation import Evaluation, evaluate_folds
from wekaeval.javamath import java_platform

__all__ = [
    "DEFAULT_CLASSIFIERS",
    "REGRESSION_CLASSIFIERS",
    "ClassifierSpec",
    "EvaluationMode",
    "ParityRow",
    "ParityResults",
    "check",
    "csv_row",
    "differences",
    "identical",
    "iter_parity",
    "classifiers_for",
    "parse_classifier",
    "run_parity",
]

DEFAULT_CLASSIFIERS = (
    "weka.classifiers.rules.ZeroR",
    "weka.classifiers.rules.OneR",
    "weka.classifiers.bayes.NaiveBayes",
    "weka.classifiers.trees.J48",
    "weka.classifiers.lazy.IBk",
    "weka.classifiers.functions.Logistic",
    "weka.classifiers.functions.SMO",
    "weka.classifiers.trees.RandomForest",
)
#: The defaults for a numeric class (regression), used instead of DEFAULT_CLASSIFIERS when none are given.
REGRESSION_CLASSIFIERS = (
    "weka.classifiers.functions.LinearRegression",
    "weka.classifiers.trees.M5P",
    "weka.classifiers.lazy.IBk",
)
ESTIMATOR = (
    "{scheme} is an interval or density estimator: WEKA's coverage, region size and SF entropies come "
    "from its intervals and densities, which the parity run does not collect"
)


@dataclass(frozen=True)
class ClassifierSpec:
    """A WEKA classifier: full class name and options."""

    name: str
    options: tuple[str, ...] = ()

    def __str__(self) -> str:
        short = self.name.rsplit(".", 1)[-1]
        return " ".join((short, *(_quoted(o) for o in self.options)))


def _quoted(option: str) -> str:
    """An option as WEKA's ``Utils.joinOptions`` writes it: quoted when it holds a space (or is empty)."""
    if option == "" or any(c in option for c in " \t\n\"'\\"):
        return '"' + option.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    return option


def parse_classifier(text: str) -> ClassifierSpec:
    """``"J48 -C 0.1"`` -> ClassifierSpec; WEKA splits the options, short names resolve as in the bridge.

    Raises
    ------
    bridge.ClassifierError
        For an empty, unknown or ambiguous classifier, or options WEKA cannot split.
    """
    name, options = bridge.parse_classifier(text)
    return ClassifierSpec(name, options)


@dataclass(frozen=True)
class EvaluationMode:
    """How WEKA evaluates, as on its command line: ``-x/-s``, ``-T``, ``-split-percentage``/``-preserve-order``,
    ``-no-cv``; and the class attribute (``-c``: name, 1-based index, ``first``, ``last``)."""

    folds: int = 10
    seed: int = 1
    test: str | None = None
    split_percentage: float | None = None
    preserve_order: bool = False
    no_cv: bool = False
    class_attribute: str | int | None = None

    def __post_init__(self) -> None:  # refuse what WEKA refuses before anything runs
        if self.kind == "cross-validation" and self.folds < 2:
            raise bridge.WekaError(f"--folds {self.folds}: cross-validation needs at least 2 folds")

    @property
    def kind(self) -> str:
        """``"cross-validation"``, ``"test-set"``, ``"split"`` or ``"training-set"``."""
        return bridge.evaluation_mode(self.test, self.split_percentage, self.preserve_order, self.no_cv)


@dataclass(frozen=True)
class ParityRow:
    """One dataset x classifier: how WEKA ran, its numbers, the port's, and whether all are identical.

    ``skipped`` is None, or WEKA's whole reason for refusing the data by
    capability.  ``classifier`` is the classifier as WEKA echoes it: fed back
    to ``--classifier`` it makes the same classifier.  A numeric class has no
    kappa or matrix: its main number is the correlation coefficient
    (``weka_correlation``, ``python_correlation``).
    """

    dataset: str
    classifier: str
    instances: int | None
    weka_kappa: float | None
    python_kappa: float | None
    identical: bool | None
    skipped: str | None = None
    mode: str = "cross-validation"
    folds: int | None = None
    seed: int | None = None
    test: str | None = None
    split_percentage: float | None = None
    preserve_order: bool = False
    class_attribute: str | None = None
    weka_confusion_matrix: list[list[float]] | None = None
    python_confusion_matrix: list[list[float]] | None = None
    differences: tuple[str, ...] = ()
    weka_version: str | None = None
    java_version: str | None = None
    java_arithmetic: str | None = None
    java_arithmetic_unverified: bool = False
    weka_correlation: float | None = None
    python_correlation: float | None = None

    @property
    def kind(self) -> str:
        """``"identical"``, ``"skipped"``, ``"differ"``, or ``"java-arithmetic"``: differing only in statistics
        computed with Java's ``Math.log``/``exp``/``pow`` while the port reproduced a JVM platform not established
        as this host's (:attr:`wekaeval.javamath.JavaPlatform.is_the_hosts`)."""
        if self.skipped:
            return "skipped"
        if self.identical:
            return "identical"
        return "java-arithmetic" if self.java_arithmetic_unverified else "differ"

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["differences"] = list(self.differences)
        return out


class ParityResults(list):
    """The rows of a parity run (a list of :class:`ParityRow`), with :meth:`to_frame`."""

    def to_frame(self) -> Any:
        """A pandas DataFrame, one row per dataset x classifier, the columns of ``--csv`` (matrices as lists)."""
        from wekaeval._frames import records_frame

        return records_frame((row.to_dict() for row in self), list(ParityRow.__dataclass_fields__))


def check(result: bridge.WekaEvaluation) -> Evaluation:
    """The port's Evaluation rebuilt from WEKA's predictions, in WEKA's order, with WEKA's priors.

    A cross-validation is rebuilt fold by fold (:func:`wekaeval.folds.evaluate_folds`);
    otherwise the priors come from the instances WEKA took them from.
    """
    numeric = result.class_names is None
    # a regression scheme that is no interval (density) estimator: WEKA reports coverage (SF entropies) as missing
    extras: dict[str, Literal[False]] = {"intervals": False, "log_densities": False} if numeric else {}
    if result.mode == "cross-validation":
        assert result.folds is not None and result.seed is not None  # bridge.evaluate sets them for a cross-validation
        folds = [
            (result.distributions[result.fold == i], result.actual[result.fold == i], result.weights[result.fold == i])
            for i in range(int(result.folds))
        ]
        return evaluate_folds(result.class_names, folds, seed=int(result.seed), **extras)
    port = Evaluation(result.class_names)
    port.set_priors(result.prior_actual, result.prior_weights)
    port.evaluate_batch(result.distributions, result.actual, result.weights, **extras)
    return port


#: The text blocks compared, as (WEKA's attribute, the port's method).
TEXTS = (("summary_text", "summary"), ("class_details_text", "class_details"), ("matrix_text", "matrix"))


def differences(result: bridge.WekaEvaluation, port: Evaluation) -> list[str]:
    """Each statistic and text block of WEKA's evaluation that is not the same in the port; empty when identical.

    Doubles are compared by their bits (``float.hex``), per-class statistics
    class by class, the confusion matrix with ``numpy.array_equal`` and the
    three text blocks byte for byte.
    """
    found = []
    for name, theirs in result.statistics.items():
        if name == "class_priors":
            ours = port.class_priors
        elif isinstance(theirs, np.ndarray):
            ours = np.array([getattr(port, name)(i) for i in range(len(theirs))])
        else:
            ours = getattr(port, name)
        if isinstance(theirs, np.ndarray):
            if [v.hex() for v in theirs.tolist()] != [float(v).hex() for v in ours.tolist()]:
                found.append(f"{name}: WEKA {theirs.tolist()}, port {ours.tolist()}")
        elif float(theirs).hex() != float(ours).hex():
            found.append(f"{name}: WEKA {theirs!r} ({float(theirs).hex()}), port {ours!r} ({float(ours).hex()})")
    matrix = result.confusion_matrix
    if matrix is not None and not np.array_equal(port.confusion_matrix, matrix):
        found.append(f"confusion matrix: WEKA {matrix.tolist()}, port {port.confusion_matrix.tolist()}")
    for weka_name, method in TEXTS:
        theirs = getattr(result, weka_name)
        if theirs is None:  # a numeric class has no class details or matrix
            continue
        ours = getattr(port, method)()
        if theirs != ours:
            pairs = zip(theirs.splitlines() + [""], ours.splitlines() + [""], strict=False)
            line = next(i for i, (a, b) in enumerate(pairs) if a != b)
            found.append(
                f"{method}() text differs from line {line + 1}: WEKA {theirs.splitlines()[line : line + 1]}, "
                f"port {ours.splitlines()[line : line + 1]}"
            )
    return found


#: The statistics WEKA computes with Java's ``Math.log``, ``Math.exp`` or ``Math.pow`` (the K&B information, the
#: SF entropies and, for a numeric class, the kernel estimator under them), and the summary lines that print them.
JAVA_ARITHMETIC_STATISTICS = frozenset(statistic.name for statistic in STATISTICS if statistic.java_math)
_JAVA_ARITHMETIC_LINES = ("K&B ", "Class complexity", "Complexity improvement")


def _from_java_arithmetic(difference: str) -> bool:
    """Whether a :func:`differences` entry is in one of :data:`JAVA_ARITHMETIC_STATISTICS` (or its summary line)."""
    name = difference.split(":", 1)[0]
    if name in JAVA_ARITHMETIC_STATISTICS:
        return True
    return name.startswith("summary() text") and any(label in difference for label in _JAVA_ARITHMETIC_LINES)


def identical(result: bridge.WekaEvaluation, port: Evaluation) -> bool:
    """Whether every statistic and text block of WEKA's evaluation is the same in the port."""
    return not differences(result, port)


def run_parity(
    datasets: Iterable[str | os.PathLike],
    classifiers: Sequence[ClassifierSpec] | None = None,
    *,
    mode: EvaluationMode | None = None,
    folds: int = 10,
    seed: int = 1,
    progress: Callable[[int, int, str, ClassifierSpec], None] | None = None,
    workers: int = 1,
) -> ParityResults:
    """Compare WEKA and the port on every dataset x classifier; one row each, in order.

    ``mode`` says how WEKA evaluates (default: ``folds``-fold cross-validation
    with ``seed``).  ``progress(done, total, dataset, classifier)`` is called before each run
    (with ``workers`` > 1: as each row is done).  ``workers`` > 1 runs that many processes, each
    with its own JVM (a JVM cannot be shared between processes nor restarted); the rows come back in
    the same order, identical to a serial run's.

    Raises
    ------
    WekaevalError
        For a user error (see :mod:`wekaeval.bridge`), as soon as it is met.
    """
    return ParityResults(
        iter_parity(datasets, classifiers, mode=mode, folds=folds, seed=seed, progress=progress, workers=workers)
    )


def iter_parity(
    datasets: Iterable[str | os.PathLike],
    classifiers: Sequence[ClassifierSpec] | None = None,
    *,
    mode: EvaluationMode | None = None,
    folds: int = 10,
    seed: int = 1,
    progress: Callable[[int, int, str, ClassifierSpec], None] | None = None,
    workers: int = 1,
) -> Iterator[ParityRow]:
    """:func:`run_parity`, yielding each row as soon as it is known (in order)."""
    mode = mode or EvaluationMode(folds=folds, seed=seed)
    given = list(classifiers) if classifiers else None
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise bridge.WekaError(f"workers must be a whole number of processes, at least 1, got {workers!r}")
    if workers > 1:
        yield from _parallel([os.fspath(d) for d in datasets], given, mode, progress, workers)
        return
    for spec in given or ():  # an unknown classifier or a bad option fails before anything runs
        bridge.make_classifier(spec.name, spec.options)
    paths = [os.fspath(d) for d in datasets]
    test = bridge.load_instances(mode.test) if mode.test is not None else None
    loaded = [bridge.load_instances(path, mode.class_attribute) for path in paths]
    runs = [classifiers_for(data, given) for data in loaded]
    total, done = sum(len(specs) for specs in runs), 0
    for path, data, specs in zip(paths, loaded, runs, strict=False):
        for spec in specs:
            if progress:
                progress(done, total, path, spec)
            done += 1
            yield _compare(path, data, test, spec, mode)


def _parallel(
    paths: Iterable[str],
    given: list[ClassifierSpec] | None,
    mode: EvaluationMode,
    progress: Callable[[int, int, str, ClassifierSpec], None] | None,
    workers: int,
) -> Iterator[ParityRow]:
    """The serial run's rows, computed by ``workers`` processes with a JVM each, yielded in the serial order.

    This process starts no JVM: the workers check the classifiers and read the datasets' class kinds first,
    then take one dataset x classifier at a time (each process reads a dataset once).  Processes are
    spawned, not forked: a forked JVM is unusable.
    """
    paths = list(paths)
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        if given:  # an unknown classifier or a bad option fails before anything runs
            pool.submit(_check_classifiers, given).result()
        nominal = list(pool.map(_class_is_nominal, paths, [mode.class_attribute] * len(paths)))
        jobs = [
            (path, spec)
            for path, is_nominal in zip(paths, nominal, strict=False)
            for spec in given
            or [ClassifierSpec(n) for n in (DEFAULT_CLASSIFIERS if is_nominal else REGRESSION_CLASSIFIERS)]
        ]
        futures = [pool.submit(_compare_in_worker, path, spec, mode) for path, spec in jobs]
        try:
            for done, (future, (path, spec)) in enumerate(zip(futures, jobs, strict=False)):
                row = future.result()
                if progress:
                    progress(done, len(jobs), path, spec)
                yield row
        finally:
            for future in futures:
                future.cancel()


def _check_classifiers(specs: Sequence[ClassifierSpec]) -> None:
    for spec in specs:
        bridge.make_classifier(spec.name, spec.options)


def _class_is_nominal(path: str, class_attribute: str | int | None) -> bool:
    return bool(_worker_data(path, class_attribute).classAttribute().isNominal())


@functools.lru_cache(maxsize=4)
def _worker_data(path: str, class_attribute: str | int | None) -> Any:
    """A worker's datasets, each read once (the last few: a corpus is run dataset by dataset)."""
    return bridge.load_instances(path, class_attribute)


def _compare_in_worker(path: str, spec: ClassifierSpec, mode: EvaluationMode) -> ParityRow:
    data = _worker_data(path, mode.class_attribute)
    test = _worker_data(mode.test, None) if mode.test is not None else None
    return _compare(path, data, test, spec, mode)


def classifiers_for(data: Any, classifiers: Sequence[ClassifierSpec] | None = None) -> list[ClassifierSpec]:
    """The classifiers a dataset is run with: the ones given, else the defaults for its kind of class."""
    if classifiers:
        return list(classifiers)
    names = DEFAULT_CLASSIFIERS if data.classAttribute().isNominal() else REGRESSION_CLASSIFIERS
    return [ClassifierSpec(name) for name in names]


def _record(mode: EvaluationMode) -> dict[str, Any]:
    """The row's fields that say how WEKA evaluated, as :class:`bridge.WekaEvaluation` records them."""
    kind = mode.kind
    return {
        "mode": kind,
        "folds": mode.folds if kind == "cross-validation" else None,
        "seed": mode.seed if kind == "cross-validation" or (kind == "split" and not mode.preserve_order) else None,
        "test": mode.test,
        "split_percentage": mode.split_percentage,
        "preserve_order": mode.preserve_order,
    }


def _skipped(path: str, command_line: str, instances: int, reason: str, mode: EvaluationMode, data: Any) -> ParityRow:
    return ParityRow(
        path,
        command_line,
        instances,
        None,
        None,
        None,
        skipped=reason,
        **_record(mode),
        class_attribute=str(data.classAttribute().name()),
        weka_version=bridge.weka_version(),
        java_version=bridge.java_version(),
        java_arithmetic=java_platform().describe(),
    )


def _compare(path: str, data: Any, test: Any, spec: ClassifierSpec, mode: EvaluationMode) -> ParityRow:
    try:
        result = bridge.evaluate(
            data,
            spec.name,
            spec.options,
            folds=mode.folds,
            seed=mode.seed,
            test=test,
            split_percentage=mode.split_percentage,
            preserve_order=mode.preserve_order,
            no_cv=mode.no_cv,
        )
    except bridge.WekaRefusal as error:
        _, command_line = bridge.make_classifier(spec.name, spec.options)
        count = int((data if mode.test is None else test).numInstances())
        return _skipped(path, command_line, count, error.reason, mode, data)
    except bridge.WekaError as error:  # a user error: name the file the run was on
        raise type(error)(f"{path}: {error}", error.reason) from None
    numeric = result.class_names is None
    if numeric and (result.interval_estimator or result.density_estimator):
        return _skipped(
            path,
            result.command_line,
            result.num_predictions,
            ESTIMATOR.format(scheme=spec.name.rsplit(".", 1)[-1]),
            mode,
            data,
        )
    port = check(result)
    found = differences(result, port)
    platform = java_platform()
    unverified = bool(found) and not platform.is_the_hosts and all(map(_from_java_arithmetic, found))
    if numeric:
        kinds = {"weka_correlation": result.correlation_coefficient, "python_correlation": port.correlation_coefficient}
    else:
        assert result.confusion_matrix is not None  # bridge.evaluate reads it for a nominal class
        kinds = {
            "weka_confusion_matrix": result.confusion_matrix.tolist(),
            "python_confusion_matrix": port.confusion_matrix.tolist(),
        }
    return ParityRow(
        path,
        result.command_line,
        result.num_predictions,
        result.kappa,
        None if numeric else port.kappa,
        not found,
        **_record(mode),
        class_attribute=result.class_attribute,
        **kinds,
        differences=tuple(found),
        weka_version=result.weka_version,
        java_version=result.java_version,
        java_arithmetic=platform.describe(),
        java_arithmetic_unverified=unverified,
    )


def csv_row(row: ParityRow) -> dict[str, Any]:
    """One flat CSV row: matrices and differences as JSON text, missing values empty."""
    import json

    flat = row.to_dict()
    for key in ("weka_confusion_matrix", "python_confusion_matrix", "differences"):
        flat[key] = "" if flat[key] is None else json.dumps(flat[key])
    return {
        key: "" if value is None else (repr(value) if isinstance(value, float) else value)
        for key, value in flat.items()
    }
