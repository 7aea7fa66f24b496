"""Whether a tile may go on a square of a board, and why not (BL-7 .. BL-9, BL-17).

Shared by the state (legality, IllegalAction reasons) and the UI helpers (hints while
dragging), so both give the same answer in the same words.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.blockers.groups import can_take
from game.rules.blockers.layout import COLOURS, FIT_MASK, SQUARES, TILES, fit_rule


def fit_problem(tile: int, square: int) -> str | None:
    """BL-7: None if the tile's label fits the square, else why not."""
    if FIT_MASK[tile] >> square & 1:
        return None
    # "the": a bare letter tile read as a word ("A does not fit", "I does not fit")
    return f"the {TILES[tile]} does not fit {SQUARES[square]}: {fit_rule(tile)}"


def board_problem(board: Sequence[int], colour: int, tile: int, square: int, advanced: bool) -> str | None:
    """None if a ``colour`` tile may go on ``square`` now (empty, or a capture that splits
    nothing), else the reason. The rack and the turn are the caller's business."""
    problem = fit_problem(tile, square)
    if problem:
        return problem
    code = board[square]
    if not code:
        return None
    name = SQUARES[square]
    if code == colour + 1:
        if advanced:
            return f"{name} is {COLOURS[colour]} too: a tile never replaces a tile of its own colour"
        return f"{name} is your own colour"
    if not can_take(board, square):
        return f"capturing {name} would split {COLOURS[code - 1]}'s group"
    return None
