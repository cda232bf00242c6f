"""What :func:`~wekaeval.report.read_weka_output` gives: :class:`WekaReport`, everything read from one WEKA output."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from wekaeval.blocks import RunInfo
from wekaeval.blocks._shared import ERAS, Section, json_rows, roundings
from wekaeval.report._consistency import MATRIX, UNCLASSIFIED, Inconsistency, check_section, checked_in

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
    (``blocks._versions.ERAS``, e.g. ``"3.6-3.7.5"``) whose layouts every
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
        """How many sections :meth:`check` recomputes something in: a confusion matrix's summary, or (a numeric
        class, a summary without its matrix) the unclassified percentage; a section cut short counts too.  A
        numeric class's errors follow from no other printed number: such a section has nothing to check."""
        return sum(1 for section in self.sections if checked_in(section) is not None or section.incomplete)

    def checked(self) -> str:
        """What :meth:`check` recomputed, in words: how many sections, and from what.

        >>> from wekaeval.report import read_weka_output
        >>> read_weka_output("docs/examples/j48-iris.log").checked()
        '2 of 2 sections have a confusion matrix to check'
        """
        kinds = [checked_in(section) for section in self.sections]
        total = len(self.sections)
        matrices, unclassified = kinds.count(MATRIX), kinds.count(UNCLASSIFIED)
        plural = "s" if total != 1 else ""
        if not matrices + unclassified:
            return (
                f"{total} section{plural}, none with a confusion matrix or an unclassified count to recompute "
                "anything from"
            )
        if not unclassified:
            return f"{matrices} of {total} sections have a confusion matrix to check"
        parts = [f"{matrices} against its confusion matrix"] if matrices else []
        parts.append(f"{unclassified} only for its unclassified percentage (no confusion matrix)")
        return f"{matrices + unclassified} of {total} sections checked: " + ", ".join(parts)

    def to_frame(self) -> Any:
        """A pandas DataFrame, one row per section: where it is, then every summary statistic (as
        ``wekaeval parse --csv``, numbers as read; None where WEKA printed none) and the plugin metrics."""
        from wekaeval._frames import records_frame
        from wekaeval.blocks._shared import SUMMARY_FIELDS

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
