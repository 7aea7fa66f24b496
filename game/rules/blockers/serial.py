"""Blockers! state <-> plain JSON. The whole state, RNG included, so a save continues exactly.

``decode`` checks what it reads (a hand-edited or corrupt file raises ValueError naming
the field), including that every tile of a colour's pool is in exactly one place: its
rack, its pool, on the board or among someone's captures.
"""

from __future__ import annotations

from typing import Any

from game.core.errors import IllegalAction
from game.core.options import validate_options
from game.core.rng import Rng
from game.rules.blockers.actions import PLACE, Place, read_notation
from game.rules.blockers.data import TILES_PER_COLOUR
from game.rules.blockers.hidden import remaining_pool, tile_names
from game.rules.blockers.layout import COLOUR_INDEX, COLOURS, RACK_SIZE, SQUARE_INDEX, SQUARES, TILE_INDEX, TILES
from game.rules.blockers.setup import OPTIONS, check_num_players, public_options, seat_colours
from game.rules.blockers.state import NO_LABEL, NUM_COLOURS, BlockersState, Config

FORMAT = 1
_FROM_DATA = object()  # "read the value from the data by its key"


def _label(tile: int) -> str | None:
    return None if tile == NO_LABEL else TILES[tile]


def encode(state: BlockersState) -> dict[str, Any]:
    cfg = state._cfg
    in_play = cfg.in_play
    last = state._last
    return {
        "game": "blockers",
        "format": FORMAT,
        "num_players": state.num_players,
        "options": dict(cfg.options),
        "setup_given": cfg.fixed,
        "first_player": cfg.first,
        "pool_length": cfg.pool_length,
        "current_player": state._cur,
        "over": state._over,
        "board": {SQUARES[sq]: [COLOURS[code - 1], _label(state._labels[sq])]
                  for sq, code in enumerate(state._board) if code},
        "racks": {COLOURS[c]: tile_names(state._racks[c]) for c in in_play},
        "pools": {COLOURS[c]: [TILES[t] for t in remaining_pool(state, c)] for c in in_play},  # next first
        "finished": {COLOURS[c]: state._finished[c] for c in in_play},
        "captured": [[seat, COLOURS[c], _label(t)] for seat, c, t in state._captured],
        "turns": list(state._turns),
        "last_action": None if last is None else {"seat": last[0], "action": str(last[1])},
        "rng": state._rng.state,
    }


class _Reader:
    """Typed access to the fields of a saved state, with errors that name the field."""

    def __init__(self, data: Any) -> None:
        if not isinstance(data, dict):
            raise ValueError("a saved Blockers! state must be a JSON object")
        self.data = data

    def fail(self, problem: str) -> ValueError:
        return ValueError(f"saved Blockers! state: {problem}")

    def get(self, key: str) -> Any:
        if key not in self.data:
            raise ValueError(f"saved Blockers! state has no {key!r}")
        return self.data[key]

    def int(self, key: str, low: int, high: int, value: Any = _FROM_DATA) -> int:
        value = self.get(key) if value is _FROM_DATA else value
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.fail(f"{key} must be a whole number {low}..{high}, not {value!r}")
        return value

    def bool(self, key: str, value: Any = _FROM_DATA) -> bool:
        value = self.get(key) if value is _FROM_DATA else value
        if not isinstance(value, bool):
            raise self.fail(f"{key} must be true or false, not {value!r}")
        return value

    def colour(self, key: str, value: Any) -> int:
        if value not in COLOUR_INDEX:
            raise self.fail(f"{key} names {value!r}, which is not a colour")
        return COLOUR_INDEX[value]

    def tile(self, key: str, value: Any) -> int:
        if value is None:
            return NO_LABEL
        if not isinstance(value, str) or value.lower() not in TILE_INDEX or TILES[TILE_INDEX[value.lower()]] != value:
            raise self.fail(f"{key} holds {value!r}, which is not a tile name")
        return TILE_INDEX[value.lower()]

    def per_colour(self, key: str, in_play: tuple[int, ...]) -> dict[int, Any]:
        value = self.get(key)
        names = [COLOURS[c] for c in in_play]
        if not isinstance(value, dict) or sorted(value) != sorted(names):
            raise self.fail(f"{key} must have one entry per colour in play ({', '.join(names)})")
        return {COLOUR_INDEX[name]: v for name, v in value.items()}

    def tiles(self, key: str, value: Any) -> list[int]:
        if not isinstance(value, list):
            raise self.fail(f"{key} must be a list of tile names")
        out = [self.tile(key, t) for t in value]
        if NO_LABEL in out:
            raise self.fail(f"{key} holds a tile without a name")
        return out


def _board(r: _Reader, state: BlockersState) -> None:
    board = r.get("board")
    if not isinstance(board, dict):
        raise r.fail("board must map squares to [colour, tile]")
    for name, cell in board.items():
        if name not in SQUARE_INDEX:
            raise r.fail(f"board names {name!r}, which is not a square")
        if not isinstance(cell, list) or len(cell) != 2:
            raise r.fail(f"board {name} must be [colour, tile or null]")
        sq = SQUARE_INDEX[name]
        state._board[sq] = r.colour(f"board {name}", cell[0]) + 1
        state._labels[sq] = r.tile(f"board {name}", cell[1])


