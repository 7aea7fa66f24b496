"""Breaks, the card game (rules: shared/rules/breaks.md, BR-1 .. BR-21).

Modules, one job each: ``cards`` (deck.toml, card codes), ``variant`` (per-option
tables and card helpers), ``actions`` (action objects, notation), ``state`` (turn flow,
legal actions, effects), ``setup`` (options, shuffle and deal), ``hidden`` (views,
determinization), ``serial`` (JSON), ``rules`` (the ``RULES`` object).

Ruling where the rules file leaves room: the view's ``stall_limit`` ("its current limit",
BR-20) counts a drawn card still to resolve as in the discard pile, so it is the limit the
next discard is checked against.
"""

from game.rules.breaks.actions import (
    BREAK,
    DISCARD,
    DONE,
    DRAW,
    MERGE,
    PLACE,
    Action,
    Break,
    Discard,
    Done,
    Draw,
    Merge,
    Place,
)
from game.rules.breaks.cards import DECK
from game.rules.breaks.rules import RULES, BreaksRules
from game.rules.breaks.state import BreaksState
from game.rules.breaks.variant import card_matches, is_court, is_wild

__all__ = [
    "BREAK",
    "DECK",
    "DISCARD",
    "DONE",
    "DRAW",
    "MERGE",
    "PLACE",
    "RULES",
    "Action",
    "Break",
    "BreaksRules",
    "BreaksState",
    "Discard",
    "Done",
    "Draw",
    "Merge",
    "Place",
    "card_matches",
    "is_court",
    "is_wild",
]
