"""One translation function for every user-visible string.

``tr("Your turn")`` looks the English source string up in the active catalogue and
falls back to the source. ``{name}`` placeholders are filled after translation so a
catalogue can reorder them. Catalogues are JSON files in assets/i18n/<code>.json
mapping English source strings to the translation; English needs none.

English puts "You" where a seat's name goes ("{who} placed 7H on slot 1."); other languages
conjugate for it. So when a template's ``who`` (or ``name``) field is the reader ("You"), a
catalogue may give the template's second-person form under the key ``"@you " + template``
("Du legtest 7H in Fach 1."); without one the ordinary translation is used.

A word English uses bare may need more elsewhere: ``tr_form("object", "circle")`` is the
catalogue's ``"@object circle"`` if it has one (German "den Kreis", the tile placed, with its
article and case), else ``tr("circle")``. A template may have forms too: ``"@person {name} to
play"`` is said of a person ("Spieler 2 ist dran"), the bare template of the computer ("spielt").

The rules engines explain an illegal move in English with values inside ("7H does not
match 3D"). ``tr_message`` translates such a message by pattern: assets/i18n/messages/
<code>.json maps message templates ("{card} does not match {top}") to translations.
"""

from __future__ import annotations

import json
import logging
import re
from typing import Any

log = logging.getLogger("breakbox")

LANGUAGE_NAMES = {"en": "English", "de": "Deutsch"}
_catalog: dict[str, str] = {}
_language = "en"
_messages: dict[str, str] = {}  # engine message templates -> translation
_patterns: list[tuple[re.Pattern[str], str]] = []  # compiled from _messages, most literal text first
_PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")


YOU_KEY = "@you "  # catalogue key prefix of a template's second-person form (see above)
SUBJECT_FIELDS = ("who", "name")


def tr(text: str, **fields: Any) -> str:
    out = _catalog.get(text, text)
    if not fields:
        return out
    if _catalog and YOU_KEY + text in _catalog:
        you = _catalog.get("You", "You")
        if any(fields.get(f) == you for f in SUBJECT_FIELDS):
            out = _catalog[YOU_KEY + text]
    try:
        return out.format(**fields)
    except (KeyError, IndexError, ValueError):  # a broken catalogue entry: fall back to English
        return text.format(**fields)


def tr_form(form: str, text: str, **fields: Any) -> str:
    """``text`` in a grammatical ``form`` English does not mark (see the module docstring)."""
    key = f"@{form} {text}"
    return tr(key, **fields) if key in _catalog else tr(text, **fields)


DECIMAL_COMMA = {"de"}  # languages that write 12,5 for twelve and a half


def number(value: float) -> str:
    """A number as the chosen language writes it: no trailing zeros, and a decimal comma
    where the language uses one (German 12,5; English 12.5)."""
    text = f"{value:g}"
    return text.replace(".", ",") if _language in DECIMAL_COMMA else text


def set_language(code: str, catalog: dict[str, str] | None = None,
                 messages: dict[str, str] | None = None) -> None:
    global _language, _catalog, _messages, _patterns
    _language = code
    _catalog = dict(catalog or {})
    _messages = dict(messages or {})
    templates = sorted((k for k in _messages if _PLACEHOLDER.search(k)), key=lambda k: -len(_PLACEHOLDER.sub("", k)))
    _patterns = [(message_pattern(k), _messages[k]) for k in templates]


def message_pattern(template: str) -> re.Pattern[str]:
    """A template's regex: its literal text, each {name} any text (a repeated name the same text)."""
    parts, seen, end = [], set(), 0
    for m in _PLACEHOLDER.finditer(template):
        parts.append(re.escape(template[end:m.start()]))
        name = m.group(1)
        # {n} is a count or a seat number in every template: as "any text" it took in the
        # " (kept as ...)" of a message wrapped around one ("... format {n}"), left in English
        value = r"-?\d+" if name == "n" else ".+?"
        parts.append(f"(?P={name})" if name in seen else f"(?P<{name}>{value})")
        seen.add(name)
        end = m.end()
    parts.append(re.escape(template[end:]))
    return re.compile("".join(parts))


def tr_message(message: str, _depth: int = 0) -> str:
    """An engine or storage message in the chosen language: exact entries first, then
    templates; the values a template captures are translated the same way (a message may
    wrap another, e.g. "Could not continue: <file problem>"). A message nobody translated
    stays as it is (English)."""
    exact = _messages.get(message) or _catalog.get(message)
    if exact is not None or not _patterns:
        return exact if exact is not None else message
    for pattern, translation in _patterns:
        m = pattern.fullmatch(message)
        if m:
            values = {k: _value(k, v, _depth) for k, v in m.groupdict().items()}
            try:
                return translation.format(**values)
            except (KeyError, IndexError, ValueError):  # a broken entry: keep the English
                return message
    return message


def _value(name: str, value: str, depth: int) -> str:
    """A template's captured value in the chosen language. A {side} is a compass letter
    (N, E, S, W) whose word differs by language; it has its own "side X" entries so that
    a letter elsewhere (a Blockers! symbol E, say) is never taken for a direction.
    {settings} lists setting names the same way ("setting volume")."""
    if name == "side":
        return _messages.get(f"side {value}", value)
    if name == "settings":  # setting names joined by ", ", each with its own "setting X" entry
        return ", ".join(_messages.get(f"setting {n}", n) for n in value.split(", "))
    if depth < 2:
        return tr_message(value, depth + 1)
    return _messages.get(value, _catalog.get(value, value))


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
    if code not in available_languages():
        set_language("en")
        return f"Language {code!r} is not available in this version; using English"
    from game.paths import asset
    path = asset("i18n", f"{code}.json")
    try:
        catalog = _read_catalogue(path)
    except (OSError, ValueError) as exc:
        set_language("en")
        log.warning("language %s unavailable: %s", code, exc)
        return f"{path}: {exc}; using English"
    messages_path = asset("i18n", "messages", f"{code}.json")
    try:
        messages = _read_catalogue(messages_path)
    except (OSError, ValueError) as exc:  # the menus still switch; the rules' reasons stay English
        log.warning("engine messages %s unavailable: %s", messages_path, exc)
        messages = {}
    set_language(code, catalog, messages)
    return None


def _read_catalogue(path: Any) -> dict[str, str]:
    """A JSON object of English -> translation strings; OSError or ValueError otherwise."""
    catalog = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(catalog, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                                for k, v in catalog.items()):
        raise ValueError("expected an object of English -> translation strings")
    return catalog
