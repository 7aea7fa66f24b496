"""One translation function for every user-visible string.

``tr("Your turn")`` looks the English source string up in the active catalogue and
falls back to the source. ``{name}`` placeholders are filled after translation so a
catalogue can reorder them. Catalogues are JSON files in assets/i18n/<code>.json
mapping English source strings to the translation; English needs none.
"""

from __future__ import annotations

import json
import logging
from typing import Any

log = logging.getLogger("breakbox")

LANGUAGE_NAMES = {"en": "English", "de": "Deutsch"}
_catalog: dict[str, str] = {}
_language = "en"


def tr(text: str, **fields: Any) -> str:
    out = _catalog.get(text, text)
    if not fields:
        return out
    try:
        return out.format(**fields)
    except (KeyError, IndexError, ValueError):  # a broken catalogue entry: fall back to English
        return text.format(**fields)


def set_language(code: str, catalog: dict[str, str] | None = None) -> None:
    global _language, _catalog
    _language = code
    _catalog = dict(catalog or {})


def language() -> str:
    return _language


def available_languages() -> list[str]:
    from game.paths import asset
    folder = asset("i18n")
    codes = ["en", *sorted(p.stem for p in folder.glob("*.json"))] if folder.is_dir() else ["en"]
    return codes


def load_language(code: str) -> str | None:
    """Switch to a shipped language; returns a message if its catalogue is unusable."""
    if code == "en":
        set_language("en")
        return None
    from game.paths import asset
    path = asset("i18n", f"{code}.json")
    try:
        catalog = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(catalog, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                                    for k, v in catalog.items()):
            raise ValueError("expected an object of English -> translation strings")
    except (OSError, ValueError) as exc:
        set_language("en")
        log.warning("language %s unavailable: %s", code, exc)
        return f"{path}: {exc}; using English"
    set_language(code, catalog)
    return None
