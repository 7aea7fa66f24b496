"""Shapes: the notation (CU-18) and the building rules (CU-4).

A ``Shape`` is a tuple of ``(piece_id, mask)`` pairs in canonical piece order (S M L X Y),
``mask`` being the 27-bit position mask of grid.py. It is hashable, compares by value
and is cheap to build, so millions can be enumerated; ``parse_shape``/``format_shape``
convert to and from the text ``"S:5.1,5.2 M:1.1,2.1,4.1 L:3.1,6.1,8.1,9.1"``.

Checking order (ruling, see the package docstring): the set's composition first (a block
given twice, a block from outside the set, a missing block), then CU-4 items 1 to 5; the
first failure is reported, scanning pieces in canonical order and positions by
(cell, level).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from game.rules.cube.data import DATA
from game.rules.cube.grid import bit, mask_positions, placement_set, position_text

Shape = tuple[tuple[str, int], ...]
RawShape = list[tuple[str, list[tuple[int, int]]]]  # as written: positions may lie outside the grid

ORDER: tuple[str, ...] = DATA.order
STANDARD: tuple[str, ...] = DATA.sets[3]
_RANK = {pid: i for i, pid in enumerate(ORDER)}
_UPPER_LEVELS = sum(1 << b for b in range(27) if b % 3)  # every position on level 2 or 3
_EXAMPLE = "S:5.1,5.2 M:1.1,2.1,4.1 L:3.1,6.1,8.1,9.1"
# numbers are written plainly (CELL := "1".."9", LEVEL := "1".."3"): "07.1" is not read as 7.1;
# a plain number out of range (10.1, 5.0) gets its own "outside the grid" message
_NUMBER = r"(?:0|[1-9][0-9]*)"
_PIECE = re.compile(rf"([A-Z]):({_NUMBER}\.{_NUMBER}(?:,{_NUMBER}\.{_NUMBER})*)")
_SPACES = re.compile(r"\s*([:,.])\s*")


class ShapeError(ValueError):
    """A shape text that does not read or breaks a building rule; the message says which."""


# --- piece sets ---------------------------------------------------------------------------

def resolve_pieces(pieces: Any = None) -> tuple[str, ...]:
    """A piece set in canonical order: None (the standard S M L), a number of blocks from
    the data's sets (3, 4, 5), or a sequence of piece IDs such as ("S", "M")."""
    if pieces is None:
        return STANDARD
    if type(pieces) is int:
        if pieces not in DATA.sets:
            raise ValueError(f"there is no set of {pieces} blocks (sets: {', '.join(map(str, DATA.sets))})")
        return DATA.sets[pieces]
    if isinstance(pieces, str) or not isinstance(pieces, Iterable):
        raise ValueError(f"a piece set is a sequence of piece IDs like ('S', 'M', 'L'), not {pieces!r}")
    ids = list(pieces)
    for pid in ids:
        if pid not in _RANK:
            raise ValueError(f"unknown block {pid!r}: the blocks are {', '.join(ORDER)}")
    if len(set(ids)) != len(ids) or not ids:
        raise ValueError(f"a piece set names each block once and is not empty, not {ids!r}")
    return tuple(sorted(ids, key=_RANK.__getitem__))


def _infer_set(ids: Iterable[str]) -> tuple[str, ...]:
    """The smallest set of the data holding every ID given (parse_shape without a set)."""
    wanted = set(ids)
    for members in DATA.sets.values():
        if wanted <= set(members):
            return members
    return resolve_pieces(wanted)


# --- text -> raw positions -> Shape ---------------------------------------------------------

