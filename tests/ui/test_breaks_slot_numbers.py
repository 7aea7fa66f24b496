"""Breaks: every slot shows its number, filled or empty, so the log's "merged slot 2 onto
slot 1" can be followed (the number showed only on an empty slot, under its cards)."""

from __future__ import annotations

import pytest

from game.scenes.breaks_table import BreaksTable
from game.session import GameSession
from tests.ui.driver import Driver

FULL = {"tableaux": [[["KD", "KH"], ["3S"], ["QD", "QC", "JC"]], [["9C"], ["4H", "4S"], ["2C"]],
                     [["5D"], ["6H"], ["8S"]], [["7D", "7S"], ["TH"], ["AS"]]], "deck": ["2D", "3C"]}


@pytest.mark.parametrize("players", [2, 4])
def test_every_filled_slot_shows_its_number_on_its_first_card(players):
    setup = {"tableaux": FULL["tableaux"][:players], "deck": FULL["deck"]}
    session = GameSession("breaks", ["human"] + ["ai:easy"] * (players - 1), seed=0,
                          options={"first_player": 0, "setup": setup})
    d = Driver(lambda app: BreaksTable(app, session), autosave=False)
    try:
        table = d.top
        d.frames(3)
        labels = d.labels(1)
        for seat in range(players):
            for s in range(3):
                first = table.layout.card_rect(seat, s, 0)
                numbers = [rect for text, rect, _ in labels if text == str(s + 1) and first.contains(rect)]
                assert numbers, (seat, s)
                rank_corner = first.copy()
                rank_corner.width //= 2  # the rank and suit in the top-left corner stay uncovered
                assert not any(rank_corner.colliderect(r) for r in numbers), (seat, s)
    finally:
        d.close()
