"""The hard Circuit Breaker bot: whole-turn plans over sampled worlds."""

from __future__ import annotations

import pytest

from game.ai.circuit_breaker_plan import TurnPlanBot
from game.ai.seat import SeatInfo
from game.rules import get_rules

RULES = get_rules("circuit_breaker")
GAME = "circuit_breaker"
SETUP_S = {"first_player": 0, "wire_order": ["W1", "W31", "W7", "W22", "W4", "W16"],
           "appliance_order": ["A1", "A2", "A3", "A5", "A9", "A16", "A4", "A6", "A7"], "objectives": [1, 2]}
# Seat 2's mouse sits on seat 1's Bubble Maker (on seat 1's card), and seat 1 holds a cube.
THEFT = ["place A1 at 3,4 r180", "discard A3 to appliance-1", "end", "mouse house 1 at 3,4", "end"]
STAGES = ("discard", "cheese", "place", "mouse", "end")


def _game(actions: list[str], **options) -> object:
    state = RULES.new_game(2, 0, setup=options.pop("setup", SETUP_S), **options)
    for text in actions:
        state.apply(state.parse(text))
    return state


def _small(seed: int = 0, **kw) -> TurnPlanBot:
    settings = {"beam": 4, "worlds": 4, "finalists": 3, "check_worlds": 6, "max_seconds": 30.0}
    return TurnPlanBot(seed, **{**settings, **kw})


def _turn(bot: TurnPlanBot, state) -> list[str]:
    seat, played = state.current_player, []
    while state.current_player == seat:
        action = bot.choose(SeatInfo(state, seat, GAME))
        played.append(str(action))
        state.apply(action)
    return played


@pytest.mark.parametrize("players", [2, 3, 4])
def test_plans_only_legal_actions_and_finishes_games(players):
    state = RULES.new_game(players, 40 + players, rounds=2)
    bots = [_small(seed) for seed in range(players)]
    steps = 0
    while not state.is_terminal():
        seat = state.current_player
        action = bots[seat].choose(SeatInfo(state, seat, GAME))
        assert action in state.legal_actions()
        state.apply(action)
        steps += 1
        assert steps < 500
    assert state.winners()


def test_a_plan_takes_its_kinds_of_action_in_order_and_ends_the_turn():
    state = RULES.new_game(2, 5)
    bot = _small(3)
    bot.choose(SeatInfo(state, state.current_player, GAME))
    plan = bot.last_stats["plan"]
    assert plan[-1] == "end" and sum(a == "end" for a in plan) == 1
    stages = [next(i for i, kind in enumerate(STAGES) if text.startswith(kind)) for text in plan]
    assert stages == sorted(stages)
    assert sum(text.startswith("place") for text in plan) <= 2


def test_the_same_seed_plays_the_same_turn():
    assert _turn(_small(7), RULES.new_game(3, 9)) == _turn(_small(7), RULES.new_game(3, 9))


def test_cheeses_the_thief_on_its_appliance():
    assert "cheese 2" in _turn(_small(1), _game(THEFT))


def test_places_an_on_card_appliance_on_the_last_turn():
    # One round: a tile left in hand scores nothing, so the plan must place.
    played = _turn(_small(2), _game(["mouse wire-stack"], rounds=1))
    assert any(text.startswith("place A") for text in played)


def test_out_of_time_it_still_answers_with_a_legal_action():
    state = RULES.new_game(4, 11)
    bot = TurnPlanBot(0, max_seconds=1e-9)
    action = bot.choose(SeatInfo(state, state.current_player, GAME))
    assert action in state.legal_actions()


class _OneChoice:
    """A seat with a single legal action; sampling a world would be a wasted search."""

    seat, game = 0, GAME

    def legal_actions(self) -> list[str]:
        return ["end"]

    def sample_world(self, rng):
        raise AssertionError("searched a forced move")


def test_a_forced_action_needs_no_search():
    bot = _small()
    assert bot.choose(_OneChoice()) == "end"
    assert bot.last_stats["plans"] == 0


def test_rejects_an_empty_search():
    with pytest.raises(ValueError, match="at least 1"):
        TurnPlanBot(0, beam=0)
