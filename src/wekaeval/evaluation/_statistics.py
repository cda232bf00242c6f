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
>>> percent_correct(state), precision(state, 1), f_measure(state, 0)
(83.33333333333333, 0.75, 0.8)
"""

from __future__ import annotations

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


def _sequential(values: np.ndarray) -> float:
    """0.0 + values[0] + values[1] + ..., in order (Java's ``total += x`` loop)."""
    total = 0.0
    for value in values.tolist():
        total += value
    return total


def num_positives(s: EvaluationState, i: int) -> float:
    return _sequential(_confusion(s)[i, :])


def num_predicted_positives(s: EvaluationState, i: int) -> float:
    return _sequential(_confusion(s)[:, i])


def num_negatives(s: EvaluationState, i: int) -> float:
    return num_classified(s) - num_positives(s, i)


def num_true_positives(s: EvaluationState, i: int) -> float:
    return float(_confusion(s)[i, i])


def num_false_negatives(s: EvaluationState, i: int) -> float:
    return num_positives(s, i) - num_true_positives(s, i)


def num_false_positives(s: EvaluationState, i: int) -> float:
    return num_predicted_positives(s, i) - num_true_positives(s, i)


def num_true_negatives(s: EvaluationState, i: int) -> float:
    return num_negatives(s, i) - num_false_positives(s, i)


def true_positive_rate(s: EvaluationState, i: int) -> float:
    return java_divide(num_true_positives(s, i), num_positives(s, i))


def true_negative_rate(s: EvaluationState, i: int) -> float:
    return java_divide(num_true_negatives(s, i), num_negatives(s, i))


def false_positive_rate(s: EvaluationState, i: int) -> float:
    return java_divide(num_false_positives(s, i), num_negatives(s, i))


def false_negative_rate(s: EvaluationState, i: int) -> float:
    positives = num_positives(s, i)
    return java_divide(positives - num_true_positives(s, i), positives)


def precision(s: EvaluationState, i: int) -> float:
    return java_divide(num_true_positives(s, i), num_predicted_positives(s, i))


def recall(s: EvaluationState, i: int) -> float:
    return true_positive_rate(s, i)


def _f_measure(precision_value: float, recall_value: float) -> float:
    if precision_value == 0 and recall_value == 0:
        return 0.0
    return java_divide(2 * precision_value * recall_value, precision_value + recall_value)


def f_measure(s: EvaluationState, i: int) -> float:
    return _f_measure(precision(s, i), recall(s, i))


def _mcc(tp: float, tn: float, fp: float, fn: float) -> float:
    numerator = tp * tn - fp * fn
    denominator = (tp + fp) * (tp + fn) * (tn + fp) * (tn + fn)
    return java_divide(numerator, java_sqrt(denominator))


def matthews_correlation_coefficient(s: EvaluationState, i: int) -> float:
    return _mcc(
        num_true_positives(s, i), num_true_negatives(s, i), num_false_positives(s, i), num_false_negatives(s, i)
    )


def true_class_counts(s: EvaluationState) -> list[float]:
    return [num_positives(s, i) for i in range(s.num_classes)]


def predicted_class_counts(s: EvaluationState) -> list[float]:
    return [num_predicted_positives(s, i) for i in range(s.num_classes)]


def _weighted(s: EvaluationState, term) -> float:
    """sum of term(i, count) * count over classes with a count above 0, divided by numClassified()."""
    total = 0.0
    for i, count in enumerate(true_class_counts(s)):
        if count > 0:
            total += term(i, count) * count
    return java_divide(total, num_classified(s))


def weighted_true_positive_rate(s: EvaluationState) -> float:
    return _weighted(s, lambda i, count: java_divide(num_true_positives(s, i), count))


def weighted_true_negative_rate(s: EvaluationState) -> float:
    classified = num_classified(s)
    return _weighted(s, lambda i, count: java_divide(num_true_negatives(s, i), classified - count))


def weighted_false_positive_rate(s: EvaluationState) -> float:
    classified = num_classified(s)
    return _weighted(s, lambda i, count: java_divide(num_false_positives(s, i), classified - count))


def weighted_false_negative_rate(s: EvaluationState) -> float:
    return _weighted(s, lambda i, count: java_divide(count - num_true_positives(s, i), count))


def weighted_precision(s: EvaluationState) -> float:
    predicted = predicted_class_counts(s)
    return _weighted(s, lambda i, count: java_divide(num_true_positives(s, i), predicted[i]))


def weighted_recall(s: EvaluationState) -> float:
    return weighted_true_positive_rate(s)


def _class_f_measure(s: EvaluationState, i: int, count: float, predicted: list[float]) -> float:
    tp = num_true_positives(s, i)
    return _f_measure(java_divide(tp, predicted[i]), java_divide(tp, count))


def weighted_f_measure(s: EvaluationState) -> float:
    predicted = predicted_class_counts(s)
    return _weighted(s, lambda i, count: _class_f_measure(s, i, count, predicted))


def weighted_matthews_correlation(s: EvaluationState) -> float:
    predicted = predicted_class_counts(s)
    classified = num_classified(s)

    def term(i: int, count: float) -> float:
        tp = num_true_positives(s, i)
        fp = predicted[i] - tp
        return _mcc(tp, (classified - count) - fp, fp, count - tp)

    return _weighted(s, term)


def unweighted_macro_f_measure(s: EvaluationState) -> float:
    predicted = predicted_class_counts(s)
    values = [_class_f_measure(s, i, count, predicted) for i, count in enumerate(true_class_counts(s)) if count > 0]
    return weka_stats(values)[0]


def unweighted_micro_f_measure(s: EvaluationState) -> float:
    true_counts, predicted = true_class_counts(s), predicted_class_counts(s)
    tp = fn = fp = 0.0
    for c in range(s.num_classes):
        tp_c = num_true_positives(s, c)
        tp += tp_c
        fn += true_counts[c] - tp_c
        fp += predicted[c] - tp_c
    return java_divide(2 * tp, 2 * tp + fn + fp)


def weighted_area(s: EvaluationState, area) -> float:
    """``weightedAreaUnderROC``/``PRC``: area(i) x class count over classes with a count, / numClassified()."""
    return _weighted(s, lambda i, count: area(i))
