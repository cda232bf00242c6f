"""The columnar reader: runs of plain ARFF data lines, tokenized and checked with numpy, whole columns at once.

WEKA reads an ARFF file one token at a time (:mod:`wekaeval.arff._rows` does the same, in Python, at a
microsecond a token).  This reader reaches the same values at numpy's speed for the lines that need no
sequential reading: a *plain* line has no comment (``%``), no backslash, no double quote and an even
number of single quotes.  On such lines tokens can be found all at once (a byte is a separator, a word
byte, a brace or a quote, and the quotes pair up within the line), so a run of plain lines becomes
arrays of token offsets, then rows (dense: the attributes' count of tokens, then an optional
``{weight}``; sparse: ``{index value, ...}``), then columns:

* numbers: every token is checked as Java's ``Double.parseDouble`` reads it, in bulk for the usual
  ``-12.5`` shape, quoted or not (eight bytes at a time, :mod:`~wekaeval.arff._words`); the values are
  computed only for the columns asked for; any other shape (``1e-5``, ``NaN``, ``0x1p3``) goes through
  :func:`java_parse_double`, once per distinct text;
* labels: each token of up to 8 bytes looked up among its attribute's labels as one 64-bit number,
  all nominal columns together (longer ones one by one); strings and dates kept as text.

The loader hands it a long run in pieces of a few hundred kilobytes, whose arrays stay in the processor's
cache.

It reads nothing WEKA would not: whenever a run holds anything it does not check itself (a row of the
wrong length, a brace where a value belongs, an unknown label, a bad number, a weight that is not a
finite number, a sparse row out of order, dense and sparse rows mixed) it gives the run back, and the
token-by-token reader reads it, raising WEKA's error with its line.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from wekaeval.arff._rows import DATE, NOMINAL, NUMERIC, RELATIONAL, DenseBlock, Plan, SparseBlock
from wekaeval.arff._words import (
    Words,
    number_values,
    packed_labels,
    running_parity,
    short_integers,
    simple_numbers,
)
from wekaeval.javamath import java_parse_double

_SPACE, _COMMA, _QUOTE, _OPEN, _CLOSE = 32, 44, 39, 123, 125


@dataclass(frozen=True, eq=False)
class Lines:
    """The data section's lines: where each starts (offsets into the buffer) and which are plain."""

    starts: np.ndarray
    plain: np.ndarray
    special: np.ndarray  # the lines that are not plain, in order

    def run_end(self, line: int) -> int:
        """The first line at or after ``line`` that is not plain (the number of lines if none)."""
        at = int(np.searchsorted(self.special, line))
        return int(self.special[at]) if at < len(self.special) else len(self.starts)


def scan_lines(data: np.ndarray, buffer: bytes, start: int) -> Lines:
    """Lines of ``data[start:]`` (``buffer``'s bytes) and whether each is plain (see the module's description)."""
    section = data[start:]
    ends = np.flatnonzero(_line_ends(section, buffer.find(b"\r", start) >= 0))
    starts = np.concatenate(([0], ends + 1)) + start
    if len(starts) > 1 and starts[-1] >= len(data):  # a final line end starts no line
        starts = starts[:-1]
    plain = np.ones(len(starts), dtype=bool)
    for special in (b"%", b"\\", b'"'):  # (each looked for at memory speed first: most files have none)
        if buffer.find(special, start) >= 0:
            at = np.flatnonzero(section == ord(special))
            plain[np.searchsorted(starts, at + start, side="right") - 1] = False
    if buffer.find(b"'", start) >= 0:
        parity = running_parity(section == _QUOTE)
        before = np.concatenate(([False], parity))  # before[i]: the parity of the quotes before offset i
        last = np.append(starts[1:] - start, len(section))  # where each line's next starts
        plain &= before[starts - start] == before[last]
    return Lines(starts, plain, np.flatnonzero(~plain))


def _line_ends(segment: np.ndarray, returns: bool) -> np.ndarray:
    """Where lines end in ``segment``: each ``\\n``, and (if it has ``returns``) each ``\\r`` not followed by one."""
    newline = segment == 10
    if returns:
        carriage = segment == 13
        carriage[:-1] &= ~newline[1:]
        newline |= carriage
    return newline


@dataclass(frozen=True, eq=False)
class Run:
    """What the columnar reader read of a run of lines: its blocks, and new strings, dates per attribute."""

    blocks: list[DenseBlock | SparseBlock]
    items: dict[int, list[str]]


