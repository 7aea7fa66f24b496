"""Settings: full screen, window size, volume, animation speed, default AI level,
colour-blind palette. Saved at once (atomically) on every change."""

from __future__ import annotations

import pygame

from game.i18n import tr
from game.scenes.base import AppScene, back_to_title_tip, heading
from game.storage import AI_LEVELS, ANIMATION_SPEEDS, TEXT_SCALES, WINDOW_SCALES
from game.ui import theme
from game.ui.display import LOGICAL_SIZE

VOLUMES = [round(v / 10, 1) for v in range(0, 11)]
# each setting's words: under the right column's buttons, at the reading size (16 px at
# 100 %), down to the in-game note beside the Back button
# two columns of one width, centred under the title (the right one's 330 px buttons stopped
# short of its help text and of the left column's 500)
COLUMN_W, LEFT_X = 500, 130
RIGHT_X = LEFT_X + COLUMN_W + 20
HELP_AT, HELP_WIDTH, HELP_SIZE = (RIGHT_X, 270), COLUMN_W, 16
HELP_BOTTOM = 592
NOTE_AT, NOTE_SIZE = (RIGHT_X, 626), 15  # the in-game note's left middle: level with the Back button (y 600-652)


def percent(value: float) -> str:
    """A share as the language writes it: "70%" in English, "70 %" (a no-break space) in German."""
    return tr("{n}%", n=round(value * 100))


def help_lines(text: str) -> tuple[int, list[str]]:
    """The help's text size and lines: the reading size (it explains the reading size too),
    a step smaller while the lines would run past the column's bottom, never below 16 px."""
    size = theme.reading(HELP_SIZE)
    lines = theme.wrap(text, size, HELP_WIDTH)
    while size > HELP_SIZE and len(lines) * theme.font(size).get_height() > HELP_BOTTOM - HELP_AT[1]:
        size -= 1
        lines = theme.wrap(text, size, HELP_WIDTH)
    return size, lines


