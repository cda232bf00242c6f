"""WEKA's misclassification cost matrix (``weka.classifiers.CostMatrix``), in pure Python.

Cell ``(i, j)`` is the cost of predicting class ``j`` for an instance of class ``i``: a number, or an
expression over the instance's attribute values that WEKA evaluates per instance.

>>> cm = CostMatrix.parse("% Rows Columns\\n2 2\\n% Matrix elements\\n0 5\\nifelse(a1>10,2*a1,1) 0\\n")
>>> print(cm, end="")
                    0                    5
 ifelse(a1>10,2*a1,1)                    0
>>> header = [Attribute("size", "numeric"), Attribute("class", "nominal", ("yes", "no"))]
>>> cm.costs([0, 1, 1, 1], [1, 0, 0, -1], [[3, 0], [12, 1], [4, 1], [12, 1]], attributes=header).tolist()
[5.0, 24.0, 1.0, 24.0]

:meth:`CostMatrix.costs` is, for a batch, what WEKA's Evaluation adds per instance (times its weight):
``getElement(actual, predicted, instance)``, or ``getMaxCost(actual, instance)`` without a prediction.

An expression cell is in WEKA's expression language (:mod:`wekaeval.evaluation`): ``a1`` is the first
attribute's value, ``ifelse((a2)is('red'),5,1)`` tests a nominal's label.  It must compute a number.  In a
cost file a cell is a token without spaces, and a token Java reads as a double (``1e3``, ``NaN``,
``0x1p3``, ``2f``) is a number.  Like WEKA, this port compiles the expression cells when one is first
needed, against that data; a bad cell's error names its file and line then.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Callable, Sequence
from typing import IO, Any

import numpy as np

from wekaeval._textsource import read_text
from wekaeval.arff import Attribute
from wekaeval.errors import CostMatrixError, ExpressionError
from wekaeval.evaluation._expressions import Expression, compile_expression, parse_int
from wekaeval.javamath import double_to_string, java_double_to_string, java_log_scalar, java_trim

Cell = float | str


_JAVA_DOUBLE = re.compile(
    r"[+-]?(?:NaN|Infinity|(?:(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?"
    r"|0[xX](?:[0-9a-fA-F]+\.?|[0-9a-fA-F]*\.[0-9a-fA-F]+)[pP][+-]?[0-9]+)[fFdD]?)"
)


def _java_double(token: str) -> float | None:
    """``Double.parseDouble(token)``, or None where Java throws NumberFormatException."""
    text = java_trim(token)
    if not _JAVA_DOUBLE.fullmatch(text):
        return None
    text = text[:-1] if text[-1] in "fFdD" else text  # the suffix leaves the double as it is
    if "x" not in text and "X" not in text:
        return float(text)
    try:
        return float.fromhex(text)
    except OverflowError:
        return -math.inf if text[0] == "-" else math.inf


def _number_or_text(token: str) -> Cell:
    """A cell as WEKA reads a token: the double Java parses, else the token as an expression."""
    number = _java_double(token)
    return token if number is None else number


def _java_text(cell: Cell) -> str:
    """``"" + cell``: an expression as written, a double as ``Double.toString``."""
    return cell if isinstance(cell, str) else java_double_to_string(cell)


def _utf16_length(text: str) -> int:
    """Java's ``String.length()``: UTF-16 code units."""
    return len(text) + sum(ord(c) > 0xFFFF for c in text)


