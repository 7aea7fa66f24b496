"""Every game's notation reads plain ASCII digits only.

Python's ``str.isdigit`` and regex ``\\d`` also accept other scripts' digits ("²", "١"):
those strings must be refused with an IllegalAction and a reason, never crash with a
bare ValueError or quietly read as another number."""

from __future__ import annotations

import random

import pytest

from game.core.errors import IllegalAction
from game.rules import CATALOG, get_rules

LOOKALIKES = {str(d): (chr(0x0660 + d), "⁰¹²³⁴⁵⁶⁷⁸⁹"[d]) for d in range(10)}


def _with_foreign_digit(text: str) -> list[str]:
    """``text`` with each of its digits swapped, one at a time, for non-ASCII digits."""
    variants = []
    for i, ch in enumerate(text):
        for other in LOOKALIKES.get(ch, ()):
            variants.append(text[:i] + other + text[i + 1:])
    return variants


@pytest.mark.parametrize("name", [info.name for info in CATALOG])
def test_non_ascii_digits_are_refused_with_a_reason(name):
    rules = get_rules(name)
    state = rules.new_game(rules.min_players, seed=7)
    rng = random.Random(7)
    checked = 0
    for _ in range(30):
        if state.is_terminal():
            break
        actions = state.legal_actions()
        for action in actions[:40]:
            for text in _with_foreign_digit(str(action)):
                with pytest.raises(IllegalAction):
                    state.parse(text)
                checked += 1
        state.apply(rng.choice(actions))
    assert checked > 0
