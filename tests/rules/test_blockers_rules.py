"""Blockers! rules engine: one scenario per rule (BL-n) and per worked example (Yn) of
shared/rules/blockers.md, plus notation, parse reasons, setup/option errors and the contract."""

from __future__ import annotations

import random

import pytest

from game.core.errors import IllegalAction
from game.core.options import OptionSpec
from game.core.protocol import Rules, State
from game.rules import get_rules
from game.rules.blockers import (
    PASS,
    RULES,
    SQUARES,
    SYMBOLS,
    TILES,
    Pass,
    Place,
    groups,
    is_undo_barrier,
)

R = get_rules("blockers")
BLUE6 = ["1", "2", "3", "4", "5", "6"]


# --- helpers ---------------------------------------------------------------------------------

def game(*pools, board=None, n=None, first_player=0, **options):
    """A fixed game: ``pools`` in colour-slot order, optional preset ``board``."""
    setup = {"pools": [list(p) for p in pools]}
    if board is not None:
        setup["board"] = board
    n = n or (2 if options.get("advanced") else len(pools))
    return R.new_game(n, 0, first_player=first_player, setup=setup, **options)


def legal(state):
    return [str(a) for a in state.legal_actions()]


def play(state, *moves):
    for move in moves:
        state.apply(state.parse(move))


def raises(state, text, reason):
    before = state.to_json()
    with pytest.raises(IllegalAction, match=reason):
        state.parse(text)
    assert state.to_json() == before


def squares(cols=None, rows="ABCDEFGHI"):
    cols = cols or range(1, 10)
    return [f"{r}{c}" for r in rows for c in cols]


def comb_board(b="red", d="green", f="green", h="yellow"):
    """A full board around a purple path (rows A, C, E, G, I joined by B9, D1, F9, H1):
    only its ends A1 and I9 can be taken, every other purple tile would split it."""
    board = {sq: "purple" for sq in [*squares(rows="ACEGI"), "B9", "D1", "F9", "H1"]}
    board.update({f"B{c}": b for c in range(1, 9)})
    board.update({f"D{c}": d for c in range(2, 10)})
    board.update({f"F{c}": f for c in range(1, 9)})
    board.update({f"H{c}": h for c in range(2, 10)})
    return board


def random_game(n, seed, advanced=False, steps=None):
    state = R.new_game(n, seed, advanced=advanced)
    rng = random.Random(seed)
    while not state.is_terminal() and (steps is None or steps > 0):
        state.apply(rng.choice(state.legal_actions()))
        steps = None if steps is None else steps - 1
    return state


# --- the contract ----------------------------------------------------------------------------

def test_registry_returns_the_rules_object():
    assert R is RULES
    assert isinstance(R, Rules)
    assert (R.name, R.title, R.min_players, R.max_players) == ("blockers", "Blockers!", 2, 5)
    state = R.new_game(3, 1)
    assert isinstance(state, State)
    assert state.num_players == 3


def test_options_are_declared_with_labels_and_help():
    by_name = {spec.name: spec for spec in R.options}
    assert set(by_name) == {"advanced", "first_player", "setup"}
    assert all(isinstance(spec, OptionSpec) for spec in R.options)
    adv = by_name["advanced"]
    assert (adv.kind, adv.default, adv.hidden) == ("bool", False, False)
    assert adv.label and len(adv.help) > 40
    assert by_name["setup"].hidden and by_name["first_player"].hidden


@pytest.mark.parametrize(("options", "message"), [
    ({"colour": "red"}, "unknown option"),
    ({"advanced": "yes"}, "advanced must be true or false"),
    ({"advanced": True}, "exactly 2 players"),
    ({"first_player": 3}, "first_player must be a seat index"),
    ({"first_player": -1}, "first_player must be"),
])
def test_bad_options_raise_value_error(options, message):
    with pytest.raises(ValueError, match=message):
        R.new_game(3, 0, **options)


@pytest.mark.parametrize("n", [0, 1, 6, True, "2"])
def test_player_counts_outside_2_to_5_are_refused(n):
    with pytest.raises(ValueError, match="2 to 5 players"):
        R.new_game(n, 0)


