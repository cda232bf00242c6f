"""java_arithmetic: Java's silent overflow and NaN, without numpy's warnings, paid for once per outer call."""

from __future__ import annotations

import threading
import warnings

import numpy as np
import pytest

from wekaeval.evaluation._quiet import java_arithmetic


@java_arithmetic
class Ratios:
    def of(self, a: float, b: float) -> float:
        return float(np.float64(a) / np.float64(b))

    def both(self) -> tuple[float, float]:
        return self.of(0.0, 0.0), self.nested  # a public method calling a public method and a property

    @property
    def nested(self) -> float:
        return self.of(1.0, 0.0)

    def raises(self) -> None:
        raise KeyError("boom")

    def in_a_thread(self) -> list[float]:
        found: list[float] = []
        thread = threading.Thread(target=lambda: found.append(self.of(0.0, 0.0)))
        thread.start()
        thread.join()
        return found


def test_no_warning_escapes_from_nested_calls_or_other_threads():
    with warnings.catch_warnings(), np.errstate(all="raise"):
        warnings.simplefilter("error")
        a, b = Ratios().both()
        (c,) = Ratios().in_a_thread()
    assert np.isnan(a) and b == np.inf and np.isnan(c)


def test_the_callers_error_state_comes_back_even_after_an_exception():
    with np.errstate(all="raise"):
        before = np.geterr()
        Ratios().both()
        with pytest.raises(KeyError):
            Ratios().raises()
        assert np.geterr() == before
        with pytest.raises(FloatingPointError):  # the caller's own arithmetic is the caller's
            np.float64(0.0) / np.float64(0.0)


def test_errstate_is_entered_once_per_outer_call(monkeypatch):
    entered = []
    real = np.errstate

    def counting(**kwargs):
        entered.append(kwargs)
        return real(**kwargs)

    monkeypatch.setattr(np, "errstate", counting)
    Ratios().both()
    assert entered == [{"all": "ignore"}]


def test_confusion_matrix_add_overflows_silently_without_errstate(monkeypatch):
    """``ConfusionMatrix.add`` is marked ``python_floats`` (no errstate of its own): overflowing cells and a
    margin of ``inf - inf`` still give Java's infinities and NaN, and no warning, under ``errstate(all="raise")``."""
    from wekaeval.evaluation import ConfusionMatrix

    matrix = ConfusionMatrix(["a", "b"])
    entered = []
    real = np.errstate
    with warnings.catch_warnings(), np.errstate(all="raise"):
        warnings.simplefilter("error")
        monkeypatch.setattr(np, "errstate", lambda **kwargs: entered.append(kwargs) or real(**kwargs))
        for weight in (1e308, 1e308, -1e308, -1e308):
            matrix.add(0 if weight > 0 else 1, [1.0, 0.0] if weight > 0 else [np.inf, np.inf], weight)
        monkeypatch.undo()
    assert not entered
    assert matrix.matrix.tolist() == [[np.inf, 0.0], [-np.inf, 0.0]]
