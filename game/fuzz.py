"""Rules under fire: drive every engine through random games and hostile input.

For each step of each random game it checks the engine contract the client relies on:
- random strings and near-miss actions given to ``parse``/``apply`` either are legal or
  raise ``IllegalAction`` with a message, and an illegal one leaves the state byte-for-
  byte unchanged (``to_json`` before == after);
- ``to_json``/``from_json`` round-trips exactly and the copy plays on identically;
- ``determinize(seat)`` never changes what ``view(seat)`` shows;
- the game ends.
Used by the test suite at a small size and by ``python -m game bench fuzz`` at full size.
"""

from __future__ import annotations

import json
import random
import string
import time
from typing import Any

from game.core.errors import IllegalAction
from game.rules import get_rules

MAX_STEPS = 20_000
JUNK_WORDS = ("", " ", "draw", "place", "ask", "guess", "play", "mouse", "end", "pass", "done", "merge 1 1",
              "break 9 9 9", "ask Z", "ask 0", "guess S:1.1", "@", "7@Z9", "wild@", "place W99 at 9,9 r45",
              "play 9 at 99,99 from Q", "target 0,0", "keep", "skip", "discard", "cheese 9", "\x00", "ñ", "🙂")


class FuzzFailure(AssertionError):
    pass


def _digest(state: Any) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def random_text(rng: random.Random, legal_texts: list[str]) -> str:
    """Hostile input: junk, or a legal action bent slightly out of shape."""
    roll = rng.random()
    if roll < 0.3 or not legal_texts:
        return rng.choice(JUNK_WORDS)
    if roll < 0.5:
        return "".join(rng.choice(string.printable) for _ in range(rng.randint(1, 24)))
    text = rng.choice(legal_texts)
    words = text.split()
    i = rng.randrange(len(words))
    mutation = rng.random()
    if mutation < 0.4:
        words[i] = str(rng.randint(-3, 12))
    elif mutation < 0.7:
        words[i] = words[i][::-1] or "x"
    elif mutation < 0.85:
        words.insert(i, rng.choice(("at", "to", "from", "N", "1,1", "r90", "A")))
    else:
        del words[i]
    return " ".join(words)


def _sample_texts(legal: Any, rng: random.Random, k: int = 30) -> list[str]:
    n = len(legal)
    if n <= k:
        return [str(a) for a in legal]
    return [str(legal[rng.randrange(n)]) for _ in range(k)]


def check_step(state: Any, rules: Any, rng: random.Random, hostile: int) -> None:
    """Every contract check at one position (raises FuzzFailure with the reason)."""
    before = _digest(state)
    legal = state.legal_actions()
    legal_texts = _sample_texts(legal, rng)
    for _ in range(hostile):
        text = random_text(rng, legal_texts)
        try:
            action = state.parse(text)
        except IllegalAction as exc:
            if not str(exc).strip():
                raise FuzzFailure(f"IllegalAction without a message for {text!r}") from None
            if _digest(state) != before:
                raise FuzzFailure(f"parse({text!r}) changed the state") from None
            continue
        except Exception as exc:
            raise FuzzFailure(f"parse({text!r}) raised {type(exc).__name__}: {exc}") from None
        if action not in legal:
            raise FuzzFailure(f"parse({text!r}) accepted {action!r}, which is not legal")
    copy = rules.from_json(json.loads(json.dumps(state.to_json())))
    if _digest(copy) != before:
        raise FuzzFailure("to_json/from_json does not round-trip")
    if state.current_player is not None:
        seat = state.current_player
        world = state.determinize(seat, rng)
        if world.view(seat) != state.view(seat):
            raise FuzzFailure("determinize changed what the seat sees")
        if _digest(state) != before:
            raise FuzzFailure("determinize changed the real state")


def fuzz_game(game: str, games: int, seed: int = 0, hostile: int = 3,
              players: list[int] | None = None) -> dict[str, Any]:
    """Play ``games`` random games of ``game`` with every check at every step."""
    rules = get_rules(game)
    rng = random.Random(seed)
    counts = players or list(range(rules.min_players, rules.max_players + 1))
    steps = 0
    start = time.perf_counter()
    for g in range(games):
        n = counts[g % len(counts)]
        state = rules.new_game(n, seed + g)
        twin = None
        for step in range(MAX_STEPS):
            check_step(state, rules, rng, hostile)
            if state.is_terminal():
                break
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            if step == 5:  # a reloaded copy must play on exactly like the original
                twin = rules.from_json(json.loads(json.dumps(state.to_json())))
            state.apply(action)
            if twin is not None:
                twin.apply(twin.parse(str(action)))
                if _digest(twin) != _digest(state):
                    raise FuzzFailure(f"a reloaded game diverged after {action}")
            steps += 1
        else:
            raise FuzzFailure(f"{game} game {g} did not end within {MAX_STEPS} actions")
    return {"game": game, "games": games, "steps": steps, "seconds": round(time.perf_counter() - start, 2)}
