"""Pass-and-play take-back: the pass screen lets the person who just moved take it back,
exactly when Undo at a table against the computer would, and never once hidden
information came out (a card drawn, a tile refilled, a turn ended, a Cube answer)."""

from __future__ import annotations

import random

import pygame
import pytest

from game.scenes.handoff import HandoffScene
from game.scenes.table_base import TableScene
from game.scenes.tables import start_table, table_class
from game.scenes.title import TitleScene
from game.session import GameSession
from tests.ui.driver import Driver
from tests.ui.test_breaks_table import X1_DECK


def two_people(game: str, **options) -> tuple[Driver, TableScene, GameSession]:
    session = GameSession(game, ["human", "human"], seed=5, options={"first_player": 0, **options})
    d = Driver(lambda app: TitleScene(app), autosave=False)
    d.app.settings.animation_speed = "off"
    start_table(d.app, session, replace_stack=True)
    d.frames(2)
    # the game opens with a pass screen to seat 1 itself: nobody has moved, nothing to take back
    assert isinstance(d.top, HandoffScene) and d.top.seat == 0 and take_back_button(d.top) is None
    d.key(pygame.K_RETURN, frames=2)
    return d, d.app.stack.find(TableScene), session


def seat_1_places_a_card(d: Driver, table: TableScene) -> HandoffScene:
    """Seat 1 draws and places on slot 2: the pass screen to seat 2 comes up."""
    table.perform("draw", 0)
    table.perform("place 2", 0)
    assert d.until(lambda: isinstance(d.top, HandoffScene), timeout=5)
    return d.top


def take_back_button(scene: HandoffScene):
    found = [b for b in scene._callbacks if b.visible and "take back" in b.text]
    return found[0] if found else None


def against_the_computer_may_undo(session: GameSession, seat: int) -> bool:
    """Whether Undo would be allowed to ``seat`` at the same point with a computer in the other seat."""
    alone = GameSession(session.game, ["human" if s == seat else "ai:easy" for s in range(session.num_players)],
                        seed=session.log.seed, options=dict(session.log.options))
    for actor, text in zip(session.log.actors, session.log.actions, strict=True):
        alone.apply(text, actor)
    return alone.can_undo(seat)


@pytest.mark.parametrize("how", ["click", "ctrl+z"])
def test_a_breaks_placement_is_taken_back_from_the_pass_screen(how):
    d, table, session = two_people("breaks", setup={"deck": X1_DECK})
    try:
        handoff = seat_1_places_a_card(d, table)
        assert handoff.seat == 1
        button = take_back_button(handoff)
        assert button is not None and "Seat 1" in button.text, "the mover is named: the screen is for seat 2"
        if how == "click":
            d.click(button.rect.center, frames=3)
        else:
            d.key(pygame.K_z, mod=pygame.KMOD_CTRL, frames=3)
        assert d.top is table, "back at the table, no second pass screen"
        assert table.viewer == 0 and session.current_player == 0
        assert session.log.actions == ["draw"], "the placement is gone, the draw stands"
        assert table.view["pending"] == "4H" and table.view["seat"] == 0, "seat 1 holds the drawn card again"
        assert table.log_lines[-1] == (0, "Seat 1 took back: Seat 1 placed the 4 of hearts on slot 2.")
        table.perform("place 1", 0)  # the move meant: the game goes on to seat 2 as before
        assert d.until(lambda: isinstance(d.top, HandoffScene), timeout=5) and d.top.seat == 1
    finally:
        d.close()


class KeysDown:
    """pygame.key.get_pressed() with the given keys held down."""

    def __init__(self, *keys: int) -> None:
        self.keys = set(keys)

    def __getitem__(self, key: int) -> bool:
        return key in self.keys


def ctrl_z_at_once(d: Driver) -> None:
    """Ctrl+Z pressed without waiting for the screen to settle."""
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0))
    d.frames(2)


@pytest.mark.parametrize("z_held_from_the_table", [False, True])
def test_ctrl_z_pressed_as_the_pass_screen_comes_up_takes_back_at_once(monkeypatch, z_held_from_the_table):
    """The pass screen ignores keys for its first half second (a second Enter must not skip
    it), which swallowed the mover's quick Ctrl+Z too; Z held down from the table still
    does nothing then."""
    d, table, session = two_people("breaks", setup={"deck": X1_DECK})
    try:
        held = KeysDown(pygame.K_z, pygame.K_LCTRL) if z_held_from_the_table else KeysDown()
        monkeypatch.setattr(pygame.key, "get_pressed", lambda: held)
        handoff = seat_1_places_a_card(d, table)
        assert handoff.settling()
        ctrl_z_at_once(d)
        if z_held_from_the_table:
            assert d.top is handoff and session.log.actions == ["draw", "place 2"]
            return
        assert d.top is table and session.log.actions == ["draw"], "taken back at once"
        assert table.viewer == 0
    finally:
        d.close()


