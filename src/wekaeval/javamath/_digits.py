"""The decimal digits Java prints a double with: ``FloatingDecimal``'s (JDK 1.0 to today) and the shortest (JDK 19+).

Java has had two ways of turning a double into decimal digits:

* ``jdk.internal.math.FloatingDecimal`` (``BinaryToASCIIBuffer.dtoa``), Steele and White's digit generation
  with a symmetric stopping test.  Its digits are not always the shortest that read back: for integers of
  2**53 and more it prints every digit of the integer (``2.9942121520052992E16``), elsewhere it may stop
  a digit late or round the last digit the other way (``9.999999999999999E22`` for ``1e23``).
  ``Double.toString`` used it up to JDK 18, ``String.format`` up to JDK 20, and ``DecimalFormat`` -- so
  WEKA's ``Utils.doubleToString`` -- still does in JDK 25.  :func:`floating_decimal` is a port of it.
* Raffaello Giulietti's shortest decimal (JDK-4511638): ``Double.toString`` from JDK 19, ``String.format``
  from JDK 21 (JDK-8300869).  Python's ``repr`` gives the same digits but for a few subnormals, where Java
  keeps two digits (:func:`shortest_digits`).

>>> floating_decimal(2.9942121520052992e16).digits, shortest_digits(2.9942121520052992e16).digits
('29942121520052992', '2994212152005299')
>>> d = floating_decimal(1e23)
>>> d.digits, d.exponent
('9999999999999999', 23)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from wekaeval.javamath._bits import double_of, signed_bits_of

_EXP_SHIFT = 52
_FRACT_HOB = 1 << _EXP_SHIFT  # the hidden bit
_SIGNIF_MASK = _FRACT_HOB - 1
_EXP_BIAS = 1023
_MAX_SMALL_BIN_EXP = 62
_MIN_SMALL_BIN_EXP = -(63 // 3)
_LONG_5_POW_COUNT = 27  # FDBigInteger.LONG_5_POW: 5**0 .. 5**26
_SMALL_5_POW_COUNT = 14  # FDBigInteger.SMALL_5_POW: 5**0 .. 5**13

#: ``N_5_BITS[i]``: FloatingDecimal's count of the bits of 5**i, ceil(log2(5**i)) (0 for i = 0).
_N_5_BITS = tuple((5**i).bit_length() if i else 0 for i in range(_LONG_5_POW_COUNT))

_MIN_NORMAL = 2.2250738585072014e-308  # Double.MIN_NORMAL


def _int32(x: int) -> int:
    """``x`` wrapped to Java's ``int``."""
    return ((x + 0x80000000) & 0xFFFFFFFF) - 0x80000000


def _int64(x: int) -> int:
    """``x`` wrapped to Java's ``long``."""
    return ((x + 0x8000000000000000) & 0xFFFFFFFFFFFFFFFF) - 0x8000000000000000


def _java_div(a: int, b: int) -> int:
    """Java's integer ``/``: truncates toward zero."""
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def _java_rem(a: int, b: int) -> int:
    """Java's integer ``%``: the sign of the dividend."""
    return a - _java_div(a, b) * b


def _insignificant_digits_for_pow2(p2: int) -> int:
    """``insignificantDigitsForPow2``: the number of times 2**p2 divides by 10 down to one digit (0 for p2 <= 1)."""
    if 1 < p2 < 64:
        return len(str(1 << p2)) - 1
    return 0


@dataclass(frozen=True)
class Digits:
    """A double's decimal digits as Java produced them: ``0.<digits> x 10**exponent``.

    Attributes
    ----------
    negative : bool
        The sign bit.
    digits : str
        The digits, first one non-zero (``"0"`` for zero); FloatingDecimal's may end in zeros.
    exponent : int
        FloatingDecimal's ``decExponent``: the value is ``0.d1d2... * 10**exponent``.
    rounded_up : bool
        ``digitsRoundedUp()``: FloatingDecimal rounded its last digit up (DecimalFormat then never rounds a
        final 5 up again).
    exact : bool
        ``decimalDigitsExact()``: the digits are the double's exact value.
    """

    negative: bool
    digits: str
    exponent: int
    rounded_up: bool = False
    exact: bool = False


