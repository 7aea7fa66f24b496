"""A tooltip stays inside the window, a margin in from its edges, and off the message on
show: the Hint button's tip ran to the window's right edge and over the top of the hint
it had just put up, in every game (the tables share the Hint button and the placement)."""

from __future__ import annotations

import pygame
import pytest

from game.scenes import base
from game.ui.buttons import TIP_MARGIN
from tests.ui.driver import Driver

GAMES = ["breaks", "blockers", "breaker_blocks", "circuit_breaker", "cube"]
WINDOW = pygame.Rect(0, 0, 1280, 720)


def table(game: str) -> Driver:
    from game.scenes.tables import table_class
    from game.session import GameSession
    session = GameSession(game, ["human", "ai:easy"], seed=1, options={"first_player": 0})
    return Driver(lambda app: table_class(game)(app, session), autosave=False)


def tip_drawn(d: Driver, monkeypatch, at: tuple[int, int]) -> pygame.Rect | None:
    """Rest the pointer on ``at`` for a second and a half; where the scene drew the tip."""
    drawn: list[pygame.Rect | None] = []
    real = base.draw_tooltip

    def spy(*args, **kwargs):
        drawn.append(real(*args, **kwargs))
        return drawn[-1]
    monkeypatch.setattr(base, "draw_tooltip", spy)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: at)
    d.frames(90)
    return drawn[-1] if drawn else None


def hint_tip(d: Driver, game: str, monkeypatch) -> pygame.Rect:
    """Where the Hint button's tip shows, pointed at once H has put a hint up."""
    t = d.top
    d.frames(2)
    d.key(pygame.K_h)
    assert d.until(lambda: t.hint is not None and t.toast_rect is not None), f"{game}: no hint came"
    rect = tip_drawn(d, monkeypatch, t.hint_button.rect.center)
    assert rect is not None, f"{game}: no tip over the Hint button"
    return rect


@pytest.mark.parametrize("game", GAMES)
def test_the_hint_buttons_tip_keeps_inside_the_window_and_off_the_hint(game, monkeypatch):
    d = table(game)
    try:
        t = d.top
        rect = hint_tip(d, game, monkeypatch)
        assert WINDOW.inflate(-2 * TIP_MARGIN, -2 * TIP_MARGIN).contains(rect), (game, rect)
        assert t.hint is not None and not rect.colliderect(t.toast_rect), (game, rect, t.toast_rect)
        assert not rect.colliderect(t.hint_button.rect), (game, rect)
        menu = next(b for b in t._callbacks if getattr(b, "tip", None) == "Esc: settings, or leave the table")
        rect = tip_drawn(d, monkeypatch, (menu.rect.right - 4, menu.rect.centery))  # the window's corner
        assert rect is not None and WINDOW.inflate(-2 * TIP_MARGIN, -2 * TIP_MARGIN).contains(rect), (game, rect)
    finally:
        d.close()


@pytest.mark.parametrize("game", GAMES)
def test_the_hint_buttons_tip_keeps_off_the_turn_banner_beside_it(game, monkeypatch):
    """With the hint on show under the button, the tip moved left of the button, over
    'Your turn' (it went there in the tables whose messages show in the side panel)."""
    d = table(game)
    try:
        t = d.top
        rect = hint_tip(d, game, monkeypatch)
        banner = next(rect for text, rect, _ in d.labels() if text == "Your turn")
        assert t.hint is not None, game
        assert not rect.colliderect(banner), (game, rect, banner)
        assert not rect.colliderect(t.toast_rect) and not rect.colliderect(t.hint_button.rect), (game, rect)
        assert WINDOW.inflate(-2 * TIP_MARGIN, -2 * TIP_MARGIN).contains(rect), (game, rect)
    finally:
        d.close()


@pytest.mark.parametrize("game", GAMES)
def test_the_hint_buttons_tip_keeps_on_the_panel_and_off_the_log_heading(game, monkeypatch):
    """The tip, 307 px wide on a 304 px panel, ran 3 px out of its left edge over the board;
    under a hint shown in the panel (Breaker Blocks, Circuit Breaker) it lay on "Game log"."""
    from game.scenes.table_base import PANEL_RECT
    d = table(game)
    try:
        rect = hint_tip(d, game, monkeypatch)
        assert PANEL_RECT.contains(rect), (game, rect, PANEL_RECT)
        heading = next(rect for text, rect, _ in d.labels() if text == "Game log")
        assert not rect.colliderect(heading), (game, rect, heading)
    finally:
        d.close()


