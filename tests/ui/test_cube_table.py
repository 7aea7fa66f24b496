"""The Break the Cube table driven headless: building by drag and by keyboard, refusals
with the building rule, asking from the pad, guessing, memory play vs notes, hand-off."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pygame
import pytest

from game.rules.cube import mask_cubes, positions_mask
from game.scenes.cube_board import landing_text
from game.scenes.cube_pad import LETTER_CELLS
from game.scenes.cube_table import ANSWERS_BOX, READING_TIME, CubeTable
from game.scenes.handoff import HandoffScene
from game.scenes.results import ResultsScene
from game.session import GameSession
from tests.ui.driver import Driver, texts_on_opening
from tests.ui.test_scenes import focus_onto

P = "S:5.2,6.2 M:4.1,5.1,7.1 L:3.1,6.1,8.1,9.1"
Q = "S:5.1,5.2 M:1.1,2.1,4.1 L:3.1,6.1,8.1,9.1"


def cube_driver(seats, **options) -> Driver:
    session = GameSession("cube", seats, seed=1, options=options)
    return Driver(lambda app: CubeTable(app, session), autosave=False)


@contextmanager
def cube_read_at(scale: float, lang: str, **options) -> Iterator[Driver]:
    """A Cube table, you against the computer and first to move, at reading size ``scale``
    in language ``lang``: English at 100 % again afterwards."""
    from game import i18n
    from game.ui import theme
    d = cube_driver(["human", "ai:easy"], first_player=0, **options)
    try:
        theme.apply_settings(False, scale)
        i18n.load_language(lang)
        d.top.language_changed()
        yield d
    finally:
        i18n.load_language("en")
        theme.apply_settings(False, 1.0)
        d.close()


def cell_point(table: CubeTable, cell: int, z: int = 0) -> tuple[int, int]:
    x, y = (cell - 1) % 3, (cell - 1) // 3
    px, py = table.board.iso().project(x + 0.5, y + 0.5, z)
    return int(px), int(py)


def build_by_keys(d: Driver, table: CubeTable, moves: list[tuple[int, tuple[int, int], int, int]]) -> None:
    """moves: (tray index, cursor cell (x, y), yaw turns, tips) for each block in turn."""
    for index, cell, yaws, tips in moves:
        table.board.pick_from_tray(index)
        for _ in range(yaws):
            d.key(pygame.K_r, frames=1)
        for _ in range(tips):
            d.key(pygame.K_t, frames=1)
        table.board.cursor = cell
        d.key(pygame.K_RETURN, frames=1)


def test_build_a_secret_by_dragging_then_hide_it():
    d = cube_driver(["human", "human"], first_player=0)
    try:
        t = d.top
        assert t.view["phase"] == "build"
        b = t.building()
        # L lies flat along the back row and down the left column: cells 1 2 3 and 4
        d.drag(t.board.tray_rect(2).center, cell_point(t, 1))
        assert "L" in b.placed, t.toast
        # M flat, S tipped up later: first a refusal, a block hanging in the air
        b.tip("S")
        assert b.landing("S", 2, 2).problem is None
        d.drag(t.board.tray_rect(0).center, cell_point(t, 9))
        assert "S" in b.placed
        d.drag(t.board.tray_rect(1).center, cell_point(t, 5))  # M: each block keeps its own box
        assert set(b.placed) == {"S", "M", "L"}
        assert b.problem() is None
        d.key(pygame.K_g)
        assert t.session.log.actions[0].startswith("build ")
        assert isinstance(d.top, HandoffScene)
    finally:
        d.close()


def test_building_rules_refuse_with_their_own_message():
    d = cube_driver(["human", "human"], first_player=0)
    try:
        t = d.top
        b = t.building()
        build_by_keys(d, t, [(2, (0, 0), 0, 0)])   # L flat on cells 1 2 3 4
        assert b.placed["L"] == ((0, 0, 0), (0, 1, 0), (1, 0, 0), (2, 0, 0))
        # S turned along the rows, dropped over cell 7: it comes to rest on the L at cell 4
        # with its other cube over empty cell 7 -> refused, with the rule that forbids it
        build_by_keys(d, t, [(0, (0, 2), 1, 0)])
        assert "S" not in b.placed
        assert t.toast.startswith("The cube on cell 7, level 2 has nothing under it;"), "in the board's words, not 7.2"
        # finish an all-flat shape: the last check refuses it and G does nothing
        d.key(pygame.K_ESCAPE)
        flat = {"S": [(6, 1), (9, 1)], "M": [(2, 1), (3, 1), (5, 1)], "L": [(1, 1), (4, 1), (7, 1), (8, 1)]}
        b.placed = {pid: mask_cubes(positions_mask(pos)) for pid, pos in flat.items()}
        d.frames(2)
        assert not b.tray and b.problem() == "all blocks are flat"
        assert not t.submit_button.is_enabled
        d.key(pygame.K_g)
        assert t.session.log.actions == []
        assert t.toast == "All blocks are flat."
        del b.placed["S"]  # a block back in the tray: G says what is missing instead of nothing
        t.toast = None
        d.key(pygame.K_g)
        assert t.session.log.actions == [] and t.toast
    finally:
        d.close()


def test_messages_sit_under_the_headings_and_clear_of_the_question_pad():
    from game.scenes.puzzles import PuzzleListScene
    d = cube_driver(["human", "ai:easy"], first_player=0)
    try:
        t = d.top
        t.show_toast("A message long enough to wrap over two lines when it sits over the left column of the "
                     "table, where the shape and the copy are", 5)
        d.frames(2)
        assert t.toast_rect.top >= 126 and not t.toast_rect.colliderect(t.pad.rect)
        d.app.stack.push(PuzzleListScene(d.app))
        d.frames(1)
        d.click(d.top.cards[0][1].center)
        scene = d.top
        scene.show_toast("Another message that is long enough to take two lines in the puzzle's left column", 5)
        d.frames(2)
        assert scene.toast_rect.top >= 126 and not scene.toast_rect.colliderect(scene.pad.rect)
    finally:
        d.close()


def test_asking_from_the_pad_and_memory_play_shows_only_the_latest_answers():
    d = cube_driver(["human", "human"], first_player=0, setup={"secrets": [P, Q]})
    try:
        t = d.top
        d.click(t.pad.cell_rect(5).center)
        assert t.session.log.actions == ["ask 5"]
        cells, _, _ = t.pad_notes()
        assert cells == {"5": "S"}
        d.frames(60)
        assert d.top is t and t.viewer == 0, "the asker reads the answer before the screen is passed on"
        assert "Take in the answers" in " ".join(text for text, _, _ in d.labels())
        d.key(pygame.K_RETURN)            # read: now the hand-off to seat 2
        assert isinstance(d.top, HandoffScene)
        d.key(pygame.K_RETURN)
        d.key(pygame.K_c, mod=pygame.KMOD_SHIFT)
        assert t.session.log.actions == ["ask 5", "ask C"]
        d.click(ANSWERS_BOX.center)       # a click on the answers does the same
        d.key(pygame.K_RETURN)
        cells, letters, _ = t.pad_notes()
        assert cells == {} and letters == {"C": ["L", None, None]}, "memory play keeps only the latest turn"
        assert "Answer:" not in " ".join(line for _, line in t.log_lines)
    finally:
        d.close()


def test_notes_keep_every_answer_on_the_pad():
    d = cube_driver(["human", "human"], first_player=0, notes=True, setup={"secrets": [P, Q]})
    try:
        t = d.top
        d.key(pygame.K_5)
        d.key(pygame.K_RETURN)
        d.key(pygame.K_c, mod=pygame.KMOD_SHIFT)
        d.key(pygame.K_RETURN)
        cells, letters, _ = t.pad_notes()
        assert cells == {"5": "S"} and letters == {"C": ["L", None, None]}
    finally:
        d.close()


def test_a_correct_guess_is_stamped_and_the_game_ends():
    d = cube_driver(["human", "human"], first_player=1, setup={"secrets": [P, Q]})
    try:
        t = d.top
        d.key(pygame.K_RETURN)            # hand-off to seat 2, whose target is seat 1 (shape P)
        assert t.viewer == 1
        t.building().load(P)
        d.key(pygame.K_g)
        assert t.session.log.actions == ["guess " + P]
        assert t.stamp is not None and t.stamp[1] is True
        assert not t.session.is_over(), "the round is played out: seat 1 still has a turn"
        solved = t.solved_copy()
        assert t.building() is None and solved is not None and solved.placed, "the right copy stays in sight"
        assert d.until(lambda: isinstance(d.top, HandoffScene), timeout=5)
        d.key(pygame.K_RETURN)
        d.key(pygame.K_1)
        assert d.until(lambda: isinstance(d.top, ResultsScene), timeout=5)
        assert t.session.state.winners() == [1]
        assert t.view["secrets"] == [P, Q]
        assert t.result_lines() == ["Seat 2: found the shape after 1 turn", "Seat 1: not found after 1 turn"]
        # in the ranking's order above them, the winner first (they came in seat order)
        assert [line.split(":")[0] for line in t.result_lines()] == [t.seat_name(s) for s in d.top.order]
    finally:
        d.close()


def test_view_turns_in_quarter_steps():
    d = cube_driver(["human", "human"], first_player=0)
    try:
        t = d.top
        d.key(pygame.K_e)
        d.key(pygame.K_e)
        d.key(pygame.K_q)
        assert t.board.rotation == 1
    finally:
        d.close()


def test_a_held_block_names_the_cells_it_would_fill():
    d = cube_driver(["human", "human"], first_player=0)
    try:
        t = d.top
        b = t.building()
        build_by_keys(d, t, [(1, (1, 1), 0, 0)])          # M flat, over cell 5
        placed = b.landing("S", 1, 1)                    # S held over the M
        assert placed.cells_by_level() == {1: sorted(3 * y + x + 1 for x, y, z in placed.cubes)}
        assert landing_text("S", placed) == "S would fill cells " + ", ".join(
            str(c) for c in placed.cells_by_level()[1]) + " (level 2)"
        t.board.pick_from_tray(0)
        t.board.cursor = (1, 1)
        assert any(text.startswith("S would fill cells") for text, _, _ in d.labels())
        # stood upright in one cell, a block fills one cell on two levels: not "cells 5 (level 1); 5 (level 2)"
        from game.scenes.cube_build import Landing
        assert landing_text("S", Landing(((0, 0, 0), (0, 0, 1)), None)) == "S would stand in cell 1, levels 1 to 2"
    finally:
        d.close()


def test_every_arrow_moves_a_block_held_by_keyboard_unless_it_is_at_that_edge():
    d = cube_driver(["human", "human"], first_player=0)
    try:
        t = d.top
        d.key(pygame.K_RETURN)  # hand-off to seat 1: build the secret shape
        b = t.building()

        def cells() -> list[int]:
            return sorted(3 * y + x + 1 for x, y, _ in b.landing(t.board.held.pid, *t.board.cursor).cubes)

        t.board.pick_from_tray(b.tray.index("S"))  # a flat bar over two cells
        t.board.cursor = (1, 1)
        start = cells()
        assert start == [5, 6]
        d.key(pygame.K_RIGHT)  # already against the right edge: nowhere to go
        assert cells() == start
        d.key(pygame.K_LEFT)
        assert cells() == [4, 5], "one press left moves the bar one cell left"
        d.key(pygame.K_DOWN)
        assert cells() == [7, 8]
        d.key(pygame.K_RIGHT)
        assert cells() == [8, 9]
        d.key(pygame.K_UP)
        assert cells() == [5, 6]
    finally:
        d.close()


def test_the_focus_ring_round_a_tray_block_leaves_the_trays_caption_clear():
    d = cube_driver(["human", "human"], first_player=0)
    try:
        t = d.top
        d.key(pygame.K_RETURN)  # hand-off to seat 1: build the secret shape
        d.key(pygame.K_TAB)
        tray = t.focus.current.rect_of()
        assert t.focus.visible and tray in [t.board.tray_rect(i) for i in range(3)]
        ring = tray.inflate(16, 16)  # the ring reaches 8 px outside what it marks
        caption = next(rect for text, rect, _ in d.labels() if text == "Blocks to place:")
        assert caption.bottom <= ring.top, (caption, ring)
    finally:
        d.close()


def test_letters_are_drawn_before_the_blocks_so_a_tall_block_hides_the_one_behind_it(monkeypatch):
    from game.scenes import cube_board
    from game.ui.iso import IsoView
    calls = []
    monkeypatch.setattr(IsoView, "draw_letters", lambda self, surface, *a, **k: calls.append("letters"))
    real = IsoView.draw_cubes
    monkeypatch.setattr(IsoView, "draw_cubes", lambda self, *a, **k: (calls.append("cubes"), real(self, *a, **k)))
    d = cube_driver(["human", "human"], first_player=0)
    try:
        d.frames(1)
        assert calls[:2] == ["letters", "cubes"], calls
        calls.clear()
        surface = pygame.Surface((300, 300))
        cube_board.draw_shape(surface, "S:5.1,5.2 M:1.1,2.1,4.1 L:3.1,6.1,8.1,9.1", ("S", "M", "L"), (150, 150), 30, 0)
        assert calls == ["letters", "cubes"]
    finally:
        d.close()


def test_memory_play_holds_the_ai_back_until_the_answers_can_be_read():
    d = cube_driver(["human", "ai:easy"], first_player=0, setup={"secrets": [P, Q]})
    try:
        t = d.top
        d.click(t.pad.cell_rect(5).center)
        assert t.session.log.actions == ["ask 5"]
        asked_at = t.app.time
        assert t.reading_left() > READING_TIME - 0.1
        assert d.until(lambda: t.app.time - asked_at > READING_TIME - 0.5, timeout=20)
        assert t.session.log.actions == ["ask 5"], "the AI waits while the answers are read"
        assert d.until(lambda: len(t.session.log.actions) == 2, timeout=30)
        assert t.app.time - asked_at >= READING_TIME - 0.05  # asked two frames before asked_at
        # a click on the answers box goes on at once
        d.key(pygame.K_5)
        assert t.reading_left() > 0
        d.click(ANSWERS_BOX.center)
        assert t.reading_left() == 0
        assert d.until(lambda: len(t.session.log.actions) == 4, timeout=30)
        d.key(pygame.K_6)
        assert t.reading_left() > 0
        d.key(pygame.K_SPACE)  # ...and so does Space or Enter, without a mouse
        assert t.reading_left() == 0
    finally:
        d.close()


def test_with_notes_the_ai_does_not_wait_for_reading():
    d = cube_driver(["human", "ai:easy"], first_player=0, notes=True, setup={"secrets": [P, Q]})
    try:
        t = d.top
        d.key(pygame.K_5)
        assert t.reading_left() == 0
        assert t.ai_ready_at - t.app.time < 1.0
    finally:
        d.close()


def test_the_log_says_you_when_you_are_asked_or_guessed():
    d = cube_driver(["human", "ai:easy"], first_player=1, setup={"secrets": [P, Q]})
    try:
        t = d.top
        assert t.perform("ask 5", 1)
        assert t.perform("ask 1", 0)
        assert t.perform("guess " + P, 1)
        lines = [line for _, line in t.log_lines]
        assert "Seat 2 (AI) asked you about cell 5 from above." in lines
        assert "Seat 2 (AI) guessed your shape: right." in lines
        assert not any("You's" in line or "asked You" in line for line in lines)
    finally:
        d.close()


def test_f_turns_a_held_block_over_to_its_mirror_image():
    d = cube_driver(["human", "human"], first_player=0)
    try:
        t = d.top
        b = t.building()
        t.board.pick_from_tray(2)  # the L, lying flat
        before = b.pose["L"]
        d.key(pygame.K_f, frames=1)
        width = max(x for x, _, _ in before)
        assert set(b.pose["L"]) == {(width - x, y, z) for x, y, z in before}  # left and right swapped
        assert set(b.pose["L"]) != set(before)
        d.key(pygame.K_f, frames=1)
        assert b.pose["L"] == before
    finally:
        d.close()


def test_a_held_block_aims_at_the_floor_cell_even_behind_a_column():
    """Seen from the front, the top of the block on cell 9 covers the floor of cell 5. While
    a block is held the placed ones turn see-through and the pointer picks the floor cell,
    so cell 5 can still be aimed at."""
    d = cube_driver(["human", "human"], first_player=0)
    try:
        t = d.top
        b = t.building()
        b.placed["L"] = ((2, 0, 0), (2, 1, 0), (2, 2, 0), (1, 2, 0))  # cells 3, 6, 9, 8
        b.tip("S")  # standing up: one cell wide
        d.drag(t.board.tray_rect(0).center, cell_point(t, 5))
        assert set(b.placed["S"]) == {(1, 1, 0), (1, 1, 1)}, t.toast
    finally:
        d.close()


def shown_labels(d: Driver) -> list[str]:
    return [text for text, _, _ in d.labels(frames=2)]


def test_watching_computer_players_names_the_shown_seat_instead_of_you():
    d = cube_driver(["ai:easy", "ai:easy"], first_player=0, setup={"secrets": [P, Q]})
    try:
        d.top.paused = True  # the labels, not the AI's moves, are under test
        labels = shown_labels(d)
        assert "Seat 1 (AI)'s copy of Seat 2 (AI)'s shape" in labels
        assert "Seat 1 (AI)'s hidden shape" in labels
        assert not [text for text in labels if text.startswith("Your")], labels
        assert "Q/E turn the view." in labels and not [text for text in labels if "Shift+" in text]
    finally:
        d.close()
    d = cube_driver(["human", "ai:easy"], first_player=0, setup={"secrets": [P, Q]})
    try:
        labels = shown_labels(d)
        assert "Your copy of Seat 2 (AI)'s shape" in labels and "Your hidden shape" in labels
        assert "Ask: a digit, or Shift+letter." in " ".join(labels), "how to ask, by keyboard (wrapped in the panel)"
    finally:
        d.close()


def test_sudden_death_tells_you_that_you_are_out():
    d = cube_driver(["human", "ai:easy"], first_player=0, sudden_death=True, setup={"secrets": [P, Q]})
    try:
        t = d.top
        t.paused = True
        before = t.session.view(0)
        t.session.apply("guess " + P, 0)  # seat 1's target is seat 2's shape Q: wrong, and out
        lines = t.narrate(0, "guess " + P, before, t.session.view(0))
        assert lines[1] == "You are out (sudden death).", lines
    finally:
        d.close()


def test_your_hidden_shape_label_stays_clear_of_a_three_level_shape():
    from game.scenes.cube_board import draw_shape
    from game.scenes.cube_table import SECRET_CENTRE, SECRET_TILE
    tall = "S:1.2,1.3 M:1.1,2.1,4.1 L:3.1,6.1,8.1,9.1"  # level 3 on the back cell
    d = cube_driver(["human", "ai:easy"], first_player=0, setup={"secrets": [tall, Q]})
    try:
        t = d.top
        t.paused = True
        label = next(rect for text, rect, _ in d.labels(1) if text == "Your hidden shape")
        for rotation in range(4):
            alone = pygame.Surface((1280, 720), pygame.SRCALPHA)
            draw_shape(alone, tall, tuple(t.view["pieces"][0]), SECRET_CENTRE, SECRET_TILE, rotation, labels=False)
            shape = alone.get_bounding_rect()
            assert shape.h > 80, "the shape is drawn, three levels high"
            assert label.bottom <= shape.top, (rotation, label, shape)
    finally:
        d.close()


def test_a_hint_while_building_your_secret_does_not_talk_of_guessing():
    d = cube_driver(["human", "ai:easy"], first_player=0)
    try:
        t = d.top
        assert t.view["phase"] == "build"
        build = next(str(a) for a in t.session.state.legal_actions() if str(a).startswith("build"))
        reason = t.hint_reason(build)
        assert "secret" in reason and "guess" not in reason, reason
        assert "guess" in t.hint_reason("guess " + P), "a guess is still explained as one"
    finally:
        d.close()


def test_the_mouse_alone_can_turn_tip_and_turn_over_a_block_in_the_tray():
    """The wheel only turns a block flat; the R / T / F buttons on each tray box reach
    every pose, so a shape can be copied without the keyboard."""
    from game.scenes.cube_build import flipped, tipped, yawed
    d = cube_driver(["human", "human"], first_player=0)
    try:
        t = d.top
        b = t.building()
        start = b.pose["S"]
        yaw, tip, flip = t.board.pose_button_rects(0)  # S is first in the tray
        d.click(tip.center)
        assert b.pose["S"] == tipped(start)
        labels = [text for text, _, _ in d.labels(frames=1)]
        # the pointer rests on the button: its heading says what it does
        assert "S: Stand it up another way or lay it down (T)" in labels
        d.click(yaw.center)
        d.click(flip.center)
        assert b.pose["S"] == flipped(yawed(tipped(start)))
        d.click(flip.center)
        d.click(yaw.center)
        d.click(yaw.center)
        d.click(yaw.center)
        assert b.pose["S"] == tipped(start)  # standing up
        d.drag(t.board.tray_rect(0).center, cell_point(t, 5))
        assert {z for _, _, z in b.placed["S"]} == {0, 1}, "the S stands on cell 5, two levels high"
    finally:
        d.close()


def test_a_guess_hint_says_how_many_shapes_still_fit():
    session = GameSession("cube", ["human", "ai:normal"], seed=0, options={"build": "random", "first_player": 0})
    for q in ("5", "1"):  # seat 1 asks; seat 2 (the computer here) asks too
        session.apply(f"ask {q}", 0)
        session.apply(f"ask {q}", 1)
    d = Driver(lambda app: CubeTable(app, session), autosave=False)
    try:
        t = d.top
        t.paused = True
        left = t.shapes_left()
        assert left and left > 1
        reason = t.hint_reason("guess " + "S:5.1,5.2 M:1.1,2.1,4.1 L:3.1,6.1,8.1,9.1")
        assert reason.startswith(f"{left} shapes still fit") and "Only this shape" not in reason
    finally:
        d.close()


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("seats", [2, 3])
def test_the_answer_panel_says_whose_shape_a_cell_answer_is_about(lang, seats):
    """'Seat 2 (AI) sees from above' read as if the seat were looking at something: the answer
    is what lies on top of the cell asked about in that seat's own shape."""
    from game import i18n
    d = cube_driver(["human"] + ["ai:easy"] * (seats - 1), first_player=1, setup={"secrets": [P, Q, P][:seats]})
    try:
        i18n.load_language(lang)
        t = d.top
        t.language_changed()
        t.paused = True
        assert t.perform("ask 5", 1)
        labels = [(text, rect) for text, rect, _ in d.labels(frames=1) if ANSWERS_BOX.colliderect(rect)]
        line = {("en", 2): "On top of cell 5 in your shape:", ("de", 2): "Oben auf Feld 5 in deiner Form:",
                ("en", 3): "On top of cell 5 in Seat 3 (AI)'s shape:",
                ("de", 3): "Oben auf Feld 5 in der Form von Spieler 3 (KI):"}[lang, seats]
        assert line in " ".join(text for text, _ in labels), labels
        assert all(ANSWERS_BOX.contains(rect) for _, rect in labels), labels
        assert not any(a.colliderect(b) for i, (_, a) in enumerate(labels) for _, b in labels[i + 1:]), labels
    finally:
        i18n.load_language("en")
        d.close()


