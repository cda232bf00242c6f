"""What Java's ``Math.log`` computes, bit for bit, in numpy.

WEKA's K&B information and SF entropies use ``Utils.log2(x) = Math.log(x) / Math.log(2)``.
Java leaves the last bit of ``Math.log`` to the JVM, and the two JVMs WEKA runs on differ:

* **HotSpot on x86_64** (``variant="hotspot"``) replaces ``Math.log`` by an intrinsic, the same
  machine code in the interpreter, C1 and C2: Intel LIBM's algorithm (``fast_log`` in
  ``src/hotspot/cpu/x86/macroAssembler_x86_log.cpp``, JDK 9 to 20; ``stubGenerator_x86_64_log.cpp``
  since).  It is not correctly rounded and matches neither fdlibm nor the C library.
  :func:`java_log` repeats its arithmetic operation by operation in IEEE doubles (SSE2: every
  product and sum rounded on its own, no fused multiply-add -- numpy does not fuse either).
* **fdlibm** (``variant="fdlibm"``) is ``StrictMath.log`` everywhere, and ``Math.log`` on an
  aarch64 HotSpot, where the log intrinsic is switched off (JDK-8211105) and the VM calls its
  copy of fdlibm's ``e_log.c``.  :func:`fdlibm_log` ports that C function.

The one step of the intrinsic that is not IEEE arithmetic is the processor's approximate
reciprocal (``RCPSS``), from which it picks a table entry ``B ~ 1/m`` (``m`` the significand).
Its exact result is the vendor's: :data:`RCP_BREAKPOINTS` was measured on an AMD EPYC (Zen)
over all 2**23 inputs the intrinsic can give it.  The choice hardly matters: picking B from the
exactly rounded reciprocal instead (another entry for 2.1 % of significands) changed none of
3 million results drawn from exactly those significands.

Examples
--------
>>> import numpy as np
>>> from wekaeval.javamath import java_log, fdlibm_log, log2
>>> java_log(np.array([1.0, 2.0, 0.0, -1.0, np.inf]))
array([0.        , 0.69314718,       -inf,        nan,        inf])
>>> java_log(1.4).hex(), fdlibm_log(1.4).hex()      # x86_64 HotSpot's last bit, and ARM's
('0x1.588c2d913348fp-2', '0x1.588c2d913348ep-2')
>>> log2(0.3), log2(0.3, variant="fdlibm")
(-1.7369655941662063, -1.7369655941662063)
"""

from __future__ import annotations

import math
import struct
from collections.abc import Iterable
from decimal import Decimal
from typing import Callable, Literal, overload

import numpy as np
from numpy.typing import ArrayLike

__all__ = ["java_log", "java_log_scalar", "fdlibm_log", "log2", "java_divide", "java_sqrt", "RCP_BREAKPOINTS"]

Variant = Literal["hotspot", "fdlibm"]

