"""What an ARFF file declares and what the evaluation takes of it: :class:`Attribute` and :class:`Dataset`."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from wekaeval.arff._classattr import ClassAttributeError

#: ``Dataset.class_index`` of data without a class (``load_arff(..., class_attribute=False)``), as WEKA's
#: ``Instances.classIndex()`` is -1 when no class is set.
NO_CLASS = -1


class NoClassError(ClassAttributeError):
    """A dataset loaded without a class (``load_arff(..., class_attribute=False)``) given to what needs one (an
    Evaluation, folds, a model); the message names the data and how to choose a class."""


@dataclass(frozen=True)
class Attribute:
    """One declared attribute: its name, WEKA type, a nominal's labels, a date's pattern, a bag's attributes.

    ``name`` is None where WEKA reads the attribute without a name (Java's null: ``@attribute { numeric``).
    """

    name: str | None
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
    attribute values again (:mod:`wekaeval.models`).

    Data loaded without a class (``class_attribute=False``) has ``class_index`` -1 (:data:`NO_CLASS`, WEKA's
    "no class set"), ``has_class`` False and ``class_values`` all NaN (one per instance); its
    ``class_attribute`` and ``class_names`` raise :class:`NoClassError`, and so does everything that needs a
    class.
    """

    relation: str | None  # None where WEKA reads the relation without a name (``@relation {``)
    attributes: tuple[Attribute, ...]
    class_index: int
    class_values: np.ndarray
    weights: np.ndarray
    source: str | None = field(default=None, repr=False)
    encoding: str = field(default="utf-8", repr=False)

    @property
    def has_class(self) -> bool:
        """False for data loaded with ``class_attribute=False``."""
        return self.class_index != NO_CLASS

    @property
    def class_attribute(self) -> Attribute:
        """The class attribute; :class:`NoClassError` for data without a class."""
        return self.require_class("Dataset.class_attribute")

    def require_class(self, needed_by: str) -> Attribute:
        """The class attribute, or :class:`NoClassError` saying that ``needed_by`` needs one and how to choose it."""
        if self.class_index == NO_CLASS:
            where = f" ({self.source})" if self.source is not None else ""
            raise NoClassError(
                f"{needed_by} needs a class, and relation {self.relation!r}{where} has none: it was loaded with "
                "load_arff(..., class_attribute=False); load it with class_attribute= the class's name, its "
                "1-based index as text, 'first' or 'last' (the default)"
            )
        return self.attributes[self.class_index]

    @property
    def class_names(self) -> tuple[str, ...] | None:
        """The class labels of a nominal class, None for a numeric or date class; :class:`NoClassError` for data
        without a class."""
        return self.class_attribute.values

    @property
    def num_instances(self) -> int:
        return len(self.class_values)

    def __repr__(self) -> str:
        return (
            f"Dataset(relation={self.relation!r}, attributes={len(self.attributes)}, "
            f"class={self.class_attribute.name if self.has_class else None!r}, instances={self.num_instances})"
        )
