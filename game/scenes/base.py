"""Base class for the app's scenes: a pygame_gui manager per scene, buttons with
callbacks, and the keyboard focus ring. Button labels and tooltips are drawn with
theme.draw_text after the widgets (see game/ui/buttons.py), so they stay sharp in a
window larger than the canvas."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

import pygame
import pygame_gui

from game.i18n import language, tr, tr_message
from game.ui import draw, theme
from game.ui.buttons import LabelButton, Tip, draw_labels, draw_tip_box, draw_tooltip, tip_layout
from game.ui.display import LOGICAL_SIZE
from game.ui.focus import Focusable, FocusRing
from game.ui.gui import acquire_manager, release_manager
from game.ui.pointer import NOWHERE
from game.ui.scene import Scene

if TYPE_CHECKING:  # pragma: no cover
    from game.app import App

TIP_DELAY = 1.0  # seconds the pointer rests on a thing before its tip shows, as pygame_gui waits on a button
TOAST_LINE_GAP = 8  # between the lines of a message, beyond the text size
TOAST_TIGHT_GAP = 4  # the least: at the smallest size (13 px, 17 px of ascent and descent) lines just clear


class ToastLayout(NamedTuple):
    """A message box as it is drawn: its place, text size, line pitch, lines and first line's top."""
    rect: pygame.Rect
    size: int
    pitch: int
    lines: list[str]
    top: int


def back_to_title_tip() -> str:
    """The tip of a Back that returns to the title screen (a list's, the statistics')."""
    return tr("Esc: back to the title screen")


def sentence(reason: str) -> str:
    """A refusal as a sentence in the chosen language: the rules engines explain in English
    clauses ("4H does not match 3D"), which get translated, a capital and a full stop."""
    reason = tr_message(reason)
    if not reason.endswith((".", "!", "?", "...")):
        reason += "."
    return reason[:1].upper() + reason[1:]


