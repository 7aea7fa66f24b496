"""Building a Break the Cube shape block by block (pure model, no pygame).

Used for the secret shape and for the copy a player builds to guess. A block keeps its
current orientation (turned with yaw / tip); dropped over a cell it falls until it rests
on the foundation or another block, like a real wooden block. The rules engine's
``check_partial`` then accepts or refuses it with the building rule that forbids it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from game.rules.cube import check_partial, check_shape, format_shape, orientations, parse_shape
from game.rules.cube.grid import cubes_mask, mask_cubes

Cube = tuple[int, int, int]
_POSITION = re.compile(r"^(cube|blocks overlap at) (\d+)\.(\d+)\b")


def in_words(problem: str | None) -> str | None:
    """A building rule's message as the board shows it: the engine writes a position
    "cell.level" (its notation: "cube 7.2 has nothing under it"), a player sees numbered
    cells and counts levels ("the cube on cell 7, level 2 has nothing under it")."""
    m = _POSITION.match(problem or "")
    if m is None:
        return problem
    where = f"cell {m[2]}, level {m[3]}"
    said = f"the cube on {where}" if m[1] == "cube" else f"blocks overlap on {where}"
    return said + problem[m.end():]


def _normalise(cubes: list[Cube]) -> tuple[Cube, ...]:
    low = [min(c[i] for c in cubes) for i in range(3)]
    return tuple(sorted((c[0] - low[0], c[1] - low[1], c[2] - low[2]) for c in cubes))


def yawed(cubes: tuple[Cube, ...]) -> tuple[Cube, ...]:
    """A quarter turn about the vertical axis."""
    return _normalise([(-y, x, z) for x, y, z in cubes])


def tipped(cubes: tuple[Cube, ...]) -> tuple[Cube, ...]:
    """A quarter turn that stands a lying block up (or lays it down): about the
    left-right axis, or the front-back axis when the first would change nothing."""
    turned = _normalise([(x, -z, y) for x, y, z in cubes])
    if turned == _normalise(list(cubes)):
        turned = _normalise([(z, y, -x) for x, y, z in cubes])
    return turned


def quarter_tips(cubes: tuple[Cube, ...]) -> list[tuple[Cube, ...]]:
    """The poses a quarter turn about either level axis reaches, each once and not the pose
    itself: forward, sideways, back, the other side."""
    turns = [[(x, -z, y) for x, y, z in cubes], [(z, y, -x) for x, y, z in cubes],
             [(x, z, -y) for x, y, z in cubes], [(-z, y, x) for x, y, z in cubes]]
    same = _normalise(list(cubes))
    found: list[tuple[Cube, ...]] = []
    for turned in map(_normalise, turns):
        if turned != same and turned not in found:
            found.append(turned)
    return found


def _flat(cubes: tuple[Cube, ...]) -> bool:
    return all(c[2] == 0 for c in cubes)


def flipped(cubes: tuple[Cube, ...]) -> tuple[Cube, ...]:
    """Turned over (half a turn about the front-back axis): a lying block shows its
    mirror image, which otherwise takes two tips and two turns to reach."""
    return _normalise([(-x, y, -z) for x, y, z in cubes])


# the keys (and tray buttons) that change a block's pose, in the order they are offered
POSE_KEYS = (("R", yawed), ("T", tipped), ("F", flipped))


@dataclass
class Landing:
    cubes: tuple[Cube, ...]
    problem: str | None       # None when the block may rest here

    def cells_by_level(self) -> dict[int, list[int]]:
        """The grid cells (1-9) the block would fill, per level (0 = on the foundation)."""
        levels: dict[int, list[int]] = {}
        for x, y, z in self.cubes:
            if 0 <= x < 3 and 0 <= y < 3:
                levels.setdefault(z, []).append(3 * y + x + 1)
        return {z: sorted(cells) for z, cells in sorted(levels.items())}


@dataclass
class Builder:
    pieces: tuple[str, ...]
    placed: dict[str, tuple[Cube, ...]] = field(default_factory=dict)
    pose: dict[str, tuple[Cube, ...]] = field(default_factory=dict)
    # the pose a block lay in before T stood it up: its tips go round from there (tip_cycle)
    rest: dict[str, tuple[Cube, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for pid in self.pieces:
            self.pose.setdefault(pid, orientations(pid)[0])

    # --- orientation --------------------------------------------------------------------
    def yaw(self, pid: str, steps: int = 1) -> None:
        for _ in range(steps % 4):
            self.pose[pid] = yawed(self.pose[pid])
            if pid in self.rest:  # the pose it lay in turns with it: T goes on round the same poses
                self.rest[pid] = yawed(self.rest[pid])

    def tip(self, pid: str) -> None:
        """The next pose of the block's tip cycle (see tip_cycle)."""
        cycle = self.tip_cycle(pid)
        self.pose[pid] = cycle[(cycle.index(self.pose[pid]) + 1) % len(cycle)]

    def flip(self, pid: str) -> None:
        self.pose[pid] = flipped(self.pose[pid])
        if pid in self.rest:
            self.rest[pid] = flipped(self.rest[pid])

    def tip_cycle(self, pid: str) -> list[tuple[Cube, ...]]:
        """The poses T goes round: the block lying down, then each way a quarter tip forward,
        sideways or back stands it up that can land somewhere on the shape as it is now. It
        tipped about one axis only, through poses that could land nowhere (an L on its
        foot's tip) and never stood the L's long arm up: that took turning and tipping by
        trial, seven presses. Now an L lying down stands on its foot at the first press of T."""
        pose = self.pose[pid]
        rest = self.rest.get(pid)
        if rest is None or (pose != rest and pose not in quarter_tips(rest)):
            rest = pose if _flat(pose) else next((p for p in quarter_tips(pose) if _flat(p)), pose)
            self.rest[pid] = rest
        tips = quarter_tips(rest)
        standing = [p for p in tips if p == pose or self.can_land(pid, p)]
        if not [p for p in standing if p != pose]:  # nothing else lands: go round them all
            standing = tips
        # the tallest first, whichever way the block was turned: the order stays the same after R
        return [rest, *sorted(standing, key=lambda p: -max(c[2] for c in p))]

    def can_land(self, pid: str, pose: tuple[Cube, ...]) -> bool:
        """Whether the block in ``pose`` may rest over some cell of the shape as it is now."""
        held = self.pose[pid]
        self.pose[pid] = pose
        try:
            return any(self.landing(pid, x, y).problem is None for x in range(3) for y in range(3))
        finally:
            self.pose[pid] = held

    def press(self, pid: str, key: str) -> None:
        """What the key (or tray button) R, T or F does to the block."""
        {"R": self.yaw, "T": self.tip, "F": self.flip}[key](pid)

    def pressed(self, pid: str, key: str) -> tuple[Cube, ...]:
        """The pose pressing ``key`` would give the block; the block is left as it is."""
        pose, rest = self.pose[pid], self.rest.get(pid)
        try:
            self.press(pid, key)
            return self.pose[pid]
        finally:
            self.pose[pid] = pose
            self.rest.pop(pid, None) if rest is None else self.rest.__setitem__(pid, rest)

    # --- placing ------------------------------------------------------------------------
    @property
    def tray(self) -> list[str]:
        return [p for p in self.pieces if p not in self.placed]

    def occupied(self, without: str | None = None) -> dict[Cube, str]:
        return {c: pid for pid, cubes in self.placed.items() if pid != without for c in cubes}

    def landing(self, pid: str, x: int, y: int) -> Landing:
        """Where block ``pid`` in its pose comes to rest when dropped over cell (x, y).

        The block covers (x, y) with whichever of its cubes keeps it inside the grid and lets
        it stand (rather than hang over empty cells or stack too tall), then with its middle
        nearest to the drop point; when no way of covering (x, y) fits, it slides to the
        nearest place inside the grid (the shadow shows where). Then it falls onto what is
        below."""
        pose = self.pose[pid]

        def inside(cubes: list[tuple[int, int, int]]) -> bool:
            return all(0 <= cx < 3 and 0 <= cy < 3 for cx, cy, _ in cubes)

        def off_centre(cubes: list[tuple[int, int, int]]) -> float:
            mx = sum(c[0] for c in cubes) / len(cubes) - x
            my = sum(c[1] for c in cubes) / len(cubes) - y
            return mx * mx + my * my

        options = []
        for ax, ay, _ in pose:
            cubes = [(x + cx - ax, y + cy - ay, cz) for cx, cy, cz in pose]
            if inside(cubes):
                options.append((off_centre(cubes), cubes))
        if not options:  # e.g. a long bar pointed at a corner it cannot cover in this pose
            for dx in range(-4, 5):  # poses need not start at 0
                for dy in range(-4, 5):
                    cubes = [(cx + dx, cy + dy, cz) for cx, cy, cz in pose]
                    if inside(cubes):
                        options.append((off_centre(cubes), cubes))
        if not options:
            ax, ay, _ = pose[0]
            return Landing(tuple((x + cx - ax, y + cy - ay, cz) for cx, cy, cz in pose), "outside the grid")
        # the nearest way over the cell could hang a cube over an empty cell while another
        # way over the same cell stands: every drop there was refused until the block was turned
        landings = [(self._fall(pid, cubes), distance) for distance, cubes in options]
        return min(landings, key=lambda o: (o[0].problem is not None, o[1]))[0]

    def _fall(self, pid: str, cubes: list[tuple[int, int, int]]) -> Landing:
        """The block dropped straight down from ``cubes`` onto what is below, and what
        rule that breaks, if any."""
        occ = self.occupied(without=pid)
        tops: dict[tuple[int, int], int] = {}
        for (ox, oy, oz) in occ:
            tops[(ox, oy)] = max(tops.get((ox, oy), 0), oz + 1)
        # fall until some cube rests on the foundation or on a block
        drop = max(tops.get((cx, cy), 0) - cz for cx, cy, cz in cubes)
        cubes = [(cx, cy, cz + drop) for cx, cy, cz in cubes]
        if any(cz > 2 for _, _, cz in cubes):
            return Landing(tuple(cubes), "too tall")
        trial = {**{k: v for k, v in self.placed.items() if k != pid}, pid: tuple(cubes)}
        return Landing(tuple(cubes), in_words(check_partial(self._masks(trial), self.pieces)))

    def turns_to_fit(self, pid: str, x: int, y: int, most: int = 4) -> list[str] | None:
        """The fewest presses of R, T and F (turn round, tip, turn over) after which block
        ``pid`` would stand over cell (x, y), covering it; None when no pose reached within
        ``most`` presses does. The block's own pose is left as it was."""
        start, start_rest = self.pose[pid], self.rest.get(pid)

        def put(pose: tuple[Cube, ...], rest: tuple[Cube, ...] | None) -> None:
            self.pose[pid] = pose
            self.rest.pop(pid, None) if rest is None else self.rest.__setitem__(pid, rest)

        seen, frontier = {start}, [((start, start_rest), [])]
        try:
            for _ in range(most):
                reached = []
                for (pose, rest), keys in frontier:
                    for key, _turn in POSE_KEYS:
                        put(pose, rest)
                        self.press(pid, key)  # T goes round its cycle: the same steps as the keys
                        turned = self.pose[pid]
                        if turned in seen:
                            continue
                        seen.add(turned)
                        state = (turned, self.rest.get(pid))
                        spot = self.landing(pid, x, y)
                        if spot.problem is None and any((cx, cy) == (x, y) for cx, cy, _ in spot.cubes):
                            return [*keys, key]
                        reached.append((state, [*keys, key]))
                frontier = reached
            return None
        finally:
            put(start, start_rest)

    def place(self, pid: str, x: int, y: int) -> str | None:
        """Put the block down; returns the rule that forbids it, or None."""
        spot = self.landing(pid, x, y)
        if spot.problem is None:
            self.placed[pid] = spot.cubes
        return spot.problem

    def restore(self, placed: Any) -> bool:
        """Put back blocks saved as {piece: [[x, y, z], ...]}; False, and nothing placed,
        when they are not a legal part-built shape of these pieces."""
        try:
            trial = {str(pid): tuple((int(x), int(y), int(z)) for x, y, z in cubes) for pid, cubes in placed.items()}
        except (AttributeError, TypeError, ValueError):
            return False
        for pid, cubes in trial.items():
            if pid not in self.pieces or len(cubes) != len(self.pose[pid]) or \
                    not all(0 <= v <= 2 for cube in cubes for v in cube):
                return False
        if trial and check_partial(self._masks(trial), self.pieces) is not None:
            return False
        self.placed = trial
        return True

    def saved(self) -> dict[str, list[list[int]]]:
        """The placed blocks as JSON, for ``restore``."""
        return {pid: [list(c) for c in cubes] for pid, cubes in self.placed.items()}

    def lift(self, pid: str) -> str | None:
        """Take a block back to the tray, unless another block rests on it."""
        if pid not in self.placed:
            return None
        rest = {k: v for k, v in self.placed.items() if k != pid}
        problem = check_partial(self._masks(rest), self.pieces) if rest else None
        if problem:
            return "another block rests on it: lift that one first"
        self.pose[pid] = _normalise(list(self.placed.pop(pid)))
        self.rest.pop(pid, None)  # its tips go round from the pose it stood in
        return None

    def clear(self) -> None:
        self.placed.clear()

    # --- results ------------------------------------------------------------------------
    @staticmethod
    def _masks(placed: dict[str, tuple[Cube, ...]]) -> dict[str, int]:
        return {pid: cubes_mask(list(cubes)) for pid, cubes in placed.items()}

    def text(self) -> str | None:
        """The shape in notation once every block is down, else None."""
        if self.tray:
            return None
        return " ".join(
            f"{pid}:" + ",".join(sorted(f"{3 * y + x + 1}.{z + 1}" for x, y, z in self.placed[pid]))
            for pid in self.pieces)

    def problem(self) -> str | None:
        """Why the finished shape is not legal (e.g. all flat), or None."""
        text = self.text()
        if text is None:
            return "place every block first"
        return in_words(check_shape(text, self.pieces))

    def load(self, text: str) -> None:
        """Show an existing shape (e.g. your secret, or the answer at the end)."""
        shape = parse_shape(text, self.pieces)
        self.placed = {pid: mask_cubes(mask) for pid, mask in shape}

    def canonical(self) -> str | None:
        text = self.text()
        return format_shape(parse_shape(text, self.pieces)) if text and not self.problem() else None
