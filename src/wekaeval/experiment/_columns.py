"""The columns of WEKA's Experimenter result files, and a result row computed by the port.

WEKA's ``CrossValidationResultProducer`` (``RandomSplitResultProducer``) writes its keys (``Key_Dataset``,
``Key_Run``, ``Key_Fold`` -- none for a random split), the split evaluator's keys (``Key_Scheme``,
``Key_Scheme_options``, ``Key_Scheme_version_ID``), ``Date_time``, then the split evaluator's results:
``ClassifierSplitEvaluator``'s for a nominal class, ``RegressionSplitEvaluator``'s for a numeric one, in
their ``getResultNames()`` order, with the classifiers' additional measures (``measureTreeSize``, ...) last.
:func:`port_results` computes a row's results from a :class:`wekaeval.Evaluation` as the split evaluator
does from WEKA's (the IR statistics of the first class, WEKA's default).
"""

from __future__ import annotations

import datetime as _datetime
import math
from collections.abc import Sequence
from dataclasses import dataclass

from wekaeval.blocks import STATISTICS
from wekaeval.evaluation import Evaluation

#: How a column is written: a nominal key (text), a number, or text that may be missing (``Summary``).
KEY, NUMBER, TEXT = "key", "numeric", "text"

_BY_GETTER = {statistic.getter: statistic for statistic in STATISTICS}

# (column, WEKA's Evaluation getter; per-class getters take class 0) -- ClassifierSplitEvaluator.getResult
_CLASSIFIER_STATISTICS = (
    ("Number_of_testing_instances", "numInstances"),
    ("Number_correct", "correct"),
    ("Number_incorrect", "incorrect"),
    ("Number_unclassified", "unclassified"),
    ("Percent_correct", "pctCorrect"),
    ("Percent_incorrect", "pctIncorrect"),
    ("Percent_unclassified", "pctUnclassified"),
    ("Kappa_statistic", "kappa"),
    ("Mean_absolute_error", "meanAbsoluteError"),
    ("Root_mean_squared_error", "rootMeanSquaredError"),
    ("Relative_absolute_error", "relativeAbsoluteError"),
    ("Root_relative_squared_error", "rootRelativeSquaredError"),
    ("SF_prior_entropy", "SFPriorEntropy"),
    ("SF_scheme_entropy", "SFSchemeEntropy"),
    ("SF_entropy_gain", "SFEntropyGain"),
    ("SF_mean_prior_entropy", "SFMeanPriorEntropy"),
    ("SF_mean_scheme_entropy", "SFMeanSchemeEntropy"),
    ("SF_mean_entropy_gain", "SFMeanEntropyGain"),
    ("KB_information", "KBInformation"),
    ("KB_mean_information", "KBMeanInformation"),
    ("KB_relative_information", "KBRelativeInformation"),
    ("True_positive_rate", "truePositiveRate"),
    ("Num_true_positives", "numTruePositives"),
    ("False_positive_rate", "falsePositiveRate"),
    ("Num_false_positives", "numFalsePositives"),
    ("True_negative_rate", "trueNegativeRate"),
    ("Num_true_negatives", "numTrueNegatives"),
    ("False_negative_rate", "falseNegativeRate"),
    ("Num_false_negatives", "numFalseNegatives"),
    ("IR_precision", "precision"),
    ("IR_recall", "recall"),
    ("F_measure", "fMeasure"),
    ("Matthews_correlation", "matthewsCorrelationCoefficient"),
    ("Area_under_ROC", "areaUnderROC"),
    ("Area_under_PRC", "areaUnderPRC"),
    ("Weighted_avg_true_positive_rate", "weightedTruePositiveRate"),
    ("Weighted_avg_false_positive_rate", "weightedFalsePositiveRate"),
    ("Weighted_avg_true_negative_rate", "weightedTrueNegativeRate"),
    ("Weighted_avg_false_negative_rate", "weightedFalseNegativeRate"),
    ("Weighted_avg_IR_precision", "weightedPrecision"),
    ("Weighted_avg_IR_recall", "weightedRecall"),
    ("Weighted_avg_F_measure", "weightedFMeasure"),
    ("Weighted_avg_matthews_correlation", "weightedMatthewsCorrelation"),
    ("Weighted_avg_area_under_ROC", "weightedAreaUnderROC"),
    ("Weighted_avg_area_under_PRC", "weightedAreaUnderPRC"),
    ("Unweighted_macro_avg_F_measure", "unweightedMacroFmeasure"),
    ("Unweighted_micro_avg_F_measure", "unweightedMicroFmeasure"),
)

# RegressionSplitEvaluator.getResult's statistics, after the two instance counts
_REGRESSION_STATISTICS = (
    ("Number_of_testing_instances", "numInstances"),
    ("Mean_absolute_error", "meanAbsoluteError"),
    ("Root_mean_squared_error", "rootMeanSquaredError"),
    ("Relative_absolute_error", "relativeAbsoluteError"),
    ("Root_relative_squared_error", "rootRelativeSquaredError"),
    ("Correlation_coefficient", "correlationCoefficient"),
    ("Number_unclassified", "unclassified"),
    ("Percent_unclassified", "pctUnclassified"),
    ("SF_prior_entropy", "SFPriorEntropy"),
    ("SF_scheme_entropy", "SFSchemeEntropy"),
    ("SF_entropy_gain", "SFEntropyGain"),
    ("SF_mean_prior_entropy", "SFMeanPriorEntropy"),
    ("SF_mean_scheme_entropy", "SFMeanSchemeEntropy"),
    ("SF_mean_entropy_gain", "SFMeanEntropyGain"),
)

