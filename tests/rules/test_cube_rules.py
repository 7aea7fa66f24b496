"""Break the Cube rules engine: one scenario per rule (CU-n) and per worked example (Zn) of
shared/rules/cube.md, plus the contract, notation, setup/option errors, secrecy,
determinize and JSON."""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest

from game.core.errors import IllegalAction
from game.core.options import OptionSpec
from game.core.protocol import Rules, State
from game.rules import get_rules
from game.rules.cube import (
    ASKS,
    LETTERS,
    PIECES,
    RULES,
    Ask,
    Build,
    Guess,
    answer,
    cell_xy,
    check_shape,
    enumerate_shapes,
    format_shape,
    is_undo_barrier,
    parse_shape,
    shape_count,
)

P = "S:5.2,6.2 M:4.1,5.1,7.1 L:3.1,6.1,8.1,9.1"  # the bar lies on level 2 over M and L
Q = "S:5.1,5.2 M:1.1,2.1,4.1 L:3.1,6.1,8.1,9.1"  # the bar stands upright on cell 5
R = "S:1.1,1.2 M:2.1,3.1,6.1 L:4.1,7.1,8.1,9.1"
W = "S:7.1,7.2 M:1.1,2.1,4.1 L:3.1,6.1,8.1,9.1"  # legal, equal to none of them
STANDARD = 19_272  # legal shapes of S M L (test_cube_shapes.py checks this count)


# --- helpers -------------------------------------------------------------------------------

def game(*secrets, first_player=0, **options):
    """A game with fixed secrets (no build phase), seat 1 first unless told otherwise."""
    return RULES.new_game(len(secrets), 0, first_player=first_player, setup={"secrets": list(secrets)}, **options)


def play(state, *moves):
    for move in moves:
        state.apply(state.parse(move))


def last(state):
    return state.view(0)["log"][-1]


def raises(state, text, reason):
    before = state.to_json()
    with pytest.raises(IllegalAction, match=reason):
        state.parse(text)
    assert state.to_json() == before


def secret_fragments(shape_text):
    """The text of a secret and of each of its pieces: none may show in another seat's view."""
    return [shape_text, *shape_text.split()]


# --- the contract ----------------------------------------------------------------------------

def test_registry_returns_rules_object():
    assert get_rules("cube") is RULES
    assert isinstance(RULES, Rules)
    assert (RULES.name, RULES.title, RULES.min_players, RULES.max_players) == ("cube", "Break the Cube", 2, 4)
    assert isinstance(RULES.new_game(2, 1), State)


def test_options_are_declared_for_the_setup_screen():
    by_name = {spec.name: spec for spec in RULES.options}
    assert list(by_name) == ["blocks", "notes", "sudden_death", "build", "max_rounds", "first_player", "setup"]
    assert all(isinstance(spec, OptionSpec) for spec in RULES.options)
    blocks = by_name["blocks"]
    assert (blocks.kind, blocks.choices, blocks.default) == ("choice", (3, 4, 5), 3)
    assert (by_name["notes"].kind, by_name["notes"].default) == ("bool", False)
    assert (by_name["sudden_death"].kind, by_name["sudden_death"].default) == ("bool", False)
    assert (by_name["build"].choices, by_name["build"].default) == (("choose", "random"), "choose")
    assert (by_name["max_rounds"].kind, by_name["max_rounds"].default, by_name["max_rounds"].minimum) == ("int", 50, 1)
    for spec in RULES.options:
        if not spec.hidden:
            assert spec.label and spec.help
    # per-seat lists pass the spec check and the command-line reader
    assert blocks.check([3, 4]) == [3, 4]
    assert blocks.parse_text("3,4") == [3, 4] and blocks.parse_text("4") == 4
    with pytest.raises(ValueError, match="blocks"):  # a superscript digit is no number
        blocks.check(blocks.parse_text("\u00b3"))
    assert by_name["notes"].parse_text("[true, false]") == [True, False]


def test_is_undo_barrier_for_every_action_and_its_text():
    shape = parse_shape(P)
    for action in (Ask("5"), Ask("E"), Guess(shape), Build(shape)):
        assert RULES.is_undo_barrier(action)
        assert RULES.is_undo_barrier(str(action))
    assert is_undo_barrier("  ASK 5 ")
    assert not RULES.is_undo_barrier("")
    assert not RULES.is_undo_barrier("draw")


@pytest.mark.parametrize("num_players", [0, 1, 5, "2", 2.0, True, None])
def test_bad_num_players_raise(num_players):
    with pytest.raises(ValueError, match="2 to 4 players"):
        RULES.new_game(num_players, 0)


