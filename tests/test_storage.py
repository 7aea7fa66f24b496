"""Storage: atomic writes, bad files moved aside with a message, never deleted."""

from __future__ import annotations

import json
import os
import time

import pytest

from game import storage


def test_atomic_write_keeps_the_previous_version(tmp_path):
    path = tmp_path / "saves" / "autosave.json"
    storage.atomic_write_json(path, {"n": 1}, keep_previous=True)
    storage.atomic_write_json(path, {"n": 2}, keep_previous=True)
    assert json.loads(path.read_text()) == {"n": 2}
    assert json.loads(path.with_name("autosave.prev.json").read_text()) == {"n": 1}
    assert not list(path.parent.glob("*.tmp"))


def test_bad_settings_values_are_reset_individually():
    dirs = storage.user_dirs()
    storage.settings_path(dirs).write_text(json.dumps({"volume": 7, "animation_speed": "warp", "colorblind": False}))
    settings, problem = storage.load_settings(dirs)
    assert settings.volume == 1.0 and settings.animation_speed == "normal" and settings.colorblind is False
    assert "volume, animation speed in" in problem and "reset" in problem, "the player is told which"
    storage.settings_path(dirs).write_text('{"volume": NaN, "window_scale": true, "text_scale": true}')
    settings, problem = storage.load_settings(dirs)
    assert settings.volume == 0.7 and type(settings.window_scale) is float and type(settings.text_scale) is float
    assert "volume, window scale, text scale" in problem
    storage.settings_path(dirs).write_text('{"volume": 0.5, "window_scale": 1, "colorblind": false}')
    assert storage.load_settings(dirs)[1] is None, "good values say nothing"


def test_a_language_this_version_lacks_is_reset_once_and_capitals_are_understood():
    dirs = storage.user_dirs()
    storage.settings_path(dirs).write_text(json.dumps({"language": "DE", "volume": 0.4}))
    settings, problem = storage.load_settings(dirs)
    assert settings.language == "de" and problem is None
    storage.settings_path(dirs).write_text(json.dumps({"language": "xx", "volume": 0.4}))
    settings, problem = storage.load_settings(dirs)
    assert settings.language == "en" and settings.volume == 0.4 and "language in" in problem
    assert storage.load_settings(dirs) == (settings, None), "written back: said once, not at every start"


def test_a_file_saved_by_an_editor_that_writes_a_byte_order_mark_is_read_as_it_is():
    """Notepad and some other editors start a UTF-8 file with a byte order mark: a settings
    file or save edited by hand was moved aside as 'not valid JSON' (in English even in
    German: Python's 'Unexpected UTF-8 BOM'), and every setting was lost."""
    dirs = storage.user_dirs()
    path = storage.settings_path(dirs)
    path.write_bytes("\ufeff".encode() + json.dumps({"language": "de", "volume": 0.3}).encode())
    settings, problem = storage.load_settings(dirs)
    assert problem is None and settings.language == "de" and settings.volume == 0.3
    assert not list(path.parent.glob("*.bad-*"))
    assert storage.read_json(path) == {"language": "de", "volume": 0.3}


def test_truncated_autosave_is_moved_aside_with_a_message_naming_it():
    dirs = storage.user_dirs()
    path = storage.autosave_path(dirs)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": 1, "log": {"ga')
    record, problem = storage.load_autosave(dirs)
    assert record is None
    assert "autosave.json" in problem and "not valid JSON" in problem
    assert list(path.parent.glob("autosave.json.bad-*"))


def test_a_damaged_file_moved_aside_is_named_in_the_log_file_with_why():
    # the notice on screen fades; the log under the user log dir is what a bug report quotes
    dirs = storage.user_dirs()
    log_file = storage.setup_logging(dirs)
    path = storage.autosave_path(dirs)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": 1, "log": {"ga')
    record, _problem = storage.load_autosave(dirs)
    kept = [p.name for p in path.parent.glob("autosave.json.bad-*")]
    assert record is None and len(kept) == 1
    lines = [line for line in log_file.read_text(encoding="utf-8").splitlines() if kept[0] in line]
    assert len(lines) == 1 and "WARNING" in lines[0], log_file.read_text(encoding="utf-8")
    assert str(path) in lines[0] and "not valid JSON (line 1" in lines[0]


