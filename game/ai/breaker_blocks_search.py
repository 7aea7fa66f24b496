"""A turn-level search bot for Breaker Blocks (the "normal" and "hard" levels).

Breaker Blocks has perfect information and no chance after the deal, and a turn is a
short sequence of decisions (two actions and their action-tile steps). So instead of
MCTS this bot searches whole turns:

1. every line of play to the end of its own turn, pruned by the game's evaluation
   (``width`` best continuations kept at each main step, ``step_width`` at each step of
   an action tile; positions reached twice in the turn are expanded once);
2. for the ``reply`` most promising end-of-turn positions, the opponent's best answering
   turn, searched the same way (``reply_width``, ``reply_step_width``); a line is worth the
   evaluation after the opponent's best answer (minimax over two turns). With ``final_turn``
   (hard), a line after which the opponent's turn is the game's last (we ran out of power,
   BB-24.4, or the turn cap) is worth the result of the opponent's best final turn, searched to
   the end of the game: the evaluation's guess of that turn misses plays that take two actions
   to set up;
3. with ``deep`` > 0, the ``deep`` best lines also get our own next turn after each of
   the opponent's ``deep_replies`` best answers (three turns).

Leaves are scored by ``game.ai.heuristics.breaker_blocks.static_outcome``; finished games by
their result. A finished game is exact and an evaluation is only a guess, so evaluations are
kept strictly inside (0, 1) (``EDGE``): a line that wins the game now is always played, and a
line that loses it now is never preferred to one that goes on. A tie (both lose, BB-25) is worth
the level's ``tie``: 0 for normal, like a loss; ``TIE`` for hard, which takes a tie over a sure
loss (the opponent is denied the win) and weighs every finished line, however far down the
evaluation's order.

The chosen line is kept as a plan, so the later decisions of the same turn are answered at
once (nothing can change between them: the game has no chance and it is still our turn).
``Budget.max_seconds`` caps the search; when it runs out the best line found so far is played.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

from game.ai.bots import Budget, Seed, make_rng, only_choice
from game.ai.heuristics.breaker_blocks import TIE_VALUE, last_turn, quick_outcome, seat_values
from game.ai.seat import SeatInfo
from game.rules.breaker_blocks.state import BreakerBlocksState

Line = tuple[list[float], list[Any], BreakerBlocksState]  # (value per seat, actions, end position)


class _OutOfTime(Exception):
    pass


class _Refuted(Exception):
    """The opponent's final turn holds us to no more than a line already found."""


def signature(state: BreakerBlocksState) -> tuple[Any, ...]:
    """Everything that tells two positions apart (for transpositions and plans)."""
    b = state._board
    kind, tab = b.kind, b.tab
    return (tuple([(c, kind[c], tab[c]) for c in b.tiles[0]]), tuple([(c, kind[c], tab[c]) for c in b.tiles[1]]),
            tuple(state._hands[0]), tuple(state._hands[1]), tuple(state._piles[0]), tuple(state._piles[1]),
            tuple(state._piles[2]), tuple(state._drawn), state._cur, state._actions, state._effect,
            state._auth_count, state._auth_turn, state._final_for, state._end, tuple(state._turns))


# How far an evaluation of an unfinished game is kept from the exact results 0 and 1. The
# evaluation reaches exactly 1.0 (or 0.0) when it is sure: say the seat can place the
# game-ending AUTHENTICATE at its next turn while leading. Ranked level with a real win, such a
# line (even ``end``) could be chosen over winning now. Squeezing is monotone, so the order of
# unfinished lines among themselves (pruning, replies) does not change.
EDGE = 1e-6

# What equal circuit counts are worth to hard. Both lose (BB-25), and the benchmark credits
# nobody, so only a little: enough that a tie beats a sure loss (the opponent is denied the win
# and a person sees a draw), too little to trade real winning chances for one. Normal keeps 0: a
# normal that also saved these games pulled level with hard (46 % to 43 % over 100 games).
TIE = 0.05

# How many opponent lines that refuted a final-turn line are tried first on the next one.
KILLERS = 4