class _Tokens:
    """A run's tokens: start and end offsets (of the content, for a quoted one), and which are braces or quoted.

    ``open``, ``close``, ``brace`` and ``quoted`` are None when the run has no such token.
    """

    def __init__(self, data: np.ndarray, lo: int, hi: int, buffer: bytes):
        segment = data[lo:hi]
        braces = buffer.find(b"{", lo, hi) >= 0 or buffer.find(b"}", lo, hi) >= 0
        quotes = buffer.find(b"'", lo, hi) >= 0
        word = segment > _SPACE  # a plain line holds no % or " (and no quotes or braces, unless found)
        word &= segment != _COMMA
        brace = None
        if braces:
            brace = (segment == _OPEN) | (segment == _CLOSE)
            word &= ~brace
        content = None
        if quotes:  # inside quotes every byte is the token's; quotes pair up within a line
            is_quote = segment == _QUOTE
            inside = running_parity(is_quote)  # an opening quote and what follows it
            content = inside & ~is_quote
            word &= ~(inside | is_quote)
            word |= content
            if brace is not None:
                brace &= ~inside
        edges = np.flatnonzero(word[1:] != word[:-1]) + 1  # where words start and end, in turn
        if len(word) and word[0]:
            edges = np.concatenate(([0], edges))
        if len(word) and word[-1]:
            edges = np.concatenate((edges, [len(word)]))
        starts, ends = edges[0::2], edges[1::2]
        if brace is not None:  # each brace a token of its own, between words
            at = np.flatnonzero(brace)
            where = np.searchsorted(starts, at)
            starts, ends = np.insert(starts, where, at), np.insert(ends, where, at + 1)
        quoted = None
        if content is not None:
            quoted = content[starts]
            empty = np.flatnonzero(is_quote[:-1] & inside[:-1] & is_quote[1:]) + 1  # '' is an empty token
            if len(empty):
                order = np.argsort(np.concatenate((starts, empty)), kind="stable")
                starts = np.concatenate((starts, empty))[order]
                ends = np.concatenate((ends, empty))[order]
                quoted = np.concatenate((quoted, np.ones(len(empty), dtype=bool)))[order]
        self.quoted = quoted
        self.open = self.close = self.brace = None
        if brace is not None:
            single = ends - starts == 1
            if quoted is not None:
                single &= ~quoted
            first = segment[np.minimum(starts, len(segment) - 1)]
            self.open = single & (first == _OPEN)
            self.close = single & (first == _CLOSE)
            self.brace = self.open | self.close
        self.starts = starts + lo
        self.ends = ends + lo
        self._lo = lo
        self._segment = segment
        self._words: Words | None = None

    def __len__(self) -> int:
        return len(self.starts)

    def is_quoted(self, cells: np.ndarray) -> np.ndarray:
        return np.zeros(len(cells), dtype=bool) if self.quoted is None else self.quoted[cells]

    def is_brace(self, cells: np.ndarray) -> np.ndarray:
        return np.zeros(len(cells), dtype=bool) if self.brace is None else self.brace[cells]

    def words(self) -> Words:
        """The run's bytes as words (made once, shared by its columns)."""
        if self._words is None:
            self._words = Words(self._segment, self._lo)
        return self._words


def read_run(
    data: np.ndarray, buffer: bytes, line_starts: np.ndarray, hi: int, plan: Plan, need: frozenset[int] | None
) -> Run | None:
    """Read the plain lines starting at ``line_starts`` and ending at ``hi``; None if the token reader must.

    ``need`` names the attributes whose values are wanted (None: all); the others are only checked.
    """
    if any(kind == RELATIONAL for kind in plan.kinds):
        return None
    tokens = _Tokens(data, int(line_starts[0]), hi, buffer)
    if not len(tokens):
        return Run([], {})
    first = np.searchsorted(tokens.starts, line_starts)
    counts = np.diff(first, append=len(tokens))
    rows = counts > 0
    first, counts = first[rows], counts[rows]
    if tokens.open is not None:
        sparse = tokens.open[first]
        if sparse.all():
            return _sparse(tokens, first, counts, buffer, plan, need)
        if sparse.any():
            return None
    return _dense(tokens, first, counts, buffer, plan, need)


