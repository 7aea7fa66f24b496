"""The hard Circuit Breaker bot: whole-turn plans over sampled worlds."""

from __future__ import annotations

import pytest
from cb_positions import GAME, RULES, SETUP_S, THEFT, game_after, play_turn

from game.ai.circuit_breaker_plan import TurnPlanBot
from game.ai.seat import SeatInfo

STAGES = ("discard", "cheese", "place", "mouse", "end")


def _small(seed: int = 0, **kw) -> TurnPlanBot:
    settings = {"beam": 4, "worlds": 4, "finalists": 3, "check_worlds": 6, "max_seconds": 30.0}
    return TurnPlanBot(seed, **{**settings, **kw})


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


def test_a_plan_takes_its_kinds_of_action_in_order_and_ends_theplay_turn():
    state = RULES.new_game(2, 5)
    bot = _small(3)
    bot.choose(SeatInfo(state, state.current_player, GAME))
    plan = bot.last_stats["plan"]
    assert plan[-1] == "end" and sum(a == "end" for a in plan) == 1
    stages = [next(i for i, kind in enumerate(STAGES) if text.startswith(kind)) for text in plan]
    assert stages == sorted(stages)
    assert sum(text.startswith("place") for text in plan) <= 2


def test_the_same_seed_plays_the_sameplay_turn():
    assert play_turn(_small(7), RULES.new_game(3, 9)) == play_turn(_small(7), RULES.new_game(3, 9))


def test_cheeses_the_thief_on_its_appliance():
    assert "cheese 2" in play_turn(_small(1), game_after(THEFT))


def test_places_an_on_card_appliance_on_the_lastplay_turn():
    # One round: a tile left in hand scores nothing, so the plan must place.
    played = play_turn(_small(2), game_after(["mouse wire-stack"], rounds=1))
    assert any(text.startswith("place A") for text in played)


# Setup S, but seat 1 is dealt a Lava Lamp (A17, off its card) and two Gumball Machines
# (A5, A6, type 2, on its card 1). It has placed the Lava Lamp, and seat 2's mouse sits on it.
LURE = {**SETUP_S, "appliance_order": ["A17", "A5", "A6", "A21", "A25", "A29", "A33", "A37", "A41"]}
LURED = ["place A17 at 3,4 r180", "end", "mouse house 1 at 3,4", "end"]


@pytest.mark.parametrize("seed", [0, 1])
def test_places_the_appliances_a_thief_would_go_for_instead_of_holding_them(seed):
    # Round 2 of 4. Whatever seat 1 places is where seat 2's mouse goes next, but seat 1 can
    # cheese it on its next turn before the fetch. Judging that turn as if the theft had
    # happened, the planner held both Gumball Machines to the last round(s). A wide final
    # check (every plan the beam found) makes this the check's judgement alone.
    state = game_after(LURED, rounds=4, setup=LURE)
    bot = _small(seed, beam=12, worlds=8, finalists=60, check_worlds=24)
    played = play_turn(bot, state)
    assert {"place A5", "place A6"} <= {" ".join(text.split()[:2]) for text in played}
    # the two on its card score 6; seat 2's mouse has taken the Lava Lamp as its turn began
    assert state.scores()[0] == 6


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