def test_seed_must_be_an_int():
    with pytest.raises(ValueError, match="seed"):
        R.new_game(2, "x")


def test_undo_barrier_is_every_placement_never_a_pass():
    assert is_undo_barrier is not None
    assert R.is_undo_barrier(Place(0, 0)) and R.is_undo_barrier("7@C7") and R.is_undo_barrier("red:7@C7")
    assert not R.is_undo_barrier(PASS) and not R.is_undo_barrier(" Pass ") and not R.is_undo_barrier("")


def test_game_over_state_has_no_player_and_no_actions():
    state = random_game(2, 3)
    assert state.is_terminal() and state.current_player is None and state.legal_actions() == []
    raises(state, "pass", "the game is over")
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply(Place(0, 0))


# --- components and setup ------------------------------------------------------------------------

def test_BL_1_every_colour_has_28_tiles_in_canonical_order():
    assert TILES == ("1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F", "G", "H", "I",
                     "triangle", "cross", "star", "clover", "circle", "diamond", "moon", "heart", "square", "wild")
    view = R.new_game(5, 11).view(2)
    for colour, tiles in view["unplayed"].items():
        assert tiles == list(TILES), colour
    assert view["rack_sizes"] == dict.fromkeys(("red", "blue", "green", "yellow", "purple"), 5)


def test_BL_2_colours_normal_and_advanced():
    assert R.new_game(4, 0).view(0)["colours"] == [["red"], ["blue"], ["green"], ["yellow"]]
    state = R.new_game(2, 0, advanced=True)
    assert state.view(1)["colours"] == [["red", "green"], ["blue", "yellow"]]
    assert state.colours_of(1) == ("blue", "yellow")


def test_BL_3_pools_are_shuffled_and_racks_are_their_first_five():
    a, b = R.new_game(3, 7), R.new_game(3, 7)
    assert a.to_json() == b.to_json()
    assert R.new_game(3, 8).to_json()["pools"] != a.to_json()["pools"]
    data = a.to_json()
    for colour in ("red", "blue", "green"):
        assert len(data["racks"][colour]) == 5 and len(data["pools"][colour]) == 23
        assert sorted(data["racks"][colour] + data["pools"][colour]) == sorted(TILES)
    # With setup the first five are the rack and later draws come in order.
    state = game(["7", "C", "moon", "2", "wild", "1", "3"], ["1", "2", "3", "4", "5", "6", "7"])
    assert state.view(0)["racks"] == {"red": ["2", "7", "C", "moon", "wild"]}
    play(state, "7@C7", "1@A1", "2@A2")
    assert state.view(0)["racks"]["red"] == ["1", "3", "C", "moon", "wild"]


def test_BL_4_first_player_from_option_setup_or_seed():
    assert R.new_game(4, 0, first_player=2).current_player == 2
    assert game(BLUE6, BLUE6, first_player=None).current_player in (0, 1)
    fixed = R.new_game(2, 0, first_player=0, setup={"pools": [BLUE6, BLUE6], "first_player": 1})
    assert fixed.current_player == 1  # setup's first_player wins over the option
    firsts = {R.new_game(3, seed).current_player for seed in range(30)}
    assert firsts == {0, 1, 2}
    assert R.new_game(3, 5).view(0)["options"] == {"advanced": False, "first_player": None}


def test_BL_5_setup_fixes_pools_and_presets_behave_like_tiles():
    state = game(["E", "1", "2", "3", "4", "5"], BLUE6, board={"E5": "blue", "E6": "blue", "e7": "Purple"})
    view = state.view(0)
    assert view["board"] == {"E5": "blue", "E6": "blue", "E7": "purple"}
    assert view["labels"] == {} and view["pool_sizes"] == {"red": 1, "blue": 1}
    assert groups(view["board"], "blue") == 1 and state.scores() == [0, 1]
    play(state, "E@E7")  # a preset purple tile is captured like any other
    assert state.view(1)["captures"] == [{"red": 0, "blue": 0, "purple": 1}, {"red": 0, "blue": 0}]
    assert state.scores() == [2, 1]


