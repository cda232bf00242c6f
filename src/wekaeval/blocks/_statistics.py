"""The one table of WEKA's evaluation statistics by name: python-weka-wrapper3's, WEKA's getter, the scope.

The same names are :class:`wekaeval.Evaluation`'s attributes (python-weka-wrapper3's), the fields of a
read report's :class:`~wekaeval.blocks.Summary` and class details, the columns of ``to_frame()`` and
``wekaeval parse --csv``, and the keys of a WEKA run's statistics (:mod:`wekaeval.bridge`, which calls the
getters); ``tests/blocks/test_statistics_table.py`` checks every one of them against this table.

>>> STATISTICS_BY_NAME["percent_correct"]  # doctest: +NORMALIZE_WHITESPACE
Statistic(name='percent_correct', getter='pctCorrect', scope='nominal', java_math=False, weighted=None,
column=None, toggle=None, header=None, width=None)
>>> [s.name for s in STATISTICS if s.java_math][:3]
['sf_prior_entropy', 'sf_scheme_entropy', 'sf_entropy_gain']
>>> [(s.name, s.header, s.width) for s in DETAIL_STATISTICS][:2]
[('true_positive_rate', 'TP Rate', 9), ('false_positive_rate', 'FP Rate', 9)]

A class-details column is one row here: the class details' layouts (:data:`~wekaeval.blocks.DETAIL_COLUMNS`
and the widths), the ``-toggle`` names the text printer knows and the weighted averages it prints are all
read from this table (see "Adding a statistic" in ``docs/development.md``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class Statistic:
    """One statistic of WEKA's ``Evaluation``.

    Attributes
    ----------
    name : str
        python-weka-wrapper3's name, which wekaeval uses everywhere.
    getter : str
        ``weka.classifiers.evaluation.Evaluation``'s method.
    scope : {"any", "nominal", "numeric", "per-class"}
        Which class it is for; a per-class statistic takes the class index.
    java_math : bool
        Computed with Java's ``Math.log``, ``Math.exp`` or ``Math.pow``, whose last bits are the JVM
        platform's (:func:`wekaeval.javamath.java_platform`).
    weighted : str or None
        For a per-class statistic, the name of its average weighted by class (the class details' last row).
    column : int or None
        For a class-details column, its place in the table (0 first); None for any other statistic.
    toggle : str or None
        A class-details column's name in WEKA's ``-toggle`` / ``setMetricsToDisplay`` (lower case).
    header : str or None
        A class-details column's header as WEKA prints it.
    width : int or None
        A class-details column's width in the ``String.format`` layouts (WEKA 3.7.8 and later).
    """

    name: str
    getter: str
    scope: Literal["any", "nominal", "numeric", "per-class"]
    java_math: bool = False
    weighted: str | None = None
    column: int | None = None
    toggle: str | None = None
    header: str | None = None
    width: int | None = None


# fmt: off
#: Every statistic, in the order python-weka-wrapper3 lists them: both kinds of class, nominal, per class, numeric.
STATISTICS: tuple[Statistic, ...] = (
    Statistic('num_instances', 'numInstances', 'any'),
    Statistic('unclassified', 'unclassified', 'any'),
    Statistic('percent_unclassified', 'pctUnclassified', 'any'),
    Statistic('missing_class', 'missingClass', 'any'),
    Statistic('mean_absolute_error', 'meanAbsoluteError', 'any'),
    Statistic('root_mean_squared_error', 'rootMeanSquaredError', 'any'),
    Statistic('relative_absolute_error', 'relativeAbsoluteError', 'any'),
    Statistic('root_relative_squared_error', 'rootRelativeSquaredError', 'any'),
    Statistic('mean_prior_absolute_error', 'meanPriorAbsoluteError', 'any'),
    Statistic('root_mean_prior_squared_error', 'rootMeanPriorSquaredError', 'any'),
    Statistic('error_rate', 'errorRate', 'any'),
    Statistic('sf_prior_entropy', 'SFPriorEntropy', 'any', java_math=True),
    Statistic('sf_scheme_entropy', 'SFSchemeEntropy', 'any', java_math=True),
    Statistic('sf_entropy_gain', 'SFEntropyGain', 'any', java_math=True),
    Statistic('sf_mean_prior_entropy', 'SFMeanPriorEntropy', 'any', java_math=True),
    Statistic('sf_mean_scheme_entropy', 'SFMeanSchemeEntropy', 'any', java_math=True),
    Statistic('sf_mean_entropy_gain', 'SFMeanEntropyGain', 'any', java_math=True),
    Statistic('coverage_of_test_cases_by_predicted_regions', 'coverageOfTestCasesByPredictedRegions', 'any'),
    Statistic('size_of_predicted_regions', 'sizeOfPredictedRegions', 'any'),
    Statistic('correct', 'correct', 'nominal'),
    Statistic('incorrect', 'incorrect', 'nominal'),
    Statistic('percent_correct', 'pctCorrect', 'nominal'),
    Statistic('percent_incorrect', 'pctIncorrect', 'nominal'),
    Statistic('kappa', 'kappa', 'nominal'),
    Statistic('kb_information', 'KBInformation', 'nominal', java_math=True),
    Statistic('kb_mean_information', 'KBMeanInformation', 'nominal', java_math=True),
    Statistic('kb_relative_information', 'KBRelativeInformation', 'nominal', java_math=True),
    Statistic('total_cost', 'totalCost', 'nominal'),
    Statistic('avg_cost', 'avgCost', 'nominal'),
    Statistic('weighted_area_under_prc', 'weightedAreaUnderPRC', 'nominal'),
    Statistic('weighted_area_under_roc', 'weightedAreaUnderROC', 'nominal'),
    Statistic('weighted_false_negative_rate', 'weightedFalseNegativeRate', 'nominal'),
    Statistic('weighted_false_positive_rate', 'weightedFalsePositiveRate', 'nominal'),
    Statistic('weighted_true_negative_rate', 'weightedTrueNegativeRate', 'nominal'),
    Statistic('weighted_true_positive_rate', 'weightedTruePositiveRate', 'nominal'),
    Statistic('weighted_f_measure', 'weightedFMeasure', 'nominal'),
    Statistic('weighted_precision', 'weightedPrecision', 'nominal'),
    Statistic('weighted_recall', 'weightedRecall', 'nominal'),
    Statistic('weighted_matthews_correlation', 'weightedMatthewsCorrelation', 'nominal'),
    Statistic('unweighted_macro_f_measure', 'unweightedMacroFmeasure', 'nominal'),
    Statistic('unweighted_micro_f_measure', 'unweightedMicroFmeasure', 'nominal'),
    Statistic('area_under_prc', 'areaUnderPRC', 'per-class', weighted='weighted_area_under_prc',
              column=7, toggle='prc area', header='PRC Area', width=10),
    Statistic('area_under_roc', 'areaUnderROC', 'per-class', weighted='weighted_area_under_roc',
              column=6, toggle='roc area', header='ROC Area', width=10),
    Statistic('false_negative_rate', 'falseNegativeRate', 'per-class', weighted='weighted_false_negative_rate'),
    Statistic('false_positive_rate', 'falsePositiveRate', 'per-class', weighted='weighted_false_positive_rate',
              column=1, toggle='fp rate', header='FP Rate', width=9),
    Statistic('true_negative_rate', 'trueNegativeRate', 'per-class', weighted='weighted_true_negative_rate'),
    Statistic('true_positive_rate', 'truePositiveRate', 'per-class', weighted='weighted_true_positive_rate',
              column=0, toggle='tp rate', header='TP Rate', width=9),
    Statistic('num_false_negatives', 'numFalseNegatives', 'per-class'),
    Statistic('num_false_positives', 'numFalsePositives', 'per-class'),
    Statistic('num_true_negatives', 'numTrueNegatives', 'per-class'),
    Statistic('num_true_positives', 'numTruePositives', 'per-class'),
    Statistic('f_measure', 'fMeasure', 'per-class', weighted='weighted_f_measure',
              column=4, toggle='f-measure', header='F-Measure', width=11),
    Statistic('precision', 'precision', 'per-class', weighted='weighted_precision',
              column=2, toggle='precision', header='Precision', width=11),
    Statistic('recall', 'recall', 'per-class', weighted='weighted_recall',
              column=3, toggle='recall', header='Recall', width=9),
    Statistic('matthews_correlation_coefficient', 'matthewsCorrelationCoefficient', 'per-class',
              weighted='weighted_matthews_correlation',
              column=5, toggle='mcc', header='MCC', width=9),
    Statistic('correlation_coefficient', 'correlationCoefficient', 'numeric'),
)
# fmt: on
STATISTICS_BY_NAME = {statistic.name: statistic for statistic in STATISTICS}

#: The class-details columns, in the order WEKA prints them (each a :class:`Statistic` with a ``column``).
DETAIL_STATISTICS: tuple[Statistic, ...] = tuple(
    sorted((s for s in STATISTICS if s.column is not None), key=lambda s: s.column or 0)
)
