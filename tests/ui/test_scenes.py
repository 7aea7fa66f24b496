"""Title, setup, settings, rules, error screen: driven headless through their keyboard
paths and mouse; the AI turn keeps the frame loop alive and closing mid-think is fast."""

from __future__ import annotations

import errno
import json
import os
import random

import pygame
import pytest

from game import storage
from game.i18n import load_language
from game.scenes.base import AppScene
from game.scenes.breaks_table import BreaksTable
from game.scenes.error import ErrorScene
from game.scenes.rules_page import RulesScene
from game.scenes.settings import SettingsScene
from game.scenes.setup import SetupScene
from game.scenes.table_base import PANEL_RECT
from game.scenes.tables import ask_before_replacing
from game.scenes.title import TitleScene
from game.session import GameSession
from tests.ui.driver import (
    Driver,
    break_game_data,
    breaks_results_of_two_people,
    close_the_window_quickly,
    fail_autosave,
)


def focus_onto(d: Driver, rect: pygame.Rect, limit: int = 40) -> None:
    for _ in range(limit):
        d.key(pygame.K_TAB, frames=1)
        cur = d.top.focus.current
        if cur is not None and cur.rect_of() == rect:
            return
    raise AssertionError(f"focus never reached {rect}")


def button_rect(scene: AppScene, text: str) -> pygame.Rect:
    for btn in scene._callbacks:
        if btn.text == text:
            return btn.rect
    raise AssertionError(f"no button {text!r}; have {[b.text for b in scene._callbacks]}")


def test_title_lists_every_game_and_marks_unbuilt_ones_coming_soon():
    d = Driver()
    try:
        d.frames(2)
        from game.rules import CATALOG
        from game.scenes.tables import is_playable
        built = sum(is_playable(info.name) for info in CATALOG)
        texts = [b.text for b in d.top._callbacks]
        assert texts.count("Play") == built >= 1
        assert texts.count("Coming soon") == len(CATALOG) - built
        disabled = [b for b in d.top._callbacks if b.text == "Coming soon"]
        assert all(not b.is_enabled for b in disabled)
    finally:
        d.close()


def test_keyboard_path_from_title_through_setup_into_a_table():
    d = Driver()
    try:
        d.frames(2)
        d.key(pygame.K_TAB)  # the focus ring starts on "Play" (Breaks)
        d.key(pygame.K_RETURN)
        assert isinstance(d.top, SetupScene)
        setup = d.top
        # opened by Enter, the ring is already on the first control (players): Right raises it to 3
        d.key(pygame.K_RIGHT)
        assert setup.num_players == 3
        focus_onto(d, button_rect(d.top, "Start game"))
        d.key(pygame.K_RETURN)
        assert isinstance(d.top, BreaksTable)
        assert d.top.session.num_players == 3
        assert d.top.session.seats[0] == "human"
    finally:
        d.close()


def test_cube_setup_offers_bigger_shapes_to_two_players_only():
    from game.scenes.cube_table import CubeTable
    d = Driver(lambda app: SetupScene(app, "cube"), autosave=False)
    try:
        d.frames(2)
        scene = d.top

        def button(prefix):
            return next((b for b in scene._callbacks if b.text.startswith(prefix)), None)
        assert scene.num_players == 2 and button("Blocks:") is not None
        d.click(button("Blocks:").rect.center)
        assert scene.options["blocks"] == 4
        d.click(button("Players:").rect.center)
        assert scene.num_players == 3 and button("Blocks:") is None, "4 or 5 blocks need exactly 2 players"
        scene.seats = ["human", "ai:easy", "ai:easy", "ai:easy"]
        d.click(button("Start game").rect.center, frames=3)
        assert isinstance(d.top, CubeTable) and d.top.session.num_players == 3
    finally:
        d.close()


def test_setup_choices_read_as_words():
    d = Driver(lambda app: SetupScene(app, "breaker_blocks"), autosave=False)
    try:
        d.frames(2)
        button = next(b for b in d.top._callbacks if b.text.startswith("Action tiles:"))
        seen = set()
        for _ in range(len(d.top.rules.options)):
            seen.add(button.text)
            d.click(button.rect.center)
        assert "Action tiles: first game" in seen and not any("_" in text for text in seen), seen
        players = next(b for b in d.top._callbacks if b.text.startswith("Players:"))
        assert players.text == "Players: 2 players" and not players.is_enabled, "one value: nothing to cycle"
    finally:
        d.close()


def test_breaker_blocks_turn_limit_offers_game_lengths_and_no_limit_in_words():
    from game.scenes.breaker_blocks_table import BreakerBlocksTable
    d = Driver(lambda app: SetupScene(app, "breaker_blocks"), autosave=False)
    try:
        d.frames(2)
        button = next(b for b in d.top._callbacks if b.text.startswith("Turn limit:"))
        seen = []
        while button.text not in seen:
            seen.append(button.text)
            d.click(button.rect.center)
        assert seen == [f"Turn limit: {n}" for n in (30, 40, 50)] + ["Turn limit: no limit"] + \
            [f"Turn limit: {n}" for n in (10, 15, 20, 25)], seen
        while button.text != "Turn limit: no limit":
            d.click(button.rect.center)
        load_language("de")
        d.top.language_changed()
        d.frames(1)
        assert any(b.text == "Zuggrenze: keine" for b in d.top._callbacks)
        d.click(next(b for b in d.top._callbacks if b.text == "Spiel starten").rect.center, frames=3)
        assert isinstance(d.top, BreakerBlocksTable) and d.top.session.view(0)["options"]["turn_cap"] == 0
    finally:
        load_language("en")
        d.close()
    # a limit the screen does not offer still comes from a save or --option; past the maximum it is refused
    assert GameSession("breaker_blocks", ["human", "human"], seed=1, options={"turn_cap": 999}).view(0)[
        "options"]["turn_cap"] == 999
    with pytest.raises(ValueError, match="turn_cap must be at most 999"):
        GameSession("breaker_blocks", ["human", "human"], seed=1, options={"turn_cap": 1000})


@pytest.mark.parametrize(("game", "hidden"), [("breaks", True), ("breaker_blocks", False)])
def test_setup_promises_hand_offs_only_for_games_with_secrets(game, hidden):
    d = Driver(lambda app: SetupScene(app, game), autosave=False)
    try:
        d.top.seats[1] = "human"
        texts = [text for text, _, _ in d.labels(frames=1)]
        assert any(t.startswith("Pass and play") for t in texts)
        assert any("hides each player's secrets" in t for t in texts) is hidden
    finally:
        d.close()


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("seat", ["human", "ai:hard"])
@pytest.mark.parametrize("game", ["breaks", "blockers", "breaker_blocks", "circuit_breaker", "cube"])
def test_setup_hint_under_the_players_stays_in_their_column(game, seat, language):
    """At four Breaks players "Pass and play: the screen hides each player's secrets between
    turns." ran under "Seed (blank = random):" in the Options column: the line under the
    seats wraps within the Players column, clear of every other label."""
    from game import storage
    from game.shots import text_problems
    storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"language": language})
    d = Driver(lambda app: SetupScene(app, game), autosave=False)
    try:
        setup = d.top
        setup._set_players(setup.rules.max_players)
        setup.seats = [seat] * len(setup.seats)
        records = d.labels(frames=1)
        hint = [rect for text, rect, _ in records if rect.left == 140 and rect.top >= 500]
        assert hint and all(rect.right <= 600 for rect in hint), hint
        assert text_problems(records, (1280, 720)) == []
    finally:
        d.close()


def test_open_pass_and_play_banner_names_the_seat_to_play():
    from game.scenes.breaker_blocks_table import BreakerBlocksTable
    session = GameSession("breaker_blocks", ["human", "human"], seed=1, options={"first_player": 0})
    d = Driver(lambda app: BreakerBlocksTable(app, session), autosave=False)
    try:
        texts = [text for text, _, _ in d.labels(frames=1)]
        assert "Seat 1 to play" in texts and "Your turn" not in texts
    finally:
        d.close()


def test_setup_escape_returns_to_title_and_f1_opens_rules():
    d = Driver()
    try:
        d.frames(2)
        d.top.open_setup("breaks")
        d.frames(2)
        d.key(pygame.K_F1)
        assert isinstance(d.top, RulesScene)
        d.key(pygame.K_PAGEDOWN)
        d.key(pygame.K_ESCAPE)
        assert isinstance(d.top, SetupScene)
        d.key(pygame.K_ESCAPE)
        assert isinstance(d.top, TitleScene)
    finally:
        d.close()


