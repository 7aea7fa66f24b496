"""Every scene drawn headless at 1280x720: no label overlaps another or sticks out of the
screen or of its clip area (text rectangles are recorded at draw time). The same run
writes the screenshots ``python -m game shots`` produces."""

from __future__ import annotations

from pathlib import Path

import pytest
from pygame_gui.core.utility import FontResource

from game.shots import shoot
from game.ui import gui

ROOT = Path(__file__).resolve().parents[2]


def unused_fonts() -> tuple[str, ...]:
    """The pygame_gui font files the bundle leaves out (build/unused_fonts.txt)."""
    text = (ROOT / "build" / "unused_fonts.txt").read_text()
    return tuple(line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#"))


@pytest.mark.parametrize("settings", [{"language": "en"}, {"language": "de"},
                                      {"text_scale": 2.0, "high_contrast": True}])
def test_no_scene_has_overlapping_or_clipped_text(tmp_path, settings, monkeypatch):
    from game import storage
    storage.atomic_write_json(storage.settings_path(storage.user_dirs()), settings)
    opened: list[str] = []
    load = FontResource.load
    monkeypatch.setattr(gui, "_pool", [])  # fresh GUI managers, so every font they use is opened here
    monkeypatch.setattr(FontResource, "load", lambda font: opened.append(str(font.location)) or load(font))
    report = shoot(tmp_path, sizes=((1280, 720),))
    missing = sorted({f for f in opened if any(f"data.{name}" in f for name in unused_fonts())})
    assert opened and not missing, f"the frozen app leaves these fonts out, but a scene opened them: {missing}"
    assert report["shots"] >= 30
    assert report["problems"] == {}, report["problems"]
    assert all(p.stat().st_size > 5000 for p in tmp_path.glob("*.png"))


def test_the_checker_notices_overlaps_and_overflow():
    import pygame

    from game.shots import text_problems
    screen = pygame.Rect(0, 0, 1280, 720)
    records = [("a", pygame.Rect(10, 10, 100, 20), screen), ("b", pygame.Rect(50, 12, 100, 20), screen),
               ("c", pygame.Rect(1250, 700, 100, 30), screen)]
    problems = text_problems(records, (1280, 720))
    assert any("overlap" in p for p in problems) and any("off screen" in p for p in problems)


def test_the_checker_notices_text_running_out_of_its_panel():
    import pygame

    from game.shots import text_problems
    screen = pygame.Rect(0, 0, 1280, 720)
    pile = pygame.Rect(836, 436, 104, 46)
    inside = ("x2", pygame.Rect(875, 442, 20, 20), screen)
    too_long = ("authenticate", pygame.Rect(875, 462, 70, 15), screen)
    assert text_problems([inside], (1280, 720), [(screen, 0), (pile, 0)]) == []
    problems = text_problems([too_long], (1280, 720), [(screen, 0), (pile, 0)])
    assert problems == ["runs out of its box: 'authenticate' at (875, 462, 70, 15) in (836, 436, 104, 46)"]
    # a dialog drawn over the pile after the table's labels is the label's box from then on
    dialog = pygame.Rect(200, 110, 760, 500)
    assert text_problems([inside, too_long], (1280, 720), [(pile, 0), (dialog, 1)]) == []


def test_a_label_painted_over_by_a_later_panel_overlaps_nothing_drawn_on_that_panel():
    import pygame

    from game.shots import text_problems
    screen = pygame.Rect(0, 0, 1280, 720)
    under = ("Drawn card", pygame.Rect(300, 400, 80, 20), screen)  # the table's label
    over = ("Cards left in slots score nothing.", pygame.Rect(240, 396, 300, 24), screen)  # the results box's
    dialog = pygame.Rect(200, 110, 760, 500)
    assert text_problems([under, over], (1280, 720), [(dialog, 1)]) == []
    assert text_problems([under, over], (1280, 720), [(dialog, 0)]) != [], "drawn on the dialog: an overlap"
    assert text_problems([under, over], (1280, 720), []) != []


def test_a_dialog_label_does_not_overlap_a_table_line_running_out_from_under_its_box():
    import pygame

    from game.shots import text_problems
    screen = pygame.Rect(0, 0, 1280, 720)
    menu = pygame.Rect(430, 180, 420, 312)
    under = ("to merge.", pygame.Rect(420, 300, 480, 28), screen)  # the table's prompt, half under the menu
    over = ("Back to the game (Esc)", pygame.Rect(540, 304, 200, 24), screen)  # on the menu's box
    assert text_problems([under, over], (1280, 720), [(menu, 1)]) == []
    assert text_problems([under, over], (1280, 720), []) != [], "with no box between them: an overlap"
    beside = ("Back to the game (Esc)", pygame.Rect(400, 304, 200, 24), screen)  # sticking out of the box
    assert any("overlap" in p for p in text_problems([under, beside], (1280, 720), [(menu, 1)]))


def test_panels_follow_the_high_contrast_palette():
    import pygame

    from game.ui import draw, theme
    surface = pygame.Surface((40, 40))
    try:
        theme.apply_settings(True, 1.0)
        draw.panel(surface, pygame.Rect(0, 0, 40, 40))
        assert tuple(surface.get_at((20, 20)))[:3] == theme.PANEL == (0, 0, 0)
        assert tuple(surface.get_at((20, 0)))[:3] == theme.PANEL_EDGE == (255, 255, 255)
    finally:
        theme.apply_settings(False, 1.0)


def test_an_empty_card_slot_follows_the_high_contrast_palette():
    from game.ui import cards, theme
    try:
        theme.apply_settings(True, 1.0)
        outline = cards.empty_slot((40, 56)).get_at((20, 0))
        assert tuple(outline)[:3] == theme.TEXT_DIM == (225, 230, 232)
    finally:
        theme.apply_settings(False, 1.0)


def test_wrap_splits_a_word_longer_than_the_line_between_letters():
    import pygame

    from game.ui import theme
    pygame.font.init()
    width = 260
    text = "Deine Maus kommt von dem Gerätestapel mit A2 (Seifenblasenmaschine) heim."
    lines = theme.wrap(text, 30, width)
    assert all(theme.font(30).size(line)[0] <= width for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", ""), "no letter is lost or added"
    assert theme.wrap("short words stay whole", 16, 400) == ["short words stay whole"]


def test_wrap_keeps_an_arrow_or_a_sign_with_its_neighbours():
    """'-> 15' never starts a line and '* = auf der Karte' is not cut after the star; a
    group that cannot fit even on a line of its own is still wrapped word by word."""
    import pygame

    from game.ui import theme
    pygame.font.init()
    text = ("Du: Seifenblasenmaschine x4* = 15, Jukebox x1 = 2 -> 17 (Karte: Seifenblasenmaschine, "
            "Kaugummiautomat, Popcornmaschine; * = auf der Karte)")
    for width in range(260, 900, 3):
        lines = theme.wrap(text, 16, width)
        assert " ".join(lines) == text, width
        for line in lines:
            assert not line.startswith(("->", "=", "*")) and not line.endswith((" ->", " =", " *")), (width, lines)
    narrow = theme.font(16).size("->")[0] + 2
    assert theme.wrap("a -> b", 16, narrow) == ["a", "->", "b"], "too narrow for the group: word by word"


def test_a_bigger_window_is_moved_back_onto_the_desktop():
    """Window size grows the window from its top-left corner: it must not run off the desktop."""
    import pygame

    from game.ui.display import Display
    pygame.display.init()
    try:
        display = Display("t", scale=0.5)
        desk_w, desk_h = pygame.display.get_desktop_sizes()[0]
        pygame.display.set_window_position((desk_w - 100, desk_h - 100))
        display.set_window_scale(1.0)
        x, y = pygame.display.get_window_position()
        w, h = display.window.get_size()
        assert x >= 0 and x + w <= desk_w and y >= 32 and y + h <= desk_h, (x, y, w, h, desk_w, desk_h)
    finally:
        pygame.display.quit()


def test_a_joker_shows_what_it_is_in_its_corner_like_any_card():
    """Fanned in a stack or a sequence only a card's left or top edge shows: a joker's too."""
    import pygame

    from game.ui import cards, theme
    pygame.font.init()
    for size in ((88, 124), (60, 84), (26, 36)):
        face = cards.card_face("JK", size)
        w, h = size
        corner = {tuple(face.get_at((x, y)))[:3] for x in range(int(w * 0.3)) for y in range(int(h * 0.22))}
        assert any(max(abs(a - b) for a, b in zip(c, theme.PURPLE, strict=True)) < 40 for c in corner), size


@pytest.mark.parametrize(("name", "table_words"), [("menu:blockers", ["Your turn", "Game log", "You go first."]),
                                                  ("menu:puzzle", ["Questions used: 0 of 3", "Clear"])])
def test_a_menu_shot_shows_its_table_from_the_stacks_first_update_without_a_frame_of_its_own(name, table_words):
    """The table under an in-game menu shot had a frame stepped for it before the shot (for its
    buttons and log, laid out in its first update): the stack gives a covered scene that update
    itself, so the shot starts at frame 0 as every other does and the table is drawn whole."""
    from game.shots import _scenes
    from tests.ui.driver import Driver
    d = Driver(_scenes()[name], autosave=False)
    try:
        assert d.app.frame == 0, "no frame before the shot's own"
        menu = d.top
        assert menu.table.first_update_due
        shown = [text for text, _, _ in d.labels(frames=1)]
        assert not menu.table.first_update_due
        assert all(word in shown for word in table_words), shown  # the banner, the log, the buttons
    finally:
        d.close()
