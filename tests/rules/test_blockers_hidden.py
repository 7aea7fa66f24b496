"""Blockers! hidden information (BL-21) and saves: what a view shows and never shows,
determinize consistency, and exact JSON round-trips (decode errors name the field)."""

from __future__ import annotations

import copy
import json
import random

import pytest

from game.core.rng import Rng
from game.rules import get_rules
from game.rules.blockers import TILES

R = get_rules("blockers")
MODES = [(2, False), (2, True), (3, False), (4, False), (5, False)]


def states_along(n, seed, advanced=False, every=1):
    """Yield the state of one random game every ``every`` actions, up to the end."""
    state = R.new_game(n, seed, advanced=advanced)
    rng = random.Random(seed)
    step = 0
    while True:
        if step % every == 0 or state.is_terminal():
            yield state
        if state.is_terminal():
            return
        state.apply(rng.choice(state.legal_actions()))
        step += 1


def hidden_racks(state, seat):
    """The rack tiles of every colour ``seat`` may not see (from the full JSON)."""
    data = state.to_json()
    view = state.view(seat)
    return {c: tiles for c, tiles in data["racks"].items() if c not in view["racks"]}


# --- view ----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("n", "advanced"), MODES)
def test_view_shows_own_unfinished_and_finished_racks_only(n, advanced):
    for state in states_along(n, 21, advanced, every=7):
        for seat in range(n):
            view = state.view(seat)
            json.dumps(view)  # JSON-able
            mine = state.colours_of(seat)
            expected = {c for c in view["unplayed"] if c in mine or view["finished"][c] or state.is_terminal()}
            assert set(view["racks"]) == expected
            assert view["rack_sizes"] == {c: len(t) for c, t in state.to_json()["racks"].items()}


def test_view_never_holds_pool_order_seed_rng_or_setup():
    state = R.new_game(3, 5, setup={"pools": [list(TILES)] * 3})
    rng_state = str(state.to_json()["rng"])
    for seat in range(3):
        view = state.view(seat)
        text = json.dumps(view)
        assert rng_state not in text and "setup" not in text and "pools" not in text
        assert set(view["options"]) == {"advanced", "first_player"}
        for tiles in view["unplayed"].values():
            assert tiles == [t for t in TILES if t in tiles]  # canonical, not draw order


def test_view_of_a_seat_is_the_same_in_every_world_it_cannot_tell_apart():
    """Secrecy: change only what seat 0 cannot see (others' racks, pool orders); view(0) stays."""
    for state in states_along(3, 8, every=11):
        for k in range(3):
            world = state.determinize(0, random.Random(k))
            assert world.view(0) == state.view(0)
        assert any(hidden_racks(state.determinize(0, random.Random(k)), 0) != hidden_racks(state, 0)
                   for k in range(6)) or state.is_terminal()


# --- determinize ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("n", "advanced"), MODES)
def test_determinize_keeps_the_view_and_conserves_tiles(n, advanced):
    for state in states_along(n, 33, advanced, every=9):
        original = state.to_json()
        for seat in range(n):
            world = state.determinize(seat, random.Random(seat))
            assert world.view(seat) == state.view(seat)
            data = world.to_json()
            for colour in data["racks"]:
                assert sorted(data["racks"][colour] + data["pools"][colour]) == \
                    sorted(original["racks"][colour] + original["pools"][colour])
                if colour in state.view(seat)["racks"]:
                    assert data["racks"][colour] == original["racks"][colour]
            assert data["board"] == original["board"] and data["captured"] == original["captured"]
            assert data["rng"] != original["rng"]
            # The world plays on by its own racks (no stale cache of the real mover's moves).
            for action in world.legal_actions():
                assert world.why_illegal(action) is None
        assert state.to_json() == original


