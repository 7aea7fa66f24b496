"""Declarative game options: the setup screen builds its widgets from these, and
``validate_options`` gives every game the same strict checking (unknown names and
bad values raise ValueError)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class OptionSpec:
    """One variant/option a game accepts.

    ``kind`` is "bool", "choice", "int" or "raw" (raw: any value, checked by the game,
    never shown in the setup screen, e.g. ``setup``). ``label``/``help`` are English
    source strings; the UI passes them through the translation function.
    """

    name: str
    kind: str
    default: Any
    label: str = ""
    help: str = ""
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    allow_none: bool = False
    hidden: bool = False  # not shown in the setup screen
    # hints for the setup screen: "players" (counts it applies to), "presets" (the whole
    # numbers its button offers, in order), "labels" (a value's English words, 0: "no limit")
    extra: dict[str, Any] = field(default_factory=dict)

    def check(self, value: Any) -> Any:
        """Return the value if acceptable, else raise ValueError naming the option."""
        if value is None and (self.allow_none or self.default is None):
            return None
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise ValueError(f"option {self.name} must be true or false, not {value!r}")
        elif self.kind == "choice":
            if value not in self.choices:
                allowed = ", ".join(repr(c) for c in self.choices)
                raise ValueError(f"option {self.name} must be one of {allowed}, not {value!r}")
        elif self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"option {self.name} must be a whole number, not {value!r}")
            if self.minimum is not None and value < self.minimum:
                raise ValueError(f"option {self.name} must be at least {self.minimum}, not {value}")
            if self.maximum is not None and value > self.maximum:
                raise ValueError(f"option {self.name} must be at most {self.maximum}, not {value}")
        return value

    def parse_text(self, text: str) -> Any:
        """Convert a command-line ``NAME=VALUE`` value into this option's type."""
        t = text.strip()
        if t.lower() in ("none", "null"):
            return None
        if self.kind == "bool":
            low = t.lower()
            if low in ("1", "true", "yes", "on"):
                return True
            if low in ("0", "false", "no", "off"):
                return False
            raise ValueError(f"option {self.name} expects true/false, not {text!r}")
        if self.kind == "int":
            try:
                return int(t)
            except ValueError:
                raise ValueError(f"option {self.name} expects a number, not {text!r}") from None
        if self.kind == "choice":
            for c in self.choices:
                if str(c).lower() == t.lower():
                    return c
            return t
        return t


class PerSeatOption(OptionSpec):
    """An option that takes one value for everyone or a list with one value per seat (a
    handicap; the game checks the list's length once the seats are known). The set-up
    screen offers "per seat" for it, with a small control in each seat row."""

    def check(self, value: Any) -> Any:
        if isinstance(value, list | tuple):
            if not value:
                raise ValueError(f"option {self.name} lists no seats")
            return [self._one(v) for v in value]
        return self._one(value)

    def _one(self, value: Any) -> Any:
        if self.kind == "choice" and not any(type(value) is type(c) and value == c for c in self.choices):
            allowed = ", ".join(repr(c) for c in self.choices)
            raise ValueError(f"option {self.name} must be one of {allowed} (or a list of those per seat), "
                             f"not {value!r}")
        return OptionSpec.check(self, value)

    def parse_text(self, text: str) -> Any:
        """``4`` or a list per seat, written ``3,4`` or ``[3, 4]``."""
        t = text.strip().strip("[]")
        if "," in t:
            return [OptionSpec.parse_text(self, part) for part in t.split(",")]
        value = OptionSpec.parse_text(self, t)
        if self.kind == "choice" and isinstance(value, str) and value.isascii() and value.isdigit():
            return int(value)
        return value


def validate_options(specs: tuple[OptionSpec, ...], given: dict[str, Any],
                     num_players: int) -> dict[str, Any]:
    """Fill defaults, reject unknown names and bad values; returns a new dict."""
    by_name = {s.name: s for s in specs}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        raise ValueError(f"unknown option(s): {', '.join(unknown)}")
    out: dict[str, Any] = {}
    for spec in specs:
        out[spec.name] = spec.check(given[spec.name]) if spec.name in given else spec.default
    fp = out.get("first_player")
    if fp is not None and (isinstance(fp, bool) or not isinstance(fp, int) or not 0 <= fp < num_players):
        raise ValueError(f"option first_player must be a seat index 0..{num_players - 1}, not {fp!r}")
    return out


FIRST_PLAYER = OptionSpec(
    "first_player", "int", None, label="First player",
    help="Seat that moves first (0-based); blank draws it from the seed.",
    minimum=0, allow_none=True, hidden=True,
)
SETUP = OptionSpec("setup", "raw", None, label="Fixed setup (tests)", allow_none=True, hidden=True)
