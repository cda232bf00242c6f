"""WEKA schemes run in the JVM for the model-running methods and the Experimenter (``wekaeval.bridge``).

:class:`WekaRunner` is a WEKA classifier -- its command line, or a python-weka-wrapper3 ``Classifier`` or
JPype object -- as a :class:`wekaeval.evaluation.ModelRunner`.  A cross-validation is WEKA's own
``crossValidateModel`` (a copy of the classifier per fold, WEKA's folds), its predictions handed back in
bulk; the priors of each fold come from the port's folds (:func:`wekaeval.folds.cross_validation_folds`,
the same instances in the same order, which the predictions' classes confirm).  Nothing here runs at import.
"""

from __future__ import annotations

import math
import os
import sys
import tempfile
from collections.abc import Sequence
from typing import Any

import numpy as np

from wekaeval import bridge
from wekaeval.errors import EvaluationError
from wekaeval.evaluation._shared import PredictedPart, percentage_split, weka_folds
from wekaeval.javamath import JavaRandom, RandomSource
from wekaeval.models._data import ModelData, ModelDataError, model_data

_MULTIPLIER = 0x5DEECE66D


def java_object(value: Any, java_type: str) -> Any:
    """``value`` (or a python-weka-wrapper3 wrapper's ``jobject``) if it is a JPype object of ``java_type``, else
    None; never starts a JVM."""
    jpype = sys.modules.get("jpype")
    target = getattr(value, "jobject", value)
    if jpype is None or not jpype.isJVMStarted() or not isinstance(target, jpype.JObject):
        return None
    return target if isinstance(target, jpype.JClass(java_type)) else None


def is_weka_classifier(model: Any) -> bool:
    """Whether ``model`` is a WEKA classifier object: python-weka-wrapper3's (``.jobject``) or JPype's."""
    return java_object(model, "weka.classifiers.Classifier") is not None


