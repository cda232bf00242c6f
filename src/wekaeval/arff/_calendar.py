"""Java's calendar and time zones under ``SimpleDateFormat``: ``GregorianCalendar`` days, ``ZoneInfo`` offsets.

Days count from 1970-01-01; the calendar is Julian before 1582-10-15 (the cutover) and the ten days
between do not exist.  A zone's offsets follow Java's ``ZoneInfo``: its raw offset before 1900, its
history after, a wall time in a gap taking the offset before it and one in a fold the offset after it.

>>> civil_from_days(0), civil_from_days(days_from_civil(1582, 10, 4, julian=True) + 1)
((1970, 1, 1), (1582, 10, 15))
>>> fixed_day(1582, 10, 10) is None
True
"""

from __future__ import annotations

import datetime as _dt
from functools import lru_cache
from zoneinfo import ZoneInfo

DAY = 86_400_000


_UTC1900 = -2_208_988_800_000  # Java's ZoneInfo keeps no history before this instant


_CUTOVER_DAY = -141_427  # 1582-10-15 (Gregorian) as days since the epoch


class DatePatternError(ValueError):
    """A SimpleDateFormat pattern that uses something this port does not read (or Java rejects)."""


def days_from_civil(year: int, month: int, day: int, julian: bool) -> int:
    """Days since the epoch of a (proleptic) Gregorian or Julian date; ``day`` may overflow linearly."""
    a = (14 - month) // 12
    y = year + 4800 - a
    m = month + 12 * a - 3
    jdn = (153 * m + 2) // 5 + 365 * y + y // 4
    jdn += -32083 if julian else -(y // 100) + y // 400 - 32045
    return jdn + day - 2_440_588  # day enters linearly, as Calendar's fixed date does


def civil_from_days(days: int) -> tuple[int, int, int]:
    """(year, month 1-12, day) of a day since the epoch: Julian before the 1582 cutover, Gregorian after."""
    jdn = days + 2_440_588
    if days >= _CUTOVER_DAY:
        a = jdn + 32044
        b = (4 * a + 3) // 146097
        c = a - 146097 * b // 4
    else:
        b = 0
        c = jdn + 32082
    d = (4 * c + 3) // 1461
    e = c - 1461 * d // 4
    m = (5 * e + 2) // 153
    day = e - (153 * m + 2) // 5 + 1
    month = m + 3 - 12 * (m // 10)
    year = 100 * b + d - 4800 + m // 10
    return year, month, day


def fixed_day(year: int, month: int, day: int) -> int | None:
    """GregorianCalendar's day for the fields: Julian before 1582-10-15; None in the ten days that never were."""
    if (year, month) > (1582, 10) or (year, month) == (1582, 10) and day >= 15:
        return days_from_civil(year, month, day, julian=False)
    if (year, month) < (1582, 10) or day <= 4:
        return days_from_civil(year, month, day, julian=True)
    return None


class Zone:
    """Offsets in milliseconds of a tzinfo, with Java's ZoneInfo rules for a ZoneInfo."""

    def __init__(self, tz: _dt.tzinfo):
        self.tz = tz
        self.java_like = isinstance(tz, ZoneInfo)
        self.raw = self._raw_offset() if self.java_like else 0

    def _offset(self, naive: _dt.datetime, fold: int = 0) -> int:
        return self._milliseconds(self.tz.utcoffset(naive.replace(tzinfo=self.tz, fold=fold)))

    def _milliseconds(self, offset: _dt.timedelta | None) -> int:
        if offset is None:
            raise DatePatternError(f"time zone {self.tz!r} gives no UTC offset")
        return offset // _dt.timedelta(milliseconds=1)

    def _raw_offset(self) -> int:
        """Java's getRawOffset: the zone's standard offset, the lower one of a year (2100, past all changes)."""
        return min(self._offset(_dt.datetime(2100, month, 15)) for month in range(1, 13))

    def at_utc(self, utc_ms: int) -> int:
        """The offset at an instant; Java's raw offset before 1900."""
        if self.java_like and utc_ms < _UTC1900:
            return self.raw
        aware = _EPOCH + _dt.timedelta(milliseconds=_within_datetime(utc_ms))
        return self._milliseconds(aware.astimezone(self.tz).utcoffset())

    def at_wall(self, wall_ms: int) -> int:
        """getOffsetsByWall: a time in a gap takes the offset before it, one in a fold the offset after it."""
        if self.java_like and wall_ms < _UTC1900 + self.at_utc(_UTC1900):
            return self.raw
        naive = _NAIVE_EPOCH + _dt.timedelta(milliseconds=_within_datetime(wall_ms))
        return min(self._offset(naive, 0), self._offset(naive, 1))


_EPOCH = _dt.datetime(1970, 1, 1, tzinfo=_dt.timezone.utc)


_NAIVE_EPOCH = _dt.datetime(1970, 1, 1)


_CYCLE = 146_097 * DAY  # 400 Gregorian years: weekdays and yearly DST rules repeat


_FIRST_MS = -62_135_596_800_000 + 2 * DAY  # 0001-01-03


_LAST_MS = 253_402_300_800_000 - 2 * DAY  # 9999-12-30


def _within_datetime(ms: int) -> int:
    """The same moment of the 400-year cycle inside datetime's years 1-9999 (zone rules repeat with it)."""
    if ms > _LAST_MS:
        return ms - ((ms - _LAST_MS) // _CYCLE + 1) * _CYCLE
    if ms < _FIRST_MS:
        return ms + ((_FIRST_MS - ms) // _CYCLE + 1) * _CYCLE
    return ms


@lru_cache(maxsize=64)
def zone_of(tz: _dt.tzinfo) -> Zone:
    return Zone(tz)
