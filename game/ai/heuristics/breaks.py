"""Breaks knowledge for the bots: position evaluation, playout policy, observations.

What wins Breaks: stacks. A slot's sequence is worth more the closer it is to five
cards and the more cards are still to come; a long sequence whose top card matches
unseen court cards, and whose bottom card fits an opponent's top, can be stolen by a
break, which usually hands the thief a stack. The evaluation turns each seat's points
plus slot potential (minus break exposure, plus break chances) into an expected final
score, and the seats' chances of winning into a softmax over those.

The functions read the engine's fields directly (``BreaksState`` keeps cards as ints
with pre-built match tables): these run hundreds of thousands of times per decision,
and going through ``view()`` dicts would be ten times slower. They are only ever
given sampled worlds, never the real state.
"""

from __future__ import annotations

import math
from typing import Any

from game.rules.breaks.actions import DISCARD, DONE, DRAW, Break, Draw, Merge, Place
from game.rules.breaks.state import CODES, FINAL, NO_CARD, STACK_SIZE, BreaksState

# Playouts are cut after this many actions and scored by ``evaluate`` (about five turns
# each in a two-player game): long enough to see a sequence grow, a break or a merge.
ROLLOUT_DEPTH = 20

# Expected share of a stack for a slot holding 0..4 cards, early in the game (when many
# cards are still to come); scaled down as the piles run out (see _slot_potential).
SLOT_VALUE = (0.0, 0.18, 0.4, 0.65, 0.85)
# How sharply the expected-score lead turns into winning chances; grows as the
# remaining cards (and so the uncertainty) shrink.
SHARPNESS_BASE = 1.2
SHARPNESS_LATE = 4.0
# Penalty, as a share of the slot's value, per unseen court card that could steal it.
EXPOSURE = 0.05


def _slot_potential(length: int, progress: float) -> float:
    """Expected stacks from one slot; ``progress`` is 0 at the deal, 1 when cards run out."""
    if length == 0:
        return 0.0
    # Late on, short sequences rarely complete; long ones still can by a final merge.
    late = progress * progress
    return SLOT_VALUE[length] * (1.0 - late * (1.0 - 0.6 * length / STACK_SIZE))


def expected_points(state: BreaksState) -> list[float]:
    """Each seat's points plus what its slots are likely to add by the end."""
    n = state.num_players
    var = state._var
    match = var.match
    court = var.court
    remaining = len(state._draw) + len(state._disc)
    total = len(var.full_deck)
    progress = 1.0 - min(1.0, remaining / max(1.0, total - 3.0 * n))
    if state._phase == FINAL:
        progress = 1.0
    # Unseen court cards: the ones that can still break something.
    unseen_courts = [c for c in state._draw if court[c]] + [c for c in state._disc if court[c]]
    tab = state._tab
    out = []
    for p in range(n):
        value = float(state._scores[p])
        for slot in tab[p]:
            length = len(slot)
            if not length:
                continue
            pot = _slot_potential(length, progress)
            if length >= 2 and unseen_courts and state._phase != FINAL:
                top, bottom = slot[-1], slot[0]
                # Could some opponent both match the top with a court and fit the bottom?
                fits = any(
                    other and match[bottom][other[-1]]
                    for q in range(n) if q != p for other in tab[q]
                )
                if fits:
                    threats = sum(1 for c in unseen_courts if match[c][top])
                    pot -= min(0.6, EXPOSURE * threats) * (length + 1) / STACK_SIZE
            value += pot
        out.append(value)
    return out


def evaluate(state: BreaksState) -> list[float]:
    """Winning chances per seat, summing to 1 (softmax of expected points)."""
    points = expected_points(state)
    remaining = len(state._draw) + len(state._disc)
    total = len(state._var.full_deck)
    late = 1.0 - min(1.0, remaining / total)
    k = SHARPNESS_BASE + (SHARPNESS_LATE - SHARPNESS_BASE) * late * late
    top = max(points)
    weights = [math.exp(k * (v - top)) for v in points]
    s = sum(weights)
    return [w / s for w in weights]


# --- playout policy -------------------------------------------------------------------

def rollout_action(state: BreaksState, rng: Any) -> Any:
    """Fast, sensible play: complete stacks, break when it pays, build the longest slot."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    cur = state._cur
    mine = state._tab[cur]
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
