"""The Breaks table layout: every seat's banked stacks stay inside its own area, however
many there are (two decks can give one player a dozen)."""

from __future__ import annotations

import itertools

import pytest
from pygame import Rect

from game.scenes.breaks_layout import BreaksLayout


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_stack_stays_inside_its_seat_area(players):
    layout = BreaksLayout(players, viewer=0)
    for seat, area in layout.areas.items():
        for count in range(1, 22):
            rects = [layout.stack_card_rect(seat, k, i, count) for k in range(count) for i in range(5)]
            assert all(area.rect.contains(r) for r in rects), (seat, count)
            firsts = [layout.stack_card_rect(seat, k, 0, count) for k in range(count)]
            assert len({(r.x, r.y) for r in firsts}) == count, "no stack hides another whole"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_stacks_keep_their_usual_spacing_while_they_fit(players):
    layout = BreaksLayout(players, viewer=0)
    area = layout.areas[1]
    a, b = layout.stack_card_rect(1, 0, 0, 2), layout.stack_card_rect(1, 1, 0, 2)
    # side by side, or at four players one under the other in the column beside the slots
    assert (b.x - a.x, b.y - a.y) == ((area.stack_dx, 0) if area.stack_cols > 1 else (0, area.stack_dy))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_focus_ring_on_a_slot_keeps_clear_of_every_seats_heading_and_note(players):
    """The ring on an opponent's slot 3 crossed "Seat 2 (AI)   0 pts", the one on your
    slot 1 covered "You   1 pt", and at four players the ring on an opponent's slot crossed
    "no stacks yet" by 8 px: the ring's outer edge (8 px outside the slot's zone, see
    game/ui/focus.py) stays off every seat's heading and note."""
    import pygame

    from game.scenes.breaks_table import BreaksTable
    from game.session import GameSession
    from tests.ui.driver import Driver
    session = GameSession("breaks", ["human"] + ["ai:easy"] * (players - 1), seed=0, options={"first_player": 0})
    d = Driver(lambda app: BreaksTable(app, session), autosave=False)
    try:
        table = d.top
        d.frames(3)
        slots = [i for i, item in enumerate(table.focus.items)
                 if any(item.rect_of() == table.spot_rect(("slot", seat, s))
                        for seat in range(players) for s in range(3))]
        assert len(slots) == 3 * players
        for index in slots:
            table.focus.index, table.focus.visible = index, True
            ring = table.focus.current.rect_of().inflate(16, 16)
            labels = d.labels(1)
            headings = [(text, rect) for text, rect, _ in labels if text.endswith(("pt", "pts"))]
            notes = [(text, rect) for text, rect, _ in labels if text in ("no stacks yet", "no stacks", "yet")]
            assert len(headings) == players and len(notes) in (players, players + players - 1)
            crossed = [text for text, rect in headings + notes if rect.colliderect(ring)]
            assert not crossed, (ring, crossed)
            assert pygame.Rect(0, 0, 960, 720).contains(ring)
    finally:
        d.close()