@pytest.mark.parametrize(("setup", "message"), [
    ("pools", "setup must be a dict"),
    ({}, "setup needs pools"),
    ({"pools": [BLUE6, BLUE6], "deck": []}, "unknown key"),
    ({"pools": [BLUE6]}, "list of 2 pools, one per colour in this order: red, blue"),
    ({"pools": "abc"}, "list of 2 pools"),
    ({"pools": [BLUE6, "123456"]}, "the blue pool must be a list"),
    ({"pools": [BLUE6, ["1", "2", "3", "4", "5", "1"]]}, "the blue pool lists 1 twice"),
    ({"pools": [BLUE6, ["1", "2", "3", "4", "5", "J"]]}, "'J' is not a tile"),
    ({"pools": [BLUE6, ["1", "2", "3", "4", "5", 6]]}, "holds 6"),
    ({"pools": [BLUE6, BLUE6[:5]]}, "same length, not red 6, blue 5"),
    ({"pools": [BLUE6[:4], BLUE6[:4]]}, "5 to 28 tiles"),
    ({"pools": [BLUE6, BLUE6], "board": ["E5"]}, "board must be a table"),
    ({"pools": [BLUE6, BLUE6], "board": {"J5": "red"}}, "'J5' is not a square"),
    ({"pools": [BLUE6, BLUE6], "board": {"E5": "orange"}}, "E5 has 'orange', which is not a colour"),
    ({"pools": [BLUE6, BLUE6], "board": {"E5": "red", "e5": "blue"}}, "names e5 twice"),
    ({"pools": [BLUE6, BLUE6], "first_player": 2}, "setup first_player must be a seat index 0..1"),
])
def test_BL_5_setup_errors_name_the_problem(setup, message):
    with pytest.raises(ValueError, match=message):
        R.new_game(2, 0, setup=setup)


def test_BL_5_advanced_setup_needs_four_pools_in_slot_order():
    with pytest.raises(ValueError, match="4 pools, one per colour in this order: red, green, blue, yellow"):
        R.new_game(2, 0, advanced=True, setup={"pools": [BLUE6, BLUE6]})


# --- turns ---------------------------------------------------------------------------------------

def test_BL_6_a_turn_places_one_tile_and_draws_one():
    state = game(["7", "C", "moon", "2", "wild", "1"], BLUE6)
    play(state, "wild@E5")
    view = state.view(0)
    assert view["board"] == {"E5": "red"} and view["labels"] == {"E5": "wild"}
    assert view["racks"]["red"] == ["1", "2", "7", "C", "moon"] and view["pool_sizes"]["red"] == 0
    assert state.current_player == 1 and view["last_action"] == {"seat": 0, "action": "wild@E5"}


def test_BL_7_number_column_letter_row_symbol_section_wild_anywhere():
    state = game(["7", "C", "moon", "2", "wild", "1"], BLUE6)
    actions = legal(state)
    assert [a for a in actions if a.startswith("7@")] == [f"7@{r}7" for r in "ABCDEFGHI"]
    assert [a for a in actions if a.startswith("C@")] == [f"C@C{c}" for c in range(1, 10)]
    assert [a for a in actions if a.startswith("moon@")] == [f"moon@{sq}" for sq in squares(range(1, 4), "GHI")]
    assert [a for a in actions if a.startswith("wild@")] == [f"wild@{sq}" for sq in SQUARES]
    raises(state, "7@C6", "the 7 does not fit C6: a number tile goes in its column")
    raises(state, "C@D7", "the C does not fit D7: a letter tile goes in its row")
    raises(state, "moon@A1", "the moon does not fit A1: a symbol tile goes in its section")


def test_BL_7_the_placed_label_counts_never_the_captured_one():
    state = game(["1", "2", "3", "4", "5", "6"], ["E", "1", "2", "3", "4", "5"], board={"E5": "blue"})
    play(state, "5@E5")  # red 5 fits column 5; the blue tile there had no label
    play(state, "E@E5")  # blue E fits row E, whatever red tile lies on E5 (a 5)
    assert state.view(0)["labels"] == {"E5": "E"}


