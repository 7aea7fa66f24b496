"""Circuit Breaker knowledge for the bots: position evaluation, playout policy, move ordering.

What wins Circuit Breaker: appliances of few types, above all the types on your own
objective card (the tables are convex: the fourth copy is worth the most), placed on a
network that keeps open connectors (*ports*) of the right labels for the appliances to
come. Tiles arrive slowly (a mouse fetch a turn, four round deals), so every fetch
counts; a stolen appliance is a double swing, and cheese (bought by discarding junk)
kicks a thief's mouse off before it collects.

``evaluate`` estimates each seat's final points (``seat_values``):

- the score of its house now (its own card; in a sampled world the others' cards are
  the sampled ones);
- its hand appliances, each worth its marginal points times the chance it gets placed
  in time: higher when a free port of a matching label waits for it (ports are matched
  to appliances greedily, specific labels first), zero once its placements run out;
- free ports and cells only a wire can fill (room for the appliances to come), and hand
  wires that fit (more connectors, more ports);
- its mouse: what it will fetch (the pile's top, a stolen appliance, the expected stack
  draw), discounted when seats moving before the fetch may cheese it or cover the pile;
  every later fetch is credited at a little less than a stack draw, and so is the
  mover's mouse while it is still at home, so ending a turn without using it costs
  something (and ``end`` does not look worse than it is just because the next seat
  gets to move);
- threats: an enemy mouse on one of its appliances takes it, unless it can still cheese
  the mouse before the fetch (for the mover the position is judged as it stands: it has
  not cheesed yet, so cheesing shows up as a gain);
- exposure: its most valuable appliance may be stolen later, less likely with a cube;
- cheese cubes (defence, a tie-break).

Values become winning chances with a softmax whose temperature shrinks as the game nears
its end. The weights (the constants below) were tuned by bot matches.

The functions read the engine's fields directly, as ``breaks.py`` does: they run many
thousands of times per decision. They are only ever given sampled worlds.
"""

from __future__ import annotations

import math
from typing import Any

from game.rules.circuit_breaker.actions import (
    CHEESE,
    DISCARD,
    END,
    TILE_INDEX,
    Cheese,
    Discard,
    Mouse,
    MouseHouse,
    Place,
)
from game.rules.circuit_breaker.data import DATA
from game.rules.circuit_breaker.state import (
    APPLIANCE_STACK,
    BOX4,
    FIRST_APPLIANCE,
    HOME,
    HOUSE,
    NC,
    NW,
    TILE_TYPE,
    WIRE_STACK,
    CircuitState,
)
from game.rules.circuit_breaker.tiles import GEO, WALL

# Playouts are cut after this many actions and scored by ``evaluate``: the evaluation
# already counts what a fetch, a port or a threat is worth, and short playouts (the next
# action or two) beat long ones at the same time budget.
ROLLOUT_DEPTH = 2

# Per-game overrides of difficulty.Level fields (see difficulty.level_for), tuned by
# bench matches against greedy and between the levels.
LEVELS: dict[str, dict[str, Any]] = {
    "easy": {"iterations": 60, "max_seconds": 0.5, "rollout": "heuristic", "rollout_depth": 2,
             "exploration": 1.0, "temperature": 0.5},
    "normal": {"iterations": 500, "max_seconds": 1.2, "rollout_depth": 2, "exploration": 0.7},
    # hard plans whole turns (game/ai/circuit_breaker_plan.py); only its time cap is read
    "hard": {"max_seconds": 2.5},
}

