"""WEKA's Experimenter in Python: :func:`run` (datasets x schemes x runs x folds into WEKA's result file).

The rows are the ones WEKA's ``Experiment`` writes with a ``CrossValidationResultProducer`` (or
``RandomSplitResultProducer``) and a ``ClassifierSplitEvaluator`` (``RegressionSplitEvaluator`` for a
numeric class), in its order -- scheme by scheme, dataset by dataset, run by run, fold by fold -- whatever
order they were computed in: serially, on threads of this process calling its JVM (WEKA schemes only), by
worker processes (one JVM each), or on a Dask cluster.  The file
is rewritten atomically as rows finish (at most once a second) and when the run ends or is interrupted, so
it always holds every finished row; run again with the same file, only the missing rows are computed (each
row it holds checked first: :mod:`wekaeval.experiment._resume`).  One run writes a result file at a time:
it holds the file's lock (:func:`wekaeval._atomic.sole_writer`) from before it reads the file until its last
write, and never writes over a file that changed on disk since it read or wrote it.
"""

from __future__ import annotations

import itertools
import os
import stat
import sys
import time
import uuid
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from wekaeval._atomic import OutputBusy, OutputChanged, SoleWriter, sole_writer
from wekaeval._processes import fewer_workers_note, workers_for
from wekaeval._progress import ProgressLine
from wekaeval._textsource import counted
from wekaeval.experiment._columns import Layout, result_layout
from wekaeval.experiment._control import active_control
from wekaeval.experiment._pool import Processes, capped_workers, main_script
from wekaeval.experiment._resultfile import Row, is_csv, results_text
from wekaeval.experiment._results import ExperimentResults, read_experiment_results
from wekaeval.experiment._resume import early_check, resumable_rows
from wekaeval.experiment._threads import Threads
from wekaeval.experiment._worker import ExperimentError, FailedRow, Job, Key, RowsMissing, Setup, Worker
from wekaeval.javamath import back_quote_chars
from wekaeval.models._shared import ModelData, NominalEncoding, is_sklearn_estimator, is_weka_classifier, model_data

Progress = Callable[[int, int], None]

#: How often the result file is rewritten while rows come in (seconds).
WRITE_INTERVAL = 1.0


