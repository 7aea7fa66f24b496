"""The bounded surface cache behind tiles, cards and text: memory stays under its budget,
the least recently used surface goes first."""

from __future__ import annotations

import pygame

from game.ui.surface_cache import SurfaceCache, surface_bytes


def square(n: int) -> pygame.Surface:
    return pygame.Surface((n, n), pygame.SRCALPHA)


def test_the_cache_stays_under_its_budget_dropping_the_least_recently_used():
    one = surface_bytes(square(10))           # 400 bytes
    cache = SurfaceCache(max_bytes=3 * one)
    for key in "abc":
        cache[key] = square(10)
    assert cache.get("a") is not None          # "a" is now the most recently used
    cache["d"] = square(10)
    assert "b" not in cache, "the least recently used surface is dropped first"
    assert all(k in cache for k in "acd")
    assert cache.bytes == 3 * one <= cache.max_bytes


def test_replacing_a_key_keeps_the_byte_count_right():
    cache = SurfaceCache(max_bytes=10_000)
    cache["a"] = square(10)
    cache["a"] = square(20)
    assert len(cache) == 1 and cache.bytes == surface_bytes(square(20))
    cache.clear()
    assert len(cache) == 0 and cache.bytes == 0


def test_a_surface_larger_than_the_budget_is_still_returned_and_kept_alone():
    cache = SurfaceCache(max_bytes=100)
    cache["small"] = square(2)
    big = square(50)
    cache["big"] = big
    assert cache.get("big") is big and len(cache) == 1


def test_a_smaller_budget_drops_the_least_recently_used_until_the_cache_fits():
    one = surface_bytes(square(10))
    cache = SurfaceCache(max_bytes=4 * one)
    for key in "abcd":
        cache[key] = square(10)
    cache.get("a")
    cache.set_budget(2 * one)  # the window went back to the canvas size
    assert sorted(cache._items) == ["a", "d"] and cache.bytes == 2 * one
    cache.set_budget(4 * one)
    cache["e"] = square(10)
    assert len(cache) == 3, "a larger budget keeps more"
