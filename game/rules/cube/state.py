"""The Break the Cube game state: build phase, turns, answers, the end (CU-6, CU-9 .. CU-16).

Secrets are Shapes (see shapes.py); answers come from answers.py. Each seat's public
facts (the answers it gave, the guesses made at it) are kept as immutable tuples next to
the log so that clones share them and ``determinize`` need not re-read the log.
Views, determinization and JSON live in hidden.py and serial.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core.errors import IllegalAction
from game.core.rng import Rng
from game.rules.cube.actions import (
    Action,
    ActionList,
    Ask,
    Build,
    Guess,
    build_actions,
    play_actions,
    read_ask,
    split_notation,
)
from game.rules.cube.answers import LETTERS, answer
from game.rules.cube.shapes import Shape, ShapeError, check_raw, check_shape, is_legal, read_shape_text, shape_from_raw

BUILD, PLAY, OVER = 0, 1, 2
PHASE_NAMES = ("build", "play", "over")
_KINDS = (Ask, Guess, Build)


class CubeState:
    """One position of a Break the Cube game. Mutated by ``apply``; ``clone`` is cheap."""

    __slots__ = (
        "_cur",
        "_eliminated",
        "_ended",
        "_facts",
        "_first",
        "_fixed",
        "_guessed",
        "_last_standing",
        "_log",
        "_max_rounds",
        "_notes",
        "_options",
        "_phase",
        "_pieces",
        "_rng",
        "_round",
        "_secrets",
        "_solved",
        "_sudden",
        "num_players",
    )

    num_players: int
    _options: Mapping[str, Any]  # public options (read-only), shared by clones
    _pieces: tuple[tuple[str, ...], ...]  # per seat: the piece IDs of its secret
    _notes: tuple[bool, ...]
    _sudden: bool
    _max_rounds: int
    _fixed: bool  # secrets came from the setup option
    _first: int
    _phase: int
    _cur: int | None
    _round: int  # 0 during the build phase
    _secrets: list[Shape | None]
    _solved: list[bool]
    _eliminated: list[bool]
    _ended: bool  # a right guess triggered the end (CU-13)
    _last_standing: int | None  # sudden death winner by elimination (CU-14)
    _log: list[dict[str, Any]]  # public entries; never mutated once appended
    _facts: list[tuple[tuple[str, Any], ...]]  # per seat: (question, answer) it gave
    _guessed: list[tuple[tuple[Shape, bool], ...]]  # per seat: (shape guessed at it, correct)
    _rng: Rng

    @classmethod
    def blank(cls, num_players: int, options: Mapping[str, Any], pieces: tuple[tuple[str, ...], ...],
              notes: tuple[bool, ...], first: int, rng: Rng, fixed: bool) -> CubeState:
        """A game before any secret exists, in the build phase; setup fills the secrets."""
        s = cls.__new__(cls)
        s.num_players = num_players
        s._options, s._pieces, s._notes = options, pieces, notes
        s._sudden = bool(options["sudden_death"])
        s._max_rounds = int(options["max_rounds"])
        s._fixed, s._first, s._rng = fixed, first, rng
        s._phase, s._cur, s._round = BUILD, first, 0
        s._secrets = [None] * num_players
        s._solved = [False] * num_players
        s._eliminated = [False] * num_players
        s._ended, s._last_standing = False, None
        s._log = []
        s._facts = [()] * num_players
        s._guessed = [()] * num_players
        return s

    def start_play(self) -> None:
        """All secrets exist: round 1 begins with the first player."""
        self._phase, self._round, self._cur = PLAY, 1, self._first

    # --- public read-only facts -----------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return self._cur

    @property
    def phase(self) -> str:
        return PHASE_NAMES[self._phase]

    @property
    def round(self) -> int:
        return self._round

    @property
    def options(self) -> Mapping[str, Any]:
        """The game's options (never ``setup``, which fixes the secrets)."""
        return self._options

    @property
    def first_player(self) -> int:
        return self._first

    @property
    def pieces(self) -> tuple[tuple[str, ...], ...]:
        """Per seat, the piece IDs of its secret shape."""
        return self._pieces

    def target(self, seat: int) -> int:
        """The seat on ``seat``'s left, whom it questions (CU-1)."""
        return (seat + 1) % self.num_players

    def is_terminal(self) -> bool:
        return self._phase == OVER

    def scores(self) -> list[int]:
        return [int(self._solved[p] or self._last_standing == p) for p in range(self.num_players)]

    def winners(self) -> list[int]:
        if self._phase != OVER:
            return []
        return [p for p, score in enumerate(self.scores()) if score]

    # --- legal actions ----------------------------------------------------------------------

    def legal_actions(self) -> ActionList | tuple[()]:
        """Build phase: a build per legal shape of the seat's set. Play: ``ask 1`` .. ``ask 9``,
        ``ask A`` .. ``ask L``, then a guess per legal shape of the target's set. A lazy
        read-only sequence (len, indexing, iteration, ``in``); empty once the game is over."""
        if self._phase == OVER:
            return ()
        if self._phase == BUILD:
            return build_actions(self._pieces[self._cur])
        return play_actions(self._pieces[self.target(self._cur)])

    def why_illegal(self, action: Any) -> str | None:
        """None if ``action`` is legal now, else the reason in words a player understands."""
        kind = type(action)
        if kind not in _KINDS:
            return f"{action!r} is not a Break the Cube action"
        problem = self._verb_problem(kind.verb)
        if problem or kind is Ask:
            return problem
        pieces = self._shape_set(kind)
        if is_legal(action.shape, pieces):
            return None
        return check_shape(action.shape, pieces) or "not a legal shape"

    def _verb_problem(self, verb: str) -> str | None:
        """Whether this kind of action can be played now at all (the phase decides)."""
        if self._phase == OVER:
            return "the game is over"
        if self._phase == BUILD and verb != "build":
            return "the secret shapes are still being built: play build <shape>"
        if self._phase == PLAY and verb == "build":
            return "not your turn to build: the secret shapes are already built"
        return None

    def _shape_set(self, kind: type) -> tuple[str, ...]:
        """The pieces a build (own secret) or guess (the target's secret) must use."""
        seat = self._cur if kind is Build else self.target(self._cur)
        return self._pieces[seat]

    def parse(self, text: str) -> Action:
        """The action ``text`` names, if it is legal now; otherwise IllegalAction with why."""
        verb, rest = split_notation(text)
        problem = self._verb_problem(verb)
        if problem:
            raise IllegalAction(problem)
        if verb == "ask":
            return read_ask(rest)
        kind = Guess if verb == "guess" else Build
        try:
            raw = read_shape_text(rest)
        except ShapeError as exc:
            raise IllegalAction(str(exc)) from None
        problem = check_raw(raw, self._shape_set(kind))
        if problem:
            raise IllegalAction(problem)
        return kind(shape_from_raw(raw))

    # --- effects -----------------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Play one action. An illegal one raises IllegalAction and changes nothing."""
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(reason)
        kind = type(action)
        if kind is Build:
            self._do_build(action.shape)
            return
        if kind is Ask:
            self._do_ask(action.question)
        else:
            self._do_guess(action)
        self._end_turn()

    def _do_build(self, shape: Shape) -> None:
        seat = self._cur
        self._secrets[seat] = shape
        self._log.append({"seat": seat, "action": "build"})
        nxt = self.target(seat)
        if nxt == self._first:
            self.start_play()
        else:
            self._cur = nxt

    def _do_ask(self, q: str) -> None:
        seat = self._cur
        entry: dict[str, Any] = {"seat": seat, "action": f"ask {q}"}
        if q in LETTERS:  # CU-11: everyone answers about their own shape
            answers = [answer(secret, q) for secret in self._secrets]
            entry["answers"] = answers
            for p, given in enumerate(answers):
                self._facts[p] = (*self._facts[p], (q, tuple(given)))
        else:  # CU-10: only the target answers
            target = self.target(seat)
            given = answer(self._secrets[target], q)
            entry["target"] = target
            entry["answer"] = given
            self._facts[target] = (*self._facts[target], (q, given))
        self._log.append(entry)

    def _do_guess(self, action: Guess) -> None:
        seat = self._cur
        target = self.target(seat)
        correct = action.shape == self._secrets[target]
        out = not correct and self._sudden
        if correct:
            self._solved[seat] = True
            self._ended = True
        if out:
            self._eliminated[seat] = True
        self._guessed[target] = (*self._guessed[target], (action.shape, correct))
        self._log.append({"seat": seat, "action": str(action), "target": target, "correct": correct,
                          "eliminated": out})

    def _end_turn(self) -> None:
        """Pass the turn within the round, or end the round (CU-9, CU-13 .. CU-15)."""
        n = self.num_players
        if self._sudden:
            standing = [p for p in range(n) if not self._eliminated[p]]
            if len(standing) == 1:
                self._last_standing = standing[0]
                self._finish()
                return
        pos = (self._cur - self._first) % n
        for later in range(pos + 1, n):
            seat = (self._first + later) % n
            if not self._eliminated[seat]:
                self._cur = seat
                return
        if self._ended or self._round >= self._max_rounds:
            self._finish()
            return
        self._round += 1
        self._cur = next((self._first + i) % n for i in range(n) if not self._eliminated[(self._first + i) % n])

    def _finish(self) -> None:
        self._phase, self._cur = OVER, None

    # --- copies --------------------------------------------------------------------------------

    def clone(self) -> CubeState:
        c = CubeState.__new__(CubeState)
        c.num_players = self.num_players
        c._options, c._pieces, c._notes = self._options, self._pieces, self._notes
        c._sudden, c._max_rounds, c._fixed, c._first = self._sudden, self._max_rounds, self._fixed, self._first
        c._phase, c._cur, c._round = self._phase, self._cur, self._round
        c._ended, c._last_standing = self._ended, self._last_standing
        c._secrets, c._solved, c._eliminated = self._secrets[:], self._solved[:], self._eliminated[:]
        c._log, c._facts, c._guessed = self._log[:], self._facts[:], self._guessed[:]
        c._rng = Rng.from_state(self._rng.state)
        return c

    # The modules below read this class's fields and build states, so they are imported
    # when first used rather than at the top (that would be an import cycle).

    def view(self, player: int) -> dict[str, Any]:
        from game.rules.cube.hidden import make_view
        return make_view(self, player)

    def determinize(self, player: int, rng: Any) -> CubeState:
        from game.rules.cube.hidden import determinized
        return determinized(self, player, rng)

    def to_json(self) -> dict[str, Any]:
        from game.rules.cube.serial import encode
        return encode(self)

    def __repr__(self) -> str:
        return (f"<CubeState {self.num_players}p {self.phase} round={self._round} seat={self._cur} "
                f"solved={self._solved}>")
