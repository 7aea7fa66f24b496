"""Breaker Blocks: a tile dragged out of the hand is the copy pressed, from its own slot."""

from __future__ import annotations

from game.scenes.breaker_blocks_board import cell_rect
from tests.ui.test_breaker_blocks_table import bb_driver, log


def test_the_second_copy_of_a_kind_drags_from_and_snaps_back_to_its_own_slot():
    """Both 0s of the opening hand: a press on the second lifted a tile off the first slot
    (it jumped a slot left of the pointer) and a refused drop flew it back there."""
    d = bb_driver()
    try:
        t = d.top
        d.frames(2)
        assert t.hand_kinds(0) == ["0", "0"]
        second = t.hand_rect(0, 1)
        d.hold(second.center, (300, 300), frames=2)
        held = t.drag.drag
        assert held is not None and held.started
        assert held.origin.center == second.center, (held.origin, second)
        # under the pointer as it was under the press (the image is a pixel or so smaller than the slot)
        assert abs(held.rect.centerx - 300) <= 2 and abs(held.rect.centery - 300) <= 2, held.rect
        d.release(cell_rect((5, 5)).center, frames=1)  # no socket there: refused
        assert log(d) == [] and t.drag.snapbacks
        _, back = t.drag.snapbacks[-1]
        assert back.end == held.origin.topleft
    finally:
        d.close()
