"""Text stays sharp when the window is larger than the canvas, and covered text stays covered."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.scene import Scene
from game.ui.sharp_text import sharp_text
from tests.ui.driver import Driver

INK = (250, 250, 246)
PAPER = (10, 20, 30)
LABEL_AT = (100, 100)


class LabelScene(Scene):
    """One big label on a flat background, optionally covered by a box drawn later."""

    def __init__(self, app, covered: bool = False) -> None:
        super().__init__()
        self.covered = covered
        self.rect = pygame.Rect(0, 0, 0, 0)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(PAPER)
        self.rect = theme.draw_text(surface, "Sharp label", LABEL_AT, 24, INK)
        if self.covered:
            pygame.draw.rect(surface, (200, 0, 0), self.rect.inflate(-10, -4))


def _ink_pixels(window: pygame.Surface, rect: pygame.Rect) -> int:
    """Window pixels of exactly the label's colour: scaled-up text has almost none."""
    region = window.subsurface(rect)
    return sum(1 for x in range(rect.w) for y in range(rect.h) if region.get_at((x, y))[:3] == INK)


def _window_rect(driver: Driver, rect: pygame.Rect) -> pygame.Rect:
    d = driver.app.display
    return pygame.Rect(d.dest.x + int(rect.x * d.scale), d.dest.y + int(rect.y * d.scale),
                       int(rect.w * d.scale), int(rect.h * d.scale))


def _driver(size: tuple[int, int], covered: bool = False) -> Driver:
    driver = Driver(lambda app: LabelScene(app, covered), autosave=False)
    if size != (1280, 720):
        driver.app.display.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        driver.app.display.resized()
    driver.frames(2)
    return driver


def _ink_at_1080p() -> int:
    driver = _driver((1920, 1080))
    try:
        return _ink_pixels(driver.app.display.window, _window_rect(driver, driver.top.rect))
    finally:
        driver.close()


def test_text_is_redrawn_at_window_resolution_when_scaled_up(monkeypatch):
    sharp = _ink_at_1080p()
    monkeypatch.setattr(sharp_text, "redraw", lambda *args: 0)
    soft = _ink_at_1080p()
    # scaling blurs glyph edges, so far fewer pixels keep the exact ink colour
    assert sharp > 2.5 * soft > 0


def test_text_covered_later_in_the_frame_is_not_redrawn_on_top():
    driver = _driver((1920, 1080), covered=True)
    try:
        rect = _window_rect(driver, driver.top.rect.inflate(-10, -4)).inflate(-4, -4)
        window = driver.app.display.window
        assert _ink_pixels(window, rect) == 0
        assert window.get_at(rect.center)[:3] == (200, 0, 0)
    finally:
        driver.close()


def test_nothing_is_noted_at_the_canvas_size():
    driver = _driver((1280, 720))
    try:
        assert driver.app.display.direct
        assert sharp_text.target is None and not sharp_text.labels
    finally:
        driver.close()


class EdgeScene(Scene):
    """A panel's 1 px edge running just above a label (within a pixel of its box)."""

    def __init__(self, app) -> None:
        super().__init__()
        self.rect = pygame.Rect(0, 0, 0, 0)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(PAPER)
        pygame.draw.line(surface, INK, (20, 99), (600, 99))
        self.rect = theme.draw_text(surface, "Under the edge", (100, 100), 14, INK)


def test_a_line_next_to_a_label_looks_the_same_beside_it_and_along_it():
    """The title's footer redrew the cards' bottom edge over its own width crisp and
    bright, the rest of the edge soft: the edge looked broken (so did frames under captions)."""
    driver = Driver(lambda app: EdgeScene(app), autosave=False)
    try:
        driver.app.display.window = pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
        driver.app.display.resized()
        driver.frames(2)
        d = driver.app.display
        window = d.window
        label = driver.top.rect
        top = d.dest.y + int(97 * d.scale)
        rows = range(top, d.dest.y + int(102 * d.scale))
        beside = d.dest.x + int((label.x - 40) * d.scale)
        along = d.dest.x + int((label.x + 2) * d.scale)  # over the label's box, left of its first glyph
        column = [window.get_at((beside, y))[:3] for y in rows]
        under = [window.get_at((along, y))[:3] for y in rows]
        worst = max(abs(a - b) for p, q in zip(column, under, strict=True) for a, b in zip(p, q, strict=True))
        assert worst <= 40, (column, under)
    finally:
        driver.close()


def test_a_4k_window_keeps_every_label_on_show_cached_and_the_cache_bounded(monkeypatch):
    """In a 3840x2160 window every label is drawn a second time, nine times the pixels: the
    title's labels outgrew the label cache, so each frame dropped what the next one needed
    and drew all of them anew. The title, a set-up screen and a table (the person to move
    first, so no computer move changes a label meanwhile) now draw no label
    anew once shown; the cache still has a limit, and back at the canvas size its old one."""
    from game.scenes.setup import SetupScene
    from game.scenes.tables import table_class
    from game.session import GameSession
    from game.ui.surface_cache import SurfaceCache
    drawn: list[object] = []
    keep = SurfaceCache.__setitem__

    def counted(cache, key, surf):
        if cache is theme._text_cache:
            drawn.append(key)
        keep(cache, key, surf)
    monkeypatch.setattr(SurfaceCache, "__setitem__", counted)
    driver = Driver(autosave=False)
    try:
        display = driver.app.display
        display.window = pygame.display.set_mode((3840, 2160), pygame.RESIZABLE)
        display.resized()
        screens = [lambda app: SetupScene(app, "breaks"),
                   lambda app: table_class("breaks")(app, GameSession("breaks", ["human", "ai:easy"], seed=1,
                                                                options={"first_player": 0}))]
        for open_next in [None, *screens]:
            if open_next is not None:
                driver.app.stack.push(open_next(driver.app))
            driver.frames(3)  # drawn once
            drawn.clear()
            driver.frames(5)
            assert drawn == [], f"{type(driver.top).__name__} drew {len(drawn)} labels again"
            assert sharp_text.target is not None, "labels are redrawn at the window's size"
        budget = theme._text_cache.max_bytes
        assert theme._text_cache.bytes <= budget < 64_000_000
        display.window = pygame.display.set_mode((1280, 720), pygame.RESIZABLE)
        display.resized()
        assert theme._text_cache.max_bytes == theme.TEXT_CACHE_BYTES >= theme._text_cache.bytes
    finally:
        driver.close()
