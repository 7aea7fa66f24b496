"""Breaks in plain words: card names and the game log's narration of each action.

Narration reads two views of the log's seat (before and after the action) and names a
hidden card only when the acting seat is the one person at the screen (``me``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from game.i18n import tr, tr_form
from game.scenes import endings

RANK_NAMES = {"T": "10"}  # a number card's rank as written; the others are named by CARD_NAMES
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


# one template per rank a language may give its own gender (German: das Ass, der Bube, die
# Dame, der König, die 7); the numbers share one
CARD_NAMES = {"A": "the Ace of {suit}", "J": "the Jack of {suit}", "Q": "the Queen of {suit}",
              "K": "the King of {suit}"}
NUMBER_CARD = "the {rank} of {suit}"
JOKER = "a joker"
# the forms a card's name takes in a sentence (i18n.tr_form): English says "the 7 of hearts"
# in each; German declines the article ("Du hast die Herz-7 gezogen", "mit dem Herz-Buben")
SUBJECT, OBJECT, WITH = "subject", "object", "with"


def card_name(code: str, form: str = SUBJECT) -> str:
    """A card in words, in ``form``: the subject (the plain translation), the thing acted on
    ("object") or the thing a break is made "with"."""
    if code == "JK":
        return tr_form(form, JOKER)
    suit = tr(SUIT_NAMES[code[1]])
    if code[0] in CARD_NAMES:
        return tr_form(form, CARD_NAMES[code[0]], suit=suit)
    return tr_form(form, NUMBER_CARD, rank=RANK_NAMES.get(code[0], code[0]), suit=suit)


_CARD_CODE = re.compile(r"\b(?:[2-9TJQKA][SHDC]|JK)\b")


def in_words(message: str) -> str:
    """An engine message with its card codes spelled out ("KH does not match 3C" ->
    "the King of hearts does not match the 3 of clubs"). Each is named as a subject: the
    message catalogues word their sentences so (German "{card} und {top} haben ...")."""
    text = _CARD_CODE.sub(lambda m: card_name(m.group(0)), message)
    return text[:1].upper() + text[1:]


def _placed_card(before: dict, after: dict, seat: int, slot: int) -> str | None:
    """The newest card that landed in ``slot``: the slot's top, or the end of a new stack."""
    cards = after["tableaux"][seat][slot]
    if cards:
        return cards[-1]
    new_stacks = after["stacks"][seat][len(before["stacks"][seat]):]
    return new_stacks[-1][-1] if new_stacks else None


def narrate(seat: int, text: str, before: dict, after: dict, me: int | None,
            name: Callable[[int], str]) -> list[str | tuple[None, str]]:
    """The log lines of one action; news of the whole table (a reshuffle, the end of a
    phase) comes as (None, line): nobody's move, so no seat mark."""
    words = text.split()
    who = name(seat)
    out: list[str | tuple[None, str]] = []
    kind = words[0]
    if kind == "draw":
        if before["draw_count"] == 0:
            if before.get("discards_return_in_order"):
                line = tr("The discard pile was turned over, in the order it was discarded, as a new draw pile.")
                out.append((None, line))
            else:
                out.append((None, tr("The discard pile was shuffled into a new draw pile.")))
        if seat == me and after.get("pending"):
            out.append(tr("You drew {card}.", card=card_name(after["pending"], OBJECT)))
        else:
            out.append(tr("{who} drew a card.", who=who))
    elif kind == "place":
        s = int(words[1]) - 1
        card = _placed_card(before, after, seat, s)
        out.append(tr("{who} placed {card} on slot {s}.", who=who, card=card_name(card, OBJECT) if card else "?",
                      s=s + 1))
    elif kind == "discard":
        if seat == me and before.get("pending"):
            out.append(tr("You discarded {card}.", card=card_name(before["pending"], OBJECT)))
        else:
            out.append(tr("{who} discarded a card face down.", who=who))
    elif kind == "break":
        p, s, t = int(words[1]) - 1, int(words[2]) - 1, int(words[3]) - 1
        moved = len(before["tableaux"][p][s]) + 1
        court = _placed_card(before, after, seat, t)
        fields = {"s": s + 1, "card": card_name(court, WITH) if court else "?", "n": moved, "t": t + 1}
        # whose slot is whose: "Seat 2 (AI)'s slot 1 ... onto slot 3" left the landing slot's owner open
        if seat == me:
            out.append(tr("You broke slot {s} of {victim} with {card}: {n} cards moved onto your slot {t}.",
                          victim=name(p), **fields))
        elif p == me:
            out.append(tr("{who} broke your slot {s} with {card}: {n} cards moved onto their slot {t}.",
                          who=who, **fields))
        else:
            out.append(tr("{who} broke slot {s} of {victim} with {card}: {n} cards moved onto their slot {t}.",
                          who=who, victim=name(p), **fields))
    elif kind == "merge":
        a, b = int(words[1]) - 1, int(words[2]) - 1
        out.append(tr("{who} merged slot {b} onto slot {a}.", who=who, a=a + 1, b=b + 1))
    elif kind == "done":
        out.append(tr("{who} finished the final merges.", who=who))
    gained = len(after["stacks"][seat]) - len(before["stacks"][seat])
    if gained > 0:
        score = after["scores"][seat]
        out.append(tr("{who} banked a stack of five. Score: {score}.", who=who, score=score) if gained == 1 else
                   tr("{who} banked {n} stacks of five. Score: {score}.", who=who, n=gained, score=score))
    if before["phase"] == "play" and after["phase"] != "play":
        if after["draw_count"] == 0 and after["discard_count"] == 0:
            out.append((None, tr("The cards have run out. Final merges: each player may merge, then says done.")))
        else:
            out.append((None, tr("Nobody has played a card for a long while, so the play phase ends. "
                                 "Final merges: each player may merge, then says done.")))
    if after["phase"] == "over" and before["phase"] != "over":
        out.append((None, endings.final_scores(name, after["scores"], after["winners"])))  # banner: "Game over"
    return out
