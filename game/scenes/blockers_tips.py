"""What a Blockers! tile says while the pointer rests on it: its colour and face in words
('Red heart', the wild one 'Red wild tile') and, on your rack, where it may go (BL-7); on
the board, whose colour it is. German puts the colour after the face ('Herz in Rot'), so
no adjective has to agree with the symbol's gender."""

from __future__ import annotations

from collections.abc import Callable

from game.ai.blockers_hint import MoveFacts
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


def hint_why(facts: MoveFacts, seat_name: Callable[[int], str], you: int) -> str:
    """Why the hint's move is good, from what the move does (game.ai.blockers_hint): to
    your groups, what it captures, whose join it blocks, and your score after it. One
    sentence each, so each translates whole. 'The least harmful place' said none of it."""
    before, after = facts.groups_before, facts.groups_after
    if after < before:
        lines = [tr("It joins {n} of your groups into one.", n=before - after + 1)]
    elif after == before:
        lines = [tr("It extends one of your groups.")]
    elif before == 0:
        lines = [tr("It starts your first group.")]
    elif not facts.could_touch:
        lines = [tr("No tile on your rack fits next to your groups, so it starts a new one.")]
    else:
        lines = [tr("It starts a new group.")]
    if facts.captured is not None:
        if facts.lone and facts.owner is not None and facts.owner != you:
            lines.append(tr("It captures a lone {c} tile, which costs {who} a group.", c=tr(facts.captured),
                            who=seat_name(facts.owner)))
        else:
            lines.append(tr("It captures a {c} tile without splitting its group.", c=tr(facts.captured)))
    if facts.blocks:
        lines.append(tr("It takes the square {who} could join two groups with.", who=seat_name(facts.blocks[0])))
    # which way the score moves is said, not left to the reader to work out from two numbers
    if facts.score_after == facts.score_before:
        lines.append(tr("Your score stays at {s}.", s=facts.score_after))
    elif facts.score_after > facts.score_before:
        lines.append(tr("Your score goes up from {a} to {b}.", a=facts.score_before, b=facts.score_after))
    else:
        lines.append(tr("Your score goes down from {a} to {b}.", a=facts.score_before, b=facts.score_after))
    return " ".join(lines)