@lru_cache(maxsize=65536)
def floating_decimal(value: float, *, compatible: bool = True) -> Digits:
    """``FloatingDecimal.getBinaryToASCIIConverter(value, compatible)``'s digits, exponent and flags.

    ``compatible`` is True for ``Double.toString`` and ``DecimalFormat``, False for ``String.format``'s
    ``%f`` up to JDK 20 (``FormattedFloatingDecimal``), which always develops at least two digits.  The
    value must be finite.

    >>> floating_decimal(0.94)
    Digits(negative=False, digits='94', exponent=0, rounded_up=True, exact=False)
    >>> floating_decimal(2.0**60).digits  # 1152921504606846976: its last digit is "insignificant", rounded off
    '115292150460684698'
    """
    bits = signed_bits_of(value)
    negative = bits < 0
    fract_bits = bits & _SIGNIF_MASK
    bin_exp = (bits >> _EXP_SHIFT) & 0x7FF
    if bin_exp == 0x7FF:
        raise ValueError(f"FloatingDecimal's digits of a finite double, not {value!r}")
    if bin_exp == 0:
        if fract_bits == 0:
            return Digits(negative, "0", 0, exact=True)
        leading_zeros = 64 - fract_bits.bit_length()
        shift = leading_zeros - (63 - _EXP_SHIFT)
        fract_bits <<= shift
        bin_exp = 1 - shift
        n_significant_bits = 64 - leading_zeros
    else:
        fract_bits |= _FRACT_HOB
        n_significant_bits = _EXP_SHIFT + 1
    return _dtoa(negative, bin_exp - _EXP_BIAS, fract_bits, n_significant_bits, compatible)


def _long_digits(negative: bool, value: int, insignificant: int) -> Digits:
    """``developLongDigits(0, value, insignificant)``: the integer's digits, its low ``insignificant`` rounded off."""
    exponent = 0
    if insignificant:
        pow10 = 10**insignificant
        value, residue = divmod(value, pow10)
        exponent += insignificant
        if residue >= pow10 >> 1:
            value += 1
    text = str(value)
    return Digits(negative, text.rstrip("0") or "0", exponent + len(text))


def _dtoa(negative: bool, bin_exp: int, fract_bits: int, n_significant_bits: int, compatible: bool) -> Digits:
    """``BinaryToASCIIBuffer.dtoa``, its int, long and FDBigInteger paths with their own comparisons."""
    tail_zeros = (fract_bits & -fract_bits).bit_length() - 1
    n_fract_bits = _EXP_SHIFT + 1 - tail_zeros
    n_tiny_bits = max(0, n_fract_bits - bin_exp - 1)
    if (
        _MIN_SMALL_BIN_EXP <= bin_exp <= _MAX_SMALL_BIN_EXP
        and n_tiny_bits < _LONG_5_POW_COUNT
        and n_fract_bits + _N_5_BITS[n_tiny_bits] < 64
        and n_tiny_bits == 0
    ):
        # an integer that fits in a long: its digits, less those below the precision of the double
        if bin_exp > n_significant_bits:
            insignificant = _insignificant_digits_for_pow2(bin_exp - n_significant_bits - 1)
        else:
            insignificant = 0
        if bin_exp >= _EXP_SHIFT:
            fract_bits <<= bin_exp - _EXP_SHIFT
        else:
            fract_bits >>= _EXP_SHIFT - bin_exp
        return _long_digits(negative, fract_bits, insignificant)
    dec_exp = _estimate_dec_exp(fract_bits, bin_exp)
    b5 = max(0, -dec_exp)
    b2 = b5 + n_tiny_bits + bin_exp
    s5 = max(0, dec_exp)
    s2 = s5 + n_tiny_bits
    m5 = b5
    m2 = b2 - n_significant_bits
    fract_bits >>= tail_zeros
    b2 -= n_fract_bits - 1
    common = min(b2, s2)
    b2 -= common
    s2 -= common
    m2 -= common
    if n_fract_bits == 1:  # an exact power of two: the next double down is half as far
        m2 -= 1
    if m2 < 0:
        b2 -= m2
        s2 -= m2
        m2 = 0
    b_bits = n_fract_bits + b2 + (_N_5_BITS[b5] if b5 < len(_N_5_BITS) else b5 * 3)
    ten_s_bits = s2 + 1 + (_N_5_BITS[s5 + 1] if s5 + 1 < len(_N_5_BITS) else (s5 + 1) * 3)
    if b_bits < 64 and ten_s_bits < 64:
        width = 32 if b_bits < 32 and ten_s_bits < 32 else 64
        digits, dec_exp, high, low, difference, exact = _machine_digits(
            width, fract_bits, (b5, b2), (s5, s2), (m5, m2), dec_exp, compatible
        )
    else:
        digits, dec_exp, high, low, difference, exact = _big_digits(
            fract_bits, (b5, b2), (s5, s2), (m5, m2), dec_exp, compatible
        )
    exponent = dec_exp + 1
    rounded_up = False
    if high and (not low or difference > 0 or (difference == 0 and digits[-1] & 1)):
        digits, exponent, rounded_up = _round_up(digits, exponent)
    return Digits(negative, "".join(map(str, digits)), exponent, rounded_up, exact)


