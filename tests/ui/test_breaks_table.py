"""The Breaks table driven headless through real events: drag-and-drop, click and
keyboard equivalents, refusals with reasons, break landing choice, hand-off, undo,
autosave/continue and the results screen."""

from __future__ import annotations

import pygame
import pytest

from game import i18n, storage
from game.i18n import tr
from game.scenes.breaks_table import BreaksTable
from game.scenes.breaks_text import OBJECT, card_name
from game.scenes.handoff import HandoffScene
from game.scenes.results import ResultsScene
from game.session import GameSession
from tests.ui.driver import Driver, breaks_results_of_two_people

X1_DECK = ["7H", "2C", "9H", "KS", "3D", "7C", "4H", "QS", "8C"]


# seat 1 draws KC, which breaks seat 2's slot 1 ([9C]); seat 1 has an empty slot 2
BREAK_KC_SETUP = {"tableaux": [[["KD", "KH", "QH", "4H"], [], ["QD"]], [["9C"], ["3H", "3S", "TS", "TC"], ["4C"]]],
                  "deck": ["KC", "2D"]}

def table_driver(seats, options, seed=0, **config) -> Driver:
    session = GameSession("breaks", seats, seed=seed, options=options)
    config.setdefault("autosave", False)
    return Driver(lambda app: BreaksTable(app, session), **config)


def hint_shown_after_drawing() -> Driver:
    """A Breaks table against the computer where you have drawn 4H and a hint is shown."""
    d = table_driver(["human", "ai:easy"], {"first_player": 0, "setup": {"deck": X1_DECK}})
    table = d.top
    d.key(pygame.K_d)
    d.frames(40)
    d.key(pygame.K_h)
    if not d.until(lambda: table.hint is not None, timeout=30):
        d.close()
        raise AssertionError("no hint came within 30 s")
    return d


@pytest.fixture
def x1():
    """Seat 1 (human) holds 7H / 9H / 3D and will draw 4H; seat 2 is a second human."""
    d = table_driver(["human", "human"], {"first_player": 0, "setup": {"deck": X1_DECK}})
    d.frames(3)
    yield d
    d.close()


def actions(d: Driver) -> list[str]:
    return d.app.stack.find(BreaksTable).session.log.actions


def slot_point(table: BreaksTable, seat: int, slot: int) -> tuple[int, int]:
    return table.layout.card_rect(seat, slot, 0).center


def test_drag_draw_pile_then_drag_card_onto_slot_places_it(x1):
    table = x1.top
    x1.drag(table.layout.DRAW.center, table.layout.PENDING.center)
    assert actions(x1) == ["draw"]
    assert table.view["pending"] == "4H"
    x1.frames(40)  # let the draw animation finish
    x1.drag(table.layout.PENDING.center, slot_point(table, 0, 1))
    assert actions(x1) == ["draw", "place 2"]
    assert table.session.view(0)["tableaux"][0][1] == ["9H", "4H"]


def test_illegal_drop_snaps_back_and_says_why(x1):
    table = x1.top
    x1.key(pygame.K_d)
    x1.frames(40)
    x1.drag(table.layout.PENDING.center, slot_point(table, 0, 2))  # 3D does not match 4H
    assert actions(x1) == ["draw"]
    assert table.toast == "The 4 of hearts does not match the 3 of diamonds."  # card codes in words, a sentence
    assert table.drag.snapbacks, "the card should glide back where it came from"


def test_glow_marks_only_legal_targets_while_dragging(x1):
    table = x1.top
    x1.key(pygame.K_d)
    x1.frames(40)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=table.layout.PENDING.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(600, 600), rel=(0, 0), buttons=(1, 0, 0)))
    x1.frames(2)
    targets = set(table.current_targets())
    assert targets == {("slot", 0, 0), ("slot", 0, 1), ("discard",)}
    table.drag.cancel()


def test_click_then_click_equivalent(x1):
    table = x1.top
    x1.click(table.layout.DRAW.center)
    assert actions(x1) == ["draw"]
    x1.frames(40)
    x1.click(slot_point(table, 0, 0))
    assert actions(x1) == ["draw", "place 1"]


def test_keyboard_equivalent_and_discard(x1):
    x1.key(pygame.K_d)
    x1.frames(40)
    x1.key(pygame.K_x)
    assert actions(x1) == ["draw", "discard"]


def test_focus_ring_enter_picks_and_drops(x1):
    table = x1.top
    # Tab through the focus ring to the draw pile, Enter draws
    for _ in range(30):
        x1.key(pygame.K_TAB, frames=1)
        cur = table.focus.current
        if cur is not None and cur.rect_of() == table.layout.DRAW:
            break
    x1.key(pygame.K_RETURN)
    assert actions(x1) == ["draw"]


def test_a_card_drawn_with_enter_takes_the_ring_on_to_the_first_slot_it_may_go_to(x1):
    """Enter on the draw pile drew the 4 of hearts and left the ring on the pile: a keyboard
    player had to find a slot themselves, while a sequence picked up to merge takes the ring
    on to where it may go. The ring now goes to the first slot the card fits (not the discard
    pile, where a second Enter would throw the card away)."""
    table = x1.top
    x1.key(pygame.K_TAB)
    assert table.focus.current.rect_of() == table.layout.DRAW
    x1.key(pygame.K_RETURN)
    x1.frames(40)
    assert table.focus.current is table.focus.items[table.spot_focus[("slot", 0, 0)]]
    x1.key(pygame.K_RETURN)
    assert actions(x1) == ["draw", "place 1"]


def test_a_slot_picked_with_its_number_key_takes_the_ring_on_to_where_it_may_merge(x1):
    """2 picked slot 2 to merge but left the ring where it was, on the draw pile: the next
    Enter drew a card and the merge was forgotten. The ring now goes to the slot it may go
    on top of, as Enter on the slot itself does."""
    table = x1.top
    x1.key(pygame.K_TAB)
    assert table.focus.current.rect_of() == table.layout.DRAW
    x1.key(pygame.K_2)
    assert table.focus.current is table.focus.items[table.spot_focus[("slot", 0, 0)]]
    x1.key(pygame.K_RETURN)
    assert actions(x1) == ["merge 1 2"]


@pytest.mark.parametrize("spot", [("discard",), ("slot", 1, 0)])
def test_enter_on_the_discard_pile_or_a_rivals_slot_with_no_card_drawn_says_why_nothing_happens(x1, spot):
    """Both are stops of the focus ring, but with no card drawn Enter there did nothing and
    said nothing: a keyboard player could not tell a dead key from a refused move."""
    table = x1.top
    x1.key(pygame.K_TAB)
    table.focus.index = table.spot_focus[spot]
    x1.key(pygame.K_RETURN)
    assert actions(x1) == []
    assert table.toast == "No card has been drawn."


