"""GameSession: seats, applying moves, the undo policy and save records."""

from __future__ import annotations

import pytest

from game.core.errors import IllegalAction
from game.session import GameSession, parse_seat_spec

X1 = {"first_player": 0, "setup": {"deck": ["7H", "2C", "9H", "KS", "3D", "7C", "4H", "QS", "8C"]}}


def test_seat_specs_are_normalised_and_bad_ones_refused():
    assert parse_seat_spec("Normal") == "ai:normal"
    assert parse_seat_spec(" human ") == "human"
    with pytest.raises(ValueError, match="unknown seat"):
        parse_seat_spec("robot")
    with pytest.raises(ValueError, match="2-4 players"):
        GameSession("breaks", ["human"])


def test_a_game_for_exactly_two_says_two_players_not_two_to_two():
    with pytest.raises(ValueError, match=r"^Breaker Blocks needs 2 players, not 3$"):
        GameSession("breaker_blocks", ["human", "human", "human"])


def test_only_the_player_to_move_may_act_and_illegal_moves_change_nothing():
    s = GameSession("breaks", ["human", "human"], seed=1, options=X1)
    with pytest.raises(IllegalAction, match="not your turn"):
        s.apply("draw", 1)
    before = s.state.to_json()
    with pytest.raises(IllegalAction, match="does not match"):
        s.apply("merge 1 3", 0)
    assert s.state.to_json() == before and s.log.actions == []


def test_undo_against_ai_goes_back_to_your_decision_but_not_across_a_draw():
    s = GameSession("breaks", ["human", "ai:normal"], seed=1, options=X1)
    s.apply("draw", 0)
    assert not s.can_undo(0), "a draw is never undone"
    s.apply("place 2", 0)
    assert s.can_undo(0)
    s.apply("merge 1 3", 1)  # the AI merges (no card drawn): still undoable
    assert s.undo(0)
    assert s.log.actions == ["draw"] and s.state.view(0)["pending"] == "4H"



def test_take_backs_are_kept_in_the_record_and_later_ones_go_with_the_moves_they_followed():
    s = GameSession("breaks", ["human", "ai:normal"], seed=1, options=X1)
    s.apply("draw", 0)
    s.apply("place 2", 0)
    assert s.undo(0) and s.takebacks == [1]
    s.apply("place 1", 0)
    s.apply("merge 1 3", 1)
    assert s.undo(0) and s.takebacks == [1, 1]
    record = s.to_record()
    assert GameSession.from_record(record).takebacks == [1, 1]
    # a take-back point past the end or not a move number is dropped, the game kept
    record["takebacks"] = [1, 7, "x", True, -1]
    assert GameSession.from_record(record).takebacks == [1]
    # so is a bad hint mark: hints only add lines to the log
    for hints, kept in (([0, "x", None, 9, 1.5], [0]), ("x", []), (None, [])):
        record["hints"] = hints
        assert GameSession.from_record(record).hints == kept


def test_each_take_back_keeps_the_moves_it_removed_for_the_log_and_a_save_without_them_still_loads():
    s = GameSession("breaks", ["human", "ai:normal"], seed=1, options=X1)
    s.apply("draw", 0)
    s.apply("place 2", 0)
    assert s.undo(0) and s.taken_back == [["place 2"]]
    s.apply("place 1", 0)
    s.apply("merge 1 3", 1)
    assert s.undo(0) and s.takebacks == [1, 1] and s.taken_back == [["place 2"], ["place 1", "merge 1 3"]]
    record = s.to_record()
    assert record["taken_back"] == [["place 2"], ["place 1", "merge 1 3"]]
    assert GameSession.from_record(record).taken_back == [["place 2"], ["place 1", "merge 1 3"]]
    # a save from before they were kept, or a list that does not match the take-backs
    for bad in (None, [["place 2"]], [["place 2"], [3]], "x"):
        record["taken_back"] = bad
        loaded = GameSession.from_record(record)
        assert loaded.takebacks == [1, 1] and loaded.taken_back == [[], []]
    # an earlier take-back goes, with its moves, once an undo goes back before it
    s = GameSession("breaker_blocks", ["human", "ai:normal"], seed=1, options={"first_player": 0})
    s.apply(s.legal_texts()[0], 0)
    s.apply(s.legal_texts()[0], 0)
    assert s.undo(0) and s.undo(0)
    assert s.takebacks == [0] and len(s.taken_back) == 1 and len(s.taken_back[0]) == 1


def test_a_hint_after_a_move_that_is_taken_back_is_kept_at_the_take_back_point():
    s = GameSession("breaks", ["human", "ai:normal"], seed=1, options=X1)
    s.apply("draw", 0)
    s.apply("place 1", 0)
    s.hints = [1, 2]  # asked before placing the card, and again after (for a move not made yet)
    assert s.undo(0) and len(s.log.actions) == 1
    assert s.hints == [1], "the hint for this position stays; the one after the undone move joins it"
    s.apply("place 1", 0)
    s.hints = [2]  # only after placing: seen all the same, so the record still says hints were used
    assert s.undo(0) and s.hints == [1]


def test_undo_is_refused_when_the_ai_drew_since():
    s = GameSession("breaks", ["human", "ai:normal"], seed=1, options=X1)
    s.apply("merge 1 2", 0)
    s.apply("draw", 1)
    assert not s.can_undo(0) and not s.undo(0)


