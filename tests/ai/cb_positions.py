"""Circuit Breaker positions and helpers shared by the AI tests."""

from __future__ import annotations

from typing import Any

from game.ai.seat import SeatInfo
from game.rules import get_rules

RULES = get_rules("circuit_breaker")
GAME = "circuit_breaker"
# The rules file's fixed setup S: seat 1 holds W1, W31, A1, A2, A3 (types 1, 1, 1) with card 1 = {1, 2, 4}.
SETUP_S = {"first_player": 0, "wire_order": ["W1", "W31", "W7", "W22", "W4", "W16"],
           "appliance_order": ["A1", "A2", "A3", "A5", "A9", "A16", "A4", "A6", "A7"], "objectives": [1, 2]}
# E4: seat 2's mouse sits on seat 1's Bubble Maker (on seat 1's card), and seat 1 holds a cube.
THEFT = ["place A1 at 3,4 r180", "discard A3 to appliance-1", "end", "mouse house 1 at 3,4", "end"]


def game_after(actions: list[str], **options: Any) -> Any:
    """A 2-player game from setup S (or ``setup=``) after ``actions``."""
    state = RULES.new_game(2, 0, setup=options.pop("setup", SETUP_S), **options)
    for text in actions:
        state.apply(state.parse(text))
    return state


def play_turn(bot: Any, state: Any) -> list[str]:
    """The actions ``bot`` plays for the mover until its turn ends."""
    seat, played = state.current_player, []
    while state.current_player == seat:
        action = bot.choose(SeatInfo(state, seat, GAME))
        played.append(str(action))
        state.apply(action)
    return played
