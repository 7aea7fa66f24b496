"""Drive a real App headless: post real pygame events, run real frames."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

import pygame

from game.app import App, AppConfig

# Driver.until: on a loaded machine frames come slowly and the game's clock with them; past
# this many times its timeout by the wall clock a wait gives up all the same
UNTIL_GUARD = 4


class Driver:
    def __init__(self, first_scene=None, **config) -> None:
        config.setdefault("headless", True)
        self.app = App(AppConfig(first_scene=first_scene, **config))
        self.app.crash = None
        from game.scenes.title import TitleScene
        self.app.stack.push(first_scene(self.app) if first_scene else TitleScene(self.app))
        self.app.running = True

    @property
    def top(self):
        return self.app.stack.top

    def frames(self, n: int = 1, dt: float = 1 / 60) -> None:
        for _ in range(n):
            self.app.time += dt
            self.app.step(dt)

    def until(self, condition: Callable[[], bool], timeout: float = 20.0, dt: float = 1 / 60) -> bool:
        """Run frames until ``condition`` holds. It is given up on once ``timeout`` seconds
        have passed both on the table's stepped clock (a frame is ``dt`` of the game's time,
        however long a loaded machine takes to draw it) and on the wall clock (the computer
        thinks in another process, at the machine's own speed); a wait still dragging on at
        UNTIL_GUARD times ``timeout`` by the wall clock ends too, so a failing test ends."""
        start = time.monotonic()
        frames_left = math.ceil(timeout / dt)
        while not condition():
            waited = time.monotonic() - start
            if waited >= UNTIL_GUARD * timeout or (frames_left <= 0 and waited >= timeout):
                return condition()
            self.frames(1, dt)
            frames_left -= 1
            time.sleep(0.002)
        return True

    def settle(self) -> None:
        """Wait, as a person would, until a freshly opened screen takes input."""
        for _ in range(120):
            settling = getattr(self.top, "settling", None)
            if settling is None or not settling():
                return
            self.frames(1)

    def key(self, key: int, mod: int = 0, frames: int = 2) -> None:
        self.settle()
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
        self.frames(frames)

    def click(self, pos: tuple[int, int], frames: int = 2, button: int = 1) -> None:
        self.settle()
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        self.frames(frames)

    def drag(self, start: tuple[int, int], end: tuple[int, int], steps: int = 6, frames: int = 2) -> None:
        self.settle()
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        self.frames(1)
        for i in range(1, steps + 1):
            p = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
            self.frames(1)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
        self.frames(frames)

    def hold(self, start: tuple[int, int], at: tuple[int, int], frames: int = 1) -> None:
        """Press the button at ``start`` and move to ``at`` without letting go."""
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(1, 0, 0)))
        self.frames(frames)

    def release(self, at: tuple[int, int], frames: int = 2) -> None:
        """Move (button held) to ``at`` and let go there."""
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(1, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1))
        self.frames(frames)

    def labels(self, frames: int = 1) -> list[tuple[str, pygame.Rect, pygame.Rect]]:
        """(text, rect, clip) of every label drawn with theme.draw_text in the next frames."""
        from game.ui import theme
        theme.recording = []
        try:
            self.frames(frames)
            return theme.recording
        finally:
            theme.recording = None

    def toast_box(self, scene) -> pygame.Rect:
        """Where ``scene`` draws its message box in the next frame (it must show one)."""
        assert scene.toast, "no message to measure"
        self.frames(1)
        assert scene.toast_rect is not None
        return scene.toast_rect

    def close(self) -> None:
        self.app.shutdown()


def texts_on_opening(make_scene) -> list[str]:
    """The texts a scene draws in its first frames, opened on a driver of its own (no autosave)."""
    d = Driver(make_scene, autosave=False)
    try:
        d.frames(1)
        return [text for text, _, _ in d.labels(1)]
    finally:
        d.close()


def break_game_data(monkeypatch, game: str, problem: str) -> Callable[[], None]:
    """Make ``game``'s rules module fail to load as broken level files would (the message
    names the file). Returns what mends it again."""
    import importlib

    import game.rules as registry
    real = importlib.import_module

    def broken(name, *args, **kwargs):
        if name == f"game.rules.{game}":
            raise ValueError(problem)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(registry.importlib, "import_module", broken)
    return lambda: monkeypatch.setattr(registry.importlib, "import_module", real)


def close_the_window_quickly(d: Driver) -> None:
    """Close the window as a person would (a QUIT event) and check the app stops within
    3 s (the 1 s target itself is measured by `bench close`) with the AI worker stopped."""
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    d.frames(1)
    assert not d.app.running
    t0 = time.perf_counter()
    d.close()
    assert time.perf_counter() - t0 < 3.0
    assert d.app._worker is None or d.app._worker.pid is None, "the thinking worker was stopped"


def fail_autosave(monkeypatch) -> None:
    """Every autosave write fails as on a full disk; other files are written as usual."""
    from game import storage
    real = storage.atomic_write_json

    def disk_full(path, data, keep_previous=False):
        if path.name == "autosave.json":
            raise OSError(28, "No space left on device")
        real(path, data, keep_previous)

    monkeypatch.setattr(storage, "atomic_write_json", disk_full)


def breaks_results_of_two_people(prepare: Callable[[Any], None] | None = None) -> Driver:
    """A driver at the results of a finished two-person Breaks game (the cards all placed:
    both players say done to the final merges), to test the results screen over a table.
    ``prepare`` may change the session before its table opens."""
    from game.scenes.breaks_table import BreaksTable
    from game.scenes.results import ResultsScene
    from game.session import GameSession
    setup = {"tableaux": [[["4S", "4D"], ["6D", "6C"], ["7C"]], [["9S"], ["KD"], ["2C"]]], "deck": []}
    session = GameSession("breaks", ["human", "human"], seed=0, options={"first_player": 0, "setup": setup})
    if prepare is not None:
        prepare(session)
    d = Driver(lambda app: BreaksTable(app, session), autosave=False)
    try:
        d.key(pygame.K_f)
        d.key(pygame.K_RETURN)
        d.key(pygame.K_f)
        assert d.until(lambda: isinstance(d.top, ResultsScene), 5)
    except BaseException:
        d.close()
        raise
    return d
