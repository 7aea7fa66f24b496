"""German names a Breaks card with its article, declined for its place in the sentence: 'Du hast
die Herz-7 gezogen', 'mit dem Pik-König', 'Der Herz-Bube ...' (the log and the prompts said
'Du hast Herz-7 gezogen', a card's name without its article)."""

from __future__ import annotations

import pytest

from game import i18n
from game.core.errors import IllegalAction
from game.scenes.breaks_text import OBJECT, WITH, card_name, in_words, narrate
from game.session import GameSession
from tests.test_breaks_text import THEIRS, YOURS, break_line


@pytest.fixture
def german():
    assert i18n.load_language("de") is None
    yield
    i18n.load_language("en")


@pytest.mark.parametrize("code, subject, obj, with_", [
    ("7H", "die Herz-7", "die Herz-7", "der Herz-7"),
    ("TC", "die Kreuz-10", "die Kreuz-10", "der Kreuz-10"),
    ("AS", "das Pik-Ass", "das Pik-Ass", "dem Pik-Ass"),
    ("JD", "der Karo-Bube", "den Karo-Buben", "dem Karo-Buben"),
    ("QH", "die Herz-Dame", "die Herz-Dame", "der Herz-Dame"),
    ("KS", "der Pik-König", "den Pik-König", "dem Pik-König"),
    ("JK", "ein Joker", "einen Joker", "einem Joker"),
])
def test_every_card_has_its_article_in_each_case(german, code, subject, obj, with_):
    assert (card_name(code), card_name(code, OBJECT), card_name(code, WITH)) == (subject, obj, with_)


def test_english_names_a_card_alike_in_every_place():
    assert {card_name("JD", form) for form in ("subject", OBJECT, WITH)} == {"the Jack of diamonds"}
    assert card_name("JK", OBJECT) == "a joker"


def _lines(setup: dict, moves: list[str]) -> list[str]:
    session = GameSession("breaks", ["human", "human"], options={"first_player": 0, "setup": setup})
    out = []
    for move in moves:
        before = session.view(0)
        session.apply(move, 0)
        out += narrate(0, move, before, session.view(0), 0, {0: "Du", 1: "Spieler 2"}.__getitem__)
    return out


def test_the_log_names_the_card_drawn_placed_and_discarded_with_its_article(german):
    setup = {"tableaux": [[["5H"], [], []], [["9C"], [], []]], "deck": ["JH", "2D", "4D"]}
    assert _lines(setup, ["draw", "place 1"]) == ["Du hast den Herz-Buben gezogen.",
                                                 "Du hast den Herz-Buben in Fach 1 gelegt."]
    assert _lines(setup, ["draw", "discard"]) == ["Du hast den Herz-Buben gezogen.",
                                                 "Du hast den Herz-Buben abgeworfen."]


def test_a_break_is_made_with_the_card_in_the_dative(german):
    you = i18n.tr("You")
    assert break_line(YOURS, 0, "break 2 1 1", me=0).replace("You", you) == \
        "Du hast Fach 1 von Seat 2 mit dem Pik-König gebrochen: 3 Karten sind in dein Fach 1 gewandert."
    assert break_line(THEIRS, 1, "break 1 1 2", me=0) == \
        "Seat 2 hat dein Fach 1 mit dem Herz-König gebrochen: 2 Karten sind in sein Fach 2 gewandert."


@pytest.mark.parametrize("move, reason", [
    ("place 1", "Die Herz-4 und die Karo-3 haben weder Rang noch Farbe gemeinsam"),
    ("break 2 1 1", "Die Herz-4 ist keine Hofkarte: Nur ein gezogener Bube, eine gezogene Dame oder ein "
                    "gezogener König kann brechen"),
])
def test_a_refusal_names_its_cards_as_subjects_with_their_articles(german, move, reason):
    setup = {"tableaux": [[["3D"], [], []], [["4C"], [], []]], "deck": ["4H", "2D"]}
    session = GameSession("breaks", ["human", "human"], options={"first_player": 0, "setup": setup})
    session.apply("draw", 0)
    with pytest.raises(IllegalAction) as exc:
        session.check(move)
    assert in_words(i18n.tr_message(str(exc.value))) == reason


def test_a_stolen_sequence_that_fits_nowhere_is_refused_in_one_sentence(german):
    setup = {"tableaux": [[["5H"], [], []], [["3C", "3S"], [], []]], "deck": ["KS", "2D"]}
    session = GameSession("breaks", ["human", "human"], options={"first_player": 0, "setup": setup})
    session.apply("draw", 0)
    with pytest.raises(IllegalAction) as exc:
        session.check("break 2 1 1")
    assert in_words(i18n.tr_message(str(exc.value))) == \
        "Die gestohlenen Karten passen nicht, denn die Kreuz-3 und die Herz-5 haben weder Rang noch Farbe gemeinsam"


@pytest.mark.parametrize("tableaux, deck, prompt", [
    ([[["5H"], [], []], [["9C"], [], []]], ["7H", "2D"], "Leg die Herz-7 in ein Fach oder wirf die Karte ab."),
    ([[["5H"], ["2D"], ["3D"]], [["5S", "9S"], [], []]], ["KS", "4C"],
     "Brich mit dem Pik-König oder wirf die Karte ab."),
    ([[["5S"], [], []], [["9S"], [], []]], ["KS", "2D"],
     "Leg den Pik-König in ein Fach, brich damit oder wirf die Karte ab."),
    ([[["5H"], ["2S"], ["3D"]], [["9C"], [], []]], ["7C", "2D"], "Die Kreuz-7 passt nirgends: Wirf die Karte ab (X)."),
])
def test_the_prompt_names_the_drawn_card_with_its_article(german, tableaux, deck, prompt):
    from game import storage
    from game.scenes.breaks_table import BreaksTable
    from tests.ui.driver import Driver
    storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"language": "de"})  # the app's own
    session = GameSession("breaks", ["human", "human"], options={"first_player": 0,
                                                                 "setup": {"tableaux": tableaux, "deck": deck}})
    session.apply("draw", 0)
    d = Driver(lambda app: BreaksTable(app, session), autosave=False)
    try:
        d.frames(3)
        assert d.top.prompt() == prompt
    finally:
        d.close()
