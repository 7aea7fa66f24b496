"""Breaks knowledge for the bots: position evaluation, playout policy, observations.

What wins Breaks: stacks, and nearly every card ends in somebody's stack, so the game
is a race for cards. A slot is worth more the closer its sequence is to five; a long
sequence whose top matches unseen court cards and whose bottom fits an opponent's top
can be stolen by a break (a big swing); slots whose tops match many unseen cards keep
drawing useful; a pair of own slots that can merge into five is a stack in waiting.

``evaluate`` scores each seat's features (``seat_features``) with weights that vary
with game progress, and turns the scores into winning chances with a softmax. The
weights were fitted by logistic regression on the outcomes of self-play games (see
FEATURE_WEIGHTS) and then checked in bot matches.

The functions read the engine's fields directly (``BreaksState`` keeps cards as ints
with pre-built match tables): they run hundreds of thousands of times per decision
and going through ``view()`` dicts would be many times slower. They are only ever
given sampled worlds, never the real state.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from game.rules.breaks.actions import DISCARD, DONE, DRAW, Break, Draw, Merge, Place
from game.rules.breaks.state import CODES, FINAL, NO_CARD, PLAY, STACK_SIZE, BreaksState
from game.rules.breaks.variant import Variant

# Playouts are cut after this many actions and scored by ``evaluate``.
ROLLOUT_DEPTH = 8

FEATURES = ("points", "len1", "len2", "len3", "len4", "exposure", "stack_merges", "to_move", "reach")
# Weight of each feature as (a, b, c): a + b*progress + c*progress**2, where progress
# goes from 0 at the deal to 1 when the cards run out.
FEATURE_WEIGHTS: dict[str, tuple[float, float, float]] = {
    "points": (1.270, -1.872, 3.395),
    "len1": (0.115, 0.127, -0.119),
    "len2": (0.242, 0.672, -0.603),
    "len3": (0.339, 1.171, -0.898),
    "len4": (0.456, 1.717, -1.097),
    "exposure": (-0.907, -6.818, 6.451),
    "stack_merges": (0.513, -3.456, 4.403),
    "to_move": (0.067, 0.120, 0.029),
    "reach": (0.310, -0.400, 1.024),
}


def _progress(state: BreaksState) -> float:
    if state._phase != PLAY:
        return 1.0
    dealt = 3 * state.num_players
    remaining = len(state._draw) + len(state._disc)
    return 1.0 - min(1.0, remaining / max(1, len(state._var.full_deck) - dealt))


@cache
def _masks(var: Variant) -> tuple[tuple[int, ...], int]:
    """Per card, the set of cards it matches as a bit mask; and the mask of court cards."""
    size = len(var.match)
    matches = tuple(sum(1 << b for b in range(size) if row[b]) for row in var.match)
    courts = sum(1 << c for c in range(size) if var.court[c])
    return matches, courts


def seat_features(state: BreaksState, unseen: list[int]) -> list[list[float]]:
    """The FEATURES of every seat; ``unseen`` = cards in the draw and discard piles.

    Card sets are bit masks (one bit per card id): with two decks a duplicate counts
    once, which is close enough for these rates.
    """
    n = state.num_players
    matches, court_mask = _masks(state._var)
    tab = state._tab
    final = state._phase != PLAY
    pool = 0
    for c in unseen:
        pool |= 1 << c
    n_pool = pool.bit_count() or 1
    courts = pool & court_mask
    top_masks = [0] * n  # per seat: the cards matching any of its tops
    for p in range(n):
        m = 0
        for s in tab[p]:
            if s:
                m |= matches[s[-1]]
        top_masks[p] = m
    out = []
    for p in range(n):
        mine = tab[p]
        lengths = [0, 0, 0, 0, 0]
        exposure = 0.0
        # Cards an opponent's top matches: a sequence with such a bottom fits a thief's slot.
        thief_fits = 0
        if courts and not final:
            for q in range(n):
                if q != p:
                    thief_fits |= top_masks[q]
        for slot in mine:
            length = len(slot)
            if not length:
                continue
            lengths[min(length, 4)] += 1
            if length >= 2 and thief_fits >> slot[0] & 1:
                threats = (courts & matches[slot[-1]]).bit_count()
                exposure += threats / n_pool * (length + 1) / STACK_SIZE
        stack_merges = 0
        for a, sa in enumerate(mine):
            if sa and len(sa) < STACK_SIZE:
                row = matches[sa[-1]]
                for b, sb in enumerate(mine):
                    if a != b and sb and len(sa) + len(sb) >= STACK_SIZE and row >> sb[0] & 1:
                        stack_merges = 1
        # Chance that a random unseen card can be placed (an empty slot takes anything).
        if final:
            reach = 0.0
        elif any(not s for s in mine):
            reach = 1.0
        else:
            reach = (pool & top_masks[p]).bit_count() / n_pool
        to_move = 1.0 if state._cur == p and state._pending == NO_CARD and not final else 0.0
        out.append([float(state._scores[p]), lengths[1], lengths[2], lengths[3], lengths[4],
                    exposure, stack_merges, to_move, reach])
    return out


def _weights_at(progress: float) -> list[float]:
    p2 = progress * progress
    return [a + b * progress + c * p2 for a, b, c in (FEATURE_WEIGHTS[f] for f in FEATURES)]


def strengths(state: BreaksState) -> list[float]:
    """Each seat's weighted feature sum: its expected standing in points, roughly."""
    if state._pending != NO_CARD:
        # Mid-turn: let the drawer use the card the way the playout policy would.
        state = state.clone()
        state.apply(_resolve_pending(state, state.legal_actions(), state._tab[state._cur], None))
        if state.is_terminal():
            return [float(s) for s in state._scores]
    weights = _weights_at(_progress(state))
    unseen = state._draw + state._disc
    return [sum(w * f for w, f in zip(weights, feats, strict=True))
            for feats in seat_features(state, unseen)]


