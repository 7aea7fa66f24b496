"""Break the Cube keyboard focus at the end of a game: the ring goes with the pad."""

from __future__ import annotations

import pygame

from tests.ui.test_cube_table import P, Q, cube_driver


def test_at_the_reveal_no_focus_ring_is_left_where_the_question_pad_was():
    """The pad is gone once every shape is revealed: a keyboard ring left on one of its
    cells would frame empty table, over the line that says who found their shape."""
    d = cube_driver(["human", "human", "human"], first_player=0, notes=True, setup={"secrets": [P, Q, P]})
    try:
        t = d.top
        d.key(pygame.K_RETURN)
        pad_stops = [i for i, item in enumerate(t.focus.items) if item.rect_of() == t.pad.question_rect("1")]
        assert pad_stops
        for _ in (0, 1):
            d.key(pygame.K_5)
            d.key(pygame.K_RETURN)
        t.building().load(P)
        d.key(pygame.K_g)
        assert t.session.is_over()
        t.focus.index, t.focus.visible = pad_stops[0], True  # where the ring was while asking by keys
        ring = pygame.Surface((1280, 720), pygame.SRCALPHA)
        t.focus.draw(ring)
        assert ring.get_bounding_rect().size == (0, 0)
    finally:
        d.close()
