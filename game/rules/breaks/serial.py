"""Breaks state <-> plain JSON. The whole state, RNG included, so a save continues exactly.

``decode`` checks what it reads (a hand-edited or corrupt file raises ValueError naming
the field) but trusts that the cards were reached by legal play.
"""

from __future__ import annotations

from collections import Counter
from types import MappingProxyType
from typing import Any

from game.core.errors import IllegalAction
from game.core.options import validate_options
from game.core.rng import Rng
from game.rules.breaks.actions import SLOTS, read_notation
from game.rules.breaks.cards import DECK
from game.rules.breaks.setup import OPTIONS, check_num_players
from game.rules.breaks.state import CODES, NO_CARD, OVER, PHASE_NAMES, PLAY, BreaksState
from game.rules.breaks.variant import RULE_OPTIONS, Variant, variant

FORMAT = 1
_FROM_DATA = object()  # "read the value from the data by its key"


def _codes(cards: Any) -> list[str]:
    return [CODES[c] for c in cards]


def encode(state: BreaksState) -> dict[str, Any]:
    last = state._last
    return {
        "game": "breaks",
        "format": FORMAT,
        "num_players": state.num_players,
        "options": dict(state._options),
        "setup_given": state._fixed,
        "first_player": state._first,
        "phase": state.phase,
        "current_player": state._cur,
        "tableaux": [[_codes(cards) for cards in seat] for seat in state._tab],
        "stacks": [[_codes(stack) for stack in stacks] for stacks in state._stacks],
        "draw_pile": _codes(reversed(state._draw)),  # next card first
        "discard_pile": _codes(state._disc),
        "discarded_by": list(state._disc_by),
        "pending": None if state._pending == NO_CARD else CODES[state._pending],
        "stall": state._stall,
        "final_turns_done": state._dones,
        "last_action": None if last is None else {"seat": last[0], "action": str(last[1])},
        "rng": state._rng.state,
    }


class _Reader:
    """Typed access to the fields of a saved state, with errors that name the field."""

    def __init__(self, data: Any) -> None:
        if not isinstance(data, dict):
            raise ValueError("a saved Breaks state must be a JSON object")
        self.data = data

    def get(self, key: str) -> Any:
        if key not in self.data:
            raise ValueError(f"saved Breaks state has no {key!r}")
        return self.data[key]

    def int(self, key: str, low: int, high: int, value: Any = _FROM_DATA) -> int:
        value = self.get(key) if value is _FROM_DATA else value
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ValueError(f"saved Breaks state: {key} must be a whole number {low}..{high}, not {value!r}")
        return value

    def cards(self, key: str, value: Any, max_len: int | None = None) -> list[int]:
        if not isinstance(value, list) or (max_len is not None and len(value) > max_len):
            raise ValueError(f"saved Breaks state: {key} must be a list of at most {max_len} cards")
        for code in value:
            if code not in DECK.ids:
                raise ValueError(f"saved Breaks state: {key} holds {code!r}, which is not a card")
        return [DECK.ids[code] for code in value]

    def per_seat(self, key: str, n: int) -> list[Any]:
        value = self.get(key)
        if not isinstance(value, list) or len(value) != n:
            raise ValueError(f"saved Breaks state: {key} must have one entry per seat ({n})")
        return value


def _options(r: _Reader, n: int) -> tuple[Variant, dict[str, Any]]:
    given = r.get("options")
    if not isinstance(given, dict) or "setup" in given:
        raise ValueError("saved Breaks state: options must be a dict without setup")
    opts = validate_options(OPTIONS, given, n)
    public = {name: opts[name] for name in RULE_OPTIONS}
    public["first_player"] = opts["first_player"]
    return variant(**{name: opts[name] for name in RULE_OPTIONS}), public


def _tableaux(r: _Reader, n: int) -> list[list[list[int]]]:
    out = []
    for p, seat in enumerate(r.per_seat("tableaux", n), 1):
        if not isinstance(seat, list) or len(seat) != SLOTS:
            raise ValueError(f"saved Breaks state: tableaux seat {p} must have {SLOTS} slots")
        out.append([r.cards(f"tableaux seat {p}", cards, DECK.stack_size - 1) for cards in seat])
    return out


