"""A game in progress as the client sees it: the rules state, who sits where, the
action log (save file, replay and undo stack) and the undo policy.

Pure Python (no pygame) so it is tested without a display. Scenes talk to the session,
never to the rules state directly; the state is only ever read through ``view(seat)``
and checked through ``parse``/``legal_actions``.
"""

from __future__ import annotations

import random
import time
from typing import Any

from game.core.action_log import ActionLog
from game.core.errors import IllegalAction
from game.rules import get_rules
from game.save_format import SAVE_FORMAT, migrate

SEAT_KINDS = ("human", "ai:easy", "ai:normal", "ai:hard", "random", "greedy")


def parse_seat_spec(spec: str) -> str:
    """Normalise a seat spec ('human', 'ai:normal', 'normal', 'random', ...)."""
    s = spec.strip().lower()
    if s in ("easy", "normal", "hard"):
        s = "ai:" + s
    if s not in SEAT_KINDS:
        raise ValueError(f"unknown seat {spec!r}; use one of {', '.join(SEAT_KINDS)}")
    return s


def move_numbers(raw: Any, moves: int) -> list[int]:
    """Take-back or hint points from a save: whole numbers 0..moves; anything else is
    dropped, as they only add lines to the log and must not cost the player the game."""
    if not isinstance(raw, list):
        return []
    return [p for p in raw if isinstance(p, int) and not isinstance(p, bool) and 0 <= p <= moves]


def passing_seat(raw: Any, session: GameSession) -> int | None:
    """The seat that had just moved at the saved pass screen: a person who has moved, not
    the one to move now; anything else (an older save has none) offers no take-back."""
    if not isinstance(raw, int) or isinstance(raw, bool) or not 0 <= raw < session.num_players:
        return None
    if not session.is_human(raw) or raw == session.current_player or raw not in session.log.actors:
        return None
    return raw


def taken_back_moves(raw: Any, raw_points: Any, points: list[int]) -> list[list[str]]:
    """The moves each take-back removed, from a save: kept only when they match the
    take-back points one for one (a save from before they were kept, or a damaged list,
    gives empty lists and the log says only that a move was taken back)."""
    if isinstance(raw, list) and isinstance(raw_points, list) and len(raw) == len(raw_points) == len(points) \
            and all(isinstance(m, list) and all(isinstance(t, str) for t in m) for m in raw):
        return [list(m) for m in raw]
    return [[] for _ in points]


def takeback_seats(raw: Any, raw_points: Any, points: list[int], players: int) -> list[int | None]:
    """Who pressed each take-back, from a save: kept only when the list matches the points
    one for one; a seat number out of range, or an older save, gives None (the log then
    takes it as the mover's own take-back)."""
    if not (isinstance(raw, list) and isinstance(raw_points, list) and len(raw) == len(raw_points) == len(points)):
        return [None for _ in points]
    return [s if isinstance(s, int) and not isinstance(s, bool) and 0 <= s < players else None for s in raw]


def hinted_moves(raw: Any, hints: list[int]) -> dict[int, str]:
    """The move each hint suggested, from a save: {"move number": notation} for hints the
    record keeps; anything else is dropped (a save from before they were kept has none,
    and its log says only that a hint was asked for)."""
    if not isinstance(raw, dict):
        return {}
    kept = {}
    for key, action in raw.items():
        if isinstance(key, str) and key.isdigit() and int(key) in hints and isinstance(action, str):
            kept[int(key)] = action
    return kept


def seat_label(spec: str) -> str:
    """Short English description of a seat spec (the UI translates it)."""
    return {"human": "Human", "ai:easy": "AI (easy)", "ai:normal": "AI (normal)",
            "ai:hard": "AI (hard)", "random": "AI (random)", "greedy": "AI (greedy)"}[spec]


