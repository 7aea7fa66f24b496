"""Drag-and-drop: press on a source, drag past a small threshold, drop on the target
that overlaps the dragged image the most. A press released without dragging is a
click. An illegal drop snaps back with a tween.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.ui.tween import Tween, ease_out_cubic

DRAG_THRESHOLD = 6


@dataclass
class Drag:
    source: Any
    image: pygame.Surface
    origin: pygame.Rect
    grab: tuple[int, int]          # offset of the pointer inside the image
    pos: tuple[int, int]           # pointer position
    started: bool = False          # past the threshold (otherwise it is still a click)
    press: tuple[int, int] = (0, 0)
    shadow: pygame.Surface | None = None  # made on the first frame drawn, from the image's shape

    @property
    def rect(self) -> pygame.Rect:
        r = self.image.get_rect()
        r.topleft = (self.pos[0] - self.grab[0], self.pos[1] - self.grab[1])
        return r


@dataclass
class DropResult:
    kind: str                  # "click" or "drop"
    source: Any
    target: Any = None         # target key, or None when dropped on nothing


class DragController:
    def __init__(self) -> None:
        self.drag: Drag | None = None
        self.snapbacks: list[tuple[pygame.Surface, Tween]] = []

    @property
    def active(self) -> bool:
        return self.drag is not None and self.drag.started

    def press(self, source: Any, image: pygame.Surface, origin: pygame.Rect, pos: tuple[int, int]) -> None:
        self.drag = Drag(source, image, pygame.Rect(origin), (pos[0] - origin.x, pos[1] - origin.y), pos,
                         press=pos)

    def motion(self, pos: tuple[int, int]) -> None:
        d = self.drag
        if d is None:
            return
        d.pos = pos
        if not d.started and (abs(pos[0] - d.press[0]) + abs(pos[1] - d.press[1])) >= DRAG_THRESHOLD:
            d.started = True

    def release(self, pos: tuple[int, int], targets: dict[Any, pygame.Rect]) -> DropResult | None:
        d = self.drag
        if d is None:
            return None
        self.motion(pos)
        self.drag = None
        if not d.started:
            return DropResult("click", d.source)
        return DropResult("drop", d.source, best_overlap(d.rect, targets, pos))

    def cancel(self) -> None:
        self.drag = None

    def snap_back(self, image: pygame.Surface, from_rect: pygame.Rect, to_rect: pygame.Rect,
                  duration: float = 0.25) -> None:
        self.snapbacks.append((image, Tween(from_rect.topleft, to_rect.topleft, duration, ease=ease_out_cubic)))

    def update(self, dt: float) -> None:
        for _, t in self.snapbacks:
            t.update(dt)
        self.snapbacks = [(img, t) for img, t in self.snapbacks if not t.done]

    def draw(self, surface: pygame.Surface) -> None:
        for img, t in self.snapbacks:
            surface.blit(img, t.pos)
        d = self.drag
        if d is not None and d.started:
            r = d.rect
            if d.shadow is None:
                d.shadow = shadow_of(d.image)
            surface.blit(d.shadow, r.move(6, 8))
            surface.blit(d.image, r)


def shadow_of(image: pygame.Surface) -> pygame.Surface:
    """A soft shadow with the image's own outline: a padded tile or a round-cornered card
    casts its shape, not the square box around it."""
    return pygame.mask.from_surface(image, 8).to_surface(setcolor=(0, 0, 0, 70), unsetcolor=(0, 0, 0, 0))


def best_overlap(rect: pygame.Rect, targets: dict[Any, pygame.Rect], pointer: tuple[int, int]) -> Any:
    """The target overlapping ``rect`` the most; the pointer's target wins ties."""
    best, best_area = None, 0
    for key, tr in targets.items():
        clip = rect.clip(tr)
        area = clip.width * clip.height
        if tr.collidepoint(pointer):
            area += rect.width * rect.height  # where the pointer is counts most
        if area > best_area:
            best, best_area = key, area
    return best
