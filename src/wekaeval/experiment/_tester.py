"""PairedTTester's prepared data: an Experimenter result file grouped, sorted and compared pair by pair.

Rows are grouped into result sets and, within each, datasets, in order of first appearance (WEKA's
templates); each group is sorted on its fold, then stably on its run, by ``Instance.value`` of the key
columns.  :meth:`PairedTester.statistics` is ``PairedCorrectedTTester.calculateStatistics``,
:meth:`PairedTester.wins` its ``multiResultsetWins``; :func:`wekaeval.ttest` prints what they give.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, TypeGuard

from wekaeval.errors import WekaevalError
from wekaeval.experiment._pairedstats import PairedStatsCorrected
from wekaeval.experiment._results import ExperimentResults, Value
from wekaeval.javamath import double_to_string, java_divide, quote


class TTestError(WekaevalError):
    """Results the tester cannot analyse as asked: a missing column, a missing key value, a bad option."""


class PairedTester:
    """PairedTTester's prepared data: result sets of datasets of rows, sorted, and the comparisons."""

    def __init__(
        self,
        results: ExperimentResults,
        significance: float,
        dataset_key: Sequence[str],
        resultset_key: Sequence[str],
        run_column: str,
        fold_column: str | None,
    ) -> None:
        self.results = results
        self.significance = significance
        self.index = {name: i for i, name in enumerate(results.columns)}
        self.dataset_columns = [self.column_index(name, "dataset_key") for name in dataset_key]
        self.resultset_columns = [self.column_index(name, "resultset_key") for name in resultset_key]
        self.run_column = self.column_index(run_column, "run_column")
        self.fold_column = None if fold_column is None or fold_column not in self.index else self.index[fold_column]
        self.messages: list[str] = []
        # Result sets and, within each, datasets: in order of first appearance, as WEKA's templates.
        self.resultsets: list[tuple[tuple[Any, ...], dict[tuple[Any, ...], list[int]]]] = []
        self.datasets: list[tuple[Any, ...]] = []
        by_resultset: dict[tuple[Any, ...], dict[tuple[Any, ...], list[int]]] = {}
        for number, row in enumerate(results.rows):
            self._check_present(row, number)
            resultset = tuple(row[c] for c in self.resultset_columns)
            dataset = tuple(row[c] for c in self.dataset_columns)
            if resultset not in by_resultset:
                by_resultset[resultset] = {}
                self.resultsets.append((resultset, by_resultset[resultset]))
            by_resultset[resultset].setdefault(dataset, []).append(number)
            if dataset not in self.datasets:
                self.datasets.append(dataset)
        run_key = self._sort_key(self.run_column)
        fold_key = None if self.fold_column is None else self._sort_key(self.fold_column)
        for _, datasets in self.resultsets:
            for rows in datasets.values():
                if fold_key is not None:  # WEKA sorts on folds first, then (stably) on runs
                    rows.sort(key=fold_key)
                rows.sort(key=run_key)

    def column_index(self, name: str, argument: str) -> int:
        """The index of column ``name``; :class:`TTestError` naming ``argument`` and the file's columns if absent."""
        if name not in self.index:
            raise TTestError(
                f"{argument}: no column {name!r} in {self.results.source} "
                f"(its columns: {', '.join(self.results.columns)})"
            )
        return self.index[name]

    def _check_present(self, row: tuple[Any, ...], number: int) -> None:
        for kind, columns in (
            ("run", [self.run_column]),
            ("resultset key", self.resultset_columns),
            ("dataset key", self.dataset_columns),
        ):
            for column in columns:
                if row[column] is None:
                    raise TTestError(
                        f"{self.results.source}: result row {number + 1} has a missing value in the "
                        f"{kind} column {self.results.columns[column]}"
                    )

    def _sort_key(self, column: int):
        """Instance.value of a key column: a nominal's index (ARFF order, else first appearance), or a number."""
        name = self.results.columns[column]
        values = [row[column] for row in self.results.rows]
        declared = self.results.nominal_values.get(name)
        numbers = None if declared is not None else _numbers(values)
        if numbers is not None:
            return lambda row: numbers[row]
        order = {value: i for i, value in enumerate(declared or dict.fromkeys(values))}
        positions = [order[v] for v in values]
        return lambda row: positions[row]

    def dataset_name(self, dataset: tuple[Any, ...]) -> str:
        """PairedTTester.templateString: the dataset key values, without a leading "weka.classifiers."."""
        text = "".join(_instance_text(value) + " " for value in dataset)
        if text.startswith("weka.classifiers."):
            text = text[len("weka.classifiers.") :]
        return text.strip()

    def resultset_name(self, index: int) -> str:
        """Resultset.templateString: the key values, package prefixes removed."""
        text = ""
        for value in self.resultsets[index][0]:
            part = _instance_text(value) + " "
            for prefix in ("weka.classifiers.", "weka.filters.", "weka.attributeSelection."):
                part = part.replace(prefix, "")
            text += part
        return text.strip()

    def statistics(self, dataset: int, first: int, second: int, column: int) -> PairedStatsCorrected:
        """PairedCorrectedTTester.calculateStatistics; TTestError with WEKA's message where WEKA throws."""
        pairs, sizes = self.paired(dataset, first, second, column)
        ratio = 0.0 if sizes is None else java_divide(sizes[1], sizes[0])  # test / train, 0 without the sizes
        stats = PairedStatsCorrected(self.significance, ratio)
        for value1, value2 in pairs:
            stats.add(value1, value2)
        stats.calculate_derived()
        return stats

    def mean(self, dataset: int, resultset: int, column: int) -> float:
        """The result set's mean of the column on the dataset as WEKA's ``Stats`` computes it (its runs and
        folds in the tester's order, missing values skipped: the number the Analyse panel prints for the
        result set when it is the base); NaN where the result set has no rows on the dataset."""
        if self.datasets[dataset] not in self.resultsets[resultset][1]:
            return math.nan
        return self.statistics(dataset, resultset, resultset, column).x_stats.mean

    def paired(
        self, dataset: int, first: int, second: int, column: int
    ) -> tuple[list[tuple[float, float]], tuple[float, float] | None]:
        """The pairs calculateStatistics compares -- run by run and fold by fold, a pair with a missing value
        skipped (and noted in :attr:`messages`) -- and the first result set's total
        ``Number_of_training_instances`` and ``Number_of_testing_instances`` over those runs and folds (None
        when the results lack those columns), whose ratio test/train corrects WEKA's t-test."""
        specifier = self.datasets[dataset]
        rows1 = self.resultsets[first][1].get(specifier)
        rows2 = self.resultsets[second][1].get(specifier)
        name = self.dataset_name(specifier)
        if rows1 is None:
            raise TTestError(f"No results for dataset={name} for resultset={self.resultset_name(first)}")
        if rows2 is None:
            raise TTestError(f"No results for dataset={name} for resultset={self.resultset_name(second)}")
        if len(rows1) != len(rows2):
            raise TTestError(
                f"Results for dataset={name} differ in size for resultset={self.resultset_name(first)}"
                f" and resultset={self.resultset_name(second)}"
            )
        rows = self.results.rows
        sizes = None
        train = self._lower_index("number_of_training_instances")
        test = self._lower_index("number_of_testing_instances")
        if train is not None and test is not None:
            total_train = total_test = 0.0
            for k in rows1:
                total_train += _value(rows[k][train])
                total_test += _value(rows[k][test])
            sizes = (total_train, total_test)
        pairs = []
        for k1, k2 in zip(rows1, rows2, strict=False):
            value1, value2 = rows[k1][column], rows[k2][column]
            if value1 is None or value2 is None:
                self.messages.append(
                    f"Instance has missing value in comparison column! (row {(k1 if value1 is None else k2) + 1})"
                )
                continue
            assert not isinstance(value1, str) and not isinstance(value2, str), column  # numeric_column's
            pairs.append((value1, value2))
        return pairs, sizes

    def _lower_index(self, lower: str) -> int | None:
        found = None
        for i, name in enumerate(self.results.columns):  # the last column of that name wins, as in WEKA
            if name.lower() == lower:
                found = i
        return found

    def wins(self, column: int) -> tuple[list[list[int]], list[list[int]]]:
        """multiResultsetWins: significant and plain wins of each pair of result sets, over the datasets."""
        n = len(self.resultsets)
        wins = [[0] * n for _ in range(n)]
        non_significant = [[0] * n for _ in range(n)]
        for i in range(n):
            for j in range(i + 1, n):
                for k in range(len(self.datasets)):
                    try:
                        stats = self.statistics(k, i, j, column)
                    except TTestError as error:
                        self.messages.append(str(error))
                        continue
                    if stats.differences_significance < 0:
                        wins[i][j] += 1
                    elif stats.differences_significance > 0:
                        wins[j][i] += 1
                    if stats.differences_stats.mean < 0:
                        non_significant[i][j] += 1
                    elif stats.differences_stats.mean > 0:
                        non_significant[j][i] += 1
        return wins, non_significant


def _instance_text(value: Any) -> str:
    """Instance.toString(attribute): a nominal or string value quoted as Utils.quote does; a number with 6 decimals."""
    return quote(value) if isinstance(value, str) else double_to_string(value, 6)


def _value(value: Any) -> float:
    return math.nan if value is None else float(value)


def _numbers(values: Sequence[Value]) -> list[float] | None:
    """The values as doubles if each is one or a numeric string, else None."""
    numbers = []
    for value in values:
        if not isinstance(value, float) and not _is_number(value):
            return None
        numbers.append(float(value))
    return numbers


def _is_number(value: Any) -> TypeGuard[str]:
    if not isinstance(value, str):
        return False
    try:
        float(value)
    except ValueError:
        return False
    return True
