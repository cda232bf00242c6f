"""WEKA's cross-validation folds, for code that runs its own models on them.

The port of ``Evaluation.crossValidateModel``'s folds and of the command line's cross-validation block
(:func:`evaluate_folds`, :func:`cross_validation_text`), with Java's ``java.util.Random`` and WEKA's
``Instances.randomize`` shuffle (:class:`JavaRandom`, :func:`java_shuffle`) that decide them.

>>> from wekaeval.folds import JavaRandom, java_shuffle
>>> java_shuffle(5, JavaRandom(1))
[2, 3, 1, 4, 0]
"""

from wekaeval.evaluation import cross_validation_text, evaluate_folds, fold_sizes
from wekaeval.javamath import JavaRandom, java_shuffle

__all__ = ["evaluate_folds", "cross_validation_text", "JavaRandom", "java_shuffle", "fold_sizes"]