def test_a_quick_second_enter_is_still_held_back_while_a_quick_ctrl_z_gets_through():
    d, table, session = two_people("breaks", setup={"deck": X1_DECK})
    try:
        handoff = seat_1_places_a_card(d, table)
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(kind, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
        d.frames(1)
        assert d.top is handoff and handoff.settling(), "Enter is still held back"
        ctrl_z_at_once(d)
        assert d.top is table and session.log.actions == ["draw"]
    finally:
        d.close()


@pytest.mark.parametrize(("game", "move"), [("blockers", None), ("circuit_breaker", "end"), ("cube", None)])
def test_nothing_that_revealed_a_secret_is_taken_back_from_the_pass_screen(game, move):
    """A Blockers placement refills the rack, ending a Circuit Breaker turn may deal tiles,
    every Break the Cube action reveals or fixes a secret: the pass screen offers nothing,
    and Ctrl+Z there says why, as it would at the table."""
    d, table, session = two_people(game)
    try:
        legal = [t for t in session.legal_texts() if t != "pass"] if move is None else [move]
        table.perform(legal[0], 0)
        assert d.until(lambda: isinstance(d.top, HandoffScene), timeout=5)
        assert not against_the_computer_may_undo(session, 0)
        assert d.top.mover == 0 and take_back_button(d.top) is None
        before = list(session.log.actions)
        d.key(pygame.K_z, mod=pygame.KMOD_CTRL, frames=2)
        assert isinstance(d.top, HandoffScene) and session.log.actions == before
        assert d.top.toast and d.top.toast.startswith("Nothing to undo"), "Ctrl+Z says why, as at the table"
        labels = d.labels(1)
        esc = [rect for text, rect, _ in labels if text.startswith("Esc:")]
        assert esc and d.top.toast_rect is not None and not d.top.toast_rect.colliderect(esc[0])
    finally:
        d.close()


@pytest.mark.parametrize("game", ["breaks", "blockers", "circuit_breaker", "cube"])
def test_the_pass_screen_offers_a_take_back_exactly_when_undo_against_the_computer_would(game):
    """Random two-person games: at every pass screen the button is there exactly when the
    same position against the computer would allow Undo; sometimes it is used, and the
    mover's table comes back as it was before the move."""
    rng = random.Random(11)
    d, table, session = two_people(game)
    offered = refused = 0
    try:
        for _ in range(400):
            if session.is_over() or offered + refused >= 25:
                break
            if isinstance(d.top, HandoffScene):
                handoff = d.top
                allowed = against_the_computer_may_undo(session, handoff.mover)
                assert (take_back_button(handoff) is not None) == allowed
                if allowed:
                    offered += 1
                if allowed and rng.random() < 0.5:
                    mover, point = handoff.mover, session.undo_point(handoff.mover)
                    d.key(pygame.K_z, mod=pygame.KMOD_CTRL, frames=3)
                    assert d.top is table and table.viewer == mover == session.current_player
                    assert len(session.log.actions) == point
                else:
                    refused += not allowed
                    d.key(pygame.K_RETURN, frames=2)
                continue
            cp = session.current_player
            if cp == table.viewer and not table.animating:
                legal = session.legal_texts()
                table.perform(legal[rng.randrange(len(legal))], cp)
            d.frames(2)
        assert offered + refused >= 5
    finally:
        d.close()


def open_table_of_two() -> tuple[Driver, TableScene, GameSession]:
    """Breaker Blocks for two people: all tiles are open, so no pass screen comes between turns."""
    session = GameSession("breaker_blocks", ["human", "human"], seed=5, options={"first_player": 0})
    d = Driver(lambda app: TitleScene(app), autosave=False)
    d.app.settings.animation_speed = "off"
    start_table(d.app, session, replace_stack=True)
    d.frames(2)
    return d, d.top, session


def test_an_open_game_of_people_takes_back_a_turn_ending_misclick_at_the_next_seats_table():
    """No pass screen: once seat 1's second draw ended its turn, seat 2's table showed and
    Ctrl+Z said "Seat 1 has moved since your last decision", so the misclick was final."""
    d, table, session = open_table_of_two()
    try:
        assert isinstance(table, TableScene) and not table.hidden_information
        table.perform("draw 1", 0)
        table.perform("draw 1", 0)  # the second draw ends the turn
        assert d.until(lambda: table.viewer == 1, timeout=5), "seat 2's table shows at once"
        assert table.undo_button.is_enabled
        d.key(pygame.K_z, mod=pygame.KMOD_CTRL, frames=3)
        assert session.log.actions == ["draw 1"] and session.current_player == 0
        assert table.viewer == 0, "back at seat 1's table, one draw made"
        # pressed at seat 2's table: "Seat 1 took back: ..." read as if seat 1 pressed it
        assert table.log_lines[-1][0] == 1
        assert table.log_lines[-1][1].startswith("Seat 2 took back Seat 1's last move: Seat 1 drew")
        table.perform("draw 2", 0)
        assert d.until(lambda: table.viewer == 1, timeout=5)
        legal = session.legal_texts()
        table.perform(legal[0], 1)  # seat 2 acts: the last decision is now theirs
        d.key(pygame.K_z, mod=pygame.KMOD_CTRL, frames=3)
        assert session.log.actions == ["draw 1", "draw 2"] and session.current_player == 1, \
            "Ctrl+Z takes back seat 2's own decision, not seat 1's before it"
    finally:
        d.close()


def test_a_take_back_pressed_at_the_next_seats_table_names_who_took_back_whose_move():
    """Seat 2's draw ended its turn; at seat 1's table Ctrl+Z took it back, and the log said
    'Seat 2 took back: Seat 2 drew: ...', as if seat 2 had pressed it. It names both, in
    a saved and loaded game too, and in German; one's own take-back reads as before."""
    from game import i18n
    d, table, session = open_table_of_two()
    try:
        for text in ("draw 1", "draw 1", "draw 2"):
            table.perform(text, session.current_player)
        assert d.until(lambda: table.viewer == 1, timeout=5)
        table.perform("draw 3", 1)  # seat 2's second draw ends its turn: seat 1's table shows
        assert d.until(lambda: table.viewer == 0, timeout=5)
        d.key(pygame.K_z, mod=pygame.KMOD_CTRL, frames=3)
        assert session.log.actions == ["draw 1", "draw 1", "draw 2"]
        entry = (0, "Seat 1 took back Seat 2's last move: Seat 2 drew: power 3.")
        assert table.log_lines[-1] == entry, table.log_lines[-1]
        loaded = GameSession.from_record(session.to_record())
        assert loaded.takeback_by == [0]
        table.session = loaded
        table.rebuild_log()
        assert table.log_lines[-1] == entry
        assert i18n.load_language("de") is None
        try:
            table.rebuild_log()
            assert table.log_lines[-1][1] == ("Spieler 1 hat den letzten Schritt von Spieler 2 zurückgenommen: "
                                              "Spieler 2 hat Leistung 3 gezogen."), table.log_lines
        finally:
            i18n.load_language("en")
        table.session = session  # the table's own again, for its keys
        assert table.viewer == 1
        d.key(pygame.K_z, mod=pygame.KMOD_CTRL, frames=3)  # seat 2's own, at its own table: as before
        assert session.log.actions == ["draw 1", "draw 1"]
        assert table.log_lines[-1] == (1, "Seat 2 took back: Seat 2 drew: power 2."), table.log_lines
    finally:
        d.close()


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_undo_tooltip_says_whose_decision_it_takes_back(language):
    """Between two people at one open table Undo takes back the last decision, whoever
    made it, but its tooltip said "your last decision"; against the computer it is yours."""
    from game import i18n
    i18n.load_language(language)
    try:
        d, table, _ = open_table_of_two()
        try:
            assert table.undo_button.tip == i18n.tr("Ctrl+Z: take back the last decision, whoever made it")
        finally:
            d.close()
        session = GameSession("breaker_blocks", ["human", "ai:easy"], seed=5, options={"first_player": 0})
        d = Driver(lambda app: table_class("breaker_blocks")(app, session), autosave=False)
        try:
            assert d.top.undo_button.tip == i18n.tr("Ctrl+Z: take back your last decision")
        finally:
            d.close()
    finally:
        i18n.load_language("en")


def test_an_open_game_of_people_with_no_move_yet_says_nobody_has_decided():
    d, table, _ = open_table_of_two()
    try:
        d.key(pygame.K_z, mod=pygame.KMOD_CTRL, frames=2)
        assert table.toast == "Nothing to undo: nobody has made a decision yet."
    finally:
        d.close()


def test_ctrl_z_at_the_next_seats_table_before_it_decided_names_no_last_decision():
    """After the pass screen, seat 2 pressing Ctrl+Z read "Seat 1 has moved since your last
    decision" although seat 2 had made none (the pass screen was the place to take it back)."""
    d, table, session = two_people("breaks", setup={"deck": X1_DECK})
    try:
        seat_1_places_a_card(d, table)
        d.key(pygame.K_RETURN, frames=3)
        assert d.top is table and table.viewer == 1
        d.key(pygame.K_z, mod=pygame.KMOD_CTRL, frames=2)
        assert session.log.actions == ["draw", "place 2"], "seat 2 cannot take back seat 1's move"
        assert table.toast == "Nothing to undo: you have not made a decision yet.", table.toast
    finally:
        d.close()


def saves_of(d: Driver) -> list[dict]:
    """The records the table hands to the autosave, newest last."""
    saved: list[dict] = []
    d.app.autosave = saved.append
    return saved


def continue_from(record: dict) -> tuple[Driver, TableScene, GameSession]:
    """A new app that continues ``record`` as Continue on the title does."""
    session = GameSession.from_record(record)
    d = Driver(lambda app: TitleScene(app), autosave=False)
    d.app.settings.animation_speed = "off"
    start_table(d.app, session, replace_stack=True)
    d.frames(2)
    assert isinstance(d.top, HandoffScene)
    return d, d.app.stack.find(TableScene), session


def test_a_game_closed_on_the_pass_screen_offers_the_same_take_back_on_continue():
    """The pass screen's take-back was lost with the window: the save did not say who had
    just moved, so Continue handed over to seat 2 with nothing to take back."""
    d, table, session = two_people("breaks", setup={"deck": X1_DECK})
    try:
        saved = saves_of(d)
        seat_1_places_a_card(d, table)
        assert take_back_button(d.top) is not None
        record = saved[-1]
        assert record["log"]["actions"] == ["draw", "place 2"]
    finally:
        d.close()
    d, table, session = continue_from(record)
    try:
        handoff = d.top
        assert handoff.seat == 1 and handoff.mover == 0
        button = take_back_button(handoff)
        assert button is not None and "Seat 1" in button.text
        d.click(button.rect.center, frames=3)
        assert d.top is table and table.viewer == 0 and session.current_player == 0
        assert session.log.actions == ["draw"] and table.view["pending"] == "4H", "seat 1 holds the drawn card again"
    finally:
        d.close()


def test_the_take_back_on_continue_lays_the_table_out_around_the_mover():
    """Continue showed the mover's cards again but kept the table laid out for the next
    seat: seat 1's own area was at the top and seat 2's in the big one at the bottom."""
    d, table, _session = two_people("breaks", setup={"deck": X1_DECK})
    try:
        saved = saves_of(d)
        seat_1_places_a_card(d, table)
        record = saved[-1]
    finally:
        d.close()
    d, table, _session = continue_from(record)
    try:
        d.click(take_back_button(d.top).rect.center, frames=3)
        assert d.top is table and table.viewer == 0
        areas = table.layout.areas
        assert areas[0].rect.y > areas[1].rect.y, "the mover's own area is the one at the bottom"
        assert areas[0].rect.width > areas[1].rect.width
    finally:
        d.close()


def test_once_the_next_player_has_seen_their_table_continue_offers_no_take_back():
    d, table, _session = two_people("breaks", setup={"deck": X1_DECK})
    try:
        saved = saves_of(d)
        seat_1_places_a_card(d, table)
        d.key(pygame.K_RETURN, frames=2)  # seat 2 takes the seat and sees their cards
        assert d.top is table and table.viewer == 1
        record = saved[-1]
        assert "passed_by" not in record
    finally:
        d.close()
    d, _table, _session = continue_from(record)
    try:
        assert d.top.seat == 1 and d.top.mover is None and take_back_button(d.top) is None
    finally:
        d.close()


def test_a_pass_screen_after_a_secret_came_out_offers_nothing_on_continue_either():
    d, table, session = two_people("blockers")
    try:
        saved = saves_of(d)
        table.perform(next(t for t in session.legal_texts() if t != "pass"), 0)  # the rack refills
        assert d.until(lambda: isinstance(d.top, HandoffScene), timeout=5)
        record = saved[-1]
    finally:
        d.close()
    d, table, session = continue_from(record)
    try:
        assert take_back_button(d.top) is None
        before = list(session.log.actions)
        d.key(pygame.K_z, mod=pygame.KMOD_CTRL, frames=2)
        assert session.log.actions == before and d.top.toast.startswith("Nothing to undo")
    finally:
        d.close()


def test_continue_from_the_save_before_a_damaged_one_offers_no_take_back():
    """The save before the newest is from the pass screen itself when the newest was written
    as seat 2 took the seat: resuming it because the newest was damaged offered seat 1 the
    take-back of a move seat 2 had already seen at their table."""
    from game import storage
    d, table, _session = two_people("breaks", setup={"deck": X1_DECK})
    try:
        saved = saves_of(d)
        seat_1_places_a_card(d, table)
        d.key(pygame.K_RETURN, frames=2)  # seat 2 sees their table
        on_pass_screen, seat_taken = saved[-2], saved[-1]
        assert on_pass_screen.get("passed_by") == 0 and "passed_by" not in seat_taken
    finally:
        d.close()
    dirs = storage.user_dirs()
    path = storage.autosave_path(dirs)
    for record in (on_pass_screen, seat_taken):
        storage.atomic_write_json(path, record, keep_previous=True)
    path.write_text('{"format": 1, "log": {"ga')  # the newest is damaged
    record, problem = storage.load_autosave(dirs)
    assert record is not None and "the save before it" in problem
    d, _table, _session = continue_from(record)
    try:
        assert d.top.seat == 1 and take_back_button(d.top) is None
    finally:
        d.close()


@pytest.mark.parametrize("value", [None, 1, 5, True, "0"])
def test_a_save_without_a_sound_passing_seat_offers_no_take_back(value):
    """Older saves have no such key; a seat that is to move, or no seat at all, is ignored."""
    session = GameSession("breaks", ["human", "human"], seed=5, options={"first_player": 0, "setup": {"deck": X1_DECK}})
    session.apply("draw", 0)
    session.apply("place 2", 0)
    record = session.to_record()
    if value is not None:
        record["passed_by"] = value
    d, _table, resumed = continue_from(record)
    try:
        assert resumed.passed_by is None and take_back_button(d.top) is None
    finally:
        d.close()


def test_a_notice_kept_under_the_pass_screen_is_still_shown_to_the_next_seat():
    """A failed save said while the pass screen was up is said again on the table; taking
    the seat clears the last seat's messages (they may name its secrets), not that one."""
    d, table, _ = two_people("breaks", setup={"deck": X1_DECK})
    try:
        seat_1_places_a_card(d, table)
        table.toast = "Not a legal place for that card."  # a message for seat 1: it goes
        notice = "The game could not be saved: the disk is full (autosave.json)"
        table.keep_notice(lambda: notice, 6)
        d.key(pygame.K_RETURN, frames=2)
        assert d.top is table and table.viewer == 1
        assert table.toast is not None and "could not be saved" in table.toast, table.toast
    finally:
        d.close()


@pytest.mark.parametrize(("game", "options", "passing_saves"), [
    ("breaks", {"setup": {"deck": X1_DECK}}, [0, None]),  # the placement may be taken back: kept, then cleared
    ("blockers", {}, [0]),  # the rack refilled: Continue offers no take-back either way, so nothing to clear
])
def test_saves_across_one_hand_off(game, options, passing_saves):
    """The move is saved, then the pass screen's mover; clearing the mover once the next seat
    takes the seat is saved only when that save could offer a take-back (each hand-off in a
    game with secrets coming out wrote a third save that changed nothing Continue offers)."""
    d, table, session = two_people(game, **options)
    try:
        if game == "breaks":
            table.perform("draw", 0)
        saved = saves_of(d)
        table.perform("place 2" if game == "breaks" else next(t for t in session.legal_texts() if t != "pass"), 0)
        assert d.until(lambda: isinstance(d.top, HandoffScene), timeout=5)
        d.key(pygame.K_RETURN, frames=2)  # seat 2 takes the seat
        assert d.top is table and table.viewer == 1
        assert [len(r["log"]["actions"]) for r in saved] == [len(session.log.actions)] * (1 + len(passing_saves))
        assert [r.get("passed_by") for r in saved] == [None, *passing_saves]
        record = saved[-1]
    finally:
        d.close()
    d, table, session = continue_from(record)
    try:  # closed at seat 2's table: Continue takes nothing back, by button or Ctrl+Z
        assert d.top.seat == 1 and take_back_button(d.top) is None
        before = list(session.log.actions)
        d.key(pygame.K_z, mod=pygame.KMOD_CTRL, frames=2)
        assert session.log.actions == before and d.top.seat == 1
    finally:
        d.close()
