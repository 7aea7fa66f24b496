"""Breaks fuzz (X10): many random games, every player count and every option combination.

At every step: each card is in exactly one place (the multiset equals the deck), the
applied action came from legal_actions() and parses back from its notation, stacks hold
five cards, slots at most four, the checks of apply agree with legal_actions(), and every
game ends. ``BREAKBOX_FUZZ_GAMES`` sets how many seeded games run (default 1152:
12 per player count and option set).
"""

from __future__ import annotations

import itertools
import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.errors import IllegalAction
from game.rules import get_rules
from game.rules.breaks import Break, Discard, Done, Draw, Merge, Place

R = get_rules("breaks")
FLAGS = ("jokers", "aces_wild", "two_decks", "break_to_empty")
OPTION_SETS = [
    {**dict(zip(FLAGS, bits, strict=True)), "scoring": scoring}
    for bits in itertools.product((False, True), repeat=len(FLAGS))
    for scoring in ("standard", "court")
]
GAMES = int(os.environ.get("BREAKBOX_FUZZ_GAMES", "1152"))
MAX_ACTIONS = 100_000  # far above any real game (a few hundred actions): a loop, not a long game
PREFERENCE = (Break, Place, Merge, Done, Draw, Discard)


def deck_of(options):
    """The full deck of an option set, as a sorted list of codes (a multiset)."""
    copies = 2 if options.get("two_decks") else 1
    cards = [r + s for r in "A23456789TJQK" for s in "SHDC"] * copies
    if options.get("jokers"):
        cards += ["JK"] * (2 * copies)
    return sorted(cards)


def census(data):
    """Every card of the state's JSON, sorted; also checks the sizes of slots and stacks."""
    cards = data["draw_pile"] + data["discard_pile"]
    if data["pending"] is not None:
        cards.append(data["pending"])
    for seat in data["tableaux"]:
        assert len(seat) == 3
        for slot in seat:
            assert len(slot) <= 4
            cards += slot
    for stacks in data["stacks"]:
        for stack in stacks:
            assert len(stack) == 5
            cards += stack
    return sorted(cards)


def every_action(n):
    yield from (Draw(), Discard(), Done())
    yield from (Place(s) for s in range(3))
    yield from (Merge(a, b) for a in range(3) for b in range(3))
    yield from (Break(p, s, t) for p in range(n) for s in range(3) for t in range(3))


def choose(rng, legal, greedy):
    """Uniform, or (greedy) mostly the most eventful kind so long slots and breaks happen."""
    if greedy and rng.random() < 0.8:
        for kind in PREFERENCE:
            options = [a for a in legal if type(a) is kind]
            if options:
                return rng.choice(options)
    return rng.choice(legal)


def check_step(state, deck, universe, rng):
    data = state.to_json()
    assert census(data) == deck
    assert (data["current_player"] is None) == state.is_terminal()
    legal = state.legal_actions()
    assert len(set(legal)) == len(legal)
    assert bool(legal) != state.is_terminal()
    probe = rng.choice(universe)
    assert (state.why_illegal(probe) is None) == (probe in legal), probe
    if probe not in legal:
        with pytest.raises(IllegalAction):
            state.apply(probe)
        assert state.to_json() == data
    return legal


def play_out(n, seed, options, greedy=False, deep_every=0):
    """One whole game with the invariants checked after every action; returns its length."""
    state = R.new_game(n, seed, **options)
    deck = deck_of(options)
    universe = list(every_action(n))
    rng = random.Random(seed * 7919 + n)
    steps = 0
    while not state.is_terminal():
        legal = check_step(state, deck, universe, rng)
        action = choose(rng, legal, greedy)
        assert state.parse(str(action)) == action
        if deep_every and steps % deep_every == 0:
            assert R.from_json(state.to_json()).to_json() == state.to_json()
            assert state.clone().to_json() == state.to_json()
        state.apply(action)
        steps += 1
        assert steps < MAX_ACTIONS, "the game does not end"
    check_step(state, deck, universe, rng)
    assert state.winners() and max(state.scores()) == state.scores()[state.winners()[0]]
    return steps


@pytest.mark.slow
def test_X10_fuzz_seeded_games_all_players_all_options():
    lengths = []
    for i in range(GAMES):
        n = 2 + i % 3
        options = OPTION_SETS[(i // 3) % len(OPTION_SETS)]
        lengths.append(play_out(n, seed=i, options=options, greedy=i % 2 == 1, deep_every=50))
    assert len(lengths) == GAMES and max(lengths) < MAX_ACTIONS


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(2, 4),
    seed=st.integers(0, 2**63 - 1),
    options=st.sampled_from(OPTION_SETS),
    greedy=st.booleans(),
)
def test_X10_fuzz_hypothesis_games_end_and_conserve_cards(n, seed, options, greedy):
    play_out(n, seed, options, greedy=greedy, deep_every=25)
