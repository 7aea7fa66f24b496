"""Set-up screen: an option that may differ per seat (Break the Cube's blocks and notes, a
handicap) offers "per seat", and a small button in each seat row then sets it."""

from __future__ import annotations

from itertools import pairwise

import pygame
import pytest

from game.scenes.cube_table import CubeTable
from game.scenes.setup import SetupScene
from game.session import GameSession
from tests.ui.driver import Driver


def button(scene: SetupScene, prefix: str, nth: int = 0):
    """The nth button whose label starts with ``prefix``, in the Players column first."""
    found = sorted((b for b in scene._callbacks if b.text.startswith(prefix)), key=lambda b: (b.rect.x >= 600,
                                                                                              b.rect.y))
    return found[nth] if nth < len(found) else None


def seat_button(scene: SetupScene, prefix: str, seat: int):
    """Seat ``seat``'s own button for a per-seat option (None if the row has none)."""
    return next((b for b in scene._callbacks if b.text.startswith(prefix) and b.rect.x < 600
                 and b.rect.y == button(scene, f"Seat {seat + 1}: ").rect.y), None)


def focus_on(d: Driver, target) -> None:
    for _ in range(40):
        d.key(pygame.K_TAB, frames=1)
        if d.top.focus.current.rect_of() == target.rect:
            return
    raise AssertionError(f"focus never reached {target.text!r}")


def test_cube_setup_per_seat_blocks_and_notes_start_a_game_with_a_list_per_seat():
    d = Driver(lambda app: SetupScene(app, "cube"), autosave=False)
    try:
        d.frames(2)
        scene = d.top
        assert seat_button(scene, "Blocks: ", 0) is None, "no seat buttons until 'per seat' is chosen"
        for _ in range(3):  # 3 -> 4 -> 5 -> per seat
            d.click(button(scene, "Blocks: ").rect.center)
        assert button(scene, "Blocks: per seat") is not None
        chips = [seat_button(scene, "Blocks: ", i) for i in (0, 1)]
        assert [c.text for c in chips] == ["Blocks: 3", "Blocks: 3"]
        seat2 = button(scene, "Seat 2: ")
        assert chips[1].rect.y == seat2.rect.y and chips[1].rect.x > seat2.rect.right, "in seat 2's row"
        d.click(chips[1].rect.center)
        d.click(chips[1].rect.center)
        assert seat_button(scene, "Blocks: ", 1).text == "Blocks: 5"

        # the keyboard: Left on "Note sheet: off" wraps round to "per seat"; the ring stays on it
        notes = button(scene, "Note sheet: ")
        focus_on(d, notes)
        d.key(pygame.K_LEFT)
        notes = button(scene, "Note sheet: ")
        assert notes.text == "Note sheet: per seat" and scene.focus.current.rect_of() == notes.rect
        focus_on(d, seat_button(scene, "Notes: ", 0))  # Tab goes round to seat 1's own notes button
        d.key(pygame.K_RETURN)
        assert [seat_button(scene, "Notes: ", i).text for i in (0, 1)] == ["Notes: on", "Notes: off"]

        scene.seats[1] = "ai:easy"
        d.click(button(scene, "Start game").rect.center, frames=3)
        assert isinstance(d.top, CubeTable)
        session = d.top.session
        assert session.log.options["blocks"] == [3, 5] and session.log.options["notes"] == [True, False]
        assert [len(p) for p in session.view(0)["pieces"]] == [3, 5]
        assert session.view(0)["notes"] and not session.view(1)["notes"]
    finally:
        d.close()


