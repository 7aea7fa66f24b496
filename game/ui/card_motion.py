"""Animate a change of a card table by diffing where each visible card was and is.

Each visible card is a ``Placed(key, rect, face)``; the key is the card's identity
(its code for face-up cards, a token such as "?pending" for a hidden one). Cards that
moved glide to their new place, cards that appeared fly in from an origin, cards that
vanished fly to a sink. The same code can appear twice (two decks): such cards are
paired up nearest-first.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

from pygame import Rect

from game.ui.tween import Tween, ease_in_out, lerp_rect


@dataclass(frozen=True)
class Placed:
    key: str
    rect: Rect
    face: str | None       # card code to draw, or None for a card back


@dataclass
class Motion:
    face: str | None
    start: Rect
    end: Rect
    tween: Tween
    vanish: bool = False   # drawn only while moving (it went somewhere not drawn)

    def current_rect(self) -> Rect:
        return lerp_rect(self.start, self.end, self.tween.ease(self.tween.progress))


def _dist(a: Rect, b: Rect) -> int:
    return abs(a.x - b.x) + abs(a.y - b.y)


def diff_motion(before: list[Placed], after: list[Placed], origin: Callable[[Placed], Rect],
                sink: Callable[[Placed], Rect], duration: float,
                delay: Callable[[Placed], float] = lambda p: 0.0) -> list[Motion]:
    olds: dict[str, list[Placed]] = defaultdict(list)
    for p in before:
        olds[p.key].append(p)
    motions: list[Motion] = []
    for new in after:
        pool = olds.get(new.key)
        if pool:
            old = min(pool, key=lambda o: _dist(o.rect, new.rect))
            pool.remove(old)
            if old.rect != new.rect:
                motions.append(Motion(new.face, old.rect, new.rect,
                                      Tween(old.rect.topleft, new.rect.topleft, duration, delay(new),
                                            ease=ease_in_out)))
        else:
            start = origin(new)
            motions.append(Motion(new.face, start, new.rect,
                                  Tween(start.topleft, new.rect.topleft, duration, delay(new), ease=ease_in_out)))
    for pool in olds.values():
        for gone in pool:
            end = sink(gone)
            motions.append(Motion(gone.face, gone.rect, end,
                                  Tween(gone.rect.topleft, end.topleft, duration, 0.0, ease=ease_in_out),
                                  vanish=True))
    return motions
