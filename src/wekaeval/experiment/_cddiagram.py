"""Demšar's critical-difference diagram: where everything goes, and the drawing (matplotlib) made from it.

:func:`diagram_layout` is pure geometry, in inches with y growing downwards from the top: the rank axis from
k (left) to 1 (right) -- Demšar turns it "so that the lowest (best) ranks are to the right" (Demšar 2006,
section 3.2.4) --, each scheme's line from its mean rank down to its row and out to its name (the better half
on the right, the others on the left, ordered so that no two lines cross), the CD bar above the axis's left
end, and a thick bar under the axis per clique (a group the test does not tell apart).  :func:`draw_diagram`
turns a layout into PNG, SVG or PDF bytes.

>>> layout = diagram_layout([2.5, 1.25, 2.25], ["a", "b", "c"], 1.91, [("b", "c", "a")])
>>> [(mark.name, mark.side) for mark in layout.schemes]
[('b', 'right'), ('c', 'right'), ('a', 'left')]
>>> layout.x(1) == layout.axis_right and layout.x(3) == layout.axis_left
True
"""

from __future__ import annotations

import io
import math
import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from wekaeval.errors import ComparisonError

#: The diagram's text size (points), and the width of one character of it, roughly (inches).
FONT_SIZE = 9.0
_CHARACTER = 0.58 * FONT_SIZE / 72
_LONGEST_NAME = 48  # characters of a scheme's name drawn; longer ones end with an ellipsis

#: The formats a diagram is written in, by a file's suffix.
DIAGRAM_FORMATS = ("svg", "png", "pdf")


@dataclass(frozen=True)
class SchemeMark:
    """One scheme: its line from ``(x, axis)`` down to ``(x, y)``, across to ``end``, its text at ``end``."""

    name: str
    mean_rank: float
    x: float
    y: float
    end: float
    side: str  # "right" (the better half, text left-aligned after ``end``) or "left"
    text: str


@dataclass(frozen=True)
class CliqueBar:
    """A thick bar from ``start`` to ``end`` at height ``y`` joining ``members``."""

    members: tuple[str, ...]
    start: float
    end: float
    y: float


@dataclass(frozen=True)
class DiagramLayout:
    """Everything a critical-difference diagram draws, in inches from the top left corner."""

    width: float
    height: float
    k: int
    axis_left: float  # where rank k is
    axis_right: float  # where rank 1 is
    axis_y: float
    ticks: tuple[tuple[float, int], ...]  # (x, rank) of every whole rank 1..k
    cd: float | None
    cd_bar: tuple[float, float, float] | None  # (start, end, y) of the CD bar, None without a CD
    cd_text: str
    schemes: tuple[SchemeMark, ...]
    cliques: tuple[CliqueBar, ...]

    def x(self, rank: float) -> float:
        """Where a mean rank sits on the axis."""
        if self.k == 1:
            return self.axis_right
        share = (self.k - rank) / (self.k - 1)  # 0 at rank k, 1 at rank 1: the ends exactly where the axis ends
        return self.axis_right * share + self.axis_left * (1 - share)


def _shortened(name: str) -> str:
    return name if len(name) <= _LONGEST_NAME else name[: _LONGEST_NAME - 1] + "\u2026"


def rank_text(rank: float) -> str:
    """A mean rank as the diagram and the page print it: four decimals (ranks are multiples of 1/(2N))."""
    return format(rank, ".4f")


