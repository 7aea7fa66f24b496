"""A button's tooltip shows when the keyboard's focus ring rests on it as long as a
hovering pointer waits, as a tile's does; before, only the pointer brought it up."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.base import TIP_DELAY
from tests.ui.driver import Driver

GAMES = ["breaks", "blockers", "breaker_blocks", "circuit_breaker", "cube"]


def table(game: str) -> Driver:
    from game.scenes.tables import table_class
    from game.session import GameSession
    session = GameSession(game, ["human", "ai:easy"], seed=1, options={"first_player": 0})
    return Driver(lambda app: table_class(game)(app, session), autosave=False)


def tab_to(d: Driver, button) -> None:
    """Press Tab until the ring is on ``button``, as a keyboard player does."""
    for _ in range(len(d.top.focus.items) + 1):
        d.key(pygame.K_TAB, frames=1)
        if d.top.focus.current.rect_of() == button.rect:
            return
    raise AssertionError(f"Tab never reached {button.text!r}")


def drawn_tip(d: Driver, seconds: float) -> tuple[str, pygame.Rect] | None:
    """After ``seconds`` more, the tooltip drawn (its lines joined) and its box, if any."""
    d.frames(round(seconds * 60))
    lines = d.labels(frames=1)
    tip = next((b for b in d.top._callbacks if getattr(b, "tip_now", lambda: None)()), None)
    if tip is None:
        return None
    text = tip.tip_now()
    k = next((k for k in range(1, 6) if " ".join(line for line, _, _ in lines[-k:]) == text), None)
    assert k is not None, f"{text!r} is not drawn last, over everything"
    drawn = [rect for _, rect, _ in lines[-k:]]
    return text, drawn[0].unionall(drawn)


@pytest.mark.parametrize("game", GAMES)
def test_the_ring_resting_on_a_tables_buttons_shows_their_tips(game):
    d = table(game)
    try:
        t = d.top
        d.frames(2)
        assert t.hint_button.visible, "your turn against the computer: Hint is offered"
        menu = next(b for b in t._callbacks if b.text == "Menu")
        for button, tip in ((t.hint_button, "The computer suggests a move for you"),
                            (menu, "Esc: settings, or leave the table")):
            tab_to(d, button)
            assert drawn_tip(d, TIP_DELAY / 2) is None, "not before the wait a pointer has"
            shown = drawn_tip(d, TIP_DELAY / 2 + 0.1)
            assert shown is not None and shown[0] == tip, (game, button.text, shown)
            box = shown[1]
            assert not box.colliderect(button.rect), "beside or under the button, not over it"
            assert abs(box.centerx - button.rect.centerx) < 200, "by the button"
        d.key(pygame.K_TAB, frames=1)
        assert drawn_tip(d, 0) is None, "the ring moved on: the tip goes"
    finally:
        d.close()


def test_the_tip_goes_once_the_pointer_moves():
    d = table("breaks")
    try:
        t = d.top
        d.frames(2)
        tab_to(d, t.hint_button)
        assert drawn_tip(d, TIP_DELAY + 0.1) is not None
        pos = (t.hint_button.rect.x - 300, 400)  # over the table, on no button
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        assert drawn_tip(d, 0.1) is None, "the pointer names things again"
    finally:
        d.close()


def test_the_set_up_screens_info_button_tip_comes_by_the_keyboard_too():
    from game.scenes.setup import SetupScene
    d = Driver(lambda app: SetupScene(app, "breaks"), autosave=False)
    try:
        t = d.top
        d.frames(2)
        button = next(b for b in t._callbacks if b.text == "Defaults")
        tab_to(d, button)
        shown = drawn_tip(d, TIP_DELAY + 0.1)
        assert shown is not None and shown[0] == button.tip
    finally:
        d.close()


def test_a_button_pressed_from_the_keyboard_leaves_no_tip_under_what_it_opened():
    """Enter on Menu opens the game menu over the table; the table, covered and no longer
    updated, drew Menu's tip under the menu all the while it was open."""
    d = table("breaks")
    try:
        t = d.top
        d.frames(2)
        menu = next(b for b in t._callbacks if b.text == "Menu")
        tab_to(d, menu)
        assert drawn_tip(d, TIP_DELAY + 0.1) is not None
        d.key(pygame.K_RETURN, frames=3)
        assert d.top is not t, "the game menu is open"
        shown = [line for line, _, _ in d.labels(frames=1)]
        assert menu.tip not in shown, shown
    finally:
        d.close()


def test_under_the_menu_the_log_keeps_no_room_for_a_tip_it_does_not_show():
    """With a hint in Breaker Blocks' panel the log moves down under the Hint button's tip
    (see log_box). Esc with the ring resting on Hint opens the menu, which shows no tip of the
    table; the log still stood moved down, a gap over it for the tip that was not there."""
    d = table("breaker_blocks")
    try:
        t = d.top
        d.frames(2)
        d.key(pygame.K_h)
        assert d.until(lambda: t.hint is not None and t.toast_rect is not None), "no hint came"
        plain = t.log_box()[0]
        tab_to(d, t.hint_button)
        assert drawn_tip(d, TIP_DELAY + 0.1) is not None
        assert t.log_box()[0].y > plain.y, "the log makes room for the tip"
        d.key(pygame.K_ESCAPE, frames=3)
        assert d.top is not t, "the game menu is open"
        assert t.log_box()[0] == plain, "no tip under the menu, no room kept for one"
    finally:
        d.close()


def press_on(d: Driver, key: int, times: int, every: float) -> None:
    """Press ``key`` ``times`` times, ``every`` seconds (the last press that long ago)."""
    for _ in range(times):
        d.key(key, frames=round(every * 60))


@pytest.mark.parametrize("key", [pygame.K_RETURN, pygame.K_RIGHT])
def test_a_choice_stepped_again_and_again_from_the_keyboard_shows_no_tip_until_left_alone(key):
    """Enter, Enter... on an AI seat's level (the ring resting on it all the while) brought
    its tip up after a second over the choice being made; the wait starts again at each press."""
    from game.scenes.setup import SetupScene
    d = Driver(lambda app: SetupScene(app, "breaks"), autosave=False)
    try:
        t = d.top
        d.frames(2)
        level = t.level_buttons[1]
        tab_to(d, level)
        press_on(d, key, 5, TIP_DELAY * 0.6)  # three seconds of steady use
        assert level.text in ("easy", "normal", "hard") and t.focus.current.rect_of() == level.rect
        assert drawn_tip(d, 0) is None, "in use: no tip"
        shown = drawn_tip(d, TIP_DELAY * 0.4 + 0.1)
        assert shown is not None and shown[0] == level.tip, "left alone, the tip comes as after a Tab"
    finally:
        d.close()


def test_a_tables_button_pressed_again_and_again_shows_no_tip_until_left_alone():
    d = table("breaks")
    try:
        t = d.top
        d.frames(2)
        tab_to(d, t.hint_button)
        press_on(d, pygame.K_RETURN, 4, TIP_DELAY * 0.6)
        assert t.focus.current.rect_of() == t.hint_button.rect and t.hint_button.is_enabled
        assert drawn_tip(d, 0) is None
        assert drawn_tip(d, TIP_DELAY * 0.4 + 0.1) is not None
    finally:
        d.close()