def test_merge_by_dragging_one_sequence_onto_another(x1):
    table = x1.top
    x1.drag(slot_point(table, 0, 1), slot_point(table, 0, 0))  # 9H onto 7H: merge 1 2
    assert actions(x1) == ["merge 1 2"]
    assert table.session.view(0)["tableaux"][0][0] == ["7H", "9H"]


def test_break_asks_where_the_stolen_sequence_lands():
    d = table_driver(["human", "human"], {"first_player": 0, "break_to_empty": True, "setup": BREAK_KC_SETUP})
    try:
        table = d.top
        d.key(pygame.K_d)
        d.frames(40)
        assert table.view["pending"] == "KC"
        d.drag(table.layout.PENDING.center, slot_point(table, 1, 1))  # onto seat 2's slot 2
        assert actions(d) == ["draw"]
        assert table.selected == ("break", 1, 1)
        assert "lands" in table.prompt()
        d.key(pygame.K_ESCAPE)  # Esc steps back to holding the card
        assert table.selected == ("pending",)
        d.drag(table.layout.PENDING.center, slot_point(table, 1, 1))
        d.click(slot_point(table, 0, 0))
        assert actions(d) == ["draw", "break 2 2 1"]
        assert table.session.view(0)["stacks"][0] == [["KD", "KH", "QH", "4H", "3H"]]
    finally:
        d.close()


def test_handoff_hides_the_table_between_two_humans(x1):
    table = x1.top
    x1.key(pygame.K_d)
    x1.frames(40)
    x1.key(pygame.K_2)
    x1.frames(60)
    assert isinstance(x1.top, HandoffScene)
    assert table.viewer == 0, "seat 2's view must not be shown before they confirm"
    x1.key(pygame.K_RETURN)
    assert x1.top is table and table.viewer == 1
    assert table.view["seat"] == 1


def test_undo_takes_back_a_placement_but_never_a_draw():
    d = table_driver(["human", "ai:easy"], {"first_player": 0, "setup": {"deck": X1_DECK}})
    try:
        table = d.top
        d.key(pygame.K_d)
        d.frames(5)
        d.key(pygame.K_z, mod=pygame.KMOD_CTRL)
        assert actions(d) == ["draw"], "undo must not cross a drawn card"
        assert "undo" in (table.toast or "").lower()
        d.frames(40)
        d.key(pygame.K_2)
        assert actions(d)[:2] == ["draw", "place 2"]
        d.key(pygame.K_z, mod=pygame.KMOD_CTRL)
        assert actions(d) == ["draw"]
        assert table.view["pending"] == "4H"
        assert table.selected == ("pending",), "the drawn card is back in hand, its targets glowing"
    finally:
        d.close()



def test_take_backs_and_hints_stay_in_the_log_after_continue():
    d = table_driver(["human", "ai:easy"], {"first_player": 0, "setup": {"deck": X1_DECK}})
    try:
        table = d.top
        d.key(pygame.K_d)
        d.frames(40)
        d.key(pygame.K_2)
        d.key(pygame.K_z, mod=pygame.KMOD_CTRL)
        assert table.log_lines[-1] == (0, "You took back: You placed the 4 of hearts on slot 2.")
        table.session.hints.append(1)  # as a hint for the pending card would have recorded it
        record = table.session.to_record()
    finally:
        d.close()
    resumed = GameSession.from_record(record)
    d = Driver(lambda app: BreaksTable(app, resumed), autosave=False)
    try:
        lines = [text for _, text in d.top.log_lines]
        # the hint came first (for the card then placed), then the take-back of that placing
        assert lines[-2:] == ["You asked for a hint.", "You took back: You placed the 4 of hearts on slot 2."], lines
    finally:
        d.close()

def test_autosave_then_continue_resumes_exactly():
    d = table_driver(["human", "ai:normal"], {"first_player": 0, "setup": {"deck": X1_DECK}}, seed=5,
                     autosave=True)
    try:
        d.key(pygame.K_d)
        d.frames(40)
        d.key(pygame.K_1)
        d.app.writer.flush()
        record, problem = storage.load_autosave(d.app.dirs)
        assert problem is None and record is not None
        assert record["log"]["actions"][:2] == ["draw", "place 1"]
        resumed = GameSession.from_record(record)
        live = d.app.stack.find(BreaksTable).session
        assert resumed.state.to_json() == GameSession.from_record(live.to_record()).state.to_json()
    finally:
        d.close()


def test_results_screen_after_the_final_merges():
    setup = {"tableaux": [[["4S", "4D"], ["6D", "6C"], ["7C"]], [["9S"], ["KD"], ["2C"]]], "deck": ["9H"]}
    d = table_driver(["human", "human"], {"first_player": 1, "setup": setup})
    try:
        table = d.top
        d.key(pygame.K_d)
        d.frames(40)
        d.key(pygame.K_1)
        d.frames(60)
        d.key(pygame.K_RETURN)  # hand-off to seat 1
        assert table.viewer == 0 and table.view["phase"] == "final"
        labels = [text for text, _, _ in d.labels(frames=1)]
        assert not any(text.startswith("The play phase ends") for text in labels), "no stall count once play ends"
        d.drag(slot_point(table, 0, 1), slot_point(table, 0, 0))  # merge 1 2
        d.frames(30)
        d.drag(slot_point(table, 0, 2), slot_point(table, 0, 0))  # merge 1 3 -> a stack
        d.frames(30)
        labels = [text for text, _, _ in d.labels(frames=1)]
        assert "Seat 1   1 pt" in labels and "Seat 2   0 pts" in labels, "one point reads in the singular"
        assert "Seat 1 banked a stack of five. Score: 1." in [line for _, line in table.log_lines]
        d.key(pygame.K_f)
        d.frames(60)
        d.key(pygame.K_RETURN)  # hand-off to seat 2
        d.key(pygame.K_f)
        assert d.until(lambda: isinstance(d.top, ResultsScene), timeout=5)
        assert table.session.state.winners() == [0]
        assert table.session.log.actions[-3:] == ["merge 1 3", "done", "done"]
    finally:
        d.close()


def test_hint_asks_the_normal_ai_highlights_the_move_and_is_recorded():
    d = table_driver(["human", "ai:easy"], {"first_player": 0, "setup": {"deck": X1_DECK}}, autosave=True)
    try:
        table = d.top
        d.key(pygame.K_h)
        assert d.until(lambda: table.hint is not None, timeout=30)
        move, _ = table.hint
        assert move in table.session.legal_texts()
        assert table.hint_spots(move), "the suggested move is outlined on the table"
        assert table.toast.startswith("Hint:")
        assert table.session.hints == [0]
        assert table.session.to_record()["hints"] == [0]
        d.app.writer.flush()  # saved at once: quitting before moving does not forget the hint
        assert storage.load_autosave(d.app.dirs)[0]["hints"] == [0]
    finally:
        d.close()