@pytest.mark.parametrize(("n", "options", "reason"), [
    (2, {"colour": "red"}, "unknown option"),
    (2, {"blocks": 6}, "option blocks must be one of"),
    (2, {"blocks": "4"}, "option blocks must be one of"),
    (2, {"blocks": 4.0}, "option blocks must be one of"),
    (2, {"blocks": []}, "option blocks lists no seats"),
    (2, {"blocks": [3]}, "option blocks lists 1 seats, but this game has 2"),
    (3, {"blocks": 4}, r"need exactly 2 players, not 3 \(CU-5\)"),
    (4, {"blocks": [3, 3, 5, 3]}, "need exactly 2 players"),
    (2, {"notes": "yes"}, "option notes must be true or false"),
    (3, {"notes": [True, False]}, "option notes lists 2 seats, but this game has 3"),
    (2, {"sudden_death": 1}, "option sudden_death must be true or false"),
    (2, {"build": "pick"}, "option build must be one of"),
    (2, {"max_rounds": 0}, "option max_rounds must be at least 1"),
    (2, {"max_rounds": "9"}, "option max_rounds must be a whole number"),
    (2, {"first_player": 2}, "first_player must be a seat index 0..1"),
    (2, {"setup": "P Q"}, r"option setup must be a dict"),
])
def test_bad_options_raise(n, options, reason):
    with pytest.raises(ValueError, match=reason):
        RULES.new_game(n, 0, **options)


def test_bad_seed_raises():
    with pytest.raises(ValueError, match="seed"):
        RULES.new_game(2, "7")


# --- rules, one scenario each ----------------------------------------------------------------

def test_CU_1_grid_cells_levels_and_targets():
    assert [cell_xy(c) for c in (1, 3, 5, 7, 9)] == [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)]
    with pytest.raises(ValueError):
        cell_xy(10)
    three = game(P, Q, R)
    assert [three.target(p) for p in range(3)] == [1, 2, 0]
    two = game(P, Q)
    assert [two.target(p) for p in range(2)] == [1, 0]
    assert three.view(2)["target"] == 0
    # levels count from the bottom: the upright bar of Q fills 5.1 and 5.2
    assert answer(parse_shape(Q), "K") == ["M", "S", None]


def test_CU_2_letters_look_along_lines_nearest_first():
    assert LETTERS == {"A": (1, 4, 7), "B": (2, 5, 8), "C": (3, 6, 9), "D": (3, 2, 1), "E": (6, 5, 4),
                       "F": (9, 8, 7), "G": (9, 6, 3), "H": (8, 5, 2), "I": (7, 4, 1), "J": (7, 8, 9),
                       "K": (4, 5, 6), "L": (1, 2, 3)}
    # P: from J (row 3 from the left) M at 7 hides L at 8 and 9; from F (the right) L is nearest.
    shape = parse_shape(P)
    assert answer(shape, "J") == ["M", None, None]
    assert answer(shape, "F") == ["L", None, None]
    assert answer(shape, "j") == answer(shape, " J ")


def test_CU_3_pieces_come_from_data_in_every_orientation():
    from game.rules.cube import orientations, placements
    assert list(PIECES) == ["S", "M", "L", "X", "Y"]
    assert PIECES["M"].cubes == ((0, 0, 0), (1, 0, 0), (0, 1, 0))
    assert PIECES["L"].cubes == ((0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 1, 0))
    assert PIECES["X"].cubes == PIECES["S"].cubes and PIECES["Y"].cubes == PIECES["M"].cubes
    assert all(p.colour.startswith("#") and len(p.colour) == 7 for p in PIECES.values())
    # 3 axes for the bar, 12 for the bent L (4 turns in 3 planes), 24 for the L-tetracube (mirror included)
    assert [len(orientations(pid)) for pid in "SMLXY"] == [3, 12, 24, 3, 12]
    assert [len(placements(pid)) for pid in "SMLXY"] == [54, 144, 144, 54, 144]
    # the L and its mirror image both lie flat in the grid
    assert check_shape("S:5.2,5.3 M:5.1,8.1,9.1 L:1.1,2.1,3.1,6.1") is None
    assert check_shape("S:5.2,5.3 M:5.1,8.1,9.1 L:1.1,2.1,3.1,4.1") is None


