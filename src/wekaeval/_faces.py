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


def former_names(package: str, renamed: dict[str, tuple[Any, str]]) -> Any:
    """A module ``__getattr__`` for a face's former names, kept for one release: ``renamed`` maps each old name to
    its object and the advice (``"use wekaeval.x.NEW"``, or that it is plumbing now).  Reading one works as
    before and warns with a :class:`DeprecationWarning` giving the advice.

    >>> import warnings
    >>> getattr_ = former_names("wekaeval.x", {"OLD": (1, "use wekaeval.x.NEW")})
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     getattr_("OLD"), str(caught[0].message)
    (1, 'wekaeval.x.OLD is deprecated and goes in the next release: use wekaeval.x.NEW')
    """

    def __getattr__(name: str) -> Any:
        if name not in renamed:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value, instead = renamed[name]
        import warnings

        warnings.warn(f"{package}.{name} is deprecated and goes in the next release: {instead}", DeprecationWarning, 2)
        return value

    return __getattr__
