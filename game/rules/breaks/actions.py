"""Breaks actions and their notation (BR-21).

Fields are 0-based like the rest of the API (``Place(0)`` is ``place 1``); ``str()``
gives the 1-based notation. Every possible action exists once, pre-built in the tables
below, so generating legal actions allocates nothing but the list.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.core.errors import IllegalAction
from game.rules.breaks.cards import DECK

MIN_PLAYERS = 2
MAX_PLAYERS = 4
SLOTS = DECK.slots


def _check_ints(action: object, *values: object) -> None:
    for v in values:
        if type(v) is not int:
            raise TypeError(f"{type(action).__name__} needs int fields, got {v!r}")


@dataclass(frozen=True, slots=True)
class Draw:
    verb: ClassVar[str] = "draw"

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Discard:
    verb: ClassVar[str] = "discard"

    def __str__(self) -> str:
        return "discard"


@dataclass(frozen=True, slots=True)
class Done:
    verb: ClassVar[str] = "done"

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class Place:
    """Put the pending card on own slot ``slot``."""

    slot: int
    verb: ClassVar[str] = "place"

    def __post_init__(self) -> None:
        _check_ints(self, self.slot)

    def __str__(self) -> str:
        return f"place {self.slot + 1}"


@dataclass(frozen=True, slots=True)
class Merge:
    """Lay own slot ``b`` on top of own slot ``a``."""

    a: int
    b: int
    verb: ClassVar[str] = "merge"

    def __post_init__(self) -> None:
        _check_ints(self, self.a, self.b)

    def __str__(self) -> str:
        return f"merge {self.a + 1} {self.b + 1}"


@dataclass(frozen=True, slots=True)
class Break:
    """Steal seat ``seat``'s slot ``slot`` with the pending court card onto own slot ``target``."""

    seat: int
    slot: int
    target: int
    verb: ClassVar[str] = "break"

    def __post_init__(self) -> None:
        _check_ints(self, self.seat, self.slot, self.target)

    def __str__(self) -> str:
        return f"break {self.seat + 1} {self.slot + 1} {self.target + 1}"


Action = Draw | Discard | Done | Place | Merge | Break

DRAW = Draw()
DISCARD = Discard()
DONE = Done()
PLACE: tuple[Place, ...] = tuple(Place(s) for s in range(SLOTS))
MERGE: tuple[tuple[Merge, ...], ...] = tuple(tuple(Merge(a, b) for b in range(SLOTS)) for a in range(SLOTS))
BREAK: tuple[tuple[tuple[Break, ...], ...], ...] = tuple(
    tuple(tuple(Break(p, s, t) for t in range(SLOTS)) for s in range(SLOTS)) for p in range(MAX_PLAYERS)
)
# Merge candidates in legal_actions order (by A, then B).
MERGE_ORDER: tuple[tuple[int, int, Merge], ...] = tuple(
    (a, b, MERGE[a][b]) for a in range(SLOTS) for b in range(SLOTS) if a != b
)

_EXAMPLES = {"draw": "draw", "discard": "discard", "done": "done", "place": "place 1",
             "merge": "merge 1 2", "break": "break 2 1 3"}
_ARITY = {"draw": 0, "discard": 0, "done": 0, "place": 1, "merge": 2, "break": 3}


def _number(token: str, what: str, limit: int) -> int:
    """A 1-based number token -> 0-based index, or IllegalAction naming what is missing."""
    # the grammar spells numbers plainly: "01" is not slot 1 (BR-21)
    if not (token.isascii() and token.isdigit()) or token != str(int(token)) or not 1 <= int(token) <= limit:
        raise IllegalAction(f"{what} {token} does not exist")
    return int(token) - 1


def read_notation(text: str) -> Action:
    """The action a notation string names, checking only the grammar (not legality).

    Ignores case and extra spaces. Seats up to MAX_PLAYERS pass here; the state then
    checks them against the number of players.
    """
    if not isinstance(text, str):
        raise IllegalAction(f"an action is written as text, not {type(text).__name__}")
    words = text.lower().split()
    if not words:
        raise IllegalAction("no action given: try draw, place 1, break 2 1 3, discard, merge 1 2 or done")
    verb, args = words[0], words[1:]
    if verb not in _ARITY:
        raise IllegalAction(f"unknown action {verb!r}: use draw, place, break, discard, merge or done")
    if len(args) != _ARITY[verb]:
        raise IllegalAction(f"{verb} is written like: {_EXAMPLES[verb]}")
    if verb == "draw":
        return DRAW
    if verb == "discard":
        return DISCARD
    if verb == "done":
        return DONE
    if verb == "place":
        return PLACE[_number(args[0], "slot", SLOTS)]
    if verb == "merge":
        return MERGE[_number(args[0], "slot", SLOTS)][_number(args[1], "slot", SLOTS)]
    seat = _number(args[0], "seat", MAX_PLAYERS)
    return BREAK[seat][_number(args[1], "slot", SLOTS)][_number(args[2], "slot", SLOTS)]