def test_background_writer_writes_and_flushes(tmp_path):
    w = storage.BackgroundWriter()
    for i in range(20):
        w.write(tmp_path / "a.json", {"i": i})
    w.flush()
    assert json.loads((tmp_path / "a.json").read_text()) == {"i": 19}
    w.close()


def test_background_writer_writes_only_the_newest_pending_content(tmp_path, monkeypatch):
    """Saves queued while a slow write is under way (a slow disk): the file gets the newest
    of them next, not every one in turn, so the autosave never lags a backlog behind."""
    import threading

    started, release = threading.Event(), threading.Event()
    written: list[tuple[str, int]] = []
    atomic_write_json = storage.atomic_write_json

    def slow_write(path, data, keep_previous=False):
        started.set()
        release.wait(5)
        written.append((path.name, data["i"]))
        atomic_write_json(path, data, keep_previous=keep_previous)

    monkeypatch.setattr(storage, "atomic_write_json", slow_write)
    w = storage.BackgroundWriter()
    try:
        w.write(tmp_path / "a.json", {"i": 0}, keep_previous=True)
        assert started.wait(5)
        for i in range(1, 5):
            w.write(tmp_path / "a.json", {"i": i}, keep_previous=True)
        w.write(tmp_path / "b.json", {"i": 9})
        release.set()
        w.flush()
    finally:
        w.close()
    assert written == [("a.json", 0), ("a.json", 4), ("b.json", 9)]
    assert json.loads((tmp_path / "a.json").read_text()) == {"i": 4}
    assert json.loads((tmp_path / "a.prev.json").read_text()) == {"i": 0}  # what was on disk before
    assert json.loads((tmp_path / "b.json").read_text()) == {"i": 9}


def test_background_writer_outlives_a_save_json_cannot_write(tmp_path):
    """A save holding something JSON cannot write fails that save with a message; the
    writer thread died of it, so later saves were never written and flush() waited for
    ever at quit."""
    import threading

    w = storage.BackgroundWriter()
    try:
        w.write(tmp_path / "a.json", {"bad": object()})
        w.write(tmp_path / "b.json", {"i": 1})
        flushed = threading.Thread(target=w.flush, daemon=True)
        flushed.start()
        flushed.join(5)
        assert not flushed.is_alive(), "flush() waits for a writer that died"
        assert json.loads((tmp_path / "b.json").read_text()) == {"i": 1}
        assert w.failing(tmp_path / "a.json") is not None
        assert "could not be written as JSON" in (w.last_error or ""), w.last_error
    finally:
        w.close()


def test_old_saves_are_migrated_and_newer_ones_refused():
    import pytest

    from game.save_format import SaveFormatError, migrate
    from game.session import GameSession
    s = GameSession("breaks", ["human", "ai:normal"], seed=3)
    for _ in range(6):
        s.apply(s.legal_texts()[0], s.current_player)
    record = s.to_record()
    old = {**record, "format": 0, "log": {k: v for k, v in record["log"].items() if k != "actors"}}
    old["log"]["format"] = 1
    again = GameSession.from_record(old)
    assert again.log.actors == s.log.actors and again.state.to_json() == s.state.to_json()
    with pytest.raises(SaveFormatError, match="newer Breakbox"):
        migrate({**record, "format": 99})


def test_a_save_from_a_newer_version_is_refused_with_a_message_and_kept_in_place():
    """Not damaged, only newer: after an update Continue must still find it, and the
    older save beside it is not continued (that would overwrite the newer game)."""
    dirs = storage.user_dirs()
    path = storage.autosave_path(dirs)
    path.parent.mkdir(parents=True, exist_ok=True)
    newer = json.dumps({"format": 99, "log": {}})
    path.write_text(newer)
    prev = path.with_name("autosave.prev.json")
    prev.write_text(json.dumps({"format": 1, "kind": "game", "seats": ["human", "ai:easy"],
                                "log": {"game": "breaks", "seed": 1, "num_players": 2, "options": {},
                                        "actions": [], "actors": []}}))
    record, problem = storage.load_autosave(dirs)
    assert record is None and "newer Breakbox" in problem and "autosave.json" in problem
    assert path.read_text() == newer and not list(path.parent.glob("autosave.json.bad-*"))
    assert storage.autosave_kept(dirs)
    path.unlink()  # (the older save beside it was readable all along)
    assert storage.load_autosave(dirs)[0]["seats"] == ["human", "ai:easy"]


