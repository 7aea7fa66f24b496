"""What the Circuit Breaker table tells the player: hints, log lines, the prompt, the
warning about rival mice and the results' breakdown (a mixin of CircuitBreakerTable,
kept apart so the table module is about input and drawing)."""

from __future__ import annotations

import pygame

from game.i18n import tr
from game.rules.circuit_breaker import MAX_PLACEMENTS, helpers
from game.scenes import circuit_breaker_words as words
from game.scenes import endings
from game.scenes.base import sentence
from game.scenes.circuit_breaker_layout import HOUSE, house_rect_cell
from game.scenes.table_base import PANEL_RECT
from game.ui import theme


class CircuitBreakerTalk:
    """Hints, narration, prompts and results for CircuitBreakerTable (uses its view,
    session, selection and layout methods)."""

    # --- hints --------------------------------------------------------------------------
    def on_hint(self, text: str) -> None:
        w = text.split()
        if w[0] == "place":
            self.rotation, self.turned = int(w[4][1:]), w[1]  # held the suggested way round (R still turns it)

    def last_round(self) -> bool:
        return self.view["round"] >= self.view["rounds"]

    def refine_hint(self, text: str) -> str:
        """In the last round a mouse fetches nothing (CB-18), so the AI rates sending it no
        better than other moves: suggest what still counts instead. First an appliance that
        can go in (every appliance in the house scores, those on your card most); then a
        discard for a cheese, which breaks ties, of a tile that cannot go in anyway (wires
        first: tiles in hand score nothing); else ending the turn."""
        if not text.startswith("mouse ") or not self.last_round():
            return text
        legal = sorted(self.legal())
        places = [t for t in legal if t.startswith("place ")]
        on_card = set((self.view.get("objective") or {}).get("types") or [])

        def appliance_type(t: str) -> int | None:
            info = helpers.tile_info(t.split()[1])
            return info["type"] if info["kind"] == "appliance" else None

        scoring = [t for t in places if appliance_type(t) is not None]
        if scoring:
            return min(scoring, key=lambda t: appliance_type(t) not in on_card)  # on the card first
        placeable = {t.split()[1] for t in places}
        spare = [t for t in legal if t.startswith("discard ") and t.split()[1] not in placeable]
        return min(spare, key=lambda t: not t.split()[1].startswith("W"), default="end")

    def hint_spots(self, text: str) -> list[pygame.Rect]:
        w = text.split()
        hand = self.view.get("hand") or []
        spots: list[pygame.Rect] = []
        if w[0] in ("place", "discard") and w[1] in hand:
            spots.append(self.hand_rect(hand.index(w[1])))
        if w[0] == "place":
            x, y = (int(v) for v in w[3].split(","))
            spots.append(house_rect_cell(x, y))
        elif w[0] == "discard":
            spots.append(self.spot_rect(w[3]))
        elif w[0] == "mouse":
            spots.append(self.mouse_home_rect())
            target = self.mouse_targets().get(text)
            if target is not None:
                spots.append(target)
        elif w[0] == "cheese":
            r = self.mouse_rect(int(w[1]) - 1)
            if r is not None:
                spots.append(r)
        elif w[0] == "end":
            spots.append(self.end_button.rect)
        return spots

    def hint_move(self, text: str) -> str:
        w = text.split()
        if w[0] == "place":
            return tr("Place {tile} at {where}.", tile=words.tile_phrase(w[1]),
                      where=words.placed_at(w[1], w[3], int(w[4][1:])))
        if w[0] == "discard":
            return tr("Discard {tile} {onto} for a cheese.", tile=words.tile_phrase(w[1]), onto=words.onto_pile(w[3]))
        if w[0] == "mouse":
            return tr("Send your mouse {to}.", to=self.mouse_to(text))
        if w[0] == "cheese":
            return tr("Pay a cheese to chase {name}'s mouse to the appliance stack.",
                      name=self.seat_name(int(w[1]) - 1))
        return tr("End your turn.")

    def hint_reason(self, text: str) -> str:
        w = text.split()
        if w[0] == "place":
            info = helpers.tile_info(w[1])
            if info["kind"] == "appliance":
                on_card = info["type"] in ((self.view.get("objective") or {}).get("types") or [])
                return tr("An appliance on your objective card scores extra.") if on_card else \
                    tr("Every appliance in your house scores.")
            return tr("The wire opens room for more appliances.")
        if w[0] == "mouse":
            return tr("Your mouse brings back something useful next turn.")
        if w[0] == "cheese":
            mouse = self.view["mice"][int(w[1]) - 1] or {}
            if mouse.get("spot") == "house" and mouse.get("seat") == self.viewer:
                return tr("That mouse is about to steal from you.")
            return tr("Chased off, that mouse brings back nothing its owner wanted.")
        if w[0] == "discard":
            if self.last_round():
                return tr("Tiles left in your hand score nothing, but cheese breaks ties.")
            # where it fits, the turn's two placements aside: "no use" called an appliance on the
            # card useless when it only had no room yet, or when the placements were used up
            if any(helpers.fitting_cells(self.view, w[1]).values()):
                return tr("It could go in your house, but the cheese is worth more to you now.")
            return tr("It fits nowhere in your house now; the cheese is worth more to you.")
        if self.last_round() and any(t.startswith("mouse ") for t in self.legal()):
            return tr("The game ends after this round, so a mouse sent out now would bring nothing back.")
        return tr("Nothing more is worth doing this turn.")

    # --- narration, results -------------------------------------------------------------
    def narrate(self, seat: int, text: str, before: dict, after: dict) -> list[str | tuple[int | None, str]]:
        who = self.seat_name(seat)
        w = text.split()
        lines: list[str | tuple[int | None, str]] = []
        if w[0] == "place":
            lines.append(tr("{who} placed {tile} at {where}.", who=who, tile=words.tile_phrase(w[1]),
                            where=words.placed_at(w[1], w[3], int(w[4][1:]))))
        elif w[0] == "discard":
            lines.append(tr("{who} discarded {tile} {onto} and took a cheese.", who=who,
                            tile=words.tile_phrase(w[1]), onto=words.onto_pile(w[3])))
        elif w[0] == "mouse":
            if w[1] == "house":  # mouse house N at x,y
                n = int(w[2])
                to = (tr("to your appliance at {cell}", cell=w[4]) if n - 1 == self.perspective else
                      tr("to {name}'s appliance at {cell}", name=self.seat_name(n - 1), cell=w[4]))
            else:
                to = words.to_spot(w[1])
            lines.append(tr("{who} sent the mouse {to}.", who=who, to=to))
        elif w[0] == "cheese":
            chased = int(w[1]) - 1
            lines.append(tr("{who} paid a cheese to chase your mouse to the appliance stack.", who=who)
                         if chased == self.perspective else
                         tr("{who} paid a cheese to chase {name}'s mouse to the appliance stack.", who=who,
                            name=self.seat_name(chased)))
        elif w[0] == "end":
            lines.append(tr("{who} ended the turn.", who=who))
            if after.get("round", 0) != before.get("round", 0) and after.get("current_player") is not None:
                lines.append((None, tr("Round {n} begins.", n=after["round"])))  # nobody's move: no seat mark
        for event in after.get("events") or []:
            if event not in (before.get("events") or []):
                event_seat = event.get("seat")
                line = self.event_text(event)
                lines.append((event_seat if isinstance(event_seat, int) else None, line))  # a refill: nobody's
        if after.get("current_player") is None and before.get("current_player") is not None:
            # the banner says "Game over": this line gives the points (the winner first, ties decided)
            lines.append((None, endings.final_scores(self.seat_name, after["scores"], after.get("winners") or [],
                                                     tie_break=lambda s: tie_key(after, s))))
        return lines

    def event_text(self, event: dict) -> str:
        """A turn-start event (deal, mouse fetch, pile refill) in plain words."""
        kind, seat, tile = event.get("kind"), event.get("seat"), event.get("tile")
        if tile and self.perspective is None and not event.get("public"):
            tile = None  # several people read this log: a face-down tile stays its taker's secret
        hidden = bool(event.get("tile") or event.get("hidden"))
        source = event.get("from")
        if isinstance(source, dict):
            if source.get("spot") == "house":
                source = (tr("from your house") if source["seat"] == self.perspective
                          else tr("from {name}'s house", name=self.seat_name(source["seat"])))
            else:
                source = words.from_spot(str(source.get("spot")))
        if kind == "deal":
            what = words.tile_phrase(tile) if tile else tr("a hidden tile") if hidden else tr("nothing")
            if seat == self.perspective:
                return tr("Round deal: you get {what}.", what=what)
            return tr("Round deal: {who} gets {what}.", who=self.seat_name(seat), what=what)
        fetched = words.with_tile(tile, hidden)
        if kind == "collect":
            if seat == self.perspective:
                return tr("Your mouse comes home {source} {fetched}.", source=source, fetched=fetched)
            return tr("{who}'s mouse comes home {source} {fetched}.", who=self.seat_name(seat), source=source,
                      fetched=fetched)
        if kind == "refill":
            return words.refilled(str(source), fetched)
        return str(kind)

    def result_lines(self) -> list[str]:
        v = self.session.view(self.viewer)
        # the key once, then a plain sentence per seat (no "x1 = 1 -> 1" and no star legend per line)
        lines = [tr("For each player: every appliance type in the house, how many, and its points "
                    "(a type on that player's objective card scores more).")]
        revealed = v.get("revealed") or {}
        for seat in self.standings():  # in the ranking's order above these lines, as the other games
            score = helpers.house_score(v, seat=seat) if (seat == self.viewer or revealed) else None
            if score is None:
                continue
            parts = [type_tally(t, mark_card=True) for t in score["types"] if t["count"]]
            names = {t["type"]: tr(t["name"]) for t in score["types"]}  # a card's number means nothing to a player
            lines.append(tr("{who}: {total}. {parts}. Objective card: {types}.", who=self.seat_name(seat),
                            total=points_text(score["total"]), parts="; ".join(parts) or tr("No appliances"),
                            types=", ".join(names[t] for t in score["card_types"])))
        lines.append(tr("Ties: most cheese, then most appliances in the house."))
        tie = self.tie_break_line(v)
        if tie:
            lines.append(tie)
        return lines

    def tie_break(self, seat: int) -> float:
        """CB-19 among equal scores, below the winners too: more cheese, then more appliances
        in the house, ranks ahead (the results listed a tied seat with less cheese first, by
        seat order, over the line 'Ties: most cheese, then most appliances in the house.')."""
        return tie_key(self.session.view(self.viewer), seat)

    @staticmethod
    def tie_break_line(v: dict) -> str | None:
        """CB-19: when the best score is shared, which tie-break decided, with its numbers
        (the title names the winners; equal points next to "X wins" looked like an error)."""
        scores, winners = v.get("scores") or [], v.get("winners") or []
        if not winners or None in scores:
            return None
        points = scores[winners[0]]
        tied = [q for q, s in enumerate(scores) if s == points]
        if len(tied) < 2:
            return None
        cheese = v["cheese"]
        most = max(cheese[q] for q in tied)
        rest = [cheese[q] for q in tied if cheese[q] < most]
        if sum(1 for q in tied if cheese[q] == most) == 1:
            return tr("Equal points ({p} each): the most cheese decides, {c} against {d}.", p=points, c=most,
                      d=max(rest))
        apps = [house_appliances(v, q) for q in range(len(v["houses"]))]
        best = apps[winners[0]]
        if len(winners) == 1:
            runner = max(apps[q] for q in tied if cheese[q] == most and q != winners[0])
            return tr("Equal points ({p} each) and equal cheese ({c} each): the most appliances in the house "
                      "decide, {a} against {b}.", p=points, c=most, a=best, b=runner)
        return tr("Equal points ({p} each), cheese ({c} each) and appliances in the house ({a} each): the win is "
                  "shared.", p=points, c=most, a=best)

    def prompt_says_hand_empty(self) -> bool:
        """The prompt over the house starts 'Your hand is empty': an empty hand on your turn
        with a placement left (after both, the prompt speaks of those instead)."""
        return self.waiting_prompt() is None and self.view["placed"] < MAX_PLACEMENTS and not self.view.get("hand")

    def prompt(self) -> str:
        waiting = self.waiting_prompt()
        if waiting is not None:
            return waiting
        if self.mouse_aim is not None:  # one click aimed the mouse: say how to send it, or not
            if self.last_round():  # legal, but a mouse out at the game's end fetches nothing (CB-18)
                return tr("Last round: your mouse would bring nothing back. Click there again (or press Enter) "
                          "to send it anyway; Esc keeps it home.")
            return tr("Click there again (or press Enter) to send your mouse {to}; Esc keeps it home.",
                      to=self.mouse_to(self.mouse_aim))
        done = self.view["placed"] >= MAX_PLACEMENTS  # both placements of the turn are made
        held = self.held_tile()  # dragged or picked: either way the player needs to know where it goes
        if held and done:
            return tr("Both placements of this turn are made: drop the tile you picked on an appliance pile for "
                      "cheese, or keep it (Esc).")
        if held:
            places = [m for m in self.legal() if m.startswith(f"place {held} at ")]
            if not places:
                return tr("The tile you picked fits nowhere in your house now: keep it (Esc), or drop it on an "
                          "appliance pile.")
            if not any(m.endswith(f" r{self.canonical(held, self.rotation)}") for m in places):
                return tr("The tile you picked fits only when turned: press R or turn the wheel until cells glow.")
            return tr("Place the tile you picked on a glowing cell (R or the wheel turns it), or drop it on an "
                      "appliance pile.")
        last = self.last_round()  # a mouse sent now brings nothing back (CB-18): the prompt leaves it out
        legal = self.legal()
        # only what is still open: the mouse goes once a turn, a discard needs a cube on the cheese tile
        mouse = not last and any(m.startswith("mouse ") for m in legal)
        discard = any(m.startswith("discard ") for m in legal)
        if done:
            return {(True, True): tr("Both placements are made: send your mouse, discard for cheese, then End turn."),
                    (True, False): tr("Both placements are made: send your mouse, then End turn."),
                    (False, True): tr("Both placements are made: discard for cheese, then End turn."),
                    (False, False): tr("Both placements are made: End turn.")}[mouse, discard]
        if not any(m.startswith("place ") for m in legal):  # "drag tiles in" would send the player trying each
            if self.prompt_says_hand_empty():
                return tr("Your hand is empty: send your mouse for a tile, then End turn.") if mouse \
                    else tr("Your hand is empty: End turn.")
            if not helpers.open_cells(self.view):  # "none fits now" kept players fetching tiles for good
                return {(True, True): tr("Your house has no open connector left, so no tile can go in: send your "
                                         "mouse, discard for cheese, then End turn."),
                        (True, False): tr("Your house has no open connector left, so no tile can go in: send your "
                                          "mouse, then End turn."),
                        (False, True): tr("Your house has no open connector left, so no tile can go in: discard for "
                                          "cheese, then End turn."),
                        (False, False): tr("Your house has no open connector left, so no tile can go in: End "
                                           "turn.")}[mouse, discard]
            return {(True, True): tr("None of your tiles fits your house now: send your mouse, discard for cheese, "
                                     "then End turn."),
                    (True, False): tr("None of your tiles fits your house now: send your mouse, then End turn."),
                    (False, True): tr("None of your tiles fits your house now: discard for cheese, then End turn."),
                    (False, False): tr("None of your tiles fits your house now: End turn.")}[mouse, discard]
        tiles = self.placements_left()
        if self.keys_in_use():  # Tab and Enter, as "drag" names only the mouse
            return self.keys_prompt(tiles, last, mouse, discard)
        if last:
            return tr("Last round: drag {tiles} into your house this turn, discard for cheese, then End turn.",
                      tiles=tiles) if discard else \
                tr("Last round: drag {tiles} into your house this turn, then End turn.", tiles=tiles)
        return {(True, True): tr("Drag {tiles} into your house this turn, send your mouse, discard for cheese, "
                                 "then End turn.", tiles=tiles),
                (True, False): tr("Drag {tiles} into your house this turn, send your mouse, then End turn.",
                                  tiles=tiles),
                (False, True): tr("Drag {tiles} into your house this turn, discard for cheese, then End turn.",
                                  tiles=tiles),
                (False, False): tr("Drag {tiles} into your house this turn, then End turn.", tiles=tiles)}[
            mouse, discard]

    @staticmethod
    def keys_prompt(tiles: str, last: bool, mouse: bool, discard: bool) -> str:
        """The start-of-turn prompt for a player on the keyboard."""
        if last:
            return tr("Last round: put {tiles} in your house (Tab to it, Enter, Enter on a cell), discard for "
                      "cheese, then End turn.", tiles=tiles) if discard else \
                tr("Last round: put {tiles} in your house (Tab to it, Enter, Enter on a cell), then End turn.",
                   tiles=tiles)
        return {(True, True): tr("Put {tiles} in your house (Tab to it, Enter, Enter on a cell), send your mouse, "
                                 "discard for cheese, then End turn.", tiles=tiles),
                (True, False): tr("Put {tiles} in your house (Tab to it, Enter, Enter on a cell), send your mouse, "
                                  "then End turn.", tiles=tiles),
                (False, True): tr("Put {tiles} in your house (Tab to it, Enter, Enter on a cell), discard for "
                                  "cheese, then End turn.", tiles=tiles),
                (False, False): tr("Put {tiles} in your house (Tab to it, Enter, Enter on a cell), then End turn.",
                                   tiles=tiles)}[mouse, discard]

    def placements_left(self) -> str:
        """How many tiles may still go in this turn (CB-13): "up to 2 tiles", then "1 more
        tile" (the prompt said "(2 per turn)" even after one was placed)."""
        placed = self.view["placed"]
        left = MAX_PLACEMENTS - placed
        if left == 1:
            return tr("1 more tile")
        return tr("up to {n} tiles", n=left) if placed == 0 else tr("up to {n} more tiles", n=left)

    def chase_problem(self, seat: int) -> str:
        """Why a click on seat's mouse does not chase it. Without cheese, in plain words: what
        the cheese would do and how to earn one (CB-13: a discard onto an appliance pile, while
        the cheese tile has any); the rules' 'no cheese: discard a tile to earn a piece of
        cheese first' said neither, and offered a discard where none could earn one."""
        v, who = self.view, self.seat_name(seat)
        # each reason said once, with the seat's name ("Seat 2's mouse: seat 2's mouse is
        # already on the appliance stack" said it twice, the second time in the notation's words)
        if (v["mice"][seat] or {}).get("spot") == "appliance-stack":
            return tr("{who}'s mouse is already on the appliance stack, where cheese would send it.", who=who)
        if v["cheese"][self.viewer] > 0:
            return sentence(self.reason(f"cheese {seat + 1}"))
        if v["cheese_pool"] <= 0:
            return tr("You have no cheese to chase {who}'s mouse away, and the cheese tile is empty, so none can "
                      "be earned.", who=who)
        if not v.get("hand"):
            return tr("You have no cheese to chase {who}'s mouse away, and no tile to discard for one.", who=who)
        return tr("You have no cheese to chase {who}'s mouse away: discard a tile onto an appliance pile to earn "
                  "one.", who=who)

    def mouse_warnings(self) -> list[str]:
        """On your turn, a line for each rival mouse on one of your appliances: it takes that
        appliance when its owner's turn starts (CB-12), unless you cheese it away (CB-13).
        In the last round a mouse whose owner has no turn left in it brings nothing (CB-18)."""
        v = self.view
        if not self.my_turn() or self.replaying:
            return []
        n, first = v["num_players"], v["first_player"]
        order = (self.viewer - first) % n
        out = []
        for owner, m in enumerate(v["mice"]):
            if owner == self.viewer or not m or m.get("spot") != "house" or m.get("seat") != self.viewer:
                continue
            if self.last_round() and (owner - first) % n < order:
                continue  # its owner's next turn would be in a round that is never played
            cell = next((t for t in v["houses"][self.viewer] if (t["x"], t["y"]) == (m["x"], m["y"])), None)
            if cell is None:
                continue
            named = {"who": self.seat_name(owner), "cell": f"{m['x']},{m['y']}",
                     "appliance": words.on_your_appliance(helpers.tile_info(cell["tile"])["name"])}
            if f"cheese {owner + 1}" in self.legal() and self.keys_in_use():  # "click" named no key
                out.append(tr("{who}'s mouse is on your {appliance} at {cell}: chase it with cheese (Tab to the "
                              "mouse, Enter) or lose it when their turn starts.", **named))
            elif f"cheese {owner + 1}" in self.legal():
                out.append(tr("{who}'s mouse is on your {appliance} at {cell}: chase it with cheese (click the "
                              "mouse) or lose it when their turn starts.", **named))
            elif v["cheese_pool"] > 0 and v.get("hand"):
                out.append(tr("{who}'s mouse is on your {appliance} at {cell}: discard a tile for cheese and chase "
                              "it, or lose it when their turn starts.", **named))
            else:
                out.append(tr("{who}'s mouse is on your {appliance} at {cell}: you have no cheese to chase it, so "
                              "you lose it when their turn starts.", **named))
        return out

    def draw_mouse_warnings(self, surface: pygame.Surface) -> None:
        """Above the prompt, over the whole width left of the panel: a warning triangle (a
        shape, not only a colour) and the warnings in at most two lines."""
        width = PANEL_RECT.x - 16 - HOUSE.x - 20
        lines = [line for text in self.mouse_warnings() for line in theme.wrap(text, 15, width, bold=True)][:2]
        if not lines:
            return
        top = 14 if len(lines) == 1 else 4
        tri = [(HOUSE.x + 7, top + 1), (HOUSE.x + 14, top + 14), (HOUSE.x, top + 14)]
        pygame.draw.polygon(surface, theme.YELLOW, tri)
        pygame.draw.line(surface, theme.BLACK, (HOUSE.x + 7, top + 5), (HOUSE.x + 7, top + 9), 2)
        pygame.draw.line(surface, theme.BLACK, (HOUSE.x + 7, top + 11), (HOUSE.x + 7, top + 12), 2)
        for i, line in enumerate(lines):
            theme.draw_text(surface, line, (HOUSE.x + 20, top + 19 * i), 15, theme.TEXT, bold=True, max_width=width)


