"""The ``Rules`` object of Blockers!: what the registry returns for ``get_rules("blockers")``."""

from __future__ import annotations

from typing import Any

from game.core.options import OptionSpec
from game.rules.blockers import serial, setup
from game.rules.blockers.actions import Place
from game.rules.blockers.state import BlockersState


class BlockersRules:
    name = "blockers"
    title = "Blockers!"
    min_players = setup.MIN_PLAYERS
    max_players = setup.MAX_PLAYERS
    options: tuple[OptionSpec, ...] = setup.OPTIONS

    def new_game(self, num_players: int, seed: int, **options: Any) -> BlockersState:
        return setup.new_game(num_players, seed, **options)

    def from_json(self, data: dict[str, Any]) -> BlockersState:
        return serial.decode(data)

    def is_undo_barrier(self, action: Any) -> bool:
        """Every placement is a barrier: it refills the rack with a tile nobody knew (BL-11).

        The last placement of a colour draws nothing, but the action log holds only text,
        which cannot tell, so every placement counts; a pass draws nothing and is not a
        barrier. Accepts an action or its notation."""
        if isinstance(action, str):
            text = action.strip().lower()
            return bool(text) and text != "pass"
        return isinstance(action, Place)

    def __repr__(self) -> str:
        return "<Rules blockers>"


RULES = BlockersRules()
