"""Printed predictions held as columns: numpy arrays, one per field, with rows made when asked for.

A predictions table of millions of rows costs a few bytes a field here
instead of a Python object per row; :class:`PredictionRows` is still a
sequence of :class:`~wekaeval.blocks.PredictionRow`, equal to the tuple of the
same rows, and :class:`RowsBuilder` fills it a chunk at a time.

>>> from wekaeval.blocks import PredictionRow
>>> builder = RowsBuilder()
>>> builder.add_rows([PredictionRow(1, "a", "b", True, 0, 1, 0.75), PredictionRow(2, None, "b", False, None, 1, 1.0)])
>>> rows = builder.build()
>>> len(rows), rows[0].predicted, rows[1].actual, rows.indices("actual_index").tolist()
(2, 'b', None, [0, -1])
>>> rows == (PredictionRow(1, "a", "b", True, 0, 1, 0.75), PredictionRow(2, None, "b", False, None, 1, 1.0))
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import fields
from typing import Any, overload

import numpy as np

from wekaeval.blocks._sections import PredictionRow

FIELDS = tuple(f.name for f in fields(PredictionRow))

#: The fields that hold class labels, coded into one table of labels.
LABEL_FIELDS = ("actual", "predicted")


class RowsColumn:
    """One field of every row: ``kind`` says how ``data`` holds it."""

    __slots__ = ("kind", "data", "present", "labels")

    def __init__(self, kind: str, data: Any, present: Any = None, labels: list[str] | None = None):
        self.kind = kind  # "int", "float", "bool", "label", "matrix", "object", "none"
        self.data = data
        self.present = present
        self.labels = labels

    def get(self, i: int) -> Any:
        kind = self.kind
        if kind == "none":
            return None
        if kind == "object":
            return self.data[i]
        if kind == "label":
            code = int(self.data[i])
            return None if code < 0 else self.labels[code]  # type: ignore[index]
        if self.present is not None and not self.present[i]:
            return None
        if kind == "int":
            return int(self.data[i])
        if kind == "float":
            return float(self.data[i])
        if kind == "bool":
            return bool(self.data[i])
        return tuple(float(v) for v in self.data[i])

    def as_list(self) -> list[Any]:
        """Every row's value (as :meth:`get` gives it), at the speed of ``tolist``."""
        kind = self.kind
        n = self.size()
        if kind == "none":
            return [None] * n
        if kind == "object":
            return list(self.data)
        if kind == "label":
            table = [*self.labels, None]  # type: ignore[misc]  # code -1 is the last entry
            return [table[code] for code in self.data.tolist()]
        values = self.data.tolist()
        if kind == "matrix":
            values = [tuple(row) for row in values]
        if self.present is not None:
            values = [v if p else None for v, p in zip(values, self.present.tolist(), strict=True)]
        return values

    def size(self) -> int:
        return self.data if self.kind == "none" else len(self.data)

    def nbytes(self) -> int:
        total = 0
        for part in (self.data, self.present):
            if isinstance(part, np.ndarray):
                total += part.nbytes
        return total


class PredictionRows(Sequence[PredictionRow]):
    """The rows of a printed predictions table, stored as columns (see the module docstring)."""

    __slots__ = ("_columns", "_length")

    def __init__(self, columns: dict[str, RowsColumn], length: int):
        self._columns = columns
        self._length = length

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> PredictionRow: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[PredictionRow, ...]: ...

    def __getitem__(self, index: int | slice) -> PredictionRow | tuple[PredictionRow, ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(self._length)))
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError("prediction row index out of range")
        return PredictionRow(*(self._columns[name].get(index) for name in FIELDS))

    def __iter__(self) -> Iterator[PredictionRow]:
        step = 1 << 14
        for start in range(0, self._length, step):
            part = self._part(start, min(start + step, self._length))
            yield from (PredictionRow(*values) for values in zip(*(part[name] for name in FIELDS), strict=True))

    def _part(self, start: int, stop: int) -> dict[str, list[Any]]:
        out = {}
        for name, column in self._columns.items():
            if column.kind == "none":
                out[name] = [None] * (stop - start)
            else:
                sliced = RowsColumn(
                    column.kind,
                    column.data[start:stop],
                    None if column.present is None else column.present[start:stop],
                    column.labels,
                )
                out[name] = sliced.as_list()
        return out

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"PredictionRows({self._length} rows)"

    def __reduce__(self) -> tuple[Any, ...]:
        return (PredictionRows, (self._columns, self._length))

    def indices(self, name: str) -> np.ndarray:
        """``"actual_index"``, ``"predicted_index"`` or ``"inst"`` as an int64 array, -1 where None."""
        column = self._columns[name]
        if column.kind == "int":
            values = np.array(column.data, dtype=np.int64)
            if column.present is not None:
                values[~column.present] = -1
            return values
        return np.array([-1 if v is None else v for v in column.as_list()], dtype=np.int64)

    def labels(self, name: str) -> tuple[np.ndarray, list[str]]:
        """A label field (``"actual"``, ``"predicted"``) as codes (-1 for None) into a list of labels."""
        column = self._columns[name]
        if column.kind == "label":
            return np.asarray(column.data, dtype=np.int64), list(column.labels or [])
        table: dict[str, int] = {}
        codes = [-1 if v is None else table.setdefault(str(v), len(table)) for v in column.as_list()]
        return np.array(codes, dtype=np.int64), list(table)

    def nbytes(self) -> int:
        """The bytes the columns' arrays hold."""
        return sum(column.nbytes() for column in self._columns.values())


