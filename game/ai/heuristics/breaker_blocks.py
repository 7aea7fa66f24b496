"""Breaker Blocks knowledge for the bots: position evaluation, playout policy, move order.

What wins Breaker Blocks: strictly more circuits than the opponent when the game stops,
and a seat that starts its turn without a socket loses outright. So ``evaluate`` is a
small probability model rather than a weighted feature sum:

- each circuit's final power margin is modelled as the margin on the board plus each
  seat's *reserve* (power in hand and pile, and the held action tiles as power
  equivalents), spread over the circuits where that seat still has a socket, with an
  uncertainty that shrinks as the reserves run dry and the end comes near;
- the three circuits give P(win circuit), P(tie), P(lose circuit); combining them gives
  P(strictly more circuits) + half P(equal counts), the benchmark's reward;
- a seat that can place the game-ending second AUTHENTICATE at its next chance ends
  the game when that wins (its best single improving action first), so its value is
  at least that ending's value;
- a seat short of sockets is in danger of being sealed.

Pending action-tile steps are resolved greedily before scoring, so a one-ply bot sees
what an ANNIHILATE or AUTOMATE it just played is worth.

The functions read the engine's fields directly (``BreakerBlocksState`` keeps tiles as
ints); they run tens of thousands of times per decision.
"""

from __future__ import annotations

import math
from typing import Any

from game.rules.breaker_blocks.actions import Draw, End, Keep, Place, Play, Rearrange, Skip, Target
from game.rules.breaker_blocks.geometry import (
    ACCELERATE,
    ACTION_PILE,
    AGGRAVATE,
    AGITATE,
    ANNIHILATE,
    ATTENUATE,
    AUTHENTICATE,
    AUTOMATE,
    CELL_INDEX,
    KIND_INDEX,
    NBR,
    NCIRC,
    NPOWER,
    VALUE,
)
from game.rules.breaker_blocks.state import BreakerBlocksState

# Playouts (easy level, MCTS) are cut after this many actions and scored by ``evaluate``.
ROLLOUT_DEPTH = 12

# Per-game overrides of game.ai.difficulty.Level fields. normal and hard are played by
# the dedicated turn search (game/ai/breaker_blocks_search.py); easy is IS-MCTS with the
# evaluation at its leaves: playouts cut after a few actions rated ending the first turn at
# once above any move (easy did so in 4 of 12 openings). Easy still wins only 4 of 60
# against normal (seeds 1000-1059), 18 of 20 against random.
LEVELS: dict[str, dict[str, Any]] = {
    "easy": {"iterations": 60, "max_seconds": 1.0, "rollout": "heuristic", "rollout_depth": 0,
             "exploration": 1.0, "temperature": 0.08},
    "normal": {"iterations": 1, "max_seconds": 1.2},
    "hard": {"iterations": 2, "max_seconds": 1.9},
}

# --- evaluation weights ------------------------------------------------------------------
# Fitted to the outcomes of self-play games (log loss of the predicted win / loss / tie),
# then checked in bot matches.

HAND_WEIGHT = 4.384  # a power tile in hand vs on the board (flexible, but one more action)
PILE_WEIGHT = 3.106  # a power tile still in the pile (two more actions)
# Held action tiles in power equivalents (their effect, minus the action spent).
ACTION_VALUE = {ACCELERATE: 6.847, ANNIHILATE: 12.264, AGITATE: 0.0, AUTHENTICATE: 0.27, AUTOMATE: 0.24,
                ATTENUATE: 0.0, AGGRAVATE: 0.0}
ACTION_LATE = 1.0  # the share of an action tile's value left when the end is near
SHIFT = 0.234  # how much of a seat's reserve counts towards each circuit it can still reach
TEMPO = 4.432  # reserve bonus of the seat about to move
SIGMA_BASE = 9.44  # variance of a circuit's final margin with nothing left to play
SIGMA_RESERVE = 0.473  # variance added per point of reserve that may still go there
SIGMA_TIME = 0.0  # variance added early in the game
LEAF_VAR = 0.354  # variance added per point of movable (leaf) power in the circuit
LEAF_FLEX = 0.772  # reserve bonus per point of the seat's own leaf power (it can still move)
SOCKET_BONUS = 0.0  # reserve bonus per socket beyond the first (room to play)
CAP_HORIZON = 1.6  # turns before the turn cap at which the end starts to loom
AUTH_TIME = 1.0  # time left once one AUTHENTICATE is down
SOCKET_DANGER = (0.0, 0.0, 0.04)  # P(sealed) with 0 (handled apart), 1, 2 sockets
SEAL_SURE = 0.9  # P(sealed) when the mover can fill all of the other seat's sockets this turn
TIE_VALUE = 0.0  # equal circuit counts: both players lose (the benchmark credits nobody)


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x * 0.7071067811865476))


