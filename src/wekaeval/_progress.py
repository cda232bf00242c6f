"""Progress on a terminal: the one home of the rule for every progress line wekaeval draws (``wekaeval parity``,
``wekaeval experiment``, :func:`wekaeval.experiment.run`), serial or with worker processes.

The line tells the truth: its count is the rows finished, never more than the total and never going back
(a count that arrives late, out of order or twice changes nothing); its time left is shown only once a few
rows have finished, from the rate of the rows finished since the first one (the start -- the JVMs, the
datasets read -- is not a rate); it fits the terminal's width, 80 columns where the terminal reports none
(a pty without a size says 0); and nothing at all is drawn when the stream is not a terminal, so piped or
redirected output is the plain rows.

>>> import io
>>> class Terminal(io.StringIO):
...     def isatty(self):
...         return True
>>> clock = iter(range(0, 100, 10)).__next__
>>> screen = Terminal()
>>> line = ProgressLine("parity", stream=screen, clock=clock, columns=60)
>>> line.update(2, 10)
>>> line.update(1, 12)  # late, with a new estimate of the total: the count stays at 2
>>> screen.getvalue().split("\\r")[-1]
'parity 2/12 [#####.........................]  16%\\x1b[K'
>>> line.update(5, 4)  # a total below what is finished is that count
>>> screen.getvalue().split("\\r")[-1]
'parity 5/5 [##############################] 100%\\x1b[K'
>>> line.close()
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from typing import IO

#: The width where the terminal reports none (0 columns).
FALLBACK_COLUMNS = 80

#: Rows finished after the first one before a time left is shown.
RATE_ROWS = 3


class ProgressLine:
    """One progress line on ``stream`` (default: standard error at the time of each draw), drawn only when it is a
    terminal: ``update(done, total, note)`` as rows finish, ``write(text, rows)`` for a line printed above it,
    ``clear()`` before a message of one's own, ``close()`` at the end (the line erased)."""

    def __init__(
        self,
        label: str,
        *,
        stream: IO[str] | None = None,
        clock: Callable[[], float] = time.monotonic,
        columns: int | None = None,
    ):
        self.label = label
        self._stream = stream
        self._clock = clock
        self._columns = columns
        self.done = 0
        self.total = 0
        self.note = ""
        self._first: tuple[int, float] | None = None  # the first finished rows seen, and when
        self._drawn = False

    @property
    def stream(self) -> IO[str]:
        return self._stream if self._stream is not None else sys.stderr

    @property
    def shown(self) -> bool:
        """Whether the line is drawn: its stream is a terminal."""
        try:
            return bool(self.stream.isatty())
        except (AttributeError, ValueError):  # closed, or no isatty
            return False

    def update(self, done: int, total: int, note: str = "") -> None:
        """``done`` of ``total`` rows finished (the count never goes back; the total is at least the count); redraw."""
        self.done = max(self.done, int(done))
        self.total = max(int(total), self.done)  # an estimate below what is finished: the finished count
        if note:
            self.note = note
        if self.done > 0 and self._first is None:
            self._first = (self.done, self._clock())
        self.draw()

    def eta(self) -> float | None:
        """Seconds left, from the rate of the rows finished since the first; None until :data:`RATE_ROWS` more."""
        if self._first is None or self.done >= self.total:
            return None
        first, since = self._first
        rows = self.done - first
        elapsed = self._clock() - since
        if rows < RATE_ROWS or elapsed <= 0:
            return None
        return (self.total - self.done) * elapsed / rows

    def text(self, columns: int) -> str:
        """The line, at most ``columns - 1`` characters (a last column written would wrap on some terminals)."""
        width = max(columns - 1, 10)
        count = f"{self.label} {self.done}/{self.total}" if self.label else f"{self.done}/{self.total}"
        percent = f"{100 * self.done // self.total if self.total else 0:3d}%"
        left = self.eta()
        eta = f" {_clock_time(left)} left" if left is not None else ""
        tail = f" {self.note}" if self.note else ""
        fixed = len(count) + len(percent) + len(eta) + 4  # " [" "] " around the bar
        bar_width = min(30, width - fixed - 1)
        if bar_width >= 5:
            filled = bar_width * self.done // self.total if self.total else 0
            line = f"{count} [{'#' * filled}{'.' * (bar_width - filled)}] {percent}{eta}{tail}"
        else:
            line = f"{count} {percent}{eta}{tail}"
        return line[:width]

    def draw(self) -> None:
        if not self.shown:
            return
        stream = self.stream
        stream.write("\r" + self.text(self.columns()) + "\033[K")
        stream.flush()
        self._drawn = True

    def columns(self) -> int:
        """The terminal's width: given, else the stream's (or ``COLUMNS``), else :data:`FALLBACK_COLUMNS`."""
        if self._columns is not None:
            return self._columns if self._columns > 0 else FALLBACK_COLUMNS
        try:
            columns = os.get_terminal_size(self.stream.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 0
        if columns <= 0:
            try:
                columns = int(os.environ.get("COLUMNS", "0"))
            except ValueError:
                columns = 0
        return columns if columns > 0 else FALLBACK_COLUMNS

    def write(self, text: str, rows: IO[str]) -> None:
        """``text`` as a line on ``rows`` (standard output, say), the progress line redrawn below it."""
        self.clear()
        print(text, file=rows, flush=True)
        if self._drawn:
            self.draw()

    def clear(self) -> None:
        """The line erased (before a message on the same terminal); the next update draws it again."""
        if self.shown and self._drawn:
            self.stream.write("\r\033[K")
            self.stream.flush()

    def close(self) -> None:
        self.clear()
        self._drawn = False

    def __enter__(self) -> ProgressLine:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __call__(self, done: int, total: int) -> None:
        """``progress(done, total)``: :func:`wekaeval.experiment.run`'s callable."""
        self.update(done, total)


def _clock_time(seconds: float) -> str:
    """``seconds`` as ``m:ss`` or ``h:mm:ss``."""
    whole = int(round(seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
