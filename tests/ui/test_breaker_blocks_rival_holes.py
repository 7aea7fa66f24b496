"""Breaker Blocks: a refused drop blames the other player's holes only when no hole of the
held tile's owner faces the cell."""

from __future__ import annotations

from game.scenes.breaker_blocks_board import cell_rect
from tests.ui.test_breaker_blocks_table import bb_driver, log, near

# Seat 1's power 0 at 3,-1 (a leaf, from W) and Seat 2's at 3,1 (from W): cell 3,0 is faced by
# the leaf's own N hole and Seat 2's S hole, cell 4,1 by Seat 2's E hole only
FACING_EACH_OTHER = ["play 0 at 2,-1 from N", "play 0 at 3,-1 from W", "play 0 at 3,1 from W", "end"]


def test_a_leaf_dropped_where_its_own_hole_faces_is_refused_for_that_not_for_the_rivals_holes():
    """Moved next to itself, into a cell Seat 2's hole faces too, the leaf was refused with
    'Only Seat 2's holes face 3,0' (f72d3ba), though its own hole faced it too, and then with
    no reason at all ('Drop it on a glowing socket.'); the real reason is that a tile cannot
    plug into one of its own holes."""
    d = bb_driver(FACING_EACH_OTHER)
    try:
        t = d.top
        d.frames(2)
        assert t.my_turn() and (3, -1) in t.moves().rearranges and (3, 0) not in t.moves().rearranges[(3, -1)]
        d.drag(cell_rect((3, -1)).center, near((3, 0), "S"))
        assert log(d)[-1] == "end" and t.toast == "A tile cannot plug into one of its own holes.", t.toast
        d.click(cell_rect((3, -1)).center)  # picked by a click, then a click on the cell: the same words
        d.click(near((3, 0), "S"))
        assert log(d)[-1] == "end" and t.toast == "A tile cannot plug into one of its own holes.", t.toast
        d.click(near((4, 1), "W"))  # only Seat 2's hole faces 4,1: that is the reason there
        assert t.toast.startswith("Only Seat 2's holes face 4,1:"), t.toast
    finally:
        d.close()
