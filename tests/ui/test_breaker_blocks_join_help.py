"""A picked tile's prompt ends saying where it joins and what R does. In German that had
become '... oder drück R.' (press R, for what?) to fit the prompt's three lines, and at a
shared screen, where the prompt starts with the seat's name, it still ran to a fourth
line, which the table does not draw."""

from __future__ import annotations

import pytest

from game.i18n import tr
from game.scenes.breaker_blocks_board import cell_rect
from game.scenes.breaker_blocks_table import PILE_X
from game.ui import theme
from tests.ui.test_breaker_blocks_table import ACTION_STEPS, bb_in

PROMPT_TOP = 570  # the prompt's first line, under the piles


def drawn_prompt(d) -> str:
    lines = sorted((r.y, text) for text, r, _ in d.labels() if r.x == PILE_X and PROMPT_TOP <= r.y < 648)
    return " ".join(text for _, text in lines)


def pick(d, how: str) -> None:
    t = d.top
    if how == "hand":
        d.click(t.hand_rect(0, 0).center)
    elif how in ("leaf", "agitate"):
        d.click(cell_rect((1, -1) if how == "leaf" else (1, 3)).center)
    else:  # automate: a pile tile to place
        kinds = [k for k, _, _ in t.pile_entries()]
        d.click(t.pile_rect(kinds.index("3")).center)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("how, actions", [("hand", ["play 0 at 1,-1 from N", "end", "end"]),
                                          ("leaf", ["play 0 at 1,-1 from N", "end", "end"]),
                                          ("agitate", ACTION_STEPS["Agitate"]),
                                          ("automate", ACTION_STEPS["Automate"])])
def test_a_picked_tiles_prompt_is_drawn_whole_at_a_shared_screen_and_says_what_r_does(lang, how, actions):
    with bb_in(lang, actions) as d:
        t = d.top
        d.frames(2)
        pick(d, how)
        assert t.selected is not None, how
        shown = t.shown_prompt()
        assert shown.startswith(tr("Seat {n}", n=1) + ": "), "at a shared screen the prompt names the seat"
        assert drawn_prompt(d) == shown, "every word of it is drawn, in three lines at most"
        assert shown.endswith("press R to move the dot." if lang == "en" else "R oder der Zeiger setzt ihn um.")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_longest_picked_tile_prompts_fit_three_lines_in_either_seat(lang):
    """The widest cell (-5,-6) and tile name, after 'Seat 2: ' (the table draws the same
    canvas lines, smaller, in a 960 x 540 window)."""
    with bb_in(lang) as d:
        t = d.top
        kind = t.kind_word("authenticate")
        bodies = [tr("Playing {k}: put it on a glowing socket (click, drag or Enter).", k=kind),
                  tr("Moving the tile at {cell}: put it on a glowing socket (click, drag or Enter).", cell="-5,-6"),
                  tr("Agitate: put your opponent's tile from {cell} into a glowing socket (click, drag or Enter).",
                     cell="-5,-6"),
                  tr("Automate: put {k} into a glowing socket (click, drag or Enter).", k=kind)]
        for body in bodies:
            shown = tr("{who}: {prompt}", who=t.seat_name(1), prompt=t.with_join_help(body))
            assert len(theme.wrap(shown, 16, 440)) <= 3, shown
