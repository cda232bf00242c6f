"""Write tests/oracles/fixtures/javamath-log.txt: inputs with Java's Math.log and StrictMath.log, in hex bits.

The port is checked against these stored values without a JVM (tests/javamath/test_javamath.py), as scipy
checks its special functions against stored reference values.  Run it with WEKA's JVM available:

    .venv/bin/python -m tests.oracles.make_javamath_reference

It keeps every special value, powers of two and their neighbours at both ends of the range, and
the inputs of a large random draw on which Math.log differs from fdlibm, Python's math.log or
numpy.log (the hard cases), topped up with random ones to 2,000 lines.
"""

from __future__ import annotations

import math

import numpy as np

from tests.paths import FIXTURES
from wekaeval import bridge

from .javamath_cases import SPECIALS, cases, powers_of_two_and_neighbours
from .javamath_jvm import java_properties, jvm_log, jvm_strict_log

TARGET = FIXTURES / "javamath-log.txt"
LINES = 2000


def _bits(x: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(x, dtype=np.float64).view(np.uint64)


def choose(rng: np.random.Generator) -> np.ndarray:
    draw = cases(rng)
    hotspot, strict = jvm_log(draw), jvm_strict_log(draw)
    with np.errstate(all="ignore"):
        numpy_log = np.log(draw)
    python_log = np.array([math.log(v) if v > 0 else np.nan for v in draw.tolist()])
    finite = np.isfinite(hotspot)
    differs = [_bits(hotspot) != _bits(other) for other in (strict, numpy_log, python_log)]
    hard = finite & (differs[0] | differs[1] | differs[2])
    powers = powers_of_two_and_neighbours()
    edges = np.concatenate([powers[:60], powers[len(powers) // 2 - 30 : len(powers) // 2 + 30], powers[-60:]])
    chosen = [SPECIALS, edges, rng.permutation(draw[hard])[: LINES // 2]]
    have = sum(len(part) for part in chosen)
    chosen.append(rng.choice(draw, LINES - have, replace=False))
    return np.concatenate(chosen)


def main() -> None:
    bridge.start_jvm()
    x = choose(np.random.default_rng(20261122))
    hotspot, strict = jvm_log(x), jvm_strict_log(x)
    properties = java_properties()
    with TARGET.open("w", encoding="ascii") as out:
        out.write("# Java's Math.log and StrictMath.log: input, Math.log, StrictMath.log as IEEE bits in hex\n")
        out.write(f"# written by tests/oracles/make_javamath_reference.py on {properties}\n")
        for row in zip(_bits(x).tolist(), _bits(hotspot).tolist(), _bits(strict).tolist(), strict=False):
            out.write(" ".join(f"{value:016x}" for value in row) + "\n")
    print(f"wrote {len(x)} lines to {TARGET}")


if __name__ == "__main__":
    main()
