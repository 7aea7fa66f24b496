"""Break the Cube: a refused drop says so when turning the block would let it stand on
that cell, and with which keys (or the block's buttons in the tray)."""

from __future__ import annotations

import pygame

from game import i18n
from game.scenes.cube_build import Builder
from tests.ui.test_cube_table import build_by_keys, cell_point, cube_driver


def test_a_refused_drop_names_the_turn_that_makes_it_fit_and_that_turn_works():
    d = cube_driver(["human", "human"], first_player=0)
    try:
        t = d.top
        b = t.building()
        assert b.pieces == ("S", "M", "L")
        build_by_keys(d, t, [(0, (0, 0), 0, 0)])  # S flat on cells 1 and 2
        assert "S" in b.placed
        # L lying flat, dropped by the mouse on cell 3: a cube would hang over empty cell 3
        d.drag(t.board.tray_rect(2).center, cell_point(t, 3))
        assert "L" not in b.placed
        assert t.toast == ("The cube on cell 3, level 2 has nothing under it; turn the block with T "
                           "(the keys, or its buttons in the tray) and it fits here."), t.toast
        t_button = t.board.pose_button_rects(2)[1]  # the L's T button in the tray: it stands on its foot
        d.click(t_button.center)
        d.drag(t.board.tray_rect(2).center, cell_point(t, 3))
        assert "L" in b.placed, t.toast
    finally:
        d.close()


def test_the_advice_in_german_and_by_keyboard():
    d = cube_driver(["human", "human"], first_player=0)
    try:
        assert i18n.load_language("de") is None
        t = d.top
        b = t.building()
        build_by_keys(d, t, [(0, (0, 1), 0, 0)])  # S flat on cells 4 and 5
        build_by_keys(d, t, [(2, (0, 0), 0, 0)])  # L flat, held by keys over cell 1: refused
        assert "L" not in b.placed
        assert t.toast == ("Unter dem Würfel auf Feld 1, Ebene 2 ist nichts; dreh den Block mit F "
                           "(Tasten oder seine Knöpfe im Vorrat), dann passt er hier."), t.toast
        d.key(pygame.K_f, frames=1)  # still held: F, then Enter on the same cell
        d.key(pygame.K_RETURN, frames=1)
        assert "L" in b.placed, t.toast
    finally:
        i18n.load_language("en")
        d.close()


def test_the_turn_named_always_lets_the_block_stand_there():
    b = Builder(("S", "M", "L"))
    b.placed["L"] = ((1, 1, 0), (1, 2, 0), (2, 1, 0), (2, 2, 0))
    for x in range(3):
        for y in range(3):
            keys = b.turns_to_fit("S", x, y)
            if keys is not None:  # the pose it names stands there
                pose = b.pose["S"]
                for key in keys:
                    (b.yaw if key == "R" else b.tip if key == "T" else b.flip)("S")
                assert b.landing("S", x, y).problem is None
                b.pose["S"] = pose
