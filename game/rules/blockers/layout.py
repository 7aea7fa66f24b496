"""Board geometry and tiles as small ints, derived once from board.toml.

Inside the engine a square is an index 0..80 (row-major from A1, so ascending index is
the notation order A1, A2 .. I9), a tile is its canonical index 0..27 (BL-1: 1..9, A..I,
symbols in section order, wild) and a colour is its index in ``colours``. Outside
(notation, views, JSON) they are names. Every table here is a tuple built at import so the
hot paths only index.
"""

from __future__ import annotations

from game.rules.blockers.data import BAND, BOARD, SIZE

NUM_SQUARES = SIZE * SIZE
ROWS = BOARD.rows
SQUARES: tuple[str, ...] = tuple(f"{r}{c}" for r in ROWS for c in range(1, SIZE + 1))
SQUARE_INDEX: dict[str, int] = {name: i for i, name in enumerate(SQUARES)}

SYMBOLS = BOARD.symbols
WILD = "wild"
TILES: tuple[str, ...] = (*(str(c) for c in range(1, SIZE + 1)), *ROWS, *SYMBOLS, WILD)
TILE_INDEX: dict[str, int] = {name.lower(): i for i, name in enumerate(TILES)}  # keyed lower-case
NUM_TILES = len(TILES)
FIRST_LETTER, FIRST_SYMBOL, WILD_TILE = SIZE, 2 * SIZE, NUM_TILES - 1

COLOURS = BOARD.colours
COLOUR_INDEX: dict[str, int] = {name: i for i, name in enumerate(COLOURS)}
ADVANCED_COLOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(COLOUR_INDEX[c] for c in seat) for seat in BOARD.advanced_colours
)
RACK_SIZE = BOARD.rack_size


def row_of(square: int) -> int:
    return square // SIZE


def column_of(square: int) -> int:
    return square % SIZE


def section_index(square: int) -> int:
    """0..8: which section (symbol) a square lies in, read row by row."""
    return (row_of(square) // BAND) * BAND + column_of(square) // BAND


SECTION_OF: tuple[int, ...] = tuple(section_index(sq) for sq in range(NUM_SQUARES))


def _fits(tile: int) -> tuple[int, ...]:
    if tile < FIRST_LETTER:
        return tuple(sq for sq in range(NUM_SQUARES) if column_of(sq) == tile)
    if tile < FIRST_SYMBOL:
        return tuple(sq for sq in range(NUM_SQUARES) if row_of(sq) == tile - FIRST_LETTER)
    if tile < WILD_TILE:
        return tuple(sq for sq in range(NUM_SQUARES) if SECTION_OF[sq] == tile - FIRST_SYMBOL)
    return tuple(range(NUM_SQUARES))


def _neighbours(square: int) -> tuple[int, ...]:
    r, c = row_of(square), column_of(square)
    out = []
    for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
        if 0 <= r + dr < SIZE and 0 <= c + dc < SIZE:
            out.append((r + dr) * SIZE + c + dc)
    return tuple(out)


FITS: tuple[tuple[int, ...], ...] = tuple(_fits(t) for t in range(NUM_TILES))  # squares in A1..I9 order
FIT_MASK: tuple[int, ...] = tuple(sum(1 << sq for sq in squares) for squares in FITS)
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(sq) for sq in range(NUM_SQUARES))


def section_text(symbol: int) -> str:
    """'rows G-I, columns 1-3' for symbol index 0..8."""
    band_r, band_c = divmod(symbol, BAND)
    r0, c0 = band_r * BAND, band_c * BAND
    return f"rows {ROWS[r0]}-{ROWS[r0 + BAND - 1]}, columns {c0 + 1}-{c0 + BAND}"


def fit_rule(tile: int) -> str:
    """Where a tile may go, in words: the second half of a 'does not fit' reason."""
    if tile < FIRST_LETTER:
        return f"a number tile goes in its column (column {tile + 1})"
    if tile < FIRST_SYMBOL:
        return f"a letter tile goes in its row (row {TILES[tile]})"
    return f"a symbol tile goes in its section ({TILES[tile]}: {section_text(tile - FIRST_SYMBOL)})"
