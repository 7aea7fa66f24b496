"""Breaker Blocks rules engine: one scenario per rule (BB-n) and per worked example (En) of
shared/rules/breaker_blocks.md. Contract, notation, options and JSON checks live in
test_breaker_blocks_contract.py; random games in test_breaker_blocks_fuzz.py."""

from __future__ import annotations

import pytest

from game.core.errors import IllegalAction
from game.rules.breaker_blocks import (
    LEVEL,
    RULES,
    destinations,
    hole_cells,
    hole_sides,
    leaves,
    power,
    sockets,
    step_prompt,
    step_targets,
    tab_cell,
)
from game.rules.breaker_blocks.geometry import E, N, S, W, rotate_holes

ACTION_TYPES = ["accelerate", "annihilate", "agitate", "authenticate", "automate", "attenuate", "aggravate"]
FIRST_GAME = ["accelerate", "annihilate", "agitate", "authenticate"]


# --- helpers (the other breaker_blocks test files import these) --------------------------------

def game(setup=None, **options):
    """A new game with seat 1 first unless ``setup`` says otherwise."""
    return RULES.new_game(2, 0, setup={"first_player": 0, **(setup or {})}, **options)


def play(state, script):
    """Apply a script like the spec's: ``;`` separates actions, ``|`` separates turns
    (checked: the turn must have passed to the other seat at each ``|``)."""
    turns = script.split("|")
    for i, turn in enumerate(turns):
        seat = state.current_player
        for text in turn.split(";"):
            assert state.current_player == seat, f"the turn ended before {text.strip()!r}"
            state.apply(state.parse(text))
        if i < len(turns) - 1:
            assert state.current_player != seat, f"the turn {turn.strip()!r} did not end"
    return state


def legal(state):
    return {str(a) for a in state.legal_actions()}


def raises(state, text, reason):
    """``text`` is refused with a message matching ``reason``, and nothing changes."""
    before = state.to_json()
    with pytest.raises(IllegalAction, match=reason):
        state.parse(text)
    assert state.to_json() == before


def position(tiles, setup=None, **options):
    """A new game (seat 1 first) with tiles already on the board, taken from the hands and
    piles: each tile is (x, y, kind, owner seat 0-based, from side), parents first."""
    data = game(setup, **options).to_json()
    for x, y, kind, owner, side in tiles:
        data["board"].append({"cell": [x, y], "kind": kind, "owner": owner, "from": side})
        if kind == "0":
            data["hands"][owner]["0"] -= 1
        elif kind.isdigit():
            data["piles"][owner][kind] -= 1
        else:
            data["action_pile"][kind] -= 1
    return RULES.from_json(data)


def tile(state, x, y):
    """The view's entry for the tile on x,y, or None."""
    for t in state.view(0)["board"]:
        if t["cell"] == [x, y]:
            return t
    return None


def sock_text(pairs):
    return {f"{c[0]},{c[1]} from {s}" for c, s in pairs}


# --- §2 components and data ------------------------------------------------------------------

def test_BB_1_grid_area_core_and_absolute_cells():
    assert (LEVEL.x_range, LEVEL.y_range) == ((-5, 7), (-6, 7))
    assert LEVEL.core == {(0, 0): "I", (0, 1): "I", (1, 0): "II", (1, 1): "II", (2, 0): "III", (2, 1): "III"}
    assert LEVEL.circuits == ("I", "II", "III")
    s = game()
    raises(s, "play 0 at 1,0 from S", "part of the core")
    raises(s, "play 0 at 8,0 from W", "outside the play area")
    # A straight line west from input 1b reaches the edge: its last hole faces off the area.
    line = [(x, 0, "2", 0, "E") for x in (-1, -2, -3)] + [(-4, 0, "2", 0, "E"), (-5, 0, "2", 0, "E")]
    s = position(line, setup={"power_counts": {"0": 2, "1": 4, "2": 5, "3": 3}})
    assert "-6,0 from E" not in sock_text(sockets(s, 0))
    assert all(-5 <= c[0] <= 7 and -6 <= c[1] <= 7 for c, _ in sockets(s, 0))
    raises(s, "play 0 at -6,0 from E", "outside the play area")


def test_BB_2_inputs_give_each_seat_its_sockets_and_circuits():
    s = game()
    assert sock_text(sockets(s, 0)) == {"0,-1 from N", "-1,0 from E", "1,-1 from N", "2,-1 from N"}
    assert sock_text(sockets(s, 1)) == {"2,2 from S", "3,1 from W", "1,2 from S", "0,2 from S"}
    play(s, "play 0 at -1,0 from E; play 0 at 2,-1 from N | play 0 at 2,2 from S; play 0 at 0,2 from S")
    assert [tile(s, *c)["circuit"] for c in ((-1, 0), (2, -1), (2, 2), (0, 2))] == ["I", "III", "III", "I"]
    assert [i.id for i in LEVEL.inputs] == ["1a", "1b", "1c", "1d", "2a", "2b", "2c", "2d"]


