"""Scenes and the scene stack.

The stack routes events top-down: the top scene sees each event first and returns
True to consume it; an unconsumed event goes to the scene below only if the top scene
is not ``modal``. Drawing starts at the highest opaque scene so overlays (hand-off,
dialogs) draw over the table. Only the top scene updates, except scenes that ask to
keep running while covered (``update_when_covered``), and a scene's first update: every
scene has one before it is first drawn, even one covered by an overlay the moment it came.
"""

from __future__ import annotations

import gc
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    import pygame


class Scene:
    opaque: bool = True
    modal: bool = True
    update_when_covered: bool = False
    first_update_due: bool = False  # set by the stack: not updated since it was pushed

    def __init__(self) -> None:
        self.stack: SceneStack | None = None

    # lifecycle
    def enter(self) -> None:
        """Pushed onto the stack (or made current by replace)."""

    def exit(self) -> None:
        """Removed from the stack."""

    def pause(self) -> None:
        """Another scene was pushed on top."""

    def resume(self) -> None:
        """The scene above was popped; this one is on top again."""

    # frame
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Return True when the event was consumed."""
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def __len__(self) -> int:
        return len(self.scenes)

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        self._enter(scene)

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        scene.stack = None
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for another (no pause/resume below)."""
        if self.scenes:
            old = self.scenes.pop()
            old.exit()
            old.stack = None
        self._enter(scene)

    def _enter(self, scene: Scene) -> None:
        scene.stack = self
        scene.first_update_due = True
        self.scenes.append(scene)
        scene.enter()

    def clear_to(self, scene: Scene) -> None:
        """Exit every scene and start over with one (e.g. back to the title)."""
        while self.scenes:
            old = self.scenes.pop()
            old.exit()
            old.stack = None
        # The old scenes hold their surfaces in reference cycles (widgets <-> callbacks), which
        # only Python's rare full collection frees: collect now, while nothing is animating.
        gc.collect()
        self.push(scene)

    def find(self, kind: type[Any]) -> Any:
        for scene in reversed(self.scenes):
            if isinstance(scene, kind):
                return scene
        return None

    def handle_event(self, event: Any) -> bool:
        for scene in reversed(list(self.scenes)):
            if scene.handle_event(event):
                return True
            if scene.modal:
                return False
        return False

    def update(self, dt: float) -> None:
        scenes = list(self.scenes)
        for i, scene in enumerate(scenes):
            if i == len(scenes) - 1 or scene.update_when_covered:
                scene.first_update_due = False
                scene.update(dt)
        # A scene not updated yet that is drawn this frame gets its own first update now: one
        # pushed during an update (a hand-off, the results), or one an overlay covered the
        # moment it came (the title under a question). Otherwise its widgets are drawn before
        # they are laid out. Its first update may push another scene: that one's comes next.
        for _ in range(4):
            start = self._drawn_from()
            due = [scene for i, scene in enumerate(self.scenes)
                   if scene.first_update_due and (i >= start or scene.update_when_covered)]
            if not due:
                break
            for scene in due:
                scene.first_update_due = False
                scene.update(0.0)

    def _drawn_from(self) -> int:
        """Where drawing starts: the highest opaque scene (the ones below are hidden)."""
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                return i
        return 0

    def draw(self, surface: Any) -> None:
        for scene in self.scenes[self._drawn_from():]:
            scene.draw(surface)
