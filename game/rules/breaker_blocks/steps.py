"""Action tiles (BB-16 .. BB-23): the steps each one asks of the mover, the legal choices
at a step, why a choice is refused, and what a choice does. Also the English text of
each step and of each end of game, for the UI.

A pending effect is the tuple ``(action kind, cell of the tile, step index)``. The state
skips a step that has no legal choice (``next_step``) and resolves the rest one action
at a time; AUTOMATE hands over to the tile it places, whose steps come next.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from game.rules.breaker_blocks.actions import (
    DRAWS,
    KEEPS,
    NSOCKETS,
    PLACES,
    SKIP,
    TARGETS,
    Action,
    Draw,
    Keep,
    Place,
    Rearrange,
    Skip,
    Target,
    cell_text,
    place_action,
    rearrange_action,
)
from game.rules.breaker_blocks.geometry import (
    ACCELERATE,
    ACTION_KINDS,
    ACTION_PILE,
    AGGRAVATE,
    AGITATE,
    ANNIHILATE,
    ATTENUATE,
    AUTHENTICATE,
    AUTOMATE,
    CELL_INDEX,
    KIND_INDEX,
    KINDS,
    NKINDS,
    NPOWER,
    POWER_KINDS,
    SIDE_INDEX,
    tile_name,
)

if TYPE_CHECKING:
    from game.rules.breaker_blocks.state import BreakerBlocksState

Effect = tuple[int, int, int]

STEP_COUNT = {ACCELERATE: 3, ANNIHILATE: 1, AGITATE: 2, AUTOMATE: 1, ATTENUATE: 2, AGGRAVATE: 2}
# What each step asks for: a short name per (kind, step).
_STEP_NAMES = {ACCELERATE: ("draw",) * 3, ANNIHILATE: ("target",), AGITATE: ("rearrange",) * 2,
               AUTOMATE: ("place",), ATTENUATE: ("target_own", "target_opponent"),
               AGGRAVATE: ("keep_own", "keep_opponent")}
_WANTS = {ACCELERATE: (Draw,), ANNIHILATE: (Target,), AGITATE: (Rearrange, Skip), AUTOMATE: (Place,),
          ATTENUATE: (Target,), AGGRAVATE: (Keep,)}

__all__ = ["EndReason", "choices", "end_reason", "next_step", "problem", "prompt", "resolve", "step_name"]


def next_step(effect: Effect) -> Effect | None:
    k, cell, i = effect
    return (k, cell, i + 1) if i + 1 < STEP_COUNT[k] else None


def step_name(effect: Effect) -> str:
    return _STEP_NAMES[effect[0]][effect[2]]


def prompt(effect: Effect, mover: int) -> str:
    """What the step asks the mover to pick, as one English sentence."""
    k, _cell, i = effect
    other = "your opponent"  # two players: the one who is not the mover
    if k == ACCELERATE:
        return f"Accelerate: draw a tile from your pile or the action pile (draw {i + 1} of 3)."
    if k == ANNIHILATE:
        return "Annihilate: pick a leaf of either player to remove from the game."
    if k == AGITATE:
        # "another of its sockets" left open whose: the leaf's, or the opponent's (BB-19)
        return f"Agitate: move one of {other}'s leaves into one of {other}'s sockets, or skip (move {i + 1} of 2)."
    if k == AUTOMATE:
        return "Automate: pick a tile from your pile or the action pile and place it into one of your sockets."
    if k == ATTENUATE:
        whose = "one of your leaves" if i == 0 else f"one of {other}'s leaves"
        return f"Attenuate: pick {whose} to send back to its pile."
    if i == 0:
        return "Aggravate: pick the one tile you keep; the rest of your hand goes back to the piles."
    return f"Aggravate: pick the one tile {other} keeps; the rest of that hand goes back to the piles."


# --- choices ---------------------------------------------------------------------------------

def choices(st: BreakerBlocksState, effect: Effect) -> list[Action]:
    """The legal actions at this step (empty: the step is skipped)."""
    k, cell, i = effect
    p = st._cur
    board = st._board
    if k == ACCELERATE:  # BB-17
        hand, pile, apile = st._hands[p], st._piles[p], st._piles[ACTION_PILE]
        out: list[Action] = [DRAWS[j] for j in POWER_KINDS if pile[j]]
        return out + [DRAWS[j] for j in ACTION_KINDS if apile[j] and not hand[j] and j != ACCELERATE]
    if k == ANNIHILATE:  # BB-18
        cells = sorted(board.leaves(0, movable=True) + board.leaves(1, movable=True))
        return [TARGETS[c] for c in cells if c != cell]
    if k == AGITATE:  # BB-19
        q = 1 - p
        socks = board.sockets(q)
        moves: list[Action] = [rearrange_action(c, s) for c in board.leaves(q, movable=True)
                               for s in board.destinations(c, socks)]
        return [*moves, SKIP] if moves else []
    if k == AUTOMATE:  # BB-20
        socks = board.sockets(p)
        if not socks:
            return []
        pile, apile = st._piles[p], st._piles[ACTION_PILE]
        kinds = [j for j in POWER_KINDS if pile[j]]
        kinds += [j for j in ACTION_KINDS
                  if apile[j] and j != AUTOMATE and not (j == AUTHENTICATE and st._auth_turn)]
        return [PLACES[j * NSOCKETS + s] or place_action(j, s) for j in kinds for s in socks]
    if k == ATTENUATE:  # BB-22
        seat = p if i == 0 else 1 - p
        return [TARGETS[c] for c in board.leaves(seat, movable=True) if c != cell]
    hand = st._hands[p if i == 0 else 1 - p]  # AGGRAVATE, BB-23
    return [KEEPS[j] for j in range(NKINDS) if hand[j]]


# --- refusals --------------------------------------------------------------------------------

def problem(st: BreakerBlocksState, effect: Effect, action: Action) -> str | None:
    """Why ``action`` is not a legal choice at this step, or None."""
    k, cell, i = effect
    p = st._cur
    cls = type(action)
    if cls not in _WANTS[k]:
        return f"first finish the {tile_name(KINDS[k])}: {prompt(effect, p).split(': ', 1)[1]}"
    if cls is Draw:
        return st.draw_problem(action.kind, accelerating=True)
    if cls is Skip:
        return None
    if cls is Rearrange:
        return st.rearrange_problem(action, 1 - p)
    if cls is Place:
        return _place_problem(st, action)
    if cls is Target:
        seat = None if k == ANNIHILATE else p if i == 0 else 1 - p
        return _target_problem(st, action.cell, cell, seat)
    j = KIND_INDEX.get(action.kind)
    if j is None:
        return f"there is no tile called {action.kind!r}"
    if not st._hands[p if i == 0 else 1 - p][j]:
        return f"you have no {action.kind} in your hand" if i == 0 else f"seat {2 - p} has no {action.kind} in hand"
    return None


def _place_problem(st: BreakerBlocksState, action: Place) -> str | None:
    j = KIND_INDEX.get(action.kind)
    if j is None:
        return f"there is no tile called {action.kind!r}"
    p = st._cur
    if j >= NPOWER:
        if j not in st._cfg.in_set:
            return f"this game's action set has no {tile_name(action.kind)} tiles"
        if j == AUTOMATE:
            return "Automate cannot place an Automate"
        if not st._piles[ACTION_PILE][j]:
            return f"the action pile has no {tile_name(action.kind)} left"
        if j == AUTHENTICATE and st._auth_turn:
            return "Authenticate already placed this turn"
    elif not st._piles[p][j]:
        return f"your pile has no {action.kind} tiles left"
    return st.socket_problem(p, action.cell, action.side)


def _target_problem(st: BreakerBlocksState, cell: tuple[int, int], own: int, seat: int | None) -> str | None:
    c = CELL_INDEX.get(cell)
    board = st._board
    where = cell_text(cell)
    if c is None or board.kind[c] < 0:
        return f"there is no tile at {where}"
    if c == own:
        return "an action tile cannot target itself"
    if board.kind[c] == AUTHENTICATE:
        return "Authenticate is never a target"
    if seat is not None and board.owner[c] != seat:
        if seat == st._cur:
            return "Attenuate takes one of your own leaves first"
        return "now pick one of your opponent's leaves, not one of yours"
    if board.kids[c]:
        return f"the tile at {where} is not a leaf: another tile is plugged into it"
    return None


# --- effects ---------------------------------------------------------------------------------

def resolve(st: BreakerBlocksState, effect: Effect, action: Action) -> None:
    """Carry out a legal choice and move on to the next step."""
    k, _cell, i = effect
    p = st._cur
    board = st._board
    cls = type(action)
    st._effect = next_step(effect)
    if cls is Draw:
        st.take(p, KIND_INDEX[action.kind])
    elif cls is Skip:
        st._effect = None
    elif cls is Rearrange:
        board.move(CELL_INDEX[action.source], CELL_INDEX[action.cell] * 4 + SIDE_INDEX[action.side])
    elif cls is Target:
        kind, owner = board.remove(CELL_INDEX[action.cell])
        if k == ANNIHILATE:
            st._removed[owner][kind] += 1  # out of the game for good
        else:
            st.to_pile(owner, kind)
    elif cls is Place:
        j = KIND_INDEX[action.kind]
        st._piles[p if j < NPOWER else ACTION_PILE][j] -= 1
        socket = CELL_INDEX[action.cell] * 4 + SIDE_INDEX[action.side]
        board.place(socket, j, p)
        if j >= NPOWER:
            st.trigger(j, socket >> 2)  # its steps replace AUTOMATE's (which has none left)
    else:
        _keep(st, p if i == 0 else 1 - p, KIND_INDEX[action.kind])


def _keep(st: BreakerBlocksState, seat: int, j: int) -> None:
    """BB-23: one tile of kind ``j`` stays; the rest of the hand goes back to the piles."""
    hand = st._hands[seat]
    if seat == st._cur:
        # The kept copy is one not drawn this turn if the hand has such a copy.
        kept_drawn = 1 if st._drawn[j] >= hand[j] else 0
        st._drawn = [0] * NKINDS
        st._drawn[j] = kept_drawn
    for kind in range(NKINDS):
        back = hand[kind] - (kind == j)
        if back:
            st.to_pile(seat, kind, back)
            hand[kind] -= back


# --- end of game -----------------------------------------------------------------------------

class EndReason(NamedTuple):
    code: str  # "authenticate", "final_turn", "turn_cap" or "sealed"
    text: str


def end_reason(code: str, loser: int | None, final_for: int | None, turn_cap: int) -> EndReason:
    if code == "authenticate":
        return EndReason(code, "A second Authenticate was placed, so the game ended at once.")
    if code == "final_turn":
        seat = final_for if final_for is not None else 0
        return EndReason(code, f"Seat {2 - seat} ran out of power tiles, so seat {seat + 1} had one final turn.")
    if code == "turn_cap":
        turns = "1 turn" if turn_cap == 1 else f"{turn_cap} turns"
        return EndReason(code, f"The turn limit was reached: each player has had {turns}.")
    seat = loser if loser is not None else 0
    return EndReason(code, f"Seat {seat + 1} began a turn with no socket to play into, and loses.")
