"""Button labels and tooltips are drawn by the scene with theme.draw_text (not by
pygame_gui): in the theme's colour for the button's state, following set_text, and
redrawn sharp at the window's resolution when the window is larger than the canvas."""

from __future__ import annotations

import pygame
import pygame_gui

from game.scenes.base import AppScene
from game.scenes.settings import SettingsScene
from game.scenes.title import TitleScene
from game.ui import theme
from game.ui.buttons import LabelButton
from game.ui.sharp_text import sharp_text
from tests.ui.driver import Driver

NORMAL_PRIMARY = (236, 239, 240)  # assets/theme.json: normal_text
HOVERED = (255, 255, 255)  # hovered_text
DISABLED = (129, 145, 151)  # disabled_text


class ButtonsScene(AppScene):
    def enter(self) -> None:
        self.go = self.button("Go on", (100, 100, 200, 50), lambda: None, object_id="#primary")
        self.off = self.button("Not now", (100, 200, 200, 50), lambda: None, enabled=False)
        self.tipped = self.button("Help", (100, 400, 120, 40), lambda: None, tooltip="Opens the rules page")
        self.below = self.button("Below", (100, 446, 120, 40), lambda: None)


def _resize(driver: Driver, size: tuple[int, int]) -> None:
    driver.app.display.window = pygame.display.set_mode(size, pygame.RESIZABLE)
    driver.app.display.resized()


def _spy_sharp(monkeypatch) -> list[tuple[str, int, tuple[int, int, int], bool]]:
    """What sharp_text redraws at window resolution, frame after frame."""
    seen: list[tuple[str, int, tuple[int, int, int], bool]] = []
    original = sharp_text.redraw

    def redraw(window, dest, scale, render):
        seen.clear()

        def recording_render(text, size, colour, bold):
            seen.append((text, size, colour, bold))
            return render(text, size, colour, bold)
        return original(window, dest, scale, recording_render)
    monkeypatch.setattr(sharp_text, "redraw", redraw)
    return seen


def _recorded(driver: Driver, frames: int = 1) -> list[str]:
    theme.recording = []
    try:
        driver.frames(frames)
        return [text for text, _rect, _clip in theme.recording]
    finally:
        theme.recording = None


def test_buttons_draw_no_text_of_their_own():
    d = Driver(ButtonsScene, autosave=False)
    try:
        d.frames(1)
        plain = LabelButton(pygame.Rect(0, 0, 200, 50), "", d.top.ui, object_id="#primary")
        d.frames(1)
        # the label button's own image is the bare button, whatever its text
        assert pygame.image.tobytes(d.top.go.image, "RGBA") == pygame.image.tobytes(plain.image, "RGBA")
        assert d.top.go.text == "Go on"
    finally:
        d.close()


def test_labels_are_redrawn_sharp_in_a_larger_window(monkeypatch):
    seen = _spy_sharp(monkeypatch)
    d = Driver(lambda app: TitleScene(app), autosave=False)
    try:
        _resize(d, (1920, 1080))
        d.frames(2)
        texts = [s[0] for s in seen]
        for label in ("Play", "Cube puzzles", "Finished games", "Statistics", "Settings", "Quit"):
            assert label in texts, texts
        play = next(s for s in seen if s[0] == "Play")
        assert play[1:] == (27, NORMAL_PRIMARY, True)  # 18 pt bold, scaled by 1.5
        # buttons of one style keep one size (each label is centred in its button's face)
        sizes = {s[1] for s in seen if s[0] in ("Cube puzzles", "Finished games", "Statistics", "Settings", "Quit")}
        assert sizes == {30}
    finally:
        d.close()


def test_setup_buttons_keep_one_size_in_a_larger_window(monkeypatch):
    from game.scenes.setup import SetupScene
    seen = _spy_sharp(monkeypatch)
    d = Driver(lambda app: SetupScene(app, "breaks"), autosave=False)
    try:
        _resize(d, (1920, 1080))
        d.frames(2)
        labels = [b.text for b in d.top._callbacks if b.label_size == 14]
        assert "Seat 1: Human" in labels and len(labels) >= 8
        final = {text: size for text, size, _colour, _bold in seen}  # the last size tried is the one drawn
        assert {final[text] for text in labels} == {21}
    finally:
        d.close()


def test_sharp_labels_have_crisp_ink_at_1080p(monkeypatch):
    def ink_in_button(sharp: bool) -> int:
        if not sharp:
            monkeypatch.setattr(sharp_text, "redraw", lambda *args: 0)
        d = Driver(ButtonsScene, autosave=False)
        try:
            _resize(d, (1920, 1080))
            d.frames(2)
            disp, rect = d.app.display, d.top.go.rect
            area = pygame.Rect(round(rect.x * disp.scale), round(rect.y * disp.scale),
                               round(rect.w * disp.scale), round(rect.h * disp.scale)).move(disp.dest.topleft)
            region = disp.window.subsurface(area.inflate(-8, -8))
            return sum(1 for x in range(region.get_width()) for y in range(region.get_height())
                       if region.get_at((x, y))[:3] == NORMAL_PRIMARY)
        finally:
            d.close()
    sharp = ink_in_button(True)
    soft = ink_in_button(False)
    assert sharp > 2.5 * soft, (sharp, soft)