class GameSession:
    def __init__(self, game: str, seats: list[str], seed: int | None = None,
                 options: dict[str, Any] | None = None, log: ActionLog | None = None) -> None:
        self.rules = get_rules(game)
        self.game = game
        self.seats = [parse_seat_spec(s) for s in seats]
        n = len(self.seats)
        low, high = self.rules.min_players, self.rules.max_players
        if not low <= n <= high:
            count = str(low) if low == high else f"{low}-{high}"  # "2 players", as the title says
            raise ValueError(f"{self.rules.title} needs {count} players, not {n}")
        if log is None:
            if seed is None:
                seed = random.SystemRandom().randrange(1, 2**31)
            log = ActionLog(game, n, int(seed), dict(options or {}))
            self.state = log.new_state(self.rules)  # validates options now
        else:
            self.state = log.replay(self.rules)
        self.log = log
        self.started = time.time()
        self.hints: list[int] = []  # move numbers for which a hint was shown (kept in the record)
        # the move a hint suggested, by move number (only when one person plays: it may name
        # their secret), so the log can word it again, e.g. in another language
        self.hint_moves: dict[int, str] = {}
        self.takebacks: list[int] = []  # log lengths an undo went back to, so the log can say so again
        self.taken_back: list[list[str]] = []  # the moves each take-back removed (beside takebacks), for the log
        # who pressed each take-back (beside takebacks): at a screen people share, one may take
        # back the seat before's decision, and the log must not say the mover took it back
        self.takeback_by: list[int | None] = []
        self.notes: dict[str, Any] = {}  # a table's own saved work (JSON), e.g. the cube copy being built
        # the person who just moved while the pass screen to the next one is up: the take-back
        # it offers them comes back on Continue (None once the next person has taken the seat)
        self.passed_by: int | None = None

    # --- who is who -------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return len(self.seats)

    @property
    def current_player(self) -> int | None:
        return self.state.current_player

    def is_human(self, seat: int) -> bool:
        return self.seats[seat] == "human"

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s == "human"]

    @property
    def has_ai(self) -> bool:
        return any(s != "human" for s in self.seats)

    def is_over(self) -> bool:
        return self.state.is_terminal()

    # --- what a seat may see and do ---------------------------------------------------
    def view(self, seat: int) -> dict[str, Any]:
        return self.state.view(seat)

    def legal_texts(self) -> list[str]:
        return [str(a) for a in self.state.legal_actions()]

    def check(self, text: str) -> Any:
        """The parsed action if legal now; raises IllegalAction with the reason."""
        return self.state.parse(text)

    def apply(self, text: str, seat: int) -> Any:
        """Apply an action by ``seat`` (must be the player to move)."""
        if self.state.current_player != seat:
            raise IllegalAction("it is not your turn")
        action = self.state.parse(text)
        self.state.apply(action)
        self.log.record(seat, action)
        return action

    # --- undo -------------------------------------------------------------------------
    def undo_point(self, seat: int) -> int | None:
        """Log length to rewind to so that ``seat`` retracts its own last decision, or
        None when that is not fair: another human has acted since, or the rewind would
        cross an action that revealed hidden information (e.g. a card drawn)."""
        return self._undo_scan(seat)[0]

    def undo_blocker(self, seat: int) -> tuple[str, int | None]:
        """Why ``seat`` may not take back a decision now: ("hidden", None) the rewind would
        cross revealed information, ("other", s) human seat s has moved since, ("none",
        None) the seat has made no decision; ("", None) when it may."""
        return self._undo_scan(seat)[1:]

    def _undo_scan(self, seat: int) -> tuple[int | None, str, int | None]:
        actors, actions = self.log.actors, self.log.actions
        barrier = getattr(self.rules, "is_undo_barrier", None)
        for i in range(len(actions) - 1, -1, -1):
            if barrier is not None and barrier(actions[i]):
                return None, "hidden", None
            actor = actors[i]
            if actor == seat:
                return i, "", None
            if self.seats[actor] == "human":
                return None, "other", actor
        return None, "none", None

    def can_undo(self, seat: int) -> bool:
        return not self.is_over() and self.undo_point(seat) is not None

    def undo(self, seat: int, by: int | None = None) -> bool:
        """Take back ``seat``'s last decision, pressed by seat ``by`` (``seat`` if not given)."""
        point = self.undo_point(seat)
        if point is None or self.is_over():
            return False
        removed = list(self.log.actions[point:])
        self.log.truncate(point)
        self.state = self.log.replay(self.rules)
        # a take-back after the new end belonged to moves now gone; a hint there was still
        # seen, so the record keeps it ("hints used"), at the point the game went back to
        kept = [(p, self.taken_back_at(i), self.taken_back_by(i)) for i, p in enumerate(self.takebacks) if p <= point]
        self.takebacks = [p for p, _, _ in kept] + [point]
        self.taken_back = [moves for _, moves, _ in kept] + [removed]
        self.takeback_by = [who for _, _, who in kept] + [seat if by is None else by]
        self.hints = sorted({min(h, point) for h in self.hints})
        # the move of a hint for a position now gone is no advice for this one: the log says
        # only that a hint was asked for
        self.hint_moves = {h: action for h, action in self.hint_moves.items() if h <= point}
        return True

    def taken_back_at(self, i: int) -> list[str]:
        """The moves the i-th take-back removed (empty when not known, e.g. an older save)."""
        return self.taken_back[i] if i < len(self.taken_back) else []

    def taken_back_by(self, i: int) -> int | None:
        """The seat that pressed the i-th take-back (None when not known, e.g. an older save)."""
        return self.takeback_by[i] if i < len(self.takeback_by) else None

    # --- saving -----------------------------------------------------------------------
    def to_record(self) -> dict[str, Any]:
        record = {"format": SAVE_FORMAT, "kind": "game", "seats": list(self.seats),
                  "log": self.log.to_json(), "saved_at": time.time(), "hints": list(self.hints)}
        if self.notes:
            record["notes"] = self.notes
        if self.hint_moves:
            record["hint_moves"] = {str(h): action for h, action in sorted(self.hint_moves.items())}
        if self.passed_by is not None:
            record["passed_by"] = self.passed_by
        if self.takebacks:
            record["takebacks"] = list(self.takebacks)
            record["taken_back"] = [list(self.taken_back_at(i)) for i in range(len(self.takebacks))]
            record["takeback_by"] = [self.taken_back_by(i) for i in range(len(self.takebacks))]
        if self.is_over():
            record["result"] = {"winners": self.state.winners(), "scores": self.state.scores()}
        return record

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> GameSession:
        """Rebuild a saved game (migrating older formats); ValueError or IllegalAction
        explain a bad record."""
        record = migrate(record)
        log = ActionLog.from_json(record.get("log"))
        try:
            get_rules(log.game)
        except KeyError as exc:  # a KeyError's text would be shown in quotes
            raise ValueError(exc.args[0]) from None
        seats = record.get("seats")
        if not isinstance(seats, list) or len(seats) != log.num_players:
            raise ValueError("the save's seat list does not match its player count")
        session = cls(log.game, [str(s) for s in seats], log=log)
        session.hints = move_numbers(record.get("hints"), len(log.actions))
        session.hint_moves = hinted_moves(record.get("hint_moves"), session.hints)
        session.takebacks = move_numbers(record.get("takebacks"), len(log.actions))
        session.taken_back = taken_back_moves(record.get("taken_back"), record.get("takebacks"), session.takebacks)
        session.takeback_by = takeback_seats(record.get("takeback_by"), record.get("takebacks"), session.takebacks,
                                             session.num_players)
        notes = record.get("notes")
        session.notes = dict(notes) if isinstance(notes, dict) else {}  # each table checks its own
        session.passed_by = passing_seat(record.get("passed_by"), session)
        return session
