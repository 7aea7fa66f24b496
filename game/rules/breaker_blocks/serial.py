"""Breaker Blocks state <-> plain JSON: the whole state, RNG included, so a save
continues exactly. ``decode`` checks what it reads (a hand-edited or corrupt file raises
ValueError naming the problem): the trees must hang from their owners' inputs and every
tile must be accounted for, but it trusts that the position was reached by legal play.
"""

from __future__ import annotations

from typing import Any

from game.core.options import validate_options
from game.core.rng import Rng
from game.rules.breaker_blocks.actions import cell_text
from game.rules.breaker_blocks.board import Board
from game.rules.breaker_blocks.config import OPTIONS, Config
from game.rules.breaker_blocks.data import ACTION_TYPES, LEVEL, SIDES
from game.rules.breaker_blocks.geometry import (
    ACTION_KINDS,
    AUTHENTICATE,
    CELL_INDEX,
    CELL_XY,
    CIRCUITS,
    HOLE_MASK,
    KIND_INDEX,
    KINDS,
    NBR,
    NKINDS,
    NPOWER,
    OPP,
    POWER_KINDS,
    SIDE_INDEX,
    VALUE,
)
from game.rules.breaker_blocks.hidden import kind_counts
from game.rules.breaker_blocks.setup import public_options
from game.rules.breaker_blocks.state import ACTION_PILE, END_CODES, SEALED, BreakerBlocksState
from game.rules.breaker_blocks.steps import STEP_COUNT

FORMAT = 1
_FROM_DATA = object()


def encode(st: BreakerBlocksState) -> dict[str, Any]:
    b = st._board
    effect = st._effect
    return {
        "game": "breaker_blocks",
        "format": FORMAT,
        "options": dict(st._options),
        "tile_counts": {KINDS[k]: n for k, n in enumerate(st._cfg.counts)},
        "first_player": st._first,
        "current_player": st._cur,
        "actions_left": st._actions,
        "board": [{"cell": list(CELL_XY[c]), "kind": KINDS[b.kind[c]], "owner": b.owner[c],
                   "from": SIDES[b.tab[c]], "circuit": CIRCUITS[b.circ[c]]} for c in sorted(b.tiles[0] + b.tiles[1])],
        "hands": [kind_counts(h) for h in st._hands],
        "drawn": kind_counts(st._drawn),
        "piles": [kind_counts(st._piles[s], POWER_KINDS) for s in (0, 1)],
        "action_pile": kind_counts(st._piles[ACTION_PILE], ACTION_KINDS),
        "removed": [kind_counts(r) for r in st._removed],
        "pending": None if effect is None else {"tile": KINDS[effect[0]], "cell": list(CELL_XY[effect[1]]),
                                                "step": effect[2]},
        "authenticate_this_turn": st._auth_turn,
        "turns_completed": list(st._turns),
        "final_turn": st._final_for,
        "end": None if st._end is None else {"code": st._end, "loser": st._loser},
        "rng": st._rng.state,
    }


class _Reader:
    """Typed access to the fields of a saved state, with errors that name the field."""

    def __init__(self, data: Any) -> None:
        if not isinstance(data, dict):
            raise ValueError("a saved Breaker Blocks state must be a JSON object")
        self.data = data

    @staticmethod
    def fail(message: str) -> ValueError:
        return ValueError(f"saved Breaker Blocks state: {message}")

    def get(self, key: str) -> Any:
        if key not in self.data:
            raise self.fail(f"no {key!r}")
        return self.data[key]

    def int(self, key: str, low: int, high: int, value: Any = _FROM_DATA) -> int:
        value = self.get(key) if value is _FROM_DATA else value
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.fail(f"{key} must be a whole number {low}..{high}, not {value!r}")
        return value

    def seat_or_none(self, key: str, value: Any = _FROM_DATA) -> int | None:
        value = self.get(key) if value is _FROM_DATA else value
        return None if value is None else self.int(key, 0, 1, value)

    def cell(self, key: str, value: Any) -> int:
        if not (isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)) \
                or tuple(value) not in CELL_INDEX:
            raise self.fail(f"{key} must be a cell [x, y] inside the area, not {value!r}")
        return CELL_INDEX[tuple(value)]

    def kind(self, key: str, value: Any) -> int:
        if value not in KIND_INDEX:
            raise self.fail(f"{key} names {value!r}, which is not a tile kind")
        return KIND_INDEX[value]

    def counts(self, key: str, value: Any, allowed: Any = range(NKINDS)) -> list[int]:
        if not isinstance(value, dict):
            raise self.fail(f"{key} must be an object of kind -> count")
        out = [0] * NKINDS
        for name, n in value.items():
            k = self.kind(key, name)
            if k not in allowed:
                raise self.fail(f"{key} cannot hold {name} tiles")
            out[k] = self.int(f"{key} {name}", 0, 10_000, n)
        return out

    def pair(self, key: str) -> list[Any]:
        value = self.get(key)
        if not isinstance(value, list) or len(value) != 2:
            raise self.fail(f"{key} must have one entry per seat (2)")
        return value


