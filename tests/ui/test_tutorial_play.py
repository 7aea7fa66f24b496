"""Each game's tutorial played through its real table: the coach outlines the move,
refuses any other with its explanation, plays the opponent, and closes the game;
the player's own saved game is never touched."""

from __future__ import annotations

import pygame
import pytest

from game import storage
from game.scenes.tables import start_tutorial
from game.scenes.title import TitleScene
from game.ui import theme
from tests.ui.driver import Driver

GAMES = ["breaks", "blockers", "breaker_blocks", "circuit_breaker", "cube"]


@pytest.mark.parametrize("game", GAMES)
def test_tutorial_plays_through_with_the_coach(game):
    dirs = storage.user_dirs()
    storage.atomic_write_json(storage.autosave_path(dirs), {"format": 1, "marker": "mine"})
    d = Driver(lambda app: TitleScene(app))
    try:
        start_tutorial(d.app, game)
        table = d.top
        tut = table.tutorial
        wrong_checked = waited_for_next = False
        for _ in range(400):
            if tut.finished or table.session.is_over():
                break
            step = tut.step
            if step.expect and table.session.current_player == table.viewer:
                assert d.until(lambda: not table.animating, timeout=5)
                if not wrong_checked:
                    legal = [str(a) for a in table.session.state.legal_actions()[:50]]
                    other = next((t for t in legal if not step.accepts(t)), None)
                    if other is not None:
                        assert not table.perform(other, table.viewer)
                        assert "Not this time" in table.toast
                        assert d.toast_box(table).h <= 120, "the refusal is short, or it covers the coach's note"
                        wrong_checked = True
                if step.expect.endswith("*"):
                    legal = table.session.state.legal_actions()
                    text = next(str(legal[i]) for i in range(len(legal)) if step.accepts(str(legal[i])))
                else:
                    text = step.expect
                assert table.perform(text, table.viewer), table.toast
                assert not table.undo_button.is_enabled, "the tutorial has no undo: its button is greyed"
            elif step.opponent and table.coach_waiting():
                moves = len(table.session.log.actions)
                d.frames(240)  # the coach's words stay up until the learner goes on
                assert len(table.session.log.actions) == moves and table.coach_next.visible
                d.key(pygame.K_RETURN)
                waited_for_next = True
            d.frames(5)
        assert table.session.is_over() and waited_for_next
        assert tut.step is None or tut.step.expect is None, "nothing left to do but read the closing words"
        assert storage.read_json(storage.autosave_path(dirs)) == {"format": 1, "marker": "mine"}
    finally:
        d.close()


def test_leaving_a_tutorial_does_not_promise_a_save():
    from game.scenes.confirm import ConfirmScene
    d = Driver(lambda app: TitleScene(app))
    try:
        start_tutorial(d.app, "breaks")
        d.frames(2)
        d.top.ask_leave()
        d.frames(1)
        assert isinstance(d.top, ConfirmScene)
        assert "not saved" in d.top.text and "Continue" not in d.top.text
    finally:
        d.close()


def test_h_in_a_tutorial_points_to_the_coach_instead_of_a_different_move():
    d = Driver(lambda app: TitleScene(app))
    try:
        start_tutorial(d.app, "blockers")
        table = d.top
        d.frames(2)
        d.key(pygame.K_h)
        assert table.hint_ticket is None and "coach" in (table.toast or "")
    finally:
        d.close()


def _tutorial_opened_from_setup(d, game: str):
    """(the set-up screen, the tutorial's table): the lesson started from ``game``'s set-up."""
    from game.scenes.setup import SetupScene
    d.app.stack.push(SetupScene(d.app, game))
    d.frames(2)
    setup = d.top
    start_tutorial(d.app, game)
    return setup, d.top


def _play_to_the_end(d, table, until=None) -> None:
    """Follow the coach until the game is over (or until ``until(step)`` holds on the
    learner's turn)."""
    tut = table.tutorial
    for _ in range(400):
        if table.session.is_over():
            return
        step = tut.step
        if until is not None and until(step) and table.session.current_player == table.viewer:
            return
        if step.expect and table.session.current_player == table.viewer:
            assert d.until(lambda: not table.animating, timeout=5)
            assert table.perform(step.expect, table.viewer), table.toast
        elif table.coach_waiting():
            d.key(pygame.K_RETURN)
        d.frames(5)


