"""The model-running half of python-weka-wrapper3's ``Evaluation``, and the one injection point behind it.

:class:`ModelRunningMixin` gives :class:`wekaeval.Evaluation` python-weka-wrapper3's ``crossvalidate_model``,
``evaluate_train_test_split``, ``test_model``, ``test_model_once``, ``evaluate_model`` and ``header``, with
its names and signatures.  What is WEKA's evaluation logic stays here: each fold's priors set from its
training part in WEKA's order, its test part evaluated in WEKA's order, into this Evaluation's running sums.
Running a model -- a scikit-learn estimator, or a WEKA scheme in the JVM -- needs floors above this one
(``wekaeval.bridge`` for the JVM), so it comes through a :class:`ModelRunner`: the model itself when it
has the protocol's methods, else the one a factory registered with :func:`register_model_runner` makes of
it.  ``wekaeval.models`` registers its factory (scikit-learn estimators, WEKA command lines,
python-weka-wrapper3 classifiers) when it is imported, which the first model no factory takes does (by name:
``import wekaeval`` imports nothing it is not asked for); nothing here imports a floor above at import time
(docs/architecture.md says why this design).
"""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol, runtime_checkable

import numpy as np

from wekaeval.arff import Dataset
from wekaeval.errors import ArgumentError, EvaluationError
from wekaeval.javamath import JavaRandom, RandomSource


@dataclass(frozen=True, eq=False)
class PredictedPart:
    """A model's predictions on one test part, and the training part WEKA takes the priors from.

    ``distributions`` are (n, k) class probabilities, or for a numeric class the n predicted values;
    ``actual`` the test instances' class (index or value, NaN when missing) and ``weights`` theirs, in the
    order WEKA evaluates them.  ``prior_actual`` and ``prior_weights`` are the training instances' class and
    weights in the order WEKA hands them to the classifier (None: the priors stay as they are).
    ``intervals`` and ``log_densities`` are :meth:`Evaluation.evaluate_batch`'s, for a numeric class.
    ``columns`` names the class of each column of ``distributions`` (labels or indices) when they are not the
    Evaluation's classes in order; a class without a column gets probability 0.
    """

    distributions: np.ndarray
    actual: np.ndarray
    weights: np.ndarray
    prior_actual: np.ndarray | None = None
    prior_weights: np.ndarray | None = None
    intervals: Any = None
    log_densities: Any = None
    columns: tuple[Any, ...] | None = None


@runtime_checkable
class ModelRunner(Protocol):
    """What the model-running methods need of a model: WEKA's four ways to predict, and its command line."""

    def cross_validate(self, data: Any, folds: int, random: RandomSource) -> Sequence[PredictedPart]:
        """Train and predict each fold of ``crossValidateModel(model, data, folds, random)``, advancing
        ``random`` as WEKA does."""
        ...

    def train_test_split(self, data: Any, percentage: float, random: RandomSource | None) -> PredictedPart:
        """Train on the first ``percentage`` % of ``data`` (shuffled with ``random`` unless None), predict the rest."""
        ...

    def test(self, data: Any) -> PredictedPart:
        """Predict ``data`` with the model as built (trained) already."""
        ...

    def test_once(self, instance: Any) -> PredictedPart:
        """Predict one instance with the model as built already."""
        ...

    def command_line(self, args: Sequence[str]) -> str:
        """WEKA's command-line evaluation (``-t``, ``-T``, ``-x``, ...) of the model, as text."""
        ...


#: The factories that make a :class:`ModelRunner` of a model (the injection point), first match wins.
_FACTORIES: list[Callable[[Any], ModelRunner | None]] = []

#: The module whose import registers the factories of scikit-learn estimators and WEKA schemes: imported, by
#: name, when a model comes that no registered factory takes.
_REGISTERING_MODULE = "wekaeval.models"


def register_model_runner(factory: Callable[[Any], ModelRunner | None]) -> None:
    """Register ``factory(model) -> ModelRunner | None`` with the model-running methods (once; a floor above
    this one, ``wekaeval.models``, registers scikit-learn estimators and WEKA schemes)."""
    if factory not in _FACTORIES:
        _FACTORIES.append(factory)


