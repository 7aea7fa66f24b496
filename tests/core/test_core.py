"""game.core: the RNG, option validation and the action log."""

from __future__ import annotations

import json
import random

import pytest

from game.core.action_log import ActionLog
from game.core.errors import IllegalAction
from game.core.options import OptionSpec, validate_options
from game.core.rng import Rng, reseed_from
from game.rules import CATALOG, get_rules, is_available


def test_rng_is_deterministic_and_its_state_round_trips_through_json():
    a = Rng(42)
    seq = [a.randrange(1000) for _ in range(5)]
    b = Rng(42)
    assert [b.randrange(1000) for _ in range(5)] == seq
    state = json.loads(json.dumps(a.state))
    c = Rng.from_state(state)
    assert [c.random() for _ in range(3)] == [a.random() for _ in range(3)]


def test_rng_shuffle_is_a_permutation_and_randrange_covers_the_range():
    rng = Rng(7)
    items = list(range(52))
    rng.shuffle(items)
    assert sorted(items) == list(range(52)) and items != list(range(52))
    seen = {rng.randrange(6) for _ in range(500)}
    assert seen == set(range(6))
    with pytest.raises(ValueError):
        rng.randrange(0)


def test_reseed_from_accepts_python_random():
    assert reseed_from(random.Random(1)).state == reseed_from(random.Random(1)).state


def test_validate_options_rejects_unknown_names_and_bad_values():
    specs = (OptionSpec("jokers", "bool", False), OptionSpec("scoring", "choice", "standard",
                                                             choices=("standard", "court")))
    assert validate_options(specs, {}, 2) == {"jokers": False, "scoring": "standard"}
    with pytest.raises(ValueError, match="unknown option"):
        validate_options(specs, {"colour": 1}, 2)
    with pytest.raises(ValueError, match="jokers"):
        validate_options(specs, {"jokers": "yes"}, 2)
    with pytest.raises(ValueError, match="scoring"):
        validate_options(specs, {"scoring": "triple"}, 2)


def test_whole_number_options_keep_to_their_range_and_refuse_true_and_false():
    rounds = OptionSpec("rounds", "int", 16, minimum=1, maximum=40)
    assert rounds.check(1) == 1 and rounds.check(40) == 40
    for bad, reason in ((0, "at least 1"), (41, "at most 40"), (True, "whole number"), (2.5, "whole number")):
        with pytest.raises(ValueError, match=reason):
            rounds.check(bad)
    limit = OptionSpec("limit", "int", None)
    assert limit.check(None) is None, "no limit is allowed where the default is none"


def test_command_line_option_values_are_read_by_their_type():
    jokers = OptionSpec("jokers", "bool", False)
    assert [jokers.parse_text(t) for t in ("true", "Yes", "on", "1", "false", "no", "OFF", "0")] == \
        [True] * 4 + [False] * 4
    with pytest.raises(ValueError, match="true/false"):
        jokers.parse_text("maybe")
    assert OptionSpec("rounds", "int", 16).parse_text(" 12 ") == 12
    assert OptionSpec("limit", "int", None).parse_text("none") is None
    with pytest.raises(ValueError, match="a number"):
        OptionSpec("rounds", "int", 16).parse_text("twelve")


def test_action_log_replays_and_refuses_a_corrupt_step():
    rules = get_rules("breaks")
    state = rules.new_game(2, 9)
    log = ActionLog("breaks", 2, 9)
    rng = random.Random(0)
    for _ in range(30):
        seat = state.current_player
        action = rng.choice(state.legal_actions())
        state.apply(action)
        log.record(seat, action)
    assert log.replay(rules).to_json() == state.to_json()
    again = ActionLog.from_json(json.loads(json.dumps(log.to_json())))
    assert again.replay(rules).to_json() == state.to_json()
    for upto in (0, 7, 30):  # a replay's board follows its step (the finished-games viewer)
        assert log.replay(rules, upto).to_json() == _played(rules, log.actions[:upto]).to_json()
    again.actions[3] = "place 9"
    with pytest.raises(IllegalAction, match="step 4"):
        again.replay(rules)
    with pytest.raises(ValueError):
        ActionLog.from_json({"format": 99})


def test_registry_lists_five_games_and_only_built_ones_load():
    assert [g.name for g in CATALOG] == ["breaks", "blockers", "breaker_blocks", "circuit_breaker", "cube"]
    assert get_rules("breaks").name == "breaks"
    for info in CATALOG:
        if not is_available(info.name):
            with pytest.raises(KeyError, match="coming soon"):
                get_rules(info.name)
    with pytest.raises(KeyError):
        get_rules("chess")


GOLDEN_BITS = [4018368807, 1323232030, 2975831890, 3485395696]  # written down once; must never change
GOLDEN_RANGE = [26, 28, 46, 50, 26, 46, 33, 42]
GOLDEN_DIE = 6


def test_the_random_stream_never_changes_so_old_saves_replay_the_same():
    """A save is a seed plus moves: if these numbers changed, every saved deal would."""
    rng = Rng(2026)
    assert [rng.getrandbits(32) for _ in range(4)] == GOLDEN_BITS
    rng = Rng(7)
    assert [rng.randrange(52) for _ in range(8)] == GOLDEN_RANGE
    assert Rng(1).randint(1, 6) == GOLDEN_DIE
    floats = [Rng(s).random() for s in range(200)]
    assert all(0.0 <= f < 1.0 for f in floats) and max(floats) > 0.95 and min(floats) < 0.05


def test_randint_covers_both_ends():
    rng = Rng(11)
    assert {rng.randint(1, 3) for _ in range(200)} == {1, 2, 3}


def _played(rules, actions):
    state = rules.new_game(2, 9)
    for text in actions:
        state.apply(state.parse(text))
    return state
