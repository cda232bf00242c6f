"""The benchmarks (`make bench`) import what exists: a moved test helper broke `bench_javamath.py --jvm` once,
unseen, since no test runs the benchmarks (they time, and timing is not a test).  benchmarks/suite_cpu.py, which
counts rather than times, is run: on three small tests whose CPU is known."""

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


SUITE_CPU_TESTS = """
import subprocess, sys, time


def test_busy():
    end = time.process_time() + 0.3
    while time.process_time() < end:
        pass


def test_child():
    code = "import time\\nend = time.process_time() + 0.3\\nwhile time.process_time() < end: pass"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_idle():
    time.sleep(0.3)
"""


def test_suite_cpu_counts_each_tests_own_and_its_childrens_cpu(tmp_path):
    """benchmarks/suite_cpu.py as a plugin: a busy test's CPU is its own, a child's is its children's, a sleeping
    test has wall time and no CPU to speak of; the report lists them, the most CPU first."""
    import json
    import os
    import subprocess
    import sys

    (tmp_path / "test_three.py").write_text(SUITE_CPU_TESTS, encoding="utf-8")
    records = tmp_path / "records"
    environment = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}  # not this run's worker
    environment.update(PYTHONPATH=str(ROOT / "benchmarks"), SUITE_CPU_DIR=str(records))
    command = [sys.executable, "-m", "pytest", "-q", "-p", "suite_cpu", "-p", "no:cacheprovider", "-p", "no:xdist"]
    done = subprocess.run(
        [*command, "--rootdir", str(tmp_path), str(tmp_path / "test_three.py")],
        cwd=tmp_path,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    rows = {
        test.split("::")[1]: (own, children, wall)
        for test, own, children, wall in json.loads((records / "main.json").read_text(encoding="utf-8"))["rows"]
    }
    assert rows["test_busy"][0] >= 0.25 and rows["test_busy"][1] == 0
    assert rows["test_child"][1] >= 0.25 and rows["test_child"][0] < 0.25
    assert rows["test_idle"][2] >= 0.3 and rows["test_idle"][0] + rows["test_idle"][1] < 0.1
    report = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "suite_cpu.py"), str(records), "--top", "3"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert report.returncode == 0, report.stderr
    listed = [line.split()[0].split("::")[-1] for line in report.stdout.splitlines() if "test_three.py::" in line]
    assert listed[:2] in (["test_busy", "test_child"], ["test_child", "test_busy"]) and listed[2] == "test_idle"
    assert "main: own" in report.stdout and "total" in report.stdout
