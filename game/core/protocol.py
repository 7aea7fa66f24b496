"""The engine contract every game follows (see DESIGN.md, "The engine contract").

``Rules`` describes a game and makes states; ``State`` is one position, mutated by
``apply``. Actions are small frozen objects whose ``str()`` is the game's notation.
The UI and the AI read a seat's ``view(seat)`` only; a searching bot samples complete
worlds through ``determinize(seat, rng)``.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from game.core.options import OptionSpec


@runtime_checkable
class State(Protocol):
    num_players: int

    @property
    def current_player(self) -> int | None: ...

    def legal_actions(self) -> list[Any]: ...

    def apply(self, action: Any) -> None: ...

    def parse(self, text: str) -> Any: ...

    def clone(self) -> State: ...

    def is_terminal(self) -> bool: ...

    def scores(self) -> list[float]: ...

    def winners(self) -> list[int]: ...

    def view(self, player: int) -> dict[str, Any]: ...

    def determinize(self, player: int, rng: Any) -> State: ...

    def to_json(self) -> dict[str, Any]: ...


@runtime_checkable
class Rules(Protocol):
    name: str
    title: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...]

    def new_game(self, num_players: int, seed: int, **options: Any) -> State: ...

    def from_json(self, data: dict[str, Any]) -> State: ...
