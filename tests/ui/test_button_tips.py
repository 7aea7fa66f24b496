"""Buttons' tooltips: one waits after a click for the pointer to move, as a tile's does."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from tests.ui.driver import Driver
from tests.ui.test_tooltip_placement import table, tip_drawn


def move(d, monkeypatch, at: tuple[int, int]) -> None:
    """The pointer moves to ``at``, as a real mouse reports it."""
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: at)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(1, 1), buttons=(0, 0, 0)))
    d.frames(1)


@pytest.mark.parametrize("game", ["breaks", "blockers"])
def test_a_clicked_buttons_tip_waits_for_the_pointer_to_move(game, monkeypatch):
    """After a click on Hint, with the pointer left on the button, its tip 'The computer
    suggests a move for you' came up a second later over the status line and stayed."""
    d = table(game)
    try:
        t = d.top
        d.frames(2)
        x, y = t.hint_button.rect.center
        move(d, monkeypatch, (x, y))
        d.click((x, y))
        assert d.until(lambda: t.hint is not None), "the click asked for a hint"
        assert tip_drawn(d, monkeypatch, (x, y)) is None, "no tip while the pointer rests where it clicked"
        move(d, monkeypatch, (x + 2, y + 1))
        assert tip_drawn(d, monkeypatch, (x + 2, y + 1)) is not None, "moved and rested: the tip shows again"
    finally:
        d.close()


GAMES = ["breaks", "blockers", "breaker_blocks", "circuit_breaker", "cube"]


def tipless(scene) -> list[str]:
    """The labels of the scene's buttons with no tip."""
    return [button.text for button in scene._callbacks if not button.tip]


@pytest.mark.parametrize("game", GAMES)
def test_every_button_at_a_table_says_what_it_does(game):
    """End turn in Breaker Blocks and Circuit Breaker, Break the Cube's Turn left, Turn right,
    Clear and Hide my shape (Guess this shape (G) later), Breaks' Done merging and Blockers!'
    Pass had no tip at all."""
    d = table(game)
    try:
        d.frames(2)
        assert tipless(d.top) == []
    finally:
        d.close()


def test_the_cube_puzzles_buttons_say_what_they_do():
    """The puzzles share the cube table's Turn left, Turn right and Clear, tipless too, and
    their Guess this shape (G) had none."""
    from game.rules.cube.puzzle import load_puzzles
    from game.scenes.puzzles import PuzzleScene
    puzzles = load_puzzles()[0]
    d = Driver(lambda app: PuzzleScene(app, puzzles[0], puzzles))
    try:
        d.frames(2)
        board = [b for b in d.top._callbacks if b.text in ("Turn left (Q)", "Turn right (E)", "Clear",
                                                            "Guess this shape (G)")]
        assert len(board) == 4 and not set(tipless(d.top)) & {b.text for b in board}, tipless(d.top)
    finally:
        d.close()


def says_what_it_does(scene) -> list[str]:
    """The tips of the scene's buttons that only name a key ('F1', 'Home', 'Esc')."""
    return [button.tip for button in scene._callbacks if button.tip and len(button.tip.split()) < 3]


@pytest.mark.parametrize("language", ["en", "de"])
def test_no_button_tip_is_a_key_alone(language):
    """The Rules button's tip said just 'F1', the replay's 'Home', 'End', 'Left', 'Right' and
    'Esc', the pass screen's take-back 'Ctrl+Z': each says what it does too."""
    from game import i18n
    from game.scenes.replay import ReplayScene
    from tests.ui.test_breaks_table import X1_DECK
    from tests.ui.test_hand_off_take_back import seat_1_places_a_card, take_back_button, two_people
    from tests.ui.test_stats_replay import one_turn_each_finished
    i18n.load_language(language)
    try:
        d = table("breaks")
        try:
            d.frames(2)
            assert says_what_it_does(d.top) == []
            rules = next(b for b in d.top._callbacks if b.text == i18n.tr("Rules"))
            assert rules.tip == i18n.tr("F1: the rules of this game")
        finally:
            d.close()
        record = one_turn_each_finished().to_record()
        d = Driver(lambda app: ReplayScene(app, record), autosave=False)
        try:
            d.frames(2)
            assert len(d.top._callbacks) == 6 and says_what_it_does(d.top) == []
        finally:
            d.close()
        d, table_scene, _ = two_people("breaks", setup={"deck": X1_DECK})
        try:
            handoff = seat_1_places_a_card(d, table_scene)
            assert take_back_button(handoff) is not None and says_what_it_does(handoff) == []
        finally:
            d.close()
    finally:
        i18n.load_language("en")