def test_settings_change_is_saved_and_reloaded():
    d = Driver(lambda app: SettingsScene(app))
    try:
        d.frames(2)
        # Tab to "Animation speed" and step it with the Right arrow
        focus_onto(d, next(b for b in d.top._callbacks if b.text.startswith("Animation speed")).rect)
        d.key(pygame.K_RIGHT)
        assert d.app.settings.animation_speed == "slow"
        saved = json.loads(storage.settings_path(d.app.dirs).read_text())
        assert saved["animation_speed"] == "slow"
    finally:
        d.close()
    d2 = Driver()
    try:
        assert d2.app.settings.animation_speed == "slow"
    finally:
        d2.close()


def test_a_right_click_steps_a_choice_back_on_the_setup_and_settings_screens():
    """A left click steps a choice on; a right-click steps it back (easy <- normal, round to
    hard), so a value just passed is one click away instead of a whole round. The keyboard's
    Left does the same and Tab still moves on from there."""
    d = Driver(lambda app: SetupScene(app, "breaks"), autosave=False)
    try:
        d.frames(2)

        def level_2():
            return d.top.level_buttons[1]
        assert level_2().text == "normal"
        d.click(level_2().rect.center, button=pygame.BUTTON_RIGHT)
        assert level_2().text == "easy" and d.top.seats[1] == "ai:easy"
        d.click(level_2().rect.center, button=pygame.BUTTON_RIGHT)  # round to the last choice
        assert level_2().text == "hard" and d.top.seats[1] == "ai:hard"
        d.click(level_2().rect.center)
        assert d.top.seats[1] == "ai:easy"
        focus_onto(d, level_2().rect)
        d.key(pygame.K_LEFT)
        assert d.top.seats[1] == "ai:hard"
        d.key(pygame.K_TAB)
        assert d.top.focus.current.rect_of() != level_2().rect, "Tab moves on"
    finally:
        d.close()
    d = Driver(lambda app: SettingsScene(app))
    try:
        d.frames(2)
        speed = next(b for b in d.top._callbacks if b.text.startswith("Animation speed"))
        d.click(speed.rect.center, button=pygame.BUTTON_RIGHT)
        assert d.app.settings.animation_speed == "fast" and speed.text == "Animation speed: fast"
        d.click(speed.rect.center)
        assert d.app.settings.animation_speed == "normal"
    finally:
        d.close()


def test_changing_the_language_keeps_the_focus_ring_on_the_language_button():
    """A mouse click on Language showed the keyboard ring on Full screen, the first setting,
    as if that had changed too; by keyboard the ring stays on Language, where Enter steps on."""
    from game.i18n import load_language
    d = Driver(lambda app: SettingsScene(app))
    try:
        d.frames(2)

        def language_button():
            return next(b for b in d.top._callbacks if b.text.startswith(("Language", "Sprache")))
        d.click(language_button().rect.center)
        d.frames(2)
        assert d.app.settings.language == "de" and language_button().text.startswith("Sprache")
        assert not d.top.focus.visible, "a mouse click shows no focus ring"
        focus_onto(d, language_button().rect)
        d.key(pygame.K_RETURN)
        d.frames(2)
        assert d.app.settings.language == "en"
        assert d.top.focus.visible and d.top.focus.current.rect_of() == language_button().rect
    finally:
        load_language("en")
        d.close()


def test_a_window_size_the_desktop_cannot_hold_names_the_size_it_gets(monkeypatch):
    """On a 1280 x 800 desktop every size from 125 % on stays a 1280 x 720 window: the button
    read 'Window size: 200%' over it, as if the setting did nothing, once the message was gone."""
    d = Driver(lambda app: SettingsScene(app))
    try:
        d.frames(2)
        monkeypatch.setattr(d.app.display, "fit_to_desktop", True)
        monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1280, 800)])
        monkeypatch.setattr(pygame.display, "get_window_position", lambda: (0, 0))
        d.top.rebuild()

        def button():
            return next(b for b in d.top._callbacks if b.text.startswith("Window size"))
        assert button().text == "Window size: 100%", "a size that fits is said alone"
        d.top._callbacks[button()]()
        assert button().text == "Window size: 125% (the screen allows 100%)"
        d.top.rebuild()  # opened again later: still said
        assert button().text == "Window size: 125% (the screen allows 100%)"
    finally:
        d.close()


def test_a_window_size_the_desktop_cannot_hold_says_so(monkeypatch):
    d = Driver(lambda app: SettingsScene(app))
    try:
        d.frames(2)
        display = d.app.display
        monkeypatch.setattr(display, "fit_to_desktop", True)
        monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1280, 800)])
        monkeypatch.setattr(pygame.display, "get_window_position", lambda: (0, 0))
        button = next(b for b in d.top._callbacks if b.text.startswith("Window size"))
        d.top._callbacks[button]()  # 100 % -> 125 %: 1600 x 900 does not fit 1280 x 800
        assert d.app.settings.window_scale == 1.25
        assert display.windowed_size[0] < 1600
        assert d.top.toast and "room for a window of" in d.top.toast
        d.top._language("de")  # the English message does not stay up under German buttons
        assert d.top.toast is None
    finally:
        from game.i18n import load_language
        load_language("en")
        d.close()


def test_the_card_colour_setting_names_the_game_whose_cards_it_changes():
    """'Palette: colour-blind safe (four-colour deck)' read as if every game's colours would
    change; only the Breaks cards do, and toggling it at another game showed nothing new."""
    d = Driver(lambda app: SettingsScene(app))
    try:
        d.frames(2)
        button = next(b for b in d.top._callbacks if "colour" in b.text)
        assert button.text.startswith("Breaks cards: ") and d.app.settings.colorblind
        d.top._callbacks[button]()
        assert button.text == "Breaks cards: two suit colours" and not d.app.settings.colorblind
    finally:
        d.close()


def test_f11_on_the_settings_screen_updates_its_full_screen_button():
    d = Driver(lambda app: SettingsScene(app))
    try:
        d.frames(2)

        def full_screen_button():
            return next(b for b in d.top._callbacks if b.text.startswith("Full screen"))
        assert full_screen_button().text.endswith("off")
        d.key(pygame.K_F11)
        assert d.app.display.fullscreen and full_screen_button().text.endswith("on")
        d.top._callbacks[full_screen_button()]()  # one press of the button goes back
        d.frames(2)
        assert not d.app.display.fullscreen and full_screen_button().text.endswith("off")
    finally:
        d.close()


def test_corrupt_settings_file_is_moved_aside_with_a_message():
    dirs = storage.user_dirs()
    storage.settings_path(dirs).write_text("{not json")
    d = Driver()
    try:
        d.frames(2)
        assert d.top.toast and "settings.json" in d.top.toast
        kept = list(dirs.config.glob("settings.json.bad-*"))
        assert kept, "the bad file is kept, not deleted"
    finally:
        d.close()


class Exploding(AppScene):
    def update(self, dt: float) -> None:
        raise RuntimeError("kaboom in update")


def test_an_error_in_a_scene_shows_the_error_screen_and_is_logged():
    d = Driver(lambda app: Exploding(app))
    try:
        d.frames(3)
        assert isinstance(d.top, ErrorScene)
        assert "kaboom" in d.app.log_path.read_text()
        d.key(pygame.K_ESCAPE)
        assert isinstance(d.top, TitleScene)
    finally:
        d.close()


class ExplodingOnEntry(AppScene):
    def enter(self) -> None:
        raise RuntimeError("kaboom on entry")


def test_an_error_in_the_first_scene_shows_the_error_screen_instead_of_a_traceback():
    from game.app import App, AppConfig
    app = App(AppConfig(first_scene=lambda app: ExplodingOnEntry(app), max_frames=3, headless=True))
    assert app.run() == 1, "the crash is reported by the exit code"
    logged = app.log_path.read_text()
    assert "unhandled error in a scene" in logged and "kaboom on entry" in logged


class Interrupted(AppScene):
    def update(self, dt: float) -> None:
        raise KeyboardInterrupt


