"""What the set-up screen remembers of a game's last set-up: the player count, each seat's
kind and AI level, the options (and each seat's own values) and who goes first. Not the
seed: a seed replays one deal, and a remembered one would deal the same game every time
without saying so.

A stored set-up is checked part by part against the game as it is now: a part this version
cannot use (a damaged file, an option since removed or given other values) keeps its
default, and the rest is restored."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.storage import AI_LEVELS

if TYPE_CHECKING:
    from game.scenes.setup import SetupScene

PER_SEAT = "per seat"  # an option's value while each seat has its own (in seat_values)
SEAT_VALUES = ("human", *(f"ai:{level}" for level in AI_LEVELS))


def setup_record(scene: SetupScene) -> dict[str, Any]:
    """The scene's set-up as JSON stores it."""
    return {"players": scene.num_players, "seats": list(scene.seats), "ai_levels": list(scene.ai_levels),
            "options": dict(scene.options), "seat_values": {k: list(v) for k, v in scene.seat_values.items()},
            "first_player": scene.first_player}


def one_of(value: Any, allowed: list | tuple) -> bool:
    """``value`` is one of ``allowed`` and of its type (JSON's 1 is not True)."""
    return any(type(value) is type(a) and value == a for a in allowed)


def restore_setup(scene: SetupScene, record: Any) -> None:
    """Take from ``record`` every part that fits the game; the rest stays as it is."""
    if not isinstance(record, dict):
        return
    rules = scene.rules
    players = record.get("players")
    if one_of(players, range(rules.min_players, rules.max_players + 1)):
        scene.num_players = players
    for mine, theirs, allowed in ((scene.seats, record.get("seats"), SEAT_VALUES),
                                  (scene.ai_levels, record.get("ai_levels"), AI_LEVELS)):
        if isinstance(theirs, list):
            for i, value in enumerate(theirs[: len(mine)]):
                if one_of(value, allowed):
                    mine[i] = value
    specs = {spec.name: spec for spec in rules.options}
    options = record.get("options")
    for name in scene.options:
        if isinstance(options, dict) and name in options:
            values = scene.option_values(specs[name])[0]
            if one_of(options[name], [*values, *([PER_SEAT] if name in scene.seat_values else [])]):
                scene.options[name] = options[name]
    seat_values = record.get("seat_values")
    for name, mine in scene.seat_values.items():
        theirs = seat_values.get(name) if isinstance(seat_values, dict) else None
        values = scene.option_values(specs[name])[0]
        for i, value in enumerate(theirs[: len(mine)] if isinstance(theirs, list) else []):
            if one_of(value, values):
                mine[i] = value
    first = record.get("first_player")
    if first is None or one_of(first, range(rules.max_players)):
        scene.first_player = first
