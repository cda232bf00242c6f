"""WEKA's kappa as a scikit-learn metric and scorer.

:func:`weka_kappa_score` takes what ``sklearn.metrics.cohen_kappa_score`` takes and returns the double
WEKA's ``Evaluation.kappa()`` gives for the same predictions: the confusion matrix accumulated in input
order with the sample weights (WEKA's ``+=``), then WEKA's sums and its rule that a chance agreement of 1
gives 1.0.  :data:`weka_kappa_scorer` is it for ``cross_val_score`` and ``GridSearchCV``.  Where the two
differ (``docs/kappa.md``): a table whose chance agreement is 1 (both raters use one class) is 1.0 here,
NaN with a warning in scikit-learn; and on weighted data scikit-learn's sums can round the last bit
differently.

>>> from wekaeval.sklearn import weka_kappa_score
>>> y_true = ["negative", "positive", "negative", "neutral", "positive"]
>>> y_pred = ["negative", "positive", "negative", "neutral", "negative"]
>>> weka_kappa_score(y_true, y_pred)                 # scikit-learn's cohen_kappa_score: 0.6875
0.6875000000000001
>>> weka_kappa_score(["a", "a"], ["a", "a"])         # scikit-learn: nan, with a warning
1.0

Importing this module imports scikit-learn; ``import wekaeval`` does not.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from sklearn.metrics import make_scorer
from sklearn.utils.multiclass import unique_labels

from wekaeval.errors import PredictionError
from wekaeval.evaluation import ConfusionMatrix

__all__ = ["weka_kappa_score", "weka_kappa_scorer"]


def weka_kappa_score(y_true: Any, y_pred: Any, *, labels: Any = None, sample_weight: Any = None) -> float:
    """WEKA's kappa of predicted labels, with scikit-learn's signature.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        The actual and the predicted labels.
    labels : array-like, optional
        The classes in the order of WEKA's class attribute (as the ARFF file declares them): WEKA sums
        class by class, so another order can change the last bit.  By default the sorted labels of both,
        as scikit-learn takes them.  A label outside ``labels`` is an error (scikit-learn drops such
        samples silently).
    sample_weight : array-like of shape (n_samples,), optional
        Instance weights, finite (WEKA's are); 1 each by default.

    Returns
    -------
    float
        The identical double to WEKA's ``Evaluation.kappa()`` over the same predictions in the same order.

    Raises
    ------
    PredictionError
        For inputs of different lengths, a label not in ``labels``, or a non-finite weight; the message
        names the argument.
    """
    actual, predicted = np.asarray(y_true), np.asarray(y_pred)
    if actual.ndim != 1 or predicted.ndim != 1 or len(actual) != len(predicted):
        raise PredictionError(
            f"y_true and y_pred must be 1-d and of one length, got shapes {actual.shape} and {predicted.shape}"
        )
    classes = list(unique_labels(actual, predicted) if labels is None else labels)
    if len(set(classes)) != len(classes) or not classes:
        raise PredictionError(f"labels must name each class once, got {classes!r}")
    index = {label: i for i, label in enumerate(classes)}
    codes = []
    for name, values in (("y_true", actual), ("y_pred", predicted)):
        unknown = [value for value in dict.fromkeys(values.tolist()) if value not in index]
        if unknown:
            raise PredictionError(f"{name} holds {unknown[0]!r}, which is not one of labels {classes!r}")
        codes.append(np.array([index[value] for value in values.tolist()], dtype=np.float64))
    matrix = ConfusionMatrix.from_predictions(
        codes[0], predicted=codes[1], weights=sample_weight, class_names=[str(c) for c in classes]
    )
    return matrix.kappa()


#: :func:`weka_kappa_score` as a scorer: ``cross_val_score(model, X, y, scoring=weka_kappa_scorer)``,
#: ``GridSearchCV(model, grid, scoring=weka_kappa_scorer)``.
weka_kappa_scorer = make_scorer(weka_kappa_score)