@pytest.mark.parametrize("game", ["blockers", "breaks"])
def test_a_finished_tutorial_says_how_to_go_on_and_esc_goes_back_to_the_setup_screen(game):
    d = Driver(lambda app: TitleScene(app))
    try:
        setup, table = _tutorial_opened_from_setup(d, game)
        _play_to_the_end(d, table)
        assert table.session.is_over()
        spoken = []
        real = theme.draw_text
        theme.draw_text = lambda surface, text, *a, **k: (spoken.append(text), real(surface, text, *a, **k))[1]
        try:
            d.frames(2)
        finally:
            theme.draw_text = real
        words = " ".join(spoken)
        assert "set-up screen" in words, "the closing words say where to go from here"
        closing = {"blockers": "LOWEST wins", "breaks": "Well played"}[game]
        assert closing in words, "the script's closing message stays on show with it"
        d.key(pygame.K_ESCAPE)
        d.frames(2)
        assert d.top is setup, "a finished tutorial leaves at once, back to the set-up screen it came from"
    finally:
        d.close()


def test_breaker_blocks_tutorial_takes_a_drop_in_the_middle_of_a_two_sided_cell_from_the_coachs_side():
    """Cell 0,-1 takes a tab from the north and from the east; the coach asks for the east.
    A drop in the middle of the cell went to the nearer side and was refused as off the
    script: a learner cannot be expected to aim at one edge of a cell."""
    from game.scenes.breaker_blocks_board import cell_rect
    d = Driver(lambda app: TitleScene(app))
    try:
        start_tutorial(d.app, "breaker_blocks")
        table = d.top
        _play_to_the_end(d, table, until=lambda step: step.expect == "play annihilate at 0,-1 from E")
        assert d.until(lambda: not table.animating, timeout=5)
        sides = table.sockets_for(("hand", "annihilate")).get((0, -1), [])
        assert sorted(sides) == ["E", "N"], "the cell takes either side, so the test means something"
        index = table.hand_kinds(table.viewer).index("annihilate")
        d.drag(table.hand_rect(table.viewer, index).center, cell_rect((0, -1)).center)
        assert table.session.log.actions[-1] == "play annihilate at 0,-1 from E", table.toast
    finally:
        d.close()


@pytest.mark.parametrize("game", [g for g in GAMES if g != "cube"])  # the cube's opens with "build any shape"
def test_a_first_enter_in_a_tutorial_puts_the_focus_on_what_the_coach_outlines(game):
    """The coach's outline looks like a focus ring; the real ring is hidden until Tab. So a
    first Enter (or Space) shows the ring on an outlined place that can be used now (the tile
    before the square it goes to), and the next Enter acts there."""
    d = Driver(lambda app: TitleScene(app))
    try:
        start_tutorial(d.app, game)
        table = d.top
        _play_to_the_end(d, table, until=lambda step: bool(step.expect) and not step.expect.endswith("*"))
        assert d.until(lambda: not table.animating, timeout=5)
        assert not table.focus.visible
        spots = table.hint_spots(table.tutorial.step.expect)
        d.key(pygame.K_RETURN)
        ring = table.focus
        assert ring.visible, "a first Enter shows the focus ring"
        assert ring.current.rect_of().collidelist(spots) >= 0, (game, ring.current.rect_of(), spots)
        d.key(pygame.K_RETURN)
        assert "Not this time" not in (table.toast or ""), "the second Enter acts on the outlined place"
    finally:
        d.close()


def test_a_first_enter_at_a_table_shows_the_focus_ring_where_tab_would():
    from game.scenes.tables import table_class
    from game.session import GameSession
    session = GameSession("breaks", ["human", "ai:easy"], seed=1, options={"first_player": 0})
    d = Driver(lambda app: table_class("breaks")(app, session), autosave=False)
    try:
        d.frames(2)
        d.key(pygame.K_SPACE)
        ring = d.top.focus
        assert ring.visible and ring.index == ring.start
    finally:
        d.close()


@pytest.mark.parametrize("game", ["breaks", "blockers"])
def test_a_finished_tutorial_offers_a_button_back_to_the_setup_screen(game):
    """The closing words say Esc; a player using the mouse gets a button in the coach's
    panel too (there was only Menu, which does not say where it leads)."""
    from game.scenes.table_base import LOG_RECT
    d = Driver(lambda app: TitleScene(app))
    try:
        setup, table = _tutorial_opened_from_setup(d, game)
        d.frames(2)
        assert not [text for text, _, _ in d.labels() if text.startswith("Back to set-up")], "not while it runs"
        _play_to_the_end(d, table)
        assert table.session.is_over()
        found = [(text, rect) for text, rect, _ in d.labels(frames=2) if text.startswith("Back to set-up")]
        assert found, "the finished tutorial shows a button back to the set-up screen"
        _, rect = found[0]
        assert LOG_RECT.contains(rect), "it sits in the coach's panel, where the Next button was"
        d.click(rect.center)
        d.frames(2)
        assert d.top is setup
    finally:
        d.close()


