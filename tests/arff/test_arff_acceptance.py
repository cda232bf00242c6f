"""What WEKA's ArffLoader accepts, wekaeval accepts with the same values; what it refuses, wekaeval refuses on
its line (issue 38): nominal attributes without labels, dates in any attribute and in bags, sparse indices in
any script's digits, names WEKA reads as null; and the differences kept on purpose (docs/arff.md).

WEKA through the JVM is the oracle (``tests/oracles/arff_oracle.py``), both data readers of wekaeval each time.
"""

from __future__ import annotations

import io
import re
import unicodedata

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.arff.test_arff_tokens import our_readings, same_reading
from tests.oracles.arff_oracle import Reading, weka_reading
from wekaeval import ArffError, cross_validate
from wekaeval.arff import load_arff, read_arff_rows
from wekaeval.models import ModelDataError, to_xy

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def weka_line(refusal: str) -> int:
    """The line WEKA's refusal names (for a bag's, ``line 2 of line 7``: the file's line, the last)."""
    return int(re.findall(r"line (\d+)", refusal)[-1])


def our_error(text: str) -> ArffError:
    with pytest.raises(ArffError) as caught:
        read_arff_rows(io.BytesIO(text.encode("utf-8")))
    return caught.value


# -- nominal attributes without labels: every value missing -------------------------------------------------

EMPTY = "@relation r\n@attribute a {}\n@attribute x numeric\n@attribute c {y,n}\n@data\n" + "".join(
    f"?,{i},{'yn'[i % 2]}\n" for i in range(12)
)


@st.composite
def label_less_files(draw: st.DrawFn) -> str:
    """Files with one or more ``{}`` attributes among others, dense rows (``?`` or a value), some sparse."""
    kinds = draw(st.lists(st.sampled_from(["{}", "numeric", "{p,q}"]), min_size=1, max_size=4))
    kinds.insert(draw(st.integers(0, len(kinds))), "{}")
    lines = ["@relation r", *(f"@attribute a{i} {kind}" for i, kind in enumerate(kinds)), "@attribute c {y,n}", "@data"]
    values = {"{}": st.just("?"), "numeric": st.sampled_from(["1", "-2.5", "?"]), "{p,q}": st.sampled_from("pq?")}
    for _ in range(draw(st.integers(0, 20))):
        lines.append(",".join([draw(values[kind]) for kind in kinds] + [draw(st.sampled_from("yn?"))]))
    if draw(st.booleans()):  # a sparse row that gives every {} attribute ? (leaving one out: see below)
        given_ = [f"{i} ?" for i, kind in enumerate(kinds) if kind == "{}"]
        lines.append("{" + ", ".join(given_) + "}")
    return "\n".join(lines) + "\n"


@pytest.mark.jvm
@SETTINGS
@given(text=label_less_files())
def test_nominal_attributes_without_labels_read_as_weka_reads_them(weka_jvm, text):
    reading = same_reading(text)
    assert isinstance(reading, Reading)
    empty = [i for i, attribute in enumerate(reading.attributes) if attribute[2] == ()]
    assert empty and all(row[i] is None for row in reading.rows for i in empty)


@pytest.mark.jvm
def test_a_sparse_row_leaving_out_a_nominal_without_labels_is_refused(weka_jvm):
    """WEKA's value 0 there is the first of no labels (its ``stringValue`` fails): refused, like a string's."""
    for text in (
        EMPTY + "{1 5, 2 n}\n",
        "@relation r\n@attribute b relational\n@attribute a {}\n@attribute x numeric\n@end b\n@attribute c {y,n}\n"
        '@data\n"{1 1}\\n{1 2}",y\n',
    ):
        assert isinstance(weka_reading(text), str)
        for ours in our_readings(text):
            assert isinstance(ours, str) and "it has no labels" in ours, ours


