"""Breaker Blocks actions and their notation (spec section 8).

Cells are ``(x, y)`` tuples in absolute coordinates, sides are ``"N" "E" "S" "W"`` and
kinds are the notation words (``"2"``, ``"annihilate"``). ``str()`` is the canonical
notation; ``read_notation`` checks the grammar only (the state checks legality).
The engine builds each action object once and reuses it (``play_action`` ...), so
generating legal actions allocates little more than the list.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from game.core.errors import IllegalAction
from game.rules.breaker_blocks.data import SIDES, Cell
from game.rules.breaker_blocks.geometry import CELL_XY, KINDS, NCELLS, NKINDS

NSOCKETS = NCELLS * 4


def _check(action: object, kind: object = "", cells: tuple[object, ...] = (), side: object = "N") -> None:
    if not isinstance(kind, str) or not isinstance(side, str):
        raise TypeError(f"{type(action).__name__} needs text kind and side, got {kind!r}, {side!r}")
    for cell in cells:
        if not (isinstance(cell, tuple) and len(cell) == 2 and all(type(v) is int for v in cell)):
            raise TypeError(f"{type(action).__name__} needs cells as (x, y) int tuples, got {cell!r}")


def cell_text(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


@dataclass(frozen=True, slots=True)
class Draw:
    """Take a tile of kind ``kind`` from a pile (main step, or an ACCELERATE step)."""

    kind: str
    verb: ClassVar[str] = "draw"

    def __post_init__(self) -> None:
        _check(self, self.kind)

    def __str__(self) -> str:
        return f"draw {self.kind}"


@dataclass(frozen=True, slots=True)
class Play:
    """Put a tile of kind ``kind`` from the hand into the socket ``cell`` from ``side``."""

    kind: str
    cell: Cell
    side: str
    verb: ClassVar[str] = "play"

    def __post_init__(self) -> None:
        _check(self, self.kind, (self.cell,), self.side)

    def __str__(self) -> str:
        return f"play {self.kind} at {cell_text(self.cell)} from {self.side}"


@dataclass(frozen=True, slots=True)
class Rearrange:
    """Move the leaf on ``source`` into the socket ``cell`` from ``side`` (main step, AGITATE)."""

    source: Cell
    cell: Cell
    side: str
    verb: ClassVar[str] = "rearrange"

    def __post_init__(self) -> None:
        _check(self, "", (self.source, self.cell), self.side)

    def __str__(self) -> str:
        return f"rearrange {cell_text(self.source)} to {cell_text(self.cell)} from {self.side}"


@dataclass(frozen=True, slots=True)
class Place:
    """AUTOMATE: put a tile of kind ``kind`` straight from a pile into a socket."""

    kind: str
    cell: Cell
    side: str
    verb: ClassVar[str] = "place"

    def __post_init__(self) -> None:
        _check(self, self.kind, (self.cell,), self.side)

    def __str__(self) -> str:
        return f"place {self.kind} at {cell_text(self.cell)} from {self.side}"


@dataclass(frozen=True, slots=True)
class Target:
    """ANNIHILATE or ATTENUATE: pick the leaf on ``cell``."""

    cell: Cell
    verb: ClassVar[str] = "target"

    def __post_init__(self) -> None:
        _check(self, "", (self.cell,))

    def __str__(self) -> str:
        return f"target {cell_text(self.cell)}"


@dataclass(frozen=True, slots=True)
class Keep:
    """AGGRAVATE: keep one tile of kind ``kind`` in the hand; the rest go to the piles."""

    kind: str
    verb: ClassVar[str] = "keep"

    def __post_init__(self) -> None:
        _check(self, self.kind)

    def __str__(self) -> str:
        return f"keep {self.kind}"


@dataclass(frozen=True, slots=True)
class Skip:
    """AGITATE: stop moving the opponent's tiles."""

    verb: ClassVar[str] = "skip"

    def __str__(self) -> str:
        return "skip"


@dataclass(frozen=True, slots=True)
class End:
    """End the turn now; unused actions are lost."""

    verb: ClassVar[str] = "end"

    def __str__(self) -> str:
        return "end"


Action = Draw | Play | Rearrange | Place | Target | Keep | Skip | End
ACTION_CLASSES = (Draw, Play, Rearrange, Place, Target, Keep, Skip, End)
VERBS = tuple(cls.verb for cls in ACTION_CLASSES)

# --- the pre-built action objects ----------------------------------------------------------

