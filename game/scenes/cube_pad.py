"""Break the Cube's question pad and answer swatches, drawn in code.

The pad is a flat top-down map of the foundation: the nine numbered cells (ask what is
seen from above) and the twelve letters around them (ask what is seen from that side).
With the notes option it doubles as the note sheet: answers about your target are
written onto it as coloured swatches.
"""

from __future__ import annotations

import pygame

from game.i18n import tr
from game.ui import draw, theme
from game.ui.iso import piece_glyph

# a cell, as tall as a side's three notes beside its letter (left and right of the grid)
CELL = 52
DOT = 30
NOTE = 17          # a side answer's box: its block letter (NOTE_LETTER) fits, capitals only
# an answer's letter beside a side's letter: 12 px in a 960 x 540 window (at 13 px it was some
# 10 px there); in a cell, with more room, 18 px (CELL_LETTER)
NOTE_LETTER = 16
CELL_LETTER = 18
# room above and below the grid for a letter and the column of its three notes beside it
# (the column stands taller than the letter: it reaches further out)
RING = 4 + DOT + (3 * NOTE - DOT) + 2
# room left and right of the grid: a letter, its column of notes beside it and a margin,
# so the notes of J, K, L and D, E, F stay inside the pad (they hung over its edge)
RING_X = 4 + DOT + 2 + NOTE + 4
PAD_SIZE = 3 * CELL + 2 * RING  # the pad's height
PAD_WIDTH = 3 * CELL + 2 * RING_X

# CU-2 layout: where each letter sits around the 3x3 grid (column, row) in pad units
LETTER_CELLS = {
    "A": (0, -1), "B": (1, -1), "C": (2, -1), "D": (3, 0), "E": (3, 1), "F": (3, 2),
    "G": (2, 3), "H": (1, 3), "I": (0, 3), "J": (-1, 2), "K": (-1, 1), "L": (-1, 0),
}


def hex_colour(text: str) -> tuple[int, int, int]:
    t = text.lstrip("#")
    return int(t[0:2], 16), int(t[2:4], 16), int(t[4:6], 16)


def swatch(surface: pygame.Surface, rect: pygame.Rect, pid: str | None,
           colours: dict[str, tuple[int, int, int]]) -> None:
    """One answer: a block's colour with its letter and shape cue, or an empty (crossed) box."""
    if pid is None:
        pygame.draw.rect(surface, theme.TABLE_DARK, rect, border_radius=4)
        pygame.draw.rect(surface, theme.TEXT_DIM, rect, 1, border_radius=4)
        pygame.draw.line(surface, theme.TEXT_DIM, (rect.x + 5, rect.centery), (rect.right - 6, rect.centery), 2)
        return
    colour = colours.get(pid, (160, 160, 160))
    pygame.draw.rect(surface, colour, rect, border_radius=4)
    pygame.draw.rect(surface, theme.BLACK, rect, 1, border_radius=4)
    # a quarter of the fill: the small bold letter keeps 4.5:1 on every block colour (at 0.35
    # it read 3.9:1 on the green L and 4.1:1 on the pink X)
    dark = tuple(int(c * 0.25) for c in colour)
    if rect.w >= 40:
        piece_glyph(surface, pid, (rect.x + rect.w * 0.68, rect.centery), rect.h * 0.2, dark)
        theme.draw_text(surface, pid, (rect.x + 4, rect.centery), max(CELL_LETTER, int(rect.h * 0.5)), dark,
                        bold=True, anchor="midleft")
    else:  # an answer on the pad: the letter alone, as large as it reads in a small window
        size = CELL_LETTER if rect.w > NOTE else NOTE_LETTER
        theme.draw_text(surface, pid, rect.center, size, dark, bold=True, anchor="center")


def empty_key(surface: pygame.Surface, room: pygame.Rect, size: int) -> pygame.Rect:
    """A key to the empty answer: the crossed box and the word "empty" beside it, or under
    it where ``room`` is too narrow (the box alone read as an answer still to come). Returns
    what it covers."""
    box = pygame.Rect(0, 0, 24, 14)
    word = tr("empty")
    beside = box.w + 4 + theme.font(size).size(word)[0] <= room.w
    if beside:  # the word on the room's top line (a row of level names), the box level with it
        text = theme.draw_text(surface, word, (room.x + box.w + 4, room.y), size, theme.TEXT_DIM,
                               max_width=room.w - box.w - 4)
        box.midleft = (room.x, text.centery)
        swatch(surface, box, None, {})
    else:
        box.midtop = (room.centerx, room.y)
        swatch(surface, box, None, {})
        text = theme.draw_text(surface, word, (room.centerx, box.bottom + 2), size, theme.TEXT_DIM,
                               anchor="midtop", max_width=room.w)
    return box.union(text)


