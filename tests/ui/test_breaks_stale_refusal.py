"""Breaks: a refusal's message goes once the player picks something else up. It stayed its
three and a half seconds over the prompt, so a slot picked to merge just after a refused one
showed 'Slot 3 cannot merge onto any other slot now.' where the prompt said what to do next."""

from __future__ import annotations

import pygame

from tests.ui.test_breaks_table import X1_DECK, slot_point, table_driver


def test_picking_a_sequence_after_a_refused_one_shows_the_merging_prompt_not_the_refusal():
    # seat 1 holds 7H / 9H / 3D: the 3 of diamonds may merge nowhere, the 7 of hearts onto the 9
    d = table_driver(["human", "human"], {"first_player": 0, "setup": {"deck": X1_DECK}})
    try:
        table = d.top
        d.frames(3)
        d.key(pygame.K_3)
        assert table.toast == "Slot 3 cannot merge onto any other slot now."
        d.key(pygame.K_1)
        assert table.selected == ("slot", 0)
        texts = [text for text, _, _ in d.labels()]
        assert table.toast is None and table.toast_rect is None, table.toast
        assert "Merging slot 1: pick the slot it goes on top of." in texts
    finally:
        d.close()


def test_a_mouse_player_clicking_a_sequence_after_a_refused_one_sees_no_refusal():
    d = table_driver(["human", "human"], {"first_player": 0, "setup": {"deck": X1_DECK}})
    try:
        table = d.top
        d.frames(3)
        d.click(slot_point(table, 0, 2))
        assert table.toast == "Slot 3 cannot merge onto any other slot now."
        d.click(slot_point(table, 0, 0))
        assert table.selected == ("slot", 0) and table.toast is None
    finally:
        d.close()
