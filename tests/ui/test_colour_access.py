"""Legibility of coloured words: text drawn in a colour of its own (a refusal, a success)
reads at WCAG AA, 4.5:1, on the ground it is drawn on, in both palettes."""

from __future__ import annotations

import pygame
import pytest

from game.ui import theme
from tests.ui.colour_check import contrast
from tests.ui.driver import Driver
from tests.ui.test_cube_table import P, Q, build_by_keys, cube_driver

AA = 4.5


def record_colours(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, tuple[int, int, int]]]:
    """(text, colour) of every label drawn with theme.draw_text from now on."""
    seen: list[tuple[str, tuple[int, int, int]]] = []
    real = theme.draw_text

    def spy(surface, text, pos, size=18, colour=None, *args, **kwargs):
        seen.append((text, theme.TEXT if colour is None else tuple(colour)))
        return real(surface, text, pos, size, colour, *args, **kwargs)
    monkeypatch.setattr(theme, "draw_text", spy)
    return seen


def colours_of(seen, *needles: str) -> set[tuple[int, int, int]]:
    found = {c for text, c in seen if any(n.lower() in text.lower() for n in needles)}
    assert found, f"none of {needles} was drawn: {[t for t, _ in seen]}"
    return found


@pytest.fixture(params=[False, True], ids=["normal", "high-contrast"])
def palette(request):
    theme.apply_settings(request.param, 1.0)
    yield request.param
    theme.apply_settings(False, 1.0)


def test_a_refused_cube_block_says_why_in_words_that_read_on_the_table(monkeypatch, palette):
    d: Driver = cube_driver(["human", "human"], first_player=0)
    try:
        theme.apply_settings(palette, 1.0)
        t = d.top
        b = t.building()
        build_by_keys(d, t, [(2, (0, 0), 0, 0)])   # L flat on cells 1 2 3 4
        t.board.pick_from_tray(0)                 # S turned along the rows over cell 7: hangs in the air
        d.key(pygame.K_r, frames=1)
        t.board.cursor = (0, 2)
        seen = record_colours(monkeypatch)
        d.frames(2)
        for colour in colours_of(seen, "nothing under it"):
            assert contrast(colour, theme.TABLE) >= AA, colour
        d.key(pygame.K_ESCAPE)
        seen.clear()
        from game.rules.cube import mask_cubes, positions_mask
        flat = {"S": [(6, 1), (9, 1)], "M": [(2, 1), (3, 1), (5, 1)], "L": [(1, 1), (4, 1), (7, 1), (8, 1)]}
        b.placed = {pid: mask_cubes(positions_mask(pos)) for pid, pos in flat.items()}
        d.frames(2)
        for colour in colours_of(seen, "all blocks are flat"):
            assert contrast(colour, theme.TABLE) >= AA, colour
    finally:
        d.close()


def test_the_cube_notes_label_and_a_found_shape_read_on_the_table(monkeypatch, palette):
    d: Driver = cube_driver(["human", "human", "human"], first_player=0, notes=True, setup={"secrets": [P, Q, P]})
    try:
        theme.apply_settings(palette, 1.0)
        t = d.top
        d.key(pygame.K_RETURN)
        seen = record_colours(monkeypatch)
        d.frames(2)
        for colour in colours_of(seen, "note sheet on"):
            assert contrast(colour, theme.TABLE) >= AA, colour
        for _ in (0, 1):                  # two asks, then the round's last seat guesses right
            d.key(pygame.K_5)
            d.key(pygame.K_RETURN)
        t.building().load(P)
        d.key(pygame.K_g)
        assert t.session.is_over()
        seen.clear()
        t.draw_reveal(pygame.Surface((1280, 720)))
        for colour in colours_of(seen, "found"):
            assert contrast(colour, theme.TABLE) >= AA, colour
    finally:
        d.close()


def test_a_circuit_breaker_misfit_banner_reads_on_its_panel(monkeypatch, palette):
    from game.scenes.circuit_breaker_layout import house_rect_cell
    from tests.ui.test_circuit_breaker_table import cb_driver
    d = cb_driver()
    try:
        theme.apply_settings(palette, 1.0)
        t = d.top
        i = t.view["hand"].index("W1")
        d.hold(t.hand_rect(i).center, house_rect_cell(3, 4).center)
        seen = record_colours(monkeypatch)
        d.key(pygame.K_r)        # W1 turned: the box's 1 faces a wall
        for colour in colours_of(seen, "wall"):
            assert contrast(colour, theme.PANEL) >= AA, colour
    finally:
        d.close()


# WCAG exempts a disabled button, but its label still says what it would do once it works:
# greyed out, it reads at AA too
WIDGET_STATES = ("normal", "hovered", "selected", "active", "disabled")


@pytest.mark.parametrize("high", [False, True], ids=["normal", "high-contrast"])
def test_every_button_state_reads_at_aa(high):
    from game.ui.gui import theme_data
    from tests.ui.colour_check import hex_rgb
    data = theme_data(high)
    base = data["defaults"]["colours"]
    weak = []
    for block, entry in data.items():
        if block == "#seed_entry":  # its text is drawn by the set-up screen, in theme.TEXT on the field
            continue
        colours = {**base, **entry.get("colours", {})}
        for state in WIDGET_STATES:
            text, ground = hex_rgb(colours[f"{state}_text"]), hex_rgb(colours[f"{state}_bg"])
            if contrast(text, ground) < AA:
                weak.append(f"{block} {state}: {colours[f'{state}_text']} on {colours[f'{state}_bg']} "
                            f"{contrast(text, ground):.3f}:1")
    assert not weak, weak


