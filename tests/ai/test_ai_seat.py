"""SeatInfo: a bot sees its seat's view, the legal actions and sampled worlds, nothing else."""

from __future__ import annotations

import pytest
from guard import GuardedState
from toygames import KEEP, SWAP, NimState, SwapState

from game.ai.bots import Budget, GreedyBot, RandomBot
from game.ai.difficulty import make_bot
from game.ai.mcts import ISMCTSBot
from game.ai.seat import SeatInfo


def _bots(seed: int) -> list:
    return [RandomBot(seed), GreedyBot(seed), ISMCTSBot(seed, Budget(200, 30.0)),
            make_bot("ai:easy", "toy_swap", seed)]


def test_seat_info_exposes_only_seat_game_view_legal_and_sample_world():
    info = SeatInfo(SwapState([1, 3], 2, 4), 0, "toy_swap")
    public = {name for name in dir(info) if not name.startswith("_")}
    assert public == {"seat", "game", "view", "legal_actions", "sample_world"}
    assert not hasattr(info, "state")
    assert info.view() == {"seat": 0, "hand": 1, "moves": [], "stock_known": None, "current_player": 0}
    assert info.legal_actions() == [KEEP, SWAP]


def test_seat_info_for_the_second_seat_shows_that_seats_view():
    state = SwapState([1, 3], 2, 4)
    state.apply(KEEP)  # seat 0 keeps: seat 1 to move
    info = SeatInfo(state, 1, "toy_swap")
    assert info.view() == state.view(1) and info.view()["seat"] == 1 and info.view()["hand"] == 3
    import random
    assert info.sample_world(random.Random(1)).view(1) == state.view(1)


def test_sample_world_matches_the_view_and_resamples_hidden_cards():
    import random

    info = SeatInfo(SwapState([1, 3], 2, 4), 0, "toy_swap")
    rng = random.Random(3)
    worlds = [info.sample_world(rng) for _ in range(40)]
    assert all(w.view(0) == info.view() for w in worlds)
    assert {w.hands[1] for w in worlds} == {2, 3, 4}


def test_seat_info_refuses_a_seat_that_is_not_to_move():
    with pytest.raises(ValueError, match="not to move"):
        SeatInfo(SwapState([1, 3], 2, 4), 1, "toy_swap")


def test_seat_info_refuses_a_finished_game():
    with pytest.raises(ValueError, match="over"):
        SeatInfo(NimState([0]), 0, "toy_nim")


@pytest.mark.parametrize("bot_index", range(4))
def test_bots_never_touch_the_real_state_beyond_view_legal_and_determinize(bot_index):
    guarded = GuardedState(SwapState([2, 4], 1, 3))
    bot = _bots(7)[bot_index]
    action = bot.choose(SeatInfo(guarded, 0, "toy_swap"))
    assert action in (KEEP, SWAP)
    assert set(guarded.touched) <= {"view", "legal_actions", "determinize", "is_terminal",
                                    "current_player", "num_players"}


@pytest.mark.parametrize("bot_index", range(4))
def test_same_view_different_hidden_cards_same_choice(bot_index):
    # Seat 1 holds a 2 in both; the opponent's card and the stock differ.
    a = SwapState([2, 4], 1, 3)
    b = SwapState([2, 1], 3, 4)
    assert a.view(0) == b.view(0)
    choice_a = _bots(11)[bot_index].choose(SeatInfo(a, 0, "toy_swap"))
    choice_b = _bots(11)[bot_index].choose(SeatInfo(b, 0, "toy_swap"))
    assert choice_a == choice_b


@pytest.mark.parametrize("make", [lambda: ISMCTSBot(1, Budget(200, 5.0)), lambda: GreedyBot(1)])
def test_search_bots_sample_many_worlds_not_one_guess(monkeypatch, make):
    """Information-set search averages over the hidden cards: one fixed guess would let a
    bot play against a world it made up."""
    seen = []
    real = SwapState.determinize

    def spy(self, seat, rng):
        world = real(self, seat, rng)
        seen.append(world.hands[1])
        return world
    monkeypatch.setattr(SwapState, "determinize", spy)
    make().choose(SeatInfo(SwapState([1, 3], 2, 4), 0, "toy_swap"))
    assert len(seen) > 3 and set(seen) == {2, 3, 4}, seen
