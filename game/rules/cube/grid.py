"""Grid geometry (CU-1, CU-2): positions as bits, orientations and placements of pieces.

A position (cell 1-9, level 1-3) is bit ``3 * (cell - 1) + (level - 1)`` of a 27-bit
mask, so ascending bits are positions sorted by (cell, level), the notation's order,
and one column's three levels are three adjacent bits. A piece's placement is the
mask of its cubes; a shape is a few such masks (see shapes.py).
"""

from __future__ import annotations

from functools import cache
from itertools import permutations, product

from game.rules.cube.data import DATA

SIZE = 3  # cells per side and levels
CELLS = range(1, 10)
LEVELS = range(1, 4)
FULL = (1 << 27) - 1
Cube = tuple[int, int, int]


def bit(cell: int, level: int) -> int:
    return 3 * (cell - 1) + (level - 1)


def cell_xy(cell: int) -> tuple[int, int]:
    """(x, y) of a cell: x = column 0-2 left to right, y = row 0-2 top to bottom (CU-1)."""
    if type(cell) is not int or not 1 <= cell <= 9:
        raise ValueError(f"cell must be 1..9, not {cell!r}")
    return (cell - 1) % 3, (cell - 1) // 3


def xy_cell(x: int, y: int) -> int:
    return 3 * y + x + 1


def position_text(cell: int, level: int) -> str:
    return f"{cell}.{level}"


def bit_position(b: int) -> tuple[int, int]:
    """(cell, level) of bit ``b``."""
    return b // 3 + 1, b % 3 + 1


def mask_bits(mask: int) -> tuple[int, ...]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


def mask_positions(mask: int) -> tuple[tuple[int, int], ...]:
    """(cell, level) of every cube of a mask, sorted by (cell, level)."""
    return tuple(bit_position(b) for b in mask_bits(mask))


def mask_cubes(mask: int) -> tuple[Cube, ...]:
    """(x, y, z) of every cube of a mask (z = level - 1), in bit order."""
    out = []
    for b in mask_bits(mask):
        cell, level = bit_position(b)
        x, y = cell_xy(cell)
        out.append((x, y, level - 1))
    return tuple(out)


def positions_mask(positions: list[tuple[int, int]] | tuple[tuple[int, int], ...]) -> int:
    """The mask of (cell, level) positions, e.g. to find a dragged block among ``placements``."""
    return sum(1 << bit(cell, level) for cell, level in positions)


def cubes_mask(cubes: tuple[Cube, ...] | list[Cube]) -> int:
    return sum(1 << bit(xy_cell(x, y), z + 1) for x, y, z in cubes)


def heights(occupied: int) -> tuple[int, ...]:
    """Per cell 1-9, the number of occupied levels counted from the bottom without a gap."""
    out = []
    for c in range(9):
        col = (occupied >> (3 * c)) & 7
        out.append(0 if not col & 1 else 1 if not col & 2 else 2 if not col & 4 else 3)
    return tuple(out)


def column_mask(height_map: tuple[int, ...]) -> int:
    """The occupied positions of a height map (levels 1..h of each cell)."""
    return sum(((1 << h) - 1) << (3 * c) for c, h in enumerate(height_map))


# --- rotations and placements -------------------------------------------------------------

def _rotations() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """The 24 proper rotation matrices (signed permutation matrices of determinant +1)."""
    out = []
    for perm in permutations(range(3)):
        parity = sum(1 for i in range(3) for j in range(i + 1, 3) if perm[i] > perm[j]) % 2
        for signs in product((1, -1), repeat=3):
            if (-1) ** parity * signs[0] * signs[1] * signs[2] == 1:
                out.append(tuple(tuple(signs[r] if c == perm[r] else 0 for c in range(3)) for r in range(3)))
    return tuple(out)


ROTATIONS = _rotations()


def _normalise(cubes: list[Cube]) -> tuple[Cube, ...]:
    low = [min(c[i] for c in cubes) for i in range(3)]
    return tuple(sorted((c[0] - low[0], c[1] - low[1], c[2] - low[2]) for c in cubes))


@cache
def orientations(piece_id: str) -> tuple[tuple[Cube, ...], ...]:
    """Every distinct orientation of a piece (rotations; mirror images of flat pieces come
    with them), each as sorted (x, y, z) offsets shifted to start at 0."""
    cubes = DATA.pieces[piece_id].cubes
    seen: dict[tuple[Cube, ...], None] = {}
    for m in ROTATIONS:
        turned = [(sum(m[0][i] * c[i] for i in range(3)), sum(m[1][i] * c[i] for i in range(3)),
                   sum(m[2][i] * c[i] for i in range(3))) for c in cubes]
        seen.setdefault(_normalise(turned))
    return tuple(seen)


@cache
def placements(piece_id: str) -> tuple[int, ...]:
    """Every placement of a piece inside the grid as a position mask, ascending.

    The builder UI snaps a dragged block to one of these (see also ``mask_cubes``)."""
    out = set()
    for shape in orientations(piece_id):
        ext = [max(c[i] for c in shape) for i in range(3)]
        for dx, dy, dz in product(*(range(SIZE - e) for e in ext)):
            out.add(cubes_mask([(x + dx, y + dy, z + dz) for x, y, z in shape]))
    return tuple(sorted(out))


@cache
def placement_set(piece_id: str) -> frozenset[int]:
    return frozenset(placements(piece_id))


@cache
def placements_by_low_bit(piece_id: str) -> dict[int, tuple[int, ...]]:
    """Placements grouped by their lowest position: the tiler covers the lowest free
    position first, so only placements starting there can cover it."""
    groups: dict[int, list[int]] = {}
    for mask in placements(piece_id):
        groups.setdefault((mask & -mask).bit_length() - 1, []).append(mask)
    return {b: tuple(ms) for b, ms in groups.items()}
