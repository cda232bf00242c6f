"""WEKA's date values: ``java.text.SimpleDateFormat.parse`` in a JVM's default time zone, ported.

A WEKA ``date`` attribute holds milliseconds since 1970-01-01T00:00:00Z as a
double.  WEKA parses each value with a non-lenient ``SimpleDateFormat`` built
from the attribute's pattern (default ``yyyy-MM-dd'T'HH:mm:ss``) in the JVM's
default time zone and locale.  This module reproduces that for the pattern
letters ``y M d H h m s S a E z Z X`` and quoted literals, with Java's rules:

* numeric fields skip leading spaces and tabs, read a signed integer (an
  exponent ``E3`` included, as Java's DecimalFormat does) and, when the next
  field is numeric too (``yyyyMMdd``), exactly as many characters as letters;
* ``yy`` reads a two-digit year into the century that starts 80 years ago;
* text after the last field is ignored (``DateFormat.parse(String)``);
* non-lenient checks: every parsed field must survive the round trip through
  the calendar, so ``2021-02-30`` and a wall time in a DST gap are refused;
* the calendar is Julian before 1582-10-15 (``GregorianCalendar``'s cutover);
* time zones as Java's ``ZoneInfo``: the zone's raw offset before 1900, its
  history from 1900 on, and at a DST fold the later (standard-time) instant.

Month, weekday and AM/PM names are English (the JVM's default locale here).

>>> parser = DateParser("yyyy-MM-dd HH:mm", "Europe/Berlin")
>>> parser.parse("2021-07-01 12:00")
1625133600000.0
>>> parser.parse("2021-03-28 02:30") is None  # a wall time that does not exist there
True
"""

from __future__ import annotations

import datetime as _dt
import math
import time
import unicodedata
from dataclasses import dataclass
from fractions import Fraction
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from wekaeval.arff._calendar import DAY, DatePatternError, Zone, civil_from_days, fixed_day, zone_of

DEFAULT_PATTERN = "yyyy-MM-dd'T'HH:mm:ss"


_MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


_SHORT_MONTHS = tuple(name[:3] for name in _MONTHS)


_WEEKDAYS = ("Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday")


_SHORT_WEEKDAYS = tuple(name[:3] for name in _WEEKDAYS)


_AM_PM = ("AM", "PM")


_SUPPORTED = "yMdHhmsSaEzZX"


_NUMERIC = set("ydHhmsS")  # fields that make the field before them obey its letter count (M only as M/MM)


_JAVA_LETTERS = set("GyYMLwWDdFEuaHkKhmsSzZX")


# Calendar's getMinimum/getMaximum for the fields a pattern sets (non-lenient range check).
_RANGES = {
    "year": (1, 292_278_994),
    "month": (0, 11),
    "day": (1, 31),
    "hour_of_day": (0, 23),
    "hour": (0, 11),
    "am_pm": (0, 1),
    "minute": (0, 59),
    "second": (0, 59),
    "millisecond": (0, 999),
    "day_of_week": (1, 7),
    "zone_offset": (-13 * 3_600_000, 14 * 3_600_000),
}


def resolve_timezone(timezone: str | _dt.tzinfo) -> _dt.tzinfo:
    """An IANA zone name (``"UTC"``, ``"Europe/Berlin"``) or a ``tzinfo`` as a ``tzinfo``.

    Raises
    ------
    ValueError
        For an unknown zone name or something that is not a tzinfo.
    """
    if isinstance(timezone, _dt.tzinfo):
        return timezone
    if not isinstance(timezone, str):
        raise ValueError(f"timezone must be an IANA zone name or a datetime.tzinfo, not {timezone!r}")
    try:
        return ZoneInfo(timezone)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(f"timezone {timezone!r} is not a known IANA time zone") from None


@dataclass(frozen=True)
class _Field:
    letter: str
    count: int


