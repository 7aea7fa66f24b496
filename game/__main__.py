"""Entry point: ``python -m game`` / the ``breakbox`` command / the frozen app.

    python -m game                                   title screen
    python -m game play breaks --seats ai:normal,human --seed 3 [--option NAME=VALUE]...
                   [--autoplay] [--headless] [--max-frames N] [--until-moves N] [--screenshot PATH] [--continue]
    python -m game bench playouts|match|frames|startup ...
"""

from __future__ import annotations

import multiprocessing
import os
import sys


def _guard_std_streams() -> None:
    """A windowed (console=False) frozen app on Windows starts without stdout/stderr.
    When it was started from a terminal (``Breakbox.exe bench startup``) attach to that
    terminal so the command line prints as usual; otherwise write to nowhere, so prints
    and tracebacks can never crash the app (errors still go to the log file)."""
    if sys.stdout is not None and sys.stderr is not None:
        return
    if sys.platform == "win32":
        try:
            import ctypes
            if ctypes.windll.kernel32.AttachConsole(-1):  # ATTACH_PARENT_PROCESS
                sys.stdout = open("CONOUT$", "w", encoding="utf-8")  # noqa: SIM115
                sys.stderr = open("CONOUT$", "w", encoding="utf-8")  # noqa: SIM115
                return
        except (OSError, AttributeError):
            pass
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115


def main(argv: list[str] | None = None) -> int:
    multiprocessing.freeze_support()
    _guard_std_streams()
    try:  # Ctrl+C while the app is still loading: the loop's own handler is not set up yet
        from game.cli import run
        return run(sys.argv[1:] if argv is None else argv)
    except KeyboardInterrupt:
        return 130  # as the running app answers Ctrl+C: the shell's code, no traceback


if __name__ == "__main__":
    sys.exit(main())
