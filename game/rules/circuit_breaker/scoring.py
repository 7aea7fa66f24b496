"""Scoring and tie-breaks (CB-6, CB-19): pure functions over appliance counts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.rules.circuit_breaker.data import DATA


def card_types(card: int | None) -> tuple[int, ...]:
    """The 1-based types on objective card ``card`` (1-based); none for an unknown card."""
    return () if card is None else DATA.cards[card - 1]


def type_counts(types: Sequence[int]) -> list[int]:
    """Copies per type: index t (1-based; index 0 unused) from a list of appliance types."""
    counts = [0] * (len(DATA.type_names) + 1)
    for t in types:
        counts[t] += 1
    return counts


def points(counts: Sequence[int], card: int | None) -> int:
    on = card_types(card)
    total = 0
    for t in range(1, len(counts)):
        # every type counts, even at 0 copies: the tables are data (CB-6, CB-19)
        n = counts[t]
        total += DATA.score_on[n] if t in on else DATA.score_off[n]
    return total


def breakdown(counts: Sequence[int], card: int | None) -> dict[str, Any]:
    """The score panel's rows: every type with its count, whether it is on the card, and
    its points (with both tables' values, so an unknown card can still be shown)."""
    on = card_types(card)
    rows = []
    for t in range(1, len(counts)):
        n = counts[t]
        rows.append({
            "type": t, "name": DATA.type_names[t - 1], "count": n, "on_card": t in on,
            "points": DATA.score_on[n] if t in on else DATA.score_off[n],
            "if_on_card": DATA.score_on[n], "if_off_card": DATA.score_off[n],
        })
    return {"card": card, "card_types": list(on), "total": sum(r["points"] for r in rows),
            "appliances": sum(counts), "types": rows}


def winners(scores: Sequence[int], cheese: Sequence[int], appliances: Sequence[int]) -> list[int]:
    """Most points; ties to most cheese held, then most appliances in the house; seats
    still tied all win (CB-19)."""
    keys = [(s, c, a) for s, c, a in zip(scores, cheese, appliances, strict=True)]
    best = max(keys)
    return [q for q, k in enumerate(keys) if k == best]


def score_tables() -> dict[str, list[int]]:
    """Points for 0..4 copies on and off the card (the reference card's two rows)."""
    return {"on_card": list(DATA.score_on), "off_card": list(DATA.score_off)}
