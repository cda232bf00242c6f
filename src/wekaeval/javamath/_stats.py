"""``weka.experiment.Stats``: a running count, sum, sum of squares, minimum and maximum, as WEKA updates them.

WEKA's Experimenter summarises each measure through it and the paired tests feed it their differences, so
its last bits (the order of its updates, ``Utils.eq`` for a zero count, ``Math.sqrt``) are kept.

>>> stats = Stats()
>>> for value in (94.0, 96.0, 95.0):
...     stats.add(value)
>>> stats.calculate_derived()
>>> stats.mean, stats.std_dev
(95.0, 1.0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from wekaeval.javamath._numbers import java_sqrt, weka_eq


@dataclass
class Stats:
    """``weka.experiment.Stats``: count, sum, sum of squares, min, max, running mean and standard deviation.

    ``mean`` follows every :meth:`add`; ``std_dev`` (the sample standard deviation, NaN for a count up to 1)
    only :meth:`calculate_derived`.  A NaN or infinite value or weight makes the object invalid for good:
    every field NaN.

    >>> s = Stats()
    >>> for v in (0.94, 0.92):
    ...     s.add(v)
    >>> s.calculate_derived()
    >>> s.count, s.mean, s.std_dev, s.min, s.max
    (2.0, 0.9299999999999999, 0.014142135623730845, 0.92, 0.94)
    """

    count: float = 0.0
    sum: float = 0.0
    sum_sq: float = 0.0
    std_dev: float = math.nan
    mean: float = math.nan
    min: float = math.nan
    max: float = math.nan
    _std_dev_factor: float = field(default=0.0, repr=False)

    def add(self, value: float, weight: float = 1.0) -> None:
        """``add(value, weight)``: a negative weight subtracts; a zero weight is ignored."""
        value, weight = float(value), float(weight)
        if weight < 0:
            self.subtract(value, -weight)
            return
        if self._invalid():
            return
        if not (math.isfinite(weight) and math.isfinite(value)):
            self._go_invalid()
            return
        if weight == 0:
            return
        new_count = self.count + weight
        if self.count < 0 and (new_count > 0 or weka_eq(new_count, 0)):
            self._reset()
            return
        self.count = new_count
        if self.count < 0:
            return
        weighted_value = value * weight
        self.sum += weighted_value
        self.sum_sq += value * weighted_value
        if math.isnan(self.mean):
            # WEKA takes the first value as it is, for precision.
            self.mean = value
            self._std_dev_factor = 0.0
        else:
            delta = weight * (value - self.mean)
            self.mean += delta / self.count
            self._std_dev_factor += delta * (value - self.mean)
        if math.isnan(self.min):
            self.min = self.max = value
        elif value < self.min:
            self.min = value
        elif value > self.max:
            self.max = value

    def subtract(self, value: float, weight: float = 1.0) -> None:
        """``subtract(value, weight)``: removes a value added before (min and max stay as they were)."""
        value, weight = float(value), float(weight)
        if weight < 0:
            self.add(value, -weight)
            return
        if self._invalid():
            return
        if not (math.isfinite(weight) and math.isfinite(value)):
            self._go_invalid()
            return
        if weight == 0:
            return
        self.count -= weight
        if weka_eq(self.count, 0):
            self._reset()
            return
        if self.count < 0:
            self._negative_count()
            return
        weighted_value = value * weight
        self.sum -= weighted_value
        self.sum_sq -= value * weighted_value
        delta = weight * (value - self.mean)
        self.mean -= delta / self.count
        self._std_dev_factor -= delta * (value - self.mean)

    def calculate_derived(self) -> None:
        """``calculateDerived()``: the standard deviation, from the running sum of squared deviations."""
        if self.count <= 1:
            self.std_dev = math.nan
            return
        variance = self._std_dev_factor / (self.count - 1)
        self.std_dev = 0.0 if variance < 0 else java_sqrt(variance)

    def _reset(self) -> None:
        self.count = self.sum = self.sum_sq = self._std_dev_factor = 0.0
        self.std_dev = self.mean = self.min = self.max = math.nan

    def _negative_count(self) -> None:
        self.sum = self.sum_sq = self.std_dev = self.mean = self.min = self.max = math.nan

    def _go_invalid(self) -> None:
        self.count = math.nan
        self._negative_count()

    def _invalid(self) -> bool:
        return math.isnan(self.count)


def weka_stats(values: Sequence[float]) -> tuple[float, float]:
    """``(mean, std_dev)`` of ``weka.experiment.Stats`` after ``add(v)`` of each value and ``calculateDerived()``.

    WEKA keeps a running mean (Welford's update) rather than dividing a sum,
    so the last bit follows its order of updates (:class:`Stats`).

    >>> weka_stats([0.94, 0.92])
    (0.9299999999999999, 0.014142135623730845)
    >>> weka_stats([1.0])
    (1.0, nan)
    """
    stats = Stats()
    for value in values:
        stats.add(value)
    stats.calculate_derived()
    return stats.mean, stats.std_dev
