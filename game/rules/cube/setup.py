"""Starting a game of Break the Cube: options, the ``setup`` fixture, secrets (CU-5 .. CU-8)."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from game.core.options import FIRST_PLAYER, SETUP, OptionSpec, PerSeatOption, validate_options
from game.core.rng import Rng
from game.rules.cube.data import DATA
from game.rules.cube.shapes import ShapeError, check_raw, read_shape_text, shape_from_raw
from game.rules.cube.space import sample_shape
from game.rules.cube.state import CubeState

MIN_PLAYERS = 2
MAX_PLAYERS = 4
BLOCK_CHOICES: tuple[int, ...] = tuple(DATA.sets)  # 3, 4, 5
STANDARD_BLOCKS = 3
BUILD_CHOICES = ("choose", "random")
_SETUP_KEYS = ("secrets", "first_player")


OPTIONS: tuple[OptionSpec, ...] = (
    PerSeatOption("blocks", "choice", STANDARD_BLOCKS, label="Blocks", choices=BLOCK_CHOICES,
                  help="How many blocks make up each secret shape. 3 is the usual game; 4 or 5 is a "
                       "brain-burner for two players.",
                  # the setup screen offers other sizes to 2 players only (CU-5); seat_help is its
                  # help text while each seat has its own value
                  extra={"players": (2,),
                         "seat_help": "Each secret shape gets its own number of blocks, set beside its seat: "
                                      "a bigger shape is harder to work out, a head start for a newer player."}),
    PerSeatOption("notes", "bool", False, label="Note sheet",
                  help="Keep every question and answer on screen. Off: only the latest answers are shown, "
                       "so you play from memory.",
                  extra={"seat_label": "Notes",  # the short name on the button in each seat row
                         "seat_help": "Set beside each seat: give the note sheet to a younger or newer player "
                                      "while the others play from memory."}),
    OptionSpec("sudden_death", "bool", False, label="Sudden death",
               help="A wrong guess knocks you out: you take no more turns but still answer. "
                    "If only one player is left, that player wins."),
    OptionSpec("build", "choice", "choose", label="Secret shapes", choices=BUILD_CHOICES,
               help="choose: each player builds their own secret shape before the first round. "
                    "random: the game builds a random legal shape for everyone."),
    OptionSpec("max_rounds", "int", 50, label="Round limit", minimum=1, hidden=True,
               help="After this many rounds without a right guess the game ends with no winner "
                    "(a safety net so that every game ends)."),
    FIRST_PLAYER,
    SETUP,
)


def check_num_players(num_players: Any) -> int:
    if isinstance(num_players, bool) or not isinstance(num_players, int) \
            or not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
        raise ValueError(f"Break the Cube is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {num_players!r}")
    return num_players


def per_seat(name: str, value: Any, n: int) -> tuple[Any, ...]:
    """A per-seat option as one value per seat (a single value applies to everyone)."""
    if isinstance(value, list | tuple):
        if len(value) != n:
            raise ValueError(f"option {name} lists {len(value)} seats, but this game has {n} players")
        return tuple(value)
    return (value,) * n


def seat_pieces(blocks: Any, n: int) -> tuple[tuple[str, ...], ...]:
    """Each seat's piece IDs from option ``blocks`` (CU-5)."""
    counts = per_seat("blocks", blocks, n)
    if n != 2 and any(c != STANDARD_BLOCKS for c in counts):
        raise ValueError(f"option blocks: {'/'.join(str(c) for c in counts if c != STANDARD_BLOCKS)} blocks "
                         f"(the brain-burner) need exactly 2 players, not {n} (CU-5)")
    return tuple(DATA.sets[c] for c in counts)


def public_options(opts: dict[str, Any], first: int | None) -> dict[str, Any]:
    """The options every seat may see: everything but ``setup``; per-seat lists frozen as
    tuples (the state shares them; ``json_options`` gives lists back)."""
    out = {k: (tuple(v) if isinstance(v, list | tuple) else v) for k, v in opts.items() if k != "setup"}
    out["first_player"] = first
    return out


def json_options(options: Any) -> dict[str, Any]:
    return {k: (list(v) if isinstance(v, tuple) else v) for k, v in options.items()}


def read_setup(setup: Any, n: int, pieces: tuple[tuple[str, ...], ...]) -> tuple[list[Any] | None, int | None]:
    """Validate the ``setup`` option (CU-8): (secrets as Shapes or None, first player or None)."""
    if not isinstance(setup, dict):
        raise ValueError("option setup must be a dict like {\"secrets\": [one shape per seat]} (CU-8)")
    unknown = sorted(map(str, set(setup) - set(_SETUP_KEYS)))
    if unknown:
        raise ValueError(f"setup has unknown key(s) {', '.join(unknown)}; allowed: {', '.join(_SETUP_KEYS)} (CU-8)")
    first = setup.get("first_player")
    if first is not None and (isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < n):
        raise ValueError(f"setup first_player must be a seat index 0..{n - 1}, not {first!r} (CU-7)")
    raw_secrets = setup.get("secrets")
    if raw_secrets is None:
        return None, first
    if not isinstance(raw_secrets, list | tuple) or len(raw_secrets) != n:
        given = len(raw_secrets) if isinstance(raw_secrets, list | tuple) else type(raw_secrets).__name__
        raise ValueError(f"setup secrets must list one shape per seat: {n} expected, got {given} (CU-8)")
    secrets = []
    for seat, text in enumerate(raw_secrets):
        where = f"setup secrets: seat {seat + 1}"
        if not isinstance(text, str):
            raise ValueError(f"{where} must be a shape string like \"S:5.1,5.2 M:1.1,2.1,4.1 "
                             f"L:3.1,6.1,8.1,9.1\", not {type(text).__name__} (CU-18)")
        try:
            raw = read_shape_text(text)
        except ShapeError as exc:
            raise ValueError(f"{where}: {exc} (CU-18)") from None
        problem = check_raw(raw, pieces[seat])
        if problem:
            raise ValueError(f"{where}'s shape is not legal for blocks {' '.join(pieces[seat])}: {problem} (CU-4)")
        secrets.append(shape_from_raw(raw))
    return secrets, first


def new_game(num_players: int, seed: int, **options: Any) -> CubeState:
    """A new game: the build phase (CU-6), or secrets drawn at random or fixed by ``setup``."""
    n = check_num_players(num_players)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"the seed must be a whole number, not {seed!r}")
    opts = validate_options(OPTIONS, options, n)
    pieces = seat_pieces(opts["blocks"], n)
    notes = tuple(per_seat("notes", opts["notes"], n))
    first = opts["first_player"]
    secrets = None
    if opts["setup"] is not None:
        secrets, setup_first = read_setup(opts["setup"], n, pieces)
        if setup_first is not None:
            first = setup_first  # a first_player inside setup wins over the option
    rng = Rng(seed)
    public = MappingProxyType(public_options(opts, first))
    if first is None:
        first = rng.randrange(n)  # CU-7
    state = CubeState.blank(n, public, pieces, notes, first, rng, fixed=secrets is not None)
    if secrets is None and opts["build"] == "random":
        secrets = [sample_shape(pieces[p], rng) for p in range(n)]  # seat 1 first (CU-6)
    if secrets is not None:
        state._secrets = list(secrets)
        state.start_play()
    return state
