"""The Circuit Breaker game state: turn flow, legal actions and their effects (CB-11 .. CB-19).

Hot paths (``legal_actions``, ``apply``, ``clone``) run thousands of times a second in
playouts, so tiles are ints, houses are flat lists with a per-cell *need* kept up to date
(tiles.py), hands are sorted lists and actions are cached objects. Views, determinization
and JSON live in hidden.py and serial.py, which read this class's fields.

Mouse positions are ints: -1 at home, 0..6 the market spots in ``SPOTS`` order, and
``HOUSE + seat * cells + cell`` on an appliance in a house.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Mapping
from typing import Any

from game.core.errors import IllegalAction
from game.core.rng import Rng
from game.rules.circuit_breaker import scoring
from game.rules.circuit_breaker.actions import (
    CHEESE,
    DISCARD,
    DISCARD_PILES,
    END,
    KINDS,
    MAX_PLACEMENTS,
    MOUSE_SPOT,
    SPOTS,
    TILE_IDS,
    TILE_INDEX,
    Action,
    Cheese,
    Discard,
    End,
    Mouse,
    MouseHouse,
    Place,
    house_action,
    place_action,
    read_notation,
)
from game.rules.circuit_breaker.data import DATA
from game.rules.circuit_breaker.tiles import GEO, OUTSIDE, ROTATIONS, explain_fit, set_cell

HOME = -1
WIRE_STACK, APPLIANCE_STACK = 0, 1
HOUSE = len(SPOTS)
PILE_STACK = (WIRE_STACK, WIRE_STACK, APPLIANCE_STACK, APPLIANCE_STACK, APPLIANCE_STACK)  # refills (CB-12)
NC = GEO.cells
NW = DATA.num_wires
FIRST_APPLIANCE = NW * 4  # cell values from here up to BOX4 hold appliances
BOX4 = GEO.box * 4
TILE_TYPE = tuple(DATA.tile_type(t) for t in range(DATA.num_tiles))
STACK_NAMES = ("wire stack", "appliance stack")

# A turn-start event: (kind, seat, where, tile, seen by everyone). kind is "deal" (where: the
# stack), "collect" (where: the mouse position) or "refill" (where: the pile spot; seat -1).
# The tile is NO_TILE when nothing came, FORGOTTEN when determinize hid another seat's tile.
Event = tuple[str, int, int, int, bool]
NO_TILE, FORGOTTEN = -1, -2


def spot_name(code: int) -> str:
    """A mouse position in words, for messages."""
    if code < HOUSE:
        return SPOTS[code]
    q, c = divmod(code - HOUSE, NC)
    x, y = GEO.xy(c)
    return f"house {q + 1} at {x},{y}"


class CircuitState:
    """One position of a Circuit Breaker game. Mutated by ``apply``; ``clone`` is cheap."""

    __slots__ = (
        "_cells", "_cheese", "_cur", "_events", "_first", "_hands", "_known", "_last", "_legal", "_mice",
        "_needs", "_obj", "_opts", "_piles", "_placed", "_pool", "_rng", "_round", "_rounds", "_stacks",
        "_used", "num_players",
    )

    num_players: int
    _opts: Mapping[str, Any]  # public options (never setup), shared by clones
    _first: int
    _rounds: int  # game length
    _round: int  # 1-based
    _cur: int | None
    _stacks: list[list[int]]  # wire, appliance; the top is LAST
    _piles: list[list[int]]  # wire-1, wire-2, appliance-1..3; bottom first
    _pool: int  # cubes on the cheese tile
    _cheese: list[int]
    _hands: list[list[int]]  # sorted
    _known: list[int]  # bitmask per seat: hand tiles everyone saw it take
    _cells: list[list[int]]  # seat -> cell -> tile*4+r, or -1
    _needs: list[list[int]]  # seat -> cell -> neighbours' edges (tiles.py)
    _mice: list[int]
    _used: bool  # the mover's mouse went out this turn
    _placed: int
    _obj: list[int]  # 1-based objective card per seat
    _rng: Rng
    _last: tuple[int, Action] | None
    _events: tuple[Event, ...]  # what the latest turn start did (deals, collection, refill)
    _legal: tuple[Action, ...] | None

    @classmethod
    def blank(cls, num_players: int, options: Mapping[str, Any], first: int, rounds: int,
              objectives: list[int], rng: Rng) -> CircuitState:
        """Empty houses and market at round 1; the caller fills stacks, hands and piles."""
        s = cls.__new__(cls)
        s.num_players = num_players
        s._opts, s._first, s._rounds, s._round, s._cur = options, first, rounds, 1, first
        s._stacks, s._piles = [[], []], [[] for _ in SPOTS[2:]]
        s._pool, s._cheese = DATA.cheese, [0] * num_players
        s._hands, s._known = [[] for _ in range(num_players)], [0] * num_players
        houses = [GEO.empty_house() for _ in range(num_players)]
        s._cells, s._needs = [h[0] for h in houses], [h[1] for h in houses]
        s._mice = [HOME] * num_players
        s._used, s._placed = False, 0
        s._obj, s._rng = list(objectives), rng
        s._last, s._events, s._legal = None, (), None
        return s

    # --- public read-only facts ---------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return self._cur

    @property
    def first_player(self) -> int:
        return self._first

    @property
    def round(self) -> int:
        return self._round

    @property
    def rounds(self) -> int:
        return self._rounds

    @property
    def options(self) -> Mapping[str, Any]:
        """The game's public options (never ``setup``, which fixes hidden tiles)."""
        return self._opts

    def is_terminal(self) -> bool:
        return self._cur is None

    def appliance_counts(self, seat: int) -> list[int]:
        counts = [0] * (len(DATA.type_names) + 1)
        for v in self._cells[seat]:
            if FIRST_APPLIANCE <= v < BOX4:
                counts[TILE_TYPE[v >> 2]] += 1
        return counts

    def scores(self) -> list[int]:
        """Points per seat from the houses as they stand (CB-19), objectives included."""
        return [scoring.points(self.appliance_counts(q), self._obj[q]) for q in range(self.num_players)]

    def winners(self) -> list[int]:
        if self._cur is not None:
            return []
        apps = [sum(self.appliance_counts(q)) for q in range(self.num_players)]
        return scoring.winners(self.scores(), self._cheese, apps)

    # --- legal actions ----------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every legal action, in canonical order: mouse targets (stacks, piles, then houses by
        seat and cell), placements (by tile, cell, rotation), discards (by tile, pile), cheese
        (by seat), end. Cells are ordered by y, then x."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return list(legal)

    def _compute_legal(self) -> tuple[Action, ...]:
        me = self._cur
        if me is None:
            return ()
        out: list[Action] = []
        if not self._used:
            self._mouse_targets(me, out)
        hand = self._hands[me]
        if self._placed < MAX_PLACEMENTS:
            self._placements(me, hand, out)
        if self._pool > 0:
            for t in hand:
                out.extend(DISCARD[t])
        if self._cheese[me] > 0:
            mice = self._mice
            out.extend(CHEESE[q] for q in range(self.num_players)
                       if q != me and mice[q] != HOME and mice[q] != APPLIANCE_STACK)
        out.append(END)
        return tuple(out)

    def _mouse_targets(self, me: int, out: list[Action]) -> None:
        taken = set(self._mice)
        stacks, piles = self._stacks, self._piles
        if stacks[0]:
            out.append(MOUSE_SPOT[0])
        if stacks[1]:
            out.append(MOUSE_SPOT[1])
        for p in range(5):
            if piles[p] and p + 2 not in taken:
                out.append(MOUSE_SPOT[p + 2])
        for q in range(self.num_players):
            if q == me:
                continue
            base = HOUSE + q * NC
            for c, v in enumerate(self._cells[q]):
                if FIRST_APPLIANCE <= v < BOX4 and base + c not in taken:
                    out.append(house_action(q, c))

    def _placements(self, me: int, hand: list[int], out: list[Action]) -> None:
        if not hand:
            return
        cells, needs = self._cells[me], self._needs[me]
        linkable, fits = GEO.linkable, GEO.fits
        # Only empty cells with a connector next to them can take a tile (CB-15).
        open_cells = [(c, fits(needs[c])) for c in range(NC) if cells[c] < 0 and linkable[needs[c]]]
        code, canon = GEO.code, GEO.canon
        for t in hand:
            base = t * 4
            rots = canon[t]
            for c, ok in open_cells:
                for r in rots:
                    if code[base + r] in ok:
                        out.append(place_action(t, c, r))

    # --- checking ------------------------------------------------------------------------

    def why_illegal(self, action: Any) -> str | None:
        """None if ``action`` is legal now, else the reason in words a player understands."""
        kind = type(action)
        if kind not in KINDS:
            return f"{action!r} is not a Circuit Breaker action"
        if self._cur is None:
            return "the game is over"
        if kind is End:
            return None
        if kind is Place:
            return self._place_problem(action)
        if kind is Discard:
            return self._discard_problem(action)
        if kind is Cheese:
            return self._cheese_problem(action.seat)
        if self._used:
            return "mouse already used this turn"
        if kind is Mouse:
            return self._spot_problem(action.spot)
        return self._house_problem(action)

    def _seat_problem(self, seat: Any) -> str | None:
        if type(seat) is not int or not 0 <= seat < self.num_players:
            return f"there is no seat {seat + 1 if type(seat) is int else seat!r} in this game"
        return None

    def _hand_tile(self, tile: Any) -> tuple[int, str | None]:
        t = TILE_INDEX.get(tile, -1) if type(tile) is str else -1
        if t < 0:
            return t, f"there is no tile {tile!r}"
        if t not in self._hands[self._cur]:
            return t, f"{tile} is not in your hand"
        return t, None

    def _place_problem(self, a: Place) -> str | None:
        t, problem = self._hand_tile(a.tile)
        if problem:
            return problem
        if self._placed >= MAX_PLACEMENTS:
            return f"only {MAX_PLACEMENTS} placements per turn"
        x, y, rot = a.x, a.y, a.rot
        if type(x) is not int or type(y) is not int or not GEO.inside(x, y):
            return (f"cell {x},{y} is outside your house (x runs 0..{GEO.width - 1}, "
                    f"y runs 0..{GEO.height - 1})")
        c = GEO.cell_of(x, y)
        v = self._cells[self._cur][c]
        if v >= 0:
            if v >= BOX4:
                return f"cell {x},{y} holds your breaker box"
            return f"cell {x},{y} already holds {TILE_IDS[v >> 2]}"
        if rot not in ROTATIONS or type(rot) is not int:
            return f"a rotation is r0, r90, r180 or r270, not r{rot}"
        r = rot // 90
        same = GEO.same_as[t][r]
        if same != r:
            return f"same as r{ROTATIONS[same]}: {a.tile} at r{rot} has the same edges, so use r{ROTATIONS[same]}"
        if GEO.code[t * 4 + r] in GEO.fits(self._needs[self._cur][c]):
            return None
        return self._edge_problem(t, c, r) or "does not fit"

    def _edge_problem(self, tile: int, cell: int, r: int) -> str | None:
        """Why tile index ``tile`` at rotation index ``r`` breaks the edge rule in ``cell`` of the
        mover's house, or None if it fits."""
        cells = self._cells[self._cur]
        around = []
        for nb in GEO.neighbours[cell]:
            if nb < 0:
                around.append(OUTSIDE)
            else:
                v = cells[nb]
                around.append(None if v < 0 else GEO.faces[v])
        return explain_fit(GEO.faces[tile * 4 + r], tuple(around))

    def _discard_problem(self, a: Discard) -> str | None:
        _, problem = self._hand_tile(a.tile)
        if problem:
            return problem
        if a.pile not in DISCARD_PILES:
            return f"discards go to appliance-1, appliance-2 or appliance-3, not {a.pile}"
        if self._pool <= 0:
            return "the cheese tile is empty, so no more discards"
        return None

    def _cheese_problem(self, seat: Any) -> str | None:
        if self._cheese[self._cur] <= 0:
            return "no cheese: discard a tile to earn a piece of cheese first"
        problem = self._seat_problem(seat)
        if problem:
            return problem
        if seat == self._cur:
            return "you cannot cheese your own mouse"
        m = self._mice[seat]
        if m == HOME:
            return f"seat {seat + 1}'s mouse is at home"
        if m == APPLIANCE_STACK:
            return f"seat {seat + 1}'s mouse is already on the appliance stack"
        return None

    def _spot_problem(self, spot: Any) -> str | None:
        if spot not in SPOTS:
            return f"{spot!r} is not a mouse spot"
        i = SPOTS.index(spot)
        if i < 2:
            return None if self._stacks[i] else f"the {STACK_NAMES[i]} is empty"
        if not self._piles[i - 2]:
            return f"{spot} is empty"
        for q, m in enumerate(self._mice):
            if m == i:
                return f"{spot} already has a mouse (seat {q + 1}'s)"
        return None

    def _house_problem(self, a: MouseHouse) -> str | None:
        problem = self._seat_problem(a.seat)
        if problem:
            return problem
        if a.seat == self._cur:
            return "a mouse never goes into your own house"
        x, y = a.x, a.y
        if type(x) is not int or type(y) is not int or not GEO.inside(x, y):
            return f"cell {x},{y} is outside seat {a.seat + 1}'s house"
        c = GEO.cell_of(x, y)
        v = self._cells[a.seat][c]
        where = f"cell {x},{y} of seat {a.seat + 1}'s house"
        if v < 0:
            return f"{where} is empty"
        if v >= BOX4:
            return f"{where} holds the breaker box: a mouse takes only appliances"
        if v < FIRST_APPLIANCE:
            return f"{where} holds a wire ({TILE_IDS[v >> 2]}): a mouse takes only appliances"
        code = HOUSE + a.seat * NC + c
        for q, m in enumerate(self._mice):
            if m == code:
                return f"that appliance already has a mouse (seat {q + 1}'s)"
        return None

    def parse(self, text: str) -> Action:
        """The action ``text`` names, if it is legal now; otherwise IllegalAction with why."""
        action = read_notation(text, self.num_players)
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
        me = self._cur
        self._legal = None
        kind = type(action)
        if kind is Place:
            t = TILE_INDEX[action.tile]
            self._take_from_hand(me, t)
            cells, needs = self._cells[me], self._needs[me]
            set_cell(GEO, cells, needs, GEO.cell_of(action.x, action.y), t * 4 + action.rot // 90)
            self._placed += 1
        elif kind is Discard:
            t = TILE_INDEX[action.tile]
            self._take_from_hand(me, t)
            self._piles[PILE_OF[action.pile]].append(t)
            self._pool -= 1
            self._cheese[me] += 1
        elif kind is Cheese:
            self._cheese[me] -= 1
            self._pool += 1
            self._mice[action.seat] = APPLIANCE_STACK
        elif kind is Mouse:
            self._mice[me] = SPOTS.index(action.spot)
            self._used = True
        elif kind is MouseHouse:
            self._mice[me] = HOUSE + action.seat * NC + GEO.cell_of(action.x, action.y)
            self._used = True
        self._last = (me, action)
        if kind is End:
            self._end_turn()

    def _take_from_hand(self, seat: int, t: int) -> None:
        self._hands[seat].remove(t)
        self._known[seat] &= ~(1 << t)

    def _give(self, seat: int, t: int, public: bool) -> None:
        insort(self._hands[seat], t)
        if public:
            self._known[seat] |= 1 << t

    def _end_turn(self) -> None:
        """CB-11/CB-18: pass the turn; after the last seat of the final round the game is over."""
        nxt = (self._cur + 1) % self.num_players
        if nxt == self._first:
            if self._round >= self._rounds:
                self._cur = None
                self._used, self._placed, self._events = False, 0, ()
                return
            self._round += 1
        self._cur = nxt
        self._used, self._placed = False, 0
        self.start_turn()

    def start_turn(self) -> None:
        """CB-12: the round deal (first player only), then the mover's mouse collection."""
        events: list[Event] = []
        if self._cur == self._first:
            icon = DEALS[self.num_players].get(self._round, "")
            if "W" in icon:
                self._deal(WIRE_STACK, DATA.round_wires, events)
            if "A" in icon:
                self._deal(APPLIANCE_STACK, DATA.round_appliances, events)
        self._collect(events)
        self._events = tuple(events)

    def _deal(self, stack_index: int, count: int, events: list[Event]) -> None:
        stack = self._stacks[stack_index]
        n = self.num_players
        for _ in range(count):
            for i in range(n):
                if not stack:
                    return
                seat = (self._first + i) % n
                t = stack.pop()
                self._give(seat, t, False)
                events.append(("deal", seat, stack_index, t, False))

    def _collect(self, events: list[Event]) -> None:
        me = self._cur
        m = self._mice[me]
        if m == HOME:
            return
        self._mice[me] = HOME
        if m < 2:
            stack = self._stacks[m]
            t = stack.pop() if stack else -1
            if t >= 0:
                self._give(me, t, False)
            events.append(("collect", me, m, t, t < 0))
        elif m < HOUSE:
            pile = self._piles[m - 2]
            t = pile.pop() if pile else -1
            if t >= 0:
                self._give(me, t, True)
            events.append(("collect", me, m, t, True))
            refill = self._stacks[PILE_STACK[m - 2]]
            if not pile and refill:
                r = refill.pop()
                pile.append(r)
                events.append(("refill", -1, m, r, True))
        else:
            q, c = divmod(m - HOUSE, NC)
            v = self._cells[q][c]
            t = -1
            if FIRST_APPLIANCE <= v < BOX4:
                t = v >> 2
                set_cell(GEO, self._cells[q], self._needs[q], c, -1)
                self._give(me, t, True)
            events.append(("collect", me, m, t, True))

    # --- copies ---------------------------------------------------------------------------

    def clone(self) -> CircuitState:
        c = CircuitState.__new__(CircuitState)
        c.num_players = self.num_players
        c._opts, c._first, c._rounds, c._round, c._cur = self._opts, self._first, self._rounds, self._round, self._cur
        c._stacks = [self._stacks[0][:], self._stacks[1][:]]
        c._piles = [p[:] for p in self._piles]
        c._pool, c._cheese = self._pool, self._cheese[:]
        c._hands, c._known = [h[:] for h in self._hands], self._known[:]
        c._cells, c._needs = [h[:] for h in self._cells], [h[:] for h in self._needs]
        c._mice, c._used, c._placed = self._mice[:], self._used, self._placed
        c._obj = self._obj[:]
        c._rng = Rng.from_state(self._rng.state)
        c._last, c._events, c._legal = self._last, self._events, self._legal
        return c

    # The modules below read this class's fields and build states, so they are imported
    # when first used rather than at the top (that would be an import cycle).

    def view(self, player: int) -> dict[str, Any]:
        from game.rules.circuit_breaker.hidden import make_view
        return make_view(self, player)

    def determinize(self, player: int, rng: Any) -> CircuitState:
        from game.rules.circuit_breaker.hidden import determinized
        return determinized(self, player, rng)

    def to_json(self) -> dict[str, Any]:
        from game.rules.circuit_breaker.serial import encode
        return encode(self)

    def __repr__(self) -> str:
        return (f"<CircuitState {self.num_players}p round {self._round}/{self._rounds} seat={self._cur} "
                f"stacks={len(self._stacks[0])}/{len(self._stacks[1])} pool={self._pool}>")


PILE_OF = {name: SPOTS.index(name) - 2 for name in DISCARD_PILES}
DEALS = {n: DATA.deal_rounds(n) for n in DATA.cols}
