"""Helpers for people who write their own parity tests against WEKA.

The pytest plugin (:mod:`wekaeval.pytest_plugin`, registered as ``pytest11``)
gives every test session a ``weka_jvm`` fixture; with it::

    from wekaeval.testing import assert_weka_parity

    def test_my_dataset(weka_jvm):
        assert_weka_parity("data/my.arff", "weka.classifiers.trees.J48", ["-C", "0.25"])

``assert_weka_parity`` lets WEKA cross-validate, rebuilds its whole
Evaluation from WEKA's predictions with the port (:func:`wekaeval.parity.check`),
and fails with every difference listed unless each statistic is the same
double and each text block the same bytes.  Pass your own ``kappa=`` (say,
from your Python pipeline's predictions) to hold it to WEKA's too.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from wekaeval import bridge
from wekaeval.parity import check, differences

__all__ = ["assert_weka_parity"]


def assert_weka_parity(
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
    kappa: float | None = None,
) -> bridge.WekaEvaluation:
    """Assert the port reproduces WEKA's evaluation bit for bit; returns WEKA's result.

    ``data``, ``classifier`` and the keyword options are :func:`wekaeval.bridge.evaluate`'s:
    a path or ``Instances``, a short or full class name (or a whole command
    line), any of WEKA's evaluation modes, and the class attribute by name,
    1-based index, ``first`` or ``last``.

    A failing call shows, under pytest, only the calling test's line and the message: a first line saying what
    differs, then each differing number with its bits (``float.hex``); the library's own frames are hidden
    (pytest's ``__tracebackhide__``).

    Raises
    ------
    AssertionError
        Listing each number that differs (as ``float.hex`` where it helps).
    wekaeval.bridge.WekaError
        When WEKA cannot run the evaluation; the message names the file, classifier or option.
    """
    __tracebackhide__ = True  # pytest shows the caller's line and the message, not this module's source
    try:
        result = bridge.evaluate(
            data,
            classifier,
            options,
            folds=folds,
            seed=seed,
            test=test,
            split_percentage=split_percentage,
            preserve_order=preserve_order,
            no_cv=no_cv,
            class_attribute=class_attribute,
        )
    except bridge.WekaError as error:  # raised afresh here: the bridge's frames stay out of the report
        raise type(error)(str(error), error.reason) from None
    if result.class_names is None and (result.interval_estimator or result.density_estimator):
        raise AssertionError(
            f"{classifier} is an interval or density estimator: its intervals and densities "
            "per prediction are not collected, so WEKA's coverage and SF entropies cannot be redone"
        )
    problems = differences(result, check(result))
    if kappa is not None:
        if result.kappa is None:
            problems.append(f"your kappa {kappa!r}: {result.dataset} has a numeric class, WEKA reports no kappa")
        elif float(kappa).hex() != float(result.kappa).hex():
            problems.append(f"your kappa {kappa!r} ({float(kappa).hex()}) is not WEKA's {result.kappa!r}")
    if problems:
        count = f"{len(problems)} difference{'s' if len(problems) != 1 else ''}"
        raise AssertionError(
            f"{classifier} on {result.dataset} differs from WEKA ({count}):\n  " + "\n  ".join(problems)
        )
    return result
