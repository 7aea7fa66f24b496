"""Pure helpers for the UI: plain questions about a state or a tile, answered in the
notation's terms (cells ``(x, y)``, sides ``"N"``, kinds ``"2"``). They read the same
tables the rules use, so highlights never disagree with ``legal_actions()``."""

from __future__ import annotations

from typing import Any

from game.rules.breaker_blocks import steps
from game.rules.breaker_blocks.actions import Draw, Keep, Place, Rearrange, Skip, Target
from game.rules.breaker_blocks.data import SIDES, Cell, step
from game.rules.breaker_blocks.geometry import (
    CELL_INDEX,
    CELL_XY,
    CIRCUIT_INDEX,
    HOLES,
    KIND_INDEX,
    NCIRC,
    SIDE_INDEX,
)
from game.rules.breaker_blocks.state import BreakerBlocksState

Socket = tuple[Cell, str]


def _sockets(codes: list[int]) -> list[Socket]:
    return [(CELL_XY[s >> 2], SIDES[s & 3]) for s in codes]


def sockets(state: BreakerBlocksState, seat: int) -> list[Socket]:
    """BB-6: the seat's sockets, where PLAY (or AUTOMATE) may put a tile: ``(cell, side)``."""
    return _sockets(state._board.sockets(seat))


def leaves(state: BreakerBlocksState, seat: int, movable: bool = False) -> list[Cell]:
    """BB-7: the seat's leaves; ``movable`` leaves out AUTHENTICATE (the REARRANGE sources)."""
    return [CELL_XY[c] for c in state._board.leaves(seat, movable)]


def destinations(state: BreakerBlocksState, cell: Cell) -> list[Socket]:
    """BB-14: where the leaf on ``cell`` may be rearranged to (its owner's sockets with it
    lifted, not the hole it left); [] if there is no movable leaf there. Also right for
    AGITATE, which moves the opponent's leaves into the opponent's sockets."""
    c = CELL_INDEX.get(tuple(cell))
    board = state._board
    if c is None or not board.is_leaf(c) or board.kind[c] == KIND_INDEX["authenticate"]:
        return []
    return _sockets(board.destinations(c))


def power(state: BreakerBlocksState, seat: int, circuit: int | str) -> int:
    """BB-8: the seat's power in a circuit, given by index (0-based) or name ("II")."""
    c = CIRCUIT_INDEX[circuit] if isinstance(circuit, str) else circuit
    if not 0 <= c < NCIRC:
        raise ValueError(f"there is no circuit {circuit!r}")
    return state._board.power[seat][c]


def control(state: BreakerBlocksState) -> list[int | None]:
    """BB-8: per circuit, the seat with strictly more power there, or None on a tie."""
    return state.control()


def hole_sides(kind: str, side: str) -> list[str]:
    """BB-3: the sides holding holes of a tile of ``kind`` placed from ``side`` (its tab)."""
    return [SIDES[s] for s in HOLES[KIND_INDEX[kind] * 4 + SIDE_INDEX[side]]]


def hole_cells(kind: str, cell: Cell, side: str) -> list[Cell]:
    """The cells the holes of that tile face (they may be off the area or in the core)."""
    return [step(tuple(cell), s) for s in hole_sides(kind, side)]


def tab_cell(cell: Cell, side: str) -> Cell:
    """The cell the tab of a tile placed ``from side`` points to: its parent (tile or core)."""
    return step(tuple(cell), side)


def step_prompt(state: BreakerBlocksState) -> str | None:
    """What the current action-tile step asks the mover to pick, or None at a main step."""
    if state._effect is None or state._end is not None:
        return None
    return steps.prompt(state._effect, state._cur)


def step_targets(state: BreakerBlocksState) -> dict[str, Any] | None:
    """What to highlight at the current action-tile step (None at a main step):
    ``kinds`` to pick (draw, place, keep), ``cells`` to click (leaves to target, leaves
    AGITATE may move), ``sockets`` (where AUTOMATE may place, where AGITATE may move to)
    and whether ``skip`` is offered."""
    if state._effect is None or state._end is not None:
        return None
    kinds: dict[str, None] = {}
    cells: dict[Cell, None] = {}
    socks: dict[Socket, None] = {}
    skip = False
    for a in state.legal_actions():
        cls = type(a)
        if cls is Draw or cls is Keep:
            kinds[a.kind] = None
        elif cls is Place:
            kinds[a.kind] = None
            socks[(a.cell, a.side)] = None
        elif cls is Target:
            cells[a.cell] = None
        elif cls is Rearrange:
            cells[a.source] = None
            socks[(a.cell, a.side)] = None
        elif cls is Skip:
            skip = True
    return {"step": steps.step_name(state._effect), "kinds": list(kinds), "cells": [list(c) for c in cells],
            "sockets": [{"cell": list(c), "side": s} for c, s in socks], "skip": skip}
