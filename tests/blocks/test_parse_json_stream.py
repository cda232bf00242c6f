"""``wekaeval parse --json`` streams: each file's document written as it is read, a predictions table row by row,
the text byte for byte ``json.dumps(..., indent=2)`` of the whole."""

from __future__ import annotations

import io
import json

from hypothesis import given
from hypothesis import strategies as st

from tests.paths import FIXTURES
from wekaeval.blocks import Predictions
from wekaeval.cli._files import Inputs, file_document, run_parse, write_json

PREDICTIONS_LOG = FIXTURES / "weka-3.9.7-nb-credit-g-predictions.txt"

leaves = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text()
values = st.recursive(
    leaves,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=20,
)


def with_iterators(value, turn):
    """``value`` with some of its lists (by ``turn``'s draws) as iterators."""
    if isinstance(value, dict):
        return {key: with_iterators(item, turn) for key, item in value.items()}
    if isinstance(value, list):
        items = [with_iterators(item, turn) for item in value]
        return iter(items) if turn() else items
    return value


@given(values, st.randoms(use_true_random=False))
def test_write_json_is_json_dumps(value, random):
    out = io.StringIO()
    write_json(with_iterators(value, lambda: random.random() < 0.5), out)
    assert out.getvalue() == json.dumps(value, indent=2, allow_nan=False) + "\n"


def test_parse_json_writes_each_row_before_the_next_is_made(monkeypatch, tmp_path):
    out = io.StringIO()
    written: list[int] = []
    row_dicts = Predictions.row_dicts

    def watched(self):
        for row in row_dicts(self):
            written.append(len(out.getvalue()))
            yield row

    monkeypatch.setattr(Predictions, "row_dicts", watched)
    run_parse(Inputs([str(PREDICTIONS_LOG)]), "json", out)
    assert len(written) == 80 and all(a < b for a, b in zip(written, written[1:], strict=False))
    monkeypatch.undo()
    (file,) = Inputs([str(PREDICTIONS_LOG)]).files()
    assert out.getvalue() == json.dumps(file_document(file), indent=2, allow_nan=False) + "\n"

    folder = tmp_path / "logs"  # a list of documents, one file's error among them, the same text
    folder.mkdir()
    (folder / "a.txt").write_text(PREDICTIONS_LOG.read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "b.txt").write_text("not WEKA's output\n", encoding="utf-8")
    out = io.StringIO()
    run_parse(Inputs([str(folder)]), "json", out)
    documents = [file_document(file) for file in Inputs([str(folder)]).files()]
    assert len(documents) == 2 and "error" in documents[1]
    assert out.getvalue() == json.dumps(documents, indent=2, allow_nan=False) + "\n"
