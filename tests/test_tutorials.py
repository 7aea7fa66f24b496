"""Every game's tutorial script loads and plays through the rules engine: each move it
teaches and each scripted opponent move is legal in order, and the game ends."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.paths import level_file
from game.tutorial import TutorialError, check_script, load_tutorial

GAMES = sorted(p.stem for p in level_file("tutorials").glob("*.toml"))


@pytest.mark.parametrize("game", GAMES)
def test_tutorial_script_is_legal_from_start_to_finish(game):
    tutorial = load_tutorial(game)
    assert tutorial.steps and tutorial.seats.count("human") == 1
    check_script(tutorial)


def test_every_game_has_a_tutorial():
    from game.rules import CATALOG
    assert set(GAMES) == {info.name for info in CATALOG}


def test_broken_tutorial_files_are_refused_naming_the_file(tmp_path: Path):
    path = tmp_path / "breaks.toml"
    path.write_text('title = "x"\nseats = ["human", "ai:easy"]\n[[step]]\nexpect = "draw"\n')
    with pytest.raises(TutorialError, match=r"breaks\.toml: step 1 needs a 'say'"):
        load_tutorial("breaks", path)
