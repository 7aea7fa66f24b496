"""Blockers! fuzz (Y8): many random games over 2-5 players and both 2-player modes.

After every action: each colour's tiles are exactly accounted for (rack + pool + board +
captures), a capture never raised the captured colour's group count, the applied action
was legal (and parses back), probes agree with ``legal_actions()`` and an illegal one
changes nothing, the turn passes to the seat BL-13/BL-19 name, and the game ends exactly
when BL-13 (normal) or BL-20 (advanced) says. Every few steps ``legal_actions()`` is also
checked against a slow reference written from the rules text alone. "Crowded" games add a
dense preset board and short pools so that forced captures and passes happen often.
``BREAKBOX_FUZZ_GAMES`` sets how many seeded games run (default 150).
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
from game.rules.blockers import PASS, SQUARES, TILES, Place

R = get_rules("blockers")
MODES = [(2, False), (2, True), (3, False), (4, False), (5, False)]
GAMES = int(os.environ.get("BREAKBOX_FUZZ_GAMES", "150"))
ROWS = "ABCDEFGHI"
SECTIONS = ("triangle", "cross", "star", "clover", "circle", "diamond", "moon", "heart", "square")
ALL_COLOURS = ("red", "blue", "green", "yellow", "purple")


# --- a slow reference, from the rules text only ----------------------------------------------

def fits(tile, square):
    """BL-7."""
    r, c = ROWS.index(square[0]), int(square[1]) - 1
    if tile == "wild":
        return True
    if tile.isdigit():
        return c == int(tile) - 1
    if len(tile) == 1:
        return r == ROWS.index(tile)
    return divmod(SECTIONS.index(tile), 3) == (r // 3, c // 3)


def neighbours(square):
    r, c = ROWS.index(square[0]), int(square[1])
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= r + dr < 9 and 1 <= c + dc <= 9:
            yield f"{ROWS[r + dr]}{c + dc}"


def component(board, square):
    colour, seen, todo = board[square], {square}, [square]
    while todo:
        for n in neighbours(todo.pop()):
            if n not in seen and board.get(n) == colour:
                seen.add(n)
                todo.append(n)
    return seen


def group_count(board, colour):
    left = {sq for sq, c in board.items() if c == colour}
    count = 0
    while left:
        left -= component(board, next(iter(left)))
        count += 1
    return count


def takeable(board, square):
    """BL-9: what is left of the group without this tile is empty or connected."""
    rest = component(board, square) - {square}
    if not rest:
        return True
    trimmed = {sq: c for sq, c in board.items() if sq != square}
    return component(trimmed, next(iter(rest))) == rest


def reference_legal(data, view):
    board = {sq: cell[0] for sq, cell in data["board"].items()}
    seat = data["current_player"]
    advanced = view["options"]["advanced"]
    out = []
    for colour in view["colours"][seat]:
        if data["finished"][colour]:
            continue
        for tile in sorted(data["racks"][colour], key=TILES.index):
            for square in SQUARES:
                if not fits(tile, square):
                    continue
                there = board.get(square)
                if there is None or (there != colour and takeable(board, square)):
                    out.append(f"{colour}:{tile}@{square}" if advanced else f"{tile}@{square}")
    return out or ["pass"]


# --- invariants ---------------------------------------------------------------------------------

def census(data, pool_length, presets):
    """Every colour's tiles, by name: rack + pool + board + captures, each exactly once."""
    labelled = Counter()
    unlabelled = Counter()
    for colour, tile in data["board"].values():
        (labelled if tile else unlabelled)[colour, tile] += 1
    for _, colour, tile in data["captured"]:
        (labelled if tile else unlabelled)[colour, tile] += 1
    for colour in data["racks"]:
        tiles = data["racks"][colour] + data["pools"][colour] + [t for (c, t) in labelled if c == colour]
        assert len(tiles) == len(set(tiles)) == pool_length, colour
        if pool_length == len(TILES):
            assert sorted(tiles) == sorted(TILES)
    assert all(n == 1 for n in labelled.values())
    assert sum(unlabelled.values()) == presets  # preset tiles: on the board or captured, never lost


def probes(rng, num_players):
    yield PASS
    for _ in range(3):
        colour = rng.choice([None, *range(num_players)])
        yield Place(rng.randrange(len(TILES)), rng.randrange(81), colour)


def crowded_setup(rng, n, advanced):
    """Short pools and a board 60-80 % full of random colours (any of the five)."""
    slots = 4 if advanced else n
    length = rng.randint(5, 12)
    pools = [rng.sample(TILES, length) for _ in range(slots)]
    filled = rng.sample(SQUARES, rng.randint(48, 66))
    board = {sq: rng.choice(ALL_COLOURS) for sq in filled}
    return {"pools": pools, "board": board}


def comb(rng, colours):
    """A full board around a purple path (rows A, C, E, G, I joined by B9, D1, F9, H1): only its
    ends can be taken. Rows B, D, F and H get random colours, so tiles that fit only purple
    links and a colour's own rows are stuck."""
    board = {sq: "purple" for sq in SQUARES if sq[0] in "ACEGI" or sq in ("B9", "D1", "F9", "H1")}
    for row in "BDFH":
        colour = rng.choice(colours)
        board.update({sq: colour for sq in SQUARES if sq[0] == row and sq not in board})
    return board


