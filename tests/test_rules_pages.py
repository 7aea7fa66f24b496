"""The in-game rules pages state what the engine and its data files do: the numbers a
player reads (round limits, turn limits, counts) are checked against the real values, and
the choices the set-up screen offers are explained."""

from __future__ import annotations

import re

import pytest

from game.paths import asset
from game.rules import CATALOG, get_rules

NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4}


def page(game: str) -> str:
    return asset("rules", f"{game}.txt").read_text(encoding="utf-8")


def default(game: str, name: str):
    return next(o.default for o in get_rules(game).options if o.name == name)


@pytest.mark.parametrize("game", [info.name for info in CATALOG])
def test_every_page_says_who_starts_as_the_set_up_screen_offers(game):
    assert "drawn at random" in page(game) and "set-up screen" in page(game)


def test_the_cube_page_gives_the_round_limit_the_engine_uses():
    assert f"after {default('cube', 'max_rounds')} rounds" in page("cube")


def test_the_breaker_blocks_page_gives_the_turn_cap_and_where_each_seats_inputs_are():
    from game.rules.breaker_blocks.data import load_level
    text = page("breaker_blocks")
    assert f"{default('breaker_blocks', 'turn_cap')} turns each" in text
    compass = {"N": "north", "S": "south", "E": "east", "W": "west"}
    level = load_level()
    for seat in (1, 2):
        sides = [compass[i.side] for i in level.inputs if i.seat == seat - 1]  # 0-based in the data
        said = re.search(rf"seat {seat} ((?:\w+ (?:on|at) the \w+ (?:side|end)(?:,| and )?\s*)+)", text)
        assert said, f"seat {seat}'s inputs are not described"
        counted = {side: NUMBER_WORDS[n] for n, side in re.findall(r"(\w+) (?:on|at) the (\w+)", said.group(1))}
        assert counted == {s: sides.count(s) for s in sides}, (seat, counted, sides)


def test_the_circuit_breaker_page_gives_the_default_game_lengths():
    from game.rules.circuit_breaker.data import load_data
    data = load_data()
    text = page("circuit_breaker")
    assert f"{data.default_rounds(2)} rounds for two players" in text
    assert data.default_rounds(3) == data.default_rounds(4)
    assert f"{data.default_rounds(3)} for three or four" in text


def test_the_circuit_breaker_page_lists_the_rounds_the_set_up_button_offers():
    from game.scenes.setup import int_choices
    spec = next(o for o in get_rules("circuit_breaker").options if o.name == "rounds")
    values = [str(v) for v in int_choices(spec) if v is not None]
    listed = ", ".join(values[:-1])
    assert f"offers {listed} or {values[-1]}" in page("circuit_breaker")
    german = asset("rules", "de", "circuit_breaker.txt").read_text(encoding="utf-8")
    assert f"bietet {listed} oder {values[-1]}" in german


def test_the_breaker_blocks_page_lists_the_turn_limits_the_set_up_button_offers():
    from game.scenes.setup import int_choices
    spec = next(o for o in get_rules("breaker_blocks").options if o.name == "turn_cap")
    values = [str(v) for v in int_choices(spec) if v]  # 0 is "no limit"
    assert 0 in int_choices(spec)
    listed = ", ".join(values[:-1])
    assert f"offers {listed} or {values[-1]} turns, or no limit" in page("breaker_blocks")
    german = asset("rules", "de", "breaker_blocks.txt").read_text(encoding="utf-8")
    assert f"bietet {listed} oder {values[-1]} Züge, oder keine Grenze" in german


@pytest.mark.parametrize("game", [info.name for info in CATALOG])
def test_every_page_tells_how_to_play_without_a_mouse(game):
    text = page(game)
    for key in ("Tab", "Enter", "H ", "Page Up", "F1"):
        assert key in text, f"{game}: {key!r} is not explained"


@pytest.mark.parametrize("lang", ["", "de"])
def test_the_blockers_page_tells_the_focus_keys_once(lang):
    """Two bullets in a row said that Tab and the arrows move the focus and Enter picks and places."""
    text = asset("rules", lang, "blockers.txt").read_text(encoding="utf-8")
    assert text.count("Tab und die Pfeiltasten" if lang else "Tab and the arrow") == 1


def test_the_blockers_page_names_the_rack_keys_of_both_games():
    from game.rules.blockers.data import load_board
    assert f"1-{load_board().rack_size}" in page("blockers") and "1-9 and 0 in the advanced game" in page("blockers")


