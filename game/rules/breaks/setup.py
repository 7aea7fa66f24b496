"""Starting a game of Breaks: options, the ``setup`` test fixture, shuffle and deal (BR-1 .. BR-4)."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise
from types import MappingProxyType
from typing import Any

from game.core.options import FIRST_PLAYER, SETUP, OptionSpec, validate_options
from game.core.rng import Rng
from game.rules.breaks.actions import MAX_PLAYERS, MIN_PLAYERS, SLOTS
from game.rules.breaks.cards import DECK
from game.rules.breaks.state import BreaksState
from game.rules.breaks.variant import RULE_OPTIONS, SCORING_CHOICES, Variant, variant

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("scoring", "choice", "standard", label="Scoring", choices=SCORING_CHOICES,
               help="Standard: every stack is worth 1 point. Court: a stack also earns "
                    "1 per Jack, 2 per Queen and 3 per King inside it."),
    OptionSpec("jokers", "bool", False, label="Jokers",
               help="Shuffle the jokers in. A joker matches any card but can never break."),
    OptionSpec("aces_wild", "bool", False, label="Aces wild",
               help="An ace matches any card, whatever its rank or suit."),
    OptionSpec("two_decks", "bool", False, label="Two decks",
               help="Play with two decks mixed together for a longer game."),
    OptionSpec("break_to_empty", "bool", False, label="Break into empty slots",
               help="A stolen sequence may also be laid into one of your empty slots."),
    FIRST_PLAYER,
    SETUP,
)
_SETUP_KEYS = ("deck", "tableaux", "first_player")


def check_num_players(num_players: Any) -> int:
    if isinstance(num_players, bool) or not isinstance(num_players, int) \
            or not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
        raise ValueError(f"Breaks is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {num_players!r}")
    return num_players


def new_game(num_players: int, seed: int, **options: Any) -> BreaksState:
    """A new game: shuffle and deal (BR-2), or take the cards from ``setup`` (BR-4)."""
    n = check_num_players(num_players)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"the seed must be a whole number, not {seed!r}")
    opts = validate_options(OPTIONS, options, n)
    var = variant(**{name: opts[name] for name in RULE_OPTIONS})
    rng = Rng(seed)
    first = opts["first_player"]
    tableaux = None
    if opts["setup"] is None:
        deck = list(var.full_deck)
        rng.shuffle(deck)
    else:
        deck, tableaux, setup_first = read_setup(opts["setup"], n, var)
        if setup_first is not None:
            first = setup_first  # BR-4: setup's first_player wins over the option
    public = {**var.options, "first_player": first}
    if first is None:
        first = rng.randrange(n)  # BR-3
    state = BreaksState.blank(n, var, MappingProxyType(public), opts["setup"] is not None, first, rng)
    _deal(state, deck, tableaux)
    return state


def _deal(state: BreaksState, deck: list[int], tableaux: list[list[list[int]]] | None) -> None:
    n = state.num_players
    if tableaux is None:
        # One card at a time: slot 1 of every seat, then slot 2, then slot 3 (BR-2).
        for i in range(SLOTS * n):
            state._tab[i % n][i // n].append(deck[i])
        deck = deck[SLOTS * n:]
    else:
        state._tab = tableaux
    state._draw = deck[::-1]  # the engine draws from the end of the list
    if not deck:
        state._start_final()  # BR-14: a setup with both piles empty ends play at once


def _card(code: Any, where: str) -> int:
    if not isinstance(code, str) or code.strip().upper() not in DECK.ids:
        raise ValueError(f"setup {where}: {code!r} is not a card code (like 7H, TD, KC or JK)")
    return DECK.ids[code.strip().upper()]


def _read_deck(setup: dict[str, Any]) -> list[int]:
    if "deck" not in setup:
        raise ValueError("setup needs a deck: the list of card codes, first dealt or drawn first")
    raw = setup["deck"]
    if not isinstance(raw, list | tuple):
        raise ValueError(f"setup deck must be a list of card codes, not {type(raw).__name__}")
    return [_card(code, f"deck[{i}]") for i, code in enumerate(raw)]


def _read_tableaux(raw: Any, n: int, var: Variant) -> list[list[list[int]]]:
    if not isinstance(raw, list | tuple) or len(raw) != n:
        raise ValueError(f"setup tableaux must list {n} seats (one per player)")
    out = []
    for p, seat in enumerate(raw, 1):
        if not isinstance(seat, list | tuple) or len(seat) != SLOTS:
            raise ValueError(f"setup tableaux: seat {p} must have {SLOTS} slots")
        slots = []
        for s, cards in enumerate(seat, 1):
            where = f"tableaux seat {p} slot {s}"
            if not isinstance(cards, list | tuple) or len(cards) >= DECK.stack_size:
                raise ValueError(f"setup {where} must be a list of 0 to {DECK.stack_size - 1} cards")
            ids = [_card(code, where) for code in cards]
            for below, above in pairwise(ids):
                if not var.match[above][below]:
                    raise ValueError(f"setup {where}: {DECK.codes[above]} does not match "
                                     f"{DECK.codes[below]} below it")
            slots.append(ids)
        out.append(slots)
    return out


def _check_counts(cards: list[int], var: Variant) -> None:
    for card, count in sorted(Counter(cards).items()):
        held = var.copies[card]
        if count > held:
            code = DECK.codes[card]
            if held == 0:
                raise ValueError(f"setup uses {code}, but this deck has none (jokers need the jokers option)")
            raise ValueError(f"setup uses {code} {count} times, but the deck holds it only {held} time(s)")


Tableaux = list[list[list[int]]]  # seat -> slot -> card ids, bottom first


def read_setup(setup: Any, n: int, var: Variant) -> tuple[list[int], Tableaux | None, int | None]:
    """Validate the ``setup`` option: (deck ids, tableaux ids or None, first player or None)."""
    if not isinstance(setup, dict):
        raise ValueError("option setup must be a dict with a deck (and optional tableaux, first_player)")
    unknown = sorted(set(setup) - set(_SETUP_KEYS))
    if unknown:
        raise ValueError(f"setup has unknown key(s) {', '.join(map(str, unknown))}; "
                         f"allowed: {', '.join(_SETUP_KEYS)}")
    deck = _read_deck(setup)
    tableaux = None
    if setup.get("tableaux") is not None:
        tableaux = _read_tableaux(setup["tableaux"], n, var)
    elif len(deck) < SLOTS * n:
        raise ValueError(f"setup deck has {len(deck)} cards; a deal to {n} players needs {SLOTS * n} or more")
    used = deck + [c for seat in tableaux or () for cards in seat for c in cards]
    _check_counts(used, var)
    first = setup.get("first_player")
    if first is not None and (isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < n):
        raise ValueError(f"setup first_player must be a seat index 0..{n - 1}, not {first!r}")
    return deck, tableaux, first
