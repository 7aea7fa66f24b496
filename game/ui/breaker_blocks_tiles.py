"""Breaker Blocks tiles drawn in code: interlocking pieces with a tab toward their
parent and notches for open sockets, a drawn icon per action type, and the owner's seat
shape in a corner so whose tile it is never rests on colour alone."""

from __future__ import annotations

import math

import pygame

from game.ui import draw, theme
from game.ui.surface_cache import SurfaceCache

OWNER = (theme.ORANGE, theme.SKY)
# three letters each: "AUTO" was 35 px wide at the least readable size, a board cell's width
ABBREV = {"accelerate": "ACC", "annihilate": "ANN", "agitate": "AGI", "authenticate": "ATH", "automate": "AUT",
          "attenuate": "ATT", "aggravate": "AGG"}
ICON_GAP = 2  # px between an action tile's icon and the owner's corner mark
ABBREV_SIZE = 12  # the least: at 8 px (a tile's quarter) it was 6 px in a 960 x 540 window
_tile_cache = SurfaceCache(4_000_000)


def side_point(rect: pygame.Rect, side: str) -> tuple[int, int]:
    return {"N": rect.midtop, "E": rect.midright, "S": rect.midbottom, "W": rect.midleft}[side]


def action_icon(surface: pygame.Surface, kind: str, centre: tuple[int, int], r: float,
                colour: tuple[int, int, int]) -> None:
    """A small drawn icon per action type (the text abbreviation sits beside it)."""
    cx, cy = centre
    if kind == "accelerate":   # double chevron
        for dx in (-r * 0.5, r * 0.2):
            pygame.draw.lines(surface, colour, False, [(cx + dx - r * 0.3, cy - r * 0.6), (cx + dx + r * 0.3, cy),
                                                       (cx + dx - r * 0.3, cy + r * 0.6)], 3)
    elif kind == "annihilate":  # a cross
        pygame.draw.line(surface, colour, (cx - r * 0.6, cy - r * 0.6), (cx + r * 0.6, cy + r * 0.6), 3)
        pygame.draw.line(surface, colour, (cx - r * 0.6, cy + r * 0.6), (cx + r * 0.6, cy - r * 0.6), 3)
    elif kind == "agitate":     # a zigzag
        pygame.draw.lines(surface, colour, False, [(cx - r * 0.7, cy), (cx - r * 0.35, cy - r * 0.5),
                                                   (cx, cy + r * 0.5), (cx + r * 0.35, cy - r * 0.5),
                                                   (cx + r * 0.7, cy)], 3)
    elif kind == "authenticate":  # a padlock
        pygame.draw.rect(surface, colour, pygame.Rect(cx - r * 0.5, cy - r * 0.1, r, r * 0.7))
        pygame.draw.arc(surface, colour, pygame.Rect(cx - r * 0.35, cy - r * 0.7, r * 0.7, r * 1.0), 0, math.pi, 3)
    elif kind == "automate":    # a cog
        for i in range(8):
            a = i * math.pi / 4
            pygame.draw.line(surface, colour, (cx, cy), (cx + r * 0.7 * math.cos(a), cy + r * 0.7 * math.sin(a)), 3)
        pygame.draw.circle(surface, colour, (cx, cy), r * 0.45)
    elif kind == "attenuate":   # a down arrow
        pygame.draw.line(surface, colour, (cx, cy - r * 0.6), (cx, cy + r * 0.5), 3)
        pygame.draw.polygon(surface, colour, [(cx - r * 0.4, cy + r * 0.1), (cx + r * 0.4, cy + r * 0.1),
                                              (cx, cy + r * 0.7)])
    elif kind == "aggravate":   # a warning triangle
        pygame.draw.polygon(surface, colour, [(cx, cy - r * 0.7), (cx + r * 0.7, cy + r * 0.55),
                                              (cx - r * 0.7, cy + r * 0.55)], 3)


