"""A chunk of PlainText or CSV prediction rows cut into its fields with numpy: no Python object per row.

The fast reader (:mod:`wekaeval.report._fastrows`) tries this first.  A chunk's lines are joined and
encoded once; every field is a (start, end) pair of offsets into those bytes, found with whole-array
operations, and only what repeats few times (the distinct classes) becomes Python strings.  A chunk is cut
here only where the shape is exactly the common one its regular expressions match (see
:func:`plain_fields` and :func:`csv_fields`) and only ASCII bytes but for spaces are printable; otherwise
the functions return None and the caller's regular expressions read the chunk, as before.

>>> fields = plain_fields(["        1     2:b     2:b       0.9 ", "       12     1:a     2:b   +   0.6 "])
>>> fields.integers(fields.inst).tolist(), fields.errors.tolist()
([1, 12], [False, True])
>>> keys, ids = fields.classes(fields.predicted)
>>> keys, ids.tolist(), fields.joined(fields.printed)
(['2:b'], [0, 0], (b'0.9\\n0.6\\n', array([ True,  True])))
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

#: The bytes a cut chunk may hold: printable ASCII and the space (``\n`` ends each line).
_OTHERS = bytes(b for b in range(256) if not 0x20 <= b <= 0x7E)

#: A PlainText row's gap between the predicted class and the printed numbers: one space, the error column
#: (``  +  `` or five spaces), one space.
_NO_ERROR_GAP, _ERROR_GAP = 7, 3

_SPACE, _NEWLINE, _COLON, _PLUS, _QUESTION = (ord(c) for c in " \n:+?")

#: Digits an int64 holds (as the row-by-row reader's ``int()`` gives them, 18 at most).
_INT_DIGITS = 18

_POWERS = 10 ** np.arange(_INT_DIGITS, dtype=np.int64)

#: The low ``k`` bytes of a word, for ``k`` from 0 to 8.
_MASKS = np.array([(1 << (8 * k)) - 1 for k in range(8)] + [(1 << 64) - 1], dtype=np.uint64)

#: An odd 64-bit multiplier that mixes a text's words into one key.
_MIXER = np.uint64(0x9E3779B97F4A7C15)


@dataclass(frozen=True)
class Fields:
    """The fields of a chunk's rows: each a pair (starts, ends) of offsets into :attr:`data`."""

    data: np.ndarray  # the chunk's bytes, every line ended by "\n"
    inst: tuple[np.ndarray, np.ndarray]
    actual: tuple[np.ndarray, np.ndarray]
    predicted: tuple[np.ndarray, np.ndarray]
    errors: np.ndarray  # a "+" in the error column
    printed: tuple[np.ndarray, np.ndarray]  # the probability or the distribution, up to the row's end

    def integers(self, field: tuple[np.ndarray, np.ndarray]) -> np.ndarray | None:
        """The field as non-negative integers; None unless each is 1 to 18 digits."""
        starts, ends = field
        lengths = ends - starts
        if not len(starts) or lengths.min() < 1 or lengths.max() > _INT_DIGITS:
            return None
        width = int(lengths.max())
        place = np.arange(width)
        at = ends[:, None] - width + place  # right-aligned: a digit's place says its power of ten
        digits = self.data[np.maximum(at, 0)].astype(np.int64) - ord("0")
        digits[place < width - lengths[:, None]] = 0
        if ((digits < 0) | (digits > 9)).any():
            return None
        return digits @ _POWERS[width - 1 :: -1]

    def classes(self, field: tuple[np.ndarray, np.ndarray]) -> tuple[list[str], np.ndarray]:
        """The distinct texts of the field in order of first appearance, and each row's number among them."""
        starts, ends = field
        lengths = ends - starts
        if lengths.max() <= 16:  # a text is its first and last eight bytes (the bytes past it masked off)
            words = self.words
            head, tail = words[starts + 8], words[ends]
            head &= _MASKS[np.minimum(lengths, 8)]
            tail[lengths <= 8] = 0
            keys = np.stack([head, tail, lengths.astype(np.uint64)], axis=1)  # (9 bytes and 10 may share both)
        else:
            width = -(-int(lengths.max()) // 8) * 8
            place = np.arange(width)
            gathered = self.data[np.minimum(starts[:, None] + place, len(self.data) - 1)]
            gathered[place >= lengths[:, None]] = 0  # no field holds a NUL byte: the padding is not text
            keys = gathered.view("<u8")  # a text's bytes as words, eight at a time
        key = keys[:, 0].copy()
        with np.errstate(over="ignore"):
            for i in range(1, keys.shape[1]):  # one hash of a text's words, checked below
                key = key * _MIXER + keys[:, i]
        _, first, inverse = np.unique(key, return_index=True, return_inverse=True)
        inverse = inverse.ravel()
        if not np.array_equal(keys, keys[first[inverse]]):  # two texts, one hash: the keys themselves
            _, first, inverse = np.unique(keys, axis=0, return_index=True, return_inverse=True)
            inverse = inverse.ravel()
        order = np.argsort(first)
        rank = np.empty_like(order)
        rank[order] = np.arange(len(order))
        texts = [self.data[starts[row] : ends[row]].tobytes().decode("ascii") for row in first[order].tolist()]
        return texts, rank[inverse]

    @cached_property
    def words(self) -> np.ndarray:
        """The eight bytes before each offset of :attr:`data` (up to eight past its end) as a little-endian
        word, zeros outside it."""
        padded = np.zeros(len(self.data) + 16, dtype=np.uint8)
        padded[8 : 8 + len(self.data)] = self.data
        return np.ndarray((len(self.data) + 9,), dtype="<u8", buffer=padded, strides=(1,))

    def joined(self, field: tuple[np.ndarray, np.ndarray]) -> tuple[bytes, np.ndarray]:
        """The field's texts but those that are ``?``, each ended by ``\\n``; which rows they are."""
        starts, ends = field
        present = (ends - starts != 1) | (self.data[starts] != _QUESTION)
        starts, ends = starts[present], ends[present]
        marks = np.zeros(len(self.data) + 1, dtype=np.int8)
        marks[starts] = 1
        marks[ends + 1] = -1  # the byte at the end (a space or the line end) is kept, as "\n"
        keep = np.cumsum(marks[:-1], dtype=np.int8).view(bool)
        data = self.data.copy()
        data[ends] = _NEWLINE
        return data[keep].tobytes(), present


def _chunk_bytes(window: list[str]) -> np.ndarray | None:
    text = "\n".join(window) + "\n"
    if not text.isascii():
        return None
    raw = text.encode("ascii")
    if raw.translate(None, _OTHERS).__len__() != len(raw) - len(window):  # a byte besides the line ends
        return None
    return np.frombuffer(raw, dtype=np.uint8)


def plain_fields(window: list[str]) -> Fields | None:
    """The fields of PlainText rows of a nominal class without attribute values, each exactly
    ``^ *(\\d+) +(\\S+) +(\\S+) (  \\+  |     ) (\\S+) $``; None unless every row of ``window`` is.

    (Whether the classes and numbers are as WEKA prints them is the caller's to check.)
    """
    data = _chunk_bytes(window)
    if data is None:
        return None
    n = len(window)
    word = (data > _SPACE).view(np.int8)
    edges = np.diff(word, prepend=np.int8(0), append=np.int8(0))
    starts, ends = np.flatnonzero(edges == 1), np.flatnonzero(edges == -1)
    line_ends = np.flatnonzero(data == _NEWLINE)
    counts = np.bincount(np.searchsorted(line_ends, starts), minlength=n + 1)[:n]
    if not ((counts == 4) | (counts == 5)).all():
        return None
    first = np.cumsum(counts) - counts
    last = first + counts - 1
    if not (line_ends - ends[last] == 1).all():  # one space after the printed numbers
        return None
    errors = counts == 5
    gap = starts[first + 3] - ends[first + 2]
    if errors.any():
        mark = first[errors] + 3
        if not (
            (gap[errors] == _ERROR_GAP).all()
            and (ends[mark] - starts[mark] == 1).all()
            and (data[starts[mark]] == _PLUS).all()
            and (starts[mark + 1] - ends[mark] == _ERROR_GAP).all()
        ):
            return None
    if not (gap[~errors] == _NO_ERROR_GAP).all():
        return None
    return Fields(
        data,
        (starts[first], ends[first]),
        (starts[first + 1], ends[first + 1]),
        (starts[first + 2], ends[first + 2]),
        errors,
        (starts[last], ends[last]),
    )


def csv_fields(window: list[str]) -> Fields | None:
    """The fields of CSV rows (``,`` between fields) of a nominal class without attribute columns, each
    ``^([0-9]+),([^,]*),([^,]*),(\\+?),(.*)$`` with no quote; None unless every row of ``window`` is.
    """
    data = _chunk_bytes(window)
    if data is None or (data == ord("'")).any() or (data == ord('"')).any():
        return None
    n = len(window)
    commas = np.flatnonzero(data == ord(","))
    line_ends = np.flatnonzero(data == _NEWLINE)
    counts = np.bincount(np.searchsorted(line_ends, commas), minlength=n + 1)[:n]
    if counts.min() < 4:
        return None
    first = np.cumsum(counts) - counts
    row_starts = np.empty(n, dtype=line_ends.dtype)
    row_starts[0] = 0
    row_starts[1:] = line_ends[:-1] + 1
    cut = [commas[first + i] for i in range(4)]
    error_length = cut[3] - cut[2] - 1
    if error_length.max() > 1:
        return None
    errors = error_length == 1
    if errors.any() and not (data[cut[3][errors] - 1] == _PLUS).all():
        return None
    return Fields(
        data, (row_starts, cut[0]), (cut[0] + 1, cut[1]), (cut[1] + 1, cut[2]), errors, (cut[3] + 1, line_ends)
    )
