"""The Circuit Breaker table: your 7x7 house around its breaker box, the market, the
round counter, every other house (smaller), cheese and mice, your secret objective and
a live score of your house.

Drag a hand tile onto the house (wheel or R turns it; cells where the current rotation
fits glow, a mismatch names the offending edge), drag your mouse onto a stack, a pile or
an opponent's appliance (or click it twice: a single click meant to look at a pile sent
the mouse), click an enemy mouse to cheese it, drag a tile onto an appliance pile to
discard it for cheese, then End turn.
"""

from __future__ import annotations

import math

import pygame

from game.i18n import tr, tr_message
from game.rules.circuit_breaker import MAX_PLACEMENTS, helpers
from game.scenes import circuit_breaker_words as words
from game.scenes.circuit_breaker_aim import CircuitBreakerAim
from game.scenes.circuit_breaker_layout import (
    CAPTION_WIDTH,
    HAND_Y,
    HOUSE,
    HOUSE_CELL,
    LABEL,
    MARKET_X,
    MINI_CELL,
    MINI_STEP,
    MOVE_TIME,
    OBJECTIVE,
    OBJECTIVE_TEXT_TOP,
    ZOOM_CELL,
    ZOOM_REST,
    caption_lines,
    hand_tile_rect,
    house_cell_at,
    house_rect_cell,
    lone_mouse_rect,
    mouse_spot,
    objective_lines,
    prompt_lines,
    round_box,
    shared_mouse_rect,
)
from game.scenes.circuit_breaker_motion import Flight, plan_flights
from game.scenes.circuit_breaker_talk import CircuitBreakerTalk, objective_texts
from game.scenes.table_base import (
    PANEL_TOAST_MAX_HEIGHT,
    PANEL_TOAST_SPAN,
    PANEL_TOAST_SPILL,
    PANEL_TOAST_TOP,
    TableScene,
)
from game.ui import draw, theme
from game.ui.appliance_icons import draw_appliance
from game.ui.circuit_tiles import box_surface, mouse_icon, mouse_mark, mouse_tag, tile_surface
from game.ui.drag import DragController
from game.ui.focus import Focusable
from game.ui.tween import speed_factor

# what your own move sounds like: a discard for cheese and a mouse sent out were silent, and
# cheese by keyboard too (only a click on the mouse token sounded)
ACT_SOUNDS = {"place": "drop", "discard": "drop", "mouse": "pick", "cheese": "capture"}