class CostMatrix:
    """WEKA's ``CostMatrix``: ``CostMatrix(matrx)`` copies a CostMatrix or a square array of numbers and
    expression strings; ``CostMatrix(num_classes=k)`` is 0 on the diagonal, 1 elsewhere.

    >>> CostMatrix(num_classes=3).get_max_cost(1)
    1.0
    """

    FILE_EXTENSION = ".cost"

    def __init__(
        self, matrx: CostMatrix | Sequence[Sequence[Cell]] | np.ndarray | None = None, num_classes: int | None = None
    ):
        self._origins: dict[tuple[int, int], tuple[str, int | None]] = {}  # an expression cell's file and line
        self._compiled: dict[Any, list[list[float | Expression]]] = {}  # the cells compiled, per data header
        if isinstance(matrx, CostMatrix):
            self._cells: list[list[Cell]] = [row[:] for row in matrx._cells]
            self._origins.update(matrx._origins)
        elif matrx is not None:
            self._cells = [[_cell(v) for v in row] for row in matrx]
            if any(len(row) != len(self._cells) for row in self._cells):
                raise CostMatrixError(f"a cost matrix is square, not {[len(r) for r in self._cells]} cells a row")
        elif num_classes is not None and num_classes >= 0:
            self._cells = _defaults(num_classes)
        else:
            raise TypeError(f"CostMatrix needs a matrix to copy or num_classes >= 0, not {num_classes!r}")

    @property
    def size(self) -> int:
        return len(self._cells)

    num_rows = num_columns = size

    def initialize(self) -> None:
        """Every cell 1, the diagonal 0."""
        self._cells = _defaults(self.size)
        self._origins.clear()
        self._compiled.clear()

    def get_cell(self, row: int, col: int) -> Cell:
        """The cell as stored: a float, or an expression's text."""
        return self._cells[_index(row, self.size)][_index(col, self.size)]

    def set_cell(self, row: int, col: int, value: Cell) -> None:
        self._cells[_index(row, self.size)][_index(col, self.size)] = _cell(value)
        self._origins.pop((row, col), None)
        self._compiled.clear()

    def set_element(self, row: int, col: int, value: float) -> None:
        self.set_cell(row, col, float(value))

    @property
    def has_expressions(self) -> bool:
        """Whether a cell is an expression (a non-fixed, per-instance cost)."""
        return any(isinstance(cell, str) for row in self._cells for cell in row)

    def elements(self) -> np.ndarray:
        """The k x k costs as float64; CostMatrixError if a cell is an expression.

        >>> CostMatrix.parse_matlab("[0 2; 3 0]").elements().tolist()
        [[0.0, 2.0], [3.0, 0.0]]
        """
        self._numbers_only(c for row in self._cells for c in row)
        return np.array(self._cells, dtype=np.float64).reshape(self.size, self.size)

    # -- costs of instances: ``inst`` is one instance's attribute values, as a row of costs()'s ``values``

    def get_element(
        self,
        row: int,
        col: int,
        inst: Sequence[Any] | None = None,
        *,
        attributes: Sequence[Attribute] | None = None,
        class_index: int = -1,
    ) -> float:
        """``getElement(row, col[, inst])``."""
        cell = self.get_cell(row, col)
        if isinstance(cell, float):
            return cell
        if inst is None:
            self._numbers_only([cell])
        return float(self._evaluator(True, [inst], attributes, class_index)(row, col, np.arange(1))[0])

    def get_max_cost(
        self,
        class_val: int,
        inst: Sequence[Any] | None = None,
        *,
        attributes: Sequence[Attribute] | None = None,
        class_index: int = -1,
    ) -> float:
        """``getMaxCost(class_val[, inst])``: the row's largest cost, by ``>`` from -Infinity (NaN never wins)."""
        cost = self._scalar_evaluator(inst, self._cells[_index(class_val, self.size)], attributes, class_index)
        return float(_running_max([cost(class_val, c, np.arange(1)) for c in range(self.size)], 1)[0])

    def expected_costs(
        self,
        class_probs: Sequence[float] | np.ndarray,
        inst: Sequence[Any] | None = None,
        *,
        attributes: Sequence[Attribute] | None = None,
        class_index: int = -1,
    ) -> np.ndarray:
        """``expectedCosts``: per predicted class x, the sum over y of ``class_probs[y] * cost(y, x)``, in order."""
        probs = np.asarray(class_probs, dtype=np.float64)
        if probs.shape != (self.size,):
            raise CostMatrixError(f"{probs.size} class probabilities for a cost matrix of {self.size} classes")
        cost = self._scalar_evaluator(inst, [c for row in self._cells for c in row], attributes, class_index)
        costs = np.zeros(self.size)
        for y in range(self.size):
            with np.errstate(all="ignore"):
                costs += probs[y] * np.array([cost(y, x, np.arange(1))[0] for x in range(self.size)])
        return costs

    def costs(
        self,
        actual: Sequence[int] | np.ndarray,
        predicted: Sequence[int] | np.ndarray,
        values: Sequence[Sequence[Any]] | np.ndarray | None = None,
        *,
        attributes: Sequence[Attribute] | None = None,
        class_index: int = -1,
    ) -> np.ndarray:
        """Per instance, ``getElement(actual, predicted, inst)``, or ``getMaxCost(actual, inst)`` where
        ``predicted < 0`` (no prediction): the doubles WEKA's Evaluation multiplies by the weight and adds.

        ``values`` (n x m) are the instances' attribute values in WEKA's encoding -- numbers (a date in
        milliseconds), a nominal's label index (a string attribute's: into ``Attribute.values``), NaN for
        missing -- or, in an object array, labels as str and None for missing.  ``attributes`` (m, e.g.
        ``Dataset.attributes``) gives their types, ``class_index`` the class's; the three are needed only when
        an expression cell must be evaluated.

        >>> CostMatrix.parse_matlab("[0 2 9; 3 0 1; 1 1 0]").costs([0, 1, 2, 0], [1, 1, 0, -1]).tolist()
        [2.0, 0.0, 1.0, 9.0]
        """
        actual, predicted = _classes(actual, self.size, 0), _classes(predicted, self.size, None)
        if actual.shape != predicted.shape:
            raise CostMatrixError(f"{actual.size} actual classes but {predicted.size} predictions")
        expression = np.array([[isinstance(c, str) for c in row] for row in self._cells], dtype=bool)
        expression = expression.reshape(self.size, self.size)
        unpredicted, hit = predicted < 0, predicted >= 0
        needed = bool(unpredicted.any() and expression.any() or expression[actual[hit], predicted[hit]].any())
        cost = self._evaluator(needed, values, attributes, class_index, len(actual))
        out = np.empty(actual.shape, dtype=np.float64)
        for r in np.unique(actual).tolist():
            mine = actual == r
            for c in np.unique(predicted[mine & hit]).tolist():
                where = np.flatnonzero(mine & (predicted == c))
                out[where] = cost(r, c, where)
            where = np.flatnonzero(mine & unpredicted)
            if where.size:
                out[where] = _running_max([cost(r, c, where) for c in range(self.size)], where.size)
        return out

    # -- WEKA's other methods

    def normalize(self) -> None:
        """Subtract each column's diagonal cell from the column, so the diagonal is 0 (numbers only)."""
        for y in range(self.size):
            diag = self._number(y, y)
            for x in range(self.size):
                self._cells[x][y] = self._number(x, y) - diag
        self._compiled.clear()

    def to_matlab(self) -> str:
        """``toMatlab()``: ``[0.0 1.0; 1.0 0.0]``."""
        return "[" + "; ".join(" ".join(map(_java_text, row)) for row in self._cells) + "]"

    def to_text(self) -> str:
        """The cost file WEKA's ``write(Writer)`` writes, which :meth:`parse` and WEKA read back."""
        rows = "".join("".join(_java_text(c) + "\t" for c in row) + "\n" for row in self._cells)
        return f"% Rows\tColumns\n{self.size}\t{self.size}\n% Matrix elements\n{rows}"

    def __str__(self) -> str:
        """``toString()``: numbers decimal-aligned in WEKA's width, expressions centred."""
        maxval, fractional, width_expression = 0.0, False, 0
        for cell in (c for row in self._cells for c in row):
            if isinstance(cell, str):
                width_expression = max(width_expression, _utf16_length(cell))
                continue
            current = cell * -11 if cell < 0 else cell  # sic: WEKA sizes negatives times -11
            maxval = current if current > maxval else maxval
            fract = abs(current - float(np.rint(current)))
            fractional = fractional or java_log_scalar(fract) / java_log_scalar(10.0) >= -2
        if math.isinf(maxval):
            raise CostMatrixError(
                "WEKA's toString cannot print an infinite cost (nor one below -1.6e307): "
                "it makes the column Integer.MAX_VALUE wide"
            )
        width_number = int(java_log_scalar(maxval) / java_log_scalar(10.0) + (4 if fractional else 1)) if maxval else 0
        width = max(width_number, width_expression)
        text = []
        for row in self._cells:
            for cell in row:
                if not isinstance(cell, str):
                    text.append(" " + double_to_string(cell, width, 2 if fractional else 0))
                    continue
                diff = width - _utf16_length(cell)
                left = diff % 2 + diff // 2 if diff > 0 else 0
                text.append(" " + " " * left + cell + " " * max(diff - left, 0))
            text.append("\n")
        return "".join(text)

    def __repr__(self) -> str:
        return f"<CostMatrix {self.size}x{self.size} {self.to_matlab()}>"

    # -- reading

    @classmethod
    def parse(cls, text: str, *, source: str = "<string>", num_classes: int | None = None) -> CostMatrix:
        """A cost file's text, read as ``new CostMatrix(Reader)`` reads it.

        With ``num_classes``, text that is not in that format is read in the old one (``actual predicted
        cost`` triples; the other cells 1 off the diagonal), as WEKA's Evaluation tries next.

        >>> CostMatrix.parse("0 1 5\\n% comment\\n1 0 2.5\\n", num_classes=2).to_matlab()
        '[0.0 5.0; 2.5 0.0]'
        """
        try:
            return cls._read(text, source)
        except CostMatrixError as error:
            if num_classes is None:
                raise
            try:
                return cls._read_old(text, source, num_classes)
            except CostMatrixError as old:
                raise CostMatrixError(
                    f"{error.reason} (nor is it the old format: line {old.line}: {old.reason})",
                    source=source,
                    line=error.line,
                ) from None

    @classmethod
    def load(
        cls, path: str | os.PathLike | IO, *, encoding: str = "utf-8", num_classes: int | None = None
    ) -> CostMatrix:
        """A cost file, read as :meth:`parse` reads its text; errors name the file and line."""
        source, text = read_text(path, CostMatrixError, encoding=encoding)
        return cls.parse(text, source=source, num_classes=num_classes)

    @classmethod
    def parse_matlab(cls, matlab: str, *, source: str = "<matlab>") -> CostMatrix:
        """``parseMatlab``: ``[1 2; 3 4]``; rows split at ``;``, cells at spaces; short rows keep the defaults."""
        start, end = matlab.find("[") + 1, matlab.find("]")
        rows = [row for row in java_trim(matlab[start:end]).split(";") if row] if end >= start else []
        if not rows:
            raise CostMatrixError(f"expected a matrix in brackets, like [0 1; 1 0], not {matlab!r}", source=source)
        matrix = cls(num_classes=len(rows))
        for r, row in enumerate(rows):
            tokens = [token for token in row.split(" ") if token]
            if len(tokens) > len(rows):
                raise CostMatrixError(
                    f"row {r + 1} has {len(tokens)} cells but there are {len(rows)} rows", source=source
                )
            matrix._cells[r][: len(tokens)] = map(_number_or_text, tokens)
            matrix._origins.update(
                {(r, c): (source, None) for c in range(len(tokens)) if isinstance(matrix._cells[r][c], str)}
            )
        return matrix

    @classmethod
    def _read(cls, text: str, source: str) -> CostMatrix:
        """``new CostMatrix(Reader)``: a ``rows columns`` line, then the rows; lines starting with % skipped."""
        lines = re.split(r"\r\n|\r|\n", text)  # LineNumberReader's line ends
        lines = lines[:-1] if lines[-1] == "" else lines
        size = -1
        rows: list[tuple[int, list[str]]] = []  # (line number, tokens)
        for number, line in enumerate(lines, 1):
            tokens = [token for token in re.split(r"[ \t\f]+", line) if token]  # StringTokenizer's blanks
            if line.startswith("%") or not tokens:
                continue
            if size < 0:
                declared, columns = (parse_int(token) for token in (tokens + [""])[:2])
                if declared is None or declared < 0 or columns != declared:
                    raise CostMatrixError(
                        f"expected the matrix's rows and columns, two equal ints >= 0, not {' '.join(tokens[:2])!r}",
                        source=source,
                        line=number,
                    )
                size = declared
            elif len(rows) == size or len(tokens) < size:
                problem = (
                    f"too many rows: the matrix has {size}"
                    if len(rows) == size
                    else f"too few elements: row {len(rows) + 1} has {len(tokens)} of {size}"
                )
                raise CostMatrixError(problem, source=source, line=number)
            else:
                rows.append((number, tokens[:size]))  # WEKA ignores the tokens after the size-th
        if len(rows) != size:
            problem = f"too few rows: {len(rows)} of {size}" if size >= 0 else "no rows and columns line"
            raise CostMatrixError(problem, source=source, line=len(lines) or None)
        matrix = cls([[_number_or_text(token) for token in tokens] for _, tokens in rows])
        for r, (number, _) in enumerate(rows):
            matrix._origins.update(
                {(r, c): (source, number) for c, cell in enumerate(matrix._cells[r]) if isinstance(cell, str)}
            )
        return matrix

    @classmethod
    def _read_old(cls, text: str, source: str, num_classes: int) -> CostMatrix:
        """``readOldFormat``: ``actual predicted cost`` triples, StreamTokenizer's numbers, % and / comments."""
        matrix, line = cls(num_classes=num_classes), 1
        triple: list[float] = []  # two class indices, then the cost
        for match in _OLD_TOKEN.finditer(text):
            end_of_line, number, other = match.groups()
            what = ["first class index", "second class index", "cost"][len(triple)]
            if end_of_line and triple or other:
                problem = (
                    f"premature end of line: expected the {what}"
                    if end_of_line
                    else f"only numbers and comments are allowed, not {other!r}"
                )
                raise CostMatrixError(problem, source=source, line=line)
            line += bool(end_of_line)
            if number is None:
                continue
            value = _stream_number(number)
            index = 0 if math.isnan(value) else int(max(-(2**31), min(2**31 - 1, value)))  # Java's (int)
            if len(triple) < 2 and not (index == value or abs(index - value) < 1e-6):
                raise CostMatrixError(f"the {what} is no integer: {value!r}", source=source, line=line)
            if len(triple) < 2 and not 0 <= index < num_classes:
                raise CostMatrixError(f"class index {index} out of range", source=source, line=line)
            if len(triple) == 1 and index == triple[0]:
                raise CostMatrixError(f"a cost on the diagonal ({index}, {index})", source=source, line=line)
            if len(triple) == 2 and not value > 1e-6:
                raise CostMatrixError(f"only positive costs are allowed, not {value!r}", source=source, line=line)
            triple.append(index if len(triple) < 2 else value)
            if len(triple) == 3:
                matrix._cells[int(triple[0])][int(triple[1])] = triple[2]
                triple = []
        if triple:
            what = ["first class index", "second class index", "cost"][len(triple)]
            raise CostMatrixError(f"premature end of file: expected the {what}", source=source, line=line)
        return matrix

    # -- internals

    def _numbers_only(self, cells: Any) -> None:
        """Refuse expression cells where WEKA computes with numbers only."""
        for cell in cells:
            if isinstance(cell, str):
                raise CostMatrixError(
                    f"the cost matrix has an expression cell ({cell!r}): pass the instance's "
                    "values and attributes to evaluate it"
                )

    def _number(self, row: int, col: int) -> float:
        cell = self._cells[row][col]
        self._numbers_only([cell])
        assert not isinstance(cell, str)  # _numbers_only raised for it
        return cell

    def _scalar_evaluator(self, inst: Any, cells: Sequence[Cell], attributes: Any, class_index: int) -> Callable:
        """WEKA's ``if (!replaceStrings(inst.dataset())) return <the numbers-only method>``."""
        if inst is None or not self.has_expressions:
            self._numbers_only(cells)
            return self._evaluator(False, None, None, class_index)
        return self._evaluator(True, [inst], attributes, class_index)

    def _evaluator(
        self, needed: bool, values: Any, attributes: Sequence[Attribute] | None, class_index: int, n: int = 1
    ) -> Callable[[int, int, np.ndarray], np.ndarray]:
        """``cost(row, col, where)``: the cell on the instances ``where``.  When ``needed``, every cell is
        compiled against ``attributes`` first, as WEKA's replaceStrings does on its first use."""
        cells: list[list[Any]] = self._cells
        table = None
        if needed:
            table = (
                values
                if isinstance(values, np.ndarray) and values.dtype.kind in "fiub"
                else np.asarray(values, dtype=object)
            )
            if attributes is None or values is None or table.shape != (n, len(attributes)):
                raise CostMatrixError(
                    f"the cost matrix has expression cells: pass the values of the {n} "
                    "instances (one row each) and attributes=, one per column"
                )
            cells = self._bind(attributes, class_index)

        def cost(row: int, col: int, where: np.ndarray) -> np.ndarray:
            cell = cells[row][col]
            if isinstance(cell, float):
                return np.full(len(where), cell)
            assert table is not None  # a cell to evaluate: _evaluator was told it is needed
            try:
                return cell.evaluate(table[where])
            except ExpressionError as error:
                raise self._error(row, col, error) from None

        return cost

    def _bind(self, attributes: Sequence[Attribute], class_index: int) -> list[list[Any]]:
        """Every cell compiled against the data's attributes (WEKA compiles all, row by row)."""
        key = (tuple(attributes), class_index)
        if key not in self._compiled:
            compiled: list[list[Any]] = [[] for _ in self._cells]
            for r, row in enumerate(self._cells):
                for c, cell in enumerate(row):
                    try:
                        compiled[r].append(
                            cell if isinstance(cell, float) else compile_expression(cell, attributes, class_index)
                        )
                    except ExpressionError as error:
                        raise self._error(r, c, error) from None
                    if not isinstance(compiled[r][c], float) and compiled[r][c].kind != "double":
                        raise self._error(r, c, f"the expression is a {compiled[r][c].kind}, not a number")
            self._compiled[key] = compiled
        return self._compiled[key]

    def _error(self, row: int, col: int, error: Exception | str) -> CostMatrixError:
        source, line = self._origins.get((row, col), (None, None))
        return CostMatrixError(f"cost cell ({row}, {col}) {self._cells[row][col]!r}: {error}", source=source, line=line)


