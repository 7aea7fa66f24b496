"""The Breaker Blocks table driven headless: play by drag, draw by clicking a pile,
rearrange a leaf, resolve an action tile's target step, end the turn."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pygame
import pytest

from game import i18n
from game.i18n import tr, tr_message
from game.rules.breaker_blocks import LEVEL
from game.scenes.breaker_blocks_board import cell_rect
from game.scenes.breaker_blocks_table import BreakerBlocksTable
from game.session import GameSession
from game.ui.breaker_blocks_tiles import side_point
from tests.ui.driver import Driver, texts_on_opening


def one_turn_each_finished() -> GameSession:
    """A game over after one turn each (turn_cap 1): the person played power 0, the computer passed."""
    session = GameSession("breaker_blocks", ["human", "ai:easy"], seed=1, options={"first_player": 0, "turn_cap": 1})
    session.apply("play 0 at 1,-1 from N", 0)
    session.apply("end", 0)
    session.apply("end", 1)
    return session


def bb_driver(actions=()) -> Driver:
    session = GameSession("breaker_blocks", ["human", "human"], seed=1, options={"first_player": 0})
    for a in actions:
        session.apply(a, session.current_player)
    return Driver(lambda app: BreakerBlocksTable(app, session), autosave=False)


@contextmanager
def bb_in(lang: str, actions=()) -> Iterator[Driver]:
    """bb_driver in ``lang`` (loaded after the driver, which loads the settings' language);
    English and the window are back afterwards."""
    d = bb_driver(actions)
    try:
        assert i18n.load_language(lang) is None
        try:
            yield d
        finally:
            i18n.load_language("en")
    finally:
        d.close()


def you_against_the_computer() -> Driver:
    """Seat 1 is you, seat 2 the computer: the log and results name them You / Seat 2 (AI)."""
    session = GameSession("breaker_blocks", ["human", "ai:easy"], seed=1, options={"first_player": 0})
    return Driver(lambda app: BreakerBlocksTable(app, session), autosave=False)


def test_the_focus_ring_round_a_pile_leaves_the_piles_caption_clear():
    d = bb_driver()
    try:
        t = d.top
        d.frames(2)
        pile = t.pile_rect(1)  # the top row: the caption is right above it
        t.focus.index = next(i for i, item in enumerate(t.focus.items) if item.rect_of() == pile)
        t.focus.visible = True
        assert t.focus.current.enabled()
        labels = d.labels()
        caption = next(rect for text, rect, _ in labels if "action pile (" in text)
        assert caption.bottom <= pile.inflate(16, 16).top, "the ring reaches 8 px outside the pile"
        status = [rect for text, rect, _ in labels if text.startswith(("Actions left", "Authenticate tiles"))]
        assert status and all(rect.bottom <= caption.top for rect in status)
    finally:
        d.close()


def near(cell: tuple[int, int], side: str) -> tuple[int, int]:
    """A point inside ``cell`` close to its ``side`` (where the tab should go)."""
    r = cell_rect(cell)
    sx, sy = side_point(r, side)
    return (r.centerx + (sx - r.centerx) * 7 // 10, r.centery + (sy - r.centery) * 7 // 10)


def log(d: Driver) -> list[str]:
    return d.app.stack.find(BreakerBlocksTable).session.log.actions


def play_the_first_tile(d: Driver) -> None:
    """Seat 1's first hand tile dragged into the socket at 0,-1 from N (open at the start)."""
    d.drag(d.top.hand_rect(0, 0).center, near((0, -1), "N"))
    d.frames(30)


def end_the_turn(d: Driver) -> None:
    """End turn by its key (N) with an action left, and N again: yes, give it up."""
    d.key(pygame.K_n)
    d.key(pygame.K_n)


def play_a_tile_and_end_the_turn(d: Driver) -> None:
    play_the_first_tile(d)
    end_the_turn(d)


def test_drag_a_hand_tile_onto_a_socket_plays_it_with_the_tab_toward_the_pointer():
    d = bb_driver()
    try:
        t = d.top
        # cell 0,-1 offers the sockets "from N" (input 1a) only at the start
        d.drag(t.hand_rect(0, 0).center, near((0, -1), "N"))
        assert log(d) == ["play 0 at 0,-1 from N"]
    finally:
        d.close()


def test_dropping_elsewhere_is_refused_and_snaps_back():
    d = bb_driver()
    try:
        t = d.top
        d.drag(t.hand_rect(0, 0).center, cell_rect((5, 5)).center)
        assert log(d) == []
        assert "socket" in t.toast and t.drag.snapbacks
    finally:
        d.close()


def test_click_a_pile_to_draw_and_drawn_tiles_wait_a_turn():
    d = bb_driver()
    try:
        t = d.top
        index = [k for k, _, _ in t.pile_entries()].index("annihilate")
        d.click(t.pile_rect(index).center)
        assert log(d) == ["draw annihilate"]
        hand_index = t.hand_kinds(0).index("annihilate")
        d.click(t.hand_rect(0, hand_index).center)
        assert "drew that tile this turn" in t.toast
    finally:
        d.close()


def test_action_tile_target_step_glows_and_is_picked_by_click():
    d = bb_driver(["play 0 at 1,-1 from N", "draw annihilate", "play 0 at 1,2 from S", "play 0 at 1,3 from S"])
    try:
        t = d.top
        d.drag(t.hand_rect(0, t.hand_kinds(0).index("annihilate")).center, near((0, -1), "E"))
        assert log(d)[-1] == "play annihilate at 0,-1 from E"
        assert t.moves().targets == {(1, 3)}
        assert "Annihilate" in t.prompt()
        d.click(cell_rect((1, 3)).center)
        assert log(d)[-1] == "target 1,3"
    finally:
        d.close()


def test_rearrange_a_leaf_and_end_the_turn_with_the_keyboard():
    d = bb_driver(["play 0 at 1,-1 from N", "play 0 at 1,-2 from N", "end"])
    try:
        t = d.top
        assert t.session.current_player == 0
        d.drag(cell_rect((1, -2)).center, near((-1, 0), "E"))
        assert log(d)[-1] == "rearrange 1,-2 to -1,0 from E"
        d.frames(30)
        end_the_turn(d)
        assert log(d)[-1] == "end" and t.session.current_player == 1
        assert t.viewer == 1 or d.until(lambda: t.viewer == 1, timeout=3), "open game: seats swap without hand-off"
    finally:
        d.close()


def test_a_long_hand_closes_up_instead_of_running_under_the_panels():
    from itertools import pairwise

    from game.scenes.breaker_blocks_table import PILE_X
    d = bb_driver()
    try:
        d.frames(2)
        table = d.top
        table.view["hands"][1] = {"1": 6, "2": 6}
        rects = [table.hand_rect(1, i) for i in range(12)]
        assert rects[-1].right <= PILE_X
        assert all(b.x > a.x for a, b in pairwise(rects))
        table.view["hands"][1] = {"1": 2}
        assert table.hand_rect(1, 1).x - table.hand_rect(1, 0).x == 52  # short hands keep their spacing
    finally:
        d.close()


def test_a_computer_players_action_step_is_described_not_addressed_to_you():
    session = GameSession("breaker_blocks", ["ai:easy", "human"], seed=1, options={"first_player": 0})
    for a in ["play 0 at 1,-1 from N", "draw annihilate", "play 0 at 1,2 from S", "play 0 at 1,3 from S"]:
        session.apply(a, session.current_player)
    d = Driver(lambda app: BreakerBlocksTable(app, session), autosave=False)
    try:
        t = d.top
        t.paused = True  # hold the computer mid-step
        before = session.view(1)
        session.apply("play annihilate at 0,-1 from E", 0)
        t.refresh()
        assert t.prompt() == "Seat 1 (AI) is carrying out Annihilate."
        lines = t.narrate(0, "play annihilate at 0,-1 from E", before, session.view(1))
        assert not any("pick a leaf" in line for line in lines), lines
    finally:
        d.close()


def test_a_hint_to_play_a_power_0_tile_explains_its_sockets_not_zero_power():
    d = bb_driver()
    try:
        t = d.top
        assert "sockets" in t.hint_reason("play 0 at 0,-1 from N")
        assert t.hint_reason("play 2 at 0,-1 from N") == "It adds 2 power where it counts."
    finally:
        d.close()


def test_in_pass_and_play_the_next_seat_can_play_after_the_first_ends_its_turn():
    d = bb_driver()
    try:
        t = d.top
        play_a_tile_and_end_the_turn(d)
        assert d.until(lambda: t.viewer == 1, timeout=5)
        d.frames(10)
        assert t.moves().draws and t.moves().end  # seat 2 is offered its moves, not seat 1's (none)
        before = len(log(d))
        d.click(t.pile_rect(1).center)
        assert len(log(d)) == before + 1 and log(d)[-1].startswith("draw")
    finally:
        d.close()


def test_a_hint_to_target_your_own_leaf_does_not_say_it_hurts_you():
    # E6: ATTENUATE's first step targets one of your own leaves
    d = bb_driver(["play 0 at 1,-1 from N", "draw attenuate", "draw 1", "draw 2", "play attenuate at 2,-1 from N"])
    try:
        t = d.top
        assert t.session.legal_texts() == ["target 1,-1"]
        assert t.hint_reason("target 1,-1") == "Of your own leaves, this one costs you least."
    finally:
        d.close()


def test_the_side_picked_with_r_is_shown_on_the_focused_socket():
    import random as rnd

    from game.scenes.breaker_blocks_board import group_moves
    rng = rnd.Random(0)
    session = GameSession("breaker_blocks", ["human", "human"], seed=1, options={"first_player": 0})
    found = None
    while found is None:
        if session.current_player == 0:
            plays = group_moves(session.legal_texts()).plays
            found = next(((kind, cell) for kind, cells in plays.items() for cell, sides in cells.items()
                          if len(sides) > 1), None)
            if found:
                break
        legal = session.legal_texts()
        session.apply(rng.choice([x for x in legal if x.startswith(("play", "draw"))] or legal),
                      session.current_player)
    kind, cell = found
    d = Driver(lambda app: BreakerBlocksTable(app, session), autosave=False)
    try:
        t = d.top
        d.frames(3)
        t.focus.visible = True
        tile = t.hand_rect(0, t.hand_kinds(0).index(kind))
        t.focus.index = next(k for k, f in enumerate(t.focus.items) if f.rect_of() == tile)
        d.key(pygame.K_RETURN)
        t.focus.index = next(k for k, f in enumerate(t.focus.items) if f.rect_of() == cell_rect(cell))
        area = cell_rect(cell).inflate(30, 30)

        def shot() -> bytes:
            t.pulse = 0
            d.frames(1)
            return pygame.image.tobytes(d.app.display.canvas.subsurface(area), "RGB")
        before = shot()
        d.key(pygame.K_r, frames=1)
        assert shot() != before, "R moves the marked side"
    finally:
        d.close()


def test_a_drawn_tile_flies_from_its_pile_to_its_place_in_the_hand():
    d = bb_driver()
    try:
        t = d.top
        index = next(i for i, (k, _, w) in enumerate(t.pile_entries()) if k == "2" and w == "colour")
        pile = t.pile_rect(index)
        assert t.perform("draw 2", 0)
        (_img, tween), = t.flights
        slot = t.hand_kinds(0).index("2")
        assert tween.start == pile.topleft and tween.end == t.hand_rect(0, slot).topleft
        assert tween.payload["hand"] == (0, slot), "the hand leaves the new tile's slot empty until it lands"
        d.frames(40)
        assert not t.flights
    finally:
        d.close()


def test_a_targeted_leaf_goes_back_to_its_pile_or_fades_out_of_the_game():
    annihilate = ["play 0 at 1,-1 from N", "draw annihilate", "play 0 at 1,2 from S", "play 0 at 1,3 from S",
                  "play annihilate at 0,-1 from E"]
    d = bb_driver(annihilate)
    try:
        t = d.top
        assert t.perform("target 1,3", 0)
        (_img, tween), = t.flights
        assert tween.start == cell_rect((1, 3)).topleft and tween.payload.get("fade"), "Annihilate: gone for good"
        assert t.log_lines[-1][1] == "Seat 1 removed the power 0 tile of Seat 2 at 1,3 from the game."
    finally:
        d.close()
    attenuate = ["play 0 at 1,-1 from N", "draw attenuate", "draw 1", "draw 2", "play attenuate at 2,-1 from N"]
    d = bb_driver(attenuate)
    try:
        t = d.top
        assert t.perform("target 1,-1", 0)
        (_img, tween), = t.flights
        index = next(i for i, (k, _, w) in enumerate(t.pile_entries()) if k == "0" and w == "colour")
        assert tween.start == cell_rect((1, -1)).topleft and tween.end == t.pile_rect(index).topleft
        assert not tween.payload.get("fade"), "Attenuate: back to its owner's pile"
        assert t.log_lines[-2][1] == "Seat 1 sent power 0 at 1,-1 back to its pile."  # then Seat 2's half skipped
    finally:
        d.close()



def test_aggravate_on_a_hand_of_one_tile_does_not_say_the_rest_went_back():
    """Keeping the only tile of a hand read 'Seat 1 kept only power 0; the rest of that hand
    went back to the piles.', though nothing went back."""
    d = bb_driver(["play 0 at 1,-1 from N", "draw aggravate", "draw 3", "draw 2",
                   "play aggravate at 1,-2 from N"])  # seat 1's hand: its other 0 alone
    try:
        t = d.top
        assert t.view["hands"][0] == {"0": 1}
        assert t.perform("keep 0", 0)
        assert t.log_lines[-1][1] == "Seat 1 kept power 0, the only tile in that hand."
    finally:
        d.close()
    with bb_in("de", ["play 0 at 1,-1 from N", "draw aggravate", "draw 3", "draw 2",
                      "play aggravate at 1,-2 from N"]) as d:
        assert d.top.perform("keep 0", 0)
        assert d.top.log_lines[-1][1] == "Spieler 1 hat Leistung 0 behalten, das einzige Plättchen dieser Hand."


def test_aggravate_sends_each_given_up_tile_flying_from_its_hand_slot_to_its_pile():
    d = bb_driver(["play 0 at 1,-1 from N", "draw aggravate", "draw 3", "draw 2", "draw 2",
                   "play aggravate at 1,-2 from N"])  # rules example E14
    try:
        t = d.top
        before = t.view
        entries = t.pile_entries()
        assert t.perform("keep 2", 0)  # seat 1 gives up its 0
        assert t.log_lines[-1][1] == "Seat 1 kept only power 2; the rest of that hand went back to the piles."
        (_img, tween), = t.flights
        zero = next(i for i, (k, _, w) in enumerate(entries) if k == "0" and w == "colour")
        assert tween.start == t.hand_rect(0, t.hand_kinds(0, before).index("0"), before).topleft
        assert tween.end == t.pile_rect(zero).topleft
        d.frames(40)
        before = t.view
        assert t.perform("keep 0", 0)  # seat 2 keeps one 0: its other 0, its 2 and its 3 go back
        assert t.log_lines[-1][1] == \
            "Seat 1 left Seat 2 only power 0; the rest of that hand went back to the piles."  # not "the opponent"
        assert len(t.flights) == 3
        kinds = t.hand_kinds(1, before)
        starts = sorted(tween.start for _, tween in t.flights)
        assert starts == sorted(t.hand_rect(1, i, before).topleft for i in (1, kinds.index("2"), kinds.index("3")))
        d.frames(60)
        assert not t.flights
    finally:
        d.close()

def test_a_computer_play_flies_from_that_tiles_slot_and_your_own_drop_is_not_replayed():
    session = GameSession("breaker_blocks", ["human", "ai:easy"], seed=1, options={"first_player": 0})
    for a in ["draw 2", "draw 3", "draw 1", "draw 3", "end"]:
        session.apply(a, session.current_player)
    d = Driver(lambda app: BreakerBlocksTable(app, session), autosave=False)
    try:
        t = d.top
        t.cancel_ai()
        before = t.view
        assert t.hand_kinds(1) == ["0", "0", "1", "3"]
        assert t.perform("play 3 at 0,2 from S", 1)
        (_img, tween), = t.flights
        assert tween.start == t.hand_rect(1, 3, before).topleft, "from the 3's own slot, not the first one"
    finally:
        d.close()
    d = bb_driver()
    try:
        assert d.top.perform("play 0 at 0,-1 from N", 0)
        assert not d.top.flights, "a person's own tile is already where they put it"
    finally:
        d.close()


def test_drawing_twice_quickly_lands_the_first_tile_before_the_second_flies():
    d = bb_driver()
    try:
        t = d.top
        d.click(t.pile_rect(3).center)     # power 3
        d.click(t.pile_rect(1).center)     # power 1, while the 3 is still in the air
        assert log(d) == ["draw 3", "draw 1"]
        (_img, tween), = t.flights
        kinds = t.hand_kinds(0)
        assert tween.payload["hand"] == (0, kinds.index("1")) and tween.end == t.hand_rect(0, kinds.index("1")).topleft
    finally:
        d.close()


def test_whose_tile_it_is_shows_in_its_shape_not_only_its_colour():
    from game.ui.breaker_blocks_tiles import tile_image
    pygame.font.init()

    def dark(kind: str, owner: int) -> set[tuple[int, int]]:
        img = tile_image(kind, owner, "S", [], 34)
        return {(x, y) for x in range(img.get_width()) for y in range(img.get_height())
                if img.get_at((x, y)).a > 200 and sum(img.get_at((x, y))[:3]) < 150}

    for kind in ("2", "annihilate"):
        assert dark(kind, 0) != dark(kind, 1), kind


def test_a_tiles_socket_notches_follow_the_table_colour_into_high_contrast():
    from game.ui import theme
    from game.ui.breaker_blocks_tiles import tile_image
    pygame.font.init()

    def notch_colour() -> tuple[int, int, int]:
        img = tile_image("2", 0, None, ["N"], 34)
        pad = 34 // 5
        return tuple(img.get_at((pad + 17, pad + 2))[:3])

    assert notch_colour() == theme.TABLE_DARK
    try:
        theme.apply_settings(True, 1.0)
        assert notch_colour() == theme.TABLE_DARK == (0, 0, 0), "not the cached normal-palette tile"
    finally:
        theme.apply_settings(False, 1.0)


def test_a_tile_that_can_be_targeted_wears_a_reticle_not_only_a_red_ring():
    d = bb_driver(["play 0 at 1,-1 from N", "draw annihilate", "play 0 at 1,2 from S", "play 0 at 1,3 from S",
                   "play annihilate at 0,-1 from E"])
    try:
        d.frames(2)
        r = cell_rect((1, 3)).inflate(8, 8)
        canvas = d.app.display.canvas
        corners = [(r.left + 4, r.top), (r.right - 5, r.top), (r.left + 4, r.bottom - 1), (r.right - 5, r.bottom - 1)]
        assert all(canvas.get_at(p)[:3] == (255, 255, 255) for p in corners)
        plain = cell_rect((1, 2)).inflate(8, 8)  # not a target
        assert canvas.get_at((plain.left + 4, plain.top))[:3] != (255, 255, 255)
    finally:
        d.close()


def test_a_hint_names_tiles_as_the_prompts_do_and_says_what_an_action_does():
    d = bb_driver()
    try:
        t = d.top
        assert t.hint_move("draw 2") == "Draw power 2."
        assert t.hint_move("play attenuate at 0,-1 from N") == "Play Attenuate at 0,-1."
        assert "leaves" in t.hint_reason("play attenuate at 0,-1 from N")
        reasons = {t.hint_reason(f"play {k} at 0,-1 from N") for k in ("accelerate", "annihilate", "agitate",
                                                                          "authenticate", "automate", "attenuate",
                                                                          "aggravate")}
        assert len(reasons) == 7, "each action tile has its own reason, not the filler"
    finally:
        d.close()


def test_every_tile_of_a_long_hand_can_be_reached_and_played_by_keyboard():
    turns = ["draw 1", "draw 2", "draw 1", "draw 2", "draw 3", "draw 1", "draw 3", "draw 1",
             "draw 2", "draw 3", "draw 2", "draw 3", "draw annihilate", "draw 2", "draw 1", "draw 2"]  # 2 a turn
    d = bb_driver(turns)
    try:
        t = d.top
        kinds = t.hand_kinds(0)
        assert len(kinds) == 10 and kinds[-1] == "annihilate"
        stops = {tuple(item.rect_of()): item for item in t.focus.items if item.enabled()}
        last = stops.get(tuple(t.hand_rect(0, 9)))
        assert last is not None, "the tenth tile has no keyboard stop"
        last.activate()
        assert t.selected == ("hand", "annihilate")
        theirs = [item for item in t.focus.items if item.enabled() and item.rect_of().y == t.hand_rect(1, 0).y]
        assert not theirs, "the opponent's hand is no stop while nothing asks you to pick from it"
    finally:
        d.close()


def test_ending_a_turn_early_asks_first_because_unused_actions_are_lost():
    from game.scenes.confirm import ConfirmScene
    d = bb_driver()
    try:
        t = d.top
        d.key(pygame.K_n)
        assert isinstance(d.top, ConfirmScene)
        assert d.top.text == "You have not used either action this turn: ending now gives both up."
        d.key(pygame.K_ESCAPE)
        assert d.top is t and log(d) == [] and t.my_turn()
        d.drag(t.hand_rect(0, 0).center, near((0, -1), "N"))
        d.frames(30)
        d.click(t.end_button.rect.center)
        assert d.top.text == "You still have an action left: ending now gives it up."
        d.click(d.top.yes_button.rect.center)
        assert log(d)[-1] == "end" and t.session.current_player == 1
    finally:
        d.close()


def test_the_end_of_the_game_names_the_seats_as_the_table_does():
    d = you_against_the_computer()
    try:
        t = d.top
        out_of_power = {"code": "final_turn", "text": "", "loser": None}
        assert t.end_text(out_of_power, 1) == "You ran out of power tiles, so Seat 2 (AI) had one final turn."
        assert t.end_text(out_of_power, 0) == "Seat 2 (AI) ran out of power tiles, so you had one final turn."
        sealed = {"code": "sealed", "text": ""}
        assert t.end_text({**sealed, "loser": 0}, None) == "You began a turn with no socket to play into, and lose."
        assert t.end_text({**sealed, "loser": 1}, None) == \
            "Seat 2 (AI) began a turn with no socket to play into, and loses."
    finally:
        d.close()


def test_a_drop_on_a_cell_without_a_socket_says_why():
    d = bb_driver(["play 0 at 1,-1 from N", "end", "play 0 at 1,2 from S", "end"])
    try:
        t = d.top
        d.drag(t.hand_rect(0, 0).center, cell_rect((1, -1)).center)   # your own tile is there
        assert log(d)[-1] == "end" and t.toast == "1,-1 already holds a tile."
        d.drag(t.hand_rect(0, 0).center, cell_rect((0, 0)).center)    # the core
        assert t.toast.startswith("0,0 is part of the core")
        d.drag(t.hand_rect(0, 0).center, near((5, 5), "S"))            # an empty cell far away
        assert t.toast == "Drop it on a glowing socket."
    finally:
        d.close()


def test_when_the_computer_aggravates_the_log_says_what_it_left_you():
    d = you_against_the_computer()
    try:
        t = d.top
        second_step = {"pending": {"tile": "aggravate", "number": 2}}
        assert t.narrate(1, "keep 0", second_step, {}) == \
            ["Seat 2 (AI) left you only power 0; the rest of your hand went back to the piles."]
        assert t.narrate(0, "keep 3", second_step, {}) == \
            ["You left Seat 2 (AI) only power 3; the rest of that hand went back to the piles."]
    finally:
        d.close()


def test_each_players_inputs_on_the_core_wear_that_players_shape(monkeypatch):
    from game.scenes import breaker_blocks_table as scene_module
    shapes = {}
    real = scene_module.draw.marker
    monkeypatch.setattr(scene_module.draw, "marker", lambda surface, shape, centre, r, colour, **k: (
        shapes.setdefault(tuple(map(int, centre)), shape), real(surface, shape, centre, r, colour, **k)))
    d = bb_driver([])
    try:
        d.frames(1)
        south = side_point(cell_rect((1, 0)), "S")  # a seat 1 input
        north = side_point(cell_rect((1, 1)), "N")  # a seat 2 input
        assert shapes.get(tuple(south)) == "circle" and shapes.get(tuple(north)) == "triangle", shapes
    finally:
        d.close()


# while an action tile resolves, its step comes first: a tile from the hand waits for it
ACTION_STEPS = {
    "Accelerate": ["draw accelerate", "draw annihilate", "end", "play accelerate at 1,-1 from N"],
    "Annihilate": ["play 0 at 1,-1 from N", "draw annihilate", "play 0 at 1,2 from S", "play 0 at 1,3 from S",
                   "play annihilate at 0,-1 from E"],
    "Agitate": ["play 0 at 1,-1 from N", "draw agitate", "play 0 at 1,2 from S", "play 0 at 1,3 from S",
                "play agitate at 1,-2 from N"],
    "Automate": ["play 0 at 1,-1 from N", "draw automate", "play 0 at 1,2 from S", "end",
                 "play automate at 1,-2 from N"],
    "Attenuate": ["play 0 at 1,-1 from N", "draw attenuate", "draw 1", "draw 2", "play attenuate at 2,-1 from N"],
    # the second step: the opponent's hand keeps one tile, so your own is not a choice
    "Aggravate": ["play 0 at 1,-1 from N", "draw aggravate", "draw 3", "draw 2", "draw 2",
                  "play aggravate at 1,-2 from N", "keep 2"],
}


@pytest.mark.parametrize("tile", sorted(ACTION_STEPS))
def test_a_hand_tile_clicked_during_an_action_step_is_refused_with_that_step(tile):
    d = bb_driver(ACTION_STEPS[tile])
    try:
        t = d.top
        pending = t.view["pending"]
        assert pending and pending["tile"].capitalize() == tile and t.my_turn()
        d.click(t.hand_rect(0, 0).center)
        step = pending["prompt"].split(": ", 1)[1]
        assert t.toast == f"First finish the {tile}: {step}", t.toast
    finally:
        d.close()


def test_the_end_of_the_game_is_told_without_a_players_mark():
    # E11: you run out of power tiles, so the computer has the final turn; its last move ends the game
    session = GameSession("breaker_blocks", ["human", "ai:easy"], seed=1,
                          options={"setup": {"first_player": 0, "power_counts": {"0": 2, "1": 1, "2": 0, "3": 0}}})
    for a in ["play 0 at 1,-1 from N", "play 0 at 1,-2 from N", "end", "draw 1", "end", "end",
              "play 1 at 1,-3 from N", "end", "draw 1"]:
        session.apply(a, session.current_player)
    d = Driver(lambda app: BreakerBlocksTable(app, session), autosave=False)
    try:
        t = d.top
        t.paused = True
        assert t.perform("play 0 at 1,2 from S", 1) and session.is_over()
        assert t.log_lines[-2:] == [(1, "Seat 2 (AI) played power 0 at 1,2, into circuit II."),
                                    (None, "You ran out of power tiles, so Seat 2 (AI) had one final turn.")]
        t.rebuild_log()  # a loaded game tells it the same way
        assert t.log_lines[-1][0] is None
    finally:
        d.close()


def test_the_turn_limit_line_is_nobodys_and_counts_one_turn_in_the_singular():
    session = GameSession("breaker_blocks", ["human", "ai:easy"], seed=1, options={"first_player": 0, "turn_cap": 1})
    session.apply("play 0 at 1,-1 from N", 0)
    session.apply("end", 0)
    d = Driver(lambda app: BreakerBlocksTable(app, session), autosave=False)
    try:
        t = d.top
        t.paused = True
        assert t.perform("end", 1) and session.is_over()
        assert t.log_lines[-1] == (None, "The turn limit was reached: each player has had 1 turn.")
    finally:
        d.close()


def test_a_refusal_from_the_rules_ends_with_a_full_stop():
    d = bb_driver(["draw annihilate", "end", "end"])
    try:
        t = d.top
        index = [k for k, _, _ in t.pile_entries()].index("annihilate")
        d.click(t.pile_rect(index).center)
        assert t.toast == "You already hold an Annihilate: a hand holds at most one of each action type."
    finally:
        d.close()


def pile_caption(d: Driver) -> str:
    return next(text for text, _, _ in d.labels() if "action pile" in text or "Aktionsstapel" in text)


def test_the_piles_ask_for_a_click_only_while_you_can_draw():
    from game.scenes.replay import ReplayScene
    session = GameSession("breaker_blocks", ["human", "ai:easy"], seed=1, options={"first_player": 0, "turn_cap": 1})
    d = Driver(lambda app: BreakerBlocksTable(app, session), autosave=False)
    try:
        t = d.top
        t.paused = True  # the computer's turn stays on show
        assert pile_caption(d) == "Your colour pile and the action pile (click to draw)"
        t.perform("end", 0)
        assert pile_caption(d) == "Seat 2 (AI)'s colour pile and the action pile", "the computer's turn"
        t.perform("end", 1)
        assert session.is_over()
        t.results_shown = True  # the table itself, not the results over it
        assert pile_caption(d) == "Your colour pile and the action pile", "after the game"
    finally:
        d.close()
    session = one_turn_each_finished()
    d = Driver(lambda app: ReplayScene(app, session.to_record()), autosave=False)
    try:
        d.key(pygame.K_HOME)
        replay = d.top
        assert replay.table.session.current_player == 0 and replay.table.my_turn()
        assert pile_caption(d) == "Your colour pile and the action pile", "a replay is on show only"
        assert not replay.table.moves().draws
    finally:
        d.close()


def test_while_automate_asks_the_piles_say_a_click_picks_the_tile_to_place():
    d = bb_driver(ACTION_STEPS["Automate"])
    try:
        assert pile_caption(d) == "Seat 1's colour pile and the action pile (click a tile to place it)"
    finally:
        d.close()


def results_texts(d: Driver) -> list[str]:
    from game.scenes.results import ResultsScene
    assert d.until(lambda: isinstance(d.top, ResultsScene), timeout=5)
    d.frames(40)
    return [text for text, _, _ in d.labels()]


def test_the_results_count_circuits_not_points():
    session = GameSession("breaker_blocks", ["human", "human"], seed=1, options={"first_player": 0})
    # E9: the second AUTHENTICATE ends the game with seat 1 controlling circuit II
    for a in ["draw 3", "draw authenticate", "draw authenticate", "draw 1", "play 3 at 1,-1 from N",
              "play authenticate at 0,-1 from N", "play authenticate at 1,2 from S"]:
        session.apply(a, session.current_player)
    assert session.state.scores() == [1, 0]
    d = Driver(lambda app: BreakerBlocksTable(app, session), autosave=False)
    try:
        texts = results_texts(d)
        assert "1 circuit" in texts and "0 circuits" in texts
        assert not any("point" in text for text in texts), texts
    finally:
        d.close()


def test_in_german_the_results_count_circuits_and_nobody_controls_in_the_dative():
    from game import i18n, storage
    storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"language": "de"})
    session = GameSession("breaker_blocks", ["human", "human"], seed=1, options={"first_player": 0, "turn_cap": 1})
    for a in ["play 0 at 1,-1 from N", "end", "end"]:
        session.apply(a, session.current_player)
    d = Driver(lambda app: BreakerBlocksTable(app, session), autosave=False)
    try:
        texts = results_texts(d)
        assert texts.count("0 Kreise") == 2 and not any("Punkt" in text for text in texts), texts
        assert "Kreis II: Spieler 1 0, Spieler 2 0, kontrolliert von niemandem (gleiche Leistung)" in texts
        assert "Die Zuggrenze ist erreicht: Jeder Spieler hatte 1 Zug." in texts
    finally:
        d.close()
        i18n.load_language("en")