def test_ctrl_c_in_the_terminal_closes_the_app_quietly_with_the_shells_code():
    from game.app import App, AppConfig
    app = App(AppConfig(first_scene=lambda app: Interrupted(app), max_frames=30, headless=True))
    assert app.run() == 130
    assert not len(app.stack), "the scenes were closed as on quitting"


def test_ai_plays_its_turn_while_frames_keep_running():
    session = GameSession("breaks", ["ai:easy", "ai:easy"], seed=11)
    d = Driver(lambda app: BreaksTable(app, session), autoplay=True, autosave=False)
    try:
        start = d.app.frame
        assert d.until(lambda: len(session.log.actions) >= 4, timeout=60)
        assert d.app.frame - start > 4, "frames kept running while the AI thought"
    finally:
        d.close()


def test_an_illegal_move_from_the_computer_is_its_own_problem_not_the_players(monkeypatch):
    """The worker's answer is checked quietly: a bad one is replaced by a simple legal move
    and the engine's reason (which may name the bot's hidden card) is never shown."""
    import dataclasses

    from game.ai import worker as worker_mod
    real_poll = worker_mod.AIWorker.poll

    def bad_answer(self):
        result = real_poll(self)
        return dataclasses.replace(result, action="xyzzy 99") if result is not None and result.ok else result

    monkeypatch.setattr(worker_mod.AIWorker, "poll", bad_answer)
    session = GameSession("breaks", ["human", "ai:easy"], seed=3, options={"first_player": 1})
    d = Driver(lambda app: BreaksTable(app, session), autosave=False)
    try:
        assert d.until(lambda: len(session.log.actions) >= 1, timeout=30)
        assert d.top.toast == "The computer player hit a problem and made a simple move instead."
    finally:
        d.close()


def test_closing_the_window_while_the_ai_thinks_exits_quickly():
    session = GameSession("breaks", ["human", "ai:hard"], seed=3, options={"first_player": 1})
    d = Driver(lambda app: BreaksTable(app, session), autosave=False)
    assert d.until(lambda: d.top.ai_thinking, timeout=10)
    close_the_window_quickly(d)


def test_a_game_with_broken_data_is_refused_with_a_message_and_the_rest_still_work(monkeypatch):
    break_game_data(monkeypatch, "blockers", "levels/blockers/board.toml: rows must be A-I")
    d = Driver()
    try:
        d.frames(2)
        assert "board.toml" in (d.top.toast or "")
        play_buttons = [b for b in d.top._callbacks if b.text == "Play"]
        assert any(not b.is_enabled for b in play_buttons), "the broken game cannot be started"
        assert any(b.is_enabled for b in play_buttons), "the other games still can"
    finally:
        d.close()


def test_cube_puzzles_stay_shut_while_break_the_cube_data_is_broken(monkeypatch):
    """The puzzles load the same pieces file as the game: opening them showed the error
    screen; the button is greyed like the game's Play, the notice above says why."""
    break_game_data(monkeypatch, "cube", "levels/cube/pieces.toml: cannot be read")
    d = Driver()
    try:
        d.frames(2)
        assert "pieces.toml" in (d.top.toast or "")
        puzzles = next(b for b in d.top._callbacks if b.text == "Cube puzzles")
        assert not puzzles.is_enabled
        assert next(b for b in d.top._callbacks if b.text == "Statistics").is_enabled
    finally:
        d.close()


def test_continue_keeps_a_good_save_of_a_game_whose_data_is_broken(monkeypatch):
    session = GameSession("blockers", ["human", "ai:easy"], seed=4, options={"first_player": 0})
    session.apply(session.legal_texts()[0], 0)
    dirs = save_as_autosave(session)
    mend = break_game_data(monkeypatch, "blockers", "levels/blockers/board.toml: rows must be A-I")
    d = Driver()
    try:
        d.frames(2)
        d.top.resume_game()
        d.frames(2)
        assert isinstance(d.top, TitleScene) and "board.toml" in d.top.toast
        assert storage.autosave_path(dirs).exists(), "the save is not to blame: it stays"
    finally:
        d.close()
    mend()
    assert storage.load_autosave(dirs)[0]["log"]["actions"] == session.log.actions


def test_continue_sets_aside_the_file_it_read_and_never_offers_it_again():
    session = GameSession("breaks", ["human", "ai:easy"], seed=2, options={"first_player": 0})
    session.apply("draw", 0)
    record = session.to_record()
    record["log"]["actions"] = ["draw", "merge 1 9"]  # valid JSON, but the second move is impossible
    record["log"]["actors"] = [0, 0]
    dirs = storage.user_dirs()
    path = storage.autosave_path(dirs)
    storage.atomic_write_json(path.with_name("autosave.prev.json"), record)
    path.write_text("{")  # the newest save is damaged: the previous one is offered instead
    d = Driver()
    try:
        d.frames(2)
        assert d.top.continue_text
        d.top.resume_game()
        d.frames(2)
        assert "autosave.prev.json" in d.top.toast
        assert d.top.continue_text is None, "the bad file is not offered again"
        assert not path.with_name("autosave.prev.json").exists()
    finally:
        d.close()


@pytest.mark.parametrize("game", ["breaks", "blockers", "breaker_blocks", "circuit_breaker", "cube"])
def test_every_table_can_point_out_and_explain_any_legal_move(game):
    from game.scenes.tables import table_class
    opts = {"first_player": 0}
    session = GameSession(game, ["human", "ai:easy"], seed=4, options=opts)
    d = Driver(lambda app: table_class(game)(app, session), autosave=False)
    try:
        d.frames(2)
        table = d.top
        legal = session.state.legal_actions()
        for i in range(0, len(legal), max(1, len(legal) // 25)):
            text = str(legal[i])
            assert isinstance(table.hint_spots(text), list)
            assert table.hint_reason(text)
    finally:
        d.close()


def test_spectating_ai_vs_ai_at_any_speed():
    session = GameSession("breaks", ["ai:easy", "ai:easy"], seed=12)
    d = Driver(lambda app: BreaksTable(app, session), autosave=False)
    try:
        table = d.top
        assert table.spectating
        hint = next(r for t, r, _ in d.labels() if t.startswith("Watching"))
        assert PANEL_RECT.contains(hint), "the speed hint stays inside the side panel"
        for _ in range(3):
            d.key(pygame.K_PLUS)
        assert table.pace < 1
        d.key(pygame.K_SPACE)
        assert table.paused
        before = len(session.log.actions)
        d.frames(60)
        assert len(session.log.actions) == before, "paused: no moves"
        d.key(pygame.K_SPACE)
        assert d.until(lambda: len(session.log.actions) > before + 2, timeout=30)
        d.key(pygame.K_TAB)  # with the focus ring showing, Space still pauses
        d.key(pygame.K_SPACE)
        assert table.paused and d.top is table
    finally:
        d.close()


def test_high_contrast_and_reading_text_size_apply_at_once():
    from game.ui import theme
    d = Driver(lambda app: SettingsScene(app))
    try:
        normal_text = theme.TEXT
        focus_onto(d, next(b for b in d.top._callbacks if b.text.startswith("High contrast")).rect)
        d.key(pygame.K_RIGHT)
        assert d.app.settings.high_contrast and theme.TEXT == (255, 255, 255) != normal_text
        focus_onto(d, next(b for b in d.top._callbacks if b.text.startswith("Reading text size")).rect)
        d.key(pygame.K_RIGHT)
        d.key(pygame.K_RIGHT)
        assert d.app.settings.text_scale == 1.5 and theme.reading(16) == 24
    finally:
        d.close()
        theme.apply_settings(False, 1.0)


def test_a_window_behind_others_or_minimised_draws_slower_and_recovers():
    """A real (non-headless) window throttles its loop when it loses focus or is
    minimised, so an idle game in the background does not keep a core busy."""
    from game.app import BACKGROUND_FPS, MINIMISED_FPS
    d = Driver(headless=False, autosave=False)
    try:
        app = d.app
        assert app.frame_rate() == app.config.fps
        pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
        d.frames(1)
        assert app.frame_rate() == BACKGROUND_FPS
        pygame.event.post(pygame.event.Event(pygame.WINDOWMINIMIZED))
        d.frames(1)
        assert app.frame_rate() == MINIMISED_FPS
        pygame.event.post(pygame.event.Event(pygame.WINDOWRESTORED))
        pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSGAINED))
        d.frames(1)
        assert app.frame_rate() == app.config.fps
    finally:
        d.close()


