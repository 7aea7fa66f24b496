"""Solo puzzles: every level file loads, is validated with a message naming the file, and
the normal deduction AI, seeing only the answers, solves each within its 1-star budget."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest

from game.ai.cube_solver import solve_alone
from game.rules.cube.puzzle import PuzzleError, PuzzleRun, load_puzzle, load_puzzles
from game.rules.cube.shapes import format_shape

GOOD = '''title = "T"
hint = "H"
secret = "S:5.1,5.2 M:1.1,2.1,4.1 L:3.1,6.1,8.1,9.1"
given = ["5"]
stars = [1, 2, 4]
'''


def test_at_least_24_puzzles_load_in_order():
    puzzles, problems = load_puzzles()
    assert problems == []
    assert len(puzzles) >= 24
    assert [p.number for p in puzzles] == list(range(1, len(puzzles) + 1))
    assert len({p.name for p in puzzles}) == len(puzzles)
    # harder later: no more clues given than the puzzle before
    assert all(len(a.given) >= len(b.given) for a, b in itertools.pairwise(puzzles))


@pytest.mark.parametrize("puzzle", load_puzzles()[0], ids=lambda p: p.name)
def test_normal_ai_solves_each_puzzle_within_its_one_star_budget(puzzle):
    result = solve_alone(puzzle.secret, "normal", random.Random(7), given=puzzle.given, limit=puzzle.limit + 1)
    # solve_alone counts the final right guess; a puzzle does not
    assert result["solved"] and result["questions"] - 1 <= puzzle.limit


@pytest.mark.parametrize(("text", "problem"), [
    ("not toml [", "not valid TOML"),
    (GOOD.replace('given = ["5"]\n', ""), "missing key(s): given"),
    (GOOD + "extra = 1\n", "unknown key(s): extra"),
    (GOOD.replace("5.1,5.2", "5.1,5.4"), "too tall"),
    (GOOD.replace("M:1.1,2.1,4.1", "M:1.1,4.1,7.1"), "M is not a valid medium block"),
    (GOOD.replace('given = ["5"]', 'given = ["Z"]'), "not 1-9 or A-L"),
    (GOOD.replace('given = ["5"]', 'given = ["5", "5"]'), "repeats"),
    (GOOD.replace("stars = [1, 2, 4]", "stars = [4, 2, 1]"), "three growing"),
])
def test_bad_puzzle_files_are_refused_naming_the_file_and_problem(tmp_path: Path, text, problem):
    path = tmp_path / "99_bad.toml"
    path.write_text(text)
    with pytest.raises(PuzzleError) as err:
        load_puzzle(path, 1)
    assert str(path) in str(err.value) and problem in str(err.value)


def test_a_broken_file_is_skipped_with_a_message_and_the_rest_still_load(tmp_path: Path):
    (tmp_path / "01_ok.toml").write_text(GOOD)
    (tmp_path / "02_bad.toml").write_text("title = 3")
    puzzles, problems = load_puzzles(tmp_path)
    assert [p.name for p in puzzles] == ["01_ok"]
    assert len(problems) == 1 and "02_bad.toml" in problems[0]


def test_budget_stars_and_failure(tmp_path: Path):
    path = tmp_path / "01.toml"
    path.write_text(GOOD)
    puzzle = load_puzzle(path, 1)
    run = PuzzleRun(puzzle)
    assert run.used == 0 and run.answers == [("5", "S")]
    run.ask("1")
    assert run.used == 1
    assert run.guess("S:5.2,6.2 M:4.1,5.1,7.1 L:3.1,6.1,8.1,9.1") is False
    assert run.used == 2
    assert run.guess("S:5.1,5.2 M:1.1,2.1,4.1 L:3.1,6.1,8.1,9.1") is True
    assert run.stars() == 2 and run.over
    failing = PuzzleRun(puzzle)
    for q in "1234":
        failing.ask(q)
    assert not failing.failed  # out of questions, but the right guess is free
    assert failing.guess("S:5.2,6.2 M:4.1,5.1,7.1 L:3.1,6.1,8.1,9.1") is False
    assert failing.failed and failing.stars() == 0
    with pytest.raises(ValueError, match="over"):
        failing.ask("6")


def test_a_puzzle_can_still_be_guessed_for_one_star_after_its_last_question():
    puzzle = next(p for p in load_puzzles()[0] if p.number == 4)
    run = PuzzleRun(puzzle)
    unasked = [q for q in "123456789ABCDEFGHIJKL" if not run.asked(q)]
    for q in unasked[:puzzle.limit]:
        run.ask(q)
    assert run.used == puzzle.limit and not run.failed and not run.can_ask
    with pytest.raises(ValueError, match="no questions left"):
        run.ask(unasked[puzzle.limit])
    assert run.guess(format_shape(puzzle.secret)) and run.stars() == 1
    wrong = PuzzleRun(puzzle)
    for q in unasked[:puzzle.limit]:
        wrong.ask(q)
    other = "S:5.1,5.2 M:1.1,2.1,4.1 L:3.1,6.1,8.1,9.1"
    assert other != format_shape(puzzle.secret)
    assert not wrong.guess(other) and wrong.failed and wrong.over
