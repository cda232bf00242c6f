"""Benavoli et al. (2017)'s Bayesian tests of two schemes, from an Experimenter result file.

:func:`correlated_ttest` compares two schemes on one dataset from their paired per-fold results: the
posterior of the mean difference ``b - a`` is a Student t (``n - 1`` degrees of freedom, the mean of the
differences, their sample variance times ``1/n + test/train``: Nadeau and Bengio's correction, the model of
WEKA's corrected t-test), with the correlation ``rho = test / (train + test)`` taken from the sizes the
result file records for every fold -- so uneven folds and random splits are handled as they ran.
:func:`signed_rank` compares them across datasets, from each scheme's mean per dataset: the Bayesian
signed-rank test (a Dirichlet process, sampled), as baycomp's ``SignedRankTest`` computes it, draw for draw.

Both answer with a :class:`BayesianTest`: ``left = P(b - a < -rope)``, ``rope_probability = P(|b - a| <=
rope)`` and ``right = P(b - a > rope)`` -- baycomp's ``(p_left, p_rope, p_right)`` with ``x = a``, ``y = b``.
With ``rope=0`` there is no rope: ``rope_probability`` is 0.0 and ``left + right`` is 1.

>>> from wekaeval.experiment import correlated_ttest
>>> test = correlated_ttest("docs/examples/experiment.arff", "J48", "NaiveBayes", dataset="iris", rope=1.0)
>>> test.df, round(test.rho, 6), round(test.mean, 6)
(14, 0.2, 0.666667)
>>> round(test.left, 4), round(test.rope_probability, 4), round(test.right, 4)
(0.2256, 0.3349, 0.4395)
>>> test.p_b_better == test.right  # Percent_correct: higher is better, so "B better" is the right side
True
"""

from __future__ import annotations

import math
import operator
import os
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import IO, Any

import numpy as np

from wekaeval.errors import ComparisonError
from wekaeval.experiment._ranks import MEASURE_DIRECTIONS, measure_direction
from wekaeval.experiment._results import (
    DATASET_KEY,
    RESULTSET_KEY,
    ExperimentResults,
    measure_column,
    read_experiment_results,
)
from wekaeval.experiment._tester import PairedTester, TTestError
from wekaeval.experiment._ttest import FOLD_COLUMN, RUN_COLUMN, lookup_index, numeric_column, scheme_aliases

CORRELATED = "correlated t-test"


SIGNED_RANK = "signed-rank test"


#: The seeds numpy's RandomState takes: 0 <= seed < 2**32.
SEED_LIMIT = 2**32


#: Scalars of a sample (Dirichlet weights times an indicator table) summed in one go: bounds the memory.
_BLOCK = 2**18