def _circuit_sockets(state: BreakerBlocksState, seat: int) -> tuple[list[int], list[int]]:
    """The seat's sockets, and how many it has in each circuit."""
    board = state._board
    socks = board.sockets(seat)
    per = [0] * NCIRC
    circ = board.circ
    for s in socks:
        per[circ[NBR[s]]] += 1
    return socks, per


def _reserve(state: BreakerBlocksState, seat: int, time_left: float) -> float:
    hand, pile = state._hands[seat], state._piles[seat]
    h = 0.0
    pl = 0.0
    for k in range(NPOWER):
        v = VALUE[k]
        if v:
            h += hand[k] * v
            pl += pile[k] * v
    acts = 0.0
    for k, w in ACTION_VALUE.items():
        if hand[k]:
            acts += w
    return HAND_WEIGHT * h + PILE_WEIGHT * pl * time_left + acts * (ACTION_LATE + (1.0 - ACTION_LATE) * time_left)


def _time_left(state: BreakerBlocksState) -> float:
    """Roughly how much of the game is still to come, 0..1."""
    if state._final_for is not None:
        return 0.1
    t = 1.0
    cap = state._cfg.turn_cap
    if cap:
        t = min(t, (cap - max(state._turns)) / CAP_HORIZON)
    if state._auth_count >= 1:
        t = min(t, AUTH_TIME)
    return max(0.1, t)


Outcome = tuple[float, float, float]  # P(seat 0 wins), P(seat 1 wins), P(equal circuit counts)


def _result(margins: list[float]) -> Outcome:
    """The outcome if the game stopped with these margins (seat 0's power minus seat 1's)."""
    a = sum(1 for m in margins if m > 0)
    b = sum(1 for m in margins if m < 0)
    return (1.0, 0.0, 0.0) if a > b else (0.0, 1.0, 0.0) if b > a else (0.0, 0.0, 1.0)


def _model(margins: list[float], spread: list[float]) -> Outcome:
    """P(seat 0 wins more circuits), P(seat 1 does), P(equal counts), for three circuits
    whose final margins are normal with these means and variances."""
    erfc = math.erfc
    probs = []
    for m, var in zip(margins, spread, strict=True):
        k = 0.7071067811865476 / math.sqrt(var)
        win = 0.5 * erfc((0.5 - m) * k)
        lose = 0.5 * erfc((0.5 + m) * k)
        probs.append((win, max(0.0, 1.0 - win - lose), lose))
    if len(probs) != 3:  # another level's circuit count: the general convolution
        return _convolve(probs)
    (a1, t1, b1), (a2, t2, b2), (a3, t3, b3) = probs
    up2, up1, even = a1 * a2, a1 * t2 + t1 * a2, a1 * b2 + b1 * a2 + t1 * t2
    down1, down2 = b1 * t2 + t1 * b2, b1 * b2
    won = up2 + up1 * (a3 + t3) + even * a3
    lost = down2 + down1 * (b3 + t3) + even * b3
    return won, lost, max(0.0, 1.0 - won - lost)


def _convolve(probs: list[tuple[float, float, float]]) -> Outcome:
    dist = {0: 1.0}
    for win, tie, lose in probs:
        new: dict[int, float] = {}
        for d, p in dist.items():
            new[d + 1] = new.get(d + 1, 0.0) + p * win
            new[d] = new.get(d, 0.0) + p * tie
            new[d - 1] = new.get(d - 1, 0.0) + p * lose
        dist = new
    won = sum(p for d, p in dist.items() if d > 0)
    lost = sum(p for d, p in dist.items() if d < 0)
    return won, lost, max(0.0, 1.0 - won - lost)


