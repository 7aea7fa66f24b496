"""The Break the Cube deduction AI.

It keeps the exact set of shapes its target could have, given every public answer the
target gave and every wrong guess made at it (the rules engine's answer tables make that
a few bitset ANDs for the standard set). Each turn it weighs every question by how it
would split that set, against guessing now:

- expected turns to finish after an answer is estimated as ``finish(n)`` for the ``n``
  shapes left (``finish(1) = 1``: guess it; more shapes cost about log_B(n) more turns);
- a side question also tells the other players something about our own secret; that
  costs ``reveal_cost`` turns per bit given away (zero in solo puzzles);
- ``hard`` looks one answer further ahead for the best few questions.

Levels: ``easy`` forgets answers older than a few turns and picks among the good
questions at random (plausible but imperfect); ``normal`` is one-step; ``hard`` two-step,
and builds its own secret to be hard to identify.
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from game.rules.cube import (
    QUESTIONS,
    Ask,
    Build,
    Guess,
    answer,
    answer_table,
    consistent_shapes,
    parse_shape,
    sample_consistent,
    sample_shape,
)
from game.rules.cube.space import EAGER_LIMIT, shape_count

Fact = tuple[str, Any]


@dataclass(frozen=True)
class SolverLevel:
    branching: float         # B in finish(n) = 1 + log_B(n)
    lookahead: int           # 1 = one-step, 2 = also the best reply to each answer
    top_k: int               # questions considered for the second step
    forget_after: int | None  # easy: only the last N facts are remembered
    choose_among: int        # easy: pick at random among the best N questions
    reveal_cost: float       # turns per bit of our own secret a side question gives away
    build: str               # "random" or "hard" (hard-to-identify secret)
    samples: int             # big sets: shapes sampled to judge questions
    exact_below: int = 0     # subsets this small are valued by exact search


SOLVER_LEVELS = {
    "easy": SolverLevel(branching=5.0, lookahead=1, top_k=1, forget_after=4, choose_among=6, reveal_cost=0.0,
                        build="random", samples=200),
    "greedy": SolverLevel(branching=5.0, lookahead=1, top_k=1, forget_after=None, choose_among=1, reveal_cost=0.0,
                          build="random", samples=300),
    "normal": SolverLevel(branching=5.0, lookahead=1, top_k=1, forget_after=None, choose_among=1,
                          reveal_cost=0.02, build="random", samples=400),
    "hard": SolverLevel(branching=5.0, lookahead=2, top_k=6, forget_after=None, choose_among=1, reveal_cost=0.02,
                        build="hard", samples=500),
}


# Average turns the one-step solver still needed with n candidates left, measured over
# 400 random standard-set games (see the closing note of the cube issue); interpolated
# in log(n). Used to value the subsets a question would leave.
FINISH_TABLE = ((1, 1.0), (2, 1.5), (3, 1.89), (4, 2.3), (6, 2.7), (10, 2.98), (20, 3.38), (40, 3.7),
                (80, 3.96), (160, 4.24), (320, 4.55), (1280, 4.94), (19272, 5.79))


def finish(n: int, branching: float = 0.0) -> float:
    """Estimated turns to identify and name one of ``n`` equally likely shapes."""
    if n <= 1:
        return 1.0
    x = math.log(n)
    pts = FINISH_TABLE
    for (n0, v0), (n1, v1) in itertools.pairwise(pts):
        if n <= n1:
            x0, x1 = math.log(n0), math.log(n1)
            return v0 + (v1 - v0) * (x - x0) / (x1 - x0)
    (n0, v0), (n1, v1) = pts[-2], pts[-1]
    return v1 + (v1 - v0) * (x - math.log(n1)) / (math.log(n1) - math.log(n0))


# --- what the seat knows --------------------------------------------------------------

def facts_about(view: dict[str, Any], seat: int) -> tuple[list[Fact], list[str]]:
    """The public answers ``seat`` gave, oldest first, and the shapes wrongly guessed at it."""
    facts: list[Fact] = []
    wrong: list[str] = []
    for entry in view["log"]:
        action = entry["action"]
        if action.startswith("ask "):
            q = action.split()[1]
            if q.isdigit():
                if entry.get("target") == seat:
                    facts.append((q, entry.get("answer")))
            else:
                facts.append((q, tuple(entry["answers"][seat])))
        elif action.startswith("guess ") and entry.get("target") == seat and not entry.get("correct"):
            wrong.append(action[len("guess "):])
    return facts, wrong


SAMPLE_SECONDS = 1.0  # time cap on sampling a big candidate set (4 or 5 blocks)
MIN_SAMPLES = 5  # each can take a third of a second with 5 blocks early on


class Candidates:
    """The shapes a seat could have: exact (table bitsets) for sets held in memory,
    otherwise a uniform sample plus the exact list once it is small."""

    def __init__(self, pieces: Sequence[str], facts: Iterable[Fact], wrong: Iterable[str], rng: random.Random,
                 samples: int, seconds: float = SAMPLE_SECONDS) -> None:
        self.pieces = tuple(pieces)
        self.facts = list(facts)
        self.wrong = [parse_shape(w, self.pieces) for w in wrong]
        self.table = None
        if shape_count(self.pieces) <= EAGER_LIMIT:
            self.table = answer_table(self.pieces)
            bits = self.table.consistent(self.facts)
            for shape in self.wrong:
                bits &= ~self.table.bit_of(shape)
            self.bits = bits
            self.count = bits.bit_count()
            self.shapes: list[Any] | None = None
        else:
            guessed = tuple((s, False) for s in self.wrong)
            # a draw can take tens of ms for the big sets early on: stop at the time cap,
            # keeping at least MIN_SAMPLES (enough to rank questions roughly)
            deadline = time.perf_counter() + seconds
            drawn = []
            while len(drawn) < samples and (len(drawn) < MIN_SAMPLES or time.perf_counter() < deadline):
                drawn.append(sample_consistent(self.pieces, self.facts, guessed, rng))
            distinct = set(drawn)
            if len(distinct) <= min(24, len(drawn) // 8):
                # few left (draws keep repeating): list them exactly (the solver is quick once
                # answers pin positions)
                self.shapes = consistent_shapes(self.pieces, self.facts, guessed)
                self.count = len(self.shapes)
            else:
                self.shapes = drawn
                self.count = None  # unknown; many

    def sizes(self, q: str) -> list[int]:
        """How the candidates split by their answer to ``q`` (partition sizes)."""
        if self.table is not None:
            out = []
            for code in _codes(self.pieces, q):
                n = (self.bits & _matching(self.table, q, code)).bit_count()
                if n:
                    out.append(n)
            return out
        counts = Counter(_answer_key(answer(s, q)) for s in self.shapes)
        if self.count is None:  # sample: scale to an estimate of the real sizes
            return [max(1, round(c * 50)) for c in counts.values()]
        return list(counts.values())

    def any_shape(self, rng: random.Random) -> Any:
        if self.table is not None:
            from game.rules.cube.answers import bit_indices
            idx = bit_indices(self.bits)
            return self.table.space[rng.choice(idx)]
        return rng.choice(self.shapes)

    def branch(self, q: str, code: int) -> Candidates:
        """The candidates that answer ``q`` with ``code`` (table sets only)."""
        sub = Candidates.__new__(Candidates)
        sub.pieces, sub.facts, sub.wrong, sub.table, sub.shapes = self.pieces, self.facts, self.wrong, self.table, None
        sub.bits = self.bits & _matching(self.table, q, code)
        sub.count = sub.bits.bit_count()
        return sub

    @property
    def size(self) -> int:
        return self.count if self.count is not None else 10 ** 6


def _answer_key(a: Any) -> Any:
    return tuple(a) if isinstance(a, list) else a


@cache
def _codes(pieces: tuple[str, ...], q: str) -> tuple[int, ...]:
    """Every answer code some shape of the set gives to ``q``."""
    return tuple(sorted(set(answer_table(pieces).column(q))))


def _matching(table: Any, q: str, code: int) -> int:
    return table.matching(q, table.decode(q, code))


# --- choosing -------------------------------------------------------------------------

@cache
def exact_turns(pieces: tuple[str, ...], bits: int) -> float:
    """The least expected number of turns (asks and guesses, the right guess included)
    to name the shape among the candidates ``bits``, found by exhaustive search."""
    n = bits.bit_count()
    if n <= 1:
        return 1.0
    table = answer_table(pieces)
    best = 1.0 + (n - 1) / n * exact_turns(pieces, bits & (bits - 1))  # guess one: the rest stay
    for q in QUESTIONS:
        parts = []
        for code in _codes(pieces, q):
            sub = bits & _matching(table, q, code)
            if sub:
                if sub == bits:
                    break  # this question tells nothing here
                parts.append(sub)
        else:
            value = 1.0 + sum(p.bit_count() / n * exact_turns(pieces, p) for p in parts)
            best = min(best, value)
    return best


# (level, pieces, candidate bits, reveal costs) -> ranked questions; oldest dropped first
_RANKED: dict[tuple[Any, ...], tuple[tuple[float, str], ...]] = {}
_RANKED_MAX = 256


class CubeSolver:
    def __init__(self, level: str, rng: random.Random) -> None:
        self.level = SOLVER_LEVELS[level]
        self.rng = rng

    def question_value(self, cands: Candidates, q: str, reveal: float) -> float:
        """Expected turns to finish if we ask ``q`` now (lower is better)."""
        if cands.table is not None and self.level.exact_below and cands.count <= 64:
            # small sets: value each answer's subset exactly when it is small enough
            value = 1.0 + reveal
            for code in _codes(cands.pieces, q):
                bits = cands.bits & _matching(cands.table, q, code)
                n = bits.bit_count()
                if n:
                    value += n / cands.count * self.subset_value(cands, bits, n)
            return value
        sizes = cands.sizes(q)
        total = sum(sizes)
        b = self.level.branching
        return 1.0 + sum(n / total * finish(n, b) for n in sizes) + reveal

    def subset_value(self, cands: Candidates, bits: int, n: int) -> float:
        if n <= self.level.exact_below:
            return exact_turns(cands.pieces, bits)
        return finish(n, self.level.branching)

    def guess_value(self, n: int) -> float:
        """Expected turns to finish if we guess one of ``n`` shapes now."""
        return 1.0 if n <= 1 else 1.0 + (n - 1) / n * finish(n - 1, self.level.branching)

    def two_step_value(self, cands: Candidates, q: str, reveal: float) -> float:
        """Expected turns if we ask ``q`` and then play the best one-step move."""
        total = cands.count
        value = 1.0 + reveal
        for code in _codes(cands.pieces, q):
            sub = cands.branch(q, code)
            n = sub.count
            if not n:
                continue
            if n == 1:
                best = 1.0
            else:
                best = min(self.guess_value(n), min(self.question_value(sub, q2, 0.0) for q2 in QUESTIONS))
            value += n / total * best
        return value

    def _ranked(self, cands: Candidates, reveal_bits: dict[str, float]) -> list[tuple[float, str]]:
        """Every question with its expected turns to finish, best first. Exact candidate
        sets are remembered: the opening (nothing known yet) is the same every game and
        is the costliest to judge."""
        key = None
        if cands.table is not None:
            key = (self.level, cands.pieces, cands.bits, tuple(sorted(reveal_bits.items())))
            known = _RANKED.get(key)
            if known is not None:
                return list(known)
        scored = []
        for q in QUESTIONS:
            reveal = self.level.reveal_cost * reveal_bits.get(q, 0.0)
            scored.append((self.question_value(cands, q, reveal), q))
        scored.sort()
        if self.level.lookahead >= 2 and cands.table is not None and cands.size > 2:
            top = scored[: self.level.top_k]
            rescored = []
            for _, q in top:
                reveal = self.level.reveal_cost * reveal_bits.get(q, 0.0)
                rescored.append((self.two_step_value(cands, q, reveal), q))
            rescored.sort()
            scored = rescored + scored[self.level.top_k:]
        if key is not None:
            if len(_RANKED) >= _RANKED_MAX:
                _RANKED.pop(next(iter(_RANKED)))
            _RANKED[key] = tuple(scored)
        return scored

    def choose(self, cands: Candidates, reveal_bits: dict[str, float],
               cautious: bool = False) -> tuple[str, Any]:
        """("ask", question) or ("guess", shape).

        ``cautious``: a wrong guess would knock us out (sudden death, CU-14) and a later
        turn will come, so the turns model does not apply: while some question can still
        tell the shapes apart, ask it rather than gamble (a guess among 2 shapes loses the
        game half the time; one more answer makes it certain)."""
        n = cands.size
        if n <= 1 and cands.count is not None:
            return "guess", cands.any_shape(self.rng)
        scored = self._ranked(cands, reveal_bits)
        best_value, best_q = scored[0]
        if self.level.choose_among > 1:
            best_value, best_q = self.rng.choice(scored[: self.level.choose_among])
        if cautious and cands.count is not None:
            if len(cands.sizes(best_q)) > 1:
                return "ask", best_q
            telling = [q for _, q in scored if len(cands.sizes(q)) > 1]
            return ("ask", telling[0]) if telling else ("guess", cands.any_shape(self.rng))
        if cands.count is not None and self.guess_value(n) <= best_value:
            return "guess", cands.any_shape(self.rng)
        return "ask", best_q


def reveal_bits(view: dict[str, Any], seat: int, pieces: Sequence[str], secret: str | None) -> dict[str, float]:
    """Bits a side question would give away about our own secret to whoever targets us."""
    if not secret:
        return {}
    facts, wrong = facts_about(view, seat)
    pieces = tuple(pieces)
    if shape_count(pieces) > EAGER_LIMIT:
        return {}
    table = answer_table(pieces)
    bits = table.consistent(facts)
    for w in wrong:
        bits &= ~table.bit_of(parse_shape(w, pieces))
    known = bits.bit_count()
    mine = parse_shape(secret, pieces)
    out = {}
    for q in QUESTIONS:
        if q.isdigit():
            continue
        left = (bits & table.matching(q, answer(mine, q))).bit_count()
        out[q] = math.log2(known / left) if left else 0.0
    return out


def hard_secret(pieces: Sequence[str], rng: random.Random, tries: int = 40) -> Any:
    """A secret that is hard to identify: among random shapes, the one whose answers to
    the usual opening questions are the most common (it hides in the biggest crowds)."""
    pieces = tuple(pieces)
    if shape_count(pieces) > EAGER_LIMIT:
        return sample_shape(pieces, rng)
    table = answer_table(pieces)
    opening = ("5", "B", "E", "H", "K", "2", "8")
    best, best_score = None, -1.0
    for _ in range(tries):
        shape = sample_shape(pieces, rng)
        score = 0.0
        for q in opening:
            score += math.log((table.matching(q, answer(shape, q))).bit_count())
        if score > best_score:
            best, best_score = shape, score
    return best


# --- the bot --------------------------------------------------------------------------

class CubeBot:
    """A Bot (see bots.py) for Break the Cube built on CubeSolver."""

    def __init__(self, level: str, seed: Any = None) -> None:
        self.name = f"cube:{level}"
        self.level_name = level
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self.solver = CubeSolver(level, self.rng)
        self.last_stats: dict[str, Any] = {}

    def choose(self, info: Any) -> Any:
        start = time.perf_counter()
        view = info.view()
        seat = info.seat
        if view["phase"] == "build":
            pieces = view["pieces"][seat]
            if self.solver.level.build == "hard":
                shape = hard_secret(pieces, self.rng)
            else:
                shape = sample_shape(tuple(pieces), self.rng)
            action = Build(shape)
        else:
            action = self.play(view, seat)
        self.last_stats = {"seconds": time.perf_counter() - start}
        return action

    def play(self, view: dict[str, Any], seat: int) -> Any:
        target = view["target"]
        pieces = view["pieces"][target]
        facts, wrong = facts_about(view, target)
        if self.solver.level.forget_after is not None:
            facts = facts[-self.solver.level.forget_after:]
        cands = Candidates(pieces, facts, wrong, self.rng, self.solver.level.samples)
        if cands.count == 0:  # forgot too much to be consistent: start over from scratch
            cands = Candidates(pieces, [], wrong, self.rng, self.solver.level.samples)
        if last_turn(view):
            return Guess(cands.any_shape(self.rng))
        bits = reveal_bits(view, seat, view["pieces"][seat], view.get("my_secret"))
        kind, what = self.solver.choose(cands, bits)
        if kind == "guess" and cands.size > 1 and self.cautious(view, seat):  # (checked only when gambling)
            kind, what = self.solver.choose(cands, bits, cautious=True)
        return Ask(what) if kind == "ask" else Guess(what)

    def cautious(self, view: dict[str, Any], seat: int) -> bool:
        """Under sudden death a wrong guess knocks us out, so we only guess once sure, unless
        this is the last round (no later turn) or a seat still to move this round can already
        name its target's shape from the public answers: its right guess would end the game
        with this round (CU-13), and then a gamble now is the last chance. (A seat that moves
        before us would end it next round, and we still get that round's turn.)"""
        options = view["options"]
        if not options.get("sudden_death") or view["round"] >= int(options.get("max_rounds", 50)):
            return False  # no elimination to fear, or no later turn for an answer to help
        n = view["num_players"]
        first = view["first_player"]
        for q in range(n):
            if (q - first) % n <= (seat - first) % n or view["eliminated"][q] or view["solved"][q]:
                continue
            t = (q + 1) % n  # q's target (CU-1)
            facts, wrong = facts_about(view, t)
            if Candidates(view["pieces"][t], facts, wrong, self.rng, 50, seconds=0.1).count == 1:
                return False
        return True


def last_turn(view: dict[str, Any]) -> bool:
    """No later turn will come, so an answer is of no more use and only a guess can still
    win: someone is solved and the round is being played out (CU-13), or this is the last
    round (CU-15). Under sudden death a wrong guess in the last round would leave the game
    to the others (CU-14), so there the solver weighs it as usual."""
    if view.get("end_triggered"):
        return True
    options = view["options"]
    return view["round"] >= int(options.get("max_rounds", 50)) and not options.get("sudden_death")


# --- solo measurement -----------------------------------------------------------------

def solve_alone(secret: Any, level: str, rng: random.Random, pieces: Sequence[str] = ("S", "M", "L"),
                given: Iterable[str] = (), limit: int = 40) -> dict[str, Any]:
    """Question a fixed hidden shape with no shape of our own (puzzles, bench cube-solve).

    Returns the number of questions used (every ask and every guess, the final correct one
    included), the seconds of the slowest decision and whether it was solved in ``limit``."""
    solver = CubeSolver(level, rng)
    pieces = tuple(pieces)
    facts: list[Fact] = [(q, _answer_key(answer(secret, q))) for q in given]
    wrong: list[str] = []
    from game.rules.cube import format_shape
    used = 0
    slowest = 0.0
    while used < limit:
        t0 = time.perf_counter()
        f = facts[-solver.level.forget_after:] if solver.level.forget_after else facts
        cands = Candidates(pieces, f, wrong, rng, solver.level.samples)
        if cands.count == 0:
            cands = Candidates(pieces, [], wrong, rng, solver.level.samples)
        kind, what = solver.choose(cands, {})
        slowest = max(slowest, time.perf_counter() - t0)
        used += 1
        if kind == "guess":
            if what == secret:
                return {"questions": used, "solved": True, "slowest_s": slowest}
            wrong.append(format_shape(what))
        else:
            facts.append((what, _answer_key(answer(secret, what))))
    return {"questions": used, "solved": False, "slowest_s": slowest}
