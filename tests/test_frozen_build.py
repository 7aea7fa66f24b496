"""The standalone build: PyInstaller one-folder app, started headless under autoplay.

Slow (about a minute): it really builds the bundle into a temporary folder.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytest.importorskip("PyInstaller", reason="install the [build] extra to test the frozen app")


@pytest.mark.slow
def test_frozen_app_builds_and_plays_breaks_headless(tmp_path):
    dist, work = tmp_path / "dist", tmp_path / "work"
    subprocess.run([sys.executable, str(ROOT / "build" / "build.py"), "--distpath", str(dist),
                    "--workpath", str(work)], check=True, timeout=900)
    exe = dist / "Breakbox" / ("Breakbox.exe" if os.name == "nt" else "Breakbox")
    assert exe.is_file()
    data = dist / "Breakbox" / "_internal"
    assert (data / "game" / "levels" / "breaks" / "deck.toml").is_file()
    assert (data / "game" / "assets" / "theme.json").is_file()
    assert not list(data.rglob("NotoSansJP-*")), "CJK fonts stay out of the bundle"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    shot = tmp_path / "frozen.png"
    out = subprocess.run([str(exe), "play", "breaks", "--autoplay", "--headless", "--max-frames", "300",
                          "--screenshot", str(shot)], capture_output=True, text=True, env=env, timeout=180)
    assert out.returncode == 0, out.stderr[-2000:]
    assert shot.is_file() and shot.stat().st_size > 10_000
