"""The 3-D building board of Break the Cube as a component shared by the game table and
the solo puzzles: the isometric foundation, the tray of blocks, drag-and-drop with a
landing ghost, keyboard building, turning the view, and the yes/no verdict stamp.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.i18n import tr, tr_message
from game.rules.cube import PIECES
from game.scenes.base import sentence
from game.scenes.cube_build import Builder, Landing
from game.scenes.cube_pad import hex_colour
from game.ui import draw, theme
from game.ui.focus import Focusable, FocusRing
from game.ui.iso import IsoView

if TYPE_CHECKING:  # pragma: no cover
    from game.scenes.base import AppScene
    from game.ui.buttons import LabelButton

COLOURS = {pid: hex_colour(p.colour) for pid, p in PIECES.items()}
TRAY_BOX = (112, 96)
XRAY_ALPHA = 120
MOVES = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
# asking by keyboard: a digit for a cell, Shift+letter for a side (plain Q/E/R/T turn things)
LETTER_KEYS = {getattr(pygame, f"K_{c.lower()}"): c for c in "ABCDEFGHIJKL"}
DIGIT_KEYS = {getattr(pygame, f"K_{d}"): str(d) for d in range(1, 10)}
# small buttons on each tray box, so the mouse alone can set any pose (the wheel only turns)
# T steps through lying down and each standing pose that can land (cube_build.Builder.press)
POSE_BUTTONS = (("R", "Turn it round (R)"), ("T", "Stand it up another way or lay it down (T)"),
                ("F", "Turn it over (F)"))
POSE_SIZE = 24
TITLE_WIDTH = 560  # the board's heading, centred over it, stays clear of the question pad
# the tray's caption line sits this far above the tray, clear of the keyboard focus ring
# round a tray block (it reaches 8 px out and cut through the caption's lower half)
CAPTION_ABOVE = 31


@dataclass
class Held:
    pid: str
    by_keys: bool = False


class BuildBoard:
    """Input and drawing for building a shape; the owner scene supplies the builder
    (which may change with the phase), the view geometry and how to refuse a move."""

    def __init__(self, app, builder: Callable[[], Builder | None], iso: Callable[[int], IsoView],
                 refuse: Callable[[str], None], tray_y: int = 548,
                 finished: Callable[[], Builder | None] | None = None, ring: FocusRing | None = None,
                 done: Callable[[], pygame.Rect] | None = None,
                 words_span: Callable[[], tuple[int, int] | None] | None = None) -> None:
        self.app = app
        # where a held block's landing words may go across, when not centred over the board
        # (the owner's hint shape stands top left): (left, right), or None
        self.words_span = words_span
        # the owner's focus ring and its button that hides or guesses the finished shape: a
        # block placed from the keyboard moves the ring on from the tray (see ring_after_drop)
        self.ring = ring
        self.done = done
        self._tray_stops: list[Focusable] = []
        self._board_stops: list[Focusable] = []
        self.builder = builder
        # shown (not editable) while ``builder`` gives None, e.g. a solved puzzle's copy
        self.finished = finished
        self._iso = iso
        self.refuse = refuse
        self.tray_y = tray_y
        self.rotation = 0
        self.held: Held | None = None
        self.cursor = (1, 1)  # keyboard drop cell (x, y)
        self._minis: dict[tuple, pygame.Surface] = {}  # tray drawings by block, pose, view and palette

    def iso(self) -> IsoView:
        return self._iso(self.rotation)

    def shown(self) -> Builder | None:
        """The shape on the board: the one being built, else the finished one on show."""
        b = self.builder()
        return b if b is not None else (self.finished() if self.finished else None)

    def ghost(self) -> Landing | None:
        """Where the held block would land, while it is aimed at a cell: its words are drawn
        under the board's title (see draw)."""
        b = self.builder()
        if self.held is None or b is None:
            return None
        spot = self.cursor if self.held.by_keys else self.cell_at(self.app.mouse_pos)
        return b.landing(self.held.pid, *spot) if spot is not None else None

    def extent(self) -> pygame.Rect:
        """The screen box of the foundation, its letters and the blocks standing on it."""
        shown = self.shown()
        return self.iso().extent(shown.occupied() if shown else ())

    def focusables(self) -> list[Focusable]:
        def enabled(i: int) -> bool:
            return self.tray_piece(i) is not None
        def placed(i: int) -> bool:
            return self.placed_piece(i) is not None and self.held is None
        tray = [Focusable(lambda i=i: self.tray_rect(i), lambda i=i: self.pick_from_tray(i), lambda i=i: enabled(i))
                for i in range(5)]
        # a placed block is a stop too: Enter picks it up again, as a click on it does
        board = [Focusable(lambda i=i: self.placed_rect(i), lambda i=i: self.lift_by_keys(i), lambda i=i: placed(i))
                 for i in range(5)]
        self._tray_stops, self._board_stops = tray, board
        return tray + board

    # --- actions ------------------------------------------------------------------------
    def turn(self, step: int) -> None:
        self.rotation = (self.rotation + step) % 4

    def clear(self) -> None:
        b = self.builder()
        if b is not None:
            b.clear()
        self.held = None

    def tray_piece(self, index: int) -> str | None:
        """The block in tray box ``index``, unless it stands on the grid. Each block keeps its
        own box, by its place in the set: the tray does not close up when one is placed, so
        the others stay where the player saw them (a press where a block had been, after one
        before it was placed, picked up nothing, or the next block along)."""
        b = self.builder()
        if b is None or index >= len(b.pieces) or b.pieces[index] in b.placed:
            return None
        return b.pieces[index]

    def tray_boxes(self) -> list[tuple[int, str]]:
        """(box index, block) of every block still in the tray."""
        b = self.builder()
        return [(i, pid) for i, pid in enumerate(b.pieces) if pid not in b.placed] if b is not None else []

    def pick_from_tray(self, index: int) -> None:
        pid = self.tray_piece(index)
        if pid is None:
            return
        self.held = Held(pid, by_keys=True)
        self.app.sound.play("pick")

    def placed_piece(self, index: int) -> str | None:
        """The ``index``-th piece of the set, if it stands on the grid now."""
        b = self.builder()
        if b is None or index >= len(b.pieces) or b.pieces[index] not in b.placed:
            return None
        return b.pieces[index]

    def lift_by_keys(self, index: int) -> None:
        """Pick a placed block up again from the keyboard; the cursor starts where it stood."""
        pid = self.placed_piece(index)
        if pid is None:
            return
        b = self.builder()
        x, y, _ = min(b.placed[pid])
        problem = b.lift(pid)
        if problem:
            self.refuse(problem)
            return
        self.held = Held(pid, by_keys=True)
        self.cursor = (x, y)
        self.app.sound.play("pick")

    def placed_rect(self, index: int) -> pygame.Rect:
        """Around the tops of a placed block's cubes (nothing when it is not on the grid)."""
        pid = self.placed_piece(index)
        if pid is None:
            return pygame.Rect(0, 0, 0, 0)
        iso = self.iso()
        points = [iso.project(x + 0.5, y + 0.5, z + 1) for x, y, z in self.builder().placed[pid]]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        pad = iso.tile * 0.35
        return pygame.Rect(int(min(xs) - pad), int(min(ys) - pad), int(max(xs) - min(xs) + 2 * pad),
                           int(max(ys) - min(ys) + 2 * pad))

    def drop_at(self, x: int, y: int) -> bool:
        b = self.builder()
        if b is None or self.held is None:
            return False
        problem = b.place(self.held.pid, x, y)
        if problem:
            self.refuse(turn_advice(problem, b.turns_to_fit(self.held.pid, x, y)))
            return False
        self.held = None
        self.app.sound.play("drop")
        return True

    # --- geometry -----------------------------------------------------------------------
    def tray_rect(self, index: int) -> pygame.Rect:
        return pygame.Rect(20 + index * (TRAY_BOX[0] + 8), self.tray_y, *TRAY_BOX)

    def pose_button_rects(self, index: int) -> list[pygame.Rect]:
        """The R / T / F buttons down the right edge of tray box ``index``."""
        r = self.tray_rect(index)
        return [pygame.Rect(r.right - POSE_SIZE - 4, r.y + 18 + i * (POSE_SIZE + 2), POSE_SIZE, POSE_SIZE)
                for i in range(len(POSE_BUTTONS))]

    def pose_button_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """(tray index, button index) under ``pos``."""
        for i, _ in self.tray_boxes():
            for k, rect in enumerate(self.pose_button_rects(i)):
                if rect.collidepoint(pos):
                    return i, k
        return None

    def pose_changes(self, pid: str, button: int) -> bool:
        """Whether the button would change the block (a standing bar has no other way round)."""
        b = self.builder()
        return b is not None and b.pressed(pid, POSE_BUTTONS[button][0]) != b.pose[pid]

    def change_pose(self, pid: str, button: int) -> None:
        b = self.builder()
        if b is None or not self.pose_changes(pid, button):
            return
        b.press(pid, POSE_BUTTONS[button][0])
        self.app.sound.play("pick")

    def tray_index_at(self, pos: tuple[int, int]) -> int | None:
        """The tray box under ``pos`` that holds a block."""
        return next((i for i, _ in self.tray_boxes() if self.tray_rect(i).collidepoint(pos)), None)

    def cell_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """The (x, y) a block held at ``pos`` would be dropped over: the floor cell under
        the pointer (placed blocks are see-through while one is held, so every number
        shows, even one hidden behind a column); off the floor, the top of a column
        that rises above it."""
        iso = self.iso()
        cell = iso.cell_at(pos)
        if cell is not None:
            return (cell - 1) % 3, (cell - 1) // 3
        b = self.builder()
        cubes = b.occupied(without=self.held.pid if self.held else None) if b else {}
        return iso.surface_at(pos, cubes)

    # --- input --------------------------------------------------------------------------
    def handle_first(self, event: pygame.event.Event) -> bool:
        """Keys that must beat the focus ring: arrows and Enter move/drop a block held
        from the keyboard."""
        if self.held is None or not self.held.by_keys or event.type != pygame.KEYDOWN:
            return False
        if event.key in MOVES:
            dx, dy = MOVES[event.key]
            for _ in range(-self.rotation % 4):  # arrows follow the screen, not the grid
                dx, dy = -dy, dx
            cursor = self.next_cursor(dx, dy)
            if cursor == self.cursor:  # a key that did nothing and said nothing looked dead
                self.refuse(tr("The block is at the edge of the grid: it can go no further that way."))
            self.cursor = cursor
            return True
        if event.key in ENTER_KEYS:
            pid = self.held.pid
            if self.drop_at(*self.cursor):
                self.ring_after_drop(pid)
            return True
        return False

    def ring_after_drop(self, pid: str) -> None:
        """Block ``pid`` was placed from the keyboard. A ring left on a tray box that is empty
        now goes where the player goes next: the nearest block still to place, the next one
        along first, else the button that hides or guesses the shape once it may be, else the
        block just placed (Enter lifts it again to mend the shape)."""
        ring, b = self.ring, self.builder()
        cur = ring.current if ring is not None and ring.visible else None
        if cur is None or b is None or cur.enabled() or not any(cur is s for s in self._tray_stops):
            return

        def stop(item: Focusable) -> list[int]:
            return [i for i, it in enumerate(ring.items) if it is item]
        boxes = [i for i, _ in self.tray_boxes()]
        if boxes:
            here = next(i for i, s in enumerate(self._tray_stops) if cur is s)
            ring.show_first(stop(self._tray_stops[min(boxes, key=lambda i: (abs(i - here), i < here))]))
        elif b.problem() is None and self.done is not None:
            # the button is enabled at the next update: it is found by where it is
            ring.show_first([i for i, it in enumerate(ring.items) if it.rect_of() == self.done()])
        elif pid in b.pieces:
            ring.show_first(stop(self._board_stops[b.pieces.index(pid)]))

    def next_cursor(self, dx: int, dy: int) -> tuple[int, int]:
        """The cell an arrow moves the keyboard cursor to: the nearest one that way over
        which the held block lands somewhere else. A block covering two or three cells lands
        the same over several of them, so a one-cell step could leave it where it stood and
        the key look dead; at the edge, where it cannot move, the cursor stays put."""
        b = self.builder()
        if b is None or self.held is None:
            return self.cursor
        here = b.landing(self.held.pid, *self.cursor).cubes
        x, y = self.cursor
        while 0 <= x + dx < 3 and 0 <= y + dy < 3:
            x, y = x + dx, y + dy
            if b.landing(self.held.pid, x, y).cubes != here:
                return x, y
        return self.cursor

    def handle(self, event: pygame.event.Event) -> bool:
        b = self.builder()
        if event.type == pygame.KEYDOWN:
            return self._key(event, b)
        if event.type == pygame.MOUSEWHEEL and self.held is not None and b is not None:
            if pygame.key.get_mods() & pygame.KMOD_SHIFT or (event.x and not event.y):
                # Shift+wheel (sent as a sideways wheel on some systems) tips it, as T: the wheel
                # only turned it round, so standing a block up meant letting go of the drag
                b.tip(self.held.pid)
            else:
                b.yaw(self.held.pid, 1 if event.y > 0 else 3)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and b is not None:
            return self._press(event.pos, b)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.held is not None \
                and not self.held.by_keys:
            spot = self.cell_at(event.pos)
            if spot is None or not self.drop_at(*spot):
                self.held = None  # back to the tray
            return True
        return False

    def _press(self, pos: tuple[int, int], b: Builder) -> bool:
        pose = self.pose_button_at(pos)
        if pose is not None:
            self.change_pose(b.pieces[pose[0]], pose[1])
            return True
        i = self.tray_index_at(pos)
        if i is not None:
            self.held = Held(b.pieces[i])
            self.app.sound.play("pick")
            return True
        hit = self.iso().pick(pos, b.occupied())
        if hit is None:
            return False
        pid = b.occupied()[hit[0]]
        problem = b.lift(pid)
        if problem:
            self.refuse(problem)
        else:
            self.held = Held(pid)
            self.app.sound.play("pick")
        return True

    def _key(self, event: pygame.event.Event, b: Builder | None) -> bool:
        key = event.key
        if key == pygame.K_ESCAPE and self.held is not None:
            self.held = None
            return True
        if key == pygame.K_q:
            self.turn(-1)
            return True
        if key == pygame.K_e and not event.mod & pygame.KMOD_SHIFT:
            self.turn(1)
            return True
        if self.held is not None and b is not None:
            if key == pygame.K_r:
                b.yaw(self.held.pid)
                return True
            if key == pygame.K_t:
                b.tip(self.held.pid)
                return True
            if key == pygame.K_f and not event.mod & pygame.KMOD_SHIFT:
                b.flip(self.held.pid)
                return True
        return False

    # --- drawing ------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, title: str | None) -> None:
        b = self.builder()
        iso = self.iso()
        shown = self.shown()
        cubes = dict(shown.occupied()) if shown else {}
        ghost = self.ghost()
        footprint = {c[1] * 3 + c[0] + 1 for c in ghost.cubes if 0 <= c[0] < 3 and 0 <= c[1] < 3} if ghost else set()
        if self.held is not None and self.held.by_keys:
            footprint.add(self.cursor[1] * 3 + self.cursor[0] + 1)
        iso.draw_foundation(surface, highlight=footprint)
        iso.draw_letters(surface)  # before the blocks: a block in front hides a letter, as in 3D
        holding = self.held is not None and b is not None
        # x-ray while a block is held: the placed ones are see-through and every cell
        # number shows on top, so a cell hidden behind a column can be aimed at
        if ghost is not None:  # placed blocks and the ghost in one pass, so each hides the other right
            inside = {c: self.held.pid for c in ghost.cubes if 0 <= c[0] < 3 and 0 <= c[1] < 3}
            colours = COLOURS if ghost.problem is None else {**COLOURS, self.held.pid: theme.VERMILLION}
            iso.draw_cubes(surface, {**cubes, **inside}, colours, alpha=XRAY_ALPHA)
        else:
            iso.draw_cubes(surface, cubes, COLOURS, alpha=XRAY_ALPHA if holding else 255)
        if holding:
            iso.draw_cell_numbers(surface, colour=(70, 58, 40))
        if ghost is not None:
            self._draw_footprint(surface, iso, ghost)
        if title:
            theme.draw_text(surface, title, (int(iso.origin[0]), 96), 18, theme.TEXT_DIM, anchor="midtop",
                            max_width=TITLE_WIDTH)
        if ghost is not None:  # under the title, clear of the tray: where it would land, and why not
            span = self.words_span() if self.words_span else None
            left, right = span or (int(iso.origin[0]) - 280, int(iso.origin[0]) + 280)
            centre = (left + right) // 2
            theme.draw_text(surface, landing_text(self.held.pid, ghost), (centre, 124), 18,
                            theme.TEXT if ghost.problem is None else theme.REFUSE_TEXT, bold=True,
                            anchor="midtop", max_width=right - left)
            if ghost.problem:
                problem = tr_message(ghost.problem)
                theme.draw_text(surface, problem[:1].upper() + problem[1:], (centre, 150), 18,
                                theme.REFUSE_TEXT, anchor="midtop", max_width=right - left)
        if b is not None:
            self._draw_tray(surface, b)
            if self.held is not None and not self.held.by_keys and ghost is None:
                # the floor plan centred on the pointer, as over the grid (the view's origin
                # is the middle of cell 1,1): it hung two cells above the pointer
                pose = b.pose[self.held.pid]
                sx = 1 - round(sum(c[0] for c in pose) / len(pose))
                sy = 1 - round(sum(c[1] for c in pose) / len(pose))
                hand = IsoView(self.app.mouse_pos, tile=iso.tile, rotation=self.rotation)
                hand.draw_cubes(surface, {(c[0] + sx, c[1] + sy, c[2]): self.held.pid for c in pose},
                                COLOURS, alpha=200)

    @staticmethod
    def _draw_footprint(surface: pygame.Surface, iso: IsoView, ghost: Landing) -> None:
        """Outline, over the see-through ghost, the floor cells the block would stand
        over: in the isometric view a raised block's top faces line up with the cells
        behind it, so without this it is easy to misread where it lands."""
        colour = theme.GLOW if ghost.problem is None else theme.REFUSE
        for cells in ghost.cells_by_level().values():
            for cell in cells:
                x, y = (cell - 1) % 3, (cell - 1) // 3
                pygame.draw.polygon(surface, colour, iso.cell_diamond(x, y), 3)

    def _draw_tray(self, surface: pygame.Surface, b: Builder) -> None:
        hover = self.pose_button_at(self.app.mouse_pos) if self.held is None else None
        # the heading says what the button under the pointer does
        if hover is not None and self.pose_changes(b.pieces[hover[0]], hover[1]):
            theme.draw_text(surface, f"{b.pieces[hover[0]]}: {tr(POSE_BUTTONS[hover[1]][1])}",
                            (20, self.tray_y - CAPTION_ABOVE), 16, theme.YELLOW)
        elif not b.tray and b.problem():  # every block is down, yet the shape may not be hidden or guessed:
            # say why here, where the eye is, not only when G is pressed (the button is greyed out)
            theme.draw_text(surface, sentence(b.problem()), (20, self.tray_y - CAPTION_ABOVE), 16, theme.REFUSE_TEXT,
                            max_width=590)
        else:
            theme.draw_text(surface, tr("Blocks to place:") if b.tray else tr("All blocks placed."),
                            (20, self.tray_y - CAPTION_ABOVE), 16, theme.TEXT_DIM)
        for i, pid in enumerate(b.pieces):
            r = self.tray_rect(i)
            if pid in b.placed:  # its box stays, empty, so the blocks after it keep their places
                draw.dashed_rect(surface, r, theme.PANEL_EDGE, dash=6, width=1)
                continue
            held = self.held is not None and self.held.pid == pid
            draw.panel(surface, r, theme.PANEL, edge=None, radius=8)
            pygame.draw.rect(surface, theme.GLOW_ALT if held else theme.PANEL_EDGE, r, 2 if held else 1,
                             border_radius=8)
            room = pygame.Rect(r.x + 4, r.y + 20, r.w - POSE_SIZE - 12, r.h - 24)  # left of the buttons
            image = self._mini(pid, b.pose[pid], room.size)
            surface.blit(image, image.get_rect(center=room.center))
            theme.draw_text(surface, f"{pid} {tr(PIECES[pid].name)}", (r.x + 6, r.y + 4), 13, theme.TEXT,
                            max_width=r.w - 12)
            for k, ((letter, _), rect) in enumerate(zip(POSE_BUTTONS, self.pose_button_rects(i), strict=True)):
                live = self.pose_changes(pid, k)
                over = live and rect.collidepoint(self.app.mouse_pos) and self.held is None
                # hover shows as a thicker glowing edge: a lighter fill would hide the letter in high contrast
                pygame.draw.rect(surface, theme.TABLE_DARK, rect, border_radius=5)
                pygame.draw.rect(surface, theme.GLOW if over else theme.PANEL_EDGE, rect, 2 if over else 1,
                                 border_radius=5)
                theme.draw_text(surface, letter, rect.center, 14, theme.TEXT if live else theme.TEXT_DIM, bold=live,
                                anchor="center")

    def _mini(self, pid: str, pose: tuple, size: tuple[int, int]) -> pygame.Surface:
        """The block in its pose, drawn small and shrunk if need be to fit ``size``."""
        key = (pid, pose, self.rotation, size)
        image = self._minis.get(key)
        if image is None:
            canvas = pygame.Surface((240, 240), pygame.SRCALPHA)
            IsoView((120, 150), tile=16, rotation=self.rotation).draw_cubes(
                canvas, {(c[0] + 1, c[1] + 1, c[2]): pid for c in pose}, COLOURS)
            image = canvas.subsurface(canvas.get_bounding_rect()).copy()
            k = min(1.0, size[0] / max(1, image.get_width()), size[1] / max(1, image.get_height()))
            if k < 1.0:
                image = pygame.transform.smoothscale(image, (max(1, int(image.get_width() * k)),
                                                             max(1, int(image.get_height() * k))))
            self._minis[key] = image
        return image


