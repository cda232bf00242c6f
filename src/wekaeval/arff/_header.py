"""An ARFF header as WEKA's ``ArffLoader.ArffReader.readHeader`` and ``parseAttribute`` read it.

Token by token over :mod:`wekaeval.arff._tokenizer`, so names and labels are what WEKA makes of them:
quotes and backslash escapes resolved (``'it\\'s'`` is ``it's``), a quoted keyword still a keyword, ``?``
a label like any other in a declaration (only an unquoted ``?`` *value* is missing).  Refused as WEKA
refuses them: a nominal label declared twice, two attributes of one name, an unterminated quote that
swallows the rest of a declaration, a date pattern ``SimpleDateFormat`` rejects.  Relational attributes
nest; deeper than :data:`MAX_DEPTH` is an error (WEKA's own reader overflows its stack somewhere beyond).

A brace where a name belongs (``@relation {``, ``@attribute } numeric``) is read as WEKA reads it: the
token's ``sval``, Java's null, so the name is None; a relational attribute without a name is refused (WEKA's
reader fails on its ``@end`` with a NullPointerException), and so is a second attribute without one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from wekaeval.arff._dates import _JAVA_LETTERS
from wekaeval.arff._tokenizer import (
    CLOSE,
    MISSING,
    OPEN,
    TT_EOF,
    TT_EOL,
    TT_WORD,
    Tokenizer,
    equals_ignore_case,
    line_of,
    real_text,
)
from wekaeval.arff._types import Attribute
from wekaeval.errors import ArffError
from wekaeval.javamath import java_parse_double

#: How deep relational attributes may nest (multi-instance data nests one level; WEKA's own reader
#: overflows its Java stack at some depth in the thousands, which depends on the JVM's stack size).
MAX_DEPTH = 100

_NUMERIC_TYPES = ("numeric", "real", "integer")

#: The rest of the most common declaration, ``@attribute name numeric`` and the like, read at once: a name of
#: word characters only, a numeric or string type, the line end; the tokenizer would read exactly this.
_PLAIN_DECLARATION = re.compile(
    r"[ \t]+([A-Za-z0-9_][A-Za-z0-9_.\-]*)[ \t]+(numeric|real|integer|string)[ \t]*(?:\r\n|\n|\r)",
    re.ASCII | re.IGNORECASE,
)
_NEXT_PLAIN_DECLARATION = re.compile("@attribute" + _PLAIN_DECLARATION.pattern, re.ASCII | re.IGNORECASE)


@dataclass(frozen=True)
class Header:
    """The relation's name, its attributes, and the tokenizer, standing just after ``@data``."""

    relation: str | None
    attributes: tuple[Attribute, ...]
    tokens: Tokenizer
    declared_at: tuple[int, ...]  # where each attribute's declaration starts (an offset of the byte view)


def shown(text: str | None, limit: int = 60, null: str = "nothing") -> str:
    """``repr`` of a piece of input for a message, at most ``limit`` characters of it (``null`` for None)."""
    if text is None:
        return null
    return repr(text) if len(text) <= limit else repr(text[:limit]) + "..."


def read_header(view: str, name: str) -> Header:
    """Read the header of the byte view ``view`` of file ``name`` (see :func:`~wekaeval.arff._tokenizer.byte_view`).

    Raises
    ------
    ArffError
        Naming the file and the line, for anything WEKA's reader refuses.
    """
    reader = _HeaderReader(Tokenizer(view), name)
    return reader.header()


def token_text(tokens: Tokenizer) -> str:
    """What the current token is, for a message."""
    if tokens.ttype == TT_EOL:
        return "the end of the line"
    if tokens.ttype == TT_EOF:
        return "the end of the file"
    if tokens.ttype in (OPEN, CLOSE):
        return repr(chr(tokens.ttype))
    return shown(real_text(tokens.sval or ""))


