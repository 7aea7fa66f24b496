"""Rules under fire, every game: hostile strings and near-miss actions are refused with a
message and change nothing, JSON round-trips at every step, determinize keeps the view,
every game ends. (Full size: ``python -m game bench fuzz``.)"""

from __future__ import annotations

import pytest

from game.fuzz import fuzz_game
from game.rules import CATALOG, is_available

GAMES = {"breaks": 12, "blockers": 6, "breaker_blocks": 8, "circuit_breaker": 4, "cube": 6}


@pytest.mark.parametrize("game", [info.name for info in CATALOG if is_available(info.name)])
def test_every_engine_survives_random_games_and_hostile_input(game):
    result = fuzz_game(game, GAMES.get(game, 4), seed=11)
    assert result["steps"] > 0


def test_bench_fuzz_splits_the_games_over_processes():
    import argparse

    from game import bench
    out = bench.fuzz(argparse.Namespace(game="breaks", games=4, seed=0, jobs=2))
    assert out["jobs"] == 2 and out["failures"] == 0
    (result,) = out["results"]
    assert result["game"] == "breaks" and result["games"] == 4 and result["steps"] > 4 * 10
