"""ARFF data rows as WEKA's ``ArffReader.getInstanceFull`` / ``getInstanceSparse`` read them, one at a time.

This is the reader of record: every rule of WEKA's, every error, token by token.  The columnar reader
(:mod:`wekaeval.arff._columnar`) reads the plain lines of large files faster and must agree with it;
whatever it is unsure of comes here.

Values are kept as WEKA keeps them, one double per attribute: a number, a label's index, or the index
of a string, date text or bag in the attribute's list of them (:class:`Table`); NaN is missing.  A sparse
row's absent values are WEKA's 0: the number 0, the first label, the first string or bag of the file.

Every date value, of every date attribute and in bags, is parsed as WEKA parses it (in the plan's time zone,
WEKA's JVM default) and refused where WEKA's ``unparseable date`` refuses the file; the values stay texts.

Where wekaeval refuses what WEKA reads (each in the README's "Deliberate differences"): a value after
the last attribute (WEKA drops one silently and reads a second as the start of the next row), and an
instance weight that is not a finite number (WEKA reads ``{NaN}`` as 1 and takes infinities).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import tzinfo

import numpy as np

from wekaeval.arff._dates import DateParser, DatePatternError
from wekaeval.arff._header import MAX_DEPTH, shown, token_text
from wekaeval.arff._plaindates import PlainDates
from wekaeval.arff._tokenizer import (
    CLOSE,
    DOUBLE_QUOTE,
    MISSING,
    OPEN,
    QUOTE,
    TT_EOF,
    TT_EOL,
    TT_WORD,
    Tokenizer,
    byte_view,
    line_of,
    real_text,
)
from wekaeval.arff._types import Attribute
from wekaeval.errors import ArffError
from wekaeval.javamath import java_parse_double, java_parse_int

NUMERIC, NOMINAL, STRING, DATE, RELATIONAL = range(5)
_KINDS = {"numeric": NUMERIC, "nominal": NOMINAL, "string": STRING, "date": DATE, "relational": RELATIONAL}


@dataclass(frozen=True, eq=False)
class Plan:
    """How to read each attribute's values: its kind, a nominal's labels by their byte view, a bag's plan, and
    the time zone dates are parsed in."""

    attributes: tuple[Attribute, ...]
    kinds: tuple[int, ...]
    lookups: tuple[dict[str, int] | None, ...]
    nested: tuple[Plan | None, ...]
    zone: tzinfo | str = "UTC"
    found: dict = field(default_factory=dict, compare=False)  # what readers work out once per attribute

    @classmethod
    def of(cls, attributes: tuple[Attribute, ...], zone: tzinfo | str = "UTC") -> Plan:
        kinds = tuple(_KINDS[a.type] for a in attributes)
        lookups = tuple(
            {byte_view(label): i for i, label in enumerate(a.values or ())} if a.type == "nominal" else None
            for a in attributes
        )
        nested = tuple(cls.of(a.relation or (), zone) if a.type == "relational" else None for a in attributes)
        return cls(attributes, kinds, lookups, nested, zone)

    def date_problem(self, index: int, texts: list[str]) -> str | None:
        """Why WEKA refuses the first of ``texts`` it cannot parse as date attribute ``index``'s value
        (``unparseable date``), or None.

        Dates written plainly are told at once (:mod:`~wekaeval.arff._plaindates`), the others parsed once per
        distinct text.  A pattern this port does not parse (see :mod:`~wekaeval.arff._dates`), or a date
        naming a time zone, is not checked: its texts are kept as they are.
        """
        key = ("dates", index)
        found: tuple[DateParser | None, PlainDates | None, dict[str, bool]] | None = self.found.get(key)
        if found is None:
            attribute = self.attributes[index]
            try:
                made = DateParser(attribute.date_format, self.zone)
                found = (made, PlainDates.of(made), {})
            except DatePatternError:
                found = (None, None, {})
            self.found[key] = found
        parser, plain, seen = found
        if parser is None:
            return None
        if plain is not None and len(texts) >= 64:  # a column of dates (a columnar run): the plain ones at once
            texts = [texts[i] for i in np.flatnonzero(~plain.surely(texts)).tolist()]
        unseen = [text for text in dict.fromkeys(texts) if text not in seen]  # each new text once
        if unseen:
            sure = plain.surely(unseen).tolist() if plain is not None else [False] * len(unseen)
            for text, surely in zip(unseen, sure, strict=True):
                try:
                    seen[text] = surely or parser.parse(text) is not None
                except DatePatternError:
                    seen[text] = True
        bad = next((text for text in texts if not seen[text]), None)  # the first WEKA refuses, in file order
        if bad is None:
            return None
        name = self.attributes[index].name
        return f"unparseable date {shown(bad)} for {shown(name)} (pattern {shown(parser.pattern)})"


@dataclass(frozen=True, eq=False)
class DenseBlock:
    """Consecutive dense rows: their values (rows x attributes), weights and offsets in the text."""

    values: np.ndarray
    weights: np.ndarray
    starts: np.ndarray


@dataclass(frozen=True, eq=False)
class SparseBlock:
    """Consecutive sparse rows, compressed: row r's values are ``values[indptr[r]:indptr[r + 1]]``."""

    indptr: np.ndarray
    indices: np.ndarray
    values: np.ndarray
    weights: np.ndarray
    starts: np.ndarray


