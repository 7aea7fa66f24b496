"""Aggravate with a hand of one kind of tile: nothing to choose (BB-23), so the table keeps
it at once and the log says so, instead of asking the player to click the one tile."""

from __future__ import annotations

from tests.ui.test_breaker_blocks_table import bb_driver, log


def test_a_keep_with_no_choice_is_taken_at_once_and_a_real_choice_is_still_asked():
    # seat 1 will hold its other 0 alone; seat 2 holds 0, 0, 3, 2: a choice
    d = bb_driver(["play 0 at 1,-1 from N", "draw aggravate", "draw 3", "draw 2"])
    try:
        t = d.top
        assert t.perform("play aggravate at 1,-2 from N", 0)
        assert log(d)[-2:] == ["play aggravate at 1,-2 from N", "keep 0"], log(d)
        assert t.log_lines[-1] == (0, "Seat 1 kept power 0, the only tile in that hand."), t.log_lines[-1]
        assert t.view["pending"]["number"] == 2, "seat 2's hand is still Seat 1's to choose from"
        assert t.moves().keeps == {"0", "2", "3"}
    finally:
        d.close()


def test_both_keeps_without_a_choice_finish_the_aggravate_and_undo_takes_back_the_play():
    d = bb_driver(["play 0 at 1,-1 from N", "draw aggravate", "end"])  # seat 2 holds its two 0s
    try:
        t = d.top
        assert t.perform("play aggravate at 1,-2 from N", 0)
        assert log(d)[-3:] == ["play aggravate at 1,-2 from N", "keep 0", "keep 0"], log(d)
        assert [line for _, line in t.log_lines[-2:]] == [
            "Seat 1 kept power 0, the only tile in that hand.",
            "Seat 1 left Seat 2 only power 0; the rest of that hand went back to the piles."]
        assert t.view["pending"] is None and t.view["hands"][1] == {"0": 1}
        assert t.session.current_player == 0 and t.prompt() != "", "seat 1's turn goes on, not stuck on a step"
        t.undo()
        assert log(d)[-1] == "end" and t.view["hands"][0].get("aggravate") == 1, log(d)
    finally:
        d.close()


def test_a_saved_game_continued_at_a_keep_with_no_choice_takes_it_at_once():
    # an Aggravate left at its one-choice keep (saved by a computer's seat taken over, or an
    # older Breakbox): the table asked for the click a move in this session would have saved
    d = bb_driver(["play 0 at 1,-1 from N", "draw aggravate", "end", "play aggravate at 1,-2 from N"])
    try:
        t = d.top
        d.frames(60)
        assert log(d)[-2:] == ["keep 0", "keep 0"], log(d)
        assert t.view["pending"] is None and t.session.current_player == 0
        assert t.log_lines[-1][1] == "Seat 1 left Seat 2 only power 0; the rest of that hand went back to the piles."
    finally:
        d.close()


def test_a_take_back_by_the_next_seat_does_not_stop_at_a_keep_with_no_choice():
    # pass-and-play: the Aggravate was seat 1's second action, so seat 2's table showed at
    # once, and seat 2 pressed Undo (the last decision is seat 1's)
    d = bb_driver(["play 0 at 1,-1 from N", "draw aggravate", "end", "play 0 at 1,-2 from N"])
    try:
        t = d.top
        assert t.perform("play aggravate at 2,-1 from N", 0)  # seat 1's hand is empty: only seat 2's keep
        assert log(d)[-1] == "keep 0" and t.session.current_player == 1, log(d)
        assert [line for _, line in t.log_lines[-3:-1]] == [
            "Seat 1 played Aggravate at 2,-1, into circuit III.",
            "Half of the Aggravate was skipped: Seat 1 had no tile in hand."], "BB-23: said, as an Attenuate's"
        assert d.until(lambda: t.viewer == 1)
        t.undo()
        d.frames(60)
        assert t.view["pending"] is None, "still asked to click the only tile in seat 2's hand"
        assert log(d)[-1] == "play 0 at 1,-2 from N" and t.session.current_player == 0, log(d)
    finally:
        d.close()
