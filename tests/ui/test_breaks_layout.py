"""The Breaks table layout: every seat's banked stacks stay inside its own area, however
many there are (two decks can give one player a dozen)."""

from __future__ import annotations

import pytest

from game.scenes.breaks_layout import BreaksLayout


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_stack_stays_inside_its_seat_area(players):
    layout = BreaksLayout(players, viewer=0)
    for seat, area in layout.areas.items():
        for count in range(1, 22):
            rects = [layout.stack_card_rect(seat, k, i, count) for k in range(count) for i in range(5)]
            assert all(area.rect.contains(r) for r in rects), (seat, count)
            firsts = [layout.stack_card_rect(seat, k, 0, count) for k in range(count)]
            assert len({(r.x, r.y) for r in firsts}) == count, "no stack hides another whole"


def test_stacks_keep_their_usual_spacing_while_they_fit():
    layout = BreaksLayout(4, viewer=0)
    area = layout.areas[1]
    assert layout.stack_card_rect(1, 1, 0, 2).x - layout.stack_card_rect(1, 0, 0, 2).x == area.stack_dx