def test_an_empty_cell_answer_says_empty_beside_its_crossed_box():
    """Cell 1 of P is empty: the answer box says so in a word, as the log does with the note
    sheet on; a crossed box alone was taken for an answer still to come."""
    d = cube_driver(["human", "ai:easy"], first_player=0, setup={"secrets": [Q, P]})
    try:
        t = d.top
        t.paused = True
        assert t.perform("ask 1", 0)
        labels = [(text, rect) for text, rect, _ in d.labels(frames=1) if ANSWERS_BOX.colliderect(rect)]
        empty = [rect for text, rect in labels if text == "empty"]
        assert len(empty) == 1 and ANSWERS_BOX.contains(empty[0]), labels
        assert t.perform("ask 2", 1) and t.perform("ask 3", 0)  # cell 3 of P holds L: no word
        assert "empty" not in [text for text, rect, _ in d.labels(frames=1) if ANSWERS_BOX.colliderect(rect)]
    finally:
        d.close()


def test_tray_drawings_and_names_stay_clear_of_the_pose_buttons_in_every_view_and_set():
    from game.scenes.cube_board import POSE_SIZE
    for pieces in (3, 5):
        d = cube_driver(["human", "human"], first_player=0, blocks=pieces)
        try:
            t = d.top
            b = t.building()
            for turn in range(4):
                for pid in b.tray:
                    for button in range(3):
                        i = b.tray.index(pid)
                        box = t.board.tray_rect(i)
                        room = pygame.Rect(box.x + 4, box.y + 20, box.w - POSE_SIZE - 12, box.h - 24)
                        image = t.board._mini(pid, b.pose[pid], room.size)
                        assert image.get_width() <= room.w and image.get_height() <= room.h, (pid, turn)
                        t.board.change_pose(pid, button)
                t.board.turn(1)
            d.frames(1)
            for text, rect, _ in d.labels(frames=1):
                for i in range(len(b.tray)):
                    box = t.board.tray_rect(i)
                    if box.collidepoint(rect.topleft) and len(text) > 1:  # a block's name
                        assert rect.right <= box.right - 4, text
        finally:
            d.close()
    d = cube_driver(["human", "human"], first_player=0)
    try:
        t = d.top
        b = t.building()
        b.tip("S")  # a standing bar: turning it round changes nothing, so R is off and does nothing
        before = b.pose["S"]
        assert not t.board.pose_changes("S", 0)
        d.click(t.board.pose_button_rects(0)[0].center)
        assert b.pose["S"] == before
    finally:
        d.close()