@pytest.mark.parametrize(("text", "message"), [
    ("S:5.1,10.1 M:1.1,2.1,4.1 L:3.1,6.1,8.1,9.1", "cube 10.1 is outside the grid"),
    ("S:0.1,1.1 M:4.1,5.1,7.1 L:3.1,6.1,8.1,9.1", "cube 0.1 is outside the grid"),
    ("S:5.0,5.1 M:1.1,2.1,4.1 L:3.1,6.1,8.1,9.1", "cube 5.0 is outside the grid"),
    ("S:5.1,5.4 M:1.1,2.1,4.1 L:3.1,6.1,8.1,9.1", "cube 5.4 makes the shape too tall"),
    ("S:4.1,5.1 M:1.1,2.1,4.1 L:3.1,6.1,8.1,9.1", "blocks overlap at 4.1"),
    ("S:5.1,5.1 M:1.1,2.1,4.1 L:3.1,6.1,8.1,9.1", "blocks overlap at 5.1"),
    ("S:5.1,5.2 M:1.1,2.1,3.1 L:4.1,7.1,8.1,9.1", "M is not a valid medium block"),
    ("S:5.1,6.2 M:1.1,2.1,4.1 L:3.1,6.1,8.1,9.1", "S is not a valid small block"),
    ("S:5.1,5.2 M:1.1,2.1,4.1 L:3.1,6.1,8.1,9.1,7.1", "L is not a valid large block"),
    ("S:5.2,6.2 M:1.1,2.1,4.1 L:3.1,6.1,8.1,9.1", "cube 5.2 has nothing under it"),
    ("S:6.1,9.1 M:2.1,3.1,5.1 L:1.1,4.1,7.1,8.1", "all blocks are flat"),
    ("S:5.1,5.2 M:1.1,2.1,4.1", "missing block L"),
    ("S:5.1,5.2 S:7.1,7.2 M:1.1,2.1,4.1 L:3.1,6.1,8.1,9.1", "block S given twice"),
    (Q + " X:7.1,7.2", r"block X is not in this set \(the blocks are S M L\)"),
    # the first failing item wins: composition, then items 1 to 5 in order
    ("S:5.2,6.2 M:1.1,2.1,4.1", "missing block L"),
    ("S:4.1,4.9 M:1.1,2.1,4.1 L:3.1,6.1,8.1,9.1", "too tall"),
    ("S:4.1,5.1 M:1.1,2.1,4.1,7.1 L:3.1,6.1,8.1,9.1", "blocks overlap at 4.1"),
    ("S:5.2,5.3 M:1.1,2.1,3.1 L:4.1,7.1,8.1,9.1", "M is not a valid medium block"),
    ("S:2.2,3.2 M:5.2,4.2,7.2 L:1.1,2.1,3.1,6.1", "cube 4.2 has nothing under it"),
])
def test_CU_4_each_building_rule_has_its_message(text, message):
    assert re.search(message, check_shape(text, ("S", "M", "L")))
    state = game(P, Q)
    raises(state, "guess " + text, message)


def test_CU_4_legal_shapes_pass_and_partial_builds_go_bottom_up():
    from game.rules.cube import check_partial
    for text in (P, Q, R, W):
        assert check_shape(text) is None
        assert check_shape(parse_shape(text), 3) is None
    assert check_partial({}) is None
    assert check_partial({"M": [(4, 1), (5, 1), (7, 1)]}) is None  # not flat, not missing: still building
    assert check_partial({"S": [(5, 2), (6, 2)]}) == "cube 5.2 has nothing under it"
    assert check_partial({"M": ["4.1", "5.1", "7.1"], "S": ["5.2", "6.2"]}) == "cube 6.2 has nothing under it"
    assert check_partial([("L", [(3, 1), (6, 1), (8, 1), (9, 1)]), ("M", [(4, 1), (5, 1), (7, 1)]),
                          ("S", [(5, 2), (6, 2)])]) is None
    assert check_partial({"M": [(1, 1), (2, 1), (3, 1)]}) == "M is not a valid medium block"
    assert check_partial({"M": [(1, 1), (2, 1), (4, 1)], "S": [(4, 1), (7, 1)]}) == "blocks overlap at 4.1"
    assert check_partial({"S": [(9, 4), (9, 3)]}) == "cube 9.4 makes the shape too tall (3 levels at most)"
    assert check_partial([("S", 3), ("S", 3)]) == "block S given twice"
    assert check_partial({"Y": [(1, 1), (2, 1), (4, 1)]}, 3).startswith("block Y is not in this set")
    assert check_partial(parse_shape(P)) is None


def test_CU_5_piece_sets_per_option():
    assert game(P, Q).pieces == (("S", "M", "L"), ("S", "M", "L"))
    assert RULES.new_game(2, 0, blocks=4).pieces == (("S", "M", "L", "X"),) * 2
    assert RULES.new_game(2, 0, blocks=5).view(0)["pieces"] == [["S", "M", "L", "X", "Y"]] * 2
    handicap = RULES.new_game(2, 0, blocks=[3, 4], setup={"secrets": [Q, P + " X:1.1,2.1"]}, first_player=0)
    assert handicap.pieces == (("S", "M", "L"), ("S", "M", "L", "X"))
    raises(handicap, "guess " + P, "missing block X")  # seat 1 guesses seat 2's four blocks
    play(handicap, "guess " + P + " X:1.1,2.1")
    assert handicap.view(0)["solved"] == [True, False]
    raises(handicap, "guess " + Q + " X:7.1,7.2", r"block X is not in this set")  # seat 2's target has 3


