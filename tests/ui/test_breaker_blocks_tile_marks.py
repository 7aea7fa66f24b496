"""Breaker Blocks tiles: the owner's corner mark keeps clear of an action tile's icon."""

from __future__ import annotations

import pygame
import pytest

from game.rules.breaker_blocks.data import ACTION_TYPES
from game.scenes.breaker_blocks_board import CELL
from game.ui import breaker_blocks_tiles as tiles
from game.ui.surface_cache import SurfaceCache

GAP = 2  # px of tile between the mark and the icon, either way
MARKER, ICON = tiles.draw.marker, tiles.action_icon  # as drawn, before a test wraps them


def drawn_apart(monkeypatch, kind: str, owner: int, holes: list[str], size: int) -> tuple[list, list]:
    """The pixels of a tile's corner mark and of its icon, each drawn on a layer of its own."""
    layers: dict[str, pygame.Surface] = {}

    def layer(name: str, like: pygame.Surface) -> pygame.Surface:
        return layers.setdefault(name, pygame.Surface(like.get_size(), pygame.SRCALPHA))

    monkeypatch.setattr(tiles, "_tile_cache", SurfaceCache(1_000_000))
    monkeypatch.setattr(tiles.draw, "marker", lambda surf, *a, **k: MARKER(layer("mark", surf), *a, **k))
    monkeypatch.setattr(tiles, "action_icon", lambda surf, *a, **k: ICON(layer("icon", surf), *a, **k))
    tiles.tile_image(kind, owner, {"N": "S", "S": "N", "E": "W", "W": "E"}.get(holes[0]) if holes else None,
                     holes, size)
    return tuple([(x, y) for x in range(layers[n].get_width()) for y in range(layers[n].get_height())
                  if layers[n].get_at((x, y)).a > 127] for n in ("mark", "icon"))


@pytest.mark.parametrize("owner", [0, 1])
@pytest.mark.parametrize("holes", [[], ["N"], ["S"], ["E"], ["W"]])
def test_the_owners_corner_mark_keeps_clear_of_the_action_icon(monkeypatch, owner, holes):
    # seat 2's triangle touched the icon on the board's 35 px tiles (the hand's are 36)
    pygame.init()
    for size in (CELL, CELL + 1):
        for kind in ACTION_TYPES:
            mark, icon = drawn_apart(monkeypatch, kind, owner, holes, size)
            assert mark and icon, (kind, size, len(mark), len(icon))
            near = min(max(abs(ax - bx), abs(ay - by)) for ax, ay in mark for bx, by in icon)
            assert near > GAP, (kind, size, near)
