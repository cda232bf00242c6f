"""WEKA's date values: the port of SimpleDateFormat.parse against Java's own, in several time zones."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wekaeval.arff._dates import DateParser, DatePatternError, resolve_timezone

ZONES = ["UTC", "America/New_York", "Europe/Berlin", "Australia/Sydney", "Asia/Kolkata", "America/Sao_Paulo"]


@pytest.fixture(scope="session")
def java_parse(weka_jvm):
    """Java's non-lenient SimpleDateFormat(pattern).parse(text) in a zone: ms as a float, None on ParseException."""
    import jpype

    simple_date_format = jpype.JClass("java.text.SimpleDateFormat")
    time_zone = jpype.JClass("java.util.TimeZone")
    parse_exception = jpype.JClass("java.text.ParseException")

    def parse(pattern: str, text: str, zone: str) -> float | None:
        form = simple_date_format(pattern)
        form.setLenient(False)
        form.setTimeZone(time_zone.getTimeZone(zone))
        try:
            return float(form.parse(text).getTime())
        except parse_exception:
            return None

    return parse


CASES = [
    ("yyyy-MM-dd'T'HH:mm:ss", "2020-02-29T23:59:59"),
    ("yyyy-MM-dd'T'HH:mm:ss", "2021-02-29T00:00:00"),  # no 29 February in 2021
    ("yyyy-MM-dd'T'HH:mm:ss", "1969-12-31T23:59:59"),
    ("yyyy-MM-dd'T'HH:mm:ss", "1900-01-01T00:00:00"),
    ("yyyy-MM-dd'T'HH:mm:ss", "1899-12-31T23:00:00"),
    ("yyyy-MM-dd'T'HH:mm:ss", "1850-06-01T12:00:00"),  # before Java's zone history: raw offset
    ("yyyy-MM-dd'T'HH:mm:ss", "2021-03-14T02:30:00"),  # New York's spring-forward gap
    ("yyyy-MM-dd'T'HH:mm:ss", "2021-11-07T01:30:00"),  # New York's fall-back fold
    ("yyyy-MM-dd'T'HH:mm:ss", "2021-03-28T02:30:00"),  # Berlin's gap
    ("yyyy-MM-dd'T'HH:mm:ss", "2021-10-31T02:30:00"),  # Berlin's fold
    ("yyyy-MM-dd'T'HH:mm:ss", "2021-10-03T02:30:00"),  # Sydney's gap
    ("yyyy-MM-dd'T'HH:mm:ss", "2021-04-04T02:30:00"),  # Sydney's fold
    ("yyyy-MM-dd'T'HH:mm:ss", "2060-07-01T12:00:00"),  # past Java's transition table (2037)
    ("yyyy-MM-dd'T'HH:mm:ss", "2020-01-01T24:00:00"),
    ("yyyy-MM-dd'T'HH:mm:ss", "2020-13-01T00:00:00"),
    ("yyyy-MM-dd'T'HH:mm:ss", " 2020- 1-1T1:2:3 trailing text"),
    ("yyyy-MM-dd", "2020E1-01-01"),
    ("yyyy-MM-dd", "-2020-01-01"),
    ("yyyy-MM-dd", "0000-01-01"),
    ("yyyy-MM-dd", "0001-01-01"),
    ("yyyy-MM-dd", "1582-10-04"),
    ("yyyy-MM-dd", "1582-10-10"),
    ("yyyy-MM-dd", "1582-10-15"),
    ("yyyy-MM-dd", "1000-02-29"),  # a Julian leap day
    ("yyyy-MM-dd", "\u0662\u0660\u0662\u0660-01-01"),  # Arabic-Indic digits
    ("yyyy-MM-dd", "2020-01-01.5"),
    ("yyyy-MM-dd", "2020-01-0 1"),
    ("yyyyMMdd", "20200101"),
    ("yyyyMMddHHmmss", "20211107013000"),
    ("yyyyMMdd", "2020011"),
    ("yy-MM-dd", "45-01-01"),
    ("yy-MM-dd", "99-12-31"),
    ("yy-MM-dd", "2045-01-01"),
    ("d MMM yyyy", "1 sep 2020"),
    ("d MMM yyyy", "1 Sept 2020"),
    ("d MMMM yyyy", "1 May 2020"),
    ("d MMMM yyyy", "1 september 2020"),
    ("MMM d, yyyy h:mm a", "Nov 1, 2020 1:30 AM"),
    ("MMM d, yyyy h:mm a", "Nov 1, 2020 12:30 am"),
    ("MMM d, yyyy h:mm a", "Nov 1, 2020 13:30 PM"),
    ("MMM d, yyyy hh:mm", "Nov 1, 2020 12:30"),
    ("yyyy-MM-dd HH:mm a", "2020-01-01 13:00 PM"),
    ("yyyy-MM-dd HH:mm a", "2020-01-01 13:00 AM"),
    ("EEE, d MMM yyyy", "Mon, 3 Feb 2020"),
    ("EEE, d MMM yyyy", "Tue, 3 Feb 2020"),
    ("EEEE d MMMM yyyy", "monday 3 february 2020"),
    ("yyyy-MM-dd HH:mm:ss.SSS", "2020-01-01 00:00:00.5"),
    ("yyyy-MM-dd HH:mm:ss.SSS", "2020-01-01 00:00:00.999"),
    ("yyyy-MM-dd HH:mm:ss.SSS", "2020-01-01 00:00:00.1000"),
    ("yyyy-MM-dd HH:mm Z", "2021-03-14 02:30 -0500"),
    ("yyyy-MM-dd HH:mm Z", "2020-01-01 10:00 +1400"),
    ("yyyy-MM-dd HH:mm Z", "2020-01-01 10:00 +1401"),
    ("yyyy-MM-dd HH:mm Z", "2020-01-01 10:00 -1300"),
    ("yyyy-MM-dd HH:mm Z", "2020-01-01 10:00 -1330"),
    ("yyyy-MM-dd HH:mm z", "2020-01-01 10:00 GMT"),
    ("yyyy-MM-dd HH:mm z", "2020-01-01 10:00 GMT+5:30"),
    ("yyyy-MM-dd HH:mm z", "2020-01-01 10:00 gmt-05:00"),
    ("yyyy-MM-dd HH:mm z", "2020-01-01 10:00 GMT+5"),
    ("yyyy-MM-dd HH:mm z", "2020-01-01 10:00 UTC"),
    ("yyyy-MM-dd HH:mm X", "2020-01-01 10:00 Z"),
    ("yyyy-MM-dd HH:mm X", "2020-01-01 10:00 +05"),
    ("yyyy-MM-dd HH:mm XX", "2020-01-01 10:00 +0530"),
    ("yyyy-MM-dd HH:mm XXX", "2020-01-01 10:00 +05:30"),
    ("yyyy-MM-dd HH:mm XXX", "2020-01-01 10:00 +0530"),
    ("'week' yyyy 'o''clock' HH", "week 2020 o'clock 07"),
    ("HH:mm", "12:34"),
    ("yyyy", "2020"),
    ("yyyy-MM", "1969-07"),
]