def test_other_games_results_still_count_points():
    from game.scenes.breaks_table import BreaksTable
    session = GameSession("breaks", ["human", "human"], seed=1)
    d = Driver(lambda app: BreaksTable(app, session), autosave=False)
    try:
        assert d.top.score_text(1) == "1 point" and d.top.score_text(3) == "3 points"
    finally:
        d.close()


def test_a_refusal_covers_nothing_in_play_even_in_german_at_double_size():
    from game.i18n import load_language
    from game.scenes.breaker_blocks_board import BOARD
    from game.scenes.breaker_blocks_table import PILE_X
    from game.scenes.table_base import LOG_HEADING, LOG_RECT
    from game.ui import theme
    d = bb_driver()
    try:
        t = d.top
        d.frames(1)
        # the board, the circuits and turn counters, the piles and their caption, the prompt,
        # End turn and the log with its heading
        needed = [BOARD, pygame.Rect(PILE_X, 40, 450, 600), t.end_button.rect, LOG_RECT, LOG_HEADING]
        refusals = ["That pile is empty.", t.undo_limit, "There is no socket for that tile now."]
        for language, scale in (("en", 1.0), ("de", 1.0), ("de", 2.0)):
            load_language(language)
            theme.apply_settings(False, scale)
            for text in [*refusals, t.rival_socket_problem((0, 2))]:  # the longest, in the language
                t.refuse(text)
                box = d.toast_box(t)
                assert pygame.Rect(0, 0, 1280, 720).contains(box)
                assert box.collidelist(needed) < 0, (language, scale, text, box)
    finally:
        load_language("en")
        theme.apply_settings(False, 1.0)
        d.close()


