"""The reader over a stream: cut texts, unbounded input, encodings decided per file, WEKA's blocks amid other text.

The texts are the documentation's example log (WEKA's own output, docs/examples/j48-iris.log) cut or
surrounded by text written here.
"""

from __future__ import annotations

import codecs
import io
import re
import warnings

import pytest

from tests.paths import ROOT
from wekaeval import WekaOutputError, read_weka_output
from wekaeval._textsource import QUOTE_LIMIT
from wekaeval.errors import LegacyEncodingWarning

EXAMPLE_LOG = ROOT / "docs" / "examples" / "j48-iris.log"


def example() -> str:
    return EXAMPLE_LOG.read_text()


def read(text: str | bytes, **options):
    data = text if isinstance(text, bytes) else text.encode()
    return read_weka_output(io.BytesIO(data), **options)


# -- a cut text never reads clean --------------------------------------------------------------------------------


def test_no_cut_point_of_a_log_reads_clean():
    raw = EXAMPLE_LOG.read_bytes()
    lines_end = {i + 1 for i, byte in enumerate(raw) if byte == ord("\n")}
    matrix_ends = {  # the ends of a confusion matrix's last row: a log may end there (a -no-cv run)
        end for end in lines_end if raw[:end].rstrip(b"\n").endswith(b"Iris-virginica") and b"|" in raw[end - 40 : end]
    }
    boundaries = {end + k for end in matrix_ends for k in (-1, 0, 1)}
    accepted = []
    for n in [*range(1, len(raw), 11), *sorted(boundaries), len(raw) - 1]:
        try:
            report = read(raw[:n])
        except WekaOutputError:
            continue
        if not report.check():
            accepted.append(n)
    assert set(accepted) <= boundaries, [raw[max(0, n - 40) : n] for n in accepted if n not in boundaries]


@pytest.mark.parametrize("tail", ["=", "==", "=== Stratified cross-v", "Ti", "Correctly Classified Inst"])
def test_a_log_cut_inside_a_weka_line_is_an_error(tail):
    text = example()
    cut = text[: text.index("=== Stratified cross-validation ===")] + tail
    with pytest.raises(WekaOutputError, match=r"cut short|edited or cut"):
        read(cut)


def test_a_nul_byte_in_a_summary_label_does_not_make_a_plugin_metric():
    text = example().replace("Kappa statistic", "Kappa\0statistic", 1)
    try:
        report = read(text)
    except WekaOutputError:
        return
    summary = report.sections[0].summary
    assert summary.kappa is not None and not summary.plugin_metrics


# -- nothing unbounded ---------------------------------------------------------------------------------------------


class _Zeros(io.RawIOBase):
    """An endless stream of NUL bytes, as /dev/zero."""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        buffer[:] = bytes(len(buffer))
        return len(buffer)


def test_an_endless_line_is_an_error_naming_the_line_not_a_memory_error():
    with pytest.raises(WekaOutputError, match=r"^<stream>:1: a line longer than") as caught:
        read_weka_output(io.BufferedReader(_Zeros()))
    assert len(str(caught.value)) < 2 * QUOTE_LIMIT


def test_a_long_line_is_quoted_short():
    with pytest.raises(WekaOutputError) as caught:
        read("x" * 100_000 + "\n")
    assert len(str(caught.value)) < 2 * QUOTE_LIMIT


# -- encodings -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "codec, bom, expected",
    [
        ("utf-16-le", codecs.BOM_UTF16_LE, "utf-16-le"),
        ("utf-16-be", codecs.BOM_UTF16_BE, "utf-16-be"),
        ("utf-8", codecs.BOM_UTF8, "utf-8"),
        ("utf-32-le", codecs.BOM_UTF32_LE, "utf-32-le"),
    ],
)
def test_auto_a_byte_order_mark_decides(codec, bom, expected):
    text = example().replace("\n", "\r\n")
    report = read(bom + text.encode(codec), encoding="auto")
    assert report.encoding == expected
    assert report.check() == [] and len(report.sections) == len(read(example()).sections)


def test_auto_reads_western_cp1252_with_a_warning():
    text = example().replace("J48", "J48 caf\u00e9 \u20ac")
    with pytest.warns(LegacyEncodingWarning, match="cp1252"):
        report = read(text.encode("cp1252"), encoding="auto")
    assert report.encoding == "cp1252" and "caf\u00e9 \u20ac" in (report.model or "") + str(report.other)


def test_auto_utf8_is_utf8_without_a_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        report = read(example().replace("J48", "J48 caf\u00e9"), encoding="auto")
    assert report.encoding == "utf-8"


@pytest.mark.filterwarnings("ignore::wekaeval.errors.LegacyEncodingWarning")
def test_auto_refuses_what_nothing_decides():
    text = example().replace("J48", "J48 \u0442\u0435\u0441\u0442\u043e\u0432\u044b\u0439")  # Cyrillic, cp1251
    with pytest.raises(WekaOutputError, match="nothing decides"):
        read(text.encode("cp1251"), encoding="auto")


@pytest.mark.parametrize("codec", ["rot13", "zlib", "base64", "hex", "bz2", "uu", "punycode", "no-such-codec"])
def test_codecs_that_are_not_a_files_encoding_are_refused(codec):
    with pytest.raises(LookupError, match=codec):
        read(example(), encoding=codec)


# -- WEKA's blocks amid a program's own text -------------------------------------------------------------------


def cross_validation() -> str:
    text = example()
    return text[text.index("=== Stratified cross-validation ===") :]


