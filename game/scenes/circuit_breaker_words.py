"""Circuit Breaker tiles, cells and market spots in the words a player reads.

The notation names tiles by id ("A44") and spots by key ("wire-1"): saves and replays need
those, but nobody at the table sees them. What people read (the log, hints, prompts) says
what a tile is (a corner wire 1-2, a Neon Sign), where it went (4,3, connector facing
west; the cells are numbered on the house) and which pile it came from or went to.

German declines what English does not: a tile phrase comes in the form its sentence needs
(see tile_phrase), and "to/from/onto a spot" are whole phrases, so each can take its case.
"""

from __future__ import annotations

import re

from game.i18n import tr, tr_form, tr_message
from game.rules.circuit_breaker import helpers

SIDES = ("N", "E", "S", "W")


def wire_shape(edges: str) -> str:
    """"straight", "corner", "T" or "cross" from a wire's four edges (N,E,S,W)."""
    sides = [i for i, e in enumerate(edges) if e != "-"]
    if len(sides) >= 4:
        return "cross"
    if len(sides) == 3:
        return "T"
    return "straight" if len(sides) == 2 and sides[1] - sides[0] == 2 else "corner"


# A connector as the tiles draw it: its colour and its ticks (a ring for U), so a refusal
# can be checked against the tiles on screen, not only against the rules' labels. The log
# names many tiles in a narrow panel: there its colour and label are enough.
CONNECTOR_WORDS = {"1": "orange 1 with one tick", "2": "sky blue 2 with two ticks",
                   "3": "green 3 with three ticks", "U": "pink U with a ring"}
CONNECTOR_COLOURS = {"1": "orange 1", "2": "sky blue 2", "3": "green 3", "U": "pink U"}
_LABEL_IN_BRACKETS = re.compile(r"\(([123U])\)")
_LABEL_AT_END = re.compile(r"(?<=\s)([123U])$")


def connector_name(label: str, ticks: bool = True) -> str:
    """A connector label ("3") as the tiles draw it: "green 3 with three ticks", or without
    the ticks "green 3"."""
    return tr((CONNECTOR_WORDS if ticks else CONNECTOR_COLOURS)[label])


# The rules' refusals for a wall against a connector, or a connector against the house
# wall, open with a head in compass letters ("wall faces a connector at W:") that their
# tail says again in the notation's terms ("the west edge ..."): the table says each
# once, plainly, with the rule it breaks. (pattern, sentence from the side's word and the
# connector's name); the sentences stay literal tr() calls, so the catalogue check sees them.
_PLAIN_EDGE_REFUSALS = (
    (re.compile(r"wall faces a connector at ([NESW]): .* edge is ([123U])"),
     lambda side, name: tr("This tile's {side} side is a wall, but its neighbour has a connector there ({name}): "
                           "a wall must meet a wall.", side=side, name=name)),
    (re.compile(r"connector faces a wall at ([NESW]): the \w+ edge \(([123U])\) meets .*"),
     lambda side, name: tr("This tile's {side} side has a connector ({name}), but its neighbour has a wall there: "
                           "a connector must meet a connector.", side=side, name=name)),
    (re.compile(r"connector faces the house wall at ([NESW]): the \w+ edge \(([123U])\) must be a wall there"),
     lambda side, name: tr("This tile's {side} side has a connector ({name}), but the house ends there: a side "
                           "on the house's edge must be a wall.", side=side, name=name)),
)


def name_connectors(problem: str) -> str:
    """An edge refusal in the chosen language with each connector label ("(3)", "... is 1")
    named the way the tiles draw it ("(green 3 with three ticks)"); a wall against a
    connector, or a connector against the house wall, in plain words."""
    for pattern, plain in _PLAIN_EDGE_REFUSALS:
        found = pattern.fullmatch(problem)
        if found:
            return plain(side_word(found[1]), connector_name(found[2]))
    text = tr_message(problem)
    text = _LABEL_IN_BRACKETS.sub(lambda m: f"({connector_name(m.group(1))})", text)
    return _LABEL_AT_END.sub(lambda m: connector_name(m.group(1)), text)


