"""High contrast restyles the pygame_gui widgets too, not only the app's own drawing: black
buttons with a white 2 px border and white labels (3 px for the main action), a yellow
face when hovered, grey when disabled. It applies at once when toggled in Settings, to
the screens under Settings as well, on start-up when saved, and goes back when off."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game import storage
from game.scenes.base import AppScene
from game.scenes.settings import SettingsScene
from game.ui import theme
from tests.ui.driver import Driver

BLACK, WHITE, YELLOW, GREY = (0, 0, 0), (255, 255, 255), (240, 228, 66), (110, 110, 110)
NORMAL_FILL, PRIMARY_FILL, NORMAL_BORDER = (29, 58, 71), (0, 113, 176), (60, 96, 112)  # assets/theme.json


def edge(d: Driver, widget) -> list[tuple[tuple[int, int, int], int]]:
    """The drawn pixels across a widget's left edge at its middle, from its rect's edge to
    14 px in, as (colour, run length): the last two runs are its border and its face."""
    r = widget.rect
    runs: list[tuple[tuple[int, int, int], int]] = []
    for x in range(r.left, r.left + 14):
        colour = tuple(d.app.display.canvas.get_at((x, r.centery)))[:3]
        if runs and runs[-1][0] == colour:
            runs[-1] = (colour, runs[-1][1] + 1)
        else:
            runs.append((colour, 1))
    return runs


def border_and_face(d: Driver, widget) -> tuple[tuple[tuple[int, int, int], int], tuple[int, int, int]]:
    *_, border, (face, _) = edge(d, widget)
    return border, face


def by_label(scene: AppScene, start: str):
    return next(b for b in scene._callbacks if b.text.startswith(start))


def toggle_contrast(d: Driver) -> None:
    settings = d.top
    btn = by_label(settings, "High contrast")
    settings.focus.index = next(i for i, item in enumerate(settings.focus.items) if item.rect_of() == btn.rect)
    settings.focus.visible = True
    d.key(pygame.K_RIGHT)


def test_buttons_follow_high_contrast_at_once_and_back():
    from game.scenes.title import TitleScene
    d = Driver(lambda app: TitleScene(app), autosave=False)
    try:
        title = d.top
        d.frames(2)
        assert border_and_face(d, by_label(title, "Settings")) == ((NORMAL_BORDER, 1), NORMAL_FILL)
        d.app.stack.push(SettingsScene(d.app))
        d.frames(2)
        settings = d.top
        volume, done = by_label(settings, "Volume"), by_label(settings, "Done")
        assert border_and_face(d, volume) == ((NORMAL_BORDER, 1), NORMAL_FILL)
        assert border_and_face(d, done) == ((NORMAL_BORDER, 1), PRIMARY_FILL)

        toggle_contrast(d)
        assert d.app.settings.high_contrast
        assert border_and_face(d, volume) == ((WHITE, 2), BLACK)
        assert border_and_face(d, done) == ((WHITE, 3), BLACK), "the main action keeps a heavier edge"
        assert volume.text_colour() == WHITE
        # the title screen under Settings was not updated meanwhile: it follows when shown
        d.key(pygame.K_ESCAPE)
        assert d.top is title
        assert border_and_face(d, by_label(title, "Settings")) == ((WHITE, 2), BLACK)

        d.app.stack.push(SettingsScene(d.app))
        d.frames(2)
        toggle_contrast(d)
        assert not d.app.settings.high_contrast
        assert border_and_face(d, by_label(d.top, "Volume")) == ((NORMAL_BORDER, 1), NORMAL_FILL)
        assert border_and_face(d, by_label(d.top, "Done")) == ((NORMAL_BORDER, 1), PRIMARY_FILL)
        d.key(pygame.K_ESCAPE)
        assert border_and_face(d, by_label(title, "Settings")) == ((NORMAL_BORDER, 1), NORMAL_FILL)
    finally:
        d.close()
        theme.apply_settings(False, 1.0)


class WidgetsScene(AppScene):
    def enter(self) -> None:
        self.go = self.button("Go on", (100, 100, 200, 50), lambda: None)
        self.off = self.button("Not now", (100, 200, 200, 50), lambda: None, enabled=False)
        self.entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(100, 300, 200, 36), manager=self.ui,
                                                         object_id="#seed_entry")


def test_a_saved_high_contrast_styles_every_state_from_the_start(monkeypatch):
    storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"high_contrast": True})
    d = Driver(WidgetsScene, autosave=False)
    try:
        scene = d.top
        d.frames(2)
        assert border_and_face(d, scene.go) == ((WHITE, 2), BLACK) and scene.go.text_colour() == WHITE
        # disabled: grey edge and grey label, not the white of a button that works
        assert border_and_face(d, scene.off) == ((GREY, 2), BLACK)
        assert scene.off.text_colour() == (160, 160, 160)
        assert border_and_face(d, scene.entry) == ((WHITE, 2), BLACK)
        # hovered: a yellow face with a black label
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda: scene.go.rect.center)
        d.frames(3)
        assert scene.go.hovered
        assert border_and_face(d, scene.go) == ((WHITE, 2), YELLOW) and scene.go.text_colour() == BLACK
    finally:
        d.close()
        theme.apply_settings(False, 1.0)


def test_a_long_label_keeps_clear_of_a_thick_high_contrast_border():
    """'Continue Blockers! (no moves yet)' fills the title's Continue button: in high contrast
    its 3 px border ran into the first and last letters (the label kept pygame_gui's 3 px
    padding, meant for a 1 px border)."""
    class Long(AppScene):
        def enter(self) -> None:
            self.go = self.button("Continue Blockers! (no moves yet)", (920, 200, 300, 56), lambda: None,
                                  object_id="#primary")

    storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"high_contrast": True})
    d = Driver(Long, autosave=False)
    try:
        d.frames(2)
        theme.recording = []
        d.frames(1)
        label = next(r for t, r, _ in theme.recording if t.startswith("Continue"))
        inside = d.top.go.rect.inflate(-2 * 4, -2 * 4)  # inside the 3 px border, 1 px apart
        assert inside.contains(label), (label, inside)
    finally:
        theme.recording = None
        d.close()
        theme.apply_settings(False, 1.0)


def test_in_high_contrast_the_focus_ring_is_a_colour_no_border_or_glow_uses():
    """On black menus a white ring edged in black reads as one more white button border:
    in high contrast the ring is a thick band of its own colour, framed in black; the normal
    theme keeps its white ring."""
    storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"high_contrast": True})
    d = Driver(WidgetsScene, autosave=False)
    try:
        scene = d.top
        scene.focus.index = next(i for i, item in enumerate(scene.focus.items) if item.rect_of() == scene.go.rect)
        scene.focus.visible = True
        d.frames(2)
        border, _ = border_and_face(d, scene.go)
        r = scene.go.rect
        canvas = d.app.display.canvas
        ring = [tuple(canvas.get_at((r.left - k, r.centery)))[:3] for k in range(1, 9)]  # 8 px out, left
        ring += [tuple(canvas.get_at((r.centerx, r.top - k)))[:3] for k in range(1, 9)]  # and above
        band = {c for c in ring if c not in (theme.BLACK, BLACK)}
        assert band, ring
        assert border[0] not in band and WHITE not in band, "the ring looks like a button border"
        assert not band & {theme.GLOW, theme.GLOW_ALT, YELLOW, *theme.SEAT_COLOURS}, "the ring looks like a glow"
        assert sum(c in band for c in ring[:8]) >= 4, "a band at least 4 px thick"
    finally:
        d.close()
        theme.apply_settings(False, 1.0)


@pytest.mark.parametrize("high", [False, True], ids=["normal", "high-contrast"])
def test_a_greyed_out_label_reads_at_aa_on_the_face_drawn_under_it(high):
    """The disabled label read 4.496:1 on its face in the normal theme, just under AA."""
    from tests.ui.colour_check import contrast
    storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"high_contrast": high})
    d = Driver(WidgetsScene, autosave=False)
    try:
        scene = d.top
        d.frames(2)
        face = border_and_face(d, scene.off)[1]
        label = scene.off.text_colour()
        assert label != scene.go.text_colour(), "still drawn greyed out"
        assert contrast(label, face) >= 4.5, (label, face, contrast(label, face))
    finally:
        d.close()
        theme.apply_settings(False, 1.0)
