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


def test_the_winners_star_stands_beside_their_score(monkeypatch):
    """The star stood 180 px right of the score column, at the box's x + 560, far from the
    name and points it marks ('6 points' ends near x + 470)."""
    from game.ui import draw
    d = breaks_results_of_two_people(seat_2_banked_a_stack)
    try:
        stars = []
        real = draw.marker
        monkeypatch.setattr(draw, "marker", lambda surface, shape, centre, *rest, **kw: (
            stars.append(centre) if shape == "star" else None, real(surface, shape, centre, *rest, **kw))[1])
        scores = [rect for text, rect, _ in d.labels() if text.endswith("point") or text.endswith("points")]
        assert len(stars) == 1 and scores, (stars, scores)
        winner_score = next(rect for rect in scores if rect.top <= stars[0][1] <= rect.bottom)
        assert 0 < stars[0][0] - winner_score.right <= 30, (stars[0], winner_score)
    finally:
        d.close()
