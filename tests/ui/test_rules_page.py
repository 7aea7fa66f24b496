"""The rules page: our own scrolling text view drawn with theme.draw_text (sharp when
the window is larger than the canvas), scrolled by keys, wheel and scroll bar."""

from __future__ import annotations

import pygame
import pygame_gui

from game.scenes.rules_page import Block, RulesScene, rules_blocks
from game.ui import theme
from game.ui.sharp_text import sharp_text
from tests.ui.driver import Driver


def _rules(game: str = "breaks") -> Driver:
    d = Driver(lambda app: RulesScene(app, game), autosave=False)
    d.frames(1)
    return d


def _drawn(d: Driver) -> list[str]:
    theme.recording = []
    try:
        d.frames(1)
        return [text for text, _rect, _clip in theme.recording]
    finally:
        theme.recording = None


def test_markup_becomes_blocks():
    text = "# Title\n\n## Part\nPlain words.\n- a point\n  - a smaller point\n"
    assert rules_blocks(text) == [Block("title", "Title"), Block("section", "Part"), Block("text", "Plain words."),
                                  Block("bullet", "a point"), Block("sub", "a smaller point")]


def test_the_text_is_drawn_with_draw_text_and_wrapped_to_the_box():
    d = _rules()
    try:
        scene = d.top
        texts = _drawn(d)
        assert texts[0] == "How to play: Breaks" and "The idea" in texts and "\u2022" in texts
        assert not any(isinstance(s, pygame_gui.elements.UITextBox) for s in scene.ui.get_sprite_group().sprites())
        view = scene.view
        theme.recording = []
        d.frames(1)
        for text, rect, _clip in theme.recording:
            if text != "Back":
                assert view.inflate(40, 8).contains(rect), (text, rect)  # bullets sit just left of the view
        theme.recording = None
        assert len(scene.lines) > len(scene.visible_lines()) > 10  # the page is longer than the box
    finally:
        theme.recording = None
        d.close()


def test_keys_and_the_wheel_scroll_by_whole_lines():
    d = _rules()
    try:
        scene = d.top
        first = _drawn(d)[0]
        d.key(pygame.K_DOWN)
        assert scene.first == 1 and _drawn(d)[0] == scene.lines[1].text != first
        d.key(pygame.K_UP)
        assert scene.first == 0
        d.key(pygame.K_PAGEDOWN)
        assert scene.first == scene.page() > 5
        d.key(pygame.K_END)
        assert scene.first == scene.max_top > 0
        last = scene.lines[-1].text
        assert last in _drawn(d)
        d.key(pygame.K_DOWN)
        assert scene.first == scene.max_top  # no further
        d.key(pygame.K_HOME)
        assert scene.first == 0
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0,
                                             precise_y=-1.0, which=0, touch=False))
        d.frames(2)
        assert scene.first == 3
        d.key(pygame.K_ESCAPE)
        assert d.app.stack.top is not scene
    finally:
        d.close()


def test_the_scroll_bar_drags_and_pages():
    d = _rules()
    try:
        scene = d.top
        track, thumb = scene.bar_rects()
        d.hold(thumb.center, thumb.center)
        d.release((thumb.centerx, track.bottom))
        assert scene.first == scene.max_top
        d.click((thumb.centerx, track.top + 2))  # on the track above the thumb: a page up
        assert scene.first == scene.max_top - scene.page()
    finally:
        d.close()


def test_reading_size_and_high_contrast_apply():
    from game import storage
    storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"text_scale": 2.0, "high_contrast": True})
    try:
        d = _rules()
        try:
            body = next(line for line in d.top.lines if line.text.startswith("Build piles"))
            assert body.size == 32
            assert max(line.size for line in d.top.lines) == theme.reading(26)
            assert d.app.display.window.get_at((d.top.view.x + 2, d.top.view.bottom - 2))[:3] == theme.PANEL
        finally:
            d.close()
    finally:
        theme.apply_settings(False, 1.0)


def test_the_rules_are_redrawn_sharp_in_a_larger_window(monkeypatch):
    seen: list[str] = []
    original = sharp_text.redraw

    def redraw(window, dest, scale, render):
        seen.clear()
        return original(window, dest, scale, lambda text, *rest: seen.append(text) or render(text, *rest))
    monkeypatch.setattr(sharp_text, "redraw", redraw)
    d = _rules()
    try:
        d.app.display.window = pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
        d.app.display.resized()
        d.frames(2)
        assert "How to play: Breaks" in seen and "The idea" in seen and "Back" in seen
        d.key(pygame.K_PAGEDOWN)
        assert "How to play: Breaks" not in seen
        assert d.top.lines[d.top.first].text in seen
    finally:
        d.close()


def test_circuit_breaker_rules_say_where_the_objective_and_score_really_are():
    """The objective card and live score sit at the bottom of the middle column, under the
    other players' houses; the right-hand column is the game log (English and German)."""
    from game.paths import asset
    for path, score, middle, right in ((asset("rules", "circuit_breaker.txt"), "live score", "middle column", "right"),
                                       (asset("rules", "de", "circuit_breaker.txt"), "aktuellen Punktestand",
                                        "mittleren Spalte", "rechts")):
        where = [b.text for b in rules_blocks(path.read_text(encoding="utf-8")) if score in b.text]
        assert len(where) == 1, (path, where)
        assert middle in where[0] and right not in where[0].lower(), where[0]
