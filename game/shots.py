"""Screenshots of every scene at 1280x720 and 1920x1080 (``python -m game shots OUTDIR``)
and a layout check over the text drawn in each: labels that overlap each other or stick
out of the screen (or of the area they were clipped to) are reported."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

SIZES = ((1280, 720), (1920, 1080))
FRAMES = 12


def _scenes() -> dict[str, Callable[[Any], Any]]:
    from game.monkey import scene_factories
    from game.scenes.confirm import ConfirmScene
    from game.scenes.error import ErrorScene
    from game.scenes.handoff import HandoffScene
    from game.scenes.results import ResultsScene
    from game.scenes.tables import table_class
    from game.session import GameSession
    out = dict(scene_factories())

    def finished(app):
        session = GameSession("breaks", ["human", "ai:easy"], seed=3, options={"first_player": 0, "setup": {
            "tableaux": [[["4S", "4D"], ["6D", "6C"], ["7C"]], [["9S"], ["KD"], ["2C"]]], "deck": []}})
        for text in ("done", "done"):
            session.apply(text, session.current_player)
        table = table_class("breaks")(app, session)
        app.stack.push(table)
        return ResultsScene(app, table)
    out["results"] = finished

    def cube_revealed(app):
        """A finished four-seat Break the Cube table as the results' "look at the table" shows
        it: every secret shape revealed (no other shot reaches the reveal)."""
        shapes = ["S:5.2,6.2 M:4.1,5.1,7.1 L:3.1,6.1,8.1,9.1", "S:5.1,5.2 M:1.1,2.1,4.1 L:3.1,6.1,8.1,9.1",
                  "S:5.1,6.1 M:8.1,9.1,9.2 L:1.1,1.2,1.3,2.1", "S:5.1,5.2 M:1.1,2.1,4.1 L:3.1,6.1,8.1,9.1"]
        session = GameSession("cube", ["human"] + ["ai:easy"] * 3, seed=1,
                              options={"first_player": 0, "setup": {"secrets": shapes}})
        session.apply("guess " + shapes[1], 0)
        for seat in range(1, 4):
            session.apply("ask 5", seat)
        table = table_class("cube")(app, session)
        table.results_shown = True
        return table
    out["cube_revealed"] = cube_revealed
    out["handoff"] = lambda app: HandoffScene(app, 1, lambda: None)
    out["confirm"] = lambda app: ConfirmScene(app, "Leave the table?", "The game is saved.", "Leave", lambda: None)
    from game.i18n import tr  # the longest dialog text, in the language being checked
    out["confirm_long"] = lambda app: ConfirmScene(
        app, tr("Leave the table?"),
        tr("The tutorial is not saved: start it again any time from the game's set-up screen."), tr("Leave"),
        lambda: None)
    # the longest cue a seat has: two colours (Blockers! advanced), in the language being checked
    out["handoff_leave"] = lambda app: HandoffScene(
        app, 1, lambda: None, on_leave=lambda: None,
        cue=tr("colour {colour}, shape {shape}", colour=tr("{a} and {b}", a=tr("blue"), b=tr("yellow")),
               shape=tr("triangle")))
    out["error"] = lambda app: ErrorScene(app, RuntimeError("example"), "Traceback...\nRuntimeError: example")
    out.update(_menus())
    out.update(_option_tables())
    return out


def _menus() -> dict[str, Callable[[Any], Any]]:
    """The in-game menu over each game's table (a game against the computer) and over a
    Break the Cube puzzle, and the settings opened from it."""
    from game.scenes.game_menu import GameMenuScene
    from game.scenes.settings import SettingsScene
    from game.scenes.tables import TABLES, is_playable, table_class
    from game.session import GameSession

    def under(app, scene):
        """The scene under the menu, drawn as in play: the stack gives it its first update
        (its buttons and log) though the menu covers it at once."""
        app.stack.push(scene)
        return GameMenuScene(app, scene)

    def menu(app, game: str):
        return under(app, table_class(game)(app, GameSession(game, ["human", "ai:easy"], seed=7,
                                                             options={"first_player": 0})))
    out: dict[str, Callable[[Any], Any]] = {f"menu:{game}": (lambda app, g=game: menu(app, g))
                                            for game in TABLES if is_playable(game)}
    out["settings:in_game"] = lambda app: SettingsScene(app, in_game=True)

    def puzzle_menu(app):
        from game.monkey import scene_factories
        return under(app, scene_factories()["puzzle"](app))
    out["menu:puzzle"] = puzzle_menu
    return out


# The most crowded tables the options make: every variant on, late in a game. The last
# item is how many random moves to play, or the moves themselves where listing every
# legal move is slow (a 5-block cube has millions of shapes to guess).
OPTION_TABLES: dict[str, tuple[str, list[str], dict[str, Any], int | list[str]]] = {
    "options:breaks": ("breaks", ["human", "ai:easy", "ai:easy", "ai:easy"],
                       {"scoring": "court", "jokers": True, "aces_wild": True, "two_decks": True,
                        "break_to_empty": True}, 160),
    "options:blockers": ("blockers", ["human", "ai:easy"], {"advanced": True}, 30),
    "options:circuit_breaker": ("circuit_breaker", ["human", "ai:easy", "ai:easy", "ai:easy"], {"rounds": 40}, 400),
    "options:cube": ("cube", ["human", "ai:easy"], {"blocks": 5, "notes": True, "sudden_death": True,
                                                     "build": "random"}, ["ask 5", "ask C"]),
}


def _option_tables() -> dict[str, Callable[[Any], Any]]:
    import random

    from game.scenes.tables import table_class
    from game.session import GameSession

    def make(app, game: str, seats: list[str], options: dict[str, Any], moves: int | list[str]):
        session = GameSession(game, seats, seed=5, options={**options, "first_player": 0})
        if isinstance(moves, list):
            for text in moves:
                session.apply(text, session.current_player)
            return table_class(game)(app, session)
        rng = random.Random(5)  # a fixed playout: the same crowded position every run
        while len(session.log.actions) < moves or session.current_player != 0:
            if session.is_over():
                break
            legal = session.legal_texts()
            playing_on = [t for t in legal if not t.startswith("guess")]  # a wrong cube guess may end it
            session.apply(rng.choice(playing_on or legal), session.current_player)
        return table_class(game)(app, session)
    return {name: (lambda app, spec=spec: make(app, *spec)) for name, spec in OPTION_TABLES.items()}


def text_problems(records: list[tuple[str, Any, Any]], size: tuple[int, int],
                  panels: list[tuple[Any, int]] = ()) -> list[str]:
    """Overlapping labels (different texts whose boxes cross by more than a sliver),
    labels outside the screen or their clip area, and labels that start inside a panel
    but run out of it. ``panels``: (rect, labels drawn before it); a label's box is the
    last panel drawn before it that holds its start (so dialogs over a table count). A label
    that a later panel covers whole is painted over (panels are opaque): what is drawn on
    that panel does not overlap it; nor does a label inside a later panel overlap one that
    only partly lies under that panel (a table's line running under a dialog's box: where
    they meet, the box hides the table's line)."""
    import pygame
    screen = pygame.Rect(0, 0, *size)
    problems = []
    seen: list[tuple[str, Any]] = []
    for index, (text, rect, clip) in enumerate(records):
        box = rect.inflate(-4, -6)  # glyph boxes carry padding: ignore touching
        ink = rect.inflate(-2, -4)
        holders = [p for p, before in panels if before <= index and p.collidepoint(ink.topleft)]
        home = holders[-1] if holders else None
        if not screen.contains(rect):
            problems.append(f"off screen: {text!r} at {tuple(rect)}")
        elif clip.size != screen.size and not clip.contains(rect):
            problems.append(f"clipped: {text!r} at {tuple(rect)} outside {tuple(clip)}")
        elif home is not None and not home.contains(ink):
            problems.append(f"runs out of its box: {text!r} at {tuple(rect)} in {tuple(home)}")
        for other_index, (other_text, other) in enumerate(seen):
            if other_text != text and box.colliderect(other.inflate(-4, -6)) and not any(
                    other_index < before <= index and (p.contains(other.inflate(-2, -4)) or p.contains(ink))
                    for p, before in panels):
                problems.append(f"overlap: {text!r} and {other_text!r}")
        seen.append((text, rect))
    return problems


def shoot(outdir: Path, only: str | None = None, sizes: tuple[tuple[int, int], ...] = SIZES) -> dict[str, Any]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.app import App, AppConfig
    from game.ui import theme
    outdir.mkdir(parents=True, exist_ok=True)
    report: dict[str, Any] = {"shots": 0, "problems": {}}
    for name, factory in _scenes().items():
        if only and only not in name:
            continue
        for size in sizes:
            app = App(AppConfig(headless=True, autosave=False))
            app.crash = None
            if size != (1280, 720):
                app.display.window = pygame.display.set_mode(size, pygame.RESIZABLE)
                app.display.resized()
            try:
                app.stack.push(factory(app))
                app.running = True
                for _ in range(FRAMES):
                    app.time += 1 / 60
                    theme.recording = []
                    theme.panel_recording = []
                    app.step(1 / 60)
                records = theme.recording or []
                panels = theme.panel_recording or []
                theme.recording = theme.panel_recording = None
                file = outdir / f"{name.replace(':', '_')}@{size[0]}x{size[1]}.png"
                pygame.image.save(app.display.window, str(file))
                report["shots"] += 1
                if size == (1280, 720):
                    problems = text_problems(records, (1280, 720), panels)
                    if problems:
                        report["problems"][name] = problems
            finally:
                theme.recording = theme.panel_recording = None
                app.shutdown()
    return report
