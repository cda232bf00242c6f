"""What :func:`~wekaeval.report.read_weka_output` gives: :class:`WekaReport`, everything read from one WEKA output."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from wekaeval.blocks import ERAS, RunInfo, Section, json_rows, roundings
from wekaeval.report._consistency import Inconsistency, check_section

__all__ = ["WekaReport"]


@dataclass(frozen=True, eq=False)
class WekaReport:
    """Everything read from one WEKA output: see :func:`read_weka_output`.

    ``times`` maps WEKA's "Time taken to ..." phrases to seconds; ``model``
    is the text of the full-training-set model (None with ``-o``);
    ``options`` the ``Options:`` line; ``other`` keeps, with their line
    numbers, any lines outside WEKA's blocks (a program's own output, Java
    log messages in a log that also captured stderr, text glued to a WEKA
    line).  ``weka_versions`` are the eras of WEKA releases
    (:data:`wekaeval.blocks.ERAS`, e.g. ``"3.6-3.7.5"``) whose layouts every
    block matches -- all of them when nothing in the text tells them apart;
    see ``docs/weka-output.md``.  ``encoding`` is the codec the file was
    decoded with (``"auto"`` resolved; None for a ``str``).
    """

    source: str
    sections: tuple[Section, ...]
    run_info: RunInfo | None = None
    model: str | None = None
    options: str | None = None
    cost_matrix: np.ndarray | None = None
    times: dict[str, float] = field(default_factory=dict)
    other: tuple[tuple[int, str], ...] = ()
    weka_versions: tuple[str, ...] = ERAS
    encoding: str | None = None

    def check(self) -> list[Inconsistency]:
        """Recompute kappa, counts and percentages from each confusion matrix; return the contradictions.

        Matrices of whole counts are recomputed exactly with wekaeval's port
        and compared with the printed text digit for digit, rounded as the
        WEKA versions of :attr:`weka_versions` round (before 3.7 WEKA
        rounded ``(long)(x * 10^d + 0.5)``; either is accepted where the
        version is not known).  A matrix of rounded weighted sums bounds
        each entry by its rounding, and a printed value is wrong only if it
        lies outside every value those bounds allow.  A section that looks
        cut short where the text ends (``section.incomplete``) is reported
        too.  An empty list means the report is consistent.
        """
        kinds = roundings(self.weka_versions)
        found: list[Inconsistency] = []
        for section in self.sections:
            if section.incomplete is not None:
                found.append(Inconsistency(section.title, section.line, "incomplete", None, section.incomplete, ""))
            found.extend(check_section(section, kinds))
        return found

    def checkable(self) -> int:
        """How many sections :meth:`check` can test: those with a summary (a matrix, or a numeric class's counts)."""
        return sum(1 for section in self.sections if section.summary is not None or section.incomplete)

    def to_frame(self) -> Any:
        """A pandas DataFrame, one row per section: where it is, then every summary statistic (as
        ``wekaeval parse --csv``, numbers as read; None where WEKA printed none) and the plugin metrics."""
        from wekaeval._frames import records_frame
        from wekaeval.blocks import SUMMARY_FIELDS

        rows = []
        for section in self.sections:
            summary = section.summary
            rows.append(
                {
                    "section": section.title,
                    "evaluation": section.evaluation,
                    "line": section.line,
                    **{name: None if summary is None else getattr(summary, name) for name in SUMMARY_FIELDS},
                    "plugin_metrics": None if summary is None else dict(summary.plugin_metrics),
                }
            )
        return records_frame(rows, ("section", "evaluation", "line", *SUMMARY_FIELDS, "plugin_metrics"))

    def to_dict(self, *, stream: bool = False) -> dict[str, Any]:
        """Plain data for JSON: non-finite numbers become WEKA's words ("NaN", "Infinity"); ``stream`` gives
        each predictions table's rows as an iterator, made one at a time (``wekaeval parse --json``)."""
        return {
            "source": self.source,
            "encoding": self.encoding,
            "weka_versions": list(self.weka_versions),
            "run_info": None if self.run_info is None else self.run_info.to_dict(),
            "options": self.options,
            "model": self.model,
            "cost_matrix": None if self.cost_matrix is None else json_rows(self.cost_matrix),
            "times": dict(self.times),
            "sections": [section.to_dict(stream=stream) for section in self.sections],
            "other": [list(entry) for entry in self.other],
        }
