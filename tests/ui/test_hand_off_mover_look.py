"""Pass-and-play: the person whose move passes the turn sees it on their own table for a
moment before the pass screen (it covered the table the very frame a dragged card was
dropped), in every game with a hand-off; the next player's secrets stay hidden meanwhile."""

from __future__ import annotations

import pytest

from game.scenes.breaks_table import BreaksTable
from game.scenes.handoff import HandoffScene
from game.scenes.table_base import MOVER_LOOK
from game.scenes.tables import table_class
from game.session import GameSession
from tests.ui.driver import Driver
from tests.ui.test_breaks_table import X1_DECK


def test_a_dropped_card_stays_on_show_before_the_pass_screen():
    session = GameSession("breaks", ["human", "human"], seed=0,
                          options={"first_player": 0, "setup": {"deck": X1_DECK}})
    d = Driver(lambda app: BreaksTable(app, session), autosave=False)
    try:
        table = d.top
        d.frames(3)
        table.perform("draw", 0)
        d.frames(40)  # the drawn card has landed in hand
        d.drag(table.layout.PENDING.center, table.layout.card_rect(0, 1, 0).center)
        assert session.log.actions == ["draw", "place 2"]
        d.frames(round(MOVER_LOOK * 60) - 12)  # most of the look: the table, as its mover sees it
        assert d.top is table and table.viewer == 0 and table.view["seat"] == 0
        assert table.view["tableaux"][0][1] == ["9H", "4H"], "the card just placed shows"
        assert d.until(lambda: isinstance(d.top, HandoffScene), timeout=1), "then the pass screen"
        assert d.top.seat == 1 and table.viewer == 0
    finally:
        d.close()


@pytest.mark.parametrize("game", ["blockers", "circuit_breaker"])
def test_every_hand_off_waits_for_the_movers_look(game):
    session = GameSession(game, ["human", "human"], seed=3, options={"first_player": 0})
    d = Driver(lambda app: table_class(game)(app, session), autosave=False)
    try:
        table = d.top
        d.frames(3)
        while session.current_player == 0:  # seat 1 plays its whole turn
            table.perform(session.legal_texts()[0], 0)
        d.frames(round(MOVER_LOOK * 60) - 12)
        assert d.top is table and table.viewer == 0
        assert d.until(lambda: isinstance(d.top, HandoffScene), timeout=2)
    finally:
        d.close()
