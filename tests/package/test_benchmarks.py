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


@pytest.mark.parametrize("path", BENCHMARKS, ids=lambda p: p.name)
def test_every_import_of_a_benchmark_resolves(path):
    assert BENCHMARKS, "benchmarks/ has its bench_*.py files"
    missing = []
    for module, name in imports(path):
        if module == "_cpu" or module.startswith(("dask", "distributed")) and importlib.util.find_spec("dask") is None:
            continue  # benchmarks/_cpu.py sits beside them; dask is the bench extra's
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
