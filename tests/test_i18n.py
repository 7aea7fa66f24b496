"""Localisation: every user-visible string goes through tr(), and the shipped German
catalogue covers all of them with the same placeholders."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from game import i18n
from game.core.errors import IllegalAction
from game.paths import asset
from game.session import GameSession

ROOT = Path(__file__).resolve().parent.parent


def source_strings() -> set[str]:
    """Every literal passed to tr() in the code."""
    found = set()
    for path in (ROOT / "game").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "tr" \
                    and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                found.add(node.args[0].value)
    return found


def data_strings() -> set[str]:
    """Strings the UI shows through tr() that come from data: titles, option texts, names,
    the tutorials' coach texts and the cube puzzles' titles and hints."""
    from game.rules import CATALOG, get_rules, is_available
    from game.rules.blockers import SYMBOLS
    from game.rules.circuit_breaker import helpers
    from game.rules.cube import PIECES
    from game.rules.cube.puzzle import load_puzzles
    from game.scenes.breaks_text import CARD_NAMES, JOKER, NUMBER_CARD, RANK_NAMES, SUIT_NAMES
    from game.scenes.stats_scene import LEVEL_NAMES
    from game.session import SEAT_KINDS, seat_label
    from game.tutorial import load_tutorial
    out = set()
    for info in CATALOG:
        out |= {info.title, info.blurb}
        for spec in get_rules(info.name).options:
            if not spec.hidden:
                out |= {spec.label, spec.help} | {str(c).replace("_", " ") for c in spec.choices}  # choice_label
                out |= {spec.extra.get("seat_label", ""), spec.extra.get("seat_help", "")}  # per-seat options
                out |= set(spec.extra.get("labels", {}).values())  # words for a number ("no limit")
    out |= {seat_label(s) for s in SEAT_KINDS} | set(RANK_NAMES.values()) | set(SUIT_NAMES.values())
    out |= {*CARD_NAMES.values(), NUMBER_CARD, JOKER}  # Breaks cards in words
    out |= {p.name for p in PIECES.values()} | set(LEVEL_NAMES.values())
    out |= {helpers.tile_info(f"A{4 * (t - 1) + 1}")["name"] for t in range(1, 13)}
    from game.scenes.circuit_breaker_words import WIRE_PHRASES, appliance_phrase
    out |= set(WIRE_PHRASES.values()) | {appliance_phrase(name) for name in helpers.DATA.type_names}  # tiles named
    out |= {n.replace("-", " ") for row in helpers.MARKET_ROWS for n in row}
    out |= {text for puzzle in load_puzzles()[0] for text in (puzzle.title, puzzle.hint)}
    out |= set(SYMBOLS)  # Blockers! tiles named in the log
    from game import storage
    out |= set(storage.WRITE_PROBLEMS.values()) | {storage.OTHER_WRITE_PROBLEM}  # why a save failed
    from game.scenes.table_base import TableScene
    from game.scenes.tables import table_class
    out |= {TableScene.undo_limit} | {table_class(info.name).undo_limit for info in CATALOG}  # Ctrl+Z refusals
    for info in CATALOG:  # the coach shows each step's say through tr() (table_base.draw_coach)
        if is_available(info.name):
            out |= {step.say for step in load_tutorial(info.name).steps}
    return {s for s in out if s}


def test_german_catalogue_covers_every_string_with_matching_placeholders():
    catalogue = json.loads(asset("i18n", "de.json").read_text(encoding="utf-8"))
    needed = source_strings() | data_strings()
    missing = sorted(needed - set(catalogue))
    assert not missing, f"untranslated: {missing[:10]}"
    for english, german in catalogue.items():
        if english.startswith(i18n.YOU_KEY):
            continue  # second-person forms: checked below
        assert sorted(re.findall(r"\{[^}]*\}", english)) == sorted(re.findall(r"\{[^}]*\}", german)), english


def test_second_person_forms_belong_to_a_template_and_drop_only_the_reader():
    catalogue = json.loads(asset("i18n", "de.json").read_text(encoding="utf-8"))
    forms = {k[len(i18n.YOU_KEY):]: v for k, v in catalogue.items() if k.startswith(i18n.YOU_KEY)}
    assert len(forms) > 30
    sources = source_strings()
    for template, german in forms.items():
        assert template in sources and template in catalogue, template
        english, local = set(re.findall(r"\{[^}]*\}", template)), set(re.findall(r"\{[^}]*\}", german))
        dropped = english - local
        assert local <= english and len(dropped) == 1 and dropped <= {"{who}", "{name}"}, template


def test_a_template_with_the_reader_as_subject_takes_its_second_person_form():
    try:
        assert i18n.load_language("de") is None
        you = i18n.tr("You")
        assert i18n.tr("{who} ended the turn.", who=you) == "Du hast den Zug beendet."
        assert i18n.tr("{who} ended the turn.", who="Spieler 2") == "Spieler 2 hat den Zug beendet."
        assert i18n.tr("{who} placed {tile} at {where}.", who=you, tile="ein Gerät (Lavalampe)",
                       where="2,3, Anschluss nach Süden") \
            == "Du hast ein Gerät (Lavalampe) gelegt: Feld 2,3, Anschluss nach Süden.", "participle first"
        assert i18n.tr("Final turn: {who}", who=you) == "Letzter Zug: Du", "no form given: the usual one"
    finally:
        i18n.load_language("en")
    assert i18n.tr("{who} ended the turn.", who="You") == "You ended the turn."


def test_german_narrates_what_happened_in_one_tense_the_perfekt():
    """Log lines said "Du legtest ..." beside "Du hast ... gezogen". Every German template,
    for the reader or another seat, now tells a past move in the Perfekt."""
    weak = "legte|sicherte|spielte|versetzte|entfernte|schickte|beendete|fragte|zahlte|jagte"  # also adjectives
    old = re.compile(r"\b(?:zogs?t?|warfs?t?|brachs?t?|ließe?s?t?|behielts?t?|übersprangs?t?|riets?t?|nahms?t?|"
                     r"schlugs?t?|ging|gingen|wanderten|begann|begannst)\b"
                     rf"|\b(?:{weak.replace('|', 'st|')}st)\b|(?:\{{who\}}|\{{name\}}|Spieler \{{n\}}) (?:{weak})\b")
    found = []
    for name in (("i18n", "de.json"), ("i18n", "messages", "de.json")):
        catalogue = json.loads(asset(*name).read_text(encoding="utf-8"))
        found += [german for german in catalogue.values() if old.search(german)]
    assert not found, found[:5]
    try:
        assert i18n.load_language("de") is None
        you = i18n.tr("You")
        assert i18n.tr("{who} drew: {k}.", who=you, k="Zap") == "Du hast Zap gezogen."
        assert i18n.tr("{who} drew: {k}.", who="Spieler 2 (KI)", k="Zap") == "Spieler 2 (KI) hat Zap gezogen."
        assert i18n.tr("You drew {card}.", card="Herz-7") == "Du hast Herz-7 gezogen."
    finally:
        i18n.load_language("en")


def test_german_keeps_one_word_and_one_gender_for_the_same_thing():
    """A Breaks hint explains "Leg die Karte in Fach 2." with "It ...": the card (die Karte) is
    "sie" in every reason, not "Sie verlängert" beside "Es beginnt"; a break is "brechen" as in
    the rules and the log, not "aufbrechen". Break the Cube calls the
    shape on the stand "versteckt" (the rules' word, as on the button "Form verstecken"), for the reader
    and for a seat shown by the computer alike."""
    try:
        assert i18n.load_language("de") is None
        reasons = [i18n.tr("It starts a new sequence."), i18n.tr("It grows that sequence to {n} cards.", n=3),
                   i18n.tr("It completes a stack of five.")]
        assert all(r.startswith("Sie ") for r in reasons), reasons
        move = i18n.tr("Break {victim}'s slot {s} and move those cards onto your slot {t}.",
                       victim="Spieler 2", s=1, t=3)
        assert move == "Brich Fach 1 von Spieler 2 und leg diese Karten in dein Fach 3.", "brechen, as the rules say"
        labels = [i18n.tr("Your hidden shape"), i18n.tr("{who}'s hidden shape", who="Spieler 2 (KI)")]
        assert all(re.search(r"\b[Vv]ersteckte\b", label) for label in labels), labels
    finally:
        i18n.load_language("en")

def test_german_calls_a_seat_spieler_never_platz_which_reads_as_a_rank():
    """"Platz 2 (KI) gewinnt" read as "second place wins", above a results list ranked
    "Platz 2 (KI), Du, Platz 3 (KI)": in German "Platz" is a ranking. A seat is "Spieler 2",
    in names, the log, the engines' messages and the rules pages alike."""
    seat = re.compile(r"\b[Ss]eat \{[a-z]+\}|\bnext seat\b")
    found = []
    for name in (("i18n", "de.json"), ("i18n", "messages", "de.json")):
        catalogue = json.loads(asset(*name).read_text(encoding="utf-8"))
        found += [german for english, german in catalogue.items() if seat.search(english) and "Platz" in german]
    assert not found, found[:5]
    # nor a seat unnumbered ('Keine menschlichen Plätze', 'spielt an jedem Platz'), nor the
    # per-seat option ('Notizblatt: je Platz' beside 'Spieler 2: Mensch'): it is 'je Spieler'
    seats = [german for name in (("i18n", "de.json"), ("i18n", "messages", "de.json"))
             for english, german in json.loads(asset(*name).read_text(encoding="utf-8")).items()
             if re.search(r"\bseats?\b", english) and re.search(r"Pl[aä]tz", german)]
    assert not seats, seats
    rules = [p.name for p in asset("rules", "de").glob("*.txt")
             if re.search(r"Platz \d|einen Platz|jedem Platz|[Jj]e Platz", p.read_text("utf-8"))]
    assert not rules, rules
    try:
        assert i18n.load_language("de") is None
        assert i18n.tr("{name} wins", name=i18n.tr("Seat {n} (AI)", n=2)) == "Spieler 2 (KI) gewinnt"
        assert i18n.tr_message("seat 3 is you") == "Spieler 3 bist du selbst"
        assert i18n.tr("per seat") == "je Spieler"
    finally:
        i18n.load_language("en")


def test_german_names_a_saved_game_in_sentences_that_read_once():
    """Leaving a table said "Fortsetzen auf dem Startbildschirm setzt es fort" (continue continues
    it), and a new game asked over "dein laufendes Spiel Blockers!." with two marks at the end."""
    from game.rules import CATALOG
    try:
        assert i18n.load_language("de") is None
        replaced = [i18n.tr("A new game takes the place of your unfinished {title} game.", title=i18n.tr(info.title))
                    for info in CATALOG]
        assert i18n.tr("A new game takes the place of your unfinished {title} game.", title="Blockers!") \
            == "Dein laufendes Spiel „Blockers!“ wird durch das neue ersetzt."
        assert not [text for text in replaced if re.search(r"[!?.]\.$", text)], replaced
        saved = [i18n.tr("The game is saved: Continue on the title screen resumes it."),
                 i18n.tr("Your game was saved after its last completed move: Continue on the title screen resumes it.")]
        assert all(text.endswith("Auf dem Startbildschirm kannst du es fortsetzen.") for text in saved), saved
    finally:
        i18n.load_language("en")


def test_switching_language_translates_and_english_is_the_fallback():
    try:
        assert i18n.load_language("de") is None
        assert i18n.tr("Your turn") == "Du bist dran"
        assert i18n.tr("Round {n}", n=3) == "Runde 3"
        assert i18n.tr("a string nobody translated") == "a string nobody translated"
    finally:
        i18n.load_language("en")
    assert i18n.tr("Your turn") == "Your turn"


def test_a_broken_catalogue_falls_back_to_english(monkeypatch, tmp_path):
    (tmp_path / "xx.json").write_text("[1, 2]")
    monkeypatch.setattr("game.paths.asset", lambda *parts: tmp_path.joinpath(*parts[1:]) if parts[0] == "i18n"
                        else asset(*parts))
    monkeypatch.setattr(i18n, "available_languages", lambda: ["en", "xx"])
    problem = i18n.load_language("xx")
    assert problem and "xx.json" in problem and i18n.language() == "en"


def test_a_catalogue_with_a_number_for_a_translation_is_refused_and_german_gives_way_to_english(
        monkeypatch, tmp_path):
    (tmp_path / "xx.json").write_text(json.dumps({"Play": 3}))
    try:
        assert i18n.load_language("de") is None and i18n.language() == "de"
        monkeypatch.setattr("game.paths.asset", lambda *parts: tmp_path.joinpath(*parts[1:])
                            if parts[0] == "i18n" else asset(*parts))
        monkeypatch.setattr(i18n, "available_languages", lambda: ["en", "de", "xx"])
        problem = i18n.load_language("xx")
        assert problem and "translation strings" in problem
        assert i18n.language() == "en" and i18n.tr("Play") == "Play", "the message says English: so is the menu"
    finally:
        i18n.load_language("en")


def test_a_broken_catalogue_entry_falls_back_to_the_english_filled_in():
    try:
        i18n.set_language("de", {"{who} drew: {k}.": "{wer} zog {k}."})
        assert i18n.tr("{who} drew: {k}.", who="Seat 2", k="3") == "Seat 2 drew: 3."
    finally:
        i18n.load_language("en")


def test_a_language_that_is_not_shipped_says_so_plainly():
    problem = i18n.load_language("zz")
    assert problem == "Language 'zz' is not available in this version; using English" and i18n.language() == "en"


@pytest.mark.parametrize("code", ["de"])
def test_title_screen_in_another_language(code):
    from game import storage
    from tests.ui.driver import Driver
    dirs = storage.user_dirs()
    storage.atomic_write_json(storage.settings_path(dirs), {"language": code})
    d = Driver()
    try:
        d.frames(2)
        texts = [b.text for b in d.top._callbacks]
        assert "Einstellungen" in texts and "Spielen" in texts
    finally:
        d.close()
        i18n.load_language("en")


def translated_languages() -> list[str]:
    return [code for code in i18n.available_languages() if code != "en"]


@pytest.mark.parametrize("code", translated_languages())
def test_every_rules_page_is_translated_line_for_line(code):
    """A shipped language has each game's rules page, with the English page's structure
    (same headings, bullets and paragraphs in the same order) and its own words."""
    from game.rules import CATALOG
    from game.scenes.rules_page import rules_blocks
    for info in CATALOG:
        english = rules_blocks(asset("rules", f"{info.name}.txt").read_text(encoding="utf-8"))
        path = asset("rules", code, f"{info.name}.txt")
        assert path.is_file(), f"no {code} rules page for {info.name}"
        translated = rules_blocks(path.read_text(encoding="utf-8"))
        assert [b.kind for b in translated] == [b.kind for b in english], info.name
        same = [b.text for b, e in zip(translated, english, strict=True) if b.text == e.text]
        assert len(same) <= len(english) // 10, f"{info.name}: left in English: {same[:3]}"


def test_the_rules_page_follows_the_language_and_falls_back_to_english():
    from game.scenes.rules_page import load_rules_text
    try:
        assert i18n.load_language("de") is None
        assert load_rules_text("breaks") == asset("rules", "de", "breaks.txt").read_text(encoding="utf-8")
        i18n.set_language("xx")  # a language without rules pages
        assert load_rules_text("breaks") == asset("rules", "breaks.txt").read_text(encoding="utf-8")
    finally:
        i18n.load_language("en")
    assert load_rules_text("breaks").startswith("# How to play: Breaks")


def test_engine_messages_are_translated_by_template():
    """tr_message: a template's placeholders take any text (a repeated name the same text),
    the captured values are translated when a catalogue knows them, the template with the
    most literal text wins, and anything unknown or broken stays English."""
    messages = {"{card} does not match {top}": "{card} passt nicht zu {top}",
                "capturing {square} would split {colour}'s group": "{square} teilt die Gruppe von {colour}",
                "{a} and {a}": "zweimal {a}",
                "seat {n} is you": "Platz {n} bist du",
                "seat {n} {rest}": "{broken}",
                "all blocks are flat": "alle Blöcke liegen flach"}
    try:
        i18n.set_language("de", {"red": "Rot"}, messages)
        assert i18n.tr_message("7H does not match 3D") == "7H passt nicht zu 3D"
        assert i18n.tr_message("capturing C5 would split red's group") == "C5 teilt die Gruppe von Rot"
        assert i18n.tr_message("x and x") == "zweimal x"
        assert i18n.tr_message("x and y") == "x and y"
        assert i18n.tr_message("seat 2 is you") == "Platz 2 bist du"  # more literal text than "seat {n} {rest}"
        assert i18n.tr_message("seat 2 has left") == "seat 2 has left"  # the broken entry keeps the English
        assert i18n.tr_message("all blocks are flat") == "alle Blöcke liegen flach"
        assert i18n.tr_message("something new") == "something new"
    finally:
        i18n.load_language("en")
    assert i18n.tr_message("7H does not match 3D") == "7H does not match 3D"


def test_a_damaged_message_catalogue_leaves_the_messages_in_english(monkeypatch, tmp_path):
    (tmp_path / "messages").mkdir()
    (tmp_path / "messages" / "de.json").write_text("{not json")
    real = asset

    def fake(*parts):
        return tmp_path.joinpath(*parts[1:]) if parts[:2] == ("i18n", "messages") else real(*parts)
    monkeypatch.setattr("game.paths.asset", fake)
    try:
        assert i18n.load_language("de") is None  # the menus still switch
        assert i18n.tr("Your turn") == "Du bist dran"
        assert i18n.tr_message("7H does not match 3D") == "7H does not match 3D"
    finally:
        i18n.load_language("en")


def engine_messages() -> set[str]:
    """What the rules say to a player in the client: reasons met in random games (with
    options on), Break the Cube's building problems, Breaker Blocks' step prompts and
    end reasons."""
    from game.rules.breaker_blocks import geometry, steps
    from game.rules.cube.shapes import check_partial, check_shape
    from game.scenes.cube_build import Builder, in_words
    from tests.engine_messages import gather
    found = {"it is not your turn"}
    for game, games, options in (("breaks", 8, {}), ("breaks", 4, {"jokers": True, "break_to_empty": True}),
                                 ("blockers", 6, {}), ("blockers", 2, {"advanced": True}),
                                 ("breaker_blocks", 4, {}), ("breaker_blocks", 2, {"action_set": "first_game"}),
                                 ("circuit_breaker", 4, {}), ("cube", 2, {"sudden_death": True})):
        found |= gather(game, games, options=options, players=2 if options.get("advanced") else None)
    pieces = ("S", "M", "L")
    for shape in ("S:1.1,2.1 M:4.1,5.1,7.1 L:3.1,6.1,9.1,8.1",   # all flat
                  "S:1.2,2.2 M:4.1,5.1,7.1 L:3.1,6.1,9.1,8.1",   # floating
                  "S:5.1,5.2 M:5.1,4.1,7.1 L:3.1,6.1,9.1,8.1",   # overlap
                  "S:1.1,9.1 M:4.1,5.1,7.1 L:3.1,6.1,9.1,8.1",   # not a small block
                  "S:5.1,5.2 M:4.1,5.1,7.1"):                    # missing block
        found |= {check_shape(shape, pieces) or "", in_words(check_shape(shape, pieces)) or ""}  # engine, board
    found.add(check_partial({"S": 0, "M": 0}, pieces) or "")
    found.add(in_words(check_partial({"S": ["5.2", "6.2"]}, pieces)) or "")  # a block dropped half over a gap
    builder = Builder(pieces)
    found |= {builder.problem() or "", builder.landing("L", 9, 9).problem or ""}
    A = geometry
    for kind, count in ((A.ACCELERATE, 3), (A.ANNIHILATE, 1), (A.AGITATE, 2), (A.AUTOMATE, 1), (A.ATTENUATE, 2),
                        (A.AGGRAVATE, 2)):
        found |= {steps.prompt((kind, (0, 0), i), mover) for i in range(count) for mover in (0, 1)}
    found |= {steps.end_reason(code, 1, 0, 30).text for code in ("authenticate", "final_turn", "turn_cap", "sealed")}
    found.add(steps.end_reason("turn_cap", None, None, 1).text)  # a limit of one turn is worded on its own
    return found - {""}


@pytest.mark.parametrize("code", translated_languages())
def test_every_engine_message_a_player_can_meet_is_translated(code):
    messages = engine_messages()
    assert len(messages) > 300  # the gathering really met the engines' reasons
    try:
        assert i18n.load_language(code) is None
        untranslated = sorted(m for m in messages if i18n.tr_message(m) == m)
    finally:
        i18n.load_language("en")
    assert not untranslated, f"{len(untranslated)} untranslated, e.g. {untranslated[:5]}"


@pytest.mark.parametrize("code", translated_languages())
def test_the_message_catalogue_keeps_every_placeholder(code):
    catalogue = json.loads(asset("i18n", "messages", f"{code}.json").read_text(encoding="utf-8"))
    for english, translated in catalogue.items():
        assert sorted(re.findall(r"\{[^}]*\}", english)) == sorted(re.findall(r"\{[^}]*\}", translated)), english
        assert not re.search(r"\}\{", english), f"adjacent placeholders cannot be told apart: {english}"


def test_a_broken_save_is_reported_in_the_players_language(tmp_path):
    from game import storage
    from game.scenes.base import AppScene
    dirs, path = _user_file(tmp_path, storage.autosave_path)
    path.write_text("{ not json")
    _record, problem = storage.load_autosave(dirs)
    assert problem.startswith("Could not continue: ")
    try:
        i18n.load_language("de")
        german = i18n.tr_message(problem)
        scene = AppScene.__new__(AppScene)
        scene.show_toast(problem)
    finally:
        i18n.load_language("en")
    assert german.startswith("Fortsetzen nicht möglich: ") and "kein gültiges JSON (Zeile 1" in german
    assert "aufbewahrt als autosave.json.bad-" in german
    assert scene.toast == german, "toasts show storage messages translated"


@pytest.mark.parametrize("text", ['{ "format": 1, "log": {"ga', '{"format" 1}', '[1 2]', '{"format":}', '[1,]',
                                  '{"a": 1,}', '"a\x01"', '"\\q"', '"\\u12"', '{} x'])
@pytest.mark.parametrize("with_previous_save", [False, True])
def test_why_a_save_is_not_valid_json_is_said_in_german_too(tmp_path, text, with_previous_save):
    # the parser's reason (Python's own English) sat in the middle of the German notice
    from game import storage
    try:
        json.loads(text)
    except json.JSONDecodeError as exc:
        why = exc.msg
    dirs, path = _user_file(tmp_path, storage.autosave_path)
    if with_previous_save:
        storage.atomic_write_json(path, {"format": 1}, keep_previous=True)
        storage.atomic_write_json(path, {"format": 1}, keep_previous=True)
    path.write_text(text, encoding="utf-8")
    problem = storage.find_autosave(dirs)[2]
    assert f": {why})" in problem
    try:
        i18n.load_language("de")
        german = i18n.tr_message(problem)
    finally:
        i18n.load_language("en")
    assert "kein gültiges JSON (Zeile 1: " in german and why not in german, german


def test_german_keeps_a_guess_apart_from_a_hint():
    """German 'Tipp' is the hint button's word; a cube guess must not share it, or 'a wrong
    Tipp knocks you out' reads as if asking for a hint were punished."""
    from game.scenes.rules_page import rules_blocks
    catalogue = json.loads(asset("i18n", "de.json").read_text(encoding="utf-8"))
    pairs = list(catalogue.items())
    english = rules_blocks(asset("rules", "cube.txt").read_text(encoding="utf-8"))
    german = rules_blocks(asset("rules", "de", "cube.txt").read_text(encoding="utf-8"))
    pairs += [(e.text, g.text) for e, g in zip(english, german, strict=True)]
    mixed = [en for en, de in pairs if re.search(r"\bguess", en, re.I) and not re.search(r"\bhint", en, re.I)
             and "Tipp" in de]
    assert not mixed, mixed


def test_a_broken_data_file_is_reported_in_german_around_its_technical_detail(tmp_path):
    """The frame of a data-file problem (which file, unreadable, not TOML, which key) is
    translated; only a parser's own detail and the key names stay as written."""
    from game.rules.blockers.data import load_board
    from game.rules.breaker_blocks.data import load_level
    from game.rules.breaks.cards import load_deck
    from game.rules.circuit_breaker.data import load_data as load_circuit
    from game.rules.cube.data import load_data as load_cube
    from game.rules.cube.puzzle import load_puzzle
    from game.tutorial import load_tutorial
    loaders = [load_deck, load_board, load_level, load_circuit, load_cube,
               lambda p: load_puzzle(p, 1), lambda p: load_tutorial("breaks", p)]
    contents = {"missing.toml": None, "not_toml.toml": "title = = 3\n", "empty.toml": ""}
    english = []
    for name, text in contents.items():
        path = tmp_path / name
        if text is not None:
            path.write_text(text, encoding="utf-8")
        for load in loaders:
            with pytest.raises(ValueError) as caught:
                load(path)
            english.append(str(caught.value))
    english.append(f"Breaks cannot start: {english[0]}")
    english.append(f"The tutorial cannot start: {tmp_path / 'x.toml'}: step 2 has no move: only the last step "
                   "may be a closing message")
    try:
        assert i18n.load_language("de") is None
        left = [(e, i18n.tr_message(e)) for e in english
                if re.search(r"cannot|missing key|not valid|unknown key|expected|step \d", i18n.tr_message(e))]
    finally:
        i18n.load_language("en")
    assert not left, left


def test_a_breaker_blocks_refusal_names_the_side_in_the_players_words():
    """A compass letter in a refusal is notation: German says Osten, not E. Only a
    {side} value is read as a direction; a tile called E keeps its name."""
    session = GameSession("breaker_blocks", ["human", "human"], seed=1, options={"first_player": 0})
    with pytest.raises(IllegalAction) as refused:
        session.check("play 0 at 3,0 from W")  # no hole on the core's east face points there
    english = str(refused.value)
    assert english.endswith("from W")
    try:
        assert i18n.load_language("de") is None
        german = i18n.tr_message(english)
        assert "von Westen her" in german and " W " not in f"{german} "
        assert i18n.tr_message("no E on your rack") == "Auf deiner Bank liegt kein Plättchen E"
    finally:
        i18n.load_language("en")


def _user_file(tmp_path: Path, path_of) -> tuple:
    """User folders under tmp_path, and the file ``path_of(dirs)`` names there (its folder made)."""
    from game import storage
    dirs = storage.UserDirs(tmp_path / "data", tmp_path / "config", tmp_path / "logs")
    path = path_of(dirs)
    path.parent.mkdir(parents=True)
    return dirs, path


def _in_german(message: str) -> str:
    """An engine or storage message as a German player reads it (English again after)."""
    try:
        i18n.load_language("de")
        return i18n.tr_message(message)
    finally:
        i18n.load_language("en")


def _saved(**changes):
    record = GameSession("breaks", ["human", "ai:easy"], seed=1, options={"first_player": 0}).to_record()
    record["log"] = {**record["log"], **changes.pop("log", {})}
    return {**record, **changes}


@pytest.mark.parametrize(("record", "german"), [
    ({"format": 99, "log": {}}, "Dieser Spielstand stammt aus einer neueren Breakbox-Version (Format 99"),
    ([1, 2], "Ein Spielstand muss ein JSON-Objekt sein"),
    (_saved(seats=["human"]), "Die Spielerliste des Spielstands passt nicht zur Spielerzahl"),
    (_saved(seats=["human", "robot"]), "unbekannte Spielerart 'robot'"),
    (_saved(log={"options": {"colour": 1}}), "unbekannte Option(en): colour"),
    (_saved(log={"actions": ["draw"], "actors": [1]}), "ist Spieler 2 zugeschrieben, dran war aber Spieler 1"),
    (_saved(log={"game": "chess"}), "unbekanntes Spiel 'chess'; bekannt sind breaks, blockers"),
])
def test_why_a_save_cannot_be_continued_reads_in_german_too(tmp_path, record, german):
    """The title's Continue problem, whichever layer refuses the save: file, format or game."""
    from game import storage
    from game.session import GameSession
    dirs, path = _user_file(tmp_path, storage.autosave_path)
    path.write_text(json.dumps(record))
    loaded, problem = storage.load_autosave(dirs)
    if loaded is not None:  # the file reads: the game itself refuses it, as the title then reports
        with pytest.raises(ValueError) as refused:
            GameSession.from_record(loaded)
        problem = f"Could not continue: {refused.value}"
    text = _in_german(problem)
    assert text.startswith("Fortsetzen nicht möglich: ") and german in text, text


def test_a_statistics_line_left_out_is_explained_in_german(tmp_path):
    from game import storage
    dirs, path = _user_file(tmp_path, storage.stats_path)
    line = {"played": 3, "wins": 1, "losses": 1, "draws": 0, "streak": 0, "best_streak": 1, "best_score": 2}
    path.write_text(json.dumps({"format": 1, "games": {"breaks": {"ai:easy": line}}}))
    _stats, problem = storage.load_stats(dirs)
    german = _in_german(problem)
    assert german.startswith("Statistik: Eine unlesbare Zeile ist weggelassen worden: ")
    assert "breaks/ai:easy: Die Zahlen gehen nicht auf" in german and "aufbewahrt als stats.json.bad-" in german


def test_statistics_lines_of_the_wrong_shape_are_explained_in_our_words_and_in_german(tmp_path):
    """Python's own TypeError was the reason given: 'game.stats.Line() argument after **
    must be a mapping, not NoneType', English in every language."""
    from game import storage
    dirs, path = _user_file(tmp_path, storage.stats_path)
    good = {"played": 1, "wins": 1, "losses": 0, "draws": 0, "streak": 1, "best_streak": 1, "best_score": 2}
    levels = {"ai:easy": None, "ai:hard": {**good, "rating": 1500}, "ai:normal": good}
    path.write_text(json.dumps({"format": 1, "games": {"breaks": levels}}))
    stats, problem = storage.load_stats(dirs)
    assert list(stats.games["breaks"]) == ["ai:normal"]
    assert problem.startswith("Statistics: 2 unreadable lines were left out: ") and \
        "breaks/ai:easy: expected a line of counts" in problem, problem
    assert "Line()" not in problem
    german = _in_german(problem)
    assert "breaks/ai:easy: Erwartet wird eine Zeile mit Zahlen" in german, german
    from game.stats import Stats
    assert Stats.salvage({"format": 1, "games": {"breaks": levels}})[1] == [
        "breaks/ai:easy: expected a line of counts", "breaks/ai:hard: unknown key(s): rating"]
    assert _in_german(f"{path}: breaks/ai:hard: unknown key(s): rating").endswith(
        "breaks/ai:hard: Unbekannte Schlüssel: rating")


def test_settings_reset_by_hand_edits_are_named_in_german(tmp_path):
    from dataclasses import fields

    from game import storage
    dirs, path = _user_file(tmp_path, storage.settings_path)
    path.write_text('{"volume": "loud", "window_scale": 7, "fullscreen": 1}')
    _settings, problem = storage.load_settings(dirs)
    try:
        i18n.load_language("de")
        german = i18n.tr_message(problem)
        every = [i18n.tr_message(f"setting {f.name.replace('_', ' ')}") for f in fields(storage.Settings)]
    finally:
        i18n.load_language("en")
    assert german.startswith("Einstellungen: Lautstärke, Fenstergröße, Vollbild in "), german
    assert not [name for name in every if name.startswith("setting ")], "every setting has its German name"


def test_a_statistics_file_of_the_wrong_shape_is_reset_in_german_to_the_end(tmp_path):
    """"(kept as ...)" closes the message in German too: the inner "format {n}" took it
    for part of the number and left it in English."""
    from game import storage
    dirs, path = _user_file(tmp_path, storage.stats_path)
    path.write_text("[1]")
    _stats, problem = storage.load_stats(dirs)
    german = _in_german(problem)
    assert german.startswith("Statistik zurückgesetzt: ") and "keine Statistikdatei im Format 1 (aufbewahrt als " \
        "stats.json.bad-" in german, german


def test_german_says_which_breaks_sequence_goes_on_top_in_a_merge():
    """'merge 1 2' lays slot 2 on top of slot 1; 'Vereine Fach 2 mit Fach 1' does not say
    which goes where (the hint then cannot be followed), so German names the direction."""
    catalogue = json.loads(asset("i18n", "de.json").read_text(encoding="utf-8"))
    for english in ("Merge slot {b} onto slot {a}.", "{who} merged slot {b} onto slot {a}.",
                    "@you {who} merged slot {b} onto slot {a}."):
        assert re.search(r"Fach \{b\} auf Fach \{a\}", catalogue[english]), (english, catalogue[english])


def test_german_keeps_stapel_for_the_five_card_stacks_of_breaks():
    """'Stapel' names the five-card stacks that score ('noch keine Stapel'); the draw pile's
    label under it read 'Stapel 46' as if it counted those."""
    catalogue = json.loads(asset("i18n", "de.json").read_text(encoding="utf-8"))
    assert "Stapel" in catalogue["no stacks yet"]
    assert "Stapel" not in catalogue["Draw {n}"].split()


def test_the_breaks_pile_captions_name_the_piles_as_the_status_line_does():
    """Under the piles a German player read "Nachziehen" (a verb) beside "Ablage" (a noun):
    the captions are the piles' names, the very words the status panel uses for them."""
    try:
        i18n.load_language("de")
        status = i18n.tr("Draw pile {d}, discard pile {x}", d=7, x=3)
        captions = [i18n.tr("Draw {n}", n=7), i18n.tr("Discard {n}", n=3)]
    finally:
        i18n.load_language("en")
    for caption in captions:
        assert caption in status, (caption, status)


def test_german_tells_a_past_event_in_the_perfekt_not_a_praeteritum_passive():
    """The log says "Du hast 7H gezogen"; notices said "Ein Rätsel wurde weggelassen" or
    "Es wurde noch keine Karte gezogen" beside it. A past event is "ist ... worden" in every
    catalogue line and on every rules page ('sofern seitdem keine Karte gezogen worden ist'), and
    what a file should hold is said in the present ("Erwartet wird ...")."""
    for name in ("de.json", "messages/de.json"):
        catalogue = json.loads(asset("i18n", *name.split("/")).read_text(encoding="utf-8"))
        old = [german for german in catalogue.values() if re.search(r"\bwurden?\b", german)]
        assert not old, (name, old[:3])
    pages = [p.name for p in asset("rules", "de").glob("*.txt") if re.search(r"\bwurden?\b", p.read_text("utf-8"))]
    assert not pages, f"rules pages too: {pages}"


TURN_WORDS = {"Zug", "Zugs", "Züge", "Zügen", "Zuggrenze"}  # "turn" in German; a move is Spielzug or Schritt


@pytest.mark.parametrize("catalogue", [("i18n", "de.json"), ("i18n", "messages", "de.json")])
def test_german_says_zug_for_a_turn_never_for_a_move(catalogue):
    """A turn may hold several moves (Breaker Blocks: two actions and their steps), and
    English keeps them apart: a German text about moves and not turns uses no word for a
    turn ("Züge" meant both, so 'take back a move' and 'Turns played' read alike)."""
    entries = json.loads(asset(*catalogue).read_text(encoding="utf-8"))
    for english, german in entries.items():
        if re.search(r"\bmoves?\b", english) and not re.search(r"\bturns?\b", english):
            words = set(re.findall(r"\w+", german))
            assert not words & TURN_WORDS and "Zugprotokoll" not in german, (english, german)


@pytest.mark.parametrize("catalogue", [("i18n", "de.json"), ("i18n", "messages", "de.json")])
def test_german_says_dran_for_whose_turn_it_is(catalogue):
    """The table, the hand-off and a move out of turn say 'ist dran' / 'nicht dran'; a
    tutorial script's error ('Der Lernende ist nicht am Zug'), a save's ('am Zug war aber')
    and Circuit Breaker's mouse ('sobald ihr Besitzer am Zug ist') still said 'am Zug'."""
    entries = json.loads(asset(*catalogue).read_text(encoding="utf-8"))
    assert not [german for german in entries.values() if "am Zug" in german]


LONG_IMPERATIVES = ("Lege", "Ziehe", "Baue", "Schlage", "Versetze", "Überspringe", "Schicke", "Klicke", "Drücke")


def test_german_says_leg_and_zieh_the_short_du_form_everywhere():
    """The catalogue tells the player 'Leg', 'Zieh', 'Bau' and 'Klick' nearly everywhere, but the
    title screen's blurbs read 'Lege Plättchen ... und schlage' and 'Ziehe, vereine ...', and AGITATE
    'Versetze ... oder überspringe' beside the hint's 'Versetz das Plättchen': one verb, one form."""
    long_form = re.compile(rf"\b(?:{'|'.join(LONG_IMPERATIVES)})\b", re.IGNORECASE)
    texts = [german for name in (("i18n", "de.json"), ("i18n", "messages", "de.json"))
             for german in json.loads(asset(*name).read_text(encoding="utf-8")).values()]
    texts += [p.read_text("utf-8") for p in asset("rules", "de").glob("*.txt")]
    found = [m.group(0) for text in texts for m in long_form.finditer(text)]
    assert not found, found


def test_german_says_weniger_ist_besser_wherever_a_low_score_is_the_good_one():
    """The Blockers! score panel read 'Punkte (niedriger gewinnt)' ('lower wins', of points
    nobody called low) and the statistics 'niedriger ist besser': German says 'weniger ist
    besser', the idiom, on the panel, in the final scores, the statistics and the rules page."""
    catalogue = json.loads(asset("i18n", "de.json").read_text(encoding="utf-8"))
    lower = {english: german for english, german in catalogue.items()
             if re.search(r"\(lower (is better|wins)\)", english)}
    assert len(lower) == 3 and all("(weniger ist besser)" in german for german in lower.values()), lower
    assert "## Wertung (weniger ist besser)" in asset("rules", "de", "blockers.txt").read_text("utf-8")


def test_german_names_the_enter_key_as_its_cap_reads_and_the_title_says_what_the_keys_do():
    """The keys were 'Enter' on the buttons ('Weiter (Enter)') and the hand-off but 'Eingabe'
    on the title screen and the rules pages; and the title's 'Tab / Pfeile bewegen, Eingabe
    wählt' left open what moves and what is chosen."""
    from game import storage
    from tests.ui.driver import Driver
    texts = [german for name in (("i18n", "de.json"), ("i18n", "messages", "de.json"))
             for german in json.loads(asset(*name).read_text(encoding="utf-8")).values()]
    texts += [p.read_text("utf-8") for p in asset("rules", "de").glob("*.txt")]
    assert not [text for text in texts if re.search(r"\bEingabe\b", text)]
    storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"language": "de"})
    d = Driver()
    try:
        drawn = [text for text, _, _ in d.labels(frames=2)]
        assert "Mit Tab oder den Pfeiltasten wählen, mit Enter bestätigen; F11: Vollbild" in drawn, drawn
    finally:
        d.close()
        i18n.load_language("en")


