"""Where the Circuit Breaker table puts things: your house, the hand, the round track and
the objective panel, in canvas pixels (1280x720)."""

from __future__ import annotations

import math
from functools import cache

import pygame

from game.ui import theme

HOUSE_CELL = 60
HOUSE = pygame.Rect(24, 96, 7 * HOUSE_CELL, 7 * HOUSE_CELL)
MARKET_X = 472
HAND_Y = 560     # the hand's caption; the tiles start under it
HAND_TILE = 56   # a hand tile at full size
HAND_GAP = 4
# where the hand's tiles go: under the caption, left of the objective panel, down to the
# bottom of the window. The top leaves room for the focus ring (8 px round a tile) under
# the caption's 20 px line.
HAND_AREA = pygame.Rect(HOUSE.x, HAND_Y + 30, MARKET_X - 8 - HOUSE.x, 720 - 10 - (HAND_Y + 30))
MINI_CELL = 14
MINI_STEP = 160  # from one opponent's small house to the next, left to right
LABEL = 13  # the market's labels and the counts under the small houses: the least text size
MOVE_TIME = 0.4
ZOOM_CELL = 40  # an opponent's house, enlarged while pointed at: its connector ticks readable
ZOOM_REST = 0.3  # seconds on a small house before your dragged mouse may go up onto it enlarged
OBJECTIVE = pygame.Rect(MARKET_X, 470, 480, 168)  # your secret objective and the score of your house
OBJECTIVE_TEXT_TOP = 56  # the panel's words start under its heading and score line


PROMPT_WIDTH = 440  # the prompt's two lines over the house, clear of the market


def prompt_lines(text: str) -> tuple[int, list[str]]:
    """(size, lines) of the prompt over the house: two lines fit between the top of the
    window and the house, so a longer prompt (German ones end in what to do with a held
    tile, and that end was cut off) steps down a size at a time, to 13 px at the least."""
    for size in (16, 15, 14, 13):
        lines = theme.wrap(text, size, PROMPT_WIDTH)
        if len(lines) <= 2:
            break
    return size, lines[:2]


CAPTION_WIDTH = MARKET_X - HOUSE.x - 12  # the caption over the hand, clear of the market


def caption_lines(text: str, first_width: int) -> tuple[int, list[str]]:
    """(size, lines) of the caption over the hand: one line at 14 px, or 13 px, when it
    fits; else two lines at 13 px, the project's least reading size (a T wire's caption
    shrank to 11 px on one line). The first of two lines sits beside your mouse's label,
    so it is only ``first_width`` wide; the second holds the rest (no caption needs more,
    tests/ui/test_circuit_breaker_table.py checks: one that did would shrink, not lose words)."""
    for size in (14, 13):
        if theme.font(size).size(text)[0] <= CAPTION_WIDTH:
            return size, [text]
    first = theme.wrap(text, 13, first_width)[0]
    return 13, [first, text[len(first):].strip()]