def stuck_setup(rng, n, advanced):
    """Short pools made mostly of tiles that are stuck on a comb board: passes become common."""
    colours = ["red", "green", "blue", "yellow"] if advanced else list(ALL_COLOURS[:n])
    board = comb(rng, colours)
    length = rng.randint(5, 8)
    pools = []
    for colour in colours:
        stuck = [t for t in TILES if all(board[sq] == colour or not takeable(board, sq)
                                         for sq in SQUARES if fits(t, sq))]
        free = [t for t in TILES if t not in stuck]
        k = min(len(stuck), rng.randint(length - 2, length))
        pool = rng.sample(stuck, k) + rng.sample(free, length - k)
        rng.shuffle(pool)
        pools.append(pool)
    return {"pools": pools, "board": board}


def check_end(state, seat, action, data, view, counts):
    """BL-13 / BL-19 / BL-20, judged from the public data alone; returns how the game ended."""
    n = view["num_players"]
    if not view["options"]["advanced"]:
        limit = view["turn_limit"]
        ended = counts["actions"] == n * limit
        assert state.is_terminal() == ended
        if not ended:
            assert state.current_player == (view["first_player"] + counts["actions"]) % n
            return None
        assert view["turns"] == [limit] * n
        return "turns"
    finished = data["finished"]
    for colour in finished:
        assert finished[colour] == (counts["placed"][colour] == data["pool_length"] - 4)
        assert len(data["racks"][colour]) == (4 if finished[colour] else 5)
    done = [all(finished[c] for c in view["colours"][s]) for s in range(2)]
    if all(finished.values()):
        assert state.is_terminal()
        return "all finished"
    if action == PASS and (counts["after_pass"] or done[1 - seat]):
        assert state.is_terminal()
        return "two passes" if counts["after_pass"] else "other seat done"
    assert not state.is_terminal()
    assert state.current_player == (1 - seat if not done[1 - seat] else seat)
    return None


SETUPS = {"plain": None, "crowded": crowded_setup, "stuck": stuck_setup}


def play_out(n, seed, advanced=False, kind="plain", greedy=False, deep_every=0):
    """One whole game with every invariant checked after every action: (length, how it ended)."""
    rng = random.Random(seed * 7919 + n)
    setup = SETUPS[kind](rng, n, advanced) if SETUPS[kind] else None
    state = R.new_game(n, seed, advanced=advanced, setup=setup)
    presets = len(setup["board"]) if setup else 0
    pool_length = state.to_json()["pool_length"]
    counts = {"actions": 0, "after_pass": False, "placed": Counter()}
    data = state.to_json()
    while not state.is_terminal():
        view = state.view(state.current_player)
        census(data, pool_length, presets)
        legal = state.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        if deep_every and counts["actions"] % deep_every == 0:
            assert [str(a) for a in legal] == reference_legal(data, view)
            assert R.from_json(data).to_json() == data
        for probe in probes(rng, n):
            assert (state.why_illegal(probe) is None) == (probe in legal), probe
            if probe not in legal:
                with pytest.raises(IllegalAction):
                    state.apply(probe)
                assert state.to_json() == data
        captures = [a for a in legal if a != PASS and a.square_name in data["board"]]
        action = rng.choice(captures) if greedy and captures and rng.random() < 0.7 else rng.choice(legal)
        assert state.parse(str(action)) == action
        victim = data["board"].get(action.square_name) if action != PASS else None
        board_before = {sq: cell[0] for sq, cell in data["board"].items()}
        state.apply(action)
        data, after = state.to_json(), state.view(0)
        if victim:
            board_after = {sq: cell[0] for sq, cell in data["board"].items()}
            assert group_count(board_after, victim[0]) <= group_count(board_before, victim[0])
        counts["actions"] += 1
        if action != PASS:
            counts["placed"][action.colour_name or view["colours"][view["current_player"]][0]] += 1
        ending = check_end(state, view["current_player"], action, data, after, counts)
        counts["after_pass"] = action == PASS
    census(data, pool_length, presets)
    assert state.legal_actions() == [] and state.current_player is None
    assert state.winners() and min(state.scores()) == state.scores()[state.winners()[0]]
    for p in range(n):
        assert set(state.view(p)["racks"]) == set(data["racks"])  # everything shown at the end
    return counts["actions"], ending


def test_Y8_fuzz_seeded_games_all_modes():
    lengths = Counter()
    for i in range(GAMES):
        n, advanced = MODES[i % len(MODES)]
        kind = ("plain", "plain", "crowded", "stuck")[i % 4]
        lengths[n, advanced] += play_out(n, seed=i, advanced=advanced, kind=kind, greedy=i % 3 == 1,
                                         deep_every=7)[0]
    assert set(lengths) == set(MODES)


def test_Y8_fuzz_full_games_have_the_exact_length():
    for i, (n, advanced) in enumerate(MODES * 2):
        expected = (96, "all finished") if advanced else (24 * n, "turns")
        assert play_out(n, seed=1000 + i, advanced=advanced, deep_every=13) == expected


def test_Y8_stuck_advanced_games_reach_every_ending():
    """Stuck racks make both BL-20 pass endings occur, not only "all finished"."""
    endings = Counter(play_out(2, seed, advanced=True, kind="stuck", greedy=seed % 2 == 0)[1] for seed in range(40))
    assert set(endings) == {"all finished", "two passes", "other seat done"}, endings


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mode=st.sampled_from(MODES), seed=st.integers(0, 2**63 - 1), kind=st.sampled_from(sorted(SETUPS)),
       greedy=st.booleans())
def test_Y8_fuzz_hypothesis_games(mode, seed, kind, greedy):
    play_out(mode[0], seed, advanced=mode[1], kind=kind, greedy=greedy, deep_every=11)
