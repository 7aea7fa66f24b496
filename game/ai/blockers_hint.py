"""Why a Blockers! move is good, in facts a hint can word: what it does to the mover's
groups, what it captures, whose join it blocks and what the mover's score becomes. The
same bitboard measures the bots weigh (heuristics.blockers: groups, the squares next to
a group and those next to two); public facts only, so a hint never tells a secret."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.ai.heuristics.blockers import _near, colour_masks, components, fit_union, tiebreak
from game.rules.blockers.actions import Place
from game.rules.blockers.layout import COLOURS
from game.rules.blockers.state import BlockersState


@dataclass(frozen=True)
class MoveFacts:
    groups_before: int  # the placed colour's groups
    groups_after: int
    could_touch: bool  # some tile of that rack fitted a free square next to its groups
    captured: str | None  # the colour taken, if any
    lone: bool  # the tile taken stood alone: its owner loses a group
    owner: int | None  # the seat whose tile is taken
    blocks: tuple[int, ...]  # seats that could have joined two of their groups there
    score_before: int
    score_after: int


def move_facts(state: BlockersState, action: Place) -> MoveFacts:
    """The facts of ``action`` for the seat to move in ``state`` (which is left as it was)."""
    cfg = state._cfg
    seat = state._cur
    colour = action.colour if cfg.advanced else cfg.seat_colours[seat][0]
    sq = action.square
    masks = colour_masks(state._board)
    own = masks[colour + 1]
    once, _ = _near(own)
    could_touch = bool(once & masks[0] & fit_union(state._racks[colour]))
    victim = state._board[sq] - 1
    owner = next((p for p, cols in enumerate(cfg.seat_colours) if victim in cols), None) if victim >= 0 else None
    lone = victim >= 0 and len(components(masks[victim + 1])) > len(components(masks[victim + 1] & ~(1 << sq)))
    blocks = []
    for p, cols in enumerate(cfg.seat_colours):
        if p != seat and any(_near(masks[c + 1])[1] >> sq & 1 for c in cols if not state._finished[c]):
            blocks.append(p)
    after = state.clone()
    after.apply(action)
    return MoveFacts(groups_before=len(components(own)),
                     groups_after=len(components(colour_masks(after._board)[colour + 1])),
                     could_touch=could_touch, captured=COLOURS[victim] if victim >= 0 else None, lone=lone,
                     owner=owner, blocks=tuple(blocks), score_before=state.scores()[seat],
                     score_after=after.scores()[seat])


def last_turn_choice(state: BlockersState, action: Any) -> Any:
    """``action``, unless it is the mover's last turn and another move ends on a lower score
    (then fewer captures in all, BL-16): that move. With every move judged lost, the search
    rated them all alike, and on the last turn of a game a hint took a tile for 2 points
    ('Your score goes from 3 to 5') where another kept the 3. Nothing later can win points
    back, so the lowest own score is the best a move can do (the advanced game, which ends
    by racks running out, is left to the search)."""
    seat = state._cur
    if state._cfg.advanced or seat is None or state._turns[seat] + 1 < state._cfg.turn_limit:
        return action
    best = min(state.legal_actions(), key=lambda move: tiebreak(state, move))
    return action if tiebreak(state, action) <= tiebreak(state, best) else best
