"""What the Breaker Blocks table tells the player: hints and their reasons, log lines,
the end-of-game sentence, the results' breakdown and the prompt (a mixin of
BreakerBlocksTable, kept apart so the table module is about input, animation and drawing)."""

from __future__ import annotations

import pygame

from game.i18n import tr, tr_message
from game.rules.breaker_blocks import LEVEL
from game.rules.breaker_blocks.geometry import tile_name
from game.scenes.breaker_blocks_board import cell_rect, parse_cell
from game.scenes.circuit_breaker_words import side_word

# why playing an action tile helps (BB-17..BB-23), for hints
ACTION_REASONS = {
    "accelerate": "It draws you up to three more tiles at once.",
    "annihilate": "It removes a leaf of your choice from the game for good.",
    "agitate": "It lets you move up to two of your opponent's leaves where they help you most.",
    "authenticate": "A second Authenticate on the board ends the game at once.",
    "automate": "It puts a tile from the piles straight into one of your sockets.",
    "attenuate": "It sends one of your leaves and one of your opponent's back to their piles.",
    "aggravate": "Each hand keeps one tile; the rest goes back to the piles.",
}


HALF_SKIPPED = ("attenuate", "aggravate")  # action tiles with a side each seat (BB-22, BB-23)


class BreakerBlocksTalk:
    """Hints, narration, prompts and results for BreakerBlocksTable (uses its view,
    session, selection and board methods)."""

    # --- hints --------------------------------------------------------------------------
    def hint_spots(self, text: str) -> list[pygame.Rect]:
        w = text.split()
        spots: list[pygame.Rect] = []
        if w[0] in ("play", "place", "rearrange"):
            spots.append(cell_rect(parse_cell(w[3])))
            if w[0] == "rearrange" and w[1] != w[3]:  # a tile turned in its own cell: one spot
                spots.append(cell_rect(parse_cell(w[1])))
        if w[0] in ("play", "keep"):
            kinds = self.hand_kinds(self.viewer)
            if w[1] in kinds:
                spots.append(self.hand_rect(self.viewer, kinds.index(w[1])))
        if w[0] in ("draw", "place"):
            entries = [k for k, _, _ in self.pile_entries()]
            if w[1] in entries:
                spots.append(self.pile_rect(entries.index(w[1])))
        if w[0] == "target":
            spots.append(cell_rect(parse_cell(w[1])))
        if w[0] == "end":
            spots.append(self.end_button.rect)
        if w[0] == "skip":
            spots.append(self.skip_button.rect)
        return spots

    @staticmethod
    def kind_word(kind: str) -> str:
        """A tile kind as the prompts, hints, log and piles name it: "power 2" (a bare "2" read
        as a count), or an action tile's name as the rules page writes it, "Attenuate", in
        either language (the prompts had ATTENUATE, the log attenuate)."""
        return tr("power {k}", k=kind) if kind.isdigit() else tile_name(kind)

    def pile_words(self, pile: dict[str, int]) -> str:
        """A colour pile in plain words: "power 1 ×4, 2 ×2", or "empty" (piles are open, BB-9;
        "0x0, 1x4" read as a grid of numbers). "4 of power 1, ..." for each kind ran wider
        than the line (446 px) at a readable size, in German by a third."""
        held = [k for k in self.view["power_kinds"] if pile.get(k, 0)]
        if not held:
            return tr("empty")
        return ", ".join([tr("power {k} ×{n}", k=held[0], n=pile[held[0]])] + [f"{k} ×{pile[k]}" for k in held[1:]])

    def hint_move(self, text: str) -> str:
        w = text.split()
        if w[0] == "draw":
            return tr("Draw {k}.", k=self.kind_word(w[1]))
        if w[0] == "play":
            return tr("Play {k} at {cell}.", k=self.kind_word(w[1]), cell=w[3])
        if w[0] == "place":
            return tr("Place {k} at {cell} (Automate).", k=self.kind_word(w[1]), cell=w[3])
        if w[0] == "rearrange" and w[1] == w[3]:  # "Move the tile at 2,-1 to 2,-1." read as no move at all
            return tr("Turn the tile at {cell} so it joins on its {side} side, into circuit {c}.", cell=w[1],
                      side=side_word(w[5]), c=self.socket_circuit(parse_cell(w[3]), w[5]))
        if w[0] == "rearrange":
            return tr("Move the tile at {a} to {b}.", a=w[1], b=w[3])
        if w[0] == "target":
            return tr("Target the tile at {cell}.", cell=w[1])
        if w[0] == "keep":
            return tr("Keep {k}.", k=self.kind_word(w[1]))
        if w[0] == "skip":
            return tr("Skip the rest of the Agitate.")
        return tr("End your turn.")

    def hint_reason(self, text: str) -> str:
        w = text.split()
        if w[0] == "play" and w[1] == "0":
            return tr("It adds no power, but its holes give you new sockets to build on.")
        if w[0] == "play" and w[1].isdigit():
            return tr("It adds {p} power where it counts.", p=w[1])
        if w[0] in ("play", "place") and w[1] in ACTION_REASONS:
            return tr(ACTION_REASONS[w[1]])
        if w[0] == "draw":
            return tr("You need that tile for the next turns.")
        if w[0] == "rearrange":
            return self.rearrange_reason(w) or tr("The computer at normal level would choose this move.")
        if w[0] == "target":  # ATTENUATE's first target is one of your own leaves
            cell = [int(v) for v in w[1].split(",")]
            owner = next((t["owner"] for t in self.view.get("board") or [] if t["cell"] == cell), None)
            return tr("Of your own leaves, this one costs you least.") if owner == self.viewer else \
                tr("Removing that leaf hurts your opponent most.")
        if w[0] == "end":
            return tr("Nothing more this turn improves your position.")
        return tr("The computer at normal level would choose this move.")

    def rearrange_reason(self, w: list[str]) -> str | None:
        """Why moving a leaf (``w``: ``rearrange a to b from D``) helps when it moves power to
        another circuit (the hint said only that the computer would do it); None otherwise."""
        moved = self.tile_at(parse_cell(w[1]))
        to = self.socket_circuit(parse_cell(w[3]), w[5])
        power = LEVEL.power.get(moved["kind"], 0) if moved else 0
        if not power or to is None or to == moved["circuit"]:
            return None
        if moved["owner"] == self.viewer:
            return tr("It moves {p} power from circuit {a} to circuit {b}.", p=power, a=moved["circuit"], b=to)
        return tr("It moves {p} of your opponent's power from circuit {a} to circuit {b}.", p=power,
                  a=moved["circuit"], b=to)

    def narrate(self, seat: int, text: str, before: dict, after: dict) -> list[str | tuple[int | None, str]]:
        who = self.seat_name(seat)
        w = text.split()
        pending = before.get("pending") or {}  # the action tile whose step this move was
        lines: list[str | tuple[int | None, str]] = []
        if w[0] == "draw" and pending.get("tile") == "accelerate":  # an extra draw, not one of the two actions
            lines.append(tr("{who} drew: {k} (Accelerate).", who=who, k=self.kind_word(w[1])))
        elif w[0] == "draw":
            lines.append(tr("{who} drew: {k}.", who=who, k=self.kind_word(w[1])))
        elif w[0] in ("play", "place"):
            # the circuit is its parent's (BB-5), not the column's: a tile above input II
            # may join circuit III, and the cell alone did not say so
            words = dict(who=who, k=self.kind_word(w[1]), cell=w[3],
                         c=self.socket_circuit(parse_cell(w[3]), w[5], before))
            lines.append(tr("{who} played {k} at {cell}, into circuit {c}.", **words) if w[0] == "play"
                         else tr("{who} placed {k} at {cell}, into circuit {c} (Automate).", **words))
        elif w[0] == "rearrange":
            moved = self.tile_at(parse_cell(w[1]), before)
            k = self.kind_word(moved["kind"]) if moved else "?"
            if w[1] == w[3]:  # into another hole of its own cell: "from 0,2 to 0,2" read as no move at all
                lines.append(self.turned_line(seat, k, w, before, pending.get("tile") == "agitate"))
            elif pending.get("tile") != "agitate":
                lines.append(tr("{who} moved {k} from {a} to {b}.", who=who, k=k, a=w[1], b=w[3]))
            else:  # AGITATE moves the other player's leaf (BB-19), maybe into another of their circuits
                words = dict(who=who, owner=self.seat_name(1 - seat), k=k, a=w[1], b=w[3],
                             c=self.socket_circuit(parse_cell(w[3]), w[5], before))
                if 1 - seat == self.perspective:  # yours
                    lines.append(tr("{who} moved your {k} from {a} to {b}, into circuit {c} (Agitate).", **words))
                else:  # the owner named after the tile: "You moved Seat 2 (AI)'s power 0" stumbled over the name
                    lines.append(tr("{who} moved the {k} tile of {owner} from {a} to {b}, into circuit {c} "
                                    "(Agitate).", **words))
        elif w[0] == "target":
            lines.append(self.target_line(seat, w[1], before, pending.get("tile") == "annihilate"))
        elif w[0] == "keep":
            k = self.kind_word(w[1])
            owner = 1 - seat if pending.get("number") == 2 else seat  # AGGRAVATE's step 2: the other hand
            # a hand of the one tile kept: nothing went back, though 'the rest went back' said so
            alone = sum((before.get("hands") or [{}, {}])[owner].values()) == 1
            if owner != seat and owner == self.perspective:
                lines.append(tr("{who} left you {k}, the only tile in your hand.", who=who, k=k) if alone else
                             tr("{who} left you only {k}; the rest of your hand went back to the piles.", who=who, k=k))
            elif owner != seat:
                other = self.seat_name(owner)
                lines.append(tr("{who} left {other} {k}, the only tile in that hand.", who=who, other=other, k=k)
                             if alone else tr("{who} left {other} only {k}; the rest of that hand went back to the "
                                              "piles.", who=who, other=other, k=k))
            else:
                lines.append(tr("{who} kept {k}, the only tile in that hand.", who=who, k=k) if alone else
                             tr("{who} kept only {k}; the rest of that hand went back to the piles.", who=who, k=k))
        elif w[0] == "skip":
            lines.append(tr("{who} skipped the rest of the Agitate.", who=who))
        elif w[0] == "end":
            lines.append(tr("{who} ended the turn.", who=who))
        if w[0] in ("play", "place") and w[1] in ACTION_REASONS and w[1] != "authenticate" \
                and (after.get("pending") or {}).get("tile") != w[1] and not after.get("end_reason"):
            # BB-16: no step of it could be taken; without a word it looked as if nothing had been played
            lines.append(tr("{k} fizzled: it had nothing to act on, and stays on the board.", k=self.kind_word(w[1])))
        skipped = self.half_skipped(seat, w, pending, after)
        if skipped is not None:  # BB-22/23: the prompt alone jumped to the other side unexplained
            tile, whose = skipped
            who = self.seat_name(whose)
            lines.append(tr("Half of the Attenuate was skipped: {who} had no leaf it could send back.", who=who)
                         if tile == "attenuate" else
                         tr("Half of the Aggravate was skipped: {who} had no tile in hand.", who=who))
        # an action's step instructions stay in the prompt: the log is what happened, and a
        # step's "pick a leaf ..." among the moves read as something done
        if after.get("end_reason") and not before.get("end_reason"):
            # why the game ended is the table's narration, not the mover's: no seat mark
            lines.append((None, self.end_text(after["end_reason"], after.get("final_turn"))))
        return lines

    @staticmethod
    def half_skipped(seat: int, w: list[str], pending: dict, after: dict) -> tuple[str, int] | None:
        """The ATTENUATE or AGGRAVATE and the seat whose half of it the rules
        skipped with this move (``w``; ``pending``: the step it was), for want of a leaf
        (BB-22) or a hand tile (BB-23): the mover's, when the tile just put down asks about the
        rival at once; the rival's, when the mover's choice ended it. None otherwise (a
        fizzle is said apart)."""
        now = after.get("pending") or {}
        if after.get("end_reason"):
            return None
        if w[0] in ("play", "place") and w[1] in HALF_SKIPPED and now.get("tile") == w[1] \
                and now.get("number") == 2:
            return w[1], seat
        tile = pending.get("tile")
        if w[0] in ("target", "keep") and tile in HALF_SKIPPED and pending.get("number") == 1 \
                and now.get("tile") != tile:
            return tile, 1 - seat
        return None

    def target_line(self, seat: int, cell: str, before: dict, annihilate: bool) -> str:
        """The log's words for ``target cell``: ANNIHILATE's leaf gone for good (BB-18) or
        ATTENUATE's back to its pile (BB-22), naming whose it was when not the mover's own
        ('Seat 2 (AI) removed power 3 at 3,-1' did not say that it was yours)."""
        gone = self.tile_at(parse_cell(cell), before)
        words = dict(who=self.seat_name(seat), k=self.kind_word(gone["kind"]) if gone else "?", cell=cell)
        owner = gone["owner"] if gone else seat
        if owner == seat:
            return tr("{who} removed {k} at {cell} from the game.", **words) if annihilate \
                else tr("{who} sent {k} at {cell} back to its pile.", **words)
        if owner == self.perspective:
            return tr("{who} removed your {k} at {cell} from the game.", **words) if annihilate \
                else tr("{who} sent your {k} at {cell} back to its pile.", **words)
        words["owner"] = self.seat_name(owner)
        return tr("{who} removed the {k} tile of {owner} at {cell} from the game.", **words) if annihilate \
            else tr("{who} sent the {k} tile of {owner} at {cell} back to its pile.", **words)

    def turned_line(self, seat: int, k: str, w: list[str], before: dict, agitate: bool) -> str:
        """The log's words for ``rearrange a to a from D`` (``w``): the tile stays in its cell and
        takes its tab from another side, which may put it in another circuit."""
        words = dict(who=self.seat_name(seat), owner=self.seat_name(1 - seat), k=k, cell=w[1], side=side_word(w[5]),
                     c=self.socket_circuit(parse_cell(w[3]), w[5], before))
        if not agitate:
            return tr("{who} turned {k} at {cell} so it joins on its {side} side, into circuit {c}.", **words)
        if 1 - seat == self.perspective:  # AGITATE turns the other player's leaf (BB-19): yours
            return tr("{who} turned your {k} at {cell} so it joins on its {side} side, into circuit {c} "
                      "(Agitate).", **words)
        return tr("{who} turned the {k} tile of {owner} at {cell} so it joins on its {side} side, into circuit {c} "
                  "(Agitate).", **words)

    def end_text(self, reason: dict, final_turn: int | None) -> str:
        """Why the game ended, naming the seats as the rest of the table does
        (``final_turn``: the view's seat that had the last turn, if one did)."""
        me = self.perspective
        if reason["code"] == "final_turn" and final_turn is not None:
            last = final_turn
            if 1 - last == me:
                return tr("You ran out of power tiles, so {name} had one final turn.", name=self.seat_name(last))
            if last == me:
                return tr("{name} ran out of power tiles, so you had one final turn.", name=self.seat_name(1 - last))
            return tr("{name} ran out of power tiles, so {other} had one final turn.",
                      name=self.seat_name(1 - last), other=self.seat_name(last))
        if reason["code"] == "sealed" and reason.get("loser") is not None:
            if reason["loser"] == me:
                return tr("You began a turn with no socket to play into, and lose.")
            return tr("{name} began a turn with no socket to play into, and loses.",
                      name=self.seat_name(reason["loser"]))
        return tr_message(reason["text"])

    def result_lines(self) -> list[str]:
        v = self.session.view(self.viewer)
        lines = []
        if v.get("end_reason"):
            lines.append(self.end_text(v["end_reason"], v.get("final_turn")))
        # each power beside its player's name: a bare "0 to 2" read as winner first, as the
        # results list the players above; you come first, as in the rest of the results
        first, second = self.seats_you_first()
        for i, name in enumerate(v["circuits"]):
            powers = dict(c=name, p=self.seat_name(first), a=v["power"][first][i],
                          q=self.seat_name(second), b=v["power"][second][i])
            ctrl = v["control"][i]
            if ctrl is not None and ctrl == self.perspective:
                lines.append(tr("Circuit {c}: {p} {a}, {q} {b}, controlled by you", **powers))
            elif ctrl is None:  # a sentence of its own: "nobody" takes another case than a name in German
                lines.append(tr("Circuit {c}: {p} {a}, {q} {b}, controlled by nobody (equal power)", **powers))
            else:
                lines.append(tr("Circuit {c}: {p} {a}, {q} {b}, controlled by {who}", **powers,
                                who=self.seat_name(ctrl)))
        winners = v["winners"]
        if not winners:
            lines.append(tr("Equal numbers of circuits: both players lose."))
        return lines

    def seats_you_first(self) -> tuple[int, int]:
        """The two seats as counts are listed: you first, seat order at a shared screen."""
        first = self.perspective if self.perspective is not None else 0
        return first, 1 - first

    def counts_by_seat(self, counts: list[int], limit: int | None = None) -> str:
        """A count per seat beside its name, you first ("You 1, Seat 2 (AI) 2"); ``limit``: each
        name cut short to that many letters (see theme.with_names_fitted)."""
        return ", ".join(f"{self.short_name(s, limit)} {counts[s]}" for s in self.seats_you_first())

    @staticmethod
    def score_text(score: int) -> str:
        """A score as the results screen lists it: the circuits a player controls (BB-25)."""
        return tr("1 circuit") if score == 1 else tr("{n} circuits", n=score)

    def prompt(self) -> str:
        v = self.view
        if self.session.is_over():
            # who won, in the results title's words, as every table says it; why the game
            # ended is the log's last line already, and the prompt repeated it word for word
            return self.waiting_prompt() or ""
        if self.can_act() and self.drag.active:  # a tile held, a step's too (AUTOMATE's from the pile)
            return tr("Let go on a glowing socket: the tile joins at the big dot, on the side nearest the pointer.")
        pend = v.get("pending")
        if pend and pend.get("prompt"):
            if self.can_act() and self.selected is not None and self.selected[0] == "pile":
                # the pile tile is picked: the step's own words would still ask to pick one; a drag
                # puts it in too, as a hand tile (the words of "Playing ...")
                return self.with_join_help(tr("Automate: put {k} into a glowing socket (click, drag or Enter).",
                                              k=self.kind_word(self.selected[1])))
            if self.can_act() and self.selected is not None and self.selected[0] == "leaf":
                # AGITATE: the rival's leaf is picked (by a click or Enter), the step's words would
                # still ask to pick one, while a drag of it says where to let go
                return self.with_join_help(tr("Agitate: put your opponent's tile from {cell} into a glowing socket "
                                              "(click, drag or Enter).",
                                              cell=f"{self.selected[1][0]},{self.selected[1][1]}"))
            if self.can_act():
                return tr_message(pend["prompt"])  # the rules word each step in English, to the mover
            if pend["seat"] == self.perspective:  # your own step, watched (a replay, --autoplay): not "You is"
                return tr("You are carrying out {k}.", k=self.kind_word(pend["tile"]))
            return tr("{name} is carrying out {k}.", name=self.seat_name(pend["seat"]), k=self.kind_word(pend["tile"]))
        if not self.can_act():
            return self.playing_text(self.session.current_player)
        if self.selected is not None and self.selected[0] == "leaf":
            return self.with_join_help(tr("Moving the tile at {cell}: put it on a glowing socket (click, drag or "
                                          "Enter).", cell=f"{self.selected[1][0]},{self.selected[1][1]}"))
        if self.selected is not None:
            return self.with_join_help(tr("Playing {k}: put it on a glowing socket (click, drag or Enter).",
                                          k=self.kind_word(self.selected[1])))
        return self.pick_prompt()

    def shown_prompt(self) -> str:
        """The prompt as drawn: at a screen people share it names the seat it speaks to
        ("Seat 2: Play a hand tile ..."), as both hands are in view and either may read it."""
        if self.shares_the_screen() and self.can_act() and not self.session.is_over():
            return tr("{who}: {prompt}", who=self.seat_name(self.session.current_player), prompt=self.prompt())
        return self.prompt()

    @staticmethod
    def with_join_help(prompt: str) -> str:
        """A prompt to put a picked tile into a socket, then where it joins: at the big dot
        (see draw_tab_side) on the side of the cell the pointer is nearest, or that R picks
        for Enter. 'The tab takes the marked side' was the rules' word for a new player."""
        return prompt + " " + tr("It joins at the big dot; point at another side or press R to move the dot.")

    def pick_prompt(self) -> str:
        """Nothing picked up yet, so nothing glows: what there is to pick, only what the
        rules allow now (no leaf to move on a first turn, no pile once both actions are
        spoken for)."""
        m = self.moves()
        keys = self.keys_in_use()  # the focus ring shows: name the keys, not the mouse
        play = tr("play a hand tile (Tab to it, press Enter)") if keys else tr("play a hand tile (drag or click it)")
        draw = tr("press Enter on a pile to draw") if keys else tr("click a pile to draw")
        parts = ([play] if m.plays else []) + \
            ([tr("move one of your leaves in a dashed frame")] if m.rearranges else []) + \
            ([draw] if m.draws else [])
        if not parts:
            return tr("Nothing to play, move or draw now: End turn (N).")
        text = parts[0] if len(parts) == 1 else tr("{a} or {b}", a=parts[0], b=parts[1]) if len(parts) == 2 \
            else tr("{a}, {b} or {c}", a=parts[0], b=parts[1], c=parts[2])
        return text[0].upper() + text[1:] + "."
