"""The set-up screen opens with the set-up its game was last started with (seats, levels,
player count, options, who goes first; not the seed), and Defaults sets it back. Three
friends set three Human seats for every new game: the screen forgot them each time."""

from __future__ import annotations

import json

from game import storage
from game.scenes.setup import SetupScene
from tests.ui.driver import Driver


def open_setup(game: str) -> Driver:
    d = Driver(lambda app: SetupScene(app, game), autosave=False)
    d.frames(2)
    return d


def button(scene: SetupScene, text: str):
    return next(b for b in scene._callbacks if b.text.startswith(text))


def state(scene: SetupScene) -> tuple:
    n = scene.num_players
    return n, scene.seats[:n], scene.options_to_start(), scene.first_player, scene.seed_entry.get_text()


def friends_set_up(d: Driver) -> None:
    """Three players: three people, Seat 3 first, sudden death, a note sheet for Seat 2 only."""
    s = d.top
    d.click(button(s, "Players: ").rect.center)
    s = d.top
    for seat in (1, 2):
        d.click(button(s, f"Seat {seat + 1}: ").rect.center)
    s._set_option(next(o for o in s.rules.options if o.name == "notes"), "per seat")
    s = d.top
    d.frames(1)
    d.click(sorted((b for b in s._callbacks if b.text.startswith("Notes: ")), key=lambda b: b.rect.y)[1].rect.center)
    d.click(button(s, "Sudden death: ").rect.center)
    for _ in range(3):  # drawn at random -> Seat 1 -> Seat 2 -> Seat 3
        d.click(button(s, "First player: ").rect.center)
    s.seed_entry.set_text("1234")


FRIENDS = (3, ["human"] * 3, {"notes": [False, True, False], "sudden_death": True, "build": "choose"}, 2, "")


def test_the_last_set_up_of_a_game_comes_back_and_defaults_sets_it_back():
    d = open_setup("cube")
    try:
        defaults = state(d.top)
        assert defaults[:2] == (2, ["human", "ai:normal"])
        friends_set_up(d)
        d.click(button(d.top, "Start game").rect.center, frames=3)
        assert not isinstance(d.top, SetupScene)
    finally:
        d.close()
    d = open_setup("cube")  # another day: a new start of Breakbox
    try:
        s = d.top
        assert state(s) == FRIENDS, "the seats, options and first player as last started; the seed is blank"
        notes = sorted((b for b in s._callbacks if b.text.startswith("Notes: ")), key=lambda b: b.rect.y)
        assert [b.text for b in notes] == ["Notes: off", "Notes: on", "Notes: off"], "the screen shows it"
        assert button(s, "Seat 3: ").text == "Seat 3: Human"
    finally:
        d.close()
    d = open_setup("breaks")
    try:
        assert state(d.top)[:2] == (2, ["human", "ai:normal"]), "each game remembers its own"
    finally:
        d.close()
    d = open_setup("cube")
    try:
        s = d.top
        d.click(button(s, "Defaults").rect.center)
        assert state(d.top) == defaults
        assert d.top.focus.current is None or d.top.focus.current.rect_of() == button(d.top, "Defaults").rect
    finally:
        d.close()
    d = open_setup("cube")
    try:
        assert state(d.top) == defaults, "Defaults is what the screen opens with next time too"
    finally:
        d.close()