def test_BB_3_holes_are_named_from_the_tab_and_never_chosen():
    assert hole_sides("0", "S") == ["N", "E", "W"]
    assert hole_sides("1", "S") == ["E", "W"]
    assert hole_sides("2", "S") == ["N"]
    assert hole_sides("3", "S") == []
    assert hole_sides("annihilate", "S") == ["N"]
    assert hole_sides("1", "W") == ["N", "S"]
    assert hole_sides("2", "E") == ["W"]
    # Left is front turned a quarter counter-clockwise: tab S -> front N -> left W, right E.
    assert rotate_holes(("left",), S) == (W,)
    assert rotate_holes(("right",), S) == (E,)
    assert rotate_holes(("left",), N) == (E,)
    assert rotate_holes(("left",), E) == (S,)
    assert hole_cells("0", (1, -1), "N") == [(2, -1), (1, -2), (0, -1)]
    assert tab_cell((1, -1), "N") == (1, 0)
    # Only the from-side is given: a play names no rotation.
    assert {str(a) for a in game().legal_actions() if str(a).startswith("play")} == {
        "play 0 at 0,-1 from N", "play 0 at -1,0 from E", "play 0 at 1,-1 from N", "play 0 at 2,-1 from N"}


def test_BB_4_tile_counts_per_colour_and_action_pile():
    v = game().view(0)
    assert v["hands"] == [{"0": 2}, {"0": 2}]
    assert v["piles"] == [{"0": 0, "1": 4, "2": 4, "3": 3}] * 2
    assert v["action_pile"] == {t: 2 for t in ACTION_TYPES}
    assert game(action_set="first_game").view(1)["action_pile"] == {t: 2 for t in FIRST_GAME}


def test_BB_5_a_placed_tile_records_kind_owner_side_and_its_parents_circuit():
    s = play(game(), "play 0 at 1,-1 from N; play 0 at 0,-1 from E")
    # 0,-1 is next to input 1a (circuit I), but it hangs from the tile on 1,-1 (circuit II).
    assert tile(s, 0, -1) == {"cell": [0, -1], "kind": "0", "owner": 0, "from": "E", "circuit": "II", "leaf": True}
    assert tile(s, 1, -1)["leaf"] is False


def test_BB_6_sockets_are_empty_cells_facing_own_holes_and_tiles_block_holes():
    s = play(game(), "end")
    raises(s, "play 0 at 1,-1 from N", "facing 1,-1 from N is seat 1's, not yours")
    raises(s, "play 0 at 5,5 from N", "no hole of yours faces 5,5 from N")
    # Seat 1's tile on 3,1 blocks seat 2's input 2b, which faces that cell.
    s = position([(2, -1, "0", 0, "N"), (3, -1, "0", 0, "W"), (3, 0, "2", 0, "S"), (3, 1, "2", 0, "S")],
                 setup={"power_counts": {"0": 3, "1": 4, "2": 4, "3": 3}})
    assert "3,1 from W" not in sock_text(sockets(s, 1))
    assert "3,2 from S" in sock_text(sockets(s, 0))
    raises(s, "play 0 at 3,1 from S", "already holds a tile")


def test_BB_7_only_leaves_move_or_leave_and_trees_never_split():
    s = play(game(), "play 0 at 1,-1 from N; play 0 at 1,-2 from N | end")
    assert leaves(s, 0) == [(1, -2)]
    raises(s, "rearrange 1,-1 to 0,-1 from N", "not a leaf")
    assert destinations(s, (1, -1)) == []
    s = play(game(), "draw authenticate; end | end | play authenticate at 1,-1 from N; end | end")
    assert leaves(s, 0) == [(1, -1)] and leaves(s, 0, movable=True) == []
    assert not any(a.startswith("rearrange") for a in legal(s))  # offered nowhere, not only refused
    raises(s, "rearrange 1,-1 to 0,-1 from N", "Authenticate never moves")


def test_BB_8_control_needs_strictly_more_power():
    s = position([(1, -1, "2", 0, "N"), (1, 2, "1", 1, "S"), (0, -1, "3", 0, "N"), (0, 2, "3", 1, "S")])
    assert [power(s, 0, c) for c in ("I", "II", "III")] == [3, 2, 0]
    assert [power(s, 1, c) for c in (0, 1, 2)] == [3, 1, 0]
    assert s.control() == [None, 0, None]  # I is 3-3, III is 0-0
    assert s.scores() == [1, 0] and s.view(1)["control"] == [None, 0, None]
    s = position([(1, -1, "annihilate", 0, "N")])
    assert power(s, 0, "II") == 0 and s.control() == [None, None, None]  # action tiles count 0


# --- §3 setup ------------------------------------------------------------------------------------

def test_BB_9_setup_empty_board_hands_of_zeros_open_piles_seeded_first_player():
    firsts = {RULES.new_game(2, seed).current_player for seed in range(20)}
    assert firsts == {0, 1}
    s = RULES.new_game(2, 7)
    assert s.to_json() == RULES.new_game(2, 7).to_json()
    v = s.view(0)
    assert v["board"] == [] and v["hands"] == [{"0": 2}, {"0": 2}] and v["first_player"] == s.current_player
    assert v["options"]["first_player"] is None
    assert "rng" not in v and "seed" not in v and "setup" not in v


