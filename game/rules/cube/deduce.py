"""Shapes consistent with public answers and guesses: the heart of ``determinize`` (CU-17).

A seat's *facts* are the (question, answer) pairs it gave and the guesses made at it.
Two exact, uniform samplers over the consistent shapes:

* standard set (held in memory): the AnswerTable's bitsets, one AND per fact, then the
  r-th set bit of the result;
* bigger sets (4 blocks: 279,000 shapes, 5 blocks: 5,155,392): a constraint solver. Given
  a height map, every answer names the exact position it saw (or says a line or column is
  empty, which rules the map out), so the facts become "position p belongs to piece X".
  Sampling first tries rejection: a uniform legal shape of the maps that pass, kept if it
  agrees (each map's agreeing tilings are listed once, by the tiler with the forced
  positions pruning it, and reused). That is exact and fast while few facts are known;
  after ``TRIALS`` misses it counts the agreeing tilings of every passing map and samples
  by those counts. Both stages are uniform, so their mixture is too.

Samplers are cached per (set, facts, guesses), so repeated determinizations of one
position (IS-MCTS) pay the filtering once.
"""

from __future__ import annotations

import bisect
from array import array
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

from game.rules.cube.answers import LETTERS, NOBODY, answer_table, bit_indices, normalise_answer, question_of, visible
from game.rules.cube.grid import FULL, column_mask, placements_by_low_bit
from game.rules.cube.shapes import Shape, resolve_pieces
from game.rules.cube.space import EAGER_LIMIT, ShapeSpace, shape_space

TRIALS = 200
Fact = tuple[str, Any]  # (question, normalised answer)
Guessed = tuple[Shape, bool]  # (shape guessed at the seat, correct?)
_POPCOUNT = bytes(bin(i).count("1") for i in range(256))


def normalise_facts(facts: Iterable[tuple[Any, Any]]) -> tuple[Fact, ...]:
    out = []
    for q, given in facts:
        q = question_of(q)
        out.append((q, normalise_answer(q, given)))
    return tuple(out)


# --- the table sampler (standard set) ---------------------------------------------------------

