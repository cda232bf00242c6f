"""load_arff reads what WEKA's ArffLoader reads, identically; malformed files name their line."""

from __future__ import annotations

import datetime as dt
import io

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.paths import ARFF_SAMPLES
from wekaeval import ArffError, load_arff
from wekaeval.arff import read_arff_rows

ALL_SAMPLES = sorted(ARFF_SAMPLES.glob("*.arff"))


def weka_dataset(path, class_index):
    import jpype

    loader = jpype.JClass("weka.core.converters.ArffLoader")()
    loader.setFile(jpype.JClass("java.io.File")(str(path)))
    data = loader.getDataSet()
    data.setClassIndex(class_index % data.numAttributes())
    return data


@pytest.mark.jvm
@pytest.mark.parametrize("path", ALL_SAMPLES, ids=lambda p: p.name)
def test_every_sample_reads_as_weka_reads_it(weka_jvm, path):
    import jpype

    zone = str(jpype.JClass("java.util.TimeZone").getDefault().getID())  # a date class is read in it
    ours = load_arff(path, timezone=zone)
    theirs = weka_dataset(path, -1)

    assert ours.relation == str(theirs.relationName())
    assert [a.name for a in ours.attributes] == [str(theirs.attribute(i).name()) for i in range(theirs.numAttributes())]
    for i, attribute in enumerate(ours.attributes):
        java = theirs.attribute(i)
        assert attribute.type == str(java.typeToString(java)), attribute.name
        if attribute.type == "nominal":
            assert attribute.values == tuple(str(java.value(j)) for j in range(java.numValues()))
        if attribute.type == "relational":
            nested = java.relation()
            assert [a.name for a in attribute.relation] == [
                str(nested.attribute(j).name()) for j in range(nested.numAttributes())
            ]
    assert ours.class_index == theirs.classIndex()
    assert ours.num_instances == theirs.numInstances()
    class_values = np.asarray(theirs.attributeToDoubleArray(theirs.classIndex()), dtype=np.float64)
    assert np.array_equal(ours.class_values, class_values, equal_nan=True)
    weights = np.array([theirs.instance(i).weight() for i in range(theirs.numInstances())], dtype=np.float64)
    assert np.array_equal(ours.weights, weights)
    bags = [i for i, attribute in enumerate(ours.attributes) if attribute.type == "relational"]
    if bags:
        rows = read_arff_rows(path)[2]
        for i in bags:
            sizes = [
                None if theirs.instance(k).isMissing(i) else theirs.instance(k).relationalValue(i).numInstances()
                for k in range(theirs.numInstances())
            ]
            assert [None if row[i] is None else len(row[i]) for row in rows] == sizes


def test_weighted_samples_do_carry_weights():
    data = load_arff(ARFF_SAMPLES / "weighted.arff")
    assert set(np.unique(data.weights)) >= {0.0, -0.5, 0.5, 1.0, 2.0}
    sparse = load_arff(ARFF_SAMPLES / "weighted-sparse.arff")
    assert (sparse.weights != 1.0).sum() > 50
    assert np.isnan(load_arff(ARFF_SAMPLES / "missing-class.arff").class_values).sum() == 30


def test_class_attribute_by_name_and_index():
    path = ARFF_SAMPLES / "picnic.arff"
    assert load_arff(path, "outlook").class_names == ("sunny", "overcast", "rainy")
    assert load_arff(path, 0).class_index == 0
    assert load_arff(path, -1).class_names == ("yes", "no")
    assert load_arff(ARFF_SAMPLES / "numeric-class.arff").class_names is None
    assert load_arff(ARFF_SAMPLES / "date-class.arff").class_attribute.type == "date"


def arff(text: str):
    return load_arff(io.StringIO(text))


HEADER = "@relation r\n@attribute x numeric\n@attribute c {a,b}\n@data\n"