def test_CU_6_build_phase_then_random_secrets():
    choose = RULES.new_game(3, 5, first_player=1)
    assert (choose.phase, choose.round, choose.current_player) == ("build", 0, 1)
    assert len(choose.legal_actions()) == STANDARD
    play(choose, "build " + P, "build " + Q)
    assert (choose.phase, choose.current_player) == ("build", 0)
    play(choose, "build " + R)
    assert (choose.phase, choose.round, choose.current_player) == ("play", 1, 1)
    assert [choose.view(p)["my_secret"] for p in range(3)] == [R, P, Q]
    randoms = [RULES.new_game(2, seed, build="random") for seed in range(6)]
    for state in randoms:
        assert (state.phase, state.round) == ("play", 1)
        for p in range(2):
            assert check_shape(state.view(p)["my_secret"]) is None
    assert len({state.view(0)["my_secret"] for state in randoms}) > 1
    again = RULES.new_game(2, 3, build="random")
    assert again.to_json() == randoms[3].to_json()


def test_CU_7_first_player_option_seed_and_setup():
    assert RULES.new_game(4, 0, first_player=2).current_player == 2
    drawn = {RULES.new_game(4, seed).current_player for seed in range(40)}
    assert drawn == {0, 1, 2, 3}
    assert RULES.new_game(4, 9).current_player == RULES.new_game(4, 9).current_player
    setup_wins = RULES.new_game(2, 0, first_player=0, setup={"secrets": [P, Q], "first_player": 1})
    assert setup_wins.current_player == 1 and setup_wins.view(0)["first_player"] == 1
    only_first = RULES.new_game(2, 0, setup={"first_player": 1})
    assert (only_first.phase, only_first.current_player) == ("build", 1)


@pytest.mark.parametrize(("setup", "reason"), [
    ({"secrets": [P]}, r"one shape per seat: 2 expected, got 1 \(CU-8\)"),
    ({"secrets": P}, r"one shape per seat: 2 expected, got str"),
    ({"secrets": [P, 7]}, r"seat 2 must be a shape string .*\(CU-18\)"),
    ({"secrets": [P, "S:5.1 5.2"]}, r"seat 2: cannot read '5.2'.*\(CU-18\)"),
    ({"secrets": ["S:5.2,6.2 M:1.1,2.1,4.1 L:3.1,6.1,8.1,9.1", Q]},
     r"seat 1's shape is not legal for blocks S M L: cube 5.2 has nothing under it \(CU-4\)"),
    ({"secrets": [P, Q + " X:7.1,7.2"]}, r"seat 2's shape .* block X is not in this set .*\(CU-4\)"),
    ({"secrets": [P, Q], "deck": []}, r"unknown key\(s\) deck"),
    ({"secrets": [P, Q], "first_player": 5}, r"setup first_player must be a seat index 0..1"),
])
def test_CU_8_setup_errors_name_the_seat_and_rule(setup, reason):
    with pytest.raises(ValueError, match=reason):
        RULES.new_game(2, 0, setup=setup)


def test_CU_8_setup_secrets_follow_each_seats_set():
    with pytest.raises(ValueError, match=r"seat 1's shape .* missing block X \(CU-4\)"):
        RULES.new_game(2, 0, blocks=[4, 3], setup={"secrets": [Q, P]})
    state = RULES.new_game(2, 0, blocks=[4, 3], setup={"secrets": [Q + " X:7.1,7.2", P]})
    assert state.view(0)["my_secret"] == Q + " X:7.1,7.2"
    assert "setup" not in state.view(0)["options"] and "setup" not in state.to_json()["options"]


def test_CU_9_turns_rounds_and_one_action_per_turn():
    state = game(P, Q, R, first_player=1)
    order = []
    for move in ("ask 1", "ask 2", "ask 3", "ask 4"):
        order.append((state.round, state.current_player))
        play(state, move)
    assert order == [(1, 1), (1, 2), (1, 0), (2, 1)]
    legal = state.legal_actions()
    assert [str(a) for a in legal[:21]] == [f"ask {q}" for q in "123456789ABCDEFGHIJKL"]
    assert list(legal[:21]) == list(ASKS)
    assert len(legal) == 21 + STANDARD
    assert all(type(a) is Guess for a in legal[21:40])
    # answers are not actions: the log grows by one entry per turn
    assert len(state.view(0)["log"]) == 4


def test_CU_10_ask_number_only_the_target_answers_the_top_view():
    state = game(P, Q, R)
    play(state, "ask 5")
    assert last(state) == {"seat": 0, "action": "ask 5", "target": 1, "answer": "S"}
    play(state, "ask 5")  # seat 2 asks seat 3 (R): cell 5 is empty
    assert last(state) == {"seat": 1, "action": "ask 5", "target": 2, "answer": None}
    play(state, "ask 6")  # seat 3 asks seat 1 (P): S covers L at 6
    assert last(state) == {"seat": 2, "action": "ask 6", "target": 0, "answer": "S"}


def test_CU_11_ask_letter_every_seat_answers_about_its_own_shape():
    state = game(P, Q, R, sudden_death=True)
    play(state, "guess " + W)  # seat 1 is out but still answers
    play(state, "ask E")
    assert last(state) == {"seat": 1, "action": "ask E",
                           "answers": [["L", "S", None], ["L", "S", None], ["M", None, None]]}


