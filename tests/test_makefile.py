"""`make play` on a fresh machine: a Python that cannot make the venv is named before
anything is made, and a venv left half made is removed so the next run starts clean."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


def fake_python(tmp_path: Path, version_ok: bool) -> Path:
    """A stand-in interpreter: passes or fails the version check; `-m venv DIR` leaves
    DIR/bin/python behind and fails, as Debian's Python does without python3-venv."""
    script = tmp_path / "python3"
    script.write_text("#!/bin/sh\n"
                      f'case "$1" in -c) exit {0 if version_ok else 1};; esac\n'
                      'mkdir -p "$3/bin" && touch "$3/bin/python"\n'
                      'echo "ensurepip is not available" >&2\n'
                      "exit 1\n")
    script.chmod(0o755)
    return script


def make_play(tmp_path: Path, python: Path) -> subprocess.CompletedProcess:
    return subprocess.run(["make", "-C", str(ROOT), "play", f"PYTHON={python}", f"VENV={tmp_path / 'venv'}"],
                          capture_output=True, text=True, timeout=60)


def test_a_python_too_old_is_named_with_the_way_out_before_any_venv_is_made(tmp_path):
    run = make_play(tmp_path, fake_python(tmp_path, version_ok=False))
    assert run.returncode != 0
    assert "needs Python 3.11 or newer" in run.stderr and "PYTHON=python3.11" in run.stderr
    assert not (tmp_path / "venv").exists()


def test_a_venv_that_could_not_be_made_is_removed_so_the_next_run_makes_it_again(tmp_path):
    run = make_play(tmp_path, fake_python(tmp_path, version_ok=True))
    assert run.returncode != 0 and "python3-venv" in run.stderr
    assert not (tmp_path / "venv").exists(), "a half-made venv would be taken as ready next time"
