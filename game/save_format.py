"""Save-file versions and their migrations.

Every save carries ``"format"``. Older formats are migrated forward one step at a time
when read; a save from a newer Breakbox is refused with a message saying so, never
guessed at. Format history:
- 0: the first saves: no ``actors`` list in the log (who made each move was implied by
  replaying it).
- 1: the log records the seat that made each action (undo needs it).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from game.core.action_log import LOG_FORMAT
from game.rules import GameDataError

SAVE_FORMAT = 1


class SaveFormatError(ValueError):
    pass


class NewerSaveError(SaveFormatError):
    """The save was written by a newer Breakbox: not damaged, only not readable here."""


def _v0_to_v1(record: dict[str, Any]) -> dict[str, Any]:
    """Rebuild the actors list by replaying the moves."""
    from game.rules import get_rules
    log = record.get("log")
    if not isinstance(log, dict):
        raise SaveFormatError("the save has no move log")
    rules = get_rules(str(log.get("game")))
    state = rules.new_game(int(log["num_players"]), int(log["seed"]), **dict(log.get("options") or {}))
    actors = []
    for text in log.get("actions", []):
        actors.append(state.current_player)
        state.apply(state.parse(text))
    log = {**log, "format": LOG_FORMAT, "actors": actors}
    return {**record, "log": log, "format": 1}


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {0: _v0_to_v1}


def migrate(record: Any) -> dict[str, Any]:
    """The record in the current format; SaveFormatError if it cannot be read."""
    if not isinstance(record, dict):
        raise SaveFormatError("a save must be a JSON object")
    fmt = record.get("format", 0)
    if not isinstance(fmt, int) or fmt < 0:
        raise SaveFormatError(f"unknown save format {fmt!r}")
    if fmt > SAVE_FORMAT:
        raise NewerSaveError(f"this save comes from a newer Breakbox (format {fmt}; this version reads "
                              f"up to {SAVE_FORMAT}); update Breakbox to continue it")
    record = copy.deepcopy(record)
    while fmt < SAVE_FORMAT:
        try:
            record = MIGRATIONS[fmt](record)
        except GameDataError:
            raise  # the game's data files are broken, not the save
        except Exception as exc:  # a save is untrusted input: any failure means it cannot be read
            raise SaveFormatError(f"cannot bring a format {fmt} save up to date: {exc}") from None
        fmt = record["format"]
    return record