# -log(B) for B = (128 + j) / 256, j = 0..128, as a high part with trailing zero bits and a low
# part (IEEE bit patterns): the intrinsic's table of 129 pairs, data copied as it is.
_LOG_TABLE_BITS: tuple[tuple[int, int], ...] = (
    (0x3fe62e42fefa3800, 0x3d2ef35793c76730), (0x3fe5ee82aa241800, 0x3d2202380cda46be),
    (0x3fe5af405c364800, 0x3d2dfa63ac10c9fb), (0x3fe5707a26bb8c00, 0x3d09980bff3303dd),
    (0x3fe5322e26867800, 0x3d05ccc45d257531), (0x3fe4f45a835a5000, 0xbd2e6c516d93b8fb),
    (0x3fe4b6fd6f970c00, 0x3cef7115ed4c541c), (0x3fe47a1527e8a400, 0xbd22cb6af94d60aa),
    (0x3fe43d9ff2f92400, 0xbcfd984f481051f7), (0x3fe4019c2125cc00, 0xbd26ce7930f0c74c),
    (0x3fe3c6080c36c000, 0xbd02b7367cfe13c2), (0x3fe38ae217197800, 0xbd218b7abb5569a4),
    (0x3fe35028ad9d8c00, 0x3d10b83f9527e6ac), (0x3fe315da44340800, 0xbd274e93c5a0ed9c),
    (0x3fe2dbf557b0e000, 0xbd17a6e507b9dc11), (0x3fe2a2786d0ec000, 0x3d206d2be797882d),
    (0x3fe269621134dc00, 0xbd0b61f105226250), (0x3fe230b0d8bebc00, 0x3d12fc066e48667b),
    (0x3fe1f8635fc61800, 0xbd2a7242c9fe81d3), (0x3fe1c07849ae6000, 0x3cccacdeed70e667),
    (0x3fe188ee40f23c00, 0x3d14cc4ef8ab4650), (0x3fe151c3f6f29800, 0xbd2edd97a293ae49),
    (0x3fe11af823c75c00, 0xbd258647bb9ddcb2), (0x3fe0e4898611cc00, 0x3d1c299807801742),
    (0x3fe0ae76e2d05400, 0x3d1f486b887e7e27), (0x3fe078bf0533c400, 0x3d26812241edf5fd),
    (0x3fe04360be760400, 0xbd04c45fe79539e0), (0x3fe00e5ae5b20800, 0xbd053ba3b1727b1c),
    (0x3fdfb358af7a4800, 0x3d0085fa3c164935), (0x3fdf4aa7ee031800, 0x3d12cde56f014a8b),
    (0x3fdee2a156b41000, 0x3d2f27f45a470251), (0x3fde7b42c3ddb000, 0xbd2465505372bd08),
    (0x3fde148a1a272800, 0xbd1326b207322938), (0x3fddae75484c9800, 0xbd1ea42d60dc616a),
    (0x3fdd490246def800, 0x3d235bafe9a767a8), (0x3fdce42f18064800, 0xbd0797c33ec7a6b0),
    (0x3fdc7ff9c7455800, 0xbd29b6ddc15249ae), (0x3fdc1c60693fa000, 0x3d2cec807fe8e180),
    (0x3fdbb9611b80e000, 0x3d27d85bf40a666d), (0x3fdb56fa04462800, 0x3d1095252d841995),
    (0x3fdaf5295248d000, 0xbd217cc552774458), (0x3fda93ed3c8ad800, 0x3d1e36f2bea77a5d),
    (0x3fda33440224f800, 0x3d23c6457f9d79f5), (0x3fd9d32bea15f000, 0xbd26279e10d0c0b0),
    (0x3fd973a343135800, 0xbd152313a502d9f0), (0x3fd914a8635bf800, 0xbd1766b52ee6307d),
    (0x3fd8b639a88b3000, 0xbd205ae1e5e70470), (0x3fd85855776dc800, 0x3d2fd56f3333778a),
    (0x3fd7fafa3bd81800, 0xbd272090c812566a), (0x3fd79e26687cf800, 0x3d29ec7d2efd1778),
    (0x3fd741d876c67800, 0x3d2d8b0949dc60b3), (0x3fd6e60ee6af1800, 0x3d1721657c222d87),
    (0x3fd68ac83e9c6800, 0x3d20a0d32756eba0), (0x3fd630030b3ab000, 0xbd2db623e731ae00),
    (0x3fd5d5bddf596000, 0xbd0a0b2a08a465dc), (0x3fd57bf753c8d000, 0x3d1fadedee5d40ef),
    (0x3fd522ae0738a000, 0x3d2ebe708164c759), (0x3fd4c9e09e173000, 0xbd2e20891b0ad8a4),
    (0x3fd4718dc271c800, 0xbd2f27ce0967d675), (0x3fd419b423d5e800, 0x3d08e436ec90e09d),
    (0x3fd3c25277333000, 0x3d183b54b606bd5c), (0x3fd36b6776be1000, 0x3d116ecdb0f177c8),
    (0x3fd314f1e1d36000, 0xbd28e27ad3213cb8), (0x3fd2bef07cdc9000, 0x3d2a9cfa4a5004f4),
    (0x3fd269621134d800, 0x3d2c93c1df5bb3b6), (0x3fd214456d0eb800, 0x3d0a87deba46baea),
    (0x3fd1bf99635a6800, 0x3d2ca6ed5147bdb7), (0x3fd16b5ccbacf800, 0x3d2b9acdf7a51681),
    (0x3fd1178e8227e800, 0xbd2c210e63a5f01c), (0x3fd0c42d67616000, 0x3d27188b163ceae9),
    (0x3fd07138604d5800, 0x3cf89cdb16ed4e91), (0x3fd01eae5626c800, 0xbd16f08c1485e94a),
    (0x3fcf991c6cb3b000, 0x3d1bcbecca0cdf30), (0x3fcef5ade4dd0000, 0xbcca211565bb8e11),
    (0x3fce530effe71000, 0x3cc212276041f430), (0x3fcdb13db0d49000, 0xbd2aff2af715b035),
    (0x3fcd1037f2656000, 0xbd084a7e75b6f6e4), (0x3fcc6ffbc6f01000, 0xbcf1ec72c5962bd2),
    (0x3fcbd087383be000, 0xbd2d4bc4595412b6), (0x3fcb31d8575bd000, 0xbd0c358d4eace1aa),
    (0x3fca93ed3c8ae000, 0xbd28724350562169), (0x3fc9f6c407089000, 0x3d29904d6865817a),
    (0x3fc95a5adcf70000, 0x3d07f22858a0ff6f), (0x3fc8beafeb390000, 0xbd073d54aae92cd1),
    (0x3fc823c16551a000, 0x3d1e0ddb9a631e83), (0x3fc7898d85445000, 0xbd1c661070914305),
    (0x3fc6f0128b757000, 0xbd25118de59c21e1), (0x3fc6574ebe8c1000, 0x3d19cf8b2c3c2e78),
    (0x3fc5bf406b544000, 0xbd127023eb68981c), (0x3fc527e5e4a1b000, 0x3d2633e8e5697dc7),
    (0x3fc4913d8333b000, 0x3d25837954fdb678), (0x3fc3fb45a5993000, 0xbd2cd1d87e6a354d),
    (0x3fc365fcb0159000, 0x3cc62fa8234b7289), (0x3fc2d1610c868000, 0x3d039d6ccb81b4a1),
    (0x3fc23d712a49c000, 0x3d100d238fd3df5c), (0x3fc1aa2b7e23f000, 0x3d2ca78e44389934),
    (0x3fc1178e8227e000, 0x3d21ef78ce2d07f2), (0x3fc08598b59e4000, 0xbd27e5dd7009902c),
    (0x3fbfe89139dbe000, 0xbd2534d64fa10afd), (0x3fbec739830a2000, 0xbd2dc068afe645e0),
    (0x3fbda72763844000, 0x3d1a89401fa71733), (0x3fbc885801bc4000, 0x3d2646d1c65aacd3),
    (0x3fbb6ac88dad6000, 0xbd1390802bf768e5), (0x3fba4e7640b1c000, 0xbd0e42b6b94407c8),
    (0x3fb9335e5d594000, 0x3d23115c3abd47da), (0x3fb8197e2f40e000, 0x3d0f80dcf96ffdf7),
    (0x3fb700d30aeac000, 0x3cec1e8da99ded32), (0x3fb5e95a4d97a000, 0xbd2c69063c5d1d1e),
    (0x3fb4d3115d208000, 0xbcf53a2582f4e1ef), (0x3fb3bdf5a7d1e000, 0x3d2cc85ea5db4ed7),
    (0x3fb2aa04a4472000, 0xbd20b6e8ae9c697d), (0x3fb1973bd1466000, 0xbd25325d560d9e9b),
    (0x3fb08598b59e4000, 0xbd17e5dd7009902c), (0x3faeea31c006c000, 0xbd0e113e4fc93b7b),
    (0x3faccb73cdddc000, 0xbd1a68f247d82807), (0x3faaaef2d0fb0000, 0x3d20fc1a353bb42e),
    (0x3fa894aa149fc000, 0xbd197995d05a267d), (0x3fa67c94f2d4c000, 0xbd029efbec19afa2),
    (0x3fa466aed42e0000, 0xbd2c167375bdfd28), (0x3fa252f32f8d0000, 0x3d283e9ae021b67b),
    (0x3fa0415d89e74000, 0x3d0111c05cf1d753), (0x3f9c63d2ec148000, 0x3d2578c63f9eb2f3),
    (0x3f98492528c90000, 0xbd2aa0ba325a0c34), (0x3f9432a925980000, 0x3d098139928637fe),
    (0x3f90205658938000, 0xbd23dc5b06e2f7d2), (0x3f882448a3890000, 0xbd275577da74f640),
    (0x3f80101575890000, 0xbd10c76b999d2be8), (0x3f70080559580000, 0x3d2166afcb31c67b),
    (0x0000000000000000, 0x8000000000000000),
)
_LOG_TABLE = np.array(_LOG_TABLE_BITS, dtype=np.uint64).view(np.float64)
_T_HI = np.ascontiguousarray(_LOG_TABLE[:, 0])
_T_LO = np.ascontiguousarray(_LOG_TABLE[:, 1])

