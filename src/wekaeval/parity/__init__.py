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

from wekaeval._faces import claim_public_classes, former_names
from wekaeval.parity import _compare, _rows, _shared
from wekaeval.parity._compare import (
    JAVA_ARITHMETIC_STATISTICS,
    check,
    compared,
    differences,
    identical,
)
from wekaeval.parity._pool import ParityWorkerLost, RunStopped
from wekaeval.parity._rows import (
    DEFAULT_CLASSIFIERS,
    RECORD_FIELDS,
    REGRESSION_CLASSIFIERS,
    ClassifierSpec,
    EvaluationMode,
    ParityResults,
    ParityRow,
    default_classifiers,
    parse_classifier_spec,
)
from wekaeval.parity._run import ParityRun, classifiers_for, iter_parity, run_parity

__all__ = [
    "DEFAULT_CLASSIFIERS",
    "REGRESSION_CLASSIFIERS",
    "JAVA_ARITHMETIC_STATISTICS",
    "RECORD_FIELDS",
    "ClassifierSpec",
    "EvaluationMode",
    "ParityResults",
    "ParityRow",
    "ParityRun",
    "RunStopped",
    "ParityWorkerLost",
    "check",
    "classifiers_for",
    "compared",
    "default_classifiers",
    "differences",
    "identical",
    "iter_parity",
    "parse_classifier_spec",
    "run_parity",
]

claim_public_classes(globals())

#: This face's names before issue 36: renamed so that each name means one object (``bridge.parse_classifier``
#: and ``experiment.WorkerLost`` are others), or wekaeval's plumbing now; they still import, with a warning.
__getattr__ = former_names(
    __name__,
    {
        "parse_classifier": (parse_classifier_spec, "use wekaeval.parity.parse_classifier_spec"),
        "WorkerLost": (ParityWorkerLost, "use wekaeval.parity.ParityWorkerLost"),
        **{
            name: (getattr(module, name), "it is wekaeval's plumbing now, not API")
            for module, names in [
                (_shared, _shared.__all__),
                (_compare, ["ESTIMATOR", "TEXTS"]),
                (_rows, ["ROW_KINDS", "UNFINISHED_KINDS"]),
            ]
            for name in names
        },
    },
)
