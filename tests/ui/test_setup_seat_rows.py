"""Set-up screen: the seat rows of the Players column."""

from __future__ import annotations

from game.scenes.setup import SetupScene
from tests.ui.driver import Driver


def seat(scene: SetupScene, n: int):
    """Seat ``n``'s Human / AI button."""
    return next(b for b in scene._callbacks if b.text.startswith(f"Seat {n}: "))


def test_a_human_seat_button_takes_the_room_of_the_level_button_an_ai_seat_has():
    d = Driver(lambda app: SetupScene(app, "breaks"), autosave=False)
    try:
        d.frames(2)
        scene = d.top
        human, ai = seat(scene, 1), seat(scene, 2)
        level = scene.level_buttons[1]
        assert human.text == "Seat 1: Human" and ai.text == "Seat 2: AI" and level.visible
        # no gap where an AI seat's level would be: the row ends where the AI row does
        assert human.rect.x == ai.rect.x and human.rect.right == level.rect.right
        assert ai.rect.right < level.rect.x

        d.click(ai.rect.center)  # seat 2 played by a person: its button widens, the level goes
        assert ai.text == "Seat 2: Human" and not level.visible
        assert ai.rect.right == level.rect.right
        d.click(ai.rect.center)  # and back to the computer: narrow again, the level beside it
        assert ai.text == "Seat 2: AI" and level.visible and ai.rect.right < level.rect.x
        assert scene.focus.current is None or scene.focus.current.rect_of() != level.rect
    finally:
        d.close()


def test_with_per_seat_buttons_a_human_seat_button_ends_where_the_level_does():
    d = Driver(lambda app: SetupScene(app, "cube"), autosave=False)
    try:
        d.frames(2)
        scene = d.top
        blocks = next(b for b in scene._callbacks if b.text.startswith("Blocks: "))
        for _ in range(3):  # 3 -> 4 -> 5 -> per seat
            d.click(blocks.rect.center)
        human, level = seat(scene, 1), scene.level_buttons[1]
        chips = sorted((b for b in scene._callbacks if b.text.startswith("Blocks: ") and b.rect.x < 600),
                       key=lambda b: b.rect.y)
        assert human.rect.right == level.rect.right
        assert chips[0].rect.x == chips[1].rect.x > human.rect.right, "the seat's own buttons line up"
    finally:
        d.close()


def test_a_quick_second_click_where_a_level_just_appeared_switches_the_seat_back():
    """A person's seat button spans where an AI seat's level goes: clicked there, the seat
    turns AI and its level appears under the still pointer. A quick second click was meant
    for the seat button as the first was (back to Human), not for the level."""
    d = Driver(lambda app: SetupScene(app, "breaks"), autosave=False)
    try:
        d.frames(2)
        scene = d.top
        human, level = seat(scene, 1), scene.level_buttons[0]
        spot = level.rect.center
        assert human.rect.collidepoint(spot) and not level.visible
        d.click(spot)
        assert human.text == "Seat 1: AI" and level.visible and level.rect.collidepoint(spot)
        d.click(spot)  # a double click, or a second click at once
        assert human.text == "Seat 1: Human" and not level.visible and scene.seats[0] == "human"
        assert scene.ai_levels[0] == "normal", "the level the seat gets back as AI is untouched"

        d.click(spot)
        d.frames(40)  # a moment to see the level appear: a click on it is meant for it
        d.click(spot)
        assert human.text == "Seat 1: AI" and level.text == "hard" and scene.seats[0] == "ai:hard"

        d.click(human.rect.center)  # Human again, then AI from its level's spot ...
        d.click(spot)
        assert scene.seats[0] == "ai:hard"
        d.click((spot[0] + 20, spot[1] + 6))  # ... and the pointer moved on to the level: it steps
        assert human.text == "Seat 1: AI" and level.text == "easy" and scene.seats[0] == "ai:easy"
    finally:
        d.close()