def focus_on(t, rect) -> None:
    t.focus.visible = True
    t.focus.index = next(k for k, f in enumerate(t.focus.items) if f.rect_of() == rect and f.enabled())


def test_enter_on_your_own_leaf_while_holding_a_hand_tile_refuses_and_keeps_the_tile():
    d = bb_driver(["play 0 at 1,-1 from N", "end", "end"])
    try:
        t = d.top
        d.frames(3)
        focus_on(t, t.hand_rect(0, 0))
        d.key(pygame.K_RETURN)
        assert t.selected == ("hand", "0")
        assert t.prompt().startswith("Playing power 0: put it on a glowing socket (click, drag or Enter).")
        focus_on(t, cell_rect((1, -1)))
        d.key(pygame.K_RETURN)
        assert t.selected == ("hand", "0"), "the hand tile is still the one being placed"
        assert t.toast == ("1,-1 already holds one of your tiles. To move that one instead, first put power 0 back "
                           "(Esc, or click it in your hand).")
        assert t.prompt().startswith("Playing power 0:")
        d.key(pygame.K_ESCAPE)
        d.key(pygame.K_RETURN)  # with nothing held, Enter on the leaf picks it up to move it
        assert t.selected == ("leaf", (1, -1))
        assert t.prompt().startswith("Moving the tile at 1,-1: put it on a glowing socket (click, drag or Enter).")
    finally:
        d.close()


@pytest.mark.parametrize("lang, dot, jargon", [("en", "big dot", ("tab", "marked")),
                                               ("de", "großen Punkt", ("Nase", "markierte"))])
def test_a_picked_tile_says_in_plain_words_where_it_joins(lang, dot, jargon):
    """'(click, drag or Enter; the tab takes the marked side, R picks another)': a new player
    knows neither what a tab is nor which side is marked. Each prompt to put a tile in says it
    joins at the big dot drawn on the socket (the side nearest the pointer, or R's), in three lines."""
    from game.ui import theme
    with bb_in(lang, ["play 0 at 1,-1 from N", "end", "end"]) as d:
        t = d.top
        d.frames(3)
        said = []
        d.click(t.hand_rect(0, 0).center)  # a hand tile picked up
        said.append(t.prompt())
        d.key(pygame.K_ESCAPE)
        d.click(cell_rect((1, -1)).center)  # a leaf picked up to move it
        said.append(t.prompt())
        d.key(pygame.K_ESCAPE)
        d.hold(t.hand_rect(0, 0).center, near((2, -1), "W"))  # a tile dragged
        said.append(t.prompt())
        d.release(near((2, -1), "W"))
        for text in said:
            assert dot in text and not any(word in text for word in jargon), text
            assert len(theme.wrap(text, 16, 440)) <= 3, text  # the prompt shows three lines


def test_while_dragging_over_a_socket_the_tile_shows_where_its_tab_goes():
    from game.ui import theme
    d = bb_driver(["play 0 at 1,-1 from N", "end", "end"])
    try:
        t = d.top
        d.frames(3)
        # 2,-1 takes a tab from N (input 1d, circuit III) or from W (the 0 at 1,-1, circuit II)
        assert sorted(t.moves().plays["0"][(2, -1)]) == ["N", "W"]

        def marked(side: str) -> bool:
            d.frames(1)
            colour = d.app.display.canvas.get_at(side_point(cell_rect((2, -1)), side))[:3]
            return tuple(colour) == tuple(theme.GLOW_ALT)[:3]
        d.hold(t.hand_rect(0, 0).center, near((2, -1), "W"))
        assert t.drag_landing() == ((2, -1), "W")
        assert marked("W") and not marked("N"), "the side the tab takes is marked over the dragged tile"
        assert "big dot" in t.prompt()
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=near((2, -1), "N"), rel=(0, 0),
                                             buttons=(1, 0, 0)))
        d.frames(1)
        assert t.drag_landing() == ((2, -1), "N")
        assert marked("N") and not marked("W"), "the mark follows the pointer"
        d.release(near((2, -1), "N"))
        assert log(d)[-1] == "play 0 at 2,-1 from N"
        assert t.drag_landing() is None
    finally:
        d.close()