class CircuitBreakerTable(CircuitBreakerTalk, CircuitBreakerAim, TableScene):
    undo_limit = "Nothing to undo: you can take back moves of the turn you are playing, not of a turn that has ended."
    # messages in the side panel (this game shows no status there): every spot in the play
    # area covers something needed, your house, hand, objective, the market or the other
    # players' houses (a refusal must not hide the house the mouse was dropped on)
    toast_top, toast_span, toast_max_height = PANEL_TOAST_TOP, PANEL_TOAST_SPAN, PANEL_TOAST_MAX_HEIGHT
    toast_spill = PANEL_TOAST_SPILL
    # a ring left on the computer's small house kept it enlarged over the market next turn
    ring_starts_each_turn = True

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.drag = DragController()
        self.rotation = 0
        self.turned: str | None = None      # the tile ``rotation`` was set for
        self.selected: str | None = None    # a hand tile picked by click/keyboard
        self.cursor = (3, 4)
        self.pulse = 0.0
        self.zoom_seat: int | None = None  # the house shown enlarged in the last frame
        self.zoom_rest = 0.0  # how long the pointer has rested on that house's small copy
        self._legal: tuple[tuple[int, int] | None, set[str]] = (None, set())  # legal moves by (log length, viewer)
        self.flights: list[Flight] = []

    # --- set-up -------------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        self.end_button = self.button(tr("End turn (N)"), (MARKET_X + 300, 648, 170, 44), self.end_turn,
                                      tooltip=tr("N: end your turn, even with a tile you could place or your "
                                                 "mouse not sent"))
        self.play_area_starts_here()
        # Tab goes first where a turn is played: the hand, the cells a picked tile may go to,
        # a rival mouse you may chase, the market, the rival appliances your mouse may go to,
        # and last the round track's deal marks (a rival mouse came after every pile and mark,
        # 16 or more Tabs in). Stops that cannot be used now are passed over.
        for i in range(len(helpers.TILE_IDS)):  # a hand may hold any number of tiles (CB-17)
            self.focus.add(Focusable(lambda i=i: self.hand_rect(i), lambda i=i: self.pick_hand(i),
                                     lambda i=i: self.my_turn() and i < len(self.view.get("hand") or [])))
        self.cell_focus: dict[tuple[int, int], int] = {}  # your house's cells: their focus stops
        for y in range(6, -1, -1):
            for x in range(7):
                self.cell_focus[(x, y)] = len(self.focus.items)
                self.focus.add(Focusable(lambda c=(x, y): house_rect_cell(*c), lambda c=(x, y): self.click_cell(c),
                                         lambda: self.my_turn() and self.selected is not None))
        # the other seats (1st, 2nd, 3rd after the viewer): their mice to chase with cheese and
        # their appliances to send your mouse to, each a stop only while that move is legal
        for k in range(1, 4):
            self.focus.add(Focusable(lambda k=k: self.mouse_rect(self.other(k)) or pygame.Rect(0, 0, 0, 0),
                                     lambda k=k: self.act(f"cheese {self.other(k) + 1}"),
                                     lambda k=k: self.other_move_legal(k, "cheese {seat}")))
        for name in self.market_spots():
            self.focus.add(Focusable(lambda n=name: self.spot_rect(n),
                                     lambda n=name: self.click_spot(n, self.key_aimed), lambda: self.my_turn()))
        for k in range(1, 4):
            for y in range(6, -1, -1):
                for x in range(7):
                    self.focus.add(Focusable(
                        lambda k=k, x=x, y=y: self.rival_cell_rect(k, x, y),
                        lambda k=k, x=x, y=y: self.aim_mouse(f"mouse house {self.other(k) + 1} at {x},{y}",
                                                             self.key_aimed),
                        lambda k=k, x=x, y=y: self.other_move_legal(k, f"mouse house {{seat}} at {x},{y}")))
        # the round track's deal marks, a stop each whoever's turn it is: what a round deals
        # was said only under the pointer, and the caption names what the focus is on too. The
        # ring sits inside the round's box, its mark just under it: 8 px round box and mark, it
        # covered the next round's box on either side (they are 2 px apart)
        for k in range(len(self.view["deals"])):
            self.focus.add(Focusable(lambda k=k: self.deal_box(k), lambda: None,
                                     lambda k=k: k < len(self.view["deals"]), inside=True))

    # --- helpers ------------------------------------------------------------------------
    def legal(self) -> set[str]:
        key = (len(self.session.log.actions), self.viewer)
        if self._legal[0] != key:  # asked by many focus stops per key press
            self._legal = (key, set(self.session.legal_texts()) if self.my_turn() else set())
        return self._legal[1]

    def other(self, k: int) -> int:
        """The k-th seat after the viewer (k < number of players)."""
        return (self.viewer + k) % self.session.num_players

    def other_move_legal(self, k: int, template: str) -> bool:
        return k < self.session.num_players and self.my_turn() and \
            template.format(seat=self.other(k) + 1) in self.legal()

    def rival_cell_rect(self, k: int, x: int, y: int) -> pygame.Rect:
        """Cell x,y of the k-th seat after the viewer's small house; none in a smaller game
        (these stops now come before the round track's, which a walk along the stops reaches)."""
        return self.mini_cell_rect(self.other(k), x, y) if k < self.session.num_players else pygame.Rect(0, 0, 0, 0)

    def hand_rect(self, index: int, count: int | None = None) -> pygame.Rect:
        """Where your hand's index-th tile lies (among ``count`` tiles, by default the hand now)."""
        return hand_tile_rect(index, len(self.view.get("hand") or []) if count is None else count)

    @staticmethod
    def market_spots() -> list[str]:
        return [n for row in helpers.MARKET_ROWS for n in row]

    def spot_rect(self, name: str) -> pygame.Rect:
        for r, row in enumerate(helpers.MARKET_ROWS):
            if name in row:
                # 69: the 'Market' heading above stays clear of the focus ring round the first
                # row (it reaches 8 px out and cut through the heading's letters)
                return pygame.Rect(MARKET_X + row.index(name) * 118, 69 + r * 100, 110, 92)
        raise KeyError(name)

    def others(self) -> list[int]:
        n = self.session.num_players
        return [(self.viewer + k) % n for k in range(1, n)]

    def mini_origin(self, seat: int) -> tuple[int, int]:
        i = self.others().index(seat)
        return MARKET_X + i * MINI_STEP, 322

    def mini_cell_rect(self, seat: int, x: int, y: int) -> pygame.Rect:
        ox, oy = self.mini_origin(seat)
        return pygame.Rect(ox + x * MINI_CELL, oy + 22 + (6 - y) * MINI_CELL, MINI_CELL, MINI_CELL)

    def mouse_home_rect(self) -> pygame.Rect:
        # right of the house's column 6, in the gap before the market: under that column the
        # focus ring round it (8 px out) and the tutorial's outline crossed out the '6'
        return pygame.Rect(HOUSE.right - 14, HOUSE.bottom + 14, 32, 36)

    # --- where things fly (game.scenes.circuit_breaker_motion.Layout) ---------------------
    def house_cell(self, seat: int, x: int, y: int) -> pygame.Rect:
        return house_rect_cell(x, y) if seat == self.viewer else self.mini_cell_rect(seat, x, y)

    def hand_slot(self, seat: int, tile: str | None, view: dict) -> pygame.Rect:
        """Where a tile leaves or joins seat's hand: its slot in your hand, or the hand
        count under another seat's small house."""
        if seat == self.viewer:
            hand = view.get("hand") or []
            if tile in hand:
                return self.hand_rect(hand.index(tile), len(hand))
            return self.hand_rect(len(hand), len(hand) + 1)
        ox, oy = self.mini_origin(seat)  # tile size here, so a computer's tile can be followed as it shrinks
        return pygame.Rect(ox + 62, oy + 22 + 7 * MINI_CELL - 20, 36, 36)

    def pile_tile_rect(self, spot: str) -> pygame.Rect:
        r = self.spot_rect(spot)
        return pygame.Rect(r.x + 30, r.y + 24, 50, 50)

    def supply_cube_rect(self, k: int) -> pygame.Rect:
        """The k-th cheese cube on the cheese tile of the market (six to a row)."""
        r = self.spot_rect("cheese")
        return pygame.Rect(r.x + 8 + (k % 6) * 16, r.y + 30 + (k // 6) * 16, 12, 12)

    def cheese_rect(self, seat: int) -> pygame.Rect:
        """Where a cheese cube won or paid by seat lands or starts: after the cheese count of
        your score line, or right of another seat's small house, by its summary line (a cube
        landed on the words of the panel, or on the summary's first letters)."""
        if seat == self.viewer:
            line = theme.render(self.score_line(), 16, bold=True).get_rect(topleft=self.score_line_pos())
            return pygame.Rect(line.right + 8, line.centery - 6, 12, 12)
        frame = self.mini_frame(seat)
        return pygame.Rect(frame.right + 6, frame.bottom - 12, 12, 12)

    def score_line(self) -> str:
        """The score panel's yellow line: your house's score now and your cheese."""
        return tr("Score now: {s}   cheese: {c}", s=helpers.house_score(self.view, seat=self.viewer)["total"],
                  c=self.view["cheese"][self.viewer])

    @staticmethod
    def score_line_pos() -> tuple[int, int]:
        return OBJECTIVE.x + 10, OBJECTIVE.y + 30

    def canonical(self, tile: str, rot: int) -> int:
        return helpers.canonical_rotation(tile, rot)

    # --- acting -------------------------------------------------------------------------
    def act(self, text: str) -> bool:
        done = self.perform(text, self.viewer)
        if done:
            self.mouse_aim = None  # aimed at the table before this move
        cue = ACT_SOUNDS.get(text.split()[0])
        if done and cue:  # every way in (drag, click, keys) sounds the same
            self.app.sound.play(cue)
        return done

    def end_turn(self) -> None:
        if self.my_turn():
            self.end_turn_asking(self.unused_turn(), self.end_now)

    def end_now(self) -> None:
        self.selected = None
        self.act("end")

    def unused_turn(self) -> str | None:
        """What ending the turn now would give up: placements that some tile could still
        use, and the mouse, except in the last round (a mouse out then fetches nothing)."""
        legal = self.legal()
        placeable = {t.split()[1] for t in legal if t.startswith("place ")}  # tiles with somewhere to go
        places = min(MAX_PLACEMENTS - self.view["placed"], len(placeable))
        mouse = not self.last_round() and any(t.startswith("mouse ") for t in legal)
        if places >= 2:
            return tr("You could still place two tiles and send your mouse.") if mouse \
                else tr("You could still place two tiles.")
        if places == 1:
            return tr("You could still place a tile and send your mouse.") if mouse \
                else tr("You could still place a tile.")
        return tr("You could still send your mouse.") if mouse else None

    def pick_hand(self, index: int) -> None:
        hand = self.view.get("hand") or []
        if index < len(hand) and self.my_turn():
            self.selected = None if self.selected == hand[index] else hand[index]
            if self.selected is not None:
                self.take_up(self.selected)
                self.focus_first_cell(self.selected)
            self.app.sound.play("pick")

    def focus_first_cell(self, tile: str) -> None:
        """A tile picked up with the keys: the focus ring goes on to the first cell it may go to
        as it is held now, else (it fits only turned) the first where it fits turned; a tile
        that fits nowhere leaves the focus where it is."""
        moves = [m.split() for m in self.legal() if m.startswith(f"place {tile} at ")]
        held = f"r{self.canonical(tile, self.rotation)}"
        cells = [m[3] for m in moves if m[4] == held] or [m[3] for m in moves]
        self.focus.show_first([self.cell_focus[(int(c.split(",")[0]), int(c.split(",")[1]))] for c in cells])

    def take_up(self, tile: str) -> None:
        """A tile taken from the hand starts the way the hand shows it: upright, or turned
        if it is the tile the hand shows turned (R on it before, a hint, a refused drop).
        A hint for another move is dropped: its outlined cell would read as meant for this tile."""
        if tile != self.turned:
            self.rotation = 0
        self.turned = tile
        if self.hint is not None and self.hint[0].split()[:2] not in (["place", tile], ["discard", tile]):
            self.drop_hint()

    def turn(self, degrees: int) -> None:
        d = self.drag.drag
        tile = d.source[1] if d is not None and d.source[0] == "tile" else self.selected
        if tile is None:  # nothing held: R turns the tile it is aimed at, drawn turned in the hand
            tile = self.aimed_tile()
            if tile is None:
                if self.my_turn():
                    self.refuse(tr("Pick up a tile first: R turns the tile you hold."))
                return
        if tile != self.turned:
            self.rotation = 0  # another tile: it starts as the hand showed it
        self.rotation = (self.rotation + degrees) % 360
        self.turned = tile

    def aimed_tile(self) -> str | None:
        """The hand tile R turns with nothing held: the one under the pointer or the focus
        ring, else the one already shown turned, else the one the tutorial's coach outlines."""
        hand = self.view.get("hand") or []
        for pos in self.pointed_places():
            for i, tile in enumerate(hand):
                if self.hand_rect(i).collidepoint(pos):
                    return tile
        if self.turned in hand:
            return self.turned
        step = self.tutorial.step if self.tutorial is not None else None
        w = step.expect.split() if step is not None and step.expect else []
        return w[1] if len(w) > 1 and w[0] == "place" and w[1] in hand else None

    def place(self, tile: str, cell: tuple[int, int]) -> bool:
        rot = self.canonical(tile, self.rotation)
        problem = self.placement_problem(self.view, tile, cell, rot)
        text = f"place {tile} at {cell[0]},{cell[1]} r{rot}"
        if problem is None and text not in self.legal():
            try:
                self.session.check(text)
            except Exception as exc:
                problem = str(exc)
        if problem:
            self.refuse(problem)
            return False
        self.selected = None
        if self.act(text):
            self.rotation, self.turned = 0, None  # the next tile starts upright
            return True
        return False

    def placement_problem(self, view: dict, tile: str, cell: tuple[int, int], rot: int) -> str | None:
        """Why ``tile`` may not go to ``cell`` turned ``rot``: the turn's placements come
        first (an edge reason for a third tile sent the player turning it in vain)."""
        if view["placed"] >= MAX_PLACEMENTS:
            return f"only {MAX_PLACEMENTS} placements per turn"
        problem = helpers.fit_problem(view, tile, cell[0], cell[1], rot, seat=self.viewer)
        return words.name_connectors(problem) if problem else None

    def discard(self, tile: str, pile: str) -> bool:
        self.selected = None
        return self.act(f"discard {tile} to {pile}")

    def click_cell(self, cell: tuple[int, int]) -> None:
        if self.selected is not None:
            self.place(self.selected, cell)

    def clear_selection(self) -> None:
        self.selected = None
        self.mouse_aim = None
        self.drag.cancel()

    # --- mice ---------------------------------------------------------------------------
    def mouse_rect(self, seat: int, view: dict | None = None) -> pygame.Rect | None:
        """Where seat's mouse token is drawn (in ``view``, by default the table now)."""
        view = view or self.view
        m = view["mice"][seat]
        if m is None:
            if seat == self.viewer:
                return self.mouse_home_rect()
            ox, oy = self.mini_origin(seat)
            return pygame.Rect(ox + 100, oy - 2, 30, 22)
        if m["spot"] == "house":
            owner = m["seat"]
            if owner == self.viewer:
                r = house_rect_cell(m["x"], m["y"])
                return pygame.Rect(r.x + 4, r.y + 4, 30, 22)
            # a seat mark on the cell's bottom-right corner (mouse_mark), as on the enlarged
            # house: a 30 px mouse on a 14 px cell hid the cells round it, two most of the house
            r = self.mini_cell_rect(owner, m["x"], m["y"])
            return pygame.Rect(r.right - 8, r.bottom - 8, 11, 11)
        r = self.spot_rect(m["spot"])
        slot = [s for s in range(len(view["mice"])) if (view["mice"][s] or {}).get("spot") == m["spot"]]
        if len(slot) == 1:
            return lone_mouse_rect(r)
        return shared_mouse_rect(r, slot.index(seat), len(slot))

    def mouse_in_small_house(self, seat: int) -> bool:
        """Seat's mouse is on an appliance in another player's house, drawn small."""
        m = self.view["mice"][seat]
        return m is not None and m["spot"] == "house" and m["seat"] != self.viewer

    def mouse_targets(self) -> dict[str, pygame.Rect]:
        out = {}
        for text in self.legal():
            if not text.startswith("mouse "):
                continue
            rest = text[6:]
            if rest.startswith("house "):
                w = rest.split()
                seat = int(w[1]) - 1
                x, y = (int(v) for v in w[3].split(","))
                out[text] = self.mini_cell_rect(seat, x, y).inflate(6, 6)
            else:
                out[text] = self.spot_rect(rest)
        return out

    def mouse_target_at(self, pos: tuple[int, int]) -> str | None:
        """The mouse move whose spot is under ``pos``. The small house cells are widened to
        be easy to hit, so two can overlap: the one whose middle is nearest wins."""
        seat = self.zoom_seat
        if seat is not None and self.zoom_box(seat).collidepoint(pos):  # the enlarged house, over the market
            prefix = f"mouse house {seat + 1} at "
            return next((t for t in self.legal() if t.startswith(prefix)
                         and self.zoom_cell(seat, *map(int, t[len(prefix):].split(","))).collidepoint(pos)), None)
        hits = [(math.dist(r.center, pos), t) for t, r in self.mouse_targets().items() if r.collidepoint(pos)]
        return min(hits)[1] if hits else None

    # --- input --------------------------------------------------------------------------
    def on_event(self, event: pygame.event.Event) -> bool:
        if super().on_event(event):
            return True
        if event.type == pygame.MOUSEWHEEL and (self.drag.active or self.selected):
            self.turn(90 if event.y < 0 else 270)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.press(event.pos)
        if event.type == pygame.MOUSEMOTION:
            self.drag.motion(event.pos)
            return self.drag.active
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag.drag is not None:
            return self.release(event.pos)
        if event.type == pygame.KEYDOWN:
            return self.on_key(event)
        return False

    def press(self, pos: tuple[int, int]) -> bool:
        if not self.my_turn():
            return False
        aimed, self.mouse_aim = self.mouse_aim, None  # a click anywhere but the aimed spot again drops it
        for seat in self.others():
            r = self.mouse_rect(seat)
            if r is not None and r.collidepoint(pos) and self.view["mice"][seat] is not None:
                text = f"cheese {seat + 1}"
                if text in self.legal():
                    self.act(text)
                else:
                    self.refuse(self.chase_problem(seat))
                return True
        hand = self.view.get("hand") or []
        for i, tile in enumerate(hand):
            if self.hand_rect(i).collidepoint(pos):
                self.take_up(tile)
                self.drag.press(("tile", tile), tile_surface(tile, self.rotation, HOUSE_CELL), self.hand_rect(i), pos)
                return True
        if self.press_aim(pos, aimed):
            return True
        cell = house_cell_at(pos)
        if cell is not None:
            self.click_cell(cell)
            return True
        return False

    def release(self, pos: tuple[int, int]) -> bool:
        d = self.drag.drag
        image, origin, dragged, source = d.image, d.origin, d.rect, d.source
        result = self.drag.release(pos, {})
        if result.kind == "click":
            if source[0] == "tile":
                self.selected = None if self.selected == source[1] else source[1]
            return True
        ok = False
        if source[0] == "tile":
            cell = house_cell_at(pos)
            piles = ("appliance-1", "appliance-2", "appliance-3")
            pile = next((n for n in piles if self.spot_rect(n).collidepoint(pos)), None)
            if cell is not None:
                ok = self.place(source[1], cell)
            elif pile is not None:
                ok = self.discard(source[1], pile)
            elif pos[1] < HAND_Y:  # let go over the hand: simply put back, no complaint
                self.refuse(tr("Drop tiles on your house, or on an appliance pile to discard for cheese."))
        else:
            ok = self.drop_mouse(pos)
        if not ok:
            self.drag.snap_back(image, dragged, origin)
        return True

    def draw_fit_problem(self, surface: pygame.Surface, problem: str, cell: tuple[int, int]) -> None:
        """Why the held tile does not fit the cell under it: a banner inside the house, on
        the half away from that cell so it never hides the spot being tried."""
        problem = tr_message(problem)
        text = problem[:1].upper() + problem[1:]
        lines = theme.wrap(text, 15, HOUSE.w - 28, bold=True)[:3]
        box = pygame.Rect(HOUSE.x + 6, 0, HOUSE.w - 12, 12 + 20 * len(lines))
        box.top = HOUSE.y + 6 if cell[1] < 3 else HOUSE.bottom - 6 - box.h  # y grows upwards on screen
        draw.panel(surface, box, theme.PANEL, edge=None, radius=6)
        pygame.draw.rect(surface, theme.VERMILLION, box, 2, border_radius=6)
        for i, line in enumerate(lines):
            theme.draw_text(surface, line, (box.x + 8, box.y + 6 + 20 * i), 15, theme.REFUSE_TEXT, bold=True,
                            max_width=box.w - 16)

    def reason(self, text: str) -> str:
        try:
            self.session.check(text)
        except Exception as exc:
            return tr_message(str(exc))
        return tr("Not possible now.")

    def mouse_refusal(self) -> str:
        if self.view.get("mouse_used"):
            return tr("You have already used your mouse this turn.")
        return tr("Send your mouse to a glowing stack, pile or appliance.")

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_r:
            self.turn(90)
            return True
        if event.key == pygame.K_n:
            self.end_turn()
            return True
        if event.key == pygame.K_ESCAPE:
            if self.mouse_aim:  # only the aim, as a click elsewhere: the tile picked before stays in hand
                self.mouse_aim = None
            elif self.selected or self.drag.drag:
                self.clear_selection()
            else:
                self.open_menu()
            return True
        return False

    # --- animation ----------------------------------------------------------------------
    def on_applied(self, seat: int, text: str, before: dict, after: dict) -> None:
        duration = MOVE_TIME * speed_factor(self.app.settings.animation_speed)
        self.flights.extend(plan_flights(self, seat, text, before, after, duration, by_hand=not self.is_bot(seat)))

    @property
    def animating(self) -> bool:
        return bool(self.flights)

    def finish_animation(self) -> None:
        self.flights.clear()

    def hidden(self) -> set[tuple]:
        """What is still in the air: the table leaves it undrawn until it lands."""
        return {f.hides for f in self.flights if f.hides is not None}

    def draw_flights(self, surface: pygame.Surface) -> None:
        for f in self.flights:
            if not f.tween.started:
                continue
            r = f.rect()
            if f.what == "tile" and f.tile:
                img = tile_surface(f.tile, f.rot, HOUSE_CELL)
                surface.blit(img if r.size == img.get_size() else pygame.transform.smoothscale(img, r.size), r)
            elif f.what in ("tile", "back"):
                pygame.draw.rect(surface, theme.CARD_BACK, r, border_radius=4)
                pygame.draw.rect(surface, theme.CARD_FACE, r, 2, border_radius=4)
            elif f.what == "mouse":
                mouse_icon(surface, *mouse_spot(r), f.seat)
            else:
                pygame.draw.rect(surface, theme.YELLOW, r)
                pygame.draw.rect(surface, theme.BLACK, r, 1)

    # --- frame --------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.pulse += dt
        for f in self.flights:
            f.tween.update(dt)
        self.flights = [f for f in self.flights if not f.tween.done]
        self.drag.update(dt)
        zoom = self.zoomed_house()
        if zoom != self.zoom_seat:
            self.zoom_rest = 0.0
        if zoom is not None and self.mini_frame(zoom).collidepoint(self.app.mouse_pos):
            self.zoom_rest += dt
        self.zoom_seat = zoom
        self.end_button.show() if self.my_turn() else self.end_button.hide()
        # the blue call to action only once the turn has begun: at its start End turn invited a
        # click before anything was placed, bought or sent
        self.end_button.restyle("#primary" if self.acted_this_turn() else None)
        super().update(dt)

    def acted_this_turn(self) -> bool:
        """The seat at the screen has made a move in the turn it is playing."""
        log = self.session.log
        return self.my_turn() and bool(log.actions) and log.actors[-1] == self.viewer and log.actions[-1] != "end"

    def draw_scene(self, surface: pygame.Surface) -> None:
        self.draw_house(surface)
        self.draw_hand(surface)
        self.draw_market(surface)
        self.draw_counter(surface)
        self.draw_others(surface)
        self.draw_objective(surface)
        if self.dragging_mouse():  # over the small houses, drawn before
            for r in self.mouse_targets().values():
                pygame.draw.rect(surface, theme.YELLOW, r, 3, border_radius=6)
        self.draw_mouse_aim(surface)
        hidden = self.hidden()
        shown = []
        for seat in range(self.session.num_players):
            r = self.mouse_rect(seat)
            dragging_mine = self.dragging_mouse() and seat == self.viewer
            if r is not None and not dragging_mine and ("mouse", seat) not in hidden:
                if self.mouse_in_small_house(seat):
                    mouse_mark(surface, r, seat)
                    continue
                shown.append((*mouse_spot(r), seat))
                mouse_icon(surface, *shown[-1], tag=False)
        for centre, size, seat in shown:  # tags last: a neighbour on the same pile never covers one
            mouse_tag(surface, centre, size, seat)
        self.draw_flights(surface)
        self.draw_mouse_warnings(surface)
        size, lines = prompt_lines(self.prompt())
        for line_i, line in enumerate(lines):
            colour = theme.YELLOW if self.my_turn() else theme.TEXT
            theme.draw_text(surface, line, (HOUSE.x, 44 + (size + 4) * line_i), size, colour)
        self.draw_panel(surface)

    def draw_over_ring(self, surface: pygame.Surface) -> None:
        """The enlarged house reaches the top of the window: drawn over the warning line, whole
        (the warning's words ran through its title), and over the focus ring, which on a pile
        or a round under it ran through the house as if round one of its cells; what is
        dragged comes last, over the house it may be dropped on."""
        super().draw_over_ring(surface)
        self.draw_zoom(surface)
        self.drag.draw(surface)

    def held_tile(self) -> str | None:
        if self.drag.active and self.drag.drag.source[0] == "tile":
            return self.drag.drag.source[1]
        return self.selected

    def draw_house(self, surface: pygame.Surface) -> None:
        v = self.view
        pygame.draw.rect(surface, (232, 226, 210), HOUSE.inflate(10, 10), border_radius=6)
        for y in range(7):
            for x in range(7):
                pygame.draw.rect(surface, (214, 206, 186), house_rect_cell(x, y), 1)
        box = v["breaker_box"]
        surface.blit(box_surface(box["edges"], HOUSE_CELL), house_rect_cell(box["x"], box["y"]))
        hidden = self.hidden()
        for t in v["houses"][self.viewer]:
            if ("cell", self.viewer, t["x"], t["y"]) not in hidden:
                surface.blit(tile_surface(t["tile"], t["rot"], HOUSE_CELL), house_rect_cell(t["x"], t["y"]))
        held = self.held_tile()
        if held and self.my_turn():
            rot = self.canonical(held, self.rotation)
            pulse = (1 + math.sin(self.pulse * 5)) / 2
            for x, y in helpers.fitting_cells(v, held, seat=self.viewer).get(rot, []):
                if f"place {held} at {x},{y} r{rot}" not in self.legal():
                    continue
                r = house_rect_cell(x, y)
                glow = pygame.Surface(r.size, pygame.SRCALPHA)
                glow.fill((*theme.YELLOW, 60 + int(70 * pulse)))
                surface.blit(glow, r)
                pygame.draw.rect(surface, theme.YELLOW, r, 2)
                draw.landing_dot(surface, r.center)
            if self.drag.active or self.focus.visible:  # pointed at with the mouse or the keyboard
                cell = house_cell_at(self.pointed_pos())
                if cell is not None:
                    problem = self.placement_problem(v, held, cell, rot)
                    if problem:
                        self.draw_fit_problem(surface, problem, cell)
        for i in range(7):  # coordinates, at the least text size (the log and hints name cells by them),
            # under the house's frame (5 px round it) and above your mouse's label
            theme.draw_text(surface, str(i), (house_rect_cell(i, 0).centerx, HOUSE.bottom + 5), LABEL,
                            theme.TEXT_DIM, anchor="midtop")
            theme.draw_text(surface, str(i), (HOUSE.x - 10, house_rect_cell(0, i).centery), LABEL, theme.TEXT_DIM,
                            anchor="center")
        label, rect = self.mouse_label()
        theme.draw_text(surface, label, rect.topright, 13, theme.TEXT_DIM, anchor="topright")

    def mouse_label(self) -> tuple[str, pygame.Rect]:
        """The label left of your mouse's home, and where it is drawn. While the mouse is out
        the label says so ("Your mouse" beside an empty home read as if it were there), in
        few words: a caption's first line shares the row with it (draw_caption)."""
        if self.view["mice"][self.viewer] is not None:
            label = tr("Mouse is out") if self.showing_a_bot else tr("Your mouse is out")
        else:
            label = tr("{who}'s mouse", who=self.seat_name(self.viewer)) if self.showing_a_bot else tr("Your mouse")
        home = self.mouse_home_rect()
        return label, theme.render(label, 13).get_rect(topright=(home.x - 6, home.y + 10))

    def pointed_places(self) -> list[tuple[int, int]]:
        """Where the player points: the mouse pointer, then the keyboard focus (if shown)."""
        places = [self.app.mouse_pos]
        if self.focus.visible and self.focus.current is not None:
            places.append(self.focus.current.rect_of().center)
        return places

    def pointed_pos(self) -> tuple[int, int]:
        """The place a held tile is aimed at: the pointer while dragging, else the focus."""
        return self.app.mouse_pos if self.drag.active else self.pointed_places()[-1]

    def tile_under(self, pos: tuple[int, int]) -> str | None:
        """The tile the pointer rests on: in your hand, on top of a market pile, or in your house."""
        for i, tile in enumerate(self.view.get("hand") or []):
            if self.hand_rect(i).collidepoint(pos):
                return tile
        spots = helpers.market_layout(self.view)["spots"]
        for name, spot in spots.items():
            if spot.get("top") and self.spot_rect(name).collidepoint(pos):
                return spot["top"]
        cell = house_cell_at(pos)
        if cell is not None:
            for t in self.view["houses"][self.viewer]:
                if (t["x"], t["y"]) == cell:
                    return t["tile"]
        return None

    def describe_tile(self, tile: str) -> str:
        """One line for a new player: what the tile is and what its connectors are."""
        kind = helpers.tile_info(tile)["type"]
        return words.tile_caption(tile, on_card=kind in ((self.view.get("objective") or {}).get("types") or ()))

    def mouse_under(self, pos: tuple[int, int]) -> int | None:
        """The opponent whose mouse, out of its home, lies under the pointer."""
        for seat in self.others():
            r = self.mouse_rect(seat)
            if r is not None and r.collidepoint(pos) and self.view["mice"][seat] is not None:
                return seat
        return None

    def describe_mouse(self, seat: int) -> str:
        """What a click on an opponent's mouse would do, and what it costs."""
        who = self.seat_name(seat)
        if f"cheese {seat + 1}" in self.legal() and self.keys_in_use():  # the ring on it: Enter does it
            return tr("Enter: 1 cheese (you have {c}) sends {who}'s mouse to the appliance stack.",
                      c=self.view["cheese"][self.viewer], who=who)
        if f"cheese {seat + 1}" in self.legal():
            return tr("Click: 1 cheese (you have {c}) sends {who}'s mouse to the appliance stack.",
                      c=self.view["cheese"][self.viewer], who=who)
        return self.chase_problem(seat)

    def hand_caption(self, size: int) -> str:
        """Whose hand this is; watching computer players, the hand is the shown seat's."""
        if self.showing_a_bot:
            who = self.seat_name(self.viewer)
            return tr("{who}'s hand ({n})", who=who, n=size) if size else tr("{who}'s hand is empty.", who=who)
        if not size:  # said once: the prompt over the house may already say it, with what to do
            return "" if self.prompt_says_hand_empty() else tr("Your hand is empty.")
        if self.session.is_over():  # nothing left to turn: say what the leftover tiles are worth (CB-17)
            return tr("Left in your hand ({n}); tiles in hand score nothing", n=size)
        return tr("Your hand ({n}); turn the held tile with R or the wheel", n=size)

    def draw_caption(self, surface: pygame.Surface, text: str) -> None:
        """What is pointed at, in yellow over the hand. A long caption takes two lines: the
        first beside your mouse's label, the second on the caption's usual line, both
        clear of the focus ring round the hand's tiles."""
        size, lines = caption_lines(text, self.mouse_label()[1].x - 12 - HOUSE.x)
        top = HAND_Y - 15 if len(lines) > 1 else HAND_Y
        for i, line in enumerate(lines):
            theme.draw_text(surface, line, (HOUSE.x, top + 18 * i), size, theme.YELLOW, max_width=CAPTION_WIDTH)

    def draw_hand(self, surface: pygame.Surface) -> None:
        hand = self.view.get("hand") or []
        caption = None
        if not self.drag.active:  # the caption names what lies under the pointer or the focus
            for pos in self.pointed_places():
                chased = self.mouse_under(pos) if self.my_turn() else None
                pointed = self.tile_under(pos)
                caption = self.describe_mouse(chased) if chased is not None else \
                    self.describe_tile(pointed) if pointed else self.deal_under(pos)
                if caption:
                    break
        if caption:
            self.draw_caption(surface, caption)
        else:
            text = self.hand_caption(len(hand))
            if text:
                theme.draw_text(surface, text, (HOUSE.x, HAND_Y), 14, theme.TEXT_DIM, max_width=CAPTION_WIDTH)
        dragging = self.drag.drag.source if self.drag.active else None
        hidden = self.hidden()
        for i, tile in enumerate(hand):
            r = self.hand_rect(i)
            if dragging == ("tile", tile) or ("hand", tile) in hidden:
                pygame.draw.rect(surface, theme.PANEL_EDGE, r, 2)
                continue
            rot = self.rotation if tile in (self.selected, self.turned) else 0  # the way it comes up
            surface.blit(tile_surface(tile, rot, r.w), r)
            if tile == self.selected:
                draw.dashed_rect(surface, r.inflate(6, 6), theme.GLOW_ALT, width=3)
        if self.drag.active and dragging and dragging[0] == "tile":
            self.drag.drag.image = tile_surface(dragging[1], self.canonical(dragging[1], self.rotation), HOUSE_CELL)

    def draw_market(self, surface: pygame.Surface) -> None:
        layout = helpers.market_layout(self.view)
        theme.draw_text(surface, tr("Market"), (MARKET_X, 40), 15, theme.TEXT_DIM, bold=True)
        legal = self.legal()
        covered = {f.hides[1]: f.covered for f in self.flights if f.covered is not None and f.hides}
        for name, spot in layout["spots"].items():
            r = self.spot_rect(name)
            if name in covered:  # a discard still on its way: the pile as it was
                spot = {**spot, **covered[name]}
            draw.panel(surface, r, theme.PANEL, edge=None, radius=8)
            # a tile held by drag may go only to an appliance pile: the mouse's places stay dark
            dragging = self.drag.active and self.drag.drag.source[0] == "tile"
            mouse = f"mouse {name}" in legal and not dragging
            if mouse or (self.held_tile() and f"discard {self.held_tile()} to {name}" in legal):
                pygame.draw.rect(surface, theme.YELLOW, r, 2, border_radius=8)
            theme.draw_text(surface, tr(name.replace("-", " ")), (r.x + 6, r.y + 4), LABEL, theme.TEXT_DIM)
            if spot["kind"] == "cheese":
                for k in range(spot["count"]):
                    pygame.draw.rect(surface, theme.YELLOW, self.supply_cube_rect(k))
                theme.draw_text(surface, tr("{n} cheese", n=spot["count"]), (r.x + 6, r.bottom - 20), LABEL)
            elif spot["kind"] == "stack":
                back = pygame.Rect(r.x + 30, r.y + 24, 50, 50)
                pygame.draw.rect(surface, theme.CARD_BACK, back, border_radius=6)
                pygame.draw.rect(surface, theme.CARD_FACE, back, 2, border_radius=6)
                theme.draw_text(surface, str(spot["count"]), back.center, 16, theme.CARD_FACE, bold=True,
                                anchor="center")
            elif spot["top"]:
                surface.blit(tile_surface(spot["top"], 0, 50), (r.x + 30, r.y + 24))
                if spot["count"] > 1:
                    theme.draw_text(surface, f"+{spot['count'] - 1}", (r.right - 6, r.y + 4), LABEL, theme.TEXT_DIM,
                                    anchor="topright")

    def draw_counter(self, surface: pygame.Surface) -> None:
        v = self.view
        x, y = MARKET_X, 276
        theme.draw_text(surface, tr("Round {r} of {n}", r=v["round"], n=v["rounds"]), (x, y - 2), 15, bold=True)
        deals = {d["round"]: d["icon"] for d in v["deals"]}
        for k in range(1, v["rounds"] + 1):
            r = round_box(k, v["rounds"])
            pygame.draw.rect(surface, theme.YELLOW if k == v["round"] else theme.PANEL, r, border_radius=3)
            if k != v["round"]:  # edged, so the track shows in high contrast (black boxes on a near-black table)
                pygame.draw.rect(surface, theme.PANEL_EDGE, r, 1, border_radius=3)
            if k in deals:  # at the least text size; pointing at it says what it deals (deal_under)
                theme.draw_text(surface, deals[k], self.deal_mark_rect(k).topleft, LABEL, theme.TEXT_DIM)

    def deal_mark_rect(self, k: int) -> pygame.Rect:
        """Where the deal mark ("W", "A", "W+A") under round k's box is drawn."""
        icon = next(d["icon"] for d in self.view["deals"] if d["round"] == k)
        r = round_box(k, self.view["rounds"])
        return theme.render(icon, LABEL).get_rect(midtop=(r.centerx, r.bottom + 1))

    def deal_box(self, i: int) -> pygame.Rect:
        """The i-th dealing round's box on the round track."""
        if i >= len(self.view["deals"]):
            return pygame.Rect(0, 0, 0, 0)
        return round_box(self.view["deals"][i]["round"], self.view["rounds"])

    def deal_rect(self, i: int) -> pygame.Rect:
        """The i-th dealing round's box on the round track with its deal mark under it."""
        box = self.deal_box(i)
        return box.union(self.deal_mark_rect(self.view["deals"][i]["round"])) if box.w else box

    def deal_under(self, pos: tuple[int, int]) -> str | None:
        """What a round's deal mark means, when the pointer or the focus rests on the mark or its round's box."""
        for i, d in enumerate(self.view["deals"]):
            if self.deal_rect(i).collidepoint(pos):
                return words.deal_caption(d["round"], d["icon"])
        return None

    def draw_others(self, surface: pygame.Surface) -> None:
        v = self.view
        hidden = self.hidden()
        for seat in self.others():
            ox, oy = self.mini_origin(seat)
            draw.marker(surface, theme.seat_shape(seat), (ox + 6, oy + 8), 6, self.seat_colour(seat))
            theme.draw_text(surface, self.seat_name(seat), (ox + 16, oy), 13, bold=seat == v["current_player"])
            frame = pygame.Rect(ox, oy + 22, 7 * MINI_CELL, 7 * MINI_CELL)
            pygame.draw.rect(surface, (232, 226, 210), frame)
            box = v["breaker_box"]
            pygame.draw.rect(surface, (60, 60, 70), self.mini_cell_rect(seat, box["x"], box["y"]))
            for t in v["houses"][seat]:
                if ("cell", seat, t["x"], t["y"]) not in hidden:
                    surface.blit(tile_surface(t["tile"], t["rot"], MINI_CELL),
                                 self.mini_cell_rect(seat, t["x"], t["y"]))
            hand = v["hands"][seat]
            # as wide as the next house's column allows: two-digit counts fit at 13 px
            theme.draw_text(surface, tr("cheese {c}, hand {w}W+{a}A", c=v["cheese"][seat], w=hand["wires"],
                                        a=hand["appliances"]), (ox, frame.bottom + 4), LABEL, theme.TEXT_DIM,
                            max_width=MINI_STEP - 2)

    def mini_frame(self, seat: int) -> pygame.Rect:
        ox, oy = self.mini_origin(seat)
        return pygame.Rect(ox, oy + 22, 7 * MINI_CELL, 7 * MINI_CELL)

    def dragging_mouse(self) -> bool:
        return self.drag.active and self.drag.drag.source == ("mouse",)

    def zoomed_house(self) -> int | None:
        """The opponent whose small house is pointed at (by the mouse or the focus ring). While
        your mouse is dragged the enlarged house stays up as the pointer goes from the small
        one up onto it, whose glowing appliances take the drop (it vanished on the way), once
        the pointer has rested on the small one: passed on the way up to the market, it stayed
        up over the stacks and piles and took the drop meant for them."""
        focused = self.focus.current.rect_of() if self.focus.visible and self.focus.current else None
        # the keyboard in use (the ring shown, a key pressed last): the pointer resting on a
        # small house opens nothing, as the enlarged house would hide the ring on a pile under it
        pointer = None if focused is not None and self.keyed else self.app.mouse_pos
        for seat in self.others():
            frame = self.mini_frame(seat)
            if (pointer is not None and frame.collidepoint(pointer)) or \
                    (focused is not None and frame.contains(focused)):
                return seat
        seat = self.zoom_seat
        if seat is not None and self.dragging_mouse() and self.zoom_rest >= ZOOM_REST:
            frame = self.mini_frame(seat)
            reach = self.zoom_box(seat).union(pygame.Rect(frame.x, frame.y - 24, frame.w, 24))  # with the gap
            if reach.collidepoint(self.app.mouse_pos):
                return seat
        return None

    def zoom_box(self, seat: int) -> pygame.Rect:
        """Where seat's enlarged house is drawn: above its small copy, within the market's width."""
        frame = self.mini_frame(seat)
        box = pygame.Rect(0, 0, 7 * ZOOM_CELL + 16, 7 * ZOOM_CELL + 36)
        box.bottom = frame.y - 24
        box.x = max(MARKET_X, min(frame.x, 950 - box.w))
        return box

    def zoom_cell(self, seat: int, x: int, y: int) -> pygame.Rect:
        box = self.zoom_box(seat)
        return pygame.Rect(box.x + 8 + x * ZOOM_CELL, box.y + 28 + (6 - y) * ZOOM_CELL, ZOOM_CELL, ZOOM_CELL)

    def draw_zoom(self, surface: pygame.Surface) -> None:
        """An opponent's house drawn large above its small copy, while pointed at: at 14 px
        a wire's 1/2/3 ticks cannot be read, so without colour its connectors were lost. The
        house is the one update found (zoom_seat), which a drop there goes by too."""
        seat = self.zoom_seat
        if seat is None:
            return
        v = self.view
        box = self.zoom_box(seat)
        draw.panel(surface, box)
        title = tr("Your house") if seat == self.perspective else \
            tr("{name}'s house, enlarged", name=self.seat_name(seat))
        theme.draw_text(surface, title, (box.x + 8, box.y + 6), 14, bold=True)

        def cell(x: int, y: int) -> pygame.Rect:
            return self.zoom_cell(seat, x, y)

        pygame.draw.rect(surface, (232, 226, 210), pygame.Rect(box.x + 8, box.y + 28, 7 * ZOOM_CELL, 7 * ZOOM_CELL))
        for y in range(7):
            for x in range(7):
                pygame.draw.rect(surface, (214, 206, 186), cell(x, y), 1)
        breaker = v["breaker_box"]
        surface.blit(box_surface(breaker["edges"], ZOOM_CELL), cell(breaker["x"], breaker["y"]))
        for t in v["houses"][seat]:
            surface.blit(tile_surface(t["tile"], t["rot"], ZOOM_CELL), cell(t["x"], t["y"]))
            if self.dragging_mouse() and \
                    f"mouse house {seat + 1} at {t['x']},{t['y']}" in self.legal():
                pygame.draw.rect(surface, theme.YELLOW, cell(t["x"], t["y"]), 3, border_radius=4)
        for owner, m in enumerate(v["mice"]):
            if m is not None and m["spot"] == "house" and m["seat"] == seat:
                # at full size on the cell's bottom-right corner, its tail along the bottom
                # edge clear of the appliance's face: in the middle it covered the appliance
                r = cell(m["x"], m["y"])
                mouse_icon(surface, (r.right + 3, r.bottom + 3), 10, owner)
        # the appliance aimed at glows here too: the enlarged house covers the market, so the
        # 14 px cell under it was the only sign the first click or Enter had done anything
        prefix = f"mouse house {seat + 1} at "
        if self.mouse_aim is not None and self.mouse_aim.startswith(prefix):
            self.glow_aim(surface, cell(*map(int, self.mouse_aim[len(prefix):].split(","))))

    def draw_objective(self, surface: pygame.Surface) -> None:
        """The secret card's types as icons beside the heading, the score, then in words at
        13 px how many of each card type are in the house and their points, and the
        other types in the house (objective_texts)."""
        v = self.view
        box = OBJECTIVE
        draw.panel(surface, box, theme.PANEL, edge=None, radius=8)
        obj = v.get("objective")
        score = helpers.house_score(v, seat=self.viewer)
        title = tr("{who}'s secret objective and score", who=self.seat_name(self.viewer)) if self.showing_a_bot \
            else tr("Your secret objective and score")
        icons = (obj or {}).get("types") or []
        theme.draw_text(surface, title, (box.x + 10, box.y + 6), 15, bold=True,
                        max_width=box.w - 24 - 30 * len(icons))
        for k, t in enumerate(icons):  # the card's types, right of the heading
            draw_appliance(surface, t, (box.right - 24 - 30 * (len(icons) - 1 - k), box.y + 17), 24, theme.TEXT)
        theme.draw_text(surface, self.score_line(), self.score_line_pos(), 16, theme.YELLOW, bold=True)
        step, lines = objective_lines(objective_texts(score))
        for i, line in enumerate(lines):
            theme.draw_text(surface, line, (box.x + 10, box.y + OBJECTIVE_TEXT_TOP + step * i), 13)
