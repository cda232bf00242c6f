"""One evaluation's printed output as a whole: run information, a supplied test set, predictions, and the
:class:`Section` that holds them with its summary, class details and confusion matrix.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, fields
from typing import Any

import numpy as np

from wekaeval.blocks._details import ClassDetails
from wekaeval.blocks._matrix import PrintedConfusionMatrix
from wekaeval.blocks._summary import Summary, json_number, json_rows


@dataclass(frozen=True)
class PredictionRow:
    """One printed prediction (``-classifications ...PlainText`` or ``...CSV``).

    Nominal class: ``actual``/``predicted`` are class labels and ``*_index``
    their 0-based indices, ``error`` is True where WEKA printed ``+``, and
    ``probability`` (or the whole ``distribution`` with ``-distribution``)
    is as printed.  Numeric class: ``actual``, ``predicted`` and ``error``
    are numbers.  ``?`` is None; ``attributes`` is the ``(...)`` of ``-p``
    in PlainText, the attribute columns in CSV.
    """

    inst: int
    actual: str | float | None
    predicted: str | float | None
    error: bool | float | None
    actual_index: int | None = None
    predicted_index: int | None = None
    probability: float | None = None
    distribution: tuple[float, ...] | None = None
    attributes: str | tuple[str, ...] | None = None


@dataclass(frozen=True)
class Predictions:
    """A printed predictions table.

    ``format`` is ``"PlainText"``, ``"CSV"`` or ``"Explorer"`` (the Explorer's
    own table before WEKA 3.7, whose labels are cut to ten characters);
    ``attribute_names`` are the attribute columns of ``-p``; ``line`` is the
    line of the table's header, when read from a text.  ``rows`` is a
    sequence of :class:`PredictionRow` -- read from a text, one stored as
    columns (``PredictionRows``), equal to the tuple of its rows.
    """

    nominal: bool
    rows: Sequence[PredictionRow]
    attribute_names: tuple[str, ...] | None = None
    format: str = "PlainText"
    line: int | None = None

    def to_dict(self, *, stream: bool = False) -> dict[str, Any]:
        """Plain data for JSON; ``stream`` gives the rows as an iterator of their dicts, made one at a time (for a
        writer that streams them, as ``wekaeval parse --json`` does), instead of a list."""
        rows = self.row_dicts()
        names = None if self.attribute_names is None else list(self.attribute_names)
        return {
            "format": self.format,
            "nominal": self.nominal,
            "attribute_names": names,
            "rows": rows if stream else list(rows),
        }

    def row_dicts(self) -> Iterator[dict[str, Any]]:
        """Each row as plain data for JSON, in order."""
        for row in self.rows:
            entry = {f.name: getattr(row, f.name) for f in fields(row)}
            for key in ("actual", "predicted", "error", "probability"):
                if isinstance(entry[key], float):
                    entry[key] = json_number(entry[key])
            if entry["distribution"] is not None:
                entry["distribution"] = [json_number(p) for p in entry["distribution"]]
            if isinstance(entry["attributes"], tuple):
                entry["attributes"] = list(entry["attributes"])
            yield entry


@dataclass(frozen=True)
class RunInfo:
    """The Explorer's "Run information": scheme, relation, instances, attributes, test mode.

    ``attributes`` is None when the Explorer omitted the list (100 or more).
    For a model loaded from a file ("=== Model information ===")
    ``filename`` is its name, and ``instances`` and ``test_mode`` are None.
    """

    scheme: str
    relation: str
    instances: int | None
    num_attributes: int
    attributes: tuple[str, ...] | None
    test_mode: str | None
    cost_matrix: np.ndarray | None = None
    filename: str | None = None

    def to_dict(self) -> dict[str, Any]:
        result: dict[str, Any] = {
            "filename": self.filename,
            "scheme": self.scheme,
            "relation": self.relation,
            "instances": self.instances,
            "num_attributes": self.num_attributes,
            "attributes": None if self.attributes is None else list(self.attributes),
            "test_mode": self.test_mode,
        }
        if self.cost_matrix is not None:
            result["cost_matrix"] = json_rows(self.cost_matrix)
        return result


@dataclass(frozen=True)
class SuppliedTestSet:
    """What "=== Re-evaluation on test set ===" says of the test set a saved model was evaluated on.

    ``source`` is WEKA's phrase ("User supplied test set"); ``instances`` is
    None where WEKA printed "unknown (yet). Reading incrementally".
    """

    source: str
    relation: str | None = None
    instances: int | None = None
    num_attributes: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "relation": self.relation,
            "instances": self.instances,
            "num_attributes": self.num_attributes,
        }


@dataclass(frozen=True, eq=False)
class Section:
    """One evaluation WEKA printed, or one predictions table.

    ``title`` is the block's heading without the ``===`` ("Error on training
    data", "Stratified cross-validation", "Summary", "Predictions under
    cross-validation", ...), or the free title a program printed above a
    summary ("Results"; "" when there is none).  In the Explorer the heading
    above "Summary" says what was evaluated; ``evaluation`` holds it (on the
    command line it is the title).  ``line`` is the line the section starts on.
    ``incomplete`` says why the section looks cut short where the text ends
    (None when nothing says so); :meth:`wekaeval.report.WekaReport.check` reports it.
    """

    title: str
    evaluation: str
    line: int
    summary: Summary | None = None
    class_details: ClassDetails | None = None
    confusion_matrix: PrintedConfusionMatrix | None = None
    predictions: Predictions | None = None
    test_set: SuppliedTestSet | None = None
    incomplete: str | None = None

    def with_block(self, name: str, block: Any) -> Section:
        """This section with one more block (``"class_details"``, ``"confusion_matrix"``, ...)."""
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        values[name] = block
        return Section(**values)

    def to_dict(self, *, stream: bool = False) -> dict[str, Any]:
        """Plain data for JSON; ``stream``: a predictions table's rows as an iterator (:meth:`Predictions.to_dict`)."""
        result: dict[str, Any] = {"title": self.title, "evaluation": self.evaluation, "line": self.line}
        for name in ("test_set", "summary", "class_details", "confusion_matrix"):
            block = getattr(self, name)
            result[name] = None if block is None else block.to_dict()
        result["predictions"] = None if self.predictions is None else self.predictions.to_dict(stream=stream)
        if self.incomplete is not None:
            result["incomplete"] = self.incomplete
        return result