def test_the_focus_ring_on_a_hand_tile_clears_its_hand_label_and_the_board_numbers():
    """Tab onto the first hand tile: the ring's black edge (8 px out) left 'Your hand' half
    covered. The label sits above the ring, below the board's column numbers."""
    from game.ui import theme
    d = bb_driver()
    try:
        t = d.top
        d.key(pygame.K_TAB)
        theme.recording = []
        d.frames(1)
        texts = [(text, r) for text, r, _ in theme.recording]
        for seat in (0, 1):
            ring = t.hand_rect(seat, 0).inflate(16, 16)  # the focus ring's outer black edge
            label = next(r for text, r in texts if "hand" in text and r.x < ring.right
                         and r.bottom <= ring.bottom and abs(r.bottom - ring.top) < 30)
            assert label.bottom <= ring.top, (seat, label, ring)
        label = next(r for text, r in texts if "hand" in text and r.y > 300)  # the lower hand
        numbers = [r for text, r in texts if text.lstrip("-").isdigit() and r.y > t.hand_rect(0, 0).y - 60
                   and r.bottom <= t.hand_rect(0, 0).y]
        assert numbers and all(not label.colliderect(r) for r in numbers), (label, numbers)
    finally:
        theme.recording = None
        d.close()


def test_an_empty_pile_entry_is_no_focus_stop():
    d = bb_driver()
    try:
        t = d.top
        entries = t.pile_entries()
        empty = [i for i, (_, count, _) in enumerate(entries) if count == 0]
        assert empty, "the test wants an empty pile (power 0 starts at x0)"
        rings = set()
        for _ in range(len(t.focus.items) + 5):
            d.key(pygame.K_TAB, frames=1)
            rings.add(tuple(t.focus.current.rect_of()))
        piles = {tuple(t.pile_rect(i)) for i in range(len(entries))}
        assert not {tuple(t.pile_rect(i)) for i in empty} & rings, "Tab passes an empty pile by"
        assert piles - {tuple(t.pile_rect(i)) for i in empty} <= rings, "the other piles are stops"
        below = next(i for i in range(len(entries)) if i not in empty and t.pile_rect(i).x == t.pile_rect(empty[0]).x)
        t.focus.index = next(k for k, item in enumerate(t.focus.items) if item.rect_of() == t.pile_rect(below))
        t.focus.visible = True
        d.key(pygame.K_UP, frames=1)  # nor do the arrows stop on it
        assert t.focus.current.rect_of() != t.pile_rect(empty[0])
    finally:
        d.close()


def test_a_tile_picked_up_with_enter_takes_the_ring_to_its_first_socket_and_enter_plays_it():
    """Enter on a hand tile left the ring on the hand: a keyboard player had to Tab through
    both hands and all eleven piles to reach a socket. Now the ring goes on to the first
    socket (as in the other games), and an action tile's step puts it on the first target."""
    d = bb_driver(["play 0 at 1,-1 from N", "draw annihilate", "play 0 at 1,2 from S", "play 0 at 1,3 from S"])
    try:
        t = d.top
        d.frames(3)
        focus_on(t, t.hand_rect(0, t.hand_kinds(0).index("annihilate")))
        d.key(pygame.K_RETURN)
        assert t.selected == ("hand", "annihilate")
        ring = t.focus.current.rect_of()
        sockets = t.sockets_for(t.selected)
        assert t.focus.visible and ring in [cell_rect(c) for c in sockets], ring
        d.key(pygame.K_RETURN)
        assert log(d)[-1].startswith("play annihilate at ")
        assert (1, 3) in t.moves().targets
        assert t.focus.current.rect_of() == cell_rect((1, 3)), "the ring waits on the first target (top row first)"
        d.key(pygame.K_RETURN)
        assert log(d)[-1] == "target 1,3"
    finally:
        d.close()


@pytest.mark.parametrize("key", [pygame.K_TAB, pygame.K_RETURN])
def test_after_a_click_picks_a_hand_tile_the_first_tab_or_enter_goes_to_its_first_socket(key):
    """A hand tile picked by a click, then Tab (seen at 960 x 540): the ring came up on
    that tile, where Enter put it down, and the sockets were both hands and eleven piles on."""
    d = bb_driver()
    try:
        t = d.top
        d.frames(3)
        d.click(t.hand_rect(0, 0).center)
        assert t.selected == ("hand", "0") and not t.focus.visible
        d.key(key)
        assert t.selected == ("hand", "0"), "the tile is still held"
        sockets = [cell_rect(c) for c in t.sockets_for(t.selected)]
        assert t.focus.visible and t.focus.current.rect_of() in sockets, t.focus.current.rect_of()
        d.key(pygame.K_RETURN)
        assert log(d)[-1].startswith("play 0 at "), log(d)
    finally:
        d.close()

def test_after_an_action_tiles_last_target_by_keys_the_ring_moves_on_from_the_emptied_cell():
    """An Attenuate finished with Enter: the ring stayed on the cell of the leaf sent back,
    empty now and no stop, where Enter did nothing."""
    d = bb_driver(["play 0 at 1,-1 from N", "draw attenuate", "play 0 at 1,2 from S", "play 0 at 1,3 from S"])
    try:
        t = d.top
        d.frames(3)
        assert t.perform("play attenuate at 2,-1 from N", 0)
        d.key(pygame.K_TAB)  # the ring on the step's first choice
        assert t.focus.current.rect_of() == cell_rect((1, -1))
        d.key(pygame.K_RETURN)  # your only leaf
        assert log(d)[-1] == "target 1,-1", log(d)
        assert t.focus.current.rect_of() == cell_rect((1, 3))
        d.key(pygame.K_RETURN)  # seat 2's only leaf; the Attenuate is done
        assert log(d)[-1] == "target 1,3" and t.session.current_player == 0, log(d)
        assert t.focus.visible and t.focus.current.enabled(), t.focus.current.rect_of()
        before = len(log(d))
        d.key(pygame.K_RETURN)
        assert len(log(d)) > before or t.selected is not None, "Enter acts where the ring is"
    finally:
        d.close()

def test_when_you_aggravate_by_keys_the_ring_goes_to_the_hand_that_keeps_a_tile():
    d = bb_driver(["play 0 at 1,-1 from N", "draw aggravate", "draw 3", "draw 2", "draw 2"])
    try:
        t = d.top
        d.frames(3)
        focus_on(t, t.hand_rect(0, t.hand_kinds(0).index("aggravate")))
        d.key(pygame.K_RETURN)
        d.key(pygame.K_RETURN)
        assert log(d)[-1].startswith("play aggravate at ")
        assert t.moves().keeps and t.focus.current.rect_of() == t.hand_rect(0, 0), "your own hand first"
        d.key(pygame.K_RETURN)
        assert log(d)[-1].startswith("keep ")
        assert t.focus.current.rect_of() == t.hand_rect(1, 0), "then the opponent's"
    finally:
        d.close()


def test_a_tile_that_cannot_move_or_be_targeted_says_why_instead_of_nothing():
    """Pressing on your own tile with another plugged into it, on an AUTHENTICATE, or on a
    tile an ANNIHILATE may not hit did nothing at all: no toast, no sound."""
    d = bb_driver(["play 0 at 1,-1 from N", "draw annihilate", "play 0 at 1,2 from S", "play 0 at 1,3 from S",
                   "play 0 at 1,-2 from N", "draw authenticate", "end"])
    try:
        t = d.top
        d.frames(3)
        d.drag(cell_rect((1, -1)).center, near((2, -1), "W"))  # 1,-1 holds the 0 at 1,-2
        assert log(d)[-1] == "end"
        assert t.toast == "The tile at 1,-1 is not a leaf: another tile is plugged into it."
        d.click(cell_rect((1, 2)).center)
        assert t.toast == "The tile at 1,2 is seat 2's: you can only rearrange your own tiles."
        d.drag(t.hand_rect(0, t.hand_kinds(0).index("authenticate")).center, near((0, -1), "N"))
        d.frames(30)
        d.click(cell_rect((0, -1)).center)
        assert t.toast == "Authenticate never moves."
        d.drag(t.hand_rect(0, t.hand_kinds(0).index("annihilate")).center, near((2, -1), "W"))
        assert t.moves().targets
        d.click(cell_rect((1, 2)).center)
        assert log(d)[-1].startswith("play annihilate")
        assert t.toast == "The tile at 1,2 is not a leaf: another tile is plugged into it."
    finally:
        d.close()


def test_an_action_tile_that_can_do_nothing_says_in_the_log_that_it_fizzled():
    """An AGITATE played while the opponent has no tile on the board did nothing, and the
    log only said it was played: the turn went on as if the tile had been forgotten."""
    d = bb_driver(["play 0 at 1,-1 from N", "draw agitate", "end"])
    try:
        t = d.top
        before = t.session.view(0)
        t.session.apply("play agitate at 1,-2 from N", 0)
        after = t.session.view(0)
        assert t.narrate(0, "play agitate at 1,-2 from N", before, after) == \
            ["Seat 1 played Agitate at 1,-2, into circuit II.",
             "Agitate fizzled: it had nothing to act on, and stays on the board."]
    finally:
        d.close()
    d = bb_driver(["play 0 at 1,-1 from N", "draw annihilate", "play 0 at 1,2 from S", "end"])
    try:
        t = d.top
        before = t.session.view(0)
        t.session.apply("play annihilate at 1,-2 from N", 0)
        lines = t.narrate(0, "play annihilate at 1,-2 from N", before, t.session.view(0))
        assert not any("fizzled" in str(line) for line in lines), "it has a target: no fizzle"
    finally:
        d.close()


def test_the_results_name_whose_power_is_whose_in_each_circuit():
    """"Circuit I: 0 to 2" under a list with the winner (seat 2) on top read as seat 2 having
    0: each power now stands beside its player's name, yours first."""
    session = GameSession("breaker_blocks", ["human", "ai:easy"], seed=1, options={"first_player": 0})
    for a in ["draw 3", "draw authenticate", "draw authenticate", "draw 3", "play 3 at 1,-1 from N",
              "play authenticate at 0,-1 from N", "play 3 at 0,2 from S", "play authenticate at 1,2 from S"]:
        session.apply(a, session.current_player)
    assert session.is_over() and session.state.scores() == [1, 1]
    d = Driver(lambda app: BreakerBlocksTable(app, session), autosave=False)
    try:
        lines = d.top.result_lines()
        assert "Circuit I: You 0, Seat 2 (AI) 3, controlled by Seat 2 (AI)" in lines, lines
        assert "Circuit II: You 3, Seat 2 (AI) 0, controlled by you" in lines, lines
        assert "Circuit III: You 0, Seat 2 (AI) 0, controlled by nobody (equal power)" in lines, lines
    finally:
        d.close()


def test_the_log_names_power_tiles_and_marks_the_draws_an_accelerate_gives():
    """"Seat 2 (AI) drew: 3." read as a count, and an ACCELERATE's three draws looked like
    extra actions (or like an accelerate drawing an accelerate, which the rules forbid)."""
    d = bb_driver(["draw accelerate", "draw annihilate", "end"])
    try:
        t = d.top
        t.session.apply("play accelerate at 1,-1 from N", 0)
        before = t.session.view(0)
        t.session.apply("draw 3", 0)
        assert t.narrate(0, "draw 3", before, t.session.view(0)) == ["Seat 1 drew: power 3 (Accelerate)."]
        for kind in ("agitate", "2"):
            t.session.apply(f"draw {kind}", 0)
        before = t.session.view(0)
        t.session.apply("draw 1", 0)
        assert t.narrate(0, "draw 1", before, t.session.view(0)) == ["Seat 1 drew: power 1."], "one of the two actions"
    finally:
        d.close()