def weka_cross_validation(scheme: str, path: str, folds: int) -> tuple[float, float]:
    """WEKA's ``crossValidateModel(scheme, data, folds, new Random(1))``: percent correct and kappa."""
    import jpype

    loader = jpype.JClass("weka.core.converters.ArffLoader")()
    loader.setFile(jpype.JClass("java.io.File")(path))
    data = loader.getDataSet()
    data.setClassIndex(data.numAttributes() - 1)
    evaluation = jpype.JClass("weka.classifiers.Evaluation")(data)
    random = jpype.JClass("java.util.Random")(1)
    evaluation.crossValidateModel(jpype.JClass(scheme)(), data, folds, random, jpype.JArray(jpype.JObject)([]))
    return float(evaluation.pctCorrect()), float(evaluation.kappa())


@pytest.mark.jvm
def test_models_take_a_nominal_without_labels_as_weka_does(weka_jvm, tmp_path):
    path = tmp_path / "empty.arff"
    path.write_text(EMPTY)
    X, y = to_xy(str(path))
    assert X.shape == (12, 1) and to_xy(str(path), nominal="ordinal")[0].shape == (12, 2)
    from sklearn.dummy import DummyClassifier

    for scheme in ("weka.classifiers.rules.ZeroR", "weka.classifiers.trees.J48"):
        ours = cross_validate(scheme, str(path), folds=3)
        assert (ours.percent_correct, ours.kappa) == weka_cross_validation(scheme, str(path), folds=3)
    assert cross_validate(DummyClassifier(), str(path), folds=3).num_instances == 12
    labelless_class = tmp_path / "class.arff"
    labelless_class.write_text("@relation r\n@attribute x numeric\n@attribute c {}\n@data\n1,?\n2,?\n")
    with pytest.raises(ModelDataError, match=r"class attribute 'c' is nominal without labels"):
        cross_validate("weka.classifiers.rules.ZeroR", str(labelless_class), folds=2)


# -- dates: WEKA parses every one, and refuses the file at the first it cannot -------------------------------


@st.composite
def dated_files(draw: st.DrawFn) -> str:
    """A date attribute that is not the class, at the top or in a bag, with dates that may not exist."""
    dates = st.builds(
        lambda y, m, d: f"{y:04d}-{m:02d}-{d:02d}", st.integers(1999, 2001), st.integers(1, 13), st.integers(0, 32)
    )
    values = draw(st.lists(st.one_of(dates, st.just("?")), min_size=1, max_size=8))
    if draw(st.booleans()):
        rows = "".join(f"{value},{'yn'[i % 2]}\n" for i, value in enumerate(values))
        return f"@relation d\n@attribute when date yyyy-MM-dd\n@attribute c {{y,n}}\n@data\n{rows}"
    bags = [values[i : i + 3] for i in range(0, len(values), 3)]
    rows = "".join('"' + "\\n".join(f"{v},1" for v in bag) + f'",{"yn"[i % 2]}\n' for i, bag in enumerate(bags))
    header = "@relation d\n@attribute b relational\n@attribute when date yyyy-MM-dd\n@attribute x numeric\n@end b\n"
    return header + f"@attribute c {{y,n}}\n@data\n{rows}"


@pytest.mark.jvm
@SETTINGS
@given(text=dated_files())
def test_dates_are_refused_where_weka_refuses_them_on_its_line(weka_jvm, text):
    theirs = weka_reading(text)
    reading = same_reading(text)
    if isinstance(theirs, str):
        assert "unparseable date" in theirs and "unparseable date" in str(reading)
        assert our_error(text).line == weka_line(theirs), (theirs, str(reading))


@pytest.mark.jvm
def test_unparseable_dates_are_refused_by_both_readers(weka_jvm, monkeypatch):
    """A long plain run (the columnar reader) with a bad date deep inside; load_arff with another class too."""
    good = "".join(f"2020-01-{d:02d},{d}\n" for d in range(1, 29)) * 3
    header = "@relation d\n@attribute when date yyyy-MM-dd\n@attribute x numeric\n@data\n"
    text = header + good + "2020-02-30,1\n" + good
    theirs = weka_reading(text)
    assert isinstance(theirs, str)
    for ours in our_readings(text):
        assert isinstance(ours, str) and "unparseable date '2020-02-30' for 'when'" in ours
    with pytest.raises(ArffError, match="unparseable date") as caught:
        load_arff(io.StringIO(text), class_attribute="x")
    assert caught.value.line == weka_line(theirs) == 89