@pytest.mark.parametrize("height", [30, 18])
def test_a_cube_answer_swatch_letter_reads_on_its_block_colour(monkeypatch, height):
    """The letter on an answer swatch (S, M, L, X, Y) is small bold text: AA on its fill."""
    from game.scenes.cube_board import COLOURS
    from game.scenes.cube_pad import swatch
    pygame.init()
    for pid, fill in COLOURS.items():
        seen = record_colours(monkeypatch)
        swatch(pygame.Surface((80, 40)), pygame.Rect(4, 4, 52, height), pid, COLOURS)
        for colour in colours_of(seen, pid):
            assert contrast(colour, fill) >= AA, (pid, fill, colour, round(contrast(colour, fill), 2))
        monkeypatch.undo()


@pytest.mark.parametrize("four_colour", [True, False], ids=["four-colour", "classic"])
def test_a_cards_rank_reads_on_the_card_in_either_deck(monkeypatch, four_colour):
    """The rank in a card's corner is small bold text on the card face: AA for every suit
    (the colour-blind deck's orange hearts and green clubs included)."""
    from game.ui import cards
    pygame.init()
    drawn: list[tuple[str, tuple[int, int, int]]] = []
    real = theme.render

    def spy(text, size, colour=None, bold=False):
        drawn.append((text, theme.TEXT if colour is None else tuple(colour)))
        return real(text, size, colour, bold)
    monkeypatch.setattr(theme, "render", spy)
    for suit in "SHDC":
        drawn.clear()
        cards.card_face(f"7{suit}", (57, 81), four_colour)
        ranks = [colour for text, colour in drawn if text == "7"]
        assert ranks, drawn
        for colour in ranks:
            assert contrast(colour, theme.CARD_FACE) >= AA, (suit, colour, round(contrast(colour, theme.CARD_FACE), 2))


@pytest.mark.parametrize("enabled", [True, False], ids=["your-turn", "greyed-out"])
def test_the_cube_question_pads_cell_numbers_read_while_greyed_out_too(monkeypatch, enabled):
    """Between your turns the pad is greyed out, yet its numbers still label your notes and
    the cells others ask about: they keep AA on the grey."""
    from game.scenes.cube_board import COLOURS
    from game.scenes.cube_pad import QuestionPad
    pygame.init()
    surface = pygame.Surface((1280, 720))
    pad = QuestionPad((650, 90))
    seen = record_colours(monkeypatch)
    pad.draw(surface, enabled, None, {}, {}, COLOURS, set())
    ground = surface.get_at(pad.cell_rect(5).inflate(-8, -8).bottomright)[:3]
    for colour in colours_of(seen, "5"):
        assert contrast(colour, ground) >= AA, (colour, ground, round(contrast(colour, ground), 2))


@pytest.mark.parametrize("ok", [True, False], ids=["correct", "wrong"])
def test_a_guess_verdict_word_reads_over_the_light_board(ok, palette):
    """The stamp's word ("Correct!", "Wrong") often lands on the cream foundation of the
    board: it sits on a dark backing, so it reads as large text (3:1) whatever is under it."""
    from game.scenes.cube_board import draw_verdict
    pygame.init()
    surface = pygame.Surface((960, 720))
    surface.fill((226, 214, 188))  # the foundation's colour
    theme.recording = []
    try:
        draw_verdict(surface, "Correct!" if ok else "Wrong", ok, 1.0, (480, 330))
        words = [rect for text, rect, _ in theme.recording if text in ("Correct!", "Wrong")]
    finally:
        theme.recording = None
    assert words
    colour = theme.GREEN if ok else theme.VERMILLION
    for rect in words:
        for corner in (rect.topleft, (rect.right - 1, rect.bottom - 1), (rect.x, rect.bottom - 1)):
            ground = surface.get_at(corner)[:3]
            assert contrast(colour, ground) >= 3.0, (corner, ground, round(contrast(colour, ground), 2))


def test_in_high_contrast_the_circuit_breaker_round_track_stands_out_from_the_table():
    """The rounds still to come are boxes in the panel colour: in high contrast that is
    black on a near-black table, so each box needs an edge that reads (3:1 for shapes)."""
    from game.scenes.circuit_breaker_layout import round_box
    from tests.ui.test_circuit_breaker_table import cb_driver
    d = cb_driver()
    try:
        theme.apply_settings(True, 1.0)
        t = d.top
        surface = pygame.Surface((1280, 720))
        surface.fill(theme.TABLE)
        t.draw_counter(surface)
        rounds = t.view["rounds"]
        for k in (t.view["round"] + 1, rounds):
            r = round_box(k, rounds)
            edge = surface.get_at((r.left, r.centery))[:3]
            assert contrast(edge, theme.TABLE) >= 3.0, (k, edge)
    finally:
        theme.apply_settings(False, 1.0)
        d.close()
