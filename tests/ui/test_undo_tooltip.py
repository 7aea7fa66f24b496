"""The greyed-out Undo button says why when the pointer rests on it, as a click on it
does: pygame_gui hovers no disabled button, so before, no tooltip came at all."""

from __future__ import annotations

import re

import pygame
import pytest

from game.i18n import load_language, tr
from game.ui.buttons import draw_tooltip
from tests.ui.driver import Driver

GAMES = ["breaks", "blockers", "breaker_blocks", "circuit_breaker", "cube"]


def table(game: str, seats: list[str]) -> Driver:
    from game.scenes.tables import table_class
    from game.session import GameSession
    session = GameSession(game, seats, seed=1, options={"first_player": 0})
    return Driver(lambda app: table_class(game)(app, session), autosave=False)


def tooltip_text(d: Driver, monkeypatch, at: tuple[int, int]) -> tuple[str, pygame.Rect | None]:
    """Rest the pointer on ``at`` for two seconds; the tip drawn and where."""
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: at)
    d.frames(120)
    surface = pygame.Surface((1280, 720))
    rect = draw_tooltip(d.top.ui, surface)
    button = next(b for b in d.top._callbacks if b.rect.collidepoint(at))
    return (getattr(button, "tip_now", lambda: None)() or ""), rect


@pytest.mark.parametrize("game", GAMES)
def test_resting_on_the_greyed_out_undo_shows_why(game, monkeypatch):
    d = table(game, ["human", "ai:easy"])
    try:
        d.frames(2)
        undo = d.top.undo_button
        assert not undo.is_enabled, "nothing has been done yet"
        tip, rect = tooltip_text(d, monkeypatch, undo.rect.center)
        assert rect is not None, f"{game}: no tooltip over the greyed-out Undo"
        assert tip == "Nothing to undo: you have not made a decision yet.", tip
    finally:
        d.close()


def test_the_reason_in_german_and_the_usual_tip_once_undo_can_be_pressed(monkeypatch):
    d = table("breaks", ["human", "human"])
    try:
        assert load_language("de") is None
        d.top.language_changed()
        d.frames(2)
        undo = d.top.undo_button
        tip, _ = tooltip_text(d, monkeypatch, undo.rect.center)
        assert tip == "Nichts zurückzunehmen: Du hast noch nichts entschieden.", tip
        d.top.may_undo = lambda: True  # as after a move that can be taken back
        d.top.refresh()
        assert undo.is_enabled
        tip, _ = tooltip_text(d, monkeypatch, undo.rect.center)
        assert tip.startswith("Strg+Z"), tip
    finally:
        load_language("en")
        d.close()


def sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_cube_build_phase_undo_tip_is_one_short_sentence(monkeypatch, lang):
    """The computer has hidden its shape, so no move can be taken back: the tip says so
    briefly, and once a block is on the shape being built, only how to take blocks back."""
    from game.scenes.cube_table import CubeTable
    from game.session import GameSession
    session = GameSession("cube", ["human", "ai:easy"], seed=1, options={"first_player": 1})
    session.apply("build S:5.1,5.2 M:1.1,2.1,4.1 L:3.1,6.1,8.1,9.1", 1)  # the computer hid its shape
    d = Driver(lambda app: CubeTable(app, session), autosave=False)
    try:
        assert load_language(lang) is None
        t = d.top
        t.language_changed()
        d.frames(2)
        assert t.view["phase"] == "build" and session.undo_blocker(0)[0] == "hidden"
        tip, rect = tooltip_text(d, monkeypatch, t.undo_button.rect.center)
        assert len(sentences(tip)) == 1 and rect.height < 80, (tip, rect)  # three lines at most
        copy = t.building()
        placed = next((pid, x, y) for pid in copy.tray for x in range(3) for y in range(3)
                      if copy.landing(pid, x, y).problem is None)
        assert copy.place(*placed) is None
        tip, rect = tooltip_text(d, monkeypatch, t.undo_button.rect.center)
        assert len(sentences(tip)) == 1 and rect.height < 80, (tip, rect)
        assert tr("Clear") in tip, "names the button that takes the blocks off"
    finally:
        load_language("en")
        d.close()