def test_statistics_with_wrongly_typed_fields_lose_only_that_line_not_crashed_on():
    dirs = storage.user_dirs()
    path = storage.stats_path(dirs)
    path.parent.mkdir(parents=True, exist_ok=True)
    good = {"played": 2, "wins": 1, "losses": 1, "draws": 0, "streak": 0, "best_streak": 1, "best_score": 4.0}
    for bad in ({"played": "2"}, {"streak": "x"}, {"best_score": "x"}, {"best_streak": None},
                {"wins": True, "losses": 1, "played": 2}, {"best_score": float("inf")}):
        path.write_text(json.dumps({"format": 1, "games": {"breaks": {"ai:normal": {**good, **bad}},
                                                            "cube": {"friends": good}}}))
        stats, problem = storage.load_stats(dirs)
        # only the bad line is lost: the other statistics stay
        assert list(stats.games) == ["cube"] and stats.line("cube", "friends").played == 2, bad
        assert problem.startswith("Statistics: an unreadable line was left out") and "breaks/ai:normal" in problem
        assert list(path.parent.glob("stats.json.bad-*"))
        assert storage.load_stats(dirs) == (stats, None), "the good lines were written back at once"
    path.write_text(json.dumps({"format": 1, "games": {"breaks": {"ai:normal": good}}}))
    stats, problem = storage.load_stats(dirs)
    assert problem is None and stats.line("breaks", "ai:normal").best_score == 4.0


def test_autosaves_that_are_not_text_or_nest_too_deep_or_hold_impossible_numbers_are_moved_aside():
    import pytest

    from game.session import GameSession
    dirs = storage.user_dirs()
    path = storage.autosave_path(dirs)
    path.parent.mkdir(parents=True, exist_ok=True)
    s = GameSession("breaks", ["human", "ai:normal"], seed=3)
    s.apply(s.legal_texts()[0], s.current_player)
    record = s.to_record()
    old = {**record, "format": 0, "log": {k: v for k, v in record["log"].items() if k != "actors"}}
    old["log"]["seed"] = float("inf")  # json writes Infinity; int() of it overflows
    for content, problem in ((b"\xff\xfe\x00garbage\x80", "not UTF-8"),
                             (b"[" * 200000 + b"]" * 200000, "nested too deeply"),
                             (json.dumps(old).encode(), "cannot bring a format 0 save up to date")):
        path.write_bytes(content)
        record, message = storage.load_autosave(dirs)
        assert record is None and problem in message and "autosave.json" in message
        assert not path.exists()
    storage.settings_path(dirs).write_bytes(b"\xff\xfe{}")
    with pytest.raises(storage.StorageError, match="not UTF-8"):
        storage.read_json(storage.settings_path(dirs))
    settings, message = storage.load_settings(dirs)
    assert settings == storage.Settings() and "not UTF-8" in message


def test_the_autosave_says_which_file_it_came_from():
    dirs = storage.user_dirs()
    path = storage.autosave_path(dirs)
    assert storage.find_autosave(dirs) == (None, None, None)
    storage.atomic_write_json(path, {"format": 1, "log": {"n": 1}}, keep_previous=True)
    storage.atomic_write_json(path, {"format": 1, "log": {"n": 2}}, keep_previous=True)
    record, source, problem = storage.find_autosave(dirs)
    assert record["log"] == {"n": 2} and source == path and problem is None
    path.write_text("{")  # damaged: the previous save is offered, and named as the source
    record, source, problem = storage.find_autosave(dirs)
    assert record["log"] == {"n": 1} and source == path.with_name("autosave.prev.json")
    assert problem.startswith("The saved game was damaged: ") and problem.endswith("continuing from the save before it")
    assert "Could not continue" not in problem, "it does continue"


