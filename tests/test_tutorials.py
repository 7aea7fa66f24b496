"""Every game's tutorial script loads and plays through the rules engine: each move it
teaches and each scripted opponent move is legal in order, and the game ends."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.paths import level_file
from game.tutorial import TutorialError, check_script, load_tutorial

GAMES = sorted(p.stem for p in level_file("tutorials").glob("*.toml"))


@pytest.mark.parametrize("game", GAMES)
def test_tutorial_script_is_legal_from_start_to_finish(game):
    tutorial = load_tutorial(game)
    assert tutorial.steps and tutorial.seats.count("human") == 1
    check_script(tutorial)


def test_every_game_has_a_tutorial():
    from game.rules import CATALOG
    assert set(GAMES) == {info.name for info in CATALOG}


def test_broken_tutorial_files_are_refused_naming_the_file(tmp_path: Path):
    path = tmp_path / "breaks.toml"
    path.write_text('title = "x"\nseats = ["human", "ai:easy"]\n[[step]]\nexpect = "draw"\n')
    with pytest.raises(TutorialError, match=r"breaks\.toml: step 1 needs a 'say'"):
        load_tutorial("breaks", path)


def test_the_cube_tutorial_guess_follows_from_the_answers_it_shows():
    """The coach says the answers leave one shape: every question asked before the guess
    (the learner's and the opponent's, all answered about the opponent's shape too) must
    leave exactly the shape it asks the learner to build."""
    from game.rules.cube import answer, consistent_shapes, parse_shape
    tutorial = load_tutorial("cube")
    pieces = ("S", "M", "L")
    secret = facts = None
    facts = []
    for step in tutorial.steps:
        move = step.opponent or step.expect or ""
        if step.opponent and move.startswith("build "):
            secret = parse_shape(move.removeprefix("build "), pieces)
        elif move.startswith("ask "):
            question = move.removeprefix("ask ")
            facts.append((question, answer(secret, question)))
        elif step.expect and move.startswith("guess "):
            assert consistent_shapes(pieces, facts) == [parse_shape(move.removeprefix("guess "), pieces)]
            return
    raise AssertionError("the cube tutorial has no guess step")


def _breaks_walk():
    """(step, view before its move, view after it) for every move of the Breaks script."""
    from game.rules import get_rules
    tutorial = load_tutorial("breaks")
    state = get_rules("breaks").new_game(len(tutorial.seats), 1, **tutorial.options)
    for step in tutorial.steps:
        text = step.opponent or step.expect
        if text is None:
            continue
        before = state.view(0)
        state.apply(state.parse(text))
        yield step, before, state.view(0)


def test_breaks_tutorial_counts_the_cards_a_break_moves():
    """The coach's note after the break says how many cards landed: the stolen sequence
    and the court card on top of it, not the slot's new total."""
    words = {4: "Four", 5: "Five", 6: "Six"}
    steps = load_tutorial("breaks").steps
    for step, before, _after in _breaks_walk():
        if step.expect and step.expect.startswith("break"):
            _, seat, slot, _mine = step.expect.split()
            landed = len(before["tableaux"][int(seat) - 1][int(slot) - 1]) + 1
            follow = next(s.say for s in steps[steps.index(step) + 1:])
            assert follow.startswith(f"{words[landed]} cards landed"), follow


def test_breaks_tutorial_says_when_a_draw_turns_the_discard_pile_over():
    """A draw from an empty draw pile takes the turned-over discard pile: the coach's note
    for that draw says so, rather than call it 'the last card' of a pile that shows 0."""
    for step, before, _after in _breaks_walk():
        if (step.opponent or step.expect) == "draw" and before["draw_count"] == 0:
            assert "turned over" in step.say, step.say


def _script_states(game):
    """(step, state before its move) for every move of a tutorial script."""
    from game.rules import get_rules
    tutorial = load_tutorial(game)
    state = get_rules(game).new_game(len(tutorial.seats), 1, **tutorial.options)
    for step in tutorial.steps:
        text = step.opponent or step.expect
        if text is None:
            continue
        yield step, state
        state.apply(state.parse(text))


def test_circuit_breaker_tutorial_says_how_to_turn_every_tile_it_asks_for():
    """Every appliance the coach asks to place turned (not r0) comes with the direction."""
    for step, _state in _script_states("circuit_breaker"):
        if step.expect and step.expect.startswith("place ") and not step.expect.endswith(" r0"):
            assert "point" in step.say, step.say


def test_the_circuit_breaker_coach_names_tiles_and_piles_as_the_table_shows_them():
    """No tile on screen shows its id (A1, W1) and no pile its key (appliance-1): the coach
    says which Bubble Maker by its connector and which pile by its label."""
    import re
    says = [step.say for step in load_tutorial("circuit_breaker").steps]
    assert not [s for s in says if re.search(r"\b[WA]\d{1,2}\b|\b(wire|appliance)-\d", s)]
    assert any("Bubble Maker with connector orange 1" in s for s in says)


def test_the_circuit_breaker_coach_names_connectors_as_the_captions_do():
    """The coach said 'connector 1' and 'connectors 1' while the captions and refusals name
    a connector by colour ('orange 1 with one tick'): it says 'connector orange 1' too, in
    German 'Anschluss orange 1'."""
    import json
    import re

    from game.paths import asset
    says = [step.say for step in load_tutorial("circuit_breaker").steps]
    german = json.loads(asset("i18n", "de.json").read_text(encoding="utf-8"))
    bare = re.compile(r"\b(connectors?|Anschl(uss|üssen?)) [123U]\b")
    assert not [s for s in says if bare.search(s)], [s for s in says if bare.search(s)]
    assert not [german[s] for s in says if bare.search(german[s])]
    colours = re.compile(r"\b(connectors?|Anschl(uss|üssen?)) "
                         r"(orange 1|sky blue 2|green 3|pink U|hellblau 2|grün 3|rosa U)")
    assert len([s for s in says if colours.search(s)]) == len([s for s in says if colours.search(german[s])]) >= 5


def test_a_tutorial_whose_script_cannot_be_played_does_not_start(tmp_path: Path, monkeypatch):
    """A scripted move the rules refuse left the learner waiting at that step for ever;
    now the set-up screen says which step of which file, in German too."""
    from game import i18n, storage
    from game.scenes.setup import SetupScene
    from tests.ui.driver import Driver
    script = level_file("tutorials", "breaks.toml").read_text(encoding="utf-8")
    (tmp_path / "breaks.toml").write_text(script.replace('expect = "place 1"', 'expect = "place 7"', 1),
                                          encoding="utf-8")
    monkeypatch.setattr("game.tutorial.level_file", lambda *parts: tmp_path / parts[-1])
    storage.user_dirs().config.joinpath("settings.json").write_text('{"language": "de"}')
    d = Driver(lambda app: SetupScene(app, "breaks"))
    try:
        d.top.open_tutorial()
        d.frames(2)
        assert isinstance(d.top, SetupScene), "no table opened"
        assert d.top.toast.startswith(f"Das Tutorial kann nicht starten: {tmp_path / 'breaks.toml'}: Schritt 2: "
                                      "'place 7' lässt sich nicht spielen: "), d.top.toast
    finally:
        d.close()
        i18n.load_language("en")


def _leaves(value, path=()):
    """Every (path, leaf) of a view or save, list positions left out of the path: where a
    thing lies (a rack, the pending card), not in which order."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _leaves(item, (*path, str(key)))
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _leaves(item, path)
    elif value is not None:
        yield path, str(value)


def _hidden_from(state, learner):
    """What the learner cannot see now, from the rules' own views: what another seat's view
    shows that the learner's does not (the card it drew, its rack), and what the whole game
    holds that no seat's view shows at all (the draw pile)."""
    views = [set(_leaves(state.view(seat))) for seat in range(state.num_players)]
    hidden = set().union(*(v for seat, v in enumerate(views) if seat != learner)) - views[learner]
    seen = {leaf for view in views for _path, leaf in view}
    hidden |= {(path, leaf) for path, leaf in _leaves(state.to_json()) if leaf not in seen}
    return hidden


def _breaks_words(path, leaf):
    """How the coach would name a card: '3 of hearts', 'Jack of hearts'."""
    from game.rules.breaks.cards import DECK
    from game.scenes.breaks_text import card_name
    return [card_name(leaf).removeprefix("the ")] if leaf in DECK.codes else []


def _blockers_words(path, leaf):
    """How the coach would name another colour's tile: 'its 1', "blue's 1", 'blue 1'."""
    from game.rules.blockers.layout import TILES
    colour = next((p for p in path if p in ("red", "blue", "yellow", "green")), None)
    if colour is None or leaf not in TILES:
        return []
    return [f"{owner} {leaf}" for owner in ("its", f"{colour}'s", colour, "opponent's")]


# Circuit Breaker and Break the Cube name no single tile or shape by what a view can list
# (a Bubble Maker is one of many; the cube's shape is deduced, which
# test_the_cube_tutorial_guess_follows_from_the_answers_it_shows checks), and Breaker Blocks
# hides nothing (test below): the two games whose coach names cards and tiles are checked here.
NAMED = {"breaks": _breaks_words, "blockers": _blockers_words}


def _shown_states(game):
    """(step, state while its words are on show) for every step: a step's words show until
    its move is made (the opponent's too: the learner reads them and presses Next first);
    the closing words show on the finished game."""
    from game.rules import get_rules
    tutorial = load_tutorial(game)
    state = get_rules(game).new_game(len(tutorial.seats), 1, **tutorial.options)
    for step in tutorial.steps:
        yield step, state
        text = step.opponent or step.expect
        if text is not None:
            state.apply(state.parse(next(str(a) for a in state.legal_actions() if step.accepts(str(a))))
                        if text.endswith("*") else state.parse(text))


@pytest.mark.parametrize("game", sorted(NAMED))
def test_the_coach_never_names_a_card_or_tile_hidden_from_the_learner(game):
    """The coach named the opponent's face-down card before it was played ('Your opponent
    places the 3 of hearts...' while only the opponent had seen it) and the tiles on its
    hidden rack ('Your opponent places its 1...'): what the coach says at each step may name
    only what the learner's own view shows then."""
    learner = load_tutorial(game).seats.index("human")
    told = []
    for i, (step, state) in enumerate(_shown_states(game), 1):
        for path, leaf in _hidden_from(state, learner):
            for words in NAMED[game](path, leaf):
                if re.search(rf"(?<!\w){re.escape(words)}(?!\w)", step.say, re.IGNORECASE):
                    told.append((i, words, step.say))
    assert not told, told


def test_the_breaks_coach_says_nothing_of_how_a_hidden_card_fits():
    """Whether a card the learner cannot see fits anywhere is as secret as its name ('Your
    opponent draws a card that fits nowhere...'): no words about fitting while the
    opponent holds an unseen card or is about to draw one."""
    for step, state in _shown_states("breaks"):
        if step.opponent == "draw" or state.view(0)["pending_hidden"]:
            assert not re.search(r"\bfits?\b|\bnowhere\b", step.say), step.say


def test_breaker_blocks_hides_nothing_so_its_coach_may_name_any_tile():
    """Every seat's view is the same but for whose it is: the coach may name any tile."""
    for _step, state in _shown_states("breaker_blocks"):
        mine, theirs = state.view(0), state.view(1)
        assert {**mine, "seat": None} == {**theirs, "seat": None}


def test_circuit_breakers_tutorial_says_cheese_chases_a_mouse_off():
    """It said 'Cheese sends a mouse that threatens your appliances away.': the 'away' came
    eight words after 'sends', so the sentence read as cheese sending the mouse after you."""
    says = [step.say for step in load_tutorial("circuit_breaker").steps if "earns a cheese" in step.say]
    assert says and all("chase off a mouse that threatens your appliances" in say for say in says), says


def test_the_cube_tutorial_names_levels_in_words_and_says_how_to_stand_a_block_up():
    """'S standing on cell 5 (5.1 and 5.2)': the tutorial never taught the cell.level
    notation, nor which key stands a block up."""
    import re
    says = [step.say for step in load_tutorial("cube").steps]
    assert not [say for say in says if re.search(r"\b\d\.\d\b", say)]
    standing = [say for say in says if "standing on cell" in say]
    assert standing and all("levels 1 and 2" in say and "with T" in say for say in standing), standing


def test_the_breaker_blocks_coach_names_the_inputs_in_one_case_in_german():
    """The first note names the four inputs and then where they are, 'Aus deinen vier
    Eingängen am Kern, drei darunter und einer links davon': 'einer' is nominative inside a
    phrase in the dative, so the German stumbled at its first sentence. It reads '... und
    einem links davon', as the English 'three below it and one on its left' names the same
    inputs."""
    import json

    from game.paths import asset
    first = load_tutorial("breaker_blocks").steps[0].say
    german = json.loads(asset("i18n", "de.json").read_text(encoding="utf-8"))[first]
    assert german.startswith("Willkommen! Aus deinen vier Eingängen am Kern, drei darunter und einem links davon "
                             "(Kreise I, II, III), lässt du Bäume aus Plättchen wachsen."), german
