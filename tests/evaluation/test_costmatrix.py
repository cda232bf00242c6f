"""wekaeval.CostMatrix against WEKA 3.9.7's weka.classifiers.CostMatrix itself, bit for bit and byte for byte.

Both read the same texts (WEKA through ``new CostMatrix(new StringReader(text))``, and as its Evaluation
does for a cost file: that, else ``readOldFormat``); cells, ``toString``, ``toMatlab``, ``write``,
``getMaxCost``, ``expectedCosts``, ``normalize`` and expression cells evaluated on the instances of a
dataset with numeric, nominal, string and date attributes are compared with ``==`` on the bits.
"""

from __future__ import annotations

import math
from decimal import Decimal

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wekaeval import Attribute, CostMatrix, CostMatrixError
from wekaeval.evaluation._costmatrix import _java_text
from wekaeval.evaluation._expressions import _FUNCTIONS, _pow

pytestmark = pytest.mark.jvm

NAN = math.nan
ATTRIBUTES = (
    Attribute("x1", "numeric"),
    Attribute("x2", "numeric"),
    Attribute("color", "nominal", ("red", "green", "blue")),
    Attribute("text", "string", ("abc", "a\tb", "", "\U0001f600x", "a\rb", "xy\r")),  # a string attribute's values
    Attribute("when", "date", date_format="yyyy-MM-dd"),
    Attribute("class", "nominal", ("yes", "no")),
)
ROWS = np.array(
    [
        [3.0, 4.0, 0, 0, 1.5778368e12, 0],
        [-2.5, 0.0, 1, 1, 0.0, 1],
        [NAN, 7.25, 2, 2, NAN, 0],
        [12.0, NAN, NAN, 3, 86400000.0, 1],
        [0.1, 0.2, 0, NAN, -1e12, NAN],
        [1e300, -1e-300, 1, 4, 3e12, 0],
        [5.0, 2.0, 2, 1, 0.0, 1],
        [-0.0, 3.0, 0, 5, 0.0, 0],
    ]
)
WEIGHTS = [1.0, 0.5, 2.0, 1e-3, 3.0, 0.25, 7.0, 1.0]


def same(a: float, b: float) -> bool:
    """Bit-identical doubles (NaN equal to NaN)."""
    return float(a).hex() == float(b).hex() or (math.isnan(a) and math.isnan(b))


class Weka:
    """WEKA's CostMatrix through JPype."""

    def __init__(self):
        import jpype

        self.jpype = jpype
        J = jpype.JClass
        self.CostMatrix = J("weka.classifiers.CostMatrix")
        self.StringReader, self.StringWriter = J("java.io.StringReader"), J("java.io.StringWriter")
        self.Double = J("java.lang.Double")
        self.JD = jpype.JArray(jpype.JDouble)
        self.DenseInstance = J("weka.core.DenseInstance")
        self.Evaluation = J("weka.classifiers.evaluation.Evaluation")
        self.data = self._dataset()

    def _dataset(self):
        J, ArrayList = self.jpype.JClass, self.jpype.JClass("java.util.ArrayList")
        Attribute = J("weka.core.Attribute")

        def labels(values):
            out = ArrayList()
            for v in values:
                out.add(v)
            return out

        attributes = ArrayList()
        attributes.add(Attribute("x1"))
        attributes.add(Attribute("x2"))
        attributes.add(Attribute("color", labels(ATTRIBUTES[2].values)))
        string_attribute = Attribute.class_.getConstructor(J("java.lang.String"), J("java.util.List"))
        attributes.add(string_attribute.newInstance("text", None))
        attributes.add(Attribute("when", "yyyy-MM-dd"))
        attributes.add(Attribute("class", labels(ATTRIBUTES[5].values)))
        data = J("weka.core.Instances")("costs", attributes, 0)
        data.setClassIndex(5)
        for value in ATTRIBUTES[3].values:
            data.attribute(3).addStringValue(value)
        return data

    def instance(self, row, weight=1.0):
        instance = self.DenseInstance(weight, self.JD([float(v) for v in row]))
        instance.setDataset(self.data)
        return instance

    def parse(self, text):
        return self.CostMatrix(self.StringReader(text))

    def handle(self, text, num_classes):
        """Evaluation.handleCostOption: the cost-file format, else the old format, else the first error."""
        try:
            return self.parse(text)
        except self.jpype.JException as error:
            matrix = self.CostMatrix(num_classes)
            try:
                matrix.readOldFormat(self.StringReader(text))
            except self.jpype.JException:
                raise error from None
            return matrix

    def cells(self, matrix):
        return [
            [
                float(c) if isinstance(c, self.Double) else str(c)
                for c in (matrix.getCell(i, j) for j in range(matrix.size()))
            ]
            for i in range(matrix.size())
        ]

    def write(self, matrix):
        writer = self.StringWriter()
        matrix.write(writer)
        return str(writer.toString())


