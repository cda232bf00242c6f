"""The coefficients beside kappa in :func:`~wekaeval.evaluation.kappa_stats`: Scott's pi, Gwet's AC1, per-class kappa.

Each from the same margins and agreement kappa uses, summed in WEKA's loop order (:func:`java_sum`).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from wekaeval.evaluation._kappa import _kappa
from wekaeval.javamath import java_divide, java_sum

_NAN = math.nan


@dataclass(frozen=True)
class PerClassKappa(Mapping[str, float]):
    """One-vs-rest kappa per class: a read-only mapping class name -> kappa, with its averages.

    Class i's kappa is WEKA's kappa of the 2 x 2 table [[TP, FN], [FP, TN]] that treats i as positive and
    every other class as negative (1.0 when its chance agreement is not below 1, as WEKA rules).

    Attributes
    ----------
    class_names : tuple of str
    kappas : tuple of float
        In class order.
    support : tuple of float
        Each class's actual (row) total.
    macro : float
        The unweighted mean of the kappas.
    micro : float
        The kappa of the k one-vs-rest tables summed cell by cell.
    weighted : float
        The mean weighted by support; NaN when the matrix is all zeros.

    >>> from wekaeval.evaluation import kappa_stats
    >>> per_class = kappa_stats([[5, 1, 0], [1, 3, 1], [0, 2, 7]], class_names=["a", "b", "c"]).per_class
    >>> dict(per_class) == {"a": per_class["a"], "b": per_class["b"], "c": per_class["c"]}
    True
    >>> round(per_class.macro, 4), round(per_class.micro, 4), round(per_class.weighted, 4)
    (0.6103, 0.625, 0.6346)
    """

    class_names: tuple[str, ...]
    kappas: tuple[float, ...]
    support: tuple[float, ...]
    macro: float
    micro: float
    weighted: float

    def __getitem__(self, name: str) -> float:
        try:
            return self.kappas[self.class_names.index(name)]
        except ValueError:
            raise KeyError(name) from None

    def __iter__(self) -> Iterator[str]:
        return iter(self.class_names)

    def __len__(self) -> int:
        return len(self.class_names)


def _scott_pi(
    p: list[list[float]], w: list[list[float]], pooled: list[float], po: float, n: float
) -> tuple[float, float]:
    """Scott's pi and its standard error (Gwet 2014, irrCAC's formula, no finite-population correction).

    Chance agreement from the pooled margins: pe = sum_ij w_ij pi_i pi_j.
    """
    k = len(p)
    cells = [(i, j) for i in range(k) for j in range(k)]
    pe = java_sum(w[i][j] * pooled[i] * pooled[j] for i, j in cells)
    if math.isnan(po) or not pe < 1:
        return _NAN, _NAN
    pi = (po - pe) / (1 - pe)
    one_minus = 1 - pi
    w_row = [java_sum(w[i][j] * pooled[j] for j in range(k)) for i in range(k)]
    w_col = [java_sum(w[i][j] * pooled[i] for i in range(k)) for j in range(k)]
    term = java_sum(p[i][j] * _square(w[i][j] - one_minus * (w_row[i] + w_col[j])) for i, j in cells)
    variance = java_divide(term - _square(po - 2 * one_minus * pe), n * (1 - pe) * (1 - pe))
    return pi, _sqrt(variance)


def _gwet_ac(
    p: list[list[float]], w: list[list[float]], pooled: list[float], po: float, n: float
) -> tuple[float, float]:
    """Gwet's AC1 (AC2 with weights) and its standard error (Gwet 2008; irrCAC's formula).

    Chance agreement: pe = T_w / (k (k - 1)) * sum_i pi_i (1 - pi_i), T_w the sum of all weights.
    """
    k = len(p)
    if k < 2 or math.isnan(po):
        return _NAN, _NAN
    scale = java_sum(java_sum(row) for row in w) / (k * (k - 1))
    pe = scale * java_sum(q * (1 - q) for q in pooled)
    if not pe < 1:
        return _NAN, _NAN
    ac = (po - pe) / (1 - pe)
    one_minus = 1 - ac
    term = java_sum(
        p[i][j] * _square(w[i][j] - 2 * one_minus * scale * (1 - (pooled[i] + pooled[j]) / 2))
        for i in range(k)
        for j in range(k)
    )
    variance = java_divide(term - _square(po - 2 * one_minus * pe), n * (1 - pe) * (1 - pe))
    return ac, _sqrt(variance)


def _per_class(
    rows: list[list[float]], sum_rows: list[float], sum_columns: list[float], n: float, names: tuple[str, ...]
) -> PerClassKappa:
    """Each class against the rest: WEKA's kappa of the 2 x 2 table [[TP, FN], [FP, TN]]."""
    kappas = []
    for i in range(len(names)):
        tp = rows[i][i]
        fn = sum_rows[i] - tp
        fp = sum_columns[i] - tp
        kappas.append(_kappa([[tp, fn], [fp, n - tp - fn - fp]]))
    k = len(names)
    trace = java_sum(rows[i][i] for i in range(k))
    wrong = n - trace
    micro = _kappa([[trace, wrong], [wrong, (k - 2) * n + trace]])
    macro = java_sum(kappas) / k
    weighted = java_divide(java_sum(s * value for s, value in zip(sum_rows, kappas, strict=False)), n)
    return PerClassKappa(names, tuple(kappas), tuple(sum_rows), macro=macro, micro=micro, weighted=weighted)


def _square(x: float) -> float:
    """x * x (unlike x ** 2, never raises OverflowError)."""
    return x * x


def _sqrt(variance: float) -> float:
    """The square root of a variance; rounding below 0 is clamped to 0, NaN stays NaN.

    Written so that Java's ``Double.isNaN(v) ? NaN : v > 0 ? Math.sqrt(v) : 0.0`` is the same rule.
    """
    if math.isnan(variance):
        return _NAN
    return math.sqrt(variance) if variance > 0 else 0.0
