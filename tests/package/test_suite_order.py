"""The order ``make test`` hands out the test files in: the long files first (``LONG_FILES`` in tests/conftest.py),
as collected, so that no long file is left running alone at the end (docs/development.md, "The suite's time")."""

from __future__ import annotations

import re
from types import SimpleNamespace

from tests.conftest import LONG_FILES, pytest_collection_modifyitems
from tests.paths import ROOT


def test_every_long_file_is_a_test_file_named_once():
    assert len(set(LONG_FILES)) == len(LONG_FILES)
    missing = [name for name in LONG_FILES if not (ROOT / name).is_file()]
    assert not missing, f"LONG_FILES names files that do not exist (renamed or moved?): {missing}"


def test_make_test_hands_out_the_files_in_collection_order():
    """pytest-xdist >= 3.5 hands out the files with the most tests first unless told otherwise: the collection
    order below would not be the order they run in."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    [workers] = re.findall(r"^PYTEST_WORKERS \?= (.*)$", makefile, re.MULTILINE)
    assert "--dist loadfile" in workers and "--no-loadscope-reorder" in workers.split()


def test_long_files_come_first_and_the_rest_keep_their_order():
    def item(name: str, test: str) -> SimpleNamespace:
        return SimpleNamespace(path=ROOT / name, name=test)

    items = [
        item("tests/arff/test_a.py", "one"),
        item(LONG_FILES[1], "second-long"),
        item("tests/blocks/test_b.py", "two"),
        item(LONG_FILES[0], "first-long"),
        item("tests/arff/test_a.py", "three"),
    ]
    pytest_collection_modifyitems(None, SimpleNamespace(rootpath=ROOT), items)
    assert [i.name for i in items] == ["first-long", "second-long", "one", "two", "three"]
