"""Short tokens as 64-bit words: numbers checked and read, labels packed, eight bytes at a time.

The columnar reader (:mod:`wekaeval.arff._columnar`) has each token's start and end.  A token of at most
16 bytes is gathered as two little-endian 64-bit words, right-aligned (its last byte the last of the
second word) so that a number's digits stand where their weight says; the bytes before the token are
masked off.  Each test on a byte is then one operation on eight of them (the SIMD-within-a-register
tricks below, no carries between bytes), and eight digits become an integer in three multiplications.

>>> import numpy as np
>>> text = b"-12.5 7 .25 1-2 3.. 99"
>>> data = np.frombuffer(text, dtype=np.uint8)
>>> starts, ends = np.array([0, 6, 8, 12, 16, 20]), np.array([5, 7, 11, 15, 19, 22])
>>> words = Words(data)
>>> simple, signed, missing = simple_numbers(words, starts, ends)
>>> simple.tolist()
[True, True, True, False, False, True]
>>> number_values(words, starts[simple], ends[simple], signed[simple]).tolist()
[-12.5, 7.0, 0.25, 99.0]
"""

from __future__ import annotations

import numpy as np

_HIGH = np.uint64(0x8080808080808080)
_LOW7 = np.uint64(0x7F7F7F7F7F7F7F7F)
_ALL = np.uint64(0xFFFFFFFFFFFFFFFF)
_ZEROS = np.uint64(0x3030303030303030)  # eight '0' bytes
_DOTS = np.uint64(0x2E2E2E2E2E2E2E2E)
_TEN_PAST = np.uint64(0x7676767676767676)  # 0x80 - 10 in each byte
_PAIRS = np.uint64(0x000000FF000000FF)
_MUL_HIGH = np.uint64(100 + (1000000 << 32))
_MUL_LOW = np.uint64(1 + (10000 << 32))

_POW10 = 10.0 ** np.arange(23)
_IPOW10 = 10 ** np.arange(19, dtype=np.int64)

#: Tokens are checked and read this many at a time: each step's arrays stay in the processor's cache (and in
#: the allocator's hands), which makes the whole half again as fast as one pass over all of them.
_CHUNK = 32768

#: The longest number read in bulk: 15 bytes hold at most 15 digits, below 2**53 (exact as a double).
LONGEST = 15


