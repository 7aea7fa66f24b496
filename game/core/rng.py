"""A small deterministic RNG whose whole state is one JSON-able integer.

Python's ``random.Random`` carries a 625-word state and its algorithms for
``shuffle``/``randrange`` are not promised to stay the same across versions; a
save file must replay identically forever, so the rules use this SplitMix64
generator instead. Method names mirror ``random.Random`` so either can be passed
where a duck-typed ``rng`` is expected (``determinize(seat, rng)``).
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


class Rng:
    """SplitMix64. ``Rng(seed)`` for any int seed; ``state`` round-trips via JSON."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = _mix((int(seed) * _GOLDEN) & _MASK64)

    @classmethod
    def from_state(cls, state: int) -> Rng:
        rng = cls.__new__(cls)
        rng.state = int(state) & _MASK64
        return rng

    def clone(self) -> Rng:
        return Rng.from_state(self.state)

    def getrandbits(self, k: int) -> int:
        """k random bits (k <= 64 per call is one step; more are concatenated)."""
        out = 0
        got = 0
        while got < k:
            self.state = (self.state + _GOLDEN) & _MASK64
            out = (out << 64) | _mix(self.state)
            got += 64
        return out >> (got - k) if k else 0

    def random(self) -> float:
        return self.getrandbits(53) * (1.0 / (1 << 53))

    def randrange(self, n: int) -> int:
        """Uniform integer in [0, n) without modulo bias."""
        if n <= 0:
            raise ValueError("randrange needs n > 0")
        bits = n.bit_length()
        while True:
            r = self.getrandbits(bits)
            if r < n:
                return r

    def randint(self, a: int, b: int) -> int:
        return a + self.randrange(b - a + 1)

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.randrange(len(seq))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randrange(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        pool = list(seq)
        self.shuffle(pool)
        return pool[:k]


def reseed_from(rng: Any) -> Rng:
    """A fresh Rng seeded from any random.Random-like object (used by determinize)."""
    return Rng(rng.getrandbits(63))