@pytest.fixture(scope="module")
def weka(weka_jvm):
    return Weka()


def keys(cells):
    return [[c if isinstance(c, str) else float(c).hex() for c in row] for row in cells]


def java_digits_shortest(weka, values) -> bool:
    """Whether JDK 17's Double.toString gives the shortest digits for all values (see _java_text)."""
    return all(
        Decimal(str(weka.Double.toString(v))) == Decimal(repr(v))
        for v in values
        if math.isfinite(v) and v != 0 and abs(v) != 5e-324
    )


def assert_like_weka(weka, theirs, ours: CostMatrix):
    """Cells, toString, toMatlab, write, getMaxCost and expectedCosts (where all cells are numbers)."""
    assert ours.size == theirs.size() == ours.num_rows == ours.num_columns
    cells = [[ours.get_cell(i, j) for j in range(ours.size)] for i in range(ours.size)]
    assert keys(cells) == keys(weka.cells(theirs))
    numbers = [c for row in weka.cells(theirs) for c in row if not isinstance(c, str)]
    if java_digits_shortest(weka, numbers):
        assert ours.to_matlab() == str(theirs.toMatlab())
        assert ours.to_text() == weka.write(theirs)
    if any(math.isinf(c) or c < -1.6e307 for c in numbers):
        with pytest.raises(CostMatrixError, match="Integer.MAX_VALUE"):
            str(ours)
        with pytest.raises(weka.jpype.JException, match="OutOfMemoryError"):
            theirs.toString()
    elif java_digits_shortest(weka, numbers):  # DecimalFormat rounds JDK 17's Double.toString digits
        assert str(ours) == str(theirs.toString())
    if ours.has_expressions:
        with pytest.raises(CostMatrixError, match="expression"):
            ours.elements()
        return
    assert keys(ours.elements().tolist()) == keys(weka.cells(theirs))
    for i in range(ours.size):
        assert same(ours.get_max_cost(i), theirs.getMaxCost(i))
        assert same(ours.get_element(i, i), theirs.getElement(i, i))
    probabilities = np.linspace(0.0, 1.0, ours.size) ** 2 / 3
    assert keys([ours.expected_costs(probabilities).tolist()]) == keys(
        [list(theirs.expectedCosts(weka.JD(probabilities.tolist())))]
    )


# -- the cost-file format -------------------------------------------------------------------------

GOOD_FILES = [
    "% Rows\tColumns\n2\t2\n% Matrix elements\n0\t5\t\n1\t0\t\n",
    "3 3\n0 1 2\n3 0 4\n5 6 0\n",
    "\n\n1 1\n\n7.5\n\n% trailing comment\n",
    "0 0\n",
    "0 0 1\n",  # an old-format line that reads as the header of a 0 x 0 matrix
    "2 2 these words are ignored\n0 1 and these\n1 0\n",  # WEKA ignores the tokens after the ones it needs
    "+2 +2\n+0 1e0\n0x1p0 -0\n",
    "\u0662 \u0662\n0 1\n1 0\n",  # Arabic-Indic digits: Integer.parseInt reads them
    "2 2\r\n0 1f\r\n2.5D 0\r\n",
    "2 2\r0 NaN\rInfinity -Infinity\r",
    "2 2\n0 1e400\n-1e-400 0\n",
    "2 2\n0 a1*2\n1,5 0\n",  # 1,5 is no double: an expression cell, refused only when WEKA first compiles it
    "3 3\n0 1000 1\n1 0 1\n1 1 0\n",  # log(1000)/log(10) is 2.9999999999999996: WEKA's column is 3 wide
    "2 2\n-1 0.5\n0.001 -0.25\n",  # WEKA scales negatives by -11 to size its columns
    "2 2\n0.01 0.0099\n0 0\n",
    "2 2\n-0.0 1\n12345678 0\n",
    "2 2\n0 ifelse((a3)is('red'),5,1)\n\U0001f600 0\n",  # Java's String.length counts UTF-16 units
    "2 2\n0 x\n1 0",
]