def run(
    datasets: Any,
    schemes: Iterable[Any],
    *,
    runs: int = 10,
    folds: int = 10,
    train_percent: float | None = None,
    randomize: bool = True,
    results: str | os.PathLike = "results.arff",
    workers: int = 1,
    resume: bool = True,
    client: Any = None,
    progress: bool | Progress | None = None,
    nominal: NominalEncoding = "onehot",
    wait: bool = False,
) -> ExperimentResults:
    """Run an experiment as WEKA's Experimenter does and write its result file.

    Parameters
    ----------
    datasets : folder, or sequence (or mapping name -> data) of datasets
        A folder of ARFF files (each ``*.arff`` in it, sorted), or ARFF paths, :func:`wekaeval.load_arff`
        datasets and ``(X, y)`` pairs; a mapping names each (``Key_Dataset``), otherwise the relation does.
    schemes : sequence
        WEKA classifiers' command lines (``"weka.classifiers.trees.J48 -C 0.25"``, run in the JVM) and
        scikit-learn estimators, side by side, on the same folds.
    runs : int
        Runs 1 .. ``runs``; run r shuffles with ``new Random(r)``, as WEKA's.
    folds : int
        Cross-validation folds (``CrossValidationResultProducer``).
    train_percent : float, optional
        A random split instead (``RandomSplitResultProducer``): this percentage trains, the rest tests;
        ``randomize`` False keeps the order.
    results : path
        The result file: ``.csv`` as ``CSVResultListener`` writes it, any other name as ARFF
        (``InstancesResultListener``).  One run writes it at a time (a lock, ``.NAME.lock`` beside it).
    workers : int
        Batches of rows (a dataset x run x scheme each) computed at a time; 1 computes them here.  With WEKA
        schemes only, threads of this process calling its one JVM; else processes, each with its own JVM.
        More than the processors this process may use are capped to them, and more than the experiment's
        batches to those (one computes them here), with a warning.
    resume : bool
        When ``results`` exists, keep its rows and compute only the missing ones (its columns must be this
        experiment's, and every row is checked); False starts afresh.
    client : dask.distributed.Client, optional
        Compute the rows on a Dask cluster instead (``workers`` is then ignored); each worker process starts
        its own JVM for the WEKA schemes.
    progress : bool or callable, optional
        A progress line on stderr (by default when stderr is a terminal), or
        ``progress(done, total)`` called as rows finish.
    nominal : {"onehot", "ordinal"}
        How scikit-learn models see nominal attributes (:mod:`wekaeval.experiment`).
    wait : bool
        When another run is writing ``results``, wait for it to end (a line on stderr says so, unless
        ``progress`` is False), then resume from what it wrote; by default such a run is refused at once.

    Returns
    -------
    ExperimentResults
        The result file, read back as :func:`wekaeval.read_experiment_results` reads it.

    Raises
    ------
    ExperimentError
        For an experiment that cannot run as set up, naming the argument, dataset or scheme; for a result file
        another run is writing (naming it: pid, host, start), that cannot be written (read-only), or that
        changed on disk while this run wrote it (it is then not overwritten).
    WekaOutputError or ArffError
        For a result file to resume that is damaged, naming the line.
    RowsMissing
        After writing every other row, when a scikit-learn scheme failed on a dataset (its ``fit`` or ``predict``
        raised): ``failures`` names each row left out with the scheme's message, ``results`` is the file read
        back.  Resuming computes only the missing rows.
    ExperimentWarning
        (A warning) for a repair to the result file resumed: a cut last row dropped and computed again.
    """
    scheme_list = _schemes(schemes)
    _check_numbers(runs, folds, train_percent, workers)
    workers = capped_workers(workers) if client is None else workers
    path = _results_path(results)
    try:
        with sole_writer(path, wait=wait, waiting=_waiting_note(path, progress)) as writer:
            control = active_control()  # another thread may stop the run (wekaeval.experiment.interruptible)
            # every check that needs no JVM before a worker process (and its JVM) starts
            setup = _setup(datasets, scheme_list, runs, folds, train_percent, randomize, nominal, path)
            if resume and path.exists():
                writer.read(lambda path: early_check(path, _layout(setup, ()), _first_keys(setup, runs)))
            if client is None:
                workers = _workers_used(workers, len(setup.datasets) * len(setup.schemes) * runs)
            sent = client is not None or (workers > 1 and not all(isinstance(s, str) for s in scheme_list))
            if sent:
                for data in setup.datasets:
                    data.check_sendable()  # before any worker starts, not when the data is first sent
            pool = _processes(scheme_list, workers) if client is None and workers > 1 else None
            if pool is not None:
                control.attach(pool)
            try:
                return _run(setup, pool, client, workers, runs, writer, resume, progress)
            finally:
                control.end()  # before the lock is let go: a stop from now on writes nothing
                if pool is not None:
                    pool.close()
    except (OutputBusy, OutputChanged) as error:
        raise ExperimentError(f"results: {error}") from None
    except OSError as error:
        failed = Path(error.filename) if error.filename is not None else None
        if failed is None or failed.parent != path.parent or not _ours(failed.name, path.name):
            raise  # another file (a dataset that cannot be read): its own error names it
        raise ExperimentError(f"results: cannot write in {path.parent}: {error.strerror or error}") from None


def _ours(name: str, results: str) -> bool:
    """Whether ``name`` is the result file's, its lock's (``.NAME.lock``) or its temporary file's (``.NAME.*``)."""
    return name == results or name.startswith(f".{results}.")


def _results_path(results: str | os.PathLike) -> Path:
    """The result file, refused before anything runs when it cannot be written."""
    path = Path(results)
    if not path.parent.is_dir():
        raise ExperimentError(f"results: no folder {path.parent} to write {path.name} in")
    if path.is_dir():
        raise ExperimentError(f"results: {path} is a folder")
    if path.exists() and (not os.access(path, os.W_OK) or not stat.S_IMODE(path.stat().st_mode) & 0o222):
        raise ExperimentError(
            f"results: {path} is read-only (no write permission): it is not replaced; make it writable, or write "
            "to another file"
        )
    return path


def _waiting_note(path: Path, progress: bool | Progress | None) -> Callable[[str], None] | None:
    if progress is False:
        return None
    return lambda holder: print(f"wekaeval: waiting for the run writing {path} to end ({holder})", file=sys.stderr)


