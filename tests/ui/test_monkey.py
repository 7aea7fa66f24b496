"""The UI under fire: random mouse, keyboard and window events (resize, minimize, focus
loss, quit) sent to every scene headless never raise an unhandled error.
(Full size: ``python -m game bench monkey`` sends 20,000 events per scene.)"""

from __future__ import annotations

import pytest

from game.monkey import monkey_scene, scene_factories


@pytest.mark.parametrize("name", list(scene_factories()))
def test_random_events_never_break_a_scene(name):
    result = monkey_scene(name, scene_factories()[name], events=300, seed=hash(name) % 1000)
    assert result["events"] >= 300