def tile_image(kind: str, owner: int, from_side: str | None, holes: list[str], size: int,
               abbrev: bool = True) -> pygame.Surface:
    """A tile drawn as an interlocking piece: body, tab bump toward its parent, hole notches.
    An action tile shows its icon over its name cut short (ACC), or, ``abbrev`` False (a small
    icon with the whole name written beside it), its icon alone in the middle."""
    key = (kind, owner, from_side, tuple(holes), size, theme.TABLE_DARK, abbrev)  # notches show the table
    surf = _tile_cache.get(key)
    if surf is not None:
        return surf
    pad = size // 5
    surf = pygame.Surface((size + 2 * pad, size + 2 * pad), pygame.SRCALPHA)
    body = pygame.Rect(pad, pad, size, size)
    colour = OWNER[owner]
    power = kind.isdigit()
    fill = colour if power else (236, 232, 220)
    nub = max(4, size // 5)
    if from_side:  # the tab sticks out toward the parent; the body covers its outline's inner half
        pygame.draw.circle(surf, fill, side_point(body, from_side), nub)
        pygame.draw.circle(surf, theme.BLACK, side_point(body, from_side), nub, 1)
    pygame.draw.rect(surf, fill, body, border_radius=4)
    for side in holes:  # holes are notches cut into the body
        pygame.draw.circle(surf, theme.TABLE_DARK, side_point(body, side), nub)
    pygame.draw.rect(surf, theme.BLACK if power else colour, body, 2, border_radius=4)
    if power:
        txt = theme.render(kind, int(size * 0.55), theme.BLACK, bold=True)
        surf.blit(txt, txt.get_rect(center=body.center))
    # the owner's seat shape in a corner: whose tile it is never rests on colour alone
    # (the bottom corner when an action tile's name is on top, clear of its letters)
    named_on_top = abbrev and not power and "S" in holes
    mark = corner_mark(body, named_on_top)
    if abbrev and not power:
        abbrev_and_icon(surf, kind, body, colour, "S" in holes, nub, mark, "E" in holes)
    elif not power:
        action_icon(surf, kind, body.center, size * 0.32, colour)
    draw.marker(surf, theme.seat_shape(owner), mark.center, mark_radius(size),
                theme.CARD_FACE if power else colour, theme.BLACK)
    _tile_cache[key] = surf
    return surf


def mark_radius(size: int) -> float:
    """The size of the owner's corner mark on a tile ``size`` px wide (draw.marker's r)."""
    return max(3.0, size * 0.11)


def corner_mark(body: pygame.Rect, bottom: bool) -> pygame.Rect:
    """Where the owner's mark goes: snug in the body's top-left corner inside its 2 px edge,
    or the bottom-left one (``bottom``). Its box reaches as far as any seat shape does
    (draw.marker: at most 1.25 r from the centre, and the 2 px outline)."""
    r = mark_radius(body.w)
    reach = math.ceil(1.25 * r) + 1
    box = pygame.Rect(0, 0, 2 * reach, 2 * reach)
    box.topleft = (body.x + 1, body.y + 1) if not bottom else (body.x + 1, body.bottom - 1 - 2 * reach)
    return box


def abbrev_and_icon(surf: pygame.Surface, kind: str, body: pygame.Rect, colour: tuple[int, int, int],
                    hole_below: bool, nub: int, mark: pygame.Rect | None = None, hole_right: bool = False) -> None:
    """An action tile's name cut short under its icon, or over it when the tile has a hole
    in its bottom side (``hole_below``): the notch would cut the letters. The icon keeps
    clear of the notch (``nub`` deep) on the other side."""
    size = max(ABBREV_SIZE, int(body.h * 0.34))
    f = theme.font(size, bold=True)
    cap = f.metrics("A")[0][3]  # the capitals' height: place the letters, not the line's box
    room = body.h - 3 - cap - 2 - nub - 1  # the icon's height: between the letters and the notch
    cap_top = body.top + 3 if hole_below else body.bottom - 3 - cap
    # an icon reaches 0.7 r above and below its centre and 0.8 r to its left (Accelerate), 0.7 r
    # to its right; beside the owner's mark (seat 2's triangle touched it) it moves right, and
    # shrinks if it must, to keep ICON_GAP px from the mark, the edge and a notch on the right
    cx, r = float(body.centerx), room / 1.4
    if mark is not None:
        # the icon's 3 px strokes reach 2 px past those points
        left, right = mark.right + ICON_GAP + 2, body.right - ICON_GAP - 2 - (nub if hole_right else 2)
        r = min(r, (right - left) / 1.5)
        cx = min(right - 0.7 * r, max(cx, left + 0.8 * r))
    icon_y = body.bottom - nub - 1 - room / 2 if hole_below else body.top + nub + 1 + room / 2
    txt = theme.render(ABBREV.get(kind, kind[:3].upper()), size, theme.BLACK, bold=True)
    surf.blit(txt, txt.get_rect(centerx=body.centerx, top=cap_top - (f.get_ascent() - cap)))
    action_icon(surf, kind, (round(cx), round(icon_y)), r, colour)
