"""Chunks of printed predictions cut into fields with numpy (:mod:`wekaeval.report._tokens`) read as the regular
expressions and the row-by-row rules read them.

The oracle is :func:`~wekaeval.read_weka_output` with the chunked path off (every line through the row-by-row
rules); the tables are WEKA's common shape (the one the tokens path takes) with one change now and then: a
space more or less in a gap, a ``+`` or ``?`` where it may or may not stand, a label past eight bytes (the
hashed keys), a tab, a quote, a non-ASCII label.  Each table is read both ways, and also with the tokens path
alone switched off (the regular expressions' chunks), rows and errors compared exactly.
"""

from __future__ import annotations

from unittest.mock import patch

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wekaeval import read_weka_output
from wekaeval.errors import WekaOutputError
from wekaeval.report import _fastrows, _table, _tokens
from wekaeval.report._lines import Lines

_LABELS = ["a", "b", "sky", "brickface", "foliage-and-more", "x y", "'q r'", "c,d", "?", "naïve", "a\tb"]


def _canonical(value):
    if isinstance(value, float):
        return value.hex()
    if isinstance(value, tuple):
        return tuple(_canonical(v) for v in value)
    return value


def _read(text: str):
    try:
        report = read_weka_output(text)
    except WekaOutputError as error:
        return ("error", str(error))
    tables = [section.predictions for section in report.sections if section.predictions is not None]
    return ("rows", [[_canonical(tuple(vars(r).values())) for r in t.rows] for t in tables])


@st.composite
def _tables(draw):
    csv = draw(st.booleans())
    distribution = draw(st.booleans())
    classes = draw(st.integers(1, 5))
    labels = draw(st.lists(st.sampled_from(_LABELS[:5]), min_size=classes, max_size=classes))
    odd = draw(st.sampled_from([None, "gap", "mark", "label", "inst", "number", "trailing", "question"]))
    if csv:
        header = "inst#,actual,predicted,error," + (
            "distribution" + "," * (classes - 1) if distribution else "prediction"
        )
    else:
        header = f"    inst#     actual  predicted error {'distribution' if distribution else 'prediction'}"
    lines = [header]
    for number in range(1, draw(st.integers(1, 25)) + 1):
        actual_code, predicted_code = draw(st.integers(1, classes)), draw(st.integers(1, classes))
        actual = f"{actual_code}:{labels[actual_code - 1]}"
        predicted = f"{predicted_code}:{labels[predicted_code - 1]}"
        error = actual_code != predicted_code
        numbers = [str(draw(st.integers(0, 1000)) / 1000) for _ in range(classes if distribution else 1)]
        if distribution:
            numbers[predicted_code - 1] = "*" + numbers[predicted_code - 1]
        printed = ",".join(numbers)
        inst = str(number)
        if odd is not None and draw(st.integers(0, 4)) == 0:
            if odd == "label":
                actual = f"{actual_code}:{draw(st.sampled_from(_LABELS))}"
            elif odd == "inst":
                inst = draw(st.sampled_from(["0", "007", "1" * 18, "1" * 19, "x"]))
            elif odd == "number":
                printed = draw(st.sampled_from(["?", "NaN", "1e-5", "0.30000000000000004", "", "-0"]))
            elif odd == "question":
                actual, predicted = draw(st.sampled_from([("?", predicted), ("1:?", predicted), (actual, "?")]))
            elif odd == "mark":
                error = not error
        if csv:
            line = ",".join([inst, actual, predicted, "+" if error else "", printed])
        else:
            mark = "  +  " if error else "     "
            line = f"{inst:>9} {actual:>10} {predicted:>10} {mark} {printed} "
        if odd == "gap" and draw(st.integers(0, 4)) == 0:
            line = line.replace("   ", draw(st.sampled_from(["  ", "    ", "\t "])), 1)
        if odd == "trailing" and draw(st.integers(0, 4)) == 0:
            ending = draw(st.sampled_from(["", " ", "x"] if csv else ["", "  "]))
            line = line + ending if csv else line[:-1] + ending
        lines.append(line)
    return "\n".join(lines) + "\n" + draw(st.sampled_from(["", "\n", "\n=== Summary ===\n"]))


@settings(deadline=None, max_examples=300)
@given(_tables(), st.integers(1, 9))
def test_the_tokens_path_reads_what_the_row_by_row_rules_read(text, chunk):
    with patch.object(_table, "CHUNK", chunk):
        fast = _read(text)
        with patch.object(_fastrows, "plain_fields", lambda window: None):
            with patch.object(_fastrows, "csv_fields", lambda window: None):
                regular = _read(text)
    with patch.object(Lines, "raw_safe", lambda self: False):
        slow = _read(text)
    assert fast == slow
    assert regular == slow


@pytest.mark.parametrize(
    "labels",
    [["long-label-alpha", "long-label-omega", "other-label-alpha", "x-label-alpha"], ["alpha", "omega", "beta", "ab"]],
)
def test_labels_of_one_hash_are_told_apart(labels, rng):
    """Every key of one hash (the mixer zero: only a key's last word counts) still reads as its text."""
    n = 300
    codes = rng.integers(0, len(labels), size=(n, 2))
    rows = [
        f"{i + 1:>9} {a + 1}:{labels[a]} {p + 1}:{labels[p]} {'  +  ' if a != p else '     '} 0.5 "
        for i, (a, p) in enumerate(codes.tolist())
    ]
    text = "    inst#     actual  predicted error prediction\n" + "\n".join(rows) + "\n"
    with patch.object(_tokens, "_MIXER", np.uint64(0)):
        read = read_weka_output(text).sections[0].predictions.rows
    assert [(r.actual, r.predicted, r.actual_index, r.predicted_index) for r in read] == [
        (labels[a], labels[p], a, p) for a, p in codes.tolist()
    ]


@pytest.mark.parametrize(
    ("window", "cut"),
    [
        (["        1   1:a   1:a       0.5 "], True),
        (["        1   1:a   1:a   +   0.5 "], True),
        (["        1   1:a   1:a      0.5 "], False),  # six spaces: no error column
        (["        1   1:a   1:a       0.5"], False),  # no space after the numbers
        (["        1   1:a   1:a   x   0.5 "], False),  # another mark
        (["        1   1:a   1:a       0.5 ", ""], False),  # a blank line
        (["        1   1:é   1:a       0.5 "], False),  # not ASCII: the regular expressions' chunk
    ],
)
def test_plain_fields_cut_only_the_common_row(window, cut):
    assert (_tokens.plain_fields(window) is not None) == cut


def test_csv_fields_cut_only_rows_without_quotes():
    assert _tokens.csv_fields(["1,1:a,1:a,,*0.5,0.5"]) is not None
    assert _tokens.csv_fields(["1,1:'a b',1:a,,*0.5,0.5"]) is None
    assert _tokens.csv_fields(["1,1:a,1:a,++,*0.5,0.5"]) is None
    assert _tokens.csv_fields(["1,1:a,1:a"]) is None
