"""The bot interface, the search budget, and the two simple bots.

A bot is built with its own seed (or ``random.Random``) and asked ``choose(info)``
with a SeatInfo; it returns one of ``info.legal_actions()``. Given the same seed,
the same budget and the same view, a bot makes the same choice (unless the wall-time
cap cut a search short, which only happens on a much slower machine).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from game.ai.heuristics import Heuristics, get_heuristics, terminal_reward
from game.ai.seat import SeatInfo
from game.core.protocol import State

Seed = int | random.Random | None


def make_rng(seed: Seed) -> random.Random:
    """A private random.Random: a given one is used as is, an int seeds a new one."""
    if isinstance(seed, random.Random):
        return seed
    return random.Random(seed)


@dataclass(frozen=True)
class Budget:
    """How hard a search bot may think: ``iterations`` makes it reproducible, the
    ``max_seconds`` wall-time cap keeps a slow machine from stalling a game."""

    iterations: int
    max_seconds: float = 2.0

    def __post_init__(self) -> None:
        if self.iterations < 1:
            raise ValueError("a budget needs at least one iteration")
        if self.max_seconds <= 0:
            raise ValueError("a budget needs a positive time limit")


@runtime_checkable
class Bot(Protocol):
    name: str
    # Filled after each choose(): e.g. {"iterations": 800, "seconds": 0.31}.
    last_stats: dict[str, Any]

    def choose(self, info: SeatInfo) -> Any: ...


def only_choice(legal: list[Any]) -> Any | None:
    if not legal:
        raise ValueError("no legal action to choose from")
    return legal[0] if len(legal) == 1 else None


class RandomBot:
    """Uniformly random legal action: the benchmark floor."""

    def __init__(self, seed: Seed = None) -> None:
        self.name = "random"
        self.rng = make_rng(seed)
        self.last_stats: dict[str, Any] = {}

    def choose(self, info: SeatInfo) -> Any:
        legal = info.legal_actions()
        forced = only_choice(legal)
        self.last_stats = {"iterations": 0}
        return forced if forced is not None else self.rng.choice(legal)


class GreedyBot:
    """One ply: score each legal action with the game's evaluation, keep the best.

    Hidden information is handled by averaging over ``samples`` sampled worlds. Only
    the decision at hand is judged (Breaks: "draw" is scored by the evaluation of the
    position holding the drawn card). ``turn_depth`` > 0 instead completes the rest of
    a multi-step turn greedily before evaluating (a stronger, slower variant).
    """

    def __init__(self, seed: Seed = None, samples: int = 4, turn_depth: int = 0,
                 heuristics: Heuristics | None = None) -> None:
        self.name = "greedy"
        self.rng = make_rng(seed)
        self.samples = samples
        self.turn_depth = turn_depth
        self.heuristics = heuristics
        self.last_stats: dict[str, Any] = {}

    def choose(self, info: SeatInfo) -> Any:
        legal = info.legal_actions()
        forced = only_choice(legal)
        if forced is not None:
            self.last_stats = {"iterations": 0}
            return forced
        h = self.heuristics or get_heuristics(info.game)
        totals = [0.0] * len(legal)
        for _ in range(self.samples):
            world = info.sample_world(self.rng)
            for i, action in enumerate(legal):
                after = world.clone()
                after.apply(action)
                totals[i] += self._finish_turn(after, info.seat, h, self.turn_depth)
        best = max(totals)
        # Near-ties are broken at random so greedy is not trivially predictable.
        tied = [a for a, t in zip(legal, totals, strict=True) if t >= best - 1e-9]
        self.last_stats = {"iterations": self.samples}
        return tied[0] if len(tied) == 1 else self.rng.choice(tied)

    def _finish_turn(self, state: State, seat: int, h: Heuristics, depth: int) -> float:
        if state.is_terminal():
            return terminal_reward(state)[seat]
        if depth <= 0 or state.current_player != seat:
            return h.evaluate(state)[seat]
        best = 0.0
        for action in state.legal_actions():
            after = state.clone()
            after.apply(action)
            best = max(best, self._finish_turn(after, seat, h, depth - 1))
        return best