@pytest.mark.parametrize(
    ("text", "line", "fragment"),
    [
        (HEADER + "1,a\n2,z\n", 6, "z"),
        (HEADER + "1,a\nx,b\n", 6, ""),
        (HEADER + "1,a\n1,a,b\n", 6, ""),
        (HEADER + "1,a,{abc}\n", 5, "weight"),
        (HEADER + "1,a,{NaN}\n", 5, "weight"),
        (HEADER + "1,a,{1} {2}\n", 5, "weight"),
        ("@relation r\n@attribute x numeric\n@attribute c {a,b}\n", 3, "@data"),
        ("@relation r\n@attribute x numeric\n@attribute c relational\n@data\n", 4, "@end c"),
        ("@relation r\n@attribute b relational\n@attribute x numeric\n", 3, "@end b"),
        ("@relation r\n@end b\n@data\n", 2, "'@end b' without a relational attribute"),
        (
            "@relation r\n@attribute b relational\n@attribute x numeric\n@end b\n@attribute c {a,b}\n@data\n"
            "'1\\n2,3',a\n",
            7,
            "bag row 2",
        ),
        (
            "@relation r\n@attribute b relational\n@attribute x {u}\n@end b\n@attribute c {a,b}\n@data\n'u',a\n'v',b\n",
            8,
            "in relational attribute 'b', bag row 1: 'v' is not a label",
        ),
        ("@relation r\n@attribute d date 'yyyy-MM-dd'\n@data\n2020-01-01\n2020-02-30\n", 5, "unparseable date"),
        ("@relation r\n@attribute d date 'yyyy-ww'\n@data\n2020-01\n", 2, "'w' is not supported"),
        ("@relation r\n@attribute x nonsense\n@data\n1\n", 2, ""),
        (HEADER + "{0 1, 1 a\n", 5, "}"),
        (
            "@relation r\n@attribute x numeric\n@ATRIBUTE y numeric\n@attribute c {a,b}\n@data\n1,2,a\n",
            3,
            "unknown declaration '@ATRIBUTE'",
        ),  # a typo in the header, not the first data row, is to blame
        ("@relation r\nx numeric\n@data\n1\n", 2, "'x numeric' is no declaration"),
    ],
)
def test_malformed_files_name_their_line(text, line, fragment):
    with pytest.raises(ArffError) as caught:
        arff(text)
    assert caught.value.line == line
    assert str(caught.value).startswith(f"<stream>:{line}: ")
    assert fragment in str(caught.value)


def test_errors_name_the_file(tmp_path):
    path = tmp_path / "broken.arff"
    path.write_text(HEADER + "1,a\n2,q\n")
    with pytest.raises(ArffError, match=r"broken\.arff:6: "):
        load_arff(path)
    with pytest.raises(ArffError, match=r"missing\.arff: cannot read"):
        load_arff(tmp_path / "missing.arff")
    path.write_bytes(HEADER.encode() + b"1,\xff\n")
    with pytest.raises(ArffError, match=r"broken\.arff:5: not UTF-8"):
        load_arff(path)


def test_bad_class_attribute_is_named():
    with pytest.raises(ArffError, match="'nope' is not one of the attributes"):
        load_arff(ARFF_SAMPLES / "iris.arff", "nope")
    with pytest.raises(ArffError, match="out of range"):
        load_arff(ARFF_SAMPLES / "iris.arff", 9)
    with pytest.raises(ArffError, match="string attribute"):
        load_arff(ARFF_SAMPLES / "text-test.arff", 0)


def test_binary_file_objects_and_comment_inside_quotes():
    data = load_arff(io.BytesIO(b"@relation r\n@attribute c {'50% off',b}\n@data\n'50% off' % a comment\nb\n"))
    assert data.class_names == ("50% off", "b")
    assert data.class_values.tolist() == [0.0, 1.0]


# -- date classes: WEKA's milliseconds in the JVM's default time zone -----------------------------


@pytest.fixture
def jvm_time_zone(weka_jvm):
    """Set the JVM's default time zone for one test (before WEKA builds its SimpleDateFormat), then restore it."""
    import jpype

    time_zone = jpype.JClass("java.util.TimeZone")
    saved = time_zone.getDefault()

    def set_zone(name: str) -> None:
        time_zone.setDefault(time_zone.getTimeZone(name))

    yield set_zone
    time_zone.setDefault(saved)


DATE_FILES = {
    "default pattern": (
        "",
        [
            "1970-01-01T00:00:00",
            "1969-12-31T23:59:59",
            "1900-01-01T00:00:00",
            "1850-06-30T12:00:00",
            "2021-03-14T03:30:00",
            "2021-11-07T01:30:00",
            "2021-10-31T02:30:00",
            "2021-04-04T02:30:00",
            "2050-07-01T00:00:00",
            "?",
            "'2000-02-29T12:00:00'",
            "1582-10-04T00:00:00",
        ],
    ),
    "day pattern": (
        " 'dd.MM.yyyy'",
        ["01.01.1970", "31.12.1969", "29.02.2000", "15.10.1582", "04.10.1582", "01.01.0001", "28.03.2021", "?"],
    ),
    "text pattern": (
        ' "EEE, d MMM yyyy HH:mm:ss Z"',
        ["'Mon, 3 Feb 2020 10:00:00 +0100'", "'Sun, 31 Dec 1899 23:59:59 -0000'", "'Sat, 1 Jan 2050 00:00:00 +1400'"],
    ),
    "twelve hours": (
        " 'MM/dd/yy hh:mm a'",
        ["'11/07/21 01:30 AM'", "'03/14/21 02:30 PM'", "'01/01/70 12:00 am'", "'12/31/99 11:59 PM'"],
    ),
}


