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
