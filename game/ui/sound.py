"""Sound effects generated in code (no audio files), silent without an audio device.

``pygame.mixer.init()`` fails on machines without audio; we catch that and every
``play`` becomes a no-op, so the game never depends on sound.
"""

from __future__ import annotations

import contextlib
import logging
import math
import time
from array import array
from collections.abc import Iterator

import pygame

log = logging.getLogger("breakbox.sound")
RATE = 22050

# name -> list of (frequency Hz, duration s) segments, a tiny synth score
EFFECTS: dict[str, list[tuple[float, float]]] = {
    "pick": [(660, 0.04)],
    "drop": [(440, 0.05), (330, 0.04)],
    "illegal": [(180, 0.08), (150, 0.1)],
    "draw": [(520, 0.03), (700, 0.03)],
    "stack": [(523, 0.07), (659, 0.07), (784, 0.12)],
    "capture": [(392, 0.06), (523, 0.1)],
    "end": [(523, 0.12), (659, 0.12), (784, 0.12), (1046, 0.25)],
}


SLICE = 1024  # samples synthesised per step while warming up (well under a millisecond)


class _Synth:
    """One effect synthesised a slice at a time: the app warms the effects up between
    frames, so the first time a sound plays it is ready and no frame stalls on it."""

    def __init__(self, score: list[tuple[float, float]], volume: float = 0.35) -> None:
        self.samples = array("h")
        self._steps = self._run(score, volume)
        self.done = False

    def _run(self, score: list[tuple[float, float]], volume: float) -> Iterator[None]:
        for freq, dur in score:
            n = int(RATE * dur)
            for i in range(n):
                env = min(1.0, i / 200) * min(1.0, (n - i) / 400)  # click-free attack and release
                v = math.sin(2 * math.pi * freq * i / RATE) + 0.3 * math.sin(4 * math.pi * freq * i / RATE)
                self.samples.append(int(32767 * volume * env * v / 1.3))
                if i % SLICE == SLICE - 1:
                    yield

    def step(self) -> bool:
        """Synthesise one more slice; True once the effect is complete."""
        if not self.done:
            self.done = next(self._steps, StopIteration) is StopIteration
        return self.done

    def finish(self) -> bytes:
        while not self.step():
            pass
        return self.samples.tobytes()


class Sound:
    def __init__(self, volume: float = 0.7, muted: bool = False) -> None:
        self.enabled = False
        self.volume = volume
        self.muted = muted
        self.reason = ""
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._warming = {name: _Synth(score) for name, score in EFFECTS.items()}
        try:
            # allowedchanges=0: SDL converts our 22050 Hz mono samples to whatever the device
            # plays; by default it may open the device at 48000 Hz stereo instead, and then
            # the same bytes would sound four times too fast and high
            pygame.mixer.init(frequency=RATE, size=-16, channels=1, allowedchanges=0)
            self.enabled = pygame.mixer.get_init() is not None
        except (pygame.error, OSError) as exc:
            self.reason = f"no audio device ({exc}); running silent"
            log.info(self.reason)
        if not self.enabled:
            self._warming.clear()

    def warm_up(self, budget_s: float = 0.002) -> None:
        """Synthesise effects not yet made for about ``budget_s`` (called between frames)."""
        end = time.perf_counter() + budget_s
        while self._warming and time.perf_counter() < end:
            name, synth = next(iter(self._warming.items()))
            if synth.step():
                del self._warming[name]
                self._make(name, synth.samples.tobytes())

    def _make(self, name: str, data: bytes) -> pygame.mixer.Sound | None:
        try:
            snd = pygame.mixer.Sound(buffer=data)
        except pygame.error:
            return None
        self._sounds[name] = snd
        return snd

    def set_volume(self, volume: float, muted: bool) -> None:
        self.volume, self.muted = volume, muted

    def play(self, name: str) -> None:
        if not self.enabled or self.muted or self.volume <= 0:
            return
        snd = self._sounds.get(name)
        if snd is None:
            synth = self._warming.pop(name, None)  # played before its warm-up finished
            if synth is None:
                return
            snd = self._make(name, synth.finish())
            if snd is None:
                return
        snd.set_volume(self.volume)
        snd.play()

    def close(self) -> None:
        if self.enabled:
            with contextlib.suppress(pygame.error):
                pygame.mixer.quit()
