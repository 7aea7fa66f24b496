"""Break the Cube's end: every secret shape revealed. Side by side, four shapes with their
letter rings got 21 px a tile, a tenth of the table's width each, with half its height empty
above and below them; three or four now stand two by two, as large as the room lets them."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pygame
import pytest

from game.scenes import cube_board, cube_table
from game.scenes.cube_table import CubeTable
from game.scenes.table_base import PANEL_RECT
from game.session import GameSession
from tests.ui.driver import Driver

P = "S:5.2,6.2 M:4.1,5.1,7.1 L:3.1,6.1,8.1,9.1"
Q = "S:5.1,5.2 M:1.1,2.1,4.1 L:3.1,6.1,8.1,9.1"
TALL = "S:5.1,6.1 M:8.1,9.1,9.2 L:1.1,1.2,1.3,2.1"  # a column three levels high on a corner cell
PROMPT_BOTTOM = 44 + 2 * 24  # "Every secret shape is revealed." and room for a second line
SIZE = (1280, 720)


@contextmanager
def revealed(n: int, lang: str = "en", scale: float = 1.0, secrets: tuple[str, ...] = (P, Q, TALL, Q)) -> Iterator:
    """The table of a finished ``n``-seat game (you first, finding seat 2's shape), under its results."""
    from game import i18n
    from game.ui import theme
    session = GameSession("cube", ["human"] + ["ai:easy"] * (n - 1), seed=1,
                          options={"first_player": 0, "setup": {"secrets": list(secrets[:n])}})
    session.apply("guess " + secrets[1], 0)
    for seat in range(1, n):
        session.apply("ask 5", seat)
    assert session.is_over()
    d = Driver(lambda app: CubeTable(app, session), autosave=False)
    try:
        theme.apply_settings(False, scale)
        i18n.load_language(lang)
        table = d.app.stack.scenes[0]
        assert isinstance(table, CubeTable)
        table.language_changed()
        yield table
    finally:
        i18n.load_language("en")
        theme.apply_settings(False, 1.0)
        d.close()


def draw_apart(table: CubeTable, monkeypatch) -> tuple[list[tuple[pygame.Surface, int]], list[tuple[str, pygame.Rect]]]:
    """The reveal drawn with each shape on a surface of its own (with its tile size) and the
    captions' text boxes."""
    from game.ui import theme
    shapes = []
    real = cube_board.draw_shape

    def apart(surface, text, pieces, centre, tile, rotation, labels=True):
        own = pygame.Surface(SIZE, pygame.SRCALPHA)
        captions, theme.recording = theme.recording, None  # its letters are no caption
        real(own, text, pieces, centre, tile, rotation, labels)
        theme.recording = captions
        shapes.append((own, tile))
    monkeypatch.setattr(cube_table, "draw_shape", apart)
    theme.recording = []
    try:
        table.draw_reveal(pygame.Surface(SIZE, pygame.SRCALPHA))
        captions = [(text, rect) for text, rect, _ in theme.recording]
    finally:
        theme.recording = None
    return shapes, captions


# old: 42, 28 and 21 px a tile, whatever the shapes; a column three levels high, turned to the
# back, needs more height, so three such shapes stand in one row
@pytest.mark.parametrize("secrets, n, least", [((P, Q), 2, 40), ((P, Q, P), 3, 34), ((P, Q, P, Q), 4, 33),
                                               ((P, TALL), 2, 40), ((P, Q, TALL), 3, 27), ((P, Q, TALL, Q), 4, 27)])
@pytest.mark.parametrize("lang, scale", [("en", 1.0), ("de", 2.0)])
def test_revealed_shapes_use_the_room_and_keep_clear_of_captions_buttons_and_log(secrets, n, least, lang, scale,
                                                                                 monkeypatch):
    with revealed(n, lang, scale, secrets) as table:
        buttons = [b.rect for b in table._callbacks if b.visible]  # Turn left and right, Undo, Rules, Menu
        assert len(buttons) >= 2
        for rotation in range(4):  # a tall column stands at the back after some quarter turn
            table.board.rotation = rotation
            shapes, captions = draw_apart(table, monkeypatch)
            assert len(shapes) == n and len(captions) >= 2 * n
            for surface, tile in shapes:
                assert tile >= least, (rotation, tile)
                ink = surface.get_bounding_rect()
                assert ink.top >= PROMPT_BOTTOM and ink.bottom <= 660 and ink.left >= 0, (rotation, ink)
                assert ink.right < PANEL_RECT.x, "the log's panel"
                mask = pygame.mask.from_surface(surface)
                for text, rect in captions:
                    assert mask.overlap_area(pygame.mask.Mask(rect.size, fill=True), rect.topleft) == 0, \
                        (rotation, text)
                for rect in buttons:
                    assert mask.overlap_area(pygame.mask.Mask(rect.size, fill=True), rect.topleft) == 0, rotation
            for i, (a, _) in enumerate(shapes):
                for b, _ in shapes[i + 1:]:
                    assert pygame.mask.from_surface(a).overlap(pygame.mask.from_surface(b), (0, 0)) is None
            for i, (text, rect) in enumerate(captions):
                assert rect.right < PANEL_RECT.x and rect.top >= PROMPT_BOTTOM, text
                # another shape's caption (one's own lines stand 20 px apart, their boxes 1 px deeper)
                assert not any(rect.colliderect(other) for _, other in captions[i + 1:]
                               if other.centerx != rect.centerx), text


@pytest.mark.parametrize("secrets", [(P, Q, P, Q), (P, Q, TALL, Q)])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_revealed_shapes_side_by_side_stand_clearly_apart(n, secrets, monkeypatch):
    """Two revealed shapes stood 12 px apart, corner to corner, as if one board; three in a
    row (a column three levels high) 21 px. Side by side they keep at least 40 px apart."""
    with revealed(n, secrets=secrets) as table:
        rows = [spot.centre[1] for spot in table.reveal_layout()]
        for rotation in range(4):
            table.board.rotation = rotation
            shapes, _ = draw_apart(table, monkeypatch)
            inks = [surface.get_bounding_rect() for surface, _ in shapes]
            for i in range(n):
                for j in range(i + 1, n):
                    if rows[i] == rows[j]:
                        left, right = sorted((inks[i], inks[j]), key=lambda r: r.x)
                        assert right.left - left.right >= 40, (rotation, i, j, left, right)


@pytest.mark.parametrize("secrets", [(P, Q, P, Q), (P, Q, TALL, Q)])
@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_verdict_of_a_game_ending_guess_keeps_off_the_revealed_shapes_and_captions(n, secrets, monkeypatch):
    with revealed(n, "de", secrets=secrets) as table:
        table.stamp = ("Richtig!", True, 0.01)  # fully grown
        verdict = pygame.Surface(SIZE, pygame.SRCALPHA)
        table.draw_stamp(verdict)
        assert verdict.get_bounding_rect().h > 40
        mask = pygame.mask.from_surface(verdict)
        for rotation in range(4):
            table.board.rotation = rotation
            shapes, captions = draw_apart(table, monkeypatch)
            for surface, _ in shapes:
                assert mask.overlap(pygame.mask.from_surface(surface), (0, 0)) is None, rotation
            for text, rect in captions:
                assert mask.overlap_area(pygame.mask.Mask(rect.size, fill=True), rect.topleft) == 0, text
        assert verdict.get_bounding_rect().right < PANEL_RECT.x
        for button in table._callbacks:
            if button.visible:
                assert mask.overlap_area(pygame.mask.Mask(button.rect.size, fill=True), button.rect.topleft) == 0


def test_the_reveal_is_laid_out_once_not_every_frame(monkeypatch):
    """Where the shapes stand depends on the shapes only; worked out for the reveal and again
    for the verdict over it, every frame, it cost some 4 ms of a 16 ms frame. It is worked out
    again only when other shapes are on show."""
    calls = []
    real = cube_table.reveal_spots
    monkeypatch.setattr(cube_table, "reveal_spots", lambda shapes: calls.append(1) or real(shapes))
    with revealed(4) as table:
        table.stamp = ("Found!", True, cube_table.STAMP_TIME)  # a game-ending guess's verdict on show
        surface = pygame.Surface(SIZE)
        for _ in range(5):
            table.draw(surface)
        assert len(calls) == 1
        table.view = {**table.view, "secrets": [P, Q, Q, TALL]}
        table.reveal_layout()
        assert len(calls) == 2, "other shapes: laid out again"
