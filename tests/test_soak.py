"""Memory soak at test size: after one game of each kind, playing each again does not
grow the app's memory noticeably (caches are bounded; scenes release their widgets).
(Full size: ``python -m game bench soak`` plays 1,000 games.)"""

from __future__ import annotations

import sys

import pytest

from game import soak


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc for memory")
def test_memory_stays_flat_over_repeated_games(monkeypatch):
    monkeypatch.setattr(soak, "SOAK_SEATS", ["random", "random"])
    result = soak.soak(10, seed=5, warmup=5)
    assert result["games"] == 10
    assert result["growth_app_mb"] < 12, result["samples"]
    assert result["growth_worker_mb"] < 12, result["samples"]


def test_soak_computers_do_not_pause_between_actions(monkeypatch):
    """Soak measures memory over many games: the pause that lets a person follow each
    computer action (0.6 s with animations off) would only add idle frames to every action."""
    from game.scenes.table_base import TableScene

    pauses: list[float] = []
    perform = TableScene.perform

    def spy(self, text, seat):
        done = perform(self, text, seat)
        pauses.append(self.ai_ready_at - self.app.time)
        return done

    monkeypatch.setattr(TableScene, "perform", spy)
    monkeypatch.setattr(soak, "SOAK_SEATS", ["random", "random"])
    result = soak.soak(1, seed=5, warmup=1)
    assert result["actions"] == len(pauses) > 0
    assert max(pauses) == 0