def model_runner(model: Any) -> ModelRunner:
    """The runner of ``model``: itself when it is a :class:`ModelRunner`, else a registered factory's.

    Raises
    ------
    EvaluationError
        For a model no factory takes, naming its type.
    """
    if isinstance(model, ModelRunner):
        return model
    for registering in (None, _REGISTERING_MODULE):
        if registering is not None:
            importlib.import_module(registering)  # registers its factory, once
        for factory in _FACTORIES:
            runner = factory(model)
            if runner is not None:
                return runner
    raise EvaluationError(
        f"cannot run a {type(model).__name__} as a model: give a scikit-learn estimator, a WEKA classifier's "
        'command line ("weka.classifiers.trees.J48 -C 0.25"), a python-weka-wrapper3 Classifier, or a '
        "wekaeval.evaluation.ModelRunner"
    )


def java_random(rnd: Any) -> RandomSource:
    """``rnd`` as a Random: a seed (``new Random(seed)``), a :class:`~wekaeval.javamath.JavaRandom`, or any
    object with ``next_int``/``next_double`` (python-weka-wrapper3's ``Random``), used as it is."""
    if isinstance(rnd, bool):
        raise ArgumentError(f"rnd must be a JavaRandom, a Random or a seed, got {rnd!r}")
    if isinstance(rnd, (int, np.integer)):
        return JavaRandom(int(rnd))
    if callable(getattr(rnd, "next_int", None)) and callable(getattr(rnd, "next_double", None)):
        return rnd
    raise ArgumentError(f"rnd must be a JavaRandom, a Random or a seed, got {type(rnd).__name__}")


def header_of(data: Dataset) -> Dataset:
    """``data`` without its instances: relation, attributes and class (WEKA's ``new Instances(data, 0)``)."""
    return replace(data, class_values=np.empty(0), weights=np.empty(0))


def _no_output(output: Any) -> None:
    if output is not None:
        raise EvaluationError(
            "output= (python-weka-wrapper3's PredictionOutput) is not taken: the predictions are recorded, "
            "see predictions and prediction_arrays()"
        )


