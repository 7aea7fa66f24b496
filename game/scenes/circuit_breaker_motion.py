"""Circuit Breaker moves made visible: the difference between the table before and after
a move becomes flights, so a person can follow what a computer (or the last player) did.

- a tile placed in a house flies there from its owner's hand;
- a discarded tile flies from the hand onto its pile;
- a mouse that changed place runs there (sent out, chased by cheese, or coming home);
- cheese moves between the supply and a player;
- at a turn start, dealt and fetched tiles fly from where they came from to the hand
  (face up only to the player who may see them, as a tile back otherwise).

Each flight names what the table must leave undrawn until it lands, so nothing shows
twice. Geometry comes from the table (``Layout``); this module decides what moves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from pygame import Rect

from game.ui.tween import Tween, ease_in_out, lerp_rect

STAGGER = 0.15  # of a flight's length between tiles of one deal, so they read as separate tiles


@dataclass
class Flight:
    what: str                      # "tile", "back" (a face-down tile), "mouse" or "cheese"
    start: Rect
    end: Rect
    tween: Tween
    tile: str | None = None
    rot: int = 0
    seat: int = 0                  # whose mouse (its colour)
    hides: tuple | None = None     # ("cell", seat, x, y), ("hand", tile), ("mouse", seat) or ("spot", name)
    covered: dict | None = None    # for ("spot", name): the pile as it was, drawn until the tile lands

    def rect(self) -> Rect:
        return lerp_rect(self.start, self.end, self.tween.ease(self.tween.progress))


class Layout(Protocol):
    viewer: int

    def house_cell(self, seat: int, x: int, y: int) -> Rect: ...
    def hand_slot(self, seat: int, tile: str | None, view: dict) -> Rect: ...
    def pile_tile_rect(self, spot: str) -> Rect: ...
    def mouse_rect(self, seat: int, view: dict | None = None) -> Rect | None: ...
    def cheese_rect(self, seat: int) -> Rect: ...
    def supply_cube_rect(self, k: int) -> Rect: ...


def _fly(what: str, start: Rect, end: Rect, duration: float, delay: float = 0.0, **kw: Any) -> Flight:
    return Flight(what, Rect(start), Rect(end), Tween(start.topleft, end.topleft, duration, delay,
                                                      ease=ease_in_out), **kw)


def _cells(view: dict, seat: int) -> dict[tuple[int, int], dict]:
    return {(t["x"], t["y"]): t for t in view["houses"][seat]}


def plan_flights(layout: Layout, seat: int, text: str, before: dict, after: dict, duration: float,
                 by_hand: bool) -> list[Flight]:
    """The flights that show ``seat`` playing ``text``. ``by_hand``: the person at the
    screen made this move by pointing at its target, so their own tile or mouse is
    already where they put it."""
    if duration <= 0:
        return []
    flights: list[Flight] = []
    viewer = layout.viewer
    mine = by_hand and seat == viewer
    # tiles placed in a house, from the owner's hand
    for owner in range(len(after["houses"])):
        old = _cells(before, owner)
        for (x, y), t in _cells(after, owner).items():
            if old.get((x, y), {}).get("tile") == t["tile"] or (mine and owner == viewer):
                continue
            flights.append(_fly("tile", layout.hand_slot(owner, t["tile"], before), layout.house_cell(owner, x, y),
                                duration, tile=t["tile"], rot=t["rot"], hides=("cell", owner, x, y)))
    # a discard onto a pile
    words = text.split()
    if words[0] == "discard" and not mine:
        pile = words[3]
        old_pile = before["piles"][pile]
        flights.append(_fly("tile", layout.hand_slot(seat, words[1], before), layout.pile_tile_rect(pile), duration,
                            tile=words[1], hides=("spot", pile),
                            covered={"top": old_pile[-1] if old_pile else None, "count": len(old_pile)}))
    # mice that changed place
    for owner in range(len(after["mice"])):
        if mine and owner == viewer and words[0] == "mouse":
            continue
        start, end = layout.mouse_rect(owner, before), layout.mouse_rect(owner, after)
        if start is not None and end is not None and start != end:
            flights.append(_fly("mouse", start, end, duration, seat=owner, hides=("mouse", owner)))
    # cheese to or from the supply: a cube leaves its place there or lands on the next free one
    pool = before["cheese_pool"]
    for owner, (was, now) in enumerate(zip(before["cheese"], after["cheese"], strict=True)):
        for k in range(abs(now - was)):
            if now > was:
                pool -= 1
                start, end = layout.supply_cube_rect(pool), Rect(layout.cheese_rect(owner).topleft, (12, 12))
            else:
                start, end = Rect(layout.cheese_rect(owner).topleft, (12, 12)), layout.supply_cube_rect(pool)
                pool += 1
            paid = now < was  # the supply's count waits for a paid cube; a taken one has left at once
            flights.append(_fly("cheese", start, end, duration, k * STAGGER * duration,
                                hides=("spot", "cheese") if paid else None,
                                covered={"count": before["cheese_pool"]} if paid else None))
    if words[0] == "end":
        flights.extend(_turn_start(layout, after, duration))
    return flights


def _turn_start(layout: Layout, after: dict, duration: float) -> list[Flight]:
    """Dealt and fetched tiles, from their stack, pile or house cell to the taker's hand."""
    flights = []
    for k, event in enumerate(after.get("events") or []):
        taker, source = event.get("seat"), event.get("from")
        if event.get("kind") not in ("deal", "collect") or taker is None or not (event.get("tile") or
                                                                                  event.get("hidden")):
            continue
        if isinstance(source, dict):
            start = (layout.house_cell(source["seat"], source["x"], source["y"]) if source["spot"] == "house"
                     else layout.pile_tile_rect(source["spot"]))
        else:
            start = layout.pile_tile_rect(str(source))
        tile = event.get("tile")
        if taker == layout.viewer and tile in (after.get("hand") or []):
            flights.append(_fly("tile", start, layout.hand_slot(taker, tile, after), duration,
                                k * STAGGER * duration, tile=tile, hides=("hand", tile)))
        else:  # another seat's tile: face up only if everyone saw it
            flights.append(_fly("tile" if tile else "back", start, layout.hand_slot(taker, None, after), duration,
                                k * STAGGER * duration, tile=tile))
    return flights
