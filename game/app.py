"""The application: window, main loop, scene stack, and app-wide services
(settings, storage, sound, the AI worker, error handling).

One loop at 60 fps: events -> update(dt) -> draw -> present. Any exception from a
scene is logged with its traceback and replaces the stack with the error screen, so
the game never dies silently.
"""

from __future__ import annotations

import logging
import os
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from game import __version__, storage
from game.ui.display import Display
from game.ui.pointer import NOWHERE, Pointer
from game.ui.scene import Scene, SceneStack
from game.ui.sound import Sound

log = logging.getLogger("breakbox")
MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
# A window in the background still draws (an AI may be moving), but slowly enough not to
# burn a laptop's battery; minimised, only the AI's progress needs polling.
BACKGROUND_FPS = 20
MINIMISED_FPS = 5
F11_HELD_SECONDS = 0.5  # an F11 press this soon after a toggle is the same press, reported again


@dataclass
class AppConfig:
    headless: bool = False
    autoplay: bool = False
    max_frames: int | None = None
    until_moves: int | None = None       # smoke tests: quit once the game log holds this many actions
    screenshot: Path | None = None
    fps: int = 60
    record_frames: bool = False          # bench: keep per-frame work times
    startup_marker: bool = False         # bench: print a line when the first frame is shown
    autosave: bool = True
    bench_motion: bool = False           # bench: tables keep their views moving (e.g. turn the cube)
    first_scene: Callable[[App], Scene] | None = None


@dataclass
class FrameStats:
    work_ms: list[float] = field(default_factory=list)