def board_buttons(scene: AppScene, board: BuildBoard, y: int) -> LabelButton:
    """Turn left, Turn right and Clear under the board, the table's and the puzzles' alike,
    each with a tip of what it does; returns Clear (greyed out while nothing is placed)."""
    scene.button(tr("Turn left (Q)"), (20, y, 130, 40), lambda: board.turn(-1),
                 tooltip=tr("Q: turn the view a quarter turn to the left; your blocks stay where they are"))
    scene.button(tr("Turn right (E)"), (158, y, 130, 40), lambda: board.turn(1),
                 tooltip=tr("E: turn the view a quarter turn to the right; your blocks stay where they are"))
    return scene.button(tr("Clear"), (296, y, 90, 40), board.clear,
                        tooltip=tr("Put every block on the grid back in the tray"))


def guess_tip() -> str:
    """The tip of the button that guesses (the table's in the play phase, the puzzles')."""
    return tr("G: offer this copy as your guess at the hidden shape")


def turn_advice(problem: str, keys: list[str] | None) -> str:
    """A refused drop's reason, and when turning the block would let it stand there, which
    keys (or tray buttons) turn it so: "... has nothing under it; turn the block with T and
    it fits here." A refusal alone left players trying every cell with the same pose."""
    if not keys:
        return problem
    runs: list[list] = []
    for key in keys:  # R, R, T: "R twice, then T"
        if runs and runs[-1][0] == key:
            runs[-1][1] += 1
        else:
            runs.append([key, 1])
    said = [key if n == 1 else tr("{key} twice", key=key) if n == 2 else tr("{key} three times", key=key)
            for key, n in runs]
    return tr("{problem}; turn the block with {keys} (the keys, or its buttons in the tray) and it fits here.",
              problem=tr_message(problem), keys=tr(", then ").join(said))