def test_a_hovered_tray_button_keeps_its_letter_readable_in_high_contrast():
    from game.ui import theme
    d = cube_driver(["human", "human"], first_player=0)
    try:
        theme.apply_settings(True, 1.0)
        t = d.top
        button = t.board.pose_button_rects(0)[1]
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=button.center, rel=(0, 0), buttons=(0, 0, 0)))
        d.frames(2)
        inner = d.app.display.canvas.subsurface(button.inflate(-6, -6))
        colours = {tuple(inner.get_at((x, y)))[:3] for x in range(inner.get_width()) for y in range(inner.get_height())}
        assert len(colours) > 1, "the letter stands out from the button's face"
    finally:
        theme.apply_settings(False, 1.0)
        d.close()


def test_the_copy_being_built_is_kept_when_the_game_is_continued():
    """The copy of the target's shape is a player's deduction work across turns: it is
    saved with the game and comes back on Continue (a broken saved copy is left out)."""
    from game import storage
    from game.scenes.title import TitleScene
    session = GameSession("cube", ["human", "ai:easy"], seed=0, options={"build": "random", "first_player": 0})
    d = Driver(lambda app: CubeTable(app, session))
    try:
        d.frames(2)
        table = d.top
        assert table.view["phase"] == "play" and session.current_player == 0
        copy = table.building()
        placed = next((pid, x, y) for pid in copy.tray for x in range(3) for y in range(3)
                      if copy.landing(pid, x, y).problem is None)
        assert copy.place(*placed) is None
        d.frames(2)
        d.app.writer.flush()
        saved = storage.load_autosave(d.app.dirs)[0]
        assert saved["notes"]["cube_copies"]["0"] == {placed[0]: [list(c) for c in copy.placed[placed[0]]]}
        expected = dict(copy.placed)
    finally:
        d.close()
    d = Driver()
    try:
        assert isinstance(d.top, TitleScene)
        d.top.resume_game()
        d.frames(2)
        assert d.top.building().placed == expected
    finally:
        d.close()
    saved["notes"]["cube_copies"]["0"] = {placed[0]: [[7, 7, 7]]}
    storage.atomic_write_json(storage.autosave_path(storage.user_dirs()), saved)
    d = Driver()
    try:
        d.top.resume_game()
        d.frames(2)
        assert isinstance(d.top, CubeTable) and d.top.building().placed == {}
    finally:
        d.close()


def test_the_blocks_of_a_secret_being_built_are_kept_when_the_game_is_continued():
    """Closing the window halfway through building your secret shape lost the blocks
    already placed: they are saved with the game like the copies, until the shape is hidden."""
    from game import storage
    from game.scenes.title import TitleScene
    session = GameSession("cube", ["human", "ai:easy"], seed=0, options={"first_player": 0})
    d = Driver(lambda app: CubeTable(app, session))
    try:
        d.frames(2)
        table = d.top
        assert table.phase() == "build" and session.current_player == 0
        secret = table.building()
        assert secret.place("S", 0, 0) is None
        d.frames(2)
        d.app.writer.flush()
        saved = storage.load_autosave(d.app.dirs)[0]
        assert saved["notes"]["cube_secrets"]["0"] == {"S": [list(c) for c in secret.placed["S"]]}
        expected = dict(secret.placed)
    finally:
        d.close()
    d = Driver()
    try:
        assert isinstance(d.top, TitleScene)
        d.top.resume_game()
        d.frames(2)
        table = d.top
        assert isinstance(table, CubeTable) and table.building().placed == expected
        table.building().load(P)  # finished and hidden: the shape is in the record now
        table.submit()
        d.frames(2)
        assert table.view["built"][0]
        assert "cube_secrets" not in table.session.notes
    finally:
        d.close()


def test_the_last_player_standing_in_sudden_death_is_named_so_in_the_results():
    r = "S:1.1,1.2 M:2.1,3.1,6.1 L:4.1,7.1,8.1,9.1"
    wrong = "S:7.1,7.2 M:1.1,2.1,4.1 L:3.1,6.1,8.1,9.1"
    session = GameSession("cube", ["human", "human", "human"], seed=1,
                          options={"sudden_death": True, "first_player": 0, "setup": {"secrets": [P, Q, r]}})
    session.apply("guess " + wrong, 0)
    session.apply("guess " + wrong, 1)
    assert session.state.winners() == [2]
    d = Driver(lambda app: CubeTable(app, session), autosave=False)
    try:
        d.frames(2)
        assert d.app.stack.find(CubeTable).result_lines()[0] == "Seat 3: last player standing after 0 turns"
    finally:
        d.close()


def test_a_game_nobody_wins_says_so_on_the_results_screen():
    session = GameSession("cube", ["human", "human"], seed=1,
                          options={"max_rounds": 1, "first_player": 0, "setup": {"secrets": [P, Q]}})
    session.apply("ask 5", 0)
    session.apply("ask 5", 1)
    assert session.is_over() and session.state.winners() == []
    d = Driver(lambda app: CubeTable(app, session), autosave=False)
    try:
        assert d.until(lambda: isinstance(d.top, ResultsScene), timeout=10)
        assert "Nobody wins" in [text for text, _, _ in d.labels(frames=2)]
    finally:
        d.close()


def test_side_notes_show_each_blocks_shape_not_only_its_colour():
    from game.scenes.cube_pad import QuestionPad
    pygame.font.init()  # the notes name their blocks in letters too
    pad = QuestionPad((0, 0))
    grey = {"S": (150, 150, 150), "M": (150, 150, 150)}  # one colour: only the shape cue can tell them apart

    def note(block: str) -> bytes:
        surface = pygame.Surface((400, 400))
        pad._letter_note(surface, "D", [block, None, None], grey)
        return pygame.image.tobytes(surface, "RGB")

    assert note("S") != note("M")


def test_a_buried_block_shows_its_shape_cue_on_a_side():
    from game.ui.iso import IsoView
    view = IsoView((200.0, 150.0))
    same = {"S": (150, 150, 150), "X": (150, 150, 150), "M": (90, 90, 90)}

    def picture(bottom: str) -> bytes:
        surface = pygame.Surface((400, 300))
        view.draw_cubes(surface, {(1, 1, 0): bottom, (1, 1, 1): "M"}, same)
        return pygame.image.tobytes(surface, "RGB")

    assert picture("S") != picture("X"), "S and X share a colour here: the cue on a side tells them apart"


def test_the_latest_question_is_outlined_dashed_unlike_the_hover_ring():
    from game.scenes.cube_pad import QuestionPad
    from game.ui import theme
    pygame.font.init()
    pad = QuestionPad((20, 20))
    surface = pygame.Surface((400, 400))
    pad.draw(surface, True, None, {}, {}, {}, {"5"})
    r = pad.cell_rect(5).inflate(-2, -2)
    edge = [surface.get_at((x, r.y + 1))[:3] for x in range(r.x + 6, r.right - 6)]
    assert theme.SKY in edge and any(c != theme.SKY for c in edge), "a dashed line: sky with gaps"


def test_with_sudden_death_a_guess_is_confirmed_first_and_not_yet_keeps_you_in():
    from game.scenes.confirm import ConfirmScene
    d = cube_driver(["human", "human"], first_player=1, sudden_death=True, setup={"secrets": [P, Q]})
    try:
        t = d.top
        d.key(pygame.K_RETURN)            # hand-off to seat 2, whose target is seat 1 (shape P)
        t.building().load(Q)              # not P: this guess would be wrong
        d.key(pygame.K_g)
        assert isinstance(d.top, ConfirmScene) and t.session.log.actions == []
        assert d.top.no == "Not yet"
        d.key(pygame.K_RETURN)            # "Not yet" has the focus
        assert d.top is t and t.session.log.actions == []
        d.key(pygame.K_g)
        d.click(d.top.focus.items[1].rect_of().center)  # Guess
        assert t.session.log.actions == ["guess " + Q] and t.view["eliminated"][1]
    finally:
        d.close()


def test_news_of_the_whole_table_carries_no_players_mark_in_the_log():
    d = cube_driver(["human", "human"], first_player=0)
    try:
        t = d.top
        t.session.apply("build " + P, 0)
        t.session.apply("build " + Q, 1)
        t.rebuild_log()
        news = [(seat, text) for seat, text in t.log_lines if text.startswith("Every shape is hidden")]
        assert news == [(None, "Every shape is hidden. Round 1 begins.")]
    finally:
        d.close()


def test_the_verdict_of_a_game_ending_guess_keeps_off_the_revealed_shapes():
    d = cube_driver(["human", "human", "human"], first_player=0, notes=True, setup={"secrets": [P, Q, P]})
    try:
        t = d.top
        d.key(pygame.K_RETURN)
        for seat in (0, 1):               # two asks, then the round's last seat guesses right
            assert t.viewer == seat
            d.key(pygame.K_5)
            d.key(pygame.K_RETURN)
        assert t.viewer == 2
        t.building().load(P)              # seat 3's target is seat 1 (shape P)
        d.key(pygame.K_g)
        assert t.session.is_over() and t.stamp is not None
        t.stamp = (t.stamp[0], t.stamp[1], 0.01)  # fully grown
        shapes = pygame.Surface((1280, 720), pygame.SRCALPHA)
        t.draw_reveal(shapes)
        verdict = pygame.Surface((1280, 720), pygame.SRCALPHA)
        t.draw_stamp(verdict)
        assert verdict.get_bounding_rect().h > 40
        assert pygame.mask.from_surface(shapes).overlap(pygame.mask.from_surface(verdict), (0, 0)) is None
    finally:
        d.close()


def test_the_pointed_questions_wording_does_not_run_over_the_notes_label():
    d = cube_driver(["human", "human", "human"], first_player=0, notes=True, setup={"secrets": [P, Q, P]})
    try:
        t = d.top
        d.key(pygame.K_RETURN)
        pos = t.pad.cell_rect(1).center
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        labels = d.labels(frames=2)
        asked = [rect for text, rect, _ in labels if text.startswith("Ask Seat 2")]
        assert asked, [text for text, _, _ in labels]
        assert not any(text == "note sheet on" and rect.colliderect(asked[0]) for text, rect, _ in labels)
    finally:
        d.close()


