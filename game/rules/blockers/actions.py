"""Blockers! actions and their notation (BL-22).

``Place(tile, square, colour)`` holds small ints (layout.py): the tile's canonical index,
the square's index and, in the advanced game only, the colour index the notation names
(``red:7@C7``); in every other game ``colour`` is None and ``str()`` is ``7@C7``. Every
possible action exists once, pre-built in the tables below, so generating legal actions
allocates nothing but the list.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.errors import IllegalAction
from game.rules.blockers.layout import (
    COLOUR_INDEX,
    COLOURS,
    FITS,
    NUM_SQUARES,
    NUM_TILES,
    SQUARE_INDEX,
    SQUARES,
    SYMBOLS,
    TILE_INDEX,
    TILES,
)


@dataclass(frozen=True, slots=True)
class Place:
    """Put ``tile`` (of ``colour`` in the advanced game) on ``square``; a capture if it is occupied."""

    tile: int
    square: int
    colour: int | None = None

    def __post_init__(self) -> None:
        for v in (self.tile, self.square):
            if type(v) is not int:
                raise TypeError(f"Place needs int tile and square, got {v!r}")
        if self.colour is not None and type(self.colour) is not int:
            raise TypeError(f"Place colour must be an int or None, got {self.colour!r}")

    @property
    def tile_name(self) -> str:
        return TILES[self.tile]

    @property
    def square_name(self) -> str:
        return SQUARES[self.square]

    @property
    def colour_name(self) -> str | None:
        return None if self.colour is None else COLOURS[self.colour]

    def __str__(self) -> str:
        if not (0 <= self.tile < NUM_TILES and 0 <= self.square < NUM_SQUARES
                and (self.colour is None or 0 <= self.colour < len(COLOURS))):
            return f"Place({self.tile}, {self.square}, {self.colour})"  # out of range: never legal
        prefix = "" if self.colour is None else COLOURS[self.colour] + ":"
        return f"{prefix}{TILES[self.tile]}@{SQUARES[self.square]}"


@dataclass(frozen=True, slots=True)
class Pass:
    """BL-10: the only action when no placement is legal."""

    def __str__(self) -> str:
        return "pass"


Action = Place | Pass

PASS = Pass()
# PLACE[tile][square]: the colourless placements of the normal game.
PLACE: tuple[tuple[Place, ...], ...] = tuple(
    tuple(Place(t, sq) for sq in range(NUM_SQUARES)) for t in range(NUM_TILES)
)
# PLACE_AS[colour][tile][square]: the advanced game's placements, naming their colour.
PLACE_AS: tuple[tuple[tuple[Place, ...], ...], ...] = tuple(
    tuple(tuple(Place(t, sq, c) for sq in range(NUM_SQUARES)) for t in range(NUM_TILES)) for c in range(len(COLOURS))
)


def _fit_table(by_tile: tuple[tuple[Place, ...], ...]) -> tuple[tuple[tuple[int, Place], ...], ...]:
    return tuple(tuple((sq, by_tile[t][sq]) for sq in FITS[t]) for t in range(NUM_TILES))


# FIT_ACTIONS[tile] / FIT_ACTIONS_AS[colour][tile]: (square, action) for every square the tile fits.
FIT_ACTIONS = _fit_table(PLACE)
FIT_ACTIONS_AS = tuple(_fit_table(table) for table in PLACE_AS)

_EXAMPLE = "write a tile and a square like 7@C7, G@G2, moon@G2 or wild@E5, or pass"


def read_tile(text: str) -> int:
    """A tile name (any case) -> its index, or IllegalAction."""
    tile = TILE_INDEX.get(text.strip().lower())
    if tile is None:
        raise IllegalAction(f"{text!r} is not a tile: tiles are 1-9, A-I, {', '.join(SYMBOLS)} and wild")
    return tile


def read_square(text: str) -> int:
    """A square name (any case) -> its index, or IllegalAction."""
    square = SQUARE_INDEX.get(text.strip().upper())
    if square is None:
        raise IllegalAction(f"{text!r} is not a square: squares are A1 to I9 (row letter, column number)")
    return square


def read_colour(text: str) -> int:
    colour = COLOUR_INDEX.get(text.strip().lower())
    if colour is None:
        raise IllegalAction(f"{text!r} is not a colour: the colours are {', '.join(COLOURS)}")
    return colour


def read_notation(text: str) -> Action:
    """The action a notation string names, checking only the grammar (not legality).

    Ignores case, and spaces around the whole and around ``:`` and ``@`` (a space inside
    a name, "mo on", is refused). The colour prefix is kept as written (None if absent);
    the state decides whether it is required, allowed or wrong.
    """
    if not isinstance(text, str):
        raise IllegalAction(f"an action is written as text, not {type(text).__name__}")
    compact = text.strip()
    if not compact:
        raise IllegalAction(f"no action given: {_EXAMPLE}")
    if compact.lower() == "pass":
        return PASS
    if compact.count("@") != 1:
        raise IllegalAction(f"{compact!r} is not an action: {_EXAMPLE}")
    head, square_text = (part.strip() for part in compact.split("@"))
    colour = None
    if ":" in head:
        colour_text, _, head = head.partition(":")
        colour, head = read_colour(colour_text.strip()), head.strip()
    if not head:
        raise IllegalAction(f"no tile given before @: {_EXAMPLE}")
    tile, square = read_tile(head), read_square(square_text)
    return PLACE[tile][square] if colour is None else PLACE_AS[colour][tile][square]