def landing_text(pid: str, ghost: Landing) -> str:
    """Where a held block would land, in words: "M would fill cells 5, 6, 8 (level 1)"."""
    levels = ghost.cells_by_level()
    if not levels:
        return tr("{block} would be outside the grid", block=pid)
    parts = [tr("{cells} (level {n})", cells=", ".join(str(c) for c in cells), n=z + 1)
             for z, cells in levels.items()]
    if sum(len(cells) for cells in levels.values()) == 1:
        return tr("{block} would fill cell {cells}", block=pid, cells=parts[0])
    distinct = {c for cells in levels.values() for c in cells}
    if len(distinct) == 1:  # a block standing upright in one cell: not "cells 5 (level 1); 5 (level 2)"
        return tr("{block} would stand in cell {cell}, levels {low} to {high}", block=pid, cell=distinct.pop(),
                  low=min(levels) + 1, high=max(levels) + 1)
    return tr("{block} would fill cells {cells}", block=pid, cells="; ".join(parts))


# a shape drawn without its letters stands on a foundation with a narrow rim: the 1.1-cell
# band the letters need took 40 % of its width, and the blocks were drawn that much smaller
BARE_RIM = 0.2


def shape_view(centre: tuple[int, int], tile: float, rotation: int = 0, labels: bool = True) -> IsoView:
    """How draw_shape projects a shape (with ``labels``: a foundation wide enough for its letters)."""
    return IsoView(centre, tile=tile, rotation=rotation, rim=IsoView.rim if labels else BARE_RIM)


