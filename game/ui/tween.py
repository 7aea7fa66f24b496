"""Tweens: values that move from A to B over time with an easing curve.

Animation speed comes from settings; ``speed_factor('off')`` is 0, which makes every
tween finish at once (instant moves).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from pygame import Rect

SPEED_FACTORS = {"off": 0.0, "fast": 0.55, "normal": 1.0, "slow": 1.8}


def speed_factor(name: str) -> float:
    return SPEED_FACTORS.get(name, 1.0)


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return 3 * t * t - 2 * t * t * t


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp2(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def lerp_rect(a: Rect, b: Rect, t: float) -> Rect:
    """The rectangle a fraction t of the way from a to b (place and size), in whole pixels."""
    return Rect(round(lerp(a.x, b.x, t)), round(lerp(a.y, b.y, t)), round(lerp(a.w, b.w, t)),
                round(lerp(a.h, b.h, t)))


@dataclass
class Tween:
    start: tuple[float, float]
    end: tuple[float, float]
    duration: float
    delay: float = 0.0
    ease: Callable[[float], float] = ease_out_cubic
    elapsed: float = 0.0
    payload: dict = field(default_factory=dict)

    def update(self, dt: float) -> None:
        self.elapsed += dt

    @property
    def progress(self) -> float:
        if self.duration <= 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return max(0.0, min(1.0, (self.elapsed - self.delay) / self.duration))

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    @property
    def pos(self) -> tuple[float, float]:
        return lerp2(self.start, self.end, self.ease(self.progress))


class TweenGroup:
    """Tweens that run together; ``done`` when all have finished."""

    def __init__(self) -> None:
        self.items: list[Tween] = []

    def add(self, tween: Tween) -> Tween:
        self.items.append(tween)
        return tween

    def update(self, dt: float) -> None:
        for t in self.items:
            t.update(dt)
        self.items = [t for t in self.items if not t.done]

    @property
    def done(self) -> bool:
        return not self.items

    def clear(self) -> None:
        self.items.clear()
