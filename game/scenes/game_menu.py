"""The menu a game table opens over itself (its Menu button, or Esc with nothing held):
go back to the game, change the settings without leaving it, or leave the table. A
Break the Cube puzzle opens the same menu, worded for a puzzle (see MenuOwner).

The table below stops updating while the menu is open (the scene stack updates only the
top scene), so no move is made meanwhile; an AI move being thought about is picked up
when the game goes on. Settings changed here apply to the table at once: colours, sizes,
sound and speed are read as it draws and plays, and a new language makes its buttons and
its log again (AppScene.language_changed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.i18n import language, tr
from game.scenes.base import AppScene
from game.ui import draw, theme

if TYPE_CHECKING:  # pragma: no cover
    from game.app import App


class MenuOwner(Protocol):
    """The scene under the menu: a game's table, or a Break the Cube puzzle."""

    built_language: str
    has_players: bool  # False: the settings' note that the game keeps its players does not apply

    def language_changed(self) -> None: ...

    def ask_leave(self) -> None: ...

    def leave_label(self) -> str: ...

    def menu_words(self) -> tuple[str, str]:
        """The first button's label and the line under the heading, in the owner's terms
        (a puzzle has no game that waits)."""
        ...

    def menu_tips(self) -> tuple[str, str]:
        """The tips of the first and the last button: its key, and what leaving does."""
        ...

BOX = pygame.Rect(430, 180, 420, 312)
BUTTON_W, BUTTON_H, BUTTON_STEP = 300, 50, 64
FIRST_BUTTON_Y = BOX.y + 112


class GameMenuScene(AppScene):
    opaque = False  # the table stays in sight, shaded
    tips_keep_off_buttons = True  # the buttons stand 14 px apart: a tip beside the column

    def __init__(self, app: App, table: MenuOwner) -> None:
        super().__init__(app)
        self.table = table  # or the puzzle

    def enter(self) -> None:
        x = BOX.centerx - BUTTON_W // 2
        back, _ = self.table.menu_words()
        back_tip, leave_tip = self.table.menu_tips()
        settings_tip = tr("Sound, colours, language and sizes, changed without leaving")
        rows = [(back, self.close, "#primary", back_tip),
                (tr("Settings"), self.open_settings, None, settings_tip),
                (self.table.leave_label(), self.leave, None, leave_tip)]
        for i, (text, act, object_id, tip) in enumerate(rows):
            self.button(text, (x, FIRST_BUTTON_Y + i * BUTTON_STEP, BUTTON_W, BUTTON_H), act, object_id=object_id,
                        tooltip=tip)
        self.focus.index = 0
        self.focus.visible = True  # Enter at once goes back to the game, as Esc does

    def close(self) -> None:
        self.stack.pop()

    def open_settings(self) -> None:
        from game.scenes.settings import SettingsScene
        self.stack.push(SettingsScene(self.app, in_game=True, players_note=self.table.has_players))

    def leave(self) -> None:
        # the question takes the menu's place: Stay goes straight back to the game
        table = self.table
        self.stack.pop()
        table.ask_leave()

    def resume(self) -> None:
        # back from the settings in another language: the table under this menu is made
        # again now (its buttons and log), not only once the menu closes
        if self.table.built_language != language():
            self.table.language_changed()
        super().resume()

    def on_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        # nothing reaches the table while the menu is open
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL)

    def draw(self, surface: pygame.Surface) -> None:
        draw.shade(surface)
        draw.panel(surface, BOX, edge=theme.YELLOW)
        theme.draw_text(surface, tr("Menu"), (BOX.centerx, BOX.y + 22), 28, bold=True, anchor="midtop")
        theme.draw_text(surface, self.table.menu_words()[1], (BOX.centerx, BOX.y + 68), 16,
                        theme.TEXT_DIM, anchor="midtop", max_width=BOX.width - 40)
        self.draw_widgets(surface)
        self.focus.draw(surface)
        self.draw_toast(surface)
        self.draw_tooltip(surface)