def values(state: BreakerBlocksState, tie: float = TIE_VALUE) -> list[float]:
    """Each seat's evaluation of ``state``: exact (1 win, ``tie`` tie, 0 loss) once the game is
    over, otherwise the heuristic squeezed into [EDGE, 1 - EDGE]."""
    if state._end is not None:
        return seat_values(quick_outcome(state), tie)
    if state._effect is not None:
        state = state.clone()  # settling the pending steps may even end the game: still a guess
    return [EDGE + (1.0 - 2.0 * EDGE) * v for v in seat_values(quick_outcome(state), tie)]


def _won(line: Line, seat: int) -> bool:
    """Does this line end the game now with ``seat`` the winner?"""
    leaf = line[2]
    return leaf._end is not None and leaf.winners() == [seat]


def _end_near(state: BreakerBlocksState) -> bool:
    """Might the game end within the next three turns (turn cap, final turn, AUTHENTICATE)?"""
    cap = state._cfg.turn_cap
    if cap and max(state._turns) >= cap - 2:
        return True
    return state._final_for is not None or state._auth_count >= 1


class BreakerBlocksSearchBot:
    """Two-turn (optionally three-turn) pruned minimax over whole turns."""

    def __init__(self, seed: Seed = None, budget: Budget | None = None, *, width: tuple[int, ...] = (12, 6),
                 step_width: int = 3, reply: int = 6, reply_width: tuple[int, ...] = (6, 4),
                 reply_step_width: int = 2, deep: int = 0, deep_replies: int = 2,
                 deep_width: tuple[int, ...] = (4, 3), end_deep: int = 0, tie: float = TIE_VALUE,
                 final_turn: bool = False, name: str = "ai:normal") -> None:
        self.name = name
        self.rng = make_rng(seed)
        self.budget = budget or Budget(1, 1.5)
        self.width = width
        self.step_width = step_width
        self.reply = reply
        self.reply_width = reply_width
        self.reply_step_width = reply_step_width
        self.deep = deep
        self.deep_replies = deep_replies
        self.deep_width = deep_width
        self.end_deep = end_deep
        self.tie = tie
        self.final_turn = final_turn
        self.last_stats: dict[str, Any] = {}
        self._plan: dict[tuple[Any, ...], Any] = {}
        self._deadline = 0.0
        self._nodes = 0
        self._killers: list[list[Any]] = []

    # --- the bot interface -------------------------------------------------------------------

    def choose(self, info: SeatInfo) -> Any:
        start = time.perf_counter()
        legal = info.legal_actions()
        forced = only_choice(legal)
        if forced is not None:
            self.last_stats = {"iterations": 0, "seconds": time.perf_counter() - start}
            return forced
        world = info.sample_world(self.rng)
        planned = self._plan.get(signature(world))
        if planned is not None and planned in legal:
            self.last_stats = {"iterations": 0, "planned": True, "seconds": time.perf_counter() - start}
            return planned
        self._deadline = start + self.budget.max_seconds
        self._nodes = 0
        actions = self._search(world)
        if not actions or actions[0] not in legal:  # cannot happen; stay legal regardless
            actions = [legal[0]]
        self._remember(world, actions)
        self.last_stats = {"iterations": self._nodes, "seconds": time.perf_counter() - start,
                           "line": [str(a) for a in actions]}
        return actions[0]

    def _remember(self, world: BreakerBlocksState, actions: list[Any]) -> None:
        """Keep the rest of the chosen line, keyed by the positions it passes through."""
        self._plan = {}
        state = world.clone()
        seat = state._cur
        for a in actions:
            if state._end is not None or state._cur != seat:
                break
            self._plan[signature(state)] = a
            state.apply(a)

    # --- the search ---------------------------------------------------------------------------

    def _search(self, world: BreakerBlocksState) -> list[Any]:
        seat = world._cur
        lines: list[Line] = []
        try:
            self._expand(world, seat, self.width, self.step_width, 0, [], set(), lines)
        except _OutOfTime:
            if not lines:
                return [world.legal_actions()[0]]
        won = [line for line in lines if _won(line, seat)]
        if won:
            return won[0][1]  # a won game: nothing to think about
        lines.sort(key=lambda t: -t[0][seat])
        # (value, actions, leaf, exact); a finished game is exact, an unfinished one a guess
        scored: list[tuple[float, list[Any], BreakerBlocksState, bool]] = []
        self._killers = []
        try:
            searched = 0
            for vals, actions, leaf in lines:
                if leaf._end is not None:
                    scored.append((vals[seat], actions, leaf, True))
                    continue
                if self.final_turn and last_turn(leaf):  # the opponent's final turn is next: see it all
                    value = self._final_value(leaf, seat, max((t[0] for t in scored), default=-1.0))
                    if value >= 1.0:
                        return actions  # every final turn the opponent has loses: a won game
                    scored.append((value, actions, leaf, True))
                    continue
                if searched >= self.reply:
                    break
                searched += 1
                scored.append((self._reply_value(leaf, seat), actions, leaf, False))
        except _OutOfTime:
            if all(exact for *_, exact in scored):
                # no answer searched in time: the best line by evaluation that hands over no
                # final turn (for normal that is lines[0], as every finished line left is worth
                # 0; for hard a tie may be worth more)
                guess = next(((vals[seat], actions, leaf, False) for vals, actions, leaf in lines
                              if leaf._end is None and not (self.final_turn and last_turn(leaf))), None)
                if guess is None:
                    return lines[0][1]
                scored.append(guess)
        if self.tie:
            # a tie beats losing later: every finished line takes part, however low the
            # evaluation ranked it among the lines that go on
            taken = {id(t[1]) for t in scored}
            scored += [(vals[seat], actions, leaf, True) for vals, actions, leaf in lines
                       if leaf._end is not None and id(actions) not in taken]
        scored.sort(key=lambda t: -t[0])
        best_line = scored[0][1]
        deep = self.deep or (self.end_deep if _end_near(world) else 0)
        if deep:
            deep_scored = []
            try:
                for value, actions, leaf, exact in scored[:deep]:
                    if not exact:
                        value = self._deep_value(leaf, seat)
                    deep_scored.append((value, actions))
            except _OutOfTime:
                return best_line
            deep_scored.sort(key=lambda t: -t[0])
            best_line = deep_scored[0][1]
        return best_line

    def _final_value(self, leaf: BreakerBlocksState, seat: int, alpha: float) -> float:
        """``seat``'s value after the opponent's final turn from ``leaf``: every line of that turn
        ends the game, so each is worth its result, and the opponent picks the worst for ``seat``.
        Stops once the opponent holds ``seat`` to ``alpha`` or less (the line cannot beat one
        already found); the opponent's lines that did so before are tried first."""
        for line in self._killers:
            value = self._replay(leaf, line, seat)
            if value is not None and value <= alpha:
                return value
        found: list[Any] = [1.0, None]  # seat's worst result so far, and the opponent's line to it
        try:
            self._final_lines(leaf, leaf._cur, seat, alpha, 0, [], set(), found)
        except _Refuted:
            self._killers = [found[1], *[k for k in self._killers if k != found[1]]][:KILLERS]
        return found[0]

    def _final_lines(self, state: BreakerBlocksState, mover: int, seat: int, alpha: float, main: int,
                     prefix: list[Any], seen: set[tuple[Any, ...]], found: list[Any]) -> None:
        """Depth first through ``mover``'s final turn, best continuations for ``mover`` first."""
        inner: list[tuple[float, Any, BreakerBlocksState]] = []
        for a, child, vals in self._steps(state, seen):
            if child._end is not None or child._cur != mover:
                if vals[seat] < found[0]:
                    found[0], found[1] = vals[seat], [*prefix, a]
                    if found[0] <= max(alpha, 0.0):
                        raise _Refuted
            else:
                inner.append((vals[mover], a, child))
        inner.sort(key=lambda t: -t[0])
        keep, nxt = _widths(state, main, self.reply_width, self.reply_step_width)
        for _, a, child in inner[:keep]:
            self._final_lines(child, mover, seat, alpha, nxt, [*prefix, a], seen, found)

    def _replay(self, state: BreakerBlocksState, line: list[Any], seat: int) -> float | None:
        """``seat``'s result if ``line`` can be played from ``state`` and ends the game, else None."""
        state = state.clone()
        for a in line:
            if state._end is not None or state.why_illegal(a) is not None:
                return None
            state.apply(a)
        return values(state, self.tie)[seat] if state._end is not None else None

    def _reply_value(self, leaf: BreakerBlocksState, seat: int) -> float:
        """``seat``'s value after the opponent's best answering turn (best for the opponent)."""
        opp = leaf._cur
        replies = self._turn_lines(leaf, opp, self.reply_width, self.reply_step_width)
        best = max(replies, key=lambda t: (t[0][opp], -t[0][seat]))
        return best[0][seat]

    def _deep_value(self, leaf: BreakerBlocksState, seat: int) -> float:
        """The opponent's best answers, then our best next turn (three turns)."""
        opp = leaf._cur
        replies = self._turn_lines(leaf, opp, self.reply_width, self.reply_step_width)
        replies.sort(key=lambda t: (-t[0][opp], t[0][seat]))
        outcome = 1.0
        for vals, _, after in replies[:self.deep_replies]:
            value = vals[seat]
            if after._end is None:
                ours = self._turn_lines(after, seat, self.deep_width, self.reply_step_width)
                value = max(v[seat] for v, _, _ in ours)
            outcome = min(outcome, value)
        return outcome

    def _steps(self, state: BreakerBlocksState,
               seen: set[tuple[Any, ...]]) -> Iterator[tuple[Any, BreakerBlocksState, list[float]]]:
        """(action, position, values) for each action from ``state`` to a position this turn's
        search has not reached before (the time cap is checked first)."""
        if time.perf_counter() > self._deadline:
            raise _OutOfTime
        for a in state.legal_actions():
            child = state.clone()
            child.apply(a)
            self._nodes += 1
            key = signature(child)
            if key in seen:
                continue
            seen.add(key)
            yield a, child, values(child, self.tie)

    def _turn_lines(self, state: BreakerBlocksState, mover: int, widths: tuple[int, ...],
                    step_width: int) -> list[Line]:
        """Every kept line from ``state`` to the end of ``mover``'s turn; pruning keeps the
        continuations best for ``mover``."""
        out: list[Line] = []
        seen: set[tuple[Any, ...]] = set()
        self._expand(state, mover, widths, step_width, 0, [], seen, out)
        return out

    def _expand(self, state: BreakerBlocksState, mover: int, widths: tuple[int, ...], step_width: int,
                main: int, prefix: list[Any], seen: set[tuple[Any, ...]], out: list[Line]) -> None:
        inner: list[tuple[float, Any, BreakerBlocksState]] = []
        for a, child, vals in self._steps(state, seen):
            if child._end is not None or child._cur != mover:
                out.append((vals, [*prefix, a], child))
            else:
                inner.append((vals[mover], a, child))
        if not inner:
            return
        inner.sort(key=lambda t: -t[0])
        keep, nxt = _widths(state, main, widths, step_width)
        for _, a, child in inner[:keep]:
            self._expand(child, mover, widths, step_width, nxt, [*prefix, a], seen, out)


def _widths(state: BreakerBlocksState, main: int, widths: tuple[int, ...], step_width: int) -> tuple[int, int]:
    """(how many continuations to keep, the main-action depth below): the steps of an action
    tile keep ``step_width`` and stay at the same depth; a main action keeps its depth's width."""
    if state._effect is not None:
        return step_width, main
    return widths[min(main, len(widths) - 1)], main + 1


# Search shape per level (the time cap comes from the level's ``max_seconds``).
SEARCH: dict[str, dict[str, Any]] = {
    "normal": {"width": (12, 6), "step_width": 3, "reply": 6, "reply_width": (8, 4), "reply_step_width": 2,
               "end_deep": 3, "deep_replies": 2, "deep_width": (6, 3)},
    "hard": {"width": (16, 8), "step_width": 4, "reply": 10, "reply_width": (10, 5), "reply_step_width": 3,
             "tie": TIE, "final_turn": True},
}


def make_search_bot(level: str, max_seconds: float, seed: Seed = None) -> BreakerBlocksSearchBot:
    """The bot for ``level`` ("normal" or "hard"), capped at ``max_seconds`` per decision."""
    return BreakerBlocksSearchBot(seed, Budget(1, max_seconds), name=f"ai:{level}", **SEARCH[level])
