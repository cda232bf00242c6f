"""Java's Math.log and StrictMath.log over numpy arrays, in bulk, for the tests and the benchmark.

A tiny Java class (tests/oracles/java/MathBulk.java) is compiled inside the running JVM (once, then kept:
tests/oracles/jvm_classes.py); each call moves one ``double[]`` in and one out.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np

from tests.paths import JAVA_SOURCES

from .jvm_classes import compiled_class

SOURCE = JAVA_SOURCES / "MathBulk.java"


@cache
def math_bulk() -> Any:
    """The compiled ``MathBulk`` class (the JVM must be running)."""
    return compiled_class(SOURCE, "wekaeval.tests.MathBulk")


def _to_java(x: np.ndarray) -> Any:
    import jpype

    return jpype.JArray(jpype.JDouble)(np.ascontiguousarray(x, dtype=np.float64))


def jvm_log(x: np.ndarray) -> np.ndarray:
    """``Math.log`` element by element, computed by the JVM."""
    return np.array(math_bulk().log(_to_java(x)), dtype=np.float64)


def jvm_strict_log(x: np.ndarray) -> np.ndarray:
    """``StrictMath.log`` element by element, computed by the JVM."""
    return np.array(math_bulk().strictLog(_to_java(x)), dtype=np.float64)


def java_properties() -> str:
    """The JVM and machine a reference was computed on, in one line."""
    import jpype

    system = jpype.JClass("java.lang.System")
    keys = ["java.vm.name", "java.version", "os.arch"]
    return ", ".join(str(system.getProperty(key)) for key in keys)