def _defaults(size: int) -> list[list[Cell]]:
    return [[0.0 if i == j else 1.0 for j in range(size)] for i in range(size)]


def _cell(value: Any) -> Cell:
    if isinstance(value, str):
        return value
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise TypeError(f"a cost cell is a number or an expression string, not {type(value).__name__}")
    return float(value)


def _index(i: int, size: int) -> int:
    if not 0 <= i < size:
        raise IndexError(f"class index {i} out of range for a cost matrix of {size} classes")
    return i


def _classes(classes: Any, size: int, least: int | None) -> np.ndarray:
    """Class indices as int64; ``least=None`` lets negatives through (no prediction)."""
    array = np.asarray(classes)
    if array.dtype.kind == "f" and not np.all(np.isfinite(array) & (array == np.round(array))):
        raise CostMatrixError("class indices must be integers (leave out the instances whose class is missing)")
    array = array.astype(np.int64).ravel()
    if array.size and (array.max() >= size or least is not None and array.min() < least):
        raise CostMatrixError(f"a class index is out of range for a cost matrix of {size} classes")
    return array


def _running_max(columns: list[np.ndarray], n: int) -> np.ndarray:
    """getMaxCost's loop: ``if (cost > maxCost) maxCost = cost`` from -Infinity, column by column."""
    best = np.full(n, -math.inf)
    for cost in columns:
        best = np.where(cost > best, cost, best)
    return best


# StreamTokenizer as readOldFormat sets it up: line ends count, chars up to ' ' are blanks, % and / start
# comments, a number is digits with one '.' at most and a leading '-', anything else is a token it refuses.
_OLD_TOKEN = re.compile(
    r"(\r\n|\r|\n)|[\x00-\x09\x0b\x0c\x0e-\x20]+|[%/][^\r\n]*|(-?(?=[0-9.])[0-9]*\.?[0-9]*)|(.)", re.DOTALL
)


def _stream_number(text: str) -> float:
    """StreamTokenizer's value: digit by digit in a double, then one division by 10.0 * 10 * ..."""
    whole, _, fraction = text.lstrip("-").partition(".")
    value = 0.0
    for digit in whole + fraction:
        value = value * 10 + (ord(digit) - 48)
    if fraction:
        denominator = 10.0
        for _ in fraction[1:]:
            denominator *= 10
        value /= denominator
    return -value if text.startswith("-") else value
