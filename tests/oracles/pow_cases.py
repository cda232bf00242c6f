"""Math.pow's test inputs (every kind of base and exponent, and inputs aimed at each of the stub's paths and
table entries), the stub's path for each pair, and Math.pow computed by a JVM (this one through JPype, or a
child ``java`` of another JDK or compiler tier).
"""

from __future__ import annotations

import subprocess
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from tests.paths import JAVA_SOURCES
from wekaeval.javamath import _pow as javapow

from .jvm_classes import compiled_class, compiled_directory

SOURCE = JAVA_SOURCES / "PowBulk.java"
CLASS = "wekaeval.tests.PowBulk"
MAX = np.finfo(np.float64).max
SPECIAL_X = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, -np.nan, 1.0, -1.0])
SPECIAL_Y = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 2.0, 0.5, 3.0, -3.0, 2.0**52, 2.0**53 + 2])


def _bit_patterns(rng: np.random.Generator, n: int) -> np.ndarray:
    return rng.integers(0, 2**64, n, dtype=np.uint64, endpoint=False).view(np.float64)


def _signs(rng: np.random.Generator, n: int) -> np.ndarray:
    return rng.choice([-1.0, 1.0], n)


def random_bases(rng: np.random.Generator, n: int) -> np.ndarray:
    """x of every magnitude and kind, both signs, in random order."""
    parts = [
        (0.20, lambda m: 10 ** rng.uniform(-300, 300, m)),
        (0.10, lambda m: rng.uniform(0, 2, m)),
        (0.10, lambda m: rng.uniform(0.95, 1.07, m)),
        (0.05, lambda m: rng.integers(1, 10**6, m) / 2.0 ** rng.integers(0, 30, m)),
        (0.10, lambda m: _bit_patterns(rng, m)),
        (0.05, lambda m: _signs(rng, m) * rng.integers(1, 2**52, m, dtype=np.uint64).view(np.float64)),
        (0.03, lambda m: rng.uniform(2.0**1023, MAX, m)),
        (0.10, lambda m: -(10 ** rng.uniform(-300, 300, m))),
        (0.05, lambda m: -rng.uniform(0, 2, m)),
        (0.05, lambda m: -rng.uniform(0.95, 1.07, m)),
        (0.03, lambda m: -rng.integers(1, 10**6, m) / 2.0 ** rng.integers(0, 30, m)),
        (0.02, lambda m: rng.choice(SPECIAL_X, m)),
        (0.12, lambda m: _signs(rng, m) * 10 ** rng.uniform(-5, 5, m)),
    ]
    return rng.permutation(np.concatenate([draw(int(share * n)) for share, draw in parts]))[:n]


def random_exponents(rng: np.random.Generator, n: int) -> np.ndarray:
    """y: the kernel estimator's and the t-test's exponents, and every magnitude and kind, in random order."""
    parts = [
        (0.21, lambda m: rng.choice([-0.25, 0.5, 1 / 3, 2.5, -1.7, 2.0], m)),
        (0.20, lambda m: _signs(rng, m) * 10 ** rng.uniform(-3, 1.2, m)),
        (0.08, lambda m: _bit_patterns(rng, m)),
        (0.10, lambda m: rng.integers(-64, 65, m).astype(np.float64)),
        (0.04, lambda m: rng.integers(-(2**53), 2**53, m).astype(np.float64)),
        (0.02, lambda m: _signs(rng, m) * rng.integers(2**51, 2**54, m).astype(np.float64) / 2),
        (0.03, lambda m: rng.integers(-200, 200, m) + 0.5),
        (0.08, lambda m: _signs(rng, m) * 10 ** rng.uniform(3, 308, m)),
        (0.08, lambda m: _signs(rng, m) * 10 ** rng.uniform(-320, -8, m)),
        (0.05, lambda m: _signs(rng, m) * 10 ** rng.uniform(1.2, 3, m)),
        (0.02, lambda m: rng.choice(SPECIAL_Y, m)),
        (0.09, lambda m: _signs(rng, m) * 10 ** rng.uniform(-8, 3, m)),
    ]
    return rng.permutation(np.concatenate([draw(int(share * n)) for share, draw in parts]))[:n]