# --- weights (points) ------------------------------------------------------------------
H_PORT = 0.75  # share of a hand appliance's points when a matching free port waits for it
H_NOPORT = 0.35  # ... when a wire must open a port first
PORT_V = 1.0  # a free port left over after the hand is matched (room for later fetches)
WIRE_CELL_V = 0.15  # an empty cell on the network that only a wire can fill
H_WIRE = 0.6  # a hand wire that fits somewhere: this share of the ports it would add (net)
WIRE_V = tuple(0.15 + H_WIRE * PORT_V * max(0, k - 2) for k in range(5))  # ... by its connectors
WIRE_NOFIT_V = 0.1
CUBE_V = (0.0, 0.4, 0.6, 0.7)  # cheese held (1, 2, 3+ cubes), besides the exposure term
P_COUNTER_CUBE = 0.85  # a victim holding a cube cheeses a thief
P_COUNTER_DISCARD = 0.6  # ... or discards a tile to get one
P_COVER = 0.12  # a seat moving before the fetch covers or cheeses a pile target
P_EXPOSED = 0.25  # the best appliance gets stolen later (no cube)
P_EXPOSED_CUBE = 0.08  # ... with a cube to cheese the thief
MOUSE_CREDIT = 0.85  # the mover's unused mouse, as a share of a stack draw
TEMP_BASE, TEMP_PER_ROUND = 2.0, 0.45  # softmax temperature in points

# --- tables ------------------------------------------------------------------------------
NTYPES = len(DATA.type_names)
NLABELS = len(DATA.labels)
_ON, _OFF = DATA.score_on, DATA.score_off
MAXC = len(_ON) - 1
GAIN_ON = (*(_ON[n + 1] - _ON[n] for n in range(MAXC)), 0)
GAIN_OFF = (*(_OFF[n + 1] - _OFF[n] for n in range(MAXC)), 0)
CARD_ON = [[False] * (NTYPES + 1)] + [[t in card for t in range(NTYPES + 1)] for card in DATA.cards]
NUM_TILES = DATA.num_tiles
LABEL_BIT = [0] * NW + [1 << ((t - NW) % NLABELS) for t in range(NW, NUM_TILES)]
_WIRE_CODES = frozenset(GEO.code[t * 4 + r] for t in range(NW) for r in range(4))
_CONNECTORS = [sum(1 for e in GEO.faces[t * 4] if e != WALL) for t in range(NUM_TILES)]
_NEIGHBOURS = GEO.neighbours
_FACES = GEO.faces
_CODE = GEO.code
_CANON = GEO.canon
_LINKABLE = GEO.linkable
_POPCOUNT = [bin(m).count("1") for m in range(1 << NLABELS)]
_CELL_OF_XY = {(x, y): GEO.cell_of(x, y) for x in range(GEO.width) for y in range(GEO.height)}
_need_info: dict[int, tuple[int, bool]] = {}


def need_info(need: int) -> tuple[int, bool]:
    """(labels of the appliances that fit, whether some wire fits) for an empty cell's need."""
    got = _need_info.get(need)
    if got is None:
        ok = GEO.fits(need)
        mask = 0
        for k in range(NLABELS):
            t = NW + k
            if any(_CODE[t * 4 + r] in ok for r in range(4)):
                mask |= 1 << k
        got = _need_info[need] = (mask, not ok.isdisjoint(_WIRE_CODES))
    return got


def gain(on: list[bool], counts: list[int], t: int) -> int:
    """Points one more appliance of type t adds to a house with these counts."""
    return GAIN_ON[counts[t]] if on[t] else GAIN_OFF[counts[t]]


def loss(on: list[bool], counts: list[int], t: int) -> int:
    """Points the house loses if one of its type-t appliances leaves."""
    n = counts[t]
    return (GAIN_ON[n - 1] if on[t] else GAIN_OFF[n - 1]) if n > 0 else 0


def _counts(cells: list[int]) -> list[int]:
    counts = [0] * (NTYPES + 1)
    for v in cells:
        if FIRST_APPLIANCE <= v < BOX4:
            counts[TILE_TYPE[v >> 2]] += 1
    return counts