@dataclass(eq=False)
class Table:
    """What a reader has read: blocks of rows in file order, and each attribute's strings, dates or bags."""

    plan: Plan
    blocks: list[DenseBlock | SparseBlock] = field(default_factory=list)
    items: list[list] = field(default_factory=list)  # per attribute: its strings, date texts or bags (Tables)

    def __post_init__(self) -> None:
        if not self.items:
            self.items = [[] for _ in self.plan.kinds]

    @property
    def num_rows(self) -> int:
        return sum(len(block.weights) for block in self.blocks)

    def weights(self) -> np.ndarray:
        return _joined([block.weights for block in self.blocks], np.float64)

    def starts(self) -> np.ndarray:
        return _joined([block.starts for block in self.blocks], np.int64)

    def column(self, index: int, absent: float = 0.0) -> np.ndarray:
        """Attribute ``index``'s values as WEKA stores them, one double per row (a sparse row's absent one 0).

        ``absent`` stands for a sparse row's absent value instead of 0 (for a date, whose 0 is no index).
        """
        parts = []
        for block in self.blocks:
            if isinstance(block, DenseBlock):
                parts.append(block.values[:, index])
                continue
            column = np.full(len(block.weights), absent, dtype=np.float64)
            at = np.flatnonzero(block.indices == index)
            # + 0.0 turns -0.0 into 0.0: SparseInstance(weight, values, indices, max) keeps only values != 0,
            # so a sparse row's -0 is an absent value, WEKA's 0.0
            column[np.searchsorted(block.indptr, at, side="right") - 1] = block.values[at] + 0.0
            parts.append(column)
        return _joined(parts, np.float64)


def _joined(parts: list[np.ndarray], dtype: type) -> np.ndarray:
    if not parts:
        return np.empty(0, dtype=dtype)
    return parts[0] if len(parts) == 1 else np.concatenate(parts)


