"""WEKA's Evaluation statistics for a nominal class: pure functions of its running sums.

Each function is one getter of ``weka.classifiers.evaluation.Evaluation``
(WEKA 3.9.7) over an :class:`~wekaeval.evaluation._state.EvaluationState`, with its
arithmetic in its order: sums over the confusion matrix run sequentially in
WEKA's loop order, divisions by zero give Java's infinities and NaN, a
square root of a negative number is NaN.  ``no_priors`` is
``useNoPriors()``: the statistics that need priors are then NaN, as in WEKA.

>>> import numpy as np
>>> from wekaeval.evaluation._state import EvaluationState
>>> state = EvaluationState(2, confusion=np.array([[2.0, 1.0], [0.0, 3.0]]), with_class=6.0, correct=5.0)
>>> table = class_table(state)
>>> percent_correct(state), table.precision[1], table.f_measure[0]
(83.33333333333333, np.float64(0.75), np.float64(0.8))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from wekaeval.evaluation._kappa import _kappa
from wekaeval.evaluation._state import EvaluationState
from wekaeval.javamath import java_divide, java_sqrt, weka_stats

NAN = float("nan")


def percent_correct(s: EvaluationState) -> float:
    return java_divide(100 * s.correct, s.with_class)


def percent_incorrect(s: EvaluationState) -> float:
    return java_divide(100 * s.incorrect, s.with_class)


def percent_unclassified(s: EvaluationState) -> float:
    return java_divide(100 * s.unclassified, s.with_class)


def num_classified(s: EvaluationState) -> float:
    return s.with_class - s.unclassified


def _confusion(s: EvaluationState) -> np.ndarray:
    assert s.confusion is not None  # EvaluationState.__post_init__ made it
    return s.confusion


def kappa(s: EvaluationState) -> float:
    return _kappa(_confusion(s).tolist())


def avg_cost(s: EvaluationState) -> float:
    return java_divide(s.total_cost, s.with_class)


def error_rate(s: EvaluationState, has_cost: bool, numeric: bool = False) -> float:
    if numeric:
        return root_mean_squared_error(s)
    return avg_cost(s) if has_cost else java_divide(s.incorrect, s.with_class)


def correlation_coefficient(s: EvaluationState) -> float:
    """A numeric class's ``correlationCoefficient()``: 0 when either variance is not positive."""
    n = num_classified(s)
    var_actual = s.sum_sqr_class - java_divide(s.sum_class * s.sum_class, n)
    var_predicted = s.sum_sqr_predicted - java_divide(s.sum_predicted * s.sum_predicted, n)
    var_product = s.sum_class_predicted - java_divide(s.sum_class * s.sum_predicted, n)
    if var_actual * var_predicted <= 0:
        return 0.0
    return java_divide(var_product, java_sqrt(var_actual * var_predicted))


def mean_absolute_error(s: EvaluationState) -> float:
    return java_divide(s.sum_abs_err, num_classified(s))


def root_mean_squared_error(s: EvaluationState) -> float:
    return java_sqrt(java_divide(s.sum_sqr_err, num_classified(s)))


def mean_prior_absolute_error(s: EvaluationState, no_priors: bool) -> float:
    return NAN if no_priors else java_divide(s.sum_prior_abs_err, s.with_class)


def root_mean_prior_squared_error(s: EvaluationState, no_priors: bool) -> float:
    return NAN if no_priors else java_sqrt(java_divide(s.sum_prior_sqr_err, s.with_class))


def relative_absolute_error(s: EvaluationState, no_priors: bool) -> float:
    if no_priors:
        return NAN
    return java_divide(100 * mean_absolute_error(s), mean_prior_absolute_error(s, no_priors))


def root_relative_squared_error(s: EvaluationState, no_priors: bool) -> float:
    if no_priors:
        return NAN
    return java_divide(100.0 * root_mean_squared_error(s), root_mean_prior_squared_error(s, no_priors))


def kb_information(s: EvaluationState, no_priors: bool) -> float:
    return NAN if no_priors else s.sum_kb_info


def kb_mean_information(s: EvaluationState, no_priors: bool) -> float:
    return NAN if no_priors else java_divide(s.sum_kb_info, num_classified(s))


def kb_relative_information(s: EvaluationState, no_priors: bool) -> float:
    if no_priors:
        return NAN
    return java_divide(100.0 * kb_mean_information(s, no_priors), sf_mean_prior_entropy(s, no_priors))


def sf_prior_entropy(s: EvaluationState, no_priors: bool) -> float:
    return NAN if no_priors or not s.complexity_available else s.sum_prior_entropy


def sf_mean_prior_entropy(s: EvaluationState, no_priors: bool) -> float:
    return NAN if no_priors or not s.complexity_available else java_divide(s.sum_prior_entropy, s.with_class)


def sf_scheme_entropy(s: EvaluationState) -> float:
    return s.sum_scheme_entropy if s.complexity_available else NAN


def sf_mean_scheme_entropy(s: EvaluationState) -> float:
    return java_divide(s.sum_scheme_entropy, num_classified(s)) if s.complexity_available else NAN


def sf_entropy_gain(s: EvaluationState, no_priors: bool) -> float:
    return NAN if no_priors or not s.complexity_available else s.sum_prior_entropy - s.sum_scheme_entropy


def sf_mean_entropy_gain(s: EvaluationState, no_priors: bool) -> float:
    if no_priors or not s.complexity_available:
        return NAN
    return java_divide(s.sum_prior_entropy - s.sum_scheme_entropy, num_classified(s))


def coverage_of_test_cases_by_predicted_regions(s: EvaluationState) -> float:
    return java_divide(100 * s.total_coverage, s.with_class) if s.coverage_available else NAN