def _can_end(state: BreakerBlocksState, seat: int, now: bool) -> bool:
    """Can ``seat`` place the second AUTHENTICATE at its next chance (``now``: this turn)?"""
    if state._auth_count != 1:
        return False
    hand = state._hands[seat]
    if now:
        if state._auth_turn or state._actions < 1 or state._effect is not None:
            return False
        drawn = state._drawn
        has_auth = hand[AUTHENTICATE] > drawn[AUTHENTICATE]
        has_auto = hand[AUTOMATE] > drawn[AUTOMATE] and state._piles[ACTION_PILE][AUTHENTICATE] > 0
    else:
        has_auth = hand[AUTHENTICATE] > 0
        has_auto = hand[AUTOMATE] > 0 and state._piles[ACTION_PILE][AUTHENTICATE] > 0
    return has_auth or has_auto


def _wins(outcome: Outcome, seat: int) -> bool:
    return outcome[seat] >= 1.0


Delta = tuple[tuple[int, int, int], Any, int]  # (change of seat 0's margin per circuit, resource, uses)


def _deltas(state: BreakerBlocksState, seat: int, open_c: list[int], now: bool) -> list[Delta]:
    """What one action of ``seat`` can do to the circuit margins (seat 0's minus seat 1's):
    play a power tile, move one of its power leaves to another circuit, take one of the
    opponent's leaves off (ANNIHILATE, ATTENUATE), move one (AGITATE), or place a pile
    tile (AUTOMATE). ``now``: the seat is moving, so tiles drawn this turn cannot be played.
    Each change names the resource it uses up, so that a pair never uses one twice."""
    board = state._board
    sign = 1 if seat == 0 else -1
    hand = state._hands[seat]
    drawn = state._drawn if now else None
    kind, circ = board.kind, board.circ
    out: list[Delta] = []
    circuits = [c for c in range(NCIRC) if open_c[c]]

    def free(k: int) -> int:
        return hand[k] - (drawn[k] if drawn else 0)

    def change(c: int, v: int, c2: int = -1, v2: int = 0) -> tuple[int, int, int]:
        m = [0] * NCIRC
        m[c] += sign * v
        if c2 >= 0:
            m[c2] += sign * v2
        return m[0], m[1], m[2]

    for k in range(1, NPOWER):
        n = free(k)
        if n > 0:
            for c in circuits:
                out.append((change(c, VALUE[k]), ("hand", k), n))
    for cell in board.leaves(seat, movable=True):
        k = kind[cell]
        if k < NPOWER and VALUE[k]:
            src = circ[cell]
            for c in circuits:
                if c != src:
                    out.append((change(c, VALUE[k], src, -VALUE[k]), ("leaf", cell), 1))
    if not circuits:  # every action tile needs a socket
        return out
    opp = 1 - seat
    opp_leaves = [cell for cell in board.leaves(opp, movable=True) if kind[cell] < NPOWER and VALUE[kind[cell]]]
    if free(ANNIHILATE) > 0 or free(ATTENUATE) > 0:
        for cell in opp_leaves:
            out.append((change(circ[cell], VALUE[kind[cell]]), ("remove", 0), 1))
    if free(AGITATE) > 0 and opp_leaves:
        per = [0] * NCIRC
        for sock in board.sockets(opp):
            per[circ[NBR[sock]]] = 1
        opp_open = [c for c in range(NCIRC) if per[c]]
        for cell in opp_leaves:
            src = circ[cell]
            for c in opp_open:
                if c != src:
                    v = VALUE[kind[cell]]
                    out.append((change(src, v, c, -v), ("agitate", 0), 1))
    if free(AUTOMATE) > 0:
        pile = state._piles[seat]
        best = max((VALUE[k] for k in range(NPOWER) if pile[k]), default=0)
        if best:
            for c in circuits:
                out.append((change(c, best), ("automate", 0), 1))
    return out


