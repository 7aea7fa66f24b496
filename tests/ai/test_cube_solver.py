"""The Break the Cube deduction AI: exact candidate sets, honest questioning, guessing
when it pays, levels that differ, and a bot that plays through SeatInfo only."""

from __future__ import annotations

import random

from game.ai.cube_solver import (
    Candidates,
    CubeBot,
    CubeSolver,
    facts_about,
    finish,
    hard_secret,
    reveal_bits,
    solve_alone,
)
from game.ai.difficulty import make_bot
from game.ai.seat import SeatInfo
from game.rules import get_rules
from game.rules.cube import answer, consistent_shapes, parse_shape, sample_shape

P = "S:5.2,6.2 M:4.1,5.1,7.1 L:3.1,6.1,8.1,9.1"
Q = "S:5.1,5.2 M:1.1,2.1,4.1 L:3.1,6.1,8.1,9.1"
PIECES = ("S", "M", "L")


def test_candidates_match_the_engine_and_always_hold_the_secret():
    rng = random.Random(1)
    secret = parse_shape(P, PIECES)
    facts = [(q, answer(secret, q)) for q in ("5", "B", "K")]
    facts = [(q, tuple(a) if isinstance(a, list) else a) for q, a in facts]
    cands = Candidates(PIECES, facts, [], rng, 100)
    exact = consistent_shapes(PIECES, facts)
    assert cands.count == len(exact) and secret in exact


def test_sampling_a_big_candidate_set_stops_at_its_time_cap_with_enough_samples():
    from game.ai.cube_solver import MIN_SAMPLES
    pieces = ("S", "M", "L", "X", "Y")  # five blocks: too many shapes to hold, so they are sampled
    cands = Candidates(pieces, [], [], random.Random(1), 400, seconds=0.0)
    assert cands.table is None and cands.count is None
    assert len(cands.shapes) == MIN_SAMPLES
    assert len(Candidates(pieces, [], [], random.Random(1), 30, seconds=60.0).shapes) == 30, "or the full budget"


def test_finish_grows_with_the_number_of_shapes():
    values = [finish(n) for n in (1, 2, 3, 10, 100, 19272)]
    assert values == sorted(values) and values[0] == 1.0


def test_solver_guesses_a_single_candidate_and_asks_otherwise():
    rng = random.Random(0)
    secret = parse_shape(Q, PIECES)
    facts = [(q, answer(secret, q)) for q in "123456789"] + [(q, tuple(answer(secret, q))) for q in "ABCDEFGHIJKL"]
    single = Candidates(PIECES, facts, [], rng, 100)
    assert single.count == 1
    assert CubeSolver("normal", rng).choose(single, {}) == ("guess", secret)
    kind, question = CubeSolver("normal", rng).choose(Candidates(PIECES, [], [], rng, 100), {})
    assert kind == "ask" and question in "123456789ABCDEFGHIJKL"


def test_every_level_solves_and_normal_beats_easy_on_a_sample():
    rng = random.Random(3)
    secrets = [sample_shape(PIECES, rng) for _ in range(12)]
    used = {}
    for level in ("easy", "normal"):
        results = [solve_alone(s, level, random.Random(i)) for i, s in enumerate(secrets)]
        assert all(r["solved"] for r in results)
        used[level] = sum(r["questions"] for r in results)
    assert used["normal"] <= used["easy"]


def test_reveal_bits_count_what_a_side_question_gives_away():
    state = get_rules("cube").new_game(2, 1, first_player=0, setup={"secrets": [P, Q]})
    view = state.view(0)
    bits = reveal_bits(view, 0, PIECES, view["my_secret"])
    assert set(bits) == set("ABCDEFGHIJKL") and all(b > 0 for b in bits.values())


def test_facts_about_reads_public_answers_and_wrong_guesses_only():
    state = get_rules("cube").new_game(2, 1, first_player=0, setup={"secrets": [P, Q]})
    for text in ("ask 5", "ask C", "guess " + P):
        state.apply(state.parse(text))
    facts, wrong = facts_about(state.view(0), 1)
    assert facts == [("5", "S"), ("C", ("L", None, None))]
    assert wrong == [P], "seat 1 guessed P at seat 2, whose shape is Q"
    facts0, wrong0 = facts_about(state.view(1), 0)
    assert ("C", ("L", "S", None)) in facts0 and wrong0 == []


def test_hard_secret_is_a_legal_shape():
    shape = hard_secret(PIECES, random.Random(2), tries=5)
    assert shape in set(consistent_shapes(PIECES, []))


def test_the_bot_builds_then_asks_through_seat_info_and_make_bot_picks_it():
    state = get_rules("cube").new_game(2, 5, first_player=0)
    bot = make_bot("ai:normal", "cube", seed=1)
    assert isinstance(bot, CubeBot)
    action = bot.choose(SeatInfo(state, 0, "cube"))
    assert str(action).startswith("build ")
    state.apply(action)
    state.apply(make_bot("ai:hard", "cube", seed=2).choose(SeatInfo(state, 1, "cube")))
    move = bot.choose(SeatInfo(state, state.current_player, "cube"))
    assert move in state.legal_actions()


