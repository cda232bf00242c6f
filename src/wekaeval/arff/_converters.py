"""Other libraries' datasets as a :class:`Dataset`: the one point every function taking a Dataset goes through.

python-weka-wrapper3's ``Instances`` live in a JVM, which only :mod:`wekaeval.bridge` touches: the bridge
registers its conversion here (:func:`register_dataset_converter`) when it is imported, which
``import wekaeval`` does, so this floor imports neither JPype nor ``weka``.

>>> as_dataset("not a dataset")
'not a dataset'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wekaeval.arff._types import Dataset

#: The registered conversions, first match wins: each gives a Dataset, or None for what it does not take.
_CONVERTERS: list[Callable[[Any], Dataset | None]] = []


def register_dataset_converter(converter: Callable[[Any], Dataset | None]) -> None:
    """Register ``converter(data) -> Dataset | None`` (once): :func:`as_dataset` then takes what it converts."""
    if converter not in _CONVERTERS:
        _CONVERTERS.append(converter)


def as_dataset(data: Any) -> Any:
    """``data`` as a :class:`Dataset` when it is one or a registered converter takes it (python-weka-wrapper3's
    ``Instances``); anything else unchanged, for the caller to take or refuse."""
    if isinstance(data, Dataset):
        return data
    for converter in _CONVERTERS:
        dataset = converter(data)
        if dataset is not None:
            return dataset
    return data
