"""Blockers! knowledge for the bots: position evaluation, playout policy and the
difficulty settings."""

from __future__ import annotations

import math
from typing import Any

from game.rules.blockers.actions import PASS, PLACE, PLACE_AS
from game.rules.blockers.groups import can_take
from game.rules.blockers.layout import FIT_MASK, NUM_SQUARES, NUM_TILES, SIZE
from game.rules.blockers.layout import NEIGHBOURS as _NEIGHBOURS
from game.rules.blockers.state import NUM_COLOURS, BlockersState

# --- bitboards: bit i = square i (A1 = 0 .. I9 = 80) --------------------------------------

FULL = (1 << NUM_SQUARES) - 1
_FIRST_COL = sum(1 << (r * SIZE) for r in range(SIZE))
_NOT_FIRST = FULL ^ _FIRST_COL
_NOT_LAST = FULL ^ (_FIRST_COL << (SIZE - 1))


def spread(x: int) -> int:
    """``x`` plus every square sharing an edge with it."""
    return x | x >> SIZE | (x << SIZE) & FULL | (x << 1) & _NOT_FIRST | (x >> 1) & _NOT_LAST


def components(m: int) -> list[int]:
    """The connected groups of the squares in ``m``, each as a bitboard."""
    out = []
    while m:
        g = m & -m
        while True:
            n = spread(g) & m
            if n == g:
                break
            g = n
        out.append(g)
        m ^= g
    return out


def bits(m: int) -> list[int]:
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


_CODE_BITS = tuple(bytes.maketrans(bytes(range(NUM_COLOURS + 1)),
                                   bytes(49 if i == code else 48 for i in range(NUM_COLOURS + 1)))
                   for code in range(NUM_COLOURS + 1))


def colour_masks(board: list[int] | tuple[int, ...]) -> list[int]:
    """Bitboard of each colour code (index 0: empty squares): one bytes.translate per code."""
    text = bytes(board)[::-1]
    return [int(text.translate(table), 2) for table in _CODE_BITS]


# Where the tiles of a tile bitmask fit, united: four 7-bit chunks looked up in tables.
_CHUNK = 7


def _chunk_table(offset: int) -> tuple[int, ...]:
    table = []
    for m in range(1 << _CHUNK):
        u = 0
        for i in range(_CHUNK):
            t = offset + i
            if m >> i & 1 and t < NUM_TILES:
                u |= FIT_MASK[t]
        table.append(u)
    return tuple(table)


_FIT_TABLES = tuple(_chunk_table(k * _CHUNK) for k in range(4))
_T0, _T1, _T2, _T3 = _FIT_TABLES


def fit_union(tiles: int) -> int:
    """Every square some tile of the ``tiles`` bitmask fits."""
    return _T0[tiles & 127] | _T1[tiles >> 7 & 127] | _T2[tiles >> 14 & 127] | _T3[tiles >> 21]


def unplayed(state: BlockersState, colour: int) -> int:
    """Bitmask of a colour's tiles not yet placed (rack + pool)."""
    mask = state._racks[colour]
    for t in state._pools[colour][state._drawn[colour]:]:
        mask |= 1 << t
    return mask


_WILD_BIT = 1 << (NUM_TILES - 1)


def _pick(rng: Any, m: int) -> int:
    squares = bits(m)
    return squares[0] if len(squares) == 1 else squares[int(rng.random() * len(squares))]


def liberties(own: int, empty: int) -> tuple[int, int]:
    """(libs, joins): empty squares next to the groups of ``own``, and those next to two or more."""
    once = twice = 0
    for g in components(own):
        a = spread(g) & empty
        twice |= once & a
        once |= a
    return once, twice


def _tile_for(rack: int, square: int, libs: int) -> int:
    """The rack tile to put on ``square``: the one fitting the fewest other liberties, the
    wild only when nothing else fits."""
    best, best_n = NUM_TILES - 1, 1 << 30
    for t in bits(rack & ~_WILD_BIT):
        fit = FIT_MASK[t]
        if fit >> square & 1:
            k = (fit & libs).bit_count()
            if k < best_n:
                best, best_n = t, k
    return best


CAPTURE_COST = 0.15  # a capture also counts against its maker in a tie (BL-16)