def _dense(
    tokens: _Tokens, first: np.ndarray, counts: np.ndarray, buffer: bytes, plan: Plan, need: frozenset[int] | None
) -> Run | None:
    width = len(plan.kinds)
    weights = np.ones(len(first), dtype=np.float64)
    if tokens.brace is None:
        if not (counts == width).all():
            return None
        cells = np.arange(len(tokens)).reshape(len(first), width)
    else:
        weighted = counts == width + 3
        if not ((counts == width) | weighted).all():
            return None
        cells = first[:, None] + np.arange(width)
        if tokens.brace[cells].any():
            return None
        if weighted.any():
            values = _weights(tokens, first[weighted] + width, buffer)
            if values is None:
                return None
            weights[weighted] = values
    table = np.empty((len(first), width), dtype=np.float64)
    items: dict[int, list[str]] = {}
    numeric = [i for i, kind in enumerate(plan.kinds) if kind == NUMERIC]
    if numeric:  # all numeric columns at once
        wanted = np.array([need is None or i in need for i in numeric])
        numbers = _numbers(tokens, cells[:, numeric].ravel(), buffer, np.tile(wanted, len(first)))
        if numbers is None:
            return None
        table[:, numeric] = numbers.reshape(len(first), len(numeric))
    nominal = [i for i, kind in enumerate(plan.kinds) if kind == NOMINAL]
    if nominal:  # all nominal columns at once
        labels = _labels(tokens, cells[:, nominal], buffer, plan, nominal)
        if labels is None:
            return None
        table[:, nominal] = labels
    for index, kind in enumerate(plan.kinds):
        if kind not in (NUMERIC, NOMINAL):
            wanted_column = need is None or index in need
            column = _column(tokens, cells[:, index], kind, index, buffer, plan, items, wanted_column)
            if column is None:
                return None
            table[:, index] = column
    return Run([DenseBlock(table, weights, tokens.starts[first])], items)


def _sparse(
    tokens: _Tokens, first: np.ndarray, counts: np.ndarray, buffer: bytes, plan: Plan, need: frozenset[int] | None
) -> Run | None:
    assert tokens.close is not None and tokens.brace is not None  # noqa: S101 (a sparse run has braces)
    width = len(plan.kinds)
    closes = np.flatnonzero(tokens.close)
    at = np.searchsorted(closes, first)
    if at[-1] >= len(closes):
        return None
    close = closes[at]
    last = first + counts - 1
    pairs = close - first - 1
    if (close > last).any() or (pairs % 2).any():
        return None
    braces = np.cumsum(tokens.brace)
    if (braces[close - 1] - braces[first] != 0).any():  # no brace between { and }
        return None
    rest = last - close
    weighted = rest == 3
    if not ((rest == 0) | weighted).all():
        return None
    weights = np.ones(len(first), dtype=np.float64)
    if weighted.any():
        values = _weights(tokens, close[weighted] + 1, buffer)
        if values is None:
            return None
        weights[weighted] = values
    sizes = pairs // 2
    indptr = np.concatenate(([0], np.cumsum(sizes)))
    offsets = np.arange(indptr[-1]) - np.repeat(indptr[:-1], sizes)
    index_cells = np.repeat(first + 1, sizes) + 2 * offsets
    indices = _indices(tokens, index_cells, buffer)
    if indices is None or (indices >= width).any():
        return None
    increasing = np.diff(indices) > 0
    boundaries = indptr[1:-1]
    increasing[boundaries[(boundaries > 0) & (boundaries < len(indices))] - 1] = True  # a row's first index
    if not increasing.all():
        return None
    kinds = np.array(plan.kinds)[indices]
    values = np.zeros(len(indices), dtype=np.float64)
    numeric = np.flatnonzero(kinds == NUMERIC)
    if len(numeric):
        wanted = np.ones(len(numeric), dtype=bool) if need is None else np.isin(indices[numeric], list(need))
        numbers = _numbers(tokens, index_cells[numeric] + 1, buffer, wanted)
        if numbers is None:
            return None
        values[numeric] = numbers
    items: dict[int, list[str]] = {}
    others = np.flatnonzero(kinds != NUMERIC)
    if len(others):
        order = others[np.argsort(indices[others], kind="stable")]  # attribute by attribute, rows in order
        bounds = np.searchsorted(indices[order], np.arange(width + 1))
        for index in np.flatnonzero(np.diff(bounds)).tolist():
            picked = order[bounds[index] : bounds[index + 1]]
            wanted_column = need is None or index in need
            cells = index_cells[picked] + 1
            column = _column(tokens, cells, plan.kinds[index], index, buffer, plan, items, wanted_column)
            if column is None:
                return None
            values[picked] = column
    block = SparseBlock(indptr, indices.astype(np.int32), values, weights, tokens.starts[first])
    return Run([block], items)