class RowsBuilder:
    """Collects rows a chunk at a time -- as :class:`PredictionRow` objects or as ready columns -- into
    :class:`PredictionRows`."""

    def __init__(self) -> None:
        self.chunks: list[dict[str, RowsColumn]] = []
        self.length = 0
        self.label_codes: dict[str, int] = {}

    def code(self, label: str) -> int:
        return self.label_codes.setdefault(label, len(self.label_codes))

    def add_columns(self, columns: dict[str, RowsColumn], length: int) -> None:
        """Add ``length`` rows given as columns (labels already coded with :meth:`code`)."""
        if length:
            self.chunks.append(columns)
            self.length += length

    def add_rows(self, rows: Sequence[PredictionRow]) -> None:
        """Add rows made one by one."""
        if not rows:
            return
        values = {name: [getattr(row, name) for row in rows] for name in FIELDS}
        self.add_columns({name: self._column(name, items) for name, items in values.items()}, len(rows))

    def _column(self, name: str, items: list[Any]) -> RowsColumn:
        kinds = {type(v) for v in items} - {type(None)}
        present = np.array([v is not None for v in items], dtype=bool)
        if not kinds:
            return RowsColumn("none", len(items))
        if kinds == {bool}:
            return RowsColumn("bool", np.array([bool(v) for v in items], dtype=bool), present)
        if kinds == {int} and all(-(2**62) < v < 2**62 for v in items if v is not None):
            return RowsColumn("int", np.array([0 if v is None else v for v in items], dtype=np.int64), present)
        if kinds == {float}:
            return RowsColumn("float", np.array([0.0 if v is None else v for v in items], dtype=np.float64), present)
        if kinds == {str} and name in LABEL_FIELDS:
            codes = np.array([-1 if v is None else self.code(v) for v in items], dtype=np.int32)
            return RowsColumn("label", codes)
        if kinds == {tuple} and all(isinstance(x, float) for v in items if v is not None for x in v):
            widths = {len(v) for v in items if v is not None}
            if len(widths) == 1:
                width = widths.pop()
                matrix = np.array([v if v is not None else (0.0,) * width for v in items], dtype=np.float64)
                return RowsColumn("matrix", matrix.reshape(len(items), width), present)
        return RowsColumn("object", items)

    def build(self) -> PredictionRows:
        labels = list(self.label_codes)
        columns = {}
        for name in FIELDS:  # each field's chunks let go as soon as they are joined: memory is one field's twice
            parts = [chunk.pop(name) for chunk in self.chunks]
            columns[name] = _join(parts, labels)
            del parts
        self.chunks = []
        return PredictionRows(columns, self.length)


def _join(parts: list[RowsColumn], labels: list[str]) -> RowsColumn:
    """One column from a column per chunk (the same kind in all, or as objects)."""
    if not parts:
        return RowsColumn("none", 0)
    kinds = {part.kind for part in parts} - {"none"}
    total = sum(part.size() for part in parts)
    if not kinds:
        return RowsColumn("none", total)
    if len(kinds) == 1:
        kind = kinds.pop()
        filled = [part if part.kind != "none" else _empty(kind, part.size(), parts) for part in parts]
        if kind == "label":
            return RowsColumn("label", np.concatenate([part.data for part in filled]), labels=labels)
        if kind == "matrix" and len({part.data.shape[1] for part in filled}) != 1:
            pass  # rows of different widths: objects below
        elif kind != "object":
            data = np.concatenate([part.data for part in filled])
            present = None
            if any(part.present is not None for part in filled):
                present = np.concatenate(
                    [part.present if part.present is not None else np.ones(part.size(), bool) for part in filled]
                )
                if present.all():
                    present = None
            return RowsColumn(kind, data, present)
    values: list[Any] = []
    for part in parts:
        values += RowsColumn(part.kind, part.data, part.present, labels).as_list()
    return RowsColumn("object", values)


def _empty(kind: str, size: int, parts: list[RowsColumn]) -> RowsColumn:
    """A column of ``size`` Nones in the array form of ``kind``."""
    absent = np.zeros(size, dtype=bool)
    if kind == "label":
        return RowsColumn("label", np.full(size, -1, dtype=np.int32))
    if kind == "matrix":
        width = next(part.data.shape[1] for part in parts if part.kind == "matrix")
        return RowsColumn("matrix", np.zeros((size, width)), absent)
    if kind == "object":
        return RowsColumn("object", [None] * size)
    dtype = {"int": np.int64, "float": np.float64, "bool": bool}[kind]
    return RowsColumn(kind, np.zeros(size, dtype=dtype), absent)
