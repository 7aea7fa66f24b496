"""Hidden information in Breaks (BR-20): what one seat may see, and worlds consistent with it.

Public: tableaux, stacks, scores, pile sizes, the stall counter, phase, turn, the last
action (no action names a card). Private to a seat: the card it drew and the cards it
discarded that still lie in the discard pile. Nobody sees the draw pile's order.
"""

from __future__ import annotations

from typing import Any

from game.core.rng import reseed_from
from game.rules.breaks.actions import SLOTS
from game.rules.breaks.cards import DECK
from game.rules.breaks.state import CODES, NO_CARD, BreaksState


def _check_seat(state: BreaksState, player: Any) -> int:
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < state.num_players:
        raise ValueError(f"seat index must be 0..{state.num_players - 1}, not {player!r}")
    return player


def _codes(cards: Any) -> list[str]:
    return [CODES[c] for c in cards]


def make_view(state: BreaksState, player: int) -> dict[str, Any]:
    """Exactly what seat ``player`` may know, as a JSON-able dict."""
    p = _check_seat(state, player)
    pending = state._pending
    mine = pending != NO_CARD and state._cur == p
    last = state._last
    return {
        "seat": p,
        "num_players": state.num_players,
        "options": dict(state._options),
        "first_player": state._first,
        "phase": state.phase,
        "current_player": state._cur,
        "tableaux": [[_codes(cards) for cards in seat] for seat in state._tab],
        "stacks": [[_codes(stack) for stack in stacks] for stacks in state._stacks],
        "scores": state.scores(),
        "winners": state.winners(),
        "draw_count": len(state._draw),
        "discard_count": len(state._disc),
        # BR-8: with a setup the discards come back in the order they went, not shuffled
        "discards_return_in_order": state._fixed,
        "stall": state._stall,
        "stall_limit": state.stall_limit(),
        "pending": CODES[pending] if mine else None,
        "pending_hidden": pending != NO_CARD and not mine,
        "my_discards": [CODES[c] for c, by in zip(state._disc, state._disc_by, strict=True) if by == p],
        "last_action": None if last is None else {"seat": last[0], "action": str(last[1])},
        "slots": SLOTS,
        "stack_size": DECK.stack_size,
    }


def determinized(state: BreaksState, player: int, rng: Any) -> BreaksState:
    """A complete state equal to ``state`` in everything ``player`` can see.

    The unseen cards (draw pile, others' discards, another seat's pending card) are
    shuffled together with ``rng`` and dealt back into the same places; the copy's own
    RNG is reseeded from ``rng`` so its future reshuffles differ from the real game's.
    """
    p = _check_seat(state, player)
    world = state.clone()
    hide_pending = world._pending != NO_CARD and world._cur != p
    pool = world._draw[:]
    pool += [c for c, by in zip(world._disc, world._disc_by, strict=True) if by != p]
    if hide_pending:
        pool.append(world._pending)
    rng.shuffle(pool)
    fresh = iter(pool)
    world._draw = [next(fresh) for _ in world._draw]
    world._disc = [c if by == p else next(fresh) for c, by in zip(world._disc, world._disc_by, strict=True)]
    if hide_pending:
        world._pending = next(fresh)
    world._rng = reseed_from(rng)
    world._legal = None
    return world