def _near(own: int) -> tuple[int, int]:
    """Squares not of ``own``'s colour next to one or more of its groups, and next to two or more."""
    once = twice = 0
    m = own
    nf, nl = _NOT_FIRST, _NOT_LAST
    while m:
        g = m & -m
        while True:  # flood fill, spread() inlined: this is the playouts' hottest loop
            n = (g | g >> 9 | g << 9 | (g << 1) & nf | (g >> 1) & nl) & m
            if n == g:
                break
            g = n
        m ^= g
        a = (g >> 9 | g << 9 & FULL | (g << 1) & nf | (g >> 1) & nl) & ~g
        twice |= once & a
        once |= a
    return once & ~own, twice & ~own


def rollout_action(state: BlockersState, rng: Any) -> Any:
    """Fast, sensible play: the placement that changes the mover's score least.

    Joining two groups is -1, extending one 0, a new group +1; a capture adds 1 when it
    raises the mover's most-captured colour, a little for the tie-break, and more when it
    takes a lone tile (the victim loses a group). Among equals: keep the wild, take a
    square an opponent wants (one joining its groups first), start new groups near old
    ones, then random.
    """
    cfg = state._cfg
    board = state._board
    masks = colour_masks(board)
    empty = masks[0]
    seat = state._cur
    mine = cfg.seat_colours[seat]
    finished = state._finished
    caps = state._caps[seat * NUM_COLOURS:(seat + 1) * NUM_COLOURS]
    top = max(caps)
    lone_cost = 1.0 if state.num_players == 2 else 0.5
    best_v, best = math.inf, None
    for colour in mine:
        rack = state._racks[colour]
        if finished[colour] or not rack:
            continue
        own = masks[colour + 1]
        reach = fit_union(rack)
        once, twice = _near(own)
        free = empty & reach
        if free & twice:
            v, target = -1.0, free & twice
        elif free & once:
            v, target = 0.0, free & once
        elif free:
            v, target = 1.0, free
        else:
            v, target = math.inf, 0
        if v > -1.0:
            taken = reach & ~empty & ~own
            for sq in bits(taken & once if v < math.inf else taken):
                code = board[sq]
                val = (-1.0 if twice >> sq & 1 else 0.0 if once >> sq & 1 else 1.0) + CAPTURE_COST
                if caps[code - 1] >= top:
                    val += 1.0
                lone = True
                for n in _NEIGHBOURS[sq]:
                    if board[n] == code:
                        lone = False
                        break
                if lone:
                    val += -1.0 if code - 1 in mine else lone_cost
                if val <= v and can_take(board, sq):
                    if val < v:
                        v, target = val, 0
                    target |= 1 << sq
        if v < best_v:
            best_v, best = v, (colour, rack, once & empty, own, target)
    if best is None:
        return PASS
    colour, rack, libs, own, target = best
    target = (target & fit_union(rack & ~_WILD_BIT)) or target
    if best_v >= 1.0 and own:
        target = (target & spread(spread(own))) or target
    want = want_join = 0
    for c in cfg.in_play:
        if c not in mine and not finished[c]:
            o, t = _near(masks[c + 1])
            want |= o
            want_join |= t
    target = (target & want_join) or (target & want) or target
    sq = _pick(rng, target)
    tile = _tile_for(rack, sq, libs)
    return PLACE_AS[colour][tile][sq] if cfg.advanced else PLACE[tile][sq]


def tiebreak(state: BlockersState, action: Any) -> tuple[int, int]:
    """The mover's score once ``action`` is played, then its captures in all: the final
    scoring's order (BL-15, BL-16), lowest first. Moves the search rates alike (all won or
    all lost, as on a game's last turns) are told apart by it, so a bot never takes a tile
    for points another move would not cost."""
    seat = state._cur
    after = state.clone()
    after.apply(action)
    return after.scores()[seat], sum(after.captures_of(seat))


# Difficulty overrides (see game/ai/difficulty.py). With three or more players the search
# looks only at the 5 moves rated best one ply ahead (5 won 59 %, 8 won 53 % of 60 trial
# games on seeds 500+ against three greedy bots): the time budget affords too few
# iterations to give every one of the ~100 legal placements a fair hearing, and playouts
# stop after two rounds (the evaluation scores them) so the budget buys more of them.
LEVELS: dict[str, dict[str, Any]] = {
    "normal": {"root_width": 5, "rollout_depth_many": 8},
    "hard": {"root_width": 5, "rollout_depth_many": 8},
}


