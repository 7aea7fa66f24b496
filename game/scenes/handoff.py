"""Pass-and-play hand-off: hides the whole table until the next player confirms,
so nobody sees another player's secrets."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import tr
from game.scenes.base import AppScene
from game.ui import draw, theme


class HandoffScene(AppScene):
    # a second Enter or click meant for the move before must not skip this screen; a Ctrl+Z
    # pressed once it is up gets through at once (see handle_event)
    settle_time = 0.5
    toast_top = 556  # why no move can be taken back: where that button would be, clear of the Esc line
    def __init__(self, app, seat: int, on_ready: Callable[[], None], note: str = "",
                 on_leave: Callable[[], None] | None = None, colour: tuple[int, int, int] | None = None,
                 cue: str = "", their_turn: bool = True, mover: int | None = None,
                 take_back: Callable[[], None] | None = None, take_back_refusal: str = "") -> None:
        super().__init__(app)
        self.seat = seat
        self.colour = colour or theme.seat_colour(seat)  # the colour the seat wears at its table
        self.cue = cue  # that colour and the seat's shape in words ("colour orange, shape circle")
        # False on continuing while a computer is to move: the person who left comes back to watch it
        self.their_turn = their_turn
        self.on_ready = on_ready
        self.note = note
        self.on_leave = on_leave  # Esc: leave the game from here, without showing anyone's secrets
        self.key_lines: list[pygame.Rect] = []  # where the last frame said what Enter and Esc do
        # the seat that just moved may take it back from here (a misclick in pass-and-play), under
        # the table's own undo rules: ``take_back`` only when allowed, else why not (for Ctrl+Z)
        self.mover = mover
        self.take_back = take_back if mover is not None else None
        self.take_back_refusal = take_back_refusal if mover is not None else ""
        # Z still down from the table when this screen came up: its key repeats are no fresh Ctrl+Z
        self.z_held = bool(pygame.key.get_pressed()[pygame.K_z])

    def enter(self) -> None:
        self.button(tr("I am Seat {n}: show my table", n=self.seat + 1), (440, 430, 400, 60), self.ready,
                    object_id="#primary", tooltip=tr("Enter: your table, with what only you may see"))
        if self.take_back is not None:
            self.button(tr("Seat {n}: take back my move", n=self.mover + 1), (465, 572, 350, 44),
                        self.taking_back, tooltip=tr("Ctrl+Z: back to your table as it was before this move"))
        self.focus.index = 0  # Enter still hands over: taking back is the exception
        self.focus.visible = True

    def ready(self) -> None:
        self.stack.pop()
        self.on_ready()

    def taking_back(self) -> None:
        """Back to the mover's table as it was before the move (the table's undo)."""
        if self.take_back is None:
            if self.take_back_refusal:
                self.show_toast(self.take_back_refusal, 4)
            return
        self.stack.pop()
        self.take_back()

    def handle_event(self, event: pygame.event.Event) -> bool:
        # the mover's "oops" right after the move: it skips nothing (the pass screen, or
        # the table as it was, shows nobody else's secrets), so the settle does not hold it
        if event.type == pygame.KEYUP and event.key == pygame.K_z:
            self.z_held = False
        if self.settling() and self.fresh_ctrl_z(event):
            self.taking_back()
            return True
        return super().handle_event(event)

    def fresh_ctrl_z(self, event: pygame.event.Event) -> bool:
        """Ctrl+Z pressed after this screen came up (not Z held down from the table)."""
        return event.type == pygame.KEYDOWN and event.key == pygame.K_z and bool(event.mod & pygame.KMOD_CTRL) \
            and not self.z_held

    def on_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.on_leave is not None:
            self.on_leave()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.taking_back()  # as at the table
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.ready()  # the one thing to do here, even after a stray click hid the focus ring
            return True
        # swallow everything else: the table below must not react while hidden
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL)

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.fill(theme.TABLE_DARK)
        draw.marker(surface, theme.seat_shape(self.seat), (640, 200), 34, self.colour)
        theme.draw_text(surface, tr("Pass to Seat {n}", n=self.seat + 1), (640, 250), 44, bold=True,
                        anchor="midtop")
        # whose turn in words too: the seat's colour and shape, for anyone who cannot tell the colours apart
        turn = tr("Seat {n}'s turn", n=self.seat + 1) if self.their_turn else tr("Seat {n}", n=self.seat + 1)
        theme.draw_text(surface, f"{turn}: {self.cue}" if self.cue else turn, (640, 316), 20, theme.TEXT,
                        anchor="midtop", max_width=1200)
        theme.draw_text(surface, tr("Everyone else, look away: the next screen shows Seat {n}'s secrets.",
                                    n=self.seat + 1), (640, 352), 18, theme.TEXT_DIM, anchor="midtop")
        if self.note:
            theme.draw_text(surface, self.note, (640, 384), 18, theme.TEXT, anchor="midtop")
        # what to do, not only a button to guess at
        self.key_lines = [theme.draw_text(
            surface, tr("Seat {n}: once nobody else can see the screen, press Enter or click the button.",
                        n=self.seat + 1), (640, 506), 16, theme.TEXT_DIM, anchor="midtop", max_width=1200)]
        if self.on_leave is not None:
            self.key_lines.append(theme.draw_text(surface, tr("Esc: leave the table (the game is kept)"), (640, 640),
                                                  16, theme.TEXT_DIM, anchor="midtop"))

    def tip_avoids(self) -> list[pygame.Rect]:
        # the take-back button's tip, two lines, lay over 'Esc: leave the table' under it
        return super().tip_avoids() + self.key_lines
