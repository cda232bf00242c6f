"""scikit-learn estimators on WEKA's folds, as WEKA would run a classifier.

:class:`SklearnRunner` runs a scikit-learn estimator where WEKA would run a classifier: a fresh ``clone``
for each training part (WEKA's ``makeCopy``), fitted on the part's instances in WEKA's order without those
of a missing class (which WEKA's classifiers drop), with the instance weights as ``sample_weight`` when its
``fit`` takes one; the probabilities of ``predict_proba`` (in the order of the class's labels; a label the
model never saw gets 0), else a distribution of 1 for the predicted class; a numeric class's ``predict``.
:func:`scheme_key` names an estimator in the Experimenter's key columns.
"""

from __future__ import annotations

import inspect
import re
import time
from collections.abc import Sequence
from typing import Any

import numpy as np

from wekaeval.errors import EvaluationError
from wekaeval.evaluation import Evaluation, cross_validation_text
from wekaeval.evaluation._shared import PredictedPart, percentage_split, weka_folds
from wekaeval.javamath import JavaRandom, RandomSource
from wekaeval.models._data import ModelData, model_data


def is_sklearn_estimator(model: Any) -> bool:
    """Whether ``model`` looks like a scikit-learn estimator (``fit``, ``predict`` and ``get_params``)."""
    return all(callable(getattr(model, name, None)) for name in ("fit", "predict", "get_params"))


class SklearnRunner:
    """A scikit-learn estimator as a model runner (see the module's rules)."""

    def __init__(self, estimator: Any):
        self.estimator = estimator

    def __repr__(self) -> str:
        return f"SklearnRunner({self.estimator!r})"

    # -- fitting and predicting on index sets, shared with the Experimenter -------------------------------------

    def fit(self, data: ModelData, rows: np.ndarray) -> Any:
        """A clone fitted on ``rows`` (WEKA's order), without the rows of a missing class."""
        from sklearn.base import clone

        known = rows[~np.isnan(data.y[rows])]
        if not len(known):
            raise EvaluationError(f"{self.estimator!r} on {data.relation}: no training instance has a class")
        model = clone(self.estimator)
        tell_encoding(model, data)
        target = data.y[known].astype(np.int64) if data.nominal else data.y[known]
        weights = data.weights[known]
        if not np.all(weights == 1.0) and "sample_weight" in inspect.signature(model.fit).parameters:
            model.fit(data.X[known], target, sample_weight=weights)
        else:
            model.fit(data.X[known], target)
        return model

    def predict(self, model: Any, data: ModelData, rows: np.ndarray) -> np.ndarray:
        """The distributions (nominal class, n x k) or values (numeric class) ``model`` predicts for ``rows``."""
        features = data.X[rows]
        if not data.nominal:
            return np.asarray(model.predict(features), dtype=np.float64).reshape(-1)
        names = data.class_names or ()
        distributions = np.zeros((len(rows), len(names)))
        if not len(rows):
            return distributions
        columns = _class_columns(model.classes_, names, model)
        if hasattr(model, "predict_proba"):
            distributions[:, columns] = np.asarray(model.predict_proba(features), dtype=np.float64)
        else:
            position = dict(zip(np.asarray(model.classes_).tolist(), columns.tolist(), strict=True))
            predicted = [position[label] for label in np.asarray(model.predict(features)).tolist()]
            distributions[np.arange(len(rows)), predicted] = 1.0
        return distributions

    def part(self, model: Any, data: ModelData, train: np.ndarray | None, test: np.ndarray) -> PredictedPart:
        extras: dict[str, Any] = {} if data.nominal else {"intervals": False, "log_densities": False}
        return PredictedPart(
            self.predict(model, data, test),
            data.y[test],
            data.weights[test],
            None if train is None else data.y[train],
            None if train is None else data.weights[train],
            **extras,
        )

    # -- the ModelRunner protocol --------------------------------------------------------------------------------

    def cross_validate(self, data: Any, folds: int, random: RandomSource) -> list[PredictedPart]:
        prepared = model_data(data)
        splits = weka_folds(prepared.num_instances, folds, random, classes=prepared.class_codes())
        return [self.part(self.fit(prepared, train), prepared, train, test) for train, test in splits]

    def train_test_split(self, data: Any, percentage: float, random: RandomSource | None) -> PredictedPart:
        prepared = model_data(data)
        train, test = percentage_split(prepared.num_instances, percentage, random)
        return self.part(self.fit(prepared, train), prepared, train, test)

    def test(self, data: Any) -> PredictedPart:
        prepared = model_data(data)
        self._check_fitted()
        return self.part(self.estimator, prepared, None, np.arange(prepared.num_instances))

    def test_once(self, instance: Any) -> PredictedPart:
        self._check_fitted()
        if not isinstance(instance, tuple) or len(instance) not in (2, 3):
            raise EvaluationError("a scikit-learn model predicts one instance given as (features, actual[, weight])")
        features = np.asarray(instance[0], dtype=np.float64).reshape(1, -1)
        actual = instance[1]
        weight = float(instance[2]) if len(instance) == 3 else 1.0
        classes = getattr(self.estimator, "classes_", None)
        if classes is None:  # a regressor
            predicted = np.asarray(self.estimator.predict(features), dtype=np.float64).reshape(-1)
            value = np.nan if actual is None else float(actual)
            return PredictedPart(predicted, np.array([value]), np.array([weight]), intervals=False, log_densities=False)
        labels = tuple(np.asarray(classes).tolist())
        if hasattr(self.estimator, "predict_proba"):
            distribution = np.asarray(self.estimator.predict_proba(features), dtype=np.float64)
        else:
            predicted = np.asarray(self.estimator.predict(features)).tolist()[0]
            distribution = np.array([[1.0 if label == predicted else 0.0 for label in labels]])
        return PredictedPart(distribution, np.array([actual], dtype=object), np.array([weight]), columns=labels)

    def command_line(self, args: Sequence[str]) -> str:
        return sklearn_command_line(self, list(args))

    def _check_fitted(self) -> None:
        from sklearn.utils.validation import check_is_fitted

        try:
            check_is_fitted(self.estimator)
        except Exception as error:  # NotFittedError, or a TypeError for an object that is no estimator
            raise EvaluationError(f"test_model needs a fitted model: {error}") from None


