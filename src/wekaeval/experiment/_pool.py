"""The Experimenter's worker processes: spawned before the data is read, each with its own JVM, fed batches.

A batch is every missing row of one (dataset, run, scheme): its folds are cut, and the dataset read into the
process's JVM, once per process; a scheme stays with the worker that runs it (:func:`next_batch`), so its code is
compiled by one JVM, not by all.  Each row goes back to the parent as soon as it is computed (with its line
of the result file, formatted in the worker), so an interrupt keeps every row finished so far; the parent
hands the next batch, longest first, to whichever worker finishes one.  The processes are started (Python,
wekaeval, the JVM) while the parent reads the datasets, and they ignore ``SIGINT``: an interrupt is the
parent's to handle, and it stops them after their current row.
"""

from __future__ import annotations

import importlib
import multiprocessing
import pickle
import queue
import signal
import threading
import time
from collections.abc import Iterator, Sequence
from typing import Any

from wekaeval.experiment._columns import Layout
from wekaeval.experiment._resultfile import Row, row_line
from wekaeval.experiment._worker import ExperimentError, Job, Key, Setup, Worker

#: How long the parent waits for a message before it checks that its workers are alive (seconds).
_POLL = 1.0


def _serve(index: int, tasks: Any, results: Any, stop: Any, jvm: bool, modules: Sequence[str]) -> None:
    """A worker process: start what the experiment will need, then answer the parent's messages until None (or
    until ``stop`` is set, checked between rows)."""
    worker: Worker | None = None
    try:
        for name in modules:  # the scikit-learn models' modules, imported while the parent reads the data
            importlib.import_module(name)
        if jvm:
            from wekaeval import bridge

            bridge.start_jvm()
        while (message := tasks.get()) is not None:
            kind, payload = message
            if kind == "setup":
                worker = Worker(payload)
            elif kind == "describe":
                assert worker is not None
                results.put(("described", index, worker.describe()))
            else:
                assert worker is not None
                jobs, measures, layout, csv = payload
                for job in jobs:
                    if stop.is_set():
                        return
                    row = worker.row(job, measures)
                    results.put(("row", index, (job, row, row_line(layout, row, csv=csv))))
                results.put(("done", index, None))
    except BaseException as error:  # noqa: BLE001 (every failure goes to the parent, which raises it)
        results.put(("error", index, _picklable(error)))


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
        return ExperimentError(f"a worker process failed: {type(error).__name__}: {error}")
    return error


class Processes:
    """``workers`` spawned processes (a forked JVM is unusable), started at once; :meth:`start` gives them the
    experiment.  ``jvm`` starts a JVM in each while the parent reads the data; ``modules`` are imported."""

    def __init__(self, workers: int, *, jvm: bool, modules: Sequence[str] = ()):
        context = multiprocessing.get_context("spawn")
        self.results = context.Queue()
        self.stop = context.Event()
        self.tasks = [context.Queue() for _ in range(workers)]
        self.processes = [
            context.Process(
                target=_serve,
                args=(index, tasks, self.results, self.stop, jvm, tuple(modules)),
                daemon=True,
                name=f"wekaeval-{index}",
            )
            for index, tasks in enumerate(self.tasks)
        ]
        self.finished = False
        # the processes inherit SIGINT ignored (a Ctrl-C reaches the whole process group): an interrupt is the
        # parent's to handle, and it ends them
        main = threading.current_thread() is threading.main_thread()
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None
        try:
            for process in self.processes:
                process.start()
        finally:
            if main:
                signal.signal(signal.SIGINT, previous)

    def __enter__(self) -> Processes:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def start(self, setup: Setup) -> None:
        for tasks in self.tasks:
            tasks.put(("setup", setup))

    def describe(self) -> tuple[list[Key], tuple[str, ...]]:
        self.tasks[0].put(("describe", None))
        kind, _, payload = self._message()
        assert kind == "described"
        return payload

    def rows(
        self, batches: list[list[Job]], measures: tuple[str, ...], layout: Layout, csv: bool
    ) -> Iterator[tuple[Job, Row, str]]:
        """Every row of ``batches`` (each of one scheme, longest first), as each is computed, with its line.

        A worker is handed :func:`next_batch`'s choice: the schemes stay with the workers that ran them.
        """
        waiting = list(batches)
        schemes: list[int | None] = [None] * len(self.tasks)  # the scheme of each worker's last batch
        busy = 0

        def hand(index: int) -> bool:
            batch = next_batch(waiting, schemes, index)
            if batch is None:
                return False
            schemes[index] = batch[0].scheme
            self.tasks[index].put(("batch", (batch, measures, layout, csv)))
            return True

        for index in range(len(self.tasks)):
            busy += hand(index)
        while busy:
            kind, index, payload = self._message()
            if kind == "row":
                yield payload
            elif not hand(index):
                busy -= 1
        self.finished = True

    def _message(self) -> tuple[str, int, Any]:
        while True:
            try:
                kind, index, payload = self.results.get(timeout=_POLL)
            except queue.Empty:
                gone = [process for process in self.processes if not process.is_alive()]
                if gone:
                    raise ExperimentError(
                        f"worker process {gone[0].name} ended (exit code {gone[0].exitcode}) before its rows were done"
                    ) from None
                continue
            if kind == "error":
                raise payload
            return kind, index, payload

    def close(self) -> None:
        """End the workers: each stops after its current row (an interrupt, a failure) or, when every row has
        come back, at once; one that does not within a few seconds is killed."""
        if not self.finished:
            self.stop.set()
        for tasks in self.tasks:
            tasks.put(None)
        deadline = time.monotonic() + (10.0 if self.finished else 3.0)
        for process in self.processes:
            process.join(timeout=max(0.0, deadline - time.monotonic()))
            if process.is_alive():
                process.kill()  # not terminate: a JVM's orderly shutdown under a running JPype call can crash
                process.join()
        for channel in (*self.tasks, self.results):
            channel.cancel_join_thread()
            channel.close()
