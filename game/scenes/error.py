"""The error screen: something went wrong; say so plainly, point to the log, offer the
way back to the menu (an unfinished game was autosaved after its last action)."""

from __future__ import annotations

import pygame

from game.i18n import tr
from game.scenes.base import AppScene, back_to_title_tip, heading
from game.ui import theme


class ErrorScene(AppScene):
    def __init__(self, app, exc: BaseException, report: str) -> None:
        super().__init__(app)
        self.exc = exc
        self.report = report
        # say what the player can really do next: only an unfinished game has an autosave
        from game import storage
        try:
            self.resumable = storage.autosave_path(app.dirs).exists()
        except (OSError, AttributeError):
            self.resumable = False

    def enter(self) -> None:
        self.button(tr("Back to menu"), (330, 560, 200, 52), self.to_menu, object_id="#primary",
                    tooltip=back_to_title_tip())
        self.button(tr("Copy report"), (550, 560, 200, 52), self.copy_report,
                    tooltip=tr("What went wrong, for a bug report: to the clipboard and a file"))
        self.button(tr("Quit"), (770, 560, 180, 52), self.app.quit, tooltip=tr("Close Breakbox now"))
        self.focus.index = 0
        self.focus.visible = True

    def full_report(self) -> str:
        """What a bug report needs: version, platform, the traceback."""
        import platform

        from game import __version__
        return (f"Breakbox {__version__}\nPython {platform.python_version()} on {platform.platform()}\n"
                f"pygame-ce {pygame.version.ver}\n\n{self.report}")

    def copy_report(self) -> None:
        """Put the report on the clipboard and in a file next to the log."""
        text = self.full_report()
        path = self.app.log_path.with_name("error-report.txt")
        saved = False
        try:
            path.write_text(text, encoding="utf-8")
            saved = True
        except OSError:
            pass
        copied = False
        try:
            pygame.scrap.put_text(text)
            copied = True
        except (pygame.error, AttributeError):
            pass
        if copied and saved:
            self.show_toast(tr("Report copied to the clipboard and saved to {path}", path=path), 6)
        elif saved:
            self.show_toast(tr("No clipboard here: the report is saved to {path}", path=path), 6)
        elif copied:
            self.show_toast(tr("Report copied to the clipboard."), 6)
        else:
            self.show_toast(tr("Could not copy or save the report."), 6)

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
            tr("Your game was saved after its last completed move: Continue on the title screen resumes it.")
            if self.resumable else
            tr("No unfinished game needs saving; finished games are kept under Finished games."),
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
