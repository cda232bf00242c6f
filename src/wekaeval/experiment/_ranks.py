"""Ranks of schemes over data sets (Demšar 2006): average ranks, Friedman's test, critical differences, cliques.

A table holds one row per data set and one column per scheme; :func:`rank_rows` ranks each row, 1 the best
(the measure's direction: :func:`measure_direction`), tied values sharing the average of their ranks.

>>> import numpy as np
>>> ranks = rank_rows(np.array([[0.9, 0.8, 0.8], [0.7, 0.9, 0.6]]), higher_is_better=True)
>>> ranks.tolist()
[[1.0, 2.5, 2.5], [2.0, 1.0, 3.0]]
>>> round(critical_difference(3, 2, 0.05, "nemenyi"), 6)
2.343701

scipy is imported inside the functions that need it, so that importing wekaeval does not import it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from wekaeval.errors import ComparisonError

#: Which way each of WEKA's result columns is better: True where a higher value is better, False where lower
#: is.  The one table compare() reads when ``higher_is_better`` is not given; a column not here (the data set's
#: sizes, the prior entropies, ``Date_time``, the classifiers' own ``measure...`` columns) has no direction and
#: must be given one.
MEASURE_DIRECTIONS: dict[str, bool] = {
    **dict.fromkeys(
        (
            "Number_correct",
            "Percent_correct",
            "Kappa_statistic",
            "Correlation_coefficient",
            "SF_entropy_gain",
            "SF_mean_entropy_gain",
            "KB_information",
            "KB_mean_information",
            "KB_relative_information",
            "True_positive_rate",
            "Num_true_positives",
            "True_negative_rate",
            "Num_true_negatives",
            "IR_precision",
            "IR_recall",
            "F_measure",
            "Matthews_correlation",
            "Area_under_ROC",
            "Area_under_PRC",
            "Weighted_avg_true_positive_rate",
            "Weighted_avg_true_negative_rate",
            "Weighted_avg_IR_precision",
            "Weighted_avg_IR_recall",
            "Weighted_avg_F_measure",
            "Weighted_avg_matthews_correlation",
            "Weighted_avg_area_under_ROC",
            "Weighted_avg_area_under_PRC",
            "Unweighted_macro_avg_F_measure",
            "Unweighted_micro_avg_F_measure",
            "Coverage_of_Test_Cases_By_Regions",
        ),
        True,
    ),
    **dict.fromkeys(
        (
            "Number_incorrect",
            "Number_unclassified",
            "Percent_incorrect",
            "Percent_unclassified",
            "Mean_absolute_error",
            "Root_mean_squared_error",
            "Relative_absolute_error",
            "Root_relative_squared_error",
            "SF_scheme_entropy",
            "SF_mean_scheme_entropy",
            "False_positive_rate",
            "Num_false_positives",
            "False_negative_rate",
            "Num_false_negatives",
            "Weighted_avg_false_positive_rate",
            "Weighted_avg_false_negative_rate",
            "Elapsed_Time_training",
            "Elapsed_Time_testing",
            "UserCPU_Time_training",
            "UserCPU_Time_testing",
            "UserCPU_Time_millis_training",
            "UserCPU_Time_millis_testing",
            "Serialized_Model_Size",
            "Size_of_Predicted_Regions",
        ),
        False,
    ),
}


def measure_direction(measure: str, higher_is_better: bool | None) -> bool:
    """``higher_is_better`` if given, else the measure's direction from :data:`MEASURE_DIRECTIONS`.

    >>> measure_direction("Root_mean_squared_error", None), measure_direction("Kappa_statistic", None)
    (False, True)
    """
    if higher_is_better is not None:
        if not isinstance(higher_is_better, (bool, np.bool_)):
            raise ComparisonError(f"higher_is_better must be True, False or None, got {higher_is_better!r}")
        return bool(higher_is_better)
    if measure not in MEASURE_DIRECTIONS:
        raise ComparisonError(
            f"higher_is_better: the measure {measure!r} has no known direction; "
            "pass higher_is_better=True (higher values are better) or higher_is_better=False (lower are)"
        )
    return MEASURE_DIRECTIONS[measure]


def rank_rows(table: np.ndarray, higher_is_better: bool) -> np.ndarray:
    """Each row's ranks, 1 the best; tied values share the average of the ranks they span.

    ``table`` must hold no NaN (only complete data sets are ranked).
    """
    from scipy.stats import rankdata

    values = np.asarray(table, dtype=float)
    return np.asarray(rankdata(-values if higher_is_better else values, method="average", axis=1), dtype=float)


@dataclass(frozen=True)
class Friedman:
    """Friedman's test of equal mean ranks over ``n_datasets`` data sets and ``n_schemes`` schemes.

    ``statistic`` is the χ² corrected for ties and ``p_value`` its χ²(``df``) upper tail, as
    ``scipy.stats.friedmanchisquare`` (and R's ``friedman.test``) compute them; ``uncorrected`` is the χ² of
    Demšar's formula (no tie correction, as R's scmamp), ``iman_davenport`` Iman and Davenport's F computed from
    it, with ``df`` and ``df_denominator`` degrees of freedom, and ``iman_davenport_p`` its upper tail.  Where
    every data set ties every scheme, the corrected statistic and its p-value are NaN (as scipy's).
    """

    statistic: float
    p_value: float
    uncorrected: float
    iman_davenport: float
    iman_davenport_p: float
    df: int
    df_denominator: int
    n_datasets: int
    n_schemes: int


def friedman(ranks: np.ndarray) -> Friedman:
    """Friedman's test on a data sets x schemes array of ranks (:func:`rank_rows`), with scipy's arithmetic."""
    from scipy.stats import chi2, f

    n, k = ranks.shape
    ties = 0.0
    for row in ranks:
        _, counts = np.unique(row, return_counts=True)
        ties += float(np.sum(counts * (counts * counts - 1.0)))
    correction = 1 - ties / (k * (k * k - 1) * n)
    ssbn = float(np.sum(np.sum(ranks, axis=0) ** 2))
    uncorrected = 12.0 / (k * n * (k + 1)) * ssbn - 3 * n * (k + 1)
    with np.errstate(divide="ignore", invalid="ignore"):
        statistic = float(np.float64(uncorrected) / np.float64(correction))
    df, df_denominator = k - 1, (k - 1) * (n - 1)
    denominator = n * (k - 1) - uncorrected
    iman_davenport = (n - 1) * uncorrected / denominator if denominator > 0 else math.inf
    return Friedman(
        statistic=statistic,
        p_value=float(chi2.sf(statistic, df)),
        uncorrected=float(uncorrected),
        iman_davenport=float(iman_davenport),
        iman_davenport_p=float(f.sf(iman_davenport, df, df_denominator)),
        df=df,
        df_denominator=df_denominator,
        n_datasets=n,
        n_schemes=k,
    )


#: The critical differences compare() draws: the name, and what the quantile is.
CD_METHODS = ("nemenyi", "bonferroni-dunn")


def rank_standard_error(k: int, n: int) -> float:
    """The standard error of a difference of two mean ranks: ``sqrt(k (k + 1) / (6 N))``."""
    return math.sqrt(k * (k + 1.0) / (6.0 * n))


def critical_difference(k: int, n: int, alpha: float, method: str) -> float:
    """The critical difference of mean ranks for ``k`` schemes over ``n`` data sets at level ``alpha``.

    ``"nemenyi"``: the studentized range's exact upper ``alpha`` quantile for ``k`` means and infinite
    degrees of freedom, over √2 (Demšar's q_α); ``"bonferroni-dunn"``: the normal quantile at
    ``1 - alpha / (2 (k - 1))`` (k - 1 comparisons with a control).  Times :func:`rank_standard_error`.
    """
    from scipy.stats import norm, studentized_range

    if method == "nemenyi":
        q = float(studentized_range.ppf(1 - alpha, k, np.inf)) / math.sqrt(2)
    elif method == "bonferroni-dunn":
        q = float(norm.ppf(1 - alpha / (2 * (k - 1))))
    else:
        raise ComparisonError(f"method must be one of {', '.join(map(repr, CD_METHODS))}, got {method!r}")
    return q * rank_standard_error(k, n)


def cliques(mean_ranks: np.ndarray, cd: float) -> tuple[tuple[int, ...], ...]:
    """The groups a critical-difference diagram joins by a bar, as Demšar draws them: the maximal runs of
    schemes (in order of mean rank, best first) whose mean ranks lie within ``cd`` of each other, of two
    schemes or more; each a tuple of column indices, best first, the groups in order of their best scheme.

    >>> cliques(np.array([1.0, 2.0, 3.5, 2.5]), 1.2)
    ((0, 1), (1, 3), (3, 2))
    """
    order = sorted(range(len(mean_ranks)), key=lambda j: (mean_ranks[j], j))
    groups: list[tuple[int, ...]] = []
    reach = 0  # the last position the groups so far reach: a run ending there or before is inside one
    for start in range(len(order)):
        end = start
        while end + 1 < len(order) and mean_ranks[order[end + 1]] - mean_ranks[order[start]] <= cd:
            end += 1
        if end > start and end > reach:
            groups.append(tuple(order[start : end + 1]))
            reach = end
    return tuple(groups)
