"""A whole-turn planner for Circuit Breaker (the "hard" level).

Nothing is drawn or revealed during a Circuit Breaker turn: the mouse fetches at the
start of the mover's next turn, and discards and cheese are open. So the mover can plan
its whole turn (discards, cheese, up to two placements, the mouse, end) as one decision.
Only the evaluation of where the turn leaves it depends on what it cannot see, and that
is averaged over worlds sampled with ``determinize``, exactly as IS-MCTS does:

1. a beam search over the turn: each partial plan is extended by every legal action (in
   a fixed order of kinds: discard, cheese, place, mouse, end, so the same set of actions
   is not tried in every order) and the ``beam`` best partial plans on ``worlds`` sampled
   worlds are kept for the next step; a plan that ends the turn is a candidate;
2. the ``finalists`` best candidates are played out on ``check_worlds`` fresh worlds, each
   followed by the opponents' turns up to ours (the game's playout policy, which sees the
   opponents' sampled hands: where a thief would send its mouse, which pile gets covered)
   and our answer to a thief (the cheese that policy plays first), and scored by the
   evaluation there; every candidate meets the same worlds and the same
   random numbers, so the comparison is fair.

The first action of the best plan is played; later decisions of the same turn plan again
from where the turn stands (cheap, and a fresh sample keeps one unlucky world set from
deciding a whole turn). ``max_seconds`` caps a decision; when it runs out the best
candidate so far is played.
"""

from __future__ import annotations

import random
import time
from typing import Any

from game.ai.bots import Seed, make_rng, only_choice
from game.ai.heuristics import circuit_breaker as heuristics
from game.ai.seat import SeatInfo
from game.rules.circuit_breaker.actions import Cheese, Discard, End, Mouse, MouseHouse, Place
from game.rules.circuit_breaker.state import CircuitState

# The order in which a plan takes the kinds of action (see the module docstring). A
# discard comes first because the cube it buys may pay for cheese in the same turn.
_STAGE = {Discard: 0, Cheese: 1, Place: 2, Mouse: 3, MouseHouse: 3, End: 4}


class _OutOfTime(Exception):
    pass


def _value(state: CircuitState, seat: int) -> float:
    """The seat's chance of winning: exact when the game is over, else the evaluation."""
    if state.is_terminal():
        winners = state.winners()
        return 1.0 / len(winners) if seat in winners else 0.0
    return heuristics.evaluate(state)[seat]


def _answer_thieves(state: CircuitState) -> None:
    """Play the mover's cheese (and the discard that buys its cube) against a mouse on its
    appliance. A thief fetches only after the mover's turn, so judged before this answer
    every appliance the replies sent a mouse to counted as lost: placing a valuable
    appliance looked worse than holding it until the thieves had no turn left."""
    for _ in range(2):  # at most a discard, then the cheese
        answer = heuristics.defence_action(state)
        if answer is None:
            return
        state.apply(answer)


class TurnPlanBot:
    """Plans whole turns over sampled worlds (see the module docstring)."""

    def __init__(self, seed: Seed = None, *, beam: int = 12, worlds: int = 16, finalists: int = 10,
                 check_worlds: int = 64, replies: bool = True, max_discards: int = 2,
                 max_seconds: float = 2.5, name: str = "ai:hard") -> None:
        if min(beam, worlds, finalists, check_worlds) < 1:
            raise ValueError("beam, worlds, finalists and check_worlds must be at least 1")
        self.rng = make_rng(seed)
        self.beam, self.worlds, self.finalists = beam, worlds, finalists
        self.check_worlds, self.replies, self.max_discards = check_worlds, replies, max_discards
        self.max_seconds = max_seconds
        self.name = name
        self.last_stats: dict[str, Any] = {}

    def choose(self, info: SeatInfo) -> Any:
        start = time.perf_counter()
        legal = info.legal_actions()
        forced = only_choice(legal)
        if forced is not None:
            self.last_stats = {"plans": 0, "seconds": time.perf_counter() - start}
            return forced
        deadline = start + self.max_seconds
        candidates: list[tuple[float, float, list[Any]]] = []
        try:
            self._beam_search(info, deadline, candidates)
            candidates.sort(key=lambda c: (c[0], c[1]), reverse=True)
            checked = self._check(info, candidates[:self.finalists], deadline)
        except _OutOfTime:
            candidates.sort(key=lambda c: (c[0], c[1]), reverse=True)
            checked = None
        if not candidates:  # out of time before any plan ended the turn
            return self.rng.choice(legal)
        plan = checked if checked is not None else candidates[0][2]
        self.last_stats = {"plans": len(candidates), "plan": [str(a) for a in plan],
                           "seconds": time.perf_counter() - start}
        return plan[0]

    def _beam_search(self, info: SeatInfo, deadline: float,
                     candidates: list[tuple[float, float, list[Any]]]) -> None:
        """Fill ``candidates`` with (mean value, tie-break, plan) for plans that end the turn."""
        me, rng = info.seat, self.rng
        worlds = [info.sample_world(rng) for _ in range(self.worlds)]
        frontier: list[tuple[list[Any], list[CircuitState], int, int]] = [([], worlds, 0, 0)]
        seen: set[tuple[str, ...]] = set()
        while frontier:
            grown = []
            for plan, states, stage, discards in frontier:
                for action in states[0].legal_actions():  # the same in every world
                    kind = type(action)
                    if _STAGE[kind] < stage or (kind is Discard and discards >= self.max_discards):
                        continue
                    longer = [*plan, action]
                    key = tuple(sorted(map(str, longer)))
                    if key in seen:
                        continue
                    seen.add(key)
                    if time.perf_counter() >= deadline:
                        raise _OutOfTime
                    after, total = [], 0.0
                    for state in states:
                        copy = state.clone()
                        copy.apply(action)
                        total += _value(copy, me)
                        after.append(copy)
                    mean = total / len(states)
                    if kind is End:
                        candidates.append((mean, rng.random(), longer))
                    else:
                        grown.append((mean, rng.random(), longer, after, _STAGE[kind],
                                      discards + (kind is Discard)))
            grown.sort(key=lambda g: (g[0], g[1]), reverse=True)
            frontier = [(p, s, st, d) for _, _, p, s, st, d in grown[:self.beam]]

    def _check(self, info: SeatInfo, finalists: list[tuple[float, float, list[Any]]],
               deadline: float) -> list[Any] | None:
        """The best finalist on fresh worlds, the opponents' replies included (None: no time)."""
        if len(finalists) == 1:
            return finalists[0][2]
        me, rng = info.seat, self.rng
        totals = [0.0] * len(finalists)
        done = 0
        for _ in range(self.check_worlds):
            world = info.sample_world(rng)
            luck = rng.getrandbits(64)
            for i, (_, _, plan) in enumerate(finalists):
                state = world.clone()
                for action in plan:
                    state.apply(action)
                if self.replies:
                    reply_rng = random.Random(luck)  # the same opponents' luck for every plan
                    while not state.is_terminal() and state.current_player != me:
                        state.apply(heuristics.rollout_action(state, reply_rng))
                    _answer_thieves(state)
                totals[i] += _value(state, me)
            done += 1
            if time.perf_counter() >= deadline:
                break
        if not done:
            return None
        best = max(range(len(finalists)), key=lambda i: (totals[i], -i))
        return finalists[best][2]