def _setup(
    datasets: Any,
    scheme_list: list[Any],
    runs: int,
    folds: int,
    train_percent: float | None,
    randomize: bool,
    nominal: NominalEncoding,
    path: Path,
) -> Setup:
    """The datasets read and the experiment set up, refused here when it cannot run (no JVM needed)."""
    prepared = _datasets(datasets, nominal, features=any(not isinstance(scheme, str) for scheme in scheme_list))
    kinds = {data.nominal for data in prepared}
    if len(kinds) > 1:
        raise ExperimentError(
            "datasets mix nominal and numeric classes: WEKA's ClassifierSplitEvaluator takes a nominal class, its "
            "RegressionSplitEvaluator a numeric one; run them as two experiments"
        )
    if train_percent is None and not randomize:
        raise ExperimentError(
            "randomize=False needs train_percent=P: it keeps a random split's order, and WEKA's cross-validation "
            "always shuffles the data first"
        )
    if train_percent is None:
        for data in prepared:
            if folds > data.num_instances:
                raise ExperimentError(
                    f"{folds} folds for the {data.num_instances} instances of {data.relation} "
                    "(WEKA: Can't have more folds than instances!)"
                )
    if any(data.source is not None and Path(data.source).resolve() == path.resolve() for data in prepared):
        raise ExperimentError(f"results: {path} is one of the datasets; it would be written over")
    return Setup(
        token=uuid.uuid4().hex,
        datasets=tuple(prepared),
        schemes=tuple(scheme_list),
        folds=None if train_percent is not None else int(folds),
        train_percent=None if train_percent is None else float(train_percent),
        randomize=bool(randomize),
    )


def _layout(setup: Setup, measures: tuple[str, ...]) -> Layout:
    return result_layout(folds=setup.folds is not None, nominal=setup.datasets[0].nominal, measures=measures)


def _first_keys(setup: Setup, runs: int) -> list[frozenset[str]]:
    """The values ``Key_Dataset``, ``Key_Run`` and (cross-validation) ``Key_Fold`` may hold in this experiment."""
    keys = [
        frozenset(back_quote_chars(data.relation) for data in setup.datasets),
        frozenset(str(run) for run in range(1, runs + 1)),
    ]
    if setup.folds is not None:
        keys.append(frozenset(str(fold) for fold in range(1, setup.folds + 1)))
    return keys


def _run(
    setup: Setup,
    pool: Processes | None,
    client: Any,
    workers: int,
    runs: int,
    writer: SoleWriter,
    resume: bool,
    progress: bool | Progress | None,
) -> ExperimentResults:
    path = writer.path
    with _executor(setup, pool, client, workers) as executor:
        scheme_keys, measures = executor.describe()
        layout = _layout(setup, measures)
        jobs = _plan(setup, runs)
        keys = _keys(setup, jobs, scheme_keys)
        done = writer.read(lambda path: resumable_rows(path, layout, keys)) if resume and path.exists() else {}
        missing = [job for job in jobs if job not in done]
        report = _progress(progress, len(missing))
        lines: dict[Row, str] = {}  # each row's line, formatted once however often the file is rewritten
        control = active_control()
        control.begin(path, done, len(missing), lambda: _write(writer, layout, jobs, done, lines))
        last_write = time.monotonic()
        failures: dict[Job, FailedRow] = {}
        try:
            batches = _batches(setup, missing)
            for count, (job, row, line) in enumerate(executor.rows(batches, measures, layout, is_csv(path)), start=1):
                with control.lock:  # a stop from another thread writes whole rows, each recorded one
                    control.check()
                    if isinstance(row, FailedRow):  # the scheme failed on this row: the others go on
                        failures[job] = row
                        control.computed = count
                        continue
                    done[job] = row
                    if line is not None:  # formatted by the worker process
                        lines[row] = line
                    control.computed = count
                if report is not None:
                    report(count, len(missing))
                if time.monotonic() - last_write >= WRITE_INTERVAL:
                    with control.lock:
                        _write(writer, layout, jobs, done, lines)
                    last_write = time.monotonic()
        finally:
            with control.lock:
                if missing or not path.exists():
                    _write(writer, layout, jobs, done, lines)
            if hasattr(report, "close"):
                report.close()
    if failures:
        raise _rows_missing(path, jobs, failures)
    return read_experiment_results(path)


def _rows_missing(path: Path, jobs: list[Job], failures: dict[Job, FailedRow]) -> RowsMissing:
    """The failures, one line per scheme and dataset (its first message; how many rows), once the rest is written."""
    grouped: dict[tuple[str, str], list[FailedRow]] = {}
    for job in jobs:
        if job in failures:
            failed = failures[job]
            grouped.setdefault((failed.scheme, failed.dataset), []).append(failed)
    lines = []
    for (scheme, dataset), rows in grouped.items():
        lines.append(f"{scheme} failed on {dataset} ({counted(len(rows), 'row')} missing): {rows[0].message}")
    kept = len(jobs) - len(failures)
    written = (
        f"{kept} of {counted(len(jobs), 'row')} {'is' if kept == 1 else 'are'} in {path}; the {len(failures)} "
        "missing are computed again when the run is resumed"
    )
    ordered = tuple(failures[job] for job in jobs if job in failures)
    return RowsMissing("\n".join([*lines, written]), ordered, read_experiment_results(path))


