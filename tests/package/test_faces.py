"""The faces are the documented API (issue 36): every name in any public module's ``__all__`` is documented on a
hand-written page of docs/ (docs/api.md, written from ``__all__``, does not count), every ``wekaeval....``
name a page gives imports, each public name means one object, and errors.py's docstring draws the whole
exception tree."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
import textwrap
import warnings

import pytest

import wekaeval
import wekaeval.errors
from tests.paths import ROOT

PAGES = sorted(path for path in (ROOT / "docs").glob("*.md") if path.name != "api.md")


def public_modules() -> list[str]:
    return ["wekaeval"] + [f"wekaeval.{m.name}" for m in pkgutil.iter_modules(wekaeval.__path__) if m.name[0] != "_"]


def faces() -> dict[str, list[str]]:
    """Each public module's ``__all__`` (the pytest plugin has none: it is entry points, not names)."""
    found = {}
    for name in public_modules():
        names = getattr(importlib.import_module(name), "__all__", None)
        if names is not None:
            found[name] = list(names)
    return found


def documented_code() -> str:
    """The code of the hand-written pages: their inline code and code blocks, where an API name is given."""
    code = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        code += re.findall(r"```[^\n]*\n(.*?)```", text, re.S)
        code += re.findall(r"`((?:[^`\n]|\n(?!\n))+)`", re.sub(r"```[^\n]*\n.*?```", "", text, flags=re.S))
    return "\n".join(code)


def test_every_name_on_a_face_is_documented_on_a_hand_written_page():
    code = documented_code()
    missing = [
        f"{module}.{name}" for module, names in faces().items() for name in names if not re.search(rf"\b{name}\b", code)
    ]
    assert missing == [], f"on a face but in no docs page (document it, or take it off the face): {missing}"


def test_every_name_the_pages_give_imports():
    code = documented_code()
    paths = set(re.findall(r"\bwekaeval(?:\.[A-Za-z_]\w*)+", code))
    assert len(paths) > 50
    broken = []
    for path in sorted(paths):
        parts = path.split(".")
        for cut in range(len(parts), 0, -1):  # the longest importable module, then attributes
            try:
                value = importlib.import_module(".".join(parts[:cut]))
            except ImportError:
                continue
            with warnings.catch_warnings():
                warnings.simplefilter("error", DeprecationWarning)  # a page names no former name
                try:
                    for attribute in parts[cut:]:
                        value = getattr(value, attribute)
                except (AttributeError, DeprecationWarning):
                    broken.append(path)
            break
    assert broken == []


def test_each_public_name_means_one_object():
    objects: dict[str, dict[int, str]] = {}
    for module, names in faces().items():
        for name in names:
            value = getattr(importlib.import_module(module), name)
            if inspect.isclass(value) or callable(value) or name.isupper():
                objects.setdefault(name, {}).setdefault(id(value), f"{module}.{name}")
    assert {name: sorted(where.values()) for name, where in objects.items() if len(where) > 1} == {}


@pytest.mark.parametrize(
    "module, old, new",
    [
        ("wekaeval", "ResultMatrix", "PrintedResultMatrix"),
        ("wekaeval.report", "ResultMatrix", "PrintedResultMatrix"),
    ],
)
def test_a_former_name_still_imports_for_one_release_with_a_warning(module, old, new):
    face = importlib.import_module(module)
    with pytest.warns(DeprecationWarning, match=rf"{module}\.{old} is deprecated .*: use {module}\.{new}"):
        assert getattr(face, old) is getattr(face, new)
    assert old not in face.__all__
    with pytest.raises(AttributeError, match="no attribute 'Nope'"):
        face.Nope  # noqa: B018


def test_plumbing_taken_off_a_face_still_imports_for_one_release_with_a_warning():
    with pytest.warns(DeprecationWarning, match=r"wekaeval\.blocks\.SUMMARY_LINES is deprecated .*plumbing"):
        from wekaeval.blocks import SUMMARY_LINES
    from wekaeval.blocks._shared import SUMMARY_LINES as shared

    assert SUMMARY_LINES is shared