# --- evaluation ---------------------------------------------------------------------------

_TILE_FITS = FIT_MASK


def seat_features(state: BlockersState) -> list[list[float]]:
    """Per seat: [score, groups, caps_total, remaining turns, dead, single, merge, libs, to_move]."""
    cfg = state._cfg
    board = state._board
    masks = colour_masks(board)
    empty = masks[0]
    caps = state._caps
    limit = cfg.turn_limit
    out = []
    for p, cols in enumerate(cfg.seat_colours):
        groups = dead = single = merge = libs_n = 0
        for colour in cols:
            own = masks[colour + 1]
            comps = components(own)
            groups += len(comps)
            if state._finished[colour]:
                continue
            once = twice = 0
            for g in comps:
                a = spread(g) & empty
                twice |= once & a
                once |= a
            libs = once
            left = unplayed(state, colour)
            fits_left = fit_union(left)
            merge += (twice & fits_left).bit_count()
            libs_n += (libs & fits_left).bit_count()
            for t in bits(left & ~_WILD_BIT):
                k = (_TILE_FITS[t] & libs).bit_count()
                if k == 0:
                    dead += 1
                elif k == 1:
                    single += 1
        pc = caps[p * NUM_COLOURS:(p + 1) * NUM_COLOURS]
        remaining = limit - state._turns[p] if not cfg.advanced else sum(
            len(state._pools[c]) - state._drawn[c] + 1 for c in cols if not state._finished[c])
        out.append([float(groups + max(pc)), float(groups), float(sum(pc)), float(remaining), float(dead),
                    float(single), float(merge), float(libs_n), 1.0 if state._cur == p else 0.0])
    return out


# Projected final score = score now + FUTURE . terms (r = share of the seat's turns left),
# fitted on playout-policy games; then win chances by a softmax of -projected / sigma,
# sigma = a + b * r. Index 0: two players, 1: three or more.
FUTURE = (
    {"r": 0.6712, "r2": -1.9971, "dead_r": 0.0802, "dead4": 0.2451, "dead4_r": -0.1617, "single_r": 0.0686,
     "merge": -0.7268, "merge_r": 0.1118, "tomove_r": -0.1409},
    {"r": -0.0331, "r2": -0.2974, "dead_r": 0.7344, "dead4": 0.2647, "dead4_r": -0.8702, "single_r": 0.0405,
     "merge": -0.5624, "merge_r": -0.0558, "tomove_r": -0.1136},
)
SIGMA = ((0.319, 1.294), (0.425, 2.169))
TIEBREAK = (0.565, 0.222)  # weight of total captures (BL-16: fewer captures wins a tie)


def projected(state: BlockersState) -> tuple[list[float], float]:
    """Each seat's expected final score, and the mean share of turns left."""
    k = 0 if state.num_players == 2 else 1
    fut = FUTURE[k]
    tie = TIEBREAK[k]
    feats = seat_features(state)
    limit = state._cfg.turn_limit
    out = []
    rs = 0.0
    for f in feats:
        score, groups, capt, remaining, dead, single, merge, _libs, tomove = f
        r = remaining / limit
        rs += r
        m = min(merge, groups - 1)
        d4 = max(0.0, dead - 4)
        out.append(score + fut["r"] * r + fut["r2"] * r * r + fut["dead_r"] * dead * r + fut["dead4"] * d4
                   + fut["dead4_r"] * d4 * r + fut["single_r"] * single * r + fut["merge"] * m
                   + fut["merge_r"] * m * r + fut["tomove_r"] * tomove * r + tie * capt)
    return out, rs / len(feats)


def evaluate(state: BlockersState) -> list[float]:
    proj, r = projected(state)
    a, b = SIGMA[0 if state.num_players == 2 else 1]
    sigma = a + b * r
    u = [-p / sigma for p in proj]
    top = max(u)
    e = [math.exp(x - top) for x in u]
    total = sum(e)
    return [x / total for x in e]
