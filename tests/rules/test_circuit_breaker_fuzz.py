"""Circuit Breaker fuzz: many random games over 2-4 players.

After every action: each tile is in exactly one place (stack, pile, hand or house; a mouse
only points at a tile, it carries nothing until its owner's turn starts), the cheese adds
up to the data's total, every placed tile obeys the edge rule and sits on its network,
mice stand only where CB-14 allows, the applied action came from legal_actions() and
parses back from its notation, apply's checks agree with legal_actions() (a refused
action changes nothing), and every game ends when the round counter runs out.
``BREAKBOX_FUZZ_GAMES`` sets how many seeded games run (default 240: 80 per player count).
"""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.errors import IllegalAction
from game.rules import get_rules
from game.rules.circuit_breaker import DATA, SPOTS, Cheese, Discard, End, Mouse, MouseHouse, Place, network
from game.rules.circuit_breaker.tiles import GEO, edge_codes, edges_meet

R = get_rules("circuit_breaker")
GAMES = int(os.environ.get("BREAKBOX_FUZZ_GAMES", "240"))
ALL_TILES = sorted([f"W{i}" for i in range(1, DATA.num_wires + 1)]
                   + [f"A{i}" for i in range(1, DATA.num_appliances + 1)])
EAGER = ("place", "cheese", "mouse", "discard")  # kinds a busy player reaches for first


def census(data):
    """Every tile of the state's JSON, sorted (a multiset)."""
    tiles = data["wire_stack"] + data["appliance_stack"]
    for pile in data["piles"].values():
        tiles += pile
    for hand in data["hands"]:
        tiles += hand
    for house in data["houses"]:
        tiles += [entry[0] for entry in house]
    return sorted(tiles)


def check_houses(state):
    """Every touching pair of sides obeys CB-15 and every tile is on its network."""
    view = state.view(0)
    for seat, house in enumerate(view["houses"]):
        grid = {(e["x"], e["y"]): edge_codes(e["edges"]) for e in house}
        grid[(3, 3)] = edge_codes(DATA.box_edges)
        for (x, y), edges in grid.items():
            for d, (dx, dy) in enumerate(((0, 1), (1, 0), (0, -1), (-1, 0))):
                nx, ny = x + dx, y + dy
                if not GEO.inside(nx, ny):
                    assert edges[d] == 0, (seat, x, y)
                elif (nx, ny) in grid:
                    assert edges_meet(edges[d], grid[(nx, ny)][(d + 2) % 4]), (seat, x, y)
        assert set(network(view, seat)) == set(grid)


def check_mice(data):
    mice = [m for m in data["mice"] if m is not None]
    occupied = [m for m in mice if m not in ("wire-stack", "appliance-stack")]
    assert len(occupied) == len(set(occupied))
    for seat, m in enumerate(data["mice"]):
        if m is not None and m.startswith("house"):
            owner, _, cell = m.split()[1:]
            x, y = map(int, cell.split(","))
            assert int(owner) - 1 != seat
            assert any(e[1:3] == [x, y] and e[0].startswith("A") for e in data["houses"][int(owner) - 1])
    cur = data["current_player"]
    if cur is not None and not data["mouse_used"]:
        assert data["mice"][cur] is None  # collection brought it home


def random_probe(rng, n):
    """Any action object, legal or not, to test apply's checks against legal_actions()."""
    kind = rng.randrange(6)
    tile = rng.choice(ALL_TILES)
    if kind == 0:
        return Place(tile, rng.randrange(-1, 8), rng.randrange(-1, 8), rng.choice((0, 90, 180, 270, 45)))
    if kind == 1:
        return Mouse(rng.choice((*SPOTS, "cheese")))
    if kind == 2:
        return MouseHouse(rng.randrange(n + 1), rng.randrange(7), rng.randrange(7))
    if kind == 3:
        return Discard(tile, rng.choice(("appliance-1", "appliance-2", "appliance-3", "wire-1")))
    if kind == 4:
        return Cheese(rng.randrange(n + 1))
    return End()


def check_step(state, full, rng, n):
    data = state.to_json()
    assert census(data) == ALL_TILES
    assert data["cheese_pool"] + sum(data["cheese"]) == DATA.cheese
    assert (data["current_player"] is None) == state.is_terminal()
    check_mice(data)
    legal = state.legal_actions()
    assert len(set(legal)) == len(legal)
    assert bool(legal) != state.is_terminal()
    assert state.is_terminal() or legal[-1] == End()
    probes = [random_probe(rng, n) for _ in range(3)] + ([rng.choice(legal)] if legal else [])
    for probe in probes:
        assert (state.why_illegal(probe) is None) == (probe in legal), probe
        if probe not in legal:
            with pytest.raises(IllegalAction):
                state.apply(probe)
            assert state.to_json() == data
    if full:
        check_houses(state)
        assert R.from_json(data).to_json() == data
        assert state.clone().to_json() == data
    return legal


def choose(rng, legal, eager):
    """Uniform, or (eager) mostly the busiest kinds so houses fill and mice steal."""
    if eager and rng.random() < 0.85:
        for verb in EAGER:
            options = [a for a in legal if a.verb == verb]
            if options and rng.random() < 0.7:
                return rng.choice(options)
        options = [a for a in legal if a.verb != "end"]
        if options:
            return rng.choice(options)
    return rng.choice(legal)


def play_out(n, seed, eager, full_every=10, rounds=None):
    options = {} if rounds is None else {"rounds": rounds}
    state = R.new_game(n, seed, **options)
    rng = random.Random(seed * 7919 + n)
    verbs = Counter()
    steps = 0
    while not state.is_terminal():
        legal = check_step(state, steps % full_every == 0, rng, n)
        action = choose(rng, legal, eager)
        assert state.parse(str(action)) == action
        state.apply(action)
        verbs[type(action).__name__] += 1
        steps += 1
        assert steps < 20_000, "the game does not end"
    check_step(state, True, rng, n)
    expected_rounds = rounds or DATA.default_rounds(n)
    assert state.round == expected_rounds
    assert verbs["End"] == expected_rounds * n  # one end per turn, and the counter ended it
    winners = state.winners()
    assert winners and all(state.scores()[w] == max(state.scores()) for w in winners)
    return verbs


def test_fuzz_seeded_games_over_two_to_four_players():
    totals = Counter()
    for i in range(GAMES):
        totals += play_out(2 + i % 3, seed=i, eager=i % 3 != 0)
    # The policy reached every kind of decision many times.
    assert all(totals[kind] > 50 for kind in ("Mouse", "MouseHouse", "Place", "Discard", "Cheese", "End"))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(2, 4), seed=st.integers(0, 2**63 - 1), eager=st.booleans(),
       rounds=st.one_of(st.none(), st.integers(1, 20)))
def test_fuzz_hypothesis_games_conserve_tiles_and_cheese(n, seed, eager, rounds):
    play_out(n, seed, eager, full_every=25, rounds=rounds)
