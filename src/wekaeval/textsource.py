"""Reading the text of a path or a file object, for every reader in wekaeval.

Bytes are decoded as UTF-8 (a byte-order mark is dropped); bytes that are
not UTF-8 raise the reader's own error class, naming the file and the line.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import IO, Any

from .errors import ArffError, WekaOutputError

__all__ = ["read_text"]

#: The errors a reader reports malformed text with; each takes ``(message, source=, line=)``.
TextError = type[ArffError] | type[WekaOutputError]


def read_text(source: str | os.PathLike | IO, error: TextError) -> tuple[str, str]:
    """``(name, text)`` of a path or an open file (text or binary).

    Raises ``error`` for bytes that are not UTF-8 and OSError when a path
    cannot be read.
    """
    if isinstance(source, (str, os.PathLike)):
        path = Path(source)
        return str(path), decode(path.read_bytes(), str(path), error)
    name = str(getattr(source, "name", "<stream>"))
    content: Any = source.read()
    if isinstance(content, bytes):
        content = decode(content, name, error)
    if not isinstance(content, str):
        raise TypeError(f"{name} gave {type(content).__name__}, not text")
    return name, content


def decode(raw: bytes, name: str, error: TextError) -> str:
    """UTF-8 text of ``raw``; ``error`` names the line of the first byte that is not UTF-8."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as problem:
        line = raw[: problem.start].count(b"\n") + 1
        raise error(f"not UTF-8 text (byte {raw[problem.start]:#04x})", source=name, line=line) from None
