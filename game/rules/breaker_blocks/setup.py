"""Starting a game of Breaker Blocks (BB-9, BB-10): options, the seeded first player, the deal."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from game.core.options import validate_options
from game.core.rng import Rng
from game.rules.breaker_blocks.config import OPTIONS, make_config
from game.rules.breaker_blocks.state import BreakerBlocksState

MIN_PLAYERS = MAX_PLAYERS = 2


def check_num_players(num_players: Any) -> int:
    if isinstance(num_players, bool) or num_players != MIN_PLAYERS or not isinstance(num_players, int):
        raise ValueError(f"Breaker Blocks is for exactly 2 players, not {num_players!r}")
    return num_players


def public_options(opts: dict[str, Any], first: int | None) -> MappingProxyType[str, Any]:
    """What the game shows of its options: never ``setup``."""
    return MappingProxyType({"action_set": opts["action_set"], "turn_cap": opts["turn_cap"], "first_player": first})


def new_game(num_players: int, seed: int, **options: Any) -> BreakerBlocksState:
    """A new game. The seed's only job is the first player (BB-9) unless one is given;
    ``setup["first_player"]`` wins over option ``first_player`` (BB-10)."""
    n = check_num_players(num_players)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"the seed must be a whole number, not {seed!r}")
    opts = validate_options(OPTIONS, options, n)
    config, setup_first = make_config(opts)
    first = setup_first if setup_first is not None else opts["first_player"]
    rng = Rng(seed)
    public = public_options(opts, first)
    if first is None:
        first = rng.randrange(n)
    return BreakerBlocksState.new(config, public, first, rng)
