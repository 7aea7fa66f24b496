"""Breaks results: the detail lines ("Seat 2: stacks 1, points 1") come in the order of
the ranking above them, the winner first (they came in seat order under a ranking that
put seat 2 first)."""

from __future__ import annotations

from game.rules.breaks.setup import _card
from tests.ui.driver import breaks_results_of_two_people


def seat_2_banked_a_stack(session) -> None:
    """Seat 2 banked a stack earlier in the game (a setup names no stacks)."""
    session.state._stacks[1] = [tuple(_card(c, "test") for c in ["3S", "3H", "3D", "3C", "8H"])]
    session.state._scores[1] = 1


def test_the_detail_lines_follow_the_ranking_winner_first():
    d = breaks_results_of_two_people(seat_2_banked_a_stack)
    try:
        results = d.top
        assert results.order == [1, 0]
        assert results.table.result_lines()[:2] == ["Seat 2: stacks 1, points 1", "Seat 1: stacks 0, points 0"]
    finally:
        d.close()
