"""``java.io.StreamTokenizer`` as WEKA's ``ArffLoader.ArffReader.initTokenizer`` sets it up.

WEKA reads ARFF with Java's ``StreamTokenizer`` configured so (``resetSyntax``, then): characters up to
U+0020 and ``,`` separate tokens; every other character up to U+00FF, and every character above, is a
word character; ``%`` starts a comment to the end of the line; ``'`` and ``"`` quote; ``{`` and ``}`` are
tokens of their own; line ends are tokens.  Everything else follows from those rules: ``1,,2`` is two
values, ``1 2`` too, ``a'b'`` is two tokens, an unquoted backslash is a word character, and inside
quotes a backslash escape that Java does not know just drops the backslash (``\\j`` is ``j``,
``\\u00A3`` is ``u00A3``).

The tokenizer runs over the *byte view* of the text: its UTF-8 bytes, one character per byte
(``latin-1``).  Every character the rules name is ASCII and every non-ASCII character is a word
character, so tokens fall where they fall in Java's characters, and offsets are byte offsets, shared
with the columnar reader.  :func:`real_text` turns a token back into text.

>>> tokens = Tokenizer(byte_view("@attribute 'it\\\\'s' {a, \\"b c\\"} % note\\n"))
>>> [(tokens.next_token(), tokens.sval) for _ in range(8)]  # a comment reads as nothing
[(-3, '@attribute'), (39, "it's"), (123, None), (-3, 'a'), (34, 'b c'), (125, None), (10, None), (-1, None)]
"""

from __future__ import annotations

import re

#: Java's token types: a word, the end of the input, the end of a line; a quote or brace is its own code.
TT_WORD = -3
TT_EOF = -1
TT_EOL = 10
QUOTE = 39
DOUBLE_QUOTE = 34
OPEN = 123
CLOSE = 125
MISSING = 63  # ArffReader's ttype for an unquoted ? (getFirstToken, getNextToken)

