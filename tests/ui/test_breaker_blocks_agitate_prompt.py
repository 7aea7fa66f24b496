"""Breaker Blocks: once Agitate's leaf is picked by a click, the prompt asks for its socket."""

from __future__ import annotations

import pygame
import pytest

from game.i18n import tr_message
from game.scenes.breaker_blocks_board import cell_rect
from game.ui import theme
from tests.ui.test_breaker_blocks_table import ACTION_STEPS, bb_in, log, near


@pytest.mark.parametrize("lang, said", [
    ("en", "Agitate: put your opponent's tile from 1,3 into a glowing socket (click, drag or Enter). It joins at "
           "the big dot; point at another side or press R to move the dot."),
    ("de", "Agitate: Leg das gegnerische Plättchen von 1,3 in eine leuchtende Fassung (Klick, Ziehen oder Enter). "
           "Es setzt am großen Punkt an; R oder der Zeiger setzt ihn um.")])
def test_a_leaf_picked_by_a_click_for_agitate_moves_the_prompt_on_to_its_socket(lang, said):
    """Dragged, the rival's leaf said where to let go; picked by a click it kept asking to
    move one of the opponent's leaves, the one already picked up."""
    with bb_in(lang, ACTION_STEPS["Agitate"]) as d:
        t = d.top
        d.frames(2)
        step = tr_message(t.view["pending"]["prompt"])
        assert t.prompt() == step
        d.click(cell_rect((1, 3)).center)
        assert t.selected == ("leaf", (1, 3))
        assert t.prompt() == said and len(theme.wrap(said, 16, 440)) <= 3  # the prompt shows three lines
        d.key(pygame.K_ESCAPE)  # put back: the step's own words again
        assert t.prompt() == step
        d.click(cell_rect((1, 3)).center)
        d.click(near((3, 1), "W"))
        assert log(d)[-1] == "rearrange 1,3 to 3,1 from W"
        assert t.prompt() == tr_message(t.view["pending"]["prompt"])  # the second move's step
