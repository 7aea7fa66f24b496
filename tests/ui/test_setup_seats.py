"""Set-up screen: a seat is Human or AI on its own button, and an AI seat's level (easy,
normal, hard) on a button beside it. One button stepped normal -> hard -> Human -> easy and
forgot the level a seat had once a person took it."""

from __future__ import annotations

from itertools import pairwise

import pygame
import pytest

from game import i18n, storage
from game.scenes.blockers_table import BlockersTable
from game.scenes.setup import HINT_WIDTH, SetupScene
from tests.ui.driver import Driver


def setup_driver(game: str, ai_level: str = "normal", language: str = "en") -> Driver:
    storage.atomic_write_json(storage.settings_path(storage.user_dirs()),
                              {"ai_level": ai_level, "language": language})
    d = Driver(lambda app: SetupScene(app, game), autosave=False)
    d.frames(2)
    return d


def seat_button(scene: SetupScene, seat: int):
    return next(b for b in scene._callbacks if b.text.startswith(i18n.tr("Seat {n}: ", n=seat + 1)))


def row(scene: SetupScene, seat: int) -> tuple[str, str | None]:
    """What seat's row says: its kind, and its level if a level button is on show."""
    level = scene.level_buttons[seat]
    return seat_button(scene, seat).text, (level.text if level.visible and level.is_enabled else None)


def test_a_seat_is_human_or_ai_and_an_ai_seat_keeps_its_level():
    d = setup_driver("blockers", ai_level="hard")
    try:
        s = d.top
        assert row(s, 0) == ("Seat 1: Human", None), "a person's seat has no level"
        assert row(s, 1) == ("Seat 2: AI", "hard"), "the default level from the settings"
        d.click(seat_button(s, 0).rect.center)
        assert row(s, 0) == ("Seat 1: AI", "hard") and s.seats[0] == "ai:hard", "a new AI seat: the default level"
        d.click(seat_button(s, 0).rect.center)
        assert row(s, 0) == ("Seat 1: Human", None) and s.seats[0] == "human"

        level = s.level_buttons[1]
        d.click(level.rect.center)
        assert row(s, 1) == ("Seat 2: AI", "easy"), "easy -> normal -> hard, then round"
        d.click(level.rect.center)
        assert row(s, 1) == ("Seat 2: AI", "normal") and s.seats[1] == "ai:normal"
        d.click(seat_button(s, 1).rect.center)
        assert row(s, 1) == ("Seat 2: Human", None) and s.seats[1] == "human"
        assert seat_button(s, 1).rect.collidepoint(level.rect.center), "a person's seat button takes its room"
        d.click(level.rect.center)  # hidden: a click where it was is on the seat button
        assert row(s, 1) == ("Seat 2: AI", "normal") and s.seats[1] == "ai:normal", "its level is remembered"

        d.click(next(b for b in s._callbacks if b.text.startswith("Players: ")).rect.center)
        s = d.top
        assert row(s, 2) == ("Seat 3: AI", "hard") and row(s, 1) == ("Seat 2: AI", "normal")
        d.click(next(b for b in s._callbacks if b.text == "Start game").rect.center, frames=3)
        assert isinstance(d.top, BlockersTable)
        assert d.top.session.seats == ["human", "ai:normal", "ai:hard"]
    finally:
        d.close()


def test_the_keyboard_reaches_the_level_of_an_ai_seat_only():
    d = setup_driver("blockers")
    try:
        s = d.top
        stops = []
        for _ in range(8):
            d.key(pygame.K_TAB, frames=1)
            stops.append(s.focus.current.rect_of())
        seat1, seat2, level2 = seat_button(s, 0).rect, seat_button(s, 1).rect, s.level_buttons[1].rect
        assert stops[stops.index(seat1) + 1] == seat2, "no stop on seat 1's hidden level"
        assert stops[stops.index(seat2) + 1] == level2
        while s.focus.current.rect_of() != seat1:
            d.key(pygame.K_TAB, frames=1)
        d.key(pygame.K_RETURN)
        assert s.seats[0] == "ai:normal"
        d.key(pygame.K_TAB)
        assert s.focus.current.rect_of() == s.level_buttons[0].rect
        d.key(pygame.K_RIGHT)
        assert s.seats[0] == "ai:hard"
        d.key(pygame.K_LEFT)
        d.key(pygame.K_LEFT)
        assert s.seats[0] == "ai:easy"
    finally:
        d.close()