def test_after_an_undo_the_log_keeps_the_hint_then_says_who_took_back_the_move():
    d = hint_shown_after_drawing()
    try:
        table = d.top
        shown = table.log_lines[-1]
        assert shown[1].startswith("Hint shown: ")
        table.perform(table.hint[0], 0)
        d.key(pygame.K_z, mod=pygame.KMOD_CTRL)
        assert table.session.log.actions == ["draw"]
        assert table.log_lines[-2] == shown
        assert table.log_lines[-1][0] == 0 and table.log_lines[-1][1].startswith("You took back: You placed ")
    finally:
        d.close()


def test_no_hints_in_pass_and_play(x1):
    x1.key(pygame.K_h)
    assert "against the computer" in x1.top.toast


def test_in_german_the_reason_for_an_illegal_drop_is_german_too():
    from game import i18n
    dirs = storage.user_dirs()
    storage.atomic_write_json(storage.settings_path(dirs), {"language": "de"})
    d = table_driver(["human", "human"], {"first_player": 0, "setup": {"deck": X1_DECK}})
    try:
        table = d.top
        d.frames(3)
        d.key(pygame.K_d)
        d.frames(40)
        d.drag(table.layout.PENDING.center, slot_point(table, 0, 2))  # 3D does not match 4H
        assert actions(d) == ["draw"]
        # the engine's "4H does not match 3D", translated
        assert table.toast == "Die Herz-4 und die Karo-3 haben weder Rang noch Farbe gemeinsam."
    finally:
        d.close()
        i18n.load_language("en")


def test_a_hint_says_how_long_the_sequence_grows(x1):
    table = x1.top
    x1.key(pygame.K_d)
    x1.frames(40)
    assert table.hint_reason("place 1") == "It grows that sequence to 2 cards."


def test_with_autoplay_your_own_seat_is_played_for_you():
    d = table_driver(["human", "ai:easy"], {"first_player": 0, "setup": {"deck": X1_DECK}}, autoplay=True)
    try:
        table = d.top
        table.paused = True
        assert table.waiting_prompt() == "The computer is playing for you."
        banner = [text for text, _, _ in d.labels(frames=1)]
        assert "Your turn" in banner and "You to play" not in banner
    finally:
        d.close()


def test_a_hint_still_being_thought_about_when_you_move_does_not_stall_the_computer():
    d = table_driver(["human", "ai:easy"], {"first_player": 0}, seed=3)
    try:
        table = d.top
        session = table.session
        table.request_hint()  # H, then move on at once without waiting for the hint
        assert table.hint_ticket is not None
        table.perform("draw", 0)
        table.perform(next(t for t in session.legal_texts() if t in ("discard",) or t.startswith("place")), 0)
        assert session.current_player == 1 and table.hint_ticket is None
        assert d.until(lambda: session.current_player == 0 or session.is_over(), timeout=30), "the computer moved"
    finally:
        d.close()


def test_a_sequence_you_may_break_carries_a_reticle_not_only_a_redder_ring(monkeypatch):
    from game.ui import draw
    setup = {"tableaux": [[["9H"], ["2C"], []], [["5H"], ["3S"], ["4D"]]], "deck": ["KH", "8C", "6S"]}
    d = table_driver(["human", "human"], {"first_player": 0, "setup": setup})
    try:
        table = d.top
        d.key(pygame.K_d)
        d.frames(40)
        table.selected = ("pending",)  # the drawn king in hand: place on 9H, or break seat 2's 5H
        marked = []
        monkeypatch.setattr(draw, "corner_brackets", lambda surface, rect, length=8: marked.append(rect))
        d.frames(1)
        steal = table.layout.sequence_rect(1, 0, 1)
        assert len(marked) == 1 and marked[0].contains(steal), marked
        assert not any(r.colliderect(table.layout.sequence_rect(0, 0, 1)) for r in marked), "placing is no theft"
    finally:
        d.close()


def test_while_you_choose_where_a_stolen_sequence_lands_the_sequence_is_marked(monkeypatch):
    from game.ui import draw
    setup = {"tableaux": [[["9H"], ["2C"], []], [["5H"], ["3S"], ["4D"]]], "deck": ["KH", "8C", "6S"]}
    d = table_driver(["human", "human"], {"first_player": 0, "setup": setup, "break_to_empty": True})
    try:
        table = d.top
        d.key(pygame.K_d)
        d.frames(40)
        assert table.drop(("pending",), ("slot", 1, 0)) and actions(d) == ["draw"], "two landings: pick one"
        assert table.selected == ("break", 1, 0)
        marked = []
        monkeypatch.setattr(draw, "corner_brackets", lambda surface, rect, length=8: marked.append(rect))
        d.frames(1)
        assert any(r.contains(table.layout.sequence_rect(1, 0, 1)) for r in marked), marked
    finally:
        d.close()


@pytest.mark.parametrize("tableaux, deck, prompt", [
    ([[["9H"], ["2C"], []], [["5H"], ["3S"], ["4D"]]], ["KH"], "Place the King of hearts on a slot, break with it"),
    ([[["9C"], ["2C"], ["5C"]], [["5H"], ["3S"], ["4D"]]], ["KH"], "Break with the King of hearts, or discard it."),
    ([[["9H"], ["2C"], ["3C"]], [["5S"], ["3S"], ["4D"]]], ["8H"], "Place the 8 of hearts on a slot, or discard it."),
    ([[["9C"], ["2C"], ["3C"]], [["5S"], ["3S"], ["4D"]]], ["8H"], "The 8 of hearts fits nowhere: discard it (X)."),
])
def test_after_a_draw_the_prompt_names_only_what_the_card_can_do(tableaux, deck, prompt):
    d = table_driver(["human", "human"], {"first_player": 0, "setup": {"tableaux": tableaux, "deck": deck}})
    try:
        d.key(pygame.K_d)
        d.frames(40)
        assert d.top.prompt().startswith(prompt[:1].upper() + prompt[1:])
    finally:
        d.close()


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("tableau, words", [
    ([["9C"], ["2H"], []], {"en": "No merge is possible: press ", "de": "Kein Vereinen möglich: Drück auf "}),
    ([["9C"], ["2C"], []], {"en": "Final merges: drag a sequence onto another, or press ",
                            "de": "Letztes Vereinen: Zieh eine Reihe auf eine andere oder drück auf "}),
])
def test_in_the_final_merges_the_prompt_names_the_done_button_as_it_is_labelled(language, tableau, words):
    """The prompt said 'press Done (F)' beside a button labelled 'Done merging (F)'."""
    from game import i18n
    storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"language": language})
    setup = {"tableaux": [tableau, [["5S"], ["3S"], ["4D"]]], "deck": []}
    d = table_driver(["human", "human"], {"first_player": 0, "setup": setup})
    try:
        d.frames(3)
        table = d.top
        assert table.view["phase"] == "final" and table.viewer == 0 and table.done_button.visible
        assert table.prompt() == f"{words[language]}{table.done_button.text}."
        assert " ".join(table.prompt_lines()) == table.prompt(), "the whole prompt is shown"
    finally:
        d.close()
        i18n.load_language("en")


