"""The exceptions wekaeval raises for bad input.

Every one is a :class:`ValueError`, so ``except ValueError`` catches them all;
:class:`WekaevalError` catches exactly wekaeval's own.  A bad argument to a function (a value out of its range,
not one of its choices) is an :class:`ArgumentError`, whatever the function's data.

Exception tree, every class here and every exception on a subpackage's face (tests/package/test_faces.py holds
it equal to the real classes; docs/failures.md draws the same)::

    RuntimeError
    ├── wekaeval.parity.ParityWorkerLost
    ├── wekaeval.javamath.RcppsUnavailable
    ├── wekaeval.parity.RunStopped
    └── wekaeval.bridge.WekaUnavailable
        └── wekaeval.bridge.JvmOutOfMemory
    UserWarning
    ├── wekaeval.experiment.ExperimentWarning
    ├── wekaeval.javamath.JavaPlatformWarning
    └── wekaeval.errors.LegacyEncodingWarning
    ValueError
    └── wekaeval.errors.WekaevalError
        ├── wekaeval.errors.ArffError
        ├── wekaeval.errors.ArgumentError
        ├── wekaeval.arff.ClassAttributeError
        │   └── wekaeval.arff.NoClassError
        ├── wekaeval.errors.ComparisonError
        ├── wekaeval.errors.CostMatrixError
        ├── wekaeval.errors.EvaluationError
        │   └── wekaeval.errors.WekaThrowsError
        ├── wekaeval.experiment.ExperimentError
        │   ├── wekaeval.experiment.RowsMissing
        │   └── wekaeval.experiment.WorkerLost
        ├── wekaeval.errors.ExpressionError
        ├── wekaeval.errors.MatrixError
        ├── wekaeval.models.ModelDataError
        ├── wekaeval.errors.PredictionError
        ├── wekaeval.experiment.ResultMatrixError
        ├── wekaeval.experiment.TTestError
        ├── wekaeval.bridge.WekaError (also RuntimeError)
        │   ├── wekaeval.bridge.ClassifierError
        │   ├── wekaeval.bridge.WekaDataError
        │   └── wekaeval.bridge.WekaRefusal
        └── wekaeval.errors.WekaOutputError
"""

from __future__ import annotations

__all__ = [
    "WekaevalError",
    "ArgumentError",
    "MatrixError",
    "PredictionError",
    "EvaluationError",
    "WekaThrowsError",
    "ArffError",
    "WekaOutputError",
    "CostMatrixError",
    "ExpressionError",
    "LegacyEncodingWarning",
    "ComparisonError",
]


class WekaevalError(ValueError):
    """Base class of every error wekaeval raises for bad input."""


class ArgumentError(WekaevalError):
    """A bad argument to a function, whatever its data: a value outside its range (an ``alpha`` not strictly
    between 0 and 1, fewer than 2 folds), of the wrong type, or not one of its choices; the message names the
    argument."""


class MatrixError(WekaevalError):
    """A confusion matrix that is empty, not square, or holds a non-finite value."""


class PredictionError(WekaevalError):
    """Predictions WEKA's Evaluation cannot take: bad class, distribution or weight.

    ``instance`` is the 0-based index of the offending instance, when one is to blame.
    """

    def __init__(self, message: str, *, instance: int | None = None):
        super().__init__(message)
        self.instance = instance


class EvaluationError(WekaevalError):
    """A question wekaeval.Evaluation cannot answer as asked: a bad class index, a statistic of the other class kind."""


class WekaThrowsError(EvaluationError):
    """Something WEKA itself cannot do with these numbers: it throws ``java_exception`` there (a text block
    whose layout Java cannot allocate, for one), and wekaeval raises this instead of printing a text WEKA never
    prints."""

    def __init__(self, message: str, *, java_exception: str):
        super().__init__(message)
        self.java_exception = java_exception


class ArffError(WekaevalError):
    """A malformed ARFF file; the message names the file and the line.

    Attributes ``source`` and ``line`` (1-based, or None when the problem is
    not on one line) say where.
    """

    def __init__(self, message: str, *, source: str, line: int | None = None):
        self.source = source
        self.line = line
        self.reason = message
        where = f"{source}:{line}" if line is not None else source
        super().__init__(f"{where}: {message}")


class WekaOutputError(WekaevalError):
    """WEKA output text that is malformed or truncated; the message names the line.

    Attributes ``source`` (a file name, or ``"<text>"``) and ``line`` (1-based)
    say where; ``reason`` is the message without them.
    """

    def __init__(self, message: str, *, source: str, line: int):
        self.source = source
        self.line = line
        self.reason = message
        super().__init__(f"{source}:{line}: {message}")


class ExpressionError(WekaevalError):
    """An expression WEKA's expression language refuses (syntax, an undefined name, a type) or cannot evaluate."""


class CostMatrixError(WekaevalError):
    """A cost matrix WEKA refuses: a malformed cost file, a bad expression cell, or a cost it cannot compute.

    Attributes ``source`` (a file name, ``"<string>"``, or None when no text is to blame) and ``line``
    (1-based, or None) say where; ``reason`` is the message without them.
    """

    def __init__(self, message: str, *, source: str | None = None, line: int | None = None):
        self.source = source
        self.line = line
        self.reason = message
        where = f"{source}:{line}: " if source is not None and line is not None else f"{source}: " if source else ""
        super().__init__(f"{where}{message}")


class ComparisonError(WekaevalError):
    """A comparison of schemes over data sets that cannot be made as asked (:func:`wekaeval.experiment.compare`):
    a table too small or malformed, an unknown scheme, method or measure direction, an alpha outside (0, 1);
    the message names the argument."""


class LegacyEncodingWarning(UserWarning):
    """A file read with ``encoding="auto"`` that is not UTF-8 and was decoded with a legacy code page (cp1252)."""
