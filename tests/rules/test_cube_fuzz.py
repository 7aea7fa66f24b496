"""Break the Cube fuzz: random games over 2-4 players and every option, with the engine's
invariants checked after every action, and every game ending (CU-15 at the latest).

Players ask random questions, guess random legal shapes (wrong: sudden death bites) and
now and then guess the target's real shape (read from the full state) so that games also
end by right guesses. ``BREAKBOX_FUZZ_GAMES`` sets how many seeded games run (default 96).
"""

from __future__ import annotations

import json
import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.errors import IllegalAction
from game.rules import get_rules
from game.rules.cube import Ask, Build, Guess, answer, format_shape, parse_shape

RULES = get_rules("cube")
GAMES = int(os.environ.get("BREAKBOX_FUZZ_GAMES", "96"))
BAD_SHAPES = ((("S", 3), ("M", 8), ("L", 7)), (("S", 1 << 26 | 1 << 25),), (("M", 0), ("L", 1), ("S", 2)))


def options_for(i, n):
    """An option set cycling through every option (brain-burner sets need 2 players)."""
    rng = random.Random(i)
    blocks = 3
    if n == 2:
        blocks = [3, 4, 5, [3, 4], [5, 3], [4, 4]][(i // 3) % 6]
    return {
        "blocks": blocks,
        "notes": rng.choice([False, True, [rng.random() < 0.5 for _ in range(n)]]),
        "sudden_death": i % 4 in (1, 2),
        "build": "random" if i % 3 else "choose",
        "max_rounds": rng.randint(1, 8),
        "first_player": rng.choice([None, rng.randrange(n)]),
    }


def choose(state, rng, cheat):
    legal = state.legal_actions()
    if state.phase == "play" and rng.random() < cheat:
        target = state.target(state.current_player)
        return Guess(parse_shape(state.to_json()["secrets"][target]))
    if state.phase == "play" and rng.random() < 0.7:
        return legal[rng.randrange(21)]  # an ask
    return legal[rng.randrange(len(legal))]


def probe_illegal(state, rng):
    """An illegal action raises and changes nothing."""
    before = state.to_json()
    legal = state.legal_actions()
    wrong_phase = Build(legal[-1].shape) if state.phase == "play" else Ask(rng.choice("159ADL"))
    for action in (wrong_phase, Guess(rng.choice(BAD_SHAPES))):
        assert action not in legal
        with pytest.raises(IllegalAction):
            state.apply(action)
        assert state.to_json() == before


def check_answers(world, log):
    """Every public answer and guess result holds for the world's secrets."""
    secrets = [None if s is None else parse_shape(s) for s in world.to_json()["secrets"]]
    for entry in log:
        action = entry["action"]
        if action == "build":
            continue
        if "answers" in entry:
            assert [answer(s, action[4:]) for s in secrets] == entry["answers"]
        elif "answer" in entry:
            assert answer(secrets[entry["target"]], action[4:]) == entry["answer"]
        else:
            assert (format_shape(secrets[entry["target"]]) == action[6:]) == entry["correct"]


def check_views(state, rng, deep):
    data = state.to_json()
    n = state.num_players
    for p in range(n):
        view = state.view(p)
        assert view["current_player"] == state.current_player and view["phase"] == state.phase
        assert view["my_secret"] == data["secrets"][p]
        text = json.dumps(view)
        if state.is_terminal():
            assert view["secrets"] == data["secrets"]
            continue
        assert view["secrets"] is None
        # shapes named in public guesses: right ones, and a wrong guess at one seat that happens to
        # be another seat's secret (random play can do that) says nothing the log does not
        revealed = {e["action"][6:] for e in data["log"] if e["action"].startswith("guess ")}
        for q in range(n):
            secret = data["secrets"][q]
            if q != p and secret is not None and secret not in revealed and secret != data["secrets"][p]:
                assert secret not in text
    if deep:
        p = rng.randrange(n)
        world = state.determinize(p, rng)
        assert world.view(p) == state.view(p)
        check_answers(world, data["log"])
        assert RULES.from_json(world.to_json()).to_json() == world.to_json()  # the AI worker's path
        assert RULES.from_json(data).to_json() == data
        assert state.clone().to_json() == data


def play_out(n, seed, options, cheat=0.03, deep_every=7):
    state = RULES.new_game(n, seed, **options)
    rng = random.Random(seed * 7919 + n)
    max_actions = n + n * state.options["max_rounds"]  # builds, then one action per seat per round
    steps = 0
    while not state.is_terminal():
        assert state.current_player is not None and len(state.legal_actions()) > 0
        if steps % 3 == 0:
            probe_illegal(state, rng)
        action = choose(state, rng, cheat)
        assert action in state.legal_actions()
        assert state.parse(str(action)) == action
        before = state.round
        state.apply(action)
        steps += 1
        assert state.round in (before, before + 1)
        check_views(state, rng, deep=steps % deep_every == 0)
        assert steps <= max_actions, "the game does not end"
    assert state.current_player is None and len(state.legal_actions()) == 0
    winners, scores = state.winners(), state.scores()
    assert winners == sorted(winners) and sum(scores) == len(winners)
    assert all(scores[p] == 1 for p in winners)
    check_views(state, rng, deep=True)
    return steps


def test_fuzz_seeded_games_all_players_all_options():
    lengths = [play_out(2 + i % 3, seed=i, options=options_for(i, 2 + i % 3)) for i in range(GAMES)]
    assert len(lengths) == GAMES


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(2, 4), seed=st.integers(0, 2**63 - 1), variant=st.integers(0, 1000),
       cheat=st.sampled_from([0.0, 0.05, 0.3]))
def test_fuzz_hypothesis_games_end_with_invariants(n, seed, variant, cheat):
    play_out(n, seed, options_for(variant, n), cheat=cheat, deep_every=11)


def test_fuzz_long_random_games_hit_the_round_limit():
    """Uniformly random legal actions are nearly always wrong guesses: CU-15 ends the game."""
    for seed in range(4):
        state = RULES.new_game(2 + seed % 3, seed, build="random")
        rng = random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        assert state.round == 50 and state.winners() == []