def test_a_block_pointed_at_any_cell_lands_somewhere_in_the_grid_and_says_where():
    """A flat L cannot cover cell 8 in its starting pose: it slides to the nearest place that
    fits (its shadow shows it) rather than being refused as 'outside the grid'."""
    from game.scenes.cube_board import landing_text
    from game.scenes.cube_build import Builder, yawed
    b = Builder(("S", "M", "L"))
    for pid in ("S", "M", "L"):
        for turn in range(4):
            for cell in range(9):
                spot = b.landing(pid, cell % 3, cell // 3)
                assert spot.problem is None, (pid, turn, cell + 1, spot.problem)
            b.pose[pid] = yawed(b.pose[pid])
    assert sorted(cy * 3 + cx + 1 for cx, cy, _ in b.landing("L", 1, 2).cubes) == [4, 5, 6, 7]
    one = type(spot)(((2, 2, 0),), "too tall")
    assert landing_text("X", one) == "X would fill cell 9 (level 1)"


def test_a_block_dropped_on_a_cell_stands_there_if_any_way_over_that_cell_can():
    """With S lying on cells 5 and 6, M dragged onto cell 4 took the way over the cell
    nearest its middle, on top of S with a cube over empty cell 4, and every drop there was
    refused as 'has nothing under it'; lying on cells 1, 2 and 4 it stands."""
    d = cube_driver(["human", "human"], first_player=0)
    try:
        t = d.top
        b = t.building()
        b.placed["S"] = ((1, 1, 0), (2, 1, 0))
        d.drag(t.board.tray_rect(b.pieces.index("M")).center, cell_point(t, 4))
        assert b.placed.get("M") == ((0, 0, 0), (0, 1, 0), (1, 0, 0)), t.toast
        assert not t.toast
    finally:
        d.close()


def test_a_placed_block_can_be_picked_up_again_by_keyboard():
    d = cube_driver(["human", "human"], first_player=0)
    try:
        t = d.top
        d.key(pygame.K_RETURN)  # hand-off to seat 1: build the secret shape
        b = t.building()
        t.board.pick_from_tray(b.tray.index("M"))
        d.key(pygame.K_RETURN)  # down at the cursor
        assert "M" in b.placed and t.board.held is None
        index = b.pieces.index("M")
        stop = next(item for item in t.focus.items if item.enabled() and item.rect_of() == t.board.placed_rect(index))
        assert stop.rect_of().w > 0
        stop.activate()
        assert "M" not in b.placed and t.board.held is not None and t.board.held.by_keys
        d.key(pygame.K_LEFT)
        d.key(pygame.K_RETURN)
        assert "M" in b.placed, "moved with the arrows and put down again"
    finally:
        d.close()


def test_another_players_guess_is_stamped_with_their_name():
    """A lone "Wrong" after the computer's last guess read as if your own guess had failed."""
    d = cube_driver(["human", "ai:easy"], first_player=0, setup={"secrets": [P, Q]})
    try:
        t = d.top
        assert t.viewer == 0
        t.on_applied(1, "guess " + Q, {}, {"log": [{"correct": False}]})
        assert t.stamp[:2] == ("Seat 2 (AI): wrong", False)
        t.on_applied(0, "guess " + Q, {}, {"log": [{"correct": True}]})
        assert t.stamp[:2] == ("Correct!", True)
    finally:
        d.close()


def test_a_copy_already_guessed_wrong_is_refused_and_costs_no_turn():
    W = "S:7.1,7.2 M:1.1,2.1,4.1 L:3.1,6.1,8.1,9.1"  # legal, not P: a wrong guess at seat 1
    d = cube_driver(["human", "human"], first_player=1, setup={"secrets": [P, Q]})
    try:
        t = d.top
        d.key(pygame.K_RETURN)            # hand-off to seat 2, whose target is seat 1 (shape P)
        t.building().load(W)
        d.key(pygame.K_g)
        assert t.session.log.actions == ["guess " + W]
        assert d.until(lambda: isinstance(d.top, HandoffScene), timeout=5)
        d.key(pygame.K_RETURN)
        d.key(pygame.K_1)                 # seat 1 asks; round 2, seat 2 again
        d.key(pygame.K_RETURN)
        assert d.until(lambda: isinstance(d.top, HandoffScene), timeout=5)
        d.key(pygame.K_RETURN)
        assert t.viewer == 1 and t.building().canonical() == W, "the copy stays as it was"
        t.toast = None
        d.key(pygame.K_g)
        assert t.session.log.actions == ["guess " + W, "ask 1"], "the same wrong guess again is refused"
        assert t.toast == "You already guessed this shape, and it was not the one."
        assert t.session.current_player == 1, "and the turn is still seat 2's"
    finally:
        d.close()


def test_with_every_block_down_but_the_shape_refused_the_tray_says_why():
    d = cube_driver(["human", "human"], first_player=0)
    try:
        t = d.top
        b = t.building()
        flat = {"S": [(6, 1), (9, 1)], "M": [(2, 1), (3, 1), (5, 1)], "L": [(1, 1), (4, 1), (7, 1), (8, 1)]}
        b.placed = {pid: mask_cubes(positions_mask(pos)) for pid, pos in flat.items()}
        texts = [text for text, _, _ in d.labels(2)]
        assert not t.submit_button.is_enabled
        assert "All blocks are flat." in texts, "the greyed-out button is explained where the tray was"
        assert "All blocks placed." not in texts
        b.placed["S"] = mask_cubes(positions_mask([(6, 1), (6, 2)]))  # S stands up: now it may be hidden
        texts = [text for text, _, _ in d.labels(2)]
        assert "All blocks placed." in texts and t.submit_button.is_enabled
    finally:
        d.close()


def test_your_hidden_shape_stays_on_the_board_while_the_others_build():
    d = cube_driver(["human", "human"], first_player=0)
    try:
        t = d.top
        t.building().load(P)
        d.key(pygame.K_g)                 # seat 1 hides P; seat 2 builds next (as a computer would)
        assert t.session.log.actions == ["build " + P]
        assert t.view["phase"] == "build" and not t.my_turn() and t.viewer == 0
        shown = t.board.finished()
        assert shown is not None and shown.canonical() == P, "not an empty grid under 'Your secret shape'"
        assert t.building() is None, "shown only: nothing to pick up or change"
    finally:
        d.close()


def test_the_answers_box_shows_whose_shape_a_guess_tried_and_the_shape_itself():
    """Every guess is public (CU-17): the box said only "Seat 2 (AI) guessed: wrong"."""
    from game.scenes.cube_table import GUESS_CENTRE
    wrong = "S:7.1,7.2 M:1.1,2.1,4.1 L:3.1,6.1,8.1,9.1"
    d = cube_driver(["human", "ai:easy"], first_player=1, setup={"secrets": [P, Q]})
    try:
        t = d.top
        t.paused = True
        near = pygame.Rect(0, 0, 150, 110)
        near.center = GUESS_CENTRE
        d.frames(1)
        before = {tuple(d.app.display.canvas.get_at(p))[:3] for p in _grid(near)}
        assert t.perform("guess " + wrong, 1)
        texts = [text for text, _, _ in d.labels(frames=1)]
        assert "Seat 2 (AI) guessed your shape: wrong." in texts
        drawn = {tuple(d.app.display.canvas.get_at(p))[:3] for p in _grid(near)}
        assert drawn - before, "the guessed shape is drawn in the box"
    finally:
        d.close()


def _grid(rect: pygame.Rect) -> list[tuple[int, int]]:
    return [(x, y) for x in range(rect.left, rect.right, 3) for y in range(rect.top, rect.bottom, 3)]


def test_in_pass_and_play_the_answers_box_talks_to_the_seat_at_the_screen():
    d = cube_driver(["human", "human"], first_player=1, notes=True, setup={"secrets": [P, Q]})
    try:
        t = d.top
        d.key(pygame.K_RETURN)            # the screen goes to seat 2, who asks seat 1 about cell 5
        d.key(pygame.K_5)
        assert d.until(lambda: isinstance(d.top, HandoffScene), timeout=5)
        d.key(pygame.K_RETURN)            # now seat 1 is at the screen: the answer was about their shape
        assert t.viewer == 0
        texts = [text for text, _, _ in d.labels(frames=1)]
        assert "On top of cell 5 in your shape:" in texts and "On top of cell 5 in Seat 1's shape:" not in texts
        assert any("asked Seat 1 about cell 5" in line for _, line in t.log_lines), "the log stays for everyone"
    finally:
        d.close()


def test_at_the_end_the_seat_strip_says_not_solved_and_the_build_buttons_go():
    d = cube_driver(["human", "human"], first_player=1, setup={"secrets": [P, Q]})
    try:
        t = d.top
        d.key(pygame.K_RETURN)
        t.building().load(P)
        d.key(pygame.K_g)                 # seat 2 is right; seat 1 has the last turn of the round
        assert d.until(lambda: isinstance(d.top, HandoffScene), timeout=5)
        d.key(pygame.K_RETURN)
        assert t.submit_button.visible and t.clear_button.visible
        d.key(pygame.K_1)
        assert d.until(lambda: isinstance(d.top, ResultsScene), timeout=5)
        d.app.stack.pop()
        texts = [text for text, _, _ in d.labels(frames=2)]
        assert "Seat 1: not solved" in texts and "Seat 2: solved" in texts
        assert not t.submit_button.visible and not t.clear_button.visible
    finally:
        d.close()


def test_with_random_shapes_the_log_opens_with_them_built():
    d = cube_driver(["human", "ai:easy"], first_player=0, build="random")
    try:
        t = d.top
        assert t.view["phase"] == "play"
        assert t.log_lines[0] == (None, "The computer built every secret shape at random. Round 1 begins.")
    finally:
        d.close()


def test_a_building_refusal_names_the_numbered_cell_and_the_level_in_either_language():
    """The engine writes a position as cell.level ("5.2"); the board shows numbered cells and
    the rules page counts levels, so a refusal says "cell 5, level 2"."""
    from game import i18n
    from game.rules.cube import check_partial
    from game.scenes.base import sentence
    from game.scenes.cube_build import in_words
    floating = in_words(check_partial({"S": ["5.2", "6.2"]}, ("S", "M", "L")))
    assert sentence(floating) == "The cube on cell 5, level 2 has nothing under it."
    try:
        assert i18n.load_language("de") is None
        assert sentence(floating) == "Unter dem Würfel auf Feld 5, Ebene 2 ist nichts."
        assert sentence(in_words("blocks overlap at 4.1")) == "Blöcke überschneiden sich auf Feld 4, Ebene 1."
    finally:
        i18n.load_language("en")


def test_a_sides_notes_stay_off_its_letter_its_neighbours_and_the_cells():
    """The three answer swatches beside I, H or G (and A, B, C) cut into the letter's
    circle: each side's notes keep clear of every letter and of the grid's cells, inside the pad."""
    from game.scenes.cube_pad import DOT, LETTER_CELLS, QuestionPad
    pygame.font.init()  # the notes name their blocks in letters too
    pad = QuestionPad((40, 40))
    for letter in LETTER_CELLS:
        surface = pygame.Surface((500, 500))
        pad._letter_note(surface, letter, ["S", None, "M"], {"S": (200, 80, 0), "M": (0, 120, 200)})
        ink = pygame.mask.from_threshold(surface, (0, 0, 0), (1, 1, 1, 255))
        ink.invert()
        box = ink.get_bounding_rects()[0].unionall(ink.get_bounding_rects())
        assert pad.rect.inflate(8, 8).contains(box), (letter, box)
        for other in LETTER_CELLS:
            r = pad.letter_rect(other)
            nearest = (min(max(r.centerx, box.left), box.right - 1), min(max(r.centery, box.top), box.bottom - 1))
            assert pygame.Vector2(nearest).distance_to(r.center) > DOT / 2, (letter, other, box)
        assert not any(box.colliderect(pad.cell_rect(c).inflate(-4, -4)) for c in range(1, 10)), (letter, box)


def test_after_a_right_guess_the_prompt_says_it_is_your_last_turn():
    """CU-13: once a right guess triggers the end, the seats still to play in that round
    get one last turn. The prompt said only "Ask a question ... or guess", so a player
    could spend that turn on a question that could no longer help."""
    d = cube_driver(["human", "ai:easy"], first_player=1, setup={"secrets": [P, Q]})
    try:
        t = d.top
        t.perform("guess " + P, 1)        # the computer finds seat 1's shape first
        assert d.until(lambda: t.session.current_player == 0, timeout=5)
        d.frames(2)
        shown = " ".join(text for text, _, _ in d.labels())
        assert "last turn" in shown and "Seat 2 (AI)" in shown, shown
        assert not t.session.is_over()
    finally:
        d.close()


def test_the_prompt_names_no_last_turn_before_anyone_is_right():
    d = cube_driver(["human", "ai:easy"], first_player=0, setup={"secrets": [P, Q]})
    try:
        d.frames(2)
        assert "last turn" not in " ".join(text for text, _, _ in d.labels())
    finally:
        d.close()


def test_in_the_last_round_of_the_round_limit_the_prompt_says_it_is_your_last_turn():
    """CU-15: when round max_rounds ends, the game is over and nobody wins. The prompt told
    of a last turn only after a right guess, so the last round looked like any other."""
    d = cube_driver(["human", "ai:easy"], first_player=0, max_rounds=2, setup={"secrets": [P, Q]})
    try:
        t = d.top
        d.frames(2)
        assert "last turn" not in " ".join(text for text, _, _ in d.labels())
        t.perform("ask 1", 0)
        assert d.until(lambda: t.session.current_player == 0 and t.view["round"] == 2, timeout=10)
        d.frames(2)
        shown = " ".join(text for text, _, _ in d.labels())
        assert "Round 2 is the last one" in shown and "last turn" in shown, shown
        t.perform("ask 2", 0)
        assert d.until(lambda: t.session.is_over(), timeout=10) and t.session.state.winners() == []
    finally:
        d.close()


def test_a_guess_or_build_hint_shows_the_shape_it_talks_of(monkeypatch):
    """The reasons say "Only this shape fits ..." and "this is one": the shape was named
    nowhere on screen, so the hint could not be followed."""
    import game.scenes.cube_table as table_module
    drawn = []
    real = table_module.draw_shape
    monkeypatch.setattr(table_module, "draw_shape",
                        lambda surface, text, pieces, *rest, **kw: (drawn.append((text, pieces)),
                                                                    real(surface, text, pieces, *rest, **kw)))
    d = cube_driver(["human", "ai:easy"], first_player=0, setup={"secrets": [P, Q]})
    try:
        t = d.top
        t.paused = True
        t.on_hint("ask 5")
        d.frames(2)
        assert Q not in [text for text, _ in drawn] and "The hint's shape" not in \
            " ".join(text for text, _, _ in d.labels()), "a question hint shows no shape"
        t.on_hint("guess " + Q)
        d.frames(2)
        assert (Q, ("S", "M", "L")) in drawn, "the guessed shape is drawn"
        assert "The hint's shape" in " ".join(text for text, _, _ in d.labels())
        drawn.clear()
        d.frames(12 * 60)  # the hint's outline is gone by now; building the copy takes longer
        assert (Q, ("S", "M", "L")) in drawn, "the shape stays in sight until a move is made"
        d.key(pygame.K_5)
        drawn.clear()
        d.frames(2)
        assert Q not in [text for text, _ in drawn], "a move was made: the hint is done with"
    finally:
        d.close()


def test_a_build_hint_shows_the_shape_it_offers():
    d = cube_driver(["human", "ai:easy"], first_player=0)
    try:
        t = d.top
        t.paused = True
        t.on_hint("build " + P)
        d.frames(2)
        assert t.hinted_shape() == (P, ("S", "M", "L"))
        assert "The hint's shape" in " ".join(text for text, _, _ in d.labels())
    finally:
        d.close()


def test_out_with_sudden_death_your_wrong_copy_stays_on_the_board():
    """With three players a seat knocked out by a wrong guess watches the rest of the game:
    its board went empty under "Your copy of ...'s shape", with Guess and Clear greyed out,
    as if the copy had been lost."""
    R = "S:1.1,1.2 M:2.1,3.1,6.1 L:4.1,7.1,8.1,9.1"
    W = "S:7.1,7.2 M:1.1,2.1,4.1 L:3.1,6.1,8.1,9.1"  # legal, not R
    d = cube_driver(["human", "ai:easy", "ai:easy"], first_player=0, sudden_death=True,
                    setup={"secrets": [P, R, Q]})
    try:
        t = d.top
        t.paused = True
        t.building().load(W)
        t.perform("guess " + W, 0)
        d.frames(2)
        assert t.view["eliminated"][0] and not t.session.is_over()
        shown = t.solved_copy()
        assert t.building() is None and shown is not None and shown.canonical() == W
        labels = " ".join(text for text, _, _ in d.labels())
        assert "You are out: your wrong guess at Seat 2 (AI)'s shape" in labels
        assert not t.submit_button.visible and not t.clear_button.visible
        from game import i18n
        try:
            assert i18n.load_language("de") is None
            title = next(rect for text, rect, _ in d.labels() if text.startswith("Du bist raus"))
            assert title.left >= 20 and title.right <= t.pad.rect.left - 20, "the heading stays over the board"
        finally:
            i18n.load_language("en")
    finally:
        d.close()


def test_a_replay_does_not_offer_keys_to_ask():
    """The status line of a replay said "Ask: a digit, or Shift+letter.", but a replay
    takes no questions (its keys step through the game)."""
    from game.scenes.replay import ReplayScene
    session = GameSession("cube", ["human", "ai:easy"], seed=1,
                          options={"first_player": 0, "setup": {"secrets": [P, Q]}})
    for text, seat in (("ask 5", 0), ("ask 1", 1), ("guess " + Q, 0), ("ask 2", 1)):
        session.apply(text, seat)
    d = Driver(lambda app: ReplayScene(app, session.to_record()), autosave=False)
    try:
        d.key(pygame.K_HOME)
        d.key(pygame.K_RIGHT)
        shown = " ".join(text for text, _, _ in d.labels(1))
        assert "Round 1" in shown and "Q/E turn the view." in shown
        assert "Ask: a digit" not in shown
    finally:
        d.close()


def test_a_cell_question_about_another_seat_does_not_mark_your_notes_fresh():
    """With three players the pad holds the answers about your own target. Another seat's
    cell question is about its target: the dashed "latest question" ring went round your
    note for that cell (an answer from an earlier turn, about someone else)."""
    R = "S:1.1,1.2 M:2.1,3.1,6.1 L:4.1,7.1,8.1,9.1"
    d = cube_driver(["human", "ai:easy", "ai:easy"], first_player=0, notes=True,
                    setup={"secrets": [P, Q, R]})
    try:
        t = d.top
        t.paused = True
        t.perform("ask 5", 0)             # seat 1 asks its target, seat 2: S
        t.perform("ask 5", 1)             # seat 2 asks its target, seat 3: nothing there
        d.frames(1)
        cells, _, fresh = t.pad_notes()
        assert cells == {"5": "S"} and "5" not in fresh, "seat 2's question says nothing of seat 2's shape"
        t.perform("ask C", 2)             # a side: every seat answers, seat 2 too
        d.frames(1)
        _, letters, fresh = t.pad_notes()
        assert letters == {"C": ["L", None, None]} and fresh == {"C"}
    finally:
        d.close()


def test_a_block_carried_off_the_grid_is_drawn_under_the_pointer():
    """Away from the grid the held block follows the pointer with its floor plan centred on
    it, as its shadow is over the grid (it hung two cells above the pointer, apart from it)."""
    d = cube_driver(["human", "human"], first_player=0)
    try:
        t = d.top
        canvas = d.app.display.canvas
        off_grid = (830, 330)
        d.frames(2)
        before = canvas.copy()
        for index in range(3):  # each of S, M and L
            d.hold(t.board.tray_rect(index).center, off_grid, frames=2)
            assert t.board.held is not None and t.board.cell_at(off_grid) is None
            assert canvas.get_at(off_grid) != before.get_at(off_grid), index
            d.release(t.board.tray_rect(index).center)
            d.frames(2)
    finally:
        d.close()


def test_ctrl_z_with_blocks_on_the_copy_says_how_to_take_them_back():
    """Ctrl+Z after placing a block refused with only "a question once answered stands":
    the block just placed, which is what a player wants back, can be picked up or cleared."""
    session = GameSession("cube", ["human", "ai:easy"], seed=0, options={"build": "random", "first_player": 0})
    d = Driver(lambda app: CubeTable(app, session), autosave=False)
    try:
        d.frames(2)
        table = d.top
        d.key(pygame.K_z, mod=pygame.KMOD_CTRL)
        assert "picked up" not in (table.toast or "")  # nothing placed: the game's limit alone
        copy = table.building()
        placed = next((pid, x, y) for pid in copy.tray for x in range(3) for y in range(3)
                      if copy.landing(pid, x, y).problem is None)
        assert copy.place(*placed) is None
        d.frames(2)
        table.toast = None
        d.click(table.undo_button.rect.center)
        assert table.toast == "Undo takes back no blocks: pick one up again, or Clear takes them all off."
        assert copy.placed and session.log.actions == []
    finally:
        d.close()


def test_the_last_turn_prompts_say_a_seat_can_outlast_the_others_exactly_when_the_rules_allow_it():
    """CU-14: under sudden death the last seat left in wins. The last-round prompt said only a
    right guess could still win, while with 3 players the first to move could ask and win as
    the others guessed wrong. Checked against the engine in every option combination: the
    seat to move (after any mix of asks, wrong and right guesses before it in the round) can
    win without a right guess exactly when the table says so."""
    import itertools

    from game.rules import get_rules
    rules = get_rules("cube")
    seen = set()
    for n, sudden in itertools.product(range(2, 5), (False, True)):
        for first, before in itertools.product(range(n), range(n)):
            for moves in itertools.product(("ask 1", "guess " + Q, "guess " + P), repeat=before):
                state = rules.new_game(n, 1, sudden_death=sudden, max_rounds=1,
                                       setup={"secrets": [P] * n, "first_player": first})
                for move in moves:
                    if not state.is_terminal():
                        state.apply(state.parse(move))
                if state.is_terminal():
                    continue
                me = state.current_player
                view = state.view(me)
                outlast = state.clone()  # the best case without a right guess: stay in, all after go out
                outlast.apply(outlast.parse("ask 1"))
                while not outlast.is_terminal():
                    outlast.apply(outlast.parse("guess " + Q))
                can = me in outlast.winners()
                assert CubeTable.may_outlast(view) == can, (n, sudden, first, moves)
                assert not (can and view["end_triggered"]), "after a right guess only a right guess wins"
                seen.add(can)
    assert seen == {True, False}


def test_the_last_round_prompt_under_sudden_death_tells_of_outlasting_the_others():
    d = cube_driver(["human", "ai:easy", "ai:easy"], first_player=0, max_rounds=1, sudden_death=True,
                    setup={"secrets": [P, Q, P]})
    try:
        d.frames(2)
        shown = " ".join(text for text, _, _ in d.labels())
        assert "last turn" in shown and "every player after you guesses wrong" in shown, shown
        assert "Only a right guess" not in shown
    finally:
        d.close()


def test_placing_the_last_block_by_keyboard_moves_the_ring_to_hide_my_shape():
    """The ring stayed on the tray box the last block left, empty now: Enter there did
    nothing. It goes on to the button that hides the shape, and Enter hides it."""
    d = cube_driver(["human", "human"], first_player=0)
    try:
        t = d.top
        d.key(pygame.K_RETURN)  # hand-off to seat 1: build the secret shape
        b = t.building()
        shape = {"M": [(4, 1), (5, 1), (7, 1)], "L": [(3, 1), (6, 1), (8, 1), (9, 1)]}  # P without its S
        b.placed = {pid: mask_cubes(positions_mask(pos)) for pid, pos in shape.items()}
        focus_onto(d, t.board.tray_rect(0))
        assert b.tray == ["S"]
        d.key(pygame.K_RETURN)  # S picked up from the keyboard
        t.board.cursor = (1, 1)
        d.key(pygame.K_RETURN)  # down on the M, over cells 5 and 6: P is whole
        assert not b.tray and b.problem() is None
        assert t.focus.visible and t.focus.current.rect_of() == t.submit_button.rect
        d.key(pygame.K_RETURN)
        assert d.until(lambda: t.session.log.actions, 3), "Enter hid the shape"
    finally:
        d.close()


def test_placing_a_block_from_the_trays_last_box_by_keyboard_leaves_the_ring_on_a_block():
    d = cube_driver(["human", "human"], first_player=0)
    try:
        t = d.top
        d.key(pygame.K_RETURN)
        b = t.building()
        focus_onto(d, t.board.tray_rect(2))
        d.key(pygame.K_RETURN)  # the last box's block (L), flat in the corner
        t.board.cursor = (0, 0)
        d.key(pygame.K_RETURN)
        assert len(b.tray) == 2
        assert t.focus.current.rect_of() == t.board.tray_rect(1), "the tray closed up: on its last block"
        d.key(pygame.K_RETURN)
        assert t.board.held is not None, "Enter picks that block up"
    finally:
        d.close()


def test_a_last_block_that_leaves_an_unfit_shape_puts_the_ring_on_that_block():
    d = cube_driver(["human", "human"], first_player=0)
    try:
        t = d.top
        d.key(pygame.K_RETURN)
        b = t.building()
        flat = {"M": [(2, 1), (3, 1), (5, 1)], "L": [(1, 1), (4, 1), (7, 1), (8, 1)]}  # all flat with S on 6, 9
        b.placed = {pid: mask_cubes(positions_mask(pos)) for pid, pos in flat.items()}
        focus_onto(d, t.board.tray_rect(0))
        d.key(pygame.K_RETURN)  # S picked up
        d.key(pygame.K_r)  # turned along the column: flat on cells 6 and 9
        cells_6_9 = set(mask_cubes(positions_mask([(6, 1), (9, 1)])))
        t.board.cursor = next(c for c in [(x, y) for y in range(3) for x in range(3)]
                              if set(b.landing("S", *c).cubes) == cells_6_9)
        d.key(pygame.K_RETURN)
        assert not b.tray and b.problem() is not None, "every block down, the shape not allowed"
        assert t.focus.current.rect_of() == t.board.placed_rect(b.pieces.index("S")), "Enter lifts it to mend"
    finally:
        d.close()


def drawn_box(before: pygame.Surface, after: pygame.Surface, area: pygame.Rect) -> pygame.Rect:
    """The box round the pixels of ``area`` that differ between two frames."""
    xs, ys = [], []
    for y in range(area.top, area.bottom):
        for x in range(area.left, area.right):
            if before.get_at((x, y)) != after.get_at((x, y)):
                xs.append(x)
                ys.append(y)
    assert xs, "nothing drawn"
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


TALL = "L:1.1,1.2,1.3,2.1 M:3.1,6.1,5.1 S:9.1,8.1"  # a column three levels high at the back


def board_box(t: CubeTable, blocks: bool = True) -> pygame.Rect:
    """The screen box of the table's foundation with its letters, and of the blocks on it."""
    iso, shown = t.board.iso(), t.building()
    cubes = shown.occupied() if shown is not None and blocks else {}
    points = [iso.project(x, y, 0) for x in (-1.1, 4.1) for y in (-1.1, 4.1)]
    points += [iso.project(x + dx, y + dy, z + 1) for x, y, z in cubes for dx in (0, 1) for dy in (0, 1)]
    xs, ys = zip(*points, strict=True)
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("scale", [1.0, 1.5, 2.0])
@pytest.mark.parametrize("verb", ["build", "ask", "guess"])
def test_a_hints_message_never_covers_the_board_at_any_text_size(verb, scale, lang):
    """At 200 % reading size a guess hint's message reached down over the top of the board
    the copy is built on: it ends above the board and the hint's shape, in smaller text
    if need be, and is never cut short."""
    from game import i18n
    setup = {"secrets": [P, Q]} if verb != "build" else {}
    with cube_read_at(scale, lang, **({"setup": setup} if setup else {})) as d:
        t = d.top
        action = {"build": f"build {P}", "ask": "ask 5", "guess": f"guess {Q}"}[verb]
        t.on_hint(action)
        t.hint = (action, d.app.time)
        t.show_toast(i18n.tr("Hint: {move} {why}", move=t.hint_move(action), why=t.hint_reason(action)), 6)
        box = d.toast_box(t)
        board = board_box(t)
        assert board.top > 200, "the whole board, its letters included"
        assert not box.colliderect(board), (box, board)
        assert t.hinted_shape() is None or not box.colliderect(t.hint_area()), (box, t.hint_area())
        assert not any(line.endswith("...") for line in t.toast_lines(box.width - 40)[2]), "nothing cut off"
        if verb != "build":  # a column three levels high: its top may be covered, never the board
            t.building().load(TALL)
            box = d.toast_box(t)
            assert board_box(t).top < 200 and box.bottom <= board_box(t, blocks=False).top
            assert not any(line.endswith("...") for line in t.toast_lines(box.width - 40)[2])


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("scale", [1.0, 1.5, 2.0])
@pytest.mark.parametrize("verb", ["build", "guess"])
def test_a_hints_message_leaves_the_shape_it_talks_of_in_sight_at_any_text_size(verb, scale, lang):
    """At 150 % and 200 % reading size the hint's message box reached down over the small
    shape it names ("this shape") until it faded."""
    from game import i18n
    setup = {"secrets": [P, Q]} if verb == "guess" else {}
    with cube_read_at(scale, lang, **({"setup": setup} if setup else {})) as d:
        t = d.top
        d.frames(2)
        plain = d.app.display.canvas.copy()
        action = f"{verb} {P if verb == 'build' else Q}"
        t.on_hint(action)
        d.frames(1)
        shape = drawn_box(plain, d.app.display.canvas, pygame.Rect(0, 100, 640, 340))
        t.hint = (action, d.app.time)
        t.show_toast(i18n.tr("Hint: {move} {why}", move=t.hint_move(action), why=t.hint_reason(action)), 6)
        box = d.toast_box(t)
        assert not box.colliderect(shape), (box, shape)
        assert not box.colliderect(t.submit_button.rect) and box.right <= 960, "nor the button, the pad or the panel"
        if verb == "guess":
            assert box.right <= t.pad.question_rect("A").left - 8


def test_a_finished_games_panel_says_game_over_once_and_when_it_ended():
    """The panel read 'Game over' in its banner and again on the line under it."""
    session = GameSession("cube", ["human", "human"], seed=1, options={"first_player": 1, "setup": {"secrets": [P, Q]}})
    session.apply("guess " + P, 1)
    session.apply("ask 1", 0)
    assert session.is_over()
    shown = texts_on_opening(lambda app: CubeTable(app, session))
    assert shown.count("Game over") == 1, shown
    assert "Ended in round 1" in shown


def test_a_held_blocks_landing_words_are_not_hidden_by_an_older_message():
    """After a refused drop the message box stayed over the words under the board's title
    that say where the block picked up again would land, and why not."""
    d = cube_driver(["human", "human"], first_player=0)
    try:
        t = d.top
        b = t.building()
        b.placed["S"] = ((1, 1, 0), (2, 1, 0))
        tray = t.board.tray_rect(b.pieces.index("M")).center
        d.drag(tray, cell_point(t, 8))
        assert "M" not in b.placed and t.toast
        d.hold(tray, cell_point(t, 8), frames=2)
        shown = d.labels()
        words = [rect for text, rect, _ in shown if text.startswith("M would fill cells")]
        assert words and t.toast_rect is None, "the landing words show, the old message waits"
        assert not any(text == t.toast for text, _, _ in shown)
        d.release(cell_point(t, 8))
        assert d.toast_box(t), "the new refusal shows"
    finally:
        d.close()


def test_an_ask_hint_says_plainly_why_that_question():
    """'Hint: Ask everyone for side J. Its answer splits the shapes that are still possible best.'
    ended on 'possible best', as if 'best' were a kind of shape."""
    d = cube_driver(["human", "ai:normal"], first_player=0, setup={"secrets": [P, Q]})
    try:
        for ask in ("ask J", "ask 9"):
            assert d.top.hint_reason(ask) == "Its answer narrows down the possible shapes the most."
    finally:
        d.close()


def test_in_german_an_ask_hint_never_reads_as_a_formal_you():
    """'Tipp: Frag alle nach Seite G. Ihre Antwort teilt ...': a capital 'Ihre' at the start of the
    sentence read as the formal 'your answer' in a game that says 'du' everywhere."""
    from game import i18n
    session = GameSession("cube", ["human", "ai:normal"], seed=1,
                          options={"first_player": 0, "setup": {"secrets": [P, Q]}})
    d = Driver(lambda app: CubeTable(app, session), autosave=False)
    try:
        assert i18n.load_language("de") is None
        try:
            for ask in ("ask G", "ask 5"):
                reason = d.top.hint_reason(ask)
                assert reason == "Die Antwort darauf grenzt die möglichen Formen am stärksten ein.", reason
        finally:
            i18n.load_language("en")
    finally:
        d.close()


def test_in_german_the_results_say_who_found_the_shape_and_in_how_many_turns_plainly():
    """The results read 'Du: nicht gefunden nach 5 Zügen' (not found what? after five turns?) under
    'Spieler 2 (KI): Form gefunden nach 5 Zügen'; each line now names the shape and counts the turns
    after it."""
    from game import i18n
    session = GameSession("cube", ["human", "human"], seed=1, options={"first_player": 1, "setup": {"secrets": [P, Q]}})
    session.apply("guess " + P, 1)
    session.apply("ask 1", 0)
    d = Driver(lambda app: CubeTable(app, session), autosave=False)
    try:
        assert session.is_over()
        assert i18n.load_language("de") is None
        try:
            assert d.top.result_lines() == ["Spieler 2: Form gefunden (1 Zug)",
                                             "Spieler 1: Form nicht gefunden (1 Zug)"]
        finally:
            i18n.load_language("en")
        assert d.top.result_lines() == ["Seat 2: found the shape after 1 turn", "Seat 1: not found after 1 turn"]
    finally:
        d.close()


@pytest.mark.parametrize("lang, said", [("en", "Seat 2 wins."), ("de", "Spieler 2 gewinnt.")])
def test_a_finished_games_log_ends_with_who_won_and_not_game_over_again(lang, said):
    """The log's last line read 'Game over. Winners: Seat 2.' under the banner saying 'Game over'."""
    from game import i18n
    session = GameSession("cube", ["human", "human"], seed=1, options={"first_player": 1, "setup": {"secrets": [P, Q]}})
    session.apply("guess " + P, 1)
    d = Driver(lambda app: CubeTable(app, session), autosave=False)
    try:
        assert i18n.load_language(lang) is None
        try:
            d.frames(1)
            d.top.perform("ask 1", 0)
            assert session.is_over()
            assert d.top.log_lines[-1] == (None, said)
            shown = [text for text, _, _ in d.labels(1)]
            banner = i18n.tr("Game over")
            assert sum(banner.lower() in text.lower() for text in shown) == 1, shown
        finally:
            i18n.load_language("en")
    finally:
        d.close()


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("scale", [1.0, 1.5, 2.0])
def test_a_side_questions_answers_are_headed_at_a_readable_size_over_four_seats(monkeypatch, scale, lang):
    """The heading 'Seat 2 (AI) asked for side J (bottom, middle, top):' needed some 350 px
    (German 410) in 306 and shrank to 11 px at every reading size: each level now names
    its own column, the heading at its full 15 px, every word at 13 px or more, clear of
    the answers and of the reading bar."""
    import game.scenes.cube_table as table_module
    from game.ui import theme
    sizes: dict[str, int] = {}
    real_render = theme.render
    monkeypatch.setattr(theme, "render", lambda text, size, *rest, **kw: (
        sizes.__setitem__(text, size), real_render(text, size, *rest, **kw))[1])
    swatches: list[pygame.Rect] = []
    real_swatch = table_module.swatch
    monkeypatch.setattr(table_module, "swatch", lambda surface, rect, *rest: (
        swatches.append(pygame.Rect(rect)), real_swatch(surface, rect, *rest)))
    session = GameSession("cube", ["human", "ai:easy", "ai:easy", "ai:easy"], seed=1,
                          options={"first_player": 1, "setup": {"secrets": [P, Q, P, Q]}})
    session.apply("ask J", 1)  # a computer's question: its name makes the longest heading
    d = Driver(lambda app: CubeTable(app, session), autosave=False)
    from game import i18n
    try:
        theme.apply_settings(False, scale)
        i18n.load_language(lang)
        t = d.top
        t.language_changed()
        t.paused = True
        d.frames(2)
        swatches.clear()
        labels = [(text, rect) for text, rect, _ in d.labels() if ANSWERS_BOX.colliderect(rect)]
        heading = [(text, rect) for text, rect in labels if "J" in text]
        assert len(heading) == 1 and sizes[heading[0][0]] == 15, "the heading at its full size, not shrunk"
        levels = [i18n.tr(word) for word in ("bottom", "middle", "top")]
        for text, rect in labels:
            assert sizes[text] >= 13, (text, sizes[text])
            assert ANSWERS_BOX.contains(rect), (text, rect)
            if any(s.contains(rect) for s in swatches):
                continue  # a block's letter on its swatch
            assert rect.collidelist(swatches) < 0, (text, rect)
            assert not any(rect.colliderect(other) for other_text, other in labels if other_text != text), text
        assert len(swatches) == 12
        assert all(ANSWERS_BOX.contains(s) and s.bottom <= ANSWERS_BOX.bottom - 8 for s in swatches)
        assert all(a.bottom <= b.top for a, b in zip(swatches[::3], swatches[3::3], strict=False)), "rows apart"
        for lvl, word in enumerate(levels):  # each level's name over its own column
            rect = next(rect for text, rect in labels if text == word)
            assert swatches[lvl].left <= rect.centerx <= swatches[lvl].right and rect.bottom <= swatches[lvl].top
    finally:
        i18n.load_language("en")
        theme.apply_settings(False, 1.0)
        d.close()


def drawn_mask(draw_on, bottom: int) -> pygame.mask.Mask:
    """The pixels ``draw_on(surface)`` draws above ``bottom`` on a clear surface."""
    surface = pygame.Surface((960, 720), pygame.SRCALPHA)
    draw_on(surface)
    surface.fill((0, 0, 0, 0), pygame.Rect(0, bottom, 960, 720 - bottom))
    return pygame.mask.from_surface(surface)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("verb", ["build", "guess"])
def test_the_hints_shape_and_caption_stay_clear_of_a_tall_column_on_the_board(verb, lang):
    """A copy with a column three levels high at the board's left corner ran into the
    caption 'Die Form aus dem Tipp' (165 px wide, centred under the hint's small shape):
    the shape and its caption keep clear of the board and a column on it in every view."""
    with cube_read_at(1.0, lang, **({"setup": {"secrets": [P, Q]}} if verb == "guess" else {})) as d:
        t = d.top
        t.building().load(TALL)
        t.paused = True
        t.on_hint(f"{verb} {P if verb == 'build' else Q}")
        d.frames(2)
        for _ in range(4):
            t.board.turn(1)
            board = drawn_mask(lambda surface: t.board.draw(surface, None), t.board.tray_y - 40)
            hint = drawn_mask(t.draw_hint, t.board.tray_y - 40)
            assert hint.count() > 0, "the hint's shape is drawn"
            near = [(dx, dy) for dx in range(-4, 5, 2) for dy in range(-4, 5, 2) if board.overlap(hint, (dx, dy))]
            assert not near, (t.board.rotation, near)
            box = hint.get_bounding_rects()[0].unionall(hint.get_bounding_rects())
            assert t.hint_area().contains(box), "the messages beside it keep clear of all of it"


@pytest.mark.parametrize(("scale", "lang"), [(1.0, "en"), (2.0, "de")])
@pytest.mark.parametrize("verb", ["build", "guess"])
def test_a_three_level_hint_shape_keeps_clear_of_every_word_on_the_table(verb, scale, lang):
    """The hint's shape, grown into the room its foundation kept for letters, reaches up
    toward the prompt's two lines: a column three levels high on it stays under them, and
    clear of the board's title, in every view."""
    with cube_read_at(scale, lang, **({"setup": {"secrets": [P, TALL]}} if verb == "guess" else {})) as d:
        t = d.top
        t.paused = True
        t.on_hint(f"{verb} {TALL}")
        d.frames(2)
        for _ in range(4):
            t.board.turn(1)
            hint = drawn_mask(t.draw_hint, t.board.tray_y - 40)
            caption = [line for line, _ in t.hint_caption()]
            words = [(text, rect) for text, rect, _ in d.labels() if text not in caption]
            assert any(rect.top < 60 for _, rect in words), "the prompt is among them"
            for text, rect in words:
                assert not hint.overlap(pygame.mask.Mask(rect.size, fill=True), rect.topleft), (t.board.rotation, text)


def test_the_hints_shape_is_large_enough_to_copy_a_shape_from():
    """The hint's shape was drawn some 145 x 100 px, its blocks a third of the board's: too
    small to copy from. Then at 20 px a tile its foundation kept the band the letters need,
    empty (the hint shows none), some 40 % of its width: the blocks now use that room, about
    half the board's size."""
    from game.scenes.cube_board import COLOURS
    from game.ui.iso import shade
    with cube_read_at(1.0, "en", setup={"secrets": [P, Q]}) as d:
        t = d.top
        t.paused = True
        d.frames(2)
        plain = d.app.display.canvas.copy()
        t.on_hint(f"guess {Q}")
        d.frames(1)
        shape = drawn_box(plain, d.app.display.canvas, pygame.Rect(0, 70, 640, 196))  # above its caption
        assert shape.width >= 180 and shape.height >= 110, shape
        tones = {shade(COLOURS[pid], k) for pid in "SML" for k in (1.18, 0.82, 0.62)}
        block = [(x, y) for x in range(shape.left, shape.right) for y in range(shape.top, shape.bottom)
                 if tuple(d.app.display.canvas.get_at((x, y)))[:3] in tones]
        across = max(x for x, _ in block) - min(x for x, _ in block)
        # Q's blocks span five tiles across: near half of what they span on the board (5 x 52 px)
        assert across >= 2.4 * t.board.iso().tile, across  # at 20 px a tile: some 100 px


@pytest.mark.parametrize("tile", [21, 27, 33, 40, 44, 52])  # revealed: four or three shapes, two; the board
def test_each_letter_round_a_foundation_sits_whole_on_its_disc(tile):
    """With four shapes revealed side by side each foundation is 21 px a tile: the disc under
    a letter was 5 px in radius, and most of the 12 px white letter lay on the cream foundation."""
    from game.ui import theme
    from game.ui.iso import IsoView
    pygame.font.init()
    cream = (226, 214, 188)
    surface = pygame.Surface((700, 500))
    surface.fill(cream)
    theme.recording = []
    try:
        IsoView((350, 250), tile=tile).draw_letters(surface)
        drawn = [(text, rect) for text, rect, _ in theme.recording]
    finally:
        theme.recording = None
    assert len(drawn) == 12
    size = max(12, int(tile * 0.34))
    for letter, rect in drawn:
        ink = theme.render(letter, size, theme.TEXT, bold=True).get_bounding_rect().move(rect.topleft)
        for corner in (ink.topleft, (ink.right - 1, ink.top), (ink.left, ink.bottom - 1),
                       (ink.right - 1, ink.bottom - 1)):
            assert tuple(surface.get_at(corner))[:3] != cream, (letter, corner)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_each_revealed_shape_says_who_searched_it_and_whether_they_found_it(lang):
    """'You found your target's shape.' stood under your own shape, beside the shape it
    meant, and read as if yours had been found; the seat that searched yours was named nowhere."""
    from game import i18n
    session = GameSession("cube", ["human", "ai:easy", "ai:easy", "ai:easy"], seed=1,
                          options={"first_player": 0, "setup": {"secrets": [P, Q, P, Q]}})
    session.apply("guess " + Q, 0)  # you find seat 2's shape
    session.apply("ask 5", 1)
    session.apply("guess " + Q, 2)  # seat 3 finds seat 4's
    session.apply("ask 5", 3)
    assert session.is_over()
    from game.ui import theme
    d = Driver(lambda app: CubeTable(app, session), autosave=False)
    try:
        i18n.load_language(lang)
        t = d.app.stack.scenes[0]  # under the results
        assert isinstance(t, CubeTable)
        theme.recording = []
        t.draw_reveal(pygame.Surface((1280, 720)))
        lines = {text: rect for text, rect, _ in theme.recording}
        full = theme.render("Ag", 15).get_height()
        tr = i18n.tr
        below = {tr("Your shape"): tr("{who} did not find this shape.", who=t.seat_name(3)),
                 tr("{who}'s shape", who=t.seat_name(1)): tr("{who} found this shape.", who=tr("You")),
                 tr("{who}'s shape", who=t.seat_name(2)):
                     tr("{who} did not find this shape.", who=t.seat_name(1)),
                 tr("{who}'s shape", who=t.seat_name(3)): tr("{who} found this shape.", who=t.seat_name(2))}
        for title, line in below.items():
            assert title in lines, (title, sorted(lines))
            under = [(text, rect) for text, rect, _ in theme.recording if abs(rect.centerx - lines[title].centerx) <= 1
                     and lines[title].bottom <= rect.top < lines[title].bottom + 50]  # not the next row's
            assert " ".join(text for text, _ in under) == line, (title, under)
            assert all(rect.h == full for _, rect in under), "at 15 px, wrapped rather than shrunk"
        assert not any("target" in text or "Ziel" in text for text in lines)
    finally:
        theme.recording = None
        i18n.load_language("en")
        d.close()


@pytest.mark.parametrize("lang, name", [("en", "Seat 2 (AI)'s shape"), ("de", "Spieler 2 (KI)")])
def test_the_latest_guess_keeps_the_guessed_seats_name_on_one_line(lang, name):
    """'You guessed Seat 2 (AI)'s shape: wrong.' wrapped beside the shape as 'You guessed Seat 2'
    over '(AI)'s shape: wrong.': the bracketed aside kept to the name only without an 's."""
    from game import i18n
    wrong = "S:7.1,7.2 M:1.1,2.1,4.1 L:3.1,6.1,8.1,9.1"
    d = cube_driver(["human", "ai:easy", "ai:easy"], first_player=0, setup={"secrets": [P, Q, P]})
    try:
        t = d.top
        t.paused = True
        i18n.load_language(lang)
        t.language_changed()
        assert t.perform("guess " + wrong, 0)
        assert t.view["log"][-1]["target"] == 1, "you guess the shape of the seat after you"
        box = ANSWERS_BOX
        lines = [text for text, rect, _ in d.labels(frames=1) if box.contains(rect) and rect.x == box.x + 12]
        assert any(name in line for line in lines), lines
        assert not any(line.endswith(("Seat 2", "Spieler 2")) for line in lines), lines
    finally:
        i18n.load_language("en")
        d.close()


def test_the_tray_keeps_each_block_in_its_own_box_after_one_is_placed():
    """The tray closed up when a block was placed, so the blocks after it moved under the
    pointer: a drag started on L where it had been picked up nothing. Each block keeps its
    box (the placed one's stays, empty), by mouse and by keyboard."""
    d = cube_driver(["human", "human"], first_player=0)
    try:
        t = d.top
        b = t.building()
        assert b.pieces == ("S", "M", "L")
        boxes = [t.board.tray_rect(i) for i in range(3)]
        d.drag(boxes[0].center, cell_point(t, 1))
        assert "S" in b.placed, t.toast
        drawn = d.labels()
        for box, pid in ((boxes[1], "M"), (boxes[2], "L")):
            assert any(text.startswith(f"{pid} ") and box.contains(rect) for text, rect, _ in drawn), pid
        assert not any(boxes[0].contains(rect) for _, rect, _ in drawn), "S's box stays, empty"
        d.hold(boxes[2].center, (830, 330), frames=2)
        assert t.board.held is not None and t.board.held.pid == "L", "L is picked up where it is drawn"
        d.release(boxes[2].center)
        assert t.board.held is None and "L" not in b.placed
        focus_onto(d, boxes[2])
        d.key(pygame.K_RETURN)
        assert t.board.held is not None and t.board.held.pid == "L"
    finally:
        d.close()


@pytest.mark.parametrize(("notes", "lang", "said", "unsaid"), [
    (True, "en", "note sheet on", "notes"),
    (False, "en", "no note sheet: play from memory", "memory play"),
    (False, "de", "ohne Notizblatt: aus dem Gedächtnis", "aus dem Gedächtnis"),
])
def test_status_names_the_note_sheet_as_the_set_up_does(notes, lang, said, unsaid):
    # under "Build phase" the options' line said a bare "notes" or "memory play": which option?
    from game.scenes.table_base import PANEL_RECT
    with cube_read_at(1.0, lang, notes=notes) as d:
        lines = [text for text, rect, _ in d.labels(frames=1) if rect.x > PANEL_RECT.x]
        assert said in lines, lines
        assert unsaid not in lines, lines


@pytest.mark.parametrize(("lang", "said"), [("en", "note sheet on"), ("de", "Notizblatt an")])
def test_the_pads_label_names_the_note_sheet_beside_its_heading(lang, said):
    # it read "notes on", an option no screen named so
    with cube_read_at(1.0, lang, notes=True, setup={"secrets": [P, Q]}) as d:
        from game import i18n
        from game.scenes.table_base import PANEL_RECT
        labels = d.labels(frames=1)
        marks = [rect for text, rect, _ in labels if text == said and rect.x < PANEL_RECT.x]  # not the status
        heading = [rect for text, rect, _ in labels if text == i18n.tr("Ask a question")]
        assert len(marks) == 1 and heading, [text for text, _, _ in labels]
        assert not marks[0].colliderect(heading[0]) and marks[0].right <= d.top.pad.rect.right


@pytest.mark.parametrize("copy_built", [False, True])
def test_enter_after_a_guess_hint_follows_the_hint_not_the_pad(monkeypatch, copy_built):
    """After a 'Guess ... shape' hint the keyboard focus stayed on a cell of the question pad,
    so Enter asked a question: it goes to the first block to place, or, once the copy is the
    hinted shape, to the Guess button."""
    monkeypatch.setattr(CubeTable, "refine_hint", lambda self, text: "guess " + Q)
    d = cube_driver(["human", "ai:easy"], first_player=0, setup={"secrets": [P, Q]})
    try:
        t = d.top
        if copy_built:
            t.building().load(Q)
        d.frames(2)
        focus_onto(d, t.pad.question_rect("5"))
        d.key(pygame.K_h)
        assert d.until(lambda: t.hint is not None, timeout=30)
        d.key(pygame.K_RETURN)
        assert not any(a.startswith("ask") for a in t.session.log.actions), t.session.log.actions
        if copy_built:
            assert t.session.log.actions[-1] == "guess " + Q
        else:
            assert t.board.held is not None and t.board.held.pid == "S", "Enter picked up the first block"
    finally:
        d.close()


def test_a_hints_shape_goes_when_esc_puts_the_hint_away_or_another_is_asked_for(monkeypatch):
    """The shape of a build or guess hint stayed on screen until the next move: after Esc, and
    while H thought about a new hint, it stood for an answer nobody had given. Esc puts the
    hint away (its shape, outline and message; the menu opens with the next Esc), and H
    takes the old one away at once."""
    from game.scenes.game_menu import GameMenuScene
    monkeypatch.setattr(CubeTable, "refine_hint", lambda self, text: "guess " + Q)
    d = cube_driver(["human", "ai:easy"], first_player=0, setup={"secrets": [P, Q]})
    try:
        t = d.top

        def caption_shown() -> bool:
            return "The hint's shape" in " ".join(text for text, _, _ in d.labels())

        d.frames(2)
        d.key(pygame.K_h)
        assert d.until(lambda: t.hint is not None, timeout=30)
        assert t.hinted_shape() == (Q, ("S", "M", "L")) and caption_shown()
        d.key(pygame.K_ESCAPE)
        assert d.top is t, "Esc put the hint away; it did not open the menu"
        assert t.hinted_shape() is None and t.hint is None and not caption_shown()
        assert not (t.toast or "").startswith("Hint:"), "its message went with it"
        d.key(pygame.K_ESCAPE)
        assert isinstance(d.top, GameMenuScene), "with no hint left, Esc opens the menu"
        d.key(pygame.K_ESCAPE)
        assert d.top is t
        d.key(pygame.K_h)
        assert d.until(lambda: t.hint is not None, timeout=30) and caption_shown()
        t.request_hint()  # another: while it is thought about, the old one's shape is gone
        assert t.hint_ticket is not None and t.hinted_shape() is None
        assert d.until(lambda: t.hint is not None, timeout=30) and caption_shown(), "the new hint shows its own"
        assert t.session.log.actions == [], "no move was made throughout"
    finally:
        d.close()


def test_the_round_is_shown_once():
    """'Round 1' stood twice: at the end of the seats' line over the board and at the top of
    the status panel."""
    shown = texts_on_opening(lambda app: CubeTable(app, GameSession(
        "cube", ["human", "ai:easy"], seed=1, options={"first_player": 0, "setup": {"secrets": [P, Q]}})))
    assert shown.count("Round 1") == 1, shown


@pytest.mark.parametrize("lang", ["en", "de"])
def test_an_arrow_that_cannot_move_a_held_block_says_why(lang):
    """At the edge of the grid an arrow left the block where it was with no word: the key
    looked dead. It says the block can go no further that way; a move that works says nothing."""
    with cube_read_at(1.0, lang) as d:
        t = d.top
        b = t.building()
        t.board.pick_from_tray(b.tray.index("S"))
        for _ in range(3):  # as far left as the block goes
            t.board.cursor = t.board.next_cursor(-1, 0)
        t.toast = None
        d.key(pygame.K_RIGHT)
        assert not t.toast, "a move that works needs no word"
        for _ in range(3):
            d.key(pygame.K_RIGHT)
        from game.i18n import tr
        assert t.toast == tr("The block is at the edge of the grid: it can go no further that way."), t.toast
        assert t.toast.split()[0] == {"en": "The", "de": "Der"}[lang], t.toast


def test_in_the_build_phase_tab_reaches_the_blocks_before_the_turn_buttons():
    """From the side buttons (where a ring parked on arrival sits) Tab went to Turn left and
    Turn right before the blocks to build with: the blocks come first."""
    d = cube_driver(["human", "ai:easy"], first_player=0)
    try:
        t = d.top
        d.frames(2)
        turns = {b.rect.topleft for b in t._callbacks if b.text in ("Turn left (Q)", "Turn right (E)")}
        blocks = {t.board.tray_rect(i).topleft for i in range(3)}
        t.focus.show_first([next(i for i, it in enumerate(t.focus.items) if it.rect_of().topleft
                                 not in blocks | turns and it.enabled() and i < t.focus.start)])
        reached = []
        for _ in range(len(t.focus.items)):
            d.key(pygame.K_TAB, frames=1)
            reached.append(t.focus.current.rect_of().topleft)
        first_block = min(reached.index(p) for p in blocks)
        assert all(reached.index(p) > first_block for p in turns), reached
    finally:
        d.close()


@pytest.mark.parametrize("start", ["build", "play", "moved"])
def test_your_turn_starts_with_the_ring_on_the_first_question_your_pad_has_no_answer_to(start):
    """The ring stayed where your last turn left it: on Hide my shape once the play phase
    came (no use now), or on the question just asked, where Enter asked it again. A turn of
    the play phase starts on the first question whose answer the note sheet does not show,
    unless you moved the ring in the computer's turn."""
    setup = {} if start == "build" else {"setup": {"secrets": [P, Q]}}
    d = cube_driver(["human", "ai:easy"], first_player=0, notes=True, **setup)
    try:
        t = d.top
        d.frames(2)
        if start == "build":
            t.building().load(P)
            d.frames(1)  # a finished shape: Hide my shape takes the ring
            t.focus.show_first([i for i, item in enumerate(t.focus.items) if item.button is t.submit_button])
            d.key(pygame.K_RETURN)  # hidden: the ring stays on the button
            assert t.session.log.actions == ["build " + P]
        else:
            d.key(pygame.K_TAB)
            assert t.focus.current.rect_of() == t.pad.question_rect("1")
            d.key(pygame.K_RETURN)
            assert t.session.log.actions[-1] == "ask 1"
        assert d.until(lambda: not t.my_turn(), timeout=5)
        if start == "moved":
            d.key(pygame.K_TAB, frames=1)  # the ring moved while the computer plays (to a side button) stays put
        kept = t.focus.index
        assert d.until(lambda: t.my_turn() and t.phase() == "play" and not t.animating and not t.settling(),
                       timeout=30)
        d.frames(3)
        if start == "moved":
            assert t.focus.index == kept
            return
        first = "1" if start == "build" else "2"
        assert t.focus.visible and t.focus.current.rect_of() == t.pad.question_rect(first)
        d.key(pygame.K_RETURN)
        assert t.session.log.actions[-1] == "ask " + first
    finally:
        d.close()


def test_a_question_clicked_while_the_computer_thinks_says_why_after_its_move_too():
    """The refusal names who is thinking and stays over the computer's move: that move took
    it down at once, so the click seemed to do nothing and say nothing."""
    R = "S:1.1,1.2 M:2.1,3.1,6.1 L:4.1,7.1,8.1,9.1"
    d = cube_driver(["human", "ai:normal", "ai:normal"], first_player=1, setup={"secrets": [P, Q, R]})
    try:
        t = d.top
        assert t.session.current_player == 1 and not t.my_turn()
        d.click(t.pad.question_rect("5").center, frames=1)
        said = "Seat 2 (AI) is thinking: you can ask when your turn comes."
        assert t.toast == said
        t.perform("ask 7", 1)  # the computer's move comes (at once here, not after its thinking)
        d.frames(2)
        assert t.session.current_player == 2 and t.toast == said
        assert not [e for e in t.view["log"] if e["seat"] == 0]  # nothing was asked for you
        t.perform("ask 8", 2)  # your turn comes: the message, no longer so, goes once read
        d.frames(2)
        assert t.my_turn() and t.toast == said
        d.frames(130)
        assert t.toast is None
    finally:
        d.close()


def test_the_first_press_of_t_stands_the_l_on_its_foot_and_t_offers_only_poses_that_land():
    """The L lying flat stands on its foot, its long arm three levels up, at the first click on
    its T button, however it was turned round first, and every pose T goes round (by the
    button or the key) can land somewhere on the shape as it is. T tipped about one axis only:
    through an L resting on its foot's tip, which could land nowhere, and never up the long
    arm (seven presses of R and T by trial)."""
    d = cube_driver(["human", "human"], first_player=0)
    try:
        t = d.top
        b = t.building()
        turn, tip, _ = t.board.pose_button_rects(2)  # L is third in the tray
        for turns in range(4):
            lying = b.pose["L"]
            d.click(tip.center)
            assert sorted(z for _, _, z in b.pose["L"]) == [0, 0, 1, 2], f"on its foot after {turns} turns"
            d.click(tip.center)
            d.click(tip.center)
            assert b.pose["L"] == lying, "a third press lays it down again"
            d.click(turn.center)
        seen = []
        t.board.pick_from_tray(2)
        for _ in range(4):
            d.key(pygame.K_t, frames=1)
            seen.append(b.pose["L"])
        assert all(b.can_land("L", pose) for pose in seen), seen
        assert len(set(seen)) == 3  # on its foot, its foot up, lying: round again
    finally:
        d.close()


@pytest.mark.parametrize("phase", ["build", "play"])
def test_a_held_blocks_landing_words_keep_clear_of_the_hints_shape(phase):
    """With a hint's shape showing top left, 'L would fill cells 3, 6, 9 (level 1); 9 (level 2)'
    and why it may not land there are written right of the shape, whole: centred over the
    board they ran under it ('L w... fill cells', seen in Xvfb while copying a guess hint)."""
    options = {"setup": {"secrets": [P, Q]}} if phase == "play" else {}
    d = cube_driver(["human", "ai:easy"], first_player=0, **options)
    try:
        t = d.top
        t.paused = True
        t.on_hint(("guess " + Q) if phase == "play" else ("build " + P))
        d.frames(2)
        assert t.hinted_shape() is not None
        d.hold(t.board.tray_rect(2).center, cell_point(t, 6), frames=2)
        ghost = t.board.ghost()
        assert ghost is not None
        from game.scenes.cube_board import landing_text
        words = landing_text("L", ghost)
        labels = d.labels()
        drawn = [rect for text, rect, _ in labels if text == words]
        assert drawn, [text for text, _, _ in labels]
        shape = t.hint_area()
        assert all(not rect.colliderect(shape) for rect in drawn), (drawn, shape)
        d.release(cell_point(t, 6))
    finally:
        d.close()


@pytest.mark.parametrize("shift, x, y", [(True, 0, 1), (False, 1, 0)])
def test_shift_and_the_wheel_tip_a_held_block_as_t_does(shift, x, y):
    """While a block is dragged, Shift+wheel (a sideways wheel, as some systems send it) stands
    it up as T does; the wheel alone turns it round. The wheel only turned it round."""
    d = cube_driver(["human", "human"], first_player=0)
    try:
        t = d.top
        b = t.building()
        lying = b.pose["L"]
        d.hold(t.board.tray_rect(2).center, cell_point(t, 5))
        pygame.key.set_mods(pygame.KMOD_LSHIFT if shift else 0)
        try:
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=x, y=y, flipped=False, precise_x=float(x),
                                                 precise_y=float(y), which=0, touch=False))
            d.frames(2)
        finally:
            pygame.key.set_mods(0)
        assert sorted(z for _, _, z in b.pose["L"]) == [0, 0, 1, 2], b.pose["L"]
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0,
                                             precise_y=1.0, which=0, touch=False))
        d.frames(2)
        assert b.pose["L"] != lying and max(z for _, _, z in b.pose["L"]) == 2, "the wheel alone turns it round"
        d.release(cell_point(t, 5))
    finally:
        d.close()