class WekaRunner:
    """A WEKA classifier as a model runner: a command line (a template, copied for every training) or a
    classifier object (``test`` and ``test_once`` use it as built)."""

    def __init__(self, classifier: Any):
        if isinstance(classifier, str):
            name, options = bridge.parse_classifier(classifier)
            self.template, self.command_line_text = bridge.make_classifier(name, options)
            self.built: Any = None
        else:
            self.built = getattr(classifier, "jobject", classifier)
            self.template = self.built
            self.command_line_text = str(bridge.java_class("weka.core.Utils").toCommandLine(self.built))

    def __repr__(self) -> str:
        return f"WekaRunner({self.command_line_text!r})"

    def copy(self) -> Any:
        """A fresh copy of the template (``AbstractClassifier.makeCopy``)."""
        return bridge.java_class("weka.classifiers.AbstractClassifier").makeCopy(self.template)

    # -- the ModelRunner protocol --------------------------------------------------------------------------

    def cross_validate(self, data: Any, folds: int, random: RandomSource) -> list[PredictedPart]:
        prepared = model_data(data, features=False)
        instances = jvm_instances(prepared)
        java_random, replay = synced_random(random)
        nominal = prepared.nominal
        estimator = not nominal and self._estimates()
        try:  # WEKA's refusals as the port's errors; WEKA's randomize advances its Random before it refuses
            splits = weka_folds(prepared.num_instances, folds, replay, classes=prepared.class_codes())
        except ValueError:
            if replay is not random:  # python-weka-wrapper3's Random, whose Java object WEKA would have advanced
                bridge.java_class("weka.core.Instances")(instances).randomize(java_random)
            raise
        if estimator:
            rows, extras = _estimator_folds(self, instances, folds, java_random)
        else:
            evaluation = bridge.java_class("weka.classifiers.evaluation.Evaluation")(instances)
            _java(lambda: evaluation.crossValidateModel(self.template, instances, folds, java_random), self, prepared)
            rows = bridge.prediction_rows(evaluation.predictions(), _width(prepared))
            extras = None
        parts, start = [], 0
        for number, (train, test) in enumerate(splits):
            block = rows[start : start + len(test)]
            start += len(test)
            _check_same(block[:, 0], prepared.y[test], self, number)
            parts.append(
                PredictedPart(
                    block[:, 2:] if nominal else block[:, 2],
                    block[:, 0],
                    block[:, 1],
                    prepared.y[train],
                    prepared.weights[train],
                    **(extras[number] if extras else ({} if nominal else {"intervals": False, "log_densities": False})),
                )
            )
        return parts

    def train_test_split(self, data: Any, percentage: float, random: RandomSource | None) -> PredictedPart:
        prepared = model_data(data, features=False)
        instances = jvm_instances(prepared)
        train, test = percentage_split(prepared.num_instances, percentage, random)
        model = self.copy()
        train_data, test_data = subset(instances, train), subset(instances, test)
        _java(lambda: model.buildClassifier(train_data), self, prepared)
        return self._predicted(model, train_data, test_data, prepared)

    def test(self, data: Any) -> PredictedPart:
        prepared = model_data(data, features=False)
        instances = jvm_instances(prepared)
        return self._predicted(self._built(), instances, instances, prepared)

    def test_once(self, instance: Any) -> PredictedPart:
        model = self._built()
        target = java_object(instance, "weka.core.Instance")
        if target is None:
            raise EvaluationError("a WEKA classifier predicts a WEKA Instance (python-weka-wrapper3's or JPype's)")
        missing = target.copy()
        missing.setDataset(target.dataset())
        missing.setClassMissing()
        distribution = np.asarray(model.distributionForInstance(missing), dtype=np.float64)
        actual = np.array([target.classValue()], dtype=np.float64)
        nominal = bool(target.classAttribute().isNominal())
        extras: dict[str, Any] = {} if nominal else {"intervals": False, "log_densities": False}
        values = distribution[None, :] if nominal else distribution[:1]
        return PredictedPart(values, actual, np.array([float(target.weight())]), **extras)

    def command_line(self, args: Sequence[str]) -> str:
        bridge.start_jvm()
        import jpype

        options = jpype.JArray(jpype.JString)(list(args))
        try:
            return str(bridge.java_class("weka.classifiers.evaluation.Evaluation").evaluateModel(self.copy(), options))
        except jpype.JException as error:
            exhausted = bridge.out_of_memory(error, f"{self.command_line_text} {' '.join(args)}")
            if exhausted is not None:
                raise exhausted from None
            message = str(error.getMessage() or error.getClass().getName()).strip()
            raise bridge.WekaError(f"{self.command_line_text} {' '.join(args)}: {message}", message) from None

    # -- helpers ------------------------------------------------------------------------------------------------

    def _built(self) -> Any:
        if self.built is None:
            raise EvaluationError(
                f"{self.command_line_text} is a command line, not a built classifier: test_model needs a trained "
                "model (a python-weka-wrapper3 Classifier after build_classifier, or a fitted scikit-learn model)"
            )
        return self.built

    def _estimates(self) -> bool:
        return bool(
            isinstance(self.template, bridge.java_class("weka.classifiers.IntervalEstimator"))
            or isinstance(self.template, bridge.java_class("weka.classifiers.ConditionalDensityEstimator"))
        )

    def _predicted(self, model: Any, train: Any, test: Any, prepared: ModelData) -> PredictedPart:
        evaluation = bridge.java_class("weka.classifiers.evaluation.Evaluation")(train)
        _java(lambda: evaluation.evaluateModel(model, test, _no_objects()), self, prepared)
        rows = bridge.prediction_rows(evaluation.predictions(), _width(prepared))
        extras: dict[str, Any] = {} if prepared.nominal else {"intervals": False, "log_densities": False}
        if not prepared.nominal and self._estimates():
            extras = _estimates_of(model, test)
        values = rows[:, 2:] if prepared.nominal else rows[:, 2]
        return PredictedPart(values, rows[:, 0], rows[:, 1], **extras)


def _width(prepared: ModelData) -> int:
    return len(prepared.class_names) if prepared.class_names is not None else 1


def _no_objects() -> Any:
    import jpype

    return jpype.JArray(jpype.JObject)([])


def _java(call: Any, runner: WekaRunner, prepared: ModelData) -> Any:
    """Run a JVM call, WEKA's failures as WekaError/WekaRefusal naming the scheme and the data."""
    import jpype

    try:
        return call()
    except jpype.JException as error:
        exhausted = bridge.out_of_memory(error, f"{runner.command_line_text} on {prepared.source or prepared.relation}")
        if exhausted is not None:
            raise exhausted from None
        message = str(error.getMessage() or error.getClass().getName()).strip()
        refusal = isinstance(error, jpype.JClass("weka.core.WekaException")) or "Cannot handle" in message
        kind = bridge.WekaRefusal if refusal else bridge.WekaError
        raise kind(
            f"{runner.command_line_text} on {prepared.source or prepared.relation}: {message}", message
        ) from None


def _check_same(weka_actual: np.ndarray, ours: np.ndarray, runner: WekaRunner, fold: int) -> None:
    if not np.array_equal(weka_actual, ours, equal_nan=True):
        raise bridge.WekaError(
            f"{runner.command_line_text}: fold {fold + 1} of WEKA's cross-validation is not the port's"
        )