def test_dates_in_a_daylight_saving_gap_are_refused_in_that_zone():
    text = "@relation d\n@attribute when date 'yyyy-MM-dd HH:mm'\n@attribute x numeric\n@data\n'2021-03-28 02:30',1\n"
    assert read_arff_rows(io.StringIO(text))[2] == [["2021-03-28 02:30", 1.0]]
    with pytest.raises(ArffError, match="unparseable date"):
        read_arff_rows(io.StringIO(text), timezone="Europe/Berlin")


# -- sparse indices in any script's digits (Integer.valueOf reads them) ---------------------------------------

#: Every script's digit zero (its digits follow it), beyond U+FFFF too: two chars in Java, where they are no digits.
ZEROS = [chr(c) for c in range(0x110000) if unicodedata.category(chr(c)) == "Nd" and unicodedata.decimal(chr(c)) == 0]


@pytest.mark.jvm
@SETTINGS
@given(index=st.integers(0, 11), zero=st.sampled_from(ZEROS))
def test_sparse_indices_in_any_scripts_digits(weka_jvm, index, zero):
    written = "".join(chr(ord(zero) + int(d)) for d in str(index))
    header = "@relation u\n" + "".join(f"@attribute x{i} numeric\n" for i in range(12)) + "@attribute c {y,n}\n@data\n"
    reading = same_reading(header + f"{{{written} 5}}\n")
    assert isinstance(reading, Reading) == (ord(zero) < 0x10000)


# -- a brace where a name belongs: WEKA's name is null --------------------------------------------------------


@pytest.mark.jvm
@pytest.mark.parametrize(
    "header",
    [
        "@relation {\n@attribute { numeric\n",
        "@relation }\n@attribute } {a,b}\n",
        "@relation r\n@attribute { {a,b}\n",
        "@relation r\n@attribute { date yyyy\n",
        "@relation r\n@attribute { string\n",
        "@relation r\n@attribute { numeric\n@attribute } numeric\n",  # two null names: not unique
        "@relation r\n@attribute { relational\n@attribute y numeric\n@end x\n",  # WEKA: NullPointerException
        "@relation { x\n@attribute y numeric\n",
    ],
)
def test_a_brace_for_a_name_is_wekas_null(weka_jvm, header):
    reading = same_reading(header + "@attribute c {y,n}\n@data\n")
    if isinstance(reading, Reading):
        assert reading.relation is None or any(a[0] is None for a in reading.attributes)


def test_models_and_experiments_on_names_weka_reads_as_null(weka_jvm, tmp_path):
    """WEKA's schemes run on such data (``crossValidateModel``), its Experimenter fails on a relation without a
    name (a NullPointerException, quoting it): refused, unless the dataset is named."""
    from wekaeval import experiment

    path = tmp_path / "unnamed.arff"
    path.write_text("@relation {\n@attribute { numeric\n@attribute c {y,n}\n@data\n" + "1,y\n2,n\n3,y\n" * 4)
    ours = cross_validate("weka.classifiers.trees.J48", str(path), folds=3)
    assert (ours.percent_correct, ours.kappa) == weka_cross_validation("weka.classifiers.trees.J48", str(path), 3)
    assert to_xy(str(path))[0].shape == (12, 1)
    import jpype

    from wekaeval.bridge import dataset_from_instances

    loader = jpype.JClass("weka.core.converters.ArffLoader")()
    loader.setFile(jpype.JClass("java.io.File")(str(path)))
    instances = loader.getDataSet()
    instances.setClassIndex(1)
    theirs, read = dataset_from_instances(instances), load_arff(str(path))
    assert (theirs.relation, theirs.attributes) == (read.relation, read.attributes) == (None, read.attributes)
    assert read.attributes[0].name is None
    with pytest.raises(experiment.ExperimentError, match="without a name"):
        experiment.run([str(path)], ["weka.classifiers.rules.ZeroR"], runs=1, folds=2, results=tmp_path / "r.arff")
    named = experiment.run(
        {"unnamed": str(path)}, ["weka.classifiers.rules.ZeroR"], runs=1, folds=2, results=tmp_path / "n.arff"
    )
    assert named.column("Key_Dataset") == ["unnamed", "unnamed"]