def diagram_layout(
    mean_ranks: Sequence[float],
    names: Sequence[str],
    cd: float | None,
    cliques: Sequence[Sequence[str]],
    *,
    cd_label: str = "CD",
) -> DiagramLayout:
    """The geometry of the diagram of schemes ``names`` with ``mean_ranks`` (1 = best), the critical difference
    ``cd`` (None: no CD bar) and ``cliques`` (groups of names; a group of one draws nothing)."""
    k = len(names)
    if k != len(mean_ranks) or k < 2:
        raise ComparisonError(f"a diagram needs at least 2 schemes and a mean rank each, got {k} and {len(mean_ranks)}")
    ranks = [float(rank) for rank in mean_ranks]
    if not all(math.isfinite(rank) for rank in ranks):
        raise ComparisonError(f"a mean rank is not a number: {ranks}")
    order = sorted(range(k), key=lambda j: (ranks[j], j))
    right = order[: (k + 1) // 2]  # the better half, best first: the best turns nearest the axis
    left = order[(k + 1) // 2 :][::-1]  # the worse half, worst first
    texts = {j: f"{_shortened(names[j])} ({rank_text(ranks[j])})" for j in range(k)}
    text_width = {j: len(texts[j]) * _CHARACTER for j in range(k)}
    gap = 0.12  # between a line's end and its text
    left_margin = 0.2 + max((text_width[j] for j in left), default=0.0) + gap + 0.2
    right_margin = 0.2 + max((text_width[j] for j in right), default=0.0) + gap + 0.2
    axis_length = max(3.0, 0.55 * (k - 1))
    unit = axis_length / (k - 1)
    cd_length = None if cd is None or not math.isfinite(cd) else cd * unit
    left_margin = max(left_margin, 0.3)
    axis_left = left_margin
    axis_right = axis_left + axis_length
    cd_y = 0.3
    axis_y = 0.75 if cd_length is not None else 0.45
    rows = [clique for clique in (tuple(c) for c in cliques) if len(clique) > 1]
    clique_step, row_step = 0.09, 0.22
    first_row = axis_y + 0.2 + clique_step * len(rows) + 0.05

    layout = DiagramLayout(
        width=0.0,
        height=0.0,
        k=k,
        axis_left=axis_left,
        axis_right=axis_right,
        axis_y=axis_y,
        ticks=(),
        cd=cd,
        cd_bar=None,
        cd_text="",
        schemes=(),
        cliques=(),
    )
    position = {name: layout.x(ranks[j]) for j, name in enumerate(names)}
    marks = []
    for row, j in enumerate(right):
        marks.append(SchemeMark(names[j], ranks[j], position[names[j]], first_row + row * row_step, axis_right + 0.2,
                                "right", texts[j]))  # fmt: skip
    for row, j in enumerate(left):
        marks.append(SchemeMark(names[j], ranks[j], position[names[j]], first_row + row * row_step, axis_left - 0.2,
                                "left", texts[j]))  # fmt: skip
    bars = []
    for row, clique in enumerate(rows):
        unknown = [name for name in clique if name not in position]
        if unknown:
            raise ComparisonError(f"a clique names {unknown[0]!r}, not one of the schemes {list(names)}")
        xs = [position[name] for name in clique]
        bars.append(CliqueBar(clique, min(xs) - 0.04, max(xs) + 0.04, axis_y + 0.2 + clique_step * row))
    cd_bar = None
    width = axis_right + right_margin
    if cd_length is not None:
        cd_bar = (axis_left, axis_left + cd_length, cd_y)
        width = max(width, axis_left + cd_length + 0.3)
    rows_drawn = max(len(right), len(left))
    return DiagramLayout(
        width=width,
        height=first_row + (rows_drawn - 1) * row_step + 0.3,
        k=k,
        axis_left=axis_left,
        axis_right=axis_right,
        axis_y=axis_y,
        ticks=tuple((layout.x(rank), rank) for rank in range(1, k + 1)),
        cd=cd,
        cd_bar=cd_bar,
        cd_text="" if cd is None else f"{cd_label} = {cd:.4f}",
        schemes=tuple(marks),
        cliques=tuple(bars),
    )


def p_value_cliques(mean_ranks: Sequence[float], p_values: Any, alpha: float) -> tuple[tuple[int, ...], ...]:
    """The groups a diagram joins for a procedure with adjusted p-values (Holm, Shaffer, ...) rather than a
    critical difference: the maximal runs of schemes in order of mean rank, best first, of two schemes or
    more, in which no pair's adjusted p-value is below ``alpha`` -- so a bar never joins two schemes the test
    tells apart.  Each a tuple of column indices, best first, the groups in order of their best scheme.

    >>> p = [[1, 0.2, 0.01], [0.2, 1, 0.3], [0.01, 0.3, 1]]
    >>> p_value_cliques([1.0, 2.0, 3.0], p, 0.05)
    ((0, 1), (1, 2))
    """
    order = sorted(range(len(mean_ranks)), key=lambda j: (mean_ranks[j], j))
    groups: list[tuple[int, ...]] = []
    reach = 0
    for start in range(len(order)):
        end = start
        while end + 1 < len(order) and all(
            not float(p_values[order[end + 1]][order[i]]) < alpha for i in range(start, end + 1)
        ):
            end += 1
        if end > start and end > reach:
            groups.append(tuple(order[start : end + 1]))
            reach = end
    return tuple(groups)


def diagram_format(path: str | os.PathLike[str] | None, format: str | None) -> str:
    """The format a diagram is written in: ``format``, else the suffix of ``path``, else svg; anything but svg,
    png and pdf is a :class:`~wekaeval.errors.ComparisonError` (a ValueError), checked before any work."""
    if format is None:
        if path is None:
            return "svg"
        name = os.fspath(path)
        kind = os.path.splitext(name)[1].lstrip(".").lower()
        if kind not in DIAGRAM_FORMATS:
            raise ComparisonError(f"{name}: a critical-difference diagram is written as .svg, .png or .pdf")
        return kind
    if format.lower() not in DIAGRAM_FORMATS:
        raise ComparisonError(f"format {format!r}: a critical-difference diagram is written as svg, png or pdf")
    return format.lower()


def draw_diagram(layout: DiagramLayout, kind: str, *, title: str = "") -> bytes:
    """The layout drawn as ``kind`` (svg, png, pdf) bytes: the same bytes for the same layout (no dates)."""
    try:
        import matplotlib
        from matplotlib.figure import Figure
    except ImportError as error:
        raise ImportError("the diagram needs matplotlib: pip install 'wekaeval[plot]'") from error
    settings: Any = {"svg.hashsalt": "wekaeval", "svg.fonttype": "none", "font.size": FONT_SIZE, "pdf.fonttype": 42}
    with matplotlib.rc_context(settings):
        extra = 0.3 if title else 0.0
        width = max(layout.width, len(title) * _CHARACTER + 0.4)
        figure = Figure(figsize=(width, layout.height + extra), dpi=100)
        axes = figure.add_axes((0.0, 0.0, 1.0, 1.0))
        axes.set_xlim(0.0, width)
        axes.set_ylim(layout.height, -extra)  # y grows downwards, as the layout's
        axes.set_axis_off()
        line: dict[str, Any] = {"color": "#000000", "linewidth": 0.9, "solid_capstyle": "butt"}
        if title:
            axes.text(0.2, -extra / 2, title, ha="left", va="center")
        axes.plot([layout.axis_left, layout.axis_right], [layout.axis_y, layout.axis_y], **line)
        for x, rank in layout.ticks:
            axes.plot([x, x], [layout.axis_y, layout.axis_y - 0.08], **line)
            axes.text(x, layout.axis_y - 0.11, str(rank), ha="center", va="bottom")
        for x, _ in layout.ticks[:-1]:  # half ranks: short ticks
            half = x - (layout.ticks[0][0] - layout.ticks[1][0]) / 2
            axes.plot([half, half], [layout.axis_y, layout.axis_y - 0.04], **line)
        if layout.cd_bar is not None:
            start, end, y = layout.cd_bar
            axes.plot([start, end], [y, y], **line)
            for x in (start, end):
                axes.plot([x, x], [y - 0.05, y + 0.05], **line)
            axes.text((start + end) / 2, y - 0.07, layout.cd_text, ha="center", va="bottom")
        for mark in layout.schemes:
            axes.plot([mark.x, mark.x, mark.end], [layout.axis_y, mark.y, mark.y], **line)
            if mark.side == "right":
                axes.text(mark.end + 0.12, mark.y, mark.text, ha="left", va="center")
            else:
                axes.text(mark.end - 0.12, mark.y, mark.text, ha="right", va="center")
        for bar in layout.cliques:
            axes.plot([bar.start, bar.end], [bar.y, bar.y], color="#000000", linewidth=3.2, solid_capstyle="butt")
        buffer = io.BytesIO()
        metadata = {"svg": {"Date": None}, "pdf": {"CreationDate": None, "ModDate": None}}.get(kind)
        figure.savefig(buffer, format=kind, metadata=metadata)
    return buffer.getvalue()
