"""Command line parsing and data paths that do not depend on the working directory."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import build_parser, parse_option
from game.paths import assets_dir, level_file, levels_dir


def test_options_are_typed_from_the_game_specs():
    assert parse_option("jokers=true", "breaks") == ("jokers", True)
    assert parse_option("scoring=court", "breaks") == ("scoring", "court")
    assert parse_option("first_player=1", "breaks") == ("first_player", 1)
    with pytest.raises(ValueError, match="unknown option"):
        parse_option("colour=red", "breaks")
    with pytest.raises(ValueError, match="NAME=VALUE"):
        parse_option("jokers", "breaks")


def test_the_play_and_bench_interfaces_parse():
    args = build_parser().parse_args(["play", "breaks", "--seats", "ai:normal,human", "--seed", "3",
                                      "--option", "jokers=true", "--autoplay", "--headless", "--max-frames", "9"])
    assert args.game == "breaks" and args.seed == 3 and args.max_frames == 9 and args.autoplay
    args = build_parser().parse_args(["bench", "match", "--game", "breaks", "--seats", "ai:normal,random",
                                      "--games", "4", "--jobs", "2"])
    assert args.bench == "match" and args.jobs == 2


def test_data_folders_resolve_from_the_package_not_the_cwd(tmp_path):
    assert (assets_dir() / "theme.json").is_file()
    assert level_file("breaks", "deck.toml").is_file()
    out = subprocess.run([sys.executable, "-c", "import game.paths as p; print(p.levels_dir())"],
                         cwd=tmp_path, capture_output=True, text=True, env=dict(os.environ), check=True)
    assert out.stdout.strip() == str(levels_dir())


def test_bad_command_lines_explain_themselves(capsys, monkeypatch):
    from game import cli
    from game.scenes import tables
    with pytest.raises(SystemExit) as exit_info:
        cli.run(["play", "breaks", "--seats", "human,robot", "--headless"])
    assert exit_info.value.code == 2 and "unknown seat" in capsys.readouterr().err
    monkeypatch.setattr(tables, "TABLES", {k: v for k, v in tables.TABLES.items() if k != "breaks"})
    with pytest.raises(SystemExit) as exit_info:
        cli.run(["play", "breaks", "--headless"])
    assert exit_info.value.code == 2 and "coming soon" in capsys.readouterr().err


@pytest.mark.parametrize("flag", ["--max-frames", "--until-moves"])
@pytest.mark.parametrize("value", ["-5", "0", "ten"])
def test_a_frame_or_move_limit_below_one_is_refused(flag, value, capsys):
    """It ran one frame and exited 0, as if the run had gone well (a move limit, for ever)."""
    from game import cli
    cap = ["--max-frames", "3"] if flag == "--until-moves" else []
    with pytest.raises(SystemExit) as exit_info:
        cli.run(["play", "breaks", "--headless", flag, value, *cap])
    err = capsys.readouterr().err
    assert exit_info.value.code == 2 and f"argument {flag}: expected a " in err and "Traceback" not in err, err


@pytest.mark.parametrize("argv", [["playouts", "--game", "breaks", "--games", "-3"],
                                  ["fuzz", "--game", "breaks", "--games", "-1"],
                                  ["frames", "--game", "breaks", "--frames", "-5"],
                                  ["match", "--game", "breaks", "--seats", "ai:easy,ai:easy", "--games", "0"]])
def test_a_bench_count_below_one_is_refused(argv, capsys):
    """--games -3 measured nothing and printed -1114827.9 games a second, exit 0."""
    from game import cli
    with pytest.raises(SystemExit) as exit_info:
        cli.run(["bench", *argv])
    err = capsys.readouterr().err
    assert exit_info.value.code == 2 and f"argument {argv[-2]}: expected a number of at least 1" in err, err


def test_window_options_alone_open_the_title_screen(tmp_path):
    from game import cli
    shot = tmp_path / "title.png"
    assert cli.run(["--headless", "--max-frames", "3", "--screenshot", str(shot)]) == 0
    assert shot.is_file()


def test_continue_refuses_a_new_game_description(capsys):
    from game import cli
    from game.session import GameSession
    from tests.ui.test_scenes import save_as_autosave
    save_as_autosave(GameSession("blockers", ["human", "ai:easy"], seed=1))
    for extra in (["cube"], ["--seats", "human,human"], ["--seed", "4"], ["--option", "jokers=true"]):
        with pytest.raises(SystemExit) as exit_info:
            cli.run(["play", *extra, "--continue", "--headless", "--max-frames", "2"])
        assert exit_info.value.code == 2 and "--continue" in capsys.readouterr().err, extra
    assert cli.run(["play", "blockers", "--continue", "--headless", "--max-frames", "2"]) == 0, "its own game is fine"


def test_a_screenshot_that_cannot_be_written_fails_the_run(tmp_path):
    from game import cli
    (tmp_path / "file").write_text("not a folder")
    assert cli.run(["play", "--headless", "--max-frames", "2", "--screenshot", str(tmp_path / "file" / "x.png")]) == 1


def test_client_benchmarks_run_in_a_private_home_and_leave_the_users_files_alone(tmp_path, monkeypatch):
    import os

    from game import bench, storage
    user_config = tmp_path / "user-config"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(user_config))
    for var in ("XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        monkeypatch.setenv(var, str(tmp_path / var))
    home = bench.private_home()
    assert os.environ["XDG_CONFIG_HOME"].startswith(home)
    storage.save_settings(storage.user_dirs(), storage.Settings(fullscreen=True))
    assert not user_config.exists()
    assert set(bench._CLIENT_BENCHES) >= {"frames", "monkey", "soak", "startup", "close"}


def test_until_moves_stops_the_autoplay_run_once_that_many_moves_are_saved():
    """Smoke runs wait for real moves instead of guessing a frame count (a slow machine
    may need many frames before the AI's first move)."""
    import json

    from game import cli, storage
    code = cli.run(["play", "breaks", "--seed", "2", "--autoplay", "--headless", "--until-moves", "3",
                    "--max-frames", "3600"])
    assert code == 0
    record = json.loads(storage.autosave_path(storage.user_dirs()).read_text())
    assert len(record["log"]["actions"]) == 3


def test_bench_close_times_a_quit_while_the_ai_thinks():
    import argparse

    from game import bench
    result = bench.close(argparse.Namespace(runs=1, seed=0))
    assert result["bench"] == "close" and result["runs"] == 1
    assert 0 < result["median_s"] <= result["max_s"] < 3.0  # a hang would never come back at all


def test_a_broken_data_file_is_a_clean_command_line_error_not_a_traceback(monkeypatch, capsys):
    import game.rules as rules
    from game.cli import run
    real = rules.importlib.import_module

    def broken_breaks(name, *args):
        if name.endswith(".breaks"):
            raise ValueError("levels/breaks/deck.toml: not valid TOML")
        return real(name, *args)
    monkeypatch.setattr(rules.importlib, "import_module", broken_breaks)
    with pytest.raises(SystemExit) as stopped:
        run(["play", "breaks", "--headless", "--max-frames", "5"])
    err = capsys.readouterr().err
    assert stopped.value.code == 2
    assert "Breaks cannot start: levels/breaks/deck.toml: not valid TOML" in err and "Traceback" not in err


def test_a_game_started_from_the_command_line_is_saved_before_anyone_moves():
    """As from the set-up screen: leaving at once says the game is saved, so it must be."""
    from game import storage
    from game.cli import run
    assert run(["play", "blockers", "--seats", "human,ai:easy", "--seed", "5", "--option", "first_player=0",
                "--headless", "--max-frames", "3"]) == 0
    record, problem = storage.load_autosave(storage.user_dirs())
    assert problem is None and record["log"]["game"] == "blockers" and record["log"]["actions"] == []


def test_a_command_line_game_asks_before_it_replaces_an_unfinished_saved_game():
    """The set-up screen's question: Stay keeps the saved game (Continue resumes it from the title)."""
    from game import storage
    from game.cli import run
    from game.scenes.confirm import ConfirmScene
    from game.scenes.tables import first_table
    from game.scenes.title import TitleScene
    from game.session import GameSession
    from tests.ui.driver import Driver
    assert run(["play", "blockers", "--seats", "human,ai:easy", "--seed", "5", "--headless", "--max-frames", "3"]) == 0
    assert run(["play", "breaks", "--seats", "human,ai:easy", "--headless", "--max-frames", "3"]) == 0
    record, _ = storage.load_autosave(storage.user_dirs())
    assert record["log"]["game"] == "blockers", "nobody said yes: the saved game is kept"
    session = GameSession("breaks", ["human", "ai:easy"], seed=1)
    d = Driver(lambda app: first_table(app, session))
    try:
        assert isinstance(d.top, ConfirmScene) and "unfinished Blockers! game" in d.top.text
        d.top.stack_pop()  # Stay
        d.frames(1)
        assert isinstance(d.top, TitleScene) and d.top.record["log"]["game"] == "blockers"
        d.app.stack.push(first_table(d.app, session))
        d.top.confirm()  # Start new game
        d.frames(2)
        d.app.writer.flush()
        assert storage.load_autosave(d.app.dirs)[0]["log"]["game"] == "breaks"
    finally:
        d.close()


def test_an_autoplay_run_asks_too_and_a_headless_one_keeps_the_saved_game():
    """A demo or script run (--autoplay) over a user's unfinished game replaced it without
    asking, at its first frame; it is nobody's decision to take for them."""
    from game import storage
    from game.cli import run
    from game.scenes.confirm import ConfirmScene
    from game.scenes.tables import first_table
    from game.session import GameSession
    from tests.ui.driver import Driver
    assert run(["play", "blockers", "--seats", "human,ai:easy", "--seed", "5", "--headless", "--max-frames", "3"]) == 0
    assert run(["play", "breaks", "--seats", "human,ai:normal", "--autoplay", "--headless", "--max-frames", "30"]) == 0
    record, _ = storage.load_autosave(storage.user_dirs())
    assert record["log"]["game"] == "blockers", "nobody said yes: the saved game is kept"
    d = Driver(lambda app: first_table(app, GameSession("breaks", ["human", "ai:easy"], seed=1)), autoplay=True)
    try:
        assert isinstance(d.top, ConfirmScene) and "unfinished Blockers! game" in d.top.text
    finally:
        d.close()


def test_behind_the_question_the_title_screen_is_whole():
    """The question covered the title before its first frame, and only the top scene updates:
    the title's buttons (Play on each game, Continue, Settings, Quit) were never laid out and
    the screen behind the question showed the game list without them."""
    from game import storage
    from game.scenes.confirm import ConfirmScene
    from game.scenes.tables import first_table
    from game.session import GameSession
    from tests.ui.driver import Driver
    saved = GameSession("blockers", ["human", "ai:easy"], seed=1)
    saved.apply(saved.legal_texts()[0], saved.current_player)
    storage.atomic_write_json(storage.autosave_path(storage.user_dirs()), saved.to_record())
    d = Driver(lambda app: first_table(app, GameSession("breaks", ["human", "ai:easy"], seed=1)))
    try:
        assert isinstance(d.top, ConfirmScene)
        labels = [text for text, _, _ in d.labels(frames=1)]
        assert labels.count("Play") == 5 and "Settings" in labels and "Quit" in labels, labels
        assert any(text.startswith("Continue Blockers!") for text in labels), labels
    finally:
        d.close()


def test_a_command_line_game_over_a_damaged_save_says_it_was_damaged():
    """Asking whether to replace the save reads it: a damaged one is moved aside, and the
    title must still say so (Continue now resumes the save before it)."""
    from game import storage
    from game.scenes.tables import first_table
    from game.session import GameSession
    from tests.ui.driver import Driver
    dirs = storage.user_dirs()
    first = GameSession("blockers", ["human", "ai:easy"], seed=1)
    storage.atomic_write_json(storage.autosave_path(dirs), first.to_record(), keep_previous=True)
    storage.atomic_write_json(storage.autosave_path(dirs), first.to_record(), keep_previous=True)
    storage.autosave_path(dirs).write_text("{broken")
    d = Driver(lambda app: first_table(app, GameSession("breaks", ["human", "ai:easy"], seed=1)))
    try:
        d.top.stack_pop()  # Stay
        d.frames(2)
        shown = [d.top.toast or "", *d.app.notices]
        assert any("The saved game was damaged" in text or "Could not continue" in text for text in shown), shown
    finally:
        d.close()


def test_continue_from_the_command_line_over_a_damaged_save_names_it_in_the_log_file():
    # the table opens at once (no title to show the notice on): the log file is where it is said
    from game import cli, storage
    from game.session import GameSession
    dirs = storage.user_dirs()
    first = GameSession("blockers", ["human", "ai:easy"], seed=1)
    for _ in range(2):
        storage.atomic_write_json(storage.autosave_path(dirs), first.to_record(), keep_previous=True)
    storage.autosave_path(dirs).write_text("{broken")
    assert cli.run(["play", "--continue", "--headless", "--max-frames", "2"]) == 0
    kept = [p.name for p in storage.autosave_path(dirs).parent.glob("autosave.json.bad-*")]
    text = (dirs.logs / "breakbox.log").read_text(encoding="utf-8")
    assert len(kept) == 1 and f"kept as {kept[0]}: " in text and "not valid JSON" in text, text


def test_continue_from_the_command_line_over_a_save_that_does_not_replay_moves_it_aside(capsys):
    """Valid JSON whose moves do not replay (an illegal one in the middle) failed every
    --continue alike and was never moved aside; the title's Continue keeps it aside and goes
    on from the save before it, and so does the command line now."""
    import json

    from game import cli, storage
    from game.session import GameSession
    dirs = storage.user_dirs()
    path = storage.autosave_path(dirs)
    good = GameSession("blockers", ["human", "ai:easy"], seed=1).to_record()
    for _ in range(2):
        storage.atomic_write_json(path, good, keep_previous=True)
    bad = json.loads(json.dumps(good))
    bad["log"]["actions"], bad["log"]["actors"] = ["no such move"], [0]
    storage.atomic_write_json(path, bad)
    assert cli.run(["play", "--continue", "--headless", "--max-frames", "2"]) == 0
    err = capsys.readouterr().err
    kept = [p.name for p in path.parent.glob("autosave.json.bad-*")]
    assert len(kept) == 1 and f"(kept as {kept[0]}); continuing from the save before it" in err, err
    storage.clear_autosave(dirs)
    storage.atomic_write_json(path, bad)  # no save before it: a clean error, the file kept
    with pytest.raises(SystemExit) as exit_info:
        cli.run(["play", "--continue", "--headless", "--max-frames", "2"])
    err = capsys.readouterr().err
    assert exit_info.value.code == 2 and "Could not continue: " in err and "kept as" in err, err
    assert not path.exists() and list(path.parent.glob("autosave.json.bad-*"))


def test_a_bad_command_line_prints_only_usage_and_the_error():
    """No pygame greeting on stdout before it, no traceback: exit code 2 and two lines."""
    env = {k: v for k, v in os.environ.items() if k != "PYGAME_HIDE_SUPPORT_PROMPT"}
    root = Path(__file__).resolve().parents[1]
    for argv, error in ((["play", "breaker_blocks", "--seats", "human,human,human"],
                         "breakbox: error: Breaker Blocks needs 2 players, not 3"),
                        (["play", "breaks", "--option", "colour=red"], "breakbox: error: unknown option 'colour'")):
        out = subprocess.run([sys.executable, "-m", "game", *argv, "--headless"], cwd=root, env=env,
                             capture_output=True, text=True, timeout=60)
        assert out.returncode == 2 and out.stdout == "", out.stdout
        lines = out.stderr.splitlines()
        assert len(lines) == 2 and lines[0].startswith("usage: ") and lines[1].startswith(error), out.stderr


def test_ctrl_c_while_the_app_is_still_loading_exits_130_without_a_traceback(monkeypatch):
    """The window's loop turns Ctrl+C into exit code 130; a press in the first second
    (imports, reading the command line) printed a KeyboardInterrupt traceback."""
    from game import __main__ as entry
    from game import cli

    def interrupted(argv):
        raise KeyboardInterrupt
    monkeypatch.setattr(cli, "run", interrupted)
    assert entry.main(["play", "breaks"]) == 130


def test_continue_from_the_command_line_over_a_damaged_save_says_so_on_the_table(capsys):
    """The save before the damaged one resumes at once (no title opens first): the table
    itself says the newest save was damaged, and so does the terminal."""
    from game import cli, storage
    from game.session import GameSession
    from tests.ui.driver import Driver
    dirs = storage.user_dirs()
    first = GameSession("blockers", ["human", "ai:easy"], seed=1)
    for _ in range(2):
        storage.atomic_write_json(storage.autosave_path(dirs), first.to_record(), keep_previous=True)
    storage.autosave_path(dirs).write_text("{broken")
    args = cli.build_parser().parse_args(["play", "--continue", "--headless"])
    make = cli._first_table(args, cli.build_parser())
    assert "damaged" in capsys.readouterr().err
    d = Driver(make)
    try:
        d.frames(2)
        assert d.top.session.game == "blockers"
        assert "damaged" in (d.top.toast or ""), d.top.toast
    finally:
        d.close()
