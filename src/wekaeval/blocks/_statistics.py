"""The one table of WEKA's evaluation statistics by name: python-weka-wrapper3's, WEKA's getter, the scope.

The same names are :class:`wekaeval.Evaluation`'s attributes (python-weka-wrapper3's), the fields of a
read report's :class:`~wekaeval.blocks.Summary` and class details, the columns of ``to_frame()`` and
``wekaeval parse --csv``, and the keys of a WEKA run's statistics (:mod:`wekaeval.bridge`, which calls the
getters); ``tests/blocks/test_statistics_table.py`` checks every one of them against this table.

>>> STATISTICS_BY_NAME["percent_correct"]  # doctest: +NORMALIZE_WHITESPACE
Statistic(name='percent_correct', getter='pctCorrect', scope='nominal', java_math=False, weighted=None,
column=None, toggle=None, header=None, width=None,
description='The weight correctly classified, as a percentage of the weight classified.')
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
    description : str
        One sentence: what it measures, the docstring of :class:`wekaeval.Evaluation`'s attribute.
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
    description: str = ""


# fmt: off
#: Every statistic, in the order python-weka-wrapper3 lists them: both kinds of class, nominal, per class, numeric.
STATISTICS: tuple[Statistic, ...] = (
    Statistic('num_instances', 'numInstances', 'any',
              description='The total weight of the instances with a known class (not a count).'),
    Statistic('unclassified', 'unclassified', 'any',
              description='The total weight of the instances given no prediction.'),
    Statistic('percent_unclassified', 'pctUnclassified', 'any',
              description='The weight of the unclassified instances, as a percentage of all with a known class.'),
    Statistic('missing_class', 'missingClass', 'any',
              description='The total weight of the instances whose class is missing.'),
    Statistic('mean_absolute_error', 'meanAbsoluteError', 'any',
              description='The mean absolute error of the predicted distributions or values.'),
    Statistic('root_mean_squared_error', 'rootMeanSquaredError', 'any',
              description='The root mean squared error of the predicted distributions or values.'),
    Statistic('relative_absolute_error', 'relativeAbsoluteError', 'any',
              description="The mean absolute error relative to the prior's, as a percentage."),
    Statistic('root_relative_squared_error', 'rootRelativeSquaredError', 'any',
              description="The root mean squared error relative to the prior's, as a percentage."),
    Statistic('mean_prior_absolute_error', 'meanPriorAbsoluteError', 'any',
              description='The mean absolute error of predicting by the class priors alone.'),
    Statistic('root_mean_prior_squared_error', 'rootMeanPriorSquaredError', 'any',
              description='The root mean squared error of predicting by the class priors alone.'),
    Statistic('error_rate', 'errorRate', 'any',
              description='The fraction misclassified (nominal class), or the root mean squared error (numeric).'),
    Statistic('sf_prior_entropy', 'SFPriorEntropy', 'any', java_math=True,
              description="The total entropy of the priors' predictions, in bits (scheme-free complexity)."),
    Statistic('sf_scheme_entropy', 'SFSchemeEntropy', 'any', java_math=True,
              description="The total entropy of the scheme's predictions, in bits."),
    Statistic('sf_entropy_gain', 'SFEntropyGain', 'any', java_math=True,
              description='The total entropy gained by the scheme over the priors, in bits.'),
    Statistic('sf_mean_prior_entropy', 'SFMeanPriorEntropy', 'any', java_math=True,
              description="The priors' entropy per instance, in bits."),
    Statistic('sf_mean_scheme_entropy', 'SFMeanSchemeEntropy', 'any', java_math=True,
              description="The scheme's entropy per instance, in bits."),
    Statistic('sf_mean_entropy_gain', 'SFMeanEntropyGain', 'any', java_math=True,
              description='The entropy gained over the priors per instance, in bits.'),
    Statistic('coverage_of_test_cases_by_predicted_regions', 'coverageOfTestCasesByPredictedRegions', 'any',
              description='The percentage of instances whose class lies in the predicted region.'),
    Statistic('size_of_predicted_regions', 'sizeOfPredictedRegions', 'any',
              description='The mean size of the predicted regions, as a percentage of the class range.'),
    Statistic('correct', 'correct', 'nominal',
              description='The total weight of the correctly classified instances.'),
    Statistic('incorrect', 'incorrect', 'nominal',
              description='The total weight of the incorrectly classified instances.'),
    Statistic('percent_correct', 'pctCorrect', 'nominal',
              description='The weight correctly classified, as a percentage of the weight classified.'),
    Statistic('percent_incorrect', 'pctIncorrect', 'nominal',
              description='The weight incorrectly classified, as a percentage of the weight classified.'),
    Statistic('kappa', 'kappa', 'nominal',
              description="Cohen's kappa of the confusion matrix (1.0 when chance agreement is 1)."),
    Statistic('kb_information', 'KBInformation', 'nominal', java_math=True,
              description="Kononenko and Bratko's information score, in bits."),
    Statistic('kb_mean_information', 'KBMeanInformation', 'nominal', java_math=True,
              description="Kononenko and Bratko's information score per instance, in bits."),
    Statistic('kb_relative_information', 'KBRelativeInformation', 'nominal', java_math=True,
              description="Kononenko and Bratko's information score relative to the priors', as a percentage."),
    Statistic('total_cost', 'totalCost', 'nominal',
              description='The total cost of the predictions under the cost matrix.'),
    Statistic('avg_cost', 'avgCost', 'nominal',
              description='The cost per instance under the cost matrix.'),
    Statistic('weighted_area_under_prc', 'weightedAreaUnderPRC', 'nominal',
              description='The area under the precision-recall curve, averaged over the classes weighted by size.'),
    Statistic('weighted_area_under_roc', 'weightedAreaUnderROC', 'nominal',
              description='The area under the ROC curve, averaged over the classes weighted by size.'),
    Statistic('weighted_false_negative_rate', 'weightedFalseNegativeRate', 'nominal',
              description='The false negative rate, averaged over the classes weighted by size.'),
    Statistic('weighted_false_positive_rate', 'weightedFalsePositiveRate', 'nominal',
              description='The false positive rate, averaged over the classes weighted by size.'),
    Statistic('weighted_true_negative_rate', 'weightedTrueNegativeRate', 'nominal',
              description='The true negative rate, averaged over the classes weighted by size.'),
    Statistic('weighted_true_positive_rate', 'weightedTruePositiveRate', 'nominal',
              description='The true positive rate, averaged over the classes weighted by size.'),
    Statistic('weighted_f_measure', 'weightedFMeasure', 'nominal',
              description='The F-measure, averaged over the classes weighted by size.'),
    Statistic('weighted_precision', 'weightedPrecision', 'nominal',
              description='The precision, averaged over the classes weighted by size.'),
    Statistic('weighted_recall', 'weightedRecall', 'nominal',
              description='The recall, averaged over the classes weighted by size.'),
    Statistic('weighted_matthews_correlation', 'weightedMatthewsCorrelation', 'nominal',
              description='The Matthews correlation coefficient, averaged over the classes weighted by size.'),
    Statistic('unweighted_macro_f_measure', 'unweightedMacroFmeasure', 'nominal',
              description='The F-measure averaged over the classes, each counting once.'),
    Statistic('unweighted_micro_f_measure', 'unweightedMicroFmeasure', 'nominal',
              description='The F-measure of the true and false positives and negatives summed over the classes.'),
    Statistic('area_under_prc', 'areaUnderPRC', 'per-class', weighted='weighted_area_under_prc',
              column=7, toggle='prc area', header='PRC Area', width=10,
              description="The area under the class's precision-recall curve."),
    Statistic('area_under_roc', 'areaUnderROC', 'per-class', weighted='weighted_area_under_roc',
              column=6, toggle='roc area', header='ROC Area', width=10,
              description="The area under the class's ROC curve."),
    Statistic('false_negative_rate', 'falseNegativeRate', 'per-class', weighted='weighted_false_negative_rate',
              description="The class's false negative rate: its weight predicted as another class over its weight."),
    Statistic('false_positive_rate', 'falsePositiveRate', 'per-class', weighted='weighted_false_positive_rate',
              column=1, toggle='fp rate', header='FP Rate', width=9,
              description="The class's false positive rate: other classes' weight predicted as it over their weight."),
    Statistic('true_negative_rate', 'trueNegativeRate', 'per-class', weighted='weighted_true_negative_rate',
              description="The class's true negative rate: other classes' weight not predicted as it over theirs."),
    Statistic('true_positive_rate', 'truePositiveRate', 'per-class', weighted='weighted_true_positive_rate',
              column=0, toggle='tp rate', header='TP Rate', width=9,
              description="The class's true positive rate (recall): its weight predicted as it over its weight."),
    Statistic('num_false_negatives', 'numFalseNegatives', 'per-class',
              description="The weight of the class's instances predicted as another class."),
    Statistic('num_false_positives', 'numFalsePositives', 'per-class',
              description="The weight of other classes' instances predicted as the class."),
    Statistic('num_true_negatives', 'numTrueNegatives', 'per-class',
              description="The weight of other classes' instances not predicted as the class."),
    Statistic('num_true_positives', 'numTruePositives', 'per-class',
              description="The weight of the class's instances predicted as it."),
    Statistic('f_measure', 'fMeasure', 'per-class', weighted='weighted_f_measure',
              column=4, toggle='f-measure', header='F-Measure', width=11,
              description="The class's F-measure, the harmonic mean of its precision and recall."),
    Statistic('precision', 'precision', 'per-class', weighted='weighted_precision',
              column=2, toggle='precision', header='Precision', width=11,
              description="The class's precision: its weight predicted as it over all weight predicted as it."),
    Statistic('recall', 'recall', 'per-class', weighted='weighted_recall',
              column=3, toggle='recall', header='Recall', width=9,
              description="The class's recall (true positive rate)."),
    Statistic('matthews_correlation_coefficient', 'matthewsCorrelationCoefficient', 'per-class',
              weighted='weighted_matthews_correlation',
              column=5, toggle='mcc', header='MCC', width=9,
              description="The class's Matthews correlation coefficient."),
    Statistic('correlation_coefficient', 'correlationCoefficient', 'numeric',
              description='The correlation of the predicted and actual values (numeric class).'),
)
# fmt: on
STATISTICS_BY_NAME = {statistic.name: statistic for statistic in STATISTICS}

#: The class-details columns, in the order WEKA prints them (each a :class:`Statistic` with a ``column``).
DETAIL_STATISTICS: tuple[Statistic, ...] = tuple(
    sorted((s for s in STATISTICS if s.column is not None), key=lambda s: s.column or 0)
)
