"""WEKA's own folds and splits, for scikit-learn and for code that runs its own models on them.

:class:`WekaKFold` is a scikit-learn splitter that yields exactly the folds of WEKA's
``Evaluation.crossValidateModel(classifier, data, n_splits, new Random(seed))``: the data shuffled by
``Instances.randomize`` with ``java.util.Random``, stratified when the class is nominal, each fold's
test part as ``testCV`` cuts it and its training part in the order ``trainCV(folds, i, random)`` hands
it to the classifier (shuffled again with the same Random, which order-sensitive learners feel).
:class:`WekaSplit` is WEKA's percentage split.  Both work as ``cv=`` in ``cross_val_score`` and
``GridSearchCV``; neither imports scikit-learn.  They live in :mod:`wekaeval.models` (running models on
WEKA's folds), and are here too, beside what decides the folds.

>>> from wekaeval.folds import WekaKFold
>>> y = ["yes", "no", "yes", "no", "yes", "no"]
>>> [(train.tolist(), test.tolist()) for train, test in WekaKFold(3, seed=1).split([[0]] * 6, y)]
[([3, 5, 0, 2], [4, 1]), ([0, 4, 1, 3], [2, 5]), ([2, 5, 1, 4], [0, 3])]

Also here: :func:`to_xy` (an ARFF file's attributes encoded for scikit-learn), the port of the
command line's cross-validation block (:func:`evaluate_folds`, :func:`cross_validation_text`), and
Java's ``java.util.Random`` and WEKA's ``Instances.randomize`` shuffle (:class:`JavaRandom`,
:func:`java_shuffle`) that decide them.

>>> from wekaeval.folds import JavaRandom, java_shuffle
>>> java_shuffle(5, JavaRandom(1))
[2, 3, 1, 4, 0]
"""

from __future__ import annotations

from wekaeval.evaluation import cross_validation_text, evaluate_folds
from wekaeval.evaluation._shared import cross_validation_folds, fold_sizes, percentage_split, random_split
from wekaeval.javamath import JavaRandom, java_shuffle
from wekaeval.models import WekaKFold, WekaSplit, to_xy

__all__ = [
    "WekaKFold",
    "WekaSplit",
    "to_xy",
    "evaluate_folds",
    "cross_validation_text",
    "cross_validation_folds",
    "percentage_split",
    "random_split",
    "JavaRandom",
    "java_shuffle",
    "fold_sizes",
]
