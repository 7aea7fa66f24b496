"""The menu a table opens mid-game (its Menu button, or Esc with nothing held): back to the
game, the settings over the live game, or leave. Going back changes nothing; settings
changed there apply to the table at once (sound, speed, colours, language), the game, its
log and the AI's turn going on as before; closing the window meanwhile still exits."""

from __future__ import annotations

import json

import pygame
import pytest

from game import i18n, storage
from game.scenes.blockers_table import BOARD, CELL
from game.scenes.confirm import ConfirmScene
from game.scenes.game_menu import GameMenuScene
from game.scenes.handoff import HandoffScene
from game.scenes.settings import SettingsScene
from game.scenes.table_base import TableScene
from game.scenes.table_log import LOG_RECT
from game.scenes.tables import start_tutorial, table_class
from game.session import GameSession
from game.ui import theme
from tests.ui.driver import Driver, close_the_window_quickly, fail_autosave

GAMES = ["breaks", "blockers", "breaker_blocks", "circuit_breaker", "cube"]
HIGH_TABLE = (6, 18, 24)  # theme.TABLE in high contrast
BESIDE_THE_PANEL = (962, 716)  # bare table at every game's table: left of the side panel, under it


def table_driver(game: str, seats: tuple[str, ...] = ("human", "random"), first_player: int = 1) -> Driver:
    """A table of ``game`` at the person's turn, after the computer's first turn."""
    session = GameSession(game, list(seats), seed=5, options={"first_player": first_player})
    d = Driver(lambda app: table_class(game)(app, session))
    try:
        assert d.until(lambda: bool(session.log.actions) and d.top.my_turn() and not d.top.animating, 30)
    except BaseException:
        d.close()
        raise
    return d


def snapshot(t: TableScene) -> tuple:
    """Everything the person left at the table: the game, its record, log, whose view,
    the half-made move and the focus ring."""
    record = t.session.to_record()
    record.pop("saved_at")
    return (json.dumps(record, sort_keys=True), list(t.log_lines), t.viewer, getattr(t, "selected", None),
            t.focus.index, t.focus.visible)


def stop_on(scene, label: str) -> None:
    """Put the shown focus ring on the button whose label starts with ``label``."""
    button = next(b for b in scene._callbacks if b.text.startswith(label))
    scene.focus.index = next(i for i, item in enumerate(scene.focus.items) if item.rect_of() == button.rect)
    scene.focus.visible = True


def open_settings(d: Driver) -> SettingsScene:
    """From the table: Esc opens the menu, then its Settings button."""
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.top, GameMenuScene)
    stop_on(d.top, i18n.tr("Settings"))
    d.key(pygame.K_RETURN)
    assert isinstance(d.top, SettingsScene)
    return d.top


def step_setting(d: Driver, label: str, steps: int = 1) -> None:
    for _ in range(steps):
        stop_on(d.top, i18n.tr(label))
        d.key(pygame.K_RIGHT)


@pytest.mark.parametrize("game", GAMES)
def test_opening_the_menu_and_going_back_changes_nothing(game):
    d = table_driver(game)
    try:
        t = d.top
        before = snapshot(t)
        d.key(pygame.K_ESCAPE)
        assert isinstance(d.top, GameMenuScene)
        d.frames(30)
        d.key(pygame.K_ESCAPE)  # Esc closes it
        assert d.top is t and snapshot(t) == before
        d.click(next(b for b in t._callbacks if b.text == "Menu").rect.center)  # the mouse way
        assert isinstance(d.top, GameMenuScene)
        d.key(pygame.K_RETURN)  # the ring starts on "Back to the game"
        assert d.top is t
        after = snapshot(t)
        assert after[:4] == before[:4], "the game, its log and the half-made move are as they were"
    finally:
        d.close()


def test_leave_in_the_menu_asks_first_and_stay_goes_back_to_the_game():
    d = table_driver("breaks")
    try:
        t = d.top
        d.key(pygame.K_ESCAPE)
        stop_on(d.top, "Leave the table")
        d.key(pygame.K_RETURN)
        assert isinstance(d.top, ConfirmScene) and d.top.title == "Leave the table?"
        d.key(pygame.K_ESCAPE)  # Stay
        assert d.top is t
    finally:
        d.close()


def test_the_game_waits_while_the_menu_is_open_and_the_computers_move_comes_after():
    session = GameSession("breaks", ["human", "ai:easy"], seed=3, options={"first_player": 1})
    d = Driver(lambda app: table_class("breaks")(app, session), autosave=False)
    try:
        t = d.top
        assert d.until(lambda: t.ai_thinking, 10)
        t.open_menu()
        # frames go on until the computer's answer is in (read, not taken: the table takes it)
        assert d.until(lambda: d.app.worker._conn.poll(), 20)
        d.frames(30)
        assert session.log.actions == [] and isinstance(d.top, GameMenuScene), "no move while the menu is open"
        d.key(pygame.K_ESCAPE)
        assert d.until(lambda: len(session.log.actions) >= 1, 20), "the computer's move is made after"
    finally:
        d.close()