def test_BB_10_setup_fixes_the_first_player_and_replaces_counts():
    assert game({"first_player": 1}).current_player == 1
    assert RULES.new_game(2, 3, first_player=0, setup={"first_player": 1}).current_player == 1
    s = game({"power_counts": {"0": 2, "1": 1, "2": 0, "3": 0}, "action_counts": {"annihilate": 1}})
    v = s.view(0)
    assert v["hands"] == [{"0": 2}, {"0": 2}]
    assert v["piles"] == [{"0": 0, "1": 1, "2": 0, "3": 0}] * 2
    assert v["action_pile"] == {t: 1 if t == "annihilate" else 0 for t in ACTION_TYPES}
    s = game({"power_counts": {"0": 3, "3": 1}})
    assert s.view(0)["hands"] == [{"0": 3}, {"0": 3}] and s.view(0)["piles"][0] == {"0": 0, "1": 0, "2": 0, "3": 1}


# --- §4 turns --------------------------------------------------------------------------------------

def test_BB_11_two_actions_per_turn_or_end_early():
    s = game()
    assert "end" in legal(s) and s.actions_left == 2
    play(s, "draw 1")
    assert s.current_player == 0 and s.actions_left == 1 and "end" in legal(s)
    play(s, "draw 2")
    assert s.current_player == 1 and s.actions_left == 2
    play(s, "draw 1; end")  # the unused action is lost
    assert s.current_player == 0 and s.view(0)["turns_completed"] == [1, 1]


def test_BB_12_draw_from_own_or_action_pile_once_per_action_type():
    s = play(game({"power_counts": {"0": 2, "1": 1}}), "draw 1; draw annihilate | end")
    assert s.view(0)["hands"][0] == {"0": 2, "1": 1, "annihilate": 1}
    raises(s, "draw 1", "your pile has no 1 tiles left")
    raises(s, "draw annihilate", "you already hold an Annihilate")
    raises(s, "draw 0", "your pile has no 0 tiles left")
    assert "draw 1" not in legal(s) and "draw annihilate" not in legal(s) and "draw accelerate" in legal(s)
    s = play(game(action_set="first_game"), "draw 3")
    raises(s, "draw aggravate", "first game action set, which has no Aggravate")
    s = play(game({"action_counts": {"agitate": 1}}), "draw 1; end | draw agitate; end")
    raises(s, "draw agitate", "the action pile has no Agitate left")
    # Power tiles have no limit in the hand.
    s = play(game(), "draw 2; draw 2")
    assert s.view(0)["hands"][0] == {"0": 2, "2": 2}


def test_BB_13_play_a_tile_in_hand_not_drawn_this_turn():
    s = play(game(), "draw 2")
    raises(s, "play 2 at 1,-1 from N", "drawn this turn")
    raises(s, "play 3 at 1,-1 from N", "you have no 3 in your hand")
    assert not any(str(a).startswith("play 2") for a in s.legal_actions())
    play(s, "play 0 at 1,-1 from N | end | play 2 at 1,-2 from N")
    assert tile(s, 1, -2)["kind"] == "2" and power(s, 0, "II") == 2
    # An action tile triggers at once: its step comes before anything else.
    s = play(game(), "play 0 at 1,-1 from N; draw annihilate | play 0 at 1,2 from S; end | "
                     "play annihilate at 0,-1 from E")
    assert s.phase == "step" and legal(s) == {"target 1,2"}


def test_BB_14_rearrange_a_leaf_to_another_socket_and_recompute_its_circuit():
    s = play(game(), "play 0 at 1,-1 from N; draw 2 | end")
    assert {a for a in legal(s) if a.startswith("rearrange")} == {
        "rearrange 1,-1 to -1,0 from E", "rearrange 1,-1 to 0,-1 from N", "rearrange 1,-1 to 2,-1 from N"}
    raises(s, "rearrange 1,-1 to 1,-1 from N", "the hole it just left")
    raises(s, "rearrange 1,-1 to 1,-2 from N", "cannot plug into one of its own holes")
    raises(s, "rearrange 1,2 to 0,-1 from N", "there is no tile at 1,2")
    play(s, "rearrange 1,-1 to 2,-1 from N")
    assert tile(s, 1, -1) is None and tile(s, 2, -1)["circuit"] == "III" and s.actions_left == 1
    # A tile played this turn may be rearranged; a moved action tile does not trigger.
    s = play(game(), "draw annihilate; end | play 0 at 1,2 from S; play 0 at 1,3 from S | "
                     "play annihilate at 1,-1 from N; target 1,3")
    assert s.actions_left == 1 and s.view(0)["removed"] == [{}, {"0": 1}]
    play(s, "rearrange 1,-1 to 2,-1 from N")
    assert s.current_player == 1 and tile(s, 2, -1)["kind"] == "annihilate" and tile(s, 1, 2) is not None
    # The same cell from another hole is allowed (E4 covers the full list).
    s = play(game(), "play 0 at 1,-1 from N; play 0 at 0,-1 from E | end")
    assert "rearrange 0,-1 to 0,-1 from N" in legal(s)
    play(s, "rearrange 0,-1 to 0,-1 from N")
    assert tile(s, 0, -1)["circuit"] == "I" and tile(s, 0, -1)["from"] == "N"
    raises(play(game(), "play 0 at 1,-1 from N; end"), "rearrange 1,-1 to 1,-2 from N", "seat 1's: you can only")
    # "The hole it left" is the one it sits in now: a second move may go back.
    s = play(game(), "play 0 at 1,-1 from N; end | end | rearrange 1,-1 to 2,-1 from N")
    assert "rearrange 2,-1 to 1,-1 from N" in legal(s)