class _Seat:
    """Per-seat facts shared by the terms of one evaluation."""

    __slots__ = ("counts", "free_ports", "future", "on", "ports", "slots", "wire_cells")

    def __init__(self, state: CircuitState, p: int, turns: int) -> None:
        cells, needs = state._cells[p], state._needs[p]
        self.on = CARD_ON[state._obj[p]]
        counts = [0] * (NTYPES + 1)
        ports: list[int] = []
        wire_cells = 0
        for c in range(NC):
            v = cells[c]
            if v >= 0:
                if FIRST_APPLIANCE <= v < BOX4:
                    counts[TILE_TYPE[v >> 2]] += 1
            elif _LINKABLE[needs[c]]:
                mask, wire_ok = need_info(needs[c])
                if mask:
                    ports.append(mask)
                elif wire_ok:
                    wire_cells += 1
        self.counts = counts
        self.ports = ports
        self.free_ports = len(ports)
        self.wire_cells = wire_cells
        cur = state._cur
        self.future = turns - (1 if p == cur else 0)  # whole turns after the current one
        self.slots = 2 * turns - (state._placed if p == cur else 0)  # placements left


def _turns_left(state: CircuitState) -> list[int]:
    """Turns each seat still plays, the mover's current turn included."""
    n, cur = state.num_players, state._cur
    left = state._rounds - state._round
    pos_cur = (cur - state._first) % n
    return [left + (1 if (p - state._first) % n >= pos_cur else 0) for p in range(n)]


def _moves_before_fetch(p: int, q: int, cur: int, n: int) -> bool:
    """Whether seat p still gets to act (after the mover's turn) before q's mouse fetches."""
    dq = (q - cur) % n or n
    dp = (p - cur) % n
    return 0 < dp < dq


def _stack_value(seat: _Seat, state: CircuitState) -> float:
    """Expected points of an appliance-stack draw for a seat (placement chance included)."""
    if not state._stacks[APPLIANCE_STACK]:
        return 0.0
    on, counts = seat.on, seat.counts
    total = 0
    for t in range(1, NTYPES + 1):
        total += GAIN_ON[counts[t]] if on[t] else GAIN_OFF[counts[t]]
    return total / NTYPES * (H_PORT if seat.free_ports else H_NOPORT)


def _wire_fits(state: CircuitState, p: int, t: int) -> bool:
    cells, needs = state._cells[p], state._needs[p]
    codes = [_CODE[t * 4 + r] for r in _CANON[t]]
    for c in range(NC):
        if cells[c] < 0 and _LINKABLE[needs[c]]:
            ok = GEO.fits(needs[c])
            for code in codes:
                if code in ok:
                    return True
    return False


