"""SeatInfo: everything a bot may know when it acts for one seat, and nothing more.

The real state is captured in closures rather than stored as an attribute, so a bot
cannot reach it by accident (``info.state`` does not exist). A bot sees the seat's
``view``, the ``legal_actions`` (they depend only on what the seat knows) and can
draw complete worlds consistent with that view through ``sample_world``.

The wrapped state may itself already be a determinization for the seat (the UI
sends one to the worker so real secrets never leave the UI process): determinizing
a determinization again gives the same distribution of worlds, so nothing changes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.core.protocol import State


class SeatInfo:
    """Read-only window on a state for the seat about to act."""

    __slots__ = ("_determinize", "_legal", "_view", "game", "seat")

    def __init__(self, state: State, seat: int, game: str) -> None:
        if state.is_terminal():
            raise ValueError("the game is over: there is no decision to make")
        if state.current_player != seat:
            raise ValueError(f"seat {seat} is not to move (current player: {state.current_player})")
        self.seat = seat
        self.game = game
        self._view: Callable[[], dict[str, Any]] = lambda: state.view(seat)
        self._legal: Callable[[], list[Any]] = state.legal_actions
        self._determinize: Callable[[Any], State] = lambda rng: state.determinize(seat, rng)

    def view(self) -> dict[str, Any]:
        """What this seat may see (``state.view(seat)``), JSON-able."""
        return self._view()

    def legal_actions(self) -> list[Any]:
        """The actions this seat may take now, in the game's canonical order."""
        return self._legal()

    def sample_world(self, rng: Any) -> State:
        """A complete state consistent with the view; hidden parts resampled with ``rng``.

        The caller owns the returned state and may mutate it freely.
        """
        return self._determinize(rng)

    def __repr__(self) -> str:
        return f"SeatInfo(game={self.game!r}, seat={self.seat})"
