"""Start-of-turn prompts name the keys once the player is using the keyboard: 'drag' and
'click' named only the mouse, and a keyboard player had to guess that Tab and Enter work."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.ui import theme
from tests.ui.driver import Driver

GAMES = ["breaks", "blockers", "breaker_blocks", "circuit_breaker", "cube"]


def prompt_drawn(d: Driver) -> str:
    """The prompt's lines as drawn this frame, joined (the Cube's is drawn at the top left)."""
    t = d.top
    lines = [text for text, rect, _ in d.labels(1)]
    if hasattr(t, "shown_prompt"):
        whole = t.shown_prompt()
    elif t.prompt():
        whole = t.prompt()
    else:  # the Cube: the two lines over the board
        return " ".join(text for text, rect, _ in d.labels(1) if rect.x == 20 and rect.y < 100)
    assert whole in " ".join(lines), ("the whole prompt is drawn, line after line", whole)
    return whole


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", GAMES)
def test_a_prompt_names_tab_and_enter_once_the_focus_ring_shows(game, lang):
    from game.scenes.tables import table_class
    from game.session import GameSession
    session = GameSession(game, ["human", "ai:easy"], seed=1, options={"first_player": 0})
    d = Driver(lambda app: table_class(game)(app, session), autosave=False)
    try:
        theme.apply_settings(False, 2.0)  # reading size must not push the prompt out of its lines
        i18n.load_language(lang)
        d.top.language_changed()
        d.frames(2)
        mouse = prompt_drawn(d)
        assert "Enter" not in mouse, mouse
        d.key(pygame.K_TAB)
        assert d.top.focus.visible
        keys = prompt_drawn(d)
        assert "Enter" in keys, keys
        assert "drag" not in keys.lower() and " zieh " not in keys.lower(), keys
        assert not keys.endswith("..."), keys
    finally:
        i18n.load_language("en")
        theme.apply_settings(False, 1.0)
        d.close()
