"""Interactive tutorials: a short scripted game per game, from levels/tutorials/<game>.toml.

A script fixes the deal (``options``, usually a ``setup``), the seats, and a list of
steps. A step either waits for the learner's move (``expect``: the exact notation, or a
prefix ending in ``*``) while the table outlines it and the coach explains why, or plays
the opponent's scripted move (``opponent``). Any other move is refused with the step's
explanation, so the learner cannot get lost. Pure Python: the table scene draws it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.i18n import tr
from game.paths import level_file, read_toml


class TutorialError(ValueError):
    """A tutorial file is broken; the message names the file and the problem."""


@dataclass(frozen=True)
class Step:
    say: str
    expect: str | None = None    # the learner's move ("place 2", or a prefix "build *")
    opponent: str | None = None  # the opponent's scripted move

    def accepts(self, text: str) -> bool:
        if self.expect is None:
            return False
        if self.expect.endswith("*"):
            return text.startswith(self.expect[:-1])
        return text == self.expect


@dataclass
class Tutorial:
    game: str
    title: str
    seats: list[str]
    options: dict[str, Any]
    steps: list[Step]
    index: int = 0
    mistakes: int = 0
    path: Path | None = None  # the script's file, for messages

    @property
    def step(self) -> Step | None:
        return self.steps[self.index] if self.index < len(self.steps) else None

    @property
    def finished(self) -> bool:
        return self.index >= len(self.steps)

    def learner_move(self, text: str) -> str | None:
        """None if the learner's move is the one this step teaches, else why not."""
        step = self.step
        if step is None:
            return None
        if step.accepts(text):
            return None
        self.mistakes += 1
        # short: the coach's note, always on show at the right, says what to do
        return tr("Not this time: the coach's note on the right says what to do.")

    def opponent_move(self) -> str | None:
        step = self.step
        return step.opponent if step is not None else None

    def advance(self) -> None:
        """The move this step waited for happened. A last step without a move is the
        closing message: it stays on screen."""
        if self.step is not None and (self.step.expect or self.step.opponent):
            self.index += 1


def _fail(path: Path, problem: str) -> TutorialError:
    return TutorialError(f"{path}: {problem}")


def load_tutorial(game: str, path: Path | None = None) -> Tutorial:
    path = path or level_file("tutorials", f"{game}.toml")
    try:
        data = read_toml(path)
    except ValueError as exc:  # the set-up screen catches TutorialError and says why
        raise TutorialError(str(exc)) from None
    for key in ("title", "seats", "step"):
        if key not in data:
            raise _fail(path, f"missing key {key!r}")
    steps = []
    for i, raw in enumerate(data["step"], 1):
        if not isinstance(raw, dict) or not isinstance(raw.get("say"), str):
            raise _fail(path, f"step {i} needs a 'say' text")
        if raw.get("expect") and raw.get("opponent"):
            raise _fail(path, f"step {i} cannot both expect a move and play one")
        unknown = set(raw) - {"say", "expect", "opponent"}
        if unknown:
            raise _fail(path, f"step {i} has unknown key(s): {', '.join(sorted(unknown))}")
        steps.append(Step(raw["say"], raw.get("expect"), raw.get("opponent")))
    for i, step in enumerate(steps[:-1], 1):
        if step.expect is None and step.opponent is None:
            raise _fail(path, f"step {i} has no move: only the last step may be a closing message")
    return Tutorial(game, str(data["title"]), list(data["seats"]), dict(data.get("options", {})), steps,
                    path=path)


def check_script(tutorial: Tutorial) -> None:
    """Replay every scripted move through the rules engine (tests and validation): the
    learner's exact moves and the opponent's must all be legal in order. Steps with a
    prefix are satisfied by the first legal move that matches."""
    from game.rules import get_rules
    rules = get_rules(tutorial.game)
    state = rules.new_game(len(tutorial.seats), 1, **tutorial.options)
    human = tutorial.seats.index("human")
    for i, step in enumerate(tutorial.steps, 1):
        if step.expect is None and step.opponent is None:
            continue
        text = step.opponent or step.expect
        if step.expect and step.expect.endswith("*"):
            legal = state.legal_actions()
            text = next((str(a) for a in (legal[k] for k in range(len(legal))) if step.accepts(str(a))), None)
            if text is None:
                raise TutorialError(f"step {i}: no legal move starts with {step.expect[:-1]!r}")
        mover = state.current_player
        if step.expect and mover != human:
            raise TutorialError(f"step {i}: the learner is not the one to move")
        if step.opponent and mover == human:
            raise TutorialError(f"step {i}: the scripted opponent move comes on the learner's turn")
        try:
            state.apply(state.parse(text))
        except ValueError as exc:  # IllegalAction too: the learner would wait for it for ever
            raise TutorialError(f"step {i}: {text!r} cannot be played: {exc}") from None
