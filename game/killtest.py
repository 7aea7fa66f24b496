"""Crash safety under SIGKILL: start the game, kill it at a random moment, check that the
save on disk is whole and replays, restart with --continue, repeat.

Used by the test suite (a few rounds) and ``python -m game bench kill`` (50 rounds).
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from game.session import GameSession


def _command(args: list[str]) -> list[str]:
    if getattr(sys, "frozen", False):
        return [sys.executable, *args]
    return [sys.executable, "-m", "game", *args]


def _env(home: Path) -> dict[str, str]:
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", XDG_DATA_HOME=str(home / "data"),
                XDG_CONFIG_HOME=str(home / "config"), XDG_STATE_HOME=str(home / "state"),
                PYGAME_HIDE_SUPPORT_PROMPT="1")


def _save(home: Path) -> Path:
    return home / "data" / "Breakbox" / "saves" / "autosave.json"


def kill_rounds(rounds: int, seed: int = 0, game: str = "breaks", home: Path | None = None) -> dict[str, Any]:
    """Kill the running game ``rounds`` times; raise AssertionError on any lost or broken save."""
    if sys.platform == "win32":
        raise RuntimeError("the kill test needs SIGKILL (POSIX)")
    rng = random.Random(seed)
    home = home or Path(tempfile.mkdtemp(prefix="breakbox-kill-"))
    actions_seen = 0
    resumed = 0
    for r in range(rounds):
        # a human seat (played by --autoplay): a game of computers only is never saved
        args = ["play", "--continue"] if _save(home).exists() else ["play", game, "--seats", "human,ai:easy"]
        proc = subprocess.Popen(_command([*args, "--autoplay", "--headless"]), env=_env(home),
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0.8, 3.0))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        path = _save(home)
        if not path.exists():
            if r == 0:
                continue  # killed before the first move was saved
            raise AssertionError(f"round {r}: the save disappeared")
        record = json.loads(path.read_text())      # must be whole JSON
        session = GameSession.from_record(record)   # and must replay to a legal state
        count = len(session.log.actions)
        if count < actions_seen:
            raise AssertionError(f"round {r}: the save went back from {actions_seen} to {count} moves")
        if session.is_over():
            _save(home).unlink()
            actions_seen = 0
            continue
        actions_seen = count
        resumed += 1
    return {"bench": "kill", "rounds": rounds, "resumed": resumed, "final_moves": actions_seen, "home": str(home)}