def test_headless_runs_never_throttle():
    d = Driver(autosave=False)
    try:
        pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
        pygame.event.post(pygame.event.Event(pygame.WINDOWMINIMIZED))
        d.frames(1)
        assert d.app.frame_rate() == d.app.config.fps
    finally:
        d.close()


def save_as_autosave(session: GameSession):
    """Write the session as the autosave that Continue resumes; the user folders."""
    dirs = storage.user_dirs()
    storage.atomic_write_json(storage.autosave_path(dirs), session.to_record())
    return dirs


def test_a_move_that_cannot_be_saved_says_so(monkeypatch):
    fail_autosave(monkeypatch)
    session = GameSession("breaks", ["human", "ai:easy"], seed=2, options={"first_player": 0})
    d = Driver(lambda app: BreaksTable(app, session))
    try:
        d.frames(2)
        d.top.toast = None
        assert d.top.perform("draw", 0)
        d.app.writer.flush()
        d.frames(2)
        assert d.top.toast and "could not be saved" in d.top.toast and "the disk is full" in d.top.toast
    finally:
        d.close()


@pytest.mark.parametrize(("code", "german"), [
    (errno.ENOSPC, "der Datenträger ist voll"),
    (errno.EACCES, "keine Berechtigung, dort zu schreiben"),
    (errno.EROFS, "der Datenträger ist schreibgeschützt"),
    (errno.ENAMETOOLONG, "der Dateiname ist zu lang"),
    (errno.EIO, "das System hat einen Fehler gemeldet"),
])
def test_why_a_move_could_not_be_saved_is_said_in_the_players_language(monkeypatch, code, german):
    """The notice gave the system's own reason, in English whatever the language
    ("Das Spiel konnte nicht gespeichert werden: No space left on device")."""
    real = storage.atomic_write_json

    def refuse(path, data, keep_previous=False):
        if path.name == "autosave.json":
            raise OSError(code, os.strerror(code))
        real(path, data, keep_previous)

    monkeypatch.setattr(storage, "atomic_write_json", refuse)
    session = GameSession("breaks", ["human", "ai:easy"], seed=2, options={"first_player": 0})
    d = Driver(lambda app: BreaksTable(app, session))
    try:
        load_language("de")
        d.top.cancel_ai()
        assert d.top.perform("draw", 0)
        d.app.writer.flush()
        d.frames(2)
        path = storage.autosave_path(d.app.dirs)
        assert d.top.toast == f"Das Spiel konnte nicht gespeichert werden: {german} ({path})"
        assert os.strerror(code) not in d.top.toast
    finally:
        load_language("en")
        d.close()


def continue_text(session: GameSession) -> str:
    """The title screen's Continue label for ``session`` saved as the autosave."""
    save_as_autosave(session)
    d = Driver()
    try:
        return d.top.continue_text
    finally:
        d.close()


def test_continue_counts_one_move_in_the_singular():
    session = GameSession("breaks", ["human", "ai:easy"], seed=2, options={"first_player": 0})
    assert continue_text(session) == "Continue Breaks (no moves yet)"  # not "0 moves in"
    session.apply("draw", 0)
    assert continue_text(session) == "Continue Breaks (1 move in)"


def test_continue_calls_a_game_begun_but_with_no_move_yet_just_begun():
    """A game saved as its table opened (Play again, Start) has no move yet, and says so: it
    was started, so '(not started)' read as if Play again had done nothing. A Break the Cube
    shape half built is kept with the game but is no move: that game has begun."""
    session = GameSession("cube", ["human", "ai:easy"], seed=2, options={"first_player": 0})
    assert continue_text(session) == "Continue Break the Cube (no moves yet)"
    session.notes["cube_secrets"] = {"0": "a saved part"}
    assert continue_text(session) == "Continue Break the Cube (just begun)"


def test_after_play_again_continue_on_the_title_resumes_the_new_game_with_no_moves_yet():
    """Play again starts (and saves) a new game at once: left before its first move, the
    title's Continue offers that game, saying no move has been made in it."""
    from game.scenes.results import ResultsScene
    from tests.ui.driver import breaks_results_of_two_people
    d = breaks_results_of_two_people()
    try:
        d.app.config.autosave = True
        results = d.top
        assert isinstance(results, ResultsScene)
        d.settle()
        d.click(button_rect(results, "Play again").center)
        d.frames(2)
        table = d.app.stack.find(BreaksTable)
        assert table is not None and table.session.log.actions == []
        table.leave()
        d.frames(2)
        assert isinstance(d.top, TitleScene)
        assert d.top.continue_text == "Continue Breaks (no moves yet)"
    finally:
        d.close()


def test_continue_counts_a_breaks_draw_and_its_placement_as_one_move():
    """A Breaks turn is a draw and then a place, break or discard: the player made one move,
    not two ("86 moves in" was twice the turns played)."""
    session = GameSession("breaks", ["human", "ai:easy"], seed=2, options={"first_player": 0})
    session.apply("draw", 0)
    session.apply("discard", 0)
    assert continue_text(session) == "Continue Breaks (1 move in)"
    session.apply("draw", 1)  # the next turn has begun
    assert continue_text(session) == "Continue Breaks (2 moves in)"


def test_continue_in_german_counts_spielzuege_after_the_title():
    """'Blockers! fortsetzen (3 Schritte gespielt)' was odd German; the label says how far in
    the game is, 'nach 3 Spielzügen' (a move is a Spielzug, not a Zug: that is a turn), and the
    button draws it whole."""
    from game import i18n
    from game.ui.buttons import two_lines
    session = GameSession("blockers", ["human", "ai:easy"], seed=2, options={"first_player": 0})
    dirs = save_as_autosave(session)
    storage.atomic_write_json(storage.settings_path(dirs), {"language": "de"})
    try:
        assert continue_text(session) == "Blockers! fortsetzen (noch kein Spielzug)"
        for count, said in ((1, "nach einem Spielzug"), (3, "nach 3 Spielzügen")):
            while len(session.log.actions) < count:
                session.apply(session.legal_texts()[0], session.current_player)
            save_as_autosave(session)
            d = Driver()
            try:
                text = d.top.continue_text
                assert text == f"Blockers! fortsetzen ({said})"
                button = next(b for b in d.top._callbacks if b.text == text)
                split = two_lines(text, button.rect.inflate(-6, -6), button.label_size, button.label_bold)
                drawn = d.labels(2)
                for line in split[1] if split else [text]:
                    assert any(t == line and button.rect.contains(r) for t, r, _ in drawn), line
            finally:
                d.close()
    finally:
        i18n.load_language("en")


def test_a_long_continue_label_goes_on_two_lines_instead_of_shrinking():
    from game import i18n
    from game.ui.buttons import two_lines
    session = GameSession("circuit_breaker", ["human", "ai:easy"], seed=2)
    rng = random.Random(2)
    for _ in range(12):
        session.apply(rng.choice(session.legal_texts()), session.current_player)
    dirs = save_as_autosave(session)
    storage.atomic_write_json(storage.settings_path(dirs), {"language": "de"})
    d = Driver()
    try:
        text = d.top.continue_text
        button = next(b for b in d.top._callbacks if b.text == text)
        drawn = {t: rect for t, rect, _ in d.labels(2)}
        size, lines = two_lines(text, button.rect.inflate(-6, -6), button.label_size, button.label_bold)
        assert lines == ["Circuit Breaker fortsetzen", "(nach 12 Spielzügen)"], "the bracket stays whole"
        assert size == button.label_size, "at the button's own size, not shrunk"
        assert all(button.rect.contains(drawn[line]) for line in lines)
        assert drawn[lines[0]].bottom <= drawn[lines[1]].top + 2
        # a label that fits stays on one line; a button too low for two lines shrinks one
        assert two_lines("Statistik", button.rect, button.label_size, True) is None
        assert two_lines("Meine Form verstecken (G)", pygame.Rect(0, 0, 208, 28), 18, True) is None
    finally:
        d.close()
        i18n.load_language("en")


