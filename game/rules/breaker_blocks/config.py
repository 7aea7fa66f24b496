"""Options of Breaker Blocks (spec section 6) and the ``setup`` test fixture (BB-10).

``Config`` is what a game keeps of them: the action set, the turn cap and the starting
tile counts, shared (read-only) by every clone of the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core.options import FIRST_PLAYER, SETUP, OptionSpec
from game.rules.breaker_blocks.data import ACTION_TYPES, LEVEL, MAX_COUNT
from game.rules.breaker_blocks.geometry import KIND_INDEX, KINDS, NKINDS, NPOWER

DEFAULT_TURN_CAP = 30
MAX_TURN_CAP = 999  # what a save or --option may hold; the set-up screen offers TURN_CAP_PRESETS
# a player runs out of power tiles after about 12 to 25 turns (13 tiles, two actions a turn),
# so a limit under 10 cuts every game short and one over 50 never comes; 0 (no limit) last
TURN_CAP_PRESETS = (10, 15, 20, 25, 30, 40, 50, 0)
_SETUP_KEYS = ("first_player", "power_counts", "action_counts")


OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("action_set", "choice", "full", label="Action tiles", choices=tuple(LEVEL.action_sets),
               help="Which action tiles go into the shared pile. Full uses every action type; first game "
                    "uses four of the simpler ones while you learn."),
    OptionSpec("turn_cap", "int", DEFAULT_TURN_CAP, label="Turn limit", minimum=0, maximum=MAX_TURN_CAP,
               help="The game ends once each player has taken this many turns, if nothing ended it "
                    "sooner. With no limit, only the rules' other endings end it.",
               extra={"presets": TURN_CAP_PRESETS, "labels": {0: "no limit"}}),
    FIRST_PLAYER,
    SETUP,
)


@dataclass(frozen=True)
class Config:
    action_set: str
    turn_cap: int  # turns per seat; 0 = no cap
    counts: tuple[int, ...]  # per kind: power kinds per colour, action kinds in the action pile
    in_set: frozenset[int] = field(init=False, compare=False)  # the action kinds of the action set

    def __post_init__(self) -> None:
        object.__setattr__(self, "in_set", frozenset(KIND_INDEX[t] for t in LEVEL.action_sets[self.action_set]))


def default_counts(action_set: str) -> tuple[int, ...]:
    used = LEVEL.action_sets[action_set]
    return (*(LEVEL.power_counts[k] for k in KINDS[:NPOWER]),
            *(LEVEL.action_counts[t] if t in used else 0 for t in ACTION_TYPES))


def _count_table(raw: Any, key: str, allowed: tuple[str, ...], why: str) -> dict[str, int]:
    if not isinstance(raw, dict):
        raise ValueError(f"setup {key} must be a dict of kind -> count, like {{\"0\": 2, \"1\": 1}}")
    out: dict[str, int] = {}
    for name, count in raw.items():
        kind = str(name) if isinstance(name, int) and not isinstance(name, bool) else name
        if kind not in allowed:
            raise ValueError(f"setup {key} names {name!r}, {why}; allowed: {', '.join(allowed)}")
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_COUNT:
            raise ValueError(f"setup {key} for {kind} must be a whole number from 0 to {MAX_COUNT}, not {count!r}")
        out[kind] = count
    return out


def read_setup(setup: Any, action_set: str) -> tuple[tuple[int, ...] | None, int | None]:
    """Validate ``setup`` (BB-10): (tile counts if it replaces them, first player if it fixes it).

    A count table replaces the data's table, so a kind it leaves out has no tiles."""
    if setup is None:
        return None, None
    if not isinstance(setup, dict):
        raise ValueError("option setup must be a dict like {\"first_player\": 0}")
    unknown = sorted(map(str, set(setup) - set(_SETUP_KEYS)))
    if unknown:
        raise ValueError(f"setup has unknown key(s) {', '.join(unknown)}; allowed: {', '.join(_SETUP_KEYS)}")
    first = setup.get("first_player")
    if first is not None and (isinstance(first, bool) or not isinstance(first, int) or not 0 <= first <= 1):
        raise ValueError(f"setup first_player must be a seat index 0 or 1, not {first!r}")
    counts = None
    if "power_counts" in setup or "action_counts" in setup:
        counts = list(default_counts(action_set))
        if "power_counts" in setup:
            table = _count_table(setup["power_counts"], "power_counts", KINDS[:NPOWER], "which is not a power tile")
            for k in range(NPOWER):
                counts[k] = table.get(KINDS[k], 0)
        if "action_counts" in setup:
            used = LEVEL.action_sets[action_set]
            table = _count_table(setup["action_counts"], "action_counts", used,
                                 f"which the {action_set} action set does not use")
            for t in ACTION_TYPES:
                counts[KIND_INDEX[t]] = table.get(t, 0)
        counts = tuple(counts)
    return counts, first


def make_config(options: dict[str, Any]) -> tuple[Config, int | None]:
    """The game's Config from validated options, and the first player ``setup`` fixes (or None)."""
    counts, first = read_setup(options["setup"], options["action_set"])
    config = Config(options["action_set"], options["turn_cap"], counts or default_counts(options["action_set"]))
    assert len(config.counts) == NKINDS
    return config, first