class ModelRunningMixin:
    """python-weka-wrapper3's model-running methods, for :class:`wekaeval.Evaluation`."""

    # provided by Evaluation
    set_priors: Callable[..., None]
    evaluate_batch: Callable[..., np.ndarray]
    _header_dataset: Dataset | None

    @property
    def class_names(self) -> tuple[str, ...] | None:  # Evaluation's
        raise NotImplementedError

    def crossvalidate_model(self, classifier: Any, data: Any, num_folds: int, rnd: Any, output: Any = None) -> None:
        """``crossValidateModel``: WEKA's (stratified) cross-validation of ``classifier`` on ``data``.

        Parameters
        ----------
        classifier : scikit-learn estimator, WEKA command line, or python-weka-wrapper3 Classifier
            Copied for each fold (scikit-learn's ``clone``, WEKA's ``makeCopy``), never trained itself.
        data : Dataset, Instances, path, or (X, y)
            A :func:`wekaeval.load_arff` dataset (read from a path), python-weka-wrapper3's ``Instances``, an
            ARFF path, or features and class.
        num_folds : int
        rnd : JavaRandom, python-weka-wrapper3 Random, or int
            The random number generator (a seed makes ``new Random(seed)``); advanced as WEKA advances it.
        output : None
            python-weka-wrapper3's PredictionOutput is not taken (the predictions are recorded).

        Each fold's priors come from its training part, in WEKA's order, and its predictions add to this
        Evaluation's sums: for a WEKA scheme every statistic is then WEKA's own ``crossValidateModel``
        double, for a scikit-learn model it is what WEKA computes from the same predictions.  As WEKA's, it
        refuses fewer than 2 folds with a nominal class, 1 fold with a numeric one, and with a numeric class and
        0 or fewer folds evaluates nothing (the data is shuffled, no fold runs), which a ``UserWarning`` says.
        """
        _no_output(output)
        if isinstance(num_folds, bool) or not isinstance(num_folds, (int, np.integer)):
            raise ArgumentError(f"num_folds must be a whole number, got {num_folds!r}")
        parts = model_runner(classifier).cross_validate(data, int(num_folds), java_random(rnd))
        if not parts:
            warnings.warn(
                f"num_folds={num_folds}: WEKA's crossValidateModel runs no fold at all with a numeric class and 0 or "
                "fewer folds, so nothing was evaluated (Total Number of Instances 0), as in WEKA",
                UserWarning,
                stacklevel=2,
            )
        for part in parts:
            self.evaluate_part(part)

    def evaluate_train_test_split(
        self, classifier: Any, data: Any, percentage: float, rnd: Any = None, output: Any = None
    ) -> None:
        """Train a copy on the first ``percentage`` % of ``data`` (shuffled with ``rnd``; None keeps the order)
        and evaluate it on the rest, as python-weka-wrapper3 does: the priors stay this Evaluation's own.

        The training part is ``Math.round(n * percentage / 100)`` instances, as WEKA's ``-split-percentage``
        takes it (python-weka-wrapper3 rounds halves to even).
        """
        _no_output(output)
        random = None if rnd is None else java_random(rnd)
        part = model_runner(classifier).train_test_split(data, float(percentage), random)
        self.evaluate_part(part, priors=False)

    def test_model(self, classifier: Any, data: Any, output: Any = None) -> np.ndarray:
        """Evaluate the built (trained) ``classifier`` on ``data``; returns the predicted classes (NaN:
        unclassified), or for a numeric class the predicted values."""
        _no_output(output)
        return self.evaluate_part(model_runner(classifier).test(data), priors=False)

    def test_model_once(self, classifier: Any, inst: Any, store: bool = False) -> float:
        """Evaluate the built ``classifier`` on one instance; returns the predicted class (NaN: unclassified).

        ``inst`` is ``(features, actual)`` or ``(features, actual, weight)`` for a scikit-learn model (a
        class index or name, None when missing), a python-weka-wrapper3 or JPype ``Instance`` for a WEKA one.
        The prediction is recorded whatever ``store`` says (the README's deliberate differences).
        """
        predicted = self.evaluate_part(model_runner(classifier).test_once(inst), priors=False)
        return float(predicted[0])

    @classmethod
    def evaluate_model(cls, classifier: Any, args: Sequence[str]) -> str:
        """WEKA's command-line evaluation of ``classifier`` with ``args`` (``["-t", "iris.arff", "-x", "5"]``).

        For a WEKA scheme, WEKA's own text (``Evaluation.evaluateModel``); for a scikit-learn model the same
        sections, each evaluated by wekaeval (see :mod:`wekaeval.models`).
        """
        if isinstance(args, str) or not all(isinstance(a, str) for a in args):
            raise EvaluationError("args must be a list of WEKA's command-line options, each a str")
        return model_runner(classifier).command_line(list(args))

    @property
    def header(self) -> Dataset | None:
        """The dataset's header (``getHeader``): its relation, attributes and class, without instances;
        None when this Evaluation was made from class names."""
        return self._header_dataset

    def evaluate_part(self, part: PredictedPart, *, priors: bool = True) -> np.ndarray:
        """Evaluate a model's predictions on one part (a fold, a split's test part), after setting the priors
        from its training part when it has one and ``priors``; returns the predicted classes (or values)."""
        if priors and part.prior_actual is not None:
            self.set_priors(part.prior_actual, part.prior_weights)
        extras = {
            name: value
            for name, value in (("intervals", part.intervals), ("log_densities", part.log_densities))
            if value is not None
        }
        distributions = part.distributions
        if part.columns is not None and self.class_names is not None:
            given = np.asarray(distributions, dtype=np.float64).reshape(len(part.actual), -1)
            distributions = np.zeros((len(part.actual), len(self.class_names)))
            for column, label in enumerate(part.columns):
                index = label if isinstance(label, (int, np.integer)) else self.class_names.index(str(label))
                distributions[:, int(index)] = given[:, column]
        return self.evaluate_batch(distributions, part.actual, part.weights, **extras)
