"""Per-variant tables: which cards match, which break, what they score, what the deck holds.

One ``Variant`` is built (and cached) per combination of the rule options, and every
state of that variant shares it, so the hot paths (legal actions, apply) only index
lists. Also home of the small card helpers the UI uses (``card_matches`` ...).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from game.rules.breaks.cards import ACE_RANK, DECK

SCORING_CHOICES = ("standard", "court")
# The options that change the rules tables (first_player/setup only change the deal).
RULE_OPTIONS = ("scoring", "jokers", "aces_wild", "two_decks", "break_to_empty")


@dataclass(frozen=True, eq=False)
class Variant:
    scoring: str
    jokers: bool
    aces_wild: bool
    two_decks: bool
    break_to_empty: bool
    match: tuple[tuple[bool, ...], ...]  # match[a][b]: card a may lie on / under card b
    court: tuple[bool, ...]  # can break when drawn
    bonus: tuple[int, ...]  # extra points inside a stack (0 unless court scoring)
    copies: tuple[int, ...]  # how many of each card id the deck holds
    full_deck: tuple[int, ...]  # the whole deck in a fixed order, before shuffling

    @property
    def options(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in RULE_OPTIONS}

    def stack_points(self, cards: tuple[int, ...]) -> int:
        bonus = self.bonus
        return 1 + sum(bonus[c] for c in cards)


def _is_wild(card: int, aces_wild: bool) -> bool:
    return card == DECK.joker or (aces_wild and DECK.rank_of(card) == ACE_RANK)


def _matches(a: int, b: int, aces_wild: bool) -> bool:
    if _is_wild(a, aces_wild) or _is_wild(b, aces_wild):
        return True
    return DECK.rank_of(a) == DECK.rank_of(b) or DECK.suit_of(a) == DECK.suit_of(b)


@cache
def match_table(aces_wild: bool) -> tuple[tuple[bool, ...], ...]:
    ids = range(len(DECK.codes))
    return tuple(tuple(_matches(a, b, aces_wild) for b in ids) for a in ids)


@cache
def variant(scoring: str = "standard", jokers: bool = False, aces_wild: bool = False,
            two_decks: bool = False, break_to_empty: bool = False) -> Variant:
    if scoring not in SCORING_CHOICES:
        raise ValueError(f"option scoring must be one of {SCORING_CHOICES}, not {scoring!r}")
    decks = 2 if two_decks else 1
    court = tuple(c != DECK.joker and DECK.rank_of(c) in DECK.court_bonus for c in range(len(DECK.codes)))
    bonus = tuple(
        DECK.court_bonus[DECK.rank_of(c)] if court[c] and scoring == "court" else 0
        for c in range(len(DECK.codes))
    )
    jokers_held = DECK.jokers_per_deck * decks if jokers else 0
    copies = (*(decks for _ in DECK.regular_cards), jokers_held)
    full_deck = tuple(c for _ in range(decks) for c in DECK.regular_cards) + (DECK.joker,) * jokers_held
    return Variant(scoring, jokers, aces_wild, two_decks, break_to_empty,
                   match_table(aces_wild), court, bonus, copies, full_deck)


# --- helpers for the UI (card codes in, plain answers out) -----------------------------

def card_id(code: str) -> int:
    """The engine's id of a card code ("7H", "jk"); ValueError if it is not a card."""
    try:
        return DECK.ids[code.strip().upper()]
    except (KeyError, AttributeError):
        raise ValueError(f"{code!r} is not a card") from None


def _aces_wild(options: Mapping[str, Any] | None) -> bool:
    return bool(options and options.get("aces_wild"))


def card_matches(a: str, b: str, options: Mapping[str, Any] | None = None) -> bool:
    """True if card a may lie on card b (same rank or suit, or either is wild); symmetric."""
    return match_table(_aces_wild(options))[card_id(a)][card_id(b)]


def is_court(card: str) -> bool:
    """J, Q or K: the cards that can break when drawn. A joker never is."""
    c = card_id(card)
    return c != DECK.joker and DECK.rank_of(c) in DECK.court_bonus


def is_wild(card: str, options: Mapping[str, Any] | None = None) -> bool:
    """A joker always; an ace when the aces_wild option is on."""
    return _is_wild(card_id(card), _aces_wild(options))
