"""Shared test setup: headless SDL and a private user home for every test, so tests
never touch the real settings, saves or logs."""

from __future__ import annotations

import os
import tempfile

# Before anything imports pygame: no window, no sound device.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest


@pytest.fixture(autouse=True)
def private_user_dirs(tmp_path_factory, monkeypatch):
    home = tmp_path_factory.mktemp("home")
    for var, sub in (("XDG_DATA_HOME", "data"), ("XDG_CONFIG_HOME", "config"), ("XDG_STATE_HOME", "state"),
                     ("XDG_CACHE_HOME", "cache")):
        monkeypatch.setenv(var, str(home / sub))
    # the fallback for an unwritable user folder lives in the temp folder: the test's own,
    # or every run left a breakbox-<uid> folder in the machine's /tmp
    (home / "tmp").mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(home / "tmp"))
    return home
