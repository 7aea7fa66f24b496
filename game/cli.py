"""Command-line parsing for ``play`` and ``bench`` (the exact interface in the README)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from game.rules import CATALOG


def parse_option(text: str, game: str) -> tuple[str, Any]:
    """``NAME=VALUE`` -> (name, typed value) using the game's OptionSpecs."""
    from game.rules import get_rules
    name, sep, value = text.partition("=")
    if not sep:
        raise ValueError(f"--option expects NAME=VALUE, not {text!r}")
    specs = {s.name: s for s in get_rules(game).options}
    spec = specs.get(name.strip())
    if spec is None:
        raise ValueError(f"unknown option {name!r} for {game}; options: {', '.join(sorted(specs))}")
    if spec.kind == "raw":
        try:
            return spec.name, json.loads(value)
        except json.JSONDecodeError as exc:
            raise ValueError(f"option {name} expects JSON: {exc}") from None
    return spec.name, spec.parse_text(value)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="breakbox", description="Breakbox: five tabletop games.")
    sub = parser.add_subparsers(dest="command")
    games = [i.name for i in CATALOG]

    play = sub.add_parser("play", help="open the game (optionally straight into a table)")
    play.add_argument("game", nargs="?", choices=games)
    play.add_argument("--seats", help="comma-separated seat specs: human, ai:easy|normal|hard, random, greedy")
    play.add_argument("--seed", type=int)
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    play.add_argument("--continue", dest="resume", action="store_true", help="resume the latest autosave")
    _add_window_args(play)

    shots = sub.add_parser("shots", help="screenshots of every scene at 1280x720 and 1920x1080, with a text check")
    shots.add_argument("outdir", type=Path)
    shots.add_argument("--scene", default=None, help="only scenes whose name contains this")

    bench = sub.add_parser("bench", help="measurements; each prints one JSON object as its last line")
    bsub = bench.add_subparsers(dest="bench", required=True)
    p = bsub.add_parser("playouts", help="random playout throughput")
    p.add_argument("--game", required=True, choices=games)
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--games", type=positive_int, default=1000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    m = bsub.add_parser("match", help="AI-vs-AI match, seats rotating")
    m.add_argument("--game", required=True, choices=games)
    m.add_argument("--seats", required=True)
    m.add_argument("--games", type=positive_int, default=100)
    m.add_argument("--seed", type=int, default=0)
    m.add_argument("--jobs", type=positive_int, default=None)
    m.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    f = bsub.add_parser("frames", help="frame times of the real table under autoplay, headless")
    f.add_argument("--game", required=True, choices=games)
    f.add_argument("--frames", type=positive_int, default=1200)
    f.add_argument("--seats", default=None)
    f.add_argument("--seed", type=int, default=1)
    c = bsub.add_parser("cube-shapes", help="count every legal Break the Cube shape per block set")
    c.add_argument("--blocks", type=int, nargs="+", default=[3, 4, 5], choices=[3, 4, 5])
    c = bsub.add_parser("cube-solve", help="the deduction AI questioning hidden shapes alone")
    c.add_argument("--level", default="normal", choices=["easy", "greedy", "normal", "hard"])
    c.add_argument("--sample", type=int, default=300, help="number of hidden shapes; 0 = all of them")
    c.add_argument("--seed", type=int, default=0)
    z = bsub.add_parser("fuzz", help="every engine: random games with hostile input at every step")
    z.add_argument("--game", choices=games, default=None)
    z.add_argument("--games", type=positive_int, default=10_000)
    z.add_argument("--seed", type=int, default=0)
    z.add_argument("--jobs", type=positive_int, default=1, help="processes sharing the games of each engine")
    k = bsub.add_parser("kill", help="SIGKILL the running game at random moments; every restart must continue")
    k.add_argument("--rounds", type=positive_int, default=50)
    k.add_argument("--seed", type=int, default=0)
    mk = bsub.add_parser("monkey", help="random mouse/keyboard/window events to every scene")
    mk.add_argument("--events", type=positive_int, default=20_000)
    mk.add_argument("--seed", type=int, default=0)
    mk.add_argument("--scene", default=None, help="only scenes whose name contains this")
    so = bsub.add_parser("soak", help="memory over many AI-vs-AI games in the real client")
    so.add_argument("--games", type=positive_int, default=1000)
    so.add_argument("--seed", type=int, default=0)
    cl = bsub.add_parser("close", help="seconds to exit when the window closes while the AI thinks")
    cl.add_argument("--runs", type=positive_int, default=10)
    cl.add_argument("--seed", type=int, default=0)
    s = bsub.add_parser("startup", help="process start to first frame presented")
    s.add_argument("--runs", type=positive_int, default=5)
    return parser


