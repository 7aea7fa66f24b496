"""The Circuit Breaker table driven headless: placing by drag with rotation, refusals
naming the edge, mouse to a pile and onto an opponent's appliance, cheese, discard."""

from __future__ import annotations

import pygame

from game.scenes.circuit_breaker_table import CircuitBreakerTable, house_rect_cell
from game.session import GameSession
from tests.ui.driver import Driver

S = {"first_player": 0, "wire_order": ["W1", "W31", "W7", "W22", "W4", "W16"],
     "appliance_order": ["A1", "A2", "A3", "A5", "A9", "A16", "A4", "A6", "A7"], "objectives": [1, 2]}


def cb_driver(actions=(), seats=("human", "human")) -> Driver:
    session = GameSession("circuit_breaker", list(seats), seed=1, options={"setup": S})
    for a in actions:
        session.apply(a, session.current_player)
    return Driver(lambda app: CircuitBreakerTable(app, session), autosave=False)


def log(d: Driver) -> list[str]:
    return d.app.stack.find(CircuitBreakerTable).session.log.actions


def test_drag_a_tile_with_rotation_onto_a_glowing_cell():
    d = cb_driver()
    try:
        t = d.top
        i = t.view["hand"].index("A1")
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=t.hand_rect(i).center, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(200, 200), rel=(0, 0), buttons=(1, 0, 0)))
        d.frames(1)
        d.key(pygame.K_r)
        d.key(pygame.K_r)        # A1 at r180 points its connector south, toward the box
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=house_rect_cell(3, 4).center, rel=(0, 0),
                                             buttons=(1, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=house_rect_cell(3, 4).center, button=1))
        d.frames(2)
        assert log(d) == ["place A1 at 3,4 r180"]
    finally:
        d.close()


def test_a_mismatch_is_refused_naming_the_edge():
    d = cb_driver()
    try:
        t = d.top
        i = t.view["hand"].index("W1")
        d.key(pygame.K_r)        # W1 at r90: walls north and south, the box's 1 faces a wall
        d.drag(t.hand_rect(i).center, house_rect_cell(3, 4).center)
        assert log(d) == []
        assert t.toast and ("wall" in t.toast.lower() or "edge" in t.toast.lower())
        assert t.drag.snapbacks
    finally:
        d.close()


def test_mouse_to_a_pile_then_onto_an_appliance_and_cheese_it():
    d = cb_driver(["place A1 at 3,4 r180", "discard A3 to appliance-1", "end"])
    try:
        t = d.top
        assert t.session.current_player == 1 and t.viewer == 1, "the table opens on the seat to move"
        target = t.mini_cell_rect(0, 3, 4).center   # seat 1's appliance, seen small
        d.drag(t.mouse_home_rect().center, target)
        assert log(d)[-1] == "mouse house 1 at 3,4"
        d.key(pygame.K_n)
        d.key(pygame.K_RETURN)                      # hand-off back to seat 1
        assert t.viewer == 0
        d.click(t.mouse_rect(1).center)             # cheese the thief
        assert log(d)[-1] == "cheese 2"
    finally:
        d.close()


def test_drop_a_tile_on_an_appliance_pile_to_discard_for_cheese():
    d = cb_driver()
    try:
        t = d.top
        i = t.view["hand"].index("A2")
        d.drag(t.hand_rect(i).center, t.spot_rect("appliance-3").center)
        assert log(d) == ["discard A2 to appliance-3"]
        assert t.view["cheese"][0] == 1
    finally:
        d.close()
