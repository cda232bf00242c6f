"""Post-hoc tests after Friedman's: every pair of schemes, or each scheme against a control.

All pairs (:func:`all_pairs`), on the ranks of the complete data sets (1 the best) or, for Wilcoxon, on the
measured values:

- ``"nemenyi"``: q = √2 |R_i - R_j| / SE, p from the studentized range (k means, infinite degrees of
  freedom); single-step, so already family-wise (= scikit-posthocs' ``posthoc_nemenyi_friedman``).
- ``"holm"``: z = |R_i - R_j| / SE, two-sided normal p, Holm's step-down over the k(k-1)/2 pairs
  (= ``posthoc_siegel_friedman(p_adjust="holm")``, scmamp's ``postHocTest(test="friedman", correct="holm")``).
- ``"shaffer"``, ``"bergmann-hommel"``: the same z-test's p-values, adjusted by Shaffer's static procedure or
  Bergmann and Hommel's (:mod:`wekaeval.experiment._hypotheses`, as scmamp's ``adjustShaffer`` and
  ``adjustBergmannHommel``).
- ``"conover"``: Conover's t-test on rank sums with (N-1)(k-1) degrees of freedom, Holm-adjusted
  (= ``posthoc_conover_friedman(p_adjust="holm")``).
- ``"wilcoxon-holm"``: Wilcoxon's signed-rank test of each pair over the data sets (scipy's ``wilcoxon`` with
  :data:`WILCOXON_OPTIONS`), Holm-adjusted over all pairs (Benavoli et al. 2016).

SE = sqrt(k (k + 1) / (6 N)).  Against a control (:func:`against_control`): z = (R_j - R_control) / SE,
two-sided normal p, Holm's step-down (``"holm"``, = scikit-posthocs' ``posthoc_demsar(p_adjust="holm")``) or
Bonferroni's k - 1 (``"bonferroni-dunn"``, = ``posthoc_demsar(p_adjust="bonferroni")``).
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from wekaeval.errors import ComparisonError, WekaevalError
from wekaeval.experiment._ranks import rank_standard_error

#: The all-pairs procedures of :func:`all_pairs`.
POSTHOC_METHODS = ("nemenyi", "holm", "shaffer", "bergmann-hommel", "conover", "wilcoxon-holm")


#: The procedures against a control of :func:`against_control`.
CONTROL_METHODS = ("holm", "bonferroni-dunn")


#: scipy.stats.wilcoxon's options for ``"wilcoxon-holm"``: zero differences split evenly between the positive
#: and negative rank sums (Demšar 2006, section 3.1.3), no continuity correction, and scipy's choice of the
#: distribution: the exact one up to 50 data sets without ties or zeros; with them, every sign flip enumerated
#: up to 13 data sets (:func:`sign_flip_p`, scipy's permutation test counted exactly instead of enumerated,
#: seconds faster per pair), else the normal approximation with the tie correction.
WILCOXON_OPTIONS = {"zero_method": "zsplit", "correction": False, "method": "auto"}


def sign_flip_p(x: np.ndarray, y: np.ndarray) -> float:
    """The two-sided p-value of Wilcoxon's signed-rank test (zeros split) over every one of the 2^n sign flips
    of the differences, as scipy's ``wilcoxon(..., method="auto")`` computes it with ties or zeros up to 13
    data sets (``permutation_test``'s exact test): counted by a generating function of the doubled ranks.

    >>> sign_flip_p(np.array([1.0, 2.0, 3.0]), np.zeros(3)), sign_flip_p(np.ones(4), np.ones(4))
    (0.25, 1.0)
    """
    from scipy.stats import rankdata

    differences = np.asarray(x, dtype=float) - np.asarray(y, dtype=float)
    doubled = np.rint(2 * rankdata(np.abs(differences))).astype(np.int64)  # average ranks are halves
    nonzero = differences != 0
    counts = np.zeros(int(doubled[nonzero].sum()) + 1, dtype=np.int64)
    counts[0] = 1
    for a in doubled[nonzero]:  # each nonzero difference positive (adds its rank) or negative
        counts[a:] = counts[a:] + counts[: len(counts) - a].copy()
    observed = int(doubled[differences > 0].sum())
    scale = 2 ** int(np.count_nonzero(~nonzero))  # a zero's flip changes nothing
    total = float(2 ** len(differences))
    less = float(scale * int(counts[: observed + 1].sum())) / total
    greater = float(scale * int(counts[observed:].sum())) / total
    return float(np.clip(min(less, greater) * 2, 0.0, 1.0))


@dataclass(frozen=True, eq=False)
class PostHoc:
    """Every pair of schemes tested after Friedman's test.

    ``statistics[i][j]``, ``p_values[i][j]`` (adjusted for the k(k-1)/2 comparisons) and ``unadjusted[i][j]``
    compare ``schemes[i]`` with ``schemes[j]``; each matrix is symmetric (both orientations hold the same
    number), its diagonal statistic 0 and p 1.  The statistic is the one the p-value is computed from:
    Nemenyi's studentized range q, the z of a difference of mean ranks (Holm, Shaffer, Bergmann-Hommel),
    Conover's t, Wilcoxon's smaller rank sum.  Nemenyi's p-values are family-wise already: ``unadjusted`` is
    ``p_values`` there.
    """

    method: str
    schemes: tuple[str, ...]
    statistics: np.ndarray
    p_values: np.ndarray
    unadjusted: np.ndarray

    def significant(self, alpha: float) -> list[tuple[str, str]]:
        """The pairs whose adjusted p-value is at most ``alpha``, in the schemes' order."""
        k = len(self.schemes)
        return [
            (self.schemes[i], self.schemes[j])
            for i in range(k)
            for j in range(i + 1, k)
            if self.p_values[i, j] <= alpha
        ]


@dataclass(frozen=True, eq=False)
class VersusControl:
    """Each scheme tested against ``control``: ``schemes`` are the others, in order, and ``statistics[j]``
    their z = (R_j - R_control) / SE (positive: a worse mean rank than the control's), ``p_values`` adjusted
    for the k - 1 comparisons, ``unadjusted`` the two-sided normal p-values."""

    method: str
    control: str
    schemes: tuple[str, ...]
    statistics: np.ndarray
    p_values: np.ndarray
    unadjusted: np.ndarray

    def significant(self, alpha: float) -> list[str]:
        """The schemes whose adjusted p-value is at most ``alpha``."""
        return [name for name, p in zip(self.schemes, self.p_values, strict=True) if p <= alpha]


def holm(p: np.ndarray) -> np.ndarray:
    """Holm's step-down adjusted p-values (as statsmodels' ``multipletests(method="holm")``).

    >>> holm(np.array([0.01, 0.04, 0.03])).tolist()
    [0.03, 0.06, 0.06]
    """
    p = np.asarray(p, dtype=float)
    order = np.argsort(p, kind="stable")
    adjusted = np.maximum.accumulate(p[order] * np.arange(len(p), 0, -1))
    result = np.empty_like(p)
    result[order] = np.minimum(adjusted, 1.0)
    return result


def all_pairs(method: str, schemes: Sequence[str], ranks: np.ndarray, values: np.ndarray) -> PostHoc:
    """The ``method`` (:data:`POSTHOC_METHODS`) over every pair: ``ranks`` and ``values`` are the complete
    data sets' ranks and measured values, data sets x schemes."""
    from scipy.stats import norm, studentized_range

    if method not in POSTHOC_METHODS:
        raise ComparisonError(f"method must be one of {', '.join(map(repr, POSTHOC_METHODS))}, got {method!r}")
    n, k = ranks.shape
    upper = np.triu_indices(k, 1)
    mean_ranks = np.sum(ranks, axis=0) / n
    with np.errstate(divide="ignore", invalid="ignore"):
        if method == "conover":
            statistics, p = _conover(ranks, upper)
        elif method == "wilcoxon-holm":
            statistics, p = _wilcoxon(values, upper)
        else:
            statistics = np.abs(mean_ranks[upper[0]] - mean_ranks[upper[1]]) / rank_standard_error(k, n)
            if method == "nemenyi":
                statistics = statistics * math.sqrt(2.0)
                p = studentized_range.sf(statistics, k, np.inf)
            else:
                p = np.minimum(2.0 * norm.sf(statistics), 1.0)
    unadjusted = _symmetric(k, upper, p, 1.0)
    if method == "nemenyi":
        adjusted = unadjusted
    elif method in ("shaffer", "bergmann-hommel"):
        # helper shaffer's module (issue 34), written in parallel: imported by name so that this branch
        # type-checks without it; its functions take and give k x k symmetric matrices of p-values
        hypotheses = importlib.import_module("wekaeval.experiment._hypotheses")
        adjust = hypotheses.shaffer_adjust if method == "shaffer" else hypotheses.bergmann_hommel_adjust
        try:
            adjusted = np.asarray(adjust(unadjusted.copy()), dtype=float)
        except ComparisonError:
            raise
        except WekaevalError as error:  # Bergmann-Hommel's limit on the schemes, for one
            raise ComparisonError(f"method {method!r}: {error}") from None
    else:
        adjusted = _symmetric(k, upper, holm(p), 1.0)
    return PostHoc(
        method=method,
        schemes=tuple(schemes),
        statistics=_frozen(_symmetric(k, upper, statistics, 0.0)),
        p_values=_frozen(adjusted),
        unadjusted=_frozen(unadjusted),
    )


def against_control(method: str, schemes: Sequence[str], ranks: np.ndarray, control: int) -> VersusControl:
    """The ``method`` (:data:`CONTROL_METHODS`) of each scheme against scheme ``control`` on the ``ranks``."""
    from scipy.stats import norm

    if method not in CONTROL_METHODS:
        raise ComparisonError(f"method must be one of {', '.join(map(repr, CONTROL_METHODS))}, got {method!r}")
    n, k = ranks.shape
    mean_ranks = np.sum(ranks, axis=0) / n
    others = [j for j in range(k) if j != control]
    statistics = (mean_ranks[others] - mean_ranks[control]) / rank_standard_error(k, n)
    unadjusted = np.minimum(2.0 * norm.sf(np.abs(statistics)), 1.0)
    adjusted = holm(unadjusted) if method == "holm" else np.minimum(unadjusted * (k - 1), 1.0)
    return VersusControl(
        method=method,
        control=schemes[control],
        schemes=tuple(schemes[j] for j in others),
        statistics=_frozen(statistics),
        p_values=_frozen(adjusted),
        unadjusted=_frozen(unadjusted),
    )


def _conover(ranks: np.ndarray, upper: tuple[np.ndarray, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """Conover's (1999) t of each pair's rank sums after Friedman's test, and its two-sided p."""
    from scipy.stats import t

    n, k = ranks.shape
    rank_sums = np.sum(ranks, axis=0)
    a1 = np.sum(ranks**2.0)
    s2 = 1.0 / (k - 1.0) * (a1 - k * n * ((k + 1.0) ** 2.0) / 4.0)
    t2 = np.sum((rank_sums - n * (k + 1.0) / 2.0) ** 2.0) / s2
    df = n * k - k - n + 1.0
    a = s2 * (2.0 * n * (k - 1.0)) / df
    b = 1.0 - t2 / (n * (k - 1.0))
    statistics = np.abs(rank_sums[upper[0]] - rank_sums[upper[1]]) / np.sqrt(a) / np.sqrt(b)
    return statistics, 2.0 * t.sf(statistics, df)


def _wilcoxon(values: np.ndarray, upper: tuple[np.ndarray, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """scipy's Wilcoxon signed-rank test (:data:`WILCOXON_OPTIONS`) of each pair over the data sets."""
    import warnings

    from scipy.stats import wilcoxon

    statistics, p = [], []
    for i, j in zip(*upper, strict=True):
        x, y = values[:, i], values[:, j]
        magnitudes = np.abs(x - y)
        flips = len(x) <= 13 and (np.any(magnitudes == 0) or len(np.unique(magnitudes)) < len(x))
        options = {**WILCOXON_OPTIONS, "method": "asymptotic"} if flips else WILCOXON_OPTIONS
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # a pair with every difference zero: p = 1
            found = wilcoxon(x, y, **options)
        statistics.append(float(found.statistic))  # min(R+, R-), whichever the distribution
        p.append(sign_flip_p(x, y) if flips else float(found.pvalue))
    return np.array(statistics), np.array(p)


def _symmetric(k: int, upper: tuple[np.ndarray, np.ndarray], values: np.ndarray, diagonal: float) -> np.ndarray:
    matrix = np.full((k, k), diagonal)
    matrix[upper] = values
    matrix[(upper[1], upper[0])] = values
    return matrix


def _frozen(array: np.ndarray) -> np.ndarray:
    array = np.array(array, dtype=float)
    array.flags.writeable = False
    return array
