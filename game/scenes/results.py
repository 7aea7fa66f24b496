"""Results: drawn over the final table. Scores, winners, why, and what next."""

from __future__ import annotations

import pygame

from game.i18n import tr
from game.scenes import endings
from game.scenes.base import AppScene, back_to_title_tip
from game.scenes.table_base import PANEL_RECT
from game.ui import draw, theme
from game.ui.pointer import HAND

BOX = pygame.Rect(200, 110, 760, 500)  # the usual box; layout() makes it taller when needed
MAX_HEIGHT = 700
DETAIL_TOP = 84  # below the title
ROW = 40  # one seat's name and points
GAP = 10  # between the seats and the details
BUTTONS = 86  # the button row and the space above it


def line_step(size: int) -> int:
    return round(size * 1.375)


class ResultsScene(AppScene):
    settle_time = 0.6  # a second Enter meant for the move before must not skip this screen
    opaque = False

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table
        self.peek = False

    def enter(self) -> None:
        self.order = self.standings()  # the game is over: worked out once, not every frame
        self.box, self.detail, self.detail_size = self.layout()
        box = self.box
        self.button(tr("Play again"), (box.x + 40, box.bottom - 70, 200, 50), self.table.new_game_same_seats,
                    object_id="#primary", tooltip=tr("Enter: a new game, same players and options"))
        self.button(tr("Look at the table"), (box.x + 280, box.bottom - 70, 200, 50), self.toggle_peek,
                    tooltip=tr("The final table without this box; any key or click brings it back"))
        self.button(tr("Menu"), (box.right - 240, box.bottom - 70, 200, 50), self.table.leave,
                    tooltip=back_to_title_tip())
        self.focus.index = 0
        self.focus.visible = True
        if self.table.save_problem:  # over the shade, where it is read, not dimmed on the table below
            # below the box, in smaller text if need be (long folder names), clear of its buttons
            self.toast_max_height = max(60, 704 - self.box.bottom - 2)
            self.show_toast(self.table.save_problem, 12)
            self.table.toast = None

    def layout(self) -> tuple[pygame.Rect, list[str], int]:
        """The box, the wrapped detail lines and their size. The details are reading text: they
        start at the reading-text size (theme.reading). The box grows upward when the details
        need it (five Blockers! seats each explain their score on two lines); past the
        screen's height the details step down a size at a time, to 12 px at the least."""
        lines = self.table.result_lines()
        for size in [*range(theme.reading(16), 12, -2), 12]:
            detail = [part for line in lines for part in theme.wrap(line, size, BOX.width - 80)]
            height = max(BOX.height, DETAIL_TOP + ROW * len(self.order) + GAP
                         + len(detail) * line_step(size) + BUTTONS)
            if height <= MAX_HEIGHT:
                break
        height = min(height, MAX_HEIGHT)
        box = pygame.Rect(BOX.x, min(BOX.y, (720 - height) // 2), BOX.width, height)
        return box, detail, size

    def standings(self) -> list[int]:
        """Seats from best to worst, as the table ranks them (its detail lines agree)."""
        return self.table.standings()

    def toggle_peek(self) -> None:
        self.peek = not self.peek

    def pointer_at(self, pos: tuple[int, int]) -> str | None:
        """While looking at the table a click anywhere brings the results back (the hidden
        buttons' places are nothing special then)."""
        return HAND if self.peek else None

    def on_event(self, event: pygame.event.Event) -> bool:
        if self.peek and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.peek = False
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.table.leave()
            return True
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.peek:
            return self.on_event(event)
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        if self.peek:
            # over the side panel's buttons (of no use while looking), so nothing of the game is hidden
            box = pygame.Rect(PANEL_RECT.x + 6, PANEL_RECT.bottom - 74, PANEL_RECT.w - 12, 68)
            draw.panel(surface, box, edge=theme.YELLOW)
            lines = theme.wrap(tr("Press any key or click to return to the results"), 17, box.w - 20)[:2]
            for i, line in enumerate(lines):
                y = box.centery + (i - (len(lines) - 1) / 2) * 24
                theme.draw_text(surface, line, (box.centerx, int(y)), 17, theme.YELLOW, bold=True, anchor="center",
                                max_width=box.w - 16)
            return
        draw.shade(surface, 150)
        box = self.box
        draw.panel(surface, box, edge=theme.YELLOW)
        session = self.table.session
        scores = session.state.scores()
        winners = session.state.winners()
        names = [self.table.seat_name(i) for i in range(session.num_players)]
        title = endings.outcome(names.__getitem__, winners, self.table.perspective)
        theme.draw_text(surface, title, (box.centerx, box.y + 20), 34, theme.YELLOW, bold=True, anchor="midtop",
                        max_width=box.w - 40)  # four seats sharing the win make a long title: it shrinks to fit
        y = box.y + DETAIL_TOP
        for seat in self.order:
            draw.marker(surface, theme.seat_shape(seat), (box.x + 60, y + 14), 12, self.table.seat_colour(seat))
            theme.draw_text(surface, names[seat], (box.x + 84, y), 22, bold=seat in winners)
            score = theme.draw_text(surface, self.table.score_text(scores[seat]), (box.x + 380, y), 22,
                                    bold=seat in winners)
            if seat in winners:  # beside the score it crowns (at a fixed x + 560 it stood apart from it)
                draw.marker(surface, "star", (score.right + 22, y + 14), 12, theme.YELLOW)
            y += ROW
        y += GAP
        for part in self.detail:
            theme.draw_text(surface, part, (box.x + 40, y), self.detail_size, theme.TEXT_DIM)
            y += line_step(self.detail_size)
        self.draw_widgets(surface)
        self.focus.draw(surface)
        self.draw_toast(surface)
        self.draw_tooltip(surface)
