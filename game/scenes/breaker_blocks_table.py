"""The Breaker Blocks table: two trees of interlocking tiles growing out of the shared
core, both hands and all piles face up, live power and control per circuit.

Every move is read from ``legal_actions()``: dragging a hand tile glows the sockets it
may PLAY into, dragging one of your leaves glows where it may REARRANGE, clicking a pile
tile DRAWs. An action tile's steps (targets, kept kinds, extra draws, placements) glow
their valid choices while a prompt says what to pick. Perfect information: no hand-off.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable

import pygame

from game.core.errors import IllegalAction
from game.i18n import tr
from game.rules.breaker_blocks import LEVEL
from game.rules.breaker_blocks.helpers import hole_sides
from game.scenes.breaker_blocks_board import (
    BOARD,
    CELL,
    COORD_SIZE,
    PILE_X,
    SIDES,
    X0,
    X1,
    Y0,
    Y1,
    Moves,
    cell_at,
    cell_rect,
    group_moves,
    nearest_side,
    parse_cell,
)
from game.scenes.breaker_blocks_hands import BreakerBlocksHands
from game.scenes.breaker_blocks_talk import BreakerBlocksTalk
from game.scenes.breaker_blocks_tips import tile_tip
from game.scenes.circuit_breaker_words import side_word
from game.scenes.table_base import (
    PANEL_TOAST_MAX_HEIGHT,
    PANEL_TOAST_SPAN,
    PANEL_TOAST_SPILL,
    PANEL_TOAST_TOP,
    TableScene,
)
from game.ui import draw, theme
from game.ui.breaker_blocks_tiles import OWNER, side_point, tile_image
from game.ui.drag import DragController
from game.ui.focus import Focusable
from game.ui.tween import Tween, ease_in_out, speed_factor

HAND_TILE = 36
HAND_BOX_RADIUS = 6  # the corners of the box round a hand tile picked up or that may be kept
HAND_LABEL_ABOVE = 29  # a 20 px label, then the 8 px the focus ring reaches out of a tile, then 1
PILE_ICON = 22  # a pile's tile icon, PILE_PAD inside its box's top left corner
PILE_PAD = 3
PILE_NAME_SIZE = 14  # a pile's tile name: 10.5 px in a 960 x 540 window, as the log's text
# a hand tile's 'new', a circuit's control and the other colour pile: at 11 and 13 px they
# were 8 and 10 px in a 960 x 540 window
NEW_SIZE = 13
SMALL_TEXT = 14
LANDING_TEXT = 14  # what a drop now does, over the socket under a dragged tile
MOVE_TIME = 0.3
HELD_PAD = CELL // 5 * 2  # a held tile's image is its place grown by this (the tile's padding)


# what your own move sounds like, as in the other games (a tile played or drawn was silent)
ACT_SOUNDS = {"draw": "draw", "play": "drop", "rearrange": "drop", "place": "drop", "target": "capture",
              "keep": "pick"}


class BreakerBlocksTable(BreakerBlocksTalk, BreakerBlocksHands, TableScene):
    undo_limit = "Nothing to undo: you can take back your own moves, but not past another person's."
    # messages in the side panel (this game shows no status there): in the middle column they
    # covered the actions left this turn, and at large reading sizes the piles they named
    toast_top, toast_span, toast_max_height = PANEL_TOAST_TOP, PANEL_TOAST_SPAN, PANEL_TOAST_MAX_HEIGHT
    toast_spill = PANEL_TOAST_SPILL
    hidden_information = False  # all tiles are open: seats swap without a hand-off screen
    # the ring stayed on the pile drawn from or the cell just played, which the other seat's
    # moves may have taken: a turn starts on your first hand tile (your piles, with none)
    ring_starts_each_turn = True

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.drag = DragController()
        self.selected: tuple | None = None   # ("hand", kind) / ("leaf", cell) / ("pile", kind) for AUTOMATE
        self.side_pick = 0                   # keyboard: which of a cell's sides to use
        self.picked_slot = 0                 # which copy of a ("hand", kind) selection was picked
        self.flights: list[tuple[pygame.Surface, Tween]] = []
        self.pulse = 0.0
        self._moves: tuple[tuple[int, int, bool], Moves] | None = None

    # --- set-up -------------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        self.end_button = self.button(tr("End turn (N)"), (PILE_X, 648, 150, 42), self.end_turn,
                                      tooltip=tr("N: end your turn; an action left unused is lost"))
        self.skip_button = self.button(tr("Skip (S)"), (PILE_X + 160, 648, 120, 42), lambda: self.act("skip"),
                                       tooltip=tr("S: skip the rest of the Agitate, moving no more of your "
                                                  "opponent's tiles"))
        # a stop for every tile a hand can hold: all of a colour's power tiles and one of each action
        v = self.view
        most = sum(v["piles"][0].values()) + sum(v["hands"][0].values()) + len(v["action_types"])
        self.play_area_starts_here()
        self.hand_focus: dict[tuple[int, int], int] = {}  # (seat, slot) -> focus stop
        self.cell_focus: dict[tuple[int, int], int] = {}  # board cell -> focus stop
        for seat in (0, 1):
            for i in range(most):
                self.hand_focus[(seat, i)] = len(self.focus.items)
                self.focus.add(Focusable(lambda s=seat, i=i: self.hand_rect(s, i),
                                         lambda s=seat, i=i: self.by_keys(lambda: self.click_hand(s, i)),
                                         lambda s=seat, i=i: self.hand_stop_live(s, i)))
        self.pile_focus = len(self.focus.items)  # the first pile entry's stop; the rest follow
        for i in range(11):
            self.focus.add(Focusable(lambda i=i: self.pile_rect(i),
                                     lambda i=i: self.by_keys(lambda: self.click_pile(i)),
                                     lambda i=i: self.pile_stop_live(i)))
        for y in range(Y1, Y0 - 1, -1):
            for x in range(X0, X1 + 1):
                self.cell_focus[(x, y)] = len(self.focus.items)
                self.focus.add(Focusable(lambda c=(x, y): cell_rect(c),
                                         lambda c=(x, y): self.by_keys(lambda: self.click_cell(c, None)),
                                         lambda c=(x, y): self.my_turn() and self.cell_useful(c)))

    def handle_event(self, event: pygame.event.Event) -> bool:
        # with an action tile's step pending and the ring not shown yet (a saved game just
        # continued, or the tile played by mouse), the first Tab or Enter goes to the step's
        # first choice: the hand, where Tab started, takes no part in it. So with a tile
        # picked up by a click: its first socket, not the tile itself, where Enter put it down
        keys = (pygame.K_TAB, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
        if event.type == pygame.KEYDOWN and event.key in keys \
                and not self.focus.visible and not self.settling() and not self.coach_waiting():
            stops = self.held_stops() or self.step_stops()
            coach = self.coach_focus_stop() if self.tutorial is not None else None
            if stops:
                self.focus.show_first([coach] if coach is not None else stops)  # the coach's pick first
                return True
        return super().handle_event(event)

    def show_focus(self) -> None:
        # an action tile's step pending (a saved game continued): the ring on its first choice;
        # a tile picked up by a click: on its first socket
        stops = self.held_stops() or self.step_stops()
        coach = self.coach_focus_stop() if self.tutorial is not None else None
        if stops:
            self.focus.show_first([coach] if coach is not None else stops)
        else:
            super().show_focus()

    def ring_back_to(self, held: tuple | None) -> None:
        """A tile let go with Esc while the ring is on one of its sockets (no stop any more,
        where Enter did nothing): the ring goes back to the tile, so Enter picks it up again."""
        if held is None or not self.focus.visible:
            return
        if held[0] == "hand" and held[1] in self.hand_kinds(self.viewer):
            stop = self.hand_focus.get((self.viewer, self.hand_slot(held[1])))
        elif held[0] == "leaf":
            stop = self.cell_focus.get(held[1])
        else:  # AUTOMATE: the pile it was picked from
            kinds = [k for k, _, _ in self.pile_entries()]
            stop = self.pile_focus + kinds.index(held[1]) if held[1] in kinds else None
        if stop is not None:
            self.focus.show_first([stop])

    def by_keys(self, act: Callable[[], None]) -> None:
        """Enter on a stop: as a click, then the ring moves on to where the next choice is
        made, so a second Enter acts there: a tile picked up goes to its first socket, an
        action tile's step to its first target, leaf to move or tile a hand may keep."""
        before = self.selected
        act()
        if not self.can_act():
            return
        if self.selected is not None and self.selected != before:
            cells = self.sockets_for(self.selected)
            current = self.focus.current
            if current is not None and current.rect_of() in [cell_rect(c) for c in cells]:
                return  # already on one of them
            self.focus.show_first(self.held_stops())
        elif self.selected is None:
            stops = self.step_stops()
            if stops and self.focus.index not in stops:
                self.focus.show_first(stops)
            elif not stops and self.focus.current is not None and not self.focus.current.enabled():
                # the stop acted on is none now, where Enter does nothing: the last tile kept
                # (AGGRAVATE; the rival's hand), the last leaf an action tile took (its cell empty)
                self.ring_to_next_stop()

    def ring_to_next_stop(self) -> None:
        """The ring to where the turn goes on: End turn once nothing else is left, else the
        first stop Tab reaches in the play area (your hand, then the piles)."""
        m = self.moves()
        if m.end and not (m.draws or m.plays or m.rearranges):
            self.focus.show_first([i for i, item in enumerate(self.focus.items)
                                   if item.rect_of() == self.end_button.rect and item.enabled()])
            return
        self.focus.index = -1
        self.focus.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="", scancode=0))

    def held_stops(self) -> list[int]:
        """The focus stops of the sockets the picked tile may go into; nothing picked: []."""
        if not self.can_act() or self.selected is None:
            return []
        return sorted(self.cell_focus[c] for c in self.sockets_for(self.selected) if c in self.cell_focus)

    def step_stops(self) -> list[int]:
        """The focus stops where an action tile's pending step is chosen: its targets, the
        rival's leaf AGITATE moves, the piles ACCELERATE draws from, or the tiles a hand may
        keep (AGGRAVATE); none: []."""
        if not self.can_act() or self.selected is not None:
            return []
        m = self.moves()
        if m.targets:
            cells = m.targets
        elif m.rearranges and self.view.get("pending"):
            cells = set(m.rearranges)  # AGITATE: first the rival's leaf to move
        elif m.draws and (self.view.get("pending") or {}).get("step") == "draw":
            # ACCELERATE's draws: the ring left on the placed tile, where Enter does nothing
            return [self.pile_focus + i for i in range(11) if self.pile_stop_live(i)]
        elif m.keeps:
            seat = self.viewer if self._keep_is_mine() else 1 - self.viewer
            kinds = self.hand_kinds(seat)
            return sorted(self.hand_focus[(seat, i)] for i, k in enumerate(kinds)
                          if k in m.keeps and (seat, i) in self.hand_focus)
        else:
            return []
        return sorted(self.cell_focus[c] for c in cells if c in self.cell_focus)

    # --- legal moves --------------------------------------------------------------------
    def can_act(self) -> bool:
        """The person at the screen may move now: their turn, and not a replay (which is
        on show only: nothing in it glows or asks to be clicked)."""
        return self.my_turn() and not self.replaying

    def moves(self) -> Moves:
        # keyed on the viewer too: in pass-and-play the seat changes without a new action
        key = (len(self.session.log.actions), self.viewer, self.replaying)
        if self._moves is None or self._moves[0] != key:
            texts = self.session.legal_texts() if self.can_act() else []
            self._moves = (key, group_moves(texts))
        return self._moves[1]

    def act(self, text: str) -> bool:
        self.selected = None
        self.side_pick = 0
        done = self.perform(text, self.viewer)
        cue = ACT_SOUNDS.get(text.split()[0])
        if done and cue:
            self.app.sound.play(cue)
        return done

    def end_turn(self) -> None:
        """End the turn; with actions unused (they are lost, BB-11) ask first."""
        m = self.moves()
        if not m.end:
            return
        # with nothing but ending possible, ending loses nothing
        left = self.view["actions_left"] if m.draws or m.plays or m.rearranges else 0
        unused = None
        if left >= 2:
            unused = tr("You have not used either action this turn: ending now gives both up.")
        elif left == 1:
            unused = tr("You still have an action left: ending now gives it up.")
        self.end_turn_asking(unused, lambda: self.act("end"))

    def sockets_for(self, source: tuple | None) -> dict[tuple[int, int], list[str]]:
        m = self.moves()
        if source is None:
            return {}
        if source[0] == "hand":
            return m.plays.get(source[1], {})
        if source[0] == "leaf":
            return m.rearranges.get(source[1], {})
        if source[0] == "pile":
            return m.places.get(source[1], {})
        return {}

    def cell_useful(self, cell: tuple[int, int]) -> bool:
        m = self.moves()
        return cell in m.targets or cell in m.rearranges or cell in self.sockets_for(self.selected)

    # --- hands and piles ----------------------------------------------------------------
    def hand_kinds(self, seat: int, view: dict | None = None) -> list[str]:
        v = view or self.view
        hand = v["hands"][seat]
        return [k for k in v["power_kinds"] + v["action_types"] for _ in range(hand.get(k, 0))]

    def hand_rect(self, seat: int, index: int, view: dict | None = None) -> pygame.Rect:
        # the label above each hand (HAND_LABEL_ABOVE) clears the focus ring on its tiles
        # yours under the board's column numbers (COORD_SIZE) and its label
        y = 40 if seat == 1 else BOARD.bottom + 2 + theme.font(COORD_SIZE).get_height() + HAND_LABEL_ABOVE
        # a long hand closes up (and fans over itself) rather than run under the panels
        count = len(self.hand_kinds(seat, view))
        room = PILE_X - 12 - BOARD.x - HAND_TILE
        step = min(HAND_TILE + 16, room // max(1, count - 1))
        return pygame.Rect(BOARD.x + index * step, y, HAND_TILE, HAND_TILE)

    def pile_entries(self, view: dict | None = None) -> list[tuple[str, int, str]]:
        """(kind, count, which pile) for the mover's colour pile then the action pile."""
        v = view or self.view
        me = v["current_player"] if v["current_player"] is not None else self.viewer
        out = [(k, v["piles"][me].get(k, 0), "colour") for k in v["power_kinds"]]
        out += [(k, n, "action") for k, n in v["action_pile"].items()]
        return out

    def pile_rect(self, index: int) -> pygame.Rect:
        col, row = index % 4, index // 4
        return pygame.Rect(PILE_X + col * 112, 384 + row * 52, 104, 46)

    # --- tips ---------------------------------------------------------------------------
    def pointed_tip(self, pos: tuple[int, int]) -> tuple[pygame.Rect, str] | None:
        """A tile in either hand or a pile, what it is and does (see breaker_blocks_tips);
        of overlapping tiles of a closed-up hand the first, as a click takes (hand_slot_at);
        nothing while a tile is dragged."""
        if self.drag.active:
            return None
        for seat in (0, 1):
            slot = self.hand_slot_at(pos, seat)
            if slot is not None:
                return self.hand_tip(seat, slot)
        return next((self.pile_tip(i) for i in range(len(self.pile_entries())) if self.pile_rect(i).collidepoint(pos)),
                    None)

    def focused_tip(self) -> tuple[pygame.Rect, str] | None:
        """The ring's hand slot or pile by its stop, not by its centre: in a closed-up hand
        a tile's centre can lie on the one before it."""
        index = self.focus.index if self.focus.visible else None
        slot = next((place for place, stop in self.hand_focus.items() if stop == index), None)
        if slot is not None:
            return self.hand_tip(*slot) if slot[1] < len(self.hand_kinds(slot[0])) else None
        if index is not None and 0 <= index - self.pile_focus < len(self.pile_entries()):
            return self.pile_tip(index - self.pile_focus)
        return super().focused_tip()

    def pile_tip(self, index: int) -> tuple[pygame.Rect, str]:
        return self.pile_rect(index), tile_tip(self.pile_entries()[index][0])

    # --- clicks -------------------------------------------------------------------------
    def click_hand(self, seat: int, index: int) -> None:
        if not self.my_turn():
            return
        kinds = self.hand_kinds(seat)
        if index >= len(kinds):
            return
        kind = kinds[index]
        m = self.moves()
        if m.keeps and kind in m.keeps and (seat == self.viewer) == self._keep_is_mine():
            self.act(f"keep {kind}")
            return
        if seat != self.viewer:
            self.refuse(tr("That is your opponent's hand."))
            return
        if kind in m.plays and index not in self.new_slots(seat):  # the "new" copy waits for next turn
            self.selected = None if self.selected == ("hand", kind) else ("hand", kind)
            self.picked_slot = index
            self.app.sound.play("pick")
        else:
            self.refuse(self.reason_for_hand(kind))

    def hand_slot(self, kind: str) -> int:
        """Your hand's slot holding the picked copy of ``kind``: the one clicked while it still
        holds that kind, else the first (copies of a kind are alike, but only one was picked)."""
        kinds = self.hand_kinds(self.viewer)
        return self.picked_slot if kinds[self.picked_slot:self.picked_slot + 1] == [kind] else kinds.index(kind)

    def new_slots(self, seat: int) -> set[int]:
        """The hand slots of the tiles drawn this turn, which cannot be played yet: the last
        of their kind, where a drawn tile flies to (see fly_drawn). A tile picked up from any
        other slot plays one of the older copies (the rules tell copies of a kind apart by
        nothing), so those slots must not be the ones marked "new"."""
        if seat != self.session.current_player:
            return set()
        kinds = self.hand_kinds(seat)
        out: set[int] = set()
        for kind, n in (self.view.get("drawn_this_turn") or {}).items():
            slots = [i for i, k in enumerate(kinds) if k == kind]
            out.update(slots[max(0, len(slots) - n):])
        return out

    def hand_stop_live(self, seat: int, index: int) -> bool:
        """A hand tile takes the keyboard focus when it can be used: your own on your turn,
        the opponent's only while AGGRAVATE asks which one they keep."""
        if not self.my_turn() or index >= len(self.hand_kinds(seat)):
            return False
        return seat == self.viewer or (bool(self.moves().keeps) and not self._keep_is_mine())

    def pile_stop_live(self, index: int) -> bool:
        """A pile entry takes the keyboard focus on your turn while it holds a tile: an empty
        one ("power 0 x0") has nothing to draw or place, so Tab and the arrows pass it by."""
        if not self.my_turn():
            return False
        entries = self.pile_entries()
        return index < len(entries) and entries[index][1] > 0

    def _keep_is_mine(self) -> bool:
        pending = self.view.get("pending") or {}
        return pending.get("number", 1) == 1

    def reason_for_hand(self, kind: str) -> str:
        if self.view.get("pending"):
            # an action tile is still resolving: the rules name the step to finish first
            # (they turn down any play during a step before looking at its cell)
            try:
                self.session.check(f"play {kind} at 0,-1 from N")
            except IllegalAction as exc:
                return str(exc)
        if kind in (self.view.get("drawn_this_turn") or {}):
            return tr("You drew that tile this turn: it can be played next turn.")
        return tr("There is no socket for that tile now.")

    def click_pile(self, index: int) -> None:
        if not self.my_turn():
            return
        entries = self.pile_entries()
        if index >= len(entries):
            return
        kind, count, _ = entries[index]
        m = self.moves()
        if kind in m.places:
            self.selected = ("pile", kind)
            self.app.sound.play("pick")
        elif kind in m.draws:
            self.act(f"draw {kind}")
        else:
            self.refuse(tr("That pile is empty.") if count == 0 else self.draw_refusal(kind))

    def draw_refusal(self, kind: str) -> str:
        try:
            self.session.check(f"draw {kind}")
        except Exception as exc:
            return str(exc)
        return tr("You cannot take that now.")

    def click_cell(self, cell: tuple[int, int], pos: tuple[int, int] | None) -> None:
        if not self.my_turn():
            self.refuse(tr("Wait for your turn."))
            return
        m = self.moves()
        if cell in m.targets:
            self.act(f"target {cell[0]},{cell[1]}")
            return
        if m.targets:  # an action tile asks for a target, and this is none: the rules say why
            self.refuse(self.check_reason(f"target {cell[0]},{cell[1]}") or tr("Pick one of the marked tiles."))
            return
        sockets = self.sockets_for(self.selected)
        if cell in sockets:
            sides = self.coach_sides(cell, sockets[cell])
            side = nearest_side(cell_rect(cell), pos, sides) if pos else sides[self.side_pick % len(sides)]
            self.drop(self.selected, cell, side)
            return
        if cell in m.rearranges:
            if self.selected is not None and self.selected[0] != "leaf":
                # holding a tile from the hand, Enter or a click on a cell means "put it here",
                # as a drop there would: say why not, and how to move that leaf instead
                self.refuse(tr("{cell} already holds one of your tiles. To move that one instead, first put {k} "
                               "back (Esc, or click it in your hand).", cell=f"{cell[0]},{cell[1]}",
                               k=self.kind_word(self.selected[1])))
                return
            self.selected = None if self.selected == ("leaf", cell) else ("leaf", cell)
            self.app.sound.play("pick")
            return
        if self.selected is not None:  # a click says what a drag there says
            self.refuse(self.rival_socket_problem(cell, self.selected) or tr("That is not a socket for this tile."))
        elif self.tile_at(cell) is not None:  # a tile that cannot move now: say why, not nothing
            self.refuse(self.move_refusal(cell))

    def check_reason(self, text: str) -> str | None:
        """Why the rules turn ``text`` down now (None: they take it)."""
        try:
            self.session.check(text)
        except IllegalAction as exc:
            return str(exc)
        return None

    def move_refusal(self, cell: tuple[int, int]) -> str:
        """Why the tile at ``cell`` cannot be picked up to move: asked of the rules with its
        own hole as the goal, which they refuse only after the tile itself passes (a leaf,
        the right owner, not AUTHENTICATE, a move allowed now), so that answer means it
        passed and has no socket to go to."""
        where = f"{cell[0]},{cell[1]}"
        reason = self.check_reason(f"rearrange {where} to {where} from {self.tile_at(cell)['from']}")
        if reason is None or "hole it just left" in reason:
            return tr("The tile at {cell} has no free socket to move to.", cell=where)
        return reason

    def landing(self, source: tuple, pos: tuple[int, int]) -> tuple[tuple[int, int], str] | None:
        """Where a tile let go at ``pos`` goes: the socket cell under the pointer and the
        side its tab takes (the offered side nearest the pointer); None off the sockets."""
        cell = cell_at(pos)
        sockets = self.sockets_for(source)
        if cell is None or cell not in sockets:
            return None
        return cell, nearest_side(cell_rect(cell), pos, self.coach_sides(cell, sockets[cell]))

    def coach_sides(self, cell: tuple[int, int], sides: list[str]) -> list[str]:
        """In a tutorial, a cell that takes a tab from several sides takes it from the side
        the coach asks for: a learner cannot be expected to aim at one edge of the cell."""
        step = self.tutorial.step if self.tutorial is not None else None
        if step is not None and step.expect:
            m = re.fullmatch(r"play \S+ at (-?\d+),(-?\d+) from ([NESW])", step.expect)
            if m and (int(m[1]), int(m[2])) == cell and m[3] in sides:
                return [m[3]]
        return sides

    def drag_landing(self) -> tuple[tuple[int, int], str] | None:
        """While a tile is being dragged: where it would land if let go now."""
        d = self.drag.drag
        return self.landing(d.source, d.pos) if d is not None and d.started else None

    def pointed_landing(self) -> tuple[tuple[int, int], str] | None:
        """A tile picked up by a click, the pointer resting on one of its sockets: where a click
        there puts it (the side nearest the pointer, as a drop). None while the keyboard's
        ring shows, which says where Enter puts it instead."""
        if self.selected is None or self.drag.active or self.focus.visible:
            return None
        return self.landing(self.selected, self.app.mouse_pos)

    def keyboard_landing(self) -> tuple[tuple[int, int], str] | None:
        """The keyboard's ring on a socket of the tile held: where Enter puts it, on the side
        R last picked (the coach's side in a tutorial, as Enter takes it)."""
        cell = self.focused_cell() if self.selected is not None and not self.drag.active else None
        if cell is None:
            return None
        sides = self.coach_sides(cell, self.sockets_for(self.selected)[cell])
        return cell, sides[self.side_pick % len(sides)]

    def held_source(self) -> tuple | None:
        """The tile in hand: the one being dragged, else the one picked by a click or Enter."""
        return self.drag.drag.source if self.drag.active else self.selected

    def drop(self, source: tuple, cell: tuple[int, int], side: str) -> bool:
        return self.act(self.drop_text(source, cell, side))

    @staticmethod
    def drop_text(source: tuple, cell: tuple[int, int], side: str) -> str:
        where = f"{cell[0]},{cell[1]} from {side}"
        if source[0] == "hand":
            return f"play {source[1]} at {where}"
        if source[0] == "pile":
            return f"place {source[1]} at {where}"
        return f"rearrange {source[1][0]},{source[1][1]} to {where}"

    def drop_problem(self, source: tuple, cell: tuple[int, int] | None, pos: tuple[int, int]) -> str | None:
        """Why a drop fails on a cell that holds a tile or is part of the core, in the
        rules' words; beside holes, whose they are and why not there (rival_socket_problem);
        None elsewhere (the glowing sockets say more than "no hole faces it")."""
        if cell is None:
            return None
        if self.tile_at(cell) is None and cell not in LEVEL.core:
            return self.rival_socket_problem(cell, source)
        side = nearest_side(cell_rect(cell), pos, ["N", "E", "S", "W"])
        try:
            self.session.check(self.drop_text(source, cell, side))
        except IllegalAction as exc:
            return str(exc)
        return None

    def rival_socket_problem(self, cell: tuple[int, int], source: tuple | None = None) -> str | None:
        """A drop on an empty cell that only the other player's holes face (BB-6): their holes
        look like yours in another colour, and "Drop it on a glowing socket" never said why
        that one did not count. The held tile's owner decides which holes count: AGITATE
        moves the other player's leaf (``source``), into that player's sockets, so there it
        is your own holes that do not. A hole of the owner's facing it too (a moved leaf's
        own, which it cannot plug into) is no socket for another reason: the rules' words.
        None where nobody's hole faces it: the glowing sockets say enough."""
        moved = self.tile_at(source[1]) if source is not None and source[0] == "leaf" else None
        owner = moved["owner"] if moved is not None else self.viewer
        state = self.session.state
        facing = [side for side in SIDES if state.socket_problem(owner, cell, side) is None]
        if facing:
            return self.check_reason(self.drop_text(source, cell, facing[0])) if source is not None else None
        if all(state.socket_problem(1 - owner, cell, side) for side in SIDES):
            return None
        where = f"{cell[0]},{cell[1]}"
        if owner == self.viewer:
            return tr("Only {name}'s holes face {cell}: your tile goes next to one of your own holes (the glowing "
                      "sockets).", name=self.seat_name(1 - owner), cell=where)
        return tr("Only your holes face {cell}: {name}'s leaf goes next to one of {name}'s own holes (the glowing "
                  "sockets).", name=self.seat_name(owner), cell=where)

    def clear_selection(self) -> None:
        self.selected = None
        self.drag.cancel()

    # --- input --------------------------------------------------------------------------
    def hand_slot_at(self, pos: tuple[int, int], seat: int | None = None) -> int | None:
        """The slot of ``seat``'s hand (yours by default) under ``pos``: where a closed-up hand
        overlaps, the later tile, drawn over the one before it (the one the player sees)."""
        seat = self.viewer if seat is None else seat
        return next((i for i in reversed(range(len(self.hand_kinds(seat))))
                     if self.hand_rect(seat, i).collidepoint(pos)), None)

    def source_at(self, pos: tuple[int, int]) -> tuple | None:
        slot = self.hand_slot_at(pos)
        if slot is not None:
            # a tile marked "new" is not picked up: the press says why (see click_hand)
            return None if slot in self.new_slots(self.viewer) else ("hand", self.hand_kinds(self.viewer)[slot])
        m = self.moves()
        if m.places:  # AUTOMATE: a pile tile is dragged onto a socket as a hand tile is
            for i, (kind, _, _) in enumerate(self.pile_entries()):
                if kind in m.places and self.pile_rect(i).collidepoint(pos):
                    return ("pile", kind)
        cell = cell_at(pos)
        if cell is not None and cell in m.rearranges:
            return ("leaf", cell)
        return None

    def source_rect(self, source: tuple, pos: tuple[int, int]) -> pygame.Rect:
        """Where a held tile pressed at ``pos`` starts (and snaps back to): its hand place, its
        cell, or a cell-sized square on its pile's tile. Of two copies in the hand, the one
        pressed: the first of its kind made the tile jump there and come back there."""
        if source[0] == "hand":
            slot = self.hand_slot_at(pos)
            if slot is None or self.hand_kinds(self.viewer)[slot] != source[1]:
                slot = self.hand_kinds(self.viewer).index(source[1])
            return self.hand_rect(self.viewer, slot)
        if source[0] == "pile":
            pile = self.pile_rect([k for k, _, _ in self.pile_entries()].index(source[1]))
            return pygame.Rect(0, 0, CELL, CELL).move(pile.x, pile.y + (pile.h - CELL) // 2)
        return cell_rect(source[1])

    def on_event(self, event: pygame.event.Event) -> bool:
        if super().on_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            src = self.source_at(event.pos) if self.my_turn() else None
            if src is not None and self.sockets_for(src):
                rect = self.source_rect(src, event.pos)
                kind = self.tile_at(src[1])["kind"] if src[0] == "leaf" else src[1]
                # a copy: the held tile fades over a socket, and the cached image is shared
                self.drag.press(src, tile_image(kind, self.viewer, None, [], CELL).copy(),
                                rect.inflate(HELD_PAD, HELD_PAD), event.pos)
                return True
            return self.press(event.pos)
        if event.type == pygame.MOUSEMOTION:
            self.drag.motion(event.pos)
            return self.drag.active
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag.drag is not None:
            d = self.drag.drag
            image, origin, dragged = d.image, d.origin, d.rect
            source = d.source
            self.drag.cancel()
            if not d.started:
                self.press(event.pos)
                return True
            cell = cell_at(event.pos)
            landing = self.landing(source, event.pos)
            if landing is not None:
                self.drop(source, *landing)
            else:
                self.refuse(self.drop_problem(source, cell, event.pos) or tr("Drop it on a glowing socket."))
                image.set_alpha(255)  # faded while it was over a socket (None would drop the see-through padding)
                self.drag.snap_back(image, dragged, origin)
            return True
        if event.type == pygame.KEYDOWN:
            return self.on_key(event)
        return False

    def press(self, pos: tuple[int, int]) -> bool:
        for seat in (0, 1):
            for i in range(len(self.hand_kinds(seat))):
                if self.hand_rect(seat, i).collidepoint(pos):
                    self.click_hand(seat, i)
                    return True
        for i in range(len(self.pile_entries())):
            if self.pile_rect(i).collidepoint(pos):
                self.click_pile(i)
                return True
        cell = cell_at(pos)
        if cell is not None:
            self.click_cell(cell, pos)
            return True
        return False

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE:
            if self.selected is not None or self.drag.drag is not None:
                held, sockets = self.selected, self.sockets_for(self.selected)
                self.clear_selection()  # nothing irreversible has happened yet
                current = self.focus.current
                if current is not None and current.rect_of() in [cell_rect(c) for c in sockets]:
                    self.ring_back_to(held)  # a socket is no stop once nothing is held
            else:
                self.open_menu()
            return True
        if event.key == pygame.K_r and self.selected is not None:
            self.side_pick += 1
            return True
        if event.key == pygame.K_n and self.moves().end:
            self.end_turn()
            return True
        if event.key == pygame.K_s and self.moves().skip:
            self.act("skip")
            return True
        return False

    # --- narration, animation, results --------------------------------------------------
    def tile_at(self, cell: tuple[int, int], view: dict | None = None) -> dict | None:
        for t in (view or self.view)["board"]:
            if tuple(t["cell"]) == tuple(cell):
                return t
        return None

    def on_applied(self, seat: int, text: str, before: dict, after: dict) -> None:
        duration = MOVE_TIME * speed_factor(self.app.settings.animation_speed)
        w = text.split()
        if duration <= 0:
            return
        if w[0] == "draw":
            self.fly_drawn(seat, w[1], before, duration)
        elif w[0] == "target":
            self.fly_targeted(parse_cell(w[1]), before, duration)
        elif w[0] == "keep":
            self.fly_returned(before, after, duration)
        if w[0] not in ("play", "place", "rearrange") or not self.is_bot(seat):
            return  # a person's own tile is already where they put it
        cell = parse_cell(w[3])
        placed = self.tile_at(cell, after)
        if placed is None:
            return
        if w[0] == "rearrange":
            start = cell_rect(parse_cell(w[1]))
        elif w[0] == "play":
            kinds = self.hand_kinds(seat, before)
            start = self.hand_rect(seat, kinds.index(w[1]) if w[1] in kinds else 0, before)
        else:  # AUTOMATE: from its pile
            entries = self.pile_entries(before)
            start = self.pile_rect(next((i for i, (k, _, _) in enumerate(entries) if k == w[1]), 0))
        img = tile_image(placed["kind"], placed["owner"], None, [], CELL)
        self.flights.append((img, Tween(start.topleft, cell_rect(cell).topleft, duration, ease=ease_in_out,
                                        payload={"cell": cell})))

    def fly_drawn(self, seat: int, kind: str, before: dict, duration: float) -> None:
        """A drawn tile flies from its pile to its place in the hand (hands are open)."""
        entries = self.pile_entries(before)
        which = "colour" if kind in before["power_kinds"] else "action"
        index = next((i for i, (k, _, w) in enumerate(entries) if k == kind and w == which), None)
        kinds = self.hand_kinds(seat)
        if index is None or kind not in kinds:
            return
        slot = len(kinds) - 1 - kinds[::-1].index(kind)  # the last of its kind: the new one
        start, end = self.pile_rect(index), self.hand_rect(seat, slot)
        img = tile_image(kind, seat, None, [], HAND_TILE)
        self.flights.append((img, Tween(start.topleft, end.topleft, duration, ease=ease_in_out,
                                        payload={"hand": (seat, slot), "offset": HAND_TILE // 5})))

    def fly_targeted(self, cell: tuple[int, int], before: dict, duration: float) -> None:
        """A targeted leaf leaves the board: back to its pile (ATTENUATE), or fading out of
        the game (ANNIHILATE)."""
        gone = self.tile_at(cell, before)
        if gone is None:
            return
        img = tile_image(gone["kind"], gone["owner"], gone["from"], hole_sides(gone["kind"], gone["from"]), CELL)
        start = cell_rect(cell)
        if (before.get("pending") or {}).get("tile") == "annihilate":
            end = start.move(0, -CELL // 3)  # a short rise: it fades before it crosses a neighbour
            self.flights.append((img, Tween(start.topleft, end.topleft, duration * 1.5, ease=ease_in_out,
                                            payload={"fade": True})))
            return
        which = "colour" if gone["kind"] in before["power_kinds"] else "action"
        shown = before["current_player"] if before["current_player"] is not None else self.viewer
        entries = self.pile_entries(before)
        index = next((i for i, (k, _, w) in enumerate(entries) if k == gone["kind"] and w == which
                      and (which == "action" or gone["owner"] == shown)), None)
        end = self.pile_rect(index) if index is not None else pygame.Rect(PILE_X, 544, 28, 28)  # the other pile's line
        self.flights.append((img, Tween(start.topleft, end.topleft, duration, ease=ease_in_out)))

    def fly_returned(self, before: dict, after: dict, duration: float) -> None:
        """AGGRAVATE: every tile a hand gives up flies from its slot back to its pile."""
        entries = self.pile_entries(before)
        mover = before["current_player"] if before["current_player"] is not None else self.viewer
        for seat in (0, 1):
            kinds = self.hand_kinds(seat, before)
            for kind in dict.fromkeys(kinds):
                lost = before["hands"][seat].get(kind, 0) - after["hands"][seat].get(kind, 0)
                slots = [i for i, k in enumerate(kinds) if k == kind][-lost:] if lost > 0 else []
                which = "colour" if kind in before["power_kinds"] else "action"
                index = next((i for i, (k, _, w) in enumerate(entries) if k == kind and w == which), None)
                if which == "colour" and seat != mover:
                    index = None  # only the mover's colour pile is laid out: the other one's line
                end = self.pile_rect(index) if index is not None else pygame.Rect(PILE_X, 544, 28, 28)
                for n, slot in enumerate(slots):
                    img = tile_image(kind, seat, None, [], HAND_TILE)
                    start = self.hand_rect(seat, slot, before)
                    self.flights.append((img, Tween(start.topleft, end.topleft, duration + 0.05 * n,
                                                    ease=ease_in_out)))

    @property
    def animating(self) -> bool:
        return bool(self.flights)

    def finish_animation(self) -> None:
        self.flights.clear()

    # --- frame --------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.pulse += dt
        for _, t in self.flights:
            t.update(dt)
        self.flights = [f for f in self.flights if not f[1].done]
        self.drag.update(dt)
        m = self.moves()
        self.end_button.show() if m.end else self.end_button.hide()
        self.skip_button.show() if m.skip else self.skip_button.hide()
        super().update(dt)

    def draw_scene(self, surface: pygame.Surface) -> None:
        self.draw_board(surface)
        self.draw_hands(surface)
        self.draw_circuits(surface)
        self.draw_piles(surface)
        for img, t in self.flights:
            offset = t.payload.get("offset", CELL // 5)
            if t.payload.get("fade"):  # leaving the game: it fades as it rises
                img = img.copy()
                img.set_alpha(round(255 * (1 - t.progress)))
            surface.blit(img, (t.pos[0] - offset, t.pos[1] - offset))
        lines = theme.wrap(self.shown_prompt(), 16, 440)
        for i, line in enumerate(lines[:3]):
            theme.draw_text(surface, line, (PILE_X, 570 + 22 * i), 16, theme.YELLOW if self.can_act() else theme.TEXT)
        self.draw_panel(surface)
        landing = self.drag_landing()
        if self.drag.drag is not None:  # over a socket the tile shows where it lands; what is held fades
            self.drag.drag.image.set_alpha(90 if landing else 255)  # not None: that makes the padding black
        self.drag.draw(surface)
        self.draw_drag_landing(surface, landing)
        resting = self.pointed_landing() or self.keyboard_landing()
        if resting is not None:  # picked, not dragged: the same words as a drag, the tile stays put
            self.draw_landing_words(surface, *resting)

    def draw_board(self, surface: pygame.Surface) -> None:
        v = self.view
        pygame.draw.rect(surface, theme.TABLE_DARK, BOARD.inflate(6, 6), border_radius=6)
        for y in range(Y0, Y1 + 1):
            for x in range(X0, X1 + 1):
                pygame.draw.rect(surface, (34, 70, 82), cell_rect((x, y)), 1)
        # the dotted line between the two halves (seat 1 south, seat 2 north)
        mid = cell_rect((X0, 0)).top
        for x in range(BOARD.x, BOARD.right, 10):
            pygame.draw.line(surface, theme.TEXT_DIM, (x, mid), (x + 5, mid), 2)
        # the core: three circuits, with the inputs marked
        for i, name in enumerate(v["circuits"]):
            r = cell_rect((i, 1)).union(cell_rect((i, 0)))
            pygame.draw.rect(surface, (70, 70, 84), r)
            pygame.draw.rect(surface, theme.BLACK, r, 2)
            theme.draw_text(surface, name, r.center, 15, theme.TEXT, bold=True, anchor="center")
        for seat, sides in ((0, [((0, 0), "S"), ((0, 0), "W"), ((1, 0), "S"), ((2, 0), "S")]),
                            (1, [((2, 1), "N"), ((2, 1), "E"), ((1, 1), "N"), ((0, 1), "N")])):
            for cell, side in sides:  # each input in its owner's shape too, not only its colour
                draw.marker(surface, theme.seat_shape(seat), side_point(cell_rect(cell), side), 6, OWNER[seat],
                            outline=None)
        # coordinates along two edges
        for x in range(X0, X1 + 1):
            theme.draw_text(surface, str(x), (cell_rect((x, Y0)).centerx, BOARD.bottom + 2), COORD_SIZE,
                            theme.TEXT_DIM, anchor="midtop")
        for y in range(Y0, Y1 + 1):
            theme.draw_text(surface, str(y), (BOARD.right + 4, cell_rect((X1, y)).centery), COORD_SIZE,
                            theme.TEXT_DIM, anchor="midleft")
        flying = {t.payload.get("cell") for _, t in self.flights}
        for t in v["board"]:
            cell = tuple(t["cell"])
            if cell in flying or self.in_the_air(cell_rect(cell)):
                continue
            img = tile_image(t["kind"], t["owner"], t["from"], hole_sides(t["kind"], t["from"]), CELL)
            surface.blit(img, cell_rect(cell).move(-CELL // 5, -CELL // 5))
        self.draw_glows(surface)

    def in_the_air(self, place: pygame.Rect) -> bool:
        """Whether the tile at ``place`` (a hand slot or a cell) is held in a drag or flying back
        after a refused drop: drawn in its place as well, it showed twice (a third 3 beside
        the two in the hand)."""
        origins = [tween.end for _, tween in self.drag.snapbacks]
        if self.drag.active:
            origins.append(self.drag.drag.origin.topleft)
        return place.inflate(HELD_PAD, HELD_PAD).topleft in origins

    def focused_cell(self) -> tuple[int, int] | None:
        """The board cell under the keyboard focus ring, if it shows."""
        current = self.focus.current if self.focus.visible else None
        if current is None:
            return None
        rect = current.rect_of()
        for cell in self.sockets_for(self.selected):
            if cell_rect(cell) == rect:
                return cell
        return None

    def draw_glows(self, surface: pygame.Surface) -> None:
        pulse = (1 + math.sin(self.pulse * 5)) / 2
        m = self.moves()
        source = self.held_source()
        keyboard = self.keyboard_landing()
        pointed = self.pointed_landing()
        for cell, sides in self.sockets_for(source).items():
            r = cell_rect(cell)
            glow = pygame.Surface(r.size, pygame.SRCALPHA)
            glow.fill((*theme.YELLOW, 60 + int(70 * pulse)))
            surface.blit(glow, r)
            for side in sides:  # a tick on each side a parent hole offers
                pygame.draw.circle(surface, theme.YELLOW, side_point(r, side), 4)
            if keyboard is not None and cell == keyboard[0]:  # Enter puts the tab on this side (R picks another)
                self.draw_tab_side(surface, cell, keyboard[1])
            elif pointed is not None and cell == pointed[0]:  # a click puts the tab on this side
                self.draw_tab_side(surface, cell, pointed[1])
        for cell in m.targets:
            pygame.draw.rect(surface, theme.VERMILLION, cell_rect(cell).inflate(4, 4), 3)
            draw.corner_brackets(surface, cell_rect(cell).inflate(8, 8))
        if source is None:
            for cell in m.rearranges:
                draw.dashed_rect(surface, cell_rect(cell).inflate(2, 2), theme.GLOW_ALT, dash=4, width=2)
        if source and source[0] == "leaf":
            pygame.draw.rect(surface, theme.GLOW_ALT, cell_rect(source[1]).inflate(6, 6), 3)

    def draw_drag_landing(self, surface: pygame.Surface, landing: tuple[tuple[int, int], str] | None) -> None:
        """While a dragged tile is over one of its sockets: the tile as it would land there,
        turned so its tab takes the side nearest the pointer (that parent hole decides the
        circuit), with that side marked. Drawn over the dragged tile, which hides the cell."""
        source = self.drag.drag.source if self.drag.drag is not None else None
        moved = self.tile_at(source[1]) if source and source[0] == "leaf" else None
        if landing is None or source is None or (source[0] == "leaf" and moved is None):
            return
        cell, side = landing
        # a leaf keeps its owner (AGITATE moves the opponent's); a hand tile is the viewer's
        kind, owner = (moved["kind"], moved["owner"]) if moved else (source[1], self.viewer)
        landed = tile_image(kind, owner, side, hole_sides(kind, side), CELL)
        surface.blit(landed, cell_rect(cell).move(-CELL // 5, -CELL // 5))
        pygame.draw.rect(surface, theme.GLOW_ALT, cell_rect(cell).inflate(4, 4), 2)
        self.draw_tab_side(surface, cell, side, dot=10)  # bigger: the pointer covers the cell's middle
        self.draw_landing_words(surface, cell, side)

    def landing_words(self, cell: tuple[int, int], side: str) -> str | None:
        """What a drop, click or Enter there now does, said by the socket while a tile is held:
        a drop near a cell's middle takes the nearest side, and which circuit that is showed
        only in the panel far off."""
        circuit = self.socket_circuit(cell, side)
        return tr("Into circuit {c}, from the {side}", c=circuit, side=side_word(side)) if circuit else None

    def draw_landing_words(self, surface: pygame.Surface, cell: tuple[int, int], side: str) -> None:
        """The landing words on a dark patch beside the cell (see landing_words_rect)."""
        words = self.landing_words(cell, side)
        if words is None:
            return
        size = theme.font(LANDING_TEXT, bold=True).size(words)
        patch = self.landing_words_rect(cell, (size[0] + 10, size[1] + 4))
        pygame.draw.rect(surface, theme.TABLE_DARK, patch, border_radius=4)
        pygame.draw.rect(surface, theme.GLOW_ALT, patch, 1, border_radius=4)
        theme.draw_text(surface, words, patch.center, LANDING_TEXT, theme.TEXT, bold=True, anchor="center")

    def landing_words_rect(self, cell: tuple[int, int], size: tuple[int, int]) -> pygame.Rect:
        """Where the landing words stand: under the cell, below the pointer's hand, else over
        it, else under the row below, slid sideways as far as they still span the cell, so as
        to cover none of the held tile's other sockets (a player choosing among them must see
        them) nor the core (over it they hid the circuits' numbers). Failing all of that,
        under the cell (over it at the board's foot)."""
        r = cell_rect(cell)
        rows = [pygame.Rect((0, 0), size) for _ in range(3)]
        rows[0].midtop = (r.centerx, r.bottom + 14)  # the hand hangs about 20 px under its tip
        rows[1].midbottom = (r.centerx, r.top - 12)  # clear of the tab's dot on the north side
        rows[2].midtop = (r.centerx, r.bottom + CELL + 2)  # past the row below: its sockets show
        rows = [p for p in rows if BOARD.top <= p.top and p.bottom <= BOARD.bottom]
        sockets = [c for c in self.sockets_for(self.held_source()) if c != cell]
        keep_clear = [cell_rect(c) for c in [*sockets, *LEVEL.core]]
        for row in rows:
            # centred, or with an edge against one of the places to keep clear
            shifts = {0} | {o.left - row.right for o in keep_clear} | {o.right - row.left for o in keep_clear}
            for dx in sorted(shifts, key=abs):
                spot = row.move(dx, 0).clamp(BOARD)
                if spot.left <= r.left and spot.right >= r.right and spot.collidelist(keep_clear) < 0:
                    return spot
        return (rows[0] if rows else pygame.Rect(r.midbottom, size)).clamp(BOARD)

    @staticmethod
    def draw_tab_side(surface: pygame.Surface, cell: tuple[int, int], side: str, dot: int = 7) -> None:
        """Mark the side of a socket cell that a tile's tab would go into (the parent's hole)."""
        r = cell_rect(cell)
        chosen = side_point(r, side)
        pygame.draw.line(surface, theme.BLACK, r.center, chosen, 5)
        pygame.draw.line(surface, theme.GLOW_ALT, r.center, chosen, 3)
        pygame.draw.circle(surface, theme.BLACK, chosen, dot + 2)
        pygame.draw.circle(surface, theme.GLOW_ALT, chosen, dot)

    def hand_label(self, seat: int) -> str:
        """The words above ``seat``'s hand; the seat to move's say so ("Seat 1's hand — your
        turn"): at a shared screen the two labels read alike and the prompt named nobody."""
        label = tr("Your hand") if seat == self.perspective else tr("{who}'s hand", who=self.seat_name(seat))
        if seat != self.session.current_player:
            return label
        return f"{label} — {tr('playing') if self.is_bot(seat) else tr('your turn')}"

    def hand_label_rect(self, seat: int) -> pygame.Rect:
        """Where the words above ``seat``'s hand go (see hand_label)."""
        active = seat == self.session.current_player
        size = theme.font(14, bold=active).size(self.hand_label(seat))
        return pygame.Rect((BOARD.x + 18 if active else BOARD.x + 16, self.hand_rect(seat, 0).y - HAND_LABEL_ABOVE),
                           size)

    def draw_hands(self, surface: pygame.Surface) -> None:
        m = self.moves()
        for seat in (0, 1):
            label = self.hand_label_rect(seat)
            active = seat == self.session.current_player
            # the seat to move stands out by its words, bold bright text, a bigger mark and a
            # frame round label and tiles, not by its colour alone
            draw.marker(surface, theme.seat_shape(seat), (BOARD.x + 6, label.y + 8), 8 if active else 6,
                        self.seat_colour(seat))
            text = theme.draw_text(surface, self.hand_label(seat), label.topleft,
                                   14, theme.TEXT if active else theme.TEXT_DIM, bold=active)
            if active:
                pygame.draw.rect(surface, self.seat_colour(seat), self.hand_frame(seat, text), 2, border_radius=6)
            if not self.hand_kinds(seat):  # an empty hand says so, in a frame its words' size
                theme.draw_text(surface, tr("no tiles"), self.empty_hand_rect(seat).topleft, SMALL_TEXT,
                                theme.TEXT_DIM)
            new = self.new_slots(seat)
            arriving = {t.payload.get("hand") for _, t in self.flights}
            for i, kind in enumerate(self.hand_kinds(seat)):
                r = self.hand_rect(seat, i)
                if (seat, i) in arriving or (seat == self.viewer and self.in_the_air(r)):
                    continue
                img = tile_image(kind, seat, None, [], HAND_TILE)
                surface.blit(img, r.move(-(HAND_TILE // 5), -(HAND_TILE // 5)))
                if i in new and not self.ring_on_hand(seat, i):  # drawn this turn: cannot be played yet
                    self.draw_new_label(surface, r)
                if (seat == self.viewer and self.selected == ("hand", kind) and i == self.hand_slot(kind)) or \
                        (m.keeps and kind in m.keeps and (seat == self.viewer) == self._keep_is_mine()):
                    # with its corner dots, as a pile's: seat 1's orange frame round the hand is,
                    # under deuteranopia, this yellow; 3 px out, so a dot keeps off the owner's mark
                    box = r.inflate(6, 6)
                    pygame.draw.rect(surface, theme.YELLOW, box, 2, border_radius=HAND_BOX_RADIUS)
                    draw.corner_dots(surface, box, HAND_BOX_RADIUS)

    @staticmethod
    def draw_new_label(surface: pygame.Surface, tile: pygame.Rect, backed: bool = False) -> None:
        """'new' under a hand tile drawn this turn; ``backed``: on a patch of the table's
        dark colour, as it is drawn over the focus ring's band."""
        if backed:
            size = theme.font(NEW_SIZE, bold=True).size(tr("new"))
            patch = pygame.Rect(0, 0, size[0] + 4, size[1])
            patch.midtop = tile.midbottom
            pygame.draw.rect(surface, theme.TABLE_DARK, patch, border_radius=3)
        theme.draw_text(surface, tr("new"), tile.midbottom, NEW_SIZE, theme.YELLOW, bold=True, anchor="midtop")

    def ring_on_hand(self, seat: int, index: int) -> bool:
        return self.focus.visible and self.focus.index == self.hand_focus.get((seat, index))

    def draw_over_ring(self, surface: pygame.Surface) -> None:
        # the ring round a tile drawn this turn covered its 'new': the word goes over the ring
        for (seat, i), stop in self.hand_focus.items():
            if stop == self.focus.index and self.focus.visible and i in self.new_slots(seat):
                self.draw_new_label(surface, self.hand_rect(seat, i), backed=True)

    def hand_frame(self, seat: int, label: pygame.Rect) -> pygame.Rect:
        """The frame round the seat to move's hand: its label (``label``) and tiles, with
        room for a tile's 'new' under it."""
        count = len(self.hand_kinds(seat))
        if count == 0:  # round the label and 'no tiles' only: a tile-high frame round nothing read as a hand
            tiles = self.empty_hand_rect(seat)
            top, bottom = label.top - 3, tiles.bottom + 3
        else:
            tiles = self.hand_rect(seat, count - 1)
            # its line a pixel under the word's foot (the word, drawn from the tile's foot, has no descenders)
            top, bottom = label.top - 3, tiles.bottom + theme.font(NEW_SIZE, bold=True).get_ascent() + 3
        right = max(label.right, tiles.right) + 6
        # 10 px left of the first tile: a picked tile's box and its corner dots reach 8
        return pygame.Rect(BOARD.x - 10, top, right - BOARD.x + 10, bottom - top)

    def empty_hand_rect(self, seat: int) -> pygame.Rect:
        """Where 'no tiles' stands in ``seat``'s empty hand: at the first tile's place."""
        first = self.hand_rect(seat, 0)
        return pygame.Rect(first.topleft, theme.font(SMALL_TEXT).size(tr("no tiles")))

    def socket_circuit(self, cell: tuple[int, int], side: str, view: dict | None = None) -> str | None:
        """The circuit a tile put into ``cell`` with its tab on ``side`` joins: its parent's
        (BB-5), a core cell's or a placed tile's (``view``: the game then; now by default)."""
        dx, dy = SIDES[side]
        parent = (cell[0] + dx, cell[1] + dy)
        if parent in LEVEL.core:
            return LEVEL.core[parent]
        tile = self.tile_at(parent, view)
        return tile["circuit"] if tile else None

    def landing_preview(self) -> tuple[str, int, int, str | None] | None:
        """While a tile is held over a socket (dragged, picked by a click and pointed at, or
        the keyboard ring on it): the circuit it would join, its owner, its power and (a leaf
        moved) the circuit it leaves; None otherwise."""
        landing = self.drag_landing()
        source = self.drag.drag.source if landing is not None else self.selected
        # picked by a click: as dragged, where it points; by keys: where the ring is
        landing = landing or self.pointed_landing() or self.keyboard_landing()
        if landing is None or source is None:
            return None
        circuit = self.socket_circuit(*landing)
        left = None
        if source[0] == "leaf":
            tile = self.tile_at(source[1])
            if tile is None:
                return None
            kind, owner, left = tile["kind"], tile["owner"], tile["circuit"]
        else:
            kind, owner = source[1], self.viewer
        return (circuit, owner, LEVEL.power.get(kind, 0), left) if circuit else None

    @staticmethod
    def preview_change(preview: tuple[str, int, int, str | None] | None, circuit: str, seat: int) -> int:
        """How ``seat``'s power in ``circuit`` would change if the held tile landed now."""
        if preview is None or preview[1] != seat or preview[0] == preview[3]:
            return 0
        return preview[2] if circuit == preview[0] else -preview[2] if circuit == preview[3] else 0

    def draw_circuits(self, surface: pygame.Surface) -> None:
        v = self.view
        box = pygame.Rect(PILE_X, 44, 446, 150)
        draw.panel(surface, box, theme.PANEL, edge=None, radius=8)
        theme.draw_text(surface, tr("Circuits: more power controls"), (box.x + 12, box.y + 8), 16, bold=True)
        # the circuit a held tile would join, framed, with what it adds: the side decides it
        preview = self.landing_preview()
        for i, name in enumerate(v["circuits"]):
            x = box.x + 14 + i * 144
            if preview is not None and preview[0] == name:
                pygame.draw.rect(surface, theme.GLOW_ALT, pygame.Rect(x - 8, box.y + 32, 136, 112), 2, border_radius=6)
            theme.draw_text(surface, tr("Circuit {c}", c=name), (x, box.y + 36), 15, theme.TEXT_DIM)
            for seat in (0, 1):
                y = box.y + 60 + seat * 26
                draw.marker(surface, theme.seat_shape(seat), (x + 8, y + 9), 7, self.seat_colour(seat))
                number = theme.draw_text(surface, str(v["power"][seat][i]), (x + 22, y), 17, bold=True)
                change = self.preview_change(preview, name, seat)
                if change:
                    theme.draw_text(surface, f"{change:+d}", (number.right + 6, y), 17, theme.GLOW_ALT, bold=True)
            ctrl = v["control"][i]
            label = (tr("tied") if ctrl is None else tr("You control") if ctrl == self.perspective else
                     theme.with_names_fitted(lambda n, c=ctrl: tr("{who} controls", who=self.short_name(c, n)), 140))
            # as wide as the column (144 px a circuit): a long name is cut short, not shrunk below 12
            theme.draw_text(surface, label, (x, box.y + 118), SMALL_TEXT,
                            theme.YELLOW if ctrl is not None else theme.TEXT_DIM, max_width=140)
        stat = pygame.Rect(PILE_X, 204, 446, 146)  # five lines at most; the piles' caption below
        draw.panel(surface, stat, theme.PANEL, edge=None, radius=8)
        cp = self.session.current_player
        # once over, the banner above says "Game over": not again here
        lines = [tr("Actions left this turn: {n}", n=v["actions_left"])] if cp is not None else []
        # each count beside its seat's name: "1 to 0" named nobody, and read as yours first it
        # was the wrong way round for a player in seat 2
        def turns(n: int | None) -> str:
            counts = self.counts_by_seat(v["turns_completed"], n)
            # "limit", the set-up screen's word ("cap" was nowhere else; "cap none" read oddly)
            return tr("Turns played: {counts} (limit {c})", counts=counts, c=v["options"]["turn_cap"]) \
                if v["options"].get("turn_cap") else tr("Turns played: {counts} (no limit)", counts=counts)
        width = stat.w - 24  # long seat names are cut short (theme.with_names_fitted), not the lines shrunk
        lines += [theme.with_names_fitted(lambda n: tr("Circuits controlled: {counts}",
                                                       counts=self.counts_by_seat(v["scores"], n)), width),
                  theme.with_names_fitted(turns, width),
                  tr("Authenticate tiles on the board: {n}", n=v["authenticate"]["on_board"])]
        if v.get("final_turn") is not None:
            lines.append(theme.with_names_fitted(lambda n: tr("Final turn: {who}",
                                                              who=self.short_name(v["final_turn"], n)), width))
        for i, line in enumerate(lines):
            theme.draw_text(surface, line, (stat.x + 12, stat.y + 10 + 26 * i), 15, theme.TEXT, max_width=width)

    def draw_piles(self, surface: pygame.Surface) -> None:
        m = self.moves()
        cp = self.session.current_player if self.session.current_player is not None else self.viewer
        # the tiles laid out are the mover's colour pile (see pile_entries): the caption says
        # whose, as the line under them names the other one (it read as naming these tiles)
        def piles(who: str) -> str:
            caption = (tr("Your colour pile and the action pile") if cp == self.perspective
                       else tr("{who}'s colour pile and the action pile", who=who))
            if m.places:  # AUTOMATE: a click picks the tile to place
                return tr("{piles} (click a tile to place it)", piles=caption)
            if m.draws:  # only when a click draws now: not on the other player's turn, after the game or in a replay
                return tr("{piles} (click to draw)", piles=caption)
            return caption
        caption = theme.with_names_fitted(lambda n: piles(self.short_name(cp, n)), 446)
        # clear of the keyboard focus ring round a pile of the top row (it reaches 8 px out
        # and ran through the caption's lower edge)
        theme.draw_text(surface, caption, (PILE_X, 355), 14, theme.TEXT_DIM, max_width=446)
        for i, (kind, count, _which) in enumerate(self.pile_entries()):
            r = self.pile_rect(i)
            draw.panel(surface, r, theme.PANEL, edge=None, radius=6)
            # the icon and the count on top, the tile's name under them across the box: beside
            # the icon it had 62 px and was drawn at 11 px, 8 px in a 960 x 540 window
            icon = pygame.Rect(r.x + PILE_PAD, r.y + PILE_PAD, PILE_ICON, PILE_ICON)
            # its name is under it in full: no "AUTO" cut short on a tile this small
            surface.blit(tile_image(kind, cp, None, [], PILE_ICON, abbrev=False),
                         icon.move(-(PILE_ICON // 5), -(PILE_ICON // 5)))
            theme.draw_text(surface, f"x{count}", (icon.right + 6, icon.centery), 16,
                            theme.TEXT if count else theme.TEXT_DIM, bold=True, anchor="midleft")
            theme.draw_text(surface, self.kind_word(kind), (r.centerx, r.bottom - 1), PILE_NAME_SIZE, theme.TEXT_DIM,
                            anchor="midbottom", max_width=r.w - 2 * PILE_PAD)
            if kind in m.draws or kind in m.places:
                # with its corner dots: the hand of the seat to move is outlined alike in its
                # colour, seat 1's orange, which under deuteranopia is this yellow
                pygame.draw.rect(surface, theme.YELLOW, r, 2, border_radius=6)
                draw.corner_dots(surface, r, 6)
            if self.selected == ("pile", kind):
                draw.dashed_rect(surface, r.inflate(6, 6), theme.GLOW_ALT, width=3)
        other = 1 - cp
        text = self.pile_words(self.view["piles"][other])
        label = (tr("Your colour pile: {p}", p=text) if other == self.perspective
                 else theme.with_names_fitted(lambda n: tr("{who}'s colour pile: {p}", who=self.short_name(other, n),
                                                           p=text), 446))
        # one line between the piles and the prompt (see pile_words: a full pile fits in German)
        theme.draw_text(surface, label, (PILE_X, 544), SMALL_TEXT, theme.TEXT_DIM, max_width=446)
