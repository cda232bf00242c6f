"""The lines of a WEKA output, read front to back as a stream: what the block parsers consume.

:class:`Lines` holds only a window of the text: the lines not yet read and
a margin behind them, refilled a chunk at a time from a
:class:`~wekaeval._textsource.TextSource`.  A predictions table of millions
of rows goes through :meth:`Lines.raw_window` without a Python object per
line surviving it.

>>> lines = Lines("    Kappa statistic   0.9\\n\\n    ```\\n", "<text>")
>>> lines.take(), lines.take(), lines.take(), lines.more(), lines.fences
((1, 'Kappa statistic   0.9'), (2, ''), (3, ''), False, [(3, '    ```')])
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from typing import Any

from wekaeval._textsource import TextSource
from wekaeval.errors import WekaOutputError

#: A Markdown code fence (text saved in a README): it ends a block as a blank line does.
FENCE = re.compile(r"^\s*(```|~~~)")

#: Lines kept behind the read position, for the parsers that look back (a class-details table re-read).
_MARGIN = 1 << 16


class Lines:
    """The text's lines with their 1-based numbers, consumed front to back.

    A uniform indentation (text pasted indented by four spaces or a tab) is
    removed first: the whitespace every non-blank line starts with.  A line
    of whitespace only reads as ``""``; a Markdown fence too (kept in
    :attr:`fences`, with its number).
    """

    def __init__(self, text: str | TextSource, source: str | None = None):
        if isinstance(text, str):
            text = TextSource(text, WekaOutputError, text=text, name=source or "<text>")
        self.text_source = text
        self.source = source or text.name
        self.indent = common_indent(text)
        self._chunks: Iterator[list[str]] = text.chunks()
        self.raw: list[str] = []  # the window of raw lines
        self.views: list[str | None] = []  # each one's reading (indent removed, blank, fence), once made
        self.base = 0  # lines before the window
        self.index = 0  # the read position inside the window
        self.exhausted = False
        self.fences: list[tuple[int, str]] = []
        self._fence_numbers: set[int] = set()
        self.region: str | None = None  # the indentation of an indented block being read unindented
        self.notes: list[tuple[int, str]] = []  # text found glued to WEKA's lines, for report.other
        self.watcher: Callable[[int, str], None] | None = None  # told of every line taken

    # -- the window -------------------------------------------------------------------------------

    def _fill(self) -> bool:
        """Read one more chunk into the window; False at the end of the text."""
        if self.exhausted:
            return False
        chunk = next(self._chunks, None)
        if chunk is None:
            self.exhausted = True
            return False
        if self.index > 2 * _MARGIN:
            drop = self.index - _MARGIN
            del self.raw[:drop]
            del self.views[:drop]
            self.base += drop
            self.index -= drop
        start = len(self.raw)
        self.raw += chunk
        self.views += [None] * len(chunk)
        if self.region is not None:
            self._dedent_from(start)
        return True

    def _ensure(self, ahead: int) -> bool:
        """Whether the line ``ahead`` lines past the read position exists (filling the window as needed)."""
        while self.index + ahead >= len(self.raw):
            if not self._fill():
                return False
        return True

    def _view(self, i: int) -> str:
        view = self.views[i]
        if view is None:
            raw = self.raw[i]
            if not raw or raw.isspace():
                view = ""
            elif FENCE.match(raw):
                number = self.base + i + 1
                if number not in self._fence_numbers:
                    self._fence_numbers.add(number)
                    self.fences.append((number, raw))
                view = ""
            else:
                view = raw[len(self.indent) :]
            self.views[i] = view
        return view

    # -- reading ----------------------------------------------------------------------------------

    @property
    def position(self) -> int:
        """The number of lines read (the last one read is line ``position``)."""
        return self.base + self.index

    @position.setter
    def position(self, value: int) -> None:
        if value < self.base:
            raise RuntimeError("Lines cannot go back that far")  # a parser's own error, never the text's
        self.index = value - self.base

    def more(self) -> bool:
        return self._ensure(0)

    def peek(self, ahead: int = 0) -> str:
        if not self._ensure(ahead):
            raise IndexError("past the end of the text")
        return self._view(self.index + ahead)

    def has(self, ahead: int) -> bool:
        """Whether a line ``ahead`` lines past the next one exists."""
        return self._ensure(ahead)

    def take(self) -> tuple[int, str]:
        if not self._ensure(0):
            raise IndexError("past the end of the text")
        view = self._view(self.index)
        self.index += 1
        if self.watcher is not None:
            self.watcher(self.position, view)
        return self.position, view

    def take_required(self, what: str) -> tuple[int, str]:
        if not self.more() or self.peek() == "":
            raise self.error(f"expected {what} (truncated?)")
        return self.take()

    def skip_blank(self) -> None:
        while self.more() and self.peek() == "":
            self.index += 1

    def last_raw(self, back: int = 1) -> str | None:
        """The ``back``-th last line read, as it is in the file (None before the start)."""
        i = self.index - back
        return self.raw[i] if 0 <= i < len(self.raw) else None

    def text_of(self, start: int, stop: int) -> list[str]:
        """Lines ``start + 1`` .. ``stop`` (1-based numbers) as read, still in the window."""
        return [self._view(i - self.base) for i in range(start, stop)]

    # -- a predictions table at speed ---------------------------------------------------------------

    def raw_window(self, most: int) -> list[str]:
        """Up to ``most`` unread lines as they are in the file (no indentation removed), for a parser that
        reads rows whose leading spaces do not matter; empty at the end of the text."""
        self._ensure(min(most, 1 << 14) - 1)
        return self.raw[self.index : self.index + most]

    def forget_read(self, keep: int = 1 << 10) -> None:
        """Drop the lines read but the last ``keep`` from the window: a long predictions table, once read,
        is looked back on by no parser, so the window need not hold its rows."""
        drop = self.index - keep
        if drop > 0:
            del self.raw[:drop]
            del self.views[:drop]
            self.base += drop
            self.index -= drop

    def raw_safe(self) -> bool:
        """Whether removing leading spaces is all the reading of a line does to a row (so raw rows may be read)."""
        return set(self.indent) <= {" "} and (self.region is None or set(self.region) <= {" "})

    def skip_raw(self, count: int) -> None:
        """Pass over ``count`` unread lines taken through :meth:`raw_window` (all rows: not blank, no fence)."""
        if self.region is not None and not all(line.startswith(self.region) for line in self.raw_window(count)):
            for _ in range(count):  # the indented region ends among them: read them one by one
                self.take()
            return
        self.views[self.index : self.index + count] = self.raw[self.index : self.index + count]
        self.index += count

    # -- indentation ------------------------------------------------------------------------------

    def dedent_region(self) -> None:
        """Read the last line taken, and the lines after it that share its indentation, without it.

        Text indented as a block inside other text (a Markdown code block in a
        README) reads as if it were not indented; the region ends at the first
        non-blank line with less indentation.
        """
        i = self.index - 1
        line = self._view(i)
        self.region = line[: len(line) - len(line.lstrip())]
        self._dedent_from(i)

    def _dedent_from(self, start: int) -> None:
        indent = self.region
        assert indent is not None
        for j in range(start, len(self.raw)):
            view = self._view(j)
            if view and not view.startswith(indent):
                self.region = None
                return
            self.views[j] = view[len(indent) :]

    def error(self, message: str, line: int | None = None) -> WekaOutputError:
        where = line if line is not None else self.position + 1  # past the end when the text stops short
        return WekaOutputError(message, source=self.source, line=where)


def common_indent(source: TextSource) -> str:
    """The whitespace every non-blank line (fences aside) starts with; ``""`` after the first line that has none."""
    indent: str | None = None
    tail = "\n"
    for piece in _pieces_again(source):
        text = tail + piece
        cut = max(text.rfind("\n"), text.rfind("\r"))
        body, tail = text[: cut + 1], text[cut:]
        indent = _shrink(indent, body)
        if indent == "":
            return ""
    indent = _shrink(indent, tail + "\n")
    return indent or ""


def _pieces_again(source: TextSource) -> Iterator[str]:
    """The text's decoded pieces, read in a pass of their own (a file is opened again)."""
    if source.text is not None:
        yield source.text
        return
    if isinstance(source.source, (str, os.PathLike)):
        again = TextSource(source.source, source.error, encoding=source.requested, max_line=source.max_line)
        yield from again.pieces()  # bounded: a line past max_line (/dev/zero) is an error here already
        return
    handle: Any = source.source
    if getattr(handle, "seekable", lambda: False)():
        start = handle.tell()
        try:
            yield from source.pieces()
        finally:
            handle.seek(start)
        return
    # An open file read once: keep its text, so that both passes see it.
    source.text = "".join(source.pieces())
    yield source.text


_LINE_START = re.compile(r"[\n\r](?=[^\n\r]*\S)")


def _shrink(indent: str | None, text: str) -> str | None:
    """``indent`` cut to what the non-blank lines starting after a line end in ``text`` share."""
    position = 0
    while True:
        if indent is None:
            found = _LINE_START.search(text, position)
        else:
            found = re.compile(r"[\n\r](?!" + re.escape(indent) + r")(?=[^\n\r]*\S)").search(text, position)
        if found is None:
            return indent
        start = found.end()
        end = len(text)
        for stop in ("\n", "\r"):
            at = text.find(stop, start)
            if at >= 0:
                end = min(end, at)
        line = text[start:end]
        position = start
        if FENCE.match(line):
            continue
        leading = line[: len(line) - len(line.lstrip())]
        indent = leading if indent is None else os.path.commonprefix([indent, leading])
        if indent == "":
            return ""