def _compile(pattern: str) -> tuple[_Field | str, ...]:
    """SimpleDateFormat.compile: runs of one letter are fields; quoted text and other characters literals."""
    items: list[_Field | str] = []
    i = 0
    while i < len(pattern):
        char = pattern[i]
        if char == "'":
            if pattern[i + 1 : i + 2] == "'":
                items.append("'")
                i += 2
                continue
            end = i + 1
            literal = []
            while True:
                if end >= len(pattern):
                    raise DatePatternError(f"date pattern {pattern!r} has an unfinished quote")
                if pattern[end] == "'":
                    if pattern[end + 1 : end + 2] == "'":
                        literal.append("'")
                        end += 2
                        continue
                    break
                literal.append(pattern[end])
                end += 1
            items.extend(literal)
            i = end + 1
        elif "a" <= char <= "z" or "A" <= char <= "Z":
            if char not in _JAVA_LETTERS:
                raise DatePatternError(f"date pattern {pattern!r}: {char!r} is not a SimpleDateFormat letter")
            if char not in _SUPPORTED:
                raise DatePatternError(
                    f"date pattern {pattern!r}: the letter {char!r} is not supported (supported: {_SUPPORTED})"
                )
            end = i
            while end < len(pattern) and pattern[end] == char:
                end += 1
            items.append(_Field(char, end - i))
            i = end
        else:
            items.append(char)
            i += 1
    letters = {item.letter for item in items if isinstance(item, _Field)}
    if "E" in letters and not {"y", "M", "d"} <= letters:
        raise DatePatternError(f"date pattern {pattern!r}: a weekday (E) is supported only with y, M and d")
    return tuple(items)


def _obeys_count(item: _Field | str | None) -> bool:
    """shouldObeyCount: whether the field after a numeric one is numeric too."""
    if not isinstance(item, _Field):
        return False
    return item.letter in _NUMERIC or (item.letter == "M" and item.count <= 2)


def _java_number(text: str, start: int, end: int) -> tuple[int, int] | None:
    """DecimalFormat.parse (integer only, no grouping) of text[start:end]: (int value, new position) or None."""
    pos = start
    negative = pos < end and text[pos] == "-"
    if negative:
        pos += 1
    digits = []
    while pos < end:
        digit = unicodedata.decimal(text[pos], None)
        if digit is None:
            break
        digits.append(str(digit))
        pos += 1
    if not digits:
        return None
    exponent = 0
    if pos < end and text[pos] == "E":  # DecimalFormat reads an exponent, integer-only or not
        epos = pos + 1
        eneg = epos < end and text[epos] == "-"
        if eneg:
            epos += 1
        edigits = []
        while epos < end and unicodedata.decimal(text[epos], None) is not None:
            edigits.append(str(unicodedata.decimal(text[epos])))
            epos += 1
        if edigits and int("".join(edigits)) <= 2**63 - 1:
            exponent = -int("".join(edigits)) if eneg else int("".join(edigits))
            pos = epos
    mantissa = int("".join(digits))
    if exponent == 0 and -(2**63) <= mantissa < 2**63:  # the usual case, a Long, at once (as _int_value reads it)
        return ((-mantissa if negative else mantissa) + 2**31) % 2**32 - 2**31, pos
    if mantissa and exponent > 400:  # beyond any long: a Double, whose intValue saturates
        return (-(2**31) if negative else 2**31 - 1), pos
    if exponent < -(len(digits) + 400):
        return 0, pos  # a tiny Double: intValue 0
    value = Fraction(mantissa) * Fraction(10) ** exponent
    return _int_value(-value if negative else value), pos


def _int_value(value: Fraction) -> int:
    """Number.intValue of what DecimalFormat returns: a Long when the value is a long, else a Double."""
    if value.denominator == 1 and -(2**63) <= value < 2**63:
        return (int(value) + 2**31) % 2**32 - 2**31  # Long.intValue keeps the low 32 bits
    try:
        as_double = float(value)  # correctly rounded, as Double.parseDouble of DigitList's digits
    except OverflowError:
        as_double = math.inf if value > 0 else -math.inf
    if math.isinf(as_double):
        return 2**31 - 1 if as_double > 0 else -(2**31)
    return max(-(2**31), min(2**31 - 1, int(as_double)))  # Double.intValue truncates and saturates


def _region_matches(text: str, start: int, name: str) -> bool:
    """String.regionMatches(ignoreCase=true, ...)."""
    if start + len(name) > len(text):
        return False
    for a, b in zip(text[start : start + len(name)], name, strict=False):
        if a != b and a.upper() != b.upper() and a.lower() != b.lower():
            return False
    return True


def _match_names(text: str, start: int, *lists: tuple[str, ...]) -> tuple[int, int] | None:
    """The longest name (case-insensitive) at ``start`` across the lists: (its index, end) or None."""
    best = None
    for names in lists:
        for index, name in enumerate(names):
            if _region_matches(text, start, name) and (best is None or len(name) > best[2]):
                best = (index, start + len(name), len(name))
    return None if best is None else best[:2]