def connectors_phrase(edges: str) -> str:
    """A tile's connectors named as drawn, each kind once: "connector pink U with a ring",
    "all three connectors green 3 with three ticks", "connectors orange 1 with one tick and
    sky blue 2 with two ticks" (a T wire's three alike named three times needed two lines)."""
    found = [e for e in edges if e != "-"]
    names = [connector_name(e) for e in found]
    if len(found) == 1:
        return tr("connector {name}", name=names[0])
    if len(set(found)) == 1 and len(found) == 2:
        return tr("both connectors {name}", name=names[0])
    if len(set(found)) == 1:
        return tr("all three connectors {name}", name=names[0]) if len(found) == 3 else \
            tr("all four connectors {name}", name=names[0])
    if len(found) == 2:
        return tr("connectors {a} and {b}", a=names[0], b=names[1])
    return tr("connectors {a}, {b} and {c}", a=", ".join(names[:-2]), b=names[-2], c=names[-1])


def labels(edges: str) -> str:
    """A tile's connectors by colour and label, each kind once: "green 3", "orange 1, sky
    blue 2" (a bare "3" or "1-2" in the log was nowhere on the tiles)."""
    found = [e for e in edges if e != "-"]
    return ", ".join(connector_name(e, ticks=False) for e in dict.fromkeys(found))


# A tile named in a sentence, in the form that sentence needs (i18n.tr_form): the thing acted
# on ("Place a Neon Sign", form "object") or what a mouse or a pile comes back "with" ("with
# a Neon Sign"); the plain translation is the subject. English says "a" in each; German
# declines the article by the noun's gender and case (eine Leuchtreklame / mit einer
# Leuchtreklame, einen Kaugummiautomaten / mit einem ..., ein Waffeleisen / mit einem ...),
# which "ein Gerät (Leuchtreklame)" for every appliance only stepped around.
OBJECT, WITH = "object", "with"
WIRE_PHRASES = {"straight": "a straight wire ({labels})", "T": "a T wire ({labels})",
                "cross": "a cross wire ({labels})", "corner": "a corner wire ({labels})"}


def appliance_phrase(name: str) -> str:
    """An appliance type with the English indefinite article: "a Neon Sign" (the key of its
    forms in a catalogue)."""
    return ("an " if name[:1] in "AEIOU" else "a ") + name


# An appliance of yours that something sits on: English says it bare after "on your", German
# needs the possessive declined for the noun in the dative ("auf deiner Leuchtreklame", "auf
# deinem Waffeleisen"); "auf deinem Gerät auf Feld 3,4 (Leuchtreklame)" stepped around it.
ON_YOUR = "on your"


def on_your_appliance(name: str) -> str:
    """An appliance type ("Neon Sign") in the words after "on your" (German "deiner Leuchtreklame")."""
    return tr_form(ON_YOUR, name)


def tile_phrase(tile: str, form: str = OBJECT) -> str:
    """What a tile is, as the object of a sentence ("a Neon Sign", "a corner wire (1-2)") or
    in the ``WITH`` form ("mit einer Leuchtreklame" needs "einer")."""
    info = helpers.tile_info(tile)
    if info["kind"] == "appliance":
        return tr_form(form, appliance_phrase(info["name"]))
    return tr_form(form, WIRE_PHRASES[wire_shape(info["edges"])], labels=labels(info["edges"]))


def with_tile(tile: str | None, hidden: bool = False) -> str:
    """What a mouse brings home or a pile is refilled with: "with a Neon Sign", "with a
    hidden tile", "with nothing"."""
    if tile is None:
        return tr("with a hidden tile") if hidden else tr("with nothing")
    return tr("with {tile}", tile=tile_phrase(tile, WITH))


