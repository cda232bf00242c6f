"""Worker processes for a parity run, each with its own JVM (a JVM can be neither shared between processes nor
restarted).

A worker is spawned (a forked JVM is unusable), starts its JVM at once, says it is ready, then runs one task at
a time: check the classifiers, survey a dataset (WEKA reads it: class kind and size), or compare one dataset x
classifier.  Workers ignore ``SIGINT``, ``SIGTERM`` and ``SIGHUP`` (a terminal's Ctrl-C reaches the whole
process group): the parent ends them, with ``SIGKILL``, and they end with the parent if it dies first (Linux's
parent-death signal).  A worker that dies on its own is *lost*; one stopped on purpose (a job over its time limit) is
replaced by a fresh one.
"""

from __future__ import annotations

import functools
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Sequence
from multiprocessing.connection import Connection, wait
from typing import Any

from wekaeval import bridge
from wekaeval._processes import die_with_parent, ignore_stop_signals, start_without_main
from wekaeval.errors import WekaevalError
from wekaeval.parity._compare import class_names, compare_one
from wekaeval.parity._plan import Survey
from wekaeval.parity._rows import ClassifierSpec, EvaluationMode


class ParityWorkerLost(RuntimeError):
    """A worker process (and the JVM in it) ended without being asked to: killed, out of memory, a JVM crash.
    The message names the worker and what it was running."""


class RunStopped(RuntimeError):
    """Raised by a run's iteration when :meth:`WorkerPool.stop` (``ParityRun.stop``) ended its workers."""


# -- in the worker ------------------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=16)
def _dataset(path: str, class_attribute: str | int | None) -> Any:
    """A worker's datasets, each read once."""
    return bridge.load_instances(path, class_attribute)


def _survey(path: str, class_attribute: str | int | None) -> Survey:
    data = _dataset(path, class_attribute)
    nominal = bool(data.classAttribute().isNominal())
    return Survey(nominal, int(data.numInstances()), int(data.numAttributes()), int(data.numClasses()))


def _check(specs: Sequence[ClassifierSpec]) -> None:
    for spec in specs:
        bridge.make_classifier(spec.name, spec.options)


def _job(connection: Connection, task: int, path: str, spec: ClassifierSpec, mode: EvaluationMode) -> Any:
    data = _dataset(path, mode.class_attribute)
    test = _dataset(mode.test, None) if mode.test is not None else None
    known: dict[str, Any] = {
        "class_attribute": str(data.classAttribute().name()),
        "class_names": class_names(data),
        "weka_version": bridge.weka_version(),
        "java_version": bridge.java_version(),
    }
    try:
        _, known["command_line"] = bridge.make_classifier(spec.name, spec.options)
    except bridge.WekaError:
        known["command_line"] = spec.name  # compare_one() raises the error, naming the file
    known["instances"] = int((data if test is None else test).numInstances())
    connection.send(("begun", task, known))
    started = time.perf_counter()
    row = compare_one(path, data, test, spec, mode)
    return row, time.perf_counter() - started


def _portable(error: BaseException) -> BaseException:
    """An exception the parent can unpickle: wekaeval's own as they are, anything else as a RuntimeError."""
    if isinstance(error, (WekaevalError, bridge.WekaUnavailable)):
        return error
    return RuntimeError(f"{type(error).__name__}: {error}")


def worker_main(connection: Connection, parent: int) -> None:
    """A worker's life: start the JVM, then run the tasks the parent sends until it sends None or goes away."""
    ignore_stop_signals()
    die_with_parent(parent)
    try:
        bridge.start_jvm()
        bridge.bulk_class()  # compiled or loaded while the parent plans
        bridge.resolve_classifier("weka.classifiers.rules.ZeroR")  # WEKA's classifier names, read once
    except bridge.WekaUnavailable as error:
        connection.send(("unavailable", None, str(error)))
        return
    connection.send(("ready", None, os.getpid()))
    while True:
        try:
            message = connection.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        kind, task, *arguments = message
        try:
            reply: Any = None
            if kind == "check":
                _check(*arguments)
            elif kind == "survey":
                reply = _survey(*arguments)
            else:
                reply = _job(connection, task, *arguments)
            connection.send(("done", task, reply))
        except Exception as error:  # a user error goes to the parent, which stops the run and reports it
            connection.send(("error", task, _portable(error)))