def test_CU_12_guess_must_be_legal_for_the_target_and_right_exactly():
    state = game(P, Q)
    raises(state, "guess " + P.replace("5.2,6.2", "5.3,6.3"), "nothing under it")
    same_cubes = "S:5.1,5.2 M:6.1,8.1,9.1 L:1.1,2.1,3.1,4.1"  # Q's cubes split into other blocks
    assert check_shape(same_cubes) is None
    play(state, "guess " + same_cubes)
    assert last(state)["correct"] is False and not state.is_terminal()
    play(state, "ask 1")
    play(state, "guess " + Q)
    assert last(state) == {"seat": 0, "action": "guess " + Q, "target": 1, "correct": True, "eliminated": False}
    assert state.view(1)["solved"] == [True, False]


def test_CU_13_the_round_is_played_out_after_a_right_guess():
    state = game(P, Q, R, first_player=1)  # order: seat 2, seat 3, seat 1
    play(state, "ask 1")
    play(state, "guess " + P)  # seat 3 guesses seat 1: right, seat 1 still plays
    assert not state.is_terminal() and state.current_player == 0
    play(state, "guess " + Q)  # seat 1 guesses seat 2: also right, the round ends
    assert state.is_terminal() and state.current_player is None
    assert state.winners() == [0, 2] and state.scores() == [1, 0, 1]
    assert state.legal_actions() == ()
    raises(state, "ask 1", "the game is over")


def test_CU_14_sudden_death_eliminates_skips_and_leaves_a_last_player():
    state = game(P, Q, R, W, sudden_death=True, first_player=2)  # order 3, 4, 1, 2
    play(state, "guess " + P)  # seat 3 guesses seat 4 (W): wrong, out
    assert last(state)["eliminated"] is True and state.view(0)["eliminated"] == [False, False, True, False]
    play(state, "ask 1", "ask 2", "ask 3")  # seats 4, 1, 2
    assert (state.round, state.current_player) == (2, 3)  # round 2 skips seat 3
    play(state, "ask 9")  # seat 4 asks seat 1 (P)
    play(state, "guess " + P)  # seat 1 guesses seat 2 (Q): wrong, out
    assert not state.is_terminal() and state.current_player == 1
    play(state, "guess " + W)  # seat 2 guesses seat 3 (R): wrong, out; seat 4 is the last one
    assert state.is_terminal()
    assert state.winners() == [3] and state.scores() == [0, 0, 0, 1]


def test_CU_14_a_seat_out_mid_round_is_skipped_in_the_rounds_that_follow():
    state = game(P, Q, R, sudden_death=True)
    play(state, "ask 1", "guess " + W, "ask 2")  # seat 2 guesses seat 3 (R) wrong: out
    assert (state.round, state.current_player) == (2, 0)
    play(state, "ask 3")
    assert state.current_player == 2  # seat 2's place in the round is passed over
    play(state, "ask 4")
    assert (state.round, state.current_player) == (3, 0)


def test_CU_14_sudden_death_right_guess_still_plays_the_round_out():
    state = game(P, Q, R, sudden_death=True)
    play(state, "guess " + Q)  # seat 1 right
    play(state, "guess " + W)  # seat 2 wrong: out, two seats left
    assert not state.is_terminal() and state.current_player == 2
    play(state, "ask 1")
    assert state.is_terminal() and state.winners() == [0]


def test_CU_15_round_limit_ends_without_winner():
    state = game(P, Q, R, max_rounds=1)
    play(state, "ask 1", "ask 2", "ask 3")
    assert state.is_terminal() and state.winners() == [] and state.scores() == [0, 0, 0]
    late = game(P, Q, max_rounds=1)
    play(late, "ask 1", "guess " + P)  # right in the last round: the winner counts
    assert late.is_terminal() and late.winners() == [1]


def test_CU_16_scores_at_any_time_winners_only_at_the_end():
    state = game(P, Q, R)
    play(state, "guess " + Q)
    assert state.scores() == [1, 0, 0] and state.winners() == []
    play(state, "ask 1", "ask 2")
    assert state.winners() == [0] and state.view(2)["winners"] == [0]


def test_CU_17_view_keys_secrecy_and_notes():
    state = RULES.new_game(3, 77, build="random", notes=[True, False, True])
    secrets = [state.view(p)["my_secret"] for p in range(3)]
    play(state, "ask 5", "ask E")
    for p in range(3):
        view = state.view(p)
        assert {"seat", "num_players", "options", "phase", "current_player", "round", "pieces", "built",
                "solved", "eliminated", "my_secret", "log"} <= set(view)
        assert view["my_secret"] == secrets[p] and view["secrets"] is None
        assert view["notes"] == (p != 1)
        text = json.dumps(view)
        for q in range(3):
            if q != p:
                for fragment in secret_fragments(secrets[q]):
                    assert fragment not in text or fragment in secrets[p].split()
        assert str(state.to_json()["rng"]) not in text
        assert "setup" not in text and "seed" not in text
    while not state.is_terminal():
        play(state, "ask A")
    assert state.view(1)["secrets"] == secrets


