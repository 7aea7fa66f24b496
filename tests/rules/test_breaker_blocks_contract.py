"""Breaker Blocks and the engine contract: registry, options, setup, the level file, notation
and its error reasons, views, determinize, clone and JSON."""

from __future__ import annotations

import copy
import json
import random
import tomllib

import pytest

from game.core.errors import IllegalAction
from game.core.options import OptionSpec
from game.core.protocol import Rules, State
from game.paths import level_file
from game.rules import get_rules
from game.rules.breaker_blocks import (
    END,
    RULES,
    SKIP,
    Draw,
    End,
    Keep,
    Place,
    Play,
    Rearrange,
    Skip,
    Target,
    is_undo_barrier,
    load_level,
    parse_level,
    read_notation,
)
from tests.rules.test_breaker_blocks_rules import game, play, raises

MID_AGITATE = ("play 0 at 1,-1 from N; draw agitate | play 0 at 1,2 from S; play 0 at 1,3 from S | "
               "play agitate at 1,-2 from N")


def random_game(seed, steps, **options):
    """A game after up to ``steps`` uniformly random actions."""
    rng = random.Random(seed)
    s = RULES.new_game(2, seed, **options)
    for _ in range(steps):
        if s.is_terminal():
            break
        s.apply(rng.choice(s.legal_actions()))
    return s


# --- the contract ----------------------------------------------------------------------------

def test_registry_returns_rules_object():
    assert get_rules("breaker_blocks") is RULES
    assert isinstance(RULES, Rules)
    assert (RULES.name, RULES.title, RULES.min_players, RULES.max_players) == ("breaker_blocks", "Breaker Blocks", 2, 2)
    s = RULES.new_game(2, 1)
    assert isinstance(s, State) and s.num_players == 2


def test_options_are_declared_for_the_setup_screen():
    by_name = {spec.name: spec for spec in RULES.options}
    assert list(by_name) == ["action_set", "turn_cap", "first_player", "setup"]
    assert all(isinstance(spec, OptionSpec) for spec in RULES.options)
    sets = by_name["action_set"]
    assert (sets.kind, sets.choices, sets.default) == ("choice", ("full", "first_game"), "full")
    cap = by_name["turn_cap"]
    assert (cap.kind, cap.default, cap.minimum) == ("int", 30, 0)
    assert by_name["first_player"].hidden and by_name["setup"].hidden
    for spec in RULES.options:
        if not spec.hidden:
            assert spec.label and spec.help
    assert sets.parse_text("FIRST_GAME") == "first_game" and cap.parse_text("12") == 12


def test_is_undo_barrier_never_for_actions_or_their_text():
    for action in (Draw("2"), Play("0", (1, -1), "N"), Rearrange((1, -1), (0, -1), "N"), Place("3", (1, -3), "N"),
                   Target((1, 2)), Keep("0"), SKIP, END):
        assert RULES.is_undo_barrier(action) is False
        assert RULES.is_undo_barrier(str(action)) is False
    assert is_undo_barrier("draw 3") is False and is_undo_barrier("") is False


@pytest.mark.parametrize("num_players", [1, 3, "2", 2.0, True, None])
def test_bad_num_players_raise(num_players):
    with pytest.raises(ValueError, match="exactly 2 players"):
        RULES.new_game(num_players, 0)


