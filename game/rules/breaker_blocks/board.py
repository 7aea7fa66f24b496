"""The tiles on the grid (BB-5 .. BB-8): placing, lifting and moving them, sockets,
leaves, and the power of each seat in each circuit.

Everything is a flat list indexed by cell (geometry.py), so a search bot's ``clone``
is a handful of list copies. Per seat, ``holes[seat][cell]`` is a bit mask of the sides
on which that seat has a hole at that cell (its tiles' holes and its inputs), which
makes "does a hole of mine face this cell from that side?" a single look-up. Power
sums are kept up to date on every change instead of being recounted.
"""

from __future__ import annotations

from bisect import insort

from game.rules.breaker_blocks.geometry import (
    AUTHENTICATE,
    CORE_CIRCUIT,
    HOLE_MASK,
    INPUT_CELLS,
    INPUT_MASK,
    MASK_SIDES,
    NBR,
    NCELLS,
    NCIRC,
    OFF,
    OPP,
    VALUE,
)

EMPTY = -1
BLOCKED = -2  # a core cell, or OFF: never holds a tile

_BLANK_KIND = [EMPTY] * NCELLS + [BLOCKED]
_BLANK_CIRC = [-1] * (NCELLS + 1)
for _c, _circuit in CORE_CIRCUIT.items():
    _BLANK_KIND[_c] = BLOCKED
    _BLANK_CIRC[_c] = _circuit
_BLANK_HOLES = tuple([0] * (NCELLS + 1) for _ in (0, 1))
for _seat in (0, 1):
    for _c, _mask in INPUT_MASK[_seat].items():
        _BLANK_HOLES[_seat][_c] = _mask


class Board:
    __slots__ = ("circ", "holes", "kids", "kind", "owner", "power", "tab", "tiles")

    kind: list[int]  # tile kind per cell, EMPTY or BLOCKED
    owner: list[int]  # seat of the tile (valid where kind >= 0)
    tab: list[int]  # side of the tab, i.e. of the parent (the "from" side)
    circ: list[int]  # circuit index of the tile (and of each core cell)
    kids: list[int]  # how many tiles hang from this tile (0: a leaf)
    holes: tuple[list[int], list[int]]  # per seat: bit mask of hole sides per cell
    tiles: tuple[list[int], list[int]]  # per seat: its tile cells, sorted
    power: tuple[list[int], list[int]]  # per seat: power per circuit

    @classmethod
    def empty(cls) -> Board:
        b = cls.__new__(cls)
        b.kind = _BLANK_KIND[:]
        b.owner = [-1] * (NCELLS + 1)
        b.tab = [-1] * (NCELLS + 1)
        b.circ = _BLANK_CIRC[:]
        b.kids = [0] * (NCELLS + 1)
        b.holes = (_BLANK_HOLES[0][:], _BLANK_HOLES[1][:])
        b.tiles = ([], [])
        b.power = ([0] * NCIRC, [0] * NCIRC)
        return b

    def clone(self) -> Board:
        b = Board.__new__(Board)
        b.kind, b.owner, b.tab, b.circ, b.kids = self.kind[:], self.owner[:], self.tab[:], self.circ[:], self.kids[:]
        b.holes = (self.holes[0][:], self.holes[1][:])
        b.tiles = (self.tiles[0][:], self.tiles[1][:])
        b.power = (self.power[0][:], self.power[1][:])
        return b

    # --- questions -----------------------------------------------------------------------

    def parent(self, cell: int) -> int:
        return NBR[cell * 4 + self.tab[cell]]

    def is_leaf(self, cell: int) -> bool:
        return self.kind[cell] >= 0 and self.kids[cell] == 0

    def sockets(self, seat: int) -> list[int]:
        """BB-6: every empty non-core cell in the area that one of the seat's holes faces."""
        out: list[int] = []
        kind, mask = self.kind, self.holes[seat]
        for source in (INPUT_CELLS[seat], self.tiles[seat]):
            for c in source:
                m = mask[c]
                if m:
                    base = c * 4
                    for side in MASK_SIDES[m]:
                        t = NBR[base + side]
                        if kind[t] == EMPTY:
                            out.append(t * 4 + OPP[side])
        out.sort()
        return out

    def has_socket(self, seat: int) -> bool:
        kind, mask = self.kind, self.holes[seat]
        for source in (INPUT_CELLS[seat], self.tiles[seat]):
            for c in source:
                m = mask[c]
                if m:
                    for side in MASK_SIDES[m]:
                        if kind[NBR[c * 4 + side]] == EMPTY:
                            return True
        return False

    def leaves(self, seat: int, movable: bool = False) -> list[int]:
        """BB-7: the seat's tiles with nothing hanging from them (``movable``: not AUTHENTICATE)."""
        kids, kind = self.kids, self.kind
        return [c for c in self.tiles[seat] if not kids[c] and not (movable and kind[c] == AUTHENTICATE)]

    def destinations(self, cell: int, sockets: list[int] | None = None) -> list[int]:
        """BB-14: where the leaf on ``cell`` may go, worked out with it lifted and never
        back into the hole it left. ``sockets`` may pass its owner's sockets if known."""
        seat = self.owner[cell]
        base = self.sockets(seat) if sockets is None else sockets
        out = [s for s in base if NBR[s] != cell]  # its own holes do not count
        mask, tab = self.holes[seat], self.tab[cell]
        for side in range(4):
            if side != tab and mask[NBR[cell * 4 + side]] >> OPP[side] & 1:
                out.append(cell * 4 + side)  # another hole facing the cell it leaves
        out.sort()
        return out

    # --- changes -------------------------------------------------------------------------

    def place(self, socket: int, kind: int, seat: int) -> None:
        """Put a tile into a socket (the caller checked it is one of ``seat``'s)."""
        cell, tab = socket >> 2, socket & 3
        parent = NBR[socket]
        circ = self.circ[parent]
        self.kind[cell] = kind
        self.owner[cell] = seat
        self.tab[cell] = tab
        self.circ[cell] = circ
        self.kids[cell] = 0
        if self.kind[parent] >= 0:
            self.kids[parent] += 1
        self.holes[seat][cell] = HOLE_MASK[kind * 4 + tab]
        insort(self.tiles[seat], cell)
        self.power[seat][circ] += VALUE[kind]

    def remove(self, cell: int) -> tuple[int, int]:
        """Lift the leaf on ``cell`` off the board; returns its (kind, owner)."""
        kind, seat = self.kind[cell], self.owner[cell]
        parent = NBR[cell * 4 + self.tab[cell]]
        if self.kind[parent] >= 0:
            self.kids[parent] -= 1
        self.power[seat][self.circ[cell]] -= VALUE[kind]
        self.kind[cell] = EMPTY
        self.holes[seat][cell] = 0
        self.tiles[seat].remove(cell)
        return kind, seat

    def move(self, cell: int, socket: int) -> None:
        """BB-14: the leaf on ``cell`` goes into ``socket`` and keeps its owner."""
        kind, seat = self.remove(cell)
        self.place(socket, kind, seat)

    def count_kind(self, kind: int) -> int:
        return sum(1 for k in self.kind if k == kind)


__all__ = ["BLOCKED", "EMPTY", "OFF", "Board"]
