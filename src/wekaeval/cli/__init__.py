"""The ``wekaeval`` command line: one module per command over the library."""

from __future__ import annotations

from wekaeval.cli._main import build_parser, main

__all__ = [
    "main",
    "build_parser",
]
