"""Breaker Blocks: asking for the same hint again shows it again but logs it once."""

from __future__ import annotations

import pygame

from tests.ui.test_breaker_blocks_table import you_against_the_computer


def test_the_same_hint_asked_twice_shows_again_but_is_logged_once():
    """H, then H again before moving: the log read 'Hint shown: Play power 0 at 0,-1.'
    twice in a row, as if two hints had been given."""
    d = you_against_the_computer()
    try:
        t = d.top
        d.frames(2)
        d.key(pygame.K_h)
        assert d.until(lambda: t.hint is not None, timeout=30)
        first = t.hint[0]
        hint_lines = [line for line in t.log_lines if line[1].startswith("Hint shown: ")]
        assert len(hint_lines) == 1, t.log_lines
        t.drop_hint()  # gone from the table (as after its eight seconds)
        d.key(pygame.K_h)
        assert d.until(lambda: t.hint is not None, timeout=30)
        assert t.hint[0] == first and t.toast.startswith("Hint: ")  # shown again all the same
        assert [line for line in t.log_lines if line[1].startswith("Hint shown: ")] == hint_lines, t.log_lines
    finally:
        d.close()