def test_BB_15_drawn_marks_clear_when_the_turn_ends():
    s = play(game(), "draw 3; draw aggravate")
    assert s.view(0)["drawn_this_turn"] == {}  # seat 2 to move: seat 1's marks are gone
    play(s, "end")
    assert "play 3 at 1,-1 from N" in legal(s) and "play aggravate at 1,-1 from N" in legal(s)
    s = play(game(), "draw 3")
    assert s.view(1)["drawn_this_turn"] == {"3": 1}


def test_BB_16_steps_skip_when_empty_offer_single_choices_and_never_self_target():
    # A single choice is still offered (not applied for the player).
    s = play(game(), "play 0 at 1,-1 from N; draw annihilate | play 0 at 1,2 from S; end | "
                     "play annihilate at 1,-2 from N")
    assert legal(s) == {"target 1,2"} and s.current_player == 0
    raises(s, "target 1,-2", "cannot target itself")
    raises(s, "draw 1", "first finish the Annihilate")
    raises(s, "end", "first finish the Annihilate")
    # With no leaf to hit, ANNIHILATE fizzles and stays on the board.
    s = play(game(), "draw annihilate; end | end | play annihilate at 1,-1 from N")
    assert s.phase == "main" and s.actions_left == 1 and tile(s, 1, -1)["kind"] == "annihilate"


def test_BB_17_accelerate_draws_three_never_an_accelerate():
    s = play(game({"power_counts": {"0": 2, "1": 1}, "action_counts": {"accelerate": 1, "agitate": 1}}),
             "draw accelerate; end | end | play accelerate at 1,-1 from N")
    assert legal(s) == {"draw 1", "draw agitate"}
    raises(s, "draw accelerate", "never draws an Accelerate")
    play(s, "draw agitate")
    assert legal(s) == {"draw 1"}  # compulsory while one exists
    raises(s, "skip", "first finish the Accelerate")
    play(s, "draw 1")
    # The third draw has nothing legal left: it is skipped.
    assert s.phase == "main" and s.actions_left == 1
    assert s.view(0)["hands"][0] == {"0": 2, "1": 1, "agitate": 1}
    assert s.view(0)["drawn_this_turn"] == {"1": 1, "agitate": 1}
    raises(s, "play 1 at 1,-2 from N", "drawn this turn")


def test_BB_18_annihilate_removes_any_leaf_for_good():
    s = play(game(), "draw annihilate; draw authenticate | play 0 at 1,2 from S; end | "
                     "play authenticate at 2,-1 from N; play annihilate at 1,-1 from N")
    assert legal(s) == {"target 1,2"}  # not itself, not AUTHENTICATE
    raises(s, "target 2,-1", "Authenticate is never a target")
    raises(s, "target 0,0", "there is no tile at 0,0")
    play(s, "target 1,2")
    v = s.view(0)
    assert v["removed"] == [{}, {"0": 1}] and v["hands"][1] == {"0": 1} and v["piles"][1]["0"] == 0
    # Own leaves are fair targets too.
    s = play(game(), "play 0 at 0,-1 from N; draw annihilate | end | play annihilate at 1,-1 from N")
    assert legal(s) == {"target 0,-1"}


def test_BB_19_agitate_moves_opponent_leaves_and_keeps_their_owner():
    s = play(game(), "play 0 at 1,-1 from N; draw agitate | play 0 at 1,2 from S; end | "
                     "play agitate at 1,-2 from N; rearrange 1,2 to 2,2 from S")
    assert tile(s, 2, 2)["owner"] == 1 and tile(s, 2, 2)["circuit"] == "III" and s.phase == "step"
    raises(s, "rearrange 1,-1 to 0,-1 from N", "Agitate moves seat 2's tiles")
    raises(s, "rearrange 2,2 to 2,2 from S", "hole it just left")
    play(s, "rearrange 2,2 to 1,2 from S")  # the same tile may move twice
    assert tile(s, 1, 2)["owner"] == 1 and s.phase == "main" and s.actions_left == 1
    # No movable leaf: AGITATE fizzles, no skip offered.
    s = play(game(), "draw agitate; end | end | play agitate at 1,-1 from N")
    assert s.phase == "main" and s.actions_left == 1
    s = play(game(), "draw agitate; end | draw authenticate; end | end | play authenticate at 1,2 from S; end | "
                     "play agitate at 1,-1 from N")
    assert s.phase == "main"  # AUTHENTICATE never moves


