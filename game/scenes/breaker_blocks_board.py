"""The Breaker Blocks board in canvas pixels, and the current player's legal actions
grouped for the table (which cells a kind may be played into, from which side, ...)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui.breaker_blocks_tiles import side_point

# as large as the left column allows: the board reaches from 12 px in from the window's edge
# (the focus ring round a hand tile under it reaches 8 px out) to its row numbers, 16 px
# short of the middle column (x 500), and down to the column numbers over your hand's label
CELL = 35
X0, X1, Y0, Y1 = -5, 7, -6, 7
BOARD = pygame.Rect(12, 96, (X1 - X0 + 1) * CELL, (Y1 - Y0 + 1) * CELL)
COORD_SIZE = 14  # the coordinates along two edges: 10.5 px in a 960 x 540 window, as the log's text
PILE_X = 500  # the middle column: the piles, the circuits and the prompt
SIDES = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}


def cell_rect(cell: tuple[int, int]) -> pygame.Rect:
    x, y = cell
    return pygame.Rect(BOARD.x + (x - X0) * CELL, BOARD.y + (Y1 - y) * CELL, CELL, CELL)


def cell_at(pos: tuple[int, int]) -> tuple[int, int] | None:
    if not BOARD.collidepoint(pos):
        return None
    return X0 + (pos[0] - BOARD.x) // CELL, Y1 - (pos[1] - BOARD.y) // CELL


@dataclass
class Moves:
    """The current player's legal actions, grouped for the table."""

    draws: set[str]
    plays: dict[str, dict[tuple[int, int], list[str]]]       # kind -> cell -> sides
    rearranges: dict[tuple[int, int], dict[tuple[int, int], list[str]]]  # leaf -> cell -> sides
    places: dict[str, dict[tuple[int, int], list[str]]]      # AUTOMATE: kind -> cell -> sides
    targets: set[tuple[int, int]]
    keeps: set[str]
    skip: bool
    end: bool


def parse_cell(text: str) -> tuple[int, int]:
    x, y = text.split(",")
    return int(x), int(y)


def group_moves(texts: list[str]) -> Moves:
    m = Moves(set(), {}, {}, {}, set(), set(), False, False)
    for t in texts:
        w = t.split()
        if w[0] == "draw":
            m.draws.add(w[1])
        elif w[0] == "play":
            m.plays.setdefault(w[1], {}).setdefault(parse_cell(w[3]), []).append(w[5])
        elif w[0] == "place":
            m.places.setdefault(w[1], {}).setdefault(parse_cell(w[3]), []).append(w[5])
        elif w[0] == "rearrange":
            m.rearranges.setdefault(parse_cell(w[1]), {}).setdefault(parse_cell(w[3]), []).append(w[5])
        elif w[0] == "target":
            m.targets.add(parse_cell(w[1]))
        elif w[0] == "keep":
            m.keeps.add(w[1])
        elif w[0] == "skip":
            m.skip = True
        elif w[0] == "end":
            m.end = True
    return m


def nearest_side(rect: pygame.Rect, pos: tuple[int, int], sides: list[str]) -> str:
    return min(sides, key=lambda s: (side_point(rect, s)[0] - pos[0]) ** 2 + (side_point(rect, s)[1] - pos[1]) ** 2)
