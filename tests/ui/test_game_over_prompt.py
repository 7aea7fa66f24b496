"""Once a game is over its prompt says who won (the results title's words), seen when the
player looks at the table from the results: it said "The game is over." under a banner
saying "Game over", and the box over the panel already tells how to get back to the results."""

from __future__ import annotations

import pytest

from game import i18n
from game.scenes.breaks_table import BreaksTable
from tests.ui.driver import Driver, breaks_results_of_two_people
from tests.ui.test_blockers_table import y6_one_move_from_the_end


def peek_labels(d: Driver) -> list[str]:
    d.top.toggle_peek()  # "Look at the table"
    return [text for text, _, _ in d.labels(frames=2)]


@pytest.mark.parametrize("lang, said", [("en", "Shared win: Seat 1, Seat 2."),
                                        ("de", "Geteilter Sieg: Platz 1, Platz 2.")])
def test_a_finished_breaks_games_prompt_says_who_won(lang, said):
    d = breaks_results_of_two_people()
    try:
        assert i18n.load_language(lang) is None
        try:
            shown = peek_labels(d)
            assert said in shown, shown
            assert not any("the game is over" in text.lower() for text in shown), shown
            assert d.app.stack.find(BreaksTable).prompt() == said
        finally:
            i18n.load_language("en")
    finally:
        d.close()


def test_a_finished_blockers_games_prompt_says_who_won():
    d, t = y6_one_move_from_the_end()
    try:
        assert t.perform("C@C5", 2) and t.session.is_over()
        assert t.prompt() == "Seat 3 wins."  # three people at one screen: the seat's name
    finally:
        d.close()