@pytest.mark.parametrize("text", GOOD_FILES)
def test_cost_files_read_as_weka_reads_them(weka, text):
    assert_like_weka(weka, weka.parse(text), CostMatrix.parse(text))


BAD_FILES = [  # (text, the line our error names)
    ("", None),
    ("% only a comment\n", 1),
    ("2\n", 1),
    ("x 2\n", 1),
    ("2 y\n", 1),
    ("2 3\n0 1 1\n1 0 1\n", 1),
    ("-1 -1\n", 1),
    ("2147483648 2147483648\n", 1),
    ("2 2\n0 1\n", 2),
    ("2 2\n0 1\n1\n", 3),
    ("2 2\n0 1\n1 0\n5 5\n", 4),
    (" % a comment only at the line's start\n2 2\n0 1\n1 0\n", 1),
    ("2 2\r\n0 1\r\n1\r\n", 3),
    ("2 2\r0 1\r1 0\r\r3 3\r", 5),
    ("1 1\n5\n\n% c\n7\n", 5),
    ("2 2\n0 1\n\n", 3),
    ("2 2\n0\u00a01\n1 0\n", 2),  # StringTokenizer splits at " \t\n\r\f" only: "0\u00a01" is one token
]


@pytest.mark.parametrize(("text", "line"), BAD_FILES)
def test_malformed_cost_files_name_the_line(weka, text, line):
    with pytest.raises(weka.jpype.JException):
        weka.parse(text)
    with pytest.raises(CostMatrixError) as error:
        CostMatrix.parse(text, source="bad.cost")
    assert error.value.source == "bad.cost" and error.value.line == line
    assert str(error.value).startswith("bad.cost:" if line is None else f"bad.cost:{line}: ")


def test_load_names_the_file(tmp_path):
    path = tmp_path / "m.cost"
    path.write_text("2 2\n0 1\n", encoding="utf-8")
    with pytest.raises(CostMatrixError, match=r"m\.cost:2: too few rows"):
        CostMatrix.load(path)
    path.write_bytes("\ufeff2 2\n0 \u00e9\n1 0\n".encode("cp1252", errors="ignore"))
    assert CostMatrix.load(path, encoding="cp1252").get_cell(0, 1) == "\u00e9"


OLD_FORMAT = [  # (text, classes)
    ("0 1 5\n1 0 2.5\n", 2),
    ("% comment\n0 1 5 / a slash comments too\n\n2 0 0.001\n", 3),
    ("0 1 1 1 0 2\n", 2),  # triples need no line of their own
    ("0 2 0.1234567890123456789\n2 1 1.7976931348623157\n", 3),  # StreamTokenizer's digit-by-digit doubles
    ("1 0 123456789012345678901234567890.25\n0 1 .5\n", 2),
    ("1.0000001 0 3\n0 1 5.\n", 2),  # an index within 1e-6 of an integer is that integer
    ("0\t1\t5\r\n1\t0\t7\r\n", 2),
    ("0 1 0.00000100000000000000000000000000000000000000000000000000000000000000001\n", 2),
]


@pytest.mark.parametrize(("text", "classes"), OLD_FORMAT)
def test_old_format_as_evaluation_reads_it(weka, text, classes):
    assert_like_weka(weka, weka.handle(text, classes), CostMatrix.parse(text, num_classes=classes))


BAD_OLD_FORMAT = [  # (text, classes, the line of the old-format error)
    ("1 1 3\n", 2, 1),
    ("0 1 0\n", 2, 1),
    ("0 1 -2\n", 2, 1),
    ("0 1 0.000001\n", 2, 1),
    ("0 1\n", 2, 1),
    ("0 1", 2, 1),
    ("0 x 1\n", 2, 1),
    ("3 0 1\n", 3, 1),
    ("0.5 1 1\n", 2, 1),
    ("-1 0 1\n", 2, 1),
    ("0 1 5e3\n", 2, 1),
    ("0 1 '5'\n", 2, 1),
    ("0 1 5\n1 - 2\n", 2, 2),
    ("\n\n0 1 2 1\n", 2, 3),
    ("0 1 0.00000000000000000000000000000000000000000000000000000000000000001\n", 2, 1),
]


