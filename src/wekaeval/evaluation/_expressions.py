"""WEKA's expression language (``weka.core.expressionlanguage``), compiled to numpy, in pure Python.

WEKA evaluates its cost matrices' non-fixed cells (:mod:`wekaeval.evaluation`) with it, one instance at a
time; here an expression runs over the attribute values of many instances at once, with the same doubles.

>>> header = [Attribute("size", "numeric"), Attribute("colour", "nominal", ("red", "blue"))]
>>> expression = compile_expression("ifelse((a2)is('red'), a1^2, -a1)", header)
>>> expression.kind, expression.evaluate([[3.0, 0], [3.0, 1], [float("nan"), 0]]).tolist()
('double', [9.0, -3.0, nan])

The language:

* ``a1``, ``A1``, ``ATT1``: the first attribute's value; ``CLASS``: the class's.  A numeric or date
  attribute is a number (NaN when missing), a nominal or string one its label (``""`` when missing):
  ``a2*2`` fails on a nominal ``a2``, ``(a2)is('red')`` compares its label;
* numbers ``12``, ``1.5`` (no exponent, no leading dot); strings ``'x'``, ``"x"`` (escapes ``\\b \\f \\n
  \\r \\t \\" \\' \\\\``); ``true``, ``false``;
* operators, loosest first: ``|`` ``or``; ``&`` ``and``; ``is`` (string equality); ``=``; ``< <= > >=``
  and ``regexp`` (Java's ``String.matches``: the syntax Java and Python read alike, the rest refused);
  ``+ -`` (``+`` joins strings too); ``* /``; prefix ``! not - +``; ``^`` (right to left: ``-2^2`` is -4).
  ``=``, ``<`` ... and ``is`` do not chain;
* ``abs sqrt log exp sin cos tan rint floor ceil`` of a number, ``pow(x, y)``, ``ifelse(test, a, b)``,
  ``ismissing(a3)``.  WEKA's ``java(class, signature, ...)`` calls JVM methods: refused here.

Bits: ``+ - * /``, comparisons, ``sqrt abs floor ceil rint`` are IEEE operations as in Java; ``log``, ``exp``,
``pow`` and ``^`` are the JVM's (:func:`~wekaeval.javamath.java_log`, :func:`~wekaeval.javamath.java_exp`,
:func:`~wekaeval.javamath.java_pow`: the platform :func:`~wekaeval.javamath.java_platform` names).
``sin cos tan`` come from the C library, whose last bit differs from HotSpot's intrinsics for about 0.2 % of
non-integer arguments (``tan``: 0.6 %; none seen for integers).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from wekaeval.arff import Attribute
from wekaeval.errors import ExpressionError
from wekaeval.javamath import java_exp, java_log, java_pow


def compile_expression(text: str, attributes: Sequence[Attribute], class_index: int = -1) -> Expression:
    """The expression ``text`` over data with these attributes, as WEKA's ``Parser.parse`` compiles it.

    Raises :class:`~wekaeval.errors.ExpressionError` where WEKA's parser throws: a syntax error, an
    undefined name, or operands of the wrong type.
    """
    return Expression(text, _Parser(text, attributes, class_index).parse(), attributes)


class Expression:
    """A compiled expression: ``kind`` is "double", "boolean" or "string"."""

    def __init__(self, text: str, node: _Node, attributes: Sequence[Attribute]):
        self.text, self.kind, self._node, self._attributes = text, node.kind, node, tuple(attributes)

    def evaluate(self, values: Sequence[Sequence[Any]] | np.ndarray) -> np.ndarray:
        """The value for each row of ``values`` (n x m): numbers (a date in milliseconds), a nominal's
        label index (a string attribute's: into ``Attribute.values``), NaN for missing -- or, in an object
        array, labels as str and None for missing."""
        table = (
            values
            if isinstance(values, np.ndarray) and values.dtype.kind in "fiub"
            else np.asarray(values, dtype=object)
        )
        if table.ndim != 2 or table.shape[1] != len(self._attributes):
            raise ExpressionError(f"values of shape {table.shape} for {len(self._attributes)} attributes")
        with np.errstate(all="ignore"):
            return self._node.compute(_Rows(table, self._attributes))

    def __repr__(self) -> str:
        return f"<Expression {self.kind} {self.text!r}>"


def parse_int(token: str) -> int | None:
    """``Integer.parseInt(token)`` (Unicode digits too), or None where Java throws."""
    value = int(token) if re.fullmatch(r"[+-]?\d+", token) else None
    return value if value is not None and -(2**31) <= value < 2**31 else None


_WHITESPACE = "\t\n\x0b\x0c\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"  # JFlex's \s


_TOKEN = re.compile(rf"([0-9]+\.?[0-9]*)|([a-zA-Z_][a-zA-Z0-9_]*)|(<=|>=|[-+*/^(),&|!=<>])|(['\"])|[{_WHITESPACE}]+")


_KEYWORDS = {"and": "&", "or": "|", "not": "!", "is": "is", "regexp": "regexp"}


_ESCAPES = {"b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", '"': '"', "'": "'", "\\": "\\"}


def _scan(text: str) -> list[tuple[str, Any]]:
    """The scanner's tokens, ``(kind, value)``; an unclosed string at the end is dropped, as in WEKA."""
    tokens: list[tuple[str, Any]] = []
    pos = 0
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if match is None:
            raise ExpressionError(f"illegal character {text[pos]!r}")
        pos = match.end()
        number, name, operator, quote = match.groups()
        if number or operator:
            tokens.append(("value", float(number)) if number else ("op", operator))
        elif name:
            keyword = ("value", name == "true") if name in ("true", "false") else ("op", _KEYWORDS.get(name))
            tokens.append(keyword if keyword[1] is not None else ("name", name))
        elif quote:
            chars = []
            while pos < len(text) and text[pos] != quote:
                if text[pos] == "\n":
                    raise ExpressionError("illegal character '\\n' in a string")
                escape = text[pos] == "\\" and text[pos + 1 : pos + 2] not in ("", "\n")
                if escape and text[pos + 1] not in _ESCAPES:
                    raise ExpressionError(f"invalid escape sequence {text[pos : pos + 2]!r}")
                chars.append(_ESCAPES[text[pos + 1]] if escape else text[pos])
                pos += 1 + escape
            if pos == len(text):
                break
            tokens.append(("value", "".join(chars)))
            pos += 1
    return tokens + [("end", None)]


class _Node:
    """A compiled expression: its type ("double", "boolean" or "string") and how to compute it on rows."""

    def __init__(
        self, kind: str, compute: Callable[[_Rows], np.ndarray], attribute: int | None = None, constant: Any = None
    ):
        self.kind, self.compute, self.attribute, self.constant = kind, compute, attribute, constant


def _constant(value: Any) -> _Node:
    kind = "boolean" if isinstance(value, bool) else "string" if isinstance(value, str) else "double"
    dtype = {"boolean": bool, "string": object, "double": np.float64}[kind]
    return _Node(kind, lambda rows: np.full(rows.n, value, dtype=dtype), constant=value)


def _elementwise(function: Callable[..., float]) -> Callable[..., np.ndarray]:
    """A scalar function over arrays; NaN where Python raises ValueError, Infinity on OverflowError."""

    def call(*args: float) -> float:
        try:
            return function(*args)
        except OverflowError:
            return math.inf
        except ValueError:
            return math.nan

    return lambda *arrays: np.array(
        [call(*a) for a in zip(*(x.tolist() for x in arrays), strict=False)], dtype=np.float64
    )


def _pow(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """``Math.pow``, element by element, as the JVM computes it (:func:`~wekaeval.javamath.java_pow`)."""
    return np.asarray(java_pow(x, y), dtype=np.float64)


_FUNCTIONS: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    "abs": np.abs,
    "sqrt": np.sqrt,
    "log": java_log,
    "rint": np.rint,
    "floor": np.floor,
    "ceil": np.ceil,
    "exp": java_exp,
    "sin": _elementwise(math.sin),
    "cos": _elementwise(math.cos),
    "tan": _elementwise(math.tan),
}


_ARITHMETIC: dict[str, Callable[[np.ndarray, np.ndarray], np.ndarray]] = {
    "+": np.add,
    "-": np.subtract,
    "*": np.multiply,
    "/": np.divide,
    "^": _pow,
}


_COMPARISONS: dict[str, Callable[[np.ndarray, np.ndarray], np.ndarray]] = {
    "=": np.equal,
    "<": np.less,
    "<=": np.less_equal,
    ">": np.greater,
    ">=": np.greater_equal,
}


_PRECEDENCE = {
    "|": 1,
    "&": 2,
    "is": 3,
    "=": 4,
    "<": 5,
    "<=": 5,
    ">": 5,
    ">=": 5,
    "regexp": 5,
    "+": 6,
    "-": 6,
    "*": 7,
    "/": 7,
    "^": 9,
}  # prefix ! - + are 8: they take only ^ into their operand


_REGEX_PIECE = re.compile(
    r"\\[dDwWsStnrf]|\\[^0-9A-Za-z]|\[\^?(?:[^\\\[\]]|\\[dDwWsStnrf]|\\[^0-9A-Za-z])+\]"
    r"|\{[0-9]+(?:,[0-9]*)?\}|\(\?[:=!]|[^\\\[\]{}]"
)


_LINE_ENDS = "\n\r\x85\u2028\u2029"  # what Java's . does not match, and $ may stand before at the end


@lru_cache(maxsize=256)
def _java_regex(pattern: str) -> re.Pattern:
    """Java's ``Pattern.compile(pattern)`` as a Python pattern, for the syntax the two read alike."""
    pieces, pos, previous = [], 0, ""
    while pos < len(pattern):
        match = _REGEX_PIECE.match(pattern, pos)
        piece = match.group() if match else ""
        if (
            match is None
            or not piece
            or piece == "+"
            and (previous in ("*", "+", "?") or previous[:1] == "{")
            or piece[0] == "["
            and any(p in piece for p in ("&&", "--", "~~", "||"))
        ):
            raise ExpressionError(
                f"regular expression {pattern!r}: Java syntax at offset {pos} that this port does "
                "not translate (possessive quantifiers, nested or intersected classes, \\p{..}, \\b, "
                "back references, groups other than (?: (?= (?!)"
            )
        pieces.append({".": f"[^{_LINE_ENDS}]", "$": f"(?=(?:\r\n|[{_LINE_ENDS}])?\\Z)"}.get(piece, piece))
        previous, pos = piece, match.end()
    try:
        return re.compile("".join(pieces), re.ASCII)
    except re.error as error:
        raise ExpressionError(f"regular expression {pattern!r}: {error}") from None


class _Parser:
    """WEKA's Parser.cup by precedence climbing, with its semantic checks where it reduces."""

    def __init__(self, text: str, attributes: Sequence[Attribute], class_index: int):
        self.tokens, self.pos = _scan(text), 0
        self.attributes, self.class_index = attributes, class_index

    def parse(self) -> _Node:
        node = self.expression(1)
        if self.tokens[self.pos][0] != "end":
            raise self.syntax_error()
        return node

    def syntax_error(self, expected: str = "") -> ExpressionError:
        kind, value = self.tokens[self.pos]
        return ExpressionError(f"syntax error at {'the end' if kind == 'end' else repr(value)}{expected}")

    def take(self, operator: str) -> bool:
        found = self.tokens[self.pos] == ("op", operator)
        self.pos += found
        return found

    def expression(self, least: int) -> _Node:
        left = self.operand()
        while (
            level := _PRECEDENCE.get(self.tokens[self.pos][1], 0) if self.tokens[self.pos][0] == "op" else 0
        ) >= least:
            operator = self.tokens[self.pos][1]
            self.pos += 1
            left = self.binary(operator, left, self.expression(level if operator == "^" else level + 1))
            if (
                level in (3, 4, 5)
                and self.tokens[self.pos][0] == "op"
                and _PRECEDENCE.get(self.tokens[self.pos][1]) == level
            ):
                raise self.syntax_error(f": {operator} does not chain")
        return left

    def operand(self) -> _Node:
        kind, value = self.tokens[self.pos]
        self.pos += 1
        if (kind, value) == ("op", "("):
            node = self.expression(1)
            if not self.take(")"):
                raise self.syntax_error(", expected ')'")
            return node
        if kind == "op" and value in ("-", "+", "!"):
            node = self.expression(_PRECEDENCE["^"])
            if node.kind != ("boolean" if value == "!" else "double"):
                raise ExpressionError(f"prefix {value} does not apply to a {node.kind}")
            if value == "+":
                return node
            return _Node(
                node.kind, lambda rows: np.negative(node.compute(rows)) if value == "-" else ~node.compute(rows)
            )
        if kind == "value":
            return _constant(value)
        if kind == "name" and self.take("("):
            arguments: list[_Node] = []
            if not self.take(")"):
                arguments.append(self.expression(1))
                while self.take(","):
                    arguments.append(self.expression(1))
                if not self.take(")"):
                    raise self.syntax_error(f" in the arguments of {value}")
            return self.function(value, arguments)
        if kind == "name":
            return self.variable(value)
        self.pos -= 1
        raise self.syntax_error()

    def variable(self, name: str) -> _Node:
        digits = re.fullmatch(r"[aA]([0-9]+)|ATT([0-9]+)", name)
        number = parse_int(digits.group(1) or digits.group(2)) if digits else None
        if digits and number is None:
            raise ExpressionError(f"attribute number {name!r} is beyond Java's int")
        index = number - 1 if number is not None else self.class_index if name == "CLASS" else -1
        if not 0 <= index < len(self.attributes):
            raise ExpressionError(
                f"variable {name!r} is undefined (the data has {len(self.attributes)} attributes"
                f"{' and no class' if name == 'CLASS' else ''})"
            )
        kind = self.attributes[index].type
        if kind in ("numeric", "date"):
            return _Node("double", lambda rows: rows.numbers(index), attribute=index)
        if kind in ("nominal", "string"):
            return _Node("string", lambda rows: rows.labels(index), attribute=index)
        raise ExpressionError(f"attribute {name} is {kind}; expressions take numeric, date, nominal, string ones")

    def binary(self, operator: str, left: _Node, right: _Node) -> _Node:
        kinds = (left.kind, right.kind)
        if operator == "+" and kinds == ("string", "string"):
            return _Node("string", lambda rows: left.compute(rows) + right.compute(rows))
        table, result = (_ARITHMETIC, "double") if operator in _ARITHMETIC else (_COMPARISONS, "boolean")
        if operator in table and kinds == ("double", "double"):
            function = table[operator]
            return _Node(result, lambda rows: function(left.compute(rows), right.compute(rows)))
        if operator in ("&", "|") and kinds == ("boolean", "boolean"):
            logic = np.logical_and if operator == "&" else np.logical_or
            return _Node("boolean", lambda rows: logic(left.compute(rows), right.compute(rows)))
        if operator in ("is", "regexp") and kinds == ("string", "string"):
            fixed = _java_regex(right.constant) if operator == "regexp" and right.constant is not None else None
            test = (
                (lambda s, p: s == p)
                if operator == "is"
                else (lambda s, p: (fixed or _java_regex(p)).fullmatch(s) is not None)
            )
            return _Node(
                "boolean",
                lambda rows: np.array(
                    [test(s, p) for s, p in zip(left.compute(rows), right.compute(rows), strict=False)], dtype=bool
                ),
            )
        raise ExpressionError(f"{operator} does not apply to a {kinds[0]} and a {kinds[1]}")

    def function(self, name: str, arguments: list[_Node]) -> _Node:
        kinds = tuple(a.kind for a in arguments)
        if name in _FUNCTIONS and kinds == ("double",):
            function, argument = _FUNCTIONS[name], arguments[0]
            return _Node("double", lambda rows: function(argument.compute(rows)))
        if name == "pow" and kinds == ("double", "double"):
            return self.binary("^", *arguments)
        if name == "ifelse" and len(kinds) == 3 and kinds[0] == "boolean" and kinds[1] == kinds[2]:
            test, yes, no = arguments
            return _Node(kinds[1], lambda rows: np.where(test.compute(rows), yes.compute(rows), no.compute(rows)))
        if name == "ismissing" and len(arguments) == 1 and arguments[0].attribute is not None:
            index = arguments[0].attribute
            return _Node("boolean", lambda rows: rows.missing(index))
        if name == "java":
            raise ExpressionError("java(...) calls a JVM method, which this pure-Python port cannot")
        if name in (*_FUNCTIONS, "pow", "ifelse", "ismissing"):
            raise ExpressionError(f"{name}({', '.join(kinds)}): wrong number or type of arguments")
        raise ExpressionError(f"function {name!r} is undefined")


class _Rows:
    """The attribute values of the instances an expression is evaluated on, read as InstancesHelper reads them."""

    def __init__(self, values: np.ndarray, attributes: Sequence[Attribute]):
        self.values, self.attributes, self.n = values, attributes, len(values)

    def numbers(self, index: int) -> np.ndarray:
        if self.values.dtype != object:
            return self.values[:, index].astype(np.float64)
        try:
            return np.array([math.nan if v is None else v for v in self.values[:, index]], dtype=np.float64)
        except (TypeError, ValueError):
            raise ExpressionError(f"attribute {index + 1} holds a value that is no number") from None

    def label(self, value: Any, index: int) -> str | None:
        if value is None or isinstance(value, str) or math.isnan(value):
            return value if isinstance(value, str) else None
        labels = self.attributes[index].values
        if labels is None or not (0 <= value < len(labels) and value == int(value)):
            raise ExpressionError(f"value {value!r} of attribute {index + 1} is no index into its labels")
        return labels[int(value)]

    def labels(self, index: int) -> np.ndarray:
        labels = [self.label(v, index) for v in self.values[:, index].tolist()]
        return np.array(["" if label is None else label for label in labels], dtype=object)

    def missing(self, index: int) -> np.ndarray:
        if self.attributes[index].type in ("numeric", "date"):
            return np.isnan(self.numbers(index))
        return np.array([self.label(v, index) is None for v in self.values[:, index].tolist()], dtype=bool)