@pytest.mark.jvm
@pytest.mark.parametrize("zone", ZONES)
def test_dates_parse_as_javas_simple_date_format(java_parse, zone):
    for pattern, text in CASES:
        assert DateParser(pattern, zone).parse(text) == java_parse(pattern, text, zone), (pattern, text, zone)


def test_fixed_offset_tzinfo_and_names():
    assert DateParser(None, dt.timezone(dt.timedelta(hours=2))).parse("1970-01-01T02:00:00") == 0.0
    assert resolve_timezone("Europe/Berlin").key == "Europe/Berlin"
    with pytest.raises(ValueError, match="not a known IANA time zone"):
        resolve_timezone("Mars/Olympus_Mons")


@pytest.mark.parametrize(
    ("pattern", "message"),
    [
        ("yyyy-ww", "'w' is not supported"),
        ("yyyy-qq", "'q' is not a SimpleDateFormat letter"),
        ("yyyy-'MM", "unfinished quote"),
        ("EEE HH:mm", "weekday"),
    ],
)
def test_unsupported_patterns_say_why(pattern, message):
    with pytest.raises(DatePatternError, match=message):
        DateParser(pattern)


def test_zone_names_are_refused_not_guessed():
    with pytest.raises(DatePatternError, match="time zone names"):
        DateParser("yyyy z").parse("2020 PST")


