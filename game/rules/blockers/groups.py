"""Connectivity on the board (BL-9, BL-14), on the engine's flat board.

A board is a sequence of 81 small ints, one per square in A1..I9 order: 0 for empty,
colour index + 1 for a tile of that colour (the "code"). Only same-coloured squares that
share an edge connect.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.blockers.layout import NEIGHBOURS, NUM_SQUARES


def can_take(board: Sequence[int], square: int) -> bool:
    """BL-9: True if removing the tile on ``square`` leaves the rest of its group connected.

    Only the tile's own group is searched: a tile with at most one same-coloured
    neighbour is a lone tile or an end and can always go; otherwise a flood fill from one
    neighbour (never through ``square``) must reach all the others, and stops as soon as
    it has.
    """
    code = board[square]
    first = -1
    others: list[int] = []
    for n in NEIGHBOURS[square]:
        if board[n] == code:
            if first < 0:
                first = n
            else:
                others.append(n)
    if not others:
        return True
    missing = set(others)
    seen = {square, first}
    todo = [first]
    while todo:
        cell = todo.pop()
        for n in NEIGHBOURS[cell]:
            if n not in seen and board[n] == code:
                if n in missing:
                    missing.discard(n)
                    if not missing:
                        return True
                seen.add(n)
                todo.append(n)
    return False


def components(board: Sequence[int], code: int) -> list[list[int]]:
    """The groups of one colour code: lists of squares, each ascending, ordered by first square."""
    seen = bytearray(NUM_SQUARES)
    out = []
    for start in range(NUM_SQUARES):
        if board[start] != code or seen[start]:
            continue
        seen[start] = 1
        group = [start]
        todo = [start]
        while todo:
            cell = todo.pop()
            for n in NEIGHBOURS[cell]:
                if not seen[n] and board[n] == code:
                    seen[n] = 1
                    group.append(n)
                    todo.append(n)
        out.append(sorted(group))
    return out


def count_groups(board: Sequence[int], code: int) -> int:
    """BL-14: the number of groups of one colour code (a single tile is a group)."""
    seen = bytearray(NUM_SQUARES)
    count = 0
    for start in range(NUM_SQUARES):
        if board[start] != code or seen[start]:
            continue
        count += 1
        seen[start] = 1
        todo = [start]
        while todo:
            cell = todo.pop()
            for n in NEIGHBOURS[cell]:
                if not seen[n] and board[n] == code:
                    seen[n] = 1
                    todo.append(n)
    return count


def count_all_groups(board: Sequence[int], codes: int) -> list[int]:
    """Groups of every colour code at once (index = code; index 0, empty, stays 0): one
    pass over the board, for scoring all seats together."""
    counts = [0] * codes
    seen = bytearray(NUM_SQUARES)
    for start in range(NUM_SQUARES):
        code = board[start]
        if not code or seen[start]:
            continue
        counts[code] += 1
        seen[start] = 1
        todo = [start]
        while todo:
            cell = todo.pop()
            for n in NEIGHBOURS[cell]:
                if not seen[n] and board[n] == code:
                    seen[n] = 1
                    todo.append(n)
    return counts
