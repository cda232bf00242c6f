"""Worker processes that never outlive their parent, and how many of them the machine can run at once.

A worker process (each with its own JVM, hundreds of MB) is ended by its parent on purpose; if the parent dies
first -- ``SIGKILL``, a crash, the out-of-memory killer -- Linux's parent-death signal ends the worker too
(:func:`die_with_parent`), and a worker ignores the stop signals a terminal sends to the whole process group
(:func:`ignore_stop_signals`), so that its parent handles them, writes what was finished and ends it.
"""

from __future__ import annotations

import os
import signal
import threading
import time

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
