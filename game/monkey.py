"""The UI under fire: random mouse, keyboard and window events sent to every scene
headless. Any unhandled exception (the app would show its error screen) is a failure.

Used by the test suite (a few hundred events per scene) and ``python -m game bench
monkey`` (20,000 per scene).
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable
from typing import Any

KEYS = ("TAB", "RETURN", "ESCAPE", "SPACE", "LEFT", "RIGHT", "UP", "DOWN", "BACKSPACE", "F1", "h", "z", "d", "x",
        "f", "g", "n", "p", "q", "e", "r", "t", "s", "1", "2", "3", "4", "5", "9", "a", "b", "c")


def scene_factories() -> dict[str, Callable[[Any], Any]]:
    """Every scene the player can reach, built fresh on an app."""
    from game.rules import CATALOG
    from game.scenes.puzzles import PuzzleListScene, PuzzleScene
    from game.scenes.rules_page import RulesScene
    from game.scenes.settings import SettingsScene
    from game.scenes.setup import SetupScene
    from game.scenes.tables import is_playable, table_class
    from game.scenes.title import TitleScene
    from game.session import GameSession

    out: dict[str, Callable[[Any], Any]] = {"title": TitleScene, "settings": SettingsScene}
    for info in CATALOG:
        if not is_playable(info.name):
            continue
        name = info.name
        out[f"setup:{name}"] = lambda app, n=name: SetupScene(app, n)
        out[f"rules:{name}"] = lambda app, n=name: RulesScene(app, n)
        for seats in (["human", "human"], ["human", "ai:easy"]):
            label = "hotseat" if seats[1] == "human" else "vs-ai"

            def make(app, n=name, s=seats):
                return table_class(n)(app, GameSession(n, list(s), seed=7))
            out[f"table:{name}:{label}"] = make
    for info in CATALOG:
        if is_playable(info.name):
            def tutorial(app, n=info.name):
                from game.tutorial import load_tutorial
                tut = load_tutorial(n)
                scene = table_class(n)(app, GameSession(n, tut.seats, seed=1, options=tut.options))
                scene.tutorial = tut
                return scene
            out[f"tutorial:{info.name}"] = tutorial
    from game.scenes.replay import RecordsScene
    from game.scenes.stats_scene import StatsScene
    out["records"] = RecordsScene
    out["stats"] = StatsScene
    out["puzzles"] = PuzzleListScene

    def first_puzzle(app):
        from game.rules.cube.puzzle import load_puzzles
        puzzles, _ = load_puzzles()
        return PuzzleScene(app, puzzles[0], puzzles)
    out["puzzle"] = first_puzzle
    return out


def random_event(rng: random.Random, size: tuple[int, int]) -> Any:
    import pygame
    roll = rng.random()
    pos = (rng.randrange(size[0]), rng.randrange(size[1]))
    if roll < 0.35:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(rng.random() < 0.3, 0, 0))
    if roll < 0.55:
        kind = pygame.MOUSEBUTTONDOWN if rng.random() < 0.5 else pygame.MOUSEBUTTONUP
        return pygame.event.Event(kind, pos=pos, button=rng.choice((1, 1, 1, 3)))
    if roll < 0.85:
        key = pygame.key.key_code(rng.choice(KEYS).lower()) if rng.random() < 0.9 else pygame.K_F11
        mod = rng.choice((0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL))
        return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)
    if roll < 0.9:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False)
    if roll < 0.94:
        w, h = rng.choice(((640, 360), (1280, 720), (1000, 800), (1920, 1080)))
        return pygame.event.Event(pygame.VIDEORESIZE, size=(w, h), w=w, h=h)
    if roll < 0.97:
        return pygame.event.Event(rng.choice((pygame.WINDOWMINIMIZED, pygame.WINDOWFOCUSLOST,
                                              pygame.WINDOWFOCUSGAINED, pygame.WINDOWRESTORED)))
    return pygame.event.Event(pygame.QUIT)


def monkey_scene(name: str, factory: Callable[[Any], Any], events: int, seed: int) -> dict[str, Any]:
    """Send ``events`` random events to one scene (restarting it after a quit)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.app import App, AppConfig
    from game.scenes.error import ErrorScene
    rng = random.Random(seed)
    sent = quits = 0
    start = time.perf_counter()
    # One App per scene: a QUIT stops it as closing the window would, then the scene is
    # opened afresh on the same App (a new App per quit would measure pygame_gui's
    # per-manager memory, not the scene).
    app = App(AppConfig(headless=True, autosave=False))
    app.crash = None
    try:
        while sent < events:
            app.stack.clear_to(factory(app))
            app.running = True
            while sent < events and app.running:
                for _ in range(rng.randint(1, 4)):
                    pygame.event.post(random_event(rng, app.display.window.get_size()))
                    sent += 1
                app.time += 1 / 60
                app.step(1 / 60)
                if isinstance(app.stack.top, ErrorScene):
                    raise AssertionError(f"{name}: unhandled error after {sent} events: {app.stack.top.exc!r}")
                if not len(app.stack):
                    break
            quits += not app.running
            pygame.event.clear()
    finally:
        app.shutdown()
    return {"scene": name, "events": sent, "quits": quits, "seconds": round(time.perf_counter() - start, 1)}


def monkey_all(events: int, seed: int = 0, only: str | None = None) -> dict[str, Any]:
    results = []
    for i, (name, factory) in enumerate(scene_factories().items()):
        if only and only not in name:
            continue
        results.append(monkey_scene(name, factory, events, seed + i))
    return {"bench": "monkey", "events_per_scene": events, "scenes": len(results), "results": results}