def test_an_agitate_played_by_keys_puts_the_ring_on_the_rivals_leaf_then_on_its_sockets():
    d = bb_driver(["play 0 at 1,-1 from N", "draw agitate", "play 0 at 1,2 from S", "play 0 at 1,3 from S"])
    try:
        t = d.top
        d.frames(3)
        focus_on(t, t.hand_rect(0, t.hand_kinds(0).index("agitate")))
        d.key(pygame.K_RETURN)
        d.key(pygame.K_RETURN)
        assert log(d)[-1].startswith("play agitate at ")
        assert t.focus.current.rect_of() == cell_rect((1, 3)), "the ring waits on the leaf Agitate may move"
        d.key(pygame.K_RETURN)
        assert t.selected == ("leaf", (1, 3))
        assert t.focus.current.rect_of() in [cell_rect(c) for c in t.sockets_for(t.selected)]
        d.key(pygame.K_RETURN)
        assert log(d)[-1].startswith("rearrange 1,3 to ")
    finally:
        d.close()


def test_esc_on_a_tile_picked_up_by_keys_puts_the_ring_back_on_that_tile():
    """After Esc the ring stayed on the socket it had jumped to, which was no stop any more:
    Enter there did nothing, and the arrows set off from an empty cell."""
    d = bb_driver(["play 0 at 1,-1 from N", "end", "end"])
    try:
        t = d.top
        d.frames(3)
        focus_on(t, t.hand_rect(0, 0))
        d.key(pygame.K_RETURN)
        assert t.focus.current.rect_of() != t.hand_rect(0, 0), "the ring went on to a socket"
        d.key(pygame.K_ESCAPE)
        assert t.selected is None and t.focus.current.rect_of() == t.hand_rect(0, 0)
        focus_on(t, cell_rect((1, -1)))
        d.key(pygame.K_RETURN)
        assert t.selected == ("leaf", (1, -1))
        d.key(pygame.K_ESCAPE)
        assert t.focus.current.rect_of() == cell_rect((1, -1))
        d.key(pygame.K_RETURN)
        assert t.selected == ("leaf", (1, -1)), "Enter picks it up again"
    finally:
        d.close()


def test_a_held_tile_over_a_socket_shows_which_circuit_it_would_join_and_what_it_adds():
    """2,-1 takes a tab from N (circuit III) or from W (circuit II): only the tile's turn
    on the board told them apart, and nothing said which circuit gains the power."""
    from game.ui import theme
    d = bb_driver(["play 0 at 1,-1 from N", "draw 3", "end"])
    try:
        t = d.top
        d.frames(3)

        def framed(column: int) -> bool:
            t.pulse = 0
            d.frames(1)
            colour = d.app.display.canvas.get_at((500 + 14 + column * 144 - 8, 44 + 80))[:3]
            return tuple(colour) == tuple(theme.GLOW_ALT)[:3]
        assert not framed(1) and not framed(2)
        hand = t.hand_rect(0, t.hand_kinds(0).index("3")).center
        d.hold(hand, near((2, -1), "W"))
        assert t.landing_preview() == ("II", 0, 3, None)
        assert framed(1) and not framed(2)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=near((2, -1), "N"), rel=(0, 0),
                                             buttons=(1, 0, 0)))
        d.frames(1)
        assert t.landing_preview() == ("III", 0, 3, None)
        assert framed(2) and not framed(1)
        d.release(near((2, -1), "N"))
        assert not framed(2), "nothing held: no frame"
        # a leaf moved to another circuit: it adds there and leaves the old one
        assert t.preview_change(("I", 0, 3, "III"), "I", 0) == 3
        assert t.preview_change(("I", 0, 3, "III"), "III", 0) == -3
        assert t.preview_change(("I", 0, 3, "III"), "I", 1) == 0
    finally:
        d.close()


def test_a_moved_tile_is_named_in_the_log_and_an_agitate_says_whose_it_moved():
    """"You moved the tile at 6,1 to 0,2." did not say which tile, nor that an AGITATE had
    moved the opponent's tile rather than one of yours. "You moved Seat 2 (AI)'s power 0 ..."
    stumbled over the name: the tile comes first, then whose it is and the circuit it went to."""
    d = you_against_the_computer()
    try:
        t = d.top
        s = t.session
        for a in ["play 0 at 1,-1 from N", "play 0 at 1,-2 from N"]:
            s.apply(a, 0)
        for a in ["play 0 at 1,2 from S", "play 0 at 1,3 from S"]:
            s.apply(a, 1)
        before = s.view(0)
        s.apply("rearrange 1,-2 to -1,0 from E", 0)
        assert t.narrate(0, "rearrange 1,-2 to -1,0 from E", before, s.view(0)) == \
            ["You moved power 0 from 1,-2 to -1,0."]
        s.apply("draw agitate", 0)
        s.apply("end", 1)
        s.apply("play agitate at 1,-2 from N", 0)
        before = s.view(0)
        s.apply("rearrange 1,3 to 3,1 from W", 0)
        assert t.narrate(0, "rearrange 1,3 to 3,1 from W", before, s.view(0)) == \
            ["You moved the power 0 tile of Seat 2 (AI) from 1,3 to 3,1, into circuit III (Agitate)."]
        assert t.narrate(1, "rearrange 1,3 to 3,1 from W", {**before, "pending": {"tile": "agitate"}}, {}) == \
            ["Seat 2 (AI) moved your power 0 from 1,3 to 3,1, into circuit III (Agitate)."]
        t.perspective = None  # watched by nobody in particular: both seats named, "the opponent's" named neither
        assert t.narrate(0, "rearrange 1,3 to 3,1 from W", before, s.view(0)) == \
            ["Seat 1 moved the power 0 tile of Seat 2 (AI) from 1,3 to 3,1, into circuit III (Agitate)."]
        assert i18n.load_language("de") is None
        try:
            assert t.narrate(0, "rearrange 1,3 to 3,1 from W", before, s.view(0)) == \
                ["Spieler 1 hat Spieler 2 (KI) das Plättchen Leistung 0 von 1,3 nach 3,1 versetzt, jetzt in Kreis III "
                 "(Agitate)."]
            t.perspective = 0
            assert t.narrate(0, "rearrange 1,3 to 3,1 from W", before, s.view(0)) == \
                ["Du hast Spieler 2 (KI) das Plättchen Leistung 0 von 1,3 nach 3,1 versetzt, jetzt in Kreis III "
                 "(Agitate)."]
        finally:
            i18n.load_language("en")
    finally:
        d.close()


def test_once_automate_has_its_tile_the_prompt_asks_for_the_socket():
    """After a pile tile was picked for Automate the prompt still said to pick a tile."""
    d = bb_driver(ACTION_STEPS["Automate"])
    try:
        t = d.top
        d.frames(3)
        assert t.prompt().startswith("Automate: pick a tile")
        index = [k for k, _, _ in t.pile_entries()].index("2")
        d.click(t.pile_rect(index).center)
        assert t.selected == ("pile", "2")
        # a drag from the pile puts it in too (it said only "click it, or Enter on the ring")
        assert t.prompt() == ("Automate: put power 2 into a glowing socket (click, drag or Enter). It joins at the "
                              "big dot; point at another side or press R to move the dot.")
    finally:
        d.close()


@pytest.mark.parametrize("key", [pygame.K_TAB, pygame.K_RETURN])
def test_continuing_a_game_stopped_mid_step_puts_the_first_tab_or_enter_on_the_steps_first_choice(key):
    """A saved game reopened with an ANNIHILATE's target still to pick: the ring was hidden,
    and the first Tab went to the hand, which the step does not take."""
    d = bb_driver(["play 0 at 1,-1 from N", "draw annihilate", "play 0 at 1,2 from S", "play 0 at 1,3 from S",
                   "play annihilate at 1,-2 from N"])
    try:
        t = d.top
        d.frames(3)
        assert t.view.get("pending") and (1, 3) in t.moves().targets
        d.key(key)
        assert t.focus.visible and t.focus.current.rect_of() == cell_rect((1, 3)), t.focus.current.rect_of()
        d.key(pygame.K_RETURN)
        assert log(d)[-1] == "target 1,3"
    finally:
        d.close()



def test_after_the_last_aggravate_keep_by_keys_the_ring_moves_to_a_stop_enter_can_use():
    """The opponent's kept tile picked with Enter left the ring on their hand, no stop any
    more: Enter there did nothing."""
    d = bb_driver(["play 0 at 1,-1 from N", "draw aggravate", "draw 3", "draw 2"])  # AGGRAVATE: the 1st action
    try:
        t = d.top
        d.frames(3)
        focus_on(t, t.hand_rect(0, t.hand_kinds(0).index("aggravate")))
        d.key(pygame.K_RETURN)
        d.key(pygame.K_RETURN)  # played: your own keep, your 0 alone, is taken at once
        assert log(d)[-1] == "keep 0"
        assert t.focus.current.rect_of() == t.hand_rect(1, 0)
        d.key(pygame.K_RETURN)  # the opponent's keep
        assert log(d)[-1].startswith("keep ") and not t.moves().keeps and t.my_turn(), "an action is left"
        assert t.focus.visible and t.focus.current.enabled(), t.focus.current.rect_of()
        d.key(pygame.K_RETURN)
        assert t.selected is not None or not log(d)[-1].startswith("keep "), "Enter does something there"
    finally:
        d.close()


def test_a_held_tile_off_the_sockets_and_its_snap_back_show_the_board_round_it():
    """The tile image is padded for its tab: the padding stays see-through while the tile is
    held away from a socket and while it slides home (it showed as a black square)."""
    d = bb_driver()
    try:
        t = d.top
        start, over = t.hand_rect(0, 0).center, cell_rect((5, 5)).center
        canvas = d.app.display.canvas
        d.frames(2)
        before = canvas.copy()
        d.hold(start, over, frames=2)
        corner = t.drag.drag.rect.topleft  # the padding's corner, outside the tile's body
        assert canvas.get_at(corner) == before.get_at(corner), "the held tile is drawn as a square"
        d.release(over, frames=1)
        _, tween = t.drag.snapbacks[0]
        corner = (round(tween.pos[0]), round(tween.pos[1]))
        assert canvas.get_at(corner) == before.get_at(corner), "the sliding tile is drawn as a square"
    finally:
        d.close()


