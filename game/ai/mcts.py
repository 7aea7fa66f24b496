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
  seat that made its action, so every player maximises its own result (2-4 players).

Tree edges are keyed by action notation. When the observer's own action reveals
something private to it (the card it drew) the tree also branches on that
observation, so its later decisions in the tree depend on what it would then know.
Opponents' private information is never branched on: their nodes are shared across
worlds, which is the "single observer" simplification.

Root allocation. ``root="ucb"`` is the textbook algorithm. ``root="paired"`` sweeps
every root action on the same sampled world with the same random numbers (common
random numbers): in card games the luck of the next draws dwarfs the differences
between moves, and comparing the moves under identical luck cuts that noise, so the
same budget ranks the root moves far more reliably. Below the root both are IS-MCTS.
"""

from __future__ import annotations

import math
import random
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
    ``tree_depth``: the deepest the tree grows, in actions below the root (None: no
    limit); below it the playout takes over. With many chance outcomes a deep tree
    holds few visits per node, so a shallow tree plus more sampled worlds can be better.
    ``root``: "ucb" or "paired" (see the module docstring).
    ``root_width``: with ``root_width_players`` or more players, only the ``root_width``
    root actions the evaluation rates best one ply ahead (on one sampled world) are
    searched: three opponents moving between our turns make each iteration costly, and a
    budget spread over every legal move gives each one a visit or two, which is noise.
    ``rollout_depth_many``: with that many players, playouts stop after this many actions
    (and the evaluation scores them), so the budget buys more iterations.
    ``temperature``: 0 plays the best action; above 0 samples root actions in proportion
    to visits**(1/temperature) ("ucb") or exp((mean - best)/temperature) ("paired"),
    which is how the easy level makes human-like slips.
    """

    def __init__(self, seed: Seed = None, budget: Budget | None = None, *,
                 exploration: float = 0.7, rollout: str = "heuristic",
                 rollout_depth: int | None = None, tree_depth: int | None = None,
                 root: str = "ucb", opponents: str = "tree", temperature: float = 0.0,
                 heuristics: Heuristics | None = None, root_width: int | None = None,
                 root_width_players: int = 3, rollout_depth_many: int | None = None,
                 name: str = "ismcts") -> None:
        if rollout not in ("heuristic", "random"):
            raise ValueError(f"rollout must be 'heuristic' or 'random', not {rollout!r}")
        if root not in ("ucb", "paired"):
            raise ValueError(f"root must be 'ucb' or 'paired', not {root!r}")
        if opponents not in ("tree", "policy"):
            raise ValueError(f"opponents must be 'tree' or 'policy', not {opponents!r}")
        self.name = name
        self.rng = make_rng(seed)
        self.budget = budget or Budget(1000, 2.0)
        self.exploration = exploration
        self.rollout = rollout
        self.rollout_depth = rollout_depth
        self.tree_depth = tree_depth
        self.root = root
        self.opponents = opponents
        self.temperature = temperature
        self.heuristics = heuristics
        self.root_width = root_width
        self.root_width_players = root_width_players
        self.rollout_depth_many = rollout_depth_many
        self.last_stats: dict[str, Any] = {}

    def choose(self, info: SeatInfo) -> Any:
        start = time.perf_counter()
        legal = info.legal_actions()
        forced = only_choice(legal)
        if forced is not None:
            self.last_stats = {"iterations": 0, "seconds": time.perf_counter() - start}
            return forced
        h = self.heuristics or get_heuristics(info.game)
        many = info.view().get("num_players", 2) >= self.root_width_players
        depth = self.rollout_depth if self.rollout_depth is not None else h.rollout_depth
        if many and self.rollout_depth_many is not None:
            depth = self.rollout_depth_many
        search = _Search(h, info.seat, self.exploration,
                         h.rollout_action if self.rollout == "heuristic" else _random_action,
                         None if depth is not None and depth < 0 else depth, self.tree_depth,
                         self.opponents == "policy")
        root = _Node(None)
        if self.root_width and len(legal) > self.root_width and many:
            search.root, search.root_keys = root, self._best_one_ply(info, legal, h)
        deadline = start + self.budget.max_seconds
        limit = self.budget.iterations
        done = 0
        while done < limit:
            world = info.sample_world(self.rng)
            if self.root == "ucb":
                search.descend(root, world, self.rng)
                done += 1
            else:
                done += self._sweep(search, root, world, max(1, limit - done))
            if time.perf_counter() >= deadline:
                break
        action = self._settle_tie(self._pick(root, legal), root, legal, info, h)
        self.last_stats = {"iterations": done, "seconds": time.perf_counter() - start,
                           "root": {k: (c.visits, round(c.reward / max(c.visits, 1), 4))
                                    for k, c in root.children.items()}}
        return action

    def _best_one_ply(self, info: SeatInfo, legal: list[Any], h: Heuristics) -> set[str]:
        """The notation of the ``root_width`` actions rated best one ply ahead."""
        world = info.sample_world(self.rng)
        rated = []
        for action in legal:
            after = world.clone()
            after.apply(action)
            rated.append((h.value(after)[info.seat], self.rng.random(), str(action)))
        rated.sort(reverse=True)
        return {key for _, _, key in rated[:self.root_width]}

    def _sweep(self, search: _Search, root: _Node, world: State, room: int) -> int:
        """One descent per root action on copies of ``world``, all with the same luck."""
        seed = self.rng.getrandbits(64)
        actions = world.legal_actions()
        if room < len(actions):  # the last, partial sweep: a fair random subset
            actions = self.rng.sample(actions, room)
        player = world.current_player
        for action in actions:
            copy = world.clone()
            key = str(action)
            child = root.children.get(key)
            if child is None:
                child = root.children[key] = _Node(player)
            child.avail += 1
            copy.apply(action)
            rng = random.Random(seed)
            node = search.below(child, copy, action, player)
            search.descend(node, copy, rng, prefix=[child])
        return len(actions)

    def _pick(self, root: _Node, legal: list[Any]) -> Any:
        scored = []
        for action in legal:
            child = root.children.get(str(action))
            if child is not None and child.visits:
                scored.append((child.visits, child.reward / child.visits, action))
        if not scored:  # budget too small to try anything: a random legal move
            return self.rng.choice(legal)
        paired = self.root == "paired"
        if self.temperature > 0:
            if paired:
                best = max(mean for _, mean, _ in scored)
                weights = [math.exp((mean - best) / self.temperature) for _, mean, _ in scored]
            else:
                weights = [visits ** (1.0 / self.temperature) for visits, _, _ in scored]
            return self.rng.choices([a for _, _, a in scored], weights=weights)[0]
        if paired:  # every action had the same worlds: compare the means
            return max(scored, key=lambda t: (t[1], t[0]))[2]
        return max(scored, key=lambda t: (t[0], t[1]))[2]

    def _settle_tie(self, action: Any, root: _Node, legal: list[Any], info: SeatInfo, h: Heuristics) -> Any:
        """``action``, unless the search rated other moves exactly as well (every playout won,
        or every one lost: nothing told them apart) and the game's final scoring ranks one of
        them first (``Heuristics.tiebreak``): that one. On a game's last turn a bot sure of the
        result took any move, one costing points as readily as one keeping them."""
        if h.tiebreak is None or self.temperature > 0:  # easy's slips are its own
            return action
        means = {key: c.reward / c.visits for key, c in root.children.items() if c.visits}
        mean = means.get(str(action))
        if mean is None or max(means.values()) > mean + 1e-9:
            return action
        tied = [a for a in legal if abs(means.get(str(a), math.inf) - mean) <= 1e-9]
        if len(tied) < 2:
            return action
        world = info.sample_world(self.rng)  # the mover's own moves: the same in every world
        keys = {str(a): h.tiebreak(world, a) for a in tied}
        best = min(tied, key=lambda a: keys[str(a)])
        return action if keys[str(action)] <= keys[str(best)] else best