def house_appliances(v: dict, seat: int) -> int:
    """How many appliances stand in seat's house (CB-19's second tie-break; hands never count)."""
    return sum(1 for t in v["houses"][seat] if helpers.tile_info(t["tile"])["kind"] == "appliance")


def tie_key(v: dict, seat: int) -> float:
    """Seat's CB-19 tie-break as a sort key, lower ranking ahead: cheese first, then the
    appliances in the house (at most 48, so a cube of cheese outweighs them all)."""
    return -(v["cheese"][seat] * 100 + house_appliances(v, seat))


def points_text(n: int) -> str:
    return tr("1 point") if n == 1 else tr("{n} points", n=n)


def type_tally(t: dict, mark_card: bool = False) -> str:
    """One appliance type of a house_score() in plain words: "Bubble Maker: 4, 15 points";
    with ``mark_card``, a type on the card says so ("4 on the card") where no heading does."""
    if mark_card and t["on_card"]:
        return tr("{name}: {count} on the card, {points}", name=tr(t["name"]), count=t["count"],
                  points=points_text(t["points"]))
    return tr("{name}: {count}, {points}", name=tr(t["name"]), count=t["count"], points=points_text(t["points"]))


def objective_texts(score: dict) -> list[str]:
    """The score panel's words under its heading: the card's types with how many of each
    are in the house and their points, then the other types in the house ("Bubble Maker
    x1 *: 3" with a "* = on the card" key said the same in signs)."""
    def glued(t: dict) -> str:  # a type's words stay on one line: "Fog Machine: 1," then "1 point" misread
        # a card type not built yet: "Gumball Machine: 0, 0 points" read like a sum to work out
        text = tr("{name}: none yet", name=tr(t["name"])) if not t["count"] and not t["points"] else type_tally(t)
        return text.replace(" ", "\u00a0")
    types = {t["type"]: t for t in score["types"]}
    card = [glued(types[k]) for k in score["card_types"]]
    others = [glued(t) for t in score["types"] if t["count"] and not t["on_card"]]
    texts = [tr("On the card: {parts}.", parts="; ".join(card))] if card else []
    if others:
        texts.append(tr("Also in the house: {parts}.", parts="; ".join(others)))
    return texts
