"""Breaks: a sequence pressed and dragged never leaves its slot empty with nothing under the
pointer. One that may merge nowhere, or pressed on another's turn, vanished from its slot
while the drag went on, and came back only when the button was let go."""

from __future__ import annotations

import pygame

from game.scenes.breaks_table import BreaksTable
from game.session import GameSession
from tests.ui.driver import Driver
from tests.ui.test_breaks_table import X1_DECK, slot_point, table_driver


def face_drawn_at(d: Driver, table: BreaksTable, code: str, topleft: tuple[int, int]) -> bool:
    """Whether the next frame shows the card ``code`` (at a slot's size) with its top-left
    corner at ``topleft``, judged by a few of its pixels."""
    d.frames(1)
    face = table.face(code, table.layout.card_rect(table.viewer, 2, 0).size)
    screen = pygame.display.get_surface()
    probes = ((12, 20), (44, 62), (70, 100), (30, 15))
    return all(screen.get_at((topleft[0] + x, topleft[1] + y)) == face.get_at((x, y)) for x, y in probes)


def test_a_sequence_that_may_merge_nowhere_follows_the_pointer_and_glides_back_with_the_reason():
    # seat 1 holds 7H / 9H / 3D: the 3 of diamonds matches neither other top card
    d = table_driver(["human", "human"], {"first_player": 0, "setup": {"deck": X1_DECK}})
    try:
        table = d.top
        d.frames(3)
        assert not table.targets_for(("slot", 0, 2))
        press = slot_point(table, 0, 2)
        at = (press[0] + 160, press[1] - 30)
        d.hold(press, at, frames=2)
        slot = table.layout.card_rect(0, 2, 0)
        held = (slot.x + at[0] - press[0], slot.y + at[1] - press[1])  # held where it was pressed
        assert face_drawn_at(d, table, "3D", held), "the dragged 3 of diamonds is not under the pointer"
        d.release(slot_point(table, 0, 0))
        assert table.toast == "The 7 of hearts does not match the 3 of diamonds."
        assert table.drag.snapbacks, "the sequence should glide back to its slot"
    finally:
        d.close()


def test_a_sequence_pressed_on_the_computers_turn_stays_in_its_slot():
    setup = {"deck": ["6H", "9C", "KD", "2S"], "tableaux": [[["2H"], ["3H"], ["4D"]], [["5C"], [], []]]}
    session = GameSession("breaks", ["human", "ai:easy"], seed=0, options={"first_player": 1, "setup": setup})
    session.apply("draw", 1)
    d = Driver(lambda app: BreaksTable(app, session), autosave=False)
    try:
        table = d.top
        table.paused = True  # the computer keeps thinking
        table.cancel_ai()
        d.frames(3)
        assert not table.my_turn()
        press = slot_point(table, 0, 2)
        d.hold(press, (press[0] + 160, press[1] - 30), frames=2)
        assert table.drag.active
        slot = table.layout.card_rect(0, 2, 0)
        assert face_drawn_at(d, table, "4D", slot.topleft), "the 4 of diamonds left its slot, nothing under the pointer"
        table.drag.cancel()
    finally:
        d.close()