def _stacks(r: _Reader, n: int) -> list[list[tuple[int, ...]]]:
    out = []
    for p, stacks in enumerate(r.per_seat("stacks", n), 1):
        if not isinstance(stacks, list):
            raise ValueError(f"saved Breaks state: stacks of seat {p} must be a list")
        seat = [tuple(r.cards(f"stacks of seat {p}", s, DECK.stack_size)) for s in stacks]
        if any(len(s) != DECK.stack_size for s in seat):
            raise ValueError(f"saved Breaks state: every stack of seat {p} must hold {DECK.stack_size} cards")
        out.append(seat)
    return out


def _last_action(r: _Reader, n: int) -> Any:
    last = r.get("last_action")
    if last is None:
        return None
    if not isinstance(last, dict):
        raise ValueError("saved Breaks state: last_action must be null or {seat, action}")
    seat = r.int("last_action seat", 0, n - 1, last.get("seat"))
    try:
        return seat, read_notation(last.get("action"))
    except IllegalAction as exc:
        raise ValueError(f"saved Breaks state: last_action is not an action ({exc})") from None


def decode(data: Any) -> BreaksState:
    r = _Reader(data)
    if r.get("game") != "breaks" or r.get("format") != FORMAT:
        raise ValueError(f"not a saved Breaks state of format {FORMAT}")
    n = check_num_players(r.get("num_players"))
    var, public = _options(r, n)
    setup_given = r.get("setup_given")
    if not isinstance(setup_given, bool):
        raise ValueError("saved Breaks state: setup_given must be true or false")
    state = BreaksState.blank(n, var, MappingProxyType(public), setup_given,
                              r.int("first_player", 0, n - 1), Rng.from_state(r.int("rng", 0, (1 << 64) - 1)))
    phase = r.get("phase")
    if phase not in PHASE_NAMES:
        raise ValueError(f"saved Breaks state: phase must be one of {', '.join(PHASE_NAMES)}")
    state._phase = PHASE_NAMES.index(phase)
    state._cur = None if state._phase == OVER else r.int("current_player", 0, n - 1)
    if state._phase == OVER and r.get("current_player") is not None:
        raise ValueError("saved Breaks state: a finished game has no current_player")
    state._tab = _tableaux(r, n)
    state._stacks = _stacks(r, n)
    state._scores = [sum(var.stack_points(s) for s in stacks) for stacks in state._stacks]
    state._draw = r.cards("draw_pile", r.get("draw_pile"))[::-1]
    state._disc = r.cards("discard_pile", r.get("discard_pile"))
    by = r.get("discarded_by")
    if not isinstance(by, list) or len(by) != len(state._disc):
        raise ValueError("saved Breaks state: discarded_by must give one seat per discarded card")
    state._disc_by = [r.int("discarded_by", 0, n - 1, seat) for seat in by]
    pending = r.get("pending")
    if pending is not None and state._phase != PLAY:
        raise ValueError("saved Breaks state: only the play phase can have a pending card")
    state._pending = NO_CARD if pending is None else r.cards("pending", [pending])[0]
    state._stall = r.int("stall", 0, 1 << 62)
    state._dones = r.int("final_turns_done", 0, n)
    state._last = _last_action(r, n)
    _check_counts(state, var)
    return state


def _check_counts(state: BreaksState, var: Variant) -> None:
    cards = Counter(state._draw + state._disc)
    cards.update(c for seat in state._tab for slot in seat for c in slot)
    cards.update(c for stacks in state._stacks for s in stacks for c in s)
    if state._pending != NO_CARD:
        cards[state._pending] += 1
    for card, count in cards.items():
        if count > var.copies[card]:
            raise ValueError(f"saved Breaks state holds {CODES[card]} {count} times; the deck has "
                             f"{var.copies[card]}")
