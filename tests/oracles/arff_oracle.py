"""An ARFF file as WEKA's ``ArffLoader`` reads it and as wekaeval reads it, in one comparable shape.

Both give a :class:`Reading`: the relation, each attribute's name, type and labels, every row's values
(a number as its ``float.hex``, a label or string as text, a bag as a tuple of its rows, None where
missing; a date as missing or not) and every row's weight; or the refusal.
"""

from __future__ import annotations

import math
import os
import tempfile
from dataclasses import dataclass
from typing import Any

import numpy as np

from wekaeval import ArffError
from wekaeval.arff import Attribute, load_arff, read_arff_rows


@dataclass(frozen=True)
class Reading:
    relation: str | None  # None: WEKA's null name (``@relation {``), as for an attribute's
    attributes: tuple[tuple[str | None, str, tuple[str, ...] | None], ...]
    rows: tuple[tuple[Any, ...], ...]
    weights: tuple[str, ...]


def weka_reading(text: str | bytes) -> Reading | str:
    """WEKA's reading of an ARFF text, or its refusal (a string saying why)."""
    import jpype

    raw = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    with tempfile.NamedTemporaryFile("wb", suffix=".arff", delete=False) as handle:
        handle.write(raw)
    try:
        loader = jpype.JClass("weka.core.converters.ArffLoader")()
        loader.setFile(jpype.JClass("java.io.File")(handle.name))
        data = loader.getDataSet()
        return Reading(
            _text(data.relationName()),
            _java_attributes(data),
            _java_rows(data),
            tuple(float(data.instance(k).weight()).hex() for k in range(data.numInstances())),
        )
    except jpype.JException as error:
        return f"WEKA refuses: {error}"
    finally:
        os.unlink(handle.name)


def _text(value: Any) -> str | None:
    """A Java String as Python text; Java's null (which JPype gives as None) as None."""
    return None if value is None else str(value)


def _java_attributes(data: Any) -> tuple[tuple[str | None, str, tuple[str, ...] | None], ...]:
    out = []
    for i in range(data.numAttributes()):
        attribute = data.attribute(i)
        labels = None
        if attribute.isNominal():
            labels = tuple(str(attribute.value(j)) for j in range(attribute.numValues()))
        out.append((_text(attribute.name()), str(attribute.typeToString(attribute)), labels))
    return tuple(out)


def _java_rows(data: Any) -> tuple[tuple[Any, ...], ...]:
    rows = []
    for k in range(data.numInstances()):
        instance = data.instance(k)
        row: list[Any] = []
        for i in range(data.numAttributes()):
            attribute = data.attribute(i)
            if instance.isMissing(i):
                row.append(None)
            elif attribute.isRelationValued():
                row.append(_java_rows(instance.relationalValue(i)))
            elif attribute.isDate():
                row.append("date")
            elif attribute.isNominal() or attribute.isString():
                row.append(str(instance.stringValue(i)))
            else:
                row.append(float(instance.value(i)).hex())
        rows.append(tuple(row))
    return tuple(rows)


def wekaeval_reading(text: str | bytes) -> Reading | str:
    """wekaeval's reading of an ARFF text (``read_arff_rows`` and ``load_arff``'s weights), or its refusal."""
    import io

    raw = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    try:
        relation, attributes, rows = read_arff_rows(io.BytesIO(raw))
        weights = load_arff(io.BytesIO(raw), class_attribute=_any_class(attributes)).weights
    except ArffError as error:
        return f"wekaeval refuses: {error}"
    return Reading(
        relation,
        tuple((a.name, a.type, a.values) for a in attributes),
        tuple(_our_row(row, attributes) for row in rows),
        tuple(float(w).hex() for w in weights.tolist()),
    )


def _any_class(attributes: tuple[Attribute, ...]) -> int:
    """An attribute load_arff takes as the class (the weights do not depend on which)."""
    usable = [i for i, a in enumerate(attributes) if a.type in ("nominal", "numeric")]
    return usable[0] if usable else 0


def _our_row(row: list[Any], attributes: tuple[Attribute, ...]) -> tuple[Any, ...]:
    out: list[Any] = []
    for value, attribute in zip(row, attributes, strict=True):
        if value is None:
            out.append(None)
        elif attribute.type == "relational":
            out.append(tuple(_our_row(bag_row, attribute.relation or ()) for bag_row in value))
        elif attribute.type == "date":
            out.append("date")
        elif attribute.type == "numeric":
            out.append(None if math.isnan(value) else float(value).hex())
        else:
            out.append(value)
    return tuple(out)


def weka_class_values(text: str, class_index: int) -> np.ndarray:
    """WEKA's doubles of one attribute (the class, as ``attributeToDoubleArray`` gives them)."""
    import jpype

    with tempfile.NamedTemporaryFile("wb", suffix=".arff", delete=False) as handle:
        handle.write(text.encode("utf-8", "surrogatepass"))
    try:
        loader = jpype.JClass("weka.core.converters.ArffLoader")()
        loader.setFile(jpype.JClass("java.io.File")(handle.name))
        return np.asarray(loader.getDataSet().attributeToDoubleArray(class_index), dtype=np.float64)
    finally:
        os.unlink(handle.name)
