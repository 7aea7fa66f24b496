"""Which table scene plays which game."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.session import GameSession

if TYPE_CHECKING:  # pragma: no cover
    from game.app import App
    from game.scenes.confirm import ConfirmScene
    from game.ui.scene import Scene

TABLES = {
    "breaks": "game.scenes.breaks_table:BreaksTable",
    "cube": "game.scenes.cube_table:CubeTable",
    "blockers": "game.scenes.blockers_table:BlockersTable",
    "breaker_blocks": "game.scenes.breaker_blocks_table:BreakerBlocksTable",
    "circuit_breaker": "game.scenes.circuit_breaker_table:CircuitBreakerTable",
}


def is_playable(game: str) -> bool:
    """A game is playable in the client once both its rules and its table exist."""
    from game.rules import is_available
    return game in TABLES and is_available(game)


def saved_game_title(record: dict) -> str | None:
    """The title of the game a save record holds, or None when it cannot be named."""
    from game.rules import CATALOG
    try:
        game = record["log"]["game"]
        return next(i.title for i in CATALOG if i.name == game)
    except (KeyError, TypeError, StopIteration):
        return None


def replacing_saved_game(app: App) -> str | None:
    """What a new game would take the place of, as the question's text: the unfinished
    saved game (named if it can be), or a newer Breakbox's save; None when nothing is saved.
    A damaged save met on the way is moved aside, and the title says so."""
    from game import storage
    from game.i18n import tr
    record, problem = storage.load_autosave(app.dirs)
    if problem:
        app.notices.append(problem)
    if record is None:
        if not storage.autosave_kept(app.dirs):
            return None
        if not storage.autosave_is_newer(app.dirs):  # damaged and left in place, or its game's files broken
            return tr("A new game takes the place of the saved game, which cannot be continued now.")
        return tr("A new game takes the place of the saved game from a newer Breakbox, "
                  "which this version cannot open.")
    title = saved_game_title(record)
    if title:
        return tr("A new game takes the place of your unfinished {title} game.", title=tr(title))
    return tr("A new game takes the place of your unfinished saved game.")


def ask_before_replacing(app: App, text: str, on_yes: Callable[[], None]) -> ConfirmScene:
    """The question before a new game replaces the saved one ("Keep saved game" keeps it)."""
    from game.i18n import tr
    from game.scenes.confirm import ConfirmScene
    return ConfirmScene(app, tr("Replace your saved game?"), text, tr("Start new game"), on_yes,
                        no=tr("Keep saved game"))


def data_problem(game: str) -> str | None:
    """A playable game whose data files are broken: the message naming the file."""
    from game.rules import load_problem
    return load_problem(game) if is_playable(game) else None


def table_class(game: str) -> type:
    try:
        module, _, name = TABLES[game].partition(":")
    except KeyError:
        raise KeyError(f"no table for {game!r} yet") from None
    return getattr(importlib.import_module(module), name)


def prepare_table(app, session: GameSession):
    """A game's table, ready to open (from the menus or the command line). When several
    people share the screen in a game with secrets, a hand-off comes first: whoever
    started it may not be the player the table shows first."""
    scene = table_class(session.game)(app, session)
    scene.handoff_first = True
    if scene.saves_game and not session.log.actions:
        app.autosave(session.to_record())  # a new game replaces the saved one at once, not at its first move
    elif scene.saves_game and session.is_over():
        # the app stopped between the last move's save and the game-over bookkeeping
        scene.on_game_over()
        app.clear_autosave()
    return scene


def first_table(app: App, session: GameSession) -> Scene:
    """The first scene of a game started from the command line: its table, or, when the
    game would replace an unfinished saved game, the title with the set-up screen's question
    over it (Stay keeps the saved game, and Continue on the title resumes it). --autoplay
    asks too: its game, a demo or a script's, would take the saved game's place, and a run
    nobody answers (headless) leaves the saved game as it is."""
    text = replacing_saved_game(app) if session.humans else None
    if text is None:
        return prepare_table(app, session)
    from game.scenes.title import TitleScene
    app.stack.push(TitleScene(app))  # laid out by its first update, though the question covers it
    return ask_before_replacing(app, text, lambda: start_table(app, session, replace_stack=True))


def start_table(app, session: GameSession, replace_stack: bool = False) -> None:
    """Open a game's table (new, again or continued)."""
    scene = prepare_table(app, session)
    if replace_stack:
        app.stack.clear_to(scene)
    else:
        app.stack.push(scene)


def start_tutorial(app, game: str) -> None:
    """Open a game's interactive tutorial (a scripted short game from levels/tutorials)."""
    from game.tutorial import TutorialError, check_script, load_tutorial
    tutorial = load_tutorial(game)
    try:  # a move the script cannot make would leave the learner stuck on that step
        check_script(tutorial)
    except TutorialError as exc:
        raise TutorialError(f"{tutorial.path}: {exc}") from None
    session = GameSession(game, tutorial.seats, seed=1, options=tutorial.options)
    scene = table_class(game)(app, session)
    scene.tutorial = tutorial
    app.stack.push(scene)
