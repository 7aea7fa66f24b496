"""Pure helpers for the table and the AI, reading only a seat's ``view()`` (never the state).

They answer the questions a drag asks (does this tile fit here, and if not which edge is
wrong; where does it fit), and feed the score panel and the market drawing. Legality of a
whole action (hand, placements left, mouse used) stays with ``state.parse``; these look
at the geometry only, with the same edge rule and the same messages.
"""

from __future__ import annotations

from typing import Any

from game.rules.circuit_breaker import scoring
from game.rules.circuit_breaker.actions import PILES, SPOTS, TILE_IDS, TILE_INDEX  # noqa: F401 (TILE_IDS: for the table)
from game.rules.circuit_breaker.data import DATA
from game.rules.circuit_breaker.network import connected_cells
from game.rules.circuit_breaker.tiles import GEO, OUTSIDE, ROTATIONS, edges_text, explain_fit, set_cell

CHEESE_COST = 1  # cubes returned to the cheese tile per cheesed mouse (CB-13)
MARKET_ROWS = (("wire-stack", "wire-1", "wire-2", "cheese"),
               ("appliance-stack", "appliance-1", "appliance-2", "appliance-3"))  # CB-7's layout


def _tile(tile: str) -> int:
    t = TILE_INDEX.get(tile.upper() if isinstance(tile, str) else tile, -1)
    if t < 0:
        raise ValueError(f"there is no tile {tile!r}")
    return t


def _rot(rot: int) -> int:
    if rot not in ROTATIONS:
        raise ValueError(f"a rotation is 0, 90, 180 or 270, not {rot!r}")
    return rot // 90


def tile_edges(tile: str, rot: int = 0) -> str:
    """The tile's edges N,E,S,W at a rotation, like ``"-1-1"`` for W1 at 90."""
    return edges_text(GEO.faces[_tile(tile) * 4 + _rot(rot)])


def tile_info(tile: str) -> dict[str, Any]:
    """What a tile is: wire or appliance, its type and name, and its base edges."""
    t = _tile(tile)
    kind = DATA.tile_type(t)
    return {"tile": tile.upper(), "kind": "appliance" if kind else "wire", "type": kind or None,
            "name": DATA.type_names[kind - 1] if kind else None, "edges": DATA.base_edges(t)}


def canonical_rotations(tile: str) -> tuple[int, ...]:
    """The rotations offered for a tile (CB-16): r0 only for crosses, r0/r90 for straights."""
    return tuple(ROTATIONS[r] for r in GEO.canon[_tile(tile)])


def canonical_rotation(tile: str, rot: int) -> int:
    """The offered rotation with the same edges as ``rot`` (what an action must name)."""
    return ROTATIONS[GEO.same_as[_tile(tile)][_rot(rot)]]


def _seat(view: dict[str, Any], seat: int | None) -> int:
    return view["seat"] if seat is None else seat


def house_cells(view: dict[str, Any], seat: int | None = None) -> tuple[list[int], list[int]]:
    """(cells, needs) of a seat's house from the view, in the engine's encoding."""
    cells, needs = GEO.empty_house()
    for entry in view["houses"][_seat(view, seat)]:
        set_cell(GEO, cells, needs, GEO.cell_of(entry["x"], entry["y"]),
                 _tile(entry["tile"]) * 4 + _rot(entry["rot"]))
    return cells, needs


def fit_problem(view: dict[str, Any], tile: str, x: int, y: int, rot: int, seat: int | None = None) -> str | None:
    """None if the tile at this rotation fits cell x,y of the house (the viewer's by
    default), else the reason: outside the house, cell taken, or the first bad edge."""
    t, r = _tile(tile), _rot(rot)
    if not GEO.inside(x, y):
        return f"cell {x},{y} is outside your house (x runs 0..{GEO.width - 1}, y runs 0..{GEO.height - 1})"
    cells, _ = house_cells(view, seat)
    c = GEO.cell_of(x, y)
    if cells[c] >= 0:
        if c == GEO.box_cell:
            return f"cell {x},{y} holds your breaker box"
        # a player never sees tile ids (the notation's), so say what lies there
        return f"cell {x},{y} already holds {'a wire' if DATA.tile_type(cells[c] >> 2) == 0 else 'an appliance'}"
    around = tuple(OUTSIDE if nb < 0 else None if cells[nb] < 0 else GEO.faces[cells[nb]]
                   for nb in GEO.neighbours[c])
    return explain_fit(GEO.faces[t * 4 + r], around)


