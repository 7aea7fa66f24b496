"""Log and result lines with one person at the screen. In German the seat is "Du" and the
verb after it is conjugated for "du" (hast gelegt, nicht hat gelegt); in English "You" starts a
sentence or a list entry, never "controlled by You"."""

from __future__ import annotations

import json
import random
import re

import pytest

from game import i18n, storage
from game.paths import asset
from game.scenes.tables import table_class
from game.session import GameSession
from tests.ui.driver import Driver

GAMES = [("breaks", 3, {"scoring": "court", "break_to_empty": True}), ("blockers", 3, {}),
         ("breaker_blocks", 2, {}), ("circuit_breaker", 3, {}), ("cube", 3, {"sudden_death": True})]


def table_lines(game: str, players: int, options: dict, seed: int) -> list[str]:
    session = GameSession(game, ["human"] + ["ai:easy"] * (players - 1), seed=seed, options=options)
    rng = random.Random(seed)
    while not session.is_over():
        session.apply(rng.choice(session.legal_texts()), session.current_player)
    d = Driver(lambda app: table_class(game)(app, session), autosave=False)
    try:
        table = d.app.stack.find(table_class(game))
        table.rebuild_log()
        return [line for _, line in table.log_lines] + table.result_lines()
    finally:
        d.close()


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_du_takes_the_second_person(game, players, options):
    storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"language": "de"})
    try:
        lines = [line for seed in (1, 2) for line in table_lines(game, players, options, seed)]
    finally:
        i18n.load_language("en")
    mine = [line for line in lines if re.search(r"\bDu\b", line)]
    assert mine, "the person at the screen did something"
    for line in mine:
        for m in re.finditer(r"\bDu\b", line):
            before = line[:m.start()]
            # a sentence's subject, or a name in a list ("Endstand — Spieler 2 (KI): 16, Du: 17."); never "von Du"
            assert before == "" or before.endswith((": ", ", ", "— ")), f"'Du' inside a sentence: {line}"
        verbs = re.findall(r"\bDu ([^\W\d]\w*)", line)
        assert all(v.endswith("st") for v in verbs), line
    cases = [line for line in lines if re.search(r"\bmit (ein|eine) ", line)]
    assert not cases, f"'mit' takes the dative (einem, einer): {cases[:3]}"


# Präteritum forms the logs used to mix in ("Du legtest 7H in Fach 1." beside "Du hast 7H gezogen.")
PRAETERITUM = re.compile(r"\b(?:zogs?t?|warfs?t?|legtes?t?|sichertes?t?|brachs?t?|spieltes?t?|versetztes?t?|"
                         r"entferntes?t?|schicktes?t?|ließe?s?t?|behielts?t?|übersprangs?t?|beendetes?t?|"
                         r"fragtes?t?|riets?t?|nahms?t?|zahltes?t?|jagtes?t?|schlugs?t?|ging|gingen|wanderten|"
                         r"begann|begannst|wurde)\b")


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_german_log_tells_what_happened_in_the_perfekt(game, players, options):
    """The German log said "Du legtest ..." next to "Du hast ... gezogen": one tense, the
    Perfekt, for every log and result line, its participle at the end."""
    storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"language": "de"})
    try:
        lines = [line for seed in (1, 2) for line in table_lines(game, players, options, seed)]
    finally:
        i18n.load_language("en")
    old = [line for line in lines if PRAETERITUM.search(line)]
    assert not old, old[:5]
    assert any(re.search(r"\b(Du hast|hat) .* ge\w+[.:]", line) for line in lines), lines[:5]


