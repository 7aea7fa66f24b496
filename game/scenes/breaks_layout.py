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
ZOOM_FAN = 48          # a hovered stack's cards, shown full size, this far apart: every card's rank
                       # and suit in sight, a 10's too (game/ui/cards.py index_right)
MIN_ROW_STEP = 20      # banked stacks' rows close up to this, the top card's rank still showing
# an opponent's stacks fanned downwards (four players): the top card lies lowest, so the next
# row covers it first. Of it at least TOP_SHOWN stays in sight, its corner index (14 px) and
# some of its face (16 px in a 960 x 540 window); rows closed up to 16 px hid the top card but
# for the very top of its rank. Fanned RANKS_FAN apart every card's rank and suit shows (see
# game/ui/cards.py index_middle); closer than that the cards pile up PILE_FAN apart, their edges
# telling five cards: half-cut ranks would read as other cards.
TOP_SHOWN = 22
RANKS_FAN = 14
PILE_FAN = 3


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
    stack_down: bool = False  # a stack's cards fanned downwards (each shows its top strip), not sideways


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
            (372, 448), (68, 96), 22, 3, 168, 104, (40, 413), (372, 448))
        others = [(viewer + k) % num_players for k in range(1, num_players)]
        m = len(others)
        width = 936 // m if m > 1 else 640
        x_start = 16 if m > 1 else 160
        for i, seat in enumerate(others):
            x0 = x_start + i * width
            slots_x = tuple(x0 + 14 + 70 * s for s in range(3))
            # stacks as large as the room beside the slots allows, fanned so that every card's
            # whole rank shows ("10" too; game/ui/cards.py RANK_MIN): fanned 8 to 11 px apart,
            # the ranks were cut, and at 9 px they could not be read in a 960 x 540 window
            if m == 1:
                stack = dict(stack_origin=(x0 + 234, 44), stack_card=(48, 68), stack_fan=19, stack_cols=3,
                             stack_dx=136, stack_dy=78, note=(x0 + 234, 44))
            elif m == 2:
                stack = dict(stack_origin=(x0 + 228, 44), stack_card=(40, 58), stack_fan=18, stack_cols=2,
                             stack_dx=116, stack_dy=66, note=(x0 + 228, 44))
            else:  # two narrow columns right of the slots, clear of the focus ring on slot 3 (8 px
                # out), each stack fanned downwards as a sequence is; the note heads the columns,
                # wrapped to their width (under the slots it read as the slots' own)
                stack = dict(stack_origin=(x0 + 228, 44), stack_card=(34, 48), stack_fan=17, stack_cols=2,
                             stack_dx=38, stack_dy=122, note=(x0 + 228, 44), stack_down=True)
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
        that fit in the seat's area (fanned downwards, a stack's cards pile up first, see
        TOP_SHOWN); when there are more than the usual grid holds, more columns share the
        width and the stacks overlap sideways, the newest on top."""
        a = self.areas[seat]
        cols, dx, dy, fan = self.stack_grid(seat, count)
        col, row = stack % cols, stack // cols
        fan_x, fan_y = (0, index * fan) if a.stack_down else (index * fan, 0)
        x = a.stack_origin[0] + round(col * dx) + fan_x
        y = a.stack_origin[1] + round(row * dy) + fan_y
        return Rect(x, y, *a.stack_card)

    def stack_grid(self, seat: int, count: int) -> tuple[int, float, float, int]:
        """(columns, column step, row step, fan) for ``count`` banked stacks of ``seat``."""
        a = self.areas[seat]
        width, height = self.stack_size(seat)
        fan = a.stack_fan
        if a.stack_down:
            rows, dy, fan = self._downward_rows(seat, count)
        else:
            tall = a.rect.bottom - 4 - a.stack_origin[1] - height  # room for the rows below the first
            rows = max(1, tall // a.stack_dy + 1)
            dy = a.stack_dy
            if count > rows * a.stack_cols:  # rows close up first, down to a strip showing the ranks
                rows = max(rows, min(-(-count // a.stack_cols), tall // MIN_ROW_STEP + 1))
                dy = min(a.stack_dy, tall / (rows - 1)) if rows > 1 else a.stack_dy
        cols = max(a.stack_cols, -(-count // rows))
        room = a.rect.right - 4 - a.stack_origin[0] - width
        dx = min(a.stack_dx, room / (cols - 1)) if cols > 1 else a.stack_dx
        return cols, dx, dy, fan

    def _downward_rows(self, seat: int, count: int) -> tuple[int, float, int]:
        """(rows, row step, fan) of stacks fanned downwards: the widest fan with which every
        row leaves TOP_SHOWN of its top card above the next, the cards piled where a fan
        showing every rank no longer fits; the rows spread over the column's height."""
        a = self.areas[seat]
        h = a.stack_card[1]
        column = a.rect.bottom - 4 - a.stack_origin[1]
        rows = max(1, -(-count // a.stack_cols))
        fan = a.stack_fan
        if rows > 1:
            most = (column - h - (rows - 1) * TOP_SHOWN) // (4 * rows)
            if most < 0:  # not even flat piles fit: as many rows as do, more columns share the width
                rows, fan = (column - h) // TOP_SHOWN + 1, 0
            else:
                fan = min(fan, most) if most >= RANKS_FAN else min(PILE_FAN, most)
        dy = min(a.stack_dy, (column - h - 4 * fan) / (rows - 1)) if rows > 1 else a.stack_dy
        return rows, dy, fan

    def note_width(self, seat: int) -> int:
        """How wide "no stacks yet" may run: from where the stacks will go to the area's edge."""
        a = self.areas[seat]
        return a.rect.right - 4 - a.note[0]

    def stack_size(self, seat: int) -> tuple[int, int]:
        """A banked stack's five fanned cards, from the first card's corner to the last's."""
        a = self.areas[seat]
        w, h = a.stack_card
        return (w, h + 4 * a.stack_fan) if a.stack_down else (w + 4 * a.stack_fan, h)

    def stack_rect(self, seat: int, stack: int, count: int) -> Rect:
        return self.stack_card_rect(seat, stack, 0, count).union(self.stack_card_rect(seat, stack, 4, count))

    def hit_stack(self, pos: tuple[int, int], counts: list[int]) -> tuple[int, int] | None:
        """(seat, stack) of the banked stack under ``pos``, the newest on top where they
        overlap; ``counts``: how many stacks each seat has."""
        for seat in self.areas:
            n = counts[seat]
            for k in reversed(range(n)):
                if self.stack_rect(seat, k, n).collidepoint(pos):
                    return seat, k
        return None

    def stack_zoom_rect(self, seat: int, stack: int, count: int) -> Rect:
        """Where a hovered stack shows again at full card size (ZOOM_FAN apart): above your
        own, below an opponent's, else beside it; on the table, never over the stack it shows,
        and off the prompt (its words and the Done button under them): above your stack it hid
        the prompt's lines."""
        at = self.stack_rect(seat, stack, count)
        size = (BIG[0] + 4 * ZOOM_FAN + 16, BIG[1] + 16)
        above, below, right, left = (Rect((0, 0), size) for _ in range(4))
        gap = 10  # clear of the keyboard's focus ring round the stack (8 px out, game/ui/focus.py)
        above.midbottom, below.midtop = (at.centerx, at.top - gap), (at.centerx, at.bottom + gap)
        right.midleft, left.midright = (at.right + gap, at.centery), (at.left - gap, at.centery)
        tries = [above, below] if seat == self.viewer else [below, above]
        boxes = [box.clamp(self.TABLE) for box in (*tries, right, left)]
        # the prompt's words start 4 px inside its rect: a box may come up to the rect's edge
        return next((box for box in boxes if not box.colliderect(self.PROMPT) and not box.colliderect(at)), boxes[0])

    def hit_slot(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        for seat in self.areas:
            for s in range(3):
                if self.slot_zone(seat, s).collidepoint(pos):
                    return seat, s
        return None
