"""Breaker Blocks: a tile picked up by a click shows, while the pointer rests on one of its
sockets, the circuit it would join and the side its tab would take, as a dragged one does."""

from __future__ import annotations

import pygame

from game.scenes.breaker_blocks_board import cell_rect
from game.ui import theme
from game.ui.breaker_blocks_tiles import side_point
from tests.ui.test_breaker_blocks_table import bb_driver, log, near


def point(d, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    d.frames(1)


def test_a_tile_picked_by_a_click_previews_the_circuit_of_the_socket_pointed_at():
    """2,-1 takes a tab from N (circuit III) or from W (circuit II). Dragged, the tile said
    which; picked by a click, nothing did until the click, which chose by the side nearest
    the pointer all the same (an AGITATE put the rival's leaf into a circuit not meant)."""
    d = bb_driver(["play 0 at 1,-1 from N", "draw 3", "end"])
    try:
        t = d.top
        d.frames(3)
        canvas = d.app.display.canvas

        def framed(column: int) -> bool:
            t.pulse = 0
            d.frames(1)
            return tuple(canvas.get_at((500 + 14 + column * 144 - 8, 44 + 80))[:3]) == tuple(theme.GLOW_ALT)[:3]

        d.click(t.hand_rect(0, t.hand_kinds(0).index("3")).center)
        assert t.selected == ("hand", "3")
        point(d, near((2, -1), "W"))
        assert t.landing_preview() == ("II", 0, 3, None)
        assert framed(1) and not framed(2)
        assert tuple(canvas.get_at(side_point(cell_rect((2, -1)), "W"))[:3]) == tuple(theme.GLOW_ALT)[:3]
        point(d, near((2, -1), "N"))
        assert t.landing_preview() == ("III", 0, 3, None)
        assert framed(2) and not framed(1)
        point(d, cell_rect((5, 5)).center)  # no socket there: nothing previewed
        assert t.landing_preview() is None and not framed(1) and not framed(2)
        d.click(near((2, -1), "N"))  # the click puts it where the preview said
        assert log(d)[-1] == "play 3 at 2,-1 from N"
    finally:
        d.close()
