"""The ``Rules`` object of Breaker Blocks: what ``get_rules("breaker_blocks")`` returns."""

from __future__ import annotations

from typing import Any

from game.core.options import OptionSpec
from game.rules.breaker_blocks import serial, setup
from game.rules.breaker_blocks.config import OPTIONS
from game.rules.breaker_blocks.state import BreakerBlocksState


class BreakerBlocksRules:
    name = "breaker_blocks"
    title = "Breaker Blocks"
    min_players = setup.MIN_PLAYERS
    max_players = setup.MAX_PLAYERS
    options: tuple[OptionSpec, ...] = OPTIONS

    def new_game(self, num_players: int, seed: int, **options: Any) -> BreakerBlocksState:
        return setup.new_game(num_players, seed, **options)

    def from_json(self, data: dict[str, Any]) -> BreakerBlocksState:
        return serial.decode(data)

    def is_undo_barrier(self, action: Any) -> bool:
        """Never: every tile is face up and nothing is left to chance after the first
        player is drawn, so taking an action back reveals nothing.

        Accepts an action or its notation (the action log stores text)."""
        return False

    def __repr__(self) -> str:
        return "<Rules breaker_blocks>"


RULES = BreakerBlocksRules()
