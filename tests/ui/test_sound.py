"""Sound effects: made in code at the format we asked for, warmed up between frames."""

from __future__ import annotations

import pygame
import pytest

from game.ui.sound import EFFECTS, RATE, SLICE, Sound, _Synth


@pytest.fixture
def sound():
    s = Sound(0.7, False)
    if not s.enabled:
        pytest.skip(s.reason)
    yield s
    s.close()


def test_the_mixer_keeps_the_format_the_effects_are_made_in(sound):
    # SDL may not swap in the device's own rate or channel count: our bytes are 22050 Hz mono
    assert pygame.mixer.get_init() == (RATE, -16, 1)


def test_warming_up_makes_every_effect_at_its_length(sound):
    for _ in range(10_000):
        if not sound._warming:
            break
        sound.warm_up(0.002)
    assert set(sound._sounds) == set(EFFECTS)
    for name, score in EFFECTS.items():
        expected = sum(int(RATE * dur) for _, dur in score) / RATE
        assert sound._sounds[name].get_length() == pytest.approx(expected, abs=0.002), name


def test_a_warm_up_step_makes_one_slice():
    synth = _Synth(EFFECTS["end"])
    assert not synth.step()
    assert len(synth.samples) == SLICE
    data = synth.finish()
    assert len(data) == 2 * sum(int(RATE * dur) for _, dur in EFFECTS["end"])


def test_a_sound_played_before_its_warm_up_ends_still_plays(sound):
    assert "end" in sound._warming
    sound.play("end")
    assert "end" in sound._sounds and "end" not in sound._warming
    sound.play("no such effect")  # ignored, never raises