def test_label_colour_follows_the_state(monkeypatch):
    seen = _spy_sharp(monkeypatch)
    d = Driver(ButtonsScene, autosave=False)
    try:
        _resize(d, (1920, 1080))
        d.frames(2)
        colours = {s[0]: s[2] for s in seen}
        assert colours["Go on"] == NORMAL_PRIMARY and colours["Not now"] == DISABLED
        # hover "Go on": pygame_gui polls the pointer (window pixels)
        disp = d.app.display
        centre = d.top.go.rect.center
        window_pos = (disp.dest.x + round(centre[0] * disp.scale), disp.dest.y + round(centre[1] * disp.scale))
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda: window_pos)
        d.frames(3)
        assert d.top.go.hovered
        assert {s[0]: s[2] for s in seen}["Go on"] == HOVERED
    finally:
        d.close()


def test_label_follows_set_text_and_cycle_buttons():
    d = Driver(lambda app: SettingsScene(app), autosave=False)
    try:
        d.frames(1)
        btn = next(b for b in d.top._callbacks if b.text.startswith("Animation speed"))
        before = btn.text
        assert before in _recorded(d)
        d.top.focus.index = d.top.focus.items.index(
            next(i for i in d.top.focus.items if i.rect_of() == btn.rect))
        d.top.focus.visible = True
        d.key(pygame.K_RIGHT, frames=1)
        texts = _recorded(d)
        assert btn.text != before and btn.text in texts and before not in texts
        btn.set_text("Something else")
        assert "Something else" in _recorded(d)
    finally:
        d.close()


def test_long_labels_shrink_to_fit_the_button():
    d = Driver(ButtonsScene, autosave=False)
    try:
        d.top.go.set_text("Much too long for this button")
        theme.recording = []
        d.frames(1)
        rect = next(r for t, r, _ in theme.recording if t.startswith("Much too long"))
        assert d.top.go.rect.contains(rect) and rect.h < theme.font(18, True).get_height()
    finally:
        theme.recording = None
        d.close()


def test_the_replace_dialog_answers_fit_with_room_in_german():
    from game import i18n, storage
    from game.scenes.confirm import ConfirmScene
    from game.scenes.tables import ask_before_replacing
    storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"language": "de"})
    try:
        d = Driver(lambda app: ask_before_replacing(app, "-", lambda: None))
        try:
            assert isinstance(d.top, ConfirmScene)
            theme.recording = []
            d.frames(1)
            buttons = [b.rect for b in d.top._callbacks]
            for text in ("Neues Spiel starten", "Spielstand behalten"):
                label = next(r for t, r, _ in theme.recording if t == text)
                button = next(b for b in buttons if b.colliderect(label))
                assert label.left - button.left >= 12 and button.right - label.right >= 12, (text, label, button)
        finally:
            theme.recording = None
            d.close()
    finally:
        i18n.load_language("en")


def test_tooltip_is_drawn_by_the_scene_over_the_labels(monkeypatch):
    d = Driver(ButtonsScene, autosave=False)
    try:
        d.frames(1)
        pos = (d.top.tipped.rect.x + 10, d.top.tipped.rect.centery)
        monkeypatch.setattr(pygame.mouse, "get_pos", lambda: pos)
        d.frames(30)
        assert "Opens the rules page" not in _recorded(d)  # pygame_gui waits a second
        d.frames(60)
        texts = _recorded(d)
        # drawn last, after every label; pygame_gui made no tooltip of its own
        assert texts[-1] == "Opens the rules page"
        assert not any(isinstance(s, pygame_gui.elements.UITooltip) for s in d.top.ui.get_sprite_group().sprites())
        # under the button, over the one below it: that label is covered
        below = d.top.below.rect
        tip_pixel = d.app.display.window.get_at((pos[0] + 4, below.centery))[:3]
        assert tip_pixel == theme.PANEL
    finally:
        d.close()


def test_the_seed_is_drawn_sharp_and_the_arrows_move_its_caret(monkeypatch):
    from game.scenes.setup import SetupScene
    seen = _spy_sharp(monkeypatch)
    d = Driver(lambda app: SetupScene(app, "breaks"), autosave=False)
    try:
        entry = d.top.seed_entry
        d.click(entry.rect.center)            # canvas = window coordinates before the resize
        assert entry.is_focused
        _resize(d, (1920, 1080))
        entry.set_text("427")
        entry.edit_position = 3
        d.frames(2)
        assert "427" in [s[0] for s in seen], "the seed text is redrawn at the window's resolution"
        focus_before = d.top.focus.index
        d.key(pygame.K_LEFT)
        assert entry.edit_position == 2, "Left moves the caret while typing"
        assert d.top.focus.index == focus_before, "...and not the focus ring"
    finally:
        d.close()