def synced_random(random: RandomSource) -> tuple[Any, RandomSource]:
    """A ``java.util.Random`` for WEKA and a Random for the port, both where ``random`` is now: WEKA advances
    the first; the port replays the same draws on the second (``random`` itself for a JavaRandom, so it ends
    where WEKA leaves its own; a copy of a python-weka-wrapper3 Random, whose Java object WEKA advances)."""
    if isinstance(random, JavaRandom):
        java = bridge.java_class("java.util.Random")()
        java.setSeed(random.state ^ _MULTIPLIER)
        return java, random
    target = getattr(random, "jobject", None)
    if target is not None and isinstance(target, bridge.java_class("java.util.Random")):
        copy = bridge.java_class("weka.core.SerializedObject")(target).getObject()
        return target, _JavaRandomAdapter(copy)
    raise EvaluationError(
        "a WEKA scheme draws from a java.util.Random: give a seed, a wekaeval JavaRandom or python-weka-wrapper3's "
        f"Random, not a {type(random).__name__}"
    )


class _JavaRandomAdapter:
    """A ``java.util.Random`` object as the port draws from it."""

    def __init__(self, random: Any):
        self.random = random

    def next_int(self, bound: int) -> int:
        return int(self.random.nextInt(bound))

    def next_double(self) -> float:
        return float(self.random.nextDouble())


def jvm_instances(prepared: ModelData) -> Any:
    """The dataset in the JVM: python-weka-wrapper3's Instances as given, its ARFF file as WEKA reads it, or one
    written from ``(X, y)``."""
    if prepared.instances is not None:
        return prepared.instances
    if prepared.source is not None:
        instances = bridge.load_instances(prepared.source, prepared.class_index)
        if instances.numInstances() != prepared.num_instances:
            raise ModelDataError(f"{prepared.source} has changed since it was loaded: load it again")
        return instances
    handle, path = tempfile.mkstemp(suffix=".arff", prefix="wekaeval-")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(prepared.arff_text())
        return bridge.load_instances(path, len(prepared.feature_names))
    finally:
        os.unlink(path)


def subset(instances: Any, rows: np.ndarray) -> Any:
    """A copy of ``instances`` holding the instances at ``rows``, in that order."""
    copy = bridge.java_class("weka.core.Instances")(instances, len(rows))
    for row in rows.tolist():
        copy.add(instances.instance(row))
    return copy


def _estimates_of(model: Any, test: Any) -> dict[str, Any]:
    """A regression scheme's intervals (IntervalEstimator) and log densities (ConditionalDensityEstimator) on
    ``test``, instance by instance, as WEKA's evaluationForSingleInstance asks for them; False where the scheme
    is not one."""
    interval = isinstance(model, bridge.java_class("weka.classifiers.IntervalEstimator"))
    density = isinstance(model, bridge.java_class("weka.classifiers.ConditionalDensityEstimator"))
    n = test.numInstances()
    intervals: list[Any] = []
    densities = np.full(n, math.nan)
    for i in range(n):
        instance = test.instance(i)
        missing = instance.copy()
        missing.setDataset(test)
        missing.setClassMissing()
        known = not instance.classIsMissing()
        if interval:
            bounds = np.asarray([list(b) for b in model.predictIntervals(missing, 0.95)], dtype=np.float64)
            intervals.append(bounds if known else np.full_like(bounds, math.nan))
        if density and known:
            densities[i] = float(model.logDensity(missing, instance.classValue()))
    return {
        "intervals": np.array(intervals) if interval else False,
        "log_densities": densities if density else False,
    }


def _estimator_folds(runner: WekaRunner, instances: Any, folds: int, java_random: Any) -> tuple[np.ndarray, list]:
    """crossValidateModel's loop for a numeric class and an interval or density estimator, with what WEKA's
    Evaluation asks of those schemes per instance (its predictions come as crossValidateModel's)."""
    copy = bridge.java_class("weka.core.Instances")(instances)
    copy.randomize(java_random)
    rows, extras = [], []
    for fold in range(folds):
        train = copy.trainCV(folds, fold, java_random)
        test = copy.testCV(folds, fold)
        model = runner.copy()
        model.buildClassifier(train)
        evaluation = bridge.java_class("weka.classifiers.evaluation.Evaluation")(train)
        evaluation.evaluateModel(model, test, _no_objects())
        rows.append(bridge.prediction_rows(evaluation.predictions(), 1))
        extras.append(_estimates_of(model, test))
    return (np.concatenate(rows) if rows else np.empty((0, 3))), extras  # no rows: no folds (numeric, folds <= 0)
