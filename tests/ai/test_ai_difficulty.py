"""make_bot turns every seat spec into a bot and rejects the rest clearly."""

from __future__ import annotations

import pytest

from game.ai.bots import GreedyBot, RandomBot
from game.ai.difficulty import LEVELS, SPECS, level_for, make_bot, normalize_spec
from game.ai.mcts import ISMCTSBot


@pytest.mark.parametrize("spec", [*SPECS, "easy", "normal", "hard", " AI:Hard ", "Greedy"])
def test_make_bot_accepts_every_spec(spec):
    bot = make_bot(spec, "breaks", seed=1)
    assert bot.name == normalize_spec(spec)


def test_specs_map_to_the_right_bots():
    assert isinstance(make_bot("random", "breaks"), RandomBot)
    assert isinstance(make_bot("greedy", "breaks"), GreedyBot)
    for level in LEVELS:
        bot = make_bot(level, "breaks")
        assert isinstance(bot, ISMCTSBot)
        assert bot.budget.iterations == level_for("breaks", level).iterations


def test_levels_get_stronger():
    its = [level_for("breaks", lvl).iterations for lvl in ("easy", "normal", "hard")]
    assert its == sorted(its) and len(set(its)) == 3


@pytest.mark.parametrize("bad", ["", "ai", "ai:", "ai:expert", "human", "mcts", "ai:random", 3, None])
def test_bad_specs_raise_a_clear_value_error(bad):
    with pytest.raises(ValueError, match="bot spec"):
        make_bot(bad, "breaks")


def test_unknown_level_names_the_levels():
    with pytest.raises(ValueError, match="easy, normal, hard"):
        level_for("breaks", "expert")


def test_level_search_shape_fields_reach_the_bot(monkeypatch):
    from game.ai import difficulty
    monkeypatch.setitem(difficulty.GAME_LEVELS, "breaks",
                        {"hard": {"tree_depth": 2, "root_width": 6, "rollout_depth_many": 3}})
    bot = difficulty.make_bot("ai:hard", "breaks", 0)
    assert (bot.tree_depth, bot.root_width, bot.rollout_depth_many) == (2, 6, 3)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_each_levels_budget_time_cap_and_temperature_reach_the_bot(level):
    """Easy is weaker by its temperature and budget; every level keeps its time cap."""
    from game.ai import difficulty
    settings = difficulty.level_for("blockers", level)
    bot = difficulty.make_bot(f"ai:{level}", "blockers", 0)
    assert (bot.budget.iterations, bot.budget.max_seconds) == (settings.iterations, settings.max_seconds)
    assert bot.temperature == settings.temperature and bot.exploration == settings.exploration


@pytest.mark.parametrize("game", ["breaks", "blockers", "breaker_blocks", "circuit_breaker", "cube"])
def test_every_time_cap_leaves_room_under_the_decision_time_limits(game):
    """Issue 2's limits are normal max 2 s and hard max 3 s. A cap set at the limit itself
    was overshot on a loaded machine (the last iteration, the choice and the reply come after
    the check), so each cap keeps half a second in hand."""
    limits = {"normal": 2.0, "hard": 3.0}
    for level, limit in limits.items():
        assert level_for(game, level).max_seconds <= limit - 0.5, (game, level)