class QuestionPad:
    def __init__(self, topleft: tuple[int, int]) -> None:
        self.rect = pygame.Rect(topleft, (PAD_WIDTH, PAD_SIZE))

    def cell_rect(self, cell: int) -> pygame.Rect:
        x, y = (cell - 1) % 3, (cell - 1) // 3
        return pygame.Rect(self.rect.x + RING_X + x * CELL, self.rect.y + RING + y * CELL, CELL, CELL)

    def letter_rect(self, letter: str) -> pygame.Rect:
        """The letter's button, right next to the grid (its notes go further out)."""
        cx, cy = LETTER_CELLS[letter]
        grid = pygame.Rect(self.rect.x + RING_X, self.rect.y + RING, 3 * CELL, 3 * CELL)
        if 0 <= cx <= 2:
            x = grid.x + cx * CELL + (CELL - DOT) // 2
        else:
            x = grid.x - DOT - 4 if cx < 0 else grid.right + 4
        if 0 <= cy <= 2:
            y = grid.y + cy * CELL + (CELL - DOT) // 2
        else:
            y = grid.y - DOT - 4 if cy < 0 else grid.bottom + 4
        return pygame.Rect(x, y, DOT, DOT)

    def question_rect(self, q: str) -> pygame.Rect:
        return self.cell_rect(int(q)) if q.isdigit() else self.letter_rect(q)

    def question_at(self, pos: tuple[int, int]) -> str | None:
        for cell in range(1, 10):
            if self.cell_rect(cell).collidepoint(pos):
                return str(cell)
        for letter in LETTER_CELLS:
            if self.letter_rect(letter).collidepoint(pos):
                return letter
        return None

    def draw(self, surface: pygame.Surface, enabled: bool, hover: str | None,
             cell_notes: dict[str, str | None], letter_notes: dict[str, list[str | None]],
             colours: dict[str, tuple[int, int, int]], fresh: set[str]) -> None:
        """The pad; ``cell_notes``/``letter_notes`` are the answers to write on it."""
        draw.panel(surface, self.rect.inflate(8, 8), theme.PANEL, edge=None, radius=10)
        for cell in range(1, 10):
            r = self.cell_rect(cell)
            q = str(cell)
            pygame.draw.rect(surface, (246, 236, 212) if enabled else (170, 170, 160), r.inflate(-4, -4),
                             border_radius=4)
            # dark enough to read on the greyed-out cell too (4.7:1; the lighter brown read 2.4:1)
            theme.draw_text(surface, q, (r.x + 8, r.y + 5), 15, (120, 100, 70) if enabled else (70, 58, 40), bold=True)
            if q in cell_notes:
                swatch(surface, pygame.Rect(r.x + 16, r.y + 18, r.w - 22, r.h - 24), cell_notes[q], colours)
            if q == hover and enabled:
                pygame.draw.rect(surface, theme.YELLOW, r.inflate(-2, -2), 3, border_radius=4)
            if q in fresh:  # dashed: told from the hover ring by shape, not only colour
                draw.dashed_rect(surface, r.inflate(-2, -2), theme.SKY, dash=6, width=3)
        for letter in LETTER_CELLS:
            r = self.letter_rect(letter)
            back = theme.YELLOW if (letter == hover and enabled) else (theme.SKY if letter in fresh else theme.TABLE)
            pygame.draw.circle(surface, back, r.center, DOT // 2)
            pygame.draw.circle(surface, theme.PANEL_EDGE, r.center, DOT // 2, 1)
            theme.draw_text(surface, letter, r.center, 17, theme.BLACK if back != theme.TABLE else theme.TEXT,
                            bold=True, anchor="center")
            if letter in letter_notes:
                self._letter_note(surface, letter, letter_notes[letter], colours)
        noted = [*cell_notes.values(), *(pid for levels in letter_notes.values() for pid in levels)]
        if None in noted:  # in the pad's free top-left corner, left of the letters above the grid
            empty_key(surface, self.key_room(), 13)

    def key_room(self) -> pygame.Rect:
        """The pad's top-left corner, clear of its letters and notes (see empty_key)."""
        return pygame.Rect(self.rect.x + 2, self.rect.y + 4, RING_X - 4, RING - 8)

    def note_rects(self, letter: str) -> list[pygame.Rect]:
        """Where a side's three answers go, bottom level first: a column beside its letter,
        on the far side of it (left and right of the grid) or just right of it (above and
        below), clear of the neighbouring letters."""
        r = self.letter_rect(letter)
        cx, cy = LETTER_CELLS[letter]
        if cx < 0 or cx > 2:
            x = r.x - NOTE - 2 if cx < 0 else r.right + 2
            bottom = r.centery + 3 * NOTE // 2
        else:  # above the grid the column rises from the letter's foot, below it hangs from its top
            x = r.right + 1
            bottom = r.bottom if cy < 0 else r.y + 3 * NOTE
        return [pygame.Rect(x, bottom - (i + 1) * NOTE, NOTE, NOTE) for i in range(3)]

    def _letter_note(self, surface: pygame.Surface, letter: str, levels: list[str | None],
                     colours: dict[str, tuple[int, int, int]]) -> None:
        """Three answers (bottom to top) beside a letter on the note sheet, each a box in its
        block's colour with the block's letter at the reading size, so the notes never rest
        on colour alone (the small boxes before carried 4 px shape cues, hard to read)."""
        for rect, pid in zip(self.note_rects(letter), levels, strict=True):
            swatch(surface, rect, pid, colours)


def describe_question(q: str, target_name: str, alone: bool = False) -> str:
    """What pointing at a question asks; ``alone``: a solo puzzle, with nobody else to ask."""
    if q.isdigit():
        return tr("Ask {who}: which block is on top in cell {q}?", who=target_name, q=q)
    if alone:
        return tr("Ask about side {q}: what does it show, level by level?", q=q)
    return tr("Ask everyone: what does side {q} show, level by level?", q=q)
