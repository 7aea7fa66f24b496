"""Sharp text in a window larger than the 1280x720 canvas.

Scenes draw on the fixed canvas, which ``Display.present`` scales into the window; scaled
text looks soft. So while the window is larger, every ``theme.draw_text`` on the canvas
is also noted here with the pixels behind it and the pixels it left. After the canvas
has been scaled into the window, each noted label whose canvas pixels are still exactly
what it left (nothing was drawn over it later: a dragged card, a dialog, a dimming
layer) is drawn again at the window's resolution over its own scaled background.
Labels that were covered (the pixels differ) keep the scaled look, so the stacking
order is always right. A label drawn centred in a box of its own (``room``: a button's
face) is redrawn centred in that box at the scaled size, so neighbouring buttons' labels
keep one size; other labels take the largest size that fits their scaled width.

Button labels and tooltips (game/ui/buttons.py) and the rules page are drawn with
draw_text too, so they are covered; the one pygame_gui widget that still renders its own
text is the seed entry on the setup screen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

# Below this window/canvas ratio the scaled text is already crisp enough.
MIN_SCALE = 1.05


@dataclass
class _Label:
    text: str
    size: int
    colour: tuple[int, int, int]
    bold: bool
    rect: pygame.Rect  # the whole label, canvas coordinates
    area: pygame.Rect  # the part of it (or of its room) inside the clip, canvas coordinates
    margin: pygame.Rect  # ``area`` and one pixel around it (scaling blurs across its edge)
    grab: pygame.Rect  # ``margin`` and a few pixels more: what its smooth scaling blends in
    background: pygame.Surface  # canvas pixels of ``grab`` before the label
    left: bytes  # canvas pixels of ``area`` just after the label
    centred: bool  # centred in a room of its own: ``area`` is that room


class SharpText:
    def __init__(self) -> None:
        self.target: pygame.Surface | None = None
        self.labels: list[_Label] = []

    def begin(self, canvas: pygame.Surface, scale: float) -> None:
        """Start a frame; labels are only noted when the canvas will be scaled up."""
        self.labels.clear()
        self.target = canvas if scale >= MIN_SCALE else None

    def before(self, surface: pygame.Surface, rect: pygame.Rect,
               room: pygame.Rect | None = None) -> tuple | None:
        """Called just before a label is blitted: where it goes and what it will cover;
        ``room``: the label is centred in this box, which holds nothing else."""
        if self.target is None or surface.get_abs_parent() is not self.target:
            return None
        ox, oy = surface.get_abs_offset()
        clip = surface.get_clip().move(ox, oy)
        area = (rect if room is None else room).move(ox, oy).clip(clip)
        if area.w <= 0 or area.h <= 0 or not area.colliderect(rect.move(ox, oy)):
            return None
        margin = area.inflate(2, 2).clip(clip)
        grab = margin.inflate(6, 6).clip(self.target.get_rect())
        return rect.move(ox, oy), area, margin, grab, self.target.subsurface(grab).copy(), room is not None

    def after(self, noted: tuple, text: str, size: int, colour: tuple[int, int, int], bold: bool) -> None:
        rect, area, margin, grab, background, centred = noted
        left = pygame.image.tobytes(self.target.subsurface(area), "RGB")
        self.labels.append(_Label(text, size, colour, bold, rect, area, margin, grab, background, left, centred))

    def redraw(self, window: pygame.Surface, dest: pygame.Rect, scale: float,
               render: Callable[[str, int, tuple[int, int, int], bool], pygame.Surface]) -> int:
        """Draw the still-visible labels at window resolution; returns how many."""
        canvas = self.target
        if canvas is None:
            return 0
        visible = [label for label in self.labels
                   if pygame.image.tobytes(canvas.subsurface(label.area), "RGB") == label.left]
        # backgrounds first, latest label first, so where two labels' boxes overlap (one
        # line's descenders, the next line's box) the earlier, clean background wins;
        # then every label, in drawing order
        size = canvas.get_size()
        for label in reversed(visible):
            # scaled smoothly just where and as the whole canvas was, with the pixels around it
            # blended in: a panel's edge along a label keeps its look instead of turning crisp
            # (and a pixel off) there
            margin = _smoothed(label.margin, dest, size)
            raw, step = label.background.get_buffer().raw, label.background.get_bytesize()
            if raw == raw[:step] * (len(raw) // step):  # one flat colour (most labels): a fill is exact
                window.fill(label.background.get_at((0, 0)), margin)
                continue
            patch, grab = _patch(label, dest, size)
            scaled = pygame.transform.smoothscale(patch, grab.size)
            window.blit(scaled, margin, area=margin.move(-grab.x, -grab.y))
        old_clip = window.get_clip()
        for label in visible:
            area = _to_window(label.area, dest, scale)
            full = _to_window(label.rect, dest, scale)
            # font widths do not grow exactly with the point size: take the largest size
            # that still fits the scaled label (or its room), so nothing is cut off at its end
            size = max(6, round(label.size * scale))
            sharp = render(label.text, size, label.colour, label.bold)
            while sharp.get_width() > (area.w if label.centred else full.w + 1) and size > 6:
                size -= 1
                sharp = render(label.text, size, label.colour, label.bold)
            window.set_clip(area)
            window.blit(sharp, sharp.get_rect(center=full.center) if label.centred
                        else sharp.get_rect(midleft=full.midleft))
        window.set_clip(old_clip)
        drawn = len(visible)
        self.labels.clear()
        return drawn


def _smoothed(rect: pygame.Rect, dest: pygame.Rect, canvas_size: tuple[int, int]) -> pygame.Rect:
    """Where ``Display.present``'s smoothscale puts the canvas pixels of ``rect``: window
    pixel d shows canvas position d * (canvas size - 1) / window size, a little off d / scale."""
    kx, ky = dest.w / (canvas_size[0] - 1), dest.h / (canvas_size[1] - 1)
    left, top = round(rect.x * kx), round(rect.y * ky)
    right, bottom = round(rect.right * kx), round(rect.bottom * ky)
    return pygame.Rect(dest.x + left, dest.y + top, right - left, bottom - top)


def _patch(label: _Label, dest: pygame.Rect, canvas_size: tuple[int, int]) -> tuple[pygame.Surface, pygame.Rect]:
    """The part of a label's background to scale and where in the window it goes, so that
    it scales as the whole canvas did. smoothscale puts a surface's first and last pixels
    at the ends of its result: scaled to the span of their window positions, with both
    ends picked (up to 2 px in) where those positions are nearest whole pixels."""
    g = label.grab
    kx, ky = dest.w / (canvas_size[0] - 1), dest.h / (canvas_size[1] - 1)

    def ends(lo: int, hi: int, inner_lo: int, inner_hi: int, k: float) -> tuple[int, int]:
        """The first and last pixel, keeping all of ``margin`` (inner_lo, inner_hi)."""
        def off(c: int) -> float:
            return abs(c * k - round(c * k))
        return (min(range(lo, min(lo + 2, inner_lo) + 1), key=off),
                min(range(max(hi - 3, inner_hi - 1), hi), key=off))
    m = label.margin
    x0, x1 = ends(g.left, g.right, m.left, m.right, kx)
    y0, y1 = ends(g.top, g.bottom, m.top, m.bottom, ky)
    part = label.background.subsurface((x0 - g.x, y0 - g.y, x1 - x0 + 1, y1 - y0 + 1))
    left, top = round(x0 * kx), round(y0 * ky)
    return part, pygame.Rect(dest.x + left, dest.y + top, round(x1 * kx) - left, round(y1 * ky) - top)


def _to_window(rect: pygame.Rect, dest: pygame.Rect, scale: float) -> pygame.Rect:
    left, top = round(rect.x * scale), round(rect.y * scale)
    right, bottom = round(rect.right * scale), round(rect.bottom * scale)
    return pygame.Rect(dest.x + left, dest.y + top, right - left, bottom - top)


# The one instance the app, the display and theme.draw_text share.
sharp_text = SharpText()