def test_a_damaged_save_before_it_is_moved_aside_and_named_too():
    """The previous save is the fallback; damaged, it was passed over without a word and
    left in place for the next game's saves to replace."""
    dirs = storage.user_dirs()
    path = storage.autosave_path(dirs)
    prev = path.with_name("autosave.prev.json")
    path.parent.mkdir(parents=True, exist_ok=True)
    prev.write_text("not json")  # alone: the newer save was moved aside at an earlier start
    record, source, problem = storage.find_autosave(dirs)
    assert record is None and source is None
    assert problem and problem.startswith("Could not continue: ") and "autosave.prev.json" in problem
    assert not prev.exists() and len(list(path.parent.glob("autosave.prev.json.bad-*"))) == 1
    path.write_text("{")  # both damaged: the message names both files, both are kept
    prev.write_text("{")
    record, source, problem = storage.find_autosave(dirs)
    assert record is None and "autosave.json" in problem and "the save before it was damaged too" in problem
    assert not path.exists() and not prev.exists()
    assert list(path.parent.glob("autosave.json.bad-*"))
    from game import i18n
    try:
        i18n.load_language("de")
        german = i18n.tr_message(problem)
    finally:
        i18n.load_language("en")
    assert german.startswith("Fortsetzen nicht möglich: ") and "Spielstand davor war ebenfalls" in german
    assert "damaged" not in german and german.count("aufbewahrt als") == 2


def test_the_fallback_folder_of_a_test_stays_in_its_private_home(monkeypatch, private_user_dirs):
    """Tests that make the data folder unwritable left breakbox-<uid> in the machine's /tmp."""
    usable = storage._usable
    monkeypatch.setattr(storage, "_usable", lambda p: "Breakbox" not in str(p) and usable(p))
    dirs = storage.user_dirs()
    assert dirs.warning and dirs.data.is_relative_to(private_user_dirs), dirs.data


def test_an_unwritable_data_folder_moves_alone_so_settings_keep_their_language(monkeypatch):
    real = storage.user_dirs()
    storage.atomic_write_json(storage.settings_path(real), {"language": "de"})
    usable = storage._usable
    monkeypatch.setattr(storage, "_usable", lambda p: p != real.data and usable(p))
    dirs = storage.user_dirs()
    assert dirs.data != real.data and dirs.config == real.config and dirs.logs == real.logs
    assert dirs.warning and str(real.data) in dirs.warning
    settings, _ = storage.load_settings(dirs)
    assert settings.language == "de"


def test_a_statistics_file_that_is_not_json_is_reset_naming_the_file_once():
    dirs = storage.user_dirs()
    path = storage.stats_path(dirs)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json")
    stats, problem = storage.load_stats(dirs)
    assert stats.games == {} and problem.startswith("Statistics reset: ") and problem.count("stats.json") == 2
    assert "(kept as stats.json.bad-" in problem


def test_one_bad_puzzle_entry_loses_only_that_puzzles_stars():
    dirs = storage.user_dirs()
    path = storage.progress_path(dirs)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"first": 3, "second": 5, "third": 1, "fourth": "x"}))
    progress, problem = storage.load_progress(dirs)
    assert progress == {"first": 3, "third": 1}
    assert problem.startswith("Puzzle progress: 2 unreadable entries were left out")
    assert storage.load_progress(dirs) == (progress, None), "the good entries were written back at once"
    path.write_text(json.dumps([1, 2]))
    progress, problem = storage.load_progress(dirs)
    assert progress == {} and problem.startswith("Puzzle progress reset")


def test_finished_games_are_listed_newest_first_even_within_one_second_and_only_100_kept(monkeypatch):
    from game.session import GameSession
    dirs = storage.user_dirs()
    clock = [1_795_000_000.9985]  # games end 0.4 ms apart: some share a millisecond, one crosses a second

    def tick():
        clock[0] += 0.0004
        return clock[0]
    monkeypatch.setattr(storage.time, "time", tick)
    order = ["breaks", "breaks", "blockers"]
    paths = [storage.save_finished(dirs, GameSession(game, ["human", "ai:easy"], seed=1).to_record())
             for game in order]
    assert storage.list_records(dirs) == paths[::-1], "the last game finished comes first"
    for i in range(storage.RECORDS_KEPT):
        last = storage.save_finished(dirs, GameSession("breaks", ["human", "ai:easy"], seed=i).to_record())
    kept = storage.list_records(dirs)
    assert len(kept) == storage.RECORDS_KEPT and kept[0] == last
    assert paths[2] not in kept, "the oldest went first (the Blockers! game's name was never used again)"


