"""The project's places, for tests at any depth: one home, so moving a test file never changes what it reads."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
"""The project's root (pyproject.toml, docs/, arff_samples/)."""
ARFF_SAMPLES = ROOT / "arff_samples"
"""The sample ARFF files the tests read."""
ORACLES = ROOT / "tests" / "oracles"
"""The oracles and helpers: what WEKA, Java and R say, and how to ask them."""
FIXTURES = ORACLES / "fixtures"
"""Stored outputs: WEKA's texts of several versions, Java's and R's reference values."""
JAVA_SOURCES = ORACLES / "java"
"""The Java helper classes the tests compile inside the running JVM."""
C_SOURCES = ORACLES / "c"
"""The C programs some tables were measured with."""
