"""Breaker Blocks' smallest words read in a 960 x 540 window: a hand tile's 'new', a
circuit's 'tied' or who controls it, the other colour pile's line and an action tile's
name cut short (11, 13, 13 and 8 px on the 1280 x 720 canvas: 8, 10 and 6 px there)."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.breaker_blocks_table import PILE_X
from game.ui import theme
from tests.ui.test_breaker_blocks_table import bb_in, you_against_the_computer

LEAST = 12  # px on the canvas: 9 px in a 960 x 540 window


def height(size: int, bold: bool = False) -> int:
    return theme.font(size, bold).get_height()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_new_tied_and_the_other_colour_pile_read_at_least_12_px_and_keep_their_places(lang):
    with bb_in(lang, ["draw 1"]) as d:  # seat 1 drew a tile: 'new' under it; every circuit tied
        t = d.top
        drawn = d.labels()
        new = "new" if lang == "en" else "neu"
        tied = "tied" if lang == "en" else "Gleichstand"
        pile = "Seat 2's colour pile: " if lang == "en" else "Farbstapel von Spieler 2: "
        tile = t.hand_rect(0, len(t.hand_kinds(0)) - 1)
        word = next(r for text, r, _ in drawn if text == new)
        assert word.h >= height(LEAST + 1, bold=True) and word.top == tile.bottom, word
        label = next(r for text, r, _ in drawn if text.startswith(t.hand_label(0)))
        foot = word.top + theme.font(LEAST + 1, bold=True).get_ascent()  # 'new' has no descenders
        assert t.hand_frame(0, label).bottom - 2 > foot, "the frame's line runs under the word, not through it"
        ties = [r for text, r, _ in drawn if text == tied]
        assert len(ties) == 3 and all(r.h >= height(LEAST + 2) for r in ties), ties
        line = next(r for text, r, _ in drawn if text.startswith(pile))
        assert line.h >= height(LEAST + 2), line  # a full pile in German fits at 14 px too
        assert line.x == PILE_X and line.right <= PILE_X + 446, line
        prompt_top = min(r.top for text, r, _ in drawn if r.x == PILE_X and r.y >= 570)
        last_pile = t.pile_rect(len(t.pile_entries()) - 1)
        assert last_pile.bottom <= line.top and line.bottom <= prompt_top, (last_pile, line, prompt_top)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_who_controls_a_circuit_reads_at_least_12_px_inside_its_column(lang):
    d = you_against_the_computer()
    try:
        t = d.top
        t.paused = True
        t.perform("play 0 at 1,-1 from N", 0)
        t.perform("end", 0)
        t.perform("draw 3", 1)
        t.perform("draw 3", 1)
        t.perform("end", 0)
        t.perform("play 3 at 1,2 from S", 1)  # seat 2 (AI) controls circuit II
        from game import i18n
        assert i18n.load_language(lang) is None
        try:
            who = "Seat 2 (AI) controls" if lang == "en" else "Spieler 2 (KI) kontrolliert"
            drawn = d.labels()
            r = next(r for text, r, _ in drawn if text == who)
            assert r.h >= height(LEAST), r
            assert r.right <= PILE_X + 14 + 2 * 144 - 4, "inside circuit II's column, clear of III"
        finally:
            i18n.load_language("en")
    finally:
        d.close()


@pytest.mark.parametrize("hole", ["N", "S", "E"])
def test_an_action_tiles_name_is_at_least_12_px_and_clear_of_its_notch(monkeypatch, hole):
    """On a 35 px board cell the name was 8 px; it is 12 px now, three letters wide, and sits
    on the side away from a hole in the tile's bottom (the notch cut the letters)."""
    from game.ui import breaker_blocks_tiles as tiles
    sizes: list[tuple[str, int]] = []
    real = theme.render

    def spy(text, size, colour=None, bold=False):
        sizes.append((text, size))
        return real(text, size, colour, bold)

    monkeypatch.setattr(theme, "render", spy)
    tiles._tile_cache.clear()
    pygame.font.init()
    frm = {"N": "S", "S": "N", "E": "W"}[hole]
    for kind in tiles.ABBREV:
        sizes.clear()
        img = tiles.tile_image(kind, 0, frm, [hole], 35)
        (text, size), = sizes
        assert text == tiles.ABBREV[kind] and size >= LEAST, (kind, text, size)
        assert theme.font(size, bold=True).size(text)[0] <= 35 - 4, (kind, text)
        # the letters are the only black inside the body's middle columns (the border is the owner's colour);
        # none of it lies in the notch when that is at the bottom
        pad = 35 // 5
        body = pygame.Rect(pad, pad, 35, 35)
        ink = [(x, y) for x in range(body.x + 12, body.right - 12) for y in range(body.y + 3, body.bottom - 3)
               if tuple(img.get_at((x, y)))[:3] == theme.BLACK[:3]]
        assert ink, kind
        if hole == "S":
            assert max(y for _, y in ink) < body.bottom - 35 // 5 - 1, (kind, "letters in the notch")
    tiles._tile_cache.clear()


LONG = "Seat 2 (AI) Maximiliane-Theodora von Hohenzollern-Sigmaringen"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_long_seat_name_is_cut_short_not_the_colour_pile_and_controls_lines_shrunk(monkeypatch, lang):
    # the lines shrink to fit; with a long name they went down to 10 px, every word of them
    d = you_against_the_computer()
    try:
        t = d.top
        t.paused = True
        for text, seat in [("play 0 at 1,-1 from N", 0), ("end", 0), ("draw 3", 1), ("draw 3", 1), ("end", 0),
                           ("play 3 at 1,2 from S", 1), ("end", 1)]:  # seat 2 controls circuit II
            assert t.perform(text, seat), text
        assert t.session.current_player == 0
        monkeypatch.setattr(type(t), "seat_name", lambda self, seat: "You" if seat == 0 else LONG)
        from game import i18n
        assert i18n.load_language(lang) is None
        try:
            drawn = d.labels()
        finally:
            i18n.load_language("en")
        named = [(text, r) for text, r, _ in drawn if "Seat 2" in text and r.x >= PILE_X]
        controls = [(text, r) for text, r in named if text.endswith(("controls", "kontrolliert"))]
        piles = [(text, r) for text, r in named if r.y == 544]
        counts = [(text, r) for text, r in named
                  if text.startswith(("Circuits", "Turns", "Kontrollierte", "Gespielte"))]
        assert controls and piles and len(counts) == 2, named
        for text, r in controls + piles + counts:
            assert r.h >= height(LEAST), (text, r.h)
            assert "…" in text and r.right <= PILE_X + 446, (text, r)
    finally:
        d.close()
