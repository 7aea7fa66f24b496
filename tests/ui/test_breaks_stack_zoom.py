"""Breaks: a banked stack under the resting pointer shows again with its cards at full
size, every rank readable (the stacks are drawn small beside the slots: in a 960 x 540
window their ranks could not be read), on the table and over no other stack's zoom."""

from __future__ import annotations

import pygame
import pytest

from game.rules.breaks.setup import _card
from game.scenes.breaks_layout import BIG
from game.scenes.breaks_table import BreaksTable
from game.session import GameSession
from tests.ui.driver import Driver

STACKS = [[["2S", "2H", "2D", "2C", "JD"]], [["6C", "6D", "8H", "8D", "KC"], ["9D", "9H", "9S", "JH", "JS"]],
          [["AC", "AD", "AH", "3D", "7C"]], [["4C", "TD", "TS", "8C", "7H"]]]


def table_with_stacks(players: int) -> Driver:
    session = GameSession("breaks", ["human"] + ["ai:easy"] * (players - 1), seed=0, options={"first_player": 0})
    # stacks banked earlier in the game (a setup names no stacks): the table shows them as any
    session.state._stacks = [[tuple(_card(c, "test") for c in st) for st in seat] for seat in STACKS[:players]]
    d = Driver(lambda app: BreaksTable(app, session), autosave=False)
    d.frames(3)
    return d