def evaluate(state: BreaksState) -> list[float]:
    """Winning chances per seat, summing to 1 (softmax of ``strengths``)."""
    values = strengths(state)
    top = max(values)
    weights = [math.exp(v - top) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


# --- playout policy -------------------------------------------------------------------

def rollout_action(state: BreaksState, rng: Any) -> Any:
    """Fast, sensible play: complete stacks, break when it pays, build the longest slot."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    mine = state._tab[state._cur]
    if state._pending != NO_CARD:
        return _resolve_pending(state, legal, mine, rng)
    if state._phase == FINAL:
        return _best_final_merge(state, legal, mine)
    best, best_len = DRAW, 0
    for a in legal:
        if type(a) is Merge:
            total = len(mine[a.a]) + len(mine[a.b])
            if total >= STACK_SIZE and total > best_len:
                best, best_len = a, total
    return best


def _resolve_pending(state: BreaksState, legal: list[Any], mine: list[list[int]], rng: Any) -> Any:
    """Place, break or discard the drawn card; ``rng`` adds a little variety (None: none)."""
    tab = state._tab
    best, best_score = DISCARD, 0.0
    for a in legal:
        kind = type(a)
        if kind is Place:
            length = len(mine[a.slot])
            score = 0.6 if length == 0 else 1.0 + length + (6.0 if length + 1 >= STACK_SIZE else 0.0)
        elif kind is Break:
            stolen = len(tab[a.seat][a.slot]) + 1
            total = stolen + len(mine[a.target])
            score = 2.0 + stolen + (8.0 if total >= STACK_SIZE else 0.0)
        else:
            continue
        if rng is not None:
            score += rng.random() * 0.9
        if score > best_score:
            best, best_score = a, score
    return best


def _best_final_merge(state: BreaksState, legal: list[Any], mine: list[list[int]]) -> Any:
    """The first merge of the merge sequence that banks the most stacks, else done."""
    match = state._var.match
    best, best_gain = DONE, 0
    for a in legal:
        if type(a) is Merge:
            gain = _merge_gain(mine, a.a, a.b, match, 2)
            if gain > best_gain:
                best, best_gain = a, gain
    return best


def _merge_gain(slots: list[list[int]], a: int, b: int, match: Any, depth: int) -> int:
    """Stacks banked by merging slot b onto slot a, then by the best follow-up merges."""
    combined = slots[a] + slots[b]
    stacks = len(combined) // STACK_SIZE
    after = slots[:]
    after[a], after[b] = combined[stacks * STACK_SIZE:], []
    best = 0
    if depth > 1:
        for x, sx in enumerate(after):
            for y, sy in enumerate(after):
                if x != y and sx and sy and match[sx[-1]][sy[0]]:
                    best = max(best, _merge_gain(after, x, y, match, depth - 1))
    return stacks + best


# --- what the observer learns privately ----------------------------------------------

def observation(state: BreaksState, action: Any, observer: int) -> str | None:
    """The card the observer just drew (its later choices in the tree depend on it)."""
    if type(action) is Draw:
        return CODES[state._pending]
    return None