def _estimate_dec_exp(fract_bits: int, bin_exp: int) -> int:
    """``estimateDecExp``: floor(log10(value)) from a linear approximation, in Java's double arithmetic."""
    d2 = double_of((_EXP_BIAS << _EXP_SHIFT) | (fract_bits & _SIGNIF_MASK))
    d = (d2 - 1.5) * 0.289529654 + 0.176091259 + float(bin_exp) * 0.301029995663981
    return math.floor(d)


def _machine_digits(
    width: int,
    fract_bits: int,
    b: tuple[int, int],
    s: tuple[int, int],
    m: tuple[int, int],
    dec_exp: int,
    compatible: bool,
) -> tuple[list[int], int, bool, bool, int, bool]:
    """The ``int`` (``width`` 32) or ``long`` (64) path, with Java's wrap-around and its stopping tests.

    B stays in [0, 10 S) and S, 10 S fit (FloatingDecimal chose the path by their sizes), so Python's
    integers give Java's values except where M * 10 or B + M overflows: those are wrapped as Java wraps them.
    """
    wrap = _int32 if width == 32 else _int64
    largest = (1 << (width - 1)) - 1
    bv = wrap(wrap((_int32(fract_bits) if width == 32 else fract_bits) * 5 ** b[0]) << b[1])
    sv = wrap(5 ** s[0] << s[1])
    mv = wrap(5 ** m[0] << m[1])
    tens = wrap(sv * 10)
    digits: list[int] = []
    q, bv = divmod(bv, sv) if bv >= 0 else (_java_div(bv, sv), _java_rem(bv, sv))
    bv = wrap(10 * bv)
    mv = wrap(mv * 10)
    total = bv + mv
    low = bv < mv
    high = (total if -largest - 1 <= total <= largest else wrap(total)) > tens
    if q == 0 and not high:
        dec_exp -= 1  # the estimate was one too high: drop the leading zero
    else:
        digits.append(q)
    if not compatible or dec_exp < -3 or dec_exp >= 8:
        high = low = False
    while not low and not high:
        q, bv = divmod(bv, sv)  # 0 <= B < 10 S here
        bv *= 10
        mv *= 10
        if mv > largest:
            mv = wrap(mv)
        if mv > 0:
            total = bv + mv
            low = bv < mv
            high = (total if total <= largest else wrap(total)) > tens
        else:  # M overflowed: Java's "hack", both tests true
            low = high = True
        digits.append(q)
    return digits, dec_exp, high, low, wrap((bv << 1) - tens), bv == 0


