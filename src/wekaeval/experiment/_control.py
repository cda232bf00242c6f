"""Stopping an experiment from another thread at any moment, its finished rows written: :func:`interruptible`.

A signal's handler on the command line runs on a thread of its own (:mod:`wekaeval.cli._signals`), while the
main thread may be inside the JVM for minutes (a long WEKA fold) or waiting for the worker processes.
:meth:`RunControl.stop` ends the worker processes at once and writes every row finished so far; it holds
:attr:`RunControl.lock`, which the run holds in turn while it records a row or writes its file, so the file
written is whole and holds every row recorded.  :func:`wekaeval.experiment.run` uses the control of the
innermost :func:`interruptible` around it, if any.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from wekaeval.experiment._worker import ExperimentError


class RunControl:
    """What another thread needs to stop a run: its worker processes, and how to write its finished rows.

    >>> control = RunControl()
    >>> control.stop()  # before the run began: nothing to end or write
    False
    >>> control.stopped, control.begun, control.finished
    (True, False, 0)
    """

    def __init__(self) -> None:
        self.lock = threading.RLock()
        self.stopped = False
        self.ended = False  # the run let go of its result file: a stop writes nothing any more
        self.path: Path | None = None  # the result file, once the run has read it
        self.missing = 0  # the rows this run computes
        self.computed = 0  # of them, those finished
        self._done: Mapping[Any, Any] = {}
        self._save: Callable[[], None] | None = None
        self._pools: list[Any] = []

    @property
    def begun(self) -> bool:
        """Whether the run has read its result file and computes rows (a stop then writes them)."""
        return self.path is not None

    @property
    def finished(self) -> int:
        """The rows finished: those the file held when the run began, and those computed since."""
        return len(self._done)

    def attach(self, pool: Any) -> None:
        """Worker processes (``pool.kill()``) for :meth:`stop` to end."""
        with self.lock:
            self._pools.append(pool)
            if self.stopped:
                pool.kill()

    def begin(self, path: Path, done: Mapping[Any, Any], missing: int, save: Callable[[], None]) -> None:
        """The run has begun: ``done`` holds its finished rows (the run adds to it holding :attr:`lock`), ``save()``
        writes them to ``path``."""
        with self.lock:
            self.path, self._done, self.missing, self._save = path, done, missing, save

    def end(self) -> None:
        """The run lets go of its result file (its lock): from now on :meth:`stop` writes nothing.

        >>> control = RunControl()
        >>> control.begin(Path("r.arff"), {}, 0, lambda: print("written"))
        >>> control.end(); control.stop(), control.ended
        (False, True)
        """
        with self.lock:
            self.ended = True
            self._save = None

    def check(self) -> None:
        """Raise :class:`ExperimentError` if the run was stopped (the run calls it holding :attr:`lock`)."""
        if self.stopped:
            raise ExperimentError(f"the run was stopped after {self.computed} of {self.missing} rows")

    def stop(self) -> bool:
        """End the run's worker processes (and their JVMs) at once and write the rows finished so far; from any
        thread, at any moment.  True when rows were written (the run had begun)."""
        with self.lock:
            self.stopped = True
            for pool in self._pools:
                pool.kill()
            if self._save is None or self.ended:
                return False
            self._save()
            return True


_ACTIVE: ContextVar[RunControl | None] = ContextVar("wekaeval_experiment_control", default=None)


@contextmanager
def interruptible() -> Iterator[RunControl]:
    """``with interruptible() as control:`` -- :func:`wekaeval.experiment.run` inside uses ``control``, which another
    thread may :meth:`~RunControl.stop` at any moment: the worker processes end at once, the finished rows are
    written, and the run raises :class:`ExperimentError`.  ``wekaeval experiment`` stops its run this way on
    ``SIGINT``, ``SIGTERM`` and ``SIGHUP``.

    >>> with interruptible() as control:
    ...     active_control() is control
    True
    """
    control = RunControl()
    token = _ACTIVE.set(control)
    try:
        yield control
    finally:
        _ACTIVE.reset(token)


def active_control() -> RunControl:
    """The control of the innermost :func:`interruptible`, or one of its own that nobody else holds."""
    return _ACTIVE.get() or RunControl()
