"""Starting a game of Blockers!: options, the ``setup`` test fixture, shuffling (BL-2 .. BL-5)."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from game.core.errors import IllegalAction
from game.core.options import FIRST_PLAYER, SETUP, OptionSpec, validate_options
from game.core.rng import Rng
from game.rules.blockers.actions import read_square, read_tile
from game.rules.blockers.data import TILES_PER_COLOUR
from game.rules.blockers.layout import ADVANCED_COLOURS, COLOUR_INDEX, COLOURS, RACK_SIZE, TILES
from game.rules.blockers.state import NUM_COLOURS, BlockersState, Config

MIN_PLAYERS = 2
MAX_PLAYERS = NUM_COLOURS
OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("advanced", "bool", False, label="Advanced 2-player game",
               help="Two players only: each plays two colours with a rack for each, may place from "
                    "either, and may even capture their own other colour. A colour is finished once it "
                    "must draw from an empty pool (its last four tiles are shown and never played); the "
                    "game ends when all four colours are finished, or when nobody can move.",
               extra={"players": (2,)}),  # a hint for the setup screen: only offered to 2 players
    FIRST_PLAYER,
    SETUP,
)
_SETUP_KEYS = ("pools", "board", "first_player")


def check_num_players(num_players: Any) -> int:
    if isinstance(num_players, bool) or not isinstance(num_players, int) \
            or not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
        raise ValueError(f"Blockers! is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {num_players!r}")
    return num_players


def seat_colours(num_players: int, advanced: bool) -> tuple[tuple[int, ...], ...]:
    """BL-2: each seat's colour slots."""
    if advanced:
        if num_players != 2:
            raise ValueError(f"the advanced game is for exactly 2 players, not {num_players}")
        return ADVANCED_COLOURS
    return tuple((c,) for c in range(num_players))


def public_options(opts: dict[str, Any], first: int | None) -> MappingProxyType[str, Any]:
    """The options a view and a save show: never ``setup`` (it fixes hidden tiles)."""
    return MappingProxyType({"advanced": opts["advanced"], "first_player": first})


def new_game(num_players: int, seed: int, **options: Any) -> BlockersState:
    """A new game: shuffle every colour's pool (BL-3) or take it from ``setup`` (BL-5)."""
    n = check_num_players(num_players)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"the seed must be a whole number, not {seed!r}")
    opts = validate_options(OPTIONS, options, n)
    cols = seat_colours(n, opts["advanced"])
    in_play = [c for seat in cols for c in seat]
    rng = Rng(seed)
    first = opts["first_player"]
    pools: list[tuple[int, ...]] = [()] * NUM_COLOURS
    preset: dict[int, int] = {}
    if opts["setup"] is None:
        for c in in_play:
            tiles = list(range(TILES_PER_COLOUR))
            rng.shuffle(tiles)
            pools[c] = tuple(tiles)
    else:
        given, preset, setup_first = read_setup(opts["setup"], n, in_play)
        for c, pool in zip(in_play, given, strict=True):
            pools[c] = pool
        if setup_first is not None:
            first = setup_first  # a first_player inside setup wins over the option
    public = public_options(opts, first)
    if first is None:
        first = rng.randrange(n)  # BL-4
    cfg = Config(num_players=n, advanced=opts["advanced"], seat_colours=cols, pool_length=len(pools[in_play[0]]),
                 options=public, fixed=opts["setup"] is not None, first=first)
    state = BlockersState.blank(cfg, tuple(pools), rng)
    for square, colour in preset.items():
        state._board[square] = colour + 1
    state.deal()
    return state


def _pool(raw: Any, colour: str) -> tuple[int, ...]:
    where = f"setup pools: the {colour} pool"
    if not isinstance(raw, list | tuple):
        raise ValueError(f"{where} must be a list of tile names, not {type(raw).__name__}")
    out = []
    for name in raw:
        if not isinstance(name, str):
            raise ValueError(f"{where} holds {name!r}; tiles are names like \"7\", \"C\", \"moon\" or \"wild\"")
        try:
            tile = read_tile(name)
        except IllegalAction as exc:
            raise ValueError(f"{where}: {exc}") from None
        if tile in out:
            raise ValueError(f"{where} lists {TILES[tile]} twice; each colour has one tile of each kind")
        out.append(tile)
    return tuple(out)


def _pools(raw: Any, in_play: list[int]) -> list[tuple[int, ...]]:
    names = [COLOURS[c] for c in in_play]
    if not isinstance(raw, list | tuple) or len(raw) != len(in_play):
        raise ValueError(f"setup pools must be a list of {len(in_play)} pools, one per colour in this order: "
                         f"{', '.join(names)}")
    pools = [_pool(p, name) for p, name in zip(raw, names, strict=True)]
    lengths = sorted({len(p) for p in pools})
    if len(lengths) > 1:
        sizes = ", ".join(f"{name} {len(p)}" for name, p in zip(names, pools, strict=True))
        raise ValueError(f"setup pools must all have the same length, not {sizes}")
    if not RACK_SIZE <= lengths[0] <= TILES_PER_COLOUR:
        raise ValueError(f"setup pools must hold {RACK_SIZE} to {TILES_PER_COLOUR} tiles each, not {lengths[0]}")
    return pools


def _board(raw: Any) -> dict[int, int]:
    if not isinstance(raw, dict):
        raise ValueError("setup board must be a table of square -> colour, like {\"E5\": \"blue\"}")
    out: dict[int, int] = {}
    for square_name, colour_name in raw.items():
        if not isinstance(square_name, str):
            raise ValueError(f"setup board: {square_name!r} is not a square (A1 to I9)")
        try:
            square = read_square(square_name)
        except IllegalAction as exc:
            raise ValueError(f"setup board: {exc}") from None
        if square in out:
            raise ValueError(f"setup board names {square_name} twice")
        if not isinstance(colour_name, str) or colour_name.strip().lower() not in COLOUR_INDEX:
            raise ValueError(f"setup board: {square_name} has {colour_name!r}, which is not a colour "
                             f"({', '.join(COLOURS)})")
        out[square] = COLOUR_INDEX[colour_name.strip().lower()]
    return out


def read_setup(setup: Any, n: int, in_play: list[int]) -> tuple[list[tuple[int, ...]], dict[int, int], int | None]:
    """Validate the ``setup`` option: (pools in colour-slot order, preset square -> colour, first player)."""
    if not isinstance(setup, dict):
        raise ValueError("option setup must be a dict with pools (and optional board, first_player)")
    unknown = sorted(map(str, set(setup) - set(_SETUP_KEYS)))
    if unknown:
        raise ValueError(f"setup has unknown key(s) {', '.join(unknown)}; allowed: {', '.join(_SETUP_KEYS)}")
    if "pools" not in setup:
        raise ValueError("setup needs pools: one list of tile names per colour, in draw order")
    pools = _pools(setup["pools"], in_play)
    preset = _board(setup["board"]) if setup.get("board") is not None else {}
    first = setup.get("first_player")
    if first is not None and (isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < n):
        raise ValueError(f"setup first_player must be a seat index 0..{n - 1}, not {first!r}")
    return pools, preset, first
