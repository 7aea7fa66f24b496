"""What a Breaker Blocks tile in a hand or a pile says while the pointer (or the focus ring)
rests on it: a power tile what it adds, an action tile what it does, in the words of the
rules page's line for it (in the chosen language), so the effect is written once."""

from __future__ import annotations

import re
from functools import cache

from game.i18n import language, tr
from game.rules.breaker_blocks import LEVEL
from game.rules.breaker_blocks.geometry import tile_name
from game.scenes.rules_page import load_rules_text


@cache
def _rule_lines(lang: str) -> tuple[str, ...]:
    """The rules page's lines in ``lang`` (read once: a tip is asked for every frame)."""
    return tuple(load_rules_text("breaker_blocks").splitlines())


# sentences of a rules line a tip keeps: Automate's second says the tile it places takes
# effect at once (its tip, the first alone, left out that an action placed so acts straight away)
TIP_SENTENCES = {"automate": 2}


def action_effect(kind: str) -> str | None:
    """The first sentence of the rules page's '- Agitate: ...' line (Automate's first two, see
    TIP_SENTENCES), capitalised, without its asides in brackets: the rest is detail for the
    page (Automate's cost, Authenticate's 'never moved'), and whole, Automate's tip ran to
    five lines. None if the page has no such line (it could not be loaded)."""
    prefix = f"- {tile_name(kind)}:"
    line = next((line for line in _rule_lines(language()) if line.startswith(prefix)), None)
    if line is None:
        return None
    text = line[len(prefix):].strip()
    end = -1
    for _ in range(TIP_SENTENCES.get(kind, 1)):
        end = text.find(". ", end + 1)
        if end < 0:
            break
    text = re.sub(r" \([^)]*\)", "", text if end < 0 else text[:end + 1])
    return text[:1].upper() + text[1:]


def tile_tip(kind: str) -> str:
    """'Power 2: adds 2 to the circuit it joins.' (to its owner's power there, whoever's hand
    it is in); 'Annihilate: Remove any leaf except an Authenticate from the game.'"""
    if kind in LEVEL.power:
        power = LEVEL.power[kind]
        if power == 0:
            return tr("Power 0: adds nothing to the circuit it joins, but has the most holes.")
        return tr("Power {k}: adds {n} to the circuit it joins.", k=kind, n=power)
    effect = action_effect(kind)
    name = tile_name(kind)
    return f"{name}: {effect}" if effect else name