@pytest.mark.parametrize("players", [2, 4])
def test_the_pile_captions_sit_between_the_piles_focus_ring_and_your_area_frame(players):
    """"Discard 9" and "Drawn card" ran their g's through the top of your area's frame
    (in a larger window the frame then looked broken under each caption): each caption's
    ink stays above your area, below the focus ring round its pile, and the ring stays off
    the opponents' areas above."""
    from game.scenes.breaks_layout import BreaksLayout as Layout
    from game.scenes.breaks_table import BreaksTable
    from game.session import GameSession
    from game.ui import theme
    from tests.ui.driver import Driver
    session = GameSession("breaks", ["human"] + ["ai:easy"] * (players - 1), seed=0, options={"first_player": 0})
    d = Driver(lambda app: BreaksTable(app, session), autosave=False)
    try:
        d.frames(3)
        lay = d.top.layout
        yours = lay.areas[0].rect
        piles = (Layout.DRAW, Layout.DISCARD, Layout.PENDING)
        captions = [(text, rect, pile) for text, rect, _ in d.labels(1) for pile in piles
                    if rect.centerx == pile.centerx and pile.bottom <= rect.top < pile.bottom + 12]
        assert [text for text, *_ in captions] == ["Draw 40" if players == 4 else "Draw 46", "Discard 0", "Drawn card"]
        for text, rect, pile in captions:
            ink = theme.render(text, 16, theme.TEXT_DIM, False).get_bounding_rect().move(rect.topleft)
            ring = pile.inflate(16, 16)  # the focus ring's outer edge (game/ui/focus.py)
            assert ring.bottom <= ink.top and ink.bottom < yours.top, (text, ring, ink, yours)
            assert not any(ring.colliderect(a.rect) for seat, a in lay.areas.items() if seat != 0), text
    finally:
        d.close()


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_pile_captions_never_run_into_each_other(language):
    """German names the piles "Nachziehstapel" and "Ablagestapel": at 16 px the draw pile's
    caption ran into the discard pile's. All three captions share one size, smaller only
    when needed, with a gap between neighbours even for a three-digit draw pile."""
    from game import i18n
    from game.scenes.breaks_layout import BreaksLayout as Layout
    from game.scenes.breaks_table import BreaksTable
    from game.session import GameSession
    from tests.ui.driver import Driver
    session = GameSession("breaks", ["human", "ai:easy"], seed=0, options={"first_player": 0})
    d = Driver(lambda app: BreaksTable(app, session), autosave=False)
    try:
        i18n.load_language(language)
        d.top.rebuild()
        d.frames(3)
        for count in (46, 104):
            d.top.view = {**d.top.view, "draw_count": count, "discard_count": 12}
            piles = (Layout.DRAW, Layout.DISCARD, Layout.PENDING)
            captions = sorted((rect for _, rect, _ in d.labels(1) for pile in piles
                               if rect.centerx == pile.centerx and pile.bottom <= rect.top < pile.bottom + 12),
                              key=lambda r: r.x)
            assert len(captions) == 3
            assert len({r.h for r in captions}) == 1, "one size for all three"
            for left, right in itertools.pairwise(captions):
                assert right.left - left.right >= 6, (language, count, left, right)
            assert captions[0].left >= 8
            if language == "en":
                assert captions[0].h == theme_height(16), "English keeps the full size"
    finally:
        d.close()
        i18n.load_language("en")


def theme_height(size: int) -> int:
    from game.ui import theme
    return theme.font(size).get_height()


SMALL_WINDOW = 960 / 1280  # the canvas drawn in a 960 x 540 window


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_banked_card_shows_its_whole_rank_readable_in_a_small_window(players):
    """The ranks on banked stacks were 9 px on the canvas (under 7 px in a 960 x 540 window)
    and the cards fanned 8 to 13 px apart, cutting a '10' in half: every stack card's rank is
    now at least as large as the log's text in that window, and the part of each card the next
    one leaves uncovered holds its whole corner index."""
    import pygame

    from game.ui import cards, theme
    pygame.init()
    layout = BreaksLayout(players, viewer=0)
    for seat in layout.areas:
        for count in (1, 4):  # one stack, and as many as most games bank
            for k in range(count):
                rects = [layout.stack_card_rect(seat, k, i, count) for i in range(5)]
                for r, nxt in itertools.pairwise(rects):
                    size = cards.rank_size(r.h)
                    assert size * SMALL_WINDOW >= 10, (seat, r.size)
                    font = theme.font(size, True)
                    if nxt.x > r.x:  # fanned sideways: the rank's width shows
                        assert nxt.x - r.x >= cards.index_left(r.w) + font.size("10")[0] - 1, (seat, r)
                    else:  # fanned downwards: the rank's height shows, descenders apart
                        bottom = cards.index_middle(r.h) + font.get_height() / 2 + font.get_descent()
                        assert nxt.y - r.y >= bottom, (seat, r)


