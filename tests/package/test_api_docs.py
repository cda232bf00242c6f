"""docs/api.md lists every public name and nothing else (issue 35, item 14): it is what docs/make_api.py writes
from the modules' ``__all__``, and, read back, its names are exactly the public ones, module by module."""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import re

import wekaeval
from tests.paths import ROOT

API = ROOT / "docs" / "api.md"


def make_api():
    spec = importlib.util.spec_from_file_location("make_api", ROOT / "docs" / "make_api.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def public() -> dict[str, set[str]]:
    """Each public module's public names, found here independently of the generator."""
    modules = ["wekaeval"] + [f"wekaeval.{m.name}" for m in pkgutil.iter_modules(wekaeval.__path__) if m.name[0] != "_"]
    found = {}
    for name in modules:
        module = importlib.import_module(name)
        names = getattr(module, "__all__", None)
        if names is None:  # the pytest plugin: what it defines
            names = [n for n, v in vars(module).items() if n[0] != "_" and getattr(v, "__module__", None) == name]
        found[name] = set(names)
    return found


def listed() -> tuple[dict[str, set[str]], dict[str, dict[str, str]]]:
    """Per ``## `module``` section of docs/api.md: every name its table or its "Also here" line gives, and the
    table's summaries."""
    names: dict[str, set[str]] = {}
    summaries: dict[str, dict[str, str]] = {}
    module = None
    for line in API.read_text(encoding="utf-8").splitlines():
        heading = re.fullmatch(r"## `(wekaeval[\w.]*)`", line)
        if heading:
            module = heading.group(1)
            names[module], summaries[module] = set(), {}
        elif line.startswith("## "):
            module = None
        elif module and (row := re.match(r"\| `(\w+)` \| (\w+) \| (.*) \|$", line)):
            names[module].add(row.group(1))
            summaries[module][row.group(1)] = row.group(3)
        elif module and line.startswith("Also here: "):
            names[module] |= set(re.findall(r"`(\w+)` \(`wekaeval", line))
    return names, summaries


def test_api_md_is_what_make_api_writes():
    assert API.read_text(encoding="utf-8") == make_api().render(), "docs/api.md is stale: run python docs/make_api.py"


def test_every_public_name_is_listed_and_every_listed_name_exists():
    names, _ = listed()
    expected = public()
    assert sorted(names) == sorted(expected)
    for module, wanted in expected.items():
        assert names[module] - wanted == set(), f"{module}: listed but not public"
        assert wanted - names[module] == set(), f"{module}: public but not listed"


def test_the_names_the_issue_found_missing_are_there_with_a_summary():
    names, summaries = listed()
    for module, name in [
        ("wekaeval.bridge", "evaluate"),
        ("wekaeval.parity", "run_parity"),
        ("wekaeval.testing", "assert_weka_parity"),
        ("wekaeval", "CostMatrix"),
        ("wekaeval", "ThresholdCurves"),
        ("wekaeval.sklearn", "weka_kappa_score"),
        ("wekaeval.arff", "read_arff_rows"),
    ]:
        assert name in names[module] and summaries[module][name], (module, name)


def test_every_function_and_class_has_a_summary_and_every_rendered_path_exists():
    _, summaries = listed()
    text = API.read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(\w+)` \| (function|class|exception|warning) \| (.*) \|$", text, re.M)
    assert len(rows) > 200 and [name for name, _, summary in rows if not summary.strip()] == []
    for path in re.findall(r"^::: ([\w.]+)$", text, re.M):
        module, _, name = path.rpartition(".")
        assert hasattr(importlib.import_module(module), name), path