def tell_encoding(model: Any, data: ModelData) -> None:
    """Tell each part of ``model`` that asks for it (a ``_wekaeval_take_encoding`` method, as
    :class:`wekaeval.sklearn.ReplaceMissingValues` has) which columns of ``data``'s features encode nominal
    attributes: a freshly cloned model learns them here, as WEKA's filters read them from the header."""
    parts = [model]
    if callable(getattr(model, "get_params", None)):
        parts += list(model.get_params(deep=True).values())
    for part in parts:
        take = getattr(type(part), "_wekaeval_take_encoding", None)
        if callable(take) and data.encoded:
            take(part, data.onehot_groups, data.ordinal_labels)


def _class_columns(classes: Any, names: Sequence[str], model: Any) -> np.ndarray:
    """The column of each of ``model.classes_`` among the class's labels: a label index (what this module
    fits on), or a label by name (a model the user fitted on the labels)."""
    values = np.asarray(classes)
    if values.dtype.kind in "iub":
        columns = values.astype(np.int64)
        if len(columns) and (columns.min() < 0 or columns.max() >= len(names)):
            raise EvaluationError(f"{model!r} knows classes {values.tolist()}, the data has {len(names)}")
        return columns
    index = {name: i for i, name in enumerate(names)}
    unknown = [label for label in values.tolist() if str(label) not in index]
    if unknown:
        raise EvaluationError(f"{model!r} predicts class {unknown[0]!r}, which is not one of {list(names)}")
    return np.array([index[str(label)] for label in values.tolist()], dtype=np.int64)