def _strike(state: BreakerBlocksState, seat: int, actions: int, margins: list[float], open_c: list[int],
            now: bool) -> Outcome:
    """The outcome if ``seat`` makes its best ``actions`` actions and the game then stops."""
    best = _result(margins)
    if actions <= 0 or _wins(best, seat):
        return best
    deltas = _deltas(state, seat, open_c, now)
    m0, m1, m2 = margins
    for i, (d, res, _) in enumerate(deltas):
        a, b, c = m0 + d[0], m1 + d[1], m2 + d[2]
        out = _result([a, b, c])
        if _wins(out, seat):
            return out
        if out[2] > best[2]:
            best = out
        if actions >= 2:
            for d2, res2, n2 in deltas[i + 1:]:
                if res2 == res and n2 < 2:
                    continue
                out = _result([a + d2[0], b + d2[1], c + d2[2]])
                if _wins(out, seat):
                    return out
                if out[2] > best[2]:
                    best = out
    return best


def _sealable(state: BreakerBlocksState, mover: int, mine: list[int], theirs: list[int]) -> bool:
    """Can the mover fill every cell the other seat could still play into, this turn?
    (Only plays from the hand into cells both seats can reach are counted.)"""
    cells = {s >> 2 for s in theirs}
    if len(cells) > state._actions:
        return False
    reach = {s >> 2 for s in mine}
    if not cells <= reach:
        return False
    hand, drawn = state._hands[mover], state._drawn
    playable = sum(hand[k] - drawn[k] for k in range(len(hand)) if k != AUTHENTICATE)
    return playable >= len(cells)


def last_turn(state: BreakerBlocksState) -> bool:
    """Does the game end when the mover's turn ends (final turn, or the turn cap)?"""
    cur = state._cur
    if state._final_for is not None and state._final_for == cur:
        return True
    cap = state._cfg.turn_cap
    return bool(cap) and state._turns[cur] + 1 >= cap and state._turns[1 - cur] >= cap


def _sealed_risk(outcome: Outcome, seat: int, risk: float) -> Outcome:
    """With probability ``risk`` ``seat`` gets sealed and the other seat wins."""
    w0, w1, t = outcome
    keep = 1.0 - risk
    if seat == 0:
        return w0 * keep, w1 * keep + risk, t * keep
    return w0 * keep + risk, w1 * keep, t * keep


def static_outcome(state: BreakerBlocksState) -> Outcome:
    """P(seat 0 wins), P(seat 1 wins), P(equal counts) for a position with no pending step."""
    board = state._board
    p0, p1 = board.power
    margins = [float(p0[c] - p1[c]) for c in range(NCIRC)]
    socks0, open0 = _circuit_sockets(state, 0)
    socks1, open1 = _circuit_sockets(state, 1)
    if not socks0:
        return (0.0, 1.0, 0.0) if socks1 else (0.5, 0.5, 0.0)
    if not socks1:
        return (1.0, 0.0, 0.0)
    t = _time_left(state)
    cur = state._cur
    r0 = _reserve(state, 0, t) + (TEMPO if cur == 0 else 0.0)
    r1 = _reserve(state, 1, t) + (TEMPO if cur == 1 else 0.0)
    n0 = sum(1 for c in open0 if c)
    n1 = sum(1 for c in open1 if c)
    loose = [0] * NCIRC  # power on movable leaves, per circuit
    own_loose = [0, 0]
    kind, kids, circ = board.kind, board.kids, board.circ
    for seat in (0, 1):
        for cell in board.tiles[seat]:
            if not kids[cell]:
                k = kind[cell]
                if k < NPOWER:
                    loose[circ[cell]] += VALUE[k]
                    own_loose[seat] += VALUE[k]
    r0 += LEAF_FLEX * own_loose[0] + SOCKET_BONUS * (len(socks0) - 1)
    r1 += LEAF_FLEX * own_loose[1] + SOCKET_BONUS * (len(socks1) - 1)
    mu = []
    var = []
    base = SIGMA_BASE + SIGMA_TIME * t
    for c in range(NCIRC):
        f0 = r0 / n0 if open0[c] else 0.0
        f1 = r1 / n1 if open1[c] else 0.0
        mu.append(margins[c] + SHIFT * (f0 - f1))
        var.append(base + SIGMA_RESERVE * (f0 + f1) * t + LEAF_VAR * loose[c])
    outcome = _model(mu, var)

    # few sockets: the opponent may seal this seat
    for seat, socks in ((0, socks0), (1, socks1)):
        n = len(socks)
        if n < len(SOCKET_DANGER):
            outcome = _sealed_risk(outcome, seat, SOCKET_DANGER[n])

    if cur is None or state._effect is not None:
        return outcome
    # the mover's last turn: its best actions decide the game
    if last_turn(state):
        return _strike(state, cur, state._actions, margins, open0 if cur == 0 else open1, True)
    # the mover can fill every socket the other seat has left: it loses at its next turn
    if _sealable(state, cur, socks0 if cur == 0 else socks1, socks1 if cur == 0 else socks0):
        outcome = _sealed_risk(outcome, 1 - cur, SEAL_SURE)
    # the game-ending AUTHENTICATE: its holder ends the game as soon as that wins
    if state._auth_count == 1:
        for seat, now in ((cur, True), (1 - cur, False)):
            if _can_end(state, seat, now):
                actions = state._actions - 1 if now else 1
                ending = _strike(state, seat, actions, margins, open0 if seat == 0 else open1, now)
                if _wins(ending, seat):
                    outcome = ending
                break
    return outcome


