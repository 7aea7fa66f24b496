"""Real machines: no audio device, an unwritable user folder, a small display, and the
error screen's report."""

from __future__ import annotations

import pygame
import pytest

from game import storage
from game.scenes.error import ErrorScene
from game.ui.display import Display
from game.ui.sound import Sound
from tests.ui.driver import Driver


def test_no_audio_device_means_silent_play(monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    sound = Sound(0.7, False)
    assert not sound.enabled and "no audio device" in sound.reason
    sound.play("drop")  # never raises


def test_no_audio_device_is_logged_once(monkeypatch):
    """The log said it twice at every start (the sound module and the app both wrote it)."""
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    d = Driver()
    try:
        d.frames(1)
        lines = [line for line in d.app.log_path.read_text().splitlines() if "no audio device" in line]
    finally:
        d.close()
    assert len(lines) == 1, lines


def test_an_unusable_data_folder_falls_back_and_says_so(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))
    dirs = storage.user_dirs()
    assert dirs.warning and "Cannot write" in dirs.warning
    assert dirs.data.is_dir()
    d = Driver()
    try:
        d.frames(2)
        assert "Cannot write" in (d.top.toast or "")
    finally:
        d.close()


def test_a_small_display_gets_a_window_that_fits(monkeypatch):
    pygame.display.init()
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1024, 600)])
    display = Display("t", scale=1.0)
    w, h = display.window.get_size()
    assert w <= 1024 and h <= 600 - 60 and abs(w / h - 16 / 9) < 0.02
    # clicks still land on the right canvas pixel
    assert display.to_logical((0, 0)) == (0, 0)
    x, y = display.to_logical((w - 1, h - 1))
    assert 1270 <= x <= 1280 and 710 <= y <= 720
    pygame.display.quit()


def test_error_screen_copies_a_report_with_version_and_traceback():
    exc = RuntimeError("boom")
    d = Driver(lambda app: ErrorScene(app, exc, "Traceback (most recent call last):\nRuntimeError: boom\n"))
    try:
        d.frames(2)
        scene = d.top
        report = scene.full_report()
        assert report.startswith("Breakbox ") and "RuntimeError: boom" in report and "Python" in report
        scene.copy_report()
        saved = d.app.log_path.with_name("error-report.txt")
        assert saved.read_text().startswith("Breakbox ")
        assert "saved" in scene.toast or "copied" in scene.toast
    finally:
        d.close()


@pytest.mark.parametrize("bad", ["[1, 2", "not json at all", '{"format": 1, "log": 5}'])
def test_corrupt_autosave_never_stops_the_title_screen(bad):
    dirs = storage.user_dirs()
    path = storage.autosave_path(dirs)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(bad)
    d = Driver()
    try:
        d.frames(2)
        texts = [b.text for b in d.top._callbacks]
        if bad.startswith('{"format": 1'):
            # readable JSON that cannot be replayed: Continue is offered, then refused clearly
            cont = [b for b in d.top._callbacks if b.text.startswith("Continue")]
            d.top.resume_game()
            d.frames(2)
            assert "autosave.json" in (d.top.toast or "") and cont
        else:
            assert not any(t.startswith("Continue") for t in texts)
            assert "autosave.json" in (d.top.toast or "")
        assert list(path.parent.glob("autosave.json.bad-*")), "the bad file is kept aside"
    finally:
        d.close()


@pytest.mark.parametrize("size", [(1600, 720), (1280, 900), (1920, 1080)])
def test_present_clears_the_letterbox_and_fills_the_rest_with_the_canvas(monkeypatch, size):
    pygame.display.init()
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(4000, 3000)])
    display = Display("t", scale=1.0)
    display.window = pygame.display.set_mode(size, pygame.RESIZABLE)
    display.resized()
    display.window.fill((255, 0, 0))  # stale pixels from an earlier frame
    display.begin_frame()
    display.canvas.fill((255, 255, 255))
    display.present()
    w, h = size
    dest = display.dest
    assert tuple(display.window.get_at(dest.center))[:3] == (255, 255, 255)
    assert tuple(display.window.get_at((dest.x + 2, dest.y + 2)))[:3] == (255, 255, 255)
    for corner in ((0, 0), (w - 1, h - 1)):
        expected = (255, 255, 255) if dest.collidepoint(corner) else (0, 0, 0)
        assert tuple(display.window.get_at(corner))[:3] == expected
    assert sum(r.w * r.h for r in display.bars) == w * h - dest.w * dest.h
    pygame.display.quit()


def test_the_window_class_is_breakbox_not_the_scripts_name():
    """pygame names the X11 window class after sys.argv[0] ("__main__.py" from source) unless
    it is set before pygame is imported; the .desktop entry's StartupWMClass is Breakbox."""
    import os
    import subprocess
    import sys
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEO_X11_WMCLASS"}
    env["DISPLAY"] = ":0"  # pygame only picks a class when a display is named
    code = "import game.cli, pygame, os; print(os.environ['SDL_VIDEO_X11_WMCLASS'])"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert out.stdout.strip().splitlines()[-1] == "Breakbox", out
