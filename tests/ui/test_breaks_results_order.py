"""Breaks results: the detail lines ("Seat 2: stacks 1, points 1") come in the order of
the ranking above them, the winner first (they came in seat order under a ranking that
put seat 2 first)."""

from __future__ import annotations

import pygame

from game.rules.breaks.setup import _card
from game.scenes.breaks_table import BreaksTable
from game.scenes.results import ResultsScene
from game.session import GameSession
from tests.ui.driver import Driver


def test_the_detail_lines_follow_the_ranking_winner_first():
    setup = {"tableaux": [[["4S", "4D"], ["6D", "6C"], ["7C"]], [["9S"], ["KD"], ["2C"]]], "deck": []}
    session = GameSession("breaks", ["human", "human"], seed=0, options={"first_player": 0, "setup": setup})
    # seat 2 banked a stack earlier in the game (a setup names no stacks)
    session.state._stacks[1] = [tuple(_card(c, "test") for c in ["3S", "3H", "3D", "3C", "8H"])]
    session.state._scores[1] = 1
    d = Driver(lambda app: BreaksTable(app, session), autosave=False)
    try:
        d.key(pygame.K_f)
        d.key(pygame.K_RETURN)
        d.key(pygame.K_f)
        assert d.until(lambda: isinstance(d.top, ResultsScene), 5)
        results = d.top
        assert results.order == [1, 0]
        assert results.table.result_lines()[:2] == ["Seat 2: stacks 1, points 1", "Seat 1: stacks 0, points 0"]
    finally:
        d.close()