def test_BL_8_a_capture_removes_the_tile_and_counts_it_for_the_mover():
    state = game(["5", "E", "9", "A", "circle", "1"], BLUE6, board={"E5": "blue"})
    play(state, "circle@E5")
    view = state.view(1)
    assert view["board"] == {"E5": "red"}
    assert view["captures"] == [{"red": 0, "blue": 1}, {"red": 0, "blue": 0}]
    assert state.to_json()["captured"] == [[0, "blue", None]]


def test_BL_8_never_onto_your_own_colour():
    state = game(["5", "E", "9", "A", "circle", "1"], BLUE6, board={"E5": "red"})
    assert not any(a.endswith("@E5") for a in legal(state))
    raises(state, "5@E5", "E5 is your own colour")


def test_BL_9_capture_only_without_splitting_the_group():
    # A ring of 8 around E5 can lose any tile (what is left is a path); a T can lose only its ends.
    ring = {sq: "blue" for sq in ("D4", "D5", "D6", "E4", "E6", "F4", "F5", "F6")}
    state = game(["wild", "1", "2", "3", "4", "5"], BLUE6, board=ring)
    assert [a for a in legal(state) if a.startswith("wild@") and a[5:] in ring] == [f"wild@{sq}" for sq in sorted(ring)]
    tee = {"B2": "blue", "B3": "blue", "B4": "blue", "C3": "blue", "D3": "blue"}
    state = game(["wild", "1", "2", "3", "4", "5"], BLUE6, board=tee)
    assert [a for a in legal(state) if a.startswith("wild@") and a[5:] in tee] == ["wild@B2", "wild@B4", "wild@D3"]
    raises(state, "wild@B3", "capturing B3 would split blue's group")
    raises(state, "wild@C3", "capturing C3 would split blue's group")


def test_BL_9_only_the_captured_colours_connectivity_matters():
    # E5 links two blue tiles only through red ones: blue's group is just E5, which is alone.
    board = {"E5": "blue", "E4": "red", "E6": "red", "D5": "green", "F5": "green"}
    state = game(["5", "1", "2", "3", "4", "6"], BLUE6, BLUE6, board=board)
    assert {"5@E5", "5@D5", "5@F5"} <= set(legal(state))


def test_BL_10_forced_capture_then_pass_only_when_nothing_is_legal():
    board = {sq: "red" for sq in squares(range(1, 4))}
    board.update({"E2": "blue", "G1": "blue", "H1": "blue", "I1": "blue"})
    state = game(["1", "2", "3", "triangle", "moon", "4"], BLUE6, board=board)
    raises(state, "pass", "you may not pass: a move exists, and as no tile fits an empty square you must capture")
    state = game(["7", "1", "2", "3", "4", "5"], BLUE6)
    raises(state, "pass", r"you may not pass: a move exists \(for example 1@A1\)")


def test_BL_11_draw_the_placed_colour_and_nothing_from_an_empty_pool():
    state = game(["1", "2", "3", "4", "5", "6"], ["A", "B", "C", "D", "E", "F"])
    play(state, "1@A1")
    assert state.view(0)["racks"]["red"] == ["2", "3", "4", "5", "6"]
    play(state, "A@A2", "2@B2")
    assert state.view(0)["racks"]["red"] == ["3", "4", "5", "6"]  # pool empty: nothing drawn
    assert state.view(0)["rack_sizes"] == {"red": 4, "blue": 5}


def test_BL_12_passes_and_placements_both_count_as_turns():
    board = {sq: "red" for sq in squares(range(1, 4))}
    state = game(["1", "2", "3", "triangle", "moon", "4"], ["7", "8", "9", "1", "2", "3"], board=board)
    play(state, "pass", "7@A7")
    assert state.view(0)["turns"] == [1, 1]


def test_BL_13_the_seat_before_the_first_player_ends_the_game():
    state = game(BLUE6, ["A", "B", "C", "D", "E", "F"], ["7", "8", "9", "G", "H", "I"], first_player=1)
    assert state.view(0)["turn_limit"] == 2
    play(state, "A@A1", "7@A7", "1@B1", "B@B2", "8@B8")
    assert not state.is_terminal() and state.current_player == 0
    play(state, "2@C2")
    assert state.is_terminal() and state.view(0)["turns"] == [2, 2, 2]
    assert all(size == 4 for size in state.view(0)["rack_sizes"].values())


