"""A state wrapper that lets through only what SeatInfo may use, and records the rest."""

from __future__ import annotations

from typing import Any

ALLOWED = frozenset({"view", "legal_actions", "determinize", "is_terminal", "current_player", "num_players"})


class GuardedState:
    """Wraps a real state; touching anything outside ALLOWED fails the test."""

    def __init__(self, real: Any) -> None:
        object.__setattr__(self, "_real", real)
        object.__setattr__(self, "touched", [])

    def __getattr__(self, name: str) -> Any:
        self.touched.append(name)
        if name not in ALLOWED:
            raise AssertionError(f"a bot reached the real state's {name!r}")
        return getattr(self._real, name)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AssertionError(f"a bot tried to set {name!r} on the real state")
