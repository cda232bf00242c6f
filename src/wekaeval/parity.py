"""The main job: let the real WEKA evaluate classifiers, recompute its numbers with the port, compare.

For each dataset x classifier, WEKA (through :mod:`wekaeval.bridge`) runs its
own cross-validation and returns its kappa, confusion matrix, unclassified and
missing-class weights, and its per-instance predictions.  The port rebuilds
the confusion matrix and kappa from those predictions; the row is identical
only when every number is the same double.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from . import bridge
from .confusion import ConfusionMatrix

__all__ = [
    "DEFAULT_CLASSIFIERS",
    "ClassifierSpec",
    "ParityRow",
    "check",
    "differences",
    "identical",
    "iter_parity",
    "parse_classifier",
    "run_parity",
]

DEFAULT_CLASSIFIERS = (
    "weka.classifiers.rules.ZeroR",
    "weka.classifiers.rules.OneR",
    "weka.classifiers.bayes.NaiveBayes",
    "weka.classifiers.trees.J48",
    "weka.classifiers.lazy.IBk",
    "weka.classifiers.functions.Logistic",
    "weka.classifiers.functions.SMO",
    "weka.classifiers.trees.RandomForest",
)
SHORT_NAMES = {name.rsplit(".", 1)[1]: name for name in DEFAULT_CLASSIFIERS}


@dataclass(frozen=True)
class ClassifierSpec:
    """A WEKA classifier: class name and options."""

    name: str
    options: tuple[str, ...] = ()

    def __str__(self) -> str:
        short = self.name.rsplit(".", 1)[-1]
        return " ".join((short, *self.options))


def parse_classifier(text: str) -> ClassifierSpec:
    """``"J48 -C 0.1"`` -> ClassifierSpec; WEKA splits the options, short names of the defaults expand.

    Raises
    ------
    ValueError
        For an empty classifier string.
    """
    words = text.strip().split(None, 1)
    if not words:
        raise ValueError("empty classifier: expected \"NAME [OPTIONS]\"")
    name = SHORT_NAMES.get(words[0], words[0])
    options = tuple(bridge.split_options(words[1])) if len(words) > 1 else ()
    return ClassifierSpec(name, options)


@dataclass(frozen=True)
class ParityRow:
    """One dataset x classifier: WEKA's kappa, the port's, and whether all numbers are identical.

    ``skipped`` is None, or the reason no comparison was made (WEKA's own
    message when a classifier cannot handle the data).
    """

    dataset: str
    classifier: str
    instances: int | None
    weka_kappa: float | None
    python_kappa: float | None
    identical: bool | None
    skipped: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def check(result: bridge.WekaEvaluation) -> ConfusionMatrix:
    """The port's confusion matrix rebuilt from WEKA's predictions, in WEKA's order."""
    return ConfusionMatrix.from_predictions(
        result.actual, result.distributions, weights=result.weights, class_names=result.class_names
    )


def differences(result: bridge.WekaEvaluation, port: ConfusionMatrix) -> list[str]:
    """Each number of WEKA's evaluation that is not the same double in the port; empty when identical."""
    found = []
    if port.kappa().hex() != float(result.kappa).hex():
        found.append(f"kappa: WEKA {result.kappa!r} ({float(result.kappa).hex()}), port {port.kappa()!r}")
    if not np.array_equal(port.matrix, result.confusion_matrix):
        found.append(f"confusion matrix: WEKA {result.confusion_matrix.tolist()}, port {port.matrix.tolist()}")
    if port.unclassified.hex() != result.unclassified.hex():
        found.append(f"unclassified: WEKA {result.unclassified!r}, port {port.unclassified!r}")
    if port.missing_class.hex() != result.missing_class.hex():
        found.append(f"missing class: WEKA {result.missing_class!r}, port {port.missing_class!r}")
    return found


def identical(result: bridge.WekaEvaluation, port: ConfusionMatrix) -> bool:
    """Whether every number of WEKA's evaluation is the same double in the port."""
    return not differences(result, port)


def run_parity(
    datasets: Iterable[str | os.PathLike],
    classifiers: Sequence[ClassifierSpec] | None = None,
    *,
    folds: int = 10,
    seed: int = 1,
    progress: Callable[[int, int, str, ClassifierSpec], None] | None = None,
) -> list[ParityRow]:
    """Compare WEKA and the port on every dataset x classifier; one row each, in order.

    ``progress(done, total, dataset, classifier)`` is called before each run.
    """
    return list(iter_parity(datasets, classifiers, folds=folds, seed=seed, progress=progress))


def iter_parity(
    datasets: Iterable[str | os.PathLike],
    classifiers: Sequence[ClassifierSpec] | None = None,
    *,
    folds: int = 10,
    seed: int = 1,
    progress: Callable[[int, int, str, ClassifierSpec], None] | None = None,
) -> Iterator[ParityRow]:
    """:func:`run_parity`, yielding each row as soon as it is known."""
    classifiers = list(classifiers or [ClassifierSpec(name) for name in DEFAULT_CLASSIFIERS])
    paths = [Path(d) for d in datasets]
    total = len(paths) * len(classifiers)
    for i, path in enumerate(paths):
        try:
            data = bridge.load_instances(path)
        except bridge.WekaError as error:
            for spec in classifiers:
                yield ParityRow(path.name, str(spec), None, None, None, None, skipped=error.reason)
            continue
        numeric_class = not data.classAttribute().isNominal()
        for j, spec in enumerate(classifiers):
            if progress:
                progress(i * len(classifiers) + j, total, path.name, spec)
            if numeric_class:
                reason = "numeric class: WEKA reports no kappa for regression"
                yield ParityRow(path.name, str(spec), int(data.numInstances()), None, None, None, reason)
            else:
                yield _compare(path.name, data, spec, folds, seed)


def _compare(name: str, data: Any, spec: ClassifierSpec, folds: int, seed: int) -> ParityRow:
    try:
        result = bridge.evaluate(data, spec.name, spec.options, folds=folds, seed=seed)
    except bridge.WekaError as error:
        return ParityRow(name, str(spec), int(data.numInstances()), None, None, None, skipped=error.reason)
    port = check(result)
    return ParityRow(name, str(spec), result.num_instances, result.kappa, port.kappa(), identical(result, port))