def test_BL_13_two_passes_do_not_end_the_normal_game():
    board = comb_board(h="blue")
    state = game(["B", "C", "E", "G", "cross", "star"], ["C", "E", "G", "H", "moon", "heart"], board=board)
    for _ in range(3):
        assert legal(state) == ["pass"]
        play(state, "pass")
        assert not state.is_terminal()
    play(state, "pass")
    assert state.is_terminal() and state.view(0)["turns"] == [2, 2]
    assert state.view(0)["rack_sizes"] == {"red": 5, "blue": 5} and state.view(0)["pool_sizes"] == {"red": 1, "blue": 1}


# --- scoring -------------------------------------------------------------------------------------

def test_BL_14_groups_connect_by_edges_never_diagonals():
    board = {"A1": "red", "B2": "red", "C3": "red", "C4": "red", "I9": "red", "E5": "blue"}
    assert groups(board, "red") == 4 and groups(board, "blue") == 1 and groups(board, "green") == 0
    state = game(["5", "1", "2", "3", "4", "6"], BLUE6, board=board)
    assert state.scores() == [4, 1]


def test_BL_15_score_is_groups_plus_largest_capture_counted_once_when_tied():
    state = game(["E", "F", "1", "2", "3", "4"], BLUE6, BLUE6, board={"E5": "blue", "F5": "green"})
    play(state, "E@E5")
    assert state.scores()[0] == 1 + 1
    play(state, "1@A1", "1@I1", "F@F5")
    assert state.view(0)["captures"][0] == {"red": 0, "blue": 1, "green": 1}
    assert state.scores()[0] == 1 + 1  # E5-F5 is one group; blue 1 and green 1 tie: counted once


def test_BL_16_winners_lowest_score_then_fewest_captures_then_shared():
    state = game(["1", "2", "3", "4", "5", "6"], ["1", "2", "3", "4", "5", "6"])
    assert state.winners() == []
    play(state, "1@A1", "1@I1", "2@A2", "2@I2")
    assert state.scores() == [1, 1] and state.winners() == [0, 1]
    # Red: one group (I4-I5) + 1 captured blue = 2; blue: two groups, no captures = 2: blue wins.
    state = game(["4", "5", "1", "2", "3", "6"], ["1", "9", "2", "3", "4", "6"], board={"I5": "blue"})
    play(state, "5@I5", "1@A1", "4@I4", "9@A9")
    assert state.scores() == [2, 2] and state.winners() == [1]


# --- the advanced game ---------------------------------------------------------------------------

Y7_POOLS = (["7", "A", "C", "1", "2", "3"], ["7", "D", "1", "2", "3", "4"],
            ["C", "A", "1", "2", "3", "4"], ["C", "E", "1", "2", "3", "4"])


def test_BL_17_either_colour_capture_your_other_colour_never_the_same_one():
    state = game(*Y7_POOLS, advanced=True)
    actions = legal(state)
    assert actions[0].startswith("red:") and actions[-1].startswith("green:")
    assert {a.split(":")[0] for a in actions} == {"red", "green"}
    play(state, "red:7@C7", "blue:C@C6")
    assert "green:7@C7" in legal(state) and "red:C@C7" not in legal(state)
    raises(state, "red:C@C7", "C7 is red too: a tile never replaces a tile of its own colour")
    raises(state, "7@C7", "name the colour you place, like red:7@C7")
    raises(state, "blue:1@A1", "blue is not your colour: you play red and green")
    raises(state, "green:A@A1", "no A on your green rack")
    play(state, "green:7@C7")
    assert state.view(0)["captures"][0] == {"red": 1, "green": 0, "blue": 0, "yellow": 0}


