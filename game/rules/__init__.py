"""Rules engines, one module per game, and the registry that finds them.

``get_rules(name)`` imports a game's module lazily so start-up stays fast and a game
that is not built yet can still be listed (as "coming soon") in the catalogue.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from game.core.protocol import Rules


@dataclass(frozen=True)
class GameInfo:
    name: str
    title: str
    blurb: str
    players: str
    module: str | None  # None while the game is not built yet
    # actions that finish a move another began, so a move count leaves them out: in Breaks
    # a turn is "draw" and then "place", "break" or "discard" (a player's one move)
    follow_ups: tuple[str, ...] = ()


CATALOG: tuple[GameInfo, ...] = (
    GameInfo("breaks", "Breaks", "Draw, merge and break sequences of matching cards into stacks of five.",
             "2-4", "game.rules.breaks", follow_ups=("place", "break", "discard")),
    GameInfo("blockers", "Blockers!", "Lay tiles on a 9x9 board and capture without splitting groups.",
             "2-5", "game.rules.blockers"),
    GameInfo("breaker_blocks", "Breaker Blocks", "Build circuits and sabotage your rival's, two players.",
             "2", "game.rules.breaker_blocks"),
    GameInfo("circuit_breaker", "Circuit Breaker", "Wire your house, keep the mice out, chase a secret goal.",
             "2-4", "game.rules.circuit_breaker"),
    GameInfo("cube", "Break the Cube", "Deduce the hidden 3D shape by asking what others can see.",
             "2-4", "game.rules.cube"),
)


def game_info(name: str) -> GameInfo:
    for info in CATALOG:
        if info.name == name:
            return info
    raise KeyError(f"unknown game {name!r}; known games: {', '.join(i.name for i in CATALOG)}")


def move_count(name: str, actions: list[str]) -> int:
    """How many moves a player would say the game's log holds: every action, but the ones
    that finish a move begun by the one before (a Breaks draw and its placement are one
    move). An unknown game counts every action."""
    follow_ups = next((i.follow_ups for i in CATALOG if i.name == name), ())
    return sum(1 for text in actions if str(text).split(" ", 1)[0] not in follow_ups)


def is_available(name: str) -> bool:
    return game_info(name).module is not None


class GameDataError(RuntimeError):
    """A game's data files (levels/) are missing or broken; the message names the file."""


def get_rules(name: str) -> Rules:
    """The Rules object for a game name (``breaks``, ``blockers``, ...).

    Raises GameDataError (naming the file and the problem) when the game's data in
    ``levels/`` cannot be loaded, so the client can say so and keep the other games."""
    info = game_info(name)
    if info.module is None:
        raise KeyError(f"{info.title} is coming soon: its rules engine is not built yet")
    try:
        return importlib.import_module(info.module).RULES
    except (ValueError, OSError) as exc:  # data files are validated when the module loads
        raise GameDataError(f"{info.title} cannot start: {exc}") from None


def load_problem(name: str) -> str | None:
    """Why a built game cannot be loaded now (its data is broken), or None."""
    try:
        get_rules(name)
    except GameDataError as exc:
        return str(exc)
    return None
