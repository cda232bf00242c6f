"""What an ARFF file declares and what the evaluation takes of it: :class:`Attribute` and :class:`Dataset`."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np


@dataclass(frozen=True)
class Attribute:
    """One declared attribute: its name, WEKA type, a nominal's labels, a date's pattern, a bag's attributes."""

    name: str
    type: str  # "numeric", "nominal", "string", "date" or "relational"
    values: tuple[str, ...] | None = None
    date_format: str | None = None  # a date's SimpleDateFormat pattern as declared (None: WEKA's default)
    relation: tuple[Attribute, ...] | None = None  # a relational attribute's nested attributes


@dataclass(frozen=True, eq=False)
class Dataset:
    """What the evaluation needs of an ARFF file: its class column and instance weights.

    ``class_values`` holds, per instance, the class index (nominal class) or
    value (numeric class; for a date class WEKA's milliseconds since the
    epoch) as a float64, NaN where the class is missing;
    ``weights`` the instance weights (1.0 unless the file gives one).
    ``source`` is the path it was read from (None for a file object) and
    ``encoding`` the encoding it was read in: what a model needs to read the
    attribute values again (:mod:`wekaeval.folds`, :mod:`wekaeval.experiment`).
    """

    relation: str
    attributes: tuple[Attribute, ...]
    class_index: int
    class_values: np.ndarray
    weights: np.ndarray
    source: str | None = field(default=None, repr=False)
    encoding: str = field(default="utf-8", repr=False)

    @property
    def class_attribute(self) -> Attribute:
        return self.attributes[self.class_index]

    @property
    def class_names(self) -> tuple[str, ...] | None:
        """The class labels of a nominal class, None for a numeric or date class."""
        return self.class_attribute.values

    @property
    def num_instances(self) -> int:
        return len(self.class_values)

    def __repr__(self) -> str:
        return (
            f"Dataset(relation={self.relation!r}, attributes={len(self.attributes)}, "
            f"class={self.class_attribute.name!r}, instances={self.num_instances})"
        )
