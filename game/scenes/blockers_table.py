"""The Blockers! table: the 9x9 board with its nine symbol sections drawn in code, your
rack (or two racks in the advanced game), a live score panel, and drag-and-drop placing.

While a tile is dragged (or selected), every square it may go to glows; captures get a
different mark. A refused drop says why (wrong row/column/section, own colour, it would
split a group). Click-to-select then click-to-place, and the keyboard (Tab/arrows to a
rack tile or a square, Enter), do the same.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from game.ai.blockers_hint import last_turn_choice, move_facts
from game.i18n import tr, tr_form
from game.rules.blockers import helpers
from game.scenes import endings
from game.scenes.blockers_rack import RackOrder
from game.scenes.blockers_tips import board_tip, hint_why, rack_tip
from game.scenes.table_base import PANEL_RECT, TableScene
from game.ui import draw, theme
from game.ui.buttons import SIDE_TIP_MIN_WIDTH, TIP_GAP, TIP_MARGIN, Tip, tip_beside
from game.ui.display import LOGICAL_SIZE
from game.ui.drag import DragController
from game.ui.focus import Focusable
from game.ui.pointer import ARROW, HAND
from game.ui.seat_style import blockers_fill
from game.ui.surface_cache import SurfaceCache
from game.ui.symbols import PATTERNS, draw_pattern, draw_symbol
from game.ui.tween import Tween, ease_in_out, speed_factor

CELL = 58
BOARD = pygame.Rect(56, 56, 9 * CELL, 9 * CELL)
ROWS = "ABCDEFGHI"
RACK_TILE = 58
RACK_Y = 636  # low enough that the focus ring on a rack tile clears the prompt above
PROMPT_Y, PROMPT_SIZE = RACK_Y - 38, 18  # the prompt's line over the rack
MOVE_TIME = 0.35
# A square a held tile may go to glows sky blue, not the yellow glow of the other games:
# yellow is a seat's tile colour here (seat 4), and a square glowing yellow was nearly that
# tile's colour (under tritanopia the same); sky keeps clear of all five tile colours and of
# the board under each simulated colour blindness (tests/ui/test_blockers_table.py)
TARGET_GLOW = theme.GLOW_ALT
TARGET_ALPHA = (110, 35)  # the fill's alpha: at least, and as much again at the pulse's height
LAST_MOVE = (255, 255, 255)  # the last tile placed: white edged in black (see draw_last_move)
SCORE_X = 616
OBJECT_NOUNS = {"wild": "wild tile"}  # a tile named as the thing placed, where its face is no noun

# Game colour name -> (fill, pattern). Okabe-Ito shades; each also has its own texture.
COLOUR_STYLE = {name: (blockers_fill(name), PATTERNS[i])
                for i, name in enumerate(("red", "blue", "green", "yellow", "purple"))}
_tiles = SurfaceCache(4_000_000)


def tile_surface(colour: str, label: str | None, size: int) -> pygame.Surface:
    """A tile: its colour, its colour's texture (always: colours never stand alone), and
    its label (number, letter or symbol)."""
    key = (colour, label, size)
    surf = _tiles.get(key)
    if surf is not None:
        return surf
    fill, pattern = COLOUR_STYLE.get(colour, ((150, 150, 150), "plain"))
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, fill, rect, border_radius=size // 7)
    dark = tuple(int(c * 0.55) for c in fill)
    draw_pattern(surf, rect.inflate(-4, -4), pattern, (*dark, 110))
    pygame.draw.rect(surf, theme.BLACK, rect, 2, border_radius=size // 7)
    if label:
        face = pygame.Rect(0, 0, int(size * 0.64), int(size * 0.64))
        face.center = rect.center
        pygame.draw.rect(surf, theme.CARD_FACE, face, border_radius=size // 9)
        ink = theme.BLACK
        if label in ("wild",) or not (label.isdigit() or (len(label) == 1 and label.isalpha())):
            draw_symbol(surf, label, face.center, face.w * 0.72, ink)
        else:
            theme_text = theme.render(label, max(10, int(size * 0.42)), ink, bold=True)
            surf.blit(theme_text, theme_text.get_rect(center=face.center))
    _tiles[key] = surf
    return surf


def square_rect(name: str) -> pygame.Rect:
    row, col = ROWS.index(name[0]), int(name[1:]) - 1
    return pygame.Rect(BOARD.x + col * CELL, BOARD.y + row * CELL, CELL, CELL)


def square_at(pos: tuple[int, int]) -> str | None:
    if not BOARD.collidepoint(pos):
        return None
    col = (pos[0] - BOARD.x) // CELL
    row = (pos[1] - BOARD.y) // CELL
    return f"{ROWS[row]}{col + 1}"


class BlockersTable(TableScene):
    undo_limit = "Nothing to undo: each placement draws a tile nobody had seen, so it cannot be taken back."
    toast_span = (SCORE_X - 8, SCORE_X + 348)  # messages in the column under the scores, off the board

    @property
    def toast_top(self) -> int:
        button = getattr(self, "pass_button", None)
        if button is not None and button.visible:  # under the Pass button, which sits where it would go
            return button.rect.bottom + 12
        return self.score_row_y(self.session.num_players) + 4

    @property
    def toast_max_height(self) -> int:
        # down to the screen's foot at most: under five seats' scores a long message at a
        # large reading size ran off it; now its text steps down instead
        return LOGICAL_SIZE[1] - 8 - self.toast_top

    # the ring stayed on the square your last tile went to, dashed and dead: after the others'
    # moves Enter did nothing there, and the arrows set out from a corner of the board
    ring_starts_each_turn = True

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.drag = DragController()
        self.selected: tuple[str, str] | None = None  # (colour, tile) picked from the rack
        self.flights: list[tuple[str, str | None, Tween]] = []  # (colour, label, tween) tiles in the air
        self.hidden_squares: set[str] = set()  # squares whose new tile is still flying in
        self.pulse = 0.0
        self._sections = helpers.section_layout()
        self._background: pygame.Surface | None = None
        self._background_contrast = False
        self._scores: tuple[int, list[dict]] | None = None
        self.rack_order = RackOrder()  # tiles keep their rack slots from draw to draw
        if session.log.actions:  # a continued game: as its racks were laid out before saving
            self.rack_order.rebuild(session.log.new_state(session.rules), session.log.actions,
                                    range(session.num_players))

    # --- set-up -------------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        self.pass_button = self.button(tr("Pass (no move possible)"), self.pass_rect(), self.press_pass,
                                       object_id="#primary",
                                       tooltip=tr("P: pass this turn, as none of your tiles can be placed"))
        self.pass_button.hide()
        self.play_area_starts_here()
        for i in range(10):
            self.focus.add(Focusable(lambda i=i: self.rack_rect(i), lambda i=i: self.pick_rack(i),
                                     lambda i=i: self.my_turn() and i < len(self.rack_tiles())))
        self.square_focus: dict[str, int] = {}  # each square's place in the focus ring
        for row in ROWS:
            for col in range(1, 10):
                sq = f"{row}{col}"
                self.square_focus[sq] = len(self.focus.items)
                self.focus.add(Focusable(lambda sq=sq: square_rect(sq), lambda sq=sq: self.click_square(sq),
                                         lambda: self.my_turn() and self.selected is not None))

    def refresh(self) -> None:
        """Watching computers only (no person plays), the rack shown follows the turn: the
        mover's tiles, with a caption naming whose they are. Racks are hidden (BL-7), but
        no player sits at this screen to learn a secret from them. The switch waits for the
        last tile's flight from its rack slot to land."""
        if self.follows_the_turn() and not self.flights:
            self.viewer = self.session.current_player
            self.clear_selection()
        super().refresh()

    def follows_the_turn(self) -> bool:
        """True when the rack shown should become the mover's (see refresh)."""
        cp = self.session.current_player
        return not self.session.humans and not self.replaying and cp is not None and cp != self.viewer

    # --- what the viewer has ------------------------------------------------------------
    def my_colours(self) -> list[str]:
        return list(self.view["colours"][self.viewer])

    def rack_tiles(self) -> list[tuple[str, str]]:
        """(colour, tile) for every tile on the viewer's racks, rack by rack, each tile in
        the slot it had (see blockers_rack)."""
        self.rack_order.follow(self.view)
        return self.racked(self.view)

    def racked(self, view: dict) -> list[tuple[str, str]]:
        """The viewer's unfinished racks in ``view``, in the order last shown."""
        return [(colour, t) for colour in self.my_colours() if not view["finished"].get(colour)
                for t in self.rack_order.of(view, colour)]

    def rack_rect(self, index: int) -> pygame.Rect:
        colours = [c for c in self.my_colours() if not self.view["finished"].get(c)]
        per = max(1, len(self.view["racks"].get(colours[0], []))) if colours else 5
        gap = 40 if index >= per else 0  # the advanced game's second rack sits a little apart
        return pygame.Rect(BOARD.x + index * (RACK_TILE + 6) + gap, RACK_Y, RACK_TILE, RACK_TILE)

    def seat_colour_words(self, seat: int) -> list[str]:
        return list(self.view["colours"][seat])  # both colours in the advanced game

    def advanced(self) -> bool:
        return bool(self.view["options"].get("advanced"))

    def notation(self, colour: str, tile: str, square: str) -> str:
        return f"{colour}:{tile}@{square}" if self.advanced() else f"{tile}@{square}"

    def held(self) -> tuple[str, str] | None:
        """The (colour, tile) being dragged, else the one picked, else None."""
        return self.drag.drag.source if self.drag.active else self.selected

    def targets(self) -> dict[str, bool]:
        """Squares the held/selected tile may go to: square -> is a capture."""
        held = self.held()
        if held is None or not self.my_turn():
            return {}
        colour, tile = held
        return helpers.legal_squares(self.view, tile, colour=colour if self.advanced() else None, seat=self.viewer)

    # --- acting -------------------------------------------------------------------------
    def waiting(self) -> bool:
        """True when it is not your turn, and says so while the game goes on: a press on your
        rack or a number key then did nothing at all, as if the tile were stuck."""
        if self.my_turn():
            return False
        if not self.session.is_over():
            self.refuse(tr("Wait for your turn."))
        return True

    def pick_rack(self, index: int, by_keys: bool = True) -> None:
        tiles = self.rack_tiles()
        if index < len(tiles) and not self.waiting():
            self.selected = None if self.selected == tiles[index] else tiles[index]
            self.app.sound.play("pick")
            if by_keys:  # a number key is a keyboard choice: Enter must place where the ring is
                self.focus.show_first([self.square_focus[sq] for sq in self.targets()])

    def click_square(self, square: str) -> None:
        if self.waiting():
            return
        if self.selected is None:
            self.refuse(tr("Pick a tile from your rack first."))
            return
        self.place(self.selected, square)

    def place(self, held: tuple[str, str], square: str) -> bool:
        colour, tile = held
        reason = helpers.why_not(self.view, tile, square, colour=colour if self.advanced() else None,
                                 seat=self.viewer)
        if reason:
            self.refuse(reason)
            return False
        self.selected = None
        if self.perform(self.notation(colour, tile, square), self.viewer):
            self.app.sound.play("drop")
            return True
        return False

    def press_pass(self) -> None:
        """Pass when no move is possible; else (P pressed) say why not, with a move in words."""
        if not self.my_turn():
            return
        legal = self.session.legal_texts()
        if "pass" in legal or not legal:
            self.perform("pass", self.viewer)
            return
        self.refuse(tr("You may not pass while a move exists. For example: {move}", move=self.hint_move(legal[0])))

    def clear_selection(self) -> None:
        self.selected = None
        self.drag.cancel()

    def ring_to_turn_start(self) -> None:
        """Your turn starts on your first rack tile (where the first Tab goes), or on Pass when
        no tile fits anywhere: a tile picked then has nowhere to go."""
        if self.pass_button.visible:
            self.focus.show_first([i for i, item in enumerate(self.focus.items) if item.button is self.pass_button])
            return
        super().ring_to_turn_start()

    # --- input --------------------------------------------------------------------------
    def rack_index_at(self, pos: tuple[int, int]) -> int | None:
        for i in range(len(self.rack_tiles())):
            if self.rack_rect(i).collidepoint(pos):
                return i
        return None

    def pointer_at(self, pos: tuple[int, int]) -> str | None:
        """A hand over your rack on your turn and, with a tile picked up, over the squares it
        may go to (the focus ring's stops are every square, for the arrow keys)."""
        if self.rack_index_at(pos) is not None:
            return HAND if self.my_turn() else ARROW
        square = square_at(pos)
        if square is None:
            return None  # the buttons: as the focus ring says
        return HAND if square in self.targets() else ARROW

    def pointed_tip(self, pos: tuple[int, int]) -> tuple[pygame.Rect, str] | None:
        """A tile in the rack or on the board, named in words (the wild one too, which shows
        a mark only) and, in the rack, where it may go; nothing while a tile is dragged."""
        if self.drag.active:
            return None
        i = self.rack_index_at(pos)
        if i is not None:
            return self.rack_rect(i), rack_tip(*self.rack_tiles()[i])
        square = square_at(pos)
        colour = self.view["board"].get(square) if square is not None else None
        if colour is None or square in self.hidden_squares:
            return None
        owner = next((seat for seat, colours in enumerate(self.view["colours"]) if colour in colours), None)
        tip = board_tip(colour, self.view.get("labels", {}).get(square), square,
                        None if owner is None else self.seat_name(owner),
                        owner is not None and owner == self.perspective)
        return square_rect(square), tip

    def pointed_tip_layout(self, anchor: pygame.Rect, text: str, avoid: Sequence[pygame.Rect] = ()) -> Tip:
        """A rack tile's tip beside the rack, in the free space right of it (and of the rack's
        caption): over the rack it lay on the prompt, which says what to do with the tile."""
        room = self.rack_tip_room() if anchor.y == RACK_Y else None
        tip = tip_beside(text, room, anchor.centery)
        if tip is None:  # a long caption beside the rack: as a button's
            return super().pointed_tip_layout(anchor, text, avoid)
        return tip

    def rack_tip_room(self) -> pygame.Rect:
        """The space right of the rack, under the board's column numbers (and the prompt, where
        it reaches that far), up to the side panel or the Pass button."""
        tiles = self.rack_tiles()
        left = self.rack_rect(len(tiles) - 1).right if tiles else BOARD.x
        caption = self.rack_caption()
        if caption:
            left += 14 + min(theme.font(15).size(caption)[0], 950 - left - 14)
        left += 3 * TIP_GAP
        prompt = pygame.Rect((BOARD.x, PROMPT_Y), theme.font(PROMPT_SIZE).size(self.prompt()))
        top = prompt.bottom + TIP_GAP if prompt.right > left else BOARD.bottom + 28  # under the numbers
        right, bottom = PANEL_RECT.left - 2 * TIP_GAP, LOGICAL_SIZE[1] - TIP_MARGIN
        button = self.pass_button.rect
        if self.pass_button.visible and button.right > left and button.bottom > top:  # left of it, or above it
            if button.left - 2 * TIP_GAP - left >= SIDE_TIP_MIN_WIDTH:
                right = button.left - 2 * TIP_GAP
            else:
                bottom = button.top - 2 * TIP_GAP
        return pygame.Rect(left, top, right - left, bottom - top)

    def on_event(self, event: pygame.event.Event) -> bool:
        if super().on_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            i = self.rack_index_at(event.pos)
            if i is not None and not self.waiting():
                colour, tile = self.rack_tiles()[i]
                self.drag.press((colour, tile), tile_surface(colour, tile, RACK_TILE),
                                self.rack_rect(i), event.pos)
                return True
            square = square_at(event.pos)
            if square is not None:
                self.click_square(square)
                return True
            return i is not None
        if event.type == pygame.MOUSEMOTION:
            self.drag.motion(event.pos)
            return self.drag.active
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag.drag is not None:
            d = self.drag.drag
            image, origin = d.image, d.origin
            dragged = d.rect
            zones = {sq: square_rect(sq) for sq in (f"{r}{c}" for r in ROWS for c in range(1, 10))}
            result = self.drag.release(event.pos, zones)
            if result.kind == "click":
                i = self.rack_index_at(event.pos)
                if i is not None:
                    self.pick_rack(i, by_keys=False)
                return True
            if result.target is None or not self.place(result.source, result.target):
                self.drag.snap_back(image, dragged, origin)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if self.selected is not None or self.drag.drag is not None:
                    self.clear_selection()
                else:
                    self.open_menu()
                return True
            if pygame.K_1 <= event.key <= pygame.K_9 and not event.mod & pygame.KMOD_CTRL:
                self.pick_rack(event.key - pygame.K_1)
                return True
            if event.key == pygame.K_0 and not event.mod & pygame.KMOD_CTRL:  # the advanced game's 10th tile
                self.pick_rack(9)
                return True
            if event.key == pygame.K_p:
                self.press_pass()
                return True
        return False

    # --- hints --------------------------------------------------------------------------
    def hint_spots(self, text: str) -> list[pygame.Rect]:
        if text == "pass":
            return [self.pass_button.rect]
        colour, tile, square = self._parse(text, self.viewer, self.view)
        spots = [square_rect(square)]
        for i, held in enumerate(self.rack_tiles()):
            if held == (colour, tile):
                spots.append(self.rack_rect(i))
        return spots

    def refine_hint(self, text: str) -> str:
        state = self.session.state
        return text if text == "pass" else str(last_turn_choice(state, state.parse(text)))

    def hint_reason(self, text: str) -> str:
        if text == "pass":
            return tr("No tile fits anywhere.")
        state = self.session.state
        return hint_why(move_facts(state, state.parse(text)), self.seat_name, self.viewer)

    def draw_hint_spot(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        # the shared thin sky outline all but vanished on the section symbols (E8 on the
        # diamond) and was the colour of the squares a held tile may go to
        # (the arrows on the board only: beside a rack tile they lay on its neighbours)
        draw.hint_mark(surface, rect, (1 + math.sin(self.app.time * 6)) / 2, arrows=BOARD.contains(rect))

    def hint_move(self, text: str) -> str:
        if text == "pass":
            return tr("Pass.")
        colour, tile, square = self._parse(text, self.viewer, self.view)
        return tr("Place the {colour} {tile} on {sq}.", colour=tr(colour), tile=self.tile_word(tile), sq=square)

    @staticmethod
    def tile_word(tile: str) -> str:
        """A tile as the thing placed, the only way the prompts, hints and log name one. English
        says its face after the templates' own 'the' ('Place the 4', 'placed the red circle'), the
        wild one as a 'wild tile' (an adjective alone names nothing); German needs the article
        with the tile, and a symbol's own gender ('Leg die 4', 'den Kreis', 'das Quadrat'), given
        as each tile's "object" form."""
        return tr_form("object", OBJECT_NOUNS.get(tile, tile))

    # --- narration, animation, results --------------------------------------------------
    def narrate(self, seat: int, text: str, before: dict, after: dict) -> list[str | tuple[int | None, str]]:
        who = self.seat_name(seat)
        if text == "pass":
            lines = [tr("{who} cannot place any tile and passes.", who=who)]
        else:
            colour, tile, square = self._parse(text, seat, before)
            captured = before["board"].get(square)
            tile_word = self.tile_word(tile)
            if captured:
                lines = [tr("{who} placed the {colour} {tile} on {sq}, capturing a {c} tile.", who=who,
                            colour=tr(colour), tile=tile_word, sq=square, c=tr(captured))]
            else:
                lines = [tr("{who} placed the {colour} {tile} on {sq}.", who=who, colour=tr(colour), tile=tile_word,
                            sq=square)]
        for owner, colours in enumerate(after["colours"]):
            for colour in colours:
                if after["finished"].get(colour) and not before["finished"].get(colour):
                    lines.append(tr("{who}: {colour} is finished; its last tiles lie face up.",
                                    who=self.seat_name(owner), colour=tr(colour)))
        if after["current_player"] is None and before["current_player"] is not None:
            # the banner says "Game over": this line gives the scores (a tie-break winner first)
            lines.append((None, endings.final_scores(self.seat_name, after["scores"], after.get("winners") or [],
                                                     lower_is_better=True, tie_break=captures_key(after))))
        return lines

    @staticmethod
    def _parse(text: str, seat: int, before: dict) -> tuple[str, str, str]:
        head, _, square = text.partition("@")
        colour, _, tile = head.rpartition(":")
        return colour or before["colours"][seat][0], tile, square.upper()

    def on_applied(self, seat: int, text: str, before: dict, after: dict) -> None:
        duration = MOVE_TIME * speed_factor(self.app.settings.animation_speed)
        if text == "pass" or duration <= 0:
            return
        colour, tile, square = self._parse(text, seat, before)
        end = square_rect(square)
        captured = before["board"].get(square)
        if captured:
            away = pygame.Rect(SCORE_X + 280, self.score_row_y(seat), CELL, CELL)
            self.flights.append((captured, before.get("labels", {}).get(square),
                                 Tween(end.topleft, away.topleft, duration, ease=ease_in_out)))
            self.app.sound.play("capture")
        if not self.is_bot(seat):
            return  # a person's own tile is already where they dropped it
        if seat == self.viewer:  # watching computers: from the tile's own rack slot
            rack = self.racked(before)  # the order is still the one shown before the move
            start = self.rack_rect(rack.index((colour, tile)) if (colour, tile) in rack else 0)
        else:
            start = pygame.Rect(SCORE_X + 20, self.score_row_y(seat), CELL, CELL)
        self.flights.append((colour, tile, Tween(start.topleft, end.topleft, duration, ease=ease_in_out,
                                                 payload={"square": square})))
        self.hidden_squares.add(square)

    @property
    def animating(self) -> bool:
        return bool(self.flights)

    def finish_animation(self) -> None:
        self.flights.clear()
        self.hidden_squares.clear()

    def tie_break(self, seat: int) -> float:
        return captures_key(self.session.view(self.viewer))(seat)

    def result_lines(self) -> list[str]:
        lines = []
        rows = helpers.score_breakdown(self.session.view(self.viewer))
        for row in (rows[seat] for seat in self.standings()):  # in the results' ranking, the winner first
            groups = " + ".join(f"{tr(c)} {n}" for c, n in row["groups"].items())
            caps = ", ".join(f"{tr(c)} {n}" for c, n in row["captures"].items()) or tr("no captures")
            fields = {"who": self.seat_name(row["seat"]), "g": groups, "caps": caps, "m": row["most_captured"],
                      "s": row["score"]}
            lines.append(tr("{who}: 1 group ({g}) + {m} for the most captured of one colour ({caps}) = {s}", **fields)
                         if row["group_total"] == 1 else
                         tr("{who}: {gt} groups ({g}) + {m} for the most captured of one colour ({caps}) = {s}",
                            gt=row["group_total"], **fields))
        lines.append(self.tie_line(rows) or tr("Lowest score wins; on a tie, fewer captures in all wins."))
        return lines

    def tie_line(self, rows: list[dict]) -> str | None:
        """When the lowest score is shared, the rule line names the captures that decided it
        (BL-16): two equal scores under 'Seat 2 (AI) wins' left a newcomer guessing why. Equal
        captures too share the win, and the line says so."""
        best = min(row["score"] for row in rows)
        tied = [rows[seat] for seat in self.standings() if rows[seat]["score"] == best]
        if len(tied) < 2:
            return None
        counts = ", ".join(f"{self.seat_name(row['seat'])} {row['total_captures']}" for row in tied)
        fewest = min(row["total_captures"] for row in tied)
        if sum(row["total_captures"] == fewest for row in tied) > 1:  # tied there too: "goes to" named no one
            return tr("Lowest score wins. A tie at {s} goes to fewer captures in all: {counts}; equal there "
                      "too, the win is shared.", s=best, counts=counts)
        return tr("Lowest score wins. A tie at {s} goes to fewer captures in all: {counts}.", s=best, counts=counts)

    def prompt(self) -> str:
        waiting = self.waiting_prompt()
        if waiting is not None:
            return waiting
        if self.pass_button.visible:
            return tr("No tile fits anywhere: you must pass.")
        held = self.held()
        if held is not None:  # dragged or picked: say where it may go, not where it came from
            tile = self.tile_word(held[1])
            if any(self.targets().values()):
                return tr("Place the {tile} on a glowing square (ringed squares are captures).", tile=tile)
            return tr("Place the {tile} on a glowing square.", tile=tile)  # no ring to explain
        if self.keys_in_use():
            return tr("Tab to a tile in your rack and press Enter, then Enter on a square.")
        return tr("Drag a tile from your rack onto the board.")

    # --- frame --------------------------------------------------------------------------
    def score_row_y(self, seat: int) -> int:
        return 64 + seat * 92

    def pass_rect(self) -> pygame.Rect:
        """The Pass button: in the score column, under the last seat's scores (where a next
        seat's row would go), its focus ring clear of them. Beside the rack it covered the
        advanced game's second rack, and a watched computer's rack caption."""
        return pygame.Rect(SCORE_X, self.score_row_y(self.session.num_players) + 4, 250, 44)

    def update(self, dt: float) -> None:
        self.pulse += dt
        for _, _, t in self.flights:
            t.update(dt)
        landed = [t.payload.get("square") for _, _, t in self.flights if t.done]
        self.flights = [f for f in self.flights if not f[2].done]
        for sq in landed:
            self.hidden_squares.discard(sq)
        if not self.flights:
            self.hidden_squares.clear()
            if self.follows_the_turn():
                self.refresh()  # the flight has landed: show the next mover's rack
        self.drag.update(dt)
        can_pass = self.my_turn() and self.session.legal_texts() == ["pass"]
        self.pass_button.show() if can_pass else self.pass_button.hide()
        super().update(dt)

    def draw_scene(self, surface: pygame.Surface) -> None:
        self.draw_board(surface)
        self.draw_rack(surface)
        self.draw_scores(surface)
        for colour, label, t in self.flights:
            if t.started:
                surface.blit(tile_surface(colour, label, CELL - 4), (t.pos[0] + 2, t.pos[1] + 2))
        theme.draw_text(surface, self.prompt(), (BOARD.x, PROMPT_Y), PROMPT_SIZE, theme.TEXT)
        self.draw_panel(surface)
        self.drag.draw(surface)

    def board_background(self) -> pygame.Surface:
        """Sections, symbols, grid and coordinates never change: drawn once."""
        if self._background is None or self._background_contrast != theme.high_contrast:
            self._background_contrast = theme.high_contrast  # the coordinates are in the table's text colour
            bg = pygame.Surface((BOARD.right + 40, BOARD.bottom + 40), pygame.SRCALPHA)
            pygame.draw.rect(bg, (226, 214, 188), BOARD.inflate(8, 8), border_radius=6)
            for r in range(3):
                for c in range(3):
                    sect = pygame.Rect(BOARD.x + c * 3 * CELL, BOARD.y + r * 3 * CELL, 3 * CELL, 3 * CELL)
                    shade = (240, 232, 212) if (r + c) % 2 == 0 else (232, 222, 198)
                    pygame.draw.rect(bg, shade, sect)
                    draw_symbol(bg, self._sections[r][c], sect.center, 2.2 * CELL, (216, 204, 176))
            for i in range(10):
                width = 3 if i % 3 == 0 else 1
                colour = (120, 100, 70) if i % 3 == 0 else (190, 176, 146)
                pygame.draw.line(bg, colour, (BOARD.x + i * CELL, BOARD.y), (BOARD.x + i * CELL, BOARD.bottom), width)
                pygame.draw.line(bg, colour, (BOARD.x, BOARD.y + i * CELL), (BOARD.right, BOARD.y + i * CELL), width)
            for i in range(9):  # coordinates on all four edges
                x = BOARD.x + i * CELL + CELL // 2
                y = BOARD.y + i * CELL + CELL // 2
                for pos in ((x, BOARD.y - 16), (x, BOARD.bottom + 16)):
                    theme.draw_text(bg, str(i + 1), pos, 16, theme.TEXT_DIM, bold=True, anchor="center")
                for pos in ((BOARD.x - 18, y), (BOARD.right + 18, y)):
                    theme.draw_text(bg, ROWS[i], pos, 16, theme.TEXT_DIM, bold=True, anchor="center")
            self._background = bg
        return self._background

    def draw_board(self, surface: pygame.Surface) -> None:
        surface.blit(self.board_background(), (0, 0))
        labels = self.view.get("labels", {})
        for square, colour in self.view["board"].items():
            if square in self.hidden_squares:
                continue
            surface.blit(tile_surface(colour, labels.get(square), CELL - 4),
                         square_rect(square).inflate(-4, -4))
        pulse = (1 + math.sin(self.pulse * 5)) / 2
        for square, capture in self.targets().items():
            r = square_rect(square)
            if capture:
                pygame.draw.rect(surface, theme.RED, r.inflate(-2, -2), 4, border_radius=8)
                draw.dashed_rect(surface, r.inflate(-12, -12), theme.BLACK, dash=5, width=2)
            else:
                glow = pygame.Surface(r.size, pygame.SRCALPHA)
                glow.fill((*TARGET_GLOW, TARGET_ALPHA[0] + int(TARGET_ALPHA[1] * pulse)))
                surface.blit(glow, r)
                pygame.draw.rect(surface, TARGET_GLOW, r.inflate(-2, -2), 2)
                draw.landing_dot(surface, r.center)
        last = self.view.get("last_action")
        if last and isinstance(last, dict) and "@" in str(last.get("action", "")):
            sq = str(last["action"]).split("@")[1].upper()
            if sq in self.view["board"]:
                self.draw_last_move(surface, square_rect(sq))

    @staticmethod
    def draw_last_move(surface: pygame.Surface, r: pygame.Rect) -> None:
        """The last tile placed: a white line edged in black round it and a white flag in two
        opposite corners. It was sky blue, the colour the squares a held tile may go to now
        glow in (and under deuteranopia or tritanopia as well); white on black keeps apart
        from that glow and from every tile colour to any eye, and the flags are its shape."""
        pygame.draw.rect(surface, theme.BLACK, r, 6)
        pygame.draw.rect(surface, LAST_MOVE, r.inflate(-2, -2), 3)
        for (x, y), d in (((r.x + 2, r.y + 2), 1), ((r.right - 3, r.bottom - 3), -1)):
            flag = [(x, y), (x + d * 16, y), (x, y + d * 16)]
            pygame.draw.polygon(surface, LAST_MOVE, flag)
            pygame.draw.polygon(surface, theme.BLACK, flag, 2)

    def rack_caption(self) -> str | None:
        """Whose rack is on show when it is not the watcher's own (a computer's, or another
        seat picked in a replay), or when the game is over at a screen several people share
        (the last mover's tiles stay on show to everyone); None for your own rack."""
        over_for_all = self.session.is_over() and len(self.session.humans) > 1
        if not (self.showing_a_bot or over_for_all):
            return None
        who = self.seat_name(self.viewer)
        return tr("{who}'s racks", who=who) if self.advanced() else tr("{who}'s rack", who=who)

    def draw_rack(self, surface: pygame.Surface) -> None:
        tiles = self.rack_tiles()
        caption = self.rack_caption()
        if caption:  # beside the last tile, level with the tiles' middle
            right = self.rack_rect(len(tiles) - 1).right if tiles else BOARD.x
            theme.draw_text(surface, caption, (right + 14, RACK_Y + RACK_TILE // 2 - 10), 15, theme.TEXT_DIM,
                            max_width=950 - right - 14)
        dragging = self.drag.drag.source if self.drag.active else None
        for i, (colour, tile) in enumerate(tiles):
            r = self.rack_rect(i)
            if (colour, tile) == dragging:
                pygame.draw.rect(surface, theme.PANEL_EDGE, r, 2, border_radius=8)
                continue
            surface.blit(tile_surface(colour, tile, RACK_TILE), r)
            if self.selected == (colour, tile):
                draw.dashed_rect(surface, r.inflate(8, 8), theme.GLOW_ALT, width=3)

    def draw_scores(self, surface: pygame.Surface) -> None:
        v = self.view
        key = len(self.session.log.actions)
        if self._scores is None or self._scores[0] != key:
            self._scores = (key, helpers.score_breakdown(v))
        rows = self._scores[1]
        theme.draw_text(surface, tr("Scores (lower wins)"), (SCORE_X, 34), 16, theme.TEXT_DIM, bold=True)
        for row in rows:
            seat = row["seat"]
            y = self.score_row_y(seat)
            box = pygame.Rect(SCORE_X, y, 340, 86)
            draw.panel(surface, box, theme.PANEL, edge=None, radius=8)
            if seat == v["current_player"]:
                pygame.draw.rect(surface, self.seat_colour(seat), box, 2, border_radius=8)
            draw.marker(surface, theme.seat_shape(seat), (box.x + 14, y + 16), 8, self.seat_colour(seat))
            theme.draw_text(surface, self.seat_name(seat), (box.x + 28, y + 6), 16, bold=True)
            theme.draw_text(surface, tr("score {s}", s=row["score"]), (box.right - 10, y + 6), 18, theme.YELLOW,
                            bold=True, anchor="topright")
            x = box.x + 10
            step = (box.width - 20) // max(1, len(row["colours"]))  # two colours each in the advanced game
            for colour in row["colours"]:
                if v["finished"].get(colour):  # BL-18: its last tiles are on show, never to be played
                    label = theme.draw_text(surface, tr("finished:"), (x, y + 33), 14, theme.TEXT_DIM,
                                            max_width=step - 6 - 4 * 20)
                    for i, tile in enumerate(v["racks"].get(colour, [])):
                        face = tile_surface(colour, tile, 18)
                        surface.blit(face, (label.right + 6 + 20 * i, y + 32))
                    x += step
                    continue
                surface.blit(tile_surface(colour, None, 20), (x, y + 32))
                left = v["rack_sizes"].get(colour, 0) + v["pool_sizes"].get(colour, 0)
                groups = row["groups"][colour]
                if len(row["colours"]) == 1:
                    tiles = tr("1 tile left") if left == 1 else tr("{n} tiles left", n=left)
                else:  # half the width: the tile beside the text says what is left
                    tiles = tr("1 left") if left == 1 else tr("{n} left", n=left)
                text = ", ".join((tr("1 group") if groups == 1 else tr("{n} groups", n=groups), tiles))
                theme.draw_text(surface, text, (x + 26, y + 33), 14, theme.TEXT_DIM, max_width=step - 32)
                x += step
            cx = box.x + 10
            label = theme.draw_text(surface, tr("captured:"), (cx, y + 60), 14, theme.TEXT_DIM)
            cx = max(cx + 70, label.right + 8)  # "geschlagen:" is wider than "captured:"
            if not row["captures"]:  # a bare "captured:" read as a line left unfinished
                theme.draw_text(surface, tr("none"), (cx, y + 60), 14, theme.TEXT_DIM)
            for colour, n in row["captures"].items():
                surface.blit(tile_surface(colour, None, 18), (cx, y + 60))
                theme.draw_text(surface, f"x{n}", (cx + 22, y + 60), 14, theme.TEXT)
                cx += 56

    def draw_status(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        v = self.view
        if self.advanced():
            first = tr("Advanced 2-player game")
        else:
            seat = v["current_player"] if v["current_player"] is not None else self.viewer
            first = tr("Turn {t} of {n}", t=min(v["turns"][seat] + 1, v["turn_limit"]), n=v["turn_limit"])
        self.status_rect = theme.draw_text(surface, first, (rect.x, rect.y), 15, theme.TEXT)


def captures_key(view: dict) -> Callable[[int], float]:
    """BL-16 as a sort key, for the results and the log's last line alike: among equal
    scores, fewer captures in all ranks ahead."""
    rows = helpers.score_breakdown(view)
    return lambda seat: rows[seat]["total_captures"]