def _config(r: _Reader) -> tuple[Config, dict[str, Any]]:
    given = r.get("options")
    if not isinstance(given, dict) or "setup" in given:
        raise r.fail("options must be an object without setup")
    opts = validate_options(OPTIONS, given, 2)
    counts = r.counts("tile_counts", r.get("tile_counts"))
    in_set = {KIND_INDEX[t] for t in ACTION_TYPES if t in LEVEL.action_sets[opts["action_set"]]}
    for k in ACTION_KINDS:
        if counts[k] and k not in in_set:
            raise r.fail(f"tile_counts gives {KINDS[k]} tiles, which the {opts['action_set']} set does not use")
    return Config(opts["action_set"], opts["turn_cap"], tuple(counts)), opts


def _board(r: _Reader) -> Board:
    raw = r.get("board")
    if not isinstance(raw, list):
        raise r.fail("board must be a list of tiles")
    b = Board.empty()
    for i, tile in enumerate(raw, 1):
        if not isinstance(tile, dict) or not {"cell", "kind", "owner", "from"} <= set(tile):
            raise r.fail(f"board tile {i} needs cell, kind, owner and from")
        c = r.cell(f"board tile {i} cell", tile["cell"])
        if b.kind[c] != -1:
            raise r.fail(f"board tile {i} is on {cell_text(CELL_XY[c])}, which is core or already taken")
        if tile["from"] not in SIDE_INDEX:
            raise r.fail(f"board tile {i} from must be N, E, S or W")
        b.kind[c] = r.kind(f"board tile {i} kind", tile["kind"])
        b.owner[c] = r.int(f"board tile {i} owner", 0, 1, tile["owner"])
        b.tab[c] = SIDE_INDEX[tile["from"]]
    for seat in (0, 1):
        b.tiles[seat].extend(c for c, k in enumerate(b.kind) if k >= 0 and b.owner[c] == seat)
    for c in b.tiles[0] + b.tiles[1]:
        b.holes[b.owner[c]][c] = HOLE_MASK[b.kind[c] * 4 + b.tab[c]]
    for c in b.tiles[0] + b.tiles[1]:
        _hang(r, b, c)
    for i, tile in enumerate(raw, 1):
        c = CELL_INDEX[tuple(tile["cell"])]
        if "circuit" in tile and tile["circuit"] != CIRCUITS[b.circ[c]]:
            raise r.fail(f"board tile {i} says circuit {tile['circuit']!r} but hangs from "
                         f"circuit {CIRCUITS[b.circ[c]]}")
    return b


def _hang(r: _Reader, b: Board, c: int) -> None:
    """Check the chain from ``c`` up to an input; set circuit, children and power."""
    chain = [c]
    while True:
        here = chain[-1]
        n = NBR[here * 4 + b.tab[here]]
        if not b.holes[b.owner[c]][n] >> OPP[b.tab[here]] & 1 or (b.kind[n] >= 0 and b.owner[n] != b.owner[c]):
            raise r.fail(f"the tile on {cell_text(CELL_XY[here])} does not hang from a hole of seat {b.owner[c] + 1}")
        if b.kind[n] < 0:
            break
        if n in chain or len(chain) > len(b.kind):
            raise r.fail(f"the tiles from {cell_text(CELL_XY[c])} form a loop")
        chain.append(n)
    b.circ[c] = b.circ[NBR[chain[-1] * 4 + b.tab[chain[-1]]]]
    parent = NBR[c * 4 + b.tab[c]]
    if b.kind[parent] >= 0:
        b.kids[parent] += 1
    b.power[b.owner[c]][b.circ[c]] += VALUE[b.kind[c]]


