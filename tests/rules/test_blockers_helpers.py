"""Blockers! UI helpers: they read a state or a seat's view and always agree with legal_actions()."""

from __future__ import annotations

import random

import pytest

from game.rules import get_rules
from game.rules.blockers import (
    SQUARES,
    board_codes,
    fitting_squares,
    group_squares,
    groups,
    legal_squares,
    score_breakdown,
    section_layout,
    section_of,
    tile_kind,
    why_not,
)

R = get_rules("blockers")
BLUE6 = ["1", "2", "3", "4", "5", "6"]
Y2_BOARD = {"E4": "blue", "E5": "blue", "E6": "blue", "A8": "blue", "A9": "blue", "I9": "blue"}


def y2():
    return R.new_game(2, 0, first_player=0, setup={"pools": [["5", "E", "9", "A", "circle", "1"], BLUE6],
                                                   "board": Y2_BOARD})


def test_why_not_gives_the_engines_reasons_from_a_view():
    view = y2().view(0)
    assert why_not(view, "9", "I9") is None
    assert why_not(view, "5", "E5") == "capturing E5 would split blue's group"
    assert why_not(view, "5", "E6").startswith("the 5 does not fit E6: a number tile goes in its column")
    assert why_not(view, "7", "C7") == "no 7 on your rack"
    assert why_not(view, "moonbeam", "C7").startswith("'moonbeam' is not a tile")
    assert why_not(view, "5", "Z9").startswith("'Z9' is not a square")
    assert why_not(view, "5", "A5", colour="blue") == "blue is not your colour: you play red"
    assert why_not(y2().view(1), "1", "A1") == "it is not your turn"


def test_legal_squares_marks_captures_for_the_glow():
    state = y2()
    assert legal_squares(state, "9") == {**{f"{r}9": False for r in "BCDEFGH"}, "A9": True, "I9": True}
    assert legal_squares(state.view(0), "circle") == {"D4": False, "D5": False, "D6": False, "E4": True,
                                                      "E6": True, "F4": False, "F5": False, "F6": False}
    assert legal_squares(state.view(0), "7") == {} and legal_squares(state.view(1), "1") == {}


def test_helpers_in_the_advanced_game_pick_or_check_the_rack():
    pools = [["7", "A", "C", "1", "2", "3"], ["7", "D", "1", "2", "3", "4"],
             ["C", "A", "1", "2", "3", "4"], ["C", "E", "1", "2", "3", "4"]]
    state = R.new_game(2, 0, advanced=True, first_player=0, setup={"pools": pools, "board": {"C7": "red"}})
    view = state.view(0)
    assert why_not(view, "7", "C7") == "C7 is red too: a tile never replaces a tile of its own colour"
    assert why_not(view, "7", "C7", colour="green") is None
    assert legal_squares(view, "D", colour="green") == {f"D{c}": False for c in range(1, 10)}
    assert why_not(view, "D", "D1", colour="red") == "no D on your red rack"
    assert why_not(view, "E", "E1") == "no E on your racks"


@pytest.mark.parametrize(("n", "advanced"), [(2, True), (3, False), (5, False)])
def test_why_not_and_legal_squares_agree_with_legal_actions(n, advanced):
    state = R.new_game(n, 6, advanced=advanced)
    rng = random.Random(6)
    step = 0
    while not state.is_terminal():
        if step % 6 == 0:
            seat = state.current_player
            view = state.view(seat)
            legal = {str(a) for a in state.legal_actions()} - {"pass"}
            glow = set()
            for colour, tiles in view["racks"].items():
                if colour not in state.colours_of(seat) or view["finished"][colour]:
                    continue
                prefix = f"{colour}:" if advanced else ""
                for tile in tiles:
                    squares = legal_squares(view, tile, colour=colour)
                    glow |= {f"{prefix}{tile}@{sq}" for sq in squares}
                    for sq in SQUARES[::4]:
                        ok = why_not(view, tile, sq, colour=colour) is None
                        assert ok == (f"{prefix}{tile}@{sq}" in legal)
                        if ok:
                            assert squares[sq] == (sq in view["board"])
            assert glow == legal
        state.apply(rng.choice(state.legal_actions()))
        step += 1


def test_groups_and_group_squares_from_either_board_form():
    board = {"A1": "red", "A2": "red", "B2": "red", "C3": "red", "I9": "blue"}
    codes = board_codes(board)
    assert groups(board, "red") == groups(codes, 0) == 2
    assert group_squares(board, "red") == [["A1", "A2", "B2"], ["C3"]]
    assert groups(codes, "blue") == 1
    with pytest.raises(ValueError, match="81 squares"):
        board_codes([0] * 80)


def test_score_breakdown_matches_scores_for_state_and_view():
    state = R.new_game(3, 0, first_player=0,
                       setup={"pools": [["triangle", "square", "1", "2", "3", "4"], ["E", "F", "1", "2", "3", "4"],
                                        ["5", "C", "1", "2", "3", "4"]],
                              "board": {"A1": "blue", "I9": "green", "E1": "red"}})
    for move in ["triangle@A1", "E@E1", "5@E5", "square@I9", "F@F1", "C@C5"]:
        state.apply(state.parse(move))
    rows = score_breakdown(state)
    assert rows == score_breakdown(state.view(1))
    assert rows[0] == {"seat": 0, "colours": ["red"], "groups": {"red": 2}, "group_total": 2,
                       "captures": {"blue": 1, "green": 1}, "most_captured": 1, "total_captures": 2, "score": 3}
    assert [r["score"] for r in rows] == state.scores() == [3, 2, 2]


def test_layout_helpers():
    assert section_layout() == [["triangle", "cross", "star"], ["clover", "circle", "diamond"],
                                ["moon", "heart", "square"]]
    assert (section_of("A1"), section_of("e5"), section_of("G2"), section_of(80)) == \
        ("triangle", "circle", "moon", "square")
    assert fitting_squares("7") == [f"{r}7" for r in "ABCDEFGHI"]
    assert fitting_squares("C") == [f"C{c}" for c in range(1, 10)]
    assert fitting_squares("heart") == ["G4", "G5", "G6", "H4", "H5", "H6", "I4", "I5", "I6"]
    assert len(fitting_squares("wild")) == 81
    assert [tile_kind(t) for t in ("7", "g", "moon", "wild")] == ["number", "letter", "symbol", "wild"]