def fitting_cells(view: dict[str, Any], tile: str, seat: int | None = None) -> dict[int, list[tuple[int, int]]]:
    """For each offered rotation of the tile, the cells where it fits (to glow while dragging)."""
    t = _tile(tile)
    cells, needs = house_cells(view, seat)
    out: dict[int, list[tuple[int, int]]] = {}
    for r in GEO.canon[t]:
        code = GEO.code[t * 4 + r]
        out[ROTATIONS[r]] = [GEO.xy(c) for c in range(GEO.cells)
                             if cells[c] < 0 and GEO.linkable[needs[c]] and code in GEO.fits(needs[c])]
    return out


def open_cells(view: dict[str, Any], seat: int | None = None) -> list[tuple[int, int]]:
    """The empty cells of a house that one of its connectors faces: the only cells a tile
    may ever go to (CB-15). None left: the house is closed, and no tile will fit it again
    unless a mouse takes an appliance out."""
    cells, needs = house_cells(view, seat)
    return [GEO.xy(c) for c in range(GEO.cells) if cells[c] < 0 and GEO.linkable[needs[c]]]


def network(view: dict[str, Any], seat: int | None = None) -> list[tuple[int, int]]:
    """The cells joined to the breaker box (box included), sorted by y then x."""
    cells, _ = house_cells(view, seat)
    return [GEO.xy(c) for c in sorted(connected_cells(cells))]


def house_score(view: dict[str, Any], seat: int | None = None) -> dict[str, Any]:
    """The live score of a house with a row per type (see scoring.breakdown).

    The viewer's own card is used for its own house; another seat's card is known only
    once the game is over, until then its house is scored as if nothing were on its card
    (``card`` is None and each row carries both tables' values)."""
    q = _seat(view, seat)
    card = None
    if q == view["seat"]:
        card = view["objective"]["card"]
    elif view.get("revealed"):
        card = view["revealed"]["objectives"][q]
    types = [DATA.tile_type(_tile(e["tile"])) for e in view["houses"][q]]
    return scoring.breakdown(scoring.type_counts([t for t in types if t]), card)


def score_tables() -> dict[str, list[int]]:
    """Points for 0, 1, 2, ... copies of a type on and off the objective card."""
    return scoring.score_tables()


def cheese_cost(view: dict[str, Any], seat: int) -> int | None:
    """Cubes the viewer would pay to cheese seat ``seat``'s mouse, or None when that mouse
    cannot be cheesed (it is the viewer's, at home, or already on the appliance stack).
    Whether the viewer holds a cube is ``view["cheese"][view["seat"]]``."""
    mouse = view["mice"][seat]
    if seat == view["seat"] or mouse is None or mouse["spot"] == "appliance-stack":
        return None
    return CHEESE_COST


def market_layout(view: dict[str, Any]) -> dict[str, Any]:
    """The market as drawn: two rows of spot names, and per spot its kind, tile count,
    face-up top (piles only), the seats whose mice sit there, and the cheese left."""
    mice: dict[str, list[int]] = {name: [] for name in SPOTS}
    for q, m in enumerate(view["mice"]):
        if m is not None and m["spot"] in mice:
            mice[m["spot"]].append(q)
    spots: dict[str, dict[str, Any]] = {}
    for name in SPOTS[:2]:
        spots[name] = {"kind": "stack", "count": view["stacks"][name], "top": None, "mice": mice[name]}
    for name in PILES:
        pile = view["piles"][name]
        spots[name] = {"kind": "pile", "count": len(pile), "top": pile[-1] if pile else None, "mice": mice[name]}
    spots["cheese"] = {"kind": "cheese", "count": view["cheese_pool"], "top": None, "mice": []}
    return {"rows": [list(row) for row in MARKET_ROWS], "spots": spots}