def test_BB_20_automate_places_from_a_pile_without_using_an_action():
    s = play(game(), "play 0 at 1,-1 from N; draw automate | end | play automate at 1,-2 from N")
    raises(s, "place automate at 1,-3 from N", "Automate cannot place an Automate")
    raises(s, "place 0 at 1,-3 from N", "your pile has no 0 tiles left")
    raises(s, "play 1 at 1,-3 from N", "first finish the Automate")
    play(s, "place 3 at 1,-3 from N")
    v = s.view(0)
    assert v["piles"][0]["3"] == 2 and v["hands"][0] == {"0": 1} and v["drawn_this_turn"] == {}
    assert s.actions_left == 1 and power(s, 0, "II") == 3
    # A returned 0 can be placed.
    s = play(game(), "play 0 at 0,-1 from N; draw attenuate | end | play attenuate at 1,-1 from N; target 0,-1; "
                     "draw automate | end | play automate at 2,-1 from N")
    assert "place 0 at 2,-2 from N" in legal(s)
    # Nothing left to place: AUTOMATE fizzles and stays.
    s = play(game({"power_counts": {"0": 2}, "action_counts": {"automate": 1}}),
             "draw automate; end | end | play automate at 1,-1 from N")
    assert s.phase == "main" and s.actions_left == 1 and tile(s, 1, -1)["kind"] == "automate"


def test_BB_21_one_authenticate_per_turn_and_it_never_leaves():
    s = play(game(), "draw authenticate; draw automate | end | play automate at 1,-1 from N; "
                     "place authenticate at 1,-2 from N")
    assert s.view(0)["authenticate"] == {"on_board": 1, "placed_this_turn": True}
    raises(s, "play authenticate at 0,-1 from N", "Authenticate already placed this turn")
    # The authenticate in hand (drawn last turn) is offered nowhere for the rest of the turn.
    assert not any(a.startswith("play authenticate") for a in legal(s))
    play(s, "end | end")
    assert "play authenticate at 0,-1 from N" in legal(s)
    assert s.view(0)["authenticate"] == {"on_board": 1, "placed_this_turn": False}


def test_BB_22_attenuate_sends_a_leaf_of_each_side_back_to_its_pile():
    s = play(game(), "play 0 at 1,-1 from N; draw attenuate | play 0 at 1,2 from S; draw annihilate | "
                     "play attenuate at 0,-1 from N")
    assert legal(s) == {"target 1,-1"} and step_targets(s)["step"] == "target_own"
    raises(s, "target 1,2", "Attenuate takes one of your own leaves first")
    play(s, "target 1,-1")
    assert legal(s) == {"target 1,2"} and step_targets(s)["step"] == "target_opponent"
    raises(s, "target 0,-1", "cannot target itself|your opponent's leaves")
    play(s, "target 1,2")
    v = s.view(0)
    assert v["piles"][0]["0"] == 1 and v["piles"][1]["0"] == 1 and v["removed"] == [{}, {}]
    assert [t["cell"] for t in v["board"]] == [[0, -1]]
    # An action tile goes back to the action pile.
    s = play(game(), "draw attenuate; draw annihilate | end | play annihilate at 1,-1 from N; end | end | "
                     "play attenuate at 0,-1 from N")
    assert legal(s) == {"target 1,-1"}
    play(s, "target 1,-1")
    assert s.view(0)["action_pile"]["annihilate"] == 2


def test_BB_23_aggravate_keeps_one_tile_in_each_hand():
    s = play(game(), "draw 1; draw aggravate | draw 2; draw annihilate | draw 1; play aggravate at 1,-1 from N")
    # Seat 1 holds 0 0 1 1 (one 1 drawn this turn): keeping a 1 keeps the undrawn copy.
    assert legal(s) == {"keep 0", "keep 1"}
    play(s, "keep 1")
    assert s.view(0)["hands"][0] == {"1": 1} and s.view(0)["drawn_this_turn"] == {}
    assert legal(s) == {"keep 0", "keep 2", "keep annihilate"}
    raises(s, "keep 3", "seat 2 has no 3 in hand")
    play(s, "keep annihilate")
    v = s.view(0)
    assert v["hands"] == [{"1": 1}, {"annihilate": 1}]
    assert v["piles"] == [{"0": 2, "1": 3, "2": 4, "3": 3}, {"0": 2, "1": 4, "2": 4, "3": 3}]
    assert v["action_pile"]["annihilate"] == 1 and s.current_player == 1
    # Only drawn copies: the kept one stays "drawn this turn".
    s = play(game(), "draw aggravate; end | end | draw 3; play aggravate at 1,-1 from N; keep 3")
    assert s.view(0)["drawn_this_turn"] == {"3": 1} and s.view(0)["hands"][0] == {"3": 1}
    s = play(game(), "draw aggravate; end | end | play aggravate at 1,-1 from N")
    play(s, "keep 0")
    assert s.view(0)["hands"][0] == {"0": 1}  # one of the two 0s goes back
    s = play(game(), "draw aggravate; draw 2 | draw 1; end | draw 2; play aggravate at 1,-1 from N; keep 2")
    assert s.view(0)["hands"][0] == {"2": 1}


def test_BB_23_aggravate_empty_hands_are_skipped():
    s = play(game({"power_counts": {"0": 1, "3": 1}}),
             "play 0 at 1,-1 from N; draw aggravate | play 0 at 1,2 from S; end | play aggravate at 1,-2 from N")
    assert s.phase == "main" and s.actions_left == 1  # both hands empty: a fizzle


# --- §5 end of game ---------------------------------------------------------------------------