def test_a_damaged_or_outdated_set_up_falls_back_to_defaults_and_nothing_else_is_lost():
    dirs = storage.user_dirs()
    storage.atomic_write_json(storage.settings_path(dirs), {"ai_level": "hard", "volume": 0.3})
    storage.setups_path(dirs).write_text('{"cube": {"players": 3, "seats": ["hum')
    d = open_setup("cube")
    try:
        assert state(d.top)[:2] == (2, ["human", "ai:hard"]), "defaults, with the settings' AI level"
        assert d.app.settings.volume == 0.3, "the settings are untouched"
    finally:
        d.close()
    assert list(storage.setups_path(dirs).parent.glob("setups.json.bad-*")), "the damaged file is kept aside"
    assert storage.read_json(storage.settings_path(dirs)) == {"ai_level": "hard", "volume": 0.3}

    # an older Breakbox's set-up, or one edited by hand: each part that fits is taken
    breaks = {"players": 4, "seats": ["human", "human", "ai:easy", "human"]}
    storage.atomic_write_json(storage.setups_path(dirs), {"breaks": breaks, "cube": {
        "players": 9, "seats": ["robot", "human", 7], "ai_levels": ["hard", "genius"],
        "options": {"blocks": 6, "notes": 1, "sudden_death": True, "gone": "yes", "build": "random"},
        "seat_values": {"notes": "on", "blocks": [4, 9]}, "first_player": 5}})
    d = open_setup("cube")
    try:
        s = d.top
        assert state(s) == (2, ["human", "human"], {"blocks": 3, "notes": False, "sudden_death": True,
                                                     "build": "random"}, None, "")
        assert s.seat_values["blocks"][:2] == [4, 3]
        d.click(button(s, "Start game").rect.center, frames=3)
    finally:
        d.close()
    assert storage.read_json(storage.setups_path(dirs))["breaks"] == breaks, "another game's set-up stays"
    d = open_setup("breaks")
    try:
        assert state(d.top)[:2] == (4, ["human", "human", "ai:easy", "human"])
    finally:
        d.close()
    storage.setups_path(dirs).write_text(json.dumps(["not", "a", "set-up"]))
    d = open_setup("breaks")
    try:
        assert state(d.top)[:2] == (2, ["human", "ai:hard"])
    finally:
        d.close()


def test_a_damaged_set_up_file_is_named_on_the_set_up_screen():
    """It was moved aside and the set-up reset with a line in the log only: the seats the
    friends had chosen were gone with no word why."""
    dirs = storage.user_dirs()
    storage.setups_path(dirs).write_text('{"breaks": {"players": 3, "seats": ["hum')
    d = open_setup("breaks")
    try:
        kept = [p.name for p in storage.setups_path(dirs).parent.glob("setups.json.bad-*")]
        assert len(kept) == 1 and d.top.toast.startswith("Remembered set-ups reset: ") and \
            "setups.json: not valid JSON" in d.top.toast and f"(kept as {kept[0]})" in d.top.toast, d.top.toast
    finally:
        d.close()
    d = open_setup("breaks")  # said once: the file is gone now
    try:
        assert not d.top.toast
    finally:
        d.close()


def test_the_set_up_is_remembered_only_when_its_game_starts_not_when_the_saved_game_is_kept():
    from game.scenes.confirm import ConfirmScene
    from game.session import GameSession
    dirs = storage.user_dirs()
    saved = GameSession("breaks", ["human", "ai:easy"], seed=2, options={"first_player": 0})
    storage.atomic_write_json(storage.autosave_path(dirs), saved.to_record())
    d = open_setup("cube")
    try:
        d.click(button(d.top, "Seat 2: ").rect.center)  # two people
        d.click(button(d.top, "Start game").rect.center, frames=3)
        ask = d.top
        assert isinstance(ask, ConfirmScene)
        d.click(ask.no_button.rect.center, frames=3)  # Keep saved game: no new game
        assert isinstance(d.top, SetupScene)
        assert storage.load_setup(dirs, "cube")[0] is None, "nothing started, so nothing remembered"
        assert storage.autosave_path(dirs).exists()

        d.click(button(d.top, "Start game").rect.center, frames=3)
        d.click(d.top.yes_button.rect.center, frames=3)  # Start new game
        assert not isinstance(d.top, (SetupScene, ConfirmScene))
        assert storage.load_setup(dirs, "cube")[0]["seats"][:2] == ["human", "human"]
    finally:
        d.close()


def test_a_damaged_set_up_file_that_cannot_be_moved_aside_is_not_written_over(monkeypatch):
    """Starting a game wrote its set-up over the damaged file left in place, losing the only
    copy of every other game's remembered set-up; the game still starts."""
    from game.scenes.breaks_table import BreaksTable
    dirs = storage.user_dirs()
    path = storage.setups_path(dirs)
    damaged = '{"blockers": {"players": 3, "seats": ["human", "human", "ai:hard"]}, "breaks": {"pla'
    path.write_text(damaged, encoding="utf-8")
    monkeypatch.setattr(storage, "move_aside", lambda path, reason="": None)
    d = open_setup("breaks")
    try:
        assert d.top.toast.startswith("Remembered set-ups reset: "), d.top.toast
        d.click(button(d.top, "Start").rect.center)
        assert d.until(lambda: isinstance(d.top, BreaksTable), timeout=5)
        assert path.read_text(encoding="utf-8") == damaged
    finally:
        d.close()