def test_a_held_tile_casts_a_shadow_of_its_own_shape():
    """The shadow under a held tile follows the tile, not the square its tab padding makes
    (a dark square trailed every tile dragged)."""
    d = bb_driver()
    try:
        t = d.top
        start, over = t.hand_rect(0, 0).center, cell_rect((5, 5)).center
        canvas = d.app.display.canvas
        d.frames(2)
        before = canvas.copy()
        d.hold(start, over, frames=2)
        r = t.drag.drag.rect
        shadow_corner = (r.right + 4, r.bottom + 6)  # the shadow box's corner, past the tile's body
        assert canvas.get_at(shadow_corner) == before.get_at(shadow_corner)
        body = (r.centerx + 6 + r.w // 2 - 12, r.centery + 8)  # a shadow edge just right of the body
        assert canvas.get_at(body) != before.get_at(body), "the tile still casts a shadow"
    finally:
        d.close()


def test_your_moves_are_heard_a_tile_played_drawn_or_knocked_off():
    """Playing, drawing and an ANNIHILATE target each ask for their sound, as in the other
    games (Breaker Blocks moves were silent); a turn ended asks for none."""
    d = bb_driver(["play 0 at 1,-1 from N", "draw annihilate", "play 0 at 1,2 from S", "play 0 at 1,3 from S"])
    played: list[str] = []
    d.app.sound.play = played.append
    try:
        t = d.top
        d.drag(t.hand_rect(0, t.hand_kinds(0).index("annihilate")).center, near((0, -1), "E"))
        assert log(d)[-1] == "play annihilate at 0,-1 from E" and played == ["drop"]
        d.click(cell_rect((1, 3)).center)
        assert log(d)[-1] == "target 1,3" and played == ["drop", "capture"]
        t.act("end")  # the opponent (a second person) takes the table
        d.frames(2)
        assert log(d)[-1] == "end" and played == ["drop", "capture"]
        index = [k for k, _, _ in t.pile_entries()].index("annihilate")
        played.clear()
        d.click(t.pile_rect(index).center)
        assert log(d)[-1] == "draw annihilate" and played == ["draw"]
    finally:
        d.close()


@pytest.mark.parametrize(("cap", "said"), [(30, "Turns played: Seat 1 0, Seat 2 0 (limit 30)"),
                                           (0, "Turns played: Seat 1 0, Seat 2 0 (no limit)")])
def test_the_turn_count_says_limit_as_the_set_up_screen_does(cap, said):
    """The set-up's 'Turn limit' is a limit at the table too (it said 'cap 30', or 'cap none')."""
    session = GameSession("breaker_blocks", ["human", "human"], seed=1, options={"first_player": 0, "turn_cap": cap})
    d = Driver(lambda app: BreakerBlocksTable(app, session), autosave=False)
    try:
        texts = [text for text, _, _ in d.labels(frames=2)]
        assert said in texts, [t for t in texts if t.startswith("Turns")]
    finally:
        d.close()


def test_undo_after_the_computers_turn_lists_in_the_log_what_it_took_back_also_after_continue():
    d = you_against_the_computer()
    try:
        t = d.top
        play_a_tile_and_end_the_turn(d)
        assert log(d) == ["play 0 at 0,-1 from N", "end"]
        assert d.until(lambda: t.my_turn(), 30)
        d.frames(60)
        replies = log(d)[2:]
        assert replies, "the computer has played its turn"
        told = [line for _, line in t.log_lines]
        d.key(pygame.K_z, mod=pygame.KMOD_CTRL)
        assert log(d) == ["play 0 at 0,-1 from N"]
        # the computer's moves vanish from the log with your End turn: the log says which
        lines = [line for _, line in t.log_lines]
        taken = told[told.index("You ended the turn."):]
        assert lines[-1] == "You took back: " + " ".join(taken[:1 + len(replies)])
        record = t.session.to_record()
    finally:
        d.close()
    resumed = GameSession.from_record(record)
    d = Driver(lambda app: BreakerBlocksTable(app, resumed), autosave=False)
    try:
        assert [line for _, line in d.top.log_lines] == lines
    finally:
        d.close()


def colour_pile_line(d: Driver) -> str:
    return next(text for text, _, _ in d.labels() if ":" in text and ("colour pile" in text or "Farbstapel" in text))


def test_the_other_colour_pile_reads_in_plain_words_or_empty():
    from game import i18n
    d = bb_driver()
    try:
        # seat 1 to move: its own pile is laid out as tiles, seat 2's is the line under them
        assert colour_pile_line(d) == "Seat 2's colour pile: power 1 ×4, 2 ×4, 3 ×3"
        i18n.load_language("de")
        assert colour_pile_line(d) == "Farbstapel von Spieler 2: Leistung 1 ×4, 2 ×4, 3 ×3"
    finally:
        i18n.load_language("en")
        d.close()
    session = GameSession("breaker_blocks", ["human", "human"], seed=1,
                          options={"setup": {"first_player": 0, "power_counts": {"0": 2, "1": 0, "2": 0, "3": 0}}})
    d = Driver(lambda app: BreakerBlocksTable(app, session), autosave=False)
    try:
        assert colour_pile_line(d) == "Seat 2's colour pile: empty"
    finally:
        d.close()


def test_the_piles_caption_names_the_colour_pile_laid_out_and_the_line_under_it_the_other():
    """The tiles laid out are the mover's colour pile: the caption above them names that seat
    and the line under them the other, at a shared screen and against the computer, in
    English and German (the caption named nobody, so the line under read as naming them)."""
    def shown(d: Driver) -> tuple[int, str, str]:
        t = d.top
        d.frames(1)
        laid_out = t.session.current_player
        colour = {k: n for k, n, which in t.pile_entries() if which == "colour"}
        assert colour == {k: t.view["piles"][laid_out].get(k, 0) for k in t.view["power_kinds"]}
        return laid_out, pile_caption(d), colour_pile_line(d)

    with bb_in("en") as d:
        assert shown(d) == (0, "Seat 1's colour pile and the action pile (click to draw)",
                            "Seat 2's colour pile: power 1 ×4, 2 ×4, 3 ×3")
        d.top.act("end")
        assert shown(d) == (1, "Seat 2's colour pile and the action pile (click to draw)",
                            "Seat 1's colour pile: power 1 ×4, 2 ×4, 3 ×3")
        i18n.load_language("de")
        assert shown(d) == (1, "Farbstapel von Spieler 2 und der Aktionsstapel (zum Ziehen klicken)",
                            "Farbstapel von Spieler 1: Leistung 1 ×4, 2 ×4, 3 ×3")
    d = you_against_the_computer()
    try:
        d.top.paused = True  # the computer's turn stays on show
        assert shown(d)[:2] == (0, "Your colour pile and the action pile (click to draw)")
        assert shown(d)[2].startswith("Seat 2 (AI)'s colour pile: ")
        d.top.perform("end", 0)
        assert shown(d)[:2] == (1, "Seat 2 (AI)'s colour pile and the action pile")
        assert shown(d)[2].startswith("Your colour pile: ")
        i18n.load_language("de")
        assert shown(d)[:2] == (1, "Farbstapel von Spieler 2 (KI) und der Aktionsstapel")
        assert shown(d)[2].startswith("Dein Farbstapel: ")
    finally:
        i18n.load_language("en")
        d.close()


def test_before_a_tile_is_picked_the_prompt_says_what_to_pick_and_names_no_glow():
    from game import i18n
    from game.ui import theme
    d = bb_driver()
    try:
        t = d.top
        d.frames(1)
        # a first turn: no leaf on the board to move, and nothing glows yet
        assert t.prompt() == "Play a hand tile (drag or click it) or click a pile to draw."
        assert not t.sockets_for(t.selected)
        t.click_hand(0, 0)
        assert t.sockets_for(t.selected) and "glowing socket" in t.prompt()
        t.act("play 0 at 1,-1 from N")
        d.frames(1)
        assert t.prompt() == ("Play a hand tile (drag or click it), move one of your leaves in a dashed frame "
                              "or click a pile to draw.")
        i18n.load_language("de")
        assert t.prompt() == ("Spiel ein Handplättchen (ziehen oder anklicken), versetz ein Blatt im gestrichelten "
                              "Rahmen oder klick auf einen Stapel, um ein Plättchen zu ziehen.")
        assert len(theme.wrap(t.prompt(), 16, 440)) <= 3, "the table shows three lines of prompt"
    finally:
        i18n.load_language("en")
        d.close()


def test_your_own_action_tile_step_watched_under_autoplay_reads_you_are():
    session = GameSession("breaker_blocks", ["human", "ai:easy"], seed=1, options={"first_player": 0})
    for a in ["play 0 at 1,-1 from N", "draw annihilate", "play 0 at 1,2 from S", "play 0 at 1,3 from S",
              "play annihilate at 0,-1 from E"]:
        session.apply(a, session.current_player)
    d = Driver(lambda app: BreakerBlocksTable(app, session), autoplay=True, autosave=False)
    try:
        t = d.top
        assert t.view["pending"]["seat"] == 0 and not t.can_act()
        assert t.prompt() == "You are carrying out Annihilate."
    finally:
        d.close()


def test_a_finished_games_panel_says_game_over_once():
    """The banner read 'Game over' and the box of counts under the board said it again on
    its first line (Breaks and Break the Cube said it twice too, until they were mended)."""
    session = GameSession("breaker_blocks", ["human", "ai:easy"], seed=1, options={"first_player": 0})
    for a in ["draw 3", "draw authenticate", "draw authenticate", "draw 3", "play 3 at 1,-1 from N",
              "play authenticate at 0,-1 from N", "play 3 at 0,2 from S", "play authenticate at 1,2 from S"]:
        session.apply(a, session.current_player)
    assert session.is_over()
    shown = texts_on_opening(lambda app: BreakerBlocksTable(app, session))
    assert shown.count("Game over") == 1, shown
    assert "Circuits controlled: You 1, Seat 2 (AI) 1" in shown


@pytest.mark.parametrize("seats, circuits, turns", [
    (["ai:easy", "human"], "Circuits controlled: You 0, Seat 1 (AI) 1",
     "Turns played: You 1, Seat 1 (AI) 2 (limit 30)"),
    (["human", "human"], "Circuits controlled: Seat 1 1, Seat 2 0", "Turns played: Seat 1 2, Seat 2 1 (limit 30)")])
def test_the_box_of_counts_names_whose_count_is_whose(seats, circuits, turns):
    """'Circuits controlled: 1 to 0' named nobody: read as yours first, it was the wrong way
    round for a player in seat 2, and at a shared screen it said nothing of who led."""
    session = GameSession("breaker_blocks", seats, seed=1, options={"first_player": 0})
    for a in ["draw 3", "draw authenticate", "draw authenticate", "draw 3", "play 3 at 1,-1 from N",
              "play authenticate at 0,-1 from N", "play authenticate at 1,2 from S"]:
        session.apply(a, session.current_player)
    assert session.state.scores() == [1, 0]
    shown = texts_on_opening(lambda app: BreakerBlocksTable(app, session))
    assert circuits in shown and turns in shown, shown


@pytest.mark.parametrize("lang, said", [
    ("en", "Only Seat 2's holes face 0,2: your tile goes next to one of your own holes (the glowing sockets)."),
    ("de", "Auf 0,2 zeigen nur Löcher von Spieler 2: Dein Plättchen kommt neben eines deiner eigenen Löcher "
           "(die leuchtenden Fassungen).")])
def test_a_drop_beside_the_other_players_holes_says_they_are_not_yours(lang, said):
    """The refusal said only 'Drop it on a glowing socket.' beside holes that looked just
    like the player's own, in the other colour: nothing told that only your own holes count."""
    with bb_in(lang, ["play 0 at 1,-1 from N", "end", "play 0 at 1,2 from S", "end"]) as d:
        t = d.top
        d.drag(t.hand_rect(0, 0).center, near((0, 2), "S"))  # beside Seat 2's input on the core
        assert log(d)[-1] == "end" and t.toast == said
        d.click(t.hand_rect(0, 0).center)  # picked by a click, then a click on the cell: the same words
        d.click(near((0, 2), "S"))
        assert log(d)[-1] == "end" and t.toast == said
        d.key(pygame.K_ESCAPE)
        d.drag(t.hand_rect(0, 0).center, near((5, 5), "S"))  # nobody's hole faces it: the glow says enough
        assert t.toast == tr("Drop it on a glowing socket.")


def test_automate_takes_a_pile_tile_dragged_onto_a_socket():
    """AUTOMATE's pile tile went in by a click on the pile and another on a socket only: a drag
    from the pile (as every tile in the hand is played) picked it up and then did nothing."""
    d = bb_driver(["draw automate", "play 0 at 1,-1 from N", "draw 3", "draw 3", "play automate at 0,-1 from N"])
    try:
        t = d.top
        assert t.view["pending"]["tile"] == "automate" and t.my_turn()
        three = [k for k, _, _ in t.pile_entries()].index("3")
        d.drag(t.pile_rect(three).center, near((0, -2), "N"))
        assert log(d)[-1] == "place 3 at 0,-2 from N", log(d)
    finally:
        d.close()


def test_while_automates_tile_is_dragged_from_the_pile_the_prompt_says_where_to_let_go():
    """The prompt looked only at a tile picked by a click: all through a drag from the pile
    it still asked to pick a tile from the piles, the one already in hand."""
    d = bb_driver(["draw automate", "play 0 at 1,-1 from N", "draw 3", "draw 3", "play automate at 0,-1 from N"])
    try:
        t = d.top
        three = t.pile_rect([k for k, _, _ in t.pile_entries()].index("3")).center
        d.hold(three, (300, 300), frames=2)
        assert t.drag.active and t.selected is None
        assert t.prompt() == tr("Let go on a glowing socket: the tile joins at the big dot, on the side nearest the "
                                "pointer.")
        d.release(near((0, -2), "N"))
        assert log(d)[-1] == "place 3 at 0,-2 from N", log(d)
    finally:
        d.close()


@pytest.mark.parametrize("lang, said", [
    ("en", "Agitate: move one of your opponent's leaves into one of your opponent's sockets, or skip (move 1 of 2)."),
    ("de", "Agitate: Versetz ein Blatt deines Gegners in eine der Fassungen deines Gegners oder überspring "
           "(Versetzen 1 von 2).")])
def test_the_agitate_prompt_says_whose_sockets_the_leaf_goes_into(lang, said):
    """It said 'into another of its sockets' ('seiner Fassungen'): the leaf's, or the opponent's?"""
    with bb_in(lang, ACTION_STEPS["Agitate"]) as d:
        d.frames(2)
        assert d.top.prompt() == said


@pytest.mark.parametrize("lang, said", [
    ("en", "Only your holes face 2,-1: Seat 2's leaf goes next to one of Seat 2's own holes (the glowing sockets)."),
    ("de", "Auf 2,-1 zeigen nur deine Löcher: Das Blatt von Spieler 2 kommt neben eines der Löcher von Spieler 2 "
           "(die leuchtenden Fassungen).")])
def test_agitate_says_why_the_rivals_leaf_does_not_go_beside_your_holes(lang, said):
    """AGITATE moves the other player's leaf into that player's sockets: dropped beside your
    own holes it said only 'Drop it on a glowing socket.', though those holes are just as
    open as the glowing ones."""
    with bb_in(lang, ACTION_STEPS["Agitate"]) as d:
        t = d.top
        d.frames(2)
        assert set(t.moves().rearranges) == {(1, 3)}
        d.drag(cell_rect((1, 3)).center, near((2, -1), "W"))  # beside your power 0 at 1,-1
        assert log(d)[-1] == "play agitate at 1,-2 from N" and t.toast == said
        d.click(cell_rect((1, 3)).center)  # picked by a click, then a click on the cell: the same words
        d.click(near((2, -1), "W"))
        assert log(d)[-1] == "play agitate at 1,-2 from N" and t.toast == said
        d.key(pygame.K_ESCAPE)
        d.drag(cell_rect((1, 3)).center, near((5, 5), "S"))  # nobody's hole faces it: the glow says enough
        assert t.toast == tr("Drop it on a glowing socket.")


def test_the_new_badge_marks_the_copy_that_cannot_be_played_yet():
    """Two 3s from last turn and one drawn now: 'new' sat under the first 3, though a drag
    from it played an old one (copies of a kind are one to the rules), and a drag from the
    last 3, unmarked, played one too. The badge goes on the last (where a drawn tile flies
    to), and that one waits for next turn."""
    d = bb_driver(["draw 3", "draw 3", "end", "draw 3"])
    try:
        t = d.top
        d.frames(2)
        assert t.hand_kinds(0) == ["0", "0", "3", "3", "3"] and t.view["drawn_this_turn"] == {"3": 1}
        badges = [rect for text, rect, _ in d.labels() if text == tr("new")]
        assert [r.centerx for r in badges] == [t.hand_rect(0, 4).centerx], badges
        d.drag(t.hand_rect(0, 4).center, near((0, -1), "N"))  # the new one: not played, and why
        assert log(d)[-1] == "draw 3" and t.toast == tr("You drew that tile this turn: it can be played next turn.")
        d.drag(t.hand_rect(0, 3).center, near((0, -1), "N"))  # an old one, unmarked: played
        assert log(d)[-1] == "play 3 at 0,-1 from N", log(d)
    finally:
        d.close()


def test_a_clicked_hand_tile_is_outlined_alone_among_copies_of_its_kind():
    """A click on one of two 0 tiles outlined both, as if both were picked up; only the copy
    clicked is, and Esc from the keyboard puts the ring back on that copy."""
    from game.ui import theme
    d = bb_driver()
    try:
        t = d.top
        d.frames(3)
        assert t.hand_kinds(0) == ["0", "0"]

        def outlined(i: int) -> bool:
            r = t.hand_rect(0, i).inflate(4, 4)
            return tuple(d.app.display.canvas.get_at((r.centerx, r.top))[:3]) == tuple(theme.YELLOW)[:3]

        assert not outlined(0) and not outlined(1)
        d.click(t.hand_rect(0, 1).center)
        d.frames(1)
        assert t.selected == ("hand", "0")
        assert outlined(1) and not outlined(0)
        t.clear_selection()
        focus_on(t, t.hand_rect(0, 1))
        d.key(pygame.K_RETURN)
        assert t.selected == ("hand", "0") and t.focus.current.rect_of() != t.hand_rect(0, 1)
        d.key(pygame.K_ESCAPE)
        assert t.focus.current.rect_of() == t.hand_rect(0, 1), "back on the copy picked"
    finally:
        d.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_action_tiles_are_named_one_way_everywhere_as_the_rules_page_writes_them(lang):
    """The prompts said AGITATE, the log and the piles agitate, the rules page Agitate: in
    every action's step, whatever the table shows (prompt, log, piles, status, hint) names
    the tile Agitate, in English and German alike."""
    import re
    caps_or_lower = re.compile(r"\b(?:ACCELERATE|ANNIHILATE|AGITATE|AUTHENTICATE|AUTOMATE|ATTENUATE|AGGRAVATE|"
                               r"accelerate|annihilate|agitate|authenticate|automate|attenuate|aggravate)\b")
    for tile, actions in ACTION_STEPS.items():
        with bb_in(lang, actions) as d:
            t = d.top
            d.frames(2)
            shown = [text for text, _, _ in d.labels()] + [line for _, line in t.log_lines]
            shown += [t.hint_move(f"play {tile.lower()} at 0,-1 from N"), t.hint_move(f"draw {tile.lower()}")]
            assert any(tile in text for text in shown), (tile, shown)
            odd = [text for text in shown if caps_or_lower.search(text)]
            assert not odd, (tile, odd)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_piles_tile_name_reads_in_a_small_window_and_stays_in_its_box(lang):
    """The piles' tile names were 11 px beside the icon (8 px in a 960 x 540 window, where
    'authenticate' stepped down further to fit 62 px): each is now at least 14 px, the log's
    size, across the box under its icon and count, inside the box and clear of both."""
    from game.ui import theme
    with bb_in(lang, ACTION_STEPS["Agitate"]) as d:
        t = d.top
        drawn = d.labels()
        least = theme.font(14).get_height()
        for i, (kind, count, _) in enumerate(t.pile_entries()):
            box = t.pile_rect(i)
            name = next(r for text, r, _ in drawn if text == t.kind_word(kind) and box.contains(r))
            counted = next(r for text, r, _ in drawn if text == f"x{count}" and box.contains(r))
            assert name.h >= least, (kind, name)
            assert not name.colliderect(counted), (kind, name, counted)
            assert name.top >= box.y + 3 + 22 - 2, (kind, name)  # under the 22 px icon (glyphs start lower)


def test_the_boards_coordinates_read_in_a_small_window_clear_of_the_hand_and_the_middle_column():
    """The numbers along the board's edges, by which hints and the log name cells, were 10 px
    (7.5 px in a 960 x 540 window): they are 14 px, the log's size, and stay clear of your
    hand's label under them and of the circuits, piles and prompt beside them."""
    from game.scenes.breaker_blocks_board import BOARD, X0, X1, Y0, Y1
    from game.scenes.breaker_blocks_table import PILE_X
    from game.ui import theme
    d = bb_driver(["play 0 at 1,-1 from N"])
    try:
        t = d.top
        drawn = d.labels()
        numbers = {str(n) for n in range(min(X0, Y0), max(X1, Y1) + 1)}
        coords = [r for text, r, _ in drawn if text in numbers and not BOARD.contains(r) and r.x < PILE_X]
        assert len(coords) == (X1 - X0 + 1) + (Y1 - Y0 + 1), coords
        hand = next(r for text, r, _ in drawn if text.startswith("Seat 1's hand"))
        for r in coords:
            assert r.h >= theme.font(14).get_height(), r
            assert r.right <= PILE_X - 12 and not r.colliderect(hand), (r, hand)
        assert t.hand_rect(0, 0).top - hand.bottom >= 8, "the focus ring round a hand tile clears its label"
    finally:
        d.close()


def test_the_log_tells_what_happened_not_an_action_steps_instructions():
    """A person's Annihilate put its step's prompt 'Annihilate: pick a leaf of either
    player ...' in the log among the moves; the instruction stays in the prompt only."""
    d = bb_driver(["play 0 at 1,-1 from N", "draw annihilate", "play 0 at 1,2 from S", "play 0 at 1,3 from S"])
    try:
        t = d.top
        d.drag(t.hand_rect(0, t.hand_kinds(0).index("annihilate")).center, near((0, -1), "E"))
        assert log(d)[-1] == "play annihilate at 0,-1 from E"
        step = t.view["pending"]["prompt"]
        assert t.prompt() == tr_message(step), "the person still reads what to do"
        assert t.log_lines[-1][1] == "Seat 1 played Annihilate at 0,-1, into circuit II.", t.log_lines[-1]
        t.rebuild_log()
        assert not any(tr_message(step) == line for _, line in t.log_lines), t.log_lines
    finally:
        d.close()


def test_a_played_tile_is_logged_with_the_circuit_it_joins_not_only_its_cell():
    """'Seat 1 played power 0 at 2,-1.' left the circuit to the reader, who took a tile under
    input III for circuit III: it joins its parent's (BB-5), here the tile at 1,-1 in II."""
    d = bb_driver(["play 0 at 1,-1 from N"])
    try:
        t = d.top
        assert t.perform("play 0 at 2,-1 from W", 0)
        assert t.log_lines[-1] == (0, "Seat 1 played power 0 at 2,-1, into circuit II.")
        assert t.perform("play 0 at 2,2 from S", 1)  # two actions taken: seat 2 to move
        assert t.log_lines[-1][1] == "Seat 2 played power 0 at 2,2, into circuit III."
        assert i18n.load_language("de") is None
        try:
            t.rebuild_log()
            assert (0, "Spieler 1 hat Leistung 0 auf 2,-1 gespielt: in Kreis II.") in t.log_lines, t.log_lines
        finally:
            i18n.load_language("en")
    finally:
        d.close()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_seat_to_move_has_its_hand_marked_in_words_and_a_frame_and_is_named_in_the_prompt(lang):
    """Two people at one screen: 'Seat 1's hand' and 'Seat 2's hand' were drawn alike and the
    prompt named nobody, so whose turn it was had to be read off the panel. The seat to move's
    label says so, bold, in a frame round its hand; the prompt drawn begins with its name."""
    from game.ui import theme
    with bb_in(lang) as d:
        t = d.top

        def shown() -> tuple[dict[str, pygame.Rect], list[str]]:
            theme.recording = []
            d.frames(1)
            drawn, theme.recording = theme.recording, None
            return {text: r for text, r, _ in drawn}, [text for text, _, _ in drawn]

        for mover in (0, 1):
            if mover == 1:
                assert t.perform("draw 1", 0) and t.perform("draw 2", 0)  # two actions: seat 2 to move
                d.until(lambda: t.viewer == 1, timeout=5)
            rects, texts = shown()
            name, other = tr("Seat {n}", n=mover + 1), tr("Seat {n}", n=2 - mover)
            label = tr("{who}'s hand", who=name) + " — " + tr("your turn")
            assert label in texts and tr("{who}'s hand", who=other) in texts, texts
            assert any(text.startswith(name + ": ") for text in texts), texts  # the prompt's first line
            frame = t.hand_frame(mover, rects[label])
            assert frame.contains(t.hand_rect(mover, 0)) and frame.contains(rects[label])
            surface = d.app.display.canvas
            assert surface.get_at((frame.centerx, frame.top))[:3] == t.seat_colour(mover)
            quiet = t.hand_frame(1 - mover, rects[tr("{who}'s hand", who=other)])
            assert surface.get_at((quiet.centerx, quiet.top))[:3] != t.seat_colour(1 - mover), "one frame only"


def test_against_the_computer_your_hand_says_your_turn_and_the_prompt_names_nobody():
    d = you_against_the_computer()
    try:
        t = d.top
        texts = [text for text, _, _ in d.labels()]
        assert "Your hand — your turn" in texts and "Seat 2 (AI)'s hand" in texts, texts
        assert t.shown_prompt() == t.prompt(), "one person: the prompt is theirs"
    finally:
        d.close()


def play_accelerate_by_keys(d: Driver) -> None:
    """Seat 1 plays its Accelerate with Enter, Enter: its step asks for draws from the piles."""
    t = d.top
    d.frames(2)
    t.focus.show_first([t.hand_focus[(t.viewer, t.hand_kinds(t.viewer).index("accelerate"))]])
    d.key(pygame.K_RETURN)  # picked up: the ring goes to its first socket
    d.key(pygame.K_RETURN)  # played there
    d.frames(30)
    assert t.session.log.actions[-1].startswith("play accelerate"), t.session.log.actions
    assert t.view["pending"]["step"] == "draw"


def test_an_accelerate_played_with_enter_takes_the_ring_on_to_the_piles_it_draws_from():
    """The ring stayed on the placed Accelerate, where Enter does nothing, while its step
    asked for a tile from the piles: it goes on to the first pile with a tile, so Enter draws."""
    d = bb_driver(["draw accelerate", "draw annihilate", "end"])
    try:
        t = d.top
        play_accelerate_by_keys(d)
        assert t.focus.visible and t.focus.current.rect_of() in [t.pile_rect(i) for i in range(11)]
        d.key(pygame.K_RETURN)
        d.frames(30)
        assert t.session.log.actions[-1].startswith("draw"), t.session.log.actions
    finally:
        d.close()


def test_the_focus_ring_on_a_tile_drawn_this_turn_leaves_its_new_readable():
    """The ring round a just-drawn hand tile covered the yellow 'new' under it: the word's
    yellow shows as much with the ring on the tile as without."""
    from game.ui import theme
    d = bb_driver(["draw accelerate", "draw annihilate", "end"])
    try:
        t = d.top
        play_accelerate_by_keys(d)
        d.key(pygame.K_RETURN)  # draws a tile from the pile the ring went to
        d.frames(60)
        (slot,) = t.new_slots(t.viewer)
        tile = t.hand_rect(t.viewer, slot)
        label = pygame.Rect((0, 0), theme.font(11, bold=True).size(i18n.tr("new")))
        label.midtop = tile.midbottom

        def yellow() -> int:
            d.frames(2)
            canvas = d.app.display.canvas
            return sum(tuple(canvas.get_at((x, y)))[:3] == theme.YELLOW
                       for x in range(label.left, label.right) for y in range(label.top, label.bottom))

        t.focus.visible = False
        bare = yellow()
        t.focus.show_first([t.hand_focus[(t.viewer, slot)]])
        assert bare > 10 and yellow() == bare
    finally:
        d.close()


@pytest.mark.parametrize("moved", [False, True])
def test_your_turn_starts_with_the_ring_on_your_first_hand_tile_unless_you_moved_it_meanwhile(moved):
    """The ring stayed where your last turn left it (the cell your tile went to), a stop of
    no use once the computer had moved. Your turn starts on your first hand tile, so Enter
    picks it up, unless you moved the ring in the computer's turn."""
    session = GameSession("breaker_blocks", ["human", "ai:easy"], seed=1, options={"first_player": 0})
    d = Driver(lambda app: BreakerBlocksTable(app, session), autosave=False)
    t = d.top
    try:
        d.frames(2)
        d.key(pygame.K_TAB)
        assert t.focus.current.rect_of() == t.hand_rect(0, 0)
        d.key(pygame.K_RETURN)  # picked up: the ring goes on to its first socket
        d.key(pygame.K_RETURN)  # played there
        d.key(pygame.K_n)
        d.key(pygame.K_n)  # yes, the second action goes unused: the turn ends with the ring on the played tile
        assert session.log.actions[0].startswith("play ") and session.log.actions[-1] == "end"
        assert d.until(lambda: not t.my_turn(), timeout=5)
        if moved:
            d.key(pygame.K_TAB, frames=1)  # the ring moved while the computer plays (to a side button) stays put
        kept = t.focus.index
        assert d.until(lambda: t.my_turn() and not t.animating and not t.settling(), timeout=30)
        d.frames(3)
        if moved:
            assert t.focus.index == kept
        else:
            assert t.focus.visible and t.focus.current.rect_of() == t.hand_rect(0, 0)
            d.key(pygame.K_RETURN)
            assert t.selected == ("hand", t.hand_kinds(0)[0])
    finally:
        d.close()


def test_under_deuteranopia_a_pile_you_may_draw_from_is_told_apart_from_seat_1s_orange_hand_frame():
    """The hand of the seat to move is framed in its colour (seat 1 orange) and a pile you may
    draw from is outlined in yellow, the same 2 px rounded box: under deuteranopia (the Machado
    matrix) the two are nearly one colour. The pile's outline carries a black-and-white dot on
    each corner, whose colours stay far from both; the hand's frame has none."""
    from game.ui import theme
    from tests.ui.colour_check import distance, simulate

    def deutan(c):
        return simulate(c, "deutan")
    assert distance(deutan(theme.ORANGE), deutan(theme.YELLOW)) < 25, "why the colour alone does not do"
    d = bb_driver()
    try:
        t = d.top
        theme.recording = []
        d.frames(1)
        label = next(r for text, r, _ in theme.recording if text == t.hand_label(0))
        theme.recording = None
        assert t.seat_colour(0) == theme.ORANGE and t.my_turn()
        canvas = d.app.display.canvas
        piles = [t.pile_rect(i) for i, (kind, _, _) in enumerate(t.pile_entries()) if kind in t.moves().draws]
        assert piles, "piles to draw from"

        def told_apart(box: pygame.Rect) -> int:
            """Pixels in box that deutan eyes tell from the orange, the yellow and the panel."""
            return sum(all(distance(deutan(tuple(canvas.get_at((x, y)))[:3]), deutan(c)) >= 40
                           for c in (theme.ORANGE, theme.YELLOW, theme.PANEL, theme.TABLE))
                       for x in range(box.left, box.right) for y in range(box.top, box.bottom))

        def corners(r: pygame.Rect) -> list[pygame.Rect]:
            return [pygame.Rect(x, y, 6, 6) for x in (r.left - 2, r.right - 4) for y in (r.top - 2, r.bottom - 4)]
        for pile in piles:
            assert all(told_apart(box) >= 3 for box in corners(pile)), (pile, [told_apart(b) for b in corners(pile)])
        frame = t.hand_frame(0, label)
        assert not any(told_apart(box) for box in corners(frame)), "the seat's frame has no such mark"
    finally:
        theme.recording = None
        d.close()


@pytest.mark.parametrize("pick", ["click", "keep"])
def test_under_deuteranopia_a_picked_or_keepable_hand_tile_is_told_apart_from_seat_1s_orange_hand_frame(pick):
    """A hand tile picked up (or one Aggravate may keep) had a 2 px yellow box inside seat 1's
    orange hand frame: under deuteranopia one colour. Its box carries the piles' corner dots
    (black and white, far from both), keeps clear of the frame, and the frame has none."""
    from game.ui import theme
    from tests.ui.colour_check import distance, simulate

    def deutan(c):
        return simulate(c, "deutan")
    actions = ["play 0 at 1,-1 from N", "draw aggravate", "draw 1", "draw 2", "draw 3"] if pick == "keep" else []
    d = bb_driver(actions)
    try:
        t = d.top
        d.frames(2)
        if pick == "keep":  # seat 1's Aggravate: its own hand keeps power 0 or 3
            assert t.perform("play aggravate at 1,-2 from N", 0) and t.moves().keeps
            slot = t.hand_kinds(0).index("0")
        else:
            slot = 0
            d.click(t.hand_rect(0, slot).center)
            assert t.selected == ("hand", "0")
        t.focus.visible = False
        theme.recording = []
        d.frames(1)
        label = next(r for text, r, _ in theme.recording if text == t.hand_label(0))
        theme.recording = None
        assert t.session.current_player == 0 and t.seat_colour(0) == theme.ORANGE
        canvas = d.app.display.canvas

        def told_apart(box: pygame.Rect) -> int:
            """Pixels in box that deutan eyes tell from the orange, the yellow and the table."""
            return sum(all(distance(deutan(tuple(canvas.get_at((x, y)))[:3]), deutan(c)) >= 40
                           for c in (theme.ORANGE, theme.YELLOW, theme.PANEL, theme.TABLE))
                       for x in range(box.left, box.right) for y in range(box.top, box.bottom))
        tile = t.hand_rect(0, slot)
        corners = [pygame.Rect(x, y, 6, 6) for x in (tile.left - 6, tile.right) for y in (tile.top - 6, tile.bottom)]
        assert all(told_apart(box) >= 3 for box in corners), [told_apart(b) for b in corners]
        frame = t.hand_frame(0, label)
        assert tile.left - frame.left >= 10, "the box and its dots keep off the frame's line"
        assert not any(told_apart(pygame.Rect(x, y, 6, 6)) for x in (frame.left - 2, frame.right - 4)
                       for y in (frame.top - 2, frame.bottom - 4)), "the seat's frame has no such mark"
    finally:
        theme.recording = None
        d.close()


def test_an_empty_hand_reads_as_empty_in_a_frame_its_words_size():
    # seat 1 played both its tiles and is to move again: its frame stood tile-high round nothing
    actions = ["play 0 at 1,-1 from N", "play 0 at 1,-2 from N", "end"]
    with bb_in("de", actions) as d:
        assert any(text == "keine Plättchen" for text, _, _ in d.labels())
    d = bb_driver(actions)
    try:
        t = d.top
        assert t.hand_kinds(0) == [] and t.session.current_player == 0
        words = next(rect for text, rect, _ in d.labels() if text == "no tiles")
        label = next(rect for text, rect, _ in d.labels() if text.startswith("Your hand") or "Seat 1" in text)
        frame = t.hand_frame(0, label)
        assert frame.contains(words) and frame.contains(label)
        assert frame.bottom < t.hand_rect(0, 0).bottom, "as tall as a tile, the frame read as a hand"
        assert [text for text, _, _ in d.labels()].count("no tiles") == 1, "seat 2 holds two tiles"
    finally:
        d.close()


def beside_its_socket(t: BreakerBlocksTable, words: pygame.Rect, cell: tuple[int, int],
                      held: tuple = ("hand", "0")) -> bool:
    """Landing words stand off ``cell`` yet across its middle, off the other sockets of the tile
    ``held`` and off the core's circuit numbers."""
    r = cell_rect(cell)
    others = [cell_rect(c) for c in [*t.sockets_for(held), *LEVEL.core] if c != cell]
    return not words.colliderect(r) and words.left <= r.centerx <= words.right and words.collidelist(others) < 0


def test_while_dragging_over_a_socket_the_circuit_and_side_a_drop_takes_are_written_beside_it():
    # 0,-1 takes a tile from N (circuit I's core cell) or E (the 0 at 1,-1, circuit II): a drop
    # near the middle took E, and only the far-off circuits panel framed II
    d = bb_driver(["play 0 at 1,-1 from N"])
    try:
        t = d.top
        r = cell_rect((0, -1))
        d.hold(t.hand_rect(0, 0).center, (r.centerx + 3, r.centery - 1), frames=2)
        said = [(text, rect) for text, rect, _ in d.labels() if text.startswith("Into circuit")]
        assert [text for text, _ in said] == ["Into circuit II, from the east"]
        words = said[0][1]
        assert beside_its_socket(t, words, (0, -1)), "the sockets at 1,-2 and -1,0 and the core stay in sight"
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=near((0, -1), "N"), rel=(0, 0),
                                             buttons=(1, 0, 0)))  # still held, toward the north edge
        assert [text for text, _, _ in d.labels() if text.startswith("Into circuit")] == \
            ["Into circuit I, from the north"]
        d.release(near((0, -1), "N"))
        assert log(d)[-1] == "play 0 at 0,-1 from N"
        assert not [text for text, _, _ in d.labels() if text.startswith("Into circuit")], "said only while held"
    finally:
        d.close()