def read_shape_text(text: Any) -> RawShape:
    """The pieces and positions a shape text names, checking only the grammar.

    Any case, any piece and position order, extra spaces (also around ':' ',' '.')."""
    if not isinstance(text, str):
        raise ShapeError(f"a shape is written as text like {_EXAMPLE}, not {type(text).__name__}")
    tokens = _SPACES.sub(r"\1", text.strip().upper()).split()
    if not tokens:
        raise ShapeError(f"no shape given: write it like {_EXAMPLE}")
    out: RawShape = []
    for token in tokens:
        m = _PIECE.fullmatch(token)
        if m is None:
            raise ShapeError(f"cannot read {token!r}: a block is written like S:5.1,5.2 (cell.level)")
        pid = m.group(1)
        if pid not in _RANK:
            raise ShapeError(f"unknown block {pid}: the blocks are {', '.join(ORDER)}")
        positions = []
        for pos in m.group(2).split(","):
            cell, level = pos.split(".")
            positions.append((int(cell), int(level)))
        out.append((pid, positions))
    return out


def _raw_from(obj: Any) -> RawShape:
    """A RawShape from a Shape, text, a mapping or pairs of (piece, mask or positions)."""
    if isinstance(obj, str):
        return read_shape_text(obj)
    items = obj.items() if isinstance(obj, Mapping) else obj
    out: RawShape = []
    for item in items:
        if not (isinstance(item, Sequence) and len(item) == 2):
            raise ShapeError(f"cannot read block {item!r}: give (piece ID, mask or [(cell, level), ...])")
        pid, where = item
        if pid not in _RANK:
            raise ShapeError(f"unknown block {pid}: the blocks are {', '.join(ORDER)}")
        if type(where) is int:
            if where < 0:
                raise ShapeError(f"block {pid}: a position mask is a whole number >= 0, not {where}")
            out.append((pid, list(mask_positions(where))))
        else:
            out.append((pid, [_position(pos) for pos in where]))
    return out


def _position(pos: Any) -> tuple[int, int]:
    """(cell, level) from a pair of ints or a "cell.level" string."""
    try:
        cell, level = pos.split(".") if isinstance(pos, str) else pos
        return int(cell), int(level)
    except (TypeError, ValueError):
        raise ShapeError(f"cannot read position {pos!r}: write (cell, level) or \"cell.level\"") from None


def _composition(raw: RawShape, members: tuple[str, ...], complete: bool) -> str | None:
    seen: set[str] = set()
    for pid, _ in raw:
        if pid in seen:
            return f"block {pid} given twice"
        seen.add(pid)
        if pid not in members:
            return f"block {pid} is not in this set (the blocks are {' '.join(members)})"
    if complete:
        for pid in members:
            if pid not in seen:
                return f"missing block {pid}"
    return None


def _building_rules(raw: RawShape, complete: bool) -> str | None:
    """CU-4 items 1-4 (and 5 when the shape is complete), first failure only."""
    pieces = sorted(raw, key=lambda item: _RANK[item[0]])
    for _, positions in pieces:  # 1. inside the grid
        for cell, level in sorted(positions):
            if not 1 <= cell <= 9 or level < 1:
                return f"cube {position_text(cell, level)} is outside the grid"
            if level > 3:
                return f"cube {position_text(cell, level)} makes the shape too tall (3 levels at most)"
    counts: dict[tuple[int, int], int] = {}
    for _, positions in pieces:  # 2. no shared position
        for pos in positions:
            counts[pos] = counts.get(pos, 0) + 1
    shared = sorted(pos for pos, n in counts.items() if n > 1)
    if shared:
        return f"blocks overlap at {position_text(*shared[0])}"
    occupied = 0
    for pid, positions in pieces:  # 3. each block is one of its placements
        mask = sum(1 << bit(c, lv) for c, lv in positions)
        if mask not in placement_set(pid):
            return f"{pid} is not a valid {DATA.pieces[pid].name} block"
        occupied |= mask
    return support_problem(occupied, complete)


def support_problem(occupied: int, complete: bool = True) -> str | None:
    """CU-4 items 4 and 5 on an occupancy mask."""
    unsupported = occupied & _UPPER_LEVELS & ~(occupied << 1)  # a cube whose position below is empty
    if unsupported:
        low = (unsupported & -unsupported).bit_length() - 1
        cell, level = low // 3 + 1, low % 3 + 1
        return f"cube {position_text(cell, level)} has nothing under it"
    if complete and not occupied & _UPPER_LEVELS:
        return "all blocks are flat"
    return None