def test_a_click_where_the_pad_will_stand_asks_nothing_while_building():
    """The pad shows in the play phase only: a click on that empty part of the table while you
    build your shape said 'You can ask only on your own turn.', on your own turn."""
    d = cube_driver(["human", "ai:easy"], first_player=0)
    try:
        t = d.top
        t.paused = True
        assert t.phase() == "build" and t.my_turn()
        d.click(t.pad.question_rect("5").center)
        assert t.toast is None and t.hover_q is None
    finally:
        d.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_t_buttons_heading_says_t_goes_through_the_ways_to_stand_a_block_then_lays_it_down(lang):
    """T no longer tips about one axis (it steps through each standing pose that can land,
    then lays the block down): its heading said 'Tip it up or down (T)'."""
    from game import i18n
    from game.ui.display import LOGICAL_SIZE
    with cube_read_at(1.0, lang) as d:
        t = d.top
        _, tip, _ = t.board.pose_button_rects(0)
        d.settle()
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=tip.center, rel=(0, 0), buttons=(0, 0, 0)))
        d.frames(2)
        drawn = {text: rect for text, rect, _ in d.labels(frames=1)}
        want = "S: " + i18n.tr("Stand it up another way or lay it down (T)")
        assert want in drawn, sorted(drawn)
        assert "lay it down" in want or "hinlegen" in want, want
        # whole, and clear of the board's foundation it would run under (the corner drawn over it)
        iso = t.board.iso()
        near, far = iso.base_span()
        board = pygame.Surface(LOGICAL_SIZE)
        pygame.draw.polygon(board, (255, 255, 255), [iso.project(x, y, 0) for x, y in
                                                     ((near, near), (far, near), (far, far), (near, far))])
        covered = pygame.mask.from_threshold(board.subsurface(drawn[want]), (255, 255, 255), (1, 1, 1, 255)).count()
        assert covered == 0, (drawn[want], covered)



