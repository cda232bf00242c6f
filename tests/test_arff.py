"""load_arff reads what WEKA's ArffLoader reads, identically; malformed files name their line."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest

from wekaeval import ArffError, load_arff

ARFF_SAMPLES = Path(__file__).resolve().parent.parent / "arff_samples"
ALL_SAMPLES = sorted(ARFF_SAMPLES.glob("*.arff"))
# WEKA makes a date class numeric (milliseconds, in the JVM's time zone); the port refuses a date class.
CLASS_OVERRIDES = {"airline.arff": 0}


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
    class_index = CLASS_OVERRIDES.get(path.name, -1)
    ours = load_arff(path, class_attribute=class_index)
    theirs = weka_dataset(path, class_index)

    assert ours.relation == str(theirs.relationName())
    assert [a.name for a in ours.attributes] == [str(theirs.attribute(i).name()) for i in range(theirs.numAttributes())]
    for i, attribute in enumerate(ours.attributes):
        java = theirs.attribute(i)
        assert attribute.type == str(java.typeToString(java)), attribute.name
        if attribute.type == "nominal":
            assert attribute.values == tuple(str(java.value(j)) for j in range(java.numValues()))
    assert ours.class_index == theirs.classIndex()
    assert ours.num_instances == theirs.numInstances()
    class_values = np.asarray(theirs.attributeToDoubleArray(theirs.classIndex()), dtype=np.float64)
    assert np.array_equal(ours.class_values, class_values, equal_nan=True)
    weights = np.array([theirs.instance(i).weight() for i in range(theirs.numInstances())], dtype=np.float64)
    assert np.array_equal(ours.weights, weights)


def test_weighted_samples_do_carry_weights():
    data = load_arff(ARFF_SAMPLES / "weighted.arff")
    assert set(np.unique(data.weights)) >= {0.0, -0.5, 0.5, 1.0, 2.0}
    sparse = load_arff(ARFF_SAMPLES / "weighted-sparse.arff")
    assert (sparse.weights != 1.0).sum() > 50
    assert np.isnan(load_arff(ARFF_SAMPLES / "missing-class.arff").class_values).sum() == 30


def test_class_attribute_by_name_and_index():
    path = ARFF_SAMPLES / "weather.nominal.arff"
    assert load_arff(path, "outlook").class_names == ("sunny", "overcast", "rainy")
    assert load_arff(path, 0).class_index == 0
    assert load_arff(path, -1).class_names == ("yes", "no")
    assert load_arff(ARFF_SAMPLES / "cpu.arff").class_names is None


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
        ("@relation r\n@attribute x numeric\n@attribute c relational\n@data\n", 3, "relational"),
        ("@relation r\n@attribute x nonsense\n@data\n1\n", 2, ""),
        (HEADER + "{0 1, 1 a\n", 5, "}"),
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
        load_arff(ARFF_SAMPLES / "ReutersCorn-test.arff", 0)


def test_binary_file_objects_and_comment_inside_quotes():
    data = load_arff(io.BytesIO(b"@relation r\n@attribute c {'50% off',b}\n@data\n'50% off' % a comment\nb\n"))
    assert data.class_names == ("50% off", "b")
    assert data.class_values.tolist() == [0.0, 1.0]
