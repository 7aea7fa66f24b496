"""Hidden information in Blockers! (BL-21): one seat's view, and worlds consistent with it.

Public: the board (colours and the labels of placed tiles), all captures, turn counts,
rack and pool sizes, finished colours and their racks, and each colour's unplayed set
(rack + pool: public because a colour has one tile of each kind). Private: which unplayed
tiles are on another colour's rack, and every pool's order. Once the game is over every
rack is shown. The seed and the RNG state never appear in a view.
"""

from __future__ import annotations

from typing import Any

from game.core.rng import reseed_from
from game.rules.blockers.layout import COLOURS, SQUARES, TILES
from game.rules.blockers.state import NO_LABEL, BlockersState


def check_seat(state: BlockersState, player: Any) -> int:
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < state.num_players:
        raise ValueError(f"seat index must be 0..{state.num_players - 1}, not {player!r}")
    return player


def tile_names(mask: int) -> list[str]:
    """The tiles of a bitmask in canonical order (BL-1)."""
    out = []
    while mask:
        low = mask & -mask
        mask ^= low
        out.append(TILES[low.bit_length() - 1])
    return out


def tile_indices(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        mask ^= low
        out.append(low.bit_length() - 1)
    return out


def remaining_pool(state: BlockersState, colour: int) -> tuple[int, ...]:
    """The tiles still to draw from a colour's pool, next first."""
    return state._pools[colour][state._drawn[colour]:]


def unplayed_mask(state: BlockersState, colour: int) -> int:
    mask = state._racks[colour]
    for tile in remaining_pool(state, colour):
        mask |= 1 << tile
    return mask


def rack_visible(state: BlockersState, player: int, colour: int) -> bool:
    """BL-21: own unfinished racks, every finished rack, and all racks once the game is over."""
    return state._over or state._finished[colour] or colour in state._cfg.seat_colours[player]


def _captures(state: BlockersState, seat: int) -> dict[str, int]:
    in_play = state._cfg.in_play
    counts = state.captures_of(seat)
    # Colours in play always (0 included); another colour only if captured (a preset tile, BL-5).
    return {COLOURS[c]: n for c, n in enumerate(counts) if c in in_play or n}


def make_view(state: BlockersState, player: int) -> dict[str, Any]:
    """Exactly what seat ``player`` may know, as a JSON-able dict."""
    p = check_seat(state, player)
    cfg = state._cfg
    in_play = cfg.in_play
    last = state._last
    return {
        "seat": p,
        "num_players": state.num_players,
        "options": dict(cfg.options),
        "first_player": cfg.first,
        "colours": [[COLOURS[c] for c in cols] for cols in cfg.seat_colours],
        "current_player": state._cur,
        "board": {SQUARES[sq]: COLOURS[code - 1] for sq, code in enumerate(state._board) if code},
        "labels": {SQUARES[sq]: TILES[t] for sq, t in enumerate(state._labels) if t != NO_LABEL},
        "captures": [_captures(state, seat) for seat in range(state.num_players)],
        "racks": {COLOURS[c]: tile_names(state._racks[c]) for c in in_play if rack_visible(state, p, c)},
        "rack_sizes": {COLOURS[c]: state._racks[c].bit_count() for c in in_play},
        "pool_sizes": {COLOURS[c]: len(remaining_pool(state, c)) for c in in_play},
        "unplayed": {COLOURS[c]: tile_names(unplayed_mask(state, c)) for c in in_play},
        "finished": {COLOURS[c]: state._finished[c] for c in in_play},
        "turns": list(state._turns),
        "turn_limit": None if cfg.advanced else cfg.turn_limit,
        "scores": state.scores(),
        "winners": state.winners(),
        "last_action": None if last is None else {"seat": last[0], "action": str(last[1])},
    }


def determinized(state: BlockersState, player: int, rng: Any) -> BlockersState:
    """A complete state equal to ``state`` in everything ``player`` can see.

    For every colour whose rack ``player`` cannot see, its unplayed tiles are shuffled
    with ``rng``, the rack (same size) is dealt from the front and the rest becomes the
    pool; every visible rack stays and only its pool order is shuffled. The copy's RNG is
    reseeded from ``rng``.
    """
    p = check_seat(state, player)
    world = state.clone()
    pools = list(state._pools)
    for c in state._cfg.in_play:
        if rack_visible(state, p, c):
            tiles = list(remaining_pool(state, c))
            rng.shuffle(tiles)
        else:
            size = state._racks[c].bit_count()
            tiles = tile_indices(unplayed_mask(state, c))
            rng.shuffle(tiles)
            world._racks[c] = sum(1 << t for t in tiles[:size])
            tiles = tiles[size:]
        pools[c] = tuple(tiles)
        world._drawn[c] = 0
    world._pools = tuple(pools)
    world._legal = None  # the mover's rack may have been redrawn
    world._rng = reseed_from(rng)
    return world