def test_continuing_a_pass_and_play_game_hands_off_before_showing_secrets():
    from game.scenes.circuit_breaker_table import CircuitBreakerTable
    from game.scenes.handoff import HandoffScene
    session = GameSession("circuit_breaker", ["human", "human"], seed=5, options={"first_player": 0})
    session.apply("end", 0)  # seat 2 to move: its hand and objective are secret from seat 1
    save_as_autosave(session)
    d = Driver()
    try:
        d.top.resume_game()
        d.frames(1)
        assert isinstance(d.top, HandoffScene) and d.top.seat == 1
        table = d.app.stack.find(CircuitBreakerTable)
        d.key(pygame.K_RETURN, frames=3)
        assert d.top is table and table.viewer == 1
    finally:
        d.close()
    single = GameSession("circuit_breaker", ["human", "ai:easy"], seed=5, options={"first_player": 0})
    save_as_autosave(single)
    d = Driver()
    try:
        d.top.resume_game()
        d.frames(1)
        assert isinstance(d.top, CircuitBreakerTable)  # one person: nothing to hide from anyone
    finally:
        d.close()


@pytest.mark.parametrize("game", ["breaks", "blockers"])
def test_continuing_while_the_computer_is_to_move_shows_the_last_person_who_moved(game):
    from game.scenes.handoff import HandoffScene
    session = GameSession(game, ["human", "human", "ai:easy"], seed=5, options={"first_player": 0})
    rng = random.Random(5)
    while session.current_player != 2:
        session.apply(rng.choice(session.legal_texts()), session.current_player)
    assert session.log.actors[-1] == 1
    save_as_autosave(session)
    d = Driver()
    try:
        d.top.resume_game()
        d.frames(1)
        if isinstance(d.top, HandoffScene):
            assert d.top.seat == 1
            texts = [text for text, _, _ in d.labels(frames=1)]
            assert not any("Seat 2's turn" in t for t in texts), "the computer is to move, not seat 2"
            assert "Seat 3 (AI) is playing." in texts
            d.key(pygame.K_RETURN, frames=2)
        assert d.top.viewer == 1, "seat 2 left the table: seat 2 comes back to it"
    finally:
        d.close()


def start_breaks_from_the_title(d: Driver) -> None:
    """Play Breaks on the title, then Start game on its set-up."""
    d.frames(2)
    d.top.open_setup("breaks")
    d.frames(2)
    d.top.start()
    d.frames(2)


def test_a_new_game_asks_before_replacing_a_saved_one_and_watching_never_replaces_it():
    from game.scenes.confirm import ConfirmScene
    saved = GameSession("circuit_breaker", ["human", "ai:easy"], seed=5, options={"first_player": 0})
    saved.apply("end", 0)
    dirs = save_as_autosave(saved)
    d = Driver()
    try:
        start_breaks_from_the_title(d)
        assert isinstance(d.top, ConfirmScene) and "Circuit Breaker" in d.top.text
        d.key(pygame.K_ESCAPE)  # Stay: the saved game is kept
        assert isinstance(d.top, SetupScene)
        assert storage.load_autosave(dirs)[0]["log"]["game"] == "circuit_breaker"
        d.top.seats = ["ai:easy", "ai:easy", "ai:easy", "ai:easy"]  # only computers: just watching
        d.top.start()
        d.frames(2)
        assert isinstance(d.top, BreaksTable)
        assert d.until(lambda: len(d.top.session.log.actions) >= 3, timeout=30)
        d.app.writer.flush()
        assert storage.load_autosave(dirs)[0]["log"]["game"] == "circuit_breaker"
    finally:
        d.close()
    d = Driver()
    try:
        d.frames(2)
        d.top.open_setup("breaks")
        d.frames(2)
        d.top.defaults()  # the set-up remembered from the game watched: a person's seat again
        d.top.start()
        d.frames(2)
        d.top.confirm()
        d.frames(2)
        assert isinstance(d.top, BreaksTable)
        # confirmed: the new game is the saved one at once, before anybody moves
        d.app.writer.flush()
        record = storage.load_autosave(dirs)[0]
        assert record["log"]["game"] == "breaks"
    finally:
        d.close()


def test_a_save_from_a_newer_breakbox_is_announced_and_a_new_game_asks_before_replacing_it():
    from game.scenes.confirm import ConfirmScene
    dirs = storage.user_dirs()
    path = storage.autosave_path(dirs)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"format": 99, "log": {}}))
    d = Driver()
    try:
        d.frames(2)
        assert "newer Breakbox" in (d.top.toast or "") and d.top.record is None
        d.top.open_setup("breaks")
        d.frames(2)
        d.top.start()
        d.frames(2)
        assert isinstance(d.top, ConfirmScene) and "from a newer Breakbox" in d.top.text
        d.key(pygame.K_ESCAPE)
        assert json.loads(path.read_text())["format"] == 99
    finally:
        d.close()


def test_the_focus_ring_skips_hidden_buttons():
    class TwoButtons(AppScene):
        def enter(self) -> None:
            self.shown = self.button("Shown", (100, 100, 200, 40), lambda: None)
            self.hidden = self.button("Hidden", (100, 200, 200, 40), lambda: None)
            self.hidden.hide()
    d = Driver(lambda app: TwoButtons(app))
    try:
        scene = d.top
        for _ in range(4):
            d.key(pygame.K_TAB)
            assert scene.focus.current.rect_of() == scene.shown.rect
    finally:
        d.close()


@pytest.mark.parametrize(("game", "word"), [("breaks", "card"), ("blockers", "placement"),
                                            ("breaker_blocks", "you have not made a decision yet"),
                                            ("circuit_breaker", "turn"), ("cube", "question")])
def test_ctrl_z_with_nothing_to_undo_names_this_games_limit(game, word):
    """After the computer's opening turn: the game's own limit where its move revealed
    something (a card drawn, a tile drawn...), else that you have not moved yet."""
    from game.scenes.tables import table_class
    session = GameSession(game, ["human", "ai:easy"], seed=3, options={"first_player": 1})
    while session.current_player == 1:
        session.apply(session.legal_texts()[0], 1)
    d = Driver(lambda app: table_class(game)(app, session), autosave=False)
    try:
        d.top.paused = True
        d.key(pygame.K_z, mod=pygame.KMOD_CTRL)
        toast = d.top.toast or ""
        assert toast.startswith("Nothing to undo") and word in toast
        assert game == "breaks" or "card" not in toast
    finally:
        d.close()


@pytest.mark.parametrize("game", ["breaks", "blockers", "breaker_blocks", "circuit_breaker", "cube"])
def test_a_click_on_the_greyed_out_undo_button_says_why(game):
    """The greyed-out button is where a mouse player asks; it said nothing, while Ctrl+Z
    gave the reason."""
    from game.scenes.tables import table_class
    session = GameSession(game, ["human", "ai:easy"], seed=3, options={"first_player": 1})
    while session.current_player == 1:
        session.apply(session.legal_texts()[0], 1)
    d = Driver(lambda app: table_class(game)(app, session), autosave=False)
    try:
        table = d.top
        table.paused = True
        d.frames(3)
        assert not table.undo_button.is_enabled
        d.click(table.undo_button.rect.center)
        clicked = table.toast
        assert clicked and clicked.startswith("Nothing to undo")
        table.toast = None
        d.key(pygame.K_z, mod=pygame.KMOD_CTRL)
        assert table.toast == clicked
        assert session.log.actions == table.session.log.actions
    finally:
        d.close()


@pytest.mark.parametrize("game", ["breaks", "breaker_blocks"])
def test_ctrl_z_at_a_table_of_computers_says_the_computer_plays_every_seat(game):
    """Watching computers play, the game's own limit ("not past another person's", "once a
    card has been drawn") was the reason given, which says nothing about why here."""
    from game.scenes.tables import table_class
    session = GameSession(game, ["ai:easy", "ai:easy"], seed=3, options={"first_player": 0})
    session.apply(session.legal_texts()[0], 0)
    d = Driver(lambda app: table_class(game)(app, session), autosave=False)
    try:
        d.top.paused = True
        d.key(pygame.K_z, mod=pygame.KMOD_CTRL)
        assert d.top.toast == "Nothing to undo: the computer is playing every seat."
        assert d.top.session.log.actions == session.log.actions
    finally:
        d.close()


