"""Solo puzzles: question a fixed hidden shape within a budget (no shape of your own).

Puzzles are data in ``levels/cube/puzzles/*.toml`` (sorted by file name = difficulty):
a title, a hint, the hidden shape, the questions answered up front and the star
budgets. Every ``ask`` and every wrong ``guess`` uses one question; the right guess is
free. With the 1-star budget used up no more asks are allowed, but the right guess still
earns a star; a wrong guess past the budget fails the puzzle.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.paths import level_file, read_toml
from game.rules.cube.answers import QUESTIONS, answer, question_of
from game.rules.cube.shapes import Shape, ShapeError, check_shape, format_shape, parse_shape

PUZZLE_SET = ("S", "M", "L")
KEYS = {"title", "hint", "secret", "given", "stars"}


class PuzzleError(ValueError):
    """A puzzle file is broken; the message names the file and the problem."""


@dataclass(frozen=True)
class Puzzle:
    number: int
    name: str                 # file stem, the key for saved stars
    title: str
    hint: str
    secret: Shape
    given: tuple[str, ...]
    stars: tuple[int, int, int]   # most questions for 3, 2, 1 stars

    @property
    def limit(self) -> int:
        return self.stars[2]


def _fail(path: Path, problem: str) -> PuzzleError:
    return PuzzleError(f"{path}: {problem}")


def parse_puzzle(data: Any, path: Path, number: int) -> Puzzle:
    if not isinstance(data, dict):
        raise _fail(path, "expected a TOML table")
    unknown = set(data) - KEYS
    missing = KEYS - set(data)
    if unknown:
        raise _fail(path, f"unknown key(s): {', '.join(sorted(unknown))}")
    if missing:
        raise _fail(path, f"missing key(s): {', '.join(sorted(missing))}")
    for key in ("title", "hint", "secret"):
        if not isinstance(data[key], str) or not data[key].strip():
            raise _fail(path, f"{key} must be a non-empty string")
    problem = check_shape(data["secret"], PUZZLE_SET)
    if problem:
        raise _fail(path, f"secret is not a legal shape: {problem}")
    given = data["given"]
    if not isinstance(given, list) or not all(isinstance(q, str) for q in given):
        raise _fail(path, "given must be a list of questions like \"5\" or \"E\"")
    try:
        given_q = tuple(question_of(q) for q in given)
    except (ValueError, KeyError):
        raise _fail(path, f"given holds a question that is not 1-9 or A-L: {given}") from None
    if len(set(given_q)) != len(given_q):
        raise _fail(path, "given repeats a question")
    stars = data["stars"]
    if (not isinstance(stars, list) or len(stars) != 3 or not all(type(s) is int and s >= 0 for s in stars)
            or not stars[0] <= stars[1] <= stars[2] or stars[2] < 1):
        raise _fail(path, "stars must be three growing whole numbers: [3-star, 2-star, 1-star budget], "
                          "the last at least 1")
    return Puzzle(number, path.stem, data["title"].strip(), data["hint"].strip(),
                  parse_shape(data["secret"], PUZZLE_SET), given_q, (stars[0], stars[1], stars[2]))


def load_puzzle(path: Path, number: int) -> Puzzle:
    try:
        data = read_toml(path)
    except ValueError as exc:  # the puzzle list skips a PuzzleError and says why
        raise PuzzleError(str(exc)) from None
    return parse_puzzle(data, path, number)


def load_puzzles(folder: Path | None = None) -> tuple[list[Puzzle], list[str]]:
    """Every puzzle in order, plus a message for each file that had to be skipped."""
    folder = folder or level_file("cube", "puzzles")
    puzzles: list[Puzzle] = []
    problems: list[str] = []
    for path in sorted(folder.glob("*.toml")):
        try:
            puzzles.append(load_puzzle(path, len(puzzles) + 1))
        except PuzzleError as exc:
            problems.append(str(exc))
    return puzzles, problems


@dataclass
class PuzzleRun:
    """One attempt at a puzzle."""

    puzzle: Puzzle
    answers: list[tuple[str, Any]] = field(default_factory=list)
    wrong: list[str] = field(default_factory=list)
    solved: bool = False

    def __post_init__(self) -> None:
        if not self.answers:
            self.answers = [(q, answer(self.puzzle.secret, q)) for q in self.puzzle.given]

    @property
    def used(self) -> int:
        return len(self.answers) - len(self.puzzle.given) + len(self.wrong)

    @property
    def left(self) -> int:
        return max(0, self.puzzle.limit - self.used)

    @property
    def can_ask(self) -> bool:
        return not self.over and self.used < self.puzzle.limit

    @property
    def failed(self) -> bool:
        # at the limit the right guess (free) still earns the last star; a wrong one fails
        return not self.solved and self.used > self.puzzle.limit

    @property
    def over(self) -> bool:
        return self.solved or self.failed

    def asked(self, q: str) -> bool:
        return any(a == q for a, _ in self.answers)

    def ask(self, question: str) -> Any:
        """Answer a question (uses one). ValueError if not allowed."""
        if self.over:
            raise ValueError("this puzzle is over")
        if not self.can_ask:
            raise ValueError("no questions left: the right guess is still free")
        q = question_of(question)
        if q not in QUESTIONS:
            raise ValueError("ask takes 1-9 or A-L")
        result = answer(self.puzzle.secret, q)
        self.answers.append((q, result))
        return result

    def guess(self, text: str) -> bool:
        """True if right (free); a wrong guess uses one question. ShapeError if illegal,
        ValueError for a wrong shape guessed before (it would tell nothing new)."""
        if self.over:
            raise ValueError("this puzzle is over")
        shape = parse_shape(text, PUZZLE_SET)
        if shape == self.puzzle.secret:
            self.solved = True
            return True
        if format_shape(shape) in self.wrong:  # it would cost a question and tell nothing new
            raise ValueError("you already guessed this shape, and it was not the one")
        self.wrong.append(format_shape(shape))
        return False

    def stars(self) -> int:
        if not self.solved:
            return 0
        return sum(1 for budget in self.puzzle.stars if self.used <= budget)


__all__ = ["Puzzle", "PuzzleError", "PuzzleRun", "ShapeError", "load_puzzle", "load_puzzles", "parse_puzzle"]
