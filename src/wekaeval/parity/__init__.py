"""The main job: let the real WEKA evaluate classifiers, recompute its numbers with the port, compare.

For each dataset x classifier, WEKA (through :mod:`wekaeval.bridge`) runs its
own evaluation — cross-validation, a test set, a percentage split or the
training set, as its command line would — and returns every statistic of its
Evaluation (python-weka-wrapper3's names), its three text blocks and its
per-instance predictions.  The port rebuilds a :class:`~wekaeval.Evaluation`
from those predictions (a cross-validation fold by fold, with each fold's
priors); the row is identical only when every statistic is the same double
and every text block the same bytes.

A user error (unknown classifier, bad option, unreadable data, impossible
folds, unknown class attribute) raises a :class:`~wekaeval.errors.WekaevalError`
as soon as it is met; only WEKA's refusals by capability become skipped rows.
A run can go to worker processes, each with its own JVM (``workers=``), the
longest jobs first, and stop a job that runs too long (``timeout=``).
"""

from __future__ import annotations

from wekaeval._faces import claim_public_classes
from wekaeval.parity._compare import (
    ESTIMATOR,
    JAVA_ARITHMETIC_STATISTICS,
    TEXTS,
    check,
    compared,
    differences,
    identical,
)
from wekaeval.parity._pool import RunStopped, WorkerLost
from wekaeval.parity._rows import (
    DEFAULT_CLASSIFIERS,
    RECORD_FIELDS,
    REGRESSION_CLASSIFIERS,
    ROW_KINDS,
    UNFINISHED_KINDS,
    ClassifierSpec,
    EvaluationMode,
    ParityResults,
    ParityRow,
    csv_row,
    default_classifiers,
    parse_classifier,
    unfinished_record,
)
from wekaeval.parity._run import ParityRun, classifiers_for, iter_parity, run_parity

__all__ = [
    "DEFAULT_CLASSIFIERS",
    "REGRESSION_CLASSIFIERS",
    "ESTIMATOR",
    "JAVA_ARITHMETIC_STATISTICS",
    "RECORD_FIELDS",
    "ROW_KINDS",
    "TEXTS",
    "UNFINISHED_KINDS",
    "ClassifierSpec",
    "EvaluationMode",
    "ParityResults",
    "ParityRow",
    "ParityRun",
    "RunStopped",
    "WorkerLost",
    "check",
    "classifiers_for",
    "compared",
    "csv_row",
    "default_classifiers",
    "differences",
    "identical",
    "iter_parity",
    "parse_classifier",
    "run_parity",
    "unfinished_record",
]

claim_public_classes(globals())
