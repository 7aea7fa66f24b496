"""Statistics: results per game and opponent level, kept in the user data folder.

Pure bookkeeping (no pygame). A finished game is recorded once, from the point of view
of the human player(s): against the computer under the strongest AI level at the table,
pass-and-play games under "friends". Shared wins count as draws.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field, fields
from typing import Any

STATS_FORMAT = 1
LOWER_IS_BETTER = {"blockers"}  # games where a low score is good
LEVEL_ORDER = ("ai:easy", "random", "greedy", "ai:normal", "ai:hard")


class NewerStatsError(ValueError):
    """Statistics written by a newer Breakbox: not damaged, only not readable here."""


@dataclass
class Line:
    played: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    streak: int = 0        # current run of wins
    best_streak: int = 0
    best_score: float | None = None

    def add(self, outcome: str, score: float | None, lower_better: bool) -> None:
        self.played += 1
        if outcome == "win":
            self.wins += 1
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
        else:
            self.streak = 0
            if outcome == "loss":
                self.losses += 1
            else:
                self.draws += 1
        if score is not None:
            if self.best_score is None:
                self.best_score = score
            else:
                self.best_score = min(self.best_score, score) if lower_better else max(self.best_score, score)


@dataclass
class Stats:
    games: dict[str, dict[str, Line]] = field(default_factory=dict)

    def line(self, game: str, level: str) -> Line:
        return self.games.setdefault(game, {}).setdefault(level, Line())

    def to_json(self) -> dict[str, Any]:
        return {"format": STATS_FORMAT,
                "games": {g: {lvl: asdict(line) for lvl, line in levels.items()} for g, levels in self.games.items()}}

    @classmethod
    def from_json(cls, data: Any) -> Stats:
        """The statistics of a file's JSON; ValueError names the first bad line."""
        stats, problems = cls.salvage(data)
        if problems:
            raise ValueError(problems[0])
        return stats

    @classmethod
    def salvage(cls, data: Any) -> tuple[Stats, list[str]]:
        """The good lines of a file's JSON and what was wrong with the others, so one bad
        line does not cost every statistic. ValueError when the file is not statistics."""
        if isinstance(data, dict) and type(data.get("format")) is int and data["format"] > STATS_FORMAT:
            raise NewerStatsError(f"these statistics come from a newer Breakbox (format {data['format']}; "
                                  f"this version reads up to {STATS_FORMAT}); they are kept unchanged")
        if not isinstance(data, dict) or data.get("format") != STATS_FORMAT:
            raise ValueError(f"not a statistics file of format {STATS_FORMAT}")
        out, problems = cls(), []
        games = data.get("games", {})
        if not isinstance(games, dict):
            raise ValueError("'games' must be an object")
        for game, levels in games.items():
            if not isinstance(levels, dict):
                problems.append(f"{game}: expected levels")
                continue
            for level, raw in levels.items():
                problem = _line_problem(raw)
                if problem:
                    problems.append(f"{game}/{level}: {problem}")
                else:
                    out.games.setdefault(game, {})[level] = Line(**raw)
        return out, problems


def _line_problem(raw: Any) -> str | None:
    # said in our words: Line(**raw)'s TypeError ("game.stats.Line() argument after ** must
    # be a mapping") was shown as it was, in English whatever the language
    if not isinstance(raw, dict):
        return "expected a line of counts"
    unknown = sorted(set(raw) - {f.name for f in fields(Line)})
    if unknown:
        return f"unknown key(s): {', '.join(unknown)}"
    line = Line(**raw)
    if not _well_typed(line):
        return "counts must be whole numbers and the best score a number"
    if min(line.played, line.wins, line.losses, line.draws) < 0 or \
            line.wins + line.losses + line.draws != line.played:
        return "the counts do not add up"
    return None


def _well_typed(line: Line) -> bool:
    counts = (line.played, line.wins, line.losses, line.draws, line.streak, line.best_streak)
    if not all(type(n) is int for n in counts):  # bool is an int subclass: refused too
        return False
    score = line.best_score
    return score is None or (type(score) in (int, float) and math.isfinite(score))


def table_level(seats: list[str]) -> str | None:
    """The bucket a game goes in: the strongest computer seat, "friends" when all seats
    are human, None when nobody human played (spectating is not counted)."""
    humans = [s for s in seats if s == "human"]
    if not humans:
        return None
    bots = [s for s in seats if s != "human"]
    if not bots:
        return "friends"
    return max(bots, key=lambda s: LEVEL_ORDER.index(s) if s in LEVEL_ORDER else -1)


def record_result(stats: Stats, game: str, seats: list[str], winners: list[int], scores: list[float]) -> bool:
    """Add one finished game; returns False when it is not counted (no human seat)."""
    level = table_level(seats)
    if level is None:
        return False
    lower = game in LOWER_IS_BETTER
    humans = [i for i, s in enumerate(seats) if s == "human"]
    line = stats.line(game, level)
    if level == "friends":
        outcome = "draw" if len(winners) != 1 else "win"
        best = min(scores) if lower else max(scores)
        line.add(outcome, best, lower)
        return True
    seat = humans[0]
    if seat in winners:
        outcome = "win" if len(winners) == 1 else "draw"
    else:
        outcome = "loss"
    line.add(outcome, scores[seat] if scores else None, lower)
    return True
