"""Other libraries' datasets as a :class:`Dataset`: the one point every function taking a Dataset goes through.

python-weka-wrapper3's ``Instances`` live in a JVM, which only :mod:`wekaeval.bridge` touches: the bridge
registers its conversion here (:func:`register_dataset_converter`) when it is imported, which the first
object of python-weka-wrapper3's (module ``weka.*``) does, by name, so this floor imports neither JPype nor
``weka``.

>>> as_dataset("not a dataset")
'not a dataset'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from wekaeval.arff._types import Dataset

#: The registered conversions, first match wins: each gives a Dataset, or None for what it does not take.
_CONVERTERS: list[Callable[[Any], Dataset | None]] = []

#: The module whose import registers the conversion of python-weka-wrapper3's objects.
_REGISTERING_MODULE = "wekaeval.bridge"


def register_dataset_converter(converter: Callable[[Any], Dataset | None]) -> None:
    """Register ``converter(data) -> Dataset | None`` (once): :func:`as_dataset` then takes what it converts."""
    if converter not in _CONVERTERS:
        _CONVERTERS.append(converter)


def as_dataset(data: Any) -> Any:
    """``data`` as a :class:`Dataset` when it is one or a registered converter takes it (python-weka-wrapper3's
    ``Instances``); anything else unchanged, for the caller to take or refuse."""
    if isinstance(data, Dataset):
        return data
    if type(data).__module__.split(".")[0] == "weka":
        importlib.import_module(_REGISTERING_MODULE)  # registers the conversion of Instances, once
    for converter in _CONVERTERS:
        dataset = converter(data)
        if dataset is not None:
            return dataset
    return data