@pytest.mark.parametrize("game", ["breaks", "blockers", "breaker_blocks", "circuit_breaker", "cube"])
def test_the_page_says_how_many_players_the_engine_allows(game):
    rules = get_rules(game)
    german = asset("rules", "de", f"{game}.txt").read_text(encoding="utf-8")
    if rules.min_players == rules.max_players:
        assert f"For exactly {rules.min_players} players." in page(game)
        assert f"Für genau {rules.min_players} Spieler." in german
    else:
        assert f"{rules.min_players} to {rules.max_players} players" in page(game)
        assert f"{rules.min_players} bis {rules.max_players} Spieler" in german


def test_the_blockers_page_keeps_the_advanced_endings_to_the_advanced_game():
    """BL-13: the normal game ends on turn count alone, passes included; colours finish and
    "nobody can move" ends the game only in the advanced game (BL-18, BL-20)."""
    english = page("blockers")
    assert "a pass counts as a turn" in english
    assert "The advanced game ends when all four colours are finished, or when nobody can move" in english
    assert "\nThe game ends when all four colours" not in english and ". The game ends when" not in english
    german = asset("rules", "de", "blockers.txt").read_text(encoding="utf-8")
    assert "ein Passen zählt als Zug" in german
    assert "Das Spiel für Fortgeschrittene endet, wenn alle vier Farben fertig sind" in german


def test_the_breaker_blocks_page_says_when_the_final_turn_is_given_and_that_it_stands():
    # BB-24.4: checked at the end of the turn a player runs out, and never undone
    german = asset("rules", "de", "breaker_blocks.txt").read_text(encoding="utf-8")
    assert "at the end of the turn in which the player runs out" in page("breaker_blocks")
    assert "even if tiles later go back to that pile" in page("breaker_blocks")
    assert "am Ende des Zugs fest" in german and "auch wenn später Plättchen auf seinen Stapel zurückkommen" in german


def test_the_circuit_breaker_page_gives_the_market_deal_order_hand_limit_and_tie_break():
    # CB-7 market, CB-12 deal before the mouse, CB-13 cheese goes back, CB-17 no hand limit,
    # CB-19 the second tie-break counts appliances in the house
    from game.rules.circuit_breaker import PILES
    words = {2: "two", 3: "three"}
    wire_piles = sum(1 for p in PILES if p.startswith("wire"))
    appliance_piles = len(PILES) - wire_piles
    text = page("circuit_breaker")
    german = asset("rules", "de", "circuit_breaker.txt").read_text(encoding="utf-8")
    assert f"{words[wire_piles]} face-up wire piles and {words[appliance_piles]} face-up appliance piles" in text
    assert "only the top tile of a pile counts" in text
    assert "A deal comes before the first player's mouse comes home" in text
    assert "once a stack runs out the remaining players get nothing from it" in text
    assert "it goes back on the cheese tile" in text
    assert "there is no hand limit" in text
    assert "then most appliances in the house" in text
    german_words = {2: "zwei", 3: "drei"}
    assert f"{german_words[wire_piles]} offene Leitungsstapel und {german_words[appliance_piles]} offene " \
           "Gerätestapel" in german
    assert "vor der Rückkehr der Maus des Startspielers" in german
    assert "er kommt zurück aufs Käseplättchen" in german
    assert "es gibt kein Handlimit" in german
    assert "wer mehr Geräte im Haus hat" in german


@pytest.mark.parametrize("game", [info.name for info in CATALOG])
def test_options_the_set_up_screen_offers_per_seat_are_explained_as_such(game):
    """The cube's blocks and note sheet can be set seat by seat (a handicap, rules CU-5 and
    CU-17 option table); the rules pages never said so, in either language."""
    from game.core.options import PerSeatOption
    per_seat = [o for o in get_rules(game).options if isinstance(o, PerSeatOption)]
    if not per_seat:
        return
    english = page(game)
    german = asset("rules", "de", f"{game}.txt").read_text(encoding="utf-8")
    assert '"per seat"' in english and "„je Spieler“" in german
    for option in per_seat:
        label = option.label.lower()
        assert label in english.lower() or option.name in english.lower(), option.name


@pytest.mark.parametrize("game", [info.name for info in CATALOG])
def test_a_german_page_is_titled_as_the_set_up_screen_is(game):
    """'Blockers!: Spielregeln' put a colon after the title's '!'; the set-up screen above reads
    'Neues Spiel: Blockers!', so the page reads 'Spielregeln: Blockers!'."""
    title = asset("rules", "de", f"{game}.txt").read_text(encoding="utf-8").splitlines()[0]
    info = next(i for i in CATALOG if i.name == game)
    assert title == f"# Spielregeln: {info.title}", title


