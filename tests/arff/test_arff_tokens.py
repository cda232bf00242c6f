"""ARFF as WEKA tokenizes it: quotes, escapes, separators, comments and braces, compared with WEKA's ArffLoader.

Every test here writes its own ARFF text and reads it with WEKA (through the JVM) and with wekaeval,
both ways wekaeval reads data lines (the columnar reader and the row reader), and compares every name,
label, value and weight, or that both refuse.
"""

from __future__ import annotations

import io
import math
import struct

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import wekaeval.arff._loader as loader_module
from tests.oracles.arff_oracle import Reading, weka_class_values, weka_reading, wekaeval_reading
from wekaeval import ArffError, load_arff
from wekaeval.arff import read_arff_rows
from wekaeval.arff._header import MAX_DEPTH

READERS = {"columnar": 1, "rows": 10**12}  # the columnar reader wherever it can (even one line), or none


@pytest.fixture(params=sorted(READERS))
def reader(request, monkeypatch):
    """Read data lines with the columnar reader wherever it can, or always row by row."""
    monkeypatch.setattr(loader_module, "_SHORTEST_RUN", READERS[request.param])
    return request.param


def our_readings(text: str) -> list[Reading | str]:
    """wekaeval's readings of ``text`` by both data readers (the columnar one, and row by row only)."""
    saved = loader_module._SHORTEST_RUN
    try:
        readings = []
        for shortest in READERS.values():
            loader_module._SHORTEST_RUN = shortest
            readings.append(wekaeval_reading(text))
        return readings
    finally:
        loader_module._SHORTEST_RUN = saved


def same_reading(text: str) -> Reading | str:
    """WEKA's and wekaeval's readings of ``text`` (by both data readers): equal, or all refusals; the reading
    (or wekaeval's refusal)."""
    theirs = weka_reading(text)
    columnar, rows = our_readings(text)
    assert columnar == rows, text
    if isinstance(theirs, str):
        assert isinstance(rows, str), f"WEKA refuses, wekaeval reads:\n{theirs}\n{text!r}"
        return rows
    assert not isinstance(rows, str), f"{rows}\n{text!r}"
    assert rows == theirs, text
    return rows


# -- issue 25: what WEKA's tokenizer makes of names, labels and values ---------------------------------

ESCAPES = r"""@relation 'it\'s \u2026'
@attribute 'it\'s' numeric
@attribute "q\"" {a,?,'b\j',"\u00A3",'x\u2026y',"tab\tnew\nline",'\101\7\477'}
@attribute "s\%" string
@data
1,'?','\u2026\j'
2,?,"\u00A3 and \'"
3,'b\j',plain\j
4,"\u00A3",'\101'
5,'x\u2026y',?
6,"tab\tnew\nline",'a,b {c} %d'
7,'\101\7\477',""
"""


@pytest.mark.jvm
def test_escapes_in_names_labels_and_values_read_as_weka_reads_them(weka_jvm):
    reading = same_reading(ESCAPES)
    assert isinstance(reading, Reading)
    assert reading.relation == "it's u2026"
    assert [a[0] for a in reading.attributes] == ["it's", 'q"', "s%"]
    assert reading.attributes[1][2] == ("a", "?", "bj", "u00A3", "xu2026y", "tab\tnew\nline", "A\x07'7")
    assert [row[1] for row in reading.rows] == [
        "?",  # a quoted ? is the label ?, not a missing value
        None,
        "bj",
        "u00A3",
        "xu2026y",
        "tab\tnew\nline",
        "A\x07'7",
    ]
    assert [row[2] for row in reading.rows] == ["u2026j", "u00A3 and '", "plain\\j", "A", None, "a,b {c} %d", ""]


@pytest.mark.jvm
def test_a_quoted_name_is_the_class_by_its_unquoted_name(weka_jvm):
    data = load_arff(io.StringIO(ESCAPES), class_attribute='q"')
    assert data.class_attribute.name == 'q"'
    assert data.class_names == ("a", "?", "bj", "u00A3", "xu2026y", "tab\tnew\nline", "A\x07'7")
    assert np.array_equal(data.class_values, weka_class_values(ESCAPES, 1), equal_nan=True)
    assert np.array_equal(data.class_values, [1, np.nan, 2, 3, 4, 5, 6], equal_nan=True)
    assert load_arff(io.StringIO(ESCAPES), class_attribute="it's").class_names is None


# -- issue 24: what WEKA refuses, refused, naming the file and the line -------------------------------

