"""The Breaks game state: turn flow, legal actions and their effects (BR-5 .. BR-18).

Hot paths (``legal_actions``, ``apply``, ``clone``) run thousands of times a second in
MCTS rollouts, so cards are ints, tables come pre-built from the shared ``Variant``, and
every action object is a pre-built singleton. Views, determinization and JSON live in
sibling modules (hidden.py, serial.py) that read this class's fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core.errors import IllegalAction
from game.core.rng import Rng
from game.rules.breaks.actions import (
    BREAK,
    DISCARD,
    DONE,
    DRAW,
    MERGE_ORDER,
    PLACE,
    SLOTS,
    Action,
    Break,
    Discard,
    Done,
    Draw,
    Merge,
    Place,
    read_notation,
)
from game.rules.breaks.cards import DECK
from game.rules.breaks.variant import Variant

PLAY, FINAL, OVER = 0, 1, 2
PHASE_NAMES = ("play", "final", "over")
NO_CARD = -1
STACK_SIZE = DECK.stack_size
CODES = DECK.codes
_FINAL_ONLY = "the play phase is over: only merges and done are left"
_NOT_YET_DONE = "done only ends a final merge turn, once the play phase is over"
_KINDS = frozenset((Draw, Discard, Done, Place, Merge, Break))


class BreaksState:
    """One position of a Breaks game. Mutated by ``apply``; ``clone`` is cheap."""

    __slots__ = (
        "_cur", "_disc", "_disc_by", "_dones", "_draw", "_first", "_fixed", "_last", "_legal",
        "_options", "_pending", "_phase", "_rng", "_scores", "_stacks", "_stall", "_tab", "_var",
        "num_players",
    )

    num_players: int
    _var: Variant
    _options: Mapping[str, Any]  # public options (read-only view), shared by clones
    _fixed: bool  # a setup was given: reshuffles keep discard order (BR-8)
    _first: int
    _phase: int
    _cur: int | None
    _tab: list[list[list[int]]]  # seat -> slot -> cards, bottom first
    _stacks: list[list[tuple[int, ...]]]
    _scores: list[int]
    _draw: list[int]  # the next card to draw is LAST (list.pop() is cheap)
    _disc: list[int]  # discard order: first discarded first
    _disc_by: list[int]  # seat that discarded each card of _disc
    _pending: int  # the drawn card still to resolve, or NO_CARD
    _stall: int
    _dones: int  # final-phase turns finished
    _last: tuple[int, Action] | None  # (seat, action) of the last action
    _rng: Rng
    _legal: tuple[Action, ...] | None  # cache, dropped on every apply

    @classmethod
    def blank(cls, num_players: int, var: Variant, options: Mapping[str, Any], fixed: bool,
              first: int, rng: Rng) -> BreaksState:
        """An empty table at the start of the play phase; the caller deals the cards."""
        s = cls.__new__(cls)
        s.num_players = num_players
        s._var, s._options, s._fixed, s._first, s._rng = var, options, fixed, first, rng
        s._phase, s._cur = PLAY, first
        s._tab = [[[] for _ in range(SLOTS)] for _ in range(num_players)]
        s._stacks = [[] for _ in range(num_players)]
        s._scores = [0] * num_players
        s._draw, s._disc, s._disc_by = [], [], []
        s._pending, s._stall, s._dones = NO_CARD, 0, 0
        s._last = None
        s._legal = None
        return s

    # --- public read-only facts ---------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return self._cur

    @property
    def phase(self) -> str:
        return PHASE_NAMES[self._phase]

    @property
    def options(self) -> Mapping[str, Any]:
        """The game's options (never the ``setup``, which fixes hidden cards)."""
        return self._options

    @property
    def first_player(self) -> int:
        return self._first

    def is_terminal(self) -> bool:
        return self._phase == OVER

    def scores(self) -> list[int]:
        return list(self._scores)

    def winners(self) -> list[int]:
        if self._phase != OVER:
            return []
        best = max(self._scores)
        return [p for p, s in enumerate(self._scores) if s == best]

    def stall_limit(self) -> int:
        """The limit the next discard is checked against (BR-13). A drawn card still to
        resolve counts as in the discard pile, where that discard would put it; without it
        the limit would read lower between a draw and its discard than when it is checked."""
        cards = len(self._draw) + len(self._disc) + (self._pending != NO_CARD)
        return self.num_players * cards

    # --- legal actions (BR-21 order) ----------------------------------------------------

    def legal_actions(self) -> list[Action]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return list(legal)

    def _compute_legal(self) -> tuple[Action, ...]:
        phase = self._phase
        if phase == OVER:
            return ()
        mine = self._tab[self._cur]
        if self._pending != NO_CARD:
            return self._resolutions(mine)
        out: list[Action] = [DRAW] if phase == PLAY else []
        match = self._var.match
        for a, b, act in MERGE_ORDER:
            sa = mine[a]
            if sa:
                sb = mine[b]
                if sb and match[sa[-1]][sb[0]]:
                    out.append(act)
        if phase == FINAL:
            out.append(DONE)
        return tuple(out)

    def _resolutions(self, mine: list[list[int]]) -> tuple[Action, ...]:
        """What can be done with the pending card: place, break, discard (BR-9)."""
        var = self._var
        pending = self._pending
        row = var.match[pending]
        out: list[Action] = [PLACE[s] for s in range(SLOTS) if not mine[s] or row[mine[s][-1]]]
        if var.court[pending]:
            cur = self._cur
            to_empty = var.break_to_empty
            for p, seat in enumerate(self._tab):
                if p == cur:
                    continue
                for s, victim in enumerate(seat):
                    if victim and row[victim[-1]]:
                        fits = var.match[victim[0]]
                        table = BREAK[p][s]
                        for t in range(SLOTS):
                            own = mine[t]
                            if (fits[own[-1]] if own else to_empty):
                                out.append(table[t])
        out.append(DISCARD)
        return tuple(out)

    # --- checking ------------------------------------------------------------------------

    def why_illegal(self, action: Any) -> str | None:
        """None if ``action`` is legal now, else the reason in words a player understands."""
        kind = type(action)
        if kind not in _KINDS:
            return f"{action!r} is not a Breaks action"
        for what, value, limit in _numbers(action, self.num_players):
            if not 0 <= value < limit:
                return f"{what} {value + 1} does not exist"
        if self._phase == OVER:
            return "the game is over"
        if kind is Done:
            return None if self._phase == FINAL else _NOT_YET_DONE
        if kind is Merge:
            return self._merge_problem(action)
        if self._phase == FINAL:
            return _FINAL_ONLY
        if kind is Draw:
            return None if self._pending == NO_CARD else "you have already drawn a card this turn"
        if self._pending == NO_CARD:
            return "no card has been drawn"
        if kind is Place:
            return self._place_problem(action.slot)
        if kind is Break:
            return self._break_problem(action)
        return None  # discard is always allowed with a pending card

    def _merge_problem(self, action: Merge) -> str | None:
        if self._phase == PLAY and self._pending != NO_CARD:
            return "you have drawn a card: place it, break with it or discard it"
        if action.a == action.b:
            return "a slot cannot be merged with itself"
        mine = self._tab[self._cur]
        for s in (action.a, action.b):
            if not mine[s]:
                return f"slot {s + 1} is empty"
        return self._mismatch(mine[action.a][-1], mine[action.b][0])

    def _place_problem(self, slot: int) -> str | None:
        target = self._tab[self._cur][slot]
        return self._mismatch(self._pending, target[-1]) if target else None

    def _break_problem(self, action: Break) -> str | None:
        pending = self._pending
        if action.seat == self._cur:
            return f"seat {action.seat + 1} is you"
        if not self._var.court[pending]:
            return f"{CODES[pending]} is not a court card: only a drawn J, Q or K can break"
        victim = self._tab[action.seat][action.slot]
        if not victim:
            return f"seat {action.seat + 1} has nothing in slot {action.slot + 1}"
        problem = self._mismatch(pending, victim[-1])
        if problem:
            return problem
        own = self._tab[self._cur][action.target]
        if not own:
            if self._var.break_to_empty:
                return None
            return f"your slot {action.target + 1} is empty, so the stolen cards do not fit there"
        problem = self._mismatch(victim[0], own[-1])
        return f"the stolen cards do not fit: {problem}" if problem else None

    def _mismatch(self, a: int, b: int) -> str | None:
        return None if self._var.match[a][b] else f"{CODES[a]} does not match {CODES[b]}"

    def parse(self, text: str) -> Action:
        """The action ``text`` names, if it is legal now; otherwise IllegalAction with why."""
        action = read_notation(text)
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(reason)
        return action

    # --- effects --------------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Play one action. An illegal one raises IllegalAction and changes nothing."""
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(reason)
        seat = self._cur
        self._legal = None
        kind = type(action)
        if kind is Draw:
            self._do_draw()
        elif kind is Discard:
            self._do_discard()
        elif kind is Place:
            self._do_place(action.slot)
        elif kind is Merge:
            self._do_merge(action.a, action.b)
        elif kind is Break:
            self._do_break(action.seat, action.slot, action.target)
        else:
            self._do_done()
        self._last = (seat, action)

    def _do_draw(self) -> None:
        if not self._draw:
            self._turn_over_discards()
        self._pending = self._draw.pop()

    def _turn_over_discards(self) -> None:
        """BR-8: the discard pile becomes the draw pile (shuffled, or in discard order)."""
        pile = self._disc
        if self._fixed:
            pile.reverse()  # first discarded is drawn first, and we draw from the end
        else:
            self._rng.shuffle(pile)
        self._draw, self._disc, self._disc_by = pile, [], []

    def _do_discard(self) -> None:
        self._disc.append(self._pending)
        self._disc_by.append(self._cur)
        self._pending = NO_CARD
        self._stall += 1
        self._cur = (self._cur + 1) % self.num_players
        if self._stall >= self.stall_limit():
            self._start_final()  # BR-13

    def _do_place(self, slot: int) -> None:
        target = self._tab[self._cur][slot]
        target.append(self._pending)
        self._pending = NO_CARD
        self._bank(self._cur, target)
        self._end_play_turn()

    def _do_merge(self, a: int, b: int) -> None:
        mine = self._tab[self._cur]
        mine[a].extend(mine[b])
        mine[b] = []
        self._bank(self._cur, mine[a])
        if self._phase == PLAY:
            self._end_play_turn()

    def _do_break(self, seat: int, slot: int, target: int) -> None:
        stolen = self._tab[seat][slot]
        self._tab[seat][slot] = []
        stolen.append(self._pending)  # no stack on the victim's side, even at five (BR-11)
        self._pending = NO_CARD
        own = self._tab[self._cur][target]
        own.extend(stolen)
        self._bank(self._cur, own)
        self._end_play_turn()

    def _do_done(self) -> None:
        self._dones += 1
        if self._dones >= self.num_players:
            self._phase, self._cur = OVER, None
        else:
            self._cur = (self._cur + 1) % self.num_players

    def _bank(self, seat: int, cards: list[int]) -> None:
        """BR-12: the bottom five of a long enough slot leave as a stack for its owner."""
        while len(cards) >= STACK_SIZE:
            stack = tuple(cards[:STACK_SIZE])
            del cards[:STACK_SIZE]
            self._stacks[seat].append(stack)
            self._scores[seat] += self._var.stack_points(stack)

    def _end_play_turn(self) -> None:
        """After a place, break or play-phase merge: reset the stall, pass the turn."""
        self._stall = 0
        self._cur = (self._cur + 1) % self.num_players
        if not self._draw and not self._disc:
            self._start_final()  # BR-14 (a)

    def _start_final(self) -> None:
        """BR-15: the seat after the last play-phase actor (already current) begins."""
        self._phase = FINAL
        self._dones = 0

    # --- copies ---------------------------------------------------------------------------

    def clone(self) -> BreaksState:
        c = BreaksState.__new__(BreaksState)
        c.num_players = self.num_players
        c._var, c._options, c._fixed, c._first = self._var, self._options, self._fixed, self._first
        c._phase, c._cur, c._pending = self._phase, self._cur, self._pending
        c._stall, c._dones, c._last, c._legal = self._stall, self._dones, self._last, self._legal
        c._tab = [[cards[:] for cards in seat] for seat in self._tab]
        c._stacks = [stacks[:] for stacks in self._stacks]  # stacks are tuples: shared safely
        c._scores = self._scores[:]
        c._draw, c._disc, c._disc_by = self._draw[:], self._disc[:], self._disc_by[:]
        c._rng = Rng.from_state(self._rng.state)
        return c

    # The modules below read this class's fields and build states, so they are imported
    # when first used rather than at the top (that would be an import cycle).

    def view(self, player: int) -> dict[str, Any]:
        from game.rules.breaks.hidden import make_view
        return make_view(self, player)

    def determinize(self, player: int, rng: Any) -> BreaksState:
        from game.rules.breaks.hidden import determinized
        return determinized(self, player, rng)

    def to_json(self) -> dict[str, Any]:
        from game.rules.breaks.serial import encode
        return encode(self)

    def __repr__(self) -> str:
        return (f"<BreaksState {self.num_players}p {self.phase} seat={self._cur} "
                f"draw={len(self._draw)} discard={len(self._disc)} scores={self._scores}>")


def _numbers(action: Any, num_players: int) -> tuple[tuple[str, int, int], ...]:
    """The (what, 0-based value, limit) of each number in an action, for range checks."""
    kind = type(action)
    if kind is Place:
        return (("slot", action.slot, SLOTS),)
    if kind is Merge:
        return (("slot", action.a, SLOTS), ("slot", action.b, SLOTS))
    if kind is Break:
        return (("seat", action.seat, num_players), ("slot", action.slot, SLOTS),
                ("slot", action.target, SLOTS))
    return ()