#: The 23-bit significands (bits 29..51 of a double) at which the table index, 128 at 0,
#: steps down by one: ``RCPSS`` on AMD Zen, rounded to 7 bits as the intrinsic rounds it.
RCP_BREAKPOINTS: tuple[int, ...] = (
    0, 16384, 49152, 83968, 116736, 151552, 186368, 219136, 253952, 288768, 323584, 358400, 395264, 432128,
    468992, 503808, 540672, 579584, 616448, 655360, 692224, 731136, 770048, 808960, 847872, 888832, 929792,
    968704, 1009664, 1050624, 1093632, 1136640, 1177600, 1220608, 1263616, 1308672, 1351680, 1396736, 1439744,
    1486848, 1531904, 1576960, 1624064, 1671168, 1718272, 1767424, 1814528, 1863680, 1912832, 1961984,
    2011136, 2062336, 2113536, 2164736, 2217984, 2271232, 2322432, 2377728, 2430976, 2486272, 2541568,
    2598912, 2654208, 2711552, 2768896, 2826240, 2885632, 2945024, 3006464, 3065856, 3127296, 3188736,
    3252224, 3315712, 3379200, 3444736, 3510272, 3577856, 3643392, 3710976, 3778560, 3850240, 3919872,
    3989504, 4061184, 4134912, 4208640, 4282368, 4358144, 4433920, 4511744, 4589568, 4667392, 4747264,
    4827136, 4911104, 4993024, 5076992, 5163008, 5246976, 5335040, 5423104, 5513216, 5603328, 5693440,
    5787648, 5883904, 5978112, 6074368, 6172672, 6270976, 6373376, 6475776, 6576128, 6682624, 6789120,
    6897664, 7006208, 7116800, 7233536, 7344128, 7460864, 7581696, 7698432, 7821312, 7944192, 8069120,
    8196096, 8327168,
)
_BREAKS = np.array(RCP_BREAKPOINTS, dtype=np.uint64)
# Every breakpoint is a multiple of 2**10, so the index is a function of the leading 13 bits:
# one lookup instead of a search (tests/test_javamath.py checks all 2**23 inputs).
_TOP13_STARTS = np.arange(8192, dtype=np.uint64) << np.uint64(10)
_INDEX_OF_TOP13 = (128 - (np.searchsorted(_BREAKS, _TOP13_STARTS, side="right") - 1)).astype(np.intp)
_B = (128 + np.arange(129)) / 256.0


