"""The mouse pointer turns into a hand over what a click or drag would use right now, and
stays an arrow elsewhere: a real table and the title screen, driven headless."""

from __future__ import annotations

import pygame

from game.scenes.breaks_table import BreaksTable
from game.scenes.table_base import PANEL_RECT
from game.session import GameSession
from game.ui.pointer import ARROW, EVERY, HAND
from tests.ui.driver import Driver, breaks_results_of_two_people

DECK = ["7H", "2C", "9H", "KS", "3D", "7C", "4H", "QS", "8C"]


def breaks_driver(seats: list[str]) -> Driver:
    session = GameSession("breaks", seats, seed=0, options={"first_player": 0, "setup": {"deck": DECK}})
    return Driver(lambda app: BreaksTable(app, session), autosave=False)


def point(d: Driver, pos: tuple[int, int]) -> str:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    d.frames(EVERY + 1)  # the pointer is looked at every few frames
    return d.app.pointer.shape


def test_a_hand_over_the_draw_pile_and_your_cards_on_your_turn_an_arrow_on_bare_table():
    d = breaks_driver(["human", "human"])
    try:
        d.settle()
        t = d.top
        assert point(d, t.layout.DRAW.center) == HAND
        assert point(d, t.layout.card_rect(0, 1, 0).center) == HAND
        assert point(d, (t.layout.PROMPT.centerx, t.layout.PROMPT.bottom + 10)) == ARROW
        assert point(d, t.undo_button.rect.center) == ARROW, "a greyed-out button is not clickable"
        assert point(d, (PANEL_RECT.x + 150, 666)) == HAND  # Rules
    finally:
        d.close()


def test_the_pointer_is_a_hand_while_a_card_is_held():
    d = breaks_driver(["human", "human"])
    try:
        d.settle()
        t = d.top
        bare = (t.layout.PROMPT.centerx, t.layout.PROMPT.bottom + 10)
        d.hold(t.layout.DRAW.center, bare, frames=2)
        assert t.drag.active and d.app.pointer.shape == HAND
        d.release(bare)
        assert point(d, bare) == ARROW
    finally:
        d.close()


def test_no_hand_over_the_draw_pile_while_the_computer_plays():
    d = breaks_driver(["ai:easy", "human"])
    try:
        t = d.top
        assert not t.my_turn()
        assert point(d, t.layout.DRAW.center) == ARROW
    finally:
        d.close()


def test_title_menu_entries_show_a_hand():
    d = Driver()
    try:
        d.settle()
        title = d.top
        live = [item for item in title.focus.items if item.enabled()]
        assert live, "the title screen has controls"
        assert point(d, live[0].rect_of().center) == HAND
        assert point(d, (2, 2)) == ARROW
    finally:
        d.close()


def test_a_click_anywhere_on_a_games_row_opens_its_set_up():
    """The row (name, player count, blurb) is a tile as in a game library: it lights up
    under the pointer and a click opens the game, like its Play button (it did nothing)."""
    from game.scenes.setup import SetupScene
    from game.scenes.title import TitleScene
    d = Driver()
    try:
        d.settle()
        title = d.top
        assert isinstance(title, TitleScene)
        name_spot = (title.rows[0].x + 40, title.rows[0].y + 24)  # on the first game's name
        assert point(d, name_spot) == HAND
        assert point(d, (title.rows[0].right + 20, title.rows[0].y + 24)) == ARROW  # beside the row
        d.click(name_spot)
        assert isinstance(d.top, SetupScene) and d.top.game == "breaks"
    finally:
        d.close()


