"""Settings: every setting says what it changes, for the pointer and for the focus ring
alike, in the right column's help lines; "Reading text size" names the text it grows."""

from __future__ import annotations

import pygame

from game import i18n
from game.scenes.settings import HELP_AT, SettingsScene
from game.ui import theme
from tests.ui.driver import Driver


def shown_help(d: Driver) -> str:
    theme.recording = []
    try:
        d.frames(1)
        lines = [(rect.y, text) for text, rect, _ in theme.recording
                 if rect.x == HELP_AT[0] and HELP_AT[1] <= rect.y < HELP_AT[1] + 150]
    finally:
        theme.recording = None
    return " ".join(text for _, text in sorted(lines))


def test_pointing_at_or_tabbing_onto_each_setting_explains_it(monkeypatch):
    d = Driver(lambda app: SettingsScene(app))
    try:
        scene = d.top
        d.frames(2)
        buttons = sorted(scene.helps, key=lambda b: (b.rect.x, b.rect.y))
        assert len(buttons) == 10, "every setting has its words"
        said = set()
        for button in buttons:
            monkeypatch.setattr(pygame.mouse, "get_pos", lambda b=button: b.rect.center)
            d.frames(3)
            text = shown_help(d)
            assert text and text not in said, (button.text, text)
            said.add(text)
        reading = next(b for b in buttons if b.text.startswith("Reading text size"))
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda: reading.rect.center)
        d.frames(3)
        text = shown_help(d)
        for part in ("messages", "game log", "rules pages", "Buttons and headings keep their size"):
            assert part in text, text
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (5, 5))  # the pointer away: the focus ring counts
        d.key(pygame.K_TAB)
        d.frames(3)
        first = scene.focus.current.rect_of()
        assert shown_help(d) == scene.helps[next(b for b in buttons if b.rect == first)].replace("\n", " ")
    finally:
        d.close()


def test_the_help_in_german():
    d = Driver(lambda app: SettingsScene(app))
    try:
        assert i18n.load_language("de") is None
        d.top.language_changed()
        d.frames(2)
        assert shown_help(d).startswith("Zeig auf eine Einstellung")
    finally:
        i18n.load_language("en")
        d.close()
