"""Breaker Blocks, two-player circuit building and sabotage (rules:
shared/rules/breaker_blocks.md, BB-1 .. BB-25).

Modules, one job each: ``data`` (levels/breaker_blocks.toml, validated), ``geometry``
(integer tables built from it), ``board`` (tiles on the grid, sockets, leaves, power),
``actions`` (action objects, notation), ``config`` (options, ``setup``), ``state`` (turns,
main-step actions, end checks), ``steps`` (action tiles' steps), ``setup`` (new games),
``hidden`` (views, determinization), ``serial`` (JSON), ``helpers`` (questions the UI
asks), ``rules`` (the ``RULES`` object).

Rulings where the rules file leaves room (each is tested):
- ``setup`` count tables replace the data's tables: a kind they leave out has no tiles
  (``{"0": 2, "1": 1}`` means no 2s or 3s); keys may be text or ints; ``action_counts``
  may only name types of the chosen action set.
- "The hole it left" (BB-14, BB-19) is the hole the leaf sits in when that move starts:
  a tile moved earlier (by a first REARRANGE or the first AGITATE step) may go back
  (E13 offers exactly that).
- The sealed check (BB-24.5) looks at sockets only, not at REARRANGE destinations (in E12
  seat 1 could still have rearranged a cap, yet loses).
- A turn that a second AUTHENTICATE cuts short does not count as completed.
- AGITATE offers ``skip`` only beside at least one legal move; a second step with no
  move is skipped like any other empty step.
- ``end`` is offered at every main step, beside every other action.
- ``winners()`` is ``[]`` while the game runs and on equal circuit counts at the end
  (both players lose; the UI may call it a draw).
- ``view()["final_turn"]`` is the seat whose turn is (or will be) the final one, else None;
  ``view()["drawn_this_turn"]`` holds the mover's marks (empty once the game is over).
- Legal actions come in a fixed order (draws by kind, plays by kind then socket,
  rearranges by leaf then socket, end; at a step its choices, ``skip`` last), with
  cells row by row from the south-west corner and sides in N E S W order.
"""

from game.rules.breaker_blocks.actions import (
    END,
    SKIP,
    Action,
    Draw,
    End,
    Keep,
    Place,
    Play,
    Rearrange,
    Skip,
    Target,
    read_notation,
)
from game.rules.breaker_blocks.data import LEVEL, LevelData, load_level, parse_level
from game.rules.breaker_blocks.helpers import (
    control,
    destinations,
    hole_cells,
    hole_sides,
    leaves,
    power,
    sockets,
    step_prompt,
    step_targets,
    tab_cell,
)
from game.rules.breaker_blocks.rules import RULES, BreakerBlocksRules
from game.rules.breaker_blocks.state import BreakerBlocksState
from game.rules.breaker_blocks.steps import EndReason

is_undo_barrier = RULES.is_undo_barrier

__all__ = [
    "END",
    "LEVEL",
    "RULES",
    "SKIP",
    "Action",
    "BreakerBlocksRules",
    "BreakerBlocksState",
    "Draw",
    "End",
    "EndReason",
    "Keep",
    "LevelData",
    "Place",
    "Play",
    "Rearrange",
    "Skip",
    "Target",
    "control",
    "destinations",
    "hole_cells",
    "hole_sides",
    "is_undo_barrier",
    "leaves",
    "load_level",
    "parse_level",
    "power",
    "read_notation",
    "sockets",
    "step_prompt",
    "step_targets",
    "tab_cell",
]
