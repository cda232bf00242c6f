"""WEKA's Experimenter analysis without a JVM: the corrected paired t-test and its result matrix.

A port of ``weka.experiment.PairedCorrectedTTester`` -- the Experimenter's Analyse panel with its
defaults -- over a result file of the Experimenter (:func:`wekaeval.read_experiment_results`): rows are
grouped into result sets (``Key_Scheme``, ``Key_Scheme_options``, ``Key_Scheme_version_ID``) and
datasets (``Key_Dataset``) in order of first appearance, each group sorted by fold and run as WEKA
sorts it, and every scheme is compared with the base scheme, dataset by dataset, with Nadeau and
Bengio's corrected resampled t-test (:class:`wekaeval.experiment.PairedStatsCorrected`, WEKA's test
to training ratio, ``Statistics.FProbability`` for the p-value).  ``v`` marks a scheme significantly
better than the base on a dataset, ``*`` significantly worse.

>>> from wekaeval import read_experiment_results, ttest
>>> results = read_experiment_results("docs/examples/experiment.arff")
>>> analysis = ttest(results, "Percent_correct")
>>> analysis.schemes[1], round(analysis.mean("iris", 1), 2), analysis.significance("iris", 1)
("trees.J48 '-C 0.25 -M 2' -217733168393644444", 94.44, 'v')
>>> print(analysis.to_text())  # doctest: +NORMALIZE_WHITESPACE
Dataset                   (1) rules.Ze | (2) trees (3) bayes
------------------------------------------------------------
iris                      (15)   33.33 |   94.44 v   95.11 v
picnic                    (15)   63.33 |   54.44     58.89
eyewear                   (15)   42.00 |   92.00 v   87.67 v
------------------------------------------------------------
                               (v/ /*) |   (2/1/0)   (2/1/0)
<BLANKLINE>
<BLANKLINE>
Key:
(1) rules.ZeroR '' 48055541465867954
(2) trees.J48 '-C 0.25 -M 2' -217733168393644444
(3) bayes.NaiveBayes '' 5995231201785697655
<BLANKLINE>
"""

from __future__ import annotations

import datetime as _datetime
import math
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import IO, Any

import numpy as np

from wekaeval.errors import WekaevalError
from wekaeval.experiment._formats import (
    ResultMatrixCSV,
    ResultMatrixGnuPlot,
    ResultMatrixHTML,
    ResultMatrixLatex,
    ResultMatrixPlainText,
    ResultMatrixSignificance,
    _Format,
)
from wekaeval.experiment._resultmatrix import SIGNIFICANCE_LOSS, SIGNIFICANCE_TIE, SIGNIFICANCE_WIN
from wekaeval.experiment._results import (
    DATASET_KEY,
    RESULTSET_KEY,
    ExperimentResults,
    measure_column,
    read_experiment_results,
)
from wekaeval.experiment._tester import PairedTester, TTestError
from wekaeval.javamath import (
    java_double_to_string,
    java_log_scalar,
    join_options,
    weka_sort,
)

RUN_COLUMN = "Key_Run"


FOLD_COLUMN = "Key_Fold"


TESTER = "weka.experiment.PairedCorrectedTTester"


#: The result matrices of WEKA's tester, by the name the command line's ``--format`` takes.
FORMATS: dict[str, type[_Format]] = {
    "plain": ResultMatrixPlainText,
    "latex": ResultMatrixLatex,
    "csv": ResultMatrixCSV,
    "html": ResultMatrixHTML,
    "significance": ResultMatrixSignificance,
    "gnuplot": ResultMatrixGnuPlot,
}


_SIGNS = {SIGNIFICANCE_WIN: "v", SIGNIFICANCE_LOSS: "*", SIGNIFICANCE_TIE: ""}


@dataclass(frozen=True)
class TTestCell:
    """One scheme against the base on one dataset: what the result matrix shows in its cell.

    ``count`` is the number of paired results, ``mean`` and ``std_dev`` are the scheme's (WEKA's
    ``yStats``), ``significance`` is ``"v"`` (significantly better than the base), ``"*"`` (worse) or
    ``""``, and ``probability`` the test's two-sided p-value.
    """

    count: float
    mean: float
    std_dev: float
    significance: str
    probability: float


