"""Sound effects generated in code (no audio files), silent without an audio device.

``pygame.mixer.init()`` fails on machines without audio; we catch that and every
``play`` becomes a no-op, so the game never depends on sound.
"""

from __future__ import annotations

import contextlib
import logging
import math
from array import array

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


def _synth(score: list[tuple[float, float]], volume: float = 0.35) -> bytes:
    samples = array("h")
    for freq, dur in score:
        n = int(RATE * dur)
        for i in range(n):
            env = min(1.0, i / 200) * min(1.0, (n - i) / 400)  # click-free attack and release
            v = math.sin(2 * math.pi * freq * i / RATE) + 0.3 * math.sin(4 * math.pi * freq * i / RATE)
            samples.append(int(32767 * volume * env * v / 1.3))
    return samples.tobytes()


class Sound:
    def __init__(self, volume: float = 0.7, muted: bool = False) -> None:
        self.enabled = False
        self.volume = volume
        self.muted = muted
        self.reason = ""
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        try:
            pygame.mixer.init(frequency=RATE, size=-16, channels=1)
            self.enabled = pygame.mixer.get_init() is not None
        except (pygame.error, OSError) as exc:
            self.reason = f"no audio device ({exc}); running silent"
            log.info(self.reason)

    def set_volume(self, volume: float, muted: bool) -> None:
        self.volume, self.muted = volume, muted

    def play(self, name: str) -> None:
        if not self.enabled or self.muted or self.volume <= 0:
            return
        snd = self._sounds.get(name)
        if snd is None:
            score = EFFECTS.get(name)
            if score is None:
                return
            try:
                snd = pygame.mixer.Sound(buffer=_synth(score))
            except pygame.error:
                return
            self._sounds[name] = snd
        snd.set_volume(self.volume)
        snd.play()

    def close(self) -> None:
        if self.enabled:
            with contextlib.suppress(pygame.error):
                pygame.mixer.quit()
