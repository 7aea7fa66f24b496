"""Tile geometry: edges, rotations and the edge rule (CB-1, CB-15, CB-16).

An edge is an int: 0 wall, 1..3 the labelled connectors, 4 the universal ``U``. A placed
tile (or the breaker box) is one int per cell, ``tile * 4 + rotation index``; the box is
tile ``num_tiles``. For speed every empty cell of a house keeps a *need*: the four edges
its neighbours turn towards it, one base-6 digit each (5 = empty neighbour, 0 = wall or
the house edge). Whether a tile fits is then one set look-up per (need, edge code).
"""

from __future__ import annotations

from typing import Any

from game.rules.circuit_breaker.data import DATA, CircuitData

WALL, UNIVERSAL, EMPTY = 0, 4, 5
EDGE_TEXT = "-123U"
SIDES = ("N", "E", "S", "W")
SIDE_NAMES = ("north", "east", "south", "west")
ROTATIONS = (0, 90, 180, 270)
DX = (0, 1, 0, -1)  # N, E, S, W; y grows to the north (CB-5)
DY = (1, 0, -1, 0)
POW6 = (1, 6, 36, 216)
OUTSIDE = "outside"  # neighbour marker for explain_fit


def edge_codes(text: str) -> tuple[int, ...]:
    return tuple(EDGE_TEXT.index(ch) for ch in text.upper())


def rotate(edges: tuple[int, ...], r: int) -> tuple[int, ...]:
    """Turn clockwise by r quarter turns: at r=1 the base N edge faces E (CB-1)."""
    return tuple(edges[(d - r) % 4] for d in range(4))


def edges_text(edges: tuple[int, ...]) -> str:
    return "".join(EDGE_TEXT[e] for e in edges)


def edges_meet(a: int, b: int) -> bool:
    """Two touching edges agree: both walls, or connectors with one label or a U (CB-15)."""
    if a == WALL or b == WALL:
        return a == b
    return a in (b, UNIVERSAL) or b == UNIVERSAL


def fits_need(edges: tuple[int, ...], need: int) -> bool:
    """The edge rule against a cell's need; at least one connector must meet a connector."""
    linked = False
    for d in range(4):
        n = need // POW6[d] % 6
        if n == EMPTY:
            continue
        e = edges[d]
        if not edges_meet(e, n):
            return False
        if e != WALL:
            linked = True
    return linked


class Geometry:
    """Edge tables for one data set, shared by every state."""

    def __init__(self, data: CircuitData) -> None:
        self.data = data
        self.width, self.height = data.width, data.height
        self.cells = data.width * data.height
        self.num_tiles = data.num_tiles
        self.box = data.num_tiles
        bx, by = data.box_cell
        self.box_cell = by * data.width + bx
        faces: list[tuple[int, ...]] = []
        for tile in range(data.num_tiles + 1):
            base = edge_codes(data.box_edges if tile == self.box else data.base_edges(tile))
            faces.extend(rotate(base, r) for r in range(4))
        self.faces = faces  # index tile * 4 + r
        self.code = [sum(e * 5 ** d for d, e in enumerate(f)) for f in faces]
        self.canon: list[tuple[int, ...]] = []  # rotation indices offered for each tile (CB-16)
        self.same_as: list[tuple[int, ...]] = []  # rotation index -> smallest with the same edges
        for tile in range(data.num_tiles):
            seen: dict[tuple[int, ...], int] = {}
            for r in range(4):
                seen.setdefault(faces[tile * 4 + r], r)
            self.same_as.append(tuple(seen[faces[tile * 4 + r]] for r in range(4)))
            self.canon.append(tuple(sorted(set(seen.values()))))
        self.neighbours = [tuple(self._neighbour(c, d) for d in range(4)) for c in range(self.cells)]
        self.border_need = [self._border_need(c) for c in range(self.cells)]
        self.linkable = [any(0 < need // POW6[d] % 6 < EMPTY for d in range(4)) for need in range(6 ** 4)]
        self._codes = sorted(set(self.code[: self.box * 4]))
        self._fits: dict[int, frozenset[int]] = {}

    def _neighbour(self, cell: int, d: int) -> int:
        x, y = cell % self.width + DX[d], cell // self.width + DY[d]
        return y * self.width + x if 0 <= x < self.width and 0 <= y < self.height else -1

    def _border_need(self, cell: int) -> int:
        """The need of a cell whose neighbours are all empty: walls only at the house edge."""
        return sum((WALL if self.neighbours[cell][d] < 0 else EMPTY) * POW6[d] for d in range(4))

    def fits(self, need: int) -> frozenset[int]:
        """The edge codes that fit a cell with this need (computed once per need)."""
        got = self._fits.get(need)
        if got is None:
            got = frozenset(code for code in self._codes if fits_need(self._decode(code), need))
            self._fits[need] = got
        return got

    @staticmethod
    def _decode(code: int) -> tuple[int, ...]:
        return tuple(code // 5 ** d % 5 for d in range(4))

    def cell_of(self, x: int, y: int) -> int:
        return y * self.width + x

    def xy(self, cell: int) -> tuple[int, int]:
        return cell % self.width, cell // self.width

    def inside(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def empty_house(self) -> tuple[list[int], list[int]]:
        """(cells, needs) of a house holding only its breaker box."""
        cells = [-1] * self.cells
        needs = list(self.border_need)
        set_cell(self, cells, needs, self.box_cell, self.box * 4)
        return cells, needs


def set_cell(geo: Geometry, cells: list[int], needs: list[int], cell: int, value: int) -> None:
    """Put ``value`` (tile*4+r, or -1 for empty) in a cell and update the neighbours' needs."""
    cells[cell] = value
    faces = geo.faces[value] if value >= 0 else (EMPTY, EMPTY, EMPTY, EMPTY)
    for d, nb in enumerate(geo.neighbours[cell]):
        if nb >= 0:
            o = (d + 2) % 4
            p = POW6[o]
            needs[nb] += (faces[d] - needs[nb] // p % 6) * p


def explain_fit(edges: tuple[int, ...], around: tuple[Any, ...]) -> str | None:
    """Why a tile with these edges does not fit, or None if it does.

    ``around`` gives, per side N,E,S,W, the neighbour's four edges, None for an empty
    cell, or OUTSIDE for the house edge. Sides are checked N, E, S, W: the first problem
    is reported, in the words the UI shows when a drop is refused.
    """
    linked = False
    for d in range(4):
        nb = around[d]
        if nb is None:
            continue
        e = edges[d]
        side, label = SIDE_NAMES[d], EDGE_TEXT[e]
        if nb is OUTSIDE:
            if e != WALL:
                return f"connector faces the house wall at {SIDES[d]}: the {side} edge ({label}) must be a wall there"
            continue
        o = (d + 2) % 4
        f = nb[o]
        theirs, their_label = SIDE_NAMES[o], EDGE_TEXT[f]
        if e == WALL and f != WALL:
            return (f"wall faces a connector at {SIDES[d]}: the {side} edge is a wall but the neighbour's "
                    f"{theirs} edge is {their_label}")
        if e != WALL and f == WALL:
            return (f"connector faces a wall at {SIDES[d]}: the {side} edge ({label}) meets the neighbour's "
                    f"{theirs} wall")
        if not edges_meet(e, f):
            return f"the {side} edge ({label}) does not match the neighbour's {theirs} edge ({their_label})"
        if e != WALL:
            linked = True
    if not linked:
        return "not connected to your network: no connector of the tile meets a neighbour's connector"
    return None


GEO = Geometry(DATA)
