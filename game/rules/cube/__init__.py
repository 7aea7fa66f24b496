"""Break the Cube, the 3-D deduction game (rules: shared/rules/cube.md, CU-1 .. CU-18).

Modules, one job each: ``data`` (pieces.toml: pieces, sets, letters), ``grid`` (positions
as bits, orientations, placements), ``shapes`` (Shape, notation, building rules),
``space`` (every legal shape: count, enumerate, index, sample), ``answers`` (answers and
whole-set answer tables), ``deduce`` (shapes agreeing with public answers), ``actions``
(action objects, notation, lazy legal lists), ``state`` (turn flow), ``setup`` (options,
new games), ``hidden`` (views, determinization), ``serial`` (JSON), ``rules`` (``RULES``).

Rulings where the rules file leaves room (each is tested):
- A shape's composition (a block given twice, a block outside the set, a missing block)
  is checked before CU-4 items 1-5: "missing block L" says more than the support failure
  the missing block causes. Within an item the first failure is the first in canonical
  piece order, then (cell, level). A level below 1 or a cell outside 1-9 is "outside the
  grid"; a level above 3 in a real cell is "too tall".
- ``parse_shape``/``check_shape`` without a set use the smallest set of the data holding
  every block named (so "S M" is missing L, "S M L X" is the 4-block set).
- Guesses (and builds) in ``legal_actions`` follow the enumeration order of ``space``.
- A seat's own ``build`` log entry in its own view also carries ``"shape"``.
- ``view()["secrets"]`` is None until the game is over, then every secret.
- ``setup`` may give only ``first_player``; the secrets then follow option ``build``.
- ``check_partial`` makes the builder UI build bottom-up: a block resting on nothing is
  refused when placed.
- ``max_rounds`` is a safety net, hidden from the setup screen (it keeps its label/help).
"""

from game.rules.cube.actions import ASKS, Action, ActionList, Ask, Build, Guess
from game.rules.cube.answers import (
    LETTERS,
    QUESTIONS,
    AnswerTable,
    answer,
    answer_table,
    answers_for,
    filter_shapes,
    question_of,
)
from game.rules.cube.data import DATA, CubeData, Piece, load_data
from game.rules.cube.deduce import consistent_shapes, sample_consistent
from game.rules.cube.grid import cell_xy, mask_cubes, mask_positions, orientations, placements, positions_mask
from game.rules.cube.rules import RULES, CubeRules
from game.rules.cube.shapes import (
    Shape,
    ShapeError,
    check_partial,
    check_shape,
    format_shape,
    parse_shape,
    resolve_pieces,
    shape_positions,
)
from game.rules.cube.space import ShapeSpace, enumerate_shapes, iter_shapes, sample_shape, shape_count, shape_space
from game.rules.cube.state import CubeState

PIECES = DATA.pieces  # ID -> Piece(id, name, colour, cubes), in canonical order
SETS = DATA.sets  # number of blocks -> piece IDs

__all__ = [
    "ASKS",
    "DATA",
    "LETTERS",
    "PIECES",
    "QUESTIONS",
    "RULES",
    "SETS",
    "Action",
    "ActionList",
    "AnswerTable",
    "Ask",
    "Build",
    "CubeData",
    "CubeRules",
    "CubeState",
    "Guess",
    "Piece",
    "Shape",
    "ShapeError",
    "ShapeSpace",
    "answer",
    "answer_table",
    "answers_for",
    "cell_xy",
    "check_partial",
    "check_shape",
    "consistent_shapes",
    "enumerate_shapes",
    "filter_shapes",
    "format_shape",
    "is_undo_barrier",
    "iter_shapes",
    "load_data",
    "mask_cubes",
    "mask_positions",
    "orientations",
    "parse_shape",
    "placements",
    "positions_mask",
    "question_of",
    "resolve_pieces",
    "sample_consistent",
    "sample_shape",
    "shape_count",
    "shape_positions",
    "shape_space",
]

is_undo_barrier = RULES.is_undo_barrier
