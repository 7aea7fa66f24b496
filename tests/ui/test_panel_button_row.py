"""The Undo / Rules / Menu row at the foot of every table's panel: German "Rückgängig"
filled its 88 px button edge to edge (7 px from each side, against the 10 px clear face a
button's label has elsewhere). Each label keeps that margin now, the buttons apart and on
the panel, at 200 % text too."""

from __future__ import annotations

import itertools

import pytest

from game import i18n, storage
from game.scenes.table_base import BUTTON_LABEL_MARGIN, PANEL_RECT, ROW_GAP, row_widths
from tests.ui.test_tooltip_placement import GAMES, table

ROW = ("Undo", "Rules", "Menu")


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", GAMES)
def test_the_undo_rules_menu_labels_keep_a_margin_in_their_buttons(game, lang):
    storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"language": lang, "text_scale": 2.0})
    d = table(game)
    try:
        t = d.top
        d.frames(2)
        words = [i18n.tr(w) for w in ROW]
        buttons = [next(b for b in t._callbacks if getattr(b, "text", None) == w) for w in words]
        labels = {text: rect for text, rect, _ in d.labels()}
        for word, button in zip(words, buttons, strict=True):
            label = labels[word]
            assert label.left - button.rect.left >= BUTTON_LABEL_MARGIN, (word, label, button.rect)
            assert button.rect.right - label.right >= BUTTON_LABEL_MARGIN, (word, label, button.rect)
        for a, b in itertools.pairwise(buttons):
            assert b.rect.left - a.rect.right >= ROW_GAP, (a.rect, b.rect)
        row = buttons[0].rect.unionall([b.rect for b in buttons])
        assert row.left >= PANEL_RECT.left + 12 and row.right <= PANEL_RECT.right - 12, row
        others = [r for text, r, _ in d.labels() if text not in words and r.w and r.h]
        assert not [r for r in others if r.colliderect(row) and r.y < row.y], "nothing above runs into the row"
    finally:
        d.close()
        i18n.load_language("en")


def test_row_widths_give_a_long_label_its_need_and_share_the_rest():
    assert row_widths([60, 60, 60], 264) == [88, 88, 88]
    assert row_widths([100, 70, 63], 264) == [100, 82, 82]
    assert row_widths([200, 100, 100], 264) == [88, 88, 88], "no room: equal shares, as before"