def _write(writer: SoleWriter, layout: Layout, jobs: list[Job], done: Mapping[Job, Row], lines: dict[Row, str]) -> None:
    writer.write(results_text(writer.path, layout, [done[job] for job in jobs if job in done], lines))


# -- the inputs ------------------------------------------------------------------------------------------------


def _datasets(datasets: Any, nominal: NominalEncoding, *, features: bool = True) -> list[ModelData]:
    """The datasets, their features encoded only when a scheme is scikit-learn's (``features``): WEKA's schemes
    read the files themselves, as WEKA reads them."""
    if isinstance(datasets, (str, os.PathLike)) and Path(datasets).is_dir():
        found = sorted(Path(datasets).glob("*.arff"))
        if not found:
            raise ExperimentError(f"datasets: no .arff file in {datasets}")
        items: list[tuple[str | None, Any]] = [(None, item) for item in found]
    elif isinstance(datasets, (str, os.PathLike)):
        items = [(None, datasets)]
    elif isinstance(datasets, Mapping):
        items = [(str(name), item) for name, item in datasets.items()]
    else:
        items = [(None, item) for item in datasets]
    if not items:
        raise ExperimentError("datasets: none given")
    prepared = []
    for name, item in items:
        data = model_data(item, nominal=nominal, features=features)
        if name is None and not data.relation_named:
            raise ExperimentError(
                f"datasets: {data.source or 'a dataset'} declares its relation without a name (a brace, WEKA's null),"
                " which WEKA's Experimenter fails on (a NullPointerException): name it in its @relation line (in "
                "Python, or give datasets as a mapping name -> data)"
            )
        prepared.append(data if name is None else replace(data, relation=name))
    relations = [data.relation for data in prepared]
    repeated = sorted({name for name in relations if relations.count(name) > 1})
    if repeated:
        raise ExperimentError(
            f"datasets: {len(relations)} datasets but the relation {repeated[0]!r} names more than one; WEKA's rows "
            "(Key_Dataset) would not tell them apart: give datasets as a mapping name -> data"
        )
    return prepared


def _schemes(schemes: Iterable[Any]) -> list[Any]:
    if isinstance(schemes, str) or is_sklearn_estimator(schemes):
        schemes = [schemes]
    result: list[Any] = []
    for scheme in schemes:
        if isinstance(scheme, str):
            if not scheme.strip():
                raise ExperimentError("schemes: an empty command line")
            result.append(scheme.strip())
        elif is_sklearn_estimator(scheme):
            result.append(scheme)
        elif is_weka_classifier(scheme):
            from wekaeval import bridge

            result.append(str(bridge.java_class("weka.core.Utils").toCommandLine(getattr(scheme, "jobject", scheme))))
        else:
            raise ExperimentError(
                f"schemes: a {type(scheme).__name__} is neither a WEKA command line nor a scikit-learn estimator"
            )
    if not result:
        raise ExperimentError("schemes: none given")
    return result


def _check_numbers(runs: Any, folds: Any, train_percent: Any, workers: Any) -> None:
    for name, value, least in (("runs", runs, 1), ("folds", folds, 2), ("workers", workers, 1)):
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise ExperimentError(f"{name} must be a whole number, at least {least}, got {value!r}")
    if train_percent is not None and (
        isinstance(train_percent, bool) or not isinstance(train_percent, (int, float)) or not 0 < train_percent < 100
    ):
        raise ExperimentError(f"train_percent must be above 0 and below 100, got {train_percent!r}")


# -- the plan ---------------------------------------------------------------------------------------------------


def _plan(setup: Setup, runs: int) -> list[Job]:
    """Every row, in WEKA's order: scheme, then dataset, then run, then fold (``Experiment`` advances the
    run first, then the dataset, then the scheme; the producer does the folds of a run in turn)."""
    fold_count = setup.folds or 1
    return [
        Job(dataset, run, fold, scheme)
        for scheme, dataset, run, fold in itertools.product(
            range(len(setup.schemes)), range(len(setup.datasets)), range(1, runs + 1), range(fold_count)
        )
    ]


