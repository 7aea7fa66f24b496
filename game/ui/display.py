"""The window and the 1280x720 logical canvas.

Scenes draw on a fixed-size canvas; ``present`` scales it into the window keeping the
aspect ratio (letterboxed) so the game looks the same at any window size; text is then
drawn again at the window's resolution (see sharp_text). The window
is created once with RESIZABLE; fullscreen toggles with set_mode, never with SCALED
(toggling SCALED after the first set_mode can crash).
"""

from __future__ import annotations

import pygame

from game.ui.sharp_text import MIN_SCALE, sharp_text

LOGICAL_SIZE = (1280, 720)


class Display:
    def __init__(self, title: str, scale: float = 1.0, fullscreen: bool = False,
                 icon: pygame.Surface | None = None, fit_to_desktop: bool = True) -> None:
        self.fit_to_desktop = fit_to_desktop
        # False once the pointer has left the window (WINDOWLEAVE): pygame.mouse.get_pos()
        # still answers its last place inside, so nothing is hovered then (see gui.py)
        self.pointer_inside = True
        pygame.display.set_caption(title)
        if icon is not None:
            pygame.display.set_icon(icon)
        self.windowed_size = self._fit_window(scale)
        self.fullscreen = False
        self.window = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self._offscreen = pygame.Surface(LOGICAL_SIZE).convert()
        self.canvas = self._offscreen
        if fullscreen:
            self.toggle_fullscreen()
        self._recompute()

    def _fit_window(self, scale: float) -> tuple[int, int]:
        """Window size for a scale, shrunk to fit a smaller desktop."""
        w, h = int(LOGICAL_SIZE[0] * scale), int(LOGICAL_SIZE[1] * scale)
        if not self.fit_to_desktop:
            return w, h
        try:
            desk = pygame.display.get_desktop_sizes()[0]
        except (pygame.error, IndexError):
            desk = (0, 0)
        if desk[0] > 0 and desk[1] > 0 and (w > desk[0] or h > desk[1] - 60):
            k = min(desk[0] / w, (desk[1] - 60) / h)
            w, h = max(320, int(w * k)), max(180, int(h * k))
        return w, h

    def fitted_scale(self, scale: float) -> float:
        """The scale a window asked for at ``scale`` really gets, shrunk to fit the desktop."""
        return min(scale, self._fit_window(scale)[0] / LOGICAL_SIZE[0])

    def _recompute(self) -> None:
        ww, wh = self.window.get_size()
        lw, lh = LOGICAL_SIZE
        self.scale = min(ww / lw, wh / lh) if ww and wh else 1.0
        sw, sh = int(lw * self.scale), int(lh * self.scale)
        self.dest = pygame.Rect((ww - sw) // 2, (wh - sh) // 2, sw, sh)
        # the letterbox: only these strips need clearing each frame, the canvas covers the rest
        d = self.dest
        self.bars = [r for r in (pygame.Rect(0, 0, ww, d.top), pygame.Rect(0, d.bottom, ww, wh - d.bottom),
                                 pygame.Rect(0, d.top, d.left, d.h), pygame.Rect(d.right, d.top, ww - d.right, d.h))
                     if r.w > 0 and r.h > 0]
        # at exactly the logical size, draw straight into the window (no copy per frame)
        self.direct = (ww, wh) == LOGICAL_SIZE
        self.canvas = self.window if self.direct else self._offscreen
        from game.ui.theme import fit_text_cache
        fit_text_cache(1.0 if self.direct or self.scale < MIN_SCALE else self.scale)  # labels redrawn sharp

    def resized(self) -> None:
        """Call on VIDEORESIZE / WINDOWSIZECHANGED."""
        self.window = pygame.display.get_surface() or self.window
        if not self.fullscreen:
            self.windowed_size = self.window.get_size()
        self._recompute()

    def set_window_scale(self, scale: float) -> None:
        if self.fullscreen:
            self.windowed_size = self._fit_window(scale)
            return
        self.windowed_size = self._fit_window(scale)
        self.window = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self._keep_on_desktop()
        self._recompute()

    def _keep_on_desktop(self) -> None:
        """A window that grew from its top-left corner can run off the desktop, out of
        reach of the mouse: move it back (only on the main display; title bar room above)."""
        if not self.fit_to_desktop:
            return
        try:
            x, y = pygame.display.get_window_position()
            desk_w, desk_h = pygame.display.get_desktop_sizes()[0]
        except (pygame.error, IndexError):
            return
        w, h = self.window.get_size()
        if not (-w < x < desk_w and -h < y < desk_h):  # on another display: left where it is
            return
        new = (max(0, min(x, desk_w - w)), max(min(32, desk_h - h), min(y, desk_h - h)))
        if new != (x, y):
            pygame.display.set_window_position(new)

    def toggle_fullscreen(self) -> None:
        if self.fullscreen:
            self.window = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            self._keep_on_desktop()
        else:
            self.window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        self.fullscreen = not self.fullscreen
        self._recompute()

    def to_logical(self, pos: tuple[float, float]) -> tuple[int, int]:
        """Window pixel -> canvas pixel (may fall outside the canvas in the letterbox)."""
        if self.scale <= 0:
            return int(pos[0]), int(pos[1])
        return (int((pos[0] - self.dest.x) / self.scale), int((pos[1] - self.dest.y) / self.scale))

    def begin_frame(self) -> None:
        """Before the scenes draw: note labels for sharp redrawing when scaled up."""
        sharp_text.begin(self.canvas, 1.0 if self.direct else self.scale)

    def present(self) -> None:
        if not self.direct:
            for bar in self.bars:
                self.window.fill((0, 0, 0), bar)
            pygame.transform.smoothscale(self.canvas, self.dest.size, self.window.subsurface(self.dest))
            from game.ui.theme import render
            sharp_text.redraw(self.window, self.dest, self.scale, render)
        pygame.display.flip()
