"""Dates told valid at once, in bulk: the shortcut before :meth:`DateParser.parse <wekaeval.arff._dates.DateParser>`.

WEKA parses every date of a file and refuses the file at the first it cannot parse, so wekaeval checks every
date too.  Most dates are written exactly as a pattern of fixed-width numeric fields shows them
(``2020-02-29T23:59:59`` for ``yyyy-MM-dd'T'HH:mm:ss``); in a zone without daylight saving such a date
parses if and only if each field is in range, which numpy checks for a whole column at once.  Whatever this
cannot tell (another shape, another field, a zone with gaps, a year before the Gregorian calendar) is left to
``parse``, one distinct text at a time.

>>> from wekaeval.arff._dates import DateParser
>>> plain = PlainDates.of(DateParser())
>>> plain.surely(["2020-02-29T23:59:59", "2021-02-29T00:00:00", "2020-1-5T00:00:00"]).tolist()
[True, False, False]
>>> PlainDates.of(DateParser("yyyy-MM-dd", "Europe/Berlin")) is None  # a zone with gaps: parse decides
True
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from wekaeval.arff._dates import DateParser

#: Fixed-width numeric fields told at once, by letter: their width.
_WIDTHS = {"y": 4, "M": 2, "d": 2, "H": 2, "m": 2, "s": 2, "S": 3}

#: Zones with one offset for ever (no gap, no fold).
_FIXED_ZONES = frozenset({"UTC", "Etc/UTC", "Etc/UCT", "UCT", "Etc/Universal", "Universal", "Etc/Zulu", "Zulu"})

_DAYS = np.array([31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31])

#: Fewer texts than this are told one by one in Python, more with numpy.
_FEW = 64


@dataclass(frozen=True)
class PlainDates:
    """A pattern's fixed layout: its length, each field's letter, start and width, each literal's place."""

    length: int
    fields: tuple[tuple[str, int, int], ...]
    literals: tuple[tuple[int, int], ...]  # (offset, character code)

    @classmethod
    def of(cls, parser: DateParser) -> PlainDates | None:
        """The layout of ``parser``'s pattern, or None where it leaves every date to ``parse`` (a field other
        than ``yyyy MM dd HH mm ss SSS``, one twice, a literal a number before it could take in, or a zone with
        daylight saving)."""
        tz = parser.zone.tz
        if not (isinstance(tz, _dt.timezone) or getattr(tz, "key", None) in _FIXED_ZONES):
            return None
        fields: list[tuple[str, int, int]] = []
        literals: list[tuple[int, int]] = []
        at = 0
        for item in parser.items:
            if isinstance(item, str):  # a literal: a number before it stops there (digits and E it would read)
                if not item.isascii() or item in "0123456789E":
                    return None
                literals.append((at, ord(item)))
                at += 1
                continue
            if _WIDTHS.get(item.letter) != item.count or any(letter == item.letter for letter, _, _ in fields):
                return None
            fields.append((item.letter, at, item.count))
            at += item.count
        return cls(at, tuple(fields), tuple(literals)) if fields else None

    def surely(self, texts: list[str]) -> np.ndarray:
        """Which of ``texts`` certainly parse (False: ``parse`` must tell)."""
        if len(texts) < _FEW:
            return np.array([self._surely_one(text) for text in texts], dtype=bool)
        out = np.zeros(len(texts), dtype=bool)
        rows = [i for i, text in enumerate(texts) if len(text) == self.length and text.isascii()]
        if not rows:
            return out
        data = np.frombuffer("".join(texts[i] for i in rows).encode("ascii"), dtype=np.uint8)
        data = data.reshape(len(rows), self.length)
        good = np.ones(len(rows), dtype=bool)
        for offset, code in self.literals:
            good &= data[:, offset] == code
        values: dict[str, np.ndarray] = {}
        for letter, start, width in self.fields:
            digits = data[:, start : start + width].astype(np.int64) - 48
            good &= ((digits >= 0) & (digits <= 9)).all(axis=1)
            values[letter] = digits @ (10 ** np.arange(width - 1, -1, -1, dtype=np.int64))
        ones = np.ones(len(rows), dtype=np.int64)
        year, month = values.get("y", 1970 * ones), values.get("M", ones)
        good &= (year >= 1583) & (month >= 1) & (month <= 12)  # (Gregorian years only: Julian ones are parse's)
        leap = (year % 4 == 0) & ((year % 100 != 0) | (year % 400 == 0))
        days = _DAYS[np.clip(month, 1, 12) - 1] + ((month == 2) & leap)
        day = values.get("d", ones)
        good &= (day >= 1) & (day <= days)
        good &= values.get("H", 0 * ones) <= 23
        good &= (values.get("m", 0 * ones) <= 59) & (values.get("s", 0 * ones) <= 59)
        out[rows] = good
        return out

    def _surely_one(self, text: str) -> bool:
        """:meth:`surely` of one text, without numpy (whose fixed cost would be most of it)."""
        if len(text) != self.length or not text.isascii():
            return False
        if any(ord(text[offset]) != code for offset, code in self.literals):
            return False
        values = {"y": 1970, "M": 1, "d": 1, "H": 0, "m": 0, "s": 0}
        for letter, start, width in self.fields:
            digits = text[start : start + width]
            if not digits.isdigit():  # (ASCII: checked above)
                return False
            values[letter] = int(digits)
        year, month, day = values["y"], values["M"], values["d"]
        if year < 1583 or not 1 <= month <= 12:
            return False
        leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
        days = int(_DAYS[month - 1]) + (month == 2 and leap)
        return 1 <= day <= days and values["H"] <= 23 and values["m"] <= 59 and values["s"] <= 59