def test_BL_18_an_empty_pool_finishes_the_colour_and_shows_its_rack():
    state = game(*Y7_POOLS, advanced=True)
    play(state, "red:7@C7", "blue:C@C6", "green:7@C7", "yellow:C@C5")
    assert state.view(1)["pool_sizes"]["red"] == 0 and "red" not in state.view(1)["racks"]
    play(state, "red:A@A1")
    assert state.view(1)["finished"] == {"red": True, "green": False, "blue": False, "yellow": False}
    assert state.view(1)["racks"] == {"red": ["1", "2", "3", "C"], "blue": ["1", "2", "3", "4", "A"],
                                      "yellow": ["1", "2", "3", "4", "E"]}
    play(state, "blue:A@A2")
    raises(state, "red:1@A1", "red is finished: its last tiles stay on the rack")


def test_BL_19_a_seat_with_both_colours_finished_is_skipped():
    board = {sq: "red" for sq in squares(range(1, 4))}
    board.update({sq: "green" for sq in squares(range(4, 7))})
    state = game(["1", "2", "3", "triangle", "clover"], ["4", "5", "6", "cross", "circle"],
                 ["7", "8", "9", "A", "B"], ["1", "2", "3", "4", "5"], board=board, advanced=True)
    assert legal(state) == ["pass"]
    play(state, "pass", "blue:7@A7", "pass")  # a pass after a placement does not end the game
    assert state.current_player == 1 and not state.is_terminal()
    play(state, "yellow:1@E1")  # seat 2 has finished both colours
    assert state.current_player == 0
    assert legal(state) == ["red:1@E1", "red:clover@E1"]
    play(state, "red:1@E1")
    assert state.current_player == 0  # seat 1 again: seat 2 is skipped
    assert legal(state) == ["pass"]
    play(state, "pass")  # BL-20: nobody can move again
    assert state.is_terminal() and state.view(0)["finished"]["green"] is False
    assert state.scores() == [3, 2] and state.winners() == [1]


def test_BL_20_a_pass_right_after_a_pass_ends_the_advanced_game():
    state = game(["B", "C", "E", "G", "cross"], ["C", "D", "E", "F", "clover"], ["A", "1", "2", "3", "4"],
                 ["C", "E", "G", "H", "moon"], board=comb_board(), advanced=True)
    assert legal(state) == ["pass"]
    play(state, "pass", "blue:A@A1")  # takes the end of the purple path; nothing opens up
    assert legal(state) == ["pass"]
    play(state, "pass")
    assert not state.is_terminal() and legal(state) == ["pass"]
    play(state, "pass")
    assert state.is_terminal() and state.view(0)["turns"] == [2, 2]
    assert state.view(0)["finished"] == {"red": False, "green": False, "blue": True, "yellow": False}
    assert state.scores() == [3, 3] and state.winners() == [0]


# --- hidden information and notation ----------------------------------------------------------

def test_BL_21_view_keys_own_rack_only_and_unplayed_sets():
    state = random_game(3, 4, steps=10)
    view = state.view(1)
    assert set(view) >= {"seat", "num_players", "options", "colours", "current_player", "board", "captures",
                         "racks", "rack_sizes", "pool_sizes", "unplayed", "finished", "turns", "scores"}
    assert list(view["racks"]) == ["blue"]
    data = state.to_json()
    for colour in ("red", "blue", "green"):
        assert view["unplayed"][colour] == [t for t in TILES if t in data["racks"][colour] + data["pools"][colour]]
    assert "pools" not in view and "rng" not in view and "setup" not in view["options"]


def test_BL_22_notation_prints_and_parses_back():
    assert (str(Place(6, SQUARES.index("C7"))), str(Place(TILES.index("G"), SQUARES.index("G2")))) == ("7@C7", "G@G2")
    assert str(Place(TILES.index("moon"), SQUARES.index("G2"))) == "moon@G2"
    assert str(Place(TILES.index("wild"), SQUARES.index("E5"))) == "wild@E5"
    assert str(Place(6, SQUARES.index("C7"), 0)) == "red:7@C7" and str(PASS) == "pass" and Pass() == PASS
    state = game(["7", "G", "moon", "wild", "2", "1"], BLUE6)
    for text, expected in [(" MOON@g2 ", "moon@G2"), ("g@g2", "G@G2"), ("Wild @ e5", "wild@E5"),
                           ("RED:7@c7", "7@C7"), (" red : 7 @ C7", "7@C7")]:
        assert str(state.parse(text)) == expected
    for action in state.legal_actions():
        assert state.parse(str(action)) == action
    raises(state, "blue:7@C7", "blue is not your colour: you play red")