def seat_values(outcome: Outcome, tie: float = TIE_VALUE) -> list[float]:
    """Each seat's reward: a win is 1, equal counts ``tie`` (both lose), a loss 0."""
    w0, w1, t = outcome
    return [w0 + tie * t, w1 + tie * t]


def terminal_outcome(state: BreakerBlocksState) -> Outcome:
    w = state.winners()
    return (1.0, 0.0, 0.0) if w == [0] else (0.0, 1.0, 0.0) if w == [1] else (0.0, 0.0, 1.0)


def outcome(state: BreakerBlocksState) -> Outcome:
    """The outcome estimate of any position: exact once over, pending steps settled greedily."""
    if state._end is not None:
        return terminal_outcome(state)
    if state._effect is not None:
        state = _settle(state)
        if state._end is not None:
            return terminal_outcome(state)
    return static_outcome(state)


def _settle(state: BreakerBlocksState) -> BreakerBlocksState:
    """Resolve pending action-tile steps (on a copy), each step the mover's best by one ply."""
    state = state.clone()
    for _ in range(8):
        if state._effect is None or state._end is not None:
            break
        mover = state._cur
        best, best_v = None, -1.0
        for a in state.legal_actions():
            after = state.clone()
            after.apply(a)
            v = seat_values(quick_outcome(after))[mover]
            if v > best_v:
                best, best_v = a, v
        state.apply(best)
    return state


def _quick_settle(state: BreakerBlocksState) -> BreakerBlocksState:
    """Finish pending steps in place with the playout policy's step choices (no look-ahead)."""
    for _ in range(8):
        if state._effect is None or state._end is not None:
            break
        state.apply(_step_choice(state, state.legal_actions()))
    return state


def quick_outcome(state: BreakerBlocksState) -> Outcome:
    """Like ``outcome`` but pending steps follow the playout policy (cheaper; may change ``state``)."""
    if state._effect is not None and state._end is None:
        _quick_settle(state)
    return terminal_outcome(state) if state._end is not None else static_outcome(state)


def evaluate(state: BreakerBlocksState) -> list[float]:
    """Each seat's chance of winning; equal circuit counts are a loss for both (TIE_VALUE)."""
    return seat_values(outcome(state))


# --- playout policy and move order ---------------------------------------------------------

def _margin(state: BreakerBlocksState, seat: int, c: int) -> int:
    p = state._board.power
    return p[seat][c] - p[1 - seat][c]


def _circuit_need(state: BreakerBlocksState, seat: int, c: int) -> float:
    """How much adding power to circuit ``c`` helps ``seat`` (contested circuits most)."""
    m = _margin(state, seat, c)
    return 1.0 / (1.0 + abs(m - 0.5) / 2.0) + (0.3 if m <= 0 and m > -5 else 0.0)


