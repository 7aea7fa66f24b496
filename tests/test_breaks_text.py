"""The Breaks log's narration of a break names whose slot the stolen cards land on
("Seat 2 (AI)'s slot 1 ... onto slot 3" left the landing slot's owner open)."""

from __future__ import annotations

from game.scenes.breaks_text import narrate
from game.session import GameSession


def break_line(setup: dict, breaker: int, move: str, me: int | None) -> str:
    session = GameSession("breaks", ["human", "human"], options={"first_player": breaker, "setup": setup})
    session.apply("draw", breaker)
    seen = 0 if me is None else me
    before = session.view(seen)
    session.apply(move, breaker)
    names = {0: "Seat 1", 1: "Seat 2"}
    if me is not None:
        names[me] = "You"
    return narrate(breaker, move, before, session.view(seen), me, names.__getitem__)[0]


# seat 1's KS breaks seat 2's 3H 3S (spades) and lands on seat 1's 5H (hearts)
YOURS = {"tableaux": [[["5H"], [], []], [["3H", "3S"], ["9C"], []]], "deck": ["KS", "2D", "4D"]}
# seat 2's KH breaks seat 1's 5H and lands on seat 2's 9H
THEIRS = {"tableaux": [[["5H"], [], []], [["3H", "3S"], ["9H"], []]], "deck": ["KH", "2D", "4D"]}


def test_your_break_lands_on_your_slot():
    assert break_line(YOURS, 0, "break 2 1 1", me=0) == \
        "You broke slot 1 of Seat 2 with the King of spades: 3 cards moved onto your slot 1."


def test_a_break_of_your_slot_lands_on_theirs():
    assert break_line(THEIRS, 1, "break 1 1 2", me=0) == \
        "Seat 2 broke your slot 1 with the King of hearts: 2 cards moved onto their slot 2."


def test_in_pass_and_play_the_log_names_both_seats():
    assert break_line(YOURS, 0, "break 2 1 1", me=None) == \
        "Seat 1 broke slot 1 of Seat 2 with the King of spades: 3 cards moved onto their slot 1."


def test_news_of_the_whole_table_carries_no_seat():
    """A reshuffle, the end of the play phase and the final scores are nobody's move: the
    log showed them under the mark of whoever happened to act."""
    setup = {"tableaux": [[["5H"], [], []], [["9C"], [], []]], "deck": ["2D"]}
    session = GameSession("breaks", ["human", "human"], options={"first_player": 0, "setup": setup})
    session.apply("draw", 0)
    before = session.view(0)
    session.apply("place 2", 0)  # the last card: the play phase ends
    names = {0: "You", 1: "Seat 2"}
    lines = narrate(0, "place 2", before, session.view(0), 0, names.__getitem__)
    assert lines[0] == "You placed the 2 of diamonds on slot 2."
    assert lines[1] == (None, "The cards have run out. Final merges: each player may merge, then says done.")
    for seat in (1, 0):
        before = session.view(0)
        session.apply("done", seat)
    lines = narrate(0, "done", before, session.view(0), 0, names.__getitem__)
    assert lines[-1] == (None, "Final scores — You: 0, Seat 2: 0.")


def _turnover_line(options: dict) -> tuple[None, str]:
    session = GameSession("breaks", ["human", "human"], options=options)
    for move, seat in (("draw", 0), ("discard", 0), ("draw", 1), ("discard", 1)):
        session.apply(move, seat)
    before = session.view(0)
    assert before["draw_count"] == 0 and before["discard_count"] == 2
    session.apply("draw", 0)
    return narrate(0, "draw", before, session.view(0), 0, {0: "You", 1: "Seat 2"}.__getitem__)[0]


def test_BR_8_a_set_up_deck_turns_the_discards_over_in_order_and_the_log_says_so():
    """With a setup (the tutorial's deck) BR-8 turns the discard pile over unshuffled; the log
    called that a shuffle."""
    setup = {"tableaux": [[["5H"], [], []], [["9C"], [], []]], "deck": ["2D", "4D"]}
    line = _turnover_line({"first_player": 0, "setup": setup})
    assert line == (None, "The discard pile was turned over, in the order it was discarded, as a new draw pile.")


def test_BR_8_a_dealt_deck_is_shuffled_when_the_discards_come_back():
    session = GameSession("breaks", ["human", "human"], options={"first_player": 0}, seed=5)
    while session.view(0)["draw_count"] > 0:
        seat = session.view(0)["current_player"]
        session.apply("draw", seat)
        session.apply("discard", seat)
    before = session.view(0)
    session.apply("draw", before["current_player"])
    line = narrate(before["current_player"], "draw", before, session.view(0), 0,
                   {0: "You", 1: "Seat 2"}.__getitem__)[0]
    assert line == (None, "The discard pile was shuffled into a new draw pile.")


def test_the_court_scoring_help_names_the_court_cards_as_the_rules_page_does():
    """The set-up's help wrote 'jack/queen/king' beside the rules page's 'Jack, Queen, King'
    (and the log's 'the King of spades'): one card, one spelling, in German too."""
    from pathlib import Path

    from game.i18n import load_language, tr
    from game.rules.breaks.setup import OPTIONS
    rules = Path(__file__).parents[1] / "assets" / "rules"
    help_text = next(o.help for o in OPTIONS if o.name == "scoring")
    page = (rules / "breaks.txt").read_text("utf-8")
    for card in ("Jack", "Queen", "King"):
        assert card in help_text and card in page
        assert card.lower() not in help_text
    try:
        load_language("de")
        german = tr(help_text)
    finally:
        load_language("en")
    page = (rules / "de" / "breaks.txt").read_text("utf-8")
    for card in ("Bube", "Dame", "König"):
        assert card in german and card in page
