"""A small drawn icon for each Circuit Breaker appliance type (1-12), never a glyph.

Types follow levels/circuit_breaker.toml; icons are keyed by type number so renamed
types keep their pictures."""

from __future__ import annotations

import math

import pygame


def draw_appliance(surface: pygame.Surface, kind: int, centre: tuple[float, float], size: float,
                   ink: tuple[int, int, int]) -> None:
    cx, cy = centre
    r = size / 2
    w = max(2, int(size / 14))
    rect = pygame.Rect(0, 0, 0, 0)
    if kind == 1:    # bubble maker: three bubbles
        for dx, dy, k in ((-0.35, 0.2, 0.32), (0.25, -0.2, 0.42), (0.4, 0.45, 0.2)):
            pygame.draw.circle(surface, ink, (cx + dx * r, cy + dy * r), k * r, w)
    elif kind == 2:  # gumball machine: globe on a stand
        pygame.draw.circle(surface, ink, (cx, cy - r * 0.25), r * 0.55, w)
        pygame.draw.rect(surface, ink, pygame.Rect(cx - r * 0.35, cy + r * 0.3, r * 0.7, r * 0.55))
        for dx, dy in ((-0.2, -0.35), (0.15, -0.1), (0.05, -0.45)):
            pygame.draw.circle(surface, ink, (cx + dx * r, cy + dy * r), r * 0.09)
    elif kind == 3:  # jukebox: arched box with a record
        rect = pygame.Rect(cx - r * 0.6, cy - r * 0.5, r * 1.2, r * 1.3)
        pygame.draw.rect(surface, ink, rect, w, border_top_left_radius=int(r * 0.6),
                         border_top_right_radius=int(r * 0.6))
        pygame.draw.circle(surface, ink, (cx, cy + r * 0.1), r * 0.3, w)
    elif kind == 4:  # popcorn popper: a heap of popped kernels spilling over a short striped tub
        tub = [(cx - r * 0.5, cy + r * 0.15), (cx + r * 0.5, cy + r * 0.15),
               (cx + r * 0.35, cy + r * 0.85), (cx - r * 0.35, cy + r * 0.85)]
        pygame.draw.polygon(surface, ink, tub, w)
        for dx in (-0.15, 0.15):
            pygame.draw.line(surface, ink, (cx + dx * r, cy + r * 0.15), (cx + dx * r * 0.8, cy + r * 0.85), 1)
        # the heap is wider than the tub and solid: the silhouette is a cloud, not a cup
        for dx, dy, k in ((-0.5, -0.05, 0.25), (0.5, -0.05, 0.25), (-0.22, -0.3, 0.3), (0.22, -0.3, 0.3),
                          (0.0, -0.6, 0.27)):
            pygame.draw.circle(surface, ink, (cx + dx * r, cy + dy * r), k * r)
    elif kind == 5:  # lava lamp: tapered lamp with blobs
        pygame.draw.polygon(surface, ink, [(cx - r * 0.2, cy - r * 0.8), (cx + r * 0.2, cy - r * 0.8),
                                           (cx + r * 0.45, cy + r * 0.6), (cx - r * 0.45, cy + r * 0.6)], w)
        pygame.draw.circle(surface, ink, (cx, cy - r * 0.1), r * 0.14)
        pygame.draw.circle(surface, ink, (cx + r * 0.1, cy + r * 0.3), r * 0.12)
    elif kind == 6:  # disco ball: a solid ball on a string, throwing sparkles all round (a gridded
        # circle read as the waffle iron's grid at pile size: now solid and round against its open square)
        pygame.draw.line(surface, ink, (cx, cy - r), (cx, cy - r * 0.4), max(1, w // 2))
        pygame.draw.circle(surface, ink, (cx, cy + r * 0.1), r * 0.45)
        for k in range(8):
            a = math.pi / 8 + k * math.pi / 4
            if math.sin(a) < -0.5:   # the two rays under the string would hide it
                continue
            x, y = math.cos(a), math.sin(a)
            pygame.draw.line(surface, ink, (cx + x * r * 0.62, cy + r * 0.1 + y * r * 0.62),
                             (cx + x * r * 0.92, cy + r * 0.1 + y * r * 0.92), max(1, w // 2) + 1)
    elif kind == 7:  # fog machine: box with a cloud
        pygame.draw.rect(surface, ink, pygame.Rect(cx - r * 0.7, cy + r * 0.1, r * 0.8, r * 0.6), w)
        for dx, dy, k in ((0.25, -0.3, 0.3), (0.55, -0.1, 0.22), (0.0, -0.5, 0.22)):
            pygame.draw.circle(surface, ink, (cx + dx * r, cy + dy * r), k * r, w)
    elif kind == 8:  # karaoke machine: microphone
        pygame.draw.circle(surface, ink, (cx, cy - r * 0.4), r * 0.32)
        pygame.draw.line(surface, ink, (cx, cy - r * 0.1), (cx, cy + r * 0.8), w + 1)
        pygame.draw.arc(surface, ink, pygame.Rect(cx - r * 0.5, cy - r * 0.7, r, r * 1.1), math.pi, 2 * math.pi, w)
    elif kind == 9:  # slushie maker: a tall narrow cup, domed lid and a bent straw standing high
        pygame.draw.polygon(surface, ink, [(cx - r * 0.32, cy - r * 0.15), (cx + r * 0.32, cy - r * 0.15),
                                           (cx + r * 0.2, cy + r * 0.9), (cx - r * 0.2, cy + r * 0.9)], w)
        pygame.draw.arc(surface, ink, pygame.Rect(cx - r * 0.38, cy - r * 0.5, r * 0.76, r * 0.7), 0, math.pi, w)
        pygame.draw.lines(surface, ink, False, [(cx + r * 0.05, cy - r * 0.45), (cx + r * 0.05, cy - r * 0.95),
                                                (cx + r * 0.45, cy - r * 0.95)], w)
    elif kind == 10:  # cotton candy: cone and fluff
        pygame.draw.polygon(surface, ink, [(cx - r * 0.25, cy), (cx + r * 0.25, cy), (cx, cy + r * 0.9)])
        pygame.draw.circle(surface, ink, (cx, cy - r * 0.3), r * 0.45, w)
    elif kind == 11:  # neon sign: a lit zigzag
        pygame.draw.lines(surface, ink, False, [(cx - r * 0.7, cy + r * 0.3), (cx - r * 0.3, cy - r * 0.4),
                                                (cx + r * 0.1, cy + r * 0.3), (cx + r * 0.5, cy - r * 0.4),
                                                (cx + r * 0.7, cy - r * 0.1)], w + 1)
    else:            # waffle iron: an open square grid with a handle out to the side
        rect = pygame.Rect(cx - r * 0.75, cy - r * 0.55, r * 1.1, r * 1.1)
        pygame.draw.rect(surface, ink, rect, w, border_radius=int(r * 0.1))
        for k in (1, 2):
            x = rect.x + rect.w * k / 3
            y = rect.y + rect.h * k / 3
            pygame.draw.line(surface, ink, (x, rect.top), (x, rect.bottom), 1)
            pygame.draw.line(surface, ink, (rect.left, y), (rect.right, y), 1)
        pygame.draw.line(surface, ink, (rect.right, rect.centery), (cx + r * 0.95, rect.centery), w + 1)