def positive_int(text: str) -> int:
    """A count for argparse: a whole number of at least 1 (a frame or move limit of -5 or 0
    ran one frame and exited 0 as if all went well)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of at least 1, not {value}")
    return value


def _add_window_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--autoplay", action="store_true", help="bots play every seat")
    p.add_argument("--headless", action="store_true", help="no window, no sound (dummy SDL drivers)")
    p.add_argument("--max-frames", type=positive_int, default=None)
    p.add_argument("--until-moves", type=positive_int, default=None,
                   help="quit once the game holds this many moves (saved first); --max-frames still caps the run")
    p.add_argument("--screenshot", type=Path, default=None, help="save the last frame as PNG at exit")
    p.add_argument("--startup-marker", action="store_true", help=argparse.SUPPRESS)


def run(argv: list[str]) -> int:
    parser = build_parser()
    if argv and argv[0].startswith("-") and argv[0] not in ("-h", "--help"):
        argv = ["play", *argv]  # window options alone: play, opening the title screen
    args = parser.parse_args(argv)
    if args.command == "bench":
        from game import bench
        try:
            result = bench.run(args)
        except ValueError as exc:
            parser.error(str(exc))
        print(json.dumps(result))
        return 0
    if args.command == "shots":
        from game.bench import private_home
        from game.shots import shoot
        private_home()
        result = shoot(args.outdir, args.scene)
        print(json.dumps(result))
        return 1 if result["problems"] else 0
    if args.command is None:
        args = parser.parse_args(["play"])
    return play(args, parser)


def play(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from game.app import App, AppConfig
    config = AppConfig(headless=args.headless, autoplay=args.autoplay, max_frames=args.max_frames,
                       until_moves=args.until_moves, screenshot=args.screenshot, startup_marker=args.startup_marker)
    if args.game or args.resume:
        config.first_scene = _first_table(args, parser)
    return App(config).run()


def _first_table(args: argparse.Namespace, parser: argparse.ArgumentParser):
    from game import storage
    from game.rules import GameDataError
    from game.session import GameSession
    problem = None
    if args.resume:
        if args.seats or args.seed is not None or args.option:
            parser.error("--continue resumes the saved game as it is: give no --seats, --seed or --option with it")
        dirs = storage.user_dirs()
        storage.setup_logging(dirs)  # reading the save may move a damaged one aside: the log says so
        record, path, problem = storage.find_autosave(dirs)
        session = None
        while session is None:  # each turn moves a refused file aside: at most the save and the one before it
            if record is None:
                parser.error(problem or "there is no saved game to continue")
            saved = (record.get("log") or {}).get("game") if isinstance(record.get("log"), dict) else None
            if args.game and args.game != saved:
                parser.error(f"--continue resumes the saved {saved} game, not {args.game}: leave the game name out")
            try:
                session = GameSession.from_record(record)
            except GameDataError as exc:  # the game's files are broken, not the save: keep it
                parser.error(f"the saved game is kept but cannot be continued now: {exc}")
            except Exception as exc:
                # as the title's Continue does: a save that does not replay is moved aside (kept),
                # or every --continue after it failed the same way; the one before it goes on
                moved = storage.move_aside(path, f"autosave refused: {exc}")
                damage = f"{path}: {exc}" + (f" (kept as {moved.name})" if moved else "")
                if moved is None:
                    parser.error(f"the saved game cannot be continued: {damage}")
                record, path, problem = storage.find_autosave(dirs)
                problem = f"The saved game was damaged: {damage}; continuing from the save before it" \
                    if record is not None else f"Could not continue: {damage}"
        if problem:  # the newest save was damaged and the one before it resumes: say so
            print(f"breakbox: {problem}", file=sys.stderr)
    else:
        from game.scenes.tables import is_playable
        if not is_playable(args.game):
            parser.error(f"{args.game} is coming soon: it is not playable in this version")
        seats = (args.seats or "human,ai:normal").split(",")
        try:
            options = dict(parse_option(o, args.game) for o in args.option)
            session = GameSession(args.game, seats, seed=args.seed, options=options)
        except (ValueError, KeyError, GameDataError) as exc:  # GameDataError: a broken file in levels/
            parser.error(str(exc))

    def make(app):
        from game.scenes.tables import first_table, prepare_table
        if args.resume:
            table = prepare_table(app, session)
            if problem:  # no title opens first to show it: the table does, after any pass screen
                table.keep_notice(lambda: problem, 8)
            return table
        return first_table(app, session)  # as from the menus: asks before replacing a saved game
    return make


if __name__ == "__main__":  # pragma: no cover
    sys.exit(run(sys.argv[1:]))