def test_the_cube_tables_guess_button_says_what_it_does_in_the_play_phase():
    """The build phase's Hide my shape (G) becomes Guess this shape (G), its tip with it."""
    from tests.ui.test_cube_table import P, Q, cube_driver
    d = cube_driver(["human", "human"], first_player=1, setup={"secrets": [P, Q]})
    try:
        t = d.top
        d.key(pygame.K_RETURN)  # the hand-off to seat 2, who guesses at once
        assert t.phase() == "play" and t.submit_button.text == "Guess this shape (G)"
        assert t.submit_button.tip == "G: offer this copy as your guess at the hidden shape"
    finally:
        d.close()


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_take_back_tip_on_the_pass_screen_keeps_off_its_lines(language, monkeypatch):
    """The take-back button's tip, two lines since it says what it does, lay over 'Esc: leave
    the table (the game is kept)' under the button; it keeps off that line and the one above."""
    from game import i18n, storage
    from tests.ui.test_breaks_table import X1_DECK
    from tests.ui.test_hand_off_take_back import seat_1_places_a_card, two_people
    storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"language": language})
    d, table_scene, _ = two_people("breaks", setup={"deck": X1_DECK})
    try:
        handoff = seat_1_places_a_card(d, table_scene)
        button = next(b for b in handoff._callbacks if b.tip)
        rect = tip_drawn(d, monkeypatch, button.rect.center)
        said = {text: r for text, r, _ in d.labels()}
        lines = [said[i18n.tr("Esc: leave the table (the game is kept)")],
                 said[i18n.tr("Seat {n}: once nobody else can see the screen, press Enter or click the button.", n=2)]]
        assert rect is not None and rect.collidelist([button.rect, *lines]) < 0, (rect, lines)
    finally:
        d.close()
        i18n.load_language("en")


def test_a_button_under_the_pointer_on_a_screen_a_click_opened_waits_for_the_pointer_to_move(monkeypatch):
    """A click that opens a screen left the pointer resting on that screen's button (the
    breaks table's Menu stands where a replay's Close does): its tip came up a second later,
    as though the pointer had come to rest on it."""
    from game.scenes.base import AppScene
    from game.scenes.replay import ReplayScene
    from tests.ui.test_breaker_blocks_table import one_turn_each_finished
    record = one_turn_each_finished().to_record()

    class Opener(AppScene):
        def enter(self) -> None:
            self.button("Open", (1172, 646, 88, 40), lambda: self.stack.push(ReplayScene(self.app, record)))

    d = Driver(lambda app: Opener(app), autosave=False)
    try:
        at = (1216, 680)
        move(d, monkeypatch, at)
        d.click(at)
        replay = d.top
        assert isinstance(replay, ReplayScene)
        close = next(b for b in replay._callbacks if b.rect.collidepoint(at))
        assert close.tip, "the replay's button under the pointer has a tip"
        assert tip_drawn(d, monkeypatch, at) is None, "no tip while the pointer rests where it clicked"
        move(d, monkeypatch, (at[0] + 2, at[1] + 1))
        assert tip_drawn(d, monkeypatch, (at[0] + 2, at[1] + 1)) is not None, "moved and rested: the tip shows"
    finally:
        d.close()


def screen(name: str) -> Driver:
    """The screen ``python -m game shots`` calls ``name``, opened alone (no autosave)."""
    from game.shots import _scenes
    return Driver(_scenes()[name], autosave=False)


