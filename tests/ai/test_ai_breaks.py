"""The Breaks heuristics: sane evaluations, legal playouts, obvious good moves found."""

from __future__ import annotations

import random

import pytest

from game.ai.bots import Budget, GreedyBot
from game.ai.heuristics import get_heuristics
from game.ai.heuristics.breaks import evaluate, observation, rollout_action, seat_features
from game.ai.mcts import ISMCTSBot
from game.ai.seat import SeatInfo
from game.rules import get_rules

RULES = get_rules("breaks")
VARIANTS = [{}, {"jokers": True, "aces_wild": True}, {"two_decks": True, "break_to_empty": True},
            {"scoring": "court"}]


def _setup(tableaux, deck, **options):
    return RULES.new_game(2, 0, first_player=0, setup={"tableaux": tableaux, "deck": deck}, **options)


def test_breaks_has_a_heuristics_module():
    h = get_heuristics("breaks")
    assert h.has_module and h.rollout_depth is not None and h.order_actions is None


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("options", VARIANTS)
def test_playouts_are_legal_and_evaluations_are_chances(players, options):
    rng = random.Random(players)
    state = RULES.new_game(players, 11, **options)
    while not state.is_terminal():
        values = evaluate(state)
        assert len(values) == players
        assert all(0.0 <= v <= 1.0 for v in values)
        assert sum(values) == pytest.approx(1.0)
        action = rollout_action(state, rng)
        assert action in state.legal_actions()
        state.apply(action)


def test_evaluation_prefers_the_seat_with_more_stacks_and_longer_sequences():
    ahead = _setup([[["2H", "5H", "5S", "9S"], ["AC", "AD"], []], [["3D"], ["4D"], ["KC"]]], ["9D", "8C"])
    assert evaluate(ahead)[0] > 0.6
    feats = seat_features(ahead, ahead._draw + ahead._disc)
    assert feats[0][4] == 1 and feats[1][1] == 3  # one 4-card slot vs three 1-card slots


def test_observation_is_the_card_the_observer_drew():
    state = _setup([[["2H"], ["3D"], ["4C"]], [["5S"], ["6S"], ["9D"]]], ["QS", "8C"])
    draw = state.parse("draw")
    state.apply(draw)
    assert observation(state, draw, 0) == "QS"
    assert observation(state, state.parse("discard"), 0) is None


def test_greedy_completes_a_stack():
    # X2: after drawing 9D, placing on the four-card slot 1 banks a stack.
    state = _setup([[["2H", "5H", "5S", "9S"], ["AC"], []], [["3D"], ["4D"], ["KC"]]], ["9D", "8C"])
    state.apply(state.parse("draw"))
    assert str(GreedyBot(0).choose(SeatInfo(state, 0, "breaks"))) == "place 1"


def test_ismcts_takes_a_niner_break():
    # X4: breaking seat 2's four-card slot with KC banks a stack and leaves four cards.
    state = _setup([[["KD", "KH", "QH", "4H"], [], ["QD"]], [["9C"], ["3H", "3S", "TS", "TC"], ["4C"]]],
                   ["KC", "2D"])
    state.apply(state.parse("draw"))
    bot = ISMCTSBot(1, Budget(300, 30.0))
    assert str(bot.choose(SeatInfo(state, 0, "breaks"))) == "break 2 2 1"


def test_final_merges_bank_every_stack_they_can():
    # X7: merge 1 2 then merge 1 3 makes a stack of five.
    state = _setup([[["4S", "4D"], ["6D", "6C"], ["7C"]], [["9S"], ["KD"], ["2C"]]], ["9H"], )
    state = RULES.new_game(2, 0, first_player=1, setup={
        "tableaux": [[["4S", "4D"], ["6D", "6C"], ["7C"]], [["9S"], ["KD"], ["2C"]]], "deck": ["9H"]})
    state.apply(state.parse("draw"))
    state.apply(state.parse("place 1"))
    rng = random.Random(0)
    first = rollout_action(state, rng)
    assert str(first) == "merge 1 2"
    state.apply(first)
    assert str(rollout_action(state, rng)) == "merge 1 3"


@pytest.mark.parametrize("spec_seed", range(3))
def test_search_on_a_determinized_copy_gives_a_legal_action(spec_seed):
    # What the UI does: the bot only ever gets a world sampled for its seat.
    state = RULES.new_game(3, spec_seed)
    rng = random.Random(spec_seed)
    for _ in range(15):
        state.apply(rng.choice(state.legal_actions()))
    seat = state.current_player
    world = RULES.from_json(state.determinize(seat, rng).to_json())
    action = ISMCTSBot(spec_seed, Budget(60, 30.0)).choose(SeatInfo(world, seat, "breaks"))
    assert state.parse(str(action)) in state.legal_actions()
