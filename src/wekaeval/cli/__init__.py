"""The ``wekaeval`` command line: one module per command over the library."""

from __future__ import annotations

from wekaeval._faces import former_names
from wekaeval.cli import _main
from wekaeval.cli._main import main

__all__ = [
    "main",
]

#: This face's names before issue 36 that are the command line's own now: they still import, with a warning.
__getattr__ = former_names(
    __name__, {"build_parser": (_main.build_parser, "it is the command line's own now, not API")}
)
