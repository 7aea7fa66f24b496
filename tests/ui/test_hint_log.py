"""Every game: asking for a hint again before moving keeps one hint line in the log."""

from __future__ import annotations

import itertools

import pygame
import pytest

from tests.ui.test_tooltip_placement import GAMES, table


def hint_lines(t) -> list[tuple[int | None, str]]:
    return [line for line in t.log_lines if line[1].startswith("Hint shown: ")]


@pytest.mark.parametrize("game", GAMES)
def test_hints_asked_again_before_a_move_leave_one_line_in_the_log(game, monkeypatch):
    """H three times at one position: each answer added a 'Hint shown: ...' line (they may
    differ, as the search stops at its time limit), so a hint-heavy game's log filled with
    them. The newest takes the earlier one's place, as a reloaded log shows it."""
    d = table(game)
    try:
        t = d.top
        answers = itertools.count(1)
        monkeypatch.setattr(type(t), "hint_move", lambda self, text: f"answer {next(answers)}.")
        d.frames(2)
        before = len(t.log_lines)
        shown = []
        for _ in range(3):
            t.drop_hint()  # gone from the table (as after its eight seconds)
            d.key(pygame.K_h)
            assert d.until(lambda: t.hint is not None, timeout=30), f"{game}: no hint came"
            shown.append(t.toast)
        assert len(t.log_lines) == before + 1, t.log_lines
        assert hint_lines(t) == [(t.viewer, "Hint shown: answer 3.")], t.log_lines
        assert len(set(shown)) == 3, "each answer is shown all the same"
        t.rebuild_log()  # as after loading the game: the same one line, in its place
        assert hint_lines(t) == [(t.viewer, "Hint shown: answer 4.")], t.log_lines
        d.key(pygame.K_h)  # asked again after the log was told anew: still one line
        assert d.until(lambda: t.hint_ticket is None and t.log_lines[-1][1] == "Hint shown: answer 5.", timeout=30)
        assert len(hint_lines(t)) == 1, t.log_lines
    finally:
        d.close()
