"""Circuit Breaker data from ``levels/circuit_breaker.toml`` (CB-2 .. CB-9), validated on load.

Tiles are small ints inside the engine: wires first (W1 is 0), then appliances (A1 is
``num_wires``). Outside (notation, views, JSON) a tile is its id, ``"W17"`` or ``"A12"``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.paths import level_file, read_toml

MIN_PLAYERS = 2
MAX_PLAYERS = 4
EDGE_CHARS = "-123U"
ICONS = ("", "W", "A", "W+A")
WIRE_PILES = 2  # wire-1, wire-2 and appliance-1..3 are fixed by the notation (CB-7, section 8)
APPLIANCE_PILES = 3
_KEYS = ("wires", "appliance_types", "appliance_labels", "breaker_box", "house", "objective_cards",
         "score_on_card", "score_off_card", "cheese", "round_counter", "deal")
_DEAL_KEYS = ("hand_wires", "hand_appliances", "round_wires", "round_appliances")


@dataclass(frozen=True, eq=False)
class CircuitData:
    """The validated file plus the id <-> int tables derived from it."""

    wire_edges: tuple[str, ...]  # base edges of W1, W2, ...
    type_names: tuple[str, ...]  # type t (1-based) is type_names[t - 1]
    labels: tuple[str, ...]  # appliance label of copy k (0-based) of every type
    box_edges: str
    box_cell: tuple[int, int]
    width: int
    height: int
    cards: tuple[tuple[int, ...], ...]  # card k (1-based) is cards[k - 1]: its 1-based types
    score_on: tuple[int, ...]
    score_off: tuple[int, ...]
    cheese: int
    rows: int
    cols: dict[int, int]  # number of players -> spaces per row
    icons: tuple[str, ...]  # icon on the first space of each row
    hand_wires: int
    hand_appliances: int
    round_wires: int
    round_appliances: int

    @property
    def num_wires(self) -> int:
        return len(self.wire_edges)

    @property
    def num_appliances(self) -> int:
        return len(self.type_names) * len(self.labels)

    @property
    def num_tiles(self) -> int:
        return self.num_wires + self.num_appliances

    def tile_id(self, tile: int) -> str:
        nw = self.num_wires
        return f"W{tile + 1}" if tile < nw else f"A{tile - nw + 1}"

    def base_edges(self, tile: int) -> str:
        """N,E,S,W at r0; an appliance has its one connector at N (CB-3)."""
        nw = self.num_wires
        if tile < nw:
            return self.wire_edges[tile]
        return self.labels[(tile - nw) % len(self.labels)] + "---"

    def tile_type(self, tile: int) -> int:
        """The 1-based appliance type, or 0 for a wire."""
        nw = self.num_wires
        return 0 if tile < nw else (tile - nw) // len(self.labels) + 1

    def default_rounds(self, num_players: int) -> int:
        return self.rows * self.cols[num_players]

    def deal_rounds(self, num_players: int) -> dict[int, str]:
        """Round number -> icon: the first space of each row with an icon (CB-8)."""
        cols = self.cols[num_players]
        return {row * cols + 1: icon for row, icon in enumerate(self.icons) if icon}


class _Check:
    """Validation helpers whose errors name the file."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, problem: str) -> None:
        raise ValueError(f"{self.path}: {problem}")

    def int(self, value: Any, what: str, low: int, high: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.fail(f"{what} must be a whole number from {low} to {high}, not {value!r}")
        return value

    def edges(self, value: Any, what: str) -> str:
        if not isinstance(value, str) or len(value) != 4 or any(ch not in EDGE_CHARS for ch in value.upper()):
            self.fail(f"{what} must be 4 edges N,E,S,W, each one of - 1 2 3 U (like \"1-1-\"), not {value!r}")
        value = value.upper()
        if value == "----":
            self.fail(f"{what} is all walls, so it could never be placed")
        return value

    def list(self, value: Any, what: str, min_len: int = 1) -> list[Any]:
        if not isinstance(value, list) or len(value) < min_len:
            self.fail(f"{what} must be a list of at least {min_len} entries")
        return value

    def table(self, value: Any, what: str, keys: tuple[str, ...]) -> dict[str, Any]:
        if not isinstance(value, dict):
            self.fail(f"{what} must be a table with {', '.join(keys)}")
        missing = [k for k in keys if k not in value]
        unknown = sorted(set(value) - set(keys))
        if missing:
            self.fail(f"{what} is missing {', '.join(missing)}")
        if unknown:
            self.fail(f"{what} has unknown key(s) {', '.join(unknown)}")
        return value


def _wires(c: _Check, raw: Any) -> tuple[str, ...]:
    if not isinstance(raw, dict) or not raw:
        c.fail("wires must be a table of tile ids to edges, like W1 = \"1-1-\"")
    out = []
    for i, (key, edges) in enumerate(raw.items(), 1):
        if key != f"W{i}":
            c.fail(f"wires must be listed W1, W2, ... in order; entry {i} is {key!r}")
        out.append(c.edges(edges, f"wire {key}"))
    return tuple(out)


def _names(c: _Check, raw: Any) -> tuple[str, ...]:
    names = c.list(raw, "appliance_types")
    for name in names:
        if not isinstance(name, str) or not name.strip():
            c.fail(f"appliance_types holds {name!r}; each must be a non-empty name")
    if len(set(names)) != len(names):
        c.fail("appliance_types names the same type twice")
    return tuple(names)


def _labels(c: _Check, raw: Any) -> tuple[str, ...]:
    labels = c.list(raw, "appliance_labels")
    for label in labels:
        if not isinstance(label, str) or label.upper() not in ("1", "2", "3", "U"):
            c.fail(f"appliance_labels holds {label!r}; each must be \"1\", \"2\", \"3\" or \"U\"")
    return tuple(label.upper() for label in labels)


def _cards(c: _Check, raw: Any, num_types: int) -> tuple[tuple[int, ...], ...]:
    # Every seat needs a different card, and determinize must deal the others ones that
    # differ from the viewer's, so at least MAX_PLAYERS cards.
    cards = c.list(raw, "objective_cards", MAX_PLAYERS)
    out = []
    for k, card in enumerate(cards, 1):
        types = c.list(card, f"objective card {k}")
        for t in types:
            c.int(t, f"a type on objective card {k}", 1, num_types)
        if len(set(types)) != len(types):
            c.fail(f"objective card {k} lists a type twice")
        out.append(tuple(types))
    return tuple(out)


def _scores(c: _Check, raw: Any, key: str, copies: int) -> tuple[int, ...]:
    values = c.list(raw, key)
    if len(values) != copies + 1:
        c.fail(f"{key} must give points for 0 to {copies} copies ({copies + 1} numbers), not {len(values)}")
    return tuple(c.int(v, f"a value of {key}", 0, 10_000) for v in values)


def parse_data(data: dict[str, Any], path: Path) -> CircuitData:
    """Validate the decoded TOML; every problem raises ValueError naming the file."""
    c = _Check(path)
    missing = [k for k in _KEYS if k not in data]
    if missing:
        c.fail(f"missing key(s) {', '.join(missing)}")
    unknown = sorted(set(data) - set(_KEYS))
    if unknown:
        c.fail(f"unknown key(s) {', '.join(unknown)}")
    wires = _wires(c, data["wires"])
    names = _names(c, data["appliance_types"])
    labels = _labels(c, data["appliance_labels"])
    house = c.table(data["house"], "house", ("width", "height"))
    width = c.int(house["width"], "house width", 3, 20)
    height = c.int(house["height"], "house height", 3, 20)
    box = c.table(data["breaker_box"], "breaker_box", ("edges", "cell"))
    cell = box["cell"]
    if not isinstance(cell, list) or len(cell) != 2:
        c.fail("breaker_box cell must be [x, y]")
    box_cell = (c.int(cell[0], "breaker_box x", 0, width - 1), c.int(cell[1], "breaker_box y", 0, height - 1))
    counter = c.table(data["round_counter"], "round_counter", ("rows", "cols", "icons"))
    rows = c.int(counter["rows"], "round_counter rows", 1, 20)
    cols_raw = counter["cols"]
    if not isinstance(cols_raw, dict) or set(cols_raw) != {str(n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}:
        c.fail(f"round_counter cols must give the spaces per row for {MIN_PLAYERS} to {MAX_PLAYERS} players, "
               "like { 2 = 4, 3 = 3, 4 = 3 }")
    cols = {int(k): c.int(v, f"round_counter cols for {k} players", 1, 20) for k, v in cols_raw.items()}
    icons = c.list(counter["icons"], "round_counter icons")
    if len(icons) != rows:
        c.fail(f"round_counter icons must give one icon per row ({rows}), not {len(icons)}")
    for icon in icons:
        if icon not in ICONS:
            c.fail(f"round_counter icon {icon!r} must be one of \"\", \"W\", \"A\", \"W+A\"")
    deal = c.table(data["deal"], "deal", _DEAL_KEYS)
    counts = {k: c.int(deal[k], f"deal {k}", 0, 10) for k in _DEAL_KEYS}
    out = CircuitData(
        wire_edges=wires, type_names=names, labels=labels,
        box_edges=c.edges(box["edges"], "breaker_box edges"), box_cell=box_cell, width=width, height=height,
        cards=_cards(c, data["objective_cards"], len(names)),
        score_on=_scores(c, data["score_on_card"], "score_on_card", len(labels)),
        score_off=_scores(c, data["score_off_card"], "score_off_card", len(labels)),
        cheese=c.int(data["cheese"], "cheese", 0, 1000),
        rows=rows, cols=cols, icons=tuple(icons), **counts,
    )
    # The opening deal and the five face-up piles must be possible with the most players.
    if out.num_wires < MAX_PLAYERS * out.hand_wires + WIRE_PILES:
        c.fail(f"{out.num_wires} wires are too few to deal {out.hand_wires} to {MAX_PLAYERS} seats "
               f"and fill {WIRE_PILES} piles")
    if out.num_appliances < MAX_PLAYERS * out.hand_appliances + APPLIANCE_PILES:
        c.fail(f"{out.num_appliances} appliances are too few to deal {out.hand_appliances} to {MAX_PLAYERS} "
               f"seats and fill {APPLIANCE_PILES} piles")
    return out


def load_data(path: Path | None = None) -> CircuitData:
    """Read and validate the data file (the bundled one unless a path is given)."""
    path = path or level_file("circuit_breaker.toml")
    data = read_toml(path, "cannot read the Circuit Breaker data file")
    return parse_data(data, path)


DATA = load_data()
