"""Reading the text of a path or a file object, for every reader in wekaeval: as a stream, bounded, decoded.

Bytes are read a chunk at a time and decoded with the caller's ``encoding``
(UTF-8 unless told; a UTF-8 byte-order mark is dropped).  Nothing is read
without bound: a line longer than ``max_line`` characters (``/dev/zero``, a
binary file) is an error naming the file and the line, and no message quotes
more than :data:`QUOTE_LIMIT` characters of the input.  Bytes the encoding
cannot decode raise the reader's own error class, naming the file, the line
and the byte, and saying how to read the file instead:

>>> import io
>>> read_text(io.BytesIO("caf\\u00e9\\n".encode("cp1252")), WekaOutputError)
Traceback (most recent call last):
  ...
wekaeval.errors.WekaOutputError: <stream>:1: not UTF-8 text (byte 0xe9); pass its encoding (e.g. encoding="cp1252", ...
>>> read_text(io.BytesIO("caf\\u00e9\\n".encode("cp1252")), WekaOutputError, encoding="cp1252")
('<stream>', 'café\\n')

``encoding="auto"`` decides per file, by one documented rule (:func:`auto_rule`):

1. a byte-order mark decides (UTF-8, UTF-16 or UTF-32, little or big endian);
2. otherwise text that is valid UTF-8 is UTF-8;
3. otherwise, if everything before the first byte that is not UTF-8 is ASCII and
   the whole text read as Windows-1252 is Western European text (every
   non-ASCII character a Latin letter or common Western punctuation, never
   three in a row) holding no UTF-8 character (``é`` in UTF-8 reads ``Ã©``
   in cp1252: a file in both is refused, naming the line of the UTF-8
   character), it is cp1252, with a :class:`~wekaeval.errors.LegacyEncodingWarning`;
4. otherwise nothing decides: the error names the code pages that decode the
   bytes to different texts, and asks for ``encoding=``.

>>> source = TextSource(io.BytesIO("Kappa caf\\u00e9\\n".encode("cp1252")), WekaOutputError, encoding="auto")
>>> import warnings
>>> with warnings.catch_warnings(record=True):
...     lines = [line for chunk in source.chunks() for line in chunk]
>>> lines, source.encoding
(['Kappa café'], 'cp1252')
"""

from __future__ import annotations

import codecs
import os
import re
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from wekaeval.errors import ArffError, CostMatrixError, LegacyEncodingWarning, WekaOutputError

__all__ = [
    "read_text",
    "read_decoded",
    "TextSource",
    "check_encoding",
    "quoted",
    "auto_rule",
    "QUOTE_LIMIT",
    "MAX_LINE",
]


#: The errors a reader reports malformed text with; each takes ``(message, source=, line=)``.
TextError = type[ArffError] | type[WekaOutputError] | type[CostMatrixError]

#: No line of a text file may be longer (in characters): a sane bound that no WEKA output or ARFF row nears.
MAX_LINE = 1 << 24

#: Error messages quote at most this many characters of the input.
QUOTE_LIMIT = 200

_CHUNK_BYTES = 1 << 20

#: Codecs that are not a file's character encoding (Python's bytes-to-bytes and str-to-str codecs are refused by
#: their own flag; these are text encodings of something else).
_NOT_FILE_ENCODINGS = frozenset({"punycode", "idna", "raw-unicode-escape", "unicode-escape"})

_BOMS = (  # longest first: the UTF-32 LE mark starts with the UTF-16 LE one
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)

#: The non-ASCII characters of Western European text in Windows-1252: Latin letters, and the punctuation and
#: signs such text holds.  Superscripts, fractions and the box-drawing look of other code pages are not here.
_WESTERN = (
    "\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u00ff\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192"
    "\u00a0\u00a1\u00a3\u00a7\u00a9\u00ab\u00ae\u00b0\u00b1\u00b5\u00b7\u00bb\u00bf\u00d7\u00f7"
    "\u20ac\u2013\u2014\u2018\u2019\u201a\u201c\u201d\u201e\u2020\u2021\u2022\u2026\u2030\u2039\u203a\u2122"
)
_NOT_WESTERN = re.compile(f"[^\\x00-\\x7f{_WESTERN}]|[^\\x00-\\x7f]{{3,}}")

