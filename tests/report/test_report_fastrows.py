"""The chunked, columnar reading of printed predictions against the row-by-row rules.

The oracle is the same :func:`~wekaeval.read_weka_output` with the fast reader switched off (every line then
goes through the row-by-row parser of :mod:`wekaeval.report._prediction_text`): on generated PlainText and
CSV tables -- classes, distributions, ``+`` errors, ``?`` missing, attribute columns, ARFF quoting, WEKA's
number shapes and others (``1e-5``, ``+1``, ``NaN``, ``-0``, 17 digits), malformed rows -- both give identical
rows (every double compared by ``float.hex``, the columns by ``np.array_equal``) or identical errors.
"""

from __future__ import annotations

import math
import re
from unittest.mock import patch

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wekaeval import _textsource, read_weka_output
from wekaeval.blocks._rows import PredictionRows
from wekaeval.errors import WekaOutputError
from wekaeval.report import _fastrows, _table
from wekaeval.report._decimals import decimal_rows
from wekaeval.report._lines import Lines

# -- numbers ------------------------------------------------------------------------------------------------------

_WEKA_DECIMAL = st.builds(
    lambda minus, whole, fraction: ("-" if minus else "") + whole + ("." + fraction if fraction else ""),
    st.booleans(),
    st.text("0123456789", min_size=1, max_size=9),
    st.one_of(st.just(""), st.text("0123456789", min_size=1, max_size=9)),
)

#: What a probability or value may look like in a log: WEKA's shapes mostly, others that a reader must refuse.
_NUMBER_TEXT = st.one_of(
    _WEKA_DECIMAL,
    _WEKA_DECIMAL,
    st.sampled_from(["0", "1", "-0", "0.000", "-0.0", "NaN", "Infinity", "-Infinity", "?", "1e-5", "+1", ".5", "1."]),
    st.sampled_from(["12345678901234567", "0.1234567890123456", "-9007199254740993", "1.5.2", "--1", "", "0x1"]),
)


def _canonical(value):
    """A value with every double as its hex (so -0.0, 0.0 and NaN payload-free compare exactly)."""
    if isinstance(value, float):
        return value.hex()
    if isinstance(value, tuple):
        return tuple(_canonical(v) for v in value)
    return value


@settings(deadline=None)
@given(st.lists(st.lists(_WEKA_DECIMAL, min_size=3, max_size=3), min_size=1, max_size=40))
def test_decimals_are_the_doubles_float_gives(rows):
    texts = [",".join(row) for row in rows]
    parsed = decimal_rows(texts, starred=False)
    digits = max(sum(c.isdigit() for c in number) for row in rows for number in row)
    if digits > 15:  # beyond the exact integers of a double: the caller's float() path
        assert parsed is None
        return
    assert parsed is not None
    values, _ = parsed
    assert values.shape == (len(rows), 3)
    assert [v.hex() for v in values.ravel().tolist()] == [float(n).hex() for row in rows for n in row]


@settings(deadline=None)
@given(st.lists(st.lists(_NUMBER_TEXT, min_size=1, max_size=4), min_size=1, max_size=20), st.data())
def test_decimals_read_only_what_wekas_grammar_allows(rows, data):
    starred = [data.draw(st.integers(0, len(row) - 1)) for row in rows]
    texts = [
        ",".join(("*" if i == star else "") + n for i, n in enumerate(row))
        for row, star in zip(rows, starred, strict=True)
    ]
    parsed = decimal_rows(texts, starred=True)
    if parsed is None:
        return  # the row-by-row rules decide (and the oracle test below holds them to the same rows)
    values, stars = parsed
    assert len({len(row) for row in rows}) == 1
    assert stars.tolist() == starred
    for row, got in zip(rows, values.tolist(), strict=True):
        for text, value in zip(row, got, strict=True):
            assert re.fullmatch(r"-?[0-9]+(\.[0-9]+)?", text)
            assert value.hex() == float(text).hex()


def test_decimal_tricky_shapes():
    assert decimal_rows(["-0", "-0.000", "0"], starred=False)[0].ravel().tolist() == [-0.0, -0.0, 0.0]
    assert [math.copysign(1, v) for v in decimal_rows(["-0,0"], starred=False)[0].ravel()] == [-1, 1]
    for refused in ("1e-5", "+1", ".5", "1.", "1..5", "NaN", "-Infinity", "1,,2", "*1", "1 ", "١", "1234567890123456"):
        assert decimal_rows([refused], starred=False) is None, refused
    assert decimal_rows(["*1,*2"], starred=True) is None  # two stars
    assert decimal_rows(["1,2"], starred=True) is None  # none
    assert decimal_rows(["1*,2"], starred=True) is None  # not at a number's start
    assert decimal_rows(["*1,2", "1"], starred=True) is None  # widths differ
    assert decimal_rows(["0.1", "0.30000000000000004"], starred=False) is None  # 17 digits: float()'s path
    assert decimal_rows(["0.1", "999999999999999", "0.00000000000001"], starred=False)[0].ravel().tolist() == [
        0.1,
        999999999999999.0,
        1e-14,
    ]