# -- differences kept on purpose (docs/arff.md, "Where wekaeval differs") --------------------------------------


@pytest.mark.jvm
def test_a_utf8_byte_order_mark_is_read_where_weka_refuses_it(weka_jvm):
    text = "@relation r\n@attribute x numeric\n@data\n1\n"
    marked = b"\xef\xbb\xbf" + text.encode()
    assert "keyword @relation expected" in str(weka_reading(marked))
    assert read_arff_rows(io.BytesIO(marked)) == read_arff_rows(io.BytesIO(text.encode()))


@pytest.mark.jvm
def test_invalid_utf8_is_refused_where_weka_reads_a_replacement_character(weka_jvm):
    raw = b"@relation r\n@attribute s string\n@data\nab\xffcd\n"
    theirs = weka_reading(raw)
    assert isinstance(theirs, Reading) and theirs.rows == (("ab\ufffdcd",),)
    with pytest.raises(ArffError, match=r"not UTF-8 text \(byte 0xff\)") as caught:
        read_arff_rows(io.BytesIO(raw))
    assert caught.value.line == 4
    assert read_arff_rows(io.BytesIO(raw), encoding="cp1252")[2] == [["ab\u00ffcd"]]


def test_a_line_over_the_bound_is_refused():
    """WEKA reads a line of any length; wekaeval bounds a line at 2**24 characters (``MAX_LINE``)."""
    from wekaeval._textsource import MAX_LINE

    raw = b"@relation r\n@attribute s string\n@data\n" + b"a" * (MAX_LINE + 1) + b"\n"
    with pytest.raises(ArffError, match="longer than") as caught:
        read_arff_rows(io.BytesIO(raw))
    assert caught.value.line == 4


@settings(max_examples=300, deadline=None)
@given(
    pattern=st.sampled_from(["yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd", "dd/MM/yyyy HH:mm", "yyyyMMdd", "HH:mm:ss.SSS"]),
    fields=st.tuples(*(st.integers(0, 10**k - 1) for k in (4, 2, 2, 2, 2, 2, 3))),
    zone=st.sampled_from(["UTC", "Etc/UTC", "Europe/Berlin"]),
)
def test_dates_told_at_once_are_dates_parse_reads(pattern, fields, zone):
    """The shortcut for plain numeric dates (``PlainDates``) tells exactly the dates ``parse`` reads, in its layout
    and Gregorian years, in zones without daylight saving; nothing in others."""
    from wekaeval.arff._dates import DateParser
    from wekaeval.arff._plaindates import PlainDates

    year, month, day, hour, minute, second, milli = fields
    values = {"yyyy": f"{year:04d}", "MM": f"{month:02d}", "dd": f"{day:02d}", "HH": f"{hour:02d}"}
    values.update({"mm": f"{minute:02d}", "ss": f"{second:02d}", "SSS": f"{milli:03d}"})
    text = re.sub(r"yyyy|MM|dd|HH|mm|ss|SSS", lambda m: values[m.group()], pattern.replace("'T'", "T"))
    parser = DateParser(pattern, zone)
    plain = PlainDates.of(parser)
    if zone == "Europe/Berlin":
        assert plain is None
        return
    assert plain is not None
    sure = bool(plain.surely([text])[0])  # one by one, and in bulk (numpy) for many
    assert plain.surely([text] * 100).tolist() == [sure] * 100
    if year >= 1583 or "yyyy" not in pattern:
        assert sure == (parser.parse(text) is not None), text
    else:
        assert not sure