@pytest.mark.parametrize(("text", "classes", "line"), BAD_OLD_FORMAT)
def test_malformed_old_format_keeps_the_first_error(weka, text, classes, line):
    with pytest.raises(weka.jpype.JException):
        weka.handle(text, classes)
    with pytest.raises(CostMatrixError, match=rf"nor is it the old format: line {line}: "):
        CostMatrix.parse(text, num_classes=classes)


# -- Matlab --------------------------------------------------------------------------------------

MATLAB = [
    "[1 2; 3 4]",
    "[0 a1*2; 1 0]",
    "x[1 2;3 4]y",
    "[1 2; ; 3 4]",
    "[1;2]",
    "[1\t2; 3 4]",
    "[ 1  2 ;3 4 ]",
    "1 2; 3 4]",
    "[0.5 -1e-5 1e7; 0x1p-2 NaN 3; 1 2 -0]",
]


@pytest.mark.parametrize("text", MATLAB)
def test_parse_matlab_as_weka(weka, text):
    assert_like_weka(weka, weka.CostMatrix.parseMatlab(text), CostMatrix.parse_matlab(text))


@pytest.mark.parametrize("text", ["[]", "[;]", "[1 2 3; 4 5 6]", "[1 2; 3 4", "]1 2[", ""])
def test_bad_matlab(weka, text):
    with pytest.raises(weka.jpype.JException):
        weka.CostMatrix.parseMatlab(text)
    with pytest.raises(CostMatrixError, match="<matlab>"):
        CostMatrix.parse_matlab(text)


# -- generated matrices --------------------------------------------------------------------------

SPECIAL_CELLS = [0.0, -0.0, 0.5, 0.01, 0.0099, 0.001, 1000.0, -1.5, 1e-300, NAN, math.inf, -math.inf]
CELLS = {  # a matrix draws its cells from one of these
    "costs": st.one_of(st.integers(0, 20).map(float), st.sampled_from([0.5, 0.25, 1.5, 2.75, 10.0, 100.0])),
    "decimals": st.one_of(st.integers(-1000, 1000).map(lambda i: i / 100), st.floats(-1e6, 1e6)),
    "wild": st.one_of(
        st.integers(-1000, 1000).map(float),
        st.floats(-1e6, 1e6),
        st.floats(allow_nan=False, allow_infinity=False),
        st.sampled_from(SPECIAL_CELLS),
    ),
}


@st.composite
def matrices(draw):
    k = draw(st.integers(1, 8))
    cells = CELLS[draw(st.sampled_from(sorted(CELLS)))]
    return draw(st.lists(st.lists(cells, min_size=k, max_size=k), min_size=k, max_size=k))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(matrices(), st.lists(st.floats(0.0, 1.0), min_size=8, max_size=8))
def test_generated_matrices_round_trip_through_text(weka, cells, probabilities):
    ours = CostMatrix(cells)
    text = ours.to_text()
    theirs = weka.parse(text)
    assert_like_weka(weka, theirs, CostMatrix.parse(text))
    assert keys(weka.cells(weka.parse(weka.write(theirs)))) == keys(weka.cells(theirs))  # WEKA's own write
    assert keys(weka.cells(theirs)) == keys(cells)
    k = ours.size
    assert keys([ours.expected_costs(probabilities[:k]).tolist()]) == keys(
        [list(theirs.expectedCosts(weka.JD(probabilities[:k])))]
    )
    ours.normalize()
    theirs.normalize()
    assert keys(weka.cells(theirs)) == keys([[ours.get_cell(i, j) for j in range(k)] for i in range(k)])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(matrices(), st.data())
def test_batch_costs_are_getelement_and_getmaxcost(weka, cells, data):
    k = len(cells)
    n = data.draw(st.integers(0, 30))
    actual = data.draw(st.lists(st.integers(0, k - 1), min_size=n, max_size=n))
    predicted = data.draw(st.lists(st.integers(-1, k - 1), min_size=n, max_size=n))
    theirs = weka.parse(CostMatrix(cells).to_text())
    expected = [
        theirs.getElement(a, p) if p >= 0 else theirs.getMaxCost(a) for a, p in zip(actual, predicted, strict=False)
    ]
    assert keys([CostMatrix(cells).costs(actual, predicted).tolist()]) == keys([expected])