def seat_values(state: CircuitState) -> list[float]:
    """Each seat's expected final points, roughly (see the module docstring)."""
    n, cur = state.num_players, state._cur
    turns = _turns_left(state)
    seats = [_Seat(state, p, turns[p]) for p in range(n)]
    values = [0.0] * n
    # Pending fetches: per seat, extra hand items (type, label bit, weight) and flat points.
    extra_items: list[list[tuple[int, int, float]]] = [[] for _ in range(n)]
    flat = [0.0] * n
    mice, cheese, pool, hands = state._mice, state._cheese, state._pool, state._hands
    counter = [P_COUNTER_CUBE if cheese[v] > 0 else P_COUNTER_DISCARD if (hands[v] and pool > 0) else 0.0
               for v in range(n)]
    threatened: list[set[int]] = [set() for _ in range(n)]
    for q in range(n):
        m = mice[q]
        sq = seats[q]
        # Every fetch still to come, at a little less than a stack draw: the uses on later
        # turns, plus the mover's use this turn while its mouse is at home.
        uses = max(0, sq.future - 1) + (1 if q == cur and not state._used and sq.future > 0 else 0)
        if uses:
            flat[q] += uses * MOUSE_CREDIT * _stack_value(sq, state)
        if m == HOME:
            continue
        if sq.future <= 0:
            continue  # the game ends before this mouse fetches
        others = [p for p in range(n) if p != q and _moves_before_fetch(p, q, cur, n)]
        if m == APPLIANCE_STACK:
            flat[q] += _stack_value(sq, state)
        elif m == WIRE_STACK:
            if state._stacks[WIRE_STACK]:
                flat[q] += WIRE_V[3] * 0.6
        elif m < HOUSE:
            pile = state._piles[m - 2]
            if pile:
                t = pile[-1]
                keep = (1.0 - P_COVER) ** len(others)
                if t >= NW:
                    extra_items[q].append((TILE_TYPE[t], LABEL_BIT[t], keep))
                else:
                    flat[q] += keep * WIRE_V[_CONNECTORS[t]]
        else:
            v, c = divmod(m - HOUSE, NC)
            val = state._cells[v][c]
            if FIRST_APPLIANCE <= val < BOX4:
                t = val >> 2
                p_counter = counter[v] if v in others else 0.0
                keep = 1.0 - p_counter
                extra_items[q].append((TILE_TYPE[t], LABEL_BIT[t], keep))
                flat[q] += p_counter * _stack_value(sq, state)
                sv = seats[v]
                values[v] -= keep * loss(sv.on, sv.counts, TILE_TYPE[t])
                threatened[v].add(c)
                if p_counter:
                    values[v] -= p_counter * 0.5  # the cube (or tile) it costs
    for p in range(n):
        values[p] += flat[p] + _own_value(state, p, seats[p], extra_items[p], threatened[p], turns)
    return values


def _own_value(state: CircuitState, p: int, seat: _Seat, extra: list[tuple[int, int, float]],
               threatened: set[int], turns: list[int]) -> float:
    on, counts = seat.on, seat.counts
    total = 0.0
    for t in range(1, NTYPES + 1):
        k = counts[t]
        if k:
            total += _ON[k] if on[t] else _OFF[k]
    # Hand appliances (and pending fetches), matched to free ports.
    items: list[tuple[int, int, float]] = []
    wires: list[int] = []
    for t in state._hands[p]:
        if t >= NW:
            items.append((TILE_TYPE[t], LABEL_BIT[t], 1.0))
        else:
            wires.append(t)
    items.extend(extra)
    ports = seat.ports[:]
    if items and seat.slots > 0:
        tmp = counts[:]
        valued: list[tuple[float, int, float]] = []  # (points, label bit, weight)
        for typ, bit, w in sorted(items):
            k = tmp[typ]
            if k < MAXC:
                g = GAIN_ON[k] if on[typ] else GAIN_OFF[k]
                tmp[typ] = k + 1
            else:
                g = 0
            valued.append((float(g), bit, w))
        # Specific labels first (U appliances fit any port), best first.
        u_bit = 1 << (NLABELS - 1)
        valued.sort(key=lambda e: (e[1] == u_bit, -e[0]))
        got: list[float] = []
        for g, bit, w in valued:
            best_i, best_pc = -1, 99
            for i, mask in enumerate(ports):
                if mask & bit and _POPCOUNT[mask] < best_pc:
                    best_i, best_pc = i, _POPCOUNT[mask]
            if best_i >= 0:
                ports.pop(best_i)
                got.append(g * w * H_PORT)
            else:
                got.append(g * w * H_NOPORT)
        got.sort(reverse=True)
        total += sum(got[: seat.slots])
    if seat.slots > 0 and seat.future >= 0:
        room = min(len(ports), 1.0 + 0.7 * seat.future)
        total += PORT_V * room + WIRE_CELL_V * min(seat.wire_cells, 3)
        for t in wires[:seat.slots]:
            total += WIRE_V[_CONNECTORS[t]] if _wire_fits(state, p, t) else WIRE_NOFIT_V
    # Cheese held, and the exposure of the best appliance not already under a mouse.
    cubes = state._cheese[p]
    total += CUBE_V[min(cubes, 3)] + 0.01 * cubes
    if any(turns[q] >= 2 for q in range(state.num_players) if q != p):
        best = 0
        cells = state._cells[p]
        for c in range(NC):
            v = cells[c]
            if FIRST_APPLIANCE <= v < BOX4 and c not in threatened:
                lost = loss(on, counts, TILE_TYPE[v >> 2])
                if lost > best:
                    best = lost
        total -= best * (P_EXPOSED_CUBE if cubes else P_EXPOSED)
    return total


