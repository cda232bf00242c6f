"""Which runner runs a model, and ``crossvalidate_model`` as a function.

:func:`runner_for` is the factory :mod:`wekaeval.models` registers with the model-running methods of
:class:`wekaeval.Evaluation` (a WEKA command line or classifier object, or a scikit-learn estimator);
:func:`cross_validate` is WEKA's cross-validation of any of them, titled as WEKA's command line titles it.
"""

from __future__ import annotations

from numbers import Integral
from typing import Any

from wekaeval.errors import ArgumentError
from wekaeval.evaluation import Evaluation, ModelRunner
from wekaeval.evaluation._shared import check_folds, no_folds_error
from wekaeval.javamath import JavaRandom
from wekaeval.models._data import NominalEncoding, model_data
from wekaeval.models._sklearn import SklearnRunner, is_sklearn_estimator
from wekaeval.models._weka import WekaRunner, is_weka_classifier


def runner_for(model: Any) -> ModelRunner | None:
    """A runner for ``model``: a WEKA command line (str), a WEKA classifier object, or a scikit-learn estimator."""
    if isinstance(model, str):
        return WekaRunner(model)
    if is_sklearn_estimator(model):
        return SklearnRunner(model)
    if is_weka_classifier(model):
        return WekaRunner(model)
    return None


def cross_validate(
    model: Any, data: Any, *, folds: int = 10, seed: int = 1, nominal: NominalEncoding = "onehot"
) -> Evaluation:
    """WEKA's cross-validation of ``model`` on ``data``: ``crossValidateModel(model, data, folds, new Random(seed))``.

    Parameters
    ----------
    model : scikit-learn estimator, WEKA command line, or python-weka-wrapper3 Classifier
        A scikit-learn model is fitted on each fold's training part (a clone each time); a WEKA scheme runs in
        the JVM (:mod:`wekaeval.bridge`), and then every statistic is WEKA's own double.
    data : Dataset, Instances, path, or (X, y)
        A :func:`wekaeval.load_arff` dataset read from a path, python-weka-wrapper3's ``Instances``, an ARFF
        path, or features and class.
    folds, seed : int
        WEKA's ``-x`` and ``-s``.  Fewer than 2 folds is an ``ArgumentError`` quoting WEKA's message; with a
        numeric class and 0 or fewer folds, where WEKA evaluates nothing, too (docs/quirks.md).
    nominal : {"onehot", "ordinal"}
        How a scikit-learn model sees nominal attributes (:mod:`wekaeval.models`).

    Returns
    -------
    Evaluation
        Its ``summary()`` is titled as WEKA's command line titles it (``=== Stratified cross-validation ===``
        for a nominal class, ``=== Cross-validation ===`` for a numeric one).
    """
    weka = isinstance(model, str) or is_weka_classifier(model)  # WEKA reads the file itself
    prepared = model_data(data, nominal=nominal, features=not weka)
    if isinstance(folds, bool) or not isinstance(folds, Integral):
        raise ArgumentError(f"folds must be a whole number, got {folds!r}")
    if check_folds(prepared.num_instances, int(folds), nominal=prepared.nominal):
        raise no_folds_error("folds", folds)  # WEKA would evaluate nothing: docs/quirks.md
    evaluation = Evaluation(prepared.class_names)
    evaluation.set_priors(prepared.y, prepared.weights)
    evaluation.summary_title = (
        "=== Stratified cross-validation ===\n" if prepared.nominal else "=== Cross-validation ===\n"
    )
    evaluation.crossvalidate_model(model, prepared, folds, JavaRandom(seed))
    return evaluation
