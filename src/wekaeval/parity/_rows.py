"""A parity run's records: what runs (:class:`ClassifierSpec`, :class:`EvaluationMode`) and what it found
(:class:`ParityRow`), as JSON, CSV and data frames."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Any

from wekaeval import bridge

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
#: The defaults for a numeric class (regression), used instead of DEFAULT_CLASSIFIERS when none are given.
REGRESSION_CLASSIFIERS = (
    "weka.classifiers.functions.LinearRegression",
    "weka.classifiers.trees.M5P",
    "weka.classifiers.lazy.IBk",
)


@dataclass(frozen=True)
class ClassifierSpec:
    """A WEKA classifier: full class name and options."""

    name: str
    options: tuple[str, ...] = ()

    def __str__(self) -> str:
        short = self.name.rsplit(".", 1)[-1]
        return " ".join((short, *(_quoted(o) for o in self.options)))


def _quoted(option: str) -> str:
    """An option as WEKA's ``Utils.joinOptions`` writes it: quoted when it holds a space (or is empty)."""
    if option == "" or any(c in option for c in " \t\n\"'\\"):
        return '"' + option.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    return option


def parse_classifier_spec(text: str) -> ClassifierSpec:
    """``"J48 -C 0.1"`` -> ClassifierSpec; WEKA splits the options, short names resolve as in the bridge.

    Raises
    ------
    bridge.ClassifierError
        For an empty, unknown or ambiguous classifier, or options WEKA cannot split.
    """
    name, options = bridge.parse_classifier(text)
    return ClassifierSpec(name, options)


def default_classifiers(nominal: bool) -> list[ClassifierSpec]:
    """The classifiers a dataset is run with when none are given: by the kind of its class."""
    return [ClassifierSpec(name) for name in (DEFAULT_CLASSIFIERS if nominal else REGRESSION_CLASSIFIERS)]


@dataclass(frozen=True)
class EvaluationMode:
    """How WEKA evaluates, as on its command line: ``-x/-s``, ``-T``, ``-split-percentage``/``-preserve-order``,
    ``-no-cv``; and the class attribute (``-c``: name, 1-based index, ``first``, ``last``)."""

    folds: int = 10
    seed: int = 1
    test: str | None = None
    split_percentage: float | None = None
    preserve_order: bool = False
    no_cv: bool = False
    class_attribute: str | int | None = None

    def __post_init__(self) -> None:  # refuse what WEKA refuses before anything runs
        if self.kind == "cross-validation" and self.folds < 2:
            raise bridge.WekaError(f"--folds {self.folds}: cross-validation needs at least 2 folds")

    @property
    def kind(self) -> str:
        """``"cross-validation"``, ``"test-set"``, ``"split"`` or ``"training-set"``."""
        return bridge.evaluation_mode(self.test, self.split_percentage, self.preserve_order, self.no_cv)

    def record(self) -> dict[str, Any]:
        """The row's fields that say how WEKA evaluated, as :class:`bridge.WekaEvaluation` records them."""
        kind = self.kind
        return {
            "mode": kind,
            "folds": self.folds if kind == "cross-validation" else None,
            "seed": self.seed if kind == "cross-validation" or (kind == "split" and not self.preserve_order) else None,
            "test": self.test,
            "split_percentage": self.split_percentage,
            "preserve_order": self.preserve_order,
        }


#: The kinds of row, as :attr:`ParityRow.kind` and the records' ``kind`` say.
ROW_KINDS = ("identical", "differ", "java-arithmetic", "skipped", "timeout")
#: The kinds of the record that closes a run that did not finish: every row before it is complete.
UNFINISHED_KINDS = ("interrupted", "worker-lost")


