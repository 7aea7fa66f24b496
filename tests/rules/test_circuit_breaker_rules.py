"""Circuit Breaker rules engine: one scenario per rule (CB-n) and per worked example (En) of
shared/rules/circuit_breaker.md. Notation, options, data, secrecy, determinize, JSON and the
view helpers are in test_circuit_breaker_api.py; random games in test_circuit_breaker_fuzz.py."""

from __future__ import annotations

import dataclasses
import itertools
import random

import pytest

from game.core.errors import IllegalAction
from game.rules import get_rules
from game.rules.circuit_breaker import (
    DATA,
    canonical_rotations,
    fitting_cells,
    house_score,
    market_layout,
    network,
    scoring,
    tile_edges,
    tile_info,
)

R = get_rules("circuit_breaker")
S = {
    "first_player": 0,
    "wire_order": ["W1", "W31", "W7", "W22", "W4", "W16"],
    "appliance_order": ["A1", "A2", "A3", "A5", "A9", "A16", "A4", "A6", "A7"],
    "objectives": [1, 2],
}


# --- helpers -------------------------------------------------------------------------------

def game(n=2, setup=None, seed=0, **options):
    """A game from setup S (or the given setup)."""
    return R.new_game(n, seed, setup=S if setup is None else setup, **options)


def play(state, script):
    """Apply a script in the spec's style: ``|`` between turns, ``;`` between actions."""
    for turn in script.split("|"):
        for text in turn.split(";"):
            if text.strip():
                state.apply(state.parse(text))
    return state


def legal(state):
    return {str(a) for a in state.legal_actions()}


def of_verb(state, *verbs):
    return {str(a) for a in state.legal_actions() if a.verb in verbs}


def places(state, tile=None):
    return {s for s in of_verb(state, "place") if tile is None or s.split()[1] == tile}


