"""A number stays on the line of the word before it when text wraps: the game log read
'Seat 1 placed the 5 of spades on slot' with '3.' alone on the next line (and so did the
computer's placements, every game)."""

from __future__ import annotations

import pygame

from game.ui import theme
from tests.ui.test_breaks_table import table_driver


def test_the_log_keeps_slot_and_its_number_on_one_line():
    setup = {"tableaux": [[["2H"], ["9H"], ["3S"]], [["4C"], ["KD"], ["8D"]]], "deck": ["5S", "2D", "7C"]}
    d = table_driver(["human", "human"], {"first_player": 0, "setup": setup})
    try:
        table = d.top
        d.frames(3)
        d.key(pygame.K_d)
        d.frames(40)
        d.key(pygame.K_3)
        d.frames(40)
        assert table.log_lines[-1] == (0, "Seat 1 placed the 5 of spades on slot 3.")
        d.key(pygame.K_RETURN)  # seat 2 takes the screen and reads the log
        assert d.top is table
        drawn = [text for text, _, _ in d.labels()]
        assert "3." not in drawn, drawn
        assert any(text.endswith("slot 3.") for text in drawn), drawn
    finally:
        d.close()


def test_a_number_wraps_with_the_word_before_it():
    pygame.font.init()
    width = theme.font(14).size("Seat 1 placed the 5 of spades on slot")[0] + 2
    assert theme.wrap("Seat 1 placed the 5 of spades on slot 3.", 14, width) == \
        ["Seat 1 placed the 5 of spades on", "slot 3."]
    assert theme.wrap("Draw pile 40, discard pile 1", 14, theme.font(14).size("Draw pile")[0] + 2) == \
        ["Draw", "pile 40,", "discard", "pile 1"]


def test_a_seats_name_keeps_its_bracketed_ai_mark_on_its_line():
    """German 'Spieler 2 (KI)' is three words: a wrapped prompt ended a line 'von Spieler 2'
    over '(KI) zum Gerätestapel.'. A one-word aside in brackets keeps to the word before it."""
    pygame.font.init()
    text = "Klick: 1 Käse (du hast 2) schickt die Maus von Spieler 2 (KI) zum Gerätestapel."
    width = theme.font(15).size("Klick: 1 Käse (du hast 2) schickt die Maus von Spieler 2")[0] + 2
    lines = theme.wrap(text, 15, width)
    assert lines == ["Klick: 1 Käse (du hast 2) schickt die Maus von", "Spieler 2 (KI) zum Gerätestapel."], lines
    width = theme.font(14).size("Seat 2 (AI):")[0] + 2  # with its punctuation too
    assert theme.wrap("Seat 2 (AI): found the shape", 14, width) == ["Seat 2 (AI):", "found the", "shape"]


def test_a_seats_name_owning_something_keeps_its_number_and_aside():
    """An English possessive hid the name from the glue: 'Seat 2's' and 'Seat 2 (AI)'s' parted
    after 'Seat' or 'Seat 2'."""
    pygame.font.init()
    width = theme.font(16).size("You guessed Seat 2")[0] + 2
    assert theme.wrap("You guessed Seat 2 (AI)'s shape: wrong.", 16, width) == \
        ["You guessed", "Seat 2 (AI)'s shape:", "wrong."]
    width = theme.font(16).size("You guessed Seat")[0] + 2
    assert theme.wrap("You guessed Seat 2's shape: wrong.", 16, width)[:2] == ["You guessed", "Seat 2's shape:"]


def test_an_article_keeps_to_its_noun_when_a_one_word_aside_follows():
    """A one-word aside in brackets goes along with the word before it, and that word's article
    with both: the German Breaker Blocks prompt ends 'Beende den Zug (N).', and wrapped by
    'Zug (N).' alone it left 'den' at the end of the line above. (German Circuit Breaker's log
    read 'hat ein' over 'Gerät (Seifenblasenmaschine)' this way, before its appliances were
    named with their own articles.)"""
    from game import i18n
    pygame.font.init()
    size = 16  # the prompt's (BreakerBlocksTable)
    try:
        i18n.load_language("de")
        text = i18n.tr("Nothing to play, move or draw now: End turn (N).")  # as the game says it
    finally:
        i18n.load_language("en")
    assert text.endswith(": Beende den Zug (N)."), text
    # 'den' fits on the second line, 'den Zug (N).' does not
    width = theme.font(size).size("versetzen oder zu ziehen: Beende den")[0] + 2
    lines = theme.wrap(text, size, width)
    assert lines[-1] == "den Zug (N).", lines
    assert not any(line.rsplit(" ", 1)[-1] in theme.ARTICLES for line in lines[:-1]), lines
    assert theme.wrap(text, size, 440) == ["Gerade ist nichts zu spielen, zu versetzen oder zu ziehen:",
                                           "Beende den Zug (N)."], "at the prompt's own width, as before"
