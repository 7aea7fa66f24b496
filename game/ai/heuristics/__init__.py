"""Per-game knowledge for the bots, looked up by game name.

A game plugs in by adding ``game/ai/heuristics/<game>.py`` defining any of:

- ``evaluate(state) -> list[float]``: one value in [0, 1] per seat for a non-terminal
  state (roughly "chance this seat wins"). Used by greedy and at the MCTS rollout cutoff.
- ``rollout_action(state, rng) -> action``: the playout policy (must return a legal action).
- ``observation(state, action, observer) -> str | None``: what the observer privately
  learned by the action it just applied to ``state`` (e.g. the card it drew). MCTS
  branches its tree on it, so the observer's later choices in the tree are conditioned
  on what it would actually know then. ``None`` means nothing private.
- ``order_actions(state, actions) -> list``: most promising first; MCTS expands in
  this order (optional priors / move ordering).
- ``ROLLOUT_DEPTH``: a default playout cutoff in actions (``None`` = play to the end).
- ``tiebreak(state, action) -> key``: how the game's final scoring ranks the moves the
  search rates exactly alike (all won or all lost), lowest key first; without it the
  search's own pick stands.

Anything missing falls back to the defaults below, so a game without a module still
gets working bots: random playouts to the end and rewards from ``winners()``/``scores()``.
States passed to these functions are always sampled worlds, never a real state.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from game.core.protocol import State


def terminal_reward(state: State) -> list[float]:
    """Win shares of a finished game: winners split 1 (ties count half each in 2p)."""
    n = state.num_players
    winners = state.winners()
    if not winners:
        return [1.0 / n] * n
    share = 1.0 / len(winners)
    return [share if p in winners else 0.0 for p in range(n)]


def default_evaluate(state: State) -> list[float]:
    """Scores so far, squashed to [0.25, 0.75] (leader 0.75, last 0.25): a lead is
    promising but, with the game unfinished, never certain."""
    scores = [float(s) for s in state.scores()]
    hi, lo = max(scores), min(scores)
    if hi == lo:
        return [0.5] * len(scores)
    return [0.5 + 0.5 * (s - (hi + lo) / 2) / (hi - lo) for s in scores]


def default_rollout_action(state: State, rng: Any) -> Any:
    return rng.choice(state.legal_actions())


def _no_observation(state: State, action: Any, observer: int) -> str | None:
    return None


@dataclass(frozen=True)
class Heuristics:
    game: str
    evaluate: Callable[[State], list[float]]
    rollout_action: Callable[[State, Any], Any]
    observation: Callable[[State, Any, int], str | None]
    order_actions: Callable[[State, list[Any]], list[Any]] | None
    rollout_depth: int | None
    has_module: bool
    tiebreak: Callable[[State, Any], Any] | None = None

    def value(self, state: State) -> list[float]:
        """Exact reward when the game is over, else the heuristic evaluation."""
        return terminal_reward(state) if state.is_terminal() else self.evaluate(state)


@cache
def get_heuristics(game: str) -> Heuristics:
    """The heuristics for ``game`` (its module if one exists, defaults otherwise)."""
    module_name = f"{__name__}.{game}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:  # the module exists but one of its imports is broken
            raise
        module = None
    return Heuristics(
        game=game,
        evaluate=getattr(module, "evaluate", default_evaluate),
        rollout_action=getattr(module, "rollout_action", default_rollout_action),
        observation=getattr(module, "observation", _no_observation),
        order_actions=getattr(module, "order_actions", None),
        rollout_depth=getattr(module, "ROLLOUT_DEPTH", None),
        has_module=module is not None,
        tiebreak=getattr(module, "tiebreak", None),
    )