def test_CU_17_determinize_keeps_the_view_and_agrees_with_every_answer():
    state = game(P, Q, R)
    play(state, "ask 5", "ask C", "guess " + W, "ask 2", "ask K", "ask 8")
    view = state.view(1)
    drawn = Counter()
    for seed in range(30):
        world = state.determinize(1, random.Random(seed))
        assert world.view(1) == view
        data = world.to_json()
        assert data["secrets"][1] == Q
        assert data["rng"] != state.to_json()["rng"]
        shapes = [parse_shape(s) for s in data["secrets"]]
        for entry in view["log"]:
            q = entry["action"].split()[1]
            if "answers" in entry:
                assert [answer(s, q) for s in shapes] == entry["answers"]
            elif "answer" in entry:
                assert answer(shapes[entry["target"]], q) == entry["answer"]
            else:
                assert (format_shape(shapes[entry["target"]]) == entry["action"][6:]) == entry["correct"]
        drawn[data["secrets"][0], data["secrets"][2]] += 1
    assert len(drawn) > 1  # the others' shapes are really redrawn


def test_CU_17_determinize_never_redraws_a_shape_already_guessed_wrong():
    state = game(P, Q)
    for cell in "123456789ABCD":  # seat 1's questions (and both seats' letters) narrow Q down
        play(state, f"ask {cell}")
    def agrees(shape):  # with every answer seat 2's shape gave, as the log shows them
        for entry in state.view(0)["log"]:
            q = entry["action"].split()[1]
            told = entry["answers"][1] if "answers" in entry else \
                entry["answer"] if entry["target"] == 1 else answer(shape, q)
            if answer(shape, q) != told:
                return False
        return True
    left = [format_shape(shape) for shape in enumerate_shapes() if agrees(shape)]
    assert Q in left and len(left) == 3
    wrong = next(s for s in left if s != Q)
    play(state, "ask 1", "guess " + wrong)  # seat 2 asks, seat 1 guesses wrong
    drawn = {state.determinize(0, random.Random(seed)).to_json()["secrets"][1] for seed in range(40)}
    assert drawn == set(left) - {wrong}


def test_CU_17_determinize_fixes_a_solved_target_and_reveals_nothing_when_over():
    state = game(P, Q, R)
    play(state, "guess " + Q)
    world = state.determinize(2, random.Random(4))
    assert world.to_json()["secrets"][1] == Q
    play(state, "ask 1", "ask 2")
    assert state.determinize(0, random.Random(1)).to_json()["secrets"] == [P, Q, R]


def test_CU_18_notation_round_trips_and_tolerates_case_and_spaces():
    state = game(P, Q)
    for action in [*ASKS, Guess(parse_shape(W))]:
        assert state.parse(str(action)) == action
    messy = "  GUESS   l:9.1, 8.1 ,6.1,3.1   s : 7.2,7.1 m:4.1,1.1,2.1 "
    assert str(state.parse(messy)) == "guess " + W
    assert state.parse("Ask  e") == Ask("E")
    raises(state, "ask 10", "ask takes 1-9 or A-L")
    raises(state, "ask M", "ask takes 1-9 or A-L")
    raises(state, "ask", "ask takes 1-9 or A-L")
    raises(state, "build " + W, "not your turn to build")
    raises(state, "guess", "no shape given")
    raises(state, "guess S5.2", "cannot read 'S5.2'")
    # CELL and LEVEL are single digits: a leading zero is not read past
    raises(state, "guess " + W.replace("S:7.1", "S:07.1"), "cannot read 'S:07.1,7.2'")
    raises(state, "guess " + W.replace("S:7.1", "S:7.01"), "cannot read 'S:7.01,7.2'")
    raises(state, "ask 05", "ask takes 1-9 or A-L")
    raises(state, "jump 3", "unknown action 'jump'")
    raises(state, "   ", "no action given")
    with pytest.raises(IllegalAction, match="written as text"):
        state.parse(5)
    with pytest.raises(IllegalAction, match="not a Break the Cube action"):
        state.apply("ask 5")
    with pytest.raises(ValueError):
        Ask("0")
    with pytest.raises(TypeError):
        Guess("S:5.1,5.2")
    assert Guess(tuple(reversed(parse_shape(W)))) == Guess(parse_shape(W))


def test_CU_18_legal_actions_are_a_lazy_sequence_matching_the_rules():
    state = game(P, Q)
    legal = state.legal_actions()
    assert len(legal) == 21 + STANDARD == 21 + shape_count()
    sample = [legal[i] for i in random.Random(2).sample(range(len(legal)), 200)]
    for action in sample:
        assert action in legal and state.parse(str(action)) == action
    for i in (0, 20, 21, 500, len(legal) - 1, -1):
        assert legal.index(legal[i]) == i % len(legal)
    assert Guess(parse_shape(W)) in legal and Build(parse_shape(W)) not in legal
    bad = Guess((("S", 3), ("M", 8), ("L", 7)))
    assert bad not in legal
    with pytest.raises(IllegalAction):
        state.apply(bad)
    assert list(legal)[21:] == [Guess(s) for s in enumerate_shapes()]


