"""Every legal shape of a piece set (CU-4): counted, enumerated, indexed and sampled.

The support rule makes every column of a legal shape a stack without gaps, so the
occupied positions are a *height map* (0-3 cubes per cell) whose heights sum to the set's
cube count and reach level 2 somewhere. A legal shape is then exactly one way to tile
such a height map with the set's pieces, each once. So the enumerator walks the height
maps and, for each, tiles it (always covering the lowest free position first, which
makes every tiling appear exactly once). Counting uses two shortcuts that enumeration
cannot: the 8 symmetries of the square (a mirrored or turned height map has as many
tilings) and identical pieces (S and X, M and Y: count them unlabelled, then multiply).

Order of shapes (``legal_actions`` lists guesses in it): height maps in lexicographic
order of their heights (cell 1 first), then tilings in the tiler's order. The standard
set (19,272 shapes) is kept in memory; bigger sets are lazy: ``ShapeSpace`` indexes
them through per-map counts and tiles one height map at a time.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator, Sequence
from functools import cache, lru_cache
from itertools import islice
from math import factorial
from typing import Any, overload

from game.rules.cube.data import DATA
from game.rules.cube.grid import column_mask, heights, placements, placements_by_low_bit
from game.rules.cube.shapes import Shape, is_legal, occupancy, resolve_pieces

EAGER_LIMIT = 100_000  # sets with at most this many shapes are held as a tuple
MATERIALISE_LIMIT = 1_000_000  # enumerate_shapes refuses bigger sets (use shape_space)


# --- height maps ------------------------------------------------------------------------

@cache
def height_maps(total: int) -> tuple[tuple[int, ...], ...]:
    """Every height map of ``total`` cubes reaching level 2 somewhere, lexicographic."""
    out: list[tuple[int, ...]] = []
    acc: list[int] = []

    def walk(cell: int, left: int) -> None:
        if cell == 9:
            if left == 0 and max(acc) >= 2:
                out.append(tuple(acc))
            return
        for h in range(min(3, left) + 1):
            if left - h <= 3 * (8 - cell):
                acc.append(h)
                walk(cell + 1, left - h)
                acc.pop()

    walk(0, total)
    return tuple(out)


def _symmetries() -> tuple[tuple[int, ...], ...]:
    """The 8 symmetries of the 3x3 grid as permutations of cell indices 0-8."""
    out = set()
    for swap in (False, True):
        for fx in (False, True):
            for fy in (False, True):
                perm = []
                for c in range(9):
                    x, y = c % 3, c // 3
                    if swap:
                        x, y = y, x
                    perm.append(3 * (2 - y if fy else y) + (2 - x if fx else x))
                out.add(tuple(perm))
    return tuple(sorted(out))


SYMMETRIES = _symmetries()


def canonical_map(height_map: tuple[int, ...]) -> tuple[int, ...]:
    return min(tuple(height_map[p] for p in perm) for perm in SYMMETRIES)


# --- tiling -------------------------------------------------------------------------------

@cache
def _pairs(pid: str) -> dict[int, tuple[str, int]]:
    """One shared (pid, mask) tuple per placement, so big enumerations share memory."""
    return {mask: (pid, mask) for mask in placements(pid)}


@lru_cache(maxsize=1024)  # 5 blocks: about 200 shapes (20 kB) per height map
def tilings(pieces: tuple[str, ...], region: int) -> tuple[Shape, ...]:
    """Every way to cover ``region`` exactly with each piece of the set once, in order."""
    tables = [placements_by_low_bit(pid) for pid in pieces]
    pairs = [_pairs(pid) for pid in pieces]
    k = len(pieces)
    chosen: list[Any] = [None] * k
    out: list[Shape] = []

    def walk(rem: int, used: int) -> None:
        if not rem:
            out.append(tuple(chosen))
            return
        low = (rem & -rem).bit_length() - 1
        for i in range(k):
            if used >> i & 1:
                continue
            for mask in tables[i].get(low, ()):
                if mask & rem == mask:
                    chosen[i] = pairs[i][mask]
                    walk(rem ^ mask, used | 1 << i)

    walk(region, 0)
    return tuple(out)


def _kinds(pieces: tuple[str, ...]) -> tuple[list[dict[int, tuple[int, ...]]], tuple[int, ...], int]:
    """Pieces grouped by identical placements: (tables, copies per kind, label factor)."""
    groups: dict[tuple[int, ...], list[str]] = {}
    for pid in pieces:
        groups.setdefault(placements(pid), []).append(pid)
    tables = [placements_by_low_bit(ids[0]) for ids in groups.values()]
    copies = tuple(len(ids) for ids in groups.values())
    factor = 1
    for n in copies:
        factor *= factorial(n)
    return tables, copies, factor


def count_tilings(pieces: tuple[str, ...], region: int) -> int:
    """len(tilings(pieces, region)) without building them (identical pieces unlabelled)."""
    tables, copies, factor = _kinds(pieces)
    k = len(tables)

    def walk(rem: int, left: tuple[int, ...]) -> int:
        if not rem:
            return 1
        low = (rem & -rem).bit_length() - 1
        total = 0
        for i in range(k):
            if left[i]:
                nxt = (*left[:i], left[i] - 1, *left[i + 1:])
                for mask in tables[i].get(low, ()):
                    if mask & rem == mask:
                        total += walk(rem ^ mask, nxt)
        return total

    return walk(region, copies) * factor


# --- the space of a set -------------------------------------------------------------------

class ShapeSpace(Sequence[Shape]):
    """All legal shapes of one piece set as a read-only sequence (see module docstring).

    ``len`` counts without storing; ``space[i]`` tiles one height map; ``shape in space``
    is a direct CU-4 check; ``index`` finds the shape's height map, then its tiling.
    Small sets (``EAGER_LIMIT``) are held as a tuple and index it directly.
    """

    def __init__(self, pieces: tuple[str, ...]) -> None:
        self.pieces = pieces
        self.cubes = sum(len(DATA.pieces[pid].cubes) for pid in pieces)
        counts: dict[tuple[int, ...], int] = {}
        maps, per_map = [], []
        for hmap in height_maps(self.cubes):
            canon = canonical_map(hmap)
            n = counts.get(canon)
            if n is None:
                n = counts[canon] = count_tilings(pieces, column_mask(canon))
            if n:
                maps.append(hmap)
                per_map.append(n)
        self.maps: tuple[tuple[int, ...], ...] = tuple(maps)
        self.map_counts: tuple[int, ...] = tuple(per_map)
        offsets = [0]
        for n in per_map:
            offsets.append(offsets[-1] + n)
        self.offsets: tuple[int, ...] = tuple(offsets)
        self._map_index = {hmap: i for i, hmap in enumerate(maps)}
        self._shapes: tuple[Shape, ...] | None = None
        self._position: dict[Shape, int] | None = None
        if len(self) <= EAGER_LIMIT:
            self.materialise()

    def __len__(self) -> int:
        return self.offsets[-1]

    def __repr__(self) -> str:
        return f"<ShapeSpace {' '.join(self.pieces)}: {len(self)} shapes>"

    def materialise(self) -> tuple[Shape, ...]:
        if self._shapes is None:
            self._shapes = tuple(s for i in range(len(self.maps)) for s in self.tilings(i))
        return self._shapes

    def tilings(self, map_index: int) -> tuple[Shape, ...]:
        """The shapes of height map ``map_index``, in enumeration order."""
        return tilings(self.pieces, column_mask(self.maps[map_index]))

    @overload
    def __getitem__(self, i: int) -> Shape: ...

    @overload
    def __getitem__(self, i: slice) -> list[Shape]: ...

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        if self._shapes is not None:
            return self._shapes[i]
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("shape index out of range")
        m = bisect.bisect_right(self.offsets, i) - 1
        return self.tilings(m)[i - self.offsets[m]]

    def __iter__(self) -> Iterator[Shape]:
        if self._shapes is not None:
            return iter(self._shapes)
        tile = tilings.__wrapped__  # a full pass would only flush the cache
        return (s for hmap in self.maps for s in tile(self.pieces, column_mask(hmap)))

    def __contains__(self, shape: object) -> bool:
        return is_legal(shape, self.pieces)

    def map_of(self, shape: Shape) -> int:
        """Index of the height map a legal shape of this set fills."""
        return self._map_index[heights(occupancy(shape))]

    def index(self, shape: Any, start: int = 0, stop: int | None = None) -> int:
        if shape not in self:
            raise ValueError("not a legal shape of this set")
        if self._shapes is not None:
            if self._position is None:
                self._position = {s: i for i, s in enumerate(self._shapes)}
            i = self._position[shape]
        else:
            m = self.map_of(shape)
            i = self.offsets[m] + self.tilings(m).index(shape)
        if i < start or (stop is not None and i >= stop):
            raise ValueError("shape not in the given range")
        return i

    def count(self, shape: Any) -> int:
        return int(shape in self)

    def sample(self, rng: Any) -> Shape:
        """A shape drawn uniformly (``rng`` has ``randrange``: Rng or random.Random)."""
        return self[rng.randrange(len(self))]


@cache
def _space(pieces: tuple[str, ...]) -> ShapeSpace:
    return ShapeSpace(pieces)


def shape_space(pieces: Any = None) -> ShapeSpace:
    """The lazy, indexable sequence of every legal shape of a set (cached per set)."""
    return _space(resolve_pieces(pieces))


def shape_count(pieces: Any = None) -> int:
    return len(shape_space(pieces))


def enumerate_shapes(pieces: Any = None) -> tuple[Shape, ...]:
    """Every legal shape of a set (default S M L), as a tuple, cached.

    Sets of more than ``MATERIALISE_LIMIT`` shapes (the 5-block set has over five million)
    raise ValueError: use ``shape_space`` (lazy, indexable), ``iter_shapes`` (a generator)
    or ``sample_shape`` (uniform) for them."""
    space = shape_space(pieces)
    if len(space) > MATERIALISE_LIMIT:
        raise ValueError(f"the set {' '.join(space.pieces)} has {len(space):,} shapes; use shape_space(), "
                         "iter_shapes() or sample_shape() rather than a tuple")
    return space.materialise()


def iter_shapes(pieces: Any = None, start: int = 0) -> Iterator[Shape]:
    """Every legal shape of a set, lazily, in enumeration order (from index ``start``)."""
    return islice(iter(shape_space(pieces)), start, None)


def sample_shape(pieces: Any, rng: Any) -> Shape:
    """One legal shape drawn uniformly: exact for every set (a uniform index into the
    counted space; for big sets only one height map is tiled)."""
    return shape_space(pieces).sample(rng)
