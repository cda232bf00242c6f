"""Kappa beyond WEKA: standard errors, intervals, weighted kappa, per-class kappa and related coefficients.

WEKA prints one kappa without an error bar.  :func:`kappa_stats` returns that very kappa (for unweighted input
it is the identical double :func:`wekaeval.kappa` returns) together with the Fleiss-Cohen-Everitt (1969)
asymptotic standard errors, a normal confidence interval and the z test of kappa = 0 (quantile and p-values
from WEKA's own ``Statistics``), the weighted kappa for ordered classes, PABAK (Brennan-Prediger), the
prevalence and bias indices of Byrt, Bishop and Carlin (1993), Scott's pi and Gwet's AC1 with their
standard errors, one-vs-rest kappa per class, and the Landis-Koch and Fleiss labels.

>>> from wekaeval import kappa_stats
>>> stats = kappa_stats([[12, 28], [18, 42]])
>>> round(stats.kappa, 12), round(stats.std_error, 4), round(stats.ci_high, 4)
(0.0, 0.0976, 0.1913)
>>> round(kappa_stats([[2, 0, 0], [0, 1, 0], [1, 0, 1]], weights="quadratic").kappa, 12)
0.5
>>> print(kappa_stats([[10, 7], [5, 8]], class_names=["cat", "dog"]))  # doctest: +NORMALIZE_WHITESPACE
                  Simple Kappa Coefficient
              --------------------------------
              Kappa                      0.2000
              ASE                        0.1773
              95% Lower Conf Limit      -0.1475
              95% Upper Conf Limit       0.5475
<BLANKLINE>
                 Test of H0: Simple Kappa = 0
<BLANKLINE>
              ASE under H0               0.1809
              Z                          1.1053
              One-sided Pr >  Z          0.1345
              Two-sided Pr > |Z|         0.2690
<BLANKLINE>
                 Related coefficients
<BLANKLINE>
              Observed agreement         0.6000
              Expected agreement         0.5000
              PABAK                      0.2000
              Prevalence index           0.0667
              Bias index                 0.0667
              Scott's pi                 0.1964
              Scott's pi ASE             0.1793
              Gwet's AC1                 0.2035
              Gwet's AC1 ASE             0.1798
              Landis-Koch               Slight
              Fleiss                    Poor
<BLANKLINE>
                 One-vs-rest kappa per class
<BLANKLINE>
              cat                        0.2000
              dog                        0.2000
              Macro average              0.2000
              Micro average              0.2000
              Weighted average           0.2000

The matrix's rows are actual classes and its columns predicted ones (or rater 1 and rater 2); entries are
non-negative, possibly fractional (instance-weighted) counts.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from wekaeval._textsource import counted
from wekaeval.errors import ArgumentError, MatrixError
from wekaeval.evaluation._kappa import _kappa, _validated_matrix, agreement, kappa
from wekaeval.evaluation._kappacoefficients import PerClassKappa, _gwet_ac, _per_class, _scott_pi, _sqrt, _square
from wekaeval.javamath import java_divide, java_sum, normal_inverse, normal_probability

_NAN = math.nan


#: The lines the wekaevalKappa WEKA package (java_reference/kappa-package) adds to WEKA's summary, and the
#: :class:`KappaStats` field each prints (unweighted, alpha 0.05, the same doubles).
WEKA_PACKAGE_LINES = {
    "Kappa standard error": "std_error",
    "Kappa 95% CI lower": "ci_low",
    "Kappa 95% CI upper": "ci_high",
    "Kappa z": "z",
    "PABAK": "pabak",
}


#: Landis and Koch (1977): each band's upper bound (inclusive, two decimals); below 0 is "Poor".
_LANDIS_KOCH = ((0.2, "Slight"), (0.4, "Fair"), (0.6, "Moderate"), (0.8, "Substantial"))


def landis_koch_label(value: float) -> str | None:
    """Landis and Koch's (1977) name for a kappa; None for NaN.

    Their bands are written with two decimals (below 0.00 Poor, 0.00-0.20 Slight, 0.21-0.40 Fair, 0.41-0.60
    Moderate, 0.61-0.80 Substantial, 0.81-1.00 Almost perfect), so the kappa is rounded to two decimals
    first: 2/5, computed as 0.3999999999999999, is Fair, and so is 0.404.

    >>> landis_koch_label(-0.1), landis_koch_label(0.2), landis_koch_label(0.61), landis_koch_label(0.95)
    ('Poor', 'Slight', 'Substantial', 'Almost perfect')
    """
    if math.isnan(value):
        return None
    rounded = round(value, 2)
    if rounded < 0:
        return "Poor"
    for bound, label in _LANDIS_KOCH:
        if rounded <= bound:
            return label
    return "Almost perfect"


def fleiss_label(value: float) -> str | None:
    """Fleiss's (1981) name for a kappa, rounded to two decimals as his bands are written; None for NaN.

    Below 0.40 Poor, 0.40 to 0.75 Fair to good, above 0.75 Excellent.

    >>> fleiss_label(0.39), fleiss_label(0.3999999999999999), fleiss_label(0.75), fleiss_label(0.76)
    ('Poor', 'Fair to good', 'Fair to good', 'Excellent')
    """
    if math.isnan(value):
        return None
    rounded = round(value, 2)
    if rounded < 0.4:
        return "Poor"
    return "Fair to good" if rounded <= 0.75 else "Excellent"


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
        kappa -/+ z(1 - alpha/2) * std_error, the quantile WEKA's ``Statistics.normalInverse`` gives
        (1.959963984540054 for alpha = 0.05); NaN with std_error.
    std_error_h0 : float
        Fleiss-Cohen-Everitt standard error under kappa = 0; NaN when Pe is not below 1.
    z : float
        kappa / std_error_h0 (infinite when std_error_h0 is 0 and kappa is not; NaN when it cannot be computed).
    p_one_sided, p_two_sided : float
        Normal upper-tail and two-sided p-values of z (WEKA's ``Statistics.normalProbability``); NaN with z.
    alpha : float
        The confidence level is 1 - alpha.
    pabak : float
        Prevalence- and bias-adjusted kappa from the unweighted Po: 2 Po - 1 for two classes, Brennan and
        Prediger's (k Po - 1) / (k - 1) (Bennett's S) for k classes; NaN for one class or an all-zero matrix.
    prevalence_index, bias_index : float or None
        Two classes only (None otherwise), signed as Byrt, Bishop and Carlin define them:
        (a - d) / n and (b - c) / n for the table [[a, b], [c, d]]; NaN for an all-zero matrix.
        kappa = (pabak - PI**2 + BI**2) / (1 - PI**2 + BI**2).
    scott_pi, scott_pi_std_error : float
        Scott's pi (chance agreement from the pooled margins) and its standard error, with the same weights
        as kappa (weighted pi); NaN when its chance agreement is not below 1 or the matrix is all zeros.
    gwet_ac1, gwet_ac1_std_error : float
        Gwet's AC1 (AC2 when weights are given) and its standard error; NaN for one class, when its chance
        agreement is not below 1, or for an all-zero matrix.
    per_class : PerClassKappa
        One-vs-rest kappa per class name, with macro, micro and weighted averages (unweighted kappa).

    The standard errors of pi and AC1 are Gwet's (irrCAC's) without a finite-population correction.
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
    scott_pi_std_error: float
    gwet_ac1: float
    gwet_ac1_std_error: float
    per_class: PerClassKappa

    @property
    def landis_koch(self) -> str | None:
        """Landis and Koch's name for this kappa (:func:`landis_koch_label`)."""
        return landis_koch_label(self.kappa)

    @property
    def fleiss(self) -> str | None:
        """Fleiss's name for this kappa (:func:`fleiss_label`)."""
        return fleiss_label(self.kappa)

    def to_dict(self) -> dict[str, Any]:
        """Every field (and both labels) as plain Python values, per_class as a nested dict; for JSON.

        Examples
        --------
        >>> sorted(kappa_stats([[3, 1], [0, 4]]).to_dict())[:4]
        ['alpha', 'bias_index', 'ci_high', 'ci_low']
        """
        result: dict[str, Any] = {
            name: getattr(self, name) for name in self.__dataclass_fields__ if name != "per_class"
        }
        result["weights"] = [list(row) for row in self.weights]
        result["landis_koch"] = self.landis_koch
        result["fleiss"] = self.fleiss
        result["per_class"] = {
            "kappa": dict(self.per_class),
            "support": dict(zip(self.per_class.class_names, self.per_class.support, strict=False)),
            "macro": self.per_class.macro,
            "micro": self.per_class.micro,
            "weighted": self.per_class.weighted,
        }
        return result

    def to_frame(self) -> Any:
        """The per-class kappas as a pandas DataFrame (kappa, support), then the macro, micro and weighted rows.

        Every field, for JSON or a one-row frame: :meth:`to_dict`.
        """
        from wekaeval._frames import kappa_stats_frame

        return kappa_stats_frame(self)

    def __str__(self) -> str:
        title = "Simple Kappa" if self.kind == "simple" else "Weighted Kappa"
        ac = "Gwet's AC1" if self.kind == "simple" else "Gwet's AC2"
        level = 100 * (1 - self.alpha)
        level_text = f"{level:.0f}%" if level == round(level) else f"{level:g}%"

        def row(label: str, value: float | str | None) -> _Line:
            return (label, value)

        lines: list[_Line] = [
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
        lines += [
            row("Scott's pi", self.scott_pi),
            row("Scott's pi ASE", self.scott_pi_std_error),
            row(ac, self.gwet_ac1),
            row(f"{ac} ASE", self.gwet_ac1_std_error),
            row("Landis-Koch", self.landis_koch),
            row("Fleiss", self.fleiss),
            "",
            "                 One-vs-rest kappa per class",
            "",
        ]
        lines += [row(name, value) for name, value in self.per_class.items()]
        lines += [
            row("Macro average", self.per_class.macro),
            row("Micro average", self.per_class.micro),
            row("Weighted average", self.per_class.weighted),
        ]
        return "\n".join(_aligned(lines))


_Line = str | tuple[str, float | str | None]


def _aligned(lines: list[_Line]) -> list[str]:
    """:meth:`KappaStats.__str__`'s table: each (label, value) row with its label in one column and its number
    right-aligned in the next, so that the decimal points line up whatever the signs and magnitudes (words, the
    Landis-Koch and Fleiss bands, start where the widest number starts); other lines as they are."""
    rows = [line for line in lines if isinstance(line, tuple)]
    label_width = max([26] + [len(label) + 2 for label, _ in rows])
    width = max((len(f"{value:.4f}") for _, value in rows if isinstance(value, float | int)), default=0)
    out = []
    for line in lines:
        if isinstance(line, tuple):
            label, value = line
            shown = value if isinstance(value, str) else "None" if value is None else f"{value:.4f}"
            if not isinstance(value, str):
                shown = shown.rjust(width)
            line = f"              {label:<{label_width}}{shown}"
        out.append(line)
    return out


def kappa_stats(
    matrix: Any, *, weights: Any = None, alpha: float = 0.05, class_names: Sequence[str] | None = None
) -> KappaStats:
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
    class_names : sequence of k distinct str, optional
        The names :attr:`KappaStats.per_class` goes by; ``"0"``, ``"1"``, ... by default.

    Returns
    -------
    KappaStats
        See its attributes for each field and for what degenerate tables give.

    Raises
    ------
    MatrixError
        If the matrix is empty, not square, non-finite or negative, if weights is not one of the above or
        holds a non-finite value, if alpha is not strictly between 0 and 1, or if class_names does not name
        the k classes once each.  The message names the argument.

    Examples
    --------
    >>> stats = kappa_stats([[20, 5], [10, 15]], class_names=["yes", "no"])
    >>> stats.kappa, stats.landis_koch, stats.fleiss
    (0.3999999999999999, 'Fair', 'Fair to good')
    >>> round(stats.per_class["yes"], 12), round(stats.per_class.macro, 12)
    (0.4, 0.4)
    """
    array = _validated_matrix(matrix)
    if (array < 0).any():
        i, j = np.argwhere(array < 0)[0]
        raise MatrixError(f"matrix must hold non-negative counts, got {array[i, j]} at row {i}, column {j}")
    if isinstance(alpha, bool) or not isinstance(alpha, (int, float)) or not 0 < alpha < 1:
        raise ArgumentError(f"alpha must be a number strictly between 0 and 1, got {alpha!r}")
    alpha = float(alpha)
    rows = array.tolist()
    k = len(rows)
    names = _class_names(class_names, k)
    kind, w = _agreement_weights(weights, k)

    # Margins, total and the two agreements in WEKA's loop order (the very sums its kappa makes).
    sum_rows, sum_columns, n, po_simple, pe_simple = agreement(rows)
    p = [[java_divide(count, n) for count in row] for row in rows]
    r = [java_divide(s, n) for s in sum_rows]
    c = [java_divide(s, n) for s in sum_columns]
    cells = [(i, j) for i in range(k) for j in range(k)]

    if kind == "simple":
        po, pe = po_simple, pe_simple
        kappa_value = kappa(array)
    else:
        po = java_sum(w[i][j] * p[i][j] for i, j in cells)
        pe = java_sum(w[i][j] * r[i] * c[j] for i, j in cells)
        kappa_value = (po - pe) / (1 - pe) if pe < 1 else 1.0

    se, se_h0 = _NAN, _NAN
    if pe < 1:
        # Fleiss, Cohen and Everitt (1969): w_row[i] = sum_j c_j w_ij, w_col[j] = sum_i r_i w_ij.
        w_row = [java_sum(c[j] * w[i][j] for j in range(k)) for i in range(k)]
        w_col = [java_sum(r[i] * w[i][j] for i in range(k)) for j in range(k)]
        one_minus = 1 - kappa_value
        denominator = (1 - pe) * (1 - pe) * n
        term = java_sum(p[i][j] * _square(w[i][j] - (w_row[i] + w_col[j]) * one_minus) for i, j in cells)
        variance = java_divide(term - _square(kappa_value - pe * one_minus), denominator)
        term_h0 = java_sum(r[i] * c[j] * _square(w[i][j] - (w_row[i] + w_col[j])) for i, j in cells)
        variance_h0 = java_divide(term_h0 - pe * pe, denominator)
        se, se_h0 = _sqrt(variance), _sqrt(variance_h0)

    quantile = normal_inverse(1 - alpha / 2)
    z = java_divide(kappa_value, se_h0)
    if math.isnan(z):
        p_one, p_two = _NAN, _NAN
    else:
        p_one = normal_probability(-z)
        p_two = 2 * normal_probability(-abs(z))

    pabak = java_divide(k * po_simple - 1, k - 1) if k > 1 else _NAN
    prevalence = bias = None
    if k == 2:
        prevalence = java_divide(rows[0][0] - rows[1][1], n)
        bias = java_divide(rows[0][1] - rows[1][0], n)

    pooled = [(r[i] + c[i]) / 2 for i in range(k)]
    scott, scott_se = _scott_pi(p, w, pooled, po, n)
    gwet, gwet_se = _gwet_ac(p, w, pooled, po, n)

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
        scott_pi_std_error=scott_se,
        gwet_ac1=gwet,
        gwet_ac1_std_error=gwet_se,
        per_class=_per_class(rows, sum_rows, sum_columns, n, names),
    )


def evaluation_kappa_stats(
    matrix: np.ndarray, *, weights: Any = None, alpha: float = 0.05, class_names: Sequence[str] | None = None
) -> KappaStats:
    """:func:`kappa_stats` of an Evaluation's (or ConfusionMatrix's) own matrix: one answer for every matrix.

    WEKA's Evaluation can hold what :func:`kappa_stats` refuses -- negative cells (negative instance weights),
    infinite or NaN ones (weights whose sums overflow) -- and still gives a kappa.  For such a matrix this
    returns that kappa (WEKA's, the identical double ``Evaluation.kappa`` gives; NaN for a weighted kappa)
    and NaN for every statistic that needs counts, never an error; a matrix of finite non-negative counts
    gets :func:`kappa_stats` itself.
    """
    array = np.asarray(matrix, dtype=np.float64)
    if np.isfinite(array).all() and not (array < 0).any():
        return kappa_stats(array, weights=weights, alpha=alpha, class_names=class_names)
    if isinstance(alpha, bool) or not isinstance(alpha, (int, float)) or not 0 < alpha < 1:
        raise ArgumentError(f"alpha must be a number strictly between 0 and 1, got {alpha!r}")
    rows = array.tolist()
    k = len(rows)
    names = _class_names(class_names, k)
    kind, w = _agreement_weights(weights, k)
    sum_rows, sum_columns, n, po, pe = agreement(rows)
    return KappaStats(
        kind=kind,
        weights=tuple(tuple(row) for row in w),
        n=n,
        observed_agreement=po if kind == "simple" else _NAN,
        expected_agreement=pe if kind == "simple" else _NAN,
        kappa=_kappa(rows) if kind == "simple" else _NAN,
        std_error=_NAN,
        ci_low=_NAN,
        ci_high=_NAN,
        std_error_h0=_NAN,
        z=_NAN,
        p_one_sided=_NAN,
        p_two_sided=_NAN,
        alpha=float(alpha),
        pabak=_NAN,
        prevalence_index=_NAN if k == 2 else None,
        bias_index=_NAN if k == 2 else None,
        scott_pi=_NAN,
        scott_pi_std_error=_NAN,
        gwet_ac1=_NAN,
        gwet_ac1_std_error=_NAN,
        per_class=_per_class(rows, sum_rows, sum_columns, n, names),
    )


def _class_names(class_names: Sequence[str] | None, k: int) -> tuple[str, ...]:
    if class_names is None:
        return tuple(str(i) for i in range(k))
    if isinstance(class_names, str) or not isinstance(class_names, Sequence):
        raise MatrixError(f"class_names must be a sequence of {k} names, got {class_names!r}")
    names = tuple(str(name) for name in class_names)
    if len(names) != k:
        raise MatrixError(f"class_names must name the matrix's {k} classes, got {counted(len(names), 'name')}")
    if len(set(names)) != k:
        raise MatrixError(f"class_names must be distinct, got {list(names)}")
    return names


def _agreement_weights(weights: Any, k: int) -> tuple[str, list[list[float]]]:
    """The kind of kappa and its k x k agreement weights."""
    if weights is None:
        return "simple", [[1.0 if i == j else 0.0 for j in range(k)] for i in range(k)]
    if isinstance(weights, str):
        if weights not in ("linear", "quadratic"):
            raise ArgumentError(f"weights must be None, 'linear', 'quadratic' or a k x k array, got {weights!r}")
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