@dataclass(frozen=True, eq=False)
class TTestResult:
    """The corrected paired t-test of every scheme against a base, per dataset, as WEKA's Experimenter shows it.

    ``datasets`` and ``schemes`` are the row and column names WEKA prints (``"iris"``, ``"trees.J48
    '-C 0.25 -M 2' -217733168393644444"``), in order of first appearance in the results; ``cells[i][j]``
    is scheme j against the base on dataset i (a :class:`TTestCell`, or None where WEKA cannot compare:
    a scheme without results on the dataset).  ``messages`` repeats what WEKA's tester prints on stderr
    (missing values skipped, groups that cannot be compared).  Datasets and schemes are named by index
    or by name in :meth:`mean`, :meth:`std_dev` and :meth:`significance`; a scheme also by its class
    alone (``"J48"``, ``"trees.J48"``, ``"weka.classifiers.trees.J48"``) when that is unambiguous.
    """

    source: str
    measure: str
    base: int
    significance_level: float
    show_std_devs: bool
    sort_by: str | None
    datasets: tuple[str, ...]
    schemes: tuple[str, ...]
    cells: tuple[tuple[TTestCell | None, ...], ...]
    row_order: tuple[int, ...]
    mean_width: int
    std_dev_width: int
    messages: tuple[str, ...]
    _tester: PairedTester = field(repr=False)
    _measure_column: int = field(repr=False)

    # -- the numbers --------------------------------------------------------------------------------

    def cell(self, dataset: int | str, scheme: int | str) -> TTestCell:
        """The comparison of ``scheme`` with the base on ``dataset``; TTestError where there is none."""
        i, j = self._dataset(dataset), self._scheme(scheme)
        found = self.cells[i][j]
        if found is None:
            raise TTestError(f"no results of {self.schemes[j]} on {self.datasets[i]} to compare with the base")
        return found

    def mean(self, dataset: int | str, scheme: int | str) -> float:
        """The scheme's mean of the measure on the dataset."""
        return self.cell(dataset, scheme).mean

    def std_dev(self, dataset: int | str, scheme: int | str) -> float:
        """The scheme's standard deviation of the measure on the dataset (WEKA's ``Stats.stdDev``)."""
        return self.cell(dataset, scheme).std_dev

    def significance(self, dataset: int | str, scheme: int | str) -> str:
        """``"v"`` (significantly better than the base), ``"*"`` (worse) or ``""``."""
        return self.cell(dataset, scheme).significance

    def counts(self) -> dict[str, tuple[int, int, int]]:
        """The ``(v/ /*)`` line: per scheme (the base excluded), datasets where it wins, ties and loses; a
        dataset without its results (an empty cell) is none of them, as WEKA counts."""
        result = {}
        for j, name in enumerate(self.schemes):
            if j == self.base:
                continue
            marks = [cell.significance for cell in (row[j] for row in self.cells) if cell is not None]
            result[name] = (marks.count("v"), marks.count(""), marks.count("*"))
        return result

    def to_frame(self) -> Any:
        """A pandas DataFrame indexed by (dataset, scheme): count, mean, std_dev, significance, probability;
        the base's rows included (significance ""), the cells WEKA cannot compare left out."""
        from wekaeval._frames import records_frame

        rows = [
            {"dataset": dataset, "scheme": scheme, "base": j == self.base, **vars(found)}
            for i, dataset in enumerate(self.datasets)
            for j, scheme in enumerate(self.schemes)
            if (found := self.cells[i][j]) is not None
        ]
        columns = ("dataset", "scheme", "base", "count", "mean", "std_dev", "significance", "probability")
        return records_frame(rows, columns, index=("dataset", "scheme"))

    # -- WEKA's texts --------------------------------------------------------------------------------

    def result_matrix(self, format: str = "plain", options: Sequence[str] = ()) -> _Format:
        """The filled result matrix (``weka.experiment.ResultMatrix*``), as multiResultsetFull leaves it."""
        matrix = self._new_matrix(format, options)
        matrix.row_order = self.row_order
        matrix.col_order = [self.base] + [j for j in range(len(self.schemes)) if j != self.base]
        matrix.mean_width = self.mean_width
        matrix.std_dev_width = self.std_dev_width
        matrix.significance_width = 1
        for i in range(len(self.datasets)):
            for j, found in enumerate(self.cells[i]):
                if found is None:
                    continue
                matrix.set_count(i, found.count)
                matrix.set_mean(j, i, found.mean)
                matrix.set_std_dev(j, i, found.std_dev)
                matrix.set_significance(
                    j, i, {"v": SIGNIFICANCE_WIN, "*": SIGNIFICANCE_LOSS}.get(found.significance, SIGNIFICANCE_TIE)
                )
        return matrix

    def to_text(self, format: str = "plain", options: Sequence[str] = ()) -> str:
        """``multiResultsetFull(base, column)``: the comparison table (and its key), byte for byte.

        ``format`` names WEKA's result matrix (:data:`FORMATS`); ``options`` are its command-line options
        (``["-mean-prec", "3"]``).
        """
        matrix = self.result_matrix(format, options)
        text = matrix.to_string_matrix()
        if matrix.enumerate_col_names:
            text += "\n\n" + matrix.to_string_key()
        return text

    def header(self, format: str = "plain", options: Sequence[str] = (), date: _datetime.datetime | None = None) -> str:
        """``header(column)``: the analysis's settings (``Tester:``, ``Analysing:``, ... ``Date:``).

        ``date`` defaults to now; WEKA prints it with ``SimpleDateFormat()`` in an English locale.
        """
        matrix = self._new_matrix(format, options)
        tester = self._tester
        tester_options = []
        if tester.resultset_columns:
            tester_options += ["-G", ",".join(str(c + 1) for c in tester.resultset_columns)]
        if tester.dataset_columns:
            tester_options += ["-D", ",".join(str(c + 1) for c in tester.dataset_columns)]
        tester_options += ["-R", str(tester.run_column + 1), "-S", java_double_to_string(self.significance_level)]
        if self.show_std_devs:
            tester_options.append("-V")
        spec = ("weka.experiment." + type(matrix).__name__ + " " + join_options(matrix.get_options())).strip()
        tester_options += ["-result-matrix", spec]
        matrix.add_header("Tester", TESTER + " " + join_options(tester_options))
        matrix.add_header("Analysing", self.measure)
        matrix.add_header("Datasets", str(len(self.datasets)))
        matrix.add_header("Resultsets", str(len(self.schemes)))
        matrix.add_header("Confidence", java_double_to_string(self.significance_level) + " (two tailed)")
        matrix.add_header("Sorted by", self.sort_by or "-")
        matrix.add_header("Date", _simple_date(date or _datetime.datetime.now()))
        return matrix.to_string_header() + "\n"

    def ranking(self, format: str = "plain", options: Sequence[str] = ()) -> str:
        """``multiResultsetRanking(column)``: schemes ranked by significant wins minus losses."""
        wins, _ = self._tester.wins(self._measure_column)
        matrix = self._new_matrix(format, options)
        matrix.set_ranking(wins)
        return matrix.to_string_ranking()

    def ranking_counts(self) -> tuple[tuple[str, int, int], ...]:
        """The numbers of :meth:`ranking`: ``(scheme, wins, losses)`` best first, as WEKA orders them (wins minus
        losses, ties in WEKA's order).  A win is a significantly higher mean, whatever the measure.

        >>> from wekaeval import ttest
        >>> ttest("docs/examples/experiment.arff", "Percent_correct").ranking_counts()[0]
        ("bayes.NaiveBayes '' 5995231201785697655", 2, 0)
        """
        wins, _ = self._tester.wins(self._measure_column)
        matrix = self._new_matrix("plain", ())
        matrix.set_ranking(wins)
        ranking = matrix._ranking
        assert ranking is not None  # set just above
        return tuple((self.schemes[j], ranking.wins[j], ranking.losses[j]) for j in matrix._ranking_order(ranking))

    def summary(self, format: str = "plain", options: Sequence[str] = ()) -> str:
        """``multiResultsetSummary(column)``: for each pair of schemes, wins (significant ones in brackets)."""
        wins, non_significant = self._tester.wins(self._measure_column)
        matrix = self._new_matrix(format, options)
        matrix.set_summary(non_significant, wins)
        return matrix.to_string_summary()

    def _new_matrix(self, format: str, options: Sequence[str]) -> _Format:
        """initResultMatrix: the names, the size and the std-dev switch."""
        if format not in FORMATS:
            raise TTestError(f"format must be one of {', '.join(FORMATS)}, got {format!r}")
        matrix = FORMATS[format](len(self.schemes), len(self.datasets))
        if options:
            matrix.set_options(list(options))
        matrix.show_std_dev = self.show_std_devs
        for i, name in enumerate(self.datasets):
            matrix.set_row_name(i, name)
        for j, name in enumerate(self.schemes):
            matrix.set_col_name(j, name)
        return matrix

    def _dataset(self, dataset: int | str) -> int:
        return lookup_index(dataset, self.datasets, "dataset", {})

    def _scheme(self, scheme: int | str) -> int:
        return lookup_index(scheme, self.schemes, "scheme", scheme_aliases(self.schemes))