def test_page_up_and_page_down_scroll_the_log_without_a_mouse():
    d = table_driver(["human", "human"], {"first_player": 0})
    try:
        table = d.top
        for i in range(60):
            table.add_log(None, f"line {i}")
        d.key(pygame.K_PAGEUP)
        assert table.log_scroll > 5
        labels = [text for text, _, _ in d.labels()]
        assert "line 59" not in labels and any(text.startswith("(scrolled") for text in labels)
        d.key(pygame.K_PAGEDOWN)
        d.key(pygame.K_PAGEDOWN)
        assert table.log_scroll == 0 and "line 59" in [text for text, _, _ in d.labels()]
    finally:
        d.close()


@pytest.mark.parametrize("players", [2, 4])
def test_a_message_keeps_off_the_opponents_cards_and_the_status_panel(players):
    from game.scenes.table_base import PANEL_RECT
    d = table_driver(["human"] * players, {"first_player": 0})
    try:
        table = d.top
        table.show_toast("The 7 of clubs does not match the 5 of spades: a card matches by rank or by suit.", 5)
        message = next(rect for text, rect, _ in d.labels(frames=2) if text.startswith("The 7 of clubs"))
        box = table.toast_rect
        assert message.right < PANEL_RECT.x and box.right < PANEL_RECT.x
        for seat in range(1, players):
            for slot in range(3):
                assert not box.colliderect(table.layout.card_rect(seat, slot, 0)), (seat, slot)
            for stack in range(12):  # nor any opponent's banked stacks (a row under their cards with 3-4 players)
                assert not box.colliderect(table.layout.stack_card_rect(seat, stack, 4, 12)), (seat, stack)
        lay = table.layout
        assert not [r for r in (lay.DRAW, lay.DISCARD, lay.PENDING) if box.colliderect(r)], "the piles stay in sight"
    finally:
        d.close()


NO_LANDING = {"first_player": 0, "setup": {"tableaux": [[["2H"], ["3D"], ["4C"]], [["5S"], ["6S", "6H"], ["9D"]]],
                                           "deck": ["QS", "8C", "2C", "7D"]}}


def test_a_break_that_fits_none_of_your_slots_says_so_and_a_forced_discard_hint_says_why():
    d = table_driver(["human", "ai:normal"], NO_LANDING)
    try:
        table = d.top
        d.key(pygame.K_d)
        d.frames(40)
        d.drag(table.layout.PENDING.center, slot_point(table, 1, 0))  # QS matches 5S, but where would it land?
        assert actions(d) == ["draw"]
        assert table.toast == ("The stolen cards fit none of your slots: the 5 of spades matches none of your "
                               "top cards."), "not only slot 1's reason"
        assert table.hint_reason("discard") == "It fits none of your slots and cannot break anything."
    finally:
        d.close()


def test_a_continued_game_holds_the_drawn_card_ready_with_its_targets_glowing():
    d = table_driver(["human", "ai:normal"], {"first_player": 0, "setup": {"deck": X1_DECK}}, seed=5)
    try:
        d.key(pygame.K_d)
        d.frames(40)
        record = d.top.session.to_record()
    finally:
        d.close()
    d = Driver(lambda app: BreaksTable(app, GameSession.from_record(record)), autosave=False)
    try:
        d.frames(3)
        assert d.top.view["pending"] == "4H" and d.top.selected == ("pending",)
    finally:
        d.close()
    # pass-and-play: the hand-off that opens a continued game must not drop the card either
    record["seats"] = ["human", "human"]

    def resumed(app):
        from game.scenes.tables import prepare_table
        return prepare_table(app, GameSession.from_record(record))
    d = Driver(resumed, autosave=False)
    try:
        assert d.until(lambda: isinstance(d.top, HandoffScene), timeout=5)
        d.key(pygame.K_RETURN)
        table = d.top
        assert isinstance(table, BreaksTable) and table.view["pending"] == "4H" and table.selected == ("pending",)
    finally:
        d.close()


def test_in_the_final_merges_a_picked_up_sequence_gets_the_merging_prompt():
    setup = {"tableaux": [[["9C"], ["9H"], []], [["5S"], ["3S"], ["4D"]]], "deck": []}
    d = table_driver(["human", "human"], {"first_player": 0, "setup": setup})
    try:
        d.frames(3)
        assert d.top.view["phase"] == "final"
        d.key(pygame.K_2)
        assert d.top.prompt() == "Merging slot 2: pick the slot it goes on top of."
    finally:
        d.close()


def test_a_picked_up_sequence_is_outlined_clear_of_the_seat_label(monkeypatch):
    from game.ui import draw
    boxes = []
    real = draw.dashed_rect
    monkeypatch.setattr(draw, "dashed_rect", lambda surface, rect, *a, **k: (boxes.append(pygame.Rect(rect)),
                                                                              real(surface, rect, *a, **k)))
    setup = {"tableaux": [[["9C", "9H"], ["9D"], []], [["5S"], ["3S"], ["4D"]]], "deck": ["2C"]}
    d = table_driver(["human", "human"], {"first_player": 0, "setup": setup})
    try:
        d.frames(3)
        d.key(pygame.K_1)
        assert d.top.selected == ("slot", 0)
        boxes.clear()
        label = next(rect for text, rect, _ in d.labels(frames=1) if text.startswith("Seat 1"))
        assert boxes and not [b for b in boxes if b.colliderect(label)], (boxes, label)
    finally:
        d.close()


def test_a_short_message_covers_the_whole_prompt_not_just_its_first_line(x1):
    """The start-of-turn prompt takes two lines; a one-line refusal shown over it (e.g.
    'Slot 3 cannot merge onto any other slot now.') must hide both, not leave 'merge.'
    peeking out under the box."""
    table = x1.top
    prompt = table.prompt()
    lines = [text for text, _, _ in x1.labels() if text and text in prompt]
    assert len(lines) >= 2, "the prompt should wrap for this test to mean anything"
    x1.key(pygame.K_3)  # 3D on slot 3 merges nowhere: a one-line refusal
    assert table.toast == "Slot 3 cannot merge onto any other slot now."
    box = x1.toast_box(table)
    drawn = [rect for text, rect, _ in x1.labels() if text and text in prompt]
    assert drawn and all(box.contains(rect) for rect in drawn), (box, drawn)


