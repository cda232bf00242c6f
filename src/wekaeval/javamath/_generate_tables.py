"""Derive the tables of HotSpot's x86_64 ``Math.log``, ``Math.exp`` and ``Math.pow`` from their definitions.

``python -m wekaeval.javamath._generate_tables`` writes :mod:`wekaeval.javamath._hotspot_tables`; ``--check``
says whether the committed file is what the definitions give (``tests/javamath/test_hotspot_tables.py`` runs it).
Each table holds values of a function at a grid of points, split into a high and a low double the way the
intrinsic reads them; the arithmetic is exact (``mpmath`` at 300 bits, then one rounding to double):

* ``LOG_TABLE``, ``Math.log``: ``-log(B)`` for ``B = (128 + j) / 256``, j = 0..128; high part the
  nearest multiple of 2**-43 (so that adding ``16 k log(2)/16`` stays exact), low part the rest.
* ``POW_LOG2_TABLE``, ``Math.pow``: ``log2(1.4453125 / B)`` for the 513 values of B the index selects,
  ``(512 + i) / 1024`` for i = 228..511, then ``(512 + i) / 512`` for i = 0..228; high part the nearest
  multiple of 2**-24, low part the rest.
* ``POW_EXP2_TABLE``, ``Math.pow``: ``2**(j/256)``, j = 0..255: the nearest double and the rest.
* ``EXP_TABLE``, ``Math.exp``: ``2**(j/64)``, j = 0..63: the significand cut after 52 bits (its bits with
  the exponent field left 0), and the rest relative to it, ``2**(j/64) / high - 1``.

Intel's LIBM, whose tables the intrinsics carry, computed some low parts in less than exact
arithmetic: those are one double away from the correctly rounded value (one is 2**-72 where the
rest is 0, and two exact entries carry -0.0).  They are the facts of :data:`DEPARTURES`, listed entry by
entry (from OpenJDK's ``macroAssembler_x86_exp.cpp`` and ``macroAssembler_x86_pow.cpp``) and checked against the JVM by
``tests/javamath/test_javamath_exp_pow.py``; nothing else is taken from there.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from wekaeval.javamath._bits import bits_of

if TYPE_CHECKING:  # mpmath, a development dependency, is imported only where the tables are generated
    from mpmath import mpf

TARGET = Path(__file__).with_name("_hotspot_tables.py")


#: Where a table's low part is not the correctly rounded rest: (table, entry) -> the low part, as the
#: number of doubles away from the correctly rounded one (``nextafter`` steps), or a double outright.
DEPARTURES: dict[tuple[str, int], int | float] = {
    ("EXP_TABLE", 1): -1,
    ("EXP_TABLE", 4): -1,
    ("EXP_TABLE", 10): -1,
    ("EXP_TABLE", 15): -1,
    ("EXP_TABLE", 19): -1,
    ("EXP_TABLE", 21): -1,
    ("EXP_TABLE", 22): 1,
    ("EXP_TABLE", 33): -1,
    ("EXP_TABLE", 34): -1,
    ("EXP_TABLE", 46): -1,
    ("EXP_TABLE", 60): -1,
    ("POW_EXP2_TABLE", 0): 2.0**-72,
    ("POW_EXP2_TABLE", 7): -1,
    ("POW_EXP2_TABLE", 20): -1,
    ("POW_EXP2_TABLE", 159): -1,
    ("POW_EXP2_TABLE", 173): -1,
    ("POW_EXP2_TABLE", 205): -1,
    ("POW_EXP2_TABLE", 217): 1,
    ("LOG_TABLE", 128): -0.0,
    ("POW_LOG2_TABLE", 512): -0.0,
}


def _low(table: str, entry: int, rest: mpf) -> int:
    """The low part's bits: the correctly rounded ``rest``, moved as :data:`DEPARTURES` says."""
    value = float(rest)  # an mpf: rounded to nearest once
    departure = DEPARTURES.get((table, entry), 0)
    if isinstance(departure, float):
        assert value == 0 or departure != 0, (table, entry)
        value = departure
    else:
        for _ in range(abs(departure)):
            value = math.nextafter(value, math.inf if departure > 0 else -math.inf)
    return bits_of(value)


