"""The data of Break the Cube, read from ``levels/cube/pieces.toml`` and validated on load.

The piece shapes of the physical game are inferred, not confirmed (CU-3), so they stay
data: a correction must not need a code change. Every problem raises ValueError naming
the file and what is wrong.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game.paths import level_file, read_toml

LETTER_NAMES = "ABCDEFGHIJKL"  # fixed by the notation (CU-18), so the data must define exactly these
_COLOUR = re.compile(r"#[0-9A-Fa-f]{6}")
_KEYS = ("pieces", "sets", "letters")
_PIECE_KEYS = ("name", "colour", "cubes")


@dataclass(frozen=True)
class Piece:
    """One block: ``cubes`` are (x, y, z) offsets as written in the data file."""

    id: str
    name: str
    colour: str
    cubes: tuple[tuple[int, int, int], ...]


@dataclass(frozen=True)
class CubeData:
    pieces: MappingProxyType[str, Piece]  # in canonical (notation) order
    sets: MappingProxyType[int, tuple[str, ...]]  # number of blocks -> piece IDs
    letters: MappingProxyType[str, tuple[int, int, int]]  # letter -> cells, nearest first

    @property
    def order(self) -> tuple[str, ...]:
        return tuple(self.pieces)


def _fail(path: Path, problem: str) -> ValueError:
    return ValueError(f"{path}: {problem}")


def _table(path: Path, data: Any, what: str, keys: tuple[str, ...] | None = None) -> dict[str, Any]:
    if not isinstance(data, dict) or not data:
        raise _fail(path, f"{what} must be a non-empty table")
    if keys is not None:
        missing = [k for k in keys if k not in data]
        unknown = sorted(set(data) - set(keys))
        if missing:
            raise _fail(path, f"{what} is missing {', '.join(missing)}")
        if unknown:
            raise _fail(path, f"{what} has unknown key(s) {', '.join(unknown)}")
    return data


def _connected(cubes: tuple[tuple[int, int, int], ...]) -> bool:
    """True if the cubes touch face to face as one block."""
    todo, seen = [cubes[0]], {cubes[0]}
    cells = set(cubes)
    while todo:
        x, y, z = todo.pop()
        for d in ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1)):
            n = (x + d[0], y + d[1], z + d[2])
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


def _piece(path: Path, pid: str, raw: Any) -> Piece:
    where = f"piece {pid}"
    if not (len(pid) == 1 and pid.isalpha() and pid.isupper()):
        raise _fail(path, f"piece ID {pid!r} must be one upper-case letter")
    raw = _table(path, raw, where, _PIECE_KEYS)
    name, colour, cubes = raw["name"], raw["colour"], raw["cubes"]
    if not isinstance(name, str) or not name.strip():
        raise _fail(path, f"{where}: name must be a non-empty string")
    if not isinstance(colour, str) or not _COLOUR.fullmatch(colour):
        raise _fail(path, f"{where}: colour must look like \"#rrggbb\", not {colour!r}")
    if not isinstance(cubes, list) or not cubes:
        raise _fail(path, f"{where}: cubes must be a non-empty list of [x, y, z] offsets")
    out = []
    for cube in cubes:
        if not (isinstance(cube, list) and len(cube) == 3
                and all(type(v) is int and 0 <= v <= 2 for v in cube)):
            raise _fail(path, f"{where}: cube {cube!r} must be [x, y, z] with each 0..2 (inside the grid)")
        out.append((cube[0], cube[1], cube[2]))
    cubes_t = tuple(out)
    if len(set(cubes_t)) != len(cubes_t):
        raise _fail(path, f"{where}: a cube is listed twice")
    if not _connected(cubes_t):
        raise _fail(path, f"{where}: the cubes do not form one connected block")
    return Piece(pid, name.strip(), colour.upper(), cubes_t)


def _sets(path: Path, raw: Any, pieces: dict[str, Piece]) -> dict[int, tuple[str, ...]]:
    raw = _table(path, raw, "sets")
    out: dict[int, tuple[str, ...]] = {}
    for key, ids in raw.items():
        if not (key.isascii() and key.isdigit()):
            raise _fail(path, f"sets: key {key!r} must be the number of blocks")
        if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
            raise _fail(path, f"sets: {key} must be a list of piece IDs")
        if len(ids) != int(key):
            raise _fail(path, f"sets: {key} must list {key} pieces, not {len(ids)}")
        unknown = [i for i in ids if i not in pieces]
        if unknown:
            raise _fail(path, f"sets: {key} names unknown piece(s) {', '.join(unknown)}")
        if len(set(ids)) != len(ids):
            raise _fail(path, f"sets: {key} lists a piece twice")
        out[int(key)] = tuple(i for i in pieces if i in ids)  # canonical order
    if 3 not in out:
        raise _fail(path, "sets must define 3 (the standard game)")
    return dict(sorted(out.items()))


def _in_line(cells: tuple[int, int, int]) -> bool:
    """Three cells forming one row or column, listed from one end to the other."""
    xy = [((c - 1) % 3, (c - 1) // 3) for c in cells]
    steps = {(b[0] - a[0], b[1] - a[1]) for a, b in pairwise(xy)}
    return len(steps) == 1 and next(iter(steps)) in ((1, 0), (-1, 0), (0, 1), (0, -1))


def _letters(path: Path, raw: Any) -> dict[str, tuple[int, int, int]]:
    raw = _table(path, raw, "letters", tuple(LETTER_NAMES))
    out = {}
    for letter in LETTER_NAMES:
        cells = raw[letter]
        if not (isinstance(cells, list) and len(cells) == 3
                and all(type(c) is int and 1 <= c <= 9 for c in cells)):
            raise _fail(path, f"letters: {letter} must list 3 cells from 1 to 9, not {cells!r}")
        line = (cells[0], cells[1], cells[2])
        if not _in_line(line):
            raise _fail(path, f"letters: {letter} = {cells} is not one row or column, nearest cell first")
        out[letter] = line
    return out


def parse_data(data: Any, path: Path) -> CubeData:
    """Validate decoded TOML; every problem raises ValueError naming the file."""
    data = _table(path, data, "the file", _KEYS)
    raw_pieces = _table(path, data["pieces"], "pieces")
    pieces = {pid: _piece(path, pid, raw) for pid, raw in raw_pieces.items()}
    return CubeData(
        pieces=MappingProxyType(pieces),
        sets=MappingProxyType(_sets(path, data["sets"], pieces)),
        letters=MappingProxyType(_letters(path, data["letters"])),
    )


def load_data(path: Path | None = None) -> CubeData:
    """Read and validate pieces.toml (the bundled one unless a path is given)."""
    path = path or level_file("cube", "pieces.toml")
    raw = read_toml(path, "cannot read the Break the Cube pieces file")
    return parse_data(raw, path)


DATA = load_data()