class SettingsScene(AppScene):
    def __init__(self, app, in_game: bool = False, players_note: bool = True) -> None:
        super().__init__(app)
        self.in_game = in_game  # opened from a game's menu: every change shows on its table at once
        self.players_note = players_note  # a puzzle has no players whose level could change

    def enter(self) -> None:
        self.shown_fullscreen = self.app.display.fullscreen
        s = self.app.settings
        x, y, w = LEFT_X, 120, COLUMN_W  # clear of the subtitle above (it stays sharp when scaled)
        self.helps: dict[object, str] = {}  # each setting's button: what the setting changes
        self.setting((x, y, w, 44), [False, True], lambda v: tr("on") if v else tr("off"),
                     self.app.display.fullscreen, self._fullscreen, tr("Full screen (F11): "),
                     tr("The game fills the whole screen. F11 switches it on and off at any time."))
        self.setting((x, y + 60, w, 44), list(WINDOW_SCALES), self._scale_label, s.window_scale, self._scale,
                     tr("Window size: "), tr("How big the game's window is when it is not full screen: "
                                             "everything in it grows alike."))
        self.setting((x, y + 120, w, 44), VOLUMES, percent, min(VOLUMES, key=lambda v: abs(v - s.volume)),
                     self._volume, tr("Volume: "), tr("How loud the game's sounds are."))
        self.setting((x, y + 180, w, 44), [False, True], lambda v: tr("yes") if v else tr("no"), s.muted,
                     self._muted, tr("Mute: "), tr("Silences every sound and keeps the volume for later."))
        self.setting((x, y + 240, w, 44), list(ANIMATION_SPEEDS), lambda v: tr(v), s.animation_speed,
                     self._speed, tr("Animation speed: "),
                     tr("How fast cards, tiles and blocks move to their places; off puts them there at once."))
        self.setting((x, y + 300, w, 44), list(AI_LEVELS), lambda v: tr(v), s.ai_level, self._ai,
                     tr("Default AI level: "), tr("How well the computer plays in a new game's set-up; "
                                                  "each seat can still be set there."))
        self.setting((x, y + 360, w, 44), [True, False],
                     # only the Breaks cards change: "Palette" read as if every game's colours would
                     lambda v: tr("four suit colours (colour-blind safe)") if v else tr("two suit colours"),
                     s.colorblind, self._palette, tr("Breaks cards: "),
                     tr("Gives each suit of the Breaks cards a colour of its own, not red and black for two "
                        "suits each; the other games keep their colours."))
        from game.i18n import LANGUAGE_NAMES, available_languages
        self.language_stop = len(self.focus.items)
        self.setting((x, y + 420, w, 44), available_languages(), lambda v: LANGUAGE_NAMES.get(v, v),
                     s.language, self._language, tr("Language: "),
                     tr("The language of every screen, message and rules page."))
        x2 = RIGHT_X
        self.setting((x2, y, w, 44), [False, True], lambda v: tr("on") if v else tr("off"),
                     s.high_contrast, self._contrast, tr("High contrast: "),
                     tr("Stronger colours and thicker edges on every screen, for text and buttons that "
                        "stand out more."))
        # "Reading text size" alone did not say which text: labels and headings keep their size
        self.setting((x2, y + 60, w, 44), list(TEXT_SCALES), percent, s.text_scale, self._text_scale,
                     tr("Reading text size: "),
                     tr("Makes the text you read bigger: messages, the game log, the coach, the results "
                        "and the rules pages. Buttons and headings keep their size."))
        # from a game's menu this goes back to that menu, not on to another screen: it says so
        self.button(tr("Back") if self.in_game else tr("Done"), (x, y + 480, 200, 52), self.close,
                    object_id="#primary", tooltip=tr("Esc: back to the menu") if self.in_game else back_to_title_tip())
        self.focus.index = 0

    def setting(self, rect: tuple[int, int, int, int], values: list, labels, current, on_change,
                prefix: str, help_text: str) -> None:
        """A setting's cycle button, and the words saying what it changes, shown in the
        help box while the pointer or the focus ring is on it."""
        self.helps[self.cycle_button(rect, values, labels, current, on_change, prefix=prefix)] = help_text

    def help_text(self) -> str:
        """What the setting pointed at (or, else, the one the focus ring is on) changes."""
        for button, text in self.helps.items():
            if button.hovered:
                return text
        current = self.focus.current if self.focus.visible else None
        for button, text in self.helps.items():
            if current is not None and current.rect_of() == button.rect:
                return text
        return tr("Point at a setting, or move onto it with Tab, to see what it changes.")

    def _change(self, name: str, value) -> None:
        setattr(self.app.settings, name, value)
        self.app.save_settings()
        self.app.sound.play("drop")

    def _fullscreen(self, v: bool) -> None:
        if v != self.app.display.fullscreen:
            self.app.display.toggle_fullscreen()
        self._change("fullscreen", v)

    def _scale_label(self, v: float) -> str:
        """The size chosen, and the one the window really has when the desktop is smaller:
        '200%' over a window that stayed at 100% read as if the setting did nothing."""
        fits = self.app.display.fitted_scale(v)
        if fits < v - 0.005:
            return tr("{chosen} (the screen allows {fits})", chosen=percent(v), fits=percent(fits))
        return percent(v)

    def _scale(self, v: float) -> None:
        display = self.app.display
        display.set_window_scale(v)
        self._change("window_scale", v)
        w, h = display.windowed_size
        if w < int(LOGICAL_SIZE[0] * v):  # shrunk to fit the desktop
            self.show_toast(tr("The screen has room for a window of {w} × {h} at most: it is as big as it "
                               "can be.", w=w, h=h), 4)

    def _volume(self, v: float) -> None:
        self._change("volume", v)

    def _muted(self, v: bool) -> None:
        self._change("muted", v)

    def _speed(self, v: str) -> None:
        self._change("animation_speed", v)

    def _ai(self, v: str) -> None:
        self._change("ai_level", v)

    def _palette(self, v: bool) -> None:
        self._change("colorblind", v)

    def _contrast(self, v: bool) -> None:
        self._change("high_contrast", v)

    def _text_scale(self, v: float) -> None:
        self._change("text_scale", v)

    def _language(self, code: str) -> None:
        from game.i18n import load_language
        problem = load_language(code)
        self._change("language", code if problem is None else "en")
        visible = self.focus.visible  # a mouse click hides the ring: it must not reappear on another setting
        self.rebuild()  # every label in the new language
        self.focus.index, self.focus.visible = self.language_stop, visible
        self.reword_toast()  # a message shown before is in the old language (a failed save is said again)
        if problem:
            self.show_toast(problem, 6)

    def close(self) -> None:
        self.stack.pop()

    def update(self, dt: float) -> None:
        if self.app.display.fullscreen != self.shown_fullscreen:  # F11 pressed here: show the new state
            keep, visible = self.focus.index, self.focus.visible
            self.rebuild()
            self.focus.index, self.focus.visible = keep, visible
        super().update(dt)

    def on_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        return False

    def draw_scene(self, surface: pygame.Surface) -> None:
        heading(surface, tr("Settings"), 26)  # the subtitle ends clear of the first row's focus ring
        theme.draw_text(surface, tr("Changes are saved at once."), (640, 80), 16, theme.TEXT_DIM, anchor="midtop")
        # each setting explained where the right column has room, above the note below
        size, lines = help_lines(self.help_text())
        step = theme.font(size).get_height()
        for i, line in enumerate(lines):
            theme.draw_text(surface, line, (HELP_AT[0], HELP_AT[1] + step * i), size, theme.TEXT_DIM)
        if self.in_game and self.players_note:  # the one setting the game under way does not follow
            # it names that setting: beside Back, "For the next game you set up" did not say what is
            lines = theme.wrap(tr("Default AI level: for the next game you set up; this game keeps its "
                                  "players."), NOTE_SIZE, HELP_WIDTH)
            step = theme.font(NOTE_SIZE).get_height()
            top = NOTE_AT[1] - step * len(lines) // 2
            for i, line in enumerate(lines):
                theme.draw_text(surface, line, (NOTE_AT[0], top + step * i), NOTE_SIZE, theme.TEXT_DIM)
        if not self.app.sound.enabled:
            theme.draw_text(surface, tr("No audio device found: the game runs silent."), (640, 680), 16,
                            theme.ORANGE, anchor="midtop")
