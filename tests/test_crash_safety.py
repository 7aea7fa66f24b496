"""Crash-safe saves: the game is killed (SIGKILL) at random moments; every restart
continues from the last saved move with nothing lost or corrupt. (Full size: bench kill.)"""

from __future__ import annotations

import sys

import pytest

from game.killtest import kill_rounds


@pytest.mark.skipif(sys.platform == "win32", reason="needs SIGKILL")
def test_killing_the_game_never_loses_or_corrupts_the_save(tmp_path):
    result = kill_rounds(5, seed=3, home=tmp_path)
    assert result["resumed"] >= 3
