"""Once a game is over its prompt says who won (the results title's words), seen when the
player looks at the table from the results: it said "The game is over." under a banner
saying "Game over", and the box over the panel already tells how to get back to the results."""

from __future__ import annotations

import pytest

from game import i18n
from game.scenes.breaker_blocks_table import BreakerBlocksTable
from game.scenes.breaks_table import BreaksTable
from game.session import GameSession
from tests.ui.driver import Driver, breaks_results_of_two_people
from tests.ui.test_blockers_table import y6_one_move_from_the_end


def peek_labels(d: Driver) -> list[str]:
    d.top.toggle_peek()  # "Look at the table"
    return [text for text, _, _ in d.labels(frames=2)]


@pytest.mark.parametrize("lang, said", [("en", "Shared win: Seat 1, Seat 2."),
                                        ("de", "Geteilter Sieg: Spieler 1, Spieler 2.")])
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



@pytest.mark.parametrize("lang, said, log", [
    ("en", "You win!", "A second Authenticate was placed, so the game ended at once."),
    ("de", "Du gewinnst!", None)])
def test_a_finished_breaker_blocks_games_prompt_says_who_won_not_the_logs_last_line(lang, said, log):
    """The prompt repeated the log's last line (why the game ended) word for word."""
    session = GameSession("breaker_blocks", ["human", "ai:easy"], seed=1, options={"first_player": 0})
    for a in ["draw 3", "draw authenticate", "draw authenticate", "draw 3", "play 3 at 1,-1 from N",
              "play authenticate at 0,-1 from N", "play authenticate at 1,2 from S"]:
        session.apply(a, session.current_player)
    assert session.is_over() and session.state.winners() == [0]
    d = Driver(lambda app: BreakerBlocksTable(app, session), autosave=False)
    try:
        assert i18n.load_language(lang) is None  # after the driver, which loads the settings' language
        try:
            t = d.top
            assert t.prompt() == said
            last = t.end_text(t.view["end_reason"], t.view.get("final_turn"))
            assert t.prompt() != last
            if log is not None:
                assert last == log  # why it ended stays the log's last line
        finally:
            i18n.load_language("en")
    finally:
        d.close()
