"""The pointer leaving the window: where no last motion event reports it (Wayland,
Windows), only WINDOWLEAVE says it has gone. Hover outlines and tips went on showing for
a pointer no longer over the game, until it came back and moved."""

from __future__ import annotations

import pygame

from game.scenes.title import TitleScene
from game.ui import theme
from tests.ui.driver import Driver
from tests.ui.test_blockers_table import WILD, blockers_driver, rack_index, tip_at
from tests.ui.test_tooltip_placement import table, tip_drawn


def post(kind: int) -> None:
    pygame.event.post(pygame.event.Event(kind))


def test_a_title_row_is_no_longer_outlined_once_the_pointer_leaves_the_window(monkeypatch):
    d = Driver(lambda app: TitleScene(app), autosave=False)
    try:
        title = d.top
        d.frames(2)
        resting = (300, 470)  # Breaker Blocks' row, away from its Play
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda: resting)  # SDL keeps the last place
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=resting, rel=(1, 0), buttons=(0, 0, 0)))
        d.frames(2)
        row = title.rows[2]
        edge = (row.x + 1, row.centery)  # a pointed-at row's outline, 2 px wide in TEXT_DIM
        assert title.row_game_at(resting) == "breaker_blocks"
        assert d.app.display.canvas.get_at(edge)[:3] == theme.TEXT_DIM, "pointed at: outlined"
        post(pygame.WINDOWLEAVE)
        d.frames(2)
        assert title.outlined_row() is None
        assert d.app.display.canvas.get_at(edge)[:3] != theme.TEXT_DIM, "the pointer left: no outline"
        post(pygame.WINDOWENTER)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(302, 470), rel=(2, 0), buttons=(0, 0, 0)))
        d.frames(2)
        assert d.app.display.canvas.get_at(edge)[:3] == theme.TEXT_DIM, "back and moving: outlined again"
    finally:
        d.close()


def test_a_tiles_tip_goes_when_the_pointer_leaves_the_window(monkeypatch):
    d = blockers_driver(WILD, seats=("human", "ai:easy"))
    try:
        t = d.top
        d.frames(2)
        wild = t.rack_rect(rack_index(t, "wild")).center
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda: wild)
        assert tip_at(d, wild).startswith("Red wild tile"), "rested on: the tile's tip shows"
        post(pygame.WINDOWLEAVE)
        d.frames(90)
        assert t.pointed is None, "the pointer left: the tile's tip goes and does not come back"
        assert d.app.mouse_pos == (-1, -1)
    finally:
        d.close()


def test_a_buttons_tip_and_hover_go_when_the_pointer_leaves_the_window(monkeypatch):
    d = table("breaks")
    try:
        t = d.top
        d.frames(2)
        at = t.hint_button.rect.center
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(1, 0), buttons=(0, 0, 0)))
        assert tip_drawn(d, monkeypatch, at) is not None, "rested on Hint: its tip shows"
        assert t.hint_button.hovered
        post(pygame.WINDOWLEAVE)
        # pygame.mouse.get_pos() still answers the last place inside, as SDL does
        assert tip_drawn(d, monkeypatch, at) is None, "the pointer left: no tip"
        assert not t.hint_button.hovered, "nor the button lit as hovered"
        post(pygame.WINDOWENTER)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(1, 0), buttons=(0, 0, 0)))
        assert tip_drawn(d, monkeypatch, at) is not None, "back on it: the tip shows again"
    finally:
        d.close()


def test_the_rings_tip_stays_when_the_pointer_leaves_the_window():
    """The pointer leaving is no move of the pointer's: a tile's tip named by the keyboard's
    ring stays."""
    d = blockers_driver(WILD, seats=("human", "ai:easy"))
    try:
        t = d.top
        d.frames(2)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(4, 716), rel=(1, 0), buttons=(0, 0, 0)))
        d.frames(2)  # the pointer came by, over nothing, and rests there
        for _ in range(30):  # Tab on to a stop whose tile has a tip
            d.key(pygame.K_TAB)
            d.frames(2)
            if t.pointed is not None:
                break
        named = t.pointed
        assert named is not None and t.tip_by_keyboard, "the ring on a tile names it"
        post(pygame.WINDOWLEAVE)
        d.frames(10)
        assert t.pointed == named, "the ring's tip stays"
    finally:
        d.close()