#: A UTF-8 character beyond ASCII, as bytes: cp1252 text of Western Europe holds none (``Ã©`` is ``é`` in UTF-8).
_UTF8_SEQUENCE = re.compile(
    rb"[\xc2-\xdf][\x80-\xbf]|\xe0[\xa0-\xbf][\x80-\xbf]|[\xe1-\xec\xee\xef][\x80-\xbf]{2}|\xed[\x80-\x9f][\x80-\xbf]"
    rb"|\xf0[\x90-\xbf][\x80-\xbf]{2}|[\xf1-\xf3][\x80-\xbf]{3}|\xf4[\x80-\x8f][\x80-\xbf]{2}"
)

#: The legacy code pages named in an error when nothing decides between them.
_CANDIDATES = ("cp1252", "cp1250", "cp1251", "cp1253", "cp1254", "big5", "gbk", "shift_jis", "euc_kr", "koi8_r")


def auto_rule() -> str:
    """The rule ``encoding="auto"`` follows, in one line (for help texts and docs)."""
    return "a byte-order mark decides; else UTF-8; else Western European cp1252 (with a warning); else an error"


def quoted(text: str) -> str:
    """``repr`` of at most :data:`QUOTE_LIMIT` characters of ``text`` (``...`` marks a cut)."""
    if len(text) <= QUOTE_LIMIT:
        return repr(text)
    return repr(text[:QUOTE_LIMIT]) + "..."


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """``number`` and ``noun``, singular for 1 and plural (``noun + "s"`` unless given) otherwise: every count
    a message prints.

    >>> counted(1, "dataset"), counted(2, "classifier"), counted(0, "row"), counted(1, "data set", "data sets")
    ('1 dataset', '2 classifiers', '0 rows', '1 data set')
    """
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


def check_encoding(encoding: str) -> None:
    """Raise LookupError naming ``encoding`` unless it is ``"auto"`` or a text encoding Python knows."""
    if encoding == "auto":
        return
    try:
        info = codecs.lookup(encoding)
    except (LookupError, TypeError):
        raise LookupError(f"unknown encoding: {encoding!r}") from None
    if not getattr(info, "_is_text_encoding", True) or info.name in _NOT_FILE_ENCODINGS:
        raise LookupError(f"not a text file encoding: {encoding!r}")