def test_CU_18_five_block_guesses_stay_lazy_and_read_back():
    state = RULES.new_game(2, 4, blocks=5, build="random", first_player=0)
    legal = state.legal_actions()
    assert len(legal) == 21 + 5_155_392
    for i in random.Random(9).sample(range(21, len(legal)), 25):
        action = legal[i]
        assert action in legal and legal.index(action) == i
        assert state.parse(str(action)) == action
    raises(state, "guess " + P + " X:1.1,2.1", "missing block Y")


# --- worked examples ----------------------------------------------------------------------------

def test_Z1_answers_of_P():
    shape = parse_shape(P)
    above = [answer(shape, c) for c in range(1, 10)]
    assert above == [None, None, "L", "M", "S", "S", "M", "L", "L"]
    sides = {q: answer(shape, q) for q in "ABCDEFGHIJKL"}
    assert sides == {"A": ["M", None, None], "B": ["M", "S", None], "C": ["L", "S", None],
                     "D": ["L", None, None], "E": ["L", "S", None], "F": ["L", None, None],
                     "G": ["L", "S", None], "H": ["L", "S", None], "I": ["M", None, None],
                     "J": ["M", None, None], "K": ["M", "S", None], "L": ["L", None, None]}


def test_Z2_answers_of_Q_and_R():
    q, r = parse_shape(Q), parse_shape(R)
    assert [answer(q, c) for c in "123456789"] == ["M", "M", "L", "M", "S", "L", None, "L", "L"]
    assert {x: answer(q, x) for x in "ACEJK"} == {"A": ["M", None, None], "C": ["L", None, None],
                                                 "E": ["L", "S", None], "J": ["L", None, None],
                                                 "K": ["M", "S", None]}
    assert [answer(r, c) for c in "159"] == ["S", None, "L"]
    assert {x: answer(r, x) for x in "ADI"} == {"A": ["S", "S", None], "D": ["M", "S", None],
                                               "I": ["L", "S", None]}


def test_Z3_questions_and_a_wrong_guess():
    state = game(P, Q)
    play(state, "ask 5")
    assert last(state)["answer"] == "S"
    play(state, "ask C")
    assert last(state)["answers"] == [["L", "S", None], ["L", None, None]]
    play(state, "ask 7")
    assert last(state)["answer"] is None
    play(state, "ask J")
    assert last(state)["answers"] == [["M", None, None], ["L", None, None]]
    action = state.parse("guess S:7.2,7.1 m:4.1,1.1,2.1 L:9.1,8.1,6.1,3.1")
    assert action == state.parse("guess " + W) and str(action) == "guess " + W
    state.apply(action)
    assert last(state)["correct"] is False
    assert not state.is_terminal() and (state.round, state.current_player) == (3, 1)


def test_Z4_first_player_right():
    for follow_up, winners, scores in (("ask 1", [0], [1, 0]), ("guess " + P, [0, 1], [1, 1])):
        state = game(P, Q)
        play(state, "guess " + Q)
        assert state.view(0)["solved"] == [True, False]
        assert not state.is_terminal() and state.current_player == 1
        play(state, follow_up)
        assert state.is_terminal() and state.winners() == winners and state.scores() == scores


def test_Z5_last_seat_of_the_round_right():
    state = game(P, Q)
    play(state, "ask 1")
    assert last(state)["answer"] == "M"
    play(state, "guess " + P)
    assert state.is_terminal() and state.winners() == [1]


def test_Z6_three_players():
    state = game(P, Q, R)
    play(state, "ask 1")
    assert last(state) == {"seat": 0, "action": "ask 1", "target": 1, "answer": "M"}
    play(state, "guess " + R)
    assert last(state)["correct"] is True and not state.is_terminal()
    play(state, "ask A")
    assert last(state)["answers"] == [["M", None, None], ["M", None, None], ["S", "S", None]]
    assert state.is_terminal() and state.winners() == [1]


def test_Z7_sudden_death_two_players():
    state = game(P, Q, sudden_death=True)
    play(state, "guess " + W)
    assert last(state)["eliminated"] is True
    assert state.is_terminal() and state.winners() == [1] and state.scores() == [0, 1]


def test_Z8_sudden_death_three_players():
    state = game(P, Q, R, sudden_death=True)
    play(state, "guess " + W)
    assert not state.is_terminal() and state.current_player == 1
    play(state, "ask A")
    assert last(state)["answers"] == [["M", None, None], ["M", None, None], ["S", "S", None]]
    play(state, "ask 2")
    assert last(state) == {"seat": 2, "action": "ask 2", "target": 0, "answer": None}
    assert (state.round, state.current_player) == (2, 1)
    play(state, "ask 9")
    assert last(state) == {"seat": 1, "action": "ask 9", "target": 2, "answer": "L"}


