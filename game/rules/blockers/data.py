"""The data of Blockers!, read from ``levels/blockers/board.toml`` and validated on load.

The symbol layout comes from one fan source (BL-1), so it stays data that can be
corrected without touching code. The notation (BL-22) fixes the rows A-I and columns 1-9,
so those are checked to be exactly that; names (symbols, colours) only have to be usable
in the notation: lower-case words, all different, never ``wild`` or ``pass``. Every
problem raises ValueError naming the file and what is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.paths import level_file, read_toml

ROW_NAMES = ("A", "B", "C", "D", "E", "F", "G", "H", "I")
SIZE = 9  # the board is SIZE x SIZE; sections are 3 x 3 blocks of 3 x 3 squares
BAND = 3
NUM_COLOURS = 5  # one per seat at most (max_players)
TILES_PER_COLOUR = 28  # 9 numbers + 9 letters + 9 symbols + wild (BL-1)
RESERVED = ("wild", "pass")  # words of the notation a symbol or colour may not be called
_KEYS = ("rows", "columns", "sections", "colours", "advanced_colours", "rack_size")


@dataclass(frozen=True)
class BoardData:
    """The validated contents of board.toml."""

    rows: tuple[str, ...]
    columns: int
    sections: tuple[tuple[str, ...], ...]  # [band of rows][band of columns] -> symbol name
    colours: tuple[str, ...]  # seat k (0-based) plays colours[k] in the normal game
    advanced_colours: tuple[tuple[str, ...], ...]  # per seat of the advanced game, in colour-slot order
    rack_size: int

    @property
    def symbols(self) -> tuple[str, ...]:
        """The symbols in canonical order: sections read row by row."""
        return tuple(s for band in self.sections for s in band)


def _fail(path: Path, problem: str) -> ValueError:
    return ValueError(f"{path}: {problem}")


def _word(path: Path, where: str, value: Any) -> str:
    if not (isinstance(value, str) and value.isascii() and value.isalpha() and value == value.lower()):
        raise _fail(path, f"{where} holds {value!r}; each name must be one lower-case word (a-z)")
    if value in RESERVED:
        raise _fail(path, f"{where} holds {value!r}, a word the notation already uses")
    return value


def _rows(path: Path, data: dict[str, Any]) -> tuple[str, ...]:
    rows = data["rows"]
    if rows != list(ROW_NAMES):
        raise _fail(path, f"rows must be exactly {list(ROW_NAMES)} (the notation names squares A1..I9), "
                          f"not {rows!r}")
    if data["columns"] != SIZE or isinstance(data["columns"], bool):
        raise _fail(path, f"columns must be {SIZE} (the notation names columns 1..9), not {data['columns']!r}")
    return ROW_NAMES


def _sections(path: Path, data: dict[str, Any]) -> tuple[tuple[str, ...], ...]:
    raw = data["sections"]
    if not (isinstance(raw, list) and len(raw) == BAND and all(isinstance(b, list) and len(b) == BAND for b in raw)):
        raise _fail(path, f"sections must be {BAND} lists of {BAND} symbol names (a 3 x 3 grid of sections)")
    out = tuple(tuple(_word(path, "sections", s) for s in band) for band in raw)
    flat = [s for band in out for s in band]
    twice = sorted({s for s in flat if flat.count(s) > 1})
    if twice:
        raise _fail(path, f"sections name {', '.join(twice)} more than once; every section needs its own symbol")
    return out


def _colours(path: Path, data: dict[str, Any], symbols: tuple[str, ...]) -> tuple[str, ...]:
    raw = data["colours"]
    if not isinstance(raw, list) or len(raw) != NUM_COLOURS:
        raise _fail(path, f"colours must list {NUM_COLOURS} colour names (one per seat of a 5-player game)")
    out = tuple(_word(path, "colours", c) for c in raw)
    if len(set(out)) != len(out):
        raise _fail(path, "colours lists the same colour twice")
    clash = sorted(set(out) & set(symbols))
    if clash:
        raise _fail(path, f"{', '.join(clash)} is both a colour and a symbol; the notation could not tell them apart")
    return out


def _advanced(path: Path, data: dict[str, Any], colours: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    raw = data["advanced_colours"]
    if not (isinstance(raw, list) and len(raw) == 2 and all(isinstance(s, list) and len(s) == 2 for s in raw)):
        raise _fail(path, "advanced_colours must be two lists (seat 1, seat 2) of two colour names each")
    for seat in raw:
        for c in seat:
            if c not in colours:
                raise _fail(path, f"advanced_colours names {c!r}, which is not in colours")
    flat = [c for seat in raw for c in seat]
    if len(set(flat)) != len(flat):
        raise _fail(path, "advanced_colours must name four different colours")
    return tuple(tuple(seat) for seat in raw)


def _rack_size(path: Path, data: dict[str, Any]) -> int:
    value = data["rack_size"]
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= TILES_PER_COLOUR:
        raise _fail(path, f"rack_size must be a whole number from 1 to {TILES_PER_COLOUR}, not {value!r}")
    return value


def parse_board(data: dict[str, Any], path: Path) -> BoardData:
    """Validate the decoded TOML; every problem raises ValueError naming the file."""
    missing = [k for k in _KEYS if k not in data]
    if missing:
        raise _fail(path, f"missing key(s) {', '.join(missing)}")
    unknown = sorted(set(data) - set(_KEYS))
    if unknown:
        raise _fail(path, f"unknown key(s) {', '.join(unknown)}")
    rows = _rows(path, data)
    sections = _sections(path, data)
    colours = _colours(path, data, tuple(s for band in sections for s in band))
    return BoardData(rows=rows, columns=SIZE, sections=sections, colours=colours,
                     advanced_colours=_advanced(path, data, colours), rack_size=_rack_size(path, data))


def load_board(path: Path | None = None) -> BoardData:
    """Read and validate board.toml (the bundled one unless a path is given)."""
    path = path or level_file("blockers", "board.toml")
    data = read_toml(path, "cannot read the Blockers! board file")
    return parse_board(data, path)


BOARD = load_board()