def test_pass_and_play_never_lets_one_human_undo_another():
    s = GameSession("breaks", ["human", "human"], seed=1, options=X1)
    s.apply("merge 1 2", 0)
    assert not s.can_undo(1)
    assert s.can_undo(0)


def test_record_round_trip_and_bad_records():
    s = GameSession("breaks", ["human", "ai:hard"], seed=4)
    s.apply(s.legal_texts()[0], s.current_player)
    again = GameSession.from_record(s.to_record())
    assert again.state.to_json() == s.state.to_json() and again.seats == s.seats
    with pytest.raises(ValueError):
        GameSession.from_record({"format": 1, "seats": ["human"], "log": s.log.to_json()})
    with pytest.raises(ValueError):
        GameSession.from_record({"format": 2})


def test_a_record_whose_move_makers_are_wrong_is_refused():
    """Undo trusts the log's list of who made each move, so a hand-edited list that names a
    seat that does not exist, or a seat that was not to move, must be refused on load."""
    s = GameSession("breaks", ["human", "ai:normal"], seed=4, options=X1)
    for _ in range(4):
        s.apply(s.legal_texts()[0], s.current_player)
    record = s.to_record()
    for bad_actor in (7, -1, 1 - record["log"]["actors"][2]):
        broken = {**record, "log": {**record["log"], "actors": list(record["log"]["actors"])}}
        broken["log"]["actors"][2] = bad_actor
        with pytest.raises(ValueError, match="step 3"):
            GameSession.from_record(broken)


def test_a_record_for_an_unknown_game_names_the_game_plainly():
    record = GameSession("breaks", ["human", "ai:normal"], seed=4).to_record()
    record["log"]["game"] = "chess"
    with pytest.raises(ValueError, match="unknown game 'chess'") as caught:
        GameSession.from_record(record)
    assert not str(caught.value).startswith(("'", '"'))


def test_in_pass_and_play_undo_never_takes_back_past_another_players_move():
    s = GameSession("breaks", ["human", "human"], seed=1, options=X1)
    s.apply("merge 1 2", 0)
    assert s.can_undo(0)
    s.apply("merge 1 3", 1)
    assert not s.can_undo(0) and not s.undo(0), "seat 2 has moved since: its move is not seat 1's to erase"
    assert s.log.actions == ["merge 1 2", "merge 1 3"]


def test_a_finished_game_cannot_be_reopened_by_undo():
    s = GameSession("breaks", ["human", "ai:easy"], seed=3, options={"first_player": 0, "setup": {
        "tableaux": [[["4S", "4D"], ["6D", "6C"], ["7C"]], [["9S"], ["KD"], ["2C"]]], "deck": []}})
    s.apply("merge 1 2", 0)
    s.apply("done", 0)
    s.apply("done", 1)
    assert s.is_over()
    assert not s.can_undo(0) and not s.undo(0) and s.is_over()


def test_the_move_a_hint_suggested_is_kept_in_the_record_and_an_older_save_without_it_loads():
    s = GameSession("breaks", ["human", "ai:normal"], seed=1, options=X1)
    s.apply("draw", 0)
    s.hints, s.hint_moves = [1], {1: "place 2"}
    record = s.to_record()
    assert record["hint_moves"] == {"1": "place 2"}
    assert GameSession.from_record(record).hint_moves == {1: "place 2"}
    older = dict(record)
    del older["hint_moves"]  # a save from before the move was kept: loads, the log only says a hint was asked for
    back = GameSession.from_record(older)
    assert back.hints == [1] and back.hint_moves == {}
    damaged = dict(record, hint_moves={"1": 7, "9": "place 1", "x": "draw", "0": "draw"})
    assert GameSession.from_record(damaged).hint_moves == {}, "only text for a hint the record keeps"


def test_a_hinted_move_for_a_position_taken_back_is_not_kept_but_one_for_the_position_gone_back_to_is():
    s = GameSession("breaks", ["human", "ai:normal"], seed=1, options=X1)
    s.apply("draw", 0)
    s.hints, s.hint_moves = [1], {1: "place 2"}  # asked before placing
    s.apply("place 1", 0)
    s.hints, s.hint_moves = [1, 2], {1: "place 2", 2: "place 3"}  # and again after, for a move not made yet
    assert s.undo(0) and s.hints == [1]
    assert s.hint_moves == {1: "place 2"}, "the advice for the position gone is no advice here"


def test_a_saved_passing_seat_is_kept_only_for_a_person_who_has_moved_and_is_not_to_move():
    """``passed_by`` (who just moved while the pass screen is up) comes back from a save only
    when it can be true: a hand-edited or stale value offers nobody a take-back."""
    def loaded(seats: list[str], passed_by: object, moves: int = 1) -> int | None:
        session = GameSession("blockers", seats, seed=3, options={"first_player": 0})
        for _ in range(moves):
            session.apply(str(session.state.legal_actions()[0]), session.current_player)
        record = session.to_record()
        record["passed_by"] = passed_by
        return GameSession.from_record(record).passed_by

    people = ["human", "human", "human"]
    assert loaded(people, 0) == 0  # seat 1 moved, seat 2 to play
    assert loaded(people, 2) is None  # seat 3 has not moved
    assert loaded(people, 1) is None  # seat 2 is to move: it passed nothing
    assert loaded(["human", "human", "human"], 0, moves=0) is None  # nobody has moved
    assert loaded(["ai:easy", "human", "human"], 0) is None  # a computer is not at the pass screen
    for bad in (True, 3, -1, "0", 0.0, None):
        assert loaded(people, bad) is None, bad