def test_in_german_the_seat_and_level_read_and_fit_beside_break_the_cubes_per_seat_buttons():
    d = setup_driver("cube", language="de")
    try:
        s = d.top
        assert row(s, 0) == ("Spieler 1: Mensch", None) and row(s, 1) == ("Spieler 2: KI", "mittel")
        assert s.level_buttons[1].tip == "Wie gut der Computer für diesen Spieler spielt"
        for spec in ("blocks", "notes"):  # each seat its own blocks and notes: two more buttons a row
            s._set_option(next(o for o in s.rules.options if o.name == spec), "per seat")
        s = d.top
        d.frames(1)
        for seat in (0, 1):
            y = seat_button(s, seat).rect.y
            buttons = sorted((b for b in s._callbacks if b.rect.y == y and b.visible), key=lambda b: b.rect.x)
            assert len(buttons) == (3 if seat == 0 else 4), [b.text for b in buttons]  # a person's has no level
            assert buttons[-1].rect.right <= 140 + HINT_WIDTH, "inside the Players column"
            for a, b in pairwise(buttons):
                assert a.rect.right < b.rect.left
            for b in buttons:
                assert b.width_for_label(2) <= b.rect.w, (b.text, b.rect.w)
    finally:
        d.close()
        i18n.load_language("en")


def test_a_level_button_takes_the_room_the_seat_button_can_spare():
    """Squeezed to its word (58 px) beside a 254 px seat button, the level read as a stray
    tag; where Break the Cube's per-seat buttons need the room, it keeps to its word."""
    from game.scenes.setup import LEVEL_WIDE, SEAT_BUTTON_MIN
    for game, per_seat in (("breaks", False), ("blockers", False), ("cube", True)):
        d = setup_driver(game)
        try:
            s = d.top
            if per_seat:  # Break the Cube's blocks per seat: two more buttons in each row
                while not any(s.set_per_seat(spec) for spec in s.rules.options):
                    d.click(next(b for b in s._callbacks if b.text.startswith("Blocks: ")).rect.center)
                    s = d.top
            seat, level = seat_button(s, 1).rect, s.level_buttons[1].rect
            assert seat.width >= SEAT_BUTTON_MIN and level.left > seat.right
            if per_seat:
                assert level.width < LEVEL_WIDE
            else:
                assert level.width == LEVEL_WIDE and seat.width + 8 + level.width <= 320, (game, seat, level)
        finally:
            d.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_first_player_is_named_as_the_table_names_it_the_computer_with_ai(lang):
    """'First player: Seat 2' did not say Seat 2 is the computer: it reads 'Seat 2 (AI)', as
    the table says, and 'Seat 2' again once a person takes the seat."""
    d = setup_driver("breaks", language=lang)
    try:
        s = d.top
        prefix = i18n.tr("First player: ")
        first = next(b for b in s._callbacks if b.text.startswith(prefix))
        while first.text != prefix + i18n.tr("Seat {n} (AI)", n=2):
            d.click(first.rect.center)
            assert first.text != prefix + i18n.tr("Seat {n}", n=2), "the computer's seat, named as such"
        assert first.text == {"en": "First player: Seat 2 (AI)", "de": "Startspieler: Spieler 2 (KI)"}[lang]
        assert first.width_for_label(2) <= first.rect.w, "it fits its button"
        d.click(seat_button(s, 1).rect.center)  # a person takes Seat 2
        assert first.text == prefix + i18n.tr("Seat {n}", n=2)
        d.click(next(b for b in s._callbacks if b.text == i18n.tr("Start game")).rect.center, frames=3)
        from game.scenes.breaks_table import BreaksTable
        assert d.app.stack.find(BreaksTable).session.seats[1] == "human"
    finally:
        d.close()
        i18n.load_language("en")


def test_left_and_right_on_a_seat_button_step_through_its_players_and_levels():
    """Left / Right change the choice the ring is on, as on every other button; on a seat
    that choice is who plays it: a person, or the computer at each level in turn, so the
    arrows reach the level too (they switched Human / AI only)."""
    d = setup_driver("blockers")
    try:
        s = d.top
        seat2 = seat_button(s, 1)
        while s.focus.current is None or s.focus.current.button is not seat2:
            d.key(pygame.K_TAB, frames=1)
        assert row(s, 1) == ("Seat 2: AI", "normal")
        steps = []
        for key in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_LEFT):
            d.key(key)
            steps.append((row(s, 1), s.seats[1]))
            assert s.focus.current.button is seat2, "the ring stays on the seat"
        assert steps == [(("Seat 2: AI", "hard"), "ai:hard"), (("Seat 2: Human", None), "human"),
                         (("Seat 2: AI", "easy"), "ai:easy"), (("Seat 2: AI", "normal"), "ai:normal"),
                         (("Seat 2: AI", "easy"), "ai:easy"), (("Seat 2: Human", None), "human")]
        d.key(pygame.K_LEFT)
        assert row(s, 1) == ("Seat 2: AI", "hard") and s.seats[1] == "ai:hard"
        # the buttons go on from what they show: a click on the level steps on from hard
        d.click(s.level_buttons[1].rect.center)
        assert row(s, 1) == ("Seat 2: AI", "easy") and s.seats[1] == "ai:easy"
        d.click(seat2.rect.center)  # and the seat button still switches a person in, then out
        assert row(s, 1) == ("Seat 2: Human", None)
        d.click((seat2.rect.x + 10, seat2.rect.centery))
        assert row(s, 1) == ("Seat 2: AI", "easy") and s.seats[1] == "ai:easy"
    finally:
        d.close()


