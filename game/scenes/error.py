"""The error screen: something went wrong; say so plainly, point to the log, offer the
way back to the menu. The current game was autosaved after its last action."""

from __future__ import annotations

import pygame

from game.i18n import tr
from game.scenes.base import AppScene, heading
from game.ui import theme


class ErrorScene(AppScene):
    def __init__(self, app, exc: BaseException, report: str) -> None:
        super().__init__(app)
        self.exc = exc
        self.report = report

    def enter(self) -> None:
        self.button(tr("Back to menu"), (440, 560, 200, 52), self.to_menu, object_id="#primary")
        self.button(tr("Quit"), (660, 560, 180, 52), self.app.quit)
        self.focus.index = 0
        self.focus.visible = True

    def to_menu(self) -> None:
        from game.scenes.title import TitleScene
        self.stack.clear_to(TitleScene(self.app))

    def on_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.to_menu()
            return True
        return False

    def draw_scene(self, surface: pygame.Surface) -> None:
        heading(surface, tr("Something went wrong"), 80)
        lines = [
            tr("Breakbox hit an unexpected error and stopped this screen."),
            tr("Your game was saved after its last completed move: Continue on the title screen resumes it."),
            "",
            f"{type(self.exc).__name__}: {self.exc}"[:200],
            "",
            tr("Details were written to: {path}", path=self.app.log_path),
        ]
        y = 180
        for line in lines:
            for part in theme.wrap(line, 18, 1000):
                theme.draw_text(surface, part, (140, y), 18, theme.TEXT)
                y += 28