@pytest.mark.parametrize("detour", ["rules", "leave dialog"])
def test_the_drawn_card_is_still_in_hand_after_the_rules_page_or_staying_at_the_table(x1, detour):
    """Opening the rules (F1) or the leave dialog drops the selection; coming back, the
    drawn card must be held again, its legal places glowing as before."""
    table = x1.top
    x1.key(pygame.K_d)
    x1.frames(40)
    assert table.selected == ("pending",)
    before = set(table.current_targets())
    assert before
    x1.key(pygame.K_F1 if detour == "rules" else pygame.K_ESCAPE)
    assert x1.top is not table
    x1.frames(30)  # past the new screen's settle time
    x1.key(pygame.K_ESCAPE)  # back from the rules page / Esc in the dialog = stay
    x1.frames(2)
    assert x1.top is table
    assert table.selected == ("pending",)
    assert set(table.current_targets()) == before


def test_while_choosing_a_landing_a_click_on_another_sequence_or_the_drawn_card_changes_your_mind():
    """Choosing where stolen cards land, a click on another opponent's sequence breaks that
    one instead, and a click on the drawn card goes back to holding it: no 'That does not
    go there.' for either."""
    d = table_driver(["human", "human"], {"first_player": 0, "break_to_empty": True, "setup": BREAK_KC_SETUP})
    try:
        table = d.top
        d.key(pygame.K_d)
        d.frames(40)
        d.click(slot_point(table, 1, 1))  # seat 2's slot 2 (TC): lands on your slot 1 or 2
        assert table.selected == ("break", 1, 1)
        d.click(slot_point(table, 1, 2))  # seat 2's slot 3 (4C) instead: also two landings
        assert table.selected == ("break", 1, 2)
        assert table.toast is None
        d.click(table.layout.PENDING.center)
        assert table.selected == ("pending",)
        assert table.toast is None
        d.click(slot_point(table, 1, 2))
        d.click(slot_point(table, 0, 1))  # your empty slot 2
        assert actions(d) == ["draw", "break 2 3 2"]
    finally:
        d.close()


def test_a_hint_button_beside_the_banner_shows_on_your_turn_against_the_computer_only():
    d = table_driver(["human", "ai:easy"], {"first_player": 0, "setup": {"deck": X1_DECK}})
    try:
        table = d.top
        d.frames(2)
        assert table.hint_button.visible and table.hint_button.text == "Hint (H)"
        assert "Your turn" in [text for text, _, _ in d.labels()]
        d.click(table.hint_button.rect.center)
        assert d.until(lambda: table.hint is not None, timeout=30)
        assert table.session.hints == [0]
        table.perform("draw", 0)
        table.perform("discard", 0)
        d.frames(2)
        assert table.session.current_player == 1 and not table.hint_button.visible, "not on the computer's turn"
    finally:
        d.close()


def test_no_hint_button_in_pass_and_play(x1):
    x1.frames(2)
    assert not x1.top.hint_button.visible


def test_a_sequence_picked_up_with_enter_takes_the_focus_to_the_first_slot_it_may_merge_onto(x1):
    table = x1.top
    nine = next(i for i, item in enumerate(table.focus.items)  # 9H, which may merge onto 7H in slot 1 only
                if item.rect_of() == table.spot_rect(("slot", 0, 1)))
    table.focus.index, table.focus.visible = nine, True
    x1.key(pygame.K_RETURN)
    assert table.selected == ("slot", 1)
    assert table.focus.visible and table.focus.current.rect_of() == table.spot_rect(("slot", 0, 0))
    x1.key(pygame.K_RETURN)  # Enter again merges there
    assert actions(x1) == ["merge 1 2"]
    assert not table.toast


def test_the_middle_rows_tab_order_follows_the_screen_left_to_right(x1):
    table = x1.top
    x1.key(pygame.K_d)  # a drawn card, so all three are stops
    x1.frames(40)
    seen = []
    for _ in range(40):
        x1.key(pygame.K_TAB, frames=1)
        rect = table.focus.current.rect_of()
        for spot in (("draw",), ("discard",), ("pending",)):
            if rect == table.spot_rect(spot) and spot not in seen:
                seen.append(spot)
        if len(seen) == 3:
            break
    assert [table.spot_rect(s).x for s in seen] == sorted(table.spot_rect(s).x for s in seen)


def test_the_hint_button_is_gone_under_the_results_after_your_last_move():
    """The button hid itself after the UI had taken note of what to draw, and the results
    then covered the table, whose UI updated no more: 'Hint (H)' stayed on the Game over panel."""
    # the greedy bot: its move here does not hang on how many iterations a busy machine allows
    setup = {"tableaux": [[["5H"], [], []], [["9C"], [], []]], "deck": ["2D", "3C", "7S"]}
    d = table_driver(["human", "greedy"], {"first_player": 0, "setup": setup})
    try:
        t = d.top
        for key in (pygame.K_d, pygame.K_2):
            d.key(key)
            d.frames(30)
        assert d.until(lambda: t.session.current_player == 0, timeout=20)
        for key in (pygame.K_d, pygame.K_3):
            d.key(key)
            d.frames(30)
        # the computer takes the first final turn in its worker: on a busy machine that can
        # take longer than the frames above, so wait for yours (a fixed count was flaky)
        assert d.until(lambda: t.session.current_player == 0 and "done" in t.session.legal_texts())
        assert d.until(lambda: "Hint (H)" in [text for text, _, _ in d.labels(3)], timeout=5)
        d.key(pygame.K_f)             # your final merges are the game's last move
        assert d.until(lambda: isinstance(d.top, ResultsScene), timeout=10)
        assert "Hint (H)" not in [text for text, _, _ in d.labels(3)]
    finally:
        d.close()