@pytest.mark.parametrize(("options", "reason"), [
    ({"colour": "red"}, "unknown option"),
    ({"action_set": "beginner"}, "option action_set must be one of"),
    ({"turn_cap": -1}, "option turn_cap must be at least 0"),
    ({"turn_cap": "9"}, "option turn_cap must be a whole number"),
    ({"first_player": 2}, "first_player must be a seat index 0..1"),
    ({"setup": "seat 1"}, "option setup must be a dict"),
    ({"setup": {"deck": []}}, "setup has unknown key"),
    ({"setup": {"first_player": 2}}, "setup first_player must be a seat index 0 or 1"),
    ({"setup": {"first_player": True}}, "setup first_player must be a seat index"),
    ({"setup": {"power_counts": [2, 4]}}, "setup power_counts must be a dict"),
    ({"setup": {"power_counts": {"4": 1}}}, "names '4', which is not a power tile"),
    ({"setup": {"power_counts": {"1": -1}}}, "power_counts for 1 must be a whole number from 0"),
    ({"setup": {"action_counts": {"agitate": 1.5}}}, "action_counts for agitate must be a whole number"),
    ({"setup": {"action_counts": {"zap": 1}}}, "names 'zap', which the full action set does not use"),
    ({"action_set": "first_game", "setup": {"action_counts": {"automate": 1}}},
     "names 'automate', which the first_game action set does not use"),
])
def test_bad_options_raise(options, reason):
    with pytest.raises(ValueError, match=reason):
        RULES.new_game(2, 0, **options)


def test_bad_seed_raises():
    with pytest.raises(ValueError, match="seed"):
        RULES.new_game(2, "7")


def test_setup_counts_accept_int_keys_and_leave_out_kinds_as_zero():
    s = game({"power_counts": {0: 1, 2: 2}})
    assert s.view(0)["hands"][0] == {"0": 1} and s.view(0)["piles"][0] == {"0": 0, "1": 0, "2": 2, "3": 0}
    s = game({"power_counts": {"0": 0, "1": 1}})
    assert s.view(0)["hands"] == [{}, {}]


# --- the level file ----------------------------------------------------------------------------

def level_data():
    with open(level_file("breaker_blocks.toml"), "rb") as fh:
        return tomllib.load(fh)


@pytest.mark.parametrize(("change", "reason"), [
    (lambda d: d.pop("shapes"), "missing key"),
    (lambda d: d.update(board=1), "unknown key"),
    (lambda d: d.update(area={"x": [3, -3], "y": [0, 5]}), "area x must be"),
    (lambda d: d["core"].append({"cell": [0, 0], "circuit": "I"}), "listed twice"),
    (lambda d: d["core"].append({"cell": [40, 0], "circuit": "IV"}), "outside the area"),
    (lambda d: d["inputs"][0].update(cell=[5, 5]), "not a core cell"),
    (lambda d: d["inputs"][0].update(side="X"), "side must be one of"),
    (lambda d: d["inputs"][0].update(side="E"), "faces 1,0, which is off the area or in the core"),
    (lambda d: d["inputs"][0].update(circuit="II"), "its core cell is circuit 'I'"),
    (lambda d: d["inputs"][1].update(id="1a"), "unique text id"),
    (lambda d: d["inputs"][1].update(seat=3), "seat must be a whole number from 1 to 2"),
    (lambda d: d.update(inputs=[i for i in d["inputs"] if i["seat"] == 1]), "seat 2 has no input"),
    (lambda d: d["shapes"].pop("0"), "shapes needs kind '0'"),
    (lambda d: d["shapes"].pop("action"), "needs an 'action' entry"),
    (lambda d: d["shapes"].update(x={"power": 1, "holes": []}), "named by a number"),
    (lambda d: d["shapes"].update({"\u00b2": {"power": 1, "holes": []}}), "named by a number"),
    (lambda d: d["shapes"]["2"].update(holes=["back"]), "holes must list distinct names"),
    (lambda d: d["shapes"]["2"].update(power=-2), "power must be a whole number"),
    (lambda d: d["power_counts"].pop("3"), "power_counts must give a count for exactly"),
    (lambda d: d["action_counts"].update(zap=1), "action_counts must give a count for exactly"),
    (lambda d: d["action_sets"].pop("full"), "needs a 'full' set"),
    (lambda d: d["action_sets"].update(tiny=["zap"]), "action set 'tiny' must list"),
])
def test_level_file_is_validated_with_the_file_named(change, reason):
    data = level_data()
    change(data)
    with pytest.raises(ValueError, match=reason) as info:
        parse_level(data, level_file("breaker_blocks.toml"))
    assert "breaker_blocks.toml" in str(info.value)