def _racks_and_pools(r: _Reader, state: BlockersState) -> None:
    in_play = state._cfg.in_play
    pools = [()] * NUM_COLOURS
    for c, tiles in r.per_colour("racks", in_play).items():
        for t in r.tiles(f"racks {COLOURS[c]}", tiles):
            state._racks[c] |= 1 << t
    for c, tiles in r.per_colour("pools", in_play).items():
        pools[c] = tuple(r.tiles(f"pools {COLOURS[c]}", tiles))
    state._pools = tuple(pools)
    for c, done in r.per_colour("finished", in_play).items():
        state._finished[c] = r.bool(f"finished {COLOURS[c]}", done)
        if done and not state._cfg.advanced:
            raise r.fail("only the advanced game finishes colours")


def _captured(r: _Reader, state: BlockersState) -> None:
    captured = r.get("captured")
    if not isinstance(captured, list):
        raise r.fail("captured must be a list of [seat, colour, tile or null]")
    for entry in captured:
        if not isinstance(entry, list) or len(entry) != 3:
            raise r.fail("every captured entry must be [seat, colour, tile or null]")
        seat = r.int("captured seat", 0, state.num_players - 1, entry[0])
        colour = r.colour("captured", entry[1])
        state._captured.append((seat, colour, r.tile("captured", entry[2])))
        state._caps[seat * NUM_COLOURS + colour] += 1


def _check_tiles(r: _Reader, state: BlockersState) -> None:
    """Each colour's tiles: at most once, and rack + pool + placed = its pool length."""
    cfg = state._cfg
    placed: list[list[int]] = [[] for _ in range(NUM_COLOURS)]
    for code, tile in zip(state._board, state._labels, strict=True):
        if code and tile != NO_LABEL:
            placed[code - 1].append(tile)
    for _, c, tile in state._captured:
        if tile != NO_LABEL:
            placed[c].append(tile)
    for c in range(NUM_COLOURS):
        name = COLOURS[c]
        if c not in cfg.in_play:
            if placed[c]:
                raise r.fail(f"{name} is not in play, yet a named {name} tile was placed")
            continue
        rack = [t for t in range(len(TILES)) if state._racks[c] >> t & 1]
        everything = rack + list(state._pools[c]) + placed[c]
        twice = sorted({TILES[t] for t in everything if everything.count(t) > 1})
        if twice:
            raise r.fail(f"{name} {', '.join(twice)} is in more than one place")
        if len(everything) != cfg.pool_length:
            raise r.fail(f"{name} has {len(everything)} tiles in racks, pool and board; the game has "
                         f"{cfg.pool_length}")
        if len(rack) > RACK_SIZE:
            raise r.fail(f"the {name} rack holds {len(rack)} tiles; at most {RACK_SIZE} fit")


def _last_action(r: _Reader, state: BlockersState) -> None:
    last = r.get("last_action")
    if last is None:
        return
    if not isinstance(last, dict):
        raise r.fail("last_action must be null or {seat, action}")
    seat = r.int("last_action seat", 0, state.num_players - 1, last.get("seat"))
    try:
        action = read_notation(last.get("action"))
    except IllegalAction as exc:
        raise r.fail(f"last_action is not an action ({exc})") from None
    if isinstance(action, Place) and (action.colour is None) == state._cfg.advanced:
        if state._cfg.advanced:
            raise r.fail("last_action must name its colour in the advanced game")
        action = PLACE[action.tile][action.square]
    state._last = (seat, action)


def decode(data: Any) -> BlockersState:
    r = _Reader(data)
    if r.get("game") != "blockers" or r.get("format") != FORMAT:
        raise ValueError(f"not a saved Blockers! state of format {FORMAT}")
    n = check_num_players(r.get("num_players"))
    given = r.get("options")
    if not isinstance(given, dict) or "setup" in given:
        raise r.fail("options must be a dict without setup")
    opts = validate_options(OPTIONS, given, n)
    cfg = Config(num_players=n, advanced=opts["advanced"], seat_colours=seat_colours(n, opts["advanced"]),
                 pool_length=r.int("pool_length", RACK_SIZE, TILES_PER_COLOUR),
                 options=public_options(opts, opts["first_player"]), fixed=r.bool("setup_given"),
                 first=r.int("first_player", 0, n - 1))
    state = BlockersState.blank(cfg, (), Rng.from_state(r.int("rng", 0, (1 << 64) - 1)))
    state._over = r.bool("over")
    if state._over:
        if r.get("current_player") is not None:
            raise r.fail("a finished game has no current_player")
        state._cur = None
    else:
        state._cur = r.int("current_player", 0, n - 1)
    _board(r, state)
    _racks_and_pools(r, state)
    _captured(r, state)
    _check_tiles(r, state)
    turns = r.get("turns")
    if not isinstance(turns, list) or len(turns) != n:
        raise r.fail(f"turns must give one count per seat ({n})")
    state._turns = [r.int("turns", 0, 1 << 30, t) for t in turns]
    _last_action(r, state)
    return state