def exception_classes() -> list[type]:
    """Every class of wekaeval.errors and every exception (or warning) class on a face."""
    found = {value for value in vars(wekaeval.errors).values() if inspect.isclass(value)}
    for module, names in faces().items():
        face = importlib.import_module(module)
        found |= {getattr(face, n) for n in names if inspect.isclass(getattr(face, n))}
    return sorted((c for c in found if issubclass(c, BaseException)), key=lambda c: (c.__module__, c.__name__))


def exception_tree() -> str:
    """The classes of :func:`exception_classes` as a tree under Python's own classes, each under its first base
    that is one of them (its other bases said after it)."""
    ours = exception_classes()

    def parent(cls: type) -> type:
        return next(
            (base for base in cls.__mro__[1:] if base in ours),
            next(b for b in cls.__mro__[1:] if b.__module__ == "builtins"),
        )

    def label(cls: type) -> str:
        others = [b.__name__ for b in cls.__bases__ if b is not parent(cls)]
        name = cls.__name__ if cls.__module__ == "builtins" else f"{cls.__module__}.{cls.__name__}"
        return name + (f" (also {', '.join(others)})" if others else "")

    children: dict[type, list[type]] = {}
    for cls in ours:
        children.setdefault(parent(cls), []).append(cls)
    lines: list[str] = []

    def draw(cls: type, prefix: str, last: bool, root: bool) -> None:
        lines.append(label(cls) if root else f"{prefix}{'└── ' if last else '├── '}{label(cls)}")
        below = prefix if root else prefix + ("    " if last else "│   ")
        kids = sorted(children.get(cls, []), key=lambda c: c.__name__)
        for i, kid in enumerate(kids):
            draw(kid, below, i == len(kids) - 1, False)

    for root in sorted((c for c in children if c not in ours), key=lambda c: c.__name__):
        draw(root, "", True, True)
    return "\n".join(lines)


def drawn(text: str) -> str:
    """The tree a docstring or page draws: the lines of its block that starts with ``Exception tree``."""
    block = re.search(r"Exception tree.*?:\n+(?:```text\n)?(.*?)(?:\n```|\n\n|$)", text, re.S)
    assert block, "no tree drawn"
    return textwrap.dedent(block.group(1)).strip()


def test_errors_docstring_and_failures_page_draw_the_whole_exception_tree():
    tree = exception_tree()
    assert "wekaeval.errors.ArgumentError" in tree and "wekaeval.bridge.WekaError (also RuntimeError)" in tree
    docstring = inspect.getdoc(wekaeval.errors) or ""
    assert drawn(docstring) == tree, f"errors.py's docstring should draw:\n{tree}"
    assert drawn((ROOT / "docs" / "failures.md").read_text(encoding="utf-8")) == tree


def test_a_bad_argument_is_an_argument_error_and_a_value_error_and_the_cli_says_one_line(monkeypatch, capsys):
    for call in (
        lambda: wekaeval.kappa_stats([[1, 2], [3, 4]], alpha=1.5),
        lambda: wekaeval.kappa_stats([[1, 2], [3, 4]], weights="cubic"),
    ):
        with pytest.raises(wekaeval.ArgumentError) as caught:
            call()
        assert isinstance(caught.value, ValueError) and isinstance(caught.value, wekaeval.WekaevalError)
    from wekaeval import evaluation
    from wekaeval.cli import main

    monkeypatch.setattr(evaluation, "kappa_stats", lambda *a, **o: wekaeval.kappa_stats([[1, 2], [3, 4]], alpha=2))
    assert main(["kappa", "--stats", "--matrix", "1,2;3,4"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("wekaeval: error: ")
    assert "must be a number strictly between 0 and 1" in err  # in the command line's words (--significance)