PIECES = {
    "y": st.sampled_from(["yyyy", "yy", "y"]),
    "M": st.sampled_from(["MM", "M", "MMM", "MMMM"]),
    "d": st.sampled_from(["dd", "d"]),
    "H": st.sampled_from(["HH", "H"]),
}


@st.composite
def pattern_and_text(draw):
    """A pattern from common pieces and a text with fields in and a bit out of range."""
    sep = draw(st.sampled_from(["-", "/", " ", "", "."]))
    year = draw(st.integers(1, 2400) | st.integers(1880, 2100))
    month = draw(st.integers(0, 13))
    day = draw(st.integers(0, 32))
    hour = draw(st.integers(0, 24))
    minute = draw(st.integers(0, 60))
    y, m, d, h = (draw(PIECES[k]) for k in "yMdH")
    if not sep and (len(m) > 2 or len(y) < 4 or len(d) < 2):
        y, m, d = "yyyy", "MM", "dd"
    names = [
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
    ]
    month_text = names[(month - 1) % 12][: 3 if len(m) == 3 else None] if len(m) > 2 else f"{month:0{len(m)}d}"
    year_text = f"{year % 100:02d}" if len(y) == 2 else f"{year:0{len(y)}d}"
    text = f"{year_text}{sep}{month_text}{sep}{day:0{len(d)}d} {hour:0{len(h)}d}:{minute:02d}"
    return f"{y}{sep}{m}{sep}{d} {h}:mm", text


@pytest.mark.jvm
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(case=pattern_and_text(), zone=st.sampled_from(ZONES))
def test_generated_dates_parse_as_java_does(java_parse, case, zone):
    pattern, text = case
    assert DateParser(pattern, zone).parse(text) == java_parse(pattern, text, zone), (pattern, text, zone)


TRANSITION_DAYS = {
    "America/New_York": ["1950-04-30", "1950-09-24", "2021-03-14", "2021-11-07", "2050-03-13", "2050-11-06"],
    "Europe/Berlin": ["1945-05-24", "1945-09-24", "2021-03-28", "2021-10-31", "2077-03-28", "2077-10-31"],
    "Australia/Sydney": ["1917-01-01", "2021-04-04", "2021-10-03", "2099-10-04"],
}


@pytest.mark.jvm
@pytest.mark.parametrize("zone", sorted(TRANSITION_DAYS))
def test_every_quarter_hour_of_dst_transition_days(java_parse, zone):
    pattern = "yyyy-MM-dd HH:mm"
    parser = DateParser(pattern, zone)
    for day in TRANSITION_DAYS[zone]:
        for minutes in range(0, 24 * 60, 15):
            text = f"{day} {minutes // 60:02d}:{minutes % 60:02d}"
            assert parser.parse(text) == java_parse(pattern, text, zone), (text, zone)


FUZZ_PATTERNS = [
    "yyyy-MM-dd'T'HH:mm:ss",
    "yyyyMMddHHmmss",
    "yy-M-d h:mm a",
    "d MMM yyyy HH:mm:ss.SSS Z",
    "EEE, d MMM yyyy HH:mm XXX",
    "yyyy-MM-dd HH:mm z",
    "HH:mm:ss X",
    "MMMM d yyyy",
]
FUZZ_ALPHABET = "0123456789-+:., TZGMUTCEJanFebMaySepMonTueAMPMapm\t"


