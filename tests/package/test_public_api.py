"""The import paths users rely on keep working, whatever moves behind them (CHANGELOG.md lists what moved)."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

import wekaeval

DOCUMENTED = {
    "wekaeval.bridge": ["evaluate", "weka_classpath", "start_jvm", "WekaEvaluation", "WekaUnavailable"],
    "wekaeval.parity": ["differences", "run_parity", "ParityRow"],
    "wekaeval.folds": ["evaluate_folds", "cross_validation_text", "JavaRandom", "java_shuffle"],
    "wekaeval.sklearn": ["weka_kappa_score", "weka_kappa_scorer"],
    "wekaeval.testing": ["assert_weka_parity"],
    "wekaeval.dask": ["confusion_matrix", "evaluate"],
    "wekaeval.arff": ["read_arff_rows", "load_arff", "write_arff", "Dataset", "Attribute"],
    "wekaeval.javamath": ["java_log", "fdlibm_log", "java_exp", "java_pow", "java_platform"],
    "wekaeval.cli": ["main"],
    "wekaeval.pytest_plugin": ["weka_jvm"],
}


@pytest.mark.parametrize("name", wekaeval.__all__)
def test_every_top_level_name_imports(name):
    assert getattr(wekaeval, name) is not None


@pytest.mark.parametrize("module", sorted(DOCUMENTED))
def test_every_documented_path_imports(module):
    imported = importlib.import_module(module)
    for name in DOCUMENTED[module]:
        assert hasattr(imported, name), f"{module}.{name}"


def test_each_subpackage_face_exports_what_it_lists():
    for package in ("javamath", "arff", "blocks", "evaluation", "report", "bridge", "experiment"):
        face = importlib.import_module(f"wekaeval.{package}")
        assert face.__all__ and all(hasattr(face, name) for name in face.__all__), package
        classes = [getattr(face, name) for name in face.__all__ if isinstance(getattr(face, name), type)]
        assert all(cls.__module__ == face.__name__ for cls in classes), package  # shown under the public path


def test_importing_wekaeval_starts_no_jvm_and_needs_no_java():
    code = "import sys, wekaeval, wekaeval.parity, wekaeval.cli; print('jpype' in sys.modules)"
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PATH": "", "PYTHONPATH": ":".join(sys.path)},
    )
    assert done.stdout.strip() == "False"


def test_the_entry_points_are_declared():
    from importlib.metadata import entry_points

    assert [e.value for e in entry_points(group="console_scripts") if e.name == "wekaeval"] == ["wekaeval.cli:main"]
    assert [e.value for e in entry_points(group="pytest11") if e.name == "wekaeval"] == ["wekaeval.pytest_plugin"]


def test_no_module_is_over_600_lines():
    """The layout's size rule (docs/architecture.md): a module that grows past it is split by what it ports."""
    package = Path(wekaeval.__file__).parent
    sizes = {
        str(path.relative_to(package)): len(path.read_text(encoding="utf-8").splitlines())
        for path in package.rglob("*.py")
    }
    assert {name: size for name, size in sizes.items() if size > 600} == {}