def objective_lines(texts: list[str]) -> tuple[int, list[str]]:
    """(line step, lines) of the score panel's words at 13 px, the least reading size, each
    text starting a line. Six lines fit under the heading and the score line; a house with
    nearly every type may need a seventh, and then the lines close up rather than shrink."""
    lines = [line for text in texts for line in theme.wrap(text, 13, OBJECTIVE.w - 20)]
    room = OBJECTIVE.h - OBJECTIVE_TEXT_TOP - 4
    return min(18, room // max(1, len(lines))), lines


def house_rect_cell(x: int, y: int) -> pygame.Rect:
    return pygame.Rect(HOUSE.x + x * HOUSE_CELL, HOUSE.y + (6 - y) * HOUSE_CELL, HOUSE_CELL, HOUSE_CELL)


def house_cell_at(pos: tuple[int, int]) -> tuple[int, int] | None:
    if not HOUSE.collidepoint(pos):
        return None
    return (pos[0] - HOUSE.x) // HOUSE_CELL, 6 - (pos[1] - HOUSE.y) // HOUSE_CELL


@cache
def hand_layout(count: int) -> tuple[int, int]:
    """(tile size, tiles per row) for a hand of ``count`` tiles in HAND_AREA. Hands have
    no size limit (CB-17): up to 7 tiles in a row, then a second row at full size (14),
    then as many rows and columns as give the largest tiles, so every tile is seen whole
    and can be pointed at. Rows fill left to right like text, full rows first."""
    n = max(1, count)
    best = 1
    for rows in range(1, n + 1):
        tall = (HAND_AREA.h + HAND_GAP) // rows - HAND_GAP
        if tall < 1:
            break
        size = min(HAND_TILE, tall, (HAND_AREA.w + HAND_GAP) // math.ceil(n / rows) - HAND_GAP)
        best = max(best, size)
    return best, min(n, max(1, (HAND_AREA.w + HAND_GAP) // (best + HAND_GAP)))


def hand_tile_rect(index: int, count: int) -> pygame.Rect:
    """The index-th tile of a hand of ``count`` tiles (an index past the end: where one more
    tile would go)."""
    size, per_row = hand_layout(max(count, index + 1))
    row, col = divmod(index, per_row)
    return pygame.Rect(HAND_AREA.x + col * (size + HAND_GAP), HAND_AREA.y + row * (size + HAND_GAP), size, size)


ROUND_TRACK = pygame.Rect(MARKET_X + 130, 276, 950 - MARKET_X - 130, 18)  # up to the side panel


def round_box(k: int, rounds: int) -> pygame.Rect:
    """Round k's box on the round track: an 18 px box every 20 px, closer together when a
    long game (up to 40 rounds) needs it, so the track always ends before the side panel."""
    step = min(20.0, ROUND_TRACK.width / rounds)
    return pygame.Rect(ROUND_TRACK.x + round((k - 1) * step), ROUND_TRACK.y, max(3, int(step) - 2), 18)


def mouse_spot(rect: pygame.Rect) -> tuple[tuple[int, int], int]:
    """(centre, radius) of the mouse icon drawn for a mouse token's ``rect``: the radius is a
    third of its width, the centre a little right and down of the rect's (the tail's tag
    reaches 2.1 radii left of the centre, the body one radius right)."""
    size = round(rect.w / 3)
    return (rect.centerx + round(0.3 * size), rect.centery + round(0.2 * size)), size


def lone_mouse_rect(spot: pygame.Rect) -> pygame.Rect:
    """A lone mouse on a market spot: a size under a mouse at home, in the frame's
    bottom-right corner, its tail's tag under the card and its ears right of it, 2 px off
    the card and 3 px in from the frame (at full size, 4 px further in, it lay over the
    card's corner)."""
    return pygame.Rect(spot.right - 28, spot.bottom - 20, 27, 20)  # mouse_spot: radius 9 at (+98, +84)


def shared_mouse_rect(spot: pygame.Rect, index: int, count: int) -> pygame.Rect:
    """The index-th of ``count`` (2 to 4) mice on one market spot, a size smaller than a lone
    mouse, inside the spot's frame and off its card: two or three in a row under the card,
    evenly spaced; four in two rows of two at the frame's left and right, beside the card
    (a row of four fits only smaller, and the seat tags were then too small to tell apart).
    At full size three overlapped one another (a tail's tag on the next) and the card's edge."""
    size = 8
    wide = 3.1 * size  # an icon from its tail's tag to its nose
    inner = spot.w - 8  # 4 px in from the frame on either side
    low = spot.bottom - 4 - 0.7 * size  # the lowest row: clear of the card above and the frame below
    if count <= 3:
        gap = (inner - count * wide) / (count + 1)
        cx, cy = spot.x + 4 + gap * (index + 1) + wide * index + 2.1 * size, low
    else:
        row, col = divmod(index, 2)
        cx, cy = spot.x + 4 + 2.1 * size + col * (inner - wide), low - 23 * row
    rect = pygame.Rect(0, 0, 3 * size, round(2.2 * size))
    rect.center = (round(cx - 0.3 * size), round(cy - 0.2 * size))
    return rect