@dataclass(frozen=True)
class ParityRow:
    """One dataset x classifier: how WEKA ran, its numbers, the port's, and whether all are identical.

    ``skipped`` is None, or WEKA's whole reason for refusing the data by
    capability.  ``timeout`` is None, or the seconds after which the job was
    stopped (``--timeout``).  ``classifier`` is the classifier as WEKA echoes
    it: fed back to ``--classifier`` it makes the same classifier.  A numeric
    class has no kappa or matrix: its main number is the correlation
    coefficient (``weka_correlation``, ``python_correlation``).
    ``class_names`` are a nominal class's labels, in WEKA's order (the
    matrices' rows and columns).  ``compared`` names everything compared (every
    statistic, the confusion matrix, the three text blocks), ``identical_count``
    says how many of them were identical, ``differences`` how the others differ.
    """

    dataset: str
    classifier: str
    instances: int | None
    weka_kappa: float | None
    python_kappa: float | None
    identical: bool | None
    skipped: str | None = None
    mode: str = "cross-validation"
    folds: int | None = None
    seed: int | None = None
    test: str | None = None
    split_percentage: float | None = None
    preserve_order: bool = False
    class_attribute: str | None = None
    weka_confusion_matrix: list[list[float]] | None = None
    python_confusion_matrix: list[list[float]] | None = None
    differences: tuple[str, ...] = ()
    weka_version: str | None = None
    java_version: str | None = None
    java_arithmetic: str | None = None
    java_arithmetic_unverified: bool = False
    weka_correlation: float | None = None
    python_correlation: float | None = None
    class_names: tuple[str, ...] | None = None
    compared: tuple[str, ...] = ()
    identical_count: int | None = None
    timeout: float | None = None

    @property
    def kind(self) -> str:
        """``"identical"``, ``"skipped"``, ``"timeout"``, ``"differ"``, or ``"java-arithmetic"``: differing only in
        statistics computed with Java's ``Math.log``/``exp``/``pow`` while the port reproduced a JVM platform not
        established as this host's (:attr:`wekaeval.javamath.JavaPlatform.is_the_hosts`)."""
        if self.timeout is not None:
            return "timeout"
        if self.skipped:
            return "skipped"
        if self.identical:
            return "identical"
        return "java-arithmetic" if self.java_arithmetic_unverified else "differ"

    def to_dict(self) -> dict[str, Any]:
        """The row's fields (tuples as lists), and its ``kind``."""
        out = asdict(self)
        for key in ("differences", "compared", "class_names"):
            out[key] = None if out[key] is None else list(out[key])
        out["kind"] = self.kind
        return out


#: The columns of a parity record (JSON keys, CSV columns, data frame columns).
RECORD_FIELDS = (*ParityRow.__dataclass_fields__, "kind")


def unfinished_record(kind: str, message: str) -> dict[str, Any]:
    """The record that closes a run that did not finish: ``kind`` (``interrupted``, ``worker-lost``) and what
    happened in ``skipped``; every other field empty."""
    if kind not in UNFINISHED_KINDS:
        raise ValueError(f"kind must be one of {UNFINISHED_KINDS}, got {kind!r}")
    record: dict[str, Any] = dict.fromkeys(RECORD_FIELDS)
    record.update(kind=kind, skipped=message, differences=[], compared=[], preserve_order=None)
    return record


class ParityResults(list):
    """The rows of a parity run (a list of :class:`ParityRow`), with :meth:`to_frame`."""

    def to_frame(self) -> Any:
        """A pandas DataFrame, one row per dataset x classifier, the columns of ``--csv`` (matrices as lists)."""
        from wekaeval._frames import records_frame

        return records_frame((row.to_dict() for row in self), list(RECORD_FIELDS))


def csv_row(row: ParityRow | dict[str, Any]) -> dict[str, Any]:
    """One flat CSV row: matrices, lists and differences as JSON text, missing values empty."""
    flat = row.to_dict() if isinstance(row, ParityRow) else dict(row)
    for key in ("weka_confusion_matrix", "python_confusion_matrix", "differences", "class_names", "compared"):
        flat[key] = "" if flat[key] is None else json.dumps(flat[key])
    return {
        key: "" if value is None else (repr(value) if isinstance(value, float) else value)
        for key, value in flat.items()
    }