def tile_caption(tile: str, on_card: bool = False) -> str:
    """The line shown while pointing at a tile: what it is and its connectors, named by
    colour and ticks as the tile draws them (a bare "3" was nowhere on the tile)."""
    info = helpers.tile_info(tile)
    connectors = connectors_phrase(info["edges"])
    if info["kind"] == "appliance":
        if on_card:
            return tr("{appliance}, {connectors} (on your objective card)", appliance=tr(info["name"]),
                      connectors=connectors)
        return tr("{appliance}, {connectors}", appliance=tr(info["name"]), connectors=connectors)
    shape = wire_shape(info["edges"])
    if shape == "straight":
        return tr("Straight wire, {connectors}", connectors=connectors)
    if shape == "T":
        return tr("T wire, {connectors}", connectors=connectors)
    if shape == "cross":
        return tr("Cross wire, {connectors}", connectors=connectors)
    return tr("Corner wire, {connectors}", connectors=connectors)


def side_word(side: str) -> str:
    return {"N": tr("north"), "E": tr("east"), "S": tr("south"), "W": tr("west")}[side]


def placed_at(tile: str, cell: str, rot: int) -> str:
    """Where a placed tile went and which way it faces: "4,3, connector facing west";
    a cross faces every way, so its cell says it all."""
    turned = helpers.tile_edges(tile, rot)
    facing = [side_word(s) for s, e in zip(SIDES, turned, strict=True) if e != "-"]
    if len(facing) == 1:
        return tr("{cell}, connector facing {side}", cell=cell, side=facing[0])
    if len(facing) == 2:
        return tr("{cell}, connectors facing {a} and {b}", cell=cell, a=facing[0], b=facing[1])
    if len(facing) == 3:
        return tr("{cell}, connectors facing {a}, {b} and {c}", cell=cell, a=facing[0], b=facing[1], c=facing[2])
    return cell


def to_spot(spot: str) -> str:
    """Where a mouse is sent: "to the appliance stack", "to the wire 1 pile"."""
    kind, _, n = spot.partition("-")
    if n == "stack":
        return tr("to the wire stack") if kind == "wire" else tr("to the appliance stack")
    return tr("to the wire {n} pile", n=n) if kind == "wire" else tr("to the appliance {n} pile", n=n)


def from_spot(spot: str) -> str:
    """Where a mouse comes home from: "from the appliance stack", "from the wire 1 pile"."""
    kind, _, n = spot.partition("-")
    if n == "stack":
        return tr("from the wire stack") if kind == "wire" else tr("from the appliance stack")
    return tr("from the wire {n} pile", n=n) if kind == "wire" else tr("from the appliance {n} pile", n=n)


def onto_pile(pile: str) -> str:
    """Where a discard goes (always an appliance pile): "onto the appliance 2 pile"."""
    return tr("onto the appliance {n} pile", n=pile.partition("-")[2])


def refilled(pile: str, fetched: str) -> str:
    """A pile refilled from its stack, as a sentence."""
    kind, _, n = pile.partition("-")
    if kind == "wire":
        return tr("The wire {n} pile is refilled {fetched}.", n=n, fetched=fetched)
    return tr("The appliance {n} pile is refilled {fetched}.", n=n, fetched=fetched)


def deal_caption(round_no: int, icon: str) -> str:
    """What the mark under a round on the round track means (CB-8, CB-12): the tiles every
    player is dealt from the stacks as that round starts ("W", "A", "W+A" alone told a new
    player nothing)."""
    n_w, n_a = helpers.DATA.round_wires, helpers.DATA.round_appliances
    wires = tr("a wire") if n_w == 1 else tr("{n} wires", n=n_w)
    apps = tr("an appliance") if n_a == 1 else tr("{n} appliances", n=n_a)
    dealt = {"W": wires, "A": apps}.get(icon) or tr("{wires}, then {appliances}", wires=wires, appliances=apps)
    return tr("Round {r} ({icon}): as it starts, each player is dealt {tiles}.", r=round_no, icon=icon, tiles=dealt)