# -- expression cells ----------------------------------------------------------------------------

EXPRESSIONS = [
    "a1",
    "a1+a2*3",
    "-a1^2",
    "2^-2*3",
    "2^3^2",
    "a1/a2",
    "a1/0",
    "(a1-a2)*(a1+a2)",
    "- - a1",
    "+a1",
    "ifelse(a1>a2,a1,a2)",
    "ifelse((a3)is('red'),10,1)",
    "ifelse(ismissing(a1),100,a1)",
    "ifelse(a3 is 'blue' | a1 < 0, 5, 6)",
    "abs(a1)",
    "sqrt(a2)",
    "log(a2)",
    "log(a1*a2+0.5)",
    "floor(a1)",
    "ceil(a1)",
    "rint(a1+0.5)",
    "pow(a1,2)",
    "a2^2",
    "a1^3",
    "pow(a2, floor(a1))",
    "exp(floor(a2))",
    "sin(3)+cos(a1*0)+tan(2)",
    "ifelse(a4 regexp 'ab.*', 1, 2)",
    "ifelse(a4+'x' is 'abcx', 3, 4)",
    "ifelse(CLASS is 'yes', 1, 2)",
    "ATT1*A2",
    "a5/86400000",
    "ifelse(true & !false, 1, 0)",
    "ifelse(not (a1 = a2), 1, 0)",
    "1.5*a1",
    "3.",
    "ifelse(a1>=1 and a1<=5,1,0)",
    "ifelse(a1<=1 or a1>=5,1,0)",
    "ifelse(ismissing(a3),7,8)",
    "ifelse(ismissing(a4),7,8)",
    'ifelse(a3 regexp "r.d|g[a-z]+",1,0)',
    "ifelse(a4 is 'a\\tb',1,0)",
    "ifelse(a4 regexp '\\\\w\\\\W?',1,0)",
    "ifelse(a4 regexp '.*\\\\d$',1,0)",
    "ifelse(ismissing(+a1),1,0)",
    "ifelse(ifelse(a1>0,true,false),a1,0-a1)",
    "ifelse(a4 regexp 'a.b',1,0)",
    "ifelse(a4 regexp 'xy$\\r',1,0)",
    "0-a1^2",
    "(1)",
    "1+2'unclosed",
    "1+2'ends in a backslash\\",
    "a1\u00a0+\u2003a2",
    "exp(a1/10)+a2^1.3",
    "pow(a1, 1.7)*exp(0-a2)",
]
REFUSED_BY_BOTH = [
    "a1*",
    "a9",
    "a0",
    "a3*2",
    "a1>2",
    "'x'",
    "foo(1)",
    "abs(1,2)",
    "1<a1<5",
    "1=a1=2",
    "1e5*a1",
    "ifelse(a1,1,2)",
    "a2(1)",
    "ifelse(a1>0,1,'x')",
    "ismissing(a1+1)",
    "'a' is 1",
    "!a1",
    "a1 is a2",
    "(a1",
    "a1)",
    "",
    "a1.5.",
    "'\\q'",
    "a1 ! a2",
    "a99999999999",
    "CLASS",
    "ifelse(a3 regexp '(', 1, 0)",
    "x#1",
    "true",
    "ifelse('a' regexp 'a{2', 1, 0)",
    "a1*1e",
    "ifelse(a1>0,'p','n') is 'p'",
]


def set_expression(weka, expression):
    """2 x 2 matrices with the expression in cell (0, 1) and another in cell (1, 0)."""
    theirs, ours = weka.CostMatrix(2), CostMatrix(num_classes=2)
    theirs.setCell(0, 1, expression)
    theirs.setCell(1, 0, "a2*0+1")
    ours.set_cell(0, 1, expression)
    ours.set_cell(1, 0, "a2*0+1")
    return theirs, ours