@pytest.mark.parametrize("game", ["breaker_blocks", "circuit_breaker"])
def test_the_hint_buttons_tip_under_a_hint_in_the_panel_leaves_the_log_readable(game, monkeypatch):
    """With the hint shown in the side panel there is no room between it and the button:
    the tip went down past the hint and the heading, over the log's first lines. The log
    makes room under the tip instead, its lines all drawn clear of it."""
    d = table(game)
    try:
        t = d.top
        rect = hint_tip(d, game, monkeypatch)
        heading, box = t.log_box()
        assert not rect.colliderect(heading) and not rect.colliderect(box), (game, rect, heading, box)
        assert not rect.colliderect(t.toast_rect), (game, rect, t.toast_rect)
        logged = {part for _, part, _ in t._wrapped_log()}
        drawn = [r for text, r, clip in d.labels() if text in logged and r.colliderect(clip)]
        assert drawn, f"{game}: no log line drawn"
        assert not any(r.colliderect(rect) for r in drawn), (game, rect, drawn)
    finally:
        d.close()


@pytest.mark.parametrize("game", GAMES)
def test_the_panel_buttons_tips_keep_inside_the_panels_border(game, monkeypatch):
    """The tips of Hint, Undo, Rules and Menu ran to the panel's right edge and lay on its
    border line; they keep the panel's margin inside it, as its log and buttons do."""
    from game.scenes.table_base import PANEL_RECT
    d = table(game)
    try:
        t = d.top
        d.frames(2)
        inside = PANEL_RECT.inflate(-2 * TIP_MARGIN, -2 * TIP_MARGIN)
        for button in (t.hint_button, t.undo_button, *(b for b in t._callbacks if b.text in ("Rules", "Menu"))):
            rect = tip_drawn(d, monkeypatch, (button.rect.right - 4, button.rect.centery))
            assert rect is not None, (game, button.text)
            assert inside.contains(rect), (game, button.text, rect, inside)
    finally:
        d.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_bottom_buttons_tip_leaves_the_newest_log_lines_in_view(game, monkeypatch):
    """The greyed-out Undo's tip, two lines tall, rose from the buttons under the game log
    over its newest lines; the log's box now ends over the tip, the newest lines in it."""
    d = table(game)
    try:
        t = d.top
        for i in range(40):
            t.add_log(None, f"Entry {i}")
        d.frames(2)
        rect = tip_drawn(d, monkeypatch, t.undo_button.rect.center)
        assert rect is not None and rect.bottom <= t.undo_button.rect.top, (game, rect)
        drawn = {text: r for text, r, clip in d.labels() if text.startswith("Entry ") and r.colliderect(clip)}
        assert "Entry 39" in drawn, (game, sorted(drawn))
        assert not any(r.colliderect(rect) for r in drawn.values()), (game, rect, drawn)
        assert not t.log_box()[1].colliderect(rect), (game, rect, t.log_box())
    finally:
        d.close()


def test_a_tiles_tip_goes_beside_its_rack_or_hand_only_with_room_enough():
    """Blockers' rack and Breaker Blocks' hands share the rule (tip_beside): a tip beside the
    tiles in a column at least SIDE_TIP_MIN_WIDTH wide, else none, and the table places it
    as a button's."""
    from game.ui.buttons import SIDE_TIP_MIN_WIDTH, tip_beside
    pygame.font.init()  # the tip is wrapped to the room by its font
    wide = pygame.Rect(600, 300, SIDE_TIP_MIN_WIDTH, 300)
    tip = tip_beside("Power 2: adds 2 to the circuit it joins.", wide, 450)
    assert tip is not None and wide.contains(tip.rect) and tip.rect.x == wide.x
    assert abs(tip.rect.centery - 450) <= 1
    assert tip_beside("Power 2", wide.inflate(-2, 0), 450) is None
    assert tip_beside("Power 2", None, 450) is None