def test_ctrl_z_after_another_persons_move_names_them():
    """Pass-and-play Breaks: seat 2, back at its table after seat 1's turn, cannot take
    back its own earlier decision past seat 1's move (an open game of people takes back
    the last decision whoever made it: see test_hand_off_take_back)."""
    from game.scenes.tables import table_class
    session = GameSession("breaks", ["human", "human"], seed=5, options={"first_player": 0})
    for seat in (0, 1, 0):
        session.apply("draw", seat)
        session.apply("discard", seat)
    d = Driver(lambda app: table_class("breaks")(app, session), autosave=False)
    try:
        assert d.top.viewer == 1  # seat 2's table (the game opened at it)
        d.key(pygame.K_z, mod=pygame.KMOD_CTRL)
        assert d.top.toast == "Nothing to undo: Seat 1 has moved since your last decision."
    finally:
        d.close()


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_long_dialog_text_stays_above_its_buttons(language):
    from game import i18n
    from game.scenes.confirm import ConfirmScene
    d = Driver(lambda app: ConfirmScene(app, "Leave the table?", "x", "Leave", lambda: None))
    try:
        i18n.load_language(language)
        text = i18n.tr("The tutorial is not saved: start it again any time from the game's set-up screen.")
        d.app.stack.push(ConfirmScene(d.app, i18n.tr("Leave the table?"), text, i18n.tr("Leave"), lambda: None))
        labels = d.labels(frames=2)
        buttons_top = min(b.rect.top for b in d.top._callbacks)
        words = text.split()
        body = [rect for label, rect, _ in labels if label.split() and label.split()[0] in words]
        assert body and max(rect.bottom for rect in body) <= buttons_top - 4
    finally:
        i18n.load_language("en")
        d.close()


def test_the_focus_ring_is_not_drawn_on_a_button_that_went_away():
    class OneButton(AppScene):
        def enter(self) -> None:
            self.only = self.button("Only", (100, 100, 200, 40), lambda: None)
    d = Driver(lambda app: OneButton(app))
    try:
        scene = d.top
        d.key(pygame.K_TAB)
        blank = pygame.Surface((1280, 720))
        drawn = blank.copy()
        scene.focus.draw(drawn)
        assert pygame.image.tobytes(drawn, "RGB") != pygame.image.tobytes(blank, "RGB")
        scene.only.disable()
        drawn = blank.copy()
        scene.focus.draw(drawn)
        assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(blank, "RGB")
    finally:
        d.close()


def test_play_again_in_pass_and_play_hands_off_before_showing_secrets():
    from game.scenes.circuit_breaker_table import CircuitBreakerTable
    from game.scenes.handoff import HandoffScene
    session = GameSession("circuit_breaker", ["human", "human"], seed=5, options={"first_player": 0})
    d = Driver(lambda app: CircuitBreakerTable(app, session), autosave=False)
    try:
        d.top.new_game_same_seats()
        d.frames(1)
        assert isinstance(d.top, HandoffScene)
        assert d.app.stack.find(CircuitBreakerTable).session is not session
    finally:
        d.close()


@pytest.mark.parametrize(("game", "seats", "options", "words"), [
    ("breaks", ["human", "human", "human"], {"first_player": 0}, "colour sky blue, shape triangle"),
    ("blockers", ["human", "human"], {"first_player": 0, "advanced": True},
     "colour blue and yellow, shape triangle"),
])
def test_the_hand_off_says_in_words_whose_turn_it_is_and_what_to_do(game, seats, options, words):
    """The pass screen names the next seat's colour and shape as well as drawing them
    (a colour-blind player, or one who forgot the seat number, still knows it is them),
    and says how to go on, not only with a button."""
    from game.scenes.handoff import HandoffScene
    from game.scenes.table_base import TableScene
    from game.scenes.tables import start_table
    session = GameSession(game, seats, seed=5, options=options)
    d = Driver(lambda app: TitleScene(app), autosave=False)
    try:
        start_table(d.app, session, replace_stack=True)
        d.frames(1)
        d.key(pygame.K_RETURN, frames=2)
        table = d.app.stack.find(TableScene)
        table.perform(session.legal_texts()[0], 0)
        while session.current_player == 0:  # a Breaks turn is a draw and what follows it
            table.perform(session.legal_texts()[0], 0)
        assert d.until(lambda: isinstance(d.top, HandoffScene), 5)
        texts = [text for text, _, _ in d.labels(frames=1)]
        assert f"Seat 2's turn: {words}" in texts
        assert any("press Enter or click" in t for t in texts), texts
    finally:
        d.close()


