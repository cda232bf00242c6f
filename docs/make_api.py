"""Write docs/api.md from the public names: ``wekaeval.__all__`` and each public module's ``__all__``.

Run it after changing what a module exports (``make docs`` does, before ``mkdocs build --strict``);
tests/package/test_api_docs.py fails while docs/api.md differs from what this writes, so a public name cannot be left
out of the reference, nor a name that no longer exists stay in it.

    python docs/make_api.py            # write docs/api.md
    python docs/make_api.py --check    # exit 1 if docs/api.md is not what it would write

Every public module (``wekaeval`` and its subpackages and modules not named with a ``_``) gets a table of its
names, each with what it is and the first sentence of its docstring.  An object importable from several modules
is described under the first (``wekaeval`` before its subpackages) and named in the others' "also here" lines.
The main classes and functions follow in full (mkdocstrings renders their docstrings).  The output depends only
on the source: no dates, no paths, no memory addresses.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
import sys
from pathlib import Path
from typing import Any

API = Path(__file__).resolve().parent / "api.md"

#: The modules in the page's order; any other public module follows, alphabetically.
ORDER = (
    "wekaeval",
    "wekaeval.arff",
    "wekaeval.evaluation",
    "wekaeval.models",
    "wekaeval.folds",
    "wekaeval.sklearn",
    "wekaeval.dask",
    "wekaeval.report",
    "wekaeval.blocks",
    "wekaeval.experiment",
    "wekaeval.bridge",
    "wekaeval.parity",
    "wekaeval.testing",
    "wekaeval.pytest_plugin",
    "wekaeval.javamath",
    "wekaeval.errors",
    "wekaeval.cli",
)

#: What is rendered in full after the tables: (heading, the objects' import paths).
DETAILED = (
    ("Kappa", ("wekaeval.kappa", "wekaeval.kappa_stats", "wekaeval.KappaStats", "wekaeval.ConfusionMatrix")),
    (
        "Evaluation",
        (
            "wekaeval.Evaluation",
            "wekaeval.evaluate_folds",
            "wekaeval.cross_validate",
            "wekaeval.CostMatrix",
            "wekaeval.ThresholdCurves",
        ),
    ),
    ("WEKA's folds", ("wekaeval.models.WekaKFold", "wekaeval.models.WekaSplit", "wekaeval.models.to_xy")),
    (
        "Data",
        ("wekaeval.load_arff", "wekaeval.arff.read_arff_rows", "wekaeval.arff.write_arff", "wekaeval.Dataset"),
    ),
    ("scikit-learn", ("wekaeval.sklearn.weka_kappa_score", "wekaeval.sklearn.weka_kappa_scorer")),
    (
        "WEKA's printed output",
        (
            "wekaeval.read_weka_output",
            "wekaeval.WekaReport",
            "wekaeval.read_weka_outputs",
            "wekaeval.report.FileReport",
            "wekaeval.report.FileReports",
        ),
    ),
    (
        "The real WEKA",
        ("wekaeval.bridge.evaluate", "wekaeval.parity.run_parity", "wekaeval.testing.assert_weka_parity"),
    ),
    (
        "The Experimenter",
        (
            "wekaeval.read_experiment_results",
            "wekaeval.summarise",
            "wekaeval.ttest",
            "wekaeval.read_result_matrix",
            "wekaeval.PrintedResultMatrix",
            "wekaeval.TTestResult",
            "wekaeval.experiment.TTestCell",
            "wekaeval.experiment.run",
            "wekaeval.experiment.RowsMissing",
            "wekaeval.experiment.FailedRow",
            "wekaeval.sklearn.ReplaceMissingValues",
            "wekaeval.experiment.ttest_html",
            "wekaeval.experiment.ttest_chart",
        ),
    ),
    (
        "Comparing many schemes",
        (
            "wekaeval.compare",
            "wekaeval.Comparison",
            "wekaeval.experiment.Friedman",
            "wekaeval.experiment.PostHoc",
            "wekaeval.experiment.VersusControl",
            "wekaeval.experiment.critical_difference_diagram",
            "wekaeval.experiment.compare_html",
            "wekaeval.correlated_ttest",
            "wekaeval.signed_rank",
            "wekaeval.BayesianTest",
        ),
    ),
)

HEADER = """# API reference

<!-- Written by docs/make_api.py from the modules' __all__: run `python docs/make_api.py` (or `make docs`),
do not edit by hand. tests/package/test_api_docs.py checks that this page is what it writes. -->

Every public name, module by module: `import wekaeval` and the public subpackages and modules below it (their
`__all__`). An object importable from several places is described where it is first listed and named in the
others' "also here" line. The main classes and functions follow [in full](#in-full), rendered from their
docstrings. Importing `wekaeval` never starts a JVM; only `wekaeval.bridge` does.
"""


def public_modules() -> list[str]:
    """``wekaeval`` and every module or subpackage directly below it whose name has no leading ``_``."""
    import wekaeval

    found = {
        f"wekaeval.{info.name}" for info in pkgutil.iter_modules(wekaeval.__path__) if not info.name.startswith("_")
    }
    found.add("wekaeval")
    return [name for name in ORDER if name in found] + sorted(found - set(ORDER))


def public_names(module: Any) -> list[str]:
    """A module's ``__all__``; for one without (the pytest plugin), what it defines itself without a ``_``."""
    names = getattr(module, "__all__", None)
    if names is not None:
        return list(names)
    return [
        name
        for name, value in vars(module).items()
        if not name.startswith("_") and getattr(value, "__module__", None) == module.__name__
    ]


