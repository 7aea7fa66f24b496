"""Break the Cube actions and their notation (CU-18), and the lazy list of legal actions.

``Ask("5")`` is ``ask 5``; ``Guess(shape)``/``Build(shape)`` are ``guess``/``build``
followed by the canonical shape text. Guesses number in the tens of thousands (millions
with 5 blocks), so ``ActionList`` presents "the 21 asks, then one guess per legal shape"
as a read-only sequence without building them all.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import chain
from typing import Any, ClassVar

from game.core.errors import IllegalAction
from game.rules.cube.answers import QUESTIONS, question_of
from game.rules.cube.shapes import ORDER, Shape, format_shape
from game.rules.cube.space import ShapeSpace, shape_space

_RANK = {pid: i for i, pid in enumerate(ORDER)}
VERBS = ("ask", "guess", "build")
NO_ACTION = "no action given: try ask 5, ask E, guess <shape> or build <shape>"


@dataclass(frozen=True, slots=True)
class Ask:
    """Ask the target what it sees at a cell ("1".."9", from above) or a letter ("A".."L")."""

    question: str
    verb: ClassVar[str] = "ask"

    def __post_init__(self) -> None:
        if self.question not in QUESTIONS:
            raise ValueError(f"ask takes 1-9 or A-L, not {self.question!r}")

    def __str__(self) -> str:
        return f"ask {self.question}"


def _canonical(action: Any) -> None:
    """Check a shape field's form and put its pieces in canonical order, so that equal
    shapes written in any order give equal actions."""
    shape = action.shape
    if not (isinstance(shape, tuple) and shape and all(
            isinstance(p, tuple) and len(p) == 2 and p[0] in _RANK and type(p[1]) is int and p[1] >= 0
            for p in shape)):
        raise TypeError(f"{type(action).__name__} needs a shape: a tuple of (piece ID, position mask) pairs")
    ordered = tuple(sorted(shape, key=lambda p: _RANK[p[0]]))
    if ordered != shape:
        object.__setattr__(action, "shape", ordered)


@dataclass(frozen=True, slots=True)
class Guess:
    """Propose a copy of the target's secret shape."""

    shape: Shape
    verb: ClassVar[str] = "guess"

    def __post_init__(self) -> None:
        _canonical(self)

    def __str__(self) -> str:
        return f"guess {format_shape(self.shape)}"


@dataclass(frozen=True, slots=True)
class Build:
    """Build one's own secret shape (build phase)."""

    shape: Shape
    verb: ClassVar[str] = "build"

    def __post_init__(self) -> None:
        _canonical(self)

    def __str__(self) -> str:
        return f"build {format_shape(self.shape)}"


Action = Ask | Guess | Build
ASKS: tuple[Ask, ...] = tuple(Ask(q) for q in QUESTIONS)  # in legal_actions order
ASK = {a.question: a for a in ASKS}


def split_notation(text: Any) -> tuple[str, str]:
    """(verb, the rest) of an action text; IllegalAction if there is no known verb."""
    if not isinstance(text, str):
        raise IllegalAction(f"an action is written as text, not {type(text).__name__}")
    words = text.strip().split(None, 1)
    if not words:
        raise IllegalAction(NO_ACTION)
    verb = words[0].lower()
    if verb not in VERBS:
        raise IllegalAction(f"unknown action {words[0]!r}: use ask, guess or build")
    return verb, words[1] if len(words) > 1 else ""


def read_ask(rest: str) -> Ask:
    try:
        return ASK[question_of(rest)]
    except ValueError:
        raise IllegalAction("ask takes 1-9 or A-L") from None


class ActionList(Sequence[Action]):
    """``prefix`` actions, then ``kind(shape)`` for every shape of ``space``, read-only.

    ``in`` is a direct check (CU-4 for shapes); ``index`` finds the shape's position."""

    def __init__(self, prefix: tuple[Action, ...], space: ShapeSpace, kind: type[Guess] | type[Build]) -> None:
        self.prefix = prefix
        self.space = space
        self.kind = kind
        self._prefix_set = frozenset(prefix)

    def __len__(self) -> int:
        return len(self.prefix) + len(self.space)

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("action index out of range")
        p = len(self.prefix)
        return self.prefix[i] if i < p else self.kind(self.space[i - p])

    def __iter__(self) -> Iterator[Action]:
        return chain(self.prefix, map(self.kind, self.space))

    def __contains__(self, action: object) -> bool:
        if type(action) is self.kind:
            return action.shape in self.space  # type: ignore[union-attr]
        try:
            return action in self._prefix_set
        except TypeError:  # unhashable: not an action at all
            return False

    def index(self, action: Any, start: int = 0, stop: int | None = None) -> int:
        if action not in self:
            raise ValueError(f"{action} is not in the list")
        i = self.prefix.index(action) if type(action) is not self.kind else \
            len(self.prefix) + self.space.index(action.shape)
        if i < start or (stop is not None and i >= stop):
            raise ValueError(f"{action} is not in the given range")
        return i

    def count(self, action: Any) -> int:
        return int(action in self)

    def __repr__(self) -> str:
        return f"<ActionList {len(self.prefix)} + {len(self.space)} {self.kind.__name__.lower()}s>"


@cache
def play_actions(pieces: tuple[str, ...]) -> ActionList:
    """The 21 asks, then a guess per legal shape of the target's set (CU-18 order)."""
    return ActionList(ASKS, shape_space(pieces), Guess)


@cache
def build_actions(pieces: tuple[str, ...]) -> ActionList:
    return ActionList((), shape_space(pieces), Build)