def test_a_quick_second_enter_skips_neither_the_hand_off_nor_the_results():
    """Enter pressed twice in a row (the move, then once more) must leave the hand-off and
    the results on screen: the next player's secrets and the final score are not skipped."""
    from game.scenes.results import ResultsScene

    def raw_enter(d: Driver) -> None:  # no settling wait: as fast as a double press
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(kind, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
        d.frames(1)

    setup = {"tableaux": [[["4S", "4D"], ["6D", "6C"], ["7C"]], [["9S"], ["KD"], ["2C"]]], "deck": ["9H"]}
    session = GameSession("breaks", ["human", "human"], seed=0, options={"first_player": 1, "setup": setup})
    d = Driver(lambda app: BreaksTable(app, session), autosave=False)
    try:
        table = d.top
        d.key(pygame.K_d)
        d.frames(40)
        d.key(pygame.K_1, frames=1)  # seat 2 places the last card: seat 1 has the first final turn
        assert d.until(lambda: d.top is not table, 5)
        handoff = d.top
        raw_enter(d)
        assert d.top is handoff, "the hand-off was skipped by a second press"
        d.frames(40)
        raw_enter(d)
        assert d.top is table and table.viewer == 0
        d.key(pygame.K_f)  # seat 1 is done: seat 2's final turn, behind a hand-off
        d.key(pygame.K_RETURN)
        d.key(pygame.K_f, frames=1)  # seat 2 is done: the game is over
        assert d.until(lambda: isinstance(d.top, ResultsScene), 5)
        results = d.top
        raw_enter(d)
        assert d.top is results, "the results were skipped by a second press"
    finally:
        d.close()


def test_escape_on_the_title_asks_before_closing_the_app():
    from game.scenes.confirm import ConfirmScene
    d = Driver()
    try:
        d.frames(2)
        d.key(pygame.K_ESCAPE)
        assert isinstance(d.top, ConfirmScene) and d.app.running
        assert "Continue" not in d.top.text, "nothing is saved: no game to continue is promised"
        d.key(pygame.K_RETURN)  # Stay has the focus
        assert isinstance(d.top, TitleScene) and d.app.running
        d.key(pygame.K_ESCAPE)
        d.click(d.top.focus.items[1].rect_of().center)  # Quit
        assert not d.app.running
    finally:
        d.close()


def test_the_title_puts_the_focus_on_continue_and_back_on_the_button_you_used():
    d = Driver()
    try:
        d.frames(2)
        settings = next(i for i, item in enumerate(d.top.focus.items)
                        if item.rect_of().collidepoint(d.top.rows[0].right + 200, 474))
        d.top.focus.index, d.top.focus.visible = settings, True
        d.key(pygame.K_RETURN)
        assert isinstance(d.top, SettingsScene)
        d.key(pygame.K_ESCAPE)
        assert isinstance(d.top, TitleScene)
        assert d.top.focus.index == settings and d.top.focus.visible, "back on Settings, still shown"
    finally:
        d.close()
    session = GameSession("breaks", ["human", "ai:easy"], seed=2, options={"first_player": 0})
    session.apply("draw", 0)
    save_as_autosave(session)
    d = Driver()
    try:
        d.frames(2)
        assert d.top.focus.current.rect_of().collidepoint(1070, 228), "Continue is the first stop"
    finally:
        d.close()


def test_looking_at_the_finished_table_hides_nothing_of_the_game():
    d = breaks_results_of_two_people()
    try:
        d.top.toggle_peek()
        banner = [rect for text, rect, _ in d.labels(frames=2) if "return to the results" in text or
                  "Press any key" in text]
        assert banner and all(PANEL_RECT.contains(rect) for rect in banner), banner
    finally:
        d.close()


@pytest.mark.parametrize(("game", "seats"), [("blockers", 5), ("breaker_blocks", 2), ("circuit_breaker", 4)])
def test_a_message_on_a_table_keeps_off_the_board_and_the_scores(game, seats):
    """Refusals and hints are read while looking at the board: the box sits in the
    middle column, clear of the board, the score panels, the circuits and the market."""
    from game.scenes import blockers_table, breaker_blocks_table, circuit_breaker_table
    from game.scenes.tables import table_class
    session = GameSession(game, ["human"] + ["ai:easy"] * (seats - 1), seed=3, options={"first_player": 0})
    d = Driver(lambda app: table_class(game)(app, session), autosave=False)
    try:
        t = d.top
        t.cancel_ai()
        t.show_toast("A reason long enough to take two lines of the message box, as most refusals do here.", 5)
        box = d.toast_box(t)
        keep_clear = {
            "blockers": lambda: [blockers_table.BOARD] + [
                pygame.Rect(blockers_table.SCORE_X, t.score_row_y(s), 340, 86) for s in range(seats)],
            "breaker_blocks": lambda: [breaker_blocks_table.BOARD,
                                       pygame.Rect(breaker_blocks_table.PILE_X, 44, 446, 150)]
            + [t.pile_rect(i) for i in range(len(t.pile_entries()))],
            "circuit_breaker": lambda: [circuit_breaker_table.HOUSE] + [t.spot_rect(n) for n in t.market_spots()]
            + [t.mini_frame(s) for s in range(seats) if s != t.viewer],  # the houses a mouse is dropped on
        }[game]()
        assert not [r for r in keep_clear if box.colliderect(r)], box
    finally:
        d.close()


def test_a_notice_on_the_title_keeps_off_the_play_buttons_and_the_menu():
    d = Driver()
    try:
        t = d.top
        t.show_toast("Could not continue: /home/someone/.local/share/breakbox/saves/autosave.json: not valid "
                     "JSON (line 1: Expecting value) (kept as autosave.json.bad-20261127-051500)", 6)
        box = d.toast_box(t)
        buttons = [b.rect for b in t._callbacks]
        assert len(buttons) >= 9 and not [r for r in buttons if box.colliderect(r)], box
        from game.ui import theme
        try:  # at the largest reading size too: smaller text, not a box over the game list
            theme.apply_settings(False, 2.0)
            t.show_toast("The saved game was damaged: /home/someone/.local/share/breakbox/saves/autosave.json: "
                         "not valid JSON (line 18: Unterminated string starting at) (kept as "
                         "autosave.json.bad-20261127-051500); continuing from the save before it", 6)
            box = d.toast_box(t)
            assert not [r for r in buttons if box.colliderect(r)], box
        finally:
            theme.apply_settings(False, 1.0)
        from game.i18n import load_language
        try:  # the heading it covers is wider in German: none of it shows beside the box
            load_language("de")
            heading = [rect for text, rect, _ in d.labels(frames=1) if rect.top < 200 and text != t.toast]
            box = d.toast_box(t)
            assert heading and all(box.contains(rect) for rect in heading), (box, heading)
        finally:
            load_language("en")
    finally:
        d.close()


def test_the_focus_ring_on_the_first_setting_stays_clear_of_the_subtitle():
    d = Driver(lambda app: SettingsScene(app))
    try:
        scene = d.top
        scene.focus.index, scene.focus.visible = 0, True
        subtitle = next(rect for text, rect, _ in d.labels(frames=1) if text == "Changes are saved at once.")
        ring = scene.focus.items[0].rect_of().inflate(16, 16)  # the ring's outer edge (game/ui/focus.py)
        assert not subtitle.colliderect(ring)
    finally:
        d.close()


@pytest.mark.parametrize("language", ["en", "de"])
def test_option_help_stays_clear_of_the_focus_rings_and_the_seed_above_the_start_button(language):
    from game.i18n import load_language
    from game.rules import CATALOG
    d = Driver()
    try:
        load_language(language)
        for info in CATALOG:
            scene = SetupScene(d.app, info.name)
            d.app.stack.push(scene)
            labels = d.labels(frames=2)
            helps = [rect for text, rect, _ in labels if rect.x >= 620 and any(
                text == line for _, lines in scene.option_help for line in lines)]
            rings = [b.rect.inflate(16, 16) for b in scene._callbacks if b.rect.x >= 620 and b.rect.y < 560]
            assert not [(h, r) for h in helps for r in rings if h.colliderect(r)], info.name
            start = next(b.rect for b in scene._callbacks if b.rect.y >= 600 and b.rect.x == 620)  # Start game
            assert scene.seed_entry.rect.inflate(16, 16).bottom <= start.top, info.name
            d.app.stack.pop()
    finally:
        load_language("en")
        d.close()


@pytest.mark.parametrize("game, seats, options, seed", [
    ("breaks", 4, {"scoring": "court"}, 2),
    ("blockers", 5, {}, 1),  # five seats, two lines each: the longest explanation
])
def test_the_results_explanation_grows_with_the_reading_size_and_stays_in_its_box(game, seats, options, seed):
    """At 200 % reading text the score explanation is larger than at 100 % (as large as fits,
    up to 32 px), wrapped and stepped down so that every line stays inside the box above the
    buttons."""
    from game.scenes.blockers_table import BlockersTable
    from game.scenes.results import ResultsScene
    from game.ui import theme
    table_of = {"breaks": BreaksTable, "blockers": BlockersTable}[game]
    sizes = {}
    for scale in (1.0, 2.0):
        storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"text_scale": scale})
        session = GameSession(game, ["human"] * seats, seed=seed, options=dict(options))
        rng = random.Random(seed)
        while not session.is_over():
            session.apply(rng.choice(session.legal_texts()), session.current_player)
        d = Driver(lambda app, s=session: table_of(app, s), autosave=False)
        try:
            assert d.until(lambda d=d: isinstance(d.top, ResultsScene), timeout=5)
            assert theme.text_scale == scale
            results = d.top
            sizes[scale] = results.detail_size
            buttons_top = min(b.rect.top for b in results._callbacks)
            details = [rect for text, rect, _ in d.labels(1) if text in results.detail]
            assert len(details) == len(results.detail)
            inner = results.box.inflate(-40, 0)
            assert all(inner.contains(rect) and rect.bottom <= buttons_top for rect in details), \
                (scale, results.detail_size)
            assert pygame.Rect(0, 0, 1280, 720).contains(results.box)
        finally:
            d.close()
    assert sizes[1.0] == 16 and sizes[2.0] > 16, sizes


def test_leaving_a_game_that_could_not_be_saved_does_not_promise_continue():
    """Saves folder unwritable: the toast said so, but Menu still read "The game is
    saved: Continue ... resumes it", and leaving lost the game without a word."""
    from game.scenes.confirm import ConfirmScene
    dirs = storage.user_dirs()
    dirs.saves.parent.mkdir(parents=True, exist_ok=True)
    dirs.saves.write_text("a file where the saves folder goes")  # every save fails, even as root
    session = GameSession("breaks", ["human", "ai:easy"], seed=2, options={"first_player": 0})
    d = Driver(lambda app: BreaksTable(app, session))
    try:
        d.top.cancel_ai()
        assert d.top.perform("draw", 0)
        d.top.ask_leave()
        assert isinstance(d.top, ConfirmScene) and "could not be saved" in d.top.text, d.top.text
        d.app.stack.pop()
        dirs.saves.unlink()  # room again: the next move is saved, and Menu says so
        assert d.top.perform("discard", 0)
        d.top.ask_leave()
        assert "The game is saved" in d.top.text, d.top.text
    finally:
        d.close()


def test_a_setting_that_cannot_be_saved_says_so_on_the_settings_screen(monkeypatch):
    """The problem was queued for the title, once per change: five clicks, five notices
    on five later visits, and nothing where the click was made."""
    def refuse(dirs, settings):
        raise PermissionError(13, "Permission denied")
    monkeypatch.setattr(storage, "save_settings", refuse)
    d = Driver(lambda app: SettingsScene(app))
    try:
        for value in (False, True, False):
            d.top._palette(value)
        where = storage.settings_path(d.app.dirs)
        assert d.top.toast == f"Could not save settings: no permission to write there ({where})"
        assert d.app.notices == []
    finally:
        d.close()



def _breaks_table(d: Driver) -> BreaksTable:
    session = GameSession("breaks", ["human", "ai:easy"], seed=3, options={"first_player": 0})
    d.app.stack.push(BreaksTable(d.app, session))
    d.frames(2)
    return d.top


def _confirm(d: Driver, *args, **kwargs) -> None:
    from game.scenes.confirm import ConfirmScene
    d.app.stack.push(ConfirmScene(d.app, *args, lambda: None, **kwargs))


