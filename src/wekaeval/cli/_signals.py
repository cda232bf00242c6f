"""Ending a long command cleanly on ``SIGINT`` (Ctrl-C), ``SIGTERM`` or ``SIGHUP`` (a closed terminal), at any
moment.

Python runs its signal handlers only between bytecodes of the main thread, and the main thread of a parity or
experiment run spends most of its time inside the JVM (a single WEKA job can take minutes).  So the signals are
caught the way that works there: a C-level handler writes the signal's number to a pipe (``signal.set_wakeup_fd``),
and a watching thread, which needs no help from the main thread, does the ending: ``finish(signum)`` (end the
worker processes, write what was finished, print one line), then ``os._exit(128 + signum)``.  ``os._exit``
ends every thread at once, the JVM's included, with no shutdown to crash in.

The main thread holds :attr:`SignalGuard.lock` while it writes its own final outputs, so a signal arriving
then waits for them rather than racing them.
"""

from __future__ import annotations

import io
import os
import signal
import sys
import threading
from collections.abc import Callable
from types import TracebackType

from wekaeval._processes import STOP_SIGNALS

SIGNALS = STOP_SIGNALS


class SignalGuard:
    """``with SignalGuard(finish):`` — ``SIGINT``/``SIGTERM``/``SIGHUP`` call ``finish(signum)`` on a watching thread,
    then end the process with status ``128 + signum``.  Outside the main thread (where handlers cannot be set) it does
    nothing, and the signals keep their usual effect."""

    def __init__(self, finish: Callable[[int], None]):
        self.finish = finish
        self.lock = threading.RLock()
        self.active = False
        self._pipe: tuple[int, int] | None = None
        self._previous: dict[int, object] = {}
        self._previous_fd = -1
        self._stderr = -1  # a copy of file descriptor 2 as the command began

    def __enter__(self) -> SignalGuard:
        if threading.current_thread() is not threading.main_thread():
            return self
        try:
            self._stderr = os.dup(2)
        except OSError:  # no stderr
            self._stderr = -1
        read, write = os.pipe()
        os.set_blocking(write, False)
        self._pipe = (read, write)
        for number in SIGNALS:
            self._previous[number] = signal.signal(number, _note)
        self._previous_fd = signal.set_wakeup_fd(write, warn_on_full_buffer=False)
        self.active = True
        threading.Thread(target=self._watch, name="wekaeval-signals", daemon=True).start()
        return self

    def _watch(self) -> None:
        assert self._pipe is not None
        try:
            received = os.read(self._pipe[0], 1)
        except OSError:
            received = b""
        finally:
            os.close(self._pipe[0])
        if not received:  # the pipe closed: the command ended normally
            return
        number = received[0]
        with self.lock:
            if not self.active:  # the command finished meanwhile, its outputs whole
                return
            self._restore_stderr()
            try:
                self.finish(number)
            except BaseException as error:  # the last words must not be a traceback
                try:
                    print(f"wekaeval: error: while stopping: {error}", file=sys.stderr)
                except Exception:
                    pass
            finally:
                try:
                    sys.stdout.flush()
                    sys.stderr.flush()
                except Exception:
                    pass
                os._exit(128 + number)

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> None:
        if not self.active or self._pipe is None:
            return
        with self.lock:  # a signal being handled finishes first (and ends the process)
            self.active = False
            signal.set_wakeup_fd(self._previous_fd)
            for number, handler in self._previous.items():
                signal.signal(number, handler)  # type: ignore[arg-type]  # what signal.signal returned
            os.close(self._pipe[1])  # the watcher reads end-of-file, closes its end and returns
            if self._stderr >= 0:
                os.close(self._stderr)
                self._stderr = -1

    def _restore_stderr(self) -> None:
        """Standard error as it was when the command began: a signal may come while the main thread captures
        file descriptor 2 (the JVM starting: :func:`wekaeval.bridge` drops Java's warnings), and the last line
        must reach the user, not the capture (the process ends with ``os._exit``, so nothing is put back)."""
        if self._stderr < 0:
            return
        try:
            sys.stderr.flush()
        except Exception:  # noqa: BLE001 - a closed or broken stream: the line is written all the same
            pass
        try:
            os.dup2(self._stderr, 2)
        except OSError:
            pass
        # and the line goes to a descriptor of its own: the main thread runs on, and may capture 2 again
        # (bridge.stderr_lines_dropped, once per WEKA evaluation) before the line is written
        try:
            stream = io.FileIO(os.dup(self._stderr), "w")
            encoding = getattr(sys.stderr, "encoding", None) or "utf-8"
            sys.stderr = io.TextIOWrapper(stream, encoding=encoding, errors="backslashreplace", write_through=True)
        except (OSError, ValueError):
            pass


def _note(number: int, frame: object) -> None:
    """The Python-level handler: nothing; the C-level one already woke the watching thread."""
