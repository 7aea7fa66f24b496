"""An in-game rules page for a game, written in our own words, from assets/rules."""

from __future__ import annotations

import html

import pygame
import pygame_gui

from game.i18n import tr
from game.paths import asset
from game.rules import game_info
from game.scenes.base import AppScene


def rules_html(text: str, scale: float = 1.0) -> str:
    """Our tiny markup (#, ##, '- ' bullets, paragraphs) to pygame_gui's HTML subset;
    ``scale`` (the reading-text setting) picks bigger HTML font sizes."""
    # pygame_gui knows HTML sizes 1-7 in steps of .5 only: (body, section, title) per scale
    body, section, title = (4, 5, 6) if scale < 1.25 else (5, 6, 6.5) if scale < 1.75 else (6, 6.5, 7)
    out: list[str] = [f"<font size={body}>"]
    for raw in text.splitlines():
        line = html.escape(raw.strip())
        if not line:
            continue
        if line.startswith("## "):
            out.append(f"<br><font color='#F0E442' size={section}><b>{line[3:]}</b></font><br>")
        elif line.startswith("# "):
            out.append(f"<font size={title}><b>{line[2:]}</b></font><br>")
        elif raw.startswith("  - "):
            out.append(f"&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&#8211; {line[2:]}<br>")
        elif line.startswith("- "):
            out.append(f"&nbsp;&nbsp;&#8226; {line[2:]}<br>")
        else:
            out.append(f"{line}<br>")
    out.append("</font>")
    return "".join(out)


def load_rules_text(game: str) -> str:
    path = asset("rules", f"{game}.txt")
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return tr("The rules page for this game could not be loaded ({path}).", path=path)


class RulesScene(AppScene):
    opaque = True

    def __init__(self, app, game: str) -> None:
        super().__init__(app)
        self.game = game

    def enter(self) -> None:
        from game.ui import theme
        self.box = pygame_gui.elements.UITextBox(rules_html(load_rules_text(self.game), theme.text_scale),
                                                 pygame.Rect(140, 30, 1000, 600), manager=self.ui)
        self.button(tr("Back"), (540, 648, 200, 48), self.close, object_id="#primary")
        self.focus.index = 0
        self.focus.visible = True

    def close(self) -> None:
        self.stack.pop()

    def on_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_F1):
            self.close()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP,
                                                          pygame.K_PAGEDOWN):
            self.scroll({pygame.K_UP: -40, pygame.K_DOWN: 40, pygame.K_PAGEUP: -400, pygame.K_PAGEDOWN: 400}[event.key])
            return True
        return False

    def scroll(self, pixels: int) -> None:
        """Keyboard scrolling (pygame_gui's text box only scrolls with the mouse)."""
        bar = self.box.scroll_bar
        if bar is None:
            return
        height = max(1, self.box.text_box_layout.layout_rect.height)
        bar.set_scroll_from_start_percentage(max(0.0, min(1.0, bar.start_percentage + pixels / height)))

    def title(self) -> str:
        return game_info(self.game).title
