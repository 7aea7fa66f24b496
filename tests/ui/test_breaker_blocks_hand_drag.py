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


def test_a_held_hand_tile_leaves_its_slot_until_it_flies_back():
    """The tile held in a drag was drawn in its hand slot as well: a third 0 beside the two
    the hand holds. Its slot stays empty while it is held and while it flies back after a
    refused drop, and shows the tile again once it has landed."""
    d = bb_driver()
    try:
        t = d.top
        d.frames(2)
        canvas = d.app.display.canvas
        slot = t.hand_rect(0, 1)
        empty = canvas.get_at(t.hand_rect(0, 3).center)[:3]  # no third tile: the table shows
        tile = canvas.get_at(slot.center)[:3]
        assert tile != empty
        d.hold(slot.center, (300, 300), frames=2)
        assert canvas.get_at(slot.center)[:3] == empty
        assert canvas.get_at(t.hand_rect(0, 0).center)[:3] == tile  # the other copy stays
        d.release(cell_rect((5, 5)).center, frames=1)  # refused: it flies back
        assert t.drag.snapbacks and canvas.get_at(slot.center)[:3] == empty
        d.frames(30)
        assert not t.drag.snapbacks and canvas.get_at(slot.center)[:3] == tile
    finally:
        d.close()


def test_in_a_closed_up_hand_the_pointer_takes_the_tile_drawn_on_top(monkeypatch):
    """A long hand closes up, each tile drawn over the one before it: where two overlap, a
    press (and a tip) took the first, the tile underneath, not the one the player sees."""
    d = bb_driver()
    try:
        t = d.top
        d.frames(2)
        monkeypatch.setattr(t, "hand_kinds", lambda seat, view=None: ["0", "1", "2", "3"] * 5)
        first, second = t.hand_rect(0, 3), t.hand_rect(0, 4)
        assert first.colliderect(second), "the hand is closed up: its tiles overlap"
        overlap = first.clip(second)
        assert t.hand_slot_at(overlap.center) == 4
        assert t.hand_slot_at((first.x + 1, first.centery)) == 3  # left of the next tile: the first's own
    finally:
        d.close()
