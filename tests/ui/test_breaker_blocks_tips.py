"""Breaker Blocks: a tile in a hand or a pile says what it is and does once the pointer or
the focus ring has rested on it (a power tile what it adds, an action tile its effect as
the rules page words it), in English and German."""

from __future__ import annotations

import pygame
import pytest

from tests.ui.test_blockers_table import tip_at, tip_drawn
from tests.ui.test_breaker_blocks_table import bb_in

TIPS = {
    "en": {"0": "Power 0: adds nothing to the circuit it joins, but has the most holes.",
           "2": "Power 2: adds 2 to the circuit it joins.",
           "annihilate": "Annihilate: Remove any leaf except an Authenticate from the game.",
           "automate": "Automate: Place a tile of your choice from your colour pile or the action pile into one of "
                       "your sockets. An action tile placed this way takes effect at once.",
           "accelerate": "Accelerate: Draw three more tiles by the usual draw rules; you cannot play them this turn."},
    "de": {"0": "Leistung 0: zählt nichts zum Kreis, an den das Plättchen kommt, hat aber die meisten Löcher.",
           "2": "Leistung 2: zählt 2 zum Kreis, an den das Plättchen kommt.",
           "annihilate": "Annihilate: Entferne ein beliebiges Blatt außer einem Authenticate aus dem Spiel.",
           "automate": "Automate: Leg ein Plättchen deiner Wahl von deinem Farbstapel oder vom Aktionsstapel in eine "
                       "deiner Fassungen. Ein so gelegtes Aktionsplättchen wirkt sofort.",
           "accelerate": "Accelerate: Zieh drei weitere Plättchen nach den üblichen Regeln fürs Ziehen; spielen "
                         "kannst du sie erst im nächsten Zug."},
}


def pile_index(t, kind: str) -> int:
    return [k for k, _, _ in t.pile_entries()].index(kind)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_resting_the_pointer_on_a_hand_or_pile_tile_says_what_it_does(lang):
    """Hand and pile tiles said nothing when pointed at: a player had to open the rules to
    learn what Annihilate does or what a 2 adds. Automate's says the tile it places takes
    effect at once: its tip, the rules line's first sentence alone, left that out."""
    with bb_in(lang) as d:
        t = d.top
        d.frames(2)
        words = TIPS[lang]
        assert tip_at(d, t.hand_rect(0, 0).center, seconds=0.5) == "", "no tip before a rest"
        assert tip_at(d, t.hand_rect(0, 0).center) == words["0"]
        assert tip_at(d, t.hand_rect(1, 1).center) == words["0"], "the other seat's hand too"
        for kind in ("2", "annihilate", "automate", "accelerate"):
            assert tip_at(d, t.pile_rect(pile_index(t, kind)).center) == words[kind]


def test_the_focus_ring_on_a_hand_or_pile_tile_shows_its_tip():
    with bb_in("en") as d:
        t = d.top
        d.frames(2)
        for stop, kind in ((t.hand_focus[(0, 1)], "0"), (t.pile_focus + pile_index(t, "annihilate"), "annihilate")):
            while t.focus.index != stop or not t.focus.visible:
                d.key(pygame.K_TAB, frames=1)
            assert tip_drawn(d) == TIPS["en"][kind]
