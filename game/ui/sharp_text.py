"""Sharp text in a window larger than the 1280x720 canvas.

Scenes draw on the fixed canvas, which ``Display.present`` scales into the window; scaled
text looks soft. So while the window is larger, every ``theme.draw_text`` on the canvas
is also noted here with the pixels behind it and the pixels it left. After the canvas
has been scaled into the window, each noted label whose canvas pixels are still exactly
what it left (nothing was drawn over it later: a dragged card, a dialog, a dimming
layer) is drawn again at the window's resolution over its own scaled background.
Labels that were covered (the pixels differ) keep the scaled look, so the stacking
order is always right.

Text drawn by pygame_gui widgets (buttons, the rules page) is not covered: pygame_gui
renders into the canvas itself.
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
    area: pygame.Rect  # the part of it inside the clip, canvas coordinates
    margin: pygame.Rect  # ``area`` and one pixel around it (scaling blurs across its edge)
    background: pygame.Surface  # canvas pixels of ``margin`` before the label
    left: bytes  # canvas pixels of ``area`` just after the label


class SharpText:
    def __init__(self) -> None:
        self.target: pygame.Surface | None = None
        self.labels: list[_Label] = []

    def begin(self, canvas: pygame.Surface, scale: float) -> None:
        """Start a frame; labels are only noted when the canvas will be scaled up."""
        self.labels.clear()
        self.target = canvas if scale >= MIN_SCALE else None

    def before(self, surface: pygame.Surface, rect: pygame.Rect) -> tuple[pygame.Rect, ...] | None:
        """Called just before a label is blitted: where it goes and what it will cover."""
        if self.target is None or surface.get_abs_parent() is not self.target:
            return None
        ox, oy = surface.get_abs_offset()
        clip = surface.get_clip().move(ox, oy)
        area = rect.move(ox, oy).clip(clip)
        if area.w <= 0 or area.h <= 0:
            return None
        margin = area.inflate(2, 2).clip(clip)
        return rect.move(ox, oy), area, margin, self.target.subsurface(margin).copy()

    def after(self, noted: tuple, text: str, size: int, colour: tuple[int, int, int], bold: bool) -> None:
        rect, area, margin, background = noted
        left = pygame.image.tobytes(self.target.subsurface(area), "RGB")
        self.labels.append(_Label(text, size, colour, bold, rect, area, margin, background, left))

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
        for label in reversed(visible):
            margin = _to_window(label.margin, dest, scale)
            window.blit(pygame.transform.scale(label.background, margin.size), margin)
        old_clip = window.get_clip()
        for label in visible:
            area = _to_window(label.area, dest, scale)
            full = _to_window(label.rect, dest, scale)
            # font widths do not grow exactly with the point size: take the largest size
            # that still fits the scaled label, so nothing is cut off at its end
            size = max(6, round(label.size * scale))
            sharp = render(label.text, size, label.colour, label.bold)
            while sharp.get_width() > full.w + 1 and size > 6:
                size -= 1
                sharp = render(label.text, size, label.colour, label.bold)
            window.set_clip(area)
            window.blit(sharp, sharp.get_rect(midleft=full.midleft))
        window.set_clip(old_clip)
        drawn = len(visible)
        self.labels.clear()
        return drawn


def _to_window(rect: pygame.Rect, dest: pygame.Rect, scale: float) -> pygame.Rect:
    left, top = round(rect.x * scale), round(rect.y * scale)
    right, bottom = round(rect.right * scale), round(rect.bottom * scale)
    return pygame.Rect(dest.x + left, dest.y + top, right - left, bottom - top)


# The one instance the app, the display and theme.draw_text share.
sharp_text = SharpText()
