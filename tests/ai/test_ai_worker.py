"""AIWorker: answers without blocking, reports errors, and stops promptly."""

from __future__ import annotations

import random
import time

import pytest

from game.ai.worker import AIWorker
from game.rules import get_rules


@pytest.fixture
def worker():
    w = AIWorker(timeout=30.0)
    yield w
    w.close()


def _position(seed: int = 4):
    state = get_rules("breaks").new_game(2, seed)
    rng = random.Random(seed)
    for _ in range(9):
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_request_returns_at_once_and_poll_gives_a_legal_action(worker):
    state = _position()
    seat = state.current_player
    world = state.determinize(seat, random.Random(1))  # what the UI sends: no real secrets
    t0 = time.perf_counter()
    ticket = worker.request("breaks", world.to_json(), seat, "ai:easy", seed=3)
    assert time.perf_counter() - t0 < 0.5
    assert worker.busy
    result = worker.wait(timeout=20)
    assert result is not None and result.ok, result and result.error
    assert result.ticket == ticket
    assert state.parse(result.action) in state.legal_actions()
    assert not worker.busy and worker.poll() is None


def test_the_process_is_reused_between_requests(worker):
    state = _position()
    seat = state.current_player
    worker.request("breaks", state.to_json(), seat, "random", seed=1)
    first = worker.wait(timeout=20)
    pid = worker.pid
    worker.request("breaks", state.to_json(), seat, "greedy", seed=1)
    second = worker.wait(timeout=20)
    assert first.ok and second.ok
    assert worker.pid == pid


def test_same_seed_same_answer(worker):
    state = _position(7)
    seat = state.current_player
    answers = []
    for _ in range(2):
        worker.request("breaks", state.to_json(), seat, "ai:easy", seed=42)
        answers.append(worker.wait(timeout=20).action)
    assert answers[0] == answers[1]


def test_errors_come_back_as_error_results_with_the_traceback(worker):
    worker.request("breaks", {"nonsense": True}, 0, "ai:normal", seed=1)
    result = worker.wait(timeout=20)
    assert result is not None and not result.ok
    assert result.action is None
    assert "Traceback" in result.error
    # The process survives its errors and keeps answering.
    state = _position()
    worker.request("breaks", state.to_json(), state.current_player, "nobody", seed=1)
    bad_spec = worker.wait(timeout=20)
    assert not bad_spec.ok and "bot spec" in bad_spec.error


def test_a_dead_process_is_reported_not_waited_for(worker):
    state = _position()
    worker.request("breaks", state.to_json(), state.current_player, "ai:hard", seed=1)
    worker._proc.kill()  # simulate a crash
    result = worker.wait(timeout=5)
    assert result is not None and not result.ok and "stopped unexpectedly" in result.error


def test_cancel_stops_a_thinking_worker_promptly_and_it_restarts_later(worker):
    state = _position()
    seat = state.current_player
    worker.request("breaks", state.to_json(), seat, "ai:hard", seed=1)
    time.sleep(0.3)
    t0 = time.perf_counter()
    worker.cancel()
    assert time.perf_counter() - t0 < 1.0
    assert not worker.busy and worker.poll() is None and worker.pid is None
    worker.request("breaks", state.to_json(), seat, "random", seed=1)
    assert worker.wait(timeout=20).ok


def test_close_is_prompt_and_safe_twice():
    worker = AIWorker()
    state = _position()
    worker.request("breaks", state.to_json(), state.current_player, "ai:hard", seed=1)
    time.sleep(0.3)
    t0 = time.perf_counter()
    worker.close()
    worker.close()
    assert time.perf_counter() - t0 < 1.0
    assert worker.poll() is None
    with pytest.raises(RuntimeError, match="closed"):
        worker.request("breaks", state.to_json(), state.current_player, "random")


def test_close_without_ever_starting():
    worker = AIWorker()
    t0 = time.perf_counter()
    worker.close()
    assert time.perf_counter() - t0 < 0.1


def test_ctrl_c_in_the_terminal_leaves_the_worker_to_the_app(worker):
    """SIGINT reaches the whole process group; the worker must not die with a traceback
    mid-request: the app stops it when it closes."""
    import os
    import signal
    state = _position()
    seat = state.current_player
    worker.request("breaks", state.to_json(), seat, "random", seed=1)
    assert worker.wait(timeout=20).ok
    pid = worker.pid
    os.kill(pid, signal.SIGINT)
    time.sleep(0.3)
    worker.request("breaks", state.to_json(), seat, "random", seed=1)
    result = worker.wait(timeout=20)
    assert result is not None and result.ok, result and result.error
    assert worker.pid == pid, "the same process answered: the interrupt did not end it"


def test_a_worker_that_does_not_answer_in_time_is_reported_and_stopped():
    worker = AIWorker(timeout=0.2)
    try:
        state = get_rules("blockers").new_game(4, 3)
        worker.request("blockers", state.to_json(), state.current_player, "ai:hard", seed=1)  # ~2 s of search
        result = worker.wait(timeout=10)
        assert result is not None and not result.ok and "did not answer within" in result.error
        assert worker.pid is None and not worker.busy, "the stuck process is stopped, not waited for"
    finally:
        worker.close()


def test_a_new_request_replaces_the_one_in_flight_at_once(worker):
    state = get_rules("blockers").new_game(4, 3)
    seat = state.current_player
    first = worker.request("blockers", state.to_json(), seat, "ai:hard", seed=1)
    thinking = worker.pid
    second = worker.request("blockers", state.to_json(), seat, "random", seed=1)
    assert worker.pid != thinking, "the old search was stopped, not waited out"
    result = worker.wait(timeout=20)
    assert result.ticket == second != first and result.ok