def test_looking_at_the_finished_table_a_click_anywhere_returns_and_the_pointer_says_so():
    """While the results are hidden to look at the table, their buttons are not drawn: the
    pointer is a hand everywhere (any click brings the results back), not over their empty
    places only, and the note names the click as well as the keys."""
    d = breaks_results_of_two_people()
    try:
        results = d.top
        d.settle()
        bare = (results.box.x + 20, results.box.bottom - 20)  # inside the box, beside the buttons
        assert point(d, bare) == ARROW
        results.toggle_peek()
        assert point(d, bare) == HAND
        assert any("click" in text for text, _, _ in d.labels(frames=2))
        d.click(bare)
        assert not results.peek
    finally:
        d.close()


def test_breaks_a_hand_only_over_cards_that_can_move_and_where_they_may_go():
    """7H and 9H can merge (a suit in common), the 3D cannot: no hand over it, nor over the
    opponent's cards. With a card drawn (4H): a hand over it and the slots it fits."""
    d = breaks_driver(["human", "human"])
    try:
        d.settle()
        t = d.top
        lay = t.layout
        assert point(d, lay.card_rect(0, 0, 0).center) == HAND  # 7H: merges with 9H
        assert point(d, lay.card_rect(0, 2, 0).center) == ARROW  # 3D: goes nowhere
        assert point(d, lay.card_rect(1, 0, 0).center) == ARROW  # the opponent's 2C
        d.click(lay.DRAW.center)
        d.frames(40)
        assert t.view["pending"] == "4H"
        assert point(d, lay.PENDING.center) == HAND
        assert point(d, lay.card_rect(0, 1, 0).center) == HAND  # 9H takes the 4H
        assert point(d, lay.card_rect(0, 2, 0).center) == ARROW  # 3D does not
        assert point(d, lay.DISCARD.center) == HAND
        assert point(d, lay.DRAW.center) == ARROW  # drawn already
    finally:
        d.close()


def test_blockers_with_a_tile_picked_up_a_hand_only_over_the_squares_it_may_go_to():
    from game.scenes.blockers_table import BlockersTable, square_rect
    setup = {"pools": [["5", "E", "9", "A", "circle", "1"], ["1", "2", "3", "4", "5", "6"]],
             "board": {"E4": "blue", "E5": "blue", "E6": "blue", "A8": "blue", "A9": "blue", "I9": "blue"}}
    session = GameSession("blockers", ["human", "human"], seed=1, options={"first_player": 0, "setup": setup})
    d = Driver(lambda app: BlockersTable(app, session), autosave=False)
    try:
        d.settle()
        t = d.top
        nine = [tile for _, tile in t.rack_tiles()].index("9")
        assert point(d, t.rack_rect(nine).center) == HAND
        d.click(t.rack_rect(nine).center)
        assert t.selected is not None
        assert "E9" in t.targets() and "E5" not in t.targets()
        assert point(d, square_rect("E9").center) == HAND
        assert point(d, square_rect("E5").center) == ARROW  # a 9 goes in column 9 only
    finally:
        d.close()


def test_a_scene_whose_pointer_test_fails_keeps_running_with_the_arrow(caplog):
    """The pointer's shape is cosmetic: a failure there is logged, and the game goes on."""
    d = breaks_driver(["human", "human"])
    try:
        d.settle()
        t = d.top

        def broken(pos):
            raise RuntimeError("no shape today")

        t.pointer_at = broken
        assert point(d, t.layout.DRAW.center) == ARROW
        assert d.app.crash is None and d.top is t
        assert "no shape today" in caplog.text
    finally:
        d.close()


def test_the_hand_stays_while_a_card_is_held_over_a_place_it_cannot_go():
    d = breaks_driver(["human", "human"])
    try:
        d.settle()
        t = d.top
        d.click(t.layout.DRAW.center)
        d.frames(40)
        assert t.view["pending"] == "4H"
        nowhere = t.layout.card_rect(0, 2, 0).center  # the 3D: the 4H does not fit there
        d.hold(t.layout.PENDING.center, nowhere, frames=EVERY + 1)
        assert t.drag.active and d.app.pointer.shape == HAND
        d.release(nowhere)
    finally:
        d.close()
