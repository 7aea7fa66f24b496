"""Break the Cube state <-> plain JSON: the whole state, RNG included, round-tripping exactly.

``decode`` checks what it reads (a hand-edited or corrupt file raises ValueError naming
the field), replays the log's answers against the secrets, and rebuilds the per-seat
facts that determinize uses.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from game.core.errors import IllegalAction
from game.core.options import validate_options
from game.core.rng import Rng
from game.rules.cube.actions import Ask, Guess, read_ask, split_notation
from game.rules.cube.answers import LETTERS, answer
from game.rules.cube.hidden import copy_entry
from game.rules.cube.setup import OPTIONS, check_num_players, json_options, per_seat, public_options, seat_pieces
from game.rules.cube.shapes import ShapeError, format_shape, parse_shape
from game.rules.cube.state import BUILD, OVER, PHASE_NAMES, CubeState

FORMAT = 1
_ENTRY_KEYS = {"build": {"seat", "action"}, "ask_cell": {"seat", "action", "target", "answer"},
               "ask_letter": {"seat", "action", "answers"},
               "guess": {"seat", "action", "target", "correct", "eliminated"}}


def encode(state: CubeState) -> dict[str, Any]:
    return {
        "game": "cube",
        "format": FORMAT,
        "num_players": state.num_players,
        "options": json_options(state._options),
        "setup_given": state._fixed,
        "first_player": state._first,
        "phase": state.phase,
        "current_player": state._cur,
        "round": state._round,
        "secrets": [None if s is None else format_shape(s) for s in state._secrets],
        "solved": list(state._solved),
        "eliminated": list(state._eliminated),
        "end_triggered": state._ended,
        "last_standing": state._last_standing,
        "log": [copy_entry(e) for e in state._log],
        "rng": state._rng.state,
    }


class _Reader:
    """Typed access to the fields of a saved state, with errors that name the field."""

    def __init__(self, data: Any) -> None:
        if not isinstance(data, dict):
            raise ValueError("a saved Break the Cube state must be a JSON object")
        self.data = data

    def get(self, key: str) -> Any:
        if key not in self.data:
            raise ValueError(f"saved Break the Cube state has no {key!r}")
        return self.data[key]

    def int(self, key: str, low: int, high: int, value: Any = None, optional: bool = False) -> Any:
        """The whole number at ``key`` (or ``value`` if given); None allowed if ``optional``."""
        value = self.get(key) if value is None else value
        if optional and value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ValueError(f"saved Break the Cube state: {key} must be a whole number {low}..{high}, "
                             f"not {value!r}")
        return value

    def flag(self, key: str, value: Any = None) -> bool:
        value = self.get(key) if value is None else value
        if not isinstance(value, bool):
            raise ValueError(f"saved Break the Cube state: {key} must be true or false")
        return value

    def per_seat(self, key: str, n: int) -> list[Any]:
        value = self.get(key)
        if not isinstance(value, list) or len(value) != n:
            raise ValueError(f"saved Break the Cube state: {key} must have one entry per seat ({n})")
        return value


def _secrets(r: _Reader, state: CubeState) -> None:
    for p, text in enumerate(r.per_seat("secrets", state.num_players)):
        if text is None:
            continue
        try:
            state._secrets[p] = parse_shape(text, state._pieces[p])
        except (ShapeError, TypeError) as exc:
            raise ValueError(f"saved Break the Cube state: secret of seat {p + 1} is not legal ({exc})") from None


def _replay_entry(state: CubeState, i: int, entry: Any) -> None:
    """Check one log entry against the secrets and record the facts it makes public."""
    where = f"saved Break the Cube state: log entry {i + 1}"
    n = state.num_players
    if not isinstance(entry, dict):
        raise ValueError(f"{where} must be an object")
    seat = _Reader(entry).int("seat", 0, n - 1)
    text = entry.get("action")
    try:
        verb, rest = split_notation(text)
        if verb == "ask":
            action: Any = read_ask(rest)
            kind = "ask_letter" if action.question in LETTERS else "ask_cell"
        elif verb == "build":
            if rest:
                raise IllegalAction("a build entry never shows the shape")
            kind = "build"
        else:
            action = Guess(parse_shape(rest, state._pieces[state.target(seat)]))
            kind = "guess"
    except (IllegalAction, ShapeError) as exc:
        raise ValueError(f"{where}: {text!r} is not an action ({exc})") from None
    if set(entry) != _ENTRY_KEYS[kind]:
        raise ValueError(f"{where} must have exactly the keys {', '.join(sorted(_ENTRY_KEYS[kind]))}")
    if kind == "build":
        return
    if kind == "guess":
        target = state.target(seat)
        correct = action.shape == state._secrets[target]
        if entry["target"] != target or entry["correct"] is not correct \
                or entry["eliminated"] is not (not correct and state._sudden):
            raise ValueError(f"{where} does not agree with the secrets and options")
        state._guessed[target] = (*state._guessed[target], (action.shape, correct))
        return
    q = action.question if isinstance(action, Ask) else ""
    if kind == "ask_letter":
        answers = [answer(s, q) for s in state._secrets]
        if entry["answers"] != answers:
            raise ValueError(f"{where} does not agree with the secrets")
        for p, given in enumerate(answers):
            state._facts[p] = (*state._facts[p], (q, tuple(given)))
        return
    target = state.target(seat)
    given = answer(state._secrets[target], q)
    if entry["target"] != target or entry["answer"] != given:
        raise ValueError(f"{where} does not agree with the secrets")
    state._facts[target] = (*state._facts[target], (q, given))


def decode(data: Any) -> CubeState:
    r = _Reader(data)
    if r.get("game") != "cube" or r.get("format") != FORMAT:
        raise ValueError(f"not a saved Break the Cube state of format {FORMAT}")
    n = check_num_players(r.get("num_players"))
    given = r.get("options")
    if not isinstance(given, dict) or "setup" in given:
        raise ValueError("saved Break the Cube state: options must be a dict without setup")
    opts = validate_options(OPTIONS, given, n)
    pieces = seat_pieces(opts["blocks"], n)
    notes = per_seat("notes", opts["notes"], n)
    first = r.int("first_player", 0, n - 1)
    state = CubeState.blank(n, MappingProxyType(public_options(opts, opts["first_player"])), pieces,
                            tuple(notes), first, Rng.from_state(r.int("rng", 0, (1 << 64) - 1)),
                            r.flag("setup_given"))
    phase = r.get("phase")
    if phase not in PHASE_NAMES:
        raise ValueError(f"saved Break the Cube state: phase must be one of {', '.join(PHASE_NAMES)}")
    state._phase = PHASE_NAMES.index(phase)
    state._cur = r.int("current_player", 0, n - 1, optional=state._phase == OVER)
    if (state._cur is None) != (state._phase == OVER):
        raise ValueError("saved Break the Cube state: current_player must be null exactly when the game is over")
    state._round = r.int("round", 0 if state._phase == BUILD else 1, 0 if state._phase == BUILD else 1 << 30)
    _secrets(r, state)
    if state._phase != BUILD and None in state._secrets:
        raise ValueError("saved Break the Cube state: every seat has a secret once play has begun")
    state._solved = [r.flag("solved", v) for v in r.per_seat("solved", n)]
    state._eliminated = [r.flag("eliminated", v) for v in r.per_seat("eliminated", n)]
    state._ended = r.flag("end_triggered")
    state._last_standing = r.int("last_standing", 0, n - 1, optional=True)
    log = r.get("log")
    if not isinstance(log, list):
        raise ValueError("saved Break the Cube state: log must be a list")
    for i, entry in enumerate(log):
        _replay_entry(state, i, entry)
    state._log = [copy_entry(e) for e in log]
    return state
