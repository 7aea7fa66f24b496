"""The Breaker Blocks game state: turns, main-step actions and the end checks
(BB-11 .. BB-15, BB-24, BB-25). Action-tile steps live in steps.py; views,
determinization and JSON in hidden.py and serial.py.

Hot paths (``legal_actions``, ``apply``, ``clone``) serve search bots, so tiles are
ints, action objects are pre-built, and ``apply`` checks only the one action it is
given (``why_illegal``) instead of building the whole legal list.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.core.errors import IllegalAction
from game.core.rng import Rng
from game.rules.breaker_blocks import steps
from game.rules.breaker_blocks.actions import (
    ACTION_CLASSES,
    DRAWS,
    END,
    NSOCKETS,
    PLAYS,
    Action,
    Draw,
    End,
    Play,
    Rearrange,
    cell_text,
    play_action,
    read_notation,
    rearrange_action,
)
from game.rules.breaker_blocks.board import BLOCKED, Board
from game.rules.breaker_blocks.config import Config
from game.rules.breaker_blocks.data import Cell
from game.rules.breaker_blocks.geometry import (
    ACCELERATE,
    ACTION_KINDS,
    ACTION_PILE,
    AUTHENTICATE,
    CELL_INDEX,
    KIND_INDEX,
    KINDS,
    NBR,
    NKINDS,
    NPOWER,
    OPP,
    POWER_KINDS,
    SIDE_INDEX,
    START,
    tile_name,
)

ACTIONS_PER_TURN = 2

# End reasons (BB-24), in the order the rules check them.
AUTHENTICATED, FINAL_TURN, TIME_LIMIT, SEALED = "authenticate", "final_turn", "turn_cap", "sealed"
END_CODES = (AUTHENTICATED, FINAL_TURN, TIME_LIMIT, SEALED)

_NOT_A_STEP = {
    "place": "place is only for Automate, and no Automate is waiting: use play for a tile in your hand",
    "target": "nothing is waiting for a target: target is only for Annihilate and Attenuate",
    "keep": "keep is only for Aggravate, and no Aggravate is waiting",
    "skip": "skip only ends an Agitate, and no Agitate is waiting",
}


def an(word: str) -> str:
    return f"an {word}" if word[0].lower() in "aeiou" else f"a {word}"


class BreakerBlocksState:
    """One position of a Breaker Blocks game. Mutated by ``apply``; ``clone`` is cheap."""

    __slots__ = (
        "_actions", "_auth_count", "_auth_turn", "_board", "_cfg", "_cur", "_drawn", "_effect", "_end",
        "_final_for", "_first", "_hands", "_legal", "_loser", "_options", "_piles", "_removed", "_rng", "_turns",
        "num_players",
    )

    num_players: int
    _cfg: Config
    _options: Mapping[str, Any]  # public options (read-only), shared by clones
    _first: int
    _rng: Rng  # only the first player is drawn from it; kept so a save continues exactly
    _board: Board
    _hands: tuple[list[int], list[int]]  # per seat: tiles per kind
    _drawn: list[int]  # the mover's tiles drawn this turn, per kind (BB-12, BB-15)
    _piles: tuple[list[int], list[int], list[int]]  # colour pile of seat 0, of seat 1, action pile
    _removed: tuple[list[int], list[int]]  # annihilated tiles per owner, per kind (BB-18)
    _cur: int | None
    _actions: int  # actions left this turn
    _effect: tuple[int, int, int] | None  # (action kind, its cell, step index) being resolved
    _auth_turn: bool  # an AUTHENTICATE was placed this turn (BB-21)
    _auth_count: int  # AUTHENTICATE tiles on the board
    _turns: list[int]  # turns completed per seat
    _final_for: int | None  # the seat whose next (or current) turn is the final one (BB-24.4)
    _end: str | None  # end reason code once over
    _loser: int | None  # the sealed seat (BB-24.5)
    _legal: list[Action] | None  # cache, dropped on every apply

    @classmethod
    def new(cls, cfg: Config, options: Mapping[str, Any], first: int, rng: Rng) -> BreakerBlocksState:
        """BB-9: an empty board, every start tile in the hands, the rest in the piles."""
        s = cls.blank(cfg, options, first, rng)
        counts = cfg.counts
        for seat in (0, 1):
            for k in POWER_KINDS:
                s._piles[seat][k] = counts[k]
            s._hands[seat][START] = counts[START]
            s._piles[seat][START] = 0
        for k in ACTION_KINDS:
            s._piles[ACTION_PILE][k] = counts[k]
        s._start_turn()
        return s

    @classmethod
    def blank(cls, cfg: Config, options: Mapping[str, Any], first: int, rng: Rng) -> BreakerBlocksState:
        """No tiles anywhere, seat ``first`` to move; callers fill it in."""
        s = cls.__new__(cls)
        s.num_players = 2
        s._cfg, s._options, s._first, s._rng = cfg, options, first, rng
        s._board = Board.empty()
        s._hands = ([0] * NKINDS, [0] * NKINDS)
        s._drawn = [0] * NKINDS
        s._piles = ([0] * NKINDS, [0] * NKINDS, [0] * NKINDS)
        s._removed = ([0] * NKINDS, [0] * NKINDS)
        s._cur, s._actions, s._effect = first, ACTIONS_PER_TURN, None
        s._auth_turn, s._auth_count = False, 0
        s._turns = [0, 0]
        s._final_for = s._end = s._loser = None
        s._legal = None
        return s

    # --- public read-only facts ------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return self._cur

    @property
    def options(self) -> Mapping[str, Any]:
        """The public options (never ``setup``)."""
        return self._options

    @property
    def first_player(self) -> int:
        return self._first

    @property
    def phase(self) -> str:
        """"main" (choose an action), "step" (an action tile's step) or "over"."""
        if self._end is not None:
            return "over"
        return "main" if self._effect is None else "step"

    @property
    def actions_left(self) -> int:
        return 0 if self._end is not None else self._actions

    @property
    def end_reason(self) -> steps.EndReason | None:
        """Which BB-24 check ended the game (code and sentence), or None while it runs."""
        if self._end is None:
            return None
        return steps.end_reason(self._end, self._loser, self._final_for, self._cfg.turn_cap)

    def is_terminal(self) -> bool:
        return self._end is not None

    def control(self) -> list[int | None]:
        """BB-8: per circuit, the seat with strictly more power there, else None."""
        p0, p1 = self._board.power
        return [0 if a > b else 1 if b > a else None for a, b in zip(p0, p1, strict=True)]

    def scores(self) -> list[int]:
        """BB-25: circuits controlled by each seat, from the board as it is now."""
        ctrl = self.control()
        return [ctrl.count(0), ctrl.count(1)]

    def winners(self) -> list[int]:
        """BB-25: [] while the game runs; then the seat that was not sealed, else the seat
        with more circuits, else [] (equal counts: both players lose)."""
        if self._end is None:
            return []
        if self._end == SEALED:
            return [1 - self._loser]
        a, b = self.scores()
        return [0] if a > b else [1] if b > a else []

    # --- legal actions -----------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every legal action now. Order: draws (kind order), plays (kind, then socket),
        rearranges (leaf, then socket), end; at a step, that step's choices (skip last).
        Cells go row by row from the south-west corner, sides N E S W."""
        if self._legal is None:
            self._legal = self._generate()
        return list(self._legal)

    def _generate(self) -> list[Action]:
        if self._end is not None:
            return []
        if self._effect is not None:
            return steps.choices(self, self._effect)
        p = self._cur
        hand, drawn, pile, apile = self._hands[p], self._drawn, self._piles[p], self._piles[ACTION_PILE]
        out: list[Action] = [DRAWS[k] for k in POWER_KINDS if pile[k]]
        out += [DRAWS[k] for k in ACTION_KINDS if apile[k] and not hand[k]]
        board = self._board
        socks = board.sockets(p)
        if socks:
            for k in range(NKINDS):
                if hand[k] > drawn[k] and not (k == AUTHENTICATE and self._auth_turn):
                    base = k * NSOCKETS
                    out += [PLAYS[base + s] or play_action(k, s) for s in socks]
        for c in board.leaves(p, movable=True):
            out += [rearrange_action(c, s) for s in board.destinations(c, socks)]
        out.append(END)
        return out

    # --- checking ------------------------------------------------------------------------------

    def why_illegal(self, action: Any) -> str | None:
        """None if ``action`` is legal now, else the reason in words a player understands."""
        cls = type(action)
        if cls not in ACTION_CLASSES:
            return f"{action!r} is not a Breaker Blocks action"
        if self._end is not None:
            return "the game is over"
        if self._effect is not None:
            return steps.problem(self, self._effect, action)
        if cls is Draw:
            return self.draw_problem(action.kind)
        if cls is Play:
            return self._play_problem(action)
        if cls is Rearrange:
            return self.rearrange_problem(action, self._cur)
        if cls is End:
            return None
        return _NOT_A_STEP[action.verb]

    def draw_problem(self, kind: str, accelerating: bool = False) -> str | None:
        """BB-12 (and BB-17 while ``accelerating``) for a draw by the mover."""
        k = KIND_INDEX.get(kind)
        if k is None:
            return f"there is no tile called {kind!r}"
        p = self._cur
        if k >= NPOWER:
            if k not in self._cfg.in_set:
                return f"this game uses the {self._cfg.action_set.replace('_', ' ')} action set, " \
                       f"which has no {tile_name(kind)} tiles"
            if accelerating and k == ACCELERATE:
                return "Accelerate never draws an Accelerate"
            if not self._piles[ACTION_PILE][k]:
                return f"the action pile has no {tile_name(kind)} left"
            if self._hands[p][k]:
                return f"you already hold {an(tile_name(kind))}: a hand holds at most one of each action type"
            return None
        if not self._piles[p][k]:
            return f"your pile has no {kind} tiles left"
        return None

    def _play_problem(self, action: Play) -> str | None:
        k = KIND_INDEX.get(action.kind)
        if k is None:
            return f"there is no tile called {action.kind!r}"
        hand = self._hands[self._cur]
        if not hand[k]:
            return f"you have no {tile_name(action.kind)} in your hand"
        if hand[k] <= self._drawn[k]:
            return f"your {tile_name(action.kind)} was drawn this turn: you can play it from your next turn"
        if k == AUTHENTICATE and self._auth_turn:
            return "Authenticate already placed this turn"
        return self.socket_problem(self._cur, action.cell, action.side)

    def socket_problem(self, seat: int, cell: Cell, side: str, lifted: int = -1) -> str | None:
        """BB-6: why ``cell from side`` is not a socket of ``seat`` (with the tile on cell
        index ``lifted`` taken off the board), or None if it is one."""
        c = CELL_INDEX.get(cell)
        where = cell_text(cell)
        if c is None:
            return f"{where} is outside the play area"
        d = SIDE_INDEX.get(side)
        if d is None:
            return f"{side!r} is not a side: use N, E, S or W"
        board = self._board
        if board.kind[c] == BLOCKED:
            return f"{where} is part of the core: no tile goes there"
        if board.kind[c] >= 0 and c != lifted:
            return f"{where} already holds a tile"
        n = NBR[c * 4 + d]
        if n == lifted:
            return "a tile cannot plug into one of its own holes"
        if board.holes[seat][n] >> OPP[d] & 1:
            return None
        mine = seat == self._cur
        whose = "yours" if mine else f"seat {seat + 1}'s"
        if board.holes[1 - seat][n] >> OPP[d] & 1:
            other = f"seat {2 - seat}'s" if mine else "yours"
            return f"the hole facing {where} from {side} is {other}, not {whose}"
        return f"no hole of {whose} faces {where} from {side}"

    def rearrange_problem(self, action: Rearrange, seat: int) -> str | None:
        """BB-14: why the move is not legal for a leaf of ``seat`` (AGITATE: the opponent)."""
        src = CELL_INDEX.get(action.source)
        board = self._board
        where = cell_text(action.source)
        if src is None or board.kind[src] < 0:
            return f"there is no tile at {where}"
        if board.owner[src] != seat:
            if seat == self._cur:
                return f"the tile at {where} is seat {2 - seat}'s: you can only rearrange your own tiles"
            return f"Agitate moves seat {seat + 1}'s tiles, and the tile at {where} is yours"
        if board.kind[src] == AUTHENTICATE:
            return "Authenticate never moves"
        if board.kids[src]:
            return f"the tile at {where} is not a leaf: another tile is plugged into it"
        if CELL_INDEX.get(action.cell) == src and SIDE_INDEX.get(action.side) == board.tab[src]:
            return "that is the hole it just left: a rearranged tile must go somewhere else"
        return self.socket_problem(seat, action.cell, action.side, lifted=src)

    def parse(self, text: str) -> Action:
        """The action ``text`` names, if it is legal now; otherwise IllegalAction with why."""
        action = read_notation(text)
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(reason)
        return action

    # --- effects -------------------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Play one action. An illegal one raises IllegalAction and changes nothing."""
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(reason)
        self._legal = None
        if self._effect is not None:
            steps.resolve(self, self._effect, action)
        elif type(action) is End:
            self._end_turn()
            return
        else:
            self._main(action)
        self._settle()

    def _main(self, action: Action) -> None:
        self._actions -= 1
        p = self._cur
        cls = type(action)
        if cls is Draw:
            self.take(p, KIND_INDEX[action.kind])
        elif cls is Play:
            k = KIND_INDEX[action.kind]
            self._hands[p][k] -= 1
            socket = CELL_INDEX[action.cell] * 4 + SIDE_INDEX[action.side]
            self._board.place(socket, k, p)
            if k >= NPOWER:
                self.trigger(k, socket >> 2)
        else:
            self._board.move(CELL_INDEX[action.source], CELL_INDEX[action.cell] * 4 + SIDE_INDEX[action.side])

    def take(self, seat: int, k: int) -> None:
        """Draw a tile of kind ``k`` into the hand, marked as drawn this turn (BB-12)."""
        self._piles[seat if k < NPOWER else ACTION_PILE][k] -= 1
        self._hands[seat][k] += 1
        self._drawn[k] += 1

    def to_pile(self, owner: int, k: int, n: int = 1) -> None:
        """BB-22: a power tile goes back to its owner's colour pile, an action tile to the action pile."""
        self._piles[owner if k < NPOWER else ACTION_PILE][k] += n

    def trigger(self, k: int, cell: int) -> None:
        """A placed action tile (BB-13, BB-20): AUTHENTICATE counts, the others start their steps."""
        if k == AUTHENTICATE:
            self._auth_count += 1
            self._auth_turn = True
            if self._auth_count >= 2:
                self._finish(AUTHENTICATED)  # BB-24.1: at once, mid-turn
            return
        self._effect = (k, cell, 0)

    def _settle(self) -> None:
        """Skip steps with no legal choice (BB-16); end the turn once nothing is left."""
        while self._end is None:
            effect = self._effect
            if effect is None:
                if self._actions <= 0:
                    self._end_turn()
                return
            options = steps.choices(self, effect)
            if options:
                self._legal = options
                return
            self._effect = steps.next_step(effect)

    def _end_turn(self) -> None:
        """BB-15 and the end-of-turn checks of BB-24 (2, 3, 4), then the next turn starts."""
        p = self._cur
        self._turns[p] += 1
        self._drawn = [0] * NKINDS
        self._auth_turn = False
        self._effect = None
        if self._final_for == p:
            self._finish(FINAL_TURN)
            return
        cap = self._cfg.turn_cap
        if cap and min(self._turns) >= cap:
            self._finish(TIME_LIMIT)
            return
        if self._final_for is None and self.exhausted(p):
            self._final_for = 1 - p
        self._cur = 1 - p
        self._actions = ACTIONS_PER_TURN
        self._start_turn()

    def _start_turn(self) -> None:
        """BB-24.5: a seat that starts its turn with no socket loses."""
        if not self._board.has_socket(self._cur):
            self._finish(SEALED, loser=self._cur)

    def exhausted(self, seat: int) -> bool:
        """BB-24.4: an empty colour pile and no power tile in hand."""
        pile, hand = self._piles[seat], self._hands[seat]
        return not any(pile[k] or hand[k] for k in POWER_KINDS)

    def _finish(self, code: str, loser: int | None = None) -> None:
        self._end, self._loser = code, loser
        self._cur = None
        self._effect = None
        self._legal = None

    # --- copies --------------------------------------------------------------------------------

    def clone(self) -> BreakerBlocksState:
        c = BreakerBlocksState.__new__(BreakerBlocksState)
        c.num_players = 2
        c._cfg, c._options, c._first = self._cfg, self._options, self._first
        c._rng = Rng.from_state(self._rng.state)
        c._board = self._board.clone()
        c._hands = (self._hands[0][:], self._hands[1][:])
        c._drawn = self._drawn[:]
        c._piles = (self._piles[0][:], self._piles[1][:], self._piles[2][:])
        c._removed = (self._removed[0][:], self._removed[1][:])
        c._cur, c._actions, c._effect = self._cur, self._actions, self._effect
        c._auth_turn, c._auth_count = self._auth_turn, self._auth_count
        c._turns = self._turns[:]
        c._final_for, c._end, c._loser = self._final_for, self._end, self._loser
        c._legal = self._legal  # never mutated in place (legal_actions hands out copies)
        return c

    # The modules below read this class's fields, so they are imported when first used.

    def view(self, player: int) -> dict[str, Any]:
        from game.rules.breaker_blocks.hidden import make_view
        return make_view(self, player)

    def determinize(self, player: int, rng: Any) -> BreakerBlocksState:
        from game.rules.breaker_blocks.hidden import determinized
        return determinized(self, player, rng)

    def to_json(self) -> dict[str, Any]:
        from game.rules.breaker_blocks.serial import encode
        return encode(self)

    def __repr__(self) -> str:
        return (f"<BreakerBlocksState {self.phase} seat={self._cur} actions={self._actions} "
                f"turns={self._turns} scores={self.scores()}>")


__all__ = ["ACTION_PILE", "END_CODES", "KINDS", "BreakerBlocksState"]