@pytest.mark.jvm
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    pattern=st.sampled_from(FUZZ_PATTERNS),
    zone=st.sampled_from(ZONES),
    text=st.text(alphabet=FUZZ_ALPHABET, max_size=30),
)
def test_arbitrary_text_is_accepted_or_refused_as_java_does(java_parse, pattern, zone, text):
    try:
        ours = DateParser(pattern, zone).parse(text)
    except DatePatternError:  # a zone name: Java may or may not know it, the port refuses to guess
        return
    assert ours == java_parse(pattern, text, zone), (pattern, text, zone)


@pytest.fixture(scope="session")
def java_format(weka_jvm):
    """Java's SimpleDateFormat(pattern).format(new Date(ms)) in a zone."""
    import jpype

    simple_date_format = jpype.JClass("java.text.SimpleDateFormat")
    time_zone = jpype.JClass("java.util.TimeZone")
    date = jpype.JClass("java.util.Date")

    def format_(pattern: str, ms: int, zone: str) -> str:
        form = simple_date_format(pattern)
        form.setTimeZone(time_zone.getTimeZone(zone))
        return str(form.format(date(jpype.JLong(ms))))

    return format_


@pytest.mark.jvm
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    pattern=st.sampled_from(FUZZ_PATTERNS),
    zone=st.sampled_from(ZONES),
    ms=st.integers(-62_135_596_800_000, 253_402_300_799_999) | st.integers(-2_500_000_000_000, 4_200_000_000_000),
    edits=st.lists(
        st.tuples(st.integers(0, 40), st.sampled_from(["", "0", "9", " ", "-", ":", "+", "E3", "13"])), max_size=2
    ),
)
def test_javas_own_dates_and_near_misses_parse_as_java_does(java_parse, java_format, pattern, zone, ms, edits):
    """Any instant of years 1-9999 as Java formats it, then maybe a character replaced, parses to Java's value."""
    text = java_format(pattern, ms, zone)
    for at, piece in edits:
        at = min(at, len(text))
        text = text[:at] + piece + text[at + 1 :]
    try:
        ours = DateParser(pattern, zone).parse(text)
    except DatePatternError:  # a zone name (z prints CET, EST, ...): refused, not guessed
        return
    assert ours == java_parse(pattern, text, zone), (pattern, text, zone)


# docs/quirks.md, "Time zones": where Java's ZoneInfo and Python's tz database disagree, the port keeps Python's
# offsets; the zones and years are listed there, and these cases hold them (the hour WEKA is off by included).
ZONE_DIFFERENCES = [
    # zone, wall time, the port's milliseconds, WEKA's minus the port's
    ("Africa/Casablanca", "1850-06-01T12:00:00", -3773739600000, 3_600_000),  # before 1900: Java's raw offset 0
    ("Africa/El_Aaiun", "1899-12-31T12:00:00", -2209035600000, 3_600_000),
    ("Africa/Windhoek", "1850-06-01T12:00:00", -3773743200000, 3_600_000),  # Java's raw offset +1, not +2
    ("Africa/Windhoek", "2036-06-01T12:00:00", 2095927200000, 0),
    ("Africa/Windhoek", "2037-06-01T12:00:00", 2127463200000, 3_600_000),  # from 2037 Java's table ends: +1
    ("Africa/Windhoek", "2040-06-01T12:00:00", 2222157600000, 3_600_000),
    ("Africa/Casablanca", "2050-05-15T12:00:00", 2536228800000, -3_600_000),  # Ramadan after 2037: Java keeps +1
    ("Africa/Casablanca", "2050-08-15T12:00:00", 2544174000000, 0),
]


@pytest.mark.parametrize("zone, text, ours, _", ZONE_DIFFERENCES)
def test_the_documented_zone_differences_keep_pythons_offsets(zone, text, ours, _):
    assert DateParser("yyyy-MM-dd'T'HH:mm:ss", zone).parse(text) == ours


@pytest.mark.jvm
def test_the_documented_zone_differences_are_javas(java_parse):
    found = [
        (zone, text, java_parse("yyyy-MM-dd'T'HH:mm:ss", text, zone) - ours) for zone, text, ours, _ in ZONE_DIFFERENCES
    ]
    assert found == [(zone, text, delta) for zone, text, _, delta in ZONE_DIFFERENCES]
