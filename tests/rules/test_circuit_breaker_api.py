"""Circuit Breaker engine contract: notation and parse reasons, options and setup, the data
file, undo barriers, view secrecy, determinize, JSON, and the view helpers."""

from __future__ import annotations

import copy
import json
import random
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.errors import IllegalAction
from game.core.options import OptionSpec
from game.core.protocol import Rules, State
from game.paths import level_file
from game.rules import get_rules
from game.rules.circuit_breaker import (
    RULES,
    Cheese,
    Discard,
    End,
    Mouse,
    MouseHouse,
    Place,
    canonical_rotation,
    cheese_cost,
    fit_problem,
    house_score,
    is_undo_barrier,
    load_data,
    market_layout,
    network,
    parse_data,
    read_notation,
    score_tables,
)

R = get_rules("circuit_breaker")
S = {
    "first_player": 0,
    "wire_order": ["W1", "W31", "W7", "W22", "W4", "W16"],
    "appliance_order": ["A1", "A2", "A3", "A5", "A9", "A16", "A4", "A6", "A7"],
    "objectives": [1, 2],
}
VIEW_KEYS = {
    "seat", "num_players", "options", "first_player", "current_player", "over", "round", "rounds", "counter",
    "deals", "house_size", "breaker_box", "houses", "piles", "stacks", "cheese", "cheese_pool", "mice",
    "mouse_used", "placed", "placements_per_turn", "hand", "objective", "hands", "scores", "winners",
    "last_action", "events", "revealed",
}


def game(n=2, setup=None, seed=0, **options):
    return R.new_game(n, seed, setup=S if setup is None else setup, **options)


def play(state, script):
    for turn in script.split("|"):
        for text in turn.split(";"):
            if text.strip():
                state.apply(state.parse(text))
    return state


def refused(state, text):
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.parse(text)
    assert state.to_json() == before
    return str(info.value)


