"""Blockers!, the tile-laying game (rules: shared/rules/blockers.md, BL-1 .. BL-22).

Modules, one job each: ``data`` (board.toml, validated), ``layout`` (squares, tiles and
colours as small ints; where each tile fits), ``groups`` (connectivity: the no-split test,
group counts), ``placing`` (whether and why a tile may go on a square), ``actions``
(action objects, notation), ``state`` (turn flow, legal actions, effects), ``setup``
(options, shuffling, the ``setup`` fixture), ``hidden`` (views, determinization),
``serial`` (JSON), ``rules`` (the ``RULES`` object), ``helpers`` (pure UI helpers).

Public helpers for the UI (state or view in, names out): ``why_not``, ``legal_squares``,
``groups``, ``group_squares``, ``score_breakdown``, ``section_layout``, ``section_of``,
``tile_kind``, ``fitting_squares``; constants ``TILES``, ``SQUARES``, ``COLOURS``,
``SYMBOLS``.

Rulings where the rules file leaves room (each is tested):
- Forced capture (BL-10) only restricts ``pass``: capturing is always allowed, so the legal
  placements are every fitting empty square plus every non-splitting capture; when none
  is empty they are captures only. Refusing ``pass`` names which case applies.
- Placed tiles keep their label (the view's extra key ``labels``); preset ``setup`` tiles
  have none. A preset tile may be of any colour in ``colours``, even one nobody plays.
- ``view()["captures"]`` lists every colour in play (0 included) plus any other colour
  captured; ``turn_limit`` is L - 4 in the normal game and None in the advanced game.
- ``Place.colour`` is set only in the advanced game; elsewhere ``red:7@C7`` parses (when
  red is the mover's colour) to the colourless ``7@C7``.
- A ``setup`` without a first player still draws it from the seed (BL-4); nothing is shuffled.
- ``advanced=True`` with other than 2 players raises ValueError; its OptionSpec carries
  ``extra={"players": (2,)}`` so a setup screen can offer it to 2 players only.
- The board data (rows A-I, columns 1-9) is fixed by the notation; symbol and colour names
  are data, checked to be usable in the notation. ``rack_size`` is data too: a seat takes
  L - rack_size + 1 turns (L - 4 with racks of 5).
- Every placement is an undo barrier (``is_undo_barrier``): it may draw a hidden tile.
"""

from game.rules.blockers.actions import PASS, PLACE, PLACE_AS, Action, Pass, Place, read_notation
from game.rules.blockers.data import BOARD, BoardData, load_board, parse_board
from game.rules.blockers.helpers import (
    board_codes,
    fitting_squares,
    group_squares,
    groups,
    legal_squares,
    score_breakdown,
    section_layout,
    section_of,
    tile_kind,
    why_not,
)
from game.rules.blockers.layout import COLOURS, SQUARES, SYMBOLS, TILES
from game.rules.blockers.rules import RULES, BlockersRules
from game.rules.blockers.state import BlockersState

is_undo_barrier = RULES.is_undo_barrier

__all__ = [
    "BOARD",
    "COLOURS",
    "PASS",
    "PLACE",
    "PLACE_AS",
    "RULES",
    "SQUARES",
    "SYMBOLS",
    "TILES",
    "Action",
    "BlockersRules",
    "BlockersState",
    "BoardData",
    "Pass",
    "Place",
    "board_codes",
    "fitting_squares",
    "group_squares",
    "groups",
    "is_undo_barrier",
    "legal_squares",
    "load_board",
    "parse_board",
    "read_notation",
    "score_breakdown",
    "section_layout",
    "section_of",
    "tile_kind",
    "why_not",
]