def test_cube_setup_keeps_per_seat_values_across_player_counts_and_blocks_stay_for_two():
    d = Driver(lambda app: SetupScene(app, "cube"), autosave=False)
    try:
        d.frames(2)
        scene = d.top
        d.click(button(scene, "Blocks: ").rect.center)  # 4
        d.click(button(scene, "Blocks: ").rect.center)  # 5
        d.click(button(scene, "Blocks: ").rect.center)  # per seat
        d.click(seat_button(scene, "Blocks: ", 0).rect.center)  # seat 1: 4
        d.click(button(scene, "Note sheet: ").rect.center)  # on
        d.click(button(scene, "Note sheet: ").rect.center)  # per seat
        d.click(seat_button(scene, "Notes: ", 1).rect.center)  # seat 2: on
        d.click(button(scene, "Players: ").rect.center)  # 3 players: no blocks other than 3
        assert button(scene, "Blocks: ") is None
        assert [seat_button(scene, "Notes: ", i).text for i in range(3)] == ["Notes: off", "Notes: on", "Notes: off"]
        assert scene.options_to_start() == {"notes": [False, True, False], "sudden_death": False,
                                            "build": "choose"}
        d.click(button(scene, "Players: ").rect.center)  # 4
        d.click(button(scene, "Players: ").rect.center)  # back to 2: the seats' blocks are still there
        assert [seat_button(scene, "Blocks: ", i).text for i in (0, 1)] == ["Blocks: 4", "Blocks: 3"]
        assert scene.options_to_start()["blocks"] == [4, 3]
        d.click(seat_button(scene, "Notes: ", 1).rect.center)  # seat 2: off again, like seat 1
        assert scene.options_to_start()["notes"] is False, "the same for everyone is one value"
        d.click(button(scene, "Blocks: per seat").rect.center)  # round to 3 for everyone
        assert seat_button(scene, "Blocks: ", 0) is None and scene.options_to_start()["blocks"] == 3
    finally:
        d.close()


@pytest.mark.parametrize("seats", [2, 4])
def test_cube_setup_per_seat_buttons_fit_the_seat_rows(seats):
    d = Driver(lambda app: SetupScene(app, "cube"), autosave=False)
    try:
        scene = d.top
        scene.num_players = seats
        scene.options["notes"] = scene.options["blocks"] = "per seat"
        scene.rebuild()
        d.frames(2)
        players = button(scene, "Players: ").rect
        options = button(scene, "Note sheet: ").rect
        for i in range(seats):
            row = [button(scene, f"Seat {i + 1}: "), seat_button(scene, "Notes: ", i)]
            if seats == 2:
                row.insert(1, seat_button(scene, "Blocks: ", i))
            rects = [b.rect for b in row]
            assert all(a.right < b.left for a, b in pairwise(rects)), "side by side, not overlapping"
            assert rects[-1].right == players.right < options.left - 40, "the column ends where Players ends"
    finally:
        d.close()


@pytest.mark.parametrize("game", ["breaks", "blockers", "circuit_breaker", "breaker_blocks"])
def test_setup_of_other_games_offers_nothing_per_seat(game):
    d = Driver(lambda app: SetupScene(app, game), autosave=False)
    try:
        d.frames(2)
        scene = d.top
        assert scene.seat_values == {}
        seats = sorted((b for b in scene._callbacks if b.text.startswith("Seat ")), key=lambda b: b.rect.y)
        # a seat's button and its AI level's beside it take the 320 px the row has
        assert {level.rect.right - seat.rect.left for seat, level in zip(seats, scene.level_buttons, strict=True)} \
            == {320}
        for btn in [b for b in scene._callbacks if b.rect.x == 620]:  # every option: every value
            for _ in range(12):
                assert "per seat" not in btn.text
                d.click(btn.rect.center, frames=1)
        assert all(v != "per seat" and not isinstance(v, list) for v in scene.options_to_start().values())
    finally:
        d.close()


