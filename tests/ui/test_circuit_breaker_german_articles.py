"""Circuit Breaker names a tile in German with the article its noun and case take: 'einen
Kaugummiautomaten' placed, 'eine Leuchtreklame' dealt, a pile refilled 'mit einem
Waffeleisen'; every appliance read 'ein Gerät (...)', whatever its gender."""

from __future__ import annotations

import json

from game import i18n
from game.paths import asset
from game.rules.circuit_breaker import helpers
from game.scenes import circuit_breaker_words as words
from tests.ui.test_circuit_breaker_table import cb_driver

GUMBALL, NEON, WAFFLE, STRAIGHT = "A5", "A41", "A45", "W1"  # types 2, 11 and 12; a straight wire


def test_every_appliance_has_its_german_object_and_with_forms():
    catalogue = json.loads(asset("i18n", "de.json").read_text(encoding="utf-8"))
    for name in helpers.DATA.type_names:
        phrase = words.appliance_phrase(name)
        for key in (phrase, f"@object {phrase}", f"@with {phrase}"):
            article, _, noun = catalogue.get(key, "").partition(" ")
            assert article.startswith("ein") and noun.startswith(catalogue[name]), key


def test_a_mouse_on_any_of_your_appliances_sits_on_it_named_in_the_dative():
    """The mouse warning said 'auf deinem Gerät auf Feld 3,4 (Leuchtreklame)' for every appliance:
    each is named itself, 'auf deiner Leuchtreklame', 'auf deinem Kaugummiautomaten', its
    possessive declined as its article is after 'mit' (dative too)."""
    catalogue = json.loads(asset("i18n", "de.json").read_text(encoding="utf-8"))
    for name in helpers.DATA.type_names:
        dative = catalogue["@with " + words.appliance_phrase(name)]
        assert catalogue[f"@{words.ON_YOUR} {name}"] == "d" + dative, name
    try:
        i18n.load_language("de")
        assert words.on_your_appliance("Gumball Machine") == "deinem Kaugummiautomaten"
        assert words.on_your_appliance("Neon Sign") == "deiner Leuchtreklame"
        assert words.on_your_appliance("Waffle Iron") == "deinem Waffeleisen"
    finally:
        i18n.load_language("en")
    assert words.on_your_appliance("Neon Sign") == "Neon Sign", "English says it bare, after 'your'"


def test_german_sentences_decline_the_article_by_gender_and_case():
    d = cb_driver()
    try:
        i18n.load_language("de")  # after the driver, which sets the language from the settings
        t = d.top
        assert t.hint_move(f"place {GUMBALL} at 3,4 r180").startswith("Leg einen Kaugummiautomaten auf Feld 3,4")
        assert t.hint_move(f"discard {NEON} to appliance-2").startswith("Wirf eine Leuchtreklame für einen Käse")
        placed = t.narrate(1, f"place {WAFFLE} at 3,4 r180", {}, {})[0]
        assert "hat ein Waffeleisen gelegt: Feld 3,4" in placed, placed
        deal = t.event_text({"kind": "deal", "seat": 1, "tile": GUMBALL, "public": True})
        assert deal.endswith(" bekommt einen Kaugummiautomaten."), deal
        refill = t.event_text({"kind": "refill", "from": "appliance-1", "tile": WAFFLE, "public": True})
        assert refill == "Der offene Gerätestapel 1 wird mit einem Waffeleisen aufgefüllt.", refill
        home = t.event_text({"kind": "collect", "seat": 1, "tile": NEON, "public": True,
                             "from": {"spot": "appliance-stack"}})
        assert " mit einer Leuchtreklame heim." in home, home
        wire = t.event_text({"kind": "refill", "from": "wire-1", "tile": STRAIGHT, "public": True})
        assert wire.startswith("Der offene Leitungsstapel 1 wird mit einer geraden Leitung ("), wire
    finally:
        d.close()
        i18n.load_language("en")


def test_english_says_a_in_every_case():
    d = cb_driver()
    try:
        t = d.top
        assert t.hint_move(f"place {GUMBALL} at 3,4 r180").startswith("Place a Gumball Machine at 3,4")
        refill = t.event_text({"kind": "refill", "from": "appliance-1", "tile": WAFFLE, "public": True})
        assert refill == "The appliance 1 pile is refilled with a Waffle Iron.", refill
    finally:
        d.close()