def _double(bits: int) -> float:
    return float(np.array(bits, dtype=np.uint64).view(np.float64))


# The intrinsic's other constants: log(2)/16 split in a high part (11 trailing zero bits, so that
# 16k times it is exact) and a low part, and the coefficients of log(1 + r) ~ r + sum c_n r**n.
_LN2_16_HI = _double(0x3FA62E42FEFA3800)
_LN2_16_LO = _double(0x3CEEF35793C76730)
_C2 = _double(0xBFE0000000000000)  # -1/2
_C3 = _double(0x3FD5555555555555)  # 1/3
_C4 = _double(0xBFD0000000000000)  # -1/4
_C5 = _double(0x3FC999999999999A)  # 1/5
_C6 = _double(0xBFC5555E3D6FB175)  # about -1/6
_C7 = _double(0x3FC2492492492492)  # 1/7

_EXPONENT = np.uint64(0x7FF0000000000000)
_SIGNIFICAND = np.uint64(0x000FFFFFFFFFFFFF)
_ONE_BITS = np.uint64(0x3FF0000000000000)
_TOP7 = np.uint64(0x000FE00000000000)  # the 7 leading bits of the significand
_QUIET = np.uint64(0x0008000000000000)
_DEFAULT_NAN = np.uint64(0xFFF8000000000000)  # what x86's SSE (and 0/0 in C) returns as "invalid"