def _step_choice(state: BreakerBlocksState, legal: list[Any]) -> Any:
    """A quick, sensible choice at an action-tile step."""
    if len(legal) == 1:
        return legal[0]
    board = state._board
    p = state._cur
    k = state._effect[0] if state._effect is not None else -1
    best, best_s = legal[0], -1e9
    for a in legal:
        cls = type(a)
        s = 0.0
        if cls is Draw:
            j = KIND_INDEX[a.kind]
            s = VALUE[j] if j < NPOWER else ACTION_VALUE[j]
        elif cls is Keep:
            j = KIND_INDEX[a.kind]
            v = VALUE[j] if j < NPOWER else ACTION_VALUE[j]
            s = v if state._effect[2] == 0 else -v
        elif cls is Target:
            c = CELL_INDEX[a.cell]
            owner = board.owner[c]
            j = board.kind[c]
            v = (VALUE[j] if j < NPOWER else 0.5) * _circuit_need(state, owner, board.circ[c])
            s = -v if owner == p else v
            if k == ATTENUATE and owner == p:
                s = -v
        elif cls is Place:
            j = KIND_INDEX[a.kind]
            c = board.circ[NBR[CELL_INDEX[a.cell] * 4 + "NESW".index(a.side)]]
            if j < NPOWER:
                s = VALUE[j] * _circuit_need(state, p, c)
            elif j == AUTHENTICATE:
                s = 10.0 if state._auth_count == 1 and _leading(state, p) else -1.0
            else:
                s = ACTION_VALUE[j]
        elif cls is Rearrange:  # AGITATE: move the opponent's power out of contested circuits
            src = CELL_INDEX[a.source]
            j = board.kind[src]
            if j < NPOWER:
                q = 1 - p
                dst = board.circ[NBR[CELL_INDEX[a.cell] * 4 + "NESW".index(a.side)]]
                s = VALUE[j] * (_circuit_need(state, q, board.circ[src]) - _circuit_need(state, q, dst))
        elif cls is Skip:
            s = 0.01
        if s > best_s:
            best, best_s = a, s
    return best


def _leading(state: BreakerBlocksState, seat: int) -> bool:
    sc = state.scores()
    return sc[seat] > sc[1 - seat]


def action_score(state: BreakerBlocksState, a: Any) -> float:
    """A cheap prior for a main-step action of the mover (higher is better)."""
    board = state._board
    p = state._cur
    cls = type(a)
    if cls is Play:
        j = KIND_INDEX[a.kind]
        c = board.circ[NBR[CELL_INDEX[a.cell] * 4 + "NESW".index(a.side)]]
        if j < NPOWER:
            return 1.0 + VALUE[j] * _circuit_need(state, p, c) + (0.5 if j == 0 else 0.0)
        if j == AUTHENTICATE:
            return 20.0 if state._auth_count == 1 and _leading(state, p) else -2.0
        return 1.5 + ACTION_VALUE[j]
    if cls is Draw:
        j = KIND_INDEX[a.kind]
        if j < NPOWER:
            return 0.8 + 0.5 * VALUE[j]
        return 0.5 + 0.5 * ACTION_VALUE[j]
    if cls is Rearrange:
        src = CELL_INDEX[a.source]
        j = board.kind[src]
        if j < NPOWER and VALUE[j]:
            dst = board.circ[NBR[CELL_INDEX[a.cell] * 4 + "NESW".index(a.side)]]
            return VALUE[j] * (_circuit_need(state, p, dst) - _circuit_need(state, p, board.circ[src]))
        return -0.5
    if cls is End:
        return -1.0
    return 0.0


def order_actions(state: BreakerBlocksState, actions: list[Any]) -> list[Any]:
    """Most promising first (cheap priors, no look-ahead)."""
    if state._effect is not None:
        first = _step_choice(state, actions)
        return [first, *[a for a in actions if a != first]]
    return sorted(actions, key=lambda a: -action_score(state, a))


def rollout_action(state: BreakerBlocksState, rng: Any) -> Any:
    """Fast, sensible play: resolve steps well, mostly play or draw power, a little noise."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if state._effect is not None:
        return _step_choice(state, legal) if rng.random() < 0.85 else rng.choice(legal)
    best, best_s = legal[0], -1e9
    for a in legal:
        s = action_score(state, a) + rng.random() * 1.5
        if s > best_s:
            best, best_s = a, s
    return best