def _big_digits(
    fract_bits: int,
    b: tuple[int, int],
    s: tuple[int, int],
    m: tuple[int, int],
    dec_exp: int,
    compatible: bool,
) -> tuple[list[int], int, bool, bool, int, bool]:
    """The FDBigInteger path: exact integers, and ``B + M >= 10 S`` (not ``>``) as its high test."""
    bv = fract_bits * 5 ** b[0] << b[1]
    sv = 5 ** s[0] << s[1]
    mv = 5 ** (m[0] + 1) << (m[1] + 1)  # M * 10
    ten_s = sv * 10
    digits: list[int] = []
    q, bv = divmod(bv, sv)
    bv *= 10
    low = bv < mv
    high = bv + mv >= ten_s
    if q == 0 and not high:
        dec_exp -= 1
    else:
        digits.append(q)
    if not compatible or dec_exp < -3 or dec_exp >= 8:
        high = low = False
    while not low and not high:
        q, bv = divmod(bv, sv)
        bv *= 10
        mv *= 10
        low = bv < mv
        high = bv + mv >= ten_s
        digits.append(q)
    difference = 0
    if high and low:
        doubled = bv << 1
        difference = (doubled > ten_s) - (doubled < ten_s)
    return digits, dec_exp, high, low, difference, bv == 0


def _round_up(digits: list[int], exponent: int) -> tuple[list[int], int, bool]:
    """``roundup()``: one more in the last digit; a carry out of all nines gives 1 and zeros, unflagged."""
    digits = digits.copy()
    i = len(digits) - 1
    while digits[i] == 9 and i > 0:
        digits[i] = 0
        i -= 1
    if digits[i] == 9:  # carry out: 1 followed by the zeros, one more in the exponent
        digits[0] = 1
        return digits, exponent + 1, False
    digits[i] += 1
    return digits, exponent, True


@lru_cache(maxsize=65536)
def shortest_digits(value: float) -> Digits:
    """The digits of JDK 19+'s ``Double.toString``: the shortest decimal that reads back as ``value``.

    Python's ``repr`` has them, but where the shortest has one digit Java looks for the closest decimal
    of two (JDK-4511638's specification): the smallest subnormals.

    >>> shortest_digits(5e-324).digits, shortest_digits(1e-323).digits, shortest_digits(0.1).digits
    ('49', '99', '1')
    """
    negative = math.copysign(1.0, value) < 0
    if value == 0:
        return Digits(negative, "0", 0, exact=True)
    magnitude = abs(value)
    mantissa, _, exponent_text = repr(magnitude).partition("e")
    whole, _, fraction = mantissa.partition(".")
    digits = (whole + fraction).lstrip("0")
    exponent = int(exponent_text or 0) + len(whole) - (len(whole + fraction) - len(digits))
    digits = digits.rstrip("0")
    if len(digits) == 1 and magnitude < _MIN_NORMAL:  # a normal double's rounding interval holds no other
        digits, exponent = _two_digits(magnitude, digits, exponent)
    return Digits(negative, digits, exponent)


def _two_digits(magnitude: float, digit: str, exponent: int) -> tuple[str, int]:
    """Of the decimals of one or two digits that read back as ``magnitude``, the closest (ties: an even last digit).

    Only the smallest subnormals have a one-digit shortest decimal with a closer two-digit one.
    """
    exact = Fraction(magnitude)
    candidates = [(Fraction(int(digit)) * Fraction(10) ** (exponent - 1), digit, exponent)]
    for shift in (0, 1):
        for number in range(10, 100):
            decimal = Fraction(number) * Fraction(10) ** (exponent - 2 - shift)
            if float(decimal) == magnitude:
                candidates.append((decimal, str(number).rstrip("0"), exponent - shift))
    _, chosen, chosen_exponent = min(candidates, key=lambda c: (abs(c[0] - exact), int(c[1][-1]) % 2))
    return chosen, chosen_exponent