def _as_array(x: ArrayLike, name: str = "x") -> np.ndarray:
    try:
        return np.asarray(x, dtype=np.float64)
    except (TypeError, ValueError) as error:
        raise TypeError(f"{name} must be real numbers: {error}") from None


def _special_cases(x: np.ndarray, out: np.ndarray) -> None:
    """Fill in what both algorithms return outside the positive finite numbers.

    NaN comes back quiet with its payload (``x + x``), +Infinity as itself, ±0 as -Infinity,
    and every other negative number, -Infinity included, as the processor's default NaN.
    """
    bits = x.view(np.uint64)
    out_bits = out.view(np.uint64)
    nan = np.isnan(x)
    negative = (bits >> np.uint64(63)).astype(bool) & ~nan
    zero = x == 0.0
    out_bits[nan] = bits[nan] | _QUIET
    out[x == np.inf] = np.inf
    out_bits[negative] = _DEFAULT_NAN
    out[zero] = -np.inf


def _hotspot_positive(x: np.ndarray) -> np.ndarray:
    """The intrinsic on positive finite x, subnormals included."""
    bits = x.view(np.uint64)
    k16 = (bits >> np.uint64(52)).astype(np.int64)
    subnormal = k16 == 0
    if subnormal.any():
        # A subnormal is first scaled by 2**128 (exactly) and the 128 taken off the exponent.
        x = np.where(subnormal, x * 2.0**128, x)
        bits = x.view(np.uint64)
        k16 = (bits >> np.uint64(52)).astype(np.int64) - np.where(subnormal, 128, 0)
    k16 -= 1023
    k16 <<= 4
    k16 = k16.astype(np.float64)

    # B ~ 1/m for the significand m in [1, 2): the reciprocal of m cut to single precision,
    # rounded to 7 bits (B = (128 + j) / 256, table index j from 0 to 128).
    j = _INDEX_OF_TOP13[(bits >> np.uint64(39)) & np.uint64(0x1FFF)]
    b = _B[j]

    # r = B*m - 1 with one rounding: m is split after its 7 leading bits so that both products
    # with B are exact and B*m_hi - 1 is exact too.
    significand = bits & _SIGNIFICAND
    m = (significand | _ONE_BITS).view(np.float64)
    significand &= _TOP7
    significand |= _ONE_BITS
    m_hi = significand.view(np.float64)
    m -= m_hi  # m_lo
    m *= b
    m_hi *= b
    m_hi -= 1.0
    r = m_hi
    r += m

    # log x = k*log(2) - log(B) + log(1 + r): the leading terms summed as high + low parts,
    # the polynomial in two halves, r**2*(c2 + c3 r + c4 r**2) and r**4*(c5 + c6 r + c7 r**2),
    # each step rounded as the intrinsic rounds it (the order of independent steps is free).
    high = _T_HI[j]
    high += k16 * _LN2_16_HI
    total = high + r
    lost = high
    lost -= total  # what the rounding of high + r dropped, minus r's part of it
    low = _T_LO[j]
    k16 *= _LN2_16_LO
    low += k16
    r2 = r * r
    odd = _C6 * r
    odd += _C5
    odd *= r
    odd_tail = _C7 * r
    odd_tail *= r2
    odd += odd_tail
    even = _C3 * r
    even += _C2
    even_tail = _C4 * r2
    even += even_tail
    even *= r2
    r2 *= r2  # r**4
    odd *= r2
    r += lost
    r += low
    r += odd
    r += even
    total += r
    return total


_PACK = struct.Struct("<d")
_UNPACK = struct.Struct("<Q")
_INDEX_LIST: list[int] = _INDEX_OF_TOP13.tolist()
_T_HI_LIST: list[float] = _T_HI.tolist()
_T_LO_LIST: list[float] = _T_LO.tolist()