def test_enter_twice_at_the_end_of_a_tutorial_goes_back_to_the_setup_screen():
    """The first Enter shows the ring on the way back (it landed on Rules, the first
    button that could still be used, so a second Enter opened the rules page)."""
    from game.scenes.setup import SetupScene
    d = Driver(lambda app: TitleScene(app))
    try:
        d.app.stack.push(SetupScene(d.app, "blockers"))
        d.frames(2)
        setup = d.top
        start_tutorial(d.app, "blockers")
        table = d.top
        _play_to_the_end(d, table)
        assert d.until(lambda: not table.animating, timeout=5)
        table.focus.visible = False  # as after the learner's last drag
        d.key(pygame.K_RETURN)
        assert table.focus.visible and table.focus.current.rect_of() == table.coach_done.rect
        d.key(pygame.K_RETURN)
        d.frames(2)
        assert d.top is setup
    finally:
        d.close()


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_coachs_next_button_leaves_room_round_its_label_in_every_tutorial(language):
    from game.i18n import load_language
    from game.scenes.table_base import LOG_RECT
    from game.ui import theme
    d = Driver(lambda app: TitleScene(app), autosave=False)
    try:
        load_language(language)
        for game in GAMES:
            for scale in (1.0, 2.0):  # the reading size changes the coach's words, not the button
                theme.apply_settings(False, scale)
                start_tutorial(d.app, game)
                button = d.top.coach_next
                d.frames(1)
                label = theme.font(button.label_size, button.label_bold).size(button.text)[0]
                assert label + 2 * 10 <= button.rect.w - 6, (game, button.text, button.rect)  # 10 px clear each side
                assert LOG_RECT.contains(button.rect) and button.rect.right == LOG_RECT.right - 10
                done = d.top.coach_done  # "Back to set-up (Esc)", the width of the coach's box
                assert theme.font(done.label_size, done.label_bold).size(done.text)[0] + 2 * 10 <= done.rect.w - 6
                if language == "en":
                    assert button.rect.w == 140, "the English layout stays as it was"
                d.app.stack.pop()
    finally:
        load_language("en")
        theme.apply_settings(False, 1.0)
        d.close()


def test_the_breaker_blocks_coach_calls_glowing_only_what_glows_when_the_step_begins():
    d = Driver(lambda app: TitleScene(app), autosave=False)
    try:
        start_tutorial(d.app, "breaker_blocks")
        table = d.top
        said = []

        def check(step) -> bool:  # before the learner's move: nothing held, so only held tiles' sockets glow
            said.append(step.say)
            if "glowing" in step.say:
                assert table.sockets_for(table.selected), f"nothing glows yet: {step.say!r}"
            return False
        _play_to_the_end(d, table, until=check)
        assert any("outlined socket" in text for text in said)
    finally:
        d.close()


@pytest.mark.parametrize("lang, told, last", [
    ("en", ("blue tiles already on the board are your opponent's", "no mark"), "where a tile may go."),
    ("de", ("blauen Plättchen, die schon auf dem Brett liegen, gehören deinem Gegner", "kein Zeichen"),
     "wohin ein Plättchen darf.")])
def test_the_blockers_coach_says_what_the_blank_blue_tiles_on_the_board_are(lang, told, last):
    """The lesson opens with six blue tiles set out, without a number, letter or symbol
    (preset tiles carry none), and nothing said what they were or why they were blank."""
    from game import i18n
    storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"language": lang})
    d = Driver(lambda app: TitleScene(app))
    try:
        start_tutorial(d.app, "blockers")
        table = d.top
        state = table.session.state
        blank = [sq for sq, colour in state.view(table.viewer)["board"].items() if colour is not None]
        assert blank and not state.view(table.viewer)["labels"], "blue tiles on the board, none labelled"
        box = table.coach_box()
        words = " ".join(text for text, rect, _ in d.labels(2) if box.contains(rect))
        assert all(phrase in words for phrase in told), words
        assert words.endswith(last), "the whole note fits the coach's box"
    finally:
        d.close()
        i18n.load_language("en")
