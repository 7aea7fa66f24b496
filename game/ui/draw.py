"""Small vector drawing helpers: shapes, outlines, panels, markers.

Anti-aliasing: complex shapes are drawn 4x larger and smooth-scaled down once, then
cached by the caller (cards, icons), so frames only blit.
"""

from __future__ import annotations

import math

import pygame

from game.ui import theme

SUPERSAMPLE = 4


def regular_polygon(cx: float, cy: float, r: float, sides: int, rotation: float = -90.0) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(math.radians(rotation + i * 360 / sides)),
             cy + r * math.sin(math.radians(rotation + i * 360 / sides))) for i in range(sides)]


def star_points(cx: float, cy: float, r: float, points: int = 5, inner: float = 0.45) -> list[tuple[float, float]]:
    out = []
    for i in range(points * 2):
        rr = r if i % 2 == 0 else r * inner
        a = math.radians(-90 + i * 180 / points)
        out.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return out


def marker(surface: pygame.Surface, shape: str, centre: tuple[float, float], r: float,
           colour: tuple[int, int, int], outline: tuple[int, int, int] | None = theme.BLACK) -> None:
    """A seat marker: colour plus a distinct shape, so seats never rely on colour alone."""
    cx, cy = centre
    if shape == "circle":
        pygame.draw.circle(surface, colour, (cx, cy), r)
        if outline:
            pygame.draw.circle(surface, outline, (cx, cy), r, 2)
        return
    if shape == "square":
        pts = regular_polygon(cx, cy, r * 1.15, 4, rotation=-45)
    elif shape == "triangle":
        pts = regular_polygon(cx, cy + r * 0.15, r * 1.2, 3)
    elif shape == "diamond":
        pts = regular_polygon(cx, cy, r * 1.2, 4)
    else:
        pts = star_points(cx, cy, r * 1.25)
    pygame.draw.polygon(surface, colour, pts)
    if outline:
        pygame.draw.polygon(surface, outline, pts, 2)


_shades: dict[tuple[tuple[int, int], int], pygame.Surface] = {}


def shade(surface: pygame.Surface, alpha: int = 140) -> None:
    """Darken what is drawn so far (the screen under a dialog); each size's layer is made once,
    not every frame."""
    key = (surface.get_size(), alpha)
    layer = _shades.get(key)
    if layer is None:
        if len(_shades) > 8:  # window sizes come and go: keep only a few
            _shades.clear()
        layer = _shades[key] = pygame.Surface(key[0], pygame.SRCALPHA)
        layer.fill((0, 0, 0, alpha))
    surface.blit(layer, (0, 0))


def panel(surface: pygame.Surface, rect: pygame.Rect, fill: tuple[int, int, int] | None = None,
          edge: tuple[int, int, int] | bool | None = True, radius: int = 10, alpha: int = 255) -> None:
    """A filled box for text and pieces. ``fill`` defaults to theme.PANEL and ``edge`` (True)
    to theme.PANEL_EDGE, both read now so the high-contrast palette applies; edge None or
    False draws no outline."""
    fill = theme.PANEL if fill is None else fill
    edge = theme.PANEL_EDGE if edge is True else edge or None
    if theme.panel_recording is not None:
        theme.panel_recording.append((pygame.Rect(rect), len(theme.recording or ())))
    if alpha < 255:
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*fill, alpha), layer.get_rect(), border_radius=radius)
        surface.blit(layer, rect)
    else:
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if edge:
        pygame.draw.rect(surface, edge, rect, 1, border_radius=radius)


def glow(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int] = theme.GLOW,
         width: int = 3, radius: int = 10, pulse: float = 1.0, dots: bool = False) -> None:
    """A solid highlight ring (legal target). ``dots``: a landing dot on each corner too,
    where the ring sits beside a seat's outline of a colour that colour-blind eyes take
    for the glow's (Breaks: seat 1's orange beside yellow under deuteranopia)."""
    grow = int(2 + 2 * pulse)
    ring = rect.inflate(grow * 2, grow * 2)
    pygame.draw.rect(surface, colour, ring, width, border_radius=radius)
    if dots:
        corner_dots(surface, ring, radius)


def corner_dots(surface: pygame.Surface, ring: pygame.Rect, radius: int) -> None:
    """A small landing dot on each corner of a glowing outline (``radius``: its corners'): the
    shape that tells a glow from a seat's outline of a colour colour-blind eyes take for it."""
    inset = radius // 3  # on the rounded corner's curve, not off it
    for corner in (ring.topleft, ring.topright, ring.bottomleft, ring.bottomright):
        landing_dot(surface, (corner[0] + (inset if corner[0] == ring.left else -inset),
                              corner[1] + (inset if corner[1] == ring.top else -inset)), 3)