def check_raw(raw: RawShape, pieces: Any = None, complete: bool = True) -> str | None:
    members = _infer_set(pid for pid, _ in raw) if pieces is None else resolve_pieces(pieces)
    return _composition(raw, members, complete) or _building_rules(raw, complete)


def check_shape(shape_or_text: Any, pieces: Any = None) -> str | None:
    """None if the shape is legal for the piece set (CU-4), else the first failure's message.

    ``pieces`` is a set (see ``resolve_pieces``); None takes the smallest set of the data
    holding every block named."""
    try:
        raw = _raw_from(shape_or_text)
    except ShapeError as exc:
        return str(exc)
    return check_raw(raw, pieces)


def check_partial(blocks: Any, pieces: Any = None) -> str | None:
    """The CU-4 failure of a shape being built, ignoring "missing block" and "all flat".

    The builder UI places blocks one at a time and asks this before accepting one. Blocks
    must be placed bottom-up: a block resting on nothing is refused at once (support is
    checked on the blocks placed so far), as are overlaps, cubes outside the grid or too
    tall, invalid placements and blocks given twice or from outside the set. ``blocks`` is
    anything ``check_shape`` takes: text, a Shape, {piece: mask or positions} or pairs."""
    try:
        raw = _raw_from(blocks)
    except ShapeError as exc:
        return str(exc)
    return check_raw(raw, pieces, complete=False)


def shape_from_raw(raw: RawShape) -> Shape:
    """A Shape from checked raw positions (no checking here)."""
    pairs = sorted(((pid, sum(1 << bit(c, lv) for c, lv in positions)) for pid, positions in raw),
                   key=lambda pair: _RANK[pair[0]])
    return tuple(pairs)


def parse_shape(text: str, pieces: Any = None) -> Shape:
    """The Shape a text names, if legal for the set (CU-4); else ShapeError with the reason.

    Without ``pieces`` the set is the smallest one of the data holding every block named.
    Legal results are remembered: replaying a saved game parses the same guesses again."""
    try:
        key = (text, None if pieces is None else tuple(pieces)) if isinstance(text, str) else None
    except TypeError:
        key = None
    shape = _PARSED.get(key) if key is not None else None
    if shape is not None:
        return shape
    raw = read_shape_text(text)
    problem = check_raw(raw, pieces)
    if problem:
        raise ShapeError(problem)
    shape = shape_from_raw(raw)
    if key is not None:
        if len(_PARSED) >= _PARSED_MAX:
            _PARSED.clear()
        _PARSED[key] = shape
    return shape


_PARSED: dict[tuple[Any, ...], Shape] = {}
_PARSED_MAX = 4096


@cache
def piece_text(pid: str, mask: int) -> str:
    return f"{pid}:" + ",".join(position_text(c, lv) for c, lv in mask_positions(mask))


def format_shape(shape: Shape) -> str:
    """Canonical text: pieces in order S M L X Y, positions by (cell, level), single spaces."""
    return " ".join(piece_text(pid, mask) for pid, mask in sorted(shape, key=lambda p: _RANK[p[0]]))


def shape_pieces(shape: Shape) -> tuple[str, ...]:
    return tuple(pid for pid, _ in shape)


def shape_positions(shape: Shape) -> dict[str, tuple[tuple[int, int], ...]]:
    """{piece ID: ((cell, level), ...)} for drawing or display."""
    return {pid: mask_positions(mask) for pid, mask in shape}


def occupancy(shape: Shape) -> int:
    out = 0
    for _, mask in shape:
        out |= mask
    return out


def is_legal(shape: Any, pieces: tuple[str, ...]) -> bool:
    """Fast CU-4 test of a Shape for a resolved set (the lazy action lists' ``in``)."""
    if not isinstance(shape, tuple) or len(shape) != len(pieces):
        return False
    occupied = 0
    for (pid, mask), want in zip(shape, pieces, strict=True):
        if pid != want or type(mask) is not int or mask not in placement_set(pid) or occupied & mask:
            return False
        occupied |= mask
    return support_problem(occupied) is None
