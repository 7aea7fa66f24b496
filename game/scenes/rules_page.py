"""An in-game rules page for a game, written in our own words, from assets/rules (a
translation in assets/rules/<language code>/ when one is shipped).

The page is our own scrolling text view drawn with ``theme.draw_text`` (so it is sharp
in a window larger than the canvas, see sharp_text): the text is wrapped to the box,
and the view scrolls by whole lines (mouse wheel, the scroll bar, Up/Down, PgUp/PgDn,
Home/End), so no line is ever cut in half at the box's edges.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pygame

from game.i18n import language, tr
from game.paths import asset
from game.rules import game_info
from game.scenes.base import AppScene
from game.ui import draw, theme

BOX = pygame.Rect(140, 30, 1000, 600)
PAD = 16  # text inset from the box's edge
BAR_W = 10  # scroll bar width
WHEEL_LINES = 3


@dataclass(frozen=True)
class Block:
    """One paragraph of our tiny markup: kind is title (#), section (##), bullet ('- '),
    sub (an indented '  - ') or text."""
    kind: str
    text: str


def rules_blocks(text: str) -> list[Block]:
    """Our tiny markup (#, ##, '- ' bullets, '  - ' sub-bullets, paragraphs) as blocks."""
    out: list[Block] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("## "):
            out.append(Block("section", line[3:]))
        elif line.startswith("# "):
            out.append(Block("title", line[2:]))
        elif raw.startswith("  - "):
            out.append(Block("sub", line[2:]))
        elif line.startswith("- "):
            out.append(Block("bullet", line[2:]))
        else:
            out.append(Block("text", line))
    return out


@dataclass(frozen=True)
class Line:
    """A wrapped line placed on the page: ``y`` from the page's top; ``mark`` a bullet
    drawn left of the first line of a bullet point."""
    text: str
    x: int
    y: int
    height: int
    size: int
    colour: str  # a theme colour name: read at draw time (high contrast)
    bold: bool = False
    mark: str = ""
    block: int = -1  # the index of the block the line belongs to


# (size, colour, bold, indent, space above) per kind; sizes are reading sizes
STYLES = {
    "title": (26, "TEXT", True, 0, 0),
    "section": (20, "YELLOW", True, 0, 14),
    "text": (16, "TEXT", False, 0, 4),
    "bullet": (16, "TEXT", False, 24, 4),
    "sub": (16, "TEXT", False, 52, 2),
}
MARKS = {"bullet": "\u2022", "sub": "\u2013"}


def layout(blocks: list[Block], width: int) -> list[Line]:
    """Blocks wrapped to ``width`` pixels, at the reading-text size (theme.text_scale)."""
    lines: list[Line] = []
    y = 0
    for b, block in enumerate(blocks):
        size, colour, bold, indent, above = STYLES[block.kind]
        size = theme.reading(size)
        indent = round(indent * theme.text_scale)
        if lines:
            y += round(above * theme.text_scale)
        height = theme.font(size, bold).get_linesize() + size // 8  # a little leading
        for i, part in enumerate(theme.wrap(block.text, size, width - indent, bold)):
            lines.append(Line(part, indent, y, height, size, colour, bold, MARKS.get(block.kind, "") if i == 0 else "",
                              b))
            y += height
    return lines


def rules_path(game: str) -> Path:
    """The rules page in the chosen language (assets/rules/<code>/) if shipped, else English."""
    if language() != "en":
        localised = asset("rules", language(), f"{game}.txt")
        if localised.is_file():
            return localised
    return asset("rules", f"{game}.txt")


def load_rules_text(game: str) -> str:
    path = rules_path(game)
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return tr("The rules page for this game could not be loaded ({path}).", path=path)


def section_block(game: str, blocks: list[Block], section: str) -> int | None:
    """The index in ``blocks`` of the section whose English heading is ``section``: a
    translated page has the English page's blocks, one for one (a test checks it)."""
    try:
        english = rules_blocks(asset("rules", f"{game}.txt").read_text(encoding="utf-8"))
    except OSError:
        return None
    i = next((i for i, b in enumerate(english) if b.kind == "section" and b.text == section), None)
    if i is None or i >= len(blocks) or blocks[i].kind != "section":
        return None
    return i


class RulesScene(AppScene):
    """``section``: the English heading of a section to open the page at (e.g. "Puzzles")."""
    opaque = True

    def __init__(self, app, game: str, section: str | None = None) -> None:
        super().__init__(app)
        self.game = game
        self.blocks = rules_blocks(load_rules_text(game))
        self.lines: list[Line] = []
        self.first = 0  # index of the first line shown
        self.dragging: int | None = None  # pointer y minus the thumb's top while dragging it
        self._laid_out_at: float | None = None
        self.section = section_block(game, self.blocks, section) if section else None

    def enter(self) -> None:
        self.button(tr("Back"), (540, 648, 200, 48), self.close, object_id="#primary",
                    tooltip=tr("Esc: back to where you opened the rules"))
        self.focus.index = 0
        self.focus.visible = True
        self.relayout()
        if self.section is not None:  # scrolled to the section (as far as the page scrolls)
            at = next((i for i, line in enumerate(self.lines) if line.block == self.section), 0)
            self.first = min(at, self.max_top)

    # --- layout -------------------------------------------------------------------------
    @property
    def view(self) -> pygame.Rect:
        """Where the text goes: the box less its padding and the scroll bar."""
        return pygame.Rect(BOX.x + PAD, BOX.y + PAD - 4, BOX.w - 2 * PAD - BAR_W - 8, BOX.h - 2 * PAD + 8)

    def relayout(self) -> None:
        """Wrap the text again (after the reading size changed), keeping the first line's place."""
        keep = self.lines[self.first].y if self.lines else 0
        self.lines = layout(self.blocks, self.view.w)
        self._laid_out_at = theme.text_scale
        self.first = next((i for i, line in enumerate(self.lines) if line.y >= keep), 0)
        self.first = min(self.first, self.max_top)

    @property
    def max_top(self) -> int:
        """The first line shown when scrolled to the end: the last line just fits."""
        if not self.lines:
            return 0
        bottom = self.lines[-1].y + self.lines[-1].height
        for i, line in enumerate(self.lines):
            if bottom - line.y <= self.view.h:
                return i
        return len(self.lines) - 1

    def visible_lines(self) -> list[Line]:
        if not self.lines:
            return []
        y0, room = self.lines[self.first].y, self.view.h
        return [line for line in self.lines[self.first:] if line.y - y0 + line.height <= room]

    # --- scrolling ----------------------------------------------------------------------
    def scroll(self, lines: int) -> None:
        """Move the view by whole lines (negative: up)."""
        self.first = max(0, min(self.max_top, self.first + lines))

    def page(self) -> int:
        return max(1, len(self.visible_lines()) - 1)

    def bar_rects(self) -> tuple[pygame.Rect, pygame.Rect] | None:
        """The scroll bar's track and thumb; None when everything fits."""
        if self.max_top == 0:
            return None
        track = pygame.Rect(BOX.right - PAD - BAR_W + 4, BOX.y + 8, BAR_W, BOX.h - 16)
        total = self.lines[-1].y + self.lines[-1].height
        thumb_h = max(30, round(track.h * self.view.h / total))
        top_y = round((track.h - thumb_h) * self.first / self.max_top)
        return track, pygame.Rect(track.x, track.y + top_y, BAR_W, thumb_h)

    def scroll_to_bar(self, thumb_top: int) -> None:
        track, thumb = self.bar_rects()
        room = max(1, track.h - thumb.h)
        self.first = max(0, min(self.max_top, round((thumb_top - track.y) / room * self.max_top)))

    # --- events -------------------------------------------------------------------------
    def close(self) -> None:
        self.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        # the scroll keys scroll the page here (the focus ring would take Up/Down)
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.page(),
                     pygame.K_PAGEDOWN: self.page(), pygame.K_HOME: -len(self.lines), pygame.K_END: len(self.lines)}
            if event.key in steps:
                self.scroll(steps[event.key])
                return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y * WHEEL_LINES)
            return True
        if self.scroll_bar_event(event):
            return True
        return super().handle_event(event)

    def scroll_bar_event(self, event: pygame.event.Event) -> bool:
        """Drag the thumb; a click on the track pages towards the click."""
        bars = self.bar_rects()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and bars is not None:
            track, thumb = bars
            if thumb.inflate(8, 0).collidepoint(event.pos):
                self.dragging = event.pos[1] - thumb.top
                return True
            if track.inflate(8, 0).collidepoint(event.pos):
                self.scroll(self.page() if event.pos[1] > thumb.centery else -self.page())
                return True
        elif event.type == pygame.MOUSEMOTION and self.dragging is not None and bars is not None:
            self.scroll_to_bar(event.pos[1] - self.dragging)
            return True
        elif event.type == pygame.MOUSEBUTTONUP and self.dragging is not None:
            self.dragging = None
            return True
        return False

    def on_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_F1):
            self.close()
            return True
        return False

    # --- drawing ------------------------------------------------------------------------
    def draw_scene(self, surface: pygame.Surface) -> None:
        if self._laid_out_at != theme.text_scale:
            self.relayout()
        draw.panel(surface, BOX, theme.PANEL, edge=None, radius=6)
        pygame.draw.rect(surface, theme.PANEL_EDGE, BOX, 1, border_radius=6)
        view = self.view
        y0 = self.lines[self.first].y if self.lines else 0
        for line in self.visible_lines():
            y = view.y + line.y - y0
            colour = getattr(theme, line.colour)
            if line.mark:
                theme.draw_text(surface, line.mark, (view.x + line.x - round(8 * theme.text_scale), y), line.size,
                                colour, anchor="topright")
            theme.draw_text(surface, line.text, (view.x + line.x, y), line.size, colour, line.bold)
        bars = self.bar_rects()
        if bars is not None:
            track, thumb = bars
            pygame.draw.rect(surface, theme.TABLE_DARK, track, border_radius=BAR_W // 2)
            pygame.draw.rect(surface, theme.SKY if self.dragging is not None else theme.PANEL_EDGE, thumb,
                             border_radius=BAR_W // 2)

    def title(self) -> str:
        return game_info(self.game).title
