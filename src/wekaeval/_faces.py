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
        _warn_former(package, name, instead)
        return value

    return __getattr__


#: What a face's former name that is plumbing now says instead.
_PLUMBING = "it is wekaeval's plumbing now, not API"


def _warn_former(package: str, name: str, instead: str) -> None:
    """The one warning a face's former name gives, pointing at the line that read it."""
    import warnings

    warnings.warn(f"{package}.{name} is deprecated and goes in the next release: {instead}", DeprecationWarning, 3)


def lazy_face(
    package: str,
    homes: dict[str, tuple[str, ...]],
    *,
    subpackages: tuple[str, ...] = (),
    renamed: dict[str, tuple[str, str, str]] | None = None,
    plumbing: dict[str, tuple[str, ...] | None] | None = None,
    claim: bool = True,
) -> tuple[Any, Any]:
    """A module's ``__getattr__`` and ``__dir__`` that import its names on first use, so that importing the module
    costs (almost) nothing: ``homes`` maps each module to the names it gives, ``subpackages`` are read as
    ``package.NAME`` (imported then), ``renamed`` maps a former name to ``(module, name, advice)`` as
    :func:`former_names` warns, ``plumbing`` maps a module to the former names it now holds as wekaeval's
    plumbing (None: its ``__all__``), which warn the same way.  The first read of a name imports its module and
    binds every name that module has defined (a lazy face as home: only the name read); with ``claim`` (a face),
    those of its classes defined in the package's private modules get the package's name as ``__module__`` (as
    :func:`claim_public_classes`), so reprs, tracebacks and pickles show the public path.  Type checkers read
    the same names from an ``if TYPE_CHECKING:`` block beside it (tests/package/test_startup.py holds the two
    equal).

    >>> getattr_, dir_ = lazy_face("wekaeval", {"math": ("sqrt",)})
    >>> getattr_("sqrt")(4.0)
    2.0
    """
    import importlib
    import sys

    owners = {name: module for module, names in homes.items() for name in names}
    renamed = renamed or {}
    plumbing = plumbing or {}

    def __getattr__(name: str) -> Any:
        if name in owners:
            module = importlib.import_module(owners[name])
            namespace = vars(sys.modules[package])
            for given in (given for given in homes[owners[name]] if given == name or given in vars(module)):
                value = getattr(module, given)
                if claim and isinstance(value, type) and value.__module__.startswith(f"{package}._"):
                    value.__module__ = package
                namespace[given] = value
            return namespace[name]
        if name in subpackages:
            return importlib.import_module(f"{package}.{name}")
        if name in renamed:
            home, new_name, instead = renamed[name]
            _warn_former(package, name, instead)
            return getattr(importlib.import_module(home), new_name)
        for home, names in plumbing.items():  # a module is imported only to read it (None: a lazy _shared's list)
            if name in (names if names is not None else importlib.import_module(home).__all__):
                _warn_former(package, name, _PLUMBING)
                return getattr(importlib.import_module(home), name)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    def __dir__() -> list[str]:
        return sorted({*vars(sys.modules[package]), *owners, *subpackages})

    return __getattr__, __dir__