class Words:
    """A run's bytes, padded by 16 zero bytes on each side, read as a 64-bit word at every offset."""

    def __init__(self, data: np.ndarray, lo: int = 0):
        padded = np.zeros(len(data) + 32, dtype=np.uint8)
        padded[16 : 16 + len(data)] = data
        # word i is bytes i to i + 7 (overlapping, unaligned: numpy copies each one when gathering)
        self._words = np.ndarray((len(data) + 25,), dtype="<u8", buffer=padded, strides=(1,))
        self._shift = 16 - lo
        self._padded = padded  # the words' memory

    def ending(self, ends: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The 16 bytes before each offset of ``ends`` as two words (the bytes in text order, little-endian)."""
        at = ends + (self._shift - 16)
        return self._words[at], self._words[at + 8]

    def last(self, ends: np.ndarray) -> np.ndarray:
        """The 8 bytes before each offset of ``ends`` as one word (the second of :meth:`ending`)."""
        return self._words[ends + (self._shift - 8)]

    def byte(self, offsets: np.ndarray) -> np.ndarray:
        """The bytes at ``offsets``."""
        return self._padded[offsets + self._shift]

    def starting(self, starts: np.ndarray) -> np.ndarray:
        """The 8 bytes from each offset of ``starts`` as one word."""
        return self._words[starts + self._shift]


def _top_bytes(count: int) -> int:
    """The mask of the last ``count`` (0 to 8) bytes of a word (its most significant)."""
    return (1 << 64) - (1 << (64 - 8 * count)) if count else 0


#: For a token of n bytes (at most 16) right-aligned in two words: the mask of its bytes in each.
_INSIDE_HIGH = np.array([_top_bytes(max(0, min(8, n - 8))) for n in range(17)], dtype=np.uint64)
_INSIDE_LOW = np.array([_top_bytes(min(8, n)) for n in range(17)], dtype=np.uint64)
#: For a token of n bytes (at most 8) left-aligned in a word: the mask of its bytes.
_LEFT = np.array([(1 << (8 * n)) - 1 for n in range(9)], dtype=np.uint64)


def _zero_bytes(word: np.ndarray) -> np.ndarray:
    """The high bit of each byte of ``word`` that is 0."""
    return ~(((word & _LOW7) + _LOW7) | word) & _HIGH


def _inside(lengths: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The masks of a right-aligned token of ``lengths`` bytes (at most 16) in its two words."""
    return _INSIDE_HIGH[lengths], _INSIDE_LOW[lengths]


def simple_numbers(words: Words, starts: np.ndarray, ends: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Which tokens are ``-ddd.ddd`` numbers of at most :data:`LONGEST` bytes, which begin with ``-``, which are ``?``.

    The shape: an optional minus sign, then digits with at most one dot among them, at least one digit.
    Java's ``Double.parseDouble`` reads each such token as the correctly rounded value of the decimal.
    """
    parts = [_simple(words, starts[i : i + _CHUNK], ends[i : i + _CHUNK]) for i in range(0, len(starts), _CHUNK)]
    if len(parts) == 1:
        return parts[0]
    simple, signed, missing = zip(*parts, strict=True)
    return _joined(simple, len(starts)), _joined(signed, len(starts)), _joined(missing, len(starts))


def _joined(parts: tuple[np.ndarray, ...], size: int) -> np.ndarray:
    return np.concatenate(parts) if parts else np.zeros(size, dtype=bool)


def _simple(words: Words, starts: np.ndarray, ends: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    lengths = ends - starts
    first = words.byte(starts)
    signed = (first == 45) & (lengths > 0)
    missing = (lengths == 1) & (first == 63)
    unsigned = np.minimum(lengths - signed, 16)  # right-aligned: the sign is the first byte, left out
    if len(lengths) and lengths.max() <= 8:  # one word each
        word = words.last(ends)
        odd = _non_digits(word) & _INSIDE_LOW[unsigned]
        simple = ((odd & (odd - np.uint64(1))) == 0) & _dots(word, odd) & (unsigned > (odd != 0))
        return simple, signed, missing
    high, low = words.ending(ends)
    odd_high = _non_digits(high) & _INSIDE_HIGH[unsigned]
    odd_low = _non_digits(low) & _INSIDE_LOW[unsigned]
    # at most one byte of the two words is no digit, and it is a dot
    simple = ((odd_high & (odd_high - np.uint64(1))) | (odd_low & (odd_low - np.uint64(1)))) == 0
    dotted_high, dotted_low = odd_high != 0, odd_low != 0
    simple &= ~(dotted_high & dotted_low) & _dots(high, odd_high) & _dots(low, odd_low)
    simple &= (lengths <= LONGEST) & (unsigned > (dotted_high | dotted_low))  # and a digit
    return simple, signed, missing


def _non_digits(word: np.ndarray) -> np.ndarray:
    """The high bit of each byte of ``word`` that is no digit."""
    shifted = word ^ _ZEROS  # digits become 0 to 9
    return (((shifted & _LOW7) + _TEN_PAST) | shifted) & _HIGH


def _dots(word: np.ndarray, picked: np.ndarray) -> np.ndarray:
    """Whether the bytes of ``word`` whose high bits are ``picked`` are all dots."""
    bytes_ = (picked >> np.uint64(7)) * np.uint64(0xFF)
    return (word & bytes_) == (_DOTS & bytes_)


def _eight_digits(word: np.ndarray) -> np.ndarray:
    """Eight digit values (0 to 9, one a byte, the first the most significant) as one integer."""
    word = word * np.uint64(10) + (word >> np.uint64(8))  # each pair of bytes: two digits
    word = ((word & _PAIRS) * _MUL_HIGH + ((word >> np.uint64(16)) & _PAIRS) * _MUL_LOW) >> np.uint64(32)
    return (word & np.uint64(0xFFFFFFFF)).astype(np.int64)


def number_values(words: Words, starts: np.ndarray, ends: np.ndarray, signed: np.ndarray) -> np.ndarray:
    """The simple numbers (see :func:`simple_numbers`) from ``starts`` to ``ends`` as Java reads them.

    The digits make an integer (the dot read as a digit 0, then taken out), below 2**53 and so exact
    as a double; 10**k is exact for k <= 22; the one division rounds the exact quotient once, as
    Java's (and Python's) correctly rounded parsing does.
    """
    parts = [
        _values(words, starts[i : i + _CHUNK], ends[i : i + _CHUNK], signed[i : i + _CHUNK])
        for i in range(0, len(starts), _CHUNK)
    ]
    return np.concatenate(parts) if parts else np.zeros(0, dtype=np.float64)


def _values(words: Words, starts: np.ndarray, ends: np.ndarray, signed: np.ndarray) -> np.ndarray:
    lengths = ends - starts
    inside_high, inside_low = _inside(lengths)
    whole = np.zeros(len(starts), dtype=np.int64)
    after = np.zeros(len(starts), dtype=np.int64)  # digits after the dot
    dotted = np.zeros(len(starts), dtype=bool)
    if len(lengths) and lengths.max() <= 8:  # one word each
        parts = [(words.last(ends), inside_low, 1, 7)]
    else:
        high, low = words.ending(ends)
        parts = [(high, inside_high, 10**8, 15), (low, inside_low, 1, 7)]
    for word, inside, weight, last in parts:
        non_digit = _non_digits(word)
        digits = (word ^ _ZEROS) & ~((non_digit >> np.uint64(7)) * np.uint64(0xFF)) & inside
        whole += _eight_digits(digits) * weight
        dots = _zero_bytes(word ^ _DOTS) & inside
        at = np.flatnonzero(dots)
        if len(at):
            _, exponent = np.frexp(dots[at].astype(np.float64))  # the dot's high bit is bit exponent - 1
            after[at] = last - (exponent - 8) // 8
            dotted[at] = True
    power = _IPOW10[after]
    mantissa = np.where(dotted, whole // (power * 10) * power + whole % power, whole)
    magnitude = mantissa.astype(np.float64) / _POW10[after]
    return np.where(signed, -magnitude, magnitude)


def short_integers(words: Words, ends: np.ndarray, lengths: np.ndarray) -> np.ndarray | None:
    """Tokens of 1 to 8 bytes, all digits (a sparse row's indices), as integers; None if one is anything else.

    >>> data = np.frombuffer(b"0 17 12345678 1x", dtype=np.uint8)
    >>> short_integers(Words(data), np.array([1, 4, 13]), np.array([1, 2, 8])).tolist()
    [0, 17, 12345678]
    >>> short_integers(Words(data), np.array([16]), np.array([2])) is None
    True
    """
    word = words.last(ends)
    inside = _INSIDE_LOW[lengths]
    if (_non_digits(word) & inside).any():
        return None
    return _eight_digits((word ^ _ZEROS) & inside)


def packed_labels(words: Words, starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """Tokens of at most 8 bytes as little-endian 64-bit numbers (the bytes past a token's end zero)."""
    codes = words.starting(starts)
    return codes & _LEFT[lengths]


def running_parity(mask: np.ndarray) -> np.ndarray:
    """Whether an odd number of ``mask``'s values up to each (inclusive) are True: ``cumsum(mask) % 2 == 1``,
    computed on 64 bits at a time (a prefix XOR within each word, then carried from word to word).

    >>> running_parity(np.array([False, True, False, False, True, True])).tolist()
    [False, True, True, True, False, True]
    """
    bits = np.packbits(mask, bitorder="little")
    bits = np.concatenate((bits, np.zeros(-len(bits) % 8, dtype=np.uint8)))
    words = bits.view("<u8").astype(np.uint64)
    for shift in (1, 2, 4, 8, 16, 32):
        words ^= words << np.uint64(shift)
    carried = np.bitwise_xor.accumulate((words >> np.uint64(63)).astype(np.uint8))  # each word's parity, so far
    words[1:] ^= np.uint64(0) - carried[:-1].astype(np.uint64)  # all ones after an odd count
    return np.unpackbits(words.astype("<u8").view(np.uint8), count=len(mask), bitorder="little").view(bool)
