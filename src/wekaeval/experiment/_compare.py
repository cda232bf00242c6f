"""compare(): many schemes over many data sets, as Demšar (2006) asks -- mean ranks, Friedman's test, critical
differences and post-hoc tests -- with WEKA's own corrected t-test and wins/losses ranking beside them.

>>> from wekaeval.experiment import compare
>>> comparison = compare([[0.9, 0.8, 0.7], [0.8, 0.9, 0.6], [0.7, 0.8, 0.5]],
...                      datasets=["a", "b", "c"], schemes=["X", "Y", "Z"], measure="Area_under_ROC")
>>> comparison.mean_ranks.tolist(), round(comparison.friedman.statistic, 4)
([1.6666666666666667, 1.3333333333333333, 3.0], 4.6667)
>>> comparison.cliques()
(('Y', 'X', 'Z'),)
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import IO, Any

import numpy as np

from wekaeval.errors import ComparisonError
from wekaeval.experiment._posthoc import PostHoc, VersusControl, against_control, all_pairs
from wekaeval.experiment._ranks import (
    CD_METHODS,
    Friedman,
    cliques,
    critical_difference,
    friedman,
    measure_direction,
    rank_rows,
)
from wekaeval.experiment._results import ExperimentResults, measure_column, read_experiment_results
from wekaeval.experiment._ttest import TTestResult, lookup_index, mean_table, scheme_aliases, ttest

Results = ExperimentResults | str | os.PathLike | IO | Any


@dataclass(frozen=True, eq=False)
class Comparison:
    """Schemes compared over data sets: the table, mean ranks, Friedman's test; critical differences, cliques
    and post-hoc tests on demand; WEKA's corrected t-test and ranking when made from a result file.

    ``table[i][j]`` is scheme j's value of ``measure`` on data set i (from a result file: the mean over its
    runs and folds, WEKA's ``Stats``), NaN where the scheme has no result there; ``left_out`` names those
    data sets and their schemes without results: they are not ranked (Friedman's test needs complete blocks).
    ``ranks`` holds the ranks of the others (:attr:`ranked_datasets`, in order), 1 the best, ties sharing
    their average rank; ``mean_ranks`` their mean per scheme.  ``weka`` is WEKA's corrected t-test of every
    scheme against ``control`` (the first scheme when None), ``weka_ranking`` its ``(scheme, wins, losses)``
    best first, as WEKA's Experimenter ranks them; both None for a table.
    """

    measure: str
    higher_is_better: bool
    alpha: float
    datasets: tuple[str, ...]
    schemes: tuple[str, ...]
    table: np.ndarray
    left_out: dict[str, tuple[str, ...]]
    ranks: np.ndarray
    mean_ranks: np.ndarray
    friedman: Friedman
    weka: TTestResult | None = None
    weka_ranking: tuple[tuple[str, int, int], ...] | None = None
    control: str | None = None

    @property
    def _complete(self) -> np.ndarray:
        return ~np.isnan(self.table).any(axis=1)

    @property
    def ranked_datasets(self) -> tuple[str, ...]:
        """The data sets ranked (every scheme has a result there), in order: the rows of :attr:`ranks`."""
        return tuple(name for name in self.datasets if name not in self.left_out)

    def critical_difference(self, method: str = "nemenyi", alpha: float | None = None) -> float:
        """The critical difference of mean ranks at level ``alpha`` (default the comparison's).

        ``"nemenyi"`` (all pairs; the exact studentized-range quantile at infinite degrees of freedom) or
        ``"bonferroni-dunn"`` (each scheme against one control; the normal quantile).
        """
        _check_method(method, CD_METHODS)
        return critical_difference(len(self.schemes), len(self.ranks), self._alpha(alpha), method)

    def cliques(self, method: str = "nemenyi", alpha: float | None = None) -> tuple[tuple[str, ...], ...]:
        """The groups a critical-difference diagram joins: maximal runs of two schemes or more whose mean ranks
        lie within :meth:`critical_difference` of each other, best first."""
        cd = self.critical_difference(method, alpha)
        return tuple(tuple(self.schemes[j] for j in group) for group in cliques(self.mean_ranks, cd))

    def posthoc(self, method: str = "nemenyi") -> PostHoc:
        """Every pair of schemes tested (:class:`PostHoc`): ``"nemenyi"``, ``"holm"``, ``"shaffer"``,
        ``"bergmann-hommel"``, ``"conover"`` or ``"wilcoxon-holm"`` (the procedures: docs/comparing.md)."""
        return all_pairs(method, self.schemes, self.ranks, self.table[self._complete])

    def versus_control(self, control: int | str | None = None, method: str = "holm") -> VersusControl:
        """Each scheme against ``control`` (:class:`VersusControl`): ``"holm"`` or ``"bonferroni-dunn"``.

        ``control`` defaults to compare()'s ``control``, else the scheme with the best mean rank."""
        return against_control(method, self.schemes, self.ranks, self._control_index(control))

    def to_text(self, posthoc: str = "nemenyi") -> str:
        """The table, mean ranks, Friedman's test, the ``posthoc`` procedure and WEKA's ranking, as text."""
        return _text(self, posthoc)

    def __str__(self) -> str:
        return self.to_text()

    def _alpha(self, alpha: float | None) -> float:
        return self.alpha if alpha is None else _check_alpha(alpha)

    def _control_index(self, control: int | str | None) -> int:
        if control is None:
            control = self.control
        if control is None:
            return int(np.argmin(self.mean_ranks))  # the first of the best, when they tie
        return _scheme_index(control, self.schemes, "control")


def compare(
    results: Results,
    *,
    measure: str = "Percent_correct",
    alpha: float = 0.05,
    control: int | str | None = None,
    higher_is_better: bool | None = None,
    datasets: Sequence[str] | None = None,
    schemes: Sequence[str] | None = None,
) -> Comparison:
    """Compare schemes over data sets: ranks, Friedman's test, and the rest on demand (:class:`Comparison`).

    Parameters
    ----------
    results : ExperimentResults, path, file object, pandas DataFrame or 2-D sequence
        An Experimenter result file (ARFF or CSV, WEKA's or :func:`wekaeval.experiment.run`'s), or what
        :func:`wekaeval.read_experiment_results` made of one: the table holds each scheme's mean of ``measure``
        over its runs and folds on each data set, as WEKA's ``Stats`` computes it.  Or the table itself: a
        DataFrame (index: data sets, columns: schemes) or a sequence of rows with ``datasets`` and ``schemes``
        naming them.  NaN (or None) where a scheme has no result.
    measure : str
        The measure compared (a result file's column; for a table, its name, which gives its direction).
    alpha : float
        The level of the tests, critical differences and cliques, and of WEKA's t-test, strictly between 0 and 1.
    control : int or str, optional
        The scheme the others are tested against (:meth:`Comparison.versus_control`; WEKA's t-test base), by
        index or name (as :func:`wekaeval.ttest`'s ``base``).  None: the best mean rank for versus_control,
        the first scheme for WEKA's t-test.
    higher_is_better : bool, optional
        The measure's direction; None takes it from the measure's name (errors, times and sizes are better
        lower; accuracy, kappa, areas, F-measures higher) and refuses a name it does not know.

    Raises
    ------
    ComparisonError
        For a bad argument, fewer than two schemes or two data sets where every scheme has a result, an
        unknown scheme; the message names the argument.

    >>> c = compare("docs/examples/experiment.arff", measure="Root_mean_squared_error")
    >>> c.higher_is_better, c.mean_ranks.tolist(), c.weka_ranking[0]
    (False, [2.3333333333333335, 2.0, 1.6666666666666667], ("rules.ZeroR '' 48055541465867954", 4, 0))
    """
    alpha = _check_alpha(alpha)
    if not _is_table(results) and datasets is None and schemes is None:  # the measure as the file spells it
        if not isinstance(results, ExperimentResults):
            results = read_experiment_results(results)
        measure = measure_column(results, measure, "measure", ComparisonError)
    higher = measure_direction(measure, higher_is_better)
    weka: TTestResult | None = None
    ranking = None
    if _is_table(results):
        names, rows, columns = _table(results, datasets, schemes)
    else:
        if datasets is not None or schemes is not None:
            raise ComparisonError("datasets and schemes name the rows and columns of a table, not of a result file")
        if not isinstance(results, ExperimentResults):
            results = read_experiment_results(results)
        weka = ttest(results, measure, base=0, significance=alpha)
        if control is not None:
            weka = ttest(results, measure, base=_scheme_index(control, weka.schemes, "control"), significance=alpha)
        names, rows, columns = mean_table(weka)
        ranking = weka.ranking_counts()
    if len(columns) < 2:
        raise ComparisonError(f"results: {len(columns)} scheme(s); a comparison needs two or more")
    control_name = None if control is None else columns[_scheme_index(control, columns, "control")]
    missing = np.isnan(rows)
    left_out = {
        names[i]: tuple(columns[j] for j in np.flatnonzero(missing[i])) for i in range(len(names)) if missing[i].any()
    }
    complete = rows[~missing.any(axis=1)]
    if len(complete) < 2:
        raise ComparisonError(
            f"results: {len(complete)} data set(s) where every scheme has a result; a comparison needs two or more"
        )
    ranks = rank_rows(complete, higher)
    rows.flags.writeable = False
    ranks.flags.writeable = False
    mean_ranks = np.sum(ranks, axis=0) / len(ranks)
    mean_ranks.flags.writeable = False
    return Comparison(
        measure=measure,
        higher_is_better=higher,
        alpha=alpha,
        datasets=names,
        schemes=columns,
        table=rows,
        left_out=left_out,
        ranks=ranks,
        mean_ranks=mean_ranks,
        friedman=friedman(ranks),
        weka=weka,
        weka_ranking=ranking,
        control=control_name,
    )


def _check_alpha(alpha: float) -> float:
    if isinstance(alpha, bool) or not isinstance(alpha, (int, float)) or not 0 < alpha < 1:
        raise ComparisonError(f"alpha must be a number strictly between 0 and 1, got {alpha!r}")
    return float(alpha)


def _check_method(method: str, methods: Sequence[str]) -> None:
    if method not in methods:
        raise ComparisonError(f"method must be one of {', '.join(map(repr, methods))}, got {method!r}")


def _scheme_index(scheme: int | str, schemes: Sequence[str], argument: str) -> int:
    if isinstance(scheme, np.integer):
        scheme = int(scheme)
    return lookup_index(scheme, schemes, argument, scheme_aliases(schemes), ComparisonError)


def _is_table(results: Results) -> bool:
    """A DataFrame or a sequence of rows (a numpy array, a list of lists), not a result file or its path."""
    if isinstance(results, (ExperimentResults, str, bytes, os.PathLike)) or hasattr(results, "read"):
        return False
    return True


def _table(
    results: Any, datasets: Sequence[str] | None, schemes: Sequence[str] | None
) -> tuple[tuple[str, ...], np.ndarray, tuple[str, ...]]:
    """A DataFrame's or a sequence's rows, names and values (NaN where None)."""
    if hasattr(results, "columns") and hasattr(results, "index") and hasattr(results, "to_numpy"):
        if datasets is not None or schemes is not None:
            raise ComparisonError("datasets and schemes: a DataFrame names its rows (index) and columns itself")
        datasets = [str(name) for name in results.index]
        schemes = [str(name) for name in results.columns]
        try:
            values = results.to_numpy(dtype=float, na_value=np.nan)
        except (TypeError, ValueError) as error:
            raise ComparisonError(f"results: a DataFrame of numbers (or NaN) is needed: {error}") from None
    else:
        try:
            values = np.array(
                [[np.nan if cell is None else cell for cell in row] for row in results], dtype=float, ndmin=2
            )
        except (TypeError, ValueError) as error:
            raise ComparisonError(f"results: a table must be rows of numbers (or None): {error}") from None
        if values.ndim != 2:
            raise ComparisonError(f"results: a table must be 2-D (rows of numbers), got {values.ndim} dimensions")
        for argument, names, size in (("datasets", datasets, values.shape[0]), ("schemes", schemes, values.shape[1])):
            if names is None:
                raise ComparisonError(f"{argument}: a table given as rows needs its {argument}' names")
            if isinstance(names, str) or len(names) != size:
                raise ComparisonError(f"{argument}: {size} names needed for the table's {size}, got {names!r}")
        datasets = [str(name) for name in datasets or ()]
        schemes = [str(name) for name in schemes or ()]
    for argument, names in (("datasets", datasets), ("schemes", schemes)):
        repeated = sorted({name for name in names if names.count(name) > 1})
        if repeated:
            raise ComparisonError(f"{argument}: names repeated: {', '.join(map(repr, repeated))}")
    return tuple(datasets), np.array(values, dtype=float), tuple(schemes)


def _text(comparison: Comparison, posthoc: str) -> str:
    """Comparison.to_text: the schemes numbered (a key below), numbers to 6 significant digits."""
    c = comparison
    k = len(c.schemes)
    heads = [f"({j + 1})" for j in range(k)]
    name_width = max(len("Mean rank"), *(len(name) for name in c.datasets))
    cells = [[_number(value) for value in row] for row in c.table]
    weka = c.weka
    if weka is not None:  # WEKA's marks against its base, as its Analyse panel shows them
        for i, row in enumerate(cells):
            for j in range(k):
                cell = weka.cells[i][j]
                row[j] += f" {cell.significance or ' '}" if cell is not None and j != weka.base else "  "
    mean_ranks = [_number(value) + ("  " if c.weka is not None else "") for value in c.mean_ranks]
    widths = [max(len(heads[j]), len(mean_ranks[j]), *(len(row[j]) for row in cells)) for j in range(k)]

    def line(name: str, values: Sequence[str]) -> str:
        return f"{name:<{name_width}}  " + "  ".join(f"{v:>{w}}" for v, w in zip(values, widths, strict=True))

    direction = "higher" if c.higher_is_better else "lower"
    lines = [f"{c.measure} ({direction} is better) of {k} schemes over {len(c.datasets)} data sets", ""]
    lines += [line("Dataset", heads), "-" * len(line("", heads))]
    lines += [line(name, row) for name, row in zip(c.datasets, cells, strict=True)]
    lines += ["-" * len(line("", heads)), line("Mean rank", mean_ranks), ""]
    if weka is not None:
        lines += [
            f"v, *: significantly higher, lower than ({weka.base + 1}) by WEKA's corrected t-test "
            f"at {_number(weka.significance_level)}",
            "",
        ]
    for name, missing in c.left_out.items():
        lines.append(f"Left out of the ranks: {name} (no result of {', '.join(missing)})")
    f = c.friedman
    lines += [
        f"Friedman chi2 = {_number(f.statistic)} (corrected for ties), df = {f.df}, p = {_number(f.p_value)}",
        f"Iman-Davenport F({f.df}, {f.df_denominator}) = {_number(f.iman_davenport)} "
        f"(from chi2 = {_number(f.uncorrected)} without the tie correction), p = {_number(f.iman_davenport_p)}",
        "",
    ]
    for method in ("nemenyi", "bonferroni-dunn"):
        lines.append(
            f"Critical difference ({method}, alpha {_number(c.alpha)}) = {_number(c.critical_difference(method))}"
        )
    groups = c.cliques()
    lines.append(
        "Not significantly different (nemenyi): "
        + ("; ".join(", ".join(f"({c.schemes.index(s) + 1})" for s in group) for group in groups) or "none")
    )
    found = c.posthoc(posthoc)
    pairs = found.significant(c.alpha)
    lines += ["", f"Post-hoc {posthoc}, pairs significantly different at alpha {_number(c.alpha)}:"]
    for a, b in pairs:
        i, j = c.schemes.index(a), c.schemes.index(b)
        lines.append(f"  ({i + 1}) - ({j + 1})  p = {_number(found.p_values[i, j])}")
    if not pairs:
        lines.append("  none")
    if c.weka_ranking is not None:
        lines += ["", "WEKA's ranking (significant wins and losses of the corrected t-test, a win a higher mean):"]
        lines += [
            f"  {wins - losses:>3} {wins:>3} {losses:>3}  ({c.schemes.index(name) + 1})"
            for name, wins, losses in c.weka_ranking
        ]
    lines += ["", "Key:", *(f"({j + 1}) {name}" for j, name in enumerate(c.schemes))]
    return "\n".join(text.rstrip() for text in lines) + "\n"


def _number(value: float) -> str:
    return f"{value:.6g}"
