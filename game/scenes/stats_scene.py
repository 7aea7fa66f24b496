"""Statistics: per game and opponent level, games, wins, losses, streaks and best
scores, with small bar charts drawn in code; puzzle stars at the bottom. The list scrolls
(wheel, Up/Down, PgUp/PgDn, Home/End) once it is longer than the screen."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game import storage
from game.i18n import number, tr, tr_message
from game.rules import CATALOG
from game.scenes.base import AppScene, back_to_title_tip, heading
from game.stats import LEVEL_ORDER, LOWER_IS_BETTER, Stats
from game.ui import draw, theme

LEVEL_NAMES = {"ai:easy": "vs AI (easy)", "ai:normal": "vs AI (normal)", "ai:hard": "vs AI (hard)",
               "random": "vs AI (random)", "greedy": "vs AI (greedy)", "friends": "pass and play"}
NAME_X, NAME_W = 80, 184  # the level column: "Weitergeben und spielen" fits at its size
BAR_X, BAR_W = NAME_X + NAME_W + 8, 178  # the bar still ends 20 px before the text at TEXT_X
LEGEND_GAP = 28  # between one legend label and the next swatch, whatever the label's length


def result_bar(surface: pygame.Surface, rect: pygame.Rect, wins: int, draws: int, losses: int) -> None:
    """Wins, draws, losses as one stacked bar; each part has its own texture too."""
    total = max(1, wins + draws + losses)
    pygame.draw.rect(surface, theme.TABLE_DARK, rect)
    x = rect.x
    for count, colour, mark in ((wins, theme.GREEN, "solid"), (draws, theme.YELLOW, "dots"),
                                (losses, theme.VERMILLION, "stripes")):
        w = round(rect.w * count / total)
        if w <= 0:
            continue
        part = pygame.Rect(x, rect.y, w, rect.h)
        pygame.draw.rect(surface, colour, part)
        if mark == "stripes":
            for sx in range(part.left - part.h, part.right, 6):
                pygame.draw.line(surface, theme.BLACK, (max(part.left, sx), part.bottom),
                                 (min(part.right, sx + part.h), part.top), 1)
        elif mark == "dots":
            for dx in range(part.left + 3, part.right, 6):
                pygame.draw.circle(surface, theme.BLACK, (dx, part.centery), 1)
        x += w
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1)


@dataclass(frozen=True)
class Row:
    """One line of the list: a game's title, its "nothing yet" note, or one opponent level."""
    kind: str  # "title", "empty" or "level"
    game: str
    level: str = ""
    gap: int = 0  # space after the row: the last level of a game

    @property
    def height(self) -> int:
        return {"title": 30, "empty": 34, "level": 24}[self.kind] + self.gap


VIEW = pygame.Rect(40, 80, 1200, 530)  # the scrolling list, above the legend and the stars
TEXT_X = 470


