"""A small yes/no dialog drawn over the current scene."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import tr
from game.scenes.base import AppScene
from game.ui import draw, theme

BOX = pygame.Rect(390, 250, 500, 220)


class ConfirmScene(AppScene):
    opaque = False

    def __init__(self, app, title: str, text: str, yes: str, on_yes: Callable[[], None],
                 yes_key: int | None = None, no: str | None = None) -> None:
        super().__init__(app)
        self.title, self.text, self.yes, self.on_yes = title, text, yes, on_yes
        self.no = no if no is not None else tr("Stay")  # the answer that changes nothing
        # the key that opened the question answers yes when pressed again (N, N ends a turn)
        self.yes_key = yes_key

    def enter(self) -> None:
        # wide enough for the longest answer ("Neues Spiel starten") with room inside the border
        # the safe answer is both the default (the ring, so Enter) and the one drawn as primary:
        # the eye and the Enter key point at the same button
        self.no_button = self.button(self.no, (BOX.x + 30, BOX.bottom - 70, 210, 48), self.stack_pop,
                                     object_id="#primary", tooltip=tr("Esc: no, everything stays as it was"))
        self.yes_button = self.button(self.yes, (BOX.right - 240, BOX.bottom - 70, 210, 48), self.confirm,
                                      tooltip=tr("Answer yes to '{question}'", question=self.title))
        self.focus.index = 0
        self.focus.visible = True

    def stack_pop(self) -> None:
        self.stack.pop()

    def confirm(self) -> None:
        self.stack.pop()
        self.on_yes()

    def on_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.stack_pop()
        elif event.type == pygame.KEYDOWN and self.yes_key is not None and event.key == self.yes_key:
            self.confirm()
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def draw(self, surface: pygame.Surface) -> None:
        draw.shade(surface)
        draw.panel(surface, BOX, edge=theme.YELLOW)
        theme.draw_text(surface, self.title, (BOX.centerx, BOX.y + 24), 28, bold=True, anchor="midtop")
        # the text steps down in size until it fits above the buttons (long translations)
        room = BOX.height - 76 - 76
        size = 18
        lines = theme.wrap(self.text, size, BOX.width - 40)
        while size > 13 and len(lines) * (size + 8) > room:
            size -= 1
            lines = theme.wrap(self.text, size, BOX.width - 40)
        for i, line in enumerate(lines):
            theme.draw_text(surface, line, (BOX.centerx, BOX.y + 76 + (size + 8) * i), size, theme.TEXT_DIM,
                            anchor="midtop")
        self.draw_widgets(surface)
        self.focus.draw(surface)
        self.draw_tooltip(surface)
