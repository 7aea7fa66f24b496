"""Playing cards drawn in code: suits are vector shapes, never font glyphs.

Faces are painted supersampled once per (card, size, palette) and cached, so a frame
only blits. Court cards carry a crown (they can break); wild cards carry a star badge.
"""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.draw import star_points, supersampled
from game.ui.surface_cache import SurfaceCache

RANK_LABEL = {"T": "10"}
COURTS = {"J", "Q", "K"}
_cache = SurfaceCache(6_000_000)  # card faces at every size in use, least recently used dropped first


def suit_shape(surface: pygame.Surface, suit: str, cx: float, cy: float, s: float,
               colour: tuple[int, int, int]) -> None:
    """Draw one suit symbol of about s x s pixels centred on (cx, cy)."""
    if suit == "D":
        pts = [(cx, cy - 0.5 * s), (cx + 0.36 * s, cy), (cx, cy + 0.5 * s), (cx - 0.36 * s, cy)]
        pygame.draw.polygon(surface, colour, pts)
    elif suit == "H":
        r = 0.26 * s
        pygame.draw.circle(surface, colour, (cx - 0.22 * s, cy - 0.16 * s), r)
        pygame.draw.circle(surface, colour, (cx + 0.22 * s, cy - 0.16 * s), r)
        pygame.draw.polygon(surface, colour, [(cx - 0.47 * s, cy - 0.08 * s), (cx + 0.47 * s, cy - 0.08 * s),
                                              (cx, cy + 0.48 * s)])
    elif suit == "S":
        r = 0.25 * s
        pygame.draw.circle(surface, colour, (cx - 0.21 * s, cy + 0.08 * s), r)
        pygame.draw.circle(surface, colour, (cx + 0.21 * s, cy + 0.08 * s), r)
        pygame.draw.polygon(surface, colour, [(cx - 0.45 * s, cy + 0.02 * s), (cx + 0.45 * s, cy + 0.02 * s),
                                              (cx, cy - 0.5 * s)])
        pygame.draw.polygon(surface, colour, [(cx, cy + 0.1 * s), (cx - 0.18 * s, cy + 0.5 * s),
                                              (cx + 0.18 * s, cy + 0.5 * s)])
    elif suit == "C":
        r = 0.21 * s
        pygame.draw.circle(surface, colour, (cx, cy - 0.24 * s), r)
        pygame.draw.circle(surface, colour, (cx - 0.24 * s, cy + 0.1 * s), r)
        pygame.draw.circle(surface, colour, (cx + 0.24 * s, cy + 0.1 * s), r)
        pygame.draw.circle(surface, colour, (cx, cy + 0.02 * s), r * 0.6)
        pygame.draw.polygon(surface, colour, [(cx, cy), (cx - 0.17 * s, cy + 0.5 * s),
                                              (cx + 0.17 * s, cy + 0.5 * s)])


def _crown(surface: pygame.Surface, cx: float, cy: float, w: float, colour: tuple[int, int, int]) -> None:
    h = w * 0.55
    pts = [(cx - w / 2, cy + h / 2), (cx - w / 2, cy - h / 2), (cx - w / 4, cy), (cx, cy - h / 2),
           (cx + w / 4, cy), (cx + w / 2, cy - h / 2), (cx + w / 2, cy + h / 2)]
    pygame.draw.polygon(surface, colour, pts)


def suit_colour(suit: str, four_colour: bool) -> tuple[int, int, int]:
    return (theme.SUIT_COLOURS_4 if four_colour else theme.SUIT_COLOURS_2)[suit]


def rank_colour(suit: str, four_colour: bool) -> tuple[int, int, int]:
    """The colour of the rank letters in a card's corners (see theme.SUIT_INK_4)."""
    return (theme.SUIT_INK_4 if four_colour else theme.SUIT_COLOURS_2)[suit]


RANK_MIN = 14  # a rank's letters are never smaller: 10.5 px in a 960 x 540 window, as the log's text


def rank_size(h: int) -> int:
    """The font size of the rank in the corner of a card ``h`` pixels tall."""
    return max(RANK_MIN, int(h * 0.17))


def index_left(w: int) -> int:
    """Where the corner index (rank, then suit) starts, from the card's left edge."""
    return max(3, int(w * 0.07))


def index_middle(h: int) -> float:
    """The corner index's middle, from the card's top: lower on a small card, whose rank is
    large for it, so the letters stay on the card."""
    return max(h * 0.115, rank_size(h) * 0.55)


def index_pip(label: str, size: tuple[int, int]) -> tuple[float, float]:
    """The corner index's suit: (its size, its centre's x) right of the rank ``label``."""
    w, h = size
    label_size = rank_size(h)
    pip = max(h * 0.13, label_size * 0.6)  # a small card's suit as big as its rank needs
    return pip, index_left(w) + theme.font(label_size, True).size(label)[0] + pip * 0.55


def index_right(label: str, size: tuple[int, int]) -> float:
    """Where the corner index (rank, then suit) ends, from the card's left edge: a card
    laid over this one at least this far to the right leaves both in sight."""
    pip, pip_x = index_pip(label, size)
    return pip_x + pip / 2