def log_text_height(d: Driver) -> int:
    """The height of the tallest line drawn in the game log's box in the next frame."""
    return max(rect.height for _, rect, clip in d.labels(frames=1) if clip == LOG_RECT)


def test_volume_mute_speed_and_text_size_changed_mid_game_take_effect():
    d = table_driver("breaks", seats=("human", "ai:easy"))
    try:
        t = d.top
        volume = d.app.sound.volume
        log_height = log_text_height(d)
        open_settings(d)
        step_setting(d, "Volume: ")
        step_setting(d, "Mute: ")
        step_setting(d, "Animation speed: ", 2)  # normal -> slow -> off
        step_setting(d, "Reading text size: ")
        assert d.app.settings.animation_speed == "off"
        d.key(pygame.K_ESCAPE)
        d.key(pygame.K_ESCAPE)
        assert d.top is t
        assert d.app.sound.volume == round(volume + 0.1, 1) and d.app.sound.muted
        assert log_text_height(d) > log_height, "the game log reads larger"
        assert t.pause_after("draw") == 0, "no flight to wait for (a computer waits only between its own actions)"
        moves = len(t.session.log.actions)
        d.key(pygame.K_d)  # draw: with animations off the card is in hand at once
        assert len(t.session.log.actions) == moves + 1 and not t.animating
    finally:
        d.close()


def shown_texts(d: Driver) -> set[str]:
    return {text for text, _, _ in d.labels(frames=1)}


@pytest.mark.parametrize("game", GAMES)
def test_language_and_contrast_changed_mid_game_redraw_the_same_game(game):
    d = table_driver(game)
    try:
        t = d.top
        game_before, log_before, *_ = snapshot(t)
        assert {"Undo", "Rules", "Menu", "Game log"} <= shown_texts(d)
        open_settings(d)
        step_setting(d, "Language: ")
        step_setting(d, "High contrast: ")
        assert i18n.language() == "de" and theme.high_contrast
        d.key(pygame.K_ESCAPE)  # the settings close: back on the menu, over the table in German
        menu = d.top
        assert isinstance(menu, GameMenuScene)
        texts = shown_texts(d)
        assert {"Zurück zum Spiel (Esc)", "Einstellungen", "Rückgängig", "Regeln", "Menü"} <= texts
        assert not {"Undo", "Rules", "Back to the game (Esc)"} & texts
        d.key(pygame.K_ESCAPE)
        assert d.top is t
        texts = shown_texts(d)
        assert "Spielverlauf" in texts and "Game log" not in texts
        game_after, log_after, *_ = snapshot(t)
        assert game_after == game_before, "the same game"
        assert [s for s, _ in log_after] == [s for s, _ in log_before], "the same log, line for line"
        assert log_after != log_before, "told in German"
        assert tuple(d.app.display.canvas.get_at(BESIDE_THE_PANEL))[:3] == HIGH_TABLE
        moves = len(t.session.log.actions)
        assert d.until(lambda: len(t.session.log.actions) > moves or t.my_turn(), 5)  # the game goes on
    finally:
        d.close()


def test_blockers_board_coordinates_follow_high_contrast_switched_mid_game():
    d = table_driver("blockers")
    try:
        d.frames(1)
        where = pygame.Rect(BOARD.x, BOARD.y - 26, CELL, 20)  # the column number 1 over the board

        def ink() -> set[tuple[int, int, int]]:
            canvas = d.app.display.canvas
            return {tuple(canvas.get_at((x, y)))[:3] for x in range(where.left, where.right)
                    for y in range(where.top, where.bottom)}

        assert theme.TEXT_DIM in ink()
        open_settings(d)
        step_setting(d, "High contrast: ")
        d.key(pygame.K_ESCAPE)
        d.key(pygame.K_ESCAPE)
        d.frames(1)
        assert theme.TEXT_DIM in ink(), "drawn in high contrast's text colour"
    finally:
        d.close()


def test_a_pass_and_play_hand_off_after_a_language_change_is_in_the_new_language():
    session = GameSession("breaks", ["human", "human"], seed=5, options={"first_player": 0})
    d = Driver(lambda app: table_class("breaks")(app, session))
    try:
        t = d.top
        assert t.my_turn()
        open_settings(d)
        step_setting(d, "Language: ")
        d.key(pygame.K_ESCAPE)
        d.key(pygame.K_ESCAPE)
        assert d.top is t
        d.key(pygame.K_d)
        d.key(pygame.K_x)  # draw and discard: the turn passes to seat 2
        assert d.until(lambda: isinstance(d.top, HandoffScene), 5)
        texts = shown_texts(d)
        assert "Weitergeben an Spieler 2" in texts and "Ich bin Spieler 2: zeig meinen Tisch" in texts
    finally:
        d.close()


def test_a_tutorial_keeps_its_step_through_a_language_change():
    d = Driver()
    try:
        start_tutorial(d.app, "breaks")
        d.frames(2)
        t = d.top
        step = t.tutorial.step
        open_settings(d)
        step_setting(d, "Language: ")
        d.key(pygame.K_ESCAPE)
        d.key(pygame.K_ESCAPE)
        assert d.top is t and t.tutorial.step is step
        assert t.coach_done.text == "Zur Spielvorbereitung (Esc)"
        assert "Trainer" in shown_texts(d)
    finally:
        d.close()