def test_Z9_round_limit():
    state = game(P, Q, max_rounds=2)
    play(state, "ask 1", "ask 2", "ask 3")
    assert not state.is_terminal()
    play(state, "ask 4")
    assert state.is_terminal() and state.winners() == []


@pytest.mark.parametrize(("text", "reason"), [
    ("guess S:6.1,9.1 M:2.1,3.1,5.1 L:1.1,4.1,7.1,8.1", "all blocks are flat"),
    ("guess S:5.2,6.2 M:1.1,2.1,4.1 L:3.1,6.1,8.1,9.1", "cube 5.2 has nothing under it"),
    ("guess S:5.1,5.2 M:1.1,2.1,3.1 L:4.1,7.1,8.1,9.1", "M is not a valid medium block"),
    ("guess S:4.1,5.1 M:1.1,2.1,4.1 L:3.1,6.1,8.1,9.1", "blocks overlap at 4.1"),
    ("guess S:5.1,5.4 M:1.1,2.1,4.1 L:3.1,6.1,8.1,9.1", "too tall"),
    ("guess S:5.1,5.2 M:1.1,2.1,4.1", "missing block L"),
])
def test_Z10_building_rules(text, reason):
    raises(game(P, Q), text, reason)


def test_Z11_brain_burner():
    state = game("S:5.1,5.2 M:1.1,2.1,4.1 L:3.1,6.1,8.1,9.1 X:7.1,7.2", P + " X:1.1,2.1", blocks=4)
    play(state, "ask 1")
    assert last(state)["answer"] == "X"
    play(state, "ask J")
    assert last(state)["answers"] == [["X", "X", None], ["M", None, None]]
    raises(state, "guess " + Q, "missing block X")
    legal = state.legal_actions()
    assert len(legal) == 21 + shape_count(4) == 21 + 279_000


def test_Z12_build_phase_and_secrecy():
    state = RULES.new_game(2, 0, first_player=0)
    assert (state.phase, state.current_player, state.round) == ("build", 0, 0)
    assert Build(parse_shape(P)) in state.legal_actions()
    assert Ask("5") not in state.legal_actions()
    raises(state, "ask 5", "still being built")
    raises(state, "guess " + P, "still being built")
    play(state, "build " + P)
    assert state.view(1)["log"] == [{"seat": 0, "action": "build"}]
    assert state.view(1)["my_secret"] is None
    assert state.view(1)["built"] == [True, False]
    hidden = json.dumps(state.view(1))
    assert all(fragment not in hidden for fragment in secret_fragments(P))
    assert state.view(0)["my_secret"] == P
    assert state.view(0)["log"] == [{"seat": 0, "action": "build", "shape": P}]
    world = state.determinize(1, random.Random(0))
    assert world.view(1) == state.view(1) and world.to_json()["secrets"][1] is None
    play(state, "build " + Q)
    assert (state.phase, state.round, state.current_player) == ("play", 1, 0)


# --- JSON ----------------------------------------------------------------------------------------

def test_json_round_trip_and_validation():
    state = game(P, Q, R, sudden_death=True, notes=[True, False, False])
    play(state, "ask 5", "ask C", "guess " + W, "ask 2")
    data = state.to_json()
    assert json.loads(json.dumps(data)) == data
    again = RULES.from_json(data)
    assert again.to_json() == data
    assert again.view(2) == state.view(2)
    assert again.determinize(2, random.Random(3)).view(2) == state.view(2)
    play(again, "ask 9")
    play(state, "ask 9")
    assert again.to_json() == state.to_json()
    for key, value, reason in (
        ("game", "breaks", "not a saved Break the Cube state"),
        ("phase", "final", "phase must be one of"),
        ("secrets", [P, Q], "one entry per seat"),
        ("secrets", [P, W, R], "does not agree with the secrets"),
        ("current_player", None, "current_player must be a whole number"),
        ("phase", "over", "current_player must be null exactly when"),
        ("options", {"blocks": 9}, "option blocks must be one of"),
        ("rng", -1, "rng must be a whole number"),
    ):
        bad = json.loads(json.dumps(data))
        bad[key] = value
        with pytest.raises(ValueError, match=reason):
            RULES.from_json(bad)
    tampered = json.loads(json.dumps(data))
    tampered["log"][0]["answer"] = "L"
    with pytest.raises(ValueError, match="log entry 1 does not agree"):
        RULES.from_json(tampered)
    del tampered["log"]
    with pytest.raises(ValueError, match="has no 'log'"):
        RULES.from_json(tampered)


def test_illegal_actions_change_nothing():
    state = game(P, Q)
    before = state.to_json()
    for action in (Build(parse_shape(P)), Guess((("S", 1), ("M", 2), ("L", 4))), "ask 5", None):
        with pytest.raises(IllegalAction):
            state.apply(action)
        assert state.to_json() == before