def test_circuit_breaker_scores_name_the_appliances_in_german():
    from game.rules.circuit_breaker import helpers
    english = {helpers.tile_info(f"A{4 * (t - 1) + 1}")["name"] for t in range(1, 13)}
    storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"language": "de"})
    try:
        lines = table_lines("circuit_breaker", 2, {}, 1)
        german = {name: i18n.tr(name) for name in english}
    finally:
        i18n.load_language("en")
    english = {name for name in english if german[name] != name}  # "Jukebox" is German too
    scores = [line for line in lines if "Zielkarte: " in line]  # a seat's score line names its card
    assert scores and any(name in line for line in scores for name in german.values())
    assert not [line for line in scores for name in english if name in line], scores


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_in_english_you_is_never_inside_a_sentence(game, players, options):
    lines = [line for seed in (1, 2) for line in table_lines(game, players, options, seed)]  # in English
    assert any(line.startswith("You ") for line in lines)
    for line in lines:
        for m in re.finditer(r"\bYou\b", line):
            before = line[:m.start()]
            assert before == "" or before.endswith((": ", ", ", "— ")), f"'You' inside a sentence: {line}"


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_a_hint_names_the_move_in_words_not_in_notation(game, players, options):
    storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"language": "de"})
    session = GameSession(game, ["human"] + ["ai:easy"] * (players - 1), seed=4, options=options)
    rng = random.Random(4)
    d = Driver(lambda app: table_class(game)(app, session), autosave=False)
    try:
        table = d.app.stack.find(table_class(game))
        verbs: dict[str, str] = {}
        for _ in range(400):  # the human's moves of every kind met along a random game
            if session.is_over():
                break
            if session.current_player == 0:
                table.refresh()
                for text in session.legal_texts()[:40]:
                    verbs.setdefault(text.split()[0] if " " in text or ":" not in text else "lay", text)
            legal = session.legal_texts()
            session.apply(rng.choice([t for t in legal if not t.startswith("guess")] or legal),
                          session.current_player)
        assert len(verbs) >= 2
        for verb, text in verbs.items():
            words = table.hint_move(text)
            assert words != text + "." and words.endswith("."), (text, words)
            assert verb not in re.findall(r"[a-z]+", words), f"English notation in the German hint: {words!r}"
    finally:
        d.close()


TILE_ID = re.compile(r"\b[WA]\d{1,2}\b")  # Circuit Breaker's notation ids: W1-W36, A1-A48


@pytest.mark.parametrize("language", ["en", "de"])
def test_circuit_breaker_log_says_what_a_tile_is_never_its_id(language):
    """Nobody at the table sees a tile's id ("A44"): the log says what the tile is and
    where it went, in either language."""
    storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"language": language})
    try:
        lines = [line for seed in (1, 2) for line in table_lines("circuit_breaker", 3, {}, seed)]
    finally:
        i18n.load_language("en")
    assert not [line for line in lines if TILE_ID.search(line)], [line for line in lines if TILE_ID.search(line)][:3]
    wire, facing = ("wire", "facing") if language == "en" else ("Leitung", "Anschluss")
    assert any(wire in line for line in lines) and any(facing in line for line in lines)


def test_circuit_breaker_german_names_a_pile_as_an_open_stack_in_its_case():
    """German said "zu dem Stapel Leitungen 2" and "warf ... auf Geräte 2 ab", and called a
    face-up appliance pile "Gerätestapel", the face-down stack's label. The rules page says
    "offener Gerätestapel"; a pile now reads "zum offenen Leitungsstapel 2", "auf den
    offenen Gerätestapel 2", and stacks "vom Gerätestapel"."""
    storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"language": "de"})
    try:
        lines = [line for seed in (1, 2) for line in table_lines("circuit_breaker", 3, {}, seed)]
        messages = [i18n.tr_message(f"{pile} is empty") for pile in ("wire-1", "appliance-3")]
    finally:
        i18n.load_language("en")
    stiff = re.compile(r"Stapel (Leitungen|Geräte) \d|auf Geräte \d|\b(zu|von) dem\b")
    assert not [line for line in lines if stiff.search(line)], [line for line in lines if stiff.search(line)][:3]
    assert any("auf den offenen Gerätestapel" in line for line in lines)
    assert messages == ["Der offene Leitungsstapel 1 ist leer", "Der offene Gerätestapel 3 ist leer"]
    catalogue = json.loads(asset("i18n", "de.json").read_text(encoding="utf-8"))
    piles = {k: v for k, v in catalogue.items() if re.search(r"appliance(-\d| \{n\})? piles?\b", k)}
    assert piles and all(re.search(r"offenen? Gerätestapel", v) for v in piles.values()), piles
