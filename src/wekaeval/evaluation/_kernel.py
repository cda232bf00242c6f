"""WEKA's ``weka.estimators.UnivariateKernelEstimator``, bit for bit.

For a numeric class, WEKA 3.9.7's Evaluation estimates the prior density of the class from the training
class values (``setNumericPriorsFromBuffer``: a new estimator given ``addValue(value, weight)`` for each, in
order) and charges ``logDensity(classValue)`` per evaluated instance to the SF prior entropy.  This is that
estimator, computing what ``logDensity`` computes in Java's order of operations:

* ``add_value`` adds ``value * weight`` and ``value * value * weight`` to running sums and the weight to
  their total, and the weight to the value's entry in a ``TreeMap<Double, Double>`` -- so values are
  ordered and told apart as ``Double.compareTo`` does (``-0.0`` before ``0.0``, NaN last and one entry);
* the bandwidth is the weighted standard deviation ``sqrt(sumSq/W - mean*mean)`` (0 if negative) times
  ``Math.pow(W, -0.25)``, at least ``1e-6``; ``Double.MAX_VALUE`` while the total weight ``W`` is not
  above 0;
* ``logDensity(v)`` sums Gaussian kernels in log space (``logOfSum(a, b) = a + log(1 + exp(b - a))`` for
  ``a > b``, NaN standing for log 0), first over the entries from ``v`` upwards, then from below ``v``
  downwards, skipping weights not above 0 and stopping a side once the kernels left cannot add more than
  a 1e-6 share (assuming all the remaining weight sat at the current distance); then subtracts
  ``log(W)``.

``Math.log``, ``Math.exp`` and ``Math.pow`` are HotSpot's x86_64 intrinsics
(:func:`wekaeval.javamath.java_log`, :func:`wekaeval.javamath.java_exp`,
:func:`wekaeval.javamath.java_pow`); the C library's differ in the last bit often enough to matter.

>>> estimator = UnivariateKernelEstimator()
>>> for value in [1.0, 2.0, 2.0, 4.0]:
...     estimator.add_value(value, 1.0)
>>> estimator.log_density(2.0)
-1.1422925915344972
>>> estimator.log_densities([1.0, 3.0, 100.0])
array([-1.42287078e+00, -1.76177534e+00, -7.76288669e+03])
"""

from __future__ import annotations

import bisect
import functools
import math
import struct
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import ArrayLike

from wekaeval.javamath import java_exp, java_log, java_log_scalar, java_pow
from wekaeval.javamath._shared import ScalarMath, scalar_math

_EXPONENT = -0.25  # m_Exponent


_MIN_WIDTH = 1.0e-6  # m_MinWidth


_THRESHOLD = 1.0e-6  # m_Threshold


_MAX_VALUE = 1.7976931348623157e308  # Double.MAX_VALUE


_NAN = math.nan


_WEIGHT_SUMS_KEPT = 1 << 14


@functools.cache
def kernel_const() -> float:
    """``UnivariateKernelEstimator.CONST``, -log(2 pi)/2 with HotSpot's ``Math.log`` (computed when first needed:
    the log depends on the processor, which importing wekaeval does not measure)."""
    return -0.5 * java_log_scalar(2 * math.pi)


@functools.cache
def _log_factor() -> float:
    return java_log_scalar(_THRESHOLD) - java_log_scalar(1 - _THRESHOLD)


_DOUBLE = struct.Struct("<d")


_LONG = struct.Struct("<q")


_CANONICAL_NAN = 0x7FF8000000000000  # Double.doubleToLongBits of every NaN


_LOW63 = 0x7FFFFFFFFFFFFFFF


def _order_key(value: float) -> int:
    """An integer ordered as ``Double.compareTo`` orders doubles, equal exactly where it finds them equal."""
    if value != value:
        return _CANONICAL_NAN
    bits = _LONG.unpack(_DOUBLE.pack(value))[0]
    return bits if bits >= 0 else bits ^ _LOW63


def _order_keys(values: np.ndarray) -> np.ndarray:
    """:func:`_order_key` element by element."""
    bits = values.view(np.int64).copy()
    bits[np.isnan(values)] = _CANONICAL_NAN
    return np.where(bits >= 0, bits, bits ^ np.int64(_LOW63))