def evaluate(state: CircuitState) -> list[float]:
    """Winning chances per seat, summing to 1 (a softmax of ``seat_values``)."""
    n = state.num_players
    if state._cur is None:
        winners = state.winners()
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(n)]
    values = seat_values(state)
    temp = TEMP_BASE + TEMP_PER_ROUND * (state._rounds - state._round)
    top = max(values)
    weights = [math.exp((v - top) / temp) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


# --- playout policy and move ordering ----------------------------------------------------

def _ports(state: CircuitState, me: int) -> int:
    """Free cells of my network that an appliance fits."""
    cells, needs = state._cells[me], state._needs[me]
    free = 0
    for c in range(NC):
        if cells[c] < 0 and _LINKABLE[needs[c]] and need_info(needs[c])[0]:
            free += 1
    return free


def _place_score(state: CircuitState, me: int, on: list[bool], counts: list[int], a: Place,
                 free: int, future: int) -> float:
    """How good a placement looks: appliances by their points (keeping a port open while
    turns remain), wires by the ports they open (worthless on the last turn)."""
    t = TILE_INDEX[a.tile]
    if t >= NW:
        s = 0.5 + gain(on, counts, TILE_TYPE[t])
        if free <= 1 and future >= 2:
            s -= 2.0
        return s
    if future <= 0:
        return -1.0
    cells = state._cells[me]
    faces = _FACES[t * 4 + a.rot // 90]
    new = 0
    for d, nb in enumerate(_NEIGHBOURS[_CELL_OF_XY[a.x, a.y]]):
        if faces[d] != WALL and nb >= 0 and cells[nb] < 0:
            new += 1
    return 0.25 + 0.8 * (new - 1) + (1.0 if free <= 2 else 0.0)


def _mouse_score(state: CircuitState, me: int, on: list[bool], counts: list[int], a: Any,
                 stack_v: float) -> float:
    """Points a mouse target should bring (a steal also counts the victim's loss)."""
    if type(a) is Mouse:
        spot = a.spot
        if spot == "appliance-stack":
            return stack_v
        if spot == "wire-stack":
            return 0.5
        t = state._piles[_PILE_INDEX[spot]][-1]
        if t >= NW:
            return H_PORT * gain(on, counts, TILE_TYPE[t])
        return WIRE_V[_CONNECTORS[t]]
    v = a.seat
    val = state._cells[v][_CELL_OF_XY[a.x, a.y]]
    typ = TILE_TYPE[val >> 2]
    theirs = loss(CARD_ON[state._obj[v]], _counts(state._cells[v]), typ)
    p_counter = P_COUNTER_CUBE if state._cheese[v] else P_COUNTER_DISCARD if state._pool > 0 else 0.0
    return (1 - p_counter) * (H_PORT * gain(on, counts, typ) + theirs) + p_counter * (stack_v + 0.5)


_PILE_INDEX = {"wire-1": 0, "wire-2": 1, "appliance-1": 2, "appliance-2": 3, "appliance-3": 4}


def _threat(state: CircuitState, me: int, on: list[bool], counts: list[int],
            turns: list[int]) -> tuple[int, int]:
    """(seat, points) of the enemy mouse on my most valuable appliance that will fetch
    it (its owner has another turn), or (-1, 0)."""
    best_q, best = -1, 0
    for q, m in enumerate(state._mice):
        if q != me and m >= HOUSE and turns[q] > 0:
            v, c = divmod(m - HOUSE, NC)
            if v == me:
                val = state._cells[me][c]
                if FIRST_APPLIANCE <= val < BOX4:
                    lost = loss(on, counts, TILE_TYPE[val >> 2])
                    if lost > best:
                        best_q, best = q, lost
    return best_q, best


def _junk(state: CircuitState, me: int, on: list[bool], counts: list[int]) -> tuple[int, float]:
    """(tile, points) of the hand tile worth least to me (wires that fit nowhere first)."""
    best, best_v = -1, 99.0
    for t in state._hands[me]:
        if t < NW:
            v = WIRE_V[_CONNECTORS[t]] if _wire_fits(state, me, t) else 0.0
        else:
            v = H_PORT * gain(on, counts, TILE_TYPE[t])
        if v < best_v:
            best, best_v = t, v
    return best, best_v


def _defence(state: CircuitState, me: int, on: list[bool], counts: list[int],
             turns: list[int]) -> tuple[int, Any]:
    """(points under threat, the answer or None): cheese the thief on my best appliance, or
    discard my least useful tile for the cube to do it with."""
    q, threat = _threat(state, me, on, counts, turns)
    if threat >= 2:
        if state._cheese[me] > 0:
            return threat, CHEESE[q]
        if state._pool > 0:
            junk, junk_v = _junk(state, me, on, counts)
            if junk >= 0 and junk_v + 0.5 < threat:
                return threat, DISCARD[junk][0]
    return threat, None


def defence_action(state: CircuitState) -> Any:
    """The mover's answer to an enemy mouse on one of its appliances (None: nothing to answer)."""
    me = state._cur
    if me is None:
        return None
    return _defence(state, me, CARD_ON[state._obj[me]], _counts(state._cells[me]), _turns_left(state))[1]


def rollout_action(state: CircuitState, rng: Any) -> Any:
    """Fast, sensible play: cheese a thief, place the best tiles, send the mouse, end."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    me = state._cur
    on = CARD_ON[state._obj[me]]
    counts = _counts(state._cells[me])
    turns = _turns_left(state)
    future = turns[me] - 1
    threat, answer = _defence(state, me, on, counts, turns)
    if answer is not None:
        return answer
    if threat < 2 and state._cheese[me] == 0 and state._pool > 0 and future > 1 and rng.random() < 0.5:
        junk, junk_v = _junk(state, me, on, counts)
        if junk >= 0 and junk_v < 0.3:
            return DISCARD[junk][0]
    best, best_score = END, 0.0
    if state._placed < 2:
        free = _ports(state, me)
        for a in legal:
            if type(a) is Place:
                s = _place_score(state, me, on, counts, a, free, future) + rng.random() * 0.4
                if s > best_score:
                    best, best_score = a, s
        if best is not END:
            return best
    if not state._used and future > 0:
        stack_v = 2.0
        for a in legal:
            kind = type(a)
            if kind is Mouse or kind is MouseHouse:
                s = _mouse_score(state, me, on, counts, a, stack_v) + rng.random() * 0.3
                if s > best_score:
                    best, best_score = a, s
    return best


def order_actions(state: CircuitState, actions: list[Any]) -> list[Any]:
    """Most promising first: cheese, good placements, good mouse targets, end, discards."""
    me = state._cur
    on = CARD_ON[state._obj[me]]
    counts = _counts(state._cells[me])
    free = _ports(state, me)
    future = _turns_left(state)[me] - 1

    def key(a: Any) -> float:
        kind = type(a)
        if kind is Place:
            return -10.0 - _place_score(state, me, on, counts, a, free, future)
        if kind is Mouse or kind is MouseHouse:
            return -5.0 - _mouse_score(state, me, on, counts, a, 2.0)
        if kind is Cheese:
            return -20.0
        if kind is Discard:
            return 10.0
        return 0.0

    return sorted(actions, key=key)