def card_face(code: str, size: tuple[int, int], four_colour: bool = True, wild: bool = False) -> pygame.Surface:
    key = ("face", code, size, four_colour, wild)
    surf = _cache.get(key)
    if surf is not None:
        return surf
    w, h = size
    label = RANK_LABEL.get(code[0], code[0])
    label_size = rank_size(h)
    text_left = index_left(w)
    index_y = index_middle(h)
    pip, pip_x = index_pip(label, size)

    def paint(big: pygame.Surface, k: int) -> None:
        rect = big.get_rect()
        radius = max(2, int(w * 0.09 * k))
        pygame.draw.rect(big, theme.CARD_FACE, rect, border_radius=radius)
        pygame.draw.rect(big, theme.CARD_EDGE, rect, max(1, k), border_radius=radius)
        if code == "JK":
            star = star_points(rect.centerx, h * 0.44 * k, w * 0.3 * k)  # "JOKER" goes under it
            pygame.draw.polygon(big, theme.PURPLE, star)
            pygame.draw.polygon(big, theme.BLACK, star, k)
            # corner stars where other cards show rank and suit: a joker fanned in a stack or
            # a sequence still shows what it is
            for cx, cy in ((w * 0.17, h * 0.12), (w * 0.83, h * 0.88)):
                pygame.draw.polygon(big, theme.PURPLE, star_points(cx * k, cy * k, max(3.0, w * 0.13) * k))
            return
        suit = code[1]
        colour = suit_colour(suit, four_colour)
        # centre symbol (court cards: crown above a smaller suit)
        if code[0] in COURTS:
            inner = rect.inflate(-w * 0.40 * k, -h * 0.38 * k)
            tint = tuple(int(c * 0.15 + f * 0.85) for c, f in zip(colour, theme.CARD_FACE, strict=True))
            pygame.draw.rect(big, tint, inner, border_radius=radius)
            pygame.draw.rect(big, colour, inner, max(1, k), border_radius=radius)
            _crown(big, rect.centerx, rect.centery - h * 0.09 * k, w * 0.34 * k, theme.ORANGE)
            suit_shape(big, suit, rect.centerx, rect.centery + h * 0.1 * k, w * 0.26 * k, colour)
        else:
            suit_shape(big, suit, rect.centerx, rect.centery + h * 0.06 * k, w * 0.46 * k, colour)
        # corner index: rank then suit side by side, so an overlapped card still shows both
        # (the rank letters are added at real size, below)
        suit_shape(big, suit, pip_x * k, index_y * k, pip * k, colour)
        suit_shape(big, suit, (w - pip_x) * k, (h - index_y) * k, pip * k, colour)
        if wild:
            pygame.draw.polygon(big, theme.PURPLE, star_points((w - w * 0.15) * k, h * 0.11 * k, w * 0.11 * k))

    surf = supersampled(size, paint)
    if code != "JK":
        txt = theme.render(label, label_size, rank_colour(code[1], four_colour), bold=True)
        surf.blit(txt, txt.get_rect(midleft=(text_left, int(index_y))))
        txt2 = pygame.transform.rotate(txt, 180)
        surf.blit(txt2, txt2.get_rect(midright=(w - text_left, h - int(index_y))))
    else:
        txt = theme.render("JOKER", max(8, int(h * 0.11)), theme.BLACK, bold=True)
        surf.blit(txt, txt.get_rect(midtop=(w // 2, int(h * 0.44 + w * 0.3) + 1)))
    _cache[key] = surf
    return surf


def card_back(size: tuple[int, int]) -> pygame.Surface:
    key = ("back", size)
    surf = _cache.get(key)
    if surf is not None:
        return surf
    w, _h = size

    def paint(big: pygame.Surface, k: int) -> None:
        rect = big.get_rect()
        radius = max(2, int(w * 0.09 * k))
        pygame.draw.rect(big, theme.CARD_FACE, rect, border_radius=radius)
        inner = rect.inflate(-w * 0.12 * k, -w * 0.12 * k)
        pygame.draw.rect(big, theme.CARD_BACK, inner, border_radius=radius)
        clip = big.get_clip()
        big.set_clip(inner)
        step = int(w * 0.14 * k)
        for x in range(inner.left - inner.height, inner.right, step):
            pygame.draw.line(big, theme.CARD_BACK_ALT, (x, inner.bottom), (x + inner.height, inner.top), k * 2)
        big.set_clip(clip)
        # the Breakbox mark: a square cracked by a zigzag
        cx, cy, s = inner.centerx, inner.centery, w * 0.3 * k
        box = pygame.Rect(0, 0, s, s)
        box.center = (cx, cy)
        pygame.draw.rect(big, theme.CARD_FACE, box, max(1, k * 2), border_radius=int(s * 0.15))
        pygame.draw.lines(big, theme.ORANGE, False, [(box.left, box.top + s * 0.45), (cx - s * 0.12, cy - s * 0.1),
                                                     (cx + s * 0.1, cy + s * 0.12), (box.right, box.top + s * 0.55)],
                          max(1, k * 2))
        pygame.draw.rect(big, theme.CARD_EDGE, rect, max(1, k), border_radius=radius)

    surf = supersampled(size, paint)
    _cache[key] = surf
    return surf


def empty_slot(size: tuple[int, int], colour: tuple[int, int, int] | None = None) -> pygame.Surface:
    colour = colour or theme.TEXT_DIM  # read now: high contrast changes it
    key = ("empty", size, colour)
    surf = _cache.get(key)
    if surf is None:
        surf = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(surf, (*colour, 60), surf.get_rect(), 2, border_radius=max(2, int(size[0] * 0.09)))
        _cache[key] = surf
    return surf


def reset_caches() -> None:
    _cache.clear()