def test_a_record_put_in_the_folder_by_hand_is_never_removed_to_make_room():
    """A file not named by Breakbox sorted before the oldest record and went first, deleted
    without a word once RECORDS_KEPT games were kept."""
    from game.session import GameSession
    dirs = storage.user_dirs()
    folder = storage.records_dir(dirs)
    folder.mkdir(parents=True, exist_ok=True)
    record = GameSession("breaks", ["human", "ai:easy"], seed=1).to_record()
    friends = folder / "friends-best-game.json"
    friends.write_text(json.dumps(record))
    for _ in range(storage.RECORDS_KEPT + 1):
        storage.save_finished(dirs, record)
    assert friends.exists() and friends in storage.list_records(dirs)
    assert len([p for p in storage.list_records(dirs) if p != friends]) == storage.RECORDS_KEPT


def test_odd_save_and_settings_files_give_a_message_not_a_crash():
    dirs = storage.user_dirs()
    path = storage.autosave_path(dirs)
    path.parent.mkdir(parents=True, exist_ok=True)
    prev = path.with_name("autosave.prev.json")
    for save, before in (({"format": "1", "log": {}}, None), ('{"format": 1', "[1, 2"), ("[]", "{}")):
        path.write_text(save if isinstance(save, str) else json.dumps(save))
        if before is not None:
            prev.write_text(before)  # the save before it is damaged too
        record, problem = storage.load_autosave(dirs)
        assert record is None and problem.startswith("Could not continue: "), (save, problem)
    settings = storage.settings_path(dirs)
    settings.write_text("[]")
    loaded, problem = storage.load_settings(dirs)
    assert loaded == storage.Settings() and problem.startswith("Settings reset: ") and "JSON object" in problem
    assert not settings.exists() and list(settings.parent.glob("settings.json.bad-*"))


def test_every_hand_edited_setting_is_checked():
    dirs = storage.user_dirs()
    storage.settings_path(dirs).write_text(json.dumps({
        "fullscreen": "yes", "muted": 1, "volume": -3, "ai_level": "god", "language": "../x",
        "text_scale": 1.3, "animation_speed": "normal"}))
    settings, problem = storage.load_settings(dirs)
    assert (settings.fullscreen, settings.muted, settings.volume, settings.ai_level, settings.language) == \
        (False, False, 0.0, "normal", "en")
    assert settings.text_scale in storage.TEXT_SCALES
    for name in ("fullscreen", "muted", "volume", "ai level", "language", "text scale"):
        assert name in problem
    assert "animation speed" not in problem


def test_a_save_is_flushed_to_disk_before_it_replaces_the_old_one_and_leaves_no_litter(monkeypatch, tmp_path):
    calls = []
    real_fsync, real_replace = storage.os.fsync, storage.os.replace
    monkeypatch.setattr(storage.os, "fsync", lambda fd: (calls.append("fsync"), real_fsync(fd)))
    monkeypatch.setattr(storage.os, "replace", lambda a, b: (calls.append("replace"), real_replace(a, b)))
    path = tmp_path / "autosave.json"
    storage.atomic_write_json(path, {"a": 1})
    assert calls == ["fsync", "replace"] and json.loads(path.read_text()) == {"a": 1}

    def no_room(*args):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(storage.os, "replace", no_room)
    with pytest.raises(OSError):
        storage.atomic_write_json(path, {"a": 2})
    assert json.loads(path.read_text()) == {"a": 1} and sorted(p.name for p in tmp_path.iterdir()) == \
        ["autosave.json"], "the old file is whole and no temporary file is left"


def test_a_first_run_has_no_puzzle_progress_and_says_nothing():
    assert storage.load_progress(storage.user_dirs()) == ({}, None)


def test_finished_games_keep_their_order_when_the_clocks_go_back(monkeypatch):
    """Autumn in Berlin: 02:30 summer time, then 02:10 winter time forty minutes later."""
    import datetime

    from game.session import GameSession
    dirs = storage.user_dirs()
    monkeypatch.setenv("TZ", "Europe/Berlin")
    time.tzset()
    try:
        first = datetime.datetime(2026, 10, 25, 0, 30, tzinfo=datetime.UTC).timestamp()
        for when in (first, first + 40 * 60):
            monkeypatch.setattr(storage.time, "time", lambda when=when: when)
            last = storage.save_finished(dirs, GameSession("breaks", ["human", "ai:easy"], seed=1).to_record())
        assert time.localtime(first + 40 * 60).tm_hour == 2, "the clock did go back"
        assert storage.list_records(dirs)[0] == last, "the game that ended later comes first"
        # a name from before UTC names (local time, no Z) sorts by its real moment among
        # them: 01:30 summer time is 23:30 UTC the day before, older than both
        older = storage.records_dir(dirs) / time.strftime("%Y%m%d-%H%M%S-000-blockers.json",
                                                          time.localtime(first - 3600))
        older.write_text(last.read_text())
        assert storage.list_records(dirs)[0] == last and storage.list_records(dirs)[-1] == older
    finally:
        monkeypatch.undo()
        time.tzset()


