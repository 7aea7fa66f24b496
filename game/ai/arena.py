"""Benchmark runners: random playout throughput and bot-vs-bot matches.

Both return JSON-able dicts for ``python -m game bench``. Matches are reproducible:
game i is dealt from seed ``seed + i`` and seats rotate (game i gives seat s the spec
at ``(s + i) % players``), so every spec plays every seat equally often over a
multiple of ``players`` games. Each bot only ever gets a SeatInfo for its own seat.
"""

from __future__ import annotations

import os
import random
import statistics
import threading
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from typing import Any

from game.ai.difficulty import make_bot, normalize_spec
from game.ai.seat import SeatInfo
from game.core.protocol import Rules
from game.rules import get_rules

MAX_ACTIONS = 100_000  # a safety net: every game's rules guarantee it ends long before


def _rules(game: str | Rules) -> Rules:
    return get_rules(game) if isinstance(game, str) else game


def random_playouts(game: str | Rules, players: int, games: int, seed: int = 0,
                    options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Play ``games`` uniformly random games (game i from seed ``seed + i``); throughput."""
    rules = _rules(game)
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    for i in range(games):
        state = rules.new_game(players, seed + i, **(options or {}))
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
    seconds = time.perf_counter() - start
    return {
        "game": rules.name,
        "players": players,
        "games": games,
        "seconds": round(seconds, 4),
        "games_per_s": round(games / seconds, 1) if seconds > 0 else None,
        "mean_actions": round(actions / games, 1) if games else 0.0,
    }


def seat_labels(seat_specs: list[str]) -> list[str]:
    """Distinct keys for the specs: a spec used twice becomes "spec#1", "spec#2"."""
    specs = [normalize_spec(s) for s in seat_specs]
    counts = Counter(specs)
    seen: Counter[str] = Counter()
    labels = []
    for spec in specs:
        if counts[spec] == 1:
            labels.append(spec)
        else:
            seen[spec] += 1
            labels.append(f"{spec}#{seen[spec]}")
    return labels


def play_game(game: str | Rules, seat_specs: list[str], labels: list[str], seed: int,
              options: dict[str, Any] | None = None) -> dict[str, Any]:
    """One game; seat s is played by ``seat_specs[s]`` (reported as ``labels[s]``)."""
    rules = _rules(game)
    state = rules.new_game(len(seat_specs), seed, **(options or {}))
    # Each bot's seed depends on the game seed and its key, never on the seat it got.
    bots = [make_bot(spec, rules.name, random.Random(f"{seed}:{label}"))
            for spec, label in zip(seat_specs, labels, strict=True)]
    times: dict[str, list[float]] = {label: [] for label in labels}
    actions = 0
    while not state.is_terminal():
        if actions >= MAX_ACTIONS:
            raise RuntimeError(f"{rules.name}: game from seed {seed} did not end in {MAX_ACTIONS} actions")
        seat = state.current_player
        info = SeatInfo(state, seat, rules.name)
        choices = len(info.legal_actions())
        t0 = time.perf_counter()
        action = bots[seat].choose(info)
        elapsed = time.perf_counter() - t0
        if choices > 1:  # forced moves take no thought and would flatter the medians
            times[labels[seat]].append(elapsed * 1000.0)
        state.apply(action)
        actions += 1
    return {"labels": labels, "winners": state.winners(), "scores": list(state.scores()),
            "times": times, "actions": actions}


def _play_game_task(args: tuple[Any, ...]) -> dict[str, Any]:
    return play_game(*args)


def _exit_with_parent(parent: int) -> None:
    """In each pool worker: stop when the match process is gone (killed mid-match), so
    no orphaned worker keeps playing and skews later timings."""
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)
    threading.Thread(target=watch, daemon=True).start()


def play_match(game: str | Rules, seat_specs: list[str], games: int, seed: int = 0,
               jobs: int | None = None, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Play ``games`` games between ``seat_specs`` (one spec per seat) and tally.

    ``wins`` and ``win_rate`` are keyed by spec; a game's win is split evenly among its
    winners (a 2-player tie is half a win each). ``ties`` counts games with several winners,
    ``no_winner`` games that ended with none (Breaker Blocks' equal circuits: both lose); those
    credit nobody. A spec listed twice is keyed "spec#1", "spec#2" in list order. Decision
    times count only decisions with more than one legal action, measured inside the process
    that made them. ``jobs`` processes play in parallel (spawn context; default: one per CPU).
    """
    if games < 1:
        raise ValueError("a match needs at least one game")
    rules = _rules(game)
    n = len(seat_specs)
    if not rules.min_players <= n <= rules.max_players:
        raise ValueError(f"{rules.title} is for {rules.min_players}-{rules.max_players} players, not {n}")
    specs = [normalize_spec(s) for s in seat_specs]
    labels = seat_labels(specs)
    jobs = max(1, min(jobs or os.cpu_count() or 1, games))
    tasks = []
    for i in range(games):
        order = [(s + i) % n for s in range(n)]
        tasks.append((game, [specs[j] for j in order], [labels[j] for j in order], seed + i, options))
    start = time.perf_counter()
    if jobs == 1:
        results = [_play_game_task(t) for t in tasks]
    else:
        with ProcessPoolExecutor(max_workers=jobs, mp_context=get_context("spawn"),
                                 initializer=_exit_with_parent, initargs=(os.getpid(),)) as pool:
            results = list(pool.map(_play_game_task, tasks, chunksize=1))
    seconds = time.perf_counter() - start
    return _tally(rules, labels, specs, results, games, seed, jobs, options, seconds)


def _tally(rules: Rules, labels: list[str], specs: list[str], results: list[dict[str, Any]],
           games: int, seed: int, jobs: int, options: dict[str, Any] | None,
           seconds: float) -> dict[str, Any]:
    wins = dict.fromkeys(labels, 0.0)
    score_sum = dict.fromkeys(labels, 0.0)
    times: dict[str, list[float]] = {label: [] for label in labels}
    ties = no_winner = 0
    actions = 0
    for r in results:
        winners = r["winners"]
        if len(winners) > 1:
            ties += 1
        elif not winners:
            no_winner += 1
        for seat in winners:
            wins[r["labels"][seat]] += 1.0 / len(winners)
        for seat, label in enumerate(r["labels"]):
            score_sum[label] += r["scores"][seat]
            times[label].extend(r["times"][label])
        actions += r["actions"]
    out: dict[str, Any] = {
        "game": rules.name,
        "players": len(labels),
        "seat_specs": specs,
        "labels": labels,
        "games": games,
        "seed": seed,
        "jobs": jobs,
        "options": options or {},
        "wins": wins,
        "win_rate": {k: round(v / games, 4) for k, v in wins.items()},
        "ties": ties,
        "no_winner": no_winner,
        "mean_score": {k: round(v / games, 3) for k, v in score_sum.items()},
        "decision_ms": {k: _time_summary(v) for k, v in times.items()},
        "mean_actions": round(actions / games, 1),
        "seconds": round(seconds, 2),
        "per_game": [{"seed": seed + i, "seats": r["labels"], "winners": r["winners"], "scores": r["scores"]}
                     for i, r in enumerate(results)],
    }
    if any("#" in label for label in labels):
        out["note"] = "a spec listed more than once is keyed spec#1, spec#2, ... in seat_specs order"
    return out


def _time_summary(ms: list[float]) -> dict[str, Any]:
    if not ms:
        return {"decisions": 0, "mean_ms": None, "median_ms": None, "max_ms": None}
    return {"decisions": len(ms), "mean_ms": round(statistics.fmean(ms), 2),
            "median_ms": round(statistics.median(ms), 2), "max_ms": round(max(ms), 2)}