def date_file(tmp_path, pattern, values):
    path = tmp_path / "dates.arff"
    rows = "\n".join(f"{i},{value}" for i, value in enumerate(values))
    path.write_text(f"@relation dates\n@attribute x numeric\n@attribute when date{pattern}\n@data\n{rows}\n")
    return path


@pytest.mark.jvm
@pytest.mark.parametrize("zone", ["UTC", "America/New_York", "Europe/Berlin", "Australia/Sydney", "Asia/Kolkata"])
@pytest.mark.parametrize("kind", sorted(DATE_FILES))
def test_a_date_class_is_wekas_milliseconds_in_the_jvms_zone(jvm_time_zone, tmp_path, zone, kind):
    pattern, values = DATE_FILES[kind]
    path = date_file(tmp_path, pattern, values)
    jvm_time_zone(zone)
    theirs = weka_dataset(path, -1)
    ours = load_arff(path, timezone=zone)
    assert ours.class_attribute.type == "date" == str(theirs.classAttribute().typeToString(theirs.classAttribute()))
    expected = np.asarray(theirs.attributeToDoubleArray(theirs.classIndex()), dtype=np.float64)
    assert np.array_equal(ours.class_values, expected, equal_nan=True), (kind, zone)


@pytest.mark.jvm
def test_a_tzinfo_is_a_zone_too(jvm_time_zone, tmp_path):
    import datetime as dt
    from zoneinfo import ZoneInfo

    path = date_file(tmp_path, "", ["2021-11-07T01:30:00", "1969-07-20T20:17:40"])
    jvm_time_zone("America/New_York")
    expected = np.asarray(weka_dataset(path, -1).attributeToDoubleArray(1), dtype=np.float64)
    assert np.array_equal(load_arff(path, timezone=ZoneInfo("America/New_York")).class_values, expected)
    fixed = load_arff(path, timezone=dt.timezone(dt.timedelta(hours=-4))).class_values
    assert fixed[1] == expected[1]  # July 1969 in New York: EDT, four hours behind UTC
    with pytest.raises(ArffError, match="not a known IANA time zone"):
        load_arff(path, timezone="Nowhere/Special")


@pytest.mark.jvm
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    moments=st.lists(
        st.datetimes(min_value=dt.datetime(1800, 1, 1), max_value=dt.datetime(2200, 12, 31)), min_size=1, max_size=20
    ),
    zone=st.sampled_from(["UTC", "Europe/Berlin", "America/New_York", "Australia/Sydney"]),
)
def test_random_date_classes_match_weka(jvm_time_zone, tmp_path_factory, moments, zone):
    path = date_file(tmp_path_factory.mktemp("dates"), "", [m.strftime("%Y-%m-%dT%H:%M:%S") for m in moments])
    jvm_time_zone(zone)
    expected = np.asarray(weka_dataset(path, -1).attributeToDoubleArray(1), dtype=np.float64)
    assert np.array_equal(load_arff(path, timezone=zone).class_values, expected)


# -- relational attributes (multi-instance bags) -------------------------------------------------

BAGS = """% multi-instance data: each bag holds rows of the nested attributes
@relation musk
@attribute id {b1,b2,b3,b4}
@attribute bag relational
  @attribute f1 numeric
  @attribute f2 {lo,hi} % a comment
  @attribute note string
@end bag
@attribute class {yes,no}
@data
b1,'1.5,lo,x\\n2.5,hi,\\'y z\\'\\n?,?,?',yes
b2,"3,hi,a",no,{2.5}
b3,'',yes
b4,?,?,{0.5}
"""


