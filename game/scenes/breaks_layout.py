"""Where everything sits on the Breaks table, for a given number of players and the
seat whose eyes we look through (that seat at the bottom, opponents along the top).

Pure geometry over pygame.Rect: drawing, hit-testing and animation all ask here, so
they always agree.
"""

from __future__ import annotations

from dataclasses import dataclass

from pygame import Rect

BIG = (88, 124)
SMALL = (60, 84)
BIG_STEP = 30
SMALL_STEP = 22
MAX_SHOWN = 5          # sequences hold at most 4 between turns; leave room for one more


@dataclass(frozen=True)
class SeatArea:
    seat: int
    rect: Rect
    card: tuple[int, int]
    step: int
    slots_x: tuple[int, ...]
    slots_y: int
    stack_origin: tuple[int, int]
    stack_card: tuple[int, int]
    stack_fan: int
    stack_cols: int
    stack_dx: int
    stack_dy: int
    label: tuple[int, int]
    note: tuple[int, int]  # "no stacks yet", where the stacks will go


class BreaksLayout:
    TABLE = Rect(0, 0, 960, 720)
    # the piles sit a little above the prompt: their captions (CAPTION_GAP below) fit between
    # the focus ring round a pile and the top of your area's frame, descenders and all
    DRAW = Rect(40, 258, *BIG)
    DISCARD = Rect(160, 258, *BIG)
    PENDING = Rect(300, 258, *BIG)
    CAPTION_GAP = 3
    PROMPT = Rect(420, 262, 530, 124)

    def __init__(self, num_players: int, viewer: int) -> None:
        self.num_players = num_players
        self.viewer = viewer
        self.areas: dict[int, SeatArea] = {}
        # each seat's heading ("Seat 2 (AI)   0 pts") sits above its slots, clear of the focus
        # ring on a slot (it reaches 8 px outside the slot's zone, game/ui/focus.py)
        self.areas[viewer] = SeatArea(
            viewer, Rect(16, 410, 936, 300), BIG, BIG_STEP, tuple(40 + 104 * s for s in range(3)), 452,
            (372, 448), (44, 62), 11, 5, 112, 80, (40, 413), (372, 448))
        others = [(viewer + k) % num_players for k in range(1, num_players)]
        m = len(others)
        width = 936 // m if m > 1 else 640
        x_start = 16 if m > 1 else 160
        for i, seat in enumerate(others):
            x0 = x_start + i * width
            slots_x = tuple(x0 + 14 + 70 * s for s in range(3))
            if m <= 2:
                stack = dict(stack_origin=(x0 + 234, 44), stack_card=(30, 42), stack_fan=7, stack_cols=3,
                             stack_dx=68, stack_dy=50, note=(x0 + 234, 44))
            else:  # stacks under the slots: the note keeps clear of the focus ring on a slot (8 px out)
                stack = dict(stack_origin=(x0 + 14, 202), stack_card=(26, 36), stack_fan=4, stack_cols=6,
                             stack_dx=48, stack_dy=40, note=(x0 + 14, 214))
            self.areas[seat] = SeatArea(seat, Rect(x0 + 2, 6, width - 8, 242 if m > 2 else 200), SMALL,
                                        SMALL_STEP, slots_x, 48, label=(x0 + 14, 9), **stack)

    def card_rect(self, seat: int, slot: int, index: int) -> Rect:
        a = self.areas[seat]
        return Rect(a.slots_x[slot], a.slots_y + index * a.step, *a.card)

    def slot_zone(self, seat: int, slot: int) -> Rect:
        """The whole column a sequence may occupy: the drop target for that slot."""
        a = self.areas[seat]
        return Rect(a.slots_x[slot] - 4, a.slots_y - 4, a.card[0] + 8, a.card[1] + a.step * (MAX_SHOWN - 2) + 8)

    def sequence_rect(self, seat: int, slot: int, length: int) -> Rect:
        a = self.areas[seat]
        return Rect(a.slots_x[slot], a.slots_y, a.card[0], a.card[1] + a.step * max(0, length - 1))

    def stack_card_rect(self, seat: int, stack: int, index: int, count: int = 0) -> Rect:
        """Card ``index`` of banked stack ``stack`` out of ``count``. Stacks fill the rows
        that fit in the seat's area; when there are more than the usual grid holds, more
        columns share the width and the stacks overlap sideways, the newest on top."""
        a = self.areas[seat]
        rows = max(1, (a.rect.bottom - 4 - a.stack_origin[1] - a.stack_card[1]) // a.stack_dy + 1)
        cols = max(a.stack_cols, -(-count // rows))
        width = a.stack_card[0] + 4 * a.stack_fan  # a stack is five cards fanned sideways
        room = a.rect.right - 4 - a.stack_origin[0] - width
        dx = min(a.stack_dx, room / (cols - 1)) if cols > 1 else a.stack_dx
        col, row = stack % cols, stack // cols
        x = a.stack_origin[0] + round(col * dx) + index * a.stack_fan
        y = a.stack_origin[1] + row * a.stack_dy
        return Rect(x, y, *a.stack_card)

    def hit_slot(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        for seat in self.areas:
            for s in range(3):
                if self.slot_zone(seat, s).collidepoint(pos):
                    return seat, s
        return None
