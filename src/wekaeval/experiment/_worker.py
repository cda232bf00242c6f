"""One result row of the Experimenter: a (dataset, run, fold, scheme), computed where its worker is.

A :class:`Worker` holds an experiment's :class:`Setup` (datasets, schemes, folds or split) and what it has
made of it so far: each dataset's folds per run (the port's for scikit-learn models; WEKA's ``Instances``
for WEKA schemes, in the JVM of the worker's process).  A WEKA scheme's row is WEKA's own: its
``ClassifierSplitEvaluator`` (``RegressionSplitEvaluator``) evaluates the scheme on the training and test
parts WEKA's ``CrossValidationResultProducer`` cuts (``randomize`` with ``new Random(run)``, ``stratify``,
every fold's ``trainCV(folds, i, random)`` in turn, so a fold computed alone still gets the draws of those
before it).  A scikit-learn model's row is the port's (:mod:`wekaeval.experiment._columns`), on the same parts.
"""

from __future__ import annotations

import functools
import io
import pickle
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from wekaeval import bridge
from wekaeval.errors import WekaevalError
from wekaeval.evaluation import Evaluation
from wekaeval.evaluation._shared import cross_validation_folds, random_split
from wekaeval.experiment._columns import (
    CLASSIFIER_SPLIT_EVALUATOR,
    REGRESSION_SPLIT_EVALUATOR,
    port_coverage,
    port_results,
    timestamp,
)
from wekaeval.javamath import JavaRandom, back_quote_chars
from wekaeval.models import SklearnRunner
from wekaeval.models._shared import ModelData, jvm_instances, scheme_key, subset

Key = tuple[str, ...]

#: Held while a WEKA scheme is made and handed to its split evaluator, which threads of one process (one JVM)
#: must not do at once: :func:`_set_classifier` swaps Java's ``System.err``, a process-wide setting.
_MAKING = threading.RLock()


def error_text(error: BaseException, *, named: bool = False) -> str:
    """Another library's message (scikit-learn's, WEKA's, Dask's) as one line of words, to be quoted in ours:
    its line breaks and runs of whitespace as single spaces, nothing cut (printed raw, a line break would end our
    one-line error, and escaped it shows as a literal ``\\n``).  ``named``: after the error's type name."""
    text = " ".join(str(error).split())
    name = type(error).__name__
    return f"{name}: {text}" if named and text else text or name


class ExperimentError(WekaevalError):
    """An experiment that cannot run as set up; the message names the dataset, scheme or argument."""


class RowsMissing(ExperimentError):
    """A run that wrote every row it could, but some scheme failed on some dataset: ``failures`` holds each
    (:class:`FailedRow`: scheme, dataset, run, fold, its message), ``results`` the result file read back (every
    other row).  The message names each scheme and dataset that failed, with the scheme's message, one line
    each."""

    def __init__(self, message: str, failures: tuple[FailedRow, ...], results: Any):
        super().__init__(message)
        self.failures = failures
        self.results = results


@dataclass(frozen=True)
class FailedRow:
    """A row a scikit-learn scheme could not compute (its ``fit`` or ``predict`` raised): the scheme, the dataset
    and the scheme's own message, on one line (whitespace and line breaks as single spaces, nothing cut)."""

    scheme: str
    dataset: str
    run: int
    fold: int
    message: str


@dataclass(frozen=True)
class Job:
    """One result row: dataset and scheme by position, the run (1-based) and the fold (0-based; 0 for a split)."""

    dataset: int
    run: int
    fold: int
    scheme: int


@dataclass(frozen=True, eq=False)
class Setup:
    """What every worker needs: the data, the schemes (a WEKA command line, or a scikit-learn estimator), and
    how the data is cut (``folds``, or ``train_percent`` with ``randomize``)."""

    token: str
    datasets: tuple[ModelData, ...]
    schemes: tuple[Any, ...]
    folds: int | None
    train_percent: float | None
    randomize: bool


