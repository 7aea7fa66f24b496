"""Ctrl+Z in the game log: one undo is one entry, and the log is otherwise exactly as it
was before the move taken back (the computer's replies it took away are named in that
entry, not left as lines that read like new moves)."""

from __future__ import annotations

import pygame

from game.i18n import load_language
from tests.ui.test_breaker_blocks_table import end_the_turn, log, play_the_first_tile, you_against_the_computer
from tests.ui.test_breaks_table import X1_DECK, table_driver


def test_a_breaks_undo_is_one_log_entry_after_the_log_as_it_was():
    d = table_driver(["human", "ai:easy"], {"first_player": 0, "setup": {"deck": X1_DECK}})
    try:
        table = d.top
        d.key(pygame.K_d)
        d.frames(40)
        before = list(table.log_lines)
        d.key(pygame.K_2)
        assert len(table.log_lines) == len(before) + 1
        d.key(pygame.K_z, mod=pygame.KMOD_CTRL)
        assert table.log_lines == [*before, (0, "You took back: You placed the 4 of hearts on slot 2.")]
    finally:
        d.close()


def test_a_breaker_blocks_undo_of_the_computers_turn_too_is_one_log_entry():
    d = you_against_the_computer()
    try:
        t = d.top
        play_the_first_tile(d)
        before = list(t.log_lines)
        end_the_turn(d)
        assert d.until(lambda: t.my_turn(), 30)
        d.frames(60)
        assert len(log(d)) > 2, "the computer has played its turn"
        gone = [line for _, line in t.log_lines[len(before):]]
        d.key(pygame.K_z, mod=pygame.KMOD_CTRL)
        assert log(d) == ["play 0 at 0,-1 from N"]
        assert t.log_lines == [*before, (0, "You took back: " + " ".join(gone))]
    finally:
        d.close()


def test_the_undo_entry_in_german():
    d = table_driver(["human", "human"], {"first_player": 0, "setup": {"deck": X1_DECK}})
    try:
        table = d.top
        table.perform("draw", 0)
        table.perform("place 2", 0)
        table.undo()
        assert load_language("de") is None
        table.rebuild_log()
        who, line = table.log_lines[-1]
        assert who == 0 and line == "Spieler 1 hat zurückgenommen: Spieler 1 hat die Herz-4 in Fach 2 gelegt.", line
    finally:
        load_language("en")
        d.close()

