"""The Breaks table: cards drawn in code, drag-and-drop for every move with click and
keyboard equivalents, glowing legal targets, AI moves animated so people can follow.

Everything shown comes from ``view(viewer)``; every move goes through the session
(the rules engine), which also gives the reason when a move is refused.
"""

from __future__ import annotations

import itertools
import math

import pygame

from game.core.errors import IllegalAction
from game.i18n import tr, tr_message
from game.rules.breaks import is_wild
from game.scenes.breaks_layout import BIG, ZOOM_FAN, BreaksLayout
from game.scenes.breaks_text import OBJECT, WITH, card_name, in_words, narrate
from game.scenes.table_base import PANEL_RECT, TableScene, lines_rect
from game.ui import cards, draw, theme
from game.ui.card_motion import Motion, Placed, diff_motion
from game.ui.drag import DragController
from game.ui.focus import Focusable
from game.ui.pointer import ARROW, HAND
from game.ui.tween import speed_factor

MOVE_TIME = 0.38
HIDDEN_PENDING = "?pending"


LIFT = 3  # how far a picked-up sequence rises

PILE_CAPTION_GAP = 8  # at least this much between two neighbouring pile captions


def pile_caption_size(captions: list[tuple[str, pygame.Rect]]) -> int:
    """One size for the captions centred under the piles (left to right): 16, or smaller
    where two neighbours would run into each other (German names the piles with long nouns)."""
    size = 16
    while size > 11:
        placed = [(theme.font(size).size(text)[0], pile) for text, pile in captions]
        if all((wa + wb) / 2 + PILE_CAPTION_GAP <= b.centerx - a.centerx
               for (wa, a), (wb, b) in itertools.pairwise(placed)):
            break
        size -= 1
    return size


def done_label() -> str:
    """The final merges' Done button as labelled: the prompts name it in the very same words."""
    return tr("Done merging (F)")