class _Search:
    """The per-decision constants of one search, and the descent itself."""

    __slots__ = ("c", "depth", "h", "max_tree", "observer", "opp_policy", "policy", "root", "root_keys")

    def __init__(self, h: Heuristics, observer: int, c: float, policy: Any, depth: int | None,
                 tree_depth: int | None, opp_policy: bool = False) -> None:
        self.h, self.observer, self.c, self.policy, self.depth = h, observer, c, policy, depth
        self.opp_policy = opp_policy
        self.max_tree = tree_depth if tree_depth is not None else 1 << 30
        self.root: _Node | None = None  # with root_keys: the only actions searched at this node
        self.root_keys: set[str] = set()

    def descend(self, node: _Node, world: State, rng: Any, prefix: list[_Node] | None = None) -> None:
        """Select and expand from ``node`` in ``world``, play out, back the reward up."""
        path = prefix or []
        while not world.is_terminal() and len(path) < self.max_tree:
            player = world.current_player
            if self.opp_policy and player != self.observer:
                # The opponent plays the game's policy, which sees its own cards in this world.
                action = self.policy(world, rng)
                key = str(action)
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = _Node(player)
                child.avail += 1
                world.apply(action)
                path.append(child)
                node = child
                continue
            keyed = [(str(a), a) for a in world.legal_actions()]
            if node is self.root:
                keyed = [pair for pair in keyed if pair[0] in self.root_keys] or keyed
            untried = []
            for key, action in keyed:
                child = node.children.get(key)
                if child is None:
                    untried.append((key, action))
                else:
                    child.avail += 1
            if untried:
                key, action = self._expansion_choice(world, untried, rng)
                child = node.children[key] = _Node(player)
                child.avail = 1
                world.apply(action)
                path.append(child)
                break
            key, action = self._select(node, keyed)
            child = node.children[key]
            world.apply(action)
            path.append(child)
            node = self.below(child, world, action, player)
        reward = self._playout(world, rng)
        for n in path:
            n.visits += 1
            n.reward += reward[n.actor]

    def below(self, child: _Node, world: State, action: Any, player: int | None) -> _Node:
        """Where the walk continues after ``child``: under what the observer just saw, if anything."""
        if player != self.observer:
            return child
        seen = self.h.observation(world, action, player)
        if seen is None:
            return child
        outcome = child.outcomes.get(seen)
        if outcome is None:
            outcome = child.outcomes[seen] = _Node(None)
        return outcome

    def _expansion_choice(self, world: State, untried: list[tuple[str, Any]],
                          rng: Any) -> tuple[str, Any]:
        order = self.h.order_actions
        if order is not None and len(untried) > 1:
            first = order(world, [a for _, a in untried])[0]
            for pair in untried:
                if pair[1] == first:
                    return pair
        return rng.choice(untried)

    def _select(self, node: _Node, keyed: list[tuple[str, Any]]) -> tuple[str, Any]:
        c = self.c
        best_score = -math.inf
        best = keyed[0]
        for pair in keyed:
            child = node.children[pair[0]]
            score = child.reward / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
            if score > best_score:
                best_score, best = score, pair
        return best

    def _playout(self, world: State, rng: Any) -> list[float]:
        policy, depth = self.policy, self.depth
        steps = 0
        while not world.is_terminal():
            if depth is not None and steps >= depth:
                return self.h.evaluate(world)
            world.apply(policy(world, rng))
            steps += 1
        return terminal_reward(world)


def _random_action(state: State, rng: Any) -> Any:
    return rng.choice(state.legal_actions())