@dataclass(frozen=True)
class BayesianTest:
    """The posterior probabilities of a Bayesian comparison of ``scheme_a`` with ``scheme_b`` on ``measure``.

    ``left = P(b - a < -rope)``, ``rope_probability = P(-rope <= b - a <= rope)`` (0.0 when ``rope`` is 0),
    ``right = P(b - a > rope)``; they add up to 1.  Which side means "better" depends on the measure:
    :attr:`p_a_better` and :attr:`p_b_better` read it (``higher_is_better``: from the measure's name unless
    given).  ``count`` is the number of paired folds (correlated t-test) or of datasets (signed-rank test);
    ``left_out`` names the datasets a signed-rank test could not use and ``notes`` says why, with the pairs
    a correlated t-test skipped for a missing value.

    Correlated t-test only: ``dataset``; the posterior Student t's ``mean``, ``variance`` (its squared
    scale) and ``df``; ``rho``, the correlation ``test / (train + test)`` of the folds.  Signed-rank test
    only: ``datasets`` used, the ``prior`` strength, ``nsamples`` and the ``seed`` of the draws (the seed
    drawn afresh when none was given: pass it again to replay the test).
    """

    test: str
    scheme_a: str
    scheme_b: str
    measure: str
    rope: float
    left: float
    rope_probability: float
    right: float
    higher_is_better: bool | None
    count: int
    dataset: str | None = None
    mean: float | None = None
    variance: float | None = None
    df: int | None = None
    rho: float | None = None
    datasets: tuple[str, ...] = ()
    prior: float | None = None
    nsamples: int | None = None
    seed: int | None = None
    left_out: tuple[str, ...] = ()
    notes: tuple[str, ...] = field(default=(), repr=False)

    @property
    def probabilities(self) -> tuple[float, float, float]:
        """``(left, rope_probability, right)``."""
        return self.left, self.rope_probability, self.right

    @property
    def p_a_better(self) -> float:
        """The probability that ``scheme_a`` is better by more than the rope (ComparisonError: direction unknown)."""
        return self.left if self._higher() else self.right

    @property
    def p_b_better(self) -> float:
        """The probability that ``scheme_b`` is better by more than the rope (ComparisonError: direction unknown)."""
        return self.right if self._higher() else self.left

    def _higher(self) -> bool:
        if self.higher_is_better is None:
            raise ComparisonError(
                f"higher_is_better: the direction of measure {self.measure!r} is unknown: read left (b - a < -rope)"
                " and right (b - a > rope), or pass higher_is_better"
            )
        return self.higher_is_better

    def __str__(self) -> str:
        if self.test == CORRELATED:
            where = f"on {self.dataset} ({self.count} paired folds)"
        else:
            where = f"over {self.count} datasets"
        text = f"Bayesian {self.test} of {self.measure} {where}, A = {self.scheme_a}, B = {self.scheme_b}"
        if self.test == CORRELATED:
            scale = math.sqrt(self.variance or 0.0)
            text += (
                f": the posterior of B - A is Student t (df {self.df}, mean {_g(self.mean)}, scale {_g(scale)};"
                f" rho {_g(self.rho)})"
            )
        else:
            text += f" (prior {_g(self.prior)}, {self.nsamples} samples, seed {self.seed})"
        if self.rope > 0:
            rope = _g(self.rope)
            text += f". P(B - A < -{rope}) = {_g(self.left)}, P(|B - A| <= {rope}) = {_g(self.rope_probability)}"
            text += f", P(B - A > {rope}) = {_g(self.right)}"
        else:
            text += f". P(B - A < 0) = {_g(self.left)}, P(B - A > 0) = {_g(self.right)}"
        if self.higher_is_better is not None:
            text += f": A is better with probability {_g(self.p_a_better)}, B with {_g(self.p_b_better)}"
        if self.left_out:
            text += f". Left out (no result of A or B): {', '.join(self.left_out)}"
        return text + "."