def draw_shape(surface: pygame.Surface, text: str, pieces: tuple[str, ...], centre: tuple[int, int], tile: int,
               rotation: int, labels: bool = True) -> None:
    """A finished shape on its own small foundation (your secret, the reveal)."""
    b = Builder(pieces)
    b.load(text)
    iso = shape_view(centre, tile, rotation, labels)
    iso.draw_foundation(surface, show_labels=labels)
    if labels:
        iso.draw_letters(surface)
    iso.draw_cubes(surface, b.occupied(), COLOURS)


def draw_verdict(surface: pygame.Surface, text: str, ok: bool, progress: float, centre: tuple[int, int],
                 radius: int = 70) -> None:
    """The animated yes/no stamp after a guess: a tick or a cross that grows in."""
    scale = min(1.0, 0.4 + progress * 3)
    colour = theme.GREEN if ok else theme.VERMILLION
    cx, cy = centre
    r = int(radius * scale)
    pygame.draw.circle(surface, theme.PANEL, (cx, cy), r + 10)
    pygame.draw.circle(surface, colour, (cx, cy), r, 6)
    if ok:
        pygame.draw.lines(surface, colour, False, [(cx - r * 0.5, cy), (cx - r * 0.1, cy + r * 0.4),
                                                   (cx + r * 0.55, cy - r * 0.45)], 10)
    else:
        pygame.draw.line(surface, colour, (cx - r * 0.45, cy - r * 0.45), (cx + r * 0.45, cy + r * 0.45), 10)
        pygame.draw.line(surface, colour, (cx - r * 0.45, cy + r * 0.45), (cx + r * 0.45, cy - r * 0.45), 10)
    size = max(20, radius * 3 // 7)
    # on the same dark backing as the circle: the word often lands on the cream board,
    # where the green and the vermillion read under 3:1
    word = theme.font(size, True).size(text)
    draw.panel(surface, pygame.Rect(cx - word[0] // 2 - 8, cy + r + 14, word[0] + 16, word[1] + 4), theme.PANEL,
               edge=None, radius=8)
    theme.draw_text(surface, text, (cx, cy + r + 16), size, colour, bold=True, anchor="midtop")
