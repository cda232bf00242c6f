"""What the floors above take from ``evaluation`` that is not its public face: plumbing between wekaeval's own
floors, not API (the import-linter contract lets any wekaeval module import a package's ``_shared``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wekaeval._faces import lazy_face

if TYPE_CHECKING:  # the names below, for type checkers; at run time each module is imported on first use
    from wekaeval.evaluation._folds import (
        check_folds,
        cross_validation_folds,
        fold_sizes,
        no_folds_error,
        percentage_split,
        random_split,
        weka_folds,
    )
    from wekaeval.evaluation._inputs import validated_class_names
    from wekaeval.evaluation._kappastats import WEKA_PACKAGE_LINES
    from wekaeval.evaluation._models import PredictedPart

__all__ = [
    "validated_class_names",
    "WEKA_PACKAGE_LINES",
    "check_folds",
    "cross_validation_folds",
    "fold_sizes",
    "no_folds_error",
    "percentage_split",
    "random_split",
    "weka_folds",
    "PredictedPart",
]

#: Each name's home, imported on first use.
__getattr__, __dir__ = lazy_face(
    __name__,
    {
        "wekaeval.evaluation._folds": (
            "check_folds",
            "cross_validation_folds",
            "fold_sizes",
            "no_folds_error",
            "percentage_split",
            "random_split",
            "weka_folds",
        ),
        "wekaeval.evaluation._inputs": ("validated_class_names",),
        "wekaeval.evaluation._kappastats": ("WEKA_PACKAGE_LINES",),
        "wekaeval.evaluation._models": ("PredictedPart",),
    },
    claim=False,
)