def _log_of_sum(log_x: float, log_y: float, java: ScalarMath) -> float:
    """``logOfSum``: log(x + y) from log x and log y, NaN standing for the log of 0; ``java``: the platform's
    ``Math.log`` and ``Math.exp``."""
    if log_x != log_x:
        return log_y
    if log_y != log_y:
        return log_x
    if log_x > log_y:
        return log_x + java.log(1 + java.exp(log_y - log_x))
    return log_y + java.log(1 + java.exp(log_x - log_y))


def _below_log_of_sum(bound: float, log_x: float, log_y: float, java: ScalarMath) -> bool:
    """``bound < logOfSum(log_x, log_y)``, the logarithms taken only when the answer needs them.

    ``logOfSum`` adds ``log(1 + exp(-d))`` (``d >= 0`` the gap) to the larger of two finite
    numbers ``M``; HotSpot's and fdlibm's ``Math.exp`` and ``Math.log`` are within an ulp of the true
    values, so ``exp(-d) <= 1`` and ``0 <= log(1 + exp(-d)) <= log(2) < 1``, and the rounded sum lies
    in ``[M, M + 1.0]`` (rounded): a bound below ``M`` is below, one at ``M + 1.0`` or above is not."""
    if log_x == log_x and log_y == log_y:  # neither NaN
        larger = log_x if log_x > log_y else log_y
        if -_MAX_VALUE <= larger <= _MAX_VALUE:
            if bound < larger:
                return True
            if bound >= larger + 1.0:
                return False
    return bound < _log_of_sum(log_x, log_y, java)


def _log_of_sums(log_x: np.ndarray, log_y: np.ndarray) -> np.ndarray:
    """:func:`_log_of_sum` element by element."""
    larger = log_x > log_y
    total = np.where(larger, log_x, log_y) + java_log(1 + java_exp(np.where(larger, log_y - log_x, log_x - log_y)))
    return np.where(np.isnan(log_x), log_y, np.where(np.isnan(log_y), log_x, total))


@dataclass(frozen=True)
class _Kernels:
    """What ``logDensity`` reads, fixed until the next ``add_value``: the entries with a weight above 0
    (the others never count) in ``TreeMap`` order, and the constants of ``runningSum``."""

    keys: list[int]
    values: list[float]
    log_weights: list[float]
    width: float
    offset: float  # CONST - log(width)
    log_sum_of_weights: float
    #: Per platform's math, ``logOfSum(s, log_weights[i])`` by ``(s, i)``: the walks' sums of weights do not
    #: depend on the point, so the points of one estimator share them (at most _WEIGHT_SUMS_KEPT entries).
    weight_sums: dict[ScalarMath, dict[tuple[float, int], float]] = field(default_factory=dict)