_SKIP = re.compile(r"[\x00-\x09\x0b\x0c\x0e-\x20,]*")  # whitespace that is no line end
_WORD = re.compile(r"[^\x00-\x20,%'\"{}]+")
_TO_LINE_END = re.compile(r"[^\r\n]*")
_IN_QUOTES = {"'": re.compile(r"[^\\\n\r']*"), '"': re.compile(r'[^\\\n\r"]*')}
_ESCAPES = {"a": "\x07", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\x0b"}
_OCTAL = "01234567"
_NO_CHAR = "\uffff".encode().decode("latin-1")  # (char) -1: what Java keeps of a backslash at the very end


def byte_view(text: str) -> str:
    """``text`` as the tokenizer reads it: its UTF-8 bytes, one character each."""
    if text.isascii():
        return text
    return text.encode("utf-8", "surrogatepass").decode("latin-1")


def real_text(view: str) -> str:
    """The text of a token read from a byte view."""
    if view.isascii():
        return view
    return view.encode("latin-1").decode("utf-8", "surrogatepass")


def _viewed_char(code: int) -> str:
    return byte_view(chr(code))


class Tokenizer:
    """One ``StreamTokenizer`` over a byte view: ``next_token()``, ``push_back()``, ``ttype``, ``sval``, ``start``.

    ``ttype`` is Java's token type (:data:`TT_WORD`, :data:`TT_EOL`, :data:`TT_EOF`, or the character's
    code for a quote or brace); ``sval`` a word's or quoted token's text, in the byte view, else None;
    ``start`` the offset at which the token begins (for the line of an error).
    """

    __slots__ = ("text", "pos", "ttype", "sval", "start", "_pushed_back")

    def __init__(self, text: str, pos: int = 0):
        self.text = text
        self.pos = pos
        self.ttype = TT_EOF
        self.sval: str | None = None
        self.start = pos
        self._pushed_back = False

    def push_back(self) -> None:
        """The next ``next_token()`` gives the current token again."""
        self._pushed_back = True

    def next_token(self) -> int:
        """Read the next token (Java's ``nextToken``) and give its type."""
        if self._pushed_back:
            self._pushed_back = False
            return self.ttype
        text = self.text
        end = len(text)
        while True:
            pos = _SKIP.match(text, self.pos).end()  # type: ignore[union-attr]
            self.start = pos
            if pos >= end:
                self.pos = pos
                self.sval = None
                self.ttype = TT_EOF
                return TT_EOF
            char = text[pos]
            if char == "\n" or char == "\r":
                self.pos = pos + (2 if text.startswith("\r\n", pos) else 1)  # \r\n is one line end
                self.sval = None
                self.ttype = TT_EOL
                return TT_EOL
            if char == "%":
                self.pos = _TO_LINE_END.match(text, pos).end()  # type: ignore[union-attr]
                continue
            if char == "'" or char == '"':
                return self._quoted(char, pos + 1)
            if char == "{" or char == "}":
                self.pos = pos + 1
                self.sval = None
                self.ttype = OPEN if char == "{" else CLOSE
                return self.ttype
            word = _WORD.match(text, pos)
            assert word is not None  # noqa: S101 (every other character starts a word)
            self.pos = word.end()
            self.sval = word.group()
            self.ttype = TT_WORD
            return TT_WORD

    def _quoted(self, quote: str, pos: int) -> int:
        """A quoted token from ``pos`` (after the quote): it ends at the same quote, a line end or the end."""
        text = self.text
        end = len(text)
        plain = _IN_QUOTES[quote]
        parts = []
        while True:
            run = plain.match(text, pos)
            parts.append(run.group())  # type: ignore[union-attr]
            pos = run.end()  # type: ignore[union-attr]
            if pos >= end:
                break
            char = text[pos]
            if char == quote:
                pos += 1
                break
            if char != "\\":
                break  # a line end closes the token and stays for the next one
            pos += 1
            if pos >= end:
                parts.append(_NO_CHAR)
                break
            escaped = text[pos]
            if escaped in _OCTAL:
                code = int(escaped)
                pos += 1
                if pos < end and text[pos] in _OCTAL:
                    code = code * 8 + int(text[pos])
                    pos += 1
                    if pos < end and text[pos] in _OCTAL and escaped <= "3":
                        code = code * 8 + int(text[pos])
                        pos += 1
                parts.append(_viewed_char(code))
            else:
                parts.append(_ESCAPES.get(escaped, escaped))
                pos += 1
        self.pos = pos
        self.sval = "".join(parts)
        self.ttype = ord(quote)
        return self.ttype


def line_of(text: str, pos: int) -> int:
    """The 1-based line of offset ``pos`` (``\\n``, ``\\r\\n`` and ``\\r`` end lines); the end of a text that
    ends with a line end is on its last line."""
    if pos >= len(text) and text.endswith(("\n", "\r")):
        pos = len(text) - (2 if text.endswith("\r\n") else 1)
    return text.count("\n", 0, pos) + text.count("\r", 0, pos) - text.count("\r\n", 0, pos) + 1


# Character.toUpperCase / toLowerCase map one char to one char (Unicode's simple case mappings); Python's
# str methods use the full ones, which may give two chars.  The one simple mapping Python's cannot give:
_JAVA_LOWER = {"\u0130": "i"}  # capital I with a dot above


def _upper(char: str) -> str:
    mapped = char.upper()
    return mapped if len(mapped) == 1 else char


def _lower(char: str) -> str:
    mapped = _JAVA_LOWER.get(char) or char.lower()
    return mapped if len(mapped) == 1 else char


def equals_ignore_case(a: str, b: str) -> bool:
    """Java's ``String.equalsIgnoreCase``: char by char, equal, or equal in upper case, or in lower case.

    >>> equals_ignore_case("@ATTRIBUTE", "@attribute"), equals_ignore_case("@attr\\u0131bute", "@attribute")
    (True, True)
    """
    if len(a) != len(b):
        return False
    if a == b:
        return True
    if a.isascii() and b.isascii():
        return a.lower() == b.lower()
    for x, y in zip(a, b, strict=True):
        if x == y:
            continue
        upper_x, upper_y = _upper(x), _upper(y)
        if upper_x != upper_y and _lower(upper_x) != _lower(upper_y):
            return False
    return True
