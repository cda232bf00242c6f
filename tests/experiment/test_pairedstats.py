"""wekaeval.experiment is weka.experiment.Stats, PairedStats and PairedStatsCorrected bit for bit.

WEKA in the JVM is the oracle: the same pairs are added in the same order to WEKA's object and to ours,
``calculateDerived()`` is called on both, and every public field is compared with ``float.hex`` equality
(NaN equal to NaN): the three Stats (count, sum, sumSq, mean, stdDev, min, max), xySum, count, the
correlation, the probability of the differences and their significance.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.blobs import kinds, picks
from wekaeval.experiment import PairedStats, PairedStatsCorrected
from wekaeval.javamath import Stats, weka_stats

STATS_FIELDS = (
    ("count", "count"),
    ("sum", "sum"),
    ("sum_sq", "sumSq"),
    ("mean", "mean"),
    ("std_dev", "stdDev"),
    ("min", "min"),
    ("max", "max"),
)
PAIRED_FIELDS = (
    ("xy_sum", "xySum"),
    ("count", "count"),
    ("correlation", "correlation"),
    ("differences_probability", "differencesProbability"),
    ("sig_level", "sigLevel"),
)


def bits(value: float) -> str:
    return "nan" if math.isnan(value) else float(value).hex()


def stats_fields(ours: Stats, weka) -> tuple[dict, dict]:
    return (
        {name: bits(getattr(ours, name)) for name, _ in STATS_FIELDS},
        {name: bits(float(getattr(weka, java))) for name, java in STATS_FIELDS},
    )


def paired_fields(ours: PairedStats, weka) -> tuple[dict, dict]:
    mine: dict[str, str | int] = {name: bits(getattr(ours, name)) for name, _ in PAIRED_FIELDS}
    theirs: dict[str, str | int] = {name: bits(float(getattr(weka, java))) for name, java in PAIRED_FIELDS}
    mine["differences_significance"] = ours.differences_significance
    theirs["differences_significance"] = int(weka.differencesSignificance)
    mine["degrees_of_freedom"] = ours.degrees_of_freedom
    theirs["degrees_of_freedom"] = int(weka.getDegreesOfFreedom())
    for name, java in (("x_stats", "xStats"), ("y_stats", "yStats"), ("differences_stats", "differencesStats")):
        a, b = stats_fields(getattr(ours, name), getattr(weka, java))
        mine.update({f"{name}.{k}": v for k, v in a.items()})
        theirs.update({f"{name}.{k}": v for k, v in b.items()})
    return mine, theirs


@pytest.fixture(scope="module")
def weka_experiment(weka_jvm):
    import jpype

    return {name: jpype.JClass(f"weka.experiment.{name}") for name in ("Stats", "PairedStats", "PairedStatsCorrected")}


def both(classes, pairs, sig_level=0.05, ratio=None, degrees_of_freedom=None):
    """Our object and WEKA's, given the same pairs in order, after calculateDerived()."""
    if ratio is None:
        ours, weka = PairedStats(sig_level), classes["PairedStats"](sig_level)
    else:
        ours, weka = PairedStatsCorrected(sig_level, ratio), classes["PairedStatsCorrected"](sig_level, ratio)
    if degrees_of_freedom is not None:
        ours.degrees_of_freedom = degrees_of_freedom
        weka.setDegreesOfFreedom(degrees_of_freedom)
    for x, y in pairs:
        ours.add(x, y)
        weka.add(float(x), float(y))
    weka.calculateDerived()
    ours.calculate_derived()
    return ours, weka


def assert_same(classes, pairs, **options):
    ours, weka = both(classes, pairs, **options)
    mine, theirs = paired_fields(ours, weka)
    assert mine == theirs


# -- samples like the Experimenter's: percentages of folds of a few sizes, ties, identical pairs -----------------


def percentage_values(draw, n: int) -> list[float]:
    """``n`` percentages, each of one of three kinds: ``100 * min(k, m) / m`` (k of m folds, 0 <= k <= 150,
    1 <= m <= 150), a whole percentage, or any float in [0, 100].  The kinds and integers come from blobs
    (tests/blobs.py), the floats are drawn one by one: the cases of the entry-by-entry ``st.one_of``."""
    which, right, folds, whole = kinds(draw, 3, n), kinds(draw, 151, n), kinds(draw, 150, n), kinds(draw, 101, n)
    return [
        100.0 * min(right[i], folds[i] + 1) / (folds[i] + 1)
        if kind == 0
        else float(whole[i])
        if kind == 1
        else draw(st.floats(0.0, 100.0))
        for i, kind in enumerate(which)
    ]