def _float_of(bits: int) -> float:
    return _PACK.unpack(_UNPACK.pack(bits))[0]


def _hotspot_scalar(x: float) -> float:
    """:func:`_hotspot_positive` on one Python float, in the same steps (CPython's float
    arithmetic is IEEE double, each operation rounded on its own), 20x faster than numpy on one."""
    bits = _UNPACK.unpack(_PACK.pack(x))[0]
    if not 0 < bits < 0x7FF0000000000000:
        if x != x:
            return _float_of(bits | 0x0008000000000000)
        if x == 0.0:
            return -np.inf
        return np.inf if x > 0 else _float_of(0xFFF8000000000000)
    exponent = bits >> 52
    if exponent == 0:
        bits = _UNPACK.unpack(_PACK.pack(x * 2.0**128))[0]
        exponent = (bits >> 52) - 128
    k16 = float((exponent - 1023) * 16)
    j = _INDEX_LIST[(bits >> 39) & 0x1FFF]
    b = (128 + j) / 256.0
    significand = bits & 0x000FFFFFFFFFFFFF
    m = _float_of(significand | 0x3FF0000000000000)
    m_hi = _float_of((significand & 0x000FE00000000000) | 0x3FF0000000000000)
    r = (b * m_hi - 1.0) + b * (m - m_hi)
    high = _T_HI_LIST[j] + k16 * _LN2_16_HI
    total = high + r
    low = _T_LO_LIST[j] + k16 * _LN2_16_LO
    r2 = r * r
    odd = ((_C6 * r + _C5) * r + _C7 * r * r2) * (r2 * r2)
    even = ((_C3 * r + _C2) + _C4 * r2) * r2
    return total + ((((r + (high - total)) + low) + odd) + even)


# fdlibm's constants (e_log.c).
_LN2_HI = _double(0x3FE62E42FEE00000)
_LN2_LO = _double(0x3DEA39EF35793C76)
_TWO54 = _double(0x4350000000000000)
_LG1 = _double(0x3FE5555555555593)
_LG2 = _double(0x3FD999999997FA04)
_LG3 = _double(0x3FD2492494229359)
_LG4 = _double(0x3FCC71C51D8E78AF)
_LG5 = _double(0x3FC7466496CB03DE)
_LG6 = _double(0x3FC39A09D078C69F)
_LG7 = _double(0x3FC2F112DF3E5244)
_THIRD = _double(0x3FD5555555555555)


def _fdlibm_positive(x: np.ndarray) -> np.ndarray:
    """fdlibm's ``__ieee754_log`` on positive finite x, subnormals included."""
    bits = x.view(np.uint64)
    subnormal = (bits & _EXPONENT) == 0
    y = np.where(subnormal, x * _TWO54, x)
    y_bits = y.view(np.uint64)
    hx = (y_bits >> np.uint64(32)).astype(np.int64)
    k = (hx >> 20) - 1023 - np.where(subnormal, 54, 0)
    hx &= 0x000FFFFF
    # Normalize to f = m - 1 with m in [sqrt(2)/2, sqrt(2)): halve m (and add 1 to k) from ~1.4142.
    i = (hx + 0x95F64) & 0x100000
    k += i >> 20
    m_high = (hx | (i ^ 0x3FF00000)).astype(np.uint64) << np.uint64(32)
    m = (m_high | (y_bits & np.uint64(0xFFFFFFFF))).view(np.float64)
    f = m - 1.0
    dk = k.astype(np.float64)
    k0 = k == 0

    # |f| < 2**-20: a short series.
    tiny = (0x000FFFFF & (2 + hx)) < 3
    big_r = f * f * (0.5 - _THIRD * f)
    tiny_result = np.where(
        f == 0.0,
        np.where(k0, 0.0, dk * _LN2_HI + dk * _LN2_LO),
        np.where(k0, f - big_r, dk * _LN2_HI - ((big_r - dk * _LN2_LO) - f)),
    )

    # Otherwise log(1 + f) = 2s + s*R(s*s), s = f / (2 + f).
    s = f / (2.0 + f)
    z = s * s
    w = z * z
    t1 = w * (_LG2 + w * (_LG4 + w * _LG6))
    t2 = z * (_LG1 + w * (_LG3 + w * (_LG5 + w * _LG7)))
    big_r = t2 + t1
    # fdlibm sums the pieces in one of two orders, by the leading significand bits: with f**2/2
    # split off where they lie in 0x6147a..0x6b851 (significand about 1.38 to 1.42), else not.
    middle = ((hx - 0x6147A) | (0x6B851 - hx)) > 0
    hfsq = 0.5 * f * f
    middle_result = np.where(
        k0,
        f - (hfsq - s * (hfsq + big_r)),
        dk * _LN2_HI - ((hfsq - (s * (hfsq + big_r) + dk * _LN2_LO)) - f),
    )
    other_result = np.where(
        k0,
        f - s * (f - big_r),
        dk * _LN2_HI - ((s * (f - big_r) - dk * _LN2_LO) - f),
    )
    return np.where(tiny, tiny_result, np.where(middle, middle_result, other_result))