def test_a_programs_text_before_between_and_after_the_blocks_is_kept():
    block = cross_validation()
    text = "my program starts\n\n" + block + "between the blocks\n\n" + block + "\nall done\n"
    report = read(text)
    assert len(report.sections) == 2 and report.check() == []
    kept = [line for _, line in report.other]
    assert kept == ["my program starts", "between the blocks", "all done"]
    numbers = [number for number, _ in report.other]
    assert [text.splitlines()[n - 1] for n in numbers] == kept


def test_a_programs_line_right_after_a_block_is_kept():
    report = read(cross_validation().rstrip("\n") + "\nmy own line\n")
    assert report.check() == [] and [line for _, line in report.other] == ["my own line"]


def test_to_summary_string_with_a_title_and_no_blank_line():
    summary = cross_validation().split("===\n\n")[1].split("\n\n")[0]
    report = read("=== My title ===\n" + summary + "\n")
    assert report.sections[0].title == "My title" and report.sections[0].summary.kappa is not None


def test_a_weka_heading_glued_to_text_is_read():
    report = read("progress: 100%" + cross_validation())
    assert len(report.sections) == 1 and report.check() == []
    assert [line for _, line in report.other] == ["progress: 100%"]


def test_two_headings_glued_on_one_line_are_not_silently_dropped():
    text = cross_validation().replace(
        "=== Detailed Accuracy By Class ===", "=== Detailed Accuracy By Class ====== Confusion Matrix ===", 1
    )
    try:
        report = read(text)
    except WekaOutputError as error:
        assert re.match(r"<stream>:\d+: ", str(error))
        return
    assert report.sections[0].class_details is not None


# -- the cases a program's printing makes: each reads, or is an error naming its line, never a silent drop ---------


def same_blocks(report, expected) -> None:
    """Every block of ``expected`` read into ``report`` with the same numbers."""
    assert len(report.sections) == len(expected.sections)
    for ours, theirs in zip(report.sections, expected.sections, strict=True):
        assert ours.summary == theirs.summary
        assert ours.class_details == theirs.class_details
        assert (ours.confusion_matrix is None) == (theirs.confusion_matrix is None)
        if ours.confusion_matrix is not None:
            assert ours.confusion_matrix.to_text() == theirs.confusion_matrix.to_text()


@pytest.mark.parametrize("between", ["\n\n", "\n"])
def test_wekas_heading_printed_twice_reads_the_block_once(between):
    heading = "=== Detailed Accuracy By Class ==="
    text = cross_validation().replace(heading, heading + between + heading, 1)
    report = read(text)
    same_blocks(report, read(cross_validation()))
    assert report.check() == []
    first = text.splitlines().index(heading) + 1
    assert report.other == ((first, heading),)  # the program's copy, kept with its line number


def test_a_programs_heading_over_its_own_lines_then_wekas_block_is_an_error_naming_the_line():
    heading = "=== Detailed Accuracy By Class ==="
    text = cross_validation().replace(heading, heading + "\nmy own words\n\n" + heading, 1)
    with pytest.raises(WekaOutputError, match=r"<stream>:(\d+): .*'my own words'") as caught:
        read(text)
    assert text.splitlines()[caught.value.line - 1] == "my own words"


@pytest.mark.parametrize("glued", ["done!", " my note", "\t(3 s)"])
def test_text_glued_to_the_end_of_the_weighted_avg_row_is_kept(glued):
    lines = cross_validation().split("\n")
    row = next(number for number, line in enumerate(lines) if line.startswith("Weighted Avg."))
    lines[row] += glued
    report = read("\n".join(lines))
    same_blocks(report, read(cross_validation()))
    assert report.sections[0].class_details.weighted_avg is not None and report.check() == []
    assert report.other == ((row + 1, glued.strip()),)


@pytest.mark.parametrize("gap", ["\n", "\n\n"])
def test_a_summary_without_heading_below_a_programs_block_is_read(gap):
    block = "=== My program ===\nscore: 3\n"
    summary = cross_validation().split("===\n\n")[1].split("\n\n")[0] + "\n"
    report = read(block + gap + summary)
    expected = read("=== Summary ===\n\n" + summary)
    assert len(report.sections) == 1 and report.sections[0].summary == expected.sections[0].summary
    kept = [line for _, line in report.other] + [report.sections[0].title]
    assert "=== My program ===" in kept and "score: 3" in kept  # the program's lines: in other, or the title


@pytest.mark.parametrize(
    "first, second",
    [
        ("Detailed Accuracy By Class", "Confusion Matrix"),
        ("Stratified cross-validation", "Summary"),
        ("Summary", "Detailed Accuracy By Class"),
    ],
)
def test_two_headings_glued_on_one_line_read_or_name_the_line(first, second):
    glued = f"=== {first} ====== {second} ==="
    base = cross_validation()
    if first == "Summary":  # a program's toSummaryString("=== Summary ===") glued to WEKA's next heading
        base = base.replace("=== Detailed Accuracy By Class ===", "=== Summary ===", 1)
    text = base.replace(f"=== {first} ===", glued, 1)
    try:
        report = read(text)
    except WekaOutputError as error:
        assert 0 < error.line <= len(text.splitlines()) and re.match(r"<stream>:\d+: ", str(error))
        return
    expected = read(cross_validation())
    assert report.check() == []
    summaries = [section.summary for section in report.sections if section.summary is not None]
    assert summaries and summaries[0] == expected.sections[0].summary
    assert any(section.class_details is not None for section in report.sections) or "Detailed" not in text
