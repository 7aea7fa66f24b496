"""The scene stack with mock scenes: lifecycle order, event routing, drawing order."""

from __future__ import annotations

from game.ui.scene import Scene, SceneStack


class Mock(Scene):
    def __init__(self, name, calls, consume=False, opaque=True, modal=True):
        super().__init__()
        self.name, self.calls, self.consume = name, calls, consume
        self.opaque, self.modal = opaque, modal

    def enter(self): self.calls.append(f"{self.name}.enter")
    def exit(self): self.calls.append(f"{self.name}.exit")
    def pause(self): self.calls.append(f"{self.name}.pause")
    def resume(self): self.calls.append(f"{self.name}.resume")
    def update(self, dt): self.calls.append(f"{self.name}.update")
    def draw(self, surface): self.calls.append(f"{self.name}.draw")

    def handle_event(self, event):
        self.calls.append(f"{self.name}.event")
        return self.consume


def test_push_pop_replace_call_the_lifecycle_in_order():
    calls: list[str] = []
    stack = SceneStack()
    stack.push(Mock("a", calls))
    stack.push(Mock("b", calls))
    stack.pop()
    stack.replace(Mock("c", calls))
    assert calls == ["a.enter", "a.pause", "b.enter", "b.exit", "a.resume", "a.exit", "c.enter"]


def test_events_pass_down_only_through_non_modal_unconsumed_scenes():
    calls: list[str] = []
    stack = SceneStack()
    stack.push(Mock("a", calls))
    stack.push(Mock("b", calls, modal=False))
    assert stack.handle_event(object()) is False
    assert calls[-2:] == ["b.event", "a.event"]
    stack.push(Mock("c", calls, consume=True))
    calls.clear()
    assert stack.handle_event(object()) is True
    assert calls == ["c.event"]


def test_overlays_draw_over_the_last_opaque_scene_and_only_the_top_updates():
    calls: list[str] = []
    stack = SceneStack()
    stack.push(Mock("a", calls))
    stack.push(Mock("b", calls))
    stack.push(Mock("c", calls, opaque=False))
    stack.update(0.1)  # the first updates (see the test below)
    calls.clear()
    stack.draw(None)
    stack.update(0.1)
    assert calls == ["b.draw", "c.draw", "c.update"]


def test_a_scene_pushed_during_an_update_is_updated_before_it_is_first_drawn():
    calls = []
    lifecycle: list[str] = []

    class Pushes(Mock):
        def update(self, dt):
            if not calls:
                self.stack.push(Fresh("fresh", lifecycle))
            calls.append(("pusher update", dt))

    class Fresh(Mock):
        def update(self, dt):
            calls.append(("fresh update", dt))

        def draw(self, surface):
            calls.append(("fresh draw", None))

    stack = SceneStack()
    stack.push(Pushes("pusher", lifecycle))
    stack.update(0.016)
    stack.draw(None)
    assert [c[0] for c in calls] == ["pusher update", "fresh update", "fresh draw"]
    assert calls[1][1] == 0.0


def test_a_scene_covered_by_an_overlay_at_once_is_updated_before_it_is_first_drawn():
    """The title with a question pushed over it before its first frame: drawn under the
    question, it needs its first update (its buttons' layout) though it is not on top. A
    scene hidden under an opaque one waits for its first update until it is drawn."""
    calls: list[str] = []
    stack = SceneStack()
    stack.push(Mock("hidden", calls))
    stack.push(Mock("title", calls))
    stack.push(Mock("question", calls, opaque=False))
    calls.clear()
    stack.update(0.1)
    stack.draw(None)
    assert calls == ["question.update", "title.update", "title.draw", "question.draw"]
    calls.clear()
    stack.update(0.1)  # once is enough: covered, it updates no more
    assert calls == ["question.update"]
    stack.pop()
    stack.pop()
    calls.clear()
    stack.update(0.1)
    assert calls == ["hidden.update"]
