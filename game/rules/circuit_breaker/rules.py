"""The ``Rules`` object of Circuit Breaker: what ``get_rules("circuit_breaker")`` returns."""

from __future__ import annotations

from typing import Any

from game.core.options import OptionSpec
from game.rules.circuit_breaker import serial, setup
from game.rules.circuit_breaker.actions import End
from game.rules.circuit_breaker.data import MAX_PLAYERS, MIN_PLAYERS
from game.rules.circuit_breaker.state import CircuitState


class CircuitBreakerRules:
    name = "circuit_breaker"
    title = "Circuit Breaker"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options: tuple[OptionSpec, ...] = setup.OPTIONS

    def new_game(self, num_players: int, seed: int, **options: Any) -> CircuitState:
        return setup.new_game(num_players, seed, **options)

    def from_json(self, data: dict[str, Any]) -> CircuitState:
        return serial.decode(data)

    def is_undo_barrier(self, action: Any) -> bool:
        """True for ``end``, the only action after which hidden information comes out.

        Ending a turn starts the next one: a round deal may hand out face-down tiles and the
        next seat's mouse may bring the top of a face-down stack. Mouse moves, placements,
        discards and cheese reveal nothing (a mouse fetches only at its owner's next turn
        start), so they can be taken back. Accepts an action or its notation."""
        if isinstance(action, str):
            return action.strip().lower() == "end"
        return isinstance(action, End)

    def __repr__(self) -> str:
        return "<Rules circuit_breaker>"


RULES = CircuitBreakerRules()