@pytest.mark.parametrize("language, lines", [("en", ["no stacks", "yet"]), ("de", ["noch keine", "Stapel"])])
def test_at_four_players_no_stacks_yet_heads_the_column_where_the_stacks_will_go(language, lines):
    """The note sat under an opponent's slots, where it read as the slots' own: it heads the
    column beside them where that player's stacks will stand, wrapped to its width, clear of
    the focus ring on slot 3 (8 px outside its zone) and of the area's edge."""
    from game import i18n, storage
    from game.scenes.breaks_table import BreaksTable
    from game.session import GameSession
    from tests.ui.driver import Driver
    storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"language": language})
    session = GameSession("breaks", ["human"] + ["ai:easy"] * 3, seed=0, options={"first_player": 0})
    d = Driver(lambda app: BreaksTable(app, session), autosave=False)
    try:
        d.frames(3)
        layout = d.top.layout
        labels = d.labels(1)
        for seat in (1, 2, 3):
            area = layout.areas[seat]
            ring = layout.slot_zone(seat, 2).inflate(16, 16)
            column = Rect(ring.right, area.rect.y, area.rect.right - 4 - ring.right, area.rect.h)
            first = layout.stack_card_rect(seat, 0, 0, 1)
            note = [(text, rect) for text, rect, _ in labels if column.contains(rect) and text in lines]
            assert [text for text, _ in note] == lines, (seat, labels)
            assert note[0][1].top < first.bottom, "at the top of the column, where the first stack goes"
    finally:
        d.close()
        i18n.load_language("en")


def uncovered_top(layout: BreaksLayout, seat: int, stack: int, count: int) -> int:
    """How much of a banked stack's top card shows from its top edge down, above every card
    of the stacks drawn after it (the newer stacks lie on top)."""
    top = layout.stack_card_rect(seat, stack, 4, count)
    shown = top.h
    for later in range(stack + 1, count):
        for i in range(5):
            r = layout.stack_card_rect(seat, later, i, count)
            if r.colliderect(top):
                shown = min(shown, r.top - top.top)
    return shown


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_opponents_stack_shows_its_top_card_clearly_however_many_a_seat_banks(players):
    """At four players an opponent's stacks stand in a narrow column, fanned downwards: from
    the third stack on the rows closed up until the next row covered all but a 16 px strip of
    each top card (12 px in a 960 x 540 window). With up to a dozen stacks a seat (two decks
    can give that many) every stack's top card shows its whole corner index with room to spare,
    and a stack's other cards show every rank or lie piled, never with a rank cut in half; no
    stack reaches another seat's area, a slot, the piles, the prompt or the side panel."""
    import pygame

    from game.scenes.table_base import PANEL_RECT
    from game.ui import cards, theme
    pygame.init()
    layout = BreaksLayout(players, viewer=0)
    rank = cards.rank_size(layout.areas[1].stack_card[1])
    font = theme.font(rank, True)
    index_bottom = cards.index_middle(layout.areas[1].stack_card[1]) + font.get_height() / 2 + font.get_descent()
    assert rank * SMALL_WINDOW >= 10
    keep_off = [layout.DRAW, layout.DISCARD, layout.PENDING, layout.PROMPT, PANEL_RECT]
    keep_off += [layout.slot_zone(seat, s) for seat in layout.areas for s in range(3)]
    for seat in range(1, players):
        others = [a.rect for other, a in layout.areas.items() if other != seat]
        for count in range(1, 13):
            for k in range(count):
                shown = uncovered_top(layout, seat, k, count)
                assert shown >= index_bottom + 6, (players, seat, count, k, shown)
                fan = [layout.stack_card_rect(seat, k, i, count) for i in range(5)]
                steps = {(b.x - a.x) + (b.y - a.y) for a, b in itertools.pairwise(fan)}  # sideways or down
                assert len(steps) == 1 and (min(steps) >= index_bottom or max(steps) <= 3), (seat, count, k, fan)
                hit = [r for card in fan for r in keep_off + others if card.colliderect(r)]
                assert not hit, (players, seat, count, k, hit)
