"""The reasons the rules engines give for illegal but well-formed moves (the only kind the
client makes), gathered by playing random games and trying, at every step, actions that
were legal at some other moment. Used to check each shipped language translates them."""

from __future__ import annotations

import random

from game.core.errors import IllegalAction
from game.rules import get_rules


def gather(game: str, games: int, seed: int = 0, tries: int = 25, options: dict | None = None,
           players: int | None = None) -> set[str]:
    rules = get_rules(game)
    rng = random.Random(seed)
    pool: set[str] = set()
    found: set[str] = set()
    for g in range(games):
        n = players or rules.min_players + g % (rules.max_players - rules.min_players + 1)
        state = rules.new_game(n, seed + g, **(options or {}))
        while not state.is_terminal():
            legal = state.legal_actions()
            picks = range(len(legal)) if len(legal) <= 200 else (rng.randrange(len(legal)) for _ in range(40))
            pool.update(str(legal[i]) for i in picks)  # the cube's guesses run to thousands: a sample
            for text in rng.sample(sorted(pool), min(tries, len(pool))):
                try:
                    state.parse(text)
                except IllegalAction as exc:
                    found.add(str(exc))
            state.apply(legal[rng.randrange(len(legal))])
    return found