HEADER = "@relation r\n@attribute x numeric\n@attribute c {a,b}\n@data\n"


@pytest.mark.jvm
@pytest.mark.parametrize(
    ("text", "line", "fragment"),
    [
        ("@relation r\n@attribute c {a,b,a}\n@data\na\n", 2, "declares the label 'a' twice"),
        ("@relation r\n@attribute c {'a',\"a\"}\n@data\na\n", 2, "declares the label 'a' twice"),
        (HEADER + "1,a\n{0 1, 0 2}\n", 6, "sparse index 0 given twice"),
        (HEADER + "{1 b, 0 2}\n", 5, "sparse index 0 after index 1"),
        ("@relation r\n@attribute 'x numeric\n@attribute c {a,b}\n@data\n1,a\n", 2, "a type for attribute"),
        ("@relation r\n@attribute x numeric\n@attribute x {a,b}\n@data\n1,a\n", 3, "a second attribute named 'x'"),
        ("@relation r\n@attribute x numeric\n@attribute c {a,b}\n@data\n1,'?'\n", 5, "not a label"),
        ("@relation r\n@attribute d date 'yyyy-qq'\n@data\n?\n", 2, "'q' is no SimpleDateFormat letter"),
        ("@relation r\n@attribute x numeric {abc}\n@data\n1\n", 2, "attribute weight"),
        (HEADER + "inf,a\n", 5, "a number expected"),
        (HEADER + "1_0,a\n", 5, "a number expected"),
        (HEADER + "\u0661,a\n", 5, "a number expected"),  # Java's parseDouble reads ASCII digits only
        (HEADER + "{2 a}\n", 5, "sparse index 2 out of range"),
        (HEADER + "1,a,{1} {2}\n", 5, "end of line expected"),
        (HEADER + "1,{a}\n", 5, "a value expected for attribute 'c'"),
    ],
)
def test_what_weka_refuses_is_refused_naming_file_and_line(weka_jvm, reader, tmp_path, text, line, fragment):
    assert isinstance(weka_reading(text), str)
    path = tmp_path / "refused.arff"
    path.write_text(text)
    with pytest.raises(ArffError) as caught:
        read_arff_rows(path)
    assert (caught.value.source, caught.value.line) == (str(path), line)
    assert fragment in caught.value.reason
    with pytest.raises(ArffError, match=rf"refused\.arff:{line}: "):
        load_arff(path, class_attribute=0)


def nested(depth: int, rows: str = "?,a\n") -> str:
    lines = ["@relation deep"]
    lines += [f"@attribute b{d} relational" for d in range(depth)]
    lines.append("@attribute x numeric")
    lines += [f"@end b{d}" for d in reversed(range(depth))]
    return "\n".join(lines) + "\n@attribute c {a,b}\n@data\n" + rows


def test_relational_attributes_nested_too_deep_are_an_error_naming_the_file(tmp_path):
    path = tmp_path / "deep.arff"
    path.write_text(nested(600))
    with pytest.raises(ArffError, match=rf"deep\.arff:{MAX_DEPTH + 2}: .*nests deeper than {MAX_DEPTH}"):
        load_arff(path)
    path.write_text(nested(MAX_DEPTH))
    assert load_arff(path).num_instances == 1


@pytest.mark.jvm
def test_nested_bags_read_as_weka_reads_them(weka_jvm):
    value = "'\\'\\\\\\'1\\\\\\'\\''"  # three levels: bag of a bag of a bag holding 1
    reading = same_reading(nested(3, f"{value},a\n?,b\n''\t,a\n"))
    assert isinstance(reading, Reading)
    one = "0x1.0000000000000p+0"
    assert reading.rows[0][0] == ((((((one,),),),),),)  # a bag's one row holds a bag whose one row holds ...


@pytest.mark.jvm
def test_unquoted_values_longer_than_csvs_limit_are_read(weka_jvm):
    long_word = "w" * 200_000
    long_number = "0" * 150_000 + "1.5"
    header = "@relation r\n@attribute s string\n@attribute x numeric\n@attribute c {a,b}\n@data\n"
    text = f"{header}{long_word},{long_number},a\n"
    reading = same_reading(text)
    assert isinstance(reading, Reading)
    assert reading.rows == ((long_word, "0x1.8000000000000p+0", "a"),)


# -- deliberately not copied (README, "Deliberate differences") ----------------------------------------


