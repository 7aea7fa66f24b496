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
    background: pygame.Surface  # canvas pixels of ``margin`` before the label
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
        return rect.move(ox, oy), area, margin, self.target.subsurface(margin).copy(), room is not None

    def after(self, noted: tuple, text: str, size: int, colour: tuple[int, int, int], bold: bool) -> None:
        rect, area, margin, background, centred = noted
        left = pygame.image.tobytes(self.target.subsurface(area), "RGB")
        self.labels.append(_Label(text, size, colour, bold, rect, area, margin, background, left, centred))

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


def _to_window(rect: pygame.Rect, dest: pygame.Rect, scale: float) -> pygame.Rect:
    left, top = round(rect.x * scale), round(rect.y * scale)
    right, bottom = round(rect.right * scale), round(rect.bottom * scale)
    return pygame.Rect(dest.x + left, dest.y + top, right - left, bottom - top)


# The one instance the app, the display and theme.draw_text share.
sharp_text = SharpText()