def decode(data: Any) -> BreakerBlocksState:
    r = _Reader(data)
    if r.get("game") != "breaker_blocks" or r.get("format") != FORMAT:
        raise ValueError(f"not a saved Breaker Blocks state of format {FORMAT}")
    cfg, opts = _config(r)
    first = r.int("first_player", 0, 1)
    st = BreakerBlocksState.blank(cfg, public_options(opts, opts["first_player"]), first,
                                  Rng.from_state(r.int("rng", 0, (1 << 64) - 1)))
    st._board = b = _board(r)
    st._hands = tuple(r.counts(f"hands seat {s + 1}", h) for s, h in enumerate(r.pair("hands")))
    st._drawn = r.counts("drawn", r.get("drawn"))
    st._piles = (*(r.counts(f"piles seat {s + 1}", p, POWER_KINDS) for s, p in enumerate(r.pair("piles"))),
                 r.counts("action_pile", r.get("action_pile"), ACTION_KINDS))
    st._removed = tuple(r.counts(f"removed seat {s + 1}", x) for s, x in enumerate(r.pair("removed")))
    st._turns = [r.int("turns_completed", 0, 1 << 30, t) for t in r.pair("turns_completed")]
    st._final_for = r.seat_or_none("final_turn")
    st._auth_turn = r.get("authenticate_this_turn")
    if not isinstance(st._auth_turn, bool):
        raise r.fail("authenticate_this_turn must be true or false")
    st._auth_count = b.count_kind(AUTHENTICATE)
    _turn(r, st)
    _check_tiles(r, st)
    return st


def _turn(r: _Reader, st: BreakerBlocksState) -> None:
    end = r.get("end")
    if end is None:
        st._cur = r.int("current_player", 0, 1)
        st._actions = r.int("actions_left", 0, 2)
        if st._auth_count > 1:
            raise r.fail("a game with two Authenticate tiles on the board is over")
    else:
        if not isinstance(end, dict) or end.get("code") not in END_CODES:
            raise r.fail(f"end must be null or {{code, loser}} with code one of {', '.join(END_CODES)}")
        if r.get("current_player") is not None:
            raise r.fail("a finished game has no current_player")
        st._cur, st._end = None, end["code"]
        st._loser = r.seat_or_none("end loser", end.get("loser"))
        if (st._loser is None) == (st._end == SEALED):
            raise r.fail("end loser is given exactly when the code is sealed")
        st._actions = r.int("actions_left", 0, 2)
    pending = r.get("pending")
    if pending is not None:
        if st._end is not None or not isinstance(pending, dict):
            raise r.fail("pending must be null, or {tile, cell, step} while the game runs")
        k = r.kind("pending tile", pending.get("tile"))
        c = r.cell("pending cell", pending.get("cell"))
        if k not in STEP_COUNT or st._board.kind[c] != k or st._board.owner[c] != st._cur:
            raise r.fail("pending must name an action tile of the mover that is on the board")
        st._effect = (k, c, r.int("pending step", 0, STEP_COUNT[k] - 1, pending.get("step")))
    elif st._end is None and st._actions == 0:
        raise r.fail("a running turn with no actions left must have a pending step")


def _check_tiles(r: _Reader, st: BreakerBlocksState) -> None:
    """Every tile of the starting counts is somewhere: board, hand, pile or removed."""
    b = st._board
    for k in range(NKINDS):
        on_board = [sum(1 for c in b.tiles[s] if b.kind[c] == k) for s in (0, 1)]
        if k < NPOWER:
            for s in (0, 1):
                held = on_board[s] + st._hands[s][k] + st._piles[s][k] + st._removed[s][k]
                if held != st._cfg.counts[k]:
                    raise r.fail(f"seat {s + 1} has {held} tiles of kind {KINDS[k]}, not {st._cfg.counts[k]}")
        else:
            held = sum(on_board) + st._hands[0][k] + st._hands[1][k] + st._piles[ACTION_PILE][k] \
                + st._removed[0][k] + st._removed[1][k]
            if held != st._cfg.counts[k]:
                raise r.fail(f"the game has {held} {KINDS[k]} tiles, not {st._cfg.counts[k]}")
            if st._hands[0][k] > 1 or st._hands[1][k] > 1:
                raise r.fail(f"a hand holds more than one {KINDS[k]}")
    hand = st._hands[st._cur] if st._cur is not None else [0] * NKINDS
    if any(st._drawn[k] > hand[k] for k in range(NKINDS)) and st._end is None:
        raise r.fail("drawn counts more tiles than the mover's hand holds")
