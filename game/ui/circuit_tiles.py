"""Circuit Breaker pieces drawn in code: wire and appliance tiles, the breaker box and
the mice. A connector's label is shown by ticks (1-3) or a ring (U) as well as by its
colour, and a mouse carries its seat's shape, so nothing rests on colour alone."""

from __future__ import annotations

import math

import pygame

from game.rules.circuit_breaker import helpers
from game.ui import draw, theme
from game.ui.appliance_icons import draw_appliance
from game.ui.surface_cache import SurfaceCache

LABEL_COLOURS = {"1": theme.ORANGE, "2": theme.SKY, "3": theme.GREEN, "U": theme.PURPLE}
SIDE_ORDER = ("N", "E", "S", "W")
_cache = SurfaceCache(6_000_000)


def edge_mark(surface: pygame.Surface, label: str, at: tuple[float, float], toward: tuple[float, float],
              size: float, tick_at: float = 0.4) -> None:
    """A connector: a coloured wire from the edge toward the centre, with 1-3 ticks or a
    ring for U so the label never depends on colour alone. ``tick_at``: how far along the
    wire the ticks sit (appliances keep them near the edge, clear of the icon's disc)."""
    colour = LABEL_COLOURS[label]
    width = max(3, int(size / 9))
    pygame.draw.line(surface, colour, at, toward, width)
    mx, my = (at[0] * (1 - tick_at) + toward[0] * tick_at), (at[1] * (1 - tick_at) + toward[1] * tick_at)
    dx, dy = toward[0] - at[0], toward[1] - at[1]
    length = math.hypot(dx, dy) or 1
    px, py = -dy / length * size * 0.12, dx / length * size * 0.12
    if label == "U":
        pygame.draw.circle(surface, theme.BLACK, (mx, my), size * 0.08, 2)
        return
    for k in range(int(label)):
        off = (k - (int(label) - 1) / 2) * size * 0.07
        ox, oy = dx / length * off, dy / length * off
        pygame.draw.line(surface, theme.BLACK, (mx + ox - px, my + oy - py), (mx + ox + px, my + oy + py), 2)


def tile_surface(tile: str, rot: int, size: int) -> pygame.Surface:
    """A wire or appliance tile at a rotation, drawn in code (walls thick and dark)."""
    key = (tile, rot, size)
    surf = _cache.get(key)
    if surf is not None:
        return surf
    info = helpers.tile_info(tile)
    edges = helpers.tile_edges(tile, rot)
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = surf.get_rect().inflate(-2, -2)
    appliance = info["kind"] == "appliance"
    pygame.draw.rect(surf, (250, 244, 226) if appliance else (214, 218, 210), rect, border_radius=size // 10)
    c = rect.center
    mids = {"N": rect.midtop, "E": rect.midright, "S": rect.midbottom, "W": rect.midleft}
    for side, label in zip(SIDE_ORDER, edges, strict=True):
        if label != "-":
            edge_mark(surf, label, mids[side], c, size, tick_at=0.22 if appliance else 0.4)
    if appliance:
        pygame.draw.circle(surf, (250, 244, 226), c, size * 0.3)
        draw_appliance(surf, info["type"], c, size * 0.5, theme.BLACK)
    elif edges.count("-") < 4:
        pygame.draw.circle(surf, (120, 120, 120), c, max(2, size // 12))
    for side, label in zip(SIDE_ORDER, edges, strict=True):
        if label == "-":  # walls
            a, b = {"N": (rect.topleft, rect.topright), "E": (rect.topright, rect.bottomright),
                    "S": (rect.bottomleft, rect.bottomright), "W": (rect.topleft, rect.bottomleft)}[side]
            pygame.draw.line(surf, (60, 56, 50), a, b, max(3, size // 12))
    pygame.draw.rect(surf, theme.BLACK, rect, 1, border_radius=size // 10)
    _cache[key] = surf
    return surf


def box_surface(edges: str, size: int) -> pygame.Surface:
    key = ("box", edges, size)
    surf = _cache.get(key)
    if surf is None:
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        rect = surf.get_rect().inflate(-2, -2)
        pygame.draw.rect(surf, (60, 60, 70), rect, border_radius=size // 10)
        mids = {"N": rect.midtop, "E": rect.midright, "S": rect.midbottom, "W": rect.midleft}
        for side, label in zip(SIDE_ORDER, edges, strict=True):
            edge_mark(surf, label, mids[side], rect.center, size)
        pygame.draw.rect(surf, theme.YELLOW, rect.inflate(-size // 2, -size // 2), 0, border_radius=3)
        _cache[key] = surf
    return surf


def mouse_icon(surface: pygame.Surface, centre: tuple[float, float], r: float, seat: int, tag: bool = True) -> None:
    """A mouse token: body, two ears and a tail in the owner's seat colour, with the seat's
    marker shape on its tail so whose mouse it is never depends on colour alone (``tag``
    False leaves the tag for ``mouse_tag``, drawn over mice that sit close together)."""
    cx, cy = centre
    colour = theme.seat_colour(seat)
    pygame.draw.ellipse(surface, colour, pygame.Rect(cx - r, cy - r * 0.6, 2 * r, 1.3 * r))
    pygame.draw.circle(surface, colour, (cx + r * 0.55, cy - r * 0.6), r * 0.38)
    pygame.draw.circle(surface, colour, (cx + r * 0.05, cy - r * 0.7), r * 0.38)
    pygame.draw.line(surface, colour, (cx - r, cy + r * 0.1), (cx - r * 1.6, cy - r * 0.4), 2)
    pygame.draw.ellipse(surface, theme.BLACK, pygame.Rect(cx - r, cy - r * 0.6, 2 * r, 1.3 * r), 2)
    pygame.draw.circle(surface, theme.BLACK, (cx + r * 0.6, cy - r * 0.1), max(1, r * 0.12))
    if tag:
        mouse_tag(surface, centre, r, seat)


def mouse_mark(surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
    """A mouse on a 14 px cell of a small house: the seat's marker shape in its colour, edged
    in black, filling ``rect`` (a mouse icon there covered several cells)."""
    r = rect.w * 0.32  # 8 to 12 px across with its edge, by shape
    draw.marker(surface, theme.seat_shape(seat), rect.center, r + 1.2, theme.BLACK, outline=None)
    draw.marker(surface, theme.seat_shape(seat), rect.center, r, theme.seat_colour(seat), outline=None)


def mouse_tag(surface: pygame.Surface, centre: tuple[float, float], r: float, seat: int) -> None:
    """The seat-shape tag at the end of a mouse's tail."""
    cx, cy = centre
    draw.marker(surface, theme.seat_shape(seat), (cx - r * 1.6, cy - r * 0.5), r * 0.5, theme.seat_colour(seat))
