"""The columnar reader: runs of plain ARFF data lines, tokenized and checked with numpy, whole columns at once.

WEKA reads an ARFF file one token at a time (:mod:`wekaeval.arff._rows` does the same, in Python, at a
microsecond a token).  This reader reaches the same values at numpy's speed for the lines that need no
sequential reading: a *plain* line has no comment (``%``), no backslash, no double quote and an even
number of single quotes.  On such lines tokens can be found all at once (a byte is a separator, a word
byte, a brace or a quote, and the quotes pair up within the line), so a run of plain lines becomes
arrays of token offsets, then rows (dense: the attributes' count of tokens, then an optional
``{weight}``; sparse: ``{index value, ...}``), then columns:

* numbers: every token is checked as Java's ``Double.parseDouble`` reads it, in bulk for the usual
  ``-12.5`` shape (byte classes summed per token); the values are computed only for the columns asked
  for; any other shape (``1e-5``, ``NaN``, a quoted number) goes through :func:`java_parse_double`;
* labels: each token looked up among its attribute's labels; strings and dates kept as text.

It reads nothing WEKA would not: whenever a run holds anything it does not check itself (a row of the
wrong length, a brace where a value belongs, an unknown label, a bad number, a weight that is not a
finite number, a sparse row out of order, dense and sparse rows mixed) it gives the run back, and the
token-by-token reader reads it, raising WEKA's error with its line.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from wekaeval.arff._rows import NOMINAL, NUMERIC, RELATIONAL, DenseBlock, Plan, SparseBlock
from wekaeval.javamath import java_parse_double

_SPACE, _COMMA, _QUOTE, _OPEN, _CLOSE = 32, 44, 39, 123, 125

# Byte classes of a number, counted per token in 4-bit fields: other bytes, dots, minus signs (a token
# of fewer than 16 bytes, all the bulk reading takes, cannot overflow a field).
_OTHER, _DOT, _MINUS = 1, 1 << 4, 1 << 8
_NUMBER_CLASS = np.full(256, _OTHER, dtype=np.uint16)
_NUMBER_CLASS[48:58] = 0
_NUMBER_CLASS[46] = _DOT
_NUMBER_CLASS[45] = _MINUS

_POW10 = 10.0 ** np.arange(23)


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


def scan_lines(data: np.ndarray, start: int) -> Lines:
    """Lines of ``data[start:]`` and whether each is plain (see the module's description)."""
    section = data[start:]
    ends = np.flatnonzero(_line_ends(section))
    starts = np.concatenate(([0], ends + 1)) + start
    if len(starts) > 1 and starts[-1] >= len(data):  # a final line end starts no line
        starts = starts[:-1]
    plain = np.ones(len(starts), dtype=bool)
    special = np.flatnonzero((section == 37) | (section == 92) | (section == 34))
    if len(special):
        plain[np.searchsorted(starts, special + start, side="right") - 1] = False
    quotes = np.flatnonzero(section == _QUOTE)
    if len(quotes):
        per_line = np.bincount(np.searchsorted(starts, quotes + start, side="right") - 1, minlength=len(starts))
        plain &= per_line % 2 == 0
    return Lines(starts, plain, np.flatnonzero(~plain))


def _line_ends(segment: np.ndarray) -> np.ndarray:
    """Where lines end in ``segment``: each ``\\n``, and each ``\\r`` not followed by one."""
    newline = segment == 10
    returns = segment == 13
    if returns.any():
        returns[:-1] &= ~newline[1:]
        newline |= returns
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
            inside = np.cumsum(is_quote, dtype=np.int32) & 1 == 1  # an opening quote and what follows it
            content = inside & ~is_quote
            word &= ~(inside | is_quote)
            word |= content
            if brace is not None:
                brace &= ~inside
        if brace is None:
            edges = np.flatnonzero(word[1:] != word[:-1]) + 1  # where tokens start and end, in turn
            if len(word) and word[0]:
                edges = np.concatenate(([0], edges))
            if len(word) and word[-1]:
                edges = np.concatenate((edges, [len(word)]))
            starts, ends = edges[0::2], edges[1::2]
        else:
            before = np.empty_like(word)
            before[:1] = False
            before[1:] = word[:-1]
            after = np.empty_like(word)
            after[-1:] = False
            after[:-1] = word[1:]
            starts = np.flatnonzero((word & ~before) | brace)
            ends = np.flatnonzero((word & ~after) | brace) + 1
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
        self._classes: np.ndarray | None = None

    def __len__(self) -> int:
        return len(self.starts)

    def is_quoted(self, cells: np.ndarray) -> np.ndarray:
        return np.zeros(len(cells), dtype=bool) if self.quoted is None else self.quoted[cells]

    def is_brace(self, cells: np.ndarray) -> np.ndarray:
        return np.zeros(len(cells), dtype=bool) if self.brace is None else self.brace[cells]

    def class_counts(self, cells: np.ndarray) -> np.ndarray:
        """Per token of ``cells``, its count of bytes of each number class, packed (see ``_NUMBER_CLASS``)."""
        if self._classes is None:  # one pass over the run, shared by its columns
            classes = np.empty(len(self._segment) + 1, dtype=np.uint16)
            classes[0] = 0
            np.cumsum(_NUMBER_CLASS[self._segment], dtype=np.uint16, out=classes[1:])
            self._classes = classes
        classes = self._classes
        return classes[self.ends[cells] - self._lo] - classes[self.starts[cells] - self._lo]


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
    for index, kind in enumerate(plan.kinds):
        if kind != NUMERIC:
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
    """A nominal, string or date attribute's tokens ``cells`` as WEKA's doubles; None if a label is unknown.

    A string's or date's value is the index of its text in the run's own list (``items``), which the
    reader moves on when it adds the list to the table's; texts not ``wanted`` are kept as ``""``.
    """
    missing = _missing(tokens, cells, buffer)
    present = np.flatnonzero(~missing)
    column = np.full(len(cells), np.nan)
    if kind == NOMINAL:
        found = _labels(tokens, cells[present], buffer, plan, index)
        if found is None:
            return None
        column[present] = found
        return column
    if wanted:
        starts, ends = tokens.starts[cells[present]].tolist(), tokens.ends[cells[present]].tolist()
        items[index] = [buffer[s:e].decode("utf-8", "surrogatepass") for s, e in zip(starts, ends, strict=True)]
    else:
        items[index] = [""] * len(present)
    column[present] = np.arange(len(present), dtype=np.float64)
    return column


def _labels(tokens: _Tokens, cells: np.ndarray, buffer: bytes, plan: Plan, index: int) -> np.ndarray | None:
    """Attribute ``index``'s label indices of the tokens ``cells``; None if one is no label.

    Tokens of up to 8 bytes are compared as 64-bit numbers (their bytes, little-endian), with their
    length; longer ones one by one.
    """
    lookup = plan.lookups[index]
    assert lookup is not None  # noqa: S101
    labels = {label.encode("latin-1"): i for label, i in lookup.items()}  # byte views back to UTF-8 bytes
    starts, ends = tokens.starts[cells], tokens.ends[cells]
    lengths = ends - starts
    found = np.full(len(cells), -1, dtype=np.int64)
    short = lengths <= 8
    packed = {(int.from_bytes(label, "little"), len(label)): i for label, i in labels.items() if len(label) <= 8}
    if short.any() and packed:
        keys = np.array(sorted(packed), dtype=np.uint64).reshape(-1, 2)
        codes = _packed(np.frombuffer(buffer, dtype=np.uint8), starts[short], lengths[short])
        at = np.minimum(np.searchsorted(keys[:, 0], codes), len(keys) - 1)
        same = (keys[at, 0] == codes) & (keys[at, 1] == lengths[short].astype(np.uint64))
        if len(np.unique(keys[:, 0])) != len(keys):  # two labels differ only by trailing NUL bytes
            same[:] = False
        index_of = np.array([packed[(int(c), int(n))] for c, n in keys], dtype=np.int64)
        found[np.flatnonzero(short)[same]] = index_of[at[same]]
    for i in np.flatnonzero(found < 0).tolist():
        found[i] = labels.get(buffer[starts[i] : ends[i]], -1)
    if (found < 0).any():
        return None
    return found.astype(np.float64)


def _packed(data: np.ndarray, starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """Tokens of at most 8 bytes as little-endian 64-bit numbers."""
    codes = np.zeros(len(starts), dtype=np.uint64)
    last = len(data) - 1
    for k in range(int(lengths.max()) if len(lengths) else 0):
        byte = data[np.minimum(starts + k, last)].astype(np.uint64)
        byte[lengths <= k] = 0
        codes |= byte << np.uint64(8 * k)
    return codes


def _numbers(tokens: _Tokens, cells: np.ndarray, buffer: bytes, wanted: np.ndarray) -> np.ndarray | None:
    """Tokens ``cells`` as Java's ``Double.parseDouble`` reads them (NaN for ``?``); None if one is no number.

    Only the ``wanted`` ones are computed (the others are checked and left 0), most in bulk: a token of
    fewer than 16 bytes, unquoted, of digits with at most one dot and a leading minus sign.
    """
    data = np.frombuffer(buffer, dtype=np.uint8)
    starts, ends = tokens.starts[cells], tokens.ends[cells]
    lengths = ends - starts
    counts = tokens.class_counts(cells)
    other, dots, minus = counts & 0xF, (counts >> 4) & 0xF, (counts >> 8) & 0xF
    signed = data[np.minimum(starts, len(data) - 1)] == 45
    simple = (lengths > 0) & (lengths < 16) & (other == 0) & (dots <= 1) & (minus == signed) & (lengths > dots + minus)
    if tokens.quoted is not None:
        simple &= ~tokens.quoted[cells]
    values = np.zeros(len(cells), dtype=np.float64)
    compute = simple & wanted
    if compute.any():
        values[compute] = _simple_values(data, starts[compute], lengths[compute], signed[compute])
    if not simple.all():
        missing = _missing(tokens, cells, buffer)
        values[missing] = np.nan
        for i in np.flatnonzero(~simple & ~missing).tolist():
            try:
                number = java_parse_double(buffer[starts[i] : ends[i]].decode("latin-1"))
            except ValueError:
                return None
            values[i] = number if wanted[i] else 0.0
    return values


def _simple_values(data: np.ndarray, starts: np.ndarray, lengths: np.ndarray, signed: np.ndarray) -> np.ndarray:
    """``-ddd.ddd`` texts (fewer than 16 bytes) as doubles: the digits as an integer, then one exact division.

    Fifteen digits are below 2**53 and 10**k is exact for k <= 22, so the one division rounds the
    exact quotient once, as Java's (and Python's) correctly rounded parsing does.
    """
    mantissa = np.zeros(len(starts), dtype=np.int64)
    decimals = np.zeros(len(starts), dtype=np.int64)
    seen_dot = np.zeros(len(starts), dtype=bool)
    last = len(data) - 1
    for k in range(int(lengths.max())):
        inside = k < lengths
        byte = data[np.minimum(starts + k, last)]
        digit = inside & (byte >= 48) & (byte <= 57)
        mantissa = np.where(digit, mantissa * 10 + (byte.astype(np.int64) - 48), mantissa)
        decimals += digit & seen_dot
        seen_dot |= inside & (byte == 46)
    magnitude = mantissa.astype(np.float64) / _POW10[decimals]
    return np.where(signed, -magnitude, magnitude)


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
    data = np.frombuffer(buffer, dtype=np.uint8)
    values = np.zeros(len(cells), dtype=np.int64)
    for k in range(int(lengths.max())):
        inside = k < lengths
        byte = data[np.minimum(starts + k, len(data) - 1)]
        if ((byte < 48) | (byte > 57))[inside].any():
            return None
        values = np.where(inside, values * 10 + (byte.astype(np.int64) - 48), values)
    return values