def test_BL_21_determinize_shuffles_the_pool_order_even_of_a_rack_the_seat_sees():
    """The pool order is hidden from everyone, the rack's owner included: a world that kept
    the real order would tell a bot its own future draws."""
    state = R.new_game(2, 8)
    real = state.to_json()["pools"]
    own = next(iter(state.view(0)["racks"]))
    orders = {tuple(state.determinize(0, random.Random(k)).to_json()["pools"][own]) for k in range(12)}
    assert len(real[own]) > 5 and len(orders) > 6 and tuple(real[own]) not in orders


def test_determinize_accepts_any_random_like_object_and_rejects_bad_seats():
    state = R.new_game(2, 4)
    a = state.determinize(1, Rng(5))
    b = state.determinize(1, Rng(5))
    assert a.to_json() == b.to_json()
    assert state.determinize(1, random.Random(5)).view(1) == state.view(1)
    for seat in (2, -1, True, "0"):
        with pytest.raises(ValueError, match="seat index"):
            state.determinize(seat, random.Random(0))
        with pytest.raises(ValueError, match="seat index"):
            state.view(seat)


# --- JSON -----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("n", "advanced"), MODES)
def test_json_round_trip_is_exact_at_many_steps(n, advanced):
    for state in states_along(n, 44, advanced, every=5):
        data = state.to_json()
        again = R.from_json(json.loads(json.dumps(data)))
        assert again.to_json() == data
        assert [str(a) for a in again.legal_actions()] == [str(a) for a in state.legal_actions()]
        assert (again.scores(), again.winners(), again.current_player) == \
            (state.scores(), state.winners(), state.current_player)
        assert again.view(0) == state.view(0)
        assert state.clone().to_json() == data


def test_json_round_trip_keeps_presets_and_continues_identically():
    state = R.new_game(2, 0, first_player=1, setup={"pools": [list(TILES)] * 2, "board": {"E5": "purple"}})
    state.apply(state.parse("5@E5"))
    data = state.to_json()
    assert data["captured"] == [[1, "purple", None]] and data["board"]["E5"] == ["blue", "5"]
    again = R.from_json(data)
    rng1, rng2 = random.Random(3), random.Random(3)
    while not state.is_terminal():
        state.apply(rng1.choice(state.legal_actions()))
        again.apply(rng2.choice(again.legal_actions()))
    assert again.to_json() == state.to_json()


def _broken(mutate):
    state = R.new_game(2, 1)
    state.apply(state.legal_actions()[0])
    data = copy.deepcopy(state.to_json())
    mutate(data)
    return data


@pytest.mark.parametrize(("mutate", "message"), [
    (lambda d: d.update(game="breaks"), "not a saved Blockers! state"),
    (lambda d: d.pop("turns"), "has no 'turns'"),
    (lambda d: d.update(num_players=7), "2 to 5 players"),
    (lambda d: d["options"].update(setup={}), "options must be a dict without setup"),
    (lambda d: d.update(current_player=5), "current_player must be"),
    (lambda d: d.update(over=True), "a finished game has no current_player"),
    (lambda d: d["board"].update(J1=["red", "1"]), "'J1', which is not a square"),
    (lambda d: d["board"].update(A1=["pink", "1"]), "'pink', which is not a colour"),
    (lambda d: d["racks"]["red"].append("moonbeam"), "'moonbeam', which is not a tile"),
    (lambda d: d["racks"].pop("blue"), "racks must have one entry per colour"),
    (lambda d: d["pools"]["red"].append(d["racks"]["red"][0]), "is in more than one place"),
    (lambda d: d["pools"]["red"].pop(), "has 27 tiles"),
    (lambda d: d["finished"].update(red=True), "only the advanced game finishes colours"),
    (lambda d: d["captured"].append([0, "blue"]), "captured entry must be"),
    (lambda d: d.update(last_action={"seat": 0, "action": "jump"}), "last_action is not an action"),
    (lambda d: d.update(turns=[1]), "one count per seat"),
])
def test_decode_rejects_broken_saves_naming_the_field(mutate, message):
    with pytest.raises(ValueError, match=message):
        R.from_json(_broken(mutate))


def test_decode_rejects_non_objects():
    with pytest.raises(ValueError, match="JSON object"):
        R.from_json([])