def sklearn_command_line(runner: SklearnRunner, args: list[str]) -> str:
    """The sections of WEKA's command-line output for a scikit-learn model, each evaluated by wekaeval.

    Takes ``-t`` (training file), ``-T`` (test file), ``-c`` (class), ``-x`` and ``-s`` (folds, seed),
    ``-split-percentage`` and ``-preserve-order``, ``-no-cv``, ``-v`` (no training-set statistics),
    ``-o`` (no model), ``-k`` (complexity statistics); the model is printed as its ``repr``.
    """
    options = _options(args)
    train_path = options.pop("-t", None)
    if train_path is None:
        raise EvaluationError("evaluate_model needs -t (the training file), as WEKA's command line does")
    prepared = model_data(train_path, class_attribute=options.pop("-c", None))
    complexity = options.pop("-k", None) is not None
    folds = int(options.pop("-x", "10"))
    seed = int(options.pop("-s", "1"))
    test_path = options.pop("-T", None)
    split = options.pop("-split-percentage", None)
    preserve = options.pop("-preserve-order", None) is not None
    no_cv = options.pop("-no-cv", None) is not None
    no_training = options.pop("-v", None) is not None
    no_model = options.pop("-o", None) is not None
    if options:
        raise EvaluationError(f"evaluate_model: options not taken for a scikit-learn model: {sorted(options)}")
    text = []
    start = time.perf_counter()
    model = runner.fit(prepared, np.arange(prepared.num_instances))
    took = time.perf_counter() - start
    if not no_model:
        text.append(
            f"\n=== Classifier model (full training set) ===\n\n{model!r}\n\n"
            f"Time taken to build model: {took:.2f} seconds\n"
        )
    if not no_training:
        evaluation = _evaluation(prepared)
        evaluation.evaluate_part(runner.part(model, prepared, None, np.arange(prepared.num_instances)))
        text.append(_blocks(evaluation, "=== Error on training data ===\n", complexity))
    if test_path is not None:
        test = model_data(test_path, class_attribute=prepared.class_index)
        evaluation = _evaluation(prepared)
        evaluation.evaluate_part(runner.part(model, test, None, np.arange(test.num_instances)))
        text.append(_blocks(evaluation, "=== Error on test data ===\n", complexity))
    elif split is not None:
        train, test_rows = percentage_split(
            prepared.num_instances, float(split), None if preserve else JavaRandom(seed)
        )
        evaluation = _evaluation(prepared)
        evaluation.set_priors(prepared.y[train], prepared.weights[train])
        evaluation.evaluate_part(runner.part(runner.fit(prepared, train), prepared, None, test_rows))
        text.append(_blocks(evaluation, "=== Error on test split ===\n", complexity))
    elif not no_cv:
        evaluation = _evaluation(prepared)
        evaluation.crossvalidate_model(runner, prepared, folds, JavaRandom(seed))
        text.append("\n\n" + cross_validation_text(evaluation, complexity=complexity) + "\n")
    return "\n".join(text)


def _options(args: list[str]) -> dict[str, str]:
    flags = {"-k", "-preserve-order", "-no-cv", "-v", "-o"}
    options, i = {}, 0
    while i < len(args):
        name = args[i]
        if name in flags:
            options[name] = ""
            i += 1
        elif name.startswith("-") and i + 1 < len(args):
            options[name] = args[i + 1]
            i += 2
        else:
            raise EvaluationError(f"evaluate_model: cannot read option {name!r}")
    return options


def _evaluation(prepared: ModelData) -> Evaluation:
    evaluation = Evaluation(prepared.class_names)
    evaluation.set_priors(prepared.y, prepared.weights)
    return evaluation


def _blocks(evaluation: Evaluation, title: str, complexity: bool) -> str:
    text = "\n" + evaluation.summary(title, complexity)
    if not evaluation.numeric:
        text += "\n\n" + evaluation.class_details() + "\n\n" + evaluation.matrix()
    return text + "\n"


_PRIVATE = re.compile(r"\._[^.]*")


def scheme_key(model: Any) -> tuple[str, str, str]:
    """``(Key_Scheme, Key_Scheme_options, Key_Scheme_version_ID)`` of a scikit-learn estimator.

    Its class under its public module path (``sklearn.tree.DecisionTreeClassifier``), the parameters that
    differ from the defaults as its ``repr`` shows them (``max_depth=3, random_state=0``), and the version
    of the package that defines it (``1.9.1``); WEKA's are the class, ``getOptions()`` joined and the
    class's ``serialVersionUID``.
    """
    cls = type(model)
    module = cls.__module__.split(".")
    public = ".".join(module[: next((i for i, part in enumerate(module) if part.startswith("_")), len(module))])
    text = (
        model.__repr__(N_CHAR_MAX=10**6)
        if "N_CHAR_MAX" in inspect.signature(model.__repr__).parameters
        else repr(model)
    )
    text = " ".join(text.split())
    options = text[len(cls.__name__) + 1 : -1] if text.startswith(cls.__name__ + "(") and text.endswith(")") else text
    package = __import__(module[0])
    return f"{public}.{cls.__qualname__}", options, str(getattr(package, "__version__", ""))