class TextSource:
    """A path, an open file or a ``str``, read as decoded text a chunk at a time.

    :meth:`chunks` yields the text's lines (split at ``\\n``, ``\\r\\n`` and
    ``\\r``, without their ends) in lists, once; :meth:`pieces` yields the
    decoded text itself.  After reading, :attr:`encoding` is the codec used
    (``"auto"`` resolved) and :attr:`ends_with_newline` whether the last line
    had its line end.
    """

    def __init__(
        self,
        source: str | os.PathLike | IO,
        error: TextError,
        *,
        encoding: str = "utf-8",
        max_line: int = MAX_LINE,
        text: str | None = None,
        name: str | None = None,
    ):
        check_encoding(encoding)
        self.error = error
        self.requested = encoding
        self.encoding = "utf-8" if encoding == "auto" else codecs.lookup(encoding).name
        self.max_line = max_line
        self.text = text
        self.source = source
        if text is not None:
            self.name = name or "<text>"
            self.encoding = "str"
        elif isinstance(source, (str, os.PathLike)):
            self.name = name or str(Path(source))
        else:
            self.name = name or str(getattr(source, "name", "<stream>"))
        self.ends_with_newline = True
        self.lines_read = 0
        self.warning: str | None = None

    # -- lines ------------------------------------------------------------------------------------

    def chunks(self, lines_per_chunk: int = 1 << 14) -> Iterator[list[str]]:
        """The text's lines in lists (the last line kept even without its line end)."""
        if self.text is not None:  # split a slice at a time (cut after a "\n": a "\r\n" stays whole)
            text, start = self.text, 0
            while True:
                cut = text.find("\n", start + _CHUNK_BYTES)
                end = len(text) if cut < 0 else cut + 1
                lines = text[start:end].replace("\r\n", "\n").replace("\r", "\n").split("\n")
                last = end == len(text)
                if last:
                    self.ends_with_newline = lines[-1] == ""
                if lines[-1] == "":  # the slice's final line end
                    lines.pop()
                self._check_lengths(lines, self.lines_read)
                for first in range(0, len(lines), lines_per_chunk):
                    self.lines_read += len(lines[first : first + lines_per_chunk])
                    yield lines[first : first + lines_per_chunk]
                if last:
                    return
                start = end
        carry = ""
        for piece in self.pieces(check_lines=False):
            held = ""
            if piece.endswith("\r"):  # its "\n" may start the next piece
                piece, held = piece[:-1], "\r"
            lines = (carry + piece).replace("\r\n", "\n").replace("\r", "\n").split("\n")
            carry = lines.pop() + held
            self._check_lengths(lines, self.lines_read)
            if len(carry) > self.max_line:
                raise self._too_long(carry, self.lines_read + len(lines) + 1)
            if lines:
                self.lines_read += len(lines)
                yield lines
        self.ends_with_newline = carry == "" or carry.endswith("\r")
        if carry:
            self.lines_read += 1
            yield [carry.removesuffix("\r")]

    def _check_lengths(self, lines: list[str], before: int) -> None:
        if lines and max(map(len, lines)) > self.max_line:
            for number, line in enumerate(lines, before + 1):
                if len(line) > self.max_line:
                    raise self._too_long(line, number)

    def _too_long(self, line: str, number: int) -> Exception:
        return self.error(
            f"a line longer than {self.max_line:,} characters (not text, or not WEKA's): {quoted(line[:40])}",
            source=self.name,
            line=number,
        )

    # -- decoded text -----------------------------------------------------------------------------

    def pieces(self, *, check_lines: bool = True) -> Iterator[str]:
        """The decoded text, a piece at a time (line ends as they are)."""
        if self.text is not None:
            yield self.text
            return
        handle, close = self._open()
        try:
            yield from self._decoded(handle, check_lines)
        finally:
            if close:
                handle.close()

    def _open(self) -> tuple[Any, bool]:
        if isinstance(self.source, (str, os.PathLike)):
            return open(self.source, "rb"), True  # noqa: SIM115 -- closed by pieces()
        return self.source, False

    def _decoded(self, handle: Any, check_lines: bool) -> Iterator[str]:
        first = handle.read(_CHUNK_BYTES)
        if isinstance(first, str):  # an open text file: taken as it decodes
            self.encoding = "str"
            piece: Any = first
            while piece:
                if not isinstance(piece, str):
                    raise TypeError(f"{self.name} gave {type(piece).__name__}, not text")
                yield piece
                piece = handle.read(_CHUNK_BYTES)
            return
        if not isinstance(first, bytes):
            raise TypeError(f"{self.name} gave {type(first).__name__}, not text")
        decoder = _Decoder(self, first)
        raw: bytes = first
        line_ends, unfinished = 0, 0
        while True:
            final = not raw
            text = decoder.decode(raw, final=final)
            if check_lines and text:
                unfinished = self._check_piece(text, line_ends, unfinished)
                line_ends = decoder.lines_before
            if text:
                yield text
            if final:
                return
            raw = handle.read(_CHUNK_BYTES)

    def _check_piece(self, text: str, line_ends: int, unfinished: int) -> int:
        """The length of the unfinished last line after ``text``; an error past ``max_line``."""
        last_end = max(text.rfind("\n"), text.rfind("\r"))
        if last_end < 0:
            unfinished += len(text)
        else:
            first_end = min(i for i in (text.find("\n"), text.find("\r")) if i >= 0)
            if unfinished + first_end > self.max_line:
                raise self._too_long(text[:first_end], line_ends + 1)
            if len(text) > self.max_line:  # a long line inside one piece
                for number, line in enumerate(re.split(r"\r\n|\r|\n", text[:last_end]), line_ends + 1):
                    if len(line) > self.max_line:
                        raise self._too_long(line, number)
            unfinished = len(text) - last_end - 1
        if unfinished > self.max_line:
            raise self._too_long(text[-40:], line_ends + text.count("\n") + 1)
        return unfinished