def correlated_ttest(
    results: ExperimentResults | str | os.PathLike | IO,
    scheme_a: int | str,
    scheme_b: int | str,
    *,
    dataset: int | str,
    measure: str = "Percent_correct",
    rope: float = 0.0,
    higher_is_better: bool | None = None,
) -> BayesianTest:
    """Benavoli et al. (2017)'s Bayesian correlated t-test of ``scheme_b - scheme_a`` on one dataset.

    The runs and folds are paired as WEKA's tester pairs them (a pair with a missing value skipped, noted in
    :attr:`BayesianTest.notes`).  The posterior of the mean difference is a Student t with ``n - 1`` degrees
    of freedom, location the mean of the ``n`` differences ``b - a`` and squared scale their sample variance
    times ``1/n + test/train``, where ``test/train`` is the total of ``scheme_a``'s
    ``Number_of_testing_instances`` over its ``Number_of_training_instances`` -- the ratio WEKA's corrected
    t-test uses, so that ``2 * min(left, right)`` is WEKA's p-value.  baycomp's ``CorrelatedTTest`` assumes
    ``k``-fold cross-validation (``1/(k-1)``); it gives the same numbers where that holds exactly.

    Parameters
    ----------
    results : ExperimentResults, path or file object
        An Experimenter result file (ARFF or CSV; ours or WEKA's).
    scheme_a, scheme_b : int or str
        Two schemes, as :func:`wekaeval.ttest`'s ``base`` names them (index, printed name, or class).
    dataset : int or str
        The dataset, by index or name.
    measure : str
        The numeric column to compare.
    rope : float
        The half-width of the region of practical equivalence (in the measure's unit), >= 0.
    higher_is_better : bool, optional
        The measure's direction, for :attr:`BayesianTest.p_a_better`; by default known from its name (the table
        compare() reads), None for a name it does not know.

    Raises
    ------
    ComparisonError
        Naming the argument: an unknown scheme or dataset, a negative rope, fewer than two pairs, a non-finite
        value, results without the fold sizes.
    TTestError
        For a measure that is no numeric column of the results (as :func:`wekaeval.ttest`).
    """
    rope = _rope(rope)
    results = _results(results, "correlated_ttest")
    measure = _measure(results, measure)
    higher = _direction(measure, higher_is_better)
    tester, column, (a, b), schemes = _tester(results, measure, scheme_a, scheme_b)
    names = tuple(tester.dataset_name(d) for d in tester.datasets)
    i = lookup_index(dataset, names, "dataset", {}, ComparisonError)
    try:
        pairs, sizes = tester.paired(i, a, b, column)
    except TTestError as error:
        raise ComparisonError(f"dataset {names[i]!r}: {error}") from None
    where = f"dataset {names[i]!r}, {schemes[a]} vs {schemes[b]}"
    if sizes is None:
        raise ComparisonError(
            f"results: {results.source} has no Number_of_training_instances and Number_of_testing_instances "
            "columns: the correlated t-test takes its correlation from the folds' sizes"
        )
    train, test = sizes
    if not (math.isfinite(train) and math.isfinite(test) and train > 0 and test > 0):
        raise ComparisonError(
            f"results: {where}: the folds' sizes add up to {train!r} training and {test!r} testing (a missing size?)"
        )
    ratio = test / train
    if len(pairs) < 2:
        raise ComparisonError(f"{where}: {len(pairs)} paired result(s); the correlated t-test needs at least 2")
    x = np.array([p[0] for p in pairs], dtype=float)
    y = np.array([p[1] for p in pairs], dtype=float)
    if not (np.all(np.isfinite(x)) and np.all(np.isfinite(y))):
        raise ComparisonError(f"measure: {where}: {measure} holds a NaN or infinite value")
    diff = y - x
    n = len(diff)
    mean = float(np.mean(diff))
    variance = float(np.var(diff, ddof=1) * (1 / n + ratio))
    left, middle, right = _t_probabilities(mean, variance, n - 1, rope)
    return BayesianTest(
        test=CORRELATED,
        scheme_a=schemes[a],
        scheme_b=schemes[b],
        measure=measure,
        rope=rope,
        left=left,
        rope_probability=middle,
        right=right,
        higher_is_better=higher,
        count=n,
        dataset=names[i],
        mean=mean,
        variance=variance,
        df=n - 1,
        rho=test / (train + test),
        notes=tuple(dict.fromkeys(tester.messages)),
    )


