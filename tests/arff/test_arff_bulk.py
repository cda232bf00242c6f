"""The columnar reader's bulk paths (issue 27): numbers and labels read eight bytes at a time, quotes' parity,
long runs read in pieces, plain declarations read at once.

Each is held to the rule it replaces: the numbers to Java's ``Double.parseDouble`` (``java_parse_double``,
itself checked against the JVM), the readings to the row-by-row reader (the reader of record, checked
against WEKA's ArffLoader in ``test_arff_tokens.py``).  No JVM here.
"""

from __future__ import annotations

import io
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wekaeval.arff._header as header_module
import wekaeval.arff._loader as loader_module
from wekaeval import ArffError, load_arff
from wekaeval.arff import read_arff_rows
from wekaeval.arff._header import read_header
from wekaeval.arff._words import (
    LONGEST,
    Words,
    number_values,
    packed_labels,
    running_parity,
    short_integers,
    simple_numbers,
)
from wekaeval.javamath import java_parse_double

# Java reads these shapes as the correctly rounded decimal; the bulk path takes the ones of <= 15 bytes
SIMPLE = re.compile(r"-?(?:[0-9]+\.?[0-9]*|\.[0-9]+)")
NUMBERISH = st.text(st.sampled_from("0123456789.-+eE?x \u00e9"), min_size=0, max_size=18)


def tokens_of(texts: list[str]) -> tuple[Words, np.ndarray, np.ndarray, bytes]:
    """``texts`` joined by commas, as the columnar reader sees them: its words, each token's start and end."""
    encoded = [t.encode("utf-8") for t in texts]
    buffer = b"\n" + b",".join(encoded) + b"\n"
    lengths = np.array([len(t) for t in encoded], dtype=np.int64)
    starts = 1 + np.concatenate(([0], np.cumsum(lengths + 1)[:-1])).astype(np.int64)
    return Words(np.frombuffer(buffer, dtype=np.uint8)), starts, starts + lengths, buffer


@settings(deadline=None, max_examples=300)
@given(st.lists(NUMBERISH.filter(lambda t: "," not in t), min_size=1, max_size=40))
def test_simple_numbers_are_exactly_the_simple_shape_and_read_as_java_reads_them(texts):
    words, starts, ends, _ = tokens_of(texts)
    simple, signed, missing = simple_numbers(words, starts, ends)
    expected = [bool(SIMPLE.fullmatch(t)) and len(t.encode()) <= LONGEST for t in texts]
    assert simple.tolist() == expected
    assert missing.tolist() == [t == "?" for t in texts]
    values = number_values(words, starts[simple], ends[simple], signed[simple])
    wanted = [java_parse_double(t).hex() for t, s in zip(texts, expected, strict=True) if s]
    assert [v.hex() for v in values.tolist()] == wanted  # -0.0 kept: "-0" and "-.0" are negative zeros


def test_simple_numbers_of_every_length_and_dot_position(rng):
    digits = rng.integers(0, 10, (4000, LONGEST)).astype(str)
    texts = []
    for row, length in zip(digits, rng.integers(1, LONGEST + 1, 4000).tolist(), strict=True):
        text = "".join(row[:length])
        dot = int(rng.integers(0, length + 1))
        text = text[:dot] + "." + text[dot:] if length < LONGEST else text
        texts.append(("-" + text)[:LONGEST] if rng.random() < 0.5 and len(text) < LONGEST else text)
    words, starts, ends, _ = tokens_of(texts)
    simple, signed, _ = simple_numbers(words, starts, ends)
    assert simple.all(), [t for t, s in zip(texts, simple, strict=True) if not s]
    values = number_values(words, starts, ends, signed)
    assert [v.hex() for v in values.tolist()] == [float(t).hex() for t in texts]