@st.composite
def paired_samples(draw):
    n = draw(st.integers(1, 100))
    kind = draw(st.sampled_from(["independent", "identical", "shifted", "noisy", "better", "better", "few values"]))
    if kind == "few values":
        values = percentage_values(draw, draw(st.integers(1, 3)))
        chosen = picks(draw, values, 2 * n)
        return list(zip(chosen[::2], chosen[1::2], strict=True))
    xs = percentage_values(draw, n)
    if kind == "independent":
        return list(zip(xs, percentage_values(draw, n), strict=True))
    if kind == "identical":
        return [(x, x) for x in xs]
    if kind == "shifted":  # differences equal up to rounding
        shift = draw(st.sampled_from([1.0, 0.1, 1 / 3, 6.666666666666667, 2.5]))
        return [(x, x - shift) for x in xs]
    if kind == "better":  # one scheme better by a few points, fold by fold: t of a few units to hundreds
        shift = draw(st.sampled_from([0.5, 1.0, 2.5, 5.0, 10.0, 100 / 15]))
        # each entry any float in [-3, 3] or one of three steps, as st.floats(-3, 3) | st.sampled_from(steps)
        steps = picks(draw, [0.0, 100 / 30, -100 / 30], n)
        noise = [
            draw(st.floats(-3.0, 3.0)) if any_float else step
            for any_float, step in zip(kinds(draw, 2, n), steps, strict=True)
        ]
        return [(x, x - shift + e) for x, e in zip(xs, noise, strict=True)]
    noise = picks(draw, [0.0, 0.0, 100 / 15, -100 / 15, 1.0, -2.0], n)
    return [(x, min(100.0, max(0.0, x + e))) for x, e in zip(xs, noise, strict=True)]


@pytest.mark.jvm
@settings(max_examples=300, deadline=None)
@given(pairs=paired_samples(), sig_level=st.sampled_from([0.05, 0.01, 0.1, 0.5]))
def test_paired_stats_are_wekas(weka_experiment, pairs, sig_level):
    assert_same(weka_experiment, pairs, sig_level=sig_level)


@pytest.mark.jvm
@settings(max_examples=300, deadline=None)
@given(
    pairs=paired_samples(),
    sig_level=st.sampled_from([0.05, 0.01]),
    ratio=st.one_of(st.sampled_from([1 / 9, 0.5, 0.25, 1 / 4.0, 0.0, 34 / 66]), st.floats(0.0, 10.0)),
)
def test_corrected_paired_stats_are_wekas(weka_experiment, pairs, sig_level, ratio):
    assert_same(weka_experiment, pairs, sig_level=sig_level, ratio=ratio)


@pytest.mark.jvm
@settings(max_examples=100, deadline=None)
@given(pairs=paired_samples(), degrees_of_freedom=st.integers(1, 200))
def test_calibrated_degrees_of_freedom_are_wekas(weka_experiment, pairs, degrees_of_freedom):
    assert_same(weka_experiment, pairs, degrees_of_freedom=degrees_of_freedom)
    assert_same(weka_experiment, pairs, ratio=1 / 9, degrees_of_freedom=degrees_of_freedom)  # ignored there


@pytest.mark.jvm
def test_a_thousand_seeded_experiments_are_wekas(weka_experiment):
    """Percentages of 10-fold runs (10 to 100 pairs), one scheme better by 0 to 5 points: the t-test's usual
    range of t, where one ulp of t changes the p-value's last bits."""
    rng = np.random.default_rng(20260315)
    for i in range(1000):
        n = int(rng.integers(1, 101))
        fold = int(rng.choice([15, 30, 70, 100, 150]))
        y = np.round(rng.uniform(50, 100, n) * fold / 100) * 100 / fold
        x = np.clip(y + rng.normal(rng.uniform(-5, 5), rng.uniform(0.1, 6), n), 0, 100)
        if i % 2:
            x = np.round(x * fold / 100) * 100 / fold
        assert_same(weka_experiment, list(zip(x.tolist(), y.tolist(), strict=False)), ratio=[None, 1 / 9, 0.25][i % 3])


EDGE_CASES = {
    "no pairs": [],
    "one pair, equal": [(93.33, 93.33)],
    "one pair, different": [(93.33, 86.67)],
    "two pairs": [(93.33, 86.67), (90.0, 90.0)],
    "all differences zero": [(v, v) for v in (90.0, 93.33, 96.67, 100.0)],
    "all differences one": [(v + 1.0, v) for v in (90.0, 93.33, 96.67, 98.0)],
    "x constant": [(90.0, v) for v in (90.0, 93.33, 96.67, 100.0)],
    "both constant, differing": [(90.0, 80.0)] * 10,
    "a NaN": [(90.0, 91.0), (math.nan, 80.0), (95.0, 96.0)],
    "an infinity": [(90.0, 91.0), (95.0, math.inf)],
    "tiny differences": [(1e-300 * k, 0.0) for k in (1, 2, 3)],
    "huge values": [(1e300, -1e300), (1e300, 1e300)],
    "x greater everywhere": [(x, x - 5.0 - x / 100) for x in range(10, 100, 7)],
    "x less everywhere": [(x - 5.0 - x / 100, x) for x in range(10, 100, 7)],
}