def signed_rank(
    results: Any,
    scheme_a: int | str,
    scheme_b: int | str,
    *,
    measure: str = "Percent_correct",
    rope: float = 0.0,
    prior: float = 0.5,
    nsamples: int = 50000,
    seed: int | None = None,
    higher_is_better: bool | None = None,
) -> BayesianTest:
    """The Bayesian signed-rank test (Benavoli et al. 2014, 2017) of ``scheme_b - scheme_a`` across datasets.

    Each dataset gives one pair: the two schemes' means of ``measure`` on it, as WEKA's ``Stats`` computes
    them over the runs and folds (the table's cells for a DataFrame).  A Dirichlet process with a
    pseudo-observation of weight ``prior`` at 0 gives ``nsamples`` draws of the weights of the datasets; each
    draw's probabilities of ``(b - a)`` pairs summing below ``-2 rope``, within, and above ``2 rope`` -- and the
    probabilities returned are the shares of draws in which each is the largest: baycomp's
    ``SignedRankTest.probs(a, b, rope, prior=prior, nsamples=nsamples, random_state=seed)``, the same numbers
    for the same seed (numpy's ``RandomState(seed).dirichlet``).

    Datasets where either scheme has no result (or only missing values) are left out and named in
    :attr:`BayesianTest.left_out`, never silently.

    Parameters
    ----------
    results : ExperimentResults, path, file object or pandas DataFrame
        An Experimenter result file, or a table: index = datasets, columns = schemes, cells = the measure.
    scheme_a, scheme_b : int or str
        Two schemes (for a file, as :func:`wekaeval.ttest`'s ``base`` names them; for a table, a column's
        name or position).
    measure : str
        The numeric column to compare (for a table, the name of what its cells hold: it gives the direction).
    rope : float
        The half-width of the region of practical equivalence, >= 0.
    prior : float
        The strength of the prior pseudo-observation at 0, > 0.
    nsamples : int
        Draws from the posterior, >= 1.
    seed : int, optional
        The draws' seed, 0 <= seed < 2**32; None draws a fresh seed from the operating system (recorded in
        :attr:`BayesianTest.seed`, to replay the test).
    higher_is_better : bool, optional
        The measure's direction, for :attr:`BayesianTest.p_a_better`; by default known from its name (the table
        compare() reads), None for a name it does not know.

    Raises
    ------
    ComparisonError
        Naming the argument: an unknown scheme, fewer than two datasets with results of both, a negative rope,
        a prior <= 0, nsamples < 1, a seed out of range.
    TTestError
        For a measure that is no numeric column of a result file (as :func:`wekaeval.ttest`).
    """
    rope = _rope(rope)
    prior = _positive(prior, "prior")
    nsamples = _integer(nsamples, "nsamples", 1, None)
    seed = secrets.randbelow(SEED_LIMIT) if seed is None else _integer(seed, "seed", 0, SEED_LIMIT - 1)
    if not _is_frame(results):
        results = _results(results, "signed_rank")
        measure = _measure(results, measure)
    higher = _direction(measure, higher_is_better)
    names, datasets, x, y, left_out, notes = _dataset_means(results, scheme_a, scheme_b, measure)
    if len(datasets) < 2:
        raise ComparisonError(
            f"results: {len(datasets)} dataset(s) with results of both {names[0]} and {names[1]}; "
            "the signed-rank test needs at least 2"
        )
    left, middle, right = _signed_rank_probabilities(x, y, rope, prior, nsamples, seed)
    return BayesianTest(
        test=SIGNED_RANK,
        scheme_a=names[0],
        scheme_b=names[1],
        measure=measure,
        rope=rope,
        left=left,
        rope_probability=middle,
        right=right,
        higher_is_better=higher,
        count=len(datasets),
        datasets=datasets,
        prior=prior,
        nsamples=nsamples,
        seed=seed,
        left_out=left_out,
        notes=notes,
    )


# -- the posteriors -----------------------------------------------------------------------------------------


def _t_probabilities(mean: float, variance: float, df: int, rope: float) -> tuple[float, float, float]:
    """``(left, rope, right)`` of the Student t posterior, as baycomp's ``Posterior.probs``; the right tail is
    scipy's survival function (baycomp's ``1 - cdf`` loses a right tail below about 1e-16 entirely)."""
    if variance == 0:  # every difference the same: baycomp's point mass
        if rope == 0:
            right = float(mean > 0) + 0.5 * float(mean == 0)
            return 1 - right, 0.0, right
        left, right = float(mean < -rope), float(mean > rope)
        return left, 1 - left - right, right
    from scipy import stats

    scale = np.sqrt(variance)
    left = float(stats.t.cdf(-rope, df, mean, scale))
    right = float(stats.t.sf(rope, df, mean, scale))
    return left, (0.0 if rope == 0 else max(0.0, 1 - left - right)), right