#: The timing columns (and ``Date_time``): what differs from one run of the same experiment to the next.
TIMING_COLUMNS = (
    "Date_time",
    "Elapsed_Time_training",
    "Elapsed_Time_testing",
    "UserCPU_Time_training",
    "UserCPU_Time_testing",
    "UserCPU_Time_millis_training",
    "UserCPU_Time_millis_testing",
)

_AFTER_STATISTICS = (
    *TIMING_COLUMNS[1:],
    "Serialized_Model_Size",
    "Serialized_Train_Set_Size",
    "Serialized_Test_Set_Size",
    "Coverage_of_Test_Cases_By_Regions",
    "Size_of_Predicted_Regions",
)

#: The split evaluators' class names in WEKA.
CLASSIFIER_SPLIT_EVALUATOR = "weka.experiment.ClassifierSplitEvaluator"
REGRESSION_SPLIT_EVALUATOR = "weka.experiment.RegressionSplitEvaluator"


@dataclass(frozen=True)
class Layout:
    """The columns of one experiment's result file: names and kinds, in WEKA's order."""

    names: tuple[str, ...]
    kinds: tuple[str, ...]
    key_count: int

    def index(self, name: str) -> int:
        return self.names.index(name)


def result_layout(*, folds: bool, nominal: bool, measures: Sequence[str] = ()) -> Layout:
    """The result file's columns for a cross-validation (``folds``) or a random split, a nominal or a numeric
    class, and the classifiers' additional measures, as WEKA's producer and split evaluator name them."""
    keys = ["Key_Dataset", "Key_Run", *(["Key_Fold"] if folds else []), "Key_Scheme", "Key_Scheme_options"]
    keys.append("Key_Scheme_version_ID")
    statistics = _CLASSIFIER_STATISTICS if nominal else _REGRESSION_STATISTICS
    numbers = ["Date_time", "Number_of_training_instances", *(name for name, _ in statistics), *_AFTER_STATISTICS]
    names = (*keys, *numbers, "Summary", *measures)
    kinds = (*([KEY] * len(keys)), *([NUMBER] * len(numbers)), TEXT, *([NUMBER] * len(measures)))
    return Layout(tuple(names), tuple(kinds), len(keys))


_NUMBER_NAMES = frozenset(
    name
    for folds in (True, False)
    for nominal in (True, False)
    for layout in [result_layout(folds=folds, nominal=nominal)]
    for name, kind in zip(layout.names, layout.kinds, strict=True)
    if kind == NUMBER
)


def is_number_column(name: str) -> bool:
    """Whether WEKA's split evaluators write column ``name`` as a number (a ``Double``): their statistics, times
    and sizes, and the classifiers' additional measures (``measure...``); a result file holds a number or a
    missing value there, never text.

    >>> is_number_column("Percent_correct"), is_number_column("measureTreeSize"), is_number_column("Summary")
    (True, True, False)
    """
    return name in _NUMBER_NAMES or name.startswith("measure")


def known_range(name: str) -> tuple[float, float] | None:
    """The values column ``name`` can hold, where WEKA's arithmetic bounds them exactly (a part is never more
    than its whole, even in doubles): counts and sizes at least 0, percentages 0 to 100, the first class's
    rates 0 to 1.  NaN is outside no range (WEKA writes it where a statistic is undefined).

    >>> known_range("Percent_correct"), known_range("Number_correct"), known_range("Kappa_statistic")
    ((0.0, 100.0), (0.0, inf), None)
    """
    if name.startswith("Percent_"):
        return (0.0, 100.0)
    if name.startswith(("Number_", "Num_", "Serialized_")):
        return (0.0, math.inf)
    if name in ("True_positive_rate", "False_positive_rate", "True_negative_rate", "False_negative_rate"):
        return (0.0, 1.0)
    return None


def port_results(evaluation: Evaluation, train_count: int) -> list[float]:
    """The split evaluator's statistics of ``evaluation`` (the port's), from ``Number_of_training_instances``
    to the last statistic before the timing columns."""
    statistics = _CLASSIFIER_STATISTICS if not evaluation.numeric else _REGRESSION_STATISTICS
    values = [float(train_count)]
    for _, getter in statistics:
        statistic = _BY_GETTER[getter]
        value = getattr(evaluation, statistic.name)
        values.append(float(value(0) if statistic.scope == "per-class" else value))
    return values


def port_coverage(evaluation: Evaluation) -> list[float]:
    """``Coverage_of_Test_Cases_By_Regions`` and ``Size_of_Predicted_Regions``."""
    return [
        float(evaluation.coverage_of_test_cases_by_predicted_regions),
        float(evaluation.size_of_predicted_regions),
    ]


def timestamp(moment: _datetime.datetime | None = None) -> float:
    """``CrossValidationResultProducer.getTimestamp``: the UTC time as ``yyyyMMdd.HHmm`` in a double."""
    now = moment or _datetime.datetime.now(_datetime.timezone.utc)
    return now.year * 10000 + now.month * 100 + now.day + now.hour / 100.0 + now.minute / 10000.0
