"""Java's Math.log, exp and pow looked up once (``javamath._shared.scalar_math``) give the public functions' bits,
and the lookup follows ``WEKAEVAL_CPU`` and ``cpu=`` as every public call does.

``scalar_math`` is what the kernel estimator and the incomplete beta integral loop over; the public functions
(the JVM oracle's side in test_javamath_exp_pow and test_javamath_log) stay the reference here.
"""

from __future__ import annotations

import numpy as np
import pytest

from wekaeval.javamath import _platform as javaplatform
from wekaeval.javamath import fdlibm_log, java_exp, java_log, java_log_scalar, java_platform, java_pow
from wekaeval.javamath._shared import scalar_math

SPECIAL = [0.0, -0.0, 1.0, -1.0, 2.0, 0.5, 5e-324, -5e-324, 2.2250738585072014e-308, 1e308, -1e308, 709.78,
           -745.2, 1e-20, float("inf"), float("-inf"), float("nan")]  # fmt: skip


def doubles(rng: np.random.Generator, n: int) -> list[float]:
    """Random bit patterns, numbers near 1, and numbers over many decades, as Python floats."""
    patterns = rng.integers(0, 2**64, n, dtype=np.uint64).view(np.float64)
    near_one = 1.0 + rng.normal(0, 0.05, n)
    decades = rng.uniform(-1, 1, n) * 10.0 ** rng.uniform(-30, 30, n)
    return SPECIAL + [float(v) for v in np.concatenate([patterns, near_one, decades])]


def bits(value: float) -> int:
    return int(np.float64(value).view(np.uint64))


@pytest.mark.parametrize("cpu", ["amd", "intel", "aarch64", None])
def test_the_looked_up_functions_give_the_public_functions_bits(cpu, rng):
    java = scalar_math(cpu)
    xs = doubles(rng, 3000)
    for x in xs:
        assert bits(java.log(x)) == bits(java_log_scalar(x, cpu=cpu)), x
        assert bits(java.exp(x)) == bits(java_exp(x, cpu=cpu)), x
    ys = [0.5, 2.0, -0.25, 3.0, -1.0, 1e-20, 1e4, *[float(v) for v in rng.normal(0, 3, len(xs) - 7)]]
    for x, y in zip(xs, ys, strict=True):
        assert bits(java.pow(x, y)) == bits(java_pow(x, y, cpu=cpu)), (x, y)


def test_the_environment_is_read_on_every_call(monkeypatch):
    fdlibm, amd = fdlibm_log(3.0), java_log(3.0, cpu="amd")
    assert fdlibm != amd  # 0x1.193ea7aad030ap+0 and ...0bp+0: which platform answered shows
    monkeypatch.setenv("WEKAEVAL_CPU", "aarch64")
    assert scalar_math().log(3.0) == java_log_scalar(3.0) == fdlibm
    monkeypatch.setenv("WEKAEVAL_CPU", " AMD ")
    assert scalar_math().log(3.0) == java_log_scalar(3.0) == amd
    assert java_platform().chosen_by == "WEKAEVAL_CPU=amd"
    assert scalar_math("aarch64").log(3.0) == fdlibm  # the keyword wins over the environment
    monkeypatch.setenv("WEKAEVAL_CPU", "pentium")
    for _ in range(2):  # a bad value is refused each time, never remembered
        with pytest.raises(ValueError, match="WEKAEVAL_CPU must be one of auto, amd, intel, aarch64, not 'pentium'"):
            scalar_math()
        with pytest.raises(ValueError, match="WEKAEVAL_CPU must be one of"):
            java_exp(1.0)
    monkeypatch.delenv("WEKAEVAL_CPU")
    assert java_platform().chosen_by == java_platform("auto").chosen_by != "WEKAEVAL_CPU=amd"  # the host's again
    with pytest.raises(ValueError, match="cpu must be one of 'auto', 'amd', 'intel', 'aarch64', not \\['amd'\\]"):
        java_platform(["amd"])
    with pytest.raises(ValueError, match="cpu must be one of .* not ''"):
        scalar_math("")


def test_a_platform_resolved_anew_gets_its_own_functions(monkeypatch):
    """The functions are kept per platform object, not per name: "auto" resolved again (here as an ARM host)
    is looked up again."""
    hotspot = scalar_math("auto").log(3.0)
    monkeypatch.setattr(javaplatform, "_is_x86_64", lambda: False)
    monkeypatch.setattr(javaplatform.platform, "machine", lambda: "arm64")
    javaplatform._resolve.cache_clear()
    try:
        assert java_platform("auto").math == "fdlibm"
        assert scalar_math("auto").log(3.0) == fdlibm_log(3.0)
    finally:
        javaplatform._resolve.cache_clear()
    monkeypatch.undo()
    assert scalar_math("auto").log(3.0) == hotspot