def _keys(setup: Setup, jobs: list[Job], scheme_keys: list[Key]) -> dict[Key, Job]:
    if len(set(scheme_keys)) < len(scheme_keys):
        repeated = next(key for key in scheme_keys if scheme_keys.count(key) > 1)
        raise ExperimentError(f"schemes: {' '.join(repeated)} is given twice (its result rows would be one)")
    keys = {}
    for job in jobs:
        key: Key = (back_quote_chars(setup.datasets[job.dataset].relation), str(job.run))
        if setup.folds is not None:
            key += (str(job.fold + 1),)
        keys[key + tuple(scheme_keys[job.scheme])] = job
    return keys


def _progress(progress: bool | Progress | None, total: int) -> Any:
    """The callable told ``(done, total)`` as rows finish: the one given, else a progress line on stderr when it is
    a terminal (:class:`wekaeval._progress.ProgressLine`: any width, 0 columns included), else none."""
    if callable(progress):
        return progress
    if progress is False or (progress is None and not sys.stderr.isatty()):
        return None
    line = ProgressLine("experiment")
    line.update(0, total)
    return line


# -- where the rows are computed --------------------------------------------------------------------------------


def _batches(setup: Setup, jobs: list[Job]) -> list[list[Job]]:
    """The jobs by (dataset, run, scheme) -- the folds of a run are cut, and its dataset read, once per process
    -- each batch fold by fold; the longest first (the last to finish is short), a run's schemes one after the
    other."""
    groups: dict[tuple[int, int, int], list[Job]] = {}
    for job in sorted(jobs, key=lambda job: (job.dataset, job.run, job.scheme, job.fold)):
        groups.setdefault((job.dataset, job.run, job.scheme), []).append(job)

    def cost(batch: list[Job]) -> int:
        data = setup.datasets[batch[0].dataset]
        return len(batch) * data.num_instances * (len(data.feature_names) + 1)

    return sorted(groups.values(), key=cost, reverse=True)


class _Serial:
    """Rows computed here, one after the other."""

    def __init__(self, setup: Setup):
        self.worker = Worker(setup)

    def __enter__(self) -> _Serial:
        return self

    def __exit__(self, *exc: Any) -> None:
        return None

    def describe(self) -> tuple[list[Key], tuple[str, ...]]:
        return self.worker.describe()

    def rows(
        self, batches: list[list[Job]], measures: tuple[str, ...], layout: Layout, csv: bool
    ) -> Iterator[tuple[Job, Row | FailedRow, str | None]]:
        for batch in batches:
            for job in batch:
                yield job, self.worker.row(job, measures), None


def _workers_used(workers: int, batches: int) -> int:
    """``workers``, or fewer for an experiment of fewer ``batches`` (:func:`wekaeval._processes.workers_for`), with
    a warning saying so."""
    used = workers_for(workers, batches)
    if used < workers:
        warnings.warn(fewer_workers_note(f"workers={workers}", used, batches), stacklevel=3)
    return used


def _processes(schemes: list[Any], workers: int) -> Processes | None:
    """The worker processes when a scheme is scikit-learn's (its Python holds the GIL), started with a JVM when a
    scheme is WEKA's, importing the scikit-learn models' modules (and the main script, if a scheme is defined
    there: :func:`main_script` refuses it now, before any worker starts, where the workers cannot).  None when
    every scheme is WEKA's: their rows are computed on threads of this process (:class:`Threads`), calling its one
    JVM, where a process per worker would compile WEKA's code again in each JVM."""
    modules = dict.fromkeys(type(scheme).__module__ for scheme in schemes if not isinstance(scheme, str))
    if not modules:
        return None
    jvm = any(isinstance(scheme, str) for scheme in schemes)
    return Processes(workers, jvm=jvm, modules=list(modules), script=main_script(schemes))


class _Pool:
    """Rows computed by the worker processes (:mod:`wekaeval.experiment._pool`), a batch at a time."""

    def __init__(self, setup: Setup, pool: Processes):
        self.pool = pool
        pool.start(setup)

    def __enter__(self) -> _Pool:
        return self

    def __exit__(self, *exc: Any) -> None:
        return None  # the pool is closed by run, which started it

    def describe(self) -> tuple[list[Key], tuple[str, ...]]:
        return self.pool.describe()

    def rows(
        self, batches: list[list[Job]], measures: tuple[str, ...], layout: Layout, csv: bool
    ) -> Iterator[tuple[Job, Row | FailedRow, str | None]]:
        yield from self.pool.rows(batches, measures, layout, csv)


def _executor(setup: Setup, pool: Processes | None, client: Any, workers: int) -> Any:
    if client is not None:
        from wekaeval.experiment._dask import Dask

        return Dask(setup, client)
    if pool is not None:
        return _Pool(setup, pool)
    if workers > 1:
        return Threads(setup, workers)
    return _Serial(setup)
