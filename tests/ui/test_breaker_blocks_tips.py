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


def drawn_tip_box(d, pos: tuple[int, int]) -> pygame.Rect:
    """Rest the pointer on ``pos``; the tip's box, round its lines as drawn."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    d.frames(90)
    labels = d.labels(frames=1)
    tip = d.top.pointed[1]
    k = next(k for k in range(1, 6) if " ".join(text for text, _, _ in labels[-k:]) == tip)
    drawn = [rect for _, rect, _ in labels[-k:]]
    return drawn[0].unionall(drawn).inflate(16, 10)  # the box draw_tip_box pads its lines with


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_hand_tiles_tip_leaves_the_hands_label_and_the_tile_in_view(lang):
    """Your hand lies at the window's foot: a tile's tip, placed as a button's, rose over
    'Your hand — your turn'. Either hand's tile tip now covers neither its label nor the tile."""
    with bb_in(lang) as d:
        t = d.top
        d.frames(2)
        for seat in (0, 1):
            label = next(rect for text, rect, _ in d.labels() if text == t.hand_label(seat))
            for i in range(len(t.hand_kinds(seat))):
                tile = t.hand_rect(seat, i)
                box = drawn_tip_box(d, tile.center)
                assert not box.colliderect(label), (seat, i, box, label)
                assert not box.colliderect(tile), (seat, i, box, tile)
                assert pygame.Rect(0, 0, 1280, 720).contains(box), (seat, i, box)


def test_a_pile_tiles_tip_keeps_off_the_side_panel():
    """The tips of the piles' right-hand column ran on over the side panel's edge and lay
    on the game log; they stay on the table, clear of the pile they name."""
    from game.scenes.table_base import PANEL_RECT
    with bb_in("en") as d:
        t = d.top
        d.frames(2)
        for kind in ("3", "authenticate", "aggravate"):
            pile = t.pile_rect(pile_index(t, kind))
            box = drawn_tip_box(d, pile.center)
            assert box.right <= PANEL_RECT.left, (kind, box)
            assert not box.colliderect(pile), (kind, box, pile)
