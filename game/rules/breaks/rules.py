"""The ``Rules`` object of Breaks: what the registry returns for ``get_rules("breaks")``."""

from __future__ import annotations

from typing import Any

from game.core.options import OptionSpec
from game.rules.breaks import serial, setup
from game.rules.breaks.actions import MAX_PLAYERS, MIN_PLAYERS, Draw
from game.rules.breaks.state import BreaksState


class BreaksRules:
    name = "breaks"
    title = "Breaks"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options: tuple[OptionSpec, ...] = setup.OPTIONS

    def new_game(self, num_players: int, seed: int, **options: Any) -> BreaksState:
        return setup.new_game(num_players, seed, **options)

    def from_json(self, data: dict[str, Any]) -> BreaksState:
        return serial.decode(data)

    def is_undo_barrier(self, action: Any) -> bool:
        """A drawn card was unknown before: undoing past it would let a player peek.

        Accepts an action or its notation (the action log stores text)."""
        if isinstance(action, str):
            return action.strip().lower() == "draw"
        return isinstance(action, Draw)

    def __repr__(self) -> str:
        return "<Rules breaks>"


RULES = BreaksRules()
