"""One dataset x classifier: WEKA evaluates, the port rebuilds its Evaluation from WEKA's predictions, and every
statistic and text block is compared."""

from __future__ import annotations

from typing import Any, Literal

import numpy as np

from wekaeval import bridge
from wekaeval.blocks import STATISTICS
from wekaeval.evaluation import Evaluation, evaluate_folds
from wekaeval.javamath import java_platform
from wekaeval.parity._rows import ClassifierSpec, EvaluationMode, ParityRow

ESTIMATOR = (
    "{scheme} is an interval or density estimator: WEKA's coverage, region size and SF entropies come "
    "from its intervals and densities, which the parity run does not collect"
)


def check(result: bridge.WekaEvaluation) -> Evaluation:
    """The port's Evaluation rebuilt from WEKA's predictions, in WEKA's order, with WEKA's priors.

    A cross-validation is rebuilt fold by fold (:func:`wekaeval.folds.evaluate_folds`);
    otherwise the priors come from the instances WEKA took them from.
    """
    numeric = result.class_names is None
    # a regression scheme that is no interval (density) estimator: WEKA reports coverage (SF entropies) as missing
    extras: dict[str, Literal[False]] = {"intervals": False, "log_densities": False} if numeric else {}
    if result.mode == "cross-validation":
        assert result.folds is not None and result.seed is not None  # bridge.evaluate sets them for a cross-validation
        folds = [
            (result.distributions[result.fold == i], result.actual[result.fold == i], result.weights[result.fold == i])
            for i in range(int(result.folds))
        ]
        return evaluate_folds(result.class_names, folds, seed=int(result.seed), **extras)
    port = Evaluation(result.class_names)
    port.set_priors(result.prior_actual, result.prior_weights)
    port.evaluate_batch(result.distributions, result.actual, result.weights, **extras)
    return port


#: The text blocks compared, as (WEKA's attribute, the port's method).
TEXTS = (("summary_text", "summary"), ("class_details_text", "class_details"), ("matrix_text", "matrix"))


def compared(result: bridge.WekaEvaluation) -> list[str]:
    """What :func:`differences` compares, by the names its entries start with: every statistic of WEKA's
    evaluation, the confusion matrix, and the text blocks (``summary() text``, ...)."""
    names = list(result.statistics)
    if result.confusion_matrix is not None:
        names.append("confusion matrix")
    return names + [f"{method}() text" for weka_name, method in TEXTS if getattr(result, weka_name) is not None]


def _hex_list(values: Any) -> str:
    return "[" + ", ".join(f"{float(v)!r} ({float(v).hex()})" for v in values) + "]"


def differences(result: bridge.WekaEvaluation, port: Evaluation) -> list[str]:
    """Each statistic and text block of WEKA's evaluation that is not the same in the port; empty when identical.

    Doubles are compared by their bits (``float.hex``), per-class statistics
    class by class, the confusion matrix with ``numpy.array_equal`` and the
    three text blocks byte for byte.
    """
    found = []
    for name, theirs in result.statistics.items():
        if name == "class_priors":
            ours = port.class_priors
        elif isinstance(theirs, np.ndarray):
            ours = np.array([getattr(port, name)(i) for i in range(len(theirs))])
        else:
            ours = getattr(port, name)
        if isinstance(theirs, np.ndarray):
            if [v.hex() for v in theirs.tolist()] != [float(v).hex() for v in ours.tolist()]:
                found.append(f"{name}: WEKA {_hex_list(theirs.tolist())}, port {_hex_list(ours.tolist())}")
        elif float(theirs).hex() != float(ours).hex():
            found.append(f"{name}: WEKA {theirs!r} ({float(theirs).hex()}), port {ours!r} ({float(ours).hex()})")
    matrix = result.confusion_matrix
    if matrix is not None and not np.array_equal(port.confusion_matrix, matrix):
        found.append(f"confusion matrix: WEKA {matrix.tolist()}, port {port.confusion_matrix.tolist()}")
    for weka_name, method in TEXTS:
        theirs = getattr(result, weka_name)
        if theirs is None:  # a numeric class has no class details or matrix
            continue
        ours = getattr(port, method)()
        if theirs != ours:
            pairs = zip(theirs.splitlines() + [""], ours.splitlines() + [""], strict=False)
            line = next(i for i, (a, b) in enumerate(pairs) if a != b)
            found.append(
                f"{method}() text differs from line {line + 1}: WEKA {theirs.splitlines()[line : line + 1]}, "
                f"port {ours.splitlines()[line : line + 1]}"
            )
    return found


