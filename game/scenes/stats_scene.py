"""Statistics: per game and opponent level, games, wins, losses, streaks and best
scores, with small bar charts drawn in code; puzzle stars at the bottom."""

from __future__ import annotations

import pygame

from game import storage
from game.i18n import tr
from game.rules import CATALOG
from game.scenes.base import AppScene, heading
from game.stats import LEVEL_ORDER, LOWER_IS_BETTER
from game.ui import draw, theme

LEVEL_NAMES = {"ai:easy": "vs AI (easy)", "ai:normal": "vs AI (normal)", "ai:hard": "vs AI (hard)",
               "random": "vs AI (random)", "greedy": "vs AI (greedy)", "friends": "pass and play"}
BAR_W = 300


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


class StatsScene(AppScene):
    def enter(self) -> None:
        self.stats, problem = storage.load_stats(self.app.dirs)
        self.progress, _ = storage.load_progress(self.app.dirs)
        if problem:
            self.show_toast(problem, 6)
        self.button(tr("Back"), (1080, 650, 160, 44), self.close, object_id="#primary")
        self.focus.index = 0
        self.focus.visible = True

    def close(self) -> None:
        self.stack.pop()

    def on_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        return False

    def draw_scene(self, surface: pygame.Surface) -> None:
        heading(surface, tr("Statistics"), 20)
        y = 84
        for info in CATALOG:
            levels = self.stats.games.get(info.name, {})
            theme.draw_text(surface, tr(info.title), (60, y), 20, bold=True)
            if not levels:
                theme.draw_text(surface, tr("no finished games yet"), (300, y + 4), 15, theme.TEXT_DIM)
                y += 34
                continue
            y += 30
            order = sorted(levels, key=lambda lvl: LEVEL_ORDER.index(lvl) if lvl in LEVEL_ORDER else 99)
            for level in order:
                line = levels[level]
                theme.draw_text(surface, tr(LEVEL_NAMES.get(level, level)), (80, y), 15, theme.TEXT_DIM)
                result_bar(surface, pygame.Rect(250, y + 2, BAR_W, 16), line.wins, line.draws, line.losses)
                best = "-" if line.best_score is None else f"{line.best_score:g}"
                lower = tr(" (lower is better)") if info.name in LOWER_IS_BETTER else ""
                text = tr("{p} played: {w} won, {d} shared, {l} lost; streak {s} (best {b}); best score {bs}{lower}",
                          p=line.played, w=line.wins, d=line.draws, l=line.losses, s=line.streak, b=line.best_streak,
                          bs=best, lower=lower)
                theme.draw_text(surface, text, (BAR_W + 270, y), 14, theme.TEXT)
                y += 24
            y += 8
        stars = sum(self.progress.values())
        theme.draw_text(surface, tr("Cube puzzle stars: {n}", n=stars), (60, 660), 18, theme.YELLOW, bold=True)
        for i in range(min(stars, 24)):
            draw.marker(surface, "star", (300 + i * 22, 672), 8, theme.YELLOW)
        self.legend(surface)

    def legend(self, surface: pygame.Surface) -> None:
        x = 60
        for label, counts in ((tr("won"), (1, 0, 0)), (tr("shared"), (0, 1, 0)), (tr("lost"), (0, 0, 1))):
            result_bar(surface, pygame.Rect(x, 624, 20, 14), *counts)
            theme.draw_text(surface, label, (x + 26, 622), 14, theme.TEXT_DIM)
            x += 110
