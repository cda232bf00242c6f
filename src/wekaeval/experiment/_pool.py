"""The Experimenter's worker processes: spawned before the data is read, each with its own JVM, fed batches.

A batch is every missing row of one (dataset, run, scheme): its folds are cut, and the dataset read into the
process's JVM, once per process; a scheme stays with the worker that runs it (:func:`next_batch`), so its code is
compiled by one JVM, not by all.  Each row goes back to the parent as soon as it is computed (with its line
of the result file, formatted in the worker), so an interrupt keeps every row finished so far; the parent
hands the next batch, longest first, to whichever worker finishes one.  The processes are started (Python,
wekaeval, the JVM) while the parent reads the datasets.  They ignore ``SIGINT``, ``SIGTERM`` and ``SIGHUP`` (a
terminal sends them to the whole process group; an interrupt is the parent's to handle, and it stops them after
their current row or, on a signal, kills them at once) and die with the parent
(:func:`wekaeval._processes.die_with_parent`).  A worker that ends on its own (killed, a JVM crash) is
:class:`WorkerLost`.
"""

from __future__ import annotations

import importlib
import multiprocessing
import os
import pickle
import signal
import time
import warnings
from collections.abc import Iterator, Sequence
from multiprocessing.connection import Connection, wait
from typing import Any

from wekaeval import bridge
from wekaeval._processes import (
    STOP_SIGNALS,
    die_with_parent,
    ignore_stop_signals,
    import_main_script,
    main_names,
    main_script_for_workers,
    start_without_main,
    usable_cores,
)
from wekaeval.experiment._columns import Layout
from wekaeval.experiment._resultfile import Row, row_line
from wekaeval.experiment._worker import ExperimentError, FailedRow, Job, Key, Setup, Worker, error_text


class WorkerLost(ExperimentError):
    """A worker process (and the JVM in it) ended without being asked to: killed, out of memory, a JVM crash.  The
    message names the process and what it was running."""


def capped_workers(workers: int) -> int:
    """``workers``, or the processors this process may use if there are fewer (each worker starts a JVM of its
    own, hundreds of MB): more would only share the processors, with a warning saying so.

    >>> capped_workers(1)
    1
    """
    cores = usable_cores()
    if workers <= cores:
        return workers
    warnings.warn(
        f"workers={workers} is more than the processors here: capped to {cores}",
        stacklevel=3,
    )
    return cores


def _serve(index: int, parent: int, connection: Connection, jvm: bool, modules: Sequence[str]) -> None:
    """A worker process: start what the experiment will need, then answer the parent's messages until None (a
    None that comes during a batch, looked for between rows, stops it there)."""
    die_with_parent(parent)  # first: a parent gone from here on takes this process (and its JVM) with it
    ignore_stop_signals()
    if hasattr(signal, "pthread_sigmask"):  # blocked while the parent started this process
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
    worker: Worker | None = None
    try:
        for name in modules:  # the scikit-learn models' modules, imported while the parent reads the data
            importlib.import_module(name)
        if jvm:
            bridge.start_jvm()
        while (message := connection.recv()) is not None:
            kind, payload = message
            if kind == "main":  # a scheme defined in the parent's script: import it, its guarded part aside
                import_main_script(payload)
            elif kind == "setup":
                worker = Worker(payload)
            elif kind == "describe":
                assert worker is not None
                connection.send(("described", worker.describe()))
            else:
                assert worker is not None
                jobs, measures, layout, csv = payload
                for job in jobs:
                    if connection.poll():  # the parent's None: stop
                        return
                    row = worker.row(job, measures)
                    line = None if isinstance(row, FailedRow) else row_line(layout, row, csv=csv)
                    connection.send(("row", (job, row, line)))
                connection.send(("done", None))
    except (EOFError, BrokenPipeError):  # the parent has gone
        return
    except BaseException as error:  # noqa: BLE001 (every failure goes to the parent, which raises it)
        try:
            connection.send(("error", _picklable(error)))
        except OSError:
            pass


