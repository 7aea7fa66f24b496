"""Keyboard focus over pygame_gui buttons (pygame_gui has no Tab/arrow navigation).

Tab / Shift+Tab and the arrow keys move a visible focus ring between registered
controls; Enter or Space activates; Left/Right on a control with ``on_left``/``on_right``
changes its value instead of moving (cycle buttons). The ring is hidden after a mouse click
and until the first Tab, except on a screen opened from the keyboard: that one shows it at
once (see App._arrived_by_keyboard), so a keyboard player always sees where they are.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.ui import theme
from game.ui.draw import dashed_rect


@dataclass
class Focusable:
    rect_of: Callable[[], pygame.Rect]
    activate: Callable[[], None]
    enabled: Callable[[], bool] = lambda: True
    on_left: Callable[[], None] | None = None
    on_right: Callable[[], None] | None = None
    vanishes: bool = False  # a button that is hidden or greyed out leaves no ring behind
    # a stop packed closer to its neighbours than the ring's 8 px reach (a round on the round
    # track, 2 px from the next): its ring is drawn thin, within its rect, covering none of them
    inside: bool = False
    button: object | None = None  # the button this stop is, whose tooltip the resting ring shows
    # where the arrow keys take the stop to lie, if more than its rect: a field and the words
    # before it, which the ring does not go round
    area_of: Callable[[], pygame.Rect] | None = None
    # an arrow that goes to a given stop, not the nearest from this one's centre: a wide stop
    # over a row of them goes to the one under its left end, where both start
    exits: dict[tuple[int, int], Focusable] = field(default_factory=dict)

    def area(self) -> pygame.Rect:
        return self.area_of() if self.area_of is not None else self.rect_of()


class FocusRing:
    def __init__(self) -> None:
        self.items: list[Focusable] = []
        self.index = -1
        self.visible = False
        self.start = 0  # where the first Tab lands (a table starts on the play area, not its side buttons)

    def add(self, item: Focusable) -> Focusable:
        self.items.append(item)
        return item

    def show_first(self, stops: list[int]) -> None:
        """Put the ring, shown, on the first of ``stops`` (in focus order); none: unchanged.
        A keyboard pick-up moves on to where the picked thing may go, so Enter acts there."""
        if stops:
            self.index, self.visible = min(stops), True

    def clear(self) -> None:
        self.items.clear()
        self.index = -1
        self.start = 0

    @property
    def current(self) -> Focusable | None:
        if 0 <= self.index < len(self.items):
            return self.items[self.index]
        return None

    def _move(self, step: int) -> None:
        n = len(self.items)
        if n == 0:
            return
        i = self.index
        for _ in range(n):
            i = (i + step) % n if i >= 0 else (min(self.start, n - 1) if step > 0 else n - 1)
            if self.items[i].enabled():
                self.index = i
                self.visible = True
                return

    def _move_spatial(self, dx: int, dy: int) -> None:
        """Arrow keys: go to the nearest enabled control in that direction. Each is measured
        from the centre of the focused one to its own closest point, and must lie within 45
        degrees of the arrow: a stop mostly to the side (a cell two rows down but four columns
        over, for Down) is not "down". Nothing there: the ring stays, rather than jump along
        the Tab order to a control behind it."""
        cur = self.current
        if cur is None:
            self._move(1)
            return
        exit_to = cur.exits.get((dx, dy))
        there = next((i for i, item in enumerate(self.items) if item is exit_to), None)
        if there is not None and exit_to.enabled():
            self.index, self.visible = there, True
            return
        c = pygame.Vector2(cur.area().center)
        best, best_key = None, None
        for i, item in enumerate(self.items):
            if i == self.index or not item.enabled():
                continue
            r = item.area()
            if not r.w or not r.h:
                continue
            d = pygame.Vector2(min(max(c.x, r.left), r.right - 1), min(max(c.y, r.top), r.bottom - 1)) - c
            along = d.x * dx + d.y * dy
            across = abs(d.x * dy) + abs(d.y * dx)
            to_centre = pygame.Vector2(r.center) - c
            if to_centre.dot((dx, dy)) <= 0 or across > along:
                continue
            # straight on beats off to the side; tiles fanned over each other: the next one
            key = (along + 2 * across, to_centre.length())
            if best_key is None or key < best_key:
                best, best_key = i, key
        if best is not None:
            self.index = best
            self.visible = True

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN or not self.items:
            return False
        key = event.key
        if key == pygame.K_TAB:
            if not self.visible and self.current is not None and self.current.enabled():
                self.visible = True  # the first Tab shows where the focus already is
            else:
                self._move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        cur = self.current
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and cur is not None and self.visible:
            hook = cur.on_left if key == pygame.K_LEFT else cur.on_right
            if hook is not None:
                hook()
                return True
        arrows = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
        if key in arrows:
            self._move_spatial(*arrows[key])
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and cur is not None and self.visible:
            if cur.enabled():
                cur.activate()
            return True
        return False

    def draw(self, surface: pygame.Surface, t: float = 0.0) -> None:
        """The keyboard focus: a white ring edged in black, so it never passes for one of the
        yellow or blue glows that mark legal moves. A stop that cannot be used right now (the
        move was made, or it is someone else's turn) keeps a dashed ring: the arrows go on from
        there.

        In high contrast, where buttons are edged in white on black, the ring is a thick band
        of magenta (theme.FOCUS_HIGH, used for nothing else) framed in black on both sides:
        no border, glow or seat colour looks like it, on black menus or beside yellow glows.
        Either way it reaches 8 px outside the focused rect, or for an ``inside`` stop stays
        within it (see reach)."""
        cur = self.current
        if not self.visible or cur is None:
            return
        if cur.inside:
            self._draw_inside(surface, cur)
            return
        rect = cur.rect_of().inflate(10, 10)
        high = theme.high_contrast
        if not cur.enabled():
            if cur.vanishes or not cur.rect_of().size[0]:  # gone (a hidden button, a token off the table)
                return
            if high:
                dashed_rect(surface, rect.inflate(2, 2), theme.BLACK, dash=6, width=6)
                dashed_rect(surface, rect.inflate(2, 2), theme.FOCUS_HIGH, dash=6, width=4)
                return
            dashed_rect(surface, rect.inflate(2, 2), theme.BLACK, dash=6, width=4)
            dashed_rect(surface, rect, (255, 255, 255), dash=6, width=2)
            return
        if high:
            pygame.draw.rect(surface, theme.BLACK, rect.inflate(6, 6), 8, border_radius=4)
            pygame.draw.rect(surface, theme.FOCUS_HIGH, rect.inflate(4, 4), 4, border_radius=4)
            return
        pygame.draw.rect(surface, theme.BLACK, rect.inflate(6, 6), 7, border_radius=4)
        pygame.draw.rect(surface, (255, 255, 255), rect, 3, border_radius=3)

    def _draw_inside(self, surface: pygame.Surface, cur: Focusable) -> None:
        """The ring of an ``inside`` stop: a black edge on the rect's own border and the white
        (or, in high contrast, magenta) band within it, dashed while the stop is idle; the
        middle of the rect (the current round's yellow) still shows. pygame draws a band
        wider than half a rect outside it, so a narrow rect is filled instead."""
        rect = cur.rect_of()
        colour = theme.FOCUS_HIGH if theme.high_contrast else (255, 255, 255)
        if not cur.enabled():
            if cur.vanishes or not rect.w:
                return
            dashed_rect(surface, rect.inflate(-6, -6), theme.BLACK, dash=4, width=4)  # a line's width
            dashed_rect(surface, rect.inflate(-6, -6), colour, dash=4, width=2)  # straddles its path
            return
        if min(rect.size) < 12:  # no room for a band (a 40-round track's 6 px boxes): filled
            pygame.draw.rect(surface, theme.BLACK, rect)
            pygame.draw.rect(surface, colour, rect.inflate(-2, -2))
            return
        pygame.draw.rect(surface, theme.BLACK, rect, 5, border_radius=3)
        pygame.draw.rect(surface, colour, rect.inflate(-2, -2), 3, border_radius=2)

    @staticmethod
    def reach(item: Focusable) -> pygame.Rect:
        """All the ring round ``item`` may cover: 8 px round its rect, or the rect itself."""
        rect = item.rect_of()
        return rect.copy() if item.inside else rect.inflate(16, 16)