def tables() -> dict[str, list[tuple[int, int]]]:
    """Every table as pairs of IEEE bit patterns, in the order the intrinsics index them."""
    import mpmath  # a development dependency: only generating needs it

    mp = mpmath.mp
    mp.prec = 300

    def nearest_multiple(value: mpf, step: int) -> mpf:
        return mpmath.nint(value * mpmath.mpf(2) ** step) / mpmath.mpf(2) ** step

    log_table = []
    for j in range(129):
        value = -mpmath.log(mpmath.mpf(128 + j) / 256)
        high = nearest_multiple(value, 43)
        log_table.append((bits_of(float(high)), _low("LOG_TABLE", j, value - high)))

    pow_log2 = []
    b_values = [mpmath.mpf(512 + i) / 1024 for i in range(228, 512)] + [mpmath.mpf(512 + i) / 512 for i in range(229)]
    for index, b in enumerate(b_values):
        value = mpmath.log(mpmath.mpf(1.4453125) / b, 2)
        high = nearest_multiple(value, 24)
        pow_log2.append((bits_of(float(high)), _low("POW_LOG2_TABLE", index, value - high)))

    pow_exp2 = []
    for j in range(256):
        value = mpmath.mpf(2) ** (mpmath.mpf(j) / 256)
        high = float(value)
        pow_exp2.append((bits_of(high), _low("POW_EXP2_TABLE", j, value - high)))

    exp_table = []
    for j in range(64):
        value = mpmath.mpf(2) ** (mpmath.mpf(j) / 64)
        high = mpmath.floor(value * 2**52) / 2**52  # value in [1, 2): 52 fraction bits
        significand = bits_of(float(high)) & 0x000FFFFFFFFFFFFF
        exp_table.append((_low("EXP_TABLE", j, value / high - 1), significand))
    return {"LOG_TABLE": log_table, "POW_LOG2_TABLE": pow_log2, "POW_EXP2_TABLE": pow_exp2, "EXP_TABLE": exp_table}


_COMMENTS = {
    "LOG_TABLE": "``Math.log``: -log(B), B = (128 + j) / 256 for j = 0..128, as (high, low) doubles.",
    "POW_LOG2_TABLE": "``Math.pow``'s logarithm: log2(1.4453125 / B) as (high, low) doubles for the 513 values B\n"
    "#: takes, (512 + i) / 1024 for i = 228..511, then (512 + i) / 512 for i = 0..228, by table index.",
    "POW_EXP2_TABLE": "``Math.pow``'s exponential: 2**(j/256) for j = 0..255 as (high, low) doubles.",
    "EXP_TABLE": "``Math.exp``: 2**(j/64) for j = 0..63 as (a correction, a double; the value's significand bits,\n"
    "#: its exponent field left 0 for the power of two to be or-ed in).",
}


def render() -> str:
    """The text of :mod:`wekaeval.javamath._hotspot_tables`."""

    def lines() -> Iterator[str]:
        yield '"""The tables of HotSpot\'s x86_64 ``Math.log``, ``Math.exp`` and ``Math.pow`` intrinsics, as bits.'
        yield ""
        yield "Generated by ``python -m wekaeval.javamath._generate_tables`` from their definitions; do not edit."
        yield '"""'
        yield ""
        yield "from __future__ import annotations"
        yield ""
        yield "# fmt: off"
        for name, pairs in tables().items():
            yield ""
            yield f"#: {_COMMENTS[name]}"
            yield f"{name}: tuple[tuple[int, int], ...] = ("
            for start in range(0, len(pairs), 2):
                yield "    " + " ".join(f"(0x{a:016x}, 0x{b:016x})," for a, b in pairs[start : start + 2])
            yield ")"
        yield "# fmt: on"

    return "\n".join(lines()) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m wekaeval.javamath._generate_tables", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--check", action="store_true", help="exit 1 if the committed file differs, write nothing")
    args = parser.parse_args(argv)
    text = render()
    if args.check:
        same = TARGET.read_text(encoding="utf-8") == text
        print(f"{TARGET.name}: {'as generated' if same else 'differs from what the definitions give'}")
        return 0 if same else 1
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