def next_batch(waiting: list[list[Job]], schemes: Sequence[int | None], index: int) -> list[Job] | None:
    """The batch worker ``index`` computes next, taken out of ``waiting`` (longest first): the longest of the
    scheme it ran last, else of a scheme no other worker runs, else the longest.

    Each worker process has its own JVM, which compiles the code of the schemes it runs: keeping a scheme on
    one worker compiles its code once, where handing the batches round would compile it in every JVM.

    >>> from wekaeval.experiment._worker import Job
    >>> batches = [[Job(0, 1, 0, s)] for s in (0, 0, 1, 1)]
    >>> next_batch(batches, [0, None], 1)[0].scheme, next_batch(batches, [0, 1], 0)[0].scheme, len(batches)
    (1, 0, 2)
    """
    if not waiting:
        return None
    others = {scheme for at, scheme in enumerate(schemes) if at != index}
    for wanted in (lambda scheme: scheme == schemes[index], lambda scheme: scheme not in others):
        for at, batch in enumerate(waiting):
            if wanted(batch[0].scheme):
                return waiting.pop(at)
    return waiting.pop(0)


def _picklable(error: BaseException) -> BaseException:
    try:
        pickle.loads(pickle.dumps(error))
    except Exception:  # noqa: BLE001
        return ExperimentError(f"a worker process failed: {error_text(error, named=True)}")
    return error


def main_script(schemes: Sequence[Any]) -> str | None:
    """The main script's path if a scheme is defined in it (and the workers may import it), else None.

    Raises
    ------
    ExperimentError
        When a scheme is defined in a script that the workers cannot import: standard input, a notebook, or a
        script whose call is not under ``if __name__ == "__main__":`` (importing it would run the call again).

    >>> main_script(["weka.classifiers.rules.ZeroR"]) is None
    True
    """
    names = main_names(list(schemes))
    if not names:
        return None
    script = main_script_for_workers()
    if script is None:
        raise ExperimentError(
            f"{', '.join(names)} is defined in the script being run (__main__), which the worker processes do "
            "not run: define it in a module the script imports, or put the call under "
            'if __name__ == "__main__": in a script file (workers=1 needs neither)'
        )
    return script