@pytest.mark.jvm
@pytest.mark.parametrize(
    ("row", "fragment"),
    [
        ("1,a,b", "a value after the last of the 2 attributes"),  # WEKA drops b without a word
        ("1,a,{NaN}", "instance weight {NaN} is not a number"),  # WEKA reads it as weight 1
        ("1,a,{Infinity}", "instance weight {Infinity} is not finite"),
    ],
)
def test_rows_weka_misreads_are_refused(weka_jvm, reader, row, fragment):
    text = HEADER + row + "\n2,b\n"
    assert isinstance(weka_reading(text), Reading)
    with pytest.raises(ArffError, match=r"<stream>:5: ") as caught:
        load_arff(io.StringIO(text))
    assert fragment in str(caught.value)


# -- generated files: every quoting and escape rule, against WEKA --------------------------------------

TEXT_CHARS = st.sampled_from(
    list("ab?@ \t,%{}'\"\\\n\r01x") + ["\u00e9", "\u20ac", "\u4e2d", "\U0001f600", "\x01", "u"]
)
TEXTS = st.text(TEXT_CHARS, min_size=0, max_size=6)
SPECIAL = set(" \t\n\r,%{}'\"") | {chr(c) for c in range(33)}
SIMPLE_ESCAPES = {"\x07": "a", "\b": "b", "\f": "f", "\n": "n", "\r": "r", "\t": "t", "\x0b": "v"}


@st.composite
def spelled(draw, text: str, *, bare_ok: bool = True) -> str:
    """One way of writing ``text`` as an ARFF token: bare if it can be, or quoted with escapes of every kind."""
    if bare_ok and text and not set(text) & SPECIAL and draw(st.booleans()):
        return text
    quote = draw(st.sampled_from("'\""))
    parts = []
    for i, char in enumerate(text):
        following = text[i + 1 : i + 2]
        options = []
        if char not in (quote, "\\", "\n", "\r"):
            options.append(char)
        if char not in "01234567abfnrtv":
            options.append("\\" + char)  # an escape Java does not know: the backslash is dropped
        if char in SIMPLE_ESCAPES:
            options.append("\\" + SIMPLE_ESCAPES[char])
        if ord(char) < 256 and following not in set("01234567"):
            options.append("\\" + format(ord(char), "o"))
        if ord(char) < 256:
            options.append("\\" + format(ord(char), "03o") if ord(char) < 64 else "\\" + format(ord(char), "o"))
        options = [o for o in options if not (o.startswith("\\") and len(o) > 2 and int(o[1:], 8) > 255)]
        parts.append(draw(st.sampled_from(options)))
    return quote + "".join(parts) + quote


NUMBERS = st.one_of(
    st.floats(allow_nan=False, allow_infinity=False, width=64).map(repr),
    st.floats(allow_nan=False, allow_infinity=False).map(lambda x: f"{x:g}"),
    st.integers(-(10**20), 10**20).map(str),
    st.decimals(allow_nan=False, allow_infinity=False, places=4).map(str),
    st.sampled_from(["-0", ".5", "5.", "+7", "1e5", "1E-5", "2.5d", "3f", "NaN", "Infinity", "-Infinity", "0x1.8p1"]),
    st.sampled_from(["0.1", "-12.345", "1234567.25", "9007199254740993", "123456789012345.6", "-0.0000001"]),
)