# Work in blocks that stay in cache, as confusion.from_predictions does.
CHUNK = 1 << 15
_POSITIVE_FINITE_SPAN = np.uint64(0x7FEFFFFFFFFFFFFF)


def _log(x: ArrayLike, positive_part: Callable[[np.ndarray], np.ndarray]) -> np.ndarray | float:
    values = _as_array(x)
    flat = np.ascontiguousarray(values).reshape(-1)
    out = np.empty_like(flat)
    with np.errstate(all="ignore"):
        for start in range(0, flat.size, CHUNK):
            block = flat[start : start + CHUNK]
            target = out[start : start + CHUNK]
            # Positive finite numbers are the bit patterns 1 .. 0x7fefffffffffffff.
            ordinary = (block.view(np.uint64) - np.uint64(1)) < _POSITIVE_FINITE_SPAN
            if ordinary.all():
                target[:] = positive_part(block)
                continue
            _special_cases(block, target)
            if ordinary.any():
                target[ordinary] = positive_part(block[ordinary])
    if values.ndim == 0:
        return float(out[0])
    return out.reshape(values.shape)


@overload
def java_log(x: float, *, variant: Variant = "hotspot") -> float: ...
@overload
def java_log(x: ArrayLike, *, variant: Variant = "hotspot") -> np.ndarray: ...
def java_log(x, *, variant: Variant = "hotspot"):
    """Java's ``Math.log`` (natural logarithm), element by element, bit for bit.

    Parameters
    ----------
    x : float or array_like of float
        Converted to float64.
    variant : {"hotspot", "fdlibm"}, keyword-only
        ``"hotspot"`` (the default): HotSpot's x86_64 intrinsic, what WEKA computes on a PC or an
        x86 server.  ``"fdlibm"``: ``StrictMath.log``, and ``Math.log`` on an aarch64 (ARM)
        HotSpot, which calls fdlibm; the two differ in the last bit for 7.8 % of the numbers
        uniform in (0, 2), 0.2 % of random bit patterns.

    Returns
    -------
    float or ndarray
        A float for a scalar, else an array of x's shape.  As Java: NaN for NaN (quiet, payload
        kept) and for every negative number, -Infinity for ±0, Infinity for Infinity.

    Examples
    --------
    >>> java_log(3.0).hex(), java_log(3.0, variant="fdlibm").hex()
    ('0x1.193ea7aad030bp+0', '0x1.193ea7aad030ap+0')
    >>> java_log([[1.0, 5e-324]])
    array([[   0.        , -744.44007192]])
    """
    if variant == "hotspot":
        if type(x) is float:
            return _hotspot_scalar(x)
        return _log(x, _hotspot_positive)
    if variant == "fdlibm":
        return _log(x, _fdlibm_positive)
    raise ValueError(f"variant must be 'hotspot' or 'fdlibm', not {variant!r}")


def java_log_scalar(x: float) -> float:
    """``Math.log(x)`` on one double (HotSpot x86_64), as a Python float, in plain Python (~2 us).

    >>> java_log_scalar(2.0) == java_log(2.0)
    True
    """
    return _hotspot_scalar(float(x))