def test_BB_24_1_second_authenticate_ends_the_game_at_once():
    s = play(game(), "draw authenticate; draw automate | draw authenticate; end | "
                     "play authenticate at 1,-1 from N; end | play authenticate at 1,2 from S")
    assert s.is_terminal() and s.current_player is None and s.legal_actions() == []
    assert s.end_reason.code == "authenticate"
    raises(s, "end", "the game is over")
    # Also when AUTOMATE places it, mid-turn.
    s = play(game(), "draw automate; end | draw authenticate; end | end | play authenticate at 1,2 from S; end | "
                     "play automate at 1,-1 from N; place authenticate at 1,-2 from N")
    assert s.is_terminal() and s.view(0)["turns_completed"] == [2, 2]


def test_BB_24_2_the_final_turn_ends_the_game():
    s = play(game({"power_counts": {"0": 1}}), "play 0 at 1,-1 from N; end")
    assert s.view(0)["final_turn"] == 1 and not s.is_terminal()
    play(s, "draw annihilate; play 0 at 1,2 from S")
    assert s.is_terminal() and s.end_reason.code == "final_turn"
    assert "ran out of power tiles" in s.end_reason.text


def test_BB_24_3_turn_cap_counts_completed_turns_per_seat():
    s = game(turn_cap=2)
    play(s, "end | end | end")
    assert not s.is_terminal()
    play(s, "end")
    assert s.is_terminal() and s.end_reason.code == "turn_cap" and s.view(0)["turns_completed"] == [2, 2]
    s = game({"first_player": 1}, turn_cap=1)
    play(s, "end")
    assert not s.is_terminal()
    play(s, "end")
    assert s.is_terminal()
    s = game(turn_cap=0)
    for _ in range(100):
        play(s, "end")
    assert not s.is_terminal()  # 0 means no cap


def test_BB_24_4_exhaustion_gives_only_the_opponent_a_final_turn_and_sticks():
    s = play(game({"power_counts": {"0": 1, "1": 1}}), "draw 1; end | draw attenuate; end")
    assert s.view(0)["final_turn"] is None  # a power tile in hand
    play(s, "play 0 at 1,-1 from N; play 1 at 1,-2 from N")
    assert s.view(0)["final_turn"] == 1 and s.current_player == 1
    # A tile going back to the exhausted seat's pile does not undo it.
    play(s, "play attenuate at 1,2 from S; target 1,-2")
    assert s.view(0)["piles"][0]["1"] == 1 and s.view(0)["final_turn"] == 1
    play(s, "end")
    assert s.is_terminal() and s.end_reason.code == "final_turn" and s.winners() == []
    # The final turn is checked before the cap, and the cap before exhaustion.
    s = play(game({"power_counts": {"0": 1}}, turn_cap=1), "play 0 at 1,-1 from N; end")
    assert not s.is_terminal() and s.view(0)["final_turn"] == 1
    play(s, "end")
    assert s.end_reason.code == "final_turn"
    s = play(game({"power_counts": {"0": 1}, "first_player": 1}, turn_cap=1), "end | play 0 at 1,-1 from N; end")
    assert s.end_reason.code == "turn_cap" and s.view(0)["final_turn"] is None
    # Only the seat that just moved is checked.
    s = play(game({"power_counts": {"0": 1}}), "end | play 0 at 1,2 from S; end")
    assert s.view(0)["final_turn"] == 0


def test_BB_24_5_a_sealed_seat_loses_at_the_start_of_its_turn():
    tiles = [(0, -1, "3", 0, "N"), (2, -1, "3", 0, "N"), (1, -1, "1", 0, "N")]
    s = position(tiles, setup={"power_counts": {"0": 2, "1": 4, "2": 4, "3": 4}})
    play(s, "play 0 at -1,0 from E; draw 3 | end | end | end")
    assert not s.is_terminal()
    s = position(tiles, setup={"power_counts": {"0": 2, "1": 4, "2": 4, "3": 4}})
    play(s, "draw 3; end | end | play 3 at -1,0 from E; end | end")
    assert s.is_terminal() and s.end_reason.code == "sealed" and s.winners() == [1]
    assert s.view(1)["end_reason"]["loser"] == 0 and s.scores() == [3, 0]


def test_BB_25_scores_any_time_winners_only_at_the_end():
    s = play(game(), "play 0 at 1,-1 from N; draw 3 | end | play 3 at 0,-1 from N")
    assert s.scores() == [1, 0] and s.winners() == []
    s = play(game(turn_cap=1), "draw 3; end | draw 2; end")
    assert s.scores() == [0, 0] and s.winners() == []


# --- §9 worked examples ----------------------------------------------------------------------------

def test_E1_opening():
    assert legal(game()) == {"draw 1", "draw 2", "draw 3", *(f"draw {t}" for t in ACTION_TYPES),
                             "play 0 at 0,-1 from N", "play 0 at -1,0 from E", "play 0 at 1,-1 from N",
                             "play 0 at 2,-1 from N", "end"}
    assert len(game().legal_actions()) == 15
    assert len(game(action_set="first_game").legal_actions()) == 12


