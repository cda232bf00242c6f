"""A parity run over datasets x classifiers: in this process, or in worker processes with a JVM each.

Either way the rows come out in the serial order (dataset by dataset, each dataset's classifiers in order) and
are the same rows.  In worker processes the parent starts no JVM: the workers start theirs as the pool is made,
check the classifiers and read each dataset's class kind and size, then take the dataset x classifier jobs
longest first (:mod:`wekaeval.parity._plan`), one at a time, each worker reading only the datasets of the jobs
it is given.  ``timeout`` stops a job that runs longer (its worker and JVM are replaced) and records it as a
row of its own kind.
"""

from __future__ import annotations

import math
import os
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from wekaeval import bridge
from wekaeval.javamath import java_platform
from wekaeval.parity._compare import compare_one, timed_out
from wekaeval.parity._plan import Survey, estimate, job_key, read_record, write_record
from wekaeval.parity._pool import RunStopped, Worker, WorkerPool
from wekaeval.parity._rows import ClassifierSpec, EvaluationMode, ParityResults, ParityRow, default_classifiers

Progress = Callable[[int, int, str, ClassifierSpec], None]


def classifiers_for(data: Any, classifiers: Sequence[ClassifierSpec] | None = None) -> list[ClassifierSpec]:
    """The classifiers a dataset is run with: the ones given, else the defaults for its kind of class."""
    if classifiers:
        return list(classifiers)
    return default_classifiers(bool(data.classAttribute().isNominal()))


@dataclass
class _Task:
    """Work for a worker: ``check`` the classifiers, ``survey`` dataset ``index``, or run ``job`` (index, number)."""

    kind: str
    priority: float
    message: tuple[Any, ...]
    index: int = -1
    number: int = -1
    path: str = ""
    spec: ClassifierSpec | None = None
    key: str | None = field(default=None, repr=False)

    def describe(self) -> str:
        if self.kind == "check":
            return "checking the classifiers"
        if self.kind == "survey":
            return f"reading {self.path}"
        return f"running {self.spec} on {self.path}"