class App:
    def __init__(self, config: AppConfig | None = None) -> None:
        self.config = config or AppConfig()
        if self.config.headless:
            os.environ["SDL_VIDEODRIVER"] = "dummy"
            os.environ["SDL_AUDIODRIVER"] = "dummy"
        self.dirs = storage.user_dirs()
        self.log_path = storage.setup_logging(self.dirs)
        storage.remove_stale_temp_files(self.dirs)  # after logging, so what it removes is written down
        self.settings, settings_warning = storage.load_settings(self.dirs)
        self.notices: list[str] = [w for w in (self.dirs.warning, settings_warning) if w]
        from game.ui import theme
        theme.apply_settings(self.settings.high_contrast, self.settings.text_scale)
        from game.i18n import load_language
        language_problem = load_language(self.settings.language)
        if language_problem:
            self.notices.append(language_problem)
        pygame.display.init()
        pygame.font.init()
        self.sound = Sound(self.settings.volume, self.settings.muted)  # it logs why it is silent
        from game.ui.icon import make_icon  # drawn in code
        self.display = Display(f"Breakbox {__version__}", self.settings.window_scale,
                               self.settings.fullscreen and not self.config.headless, icon=make_icon(64),
                               fit_to_desktop=not self.config.headless)
        self.stack = SceneStack()
        self.clock = pygame.time.Clock()
        self.writer = storage.BackgroundWriter()
        self.mouse_pos: tuple[int, int] = NOWHERE  # until the pointer first moves
        self.pointer = Pointer()
        # a press or release came last: a screen it opened keeps tips hushed (see AppScene.tip_hushed)
        self.resting_after_click = False
        self.running = False
        self.frame = 0
        self.time = 0.0
        self.focused = True
        self.minimised = False
        self.f11_toggled_at: float | None = None  # app time of the last toggle by F11
        self.stats = FrameStats()
        self._worker = None

    # --- services ----------------------------------------------------------------------
    @property
    def worker(self) -> Any:
        """The AI worker process, started on first use."""
        if self._worker is None:
            from game.ai.worker import AIWorker
            self._worker = AIWorker()
        return self._worker

    def save_settings(self) -> None:
        from game.ui import theme
        theme.apply_settings(self.settings.high_contrast, self.settings.text_scale)
        try:
            storage.save_settings(self.dirs, self.settings)
        except (OSError, storage.StorageError) as exc:
            if isinstance(exc, OSError):
                # English, as the message is reworded from it after a change of language (see show_toast)
                problem = f"Could not save settings: {storage.write_problem(exc)} ({storage.settings_path(self.dirs)})"
            else:  # a damaged file left in place: not saved over
                problem = f"Could not save settings: {exc}"
            words = self._settings_problem(exc, problem)
            top = self.stack.top
            if top is not None and hasattr(top, "show_toast"):
                # where the change was made, not one title visit per change later; kept through
                # a change of language (which saves the settings too, so fails the same way)
                top.show_toast(words(), 6, reword=words)
            elif problem not in self.notices:
                self.notices.append(problem)
        self.sound.set_volume(self.settings.volume, self.settings.muted)

    @staticmethod
    def _settings_problem(exc: Exception, problem: str) -> Callable[[], str]:
        """Words ``problem`` in the language chosen when called. A damaged file's message is
        translated on its own: inside "Could not save settings: ..." no template matches it."""
        if isinstance(exc, OSError):
            return lambda: problem
        from game.i18n import tr, tr_message
        return lambda: tr("Could not save settings: {e}", e=tr_message(str(exc)))

    def autosave(self, record: dict[str, Any]) -> None:
        if self.config.autosave:
            self.writer.write(storage.autosave_path(self.dirs), record, keep_previous=True)

    def clear_autosave(self) -> None:
        self.writer.flush()
        # the game is over: that its last move could not be saved is no news now (the
        # results say what could not be kept), and must not cover that message
        self.writer.take_failure()
        try:
            storage.clear_autosave(self.dirs)
        except OSError as exc:
            # a folder that turned read-only mid-game: the finished game's results still show
            # (its failed writes were reported); Continue then offers its last kept move
            log.error("could not remove the saved game: %s", exc)

    def take_notice(self) -> str | None:
        return self.notices.pop(0) if self.notices else None

    # --- loop --------------------------------------------------------------------------
    def quit(self) -> None:
        self.running = False

    def _translate(self, event: pygame.event.Event) -> pygame.event.Event:
        if event.type in MOUSE_EVENTS:
            d = dict(event.dict)
            d["pos"] = self.display.to_logical(event.pos)
            if event.type == pygame.MOUSEMOTION:
                self.mouse_pos = d["pos"]
                self.display.pointer_inside = True  # moving over the window, whatever came before
            self.resting_after_click = event.type != pygame.MOUSEMOTION
            return pygame.event.Event(event.type, d)
        return event

    def _handle_global(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.QUIT:
            self.quit()
            return True
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.display.resized()
            return False
        if event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED):
            self.focused = event.type == pygame.WINDOWFOCUSGAINED
            return False
        if event.type in (pygame.WINDOWLEAVE, pygame.WINDOWENTER):
            # Wayland and Windows report no last motion as the pointer leaves: without this a
            # row stayed outlined and a tip showed for a pointer gone from the window. Off the
            # canvas until it moves again (SDL sends a motion with the enter).
            self.display.pointer_inside = event.type == pygame.WINDOWENTER
            if not self.display.pointer_inside:
                self.mouse_pos = NOWHERE
            return False
        if event.type in (pygame.WINDOWMINIMIZED, pygame.WINDOWRESTORED, pygame.WINDOWMAXIMIZED):
            self.minimised = event.type == pygame.WINDOWMINIMIZED
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            # F11 still held as the window is made anew comes again, released and pressed (SDL
            # lets go of every key as the old window loses the focus and presses the ones still
            # down as the new one takes it): toggling on it flipped the screen for as long as
            # the key was held. A press that soon after a toggle is that same press.
            if self.f11_toggled_at is not None and 0 <= self.time - self.f11_toggled_at < F11_HELD_SECONDS:
                return True
            self.f11_toggled_at = self.time
            self.display.toggle_fullscreen()
            self.settings.fullscreen = self.display.fullscreen
            self.save_settings()
            return True
        return False

    def step(self, dt: float) -> None:
        """One frame: events, update, draw, present. Exceptions go to the error screen."""
        try:
            for raw in pygame.event.get():
                event = self._translate(raw)
                if not self._handle_global(event):
                    before = list(self.stack.scenes)
                    self.stack.handle_event(event)
                    if event.type == pygame.KEYDOWN:
                        self._arrived_by_keyboard(before)
            self.stack.update(dt)
            self.pointer.update(self.stack.top, self.mouse_pos)
            self._report_failed_write()
            self.display.begin_frame()
            self.stack.draw(self.display.canvas)
        except Exception as exc:
            self.show_error(exc)
            return
        self.display.present()
        self.frame += 1
        self.sound.warm_up()

    def _arrived_by_keyboard(self, before: list[Any]) -> None:
        """A key opened a new screen (Enter on a button, a shortcut): its focus ring shows at
        once, so a keyboard player sees where they are. Opened by a click, it stays hidden
        until Tab, as before."""
        top = self.stack.top
        if top is not None and all(top is not scene for scene in before):
            arrive = getattr(top, "arrive_by_keyboard", None)
            if arrive is not None:
                arrive()

    def _report_failed_write(self) -> None:
        """The autosave (written in the background) failed, e.g. disk full: say so on screen."""
        failure = self.writer.take_failure()
        top = self.stack.top
        if failure is not None and top is not None and hasattr(top, "show_toast"):
            from game.i18n import tr
            path, exc = failure
            def notice() -> str:  # worded again after a language change: the notice must not be lost
                return tr("The game could not be saved: {problem} ({path})", path=path,
                          problem=tr(storage.write_problem(exc)))
            top.show_toast(notice(), 6, reword=notice)
            # over the table (its menu, the settings, a pass screen) the notice would go with
            # the scene it is on: the table says it again once it is back on top
            from game.scenes.table_base import TableScene
            table = self.stack.find(TableScene)
            if table is not None and table is not top:
                table.keep_notice(notice, 6)

    def frame_rate(self) -> int:
        """Frames per second for the next tick: full speed in front, slower behind other
        windows or minimised. Headless runs (tests, benches) always go full speed."""
        if self.config.headless:
            return self.config.fps
        if self.minimised:
            return min(self.config.fps, MINIMISED_FPS)
        if not self.focused:
            return min(self.config.fps, BACKGROUND_FPS)
        return self.config.fps

    def show_error(self, exc: BaseException) -> None:
        report = "".join(traceback.format_exception(exc))
        log.error("unhandled error in a scene:\n%s", report)
        if self.config.autoplay or self.config.headless:
            self.crash = exc
        from game.scenes.error import ErrorScene
        try:
            self.stack.clear_to(ErrorScene(self, exc, report))
        except Exception:
            log.exception("error screen failed")
            self.running = False

    def run(self) -> int:
        from game.scenes.title import TitleScene
        self.crash: BaseException | None = None
        self.screenshot_failed = False
        self.running = True
        try:  # the first scene reads saves and settings: a failure there gets the error screen too
            self.stack.push(self.config.first_scene(self) if self.config.first_scene else TitleScene(self))
        except Exception as exc:
            self.show_error(exc)
        frames_run = 0
        interrupted = False
        last = time.perf_counter()
        try:
            while self.running and len(self.stack):
                now = time.perf_counter()
                dt = min(0.1, now - last)
                last = now
                self.time += dt
                t0 = time.perf_counter()
                self.step(dt)
                frames_run += 1
                if self.config.record_frames:
                    self.stats.work_ms.append((time.perf_counter() - t0) * 1000)
                if frames_run == 1 and self.config.startup_marker:
                    print(f"FIRST_FRAME {time.time():.6f}", flush=True)
                if self.config.max_frames is not None and frames_run >= self.config.max_frames:
                    break
                self.clock.tick(self.frame_rate())
        except KeyboardInterrupt:  # Ctrl+C in the terminal: close as the window's X would
            log.info("interrupted from the terminal")
            interrupted = True
        finally:
            self.shutdown()
        if interrupted:
            return 130  # the shell's code for a program ended by Ctrl+C
        return 1 if self.crash is not None or self.screenshot_failed else 0

    def shutdown(self) -> None:
        if self.config.screenshot is not None:
            try:
                self.config.screenshot.parent.mkdir(parents=True, exist_ok=True)
                pygame.image.save(self.display.canvas, str(self.config.screenshot))
            except (pygame.error, OSError) as exc:
                log.error("screenshot failed: %s", exc)
                self.screenshot_failed = True  # the run asked for it: exit non-zero
        while len(self.stack):
            try:
                self.stack.pop()
            except Exception:
                log.exception("scene exit failed")
        if self._worker is not None:
            self._worker.close()
        self.writer.flush()
        self.writer.close()
        self.sound.close()
        from game.ui import cards, gui, theme
        theme.reset_caches()
        cards.reset_caches()
        gui.reset_pool()
        pygame.quit()