def test_the_german_circuit_breaker_keys_read_in_plain_word_order():
    """'nimmt Enter auf einem Handplättchen es auf' put the object after its place; and
    '..., auf einem offenen Gerätestapel wirft es ab' dropped the key its clause is about."""
    german = asset("rules", "de", "circuit_breaker.txt").read_text(encoding="utf-8")
    assert "In diesem Spiel nimmt Enter ein Handplättchen auf (R dreht es); Enter auf einem Feld deines " \
           "Hauses legt es, Enter auf einem offenen Gerätestapel wirft es ab." in german


@pytest.mark.parametrize(("lang", "limit"), [
    ("", "once the discards in a row reach the number of players times the cards left in both piles"),
    ("de", "sobald die Abwürfe in Folge die Anzahl der Spieler mal die Karten erreichen"),
])
def test_the_breaks_page_says_the_stall_limit_in_words(lang, limit):
    """It read 'the limit is players x cards left in both piles, counted in discards in a row':
    an 'x' for times, and the count named last, after the limit it is measured against."""
    text = asset("rules", *([lang] if lang else []), "breaks.txt").read_text(encoding="utf-8")
    assert limit in text
    assert " x " not in text


def test_the_breaks_page_names_each_option_as_the_set_up_screen_does():
    """The set-up screen offers 'Break into empty slots'; the page explained a 'Break to an
    empty slot', which a player looking for that option's meaning did not find."""
    from game.rules.breaks.setup import OPTIONS
    options = page("breaks").split("## Options", 1)[1].split("##", 1)[0]
    named = {line[2:].split(":", 1)[0] for line in options.splitlines() if line.startswith("- ")}
    labels = {o.label for o in OPTIONS if o.kind == "bool"}
    assert labels <= named, labels - named


@pytest.mark.parametrize(("lang", "said"), [
    ("", "an ace matches every card, as a joker does; it then has no rank or suit of its own"),
    ("de", "Ein Ass passt zu jeder Karte, wie ein Joker"),
])
def test_the_breaks_page_says_what_a_wild_ace_is(lang, said):
    """'Aces wild: aces match everything (and only as wild cards).': match only as wild
    cards, as opposed to what? An ace then never counts as the ace of its suit."""
    text = asset("rules", *([lang] if lang else []), "breaks.txt").read_text(encoding="utf-8")
    assert said in text


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_cube_page_says_whom_you_question_in_plain_sentences(lang):
    """The first paragraph said whom you question in a long bracketed aside ('(on one screen:
    the next player in turn order, and after the last player the first; with two players,
    simply the other player)'), hard to read: plain sentences say it, no brackets."""
    text = asset("rules", *(["de"] if lang == "de" else []), "cube.txt").read_text(encoding="utf-8")
    idea = text.split("\n## ")[1].split("\n")[1]  # the paragraph under the first heading
    assert "(" not in idea, idea
    said = {"en": ("player on your left", "comes after you in turn order", "the first player's",
                   "With two players"),
            "de": ("Spielers links von dir", "in der Zugreihenfolge nach dir kommt", "Skulptur des ersten",
                   "Zu zweit")}[lang]
    assert all(part in idea for part in said), idea


def test_the_circuit_breaker_page_says_a_click_or_enter_on_a_spot_only_aims_the_mouse():
    """A click or Enter on a stack, pile or appliance aims the mouse and a second one sends
    it (circuit_breaker_table.aim_mouse); the page still said one Enter sent it, and told
    of dragging only, so a newcomer's single click seemed to do nothing."""
    german = asset("rules", "de", "circuit_breaker.txt").read_text(encoding="utf-8")
    text = page("circuit_breaker")
    assert "the first click only aims" in text and "a second click there sends the mouse" in text
    assert "aims your mouse there and a second Enter sends it" in text
    assert "sends your mouse there" not in text
    assert "Der erste Klick zielt nur" in german and "ein zweiter Klick dort schickt die Maus los" in german
    assert "ein zweites Enter schickt sie los" in german
    assert "schickt deine Maus dorthin" not in german


@pytest.mark.parametrize("game", [info.name for info in CATALOG])
def test_an_english_page_is_titled_as_the_set_up_screen_is(game):
    """'Blockers!: how to play' put a colon after the title's '!'. Like the set-up screen's
    'New game: Blockers!' and the German 'Spielregeln: Blockers!', every page now names what
    it is first: 'How to play: Blockers!'."""
    title = page(game).splitlines()[0]
    info = next(i for i in CATALOG if i.name == game)
    assert title == f"# How to play: {info.title}", title
