"""Checking what users give an evaluation: class names, classes, distributions, weights.

One place for the rules :class:`~wekaeval.evaluation.ConfusionMatrix` and
:class:`~wekaeval.evaluation.Evaluation` share, each error naming the argument
and, where one is to blame, the instance:

>>> coder = ClassCoder(["yes", "no"])
>>> coder.codes(["no", None, "yes"], "actual")
array([ 1, -1,  0])
>>> coder.codes([0.0, 2.0], "actual")
Traceback (most recent call last):
...
wekaeval.errors.PredictionError: actual[1] = 2.0 is not a class index for 2 classes (0..1)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from wekaeval.errors import PredictionError


class ClassCoder:
    """Class indices from indices, names or missing markers, for one list of class names."""

    def __init__(self, class_names: Sequence[str]):
        self.class_names = validated_class_names(class_names)
        self._index = {name: i for i, name in enumerate(self.class_names)}

    def code(self, value: Any, name: str) -> int | None:
        """One class index from an index, a name, or None/NaN (missing)."""
        if value is None:
            return None
        if isinstance(value, str):
            if value not in self._index:
                raise PredictionError(f"{name} class {value!r} is not one of {list(self.class_names)}")
            return self._index[value]
        if isinstance(value, (bool, np.bool_)):
            raise PredictionError(f"{name} class must be an index or a name, not a bool")
        if isinstance(value, (float, np.floating)):
            if math.isnan(value):
                return None
            if not float(value).is_integer():
                raise PredictionError(f"{name} class index {value!r} is not a whole number")
        elif not isinstance(value, (int, np.integer)):
            raise PredictionError(f"{name} class must be an index or a name, not {type(value).__name__}")
        index = int(value)
        if not 0 <= index < len(self.class_names):
            raise PredictionError(f"{name} class index {index} is out of range for {len(self.class_names)} classes")
        return index

    def coded(self, values: Any, name: str) -> Codes:
        """Class indices as int64, -1 where missing.

        Integer arrays pass through unchecked (they are range-checked chunk by
        chunk as they are accumulated); floats and labels are checked here.
        """
        array = np.asarray(values)
        if array.ndim != 1:
            raise PredictionError(f"{name} must be 1-D, got shape {array.shape}")
        k = len(self.class_names)
        kind = array.dtype.kind
        if kind in "iu":
            return Codes(name, array.astype(np.int64, copy=False), missing_allowed=False)
        if kind == "f":
            missing = np.isnan(array)
            filled = np.where(missing, 0.0, array) if missing.any() else array
            bad_mask = (filled != np.floor(filled)) | (filled < 0) | (filled >= k)
            if bad_mask.any():
                bad = int(np.flatnonzero(bad_mask)[0])
                raise PredictionError(f"{name}[{bad}] = {array[bad]} is not a class index for {k} classes (0..{k - 1})")
            codes = filled.astype(np.int64)
            codes[missing] = -1
            return Codes(name, codes, missing_allowed=True)
        if kind in "USO":
            codes = np.fromiter(
                (_or_missing(self.code(v, f"{name}[{i}]")) for i, v in enumerate(array.tolist())),
                dtype=np.int64,
                count=len(array),
            )
            return Codes(name, codes, missing_allowed=True)
        raise PredictionError(f"{name} must hold class indices or names, not {array.dtype} values")

    def codes(self, values: Any, name: str) -> np.ndarray:
        """Every value's class index (int64, -1 where missing), all checked now."""
        coded = self.coded(values, name)
        return coded.chunk(0, len(coded), len(self.class_names)) if len(coded) else coded.values


@dataclass(frozen=True)
class Codes:
    """Coded classes of n instances: int64 class indices, -1 for a missing one."""

    name: str
    values: np.ndarray
    missing_allowed: bool  # False for raw integer input, where -1 is an error, not "missing"

    def __len__(self) -> int:
        return len(self.values)

    def chunk(self, start: int, stop: int, k: int) -> np.ndarray:
        """values[start:stop], each checked to be a class index (or -1 where allowed)."""
        codes = self.values[start:stop]
        if codes.view(np.uint64).max() >= k:  # too large, or negative (wraps around)
            bad = (codes >= k) | (codes < (-1 if self.missing_allowed else 0))
            if bad.any():
                i = int(np.flatnonzero(bad)[0])
                raise PredictionError(
                    f"{self.name}[{start + i}] = {codes[i]} is not a class index for {k} classes (0..{k - 1})"
                )
        return codes


def check_finite_weights(weights: np.ndarray, offset: int = 0) -> None:
    finite = np.isfinite(weights)
    if not finite.all():
        bad = int(np.flatnonzero(~finite)[0])
        raise PredictionError(f"weights[{offset + bad}] is {weights[bad]}: weights must be finite")


def _or_missing(code: int | None) -> int:
    return -1 if code is None else code


def distribution_array(distributions: Any) -> np.ndarray:
    try:
        array = np.asarray(distributions, dtype=np.float64)
    except (ValueError, TypeError) as error:
        raise PredictionError(f"distributions must be an (n, k) array of numbers: {error}") from None
    if array.ndim != 2 or array.shape[1] == 0:
        raise PredictionError(f"distributions must be an (n, k) array with k >= 1, got shape {array.shape}")
    infinite = np.isinf(array)
    if infinite.any():
        row, column = np.argwhere(infinite)[0]
        raise PredictionError(
            f"distributions[{row}, {column}] is {array[row, column]}: an infinite probability (WEKA throws on most)"
        )
    return array


def distribution_row(distribution: Sequence[float], k: int) -> list[float]:
    try:
        probabilities = [float(p) for p in distribution]
    except (TypeError, ValueError) as error:
        raise PredictionError(f"distribution must be a sequence of numbers: {error}") from None
    if len(probabilities) != k:
        raise PredictionError(f"distribution has {len(probabilities)} entries for {k} classes")
    for i, p in enumerate(probabilities):
        if math.isinf(p):
            raise PredictionError(f"distribution[{i}] is {p}: an infinite probability (WEKA throws on most)")
    return probabilities


def finite_weight(weight: Any) -> float:
    try:
        value = float(weight)
    except (TypeError, ValueError):
        raise PredictionError(f"weight must be a number, got {weight!r}") from None
    if not math.isfinite(value):
        raise PredictionError(f"weight must be finite, got {value}")
    return value


def weight_array(weights: Any, n: int) -> np.ndarray:
    if weights is None:
        return np.ones(n, dtype=np.float64)
    try:
        array = np.asarray(weights, dtype=np.float64)
    except (ValueError, TypeError) as error:
        raise PredictionError(f"weights must be numbers: {error}") from None
    if array.shape != (n,):
        raise PredictionError(f"weights must have shape ({n},) for {n} instances, got {array.shape}")
    return array  # checked to be finite as they are accumulated


def validated_class_names(class_names: Sequence[str]) -> tuple[str, ...]:
    if isinstance(class_names, str):
        raise PredictionError("class_names must be a sequence of names, not one string")
    names = tuple(class_names)
    if not names:
        raise PredictionError("class_names is empty: a confusion matrix needs at least one class")
    for name in names:
        if not isinstance(name, str):
            raise PredictionError(f"class names must be strings, got {name!r}")
    if len(set(names)) != len(names):
        duplicate = next(name for name in names if names.count(name) > 1)
        raise PredictionError(f"class name {duplicate!r} appears twice")
    return names
