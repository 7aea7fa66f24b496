"""Circuit Breaker actions and their notation (CB-13, section 8).

Fields are 0-based where the API is (``Cheese(1)`` is ``cheese 2``, ``MouseHouse(1, 3, 4)``
is ``mouse house 2 at 3,4``); cells are the notation's own x,y and rotations are degrees.
Tiles are ids (``"W17"``). Every action of a real game is built once and cached, so
generating legal actions allocates little beyond the list.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from game.core.errors import IllegalAction
from game.rules.circuit_breaker.data import DATA, MAX_PLAYERS
from game.rules.circuit_breaker.tiles import GEO, ROTATIONS

SPOTS = ("wire-stack", "appliance-stack", "wire-1", "wire-2", "appliance-1", "appliance-2", "appliance-3")
PILES = SPOTS[2:]  # pile index p is spot p + 2
DISCARD_PILES = SPOTS[4:]
MAX_PLACEMENTS = 2  # CB-13


@dataclass(frozen=True, slots=True)
class Mouse:
    """Send the mouse to a market spot: a stack or a face-up pile."""

    spot: str
    verb: ClassVar[str] = "mouse"

    def __str__(self) -> str:
        return f"mouse {self.spot}"


@dataclass(frozen=True, slots=True)
class MouseHouse:
    """Send the mouse onto the appliance at x,y of seat ``seat``'s house."""

    seat: int
    x: int
    y: int
    verb: ClassVar[str] = "mouse"

    def __str__(self) -> str:
        return f"mouse house {self.seat + 1} at {self.x},{self.y}"


@dataclass(frozen=True, slots=True)
class Place:
    tile: str
    x: int
    y: int
    rot: int
    verb: ClassVar[str] = "place"

    def __str__(self) -> str:
        return f"place {self.tile} at {self.x},{self.y} r{self.rot}"


@dataclass(frozen=True, slots=True)
class Discard:
    tile: str
    pile: str
    verb: ClassVar[str] = "discard"

    def __str__(self) -> str:
        return f"discard {self.tile} to {self.pile}"


@dataclass(frozen=True, slots=True)
class Cheese:
    """Spend a cube to send seat ``seat``'s mouse to the appliance stack."""

    seat: int
    verb: ClassVar[str] = "cheese"

    def __str__(self) -> str:
        return f"cheese {self.seat + 1}"


@dataclass(frozen=True, slots=True)
class End:
    verb: ClassVar[str] = "end"

    def __str__(self) -> str:
        return "end"


Action = Mouse | MouseHouse | Place | Discard | Cheese | End
KINDS = frozenset((Mouse, MouseHouse, Place, Discard, Cheese, End))

END = End()
MOUSE_SPOT: tuple[Mouse, ...] = tuple(Mouse(s) for s in SPOTS)
CHEESE: tuple[Cheese, ...] = tuple(Cheese(q) for q in range(MAX_PLAYERS))
TILE_IDS: tuple[str, ...] = tuple(DATA.tile_id(t) for t in range(DATA.num_tiles))
TILE_INDEX: dict[str, int] = {tid: t for t, tid in enumerate(TILE_IDS)}
_NC = GEO.cells
_place_cache: list[Place | None] = [None] * (DATA.num_tiles * _NC * 4)
_house_cache: list[MouseHouse | None] = [None] * (MAX_PLAYERS * _NC)
DISCARD: tuple[tuple[Discard, ...], ...] = tuple(
    tuple(Discard(tid, pile) for pile in DISCARD_PILES) for tid in TILE_IDS
)


def place_action(tile: int, cell: int, r: int) -> Place:
    """The cached Place of tile index, cell index and rotation index."""
    i = (tile * _NC + cell) * 4 + r
    got = _place_cache[i]
    if got is None:
        x, y = GEO.xy(cell)
        got = _place_cache[i] = Place(TILE_IDS[tile], x, y, ROTATIONS[r])
    return got


