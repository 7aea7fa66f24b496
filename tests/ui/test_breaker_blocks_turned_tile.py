"""Breaker Blocks: a leaf moved into another hole of its own cell is told as turned, with the
side it joins on and the circuit it joins, in the log and in a hint (in the prompt's plain
words: it joins at the big dot; 'its tab takes the east side' asked to know what a tab is)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from game import i18n
from game.scenes.breaker_blocks_board import cell_rect
from tests.ui.test_breaker_blocks_table import bb_driver, log, near

# Seat 1's power 0 at 0,-1 (circuit I, from N) can take its tab from E instead: power 0 at
# 1,-1's west hole, circuit II
TURNABLE = ["play 0 at 1,-1 from N", "play 0 at 0,-1 from N", "end"]
TURN = "rearrange 0,-1 to 0,-1 from E"


@pytest.fixture
def turnable() -> Iterator:
    """The table after TURNABLE, with TURN among seat 1's moves."""
    d = bb_driver(TURNABLE)
    try:
        d.frames(2)
        assert TURN in d.top.session.legal_texts()
        yield d
    finally:
        d.close()


@contextmanager
def german() -> Iterator[None]:
    assert i18n.load_language("de") is None
    try:
        yield
    finally:
        i18n.load_language("en")


def test_a_leaf_turned_in_its_own_cell_says_which_side_and_circuit_not_from_a_to_a(turnable):
    """The log read 'Seat 2 (AI) moved power 2 from 0,2 to 0,2.' and a hint 'Move the tile
    at 2,-1 to 2,-1.': as if nothing moved, though the tile went over to another circuit."""
    d, t, move = turnable, turnable.top, TURN
    assert t.hint_move(move) == "Turn the tile at 0,-1 so it joins on its east side, into circuit II."
    before = {**t.session.view(0), "pending": {"tile": "agitate"}}  # as if an AGITATE turned it
    d.drag(cell_rect((0, -1)).center, near((0, -1), "E"))
    assert log(d)[-1] == move
    assert t.log_lines[-1][1] == "Seat 1 turned power 0 at 0,-1 so it joins on its east side, into circuit II."
    t.perspective = 0  # watched from seat 1, seat 2's AGITATE turning it
    assert t.narrate(1, move, before, {})[0] == \
        "Seat 2 turned your power 0 at 0,-1 so it joins on its east side, into circuit II (Agitate)."
    assert t.narrate(0, move, before, {})[0] == \
        "You turned the power 0 tile of Seat 2 at 0,-1 so it joins on its east side, into circuit II (Agitate)."
    with german():
        assert t.narrate(0, move, before, {})[0] == ("Du hast Spieler 2 das Plättchen Leistung 0 auf 0,-1 "
                                                     "gedreht, sodass es an der Seite nach Osten ansetzt: "
                                                     "in Kreis II (Agitate).")


def test_a_hint_to_move_a_leaf_says_which_circuit_its_power_goes_to():
    """A hint to move a tile gave only 'The computer at normal level would choose this
    move.', though the move is about the power it takes from one circuit to another. It says
    'moves': 'It takes 3 power' could read as 'it needs 3 power'."""
    d = bb_driver(["play 0 at 1,-1 from N", "draw 3", "end", "play 3 at 2,-1 from N"])
    try:
        t = d.top
        d.frames(2)
        move = "rearrange 2,-1 to 2,-1 from W"  # from circuit III (input 1d) to II (1,-1's east hole)
        assert move in t.session.legal_texts()
        assert t.hint_reason(move) == "It moves 3 power from circuit III to circuit II."
        assert t.hint_reason("rearrange 2,-1 to 0,-1 from E") == "It moves 3 power from circuit III to circuit II."
        # power 0 carries no power: nothing to say about circuits
        assert t.hint_reason("rearrange 1,-1 to 0,-1 from N") == "The computer at normal level would choose this move."
        with german():
            assert t.hint_reason(move) == "Es bringt 3 Leistung von Kreis III nach Kreis II."
    finally:
        d.close()


def test_in_german_a_turned_power_tile_is_not_called_seine(turnable):
    """'Spieler 1 hat Leistung 0 auf 0,-1 gedreht, sodass seine Nase ...': the tile is named
    'Leistung 0', a feminine word, so 'seine' pointed at nothing; 'das Plättchen' fits any name."""
    t = turnable.top
    before = t.session.view(0)
    with german():
        for perspective, who in ((None, "Spieler 1 hat"), (0, "Du hast")):
            t.perspective = perspective
            assert t.narrate(0, TURN, before, {})[0] == (f"{who} Leistung 0 auf 0,-1 gedreht, sodass das "
                                                         "Plättchen an der Seite nach Osten ansetzt: in Kreis II.")


def test_a_hint_to_turn_a_leaf_in_its_own_cell_outlines_the_cell_once(turnable, monkeypatch):
    """The hint's pulsing outline was drawn twice over a tile turned in its own cell (once
    as the cell it leaves, once as the cell it goes to), one outline over the other."""
    import pygame

    from game.ui import theme
    t = turnable.top
    t.hint = (TURN, t.app.time)
    outlines: list[pygame.Rect] = []
    real = pygame.draw.rect

    def spy(surface, colour, rect, *args, **kwargs):
        if colour == theme.SKY:
            outlines.append(pygame.Rect(rect))
        return real(surface, colour, rect, *args, **kwargs)
    monkeypatch.setattr(pygame.draw, "rect", spy)
    turnable.frames(1)
    cell = cell_rect((0, -1)).inflate(8, 8)
    assert outlines.count(cell) == 1, outlines