# -- whole tables -------------------------------------------------------------------------------------------------

_LABELS = ["a", "b", "class1", "x y", "'q r'", "c,d", "?"]


@st.composite
def _tables(draw):
    """The text of a predictions table as WEKA prints it, now and then with a row that is not quite right."""
    form = draw(st.sampled_from(["plain", "csv", "tsv"]))
    clean = draw(st.booleans())  # WEKA's own shapes only (else odd numbers, misplaced stars, mangled rows)
    numbers = _WEKA_DECIMAL if clean else _NUMBER_TEXT
    missing_actual = st.sampled_from(["1:?"] if form != "plain" and clean else ["?", "1:?"])
    nominal = draw(st.booleans())
    distribution = nominal and draw(st.booleans())
    classes = draw(st.integers(1, 4))
    labels = draw(st.lists(st.sampled_from(_LABELS), min_size=classes, max_size=classes))
    names = draw(st.one_of(st.none(), st.just(("f1", "f2")))) if form == "plain" else None
    delimiter = "\t" if form == "tsv" else ","
    if form == "plain":
        if nominal:
            header = f"    inst#     actual  predicted error {'distribution' if distribution else 'prediction'}"
        else:
            header = "    inst#     actual  predicted      error"
        header += f" ({','.join(names)})" if names else ""
    else:
        columns = ["inst#", "actual", "predicted", "error"]
        if nominal:
            columns.append("distribution" if distribution else "prediction")
            columns += [""] * (classes - 1 if distribution else 0)
        header = delimiter.join(columns)
    lines = [header]
    for number in range(1, draw(st.integers(1, 30)) + 1):
        inst = str(draw(st.one_of(st.just(number), st.integers(0, 10**20))))
        if nominal:
            actual_code = draw(st.integers(1, classes))
            actual = (
                draw(missing_actual) if draw(st.integers(0, 9)) == 0 else f"{actual_code}:{labels[actual_code - 1]}"
            )
            unclassified = draw(st.integers(0, 9)) == 0
            predicted_code = draw(st.integers(1, classes))
            predicted = "?" if unclassified else f"{predicted_code}:{labels[predicted_code - 1]}"
            error = draw(st.booleans())
            if unclassified:
                printed = "?"
            elif distribution:
                probabilities = [draw(numbers) for _ in range(classes)]
                star = predicted_code - 1 if clean or draw(st.integers(0, 9)) else draw(st.integers(0, classes - 1))
                printed = ",".join(("*" if i == star else "") + p for i, p in enumerate(probabilities))
            else:
                printed = draw(numbers)
            if form == "plain":
                mark = "  +  " if error else "     "
                line = f"{inst:>9} {actual:>10} {predicted:>10} {mark} {printed} "
            else:
                fields = [inst, actual, predicted, "+" if error else "", *printed.split(",")]
                line = delimiter.join(fields)
        else:
            values = [draw(st.one_of(numbers, st.just("?"))) for _ in range(3)]
            if form == "plain":
                line = f"{inst:>9} {values[0]:>10} {values[1]:>10} {values[2]:>10} "
            else:
                line = delimiter.join([inst, *values])
        if names:
            line += "(" + draw(st.sampled_from(["1,2", "a,'b c'", "?,?"])) + ")"
        mutation = 3 if clean else draw(st.integers(0, 29))
        if mutation == 0:
            line = line.replace(" ", "", 1) if form == "plain" else line.replace(delimiter, "", 1)
        elif mutation == 1:
            line += draw(st.sampled_from([",", " x", "*", "\t"]))
        elif mutation == 2:
            line = draw(st.sampled_from(["not a row", "12", "   1 2:b"]))
        lines.append(line)
    indent = draw(st.sampled_from(["", "", "    "]))
    return "".join(indent + line + "\n" for line in lines) + draw(st.sampled_from(["", "\n", "\n=== Summary ===\n"]))


def _read(text: str):
    """The table's rows (each canonical), or the error's message; the format, and whether a table was read."""
    try:
        report = read_weka_output(text)
    except WekaOutputError as error:
        return ("error", str(error))
    tables = [section.predictions for section in report.sections if section.predictions is not None]
    return ("rows", [(t.format, t.nominal, [_canonical(tuple(vars(r).values())) for r in t.rows]) for t in tables])


