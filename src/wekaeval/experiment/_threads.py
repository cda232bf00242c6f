"""WEKA schemes' rows on threads of this process, all calling its one JVM: :class:`Threads`.

``workers=N`` with WEKA schemes only computes N batches (a dataset x run x scheme each) at a time, each on a
thread of its own with a :class:`~wekaeval.experiment._worker.Worker` of its own (its split evaluators,
classifier copies, ``Instances`` and ``java.util.Random``: nothing a row computes is shared).  JPype lets go of
the GIL while Java runs, so the rows are computed at the same time, and WEKA's code is compiled once, by the one
JVM, where a process per worker would compile it again in each (1.3-1.5x the serial run's CPU, measured in
docs/performance.md).  No process is started: a signal, a lost JVM, Ctrl-C are the serial run's (its rows
finished so far kept); a thread ends after its current row when the run is stopped.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterator
from typing import Any

from wekaeval.experiment._columns import Layout
from wekaeval.experiment._pool import next_batch
from wekaeval.experiment._resultfile import Row
from wekaeval.experiment._worker import FailedRow, Job, Key, Setup, Worker


class Threads:
    """Rows computed ``threads`` batches at a time on threads of this process (:mod:`wekaeval.experiment._threads`),
    each thread handed the next batch by :func:`~wekaeval.experiment._pool.next_batch` when it finishes one."""

    def __init__(self, setup: Setup, threads: int):
        self.workers = [Worker(setup) for _ in range(threads)]

    def __enter__(self) -> Threads:
        return self

    def __exit__(self, *exc: Any) -> None:
        return None

    def describe(self) -> tuple[list[Key], tuple[str, ...]]:
        return self.workers[0].describe()

    def rows(
        self, batches: list[list[Job]], measures: tuple[str, ...], layout: Layout, csv: bool
    ) -> Iterator[tuple[Job, Row | FailedRow, str | None]]:
        """Every row of ``batches`` (each of one scheme, longest first), as each is computed; the line is left to
        the caller (None), as the serial run's."""
        waiting = list(batches)
        schemes: list[int | None] = [None] * len(self.workers)  # the scheme of each thread's last batch
        handing = threading.Lock()
        stopping = threading.Event()
        results: queue.SimpleQueue[tuple[str, Any]] = queue.SimpleQueue()

        def compute(slot: int) -> None:
            worker = self.workers[slot]
            try:
                while not stopping.is_set():
                    with handing:
                        batch = next_batch(waiting, schemes, slot)
                        if batch is None:
                            return
                        schemes[slot] = batch[0].scheme
                    for job in batch:
                        if stopping.is_set():
                            return
                        results.put(("row", (job, worker.row(job, measures), None)))
            except BaseException as error:  # noqa: BLE001 (raised in the calling thread)
                results.put(("error", error))
            finally:
                results.put(("done", None))
                _detach()

        threads = [
            threading.Thread(target=compute, args=(slot,), name=f"wekaeval-batches-{slot}", daemon=True)
            for slot in range(len(self.workers))
        ]
        for thread in threads:
            thread.start()
        try:
            running = len(threads)
            while running:
                kind, payload = results.get()
                if kind == "row":
                    yield payload
                elif kind == "error":
                    raise payload
                else:
                    running -= 1
        finally:
            stopping.set()  # an error, an interrupt, or the caller stopped: each thread ends after its current row
            for thread in threads:
                thread.join()


def _detach() -> None:
    """Let go of this thread's attachment to the JVM (JPype attached it, as a daemon, at its first Java call)."""
    import jpype

    if jpype.isJVMStarted():
        jpype.java.lang.Thread.detach()
