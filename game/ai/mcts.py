"""Single-observer information-set MCTS (after Cowling, Powley & Whitehouse, 2012).

One tree for the deciding seat (the observer). Every iteration samples a world
consistent with what the observer knows, then walks the tree using only the actions
legal in that world:

- selection: UCB1 where a child's "parent visits" is its availability count (how
  often it was legal when its parent was reached), which keeps rarely-legal actions
  from being over-explored;
- expansion: one untried legal action (the game's move ordering first, if any);
- playout: the game's rollout policy, optionally cut off after some actions and
  scored by the game's evaluation, which keeps iterations cheap in long games;
- backup: a reward vector, one value per seat; each node keeps the reward of the
  seat that made its action, so every player maximises its own result (works for
  2-4 players).

Tree edges are keyed by action notation. When the observer's own action reveals
something private to it (the card it drew) the tree also branches on that
observation, so its later decisions in the tree depend on what it would then know.
Opponents' private information is never branched on: their nodes are shared across
worlds, which is the "single observer" simplification.
"""

from __future__ import annotations

import math
import time
from typing import Any

from game.ai.bots import Budget, Seed, make_rng, only_choice
from game.ai.heuristics import Heuristics, get_heuristics, terminal_reward
from game.ai.seat import SeatInfo
from game.core.protocol import State


class _Node:
    __slots__ = ("actor", "avail", "children", "outcomes", "reward", "visits")

    def __init__(self, actor: int | None) -> None:
        self.actor = actor  # the seat whose action led here (None for the root / outcomes)
        self.visits = 0
        self.avail = 0
        self.reward = 0.0  # summed reward of ``actor``
        self.children: dict[str, _Node] = {}
        self.outcomes: dict[str, _Node] = {}


class ISMCTSBot:
    """IS-MCTS with a fixed iteration budget capped by wall time.

    ``rollout``: "heuristic" uses the game's rollout policy, "random" plays uniformly.
    ``rollout_depth``: actions per playout before the evaluation is used instead of
    playing on (``None``: the game's default; ``0``: evaluate at the leaf; ``-1``: to the end).
    ``temperature``: 0 plays the most visited action; above 0 samples actions in
    proportion to visits**(1/temperature), which is how the easy level makes human-like slips.
    """

    def __init__(self, seed: Seed = None, budget: Budget | None = None, *,
                 exploration: float = 0.7, rollout: str = "heuristic",
                 rollout_depth: int | None = None, temperature: float = 0.0,
                 heuristics: Heuristics | None = None, name: str = "ismcts") -> None:
        if rollout not in ("heuristic", "random"):
            raise ValueError(f"rollout must be 'heuristic' or 'random', not {rollout!r}")
        self.name = name
        self.rng = make_rng(seed)
        self.budget = budget or Budget(1000, 2.0)
        self.exploration = exploration
        self.rollout = rollout
        self.rollout_depth = rollout_depth
        self.temperature = temperature
        self.heuristics = heuristics
        self.last_stats: dict[str, Any] = {}

    # -- public -------------------------------------------------------------------

    def choose(self, info: SeatInfo) -> Any:
        start = time.perf_counter()
        legal = info.legal_actions()
        forced = only_choice(legal)
        if forced is not None:
            self.last_stats = {"iterations": 0, "seconds": time.perf_counter() - start}
            return forced
        h = self.heuristics or get_heuristics(info.game)
        depth = self.rollout_depth if self.rollout_depth is not None else h.rollout_depth
        if depth is not None and depth < 0:
            depth = None
        policy = h.rollout_action if self.rollout == "heuristic" else _random_action
        root = _Node(None)
        deadline = start + self.budget.max_seconds
        done = 0
        for done in range(1, self.budget.iterations + 1):  # noqa: B007 - count is reported
            self._iterate(root, info, h, policy, depth)
            if time.perf_counter() >= deadline:
                break
        action = self._pick(root, legal)
        self.last_stats = {"iterations": done, "seconds": time.perf_counter() - start,
                           "root": {k: (c.visits, round(c.reward / max(c.visits, 1), 3))
                                    for k, c in root.children.items()}}
        return action

    # -- one iteration --------------------------------------------------------------

    def _iterate(self, root: _Node, info: SeatInfo, h: Heuristics, policy: Any,
                 depth: int | None) -> None:
        rng = self.rng
        observer = info.seat
        world = info.sample_world(rng)
        node = root
        path: list[_Node] = []
        while not world.is_terminal():
            player = world.current_player
            legal = world.legal_actions()
            keyed = [(str(a), a) for a in legal]
            untried = []
            for key, action in keyed:
                child = node.children.get(key)
                if child is None:
                    untried.append((key, action))
                else:
                    child.avail += 1
            if untried:
                key, action = self._expansion_choice(world, untried, h)
                child = node.children[key] = _Node(player)
                child.avail = 1
                world.apply(action)
                path.append(child)
                break
            key, action = self._select(node, keyed)
            child = node.children[key]
            world.apply(action)
            path.append(child)
            node = self._through_observation(child, world, action, player, observer, h)
        reward = self._playout(world, h, policy, depth)
        for n in path:
            n.visits += 1
            n.reward += reward[n.actor]

    def _expansion_choice(self, world: State, untried: list[tuple[str, Any]],
                          h: Heuristics) -> tuple[str, Any]:
        if h.order_actions is not None and len(untried) > 1:
            first = h.order_actions(world, [a for _, a in untried])[0]
            for pair in untried:
                if pair[1] == first:
                    return pair
        return self.rng.choice(untried)

    def _select(self, node: _Node, keyed: list[tuple[str, Any]]) -> tuple[str, Any]:
        c = self.exploration
        best_score = -math.inf
        best = keyed[0]
        for pair in keyed:
            child = node.children[pair[0]]
            score = child.reward / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
            if score > best_score:
                best_score, best = score, pair
        return best

    @staticmethod
    def _through_observation(child: _Node, world: State, action: Any, player: int | None,
                             observer: int, h: Heuristics) -> _Node:
        """The node below ``child`` for what the observer just privately saw, if anything."""
        if player != observer:
            return child
        seen = h.observation(world, action, observer)
        if seen is None:
            return child
        outcome = child.outcomes.get(seen)
        if outcome is None:
            outcome = child.outcomes[seen] = _Node(None)
        return outcome

    def _playout(self, world: State, h: Heuristics, policy: Any, depth: int | None) -> list[float]:
        rng = self.rng
        steps = 0
        while not world.is_terminal():
            if depth is not None and steps >= depth:
                return h.evaluate(world)
            world.apply(policy(world, rng))
            steps += 1
        return terminal_reward(world)

    # -- final choice ---------------------------------------------------------------

    def _pick(self, root: _Node, legal: list[Any]) -> Any:
        scored = []
        for action in legal:
            child = root.children.get(str(action))
            if child is not None and child.visits:
                scored.append((child.visits, child.reward / child.visits, action))
        if not scored:  # budget too small to try anything: fall back to a random legal move
            return self.rng.choice(legal)
        if self.temperature > 0:
            weights = [v ** (1.0 / self.temperature) for v, _, _ in scored]
            return self.rng.choices([a for _, _, a in scored], weights=weights)[0]
        return max(scored, key=lambda t: (t[0], t[1]))[2]


def _random_action(state: State, rng: Any) -> Any:
    return rng.choice(state.legal_actions())
