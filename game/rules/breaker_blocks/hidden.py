"""What a seat sees of Breaker Blocks (spec section 7): everything, since all tiles are
face up. ``view`` lists the whole public state; ``determinized`` is an exact copy with
its own RNG. Neither shows the seed or the RNG state."""

from __future__ import annotations

from typing import Any

from game.core.rng import reseed_from
from game.rules.breaker_blocks import steps
from game.rules.breaker_blocks.data import SIDES
from game.rules.breaker_blocks.geometry import CELL_XY, CIRCUITS, KINDS, NPOWER, POWER_KINDS
from game.rules.breaker_blocks.helpers import step_targets
from game.rules.breaker_blocks.state import ACTION_PILE, BreakerBlocksState


def check_seat(state: BreakerBlocksState, player: Any) -> int:
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < 2:
        raise ValueError(f"seat index must be 0 or 1, not {player!r}")
    return player


def kind_counts(counts: list[int], kinds: Any = None) -> dict[str, int]:
    """Kind name -> count; only nonzero counts unless ``kinds`` lists which to show."""
    if kinds is None:
        return {KINDS[k]: n for k, n in enumerate(counts) if n}
    return {KINDS[k]: counts[k] for k in kinds}


def board_tiles(state: BreakerBlocksState) -> list[dict[str, Any]]:
    """Every placed tile, row by row from the south-west corner."""
    b = state._board
    cells = sorted(b.tiles[0] + b.tiles[1])
    return [{"cell": list(CELL_XY[c]), "kind": KINDS[b.kind[c]], "owner": b.owner[c], "from": SIDES[b.tab[c]],
             "circuit": CIRCUITS[b.circ[c]], "leaf": b.kids[c] == 0} for c in cells]


def pending_step(state: BreakerBlocksState) -> dict[str, Any] | None:
    effect = state._effect
    if effect is None or state._end is not None:
        return None
    k, cell, i = effect
    return {"tile": KINDS[k], "cell": list(CELL_XY[cell]), "seat": state._cur, "step": steps.step_name(effect),
            "number": i + 1, "of": steps.STEP_COUNT[k], "prompt": steps.prompt(effect, state._cur),
            "targets": step_targets(state)}


def make_view(state: BreakerBlocksState, player: int) -> dict[str, Any]:
    """The whole public state as a JSON-able dict (the same for both seats but ``seat``)."""
    p = check_seat(state, player)
    reason = state.end_reason
    used = sorted(state._cfg.in_set)
    return {
        "game": "breaker_blocks",
        "seat": p,
        "num_players": 2,
        "options": dict(state._options),
        "first_player": state._first,
        "phase": state.phase,
        "current_player": state._cur,
        "actions_left": state.actions_left,
        "turns_completed": list(state._turns),
        "final_turn": state._final_for,
        "circuits": list(CIRCUITS),
        "board": board_tiles(state),
        "hands": [kind_counts(h) for h in state._hands],
        "drawn_this_turn": kind_counts(state._drawn) if state._end is None else {},
        "piles": [kind_counts(state._piles[s], POWER_KINDS) for s in (0, 1)],
        "action_pile": kind_counts(state._piles[ACTION_PILE], used),
        "removed": [kind_counts(r) for r in state._removed],
        "power": [list(row) for row in state._board.power],
        "control": state.control(),
        "scores": state.scores(),
        "winners": state.winners(),
        "authenticate": {"on_board": state._auth_count, "placed_this_turn": state._auth_turn},
        "pending": pending_step(state),
        "end_reason": None if reason is None else {"code": reason.code, "text": reason.text,
                                                   "loser": state._loser},
        "power_kinds": list(KINDS[:NPOWER]),
        "action_types": [KINDS[k] for k in used],
    }


def determinized(state: BreakerBlocksState, player: int, rng: Any) -> BreakerBlocksState:
    """Nothing is hidden: an exact copy whose own RNG is reseeded from ``rng``."""
    check_seat(state, player)
    world = state.clone()
    world._rng = reseed_from(rng)
    return world
