"""python-weka-wrapper3's names for every statistic of :class:`wekaeval.Evaluation`, over the pure functions of
:mod:`wekaeval.evaluation._statistics`.

Statistics without an argument are properties, per-class ones methods taking
the class index, each a one-line call of the pure function of the running
sums (WEKA's getter of the same meaning).  Those WEKA computes only for a
nominal class raise :class:`~wekaeval.errors.EvaluationError` for a numeric
one (WEKA throws or returns nothing meaningful), and ``correlation_coefficient``
for a nominal one.  Each one's docstring is its row's ``description`` in :data:`wekaeval.blocks.STATISTICS`
(a per-class one's with the class index), written there once.
"""

from __future__ import annotations

import math
from typing import Any, TypeVar

import numpy as np

from wekaeval.blocks import STATISTICS
from wekaeval.errors import EvaluationError
from wekaeval.evaluation import _statistics as stats
from wekaeval.evaluation._quiet import java_arithmetic
from wekaeval.evaluation._state import EvaluationState
from wekaeval.evaluation._statistics import ClassTable

_T = TypeVar("_T")


def _described(cls: type[_T]) -> type[_T]:
    """Give each statistic of ``cls`` its table row's description as its docstring."""
    for statistic in STATISTICS:
        member = vars(cls)[statistic.name]
        if isinstance(member, property):
            setattr(cls, statistic.name, property(member.fget, member.fset, member.fdel, statistic.description))
        else:
            member.__doc__ = f"{statistic.description}\n\n``class_index`` is the class's index (0 first)."
    return cls


