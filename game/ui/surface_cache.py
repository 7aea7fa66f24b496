"""A cache of drawn surfaces bounded by pixel memory.

Tiles, cards and labels are drawn once and reused every frame. Over a long session the
set of keys keeps growing (new sizes, new log lines, every tile of every game), so each
cache keeps at most ``max_bytes`` of pixels and drops the least recently used first:
memory stays flat however long the app runs. Used like a dict: ``get`` then ``[key] =``.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable

import pygame


def surface_bytes(surface: pygame.Surface) -> int:
    return surface.get_width() * surface.get_height() * surface.get_bytesize()


class SurfaceCache:
    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self.bytes = 0
        self._items: OrderedDict[Hashable, pygame.Surface] = OrderedDict()

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._items

    def get(self, key: Hashable) -> pygame.Surface | None:
        """The cached surface (now the most recently used), or None."""
        surf = self._items.get(key)
        if surf is not None:
            self._items.move_to_end(key)
        return surf

    def __setitem__(self, key: Hashable, surf: pygame.Surface) -> None:
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= surface_bytes(old)
        self._items[key] = surf
        self.bytes += surface_bytes(surf)
        self._trim()

    def set_budget(self, max_bytes: int) -> None:
        """A new limit (e.g. the window grew); the least recently used go until it fits."""
        self.max_bytes = max_bytes
        self._trim()

    def _trim(self) -> None:
        while self.bytes > self.max_bytes and len(self._items) > 1:
            _, dropped = self._items.popitem(last=False)
            self.bytes -= surface_bytes(dropped)

    def values(self) -> list[pygame.Surface]:
        return list(self._items.values())

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0
