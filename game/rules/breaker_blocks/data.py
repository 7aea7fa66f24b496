"""The data of Breaker Blocks (BB-1 .. BB-4): ``levels/breaker_blocks.toml`` read and validated.

Board geometry, inputs, hole patterns and tile counts are reconstructions that may be
corrected later, so they live in the data file; only the seven action types are fixed
here, because each one is an effect written in code (steps.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.paths import level_file, read_toml

ACTION_TYPES = ("accelerate", "annihilate", "agitate", "authenticate", "automate", "attenuate", "aggravate")
SIDES = "NESW"
HOLE_NAMES = ("front", "left", "right")
ACTION_SHAPE = "action"
START_KIND = "0"  # BB-9: the hand starts with every tile of this kind
MAX_COUNT = 99
_KEYS = ("area", "core", "inputs", "shapes", "power_counts", "action_counts", "action_sets")

Cell = tuple[int, int]


@dataclass(frozen=True)
class Input:
    """A hole in side ``side`` of core cell ``cell``, for seat ``seat`` (0-based)."""

    id: str
    cell: Cell
    side: str
    seat: int
    circuit: str


@dataclass(frozen=True)
class LevelData:
    path: Path
    x_range: tuple[int, int]
    y_range: tuple[int, int]
    core: dict[Cell, str]  # core cell -> its circuit, in file order
    circuits: tuple[str, ...]  # in order of first appearance in the core
    inputs: tuple[Input, ...]
    power_kinds: tuple[str, ...]  # digit names, by value of the name
    power: dict[str, int]  # power kind -> power value
    holes: dict[str, tuple[str, ...]]  # power kind or "action" -> hole names relative to the tab
    power_counts: dict[str, int]  # tiles of each power kind per colour
    action_counts: dict[str, int]
    action_sets: dict[str, tuple[str, ...]]

    def in_area(self, cell: Cell) -> bool:
        return self.x_range[0] <= cell[0] <= self.x_range[1] and self.y_range[0] <= cell[1] <= self.y_range[1]


_OFFSETS = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}


def step(cell: Cell, side: str) -> Cell:
    """The neighbour of ``cell`` on ``side``."""
    dx, dy = _OFFSETS[side]
    return cell[0] + dx, cell[1] + dy


class _Checker:
    """Typed reads of the decoded TOML; every problem raises ValueError naming the file."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, message: str) -> ValueError:
        return ValueError(f"{self.path}: {message}")

    def int(self, value: Any, what: str, low: int, high: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.fail(f"{what} must be a whole number from {low} to {high}, not {value!r}")
        return value

    def cell(self, value: Any, what: str) -> Cell:
        if not isinstance(value, list) or len(value) != 2 or any(isinstance(v, bool) or not isinstance(v, int)
                                                                  for v in value):
            raise self.fail(f"{what} must be a cell [x, y] of two whole numbers, not {value!r}")
        return value[0], value[1]

    def table(self, value: Any, what: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(f"{what} must be a table")
        return value

    def rows(self, value: Any, what: str, keys: tuple[str, ...]) -> list[dict[str, Any]]:
        if not isinstance(value, list) or not value:
            raise self.fail(f"{what} must be a non-empty list of tables")
        for i, row in enumerate(value, 1):
            if not isinstance(row, dict) or set(row) != set(keys):
                raise self.fail(f"{what} entry {i} must have exactly the keys {', '.join(keys)}")
        return value


def _area(ck: _Checker, raw: Any) -> tuple[tuple[int, int], tuple[int, int]]:
    area = ck.table(raw, "area")
    if set(area) != {"x", "y"}:
        raise ck.fail("area must have exactly the keys x and y, like { x = [-5, 7], y = [-6, 7] }")
    out = []
    for axis in ("x", "y"):
        low, high = ck.cell(area[axis], f"area {axis}")
        if low > high or high - low > 60:
            raise ck.fail(f"area {axis} must be [min, max] with min <= max and at most 61 cells, not {area[axis]}")
        out.append((low, high))
    return out[0], out[1]


def _core(ck: _Checker, raw: Any, in_area: Any) -> dict[Cell, str]:
    core: dict[Cell, str] = {}
    for i, row in enumerate(ck.rows(raw, "core", ("cell", "circuit")), 1):
        cell = ck.cell(row["cell"], f"core entry {i} cell")
        if not in_area(cell):
            raise ck.fail(f"core cell {cell[0]},{cell[1]} lies outside the area")
        if cell in core:
            raise ck.fail(f"core cell {cell[0]},{cell[1]} is listed twice")
        circuit = row["circuit"]
        if not isinstance(circuit, str) or not circuit.strip() or circuit != circuit.strip():
            raise ck.fail(f"core cell {cell[0]},{cell[1]} needs a circuit name, not {circuit!r}")
        core[cell] = circuit
    return core


def _inputs(ck: _Checker, raw: Any, core: dict[Cell, str], in_area: Any) -> tuple[Input, ...]:
    out: list[Input] = []
    seen_ids: set[str] = set()
    seen_holes: set[tuple[Cell, str]] = set()
    for i, row in enumerate(ck.rows(raw, "inputs", ("id", "cell", "side", "seat", "circuit")), 1):
        ident = row["id"]
        if not isinstance(ident, str) or not ident or ident in seen_ids:
            raise ck.fail(f"input {i} needs a unique text id, not {ident!r}")
        seen_ids.add(ident)
        cell = ck.cell(row["cell"], f"input {ident} cell")
        if cell not in core:
            raise ck.fail(f"input {ident} is on {cell[0]},{cell[1]}, which is not a core cell")
        side = row["side"]
        if side not in tuple(SIDES):
            raise ck.fail(f"input {ident} side must be one of N, E, S, W, not {side!r}")
        if (cell, side) in seen_holes:
            raise ck.fail(f"input {ident} repeats the hole in side {side} of {cell[0]},{cell[1]}")
        seen_holes.add((cell, side))
        target = step(cell, side)
        if not in_area(target) or target in core:
            raise ck.fail(f"input {ident} faces {target[0]},{target[1]}, which is off the area or in the core")
        seat = ck.int(row["seat"], f"input {ident} seat", 1, 2)
        if row["circuit"] != core[cell]:
            raise ck.fail(f"input {ident} says circuit {row['circuit']!r} but its core cell is circuit {core[cell]!r}")
        out.append(Input(ident, cell, side, seat - 1, core[cell]))
    for seat in (0, 1):
        if not any(inp.seat == seat for inp in out):
            raise ck.fail(f"seat {seat + 1} has no input")
    return tuple(out)


def _shapes(ck: _Checker, raw: Any) -> tuple[tuple[str, ...], dict[str, int], dict[str, tuple[str, ...]]]:
    shapes = ck.table(raw, "shapes")
    if ACTION_SHAPE not in shapes:
        raise ck.fail("shapes needs an 'action' entry (the shape of every action tile)")
    kinds = [k for k in shapes if k != ACTION_SHAPE]
    for kind in kinds:
        if not (kind.isascii() and kind.isdigit()) or kind != str(int(kind)):
            raise ck.fail(f"shape {kind!r}: power kinds are named by a number like \"2\" (or the entry 'action')")
    if START_KIND not in kinds:
        raise ck.fail(f"shapes needs kind {START_KIND!r}: the hands start with those tiles")
    power: dict[str, int] = {}
    holes: dict[str, tuple[str, ...]] = {}
    for kind, entry in shapes.items():
        entry = ck.table(entry, f"shape {kind!r}")
        wanted = {"holes"} if kind == ACTION_SHAPE else {"power", "holes"}
        if set(entry) != wanted:
            raise ck.fail(f"shape {kind!r} must have exactly the keys {', '.join(sorted(wanted))}")
        if kind != ACTION_SHAPE:
            power[kind] = ck.int(entry["power"], f"shape {kind!r} power", 0, MAX_COUNT)
        names = entry["holes"]
        if not isinstance(names, list) or any(n not in HOLE_NAMES for n in names) or len(set(names)) != len(names):
            raise ck.fail(f"shape {kind!r} holes must list distinct names out of front, left, right, not {names!r}")
        holes[kind] = tuple(names)
    return tuple(sorted(kinds, key=int)), power, holes


def _counts(ck: _Checker, raw: Any, what: str, names: tuple[str, ...]) -> dict[str, int]:
    counts = ck.table(raw, what)
    if set(counts) != set(names):
        raise ck.fail(f"{what} must give a count for exactly these kinds: {', '.join(names)}")
    return {name: ck.int(counts[name], f"{what} {name}", 0, MAX_COUNT) for name in names}


def _action_sets(ck: _Checker, raw: Any) -> dict[str, tuple[str, ...]]:
    sets = ck.table(raw, "action_sets")
    if "full" not in sets:
        raise ck.fail("action_sets needs a 'full' set (the default of option action_set)")
    out: dict[str, tuple[str, ...]] = {}
    for name, types in sets.items():
        if not isinstance(types, list) or not types or len(set(types)) != len(types) \
                or any(t not in ACTION_TYPES for t in types):
            raise ck.fail(f"action set {name!r} must list distinct action types out of {', '.join(ACTION_TYPES)}")
        out[name] = tuple(t for t in ACTION_TYPES if t in types)  # one canonical order
    return out


def parse_level(data: dict[str, Any], path: Path) -> LevelData:
    """Validate the decoded TOML of the level file."""
    ck = _Checker(path)
    missing = [k for k in _KEYS if k not in data]
    if missing:
        raise ck.fail(f"missing key(s) {', '.join(missing)}")
    unknown = sorted(set(data) - set(_KEYS))
    if unknown:
        raise ck.fail(f"unknown key(s) {', '.join(unknown)}")
    x_range, y_range = _area(ck, data["area"])

    def in_area(cell: Cell) -> bool:
        return x_range[0] <= cell[0] <= x_range[1] and y_range[0] <= cell[1] <= y_range[1]

    core = _core(ck, data["core"], in_area)
    inputs = _inputs(ck, data["inputs"], core, in_area)
    power_kinds, power, holes = _shapes(ck, data["shapes"])
    return LevelData(
        path=path,
        x_range=x_range,
        y_range=y_range,
        core=core,
        circuits=tuple(dict.fromkeys(core.values())),
        inputs=inputs,
        power_kinds=power_kinds,
        power=power,
        holes=holes,
        power_counts=_counts(ck, data["power_counts"], "power_counts", power_kinds),
        action_counts=_counts(ck, data["action_counts"], "action_counts", ACTION_TYPES),
        action_sets=_action_sets(ck, data["action_sets"]),
    )


def load_level(path: Path | None = None) -> LevelData:
    """Read and validate the level file (the bundled one unless a path is given)."""
    path = path or level_file("breaker_blocks.toml")
    data = read_toml(path, "cannot read the Breaker Blocks level file")
    return parse_level(data, path)


LEVEL = load_level()