def test_E2_cross_sockets():
    s = play(game(), "play 0 at 1,-1 from N")
    assert {a for a in legal(s) if a.startswith("play")} == {
        f"play 0 at {x}" for x in ("0,-1 from N", "0,-1 from E", "-1,0 from E", "1,-2 from N", "2,-1 from N",
                                   "2,-1 from W")}
    assert {a for a in legal(s) if a.startswith("rearrange")} == {
        f"rearrange 1,-1 to {x}" for x in ("-1,0 from E", "0,-1 from N", "2,-1 from N")}


def test_E3_blocking_an_input():
    s = play(game(), "draw 2; draw 3 | play 0 at 0,2 from S; play 0 at -1,2 from E | end | draw 2; draw 3 | end | "
                     "play 2 at -1,1 from N; play 3 at -1,0 from N")
    assert s.current_player == 0
    assert {a for a in legal(s) if a.startswith("play")} == {
        f"play {k} at {c}" for k in "023" for c in ("0,-1 from N", "1,-1 from N", "2,-1 from N")}
    assert s.scores() == [0, 1] and power(s, 1, "I") == 5


def test_E4_rearrange_only_leaves_never_into_the_same_hole():
    s = play(game(), "play 0 at 1,-1 from N; play 0 at 1,-2 from N | end")
    assert {a for a in legal(s) if a.startswith("rearrange")} == {
        f"rearrange 1,-2 to {x}" for x in ("-1,0 from E", "0,-1 from N", "0,-1 from E", "2,-1 from N",
                                           "2,-1 from W")}


def test_E5_annihilate_needs_a_leaf():
    s = play(game(), "play 0 at 1,-1 from N; draw annihilate | play 0 at 1,2 from S; play 0 at 1,3 from S | "
                     "play annihilate at 0,-1 from E")
    assert legal(s) == {"target 1,3"}
    pile = s.view(0)["piles"][1]
    play(s, "target 1,3")
    assert tile(s, 1, 3) is None and s.view(0)["piles"][1] == pile and s.actions_left == 1


def test_E6_attenuate_with_one_side_empty():
    s = play(game(), "play 0 at 1,-1 from N; draw attenuate | draw 1; draw 2 | play attenuate at 2,-1 from N")
    assert legal(s) == {"target 1,-1"}
    play(s, "target 1,-1")
    assert s.phase == "main" and "draw 0" in legal(s) and s.actions_left == 1
    s = play(game(), "play 0 at 1,-1 from N; draw attenuate | play 0 at 1,2 from S; end | "
                     "play attenuate at 1,-2 from N")
    assert legal(s) == {"target 1,2"}
    s = play(game(), "draw attenuate; end | end | play attenuate at 1,-1 from N")
    assert s.phase == "main" and tile(s, 1, -1)["kind"] == "attenuate" and s.actions_left == 1


def test_E7_automate_triggers_a_placed_action():
    s = play(game(), "play 0 at 1,-1 from N; draw automate | play 0 at 1,2 from S; end | "
                     "play automate at 1,-2 from N")
    kinds = ["1", "2", "3", "accelerate", "annihilate", "agitate", "authenticate", "attenuate", "aggravate"]
    socks = ["-1,0 from E", "0,-1 from N", "0,-1 from E", "2,-1 from N", "2,-1 from W", "1,-3 from N"]
    assert legal(s) == {f"place {k} at {c}" for k in kinds for c in socks}
    assert len(s.legal_actions()) == 54
    play(s, "place annihilate at 1,-3 from N")
    assert legal(s) == {"target 1,2"}
    assert s.view(0)["action_pile"]["annihilate"] == 1 and s.view(0)["action_pile"]["automate"] == 1


def test_E8_one_authenticate_per_turn():
    s = play(game(), "draw authenticate; draw automate | end | play authenticate at 1,-1 from N; "
                     "play automate at 1,-2 from N")
    kinds = {a.split()[1] for a in legal(s)}
    assert kinds == {"1", "2", "3", "accelerate", "annihilate", "agitate", "attenuate", "aggravate"}
    assert s.view(0)["action_pile"]["authenticate"] == 1
    raises(s, "place authenticate at 1,-3 from N", "Authenticate already placed this turn")


def test_E9_second_authenticate_ends_the_game_mid_turn():
    s = play(game(), "draw 3; draw authenticate | draw authenticate; draw 1 | play 3 at 1,-1 from N; "
                     "play authenticate at 0,-1 from N | play authenticate at 1,2 from S")
    assert s.is_terminal() and s.current_player is None
    assert s.scores() == [1, 0] and s.winners() == [0]


def test_E10_tie_means_both_lose():
    s = play(game(), "play 0 at 1,-1 from N; draw authenticate | play 0 at 1,2 from S; draw authenticate | "
                     "play authenticate at 1,-2 from N; play 0 at 0,-1 from N | play authenticate at 1,3 from S")
    assert s.is_terminal() and s.scores() == [0, 0] and s.winners() == []


def test_E11_power_exhaustion_gives_the_opponent_one_final_turn():
    s = play(game({"power_counts": {"0": 2, "1": 1, "2": 0, "3": 0}}),
             "play 0 at 1,-1 from N; play 0 at 1,-2 from N | end | draw 1; end | end | "
             "play 1 at 1,-3 from N; end")
    assert s.view(0)["final_turn"] == 1 and s.current_player == 1
    play(s, "draw 1; play 0 at 1,2 from S")
    assert s.is_terminal() and sum(s.view(0)["turns_completed"]) == 6
    assert s.scores() == [1, 0] and s.winners() == [0]


