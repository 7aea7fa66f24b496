"""Break the Cube's note sheet: every side answer beside a pad letter names its block in
letters at the reading size (13 px or more), inside the pad and clear of the letters,
the cells and each other (the notes were 12 px boxes with 4 px shape cues)."""

from __future__ import annotations

import pygame

from game.scenes.cube_board import COLOURS
from game.scenes.cube_pad import LETTER_CELLS, QuestionPad
from game.ui import theme

READING = 13


def record_text(monkeypatch) -> list[tuple[str, int, pygame.Rect]]:
    """Every text the pad draws from now on: its words, size and rect."""
    drawn: list[tuple[str, int, pygame.Rect]] = []
    original = theme.draw_text

    def spy(surface, text, pos, size, *args, **kwargs):
        rect = original(surface, text, pos, size, *args, **kwargs)
        drawn.append((text, size, rect))
        return rect
    monkeypatch.setattr(theme, "draw_text", spy)
    return drawn


def test_side_answers_are_written_at_the_reading_size_clear_of_everything(monkeypatch):
    pygame.init()
    pad = QuestionPad((650, 96))
    drawn = record_text(monkeypatch)
    letters = {letter: ["L", "M", "S"] for letter in LETTER_CELLS}
    pad.draw(pygame.Surface((1280, 720)), True, None, {}, letters, COLOURS, set())
    dots = [pad.letter_rect(q) for q in LETTER_CELLS]  # the pad's own letter L is no note
    notes = [(text, size, rect) for text, size, rect in drawn
             if text in ("S", "M", "L") and rect.collidelist(dots) == -1]
    assert len(notes) == 3 * len(LETTER_CELLS), "every level of every side is written out"
    assert all(size >= READING for _, size, _ in notes), sorted({size for _, size, _ in notes})
    boxes = [r for letter in LETTER_CELLS for r in pad.note_rects(letter)]
    others = dots + [pad.cell_rect(c) for c in range(1, 10)]
    for i, box in enumerate(boxes):
        assert pad.rect.contains(box), box
        assert box.collidelist(others) == -1, box
        assert all(not box.colliderect(b) for b in boxes[i + 1:]), box
    for _, _, rect in notes:
        assert any(box.collidepoint(rect.center) for box in boxes), rect


def test_answers_on_the_pad_are_readable_in_a_960_by_540_window(monkeypatch):
    """Every answer mark on the pad is written at 12 px or more in a 960 x 540 window, one in
    a cell at 13.5 px (they were 13 px, some 10 px there, hard to read), and the taller pad
    still ends above the answers box."""
    from game.scenes.cube_table import ANSWERS_BOX, PAD_AT
    pygame.init()
    drawn = record_text(monkeypatch)
    pad = QuestionPad(PAD_AT)
    cells = {str(c): "SML"[c % 3] for c in range(1, 10)}
    letters = {letter: ["L", "M", "S"] for letter in LETTER_CELLS}
    pad.draw(pygame.Surface((1280, 720)), True, None, cells, letters, COLOURS, set())
    dots = [pad.letter_rect(q) for q in LETTER_CELLS]
    marks = [(size, rect) for text, size, rect in drawn if text in ("S", "M", "L") and rect.collidelist(dots) == -1]
    assert len(marks) == 9 + 3 * len(LETTER_CELLS)
    assert min(size for size, _ in marks) * 960 / 1280 >= 12, sorted({size for size, _ in marks})
    in_cells = [size for size, rect in marks if any(pad.cell_rect(c).contains(rect) for c in range(1, 10))]
    assert len(in_cells) == 9 and min(in_cells) * 960 / 1280 >= 13.5, in_cells
    for c in range(1, 10):  # the cell's number is not covered by its answer
        number = next(rect for text, _, rect in drawn if text == str(c) and pad.cell_rect(c).contains(rect))
        assert not any(number.colliderect(rect) for _, rect in marks), c
    assert pad.rect.inflate(8, 8).bottom <= ANSWERS_BOX.top