@pytest.mark.parametrize("scale", [1.0, 1.5, 2.0])
def test_the_log_at_its_newest_starts_with_a_whole_entry_each_marked_on_its_first_line(scale, monkeypatch):
    """A long log shows the newest entries: its top line is never the end of an entry cut
    off above it ("ab." alone), and each entry's seat mark sits on its first line's middle."""
    from game import storage
    from game.scenes.table_base import LOG_RECT
    from game.ui import draw
    storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"text_scale": scale})
    d = table_driver(["human", "human"], {"first_player": 0})
    try:
        table = d.top
        for i in range(40):  # entries of one, two and three lines at every reading size
            table.add_log(i % 2, f"entry {i} " + "word " * (4 + 9 * (i % 3)))
        marks: list[tuple[int, int]] = []
        marker = draw.marker
        monkeypatch.setattr(draw, "marker", lambda surface, shape, centre, *a, **k: (
            marks.append(centre) if LOG_RECT.collidepoint(centre) else None, marker(surface, shape, centre, *a, **k)))
        for extra in range(3):  # one more entry each time: the top of the view lands elsewhere
            table.add_log(extra % 2, f"entry x{extra} " + "word " * (9 + 5 * extra))
            marks.clear()
            shown = [(text, rect) for text, rect, _ in d.labels() if LOG_RECT.contains(rect)]
            assert shown and shown[0][0].startswith("entry "), shown[0]
            starts = [rect for text, rect in shown if text.startswith("entry ")]
            assert len(marks) == len(starts)
            assert all(abs(y - rect.centery) <= 2 for (_, y), rect in zip(marks, starts, strict=True)), \
                (marks, starts)
    finally:
        d.close()


STACK_WAITING = {"first_player": 0, "setup": {"tableaux": [[["3D", "9D", "7D", "6D"], ["6H"], []],
                                                           [["5S"], ["2C"], []]],
                                              "deck": ["JS", "8C", "2S", "KH"]}}


def test_a_draw_hint_beside_a_stack_banking_merge_says_the_merge_can_wait():
    """merge 1 2 would bank a stack now; a draw hint must not claim that no merge helps."""
    d = table_driver(["human", "ai:normal"], STACK_WAITING)
    try:
        table = d.top
        d.frames(3)
        assert "merge 1 2" in table.legal()
        reason = table.hint_reason("draw")
        assert "would not help" not in reason
        assert reason == "That merge's stack of five can wait for the final merges: a card from the pile first."
    finally:
        d.close()


BREAK_ONLY = {"first_player": 0, "setup": {"tableaux": [[["2H"], ["3D"], ["4C"]], [["4S"], ["9D"], []]],
                                           "deck": ["JS", "8C", "2C", "7D"]}}


def test_a_discard_hint_for_a_card_that_could_only_break_does_not_talk_of_placing_it():
    d = table_driver(["human", "ai:normal"], BREAK_ONLY)
    try:
        table = d.top
        d.frames(3)
        d.key(pygame.K_d)
        d.frames(40)
        assert sorted(table.legal()) == ["break 2 1 3", "discard"]  # JS fits no slot; 4S lands on 4C
        reason = table.hint_reason("discard")
        assert "placing" not in reason
        assert reason == "It fits none of your slots, and the break it allows would leave you worse off."
    finally:
        d.close()


def test_in_the_final_merges_a_done_hint_becomes_the_merge_that_banks_a_stack():
    """BR-15: with both piles empty the final merges start at once. merge 1 2 banks a stack;
    a hint of 'done' (what the AI says when the winner is settled anyway) is turned into it."""
    final = {"first_player": 0, "setup": {"tableaux": [[["3D", "9D", "7D", "6D"], ["6H"], []],
                                                       [["5S"], ["2C"], []]], "deck": []}}
    d = table_driver(["human", "ai:normal"], final)
    try:
        table = d.top
        d.frames(3)
        assert table.view["phase"] == "final" and table.session.current_player == 0
        assert table.refine_hint("done") == "merge 1 2"
        assert table.hint_reason("merge 1 2") == "The merge banks a stack of five."
    finally:
        d.close()


def test_a_move_made_by_drag_asks_for_its_sound_once(x1):
    """Drawn by dragging the pile: the draw sound alone; a card dragged onto a slot: one drop
    (each played twice over, or a drop on top of the draw)."""
    played: list[str] = []
    x1.app.sound.play = played.append
    table = x1.top
    x1.drag(table.layout.DRAW.center, table.layout.PENDING.center)
    assert actions(x1) == ["draw"] and played == ["draw"]
    x1.frames(40)
    played.clear()
    x1.drag(table.layout.PENDING.center, slot_point(table, 0, 1))
    assert actions(x1) == ["draw", "place 2"] and played == ["drop"]


def test_in_the_final_merges_the_ring_leaves_the_closed_piles_for_done():
    """Placing the last card by keyboard left the ring on the draw pile, where Enter only
    drew a refusal; in the final merges the piles are no stops and the ring goes to Done."""
    setup = {"tableaux": [[["4S", "4D"], ["6D", "6C"], ["7C"]], [["9S"], ["KD"], ["2C"]]], "deck": ["4H"]}
    d = table_driver(["human", "ai:easy"], {"first_player": 0, "setup": setup})
    try:
        d.frames(3)
        table = d.top
        d.key(pygame.K_RETURN)  # shows the ring on the draw pile
        assert table.focus.visible and table.focus.current.rect_of() == table.layout.DRAW
        d.key(pygame.K_RETURN)  # draws the last card (the ring goes on to slot 1, where it fits)
        d.key(pygame.K_UP)  # the ring back on the draw pile
        assert table.focus.current.rect_of() == table.layout.DRAW
        d.key(pygame.K_1)  # and places it: both piles are empty, the final merges begin
        assert d.until(lambda: table.session.current_player == 0 and "done" in table.legal()
                       and not table.animating, timeout=20)
        d.frames(2)
        assert table.focus.visible and table.focus.current.rect_of() == table.done_button.rect
        stops = set()
        for _ in range(len(table.focus.items)):
            d.key(pygame.K_TAB, frames=1)
            stops.add(tuple(table.focus.current.rect_of()))
        assert tuple(table.layout.DRAW) not in stops and tuple(table.layout.DISCARD) not in stops
        assert tuple(table.done_button.rect) in stops
    finally:
        d.close()


def test_a_hint_in_the_log_is_told_again_in_the_language_chosen_mid_game():
    """The hint's line was kept as the text shown, so after switching to German in the
    game's settings the log read 'Tipp gezeigt: Place the card on slot 2.'"""
    from tests.ui.test_game_menu import open_settings, step_setting
    d = hint_shown_after_drawing()
    try:
        table = d.top
        english = table.log_lines[-1][1]
        assert english.startswith("Hint shown: ") and english.endswith(table.hint_move(table.hint[0]))
        open_settings(d)
        step_setting(d, "Language: ")
        d.key(pygame.K_ESCAPE)
        d.key(pygame.K_ESCAPE)
        assert d.top is table
        german = table.log_lines[-1][1]
        assert german == f"Tipp gezeigt: {table.hint_move(table.hint[0])}", german
        assert german.endswith(".") and "Place" not in german and "card" not in german
    finally:
        d.close()


