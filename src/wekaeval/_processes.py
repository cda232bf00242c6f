"""Worker processes that never outlive their parent, and how many of them the machine can run at once.

A worker process (each with its own JVM, hundreds of MB) is ended by its parent on purpose; if the parent dies
first -- ``SIGKILL``, a crash, the out-of-memory killer -- Linux's parent-death signal ends the worker too
(:func:`die_with_parent`), and a worker ignores the stop signals a terminal sends to the whole process group
(:func:`ignore_stop_signals`), so that its parent handles them, writes what was finished and ends it.

Workers are spawned (a forked JVM is unusable) without the parent's main script: multiprocessing's spawn runs
the script again in each worker, as ``__mp_main__``, which needs an ``if __name__ == "__main__":`` guard and
re-runs every statement outside it, and fails from standard input.  :func:`start_without_main` starts a
process as if the parent had no main script; a worker that needs one (a scheme defined in the script, pickled
by reference to ``__main__``: :func:`main_names`) imports it on request (:func:`import_main_script`), which
:func:`main_script_for_workers` allows only from a script whose call is under the guard.
"""

from __future__ import annotations

import ast
import os
import pickle
import signal
import sys
import threading
import time
import types
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

#: The signals that stop a run (Ctrl-C, ``kill``, a closed terminal), where the platform has them.
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


def ignore_stop_signals() -> None:
    """Ignore :data:`STOP_SIGNALS` in this (worker) process: its parent handles them and ends it."""
    for number in STOP_SIGNALS:
        signal.signal(number, signal.SIG_IGN)


def die_with_parent(parent: int) -> None:
    """End this process when its parent ``parent`` (a pid) dies: Linux's ``PR_SET_PDEATHSIG`` with ``SIGKILL``;
    where there is none, a thread that checks the parent once a second.  A parent already gone ends it at once
    (the race between the parent's death and the request)."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        asked = libc.prctl(1, signal.SIGKILL) == 0  # PR_SET_PDEATHSIG = 1
    except (OSError, AttributeError):  # no prctl: not Linux
        asked = False
    if os.getppid() != parent:  # the parent died before the request was made
        os._exit(1)
    if not asked:
        threading.Thread(target=_watch_parent, args=(parent,), name="wekaeval-parent", daemon=True).start()


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(1)


def usable_cores() -> int:
    """The processors this process may run on: its CPU affinity where the platform tells it, else the machine's.

    >>> usable_cores() >= 1
    True
    """
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # no affinity here (macOS, Windows)
        return max(1, os.cpu_count() or 1)


def workers_for(workers: int, batches: int) -> int:
    """How many of ``workers`` an experiment of ``batches`` can use: one batch (every row of one dataset, run and
    scheme) is computed by one worker, so workers beyond the batches would only start, at a cost, and wait.
    One means the rows are computed in the calling process, no worker started.

    >>> workers_for(4, 2), workers_for(2, 12), workers_for(2, 0)
    (2, 2, 1)
    """
    return max(1, min(workers, batches))


def fewer_workers_note(asked: str, used: int, batches: int, scheme: str = "scheme") -> str:
    """The words saying an experiment of ``batches`` runs on ``used`` workers (:func:`workers_for`), fewer than
    ``asked`` (the option as its caller spells it); ``scheme`` is the caller's word for a scheme.

    >>> fewer_workers_note("--workers 2", 1, 1, "classifier")[:60]
    '--workers 2 for 1 batch of rows (a dataset x run x classifie'
    """
    batch = "1 batch" if batches == 1 else f"{batches} batches"
    where = ": the rows are computed in this process" if used == 1 else ""
    return (
        f"{asked} for {batch} of rows (a dataset x run x {scheme}, each computed by one worker): "
        f"{counted_workers(used)}{where}"
    )


def counted_workers(count: int) -> str:
    return "1 worker" if count == 1 else f"{count} workers"


class _MainStandIn(types.ModuleType):
    """``__main__`` while a worker is started: the script's names, but no ``__file__`` nor ``__spec__``, which
    are what multiprocessing's spawn reads to run the script again in the worker."""

    def __init__(self, main: types.ModuleType):
        super().__init__("__main__")  # __spec__ None
        self.__dict__["_wekaeval_main"] = main

    def __getattr__(self, name: str) -> Any:
        if name == "__file__":
            raise AttributeError(name)
        return getattr(self.__dict__["_wekaeval_main"], name)


@contextmanager
def _main_hidden() -> Iterator[None]:
    main = sys.modules.get("__main__")
    if main is None:
        yield
        return
    sys.modules["__main__"] = _MainStandIn(main)
    try:
        yield
    finally:
        sys.modules["__main__"] = main


def start_without_main(process: Any) -> None:
    """Start the spawned ``process`` (a ``multiprocessing`` one) without running the parent's main script in it:
    ``__main__`` stands in without its file and spec for the moment of the start, so spawn's preparation data
    names no main module (as from an interactive session).  The script then needs no ``__main__`` guard, and
    works from standard input and notebooks."""
    with _main_hidden():
        process.start()


class _MainFinder(pickle.Pickler):
    """A pickler that notes each class and function ``__main__`` holds, pickled by reference."""

    def __init__(self, file: Any):
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.found: list[str] = []

    def reducer_override(self, obj: Any) -> Any:
        if isinstance(obj, (type, types.FunctionType)) and getattr(obj, "__module__", None) == "__main__":
            name = getattr(obj, "__qualname__", repr(obj))
            if name not in self.found:
                self.found.append(name)
        return NotImplemented


def main_names(value: Any) -> list[str]:
    """The classes and functions of the main script (``__main__``) that pickling ``value`` refers to: what a
    worker cannot unpickle unless it imports the script.

    >>> main_names([1, "a", len])
    []
    """
    import io

    finder = _MainFinder(io.BytesIO())
    try:
        finder.dump(value)
    except Exception:  # noqa: BLE001 -- unpicklable: sending it says so
        pass
    return finder.found


def main_script_for_workers() -> str | None:
    """The main script's path when the workers may import it: it is a file, and the code now running was
    called from under its ``if __name__ == "__main__":`` guard (else importing it in a worker would run the call
    again there).  None otherwise: standard input, a notebook, a call outside the guard."""
    main = sys.modules.get("__main__")
    path = getattr(main, "__file__", None)
    if main is None or path is None or not os.path.isfile(path):
        return None
    frame = sys._getframe(1)
    while frame is not None and not (frame.f_globals is main.__dict__ and frame.f_code.co_name == "<module>"):
        frame = frame.f_back  # type: ignore[assignment]
    if frame is None:
        return None
    try:
        with open(path, "rb") as source:
            tree = ast.parse(source.read())
    except (OSError, SyntaxError, ValueError):
        return None
    line = frame.f_lineno
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and _is_main_test(node.test) and node.body:
            if node.body[0].lineno <= line <= (node.body[-1].end_lineno or node.body[-1].lineno):
                return os.path.abspath(path)
    return None


def _is_main_test(test: ast.expr) -> bool:
    """``__name__ == "__main__"`` (either way round)."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq)):
        return False
    sides = [test.left, test.comparators[0]]
    return any(isinstance(side, ast.Name) and side.id == "__name__" for side in sides) and any(
        isinstance(side, ast.Constant) and side.value == "__main__" for side in sides
    )


def import_main_script(path: str) -> None:
    """In a worker: import the parent's main script as ``__mp_main__`` (its guarded part does not run), so that
    what it defines can be unpickled (multiprocessing's own ``spawn.import_main_path``)."""
    from multiprocessing import spawn

    spawn.import_main_path(path)