def random_game(n, seed, steps):
    """A seeded random game, stopped after ``steps`` actions (or at its end)."""
    s = R.new_game(n, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        s.apply(rng.choice(s.legal_actions()))
    return s


# --- the contract ------------------------------------------------------------------------------

def test_rules_object_and_protocol():
    assert R is RULES and isinstance(R, Rules)
    assert (R.name, R.title, R.min_players, R.max_players) == ("circuit_breaker", "Circuit Breaker", 2, 4)
    assert [o.name for o in R.options] == ["rounds", "first_player", "setup"]
    assert all(isinstance(o, OptionSpec) for o in R.options)
    rounds = R.options[0]
    assert not rounds.hidden and rounds.label and rounds.help
    s = game()
    assert isinstance(s, State) and s.num_players == 2 and s.current_player == 0


def test_notation_strings_are_exactly_the_spec_forms():
    assert str(Mouse("wire-stack")) == "mouse wire-stack"
    assert str(Mouse("appliance-2")) == "mouse appliance-2"
    assert str(MouseHouse(1, 3, 4)) == "mouse house 2 at 3,4"
    assert str(Place("W17", 2, 3, 90)) == "place W17 at 2,3 r90"
    assert str(Discard("A12", "appliance-1")) == "discard A12 to appliance-1"
    assert str(Cheese(2)) == "cheese 3"
    assert str(End()) == "end"


@pytest.mark.parametrize(("script", "canonical", "text"), [
    # rot := "0" | "90" | "180" | "270" exactly
    ("", "place W1 at 2,3 r90", "place W1 at 2,3 r090"),
    ("", "place W1 at 3,4 r0", "place W1 at 3,4 r00"),
    ("", "place W1 at 2,3 r90", "place W1 at 2,3 r0090"),
    # seat := 1..4, no leading zero
    ("discard A3 to appliance-1; end | mouse wire-1; end", "cheese 2", "cheese 02"),
    ("place A1 at 3,4 r180; end", "mouse house 1 at 3,4", "mouse house 01 at 3,4"),
])
def test_notation_rejects_rotations_and_seats_outside_the_grammar(script, canonical, text):
    s = play(game(), script)
    assert canonical in {str(a) for a in s.legal_actions()}  # the well-formed spelling is legal here
    assert refused(s, text)


def test_parse_ignores_case_and_extra_spaces():
    assert read_notation("  PLACE  w17   AT 2,3  R90 ") == Place("W17", 2, 3, 90)
    assert read_notation("Mouse House 2 at 3 , 4") == MouseHouse(1, 3, 4)
    assert read_notation("DISCARD a12 TO Appliance-1") == Discard("A12", "appliance-1")
    assert read_notation("cheese 3") == Cheese(2)
    assert read_notation(" END ") == End()
    s = game()
    assert s.parse("place w31 AT 3,4 r0") == Place("W31", 3, 4, 0)


@pytest.mark.parametrize(("text", "reason"), [
    ("", "no action given"),
    ("jump", "unknown action 'jump'"),
    ("end now", "end is written like: end"),
    ("place W17 2,3 r90", "place is written like: place W17 at 2,3 r90"),
    ("place W99 at 2,3 r0", "there is no tile W99"),
    ("place W1 at 2;3 r0", "a cell is written x,y"),
    ("place W1 at 2,3 r45", "a rotation is r0, r90, r180 or r270"),
    ("discard A1 to wire-1", "discards go to appliance-1, appliance-2 or appliance-3"),
    ("mouse cheese", "is not a mouse spot"),
    ("mouse house 2", "mouse is written like"),
    ("cheese 5", "there is no seat 5"),
    ("cheese", "cheese is written like: cheese 2"),
])
def test_parse_reports_malformed_text(text, reason):
    assert reason in refused(game(), text)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_a_seat_the_game_lacks_is_refused_naming_the_seats_it_has(n):
    """A 2-player game said "seats are numbered 1 to 4" for cheese 5 (the most seats any
    game has), and "no cheese" or "no seat 3 in this game" for cheese 3: now one message
    with this game's count."""
    s = game(n, setup={})
    for seat in range(n + 1, 6):
        for text in (f"cheese {seat}", f"mouse house {seat} at 3,4"):
            assert refused(s, text) == f"there is no seat {seat}: seats are numbered 1 to {n}", text
    assert refused(s, f"cheese 0{n}") == f"there is no seat 0{n}: seats are numbered 1 to {n}"


def test_parse_reports_why_a_legal_looking_action_is_not_legal_now():
    s = game()
    assert refused(s, "place W5 at 3,4 r0") == "W5 is not in your hand"
    assert refused(s, "discard A9 to appliance-1") == "A9 is not in your hand"
    assert refused(s, "cheese 2") == "no cheese: discard a tile to earn a piece of cheese first"
    assert refused(s, "place W1 at 3,4 r180") == "same as r0: W1 at r180 has the same edges, so use r0"
    assert refused(s, "mouse house 3 at 3,4") == "there is no seat 3: seats are numbered 1 to 2"
    play(s, "place W31 at 3,4 r0; discard A3 to appliance-1")
    assert refused(s, "place W31 at 3,5 r0") == "W31 is not in your hand"
    assert refused(s, "place A1 at 3,4 r180") == "cell 3,4 already holds W31"
    assert refused(s, "cheese 1") == "you cannot cheese your own mouse"
    assert refused(s, "cheese 2") == "seat 2's mouse is at home"
    with pytest.raises(IllegalAction):
        s.apply(Place("W1", 3, 4, 180))
    with pytest.raises(IllegalAction):
        s.apply("end")  # text is not an action object


def test_parse_round_trips_every_legal_action():
    for n in (2, 3, 4):
        for seed in range(3):
            s = R.new_game(n, seed)
            rng = random.Random(seed)
            while not s.is_terminal():
                actions = s.legal_actions()
                for a in actions:
                    assert s.parse(str(a)) == a
                s.apply(rng.choice(actions))


@settings(max_examples=80, deadline=None)
@given(text=st.text(alphabet="mouseplacdhrtwiAW0123456789,- ", max_size=30))
def test_parse_never_crashes_on_junk(text):
    s = game()
    try:
        action = s.parse(text)
    except IllegalAction:
        return
    assert action in s.legal_actions()


def test_undo_barriers_are_the_turn_ends():
    assert is_undo_barrier(End()) and is_undo_barrier("end") and is_undo_barrier(" END ")
    for action in (Mouse("wire-stack"), MouseHouse(1, 3, 4), Place("W1", 3, 4, 0), Discard("A1", "appliance-1"),
                   Cheese(1), "mouse wire-stack", "place W1 at 3,4 r0", "cheese 2"):
        assert not R.is_undo_barrier(action)


# --- options and setup -------------------------------------------------------------------------

@pytest.mark.parametrize(("kwargs", "message"), [
    ({"colour": "red"}, "unknown option(s): colour"),
    ({"rounds": 0}, "option rounds must be at least 1"),
    ({"rounds": "long"}, "option rounds must be a whole number"),
    ({"first_player": 2}, "first_player must be a seat index 0..1"),
    ({"setup": [1]}, "option setup must be a dict"),
    ({"setup": {"deck": []}}, "setup has unknown key(s) deck"),
    ({"setup": {"first_player": 3}}, "setup first_player must be a seat index 0..1"),
    ({"setup": {"wire_order": ["A1"]}}, "setup wire_order: 'A1' is not a wire id"),
    ({"setup": {"wire_order": ["W1", "w1"]}}, "setup wire_order lists W1 twice"),
    ({"setup": {"appliance_order": "A1"}}, "setup appliance_order must be a list"),
    ({"setup": {"objectives": [1]}}, "setup objectives must give one card (1..12) per seat: 2 cards"),
    ({"setup": {"objectives": [1, 13]}}, "13 is not an objective card"),
    ({"setup": {"objectives": [4, 4]}}, "every seat gets a different card"),
])
def test_bad_options_raise_value_error(kwargs, message):
    with pytest.raises(ValueError) as info:
        R.new_game(2, 0, **kwargs)
    assert message in str(info.value)


def test_player_count_and_seed_are_checked():
    for n in (1, 5, "2"):
        with pytest.raises(ValueError, match="Circuit Breaker is for 2 to 4 players"):
            R.new_game(n, 0)
    with pytest.raises(ValueError, match="seed"):
        R.new_game(2, "x")


def test_rounds_option_and_the_view_never_echoes_setup():
    s = game(n=3, setup={"first_player": 0}, rounds=5)
    view = s.view(0)
    assert view["rounds"] == 5 and view["options"] == {"rounds": 5, "first_player": 0}
    assert [d["round"] for d in view["deals"]] == [4]  # the icons stay on their rounds
    assert "setup" not in json.dumps(view) and "wire_order" not in json.dumps(s.to_json())


# --- the data file ---------------------------------------------------------------------------------

def raw_data():
    with open(level_file("circuit_breaker.toml"), "rb") as fh:
        return tomllib.load(fh)


@pytest.mark.parametrize(("edit", "message"), [
    (lambda d: d.pop("cheese"), "missing key(s) cheese"),
    (lambda d: d.update(extra=1), "unknown key(s) extra"),
    (lambda d: d["wires"].update(W1="1-1"), "wire W1 must be 4 edges"),
    (lambda d: d["wires"].update(W2="----"), "wire W2 is all walls"),
    (lambda d: d.update(wires={"W2": "1-1-"}), "entry 1 is 'W2'"),
    (lambda d: d.update(appliance_labels=["1", "X"]), "appliance_labels holds 'X'"),
    (lambda d: d.update(appliance_types=["A", "A"]), "names the same type twice"),
    (lambda d: d.update(objective_cards=[[1, 2], [2, 3], [3, 4], [4, 99]]), "a type on objective card 4"),
    (lambda d: d.update(objective_cards=[[1, 2]]), "objective_cards must be a list of at least 4"),
    (lambda d: d.update(score_on_card=[0, 1]), "score_on_card must give points for 0 to 4 copies"),
    (lambda d: d["breaker_box"].update(cell=[9, 3]), "breaker_box x must be a whole number from 0 to 6"),
    (lambda d: d["round_counter"].update(icons=["", "W"]), "one icon per row (4)"),
    (lambda d: d["round_counter"].update(icons=["", "W", "X", "A"]), "round_counter icon 'X'"),
    (lambda d: d["round_counter"].update(cols={"2": 4}), "round_counter cols must give"),
    (lambda d: d["deal"].update(hand_wires=9), "too few to deal 9"),
    (lambda d: d["house"].pop("width"), "house is missing width"),
    (lambda d: d.update(cheese=-1), "cheese must be a whole number"),
])
def test_data_file_problems_name_the_file_and_the_problem(edit, message):
    data = copy.deepcopy(raw_data())
    edit(data)
    with pytest.raises(ValueError) as info:
        parse_data(data, Path("levels/circuit_breaker.toml"))
    assert "circuit_breaker.toml" in str(info.value) and message in str(info.value)


def test_data_file_loads_and_bad_files_are_reported(tmp_path):
    assert load_data().cheese == 12
    bad = tmp_path / "cb.toml"
    bad.write_text("wires = [", encoding="utf-8")
    with pytest.raises(ValueError, match=r"cb\.toml: not valid TOML"):
        load_data(bad)
    with pytest.raises(ValueError, match="cannot read"):
        load_data(tmp_path / "missing.toml")


# --- hidden information --------------------------------------------------------------------------

def secret_tokens(state, viewer):
    """Ids the viewer must not see: other seats' unknown hand tiles and the stack contents
    (the stack *sizes* are public, so the check is on ids), plus other objective cards."""
    data = state.to_json()
    hidden = set(data["wire_stack"]) | set(data["appliance_stack"])
    for q, hand in enumerate(data["hands"]):
        if q != viewer:
            hidden |= set(hand) - set(data["known"][q])
    return hidden


def tokens(obj):
    text = json.dumps(obj)
    for ch in '[]{}",:':
        text = text.replace(ch, " ")
    return set(text.split())


def test_view_keys_and_secrecy_at_many_steps():
    for n in (2, 3, 4):
        for steps in (0, 7, 30, 80, 150):
            s = random_game(n, steps + n, steps)
            for p in range(n):
                view = s.view(p)
                assert set(view) == VIEW_KEYS
                json.dumps(view)
                if s.is_terminal():  # CB-7: after the game everything is shown, the stack orders too
                    assert view["revealed"]["objectives"] == s.to_json()["objectives"]
                    assert view["revealed"]["stacks"] == {"wire-stack": s.to_json()["wire_stack"],
                                                          "appliance-stack": s.to_json()["appliance_stack"]}
                    continue
                leaked = tokens(view) & secret_tokens(s, p)
                assert not leaked, (n, steps, p, leaked)
                assert view["hand"] == s.to_json()["hands"][p]
                assert view["objective"]["card"] == s.to_json()["objectives"][p]
                assert "objectives" not in view and view["revealed"] is None
                assert [x is None for x in view["scores"]] == [q != p for q in range(n)]
                assert "rng" not in view and "wire_stack" not in view


def test_view_shows_a_stack_tile_only_to_the_seat_that_fetched_it():
    s = play(game(), "mouse wire-stack; end | end")
    mine, theirs = s.view(0)["events"], s.view(1)["events"]
    assert mine == [{"kind": "collect", "seat": 0, "from": {"spot": "wire-stack"}, "tile": "W2", "hidden": False,
                     "public": False}]
    assert theirs == [{"kind": "collect", "seat": 0, "from": {"spot": "wire-stack"}, "tile": None, "hidden": True,
                       "public": False}]
    assert s.view(1)["hands"][0] == {"wires": 3, "appliances": 3, "known": []}


def test_determinize_keeps_the_view_and_resamples_the_rest():
    s = play(game(n=3, setup={**S, "objectives": [1, 2, 3]}), "mouse wire-1; end | end | end")
    assert s.view(1)["hands"][0]["known"] == ["W2"]
    seen_objectives, seen_stacks = set(), set()
    for seed in range(40):
        world = s.determinize(1, random.Random(seed))
        assert world.view(1) == s.view(1)
        data = world.to_json()
        assert data["objectives"][1] == 2 and len(set(data["objectives"])) == 3
        assert "W2" in data["hands"][0]  # known: fetched from wire-1
        for q in (0, 2):
            assert len(data["hands"][q]) == len(s.to_json()["hands"][q])
        seen_objectives.add(tuple(data["objectives"]))
        seen_stacks.add(tuple(data["wire_stack"][:3]))
        assert R.from_json(data).to_json() == data
    assert len(seen_objectives) > 5 and len(seen_stacks) > 5
    assert s.determinize(1, random.Random(0)).to_json() != s.to_json()


def test_determinize_is_consistent_at_many_steps_and_after_the_end():
    rng = random.Random(3)
    for n in (2, 3, 4):
        for steps in (0, 5, 40, 120, 10_000):
            s = random_game(n, steps, steps)
            for p in range(n):
                world = s.determinize(p, rng)
                assert world.view(p) == s.view(p)
                assert sorted(map(len, world.to_json()["hands"])) == sorted(map(len, s.to_json()["hands"]))
                if not world.is_terminal():
                    world.apply(rng.choice(world.legal_actions()))  # a world plays on
    end = random_game(2, 1, 10_000)
    assert end.is_terminal()
    world = end.determinize(0, random.Random(1)).to_json()
    assert {k: v for k, v in world.items() if k != "rng"} == {k: v for k, v in end.to_json().items() if k != "rng"}


def test_clone_is_independent():
    s = game()
    c = s.clone()
    play(c, "place W31 at 3,4 r0; mouse wire-1; discard A1 to appliance-1; end")
    assert s.to_json() == game().to_json()
    assert c.to_json() != s.to_json()


# --- JSON ---------------------------------------------------------------------------------------------

def test_json_round_trip_at_every_step():
    for n in (2, 3, 4):
        s = R.new_game(n, 11 + n)
        rng = random.Random(n)
        while True:
            data = s.to_json()
            back = R.from_json(json.loads(json.dumps(data)))
            assert back.to_json() == data
            assert [str(a) for a in back.legal_actions()] == [str(a) for a in s.legal_actions()]
            assert back.view(0) == s.view(0)
            if s.is_terminal():
                assert back.winners() == s.winners() and back.scores() == s.scores()
                break
            action = rng.choice(s.legal_actions())
            s.apply(action)
            back.apply(action)
            assert back.to_json() == s.to_json()  # the RNG went along too


@pytest.mark.parametrize(("edit", "message"), [
    (lambda d: d.update(game="breaks"), "not a saved Circuit Breaker state"),
    (lambda d: d.update(num_players=7), "for 2 to 4 players"),
    (lambda d: d["hands"][0].append("W2"), "tile W2 is in 2 places"),
    (lambda d: d["hands"][0].remove("W1"), "tile W1 is in 0 places"),
    (lambda d: d["hands"][0].append("Z1"), "holds 'Z1', which is not a tile"),
    (lambda d: d.update(cheese_pool=11), "must add up to 12"),
    (lambda d: d["houses"][0].append(["W2", 0, 0, 0]), "breaks the edge rule"),
    (lambda d: d["houses"][0].append(["W2", 5, 5, 90]), "not connected to the breaker box"),
    (lambda d: d.update(mice=["appliance-1", "appliance-1"]), "two mice share appliance-1"),
    (lambda d: d.update(mice=["house 2 at 3,3", None]), "not another seat's appliance"),
    (lambda d: d.update(objectives=[1, 1]), "different objective card"),
    (lambda d: d.update(options={"setup": {}}), "options must be a dict without setup"),
    (lambda d: d.update(rounds=3), "rounds disagrees"),
    (lambda d: d["known"][0].append("W4"), "known tile W4 of seat 1 is not in that hand"),
    (lambda d: d.update(wire_stack=["A8"] + d["wire_stack"]), "wire stack holds only wires"),
    (lambda d: d.update(last_action={"seat": 0, "action": "fly"}), "last_action is not an action"),
])
def test_from_json_rejects_corrupt_saves(edit, message):
    data = game().to_json()
    edit(data)
    with pytest.raises(ValueError) as info:
        R.from_json(data)
    assert message in str(info.value)


# --- view helpers ---------------------------------------------------------------------------------

def test_fit_problem_names_the_offending_edge():
    view = game().view(0)
    assert fit_problem(view, "W1", 3, 4, 0) is None
    assert fit_problem(view, "W1", 4, 3, 90) == "the west edge (1) does not match the neighbour's east edge (2)"
    assert fit_problem(view, "W1", 3, 3, 0) == "cell 3,3 holds your breaker box"
    assert fit_problem(play(game(), "place W31 at 3,4 r0").view(0), "W1", 3, 4, 0) == "cell 3,4 already holds a wire"
    assert fit_problem(view, "W1", 9, 3, 0).startswith("cell 9,3 is outside your house")
    assert fit_problem(view, "A3", 3, 2, 90).startswith("wall faces a connector at N")
    assert canonical_rotation("W1", 180) == 0 and canonical_rotation("W1", 270) == 90
    assert canonical_rotation("W16", 270) == 0 and canonical_rotation("A1", 270) == 270


def test_network_score_cheese_cost_and_market_helpers():
    s = play(game(), "place W31 at 3,4 r0; place A1 at 3,5 r180; mouse appliance-2; end | mouse house 1 at 3,5")
    view = s.view(1)
    assert network(view, 0) == [(3, 3), (3, 4), (3, 5)]
    mine = house_score(view)  # the viewer's own house by default
    assert mine["total"] == 0 and mine["card"] == 2
    theirs = house_score(view, 0)
    assert theirs["card"] is None and theirs["total"] == 1  # card unknown: scored off-card
    assert theirs["types"][0] == {"type": 1, "name": "Bubble Maker", "count": 1, "on_card": False, "points": 1,
                                  "if_on_card": 3, "if_off_card": 1}
    assert house_score(s.view(0), 0)["total"] == 3 == s.scores()[0]
    assert score_tables() == {"on_card": [0, 3, 6, 10, 15], "off_card": [0, 1, 3, 6, 10]}
    assert cheese_cost(view, 0) == 1  # seat 1's mouse is on appliance-2
    assert cheese_cost(view, 1) is None  # one's own mouse
    play(s, "end")
    assert cheese_cost(s.view(0), 1) == 1 and cheese_cost(s.view(1), 0) is None  # seat 1's came home
    layout = market_layout(s.view(0))
    assert layout["spots"]["appliance-2"]["mice"] == [] and layout["spots"]["appliance-2"]["top"] == "A8"
    assert s.view(0)["mice"][1] == {"spot": "house", "seat": 0, "x": 3, "y": 5}