@settings(deadline=None, max_examples=100)
@given(st.lists(st.text(st.sampled_from("0123456789"), min_size=1, max_size=8), min_size=1), st.sampled_from("x-./: "))
def test_short_integers_are_all_digits(texts, other):
    words, starts, ends, _ = tokens_of(texts)
    assert short_integers(words, ends, ends - starts).tolist() == [int(t) for t in texts]
    words, starts, ends, _ = tokens_of([*texts, "1" + other])
    assert short_integers(words, ends, ends - starts) is None


@settings(deadline=None, max_examples=100)
@given(st.lists(st.text(min_size=0, max_size=8).map(str.strip).filter(lambda t: "," not in t), min_size=1))
def test_packed_labels_are_the_bytes_as_little_endian_numbers(texts):
    words, starts, ends, _ = tokens_of(texts)
    short = ends - starts <= 8
    codes = packed_labels(words, starts[short], (ends - starts)[short])
    expected = [int.from_bytes(t.encode(), "little") for t in texts if len(t.encode()) <= 8]
    assert codes.tolist() == expected


@settings(deadline=None, max_examples=100)
@given(st.lists(st.booleans(), max_size=300))
def test_running_parity_is_the_cumsums_parity(values):
    mask = np.array(values, dtype=bool)
    assert running_parity(mask).tolist() == (np.cumsum(mask) % 2 == 1).tolist()


def readings(text: str, monkeypatch, *, run_bytes: int, shortest: int) -> object:
    """``read_arff_rows`` of ``text`` with the columnar reader's pieces of ``run_bytes`` and runs of ``shortest``."""
    monkeypatch.setattr(loader_module, "_RUN_BYTES", run_bytes)
    monkeypatch.setattr(loader_module, "_SHORTEST_RUN", shortest)
    try:
        return read_arff_rows(io.StringIO(text))
    except ArffError as error:
        return str(error)


def mixed_file(rng: np.random.Generator, rows: int) -> str:
    shapes = ["1.5", "-0", "'2.25'", "1e-5", "+7", ".5", "5.", "?", "123456789012345678", "0x1.8p1", "-.25"]
    lines = []
    for r in range(rows):
        number = shapes[int(rng.integers(0, len(shapes)))]
        label = ["a", "'b c'", "?", "longer_label_x"][int(rng.integers(0, 4))]
        line = f"{number},{label},'s{r % 7}',2024-01-0{1 + r % 9}"
        lines.append(line + (f",{{{1 + r % 3}}}" if r % 5 == 0 else ""))
    header = "@relation mixed\n@attribute x numeric\n@attribute c {a,'b c',longer_label_x}\n"
    header += "@attribute s string\n@attribute d date yyyy-MM-dd\n@data\n"
    return header + "\n".join(lines) + "\n"


def test_pieces_read_as_one_run_and_row_by_row(rng, monkeypatch):
    text = mixed_file(rng, 400)
    whole = readings(text, monkeypatch, run_bytes=1 << 30, shortest=1)
    assert not isinstance(whole, str)
    assert readings(text, monkeypatch, run_bytes=1, shortest=1) == whole  # every line a piece of its own
    assert readings(text, monkeypatch, run_bytes=200, shortest=4) == whole
    assert readings(text, monkeypatch, run_bytes=1, shortest=10**12) == whole  # row by row


def test_pieces_give_back_only_what_they_doubt(rng, monkeypatch):
    text = mixed_file(rng, 200) + "x,a,'s',2024-01-01\n"  # the last row's number is no number: WEKA's error
    for run_bytes in (1, 300, 1 << 30):
        error = readings(text, monkeypatch, run_bytes=run_bytes, shortest=2)
        assert error == "<stream>:207: a number expected for attribute 'x', found 'x'"


