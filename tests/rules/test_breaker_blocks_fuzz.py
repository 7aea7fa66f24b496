"""Breaker Blocks fuzz: many random games (seeded loops and hypothesis) over every option set.

After every action: the tiles in the game (board, hands, piles) change in number only when
ANNIHILATE removes one; every placed tile hangs, tile by tile through facing holes, from an
input of its owner and carries that input's circuit; the incremental power table equals a
recount from scratch; the applied action came from legal_actions() and parses back from
its notation; a random probe action is accepted by apply exactly when it is legal (and a
refused one changes nothing); and every game ends. ``BREAKBOX_FUZZ_GAMES`` sets how many
seeded games run (default 180).
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
from game.rules.breaker_blocks import LEVEL, Draw, End, Keep, Place, Play, Rearrange, Skip, Target, hole_cells
from game.rules.breaker_blocks.data import step

R = get_rules("breaker_blocks")
GAMES = int(os.environ.get("BREAKBOX_FUZZ_GAMES", "180"))
MAX_ACTIONS = 20_000  # far above a real game (about a hundred actions): a loop, not a long game
OPTION_SETS = [
    {},
    {"action_set": "first_game"},
    {"turn_cap": 6},
    {"turn_cap": 0},
    {"setup": {"power_counts": {"0": 2, "1": 1, "2": 1, "3": 0}}},  # power runs out early
    {"setup": {"power_counts": {"0": 3, "1": 1, "2": 1, "3": 6}}},  # caps: networks get sealed
    {"action_set": "first_game", "turn_cap": 0, "setup": {"first_player": 1, "action_counts": {"agitate": 3}}},
    {"setup": {"power_counts": {"0": 0, "3": 6}, "action_counts": {}}},  # caps only: sealed networks
]
KIND_NAMES = [*LEVEL.power_kinds, "accelerate", "annihilate", "agitate", "authenticate", "automate", "attenuate",
              "aggravate"]
SIDES = "NESW"
INPUTS = {(i.cell, i.side): i for i in LEVEL.inputs}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}


# --- invariants ------------------------------------------------------------------------------

def tiles_in_play(data):
    """Tiles on the board, in hands and in piles (not the annihilated ones)."""
    count = len(data["board"])
    for table in (*data["hands"], *data["piles"], data["action_pile"]):
        count += sum(table.values())
    return count


def removed(data):
    return sum(sum(r.values()) for r in data["removed"])


def check_board(data):
    """Every tile hangs from its owner's input through facing holes; circuits, leaves and
    power agree with a recount from scratch."""
    board = {tuple(t["cell"]): t for t in data["board"]}
    circuit_of: dict[tuple[int, int], str] = {}  # tiles already traced to an input

    def trace(cell, seen):
        if cell in circuit_of:
            return circuit_of[cell]
        assert cell not in seen, f"loop through {cell}"
        seen.add(cell)
        t = board[cell]
        parent = step(cell, t["from"])
        if parent in board:
            up = board[parent]
            assert up["owner"] == t["owner"], f"{cell} hangs from the other seat's tile"
            assert cell in hole_cells(up["kind"], parent, up["from"]), f"{cell} has no hole above it"
            circuit = trace(parent, seen)
        else:
            inp = INPUTS.get((parent, OPPOSITE[t["from"]]))
            assert inp is not None and inp.seat == t["owner"], f"{cell} does not reach its owner's input"
            circuit = inp.circuit
        circuit_of[cell] = circuit
        return circuit

    parents = {step(c, t["from"]) for c, t in board.items()}
    recount = [[0] * len(LEVEL.circuits) for _ in range(2)]
    for cell, t in board.items():
        assert t["circuit"] == trace(cell, set()), f"{cell} is not in its input's circuit"
        assert cell not in LEVEL.core and LEVEL.in_area(cell)
        assert t["leaf"] == (cell not in parents)
        if t["kind"] in LEVEL.power:
            recount[t["owner"]][LEVEL.circuits.index(t["circuit"])] += LEVEL.power[t["kind"]]
    assert data["power"] == recount
    control = [0 if a > b else 1 if b > a else None for a, b in zip(*recount, strict=True)]
    assert data["control"] == control
    assert data["scores"] == [control.count(0), control.count(1)]


def random_cell(rng):
    return rng.randint(-4, 6), rng.randint(-5, 6)


def probe(rng, legal):
    """A random action, often a near miss of a legal one."""
    if legal and rng.random() < 0.4:
        a = rng.choice(legal)
        if isinstance(a, Play | Place | Rearrange):
            if rng.random() < 0.5:
                return _reside(a, rng)
            return _recell(a, rng)
        if isinstance(a, Draw | Keep):
            return type(a)(rng.choice(KIND_NAMES))
    pick = rng.randrange(8)
    kind, cell, side = rng.choice(KIND_NAMES), random_cell(rng), rng.choice(SIDES)
    return [Draw(kind), Play(kind, cell, side), Rearrange(random_cell(rng), cell, side), Place(kind, cell, side),
            Target(cell), Keep(kind), Skip(), End()][pick]


def _reside(a, rng):
    side = rng.choice(SIDES)
    if isinstance(a, Rearrange):
        return Rearrange(a.source, a.cell, side)
    return type(a)(a.kind, a.cell, side)


def _recell(a, rng):
    x, y = a.cell
    cell = (x + rng.choice((-1, 0, 1)), y + rng.choice((-1, 0, 1)))
    if isinstance(a, Rearrange):
        return Rearrange(a.source, cell, a.side)
    return type(a)(a.kind, cell, a.side)


def choose(rng, legal, eager):
    """Uniform, or (eager) mostly building and hitting, so boards fill up and hands run dry."""
    if eager and rng.random() < 0.85:
        busy = [a for a in legal if not isinstance(a, Draw | End | Skip)]
        if busy:
            return rng.choice(busy)
    return rng.choice(legal)


def play_out(seed, options, eager=False, deep_every=0):
    """One whole game with every invariant checked after every action; returns its end code."""
    state = R.new_game(2, seed, **options)
    rng = random.Random(seed * 7919 + 17)
    data = state.to_json()
    total = tiles_in_play(data) + removed(data)
    steps = 0
    while True:
        view = state.view(steps % 2)
        check_board(view)
        legal = state.legal_actions()
        assert len(set(legal)) == len(legal)
        assert (state.current_player is None) == state.is_terminal() == (not legal)
        assert tiles_in_play(data) + removed(data) == total
        p = probe(rng, legal)
        assert (state.why_illegal(p) is None) == (p in legal), p
        if p not in legal and steps % 5 == 0:
            with pytest.raises(IllegalAction):
                state.apply(p)
            assert state.to_json() == data
        if state.is_terminal():
            break
        action = choose(rng, legal, eager)
        assert state.parse(str(action)) == action
        if deep_every and steps % deep_every == 0:
            assert R.from_json(data).to_json() == data
            assert state.clone().to_json() == data
        annihilating = isinstance(action, Target) and view["pending"]["tile"] == "annihilate"
        before = tiles_in_play(data)
        state.apply(action)
        data = state.to_json()
        assert tiles_in_play(data) == before - annihilating, action
        steps += 1
        assert steps < MAX_ACTIONS, "the game does not end"
    code = state.end_reason.code
    winners, scores = state.winners(), state.scores()
    if code == "sealed":
        assert winners == [1 - data["end"]["loser"]]
    else:
        assert winners == ([] if scores[0] == scores[1] else [scores.index(max(scores))])
    return code


def test_fuzz_seeded_games_every_option_set_and_every_ending():
    endings = Counter()
    for i in range(GAMES):
        options = OPTION_SETS[i % len(OPTION_SETS)]
        endings[play_out(i, options, eager=i % 3 != 0, deep_every=15)] += 1
    assert sum(endings.values()) == GAMES
    if GAMES >= 100:
        assert set(endings) == {"authenticate", "final_turn", "turn_cap", "sealed"}, endings


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63 - 1), options=st.sampled_from(OPTION_SETS), eager=st.booleans())
def test_fuzz_hypothesis_games_end_and_keep_their_tiles(seed, options, eager):
    play_out(seed, options, eager=eager, deep_every=10)
