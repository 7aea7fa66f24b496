"""The standalone build: PyInstaller one-folder app, checked like a user would use it.

Slow (about a minute): it really builds the bundle into a temporary folder, then runs
the smoke suite: every game's table under --autoplay until two moves are saved, quit, started again and
continued from the save; exit code 0 and no error in the log each time.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytest.importorskip("PyInstaller", reason="install the [build] extra to test the frozen app")


@pytest.fixture(scope="module")
def frozen(tmp_path_factory) -> Path:
    """The dist folder: an existing build named by BREAKBOX_DIST (CI builds once), else a
    fresh build in a temporary folder."""
    given = os.environ.get("BREAKBOX_DIST")
    if given:
        return Path(given).resolve()
    tmp = tmp_path_factory.mktemp("frozen")
    dist, work = tmp / "dist", tmp / "work"
    subprocess.run([sys.executable, str(ROOT / "build" / "build.py"), "--distpath", str(dist),
                    "--workpath", str(work)], check=True, timeout=900)
    return dist


def exe_of(dist: Path) -> Path:
    return dist / "Breakbox" / ("Breakbox.exe" if os.name == "nt" else "Breakbox")


def run_app(exe: Path, args: list[str], home: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", XDG_DATA_HOME=str(home / "data"),
               XDG_CONFIG_HOME=str(home / "config"), XDG_STATE_HOME=str(home / "state"))
    return subprocess.run([str(exe), *args], capture_output=True, text=True, env=env, timeout=180)


@pytest.mark.slow
def test_bundle_holds_data_icons_and_no_cjk_fonts(frozen):
    data = frozen / "Breakbox" / "_internal"
    assert exe_of(frozen).is_file()
    assert (data / "game" / "levels" / "breaks" / "deck.toml").is_file()
    assert (data / "game" / "assets" / "theme.json").is_file()
    unused = [line.strip() for line in (ROOT / "build" / "unused_fonts.txt").read_text().splitlines()
              if line.strip() and not line.startswith("#")]
    assert (data / "pygame_gui" / "data" / "NotoSans-Regular.ttf").is_file()
    licences = data / "licenses"
    for name in ("LICENSE", "THIRD_PARTY.md", "LGPL-2.1.txt", "fonts/NotoSans-LICENSE.txt",
                 "fonts/FiraCode-LICENSE.txt", "pygame_gui/LICENSE.txt", "platformdirs/LICENSE"):
        assert (licences / name).is_file(), f"the bundle carries the licences of what it holds: {name} is missing"
    left_in = [p.name for name in unused for p in data.rglob(f"{name}*")]
    assert not left_in, f"fonts of other scripts and italics stay out of the bundle: {left_in}"
    if sys.platform.startswith("linux"):
        share = frozen / "Breakbox" / "share"
        assert (share / "applications" / "breakbox.desktop").is_file()
        assert (share / "metainfo" / "io.github.breakbox.Breakbox.metainfo.xml").is_file()
        assert (share / "icons" / "hicolor" / "256x256" / "apps" / "breakbox.png").is_file()
        tarballs = list(frozen.glob("Breakbox-*-linux-*.tar.gz"))
        assert tarballs
        with tarfile.open(tarballs[0]) as tar:
            assert "Breakbox/Breakbox" in tar.getnames()


@pytest.mark.slow
def test_every_game_plays_saves_and_continues_in_the_frozen_app(frozen, tmp_path):
    from game.rules import CATALOG
    from game.scenes.tables import is_playable
    exe = exe_of(frozen)
    for info in CATALOG:
        if not is_playable(info.name):
            continue
        home = tmp_path / info.name
        # Wait for two saved moves, not a frame count: the first AI move (a spawned worker,
        # Break the Cube's answer table) may take many seconds on a loaded CI machine.
        first = run_app(exe, ["play", info.name, "--autoplay", "--headless", "--until-moves", "2",
                              "--max-frames", "6000"], home)
        assert first.returncode == 0, first.stderr[-2000:]
        save = home / "data" / "Breakbox" / "saves" / "autosave.json"
        record = json.loads(save.read_text())
        assert record["log"]["game"] == info.name
        moves = len(record["log"]["actions"])
        again = run_app(exe, ["play", "--continue", "--autoplay", "--headless", "--max-frames", "120"], home)
        assert again.returncode == 0, again.stderr[-2000:]
        later = json.loads(save.read_text()) if save.exists() else None
        assert later is None or len(later["log"]["actions"]) >= moves, "continuing kept the earlier moves"
        log_text = (home / "state" / "Breakbox" / "log" / "breakbox.log")
        assert not log_text.exists() or "ERROR" not in log_text.read_text()


@pytest.mark.slow
def test_frozen_command_line_bench_prints_json(frozen, tmp_path):
    out = run_app(exe_of(frozen), ["bench", "startup", "--runs", "1"], tmp_path)
    assert out.returncode == 0, out.stderr[-2000:]
    assert json.loads(out.stdout.strip().splitlines()[-1])["frozen"] is True
    # a bench that times work in fresh processes spawns the app itself, not "python -c"
    shapes = run_app(exe_of(frozen), ["bench", "cube-shapes", "--blocks", "3"], tmp_path)
    assert shapes.returncode == 0, shapes.stderr[-2000:]
    assert json.loads(shapes.stdout.strip().splitlines()[-1])["blocks_3"]["shapes"] == 19_272