def check_tips(name: str, language: str, monkeypatch, untipped: Callable[[Any], bool] = lambda b: False,
               fields: Callable[[Any], list[pygame.Rect]] = lambda scene: [],
               may_cover: Callable[[Any], bool] | None = None) -> None:
    """Every button of the screen says what it does (but those ``untipped`` picks out), and
    its tip shows whole in the window over no other button, nor over the scene's ``fields``;
    with ``may_cover``, over none but those it allows, and beside its own button."""
    from game import i18n, storage
    storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"language": language})
    d = screen(name)
    try:
        d.frames(2)
        assert i18n.language() == language
        scene = d.top
        missing = [b.text for b in scene._callbacks if not b.tip and not untipped(b)]
        assert missing == [] and says_what_it_does(scene) == [], (missing, says_what_it_does(scene))
        window = d.app.display.window.get_rect()
        buttons = [b for b in scene._callbacks if b.visible]
        for button in (b for b in buttons if b.tip):
            at = button.rect.center
            move(d, monkeypatch, at)
            rect = tip_drawn(d, monkeypatch, at)
            assert rect is not None and window.contains(rect), (button.text, rect)
            if may_cover is not None:
                assert rect.inflate(24, 24).colliderect(button.rect), ("far from its button", button.text, rect)
            others = [b.rect for b in buttons if b is not button and not (may_cover and may_cover(b))]
            others += fields(scene)
            assert rect.collidelist(others) < 0, (button.text, rect)
    finally:
        d.close()
        i18n.load_language("en")


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("name", ["menu:breaks", "menu:puzzle"])
def test_the_in_game_menus_buttons_say_what_they_do(name, language, monkeypatch):
    """Back to the game (Esc), Settings and Leave the table had no tip."""
    check_tips(name, language, monkeypatch)


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("name", ["puzzles", "records", "stats"])
def test_the_lists_buttons_say_what_they_do(name, language, monkeypatch):
    """Back on the puzzle list, on Finished games and on Statistics, and Finished games'
    Older and Newer, had no tip."""
    check_tips(name, language, monkeypatch)


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_results_buttons_say_what_they_do(language, monkeypatch):
    """Play again, Look at the table and Menu under a game's results had no tip."""
    check_tips("results", language, monkeypatch)


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("name", ["confirm", "confirm_long"])
def test_a_questions_answers_say_what_they_do(name, language, monkeypatch):
    """Stay and Leave (Quit, Start new game...) in a yes/no question had no tip."""
    check_tips(name, language, monkeypatch)


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("name", ["handoff", "handoff_leave"])
def test_the_pass_screens_button_says_what_it_does(name, language, monkeypatch):
    """'I am Seat 2: show my table' on the pass screen had no tip."""
    check_tips(name, language, monkeypatch)


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_error_screens_buttons_say_what_they_do(language, monkeypatch):
    """Back to menu, Copy report and Quit on the error screen had no tip."""
    check_tips("error", language, monkeypatch)


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_title_screens_buttons_say_what_they_do(language, monkeypatch):
    """Cube puzzles, Finished games, Statistics, Settings and Quit had no tip (a game's Play
    stands in its row, which says what the game is). A tip lies beside its own button, over
    the column's next one if need be, never over a game's Play: kept off the whole column,
    Cube puzzles' tip went down under Quit."""
    from game import i18n
    check_tips("title", language, monkeypatch, untipped=lambda b: b.text == i18n.tr("Play"),
               may_cover=lambda b: b.text != i18n.tr("Play"))


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("game", ["breaks", "cube"])
def test_a_set_up_tip_covers_no_other_button(game, language, monkeypatch):
    """A seat's AI level tip ('normal') dropped over First player, the row under it."""
    check_tips(f"setup:{game}", language, monkeypatch, untipped=lambda b: True)


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("game", ["breaks", "cube"])
def test_the_set_ups_buttons_say_what_they_do(game, language, monkeypatch):
    """Back, Start game, How to play and Learn by playing under a game's set-up had no tip
    (an option's button above them has its help lines under it instead)."""
    check_tips(f"setup:{game}", language, monkeypatch, untipped=lambda b: b.rect.bottom < 600)


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_bottom_rows_tips_keep_off_the_seed_field(language, monkeypatch):
    """Defaults' tip (three lines) and, in German, Start game's (two) had no room under the
    bottom row and rose over the seed field above it."""
    check_tips("setup:cube", language, monkeypatch, untipped=lambda b: True,
               fields=lambda scene: [scene.seed_area()])


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_rules_pages_back_says_what_it_does(language, monkeypatch):
    """Back under a game's rules had no tip."""
    check_tips("rules:breaks", language, monkeypatch)


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("name", ["settings", "settings:in_game"])
def test_the_settings_done_says_what_it_does(name, language, monkeypatch):
    """Done (Back from a game's menu) had no tip; each setting says what it changes in the
    help column instead."""
    from game import i18n
    check_tips(name, language, monkeypatch, untipped=lambda b: b.text not in (i18n.tr("Done"), i18n.tr("Back")))
