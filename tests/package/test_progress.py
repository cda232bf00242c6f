"""The progress line (wekaeval._progress): its count never passes its total nor goes back, serially or with rows
finishing out of order; its time left waits for a rate; it fits any width, 0 columns included; and a stream that is
not a terminal gets nothing.  Issue 35 item 1: parity's bar with workers counted each row twice (308 of 185)."""

from __future__ import annotations

import io
import random
import re

import pytest

from wekaeval._progress import FALLBACK_COLUMNS, RATE_ROWS, ProgressLine

COUNT = re.compile(r"(\d+)/(\d+)")


class Terminal(io.StringIO):
    """A stream that says it is a terminal, reporting ``columns`` (0: a pty without a size)."""

    def __init__(self, columns: int = 80) -> None:
        super().__init__()
        self.size = columns

    def isatty(self) -> bool:
        return True

    def fileno(self) -> int:
        raise io.UnsupportedOperation("no descriptor")


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def drawn(stream: io.StringIO) -> list[str]:
    """Each line drawn, as it stood on the screen."""
    return [part.removesuffix("\033[K") for part in stream.getvalue().split("\r") if part.strip("\033[K")]


def counts(stream: io.StringIO) -> list[tuple[int, int]]:
    found = []
    for line in drawn(stream):
        match = COUNT.search(line)
        assert match is not None, line
        found.append((int(match.group(1)), int(match.group(2))))
    return found


def test_serial_counts_rise_by_one_to_the_total() -> None:
    screen = Terminal()
    line = ProgressLine("parity", stream=screen, clock=Clock(), columns=80)
    for done in range(6):
        line.update(done, 5)
    assert [done for done, _ in counts(screen)] == [0, 1, 2, 3, 4, 5]
    assert {total for _, total in counts(screen)} == {5}


def test_rows_finishing_out_of_order_and_reported_twice_never_pass_the_total_nor_go_back() -> None:
    seed = random.randrange(2**32)
    print(f"seed {seed}")
    rng = random.Random(seed)
    screen = Terminal()
    line = ProgressLine("parity", stream=screen, clock=Clock(), columns=100)
    total = 40
    reports = []
    for done in range(1, total + 1):  # each worker's count, and the printed rows' (fewer), interleaved, late ones
        reports += [done, rng.randrange(done + 1)]
    estimates = [total + rng.randrange(-5, 30) for _ in reports]  # parity's estimate before every dataset is read
    estimates[-1] = total
    for done, estimate in zip(reports, estimates, strict=True):
        line.update(done, estimate)
    seen = counts(screen)
    assert all(done <= total_ for done, total_ in seen)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)
    assert seen[-1] == (total, total)


def test_no_time_left_until_a_rate_is_known_then_the_rate_of_finished_rows() -> None:
    clock = Clock()
    line = ProgressLine("experiment", stream=Terminal(), clock=clock, columns=80)
    clock.now = 16.0  # the workers' JVMs starting: no row yet
    line.update(0, 100)
    clock.now = 20.0
    line.update(1, 100)
    assert line.eta() is None
    for done in range(2, RATE_ROWS + 2):
        clock.now += 2.0
        line.update(done, 100)
    # rows since the first: RATE_ROWS in 2 s each; the JVMs' 16 s and the first row's are not in the rate
    assert line.eta() == pytest.approx((100 - (RATE_ROWS + 1)) * 2.0)
    assert "3:12 left" in line.text(80)
    line.update(100, 100)
    assert line.eta() is None


@pytest.mark.parametrize("columns", [0, 1, 20, 40, 80, 200])
def test_the_line_fits_the_width_and_zero_columns_is_the_fallback(columns: int) -> None:
    screen = Terminal()
    line = ProgressLine("experiment", stream=screen, clock=Clock(), columns=columns)
    line.update(3, 12, "a-rather-long-dataset-name.arff weka.classifiers.trees.J48 -C 0.25 -M 2")
    (shown,) = drawn(screen)
    width = columns if columns > 0 else FALLBACK_COLUMNS
    assert shown.startswith("experiment"[: width - 1]) and len(shown) <= max(width - 1, 10)
    assert "3/12" in shown or width < 16


def test_a_terminal_reporting_no_size_gets_the_fallback_width(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)
    line = ProgressLine("parity", stream=Terminal())  # fileno fails, as a pty without a size
    assert line.columns() == FALLBACK_COLUMNS
    line.update(1, 2)
    assert "1/2" in drawn(line.stream)[0]  # type: ignore[arg-type]


def test_not_a_terminal_gets_nothing() -> None:
    stream = io.StringIO()
    rows = io.StringIO()
    line = ProgressLine("parity", stream=stream, clock=Clock())
    line.update(1, 3)
    line.write("a row", rows)
    line.close()
    assert stream.getvalue() == "" and rows.getvalue() == "a row\n"


def test_a_row_written_goes_above_the_line_which_is_redrawn_and_erased_at_the_end() -> None:
    screen = Terminal()
    line = ProgressLine("parity", stream=screen, clock=Clock(), columns=80)
    line.update(1, 2)
    line.write("a row", screen)
    line.close()
    text = screen.getvalue()
    assert "\r\033[Ka row\n\rparity 1/2" in text and text.endswith("\r\033[K")


def test_parity_bar_with_workers_counts_each_row_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command's bar fed as a run with workers feeds it: a worker's count as each row finishes, then the row
    printed (in order, later); each row is one."""
    from wekaeval.cli import _parity

    screen = Terminal()
    monkeypatch.setattr("sys.stderr", screen)
    rows = io.StringIO()
    with _parity._ProgressBar(rows) as bar:
        for done in range(1, 6):
            bar.progress(done, 5, "data/iris.arff", "weka.classifiers.trees.J48")
            if done >= 3:
                bar.write(f"row {done - 2}")
        bar.write("row 4")
        bar.write("row 5")
    seen = counts(screen)
    assert max(done for done, _ in seen) == 5 and all(done <= total for done, total in seen)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)
    assert rows.getvalue().splitlines() == [f"row {n}" for n in range(1, 6)]


def test_experiment_draws_its_line_only_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    from wekaeval.experiment import _run

    monkeypatch.setattr("sys.stderr", io.StringIO())
    assert _run._progress(None, 10) is None
    screen = Terminal(columns=0)
    monkeypatch.setattr("sys.stderr", screen)
    report = _run._progress(None, 10)
    assert report is not None
    report(4, 10)
    report.close()
    assert "experiment 4/10" in screen.getvalue()