class AppScene(Scene):
    background = "TABLE_DARK"  # a theme colour name: read at draw time (high contrast)
    toast_top: int | None = None  # top edge of toast messages; None: they sit at the bottom
    toast_min_height = 0  # a taller box covers a whole area instead of half a line of it
    toast_max_height: int | None = None  # a box never taller than this (smaller text instead)
    toast_spill = 0  # how far past toast_max_height a message at the smallest size may grow before it is cut
    toast_span = (0, 1280)  # the strip of the screen (left, right) a message is centred in
    toast_width = 940  # the widest a message box grows within its strip
    # seconds a fresh scene ignores key presses and clicks: a quick second Enter or click was
    # meant for the screen before (a hand-off or the results must not be skipped unseen)
    settle_time = 0.0
    # a tip keeps off the scene's other buttons too: rows or columns a few px apart
    tips_keep_off_buttons = False

    def __init__(self, app: App) -> None:
        super().__init__()
        self.app = app
        self.ui = acquire_manager(app.display)
        self.focus = FocusRing()
        self._callbacks: dict[object, Callable[[], None]] = {}
        self._back_callbacks: dict[object, Callable[[], None]] = {}  # a right-click on a cycle button
        self._choosers: dict[object, Callable[[object], None]] = {}  # a cycle button set to a value (see choose)
        self.toast: str | None = None
        self.toast_rect: pygame.Rect | None = None  # where the last frame drew the message
        self.toast_time = 0.0
        self.toast_reword: Callable[[], str] | None = None  # words the message again (see show_toast)
        self.toast_shown: str | None = None  # the message show_toast put up (another may have replaced it)
        self._toast_layout: tuple[tuple, ToastLayout] | None = None  # the last toast_layout and what it was for
        # a notice that must not be missed, said while another scene lay over this one (see keep_notice)
        self.kept_notice: tuple[Callable[[], str], float] | None = None
        self.opened_at = app.time
        self.built_language = language()  # the language its buttons were made in (see resume)
        # what the scene draws itself (a tile) under the pointer: (its rect, its tip), and how long
        # the pointer has rested on it (see pointed_tip)
        self.pointed: tuple[pygame.Rect, str] | None = None
        self.pointed_time = 0.0
        # the tile's tip follows the focus ring once the ring moves, the pointer once it moves
        self.tip_by_keyboard = False
        self._tip_inputs: tuple[tuple[int, int], int | None] = (app.mouse_pos, None)  # last frame's pointer and ring
        # a press or release came last: a tile's or a button's tip waits for the pointer to move again;
        # so on a screen that click opened too (its button under the resting pointer tipped a second later)
        self.tip_hushed = app.resting_after_click
        # the stop where the ring's Enter acted and stayed: its tile's tip waits for the ring to
        # move, as tip_hushed for the pointer (a tile placed with the keys named itself otherwise)
        self.tip_hushed_stop: int | None = None
        # the last input was a key, not the pointer: a pointer resting on something then names
        # or opens nothing over the focus ring (the title's rows, Circuit Breaker's small houses)
        self.keyed = False

    # --- widgets ------------------------------------------------------------------------
    def button(self, text: str, rect: pygame.Rect | tuple[int, int, int, int], callback: Callable[[], None],
               object_id: str | None = None, enabled: bool = True, focusable: bool = True,
               tooltip: str | None = None) -> LabelButton:
        btn = LabelButton(pygame.Rect(rect), text, self.ui, object_id=object_id, tooltip=tooltip)
        if not enabled:
            btn.disable()
        self._callbacks[btn] = callback
        if focusable:
            # a hidden button is no stop: the ring would sit on an empty box
            self.focus.add(Focusable(lambda b=btn: b.rect, callback, lambda b=btn: b.is_enabled and b.visible,
                                     vanishes=True, button=btn))
        return btn

    def cycle_button(self, rect: tuple[int, int, int, int], values: list, labels: Callable[[object], str],
                     current: object, on_change: Callable[[object], None],
                     prefix: str = "") -> LabelButton:
        """A button that steps through values (click / Enter / Right: next; right-click / Left:
        previous, so a value just passed is one click away, not a whole round)."""
        state = {"i": values.index(current) if current in values else 0}
        btn = None

        def show() -> None:
            btn.set_text(f"{prefix}{labels(values[state['i']])}")

        def step(d: int) -> None:
            state["i"] = (state["i"] + d) % len(values)
            show()
            on_change(values[state["i"]])

        def choose(value: object) -> None:  # set from elsewhere: it goes on stepping from there
            state["i"] = values.index(value)
            show()

        btn = LabelButton(pygame.Rect(rect), "", self.ui)
        show()
        self._choosers[btn] = choose
        if len(values) < 2:  # nothing to choose (Breaker Blocks is for two): shown, greyed out
            btn.disable()
        self._callbacks[btn] = lambda: step(1)
        self._back_callbacks[btn] = lambda: step(-1)
        btn.generate_click_events_from = frozenset({pygame.BUTTON_LEFT, pygame.BUTTON_RIGHT})
        self.focus.add(Focusable(lambda: btn.rect, lambda: step(1), lambda: btn.is_enabled,
                                 on_left=lambda: step(-1), on_right=lambda: step(1), vanishes=True, button=btn))
        return btn

    def choose(self, button: LabelButton, value: object) -> None:
        """Show ``value`` on a cycle button without its on_change (the caller applies it)."""
        self._choosers[button](value)

    def rebuild(self) -> None:
        """Drop every widget and build the scene again (after settings or data changed)."""
        self.ui.clear_and_reset()
        self.focus.clear()
        self._callbacks.clear()
        self._back_callbacks.clear()
        self._choosers.clear()
        self.built_language = language()
        self.enter()

    def resume(self) -> None:
        self.tip_hushed = self.app.resting_after_click  # what the pointer did while another lay over it
        # the language was changed in the settings while this scene lay below (a game's
        # menu opens them mid-game): its buttons were made in the old one
        if self.built_language != language():
            self.language_changed()
        self.show_kept_notice()

    def language_changed(self) -> None:
        """Make the scene again in the new language, the focus ring where it was."""
        index, visible = self.focus.index, self.focus.visible
        self.rebuild()
        self.focus.index, self.focus.visible = index, visible
        self.reword_toast()

    def arrive_by_keyboard(self) -> None:
        """Opened from the keyboard: the ring shows where the first Tab would put it."""
        self.keyed = True
        if not self.focus.visible and self.focus.items:
            self.focus.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="", scancode=0))

    def show_toast(self, text: str, seconds: float = 3.0, reword: Callable[[], str] | None = None) -> None:
        """Show a short message. ``reword`` words it again after a language change: only a
        notice that must not be missed (a failed save) has one; other messages just go."""
        self.toast = tr_message(text)  # storage and engine messages are written in English
        self.toast_time = seconds
        self.toast_reword = reword
        self.toast_shown = self.toast

    def keep_notice(self, words: Callable[[], str], seconds: float) -> None:
        """A notice that must not be missed was shown on a scene over this one (a game's menu,
        its settings, a pass screen), which takes it away when it closes: this scene shows it
        again, in the language then chosen, once it is on top again."""
        self.kept_notice = (words, seconds)

    def show_kept_notice(self) -> None:
        if self.kept_notice is not None:
            words, seconds = self.kept_notice
            self.kept_notice = None
            self.show_toast(words(), seconds, reword=words)

    def reword_toast(self) -> None:
        """The language changed: the message on show is in the old one. A notice that must
        not be lost is shown again in the new language for the rest of its time; any other
        message goes."""
        lasting = self.toast is not None and self.toast == self.toast_shown and self.toast_reword is not None
        self.toast = tr_message(self.toast_reword()) if lasting else None
        self.toast_shown = self.toast

    # --- frame --------------------------------------------------------------------------
    def settling(self) -> bool:
        return self.app.time - self.opened_at < self.settle_time

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:  # before the focus ring takes it
            self.keyed = True
        elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.keyed = False
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            # a tile dropped or clicked needs no tip: it lay over the squares around it, where
            # the opponent's reply then landed unseen (Blockers!), until the pointer moved
            self.tip_hushed = event.type != pygame.MOUSEMOTION
        if self.settling() and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return True
        stop = self.focus.index
        if self.focus.handle(event):
            self.restart_focus_tip()
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.focus.index == stop:
                self.tip_hushed_stop = stop
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            right = getattr(event, "mouse_button", pygame.BUTTON_LEFT) == pygame.BUTTON_RIGHT
            cb = (self._back_callbacks if right else self._callbacks).get(event.ui_element)
            if cb is not None:
                self.app.sound.play("pick")
                cb()
                return True
        consumed = self.ui.process_events(event)
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.focus.visible = False
        return self.on_event(event) or consumed

    def on_event(self, event: pygame.event.Event) -> bool:
        """Scene-specific events not handled by widgets."""
        return False

    def update(self, dt: float) -> None:
        self.ui.update(dt)
        by_keys = self.tip_by_keyboard_now()
        self.time_focused_button(dt if by_keys else None)
        if self.focus.index != self.tip_hushed_stop:
            self.tip_hushed_stop = None  # the ring moved on: back on that stop, its tip comes again
        if self.tip_hushed:
            self.hush_button_tips()
        if by_keys:
            pointed = None if self.tip_hushed_stop is not None else self.focused_tip()
        else:
            pointed = None if self.tip_hushed else self.pointed_tip(self.app.mouse_pos)
        self.pointed_time = self.pointed_time + dt if pointed is not None and pointed == self.pointed else 0.0
        self.pointed = pointed
        if self.toast_time > 0:
            self.toast_time -= dt
            if self.toast_time <= 0:
                self.toast = None

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(getattr(theme, self.background))
        self.draw_scene(surface)
        self.draw_widgets(surface)
        self.focus.draw(surface)
        self.draw_over_ring(surface)
        self.draw_toast(surface)
        self.draw_tooltip(surface)

    def draw_scene(self, surface: pygame.Surface) -> None:
        """Everything under the widgets."""

    def draw_over_ring(self, surface: pygame.Surface) -> None:
        """What must stay readable over the focus ring (a mark under the focused stop)."""

    def draw_widgets(self, surface: pygame.Surface) -> None:
        """The pygame_gui widgets, then the buttons' labels on them."""
        self.ui.draw_ui(surface)
        draw_labels(self.ui, surface)

    def draw_tooltip(self, surface: pygame.Surface) -> None:
        """The tooltip of the button the pointer or the ring rests on (else of the tile a scene
        names, see pointed_tip), over everything else but the message on show (drawn
        just before it: the tip over it hid what the button had just said). Only on the scene
        in front: one covered by a menu is not updated, so it keeps its last pointer and the
        ring's time on a button (Menu, pressed with Enter, went on showing its tip under the menu)."""
        if self.stack is None or self.stack.top is not self:
            return
        if draw_tooltip(self.ui, surface, self.tip_avoids(), self.tip_areas()) is None and self.pointed \
                and self.pointed_time > TIP_DELAY:
            draw_tip_box(surface, self.pointed_tip_layout(*self.pointed))

    def pointed_tip_layout(self, anchor: pygame.Rect, text: str, avoid: Sequence[pygame.Rect] = ()) -> Tip:
        """Where the tip of a thing the scene draws goes (see pointed_tip): as a button's, under
        it from the pointer (from its edge for the keyboard), else over or beside it, clear of
        ``avoid`` too where it can be (what names the thing: a hand's label)."""
        x = anchor.x if self.tip_by_keyboard else self.app.mouse_pos[0]
        return tip_layout(text, anchor, x, pygame.Rect((0, 0), LOGICAL_SIZE), [*self.tip_avoids(), *avoid],
                          self.tip_areas())

    def pointed_tip(self, pos: tuple[int, int]) -> tuple[pygame.Rect, str] | None:
        """What a thing the scene draws itself (not a button: a tile) says of itself while the
        pointer rests on it at ``pos``, and where it is; None where there is no such thing."""
        return None

    def tip_by_keyboard_now(self) -> bool:
        """Whether the tile tip names what the focus ring is on (it has just moved, or is still
        where it went since the pointer last moved) rather than what the pointer is on."""
        ring = self.focus.index if self.focus.visible else None
        mouse, last_ring = self._tip_inputs
        if ring is None:
            self.tip_by_keyboard = False
        elif ring != last_ring:
            self.tip_by_keyboard = True
        elif self.app.mouse_pos not in (mouse, NOWHERE):
            self.tip_by_keyboard = False  # a pointer gone from the window (see App) names nothing
        self._tip_inputs = (self.app.mouse_pos, ring)
        return self.tip_by_keyboard

    def time_focused_button(self, dt: float | None) -> None:
        """Count how long the focus ring has rested on the button it is on (``dt`` None: the
        pointer names things now, not the ring), so its tooltip shows after the wait a
        hovering pointer has (see LabelButton.tip_now); every other button's count stops."""
        stop = self.focus.current if dt is not None else None
        focused = stop.button if stop is not None and stop.enabled() else None
        for button in self._callbacks:
            if isinstance(button, LabelButton):
                button.focus_time = (button.focus_time or 0.0) + dt if button is focused else None

    def hush_button_tips(self) -> None:
        """The pointer still rests where it clicked: every button's wait for its tip starts
        again once it moves, as a tile's does (after a click on Hint, 'The computer suggests a
        move for you' came up a second later over the status line and stayed)."""
        for button in self._callbacks:
            if isinstance(button, LabelButton):
                button.hover_time = 0.0
                button.disabled_hover_time = 0.0

    def restart_focus_tip(self) -> None:
        """A key the ring took (Enter on a button, Left / Right on a choice): whoever presses
        it is using the thing, not waiting to be told what it is, so its tip goes and waits
        again from this press; cycling a choice with Enter, Enter... brought the tip up over it."""
        stop = self.focus.current
        if stop is not None and isinstance(stop.button, LabelButton):
            stop.button.focus_time = None
        self.pointed_time = 0.0  # a tile's tip, the same (after Enter, see tip_hushed_stop)

    def focused_tip(self) -> tuple[pygame.Rect, str] | None:
        """The tip of the thing the focus ring is on (see pointed_tip), so a keyboard player
        learns what a tile is as one with a mouse does."""
        stop = self.focus.current
        if stop is None or (stop.vanishes and not stop.enabled()):
            return None
        rect = stop.rect_of()
        return self.pointed_tip(rect.center) if rect.w and rect.h else None

    def tip_avoids(self) -> list[pygame.Rect]:
        """What a tooltip keeps off where it can: the message on show (and the scene's
        buttons, see tips_keep_off_buttons)."""
        toast = [self.toast_rect] if self.toast_rect is not None else []
        return toast + ([button.rect for button in self._callbacks] if self.tips_keep_off_buttons else [])

    def tip_areas(self) -> list[pygame.Rect]:
        """Panels whose buttons' tooltips stay inside them (see buttons.tip_room)."""
        return []

    def toast_avoids(self) -> list[pygame.Rect]:
        """Places the message box must not cover (e.g. what a hint points at)."""
        return []

    def toast_paused(self) -> bool:
        """True while something drawn live takes the message's place (it shows again after)."""
        return False

    def toast_layout(self) -> ToastLayout | None:
        """Where the message box goes this frame and its lines (None: no message). Worked
        out apart from the drawing, so what lies under the box (a table's game log) can
        make room for it before the box is drawn; kept while nothing it depends on changes."""
        if not self.toast or self.toast_paused():
            return None
        avoid = self.toast_avoids()
        key = (self.toast, theme.text_scale, self.toast_top, self.toast_span, self.toast_width,
               self.toast_min_height, self.toast_max_height, self.toast_spill, tuple(map(tuple, avoid)))
        if self._toast_layout is not None and self._toast_layout[0] == key:
            return self._toast_layout[1]
        left, right = self.toast_span
        width = min(self.toast_width, right - left - 16)
        size, pitch, lines = self.toast_lines(width - 40)
        text_h = 16 + pitch * len(lines)
        h = max(text_h, self.toast_min_height)
        rect = pygame.Rect(0, 0, width, h)
        centre = (left + right) // 2
        if self.toast_top is None:
            rect.midbottom = (centre, 704)
        else:
            rect.midtop = (centre, self.toast_top)
        if avoid:  # keep clear of what the message points at: top, else bottom, else the middle
            places = [rect.move(0, dy) for dy in (0, 704 - h - rect.y, 360 - h // 2 - rect.y)]
            rect = min(places, key=lambda r: sum(1 for a in avoid if r.colliderect(a)))
        layout = ToastLayout(rect, size, pitch, lines, rect.top + 8 + (h - text_h) // 2)
        self._toast_layout = (key, layout)
        return layout

    def draw_toast(self, surface: pygame.Surface) -> None:
        layout = self.toast_layout()
        self.toast_rect = layout.rect.copy() if layout is not None else None  # where it is (tests, layout checks)
        if layout is None:
            return
        draw.panel(surface, layout.rect, theme.PANEL, edge=None, radius=8)
        pygame.draw.rect(surface, theme.YELLOW, layout.rect, 2, border_radius=8)
        for i, line in enumerate(layout.lines):
            theme.draw_text(surface, line, (layout.rect.centerx, layout.top + layout.pitch * i), layout.size,
                            anchor="midtop")

    def toast_lines(self, width: int) -> tuple[int, int, list[str]]:
        """The message's text size, line pitch and lines. With ``toast_max_height`` a long
        message (or a large reading size) gets smaller text, then less room between its
        lines, rather than a box over what lies below; then, by up to ``toast_spill``, a box
        over what lies below; and as a last resort it loses its end."""
        size, gap = theme.reading(18), TOAST_LINE_GAP
        lines = theme.wrap(self.toast, size, width)
        room = self.toast_max_height
        if room is None:
            return size, size + gap, lines
        while size > 13 and 16 + (size + gap) * len(lines) > room:
            size -= 1
            lines = theme.wrap(self.toast, size, width)
        # a hint's reason cut off ("..., but cheese...") tells nothing: close up the lines
        # first; still too long (German runs a third longer), the box grows over what lies
        # below by up to toast_spill for as long as it shows, rather than ending in "..."
        for limit in (room, room + self.toast_spill):
            gap = TOAST_LINE_GAP
            while gap > TOAST_TIGHT_GAP and 16 + (size + gap) * len(lines) > limit:
                gap -= 1
            if 16 + (size + gap) * len(lines) <= limit:
                break
        fit = max(1, (limit - 16) // (size + gap))
        if len(lines) > fit:
            last = lines[fit - 1].rstrip(" .")
            while " " in last and theme.font(size).size(last + "...")[0] > width:
                last = last.rsplit(" ", 1)[0]  # "..." must fit on the line too
            lines = [*lines[:fit - 1], last + "..."]
        return size, size + gap, lines

    def exit(self) -> None:
        release_manager(self.ui)


def heading(surface: pygame.Surface, text: str, y: int = 40) -> None:
    theme.draw_text(surface, text, (surface.get_width() // 2, y), 40, theme.TEXT, bold=True, anchor="midtop")


__all__ = ["AppScene", "heading", "tr"]