def hover(d: Driver, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    d.frames(2)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_hovered_stack_shows_its_cards_at_full_size(players):
    d = table_with_stacks(players)
    try:
        table = d.top
        lay = table.layout
        for seat in range(players):
            for k in range(len(STACKS[seat])):
                count = len(STACKS[seat])
                hover(d, lay.stack_card_rect(seat, k, 4, count).center)  # the newest card, on top
                zoom = table.zoomed_stack()
                assert zoom is not None and zoom[:2] == (seat, k), (seat, k)
                box = zoom[2]
                assert box.w >= BIG[0] + 4 * 24 and box.h >= BIG[1], "five full-size cards, ranks apart"
                assert lay.TABLE.contains(box)
                shown = pygame.display.get_surface().subsurface(box.inflate(-20, -20)).copy()
                hover(d, (940, 380))  # off every stack: the box goes
                assert table.zoomed_stack() is None
                assert pygame.display.get_surface().subsurface(box.inflate(-20, -20)).copy().get_view("2").raw \
                    != shown.get_view("2").raw, "the stack was drawn large there"
    finally:
        d.close()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_stacks_large_view_keeps_off_the_prompt_and_off_the_stack_itself(players):
    """Above your own stack the box hid part of the prompt (at three players its second line),
    and below an opponent's lower row it reached into the prompt: it goes where it covers
    neither the prompt nor the stack it shows, on the table."""
    from game.scenes.breaks_layout import BreaksLayout
    lay = BreaksLayout(players, viewer=0)
    prompt = lay.PROMPT
    for seat in range(players):
        for count in range(1, 7):
            for k in range(count):
                box, stack = lay.stack_zoom_rect(seat, k, count), lay.stack_rect(seat, k, count)
                assert not box.colliderect(prompt), (seat, k, count, box)
                assert not box.colliderect(stack) and lay.TABLE.contains(box), (seat, k, count, box)


def test_at_three_players_your_stacks_box_leaves_every_prompt_line_readable():
    d = table_with_stacks(3)
    try:
        table = d.top
        hover(d, table.layout.stack_card_rect(0, 0, 4, 1).center)
        box = table.zoomed_stack()[2]
        lines = [rect for text, rect, _ in d.labels(1) if text in table.prompt_lines()]
        assert lines and not any(box.colliderect(r) for r in lines), (box, lines)
    finally:
        d.close()


def tab(d: Driver, shift: bool = False) -> None:
    d.key(pygame.K_TAB, mod=pygame.KMOD_SHIFT if shift else 0)
    d.frames(2)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_tab_reaches_every_banked_stack_and_shows_it_large(players):
    """The large view was for the mouse alone: banked stacks were not in the focus ring. Tab
    stops on each of them, after their owner's slots, and shows the same box as the pointer."""
    d = table_with_stacks(players)
    try:
        table = d.top
        lay = table.layout
        hover(d, (940, 380))  # the pointer rests on no stack
        wanted = {(seat, k) for seat in range(players) for k in range(len(STACKS[seat]))}
        seen = []
        for _ in range(len(table.focus.items)):
            tab(d)
            cur = table.focus.current
            stack = next(((seat, k) for seat, k in wanted
                          if cur.rect_of() == lay.stack_rect(seat, k, len(STACKS[seat]))), None)
            zoom = table.zoomed_stack()
            if stack is None:
                assert zoom is None, "a box only for a focused stack"
                continue
            seen.append(stack)
            assert zoom is not None and zoom[:2] == stack
            assert zoom[2] == lay.stack_zoom_rect(*stack, len(STACKS[stack[0]])), "the pointer's box"
        assert sorted(set(seen)) == sorted(wanted)
    finally:
        d.close()


def test_a_stack_not_yet_banked_is_no_stop_and_shift_tab_goes_back_to_the_stack():
    d = table_with_stacks(2)
    try:
        table = d.top
        stops = []
        for _ in range(len(table.focus.items)):
            tab(d)
            stops.append(table.focus.index)
        assert len(set(stops)) < len(table.focus.items), "unbanked stacks' stops are skipped"
        assert all(table.focus.items[i].rect_of().w for i in set(stops))
        for _ in range(len(table.focus.items)):
            if table.zoomed_stack() is not None:
                break
            tab(d)
        assert table.zoomed_stack() is not None, "Tab reaches a stack"
        first = table.zoomed_stack()[:2]
        tab(d)
        tab(d, shift=True)
        assert table.zoomed_stack()[:2] == first
    finally:
        d.close()


def test_moving_the_mouse_takes_down_the_rings_stack_box_and_a_key_brings_it_back():
    """With the ring resting on a banked stack its box stayed up through mouse play (over the
    table, wherever the pointer went) until a click hid the ring."""
    d = table_with_stacks(2)
    try:
        table = d.top
        hover(d, (940, 380))  # the pointer rests on no stack
        for _ in range(len(table.focus.items)):
            tab(d)
            if table.zoomed_stack() is not None:
                break
        stack = table.zoomed_stack()
        assert stack is not None and table.focus.visible
        hover(d, (950, 390))
        assert table.focus.visible and table.zoomed_stack() is None, "the pointer rests on no stack"
        lay = table.layout
        other = next((s, k) for s in range(2) for k in range(len(STACKS[s])) if (s, k) != stack[:2])
        hover(d, lay.stack_rect(*other, len(STACKS[other[0]])).center)
        assert table.zoomed_stack()[:2] == other, "the pointer's stack, not the ring's"
        d.key(pygame.K_LSHIFT)
        d.frames(2)
        assert table.zoomed_stack()[:2] == stack[:2], "a key shows the ring's box again"
    finally:
        d.close()


def test_a_stacks_large_view_shows_every_cards_suit_a_tens_too():
    """The large view fanned its cards 30 px apart: a 10's rank filled that strip and the next
    card covered its suit (and 4 px of a 4's), so a stack of '10 10 4 4 3' did not say which
    tens it held. Each card's whole corner index, rank and suit, shows as on the card alone."""
    from game.ui.cards import index_middle, index_right, rank_size
    from game.ui.theme import font
    d = table_with_stacks(4)
    try:
        table = d.top
        hover(d, table.layout.stack_card_rect(3, 0, 4, 1).center)  # 4C TD TS 8C 7H
        seat, k, box = table.zoomed_stack()
        assert (seat, k) == (3, 0)
        screen = pygame.display.get_surface()
        f = font(rank_size(BIG[1]), True)
        right, bottom = round(index_right("10", BIG)) + 1, round(index_middle(BIG[1]) + f.get_height() / 2)
        corner = pygame.Rect(9, 0, right - 9, bottom)  # from past the card's rounded (see-through) corner
        for i, code in enumerate(STACKS[3][0][:4]):  # the top card lies open anyway
            alone = table.face(code, BIG).subsurface(corner)
            drawn = screen.subsurface(corner.move(box.x + 8 + i * (box.w - 16 - BIG[0]) // 4, box.y + 8))
            assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(alone, "RGB"), code
    finally:
        d.close()
