"""A subpackage's ``__init__`` is its public face: its public classes go by its name.

>>> from wekaeval.arff import ClassAttributeError
>>> ClassAttributeError.__module__
'wekaeval.arff'
"""

from __future__ import annotations

from typing import Any


def claim_public_classes(namespace: dict[str, Any]) -> None:
    """Give every class in the ``__all__`` of ``namespace`` (a subpackage's ``globals()``) the subpackage's name
    as its ``__module__``, so reprs, tracebacks and pickles show ``wekaeval.arff.ClassAttributeError``, never
    the private module that defines it."""
    for name in namespace["__all__"]:
        value = namespace[name]
        if isinstance(value, type):
            value.__module__ = namespace["__name__"]
