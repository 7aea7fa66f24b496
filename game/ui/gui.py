"""pygame_gui glue: a UIManager that maps window pixels to the letterboxed canvas.

The app converts every mouse event to canvas coordinates before any scene sees it, so
event positions need no further scaling; only pygame_gui's own hover polling of
``pygame.mouse.get_pos()`` (window pixels) goes through the display's mapping.
The theme is passed as an absolute path built from the package (pygame_gui would
otherwise resolve it against the working directory).
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.paths import asset
from game.ui.display import LOGICAL_SIZE

if TYPE_CHECKING:  # pragma: no cover
    from game.ui.display import Display


class CanvasUIManager(pygame_gui.UIManager):
    def __init__(self, display: Display | None) -> None:
        self._display = display
        super().__init__(LOGICAL_SIZE, theme_path=str(asset("theme.json")), enable_live_theme_updates=False)
        # fonts the theme uses, loaded up front (no mid-frame loads)
        with warnings.catch_warnings():  # pygame_gui warns about fonts the theme already loaded
            warnings.simplefilter("ignore", UserWarning)
            self.preload_fonts([{"name": "noto_sans", "point_size": size, "style": style, "antialiased": "1"}
                                for size in (14, 16, 18, 20, 24, 32, 48) for style in ("regular", "bold")])

    def calculate_scaled_mouse_position(self, position: tuple[int, int]) -> tuple[int, int]:
        return int(position[0]), int(position[1])  # events arrive in canvas coordinates

    def _update_mouse_position(self) -> None:
        pos = pygame.mouse.get_pos()
        self.mouse_position = self._display.to_logical(pos) if self._display else pos


# pygame_gui managers are not freed once dropped (each keeps ~1 MB of fonts and theme
# alive), so scenes borrow them from a small pool and hand them back on exit. The pool
# never grows past the deepest scene stack the app has had.
_pool: list[CanvasUIManager] = []


def acquire_manager(display: Display | None) -> CanvasUIManager:
    if _pool:
        manager = _pool.pop()
        manager._display = display
        return manager
    return CanvasUIManager(display)


def release_manager(manager: CanvasUIManager) -> None:
    manager.clear_and_reset()
    if manager not in _pool:
        _pool.append(manager)


def reset_pool() -> None:
    """Forget pooled managers (they die with pygame.quit())."""
    _pool.clear()