def test_a_hint_is_worded_again_after_loading_and_an_older_save_keeps_its_line():
    options = {"first_player": 0, "setup": {"deck": X1_DECK}}
    session = GameSession("breaks", ["human", "ai:easy"], seed=0, options=options)
    session.apply("draw", 0)
    session.hints, session.hint_moves = [1], {1: "place 2"}
    record = session.to_record()
    d = Driver(lambda app: BreaksTable(app, GameSession.from_record(record)), autosave=False)
    try:
        card = card_name(session.view(0)["pending"], OBJECT)
        assert (0, f"Hint shown: Place {card} on slot 2.") in d.top.log_lines, "the card drawn then, by name"
    finally:
        d.close()
    del record["hint_moves"]  # as saved before the move was kept
    d = Driver(lambda app: BreaksTable(app, GameSession.from_record(record)), autosave=False)
    try:
        assert (0, "You asked for a hint.") in d.top.log_lines
    finally:
        d.close()


@pytest.mark.parametrize("lang,place,discard", [
    ("en", "Place the 7 of clubs on slot 2.", "Discard the 7 of clubs."),
    ("de", "Leg die Kreuz-7 in Fach 2.", "Wirf die Kreuz-7 ab.")])
def test_a_hint_names_the_card_to_place_or_discard_in_the_log_too(lang, place, discard):
    """'Place the card on slot 2.' / 'Discard the card.': the hint (and the log after it)
    said which slot but not which card, where the log's other lines name it ('You drew the
    7 of clubs.'). The log words it again from the game as it was when the hint showed, so a
    loaded game names the card too."""
    storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"language": lang})
    options = {"first_player": 0, "setup": {"deck": ["7C", "2D", "9H"], "tableaux": [[[], [], []], [[], [], []]]}}
    for action, words in (("place 2", place), ("discard", discard)):
        session = GameSession("breaks", ["human", "ai:easy"], seed=0, options=options)
        session.apply("draw", 0)
        assert session.view(0)["pending"] == "7C"
        session.hints, session.hint_moves = [1], {1: action}
        session.apply(action, 0)
        d = Driver(lambda app, s=session: BreaksTable(app, GameSession.from_record(s.to_record())), autosave=False)
        try:
            assert (0, tr("Hint shown: {move}", move=words)) in d.top.log_lines, d.top.log_lines
        finally:
            d.close()
            i18n.load_language("en")


@pytest.mark.parametrize("speed", ["normal", "slow"])
def test_cards_that_bank_a_stack_stay_in_sight_until_they_fly_to_it(speed):
    """The five cards of a new stack wait a moment before they fly (so the placement is
    seen first): while they wait they are still drawn where they were, never gone from
    the table."""
    from game.ui import cards
    setup = {"deck": ["6H", "9C", "KD"], "tableaux": [[["2H", "3H", "4H", "5H"], [], []], [[], [], []]]}
    d = table_driver(["human", "human"], {"first_player": 0, "setup": setup})
    try:
        d.app.settings.animation_speed = speed
        table = d.top
        d.frames(3)
        d.key(pygame.K_d)
        d.frames(40)
        assert table.view["pending"] == "6H"
        d.key(pygame.K_1, frames=1)
        assert table.view["stacks"][0] == [["2H", "3H", "4H", "5H", "6H"]]
        assert any(not m.tween.started for m in table.motions), "the stack's cards wait before they fly"
        canvas = d.app.display.canvas
        waiting = [m for m in table.motions if not m.tween.started]
        for m in waiting:  # each waiting card's face is on screen where it was
            face = cards.card_face(m.face, m.end.size, d.app.settings.colorblind)
            face = pygame.transform.smoothscale(face, m.start.size) if face.get_size() != m.start.size else face
            corner = (m.start.x + 8, m.start.y + 8)  # the rank in the top-left corner
            assert canvas.get_at(corner)[:3] == face.get_at((8, 8))[:3], m.face
    finally:
        d.close()


def test_a_drag_while_the_computer_holds_its_drawn_card_says_to_wait():
    """Dragging one of your sequences onto another while the computer was choosing what to
    do with its drawn card said 'You have drawn a card: place it, break with it or discard
    it.': the computer's position, read as if it were yours."""
    from game.i18n import tr
    setup = {"deck": ["6H", "9C", "KD", "2S"], "tableaux": [[["2H"], ["3H"], []], [["5C"], [], []]]}
    session = GameSession("breaks", ["human", "ai:easy"], seed=0, options={"first_player": 1, "setup": setup})
    session.apply("draw", 1)
    d = Driver(lambda app: BreaksTable(app, session), autosave=False)
    try:
        table = d.top
        table.paused = True  # the computer keeps thinking: its drawn card stays in its hand
        table.cancel_ai()
        d.frames(3)
        assert session.current_player == 1 and not table.my_turn()
        d.drag(slot_point(table, 0, 1), slot_point(table, 0, 0))
        assert session.log.actions == ["draw"]
        assert table.toast == tr("Wait for your turn.")
    finally:
        d.close()


def test_a_mouse_player_goes_back_from_choosing_the_landing_by_right_click_or_empty_table():
    """Choosing where a stolen sequence lands said only 'Esc to go back': a mouse player
    can also right-click, or click where nothing is, and the prompt says so."""
    d = table_driver(["human", "human"], {"first_player": 0, "break_to_empty": True, "setup": BREAK_KC_SETUP})
    try:
        table = d.top
        d.key(pygame.K_d)
        d.frames(40)
        d.drag(table.layout.PENDING.center, slot_point(table, 1, 1))
        assert table.selected == ("break", 1, 1)
        assert "right-click" in table.prompt()
        pos = slot_point(table, 0, 0)
        d.settle()
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=3))
        d.frames(2)
        assert table.selected == ("pending",) and actions(d) == ["draw"], "a right-click lands nothing"
        d.drag(table.layout.PENDING.center, slot_point(table, 1, 1))
        assert table.selected == ("break", 1, 1)
        empty = (20, 360)
        assert table.source_at(empty) is None
        d.click(empty)
        assert table.selected == ("pending",) and actions(d) == ["draw"]
    finally:
        d.close()


def test_once_the_game_is_over_the_side_panel_says_game_over_once():
    """The banner says "Game over"; the status under it said it again and so did the log's
    last line ("Game over. Scores: ..."): three times in one panel. The log gives the scores."""
    d = breaks_results_of_two_people()
    try:
        table = d.app.stack.find(BreaksTable)
        labels = [text for text, _, _ in d.labels(frames=1)]
        assert sum("game over" in text.lower() for text in labels) == 1, labels
        assert table.log_lines[-1][1] == "Final scores — Seat 1: 0, Seat 2: 0."
        assert "Draw pile 0, discard pile 0" in labels
    finally:
        d.close()


