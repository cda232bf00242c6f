"""``java.util.Random`` and ``Instances.randomize``'s shuffle, which decide WEKA's cross-validation folds.

>>> java_shuffle(5, JavaRandom(1))
[2, 3, 1, 4, 0]
"""

from __future__ import annotations

from typing import Protocol

_MULTIPLIER = 0x5DEECE66D


_MASK = (1 << 48) - 1


class JavaRandom:
    """``java.util.Random``: the 48-bit linear congruential generator every JVM implements alike."""

    def __init__(self, seed: int):
        self._seed = (seed ^ _MULTIPLIER) & _MASK

    @property
    def state(self) -> int:
        """The 48-bit state; ``java.util.Random.setSeed(state ^ 0x5DEECE66D)`` gives a Java one in step with it."""
        return self._seed

    def next_bits(self, bits: int) -> int:
        """``next(bits)``: the top ``bits`` of the next state (here always below 2**31)."""
        self._seed = (self._seed * _MULTIPLIER + 0xB) & _MASK
        return self._seed >> (48 - bits)

    def next_int(self, bound: int) -> int:
        """``nextInt(bound)``: uniform in [0, bound), with Java's rejection of the biased tail."""
        r = self.next_bits(31)
        m = bound - 1
        if bound & m == 0:
            return (bound * r) >> 31
        u = r
        while True:
            r = u % bound
            if u - r + m < 2**31:  # Java tests u - r + m < 0 in int arithmetic: an overflow
                return r
            u = self.next_bits(31)

    def next_double(self) -> float:
        """``nextDouble()``: 53 random bits (26 then 27) over 2**53, uniform in [0, 1).

        >>> JavaRandom(1).next_double()
        0.7308781907032909
        """
        return ((self.next_bits(26) << 27) + self.next_bits(27)) * 2.0**-53


class RandomInts(Protocol):
    """What ``Instances.randomize`` draws from: ``nextInt(bound)`` (a :class:`JavaRandom`, or a wrapped
    ``java.util.Random`` such as python-weka-wrapper3's ``Random``)."""

    def next_int(self, bound: int) -> int: ...


class RandomSource(RandomInts, Protocol):
    """What WEKA's splits draw from: ``java.util.Random``'s ``nextInt(bound)`` and ``nextDouble()``."""

    def next_double(self) -> float: ...


def java_shuffle(n: int, random: RandomInts) -> list[int]:
    """The order ``Instances.randomize(random)`` leaves n instances in (position -> original index)."""
    order = list(range(n))
    for j in range(n - 1, 0, -1):
        i = random.next_int(j + 1)
        order[j], order[i] = order[i], order[j]
    return order
