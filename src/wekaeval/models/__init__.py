"""Running a model on WEKA's folds: any model, any fold, as WEKA would run a classifier.

A dataset as models take it (:func:`model_data`, the one encoding rule of an ARFF file's attributes for
scikit-learn); WEKA's folds and splits as scikit-learn splitters (:class:`WekaKFold`, :class:`WekaSplit`,
:func:`to_xy`); scikit-learn estimators and WEKA schemes (in the JVM, :mod:`wekaeval.bridge`) behind
:class:`wekaeval.evaluation.ModelRunner` (:class:`SklearnRunner`, :class:`WekaRunner`); and
:func:`cross_validate`, WEKA's ``crossValidateModel`` as a function.  Importing it registers :func:`runner_for`
with :class:`wekaeval.Evaluation`'s model-running methods (``crossvalidate_model``, ``test_model``, ...), which
import it when given a model no other factory takes.  WEKA's Experimenter (:mod:`wekaeval.experiment`) runs
its rows with these.

>>> from wekaeval.models import WekaKFold
>>> [test.tolist() for _, test in WekaKFold(3, seed=1).split([[0]] * 6, ["yes", "no"] * 3)]
[[4, 1], [2, 5], [0, 3]]
"""

from __future__ import annotations

from wekaeval._faces import claim_public_classes
from wekaeval.evaluation import register_model_runner
from wekaeval.models._crossvalidate import cross_validate, runner_for
from wekaeval.models._data import ModelDataError
from wekaeval.models._sklearn import SklearnRunner
from wekaeval.models._splitters import WekaKFold, WekaSplit, to_xy
from wekaeval.models._weka import WekaRunner

__all__ = [
    "ModelDataError",
    "WekaKFold",
    "WekaSplit",
    "to_xy",
    "SklearnRunner",
    "WekaRunner",
    "cross_validate",
    "runner_for",
]


register_model_runner(runner_for)  # Evaluation's model-running methods run these models (the injection point)

claim_public_classes(globals())