class BreaksTable(TableScene):
    # messages over the prompt box, beside the piles and the drawn card: clear of every
    # player's cards and stacks at any table size (the prompt is what a message replaces)
    toast_top = BreaksLayout.PROMPT.y
    toast_span = (BreaksLayout.PROMPT.x - 8, BreaksLayout.PROMPT.right + 8)
    undo_limit = "Nothing to undo: you can take back your own last decision, but not once a card has been drawn since."

    PROMPT_SIZE, PROMPT_STEP, PROMPT_LINES = 20, 28, 3
    ring_starts_each_turn = True  # every turn starts with a draw: Enter on a slot left there tried a merge

    @property
    def toast_min_height(self) -> int:
        """A message box over the prompt hides all of its lines, not only the first."""
        lines = self.prompt_lines()
        return 8 + self.PROMPT_STEP * len(lines) if lines else 0

    def prompt_lines(self) -> list[str]:
        return theme.wrap(self.prompt(), self.PROMPT_SIZE, self.layout.PROMPT.width)[:self.PROMPT_LINES]

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.layout = BreaksLayout(session.num_players, self.viewer)
        self.drag = DragController()
        self.selected: tuple | None = None      # ("pending",), ("slot", s) or ("break", p, s)
        self.motions: list[Motion] = []
        self.pulse = 0.0
        self.press_carries = False  # the pressed spot's cards follow the pointer (see carried)
        self.hover: tuple[int, int] | None = None  # where the pointer rests (a stack there shows large)
        self.ring_zooms = True  # the ring's stack shows large until the mouse moves, and again after a key

    # --- set-up -------------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        self.done_button = self.button(done_label(), (self.layout.PROMPT.x, self.layout.PROMPT.bottom - 44,
                                                               220, 40), self.press_done, object_id="#primary",
                                       tooltip=tr("F: end your final turn, making no more merges"))
        self.done_button.hide()
        self.done_stop = len(self.focus.items) - 1
        # board spots join the keyboard focus ring, after the panel buttons
        # the middle row as the screen shows it, left to right: draw pile, discard, drawn card
        spots: list[tuple] = [("draw",), ("discard",), ("pending",)]
        for seat in range(self.session.num_players):
            for s in range(3):
                spots.append(("slot", seat, s))
        self.play_area_starts_here()
        self.spot_focus: dict[tuple, int] = {}
        self.stack_focus: dict[int, tuple[int, int]] = {}  # focus stop -> (seat, stack)
        most = self.cards_in_play() // 5  # every stack a seat could ever bank
        for spot in spots:
            self.spot_focus[spot] = len(self.focus.items)
            self.focus.add(Focusable(lambda sp=spot: self.spot_rect(sp), lambda sp=spot: self.key_click(sp),
                                     lambda sp=spot: self.spot_enabled(sp)))
            if spot[0] == "slot" and spot[2] == 2:  # the seat's stacks after its slots; each shows large
                for k in range(most):              # while focused, as under the pointer
                    self.stack_focus[len(self.focus.items)] = (spot[1], k)
                    self.focus.add(Focusable(lambda st=(spot[1], k): self.stack_spot_rect(*st), lambda: None,
                                             lambda st=(spot[1], k): st[1] < len(self.view["stacks"][st[0]]),
                                             vanishes=True))
        self.hold_pending()  # a resumed game: the drawn card is still in hand

    def resume(self) -> None:
        super().resume()
        self.hold_pending()  # back from the rules or the leave dialog: the drawn card is still in hand

    def refresh(self) -> None:
        # the seat shown may change without a seat being taken (Continue on a pass screen
        # shows its mover's table again for the take-back): your area is always the viewer's
        layout = getattr(self, "layout", None)  # the first refresh may come before __init__ made it
        if layout is not None and layout.viewer != self.viewer:
            self.layout = BreaksLayout(self.session.num_players, self.viewer)
        super().refresh()

    def take_seat(self, seat: int) -> None:
        super().take_seat(seat)  # refresh() lays the table out around the new seat
        self.hold_pending()  # a hand-off (e.g. on resuming pass-and-play) cleared the selection

    def hold_pending(self) -> None:
        """With a card drawn and not yet used, the viewer holds it: its targets glow."""
        if self.my_turn() and self.view.get("pending"):
            self.selected = ("pending",)

    # --- legal moves as the table sees them ----------------------------------------------
    def legal(self) -> list[str]:
        return self.session.legal_texts() if self.my_turn() else []

    def targets_for(self, source: tuple) -> dict[tuple, str]:
        """Spot -> action text, for every legal drop of ``source``."""
        out: dict[tuple, str] = {}
        me = self.viewer
        for text in self.legal():
            w = text.split()
            if source[0] == "pending":
                if w[0] == "place":
                    out[("slot", me, int(w[1]) - 1)] = text
                elif w[0] == "discard":
                    out[("discard",)] = text
                elif w[0] == "break":
                    out.setdefault(("slot", int(w[1]) - 1, int(w[2]) - 1), text)
            elif source[0] == "slot" and w[0] == "merge" and int(w[2]) - 1 == source[2]:
                out[("slot", me, int(w[1]) - 1)] = text
            elif source[0] == "break" and w[0] == "break" and (int(w[1]) - 1, int(w[2]) - 1) == source[1:]:
                out[("slot", me, int(w[3]) - 1)] = text
            elif source[0] == "draw" and w[0] == "draw":
                out[("pending",)] = text
        return out

    def break_landings(self, p: int, s: int) -> list[str]:
        return [t for t in self.legal() if t.startswith(f"break {p + 1} {s + 1} ")]

    def would_be(self, source: tuple, target: tuple) -> str | None:
        """The action a drop means, legal or not (so an illegal one can say why)."""
        me = self.viewer
        if source[0] == "pending":
            if target == ("discard",):
                return "discard"
            if target[0] == "slot":
                if target[1] == me:
                    return f"place {target[2] + 1}"
                return f"break {target[1] + 1} {target[2] + 1} 1"
        if source[0] == "slot" and target[0] == "slot":
            if target[1] != me:
                return None
            return f"merge {target[2] + 1} {source[2] + 1}"
        if source[0] == "break" and target[0] == "slot" and target[1] == me:
            return f"break {source[1] + 1} {source[2] + 1} {target[2] + 1}"
        return None

    def break_refusal(self, p: int, s: int) -> str:
        """Why the drawn card cannot break seat p's slot s: the same reason for every landing
        (not a court card, no match), or else that the stolen cards fit none of your slots."""
        reasons = {self.explain(f"break {p + 1} {s + 1} {t}") for t in (1, 2, 3)}
        if len(reasons) == 1:
            return reasons.pop() or tr("That does not go there.")
        bottom = self.view["tableaux"][p][s][0]
        return tr("The stolen cards fit none of your slots: {card} matches none of your top cards.",
                  card=card_name(bottom))  # refuse() capitalises the card's name

    def explain(self, text: str | None) -> str:
        if text is None:
            return tr("That does not go there.")
        try:
            self.session.check(text)
        except IllegalAction as exc:
            return in_words(tr_message(str(exc)))
        return ""

    # --- acting -------------------------------------------------------------------------
    def act(self, text: str) -> None:
        self.selected = None
        if self.perform(text, self.viewer):
            self.app.sound.play("draw" if text == "draw" else "drop")
            if text == "draw":
                self.hold_pending()  # the drawn card is in hand, ready to place

    def undo(self) -> None:
        super().undo()
        self.hold_pending()  # back to holding the drawn card

    def drop(self, source: tuple, target: tuple | None) -> bool:
        """Resolve a drop (or a click on a target with a selection). True if a move was made."""
        if target is None:
            return False
        if not self.my_turn():  # checked against the mover's position, a refusal would speak of theirs
            self.refuse(tr("Wait for your turn."))
            return False
        if source[0] == "draw":
            if "draw" in self.legal():
                self.act("draw")
                return True
            return False
        legal = self.targets_for(source)
        if source[0] == "pending" and target[0] == "slot" and target[1] != self.viewer and target in legal:
            landings = self.break_landings(target[1], target[2])
            if len(landings) == 1:
                self.act(landings[0])
            else:
                self.selected = ("break", target[1], target[2])
                self.picked()
            return True
        if target in legal:
            self.act(legal[target])
            return True
        if target == source:
            return False
        if source[0] == "pending" and target[0] == "slot" and target[1] != self.viewer:
            self.refuse(self.break_refusal(target[1], target[2]))
            return False
        self.refuse(self.explain(self.would_be(source, target)) or tr("That does not go there."))
        return False

    def click(self, spot: tuple) -> None:
        """Mouse click or Enter on a spot: select a source or drop the selection there."""
        if not self.my_turn():
            self.refuse(tr("Wait for your turn."))
            return
        legal = self.legal()
        if spot == ("draw",):
            if "draw" in legal:
                self.act("draw")
            else:
                self.refuse(self.explain("draw"))
            return
        if self.selected is not None and self.selected[0] == "break" and (
                spot == ("pending",) or (spot[0] == "slot" and spot[1] != self.viewer)):
            # a change of mind while choosing the landing: back to the drawn card in hand,
            # and a click on another opponent's sequence aims at that one instead
            self.selected = ("pending",)
            if spot != ("pending",):
                self.drop(("pending",), spot)
            return
        if self.selected is not None:
            if spot == self.selected or (self.selected[0] == "slot" and spot == ("slot", self.viewer,
                                                                                 self.selected[1])):
                if self.selected[0] != "pending":
                    self.selected = None
                return
            source = ("slot", self.viewer, self.selected[1]) if self.selected[0] == "slot" else self.selected
            if self.drop(source, spot):
                return
            if self.selected[0] == "slot" and spot[0] == "slot" and spot[1] == self.viewer:
                self.selected = None  # clicked another own slot: fall through to select it
            else:
                return
        if spot == ("pending",) and self.view.get("pending"):
            self.selected = ("pending",)
            self.picked()
            return
        if self.view.get("pending"):
            self.drop(("pending",), spot)
            return
        if spot[0] == "slot" and spot[1] == self.viewer and self.view["tableaux"][self.viewer][spot[2]]:
            if self.targets_for(("slot", self.viewer, spot[2])):
                self.selected = ("slot", spot[2])
                self.picked()
            else:
                self.refuse(tr("Slot {s} cannot merge onto any other slot now.", s=spot[2] + 1))
        elif spot != ("pending",):
            # the discard pile, an empty slot of yours, a rival's sequence: each takes only a
            # drawn card (Enter there said nothing, as if the key were dead)
            self.refuse(self.explain("discard"))

    def picked(self) -> None:
        """Something was picked up (a sequence to merge, the drawn card, a sequence to steal)."""
        self.app.sound.play("pick")
        self.forget_refusal()  # a refusal for an earlier try would cover the prompt for this pick

    def key_click(self, spot: tuple) -> None:
        """Enter on a focused spot: as a click; a sequence picked up to merge, a stolen one to
        land or a card just drawn takes the focus on to the first slot it may go to, shown
        (a drawn card's discard pile only when it fits no slot: Enter there throws it away)."""
        before = self.selected
        self.click(spot)
        if self.selected is None or self.selected == before or self.selected[0] not in ("slot", "break", "pending"):
            return
        targets = [t for t in self.current_targets() if t in self.spot_focus]
        places = [t for t in targets if t != ("discard",)] or targets
        self.focus.show_first([self.spot_focus[t] for t in places])

    def press_done(self) -> None:
        if "done" in self.legal():
            self.act("done")

    def clear_selection(self) -> None:
        self.selected = None
        self.drag.cancel()

    # --- what to draw -------------------------------------------------------------------
    def spot_rect(self, spot: tuple) -> pygame.Rect:
        lay = self.layout
        if spot == ("draw",):
            return lay.DRAW
        if spot == ("discard",):
            return lay.DISCARD
        if spot == ("pending",):
            return lay.PENDING
        return lay.slot_zone(spot[1], spot[2])

    def cards_in_play(self) -> int:
        """Every card of the game's deck, wherever it is now."""
        v = self.view
        held = sum(len(seq) for slots in v["tableaux"] for seq in slots)
        banked = sum(len(stack) for stacks in v["stacks"] for stack in stacks)
        pending = bool(v.get("pending") or v.get("pending_hidden"))
        return v["draw_count"] + v["discard_count"] + held + banked + pending

    def stack_spot_rect(self, seat: int, stack: int) -> pygame.Rect:
        """A banked stack's focus stop: its five fanned cards (nothing while it is not banked)."""
        count = len(self.view["stacks"][seat])
        return self.layout.stack_rect(seat, stack, count) if stack < count else pygame.Rect(0, 0, 0, 0)

    def spot_enabled(self, spot: tuple) -> bool:
        if not self.my_turn():
            return False
        if spot == ("pending",):
            return bool(self.view.get("pending"))
        if spot in (("draw",), ("discard",)):
            return "done" not in self.legal()  # no drawing or discarding in the final merges
        return True

    def placements(self, view: dict) -> list[Placed]:
        """Every face-up card (and a hidden drawn card) with its rect, for animation."""
        lay = self.layout
        out: list[Placed] = []
        for seat, slots in enumerate(view["tableaux"]):
            for s, seq in enumerate(slots):
                for i, code in enumerate(seq):
                    out.append(Placed(code, lay.card_rect(seat, s, i), code))
            stacks = view["stacks"][seat]
            for k, stack in enumerate(stacks):
                for i, code in enumerate(stack):
                    out.append(Placed(code, lay.stack_card_rect(seat, k, i, len(stacks)), code))
        if view.get("pending"):
            out.append(Placed(view["pending"], lay.PENDING, view["pending"]))
        elif view.get("pending_hidden"):
            out.append(Placed(HIDDEN_PENDING, lay.PENDING, None))
        return out

    def on_applied(self, seat: int, text: str, before: dict, after: dict) -> None:
        duration = MOVE_TIME * speed_factor(self.app.settings.animation_speed)
        if duration <= 0:
            self.motions = []
            return
        old, new = self.placements(before), self.placements(after)
        lay = self.layout
        hidden_gone = any(p.key == HIDDEN_PENDING for p in old) and not any(p.key == HIDDEN_PENDING for p in new)
        origin_rect = lay.PENDING if hidden_gone else lay.DRAW
        new_stack_codes = {c for s in range(len(after["stacks"]))
                           for st in after["stacks"][s][len(before["stacks"][s]):] for c in st}
        self.motions = diff_motion(
            old, new,
            origin=lambda p: origin_rect,
            sink=lambda p: lay.DISCARD,
            duration=duration,
            delay=lambda p: duration * 0.8 if p.key in new_stack_codes else 0.0,
        )
        if new_stack_codes:
            self.app.sound.play("stack")

    @property
    def animating(self) -> bool:
        return bool(self.motions)

    def finish_animation(self) -> None:
        self.motions = []

    def prompt(self) -> str:
        v = self.view
        waiting = self.waiting_prompt()  # game over (who won), another seat's move, a replay
        if waiting is not None:
            return waiting
        if self.selected and self.selected[0] == "break":
            return tr("Choose your slot where the stolen sequence lands (right-click or Esc to go back).")
        if self.selected and self.selected[0] == "slot":  # in the final merges too
            return tr("Merging slot {s}: pick the slot it goes on top of.", s=self.selected[1] + 1)
        legal = self.legal()
        if v["phase"] == "final":
            if not any(text.startswith("merge") for text in legal):
                return tr("No merge is possible: press {done}.", done=done_label())
            if self.keys_in_use():
                return tr("Final merges: Enter on a sequence, then Enter on the one it goes on; or press {done}.",
                          done=done_label())
            return tr("Final merges: drag a sequence onto another, or press {done}.", done=done_label())
        if v.get("pending"):  # name only what this card can do
            pending = v["pending"]
            place = any(text.startswith("place") for text in legal)
            steal = any(text.startswith("break") for text in legal)
            if place and steal:
                return tr("Place {card} on a slot, break with it, or discard it.", card=card_name(pending, OBJECT))
            if place:
                return tr("Place {card} on a slot, or discard it.", card=card_name(pending, OBJECT))
            if steal:
                return tr("Break with {card}, or discard it.", card=card_name(pending, WITH))
            text = tr("{card} fits nowhere: discard it (X).", card=card_name(pending))
            return text[:1].upper() + text[1:]  # a card's name starts in lower case
        if self.keys_in_use():
            return tr("Draw a card (Enter on the draw pile), or to merge press Enter on a sequence, then on another.")
        return tr("Draw a card, or drag one sequence onto another to merge.")

    # --- input --------------------------------------------------------------------------
    def source_at(self, pos: tuple[int, int]) -> tuple | None:
        lay = self.layout
        if lay.DRAW.collidepoint(pos):
            return ("draw",)
        if lay.PENDING.collidepoint(pos) and self.view.get("pending"):
            return ("pending",)
        hit = lay.hit_slot(pos)
        if hit is not None:
            return ("slot", *hit)
        if lay.DISCARD.collidepoint(pos):
            return ("discard",)
        return None

    def pointer_at(self, pos: tuple[int, int]) -> str | None:
        """Over the table, a hand only where a press does something now: the draw pile when
        you may draw, a sequence of yours that can merge, the drawn card and every place it
        may go, the slots a break may land on. The focus ring's stops (every slot, for the
        arrow keys) would show it over a lone card that cannot move, and over opponents."""
        spot = self.source_at(pos)
        if spot is None:
            return None  # the buttons: as the focus ring says
        hot: set[tuple] = set()
        legal = self.legal()
        if "draw" in legal:
            hot.add(("draw",))
        if self.view.get("pending"):
            hot |= {("pending",), *self.targets_for(("pending",))}
        if self.selected is not None and self.selected[0] == "break":
            hot |= set(self.targets_for(self.selected))
        for s in range(3):
            mine = ("slot", self.viewer, s)
            if self.view["tableaux"][self.viewer][s] and self.targets_for(mine):  # it can merge
                hot.add(mine)
                if self.selected == ("slot", s):
                    hot |= set(self.targets_for(mine))
        return HAND if spot in hot else ARROW

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:  # seen before the ring takes Tab and the arrows
            self.ring_zooms = True
        return super().handle_event(event)

    def on_event(self, event: pygame.event.Event) -> bool:
        if super().on_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and self.choosing_landing() and (
                event.button == 3 or (event.button == 1 and self.layout_has_nothing_at(event.pos))):
            # a mouse player goes back as Esc does: a right-click, or a click on empty table
            self.selected = ("pending",)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            spot = self.source_at(event.pos)
            if spot is None:
                return False
            image, origin = self.drag_image(spot)
            self.press_carries = image is not None and self.my_turn()
            if self.press_carries:
                self.drag.press(spot, image, origin, event.pos)
            else:  # a press that picks nothing up: an invisible pixel follows the pointer
                self.drag.press(spot, pygame.Surface((1, 1), pygame.SRCALPHA), pygame.Rect(event.pos, (1, 1)),
                                event.pos)
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos
            self.ring_zooms = False
            self.drag.motion(event.pos)
            return self.drag.active
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            d = self.drag.drag
            if d is None:
                return False
            origin, image = d.origin, d.image
            result = self.drag.release(event.pos, self.drop_zones())
            if result.kind == "click":
                self.click(result.source)
                return True
            dragged_rect = pygame.Rect(event.pos[0] - d.grab[0], event.pos[1] - d.grab[1], *image.get_size())
            if not self.drop(result.source, result.target):  # a move made says so itself (act)
                self.drag.snap_back(image, dragged_rect, origin)
            return True
        if event.type == pygame.KEYDOWN:
            return self.on_key(event)
        return False

    def layout_has_nothing_at(self, pos: tuple[int, int]) -> bool:
        """Empty table: no pile, card or slot there, and not the side panel (buttons, log)."""
        return pos[0] < PANEL_RECT.x and self.source_at(pos) is None

    def choosing_landing(self) -> bool:
        """The drawn card broke a sequence that could land in more than one of your slots."""
        return bool(self.selected) and self.selected[0] == "break" and self.my_turn()

    def drop_zones(self) -> dict[tuple, pygame.Rect]:
        zones = {("discard",): self.layout.DISCARD, ("pending",): self.layout.PENDING}
        for seat in range(self.session.num_players):
            for s in range(3):
                zones[("slot", seat, s)] = self.layout.slot_zone(seat, s)
        return zones

    def drag_image(self, spot: tuple) -> tuple[pygame.Surface | None, pygame.Rect]:
        lay = self.layout
        if spot == ("draw",) and "draw" in self.legal():
            return cards.card_back(lay.DRAW.size), lay.DRAW
        if spot == ("pending",) and self.view.get("pending"):
            return self.face(self.view["pending"], lay.PENDING.size), lay.PENDING
        if spot[0] == "slot" and spot[1] == self.viewer:
            seq = self.view["tableaux"][self.viewer][spot[2]]
            # drawn whether or not it may merge: the slot shows empty while its sequence is
            # dragged, so an image must follow the pointer (and glide back with the reason)
            if seq:
                rect = lay.sequence_rect(self.viewer, spot[2], len(seq))
                img = pygame.Surface(rect.size, pygame.SRCALPHA)
                for i, code in enumerate(seq):
                    r = lay.card_rect(self.viewer, spot[2], i)
                    img.blit(self.face(code, r.size), (r.x - rect.x, r.y - rect.y))
                return img, rect
        return None, pygame.Rect(0, 0, 1, 1)

    def on_key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key == pygame.K_ESCAPE:
            if self.drag.drag is not None:
                self.drag.cancel()
            elif self.selected and self.selected[0] == "break":
                self.selected = ("pending",)
            elif self.selected and self.selected[0] == "slot":
                self.selected = None
            else:
                self.open_menu()
            return True
        if not self.my_turn():
            return False
        # the shortcuts act as Enter on the spot: what they pick takes the ring on to where
        # it may go, so the next Enter finishes the move there (not on the spot left behind)
        if key == pygame.K_d:
            self.key_click(("draw",))
            return True
        if key in (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_KP1, pygame.K_KP2, pygame.K_KP3):
            s = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_KP1: 0, pygame.K_KP2: 1, pygame.K_KP3: 2}[key]
            self.key_click(("slot", self.viewer, s))
            return True
        if key == pygame.K_x:
            if self.view.get("pending"):
                self.drop(("pending",), ("discard",))
            return True
        if key == pygame.K_f:
            self.press_done()
            return True
        return False

    # --- frame --------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.pulse += dt
        for m in self.motions:
            m.tween.update(dt)
        self.motions = [m for m in self.motions if not m.tween.done]
        self.drag.update(dt)
        if "done" in self.legal():
            self.done_button.show()
            cur = self.focus.current
            if self.focus.visible and cur is not None and not cur.enabled():
                # the piles close for the final merges: the ring moves on to Done, not left on a dead pile
                self.focus.index = self.done_stop
        else:
            self.done_button.hide()
        super().update(dt)

    def ring_to_turn_start(self) -> None:
        if "done" in self.legal():  # the final merges: the piles are closed, Done ends them
            self.focus.index, self.focus.visible = self.done_stop, True
            return
        super().ring_to_turn_start()

    def face(self, code: str, size: tuple[int, int]) -> pygame.Surface:
        return cards.card_face(code, size, self.app.settings.colorblind, is_wild(code, self.view["options"]))

    def draw_scene(self, surface: pygame.Surface) -> None:
        lay = self.layout
        view = self.view
        moving = {(m.face, tuple(m.end)) for m in self.motions if not m.vanish}
        dragging = self.carried()
        pulse = (1 + math.sin(self.pulse * 5)) / 2
        targets = self.current_targets()

        # seat areas
        cp = self.session.current_player
        for seat, area in lay.areas.items():
            if seat == cp:
                pygame.draw.rect(surface, self.seat_colour(seat), area.rect, 2, border_radius=12)
            else:
                pygame.draw.rect(surface, theme.TABLE_DARK, area.rect, 1, border_radius=12)
            draw.marker(surface, theme.seat_shape(seat), (area.label[0] + 8, area.label[1] + 12), 9,
                        self.seat_colour(seat))
            name = self.seat_name(seat)
            score = view["scores"][seat]
            label = tr("{name}   1 pt", name=name) if score == 1 else tr("{name}   {n} pts", name=name, n=score)
            theme.draw_text(surface, label, (area.label[0] + 24, area.label[1] + 1), 18, theme.TEXT, bold=(seat == cp))
            for s in range(3):
                seq = view["tableaux"][seat][s]
                base = lay.card_rect(seat, s, 0)
                surface.blit(cards.empty_slot(base.size), base)
                if dragging == ("slot", seat, s) or not seq:  # an empty slot's number, in its middle
                    theme.draw_text(surface, str(s + 1), base.center, 22 if seat == self.viewer else 16,
                                    theme.TEXT_DIM, anchor="center")
                if dragging == ("slot", seat, s):
                    continue
                sel = self.selected in (("slot", s),) and seat == self.viewer
                for i, code in enumerate(seq):
                    r = lay.card_rect(seat, s, i)
                    if (code, tuple(r)) in moving:
                        continue
                    surface.blit(self.face(code, r.size), r.move(0, -LIFT) if sel else r)
                if seq:
                    self.draw_slot_number(surface, seat, s, base.move(0, -LIFT) if sel else base)
                if sel:  # lifted a little, its outline clear of the seat's name just above
                    box = lay.sequence_rect(seat, s, len(seq)).move(0, -LIFT)
                    draw.dashed_rect(surface, pygame.Rect(box.x - 5, box.y - 2, box.w + 10, box.h + 10),
                                     theme.GLOW_ALT, width=3)
                if self.selected == ("break", seat, s):  # the sequence being stolen, while its landing is chosen
                    stolen = lay.sequence_rect(seat, s, max(1, len(seq))).inflate(10, 10)
                    draw.dashed_rect(surface, stolen, theme.GLOW_ALT, width=3)
                    draw.corner_brackets(surface, stolen.inflate(8, 8), length=10)
                if ("slot", seat, s) in targets:
                    ring = lay.sequence_rect(seat, s, max(1, len(seq)))
                    mine = seat == self.viewer
                    draw.glow(surface, ring, pulse=pulse, colour=theme.GLOW if mine else theme.VERMILLION, dots=mine)
                    if not mine:  # a sequence to steal: a reticle, not only a redder ring
                        draw.corner_brackets(surface, ring.inflate(16, 16), length=10)
            stacks = view["stacks"][seat]
            if not stacks:
                for i, line in enumerate(theme.wrap(tr("no stacks yet"), 14, lay.note_width(seat))):
                    theme.draw_text(surface, line, (area.note[0], area.note[1] + 18 * i), 14, theme.TEXT_DIM)
            for k, stack in enumerate(stacks):
                for i, code in enumerate(stack):
                    r = lay.stack_card_rect(seat, k, i, len(stacks))
                    if (code, tuple(r)) not in moving:
                        surface.blit(self.face(code, r.size), r)
        # piles
        if view["draw_count"]:
            for i in range(min(4, (view["draw_count"] + 9) // 10)):
                surface.blit(cards.card_back(lay.DRAW.size), lay.DRAW.move(-2 * i, -2 * i))
        else:
            surface.blit(cards.empty_slot(lay.DRAW.size), lay.DRAW)
        if view["discard_count"]:
            for i in range(min(4, (view["discard_count"] + 9) // 10)):
                surface.blit(cards.card_back(lay.DISCARD.size), lay.DISCARD.move(-2 * i, -2 * i))
        else:
            surface.blit(cards.empty_slot(lay.DISCARD.size), lay.DISCARD)
        gap = lay.CAPTION_GAP
        captions = [(tr("Draw {n}", n=view["draw_count"]), lay.DRAW),
                    (tr("Discard {n}", n=view["discard_count"]), lay.DISCARD), (tr("Drawn card"), lay.PENDING)]
        size = pile_caption_size(captions)
        for text, pile in captions:
            theme.draw_text(surface, text, (pile.centerx, pile.bottom + gap), size, theme.TEXT_DIM, anchor="midtop")
        if "draw" in self.legal():
            draw.glow(surface, lay.DRAW, pulse=pulse, dots=True)  # dots: not taken for seat 1's orange
        if ("discard",) in targets:
            draw.glow(surface, lay.DISCARD, pulse=pulse, dots=True)
        # the drawn card
        surface.blit(cards.empty_slot(lay.PENDING.size, theme.TEXT_DIM), lay.PENDING)
        pend = view.get("pending")
        if dragging != ("pending",):
            if pend and (pend, tuple(lay.PENDING)) not in moving:
                surface.blit(self.face(pend, lay.PENDING.size), lay.PENDING)
                if self.selected == ("pending",):
                    draw.dashed_rect(surface, lay.PENDING.inflate(12, 12), theme.GLOW_ALT, width=3)
            elif view.get("pending_hidden") and (None, tuple(lay.PENDING)) not in moving:
                surface.blit(cards.card_back(lay.PENDING.size), lay.PENDING)
        # prompt
        for i, line in enumerate(self.prompt_lines()):
            theme.draw_text(surface, line, (lay.PROMPT.x, lay.PROMPT.y + 4 + self.PROMPT_STEP * i), self.PROMPT_SIZE,
                            theme.TEXT)
        # moving cards; one still waiting to fly (a new stack's, held back so the move that
        # banks it is seen first) stays drawn where it was: left out, it vanished for that wait
        for m in self.motions:
            r = m.current_rect()
            img = self.face(m.face, m.end.size) if m.face else cards.card_back(m.end.size)
            if img.get_size() != r.size:
                img = pygame.transform.smoothscale(img, r.size)
            surface.blit(img, r)
        self.draw_stack_zoom(surface)
        self.draw_panel(surface)
        self.drag.draw(surface)

    def zoomed_stack(self) -> tuple[int, int, pygame.Rect] | None:
        """(seat, stack, box) of the banked stack to show large: the one the keyboard's focus
        is on, else the one under the resting pointer. None while dragging. Once the mouse
        moves the pointer's stack (or none) shows: the ring's box stayed up over mouse play
        until a click hid the ring."""
        if self.drag.active or self.motions:
            return None
        counts = [len(stacks) for stacks in self.view["stacks"]]
        hit = self.stack_focus.get(self.focus.index) if self.focus.visible and self.ring_zooms else None
        if hit is None or hit[1] >= counts[hit[0]]:
            hit = self.layout.hit_stack(self.hover, counts) if self.hover is not None else None
        if hit is None:
            return None
        return hit[0], hit[1], self.layout.stack_zoom_rect(hit[0], hit[1], counts[hit[0]])

    def draw_stack_zoom(self, surface: pygame.Surface) -> None:
        zoom = self.zoomed_stack()
        if zoom is None:
            return
        seat, k, box = zoom
        draw.panel(surface, box, edge=self.seat_colour(seat))
        for i, code in enumerate(self.view["stacks"][seat][k]):
            surface.blit(self.face(code, BIG), (box.x + 8 + i * ZOOM_FAN, box.y + 8))

    def draw_slot_number(self, surface: pygame.Surface, seat: int, slot: int, first: pygame.Rect) -> None:
        """The slot's number on a dark tab in the top-right corner of its first card (blank
        on every face: the rank sits top left), so the log's "slot 2" can be found on a
        filled slot as on an empty one. Dark on light card, light digit: no colour needed."""
        size = 15 if seat == self.viewer else 13
        w, h = theme.font(size).size(str(slot + 1))
        tab = pygame.Rect(0, 0, w + 8, h - 2)
        tab.topright = (first.right - 3, first.y + 3)
        pygame.draw.rect(surface, theme.TABLE_DARK, tab, border_radius=5)
        theme.draw_text(surface, str(slot + 1), tab.center, size, theme.TEXT, anchor="center")

    def carried(self) -> tuple | None:
        """The spot whose cards follow the pointer, left out of their place meanwhile. A press
        that picks nothing up (a sequence pressed on another's turn) carries nothing: its cards
        stay where they are, or they vanished with nothing under the pointer."""
        return self.drag.drag.source if self.drag.active and self.press_carries else None

    def current_targets(self) -> dict[tuple, str]:
        if not self.my_turn():
            return {}
        if self.drag.active:
            return self.targets_for(self.drag.drag.source)
        if self.selected is not None:
            src = ("slot", self.viewer, self.selected[1]) if self.selected[0] == "slot" else self.selected
            return self.targets_for(src)
        return {}

    def stall_text(self) -> str:
        """When the discards end the play phase (BR-13). Before any discard the rule itself
        ("ends after 92 more discards in a row" puzzled a player who had seen none); once
        discards come in a row, how many so far and how many more end it ("Discards in a
        row: 0 of 92" did not say what happens at 92)."""
        v = self.view
        limit, stall = v["stall_limit"], v["stall"]
        if limit - stall <= 1:
            return tr("The play phase ends with the next discard.")
        if stall == 0:
            return tr("The play phase ends if players discard {n} times in a row.", n=limit)
        if stall == 1:
            return tr("1 discard in a row so far: the play phase ends after {n} more.", n=limit - 1)
        return tr("{k} discards in a row so far: the play phase ends after {n} more.", k=stall, n=limit - stall)

    def draw_status(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        v = self.view
        # first line: the phase. In play the countdown to its end names it; once the game is
        # over the banner above says so, and no second "Game over" is wanted here.
        phase = {"play": self.stall_text(), "final": tr("Final merges")}.get(v["phase"])
        heading = theme.wrap(phase, 16, rect.width) if phase else []
        lines = [tr("Draw pile {d}, discard pile {x}", d=v["draw_count"], x=v["discard_count"])]
        opts = v["options"]
        flags = [tr("court scoring") if opts.get("scoring") == "court" else None,
                 tr("jokers") if opts.get("jokers") else None, tr("aces wild") if opts.get("aces_wild") else None,
                 tr("two decks") if opts.get("two_decks") else None,
                 tr("break to empty") if opts.get("break_to_empty") else None]
        options = ", ".join(f for f in flags if f)
        small: list[str] = []
        if options and theme.font(16).size(options)[0] > rect.width:
            small = theme.wrap(options, 14, rect.width)  # many options or a long translation: smaller lines
            if len(heading) > 1:
                lines.clear()  # room for them above the log: the piles' sizes are shown under the piles
        elif options:
            lines.append(options)
        y, drawn = rect.y, []
        for line in heading:
            drawn.append(theme.draw_text(surface, line, (rect.x, y), 16, theme.TEXT))
            y += 20
        y += 4 if heading else 0
        for line in lines:
            drawn.append(theme.draw_text(surface, line, (rect.x, y), 16, theme.TEXT_DIM))
            y += 24
        for line in small:
            drawn.append(theme.draw_text(surface, line, (rect.x, y), 14, theme.TEXT_DIM))
            y += 18
        self.status_rect = lines_rect(drawn)  # the Hint button's tip keeps off it

    # --- hints --------------------------------------------------------------------------
    def hint_spots(self, text: str) -> list[pygame.Rect]:
        w = text.split()
        me = self.viewer
        lay = self.layout
        if w[0] == "draw":
            return [lay.DRAW]
        if w[0] == "discard":
            return [lay.PENDING, lay.DISCARD]
        if w[0] == "place":
            return [lay.PENDING, lay.slot_zone(me, int(w[1]) - 1)]
        if w[0] == "break":
            return [lay.PENDING, lay.slot_zone(int(w[1]) - 1, int(w[2]) - 1), lay.slot_zone(me, int(w[3]) - 1)]
        if w[0] == "merge":
            return [lay.slot_zone(me, int(w[1]) - 1), lay.slot_zone(me, int(w[2]) - 1)]
        return [self.done_button.rect] if w[0] == "done" else []

    def hint_reason(self, text: str) -> str:
        w = text.split()
        v = self.view
        mine = v["tableaux"][self.viewer]
        if w[0] == "draw":
            if any(t.startswith("merge ") and sum(len(mine[int(k) - 1]) for k in t.split()[1:]) >= 5
                   for t in self.legal()):
                # a merge banking a stack is open, but the final merges allow any number of them
                return tr("That merge's stack of five can wait for the final merges: a card from the pile first.")
            if any(t.startswith("merge ") for t in self.legal()):  # "no merge helps" read as "none is possible"
                return tr("Merging is possible but would not help you now: see what the pile gives you.")
            return tr("None of your sequences can merge: see what the pile gives you.")
        if w[0] == "place":
            n = len(mine[int(w[1]) - 1]) + 1
            if n == 1:
                return tr("It starts a new sequence.")
            return tr("It grows that sequence to {n} cards.", n=n) if n < 5 else tr("It completes a stack of five.")
        if w[0] == "break":
            stolen = len(v["tableaux"][int(w[1]) - 1][int(w[2]) - 1])
            return tr("It steals a single card from your opponent.") if stolen == 1 else \
                tr("It steals a sequence of {n} cards from your opponent.", n=stolen)
        if w[0] == "merge":
            n = len(mine[int(w[1]) - 1]) + len(mine[int(w[2]) - 1])
            return tr("Together they make {n} cards.", n=n) if n < 5 else tr("The merge banks a stack of five.")
        if w[0] == "discard":
            legal = self.legal()
            if not any(t.startswith(("place", "break")) for t in legal):
                return tr("It fits none of your slots and cannot break anything.")
            if not any(t.startswith("place") for t in legal):  # only a break was possible
                return tr("It fits none of your slots, and the break it allows would leave you worse off.")
            return tr("The card helps you nowhere, and placing it would only help an opponent break you.")
        return tr("There is no merge left worth making.")

    def refine_hint(self, text: str) -> str:
        """In the final merges the AI may say done with a stack-banking merge left once the
        winner is settled either way (every move then scores the same for it); a person
        would still bank the stack, so the hint suggests the merge that banks the most."""
        if text != "done":
            return text
        mine = self.view["tableaux"][self.viewer]
        sizes = {t: sum(len(mine[int(k) - 1]) for k in t.split()[1:]) for t in self.legal() if t.startswith("merge ")}
        best = max(sizes, key=lambda t: sizes[t], default=None)
        return best if best is not None and sizes[best] >= 5 else text

    def hint_move(self, text: str) -> str:
        w = text.split()
        if w[0] == "draw":
            return tr("Draw a card.")
        # the drawn card by name ("Place the 7 of clubs on slot 2."): the log words a past
        # hint again from the game as it was then (see hint_words), the card still in hand
        card = self.view.get("pending")  # None: another seat's card, not to be named
        if w[0] == "place":
            return tr("Place {card} on slot {s}.", card=card_name(card, OBJECT), s=w[1]) if card else \
                tr("Place the card on slot {s}.", s=w[1])
        if w[0] == "discard":
            return tr("Discard {card}.", card=card_name(card, OBJECT)) if card else tr("Discard the card.")
        if w[0] == "break":
            return tr("Break {victim}'s slot {s} and move those cards onto your slot {t}.",
                      victim=self.seat_name(int(w[1]) - 1), s=w[2], t=w[3])
        if w[0] == "merge":
            return tr("Merge slot {b} onto slot {a}.", a=w[1], b=w[2])
        return tr("Say you are done merging.")

    # --- narration and results ----------------------------------------------------------
    def narrate(self, seat: int, text: str, before: dict, after: dict) -> list[str | tuple[None, str]]:
        return narrate(seat, text, before, after, self.perspective, self.seat_name)

    def result_lines(self) -> list[str]:
        v = self.session.view(self.viewer)
        lines = []
        court = v["options"].get("scoring") == "court"
        for seat in self.standings():  # in the order the results rank the seats above these lines
            stacks = v["stacks"][seat]
            if court:
                lines.append(tr("{name}: stacks {n}, points {pts} with court bonuses",
                                name=self.seat_name(seat), n=len(stacks), pts=v["scores"][seat]))
            else:
                lines.append(tr("{name}: stacks {n}, points {pts}", name=self.seat_name(seat), n=len(stacks),
                                pts=v["scores"][seat]))
        lines.append(tr("Cards left in slots score nothing."))
        return lines