def test_german_names_the_advanced_blockers_game_one_way():
    """The set-up offered a 'Fortgeschrittenes Spiel zu zweit' (which also reads as a game far
    along), the rules page called it that and 'Spiel für Fortgeschrittene' a few lines apart."""
    texts = [asset("rules", "de", "blockers.txt").read_text("utf-8"),
             *json.loads(asset("i18n", "de.json").read_text(encoding="utf-8")).values()]
    assert not [t for t in texts if re.search(r"\bfortgeschrittene[ns]? Spiel", t, re.IGNORECASE)]
    assert texts[0].count("Spiel für Fortgeschrittene") == 8


def test_german_says_gezogen_only_for_a_card_or_tile_drawn():
    """'ziehen' is to draw a card or a tile in these games (and 'Zieh ...' to drag one), so
    'Spieler 2 hat seit deiner letzten Entscheidung gezogen' read as 'drew a card' when it meant
    'has moved'; and a Blockers! game nobody can go on with ends when 'niemand mehr ein
    Plättchen legen kann', not 'einen Zug machen' (a turn is 'Zug', a pass is one too)."""
    for name in (("i18n", "de.json"), ("i18n", "messages", "de.json")):
        entries = json.loads(asset(*name).read_text(encoding="utf-8"))
        moved = [(en, de) for en, de in entries.items()
                 if "gezogen" in de and not re.search(r"\bdr(?:aws?|ew|awn)\b", en)]
        assert not moved, moved
    rules = asset("rules", "de", "blockers.txt").read_text("utf-8")
    assert "oder wenn niemand mehr ein Plättchen legen kann." in rules and "einen Zug machen" not in rules


def test_german_refuses_every_undo_in_the_same_words():
    """Ctrl+Z said 'Nichts zurückzunehmen: ...' at every table but 'Nichts rückgängig zu
    machen: ...' in a cube puzzle: one refusal, one opening."""
    catalogue = json.loads(asset("i18n", "de.json").read_text(encoding="utf-8"))
    refusals = {en: de for en, de in catalogue.items() if en.startswith("Nothing to undo: ")}
    assert len(refusals) >= 8
    assert all(de.startswith("Nichts zurückzunehmen: ") for de in refusals.values()), refusals
