"""Starting a game of Circuit Breaker: options, the ``setup`` fixture, shuffle and deal (CB-9, CB-10)."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from game.core.options import FIRST_PLAYER, SETUP, OptionSpec, validate_options
from game.core.rng import Rng
from game.rules.circuit_breaker.actions import TILE_IDS, TILE_INDEX
from game.rules.circuit_breaker.data import DATA, MAX_PLAYERS, MIN_PLAYERS
from game.rules.circuit_breaker.state import APPLIANCE_STACK, WIRE_STACK, CircuitState

MAX_ROUNDS = 40
OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("rounds", "int", None, label="Rounds", minimum=1, maximum=MAX_ROUNDS, allow_none=True,
               help="How many rounds the game lasts. The default is the full round counter: 16 rounds with "
                    "two players, 12 with three or four. Extra tiles are still dealt on their usual rounds."),
    FIRST_PLAYER,
    SETUP,
)
_SETUP_KEYS = ("first_player", "wire_order", "appliance_order", "objectives")


def check_num_players(num_players: Any) -> int:
    if isinstance(num_players, bool) or not isinstance(num_players, int) \
            or not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
        raise ValueError(f"Circuit Breaker is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {num_players!r}")
    return num_players


def default_rounds(num_players: int) -> int:
    return DATA.default_rounds(num_players)


def new_game(num_players: int, seed: int, **options: Any) -> CircuitState:
    """A new game: shuffle, deal (CB-9), or take the fixed orders from ``setup`` (CB-10).

    Chance is drawn in this order, each only when ``setup`` leaves it open: the wire
    stack, the appliance stack, the objective cards, the first player.
    """
    n = check_num_players(num_players)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"the seed must be a whole number, not {seed!r}")
    opts = validate_options(OPTIONS, options, n)
    fixed = read_setup(opts["setup"], n)
    rng = Rng(seed)
    wires = _order(fixed.get("wire_order"), range(DATA.num_wires), rng)
    appliances = _order(fixed.get("appliance_order"), range(DATA.num_wires, DATA.num_tiles), rng)
    objectives = fixed.get("objectives") or rng.sample(range(1, len(DATA.cards) + 1), n)
    first = fixed.get("first_player", opts["first_player"])
    public = {"rounds": opts["rounds"], "first_player": first}
    if first is None:
        first = rng.randrange(n)
    rounds = opts["rounds"] or default_rounds(n)
    state = CircuitState.blank(n, MappingProxyType(public), first, rounds, objectives, rng)
    state._stacks[WIRE_STACK] = wires[::-1]  # the engine takes from the end of the list
    state._stacks[APPLIANCE_STACK] = appliances[::-1]
    deal_opening(state)
    state.start_turn()
    return state


def _order(listed: list[int] | None, tiles: range, rng: Rng) -> list[int]:
    """A stack from the top down: the listed tiles, then the rest in ascending order; or
    a seeded shuffle when nothing is listed."""
    if listed is None:
        out = list(tiles)
        rng.shuffle(out)
        return out
    chosen = set(listed)
    return listed + [t for t in tiles if t not in chosen]


def deal_opening(state: CircuitState) -> None:
    """CB-9: wires to seat 1, seat 2, ..., then appliances, then the five face-up piles."""
    wires, apps = state._stacks
    for seat in range(state.num_players):
        for _ in range(DATA.hand_wires):
            state._give(seat, wires.pop(), False)
    for seat in range(state.num_players):
        for _ in range(DATA.hand_appliances):
            state._give(seat, apps.pop(), False)
    for p, pile in enumerate(state._piles):
        pile.append((wires if p < 2 else apps).pop())


def _tiles(raw: Any, key: str, kind: str, tiles: range) -> list[int]:
    if not isinstance(raw, list | tuple):
        raise ValueError(f"setup {key} must be a list of {kind} ids, top of the stack first")
    out = []
    for tid in raw:
        t = TILE_INDEX.get(tid.strip().upper(), -1) if isinstance(tid, str) else -1
        if t not in tiles:
            raise ValueError(f"setup {key}: {tid!r} is not a {kind} id ({TILE_IDS[tiles[0]]}..{TILE_IDS[tiles[-1]]})")
        if t in out:
            raise ValueError(f"setup {key} lists {TILE_IDS[t]} twice")
        out.append(t)
    return out


def read_setup(setup: Any, n: int) -> dict[str, Any]:
    """Validate the ``setup`` option (CB-10): a dict of the keys it gives, as ints."""
    if setup is None:
        return {}
    if not isinstance(setup, dict):
        raise ValueError(f"option setup must be a dict with any of {', '.join(_SETUP_KEYS)}")
    unknown = sorted(set(map(str, setup)) - set(_SETUP_KEYS))
    if unknown:
        raise ValueError(f"setup has unknown key(s) {', '.join(unknown)}; allowed: {', '.join(_SETUP_KEYS)}")
    out: dict[str, Any] = {}
    if setup.get("first_player") is not None:
        first = setup["first_player"]
        if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < n:
            raise ValueError(f"setup first_player must be a seat index 0..{n - 1}, not {first!r}")
        out["first_player"] = first
    if setup.get("wire_order") is not None:
        out["wire_order"] = _tiles(setup["wire_order"], "wire_order", "wire", range(DATA.num_wires))
    if setup.get("appliance_order") is not None:
        out["appliance_order"] = _tiles(setup["appliance_order"], "appliance_order", "appliance",
                                        range(DATA.num_wires, DATA.num_tiles))
    if setup.get("objectives") is not None:
        out["objectives"] = read_objectives(setup["objectives"], n)
    return out


def read_objectives(raw: Any, n: int) -> list[int]:
    count = len(DATA.cards)
    if not isinstance(raw, list | tuple) or len(raw) != n:
        raise ValueError(f"setup objectives must give one card (1..{count}) per seat: {n} cards")
    for card in raw:
        if isinstance(card, bool) or not isinstance(card, int) or not 1 <= card <= count:
            raise ValueError(f"setup objectives: {card!r} is not an objective card (1..{count})")
    if len(set(raw)) != n:
        raise ValueError("setup objectives: every seat gets a different card")
    return list(raw)
