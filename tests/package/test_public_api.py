"""The import paths users rely on keep working, whatever moves behind them (CHANGELOG.md lists what moved)."""

from __future__ import annotations

import importlib
import pickle
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import wekaeval

DOCUMENTED = {
    "wekaeval.bridge": ["evaluate", "weka_classpath", "start_jvm", "WekaEvaluation", "WekaUnavailable"],
    "wekaeval.parity": ["differences", "run_parity", "ParityRow"],
    "wekaeval.folds": ["evaluate_folds", "cross_validation_text", "JavaRandom", "java_shuffle"],
    "wekaeval.sklearn": ["weka_kappa_score", "weka_kappa_scorer"],
    "wekaeval.testing": ["assert_weka_parity"],
    "wekaeval.dask": ["confusion_matrix", "evaluate_frame"],
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
    for package in ("javamath", "arff", "blocks", "evaluation", "report", "bridge", "models", "experiment"):
        face = importlib.import_module(f"wekaeval.{package}")
        assert face.__all__ and all(hasattr(face, name) for name in face.__all__), package
        classes = [getattr(face, name) for name in face.__all__ if isinstance(getattr(face, name), type)]
        assert all(cls.__module__ == face.__name__ for cls in classes), package  # shown under the public path


#: Names that moved to wekaeval.models (running models on WEKA's folds), kept at their old homes for one release.
MOVED_TO_MODELS = {
    "wekaeval": ["cross_validate"],
    "wekaeval.folds": ["WekaKFold", "WekaSplit", "to_xy"],
    "wekaeval.experiment": [
        "ModelData",
        "ModelDataError",
        "NominalEncoding",
        "class_labels",
        "is_nominal",
        "model_data",
        "nominal_codes",
        "SklearnRunner",
        "WekaRunner",
        "cross_validate",
        "runner_for",
        "scheme_key",
    ],
}


def moved(name: str) -> object:
    """Where a name moved to models lives now: its face, or (plumbing) its _shared."""
    from wekaeval import models
    from wekaeval.models import _shared

    return getattr(models, name) if name in models.__all__ else getattr(_shared, name)


@pytest.mark.parametrize("module", sorted(MOVED_TO_MODELS))
def test_names_moved_to_models_import_from_their_old_homes(module):
    old = importlib.import_module(module)
    for name in MOVED_TO_MODELS[module]:
        if name in getattr(old, "__all__", ()):  # still on the old face (wekaeval.cross_validate, wekaeval.folds)
            assert getattr(old, name) is moved(name), f"{module}.{name}"
        else:  # experiment's 0.1.0 names: for one release, with a warning naming the new place
            with pytest.warns(DeprecationWarning, match=rf"{module}\.{name} is deprecated"):
                assert getattr(old, name) is moved(name), f"{module}.{name}"


def test_pickles_naming_the_old_homes_still_load():
    """A class pickled before the move names its old home; unpickling finds the same class there."""
    for module in ("wekaeval.experiment", "wekaeval.folds"):
        for name in ("ModelData", "SklearnRunner", "WekaRunner") if module.endswith("experiment") else ("WekaKFold",):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                assert pickle.loads(f"c{module}\n{name}\n.".encode()) is moved(name)


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