@st.composite
def arff_files(draw) -> str:
    """An ARFF text with names, labels, strings and numbers written in every way WEKA's tokenizer reads."""
    lines = [draw(st.sampled_from(["", "% a comment\n", "\n\n"])) + "@relation " + draw(spelled(draw(TEXTS)))]
    kinds = draw(st.lists(st.sampled_from(["numeric", "nominal", "string"]), min_size=1, max_size=4))
    if "string" in kinds and len(set(kinds)) == 1:
        kinds.append("numeric")  # a class for load_arff, whose weights are compared
    labels: dict[int, list[str]] = {}
    for i, kind in enumerate(kinds):
        name = draw(spelled(f"a{i}" + draw(TEXTS)))
        if kind == "nominal":
            labels[i] = draw(st.lists(TEXTS, min_size=1, max_size=4))
            separators = [draw(st.sampled_from([",", ", ", " ", ",\t"])) for _ in labels[i]]
            spelled_labels = "".join(
                sep + draw(spelled(label)) for sep, label in zip(separators, labels[i], strict=True)
            )
            declared = "{" + spelled_labels[len(separators[0]) :] + "}"
        else:
            declared = draw(st.sampled_from([kind, kind.upper(), f"'{kind}'", "real" if kind == "numeric" else kind]))
        lines.append(f"@attribute {name} {declared}" + draw(st.sampled_from(["", " % note", "\t"])))
    lines.append(draw(st.sampled_from(["@data", "@DATA", "@data % rows follow"])))
    for _ in range(draw(st.integers(0, 24))):
        values = []
        for i, kind in enumerate(kinds):
            if draw(st.integers(0, 9)) == 0:
                values.append("?")
            elif kind == "numeric":
                number = draw(NUMBERS)
                values.append(number if draw(st.integers(0, 5)) else f"'{number}'")
            elif kind == "nominal":
                values.append(draw(spelled(draw(st.sampled_from(labels[i])))))
            else:
                values.append(draw(spelled(draw(TEXTS))))
        separators = [draw(st.sampled_from([",", ", ", " ", ",,", "\t"])) for _ in values]
        if draw(st.integers(0, 5)) == 0:  # sparse
            cells = [f"{i}{draw(st.sampled_from([' ', ',']))}{v}" for i, v in enumerate(values) if draw(st.booleans())]
            row = "{" + ", ".join(cells) + "}"
        else:
            row = values[0] + "".join(sep + value for sep, value in zip(separators[1:], values[1:], strict=True))
        weight = draw(st.sampled_from(["", "", "", ",{2}", " {0.5}", "{-1.5e2}", ", { 0 }"]))
        lines.append(row + weight + draw(st.sampled_from(["", "", " % comment", ",", "\r"])))
    return "\n".join(lines) + draw(st.sampled_from(["\n", "", "\r\n"]))


@pytest.mark.jvm
@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=arff_files())
def test_generated_files_read_as_weka_reads_them(weka_jvm, text):
    same_reading(text)


TOKEN_SOUP = st.lists(st.sampled_from(list("a1.?,, {}'\"\\%\t\n-") + ["\u00e9", "\r\n"]), max_size=60).map("".join)


@pytest.mark.jvm
@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=TOKEN_SOUP)
def test_any_data_section_is_read_or_refused_as_weka_does(weka_jvm, data):
    text = "@relation soup\n@attribute n numeric\n@attribute c {a,'a 1',?,'\\'',1}\n@attribute s string\n@data\n" + data
    theirs = weka_reading(text)
    ours, rows = our_readings(text)
    assert ours == rows, text
    if isinstance(ours, str) and not isinstance(theirs, str):
        deliberate = ("after the last of the", "instance weight", "no row gives it a value")
        assert any(reason in ours for reason in deliberate), f"{ours}\n{text!r}"
    elif isinstance(theirs, str):
        assert isinstance(ours, str), f"WEKA refuses, wekaeval reads:\n{theirs}\n{text!r}"
    else:
        assert ours == theirs, text


def test_numbers_read_as_javas_parse_double_reads_them():
    """The columnar reader's bulk path against Java's rule, on numbers of every shape (no JVM: the rule is
    ``javamath.java_parse_double``, itself checked against the JVM in the tests above)."""
    rng = np.random.default_rng(7)
    doubles = (rng.standard_normal(3000) * 10.0 ** rng.integers(-12, 12, 3000)).tolist()
    texts = [repr(x) for x in doubles] + [f"{x:.6f}" for x in doubles] + [f"{x:.15g}" for x in doubles]
    texts += [f"-{struct.unpack('<q', rng.bytes(8))[0] % 10**15}.{i % 1000:03d}" for i in range(3000)]
    header = "@relation n\n@attribute x numeric\n@data\n"
    values = load_arff(io.StringIO(header + "\n".join(texts) + "\n")).class_values
    assert [v.hex() for v in values.tolist()] == [float(t).hex() for t in texts]
    assert all(math.copysign(1, v) == math.copysign(1, float(t)) for v, t in zip(values.tolist(), texts, strict=True))


@pytest.mark.jvm
def test_minus_zero_in_a_sparse_row_is_wekas_absent_zero(weka_jvm):
    """``SparseInstance`` keeps only values ``!= 0``: a sparse ``-0`` is WEKA's absent 0.0; a dense one stays -0.0."""
    reading = same_reading("@relation z\n@attribute x numeric\n@attribute y numeric\n@data\n{0 -0, 1 -0.0}\n-0,-0.0\n")
    assert isinstance(reading, Reading)
    assert reading.rows == (("0x0.0p+0", "0x0.0p+0"), ("-0x0.0p+0", "-0x0.0p+0"))
