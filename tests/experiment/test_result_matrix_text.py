"""wekaeval.experiment prints what WEKA's ResultMatrix classes print, byte for byte.

Hypothesis fills a WEKA result matrix in the JVM and the port the same way -- names with spaces, quotes,
line breaks and filter suffixes, means and std devs with NaN, infinities and huge values, significances,
counts, hidden rows and columns, orders, every option in any order, header, summary, ranking, copies
between formats -- and compares every ``to_string_*`` text (or that both throw).
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from wekaeval.experiment import RESULT_MATRICES as FORMATS
from wekaeval.experiment import (
    SIGNIFICANCE_LOSS,
    SIGNIFICANCE_WIN,
    ResultMatrixCSV,
    ResultMatrixError,
    ResultMatrixGnuPlot,
    ResultMatrixHTML,
    ResultMatrixLatex,
    ResultMatrixPlainText,
    ResultMatrixSignificance,
)

RENDERINGS = [
    ("toStringMatrix", "to_string_matrix"),
    ("toStringKey", "to_string_key"),
    ("toStringHeader", "to_string_header"),
    ("toStringSummary", "to_string_summary"),
    ("toStringRanking", "to_string_ranking"),
]


@pytest.fixture(scope="module")
def weka(weka_jvm):
    import jpype

    classes = {name: jpype.JClass(f"weka.experiment.{name}") for name in FORMATS}
    return classes, jpype


# -- what to fill a matrix with ------------------------------------------------------------------

NAMES = [
    "iris",
    "labor",
    "weather.symbolic",
    "x_y",
    "a",
    "",
    "  padded  ",
    "breast-cancer",
    "iris-weka.filters.unsupervised.attribute.Remove-R1",
    "soybean-weka.filters.supervised.instance.Resample",
    "trees.J48 '-C 0.25 -M 2' -217733168393644444",
    "rules.ZeroR '' 48055541465867954",
    "weka.classifiers.functions.SMO '-C 1.0 -L 0.001 -P 1.0E-12 -N 0' -6585883636378691736",
    "bayes.NaiveBayes",
    "a_very_long_dataset_name_that_goes_on_and_on_and_on_and_on",
    "50% {x}, y?",
    "back\\slash",
    'dq"uote',
    "tab\there",
    "line\nbreak",
    "cr\rhere",
    "nel\u0085x",
    "ls\u2028x",
    "caf\u00e9 \u03bb",
    "x-unsupervised.y",
    "?",
]
names = st.one_of(st.sampled_from(NAMES), st.text(st.sampled_from("abcXYZ019 _-.,'\"\\%{}?\t\n\u00e9"), max_size=30))


class Bytes:
    """``count`` groups of ``width`` bytes from one ``st.binary`` draw: a matrix's cells drawn in one go, not
    several draws a cell (hypothesis spends ~0.1 ms a draw), each value decoded from its bytes so that every
    value the per-cell strategies could draw still can be."""

    def __init__(self, draw, count: int, width: int):
        self._blob = draw(st.binary(min_size=count * width, max_size=count * width))
        self._width = width
        self._at = 0

    def next(self) -> bytes:
        self._at += self._width
        return self._blob[self._at - self._width : self._at]


#: A mean is any double in [0, 100], a multiple of 0.01 up to 100, any double in [-1e6, 1e6], or one of these.
MEAN_VALUES = [math.nan, math.nan, math.inf, -math.inf, -0.0, 0.0, 1e15, -1e12, 99.995, 0.005, 1e-9, 123456.789, -0.004]
#: A std dev is any double in [0, 50], a multiple of 0.01 up to 10, or one of these.
STD_DEV_VALUES = [math.nan, math.inf, 0.0, 1e9, 0.125, 0.0049]


def mean(draw, three: bytes) -> float:
    """A mean of one of its four kinds, chosen by the first byte: the floats drawn, the rest from the bytes."""
    kind, wide = three[0] % 4, three[1] * 256 + three[2]
    if kind == 0:
        return draw(st.floats(0, 100))
    if kind == 1:
        return wide % 10001 / 100
    if kind == 2:
        return draw(st.floats(-1e6, 1e6))
    return MEAN_VALUES[three[1] % len(MEAN_VALUES)]


def std_dev(draw, three: bytes) -> float:
    """A std dev of one of its three kinds, as :func:`mean` draws a mean."""
    kind, wide = three[0] % 3, three[1] * 256 + three[2]
    if kind == 0:
        return draw(st.floats(0, 50))
    if kind == 1:
        return wide % 1001 / 100
    return STD_DEV_VALUES[three[1] % len(STD_DEV_VALUES)]


def small_or_large(three: bytes) -> int:
    """``st.integers(0, 1500) | st.integers(0, 12)`` from three bytes."""
    return three[1] % 13 if three[0] % 2 else (three[1] * 256 + three[2]) % 1501


counts = st.one_of(
    st.integers(0, 120).map(float),
    st.integers(0, 2000).map(float),
    st.floats(0, 1000),
    st.sampled_from([math.nan, math.inf, -1.5, 10000.0]),
)

#: Options: (WEKA's setter, the port's attribute, values).
OPTIONS = [
    ("setMeanPrec", "mean_prec", st.integers(-1, 6)),
    ("setStdDevPrec", "std_dev_prec", st.integers(-1, 6)),
    ("setColNameWidth", "col_name_width", st.integers(-1, 30)),
    ("setRowNameWidth", "row_name_width", st.integers(-1, 45)),
    ("setMeanWidth", "mean_width", st.integers(-1, 10)),
    ("setStdDevWidth", "std_dev_width", st.integers(-1, 10)),
    ("setSignificanceWidth", "significance_width", st.integers(-1, 3)),
    ("setCountWidth", "count_width", st.integers(-1, 9)),
    ("setShowStdDev", "show_std_dev", st.booleans()),
    ("setShowAverage", "show_average", st.booleans()),
    ("setRemoveFilterName", "remove_filter_name", st.booleans()),
    ("setPrintColNames", "print_col_names", st.booleans()),
    ("setPrintRowNames", "print_row_names", st.booleans()),
    ("setEnumerateColNames", "enumerate_col_names", st.booleans()),
    ("setEnumerateRowNames", "enumerate_row_names", st.booleans()),
]
STRINGS = [
    ("TIE_STRING", "tie_string"),
    ("WIN_STRING", "win_string"),
    ("LOSS_STRING", "loss_string"),
    ("LEFT_PARENTHESES", "left_parentheses"),
    ("RIGHT_PARENTHESES", "right_parentheses"),
]


@dataclass
class Spec:
    """How to fill a matrix: its format, size, and operations as (WEKA's method, the port's name, args)."""

    fmt: str
    cols: int
    rows: int
    ops: list[tuple[str, str, tuple]] = field(default_factory=list)
    copy_to: str | None = None


ANY_FORMAT = st.sampled_from(list(FORMATS))


@st.composite
def specs(draw, fmt=ANY_FORMAT):
    spec = Spec(draw(fmt), draw(st.integers(1, 5)), draw(st.integers(1, 6)))
    cols, rows = range(spec.cols), range(spec.rows)
    ops = spec.ops
    for i in cols:
        if draw(st.booleans()) or spec.cols == 1:
            ops.append(("setColName", "set_col_name", (i, draw(names))))
    for i in rows:
        ops.append(("setRowName", "set_row_name", (i, draw(names))))
        ops.append(("setCount", "set_count", (i, draw(counts))))
    empty = draw(st.floats(0, 1))  # the share of cells without a value
    cells = Bytes(draw, spec.cols * spec.rows, 8)
    for row in rows:
        for col in cols:
            cell = cells.next()  # [with a mean, significance, the mean's 3 bytes, the std dev's 3]
            if cell[0] / 255 >= empty:  # 0 and 255 reach both sides of any share in [0, 1]
                ops.append(("setMean", "set_mean", (col, row, mean(draw, cell[2:5]))))
            ops.append(("setStdDev", "set_std_dev", (col, row, std_dev(draw, cell[5:8]))))
            ops.append(("setSignificance", "set_significance", (col, row, cell[1] % 3)))
    for i in cols:
        if draw(st.integers(0, 4)) == 0:
            ops.append(("setColHidden", "set_col_hidden", (i, True)))
    for i in rows:
        if draw(st.integers(0, 5)) == 0:
            ops.append(("setRowHidden", "set_row_hidden", (i, True)))
    if draw(st.booleans()):
        ops.append(("setColOrder", "col_order", (draw(st.permutations(list(cols))),)))
    if draw(st.booleans()):
        ops.append(("setRowOrder", "row_order", (draw(st.permutations(list(rows))),)))
    chosen = draw(st.lists(st.sampled_from(OPTIONS), max_size=12))
    ops += [(setter, name, (draw(values),)) for setter, name, values in chosen]
    for java_name, name in draw(st.lists(st.sampled_from(STRINGS), max_size=2)):
        ops.append(("=" + java_name, name, (draw(st.sampled_from(["", "+", "-", "<<", "[", "]"])),)))
    for _ in range(draw(st.integers(0, 4))):
        ops.append(
            (
                "addHeader",
                "add_header",
                (
                    draw(st.sampled_from(["Tester", "Analysing", "Datasets", "Date", "Sorted by", "Resultsets", ""])),
                    draw(names),
                ),
            )
        )

    def square() -> list[list[int]]:  # each entry 0 to 1500, half of them 0 to 12
        entries = Bytes(draw, spec.cols * spec.cols, 3)
        return [[small_or_large(entries.next()) for _ in cols] for _ in cols]

    if draw(st.booleans()):
        ops.append(("setSummary", "set_summary", (square(), square())))
    if draw(st.booleans()):
        ops.append(("setRanking", "set_ranking", (square(),)))
    if draw(st.integers(0, 7)) == 0:  # clear() in between: options back to the defaults, contents emptied
        ops.insert(draw(st.integers(0, len(ops))), ("clear", "clear", ()))
    if draw(st.integers(0, 4)) == 0:
        spec.copy_to = draw(st.sampled_from(list(FORMATS)))
    return spec


def fill(spec: Spec, weka: tuple[dict[str, Any], Any] | None = None) -> Any:
    """The matrix ``spec`` describes: WEKA's (given the JVM's classes and jpype) or the port's."""
    if weka is None:
        matrix = FORMATS[spec.fmt](spec.cols, spec.rows)
        for java_name, name, args in spec.ops:
            if java_name.startswith("=") or not callable(getattr(matrix, name)):
                setattr(matrix, name, *args)
            else:
                getattr(matrix, name)(*args)
        return FORMATS[spec.copy_to].from_matrix(matrix) if spec.copy_to else matrix
    classes, jpype = weka
    java = classes[spec.fmt](spec.cols, spec.rows)
    for java_name, _, args in spec.ops:
        if java_name.startswith("="):
            setattr(java, java_name[1:], jpype.JString(args[0]))
        elif java_name in ("setColOrder", "setRowOrder"):
            getattr(java, java_name)(jpype.JArray(jpype.JInt)(args[0]))
        elif java_name in ("setSummary", "setRanking"):
            getattr(java, java_name)(*(jpype.JArray(jpype.JInt, 2)(arg) for arg in args))
        else:
            getattr(java, java_name)(*args)
    return classes[spec.copy_to](java) if spec.copy_to else java