def ttest(
    results: ExperimentResults | str | os.PathLike | IO,
    measure: str = "Percent_correct",
    *,
    base: int | str = 0,
    significance: float = 0.05,
    show_std_devs: bool = False,
    sort_by: str | None = None,
    dataset_key: Sequence[str] = DATASET_KEY,
    resultset_key: Sequence[str] = RESULTSET_KEY,
    run_column: str = RUN_COLUMN,
    fold_column: str | None = FOLD_COLUMN,
    encoding: str = "utf-8",
) -> TTestResult:
    """WEKA's corrected paired t-test (``PairedCorrectedTTester``) of every scheme against ``base``.

    Parameters
    ----------
    results : ExperimentResults, path or file object
        The Experimenter's results (ARFF or CSV), or what :func:`read_experiment_results` made of them.
    measure : str
        The numeric column to compare (``"Percent_correct"``, ``"Kappa_statistic"``, ``"Area_under_ROC"``, ...).
    base : int or str
        The scheme the others are tested against: its index in order of first appearance (0 is the first),
        or its name as :attr:`TTestResult.schemes` prints it, or its class when unambiguous (``"J48"``).
    significance : float
        The test's level, 0 < significance < 1 (WEKA's default 0.05).
    show_std_devs : bool
        Print standard deviations in the table.
    sort_by : str, optional
        A numeric column to order the datasets by (the base's mean of it), as the Analyse panel's
        "Sorted by"; None keeps the order of first appearance.
    dataset_key, resultset_key, run_column, fold_column
        The columns that identify a dataset, a result set, a run and a fold (WEKA's defaults; a fold
        column absent from the results is not used).
    encoding : str
        The file's encoding, when ``results`` is a path or file.

    Raises
    ------
    TTestError
        If a column is missing or not numeric, a key value is missing, or an argument is out of range;
        the message names it.
    """
    if not isinstance(results, ExperimentResults):
        results = read_experiment_results(results, encoding=encoding)
    if isinstance(significance, bool) or not isinstance(significance, (int, float)) or not 0 < significance < 1:
        raise TTestError(f"significance must be a number strictly between 0 and 1, got {significance!r}")
    significance = float(significance)
    measure = measure_column(results, measure, "measure", TTestError)
    sort_by = None if sort_by is None else measure_column(results, sort_by, "sort_by", TTestError)
    tester = PairedTester(results, significance, dataset_key, resultset_key, run_column, fold_column)
    column = numeric_column(results, tester, measure, "measure")
    sort_column = None if sort_by is None else numeric_column(results, tester, sort_by, "sort_by")
    if not tester.resultsets:
        raise TTestError(f"{results.source}: no results to analyse")
    schemes = tuple(tester.resultset_name(j) for j in range(len(tester.resultsets)))
    base_index = lookup_index(base, schemes, "base", scheme_aliases(schemes))

    datasets = tuple(tester.dataset_name(d) for d in tester.datasets)
    mean_width = std_dev_width = 2
    sort_values = [math.inf] * len(datasets)  # rows the base cannot be computed for go last
    cells: list[list[TTestCell | None]] = []
    for i in range(len(datasets)):
        row: list[TTestCell | None] = []
        for j in range(len(schemes)):
            try:
                stats = tester.statistics(i, base_index, j, column)
            except TTestError as error:
                tester.messages.append(str(error))
                row.append(None)
                continue
            mean_width = _widen(mean_width, stats.y_stats.mean)
            if j == base_index:
                if sort_column is None:
                    sort_values[i] = i
                else:
                    sort_values[i] = tester.statistics(i, base_index, j, sort_column).x_stats.mean
            if show_std_devs:
                std_dev_width = _widen(std_dev_width, stats.y_stats.std_dev)
            sign = stats.differences_significance
            row.append(
                TTestCell(
                    count=stats.count,
                    mean=stats.y_stats.mean,
                    std_dev=stats.y_stats.std_dev,
                    significance="v" if sign < 0 else "*" if sign > 0 else "",
                    probability=stats.differences_probability,
                )
            )
        cells.append(row)
    return TTestResult(
        source=results.source,
        measure=measure,
        base=base_index,
        significance_level=significance,
        show_std_devs=bool(show_std_devs),
        sort_by=sort_by,
        datasets=datasets,
        schemes=schemes,
        cells=tuple(tuple(row) for row in cells),
        row_order=tuple(int(i) for i in weka_sort(sort_values)),
        mean_width=mean_width,
        std_dev_width=std_dev_width,
        messages=tuple(dict.fromkeys(tester.messages)),
        _tester=tester,
        _measure_column=column,
    )


