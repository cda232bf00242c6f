"""Reading the text of a path or a file object, for every reader in wekaeval.

Bytes are decoded with the caller's ``encoding`` (UTF-8 unless told; a UTF-8
byte-order mark is dropped).  Bytes the encoding cannot decode raise the
reader's own error class, naming the file, the line and the byte, and saying
how to read the file instead:

>>> import io
>>> read_text(io.BytesIO("caf\\u00e9\\n".encode("cp1252")), WekaOutputError)
Traceback (most recent call last):
  ...
wekaeval.errors.WekaOutputError: <stream>:1: not UTF-8 text (byte 0xe9); pass encoding= (e.g. "cp1252") to read it
>>> read_text(io.BytesIO("caf\\u00e9\\n".encode("cp1252")), WekaOutputError, encoding="cp1252")
('<stream>', 'café\\n')
"""

from __future__ import annotations

import codecs
import os
from pathlib import Path
from typing import IO, Any

from wekaeval.errors import ArffError, CostMatrixError, WekaOutputError

__all__ = ["read_text", "decode", "check_encoding"]


#: The errors a reader reports malformed text with; each takes ``(message, source=, line=)``.
TextError = type[ArffError] | type[WekaOutputError] | type[CostMatrixError]


def read_text(source: str | os.PathLike | IO, error: TextError, *, encoding: str = "utf-8") -> tuple[str, str]:
    """``(name, text)`` of a path or an open file (text or binary).

    Raises ``error`` for bytes that are not text in ``encoding`` and OSError
    when a path cannot be read.  An open text file is taken as it decodes.
    """
    check_encoding(encoding)
    if isinstance(source, (str, os.PathLike)):
        path = Path(source)
        return str(path), decode(path.read_bytes(), str(path), error, encoding=encoding)
    name = str(getattr(source, "name", "<stream>"))
    content: Any = source.read()
    if isinstance(content, bytes):
        content = decode(content, name, error, encoding=encoding)
    if not isinstance(content, str):
        raise TypeError(f"{name} gave {type(content).__name__}, not text")
    return name, content


def decode(raw: bytes, name: str, error: TextError, *, encoding: str = "utf-8") -> str:
    """The text of ``raw``; ``error`` names the line of the first byte ``encoding`` cannot decode."""
    codec = codecs.lookup(encoding).name
    try:
        return raw.decode("utf-8-sig" if codec == "utf-8" else encoding)
    except UnicodeDecodeError as problem:
        line = raw[: problem.start].count(b"\n") + 1
        advice = 'pass encoding= (e.g. "cp1252") to read it' if codec == "utf-8" else "pass its encoding="
        if codec == "utf-8" and raw[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
            advice = 'it starts with a UTF-16 byte-order mark: pass encoding="utf-16" to read it'  # PowerShell's >
        shown = "UTF-8" if codec == "utf-8" else encoding
        message = f"not {shown} text (byte {raw[problem.start]:#04x}); {advice}"
        raise error(message, source=name, line=line) from None


def check_encoding(encoding: str) -> None:
    """Raise LookupError naming ``encoding`` unless Python knows it."""
    try:
        codecs.lookup(encoding)
    except (LookupError, TypeError):
        raise LookupError(f"unknown encoding: {encoding!r}") from None