# -- in the parent ------------------------------------------------------------------------------------------------


class Worker:
    """One worker process as the parent sees it: its connection, and the task it runs (None when idle)."""

    def __init__(self, context: Any, number: int):
        self.number = number
        ours, theirs = context.Pipe()
        self.process = context.Process(
            target=worker_main, args=(theirs, os.getpid()), name=f"wekaeval-parity-{number}", daemon=True
        )
        start_without_main(self.process)  # the parent's script is not run again in the worker
        theirs.close()
        self.connection: Connection = ours
        self.ready = False
        self.task: Any = None  # what it runs
        self.since = 0.0  # when it was given the task (time.monotonic)
        self.known: dict[str, Any] = {}  # what the job told of itself as it began

    def send(self, task: Any, message: tuple[Any, ...]) -> None:
        self.task, self.since, self.known = task, time.monotonic(), {}
        self.connection.send(message)

    def describe(self) -> str:
        return f"worker process {self.process.pid}"

    def end(self) -> None:
        """Kill the process (its JVM with it) and wait for it: nothing is left running."""
        if self.process.is_alive():
            try:
                os.kill(self.process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.process.join(timeout=30)
        self.connection.close()


class WorkerPool:
    """``count`` worker processes; their JVMs start as the pool is made."""

    def __init__(self, count: int):
        self._context = multiprocessing.get_context("spawn")
        self._lock = threading.Lock()
        self._made = 0
        self.stopped = False
        self.workers: list[Worker] = []
        for _ in range(count):
            self._add()

    def _add(self) -> Worker:
        self._made += 1
        worker = Worker(self._context, self._made)
        self.workers.append(worker)
        return worker

    def replace(self, worker: Worker) -> Worker:
        """End ``worker`` and start a fresh one in its place (a job over its time limit)."""
        with self._lock:
            if self.stopped:
                return worker
            worker.end()
            self.workers.remove(worker)
            return self._add()

    def idle(self) -> list[Worker]:
        return [worker for worker in self.workers if worker.ready and worker.task is None]

    def wait(self, timeout: float | None) -> list[tuple[Worker, tuple[Any, ...] | None]]:
        """The messages that came, as (worker, message); a worker whose process ended gives (worker, None)."""
        by_handle: dict[Any, Worker] = {}
        for worker in self.workers:
            by_handle[worker.connection] = worker
            by_handle[worker.process.sentinel] = worker
        events = []
        try:
            ready = wait(list(by_handle), timeout)
        except (OSError, ValueError):  # a handle closed under us: stop() from another thread
            ready = []
        if self.stopped:
            raise RunStopped("the run was stopped")
        for handle in ready:
            worker = by_handle[handle]
            if handle is worker.connection:
                try:
                    events.append((worker, worker.connection.recv()))
                except (EOFError, OSError):
                    events.append((worker, None))
            elif not worker.connection.poll():  # its last words are read first
                events.append((worker, None))
        return events

    def lost(self, worker: Worker) -> BaseException:
        """The error for a worker that ended on its own: which, how, doing what, and its JVM's crash report."""
        worker.process.join(timeout=5)
        code = worker.process.exitcode
        if code is not None and code < 0:
            try:
                how = f"killed by {signal.Signals(-code).name}"
            except ValueError:
                how = f"killed by signal {-code}"
        else:
            how = f"exit status {code}"
        report = bridge.crash_folder() / f"hs_err_pid{worker.process.pid}.log"
        crash = f"; its JVM's crash report: {report}" if report.exists() else ""
        if not worker.ready:
            return bridge.WekaUnavailable(f"the JVM of {worker.describe()} did not start ({how}){crash}")
        doing = f" while {worker.task.describe()}" if worker.task is not None else ""
        return ParityWorkerLost(f"{worker.describe()} was lost ({how}){doing}{crash}")

    def stop(self) -> None:
        """End every worker and its JVM, and wait for them; safe from another thread, and more than once."""
        with self._lock:
            if self.stopped:
                return
            self.stopped = True
            workers = list(self.workers)
        for worker in workers:
            worker.end()