def test_question_rankings_are_remembered_and_equal_a_fresh_judgement(monkeypatch):
    import game.ai.cube_solver as cs
    rng = random.Random(4)
    secret = parse_shape(P, PIECES)
    facts = [("5", answer(secret, "5"))]
    cands = Candidates(PIECES, facts, [], rng, 100)
    monkeypatch.setattr(cs, "_RANKED", {})
    first = CubeSolver("hard", rng)._ranked(cands, {})
    assert len(cs._RANKED) == 1
    remembered = CubeSolver("hard", rng)._ranked(cands, {})
    monkeypatch.setattr(cs, "_RANKED", {})
    fresh = CubeSolver("hard", rng)._ranked(cands, {})
    assert first == remembered == fresh
    assert sorted(q for _, q in fresh) == sorted(cs.QUESTIONS)


def test_on_its_last_turn_the_bot_guesses_rather_than_asks():
    """CU-13: seat 1 guessed right, so seat 2's turn is its last; CU-15: the last round.
    An answer would come too late: every level guesses. Under sudden death a wrong guess in
    the last round hands the game over (CU-14), so there the solver still weighs asking."""
    rules = get_rules("cube")
    for level in ("ai:easy", "ai:normal", "ai:hard"):
        for seed in range(4):
            state = rules.new_game(2, seed, first_player=0, setup={"secrets": [P, Q]})
            state.apply(state.parse(f"guess {Q}"))
            assert state.view(1)["end_triggered"] and not state.is_terminal()
            move = make_bot(level, "cube", seed=seed).choose(SeatInfo(state, 1, "cube"))
            assert str(move).startswith("guess "), (level, seed, move)
    asks = 0
    for sudden in (False, True):
        state = rules.new_game(2, 3, first_player=0, max_rounds=1, sudden_death=sudden, setup={"secrets": [P, Q]})
        move = make_bot("ai:normal", "cube", seed=3).choose(SeatInfo(state, 0, "cube"))
        if sudden:
            asks += str(move).startswith("ask ")
        else:
            assert str(move).startswith("guess "), "the last round: only a guess can still win"
    assert asks == 1, "with sudden death the opening question is still worth asking"


def test_under_sudden_death_the_bot_asks_rather_than_gamble_on_two_shapes():
    """CU-14: a wrong guess knocks the guesser out. With two shapes left and a question that
    tells them apart, every level asks it (one more answer makes the guess certain) instead
    of a coin-flip guess that loses the game half the time; without sudden death a guess
    among two is the quicker way (half the time right now), so normal and hard guess."""
    rules = get_rules("cube")
    two_left = "S:6.1,6.2 M:8.1,8.2,9.1 L:2.1,2.2,2.3,5.1"  # H and K leave two shapes of this one
    for sudden in (False, True):
        for level in ("ai:easy", "ai:normal", "ai:hard"):
            state = rules.new_game(2, 3, first_player=0, sudden_death=sudden, setup={"secrets": [P, two_left]})
            for text in ("ask H", "ask 5", "ask K", "ask 1"):
                state.apply(state.parse(text))
            view = state.view(0)
            assert Candidates(PIECES, *facts_about(view, 1), random.Random(0), 100).count == 2
            assert Candidates(PIECES, *facts_about(view, 0), random.Random(0), 100).count > 1, "not about to lose"
            move = str(make_bot(level, "cube", seed=1).choose(SeatInfo(state, 0, "cube")))
            if sudden:
                assert move.startswith("ask "), (level, move)
            elif level != "ai:easy":
                assert move.startswith("guess "), (level, move)



def test_under_sudden_death_the_bot_still_gambles_when_the_other_seat_is_about_to_win():
    """If the seat questioning us can already name our shape from the public answers and moves
    after us in this round, its right guess ends the game with this round (CU-13): a guess now
    is the last chance, so normal takes it. If that seat moves before us, it can only end the
    game next round, when we still get our turn: one more answer first is then the better way."""
    rules = get_rules("cube")
    two_left = "S:6.1,6.2 M:8.1,8.2,9.1 L:2.1,2.2,2.3,5.1"
    for first, opening in ((0, ("ask H", "ask 6", "ask K", "ask 7")),
                           (1, ("ask 6", "ask H", "ask 7", "ask K", "ask 6"))):
        state = rules.new_game(2, 3, first_player=first, sudden_death=True, setup={"secrets": [P, two_left]})
        for text in opening:
            state.apply(state.parse(text))
        view = state.view(0)
        assert state.current_player == 0
        assert Candidates(PIECES, *facts_about(view, 1), random.Random(0), 100).count == 2
        assert Candidates(PIECES, *facts_about(view, 0), random.Random(0), 100).count == 1
        move = str(make_bot("ai:normal", "cube", seed=1).choose(SeatInfo(state, 0, "cube")))
        assert move.startswith("guess " if first == 0 else "ask "), (first, move)
