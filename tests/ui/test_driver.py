"""The UI tests' driver waits on the game's own stepped clock, so a loaded machine (frames
drawn slowly) does not fail a test that passes alone, and a failing wait still ends."""

from __future__ import annotations

import time

from tests.ui.driver import UNTIL_GUARD, Driver

SLOW_FRAME = 0.04  # seconds a frame takes on a loaded machine (about 25 frames a second)


def slow_driver(monkeypatch) -> Driver:
    d = Driver()
    real = d.app.step

    def slow_step(dt: float) -> None:
        time.sleep(SLOW_FRAME)
        real(dt)

    monkeypatch.setattr(d.app, "step", slow_step)
    return d


def test_a_wait_for_the_games_time_holds_while_frames_come_slowly(monkeypatch):
    d = slow_driver(monkeypatch)
    try:
        start = d.app.time
        # half a second of the game's time takes 30 frames, over a second here: more than
        # the timeout by the wall clock, well within it by the game's
        assert d.until(lambda: d.app.time - start >= 0.5, timeout=0.6)
    finally:
        d.close()


def test_a_wait_that_never_comes_true_still_ends(monkeypatch):
    d = slow_driver(monkeypatch)
    try:
        t0 = time.monotonic()
        assert not d.until(lambda: False, timeout=0.3)
        assert time.monotonic() - t0 < UNTIL_GUARD * 0.3 + 0.5
        assert d.app.time >= 0.3, "the whole timeout passed on the game's clock"
    finally:
        d.close()


def test_a_wait_for_another_process_gets_its_time_by_the_wall_clock():
    d = Driver()
    try:
        t0 = time.monotonic()  # frames come fast here: the game's 0.2 s pass long before
        assert d.until(lambda: time.monotonic() - t0 >= 0.5, timeout=1.0, dt=0.2)
    finally:
        d.close()