def kind(value: Any) -> str:
    if inspect.isclass(value):
        if issubclass(value, Warning):
            return "warning"
        return "exception" if issubclass(value, BaseException) else "class"
    if inspect.isfunction(value) or inspect.isbuiltin(value) or callable(value) and hasattr(value, "__wrapped__"):
        return "function"
    if inspect.ismodule(value):
        return "module"
    if type(value).__module__ == "typing" or type(value).__name__ in ("UnionType", "GenericAlias"):
        return "type"
    if callable(value):
        return "function"
    return "constant"


_ROLE = re.compile(r":(?:[a-z]+:)?[a-z]+:`~?([^`]+)`")


def comment(module: Any, name: str) -> str:
    """The ``#:`` comment above ``name = ...`` in the module's source (in a package, any of its modules'): how
    a constant or an object made by a call is documented."""
    path = Path(module.__file__)
    files = sorted(path.parent.glob("*.py")) if path.name == "__init__.py" else [path]
    pattern = re.compile(rf"((?:^#:.*\n)+)^{re.escape(name)}\s*(?::[^=\n]*)?=", re.M)
    for file in files:
        found = pattern.search(file.read_text(encoding="utf-8"))
        if found:
            return " ".join(line[2:].strip() for line in found.group(1).splitlines())
    return ""


def summary(value: Any, module: Any = None, name: str = "") -> str:
    """The first sentence of the docstring's first paragraph (or of the ``#:`` comment above a constant), as
    Markdown for a table cell; for a constant without one, its type (and its value when short)."""
    what = kind(value)
    doc = comment(module, name) if module is not None and what in ("constant", "type", "function") else ""
    if not doc and what == "constant":
        if isinstance(value, (bool, int, float, str)) and len(repr(value)) <= 40:
            return f"`{value!r}`"
        size = f" of {len(value)}" if hasattr(value, "__len__") and not isinstance(value, str) else ""
        return f"a {type(value).__name__}{size}"
    if not doc and what == "type":
        return "a type (for annotations)"
    if not doc:
        doc = inspect.getdoc(value) or ""
        if doc.startswith(f"{getattr(value, '__name__', '')}("):  # a dataclass's generated signature
            doc = ""
    if what == "function" and not (inspect.isfunction(value) or inspect.isbuiltin(value)) and not comment(module, name):
        doc = doc if value.__doc__ is not type(value).__doc__ else ""  # an instance's doc is its class's
    paragraph = " ".join(doc.split("\n\n", 1)[0].split())
    ends = [m.end() for m in re.finditer(r"[.!?](?=\s+[A-Z(`])", paragraph) if m.end() >= 20]
    text = paragraph[: ends[0]] if ends else paragraph
    if len(text) > 160:  # a long first sentence: up to its first colon or semicolon
        cut = [m.start() for m in re.finditer(r"[:;](?=\s)", text) if m.start() >= 20]
        text = text[: cut[0]] + "." if cut else text
    text = text[:-1].rstrip() + "." if text.endswith((":", ";", ",")) else text
    text = _ROLE.sub(lambda m: f"`{m.group(1)}`", text).replace("``", "`")
    return text.replace("|", "\\|")


def index() -> list[tuple[str, list[tuple[str, str, str]], list[str]]]:
    """Per public module: its described names (name, kind, summary) and the names described elsewhere."""
    first: dict[int, str] = {}
    sections = []
    for module_name in public_modules():
        module = importlib.import_module(module_name)
        rows, also = [], []
        for name in public_names(module):
            value = getattr(module, name)
            shareable = inspect.isclass(value) or inspect.isroutine(value) or callable(value)
            where = first.get(id(value)) if shareable else None
            if where is not None:
                also.append(f"`{name}` ({where})")
                continue
            if shareable:
                first[id(value)] = f"`{module_name}.{name}`"
            rows.append((name, kind(value), summary(value, module, name)))
        sections.append((module_name, rows, also))
    return sections


def render() -> str:
    lines = [HEADER]
    for module_name, rows, also in index():
        module = importlib.import_module(module_name)
        about = summary(module) if module.__doc__ else ""
        lines += [f"## `{module_name}`", ""]
        if about:
            lines += [about, ""]
        if rows:
            lines += ["| name | kind | what it is |", "|---|---|---|"]
            lines += [f"| `{name}` | {what} | {text} |" for name, what, text in rows]
            lines.append("")
        if also:
            lines += ["Also here: " + ", ".join(also) + ".", ""]
    lines += ["## In full", ""]
    for heading, paths in DETAILED:
        lines += [f"### {heading}", ""]
        for path in paths:
            lines += [f"::: {path}", "    options:", "      heading_level: 4", ""]
    return "\n".join(lines).rstrip("\n") + "\n"


def main(argv: list[str]) -> int:
    text = render()
    if argv[1:] == ["--check"]:
        if API.read_text(encoding="utf-8") != text:
            print(f"{API} is out of date: run python docs/make_api.py", file=sys.stderr)
            return 1
        return 0
    API.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