@pytest.mark.parametrize("expression", EXPRESSIONS)
def test_expression_cells_evaluate_as_weka(weka, expression):
    theirs, ours = set_expression(weka, expression)
    expected = [float(theirs.getElement(0, 1, weka.instance(row))) for row in ROWS]
    found = [ours.get_element(0, 1, row, attributes=ATTRIBUTES, class_index=5) for row in ROWS]
    assert keys([found]) == keys([expected])
    batch = ours.costs([0] * len(ROWS), [1] * len(ROWS), ROWS, attributes=ATTRIBUTES, class_index=5)
    assert keys([batch.tolist()]) == keys([expected])
    max_costs = [float(theirs.getMaxCost(0, weka.instance(row))) for row in ROWS]
    assert keys(
        [ours.costs([0] * len(ROWS), [-1] * len(ROWS), ROWS, attributes=ATTRIBUTES, class_index=5).tolist()]
    ) == keys([max_costs])
    probabilities = [0.25, 0.75]
    for row in ROWS[:3]:
        found_costs = ours.expected_costs(probabilities, row, attributes=ATTRIBUTES, class_index=5)
        assert keys([found_costs.tolist()]) == keys(
            [list(theirs.expectedCosts(weka.JD(probabilities), weka.instance(row)))]
        )
    assert str(ours) == str(theirs.toString())


@pytest.mark.parametrize("expression", REFUSED_BY_BOTH)
def test_bad_expressions_refused_by_both(weka, expression):
    theirs, ours = set_expression(weka, expression)
    with pytest.raises(weka.jpype.JException):
        theirs.getElement(0, 1, weka.instance(ROWS[0]))
    with pytest.raises(CostMatrixError, match=r"cost cell \(0, 1\)"):
        ours.get_element(0, 1, ROWS[0], attributes=ATTRIBUTES, class_index=5)


def test_a_bad_cell_names_its_file_and_line_when_first_compiled(weka):
    text = "% costs\n2 2\n0 a1*2\n\nifelse(a3>1,2,3) 0\n"
    theirs, ours = weka.parse(text), CostMatrix.parse(text, source="c.cost")
    assert theirs.getElement(0, 0, weka.instance(ROWS[0])) == ours.get_element(0, 0, ROWS[0]) == 0.0
    with pytest.raises(weka.jpype.JException, match="Can't use non-fixed costs"):
        theirs.getMaxCost(0)
    with pytest.raises(CostMatrixError, match="expression cell"):
        ours.get_max_cost(0)
    for refused in (lambda m: m.expectedCosts(weka.JD([0.5, 0.5])), lambda m: m.normalize()):
        with pytest.raises(weka.jpype.JException):
            refused(theirs)
    for refused in (lambda m: m.expected_costs([0.5, 0.5]), lambda m: m.normalize()):
        with pytest.raises(CostMatrixError, match="expression"):
            refused(ours)
    with pytest.raises(weka.jpype.JException, match="only applicable to doubles"):
        theirs.getMaxCost(0, weka.instance(ROWS[0]))  # compiles every cell: the nominal a3 fails
    with pytest.raises(CostMatrixError, match=r"^c\.cost:5: cost cell \(1, 0\) 'ifelse\(a3>1,2,3\)': "):
        ours.get_max_cost(0, ROWS[0], attributes=ATTRIBUTES, class_index=5)


def test_where_weka_accepts_what_this_port_refuses(weka):
    """WEKA's java() macro calls any static JVM method, and Java regexps have syntax Python's lack."""
    for expression in [
        "java('java.lang.Math','double\\tabs(double)',a1)",
        "ifelse(a4 regexp '\\\\p{Alpha}+',1,0)",
        "ifelse(a4 regexp 'a++',1,0)",
        "ifelse(a4 regexp '[a-z&&[^b]]+',1,0)",
    ]:
        theirs, ours = set_expression(weka, expression)
        theirs.getElement(0, 1, weka.instance(ROWS[0]))
        with pytest.raises(CostMatrixError, match="java|regular expression"):
            ours.get_element(0, 1, ROWS[0], attributes=ATTRIBUTES, class_index=5)


def test_labels_as_text_give_the_same_costs():
    ours = CostMatrix([[0, "ifelse((a3)is('green')|(a4)is('abc'),2,1)"], ["a1", 0]])
    values = np.array([[1.0, 2.0, "green", "x", 0.0, "yes"], [4.0, 0.0, None, "abc", 0.0, "no"]], dtype=object)
    encoded = np.array([[1.0, 2.0, 1, NAN, 0.0, 0], [4.0, 0.0, NAN, 0, 0.0, 1]])
    for table in (values, encoded):
        assert ours.costs([0, 0, 1], [1, 1, -1], table[[0, 1, 1]], attributes=ATTRIBUTES).tolist() == [2.0, 2.0, 4.0]


