"""Where Break the Cube's revealed shapes stand at the end of a game.

Side by side, four shapes with their letter rings got 21 px a tile (a tenth of the table's
width each) with half the height empty; three or four stand two by two instead, as large as
a cell's height lets them (three keep to one row when a column three levels high needs the
height), and two share one row. Each shape is sized for the tallest of them at any quarter
turn, so turning the view never runs a block into a caption. Side by side, foundations keep
SIDE_GAP between their corners: two of them 12 px apart read as one board.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import pygame

from game.scenes.cube_board import shape_view
from game.ui.iso import Cube

# under the prompt's two lines (y 44-92), over the Turn buttons (y 664), left of the panel (x 968)
AREA = pygame.Rect(20, 96, 940, 560)
CAPTION_H = 74       # a shape's title and two lines saying who searched it
GAP = 12             # under each foundation (over the next row's caption)
SIDE_GAP = 48        # between foundations side by side, whose corners point at each other
MAX_TILE = 48
# the verdict of a game-ending guess: one row leaves it the room under the shapes, four a strip
# between the columns (its circle and its word are each under 110 px across)
STAMP_BELOW = (480, 585)
STAMP_TOP = STAMP_BELOW[1] - 38 - 10  # the top of its circle (radius 38 and its backing's 10)
STAMP_HALF = 56


@dataclass(frozen=True)
class Spot:
    caption: pygame.Rect   # the title at its midtop, the lines under it wrapped to its width
    centre: tuple[int, int]
    tile: int


def reach(shapes: Iterable[Iterable[Cube]]) -> tuple[float, float]:
    """How far the shapes reach above and below their foundation's centre, in tiles, at any
    quarter turn (the foundation's own corners included)."""
    up = down = 0.0
    for cubes in shapes:
        cubes = list(cubes)
        for rotation in range(4):
            iso = shape_view((0, 0), 1, rotation)
            near, far = iso.base_span()
            points = [iso.project(x, y, 0) for x in (near, far) for y in (near, far)]
            points += [iso.project(x + dx, y + dy, z + 1) for x, y, z in cubes for dx in (0, 1) for dy in (0, 1)]
            up = max(up, -min(p[1] for p in points))
            down = max(down, max(p[1] for p in points))
    return up, down


def reveal_spots(shapes: Sequence[Iterable[Cube]]) -> list[Spot]:
    """A caption box, a centre and a tile size for each seat's revealed shape: in one row, or
    two by two (a third shape alone under the first two, in the middle), whichever draws them
    larger; two by two wins unless a shape has a column three levels high."""
    up, down = reach(shapes)
    layouts = [_layout(len(shapes), rows, up, down) for rows in ((1, 2) if len(shapes) >= 3 else (1,))]
    return max(layouts, key=lambda spots: spots[0].tile)  # on a tie the first: one row


def _layout(n: int, rows: int, up: float, down: float) -> list[Spot]:
    cols = math.ceil(n / rows)
    cell_w = AREA.w // cols
    height = AREA.h if rows > 1 else STAMP_TOP - 4 - AREA.y
    cell_h = height // rows
    inner = STAMP_HALF if rows > 1 and n >= 4 else 0  # each column gives half the stamp's strip
    near, far = shape_view((0, 0), 1).base_span()
    half_w = far - near  # the foundation's half width, in tiles (corner to corner on screen)
    apart = max(SIDE_GAP, 2 * inner + GAP)  # four two by two stand further apart already
    tile = int(min(MAX_TILE, (cell_w - apart) / (2 * half_w), (cell_h - CAPTION_H - GAP) / (up + down)))
    spots = []
    for s in range(n):
        row, col = divmod(s, cols)
        in_row = min(cols, n - row * cols)
        cx = AREA.centerx + round((col - (in_row - 1) / 2) * cell_w)
        top = AREA.y + cell_h * row
        room = cell_h - CAPTION_H - GAP - round((up + down) * tile)
        cy = top + CAPTION_H + room // 2 + round(up * tile)
        caption = pygame.Rect(0, top, cell_w - 10 - 2 * inner, CAPTION_H)
        caption.centerx = cx
        spots.append(Spot(caption, (cx, cy), tile))
    return spots


def stamp_centre(spots: Sequence[Spot]) -> tuple[int, int]:
    """Where the verdict of a game-ending guess goes, clear of the revealed shapes and their
    captions: under one row; beside the third shape, alone in its row; between four."""
    last = spots[-1]
    if last.caption.top == spots[0].caption.top:  # one row
        return STAMP_BELOW
    if len(spots) % 2:  # the last shape alone in the middle of its row: right of it
        near, far = shape_view((0, 0), 1).base_span()
        return (last.centre[0] + round((far - near) * last.tile) + AREA.right) // 2, last.centre[1]
    return AREA.centerx, last.caption.top
