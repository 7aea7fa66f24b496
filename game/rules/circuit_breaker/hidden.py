"""Hidden information in Circuit Breaker (section 7): one seat's view, and worlds consistent with it.

Public: houses, piles (every tile in a pile was seen face up), stack sizes, mice, cheese,
the round and its deal schedule, the mover's turn counters, each seat's hand size as
wires and appliances and its *known* hand tiles (taken from a pile or a house in view of
everyone). Private: a seat's own hand and objective card. Nobody sees the stack order.
Once the game is over every hand and objective card is shown.
"""

from __future__ import annotations

from typing import Any

from game.core.rng import reseed_from
from game.rules.circuit_breaker.actions import MAX_PLACEMENTS, PILES, SPOTS, TILE_IDS
from game.rules.circuit_breaker.data import DATA
from game.rules.circuit_breaker.state import DEALS, FORGOTTEN, HOME, HOUSE, NC, NO_TILE, NW, CircuitState, Event
from game.rules.circuit_breaker.tiles import GEO, ROTATIONS, edges_text


def check_seat(state: CircuitState, player: Any) -> int:
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < state.num_players:
        raise ValueError(f"seat index must be 0..{state.num_players - 1}, not {player!r}")
    return player


def mouse_json(code: int) -> dict[str, Any] | None:
    """A mouse position: None at home, {"spot": name}, or {"spot": "house", "seat", "x", "y"}."""
    if code == HOME:
        return None
    if code < HOUSE:
        return {"spot": SPOTS[code]}
    q, c = divmod(code - HOUSE, NC)
    x, y = GEO.xy(c)
    return {"spot": "house", "seat": q, "x": x, "y": y}


def house_json(cells: list[int]) -> list[dict[str, Any]]:
    """The tiles of one house (not the box), by cell: id, x, y, rotation and edges as placed."""
    out = []
    for c, v in enumerate(cells):
        if 0 <= v < GEO.box * 4:
            x, y = GEO.xy(c)
            out.append({"tile": TILE_IDS[v >> 2], "x": x, "y": y, "rot": ROTATIONS[v & 3],
                        "edges": edges_text(GEO.faces[v])})
    return out


def event_json(event: Event, viewer: int | None) -> dict[str, Any]:
    """A turn-start event; the tile is shown to everyone if public, else only to its taker."""
    kind, seat, where, tile, public = event
    shown = tile >= 0 and (public or seat == viewer or viewer is None)
    return {"kind": kind, "seat": None if seat < 0 else seat,
            "from": mouse_json(where) if kind == "collect" else SPOTS[where],
            "tile": TILE_IDS[tile] if shown else None, "hidden": tile != NO_TILE and not shown,
            "public": public}  # False: only its taker saw the tile (face down from a stack)


def ids(tiles: Any) -> list[str]:
    return [TILE_IDS[t] for t in tiles]


def known_ids(state: CircuitState, seat: int) -> list[str]:
    mask = state._known[seat]
    return [TILE_IDS[t] for t in state._hands[seat] if mask >> t & 1]


def make_view(state: CircuitState, player: int) -> dict[str, Any]:
    """Exactly what seat ``player`` may know, as a JSON-able dict."""
    p = check_seat(state, player)
    n = state.num_players
    over = state._cur is None
    hand = state._hands[p]
    last = state._last
    scores = state.scores()
    card = state._obj[p]
    return {
        "seat": p,
        "num_players": n,
        "options": dict(state._opts),
        "first_player": state._first,
        "current_player": state._cur,
        "over": over,
        "round": state._round,
        "rounds": state._rounds,
        "counter": {"rows": DATA.rows, "cols": DATA.cols[n]},
        "deals": [{"round": r, "icon": icon} for r, icon in sorted(DEALS[n].items()) if r <= state._rounds],
        "house_size": [GEO.width, GEO.height],
        "breaker_box": {"x": DATA.box_cell[0], "y": DATA.box_cell[1], "edges": DATA.box_edges},
        "houses": [house_json(cells) for cells in state._cells],
        "piles": {name: ids(pile) for name, pile in zip(PILES, state._piles, strict=True)},
        "stacks": {"wire-stack": len(state._stacks[0]), "appliance-stack": len(state._stacks[1])},
        "cheese": list(state._cheese),
        "cheese_pool": state._pool,
        "mice": [mouse_json(m) for m in state._mice],
        "mouse_used": state._used,
        "placed": state._placed,
        "placements_per_turn": MAX_PLACEMENTS,
        "hand": ids(hand),
        "objective": {"card": card, "types": list(DATA.cards[card - 1])},
        "hands": [{"wires": sum(1 for t in h if t < NW), "appliances": sum(1 for t in h if t >= NW),
                   "known": known_ids(state, q)} for q, h in enumerate(state._hands)],
        "scores": scores if over else [s if q == p else None for q, s in enumerate(scores)],
        "winners": state.winners(),
        "last_action": None if last is None else {"seat": last[0], "action": str(last[1])},
        "events": [event_json(e, None if over else p) for e in state._events],
        "revealed": {"hands": [ids(h) for h in state._hands], "objectives": list(state._obj),
                     # the stacks top first, like the save's; the engine draws from the list's end
                     "stacks": {"wire-stack": ids(reversed(state._stacks[0])),
                                "appliance-stack": ids(reversed(state._stacks[1]))}} if over else None,
    }


def determinized(state: CircuitState, player: int, rng: Any) -> CircuitState:
    """A complete state equal to ``state`` in everything ``player`` can see.

    The unseen wires (other seats' unknown wires and the wire stack) are shuffled with
    ``rng`` and dealt back into the same places in the same numbers; the same for the
    unseen appliances. Every other seat gets a different random objective card, never the
    viewer's. The copy's own RNG is reseeded from ``rng``. Once the game is over nothing
    is hidden, so only the RNG changes.
    """
    p = check_seat(state, player)
    world = state.clone()
    world._rng = reseed_from(rng)
    if state._cur is None:
        return world
    others = [q for q in range(state.num_players) if q != p]
    for stack_index, is_kind in ((0, lambda t: t < NW), (1, lambda t: t >= NW)):
        pool = list(world._stacks[stack_index])
        slots: list[tuple[int, int]] = []  # (seat, how many hidden tiles of this kind)
        for q in others:
            mask = world._known[q]
            hidden = [t for t in world._hands[q] if is_kind(t) and not mask >> t & 1]
            pool += hidden
            slots.append((q, len(hidden)))
            world._hands[q] = [t for t in world._hands[q] if t not in hidden]
        rng.shuffle(pool)
        at = 0
        for q, count in slots:
            world._hands[q] = sorted(world._hands[q] + pool[at:at + count])
            at += count
        world._stacks[stack_index] = pool[at:]
    cards = [k for k in range(1, len(DATA.cards) + 1) if k != state._obj[p]]
    for q, card in zip(others, rng.sample(cards, len(others)), strict=True):
        world._obj[q] = card
    # Tiles of other seats' hidden events may now sit elsewhere: forget them.
    world._events = tuple(e if e[4] or e[1] == p or e[3] == NO_TILE else (e[0], e[1], e[2], FORGOTTEN, False)
                          for e in world._events)
    world._legal = None
    return world
