"""The one table of WEKA's evaluation statistics by name: python-weka-wrapper3's, WEKA's getter, the scope.

The same names are :class:`wekaeval.Evaluation`'s attributes (python-weka-wrapper3's), the fields of a
read report's :class:`~wekaeval.blocks.Summary` and class details, the columns of ``to_frame()`` and
``wekaeval parse --csv``, and the keys of a WEKA run's statistics (:mod:`wekaeval.bridge`, which calls the
getters); ``tests/blocks/test_statistics_table.py`` checks every one of them against this table.

>>> STATISTICS_BY_NAME["percent_correct"]
Statistic(name='percent_correct', getter='pctCorrect', scope='nominal', java_math=False, weighted=None)
>>> [s.name for s in STATISTICS if s.java_math][:3]
['sf_prior_entropy', 'sf_scheme_entropy', 'sf_entropy_gain']
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
    """

    name: str
    getter: str
    scope: Literal["any", "nominal", "numeric", "per-class"]
    java_math: bool = False
    weighted: str | None = None


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
    Statistic('area_under_prc', 'areaUnderPRC', 'per-class', weighted='weighted_area_under_prc'),
    Statistic('area_under_roc', 'areaUnderROC', 'per-class', weighted='weighted_area_under_roc'),
    Statistic('false_negative_rate', 'falseNegativeRate', 'per-class', weighted='weighted_false_negative_rate'),
    Statistic('false_positive_rate', 'falsePositiveRate', 'per-class', weighted='weighted_false_positive_rate'),
    Statistic('true_negative_rate', 'trueNegativeRate', 'per-class', weighted='weighted_true_negative_rate'),
    Statistic('true_positive_rate', 'truePositiveRate', 'per-class', weighted='weighted_true_positive_rate'),
    Statistic('num_false_negatives', 'numFalseNegatives', 'per-class'),
    Statistic('num_false_positives', 'numFalsePositives', 'per-class'),
    Statistic('num_true_negatives', 'numTrueNegatives', 'per-class'),
    Statistic('num_true_positives', 'numTruePositives', 'per-class'),
    Statistic('f_measure', 'fMeasure', 'per-class', weighted='weighted_f_measure'),
    Statistic('precision', 'precision', 'per-class', weighted='weighted_precision'),
    Statistic('recall', 'recall', 'per-class', weighted='weighted_recall'),
    Statistic('matthews_correlation_coefficient', 'matthewsCorrelationCoefficient', 'per-class',
              weighted='weighted_matthews_correlation'),
    Statistic('correlation_coefficient', 'correlationCoefficient', 'numeric'),
)
# fmt: on
STATISTICS_BY_NAME = {statistic.name: statistic for statistic in STATISTICS}