class RowReader:
    """Reads rows with a :class:`~wekaeval.arff._tokenizer.Tokenizer` into a :class:`Table`, WEKA's way.

    ``where`` prefixes messages (a bag's reader names its attribute and bag row); errors name the line
    of ``tokens`` unless ``line`` fixes it (a bag's rows are all on its row's line).
    """

    def __init__(self, tokens: Tokenizer, table: Table, name: str, *, depth: int = 0, line: int | None = None):
        self.tokens = tokens
        self.table = table
        self.name = name
        self.depth = depth
        self.line = line
        self._dense: list[list[float]] = []
        self._indptr: list[int] = [0]
        self._indices: list[int] = []
        self._values: list[float] = []
        self._weights: list[float] = []
        self._starts: list[int] = []
        self._sparse = False

    def error(self, message: str, pos: int | None = None) -> ArffError:
        tokens = self.tokens
        if self.line is not None:  # inside a bag: name the bag's row, on the line of the row holding the bag
            row = line_of(tokens.text, tokens.start if pos is None else pos)
            return ArffError(f"bag row {row}: {message}", source=self.name, line=self.line)
        return ArffError(message, source=self.name, line=line_of(tokens.text, tokens.start if pos is None else pos))

    def read_all(self) -> Table:
        """Read rows to the end of the text."""
        while self.read_row():
            pass
        self.flush()
        return self.table

    def read_row(self) -> bool:
        """Read one row (getInstance); False at the end of the text."""
        tokens = self.tokens
        while tokens.next_token() == TT_EOL:
            pass
        if tokens.ttype == TT_EOF:
            return False
        start = tokens.start
        if tokens.ttype == OPEN:
            if not self._sparse:
                self._flush_dense()
                self._sparse = True
            self._sparse_row()
        else:
            if self._sparse:
                self._flush_sparse()
                self._sparse = False
            self._dense_row()
        self._weights.append(self._weight())
        self._starts.append(start)
        return True

    def flush(self) -> None:
        """Move the rows read so far into the table's blocks."""
        if self._sparse:
            self._flush_sparse()
        else:
            self._flush_dense()

    def _flush_dense(self) -> None:
        if self._dense:
            width = len(self.table.plan.kinds)
            values = np.array(self._dense, dtype=np.float64).reshape(len(self._dense), width)
            self.table.blocks.append(DenseBlock(values, self._taken_weights(), self._taken_starts()))
            self._dense = []

    def _flush_sparse(self) -> None:
        if len(self._indptr) > 1:
            block = SparseBlock(
                np.array(self._indptr, dtype=np.int64),
                np.array(self._indices, dtype=np.int32),
                np.array(self._values, dtype=np.float64),
                self._taken_weights(),
                self._taken_starts(),
            )
            self.table.blocks.append(block)
            self._indptr, self._indices, self._values = [0], [], []

    def _taken_weights(self) -> np.ndarray:
        weights = np.array(self._weights, dtype=np.float64)
        self._weights = []
        return weights

    def _taken_starts(self) -> np.ndarray:
        starts = np.array(self._starts, dtype=np.int64)
        self._starts = []
        return starts

    def _dense_row(self) -> None:
        tokens = self.tokens
        width = len(self.table.plan.kinds)
        row = [self._value(0)]
        for index in range(1, width):
            if tokens.next_token() in (TT_EOL, TT_EOF):
                raise self.error(f"{width} values expected, the row ends after {index}")
            row.append(self._value(index))
        self._dense.append(row)

    def _sparse_row(self) -> None:
        tokens = self.tokens
        width = len(self.table.plan.kinds)
        last = -1
        while True:
            if tokens.next_token() in (TT_EOL, TT_EOF):
                raise self.error("sparse row without its closing }")
            if tokens.ttype == CLOSE:
                break
            try:
                index = java_parse_int(real_text(tokens.sval or ""))  # Integer.valueOf: any script's digits
            except ValueError:
                raise self.error(f"an attribute index expected in a sparse row, found {token_text(tokens)}") from None
            if index <= last:
                twice = "given twice" if index == last else f"after index {last}"
                raise self.error(f"sparse index {index} {twice}: the indices of a sparse row must increase")
            if index >= width:
                raise self.error(f"sparse index {index} out of range: the data has {width} attributes (0..{width - 1})")
            last = index
            if tokens.next_token() in (TT_EOL, TT_EOF):
                raise self.error(f"a value expected after sparse index {index}")
            self._indices.append(index)
            self._values.append(self._value(index))
        self._indptr.append(len(self._indices))

    def _value(self, index: int) -> float:
        """The current token as attribute ``index``'s value (getNextToken's ?, then the type's rule)."""
        tokens = self.tokens
        ttype = tokens.ttype
        text = tokens.sval
        if ttype == TT_WORD and text == "?":
            return math.nan
        if ttype not in (TT_WORD, QUOTE, DOUBLE_QUOTE) or text is None:
            raise self.error(f"a value expected for attribute {shown(self._name(index))}, found {token_text(tokens)}")
        plan = self.table.plan
        kind = plan.kinds[index]
        if kind == NUMERIC:
            try:
                return java_parse_double(text)
            except ValueError:
                raise self.error(
                    f"a number expected for attribute {shown(self._name(index))}, found {token_text(tokens)}"
                ) from None
        if kind == NOMINAL:
            label = plan.lookups[index].get(text)  # type: ignore[union-attr]
            if label is None:
                raise self.error(
                    f"{token_text(tokens)} is not a label of nominal attribute {shown(self._name(index))} "
                    f"(labels: {_labels(plan.attributes[index])})"
                )
            return float(label)
        items = self.table.items[index]
        if kind == RELATIONAL:
            items.append(self._bag(index, text))
        else:
            value = real_text(text)
            if kind == DATE:
                problem = plan.date_problem(index, [value])
                if problem is not None:
                    raise self.error(problem)
            items.append(value)
        return float(len(items) - 1)

    def _bag(self, index: int, text: str) -> Table:
        """A relational value: its text read as rows of the nested attributes (a nested ArffReader)."""
        nested = self.table.plan.nested[index]
        assert nested is not None  # noqa: S101
        if self.depth + 1 > MAX_DEPTH:  # pragma: no cover (the header refuses such nesting first)
            raise self.error(f"bags nested deeper than {MAX_DEPTH} levels")
        line = self.line if self.line is not None else line_of(self.tokens.text, self.tokens.start)
        reader = RowReader(Tokenizer(text), Table(nested), self.name, depth=self.depth + 1, line=line)
        try:
            return reader.read_all()
        except ArffError as error:
            raise ArffError(
                f"in relational attribute {shown(self._name(index))}, {error.reason}", source=self.name, line=line
            ) from None

    def _weight(self) -> float:
        """getInstanceWeight and getLastToken: an optional ``{weight}``, then the end of the line."""
        tokens = self.tokens
        if tokens.next_token() in (TT_EOL, TT_EOF):
            return 1.0
        if tokens.ttype != OPEN:
            width = len(self.table.plan.kinds)
            raise self.error(
                f"a value after the last of the {width} attributes: {token_text(tokens)} "
                "(WEKA would drop it, or start the next row with it)"
            )
        tokens.next_token()
        text = tokens.sval
        shown_weight = "{" + ("" if text is None else real_text(text)[:40]) + "}"
        try:
            weight = java_parse_double(text if text is not None and tokens.ttype != CLOSE else "")
        except ValueError:
            raise self.error(f"instance weight {shown_weight} is not a number") from None
        if math.isnan(weight):
            raise self.error(f"instance weight {shown_weight} is not a number (WEKA would read it as 1)")
        if not math.isfinite(weight):
            raise self.error(f"instance weight {shown_weight} is not finite")
        if tokens.next_token() != CLOSE:
            raise self.error(f"}} expected after instance weight {shown_weight}, found {token_text(tokens)}")
        if tokens.next_token() not in (TT_EOL, TT_EOF):
            raise self.error(f"end of line expected after the instance weight, found {token_text(tokens)}")
        return weight

    def _name(self, index: int) -> str | None:
        return self.table.plan.attributes[index].name


def _labels(attribute: Attribute) -> str:
    values = attribute.values or ()
    text = ", ".join(values[:10]) + (", ..." if len(values) > 10 else "")
    return shown(text, 80)


__all__ = ["MISSING", "Plan", "Table", "RowReader", "DenseBlock", "SparseBlock"]
