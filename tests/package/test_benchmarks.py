"""The benchmarks (`make bench`) import what exists: a moved test helper broke `bench_javamath.py --jvm` once,
unseen, since no test runs the benchmarks (they time, and timing is not a test)."""

from __future__ import annotations

import ast
import importlib

import pytest

from tests.paths import ROOT

BENCHMARKS = sorted((ROOT / "benchmarks").glob("bench_*.py"))


def imports(path) -> list[tuple[str, str | None]]:
    """Every (module, name) an import statement of ``path`` names, those inside functions too."""
    found: list[tuple[str, str | None]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(alias.name, None) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found += [(node.module, alias.name) for alias in node.names]
    return found


def test_the_benchmarks_are_found():
    assert {path.name for path in BENCHMARKS} >= {"bench_kappa.py", "bench_javamath.py", "bench_evaluation.py"}


@pytest.mark.parametrize("path", BENCHMARKS, ids=lambda p: p.name)
def test_every_import_of_a_benchmark_resolves(path, monkeypatch):
    monkeypatch.syspath_prepend(str(path.parent))  # a script's own folder is on its path (_cpu, _trees)
    missing = []
    for module, name in imports(path):
        try:
            loaded = importlib.import_module(module)
        except ImportError as error:
            missing.append(f"{module}: {error}")
            continue
        if name is not None and not hasattr(loaded, name):
            try:
                importlib.import_module(f"{module}.{name}")
            except ImportError:
                missing.append(f"{module}.{name}")
    assert not missing, f"{path.name} imports what does not exist: {missing}"
