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
        if type(value) is int and 0 <= value < len(self.class_names):  # the common case first
            return value
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
        """Class indices as int64, -1 where missing, checked and converted chunk by chunk (:meth:`Codes.chunk`).

        Integer and float arrays are kept as they are (a float's NaN is a missing class); labels are
        looked up now.
        """
        array = np.asarray(values)
        if array.ndim != 1:
            raise PredictionError(f"{name} must be 1-D, got shape {array.shape}")
        kind = array.dtype.kind
        if kind in "iu":
            return Codes(name, array, missing_allowed=False)
        if kind == "f":
            return Codes(name, array, missing_allowed=True)
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
        return coded.chunk(0, len(coded), len(self.class_names))


@dataclass(frozen=True)
class Codes:
    """Coded classes of n instances: int64 class indices (-1 for a missing one), or float class values.

    ``values`` holds integers (a raw integer array, where -1 is an error, not "missing": ``missing_allowed``
    False), int64 codes made from labels, or float class indices with NaN for a missing class; :meth:`chunk`
    turns a slice of them into checked int64 codes.
    """

    name: str
    values: np.ndarray
    missing_allowed: bool

    def __len__(self) -> int:
        return len(self.values)

    def chunk(self, start: int, stop: int, k: int) -> np.ndarray:
        """values[start:stop] as int64 codes (-1: missing), each checked to be a class index (or -1 where allowed)."""
        raw = self.values[start:stop]
        if raw.dtype.kind == "f":
            missing = np.isnan(raw)
            filled = np.where(missing, 0.0, raw)
            bad_mask = (filled != np.floor(filled)) | (filled < 0) | (filled >= k)
            if bad_mask.any():
                bad = int(np.flatnonzero(bad_mask)[0])
                raise PredictionError(
                    f"{self.name}[{start + bad}] = {raw[bad]} is not a class index for {k} classes (0..{k - 1})"
                )
            codes = filled.astype(np.int64)
            codes[missing] = -1
            return codes
        codes = raw.astype(np.int64, copy=False)
        if len(codes) and codes.view(np.uint64).max() >= k:  # too large, or negative (wraps around)
            out_of_range = (codes >= k) | (codes < (-1 if self.missing_allowed else 0))
            if out_of_range.any():
                i = int(np.flatnonzero(out_of_range)[0])
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
    """An (n, k) float64 array of class probabilities, any doubles (NaN and infinities are WEKA's to judge)."""
    try:
        array = np.asarray(distributions, dtype=np.float64)
    except (ValueError, TypeError) as error:
        raise PredictionError(f"distributions must be an (n, k) array of numbers: {error}") from None
    if array.ndim != 2 or array.shape[1] == 0:
        raise PredictionError(f"distributions must be an (n, k) array with k >= 1, got shape {array.shape}")
    return array


def distribution_row(distribution: Sequence[float], k: int) -> list[float]:
    """One distribution of ``k`` doubles, any doubles (see :func:`margin_problem` for those WEKA rejects)."""
    try:
        probabilities = [float(p) for p in distribution]
    except (TypeError, ValueError) as error:
        raise PredictionError(f"distribution must be a sequence of numbers: {error}") from None
    if len(probabilities) != k:
        raise PredictionError(f"distribution has {len(probabilities)} entries for {k} classes")
    return probabilities


#: Bins of WEKA's margin histogram, less one (``Evaluation.k_MarginResolution``).
MARGIN_RESOLUTION = 500


#: Why WEKA's Evaluation throws on a distribution, for the messages.
MARGIN_PROBLEM = (
    "WEKA's Evaluation throws on it (ArrayIndexOutOfBoundsException: its margin, the actual class's probability "
    "minus the best other one, falls outside WEKA's margin histogram); give class probabilities in [0, 1]"
)


def margin_in_histogram(margin: Any) -> Any:
    """Whether WEKA's ``updateMargins`` finds a bin for this margin (works on arrays too).

    WEKA indexes its 501-bin histogram with ``(int) ((margin + 1) / 2 * 500)``;
    Java's cast truncates toward zero and maps NaN to 0, so the bin exists
    exactly when the scaled margin is NaN or lies strictly between -1 and 501:
    an infinite margin (an infinite probability that ``inf - inf`` does not
    cancel) and probabilities well outside [0, 1] have none.
    """
    scaled = (margin + 1.0) / 2.0 * MARGIN_RESOLUTION
    return (scaled != scaled) | ((scaled > -1) & (scaled < MARGIN_RESOLUTION + 1))


def row_margin(probabilities: Sequence[float], actual: int) -> float:
    """``updateMargins``' margin of one distribution: the actual class's probability less the best other one.

    The best other one starts at 0 and is replaced only by a greater probability (NaN never is).
    """
    best_other = 0.0
    for i, p in enumerate(probabilities):
        if i != actual and p > best_other:
            best_other = p
    return probabilities[actual] - best_other


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
    """``class_names`` as a tuple, or a PredictionError: not one string, not empty, strings, each once."""
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