def size_of_predicted_regions(s: EvaluationState, no_priors: bool) -> float:
    if no_priors or not s.coverage_available:
        return NAN
    return java_divide(100 * s.total_size_of_regions, s.with_class)


@dataclass(frozen=True, eq=False)
class ClassTable:
    """Every per-class count and rate of a confusion matrix, each an array over the classes, from one pass.

    WEKA's per-class getters (``numTruePositives(i)``, ``truePositiveRate(i)``, ... ``fMeasure(i)``,
    ``matthewsCorrelationCoefficient(i)``) recompute a row or column sum at every call; here each sum is
    taken once for all classes, in WEKA's order (a row's cells left to right from 0.0, a column's top to
    bottom), and each rate is the same IEEE operations on the same operands, element by element.
    """

    positives: np.ndarray  # numPositives(i): row sums
    predicted_positives: np.ndarray  # numPredictedPositives(i): column sums
    true_positives: np.ndarray
    false_negatives: np.ndarray
    false_positives: np.ndarray
    negatives: np.ndarray
    true_negatives: np.ndarray
    true_positive_rate: np.ndarray
    true_negative_rate: np.ndarray
    false_positive_rate: np.ndarray
    false_negative_rate: np.ndarray
    precision: np.ndarray
    f_measure: np.ndarray
    matthews_correlation_coefficient: np.ndarray
    classified: float

    @property
    def recall(self) -> np.ndarray:
        return self.true_positive_rate


def class_table(s: EvaluationState) -> ClassTable:
    """The :class:`ClassTable` of the state's confusion matrix (numClassified() from its sums)."""
    matrix = _confusion(s)
    k = matrix.shape[0]
    with np.errstate(all="ignore"):  # Java's arithmetic: x/0, inf - inf and sqrt(-1) are values
        zeros = np.zeros((k, 1))
        positives = np.add.accumulate(np.hstack([zeros, matrix]), axis=1)[:, -1]
        predicted = np.add.accumulate(np.vstack([zeros.T, matrix]), axis=0)[-1, :]
        tp = np.diagonal(matrix).copy()
        classified = num_classified(s)
        fn = positives - tp
        fp = predicted - tp
        negatives = classified - positives
        tn = negatives - fp
        tpr = tp / positives
        precision_values = tp / predicted
        both_zero = (precision_values == 0) & (tpr == 0)
        f = np.where(both_zero, 0.0, 2 * precision_values * tpr / (precision_values + tpr))
        mcc = (tp * tn - fp * fn) / np.sqrt((tp + fp) * (tp + fn) * (tn + fp) * (tn + fn))
        return ClassTable(
            positives=positives,
            predicted_positives=predicted,
            true_positives=tp,
            false_negatives=fn,
            false_positives=fp,
            negatives=negatives,
            true_negatives=tn,
            true_positive_rate=tpr,
            true_negative_rate=tn / negatives,
            false_positive_rate=fp / negatives,
            false_negative_rate=(positives - tp) / positives,
            precision=precision_values,
            f_measure=f,
            matthews_correlation_coefficient=mcc,
            classified=classified,
        )


def _weighted(t: ClassTable, values: np.ndarray | list[float]) -> float:
    """sum of value(i) * count over classes with a count above 0, in class order, divided by numClassified()."""
    total = 0.0
    for value, count in zip(values, t.positives.tolist(), strict=True):
        if count > 0:
            total += value * count
    return java_divide(total, t.classified)


def _rates(numerators: np.ndarray, denominators: np.ndarray) -> list[float]:
    with np.errstate(all="ignore"):
        return (numerators / denominators).tolist()


def weighted_true_positive_rate(t: ClassTable) -> float:
    """``weightedTruePositiveRate()``: each class's TP / its count (the count WEKA passes in)."""
    return _weighted(t, _rates(t.true_positives, t.positives))


def weighted_true_negative_rate(t: ClassTable) -> float:
    return _weighted(t, _rates(t.true_negatives, t.classified - t.positives))


def weighted_false_positive_rate(t: ClassTable) -> float:
    return _weighted(t, _rates(t.false_positives, t.classified - t.positives))


def weighted_false_negative_rate(t: ClassTable) -> float:
    return _weighted(t, _rates(t.positives - t.true_positives, t.positives))


def weighted_precision(t: ClassTable) -> float:
    return _weighted(t, _rates(t.true_positives, t.predicted_positives))


def weighted_recall(t: ClassTable) -> float:
    return weighted_true_positive_rate(t)


def weighted_f_measure(t: ClassTable) -> float:
    return _weighted(t, t.f_measure.tolist())


def weighted_matthews_correlation(t: ClassTable) -> float:
    """``weightedMatthewsCorrelation()``: FP = predicted - TP, TN = (classified - count) - FP, as the table's."""
    return _weighted(t, t.matthews_correlation_coefficient.tolist())


def unweighted_macro_f_measure(t: ClassTable) -> float:
    values = [f for f, count in zip(t.f_measure.tolist(), t.positives.tolist(), strict=True) if count > 0]
    return weka_stats(values)[0]


def unweighted_micro_f_measure(t: ClassTable) -> float:
    tp = fn = fp = 0.0
    for tp_c, count, predicted in zip(
        t.true_positives.tolist(), t.positives.tolist(), t.predicted_positives.tolist(), strict=True
    ):
        tp += tp_c
        fn += count - tp_c
        fp += predicted - tp_c
    return java_divide(2 * tp, 2 * tp + fn + fp)


def weighted_area(t: ClassTable, area: Callable[[int], float]) -> float:
    """``weightedAreaUnderROC``/``PRC``: area(i) x class count over classes with a count, / numClassified()."""
    total = 0.0
    for i, count in enumerate(t.positives.tolist()):
        if count > 0:
            total += area(i) * count
    return java_divide(total, t.classified)
