"""python-weka-wrapper3's ``Instances`` (or JPype's ``weka.core.Instances``) as wekaeval's :class:`Dataset`.

The header (relation, attributes with their types, labels and date patterns, the class) and each instance's
class value and weight, read from the JVM in one call each (the Bulk helper): the same doubles
:func:`wekaeval.load_arff` reads from the file WEKA loaded them from.  Registered with
``wekaeval.arff._shared.register_dataset_converter`` when this package is imported, so that ``Evaluation``,
``evaluate_folds`` and every function taking a Dataset take these too.  Nothing here starts a JVM: an object
of a JVM is converted only when the JVM runs.
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np

from wekaeval.arff import Attribute, Dataset
from wekaeval.bridge._jvm import WekaDataError, bulk_class

#: WEKA's date pattern when an ARFF file declares none (``Attribute``'s default): load_arff keeps it as None.
_DEFAULT_DATE_FORMAT = "yyyy-MM-dd'T'HH:mm:ss"

_TYPES = {0: "numeric", 1: "nominal", 2: "string", 3: "date", 4: "relational"}


def java_instances(data: Any) -> Any:
    """The JPype ``weka.core.Instances`` that ``data`` is or wraps (python-weka-wrapper3's ``.jobject``), else
    None; never starts a JVM nor imports JPype."""
    jpype = sys.modules.get("jpype")
    target = getattr(data, "jobject", data)
    if jpype is None or not jpype.isJVMStarted() or not isinstance(target, jpype.JObject):
        return None
    return target if isinstance(target, jpype.JClass("weka.core.Instances")) else None


def dataset_from_instances(data: Any) -> Dataset | None:
    """``data`` as a Dataset if it is WEKA's ``Instances`` (python-weka-wrapper3's or JPype's), else None.

    Raises
    ------
    WekaDataError
        When no class is set: WEKA's ``new Evaluation(data)`` refuses it too ("Class index is negative (not
        set)!"); the message says how to set it.
    """
    instances = java_instances(data)
    if instances is None:
        return None
    relation = _text(instances.relationName())
    class_index = int(instances.classIndex())
    if class_index < 0:
        raise WekaDataError(
            f"the Instances of relation {relation!r} have no class set (WEKA: Class index is negative (not set)!): "
            "set it first, e.g. data.class_is_last() or data.class_index = i",
            "Class index is negative (not set)!",
        )
    attributes = tuple(_attribute(instances.attribute(i)) for i in range(int(instances.numAttributes())))
    rows = np.asarray(bulk_class().classRows(instances), dtype=np.float64).reshape(-1, 2)
    return Dataset(
        relation=relation,
        attributes=attributes,
        class_index=class_index,
        class_values=rows[:, 0].copy(),
        weights=rows[:, 1].copy(),
    )


def _text(value: Any) -> str | None:
    """A Java String as text; Java's null (``@relation {`` in the file WEKA read) as None, as load_arff reads it."""
    return None if value is None else str(value)


def _attribute(attribute: Any) -> Attribute:
    name = _text(attribute.name())
    kind = _TYPES.get(int(attribute.type()), "string")
    if kind == "nominal":
        return Attribute(name, kind, tuple(str(attribute.value(k)) for k in range(int(attribute.numValues()))))
    if kind == "date":
        pattern = str(attribute.getDateFormat())
        return Attribute(name, kind, date_format=None if pattern == _DEFAULT_DATE_FORMAT else pattern)
    if kind == "relational":
        header = attribute.relation()
        nested = tuple(_attribute(header.attribute(i)) for i in range(int(header.numAttributes())))
        return Attribute(name, kind, relation=nested)
    return Attribute(name, kind)
