"""Answers to questions (CU-10, CU-11), one shape at a time or for a whole set at once.

``answer(shape, "5")`` is the piece seen from above at cell 5 (or None); ``answer(shape,
"E")`` lists what letter E sees on levels 1, 2, 3. Which position is seen depends only on
the shape's height map (CU-4 makes columns gap-free), so the whole-set ``AnswerTable``
computes, per height map, the positions each question sees and then reads the owners of
those positions per shape: one small code per (shape, question), kept as one ``bytes``
column per question, and a bitset of shape indices per (question, answer) so that
filtering every shape by an answer is one big-integer AND.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from game.rules.cube.data import DATA
from game.rules.cube.grid import bit, heights, mask_bits
from game.rules.cube.shapes import Shape, occupancy, resolve_pieces
from game.rules.cube.space import ShapeSpace, enumerate_shapes, shape_space

CELL_QUESTIONS = tuple(str(c) for c in range(1, 10))
LETTER_QUESTIONS = tuple(DATA.letters)
QUESTIONS: tuple[str, ...] = CELL_QUESTIONS + LETTER_QUESTIONS  # the order of the ask actions
LETTERS: dict[str, tuple[int, int, int]] = dict(DATA.letters)  # letter -> cells, nearest first
NOBODY = 27  # the "no position" index: owner lists have a 0 there
Answer = Any  # a piece ID or None (cell), or three of those for levels 1-3 (letter)


def question_of(q: Any) -> str:
    """The canonical question ("5", "E") from "5", 5, "e", " E "; ValueError otherwise."""
    text = str(q).strip().upper() if isinstance(q, str | int) and not isinstance(q, bool) else ""
    if text not in QUESTIONS:
        raise ValueError(f"ask takes 1-9 or A-L, not {q!r}")
    return text


def is_letter(q: str) -> bool:
    return q in LETTERS


def visible(height_map: tuple[int, ...], q: str) -> tuple[int, int, int]:
    """The positions (bits) question ``q`` sees on a height map; NOBODY where nothing is seen.

    A cell question sees one position (then NOBODY twice); a letter one per level."""
    if q in LETTERS:
        out = []
        for level in (1, 2, 3):
            seen = next((bit(c, level) for c in LETTERS[q] if height_map[c - 1] >= level), NOBODY)
            out.append(seen)
        return out[0], out[1], out[2]
    cell = int(q)
    h = height_map[cell - 1]
    return (bit(cell, h) if h else NOBODY), NOBODY, NOBODY


def _owner_of(shape: Shape, b: int) -> str | None:
    if b == NOBODY:
        return None
    for pid, mask in shape:
        if mask >> b & 1:
            return pid
    return None


def answer(shape: Shape, question: Any) -> Answer:
    """The honest answer of ``shape`` to a question: a piece ID or None for a cell (the
    highest cube there), a list of three for a letter (the nearest cube per level)."""
    q = question_of(question)
    seen = visible(heights(occupancy(shape)), q)
    if q in LETTERS:
        return [_owner_of(shape, b) for b in seen]
    return _owner_of(shape, seen[0])


def answers_for(shapes: Iterable[Shape], question: Any) -> list[Answer]:
    """``answer(s, question)`` for every shape, in order."""
    q = question_of(question)
    letter = q in LETTERS
    out = []
    for shape in shapes:
        seen = visible(heights(occupancy(shape)), q)
        out.append([_owner_of(shape, b) for b in seen] if letter else _owner_of(shape, seen[0]))
    return out


def filter_shapes(shapes: Iterable[Shape], question: Any, given: Answer) -> list[Shape]:
    """The shapes that would answer ``given`` to ``question``."""
    q = question_of(question)
    want = normalise_answer(q, given)
    pool = list(shapes)
    return [s for s, a in zip(pool, answers_for(pool, q), strict=True) if normalise_answer(q, a) == want]


def normalise_answer(q: str, given: Answer) -> Answer:
    """Answers as hashable values: a piece ID/None, or a tuple of three for a letter."""
    if q in LETTERS:
        if not isinstance(given, list | tuple) or len(given) != 3:
            raise ValueError(f"the answer to {q} lists three levels, not {given!r}")
        return tuple(given)
    return given


# --- whole-set tables ---------------------------------------------------------------------

class AnswerTable:
    """Every shape's answer to every question for one set, as compact codes.

    The code of a cell answer is 0 (nothing) or 1 + the piece's index in the set; a letter
    answer packs its three levels in base (pieces + 1). ``column(q)[i]`` is shape i's code
    (shape i is ``space[i]``); ``matching(q, answer)`` is the bitset (an int, bit i for
    shape i) of the shapes giving that answer."""

    def __init__(self, space: ShapeSpace) -> None:
        self.space = space
        self.pieces = space.pieces
        self.base = len(self.pieces) + 1
        self._index = {pid: i + 1 for i, pid in enumerate(self.pieces)}
        self.all = (1 << len(space)) - 1
        self._bits: dict[tuple[str, int], int] = {}
        rows = self._rows()
        self._columns = dict(zip(QUESTIONS, (bytes(col) for col in zip(*rows, strict=True)), strict=True))

    def _rows(self) -> list[bytes]:
        base, base2 = self.base, self.base * self.base
        rows = []
        # No reset between shapes: the shapes of one height map cover the same positions,
        # each overwrites them all, and only those positions (or NOBODY, always 0) are seen.
        owner = [0] * 28
        bits_of: dict[int, tuple[int, ...]] = {}
        for m, hmap in enumerate(self.space.maps):
            seen = [visible(hmap, q) for q in QUESTIONS]
            for shape in self.space.tilings(m):
                for j, (_, mask) in enumerate(shape, 1):
                    bits = bits_of.get(mask)
                    if bits is None:
                        bits = bits_of[mask] = mask_bits(mask)
                    for b in bits:
                        owner[b] = j
                rows.append(bytes([owner[a] + base * owner[b] + base2 * owner[c] for a, b, c in seen]))
        return rows

    def column(self, question: Any) -> bytes:
        return self._columns[question_of(question)]

    def encode(self, question: Any, given: Answer) -> int:
        q = question_of(question)
        try:
            if q in LETTERS:
                a, b, c = (0 if x is None else self._index[x] for x in normalise_answer(q, given))
                return a + self.base * b + self.base * self.base * c
            return 0 if given is None else self._index[given]
        except KeyError:
            return -1  # a piece from outside the set: no shape answers it

    def decode(self, question: Any, code: int) -> Answer:
        q = question_of(question)
        names = (None, *self.pieces)
        if q in LETTERS:
            return [names[code % self.base], names[code // self.base % self.base], names[code // self.base ** 2]]
        return names[code]

    def matching(self, question: Any, given: Answer) -> int:
        """Bitset of the shapes answering ``given``."""
        q = question_of(question)
        code = self.encode(q, given)
        key = (q, code)
        if key not in self._bits:
            if code < 0:
                self._bits[key] = 0
            else:
                flags = bytes(49 if i == code else 48 for i in range(256))  # b"1" for the code, else b"0"
                self._bits[key] = int(self._columns[q].translate(flags)[::-1], 2)
        return self._bits[key]

    def consistent(self, facts: Iterable[tuple[Any, Answer]]) -> int:
        """Bitset of the shapes giving every (question, answer) of ``facts``."""
        bits = self.all
        for q, given in facts:
            bits &= self.matching(q, given)
        return bits

    def bit_of(self, shape: Shape) -> int:
        return 1 << self.space.index(shape)

    def shapes(self, bits: int) -> list[Shape]:
        return [self.space[i] for i in bit_indices(bits)]


def bit_indices(bits: int) -> list[int]:
    """The indices of the set bits of a (big) integer, ascending."""
    out = []
    data = bits.to_bytes((bits.bit_length() + 7) // 8, "little")
    for i, byte in enumerate(data):
        while byte:
            low = byte & -byte
            out.append(8 * i + low.bit_length() - 1)
            byte ^= low
    return out


@cache
def _table(pieces: tuple[str, ...]) -> AnswerTable:
    enumerate_shapes(pieces)  # refuses sets too big to hold
    return AnswerTable(shape_space(pieces))


def answer_table(pieces: Any = None) -> AnswerTable:
    """The cached AnswerTable of a set (standard set: about 0.1 s to build; the 4-block set
    a few seconds; the 5-block set is refused: too many shapes)."""
    return _table(resolve_pieces(pieces))
