"""The inputs the Math.log tests draw: the whole range, the hard places, and the special values."""

from __future__ import annotations

import numpy as np

SPECIALS = np.array(
    [
        0.0,
        -0.0,
        1.0,
        -1.0,
        2.0,
        0.5,
        np.inf,
        -np.inf,
        np.nan,
        -np.nan,
        5e-324,
        -5e-324,
        2.2250738585072014e-308,
        2.225073858507201e-308,
        1.7976931348623157e308,
        -1.7976931348623157e308,
        np.e,
        10.0,
        0.1,
        0.3,
        1.4,
        3.0,
    ],
    dtype=np.float64,
)


def _from_bits(bits: np.ndarray) -> np.ndarray:
    return np.asarray(bits, dtype=np.uint64).view(np.float64)


def powers_of_two_and_neighbours() -> np.ndarray:
    """Every power of two from 2**-1074 to 2**1023 and the four doubles on either side of it."""
    powers = np.ldexp(1.0, np.arange(-1074, 1024))
    bits = powers.view(np.int64)
    around = bits[:, None] + np.arange(-4, 5)[None, :]
    around = around[(around > 0) & (around < 0x7FF0000000000000)]
    return around.astype(np.uint64).view(np.float64)


def nan_payloads(rng: np.random.Generator, n: int) -> np.ndarray:
    """NaNs of both signs, quiet and signalling, with random payloads."""
    payload = rng.integers(1, 2**52, n, dtype=np.uint64)
    sign = rng.integers(0, 2, n, dtype=np.uint64) << np.uint64(63)
    return _from_bits(sign | np.uint64(0x7FF0000000000000) | payload)


def cases(rng: np.random.Generator, scale: int = 1) -> np.ndarray:
    """About ``1.3 million * scale`` inputs: each family below, shuffled together."""
    n = 100_000 * scale
    parts = [
        _from_bits(rng.integers(0, 2**64, 4 * n, dtype=np.uint64, endpoint=False)),  # any double
        1.0 - rng.random(3 * n),  # (0, 1]
        1.0 + rng.random(2 * n) * (1.0 + 2**-52),  # [1, 2]
        1.0 + rng.standard_normal(n) * 10.0 ** rng.uniform(-16, -1, n),  # near 1, both sides
        _from_bits(0x3FF0000000000000 + rng.integers(-(2**20), 2**20, n)),  # a few million ulps of 1
        _from_bits(rng.integers(1, 2**52, n, dtype=np.uint64)),  # positive subnormals
        rng.random(n) * 10.0 ** rng.integers(-300, 300, n),  # decades
        powers_of_two_and_neighbours(),
        nan_payloads(rng, 1000),
        SPECIALS,
    ]
    values = np.concatenate(parts)
    rng.shuffle(values)
    return values
