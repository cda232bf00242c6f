"""WEKA's paired t-test statistics (``weka.experiment.PairedStats``, ``PairedStatsCorrected``), bit for bit.

The Experimenter's testers compare two schemes on one dataset by feeding the paired values of each run
(and fold) to a ``PairedStats`` -- ``PairedCorrectedTTester``, the default, to a ``PairedStatsCorrected``
with the ratio of test to training instances -- and read the fields ``calculateDerived()`` sets: the
two-sided probability of the mean difference, the significance sign (``v`` and ``*`` in the result
matrix), the correlation.  The classes here keep WEKA's state and update it in WEKA's order (running
sums and Welford's running mean in :class:`Stats`), so each field is the double WEKA computes.

>>> from wekaeval.experiment import PairedStatsCorrected
>>> s = PairedStatsCorrected(0.05, 1 / 9)
>>> s.add_all([96.0, 93.33, 100.0, 93.33, 93.33], [93.33, 86.67, 93.33, 93.33, 86.67])
>>> s.calculate_derived()
>>> s.differences_stats.mean, s.differences_probability, s.differences_significance
(4.531999999999999, 0.057044712466016445, 0)

WEKA's rules, kept as they are:

* a single pair whose values differ has probability 0.0 and is significant (the standard deviation is
  NaN, the sum of squared differences not 0); all differences 0 (or no pairs) give probability 1.0;
* a NaN or infinite value makes a ``Stats`` invalid for good (every field NaN): the probability is then
  0.0 and the pair counts as significant, with sign -1 (NaN means never compare greater);
* ``PairedStatsCorrected`` ignores :attr:`PairedStats.degrees_of_freedom`;
* the degrees of freedom are ``(int) count - 1``: Java's cast, saturating, NaN to 0.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from wekaeval.javamath import Stats, f_probability, java_int, java_sqrt


class PairedStats:
    """``weka.experiment.PairedStats(sig)``: the paired t-test of the Experimenter's ``PairedTTester``.

    Feed the pairs with :meth:`add` (or :meth:`add_all`) in WEKA's order, then call
    :meth:`calculate_derived`.  Fields, as WEKA names them: ``x_stats``, ``y_stats`` and
    ``differences_stats`` (:class:`Stats` of the first values, the second, ``x - y``), ``xy_sum``,
    ``count``, ``correlation``, ``differences_probability`` (the two-sided p-value of the mean
    difference, ``Statistics.FProbability(t*t, 1, df)``), ``differences_significance`` (1 if x is
    significantly greater at ``sig_level``, -1 if less, else 0) and ``sig_level``.

    >>> s = PairedStats(0.05)
    >>> s.add_all([1.0, 2.0, 3.0, 4.0], [1.5, 2.0, 3.5, 5.0])
    >>> s.calculate_derived()
    >>> s.differences_probability, s.differences_significance, s.correlation
    (0.09172111331157193, 0, 0.9797958971132711)
    """

    def __init__(self, sig_level: float) -> None:
        self.x_stats = Stats()
        self.y_stats = Stats()
        self.differences_stats = Stats()
        self.differences_probability = 0.0
        self.correlation = 0.0
        self.xy_sum = 0.0
        self.count = 0.0
        self.differences_significance = 0
        self.sig_level = float(sig_level)
        self._degrees_of_freedom = 0

    @property
    def degrees_of_freedom(self) -> int:
        """``getDegreesOfFreedom()``: 0 (use ``(int) count - 1``) unless set (calibration)."""
        return self._degrees_of_freedom

    @degrees_of_freedom.setter
    def degrees_of_freedom(self, d: int) -> None:
        if d <= 0:
            raise ValueError(f"PairedStats: degrees of freedom must be >= 1, got {d!r}")
        self._degrees_of_freedom = int(d)

    def add(self, value1: float, value2: float) -> None:
        """``add(value1, value2)``: one observed pair."""
        value1, value2 = float(value1), float(value2)
        self.x_stats.add(value1)
        self.y_stats.add(value2)
        self.differences_stats.add(value1 - value2)
        self.xy_sum += value1 * value2
        self.count += 1

    def subtract(self, value1: float, value2: float) -> None:
        """``subtract(value1, value2)``: removes a pair added before."""
        value1, value2 = float(value1), float(value2)
        self.x_stats.subtract(value1)
        self.y_stats.subtract(value2)
        self.differences_stats.subtract(value1 - value2)
        self.xy_sum -= value1 * value2
        self.count -= 1

    def add_all(self, values1: Iterable[float], values2: Iterable[float]) -> None:
        """``add(double[], double[])``: the pairs in order.

        Raises
        ------
        ValueError
            If the two sequences differ in length (nothing is added then).
        """
        for value1, value2 in _pairs(values1, values2):
            self.add(value1, value2)

    def subtract_all(self, values1: Iterable[float], values2: Iterable[float]) -> None:
        """``subtract(double[], double[])``: removes the pairs in order."""
        for value1, value2 in _pairs(values1, values2):
            self.subtract(value1, value2)

    def calculate_derived(self) -> None:
        """``calculateDerived()``: standard deviations, correlation, probability and significance."""
        d = self.differences_stats
        self._derive_common()
        if d.std_dev > 0:
            tval = d.mean * java_sqrt(self.count) / d.std_dev
            if self._degrees_of_freedom >= 1:
                self.differences_probability = f_probability(tval * tval, 1, self._degrees_of_freedom)
            elif self.count > 1:
                self.differences_probability = f_probability(tval * tval, 1, java_int(self.count) - 1)
            else:
                self.differences_probability = 1.0
        else:
            self.differences_probability = 1.0 if d.sum_sq == 0 else 0.0
        self._significance()

    def _derive_common(self) -> None:
        x, y = self.x_stats, self.y_stats
        x.calculate_derived()
        y.calculate_derived()
        self.differences_stats.calculate_derived()
        self.correlation = math.nan
        if x.std_dev > 0 and y.std_dev > 0 and self.count > 1:  # NaN compares false, as isNaN excludes it
            self.correlation = (self.xy_sum - x.sum * y.sum / self.count) / ((self.count - 1) * x.std_dev * y.std_dev)

    def _significance(self) -> None:
        self.differences_significance = 0
        if self.differences_probability <= self.sig_level:
            self.differences_significance = 1 if self.x_stats.mean > self.y_stats.mean else -1

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(count={self.count!r}, differences_probability="
            f"{self.differences_probability!r}, differences_significance={self.differences_significance!r})"
        )


class PairedStatsCorrected(PairedStats):
    """``weka.experiment.PairedStatsCorrected(sig, testTrainRatio)``: Nadeau and Bengio's corrected resampled t-test.

    The t statistic divides the mean difference by ``sqrt((1/count + test_train_ratio) * sd * sd)``
    instead of ``sd / sqrt(count)``; ``PairedCorrectedTTester`` passes the ratio of test to training
    instances (1/9 for 10-fold cross-validation).

    >>> s = PairedStatsCorrected(0.05, 1 / 9)
    >>> s.add_all([1.0, 2.0, 3.0, 4.0], [1.5, 2.0, 3.5, 5.0])
    >>> s.calculate_derived()
    >>> s.differences_probability
    0.13429219383704266
    """

    def __init__(self, sig_level: float, test_train_ratio: float) -> None:
        super().__init__(sig_level)
        self.test_train_ratio = float(test_train_ratio)

    def calculate_derived(self) -> None:
        """``calculateDerived()`` with the corrected variance (the degrees of freedom are always count - 1)."""
        d = self.differences_stats
        self._derive_common()
        if d.std_dev > 0:
            tval = d.mean / java_sqrt((1 / self.count + self.test_train_ratio) * d.std_dev * d.std_dev)
            if self.count > 1:
                self.differences_probability = f_probability(tval * tval, 1, java_int(self.count) - 1)
            else:
                self.differences_probability = 1.0
        else:
            self.differences_probability = 1.0 if d.sum_sq == 0 else 0.0
        self._significance()


def _pairs(values1: Iterable[float], values2: Iterable[float]) -> list[tuple[float, float]]:
    first, second = list(values1), list(values2)
    if len(first) != len(second):
        raise ValueError(f"values1 and values2 must be of the same length, got {len(first)} and {len(second)}")
    return list(zip(first, second, strict=False))