def _numeric_zone(text: str, pos: int, sign: int, count: int, colon: bool) -> tuple[int, int] | None:
    """subParseNumericZone: hh[[:]mm] after a sign; (offset ms, end) or None."""
    try:
        if not "0" <= text[pos] <= "9":
            return None
        hours = ord(text[pos]) - 48
        pos += 1
        if "0" <= text[pos] <= "9":
            hours = hours * 10 + ord(text[pos]) - 48
            pos += 1
        elif count > 0 or not colon:
            return None
        if hours > 23:
            return None
        minutes = 0
        if count != 1:
            if colon:
                if text[pos] != ":":
                    return None
                pos += 1
            if not ("0" <= text[pos] <= "9" and "0" <= text[pos + 1] <= "9"):
                return None
            minutes = (ord(text[pos]) - 48) * 10 + ord(text[pos + 1]) - 48
            pos += 2
            if minutes > 59:
                return None
    except IndexError:
        return None
    return sign * (hours * 60 + minutes) * 60_000, pos


class DateParser:
    """One date attribute's SimpleDateFormat: ``parse(text)`` gives WEKA's double, or None if unparseable.

    Raises
    ------
    DatePatternError
        For a pattern letter this port does not read (or Java does not know).

    Examples
    --------
    >>> DateParser().parse("1969-12-31T23:59:59")
    -1000.0
    >>> DateParser("dd MMM yyyy hh:mm a", "America/New_York").parse("01 Nov 2020 01:30 AM")  # DST fold
    1604212200000.0
    """

    def __init__(self, pattern: str | None = None, timezone: str | _dt.tzinfo = "UTC"):
        self.pattern = DEFAULT_PATTERN if pattern is None else pattern
        self.items = _compile(self.pattern)
        self.zone = zone_of(resolve_timezone(timezone))
        self._century: tuple[int, int] | None = None

    def parse(self, text: str) -> float | None:
        """Milliseconds since the epoch as WEKA stores them, or None where Java throws ParseException.

        Raises
        ------
        DatePatternError
            When a date names a time zone (``PST``): Java reads those with its locale data.
        """
        fields: dict[str, int] = {}  # insertion order is Calendar's stamp order
        ambiguous = False
        pos = 0
        items = self.items
        for i, item in enumerate(items):
            if isinstance(item, str):
                if pos >= len(text) or text[pos] != item:
                    return None
                pos += 1
                continue
            obey = i + 1 < len(items) and _obeys_count(items[i + 1])
            got = self._field(text, pos, item, obey, fields)
            if got is None:
                return None
            pos, two_digit_year = got
            ambiguous = ambiguous or two_digit_year
        if pos == 0:
            return None
        millis = _establish(fields, self.zone)
        if millis is not None and ambiguous and millis < self._century_start()[1]:
            fields = {**fields, "year": fields["year"] + 100}
            millis = _establish(fields, self.zone)
        return None if millis is None else float(millis)

    def _century_start(self) -> tuple[int, int]:
        """(year, ms) of SimpleDateFormat's default century start: now minus 80 years, in the zone."""
        if self._century is None:
            now = time.time_ns() // 1_000_000
            local = now + self.zone.at_utc(now)
            days, ms = divmod(local, DAY)
            year, month, day = civil_from_days(days)
            year -= 80
            if month == 2 and day == 29:
                day = 28
            fixed = fixed_day(year, month, day)
            assert fixed is not None, (year, month, day)  # now minus 80 years: long past October 1582's lost days
            wall = fixed * DAY + ms
            self._century = (year, wall - self.zone.at_wall(wall))
        return self._century

    def _field(self, text: str, start: int, item: _Field, obey: bool, fields: dict[str, int]):
        """subParse: (new position, whether a two-digit year was read) or None."""
        pos = start
        while True:
            if pos >= len(text):
                return None
            if text[pos] not in " \t":
                break
            pos += 1
        actual_start = pos
        letter, count = item.letter, item.count
        end = len(text)
        if obey:
            if start + count > len(text):
                return None
            end = start + count

        def put(name: str, value: int) -> None:
            fields.pop(name, None)
            fields[name] = value

        if letter in "yhHdmsS" or (letter == "M" and count <= 2):
            number = _java_number(text, pos, end)
            if number is None:
                return None
            value, pos = number
            if letter == "y":
                two_digit = (
                    count <= 2
                    and pos - actual_start == 2
                    and text[actual_start].isdecimal()
                    and text[actual_start + 1].isdecimal()
                )
                if two_digit:
                    century_year = self._century_start()[0]
                    ambiguous_year = century_year % 100
                    put("year", value + (century_year // 100) * 100 + (100 if value < ambiguous_year else 0))
                    return pos, value == ambiguous_year
                put("year", value)
            elif letter == "M":
                put("month", value - 1)
            elif letter == "h":
                if not 1 <= value <= 12:
                    return None
                put("hour", 0 if value == 12 else value)
            else:
                put({"d": "day", "H": "hour_of_day", "m": "minute", "s": "second", "S": "millisecond"}[letter], value)
            return pos, False
        if letter == "M":
            found = _match_names(text, start, _MONTHS) or _match_names(text, start, _SHORT_MONTHS)
            if found is None:
                return None
            put("month", found[0])
            return found[1], False
        if letter == "E":
            found = _match_names(text, start, _WEEKDAYS) or _match_names(text, start, _SHORT_WEEKDAYS)
            if found is None:
                return None
            put("day_of_week", found[0] + 1)
            return found[1], False
        if letter == "a":
            found = _match_names(text, start, _AM_PM)
            if found is None:
                return None
            put("am_pm", found[0])
            return found[1], False
        if letter == "X":
            char = text[pos]
            if char == "Z":
                put("zone_offset", 0)
                return pos + 1, False
            if char not in "+-":
                return None
            zone = _numeric_zone(text, pos + 1, 1 if char == "+" else -1, count, count == 3)
            if zone is None:
                return None
            put("zone_offset", zone[0])
            return zone[1], False
        # z and Z: "GMT", "GMT+hh:mm", "+hhmm", or a zone name
        char = text[pos]
        if char in "+-":
            zone = _numeric_zone(text, pos + 1, 1 if char == "+" else -1, 0, False)
        elif char in "Gg" and _region_matches(text, start, "GMT"):
            pos = start + 3
            if pos < len(text) and text[pos] in "+-":
                zone = _numeric_zone(text, pos + 1, 1 if text[pos] == "+" else -1, 0, True)
            else:
                zone = (0, pos)
        elif _region_matches(text, pos, "UTC"):
            zone = (0, pos + 3)
        else:
            raise DatePatternError(
                f"date {text!r}: time zone names are not supported (WEKA reads them with Java's locale data); "
                "use an offset (Z: -0800, X: -08:00) or GMT/UTC"
            )
        if zone is None:
            return None
        put("zone_offset", zone[0])
        return zone[1], False


def _establish(fields: dict[str, int], zone: Zone) -> int | None:
    """GregorianCalendar.computeTime, non-lenient: the instant, or None where Java throws."""
    for name, value in fields.items():
        low, high = _RANGES[name]
        if not low <= value <= high:
            return None
    year = fields.get("year", 1970)
    month = fields.get("month", 0)
    day = fields.get("day", 1)
    stamp = {name: i + 1 for i, name in enumerate(fields)}  # 0: unset, as Calendar's stamps
    hour_stamp = max(stamp.get("hour", 0), stamp.get("am_pm", 0)) if "hour" in stamp and "am_pm" in stamp else 0
    best = max(hour_stamp, stamp.get("hour_of_day", 0)) or max(stamp.get("hour", 0), stamp.get("am_pm", 0))
    if best and best == stamp.get("hour_of_day"):
        hour = fields["hour_of_day"]
    else:
        hour = fields.get("hour", 0) + 12 * fields.get("am_pm", 0)
    days = fixed_day(year, month + 1, day)
    if days is None:
        return None
    wall = days * DAY + ((hour * 60 + fields.get("minute", 0)) * 60 + fields.get("second", 0)) * 1000
    wall += fields.get("millisecond", 0)
    explicit = fields.get("zone_offset")
    millis = wall - (explicit if explicit is not None else zone.at_wall(wall))
    offset = explicit if explicit is not None else zone.at_utc(millis)
    local_days, ms_of_day = divmod(millis + offset, DAY)
    y, m, d = civil_from_days(local_days)
    hod = ms_of_day // 3_600_000
    now = {
        "year": y,
        "month": m - 1,
        "day": d,
        "hour_of_day": hod,
        "hour": hod % 12,
        "am_pm": hod // 12,
        "minute": ms_of_day // 60_000 % 60,
        "second": ms_of_day // 1000 % 60,
        "millisecond": ms_of_day % 1000,
        "day_of_week": (local_days + 4) % 7 + 1,
        "zone_offset": offset,
    }
    if any(now[name] != value for name, value in fields.items()):
        return None
    return millis