def assert_same_texts(java, port):
    for java_name, name in RENDERINGS:
        try:
            expected = str(getattr(java, java_name)())
        except Exception as error:  # WEKA throws: so must the port
            with pytest.raises(ResultMatrixError):
                getattr(port, name)()
            assert "Exception" in type(error).__name__
            continue
        assert getattr(port, name)() == expected, java_name


def assert_same_state(java, port):
    assert port.get_options() == [str(option) for option in java.getOptions()]
    for i in range(port.col_count):
        assert port.get_col_name(i) == str(java.getColName(i))
        assert repr(port.get_average(i)) == repr(float(java.getAverage(i)))  # NaN or the same double
        for kind in range(3):
            assert port.get_significance_count(i, kind) == java.getSignificanceCount(i, kind)
    for i in range(port.row_count):
        assert port.get_row_name(i) == str(java.getRowName(i))
    assert (port.visible_col_count, port.visible_row_count) == (java.getVisibleColCount(), java.getVisibleRowCount())


@pytest.mark.jvm
@settings(max_examples=700, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(specs())
@example(Spec("ResultMatrixPlainText", 3, 2, [("setCount", "set_count", (1, 1000.0))]))  # count "(1000)" is cut
@example(
    Spec(
        "ResultMatrixSignificance",
        2,
        1,
        [
            ("setPrintColNames", "print_col_names", (True,)),
            ("setEnumerateColNames", "enumerate_col_names", (False,)),
            ("setColName", "set_col_name", (1, "a")),
        ],
    )
)  # WEKA throws
@example(
    Spec(
        "ResultMatrixLatex",
        3,
        2,
        [
            ("setColHidden", "set_col_hidden", (0, True)),
            ("setSummary", "set_summary", ([[0, 1, 2]] * 3, [[0, 1, 0]] * 3)),
        ],
    )
)
@example(
    Spec(
        "ResultMatrixPlainText",
        2,
        1,
        [("setRowHidden", "set_row_hidden", (0, True)), ("setShowAverage", "show_average", (True,))],
    )
)  # no data line
def test_renderings_match_weka(weka, spec):
    java, port = fill(spec, weka), fill(spec)
    assert_same_state(java, port)
    assert_same_texts(java, port)


OPTION_WORDS = [
    "-mean-prec",
    "-stddev-prec",
    "-col-name-width",
    "-row-name-width",
    "-mean-width",
    "-stddev-width",
    "-sig-width",
    "-count-width",
    "-show-stddev",
    "-show-avg",
    "-remove-filter",
    "-print-col-names",
    "-print-row-names",
    "-enum-col-names",
    "-enum-row-names",
    "--",
    "-5",
    "x",
    "0",
    "3",
    "12",
    "-1",
    "",
    "abc",
    "+4",
    "99999999999",
]


@pytest.mark.jvm
@settings(max_examples=300, deadline=None)
@given(st.sampled_from(list(FORMATS)), st.lists(st.sampled_from(OPTION_WORDS), max_size=10))
@example("ResultMatrixPlainText", [])  # the std dev precision becomes the count width's default, 5
@example("ResultMatrixPlainText", ["-count-width", "3", "-stddev-prec", "1"])
def test_set_options_matches_weka(weka, fmt, options):
    classes, jpype = weka
    java, port = classes[fmt](2, 2), FORMATS[fmt](2, 2)
    try:
        java.setOptions(jpype.JArray(jpype.JString)(options))
    except Exception:
        with pytest.raises(ResultMatrixError):
            port.set_options(options)
        return
    port.set_options(options)
    assert_same_state(java, port)
    port.add_header("k", "v")
    java.addHeader("k", "v")
    assert_same_texts(java, port)


@pytest.mark.jvm
def test_gnuplot_names_the_jvms_weka(weka_jvm):
    assert ResultMatrixGnuPlot.weka_version == weka_jvm


# -- without a JVM ------------------------------------------------------------------------------


def test_defaults_per_format():
    defaults = {
        cls.__name__: (
            m.mean_prec,
            m.std_dev_prec,
            m.row_name_width,
            m.col_name_width,
            m.count_width,
            m.print_col_names,
            m.enumerate_col_names,
            m.left_parentheses,
            m.win_string,
        )
        for cls in FORMATS.values()
        for m in [cls()]
    }
    assert defaults == {
        "ResultMatrixPlainText": (2, 2, 25, 0, 5, True, True, "(", "v"),
        "ResultMatrixLatex": (2, 2, 0, 0, 0, False, True, "(", "$\\circ$"),
        "ResultMatrixCSV": (2, 2, 25, 0, 0, False, True, "[", "v"),
        "ResultMatrixHTML": (2, 2, 25, 0, 0, False, True, "(", "v"),
        "ResultMatrixSignificance": (2, 2, 40, 0, 0, False, True, "(", "v"),
        "ResultMatrixGnuPlot": (2, 2, 50, 50, 0, True, False, "", "v"),
    }


def test_a_full_plain_text_analysis():
    m = ResultMatrixPlainText(3, 2)
    for col, name in enumerate(
        [
            "rules.ZeroR '' 48055541465867954",
            "trees.J48 '-C 0.25 -M 2' -217733168393644444",
            "bayes.NaiveBayes '' 5995231201785697655",
        ]
    ):
        m.set_col_name(col, name)
    for row, name in enumerate(["iris", "labor-weka.filters.unsupervised.attribute.Remove-R1"]):
        m.set_row_name(row, name)
        m.set_count(row, 100)
    for (col, row), value in {
        (0, 0): 33.33,
        (1, 0): 94.73,
        (2, 0): 95.53,
        (0, 1): 64.67,
        (1, 1): 78.6,
        (2, 1): 93.57,
    }.items():
        m.set_mean(col, row, value)
        m.set_std_dev(col, row, value / 40)
    m.set_significance(1, 0, SIGNIFICANCE_WIN)
    m.set_significance(2, 0, SIGNIFICANCE_WIN)
    m.set_significance(2, 1, SIGNIFICANCE_WIN)
    m.show_std_dev = True
    m.remove_filter_name = True
    assert m.to_string_matrix() == (  # WEKA's output; 78.6 / 40 is just below 1.965
        "Dataset                   (1) rules.ZeroR '' | (2) trees.J48 ' (3) bayes.Naive\n"
        "------------------------------------------------------------------------------\n"
        "iris                     (100)   33.33(0.83) |   94.73(2.37) v   95.53(2.39) v\n"
        "labor                    (100)   64.67(1.62) |   78.60(1.96)     93.57(2.34) v\n"
        "------------------------------------------------------------------------------\n"
        "                                     (v/ /*) |         (1/1/0)         (2/0/0)\n"
    )


def test_setters_behave_as_wekas():
    m = ResultMatrixSignificance(2, 2)
    m.show_std_dev = True
    assert not m.show_std_dev  # WEKA's setter is empty
    m = ResultMatrixPlainText(2, 2)
    m.print_col_names, m.enumerate_col_names = True, False
    m.print_col_names = False
    assert m.enumerate_col_names and m.get_col_name(1) == "(2)"
    m.set_mean(5, 0, 1.0)  # out of range: ignored
    assert m.get_mean(5, 0) == 0.0
    with pytest.raises(ResultMatrixError):
        m.set_significance(0, 0, 3)
    with pytest.raises(ResultMatrixError):
        m.row_order = [0, 0]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        m.row_order = [1, 0, 2]
    assert m.row_order is None and "length does not match" in str(caught[0].message)
    m.add_header("a", "1")
    m.add_header("b", "2")
    m.add_header("a", "3")
    assert m.headers == {"a": "3", "b": "2"}
    assert m.to_string_summary() == "-summary data not set-"
    assert m.to_string_ranking() == "-ranking data not set-"


def test_copies_keep_the_contents_but_not_the_col_name_width():
    m = ResultMatrixGnuPlot(2, 1)
    m.set_mean(0, 0, 1.5)
    copy = ResultMatrixHTML.from_matrix(m)
    assert copy.col_name_width == 0 and copy.row_name_width == 50 and copy.get_mean(0, 0) == 1.5
    assert copy.left_parentheses == ""
    assert isinstance(ResultMatrixCSV.from_matrix(ResultMatrixLatex()), ResultMatrixCSV)
    with pytest.raises(ResultMatrixError):
        ResultMatrixLatex().to_string_header()


def test_significance_letters():
    m = ResultMatrixPlainText(2, 3)
    m.set_summary([[0, 2], [1, 0]], [[0, 1], [0, 0]])
    m.set_ranking([[0, 1], [0, 0]])
    m.set_significance(1, 2, SIGNIFICANCE_LOSS)
    assert m.to_string_summary() == (
        "     a     b  (No. of datasets where [col] >> [row])\n"
        "     - 2 (1) | a = (1) col0\n"
        " 1 (0)     - | b = (2) col1\n"
    )
    assert m.to_string_ranking() == ">-<   >   < Resultset\n  1   1   0 col1\n -1   0   1 col0\n"
