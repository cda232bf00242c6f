"""What the floors above take from ``models`` that is not its public face: the encoding of datasets as models
take them, and telling the kinds of scheme apart (``class_labels``, ``is_nominal`` and ``nominal_codes`` for the
names ``wekaeval.experiment`` still answers for one release).  Plumbing between wekaeval's own floors, not API (the
import-linter contract lets any wekaeval module import a package's ``_shared``)."""

from __future__ import annotations

from wekaeval.models._data import ModelData, NominalEncoding, class_labels, is_nominal, model_data, nominal_codes
from wekaeval.models._sklearn import is_sklearn_estimator, scheme_key
from wekaeval.models._weka import is_weka_classifier, jvm_instances, subset

__all__ = [
    "ModelData",
    "NominalEncoding",
    "model_data",
    "class_labels",
    "is_nominal",
    "nominal_codes",
    "is_sklearn_estimator",
    "scheme_key",
    "is_weka_classifier",
    "jvm_instances",
    "subset",
]
