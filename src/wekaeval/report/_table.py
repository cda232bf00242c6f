"""A printed predictions table read from a stream of lines into columns, a chunk of rows at a time.

PlainText and CSV rows are read many at a time (:mod:`wekaeval.report._fastrows`) while every line of a
chunk is a row (the last chunk up to the table's blank line); the rest (CSV with attribute columns or quoted
labels, the Explorer's table, anything the fast reader declines) row by row, with the same rules and the
same messages.  Memory is the columns, not a Python object per row: the rows read leave the line window.

>>> from wekaeval.report._lines import Lines
>>> text = "    inst#     actual  predicted error prediction\\n        1     1:a     1:a       1 \\n\\n"
>>> lines = Lines(text, "<text>")
>>> table = read_table(lines)
>>> table.format, table.line, len(table.rows), lines.position
('PlainText', 1, 1, 2)
"""

from __future__ import annotations

from wekaeval.blocks import PredictionRow, Predictions
from wekaeval.blocks._shared import RowsBuilder
from wekaeval.report._blocks import heading
from wekaeval.report._lines import Lines
from wekaeval.report._prediction_text import PredictionTextError, table_format

#: Rows read at once by the fast reader.
CHUNK = 1 << 11


def read_table(lines: Lines) -> Predictions:
    """The predictions table whose header is the next line: its rows up to a blank line, a heading or the end."""
    number, header = lines.take_required("the header of the predictions table")
    try:
        layout = table_format(header, number)
    except PredictionTextError as error:
        raise lines.error(str(error), error.line) from None
    builder = RowsBuilder()
    rows: list[PredictionRow] = []
    slow = 0  # lines to read one by one before trying the fast reader again
    while True:
        if slow == 0 and layout.fast is not None and lines.raw_safe():
            builder.add_rows(rows)
            rows = []
            window = lines.raw_window(CHUNK)
            if window and layout.fast(window, builder):
                lines.skip_raw(len(window))
                lines.forget_read()
                continue
            rows_ahead = _rows_ahead(window)  # the table ends inside the window: read its rows up to there
            if 0 < rows_ahead < len(window) and layout.fast(window[:rows_ahead], builder):
                lines.skip_raw(rows_ahead)
                continue
            slow = max(len(window), 1)
        if not lines.more() or lines.peek() == "" or heading(lines.peek()) is not None:
            break
        line_number, text = lines.take()
        try:
            rows.append(layout.row(text, line_number))
        except PredictionTextError as error:
            raise lines.error(str(error), error.line) from None
        slow = max(slow - 1, 0)
        if len(rows) >= CHUNK:
            builder.add_rows(rows)
            rows = []
    builder.add_rows(rows)
    return Predictions(layout.nominal, builder.build(), layout.names, layout.format, line=number)


def _rows_ahead(window: list[str]) -> int:
    """The lines of ``window`` before its first blank one (all of them if none is)."""
    for i, line in enumerate(window):
        if not line or line.isspace():
            return i
    return len(window)
