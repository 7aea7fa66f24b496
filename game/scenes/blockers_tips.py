"""What a Blockers! tile says while the pointer rests on it: its colour and face in words
('Red heart', the wild one 'Red wild tile') and, on your rack, where it may go (BL-7); on
the board, whose colour it is. German puts the colour after the face ('Herz in Rot'), so
no adjective has to agree with the symbol's gender."""

from __future__ import annotations

from game.i18n import tr
from game.rules.blockers import helpers


def tile_name(colour: str, tile: str | None) -> str:
    """'Red 4', 'Red C', 'Red heart', 'Red wild tile'; 'Blue tile' for a tile set out before
    the game, which has no face."""
    if tile is None:
        name = tr("{colour} tile", colour=tr(colour))
    else:
        kind = helpers.tile_kind(tile)
        face = tr("wild tile") if kind == "wild" else tr(tile) if kind == "symbol" else tile
        name = tr("{colour} {tile}", colour=tr(colour), tile=face)
    return name[:1].upper() + name[1:]


def fit_words(tile: str) -> str:
    """Where a tile may go, as the end of its tip: its column, row or section, or anywhere."""
    kind = helpers.tile_kind(tile)
    if kind == "number":
        return tr("fits any square in column {n}.", n=tile)
    if kind == "letter":
        return tr("fits any square in row {r}.", r=tile)
    if kind == "wild":
        return tr("it matches every column, row and section, so it fits any square.")
    squares = helpers.fitting_squares(tile)
    rows, cols = sorted({sq[0] for sq in squares}), sorted({int(sq[1:]) for sq in squares})
    return tr("fits any square of the section marked with this symbol (rows {r0}-{r1}, columns {c0}-{c1}).",
              r0=rows[0], r1=rows[-1], c0=cols[0], c1=cols[-1])


def rack_tip(colour: str, tile: str) -> str:
    """A rack tile's tip: 'Red 4: fits any square in column 4.'"""
    return f"{tile_name(colour, tile)}: {fit_words(tile)}"


def board_tip(colour: str, tile: str | None, square: str, owner: str | None, yours: bool) -> str:
    """A board tile's tip: 'Red 4 on E4: Seat 2 (AI)'s tile.' (yours: 'your tile')."""
    name = tile_name(colour, tile)
    if yours:
        return tr("{tile} on {sq}: your tile.", tile=name, sq=square)
    if owner is None:
        return tr("{tile} on {sq}.", tile=name, sq=square)
    return tr("{tile} on {sq}: {who}'s tile.", tile=name, sq=square, who=owner)
