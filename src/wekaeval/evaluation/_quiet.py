"""Java's arithmetic without numpy's warnings: :func:`java_arithmetic` wraps a class's public API.

Java computes an overflow as infinity and ``0/0`` or ``inf - inf`` as NaN, silently; numpy gives the same
values but warns, and under ``python -W error`` (or pytest's ``filterwarnings = error``) a warning is an
exception where WEKA returns a value.  Every public method and property of the classes decorated here runs
under ``numpy.errstate(all="ignore")``, so no warning escapes to callers.  Only the outermost such call
enters it: a property that reads other properties pays for ``errstate`` once (a context variable says a call
is under way, as ``errstate`` itself is kept per context); entering it in every inner call too cost a small
evaluation 12 % of its time (docs/performance.md).  A method marked :func:`python_floats` computes on Python
floats alone, which never warn (an overflow is ``inf``, ``inf - inf`` NaN), and is left as it is:
``ConfusionMatrix.add``, one prediction at a time, spent a third of its time entering ``errstate``.
"""

from __future__ import annotations

import functools
import types
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any, TypeVar

import numpy as np

_Class = TypeVar("_Class", bound=type)

#: True while a wrapped call runs in this context (thread, task): the calls it makes need no errstate of their own.
_QUIET: ContextVar[bool] = ContextVar("wekaeval_java_arithmetic", default=False)


def _quiet(function: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(function)
    def quiet(*args: Any, **kwargs: Any) -> Any:
        if _QUIET.get():
            return function(*args, **kwargs)
        token = _QUIET.set(True)
        try:
            with np.errstate(all="ignore"):
                return function(*args, **kwargs)
        finally:
            _QUIET.reset(token)

    return quiet


_Function = TypeVar("_Function", bound=Callable[..., Any])


def python_floats(function: _Function) -> _Function:
    """Mark a public method whose arithmetic is on Python floats only: :func:`java_arithmetic` leaves it unwrapped."""
    function.__wekaeval_python_floats__ = True  # type: ignore[attr-defined]
    return function


def java_arithmetic(cls: _Class) -> _Class:
    """Run each public method and property defined in ``cls`` (and ``__init__``) without numpy warnings.

    >>> @java_arithmetic
    ... class Ratio:
    ...     def of(self, a, b):
    ...         return np.float64(a) / np.float64(b)
    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("error")
    ...     float(Ratio().of(0.0, 0.0))
    nan
    """
    for name, member in list(vars(cls).items()):
        if name.startswith("_") and name != "__init__":
            continue
        if isinstance(member, property):
            fset = None if member.fset is None else _quiet(member.fset)
            quiet = property(None if member.fget is None else _quiet(member.fget), fset, member.fdel, member.__doc__)
            setattr(cls, name, quiet)
        elif isinstance(member, staticmethod | classmethod):
            setattr(cls, name, type(member)(_quiet(member.__func__)))
        elif isinstance(member, types.FunctionType) and not getattr(member, "__wekaeval_python_floats__", False):
            setattr(cls, name, _quiet(member))
    return cls