class StatsScene(AppScene):
    def enter(self) -> None:
        self.unreadable = False  # a newer Breakbox's statistics: kept, but not shown here
        try:
            self.stats, problem = storage.load_stats(self.app.dirs)
        except storage.NewerFileError as exc:
            self.stats, problem, self.unreadable = Stats(), f"Statistics not shown: {exc}", True
        # a damaged puzzles.json is moved aside here as on the puzzle list: said here too, or
        # the stars line drops to 0 unexplained
        self.progress, progress_problem = storage.load_progress(self.app.dirs)
        notes = [n for n in (problem, progress_problem) if n]
        if notes:  # each translated on its own: joined, no message template matches them
            self.show_toast(" ".join(tr_message(n) for n in notes), 8)
        self.rows = self.build_rows()
        self.first = 0  # index of the first row shown; the list scrolls by whole rows
        self.button(tr("Back"), (1080, 650, 160, 44), self.close, object_id="#primary", tooltip=back_to_title_tip())
        self.focus.index = 0
        self.focus.visible = True

    def build_rows(self) -> list[Row]:
        rows: list[Row] = []
        for info in CATALOG:
            levels = self.stats.games.get(info.name, {})
            if not levels:
                rows.append(Row("empty", info.name))
                continue
            rows.append(Row("title", info.name))
            order = sorted(levels, key=lambda lvl: LEVEL_ORDER.index(lvl) if lvl in LEVEL_ORDER else 99)
            rows += [Row("level", info.name, level, 8 if i == len(order) - 1 else 0) for i, level in enumerate(order)]
        return rows

    @property
    def max_first(self) -> int:
        """The first row when scrolled to the end: the last row just fits."""
        room, i = VIEW.h, len(self.rows)
        while i > 0 and room >= self.rows[i - 1].height:
            room -= self.rows[i - 1].height
            i -= 1
        return i

    def scroll(self, rows: int) -> None:
        self.first = max(0, min(self.max_first, self.first + rows))

    def close(self) -> None:
        self.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        # one button only: Up/Down scroll the table instead of moving the focus ring
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            return self.on_event(event)
        return super().handle_event(event)

    def on_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-3 * event.y)
            return True
        if event.type != pygame.KEYDOWN:
            return False
        steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -10, pygame.K_PAGEDOWN: 10,
                 pygame.K_HOME: -len(self.rows), pygame.K_END: len(self.rows)}
        if event.key == pygame.K_ESCAPE:
            self.close()
            return True
        if event.key in steps:
            self.scroll(steps[event.key])
            return True
        return False

    def draw_scene(self, surface: pygame.Surface) -> None:
        heading(surface, tr("Statistics"), 20)
        titles = {info.name: info.title for info in CATALOG}
        y = VIEW.y + 4
        for row in self.rows[self.first:]:
            if y + row.height > VIEW.bottom:
                break
            if row.kind == "level":
                self.draw_level(surface, row, y)
            else:
                theme.draw_text(surface, tr(titles[row.game]), (60, y), 20, bold=True)
                if row.kind == "empty":
                    empty = tr("not shown: saved by a newer Breakbox") if self.unreadable else \
                        tr("no games counted yet")
                    theme.draw_text(surface, empty, (300, y + 4), 15, theme.TEXT_DIM)
            y += row.height
        self.draw_scroll_bar(surface)
        stars = sum(self.progress.values())
        label = theme.draw_text(surface, tr("Cube puzzle stars: {n}", n=stars), (60, 660), 18, theme.YELLOW,
                                bold=True)
        left = max(300, label.right + 20)  # after the label: a longer translation hid the number under a star
        for i in range(min(stars, 24)):
            draw.marker(surface, "star", (left + i * 22, 672), 8, theme.YELLOW)
        self.legend(surface)

    def draw_level(self, surface: pygame.Surface, row: Row, y: int) -> None:
        line = self.stats.games[row.game][row.level]
        theme.draw_text(surface, tr(LEVEL_NAMES.get(row.level, row.level)), (NAME_X, y), 15, theme.TEXT_DIM,
                        max_width=NAME_W)
        result_bar(surface, pygame.Rect(BAR_X, y + 2, BAR_W, 16), line.wins, line.draws, line.losses)
        best = "-" if line.best_score is None else number(line.best_score)
        lower = tr(" (lower is better)") if row.game in LOWER_IS_BETTER else ""
        text = tr("{p} played: {w} won, {d} shared, {l} lost; streak {s} (best {b}); best score {bs}{lower}",
                  p=line.played, w=line.wins, d=line.draws, l=line.losses, s=line.streak, b=line.best_streak,
                  bs=best, lower=lower)
        theme.draw_text(surface, text, (TEXT_X, y), 14, theme.TEXT, max_width=VIEW.right - TEXT_X)

    def draw_scroll_bar(self, surface: pygame.Surface) -> None:
        """Shown only when the list is longer than its room: where the view is in it."""
        if self.max_first == 0:
            return
        track = pygame.Rect(VIEW.right + 12, VIEW.y, 8, VIEW.h)
        pygame.draw.rect(surface, theme.TABLE_DARK, track, border_radius=4)
        thumb_h = max(24, track.h * VIEW.h // sum(r.height for r in self.rows))
        top = track.y + (track.h - thumb_h) * self.first // self.max_first
        pygame.draw.rect(surface, theme.PANEL_EDGE, (track.x, top, track.w, thumb_h), border_radius=4)

    def legend(self, surface: pygame.Surface) -> None:
        x = 60
        for label, counts in ((tr("won"), (1, 0, 0)), (tr("shared"), (0, 1, 0)), (tr("lost"), (0, 0, 1))):
            result_bar(surface, pygame.Rect(x, 624, 20, 14), *counts)
            shown = theme.draw_text(surface, label, (x + 26, 622), 14, theme.TEXT_DIM)
            x = shown.right + LEGEND_GAP