@pytest.mark.parametrize("data", ["", "\n", "\n\n", "%\n", "\r\n", " "])
@pytest.mark.parametrize("ending", ["@data", "@data\n"])
def test_an_empty_data_section_is_read_at_once(monkeypatch, data, ending):
    """The regression of ec8d8d3: with the columnar reader on every run (even of one line), an empty data section
    made ``_read_data`` ask for the same empty run forever.  Counted, not timed: the reader is asked a few times."""
    calls = []
    read_run = loader_module.read_run

    def counted(*args, **kwargs):
        calls.append(1)
        assert len(calls) < 100, "the columnar reader is asked for the same run again and again"
        return read_run(*args, **kwargs)

    monkeypatch.setattr(loader_module, "read_run", counted)
    monkeypatch.setattr(loader_module, "_SHORTEST_RUN", 1)
    text = "@relation r\n@attribute x numeric\n" + ending + data
    assert read_arff_rows(io.StringIO(text))[2] == []
    assert len(load_arff(io.StringIO(text)).class_values) == 0


@pytest.mark.parametrize(
    "declaration",
    [
        "@attribute x numeric",
        "@ATTRIBUTE x REAL",
        "@attribute\tx\tinteger\t",
        "@attribute x.1-y_2 string",
        "@attribute x numeric % a comment",
        "@attribute 'x' numeric",
        "@attribute x numeric {2.5}",
        "@attribute x Numeric  ",
    ],
)
@pytest.mark.parametrize("line_end", ["\n", "\r\n", "\r"])
def test_plain_declarations_read_at_once_as_token_by_token(declaration, line_end):
    text = line_end.join(["@relation r", declaration, "@attribute c {a,b}", "@data", "1,a", ""])
    _, attributes, rows = read_arff_rows(io.StringIO(text))
    name = "x.1-y_2" if "x.1" in declaration else "x"
    kind = "string" if "string" in declaration else "numeric"
    assert [(a.name, a.type) for a in attributes] == [(name, kind), ("c", "nominal")]
    assert rows == [["1" if kind == "string" else 1.0, "a"]]


HEADERS = [
    "@relation r\n@attribute a numeric\n@attribute b real\n\n% note\n@attribute c string\n@data\n",
    "@relation r\n@attribute a numeric\n@attribute a numeric\n@attribute b numeric\n@data\n",  # a second a
    "@relation r\n@attribute a numeric\n@attribute a numeric",  # a second a, then the end of the file
    "@relation r\n@attribute a numeric\n@attribute a numeric\n",
    "@relation r\n@attribute a numeric\n@attribute a numeric\n@attribute b numeric\n",  # a second a before the end
    "@relation r\n@attribute a numeric\n@attribute b numeric\n@attribute a numeric\n@data",
    "@relation r\n@attribute a numeric\n @attribute b numeric\n@ATTRIBUTE c INTEGER\r@attribute d {x}\n@data\n",
    "@relation r\n@attribute a numeric\n@attribute b numerics\n@data\n",
    "@relation r\n@attribute a numeric\n@attributes b numeric\n@data\n",
    "@relation r\n@attribute bag relational\n@attribute a numeric\n@attribute a string\n@end bag\n@data\n",
    "@relation r\n@attribute bag relational\n@attribute a numeric\n@attribute b string\n@end bag\n@data\n",
    "@relation r\n@attribute bag relational\n@attribute a numeric\n",
]


@pytest.mark.parametrize("text", HEADERS)
def test_plain_declarations_give_what_the_tokens_give(monkeypatch, text):
    def header(text: str) -> object:
        try:
            read = read_header(text, "h.arff")
        except ArffError as error:
            return str(error)
        return read.relation, read.attributes, read.declared_at, read.tokens.pos

    fast = header(text)
    monkeypatch.setattr(header_module, "_PLAIN_DECLARATION", re.compile("(?!)"))
    assert fast == header(text)


def test_plain_declarations_keep_wekas_errors():
    with pytest.raises(ArffError, match=r"^<stream>:3: a second attribute named 'x'$"):
        load_arff(io.StringIO("@relation r\n@attribute x numeric\n@attribute x real\n@data\n1,2\n"))
    with pytest.raises(ArffError, match=r"^<stream>:\d+: the file ends in the header: no @data section$"):
        load_arff(io.StringIO("@relation r\n@attribute x numeric\n"))
