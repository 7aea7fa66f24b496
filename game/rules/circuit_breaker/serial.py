"""Circuit Breaker state <-> plain JSON: the whole state, RNG included, round-tripping exactly.

``decode`` checks what it reads (a hand-edited or corrupt file raises ValueError naming
the field): every tile is in exactly one place, the houses obey the edge rule and are
connected to their boxes, the cheese adds up, and mice stand only where they may.
"""

from __future__ import annotations

import re
from collections import Counter
from types import MappingProxyType
from typing import Any

from game.core.errors import IllegalAction
from game.core.options import validate_options
from game.core.rng import Rng
from game.rules.circuit_breaker.actions import MAX_PLACEMENTS, PILES, SPOTS, TILE_IDS, TILE_INDEX, read_notation
from game.rules.circuit_breaker.data import DATA
from game.rules.circuit_breaker.network import connected_cells
from game.rules.circuit_breaker.setup import MAX_ROUNDS, OPTIONS, check_num_players, default_rounds
from game.rules.circuit_breaker.state import (
    BOX4,
    FIRST_APPLIANCE,
    FORGOTTEN,
    HOME,
    HOUSE,
    NC,
    NO_TILE,
    NW,
    CircuitState,
    spot_name,
)
from game.rules.circuit_breaker.tiles import GEO, ROTATIONS, edges_meet, set_cell

FORMAT = 1
_HOUSE_SPOT = re.compile(r"^house ([0-9]+) at ([0-9]+),([0-9]+)$")
_EVENT_KINDS = ("deal", "collect", "refill")


def _spot_text(code: int) -> str | None:
    return None if code == HOME else spot_name(code)


def _event_tile(tile: int) -> str | None:
    return None if tile == NO_TILE else "?" if tile == FORGOTTEN else TILE_IDS[tile]


def encode(state: CircuitState) -> dict[str, Any]:
    last = state._last
    return {
        "game": "circuit_breaker",
        "format": FORMAT,
        "num_players": state.num_players,
        "options": dict(state._opts),
        "first_player": state._first,
        "rounds": state._rounds,
        "round": state._round,
        "current_player": state._cur,
        "wire_stack": [TILE_IDS[t] for t in reversed(state._stacks[0])],  # top first
        "appliance_stack": [TILE_IDS[t] for t in reversed(state._stacks[1])],
        "piles": {name: [TILE_IDS[t] for t in pile] for name, pile in zip(PILES, state._piles, strict=True)},
        "cheese_pool": state._pool,
        "cheese": list(state._cheese),
        "hands": [[TILE_IDS[t] for t in hand] for hand in state._hands],
        "known": [[TILE_IDS[t] for t in hand if state._known[q] >> t & 1] for q, hand in enumerate(state._hands)],
        "houses": [[[TILE_IDS[v >> 2], *GEO.xy(c), ROTATIONS[v & 3]] for c, v in enumerate(cells) if 0 <= v < BOX4]
                   for cells in state._cells],
        "mice": [_spot_text(m) for m in state._mice],
        "mouse_used": state._used,
        "placed": state._placed,
        "objectives": list(state._obj),
        "last_action": None if last is None else {"seat": last[0], "action": str(last[1])},
        "events": [[kind, seat, spot_name(where), _event_tile(tile), public]
                   for kind, seat, where, tile, public in state._events],
        "rng": state._rng.state,
    }


class _Reader:
    """Typed access to the fields of a saved state, with errors that name the field."""

    def __init__(self, data: Any) -> None:
        if not isinstance(data, dict):
            raise ValueError("a saved Circuit Breaker state must be a JSON object")
        self.data = data

    def fail(self, problem: str) -> None:
        raise ValueError(f"saved Circuit Breaker state: {problem}")

    def get(self, key: str) -> Any:
        if key not in self.data:
            self.fail(f"no {key!r}")
        return self.data[key]

    def int(self, key: str, low: int, high: int, value: Any = None, given: bool = False) -> int:
        value = value if given else self.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.fail(f"{key} must be a whole number {low}..{high}, not {value!r}")
        return value

    def bool(self, key: str) -> bool:
        value = self.get(key)
        if not isinstance(value, bool):
            self.fail(f"{key} must be true or false")
        return value

    def tiles(self, key: str, value: Any) -> list[int]:
        if not isinstance(value, list):
            self.fail(f"{key} must be a list of tile ids")
        for tid in value:
            if tid not in TILE_INDEX:
                self.fail(f"{key} holds {tid!r}, which is not a tile")
        return [TILE_INDEX[tid] for tid in value]

    def per_seat(self, key: str, n: int) -> list[Any]:
        value = self.get(key)
        if not isinstance(value, list) or len(value) != n:
            self.fail(f"{key} must have one entry per seat ({n})")
        return value

    def spot(self, key: str, text: Any, n: int) -> int:
        if text in SPOTS:
            return SPOTS.index(text)
        m = _HOUSE_SPOT.match(text) if isinstance(text, str) else None
        if m is None:
            self.fail(f"{key}: {text!r} is not a mouse spot")
        seat, x, y = (int(g) for g in m.groups())
        if not 1 <= seat <= n or not GEO.inside(x, y):
            self.fail(f"{key}: {text!r} names no cell of a house")
        return HOUSE + (seat - 1) * NC + GEO.cell_of(x, y)


