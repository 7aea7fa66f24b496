"""Hidden information in Break the Cube (CU-17): one seat's view, and worlds consistent with it.

Public: every question and answer, every guess with its result, who has built, who is
solved or eliminated, the round and the current player. Private: each seat's own
secret (and the shape in its own build entry). Everything is revealed once the game is
over. The seed and the RNG state never appear in a view (random secrets come from them).
"""

from __future__ import annotations

from typing import Any

from game.core.rng import reseed_from
from game.rules.cube.deduce import candidates
from game.rules.cube.setup import json_options
from game.rules.cube.shapes import format_shape
from game.rules.cube.state import OVER, CubeState


def check_seat(state: CubeState, player: Any) -> int:
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < state.num_players:
        raise ValueError(f"seat index must be 0..{state.num_players - 1}, not {player!r}")
    return player


def copy_entry(entry: dict[str, Any]) -> dict[str, Any]:
    """A log entry with fresh lists, so callers cannot change the state through it."""
    out = dict(entry)
    if "answers" in out:
        out["answers"] = [list(a) for a in out["answers"]]
    return out


def make_view(state: CubeState, player: int) -> dict[str, Any]:
    """Exactly what seat ``player`` may know, as a JSON-able dict."""
    p = check_seat(state, player)
    mine = state._secrets[p]
    over = state._phase == OVER
    log = []
    for entry in state._log:
        entry = copy_entry(entry)
        if entry["action"] == "build" and entry["seat"] == p and mine is not None:
            entry["shape"] = format_shape(mine)  # the builder sees what it built
        log.append(entry)
    return {
        "seat": p,
        "num_players": state.num_players,
        "options": json_options(state._options),
        "first_player": state._first,
        "phase": state.phase,
        "current_player": state._cur,
        "round": state._round,
        "target": state.target(p),
        "pieces": [list(ids) for ids in state._pieces],
        "built": [s is not None for s in state._secrets],
        "solved": list(state._solved),
        "eliminated": list(state._eliminated),
        "end_triggered": state._ended,
        "notes": state._notes[p],
        "my_secret": None if mine is None else format_shape(mine),
        "log": log,
        "scores": state.scores(),
        "winners": state.winners(),
        "secrets": [None if s is None else format_shape(s) for s in state._secrets] if over else None,
    }


def determinized(state: CubeState, player: int, rng: Any) -> CubeState:
    """A complete state equal to ``state`` in everything ``player`` can see.

    Every other built secret is redrawn uniformly among the legal shapes of that seat's set
    that give every answer it gave and agree with every guess made at it (deduce.py); the
    copy's RNG is reseeded from ``rng``. Once the game is over nothing is hidden."""
    p = check_seat(state, player)
    world = state.clone()
    if state._phase != OVER:
        for q, secret in enumerate(state._secrets):
            if q != p and secret is not None:
                world._secrets[q] = candidates(state._pieces[q], state._facts[q], state._guessed[q]).sample(rng)
    world._rng = reseed_from(rng)
    return world
