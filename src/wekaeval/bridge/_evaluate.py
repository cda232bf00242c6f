"""The real WEKA, in a JVM, through python-weka-wrapper3 (the ``weka`` extra).

Nothing here runs at import: the JVM starts on the first call that needs it,
once per process, with the weka.jar that python-weka-wrapper3 ships
(:mod:`wekaeval.bridge`).  A JVM that python-weka-wrapper3 or the user already
started is reused.

:func:`evaluate` runs WEKA's own evaluation as its command line does (``-x/-s``
cross-validation, ``-T``, ``-split-percentage`` with or without
``-preserve-order``, ``-no-cv``) and brings back all of WEKA's numbers, its
three text blocks and, in bulk, its per-instance predictions:

>>> from wekaeval import bridge
>>> result = bridge.evaluate("arff_samples/iris.arff", "J48")  # doctest: +SKIP
>>> result.kappa, result.confusion_matrix.shape, result.distributions.shape  # doctest: +SKIP
(0.94, (3, 3), (150, 3))
>>> result.command_line, result.area_under_roc  # doctest: +SKIP
('weka.classifiers.trees.J48 -C 0.25 -M 2', array([0.99 , 0.942, 0.9425]))
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np

from wekaeval.blocks import STATISTICS as TABLE
from wekaeval.bridge._classifiers import _REFUSALS, _message, load_instances, make_classifier, parse_classifier
from wekaeval.bridge._jvm import (
    WekaDataError,
    WekaError,
    WekaRefusal,
    bulk_class,
    java_version,
    out_of_memory,
    prediction_rows,
    start_jvm,
    stderr_lines_dropped,
    weka_version,
)
from wekaeval.javamath import java_round

# python-weka-wrapper3's Evaluation names -> WEKA's getters.
#: The keys of :attr:`WekaEvaluation.statistics`: every statistic of the table, and the class priors.
STATISTIC_NAMES = (*(statistic.name for statistic in TABLE), "class_priors")


#: What ThresholdCurve prints for every prediction of negative weight it leaves out (the port leaves them out too).
_NEGATIVE_WEIGHT_NOTE = "Skipping prediction with negative weight"


@dataclass(frozen=True, eq=False)
class WekaEvaluation:
    """WEKA's evaluation of one classifier on one dataset: how it was run, its numbers, texts and predictions.

    ``mode`` is ``"cross-validation"`` (``folds``, ``seed``), ``"test-set"``
    (``test``), ``"split"`` (``split_percentage``, ``preserve_order``, ``seed``)
    or ``"training-set"``.  ``command_line`` is the classifier as WEKA echoes
    it; feeding it back to :func:`evaluate` makes the same classifier.

    Every statistic python-weka-wrapper3's ``Evaluation`` has is an attribute
    under its name (``result.mean_absolute_error``, ``result.kb_information``,
    ``result.weighted_f_measure``, ...); per-class ones are arrays indexed by
    class (``result.area_under_roc[0]`` for ``evaluation.area_under_roc(0)``);
    ``result.statistics`` holds them all.  Nominal-only ones are absent
    (AttributeError) for a numeric class, ``correlation_coefficient`` for a
    nominal one.  ``summary_text``, ``class_details_text`` and ``matrix_text``
    are WEKA's blocks (the last two None for a numeric class).

    The per-instance arrays are in WEKA's evaluation order (fold by fold for
    a cross-validation): ``actual`` (class index or value, NaN if missing),
    ``distributions`` (n x k probabilities; n x 1 predicted values for a
    numeric class), ``weights`` and ``fold`` (0-based; 0 outside cross-validation).
    ``prior_actual`` and ``prior_weights`` are the class values and weights
    of the instances WEKA took its class priors from, in its order (the
    training data, or a split's training part); None for a cross-validation,
    whose folds each take theirs from their training part
    (:func:`wekaeval.folds.evaluate_folds` redoes that).  For a numeric
    class, ``interval_estimator`` and ``density_estimator`` say whether the
    scheme is one (WEKA then computes coverage and region size, and the SF
    entropies, from its intervals and densities; otherwise it reports them
    as missing).
    """

    dataset: str
    classifier: str
    options: tuple[str, ...]
    command_line: str
    mode: str
    folds: int | None
    seed: int | None
    test: str | None
    split_percentage: float | None
    preserve_order: bool
    class_attribute: str
    class_names: tuple[str, ...] | None
    kappa: float | None
    confusion_matrix: np.ndarray | None
    unclassified: float
    missing_class: float
    pct_correct: float | None
    summary_text: str
    actual: np.ndarray
    distributions: np.ndarray
    weights: np.ndarray
    fold: np.ndarray
    weka_version: str
    java_version: str
    evaluation: Any = field(repr=False, default=None)  # WEKA's weka.classifiers.evaluation.Evaluation
    prior_actual: np.ndarray | None = field(repr=False, default=None)
    prior_weights: np.ndarray | None = field(repr=False, default=None)
    interval_estimator: bool = False
    density_estimator: bool = False

    @property
    def num_predictions(self) -> int:
        """How many predictions WEKA made (instances evaluated, whatever their weights)."""
        return len(self.actual)

    @cached_property
    def statistics(self) -> dict[str, float | np.ndarray]:
        """Every statistic, by python-weka-wrapper3's name; per-class ones as float64 arrays."""
        with stderr_lines_dropped(_NEGATIVE_WEIGHT_NOTE):
            return self._statistics()

    def _statistics(self) -> dict[str, float | np.ndarray]:
        class_names = self.class_names
        out: dict[str, float | np.ndarray] = {}
        for name, getter in (
            (t.name, t.getter) for t in TABLE if t.scope in ("any", "numeric" if class_names is None else "nominal")
        ):
            out[name] = float(getattr(self.evaluation, getter)())
        if class_names is not None:
            k = len(class_names)
            for name, getter in ((t.name, t.getter) for t in TABLE if t.scope == "per-class"):
                method = getattr(self.evaluation, getter)
                out[name] = np.array([float(method(i)) for i in range(k)], dtype=np.float64)
            out["class_priors"] = np.array(list(self.evaluation.getClassPriors()), dtype=np.float64)
        return out

    @cached_property
    def class_details_text(self) -> str | None:
        """WEKA's ``toClassDetailsString()`` (None for a numeric class)."""
        if self.class_names is None:
            return None
        with stderr_lines_dropped(_NEGATIVE_WEIGHT_NOTE):
            return str(self.evaluation.toClassDetailsString())

    @cached_property
    def matrix_text(self) -> str | None:
        """WEKA's ``toMatrixString()`` (None for a numeric class)."""
        return None if self.class_names is None else str(self.evaluation.toMatrixString())

    def __getattr__(self, name: str) -> Any:
        if name in STATISTIC_NAMES and not name.startswith("_"):
            statistics = self.statistics
            if name in statistics:
                return statistics[name]
            kind = "numeric" if self.class_names is None else "nominal"
            raise AttributeError(f"WEKA has no {name} for a {kind} class")
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")


def evaluate(
    data: str | os.PathLike | Any,
    classifier: str = "weka.classifiers.trees.J48",
    options: Sequence[str] | str = (),
    *,
    folds: int = 10,
    seed: int = 1,
    test: str | os.PathLike | Any | None = None,
    split_percentage: float | None = None,
    preserve_order: bool = False,
    no_cv: bool = False,
    class_attribute: str | int | None = None,
) -> WekaEvaluation:
    """Evaluate a classifier with WEKA exactly as WEKA's command line does.

    Cross-validation by default (``-x folds -s seed``); ``test`` builds on
    ``data`` and evaluates on ``test`` (``-T``); ``split_percentage`` trains on
    the first P% of the data shuffled with ``Random(seed)`` (unless
    ``preserve_order``) and tests on the rest (``-split-percentage``,
    ``-preserve-order``); ``no_cv`` evaluates on the training data
    (``-no-cv``: WEKA's "Error on training data").

    Parameters
    ----------
    data, test : path, python-weka-wrapper3 ``Instances`` or JPype ``weka.core.Instances``
    classifier : str
        A class name, a short name (``"J48"``, ``"Logistic"``), or a whole
        command line (``"J48 -C 0.1"``, or a :attr:`WekaEvaluation.command_line`).
    options : sequence of str, or one string
        More options, as on WEKA's command line.
    class_attribute : str or int, optional
        Name, 1-based index as text, ``first`` or ``last``, or a 0-based int
        (see :mod:`wekaeval.arff`).

    Raises
    ------
    ClassifierError, WekaDataError
        A user error, naming the classifier, option, file or attribute.
    WekaRefusal
        WEKA refuses the data by capability; ``reason`` is its whole message.
    WekaError
        For impossible settings (folds, split) or another failure of WEKA's.
    WekaUnavailable
        When Java or python-weka-wrapper3 is missing.
    """
    start_jvm()
    import jpype

    mode = evaluation_mode(test, split_percentage, preserve_order, no_cv)
    if mode == "cross-validation" and int(folds) < 2:
        raise WekaError(f"--folds {folds}: cross-validation needs at least 2 folds")
    name, option_list = parse_classifier(classifier, options)
    model, command_line = make_classifier(name, option_list)
    dataset_name = _name(data)
    train = load_instances(data, class_attribute)
    test_data = None
    if mode == "test-set":
        test_data = load_instances(test, train.classIndex())
        if not train.equalHeaders(test_data):
            difference = "; ".join(str(train.equalHeadersMsg(test_data)).strip().splitlines())
            raise WekaDataError(f"train {dataset_name} and test {_name(test)} are not compatible: {difference}")
    if mode == "cross-validation" and int(folds) > train.numInstances():
        raise WekaError(f"--folds {folds}: more folds than the {train.numInstances()} instances of {dataset_name}")
    Evaluation = jpype.JClass("weka.classifiers.evaluation.Evaluation")
    prior_data = None
    try:
        if mode == "cross-validation":
            evaluation = Evaluation(train)
            evaluation.crossValidateModel(model, train, int(folds), jpype.JClass("java.util.Random")(int(seed)))
            fold = _fold_of_each_prediction(train.numInstances(), int(folds))
        elif mode == "split":
            assert split_percentage is not None  # evaluation_mode's "split" is a given percentage
            evaluation, prior_data = _split(model, train, float(split_percentage), preserve_order, int(seed))
            fold = np.zeros(evaluation.predictions().size(), dtype=np.int64)
        else:
            _build_as_the_command_line_does(model, train)
            evaluated = train if test_data is None else test_data  # loaded in the mode "test-set"
            evaluation = Evaluation(train)
            evaluation.evaluateModel(model, evaluated, jpype.JArray(jpype.JObject)([]))
            prior_data = train
            fold = np.zeros(evaluated.numInstances(), dtype=np.int64)
    except jpype.JException as error:
        exhausted = out_of_memory(error, f"{command_line} on {dataset_name}")
        if exhausted is not None:
            raise exhausted from None
        reason = _message(error)
        refusal = isinstance(error, jpype.JClass("weka.core.WekaException")) or any(f in reason for f in _REFUSALS)
        raise (WekaRefusal if refusal else WekaError)(f"{command_line} on {dataset_name}: {reason}", reason) from None

    nominal = bool(train.classAttribute().isNominal())
    width = train.numClasses() if nominal else 1
    rows = prediction_rows(evaluation.predictions(), width)
    class_names = tuple(str(train.classAttribute().value(i)) for i in range(width)) if nominal else None
    priors = None if prior_data is None else np.asarray(bulk_class().classRows(prior_data)).reshape(-1, 2)
    return WekaEvaluation(
        dataset=dataset_name,
        classifier=name,
        options=tuple(option_list),
        command_line=command_line,
        mode=mode,
        folds=int(folds) if mode == "cross-validation" else None,
        seed=int(seed) if mode == "cross-validation" or (mode == "split" and not preserve_order) else None,
        test=_name(test) if mode == "test-set" else None,
        split_percentage=None if split_percentage is None else float(split_percentage),  # given for "split" only
        preserve_order=bool(preserve_order),
        class_attribute=str(train.classAttribute().name()),
        class_names=class_names,
        kappa=float(evaluation.kappa()) if nominal else None,
        confusion_matrix=np.array([list(r) for r in evaluation.confusionMatrix()], dtype=np.float64)
        if nominal
        else None,
        unclassified=float(evaluation.unclassified()),
        missing_class=float(evaluation.missingClass()),
        pct_correct=float(evaluation.pctCorrect()) if nominal else None,
        summary_text=str(evaluation.toSummaryString()),
        actual=rows[:, 0].copy(),
        distributions=rows[:, 2:].copy(),
        weights=rows[:, 1].copy(),
        fold=fold,
        weka_version=weka_version(),
        java_version=java_version(),
        evaluation=evaluation,
        prior_actual=None if priors is None else priors[:, 0].copy(),
        prior_weights=None if priors is None else priors[:, 1].copy(),
        interval_estimator=bool(isinstance(model, jpype.JClass("weka.classifiers.IntervalEstimator"))),
        density_estimator=bool(isinstance(model, jpype.JClass("weka.classifiers.ConditionalDensityEstimator"))),
    )


def _name(data: Any) -> str:
    """A path as given, or a given ``Instances``' relation name."""
    if isinstance(data, (str, os.PathLike)):
        return os.fspath(data)
    return str(getattr(data, "jobject", data).relationName())


def evaluation_mode(test: Any, split_percentage: float | None, preserve_order: bool, no_cv: bool) -> str:
    """The evaluation mode: ``"test-set"``, ``"split"``, ``"training-set"`` or ``"cross-validation"``.

    Raises
    ------
    WekaError
        For the combinations WEKA's command line refuses (in its words), or a percentage outside (0, 100).
    """
    if test is not None and no_cv:
        raise WekaError("--no-cv with --test: WEKA refuses to turn off cross-validation when a test file is given")
    if test is not None and split_percentage is not None:
        raise WekaError(
            "--split-percentage with --test: WEKA cannot perform a percentage split when a test file is given"
        )
    if preserve_order and split_percentage is None:
        raise WekaError("--preserve-order needs --split-percentage (WEKA: Split percentage is missing)")
    if split_percentage is not None:
        if not (isinstance(split_percentage, (int, float)) and 0 < split_percentage < 100):
            raise WekaError(f"--split-percentage {split_percentage}: WEKA needs a percentage >0 and <100")
        return "split"
    if test is not None:
        return "test-set"
    return "training-set" if no_cv else "cross-validation"


def _build_as_the_command_line_does(model: Any, train: Any) -> None:
    """Build on all of ``train``: incrementally for an UpdateableClassifier, as WEKA's command line does."""
    import jpype

    if isinstance(model, jpype.JClass("weka.classifiers.UpdateableClassifier")):
        model.buildClassifier(jpype.JClass("weka.core.Instances")(train, 0))
        for i in range(train.numInstances()):
            model.updateClassifier(train.instance(i))
        if isinstance(model, jpype.JClass("weka.classifiers.UpdateableBatchProcessor")):
            model.batchFinished()
    else:
        model.buildClassifier(train)


def _split(model: Any, data: Any, percentage: float, preserve_order: bool, seed: int) -> tuple[Any, Any]:
    """WEKA's ``-split-percentage``: shuffle a copy with Random(seed) unless order is kept, train, test the rest.

    Returns the evaluation and the training part (where its priors come from).
    """
    import jpype

    instances = jpype.JClass("weka.core.Instances")
    shuffled = instances(data)
    if not preserve_order:
        shuffled.randomize(jpype.JClass("java.util.Random")(seed))
    n = shuffled.numInstances()
    train_size = java_round(n * percentage / 100)
    train = instances(shuffled, 0, train_size)
    test = instances(shuffled, train_size, n - train_size)
    model.buildClassifier(train)
    evaluation = jpype.JClass("weka.classifiers.evaluation.Evaluation")(train)
    evaluation.evaluateModel(model, test, jpype.JArray(jpype.JObject)([]))
    return evaluation, train


def _fold_of_each_prediction(n: int, folds: int) -> np.ndarray:
    """The fold of each prediction of a cross-validation: sizes as in ``Instances.testCV``."""
    sizes = [n // folds + (1 if i < n % folds else 0) for i in range(folds)]
    return np.repeat(np.arange(folds, dtype=np.int64), sizes)