def _columns(text: str) -> list[np.ndarray]:
    """The class index and label columns the reader stores, and the doubles of every row as one array."""
    report = read_weka_output(text)
    out = []
    for section in report.sections:
        if section.predictions is not None and section.predictions.nominal:
            rows = section.predictions.rows
            assert isinstance(rows, PredictionRows)  # the reader's columns
            out += [rows.indices("actual_index"), rows.indices("predicted_index")]
            for name in ("actual", "predicted"):  # the codes decoded: a column of None has no table of its own
                codes, labels = rows.labels(name)
                out.append(np.array([labels[c] if c >= 0 else None for c in codes.tolist()], dtype=object))
            doubles = [d for r in rows for d in (r.distribution or (r.probability,)) if d is not None]
            out.append(np.array(doubles, dtype=np.float64).view(np.int64))  # the bits: -0.0 and NaN exactly
    return out


@settings(deadline=None, max_examples=300)
@given(_tables(), st.integers(1, 9))
def test_the_fast_reader_gives_the_row_by_row_rows_and_errors(text, chunk):
    with patch.object(_table, "CHUNK", chunk):
        fast = _read(text)
    with patch.object(Lines, "raw_safe", lambda self: False):  # every line through the row-by-row rules
        slow = _read(text)
    assert fast == slow
    if fast[0] == "rows":
        with patch.object(_table, "CHUNK", chunk):
            fast_columns = _columns(text)
        with patch.object(Lines, "raw_safe", lambda self: False):
            slow_columns = _columns(text)
        for a, b in zip(fast_columns, slow_columns, strict=True):
            assert np.array_equal(np.asarray(a), np.asarray(b))


@pytest.mark.parametrize("form", ["plain", "csv"])
def test_a_clean_table_is_read_in_chunks_not_row_by_row(form, rng):
    n, classes = 5000, 3
    probabilities = rng.integers(0, 1000, size=(n, classes))
    predicted = probabilities.argmax(axis=1)
    lines = []
    for i in range(n):
        cells = [("*" if j == predicted[i] else "") + f"0.{probabilities[i, j]:03d}" for j in range(classes)]
        actual = rng.integers(1, classes + 1)
        if form == "plain":
            lines.append(
                f"{i + 1:>9} {actual}:c{actual} {predicted[i] + 1}:c{predicted[i] + 1}       {','.join(cells)} "
            )
        else:
            lines.append(f"{i + 1},{actual}:c{actual},{predicted[i] + 1}:c{predicted[i] + 1},,{','.join(cells)}")
    header = (
        "    inst#     actual  predicted error distribution"
        if form == "plain"
        else "inst#,actual,predicted,error,distribution,,"
    )
    text = header + "\n" + "\n".join(lines) + "\n\n"
    calls = []
    real = _fastrows.decimal_rows
    with patch.object(_fastrows, "decimal_rows", lambda *a, **k: calls.append(1) or real(*a, **k)):
        rows = read_weka_output(text).sections[0].predictions.rows
    assert len(calls) == -(-n // _table.CHUNK)  # every row went through the columnar path
    expected = probabilities / 1000
    assert np.array_equal(np.array([r.distribution for r in rows]), expected)
    assert rows.indices("predicted_index").tolist() == predicted.tolist()


def test_a_malformed_row_deep_in_a_chunk_is_named_by_its_line():
    rows = [f"{i:>9} 1:a 1:a       *1,0 " for i in range(1, 20001)]
    rows[12344] = rows[12344].replace("*1,0", "*1,0x")
    text = "    inst#     actual  predicted error distribution\n" + "\n".join(rows) + "\n"
    with pytest.raises(WekaOutputError) as caught:
        read_weka_output(text)
    assert caught.value.line == 12346
    assert "not a distribution as WEKA prints them: '*1,0x'" in str(caught.value)


@settings(deadline=None)
@given(st.text("ab\r\n", max_size=60), st.integers(1, 8))
def test_a_text_split_a_slice_at_a_time_gives_the_lines_of_splitting_it_whole(text, slice_size):
    expected = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    ends_with_newline = expected[-1] == ""
    if ends_with_newline:
        expected.pop()
    with patch.object(_textsource, "_CHUNK_BYTES", slice_size):
        source = _textsource.TextSource(text, WekaOutputError, text=text)
        lines = [line for chunk in source.chunks(lines_per_chunk=3) for line in chunk]
    assert lines == expected
    assert source.ends_with_newline == ends_with_newline
    assert source.lines_read == len(expected)