class TableCandidates:
    """The table's sampler: the agreeing shapes as a bitset over the set's shape indices."""

    def __init__(self, space: ShapeSpace, facts: tuple[Fact, ...], excluded: Iterable[Shape]) -> None:
        table = answer_table(space.pieces)
        bits = table.consistent(facts)
        for shape in excluded:
            bits &= ~table.bit_of(shape)
        self.space = space
        self.count = bits.bit_count()
        self._bytes = bits.to_bytes((bits.bit_length() + 7) // 8, "little")

    def sample(self, rng: Any) -> Shape:
        if not self.count:
            raise ValueError("no legal shape agrees with these answers")
        r = rng.randrange(self.count)
        for i, byte in enumerate(self._bytes):  # find the r-th set bit
            n = _POPCOUNT[byte]
            if r >= n:
                r -= n
                continue
            while True:
                low = byte & -byte
                if not r:
                    return self.space[8 * i + low.bit_length() - 1]
                byte ^= low
                r -= 1
        raise AssertionError("bit count out of step")

    def shapes(self) -> list[Shape]:
        return [self.space[i] for i in bit_indices(int.from_bytes(self._bytes, "little"))]


# --- the solver (bigger sets) -----------------------------------------------------------------

def forced_positions(height_map: tuple[int, ...], facts: Sequence[Fact], pieces: tuple[str, ...],
                     known: int = 0) -> int | None:
    """The positions the facts give to each piece on a height map, packed in one int (bits
    27*j .. 27*j+26 are piece j's), added to ``known``; None if the map cannot give those
    answers at all (something seen where it is empty or the reverse, two pieces at one
    position, a piece from outside the set)."""
    index = {pid: i for i, pid in enumerate(pieces)}
    packed = known
    for q, given in facts:
        seen = visible(height_map, q)
        wanted = given if q in LETTERS else (given, None, None)
        for b, pid in zip(seen, wanted, strict=True):
            if (pid is None) != (b == NOBODY):
                return None
            if pid is None:
                continue
            i = index.get(pid)
            if i is None:
                return None
            for j in range(len(pieces)):
                if j != i and packed >> (27 * j + b) & 1:
                    return None
            packed |= 1 << (27 * i + b)
    return packed


def bad_masks(packed: int, k: int) -> tuple[int, ...]:
    """Per piece, the forced positions it must not cover (they belong to another piece)."""
    own = [(packed >> (27 * j)) & FULL for j in range(k)]
    every = 0
    for mask in own:
        every |= mask
    return tuple(every & ~mask for mask in own)


def _fitting(tables: list[Any], bad: tuple[int, ...], rem: int, used: int) -> list[tuple[int, int]]:
    """(piece index, placement) for every unused piece placed on the lowest cell left in
    ``rem``, inside ``rem`` and clear of that piece's forbidden positions."""
    low = (rem & -rem).bit_length() - 1
    return [(i, mask) for i, table in enumerate(tables) if not used >> i & 1
            for mask in table.get(low, ()) if mask & rem == mask and not mask & bad[i]]


@lru_cache(maxsize=1024)
def constrained_tilings(pieces: tuple[str, ...], region: int, bad: tuple[int, ...]) -> tuple[Shape, ...]:
    """The tilings of ``region`` in which piece j covers none of ``bad[j]``.

    Every forced position lies in the region, so once it is covered (the tiling is
    complete) it belongs to the one piece allowed there."""
    tables = [placements_by_low_bit(pid) for pid in pieces]
    k = len(pieces)
    chosen: list[Any] = [None] * k
    out: list[Shape] = []

    def walk(rem: int, used: int) -> None:
        if not rem:
            out.append(tuple(chosen))
            return
        for i, mask in _fitting(tables, bad, rem, used):
            chosen[i] = (pieces[i], mask)
            walk(rem ^ mask, used | 1 << i)

    walk(region, 0)
    return tuple(out)


@lru_cache(maxsize=4096)
def count_tilings(pieces: tuple[str, ...], region: int, bad: tuple[int, ...]) -> int:
    """len(constrained_tilings(...)) without listing them: the same search, counting, with
    the count of each (cells left, pieces used) remembered; many orders of placing the
    same pieces reach the same state, so this is far quicker for 4 or 5 pieces."""
    tables = [placements_by_low_bit(pid) for pid in pieces]
    memo: dict[tuple[int, int], int] = {}

    def count(rem: int, used: int) -> int:
        if not rem:
            return 1
        n = memo.get((rem, used))
        if n is None:
            n = memo[(rem, used)] = sum(count(rem ^ mask, used | 1 << i)
                                        for i, mask in _fitting(tables, bad, rem, used))
        return n

    return count(region, 0)


class SolverCandidates:
    """The solver's sampler. Given the sampler of all facts but the last (``parent``), only
    the parent's surviving height maps are checked, against the new fact only. Per
    surviving map it keeps the map's index and its forced positions (one packed int)."""

    def __init__(self, space: ShapeSpace, facts: tuple[Fact, ...], excluded: frozenset[Shape],
                 parent: SolverCandidates | None = None) -> None:
        self.space = space
        self.excluded = excluded
        self.maps = array("i")
        self.forced: list[int] = []
        if parent is None:
            todo: Iterable[tuple[int, int]] = ((m, 0) for m in range(len(space.maps)))
        else:
            todo = zip(parent.maps, parent.forced, strict=True)
            facts = facts[-1:]
        cum = [0]
        for m, known in todo:
            forced = forced_positions(space.maps[m], facts, space.pieces, known)
            if forced is not None:
                self.maps.append(m)
                self.forced.append(forced)
                cum.append(cum[-1] + space.map_counts[m])
        self._cum = cum  # cumulative numbers of legal shapes of the surviving maps
        self._counts: dict[int, int] = {}  # k -> number of agreeing shapes of map k
        self._exact: list[int] | None = None  # cumulative agreeing counts, once all are known

    def _matching(self, k: int) -> list[Shape] | tuple[Shape, ...]:
        """The agreeing shapes of the k-th surviving height map, in enumeration order."""
        region = column_mask(self.space.maps[self.maps[k]])
        found = constrained_tilings(self.space.pieces, region, bad_masks(self.forced[k], len(self.space.pieces)))
        return [s for s in found if s not in self.excluded] if self.excluded else found

    def _count(self, k: int) -> int:
        n = self._counts.get(k)
        if n is None:
            if self.excluded:  # wrong guesses to leave out: list the shapes
                n = len(self._matching(k))
            else:
                region = column_mask(self.space.maps[self.maps[k]])
                n = count_tilings(self.space.pieces, region, bad_masks(self.forced[k], len(self.space.pieces)))
            self._counts[k] = n
        return n

    def sample(self, rng: Any) -> Shape:
        total = self._cum[-1]
        if self._exact is None and total:
            # Rejection: a map by its number of legal shapes, an index r among them, kept
            # if r falls among the agreeing ones. Each agreeing shape has chance 1/total.
            # up to an eighth of the maps' worth of trials: each costs one map's count, the
            # fallback below costs all of them (rare agreeing shapes need hundreds of trials)
            for _ in range(max(TRIALS, len(self.maps) // 8)):
                k = bisect.bisect_right(self._cum, rng.randrange(total)) - 1
                r = rng.randrange(self.space.map_counts[self.maps[k]])
                if r < self._count(k):
                    return self._matching(k)[r]
            cum = [0]
            for k in range(len(self.maps)):
                cum.append(cum[-1] + self._count(k))
            self._exact = cum
        cum = self._exact or [0]
        if not cum[-1]:
            raise ValueError("no legal shape agrees with these answers")
        r = rng.randrange(cum[-1])
        k = bisect.bisect_right(cum, r) - 1
        return self._matching(k)[r - cum[k]]

    def shapes(self) -> list[Shape]:
        return [s for k in range(len(self.maps)) for s in self._matching(k)]


# --- entry points -------------------------------------------------------------------------

class _Known:
    """A seat whose shape was guessed right: nothing left to draw."""

    def __init__(self, shape: Shape) -> None:
        self.shape = shape

    def sample(self, rng: Any) -> Shape:
        return self.shape

    def shapes(self) -> list[Shape]:
        return [self.shape]


@lru_cache(maxsize=64)
def candidates(pieces: tuple[str, ...], facts: tuple[Fact, ...],
               guessed: tuple[Guessed, ...] = ()) -> TableCandidates | SolverCandidates | _Known:
    """The cached sampler of the shapes of ``pieces`` agreeing with ``facts`` and ``guessed``
    (arguments already normalised: see ``normalise_facts``)."""
    for shape, correct in guessed:
        if correct:
            return _Known(shape)
    excluded = frozenset(shape for shape, _ in guessed)
    space = shape_space(pieces)
    if len(space) <= EAGER_LIMIT:
        return TableCandidates(space, facts, excluded)
    parent = candidates(pieces, facts[:-1], guessed) if facts else None
    return SolverCandidates(space, facts, excluded, parent)  # type: ignore[arg-type]


def sample_consistent(pieces: Any, facts: Iterable[tuple[Any, Any]], guessed: Iterable[Guessed], rng: Any) -> Shape:
    """A shape drawn uniformly among those of the set that give every answer of ``facts``
    and agree with every guess (equal to a right one, different from the wrong ones)."""
    return candidates(resolve_pieces(pieces), normalise_facts(facts), tuple(guessed)).sample(rng)


def consistent_shapes(pieces: Any, facts: Iterable[tuple[Any, Any]], guessed: Iterable[Guessed] = (),
                      solver: bool | None = None) -> list[Shape]:
    """Every shape of the set agreeing with ``facts`` and ``guessed`` (for the AI and tests).

    ``solver`` forces the constraint solver (True) or the table (False); None picks as
    ``candidates`` does."""
    pieces = resolve_pieces(pieces)
    facts = normalise_facts(facts)
    guessed = tuple(guessed)
    if solver is None:
        return candidates(pieces, facts, guessed).shapes()
    if any(correct for _, correct in guessed):
        return [next(s for s, correct in guessed if correct)]
    excluded = frozenset(s for s, _ in guessed)
    space = shape_space(pieces)
    if solver:
        return SolverCandidates(space, facts, excluded).shapes()
    return TableCandidates(space, facts, excluded).shapes()
