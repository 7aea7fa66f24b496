"""One translation function for every user-visible string.

``tr("Your turn")`` looks the English source string up in the active catalogue and
falls back to the source. ``{name}`` placeholders are filled after translation so a
catalogue can reorder them. Catalogues are added by ``set_language``.
"""

from __future__ import annotations

from typing import Any

_catalog: dict[str, str] = {}
_language = "en"


def tr(text: str, **fields: Any) -> str:
    out = _catalog.get(text, text)
    return out.format(**fields) if fields else out


def set_language(code: str, catalog: dict[str, str] | None = None) -> None:
    global _language, _catalog
    _language = code
    _catalog = dict(catalog or {})


def language() -> str:
    return _language