def test_E12_sealed_network_loses():
    s = play(game(), "draw 3; draw 3 | end | draw 3; draw 1 | end | play 3 at 0,-1 from N; play 3 at 2,-1 from N | "
                     "end | play 1 at 1,-1 from N; play 3 at -1,0 from E | end")
    assert s.is_terminal() and s.end_reason.code == "sealed"
    assert s.winners() == [1] and s.scores() == [3, 0]
    # Sealed counts sockets only: lifting the cap on 0,-1 would have opened the tee's hole.
    assert sockets(s, 0) == [] and "0,-1 from E" in sock_text(destinations(s, (0, -1)))


def test_E13_agitate():
    s = play(game(), "play 0 at 1,-1 from N; draw agitate | play 0 at 1,2 from S; play 0 at 1,3 from S | "
                     "play agitate at 1,-2 from N")
    assert legal(s) == {f"rearrange 1,3 to {x}" for x in ("0,2 from E", "0,2 from S", "2,2 from S", "2,2 from W",
                                                           "3,1 from W")} | {"skip"}
    play(s, "rearrange 1,3 to 3,1 from W")
    assert tile(s, 3, 1)["circuit"] == "III"
    assert legal(s) == (
        {f"rearrange 1,2 to {x}" for x in ("0,2 from S", "2,2 from S", "3,0 from N", "3,2 from S", "4,1 from W")}
        | {f"rearrange 3,1 to {x}" for x in ("0,2 from E", "0,2 from S", "1,3 from S", "2,2 from S", "2,2 from W")}
        | {"skip"})
    play(s, "skip")
    assert s.phase == "main" and s.actions_left == 1 and s.current_player == 0


def test_E14_aggravate():
    s = play(game(), "play 0 at 1,-1 from N; draw aggravate | draw 3; draw 2 | draw 2; "
                     "play aggravate at 1,-2 from N")
    assert legal(s) == {"keep 0", "keep 2"}
    play(s, "keep 2")
    assert s.view(0)["piles"][0]["0"] == 1
    assert legal(s) == {"keep 0", "keep 2", "keep 3"}
    play(s, "keep 0")
    v = s.view(0)
    assert v["hands"][1] == {"0": 1} and v["piles"][1] == {"0": 1, "1": 4, "2": 4, "3": 3}
    assert s.current_player == 1


def test_E15_accelerate():
    s = play(game(), "draw accelerate; draw annihilate | end | play accelerate at 1,-1 from N")
    assert legal(s) == {"draw 1", "draw 2", "draw 3", *(f"draw {t}" for t in
                                                         ("agitate", "authenticate", "automate", "attenuate",
                                                          "aggravate"))}
    play(s, "draw agitate; draw 3; draw 3")
    assert {a.split()[1] for a in legal(s) if a.startswith("play")} == {"0", "annihilate"}


def test_E16_turn_cap():
    s = play(game(turn_cap=1), "play 0 at 1,-1 from N; end | end")
    assert s.is_terminal() and s.end_reason.code == "turn_cap"
    assert s.scores() == [0, 0] and s.winners() == []


def test_the_turn_limit_reason_counts_one_turn_in_the_singular():
    s = play(game(turn_cap=1), "play 0 at 1,-1 from N; end | end")
    assert s.end_reason.text == "The turn limit was reached: each player has had 1 turn."
    s = play(game(turn_cap=2), "end | end | end | end")
    assert s.end_reason.text == "The turn limit was reached: each player has had 2 turns."


def test_step_prompt_and_targets_describe_the_pending_step():
    s = play(game(), "play 0 at 1,-1 from N; draw agitate | play 0 at 1,2 from S; play 0 at 1,3 from S | "
                     "play agitate at 1,-2 from N")
    # whose sockets, said outright ("another of its sockets": the leaf's, or the opponent's?)
    assert step_prompt(s) == ("Agitate: move one of your opponent's leaves into one of your opponent's sockets, "
                              "or skip (move 1 of 2).")
    t = step_targets(s)
    assert t["step"] == "rearrange" and t["cells"] == [[1, 3]] and t["skip"] is True and t["kinds"] == []
    assert {(tuple(x["cell"]), x["side"]) for x in t["sockets"]} == {
        ((0, 2), "E"), ((0, 2), "S"), ((2, 2), "S"), ((2, 2), "W"), ((3, 1), "W")}
    assert sock_text(destinations(s, (1, 3))) == {"0,2 from E", "0,2 from S", "2,2 from S", "2,2 from W",
                                                   "3,1 from W"}
    pending = s.view(1)["pending"]
    assert pending["tile"] == "agitate" and pending["cell"] == [1, -2] and pending["seat"] == 0
    assert pending["prompt"] == step_prompt(s) and pending["targets"] == t
    assert (pending["number"], pending["of"], pending["step"]) == (1, 2, "rearrange")
    assert step_prompt(game()) is None and step_targets(game()) is None