def status_text(d: Driver) -> tuple[str, list[pygame.Rect]]:
    """The words of the status under the banner (wrapped lines joined) and their rects."""
    from game.scenes.table_base import PANEL_RECT
    from game.scenes.table_log import LOG_HEADING
    drawn = [(text, rect) for text, rect, _ in d.labels(frames=1)
             if PANEL_RECT.collidepoint(rect.topleft) and 80 <= rect.y < LOG_HEADING.top]
    return " ".join(text for text, _ in drawn), [rect for _, rect in drawn]


def test_the_status_says_how_many_more_discards_in_a_row_end_the_play_phase(x1):
    """'Discards in a row: 0 of 6' did not say what happens at 6: the status counts down to
    the end of the play phase (BR-13: 2 players x 3 cards in the piles), and starts again
    when a card is played. Before anyone discards it states the rule: 'ends after 6 more
    discards in a row' puzzled a new player who had seen no discard at all."""
    table = x1.top
    assert table.view["stall_limit"] == 6
    assert "The play phase ends if players discard 6 times in a row." in status_text(x1)[0]
    said = []
    for _ in range(5):
        x1.key(pygame.K_d)
        x1.frames(40)
        x1.key(pygame.K_x)
        x1.frames(40)
        if table.handoff_pending:
            x1.key(pygame.K_RETURN)
        said.append(status_text(x1)[0])
    assert table.view["stall"] == 5
    assert "1 discard in a row so far: the play phase ends after 5 more." in said[0]
    assert "2 discards in a row so far: the play phase ends after 4 more." in said[1]
    assert "The play phase ends with the next discard." in status_text(x1)[0]


def test_the_countdown_and_every_option_in_german_stay_above_the_game_log():
    from game.i18n import load_language
    from game.scenes.table_log import LOG_HEADING
    options = {"first_player": 0, "scoring": "court", "jokers": True, "aces_wild": True, "two_decks": True,
               "break_to_empty": True}
    storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"language": "de"})
    d = table_driver(["human", "ai:normal"], options)
    try:
        d.frames(3)
        text, rects = status_text(d)
        assert "Die Spielphase endet, wenn" in text and "in leere Fächer brechen" in text
        assert all(rect.bottom <= LOG_HEADING.top for rect in rects), rects
    finally:
        load_language("en")
        d.close()


@pytest.mark.parametrize("tableau, reason", [
    ([["9C"], ["2C"], ["5H"]], "Merging is possible but would not help you now: see what the pile gives you."),
    ([["9C"], ["2H"], ["5D"]], "None of your sequences can merge: see what the pile gives you."),
])
def test_a_draw_hint_says_whether_a_merge_is_possible_at_all(tableau, reason):
    """'No merge helps now' read as 'no merge is possible' while 9C and 2C could merge: the
    reason says which of the two it is."""
    d = table_driver(["human", "ai:normal"], {"first_player": 0,
                                               "setup": {"tableaux": [tableau, [["5S"], ["3S"], ["4D"]]],
                                                         "deck": ["7S", "8S"]}})
    try:
        d.frames(3)
        assert ("merge 1 2" in d.top.legal()) is (tableau[1] == ["2C"])
        assert d.top.hint_reason("draw") == reason
    finally:
        d.close()


@pytest.mark.parametrize("moved", [False, True])
def test_your_turn_starts_with_the_ring_on_the_draw_pile_unless_you_moved_it_meanwhile(moved):
    """The ring stayed where your last turn left it (slot 1, where the drawn card went), so
    the first Enter of the next turn tried a merge instead of drawing. Every turn starts
    with a draw: the ring goes to the draw pile, unless you moved it in the computer's turn."""
    d = table_driver(["human", "ai:easy"], {"first_player": 0, "setup": {"deck": X1_DECK}})
    table = d.top
    try:
        d.frames(3)
        d.key(pygame.K_TAB)
        d.key(pygame.K_RETURN)  # draws the 4 of hearts; the ring goes on to slot 1
        d.frames(40)
        d.key(pygame.K_RETURN)  # placed there: the computer's turn
        assert actions(d) == ["draw", "place 1"]
        assert d.until(lambda: not table.my_turn(), timeout=5)
        if moved:
            d.key(pygame.K_RIGHT, frames=1)  # the ring moved while the computer plays stays put
        kept = table.focus.index
        assert d.until(lambda: table.my_turn() and not table.animating, timeout=30)
        d.frames(3)
        if moved:
            assert table.focus.index == kept
        else:
            assert table.focus.visible and table.focus.current.rect_of() == table.layout.DRAW
            d.key(pygame.K_RETURN)
            assert actions(d)[-1] == "draw"
    finally:
        d.close()


def test_under_deuteranopia_the_legal_move_glow_is_told_apart_from_seat_1s_orange_outline():
    """Seat 1's area is outlined in orange and legal moves glow yellow: under deuteranopia
    (the Machado matrix) the two are nearly one colour. The glow carries a shape cue of its
    own, a black-and-white landing dot on each corner, whose colours stay far from both."""
    from game.ui import theme
    from tests.ui.colour_check import distance, simulate

    def deutan(c):
        return simulate(c, "deutan")
    assert distance(deutan(theme.ORANGE), deutan(theme.GLOW)) < 25, "why the colour alone does not do"
    d = table_driver(["human", "ai:easy"], {"first_player": 0, "setup": {"deck": X1_DECK}})
    try:
        table = d.top
        d.frames(3)
        d.key(pygame.K_d)  # drawn: the discard pile glows, beside no card of its own
        d.frames(40)
        assert ("discard",) in table.current_targets()
        canvas = d.app.display.canvas
        pile, area = table.layout.DISCARD, table.layout.areas[0].rect
        assert table.seat_colour(0) == theme.ORANGE

        def told_apart(box: pygame.Rect) -> int:
            """Pixels in box that deutan eyes tell from the orange, the glow and the table."""
            return sum(all(distance(deutan(tuple(canvas.get_at((x, y)))[:3]), deutan(c)) >= 40
                           for c in (theme.ORANGE, theme.GLOW, theme.TABLE))
                       for x in range(box.left, box.right) for y in range(box.top, box.bottom))
        corners = [pygame.Rect(x, y, 6, 6) for x in (pile.left - 7, pile.right + 1)
                   for y in (pile.top - 7, pile.bottom + 1)]
        assert all(told_apart(box) >= 3 for box in corners), [told_apart(box) for box in corners]
        outline = [pygame.Rect(x, y, 6, 6) for x in (area.left - 2, area.right - 4)
                   for y in (area.top - 2, area.bottom - 4)]
        assert not any(told_apart(box) for box in outline), "the seat's outline has no such mark"
    finally:
        d.close()
