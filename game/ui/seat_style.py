"""The colour a seat wears on every screen of a game: the table, the hand-off, the set-up
and the results. It is the colour of the seat's pieces (in Blockers! the colour of its
tiles, seat 1 red, seat 2 blue...), always with the seat's shape beside it so that a seat
never rests on colour alone."""

from __future__ import annotations

from game.ui import theme


def blockers_fill(colour: str) -> tuple[int, int, int]:
    """A Blockers! tile colour, by its name in the rules, drawn as that name reads."""
    return {"red": theme.RED, "blue": theme.BLUE, "green": theme.GREEN, "yellow": theme.YELLOW,
            "purple": theme.VIOLET}.get(colour, (150, 150, 150))


def seat_colour(game: str | None, seat: int) -> tuple[int, int, int]:
    """The colour of ``seat`` in ``game`` (the theme's seat colours unless the game's
    pieces have colours of their own)."""
    if game == "blockers":
        # a seat plays the colour at its place in the list (in the advanced game, the first
        # of its two, which is the same one)
        from game.rules.blockers.layout import COLOURS
        return blockers_fill(COLOURS[seat % len(COLOURS)])
    return theme.seat_colour(seat)


# the theme's seat colours in words, for a screen that names a seat's colour as well as
# showing it (the hand-off): English keys, translated where they are shown
THEME_COLOUR_WORDS = {theme.ORANGE: "orange", theme.SKY: "sky blue", theme.GREEN: "green", theme.PURPLE: "pink",
                      theme.YELLOW: "yellow"}


def colour_word(game: str | None, seat: int) -> str:
    """The name (English key) of the colour ``seat`` wears in ``game``: in Blockers! the
    rules' name of its first colour, elsewhere the theme colour's."""
    if game == "blockers":
        from game.rules.blockers.layout import COLOURS
        return COLOURS[seat % len(COLOURS)]
    return THEME_COLOUR_WORDS.get(theme.seat_colour(seat), "")
