"""An isometric renderer for blocks on the 3x3 foundation of Break the Cube.

World: x = column 0-2 (left to right), y = row 0-2 (top to bottom, as the grid is
printed), z = level 0-2. The view can turn in 90-degree steps; the numbers and letters
are drawn on the foundation itself, so they turn with it.

Drawing is painter's order: unit cubes on a grid never overlap on screen unless one is
in front of the other, and the one in front always has the larger rotated x + y + z, so
sorting by that sum is exact. Each visible face gets one of three tones of its piece's
colour; an edge is outlined only where the neighbouring cube in the same face plane
belongs to another piece, so each piece reads as one solid block.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import pygame

from game.ui import theme

Cube = tuple[int, int, int]
LETTER_SLOTS = {  # letter -> centre (x, y) just outside the grid, in world cells (CU-2 layout)
    "A": (0.5, -0.6), "B": (1.5, -0.6), "C": (2.5, -0.6), "D": (3.6, 0.5), "E": (3.6, 1.5), "F": (3.6, 2.5),
    "G": (2.5, 3.6), "H": (1.5, 3.6), "I": (0.5, 3.6), "J": (-0.6, 2.5), "K": (-0.6, 1.5), "L": (-0.6, 0.5),
}


def shade(colour: tuple[int, int, int], k: float) -> tuple[int, int, int]:
    if k >= 1:
        return tuple(min(255, int(c + (255 - c) * (k - 1))) for c in colour)
    return tuple(int(c * k) for c in colour)


@dataclass
class IsoView:
    origin: tuple[float, float]      # screen position of the grid centre at z = 0
    tile: float = 56.0               # half the width of one cell's diamond
    rotation: int = 0                # quarter turns, clockwise seen from above
    rim: float = 1.1                 # the foundation beyond the grid, in cells: room for its letters

    @property
    def half_h(self) -> float:
        return self.tile * 0.5       # 2:1 isometric diamonds

    @property
    def cube_h(self) -> float:
        return self.tile * 1.0       # height of one level on screen

    # --- geometry -----------------------------------------------------------------------
    def rotate(self, x: float, y: float) -> tuple[float, float]:
        """World (corner) coordinates -> view coordinates, turning about the grid centre."""
        cx, cy = x - 1.5, y - 1.5
        for _ in range(self.rotation % 4):
            cx, cy = -cy, cx
        return cx + 1.5, cy + 1.5

    def unrotate(self, x: float, y: float) -> tuple[float, float]:
        cx, cy = x - 1.5, y - 1.5
        for _ in range(self.rotation % 4):
            cx, cy = cy, -cx
        return cx + 1.5, cy + 1.5

    def project(self, x: float, y: float, z: float) -> tuple[float, float]:
        """A world point (corner coordinates) -> screen pixel."""
        vx, vy = self.rotate(x, y)
        ox, oy = self.origin
        return (ox + (vx - vy) * self.tile, oy + (vx + vy - 3) * self.half_h - z * self.cube_h)

    def extent(self, cubes: Iterable[Cube] = ()) -> pygame.Rect:
        """The screen box of the foundation (its ring of letters included) and of ``cubes``
        standing on it."""
        points = [self.project(x, y, 0) for x in self.base_span() for y in self.base_span()]
        points += [self.project(x + dx, y + dy, z + 1) for x, y, z in cubes for dx in (0, 1) for dy in (0, 1)]
        xs, ys = zip(*points, strict=True)
        return pygame.Rect(int(min(xs)), int(min(ys)), math.ceil(max(xs) - min(xs)), math.ceil(max(ys) - min(ys)))

    def base_span(self) -> tuple[float, float]:
        """Where the foundation starts and ends along each axis, in world cells."""
        return -self.rim, 3 + self.rim

    def depth(self, cube: Cube) -> float:
        vx, vy = self.rotate(cube[0] + 0.5, cube[1] + 0.5)
        return vx + vy + cube[2]

    def cell_diamond(self, x: int, y: int, z: float = 0) -> list[tuple[float, float]]:
        return [self.project(x, y, z), self.project(x + 1, y, z), self.project(x + 1, y + 1, z),
                self.project(x, y + 1, z)]

    def faces(self, cube: Cube) -> dict[str, list[tuple[float, float]]]:
        """Screen polygons of the three faces the viewer can see: top, left, right."""
        x, y, z = cube
        # the two side faces toward the viewer are the ones whose outward normal points
        # to +vx and +vy in view space; find which world sides those are
        corners = {}
        for dx in (0, 1):
            for dy in (0, 1):
                for dz in (0, 1):
                    corners[(dx, dy, dz)] = self.project(x + dx, y + dy, z + dz)
        front_x, front_y = self._front_sides()
        top = [corners[(0, 0, 1)], corners[(1, 0, 1)], corners[(1, 1, 1)], corners[(0, 1, 1)]]
        return {"top": top, "left": self._side(corners, front_y), "right": self._side(corners, front_x)}

    def _front_sides(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """World directions (dx, dy) whose faces point to view +x (right face) and +y (left)."""
        dirs = [(1, 0), (0, 1), (-1, 0), (0, -1)]
        right = left = None
        for d in dirs:
            vx, vy = self.rotate(1.5 + d[0], 1.5 + d[1])
            if abs(vx - 2.5) < 1e-6 and abs(vy - 1.5) < 1e-6:
                right = d
            if abs(vx - 1.5) < 1e-6 and abs(vy - 2.5) < 1e-6:
                left = d
        return right, left

    @staticmethod
    def _side(corners: dict, d: tuple[int, int]) -> list[tuple[float, float]]:
        dx, dy = d
        if dx:  # face at x = 0 or 1
            fx = 1 if dx > 0 else 0
            return [corners[(fx, 0, 0)], corners[(fx, 1, 0)], corners[(fx, 1, 1)], corners[(fx, 0, 1)]]
        fy = 1 if dy > 0 else 0
        return [corners[(0, fy, 0)], corners[(1, fy, 0)], corners[(1, fy, 1)], corners[(0, fy, 1)]]

    # --- drawing ------------------------------------------------------------------------
    def draw_foundation(self, surface: pygame.Surface, highlight: Iterable[int] = (),
                        show_labels: bool = True) -> None:
        """The 3x3 tile with its numbers in the cells (letters: ``draw_letters``)."""
        hi = set(highlight)
        near, far = self.base_span()
        base = [self.project(near, near, 0), self.project(far, near, 0), self.project(far, far, 0),
                self.project(near, far, 0)]
        pygame.draw.polygon(surface, (226, 214, 188), base)
        pygame.draw.polygon(surface, (120, 100, 70), base, 2)
        for y in range(3):
            for x in range(3):
                cell = 3 * y + x + 1
                poly = self.cell_diamond(x, y)
                pygame.draw.polygon(surface, (246, 236, 212) if cell not in hi else theme.YELLOW, poly)
                pygame.draw.polygon(surface, (150, 130, 96), poly, 1)
        if show_labels:
            self.draw_cell_numbers(surface)

    def draw_cell_numbers(self, surface: pygame.Surface, colour: tuple[int, int, int] = (120, 100, 70)) -> None:
        for y in range(3):
            for x in range(3):
                c = self.project(x + 0.5, y + 0.5, 0)
                theme.draw_text(surface, str(3 * y + x + 1), (int(c[0]), int(c[1])), max(12, int(self.tile * 0.32)),
                                colour, bold=True, anchor="center")

    def draw_letters(self, surface: pygame.Surface, letter_glow: Iterable[str] = ()) -> None:
        """The letters around the tile. Drawn before the blocks: a tall block hides a letter
        behind it, as it would on a table (painted over a block, a letter read like a
        piece's name); the question pad always shows every letter."""
        glow = set(letter_glow)
        size = max(12, int(self.tile * 0.34))
        # a disc that holds its letter at the least text size too: on a small foundation (four
        # shapes revealed side by side) a 5 px disc left most of a 12 px letter, white, on the cream
        radius = max(int(self.tile * 0.27), round(size * 0.7))
        for letter, (lx, ly) in LETTER_SLOTS.items():
            c = self.project(lx, ly, 0)
            pos = (int(c[0]), int(c[1]))
            pygame.draw.circle(surface, theme.YELLOW if letter in glow else theme.PANEL, pos, radius)
            theme.draw_text(surface, letter, pos, size, theme.BLACK if letter in glow else theme.TEXT, bold=True,
                            anchor="center")

    def draw_cubes(self, surface: pygame.Surface, cubes: Mapping[Cube, str],
                   colours: Mapping[str, tuple[int, int, int]],
                   alpha: int = 255, outline: tuple[int, int, int] = (20, 20, 24)) -> None:
        """Draw cubes (position -> piece ID) in painter's order, each with its piece's shape cue."""
        target = surface
        if alpha < 255:
            target = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        right_d, left_d = self._front_sides()
        for cube in sorted(cubes, key=self.depth):
            pid = cubes[cube]
            colour = colours.get(pid, (160, 160, 160))
            faces = self.faces(cube)
            x, y, z = cube
            visible = {
                "top": (x, y, z + 1) not in cubes,
                "right": (x + right_d[0], y + right_d[1], z) not in cubes,
                "left": (x + left_d[0], y + left_d[1], z) not in cubes,
            }
            tones = {"top": shade(colour, 1.18), "left": shade(colour, 0.82), "right": shade(colour, 0.62)}
            for name in ("left", "right", "top"):
                if not visible[name]:
                    continue
                poly = faces[name]
                pygame.draw.polygon(target, (*tones[name], alpha), poly)
                self._outline_face(target, cube, name, poly, cubes, outline, alpha)
            # the piece's shape cue on its top, or on a side when something covers the top
            shown = next((name for name in ("top", "right", "left") if visible[name]), None)
            if shown is not None:
                self._glyph(target, pid, faces[shown], shade(colour, 0.45), alpha)
        if target is not surface:
            surface.blit(target, (0, 0))

    def _outline_face(self, surface: pygame.Surface, cube: Cube, face: str, poly: list, cubes: Mapping[Cube, str],
                      colour: tuple[int, int, int], alpha: int) -> None:
        """Outline the edges of a face that border another piece or empty space."""
        pid = cubes[cube]
        x, y, z = cube
        right_d, left_d = self._front_sides()
        if face == "top":
            # top polygon corners: (0,0),(1,0),(1,1),(0,1) in world x/y; edge i joins i and i+1
            neighbours = [(x, y - 1, z), (x + 1, y, z), (x, y + 1, z), (x - 1, y, z)]
            def same(n: Cube) -> bool:
                return cubes.get(n) == pid and (n[0], n[1], n[2] + 1) not in cubes
        else:
            d = right_d if face == "right" else left_d
            # side polygon corners: bottom a, bottom b, top b, top a
            along = (0, 1) if d[0] else (1, 0)
            neighbours = [(x, y, z - 1), (x + along[0], y + along[1], z), (x, y, z + 1),
                          (x - along[0], y - along[1], z)]
            def same(n: Cube) -> bool:
                return cubes.get(n) == pid and (n[0] + d[0], n[1] + d[1], n[2]) not in cubes
        for i, n in enumerate(neighbours):
            if not same(n):
                pygame.draw.line(surface, (*colour, alpha), poly[i], poly[(i + 1) % 4], 2)

    def _glyph(self, surface: pygame.Surface, pid: str, face: list, colour: tuple[int, int, int], alpha: int) -> None:
        """Colour-blind aid: a small shape per piece in the middle of a face."""
        cx = sum(p[0] for p in face) / 4
        cy = sum(p[1] for p in face) / 4
        piece_glyph(surface, pid, (cx, cy), self.tile * 0.16, (*colour, alpha))

    # --- picking ------------------------------------------------------------------------
    def pick(self, pos: tuple[int, int], cubes: Mapping[Cube, str]) -> tuple[Cube, str] | None:
        """The frontmost cube face under a screen point: (cube, face) or None."""
        for cube in sorted(cubes, key=self.depth, reverse=True):
            for name, poly in self.faces(cube).items():
                if point_in_polygon(pos, poly):
                    return cube, name
        return None

    def cell_at(self, pos: tuple[int, int], z: float = 0) -> int | None:
        """The grid cell (1-9) whose diamond at height z contains the point."""
        for y in range(3):
            for x in range(3):
                if point_in_polygon(pos, self.cell_diamond(x, y, z)):
                    return 3 * y + x + 1
        return None

    def surface_at(self, pos: tuple[int, int], cubes: Mapping[Cube, str]) -> tuple[int, int] | None:
        """The (x, y) whose resting surface (the top of its column) lies under the point.

        Columns in front may hide a cell's floor on screen; every column's top is tested
        and the front-most match wins, so a hidden cell can still be aimed at."""
        tops: dict[tuple[int, int], int] = {}
        for x, y, z in cubes:
            tops[(x, y)] = max(tops.get((x, y), 0), z + 1)
        best, best_depth = None, None
        for y in range(3):
            for x in range(3):
                h = tops.get((x, y), 0)
                if h < 3 and point_in_polygon(pos, self.cell_diamond(x, y, h)):
                    depth = self.depth((x, y, h))
                    if best_depth is None or depth > best_depth:
                        best, best_depth = (x, y), depth
        return best

    def letter_at(self, pos: tuple[int, int]) -> str | None:
        for letter, (lx, ly) in LETTER_SLOTS.items():
            c = self.project(lx, ly, 0)
            if (pos[0] - c[0]) ** 2 + (pos[1] - c[1]) ** 2 <= (self.tile * 0.4) ** 2:
                return letter
        return None


def piece_glyph(surface: pygame.Surface, pid: str, centre: tuple[float, float], r: float, colour: tuple) -> None:
    """The shape cue of a piece (S circle, M triangle, L bar, X cross, Y diamond ring), so
    blocks never rely on colour alone."""
    cx, cy = centre
    if pid == "S":
        pygame.draw.circle(surface, colour, (cx, cy), r)
    elif pid == "M":
        pygame.draw.polygon(surface, colour, [(cx, cy - r * 1.1), (cx + r * 1.3, cy + r * 0.8),
                                              (cx - r * 1.3, cy + r * 0.8)])
    elif pid == "L":
        pygame.draw.rect(surface, colour, pygame.Rect(cx - r * 1.2, cy - r * 0.7, r * 2.4, r * 1.4))
    elif pid == "X":
        pygame.draw.line(surface, colour, (cx - r, cy - r * 0.6), (cx + r, cy + r * 0.6), 3)
        pygame.draw.line(surface, colour, (cx - r, cy + r * 0.6), (cx + r, cy - r * 0.6), 3)
    else:
        pygame.draw.polygon(surface, colour, [(cx, cy - r), (cx + r * 1.4, cy), (cx, cy + r), (cx - r * 1.4, cy)], 3)


def point_in_polygon(p: tuple[float, float], poly: list[tuple[float, float]]) -> bool:
    x, y = p
    inside = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            xi = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if x < xi:
                inside = not inside
    return inside
