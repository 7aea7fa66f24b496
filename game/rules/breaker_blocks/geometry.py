"""Integer tables built once from the level data, for the hot paths.

A cell is an index into the area, row by row from the south-west corner
(``CELL_XY``/``CELL_INDEX`` convert); ``OFF`` is one extra index standing for every
cell outside the area. Sides are 0..3 = N, E, S, W (clockwise). A socket is the int
``cell * 4 + side``: the hole lies on side ``side`` of ``cell``, so ``NBR[socket]`` is
the tile or core cell that owns the hole. Tile kinds are indices into ``KINDS``.
"""

from __future__ import annotations

from game.rules.breaker_blocks.data import ACTION_SHAPE, ACTION_TYPES, LEVEL, SIDES, START_KIND, Cell

N, E, S, W = 0, 1, 2, 3
OPP = (S, W, N, E)
_DXY = ((0, 1), (1, 0), (0, -1), (-1, 0))
SIDE_INDEX = {s: i for i, s in enumerate(SIDES)}

X0, X1 = LEVEL.x_range
Y0, Y1 = LEVEL.y_range
WIDTH = X1 - X0 + 1
NCELLS = WIDTH * (Y1 - Y0 + 1)
OFF = NCELLS
CELL_XY: tuple[Cell, ...] = tuple((X0 + i % WIDTH, Y0 + i // WIDTH) for i in range(NCELLS))
CELL_INDEX: dict[Cell, int] = {xy: i for i, xy in enumerate(CELL_XY)}


def _neighbours() -> tuple[int, ...]:
    out = [CELL_INDEX.get((x + dx, y + dy), OFF) for x, y in CELL_XY for dx, dy in _DXY]
    return tuple(out + [OFF] * 4)  # OFF's neighbours are OFF too


NBR = _neighbours()  # NBR[cell * 4 + side]: the neighbour on that side (OFF outside)

KINDS: tuple[str, ...] = (*LEVEL.power_kinds, *ACTION_TYPES)
KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
NPOWER = len(LEVEL.power_kinds)  # kinds 0..NPOWER-1 are power tiles, the rest action tiles
NKINDS = len(KINDS)
POWER_KINDS = range(NPOWER)
ACTION_KINDS = range(NPOWER, NKINDS)
START = KIND_INDEX[START_KIND]
(ACCELERATE, ANNIHILATE, AGITATE, AUTHENTICATE, AUTOMATE, ATTENUATE, AGGRAVATE) = (
    KIND_INDEX[t] for t in ACTION_TYPES)


def tile_name(kind: str) -> str:
    """A tile kind as players read it: an action tile by its name as the rules page writes
    it ("Agitate"), a power tile by its number ("2")."""
    return kind.capitalize() if kind in ACTION_TYPES else kind


ACTION_PILE = 2  # piles are indexed by seat (colour piles) and this (the shared action pile)
VALUE = tuple(LEVEL.power[k] for k in LEVEL.power_kinds) + (0,) * len(ACTION_TYPES)


def rotate_holes(names: tuple[str, ...], tab: int) -> tuple[int, ...]:
    """The absolute sides (0..3) of holes named front/left/right, for a tile whose tab is on ``tab``."""
    front = OPP[tab]
    turn = {"front": 0, "left": 3, "right": 1}  # left = front turned counter-clockwise
    return tuple(sorted((front + turn[n]) % 4 for n in names))


# HOLES[kind * 4 + tab]: absolute sides of the holes of a tile of that kind placed "from tab".
HOLES: tuple[tuple[int, ...], ...] = tuple(
    rotate_holes(LEVEL.holes[KINDS[k] if k < NPOWER else ACTION_SHAPE], tab) for k in range(NKINDS) for tab in range(4)
)
HOLE_MASK = tuple(sum(1 << s for s in sides) for sides in HOLES)
MASK_SIDES = tuple(tuple(s for s in range(4) if m >> s & 1) for m in range(16))

CIRCUITS: tuple[str, ...] = LEVEL.circuits
NCIRC = len(CIRCUITS)
CIRCUIT_INDEX = {c: i for i, c in enumerate(CIRCUITS)}
CORE_CELLS = tuple(CELL_INDEX[c] for c in LEVEL.core)
CORE_CIRCUIT = {CELL_INDEX[c]: CIRCUIT_INDEX[name] for c, name in LEVEL.core.items()}
# INPUT_MASK[seat][core cell]: the sides of that core cell holding the seat's inputs.
INPUT_MASK: tuple[dict[int, int], ...] = tuple(
    {CELL_INDEX[i.cell]: 0 for i in LEVEL.inputs if i.seat == seat} for seat in (0, 1))
for _inp in LEVEL.inputs:
    INPUT_MASK[_inp.seat][CELL_INDEX[_inp.cell]] |= 1 << SIDE_INDEX[_inp.side]
INPUT_CELLS: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(m)) for m in INPUT_MASK)


def socket_text(socket: int) -> str:
    x, y = CELL_XY[socket >> 2]
    return f"{x},{y} from {SIDES[socket & 3]}"
