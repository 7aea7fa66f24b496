"""Breaks rules engine: one scenario per rule (BR-n) and per worked example (Xn) of
shared/rules/breaks.md, plus notation, setup/option errors, secrecy, determinize, JSON."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from pathlib import Path

import pytest

from game.core.errors import IllegalAction
from game.core.options import OptionSpec
from game.core.protocol import Rules, State
from game.rules import get_rules
from game.rules.breaks import (
    DRAW,
    RULES,
    Break,
    Discard,
    Done,
    Draw,
    Merge,
    Place,
    card_matches,
    is_court,
    is_wild,
)
from game.rules.breaks.cards import load_deck, parse_deck
from game.rules.breaks.variant import variant

R = get_rules("breaks")
SUITS = "SHDC"
RANKS = "A23456789TJQK"
FULL_DECK = [r + s for r in RANKS for s in SUITS]
VIEW_KEYS = {
    "seat", "num_players", "options", "phase", "current_player", "tableaux", "stacks", "scores",
    "draw_count", "discard_count", "stall", "stall_limit", "pending", "pending_hidden", "my_discards",
}


# --- helpers -------------------------------------------------------------------------------

def game(tableaux=None, deck=(), n=2, first_player=0, **options):
    """A fixed game: ``tableaux`` (or dealt from ``deck``) and ``deck`` as the draw pile."""
    setup = {"deck": list(deck)}
    if tableaux is not None:
        setup["tableaux"] = tableaux
    return R.new_game(n, 0, first_player=first_player, setup=setup, **options)


def legal(state):
    return [str(a) for a in state.legal_actions()]


def play(state, *moves):
    for move in moves:
        state.apply(state.parse(move))


def tableaux(state):
    return state.view(0)["tableaux"]


def all_cards(state):
    """Every card of the state from its JSON: draw, discard, pending, slots, stacks."""
    data = state.to_json()
    cards = Counter(data["draw_pile"]) + Counter(data["discard_pile"])
    if data["pending"]:
        cards[data["pending"]] += 1
    for seat in data["tableaux"]:
        for cards_in_slot in seat:
            cards.update(cards_in_slot)
    for stacks in data["stacks"]:
        for stack in stacks:
            cards.update(stack)
    return cards


def every_action(n):
    yield from (Draw(), Discard(), Done())
    yield from (Place(s) for s in range(4))
    yield from (Merge(a, b) for a in range(4) for b in range(4))
    yield from (Break(p, s, t) for p in range(n + 1) for s in range(4) for t in range(4))


def random_game(seed, n=2, steps=None, **options):
    """A game after ``steps`` random legal actions (to the end if None), and the actions."""
    state = R.new_game(n, seed, **options)
    rng = random.Random(seed)
    done = []
    while not state.is_terminal() and (steps is None or len(done) < steps):
        action = rng.choice(state.legal_actions())
        state.apply(action)
        done.append(action)
    return state, done


def raises(state, text, reason):
    with pytest.raises(IllegalAction, match=reason):
        state.parse(text)


# --- the contract ----------------------------------------------------------------------------

def test_registry_returns_rules_object():
    assert R is RULES
    assert isinstance(R, Rules)
    assert (R.name, R.title, R.min_players, R.max_players) == ("breaks", "Breaks", 2, 4)
    assert isinstance(R.new_game(2, 1), State)


def test_options_are_declared_with_labels():
    by_name = {spec.name: spec for spec in R.options}
    assert set(by_name) == {"scoring", "jokers", "aces_wild", "two_decks", "break_to_empty",
                            "first_player", "setup"}
    assert all(isinstance(spec, OptionSpec) for spec in R.options)
    assert by_name["scoring"].choices == ("standard", "court")
    assert by_name["scoring"].default == "standard"
    for name in ("jokers", "aces_wild", "two_decks", "break_to_empty"):
        assert by_name[name].kind == "bool" and by_name[name].default is False
    for spec in R.options:
        if not spec.hidden:
            assert spec.label and spec.help


def test_is_undo_barrier_only_for_draw():
    assert R.is_undo_barrier(DRAW)
    assert R.is_undo_barrier(Draw())
    for action in (Discard(), Done(), Place(0), Merge(0, 1), Break(1, 0, 0)):
        assert not R.is_undo_barrier(action)


def test_state_exposes_options_read_only():
    state = R.new_game(2, 3, scoring="court", aces_wild=True)
    assert state.options["scoring"] == "court"
    assert state.options["aces_wild"] is True
    assert "setup" not in state.options
    with pytest.raises(TypeError):
        state.options["jokers"] = True  # type: ignore[index]


@pytest.mark.parametrize("num_players", [0, 1, 5, "2", 2.0, True, None])
def test_bad_num_players_raise(num_players):
    with pytest.raises(ValueError, match="2 to 4 players"):
        R.new_game(num_players, 0)


@pytest.mark.parametrize(("options", "problem"), [
    ({"colour": "red"}, "unknown option"),
    ({"scoring": "fancy"}, "scoring"),
    ({"scoring": None}, "scoring"),
    ({"jokers": "yes"}, "jokers"),
    ({"aces_wild": 1}, "aces_wild"),
    ({"two_decks": None}, "two_decks"),
    ({"break_to_empty": "no"}, "break_to_empty"),
    ({"first_player": 2}, "first_player"),
    ({"first_player": -1}, "first_player"),
    ({"first_player": "0"}, "first_player"),
    ({"setup": "abc"}, "setup"),
])
def test_bad_options_raise_value_error(options, problem):
    with pytest.raises(ValueError, match=problem):
        R.new_game(2, 0, **options)


def test_bad_seed_raises():
    with pytest.raises(ValueError, match="seed"):
        R.new_game(2, "x")


def test_view_and_determinize_reject_bad_seats():
    state = R.new_game(3, 0)
    for seat in (-1, 3, "0", None):
        with pytest.raises(ValueError):
            state.view(seat)
        with pytest.raises(ValueError):
            state.determinize(seat, random.Random(0))


# --- deck.toml -------------------------------------------------------------------------------

GOOD_DECK = {
    "suits": list(SUITS), "ranks": list(RANKS), "court_bonus": {"J": 1, "Q": 2, "K": 3},
    "jokers_per_deck": 2, "slots": 3, "stack_size": 5,
}


def test_bundled_deck_file_loads():
    deck = load_deck()
    assert deck.suits == tuple(SUITS) and deck.ranks == tuple(RANKS)
    assert deck.court_bonus == {"J": 1, "Q": 2, "K": 3}
    assert (deck.jokers_per_deck, deck.slots, deck.stack_size) == (2, 3, 5)
    assert len(deck.codes) == 53 and deck.codes[-1] == "JK"


@pytest.mark.parametrize(("change", "problem"), [
    ({"suits": None}, "missing key"),
    ({"colour": "red"}, "unknown key"),
    ({"suits": []}, "suits"),
    ({"suits": ["S", "S", "H"]}, "same symbol twice"),
    ({"ranks": ["A", "10"]}, "ranks"),
    ({"ranks": ["2", "3"]}, "must include A"),
    ({"court_bonus": {"X": 1}}, "court_bonus"),
    ({"court_bonus": {"K": -1}}, "court_bonus"),
    ({"court_bonus": {}}, "court_bonus"),
    ({"jokers_per_deck": "two"}, "jokers_per_deck"),
    ({"slots": 0}, "slots"),
    ({"stack_size": True}, "stack_size"),
    ({"suits": ["S", "K"]}, "joker"),
])
def test_deck_file_problems_raise_value_error_naming_file(change, problem):
    data = {**GOOD_DECK, **change}
    data = {k: v for k, v in data.items() if v is not None}
    with pytest.raises(ValueError, match=problem) as info:
        parse_deck(data, Path("levels/breaks/deck.toml"))
    assert "deck.toml" in str(info.value)


def test_deck_file_unreadable_or_bad_toml(tmp_path):
    bad = tmp_path / "deck.toml"
    bad.write_text("suits = [", encoding="utf-8")
    with pytest.raises(ValueError, match="not valid TOML") as info:
        load_deck(bad)
    assert str(bad) in str(info.value)
    with pytest.raises(ValueError, match="cannot read"):
        load_deck(tmp_path / "missing.toml")


# --- BR-1 .. BR-4: deck and setup ----------------------------------------------------------

@pytest.mark.parametrize(("options", "size", "copies", "jokers"), [
    ({}, 52, 1, 0),
    ({"jokers": True}, 54, 1, 2),
    ({"two_decks": True}, 104, 2, 0),
    ({"two_decks": True, "jokers": True}, 108, 2, 4),
])
def test_BR_1_deck_composition(options, size, copies, jokers):
    state = R.new_game(2, 7, **options)
    cards = all_cards(state)
    assert sum(cards.values()) == size
    assert all(cards[code] == copies for code in FULL_DECK)
    assert cards["JK"] == jokers


def test_BR_2_deal_one_card_per_slot_in_seat_order():
    deck = [*FULL_DECK[:12], "JS", "QS"]
    state = R.new_game(4, 0, first_player=0, setup={"deck": deck})
    tabs = tableaux(state)
    for i in range(12):
        slot, seat = divmod(i, 4)
        assert tabs[seat][slot] == [deck[i]]
    assert state.to_json()["draw_pile"] == ["JS", "QS"]
    assert state.view(0)["discard_count"] == 0


def test_BR_2_shuffled_deal_is_seeded():
    a, b, c = R.new_game(3, 11), R.new_game(3, 11), R.new_game(3, 12)
    assert a.to_json() == b.to_json()
    assert a.to_json()["draw_pile"] != c.to_json()["draw_pile"]
    assert all(len(slot) == 1 for seat in tableaux(a) for slot in seat)
    assert a.view(0)["draw_count"] == 52 - 9


def test_BR_3_first_player_option_and_seeded_default():
    assert R.new_game(3, 5, first_player=2).current_player == 2
    firsts = {R.new_game(3, seed).current_player for seed in range(60)}
    assert firsts == {0, 1, 2}
    assert R.new_game(3, 9).current_player == R.new_game(3, 9).current_player


def test_BR_4_setup_without_tableaux_deals_unshuffled():
    state = R.new_game(2, 99, first_player=0, setup={"deck": FULL_DECK[:8]})
    assert tableaux(state) == [[["AS"], ["AD"], ["2S"]], [["AH"], ["AC"], ["2H"]]]
    assert state.to_json()["draw_pile"] == ["2D", "2C"]


def test_BR_4_setup_with_tableaux_deals_nothing():
    state = game([[["2H", "5H"], [], ["AC"]], [[], ["KD"], []]], ["9D", "8C"])
    assert tableaux(state) == [[["2H", "5H"], [], ["AC"]], [[], ["KD"], []]]
    assert state.to_json()["draw_pile"] == ["9D", "8C"]


def test_BR_4_setup_accepts_partial_deck_and_any_case():
    state = game(None, ["7h", "2c", " 9H", "ks", "3d", "7c"])
    assert tableaux(state)[0] == [["7H"], ["9H"], ["3D"]]
    assert state.view(0)["draw_count"] == 0


def test_BR_4_setup_first_player_wins_over_option():
    state = R.new_game(2, 0, first_player=0, setup={"deck": FULL_DECK[:8], "first_player": 1})
    assert state.current_player == 1
    state = R.new_game(3, 0, setup={"deck": FULL_DECK[:9], "first_player": 2})
    assert state.current_player == 2


@pytest.mark.parametrize(("setup", "problem"), [
    ({}, "needs a deck"),
    ({"deck": "7H 8H"}, "list of card codes"),
    ({"deck": ["7H", "1H"]}, "'1H' is not a card"),
    ({"deck": ["7H", 7]}, "not a card"),
    ({"deck": FULL_DECK[:5]}, "needs 6 or more"),
    ({"deck": ["7H", "7H", *FULL_DECK[:6]]}, "7H 2 times"),
    ({"deck": ["JK", *FULL_DECK[:6]]}, "JK.*jokers"),
    ({"deck": FULL_DECK[:6], "extra": 1}, "unknown key"),
    ({"deck": FULL_DECK[:6], "first_player": 2}, "first_player"),
    ({"deck": [], "tableaux": [[[], [], []]]}, "2 seats"),
    ({"deck": [], "tableaux": [[[], []], [[], [], []]]}, "seat 1 must have 3 slots"),
    ({"deck": [], "tableaux": [[[], [], []], [[], [], ["2H", "3H", "4H", "5H", "6H"]]]},
     "seat 2 slot 3 must be a list of 0 to 4 cards"),
    ({"deck": [], "tableaux": [[["2H", "3D"], [], []], [[], [], []]]}, "3D does not match 2H"),
    ({"deck": ["2H"], "tableaux": [[["2H"], [], []], [[], [], []]]}, "2H 2 times"),
    ({"deck": [], "tableaux": [[["XX"], [], []], [[], [], []]]}, "seat 1 slot 1: 'XX'"),
])
def test_BR_4_setup_errors_name_the_problem(setup, problem):
    with pytest.raises(ValueError, match=problem):
        R.new_game(2, 0, setup=setup)


def test_BR_4_setup_limits_follow_options():
    deck = ["JK", "JK", *FULL_DECK[:6]]
    assert R.new_game(2, 0, jokers=True, setup={"deck": deck}).view(0)["draw_count"] == 2
    with pytest.raises(ValueError, match="JK 3 times"):
        R.new_game(2, 0, jokers=True, setup={"deck": ["JK", *deck]})
    twice = FULL_DECK[:6] + FULL_DECK[:6]
    assert R.new_game(2, 0, two_decks=True, setup={"deck": twice}).view(0)["draw_count"] == 6


# --- BR-5 .. BR-10: turns, draws, places, merges ----------------------------------------------

def test_BR_5_matching_by_rank_or_suit_and_symmetric():
    assert card_matches("7H", "7C") and card_matches("7H", "TH")
    assert not card_matches("7H", "8C")
    for a, b in itertools.product([*FULL_DECK, "JK"], repeat=2):
        assert card_matches(a, b) == card_matches(b, a)
    for options in ({}, {"aces_wild": True}):
        table = variant(aces_wild=options.get("aces_wild", False)).match
        assert all(table[a][b] == table[b][a] for a in range(53) for b in range(53))


def test_BR_5_helpers_accept_state_and_view_options():
    state = R.new_game(2, 0, aces_wild=True)
    assert card_matches("AS", "7H", state.options)
    assert card_matches("as", "7h", state.view(0)["options"])
    assert not card_matches("AS", "7H")
    with pytest.raises(ValueError):
        card_matches("ZZ", "7H")


def test_BR_6_phases_play_final_over():
    state = game([[["2C"], ["3S"], ["4H"]], [["5C"], ["6S"], ["7H"]]], ["9D"])
    assert state.phase == "play"
    play(state, "draw", "discard", "draw", "discard")
    assert state.phase == "final" and not state.is_terminal()
    play(state, "done", "done")
    assert state.phase == "over" and state.is_terminal()
    assert state.current_player is None and state.legal_actions() == []


def test_BR_7_draw_then_resolve_by_the_same_player():
    state = game([[["2C"], ["3S"], ["4H"]], [["5C"], ["6S"], ["7H"]]], ["9D", "TD"])
    play(state, "draw")
    assert state.current_player == 0
    assert legal(state) == ["discard"]
    play(state, "discard")
    assert state.current_player == 1


def test_BR_7_merge_is_the_whole_turn():
    state = game([[["2C"], ["3C"], ["4H"]], [["5S"], ["6S"], ["7H"]]], ["9D"])
    play(state, "merge 1 2")
    assert state.current_player == 1
    assert tableaux(state)[0] == [["2C", "3C"], [], ["4H"]]


def test_BR_8_pending_card_seen_only_by_drawer():
    state = game([[["2C"], ["3S"], ["4H"]], [["5C"], ["6S"], ["7H"]]], ["9D", "TD"])
    play(state, "draw")
    assert state.view(0)["pending"] == "9D" and not state.view(0)["pending_hidden"]
    assert state.view(1)["pending"] is None and state.view(1)["pending_hidden"]
    assert state.view(0)["draw_count"] == 1


def test_BR_8_setup_reshuffle_keeps_discard_order():
    state = game([[["2C"], ["3S"], ["4H"]], [["5C"], ["6S"], ["7H"]]], ["9D", "TD", "8D"], n=2)
    play(state, "draw", "discard", "draw", "discard", "draw", "discard")
    assert state.to_json()["discard_pile"] == ["9D", "TD", "8D"]
    play(state, "draw")
    data = state.to_json()
    assert data["pending"] == "9D" and data["draw_pile"] == ["TD", "8D"] and data["discard_pile"] == []


def test_BR_8_random_reshuffle_uses_the_seeded_rng():
    def discard_until_reshuffle(seed):
        state = R.new_game(2, seed, first_player=0)
        while state.view(0)["draw_count"]:
            play(state, "draw", "discard")
        assert state.phase == "play"
        discards = state.to_json()["discard_pile"]
        play(state, "draw")
        return state, discards

    (a, discards), (b, _) = discard_until_reshuffle(4), discard_until_reshuffle(4)
    assert a.to_json() == b.to_json()
    assert a.view(0)["discard_count"] == 0 and a.view(0)["draw_count"] == 52 - 6 - 1
    data = a.to_json()
    new_order = [data["pending"], *data["draw_pile"]]
    assert sorted(new_order) == sorted(discards) and new_order != discards


def test_BR_9_discard_is_legal_even_when_a_place_exists():
    state = game([[["2H"], [], ["4C"]], [["5S"], ["6S"], ["9D"]]], ["7H"])
    play(state, "draw")
    assert legal(state) == ["place 1", "place 2", "discard"]
    play(state, "discard")
    assert state.view(0)["discard_count"] == 1


def test_BR_9_place_on_empty_or_matching_top():
    state = game([[["2H"], [], ["4C"]], [["5S"], ["6S"], ["9D"]]], ["7H"])
    play(state, "draw", "place 2")
    assert tableaux(state)[0] == [["2H"], ["7H"], ["4C"]]
    assert state.phase == "final"  # the last card was placed (BR-14)


def test_BR_10_merge_needs_top_of_a_to_match_bottom_of_b():
    state = game([[["2C", "2D"], ["3D", "3S"], ["KH"]], [["5S"], ["6S"], ["7H"]]], ["9D"])
    assert legal(state) == ["draw", "merge 1 2"]  # 2D/3D yes; 3S/2C no; KH matches no end
    play(state, "merge 1 2")
    assert tableaux(state)[0] == [["2C", "2D", "3D", "3S"], [], ["KH"]]
    assert state.view(0)["stall"] == 0


def test_BR_10_both_directions_are_choices():
    state = game([[["2C"], ["3C"], []], [["5S"], ["6S"], ["7H"]]], ["9D"])
    assert legal(state) == ["draw", "merge 1 2", "merge 2 1"]
    play(state, "merge 2 1")
    assert tableaux(state)[0] == [[], ["3C", "2C"], []]


def test_BR_10_one_merge_per_play_turn():
    state = game([[["2C"], ["3C"], ["4C"]], [["5S"], ["6S"], ["7H"]]], ["9D"])
    play(state, "merge 1 2")
    assert state.current_player == 1  # seat 1 may not merge [2C 3C] onto 4C this turn
    assert legal(state) == ["draw", "merge 1 2", "merge 2 1"]  # seat 2's own 5S / 6S


def test_BR_10_merge_errors():
    state = game([[["2C"], [], ["9H"]], [["5S"], ["6S"], ["7H"]]], ["9D"])
    raises(state, "merge 1 1", "cannot be merged with itself")
    raises(state, "merge 1 2", "slot 2 is empty")
    raises(state, "merge 1 3", "2C does not match 9H")
    play(state, "draw")
    raises(state, "merge 1 3", "you have drawn a card")


# --- BR-11, BR-12: breaks and stacks ----------------------------------------------------------

def test_BR_11_break_requires_court_card_and_fit():
    # KH matches seat 2's 3H (suit) and its bottom 3H fits own 2H; 5C fits nothing.
    state = game([[["2H"], ["5C"], []], [["3H"], ["8S"], []]], ["KH"])
    play(state, "draw")
    assert legal(state) == ["place 1", "place 3", "break 2 1 1", "discard"]
    play(state, "break 2 1 1")
    assert tableaux(state) == [[["2H", "3H", "KH"], ["5C"], []], [[], ["8S"], []]]
    assert state.view(0)["stall"] == 0 and state.current_player == 1


def test_BR_11_non_court_card_cannot_break():
    state = game([[["2H"], ["5C"], []], [["3H"], ["8S"], []]], ["TH"])
    play(state, "draw")
    assert "break" not in " ".join(legal(state))
    raises(state, "break 2 1 1", "TH is not a court card")


def test_BR_11_break_errors():
    state = game([[["2H"], ["5C"], []], [["3H"], [], ["8S"]]], ["KH"])
    raises(state, "break 2 1 1", "no card has been drawn")
    play(state, "draw")
    raises(state, "break 1 1 1", "seat 1 is you")
    raises(state, "break 3 1 1", "seat 3 does not exist")
    raises(state, "break 2 2 1", "seat 2 has nothing in slot 2")
    raises(state, "break 2 3 1", "KH does not match 8S")
    raises(state, "break 2 1 2", "do not fit: 3H does not match 5C")
    raises(state, "break 2 1 3", "your slot 3 is empty")


def test_BR_11_break_to_empty_option():
    tabs = [[["2H"], ["5C"], []], [["3H"], ["8S"], []]]
    state = game(tabs, ["KH"], break_to_empty=True)
    play(state, "draw")
    assert legal(state) == ["place 1", "place 3", "break 2 1 1", "break 2 1 3", "discard"]
    play(state, "break 2 1 3")
    assert tableaux(state) == [[["2H"], ["5C"], ["3H", "KH"]], [[], ["8S"], []]]


def test_BR_11_victim_never_scores_when_court_card_makes_five():
    tabs = [[["2H"], [], []], [["3H", "4H", "5H", "6H"], [], []]]
    state = game(tabs, ["KH"], break_to_empty=True)
    play(state, "draw", "break 2 1 2")
    assert state.view(0)["stacks"] == [[["3H", "4H", "5H", "6H", "KH"]], []]
    assert tableaux(state) == [[["2H"], [], []], [[], [], []]]
    assert state.scores() == [1, 0]


def test_BR_11_court_cards_in_sequences_never_break():
    state = game([[["QH"], ["5C"], []], [["3H"], ["8S"], []]], ["2D"])
    play(state, "draw")
    assert legal(state) == ["place 3", "discard"]


def test_BR_12_place_reaching_five_makes_a_stack():
    state = game([[["2H", "5H", "5S", "9S"], [], []], [["3D"], [], []]], ["9D", "8C"])
    play(state, "draw", "place 1")
    assert state.view(1)["stacks"][0] == [["2H", "5H", "5S", "9S", "9D"]]
    assert tableaux(state)[0][0] == []


def test_BR_12_merge_of_four_and_four_leaves_three():
    tabs = [[["2H", "3H", "4H", "5H"], ["5S", "6S", "7S", "8S"], []], [["3D"], [], []]]
    state = game(tabs, ["9C"])
    play(state, "merge 1 2")
    assert state.view(0)["stacks"][0] == [["2H", "3H", "4H", "5H", "5S"]]
    assert tableaux(state)[0] == [["6S", "7S", "8S"], [], []]


def test_BR_12_stack_from_a_break_belongs_to_the_breaker():
    tabs = [[["2H", "3H", "4H", "5H"], [], []], [["6H"], [], []]]
    state = game(tabs, ["QH"])
    play(state, "draw", "break 2 1 1")
    assert state.view(0)["stacks"] == [[["2H", "3H", "4H", "5H", "6H"]], []]
    assert tableaux(state)[0][0] == ["QH"]
    assert state.scores() == [1, 0]


# --- BR-13 .. BR-15: stall, end of play, final merges ------------------------------------------

NO_MATCH = [[["2C"], ["3S"], ["4H"]], [["5C"], ["6S"], ["7H"]]]


def test_BR_13_stall_rises_on_discard_and_resets_on_place():
    state = game(NO_MATCH, ["9D", "8H"])
    seen = []
    for moves in (("draw", "discard"), ("draw", "place 3"), ("draw", "discard"), ("draw", "discard")):
        play(state, *moves)
        seen.append((state.view(0)["stall"], state.view(0)["stall_limit"], state.phase))
    assert seen == [(1, 4, "play"), (0, 2, "play"), (1, 2, "play"), (2, 2, "final")]


def test_BR_13_stall_resets_on_play_merge_but_not_final_merge():
    tabs = [[["2C"], ["3S"], ["4C"]], [["5C"], ["6S"], ["7C"]]]
    state = game(tabs, ["9D", "TD"])
    play(state, "draw", "discard")
    assert state.view(0)["stall"] == 1
    play(state, "merge 1 3")
    assert state.view(0)["stall"] == 0
    for _ in range(4):
        play(state, "draw", "discard")
    assert state.phase == "final" and state.view(0)["stall"] == 4
    play(state, "merge 1 3")
    assert state.view(0)["stall"] == 4


def test_BR_13_stall_resets_on_break():
    state = game([[["2H"], [], []], [["3H"], [], []]], ["9C", "KH", "5D", "6D"])
    play(state, "draw", "discard")
    assert state.view(0)["stall"] == 1
    play(state, "draw", "break 1 1 1")  # seat 2 breaks seat 1's 2H with the drawn KH
    assert state.view(0)["stall"] == 0 and state.phase == "play"


def test_BR_13_the_limit_shown_with_a_card_pending_is_the_one_its_discard_meets():
    state = game(NO_MATCH, ["9D", "TD"])
    for turn in range(4):
        play(state, "draw")
        assert state.view(0)["stall_limit"] == 4  # the drawn card would be discarded into the count
        play(state, "discard")
        assert state.view(0)["stall_limit"] == 4 and state.view(0)["stall"] == turn + 1
    assert state.phase == "final"


def test_BR_13_limit_uses_number_of_players():
    tabs = [[["2C"], ["3S"], ["4H"]], [["5C"], ["6S"], ["7H"]], [["2S"], ["3H"], ["4C"]]]
    state = game(tabs, ["9D", "TD"], n=3)
    for i in range(1, 7):
        play(state, "draw", "discard")
        assert state.view(0)["stall"] == i and state.view(0)["stall_limit"] == 6
        assert state.phase == ("final" if i == 6 else "play")
    assert state.current_player == 0  # seat after seat 3, who discarded last


def test_BR_14_drawing_the_last_card_does_not_end_play():
    state = game(NO_MATCH, ["8H"])
    play(state, "draw")
    assert state.phase == "play"
    assert state.view(0)["draw_count"] == 0 and state.view(0)["discard_count"] == 0
    play(state, "place 3")
    assert state.phase == "final" and state.current_player == 1


def test_BR_14_last_card_used_to_break_ends_play():
    state = game([[["2H"], [], []], [["3H"], [], []]], ["KH"])
    play(state, "draw", "break 2 1 1")
    assert state.phase == "final" and state.current_player == 1


@pytest.mark.parametrize("first", [0, 1])
def test_BR_14_setup_with_no_cards_ends_play_before_any_turn(first):
    state = game([[["2H"], ["2C"], []], [["3H"], [], []]], [], first_player=first)
    assert state.phase == "final" and state.current_player == first
    assert legal(state) == (["merge 1 2", "merge 2 1", "done"] if first == 0 else ["done"])


def test_BR_15_final_turns_in_order_with_many_merges_then_done():
    tabs = [[["2C"], ["3S"], ["4H"]], [["5C"], ["6S"], ["7H"]], [["8S"], ["9S"], ["QS"]]]
    state = game(tabs, ["TD"], n=3, first_player=1)
    play(state, "draw", "discard", "draw", "discard", "draw", "discard")  # seats 2, 3, 1
    assert state.phase == "final" and state.current_player == 1  # after seat 1 came seat 2
    assert legal(state) == ["done"]
    play(state, "done")
    assert state.current_player == 2
    assert legal(state) == ["merge 1 2", "merge 1 3", "merge 2 1", "merge 2 3", "merge 3 1", "merge 3 2",
                            "done"]
    play(state, "merge 1 3", "merge 1 2")
    assert tableaux(state)[2] == [["8S", "QS", "9S"], [], []]
    play(state, "done")
    assert state.current_player == 0 and not state.is_terminal()
    play(state, "done")
    assert state.is_terminal() and state.current_player is None


def test_BR_15_only_merge_and_done_in_final_phase():
    state = game(NO_MATCH, [])
    raises(state, "draw", "only merges and done")
    raises(state, "discard", "only merges and done")
    raises(state, "place 1", "only merges and done")
    raises(state, "break 2 1 1", "only merges and done")
    play(state, "done", "done")
    raises(state, "done", "the game is over")


# --- BR-16 .. BR-19: scores, winners, wild cards ------------------------------------------------

def test_BR_16_scores_valid_at_any_time():
    state = game([[["2H", "5H", "5S", "9S"], [], []], [["3D"], [], []]], ["9D", "8C"])
    assert state.scores() == [0, 0]
    play(state, "draw", "place 1")
    assert state.scores() == [1, 0] and state.view(1)["scores"] == [1, 0]
    assert state.winners() == []


def test_BR_17_court_scoring_counts_every_court_card_in_stacks():
    tabs = [[["JH", "QH", "KH", "2H"], [], ["KS"]], [["3D"], [], []]]
    standard = game(tabs, ["3H", "9C"])
    court = game(tabs, ["3H", "9C"], scoring="court")
    for state in (standard, court):
        play(state, "draw", "place 1")
    assert standard.scores() == [1, 0]
    assert court.scores() == [1 + 1 + 2 + 3, 0]  # KS in a slot earns nothing


def test_BR_17_court_scoring_counts_each_copy_of_a_court_card_with_two_decks():
    tabs = [[["KH", "KH", "QH", "2H"], [], []], [["3D"], [], []]]
    state = game(tabs, ["3H", "9C"], two_decks=True, scoring="court")
    play(state, "draw", "place 1")
    assert state.scores() == [1 + 3 + 3 + 2, 0]  # both kings of hearts count


def test_BR_18_winners_single_and_tied():
    state = game([[["4S", "4D", "6D", "6C"], ["7C"], []], [["9S"], [], []]], [])
    play(state, "merge 1 2", "done", "done")
    assert state.winners() == [0]
    tie = game(NO_MATCH, [], n=2)
    play(tie, "done", "done")
    assert tie.scores() == [0, 0] and tie.winners() == [0, 1]


def test_BR_18_tie_among_top_scorers_only():
    five = [["2H", "3H", "4H", "5H"], ["6H"], []]
    tabs = [five, [["9S"], [], []], [["2C", "3C", "4C", "5C"], ["6C"], []]]
    state = game(tabs, [], n=3)
    play(state, "merge 1 2", "done", "done", "merge 1 2", "done")
    assert state.scores() == [1, 0, 1] and state.winners() == [0, 2]


def test_BR_19_joker_is_wild_but_never_a_court_card():
    assert is_wild("JK") and not is_court("JK")
    assert all(card_matches("JK", code) for code in FULL_DECK)
    state = game([[["5H"], [], []], [["KS"], [], []]], ["JK"], jokers=True, break_to_empty=True)
    play(state, "draw")
    assert legal(state) == ["place 1", "place 2", "place 3", "discard"]


def test_BR_19_joker_at_the_bottom_fits_any_top():
    tabs = [[["5H"], ["8C"], []], [["JK", "KS"], [], []]]
    state = game(tabs, ["QS"], jokers=True)
    play(state, "draw")
    assert legal(state) == ["place 3", "break 2 1 1", "break 2 1 2", "discard"]


def test_BR_19_aces_wild_match_everything_and_are_not_court():
    options = {"aces_wild": True}
    assert is_wild("AH", options) and not is_wild("AH")
    assert not is_court("AH")
    assert card_matches("AH", "7C", options) and not card_matches("AH", "7C")
    state = game([[["5H"], ["8C"], ["AS"]], [["KS"], ["3C"], ["9D"]]], ["QD"])
    play(state, "draw")
    assert legal(state) == ["discard"]  # without aces_wild, AS is just an ace of spades


def test_BR_19_court_cards():
    assert [c for c in ("JH", "QS", "KD", "TC", "AS", "JK") if is_court(c)] == ["JH", "QS", "KD"]


# --- BR-20: views, secrecy, determinize ---------------------------------------------------------

def test_BR_20_view_has_the_documented_keys():
    state = R.new_game(3, 1)
    for seat in range(3):
        view = state.view(seat)
        assert set(view) >= VIEW_KEYS
        assert view["seat"] == seat and view["num_players"] == 3
        assert json.loads(json.dumps(view)) == view
        assert len(view["tableaux"]) == 3 and all(len(t) == 3 for t in view["tableaux"])


def test_BR_20_view_never_echoes_setup_or_seed():
    state = game(NO_MATCH, ["9D", "TD"])
    text = json.dumps(state.view(0))
    assert "setup" not in text and "seed" not in text and "rng" not in text
    assert "TD" not in text and "9D" not in text


def test_BR_20_my_discards_in_discard_order_and_private():
    state = game(NO_MATCH, ["9D", "TD", "8D"])
    play(state, "draw", "discard", "draw", "discard", "draw", "discard")
    assert state.view(0)["my_discards"] == ["9D", "8D"]
    assert state.view(1)["my_discards"] == ["TD"]
    assert "9D" not in json.dumps(state.view(1))
    play(state, "draw")  # the discard pile becomes the draw pile: nobody knows it now
    assert state.view(0)["my_discards"] == [] and state.view(1)["my_discards"] == []


def hidden_cards(state, seat):
    """Cards seat may not see: the draw pile, others' discards, another's pending card."""
    data = state.to_json()
    hidden = list(data["draw_pile"])
    hidden += [c for c, by in zip(data["discard_pile"], data["discarded_by"], strict=True) if by != seat]
    if data["pending"] and data["current_player"] != seat:
        hidden.append(data["pending"])
    return hidden


@pytest.mark.parametrize("n", [2, 3, 4])
def test_BR_20_view_never_contains_hidden_cards(n):
    for seed in range(6):
        state = R.new_game(n, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            for seat in range(n):
                text = json.dumps(state.view(seat))
                assert str(state.to_json()["rng"]) not in text
                for code in hidden_cards(state, seat):
                    assert f'"{code}"' not in text
            state.apply(rng.choice(state.legal_actions()))


def check_determinized(state, seat, rng):
    world = state.determinize(seat, rng)
    assert world.view(seat) == state.view(seat)
    assert all_cards(world) == all_cards(state)
    real, fake = state.to_json(), world.to_json()
    assert len(fake["draw_pile"]) == len(real["draw_pile"])
    assert fake["discarded_by"] == real["discarded_by"]
    for key in ("tableaux", "stacks", "stall", "phase", "current_player", "options", "first_player"):
        assert fake[key] == real[key]
    pairs = zip(real["discard_pile"], fake["discard_pile"], real["discarded_by"], strict=True)
    assert all(mine == theirs for mine, theirs, by in pairs if by == seat)
    if real["current_player"] == seat:
        assert fake["pending"] == real["pending"]
    assert Counter(hidden_cards(world, seat)) == Counter(hidden_cards(state, seat))
    return world


def test_BR_20_determinize_keeps_the_view_and_the_cards():
    rng = random.Random(5)
    for n in (2, 3, 4):
        for seed in range(3):
            state = R.new_game(n, seed, jokers=seed == 1, two_decks=seed == 2)
            step = 0
            while not state.is_terminal():
                if step % 7 == 0:
                    for seat in range(n):
                        check_determinized(state, seat, rng)
                state.apply(rng.choice(state.legal_actions()))
                step += 1


def test_BR_20_determinize_resamples_hidden_cards_and_reseeds():
    state, _ = random_game(3, steps=15)
    seat = 1 - state.current_player if state.current_player is not None else 0
    worlds = [check_determinized(state, seat, random.Random(i)) for i in range(8)]
    assert len({tuple(w.to_json()["draw_pile"]) for w in worlds}) > 1
    assert len({w.to_json()["rng"] for w in worlds}) > 1
    assert state.to_json() == state.clone().to_json()  # the real game is untouched


def test_BR_20_determinize_resamples_another_seats_pending_card():
    state = game(NO_MATCH, ["9D", "TD", "8D", "8S"])
    play(state, "draw")
    pendings = {state.determinize(1, random.Random(i)).to_json()["pending"] for i in range(40)}
    assert pendings == {"9D", "TD", "8D", "8S"}
    assert {state.determinize(0, random.Random(i)).to_json()["pending"] for i in range(10)} == {"9D"}


def test_BR_20_determinized_world_plays_on():
    state, _ = random_game(8, n=3, steps=30)
    world = state.determinize(0, random.Random(1))
    rng = random.Random(2)
    while not world.is_terminal():
        world.apply(rng.choice(world.legal_actions()))
    assert world.winners()


# --- BR-21: notation and parsing ---------------------------------------------------------------

def test_BR_21_notation_strings():
    assert [str(a) for a in (Draw(), Discard(), Done(), Place(0), Merge(0, 2), Break(1, 2, 0))] == [
        "draw", "discard", "done", "place 1", "merge 1 3", "break 2 3 1"]


def test_BR_21_actions_are_frozen_hashable_values():
    assert Place(1) == Place(1) and hash(Merge(0, 1)) == hash(Merge(0, 1))
    assert Break(1, 0, 2) != Break(1, 0, 1)
    assert len({Draw(), Draw(), Discard()}) == 2
    with pytest.raises(AttributeError):
        Place(1).slot = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        Place("1")  # type: ignore[arg-type]


def test_BR_21_parse_ignores_case_and_extra_spaces():
    state = game([[["7H"], ["9H"], ["3D"]], [["2C"], ["KS"], ["7C"]]], ["4H"])
    assert state.parse(" MERGE 1  2") == Merge(0, 1)
    assert state.parse("Draw\t") == Draw()
    state.apply(state.parse("  dRaW "))
    assert state.parse("PLACE   2") == Place(1)


@pytest.mark.parametrize(("text", "reason"), [
    ("", "no action given"),
    ("   ", "no action given"),
    ("jump", "unknown action 'jump'"),
    ("draw 1", "draw is written like: draw"),
    ("place", "place is written like: place 1"),
    ("merge 1", "merge is written like: merge 1 2"),
    ("break 2 1", "break is written like: break 2 1 3"),
    ("place 4", "slot 4 does not exist"),
    ("place 0", "slot 0 does not exist"),
    ("place x", "slot x does not exist"),
    ("merge 1 9", "slot 9 does not exist"),
    ("merge 01 2", "slot 01 does not exist"),  # SLOT := "1" | "2" | "3", nothing else
    ("break 02 1 1", "seat 02 does not exist"),
    ("break 5 1 1", "seat 5 does not exist"),
    ("break 3 1 1", "seat 3 does not exist"),
    ("break 2 1 4", "slot 4 does not exist"),
    ("place 1", "no card has been drawn"),
    ("discard", "no card has been drawn"),
    ("done", "done only ends a final merge turn"),
    ("merge 1 3", "7H does not match 3D"),
])
def test_BR_21_parse_reasons(text, reason):
    state = game([[["7H"], ["9H"], ["3D"]], [["2C"], ["KS"], ["7C"]]], ["4H", "QS"])
    raises(state, text, reason)


def test_BR_21_parse_reasons_after_a_draw():
    state = game([[["7C"], ["9H"], ["3D"]], [["2C"], ["KS"], ["7D"]]], ["4H"])
    play(state, "draw")
    raises(state, "draw", "already drawn")
    raises(state, "place 1", "4H does not match 7C")
    raises(state, "break 1 1 1", "seat 1 is you")
    with pytest.raises(IllegalAction, match="written as text"):
        state.parse(None)  # type: ignore[arg-type]


def test_BR_21_parse_of_str_round_trips_for_every_legal_action():
    for n in (2, 3, 4):
        state = R.new_game(n, n, jokers=True, aces_wild=True, break_to_empty=True)
        rng = random.Random(n)
        while not state.is_terminal():
            for action in state.legal_actions():
                assert state.parse(str(action)) == action
                assert state.parse(str(action).upper()) == action
            state.apply(rng.choice(state.legal_actions()))


def test_BR_21_legal_order_breaks_by_seat_slot_target():
    tabs = [[["2S", "KS"], ["9C"], []], [["2H"], ["5C"], []], [["4H"], [], ["9H"]]]
    state = game(tabs, ["KH"], n=3, first_player=1, break_to_empty=True)
    play(state, "draw")
    assert legal(state) == [
        "place 1", "place 3",
        "break 1 1 1", "break 1 1 3",
        "break 3 1 1", "break 3 1 3", "break 3 3 1", "break 3 3 3",
        "discard",
    ]


def test_BR_21_legal_actions_agree_with_parse_and_apply_checks():
    for n in (2, 3, 4):
        state = R.new_game(n, 40 + n, jokers=True, break_to_empty=n == 3)
        rng = random.Random(n)
        while not state.is_terminal():
            legal_now = set(state.legal_actions())
            for action in every_action(n):
                assert (state.why_illegal(action) is None) == (action in legal_now), action
            state.apply(rng.choice(state.legal_actions()))


def test_illegal_apply_raises_same_reason_and_changes_nothing():
    state = game([[["7H"], ["9H"], ["3D"]], [["2C"], ["KS"], ["7C"]]], ["4H", "QS"])
    before = state.to_json()
    for action in (Place(0), Merge(0, 2), Break(0, 0, 0), Done(), Discard(), Place(5), "draw", None):
        with pytest.raises(IllegalAction):
            state.apply(action)
        assert state.to_json() == before
    with pytest.raises(IllegalAction, match="7H does not match 3D"):
        state.apply(Merge(0, 2))
    play(state, "draw")
    before = state.to_json()
    with pytest.raises(IllegalAction, match="already drawn"):
        state.apply(Draw())
    assert state.to_json() == before


# --- worked examples ---------------------------------------------------------------------------

def test_X1_deal_and_opening():
    deck = ["7H", "2C", "9H", "KS", "3D", "7C", "4H", "QS", "8C"]
    state = R.new_game(2, 0, first_player=0, setup={"deck": deck})
    assert tableaux(state) == [[["7H"], ["9H"], ["3D"]], [["2C"], ["KS"], ["7C"]]]
    assert state.to_json()["draw_pile"] == ["4H", "QS", "8C"]
    assert legal(state) == ["draw", "merge 1 2", "merge 2 1"]
    raises(state, "merge 1 3", "7H does not match 3D")
    raises(state, "place 1", "no card has been drawn")
    play(state, "draw")
    assert state.view(0)["pending"] == "4H"
    assert legal(state) == ["place 1", "place 2", "discard"]
    play(state, "place 2")
    assert tableaux(state)[0][1] == ["9H", "4H"]
    assert state.current_player == 1
    assert legal(state) == ["draw", "merge 1 3", "merge 3 1"]


def test_X2_reaching_five():
    state = game([[["2H", "5H", "5S", "9S"], ["AC"], []], [["3D"], ["4D"], ["KC"]]], ["9D", "8C"])
    play(state, "draw")
    assert legal(state) == ["place 1", "place 3", "discard"]
    play(state, "place 1")
    assert state.view(0)["stacks"][0] == [["2H", "5H", "5S", "9S", "9D"]]
    assert tableaux(state)[0][0] == []
    assert state.scores() == [1, 0]


def test_X3_merge_truncated_to_five():
    tabs = [[["4C", "4D", "8D", "8S"], ["9S", "9H", "2H"], ["JD"]], [["3C"], ["5C"], ["KC"]]]
    state = game(tabs, ["AD", "6H"])
    assert legal(state) == ["draw", "merge 1 2"]
    play(state, "merge 1 2")
    view = state.view(0)
    assert view["stacks"][0] == [["4C", "4D", "8D", "8S", "9S"]]
    assert view["tableaux"][0][:2] == [["9H", "2H"], []]
    assert state.scores() == [1, 0] and view["stall"] == 0 and state.current_player == 1


X4_TABLEAUX = [[["KD", "KH", "QH", "4H"], [], ["QD"]], [["9C"], ["3H", "3S", "TS", "TC"], ["4C"]]]


def test_X4_niner_court_scoring_and_view():
    state = game(X4_TABLEAUX, ["KC", "2D"])
    play(state, "draw")
    assert state.view(0)["pending"] == "KC"
    assert state.view(1)["pending"] is None and state.view(1)["pending_hidden"] is True
    assert legal(state) == ["place 2", "break 2 2 1", "break 2 3 1", "discard"]
    play(state, "break 2 2 1")
    view = state.view(1)
    assert view["stacks"] == [[["KD", "KH", "QH", "4H", "3H"]], []]
    assert view["tableaux"][0][0] == ["3S", "TS", "TC", "KC"]
    assert view["tableaux"][1][1] == []
    assert state.scores() == [1, 0]


def test_X4_break_to_empty_list():
    state = game(X4_TABLEAUX, ["KC", "2D"], break_to_empty=True)
    play(state, "draw")
    assert legal(state) == ["place 2", "break 2 1 2", "break 2 2 1", "break 2 2 2", "break 2 3 1",
                            "break 2 3 2", "discard"]


def test_X4_court_scoring():
    state = game(X4_TABLEAUX, ["KC", "2D"], scoring="court")
    play(state, "draw", "break 2 2 1")
    assert state.scores() == [9, 0]


def test_X5_busted_court_card():
    state = game([[["2H"], ["3D"], ["4C"]], [["5S"], ["6S", "6H"], ["9D"]]], ["QS", "8C"])
    play(state, "draw")
    assert legal(state) == ["discard"]
    play(state, "discard")
    view = state.view(1)
    assert view["stall"] == 1 and view["discard_count"] == 1
    assert state.current_player == 1
    assert legal(state) == ["draw", "merge 1 2"]


def test_X6_stall_end_unshuffled_reshuffle():
    state = game(NO_MATCH, ["9D", "TD"])
    for turn in range(4):
        play(state, "draw")
        if turn == 2:
            assert state.view(0)["pending"] == "9D"
        play(state, "discard")
        assert state.view(0)["stall"] == turn + 1
        assert state.view(0)["stall_limit"] == 4
    assert state.phase == "final" and state.current_player == 0
    assert legal(state) == ["done"]
    # cards are left in the piles: the refusal says the play phase is over, not that they ran out
    assert state.view(0)["discard_count"] == 2
    raises(state, "draw", "the play phase is over: only merges and done are left")
    play(state, "done", "done")
    assert state.is_terminal() and state.scores() == [0, 0] and state.winners() == [0, 1]


def test_X7_last_card_several_final_merges():
    tabs = [[["4S", "4D"], ["6D", "6C"], ["7C"]], [["9S"], ["KD"], ["2C"]]]
    state = game(tabs, ["9H"], first_player=1)
    play(state, "draw", "place 1")
    assert state.phase == "final" and state.current_player == 0
    assert legal(state) == ["merge 1 2", "merge 2 3", "done"]
    play(state, "merge 1 2")
    assert legal(state) == ["merge 1 3", "done"]
    play(state, "merge 1 3")
    assert state.view(0)["stacks"][0] == [["4S", "4D", "6D", "6C", "7C"]]
    assert tableaux(state)[0] == [[], [], []]
    assert legal(state) == ["done"]
    play(state, "done")
    assert state.current_player == 1 and legal(state) == ["done"]
    play(state, "done")
    assert state.is_terminal() and state.scores() == [1, 0] and state.winners() == [0]


def test_X8_jokers():
    tabs = [[["5H"], ["8C", "8S"], ["JK"]], [["KS"], ["3C"], ["9D"]]]
    state = game(tabs, ["JK", "7D"], jokers=True)
    assert legal(state) == ["draw", "merge 1 3", "merge 2 3", "merge 3 1", "merge 3 2"]
    play(state, "draw")
    assert legal(state) == ["place 1", "place 2", "place 3", "discard"]
    play(state, "place 2", "draw")
    assert legal(state) == ["place 3", "discard"]
    play(state, "discard")
    assert legal(state) == ["draw", "merge 1 3", "merge 2 1", "merge 2 3", "merge 3 1", "merge 3 2"]


def test_X9_aces_wild():
    state = game([[["5H"], ["8C"], ["AS"]], [["KS"], ["3C"], ["9D"]]], ["QD", "7D"], aces_wild=True)
    play(state, "draw")
    assert legal(state) == ["place 3", "break 2 3 3", "discard"]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_X10_every_game_ends(n):
    flags = ("jokers", "aces_wild", "two_decks", "break_to_empty")
    for i, bits in enumerate(itertools.product((False, True), repeat=4)):
        options = dict(zip(flags, bits, strict=True), scoring=("standard", "court")[i % 2])
        state = R.new_game(n, 1000 + i, **options)
        expected = all_cards(state)
        rng = random.Random(i)
        for _ in range(20_000):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
            assert all_cards(state) == expected
        assert state.is_terminal() and state.winners()


# --- copies and JSON ---------------------------------------------------------------------------

def test_clone_is_independent():
    state, _ = random_game(21, n=3, steps=25)
    copy = state.clone()
    assert copy.to_json() == state.to_json()
    before = state.to_json()
    rng = random.Random(0)
    while not copy.is_terminal():
        copy.apply(rng.choice(copy.legal_actions()))
    assert state.to_json() == before


def test_json_round_trip_at_every_step_and_play_continues_identically():
    for n, options in ((2, {}), (3, {"two_decks": True, "jokers": True}), (4, {"scoring": "court"})):
        state = R.new_game(n, 77, **options)
        rng = random.Random(n)
        while not state.is_terminal():
            data = state.to_json()
            assert json.loads(json.dumps(data)) == data
            restored = R.from_json(data)
            assert restored.to_json() == data
            assert restored.legal_actions() == state.legal_actions()
            state.apply(rng.choice(state.legal_actions()))
        assert R.from_json(state.to_json()).to_json() == state.to_json()


def test_restored_game_repeats_reshuffles_exactly():
    original = R.new_game(2, 5)
    rng = random.Random(1)
    for _ in range(30):
        original.apply(rng.choice(original.legal_actions()))
    restored = R.from_json(json.loads(json.dumps(original.to_json())))
    policy_a, policy_b = random.Random(9), random.Random(9)
    while not original.is_terminal():
        original.apply(policy_a.choice(original.legal_actions()))
        restored.apply(policy_b.choice(restored.legal_actions()))
        assert restored.to_json() == original.to_json()
    assert restored.is_terminal() and restored.scores() == original.scores()


def test_setup_game_json_keeps_unshuffled_reshuffles():
    state = game(NO_MATCH, ["9D", "TD", "8D"])
    play(state, "draw", "discard", "draw", "discard", "draw", "discard")
    restored = R.from_json(state.to_json())
    play(restored, "draw")
    assert restored.view(1)["pending"] == "9D" and restored.view(0)["pending"] is None


@pytest.mark.parametrize(("change", "problem"), [
    ({"game": "chess"}, "not a saved Breaks state"),
    ({"num_players": 7}, "players"),
    ({"options": {"scoring": "odd"}}, "scoring"),
    ({"options": {"setup": {}}}, "without setup"),
    ({"phase": "middle"}, "phase"),
    ({"tableaux": [[[], [], []]]}, "one entry per seat"),
    ({"draw_pile": ["ZZ"]}, "not a card"),
    ({"discarded_by": [0, 1, 2]}, "discarded_by"),
    ({"rng": -1}, "rng"),
    ({"last_action": {"seat": 0, "action": "fly"}}, "last_action"),
    ({"draw_pile": ["7H", "7H"]}, "7H"),
])
def test_from_json_rejects_bad_data(change, problem):
    state = game([[["2C"], ["3S"], ["4H"]], [["5C"], ["6S"], ["8D"]]], ["9D", "TD"])
    data = {**state.to_json(), **change}
    with pytest.raises(ValueError, match=problem):
        R.from_json(data)
    with pytest.raises(ValueError):
        R.from_json({k: v for k, v in state.to_json().items() if k != "stall"})
    with pytest.raises(ValueError):
        R.from_json([])  # type: ignore[arg-type]


def test_view_reports_last_action_publicly():
    state = game(NO_MATCH, ["9D", "TD"])
    assert state.view(0)["last_action"] is None
    play(state, "draw", "discard")
    assert state.view(1)["last_action"] == {"seat": 0, "action": "discard"}
