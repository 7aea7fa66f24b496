"""Where bundled data lives, resolved from the package location (never the cwd).

Three layouts must work with the same code:
- a source checkout / editable install: ``<repo>/game`` beside ``<repo>/assets``;
- an installed wheel: the build copies ``assets``/``levels`` into ``game/``;
- a PyInstaller bundle: the spec puts them at ``game/assets`` and ``game/levels``
  inside the bundle, which is the wheel layout again.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

_PACKAGE_DIR = Path(__file__).resolve().parent


@cache
def _data_root(name: str) -> Path:
    for candidate in (_PACKAGE_DIR / name, _PACKAGE_DIR.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"bundled data folder {name!r} not found beside {_PACKAGE_DIR}")


def assets_dir() -> Path:
    return _data_root("assets")


def levels_dir() -> Path:
    return _data_root("levels")


def asset(*parts: str) -> Path:
    return assets_dir().joinpath(*parts)


def level_file(*parts: str) -> Path:
    return levels_dir().joinpath(*parts)


def read_toml(path: Path, unreadable: str = "cannot be read") -> dict[str, Any]:
    """A data file's TOML, or ValueError naming the file and why: missing or unreadable
    (``unreadable`` says what the file is), not text (another encoding), not TOML."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ValueError(f"{path}: {unreadable} ({exc.strerror or exc})") from None
    except UnicodeDecodeError:  # a ValueError too, but its text named no file
        raise ValueError(f"{path}: not a text file (not UTF-8)") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"{path}: not valid TOML ({exc})") from None