def test_level_file_loads_and_bad_files_say_so(tmp_path):
    assert load_level().power_counts == {"0": 2, "1": 4, "2": 4, "3": 3}
    with pytest.raises(ValueError, match="cannot read"):
        load_level(tmp_path / "missing.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("area = [", encoding="utf-8")
    with pytest.raises(ValueError, match=r"bad\.toml: not valid TOML"):
        load_level(bad)


# --- notation ----------------------------------------------------------------------------------

def test_notation_is_canonical_and_round_trips():
    assert str(Draw("accelerate")) == "draw accelerate"
    assert str(Play("0", (1, -1), "N")) == "play 0 at 1,-1 from N"
    assert str(Rearrange((1, -2), (-1, 0), "E")) == "rearrange 1,-2 to -1,0 from E"
    assert str(Place("annihilate", (1, -3), "N")) == "place annihilate at 1,-3 from N"
    assert (str(Target((1, 3))), str(Keep("2")), str(Skip()), str(End())) == ("target 1,3", "keep 2", "skip", "end")
    for s in (game(), play(game(), MID_AGITATE), random_game(3, 40), random_game(4, 25, action_set="first_game")):
        for action in s.legal_actions():
            assert s.parse(str(action)) == action
            assert read_notation(str(action)) == action


def test_legal_actions_come_in_the_documented_order():
    s = play(game(), "play 0 at 1,-1 from N; draw annihilate | end")
    verbs = [a.verb for a in s.legal_actions()]
    assert verbs == sorted(verbs, key=["draw", "play", "rearrange", "end"].index) and verbs[-1] == "end"
    assert [str(a) for a in s.legal_actions()][:4] == ["draw 1", "draw 2", "draw 3", "draw accelerate"]
    plays = [str(a) for a in s.legal_actions() if a.verb == "play"]
    assert plays[0] == "play 0 at 1,-2 from N" and plays[-1] == "play annihilate at -1,0 from E"
    s = play(game(), MID_AGITATE)
    assert s.legal_actions()[-1] == SKIP


def test_parse_accepts_case_and_extra_spaces():
    s = game()
    assert s.parse("  PLAY 0 AT 1 , -1 FROM n ") == Play("0", (1, -1), "N")
    assert s.parse("Draw   Annihilate") == Draw("annihilate")
    assert s.parse("END") == END


@pytest.mark.parametrize(("text", "reason"), [
    ("", "no action given"),
    ("jump 1,2", "unknown action 'jump'"),
    ("play 0 at 1,-1", "play is written like: play 2 at 1,-2 from N"),
    ("play 0 on 1,-1 from N", "play is written like"),
    ("draw", "draw is written like: draw 2"),
    ("draw 7", "'7' is not a tile"),
    ("draw zap", "'zap' is not a tile"),
    ("play 0 at 1;-1 from N", "'1;-1' is not a cell"),
    ("play 0 at 1,-1 from Q", "'q' is not a side"),
    ("target x", "'x' is not a cell"),
    ("skip now", "skip is written like: skip"),
])
def test_malformed_notation_explains_itself(text, reason):
    raises(game(), text, reason)


def test_parse_rejects_non_text():
    with pytest.raises(IllegalAction, match="written as text"):
        game().parse(5)


@pytest.mark.parametrize(("script", "text", "reason"), [
    ("", "target 1,2", "nothing is waiting for a target"),
    ("", "place 1 at 1,-1 from N", "place is only for Automate"),
    ("", "keep 0", "keep is only for Aggravate"),
    ("", "skip", "skip only ends an Agitate"),
    ("", "play 0 at 1,-5 from N", "no hole of yours faces 1,-5 from N"),
    ("", "play 0 at 1,0 from S", "part of the core"),
    ("", "play 0 at 20,0 from W", "outside the play area"),
    ("draw 3", "play 3 at 1,-1 from N", "drawn this turn"),
    ("draw annihilate; end | end", "draw annihilate", "already hold an Annihilate"),
    ("play 0 at 1,-1 from N; play 0 at 1,-2 from N | end", "rearrange 1,-1 to 0,-1 from N", "not a leaf"),
    ("play 0 at 1,-1 from N; end | end", "rearrange 1,-1 to 1,-1 from N", "hole it just left"),
    ("play 0 at 1,-1 from N; end", "rearrange 1,-1 to 0,-1 from N", "seat 1's: you can only rearrange your own"),
    ("play 0 at 1,-1 from N; end", "play 0 at 1,-2 from N", "is seat 1's, not yours"),
    (MID_AGITATE, "end", "first finish the Agitate"),
    (MID_AGITATE, "rearrange 1,-1 to 0,-1 from N", "Agitate moves seat 2's tiles"),
    (MID_AGITATE, "rearrange 1,2 to 0,2 from S", "not a leaf"),
    (MID_AGITATE, "rearrange 1,3 to 4,4 from S", "no hole of seat 2's faces 4,4 from S"),
])
def test_illegal_actions_give_the_players_reason_and_change_nothing(script, text, reason):
    s = play(game(), script) if script else game()
    raises(s, text, reason)
    before = s.to_json()
    with pytest.raises(IllegalAction, match=reason):
        s.apply(read_notation(text))
    assert s.to_json() == before


def test_apply_rejects_foreign_objects():
    s = game()
    with pytest.raises(IllegalAction, match="not a Breaker Blocks action"):
        s.apply("end")
    with pytest.raises(TypeError):
        Play("0", [1, -1], "N")


# --- views, determinize, clone, JSON ----------------------------------------------------------------

VIEW_KEYS = {"game", "seat", "num_players", "options", "first_player", "phase", "current_player", "actions_left",
             "turns_completed", "final_turn", "circuits", "board", "hands", "drawn_this_turn", "piles",
             "action_pile", "removed", "power", "control", "scores", "winners", "authenticate", "pending",
             "end_reason", "power_kinds", "action_types"}


def test_view_shows_everything_public_to_both_seats():
    s = play(game(), MID_AGITATE)
    v0, v1 = s.view(0), s.view(1)
    assert set(v0) == VIEW_KEYS
    assert json.loads(json.dumps(v0)) == v0
    assert {k: v for k, v in v0.items() if k != "seat"} == {k: v for k, v in v1.items() if k != "seat"}
    assert v0["phase"] == "step" and v0["actions_left"] == 1 and v0["current_player"] == 0
    assert v0["power"] == [[0, 0, 0], [0, 0, 0]] and v0["control"] == [None, None, None]
    assert v0["board"][0] == {"cell": [1, -2], "kind": "agitate", "owner": 0, "from": "N", "circuit": "II",
                              "leaf": True}
    assert "rng" not in json.dumps(v0) and "setup" not in v0["options"]
    with pytest.raises(ValueError, match="seat index"):
        s.view(2)


def test_end_reason_in_the_view_at_the_end():
    s = play(game(turn_cap=1), "end | end")
    assert s.view(0)["end_reason"] == {"code": "turn_cap", "text": s.end_reason.text, "loser": None}
    assert s.view(0)["phase"] == "over" and s.view(0)["current_player"] is None and s.end_reason.text.endswith(".")
    assert game().end_reason is None and game().view(0)["end_reason"] is None


def test_determinize_is_an_exact_copy_with_a_fresh_rng():
    s = random_game(11, 30)
    world = s.determinize(1, random.Random(5))
    assert world is not s and world.view(1) == s.view(1)
    a, b = world.to_json(), s.to_json()
    assert a.pop("rng") != b.pop("rng") and a == b
    with pytest.raises(ValueError):
        s.determinize(-1, random.Random(5))


def test_clone_is_independent():
    s = play(game(), MID_AGITATE)
    c = s.clone()
    assert c.to_json() == s.to_json() and c.legal_actions() == s.legal_actions()
    c.apply(c.parse("skip"))
    c.apply(c.parse("play 0 at 0,-1 from N"))
    assert s.phase == "step" and s.to_json() != c.to_json()
    assert s.clone().to_json() == s.to_json()


def test_json_round_trips_at_every_step_of_random_games():
    for seed in range(6):
        rng = random.Random(seed)
        s = RULES.new_game(2, seed, action_set="full" if seed % 2 else "first_game", turn_cap=8 + seed)
        while True:
            data = s.to_json()
            back = RULES.from_json(json.loads(json.dumps(data)))
            assert back.to_json() == data
            assert back.legal_actions() == s.legal_actions() and back.view(0) == s.view(0)
            if s.is_terminal():
                assert back.winners() == s.winners() and back.end_reason == s.end_reason
                break
            s.apply(rng.choice(s.legal_actions()))


def corrupt(change):
    data = copy.deepcopy(play(game(), "play 0 at 1,-1 from N; play 0 at 1,-2 from N | draw 3; draw annihilate")
                         .to_json())
    change(data)
    return data


@pytest.mark.parametrize(("change", "reason"), [
    (lambda d: d.update(game="breaks"), "not a saved Breaker Blocks state"),
    (lambda d: d.pop("hands"), "no 'hands'"),
    (lambda d: d["options"].update(setup={}), "options must be an object without setup"),
    (lambda d: d.update(rng=-1), "rng must be a whole number"),
    (lambda d: d["board"][0].update(cell=[1, 0]), "core or already taken"),
    (lambda d: d["board"][0].update(cell=[30, 0]), "inside the area"),
    (lambda d: d["board"][0].update(owner=1), "the tile on 1,-2 does not hang from a hole of seat 2"),
    (lambda d: d["board"][0].update(kind="9"), "not a tile kind"),
    (lambda d: d["board"][0].update(circuit="I"), "hangs from circuit II"),
    (lambda d: d["hands"][1].update({"3": 2}), "seat 2 has 4 tiles of kind 3, not 3"),
    (lambda d: d["action_pile"].update(annihilate=2), "the game has 3 annihilate tiles"),
    (lambda d: d["piles"][0].update(annihilate=1), "cannot hold annihilate"),
    (lambda d: d.update(current_player=None), "current_player must be a whole number"),
    (lambda d: d.update(end={"code": "sealed", "loser": None}, current_player=None), "loser is given exactly"),
    (lambda d: d.update(end={"code": "resign"}), "code one of"),
    (lambda d: d.update(pending={"tile": "annihilate", "cell": [1, -2], "step": 0}), "pending must name"),
    (lambda d: d.update(actions_left=0), "must have a pending step"),
    (lambda d: d.update(drawn={"2": 1}), "drawn counts more tiles"),
    (lambda d: d.update(authenticate_this_turn="no"), "true or false"),
    (lambda d: d.update(tile_counts={**d["tile_counts"], "automate": 2}, options={**d["options"],
                                                                                "action_set": "first_game"}),
     "which the first_game set does not use"),
])
def test_from_json_rejects_corrupt_states(change, reason):
    with pytest.raises(ValueError, match=reason):
        RULES.from_json(corrupt(change))


def test_from_json_rejects_loops_and_non_objects():
    with pytest.raises(ValueError, match="JSON object"):
        RULES.from_json([])
    data = game({"power_counts": {"0": 4}}).to_json()
    data["hands"][0]["0"] = 0
    # Four crosses in a ring, each hanging from the next, none from an input.
    data["board"] = [{"cell": [4, -4], "kind": "0", "owner": 0, "from": "E"},
                     {"cell": [5, -4], "kind": "0", "owner": 0, "from": "N"},
                     {"cell": [5, -3], "kind": "0", "owner": 0, "from": "W"},
                     {"cell": [4, -3], "kind": "0", "owner": 0, "from": "S"}]
    with pytest.raises(ValueError, match="form a loop"):
        RULES.from_json(data)