def _missing(tokens: _Tokens, cells: np.ndarray, buffer: bytes) -> np.ndarray:
    """Which of the tokens ``cells`` are an unquoted ``?`` (WEKA's missing value)."""
    starts = tokens.starts[cells]
    missing = tokens.ends[cells] - starts == 1
    if tokens.quoted is not None:
        missing &= ~tokens.quoted[cells]
    if missing.any():
        missing[missing] = np.frombuffer(buffer, dtype=np.uint8)[starts[missing]] == 63
    return missing


def _column(
    tokens: _Tokens,
    cells: np.ndarray,
    kind: int,
    index: int,
    buffer: bytes,
    plan: Plan,
    items: dict[int, list[str]],
    wanted: bool,
) -> np.ndarray | None:
    """A nominal, string or date attribute's tokens ``cells`` as WEKA's doubles; None if a label is unknown or
    a date unparseable.

    A string's or date's value is the index of its text in the run's own list (``items``), which the
    reader moves on when it adds the list to the table's; texts not ``wanted`` are kept as ``""`` (dates are
    read all the same, to be checked).
    """
    if kind == NOMINAL:
        found = _labels(tokens, cells[:, None], buffer, plan, [index])
        return None if found is None else found[:, 0]
    missing = _missing(tokens, cells, buffer)
    present = np.flatnonzero(~missing)
    column = np.full(len(cells), np.nan)
    if wanted or kind == DATE:
        starts, ends = tokens.starts[cells[present]].tolist(), tokens.ends[cells[present]].tolist()
        texts = [buffer[s:e].decode("utf-8", "surrogatepass") for s, e in zip(starts, ends, strict=True)]
        if kind == DATE and plan.date_problem(index, texts) is not None:
            return None  # the row reader refuses it, on its line
        items[index] = texts if wanted else [""] * len(present)
    else:
        items[index] = [""] * len(present)
    column[present] = np.arange(len(present), dtype=np.float64)
    return column


