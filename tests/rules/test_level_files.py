"""Every file in levels/ that cannot be read says which file and why, in the words the
client translates: missing, not text, not TOML."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.rules.blockers.data import load_board
from game.rules.breaker_blocks.data import load_level
from game.rules.breaks.cards import load_deck
from game.rules.circuit_breaker.data import load_data as load_circuit_data
from game.rules.cube.data import load_data as load_cube_data
from game.rules.cube.puzzle import PuzzleError, load_puzzle, load_puzzles
from game.tutorial import TutorialError, load_tutorial

LOADERS = {
    "breaks deck": load_deck,
    "blockers board": load_board,
    "breaker blocks level": load_level,
    "circuit breaker data": load_circuit_data,
    "cube pieces": load_cube_data,
    "cube puzzle": lambda path: load_puzzle(path, 1),
    "tutorial": lambda path: load_tutorial("breaks", path),
}


@pytest.mark.parametrize("loader", LOADERS.values(), ids=list(LOADERS))
def test_a_level_file_that_is_not_text_is_named_with_the_reason(tmp_path: Path, loader):
    """Saved in another encoding (or overwritten with binary): the message named no file."""
    path = tmp_path / "level.toml"
    path.write_bytes(b"\xff\xfe t\x00i\x00t\x00l\x00e\x00")
    with pytest.raises(ValueError) as refused:
        loader(path)
    assert str(refused.value) == f"{path}: not a text file (not UTF-8)"


def test_a_tutorial_or_puzzle_that_is_not_text_is_their_own_error(tmp_path: Path):
    """The set-up screen and the puzzle list catch these two and say so; anything else
    reached the error screen."""
    path = tmp_path / "level.toml"
    path.write_bytes(b"\xff")
    with pytest.raises(TutorialError):
        load_tutorial("breaks", path)
    with pytest.raises(PuzzleError):
        load_puzzle(path, 1)
    (tmp_path / "01_good.toml").write_bytes(b"\xff")
    puzzles, problems = load_puzzles(tmp_path)
    assert puzzles == [] and len(problems) == 2