_KILLED_MID_SAVE = """
import os, signal, sys
from pathlib import Path
from game import storage
path, keep = Path(sys.argv[1]), sys.argv[2] == "keep"
if keep:
    storage.atomic_write_json(path, {"turn": 1})  # a save to keep aside as .prev
    os.replace = lambda *a: os.kill(os.getpid(), signal.SIGKILL)  # killed with it staged
else:
    os.fsync = lambda fd: os.kill(os.getpid(), signal.SIGKILL)  # killed while the new save is flushed
storage.atomic_write_json(path, {"turn": 2}, keep_previous=keep)
"""


def _kill_mid_save(path, keep: bool) -> None:
    import subprocess
    import sys
    done = subprocess.run([sys.executable, "-c", _KILLED_MID_SAVE, str(path), "keep" if keep else "new"])
    assert done.returncode == -9


def test_temp_files_left_by_a_save_killed_midway_are_removed_at_the_next_start(private_user_dirs):
    from game.app import App, AppConfig
    dirs = storage.user_dirs()
    targets = [(storage.autosave_path(dirs), True), (storage.settings_path(dirs), False),
               (storage.stats_path(dirs), False), (storage.records_dir(dirs) / "20260101-120000-000Z-cube.json", False)]
    for path, keep in targets:
        path.parent.mkdir(parents=True, exist_ok=True)
        _kill_mid_save(path, keep)
    left = [p for path, _ in targets for p in path.parent.glob("*.tmp")]
    # each kill really left one behind, the kept save's staged copy too
    assert len(left) == len(targets) + 1 and any(p.name == "autosave.prev.json.tmp" for p in left), left
    # names that are not ours, beside ours and elsewhere, stay; so does a temp file still being written
    others = [dirs.data / "notes.tmp", dirs.saves / "autosave.json.tmp", dirs.data / "stats.json.ABCDEFGH.tmp",
              dirs.logs / "breakbox.log.abcdefgh.tmp", private_user_dirs / "data" / "other.json.abcdefgh.tmp"]
    for p in others:
        p.write_text("x")
    old = time.time() - 3600
    for p in left + others:
        os.utime(p, (old, old))
    young = dirs.data / "puzzles.json.abc_1234.tmp"
    young.write_text("{}")
    app = App(AppConfig(headless=True))
    try:
        assert not any(p.exists() for p in left)
        assert all(p.exists() for p in [*others, young])
        assert storage.read_json(storage.autosave_path(dirs)) == {"turn": 1}  # the save itself is untouched
    finally:
        app.shutdown()


def test_a_leftover_temp_file_that_cannot_be_removed_does_not_stop_the_start(monkeypatch):
    from pathlib import Path

    from game.app import App, AppConfig
    dirs = storage.user_dirs()
    stale = dirs.data / "stats.json.abcdefgh.tmp"
    stale.write_text("{}")
    os.utime(stale, (0, 0))
    real_unlink = Path.unlink

    def refuse(self, missing_ok=False):
        if self == stale:
            raise PermissionError(13, "Permission denied")
        return real_unlink(self, missing_ok=missing_ok)
    monkeypatch.setattr(Path, "unlink", refuse)
    app = App(AppConfig(headless=True))
    try:
        assert stale.exists() and app.dirs.data == dirs.data
    finally:
        app.shutdown()


def test_files_moved_aside_in_the_same_second_are_all_kept(tmp_path, monkeypatch):
    """The name kept aside holds the second only: a second bad file of the same name in that
    second (a damaged save refused, then the next one) replaced the first kept copy."""
    monkeypatch.setattr(storage.time, "strftime", lambda fmt, *a: "20261129-120000")
    path = tmp_path / "autosave.json"
    for text in ("{first", "{second", "{third"):
        path.write_text(text)
        assert storage.move_aside(path, "damaged") is not None
    kept = sorted(p.read_text() for p in tmp_path.glob("autosave.json.bad-*"))
    assert kept == ["{first", "{second", "{third"] and not path.exists()
