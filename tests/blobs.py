"""Many small choices in one hypothesis draw: :func:`picks` and :func:`kinds`.

Hypothesis spends about 0.05-0.1 ms of CPU per draw, whatever is drawn: a generated evaluation of 40 rows of 10
classes drawn element by element (``st.lists(st.sampled_from(...))``, ``st.one_of(...)`` per entry) spent most
of its time there.  Here ``n`` choices among ``size`` come from one ``st.binary`` blob, each from one byte (two
above 256 choices) taken modulo ``size``: every sequence of choices the element-by-element strategy could
draw can still come out (the cases drawn are the same set), in one draw.  Floats over a range stay drawn by
``st.floats``, one by one, where the test wants them.

>>> from hypothesis import given, settings, strategies as st
>>> @settings(max_examples=5)
... @given(st.data())
... def check(data):
...     chosen = picks(data.draw, ["a", "b", "c"], 4)
...     assert len(chosen) == 4 and set(chosen) <= {"a", "b", "c"}
>>> check()
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from hypothesis import strategies as st

_T = TypeVar("_T")


def kinds(draw: Callable[[Any], Any], size: int, n: int) -> list[int]:
    """``n`` integers in ``range(size)`` (``size`` up to 65,536) from one blob: which of ``size`` kinds each
    of ``n`` entries is, as ``st.one_of`` or ``st.sampled_from`` would pick it entry by entry."""
    if not 1 <= size <= 1 << 16:
        raise ValueError(f"kinds: size {size} is not within 1 .. 65536")
    if size <= 256:
        return [byte % size for byte in draw(st.binary(min_size=n, max_size=n))]
    blob = draw(st.binary(min_size=2 * n, max_size=2 * n))
    return [(blob[2 * i] << 8 | blob[2 * i + 1]) % size for i in range(n)]


def picks(draw: Callable[[Any], Any], choices: Sequence[_T], n: int) -> list[_T]:
    """``n`` elements of ``choices`` from one blob, as ``st.lists(st.sampled_from(choices), min_size=n,
    max_size=n)`` would give them."""
    return [choices[i] for i in kinds(draw, len(choices), n)]