def _signed_rank_probabilities(
    x: np.ndarray, y: np.ndarray, rope: float, prior: float, nsamples: int, seed: int
) -> tuple[float, float, float]:
    """baycomp's ``SignedRankTest``: the same draws, sums and winners, a block of draws at a time.

    ``RandomState.dirichlet`` draws row after row, so blocks drawn in turn are baycomp's one draw of
    ``nsamples`` rows; ``np.outer(w, w) * table`` summed row by row is the pairwise summation ``np.sum`` does
    on one draw's matrix, so every draw's probabilities are baycomp's doubles and the winners (argmax, the
    first on ties) too.  Memory stays a block's, whatever ``nsamples``.
    """
    diff = np.hstack(([0.0], y - x))
    sums = diff[:, None] + diff[None, :]  # baycomp's diff_m + diff_m.T
    weights = np.ones(len(diff))
    weights[0] = prior
    above = _heaviside(sums, 2 * rope).ravel()
    below = _heaviside(-sums, 2 * rope).ravel() if rope > 0 else None
    m = len(diff)
    state = np.random.RandomState(seed)
    block = max(1, _BLOCK // (m * m))
    wins = np.zeros(3, dtype=np.int64)
    for start in range(0, nsamples, block):
        w = state.dirichlet(weights, min(block, nsamples - start))
        products = (w[:, :, None] * w[:, None, :]).reshape(len(w), m * m)
        samples = np.zeros((len(w), 3))
        samples[:, 2] = (products * above).sum(axis=1)
        if below is not None:
            samples[:, 0] = (products * below).sum(axis=1)
            samples[:, 1] = -samples[:, 0] - samples[:, 2] + 1
        else:
            samples[:, 0] = -samples[:, 2] + 1
        wins += np.bincount(np.argmax(samples, axis=1), minlength=3)
    pl, pe, pr = wins / nsamples
    if rope > 0:
        return float(pl), float(pe), float(pr)
    return float(pl / (pl + pr)), 0.0, float(pr / (pl + pr))


def _heaviside(values: np.ndarray, threshold: float) -> np.ndarray:
    return (values > threshold).astype(float) + 0.5 * (values == threshold).astype(float)


# -- the inputs ---------------------------------------------------------------------------------------------


def _results(results: Any, function: str) -> ExperimentResults:
    if isinstance(results, ExperimentResults):
        return results
    if _is_frame(results):
        raise ComparisonError(f"results: {function} needs the per-fold results of a result file, not a table of means")
    if isinstance(results, (str, os.PathLike)) or hasattr(results, "read"):
        return read_experiment_results(results)
    table = ", or a pandas DataFrame (datasets x schemes)" if function == "signed_rank" else ""
    raise ComparisonError(
        f"results must be ExperimentResults or a result file's path{table}, got {type(results).__name__}"
    )


def _is_frame(value: Any) -> bool:
    return all(hasattr(value, name) for name in ("index", "columns", "to_numpy"))


def _tester(
    results: ExperimentResults, measure: str, scheme_a: int | str, scheme_b: int | str
) -> tuple[PairedTester, int, tuple[int, int], tuple[str, ...]]:
    tester = PairedTester(results, 0.05, DATASET_KEY, RESULTSET_KEY, RUN_COLUMN, FOLD_COLUMN)
    column = numeric_column(results, tester, measure, "measure")
    if not tester.resultsets:
        raise ComparisonError(f"results: {results.source} has no results to compare")
    schemes = tuple(tester.resultset_name(j) for j in range(len(tester.resultsets)))
    return tester, column, _pair(schemes, scheme_a, scheme_b), schemes


def _pair(schemes: Sequence[str], scheme_a: int | str, scheme_b: int | str) -> tuple[int, int]:
    aliases = scheme_aliases(schemes)
    a = lookup_index(scheme_a, schemes, "scheme_a", aliases, ComparisonError)
    b = lookup_index(scheme_b, schemes, "scheme_b", aliases, ComparisonError)
    if a == b:
        raise ComparisonError(f"scheme_b names the same scheme as scheme_a: {schemes[a]}")
    return a, b


def _dataset_means(
    results: Any, scheme_a: int | str, scheme_b: int | str, measure: str
) -> tuple[tuple[str, str], tuple[str, ...], np.ndarray, np.ndarray, tuple[str, ...], tuple[str, ...]]:
    """The schemes' names, the datasets used, the two schemes' means on them, the datasets left out, notes."""
    rows: list[tuple[str, float, float]] = []
    notes: list[str] = []
    if _is_frame(results):
        schemes = tuple(str(c) for c in results.columns)
        a, b = _pair(schemes, scheme_a, scheme_b)
        try:
            table = np.asarray(results.to_numpy(), dtype=float)
        except (TypeError, ValueError):
            raise ComparisonError("results: the table's cells must be numbers (NaN where a scheme has none)") from None
        names = [str(d) for d in results.index]
        for i, name in enumerate(names):
            rows.append((name, float(table[i, a]), float(table[i, b])))
    else:
        experiment = _results(results, "signed_rank")
        tester, column, (a, b), schemes = _tester(experiment, measure, scheme_a, scheme_b)
        for i, specifier in enumerate(tester.datasets):
            rows.append((tester.dataset_name(specifier), tester.mean(i, a, column), tester.mean(i, b, column)))
        notes.extend(dict.fromkeys(tester.messages))  # missing values skipped, as WEKA's Stats skips them
    used, x, y, left_out = [], [], [], []
    for name, mean_a, mean_b in rows:
        missing = [schemes[j] for j, v in ((a, mean_a), (b, mean_b)) if math.isnan(v)]
        if missing:
            left_out.append(name)
            notes.append(f"{name}: no result of {' and '.join(missing)} (left out)")
            continue
        if math.isinf(mean_a) or math.isinf(mean_b):
            raise ComparisonError(f"measure: the mean of {measure} on {name} is infinite")
        used.append(name)
        x.append(mean_a)
        y.append(mean_b)
    return (schemes[a], schemes[b]), tuple(used), np.array(x), np.array(y), tuple(left_out), tuple(notes)


# -- the arguments ------------------------------------------------------------------------------------------


def _rope(rope: Any) -> float:
    if isinstance(rope, bool) or not isinstance(rope, (int, float, np.integer, np.floating)):
        raise ComparisonError(f"rope must be a number >= 0, got {rope!r}")
    value = float(rope)
    if not (math.isfinite(value) and value >= 0):
        raise ComparisonError(f"rope must be a finite number >= 0, got {rope!r}")
    return value


def _positive(value: Any, argument: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise ComparisonError(f"{argument} must be a number > 0, got {value!r}")
    number = float(value)
    if not (math.isfinite(number) and number > 0):
        raise ComparisonError(f"{argument} must be a finite number > 0, got {value!r}")
    return number


def _integer(value: Any, argument: str, low: int, high: int | None) -> int:
    try:
        number = operator.index(value) if not isinstance(value, bool) else None
    except TypeError:
        number = None
    if number is None or number < low or (high is not None and number > high):
        span = f">= {low}" if high is None else f"in {low}..{high}"
        raise ComparisonError(f"{argument} must be an integer {span}, got {value!r}")
    return number


def _measure(results: ExperimentResults, measure: Any) -> str:
    """The column ``measure`` names in ``results``, as the file spells it (``percent_correct`` is
    ``Percent_correct``): its direction and the result's label follow the file's name."""
    if not isinstance(measure, str):
        raise ComparisonError(f"measure must be a column's name, got {measure!r}")
    return measure_column(results, measure, "measure", TTestError)


def _direction(measure: str, higher_is_better: bool | None) -> bool | None:
    """``higher_is_better`` if given, else the measure's direction from compare()'s table; None for a measure
    it does not know (left and right need no direction; :attr:`BayesianTest.p_a_better` then refuses)."""
    if not isinstance(measure, str):
        raise ComparisonError(f"measure must be a column's name, got {measure!r}")
    if higher_is_better is None and measure not in MEASURE_DIRECTIONS:
        return None
    return measure_direction(measure, higher_is_better)


def _g(value: float | None) -> str:
    return "?" if value is None else f"{value:.6g}"
