"""The nine Blockers! board symbols as vector shapes (never font glyphs), plus the
per-colour patterns that make tiles distinguishable without colour."""

from __future__ import annotations

import math

import pygame

from game.ui.cards import suit_shape
from game.ui.draw import regular_polygon, star_points


def draw_symbol(surface: pygame.Surface, name: str, centre: tuple[float, float], size: float,
                colour: tuple[int, ...]) -> None:
    """One symbol about ``size`` pixels across, centred."""
    cx, cy = centre
    r = size / 2
    if name == "triangle":
        pygame.draw.polygon(surface, colour, regular_polygon(cx, cy + r * 0.15, r * 1.05, 3))
    elif name == "cross":
        w = r * 0.42
        pygame.draw.rect(surface, colour, pygame.Rect(cx - w / 2, cy - r, w, 2 * r))
        pygame.draw.rect(surface, colour, pygame.Rect(cx - r, cy - w / 2, 2 * r, w))
    elif name == "star":
        pygame.draw.polygon(surface, colour, star_points(cx, cy + r * 0.05, r * 1.05))
    elif name == "clover":
        suit_shape(surface, "C", cx, cy, size, colour)
    elif name == "circle":
        pygame.draw.circle(surface, colour, (cx, cy), r * 0.85)
    elif name == "diamond":
        suit_shape(surface, "D", cx, cy, size, colour)
    elif name == "moon":
        # a crescent: the outline of a circle minus an offset circle, as one polygon
        outer = [(cx + r * 0.9 * math.cos(a), cy + r * 0.9 * math.sin(a))
                 for a in (math.radians(d) for d in range(60, 301, 10))]
        inner = [(cx + r * 0.35 + r * 0.7 * math.cos(a), cy + r * 0.7 * math.sin(a))
                 for a in (math.radians(d) for d in range(255, 104, -10))]
        pygame.draw.polygon(surface, colour, outer + inner)
    elif name == "heart":
        suit_shape(surface, "H", cx, cy, size, colour)
    elif name == "square":
        pygame.draw.rect(surface, colour, pygame.Rect(cx - r * 0.78, cy - r * 0.78, r * 1.56, r * 1.56))
    elif name == "wild":
        pygame.draw.polygon(surface, colour, star_points(cx, cy, r * 1.05, points=8, inner=0.5))


PATTERNS = ("stripes", "dots", "rings", "plain", "grid")


def draw_pattern(surface: pygame.Surface, rect: pygame.Rect, pattern: str, colour: tuple[int, ...]) -> None:
    """A light texture over a tile so each player's colour also has its own mark."""
    clip = surface.get_clip()
    surface.set_clip(rect)
    step = max(6, rect.w // 6)
    if pattern == "stripes":
        for x in range(rect.left - rect.h, rect.right, step):
            pygame.draw.line(surface, colour, (x, rect.bottom), (x + rect.h, rect.top), 2)
    elif pattern == "dots":
        for y in range(rect.top + step // 2, rect.bottom, step):
            for x in range(rect.left + step // 2, rect.right, step):
                pygame.draw.circle(surface, colour, (x, y), max(1, step // 5))
    elif pattern == "rings":
        pygame.draw.rect(surface, colour, rect.inflate(-step, -step), 2)
    elif pattern == "grid":
        for x in range(rect.left, rect.right, step):
            pygame.draw.line(surface, colour, (x, rect.top), (x, rect.bottom), 1)
        for y in range(rect.top, rect.bottom, step):
            pygame.draw.line(surface, colour, (rect.left, y), (rect.right, y), 1)
    surface.set_clip(clip)