class ParityRun:
    """A parity run, iterated for its rows (in the serial order), that can be stopped from another thread.

    :func:`run_parity` and :func:`iter_parity` are this class's plain faces; the command line uses it directly
    to write the rows finished so far (:meth:`finished`) when a signal ends the run, after :meth:`stop`.
    """

    def __init__(
        self,
        datasets: Iterable[str | os.PathLike],
        classifiers: Sequence[ClassifierSpec] | None = None,
        *,
        mode: EvaluationMode | None = None,
        folds: int = 10,
        seed: int = 1,
        progress: Progress | None = None,
        workers: int = 1,
        timeout: float | None = None,
    ):
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
            raise bridge.WekaError(f"workers must be a whole number of processes, at least 1, got {workers!r}")
        if timeout is not None and (
            isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not timeout > 0
        ):
            raise bridge.WekaError(f"timeout must be a number of seconds above 0, got {timeout!r}")
        self.paths = [os.fspath(d) for d in datasets]
        self.given = list(classifiers) if classifiers else None
        self.mode = mode or EvaluationMode(folds=folds, seed=seed)
        self.progress = progress
        self.workers = workers
        self.timeout = None if timeout is None else float(timeout)
        #: How many rows the run will have, once known (every dataset read).
        self.planned: int | None = None
        self._finished: dict[tuple[int, int], ParityRow] = {}
        self._lock = threading.Lock()
        self._pool: WorkerPool | None = None
        self._times: dict[str, float] = {}

    def __iter__(self) -> Iterator[ParityRow]:
        in_workers = self.workers > 1 or self.timeout is not None
        yield from (self._parallel() if in_workers else self._serial())
        write_record(self._times)

    def finished(self) -> list[ParityRow]:
        """Every row finished so far, in the serial order (with workers, some may not have been yielded yet)."""
        with self._lock:
            return [self._finished[key] for key in sorted(self._finished)]

    def finished_numbered(self) -> list[tuple[int, ParityRow]]:
        """:meth:`finished`, each row with its classifier's place among its dataset's (0, 1, ...)."""
        with self._lock:
            return [(key[1], self._finished[key]) for key in sorted(self._finished)]

    def stop(self) -> None:
        """End the worker processes and their JVMs now, and wait for them (nothing to do in this process's JVM)."""
        pool = self._pool
        if pool is not None:
            pool.stop()

    def _keep(self, index: int, number: int, row: ParityRow, key: str | None, seconds: float | None) -> None:
        with self._lock:
            self._finished[(index, number)] = row
        if key is not None and seconds is not None:
            self._times[key] = seconds

    # -- in this process ------------------------------------------------------------------------------------------

    def _serial(self) -> Iterator[ParityRow]:
        mode = self.mode
        for spec in self.given or ():  # an unknown classifier or a bad option fails before anything runs
            bridge.make_classifier(spec.name, spec.options)
        test = bridge.load_instances(mode.test) if mode.test is not None else None
        loaded = [bridge.load_instances(path, mode.class_attribute) for path in self.paths]
        runs = [classifiers_for(data, self.given) for data in loaded]
        total, done = sum(len(specs) for specs in runs), 0
        self.planned = total
        for index, (path, data, specs) in enumerate(zip(self.paths, loaded, runs, strict=False)):
            for number, spec in enumerate(specs):
                if self.progress:
                    self.progress(done, total, path, spec)
                done += 1
                started = time.perf_counter()
                row = compare_one(path, data, test, spec, mode)
                self._keep(index, number, row, job_key(path, spec, mode), time.perf_counter() - started)
                yield row

    # -- in worker processes --------------------------------------------------------------------------------------

    def _parallel(self) -> Iterator[ParityRow]:
        pool = WorkerPool(self.workers)  # the JVMs start now, while the run is planned
        self._pool = pool
        try:
            yield from self._schedule(pool)
        except Exception:
            if pool.stopped:  # stop() from another thread: whatever broke meanwhile is its doing
                raise RunStopped("the run was stopped (ParityRun.stop)") from None
            raise
        finally:
            pool.stop()

    def _schedule(self, pool: WorkerPool) -> Iterator[ParityRow]:
        mode, paths = self.mode, self.paths
        queue: list[_Task] = []
        if self.given:
            queue.append(_Task("check", math.inf, ("check", 0, self.given)))
        for index, path in enumerate(paths):  # read first (every job waits for its dataset), largest first
            size = os.path.getsize(path) if os.path.isfile(path) else 0
            queue.append(_Task("survey", 1e18 + size, ("survey", 0, path, mode.class_attribute), index, path=path))
        record = read_record()
        counts: dict[int, int] = {}
        at = [0, 0]  # the next row to yield: dataset, classifier
        done = 0
        while True:
            while at[0] < len(paths) and at[0] in counts:
                if at[1] >= counts[at[0]]:
                    at[0], at[1] = at[0] + 1, 0
                    continue
                row = self._finished.get((at[0], at[1]))
                if row is None:
                    break
                yield row
                at[1] += 1
            if at[0] >= len(paths):
                self.planned = sum(counts.values())
                return
            for worker in pool.idle():
                if not queue:
                    break
                task = max(queue, key=lambda t: t.priority)
                queue.remove(task)
                try:
                    worker.send(task, task.message)
                except OSError:  # it died as it was given the task
                    raise pool.lost(worker) from None
            for worker, message in pool.wait(self._wait_time(pool)):
                if message is None:
                    if pool.stopped:
                        raise RunStopped("the run was stopped (ParityRun.stop)")
                    raise pool.lost(worker)
                kind, _, value = message
                if kind == "ready":
                    worker.ready = True
                elif kind == "unavailable":
                    raise bridge.WekaUnavailable(f"{worker.describe()}: {value}")
                elif kind == "begun":
                    worker.known = value
                elif kind == "error":
                    raise value
                else:
                    task, worker.task = worker.task, None
                    if task.kind == "survey":
                        survey: Survey = value
                        specs = self.given or default_classifiers(survey.nominal)
                        counts[task.index] = len(specs)
                        if len(counts) == len(paths):
                            self.planned = sum(counts.values())
                        for number, spec in enumerate(specs):
                            key = job_key(task.path, spec, mode)
                            cost = record.get(key, estimate(spec, survey)) if key else estimate(spec, survey)
                            message = ("job", 0, task.path, spec, mode)
                            queue.append(_Task("job", cost, message, task.index, number, task.path, spec, key))
                    elif task.kind == "job":
                        row, seconds = value
                        self._keep(task.index, task.number, row, task.key, seconds)
                        done += 1
                        self._report(done, counts, task)
            if self.timeout is not None:
                for worker in list(pool.workers):
                    task = worker.task
                    if task is not None and task.kind == "job" and time.monotonic() - worker.since >= self.timeout:
                        self._keep(task.index, task.number, self._timed_out(task, worker), None, None)
                        pool.replace(worker)
                        done += 1
                        self._report(done, counts, task)

    def _wait_time(self, pool: WorkerPool) -> float | None:
        """Until the next job reaches its time limit (None: no limit, or no job running)."""
        if self.timeout is None:
            return None
        running = [w.since + self.timeout - time.monotonic() for w in pool.workers if w.task and w.task.kind == "job"]
        return max(0.0, min(running)) if running else None

    def _timed_out(self, task: _Task, worker: Worker) -> ParityRow:
        known = worker.known
        assert task.spec is not None and self.timeout is not None  # a job's task has its classifier
        data = {
            "class_attribute": known.get("class_attribute"),
            "class_names": known.get("class_names"),
            "weka_version": known.get("weka_version"),
            "java_version": known.get("java_version"),
            "java_arithmetic": java_platform().describe(),
        }
        command_line = known.get("command_line") or task.spec.name
        return timed_out(task.path, command_line, known.get("instances"), self.timeout, self.mode, data)

    def _report(self, done: int, counts: dict[int, int], task: _Task) -> None:
        if self.progress and task.spec is not None:
            total = sum(counts.values()) + 8 * (len(self.paths) - len(counts))  # unread datasets: the defaults' 8
            self.progress(done, max(total, done), task.path, task.spec)