@pytest.mark.parametrize("lang", ["en", "de"])
def test_empty_levels_of_a_side_answer_and_empty_notes_on_the_pad_are_named_by_a_key(lang):
    """Side A of Q is empty at the top level (no block stands three high): beside its
    crossed box a key says what the box means, in the answers box over the seat names and
    in the pad's corner; the crossed box alone was taken for an answer still to come."""
    from game import i18n
    from game.scenes.cube_table import ANSWER_X
    d = cube_driver(["human", "ai:easy"], first_player=0, setup={"secrets": [P, Q]})
    try:
        i18n.load_language(lang)
        t = d.top
        t.language_changed()
        t.paused = True
        assert t.perform("ask A", 0)
        assert None in t.view["log"][-1]["answers"][1], t.view["log"][-1]
        word = i18n.tr("empty")
        labels = d.labels(frames=1)
        keys = [rect for text, rect, _ in labels if text == word]
        box = [r for r in keys if ANSWERS_BOX.contains(r)]
        assert len(box) == 1 and box[0].right <= ANSWERS_BOX.x + ANSWER_X - 4, keys  # left of 'bottom'
        others = [(text, r) for text, r, _ in labels if text != word and ANSWERS_BOX.colliderect(r)]
        assert not [text for text, r in others if r.colliderect(box[0])], others  # the heading, the names
        pad = [r for r in keys if t.pad.rect.contains(r)]
        assert len(pad) == 1, keys
        letters = [t.pad.letter_rect(q) for q in LETTER_CELLS] + [t.pad.cell_rect(c) for c in range(1, 10)]
        notes = [r for q in LETTER_CELLS for r in t.pad.note_rects(q)]
        assert pad[0].collidelist(letters + notes) == -1, pad
    finally:
        i18n.load_language("en")
        d.close()