class _Decoder:
    """Incremental decoding of one file, ``auto`` resolved from its first bytes and what follows."""

    def __init__(self, source: TextSource, first: bytes):
        self.source = source
        self.lines_before = 0  # line ends in the text decoded so far, for error positions
        self.held = ""  # the end of the text before, read as cp1252 by auto: a UTF-8 character may span pieces
        self.first_cp1252 = (1, "")  # the line and byte that made auto read cp1252
        self.ascii_so_far = True
        self.auto = source.requested == "auto"
        codec = source.encoding
        if self.auto:
            for bom, name in _BOMS:
                if first.startswith(bom):
                    codec = name
                    first_bom = bom
                    break
            else:
                first_bom = b""
                _refuse_bomless_utf16(first, source)
            self.skip = len(first_bom)
        else:
            self.skip = 0
            if codec == "utf-8":
                codec = "utf-8-sig"
        source.encoding = {"utf-8-sig": "utf-8"}.get(codec, codec)
        self.codec = codec
        self.decoder = codecs.getincrementaldecoder(codec)(errors="strict")

    def decode(self, raw: bytes, final: bool) -> str:
        if self.skip:
            raw, self.skip = raw[self.skip :], 0
        try:
            text = self.decoder.decode(raw, final=final)
        except UnicodeDecodeError as problem:
            text = self._undecodable(raw, problem, final)
        except UnicodeError as problem:  # a codec that reports otherwise
            raise self._error(f"not {self.source.encoding} text ({problem})", self.lines_before + 1) from None
        if self.codec == "cp1252" and self.auto and not text.isascii():
            self._check_not_utf8(text)
            self._check_western(text)
        elif self.codec == "cp1252" and self.auto:
            self.held = ""
        if self.ascii_so_far and not text.isascii():
            self.ascii_so_far = False
        self.lines_before += text.count("\n")
        if "\r" in text:  # (looked for at memory speed: counting is as slow as a loop over the text)
            self.lines_before += text.count("\r") - text.count("\r\n")
        return text

    def _undecodable(self, raw: bytes, problem: UnicodeDecodeError, final: bool) -> str:
        pending = problem.object[: problem.start]
        line = self.lines_before + _count_lines(pending, self.codec) + 1
        byte = problem.object[problem.start] if problem.start < len(problem.object) else None
        shown = f"byte {byte:#04x}" if byte is not None else "the text ends inside a character"
        source = self.source
        if self.auto and self.codec == "utf-8-sig" or (self.auto and self.codec == "utf-8"):
            if self.ascii_so_far and pending.isascii():
                # Everything so far is ASCII, the same in UTF-8 and cp1252: read the rest as cp1252.
                self.codec = "cp1252"
                source.encoding = "cp1252"
                self.first_cp1252 = (line, shown)
                self.decoder = codecs.getincrementaldecoder("cp1252")(errors="strict")
                source.warning = (
                    f"{source.name}: not UTF-8 ({shown} on line {line}); read as cp1252 (Western European) by "
                    'encoding="auto"; pass encoding= if that is wrong'
                )
                warnings.warn(source.warning, LegacyEncodingWarning, stacklevel=6)
                try:
                    return self.decoder.decode(problem.object, final=final)
                except UnicodeDecodeError as second:
                    raise self._ambiguous(second.object, line) from None
            raise self._error(
                f"not UTF-8 text ({shown}), though the lines before are UTF-8 with other non-ASCII characters: "
                "mixed encodings; pass encoding= to choose one",
                line,
            )
        if self.codec in ("utf-8", "utf-8-sig"):
            advice = 'pass its encoding (e.g. encoding="cp1252", or encoding="auto") to read it'
            if problem.object[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
                advice = (
                    'it starts with a UTF-16 byte-order mark: pass encoding="utf-16" (or encoding="auto") to read it'
                )
            raise self._error(f"not UTF-8 text ({shown}); {advice}", line)
        if self.codec == "cp1252" and self.auto:
            raise self._ambiguous(problem.object, line)
        raise self._error(f"not {source.encoding} text ({shown}); pass its encoding=", line)

    def _check_not_utf8(self, text: str) -> None:
        """Text read as cp1252 by ``auto`` holds no UTF-8 character (``é`` would read ``Ã©``): a file that is cp1252
        in one place and UTF-8 in another is refused, never turned into mojibake."""
        held = self.held
        raw = (held + text).encode("cp1252")  # cp1252 is one byte a character: the bytes read
        self.held = text[-3:]  # a UTF-8 character split between two pieces
        found = _UTF8_SEQUENCE.search(raw)
        if found is None:
            return
        at = found.start() - len(held)
        line = self.lines_before + text[: max(at, 0)].count("\n") + 1
        first_line, shown = self.first_cp1252
        character = found.group().decode("utf-8")
        raise self._error(
            f'mixed encodings: line {first_line} is not UTF-8 ({shown}), so encoding="auto" read the file as '
            f"cp1252, but this line holds UTF-8 ({character!r}, which cp1252 reads as "
            f"{found.group().decode('cp1252')!r}); pass encoding= to choose one",
            line,
        )

    def _check_western(self, text: str) -> None:
        found = _NOT_WESTERN.search(text)
        if found is not None:
            line = self.lines_before + text[: found.start()].count("\n") + 1
            raise self._ambiguous(text.encode("cp1252", errors="replace"), line, found.group())

    def _ambiguous(self, raw: bytes, line: int, sample: str | None = None) -> Exception:
        readable = []
        for name in _CANDIDATES:
            try:
                raw.decode(name)
            except UnicodeDecodeError:
                continue
            readable.append(name)
        shown = f" (read as cp1252 it holds {quoted(sample)})" if sample else ""
        others = ", ".join(readable) if readable else "none of " + ", ".join(_CANDIDATES)
        return self._error(
            f"not UTF-8, and not Western European text in cp1252{shown}; the bytes decode as {others}, "
            "each to a different text, and nothing decides between them: pass encoding=",
            line,
        )

    def _error(self, message: str, line: int) -> Exception:
        return self.source.error(message, source=self.source.name, line=line)


def _count_lines(raw: bytes, codec: str) -> int:
    text = raw.decode(codec, errors="replace")
    return text.count("\n") + text.count("\r") - text.count("\r\n")


def _refuse_bomless_utf16(first: bytes, source: TextSource) -> None:
    """UTF-16 without a byte-order mark is valid UTF-8 full of NULs: say what it is rather than read it."""
    head = first[:4096]
    if len(head) >= 8 and head.count(0) * 3 >= len(head):
        even, odd = head[0::2].count(0), head[1::2].count(0)
        guess = "utf-16-le" if odd > even else "utf-16-be"
        raise source.error(
            f"looks like UTF-16 without a byte-order mark (NUL bytes between the characters): "
            f'pass encoding="{guess}" to read it',
            source=source.name,
            line=1,
        )


def read_text(
    source: str | os.PathLike | IO, error: TextError, *, encoding: str = "utf-8", max_line: int = MAX_LINE
) -> tuple[str, str]:
    """``(name, text)`` of a path or an open file (text or binary).

    Raises ``error`` for bytes that are not text in ``encoding`` (``"auto"``:
    see the module's rule) or a line longer than ``max_line``, and OSError
    when a path cannot be read.  An open text file is taken as it decodes.
    """
    name, text, _ = read_decoded(source, error, encoding=encoding, max_line=max_line)
    return name, text


def read_decoded(
    source: str | os.PathLike | IO, error: TextError, *, encoding: str = "utf-8", max_line: int = MAX_LINE
) -> tuple[str, str, str]:
    """:func:`read_text` and the codec it decoded with (``"auto"`` resolved: ``"utf-8"``, ``"utf-16"``,
    ``"cp1252"``, ...)."""
    reader = TextSource(source, error, encoding=encoding, max_line=max_line)
    text = "".join(reader.pieces())
    return reader.name, text, reader.encoding