#: The statistics WEKA computes with Java's ``Math.log``, ``Math.exp`` or ``Math.pow`` (the K&B information, the
#: SF entropies and, for a numeric class, the kernel estimator under them), and the summary lines that print them.
JAVA_ARITHMETIC_STATISTICS = frozenset(statistic.name for statistic in STATISTICS if statistic.java_math)
_JAVA_ARITHMETIC_LINES = ("K&B ", "Class complexity", "Complexity improvement")


def _from_java_arithmetic(difference: str) -> bool:
    """Whether a :func:`differences` entry is in one of :data:`JAVA_ARITHMETIC_STATISTICS` (or its summary line)."""
    name = difference.split(":", 1)[0]
    if name in JAVA_ARITHMETIC_STATISTICS:
        return True
    return name.startswith("summary() text") and any(label in difference for label in _JAVA_ARITHMETIC_LINES)


def identical(result: bridge.WekaEvaluation, port: Evaluation) -> bool:
    """Whether every statistic and text block of WEKA's evaluation is the same in the port."""
    return not differences(result, port)


def _versions() -> dict[str, Any]:
    return {
        "weka_version": bridge.weka_version(),
        "java_version": bridge.java_version(),
        "java_arithmetic": java_platform().describe(),
    }


def _skipped(
    path: str, command_line: str, instances: int, reason: str, mode: EvaluationMode, data: Any, **more: Any
) -> ParityRow:
    return ParityRow(
        path,
        command_line,
        instances,
        None,
        None,
        None,
        skipped=reason,
        **mode.record(),
        class_attribute=str(data.classAttribute().name()),
        **_versions(),
        **more,
    )


def class_names(data: Any) -> tuple[str, ...] | None:
    """A nominal class's labels, in WEKA's order; None for a numeric class."""
    attribute = data.classAttribute()
    if not attribute.isNominal():
        return None
    return tuple(str(attribute.value(i)) for i in range(attribute.numValues()))


def timed_out(
    path: str, command_line: str, instances: int | None, seconds: float, mode: EvaluationMode, data: dict[str, Any]
) -> ParityRow:
    """The row of a job stopped after ``seconds`` (``--timeout``); ``data`` holds what was known of the dataset
    (``class_attribute``, ``class_names``, the versions)."""
    return ParityRow(path, command_line, instances, None, None, None, **mode.record(), timeout=seconds, **data)


def compare_one(path: str, data: Any, test: Any, spec: ClassifierSpec, mode: EvaluationMode) -> ParityRow:
    """WEKA's evaluation of ``spec`` on ``data`` (read from ``path``), the port's, and the row that compares them.

    Raises
    ------
    WekaevalError
        For a user error, naming ``path``; WEKA's refusals by capability are skipped rows.
    """
    try:
        result = bridge.evaluate(
            data,
            spec.name,
            spec.options,
            folds=mode.folds,
            seed=mode.seed,
            test=test,
            split_percentage=mode.split_percentage,
            preserve_order=mode.preserve_order,
            no_cv=mode.no_cv,
        )
    except bridge.WekaRefusal as error:
        _, command_line = bridge.make_classifier(spec.name, spec.options)
        count = int((data if mode.test is None else test).numInstances())
        return _skipped(path, command_line, count, error.reason, mode, data, class_names=class_names(data))
    except bridge.WekaError as error:  # a user error: name the file the run was on
        raise type(error)(f"{path}: {error}", error.reason) from None
    numeric = result.class_names is None
    if numeric and (result.interval_estimator or result.density_estimator):
        reason = ESTIMATOR.format(scheme=spec.name.rsplit(".", 1)[-1])
        return _skipped(path, result.command_line, result.num_predictions, reason, mode, data)
    port = check(result)
    found = differences(result, port)
    names = compared(result)
    platform = java_platform()
    unverified = bool(found) and not platform.is_the_hosts and all(map(_from_java_arithmetic, found))
    if numeric:
        kinds = {"weka_correlation": result.correlation_coefficient, "python_correlation": port.correlation_coefficient}
    else:
        assert result.confusion_matrix is not None  # bridge.evaluate reads it for a nominal class
        kinds = {
            "weka_confusion_matrix": result.confusion_matrix.tolist(),
            "python_confusion_matrix": port.confusion_matrix.tolist(),
        }
    return ParityRow(
        path,
        result.command_line,
        result.num_predictions,
        result.kappa,
        None if numeric else port.kappa,
        not found,
        **mode.record(),
        class_attribute=result.class_attribute,
        **kinds,
        differences=tuple(found),
        weka_version=result.weka_version,
        java_version=result.java_version,
        java_arithmetic=platform.describe(),
        java_arithmetic_unverified=unverified,
        class_names=result.class_names,
        compared=tuple(names),
        identical_count=len(names) - len(found),
    )
