"""Memory soak: the real client plays AI-vs-AI games back to back (every game in turn,
animations off, at the fastest watching pace), and the resident memory of the app and of
its AI worker is sampled.
Growth after the warm-up must stay small: caches are bounded and nothing leaks per game.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

SOAK_SEATS = ["ai:easy", "random"]


def rss_mb(pid: int | None = None) -> float:
    """Resident memory of a process in MB (Linux /proc; 0 where unavailable)."""
    path = Path(f"/proc/{pid or 'self'}/statm")
    try:
        pages = int(path.read_text().split()[1])
    except (OSError, ValueError, IndexError):
        return 0.0
    return pages * os.sysconf("SC_PAGE_SIZE") / 1e6


def soak(games: int, seed: int = 0, warmup: int = 20) -> dict[str, Any]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.app import App, AppConfig
    from game.rules import CATALOG
    from game.scenes.table_base import TableScene
    from game.scenes.tables import is_playable, table_class
    from game.session import GameSession

    names = [i.name for i in CATALOG if is_playable(i.name)]
    app = App(AppConfig(headless=True, autoplay=True, autosave=False))
    app.settings.animation_speed = "off"
    app.crash = None
    app.running = True
    samples: list[tuple[int, float, float]] = []
    baseline: tuple[float, float] | None = None
    start = time.perf_counter()
    actions = 0
    try:
        for g in range(games):
            game = names[g % len(names)]
            session = GameSession(game, SOAK_SEATS, seed=seed + g)
            table = table_class(game)(app, session)
            # as fast as the computers move, the watcher's fastest pace: the pause that lets a
            # person follow each action (0.6 s with animations off) would only add idle frames
            table.pace = 0.0
            app.stack.clear_to(table)
            deadline = time.monotonic() + 120
            while not session.is_over():
                app.time += 0.05
                app.step(0.05)
                if time.monotonic() > deadline:
                    raise AssertionError(f"game {g} ({game}) did not finish")
                if not isinstance(app.stack.find(TableScene), TableScene):
                    raise AssertionError(f"game {g} ({game}) left the table: {app.stack.top!r}")
            actions += len(session.log.actions)
            worker = app.worker.pid if app._worker is not None else None
            point = (g + 1, rss_mb(), rss_mb(worker) if worker else 0.0)
            if g + 1 == warmup:
                baseline = point[1:]
            if (g + 1) % max(1, games // 20) == 0 or g + 1 == games:
                samples.append(point)
    finally:
        app.shutdown()
    end = samples[-1] if samples else (0, 0.0, 0.0)
    base = baseline or end[1:]
    return {"bench": "soak", "games": games, "actions": actions, "seconds": round(time.perf_counter() - start, 1),
            "warmup_games": warmup, "rss_app_mb": round(end[1], 1), "rss_worker_mb": round(end[2], 1),
            "growth_app_mb": round(end[1] - base[0], 1), "growth_worker_mb": round(end[2] - base[1], 1),
            "samples": [(n, round(a, 1), round(w, 1)) for n, a, w in samples]}