@pytest.mark.parametrize(("blocks", "shown", "hidden"), [
    ([3, 5], "blocks per seat: 3/5", "brain-burner blocks"),
    ([4, 4], "brain-burner blocks", "blocks per seat"),
    ([3, 3], None, "blocks"),
    (4, "brain-burner blocks", "blocks per seat"),
])
def test_cube_status_line_names_blocks_per_seat(blocks, shown, hidden):
    session = GameSession("cube", ["human", "ai:easy"], seed=1,
                          options={"blocks": blocks, "notes": [True, False], "build": "random"})
    d = Driver(lambda app: CubeTable(app, session), autosave=False)
    try:
        # the options' line ends with seat 1's own note sheet ("no note sheet: ..." without)
        from game.scenes.table_base import PANEL_RECT  # the status panel's line, not the pad's mark
        status = next(text for text, rect, _ in d.labels(frames=1)
                      if text.endswith("note sheet on") and rect.x >= PANEL_RECT.x)
        assert shown is None or shown in status
        assert hidden not in status.removesuffix("note sheet on")
    finally:
        d.close()


@pytest.mark.parametrize("language, scale", [("en", 1.0), ("de", 1.0), ("de", 2.0)])
@pytest.mark.parametrize("game", ["breaks", "circuit_breaker", "cube"])
def test_a_tutorial_that_cannot_start_says_so_clear_of_every_button(monkeypatch, game, language, scale):
    from game import i18n
    from game.scenes import tables
    from game.tutorial import TutorialError
    from game.ui import theme

    def broken(app, game):
        raise TutorialError(f"/home/player/.local/share/breakbox/tutorials/{game}.toml: step 2 has no move: "
                            "only the last step may be a closing message")
    monkeypatch.setattr(tables, "start_tutorial", broken)
    i18n.load_language(language)
    d = Driver(lambda app: SetupScene(app, game), autosave=False)
    try:
        theme.apply_settings(False, scale)
        d.top.open_tutorial()
        d.frames(2)
        toast = d.top.toast_rect
        assert toast is not None and d.top.toast.startswith(i18n.tr("The tutorial cannot start: ")[:10])
        covered = [b.text for b in d.top._callbacks if b.visible and b.rect.inflate(8, 8).colliderect(toast)]
        assert not covered, (toast, covered)
        assert not d.top.seed_entry.rect.colliderect(toast)
    finally:
        theme.apply_settings(False, 1.0)
        i18n.load_language("en")
        d.close()


@pytest.mark.parametrize("game", ["blockers", "circuit_breaker"])
def test_the_column_headings_stay_clear_of_the_focus_ring_under_them(game):
    from game import i18n, storage
    storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"language": "de"})
    d = Driver(lambda app: SetupScene(app, game), autosave=False)
    try:
        d.frames(2)
        labels = d.labels()
        heads = {text: rect for text, rect, _ in labels if text in ("Spieler", "Optionen")}
        title = next(rect for text, rect, _ in labels if text.startswith("Neues Spiel"))
        assert len(heads) == 2
        for head in heads.values():
            under = min((item.rect_of() for item in d.top.focus.items
                         if item.rect_of().x == head.x and item.rect_of().y > head.y), key=lambda r: r.y)
            assert head.bottom <= under.inflate(16, 16).top, "the ring reaches 8 px outside the button"
            assert head.top >= title.bottom
    finally:
        d.close()
        i18n.load_language("en")


def test_in_german_the_player_count_is_not_one_more_spieler_under_spieler():
    """Under the heading 'Spieler' the count read 'Spieler: 3 Spieler' above 'Spieler 1: Mensch':
    three 'Spieler' in a row. It reads 'Anzahl: 3 Spieler'."""
    from game import i18n, storage
    storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"language": "de"})
    d = Driver(lambda app: SetupScene(app, "blockers"), autosave=False)
    try:
        d.frames(1)
        count = button(d.top, "Anzahl: ")
        assert count is not None and count.text == "Anzahl: 2 Spieler", [b.text for b in d.top._callbacks]
        d.click(count.rect.center)
        assert button(d.top, "Anzahl: ").text == "Anzahl: 3 Spieler"
        assert button(d.top, "Spieler: ") is None
    finally:
        i18n.load_language("en")
        d.close()