def refused(state, text):
    """The reason parse gives for ``text``; also checks that apply refuses it unchanged."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.parse(text)
    assert state.to_json() == before
    return str(info.value)


def hand(state, seat):
    return state.to_json()["hands"][seat]


def ends(state, count):
    for _ in range(count):
        play(state, "end")
    return state


# --- section 2: components and data ----------------------------------------------------------

def test_CB_1_edges_listed_NESW_and_rotation_turns_clockwise():
    assert tile_edges("W4") == "11--"
    assert tile_edges("W4", 90) == "-11-"  # the N edge now faces E
    assert tile_edges("W4", 180) == "--11"
    assert tile_edges("W4", 270) == "1--1"
    assert tile_edges("A1", 90) == "-1--"
    assert tile_edges("W22", 180) == "2-1-"
    assert {ch for w in range(1, 37) for ch in tile_edges(f"W{w}")} <= set("-123U")


def test_CB_2_thirty_six_wires_in_the_table():
    table = {
        "1-1-": ["W1"], "2-2-": ["W2"], "3-3-": ["W3"], "11--": ["W4"], "22--": ["W5"], "33--": ["W6"],
        "111-": ["W7", "W8", "W9"], "222-": ["W10", "W11", "W12"], "333-": ["W13", "W14", "W15"],
        "1111": ["W16", "W17"], "2222": ["W18", "W19"], "3333": ["W20", "W21"],
        "1-2-": ["W22"], "2-3-": ["W23"], "3-1-": ["W24"], "12--": ["W25"], "23--": ["W26"], "31--": ["W27"],
        "123-": ["W28", "W29", "W30"], "U-U-": ["W31"], "UU--": ["W32"], "UUU-": ["W33", "W34"],
        "UUUU": ["W35", "W36"],
    }
    assert DATA.num_wires == 36
    for edges, ids in table.items():
        for tid in ids:
            assert tile_edges(tid) == edges, tid
            assert tile_info(tid)["kind"] == "wire"
    assert sum(len(ids) for ids in table.values()) == 36


def test_CB_3_forty_eight_appliances_twelve_types_of_four():
    assert DATA.num_appliances == 48
    names = ["Bubble Maker", "Gumball Machine", "Jukebox"]
    for t in range(1, 13):
        for k, label in enumerate("123U", 1):
            tid = f"A{4 * (t - 1) + k}"
            info = tile_info(tid)
            assert (info["kind"], info["type"]) == ("appliance", t)
            assert tile_edges(tid) == label + "---"
    assert [tile_info(f"A{i}")["name"] for i in (1, 5, 9)] == names
    assert tile_info("A48")["name"] == "Waffle Iron"


def test_CB_4_breaker_box_at_3_3_with_123U_in_every_house():
    s = game(n=3, setup={"first_player": 0})
    view = s.view(0)
    assert view["breaker_box"] == {"x": 3, "y": 3, "edges": "123U"}
    for seat in range(3):
        assert network(view, seat) == [(3, 3)]  # the box belongs to the network
    assert "holds your breaker box" in refused(s, f"place {hand(s, 0)[0]} at 3,3 r0")


def test_CB_5_house_coordinates_north_is_up_and_outside_is_wall():
    s = game()
    # y grows to the north: 3,4 is above the box, whose N edge is 1.
    assert "place W1 at 3,4 r0" in legal(s)
    assert "outside your house" in refused(s, "place W1 at 7,3 r0")
    play(s, "place W31 at 3,4 r0; place W1 at 3,5 r0; end | end")
    # 3,6 is on the north row: a connector may not face beyond it.
    assert "place A1 at 3,6 r180" in legal(s)
    assert "place A1 at 3,6 r0" not in legal(s)
    assert refused(s, "place A1 at 3,6 r0").startswith("connector faces the house wall at N")
    # Each seat builds only in its own house.
    assert s.view(0)["houses"][1] == []


def test_CB_6_objective_cards_and_score_tables():
    assert len(DATA.cards) == 12
    assert DATA.cards[0] == (1, 2, 4)
    assert DATA.cards[11] == (12, 1, 3)
    for k in range(1, 13):
        assert DATA.cards[k - 1] == (k, k % 12 + 1, (k + 2) % 12 + 1)
    assert DATA.score_on == (0, 3, 6, 10, 15)
    assert DATA.score_off == (0, 1, 3, 6, 10)


def test_CB_7_market_stacks_piles_and_cheese():
    view = game().view(0)
    layout = market_layout(view)
    assert layout["rows"] == [["wire-stack", "wire-1", "wire-2", "cheese"],
                              ["appliance-stack", "appliance-1", "appliance-2", "appliance-3"]]
    spots = layout["spots"]
    assert spots["cheese"]["count"] == 12 == view["cheese_pool"]
    assert spots["wire-stack"] == {"kind": "stack", "count": 30, "top": None, "mice": []}
    assert [spots[p]["top"] for p in ("wire-1", "wire-2", "appliance-1", "appliance-2", "appliance-3")] == \
        ["W4", "W16", "A4", "A6", "A7"]
    # Only the top of a pile counts: a mouse on appliance-1 fetches the discard on top.
    s = play(game(), "mouse appliance-1; discard A2 to appliance-1; end | end")
    assert "A2" in s.view(0)["hands"][0]["known"]
    assert s.view(0)["piles"]["appliance-1"] == ["A4"]


def test_CB_8_round_counter_length_and_deal_rounds():
    two = game().view(0)
    assert two["rounds"] == 16
    assert two["deals"] == [{"round": 5, "icon": "W"}, {"round": 9, "icon": "A"}, {"round": 13, "icon": "W+A"}]
    for n in (3, 4):
        view = game(n=n, setup={}).view(0)
        assert view["rounds"] == 12
        assert [(d["round"], d["icon"]) for d in view["deals"]] == [(4, "W"), (7, "A"), (10, "W+A")]
    assert two["round"] == 1


# --- section 3: setup -------------------------------------------------------------------------

def test_CB_9_opening_deal_piles_objectives_cheese_and_mice():
    s = game(n=3, setup={"wire_order": [f"W{i}" for i in range(1, 11)],
                         "appliance_order": [f"A{i}" for i in range(1, 13)], "first_player": 2})
    data = s.to_json()
    # Seat 1 first, whoever starts: 2 wires each, then 3 appliances each.
    assert data["hands"] == [["W1", "W2", "A1", "A2", "A3"], ["W3", "W4", "A4", "A5", "A6"],
                             ["W5", "W6", "A7", "A8", "A9"]]
    assert data["piles"] == {"wire-1": ["W7"], "wire-2": ["W8"], "appliance-1": ["A10"],
                             "appliance-2": ["A11"], "appliance-3": ["A12"]}
    assert len(set(data["objectives"])) == 3
    assert data["cheese"] == [0, 0, 0] and data["cheese_pool"] == 12
    assert data["mice"] == [None, None, None]
    firsts = {R.new_game(4, seed).current_player for seed in range(40)}
    assert firsts == {0, 1, 2, 3}  # the seed picks the first player
    assert R.new_game(4, 7).to_json() == R.new_game(4, 7).to_json()
    for seed in range(30):
        assert len(set(R.new_game(4, seed).to_json()["objectives"])) == 4


def test_CB_10_setup_fixes_orders_and_unlisted_tiles_follow_in_ascending_order():
    data = game().to_json()
    assert data["wire_stack"][:4] == ["W2", "W3", "W5", "W6"]
    assert len(data["wire_stack"]) == 30
    assert data["appliance_stack"][:3] == ["A8", "A10", "A11"]
    assert len(data["appliance_stack"]) == 39
    assert data["objectives"] == [1, 2]
    # Missing keys stay random (seeded); first_player inside setup wins over the option.
    only_wires = R.new_game(2, 3, setup={"wire_order": ["W36"]}).to_json()
    assert only_wires["hands"][0][:2] == ["W1", "W36"] and only_wires["hands"][1][:2] == ["W2", "W3"]
    assert only_wires["appliance_stack"] == R.new_game(2, 3, setup={"wire_order": ["W36"]}).to_json()["appliance_stack"]
    assert only_wires["appliance_stack"] != R.new_game(2, 4, setup={"wire_order": ["W36"]}).to_json()["appliance_stack"]
    assert R.new_game(2, 3, first_player=1, setup={"first_player": 0}).current_player == 0
    assert R.new_game(2, 3, first_player=1).current_player == 1


# --- section 4: turn structure --------------------------------------------------------------

def test_CB_11_rounds_go_in_seat_order_from_the_first_player():
    s = game(n=3, setup={"first_player": 1})
    seen = []
    for _ in range(7):
        seen.append((s.round, s.current_player))
        play(s, "end")
    assert seen == [(1, 1), (1, 2), (1, 0), (2, 1), (2, 2), (2, 0), (3, 1)]


def test_CB_12_deal_comes_before_the_mouse_and_a_pile_refills():
    # Round 5's wire deal happens first (W2, W3), then seat 1's mouse takes the new top, W5.
    s = play(game(), "end | end | end | end | end | end | mouse wire-stack; end | end")
    assert hand(s, 0) == ["W1", "W2", "W5", "W31", "A1", "A2", "A3"]
    assert hand(s, 1) == ["W3", "W7", "W22", "A5", "A9", "A16"]
    assert [(e["kind"], e["tile"]) for e in s.view(0)["events"]] == [("deal", "W2"), ("deal", None),
                                                                      ("collect", "W5")]
    # A pile emptied by a mouse refills from its own stack's top.
    s = play(game(), "mouse appliance-3; end | end")
    assert s.view(0)["piles"]["appliance-3"] == ["A8"]
    assert "A7" in hand(s, 0)
    # A mouse on an empty stack brings nothing.
    data = play(game(), "mouse wire-stack; end").to_json()
    data["hands"][0] += data["wire_stack"]  # no play empties the stack this early: edit a save
    data["wire_stack"] = []
    s = play(R.from_json(data), "end")
    assert len(hand(s, 0)) == 5 + 30 and s.view(0)["mice"][0] is None
    assert s.view(0)["events"] == [{"kind": "collect", "seat": 0, "from": {"spot": "wire-stack"}, "tile": None,
                                    "hidden": False, "public": True}]


def test_CB_12_the_round_deal_starts_with_the_first_player_and_stays_secret():
    s = game(setup={**S, "first_player": 1})
    while not any(e["kind"] == "deal" for e in s.view(0)["events"]):
        play(s, "end")
    assert s.round == 5
    assert [e["seat"] for e in s.view(0)["events"] if e["kind"] == "deal"] == [1, 0]
    assert "W2" in hand(s, 1) and "W3" in hand(s, 0)  # the stack's top went to the first player
    # dealt face down: only the receiver knows the tile
    assert s.view(0)["hands"][1]["known"] == [] and s.view(1)["hands"][0]["known"] == []


def test_CB_12_a_W_plus_A_deal_gives_every_wire_before_any_appliance():
    s = ends(game(), 2 * 12)  # to the start of round 13, whose space shows W+A
    assert s.round == 13
    deals = [(e["seat"], e["from"]) for e in s.view(0)["events"] if e["kind"] == "deal"]
    assert deals == [(0, "wire-stack"), (1, "wire-stack"), (0, "appliance-stack"), (1, "appliance-stack")]


@pytest.mark.parametrize("pile", ["wire-1", "wire-2", "appliance-1", "appliance-2", "appliance-3"])
def test_CB_12_a_pile_a_mouse_empties_refills_from_its_own_stack(pile):
    s = play(game(), f"mouse {pile}; end | end")
    # In S the wire stack's top is W2 and the appliance stack's A8.
    assert s.view(0)["piles"][pile] == ["W2" if pile.startswith("wire") else "A8"]


def test_CB_13_decisions_interleave_until_end():
    s = game()
    play(s, "discard A3 to appliance-1; place W31 at 3,4 r0; mouse wire-2; discard W1 to appliance-2")
    assert s.current_player == 0
    assert refused(s, "mouse wire-stack") == "mouse already used this turn"
    play(s, "place A1 at 3,5 r180")
    assert refused(s, "place A2 at 4,3 r270") == "only 2 placements per turn"
    assert of_verb(s, "mouse", "place") == set()
    assert "end" in legal(s)
    assert s.view(0)["cheese"] == [2, 0]
    # Discards stop when the cheese tile is empty.
    data = game().to_json()
    data["cheese_pool"], data["cheese"] = 0, [0, 12]
    s = R.from_json(data)
    assert of_verb(s, "discard") == set()
    assert "cheese tile is empty" in refused(s, "discard A1 to appliance-1")
    # Cheese: free, needs a cube and an out mouse not on the appliance stack.
    s = play(game(), "discard A3 to appliance-1; end | mouse wire-1; end")
    assert of_verb(s, "cheese") == {"cheese 2"}
    play(s, "cheese 2")
    assert s.view(0)["mice"][1] == {"spot": "appliance-stack"}
    assert s.view(0)["cheese"] == [0, 0] and s.view(0)["cheese_pool"] == 12
    assert refused(s, "cheese 2").startswith("no cheese")
    # A mouse already on the appliance stack cannot be cheesed there again.
    s = play(game(), "discard A3 to appliance-1; end | mouse appliance-stack; end")
    assert of_verb(s, "cheese") == set()
    assert refused(s, "cheese 2") == "seat 2's mouse is already on the appliance stack"


def test_CB_14_mouse_targets_and_capacity():
    s2 = game()
    play(s2, "place W31 at 3,4 r0; place A1 at 3,5 r180; mouse wire-stack; end")
    targets = of_verb(s2, "mouse")
    assert "mouse house 1 at 3,5" in targets
    assert "mouse house 1 at 3,4" not in targets  # a wire never
    assert "mouse wire-stack" in targets  # stacks take any number of mice
    assert "holds a wire" in refused(s2, "mouse house 1 at 3,4")
    assert "breaker box" in refused(s2, "mouse house 1 at 3,3")
    assert "is empty" in refused(s2, "mouse house 1 at 0,0")
    assert refused(s2, "mouse house 2 at 3,3") == "a mouse never goes into your own house"
    play(s2, "mouse house 1 at 3,5; end")
    assert "mouse house 2 at 3,5" not in legal(s2)
    # One mouse per pile; the cheese tile is no spot.
    s3 = play(game(), "mouse appliance-2; end")
    assert refused(s3, "mouse appliance-2") == "appliance-2 already has a mouse (seat 1's)"
    assert "not a mouse spot" in refused(s3, "mouse cheese")
    s3 = play(s3, "mouse wire-stack; end")
    assert "mouse wire-stack" in legal(s3)  # any number of mice on a stack
    assert refused(s3, "mouse house 1 at 3,3") == "a mouse never goes into your own house"


def test_CB_14_an_empty_stack_or_pile_is_no_mouse_target():
    data = game().to_json()
    # No play empties a stack or a pile this early: edit a save (seat 1's hand takes them).
    data["hands"][0] += data["wire_stack"] + data["piles"]["appliance-2"]
    data["wire_stack"], data["piles"]["appliance-2"] = [], []
    s = R.from_json(data)
    targets = of_verb(s, "mouse")
    assert "mouse wire-stack" not in targets and "mouse appliance-2" not in targets
    assert {"mouse appliance-stack", "mouse wire-1", "mouse appliance-1"} <= targets
    assert refused(s, "mouse wire-stack") == "the wire stack is empty"
    assert refused(s, "mouse appliance-2") == "appliance-2 is empty"


def test_CB_15_edge_rule_labels_U_walls_and_connection():
    s = game()
    assert refused(s, "place W1 at 4,3 r90") == "the west edge (1) does not match the neighbour's east edge (2)"
    assert refused(s, "place W1 at 3,4 r90").startswith("wall faces a connector at S")
    assert refused(s, "place A1 at 3,2 r0") == "the north edge (1) does not match the neighbour's south edge (3)"
    assert "not connected to your network" in refused(s, "place W1 at 5,5 r0")
    play(s, "place W31 at 3,4 r0; place W1 at 3,5 r0; end | end")
    assert refused(s, "place A1 at 2,4 r90") == \
        "connector faces a wall at E: the east edge (1) meets the neighbour's west wall"
    # U meets any label: W31 fits the box's 1 (N), 3 (S) and U (W), and 2 (E) at r90.
    assert {"place W31 at 3,2 r0", "place W31 at 2,3 r90", "place W31 at 4,3 r90"} <= legal(game())
    # A wall may touch a wall: A2 at 4,4 links down to W32's U and walls off A1 to its west.
    s = game(setup={**S, "wire_order": ["W32", "W1"]})
    play(s, "place W32 at 4,3 r270; place A1 at 3,4 r180; end | end")
    assert "place A2 at 4,4 r180" in legal(s)


def test_CB_15_a_connector_may_not_face_the_house_edge():
    s = game(setup={**S, "wire_order": ["W31", "W35", "W7", "W22", "W1", "W16"]})
    play(s, "place W31 at 3,4 r0; place W35 at 3,5 r0; mouse wire-1; end | end")
    # At 3,6 W1's south end would meet the cross's U: only its north end, facing the
    # house edge, keeps it out (in E3 a wall also faces a connector there).
    assert "place W1 at 2,5 r90" in places(s, "W1")
    assert not {p for p in places(s, "W1") if " 3,6 " in p}
    assert refused(s, "place W1 at 3,6 r0") == \
        "connector faces the house wall at N: the north edge (1) must be a wall there"


def test_CB_16_only_the_smallest_equivalent_rotation_is_offered():
    assert canonical_rotations("W16") == (0,)
    assert canonical_rotations("W35") == (0,)
    assert canonical_rotations("W1") == (0, 90)
    assert canonical_rotations("W31") == (0, 90)
    assert canonical_rotations("W22") == (0, 90, 180, 270)
    assert canonical_rotations("A1") == (0, 90, 180, 270)
    for w in range(1, 37):
        expected = (0,) if w in (16, 17, 18, 19, 20, 21, 35, 36) else (0, 90) if w in (1, 2, 3, 31) else \
            (0, 90, 180, 270)
        assert canonical_rotations(f"W{w}") == expected, w
    s = game()
    assert refused(s, "place W31 at 3,4 r180").startswith("same as r0")
    assert "place W31 at 3,4 r0" in legal(s)


def test_CB_17_hands_have_no_limit_and_never_score():
    s = game(rounds=16)
    ends(s, 2 * 12)  # to the start of round 13, through the deals of rounds 5, 9 and 13
    assert len(hand(s, 0)) == 5 + 1 + 1 + 2
    assert s.scores() == [0, 0]


def test_CB_18_game_ends_after_the_last_seat_of_the_final_round():
    s = game(rounds=2)
    play(s, "end | mouse wire-stack; end | end")
    assert s.current_player == 1 and not s.is_terminal()
    play(s, "mouse appliance-1; end")
    assert s.is_terminal() and s.current_player is None
    assert s.legal_actions() == [] and s.round == 2
    assert s.view(0)["mice"][1] == {"spot": "appliance-1"}  # it fetched nothing
    assert s.to_json()["piles"]["appliance-1"] == ["A4"]
    assert refused(s, "end") == "the game is over"


def test_CB_19_scores_at_any_time_and_tie_breaks():
    s = play(game(), "place A1 at 3,4 r180")
    assert s.scores() == [3, 0] and s.winners() == []
    s = play(game(rounds=1), "place A1 at 3,4 r180; place A2 at 4,3 r270; end | place A5 at 3,4 r180; end")
    assert s.scores() == [6, 3] and s.winners() == [0]
    # Tied on points (3-3) and cheese (0-0): the most appliances (3 against 2) wins.
    s = game(rounds=2, setup={**S, "objectives": [6, 7]})
    play(s, "place A1 at 3,4 r180; place A2 at 4,3 r270; end | place A5 at 3,4 r180; place A9 at 2,3 r90; end"
            "| end | place A16 at 4,3 r270; end")
    assert s.scores() == [3, 3] and s.view(0)["cheese"] == [0, 0]
    assert s.winners() == [1]
    # Cheese comes before appliances: seat 1 holds a cube, seat 2 more appliances (2 against 3).
    s = game(rounds=2, setup={**S, "objectives": [6, 7]})
    play(s, "place A1 at 3,4 r180; place A2 at 4,3 r270; discard W1 to appliance-1; end"
            "| place A5 at 3,4 r180; place A9 at 2,3 r90; end | end | place A16 at 4,3 r270; end")
    assert s.scores() == [3, 3] and s.view(0)["cheese"] == [1, 0]
    assert s.winners() == [0]


# --- section 9: worked examples -----------------------------------------------------------------

E1_PLACES = {
    "place A1 at 3,4 r180", "place A1 at 2,3 r90", "place A2 at 4,3 r270", "place A2 at 2,3 r90",
    "place A3 at 3,2 r0", "place A3 at 2,3 r90", "place W1 at 3,4 r0", "place W1 at 2,3 r90",
    "place W31 at 3,4 r0", "place W31 at 4,3 r90", "place W31 at 3,2 r0", "place W31 at 2,3 r90",
}


def test_CB_19_every_type_scores_its_table_value_even_at_zero_copies(monkeypatch):
    """The score tables are data (CB-6): with a table whose 0-copy value is not 0, the
    types a house lacks still count, in the score and in its breakdown alike."""
    data = dataclasses.replace(DATA, score_on=(2, 3, 6, 10, 15), score_off=(1, 1, 3, 6, 10))
    monkeypatch.setattr(scoring, "DATA", data)
    empty = [0] * (len(DATA.type_names) + 1)
    on = len(DATA.cards[0])
    expected = on * 2 + (len(DATA.type_names) - on) * 1
    assert scoring.breakdown(empty, 1)["total"] == expected
    assert scoring.points(empty, 1) == expected


def test_E1_opening_has_35_legal_actions():
    s = game()
    actions = legal(s)
    assert len(s.legal_actions()) == len(actions) == 35
    assert of_verb(s, "mouse") == {f"mouse {spot}" for spot in ("wire-stack", "appliance-stack", "wire-1", "wire-2",
                                                                 "appliance-1", "appliance-2", "appliance-3")}
    assert of_verb(s, "discard") == {f"discard {t} to appliance-{k}" for t in ("W1", "W31", "A1", "A2", "A3")
                                     for k in (1, 2, 3)}
    assert places(s) == E1_PLACES
    assert "end" in actions


def test_E2_U_and_wall_against_connector():
    s = game()
    assert {p for p in places(s, "W31")} == {"place W31 at 3,4 r0", "place W31 at 4,3 r90",
                                              "place W31 at 3,2 r0", "place W31 at 2,3 r90"}
    assert places(s, "W1") == {"place W1 at 3,4 r0", "place W1 at 2,3 r90"}
    assert refused(s, "place W1 at 3,4 r90").startswith("wall faces a connector at S")
    play(s, "place W31 at 3,4 r0")
    assert {p for p in places(s, "W1") if " 3,5 " in p} == {"place W1 at 3,5 r0"}
    assert places(s, "A1") == {"place A1 at 3,5 r180", "place A1 at 2,3 r90"}
    seat2 = play(game(), "end")
    assert "place W22 at 3,4 r180" in places(seat2, "W22")
    assert "place W22 at 3,4 r0" not in places(seat2, "W22")


def test_E3_house_boundary_and_a_fetched_pile_tile():
    s = play(game(), "place W1 at 3,4 r0; place W31 at 3,5 r0; mouse wire-1; end | end")
    assert s.current_player == 0
    assert "W4" in hand(s, 0)
    assert s.view(1)["hands"][0]["known"] == ["W4"]  # known to everyone
    assert s.view(1)["piles"]["wire-1"] == ["W2"]
    assert places(s, "W4") == {"place W4 at 2,3 r0", "place W4 at 2,3 r90", "place W4 at 3,6 r90",
                               "place W4 at 3,6 r180"}
    assert refused(s, "place W4 at 3,6 r0") == \
        "connector faces the house wall at N: the north edge (1) must be a wall there"


def test_E4_stolen_then_cheesed_off():
    s = play(game(), "place A1 at 3,4 r180; discard A3 to appliance-1; end")
    view = s.view(1)
    assert view["cheese"] == [1, 0] and view["cheese_pool"] == 11
    assert view["piles"]["appliance-1"] == ["A4", "A3"]
    assert "mouse house 1 at 3,4" in of_verb(s, "mouse")
    without = play(s.clone(), "mouse house 1 at 3,4; end | end")
    play(s, "mouse house 1 at 3,4; end | cheese 2")
    assert s.view(0)["cheese"] == [0, 0] and s.view(0)["cheese_pool"] == 12
    assert "cheese 2" not in legal(s)
    play(s, "end")
    assert "A8" in hand(s, 1)
    assert s.view(0)["houses"][0] == [{"tile": "A1", "x": 3, "y": 4, "rot": 180, "edges": "--1-"}]
    # Without the cheese, seat 2 takes A1 out of seat 1's house in view of everyone.
    assert "A1" in hand(without, 1)
    assert without.view(0)["hands"][1]["known"] == ["A1"]
    assert without.view(0)["houses"][0] == []


def test_E5_a_discard_covers_a_pile_under_a_mouse():
    s = play(game(), "mouse appliance-2; end | discard A9 to appliance-2; end")
    assert s.view(0)["cheese"] == [0, 1]
    assert "A9" in hand(s, 0) and "A6" not in hand(s, 0)
    assert s.view(0)["piles"]["appliance-2"] == ["A6"]  # no refill
    assert s.round == 2


def test_E6_mouse_capacity_and_no_cheese_without_cubes():
    s = play(game(), "mouse appliance-2; end")
    assert of_verb(s, "mouse") == {"mouse wire-stack", "mouse appliance-stack", "mouse wire-1", "mouse wire-2",
                                   "mouse appliance-1", "mouse appliance-3"}
    assert of_verb(s, "cheese") == set()
    assert refused(s, "cheese 1").startswith("no cheese")


def test_E7_round_counter_deal_and_a_mouse_on_the_stack():
    s = play(game(), "end | end | end | end | end | end | end | mouse wire-stack; end")
    assert s.round == 5
    assert "W2" in hand(s, 0) and "W3" in hand(s, 1)
    assert s.view(0)["mice"][1] == {"spot": "wire-stack"}  # stays put through the deal
    play(s, "end")
    assert "W5" in hand(s, 1)
    for n in (3, 4):
        s = game(n=n, setup={"first_player": 0})
        sizes = []
        for _ in range(10 * n):
            sizes.append(len(hand(s, n - 1)))
            play(s, "end")
        sizes.append(len(hand(s, n - 1)))
        starts = sizes[::n]  # hand size of the last seat at the start of rounds 1..11
        assert [b - a for a, b in itertools.pairwise(starts)] == [0, 0, 1, 0, 0, 1, 0, 0, 2, 0]


E8 = ("place A1 at 3,4 r180; place A2 at 4,3 r270; mouse appliance-1; end | place A5 at 3,4 r180; "
      "place A9 at 2,3 r90; end | place A3 at 3,2 r0; place A4 at 2,3 r90; end | place A16 at 4,3 r270; end")


def test_E8_final_scoring_with_and_without_objective_types():
    s = play(game(rounds=2), E8)
    assert s.is_terminal()
    assert s.scores() == [15, 7] and s.winners() == [0]
    breakdown = house_score(s.view(1), 0)
    assert breakdown["total"] == 15 and breakdown["types"][0]["count"] == 4 and breakdown["types"][0]["on_card"]
    s = play(game(rounds=2, setup={**S, "objectives": [5, 2]}), E8)
    assert s.scores() == [10, 7]


def test_E9_tie_breaks_cheese_then_appliances():
    s = play(game(rounds=1), "place A1 at 3,4 r180; end | place A5 at 3,4 r180; discard A9 to appliance-1; end")
    assert s.scores() == [3, 3] and s.view(0)["cheese"] == [0, 1]
    assert s.winners() == [1]
    s = play(game(rounds=1), "place A1 at 3,4 r180; end | place A5 at 3,4 r180; end")
    assert s.scores() == [3, 3] and s.winners() == [0, 1]


def test_E10_hidden_information_after_E5():
    s = play(game(), "mouse appliance-2; end | discard A9 to appliance-2; end")
    view = s.view(1)
    assert view["hands"][0] == {"wires": 2, "appliances": 4, "known": ["A9"]}
    assert "hand" in view and set(view["hand"]) == set(hand(s, 1))
    for seed in range(20):
        world = s.determinize(1, random.Random(seed))
        data = world.to_json()
        assert "A9" in data["hands"][0]
        assert data["piles"] == s.to_json()["piles"]
        assert data["houses"] == s.to_json()["houses"]
        assert data["hands"][1] == hand(s, 1)
        assert world.view(1) == view


# --- the view helpers agree with the engine ------------------------------------------------------

def test_fitting_cells_match_the_legal_placements():
    s = play(game(), "place W31 at 3,4 r0; place W1 at 2,3 r90; end | end")
    view = s.view(0)
    for tid in view["hand"]:
        glow = fitting_cells(view, tid)
        expected = {f"place {tid} at {x},{y} r{rot}" for rot, cells in glow.items() for x, y in cells}
        assert expected == places(s, tid), tid
