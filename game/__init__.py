"""Breakbox: five tabletop games in one desktop client."""

from __future__ import annotations

import os

# The window's class names the app to the desktop (taskbar grouping, the .desktop entry's
# StartupWMClass). pygame sets it from the script's name ("__main__.py" from source) when
# it is first imported, unless it is already set: so set it here, before any pygame import.
os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "Breakbox")
os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", "Breakbox")
# pygame greets on stdout when imported: before a command line's error, or as the first
# line of a bench's JSON output, it is noise (the error screen's report names its version)
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _version() -> str:
    """The version in pyproject.toml: from the installed metadata (wheel, editable install,
    frozen app, which bundles the metadata), else read from a source checkout."""
    try:
        from importlib.metadata import PackageNotFoundError, version
        try:
            return version("breakbox")
        except PackageNotFoundError:
            pass
    except ImportError:  # pragma: no cover
        pass
    import tomllib
    from pathlib import Path
    try:
        data = tomllib.loads((Path(__file__).resolve().parent.parent / "pyproject.toml").read_text())
        return str(data["project"]["version"])
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        return "0+unknown"


__version__ = _version()
