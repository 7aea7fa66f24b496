"""The bots: legal, reproducible, and IS-MCTS finds winning moves in small games."""

from __future__ import annotations

import random

import pytest
from toygames import KEEP, SWAP, NimState, SwapState, Take

from game.ai.bots import Budget, GreedyBot, RandomBot
from game.ai.heuristics import default_evaluate, get_heuristics, terminal_reward
from game.ai.mcts import ISMCTSBot
from game.ai.seat import SeatInfo


def test_budget_rejects_nonsense():
    with pytest.raises(ValueError):
        Budget(0)
    with pytest.raises(ValueError):
        Budget(10, 0.0)


def test_every_bot_plays_only_legal_actions_through_whole_games():
    rng = random.Random(0)
    for players in (2, 3):
        bots = [RandomBot(1), GreedyBot(2, samples=2), ISMCTSBot(3, Budget(30, 30.0))]
        state = NimState([3, 4, 2], players)
        while not state.is_terminal():
            seat = state.current_player
            action = rng.choice(bots).choose(SeatInfo(state, seat, "toy_nim"))
            assert action in state.legal_actions()
            state.apply(action)


@pytest.mark.parametrize("piles, winning", [([5], [Take(0, 1)]), ([7], [Take(0, 3)]),
                                            ([1, 2], [Take(1, 1)]), ([2, 3], [Take(1, 1)])])
@pytest.mark.parametrize("root, opponents", [("ucb", "tree"), ("paired", "tree"), ("ucb", "policy")])
def test_ismcts_finds_the_winning_nim_move(piles, winning, root, opponents):
    # Every variant must find it: the winning move wins against any reply, so also
    # against the random playout policy that "policy" opponents follow in the tree.
    bot = ISMCTSBot(0, Budget(2000, 30.0), rollout="random", root=root, opponents=opponents)
    assert bot.choose(SeatInfo(NimState(piles), 0, "toy_nim")) in winning


@pytest.mark.parametrize("hand, best", [(1, SWAP), (4, KEEP)])
@pytest.mark.parametrize("root", ["ucb", "paired"])
def test_ismcts_reasons_over_hidden_cards(hand, best, root):
    # With a 1 any other card is better: swap. With a 4 nothing is better: keep.
    others = [c for c in (1, 2, 3, 4) if c != hand]
    state = SwapState([hand, others[0]], others[1], others[2])
    bot = ISMCTSBot(5, Budget(600, 30.0), rollout="random", root=root)
    assert bot.choose(SeatInfo(state, 0, "toy_swap")) == best


def test_ismcts_multiplayer_takes_the_immediate_win_and_keeps_consistent_counts():
    # Three players: each node stores the reward of the seat that moved into it.
    bot = ISMCTSBot(0, Budget(300, 30.0), rollout="random")
    assert bot.choose(SeatInfo(NimState([3, 0], 3), 0, "toy_nim")) == Take(0, 3)
    bot.choose(SeatInfo(NimState([4, 3], 3), 0, "toy_nim"))
    root = bot.last_stats["root"]
    assert sum(visits for visits, _ in root.values()) == bot.last_stats["iterations"]
    assert all(0.0 <= mean <= 1.0 for _, mean in root.values())


@pytest.mark.parametrize("make", [lambda s: RandomBot(s), lambda s: GreedyBot(s),
                                  lambda s: ISMCTSBot(s, Budget(300, 30.0))])
def test_same_seed_and_budget_give_the_same_move(make):
    state = NimState([3, 5, 6])
    first = [make(seed).choose(SeatInfo(state, 0, "toy_nim")) for seed in range(6)]
    again = [make(seed).choose(SeatInfo(state, 0, "toy_nim")) for seed in range(6)]
    assert first == again


def test_forced_move_is_returned_without_search():
    state = NimState([1])
    bot = ISMCTSBot(0, Budget(10_000, 30.0))
    assert bot.choose(SeatInfo(state, 0, "toy_nim")) == Take(0, 1)
    assert bot.last_stats["iterations"] == 0


def test_wall_time_caps_the_search():
    bot = ISMCTSBot(0, Budget(10**9, 0.05), rollout="random")
    bot.choose(SeatInfo(NimState([9, 9, 9]), 0, "toy_nim"))
    assert bot.last_stats["iterations"] < 10**9


def test_bad_search_option_names_are_rejected():
    with pytest.raises(ValueError, match="rollout"):
        ISMCTSBot(0, rollout="clever")
    with pytest.raises(ValueError, match="root"):
        ISMCTSBot(0, root="widest")
    with pytest.raises(ValueError, match="opponents"):
        ISMCTSBot(0, opponents="oracle")


def test_paired_root_gives_every_move_the_same_worlds():
    # A sweep tries every root move on one world, so visits differ by at most the last,
    # partial sweep; every move is tried however bad it looks.
    bot = ISMCTSBot(2, Budget(100, 30.0), rollout="random", root="paired")
    bot.choose(SeatInfo(NimState([3, 4, 2]), 0, "toy_nim"))
    visits = [v for v, _ in bot.last_stats["root"].values()]
    assert len(visits) == 8  # 3 + 3 + 2 ways to take
    assert max(visits) - min(visits) <= 1
    assert sum(visits) == bot.last_stats["iterations"] == 100


def test_a_game_without_heuristics_gets_the_defaults():
    h = get_heuristics("toy_nim")
    assert not h.has_module
    assert h.rollout_depth is None
    state = NimState([2])
    assert h.rollout_action(state, random.Random(0)) in state.legal_actions()
    assert h.observation(state, Take(0, 1), 0) is None


def test_terminal_reward_splits_the_win_among_winners():
    done = NimState([1])
    done.apply(Take(0, 1))
    assert terminal_reward(done) == [1.0, 0.0]

    class Tie:
        num_players = 2

        def winners(self):
            return [0, 1]

    assert terminal_reward(Tie()) == [0.5, 0.5]


def test_default_evaluation_is_between_zero_and_one():
    class Scored:
        def __init__(self, scores):
            self._s = scores

        def scores(self):
            return self._s

    assert default_evaluate(Scored([0, 0, 0])) == [0.5, 0.5, 0.5]
    values = default_evaluate(Scored([3, 1, 2]))
    assert values == [0.75, 0.25, 0.5]
