"""Circuit Breaker, the wire-and-appliance tile game (rules: shared/rules/circuit_breaker.md, CB-1 .. CB-19).

Modules, one job each: ``data`` (levels/circuit_breaker.toml), ``tiles`` (edges, rotations,
the edge rule), ``network`` (cells joined to the box), ``scoring`` (points, tie-breaks),
``actions`` (action objects, notation), ``state`` (turn flow, legal actions, effects),
``setup`` (options, shuffle and deal), ``hidden`` (views, determinization), ``serial``
(JSON), ``helpers`` (view-only questions for the table), ``rules`` (the ``RULES`` object).

Rulings where the rules file leaves room (each is tested):
- The opening deal goes seat 1, seat 2, ... whatever the first player (CB-9 says so);
  round deals start from the first player (CB-12).
- ``legal_actions`` order: mouse targets (stacks, piles, then houses by seat and cell),
  placements (by tile id, cell, rotation), discards (by tile, pile), cheese (by seat),
  ``end``. Cells go row by row from y=0, west to east.
- ``setup["objectives"]`` must give a different card per seat, like the deal.
- Chance is drawn in this order, each only when ``setup`` leaves it open: wire stack,
  appliance stack, objectives, first player.
- A view shows the viewer's own live score only (``scores`` has None for the others):
  another seat's score would give away its objective. At the end everything is shown,
  under ``revealed`` (all hands, objective cards and both stacks, top first).
- ``events`` in a view lists what the latest turn start did (deals, the mouse's fetch,
  a pile refill); a tile from a face-down stack is shown only to the seat that got it.
- ``is_undo_barrier`` is True for ``end`` only (see ``rules.py``).
- A mouse still out when the game ends stays where it is in the view (it fetches nothing).
- ``rounds`` runs 1..40; rounds past the counter's last space have no deal.
- ``setup["objectives"]``, when given, lists every seat; the stack orders may be partial.
- ``parse`` also accepts spaces around a cell's comma ("3 , 4"); ``str()`` never writes them.
- A pile emptied when its stack is empty stays empty; a wire pile then stays empty for good
  (discards go to appliance piles only), so no mouse can target it.
- The view helpers (``fit_problem``, ``fitting_cells``) judge geometry only, at any
  rotation; actions must name the offered rotation (``canonical_rotation``).
- After the game, ``determinize`` changes only the copy's RNG: nothing is hidden any more.
"""

from game.rules.circuit_breaker.actions import (
    DISCARD_PILES,
    MAX_PLACEMENTS,
    PILES,
    SPOTS,
    Action,
    Cheese,
    Discard,
    End,
    Mouse,
    MouseHouse,
    Place,
    read_notation,
)
from game.rules.circuit_breaker.data import DATA, CircuitData, load_data, parse_data
from game.rules.circuit_breaker.helpers import (
    CHEESE_COST,
    MARKET_ROWS,
    canonical_rotation,
    canonical_rotations,
    cheese_cost,
    fit_problem,
    fitting_cells,
    house_score,
    market_layout,
    network,
    score_tables,
    tile_edges,
    tile_info,
)
from game.rules.circuit_breaker.rules import RULES, CircuitBreakerRules
from game.rules.circuit_breaker.state import CircuitState

__all__ = [
    "CHEESE_COST",
    "DATA",
    "DISCARD_PILES",
    "MARKET_ROWS",
    "MAX_PLACEMENTS",
    "PILES",
    "RULES",
    "SPOTS",
    "Action",
    "Cheese",
    "CircuitBreakerRules",
    "CircuitData",
    "CircuitState",
    "Discard",
    "End",
    "Mouse",
    "MouseHouse",
    "Place",
    "canonical_rotation",
    "canonical_rotations",
    "cheese_cost",
    "fit_problem",
    "fitting_cells",
    "house_score",
    "is_undo_barrier",
    "load_data",
    "market_layout",
    "network",
    "parse_data",
    "read_notation",
    "score_tables",
    "tile_edges",
    "tile_info",
]

is_undo_barrier = RULES.is_undo_barrier