class Worker:
    """Computes rows of one :class:`Setup`, keeping the folds it has cut (per process)."""

    def __init__(self, setup: Setup):
        self.setup = setup

    # -- keys ----------------------------------------------------------------------------------------------------

    def describe(self) -> tuple[list[Key], tuple[str, ...]]:
        """Each scheme's key (``Key_Scheme``, ``Key_Scheme_options``, ``Key_Scheme_version_ID``) and the
        additional measures of the WEKA schemes, in order of first appearance (``Experiment``'s rule)."""
        keys, measures = [], []
        for scheme in self.setup.schemes:
            if isinstance(scheme, str):
                template = self._template(scheme)
                evaluator = _evaluator(self.setup.datasets[0].nominal)
                _set_classifier(evaluator, template)
                keys.append(tuple(str(part) for part in evaluator.getKey()))
                if isinstance(template, _java("weka.core.AdditionalMeasureProducer")):
                    for name in (str(m) for m in _enumeration(template.enumerateMeasures())):
                        if not name.startswith("measure"):
                            raise ExperimentError(
                                f"Additional measures in {template.getClass().getName()} must obey the naming "
                                'convention of starting with "measure" (WEKA)'
                            )
                        if name not in measures:
                            measures.append(name)
            else:
                keys.append(scheme_key(scheme))
        return keys, tuple(measures)

    # -- rows ----------------------------------------------------------------------------------------------------

    def row(self, job: Job, measures: tuple[str, ...] = ()) -> tuple[Any, ...] | FailedRow:
        """The result row of ``job``: keys, ``Date_time``, the split evaluator's results, the additional
        ``measures`` last; a :class:`FailedRow` when a scikit-learn scheme's ``fit`` or ``predict`` raises (the run
        goes on with the other rows)."""
        scheme = self.setup.schemes[job.scheme]
        data = self.setup.datasets[job.dataset]
        keys: tuple[str, ...] = (back_quote_chars(data.relation), str(job.run))
        if self.setup.folds is not None:
            keys += (str(job.fold + 1),)
        if isinstance(scheme, str):
            train, test = self._weka_parts(job.dataset, job.run)[job.fold]
            evaluator, scheme_keys = self._split_evaluator(scheme, data.nominal, measures)
            try:
                result = evaluator.getResult(train, test)
            except Exception as error:  # a Java exception, with WEKA's message
                where = f"{scheme} on {data.source or data.relation}, run {job.run}"
                raise ExperimentError(f"{where}: {error_text(error, named=False)}") from None
            values = [_python(value) for value in result]
        else:
            scheme_keys = scheme_key(scheme)
            try:
                values = self._sklearn_results(scheme, data, job, len(measures))
            except _SchemeRaised as raised:
                message = error_text(raised.error)
                name = data.source or data.relation
                return FailedRow(" ".join(scheme_keys[:2]).strip(), name, job.run, job.fold, message)
        return (*keys, *scheme_keys, timestamp(), *values)

    def _sklearn_results(self, estimator: Any, data: ModelData, job: Job, measures: int) -> list[Any]:
        train, test = self._splits(job.dataset, job.run)[job.fold]
        runner = SklearnRunner(estimator)
        wall, cpu = _clock()
        try:
            model = runner.fit(data, train)
            trained_wall, trained_cpu = _clock()
            evaluation = Evaluation(data.class_names)
            evaluation.set_priors(data.y[train], data.weights[train])  # new Evaluation(train)
            evaluation.evaluate_part(runner.part(model, data, None, test), priors=False)
        except MemoryError:
            raise
        except Exception as error:  # scikit-learn refuses the data (NaN, one class, ...): this row fails alone
            raise _SchemeRaised(error) from None
        tested_wall, tested_cpu = _clock()
        train_cpu, test_cpu = trained_cpu - cpu, tested_cpu - trained_cpu
        sizes = [
            _pickled_size(model),
            _pickled_size((data.X[train], data.y[train], data.weights[train])),
            _pickled_size((data.X[test], data.y[test], data.weights[test])),
        ]
        return [
            *port_results(evaluation, len(train)),
            (trained_wall - wall) / 1000.0,
            (tested_wall - trained_wall) / 1000.0,
            (train_cpu / 1000000.0) / 1000.0,
            (test_cpu / 1000000.0) / 1000.0,
            train_cpu / 1000000.0,
            test_cpu / 1000000.0,
            *(float(size) for size in sizes),
            *port_coverage(evaluation),
            None,  # Summary: a scikit-learn model is not WEKA's Summarizable
            *([None] * measures),
        ]

    # -- the parts, cut once per process -------------------------------------------------------------------------

    @functools.lru_cache(maxsize=8)  # noqa: B019 (a worker lives as long as its experiment)
    def _splits(self, dataset: int, run: int) -> list[tuple[np.ndarray, np.ndarray]]:
        data = self.setup.datasets[dataset]
        if self.setup.folds is not None:
            return cross_validation_folds(
                data.num_instances, self.setup.folds, JavaRandom(run), classes=data.class_codes()
            )
        random = JavaRandom(run) if self.setup.randomize else None
        codes = data.class_codes() if random is not None else None
        count = len(data.class_names) if codes is not None and data.class_names is not None else None
        assert self.setup.train_percent is not None  # a split when there are no folds
        return [random_split(data.num_instances, self.setup.train_percent, random, classes=codes, num_classes=count)]

    @functools.lru_cache(maxsize=2)  # noqa: B019
    def _weka_parts(self, dataset: int, run: int) -> list[tuple[Any, Any]]:
        instances = self._instances(dataset)
        if self.setup.folds is None:
            return [(subset(instances, train), subset(instances, test)) for train, test in self._splits(dataset, run)]
        copy = _java("weka.core.Instances")(instances)
        random = _java("java.util.Random")(run)
        copy.randomize(random)
        if copy.classAttribute().isNominal():
            copy.stratify(self.setup.folds)
        return [
            (copy.trainCV(self.setup.folds, i, random), copy.testCV(self.setup.folds, i))
            for i in range(self.setup.folds)
        ]

    @functools.lru_cache(maxsize=4)  # noqa: B019
    def _instances(self, dataset: int) -> Any:
        return jvm_instances(self.setup.datasets[dataset])

    @functools.lru_cache(maxsize=64)  # noqa: B019
    def _split_evaluator(self, command_line: str, nominal: bool, measures: tuple[str, ...]) -> tuple[Any, Key]:
        """The split evaluator of a WEKA scheme and its key, made once and used for every row of the scheme, as
        WEKA's Experimenter uses its one ``ClassifierSplitEvaluator`` (each ``getResult`` trains a fresh copy
        of the template classifier).  Each :class:`Worker` (each thread of a process) has its own."""
        with _MAKING:
            evaluator = _evaluator(nominal)
            _set_classifier(evaluator, self._template(command_line))
            if measures:
                evaluator.setAdditionalMeasures(_strings(measures))
            return evaluator, tuple(str(part) for part in evaluator.getKey())

    @functools.lru_cache(maxsize=64)  # noqa: B019
    def _template(self, command_line: str) -> Any:
        with _MAKING:
            return bridge.make_classifier(*bridge.parse_classifier(command_line))[0]


