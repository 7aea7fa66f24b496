"""Pure helpers for the UI: hints while dragging, group counts, the score panel, the layout.

Each one takes either a ``BlockersState`` or a seat's ``view()`` dict (the UI only ever
holds the view), and names (``"7"``, ``"C7"``, ``"red"``) rather than engine ints. The
answers come from the same functions the engine uses (placing.py, groups.py), so a hint
never disagrees with ``legal_actions()``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.core.errors import IllegalAction
from game.rules.blockers.actions import read_colour, read_square, read_tile
from game.rules.blockers.groups import components, count_groups
from game.rules.blockers.layout import (
    COLOUR_INDEX,
    COLOURS,
    FIRST_LETTER,
    FIRST_SYMBOL,
    FITS,
    NUM_SQUARES,
    SECTION_OF,
    SQUARE_INDEX,
    SQUARES,
    SYMBOLS,
    TILE_INDEX,
    TILES,
    WILD_TILE,
)
from game.rules.blockers.placing import board_problem
from game.rules.blockers.state import GAME_OVER, BlockersState

Source = BlockersState | Mapping[str, Any]  # a state, or one seat's view


@dataclass(frozen=True)
class _Position:
    """What one seat knows that matters for placing: read from a state or a view."""

    board: tuple[int, ...]
    seat: int
    current: int | None
    advanced: bool
    mine: tuple[int, ...]  # the seat's colour indices, in colour-slot order
    racks: dict[int, int]  # colour index -> bitmask, for the seat's visible racks
    finished: frozenset[int]


def _mask(tiles: Sequence[str]) -> int:
    return sum(1 << TILE_INDEX[t.lower()] for t in tiles)


def board_codes(board: Sequence[int] | Mapping[str, str]) -> tuple[int, ...]:
    """The engine's 81 colour codes from either form: a code list, or a view's {"E5": "blue"}."""
    if isinstance(board, Mapping):
        codes = [0] * NUM_SQUARES
        for square, colour in board.items():
            codes[SQUARE_INDEX[square.upper()]] = COLOUR_INDEX[colour] + 1
        return tuple(codes)
    if len(board) != NUM_SQUARES:
        raise ValueError(f"a board has {NUM_SQUARES} squares, not {len(board)}")
    return tuple(board)


def _position(source: Source, seat: int | None) -> _Position:
    if isinstance(source, BlockersState):
        p = source.current_player if seat is None else seat
        p = 0 if p is None else p
        mine = source._cfg.seat_colours[p]
        return _Position(source.board, p, source.current_player, source.advanced, mine,
                         {c: source._racks[c] for c in mine},
                         frozenset(c for c in range(len(COLOURS)) if source._finished[c]))
    p = source["seat"] if seat is None else seat
    mine = tuple(COLOUR_INDEX[c] for c in source["colours"][p])
    racks = source["racks"]
    return _Position(board_codes(source["board"]), p, source["current_player"],
                     bool(source["options"].get("advanced")), mine,
                     {c: _mask(racks[COLOURS[c]]) for c in mine if COLOURS[c] in racks},
                     frozenset(COLOUR_INDEX[c] for c, done in source["finished"].items() if done))


def _index(value: int | str, read: Any, limit: int) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        if not 0 <= value < limit:
            raise IllegalAction(f"{value} is out of range")
        return value
    return read(value)


def _choose_colour(pos: _Position, tile: int, colour: int | str | None) -> int | str:
    """The colour a tile is placed as, or the reason there is none."""
    if colour is not None:
        c = _index(colour, read_colour, len(COLOURS))
        if c not in pos.mine:
            return f"{COLOURS[c]} is not your colour: you play {' and '.join(COLOURS[m] for m in pos.mine)}"
        return c
    if pos.advanced:  # the first unfinished rack holding the tile (the UI knows which rack it dragged from)
        for c in pos.mine:
            if c not in pos.finished and pos.racks.get(c, 0) >> tile & 1:
                return c
        return f"no {TILES[tile]} on your racks"
    return pos.mine[0]


def _turn_problem(pos: _Position) -> str | None:
    if pos.current is None:
        return GAME_OVER
    if pos.seat != pos.current:
        return "it is not your turn"
    return None


def _rack_problem(pos: _Position, tile: int, colour: int) -> str | None:
    if pos.advanced:
        name = COLOURS[colour]
        if colour in pos.finished:
            return f"{name} is finished: its last tiles stay on the rack"
        if not pos.racks.get(colour, 0) >> tile & 1:
            return f"no {TILES[tile]} on your {name} rack"
    elif not pos.racks.get(colour, 0) >> tile & 1:
        return f"no {TILES[tile]} on your rack"
    return None


def why_not(source: Source, tile: int | str, square: int | str, colour: int | str | None = None,
            seat: int | None = None) -> str | None:
    """None if ``seat`` (default: the view's seat, or the state's current player) may put
    ``tile`` on ``square`` now, else the reason a player reads (the same words as the
    engine's IllegalAction). ``colour`` picks the rack in the advanced game."""
    pos = _position(source, seat)
    problem = _turn_problem(pos)
    if problem:
        return problem
    try:
        t = _index(tile, read_tile, len(TILES))
        sq = _index(square, read_square, NUM_SQUARES)
        c = _choose_colour(pos, t, colour)
    except IllegalAction as exc:
        return str(exc)
    if isinstance(c, str):
        return c
    return _rack_problem(pos, t, c) or board_problem(pos.board, c, t, sq, pos.advanced)


def legal_squares(source: Source, tile: int | str, colour: int | str | None = None,
                  seat: int | None = None) -> dict[str, bool]:
    """Where a rack tile may go now, to glow while dragging: square -> True if it is a
    capture. Empty when the tile cannot be placed at all (not your turn, not on the rack)."""
    pos = _position(source, seat)
    try:
        t = _index(tile, read_tile, len(TILES))
        c = _choose_colour(pos, t, colour)
    except IllegalAction:
        return {}
    if isinstance(c, str) or _turn_problem(pos) or _rack_problem(pos, t, c):
        return {}
    board = pos.board
    return {SQUARES[sq]: bool(board[sq]) for sq in FITS[t]
            if board_problem(board, c, t, sq, pos.advanced) is None}


def _colour_code(colour: int | str) -> int:
    return (colour if isinstance(colour, int) else COLOUR_INDEX[colour.strip().lower()]) + 1


def groups(board: Sequence[int] | Mapping[str, str], colour: int | str) -> int:
    """BL-14: how many groups ``colour`` has on ``board`` (codes or a view's board dict)."""
    return count_groups(board_codes(board), _colour_code(colour))


def group_squares(board: Sequence[int] | Mapping[str, str], colour: int | str) -> list[list[str]]:
    """The groups of ``colour`` as lists of square names (to outline them on screen)."""
    return [[SQUARES[sq] for sq in group] for group in components(board_codes(board), _colour_code(colour))]


def score_breakdown(source: Source) -> list[dict[str, Any]]:
    """BL-15 per seat, for the live score panel and the final explanation:
    ``{"seat", "colours", "groups": {colour: n}, "group_total", "captures": {colour: n},
    "most_captured", "total_captures", "score"}``."""
    if isinstance(source, BlockersState):
        board = source.board
        seat_colours = [list(source.colours_of(p)) for p in range(source.num_players)]
        captures = [{COLOURS[c]: n for c, n in enumerate(source.captures_of(p)) if n}
                    for p in range(source.num_players)]
    else:
        board = board_codes(source["board"])
        seat_colours = [list(cols) for cols in source["colours"]]
        captures = [{c: n for c, n in caps.items() if n} for caps in source["captures"]]
    out = []
    for p, cols in enumerate(seat_colours):
        per_colour = {c: count_groups(board, COLOUR_INDEX[c] + 1) for c in cols}
        caps = captures[p]
        most = max(caps.values(), default=0)
        total = sum(per_colour.values())
        out.append({"seat": p, "colours": cols, "groups": per_colour, "group_total": total, "captures": caps,
                    "most_captured": most, "total_captures": sum(caps.values()), "score": total + most})
    return out


# --- layout ---------------------------------------------------------------------------------

def section_layout() -> list[list[str]]:
    """The 3 x 3 grid of section symbols (rows A-C / D-F / G-I, columns 1-3 / 4-6 / 7-9)."""
    return [list(SYMBOLS[i:i + 3]) for i in range(0, len(SYMBOLS), 3)]


def section_of(square: int | str) -> str:
    """The symbol of the section a square lies in."""
    return SYMBOLS[SECTION_OF[_index(square, read_square, NUM_SQUARES)]]


def tile_kind(tile: int | str) -> str:
    """"number", "letter", "symbol" or "wild": how the tile is drawn and where it fits."""
    t = _index(tile, read_tile, len(TILES))
    if t < FIRST_LETTER:
        return "number"
    if t < FIRST_SYMBOL:
        return "letter"
    return "symbol" if t < WILD_TILE else "wild"


def fitting_squares(tile: int | str) -> list[str]:
    """BL-7: every square the tile's label fits, occupied or not, in A1..I9 order."""
    return [SQUARES[sq] for sq in FITS[_index(tile, read_tile, len(TILES))]]
