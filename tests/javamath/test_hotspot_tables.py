"""The intrinsics' tables are what their definitions give: the generator, run again, writes the committed file."""

from __future__ import annotations

import pytest

from wekaeval.javamath import _generate_tables as _generate_tables
from wekaeval.javamath import _hotspot_tables as _hotspot_tables


def test_the_committed_tables_are_what_the_generator_derives():
    pytest.importorskip("mpmath", reason="mpmath (the test extra) derives the tables")
    assert _generate_tables.TARGET.read_text(encoding="utf-8") == _generate_tables.render()
    assert _generate_tables.main(["--check"]) == 0


def test_departures_from_correct_rounding_are_few_and_small():
    """Only low parts depart, each by one double, besides the listed exact values."""
    steps = [d for d in _generate_tables.DEPARTURES.values() if isinstance(d, int)]
    assert len(_generate_tables.DEPARTURES) == 20 and set(steps) == {-1, 1}
    sizes = {
        name: len(getattr(_hotspot_tables, name))
        for name in ("LOG_TABLE", "POW_LOG2_TABLE", "POW_EXP2_TABLE", "EXP_TABLE")
    }
    assert sizes == {"LOG_TABLE": 129, "POW_LOG2_TABLE": 513, "POW_EXP2_TABLE": 256, "EXP_TABLE": 64}