@pytest.mark.parametrize(("text", "reason"), [
    ("", "no action given"),
    ("7C7", "is not an action"),
    ("7@@C7", "is not an action"),
    ("@C7", "no tile given"),
    ("X@C7", "'X' is not a tile"),
    ("7@J1", "'J1' is not a square"),
    ("7@C0", "'C0' is not a square"),
    ("mo on@G2", "'mo on' is not a tile"),
    ("7@C 7", "'C 7' is not a square"),
    ("orange:7@C7", "'orange' is not a colour"),
    ("8@C8", "no 8 on your rack"),
    ("7@C6", "the 7 does not fit C6"),
    ("pass", "you may not pass: a move exists"),
])
def test_BL_22_parse_refuses_with_a_reason(text, reason):
    raises(game(["7", "G", "moon", "wild", "2", "1"], BLUE6), text, reason)


def test_BL_22_apply_of_an_illegal_action_changes_nothing():
    state = game(["7", "G", "moon", "wild", "2", "1"], BLUE6, board={"E5": "red"})
    before = state.to_json()
    for action in (Place(6, SQUARES.index("C6")), Place(7, 0), Place(TILES.index("wild"), SQUARES.index("E5")),
                   Place(6, SQUARES.index("C7"), 0), PASS, Place(99, 0), Place(0, 81), "7@C7"):
        with pytest.raises(IllegalAction):
            state.apply(action)
        assert state.to_json() == before
    with pytest.raises(TypeError):
        Place("7", "C7")


# --- worked examples -----------------------------------------------------------------------------

def test_Y1_fitting():
    state = game(["7", "C", "moon", "2", "wild", "1"], BLUE6)
    actions = legal(state)
    assert len(actions) == 117 == 9 + 9 + 9 + 9 + 81
    assert {"7@C7", "C@C7", "wild@C7", "moon@G2", "2@G2"} <= set(actions)
    assert actions[:9] == [f"2@{r}2" for r in "ABCDEFGHI"]  # order: tile, then square
    raises(state, "7@C6", "the 7 does not fit C6")


Y2_BOARD = {"E4": "blue", "E5": "blue", "E6": "blue", "A8": "blue", "A9": "blue", "I9": "blue"}


def test_Y2_captures_lone_two_group_and_line():
    state = game(["5", "E", "9", "A", "circle", "1"], BLUE6, board=Y2_BOARD)
    actions = legal(state)
    assert len(actions) == 42
    captures = [a for a in actions if a.split("@")[1] in Y2_BOARD]
    assert captures == ["9@A9", "9@I9", "A@A8", "A@A9", "E@E4", "E@E6", "circle@E4", "circle@E6"]
    for text in ("5@E5", "E@E5", "circle@E5"):
        raises(state, text, "capturing E5 would split blue's group")
    play(state, "9@I9")
    assert state.view(0)["racks"]["red"] == ["1", "5", "A", "E", "circle"]
    assert state.scores() == [2, 2]


def y3_board(blue=("E2", "G1", "H1", "I1")):
    board = {sq: "red" for sq in squares(range(1, 4))}
    board.update(dict.fromkeys(blue, "blue"))
    return board


def test_Y3_forced_capture():
    state = game(["1", "2", "3", "triangle", "moon", "4"], BLUE6, board=y3_board())
    assert legal(state) == ["1@G1", "1@I1", "2@E2", "moon@G1", "moon@I1"]
    raises(state, "1@H1", "capturing H1 would split blue's group")
    raises(state, "3@E3", "E3 is your own colour")
    raises(state, "pass", "you must capture")