def landing_dot(surface: pygame.Surface, centre: tuple[int, int], r: int = 5) -> None:
    """A black dot ringed in white in the middle of a place a piece may go: the shape cue
    that sits with a glow, which on a pale board hardly shows without colour."""
    pygame.draw.circle(surface, (255, 255, 255), centre, r + 2)
    pygame.draw.circle(surface, theme.BLACK, centre, r)


def corner_brackets(surface: pygame.Surface, rect: pygame.Rect, length: int = 8) -> None:
    """A target reticle: four white corner brackets edged in black, readable on any colour
    (the shape cue for 'this can be targeted', beside any coloured ring)."""
    corners = (((rect.left, rect.top), (1, 1)), ((rect.right - 1, rect.top), (-1, 1)),
               ((rect.left, rect.bottom - 1), (1, -1)), ((rect.right - 1, rect.bottom - 1), (-1, -1)))
    for colour, width in ((theme.BLACK, 5), ((255, 255, 255), 2)):
        for (x, y), (dx, dy) in corners:
            pygame.draw.line(surface, colour, (x, y), (x + dx * length, y), width)
            pygame.draw.line(surface, colour, (x, y), (x, y + dy * length), width)


def hint_mark(surface: pygame.Surface, rect: pygame.Rect, phase: float, arrows: bool = True) -> None:
    """A suggested place, unmistakable on any colour and to any eye: a thick black band with
    a white stripe round ``rect`` and (``arrows``) a black arrow edged in white pointing in
    at each side, bobbing in and out with ``phase`` (0..1). No hue is needed to see it, so
    it keeps clear of every glow and tile colour under each colour blindness too."""
    pygame.draw.rect(surface, theme.BLACK, rect.inflate(12, 12), 6)
    pygame.draw.rect(surface, (255, 255, 255), rect.inflate(6, 6), 2)
    if not arrows:
        return
    gap = 8 + round(6 * phase)  # from the edge of ``rect`` to an arrow's tip, clear of the band
    for (dx, dy), (ex, ey) in (((0, -1), (rect.centerx, rect.top)), ((0, 1), (rect.centerx, rect.bottom - 1)),
                               ((-1, 0), (rect.left, rect.centery)), ((1, 0), (rect.right - 1, rect.centery))):
        tip = (ex + dx * gap, ey + dy * gap)
        base = (tip[0] + dx * 14, tip[1] + dy * 14)
        side = (dy * 10, dx * 10)  # across the arrow
        arrow = [tip, (base[0] + side[0], base[1] + side[1]), (base[0] - side[0], base[1] - side[1])]
        pygame.draw.polygon(surface, theme.BLACK, arrow)
        pygame.draw.polygon(surface, (255, 255, 255), arrow, 2)


def dashed_rect(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int],
                dash: int = 8, width: int = 2) -> None:
    """A dashed outline: the shape cue for 'selected' or 'empty slot', distinct from glow."""
    x0, y0, x1, y1 = rect.left, rect.top, rect.right - 1, rect.bottom - 1
    for a, b, horizontal in (((x0, y0), (x1, y0), True), ((x0, y1), (x1, y1), True),
                             ((x0, y0), (x0, y1), False), ((x1, y0), (x1, y1), False)):
        length = (b[0] - a[0]) if horizontal else (b[1] - a[1])
        for s in range(0, max(1, length), dash * 2):
            e = min(length, s + dash)
            if horizontal:
                pygame.draw.line(surface, colour, (a[0] + s, a[1]), (a[0] + e, a[1]), width)
            else:
                pygame.draw.line(surface, colour, (a[0], a[1] + s), (a[0], a[1] + e), width)


def spinner(surface: pygame.Surface, centre: tuple[int, int], r: int, t: float,
            colour: tuple[int, int, int] = theme.TEXT) -> None:
    """A 'thinking' indicator: dots chasing around a circle."""
    for i in range(8):
        a = t * 5 + i * math.tau / 8
        shade = 0.25 + 0.75 * (i / 7)
        c = tuple(int(v * shade) for v in colour)
        pygame.draw.circle(surface, c, (centre[0] + r * math.cos(a), centre[1] + r * math.sin(a)), max(2, r // 4))


def supersampled(size: tuple[int, int], paint) -> pygame.Surface:
    """Paint at SUPERSAMPLE x size on a transparent surface and scale down (anti-aliased)."""
    big = pygame.Surface((size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE), pygame.SRCALPHA)
    paint(big, SUPERSAMPLE)
    return pygame.transform.smoothscale(big, size)
