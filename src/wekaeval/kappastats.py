"""Kappa beyond WEKA: standard errors, intervals, weighted kappa and related agreement coefficients.

WEKA prints one kappa without an error bar.  :func:`kappa_stats` returns that very kappa (for unweighted input
it is the identical double :func:`wekaeval.kappa` returns) together with the Fleiss-Cohen-Everitt (1969)
asymptotic standard errors, a normal confidence interval, the z test of kappa = 0, the weighted kappa for
ordered classes, PABAK (Brennan-Prediger), the prevalence and bias indices of Byrt, Bishop and Carlin (1993),
Scott's pi and Gwet's AC1.

>>> from wekaeval import kappa_stats
>>> stats = kappa_stats([[12, 28], [18, 42]])
>>> round(stats.kappa, 12), round(stats.std_error, 4), round(stats.ci_high, 4)
(0.0, 0.0976, 0.1913)
>>> round(kappa_stats([[2, 0, 0], [0, 1, 0], [1, 0, 1]], weights="quadratic").kappa, 12)
0.5
>>> print(kappa_stats([[10, 7], [5, 8]]))  # doctest: +NORMALIZE_WHITESPACE
                  Simple Kappa Coefficient
              --------------------------------
              Kappa                     0.2000
              ASE                       0.1773
              95% Lower Conf Limit      -0.1475
              95% Upper Conf Limit      0.5475
<BLANKLINE>
                 Test of H0: Simple Kappa = 0
<BLANKLINE>
              ASE under H0              0.1809
              Z                         1.1053
              One-sided Pr >  Z         0.1345
              Two-sided Pr > |Z|        0.2690
<BLANKLINE>
                 Related coefficients
<BLANKLINE>
              Observed agreement        0.6000
              Expected agreement        0.5000
              PABAK                     0.2000
              Prevalence index          0.0667
              Bias index                0.0667
              Scott's pi                0.1964
              Gwet's AC1                0.2035

The matrix's rows are actual classes and its columns predicted ones (or rater 1 and rater 2); entries are
non-negative, possibly fractional (instance-weighted) counts.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

import numpy as np

from .confusion import _validated_matrix, agreement, kappa
from .errors import MatrixError
from .javamath import java_divide

__all__ = ["kappa_stats", "KappaStats"]

_NAN = math.nan


@dataclass(frozen=True)
class KappaStats:
    """Cohen's kappa of a confusion matrix with its standard errors and related agreement coefficients.

    Attributes
    ----------
    kind : str
        ``"simple"`` (unweighted), ``"linear"``, ``"quadratic"`` or ``"custom"`` (an agreement-weight array).
    weights : tuple of tuples of float
        The k x k agreement weights used (the identity for simple kappa).
    n : float
        The total count (sum of the matrix).
    observed_agreement, expected_agreement : float
        Po and Pe, weighted when weights are given; NaN for an all-zero matrix.
    kappa : float
        (Po - Pe) / (1 - Pe); exactly 1.0 when Pe is not below 1 (WEKA's rule: one class, all counts in one
        cell, the all-zero matrix).  Unweighted, the identical double :func:`wekaeval.kappa` returns.
    std_error : float
        Fleiss-Cohen-Everitt (1969) asymptotic standard error under the alternative; NaN when Pe is not below 1.
    ci_low, ci_high : float
        kappa -/+ z(1 - alpha/2) * std_error; NaN with std_error.
    std_error_h0 : float
        Fleiss-Cohen-Everitt standard error under kappa = 0; NaN when Pe is not below 1.
    z : float
        kappa / std_error_h0 (infinite when std_error_h0 is 0 and kappa is not; NaN when it cannot be computed).
    p_one_sided, p_two_sided : float
        Normal upper-tail and two-sided p-values of z; NaN with z.
    alpha : float
        The confidence level is 1 - alpha.
    pabak : float
        Prevalence- and bias-adjusted kappa from the unweighted Po: 2 Po - 1 for two classes, Brennan and
        Prediger's (k Po - 1) / (k - 1) (Bennett's S) for k classes; NaN for one class or an all-zero matrix.
    prevalence_index, bias_index : float or None
        Two classes only (None otherwise), signed as Byrt, Bishop and Carlin define them:
        (a - d) / n and (b - c) / n for the table [[a, b], [c, d]]; NaN for an all-zero matrix.
        kappa = (pabak - PI**2 + BI**2) / (1 - PI**2 + BI**2).
    scott_pi, gwet_ac1 : float
        Scott's pi and Gwet's AC1 (unweighted, whatever the weights); NaN when their chance agreement is not
        below 1, for one class (AC1), or for an all-zero matrix.

    Degenerate tables never warn nor raise: what cannot be computed is NaN, what does not apply is None, and
    kappa follows WEKA (1.0).  Rounding that makes a variance slightly negative is clamped to 0.
    """

    kind: str
    weights: tuple[tuple[float, ...], ...]
    n: float
    observed_agreement: float
    expected_agreement: float
    kappa: float
    std_error: float
    ci_low: float
    ci_high: float
    std_error_h0: float
    z: float
    p_one_sided: float
    p_two_sided: float
    alpha: float
    pabak: float
    prevalence_index: float | None
    bias_index: float | None
    scott_pi: float
    gwet_ac1: float

    def __str__(self) -> str:
        title = "Simple Kappa" if self.kind == "simple" else "Weighted Kappa"
        level = 100 * (1 - self.alpha)
        level_text = f"{level:.0f}%" if level == round(level) else f"{level:g}%"

        def row(label: str, value: float | None) -> str:
            shown = "None" if value is None else f"{value:.4f}"
            return f"              {label:<26}{shown}"

        lines = [
            f"                  {title} Coefficient",
            "              --------------------------------",
            row("Kappa", self.kappa),
            row("ASE", self.std_error),
            row(f"{level_text} Lower Conf Limit", self.ci_low),
            row(f"{level_text} Upper Conf Limit", self.ci_high),
            "",
            f"                 Test of H0: {title} = 0",
            "",
            row("ASE under H0", self.std_error_h0),
            row("Z", self.z),
            row("One-sided Pr >  Z", self.p_one_sided),
            row("Two-sided Pr > |Z|", self.p_two_sided),
            "",
            "                 Related coefficients",
            "",
            row("Observed agreement", self.observed_agreement),
            row("Expected agreement", self.expected_agreement),
            row("PABAK", self.pabak),
        ]
        if self.prevalence_index is not None:
            lines.append(row("Prevalence index", self.prevalence_index))
        if self.bias_index is not None:
            lines.append(row("Bias index", self.bias_index))
        lines += [row("Scott's pi", self.scott_pi), row("Gwet's AC1", self.gwet_ac1)]
        return "\n".join(lines)


def kappa_stats(matrix: Any, *, weights: Any = None, alpha: float = 0.05) -> KappaStats:
    """Kappa with its standard errors, confidence interval, test and related coefficients.

    Parameters
    ----------
    matrix : array-like of shape (k, k)
        Non-negative finite (weighted) counts; rows actual classes, columns predicted ones.
    weights : None, "linear", "quadratic" or array-like of shape (k, k)
        None for Cohen's simple kappa.  ``"linear"`` uses the agreement weights 1 - |i - j| / (k - 1),
        ``"quadratic"`` 1 - (i - j)**2 / (k - 1)**2 (scikit-learn's and statsmodels' linear and quadratic
        kappas, which are written with the disagreement weights 1 - w).  An array gives agreement weights
        directly (1 on the diagonal for full agreement).
    alpha : float
        The confidence interval's level is 1 - alpha; 0 < alpha < 1.

    Returns
    -------
    KappaStats
        See its attributes for each field and for what degenerate tables give.

    Raises
    ------
    MatrixError
        If the matrix is empty, not square, non-finite or negative, if weights is not one of the above or
        holds a non-finite value, or if alpha is not strictly between 0 and 1.  The message names the argument.
    """
    array = _validated_matrix(matrix)
    if (array < 0).any():
        i, j = np.argwhere(array < 0)[0]
        raise MatrixError(f"matrix must hold non-negative counts, got {array[i, j]} at row {i}, column {j}")
    if isinstance(alpha, bool) or not isinstance(alpha, (int, float)) or not 0 < alpha < 1:
        raise MatrixError(f"alpha must be a number strictly between 0 and 1, got {alpha!r}")
    alpha = float(alpha)
    rows = array.tolist()
    k = len(rows)
    kind, w = _agreement_weights(weights, k)

    # Margins, total and the two agreements in WEKA's loop order (the very sums its kappa makes).
    sum_rows, sum_columns, n, po_simple, pe_simple = agreement(rows)

    p = [[java_divide(count, n) for count in row] for row in rows]
    r = [java_divide(s, n) for s in sum_rows]
    c = [java_divide(s, n) for s in sum_columns]

    if kind == "simple":
        po, pe = po_simple, pe_simple
        kappa_value = kappa(array)
    else:
        po = sum(w[i][j] * p[i][j] for i in range(k) for j in range(k))
        pe = sum(w[i][j] * r[i] * c[j] for i in range(k) for j in range(k))
        kappa_value = (po - pe) / (1 - pe) if pe < 1 else 1.0

    se, se_h0 = _NAN, _NAN
    if pe < 1:
        # Fleiss, Cohen and Everitt (1969): w_row[i] = sum_j c_j w_ij, w_col[j] = sum_i r_i w_ij.
        w_row = [sum(c[j] * w[i][j] for j in range(k)) for i in range(k)]
        w_col = [sum(r[i] * w[i][j] for i in range(k)) for j in range(k)]
        one_minus = 1 - kappa_value
        denominator = (1 - pe) * (1 - pe) * n
        term = sum(
            p[i][j] * _square(w[i][j] - (w_row[i] + w_col[j]) * one_minus) for i in range(k) for j in range(k)
        )
        variance = java_divide(term - _square(kappa_value - pe * one_minus), denominator)
        term_h0 = sum(
            r[i] * c[j] * _square(w[i][j] - (w_row[i] + w_col[j])) for i in range(k) for j in range(k)
        )
        variance_h0 = java_divide(term_h0 - pe * pe, denominator)
        se, se_h0 = _sqrt(variance), _sqrt(variance_h0)

    quantile = NormalDist().inv_cdf(1 - alpha / 2)
    z = java_divide(kappa_value, se_h0)
    if math.isnan(z):
        p_one, p_two = _NAN, _NAN
    else:
        p_one = 0.5 * math.erfc(z / math.sqrt(2))
        p_two = math.erfc(abs(z) / math.sqrt(2))

    pabak = java_divide(k * po_simple - 1, k - 1) if k > 1 else _NAN
    prevalence = bias = None
    if k == 2:
        prevalence = java_divide(rows[0][0] - rows[1][1], n)
        bias = java_divide(rows[0][1] - rows[1][0], n)

    pooled = [(r[i] + c[i]) / 2 for i in range(k)]
    pe_pi = sum(q * q for q in pooled)
    scott = (po_simple - pe_pi) / (1 - pe_pi) if pe_pi < 1 else _NAN
    scott = _NAN if math.isnan(po_simple) else scott
    gwet = _NAN
    if k > 1 and not math.isnan(po_simple):
        pe_gwet = sum(q * (1 - q) for q in pooled) / (k - 1)
        gwet = (po_simple - pe_gwet) / (1 - pe_gwet) if pe_gwet < 1 else _NAN

    return KappaStats(
        kind=kind,
        weights=tuple(tuple(row) for row in w),
        n=n,
        observed_agreement=po,
        expected_agreement=pe,
        kappa=kappa_value,
        std_error=se,
        ci_low=kappa_value - quantile * se,
        ci_high=kappa_value + quantile * se,
        std_error_h0=se_h0,
        z=z,
        p_one_sided=p_one,
        p_two_sided=p_two,
        alpha=alpha,
        pabak=pabak,
        prevalence_index=prevalence,
        bias_index=bias,
        scott_pi=scott,
        gwet_ac1=gwet,
    )


def _agreement_weights(weights: Any, k: int) -> tuple[str, list[list[float]]]:
    """The kind of kappa and its k x k agreement weights."""
    if weights is None:
        return "simple", [[1.0 if i == j else 0.0 for j in range(k)] for i in range(k)]
    if isinstance(weights, str):
        if weights not in ("linear", "quadratic"):
            raise MatrixError(f"weights must be None, 'linear', 'quadratic' or a k x k array, got {weights!r}")
        if k == 1:
            return weights, [[1.0]]
        span = k - 1
        if weights == "linear":
            return weights, [[1 - abs(i - j) / span for j in range(k)] for i in range(k)]
        return weights, [[1 - (i - j) * (i - j) / (span * span) for j in range(k)] for i in range(k)]
    try:
        array = np.asarray(weights)
    except ValueError:
        raise MatrixError("weights is not rectangular: its rows differ in length") from None
    if array.dtype.kind not in "biuf":
        raise MatrixError(f"weights must hold numbers, not {array.dtype} values")
    if array.shape != (k, k):
        raise MatrixError(f"weights must have the matrix's shape ({k}, {k}), got {array.shape}")
    array = array.astype(np.float64)
    if not np.isfinite(array).all():
        raise MatrixError("weights holds a non-finite value")
    return "custom", array.tolist()


def _square(x: float) -> float:
    """x * x (unlike x ** 2, never raises OverflowError)."""
    return x * x


def _sqrt(variance: float) -> float:
    """The square root of a variance; rounding below 0 is clamped to 0, NaN stays NaN."""
    if math.isnan(variance):
        return _NAN
    return math.sqrt(max(variance, 0.0))