def test_Y4_pass():
    state = game(["1", "2", "3", "triangle", "moon", "4"], BLUE6, board=y3_board(()))
    assert legal(state) == ["pass"]
    play(state, "pass")
    view = state.view(0)
    assert view["racks"]["red"] == ["1", "2", "3", "triangle", "moon"]
    assert view["pool_sizes"]["red"] == 1 and view["turns"] == [1, 0] and state.current_player == 1


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_Y5_exactly_24_turns_each(n):
    state = R.new_game(n, 100 + n)
    rng = random.Random(n)
    passes = 0
    for _ in range(24 * n - 1):
        action = rng.choice(state.legal_actions())
        passes += action == PASS
        state.apply(action)
    assert not state.is_terminal()
    state.apply(rng.choice(state.legal_actions()))
    assert state.is_terminal() and state.view(0)["turns"] == [24] * n
    if not passes:
        data = state.to_json()
        assert all(len(r) == 4 for r in data["racks"].values()) and not any(data["pools"].values())


def test_Y5_advanced_game_96_actions_each_colour_24_times():
    for seed in range(3):
        state = R.new_game(2, seed, advanced=True)
        rng = random.Random(seed)
        placed = {"red": 0, "green": 0, "blue": 0, "yellow": 0}
        actions = 0
        while not state.is_terminal():
            action = rng.choice(state.legal_actions())
            assert action != PASS  # an open board never blocks both racks in these games
            placed[action.colour_name] += 1
            state.apply(action)
            actions += 1
        assert actions == 96 and placed == dict.fromkeys(placed, 24)
        assert all(state.view(0)["finished"].values())


def test_Y6_full_short_game_tied_capture_and_tie_break():
    state = game(["triangle", "square", "1", "2", "3", "4"], ["E", "F", "1", "2", "3", "4"],
                 ["5", "C", "1", "2", "3", "4"], board={"A1": "blue", "I9": "green", "E1": "red"})
    assert state.view(0)["racks"] == {"red": ["1", "2", "3", "triangle", "square"]}
    assert state.view(0)["unplayed"]["blue"] == ["1", "2", "3", "4", "E", "F"]
    moves = ["triangle@A1", "E@E1", "5@E5", "square@I9", "F@F1", "C@C5"]
    for i, move in enumerate(moves):
        assert not state.is_terminal(), i
        play(state, move)
    assert state.is_terminal() and state.current_player is None
    assert all(len(r) == 4 for r in state.to_json()["racks"].values())
    assert state.view(0)["captures"] == [{"red": 0, "blue": 1, "green": 1}, {"red": 1, "blue": 0, "green": 0},
                                         {"red": 0, "blue": 0, "green": 0}]
    assert state.scores() == [3, 2, 2]
    assert state.winners() == [2]
    assert set(state.view(0)["racks"]) == {"red", "blue", "green"}  # all racks shown at the end


def test_Y7_advanced_game():
    state = game(*Y7_POOLS, advanced=True)
    play(state, "red:7@C7", "blue:C@C6")
    raises(state, "red:C@C7", "C7 is red too")
    play(state, "green:7@C7", "yellow:C@C5", "red:A@A1")
    assert state.view(1)["racks"]["red"] == ["1", "2", "3", "C"]
    play(state, "blue:A@A2")
    assert {a.split(":")[0] for a in legal(state)} == {"green"}
    play(state, "green:D@D4")
    assert not state.is_terminal() and state.current_player == 1
    play(state, "yellow:E@E5")
    assert state.is_terminal()
    assert state.scores() == [4, 4] and state.winners() == [1]


def test_Y8_invariants_hold_in_a_sample_game():
    # The full fuzz is in test_blockers_fuzz.py; here one game of each mode, step by step.
    for n, advanced in ((3, False), (2, True)):
        state = R.new_game(n, 9, advanced=advanced)
        rng = random.Random(9)
        while not state.is_terminal():
            data = state.to_json()
            for colour, rack in data["racks"].items():
                on_board = [t for c, t in data["board"].values() if c == colour]
                taken = [t for _, c, t in data["captured"] if c == colour]
                assert sorted(rack + data["pools"][colour] + on_board + taken) == sorted(TILES)
            state.apply(rng.choice(state.legal_actions()))


def test_symbols_come_from_the_data_in_section_order():
    assert SYMBOLS == ("triangle", "cross", "star", "clover", "circle", "diamond", "moon", "heart", "square")