def run_parity(
    datasets: Iterable[str | os.PathLike],
    classifiers: Sequence[ClassifierSpec] | None = None,
    *,
    mode: EvaluationMode | None = None,
    folds: int = 10,
    seed: int = 1,
    progress: Progress | None = None,
    workers: int = 1,
    timeout: float | None = None,
) -> ParityResults:
    """Compare WEKA and the port on every dataset x classifier; one row each, in order.

    ``mode`` says how WEKA evaluates (default: ``folds``-fold cross-validation
    with ``seed``).  ``progress(done, total, dataset, classifier)`` is called before each run
    (with ``workers`` > 1: as each row is done).  ``workers`` > 1 runs that many processes, each
    with its own JVM (a JVM cannot be shared between processes nor restarted), the longest jobs first;
    the rows come back in the same order, identical to a serial run's.  ``timeout`` (seconds) stops a
    dataset x classifier job that runs longer, in a worker process even with ``workers=1``: its worker and
    JVM are replaced, and its row's ``kind`` is ``"timeout"``.

    Raises
    ------
    WekaevalError
        For a user error (see :mod:`wekaeval.bridge`), as soon as it is met.
    ParityWorkerLost
        When a worker process ends on its own (killed, a JVM crash).
    """
    return ParityResults(
        ParityRun(
            datasets,
            classifiers,
            mode=mode,
            folds=folds,
            seed=seed,
            progress=progress,
            workers=workers,
            timeout=timeout,
        )
    )


def iter_parity(
    datasets: Iterable[str | os.PathLike],
    classifiers: Sequence[ClassifierSpec] | None = None,
    *,
    mode: EvaluationMode | None = None,
    folds: int = 10,
    seed: int = 1,
    progress: Progress | None = None,
    workers: int = 1,
    timeout: float | None = None,
) -> Iterator[ParityRow]:
    """:func:`run_parity`, yielding each row as soon as it is known (in order)."""
    run = ParityRun(
        datasets, classifiers, mode=mode, folds=folds, seed=seed, progress=progress, workers=workers, timeout=timeout
    )
    return iter(run)