def _houses(r: _Reader, n: int, state: CircuitState) -> None:
    for q, placed in enumerate(r.per_seat("houses", n)):
        key = f"houses seat {q + 1}"
        if not isinstance(placed, list):
            r.fail(f"{key} must be a list of [tile, x, y, rotation]")
        cells, needs = state._cells[q], state._needs[q]
        for entry in placed:
            if not isinstance(entry, list) or len(entry) != 4:
                r.fail(f"{key}: {entry!r} must be [tile, x, y, rotation]")
            t = r.tiles(key, entry[:1])[0]
            x = r.int(f"{key} x", 0, GEO.width - 1, entry[1], True)
            y = r.int(f"{key} y", 0, GEO.height - 1, entry[2], True)
            if entry[3] not in ROTATIONS or isinstance(entry[3], bool):
                r.fail(f"{key}: rotation {entry[3]!r} is not 0, 90, 180 or 270")
            c = GEO.cell_of(x, y)
            if cells[c] >= 0:
                r.fail(f"{key}: cell {x},{y} is filled twice (or holds the breaker box)")
            set_cell(GEO, cells, needs, c, t * 4 + entry[3] // 90)
        _check_house(r, key, cells)


def _check_house(r: _Reader, key: str, cells: list[int]) -> None:
    """The edge rule between every pair of touching sides, and every tile on the network."""
    for c, v in enumerate(cells):
        if v < 0:
            continue
        for d, nb in enumerate(GEO.neighbours[c]):
            e = GEO.faces[v][d]
            if nb < 0:
                ok = e == 0
            else:
                w = cells[nb]
                ok = w < 0 or edges_meet(e, GEO.faces[w][(d + 2) % 4])
            if not ok:
                x, y = GEO.xy(c)
                r.fail(f"{key}: the tile at {x},{y} breaks the edge rule")
    linked = connected_cells(cells)
    if len(linked) != sum(1 for v in cells if v >= 0):
        r.fail(f"{key}: some tiles are not connected to the breaker box")


def _market(r: _Reader, state: CircuitState) -> None:
    wires = r.tiles("wire_stack", r.get("wire_stack"))
    apps = r.tiles("appliance_stack", r.get("appliance_stack"))
    if any(t >= NW for t in wires) or any(t < NW for t in apps):
        r.fail("the wire stack holds only wires and the appliance stack only appliances")
    state._stacks = [wires[::-1], apps[::-1]]
    piles = r.get("piles")
    if not isinstance(piles, dict) or set(piles) != set(PILES):
        r.fail(f"piles must name exactly {', '.join(PILES)}")
    state._piles = [r.tiles(f"pile {name}", piles[name]) for name in PILES]
    if any(t >= NW for pile in state._piles[:2] for t in pile):
        r.fail("the wire piles hold only wires")


def _hands(r: _Reader, n: int, state: CircuitState) -> None:
    state._hands = [sorted(r.tiles(f"hand of seat {q + 1}", h)) for q, h in enumerate(r.per_seat("hands", n))]
    for q, known in enumerate(r.per_seat("known", n)):
        mask = 0
        for t in r.tiles(f"known tiles of seat {q + 1}", known):
            if t not in state._hands[q]:
                r.fail(f"known tile {TILE_IDS[t]} of seat {q + 1} is not in that hand")
            mask |= 1 << t
        state._known[q] = mask


def _census(r: _Reader, state: CircuitState) -> None:
    places = state._stacks + state._piles + state._hands
    places += [[v >> 2 for v in cells if 0 <= v < BOX4] for cells in state._cells]
    count = Counter(t for place in places for t in place)
    for t in range(DATA.num_tiles):
        if count[t] != 1:
            r.fail(f"tile {TILE_IDS[t]} is in {count[t]} places; every tile must be in exactly one")


def _cheese(r: _Reader, n: int, state: CircuitState) -> None:
    state._pool = r.int("cheese_pool", 0, DATA.cheese)
    state._cheese = [r.int("cheese", 0, DATA.cheese, c, True) for c in r.per_seat("cheese", n)]
    if state._pool + sum(state._cheese) != DATA.cheese:
        r.fail(f"the cheese held and on the tile must add up to {DATA.cheese}")


def _mice(r: _Reader, n: int, state: CircuitState) -> None:
    mice = [HOME if m is None else r.spot("mice", m, n) for m in r.per_seat("mice", n)]
    for q, m in enumerate(mice):
        if m == HOME:
            continue
        if m >= 2 and mice.count(m) > 1:
            r.fail(f"two mice share {spot_name(m)}")
        if m >= HOUSE:
            owner, c = divmod(m - HOUSE, NC)
            v = state._cells[owner][c]
            if owner == q or not FIRST_APPLIANCE <= v < BOX4:
                r.fail(f"seat {q + 1}'s mouse is on {spot_name(m)}, which is not another seat's appliance")
    state._mice = mice


def _events(r: _Reader, n: int) -> tuple[Any, ...]:
    raw = r.get("events")
    if not isinstance(raw, list):
        r.fail("events must be a list")
    out = []
    for e in raw:
        if not isinstance(e, list) or len(e) != 5 or e[0] not in _EVENT_KINDS or not isinstance(e[4], bool):
            r.fail(f"event {e!r} must be [kind, seat, where, tile, public]")
        seat = r.int("event seat", -1, n - 1, e[1], True)
        tile = NO_TILE if e[3] is None else FORGOTTEN if e[3] == "?" else r.tiles("event tile", [e[3]])[0]
        out.append((e[0], seat, r.spot("event where", e[2], n), tile, e[4]))
    return tuple(out)


def _last_action(r: _Reader, n: int) -> Any:
    last = r.get("last_action")
    if last is None:
        return None
    if not isinstance(last, dict):
        r.fail("last_action must be null or {seat, action}")
    seat = r.int("last_action seat", 0, n - 1, last.get("seat"), True)
    try:
        return seat, read_notation(last.get("action"))
    except IllegalAction as exc:
        r.fail(f"last_action is not an action ({exc})")


def decode(data: Any) -> CircuitState:
    r = _Reader(data)
    if r.get("game") != "circuit_breaker" or r.get("format") != FORMAT:
        r.fail(f"not a saved Circuit Breaker state of format {FORMAT}")
    n = check_num_players(r.get("num_players"))
    given = r.get("options")
    if not isinstance(given, dict) or "setup" in given:
        r.fail("options must be a dict without setup")
    opts = validate_options(OPTIONS, given, n)
    public = {"rounds": opts["rounds"], "first_player": opts["first_player"]}
    rounds = r.int("rounds", 1, MAX_ROUNDS)
    if rounds != (opts["rounds"] or default_rounds(n)):
        r.fail("rounds disagrees with the rounds option")
    objectives = [r.int("objectives", 1, len(DATA.cards), k, True) for k in r.per_seat("objectives", n)]
    if len(set(objectives)) != n:
        r.fail("every seat must hold a different objective card")
    state = CircuitState.blank(n, MappingProxyType(public), r.int("first_player", 0, n - 1), rounds, objectives,
                               Rng.from_state(r.int("rng", 0, (1 << 64) - 1)))
    state._round = r.int("round", 1, rounds)
    cur = r.get("current_player")
    state._cur = None if cur is None else r.int("current_player", 0, n - 1)
    _houses(r, n, state)
    _market(r, state)
    _hands(r, n, state)
    _census(r, state)
    _cheese(r, n, state)
    _mice(r, n, state)
    state._used = r.bool("mouse_used")
    state._placed = r.int("placed", 0, MAX_PLACEMENTS)
    if state._cur is not None and state._used and state._mice[state._cur] == HOME:
        r.fail("the mover's mouse is used but at home")
    state._last = _last_action(r, n)
    state._events = _events(r, n)
    return state
