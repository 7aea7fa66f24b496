"""The Blockers! heuristics and the Breaker Blocks turn search: sane values, legal play."""

from __future__ import annotations

import random

import pytest

from game.ai.bots import Budget
from game.ai.breaker_blocks_search import BreakerBlocksSearchBot, signature
from game.ai.difficulty import make_bot
from game.ai.heuristics import blockers as bl
from game.ai.heuristics import breaker_blocks as bb
from game.ai.heuristics import get_heuristics
from game.ai.seat import SeatInfo
from game.rules import get_rules

BLOCKERS = get_rules("blockers")
BREAKER_BLOCKS = get_rules("breaker_blocks")


@pytest.mark.parametrize("players", [2, 3, 5])
def test_blockers_playouts_are_legal_and_evaluations_are_chances(players):
    rng = random.Random(players)
    state = BLOCKERS.new_game(players, 11 + players)
    steps = 0
    while not state.is_terminal():
        values = bl.evaluate(state)
        assert len(values) == players
        assert all(0.0 <= v <= 1.0 for v in values)
        assert sum(values) == pytest.approx(1.0)
        action = bl.rollout_action(state, rng)
        assert action in state.legal_actions()
        state.apply(action)
        steps += 1
        assert steps < 500
    assert state.winners()


def test_blockers_evaluation_favours_the_lower_projected_score():
    """Lowest score wins (BL-16): the seat expected to finish lower is the likelier winner."""
    state = BLOCKERS.new_game(2, 3, first_player=0)
    rng = random.Random(0)
    for _ in range(16):  # play part of the game with the playout policy
        state.apply(bl.rollout_action(state, rng))
    proj, _ = bl.projected(state)
    values = bl.evaluate(state)
    better = min(range(2), key=lambda p: proj[p])
    assert values[better] == max(values) > 0.5


def test_blockers_heuristics_are_the_game_module():
    h = get_heuristics("blockers")
    assert h.has_module and h.evaluate is bl.evaluate and h.rollout_action is bl.rollout_action


def test_breaker_blocks_normal_and_hard_use_the_turn_search_and_easy_mcts():
    assert isinstance(make_bot("ai:normal", "breaker_blocks", 1), BreakerBlocksSearchBot)
    assert isinstance(make_bot("ai:hard", "breaker_blocks", 1), BreakerBlocksSearchBot)
    assert not isinstance(make_bot("ai:easy", "breaker_blocks", 1), BreakerBlocksSearchBot)


def test_breaker_blocks_easy_does_not_throw_away_its_opening_turn():
    """Easy scores its tree's leaves with the evaluation: truncated playouts rated ending the
    first turn at once above drawing or playing (a blunder that looked like a broken AI)."""
    rules = get_rules("breaker_blocks")
    for seed in range(8):
        state = rules.new_game(2, seed)
        move = make_bot("ai:easy", "breaker_blocks", seed).choose(SeatInfo(state, state.current_player,
                                                                            "breaker_blocks"))
        assert str(move) != "end", seed


def test_breaker_blocks_evaluation_values_are_win_chances():
    state = BREAKER_BLOCKS.new_game(2, 5)
    rng = random.Random(5)
    while not state.is_terminal():
        values = bb.evaluate(state)
        assert len(values) == 2 and all(0.0 <= v <= 1.0 for v in values)
        assert sum(values) <= 1.0 + 1e-9  # a tie is a loss for both (BB-25)
        state.apply(bb.rollout_action(state, rng))


def test_breaker_blocks_search_plays_legal_whole_turns_from_its_plan():
    """The search plans its whole turn; the turn's later decisions come from the plan, and
    every action it returns is legal."""
    state = BREAKER_BLOCKS.new_game(2, 9, first_player=0)
    bot = BreakerBlocksSearchBot(3, Budget(1, 0.4), width=(6, 3), reply=2, reply_width=(3, 2))
    rng = random.Random(9)
    planned = 0
    for _ in range(40):
        if state.is_terminal():
            break
        if state.current_player == 0:
            info = SeatInfo(state, 0, "breaker_blocks")
            action = bot.choose(info)
            assert action in state.legal_actions()
            planned += bool(bot.last_stats.get("planned"))
        else:
            action = rng.choice(state.legal_actions())
        state.apply(action)
    assert planned > 0


def test_breaker_blocks_signature_tells_positions_apart():
    state = BREAKER_BLOCKS.new_game(2, 2)
    before = signature(state)
    assert signature(state.clone()) == before
    state.apply(state.legal_actions()[0])
    assert signature(state) != before


@pytest.mark.parametrize("players, searched", [(4, 3), (2, None)])
def test_blockers_with_many_players_searches_only_the_best_root_moves(players, searched):
    from game.ai.mcts import ISMCTSBot
    state = get_rules("blockers").new_game(players, 3)
    info = SeatInfo(state, state.current_player, "blockers")
    legal = info.legal_actions()
    assert len(legal) > 3
    bot = ISMCTSBot(1, Budget(60, 30.0), root_width=3, rollout_depth_many=2)
    bot.choose(info)
    tried = bot.last_stats["root"]
    if searched is None:
        assert len(tried) > 3, "two players: every move is searched"
    else:
        assert len(tried) == searched
        # the moves kept are the best one ply ahead on a sampled world
        h = get_heuristics("blockers")
        world = info.sample_world(random.Random(0))

        def one_ply(action):
            after = world.clone()
            after.apply(action)
            return h.value(after)[info.seat]
        ranked = sorted(legal, key=one_ply, reverse=True)
        best = {str(a) for a in ranked[:len(legal) // 2]}
        assert set(tried) <= best, "pruned moves come from the better half"


def test_blockers_levels_prune_the_root_only_with_three_or_more_players():
    bot = make_bot("ai:normal", "blockers", 0)
    assert bot.root_width and bot.rollout_depth_many
    assert bot.root_width_players == 3