class _SchemeRaised(Exception):
    """A scikit-learn scheme's own failure, on its way to a :class:`FailedRow`."""

    def __init__(self, error: BaseException):
        super().__init__(str(error))
        self.error = error


def _pickled_size(value: Any) -> int:
    """The size of ``value`` pickled without the memo (which shares equal strings only when they are one object,
    and so differs between processes), so that every process gets the same size; with it for a value that
    refers to itself."""
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, protocol=4)
    pickler.fast = True
    try:
        pickler.dump(value)
    except (ValueError, RecursionError):  # a cycle
        return len(pickle.dumps(value, protocol=4))
    return len(buffer.getvalue())


def _clock() -> tuple[int, int]:
    """WEKA's clocks: the wall clock in milliseconds, this thread's user CPU time in nanoseconds."""
    try:
        import resource

        cpu = int(resource.getrusage(resource.RUSAGE_THREAD).ru_utime * 1e9)
    except (ImportError, AttributeError, OSError):  # no per-thread usage here: the thread's CPU time
        cpu = time.thread_time_ns()
    return time.time_ns() // 1_000_000, cpu


def _java(name: str) -> Any:
    return bridge.java_class(name)


def _evaluator(nominal: bool) -> Any:
    return _java(CLASSIFIER_SPLIT_EVALUATOR if nominal else REGRESSION_SPLIT_EVALUATOR)()


def _set_classifier(evaluator: Any, classifier: Any) -> None:
    """``evaluator.setClassifier(classifier)`` with Java's ``System.err`` sent nowhere meanwhile:
    ``RegressionSplitEvaluator.setClassifier`` prints ``RegressionSplitEvaluator: In set classifier`` there (a
    debugging line left in WEKA), which would reach the user's terminal among wekaeval's own lines."""
    system = _java("java.lang.System")
    with _MAKING:  # another thread of this process would otherwise keep, and put back, the null stream
        kept = system.err
        system.setErr(_java("java.io.PrintStream")(_java("java.io.OutputStream").nullOutputStream()))
        try:
            evaluator.setClassifier(classifier)
        finally:
            system.setErr(kept)


def _strings(values: Sequence[str]) -> Any:
    import jpype

    return jpype.JArray(jpype.JString)(list(values))


def _enumeration(enumeration: Any) -> list[Any]:
    items = []
    while enumeration.hasMoreElements():
        items.append(enumeration.nextElement())
    return items


def _python(value: Any) -> Any:
    """A result of WEKA's split evaluator: a Double as a float (NaN kept; JPype's boxed ``java.lang.Double`` and
    ``Integer`` are Python float and int subclasses), a String as a str, null as None."""
    if value is None or type(value) is str:  # a String, as JPype converts it (convertStrings=True)
        return value
    if isinstance(value, (float, int)):
        return float(value)
    return str(value)
