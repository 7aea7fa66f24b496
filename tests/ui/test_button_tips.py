"""Buttons' tooltips: one waits after a click for the pointer to move, as a tile's does."""

from __future__ import annotations

import pygame
import pytest

from tests.ui.test_tooltip_placement import table, tip_drawn


def move(d, monkeypatch, at: tuple[int, int]) -> None:
    """The pointer moves to ``at``, as a real mouse reports it."""
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: at)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(1, 1), buttons=(0, 0, 0)))
    d.frames(1)


@pytest.mark.parametrize("game", ["breaks", "blockers"])
def test_a_clicked_buttons_tip_waits_for_the_pointer_to_move(game, monkeypatch):
    """After a click on Hint, with the pointer left on the button, its tip 'The computer
    suggests a move for you' came up a second later over the status line and stayed."""
    d = table(game)
    try:
        t = d.top
        d.frames(2)
        x, y = t.hint_button.rect.center
        move(d, monkeypatch, (x, y))
        d.click((x, y))
        assert d.until(lambda: t.hint is not None), "the click asked for a hint"
        assert tip_drawn(d, monkeypatch, (x, y)) is None, "no tip while the pointer rests where it clicked"
        move(d, monkeypatch, (x + 2, y + 1))
        assert tip_drawn(d, monkeypatch, (x + 2, y + 1)) is not None, "moved and rested: the tip shows again"
    finally:
        d.close()