@pytest.mark.parametrize("game,players", [("breaks", 2), ("breaks", 4), ("cube", 2)])
def test_the_arrows_follow_the_screen_round_the_seed_and_the_bottom_buttons(game, players):
    """Up from Start game is the seed row just above it (its words and field), not the last
    option beyond; Down from the seed is Start game under its words; Down from First player,
    which spans Back and Defaults, is Back under its left end, where it and its words start."""
    d = setup_driver(game)
    try:
        s = d.top
        while s.num_players != players:
            d.click(next(b for b in s._callbacks if b.text.startswith("Players: ")).rect.center)
            s = d.top

        def ring_on(text: str) -> None:
            s.focus.index = next(i for i, item in enumerate(s.focus.items)
                                 if item.button is not None and item.button.text.startswith(text))
            s.focus.visible = True

        def ring() -> str:
            stop = s.focus.current
            return "seed" if stop is s.seed_focus else stop.button.text

        ring_on("Start game")
        d.key(pygame.K_UP)
        assert ring() == "seed"
        d.key(pygame.K_DOWN)
        assert ring() == "Start game"
        ring_on("How to play")
        d.key(pygame.K_UP)
        assert ring() == "seed"
        ring_on("First player: ")
        d.key(pygame.K_DOWN)
        assert ring() == "Back"
        d.key(pygame.K_RIGHT)
        assert ring() == "Defaults"
        d.key(pygame.K_UP)
        assert ring().startswith("First player: ")
    finally:
        d.close()


@pytest.mark.parametrize("game", ["breaks", "cube"])
def test_tab_reads_the_screen_the_columns_then_the_bottom_row_left_to_right(game):
    """Tab goes down the Players column, down the Options column to the seed, then along the
    bottom row from the left: Back and Defaults came last, after Learn by playing far right."""
    d = setup_driver(game)
    try:
        s = d.top
        names = []
        for _ in range(40):
            d.key(pygame.K_TAB, frames=1)
            stop = s.focus.current
            name = "seed" if stop is s.seed_focus else stop.button.text
            if names and name == names[0]:
                break
            names.append(name)
        assert names[0].startswith("Players: ") and names[-6:] == [
            "seed", "Back", "Defaults", "Start game", "How to play", "Learn by playing"]
        first = names.index(next(n for n in names if n.startswith("First player: ")))
        assert all(n.startswith("Seat ") or n in ("normal",) for n in names[1:first])
        d.key(pygame.K_TAB, mod=pygame.KMOD_SHIFT)
        assert s.focus.current.button.text == "Learn by playing"
    finally:
        d.close()


def test_the_arrows_from_the_players_column_s_wide_buttons_go_to_the_seat_buttons():
    """Players and First player span the column: Down from the one and Up from the other go
    to the seat button under (over) their left end, where the row starts. With Break the
    Cube's per-seat buttons a narrow AI seat button left the level nearer their middle."""
    d = setup_driver("cube")
    try:
        s = d.top
        while not any(s.set_per_seat(spec) for spec in s.rules.options):
            d.click(next(b for b in s._callbacks if b.text.startswith("Blocks: ")).rect.center)
            s = d.top
        d.click(seat_button(s, 0).rect.center)
        assert s.seats[0].startswith("ai:") and s.seats[1].startswith("ai:")

        def ring_on(text: str) -> None:
            s.focus.index = next(i for i, item in enumerate(s.focus.items)
                                 if item.button is not None and item.button.text.startswith(text))
            s.focus.visible = True

        ring_on("Players: ")
        d.key(pygame.K_DOWN)
        assert s.focus.current.button is seat_button(s, 0)
        ring_on("First player: ")
        d.key(pygame.K_UP)
        assert s.focus.current.button is seat_button(s, 1)
    finally:
        d.close()
