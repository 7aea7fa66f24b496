"""AIWorker: bots think in a separate process so the UI never stalls.

The UI sends a state (ideally ``state.determinize(seat, rng).to_json()``, so the real
secrets never leave the UI process), gets a ticket at once, and polls each frame:

    worker = AIWorker()
    ticket = worker.request("breaks", world.to_json(), seat, "ai:normal", seed)
    ...
    result = worker.poll()          # None while thinking
    if result is not None:
        if result.ok: state.apply(state.parse(result.action))
        else: log(result.error)

The process is spawned lazily (``multiprocessing.get_context("spawn")``; the frozen
app calls ``freeze_support()``) and kept alive between requests. ``cancel()`` kills a
process that is thinking (the next request starts a new one); ``close()`` kills it
for good, is idempotent and also runs at exit. Errors inside the worker, including
the process dying, come back as results with ``error`` set, never as a hang.

This module is imported by the UI at start-up, so it imports only the standard
library; the rules and bots are imported inside the worker process.
"""

from __future__ import annotations

import atexit
import signal
import time
import traceback
import weakref
from dataclasses import dataclass
from multiprocessing import get_context
from typing import Any

DEFAULT_TIMEOUT = 60.0  # seconds before a request is given up on (bots cap themselves far lower)


@dataclass(frozen=True)
class AIResult:
    ticket: int
    action: str | None  # the chosen action's notation; None on error
    error: str | None = None  # traceback text or a description of what went wrong
    seconds: float = 0.0  # thinking time inside the worker
    wall_seconds: float = 0.0  # from request() to the result arriving, start-up included
    iterations: int = 0

    @property
    def ok(self) -> bool:
        return self.error is None


class AIWorker:
    """One long-lived bot process; one request at a time (a new request supersedes)."""

    def __init__(self, timeout: float = DEFAULT_TIMEOUT) -> None:
        self._ctx = get_context("spawn")
        self._timeout = timeout
        self._proc: Any = None
        self._conn: Any = None
        self._next_ticket = 1
        self._pending: tuple[int, float] | None = None  # (ticket, time requested)
        self._closed = False
        self._send_error: str | None = None
        ref = weakref.ref(self)
        atexit.register(lambda: (w := ref()) is not None and w.close())

    # -- lifecycle -------------------------------------------------------------------

    def start(self) -> None:
        """Spawn the process now (optional: ``request`` does it when needed).

        Starting returns at once; the child imports the rules in the background.
        """
        if self._closed:
            raise RuntimeError("this AIWorker has been closed")
        if self._proc is not None and self._proc.is_alive():
            return
        self._stop_process()
        parent, child = self._ctx.Pipe()
        self._proc = self._ctx.Process(target=_serve, args=(child,), name="breakbox-ai", daemon=True)
        self._proc.start()
        child.close()
        self._conn = parent

    @property
    def pid(self) -> int | None:
        """The worker process id while it runs (for logs), else None."""
        return self._proc.pid if self._proc is not None and self._proc.is_alive() else None

    @property
    def busy(self) -> bool:
        return self._pending is not None

    @property
    def ticket(self) -> int | None:
        """The ticket of the request in flight (a newer request replaces an older one)."""
        return self._pending[0] if self._pending is not None else None

    def cancel(self) -> None:
        """Abandon the request in flight, killing the process if it is thinking."""
        if self._pending is not None:
            self._pending = None
            self._stop_process()

    def close(self) -> None:
        """Stop the process for good (well under a second). Safe to call twice."""
        self._closed = True
        self._pending = None
        self._stop_process()

    # -- requests --------------------------------------------------------------------

    def request(self, game: str, state_json: dict[str, Any], seat: int, spec: str,
                seed: int | None = None) -> int:
        """Ask for ``seat``'s move in ``state_json``; returns a ticket immediately."""
        self.cancel()
        self.start()
        ticket = self._next_ticket
        self._next_ticket += 1
        self._pending = (ticket, time.perf_counter())
        try:
            self._conn.send(("choose", ticket, game, state_json, seat, spec, seed))
        except (OSError, ValueError) as exc:  # the process died at birth; poll() reports it
            self._pending = (ticket, time.perf_counter() - self._timeout - 1)
            self._send_error = f"could not send the request to the AI process: {exc}"
        return ticket

    def poll(self) -> AIResult | None:
        """The finished result, or None while the request is still being thought about."""
        if self._pending is None:
            return None
        ticket, asked = self._pending
        wall = time.perf_counter() - asked
        try:
            ready = self._conn.poll()
        except (OSError, ValueError):
            ready = False
        if ready:
            try:
                msg = self._conn.recv()
            except (EOFError, OSError) as exc:
                return self._fail(ticket, wall, f"the AI process stopped unexpectedly: {exc!r}")
            if msg.get("ticket") != ticket:
                return None  # a stale answer; cannot happen with one request at a time
            self._pending = None
            return AIResult(ticket, msg.get("action"), msg.get("error"), msg.get("seconds", 0.0),
                            wall, msg.get("iterations", 0))
        if not self._proc.is_alive():
            return self._fail(ticket, wall, f"the AI process stopped unexpectedly "
                                            f"(exit code {self._proc.exitcode})")
        if wall > self._timeout:
            return self._fail(ticket, wall, f"the AI did not answer within {self._timeout:.0f} s")
        return None

    def wait(self, timeout: float | None = None, interval: float = 0.005) -> AIResult | None:
        """Block until the result arrives (for scripts and tests, never the UI loop)."""
        end = None if timeout is None else time.perf_counter() + timeout
        while self._pending is not None:
            result = self.poll()
            if result is not None:
                return result
            if end is not None and time.perf_counter() > end:
                return None
            time.sleep(interval)
        return None

    # -- internals -------------------------------------------------------------------

    def _fail(self, ticket: int, wall: float, why: str) -> AIResult:
        self._pending = None
        why, self._send_error = self._send_error or why, None
        self._stop_process()
        return AIResult(ticket, None, why, 0.0, wall)

    def _stop_process(self) -> None:
        proc, conn = self._proc, self._conn
        self._proc = self._conn = None
        if proc is not None:
            if proc.is_alive():
                proc.terminate()
                proc.join(0.5)
                if proc.is_alive():
                    proc.kill()
                    proc.join(0.3)
            if not proc.is_alive():
                proc.close()
        if conn is not None:
            conn.close()


def _serve(conn: Any) -> None:
    """The worker process: answer requests until the pipe closes or "stop" arrives."""
    # Ctrl+C in a terminal reaches the whole process group: the app closes this worker
    # itself, so the worker ignores it instead of printing a traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg[0] != "choose":
            return
        _, ticket, game, state_json, seat, spec, seed = msg
        start = time.perf_counter()
        try:
            action, iterations = _choose(game, state_json, seat, spec, seed)
            reply = {"ticket": ticket, "action": action, "iterations": iterations}
        except BaseException:  # report everything, the UI decides what to do
            reply = {"ticket": ticket, "action": None, "error": traceback.format_exc()}
        reply["seconds"] = time.perf_counter() - start
        try:
            conn.send(reply)
        except (OSError, ValueError):
            return


def _choose(game: str, state_json: dict[str, Any], seat: int, spec: str,
            seed: int | None) -> tuple[str, int]:
    # Heavy imports happen here, in the worker process only.
    from game.ai.difficulty import make_bot
    from game.ai.seat import SeatInfo
    from game.rules import get_rules

    state = get_rules(game).from_json(state_json)
    bot = make_bot(spec, game, seed)
    action = bot.choose(SeatInfo(state, seat, game))
    return str(action), int(bot.last_stats.get("iterations", 0))
