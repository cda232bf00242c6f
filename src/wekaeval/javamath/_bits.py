"""Java's casts between a ``double`` and its IEEE bit pattern, on one Python float: the one home of
``Double.doubleToRawLongBits`` and ``Double.longBitsToDouble`` for the scalar ports.

The numpy paths cast whole arrays with ``array.view(np.uint64)`` / ``.view(np.float64)`` in place (one
reinterpretation, no copy), so they do not come here.  A NaN keeps its payload both ways (``struct`` copies
the 8 bytes), as the raw Java casts do.

Examples
--------
>>> hex(bits_of(1.0)), signed_bits_of(-2.0) >> 63, double_of(0x3FF8000000000000)
('0x3ff0000000000000', -1, 1.5)
>>> double_of(signed_bits_of(-2.0)), double_of(bits_of(-2.0))   # signed or unsigned: the same 64 bits
(-2.0, -2.0)
>>> clear_low_word(1.0 / 3.0).hex()
'0x1.5555500000000p-2'
"""

from __future__ import annotations

import struct

_DOUBLE = struct.Struct("<d")


_UNSIGNED = struct.Struct("<Q")


_SIGNED = struct.Struct("<q")


_MASK64 = 0xFFFFFFFFFFFFFFFF


_ZERO_WORD = bytes(4)


def bits_of(x: float) -> int:
    """``x``'s 64-bit pattern as an unsigned number (0 to 2**64 - 1): the sign is bit 63."""
    return _UNSIGNED.unpack(_DOUBLE.pack(x))[0]


def signed_bits_of(x: float) -> int:
    """``Double.doubleToRawLongBits(x)``, a signed Java ``long``: negative for a negative ``x``, and its high
    word ``bits >> 32`` is the signed ``int`` fdlibm's ``__HI(x)`` reads."""
    return _SIGNED.unpack(_DOUBLE.pack(x))[0]


def double_of(bits: int) -> float:
    """``Double.longBitsToDouble(bits)``: the double whose pattern is ``bits`` modulo 2**64, so signed and
    unsigned patterns (and sums that carried past bit 63) alike."""
    return _DOUBLE.unpack(_UNSIGNED.pack(bits & _MASK64))[0]


def clear_low_word(x: float) -> float:
    """``x`` with the low 32 bits of its pattern zeroed (fdlibm's ``__LO(x) = 0``): a high part with 21
    significant bits at most."""
    return _DOUBLE.unpack(_ZERO_WORD + _DOUBLE.pack(x)[4:])[0]