def test_evaluation_total_cost_is_the_sum_of_weighted_costs(weka):
    """Evaluation.evaluateModelOnce adds weight * getElement (getMaxCost without a prediction) per instance."""
    text = "2 2\n0 ifelse(ismissing(a1),3,a1/2)\nifelse((a3)is('red'),a2,1.25) 0.5\n"
    theirs = weka.Evaluation(weka.data, weka.parse(text))
    distributions = [[1, 0], [0, 1], [0, 0], [0.3, 0.7], [0, 1], [0.5, 0.5], [0, 0], [1, 0]]
    for row, weight, distribution in zip(ROWS, WEIGHTS, distributions, strict=False):
        theirs.evaluateModelOnce(weka.JD(distribution), weka.instance(row, weight))
    known = ~np.isnan(ROWS[:, 5])
    predicted = np.array([np.argmax(d) if max(d) > 0 else -1 for d in distributions])
    costs = CostMatrix.parse(text).costs(
        ROWS[known, 5], predicted[known], ROWS[known], attributes=ATTRIBUTES, class_index=5
    )
    total = 0.0
    for weight, cost in zip(np.array(WEIGHTS)[known], costs, strict=False):
        total += weight * cost
    assert same(total, theirs.totalCost())


def test_a_bad_cell_no_instance_needs_is_never_compiled(weka):
    """WEKA compiles expression cells at the first getElement on one, or getMaxCost (no prediction)."""
    text = "2 2\n0 a3*2\n1 0\n"  # a3 is nominal: a3*2 does not compile
    theirs = weka.Evaluation(weka.data, weka.parse(text))
    for row, distribution in zip(ROWS[:4], [[1, 0], [1, 0], [1, 0], [0, 1]], strict=False):
        theirs.evaluateModelOnce(weka.JD(distribution), weka.instance(row))
    costs = CostMatrix.parse(text).costs([0, 1, 0, 1], [0, 0, 0, 1], ROWS[:4].tolist(), attributes=ATTRIBUTES)
    assert costs.tolist() == [0.0, 1.0, 0.0, 0.0] and theirs.totalCost() == 1.0
    with pytest.raises(weka.jpype.JException, match="only applicable to doubles"):
        theirs.evaluateModelOnce(weka.JD([0, 0]), weka.instance(ROWS[0]))
    with pytest.raises(CostMatrixError, match=r"^<string>:2: cost cell \(0, 1\) 'a3\*2': \* does not apply"):
        CostMatrix.parse(text).costs([0], [-1], ROWS[:1], attributes=ATTRIBUTES)


# -- Java's arithmetic and number texts ----------------------------------------------------------

SPECIAL = [NAN, math.inf, -math.inf, 0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 0.5, -0.5, 3.0, -3.0, 1e308, -1e308, 5e-324]


def test_pow_special_cases_as_java(weka):
    Math = weka.jpype.JClass("java.lang.Math")
    for x in SPECIAL:
        for y in SPECIAL:
            assert same(float(_pow(np.array([x]), np.array([y]))[0]), Math.pow(x, y)), (x, y)


def test_pow_and_exp_cells_as_the_jvm(weka):
    """HotSpot's Math.pow and Math.exp, not the C library's (which differ in the last bit now and then)."""
    Math = weka.jpype.JClass("java.lang.Math")
    xs = np.random.default_rng(7).uniform(-100, 100, 3000)
    for y in (2.0, 0.5, 1.7, -3.0, 1 / 3):
        assert keys([_pow(xs, np.full_like(xs, y)).tolist()]) == keys([[float(Math.pow(x, y)) for x in xs.tolist()]])
    ours = _FUNCTIONS["exp"](xs / 7)
    assert keys([ours.tolist()]) == keys([[float(Math.exp(x / 7)) for x in xs.tolist()]])


def test_double_to_string_as_java(weka):
    values = [
        1.0,
        0.1,
        100.0,
        1e7,
        9999999.0,
        0.001,
        0.0009999,
        1e-5,
        1.5e-5,
        -0.0,
        1e22,
        1e23,
        5e-324,
        1e-323,
        123456789.0,
        1234.5,
        2.5e-300,
        1.7976931348623157e308,
        -1.2e-3,
    ]
    for v in values:
        text = str(weka.Double.toString(v))
        assert _java_text(v) == text or Decimal(text) != Decimal(repr(v)), (v, text)  # JDK 17's longer digits