def test_closing_the_window_while_the_menu_is_open_exits_and_keeps_the_game():
    session = GameSession("breaks", ["human", "ai:hard"], seed=3, options={"first_player": 0})
    d = Driver(lambda app: table_class("breaks")(app, session))
    t = d.top
    d.key(pygame.K_d)
    d.key(pygame.K_x)
    assert d.until(lambda: t.ai_thinking, 10)
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.top, GameMenuScene)
    close_the_window_quickly(d)
    record, problem = storage.load_autosave(storage.user_dirs())
    assert problem is None and record["log"]["actions"] == session.log.actions == ["draw", "discard"]


def test_settings_opened_from_the_game_menu_close_with_back_to_it():
    d = table_driver("breaks")
    try:
        settings = open_settings(d)
        texts = shown_texts(d)
        assert "Back" in texts and "Done" not in texts, "the button says it returns to the menu"
        stop_on(settings, "Back")
        d.key(pygame.K_RETURN)
        assert isinstance(d.top, GameMenuScene)
        stop_on(d.top, "Settings")
        d.key(pygame.K_RETURN)
        settings = d.top
        step_setting(d, "Language: ")
        assert d.top is settings and "Zurück" in shown_texts(d), "in German too"
    finally:
        d.close()


def test_settings_from_the_title_screen_still_close_with_done():
    d = Driver(lambda app: SettingsScene(app))
    try:
        texts = shown_texts(d)
        assert "Done" in texts and "Back" not in texts
    finally:
        d.close()


def test_a_could_not_be_saved_notice_at_the_table_is_said_again_in_the_new_language(monkeypatch):
    """The table's messages were dropped on a change of language (they were in the old
    one), so the only word that the game was not being saved went with them."""
    fail_autosave(monkeypatch)
    session = GameSession("breaks", ["human", "ai:easy"], seed=2, options={"first_player": 0})
    d = Driver(lambda app: table_class("breaks")(app, session))
    try:
        t = d.top
        t.cancel_ai()
        assert t.perform("draw", 0)
        d.app.writer.flush()
        d.frames(2)
        assert t.toast and t.toast.startswith("The game could not be saved")
        open_settings(d)
        step_setting(d, "Language: ")
        d.key(pygame.K_ESCAPE)
        d.key(pygame.K_ESCAPE)
        assert d.top is t
        assert t.toast and t.toast.startswith("Das Spiel konnte nicht gespeichert werden") \
            and "der Datenträger ist voll" in t.toast, t.toast
        assert t.toast_time > 0
    finally:
        d.close()


@pytest.mark.parametrize("over", ["menu", "settings"])
def test_a_could_not_be_saved_notice_shown_over_the_table_is_said_again_when_the_menu_closes(monkeypatch, over):
    """The autosave's failure is told on the scene on top: the game's menu or its settings
    took it away with them, and back at the table nothing said that the game was not saved."""
    fail_autosave(monkeypatch)
    session = GameSession("breaks", ["human", "ai:easy"], seed=2, options={"first_player": 0})
    d = Driver(lambda app: table_class("breaks")(app, session))
    try:
        t = d.top
        t.cancel_ai()
        if over == "menu":
            d.key(pygame.K_ESCAPE)
        else:
            open_settings(d)
        shown_on = d.top
        assert t.perform("draw", 0)  # the move made just before the menu opened: its save fails now
        d.app.writer.flush()
        d.frames(2)
        assert shown_on.toast and shown_on.toast.startswith("The game could not be saved"), shown_on.toast
        assert not t.toast
        d.frames(60 * 8)  # read (or not) and gone, the menu still open
        assert not shown_on.toast
        while d.top is not t:
            d.key(pygame.K_ESCAPE)
        assert t.toast and t.toast.startswith("The game could not be saved"), t.toast
        d.frames(60)
        assert t.toast and t.toast_time > 4, "it stays long enough to be read"
    finally:
        d.close()


def test_a_settings_save_failure_shown_on_a_language_change_stays_in_the_new_language(monkeypatch):
    def refuse(dirs, settings):
        raise PermissionError(13, "Permission denied")

    d = table_driver("breaks")
    try:
        settings = open_settings(d)
        monkeypatch.setattr(storage, "save_settings", refuse)
        step_setting(d, "Language: ")
        assert d.top is settings
        assert settings.toast and settings.toast.startswith(
            "Einstellungen konnten nicht gespeichert werden: keine Berechtigung, dort zu schreiben ("), settings.toast
    finally:
        d.close()


def test_other_messages_go_on_a_language_change():
    d = table_driver("breaks")
    try:
        t = d.top
        t.refuse("it is not your turn")
        assert t.toast
        open_settings(d)
        step_setting(d, "Language: ")
        d.key(pygame.K_ESCAPE)
        d.key(pygame.K_ESCAPE)
        assert d.top is t and t.toast is None, "a refusal in the old language is not worth keeping"
    finally:
        d.close()
