"""Break the Cube in German: the build phase's main button reads at its own size with
room either side ("Meine Form verstecken (G)" was 243 px on the 220 px button and shrank)."""

from __future__ import annotations

from game import i18n
from game.ui import theme
from tests.ui.test_cube_table import cube_driver

ROOM = 8  # clear face either side of the label


def test_the_hide_button_label_fits_with_room_in_german():
    d = cube_driver(["human", "ai:easy"], first_player=0)
    try:
        assert i18n.load_language("de") is None
        table = d.top
        table.language_changed()
        d.frames(2)
        button = table.submit_button
        assert button.text == i18n.tr("Hide my shape (G)")
        assert button.width_for_label(ROOM) <= button.rect.w, (button.text, button.width_for_label(ROOM))
        theme.recording = []
        d.frames(1)
        label = next(rect for text, rect, _ in theme.recording if text == button.text)
        assert label.h >= theme.font(button.label_size, button.label_bold).get_height() - 1, "not shrunk"
        assert label.left - button.rect.left >= ROOM and button.rect.right - label.right >= ROOM
    finally:
        theme.recording = None
        i18n.load_language("en")
        d.close()
