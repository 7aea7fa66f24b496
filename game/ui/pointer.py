"""The mouse pointer's shape: a hand over whatever a click or a drag would use right now
(a live button, a card or tile you may pick up, a square you may play on) and while
something is held; the arrow everywhere else. Desktop games show what is clickable this
way; before, only the buttons lit up and a card looked the same whether it could move or not.

What counts as usable is what the keyboard may reach: each scene's focus ring already lists
every control and play spot with a test for "usable now", so the pointer and the Tab key
never disagree.
"""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import pygame

log = logging.getLogger("breakbox")

# where the pointer is while it is off the canvas: not moved yet, or gone from the window
NOWHERE = (-1, -1)
HAND = "hand"
ARROW = "arrow"
_SYSTEM = {HAND: pygame.SYSTEM_CURSOR_HAND, ARROW: pygame.SYSTEM_CURSOR_ARROW}
_IBEAM = pygame.cursors.Cursor(pygame.SYSTEM_CURSOR_IBEAM)


def shape_for(scene: Any, pos: tuple[int, int]) -> str:
    """The pointer ``scene`` wants at ``pos`` (canvas coordinates)."""
    if scene is None:
        return ARROW
    drag = getattr(scene, "drag", None)
    if drag is not None and getattr(drag, "active", False):
        return HAND  # the whole time something is held, over places it cannot go too
    own = getattr(scene, "pointer_at", None)  # a scene that knows better (a click anywhere answers)
    if own is not None and (shape := own(pos)) is not None:
        return shape
    hot_at = getattr(scene, "hot_at", None)  # a scene's own clickable places beyond its stops
    if hot_at is not None and hot_at(pos):
        return HAND
    focus = getattr(scene, "focus", None)
    for item in getattr(focus, "items", ()):
        # usable first, as the focus ring asks: a stop may have no place while it is not
        # (a Circuit Breaker seat beyond the number of players)
        if item.enabled() and item.rect_of().collidepoint(pos):
            return HAND
    return ARROW


# A big table has a few hundred stops and asking them all takes about a millisecond: the
# pointer is looked at again after this many frames (sooner for a pickup or a new screen).
EVERY = 4


class Pointer:
    """Sets the system cursor when the wanted shape changes (never from a test's headless
    driver, which has no cursors)."""

    def __init__(self) -> None:
        self.shape = ARROW
        self._wait = 0
        self._seen: tuple[Any, bool] | None = None
        self._failed: set[type] = set()

    def update(self, scene: Any, pos: tuple[int, int]) -> None:
        drag = getattr(scene, "drag", None)
        seen = (scene, bool(drag is not None and getattr(drag, "active", False)))
        self._wait -= 1
        if self._wait > 0 and seen == self._seen:
            return
        self._wait, self._seen = EVERY, seen
        try:
            self.shape = shape_for(scene, pos) if pos[0] >= 0 else ARROW  # no pointer yet (benches, start-up)
        except Exception:  # the pointer's shape is never worth a game: say so in the log, show the arrow
            if type(scene) not in self._failed:
                self._failed.add(type(scene))
                log.exception("pointer shape failed on %s", type(scene).__name__)
            self.shape = ARROW
        with contextlib.suppress(pygame.error):  # no system cursors (the headless driver): keep the default
            current = pygame.mouse.get_cursor()
            if current == _IBEAM:  # pygame_gui's text box under the pointer owns it
                return
            wanted = pygame.cursors.Cursor(_SYSTEM[self.shape])
            if current != wanted:  # asked for the real one: pygame_gui sets it back on leaving a text box
                pygame.mouse.set_cursor(wanted)
