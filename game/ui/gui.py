"""pygame_gui glue: a UIManager that maps window pixels to the letterboxed canvas.

The app converts every mouse event to canvas coordinates before any scene sees it, so
event positions need no further scaling; only pygame_gui's own hover polling of
``pygame.mouse.get_pos()`` (window pixels) goes through the display's mapping.
The theme is read from the package's assets and passed as a dict (pygame_gui would
resolve a relative path against the working directory).

High contrast: assets/theme_high_contrast.json is laid over assets/theme.json. Every
manager follows ``theme.high_contrast`` before each update and draw, reloading its theme
and rebuilding its widgets when the setting changed, so a toggle applies at once to the
scene on top, the scenes under it and the pooled managers alike.
"""

from __future__ import annotations

import copy
import json
import warnings
from functools import cache
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.paths import asset
from game.ui import theme
from game.ui.display import LOGICAL_SIZE
from game.ui.pointer import NOWHERE

if TYPE_CHECKING:  # pragma: no cover
    from game.ui.display import Display


@cache
def _theme_file(name: str) -> dict[str, Any]:
    with asset(name).open(encoding="utf-8") as f:
        return json.load(f)


def _lay_over(base: dict[str, Any], layer: dict[str, Any], where: str) -> None:
    for key, value in layer.items():
        if key not in base:
            # pygame_gui merges a loaded theme into the one it has: a setting only the
            # high-contrast layer makes would stay when high contrast is turned off
            raise ValueError(f"theme_high_contrast.json sets {where}{key}, which theme.json does not set")
        if isinstance(value, dict):
            _lay_over(base[key], value, f"{where}{key}/")
        else:
            base[key] = value


def theme_data(high_contrast: bool) -> dict[str, Any]:
    """The pygame_gui theme: theme.json, with the high-contrast layer over it when on."""
    data = copy.deepcopy(_theme_file("theme.json"))
    if high_contrast:
        _lay_over(data, _theme_file("theme_high_contrast.json"), "")
    return data


class CanvasUIManager(pygame_gui.UIManager):
    def __init__(self, display: Display | None) -> None:
        self._display = display
        self.high_contrast = theme.high_contrast  # which theme is loaded
        super().__init__(LOGICAL_SIZE, theme_path=theme_data(self.high_contrast), enable_live_theme_updates=False)
        # fonts the theme uses, loaded up front (no mid-frame loads)
        with warnings.catch_warnings():  # pygame_gui warns about fonts the theme already loaded
            warnings.simplefilter("ignore", UserWarning)
            self.preload_fonts([{"name": "noto_sans", "point_size": size, "style": style, "antialiased": "1"}
                                for size in (14, 16, 18, 20, 24, 32, 48) for style in ("regular", "bold")])

    def follow_contrast(self) -> None:
        """Reload the theme and restyle every widget if high contrast was switched since."""
        if self.high_contrast == theme.high_contrast:
            return
        self.high_contrast = theme.high_contrast
        self.ui_theme.load_theme(theme_data(self.high_contrast))
        self.rebuild_all_from_changed_theme_data(self.ui_theme)

    def update(self, time_delta: float) -> None:
        self.follow_contrast()
        super().update(time_delta)
        # pygame_gui notes the place of every removed widget for a dirty-rect redraw (which
        # the app never does) and never forgets them: pooled, a manager lives all evening
        self.get_sprite_group().lostsprites.clear()

    def draw_ui(self, window_surface: pygame.Surface) -> None:
        self.follow_contrast()  # a scene under an overlay is drawn without being updated
        super().draw_ui(window_surface)

    def calculate_scaled_mouse_position(self, position: tuple[int, int]) -> tuple[int, int]:
        return int(position[0]), int(position[1])  # events arrive in canvas coordinates

    def _update_mouse_position(self) -> None:
        if self._display is not None and not self._display.pointer_inside:
            self.mouse_position = NOWHERE  # gone from the window: no button hovered
            return
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
