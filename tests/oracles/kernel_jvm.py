"""WEKA's UnivariateKernelEstimator and Java's Math.exp and Math.pow over numpy arrays, for the tests.

A tiny Java class (tests/oracles/java/KernelBulk.java) is compiled inside the running JVM (once, then kept:
tests/oracles/jvm_classes.py); each call moves whole ``double[]`` arrays in and out.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np

from tests.paths import JAVA_SOURCES

from .jvm_classes import compiled_class

SOURCE = JAVA_SOURCES / "KernelBulk.java"


@cache
def kernel_bulk() -> Any:
    """The compiled ``KernelBulk`` class (the JVM must be running)."""
    return compiled_class(SOURCE, "wekaeval.tests.KernelBulk", with_weka=True)


def _to_java(x) -> Any:
    import jpype

    return jpype.JArray(jpype.JDouble)(np.ascontiguousarray(x, dtype=np.float64))


def jvm_exp(x: np.ndarray) -> np.ndarray:
    """``Math.exp`` element by element, computed by the JVM."""
    return np.array(kernel_bulk().exp(_to_java(x)), dtype=np.float64)


def jvm_pow(x: np.ndarray, y: float) -> np.ndarray:
    """``Math.pow(x[i], y)`` element by element, computed by the JVM."""
    return np.array(kernel_bulk().pow(_to_java(x), float(y)), dtype=np.float64)


def jvm_log_densities(values, weights, points) -> np.ndarray:
    """A new ``UnivariateKernelEstimator`` given ``addValue(values[i], weights[i])`` in order, then its
    ``logDensity`` at each point in order."""
    bulk = kernel_bulk()
    return np.array(bulk.logDensities(_to_java(values), _to_java(weights), _to_java(points)), dtype=np.float64)