@pytest.mark.jvm
@pytest.mark.parametrize("class_index", [-1, 0])
def test_relational_bags_read_as_weka_reads_them(weka_jvm, tmp_path, class_index):
    path = tmp_path / "bags.arff"
    path.write_text(BAGS)
    ours = load_arff(path, class_attribute=class_index)
    theirs = weka_dataset(path, class_index)
    java_bag = theirs.attribute(1)
    assert (
        [a.type for a in ours.attributes]
        == [str(theirs.attribute(i).typeToString(theirs.attribute(i))) for i in range(3)]
        == ["nominal", "relational", "nominal"]
    )
    nested = java_bag.relation()
    assert [(a.name, a.type) for a in ours.attributes[1].relation] == [
        (str(nested.attribute(i).name()), str(nested.attribute(i).typeToString(nested.attribute(i))))
        for i in range(nested.numAttributes())
    ]
    expected = np.asarray(theirs.attributeToDoubleArray(theirs.classIndex()), dtype=np.float64)
    assert np.array_equal(ours.class_values, expected, equal_nan=True)
    assert np.array_equal(ours.weights, [theirs.instance(i).weight() for i in range(theirs.numInstances())])
    _, _, rows = read_arff_rows(path)
    sizes = [
        None if theirs.instance(i).isMissing(1) else theirs.instance(i).relationalValue(1).numInstances()
        for i in range(theirs.numInstances())
    ]
    assert [None if row[1] is None else len(row[1]) for row in rows] == sizes == [3, 1, 0, None]
    assert rows[0][1] == ([1.5, "lo", "x"], [2.5, "hi", "y z"], [None, None, None])


def test_relational_attribute_shape():
    relation, attributes, rows = read_arff_rows(io.StringIO(BAGS))
    bag = attributes[1]
    assert (bag.type, [a.name for a in bag.relation], bag.relation[1].values) == (
        "relational",
        ["f1", "f2", "note"],
        ("lo", "hi"),
    )
    assert load_arff(io.StringIO(BAGS)).num_instances == 4
    with pytest.raises(ArffError, match="relational attribute"):
        load_arff(io.StringIO(BAGS), class_attribute="bag")


SPARSE_BAGS = """@relation sparse-bags
@attribute x numeric
@attribute bag relational
  @attribute y numeric
@end bag
@attribute c {a,b}
@data
{0 1, 1 '1\\n2\\n3', 2 b}
{0 2, 2 b}
{1 '4', 2 b} {3}
{0 3}
"""


@pytest.mark.jvm
def test_a_sparse_row_without_its_bag_gets_wekas_first_bag(weka_jvm, tmp_path):
    path = tmp_path / "sparse-bags.arff"
    path.write_text(SPARSE_BAGS)
    theirs = weka_dataset(path, -1)
    sizes = [theirs.instance(k).relationalValue(1).numInstances() for k in range(theirs.numInstances())]
    rows = read_arff_rows(path)[2]
    assert [len(row[1]) for row in rows] == sizes == [3, 3, 1, 3]
    ours = load_arff(path)
    expected = np.asarray(theirs.attributeToDoubleArray(2), dtype=np.float64)
    assert np.array_equal(ours.class_values, expected)
    assert np.array_equal(ours.weights, [1.0, 1.0, 3.0, 1.0])
    # a sparse row before the first bag: WEKA's 0 is the first bag of the file, read later
    later = SPARSE_BAGS.replace("{0 1, 1 '1\\n2\\n3', 2 b}", "{0 1, 2 b}")
    assert [row[1] for row in read_arff_rows(io.StringIO(later))[2]] == [([4.0],)] * 4
    path.write_text(later)
    theirs = weka_dataset(path, -1)
    assert [theirs.instance(k).relationalValue(1).instance(0).value(0) for k in range(4)] == [4.0] * 4
    no_bag = later.replace("{1 '4', 2 b}", "{2 b}")
    with pytest.raises(ArffError, match=r"<stream>:8: a sparse row leaves relational attribute 'bag' out"):
        load_arff(io.StringIO(no_bag))


@pytest.mark.parametrize(
    "declaration",
    ["@attribute a numeric", "@attribute c {x}", "@ATTRIBUTE s string", "@attribute d date 'yyyy'", "@attribute e {z}"],
)
def test_a_file_ending_right_after_an_attribute_line_is_refused_with_its_line(tmp_path, declaration):
    """WEKA's ArffReader loops for ever on such a file (no newline after the last @attribute line, no @data):
    wekaeval refuses it, naming the file and line (docs/quirks.md, "Where WEKA is wrong")."""
    path = tmp_path / "cut.arff"
    path.write_text(f"@relation r\n@attribute first numeric\n{declaration}")
    message = r"cut\.arff:3: end of line expected after the declaration of attribute '\w+', found the end of the file"
    with pytest.raises(ArffError, match=message):
        load_arff(path)
    with pytest.raises(ArffError, match=message):
        list(read_arff_rows(path))
