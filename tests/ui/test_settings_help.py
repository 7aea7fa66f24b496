"""Settings: every setting says what it changes, for the pointer and for the focus ring
alike, in the right column's help lines; "Reading text size" names the text it grows."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game import i18n
from game.scenes.settings import HELP_AT, HELP_BOTTOM, HELP_WIDTH, NOTE_AT, SettingsScene
from game.ui import theme
from tests.ui.driver import Driver


def help_drawn(d: Driver) -> tuple[list[tuple[str, pygame.Rect]], list[tuple[str, pygame.Rect]]]:
    """The help's lines as drawn, top to bottom; and everything else drawn."""
    theme.recording = []
    try:
        d.frames(1)
        drawn = [(text, rect) for text, rect, _ in theme.recording]
    finally:
        theme.recording = None
    lines = sorted(((text, rect) for text, rect in drawn
                    if rect.x == HELP_AT[0] and HELP_AT[1] <= rect.y < HELP_BOTTOM),  # not the in-game note
                   key=lambda line: line[1].y)
    return lines, [(text, rect) for text, rect in drawn if (text, rect) not in lines]


def shown_help(d: Driver) -> str:
    return " ".join(text for text, _ in help_drawn(d)[0])


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


def test_in_german_the_card_colour_setting_keeps_farbe_for_a_suit(monkeypatch):
    """In German 'Farbe' is a card's suit: the Breaks setting read 'Breaks-Karten: vier Farben'
    (every deck has four suits) over 'Gibt jeder Kartenfarbe ... eine eigene Farbe'; a colour
    it paints is a 'Farbton' on the button and in its help alike."""
    d = Driver(lambda app: SettingsScene(app))
    try:
        assert i18n.load_language("de") is None
        d.top.language_changed()
        d.frames(2)
        button = next(b for b in d.top.helps if b.text.startswith("Breaks-Karten: "))
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda: button.rect.center)
        d.frames(3)
        words = [button.text, shown_help(d)]
        d.top._callbacks[button]()
        words.append(button.text)
        assert words[0] == "Breaks-Karten: vier Farbtöne (farbenblind-tauglich)", words
        assert words[2] == "Breaks-Karten: zwei Farbtöne", words
        assert "Farbton" in words[1] and "Kartenfarbe" not in words[1] and "eigene Farbe" not in words[1], words
    finally:
        i18n.load_language("en")
        d.close()


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("scale", [1.0, 1.5, 2.0])
def test_the_help_is_at_the_reading_size_and_fits_its_column(monkeypatch, lang, scale):
    d = Driver(lambda app: SettingsScene(app, in_game=True))  # with the in-game note under the help
    try:
        theme.apply_settings(False, scale)
        i18n.load_language(lang)
        d.top.language_changed()
        d.frames(2)
        height = theme.font(theme.reading(16)).get_height()
        for button, words in d.top.helps.items():
            monkeypatch.setattr(pygame.mouse, "get_pos", lambda b=button: b.rect.center)
            d.frames(3)
            lines, others = help_drawn(d)
            assert " ".join(text for text, _ in lines) == words.replace("\n", " "), "the whole help, nothing cut"
            assert all(rect.height == height for _, rect in lines), f"{button.text}: not at the reading size"
            assert all(rect.right <= HELP_AT[0] + HELP_WIDTH for _, rect in lines), "wrapped in its column"
            assert all(a.bottom <= b.top for (_, a), (_, b) in itertools.pairwise(lines)), "lines overlap"
            # nothing else drawn (the note, the headings) is run into, nor any button
            clash = [(text, other) for text, other in others for _, rect in lines if rect.colliderect(other)]
            assert not clash, (button.text, clash)
            assert not any(rect.colliderect(b.rect) for _, rect in lines for b in d.top.helps)
    finally:
        i18n.load_language("en")
        theme.apply_settings(False, 1.0)
        d.close()


@pytest.mark.parametrize(("lang", "setting"), [("en", "Default AI level:"), ("de", "Standard-KI-Stufe:")])
def test_in_a_game_the_note_beside_back_names_the_setting_it_is_about(lang, setting):
    # it said "For the next game you set up: this game keeps its players." beside Back: what is?
    d = Driver(lambda app: SettingsScene(app, in_game=True))
    try:
        assert i18n.load_language(lang) is None
        d.top.language_changed()
        d.frames(2)
        theme.recording = []
        d.frames(1)
        note = sorted(((text, rect) for text, rect, _ in theme.recording
                       if rect.x == NOTE_AT[0] and rect.y >= HELP_BOTTOM), key=lambda line: line[1].y)
        assert " ".join(text for text, _ in note).startswith(setting), note
        back = next(b for b in d.top._callbacks if b.text == i18n.tr("Back"))
        for _, rect in note:  # at full size, beside the Back button
            assert rect.width <= HELP_WIDTH and rect.height >= theme.font(15).get_height() - 1, rect
            assert back.rect.top <= rect.top and rect.bottom <= back.rect.bottom, (rect, back.rect)
    finally:
        theme.recording = None
        i18n.load_language("en")
        d.close()


def test_the_two_columns_of_settings_are_as_wide_as_each_other_and_centred():
    """The right column's buttons were 330 px beside the left's 500 and stopped short of the
    help text under them: the columns are one width, their help as wide, and the page is
    centred under the title (the left margin was 150 px, the right 280)."""
    d = Driver(lambda app: SettingsScene(app))
    try:
        d.frames(2)
        buttons = list(d.top.helps)
        lefts = [b.rect for b in buttons if b.rect.x == min(b.rect.x for b in buttons)]
        rights = [b.rect for b in buttons if b.rect.x == max(b.rect.x for b in buttons)]
        assert {r.width for r in lefts} == {r.width for r in rights} == {HELP_WIDTH}
        assert rights[0].x == HELP_AT[0]
        assert lefts[0].x == 1280 - rights[0].right
    finally:
        d.close()
