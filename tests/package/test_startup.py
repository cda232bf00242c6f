"""What starting wekaeval loads: ``import wekaeval`` nothing but its face, the command line no numpy for --help and
only kappa's own modules for ``kappa --matrix`` (issue 37; the times are benchmarks/bench_startup.py's)."""

from __future__ import annotations

import ast
import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src" / "wekaeval"

#: Every module ``import wekaeval`` loads (a name's first read imports its home).
IMPORT_WEKAEVAL = ["wekaeval", "wekaeval._faces"]

#: What the command line's --help may load beyond the command line itself: the text helpers and the names of
#: --cpu's choices (javamath's platform table, without numpy).
HELP_MAY_LOAD = {
    "wekaeval",
    "wekaeval._atomic",
    "wekaeval._faces",
    "wekaeval._paths",
    "wekaeval._processes",
    "wekaeval._progress",
    "wekaeval._textsource",
    "wekaeval.errors",
    "wekaeval.javamath",
    "wekaeval.javamath._platform",
    "wekaeval.javamath._rcpps_tables",
    "wekaeval.javamath._shared",
}

#: The lazy modules: each face (and its floor's _shared) imports a name's home on the name's first read.
LAZY = [
    "wekaeval",
    *(f"wekaeval.{p}{s}" for p in ("javamath", "blocks", "evaluation", "arff", "report") for s in ("", "._shared")),
]


def loaded_after(code: str) -> dict:
    """The wekaeval modules, and which heavy libraries, a fresh interpreter has loaded after ``code``."""
    probe = (
        "import sys, json\n"
        f"{code}\n"
        "print(json.dumps({'wekaeval': sorted(m for m in sys.modules if m.split('.')[0] == 'wekaeval'),"
        " 'libraries': sorted({m.split('.')[0] for m in sys.modules} & {'numpy', 'pandas', 'scipy', 'sklearn',"
        " 'jpype', 'weka'})}))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, check=True)
    return json.loads(done.stdout.splitlines()[-1])


def cli(*argv: str) -> str:
    return f"from wekaeval.cli import main\ntry:\n    main({list(argv)!r})\nexcept SystemExit:\n    pass"


def test_import_wekaeval_loads_its_face_alone():
    assert loaded_after("import wekaeval") == {"wekaeval": IMPORT_WEKAEVAL, "libraries": []}


def test_reading_a_name_loads_its_home_and_not_the_rest():
    loaded = loaded_after("import wekaeval\nassert wekaeval.kappa([[10, 7], [5, 8]]) == 0.19999999999999996")
    assert loaded["libraries"] == ["numpy"]
    assert not [m for m in loaded["wekaeval"][1:] if m.split(".")[1] in ("arff", "report", "experiment", "bridge")]


@pytest.mark.parametrize(
    "command",
    [
        (),
        ("kappa",),
        ("evaluate",),
        ("parity",),
        ("parse",),
        ("experiment",),
        ("ttest",),
        ("compare",),
        ("summarise",),
        ("report",),
        ("check",),
        ("platform",),
    ],
)
def test_help_loads_no_numpy_and_no_floor_it_does_not_print(command):
    loaded = loaded_after(cli(*command, "--help"))
    assert loaded["libraries"] == []
    assert [m for m in loaded["wekaeval"] if not m.startswith("wekaeval.cli") and m not in HELP_MAY_LOAD] == []


def test_kappa_of_a_matrix_loads_kappa_alone():
    loaded = loaded_after(cli("kappa", "--matrix", "10,7;5,8"))
    assert loaded["libraries"] == ["numpy"]
    floors = {m.split(".")[1] for m in loaded["wekaeval"] if m.count(".") >= 1}
    assert floors <= {"cli", "errors", "javamath", "evaluation", "_atomic", "_faces", "_paths", "_processes"} | {
        "_progress",
        "_textsource",
    }, floors


def test_a_model_runs_without_importing_models_first():
    """Evaluation's injection point imports the module that registers scikit-learn's and WEKA's runners by name,
    when the first model comes that no registered factory takes."""
    code = (
        "from sklearn.dummy import DummyClassifier\n"
        "from wekaeval.arff import load_arff\n"
        "from wekaeval.evaluation import Evaluation\n"
        f"data = load_arff({str(SRC.parents[1] / 'arff_samples' / 'weighted.arff')!r})\n"
        "e = Evaluation(data)\n"
        "e.crossvalidate_model(DummyClassifier(), data, 2, 1)\n"
        "assert e.num_instances == data.weights.sum()"
    )
    assert "wekaeval.models" in loaded_after(code)["wekaeval"]


def type_checking_names(module: str) -> dict[str, str]:
    """The names a module's ``if TYPE_CHECKING:`` block imports, each with its home."""
    path = SRC.parent / (module.replace(".", "/") + ("/__init__.py" if "._" not in module else ".py"))
    names = {}
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
            for imported in node.body:
                assert isinstance(imported, ast.ImportFrom) and imported.module is not None
                names.update({alias.name: imported.module for alias in imported.names})
    return names


@pytest.mark.parametrize("module", LAZY)
def test_a_lazy_module_gives_type_checkers_the_names_and_homes_it_gives_at_run_time(module):
    lazy = importlib.import_module(module)
    homes = type_checking_names(module)
    assert sorted(homes) == sorted(lazy.__all__)
    for name, home in homes.items():
        assert getattr(lazy, name) is getattr(importlib.import_module(home), name), f"{module}.{name}"
    assert set(lazy.__all__) <= set(dir(lazy))
