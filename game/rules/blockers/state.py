"""The Blockers! game state: turn flow, legal actions and their effects (BL-6 .. BL-20).

Hot paths (``legal_actions``, ``apply``, ``clone``) run thousands of times a second in
playouts and MCTS, so the board is a flat list of 81 colour codes (0 empty, colour + 1),
racks are bitmasks of tile indices, pools are shared immutable tuples read through a
per-colour draw counter, and every action is a pre-built singleton. Views,
determinization and JSON live in sibling modules (hidden.py, serial.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from game.core.errors import IllegalAction
from game.core.rng import Rng
from game.rules.blockers.actions import (
    FIT_ACTIONS,
    FIT_ACTIONS_AS,
    PASS,
    PLACE,
    Action,
    Pass,
    Place,
    read_notation,
)
from game.rules.blockers.groups import can_take, count_all_groups, count_groups
from game.rules.blockers.layout import COLOURS, NUM_SQUARES, NUM_TILES, RACK_SIZE, SQUARES, TILES
from game.rules.blockers.placing import board_problem

NUM_COLOURS = len(COLOURS)
NO_LABEL = -1  # a preset tile (BL-5) or an empty square has no label
GAME_OVER = "the game is over"
_KINDS = frozenset((Place, Pass))


@dataclass(frozen=True, eq=False)
class Config:
    """What stays fixed for a whole game; shared by every clone."""

    num_players: int
    advanced: bool
    seat_colours: tuple[tuple[int, ...], ...]  # each seat's colour slots (colour indices, BL-2)
    pool_length: int  # L of BL-5: 28 in a real game
    options: Mapping[str, Any]  # public options (never setup)
    fixed: bool  # a setup was given
    first: int

    @cached_property
    def in_play(self) -> tuple[int, ...]:
        """Colours in colour-slot order: seat 1's, then seat 2's, ..."""
        return tuple(c for cols in self.seat_colours for c in cols)

    @cached_property
    def turn_limit(self) -> int:
        """BL-13: turns per seat in the normal game (L - 4); in the advanced game, how many
        times each colour is placed (BL-18)."""
        return self.pool_length - RACK_SIZE + 1

    @cached_property
    def end_seat(self) -> int:
        """BL-13: the seat whose last turn ends the normal game (the one before the first player)."""
        return (self.first - 1) % self.num_players


class BlockersState:
    """One position of a Blockers! game. Mutated by ``apply``; ``clone`` is cheap."""

    __slots__ = (
        "_board", "_caps", "_captured", "_cfg", "_cur", "_drawn", "_finished", "_labels", "_last", "_legal",
        "_over", "_pools", "_racks", "_rng", "_turns", "num_players",
    )

    num_players: int
    _cfg: Config
    _board: list[int]  # 81 colour codes: 0 empty, colour index + 1
    _labels: list[int]  # 81 tile indices of the tiles on the board (NO_LABEL: empty or preset)
    _racks: list[int]  # per colour index: bitmask of the tiles on its rack
    _pools: tuple[tuple[int, ...], ...]  # per colour index: draw order (shared by clones, never mutated)
    _drawn: list[int]  # per colour index: how many of its pool have been drawn
    _finished: list[bool]  # per colour index (BL-18; always False in the normal game)
    _caps: list[int]  # seat * NUM_COLOURS + colour -> tiles of that colour the seat captured
    _captured: list[tuple[int, int, int]]  # (seat, colour, tile or NO_LABEL) in capture order
    _turns: list[int]  # per seat (BL-12)
    _cur: int | None
    _over: bool
    _last: tuple[int, Action] | None  # (seat, action) of the last action
    _rng: Rng  # all chance is at setup; kept so a save holds the whole state
    _legal: tuple[Action, ...] | None  # cache, dropped on every apply

    @classmethod
    def blank(cls, cfg: Config, pools: tuple[tuple[int, ...], ...], rng: Rng) -> BlockersState:
        """An empty board with nothing drawn yet; the caller deals (``deal``) or fills the fields."""
        s = cls.__new__(cls)
        s.num_players = cfg.num_players
        s._cfg, s._rng = cfg, rng
        s._board = [0] * NUM_SQUARES
        s._labels = [NO_LABEL] * NUM_SQUARES
        s._racks = [0] * NUM_COLOURS
        s._pools = pools
        s._drawn = [0] * NUM_COLOURS
        s._finished = [False] * NUM_COLOURS
        s._caps = [0] * (cfg.num_players * NUM_COLOURS)
        s._captured = []
        s._turns = [0] * cfg.num_players
        s._cur, s._over, s._last, s._legal = cfg.first, False, None, None
        return s

    def deal(self) -> None:
        """BL-3: the first RACK_SIZE tiles of each pool go to that colour's rack."""
        for c in self._cfg.in_play:
            for tile in self._pools[c][:RACK_SIZE]:
                self._racks[c] |= 1 << tile
            self._drawn[c] = min(RACK_SIZE, len(self._pools[c]))

    # --- public read-only facts ----------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return self._cur

    @property
    def advanced(self) -> bool:
        return self._cfg.advanced

    @property
    def options(self) -> Mapping[str, Any]:
        """The game's options (never ``setup``, which fixes hidden tiles)."""
        return self._cfg.options

    @property
    def first_player(self) -> int:
        return self._cfg.first

    @property
    def board(self) -> tuple[int, ...]:
        """The 81 colour codes (0 empty, colour index + 1), A1..I9: public."""
        return tuple(self._board)

    def colours_of(self, seat: int) -> tuple[str, ...]:
        """A seat's colour names in colour-slot order (BL-2)."""
        return tuple(COLOURS[c] for c in self._cfg.seat_colours[seat])

    def is_terminal(self) -> bool:
        return self._over

    def groups_of(self, seat: int) -> int:
        """BL-14: groups of all the seat's colours."""
        board = self._board
        return sum(count_groups(board, c + 1) for c in self._cfg.seat_colours[seat])

    def captures_of(self, seat: int) -> list[int]:
        """Tiles the seat captured, per colour index."""
        return self._caps[seat * NUM_COLOURS:(seat + 1) * NUM_COLOURS]

    def scores(self) -> list[int]:
        """BL-15: groups + the largest single-colour capture count; lower is better."""
        per_code = count_all_groups(self._board, NUM_COLOURS + 1)
        caps = self._caps
        return [sum(per_code[c + 1] for c in cols) + max(caps[p * NUM_COLOURS:(p + 1) * NUM_COLOURS])
                for p, cols in enumerate(self._cfg.seat_colours)]

    def winners(self) -> list[int]:
        """BL-16: lowest score, then fewest captures in all; ties share. [] until the end."""
        if not self._over:
            return []
        keys = [(score, sum(self.captures_of(p))) for p, score in enumerate(self.scores())]
        best = min(keys)
        return [p for p, key in enumerate(keys) if key == best]

    # --- legal actions (BL-22 order: colour slot, tile, square) ----------------------------

    def legal_actions(self) -> list[Action]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return list(legal)

    def _compute_legal(self) -> tuple[Action, ...]:
        if self._over:
            return ()
        cfg = self._cfg
        board = self._board
        racks = self._racks
        finished = self._finished
        out: list[Action] = []
        append = out.append
        takeable: dict[int, bool] = {}  # square -> BL-9 verdict, shared by every tile that fits it
        for colour in cfg.seat_colours[self._cur]:
            if finished[colour]:
                continue
            own = colour + 1
            table = FIT_ACTIONS_AS[colour] if cfg.advanced else FIT_ACTIONS
            rack = racks[colour]
            while rack:
                low = rack & -rack
                rack ^= low
                for sq, action in table[low.bit_length() - 1]:
                    code = board[sq]
                    if not code:
                        append(action)
                    elif code != own:
                        ok = takeable.get(sq)
                        if ok is None:
                            ok = takeable[sq] = can_take(board, sq)
                        if ok:
                            append(action)
        return tuple(out) if out else (PASS,)

    # --- checking ----------------------------------------------------------------------------

    def why_illegal(self, action: Any) -> str | None:
        """None if ``action`` is legal now, else the reason in words a player understands."""
        kind = type(action)
        if kind not in _KINDS:
            return f"{action!r} is not a Blockers! action"
        if self._over:
            return GAME_OVER
        if kind is Pass:
            return self._pass_problem()
        tile, square, colour = action.tile, action.square, action.colour
        if not 0 <= tile < NUM_TILES:
            return f"tile {tile} does not exist"
        if not 0 <= square < NUM_SQUARES:
            return f"square {square} does not exist"
        if colour is not None and not 0 <= colour < NUM_COLOURS:
            return f"colour {colour} does not exist"
        cfg = self._cfg
        mine = cfg.seat_colours[self._cur]
        if cfg.advanced:
            if colour is None:
                return f"name the colour you place, like {COLOURS[mine[0]]}:{action}"
            name = COLOURS[colour]
            if colour not in mine:
                return f"{name} is not your colour: you play {' and '.join(COLOURS[c] for c in mine)}"
            if self._finished[colour]:
                return f"{name} is finished: its last tiles stay on the rack"
            if not self._racks[colour] >> tile & 1:
                return f"no {TILES[tile]} on your {name} rack"
        else:
            if colour is not None:
                return f"write placements without a colour in this game, like {TILES[tile]}@{SQUARES[square]}"
            colour = mine[0]
            if not self._racks[colour] >> tile & 1:
                return f"no {TILES[tile]} on your rack"
        return board_problem(self._board, colour, tile, square, cfg.advanced)

    def _pass_problem(self) -> str | None:
        legal = self.legal_actions()
        if legal[0] is PASS:
            return None
        board = self._board
        empty = [a for a in legal if not board[a.square]]
        if empty:
            return f"you may not pass: a move exists (for example {empty[0]})"
        # BL-10 forced capture: the only moves left are captures, and one of them must be made.
        return (f"you may not pass: a move exists, and as no tile fits an empty square you must capture "
                f"(for example {legal[0]})")

    def parse(self, text: str) -> Action:
        """The action ``text`` names, if it is legal now; otherwise IllegalAction with why.

        Outside the advanced game a colour prefix is accepted only if it names the
        mover's colour, and is dropped (BL-22)."""
        action = read_notation(text)
        if type(action) is Place and action.colour is not None and not self._cfg.advanced and not self._over:
            own = self._cfg.seat_colours[self._cur][0]
            if action.colour != own:
                raise IllegalAction(f"{COLOURS[action.colour]} is not your colour: you play {COLOURS[own]}")
            action = PLACE[action.tile][action.square]
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(reason)
        return action

    # --- effects ---------------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Play one action. An illegal one raises IllegalAction and changes nothing."""
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(reason)
        cfg = self._cfg
        seat = self._cur
        after_pass = self._last is not None and type(self._last[1]) is Pass
        self._legal = None
        self._turns[seat] += 1  # BL-12
        self._last = (seat, action)
        if type(action) is Pass:
            if cfg.advanced:
                self._after_advanced_pass(seat, after_pass)
            else:
                self._next_normal(seat)
            return
        colour = action.colour if cfg.advanced else cfg.seat_colours[seat][0]
        self._place(seat, colour, action.tile, action.square)
        if cfg.advanced:
            self._next_advanced(seat)
        else:
            self._next_normal(seat)

    def _place(self, seat: int, colour: int, tile: int, square: int) -> None:
        """BL-8 and BL-11 (BL-18): capture what is there, put the tile down, draw or finish."""
        victim = self._board[square]
        if victim:
            self._caps[seat * NUM_COLOURS + victim - 1] += 1
            self._captured.append((seat, victim - 1, self._labels[square]))
        self._board[square] = colour + 1
        self._labels[square] = tile
        racks = self._racks
        racks[colour] ^= 1 << tile
        pool = self._pools[colour]
        drawn = self._drawn[colour]
        if drawn < len(pool):
            racks[colour] |= 1 << pool[drawn]
            self._drawn[colour] = drawn + 1
        elif self._cfg.advanced:
            self._finished[colour] = True

    def _next_normal(self, seat: int) -> None:
        """BL-13: every seat takes exactly L - 4 turns; the seat before the first player ends it."""
        cfg = self._cfg
        if seat == cfg.end_seat and self._turns[seat] >= cfg.turn_limit:
            self._end()
        else:
            self._cur = (seat + 1) % cfg.num_players

    def _done(self, seat: int) -> bool:
        """Advanced game: both of the seat's colours are finished."""
        finished = self._finished
        return all(finished[c] for c in self._cfg.seat_colours[seat])

    def _next_advanced(self, seat: int) -> None:
        """BL-19/BL-20: alternate, skip a seat with both colours finished, end when all are."""
        other = 1 - seat
        if not self._done(other):
            self._cur = other
        elif not self._done(seat):
            self._cur = seat
        else:
            self._end()

    def _after_advanced_pass(self, seat: int, after_pass: bool) -> None:
        """BL-20: a pass right after a pass, or with the other seat done, ends the game."""
        other = 1 - seat
        if after_pass or self._done(other):
            self._end()
        else:
            self._cur = other

    def _end(self) -> None:
        self._over = True
        self._cur = None

    # --- copies -----------------------------------------------------------------------------

    def clone(self) -> BlockersState:
        c = BlockersState.__new__(BlockersState)
        c.num_players = self.num_players
        c._cfg, c._pools = self._cfg, self._pools
        c._board = self._board[:]
        c._labels = self._labels[:]
        c._racks = self._racks[:]
        c._drawn = self._drawn[:]
        c._finished = self._finished[:]
        c._caps = self._caps[:]
        c._captured = self._captured[:]
        c._turns = self._turns[:]
        c._cur, c._over, c._last, c._legal = self._cur, self._over, self._last, self._legal
        c._rng = Rng.from_state(self._rng.state)
        return c

    # The modules below read this class's fields and build states, so they are imported
    # when first used rather than at the top (that would be an import cycle).

    def view(self, player: int) -> dict[str, Any]:
        from game.rules.blockers.hidden import make_view
        return make_view(self, player)

    def determinize(self, player: int, rng: Any) -> BlockersState:
        from game.rules.blockers.hidden import determinized
        return determinized(self, player, rng)

    def to_json(self) -> dict[str, Any]:
        from game.rules.blockers.serial import encode
        return encode(self)

    def __repr__(self) -> str:
        mode = "advanced" if self._cfg.advanced else "normal"
        return (f"<BlockersState {self.num_players}p {mode} seat={self._cur} turns={self._turns} "
                f"over={self._over}>")
