"""How a finished game is told at the table, in words every game shares.

Once a game is over the side panel's banner says "Game over": the log's last line gives the
final scores instead and the prompt the outcome (the results screen's title), so the panel
never says "Game over" twice. No pygame here: the narration modules use it too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.i18n import tr


def standings(scores: Sequence[int], winners: Sequence[int], lower_is_better: bool = False,
              tie_break: Callable[[int], float] | None = None) -> list[int]:
    """Seats best first: the winners (a tie-break winner before the seats it tied with),
    then by score in the game's direction, then the game's own ``tie_break`` (lower ranks
    ahead), seat order among equals."""
    sign = 1 if lower_is_better else -1
    return sorted(range(len(scores)),
                  key=lambda s: (s not in winners, sign * scores[s], tie_break(s) if tie_break else 0, s))


def final_scores(name: Callable[[int], str], scores: Sequence[int], winners: Sequence[int] = (),
                 lower_is_better: bool = False, tie_break: Callable[[int], float] | None = None) -> str:
    """The log's last line: every seat's final score, best first (ties ranked as the results
    rank them), as a scoreboard reads, "Final scores — Seat 3: 2, You: 3." The colon keeps a
    seat's number off its score (a bare "Seat 3 2" ran them together); "Seat 3 with 2" did
    too, but no one says it so."""
    listed = ", ".join(tr("{name}: {score}", name=name(s), score=scores[s])
                       for s in standings(scores, winners, lower_is_better, tie_break))
    if lower_is_better:
        return tr("Final scores (lower is better) — {scores}.", scores=listed)
    return tr("Final scores — {scores}.", scores=listed)


def outcome(name: Callable[[int], str], winners: Sequence[int], me: int | None) -> str:
    """Who won, as the results screen's title says it (``me``: the seat of the one person at
    the screen, if there is one)."""
    if len(winners) == 1:
        return tr("You win!") if winners[0] == me else tr("{name} wins", name=name(winners[0]))
    if winners:
        return tr("Shared win: {names}", names=", ".join(name(w) for w in winners))
    return tr("Nobody wins")  # e.g. a cube game whose round limit ran out


def outcome_sentence(name: Callable[[int], str], winners: Sequence[int], me: int | None) -> str:
    """The outcome as a sentence, for the log and the prompt ("Seat 2 wins."; "You win!")."""
    text = outcome(name, winners, me)
    return text if text.endswith(("!", ".")) else text + "."
