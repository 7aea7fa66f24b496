"""Aiming your mouse at Circuit Breaker: a click (or the ring's Enter) on a spot your mouse
may go to aims it there and a second one sends it; a drag of the mouse token sends it at
once except in the last round. A mixin of CircuitBreakerTable, kept apart so the table
module stays about the house, the hand and drawing; the aim's state lives here."""

from __future__ import annotations

import math

import pygame

from game.i18n import tr
from game.scenes import circuit_breaker_words as words
from game.ui import draw, theme
from game.ui.circuit_tiles import mouse_icon


class CircuitBreakerAim:
    """The mouse's aim for CircuitBreakerTable (uses its session, legal moves, spots and
    drag controller)."""

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.mouse_aim: str | None = None   # a mouse move clicked once: a second click sends it
        self.key_aimed: str | None = None   # the aim as the ring's Enter found it (see handle_event)
        self.aimed_before_drag: str | None = None  # the aim a drag of your mouse started from

    # --- input --------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.focus.visible:
                # the ring's Enter is a click on its stop (see press): on the aimed spot again it
                # sends the mouse, anywhere else it drops the aim. A tile picked by keys kept it,
                # and the prompt still said Enter would send the mouse while the ring stood on the house
                self.key_aimed, self.mouse_aim = self.mouse_aim, None
            elif self.mouse_aim is not None and not self.settling() and not self.coach_waiting():
                # a click aimed it (a click hides the ring): Enter sends it, as the prompt says;
                # it put the ring on the first hand tile, and a second Enter picked that up
                self.aim_mouse(self.mouse_aim, self.mouse_aim)
                return True
        return super().handle_event(event)

    def click_spot(self, name: str, aimed: str | None) -> None:
        """A click or Enter on a market spot; ``aimed``: the mouse move aimed before it."""
        if not self.my_turn():
            return
        if self.selected is not None and name.startswith("appliance-") and name != "appliance-stack":
            self.discard(self.selected, name)
            return
        if name == "cheese":
            self.refuse(tr("Click an opponent's mouse to send it away with cheese."))
            return
        self.aim_mouse(f"mouse {name}", aimed)

    def aim_mouse(self, text: str, aimed: str | None) -> None:
        """A click (or Enter) on a spot the mouse may go to aims it there, outlined, and a
        second one sends it: one click meant to look at a pile, or at a wire pile with a
        tile picked, spent the turn's mouse. A move not legal now is refused at once."""
        if text == aimed or text not in self.legal():
            self.mouse_aim = None
            self.act(text)
        else:
            self.mouse_aim = text

    def press_aim(self, pos: tuple[int, int], aimed: str | None) -> bool:
        """A press on your mouse at home starts its drag; on a market spot or a rival's
        appliance it aims (or sends) the mouse. ``aimed``: the aim before this press."""
        home = self.mouse_home_rect()
        if self.view["mice"][self.viewer] is None and home.collidepoint(pos):
            img = pygame.Surface((40, 30), pygame.SRCALPHA)
            mouse_icon(img, (22, 18), 11, self.viewer)
            self.drag.press(("mouse",), img, home, pos)
            self.aimed_before_drag = aimed  # a drop there again in the last round sends it
            return True
        for name in self.market_spots():
            if self.spot_rect(name).collidepoint(pos):
                self.click_spot(name, aimed)
                return True
        target = self.mouse_target_at(pos)
        if target is not None and target.startswith("mouse house "):  # an opponent's appliance
            self.aim_mouse(target, aimed)
            return True
        return False

    def drop_mouse(self, pos: tuple[int, int]) -> bool:
        """Your dragged mouse let go at ``pos``: whether it went there."""
        target = self.mouse_target_at(pos)
        if target is not None and self.last_round() and target != self.aimed_before_drag:
            # as a first click there: aimed, and the prompt warns it would bring nothing
            # back (CB-18); a drop sent it at once while a click asked first
            self.mouse_aim = target
        elif target is not None:
            return self.act(target)
        else:
            self.refuse(self.mouse_refusal())
        return False

    def mouse_to(self, text: str) -> str:
        """Where a mouse move sends your mouse: "to the wire 1 pile", "to Seat 2's appliance at 3,4"."""
        w = text.split()
        if w[1] == "house":
            return tr("to {name}'s appliance at {cell}", name=self.seat_name(int(w[2]) - 1), cell=w[4])
        return words.to_spot(w[1])

    # --- drawing ------------------------------------------------------------------------
    def draw_mouse_aim(self, surface: pygame.Surface) -> None:
        """The spot one click aimed your mouse at glows as a cell a held tile fits does, your
        mouse drawn on it: a ring alone was lost among the market's yellow frames."""
        r = self.mouse_targets().get(self.mouse_aim) if self.mouse_aim is not None else None
        if r is not None:
            self.glow_aim(surface, r)

    def glow_aim(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        """The aimed spot: a pulsing outline round it, white corner marks and your mouse at
        its corner, nothing over its face. A yellow fill washed out the tile about to be
        taken and the pile's name; on a pile the mouse sits right of the tile, on a cell of a
        house (14 or 40 px) just outside the cell, which it would cover."""
        grow = 4 + round((1 + math.sin(self.pulse * 5)) / 2)  # its 3 px band and round corners off the face
        ring = r.inflate(2 * grow, 2 * grow)
        pygame.draw.rect(surface, theme.YELLOW, ring, 3, border_radius=6)
        draw.corner_brackets(surface, ring)  # within the 8 px between piles
        # the icon (radius 8) reaches 17 px left of its centre (the tail's tag), 8 right, 9 up, 6 down
        centre = (r.right - 13, r.bottom - 11) if r.w >= 100 else (ring.right + 13, ring.bottom + 5)
        mouse_icon(surface, centre, 8, self.viewer)
