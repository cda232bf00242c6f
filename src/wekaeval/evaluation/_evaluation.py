"""``wekaeval.Evaluation``: WEKA's Evaluation for a nominal class, without a JVM.

The nominal-class part of ``weka.classifiers.evaluation.Evaluation`` (WEKA
3.9.7) under python-weka-wrapper3's names: change the import, keep the code.
Every statistic is the same double WEKA computes and every text block the
same bytes (``summary()``, ``class_details()``, ``matrix()``).

>>> from wekaeval import Evaluation
>>> evaluation = Evaluation(["T", "F"])
>>> evaluation.evaluate_batch([[0.231, 0.769], [1, 0], [0.956, 0.044]], [0, 0, 1])
array([1., 0., 0.])
>>> evaluation.percent_correct, evaluation.kappa
(33.333333333333336, -0.5000000000000001)
>>> print(evaluation.matrix(), end="")
=== Confusion Matrix ===
<BLANKLINE>
 a b   <-- classified as
 1 1 | a = T
 1 0 | b = F

How it works: :mod:`wekaeval.evaluation._state` holds WEKA's running sums and the
one path that fills them (``evaluate_model_once`` buffers into
``evaluate_batch``); :mod:`wekaeval.evaluation._statistics` computes each statistic from
them; :mod:`wekaeval.evaluation._text` prints WEKA's blocks through the same block
classes the report reader uses; :mod:`wekaeval.evaluation` gives the ROC and
PRC areas from the recorded predictions.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

import numpy as np

from wekaeval._frames import class_details_frame
from wekaeval.arff import Dataset
from wekaeval.arff._shared import as_dataset
from wekaeval.blocks import STATISTICS_BY_NAME
from wekaeval.blocks._shared import DETAIL_COLUMNS
from wekaeval.errors import CostMatrixError, EvaluationError, PredictionError
from wekaeval.evaluation import _text as evaltext
from wekaeval.evaluation._costmatrix import CostMatrix
from wekaeval.evaluation._inputs import (
    MARGIN_PROBLEM,
    ClassCoder,
    distribution_array,
    distribution_row,
    finite_weight,
    margin_in_histogram,
    row_margin,
    weight_array,
)
from wekaeval.evaluation._kappastats import KappaStats, evaluation_kappa_stats
from wekaeval.evaluation._models import ModelRunningMixin, header_of
from wekaeval.evaluation._names import StatisticsByName
from wekaeval.evaluation._numeric import NumericPriors, accumulate_numeric, numeric_values
from wekaeval.evaluation._predictions import (
    DEFAULT_METRICS,
    NominalPrediction,
    NumericPrediction,
    nominal_prediction,
)
from wekaeval.evaluation._quiet import java_arithmetic
from wekaeval.evaluation._state import EvaluationState, accumulate
from wekaeval.evaluation._statistics import ClassTable, class_table
from wekaeval.evaluation._threshold import ThresholdCurves

_BUFFER_ROWS = 4096


@java_arithmetic
class Evaluation(ModelRunningMixin, StatisticsByName):
    """WEKA's ``Evaluation`` for a nominal class, with python-weka-wrapper3's names.

    Parameters
    ----------
    data : Dataset, sequence of str, or None
        A dataset loaded with :func:`wekaeval.load_arff` (or python-weka-wrapper3's
        ``Instances``, its class set): the class (nominal or numeric) and the
        priors come from it, as ``new Evaluation(data)``.
        Or the class names alone: the priors are then WEKA's for an empty
        dataset (1 for each class).  None: a numeric class without training
        data (set its priors with :meth:`set_priors`).
    cost_matrix : CostMatrix, optional
        Costs of (actual, predicted): the summary gains Total and Average Cost.
        Cells that are expressions of the instance's attributes need the
        instances' values (``instances=`` / ``instance=``, in WEKA's encoding)
        and, for the attribute types, ``data`` as a Dataset.

    Notes
    -----
    Statistics without an argument are properties, per-class ones methods
    taking the class index (``area_under_roc(0)``), as in
    python-weka-wrapper3.  ``evaluate_model_once`` and ``evaluate_batch`` add
    instances in order; the two give the same doubles.  Predictions are
    recorded (the ROC and PRC areas need them) unless
    :attr:`discard_predictions` is set.
    """

    def __init__(self, data: Dataset | Sequence[str] | None, cost_matrix: CostMatrix | None = None):
        data = as_dataset(data)
        class_names = data.require_class("Evaluation").values if isinstance(data, Dataset) else data
        self._numeric = class_names is None
        if self._numeric and cost_matrix is not None:
            raise EvaluationError("Class has to be nominal if cost matrix given! (WEKA)")
        self._coder = None if class_names is None else ClassCoder(class_names)
        self._numeric_priors = NumericPriors()
        k = 1 if self._coder is None else len(self._coder.class_names)
        if cost_matrix is not None and cost_matrix.size != k:
            raise EvaluationError(
                f"cost matrix is {cost_matrix.num_rows} x {cost_matrix.num_columns}, "
                f"the class has {k} values (WEKA: Cost matrix not compatible with data!)"
            )
        self._cost_matrix = cost_matrix
        self._header = (data.attributes, data.class_index) if isinstance(data, Dataset) else (None, -1)
        self._header_dataset = header_of(data) if isinstance(data, Dataset) else None
        #: The title ``summary()`` prints when given none (:func:`wekaeval.cross_validate` sets WEKA's).
        self.summary_title = ""
        self._state = EvaluationState(k)
        self._priors: np.ndarray = np.ones(k)
        self._priors_sum = float(k)
        self._no_priors = False
        self._discard = False
        self._predictions: list[tuple[np.ndarray, np.ndarray, np.ndarray]] | None = None
        self._curves: ThresholdCurves | None = None
        self._table_cache: ClassTable | None = None
        self._pending: list[tuple[list[float], int, float, Any]] = []
        self._metrics = list(DEFAULT_METRICS)
        if isinstance(data, Dataset):
            self.set_priors(data)

    # -- priors -------------------------------------------------------------------------

    def set_priors(self, data: Dataset | Any, weights: Any = None) -> None:
        """Priors from training data (``setPriors``): 1 per class plus each instance's weight.

        ``data`` is a :class:`Dataset` (or python-weka-wrapper3's ``Instances``), or class values (indices, NaN for a
        missing class, or names) with optional ``weights``.  For a numeric
        class: the weighted sum of the values, the sum of weights, their range,
        and the values for the kernel estimate of the prior density.
        """
        self._flush()
        data = as_dataset(data)
        if isinstance(data, Dataset):
            data.require_class("set_priors")
            values, weights = data.class_values, data.weights
        else:
            values = data
        self._no_priors = False
        if self._numeric:
            self._numeric_priors = NumericPriors.from_training(numeric_values(values, "class values"), weights)
            return
        codes = self._class_coder().codes(values, "class values")
        w = weight_array(weights, len(codes))
        known = codes >= 0
        k = self.num_classes
        seeds = np.ones(k)
        totals = np.bincount(
            np.concatenate([np.arange(k), codes[known]]), weights=np.concatenate([seeds, w[known]]), minlength=k
        )
        self._priors = totals
        with np.errstate(all="ignore"):  # an overflowing sum is Java's infinity
            self._priors_sum = float(np.add.accumulate(np.concatenate([[float(k)], w[known]]))[-1])

    def update_priors(self, class_value: Any, weight: float = 1.0) -> None:
        """Add one training instance to the priors (``updatePriors``); a missing class changes nothing."""
        self._flush()
        if self._numeric:
            self._numeric_priors.update(float(class_value), finite_weight(weight))
            return
        code = self._class_coder().code(class_value, "class value")
        if code is not None:
            w = finite_weight(weight)
            self._priors[code] += w
            self._priors_sum += w

    def use_no_priors(self) -> None:
        """Evaluate without priors (``useNoPriors``): the statistics that need them become NaN."""
        self._flush()
        self._no_priors = True

    @property
    def class_priors(self) -> np.ndarray:
        """The class priors (``getClassPriors``): 1 + the training weight of each class.

        For a numeric class one number: the training values' weighted sum.
        """
        self._flush()
        return np.array([self._numeric_priors.class_sum]) if self._numeric else self._priors.copy()

    @class_priors.setter
    def class_priors(self, data: Dataset) -> None:
        self.set_priors(data)

    # -- evaluating ---------------------------------------------------------------------

    def evaluate_model_once(
        self, distribution: Sequence[float], actual: Any, weight: float = 1.0, *, instance: Any = None
    ) -> float:
        """Evaluate one prediction (``evaluateModelOnceAndRecordPrediction``); returns WEKA's predicted class.

        ``actual`` is a class index or name, None or NaN when missing.  The
        returned class is NaN when WEKA predicts none (no probability above 0).
        ``instance`` (attribute values) is needed only by a cost matrix with
        expressions.

        A distribution WEKA's Evaluation throws on (its margin outside WEKA's
        histogram: probabilities well outside [0, 1], or an infinity that the
        margin does not cancel) raises :class:`~wekaeval.errors.PredictionError`
        and adds nothing, as in WEKA: the instances before and after it count.
        """
        if self._numeric:
            predicted = np.array([distribution_row(distribution, 1)[0]])
            self._add_numeric(
                predicted,
                numeric_values([math.nan if actual is None else actual], "actual"),
                np.array([finite_weight(weight)]),
                None,
                None,
            )
            return float(predicted[0])
        k = self.num_classes
        row = distribution_row(distribution, k)
        code = self._class_coder().code(actual, "actual")
        weight = finite_weight(weight)
        if code is not None and not margin_in_histogram(row_margin(row, code)):
            raise PredictionError(f"distribution {row} for actual class {code}: {MARGIN_PROBLEM}")
        self._pending.append((row, -1 if code is None else code, weight, instance))
        if len(self._pending) >= _BUFFER_ROWS:
            self._flush()
        best = 0
        for i in range(1, k):
            if row[i] > row[best]:
                best = i
        return math.nan if row[best] <= 0 else float(best)

    def evaluate_batch(
        self,
        distributions: Any,
        actual: Any,
        weights: Any = None,
        *,
        instances: Any = None,
        intervals: Any = None,
        log_densities: Any = None,
    ) -> np.ndarray:
        """Evaluate many predictions in order, as many ``evaluate_model_once`` calls; returns the predicted classes.

        Parameters
        ----------
        distributions : array-like of shape (n, k)
            Class probabilities; for a numeric class the predicted values,
            shape (n,) or (n, 1), NaN where the scheme predicts nothing.
        actual : array-like of shape (n,)
            Class indices (NaN for missing) or class names (None for missing);
            for a numeric class the values (NaN for missing).
        weights : array-like of shape (n,), optional
            1.0 each when omitted.
        instances : array-like of n attribute-value rows, optional
            Only for a cost matrix with expressions (WEKA's encoding: numbers,
            a nominal's label index, NaN for missing; see :meth:`CostMatrix.costs`).
        intervals, log_densities : optional, numeric class only
            A regression scheme's prediction intervals ((n, 2) or (n, m, 2))
            and log density at the actual value ((n,)), as WEKA's
            IntervalEstimator and ConditionalDensityEstimator give them:
            coverage and region size, and the SF entropies, come from them.
            ``False``: the scheme gives none (WEKA reports those statistics
            as missing).  Omitted: as WEKA's ``evaluateModelOnce(double[],
            Instance)``, which leaves them as they are.

        Raises
        ------
        PredictionError
            At the first distribution WEKA's Evaluation throws on (its margin
            outside WEKA's histogram), naming it (``instance`` is its index):
            the instances before it are evaluated and kept, as in WEKA's loop,
            and the ones after it are not.  Bad arguments (shapes, class
            indices, non-finite weights) add nothing.
        """
        self._flush()
        if self._numeric:
            predicted = numeric_values(distributions, "predicted values")
            values = numeric_values(actual, "actual")
            if predicted.shape != values.shape:
                raise PredictionError(f"{predicted.size} predicted values for {values.size} actual values")
            self._add_numeric(predicted, values, weight_array(weights, values.size), intervals, log_densities)
            return predicted.copy()
        if intervals is not None or log_densities is not None:
            raise PredictionError("intervals and log_densities are for a numeric class")
        probabilities = distribution_array(distributions)
        codes = self._class_coder().codes(actual, "actual")
        n, k = len(codes), self.num_classes
        if probabilities.shape != (n, k):
            raise PredictionError(
                f"distributions must have shape ({n}, {k}) for {n} instances of {k} classes, got {probabilities.shape}"
            )
        w = weight_array(weights, n)
        choice = self._add(probabilities, codes, w, instances).astype(np.float64)
        choice[choice < 0] = np.nan
        if n:
            choice[np.isnan(probabilities[:, 0])] = 0.0  # Utils.maxIndex keeps a NaN first entry; NaN <= 0 fails
        return choice

    def _add_numeric(
        self, predicted: np.ndarray, actual: np.ndarray, weights: np.ndarray, intervals: Any, log_densities: Any
    ) -> None:
        with np.errstate(all="ignore"):  # a non-finite weight makes the (pairwise) sum so; an overflow too
            total = np.add.reduce(weights)
        if not np.isfinite(total) and not np.isfinite(weights).all():
            bad = int(np.flatnonzero(~np.isfinite(weights))[0])
            raise PredictionError(f"weights[{bad}] is {weights[bad]}: weights must be finite")
        accumulate_numeric(
            self._state,
            predicted,
            actual,
            weights,
            self._numeric_priors,
            intervals=intervals,
            log_densities=log_densities,
        )
        if not self._discard:
            if self._predictions is None:
                self._predictions = []
            self._predictions.append((actual.copy(), predicted[:, None].copy(), weights.copy()))

    def _add(self, probabilities: np.ndarray, codes: np.ndarray, weights: np.ndarray, instances: Any) -> np.ndarray:
        if not np.isfinite(weights).all():
            bad = int(np.flatnonzero(~np.isfinite(weights))[0])
            raise PredictionError(f"weights[{bad}] is {weights[bad]}: weights must be finite")
        cost = None if self._cost_matrix is None else self._cost_function(instances, len(codes))
        self._table_cache = None
        try:
            choice = accumulate(self._state, probabilities, codes, weights, self._priors, self._priors_sum, cost)
        except PredictionError as error:  # WEKA threw at that instance: the ones before it are in the sums
            if error.instance is not None:
                self._record(probabilities[: error.instance], codes[: error.instance], weights[: error.instance])
            raise
        self._record(probabilities, codes, weights)
        return choice

    def _record(self, probabilities: np.ndarray, codes: np.ndarray, weights: np.ndarray) -> None:
        """Keep the predictions (``evaluateModelOnceAndRecordPrediction``), unless they are discarded."""
        if self._discard or not len(codes):
            return
        actual = codes.astype(np.float64)
        actual[codes < 0] = np.nan
        if self._predictions is None:
            self._predictions = []
        self._predictions.append((actual, probabilities.copy(), weights.copy()))
        self._curves = None

    def _cost_function(self, instances: Any, n: int):
        """Each instance's cost as WEKA's getElement (getMaxCost when unclassified), for evalstate."""
        matrix = self._cost_matrix
        values = None
        if instances is not None:
            values = instances if isinstance(instances, np.ndarray) else np.array(list(instances), dtype=object)
            if len(values) != n:
                raise PredictionError(f"instances has {len(values)} rows for {n} predictions")
        attributes, class_index = self._header

        def costs(a: np.ndarray, p: np.ndarray, rows: np.ndarray) -> np.ndarray:
            try:
                return matrix.costs(
                    a, p, None if values is None else values[rows], attributes=attributes, class_index=class_index
                )
            except CostMatrixError as error:
                if values is not None and attributes is not None:
                    raise
                raise CostMatrixError(
                    "the cost matrix has expression cells: build the Evaluation from the Dataset "
                    "(for the attribute types) and give the instances' values "
                    "(evaluate_batch(instances=...), evaluate_model_once(instance=...))"
                ) from error

        return costs

    def _flush(self) -> None:
        if not self._pending:
            return
        pending, self._pending = self._pending, []
        probabilities = np.array([row for row, _, _, _ in pending], dtype=np.float64)
        codes = np.array([code for _, code, _, _ in pending], dtype=np.int64)
        weights = np.array([w for _, _, w, _ in pending], dtype=np.float64)
        instances = [inst for _, _, _, inst in pending]
        with_instances = self._cost_matrix is not None and any(inst is not None for inst in instances)
        self._add(probabilities, codes, weights, instances if with_instances else None)

    @property
    def state(self) -> EvaluationState:
        """WEKA's running sums so far (a copy)."""
        self._flush()
        return self._state.copy()

    def _current_state(self) -> EvaluationState:
        """The running sums themselves (statistics read them; only the accumulation writes them)."""
        self._flush()
        return self._state

    def _class_table(self) -> ClassTable:
        """Every per-class count and rate from one pass over the confusion matrix, until the next instances."""
        state = self._current_state()
        if self._table_cache is None:
            self._table_cache = class_table(state)
        return self._table_cache

    # -- settings -----------------------------------------------------------------------

    @property
    def class_names(self) -> tuple[str, ...] | None:
        """The class labels; None for a numeric class."""
        return None if self._coder is None else self._coder.class_names

    def _class_coder(self) -> ClassCoder:
        """The nominal class's coder, for the code past a numeric class's early return."""
        assert self._coder is not None  # __init__ makes one exactly when the class is nominal
        return self._coder

    @property
    def num_classes(self) -> int:
        """The number of class labels; 1 for a numeric class (WEKA's ``numClasses()``)."""
        return 1 if self._coder is None else len(self._coder.class_names)

    @property
    def numeric(self) -> bool:
        """Whether the class is numeric (regression)."""
        return self._numeric

    @property
    def cost_matrix(self) -> CostMatrix | None:
        return self._cost_matrix

    @property
    def no_priors(self) -> bool:
        return self._no_priors

    @property
    def discard_predictions(self) -> bool:
        """Whether predictions are dropped (saves memory; the ROC and PRC areas become NaN)."""
        return self._discard

    @discard_predictions.setter
    def discard_predictions(self, discard: bool) -> None:
        self._flush()
        self._discard = bool(discard)
        if self._discard:
            self._predictions = None
            self._curves = None

    @property
    def metrics_to_display(self) -> list[str]:
        """The metrics the text blocks print (``getMetricsToDisplay``), lower case."""
        return list(self._metrics)

    @metrics_to_display.setter
    def metrics_to_display(self, names: Iterable[str]) -> None:
        self._metrics = [name.strip().lower() for name in names]

    def toggle_eval_metrics(self, names: Iterable[str]) -> None:
        """Show the hidden and hide the shown among ``names`` (``toggleEvalMetrics``, ``-toggle``)."""
        for name in (n.lower() for n in names):
            if name in self._metrics:
                self._metrics.remove(name)
            else:
                self._metrics.append(name)

    # -- predictions --------------------------------------------------------------------

    @property
    def predictions(self) -> list[NominalPrediction] | list[NumericPrediction] | None:
        """The recorded predictions in order; None when discarded (or none recorded yet)."""
        arrays = self.prediction_arrays()
        if arrays is None:
            return None
        if self._numeric:
            return [
                NumericPrediction(a, p[0], w, p[0] - a) for a, p, w in zip(*(x.tolist() for x in arrays), strict=False)
            ]
        return [nominal_prediction(a, d, w) for a, d, w in zip(*(x.tolist() for x in arrays), strict=False)]

    def prediction_arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
        """The recorded predictions as arrays ``(actual, distributions, weights)``; actual NaN when missing.

        For a numeric class ``distributions`` is (n, 1): the predicted values.
        """
        self._flush()
        if self._predictions is None:
            return None
        if len(self._predictions) > 1:
            parts = list(zip(*self._predictions, strict=False))
            self._predictions = [(np.concatenate(parts[0]), np.concatenate(parts[1]), np.concatenate(parts[2]))]
        return self._predictions[0]

    def _threshold_curves(self) -> ThresholdCurves | None:
        self._nominal()
        arrays = self.prediction_arrays()
        if arrays is None:
            return None
        if self._curves is None:
            self._curves = ThresholdCurves(*arrays, keep_points=False)  # the areas, not every point
        return self._curves

    # -- merging ------------------------------------------------------------------------

    @classmethod
    def aggregate(cls, evaluations: Iterable[Evaluation]) -> Evaluation:
        """One evaluation of many, as WEKA's ``AggregateableEvaluation``: a left fold from zero.

        Sums are added in order; the class priors are the last one's; the
        predictions are concatenated; cost matrix and ``use_no_priors`` come
        from the first.
        """
        evaluations = list(evaluations)
        if not evaluations:
            raise EvaluationError("aggregate needs at least one evaluation")
        first = evaluations[0]
        result = cls(first.class_names, first._cost_matrix)
        result._no_priors = first._no_priors
        for other in evaluations:
            if other.class_names != result.class_names:
                raise EvaluationError(
                    f"cannot aggregate evaluations of classes {result.class_names} and {other.class_names}"
                )
            result._state = result._state.merged(other.state)
            result._priors, result._priors_sum = other.class_priors, other._priors_sum
            result._numeric_priors = replace(
                other._numeric_priors,
                values=list(other._numeric_priors.values),
                weights=list(other._numeric_priors.weights),
            )
            arrays = other.prediction_arrays()
            if arrays is not None:
                result._predictions = (result._predictions or []) + [tuple(a.copy() for a in arrays)]
        return result

    def __add__(self, other: Evaluation) -> Evaluation:
        if not isinstance(other, Evaluation):
            return NotImplemented
        return Evaluation.aggregate([self, other])

    def kappa_stats(self, *, weights: Any = None, alpha: float = 0.05) -> KappaStats:
        """:func:`wekaeval.kappa_stats` of the weighted confusion matrix, per class by the class names.

        Its kappa is the identical double :attr:`kappa` gives (unweighted), always; a nominal class only.
        A matrix that is not made of finite non-negative counts (negative weights, sums that overflowed
        to infinity) has WEKA's kappa and NaN for every statistic that needs counts.

        >>> evaluation = Evaluation(["yes", "no"])
        >>> _ = evaluation.evaluate_batch([[0.9, 0.1], [0.2, 0.8], [0.3, 0.7], [0.1, 0.9], [0.6, 0.4]],
        ...                               ["yes", "yes", "no", "no", "yes"])
        >>> stats = evaluation.kappa_stats()
        >>> stats.kappa == evaluation.kappa, stats.landis_koch, round(stats.std_error, 4)
        (True, 'Substantial', 0.3175)
        """
        return evaluation_kappa_stats(self.confusion_matrix, weights=weights, alpha=alpha, class_names=self.class_names)

    def to_frame(self) -> Any:
        """The class details as a pandas DataFrame: one row per class, then "Weighted Avg."; a nominal class.

        The columns are python-weka-wrapper3's per-class methods (``true_positive_rate``, ...,
        ``area_under_prc``), each value the double the method returns.
        """
        self._nominal()
        self._prepared_curves()
        columns = [(name, STATISTICS_BY_NAME[name].weighted or name) for name, _ in DETAIL_COLUMNS]
        return class_details_frame(self, columns)

    # -- text blocks --------------------------------------------------------------------

    def summary(self, title: str | None = None, complexity: bool = False) -> str:
        """``toSummaryString(title, complexity)``; no title: :attr:`summary_title` (empty: ``toSummaryString()``)."""
        return evaltext.summary_text(self, self.summary_title if title is None else title, complexity)

    def class_details(self, title: str | None = None) -> str:
        """``toClassDetailsString(title)``, by default titled ``=== Detailed Accuracy By Class ===``."""
        self._nominal()
        if {"roc area", "prc area"} & set(self._metrics):
            self._prepared_curves()
        return evaltext.class_details_text(self, "=== Detailed Accuracy By Class ===\n" if title is None else title)

    def matrix(self, title: str | None = None) -> str:
        """``toMatrixString(title)``, by default titled ``=== Confusion Matrix ===``."""
        self._nominal()
        return evaltext.matrix_text(self, "=== Confusion Matrix ===\n" if title is None else title)

    def cumulative_margin_distribution(self) -> str:
        """``toCumulativeMarginDistributionString()``: margin and cumulative % per non-empty bin."""
        return evaltext.margin_text(self._nominal())

    def __repr__(self) -> str:
        s = self._current_state()
        if self._numeric:
            return f"Evaluation(numeric class, num_instances={s.with_class!r}, unclassified={s.unclassified!r})"
        classes = list(self._class_coder().class_names)
        return f"Evaluation(classes={classes}, num_instances={s.with_class!r}, correct={s.correct!r})"
