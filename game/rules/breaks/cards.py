"""Cards of Breaks: the deck constants from ``levels/breaks/deck.toml`` and card codes.

Inside the engine a card is a small int so that matching and scoring are table
look-ups: a regular card is ``rank_index * len(suits) + suit_index`` and the joker is
the last id. Outside (notation, views, JSON) a card is its code: ``"7H"``, ``"JK"``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.paths import level_file, read_toml

JOKER_CODE = "JK"
ACE_RANK = "A"
_KEYS = ("suits", "ranks", "court_bonus", "jokers_per_deck", "slots", "stack_size")


@dataclass(frozen=True)
class DeckSpec:
    """The validated contents of deck.toml plus the code <-> id tables derived from it."""

    suits: tuple[str, ...]
    ranks: tuple[str, ...]
    court_bonus: dict[str, int]
    jokers_per_deck: int
    slots: int
    stack_size: int
    codes: tuple[str, ...]  # card id -> code; the joker is last
    ids: dict[str, int]  # code -> card id

    @property
    def joker(self) -> int:
        return len(self.codes) - 1

    @property
    def regular_cards(self) -> range:
        return range(len(self.codes) - 1)

    def rank_of(self, card: int) -> str:
        return self.ranks[card // len(self.suits)]

    def suit_of(self, card: int) -> str:
        return self.suits[card % len(self.suits)]


def _symbols(path: Path, data: dict[str, Any], key: str) -> tuple[str, ...]:
    value = data[key]
    if not isinstance(value, list) or not value:
        raise ValueError(f"{path}: {key} must be a non-empty list of one-letter strings")
    for sym in value:
        if not (isinstance(sym, str) and len(sym) == 1 and sym.isalnum() and sym == sym.upper()):
            raise ValueError(f"{path}: {key} holds {sym!r}; each must be one upper-case letter or digit")
    if len(set(value)) != len(value):
        raise ValueError(f"{path}: {key} lists the same symbol twice")
    return tuple(value)


def _count(path: Path, data: dict[str, Any], key: str, low: int, high: int) -> int:
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{path}: {key} must be a whole number from {low} to {high}, not {value!r}")
    return value


def _court_bonus(path: Path, data: dict[str, Any], ranks: tuple[str, ...]) -> dict[str, int]:
    value = data["court_bonus"]
    if not isinstance(value, dict) or not value:
        raise ValueError(f"{path}: court_bonus must be a table of court ranks, like {{ J = 1 }}")
    for rank, bonus in value.items():
        if rank not in ranks:
            raise ValueError(f"{path}: court_bonus names rank {rank!r}, which is not in ranks")
        if isinstance(bonus, bool) or not isinstance(bonus, int) or bonus < 0:
            raise ValueError(f"{path}: court_bonus for {rank} must be a whole number >= 0, not {bonus!r}")
    return dict(value)


def parse_deck(data: dict[str, Any], path: Path) -> DeckSpec:
    """Validate the decoded TOML; every problem raises ValueError naming the file."""
    missing = [k for k in _KEYS if k not in data]
    if missing:
        raise ValueError(f"{path}: missing key(s) {', '.join(missing)}")
    unknown = sorted(set(data) - set(_KEYS))
    if unknown:
        raise ValueError(f"{path}: unknown key(s) {', '.join(unknown)}")
    suits = _symbols(path, data, "suits")
    ranks = _symbols(path, data, "ranks")
    if ACE_RANK not in ranks:
        raise ValueError(f"{path}: ranks must include {ACE_RANK} (the aces_wild option needs it)")
    if JOKER_CODE[0] in ranks and JOKER_CODE[1] in suits:
        raise ValueError(f"{path}: rank {JOKER_CODE[0]} with suit {JOKER_CODE[1]} would clash with the joker")
    codes = (*(r + s for r in ranks for s in suits), JOKER_CODE)
    return DeckSpec(
        suits=suits,
        ranks=ranks,
        court_bonus=_court_bonus(path, data, ranks),
        jokers_per_deck=_count(path, data, "jokers_per_deck", 0, 8),
        slots=_count(path, data, "slots", 1, 9),  # one digit in the notation
        stack_size=_count(path, data, "stack_size", 2, 52),
        codes=codes,
        ids={code: i for i, code in enumerate(codes)},
    )


def load_deck(path: Path | None = None) -> DeckSpec:
    """Read and validate deck.toml (the bundled one unless a path is given)."""
    path = path or level_file("breaks", "deck.toml")
    data = read_toml(path, "cannot read the Breaks deck file")
    return parse_deck(data, path)


DECK = load_deck()
