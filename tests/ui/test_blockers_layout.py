"""The Blockers! table's buttons cover nothing: no rack tile, score row, board or label, at
every seat count, basic and advanced, English and German, 200 % text and a 960 x 540 window."""

from __future__ import annotations

import pygame
import pytest

from game import i18n, storage
from game.i18n import tr
from game.scenes.blockers_table import BOARD, SCORE_X, BlockersTable
from game.session import GameSession
from tests.ui.driver import Driver

RING = 8  # how far the keyboard's focus ring reaches out of what it rests on
LAYOUTS = [(2, True), (2, False), (3, False), (4, False), (5, False)]  # (seats, advanced): advanced is for two
SETTINGS = [("en", 1.0, 1.0), ("de", 2.0, 0.75), ("de", 1.0, 1.0), ("en", 2.0, 0.75)]  # language, text, window


def visible_buttons(table: BlockersTable) -> list[pygame.Rect]:
    return [b.rect for b in table._callbacks if b.visible]


@pytest.mark.parametrize("seats,advanced", LAYOUTS)
@pytest.mark.parametrize("language,text_scale,window_scale", SETTINGS)
def test_no_button_covers_a_rack_tile_a_score_row_the_board_or_a_label(seats, advanced, language, text_scale,
                                                                        window_scale):
    storage.atomic_write_json(storage.settings_path(storage.user_dirs()),
                              {"language": language, "text_scale": text_scale, "window_scale": window_scale})
    options = {"first_player": 0, "advanced": advanced}
    # you against the computer, so the Hint button shows too, and no tile fits: Pass shows
    session = GameSession("blockers", ["human"] + ["ai:easy"] * (seats - 1), seed=3, options=options)
    d = Driver(lambda app: BlockersTable(app, session), autosave=False)
    try:
        t = d.top
        t.session.legal_texts = lambda: ["pass"]
        d.frames(2)
        assert t.pass_button.visible and t.hint_button.visible
        buttons = visible_buttons(t)
        labels = [(text, rect) for text, rect, _ in d.labels(frames=1)
                  if not any(b.contains(rect) for b in buttons)]  # a button's own label is on its face
        racks = [t.rack_rect(i) for i in range(len(t.rack_tiles()))]
        assert len(racks) == (10 if advanced else 5)
        scores = [pygame.Rect(SCORE_X, t.score_row_y(s), 340, 86) for s in range(seats)]
        screen = pygame.Rect(0, 0, 1280, 720)
        for button in buttons:
            ring = button.inflate(2 * RING, 2 * RING)
            assert screen.contains(ring), button
            covered = [r for r in [*racks, *scores, BOARD] if ring.colliderect(r)]
            assert not covered, (button, covered)
            assert not [text for text, rect in labels if ring.colliderect(rect)], button
            assert [b for b in buttons if b.colliderect(ring)] == [button], "no two buttons overlap"
        t.refuse("That tile fits nowhere on the board.")  # a message: under the scores and Pass
        d.frames(1)
        assert not t.toast_rect.colliderect(t.pass_button.rect.inflate(2 * RING, 2 * RING))
    finally:
        d.close()
        i18n.load_language("en")


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("passing", [False, True])
def test_a_long_message_under_five_seats_scores_stays_on_the_screen_in_full(language, passing):
    """Under the fifth seat's scores (and the Pass button) a message at 200 % text ran off
    the foot of the screen; its text steps down instead, still whole."""
    storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"language": language, "text_scale": 2.0})
    session = GameSession("blockers", ["human"] * 5, seed=3, options={"first_player": 0})
    d = Driver(lambda app: BlockersTable(app, session), autosave=False)
    try:
        t = d.top
        # the longest message this table says: P while a move exists names one
        message = tr("You may not pass while a move exists. For example: {move}",
                     move=t.hint_move(t.session.legal_texts()[0]))
        if passing:
            t.session.legal_texts = lambda: ["pass"]
        d.frames(2)
        assert t.pass_button.visible == passing
        t.refuse(message)
        lines = [text for text, _, _ in d.labels(frames=1)]
        assert pygame.Rect(0, 0, 1280, 720).contains(t.toast_rect), t.toast_rect
        assert t.toast_rect.top > t.score_row_y(4) + 86, "under the scores"
        if passing:
            assert not t.toast_rect.colliderect(t.pass_button.rect.inflate(2 * RING, 2 * RING))
        assert not any(line.endswith("...") for line in lines), "the whole message"
    finally:
        d.close()
        i18n.load_language("en")