class UnivariateKernelEstimator:
    """WEKA's simple weighted kernel density estimator (Gaussian kernels), as Evaluation builds it.

    Only what Evaluation uses is here: :meth:`add_value` and :meth:`log_density` (and
    :meth:`log_densities`, the same over an array).  The bandwidth exponent (-0.25), minimum width and
    threshold (both 1e-6) are WEKA's defaults.
    """

    def __init__(self) -> None:
        self._weights: dict[int, float] = {}  # m_TM: the summed weight under each key ...
        self._values: dict[int, float] = {}  # ... and the double first added under it (TreeMap keeps it)
        self._weighted_sum = 0.0
        self._weighted_sum_squared = 0.0
        self._sum_of_weights = 0.0
        self._kernels: _Kernels | None = None

    def __repr__(self) -> str:
        return f"UnivariateKernelEstimator({len(self._weights)} values, total weight {self._sum_of_weights!r})"

    def add_value(self, value: float, weight: float) -> None:
        """``addValue(value, weight)``: the value's weight added to its entry and to the running sums."""
        value, weight = float(value), float(weight)
        self._weighted_sum += value * weight
        self._weighted_sum_squared += value * value * weight
        self._sum_of_weights += weight
        key = _order_key(value)
        if key in self._weights:
            self._weights[key] += weight
        else:
            self._weights[key] = weight
            self._values[key] = value
        self._kernels = None

    def _width(self) -> float:
        """``updateWidth``: the bandwidth."""
        total = self._sum_of_weights
        if not total > 0:
            return _MAX_VALUE
        mean = self._weighted_sum / total
        variance = self._weighted_sum_squared / total - mean * mean
        if variance < 0:
            variance = 0.0
        width = math.sqrt(variance) * java_pow(total, _EXPONENT)
        return _MIN_WIDTH if width <= _MIN_WIDTH else width

    def _prepared(self) -> _Kernels:
        if self._kernels is None:
            keys = [key for key in sorted(self._weights) if self._weights[key] > 0]
            width = self._width()
            self._kernels = _Kernels(
                keys=keys,
                values=[self._values[key] for key in keys],
                log_weights=[java_log_scalar(self._weights[key]) for key in keys],
                width=width,
                offset=kernel_const() - java_log_scalar(width),
                log_sum_of_weights=java_log_scalar(self._sum_of_weights),
            )
        return self._kernels

    def log_density(self, value: float) -> float:
        """``logDensity(value)``: the natural logarithm of the density estimate at ``value``.

        NaN if no value with a weight above 0 was added.
        """
        value = float(value)
        kernels = self._prepared()
        start = bisect.bisect_left(kernels.keys, _order_key(value))
        sums = [_NAN, _NAN]
        java = scalar_math()  # the platform looked up once, not twice per kernel
        _running_sum(kernels, range(start, len(kernels.keys)), value, sums, java)  # tailMap(value, true)
        _running_sum(kernels, range(start - 1, -1, -1), value, sums, java)  # headMap(value, false), descending
        return sums[0] - kernels.log_sum_of_weights

    def log_densities(self, values: ArrayLike) -> np.ndarray:
        """:meth:`log_density` at each of ``values`` (any shape), the same bits, in numpy.

        All points walk their entries in step: at step ``t`` each point still going adds its ``t``-th
        kernel, so the cost is the longest walk's length in numpy operations.
        """
        points = np.asarray(values, dtype=np.float64)
        flat = np.ascontiguousarray(points).reshape(-1)
        kernels = self._prepared()
        keys = np.array(kernels.keys, dtype=np.int64)
        start = np.searchsorted(keys, _order_keys(flat), side="left")
        sums = np.full((2, flat.size), _NAN)
        arrays = (np.array(kernels.values), np.array(kernels.log_weights))
        with np.errstate(all="ignore"):
            _running_sums(kernels, arrays, flat, start, 1, sums)
            _running_sums(kernels, arrays, flat, start - 1, -1, sums)
            result = sums[0] - kernels.log_sum_of_weights
        return result.reshape(points.shape)


def _running_sum(kernels: _Kernels, positions: range, value: float, sums: list[float], java: ScalarMath) -> None:
    """``runningSum`` over the entries at ``positions``, in that order."""
    width, offset, log_sum = kernels.width, kernels.offset, kernels.log_sum_of_weights
    values, log_weights = kernels.values, kernels.log_weights
    log_factor = _log_factor()
    weight_sums = kernels.weight_sums.setdefault(java, {})
    for i in positions:
        diff = (values[i] - value) / width
        log_density = offset - 0.5 * diff * diff
        log_weight = log_weights[i]
        sums[0] = _log_of_sum(sums[0], log_weight + log_density, java)
        if sums[1] != sums[1]:  # log 0: the sum is this weight
            sums[1] = log_weight
        else:
            key = (sums[1], i)  # 0.0 and -0.0 are one key: logOfSum gives both the same
            known = weight_sums.get(key)
            if known is None:
                known = _log_of_sum(sums[1], log_weight, java)
                if len(weight_sums) < _WEIGHT_SUMS_KEPT:
                    weight_sums[key] = known
            sums[1] = known
        # Can we stop, assuming the worst case?
        if _below_log_of_sum(log_density + log_sum, log_factor + sums[0], log_density + sums[1], java):
            break


def _running_sums(
    kernels: _Kernels,
    arrays: tuple[np.ndarray, np.ndarray],
    points: np.ndarray,
    first: np.ndarray,
    step: int,
    sums: np.ndarray,
) -> None:
    """:func:`_running_sum` for every point at once, each from its entry ``first`` on by ``step``."""
    key_values, log_weights = arrays
    count = key_values.size
    active = np.flatnonzero((first >= 0) & (first < count))
    position = first[active]
    width, offset, log_sum = kernels.width, kernels.offset, kernels.log_sum_of_weights
    while active.size:
        diff = (key_values[position] - points[active]) / width
        log_density = offset - 0.5 * diff * diff
        log_weight = log_weights[position]
        total = _log_of_sums(sums[0, active], log_weight + log_density)
        weights = _log_of_sums(sums[1, active], log_weight)
        sums[0, active] = total
        sums[1, active] = weights
        position += step
        going = ~(log_density + log_sum < _log_of_sums(_log_factor() + total, log_density + weights))
        going &= (position >= 0) & (position < count)
        if not going.all():
            active = active[going]
            position = position[going]