class Processes:
    """``workers`` spawned processes (a forked JVM is unusable), started at once without the parent's main script,
    a pipe to each; :meth:`start` gives them the experiment.  ``jvm`` starts a JVM in each while the parent reads
    the data; ``modules`` are imported, and ``script`` (:func:`main_script`) before the experiment."""

    def __init__(self, workers: int, *, jvm: bool, modules: Sequence[str] = (), script: str | None = None):
        self.script = script  # the main script the workers import before the setup (a scheme defined in it)
        context = multiprocessing.get_context("spawn")
        self.connections: list[Connection] = []
        self.processes: list[Any] = []
        self.finished = False
        self.killed = False
        self.setup: Setup | None = None
        self.running: list[list[Job]] = [[] for _ in range(workers)]  # each worker's rows handed, not yet back
        # the processes are born with the stop signals blocked (a Ctrl-C reaches the whole process group), until
        # they ignore them: a signal is the parent's to handle, and it ends them.  Blocked here for a moment, a
        # signal to the parent waits; it is not lost.
        blocking = hasattr(signal, "pthread_sigmask")
        previous = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS) if blocking else set()
        try:
            for index in range(workers):
                ours, theirs = context.Pipe()
                process = context.Process(
                    target=_serve,
                    args=(index, os.getpid(), theirs, jvm, tuple(name for name in modules if name != "__main__")),
                    daemon=True,
                    name=f"wekaeval-{index}",
                )
                self.connections.append(ours)
                self.processes.append(process)
                start_without_main(process)  # the parent's script is not run again in the worker
                theirs.close()
        finally:
            if blocking:
                signal.pthread_sigmask(signal.SIG_SETMASK, previous)

    def __enter__(self) -> Processes:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def start(self, setup: Setup) -> None:
        """Hand the workers ``setup``; a scheme defined in the main script has them import it first, which only a
        script whose call is under its ``__main__`` guard allows (:func:`main_script`)."""
        self.setup = setup
        script = self.script or main_script(setup.schemes)
        for index in range(len(self.processes)):
            if script is not None:
                self._send(index, ("main", script))
            self._send(index, ("setup", setup))

    def describe(self) -> tuple[list[Key], tuple[str, ...]]:
        self._send(0, ("describe", None))
        kind, _, payload = self._message()
        assert kind == "described"
        return payload

    def rows(
        self, batches: list[list[Job]], measures: tuple[str, ...], layout: Layout, csv: bool
    ) -> Iterator[tuple[Job, Row | FailedRow, str | None]]:
        """Every row of ``batches`` (each of one scheme, longest first), as each is computed, with its line.

        A worker is handed :func:`next_batch`'s choice: the schemes stay with the workers that ran them.
        """
        waiting = list(batches)
        schemes: list[int | None] = [None] * len(self.processes)  # the scheme of each worker's last batch
        busy = 0

        def hand(index: int) -> bool:
            batch = next_batch(waiting, schemes, index)
            if batch is None:
                return False
            schemes[index] = batch[0].scheme
            self.running[index] = list(batch)
            self._send(index, ("batch", (batch, measures, layout, csv)))
            return True

        for index in range(len(self.processes)):
            busy += hand(index)
        while busy:
            kind, index, payload = self._message()
            if kind == "row":
                if payload[0] in self.running[index]:
                    self.running[index].remove(payload[0])
                yield payload
            elif not hand(index):
                busy -= 1
        self.finished = True

    def _send(self, index: int, message: Any) -> None:
        try:
            self.connections[index].send(message)
        except OSError:  # the worker has gone: its last words, if any, say why
            raise self._ended(index) from None

    def _message(self) -> tuple[str, int, Any]:
        """The next message of any worker, as (kind, worker, payload); a worker's error is raised, and so is the
        end of a worker that was not asked to end."""
        handles: dict[Any, int] = {}
        for index, (connection, process) in enumerate(zip(self.connections, self.processes, strict=True)):
            handles[connection] = handles[process.sentinel] = index
        ready = wait(list(handles))
        for handle in ready:  # a message first: a worker's last words come before its end
            index = handles[handle]
            if handle is self.connections[index]:
                try:
                    kind, payload = self.connections[index].recv()
                except (EOFError, OSError):
                    raise self._ended(index) from None
                if kind == "error":
                    raise payload
                return kind, index, payload
        raise self._ended(handles[ready[0]])

    def _ended(self, index: int) -> BaseException:
        """Why worker ``index`` no longer answers: the error it sent last, the run stopped, or lost."""
        connection = self.connections[index]
        try:
            if connection.poll():
                kind, payload = connection.recv()
                if kind == "error":
                    return payload
        except (EOFError, OSError):
            pass
        if self.killed:
            return ExperimentError("the run was stopped: its worker processes were ended")
        return self._lost(index)

    def _lost(self, index: int) -> WorkerLost:
        """The error for worker ``index``, which ended on its own: which process, how, doing what, and its JVM's
        crash report if it left one."""
        process = self.processes[index]
        process.join(timeout=5)
        code = process.exitcode
        if code is not None and code < 0:
            try:
                how = f"killed by {signal.Signals(-code).name}"
            except ValueError:
                how = f"killed by signal {-code}"
        else:
            how = f"exit status {code}"
        doing = ""
        if self.running[index] and self.setup is not None:
            job = self.running[index][0]
            scheme = self.setup.schemes[job.scheme]
            data = self.setup.datasets[job.dataset]
            fold = f", fold {job.fold + 1}" if self.setup.folds is not None else ""
            shown = scheme if isinstance(scheme, str) else repr(scheme)
            doing = f" while running {shown} on {data.source or data.relation}, run {job.run}{fold}"
        report = bridge.crash_folder() / f"hs_err_pid{process.pid}.log"
        crash = f"; its JVM's crash report: {report}" if report.exists() else ""
        return WorkerLost(f"worker process {process.pid} was lost ({how}){doing}{crash}")

    def kill(self) -> None:
        """End every worker (and its JVM) at once, and wait for them: a signal's way, from any thread, more than
        once; the run's rows then stop coming (:class:`ExperimentError`)."""
        self.killed = True
        for process in self.processes:
            if process.exitcode is None:
                process.kill()
        for process in self.processes:
            process.join(timeout=10)

    def close(self) -> None:
        """End the workers: each stops after its current row (an interrupt, a failure) or, when every row has
        come back, at once; one that does not within a few seconds is killed."""
        for connection in self.connections:
            try:
                connection.send(None)
            except OSError:  # gone already
                pass
        deadline = time.monotonic() + (10.0 if self.finished else 3.0)
        for process in self.processes:
            process.join(timeout=max(0.0, deadline - time.monotonic()))
            if process.is_alive():
                process.kill()  # not terminate: a JVM's orderly shutdown under a running JPype call can crash
                process.join()
        for connection in self.connections:
            connection.close()