def numeric_column(results: ExperimentResults, tester: PairedTester, name: str, argument: str) -> int:
    """The index of measure ``name`` in ``results``; :class:`TTestError` naming ``argument`` if it is missing or
    not a number column."""
    name = measure_column(results, name, argument, TTestError)
    index = tester.column_index(name, argument)
    declared = results.nominal_values.get(name)
    if declared is not None or any(isinstance(row[index], str) for row in results.rows):
        raise TTestError(f"{argument}: column {name!r} ({index + 1}) of {results.source} is not numeric")
    return index


def _widen(width: int, value: float) -> int:
    """multiResultsetFull's field width: ``(int) (log10 |value| + 1)`` with Java's Math.log, if wider."""
    if math.isinf(value) or math.isnan(value):
        return width
    candidate = java_log_scalar(abs(value)) / java_log_scalar(10.0) + 1
    return int(candidate) if candidate > width else width


def scheme_aliases(schemes: Sequence[str]) -> dict[str, list[int]]:
    """The other names a scheme goes by: its class, short (``J48``), as printed (``trees.J48``) or in full."""
    aliases: dict[str, list[int]] = {}
    for j, name in enumerate(schemes):
        class_name = name.split(" ", 1)[0]
        for alias in {class_name, class_name.rsplit(".", 1)[-1], "weka.classifiers." + class_name}:
            aliases.setdefault(alias, []).append(j)
    return aliases