class _HeaderReader:
    """readHeader's helpers (getFirstToken, getNextToken, getLastToken, readTillEOL) and its two methods."""

    def __init__(self, tokens: Tokenizer, name: str):
        self.tokens = tokens
        self.name = name

    def error(self, message: str, pos: int | None = None) -> ArffError:
        at = self.tokens.start if pos is None else pos
        return ArffError(message, source=self.name, line=line_of(self.tokens.text, at))

    def first_token(self) -> int:
        """getFirstToken: the next token that is no line end; a quoted one is a word, ``?`` missing."""
        tokens = self.tokens
        while tokens.next_token() == TT_EOL:
            pass
        return self._as_value()

    def next_token(self, what: str) -> int:
        """getNextToken: the next token, which must be on this line (``what`` says what was expected)."""
        tokens = self.tokens
        tokens.next_token()
        if tokens.ttype in (TT_EOL, TT_EOF):
            raise self.error(f"{what} expected, found {token_text(tokens)}")
        return self._as_value()

    def _as_value(self) -> int:
        tokens = self.tokens
        if tokens.ttype in (39, 34):
            tokens.ttype = TT_WORD
        elif tokens.ttype == TT_WORD and tokens.sval == "?":
            tokens.ttype = MISSING
        return tokens.ttype

    def last_token(self, after: str) -> None:
        """getLastToken(false): the line must end here."""
        if self.tokens.next_token() != TT_EOL:
            raise self.error(f"end of line expected after {after}, found {token_text(self.tokens)}")

    def till_line_end(self) -> None:
        """readTillEOL: skip the rest of the line (pushing back its end)."""
        tokens = self.tokens
        while tokens.next_token() not in (TT_EOL, TT_EOF):
            pass
        tokens.push_back()

    def word(self) -> str | None:
        """The current token's text (None for a brace)."""
        return None if self.tokens.sval is None else real_text(self.tokens.sval)

    def is_keyword(self, keyword: str) -> bool:
        text = self.word()
        return text is not None and equals_ignore_case(text, keyword)

    def header(self) -> Header:
        tokens = self.tokens
        self.first_token()
        if tokens.ttype == TT_EOF:
            raise self.error("empty: no @relation")
        if not self.is_keyword("@relation"):
            raise self.error(self._not_a_declaration("@relation"))
        self.next_token("the relation's name")
        relation = self._name()
        self.last_token(f"@relation {shown(relation)}")
        self._expect_more()
        declared_at: list[int] = []
        attributes = self._declarations(depth=0, relation=None, declared_at=declared_at)
        if not self.is_keyword("@data"):
            if self.is_keyword("@end"):
                raise self.error(f"{shown(self._line_text(), 40)} without a relational attribute to end")
            raise self.error(self._not_a_declaration("@attribute or @data"))
        if not attributes:
            raise self.error("no attributes declared before @data")
        return Header(relation, tuple(attributes), tokens, tuple(declared_at))

    def _expect_more(self, relational: tuple[str, int] | None = None) -> None:
        """The token after a declaration's line: there must be one (in a relational attribute, its @end)."""
        start = self.tokens.pos
        if self.first_token() == TT_EOF:
            if relational is not None:
                raise self.error(self._unterminated(*relational), start)
            raise self.error("the file ends in the header: no @data section", start)

    def _unterminated(self, name: str | None, declared_at: int) -> str:
        line = line_of(self.tokens.text, declared_at)
        return f"relational attribute {shown(name)} (line {line}) must be terminated by @end {name}"

    def _line_text(self) -> str:
        """The text of the current token's line, from the token on."""
        text = self.tokens.text
        start = self.tokens.start
        end = min((i for i in (text.find("\n", start), text.find("\r", start)) if i >= 0), default=len(text))
        return real_text(text[start:end]).strip()

    def _not_a_declaration(self, expected: str) -> str:
        word = self.word()
        if word is None or not word.startswith("@"):
            return f"{shown(self._line_text(), 40)} is no declaration: expected {expected}"
        return f"unknown declaration {shown(word)}: expected {expected}"

    def _name(self) -> str | None:
        """A name: the token's text, None (Java's null) for a brace."""
        return self.word()

    def _declarations(
        self, depth: int, relation: tuple[str, int] | None, declared_at: list[int] | None = None
    ) -> list[Attribute]:
        """``@attribute`` lines up to ``@data`` (or, in relational attribute ``relation``, up to its ``@end``)."""
        attributes: list[Attribute] = []
        names: set[str | None] = set()
        while self.is_keyword("@attribute"):
            plain = self._plain_declarations()
            if plain:  # the checks in the order the token-by-token reading makes them
                for start, attribute in plain[:-1]:
                    self._add(attribute, start, attributes, names, declared_at, relation)
                self._expect_more(relation)
                self._add(plain[-1][1], plain[-1][0], attributes, names, declared_at, relation)
                continue
            start = self.tokens.start
            self._add(self._attribute(depth, relation), start, attributes, names, declared_at, relation)
        return attributes

    def _add(
        self,
        attribute: Attribute,
        start: int,
        attributes: list[Attribute],
        names: set[str | None],
        declared_at: list[int] | None,
        relation: tuple[str, int] | None,
    ) -> None:
        if declared_at is not None:
            declared_at.append(start)
        if attribute.name in names:
            where = "" if relation is None else f" in relational attribute {shown(relation[0])}"
            named = shown(attribute.name, null="null (a brace where its name belongs)")
            raise self.error(f"a second attribute named {named}{where}", start)
        names.add(attribute.name)
        attributes.append(attribute)

    def _plain_declarations(self) -> list[tuple[int, Attribute]]:
        """The current declaration and those on the lines right after it, while they are plain (see
        ``_PLAIN_DECLARATION``), each with where it starts; the tokenizer left after the last one's line end."""
        tokens = self.tokens
        found = []
        start, match = tokens.start, _PLAIN_DECLARATION.match(tokens.text, tokens.pos)
        while match:
            found.append(
                (start, Attribute(match.group(1), "string" if match.group(2).lower() == "string" else "numeric"))
            )
            start = match.end()
            match = _NEXT_PLAIN_DECLARATION.match(tokens.text, start)
        if found:
            tokens.pos = start
        return found

    def _attribute(self, depth: int, relation: tuple[str, int] | None) -> Attribute:
        """parseAttribute: one declaration, from ``@attribute`` to the first token after it."""
        tokens = self.tokens
        declared_at = tokens.start
        self.next_token("an attribute name")
        name = self._name()
        self.next_token(f"a type for attribute {shown(name)}")
        kind = None
        if tokens.ttype == TT_WORD:  # a type (quoted or not); anything else should open the labels
            kind = _type_of(self.word() or "")
            if kind is None:
                raise self.error(f"attribute {shown(name)}: no valid type or enumeration: {token_text(tokens)}")
        if kind in _NUMERIC_TYPES or kind == "string":
            self._attribute_weight(name)
            self.till_line_end()
            attribute = Attribute(name, "numeric" if kind in _NUMERIC_TYPES else "string")
        elif kind == "date":
            attribute = self._date(name, declared_at)
        elif kind == "relational":
            attribute = self._relational(name, depth, declared_at)
        else:
            attribute = self._nominal(name, declared_at)
        self.last_token(f"the declaration of attribute {shown(name)}")
        self._expect_more(relation)
        return attribute

    def _attribute_weight(self, name: str | None) -> None:
        """getAttributeWeight: an optional ``{weight}`` after the type (read, checked, not kept)."""
        tokens = self.tokens
        tokens.next_token()
        if tokens.ttype in (TT_EOL, TT_EOF):
            tokens.push_back()
            return
        if tokens.ttype != OPEN:
            return  # another word: skipped with the rest of the line
        tokens.next_token()
        try:
            java_parse_double(self.word() or "")
        except ValueError:
            weight = token_text(tokens)
            raise self.error(f"attribute {shown(name)}: the attribute weight {weight} is no number") from None
        if tokens.next_token() != CLOSE:
            raise self.error(f"attribute {shown(name)}: }} expected after its weight, found {token_text(tokens)}")

    def _date(self, name: str | None, declared_at: int) -> Attribute:
        tokens = self.tokens
        tokens.next_token()
        pattern = None
        if tokens.ttype == OPEN:
            tokens.push_back()
        elif tokens.ttype != TT_EOL:
            if tokens.ttype not in (TT_WORD, 39, 34):
                raise self.error(f"attribute {shown(name)}: not a valid date format: {token_text(tokens)}")
            pattern = self.word()
            problem = _date_pattern_problem(pattern or "")
            if problem:
                raise self.error(f"attribute {shown(name)}: date pattern {shown(pattern)}: {problem}", declared_at)
        else:
            tokens.push_back()
            return Attribute(name, "date", date_format=None)
        self._attribute_weight(name)
        self.till_line_end()
        return Attribute(name, "date", date_format=pattern)

    def _relational(self, name: str | None, depth: int, declared_at: int) -> Attribute:
        if name is None:
            raise self.error(
                "a relational attribute without a name (a brace where its name belongs): WEKA's reader fails on it "
                "with a NullPointerException at its @end",
                declared_at,
            )
        if depth >= MAX_DEPTH:
            raise self.error(
                f"relational attribute {shown(name)} nests deeper than {MAX_DEPTH} levels, more than wekaeval reads "
                "(WEKA's reader overflows its stack at some greater depth)",
                declared_at,
            )
        self._attribute_weight(name)
        self.till_line_end()
        self.last_token(f"relational attribute {shown(name)}")
        self._expect_more((name, declared_at))
        nested = self._declarations(depth + 1, (name, declared_at))
        if not self.is_keyword("@end"):
            raise self.error(f"{self._unterminated(name, declared_at)}; found {token_text(self.tokens)}")
        self.next_token(f"@end {name}")
        end_name = self.word()
        if end_name is None or not equals_ignore_case(name, end_name):
            raise self.error(f"{self._unterminated(name, declared_at)}, not by @end {end_name}")
        return Attribute(name, "relational", relation=tuple(nested))

    def _nominal(self, name: str | None, declared_at: int) -> Attribute:
        tokens = self.tokens
        tokens.push_back()
        if tokens.next_token() != OPEN:
            raise self.error(f"attribute {shown(name)}: a type or {{ expected, found {token_text(tokens)}")
        labels: list[str] = []
        seen: set[str] = set()
        while tokens.next_token() != CLOSE:
            if tokens.ttype in (TT_EOL, TT_EOF):
                raise self.error(f"attribute {shown(name)}: }} expected at the end of its labels")
            label = self.word()
            if label is None:
                raise self.error(f"attribute {shown(name)}: a label expected, found {token_text(tokens)}")
            if label in seen:
                twice = f"nominal attribute {shown(name)} declares the label {shown(label)} twice"
                raise self.error(twice, declared_at)
            seen.add(label)
            labels.append(label)
        self._attribute_weight(name)
        self.till_line_end()
        return Attribute(name, "nominal", tuple(labels))


def _type_of(word: str) -> str | None:
    """The type keyword ``word`` is (``real`` and ``integer`` are ``numeric``), or None."""
    return next((k for k in (*_NUMERIC_TYPES, "string", "date", "relational") if equals_ignore_case(word, k)), None)


def _date_pattern_problem(pattern: str) -> str | None:
    """What ``new SimpleDateFormat(pattern)`` throws for (``compile``), or None."""
    quoted = False
    i = 0
    while i < len(pattern):
        char = pattern[i]
        if char == "'":
            if pattern[i + 1 : i + 2] == "'":
                i += 2
                continue
            quoted = not quoted
        elif not quoted and ("a" <= char <= "z" or "A" <= char <= "Z") and char not in _JAVA_LETTERS:
            return f"{char!r} is no SimpleDateFormat letter"
        i += 1
    return "an unterminated quote" if quoted else None
