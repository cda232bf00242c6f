"""WEKA's ``ResultMatrix`` options as its command line gives them, and the checks its setters make.

``getOptions``/``setOptions`` take ``-mean-prec 2 -show-stddev ...`` through ``Utils.getOption`` and
``Utils.getFlag`` (a flag is found before any ``--`` and blanked out once read), numbers through
``Integer.parseInt``; width and precision setters ignore a negative value; an order must be a permutation.

>>> options = ["-mean-prec", "3", "-show-stddev"]
>>> get_option("mean-prec", options), get_option("show-stddev", options, flag_only=True), options
('3', True, ['', '', ''])
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Sequence
from typing import Literal, overload

from wekaeval.errors import WekaevalError


class ResultMatrixError(WekaevalError):
    """A matrix WEKA cannot render as set (WEKA throws), or a value its setters would garble."""


class NonNegative:
    """An int option whose setter, like WEKA's, ignores a negative value."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.attribute = "_" + name

    @overload
    def __get__(self, matrix: None, owner: type | None = None) -> NonNegative: ...

    @overload
    def __get__(self, matrix: object, owner: type | None = None) -> int: ...

    def __get__(self, matrix: object, owner: type | None = None) -> NonNegative | int:
        return self if matrix is None else getattr(matrix, self.attribute)

    def __set__(self, matrix: object, value: int) -> None:
        if value >= 0:
            setattr(matrix, self.attribute, int(value))


INT_OPTIONS = [
    ("mean-prec", "mean_prec"),
    ("stddev-prec", "std_dev_prec"),
    ("col-name-width", "col_name_width"),
    ("row-name-width", "row_name_width"),
    ("mean-width", "mean_width"),
    ("stddev-width", "std_dev_width"),
    ("sig-width", "significance_width"),
    ("count-width", "count_width"),
]


FLAG_OPTIONS = [
    ("show-stddev", "show_std_dev"),
    ("show-avg", "show_average"),
    ("remove-filter", "remove_filter_name"),
    ("print-col-names", "print_col_names"),
    ("print-row-names", "print_row_names"),
    ("enum-col-names", "enumerate_col_names"),
    ("enum-row-names", "enumerate_row_names"),
]


def permutation(order: Sequence[int] | None, size: int, name: str) -> list[int] | None:
    if order is None:
        return None
    order = [int(i) for i in order]
    if sorted(order) != list(range(size)):
        if len(order) != size:  # WEKA prints "setRowOrder: length does not match" and ignores it
            warnings.warn(f"{name}: length does not match ({len(order)} <> {size}) - ignored!", stacklevel=3)
            return None
        raise ResultMatrixError(f"{name} must be a permutation of 0..{size - 1}, not {order}")
    return order


@overload
def get_option(flag: str, options: list[str], flag_only: Literal[False] = False) -> str: ...


@overload
def get_option(flag: str, options: list[str], flag_only: Literal[True]) -> bool: ...


def get_option(flag: str, options: list[str], flag_only: bool = False) -> str | bool:
    """``Utils.getOption`` / ``getFlag``: find ``-flag`` (before any ``--``), blank it (and its value) out."""
    for i, option in enumerate(options):
        if not option.startswith("-") or _is_number(option):
            continue
        if option == "-" + flag:
            options[i] = ""
            if flag_only:
                return True
            if i + 1 == len(options):
                raise ResultMatrixError(f"No value given for -{flag} option.")
            value, options[i + 1] = options[i + 1], ""
            return value
        if option[1:2] == "-":
            break
    return False if flag_only else ""


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def parse_int(text: str) -> int:
    """``Integer.parseInt``."""
    if not re.fullmatch(r"[+-]?\d+", text) or not -(2**31) <= int(text) < 2**31:
        raise ResultMatrixError(f'For input string: "{text}"')
    return int(text)
