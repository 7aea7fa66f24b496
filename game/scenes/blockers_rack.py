"""The order a Blockers! rack is shown in. The rules keep a rack as a set in a fixed
order by kind (BL-1), so a drawn tile was slotted in among the others and they shifted:
a player reached for the square where it had been and dragged the star. Here each tile
stays where it was and a drawn tile takes the slot the placed one left (or the end).
View only: the game and its save know nothing of it; a continued game works the order
out again from its moves, so it reads as it did before saving."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def keep_places(shown: list[str], now: Iterable[str]) -> list[str]:
    """``now`` (a rack's tiles, any order) laid out as ``shown`` had them: kept tiles in
    their slots, new ones in the freed slots from the left, then at the end."""
    now = list(now)
    new = [t for t in now if t not in shown]
    out = []
    for tile in shown:
        if tile in now:
            out.append(tile)
        elif new:
            out.append(new.pop(0))
    return out + new


class RackOrder:
    """Each colour's rack as last shown, kept up to date from the views it is given."""

    def __init__(self) -> None:
        self.shown: dict[str, list[str]] = {}

    def follow(self, view: dict[str, Any]) -> None:
        """Take in the racks a view shows (hidden ones are not in it)."""
        for colour, tiles in view["racks"].items():
            self.shown[colour] = keep_places(self.shown.get(colour, []), tiles)

    def of(self, view: dict[str, Any], colour: str) -> list[str]:
        """``colour``'s rack in ``view``, in its kept order (the order is not updated)."""
        return keep_places(self.shown.get(colour, []), view["racks"].get(colour, []))

    def rebuild(self, state: Any, actions: list[str], seats: Iterable[int]) -> None:
        """Work the order out again from a game's moves (``state``: its start, which is
        played on), as those seats saw their racks move by move."""
        seats = list(seats)
        for seat in seats:
            self.follow(state.view(seat))
        for text in actions:
            state.apply(state.parse(text))
            for seat in seats:
                self.follow(state.view(seat))
