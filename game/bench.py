"""``python -m game bench ...``: measurements that print one JSON object.

Targets (frame times, throughput, AI strength) are checked here, never in unit tests.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from typing import Any

# Benchmarks that open the client measure it with default settings in a throw-away home:
# the user's own settings (full screen, a bigger window, another language) would change
# the figures, and random events from the monkey must never rewrite the user's files.
_CLIENT_BENCHES = ("frames", "startup", "monkey", "soak", "close")


def private_home() -> str:
    """Point the platform's user folders (XDG, which platformdirs follows) at a fresh
    temporary directory for this process and its children; returns it."""
    import atexit
    import shutil
    import tempfile
    home = tempfile.mkdtemp(prefix="breakbox-bench-")
    atexit.register(shutil.rmtree, home, ignore_errors=True)
    for var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        os.environ[var] = os.path.join(home, var.split("_")[1].lower())
    return home


def run(args: argparse.Namespace) -> dict[str, Any]:
    if args.bench in _CLIENT_BENCHES:
        private_home()
    return {"playouts": playouts, "match": match, "frames": frames, "startup": startup,
            "cube-shapes": cube_shapes, "cube-solve": cube_solve, "fuzz": fuzz,
            "kill": kill, "monkey": monkey,
            "soak": soak, "close": close}[args.bench](args)


def _options(args: argparse.Namespace) -> dict[str, Any]:
    from game.cli import parse_option
    return dict(parse_option(o, args.game) for o in getattr(args, "option", []))


def playouts(args: argparse.Namespace) -> dict[str, Any]:
    from game.ai.arena import random_playouts
    return random_playouts(args.game, args.players, args.games, args.seed, _options(args) or None)


def match(args: argparse.Namespace) -> dict[str, Any]:
    from game.ai.arena import play_match
    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    return play_match(args.game, seats, args.games, args.seed, jobs=args.jobs, options=_options(args) or None)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    k = (len(ordered) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def frames(args: argparse.Namespace) -> dict[str, Any]:
    """Run the real table scene headless under autoplay at 60 fps; time each frame's
    work (events, update, draw, present), not the wait for the next tick."""
    from game.app import App, AppConfig
    from game.rules import get_rules
    from game.scenes.tables import table_class
    from game.session import GameSession
    rules = get_rules(args.game)
    seats = (args.seats or ",".join(["ai:easy"] * max(2, rules.min_players))).split(",")
    session = GameSession(args.game, seats, seed=args.seed)
    config = AppConfig(headless=True, autoplay=True, max_frames=args.frames, record_frames=True, autosave=False,
                       bench_motion=True, first_scene=lambda app: table_class(args.game)(app, session))
    app = App(config)
    code = app.run()
    ms = app.stats.work_ms[10:]  # the first frames build caches (fonts, card faces)
    return {
        "bench": "frames", "game": args.game, "frames": len(app.stats.work_ms), "measured": len(ms),
        "actions_played": len(session.log.actions), "exit_code": code,
        "p50_ms": round(percentile(ms, 0.50), 3), "p95_ms": round(percentile(ms, 0.95), 3),
        "p99_ms": round(percentile(ms, 0.99), 3), "max_ms": round(max(ms), 3) if ms else 0.0,
        "first_frames_ms": [round(x, 2) for x in app.stats.work_ms[:3]],
    }


def startup(args: argparse.Namespace) -> dict[str, Any]:
    """Process start to the first frame presented (the child prints the moment)."""
    if getattr(sys, "frozen", False):
        cmd = [sys.executable, "play", "--headless", "--max-frames", "1", "--startup-marker"]
    else:
        cmd = [sys.executable, "-m", "game", "play", "--headless", "--max-frames", "1", "--startup-marker"]
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    times = []
    for _ in range(args.runs):
        t0 = time.time()
        out = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=60)
        marks = [line for line in out.stdout.splitlines() if line.startswith("FIRST_FRAME ")]
        if not marks:
            raise ValueError(f"the app did not report a first frame (exit {out.returncode}): {out.stderr[-500:]}")
        times.append(float(marks[0].split()[1]) - t0)
    return {"bench": "startup", "frozen": bool(getattr(sys, "frozen", False)), "runs": len(times),
            "median_s": round(statistics.median(times), 3), "max_s": round(max(times), 3),
            "min_s": round(min(times), 3)}


def _count_shapes(n: int) -> dict[str, Any]:
    """Count the legal shapes of the n-block set (run in a fresh process: no warm cache)."""
    t = time.perf_counter()
    from game.rules.cube import SETS, enumerate_shapes, shape_count
    pieces = SETS[n]
    shapes = len(enumerate_shapes(pieces)) if n < 5 else shape_count(pieces)
    return {"shapes": shapes, "seconds": round(time.perf_counter() - t, 3), "materialised": n < 5}


def cube_shapes(args: argparse.Namespace) -> dict[str, Any]:
    """Count every legal secret shape per block set, timing each in a fresh process so
    no cache from another set helps. The process is spawned (not ``python -c``), so the
    frozen app runs this too."""
    import multiprocessing
    out: dict[str, Any] = {"bench": "cube-shapes"}
    for n in args.blocks:
        try:
            with multiprocessing.get_context("spawn").Pool(1) as pool:
                out[f"blocks_{n}"] = pool.apply(_count_shapes, (n,))
        except Exception as exc:
            raise ValueError(f"counting {n}-block shapes failed: {exc}") from None
    return out


def cube_solve(args: argparse.Namespace) -> dict[str, Any]:
    """The deduction AI questions hidden shapes alone (no shape of its own); counts every
    ask and guess, the final right guess included."""
    import random

    from game.ai.cube_solver import answer_table, solve_alone
    from game.rules.cube import SETS, enumerate_shapes, sample_shape
    pieces = SETS[3]
    # the answer table is built once per block set (in a game: while the AI builds its
    # own secret); time it apart so decisions are measured as they run in play
    t0 = time.perf_counter()
    answer_table(tuple(pieces))
    table_s = time.perf_counter() - t0
    rng = random.Random(args.seed)
    secrets = list(enumerate_shapes(pieces)) if args.sample == 0 else [sample_shape(pieces, rng)
                                                                       for _ in range(args.sample)]
    questions, slowest, unsolved = [], 0.0, 0
    start = time.perf_counter()
    for i, secret in enumerate(secrets):
        result = solve_alone(secret, args.level, random.Random(args.seed * 1_000_003 + i), pieces)
        questions.append(result["questions"])
        slowest = max(slowest, result["slowest_s"])
        unsolved += not result["solved"]
    return {"bench": "cube-solve", "level": args.level, "shapes": len(secrets), "seed": args.seed,
            "mean_questions": round(statistics.mean(questions), 3), "max_questions": max(questions),
            "unsolved": unsolved, "slowest_decision_s": round(slowest, 3),
            "table_build_s": round(table_s, 3), "seconds": round(time.perf_counter() - start, 1)}


def fuzz(args: argparse.Namespace) -> dict[str, Any]:
    """Rules under fire at full size: random games with hostile input at every step."""
    from game.fuzz import fuzz_game
    from game.rules import CATALOG, is_available
    games = [args.game] if args.game else [i.name for i in CATALOG if is_available(i.name)]
    jobs = max(1, min(getattr(args, "jobs", 1) or 1, args.games))
    if jobs == 1:
        results = [fuzz_game(g, args.games, seed=args.seed) for g in games]
    else:
        results = [_fuzz_parallel(g, args.games, args.seed, jobs) for g in games]
    return {"bench": "fuzz", "games_per_game": args.games, "jobs": jobs, "results": results, "failures": 0}


def _fuzz_parallel(game: str, games: int, seed: int, jobs: int) -> dict[str, Any]:
    """``games`` fuzz games split into ``jobs`` runs with their own seed ranges; a
    failure in any run raises (FuzzFailure names the problem)."""
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing import get_context

    from game.ai.arena import _exit_with_parent
    from game.fuzz import fuzz_game
    sizes = [games // jobs + (i < games % jobs) for i in range(jobs)]
    starts = [seed + sum(sizes[:i]) for i in range(jobs)]
    begin = time.perf_counter()
    with ProcessPoolExecutor(max_workers=jobs, mp_context=get_context("spawn"),
                             initializer=_exit_with_parent, initargs=(os.getpid(),)) as pool:
        parts = list(pool.map(fuzz_game, [game] * jobs, sizes, starts))
    return {"game": game, "games": games, "steps": sum(p["steps"] for p in parts),
            "seconds": round(time.perf_counter() - begin, 2)}


def kill(args: argparse.Namespace) -> dict[str, Any]:
    """Crash safety: SIGKILL the running game at random moments, check every save."""
    from game.killtest import kill_rounds
    return kill_rounds(args.rounds, seed=args.seed)


def monkey(args: argparse.Namespace) -> dict[str, Any]:
    """The UI under fire: random events to every scene; fails on any unhandled error."""
    from game.monkey import monkey_all
    return monkey_all(args.events, seed=args.seed, only=args.scene)


def soak(args: argparse.Namespace) -> dict[str, Any]:
    """Memory over many AI-vs-AI games in the real client."""
    from game.soak import soak as run_soak
    return run_soak(args.games, seed=args.seed)


def close(args: argparse.Namespace) -> dict[str, Any]:
    """Closing the window while the AI thinks: seconds from the quit event to a finished
    shutdown (worker stopped, files flushed), over several runs."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.app import App, AppConfig
    from game.scenes.tables import table_class
    from game.session import GameSession
    seconds = []
    for run in range(args.runs):
        session = GameSession("breaks", ["human", "ai:hard"], seed=args.seed + run, options={"first_player": 1})
        app = App(AppConfig(headless=True, autosave=False,
                            first_scene=lambda a, s=session: table_class("breaks")(a, s)))
        app.crash = None
        app.stack.push(app.config.first_scene(app))
        app.running = True
        deadline = time.monotonic() + 30
        while not app.stack.top.ai_thinking:
            if time.monotonic() > deadline:
                raise RuntimeError("the AI never started thinking")
            app.time += 1 / 60
            app.step(1 / 60)
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        t0 = time.perf_counter()
        app.step(1 / 60)
        app.shutdown()
        seconds.append(time.perf_counter() - t0)
    return {"bench": "close", "runs": args.runs, "median_s": round(statistics.median(seconds), 3),
            "max_s": round(max(seconds), 3)}
