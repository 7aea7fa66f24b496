"""The action log: seed + options + every action's notation.

It is at once the save file, the replay and the undo stack: replaying the log from
the same seed rebuilds the exact state (chance lives inside the seeded state).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core.errors import IllegalAction
from game.core.protocol import Rules, State

LOG_FORMAT = 1


@dataclass
class ActionLog:
    game: str
    num_players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    actions: list[str] = field(default_factory=list)
    # Who made each action ("human", "ai:normal", ...) so undo knows whose decisions are whose.
    actors: list[int] = field(default_factory=list)

    def new_state(self, rules: Rules) -> State:
        return rules.new_game(self.num_players, self.seed, **self.options)

    def replay(self, rules: Rules, upto: int | None = None) -> State:
        """Rebuild the state after the first ``upto`` actions (all by default).

        Raises IllegalAction naming the step if the log does not replay (a corrupt or
        hand-edited file).
        """
        state = self.new_state(rules)
        for i, text in enumerate(self.actions[:upto]):
            # Undo trusts who made each move, so a log naming the wrong seat is refused.
            if i < len(self.actors) and self.actors[i] != state.current_player:
                mover = "nobody" if state.current_player is None else f"seat {state.current_player + 1}"
                raise IllegalAction(f"step {i + 1} ({text!r}) is marked as made by seat {self.actors[i] + 1}, "
                                    f"but {mover} was to move")
            try:
                state.apply(state.parse(text))
            except IllegalAction as exc:
                raise IllegalAction(f"step {i + 1} ({text!r}) does not replay: {exc}") from None
        return state

    def record(self, seat: int, action: Any) -> None:
        self.actions.append(str(action))
        self.actors.append(seat)

    def truncate(self, length: int) -> None:
        del self.actions[length:]
        del self.actors[length:]

    def to_json(self) -> dict[str, Any]:
        return {
            "format": LOG_FORMAT,
            "game": self.game,
            "num_players": self.num_players,
            "seed": self.seed,
            "options": self.options,
            "actions": list(self.actions),
            "actors": list(self.actors),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ActionLog:
        if not isinstance(data, dict):
            raise ValueError("an action log must be a JSON object")
        fmt = data.get("format")
        if fmt != LOG_FORMAT:
            raise ValueError(f"unsupported action log format {fmt!r} (this version reads {LOG_FORMAT})")
        try:
            log = cls(
                game=str(data["game"]),
                num_players=int(data["num_players"]),
                seed=int(data["seed"]),
                options=dict(data.get("options") or {}),
                actions=[str(a) for a in data.get("actions", [])],
                actors=[int(a) for a in data.get("actors", [])],
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"action log is missing or has a bad field: {exc}") from None
        if len(log.actors) != len(log.actions):
            raise ValueError("action log: actors and actions differ in length")
        return log