@pytest.mark.jvm
@pytest.mark.parametrize("name", list(EDGE_CASES))
@pytest.mark.parametrize("ratio", [None, 1 / 9])
def test_edge_cases_are_wekas(weka_experiment, name, ratio):
    assert_same(weka_experiment, EDGE_CASES[name], ratio=ratio)


@pytest.mark.jvm
def test_subtracting_pairs_is_wekas(weka_experiment):
    pairs = [(93.33, 86.67), (90.0, 90.0), (96.67, 93.33), (100.0, 93.33), (86.67, 80.0)]
    ours, weka = PairedStatsCorrected(0.05, 1 / 9), weka_experiment["PairedStatsCorrected"](0.05, 1 / 9)
    ours.add_all([x for x, _ in pairs], [y for _, y in pairs])
    weka.add([x for x, _ in pairs], [y for _, y in pairs])
    for x, y in [pairs[1], pairs[0], (50.0, 50.0)]:
        ours.subtract(x, y)
        weka.subtract(float(x), float(y))
        ours.calculate_derived()
        weka.calculateDerived()
        mine, theirs = paired_fields(ours, weka)
        assert mine == theirs


# -- Stats with weights, subtraction, negative counts and invalid values ---------------------------------------


@st.composite
def operations(draw):
    """Up to 40 (method, value, weight) steps, as ``st.lists(st.tuples(method, value, weight), max_size=40)`` with
    each of them ``st.one_of`` its kinds: the methods and kinds taken from blobs (tests/blobs.py)."""
    n = draw(st.integers(0, 40))
    methods = picks(draw, ["add", "add", "add", "subtract"], n)
    percentages = percentage_values(draw, n)
    values = [
        p if kind == 0 else v
        for kind, p, v in zip(
            kinds(draw, 2, n), percentages, picks(draw, [math.nan, math.inf, -1.5, 0.0], n), strict=True
        )
    ]
    listed = picks(draw, [0.0, 2.0, 0.5, -1.0, 1e-7, math.inf], n)
    weights = [
        1.0 if kind == 0 else w if kind == 1 else draw(st.floats(-3.0, 3.0))
        for kind, w in zip(kinds(draw, 3, n), listed, strict=True)
    ]
    return list(zip(methods, values, weights, strict=True))


@pytest.mark.jvm
@settings(max_examples=300, deadline=None)
@given(operations())
def test_stats_are_wekas_after_every_operation(weka_experiment, steps):
    ours, weka = Stats(), weka_experiment["Stats"]()
    for method, value, weight in steps:
        getattr(ours, method)(value, weight)
        getattr(weka, method)(float(value), float(weight))
        ours.calculate_derived()
        weka.calculateDerived()
        mine, theirs = stats_fields(ours, weka)
        assert mine == theirs, (method, value, weight)


# -- without a JVM ------------------------------------------------------------------------------------------------


def test_weka_stats_is_stats():
    values = [0.94, 0.92, 0.97, 0.91]
    s = Stats()
    for v in values:
        s.add(v)
    s.calculate_derived()
    assert weka_stats(values) == (s.mean, s.std_dev)
    assert s.sum == sum(values) and s.count == 4.0 and (s.min, s.max) == (0.91, 0.97)


def test_a_single_differing_pair_is_significant_as_in_weka():
    s = PairedStats(0.05)
    s.add(93.33, 86.67)
    s.calculate_derived()
    assert math.isnan(s.differences_stats.std_dev)
    assert s.differences_probability == 0.0 and s.differences_significance == 1


def test_equal_pairs_are_not_significant():
    s = PairedStatsCorrected(0.05, 1 / 9)
    s.add_all([90.0, 93.33], [90.0, 93.33])
    s.calculate_derived()
    assert s.differences_probability == 1.0 and s.differences_significance == 0


def test_the_corrected_test_is_more_cautious():
    xs = [96.0, 93.33, 100.0, 93.33, 93.33, 96.67, 100.0, 93.33, 96.67, 100.0]
    ys = [93.33, 86.67, 93.33, 93.33, 86.67, 93.33, 93.33, 86.67, 93.33, 93.33]
    plain, corrected = PairedStats(0.05), PairedStatsCorrected(0.05, 1 / 9)
    for s in (plain, corrected):
        s.add_all(xs, ys)
        s.calculate_derived()
    assert plain.differences_significance == 1
    assert plain.differences_probability < corrected.differences_probability


def test_degrees_of_freedom_must_be_positive():
    s = PairedStats(0.05)
    assert s.degrees_of_freedom == 0
    with pytest.raises(ValueError, match="degrees of freedom must be >= 1"):
        s.degrees_of_freedom = 0
    s.degrees_of_freedom = 5
    assert s.degrees_of_freedom == 5


def test_add_all_needs_equal_lengths():
    s = PairedStats(0.05)
    with pytest.raises(ValueError, match="same length"):
        s.add_all([1.0, 2.0], [1.0])
    assert s.count == 0.0