def house_action(seat: int, cell: int) -> MouseHouse:
    i = seat * _NC + cell
    got = _house_cache[i]
    if got is None:
        x, y = GEO.xy(cell)
        got = _house_cache[i] = MouseHouse(seat, x, y)
    return got


_EXAMPLES = {
    "mouse": "mouse wire-stack, mouse appliance-2 or mouse house 2 at 3,4",
    "place": "place W17 at 2,3 r90",
    "discard": "discard A12 to appliance-1",
    "cheese": "cheese 2",
    "end": "end",
}
_CELL = re.compile(r"^([0-9]+),([0-9]+)$")
_SEAT_TOKENS = frozenset(str(q) for q in range(1, MAX_PLAYERS + 1))
_ROT_TOKENS = frozenset(str(r) for r in ROTATIONS)


def _tile(token: str) -> str:
    tid = token.upper()
    if tid not in TILE_INDEX:
        raise IllegalAction(f"there is no tile {tid}: wires are W1-W{DATA.num_wires}, "
                            f"appliances A1-A{DATA.num_appliances}")
    return tid


def _seat(token: str, num_players: int) -> int:
    # seat := 1..4 exactly: no sign, no leading zero ("02" is malformed, section 8); the
    # message names the seats of this game (a 2-player game has no seat 3 either)
    if token not in _SEAT_TOKENS or int(token) > num_players:
        raise IllegalAction(f"there is no seat {token}: seats are numbered 1 to {num_players}")
    return int(token) - 1


def _cell(token: str) -> tuple[int, int]:
    m = _CELL.match(token)
    if m is None:
        raise IllegalAction(f"a cell is written x,y like 2,3, not {token!r}")
    return int(m.group(1)), int(m.group(2))


def _words(text: str) -> list[str]:
    # Case and extra spaces do not matter; spaces around the comma of a cell are tolerated.
    return re.sub(r"\s*,\s*", ",", text.strip().lower()).split()


def read_notation(text: str, num_players: int = MAX_PLAYERS) -> Action:
    """The action a notation string names, checking only the grammar (not legality);
    a seat number must be one of the ``num_players`` seats of the game."""
    if not isinstance(text, str):
        raise IllegalAction(f"an action is written as text, not {type(text).__name__}")
    words = _words(text)
    if not words:
        raise IllegalAction("no action given: try mouse, place, discard, cheese or end")
    verb, args = words[0], words[1:]
    if verb not in _EXAMPLES:
        raise IllegalAction(f"unknown action {verb!r}: use mouse, place, discard, cheese or end")
    bad = IllegalAction(f"{verb} is written like: {_EXAMPLES[verb]}")
    if verb == "end":
        if args:
            raise bad
        return END
    if verb == "cheese":
        if len(args) != 1:
            raise bad
        return CHEESE[_seat(args[0], num_players)]
    if verb == "mouse":
        if len(args) == 1:
            if args[0] not in SPOTS:
                raise IllegalAction(f"{args[0]!r} is not a mouse spot: use {', '.join(SPOTS)} or house N at x,y")
            return MOUSE_SPOT[SPOTS.index(args[0])]
        if len(args) != 4 or args[0] != "house" or args[2] != "at":
            raise bad
        x, y = _cell(args[3])
        return MouseHouse(_seat(args[1], num_players), x, y)
    if verb == "discard":
        if len(args) != 3 or args[1] != "to":
            raise bad
        tid = _tile(args[0])
        if args[2] not in DISCARD_PILES:
            raise IllegalAction(f"discards go to appliance-1, appliance-2 or appliance-3, not {args[2]}")
        return DISCARD[TILE_INDEX[tid]][DISCARD_PILES.index(args[2])]
    if len(args) != 4 or args[1] != "at" or not args[3].startswith("r"):
        raise bad
    tid = _tile(args[0])
    x, y = _cell(args[2])
    rot = args[3][1:]
    if rot not in _ROT_TOKENS:  # rot := "0" | "90" | "180" | "270" exactly (no "r090")
        raise IllegalAction(f"a rotation is r0, r90, r180 or r270, not {args[3]}")
    return Place(tid, x, y, int(rot))
