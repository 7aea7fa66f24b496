"""The Circuit Breaker heuristics: sane evaluations, legal playouts, obvious good moves found."""

from __future__ import annotations

import random

import pytest
from cb_positions import GAME, RULES, SETUP_S, THEFT, game_after, play_turn

from game.ai.arena import play_match
from game.ai.bots import Budget, GreedyBot
from game.ai.circuit_breaker_plan import TurnPlanBot
from game.ai.difficulty import level_for, make_bot
from game.ai.heuristics import circuit_breaker as cb
from game.ai.heuristics import get_heuristics
from game.ai.mcts import ISMCTSBot
from game.ai.seat import SeatInfo
from game.rules.circuit_breaker.actions import Place


def test_circuit_breaker_has_a_heuristics_module():
    h = get_heuristics(GAME)
    assert h.has_module and h.rollout_depth == cb.ROLLOUT_DEPTH and h.order_actions is not None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_playouts_are_legal_end_and_evaluations_are_chances(players):
    rng = random.Random(players)
    state = RULES.new_game(players, 7 + players)
    steps = 0
    while not state.is_terminal():
        values = cb.evaluate(state)
        assert len(values) == players
        assert all(0.0 <= v <= 1.0 for v in values)
        assert sum(values) == pytest.approx(1.0)
        legal = state.legal_actions()
        ordered = cb.order_actions(state, legal)
        assert sorted(map(str, ordered)) == sorted(map(str, legal))
        action = cb.rollout_action(state, rng)
        assert action in legal
        state.apply(action)
        steps += 1
        assert steps < 2000
    assert state.winners()
    assert cb.evaluate(state) == [1.0 / len(state.winners()) if p in state.winners() else 0.0
                                  for p in range(players)]


@pytest.mark.parametrize("seed", range(3))
def test_sampled_worlds_evaluate_like_real_ones(seed):
    """Bots only ever evaluate determinized worlds; they must be valid mid-turn too."""
    rng = random.Random(seed)
    state = RULES.new_game(3, seed)
    for _ in range(40):
        state.apply(cb.rollout_action(state, rng))
    world = state.determinize(state.current_player, rng)
    values = cb.evaluate(world)
    assert len(values) == 3 and sum(values) == pytest.approx(1.0)


def test_evaluation_prefers_on_card_appliances():
    moves = ["place A1 at 3,4 r180", "place A2 at 4,3 r270", "end"]
    on_card = game_after(moves)  # two Bubble Makers on seat 1's card 1
    off_card = game_after(moves, setup={**SETUP_S, "objectives": [5, 2]})
    assert on_card.scores()[0] > off_card.scores()[0]
    assert cb.evaluate(on_card)[0] > cb.evaluate(off_card)[0]
    assert cb.seat_values(on_card)[0] > cb.seat_values(off_card)[0]


def test_evaluation_counts_a_pending_theft_against_the_victim():
    base = game_after(["place A1 at 3,4 r180", "end"])
    stolen = game_after(["place A1 at 3,4 r180", "end", "mouse house 1 at 3,4"])
    assert cb.seat_values(stolen)[0] < cb.seat_values(base)[0]
    assert cb.evaluate(stolen)[0] < cb.evaluate(base)[0]


def test_greedy_places_an_on_card_appliance_on_the_lastplay_turn():
    # One round: hand tiles never score, so ending (or discarding) throws points away.
    state = game_after(["mouse wire-stack"], rounds=1)
    action = GreedyBot(0).choose(SeatInfo(state, 0, GAME))
    assert isinstance(action, Place) and action.tile in ("A1", "A2", "A3")


def test_greedy_cheeses_the_mouse_on_its_appliance():
    # E4: seat 2's mouse sits on seat 1's Bubble Maker (on its card) and seat 1 holds a cube.
    played = play_turn(GreedyBot(0), game_after(THEFT))
    assert "cheese 2" in played and played[-1] == "end"


def test_rollout_policy_cheeses_a_thief_and_plays_on_card_appliances():
    assert str(cb.rollout_action(game_after(THEFT), random.Random(0))) == "cheese 2"
    fresh = game_after([], rounds=1)
    picks = {str(cb.rollout_action(fresh, random.Random(s))) for s in range(10)}
    assert all(p.startswith("place A") for p in picks)


def test_ismcts_cheeses_the_thief_during_itsplay_turn():
    bot = ISMCTSBot(1, Budget(200, 30.0), rollout_depth=cb.ROLLOUT_DEPTH)
    assert "cheese 2" in play_turn(bot, game_after(THEFT))


def test_make_bot_uses_the_module_levels():
    for level, fields in cb.LEVELS.items():
        lvl = level_for(GAME, level)
        for name, value in fields.items():
            assert getattr(lvl, name) == value
    for level in ("easy", "normal"):
        bot = make_bot(f"ai:{level}", GAME, seed=1)
        assert isinstance(bot, ISMCTSBot)
        assert bot.budget.iterations == cb.LEVELS[level]["iterations"]
        assert bot.rollout_depth == cb.LEVELS[level]["rollout_depth"]
    assert cb.LEVELS["easy"]["iterations"] < cb.LEVELS["normal"]["iterations"]
    hard = make_bot("ai:hard", GAME, seed=1)
    assert isinstance(hard, TurnPlanBot)
    assert hard.max_seconds == cb.LEVELS["hard"]["max_seconds"] and hard.name == "ai:hard"


def test_a_tiny_match_runs():
    result = play_match(GAME, ["ai:easy", "greedy"], games=2, seed=3, jobs=1, options={"rounds": 2})
    assert result["games"] == 2
    assert sum(result["wins"].values()) == pytest.approx(2.0)