@overload
def fdlibm_log(x: float) -> float: ...
@overload
def fdlibm_log(x: ArrayLike) -> np.ndarray: ...
def fdlibm_log(x):
    """``StrictMath.log`` (fdlibm's ``e_log.c``), element by element, bit for bit.

    >>> fdlibm_log(3.0).hex()
    '0x1.193ea7aad030ap+0'
    """
    return _log(x, _fdlibm_positive)


_LOG_OF_2 = {"hotspot": float(_log(2.0, _hotspot_positive)), "fdlibm": float(_log(2.0, _fdlibm_positive))}


@overload
def log2(x: float, *, variant: Variant = "hotspot") -> float: ...
@overload
def log2(x: ArrayLike, *, variant: Variant = "hotspot") -> np.ndarray: ...
def log2(x, *, variant: Variant = "hotspot"):
    """WEKA's ``Utils.log2``: ``Math.log(x) / Math.log(2)``, one division, not ``numpy.log2``.

    >>> log2(8.0), log2([0.5, 3.0])
    (3.0, array([-1.       ,  1.5849625]))
    """
    if variant not in _LOG_OF_2:
        raise ValueError(f"variant must be 'hotspot' or 'fdlibm', not {variant!r}")
    return java_log(x, variant=variant) / _LOG_OF_2[variant]


def java_divide(numerator: float, denominator: float) -> float:
    """Java's ``/`` on doubles: x/0 is an infinity or NaN, never an exception.

    >>> java_divide(1.0, 0.0), java_divide(-1.0, 0.0), java_divide(0.0, 0.0)
    (inf, -inf, nan)
    >>> java_divide(1.0, -0.0)
    -inf
    """
    if denominator != 0:
        return numerator / denominator
    if numerator == 0 or math.isnan(numerator):
        return math.nan
    return math.copysign(math.inf, numerator) * math.copysign(1.0, denominator)


def java_sum(values: Iterable[float]) -> float:
    """Java's ``double s = 0; for (double x : values) s += x;``: one rounding per addition, in order.

    Python's ``sum`` of floats adds the same way up to 3.11; from 3.12 it compensates the rounding
    (Neumaier), which changes last bits that Java keeps.

    >>> java_sum([0.1] * 10), java_sum([]), java_sum([1e16, 1.0, -1e16])
    (0.9999999999999999, 0.0, 0.0)
    """
    total = 0.0
    for value in values:
        total += value
    return total


def java_double_to_string(value: float) -> str:
    """Java's ``Double.toString(value)`` (``"" + value``).

    Its digits are the shortest that read back (JDK 19 on); JDK 17 prints some doubles of 2**53 and
    more with a digit or two more (JDK-4511638).

    >>> java_double_to_string(0.05), java_double_to_string(1e-4), java_double_to_string(1e7)
    ('0.05', '1.0E-4', '1.0E7')
    >>> java_double_to_string(-0.0), java_double_to_string(float("nan")), java_double_to_string(100.0)
    ('-0.0', 'NaN', '100.0')
    """
    if not math.isfinite(value):
        return "NaN" if math.isnan(value) else "Infinity" if value > 0 else "-Infinity"
    sign = "-" if math.copysign(1.0, value) < 0 else ""
    if value == 0 or abs(value) == 5e-324:
        return sign + ("0.0" if value == 0 else "4.9E-324")
    decimal = Decimal(repr(abs(value))).as_tuple()
    digits = "".join(map(str, decimal.digits)).rstrip("0")
    exponent = len(decimal.digits) + int(decimal.exponent) - 1
    if not 1e-3 <= abs(value) < 1e7:
        return f"{sign}{digits[0]}.{digits[1:] or '0'}E{exponent}"
    if exponent < 0:
        return f"{sign}0.{'0' * (-exponent - 1)}{digits}"
    return f"{sign}{digits[:exponent + 1].ljust(exponent + 1, '0')}.{digits[exponent + 1:] or '0'}"


def java_sqrt(x: float) -> float:
    """Java's ``Math.sqrt``: correctly rounded, NaN (not an exception) below zero.

    >>> java_sqrt(2.0), java_sqrt(-1.0), java_sqrt(-0.0)
    (1.4142135623730951, nan, -0.0)
    """
    return math.sqrt(x) if x >= 0 or x != x else math.nan