def aimed_pairs(rng: np.random.Generator, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Pairs aimed at the stub's rarer paths, n in all."""
    m = n // 8
    xs, ys = [], []
    # near 1 with |y| >= 4096: the accurate logarithm, its overflow, underflow and subnormal results
    xs.append(_signs(rng, m) * rng.uniform(0.96875, 1.0625, m))
    ys.append(
        np.where(
            xs[-1] < 0,
            np.round(_signs(rng, m) * 10 ** rng.uniform(3.6, 6, m)),
            _signs(rng, m) * 10 ** rng.uniform(3.6, 6, m),
        )
    )
    xs.append(1 + _signs(rng, m) * 10 ** rng.uniform(-16, -2, m))
    ys.append(_signs(rng, m) * 10 ** rng.uniform(3.6, 19, m))
    # results near 2**-1074..2**-1022 and 2**1024: y = target / log2(x)
    target = np.where(rng.random(m) < 0.75, rng.uniform(-1080, -1015, m), rng.uniform(1015, 1030, m))
    x = 10 ** rng.uniform(-300, 300, m)
    xs.append(x)
    ys.append(target / np.log2(x))
    x = rng.uniform(0.5, 2, m)
    xs.append(x)
    ys.append(target / np.log2(x))
    x = -(10 ** rng.uniform(-300, 300, m))
    xs.append(x)
    ys.append(np.round(target / np.log2(-x)))
    # tiny y (1 exactly, or the linear formula), also near 1 and for subnormal x
    xs.append(np.concatenate([10 ** rng.uniform(-320, 308, m // 2), rng.uniform(0.96875, 1.0625, m - m // 2)]))
    ys.append(_signs(rng, m) * 10 ** rng.uniform(-25, -8, m))
    # x < 0 and integer y of every size; x ±0 or -Infinity with |y| around 2**51..2**53
    xs.append(-(10 ** rng.uniform(-310, 308, m)))
    ys.append(rng.integers(-400, 400, m).astype(np.float64))
    rest = n - 7 * m
    xs.append(rng.choice([0.0, -0.0, -np.inf, np.inf], rest))
    ys.append(_signs(rng, rest) * (2.0**51 + rng.integers(0, 2**53, rest) / 2))
    return np.concatenate(xs), np.concatenate(ys)


def table_sweep(rng: np.random.Generator, per_entry: int = 6) -> tuple[np.ndarray, np.ndarray]:
    """Pairs that select each of the 513 log2 entries and each of the 256 exp2 entries ``per_entry`` times
    or more, on the main path and on the others."""
    index = np.array(javapow._pow_index_of_top13())
    xs, ys = [], []
    for entry in range(513):
        top13 = rng.choice(np.flatnonzero(index == entry), per_entry)
        significand = 1 + (top13 + rng.random(per_entry)) / 8192
        exponent = np.concatenate([rng.integers(-1022, 1024, per_entry - 2), [-1, 0]])
        xs.append(significand * 2.0**exponent)
        ys.append(rng.choice([-0.25, 1 / 3, 2.5, -1.7, 5000.5, -7.0], per_entry))
        xs.append(significand * 2.0 ** rng.integers(-1060, -1022, per_entry))  # subnormal: scaled first
        ys.append(_signs(rng, per_entry) * rng.uniform(0.01, 0.9, per_entry))
    for entry in range(256):
        whole = np.concatenate([rng.integers(-4, 4, per_entry), rng.integers(-1075, 1025, per_entry)])
        y = whole + (entry + rng.uniform(-0.25, 0.25, 2 * per_entry)) / 256
        x = 2.0 ** rng.choice([1, 2, -1, 3], 2 * per_entry)
        xs.append(x)
        ys.append(y / np.log2(x))
    return np.concatenate(xs), np.concatenate(ys)


# The stub's paths, as a test can tell them from the inputs and the result.
PATHS = (
    "y 2: x * x",
    "y 0.5: sqrt(x)",
    "x NaN",
    "x ±Infinity",
    "x ±0",
    "x < 0, y 0, infinite or NaN",
    "x < 0, y not an integer: NaN",
    "tiny y: 1",
    "tiny y: 1 + y log(x)",
    "main",
    "far (2**±512 and beyond)",
    "far, subnormal result",
    "far, overflow or underflow",
    "y infinite or NaN (x > 0)",
    "overflow or underflow",
    "near 1, |y| >= 4096",
    "near 1, |y| >= 4096, subnormal result",
    "near 1, |y| >= 4096, overflow or underflow",
    "near 1, |y| >= 4096, y infinite or NaN",
)


def stub_paths(x: np.ndarray, y: np.ndarray, result: np.ndarray) -> np.ndarray:
    """Each pair's path through the stub (an index into PATHS)."""
    hx, hy = x.view(np.uint64), y.view(np.uint64)
    magnitude = np.abs(x)
    negative = np.signbit(x)
    y_finite = np.isfinite(y)
    integer = y_finite & (np.floor(np.where(y_finite, y, 0.0)) == y) & (y != 0)
    top = (magnitude.view(np.uint64) >> np.uint64(48)).astype(np.int64)
    with np.errstate(all="ignore"):
        k = np.frexp(magnitude)[1].astype(np.int64) - 1
    bit_length = np.array([i.bit_length() for i in range(4096)])
    y_top = ((hy >> np.uint64(48)) & np.uint64(0x7FF0)).astype(np.int64)
    size = 16 * (bit_length[np.clip(np.abs(k) + 1, 0, 4095)] - 1) - 15872 + y_top
    accurate = ((top == 0x3FEF) | (top == 0x3FF0)) & (y_top >= javapow.Y_TOP_ACCURATE)
    subnormal = (result != 0) & (np.abs(result) < np.finfo(np.float64).tiny)
    ends = np.isinf(result) | (result == 0)
    conditions = [
        hy == javapow.Y_TWO,
        (hy == javapow.Y_HALF) & (hx < javapow.SIGN),
        np.isnan(x),
        np.isinf(x),
        x == 0,
        negative & ~integer & ~(y_finite & (y != 0)),
        negative & ~integer,
        ~accurate & (size < javapow.SIZE_ONE),
        ~accurate & (size < 0),
        ~accurate & (size < javapow.SIZE_MAIN),
        ~accurate & (size < javapow.SIZE_FAR) & ~subnormal & ~ends,
        ~accurate & (size < javapow.SIZE_FAR) & subnormal,
        ~accurate & (size < javapow.SIZE_FAR),
        ~accurate & ~y_finite,
        ~accurate,
        ~subnormal & ~ends & y_finite,
        subnormal,
        y_finite,
    ]
    return np.select(conditions, np.arange(len(conditions)), len(conditions))


def path_counts(paths: np.ndarray) -> dict[str, int]:
    return dict(zip(PATHS, np.bincount(paths, minlength=len(PATHS)).tolist(), strict=False))


# Java's Math.pow.


@cache
def pow_bulk() -> Any:
    """The compiled ``PowBulk`` class in the test JVM (which must be running)."""
    return compiled_class(SOURCE, CLASS)


def _to_java(x: np.ndarray) -> Any:
    import jpype

    return jpype.JArray(jpype.JDouble)(np.ascontiguousarray(x, dtype=np.float64))


def jvm_pow(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """``Math.pow(x[i], y[i])``, computed by the test JVM."""
    return np.array(pow_bulk().pow(_to_java(x), _to_java(y)), dtype=np.float64)


def running_java() -> Path:
    """The ``java`` of the test JVM's own JDK."""
    import jpype

    return Path(str(jpype.JClass("java.lang.System").getProperty("java.home"))) / "bin" / "java"


def child_pow(
    java: Path, options: list[str], x: np.ndarray, y: np.ndarray, repeat: int = 1
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Math.pow(x[i], y[i]), Math.pow(x[i], 0.5) and Math.pow(x[i], 2.0) computed by a child ``java``."""
    classes = _class_directory()
    with tempfile.TemporaryDirectory(prefix="wekaeval-pow-") as work:
        files = [Path(work) / name for name in ("x.bin", "y.bin", "out.bin")]
        np.ascontiguousarray(x, dtype="<f8").tofile(files[0])
        np.ascontiguousarray(y, dtype="<f8").tofile(files[1])
        subprocess.run(
            [str(java), *options, "-cp", str(classes), CLASS, *map(str, files), str(repeat)],
            check=True,
            capture_output=True,
            timeout=600,
        )
        out = np.fromfile(files[2], dtype="<f8")
    return out[: x.size], out[x.size : 2 * x.size], out[2 * x.size :]


@cache
def _class_directory() -> Path:
    return compiled_directory(SOURCE)


def java_version(java: Path) -> str:
    """The first line ``java -version`` prints."""
    return subprocess.run([str(java), "-version"], capture_output=True, text=True, check=True).stderr.splitlines()[0]
