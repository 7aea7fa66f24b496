"""Results: drawn over the final table. Scores, winners, why, and what next."""

from __future__ import annotations

import pygame

from game.i18n import tr
from game.scenes.base import AppScene
from game.stats import LOWER_IS_BETTER
from game.ui import draw, theme

BOX = pygame.Rect(200, 110, 760, 500)


class ResultsScene(AppScene):
    opaque = False

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table
        self.peek = False

    def enter(self) -> None:
        self.order = self.standings()  # the game is over: worked out once, not every frame
        self.button(tr("Play again"), (BOX.x + 40, BOX.bottom - 70, 200, 50), self.table.new_game_same_seats,
                    object_id="#primary")
        self.button(tr("Look at the table"), (BOX.x + 280, BOX.bottom - 70, 200, 50), self.toggle_peek)
        self.button(tr("Menu"), (BOX.right - 240, BOX.bottom - 70, 200, 50), self.table.leave)
        self.focus.index = 0
        self.focus.visible = True

    def standings(self) -> list[int]:
        """Seats from best to worst: the winners first, then by score in the game's own
        direction (in Blockers! a low score is good), seat order among equals."""
        state = self.table.session.state
        scores, winners = state.scores(), state.winners()
        sign = 1 if self.table.session.game in LOWER_IS_BETTER else -1
        return sorted(range(len(scores)), key=lambda s: (s not in winners, sign * scores[s]))

    def toggle_peek(self) -> None:
        self.peek = not self.peek

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
            # at the foot of the table, on a backing of its own, so it covers nothing of the game
            draw.panel(surface, pygame.Rect(250, 612, 460, 40), edge=theme.YELLOW)
            theme.draw_text(surface, tr("Press any key to return to the results"), (480, 632), 18, theme.YELLOW,
                            bold=True, anchor="center", max_width=440)
            return
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        draw.panel(surface, BOX, edge=theme.YELLOW)
        session = self.table.session
        scores = session.state.scores()
        winners = session.state.winners()
        names = [self.table.seat_name(i) for i in range(session.num_players)]
        if len(winners) == 1:
            w = winners[0]
            title = tr("You win!") if w == self.table.perspective else tr("{name} wins", name=names[w])
        else:
            title = tr("Shared win: {names}", names=", ".join(names[w] for w in winners))
        theme.draw_text(surface, title, (BOX.centerx, BOX.y + 20), 34, theme.YELLOW, bold=True, anchor="midtop")
        y = BOX.y + 84
        for seat in self.order:
            draw.marker(surface, theme.seat_shape(seat), (BOX.x + 60, y + 14), 12, theme.seat_colour(seat))
            theme.draw_text(surface, names[seat], (BOX.x + 84, y), 22, bold=seat in winners)
            points = tr("1 point") if scores[seat] == 1 else tr("{n} points", n=scores[seat])
            theme.draw_text(surface, points, (BOX.x + 380, y), 22, bold=seat in winners)
            if seat in winners:
                draw.marker(surface, "star", (BOX.x + 560, y + 14), 12, theme.YELLOW)
            y += 40
        y += 10
        for line in self.table.result_lines():
            for part in theme.wrap(line, 16, BOX.width - 80):
                theme.draw_text(surface, part, (BOX.x + 40, y), 16, theme.TEXT_DIM)
                y += 22
        self.draw_widgets(surface)
        self.focus.draw(surface)
        self.draw_tooltip(surface)
