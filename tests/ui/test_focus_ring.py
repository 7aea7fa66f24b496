"""The keyboard focus ring: never mistaken for a legal-move glow, and never lost."""

from __future__ import annotations

import pygame
import pytest

from game.ui import theme
from game.ui.focus import Focusable, FocusRing
from tests.ui.driver import Driver

WHITE = (255, 255, 255)


def ring_colours(ring: FocusRing) -> set[tuple[int, int, int]]:
    surface = pygame.Surface((200, 200))
    surface.fill(theme.TABLE_DARK)
    ring.draw(surface)
    return {tuple(surface.get_at((x, y)))[:3] for x in range(200) for y in range(200)}


def test_the_focus_is_white_edged_in_black_never_a_glow_colour_and_stays_when_its_stop_goes_idle():
    usable = {"now": True}
    ring = FocusRing()
    ring.add(Focusable(lambda: pygame.Rect(50, 50, 100, 100), lambda: None, lambda: usable["now"]))
    ring.index, ring.visible = 0, True
    colours = ring_colours(ring)
    assert WHITE in colours and theme.BLACK in colours
    assert theme.GLOW not in colours and theme.GLOW_ALT not in colours
    usable["now"] = False  # the move was made: the stop cannot be used, but the focus is still here
    assert WHITE in ring_colours(ring)


@pytest.mark.parametrize("game", ["breaks", "blockers", "breaker_blocks", "circuit_breaker", "cube"])
def test_the_first_tab_at_a_table_lands_on_the_play_area_not_the_side_buttons(game):
    from game.scenes.table_base import PANEL_RECT
    from game.scenes.tables import table_class
    from game.session import GameSession
    session = GameSession(game, ["human", "ai:easy"], seed=1, options={"first_player": 0})
    d = Driver(lambda app: table_class(game)(app, session), autosave=False)
    try:
        d.frames(2)
        d.key(pygame.K_TAB)
        ring = d.top.focus
        buttons = [b.rect for b in d.top._callbacks]  # Undo, Rules, Menu, End turn, Turn left...
        assert ring.visible and ring.current.rect_of() not in buttons, game
        assert not PANEL_RECT.contains(ring.current.rect_of()), game
    finally:
        d.close()


def test_the_arrows_go_to_the_nearest_stop_in_their_direction_not_one_mostly_to_the_side():
    """Breaker Blocks positions: from the leaf at 4,-5 Down went to a cell one row lower but
    four columns to the left, and Up (nothing above) jumped back along the Tab order."""
    from game.scenes.breaker_blocks_board import cell_rect
    leaf, side_cell = cell_rect((4, -5)), cell_rect((0, -6))
    hand_tile, end_turn = pygame.Rect(232, 618, 36, 36), pygame.Rect(500, 648, 150, 42)
    ring = FocusRing()
    for r in (hand_tile, end_turn, side_cell, leaf):
        ring.add(Focusable(lambda r=r: r, lambda: None))

    def from_leaf(key: int) -> pygame.Rect:
        ring.index, ring.visible = 3, True
        ring.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0))
        return ring.current.rect_of()

    assert from_leaf(pygame.K_DOWN) == hand_tile, "the hand tile is below; the cell is mostly to the left"
    assert from_leaf(pygame.K_LEFT) == side_cell
    assert from_leaf(pygame.K_UP) == leaf, "nothing above: the ring stays"
    assert from_leaf(pygame.K_RIGHT) == end_turn, "its nearest corner is more to the right than down"
    ring.index = 0
    ring.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, mod=0))
    assert ring.current.rect_of() == side_cell, "from the hand tile, Up: the nearer cell above it"


@pytest.mark.parametrize("label", ["Play", "Cube puzzles", "Finished games", "Settings"])
def test_a_screen_opened_from_the_keyboard_shows_the_focus_ring_at_once_and_by_mouse_not(label):
    """Enter on a title button opened the next screen with its ring hidden until Tab: a
    keyboard player did not know where they were. A click still opens it without a ring."""
    from tests.ui.test_scenes import button_rect, focus_onto
    d = Driver()
    try:
        d.frames(2)
        title = d.top
        rect = button_rect(title, label)
        focus_onto(d, rect)
        d.key(pygame.K_RETURN)
        assert d.top is not title
        ring = d.top.focus
        assert ring.visible and ring.current is not None and ring.current.enabled(), label
        tabbed = ring.index
        d.key(pygame.K_ESCAPE)
        assert d.top is title
        d.click(rect.center)
        assert d.top is not title and not d.top.focus.visible, "a click shows no ring"
        d.key(pygame.K_TAB)
        assert d.top.focus.index == tabbed, "the ring showed where the first Tab puts it"
    finally:
        d.close()


def test_continue_from_the_keyboard_shows_the_ring_at_the_table():
    from game.session import GameSession
    from tests.ui.test_scenes import button_rect, focus_onto, save_as_autosave
    session = GameSession("blockers", ["human", "ai:easy"], seed=3, options={"first_player": 0})
    save_as_autosave(session)
    d = Driver()
    try:
        d.frames(2)
        focus_onto(d, button_rect(d.top, d.top.continue_text))
        d.key(pygame.K_RETURN)
        assert d.until(lambda: d.top.__class__.__name__ == "BlockersTable", 5)
        ring = d.top.focus
        assert ring.visible and ring.index >= ring.start, "on the play area, where the first Tab goes"
    finally:
        d.close()


@pytest.mark.parametrize("game", ["breaks", "blockers", "breaker_blocks", "circuit_breaker", "cube"])
def test_a_table_opened_from_the_keyboard_while_the_computer_moves_first_rings_your_first_move(game):
    """Start game (Enter) with the computer to move first: nothing of yours could be used, so
    the ring went round to Rules (Breaks, Blockers!) or the round track (Circuit Breaker) and
    stayed there when your turn came. It now goes where the first Tab goes on your turn."""
    from game.scenes.tables import table_class
    from game.session import GameSession
    session = GameSession(game, ["human", "ai:easy"], seed=1, options={"first_player": 1})
    d = Driver(lambda app: table_class(game)(app, session), autosave=False)
    try:
        d.frames(1)
        d.top.arrive_by_keyboard()  # as App does for a screen a key opened
        assert d.until(lambda: d.top.my_turn() and not d.top.animating, timeout=30), game
        d.frames(2)
        ring = d.top.focus
        got = ring.index
        ring.index, ring.visible = -1, False
        d.key(pygame.K_TAB)  # the first Tab on your turn
        assert ring.visible and got == ring.index, game
    finally:
        d.close()
