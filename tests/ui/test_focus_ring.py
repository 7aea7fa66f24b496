"""The keyboard focus ring: never mistaken for a legal-move glow, and never lost."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.focus import Focusable, FocusRing

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