def test_a_tile_picked_by_a_click_or_by_keys_says_by_its_socket_where_it_would_go():
    # as a drag says it: 0,-1 takes a tile from N (circuit I) or E (circuit II); picked by a click
    # and pointed at, or with the ring on the socket (R to change side), only the panel framed it
    d = bb_driver(["play 0 at 1,-1 from N"])
    try:
        t = d.top
        r = cell_rect((0, -1))

        def said() -> list[tuple[str, pygame.Rect]]:
            return [(text, rect) for text, rect, _ in d.labels() if text.startswith("Into circuit")]

        d.click(t.hand_rect(0, 0).center)
        assert t.selected == ("hand", "0") and not said(), "nothing pointed at yet"
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(r.centerx + 3, r.centery - 1), rel=(0, 0),
                                             buttons=(0, 0, 0)))
        (text, words), = said()
        assert text == "Into circuit II, from the east" and beside_its_socket(t, words, (0, -1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=near((0, -1), "N"), rel=(0, 0),
                                             buttons=(0, 0, 0)))
        assert [text for text, _ in said()] == ["Into circuit I, from the north"]

        t.focus.visible = True  # by keys: the ring on the socket, R turns the tab to the other side
        t.focus.index = t.cell_focus[(0, -1)]
        first = said()
        d.key(pygame.K_r, frames=1)
        second = said()
        assert sorted(text for text, _ in first + second) == \
            ["Into circuit I, from the north", "Into circuit II, from the east"]
        assert all(beside_its_socket(t, words, (0, -1)) for _, words in first + second)
        d.key(pygame.K_RETURN)
        assert log(d)[-1] == "play 0 at 0,-1 from " + ("N" if "north" in second[0][0] else "E")
        assert not said(), "said only while a tile is held"
    finally:
        d.close()