def _labels(tokens: _Tokens, cells: np.ndarray, buffer: bytes, plan: Plan, indices: list[int]) -> np.ndarray | None:
    """Label indices of the tokens ``cells`` (rows x attributes ``indices``), NaN for an unquoted ``?``; None if
    one is no label of its attribute.

    Tokens of up to 8 bytes are compared as 64-bit numbers (their bytes, little-endian), with their
    length; longer ones one by one.
    """
    flat = cells.ravel()
    starts = tokens.starts[flat]
    lengths = tokens.ends[flat] - starts
    words = tokens.words()
    missing = (lengths == 1) & (words.byte(starts) == 63)
    if tokens.quoted is not None:
        missing &= ~tokens.quoted[flat]
    codes = packed_labels(words, starts, np.minimum(lengths, 8))
    width = len(indices)
    columns = codes.reshape(-1, width).T.copy(), lengths.reshape(-1, width).T.astype(np.uint64)
    found_columns = np.full((width, len(flat) // width), -1, dtype=np.int64)
    for column, index in enumerate(indices):
        keys, key_lengths, index_of = _label_keys(plan, index)
        if not len(keys):
            continue
        code = columns[0][column]
        at = np.minimum(np.searchsorted(keys, code), len(keys) - 1)
        same = (keys[at] == code) & (key_lengths[at] == columns[1][column])
        found_columns[column] = np.where(same, index_of[at], -1)
    found = found_columns.T.ravel()
    unknown = np.flatnonzero((found < 0) & ~missing)
    if len(unknown):
        labels = {index: _label_bytes(plan, index) for index in indices}
        ends = (starts + lengths)[unknown].tolist()
        for i, start, end in zip(unknown.tolist(), starts[unknown].tolist(), ends, strict=True):
            found[i] = labels[indices[i % width]].get(buffer[start:end], -1)
        if (found[unknown] < 0).any():
            return None
    values = found.astype(np.float64)
    values[missing] = np.nan
    return values.reshape(cells.shape)


def _label_bytes(plan: Plan, index: int) -> dict[bytes, int]:
    lookup = plan.lookups[index]
    assert lookup is not None  # noqa: S101
    return {label.encode("latin-1"): i for label, i in lookup.items()}  # byte views back to UTF-8 bytes


def _label_keys(plan: Plan, index: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Attribute ``index``'s labels of at most 8 bytes as sorted 64-bit numbers, their lengths and their indices
    (worked out once per reading).

    None of them when two labels differ only by trailing NUL bytes (they would share a number).
    """
    found = ("label keys", index)
    if found not in plan.found:
        packed = {(int.from_bytes(label, "little"), len(label)): i for label, i in _label_bytes(plan, index).items()}
        keys = np.array(sorted(key for key in packed if key[1] <= 8), dtype=np.uint64).reshape(-1, 2)
        if len(np.unique(keys[:, 0])) != len(keys):
            keys = keys[:0]
        index_of = np.array([packed[(int(c), int(n))] for c, n in keys], dtype=np.int64)
        plan.found[found] = (keys[:, 0].copy(), keys[:, 1].copy(), index_of)
    return plan.found[found]


def _numbers(tokens: _Tokens, cells: np.ndarray, buffer: bytes, wanted: np.ndarray) -> np.ndarray | None:
    """Tokens ``cells`` as Java's ``Double.parseDouble`` reads them (NaN for ``?``); None if one is no number.

    Only the ``wanted`` ones are computed (the others are checked and left 0), most in bulk: a token of
    at most 15 bytes (quoted or not) of digits with at most one dot and a leading minus sign
    (:func:`~wekaeval.arff._words.simple_numbers`).  The others go through :func:`java_parse_double`,
    once per distinct text.
    """
    starts, ends = tokens.starts[cells], tokens.ends[cells]
    words = tokens.words()
    simple, signed, missing = simple_numbers(words, starts, ends)  # a quoted number's text is its content
    values = np.zeros(len(cells), dtype=np.float64)
    compute = simple & wanted
    if compute.all():
        return number_values(words, starts, ends, signed)
    if compute.any():
        values[compute] = number_values(words, starts[compute], ends[compute], signed[compute])
    if not simple.all():
        if tokens.quoted is not None:
            missing &= ~tokens.quoted[cells]
        values[missing] = np.nan
        odd = np.flatnonzero(~simple & ~missing)
        texts = [buffer[start:end] for start, end in zip(starts[odd].tolist(), ends[odd].tolist(), strict=True)]
        read = dict.fromkeys(texts, 0.0)
        for text in read:  # each distinct text once
            try:
                read[text] = java_parse_double(text.decode("latin-1"))
            except ValueError:
                return None
        values[odd] = np.where(wanted[odd], [read[text] for text in texts], 0.0)
    return values


def _weights(tokens: _Tokens, braces: np.ndarray, buffer: bytes) -> np.ndarray | None:
    """The weights ``{w}`` whose ``{`` are tokens ``braces``, if all are finite numbers (else None)."""
    assert tokens.open is not None and tokens.close is not None and tokens.brace is not None  # noqa: S101
    if not (tokens.open[braces].all() and tokens.close[braces + 2].all()) or tokens.brace[braces + 1].any():
        return None
    cells = braces + 1
    values = _numbers(tokens, cells, buffer, np.ones(len(cells), dtype=bool))
    if values is None or not np.isfinite(values).all():
        return None
    return values


def _indices(tokens: _Tokens, cells: np.ndarray, buffer: bytes) -> np.ndarray | None:
    """Sparse indices: plain decimal digits (anything else goes to the token-by-token reader)."""
    if not len(cells):
        return np.zeros(0, dtype=np.int64)
    starts, ends = tokens.starts[cells], tokens.ends[cells]
    lengths = ends - starts
    if lengths.max() > 9 or lengths.min() < 1 or tokens.is_quoted(cells).any():
        return None
    if lengths.max() <= 8:
        return short_integers(tokens.words(), ends, lengths)
    data = np.frombuffer(buffer, dtype=np.uint8)
    values = np.zeros(len(cells), dtype=np.int64)
    for k in range(int(lengths.max())):
        inside = k < lengths
        byte = data[np.minimum(starts + k, len(data) - 1)]
        if ((byte < 48) | (byte > 57))[inside].any():
            return None
        values = np.where(inside, values * 10 + (byte.astype(np.int64) - 48), values)
    return values