SKIP = Skip()
END = End()
DRAWS: tuple[Draw, ...] = tuple(Draw(k) for k in KINDS)
KEEPS: tuple[Keep, ...] = tuple(Keep(k) for k in KINDS)
TARGETS: tuple[Target, ...] = tuple(Target(xy) for xy in CELL_XY)
PLAYS: list[Play | None] = [None] * (NKINDS * NSOCKETS)  # filled on first use
PLACES: list[Place | None] = [None] * (NKINDS * NSOCKETS)
REARRANGES: dict[int, Rearrange] = {}


def play_action(kind: int, socket: int) -> Play:
    i = kind * NSOCKETS + socket
    action = PLAYS[i]
    if action is None:
        action = PLAYS[i] = Play(KINDS[kind], CELL_XY[socket >> 2], SIDES[socket & 3])
    return action


def place_action(kind: int, socket: int) -> Place:
    i = kind * NSOCKETS + socket
    action = PLACES[i]
    if action is None:
        action = PLACES[i] = Place(KINDS[kind], CELL_XY[socket >> 2], SIDES[socket & 3])
    return action


def rearrange_action(source: int, socket: int) -> Rearrange:
    i = source * NSOCKETS + socket
    action = REARRANGES.get(i)
    if action is None:
        action = REARRANGES[i] = Rearrange(CELL_XY[source], CELL_XY[socket >> 2], SIDES[socket & 3])
    return action


# --- reading notation ------------------------------------------------------------------------

_CELL = re.compile(r"^([+-]?[0-9]{1,4}),([+-]?[0-9]{1,4})$")
_SPACED_COMMA = re.compile(r"\s*,\s*")
_EXAMPLES = {
    "draw": "draw 2", "play": "play 2 at 1,-2 from N", "rearrange": "rearrange 1,-2 to 0,-1 from E",
    "place": "place 3 at 1,-3 from N", "target": "target 1,3", "keep": "keep 0", "skip": "skip", "end": "end",
}
_SHAPES = {  # the words each verb takes: K kind, C cell, D side, other words literally
    "draw": ("K",), "play": ("K", "at", "C", "from", "D"), "rearrange": ("C", "to", "C", "from", "D"),
    "place": ("K", "at", "C", "from", "D"), "target": ("C",), "keep": ("K",), "skip": (), "end": (),
}


def _kind(word: str) -> str:
    if word not in KINDS:
        raise IllegalAction(f"{word!r} is not a tile: use {', '.join(k for k in KINDS if k.isdigit())} "
                            f"or an action type such as annihilate")
    return word


def _cell(word: str) -> Cell:
    m = _CELL.match(word)
    if not m:
        raise IllegalAction(f"{word!r} is not a cell: write x,y without spaces, like 1,-2")
    return int(m.group(1)), int(m.group(2))


def _side(word: str) -> str:
    side = word.upper()
    if side not in ("N", "E", "S", "W"):
        raise IllegalAction(f"{word!r} is not a side: use N, E, S or W")
    return side


def read_notation(text: str) -> Action:
    """The action a notation string names, checking only the grammar.

    Ignores letter case and extra spaces (also around the comma of a cell)."""
    if not isinstance(text, str):
        raise IllegalAction(f"an action is written as text, not {type(text).__name__}")
    words = _SPACED_COMMA.sub(",", text.strip()).lower().split()
    if not words:
        raise IllegalAction("no action given: try draw 2, play 0 at 1,-1 from N, rearrange, or end")
    verb, args = words[0], words[1:]
    shape = _SHAPES.get(verb)
    if shape is None:
        raise IllegalAction(f"unknown action {verb!r}: use draw, play, rearrange, place, target, keep, skip or end")
    if len(args) != len(shape) or any(want.islower() and got != want for want, got in zip(shape, args, strict=True)):
        raise IllegalAction(f"{verb} is written like: {_EXAMPLES[verb]}")
    kinds = [_kind(a) for want, a in zip(shape, args, strict=True) if want == "K"]
    cells = [_cell(a) for want, a in zip(shape, args, strict=True) if want == "C"]
    sides = [_side(a) for want, a in zip(shape, args, strict=True) if want == "D"]
    if verb == "draw":
        return Draw(kinds[0])
    if verb == "play":
        return Play(kinds[0], cells[0], sides[0])
    if verb == "rearrange":
        return Rearrange(cells[0], cells[1], sides[0])
    if verb == "place":
        return Place(kinds[0], cells[0], sides[0])
    if verb == "target":
        return Target(cells[0])
    if verb == "keep":
        return Keep(kinds[0])
    return SKIP if verb == "skip" else END
