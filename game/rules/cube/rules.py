"""The ``Rules`` object of Break the Cube: what ``get_rules("cube")`` returns."""

from __future__ import annotations

from typing import Any

from game.core.options import OptionSpec
from game.rules.cube import serial, setup
from game.rules.cube.actions import VERBS, Ask, Build, Guess
from game.rules.cube.state import CubeState


class CubeRules:
    name = "cube"
    title = "Break the Cube"
    min_players = setup.MIN_PLAYERS
    max_players = setup.MAX_PLAYERS
    options: tuple[OptionSpec, ...] = setup.OPTIONS

    def new_game(self, num_players: int, seed: int, **options: Any) -> CubeState:
        return setup.new_game(num_players, seed, **options)

    def from_json(self, data: dict[str, Any]) -> CubeState:
        return serial.decode(data)

    def is_undo_barrier(self, action: Any) -> bool:
        """Every answer reveals something about a secret (and a build fixes one), so no
        action of this game can be taken back: True for every ask, guess and build.

        Accepts an action or its notation (the action log stores text)."""
        if isinstance(action, str):
            words = action.split(None, 1)
            return bool(words) and words[0].lower() in VERBS
        return isinstance(action, Ask | Guess | Build)

    def __repr__(self) -> str:
        return "<Rules cube>"


RULES = CubeRules()