def lookup_index(
    key: int | str,
    names: Sequence[str],
    argument: str,
    aliases: dict[str, list[int]],
    error: type[WekaevalError] = TTestError,
) -> int:
    """The index of ``key`` (an index, a name, or an unambiguous alias) in ``names``; ``error`` naming
    ``argument`` if it is none of them."""
    if isinstance(key, bool) or not isinstance(key, (int, str)):
        raise error(f"{argument} must be an index or a name, got {key!r}")
    if isinstance(key, int):
        if not 0 <= key < len(names):
            raise error(f"{argument} {key} is not an index (0..{len(names) - 1})")
        return key
    if key in names:
        return names.index(key)
    matches = aliases.get(key, [])
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:
        raise error(f"{argument} {key!r} is ambiguous: " + "; ".join(names[m] for m in matches))
    raise error(f"{argument} {key!r} is none of: " + "; ".join(names))


def mean_table(weka: TTestResult) -> tuple[tuple[str, ...], np.ndarray, tuple[str, ...]]:
    """Each scheme's mean on each data set as WEKA's ``Stats`` computes it over the scheme's own rows (the
    number WEKA's Analyse panel prints in its column when it is the base); NaN without rows or values, or
    where a value is NaN."""
    tester, column = weka._tester, weka._measure_column
    table = np.full((len(weka.datasets), len(weka.schemes)), np.nan)
    for i in range(len(weka.datasets)):
        for j in range(len(weka.schemes)):
            table[i, j] = tester.mean(i, j, column)
    return weka.datasets, table, weka.schemes


def _simple_date(moment: _datetime.datetime) -> str:
    """``new SimpleDateFormat().format(date)`` in Java 17's English locale: ``11/22/26, 5:08 AM``."""
    hour = moment.hour % 12 or 12
    return (
        f"{moment.month}/{moment.day}/{moment.year % 100:02d}, {hour}:{moment.minute:02d} "
        f"{'AM' if moment.hour < 12 else 'PM'}"
    )