def test_tab_out_of_the_seed_field_stops_typing_into_it():
    from game.scenes.setup import SetupScene
    d = Driver(lambda app: SetupScene(app, "breaks"), autosave=False)
    try:
        entry = d.top.seed_entry
        d.click(entry.rect.center)
        assert entry.is_focused
        d.key(pygame.K_TAB)
        assert not entry.is_focused, "the ring moved on: the field must not keep the keys"
    finally:
        d.close()


def ring_on_seed_field() -> Driver:
    """Breaks' set-up screen with the focus ring shown on its seed field (not typing yet)."""
    from game.scenes.setup import SetupScene
    d = Driver(lambda app: SetupScene(app, "breaks"), autosave=False)
    scene = d.top
    scene.focus.index = scene.focus.items.index(scene.seed_focus)
    scene.focus.visible = True
    return d


def test_digits_typed_with_the_ring_on_the_seed_field_go_into_it():
    d = ring_on_seed_field()
    try:
        scene = d.top
        assert not scene.seed_entry.is_focused
        for key, char in ((pygame.K_4, "4"), (pygame.K_2, "2")):
            d.settle()
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=char, scancode=0))
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))  # as SDL sends after the key
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=char, scancode=0))
            d.frames(2)
        assert scene.seed_entry.is_focused and scene.seed_entry.get_text() == "42"
    finally:
        d.close()


def test_settings_write_percentages_as_the_language_does():
    """German puts a (no-break) space before the percent sign: "Lautstärke: 100 %", not "100%"."""
    from game import i18n, storage
    settings = storage.user_dirs().config / "settings.json"
    try:
        for code, expected in (("en", "100%"), ("de", "100\u00a0%")):
            settings.write_text(f'{{"language": "{code}"}}')
            d = Driver(lambda app: SettingsScene(app), autosave=False)
            try:
                labels = [b.text for b in d.top._callbacks]
                assert sum(label.endswith(": " + expected) for label in labels) == 2, (code, labels)  # size, text
                assert code == "en" or not any(label.endswith("0%") for label in labels), labels
            finally:
                d.close()
    finally:
        i18n.load_language("en")


def type_digits(d: Driver, digits: str) -> None:
    """Digits typed as SDL sends them: the key, then the text it makes."""
    for char in digits:
        d.settle()
        key = getattr(pygame, f"K_{char}")
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=char, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=char, scancode=0))
        d.frames(2)


def test_an_arrow_key_out_of_the_seed_field_stops_typing_into_it_as_tab_does():
    """Up from the seed moved the ring to the option above, but the field kept its caret and
    the digits typed next: '4711', Up, '99' made the seed 471199 with the ring elsewhere."""
    d = ring_on_seed_field()
    try:
        scene = d.top
        type_digits(d, "4711")
        assert scene.seed_entry.is_focused and scene.seed_entry.get_text() == "4711"
        d.key(pygame.K_UP)
        assert scene.focus.current is not scene.seed_focus, "the ring went up to the option above"
        assert not scene.seed_entry.is_focused, "the field lets go of the keys"
        type_digits(d, "99")
        assert scene.seed_entry.get_text() == "4711"
    finally:
        d.close()


def test_enter_in_the_seed_field_goes_on_to_start_game_and_a_second_enter_starts():
    """Enter after typing a seed did nothing to be seen (the field took it as 'edit me')."""
    from game.scenes.breaks_table import BreaksTable
    d = ring_on_seed_field()
    try:
        scene = d.top
        type_digits(d, "4711")
        d.key(pygame.K_RETURN)
        assert not scene.seed_entry.is_focused and scene.seed_entry.get_text() == "4711"
        assert scene.focus.visible and scene.focus.current.button is scene.start_button
        d.key(pygame.K_RETURN, frames=3)
        assert isinstance(d.top, BreaksTable) and d.top.session.log.seed == 4711
    finally:
        d.close()


def test_esc_while_typing_a_seed_ends_the_typing_and_a_second_esc_leaves():
    """Esc in the seed field went straight back to the title, the players and options chosen
    on the screen lost with it."""
    from game.scenes.setup import SetupScene
    d = Driver(lambda app: SetupScene(app, "breaks"), autosave=False)
    try:
        scene = d.top
        d.click(next(b for b in scene._callbacks if b.text.startswith("Players: ")).rect.center)
        scene = d.top
        assert scene.num_players == 3
        d.click(scene.seed_entry.rect.center)
        type_digits(d, "12")
        d.key(pygame.K_ESCAPE)
        assert d.top is scene, "still on the set-up"
        assert not scene.seed_entry.is_focused and scene.seed_entry.get_text() == "12"
        assert scene.focus.visible and scene.focus.current is scene.seed_focus
        d.key(pygame.K_ESCAPE)
        assert d.top is not scene, "Esc once not typing goes back"
    finally:
        d.close()