# every confirm dialog the app has, opened as the app opens it (or with the app's arguments)
CONFIRM_DIALOGS = {
    "quit": lambda d: d.key(pygame.K_ESCAPE),
    "leave table": lambda d: _breaks_table(d).ask_leave(),
    "end turn": lambda d: _breaks_table(d).end_turn_asking("You could still play a card.", lambda: None),
    "replace saved game": lambda d: d.app.stack.push(ask_before_replacing(d.app, "x", lambda: None)),
    "leave puzzle": lambda d: _confirm(d, "Leave this puzzle?", "x", "Leave"),
    "sudden death guess": lambda d: _confirm(d, "Submit this shape as your guess?", "x", "Guess", no="Not yet"),
}


@pytest.mark.parametrize("name", list(CONFIRM_DIALOGS))
def test_a_confirm_dialog_draws_its_default_answer_as_the_primary_button(name):
    """The ring (what Enter presses) and the blue primary look mark the same, safe button."""
    from game.scenes.confirm import ConfirmScene
    d = Driver()
    try:
        d.frames(2)
        below = d.top
        CONFIRM_DIALOGS[name](d)
        d.frames(2)
        dialog = d.top
        assert isinstance(dialog, ConfirmScene)
        primary = [b for b in dialog._callbacks if "#primary" in b.object_ids]
        assert len(primary) == 1, [b.text for b in primary]
        assert dialog.focus.visible and dialog.focus.current.rect_of() == primary[0].rect
        assert primary[0].text == dialog.no
        d.key(pygame.K_RETURN)  # the default changes nothing
        assert d.top is not dialog and d.app.running
        assert d.top is below or isinstance(d.top, BreaksTable)
    finally:
        d.close()


def test_f11_held_down_through_the_new_window_toggles_full_screen_once():
    """SDL reports a key still down as the window is made anew as released and pressed again:
    held for a second, F11 flipped the screen back and forth (five times in Xvfb)."""
    d = Driver()
    try:
        d.frames(2)
        down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0)
        up = pygame.event.Event(pygame.KEYUP, key=pygame.K_F11, mod=0, unicode="", scancode=0)
        pygame.event.post(down)
        d.frames(2)
        for _ in range(3):  # each new window: the held key let go of and pressed again
            pygame.event.post(up)
            pygame.event.post(down)
            d.frames(3)
        assert d.app.display.fullscreen
        pygame.event.post(up)
        d.frames(30)
        d.key(pygame.K_F11)  # a press of its own, half a second on, goes back
        assert not d.app.display.fullscreen
    finally:
        d.close()


def test_damaged_settings_that_cannot_be_moved_aside_are_not_written_over(monkeypatch):
    """A change of setting wrote the settings over a damaged settings.json left in place,
    the only copy of every setting it held; the settings screen says why it kept it."""
    from game import i18n
    dirs = storage.user_dirs()
    path = storage.settings_path(dirs)
    path.parent.mkdir(parents=True, exist_ok=True)
    damaged = '{"volume": 0.2, "language": "de", "text_scale": 1.5,'
    path.write_text(damaged, encoding="utf-8")
    monkeypatch.setattr(storage, "move_aside", lambda path, reason="": None)
    d = Driver(lambda app: SettingsScene(app))
    try:
        d.top._palette(True)
        assert path.read_text(encoding="utf-8") == damaged
        assert (d.top.toast or "").startswith("Could not save settings: Settings reset: ") and \
            "settings.json: not valid JSON" in d.top.toast, d.top.toast
        i18n.load_language("de")
        d.top.reword_toast()  # as a change of language does
        assert d.top.toast.startswith("Einstellungen konnten nicht gespeichert werden: Einstellungen zurückgesetzt: ") \
            and "kein gültiges JSON" in d.top.toast, d.top.toast
    finally:
        i18n.load_language("en")
        d.close()


def test_a_change_of_setting_keeps_the_settings_of_a_newer_breakbox():
    """Back on an older version after trying a newer one: its settings were dropped from the
    file at the first change made here (only a reset at start kept them)."""
    dirs = storage.user_dirs()
    path = storage.settings_path(dirs)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"volume": 0.4, "card_back": "blue", "deal_speed": 3}), encoding="utf-8")
    d = Driver(lambda app: SettingsScene(app))
    try:
        d.top._palette(False)
        saved = json.loads(path.read_text(encoding="utf-8"))
        assert saved["card_back"] == "blue" and saved["deal_speed"] == 3
        assert saved["volume"] == 0.4 and saved["colorblind"] is False
    finally:
        d.close()


def test_a_new_game_over_a_damaged_save_left_in_place_does_not_call_it_a_newer_breakbox_s(monkeypatch):
    """A damaged save that could not be moved aside was named 'the saved game from a newer
    Breakbox' in the question before a new game replaced it."""
    from game.scenes.confirm import ConfirmScene
    dirs = storage.user_dirs()
    path = storage.autosave_path(dirs)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": 1, "log": {"game": "bre', encoding="utf-8")
    monkeypatch.setattr(storage, "move_aside", lambda path, reason="": None)
    d = Driver()
    try:
        start_breaks_from_the_title(d)
        assert isinstance(d.top, ConfirmScene), d.top
        assert d.top.text == "A new game takes the place of the saved game, which cannot be continued now."
        d.key(pygame.K_ESCAPE)
        assert path.read_text(encoding="utf-8") == '{"format": 1, "log": {"game": "bre'
    finally:
        d.close()


@pytest.mark.parametrize("game", ["breaks", "blockers", "breaker_blocks", "circuit_breaker", "cube"])
def test_back_on_the_title_after_a_game_the_focus_is_on_that_games_play(game):
    """Leaving a game for the title put the focus ring on Breaks' Play whatever was played:
    a keyboard player wanting another game of the same had to find it again."""
    from game.rules import CATALOG
    from game.scenes.tables import table_class
    session = GameSession(game, ["human", "human"], seed=3, options={"first_player": 0})
    d = Driver(lambda app: table_class(game)(app, session), autosave=False)
    try:
        d.frames(2)
        d.top.leave()
        d.frames(2)
        title = d.top
        assert isinstance(title, TitleScene) and title.continue_text is None
        row = title.rows[[info.name for info in CATALOG].index(game)]
        assert title.focus.current.button is title.row_buttons[game]
        assert row.contains(title.focus.current.rect_of())
        d.key(pygame.K_TAB)  # the first Tab shows the ring where it is
        d.key(pygame.K_RETURN)
        assert isinstance(d.top, SetupScene) and d.top.game == game
    finally:
        d.close()


def test_back_on_the_title_by_keys_a_pointer_left_on_a_row_does_not_outline_it_until_it_moves():
    """Left by keys (Esc, the menu's Leave), the title showed the ring on Blockers!' Play and
    the row under the resting pointer outlined as if pointed at: two games marked at once."""
    from game.scenes.blockers_table import BlockersTable
    from game.ui import theme
    session = GameSession("blockers", ["human", "human"], seed=3, options={"first_player": 0})
    d = Driver(lambda app: BlockersTable(app, session), autosave=False)
    try:
        d.frames(2)
        resting = (300, 470)  # on the title this is Breaker Blocks' row, away from its Play
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=resting, rel=(0, 0), buttons=(0, 0, 0)))
        d.frames(2)
        d.key(pygame.K_ESCAPE)  # the game's menu, its ring on Back to the game
        d.key(pygame.K_DOWN)
        d.key(pygame.K_DOWN)  # Leave the table
        d.key(pygame.K_RETURN)
        d.key(pygame.K_RIGHT)  # the question's Leave, right of Stay
        d.key(pygame.K_RETURN)
        d.frames(2)
        title = d.top
        assert isinstance(title, TitleScene) and title.focus.visible
        assert title.focus.current.button is title.row_buttons["blockers"]
        assert title.row_game_at(resting) == "breaker_blocks"
        row = title.rows[2]
        edge = (row.x + 1, row.centery)  # a pointed-at row's outline is 2 px wide, in TEXT_DIM
        d.frames(1)
        assert d.app.display.canvas.get_at(edge)[:3] != theme.TEXT_DIM, "the keyboard in use: only the ring marks"
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(302, 470), rel=(2, 0), buttons=(0, 0, 0)))
        d.frames(2)
        assert d.app.display.canvas.get_at(edge)[:3] == theme.TEXT_DIM, "the pointer moved: its row is outlined"
    finally:
        d.close()