@_described
@java_arithmetic
class StatisticsByName:
    """The statistics of an Evaluation by python-weka-wrapper3's names (a mixin: see :class:`wekaeval.Evaluation`)."""

    _no_priors: bool
    _cost_matrix: Any
    _numeric: bool

    def _current_state(self) -> EvaluationState:  # provided by Evaluation: its sums so far, not a copy
        raise NotImplementedError

    def _class_table(self) -> ClassTable:  # provided by Evaluation: the per-class table of its sums, cached
        raise NotImplementedError

    @property
    def num_classes(self) -> int:  # provided by Evaluation
        raise NotImplementedError

    def _threshold_curves(self) -> Any:  # provided by Evaluation
        raise NotImplementedError

    def _nominal(self) -> EvaluationState:
        """The state, or an EvaluationError for a statistic WEKA has only for a nominal class."""
        if self._numeric:
            raise EvaluationError("the class is numeric: WEKA computes this statistic for a nominal class only")
        return self._current_state()

    def _prepared_curves(self) -> None:
        """Every class's threshold curve built at once (the weighted areas and the class details need them all)."""
        curves = self._threshold_curves()
        if curves is not None:
            curves.prepare()

    def _table(self) -> ClassTable:
        self._nominal()
        return self._class_table()

    def _class(self, class_index: int) -> int:
        self._nominal()
        if (
            isinstance(class_index, bool)
            or not isinstance(class_index, (int, np.integer))
            or not 0 <= class_index < self.num_classes
        ):
            raise EvaluationError(f"class_index {class_index!r} is not a class index (0..{self.num_classes - 1})")
        return int(class_index)

    @property
    def num_instances(self) -> float:
        return self._current_state().with_class

    @property
    def correct(self) -> float:
        return self._nominal().correct

    @property
    def incorrect(self) -> float:
        return self._nominal().incorrect

    @property
    def unclassified(self) -> float:
        return self._current_state().unclassified

    @property
    def missing_class(self) -> float:
        return self._current_state().missing_class

    @property
    def num_classified(self) -> float:
        return stats.num_classified(self._current_state())

    @property
    def percent_correct(self) -> float:
        return stats.percent_correct(self._nominal())

    @property
    def percent_incorrect(self) -> float:
        return stats.percent_incorrect(self._nominal())

    @property
    def percent_unclassified(self) -> float:
        return stats.percent_unclassified(self._current_state())

    @property
    def kappa(self) -> float:
        return stats.kappa(self._nominal())

    @property
    def total_cost(self) -> float:
        return self._nominal().total_cost

    @property
    def avg_cost(self) -> float:
        return stats.avg_cost(self._nominal())

    @property
    def error_rate(self) -> float:
        return stats.error_rate(self._current_state(), self._cost_matrix is not None, self._numeric)

    @property
    def confusion_matrix(self) -> np.ndarray:
        confusion = self._nominal().confusion
        assert confusion is not None  # EvaluationState.__post_init__ made it
        return confusion.copy()

    @property
    def mean_absolute_error(self) -> float:
        return stats.mean_absolute_error(self._current_state())

    @property
    def root_mean_squared_error(self) -> float:
        return stats.root_mean_squared_error(self._current_state())

    @property
    def mean_prior_absolute_error(self) -> float:
        return stats.mean_prior_absolute_error(self._current_state(), self._no_priors)

    @property
    def root_mean_prior_squared_error(self) -> float:
        return stats.root_mean_prior_squared_error(self._current_state(), self._no_priors)

    @property
    def relative_absolute_error(self) -> float:
        return stats.relative_absolute_error(self._current_state(), self._no_priors)

    @property
    def root_relative_squared_error(self) -> float:
        return stats.root_relative_squared_error(self._current_state(), self._no_priors)

    @property
    def correlation_coefficient(self) -> float:
        if not self._numeric:
            raise EvaluationError("Can't compute correlation coefficient: class is nominal!")
        return stats.correlation_coefficient(self._current_state())

    @property
    def prior_entropy(self) -> float:
        return stats.sf_mean_prior_entropy(self._current_state(), self._no_priors)

    @property
    def kb_information(self) -> float:
        return stats.kb_information(self._nominal(), self._no_priors)

    @property
    def kb_mean_information(self) -> float:
        return stats.kb_mean_information(self._nominal(), self._no_priors)

    @property
    def kb_relative_information(self) -> float:
        return stats.kb_relative_information(self._nominal(), self._no_priors)

    @property
    def sf_prior_entropy(self) -> float:
        return stats.sf_prior_entropy(self._current_state(), self._no_priors)

    @property
    def sf_mean_prior_entropy(self) -> float:
        return stats.sf_mean_prior_entropy(self._current_state(), self._no_priors)

    @property
    def sf_scheme_entropy(self) -> float:
        return stats.sf_scheme_entropy(self._current_state())

    @property
    def sf_mean_scheme_entropy(self) -> float:
        return stats.sf_mean_scheme_entropy(self._current_state())

    @property
    def sf_entropy_gain(self) -> float:
        return stats.sf_entropy_gain(self._current_state(), self._no_priors)

    @property
    def sf_mean_entropy_gain(self) -> float:
        return stats.sf_mean_entropy_gain(self._current_state(), self._no_priors)

    @property
    def coverage_of_test_cases_by_predicted_regions(self) -> float:
        return stats.coverage_of_test_cases_by_predicted_regions(self._current_state())

    @property
    def size_of_predicted_regions(self) -> float:
        return stats.size_of_predicted_regions(self._current_state(), self._no_priors)

    def num_true_positives(self, class_index: int) -> float:
        return float(self._table().true_positives[self._class(class_index)])

    def num_false_positives(self, class_index: int) -> float:
        return float(self._table().false_positives[self._class(class_index)])

    def num_true_negatives(self, class_index: int) -> float:
        return float(self._table().true_negatives[self._class(class_index)])

    def num_false_negatives(self, class_index: int) -> float:
        return float(self._table().false_negatives[self._class(class_index)])

    def true_positive_rate(self, class_index: int) -> float:
        return float(self._table().true_positive_rate[self._class(class_index)])

    def false_positive_rate(self, class_index: int) -> float:
        return float(self._table().false_positive_rate[self._class(class_index)])

    def true_negative_rate(self, class_index: int) -> float:
        return float(self._table().true_negative_rate[self._class(class_index)])

    def false_negative_rate(self, class_index: int) -> float:
        return float(self._table().false_negative_rate[self._class(class_index)])

    def precision(self, class_index: int) -> float:
        return float(self._table().precision[self._class(class_index)])

    def recall(self, class_index: int) -> float:
        return float(self._table().true_positive_rate[self._class(class_index)])

    def f_measure(self, class_index: int) -> float:
        return float(self._table().f_measure[self._class(class_index)])

    def matthews_correlation_coefficient(self, class_index: int) -> float:
        return float(self._table().matthews_correlation_coefficient[self._class(class_index)])

    def area_under_roc(self, class_index: int) -> float:
        index = self._class(class_index)
        curves = self._threshold_curves()
        return math.nan if curves is None else curves.area_under_roc(index)

    def area_under_prc(self, class_index: int) -> float:
        index = self._class(class_index)
        curves = self._threshold_curves()
        return math.nan if curves is None else curves.area_under_prc(index)

    @property
    def weighted_true_positive_rate(self) -> float:
        return stats.weighted_true_positive_rate(self._table())

    @property
    def weighted_false_positive_rate(self) -> float:
        return stats.weighted_false_positive_rate(self._table())

    @property
    def weighted_true_negative_rate(self) -> float:
        return stats.weighted_true_negative_rate(self._table())

    @property
    def weighted_false_negative_rate(self) -> float:
        return stats.weighted_false_negative_rate(self._table())

    @property
    def weighted_precision(self) -> float:
        return stats.weighted_precision(self._table())

    @property
    def weighted_recall(self) -> float:
        return stats.weighted_recall(self._table())

    @property
    def weighted_f_measure(self) -> float:
        return stats.weighted_f_measure(self._table())

    @property
    def weighted_matthews_correlation(self) -> float:
        return stats.weighted_matthews_correlation(self._table())

    @property
    def unweighted_macro_f_measure(self) -> float:
        return stats.unweighted_macro_f_measure(self._table())

    @property
    def unweighted_micro_f_measure(self) -> float:
        return stats.unweighted_micro_f_measure(self._table())

    @property
    def weighted_area_under_roc(self) -> float:
        self._prepared_curves()
        return stats.weighted_area(self._table(), self.area_under_roc)

    @property
    def weighted_area_under_prc(self) -> float:
        self._prepared_curves()
        return stats.weighted_area(self._table(), self.area_under_prc)
