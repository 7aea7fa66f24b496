"""The AI never imports pygame, and the worker module stays light for the UI to import."""

from __future__ import annotations

import subprocess
import sys

ALL_MODULES = ["game.ai", "game.ai.seat", "game.ai.bots", "game.ai.mcts", "game.ai.difficulty",
               "game.ai.heuristics", "game.ai.heuristics.breaks", "game.ai.arena", "game.ai.worker"]


def _loaded_after(code: str) -> set[str]:
    out = subprocess.run([sys.executable, "-c", code + "\nimport sys; print(' '.join(sys.modules))"],
                         capture_output=True, text=True, check=True)
    return set(out.stdout.split())


def test_no_ai_module_imports_pygame():
    loaded = _loaded_after("\n".join(f"import {m}" for m in ALL_MODULES))
    assert not any(m.split(".")[0] in ("pygame", "pygame_gui") for m in loaded)


def test_worker_module_imports_no_rules_or_bots():
    loaded = _loaded_after("import game.ai.worker")
    assert not any(m.startswith(("game.rules", "game.ai.mcts", "game.ai.bots")) for m in loaded)
