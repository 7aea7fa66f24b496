"""Entry point: ``python -m game`` / the ``breakbox`` command / the frozen app.

    python -m game                                   title screen
    python -m game play breaks --seats ai:normal,human --seed 3 [--option NAME=VALUE]...
                   [--autoplay] [--headless] [--max-frames N] [--screenshot PATH] [--continue]
    python -m game bench playouts|match|frames|startup ...
"""

from __future__ import annotations

import multiprocessing
import os
import sys


def _guard_std_streams() -> None:
    """A windowed (console=False) frozen app on Windows has no stdout/stderr: give it
    something to write to so prints and tracebacks never crash the app."""
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115


def main(argv: list[str] | None = None) -> int:
    multiprocessing.freeze_support()
    _guard_std_streams()
    from game.cli import run
    return run(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    sys.exit(main())
