"""The Circuit Breaker table driven headless: placing by drag with rotation, refusals
naming the edge, mouse to a pile and onto an opponent's appliance, cheese, discard."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.circuit_breaker_layout import HOUSE, house_rect_cell, mouse_spot, round_box
from game.scenes.circuit_breaker_table import CircuitBreakerTable
from game.session import GameSession
from tests.ui.driver import Driver

S = {"first_player": 0, "wire_order": ["W1", "W31", "W7", "W22", "W4", "W16"],
     "appliance_order": ["A1", "A2", "A3", "A5", "A9", "A16", "A4", "A6", "A7"], "objectives": [1, 2]}


def cb_driver(actions=(), seats=("human", "human")) -> Driver:
    session = GameSession("circuit_breaker", list(seats), seed=1, options={"setup": S})
    for a in actions:
        session.apply(a, session.current_player)
    return Driver(lambda app: CircuitBreakerTable(app, session), autosave=False)


def log(d: Driver) -> list[str]:
    return d.app.stack.find(CircuitBreakerTable).session.log.actions


def test_drag_a_tile_with_rotation_onto_a_glowing_cell():
    d = cb_driver()
    try:
        t = d.top
        i = t.view["hand"].index("A1")
        d.hold(t.hand_rect(i).center, (200, 200))
        d.key(pygame.K_r)
        d.key(pygame.K_r)        # A1 at r180 points its connector south, toward the box
        d.release(house_rect_cell(3, 4).center)
        assert log(d) == ["place A1 at 3,4 r180"]
    finally:
        d.close()


def test_a_mismatch_is_refused_naming_the_edge():
    d = cb_driver()
    try:
        t = d.top
        i = t.view["hand"].index("W1")
        d.hold(t.hand_rect(i).center, (200, 200))
        d.key(pygame.K_r)        # W1 at r90: walls north and south, the box's 1 faces a wall
        d.release(house_rect_cell(3, 4).center)
        assert log(d) == []
        assert t.toast and ("wall" in t.toast.lower() or "edge" in t.toast.lower())
        assert t.drag.snapbacks
    finally:
        d.close()


def test_the_prompt_says_when_a_held_tile_fits_only_turned_or_nowhere():
    d = cb_driver()
    try:
        t = d.top
        hand = t.view["hand"]
        t.pick_hand(hand.index("A1"))  # A1 fits only at r90 or r180: upright, nothing glows
        assert t.rotation == 0
        assert t.prompt().startswith("The tile you picked fits only when turned: press R")
        d.key(pygame.K_r)
        assert t.prompt().startswith("Place the tile you picked on a glowing cell")
        t.pick_hand(hand.index("A1"))  # put back
        t.legal()  # as if no cell took A2 at all
        t._legal = (t._legal[0], {m for m in t._legal[1] if not m.startswith("place A2 ")})
        t.pick_hand(hand.index("A2"))
        assert t.prompt().startswith("The tile you picked fits nowhere in your house now")
    finally:
        d.close()


def test_in_german_a_held_tiles_prompt_is_drawn_whole_above_the_house():
    """The German prompts for a held tile need three lines at the usual size, and only two
    fit over the house: the end, what to do with the tile, was cut off."""
    from game import i18n, storage
    storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"language": "de"})
    d = cb_driver()
    try:
        t = d.top
        t.pick_hand(t.view["hand"].index("A1"))
        d.key(pygame.K_r)  # now it fits: "put it on a glowing cell, or drop it on an appliance pile"
        prompt = t.prompt()
        assert prompt.startswith("Leg das gewählte Plättchen") and prompt.endswith("Gerätestapel ab.")
        drawn = [(text, rect) for text, rect, _ in d.labels() if rect.x == HOUSE.x and rect.y < HOUSE.y]
        assert " ".join(text for text, _ in drawn) == prompt
        assert all(rect.bottom <= HOUSE.y - 5 for _, rect in drawn), "clear of the house's edge"
    finally:
        d.close()
        i18n.load_language("en")


def test_the_focus_ring_round_a_market_pile_leaves_the_market_heading_clear():
    d = cb_driver()
    try:
        t = d.top
        d.frames(2)
        first = t.spot_rect(t.market_spots()[0])
        t.focus.index = next(i for i, item in enumerate(t.focus.items) if item.rect_of() == first)
        t.focus.visible = True
        labels = d.labels()
        heading = next(rect for text, rect, _ in labels if text == "Market")
        assert heading.bottom <= first.inflate(16, 16).top, "the ring reaches 8 px outside the pile"
        track = next(rect for text, rect, _ in labels if text.startswith("Round 1 of"))
        lowest = max(t.spot_rect(name).inflate(16, 16).bottom for name in t.market_spots())
        assert lowest <= track.top, "a ring round the second row stays above the round track"
    finally:
        d.close()


def test_the_prompt_guides_a_dragged_tile_as_it_does_a_picked_one():
    d = cb_driver()
    try:
        t = d.top
        hand = t.view["hand"]
        d.hold(t.hand_rect(hand.index("A1")).center, (200, 200))  # dragged upright: nothing glows
        assert t.prompt().startswith("The tile you picked fits only when turned: press R")
        d.key(pygame.K_r)
        assert t.prompt().startswith("Place the tile you picked on a glowing cell")
        d.release(house_rect_cell(3, 4).center)  # r90 does not fit there: it goes back
        t.legal()  # as if no cell took A2 at all
        t._legal = (t._legal[0], {m for m in t._legal[1] if not m.startswith("place A2 ")})
        d.hold(t.hand_rect(hand.index("A2")).center, (200, 200))
        assert t.prompt().startswith("The tile you picked fits nowhere in your house now")
        d.release(t.hand_rect(hand.index("A2")).center)
        assert t.prompt().startswith("Drag up to 2 tiles into your house")  # nothing held any more
    finally:
        d.close()


def test_the_prompt_says_when_no_tile_in_hand_fits_or_the_hand_is_empty():
    d = cb_driver()
    try:
        t = d.top
        assert t.prompt().startswith("Drag up to 2 tiles into your house")
        t.legal()  # as if no cell took any tile in the hand
        t._legal = (t._legal[0], {m for m in t._legal[1] if not m.startswith("place ")})
        assert t.prompt() == "None of your tiles fits your house now: send your mouse, discard for cheese, " \
                             "then End turn."
    finally:
        d.close()
    d = cb_driver([f"discard {tile} to appliance-1" for tile in ("W1", "W31", "A1", "A2", "A3")])
    try:
        t = d.top
        assert t.prompt() == "Your hand is empty: send your mouse for a tile, then End turn."
        t.act("mouse wire-stack")
        assert t.prompt() == "Your hand is empty: End turn."
    finally:
        d.close()


def test_a_closed_house_is_called_closed_not_just_without_a_fitting_tile_now():
    """With an appliance on each side of the box no tile can ever go in (until a mouse takes
    one out), yet the prompt said 'None of your tiles fits your house now', and players kept
    fetching tiles for it: it says the house has no open connector left, whole in two lines
    over the house, German too."""
    from game import i18n
    closing = ["place A1 at 3,4 r180", "place A2 at 4,3 r270", "mouse appliance-1", "end", "end",
               "place A3 at 3,2 r0", "place A4 at 2,3 r90", "end", "end"]  # A4: the pile's U Bubble Maker
    d = cb_driver(closing)
    try:
        t = d.top
        assert t.view["hand"] and not any(m.startswith("place ") for m in t.legal())
        for language, expected in (
                ("en", "Your house has no open connector left, so no tile can go in: send your mouse, discard for "
                       "cheese, then End turn."),
                ("de", "Dein Haus hat keinen offenen Anschluss mehr, kein Plättchen passt hinein: Schick deine Maus "
                       "los, wirf für Käse ab, dann Zug beenden.")):
            i18n.load_language(language)
            assert t.prompt() == expected
            drawn = [(text, rect) for text, rect, _ in d.labels(frames=1) if rect.x == HOUSE.x and rect.y < HOUSE.y]
            assert " ".join(text for text, _ in drawn) == expected, drawn
            assert all(rect.h >= 18 and rect.bottom <= HOUSE.y - 5 for _, rect in drawn), drawn
    finally:
        d.close()
        i18n.load_language("en")
    d = cb_driver(closing[:-4])  # one side still open: only the tiles in hand do not fit
    try:
        t = d.top
        t.legal()
        t._legal = (t._legal[0], {m for m in t._legal[1] if not m.startswith("place ")})
        assert t.prompt().startswith("None of your tiles fits your house now")
    finally:
        d.close()


def test_the_prompt_counts_the_placements_left_this_turn():
    """It said 'Drag tiles into your house (2 per turn)' after a tile was placed too: it
    counts down, drawn whole over the house in English and German."""
    from game import i18n, storage
    from game.scenes.circuit_breaker_layout import prompt_lines
    d = cb_driver()
    try:
        t = d.top
        assert t.prompt() == ("Drag up to 2 tiles into your house this turn, send your mouse, discard for cheese, "
                              "then End turn.")
        i = t.view["hand"].index("A1")
        d.hold(t.hand_rect(i).center, (200, 200))
        d.key(pygame.K_r)
        d.key(pygame.K_r)
        d.release(house_rect_cell(3, 4).center)
        assert log(d) == ["place A1 at 3,4 r180"]
        assert t.prompt() == ("Drag 1 more tile into your house this turn, send your mouse, discard for cheese, "
                              "then End turn.")
        shown = [text for text, rect, _ in d.labels() if rect.bottom <= HOUSE.y and rect.x == HOUSE.x]
        assert " ".join(shown).startswith("Drag 1 more tile into your house this turn"), shown
        storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"language": "de"})
        i18n.load_language("de")
        german = t.prompt()
        assert german.startswith("Zieh in diesem Zug noch 1 Plättchen in dein Haus"), german
        size, lines = prompt_lines(german)
        assert " ".join(lines) == german and size >= 13
    finally:
        d.close()
        i18n.load_language("en")


def test_in_the_last_round_the_prompt_no_longer_asks_for_the_mouse():
    session = GameSession("circuit_breaker", ["human", "human"], seed=1, options={"setup": S, "rounds": 1})
    d = Driver(lambda app: CircuitBreakerTable(app, session), autosave=False)
    try:
        t = d.top
        assert t.prompt() == ("Last round: drag up to 2 tiles into your house this turn, discard for cheese, "
                              "then End turn.")
        t.act("place A1 at 3,4 r180")
        t.act("place A2 at 4,3 r270")
        assert t.prompt() == "Both placements are made: discard for cheese, then End turn."
    finally:
        d.close()
    d = cb_driver(["place A1 at 3,4 r180", "place A2 at 4,3 r270"])
    try:
        assert d.top.prompt() == "Both placements are made: send your mouse, discard for cheese, then End turn."
    finally:
        d.close()


def test_the_score_panel_reads_in_plain_words_without_a_star_key():
    """It read 'Bubble Maker x1 *: 3' under a '* = on the card' key; like the results, it
    now says it in words: how many of each card type are in the house and their points,
    and 'none yet' for a card type not built (it read 'Gumball Machine: 0, 0 points')."""
    from game import i18n
    from game.scenes.circuit_breaker_layout import OBJECTIVE
    d = cb_driver()
    try:
        d.top.act("place A1 at 3,4 r180")  # a Bubble Maker: on card 1
        for language, expected in (
                ("en", "On the card: Bubble Maker: 1, 3 points; Gumball Machine: none yet; Popcorn Popper: none yet."),
                ("de", "Auf der Karte: Seifenblasenmaschine: 1, 3 Punkte; Kaugummiautomat: noch keine; "
                       "Popcornmaschine: noch keine.")):
            i18n.load_language(language)
            panel = " ".join(text for text, rect, _ in d.labels(frames=1) if OBJECTIVE.contains(rect))
            panel = panel.replace("\u00a0", " ")
            assert expected in panel, panel
            assert not any(mark in panel for mark in ("*", " x1", " 0,")), panel
    finally:
        d.close()
        i18n.load_language("en")


def test_the_score_panel_names_every_type_in_the_house_at_13_px_even_all_twelve(monkeypatch):
    """Twelve types took 12 px lines, and in German the card's three names shrank to
    about 10 px: every word in the panel is 13 px at least, in English and German."""
    from game import i18n
    from game.rules.circuit_breaker import helpers, scoring
    from game.scenes.circuit_breaker_layout import OBJECTIVE
    d = cb_driver()
    try:
        for counts in ([0] + [1] * 12, [0, 4, 0, 2, 1, 3, 0, 1, 0, 0, 2, 0, 0]):
            every = scoring.breakdown(counts, 1)  # card 1
            monkeypatch.setattr(helpers, "house_score", lambda view, seat=None, e=every: e)
            for language in ("en", "de"):
                i18n.load_language(language)
                labels = [(text, rect) for text, rect, _ in d.labels(frames=2) if OBJECTIVE.colliderect(rect)]
                words = " ".join(text for text, _ in labels).replace("\u00a0", " ")
                for t in every["types"]:
                    if t["count"]:
                        assert f"{i18n.tr(t['name'])}: {t['count']}," in words, (t["name"], words)
                    elif t["on_card"]:
                        assert i18n.tr("{name}: none yet", name=i18n.tr(t["name"])) in words, (t["name"], words)
                for text, rect in labels:
                    assert OBJECTIVE.contains(rect), f"{text!r} leaves the panel: {rect}"
                    assert rect.h >= 18, f"{text!r} is drawn under 13 px"
                    assert not any(rect.colliderect(r) for other, r in labels if other != text), text
    finally:
        d.close()
        i18n.load_language("en")


def four_seats_with_the_widest_counts() -> Driver:
    """Your Circuit Breaker table against three computers (stopped), each of them showing
    the widest counts a game sees: 12 cheese and a hand of 10 wires and 14 appliances."""
    session = GameSession("circuit_breaker", ["human", "ai:easy", "ai:easy", "ai:easy"], seed=1,
                          options={"first_player": 0})
    d = Driver(lambda app: CircuitBreakerTable(app, session), autosave=False)
    t = d.top
    t.cancel_ai()
    for seat in t.others():
        t.view["cheese"][seat] = 12
        t.view["hands"][seat] = {**t.view["hands"][seat], "wires": 10, "appliances": 14}
    return d


def test_the_market_labels_and_the_counts_under_other_houses_are_13_px_and_clear_of_all_else():
    """The piles' names, '+2' and '12 cheese' in the market and 'cheese 0, hand 2W+3A' under
    each other house were 12 px, under the least text size: now 13 px at every reading
    size, in English and German, each inside its pile or its house's column and clear of
    every other text, even with two-digit counts and three other houses."""
    from game import i18n
    from game.scenes.table_base import PANEL_RECT
    from game.ui import theme
    d = four_seats_with_the_widest_counts()
    try:
        t = d.top
        for pile in ("wire-1", "appliance-3"):
            t.view["piles"][pile] = t.view["piles"][pile] * 12
        spots = {name: t.spot_rect(name) for name in t.market_spots()}
        columns = {seat: pygame.Rect(t.mini_frame(seat).x, t.mini_frame(seat).bottom, 158, 28) for seat in t.others()}
        for language in ("en", "de"):
            for scale in (1.0, 1.5, 2.0):
                i18n.load_language(language)
                theme.apply_settings(False, scale)
                d.frames(1)
                labels = [(text, rect) for text, rect, _ in d.labels()]
                small = [(text, rect) for text, rect in labels
                         if any(rect.colliderect(r) for r in [*spots.values(), *columns.values()])]
                assert "+11" in [text for text, _ in small], small
                assert sum(text.startswith(i18n.tr("cheese {c}, hand {w}W+{a}A", c=12, w=10, a=14))
                           for text, _ in small) == 3, small
                for text, rect in small:
                    assert rect.h >= theme.font(13).get_height(), (language, scale, text, rect)
                    assert any(r.contains(rect) for r in [*spots.values(), *columns.values()]), (text, rect)
                    assert rect.right <= PANEL_RECT.x, (text, rect)
                    assert not [other for other, r in labels if other != text and r.colliderect(rect)], \
                        (language, scale, text)
    finally:
        i18n.load_language("en")
        theme.apply_settings(False, 1.0)
        d.close()


def test_mouse_to_a_pile_then_onto_an_appliance_and_cheese_it():
    d = cb_driver(["place A1 at 3,4 r180", "discard A3 to appliance-1", "end"])
    try:
        t = d.top
        assert t.session.current_player == 1 and t.viewer == 1, "the table opens on the seat to move"
        target = t.mini_cell_rect(0, 3, 4).center   # seat 1's appliance, seen small
        d.drag(t.mouse_home_rect().center, target)
        assert log(d)[-1] == "mouse house 1 at 3,4"
        d.key(pygame.K_n)
        d.key(pygame.K_n)                           # yes, give up the two placements
        d.key(pygame.K_RETURN)                      # hand-off back to seat 1
        assert t.viewer == 0
        d.click(t.mouse_rect(1).center)             # cheese the thief
        assert log(d)[-1] == "cheese 2"
    finally:
        d.close()


def test_drop_a_tile_on_an_appliance_pile_to_discard_for_cheese():
    d = cb_driver()
    try:
        t = d.top
        i = t.view["hand"].index("A2")
        d.drag(t.hand_rect(i).center, t.spot_rect("appliance-3").center)
        assert log(d) == ["discard A2 to appliance-3"]
        assert t.view["cheese"][0] == 1
    finally:
        d.close()


def test_a_mismatch_is_explained_in_a_banner_inside_the_house():
    d = cb_driver()
    try:
        t = d.top
        i = t.view["hand"].index("W1")
        d.hold(t.hand_rect(i).center, house_rect_cell(3, 4).center)
        d.key(pygame.K_r)        # W1 at r90: the box's 1 faces a wall
        banner = [(text, rect) for text, rect, _ in d.labels() if "wall" in text.lower() or "edge" in text.lower()]
        assert banner, "the reason is shown while the tile hovers over the cell"
        for text, rect in banner:
            assert HOUSE.contains(rect), f"{text!r} runs outside the house: {rect}"
            assert not rect.colliderect(house_rect_cell(3, 4)), "the banner never hides the cell being tried"
    finally:
        d.close()


def test_a_wall_against_a_connector_is_refused_in_plain_words_in_the_banner_and_the_message():
    """The refusal read 'Wall faces a connector at S: the south edge is a wall but the
    neighbour's north edge is ...', a head in compass letters that its tail said again.
    Now once, plainly, with the rule it breaks; whole in the banner (three lines) for
    every side and connector, in English and German."""
    from game import i18n
    from game.scenes.circuit_breaker_words import connector_name, name_connectors, side_word
    from game.ui import theme
    plain = ("This tile's south side is a wall, but its neighbour has a connector there (orange 1 with one tick): "
             "a wall must meet a wall.")
    d = cb_driver(["place A1 at 3,4 r180", "end", "end"])
    try:
        t = d.top
        i = t.view["hand"].index("A3")
        d.hold(t.hand_rect(i).center, house_rect_cell(3, 2).center)
        d.key(pygame.K_r)
        d.key(pygame.K_r)        # A3 at r180: its wall faces the box's south 3
        banner = [text for text, rect, _ in d.labels() if HOUSE.contains(rect) and rect.x == HOUSE.x + 14]
        assert " ".join(banner) == plain.replace("south", "north").replace("orange 1 with one tick",
                                                                            "green 3 with three ticks"), banner
        d.release(house_rect_cell(3, 2).center)
        assert log(d) == ["place A1 at 3,4 r180", "end", "end"] and "faces" not in t.toast, t.toast
        assert t.placement_problem(t.view, "W1", (3, 5), 0) == (
            "This tile's south side has a connector (orange 1 with one tick), but its neighbour has a wall there: "
            "a connector must meet a connector."), "W1 upright above A1: its 1 meets A1's wall"
        for language in ("en", "de"):
            i18n.load_language(language)
            for d_, side, theirs in (("N", "north", "south"), ("E", "east", "west"), ("S", "south", "north"),
                                     ("W", "west", "east")):
                for label in "123U":
                    for engine in (f"wall faces a connector at {d_}: the {side} edge is a wall but the "
                                   f"neighbour's {theirs} edge is {label}",
                                   f"connector faces a wall at {d_}: the {side} edge ({label}) meets the "
                                   f"neighbour's {theirs} wall"):
                        text = name_connectors(engine)
                        assert side_word(d_) in text and connector_name(label) in text and " at " not in text
                        assert len(theme.wrap(text, 15, HOUSE.w - 28, bold=True)) <= 3, text
    finally:
        d.close()
        i18n.load_language("en")


def test_a_connector_against_the_house_wall_is_refused_in_plain_words_in_the_banner_and_the_message():
    """It read 'Connector faces the house wall at N: the north edge (1) must be a wall
    there', a head in compass letters that its tail said again, as the wall against a
    connector did: now once, plainly, whole in the banner, in English and German."""
    from game import i18n
    from game.scenes.circuit_breaker_words import connector_name, name_connectors, side_word
    from game.ui import theme
    plain = ("This tile's north side has a connector (orange 1 with one tick), but the house ends there: a side on "
             "the house's edge must be a wall.")
    d = cb_driver(["place W1 at 3,4 r0", "place W31 at 3,5 r0", "end", "end"])
    try:
        t = d.top
        i = t.view["hand"].index("A1")
        d.hold(t.hand_rect(i).center, house_rect_cell(3, 6).center)  # A1 upright: its 1 faces the top edge
        banner = [text for text, rect, _ in d.labels() if HOUSE.contains(rect) and rect.x == HOUSE.x + 14]
        assert " ".join(banner) == plain, banner
        d.release(house_rect_cell(3, 6).center)
        assert log(d)[-1] == "end" and t.toast == plain, t.toast
        for language in ("en", "de"):
            i18n.load_language(language)
            for d_, side in (("N", "north"), ("E", "east"), ("S", "south"), ("W", "west")):
                for label in "123U":
                    text = name_connectors(f"connector faces the house wall at {d_}: the {side} edge ({label}) "
                                           "must be a wall there")
                    assert side_word(d_) in text and connector_name(label) in text and " at " not in text, text
                    assert len(theme.wrap(text, 15, HOUSE.w - 28, bold=True)) <= 3, text
    finally:
        d.close()
        i18n.load_language("en")


def test_letting_go_over_the_hand_puts_the_tile_back_quietly():
    d = cb_driver()
    try:
        t = d.top
        i = t.view["hand"].index("W1")
        d.drag(t.hand_rect(i).center, (t.hand_rect(i).centerx + 150, t.hand_rect(i).centery))
        assert log(d) == [] and not t.toast
        d.drag(t.hand_rect(i).center, (t.hand_rect(i).centerx + 150, 40))   # dropped on nothing useful
        assert log(d) == [] and "Drop tiles on your house" in (t.toast or "")
    finally:
        d.close()


def test_the_log_names_spots_in_words_and_says_you():
    session = GameSession("circuit_breaker", ["human", "ai:easy"], seed=1, options={"setup": S})
    for a in ["place A1 at 3,4 r180", "discard A3 to appliance-1", "end", "mouse house 1 at 3,4", "end",
              "cheese 2", "end"]:
        session.apply(a, session.current_player)
    d = Driver(lambda app: CircuitBreakerTable(app, session), autosave=False)
    try:
        t = d.top
        lines = [line for _, line in t.log_lines]
        assert "You placed a Bubble Maker at 3,4, connector facing south." in lines
        assert "You discarded a Bubble Maker onto the appliance 1 pile and took a cheese." in lines
        assert "Seat 2 (AI) sent the mouse to your appliance at 3,4." in lines
        assert "You paid a cheese to chase Seat 2 (AI)'s mouse to the appliance stack." in lines
        home = [(seat, line) for seat, line in t.log_lines if line.startswith("Seat 2 (AI)'s mouse comes home")]
        assert home and all(seat == 1 for seat, _ in home), "a mouse coming home is marked with its owner"
        assert not any("-" in line.split(" with ")[0] for line in lines if "mouse" in line), lines
    finally:
        d.close()


def test_the_results_name_each_seats_objective_types_not_a_card_number():
    session = GameSession("circuit_breaker", ["human", "ai:easy"], seed=1, options={"setup": S, "rounds": 2})
    for a in ["place A1 at 3,4 r180", "place A2 at 4,3 r270", "mouse appliance-1", "end",
              "place A5 at 3,4 r180", "place A9 at 2,3 r90", "end",
              "place A3 at 3,2 r0", "place A4 at 2,3 r90", "end", "place A16 at 4,3 r270", "end"]:
        session.apply(a, session.current_player)
    assert session.is_over()
    d = Driver(lambda app: CircuitBreakerTable(app, session), autosave=False)
    try:
        lines = d.app.stack.find(CircuitBreakerTable).result_lines()
        assert lines[1] == "You: 15 points. Bubble Maker: 4 on the card, 15 points. Objective card: Bubble Maker, " \
            "Gumball Machine, Popcorn Popper.", lines
        assert lines[2].startswith("Seat 2 (AI): 7 points. Gumball Machine: 1 on the card, 3 points; "), lines
        assert lines[2].endswith(". Objective card: Gumball Machine, Jukebox, Lava Lamp."), lines
        # plain words, the key said once: no "x4* = 15 -> 15" and no "* = on the card" on every line
        assert "objective card" in lines[0] and not any(mark in "".join(lines) for mark in ("*", "->", " x")), lines
    finally:
        d.close()



def _results_after(actions: list[str], rounds: int = 1, objectives: list[int] | None = None) -> list[str]:
    setup = {**S, "objectives": objectives or S["objectives"]}
    session = GameSession("circuit_breaker", ["human", "ai:easy"], seed=1, options={"setup": setup, "rounds": rounds})
    for a in actions:
        session.apply(a, session.current_player)
    assert session.is_over()
    d = Driver(lambda app: CircuitBreakerTable(app, session), autosave=False)
    try:
        return d.app.stack.find(CircuitBreakerTable).result_lines()
    finally:
        d.close()


def test_CB_19_the_results_say_which_tie_break_decided_an_equal_score():
    # E9: 3 points each; seat 2 holds the only cheese, so cheese decides
    lines = _results_after(["place A1 at 3,4 r180", "end", "place A5 at 3,4 r180", "discard A9 to appliance-1", "end"])
    assert "Equal points (3 each): the most cheese decides, 1 against 0." in lines, lines
    # no cheese either; with card 6 seat 2's three appliances are off its card (1 + 1 + 1 against
    # seat 1's one Bubble Maker on its card), so the appliances in the house decide
    lines = _results_after(["place A1 at 3,4 r180", "end", "place A5 at 3,4 r180", "place A9 at 2,3 r90", "end",
                            "end", "place A16 at 4,3 r270", "end"], rounds=2, objectives=[1, 6])
    assert "Equal points (3 each) and equal cheese (0 each): the most appliances in the house decide, " \
        "3 against 1." \
        in lines, lines
    lines = _results_after(["place A1 at 3,4 r180", "end", "place A5 at 3,4 r180", "end"])
    assert "Equal points (3 each), cheese (0 each) and appliances in the house (1 each): the win is shared." \
        in lines, lines
    lines = _results_after(["place A1 at 3,4 r180", "place A2 at 4,3 r270", "end", "place A5 at 3,4 r180", "end"])
    assert not any(line.startswith("Equal points") for line in lines), lines  # 6 against 3: no tie to explain


def test_a_finished_games_log_ends_with_the_final_points_winner_first_not_game_over_again():
    """The log's last line read 'Game over.' under the banner saying so. E9: 3 points each and
    seat 2 wins on cheese, so it comes first."""
    session = GameSession("circuit_breaker", ["human", "human"], seed=1, options={"setup": S, "rounds": 1})
    for a in ["place A1 at 3,4 r180", "end", "place A5 at 3,4 r180", "discard A9 to appliance-1"]:
        session.apply(a, session.current_player)
    d = Driver(lambda app: CircuitBreakerTable(app, session), autosave=False)
    try:
        t = d.app.stack.find(CircuitBreakerTable)
        assert t.perform("end", 1) and session.is_over() and session.state.winners() == [1]
        assert t.log_lines[-1] == (None, "Final scores — Seat 2: 3, Seat 1: 3.")
        shown = [text for text, _, _ in d.labels(frames=1)]
        assert sum("game over" in text.lower() for text in shown) == 1, shown
    finally:
        d.close()


def test_CB_19_the_results_give_the_tie_break_rule_with_appliances_counted_in_the_house():
    lines = _results_after(["place A1 at 3,4 r180", "place A2 at 4,3 r270", "end", "place A5 at 3,4 r180", "end"])
    assert "Ties: most cheese, then most appliances in the house." in lines, lines  # hands never count (CB-17)


def test_a_long_shared_win_title_stays_inside_the_results_box():
    from game.scenes.results import ResultsScene
    session = GameSession("circuit_breaker", ["human", "ai:easy", "ai:easy", "ai:easy"], seed=1,
                          options={"rounds": 1, "first_player": 0})
    for _ in range(4):
        session.apply("end", session.current_player)
    assert session.is_over() and session.state.winners() == [0, 1, 2, 3]
    d = Driver(lambda app: CircuitBreakerTable(app, session), autosave=False)
    try:
        assert d.until(lambda: isinstance(d.top, ResultsScene), timeout=5)
        # the title only: the table's prompt under the shade says it too, as a sentence
        title = [(text, rect) for text, rect, _ in d.labels(frames=2)
                 if text == "Shared win: You, Seat 2 (AI), Seat 3 (AI), Seat 4 (AI)"]
        assert title, "the shared win is announced"
        for text, rect in title:
            assert d.top.box.contains(rect), f"{text!r} runs out of the box {d.top.box}: {rect}"
    finally:
        d.close()


def point_at(d: Driver, pos: tuple[int, int]) -> list[str]:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    return [text for text, _, _ in d.labels(frames=2)]


def test_pointing_at_a_tile_names_it_and_at_a_thief_tells_what_cheese_costs():
    d = cb_driver(["place A1 at 3,4 r180", "discard A3 to appliance-1", "end", "mouse house 1 at 3,4", "end"],
                  seats=("human", "ai:easy"))
    try:
        t = d.top
        assert t.viewer == 0 and t.my_turn()
        texts = point_at(d, t.spot_rect("appliance-1").center)   # A3 lies on top of the pile
        assert "Bubble Maker, connector green 3 with three ticks (on your objective card)" in " ".join(texts)
        texts = point_at(d, house_rect_cell(3, 3).center)        # the box is not a tile
        assert not any(", connector" in text for text in texts)
        wire = t.view["hand"].index("W1")
        assert "Straight wire, both connectors orange 1 with one tick" in point_at(d, t.hand_rect(wire).center)
        texts = point_at(d, t.mouse_rect(1).center)              # seat 2's mouse on our A1
        assert "Click: 1 cheese (you have 1) sends Seat 2 (AI)'s mouse to the appliance stack." in " ".join(texts)
    finally:
        d.close()


def test_a_mouse_on_the_appliance_stack_is_refused_once_plainly_with_or_without_cheese():
    """It read "Seat 2 (AI)'s mouse: seat 2's mouse is already on the appliance stack"
    (the mouse named twice), and without cheese "Seat 2 (AI)'s mouse: no cheese: ...",
    as if a cheese could move it: cheese sends a mouse to that stack, so none can."""
    from game import i18n
    plain = "Seat 2 (AI)'s mouse is already on the appliance stack, where cheese would send it."
    for actions in (["end", "mouse appliance-stack", "end"],
                    ["discard A3 to appliance-1", "end", "mouse appliance-stack", "end"]):
        d = cb_driver(actions, seats=("human", "ai:easy"))
        try:
            t = d.top
            t.cancel_ai()
            assert t.my_turn() and t.view["mice"][1]["spot"] == "appliance-stack"
            assert plain in " ".join(point_at(d, t.mouse_rect(1).center))
            d.click(t.mouse_rect(1).center)
            assert t.toast == plain and log(d)[-1] == "end"
            i18n.load_language("de")
            assert t.chase_problem(1) == ("Die Maus von Spieler 2 (KI) ist schon auf dem Gerätestapel, wohin Käse sie "
                                          "schicken würde.")
        finally:
            d.close()
            i18n.load_language("en")


def test_without_cheese_pointing_at_or_clicking_a_rival_mouse_says_plainly_why_and_how_to_earn_one():
    """It said "Seat 2 (AI)'s mouse: no cheese: discard a tile to earn a piece of cheese
    first": neither what cheese does to the mouse nor where to discard (CB-13: onto an
    appliance pile, while the cheese tile has any), and it offered the discard when the
    hand or the cheese tile was empty."""
    from game import i18n, storage
    d = cb_driver(["place A1 at 3,4 r180", "end", "mouse house 1 at 3,4", "end"], seats=("human", "ai:easy"))
    try:
        t = d.top
        t.cancel_ai()
        plain = ("You have no cheese to chase Seat 2 (AI)'s mouse away: discard a tile onto an appliance pile to "
                 "earn one.")
        assert plain in " ".join(point_at(d, t.mouse_rect(1).center))
        d.click(t.mouse_rect(1).center)
        assert t.toast == plain and log(d)[-1] == "end"
        storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"language": "de"})
        i18n.load_language("de")
        assert "Kein Käse, um die Maus von Spieler 2 (KI) zu verjagen: Wirf für Käse ein Plättchen auf einen offenen " \
               "Gerätestapel ab." in " ".join(point_at(d, t.mouse_rect(1).center))
    finally:
        d.close()
        storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"language": "en"})
        i18n.load_language("en")
    emptied = ["place A1 at 3,4 r180", "place A2 at 4,3 r270", "end", "mouse wire-stack", "end",
               "place A3 at 3,2 r0", "place W31 at 2,3 r90", "discard W1 to appliance-1", "cheese 2", "end",
               "mouse wire-stack", "end"]
    d = cb_driver(emptied)
    try:
        t = d.top
        assert not t.view["hand"] and t.view["cheese"][0] == 0
        assert t.describe_mouse(1) == "You have no cheese to chase Seat 2's mouse away, and no tile to discard for one."
    finally:
        d.close()
    session = GameSession("circuit_breaker", ["human", "human"], seed=1, options={"setup": S})
    while len(session.view(1)["hand"]) < 13:  # seat 1 waits; seat 2's mouse fetches a wire each turn
        session.apply("end", 0)
        session.apply("mouse wire-stack", 1)
        session.apply("end", 1)
    session.apply("end", 0)
    session.apply("mouse wire-stack", 1)
    for tile in session.view(1)["hand"][:12]:  # seat 2 takes every piece of cheese
        session.apply(f"discard {tile} to appliance-1", 1)
    session.apply("end", 1)
    d = Driver(lambda app: CircuitBreakerTable(app, session), autosave=False)
    try:
        t = d.top
        assert t.view["cheese_pool"] == 0 and t.view["hand"] and t.my_turn()
        assert t.describe_mouse(1) == ("You have no cheese to chase Seat 2's mouse away, and the cheese tile is "
                                       "empty, so none can be earned.")
    finally:
        d.close()


def test_mouse_trips_and_refills_read_as_sentences():
    session = GameSession("circuit_breaker", ["human", "ai:easy"], seed=1, options={"setup": S})
    for a in ["place W1 at 3,4 r0", "place W31 at 3,5 r0", "mouse wire-1", "end", "end"]:
        session.apply(a, session.current_player)
    d = Driver(lambda app: CircuitBreakerTable(app, session), autosave=False)
    try:
        lines = [line for _, line in d.top.log_lines]
        assert "You sent the mouse to the wire 1 pile." in lines
        assert "Your mouse comes home from the wire 1 pile with a corner wire (orange 1)." in lines
        assert "The wire 1 pile is refilled with a straight wire (sky blue 2)." in lines
    finally:
        d.close()


def test_the_log_names_a_wires_connectors_by_colour_as_the_tiles_show_them():
    """The log said 'a T wire (3)' and 'a T wire (1-2-3)': a bare label is nowhere on the
    tiles, which show colours (and ticks). Now 'a T wire (green 3)', in German too."""
    from game import i18n, storage
    setup = {**S, "wire_order": ["W13", "W28", *S["wire_order"]]}  # a T of 3s and a splitter T in seat 1's hand
    session = GameSession("circuit_breaker", ["human", "human"], seed=1, options={"setup": setup})
    d = Driver(lambda app: CircuitBreakerTable(app, session), autosave=False)
    try:
        t = d.top
        for tile, cell in (("W28", (2, 3)), ("W13", (3, 2))):
            i = t.view["hand"].index(tile)
            rot = next(m.split()[4] for m in t.legal() if m.startswith(f"place {tile} at {cell[0]},{cell[1]} "))
            t.rotation = int(rot[1:])  # held the way it fits
            d.drag(t.hand_rect(i).center, house_rect_cell(*cell).center)
        assert [a.split()[1] for a in log(d)] == ["W28", "W13"]
        lines = [line for _, line in t.log_lines]
        assert any(line.startswith("Seat 1 placed a T wire (orange 1, sky blue 2, green 3) at 2,3") for line in lines)
        assert any(line.startswith("Seat 1 placed a T wire (green 3) at 3,2") for line in lines), lines
        storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"language": "de"})
        i18n.load_language("de")
        t.rebuild_log()
        lines = [line for _, line in t.log_lines]
        assert any("eine T-Leitung (grün 3)" in line for line in lines), lines
        assert any("eine T-Leitung (orange 1, hellblau 2, grün 3)" in line for line in lines), lines
    finally:
        d.close()
        i18n.load_language("en")


def test_watching_computer_players_names_the_shown_seat_instead_of_you():
    d = cb_driver(seats=("ai:easy", "ai:easy"))
    try:
        d.top.paused = True  # the labels, not the AI's moves, are under test
        labels = [text for text, _, _ in d.labels(frames=2)]
        assert "Seat 1 (AI)'s hand (5)" in labels
        assert "Seat 1 (AI)'s mouse" in labels
        assert "Seat 1 (AI)'s secret objective and score" in labels
        assert not [text for text in labels if text.startswith("Your")], labels
    finally:
        d.close()
    d = cb_driver(seats=("human", "ai:easy"))
    try:
        labels = [text for text, _, _ in d.labels(frames=2)]
        assert "Your mouse" in labels and "Your secret objective and score" in labels
        assert "Your hand (5); turn the held tile with R or the wheel" in labels
    finally:
        d.close()


def test_the_hands_hint_is_drawn_at_its_14_px_in_english_and_german():
    """The German hint 'Deine Hand (5); dreh das gehaltene Plättchen mit R oder dem
    Mausrad' was 463 px wide at 14 px in 436 px of room and shrank, to 13 px, the least
    reading size, with nothing to spare: it now says it in fewer words, at 14 px as in English."""
    from game import i18n
    from game.scenes.circuit_breaker_layout import HAND_Y
    from game.ui import theme
    d = Driver(lambda app: CircuitBreakerTable(app, hoarding_session(24)), autosave=False)
    try:
        t = d.top
        t.cancel_ai()
        for language in ("en", "de"):
            i18n.load_language(language)
            hint = t.hand_caption(len(t.view["hand"]))
            assert "(2" in hint, hint  # a two-digit count, the widest
            drawn = [rect for text, rect, _ in d.labels(frames=2) if text == hint]
            assert drawn and drawn[0].topleft == (HOUSE.x, HAND_Y), drawn
            assert drawn[0].h == theme.font(14).get_height(), f"{hint!r} is not drawn at 14 px"
    finally:
        d.close()
        i18n.load_language("en")


def test_a_finished_games_hand_caption_no_longer_asks_to_turn_a_tile():
    """At game over the caption still said 'turn the held tile with R or the wheel', with
    nothing left to play: it says what the leftover tiles are worth, at 14 px, German too."""
    from game import i18n
    from game.scenes.circuit_breaker_layout import HAND_Y
    from game.ui import theme
    session = GameSession("circuit_breaker", ["human", "ai:easy"], seed=1, options={"setup": S, "rounds": 1})
    for a in ["place A1 at 3,4 r180", "end", "place A5 at 3,4 r180", "end"]:
        session.apply(a, session.current_player)
    assert session.is_over()
    d = Driver(lambda app: CircuitBreakerTable(app, session), autosave=False)
    try:
        for language, expected in (("en", "Left in your hand (4); tiles in hand score nothing"),
                                   ("de", "Übrig in deiner Hand (4); Plättchen auf der Hand zählen nicht")):
            i18n.load_language(language)
            shown = [(text, rect) for text, rect, _ in d.labels(frames=2)]
            assert not any("R" in text.split() or "wheel" in text or "Mausrad" in text for text, _ in shown), shown
            drawn = [rect for text, rect in shown if text == expected]
            assert drawn and drawn[0].topleft == (HOUSE.x, HAND_Y), shown
            assert drawn[0].h == theme.font(14).get_height(), f"{expected!r} is not drawn at 14 px"
    finally:
        d.close()
        i18n.load_language("en")


def test_in_pass_and_play_the_shared_log_never_names_a_face_down_tile():
    """With two people at one screen the log is read by both, so a tile dealt or fetched
    face down is 'a hidden tile' for everyone; a tile taken from a face-up pile is named."""
    turns = ["mouse wire-stack; end", "mouse appliance-1; end"] + ["end"] * 10
    d = cb_driver(actions=[a for turn in turns for a in turn.split("; ")])
    try:
        t = d.top
        def face_down():  # lines about a tile dealt or fetched from a stack
            return [line for _, line in t.log_lines if line.startswith("Round deal") or " stack with " in line]
        assert face_down() and all("a hidden tile" in line for line in face_down()), face_down()
        # a tile taken from a face-up pile is named (A4, a Bubble Maker, lay on appliance-1)
        assert "Seat 2's mouse comes home from the appliance 1 pile with a Bubble Maker." in \
            [line for _, line in t.log_lines]
        for _ in range(4):  # and the log written as the game goes on
            if d.top is not t:
                d.key(pygame.K_RETURN, frames=5)
            d.key(pygame.K_n, frames=5)
            d.frames(20)
        assert all("a hidden tile" in line for line in face_down()), face_down()
    finally:
        d.close()


def test_a_hint_stays_with_the_player_who_asked_across_a_hand_off():
    from game.scenes.handoff import HandoffScene
    session = GameSession("circuit_breaker", ["human", "human", "ai:easy"], seed=7, options={"first_player": 0})
    d = Driver(lambda app: CircuitBreakerTable(app, session), autosave=False)
    try:
        t = d.top
        d.frames(3)
        d.key(pygame.K_h)
        assert d.until(lambda: t.hint is not None, 60)
        hinted = t.hint[0]
        d.key(pygame.K_n, frames=2)
        d.key(pygame.K_n, frames=2)  # the turn ends unused: yes
        assert d.until(lambda: isinstance(d.top, HandoffScene), 10)
        d.key(pygame.K_RETURN, frames=2)
        assert t.viewer == 1
        shown = (t.toast or "") + " ".join(line for _, line in t.log_lines)
        assert hinted not in shown and "asked for a hint" in shown
    finally:
        d.close()


def test_in_the_tutorial_r_turns_the_tile_the_coach_outlines():
    from game.scenes.tables import start_tutorial
    from game.scenes.title import TitleScene
    d = Driver(lambda app: TitleScene(app))
    try:
        start_tutorial(d.app, "circuit_breaker")
        t = d.top
        d.frames(3)
        start = t.rotation
        d.key(pygame.K_r, frames=3)
        assert t.rotation == (start + 90) % 360  # the coach's outline does not hold it
        d.key(pygame.K_r, frames=3)
        d.drag(t.hand_rect(t.view["hand"].index("A1")).center, house_rect_cell(3, 4).center)
        assert t.session.log.actions == ["place A1 at 3,4 r180"]
    finally:
        d.close()


def focus_on(d: Driver, rect: pygame.Rect, tries: int = 400) -> None:
    for _ in range(tries):
        d.key(pygame.K_TAB, frames=1)
        if d.top.focus.current is not None and d.top.focus.current.rect_of() == rect:
            return
    raise AssertionError(f"no focus stop at {rect}")


def test_the_mouse_goes_to_an_opponents_appliance_by_click_or_keys_and_cheese_by_keys():
    moves = ["place A1 at 3,4 r180", "discard A3 to appliance-1", "end"]
    d = cb_driver(moves)
    try:
        t = d.top
        d.click(t.mini_cell_rect(0, 3, 4).center)  # clicks, no drag: the first aims, the second sends
        assert log(d)[-1] == "end" and t.mouse_aim == "mouse house 1 at 3,4"
        d.click(t.mini_cell_rect(0, 3, 4).center)
        assert log(d)[-1] == "mouse house 1 at 3,4"
    finally:
        d.close()
    d = cb_driver(moves)
    try:
        t = d.top
        focus_on(d, t.mini_cell_rect(0, 3, 4))
        d.key(pygame.K_RETURN)
        assert log(d)[-1] == "end", "Enter aims the mouse, as a click does"
        d.key(pygame.K_RETURN)
        assert log(d)[-1] == "mouse house 1 at 3,4"
        d.key(pygame.K_n)
        d.key(pygame.K_n)  # yes, give up the placements
        d.key(pygame.K_RETURN)  # hand-off back to seat 1
        assert t.viewer == 0
        focus_on(d, t.mouse_rect(1))
        d.key(pygame.K_RETURN)
        assert log(d)[-1] == "cheese 2"
    finally:
        d.close()


def test_a_cheese_hint_says_stealing_only_when_the_mouse_is_on_your_house():
    d = cb_driver(["place A1 at 3,4 r180", "end", "mouse appliance-1", "end"])
    try:
        t = d.top
        assert t.viewer == 0 and t.view["mice"][1]["spot"] == "appliance-1"
        assert "steal" not in t.hint_reason("cheese 2")
    finally:
        d.close()
    d = cb_driver(["place A1 at 3,4 r180", "end", "mouse house 1 at 3,4", "end"])
    try:
        assert d.top.hint_reason("cheese 2") == "That mouse is about to steal from you."
    finally:
        d.close()


def test_a_point_inside_an_opponents_appliance_picks_that_appliance_not_its_neighbour():
    import random
    rng = random.Random(7)
    session = GameSession("circuit_breaker", ["human", "ai:easy"], seed=7)
    for _ in range(600):  # play until seat 1 may send its mouse to several of seat 2's appliances
        legal = session.legal_texts()
        houses = [t for t in legal if t.startswith("mouse house ")]
        if session.current_player == 0 and len(houses) >= 3:
            break
        places = [t for t in legal if t.startswith("place")]
        session.apply(rng.choice(places) if places else "end" if "end" in legal else rng.choice(legal),
                      session.current_player)
    d = Driver(lambda app: CircuitBreakerTable(app, session), autosave=False)
    try:
        t = d.top
        t.paused = True
        d.frames(2)
        targets = [text for text in t.mouse_targets() if text.startswith("mouse house ")]
        widened = [t.mouse_targets()[text] for text in targets]
        assert any(a.colliderect(b) for i, a in enumerate(widened) for b in widened[i + 1:]), "neighbours overlap"
        for text in targets:
            w = text.split()
            x, y = (int(v) for v in w[4].split(","))
            cell = t.mini_cell_rect(int(w[2]) - 1, x, y)
            for point in (cell.midleft, cell.midright, cell.midtop, cell.midbottom):
                inside = (min(max(point[0], cell.left + 1), cell.right - 2), min(max(point[1], cell.top + 1),
                                                                                   cell.bottom - 2))
                assert t.mouse_target_at(inside) == text
    finally:
        d.close()


def test_the_round_track_ends_before_the_side_panel_however_long_the_game():
    from itertools import pairwise

    from game.scenes.circuit_breaker_layout import round_box
    from game.scenes.table_base import PANEL_RECT
    for rounds in range(1, 41):
        boxes = [round_box(k, rounds) for k in range(1, rounds + 1)]
        assert boxes[-1].right < PANEL_RECT.x, rounds
        assert all(a.right <= b.x for a, b in pairwise(boxes)), "boxes stay apart"
    assert round_box(2, 16).x - round_box(1, 16).x == 20, "a usual game keeps its spacing"


def _ink(surface: pygame.Surface, rect: pygame.Rect, background: tuple[int, int, int]) -> int:
    """Pixels inside ``rect`` that are not the background colour."""
    return sum(1 for x in range(rect.left + 2, rect.right - 2) for y in range(rect.top + 2, rect.bottom - 2)
               if surface.get_at((x, y))[:3] != background)


def test_a_computer_tile_flies_from_its_hand_and_its_cell_stays_empty_until_it_lands():
    d = cb_driver(["end"], seats=("human", "ai:easy"))
    try:
        t = d.top
        t.cancel_ai()
        assert t.perform("place W7 at 2,3 r0", 1)
        flight = next(f for f in t.flights if f.hides == ("cell", 1, 2, 3))
        assert flight.tile == "W7" and flight.start == t.hand_slot(1, "W7", t.view)
        assert flight.end == t.mini_cell_rect(1, 2, 3) and t.animating
        cell = t.mini_cell_rect(1, 2, 3)
        d.frames(1)
        assert _ink(d.app.display.canvas, cell, (232, 226, 210)) == 0, "the tile is still on its way"
        d.frames(40)
        # only this tile's flight: the computer, asked again, may already be placing its next tile
        assert not [f for f in t.flights if f.hides == ("cell", 1, 2, 3)]
        assert _ink(d.app.display.canvas, cell, (232, 226, 210)) > 20, "landed, the tile is drawn in its cell"
    finally:
        d.close()


def test_your_own_drop_is_not_replayed_but_the_mouse_you_chase_runs_away():
    d = cb_driver(["place A1 at 3,4 r180", "discard A3 to appliance-1", "end", "mouse wire-1", "end"],
                  seats=("human", "ai:easy"))
    try:
        t = d.top
        i = t.view["hand"].index("W31")
        d.drag(t.hand_rect(i).center, house_rect_cell(3, 2).center)
        assert log(d)[-1] == "place W31 at 3,2 r0"
        assert not [f for f in t.flights if f.what == "tile"], "you put it there yourself"
        d.frames(40)
        d.click(t.mouse_rect(1).center)
        assert log(d)[-1] == "cheese 2"
        run = next(f for f in t.flights if f.what == "mouse")
        assert run.seat == 1 and run.end == t.mouse_rect(1) and run.start != run.end
        assert [f.what for f in t.flights].count("cheese") == 1, "the cheese you paid goes to the supply"
    finally:
        d.close()


def test_dealt_tiles_fly_face_down_to_other_seats_and_face_up_only_to_you():
    d = cb_driver(["end"] * 7, seats=("human", "ai:easy"))
    try:
        t = d.top
        t.cancel_ai()
        assert t.perform("end", 1)
        dealt = [f for f in t.flights if f.what in ("tile", "back")]
        mine = [f for f in dealt if f.hides == ("hand", "W2")]
        assert len(mine) == 1 and mine[0].tile == "W2" and mine[0].end == t.hand_rect(t.view["hand"].index("W2"))
        theirs = [f for f in dealt if f is not mine[0]]
        assert theirs and all(f.what == "back" and f.tile is None for f in theirs), "seat 2's tile stays secret"
        assert all(f.end == t.hand_slot(1, None, t.view) for f in theirs)
    finally:
        d.close()


def test_with_animation_off_moves_land_at_once():
    d = cb_driver(["end"], seats=("human", "ai:easy"))
    try:
        t = d.top
        t.cancel_ai()
        d.app.settings.animation_speed = "off"
        assert t.perform("place W7 at 2,3 r0", 1)
        assert not t.flights and not t.animating
    finally:
        d.close()


def test_each_seats_mouse_differs_in_shape_not_only_in_colour():
    from game.ui.circuit_tiles import mouse_icon

    def outline(seat: int) -> set[tuple[int, int]]:
        surface = pygame.Surface((60, 40))
        surface.fill((0, 0, 0))
        mouse_icon(surface, (34, 22), 10, seat)
        return {(x, y) for x in range(60) for y in range(40) if surface.get_at((x, y))[:3] != (0, 0, 0)}

    shapes = [outline(seat) for seat in range(5)]
    assert all(shapes[a] != shapes[b] for a in range(5) for b in range(a + 1, 5))


def test_a_paid_cheese_lands_on_the_supply_before_its_count_changes():
    d = cb_driver(["place A1 at 3,4 r180", "discard A3 to appliance-1", "end", "mouse wire-1", "end"],
                  seats=("human", "ai:easy"))
    try:
        t = d.top
        pool = t.view["cheese_pool"]
        d.click(t.mouse_rect(1).center)
        assert log(d)[-1] == "cheese 2"
        cube, = [f for f in t.flights if f.what == "cheese"]
        assert cube.end == t.supply_cube_rect(pool) and cube.covered == {"count": pool}
        d.frames(40)
        assert not t.flights and t.view["cheese_pool"] == pool + 1
    finally:
        d.close()


def test_acting_while_dealt_tiles_fly_lands_them_first():
    d = cb_driver(["end"] * 7, seats=("human", "ai:easy"))
    try:
        t = d.top
        t.cancel_ai()
        assert t.perform("end", 1)
        assert any(f.hides == ("hand", "W2") for f in t.flights) and t.my_turn()
        d.click(t.hand_rect(t.view["hand"].index("W2")).center)   # pick the tile still on its way
        assert not t.flights, "the deal lands at once, so the tile is never in two places"
        assert t.selected == "W2"
    finally:
        d.close()


def test_an_appliances_connector_ticks_stay_clear_of_its_icon():
    from game.ui.circuit_tiles import tile_surface
    size = 60

    def ticks(tile: str) -> int:
        img = tile_surface(tile, 0, size)  # the connector points north
        rows = [any(sum(img.get_at((x, y))[:3]) < 120 for x in range(size // 2 - 6, size // 2 + 7))
                for y in range(3, int(size * 0.2))]  # above the icon's disc
        return sum(1 for i, dark in enumerate(rows) if dark and (i == 0 or not rows[i - 1]))

    assert [ticks(t) for t in ("A1", "A2", "A3")] == [1, 2, 3]


def four_mice_on_the_appliance_stack() -> Driver:
    """Four people's Circuit Breaker table, seen from seat 1, after every mouse went to the
    appliance stack (the mice that are still out share that pile)."""
    session = GameSession("circuit_breaker", ["human"] * 4, seed=2, options={"first_player": 0})
    for _ in range(4):
        for text in ("mouse appliance-stack", "end"):
            session.apply(text, session.current_player)
    d = Driver(lambda app: CircuitBreakerTable(app, session), autosave=False)
    d.top.take_seat(0)
    return d


def test_mice_sharing_a_pile_all_show_their_seat_tags():
    d = four_mice_on_the_appliance_stack()
    try:
        t = d.top
        d.frames(2)
        on_pile = [s for s in range(4) if (t.view["mice"][s] or {}).get("spot") == "appliance-stack"]
        assert len(on_pile) == 3
        from game.ui import theme
        for seat in on_pile:
            (cx, cy), size = mouse_spot(t.mouse_rect(seat))
            tag = (cx - round(1.6 * size), cy - round(0.5 * size))   # where mouse_icon puts the tail's tag
            assert d.app.display.canvas.get_at(tag)[:3] == theme.seat_colour(seat), seat
    finally:
        d.close()


def test_pointing_at_an_opponents_small_house_shows_it_large():
    d = cb_driver(["end", "place W7 at 2,3 r0", "end"], seats=("human", "ai:easy"))
    try:
        t = d.top
        t.cancel_ai()
        frame = t.mini_frame(1)
        assert not any(text == "Seat 2 (AI)'s house, enlarged" for text, _, _ in d.labels())
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=frame.center, rel=(0, 0), buttons=(0, 0, 0)))
        d.frames(1)
        assert any(text == "Seat 2 (AI)'s house, enlarged" for text, _, _ in d.labels())
        assert t.zoomed_house() == 1
    finally:
        d.close()


def test_an_opponents_appliance_glows_while_you_drag_your_mouse():
    from game.ui import theme
    d = cb_driver(["place A1 at 3,4 r180", "discard A3 to appliance-1", "end"])
    try:
        t = d.top
        assert t.viewer == 1 and "mouse house 1 at 3,4" in t.legal()
        d.hold(t.mouse_home_rect().center, (700, 600), frames=2)
        ring = t.mini_cell_rect(0, 3, 4).inflate(6, 6)
        canvas = d.app.display.canvas
        border = [canvas.get_at((x, ring.top + 1))[:3] for x in range(ring.left + 6, ring.right - 6)]
        assert theme.YELLOW in border, "the target's outline is drawn over the small house"
        d.release((700, 600))
    finally:
        d.close()


def test_your_mouse_can_be_dropped_on_the_enlarged_house():
    """Pointing at a small house while dragging your mouse enlarged it with the appliances you
    may send it to outlined in yellow, but the enlarged house vanished as the pointer went up
    to it, so nothing could be dropped there; it now stays up and takes the drop."""
    d = cb_driver(["place A1 at 3,4 r180", "discard A3 to appliance-1", "end"])
    try:
        t = d.top
        assert t.viewer == 1 and "mouse house 1 at 3,4" in t.legal()
        from game.scenes.circuit_breaker_table import ZOOM_CELL
        d.hold(t.mouse_home_rect().center, t.mini_frame(0).center, frames=30)  # a rest on it
        title = next(rect for text, rect, _ in d.labels() if text.endswith("house, enlarged"))
        assert t.zoomed_house() == 0
        # cell 3,4 as draw_zoom lays it out (row 6 at the top), under the title
        target = (title.x + 3 * ZOOM_CELL + ZOOM_CELL // 2, title.y + 22 + 2 * ZOOM_CELL + ZOOM_CELL // 2)
        assert not t.mini_frame(0).collidepoint(target)
        for y in range(t.mini_frame(0).top - 2, target[1], -20):  # up from the small house, button held
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(t.mini_frame(0).centerx, y),
                                                 rel=(0, 0), buttons=(1, 0, 0)))
            d.frames(1)
            assert t.zoomed_house() == 0, y
        d.release(target)
        assert t.session.log.actions[-1] == "mouse house 1 at 3,4"
    finally:
        d.close()
    d = cb_driver(["place A1 at 3,4 r180", "discard A3 to appliance-1", "end"])
    try:
        t = d.top
        for pos in (t.mini_frame(0).center, t.zoom_cell(0, 3, 4).center):
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
            d.frames(1)
            if pos == t.mini_frame(0).center:
                assert t.zoomed_house() == 0
        assert t.zoomed_house() is None, "without a drag the enlarged house goes with the pointer"
    finally:
        d.close()


def test_a_mouse_dragged_past_a_small_house_still_lands_on_the_market():
    """The straight way from your mouse's home up to the market crosses the small houses: one
    was enlarged as the pointer went by and stayed up over the market, so a drop on the wire
    stack under it was refused ('Send your mouse to a glowing stack...'). It now stays up only
    once the pointer has rested on the small house."""
    d = cb_driver()
    try:
        t = d.top
        frame, stack = t.mini_frame(1), t.spot_rect("wire-stack")
        assert t.zoom_box(1).collidepoint(stack.center), "the enlarged house would cover the stack"
        d.hold(t.mouse_home_rect().center, frame.center, frames=2)  # on the way past
        assert t.zoomed_house() == 1, "pointed at, the house is still shown enlarged"
        for y in range(frame.top - 2, stack.centery, -40):  # on up to the stack, button held
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(stack.centerx, y),
                                                 rel=(0, 0), buttons=(1, 0, 0)))
            d.frames(1)
        d.release(stack.center)
        assert log(d) == ["mouse wire-stack"]
    finally:
        d.close()


def test_in_the_last_round_a_mouse_hint_gives_way_to_what_still_counts():
    """A mouse sent in the last round fetches nothing (CB-18): the hint suggests a scoring
    appliance, else a discard for cheese of a tile that cannot go in, else ending the turn."""
    session = GameSession("circuit_breaker", ["human", "ai:easy"], seed=1, options={"setup": S, "rounds": 1})
    d = Driver(lambda app: CircuitBreakerTable(app, session), autosave=False)
    try:
        t = d.top
        legal = set(t.legal())
        assert t.last_round() and "mouse wire-1" in legal and "place A1 at 3,4 r180" in legal
        hint = t.refine_hint("mouse wire-1")
        assert hint.startswith("place A") and hint in legal, hint  # an appliance scores: 3 points here
        no_place = {x for x in legal if not x.startswith("place ")}
        t.legal = lambda: no_place
        hint = t.refine_hint("mouse wire-1")
        assert hint.startswith("discard W") and hint in legal, "a wire goes before an appliance"
        assert t.hint_reason(hint) == "Tiles left in your hand score nothing, but cheese breaks ties."
        t.legal = lambda: {x for x in no_place if not x.startswith("discard ")}  # the cheese tile is empty
        assert t.refine_hint("mouse wire-1") == "end"
        assert "bring nothing back" in t.hint_reason("end")
    finally:
        d.close()
    d = cb_driver()
    try:
        assert not d.top.last_round() and d.top.refine_hint("mouse wire-1") == "mouse wire-1"
        assert d.top.hint_reason("end") == "Nothing more is worth doing this turn."
    finally:
        d.close()


def test_no_house_is_enlarged_before_the_pointer_has_moved_and_hints_name_seats_in_full():
    session = GameSession("circuit_breaker", ["human", "ai:easy", "ai:easy"], seed=1, options={"first_player": 0})
    d = Driver(lambda app: CircuitBreakerTable(app, session), autosave=False)
    try:
        t = d.top
        t.cancel_ai()
        d.frames(1)
        assert d.app.mouse_pos == (-1, -1) and t.zoomed_house() is None
        assert "Seat 3 (AI)" in t.hint_move("mouse house 3 at 2,3")
    finally:
        d.close()


def test_the_keyboard_focus_gets_the_captions_and_refusals_the_pointer_gets(monkeypatch):
    from game.scenes.circuit_breaker_layout import house_rect_cell
    d = cb_driver()
    try:
        t = d.top
        hand = t.view["hand"]
        stop = next(i for i, item in enumerate(t.focus.items) if item.rect_of() == t.hand_rect(0))
        t.focus.index, t.focus.visible = stop, True
        labels = [text for text, _, _ in d.labels(frames=1)]
        assert t.describe_tile(hand[0]) in labels, "the focused hand tile is described as a pointed one is"
        t.focus.current.activate()  # pick it up
        assert t.selected == hand[0]
        legal = {tuple(map(int, a.split()[3].split(","))) for a in t.legal() if a.startswith(f"place {hand[0]} ")}
        bad = next((x, y) for y in range(7) for x in range(7) if (x, y) not in legal)
        cell = next(i for i, item in enumerate(t.focus.items) if item.rect_of() == house_rect_cell(*bad))
        t.focus.index = cell
        refused = []
        monkeypatch.setattr(t, "draw_fit_problem", lambda surface, problem, at: refused.append(at))
        d.frames(1)
        assert refused == [bad], "why the tile does not fit the focused cell is shown"
    finally:
        d.close()


def test_ending_a_turn_with_placements_or_the_mouse_unused_asks_first_and_n_again_says_yes():
    from game.scenes.confirm import ConfirmScene
    d = cb_driver(["place A1 at 3,4 r180"])
    try:
        t = d.top
        d.key(pygame.K_n)
        assert isinstance(d.top, ConfirmScene), "one placement and the mouse are still unused"
        assert d.top.text == "You could still place a tile and send your mouse."
        d.key(pygame.K_ESCAPE)                      # Stay: the turn goes on
        assert d.top is t and log(d)[-1] == "place A1 at 3,4 r180" and t.my_turn()
        d.click(t.end_button.rect.center)           # the button asks too
        assert isinstance(d.top, ConfirmScene)
        d.key(pygame.K_n)
        assert log(d)[-1] == "end"
    finally:
        d.close()


def test_a_turn_with_nothing_useful_left_ends_without_asking():
    from game.scenes.confirm import ConfirmScene
    d = cb_driver(["place A1 at 3,4 r180", "place A2 at 4,3 r270", "mouse appliance-1"])
    try:
        d.key(pygame.K_n)                           # both placements and the mouse are used
        assert not isinstance(d.top, ConfirmScene) and log(d)[-1] == "end"
    finally:
        d.close()
    # in the last round a mouse sent out fetches nothing, so an unused mouse is no loss (CB-18)
    session = GameSession("circuit_breaker", ["human", "human"], seed=1, options={"setup": S, "rounds": 2})
    for a in ["place A1 at 3,4 r180", "place A2 at 4,3 r270", "mouse appliance-1", "end",
              "place A5 at 3,4 r180", "place A9 at 2,3 r90", "end",
              "place A3 at 3,2 r0", "place A4 at 2,3 r90"]:
        session.apply(a, session.current_player)
    d = Driver(lambda app: CircuitBreakerTable(app, session), autosave=False)
    try:
        assert not session.state.view(0)["mouse_used"]
        d.key(pygame.K_n)
        assert not isinstance(d.top, ConfirmScene) and log(d)[-1] == "end"
    finally:
        d.close()


def test_a_tile_taken_from_the_hand_starts_upright_not_turned_like_the_last_one():
    d = cb_driver()
    try:
        t = d.top
        hand = t.view["hand"]
        d.hold(t.hand_rect(hand.index("A1")).center, (200, 200))
        d.key(pygame.K_r)
        d.key(pygame.K_r)
        d.release(house_rect_cell(3, 4).center)
        assert log(d) == ["place A1 at 3,4 r180"]
        hand = t.view["hand"]
        d.hold(t.hand_rect(hand.index("A2")).center, (200, 200))
        assert t.rotation == 0, "A2 is drawn upright in the hand, so it is held upright"
        d.key(pygame.K_r)
        d.release(t.hand_rect(hand.index("A2")).center)    # put back: the turn is remembered for A2
        d.hold(t.hand_rect(hand.index("A2")).center, (200, 200))
        assert t.rotation == 90
        d.release(t.hand_rect(hand.index("A2")).center)
        d.click(t.hand_rect(hand.index("A3")).center)       # picking by click starts upright too
        assert t.selected == "A3" and t.rotation == 0
    finally:
        d.close()


def test_r_with_nothing_held_turns_the_hand_tile_pointed_at_and_shows_it_turned():
    d = cb_driver()
    try:
        t = d.top
        hand = t.view["hand"]
        point_at(d, (700, 300))  # the pointer on no tile: R has nothing to turn and says so
        d.key(pygame.K_r)
        assert t.rotation == 0 and t.toast and "Pick up a tile first" in t.toast
        d.hold(t.hand_rect(hand.index("A2")).center, (200, 200))
        assert t.rotation == 0, "A2 comes up as the hand draws it, upright"
        d.release(t.hand_rect(hand.index("A2")).center)
        point_at(d, t.hand_rect(hand.index("A1")).center)
        d.key(pygame.K_r)
        d.key(pygame.K_r)        # A1, pointed at, turns in the hand where the player sees it
        assert (t.turned, t.rotation) == ("A1", 180)
        drawn = []
        real = tile_surface_calls(drawn)
        try:
            d.frames(1)
        finally:
            real()
        assert ("A1", 180) in drawn and ("A2", 0) in drawn
        d.drag(t.hand_rect(hand.index("A1")).center, house_rect_cell(3, 4).center)
        assert log(d) == ["place A1 at 3,4 r180"]
    finally:
        d.close()


def tile_surface_calls(drawn: list) -> callable:
    """Record (tile, rotation) of every tile the table draws; returns the undo."""
    import game.scenes.circuit_breaker_table as cbt
    real = cbt.tile_surface

    def spy(tile, rot, size):
        drawn.append((tile, rot))
        return real(tile, rot, size)
    cbt.tile_surface = spy
    return lambda: setattr(cbt, "tile_surface", real)


def test_the_end_turn_question_counts_only_the_tiles_that_could_still_go_in():
    d = cb_driver()
    try:
        t = d.top
        t.legal = lambda: {"place A1 at 3,4 r180", "place A1 at 2,3 r90", "mouse wire-1", "end"}
        assert t.unused_turn() == "You could still place a tile and send your mouse.", "one tile fits, not two"
        t.legal = lambda: {"end", "discard A1 to appliance-1"}
        assert t.unused_turn() is None, "a discard is no loss: it can wait"
    finally:
        d.close()


def test_a_pile_refill_is_the_tables_news_not_the_last_players():
    d = cb_driver(["place W1 at 3,4 r0", "place W31 at 3,5 r0", "mouse wire-1", "end"])  # E3
    try:
        t = d.top
        t.perform("end", 1)
        d.frames(3)
        refills = [(seat, text) for seat, text in t.log_lines if "refilled" in text]
        assert refills and all(seat is None for seat, _ in refills), refills
    finally:
        d.close()


def hoarding_session(tiles: int) -> GameSession:
    """Seat 1 to move with at least ``tiles`` in hand: both seats only send their mice to
    the stacks and end their turns, so the hands grow (a hand has no size limit, CB-17)."""
    session = GameSession("circuit_breaker", ["human", "ai:easy"], seed=3, options={"first_player": 0, "rounds": 40})
    spots = ["wire-stack", "appliance-stack"]
    while len(session.view(0)["hand"]) < tiles or session.current_player != 0:
        seat = session.current_player
        session.apply(f"mouse {spots[len(session.log.actions) // 2 % 2]}", seat)
        session.apply("end", seat)
    return session


def test_a_big_hand_shows_every_tile_whole_clear_of_the_objective_and_each_can_be_picked():
    from game.scenes.circuit_breaker_layout import OBJECTIVE
    from game.ui import theme
    for tiles in (12, 24):
        d = Driver(lambda app, n=tiles: CircuitBreakerTable(app, hoarding_session(n)), autosave=False)
        try:
            t = d.top
            t.cancel_ai()
            hand = list(t.view["hand"])
            assert len(hand) >= tiles and t.my_turn()
            d.frames(2)
            screen = pygame.Rect(0, 0, 1280, 720)
            rects = [t.hand_rect(i) for i in range(len(hand))]
            for i, r in enumerate(rects):
                assert screen.contains(r) and not r.colliderect(OBJECTIVE), (hand[i], r)
                assert r.collidelist(rects[:i] + rects[i + 1:]) < 0, f"{hand[i]} is covered by another tile"
                assert r.w >= 30, "still big enough to read its connectors"
                assert _ink(d.app.display.canvas, r, theme.TABLE) > r.w * r.h // 4, f"{hand[i]} is drawn"
                assert t.tile_under(r.center) == hand[i]
            for tile in hand:  # by mouse: a click picks the tile under it
                d.click(t.hand_rect(hand.index(tile)).center)
                assert t.selected == tile
            d.key(pygame.K_ESCAPE)
            assert t.selected is None
            stops = {item.rect_of().topleft: item for item in t.focus.items[t.focus.start:]
                     if item.enabled() and item.rect_of() in rects}
            assert len(stops) == len(hand), "every tile is a keyboard stop"
            last = rects[-1]
            stops[last.topleft].activate()  # Enter on the last tile picks it up
            assert t.selected == hand[-1]
            t.clear_selection()
            d.drag(last.center, t.spot_rect("appliance-2").center)  # and it can be dragged
            assert log(d)[-1] == f"discard {hand[-1]} to appliance-2"
        finally:
            d.close()


def test_the_hand_layout_keeps_every_tile_inside_its_area_at_any_size():
    from game.scenes.circuit_breaker_layout import HAND_AREA, OBJECTIVE, hand_tile_rect
    assert hand_tile_rect(6, 7).y == hand_tile_rect(0, 7).y, "seven tiles make one row"
    assert hand_tile_rect(7, 8).x == hand_tile_rect(0, 8).x, "the eighth starts a second row"
    assert hand_tile_rect(13, 14).size == (56, 56), "two full rows before tiles get smaller"
    for count in range(1, 85):  # up to every tile of the game
        rects = [hand_tile_rect(i, count) for i in range(count)]
        assert all(HAND_AREA.contains(r) and not r.colliderect(OBJECTIVE) for r in rects), count
        assert all(r.collidelist(rects[i + 1:]) < 0 for i, r in enumerate(rects)), count


def test_the_focus_ring_on_a_hand_tile_keeps_clear_of_the_caption_above():
    d = cb_driver()
    try:
        t = d.top
        stop = next(i for i, item in enumerate(t.focus.items) if item.rect_of() == t.hand_rect(0))
        t.focus.index, t.focus.visible = stop, True
        labels = d.labels(frames=1)
        caption = next(rect for text, rect, _ in labels if text == t.describe_tile(t.view["hand"][0]))
        for i in range(len(t.view["hand"])):
            ring = t.hand_rect(i).inflate(16, 16)  # the ring's outer edge (game/ui/focus.py)
            assert not caption.colliderect(ring), (caption, ring)
    finally:
        d.close()


def test_a_refusal_covers_neither_the_objective_nor_anything_else_in_play():
    from game.i18n import load_language
    from game.scenes.circuit_breaker_layout import OBJECTIVE
    from game.scenes.circuit_breaker_words import name_connectors
    from game.scenes.table_base import LOG_RECT
    from game.ui import theme
    d = Driver(lambda app: CircuitBreakerTable(app, hoarding_session(12)), autosave=False)
    try:
        t = d.top
        t.cancel_ai()
        d.frames(1)
        needed = [OBJECTIVE, HOUSE, t.end_button.rect, LOG_RECT, *(t.spot_rect(n) for n in t.market_spots()),
                  *(t.mini_frame(s) for s in t.others()), *(t.hand_rect(i) for i in range(len(t.view["hand"])))]
        objective = [rect for text, rect, _ in d.labels() if OBJECTIVE.collidepoint(rect.topleft)]
        d.drag(t.hand_rect(0).center, (t.hand_rect(0).centerx, 40))  # dropped on nothing useful
        assert "Drop tiles on your house" in (t.toast or "")
        refusals = [t.toast, t.undo_limit]
        wall = "wall faces a connector at S: the south edge is a wall but the neighbour's north edge is 1"
        for language, scale in (("en", 1.0), ("de", 1.0), ("de", 2.0)):
            load_language(language)
            theme.apply_settings(False, scale)
            for text in [*refusals, name_connectors(wall)]:
                t.refuse(text)
                box = d.toast_box(t)
                assert pygame.Rect(0, 0, 1280, 720).contains(box)
                assert box.collidelist(needed) < 0, (language, scale, text, box)
                assert box.collidelist(objective) < 0, "none of the objective's text is under the box"
    finally:
        load_language("en")
        theme.apply_settings(False, 1.0)
        d.close()


def test_picking_another_tile_drops_the_hints_outline():
    from game.ui import theme
    d = cb_driver(seats=("human", "ai:easy"))
    try:
        t = d.top
        t.cancel_ai()

        def show_hint(move: str) -> None:  # as a hint arrives (TableScene.poll_hint)
            t.hint = (move, t.app.time)
            t.on_hint(move)
            t.show_toast(f"Hint: {t.hint_move(move)}", 6)
            d.frames(1)

        def outlined(cell: tuple[int, int]) -> bool:
            r = house_rect_cell(*cell).inflate(8, 8)
            return d.app.display.canvas.get_at((r.x + 1, r.centery))[:3] == theme.SKY

        hand = t.view["hand"]
        show_hint("place A1 at 3,4 r180")
        assert outlined((3, 4))
        d.click(t.hand_rect(hand.index("A1")).center)  # the hinted tile itself: the hint stays
        assert t.hint is not None and t.selected == "A1"
        d.click(t.hand_rect(hand.index("W1")).center)  # another tile, by click
        assert t.hint is None and not t.toast and not outlined((3, 4))
        d.key(pygame.K_ESCAPE)
        show_hint("place A1 at 3,4 r180")
        d.hold(t.hand_rect(hand.index("A2")).center, (200, 200))  # another tile, by drag
        assert t.hint is None and not outlined((3, 4))
        d.release(t.hand_rect(hand.index("A2")).center)
        t.clear_selection()
        show_hint("mouse wire-1")
        stop = next(item for item in t.focus.items if item.rect_of() == t.hand_rect(hand.index("W1")))
        stop.activate()  # a tile by keyboard, when the hint was to send the mouse
        assert t.hint is None
    finally:
        d.close()


def test_a_tile_picked_up_with_the_keys_moves_the_focus_to_the_first_cell_it_may_go_to():
    d = cb_driver()
    try:
        t = d.top
        hand = t.view["hand"]
        d.key(pygame.K_TAB)  # the first Tab lands on the hand's first tile
        assert t.focus.current.rect_of() == t.hand_rect(0)
        tile = hand[0]
        d.key(pygame.K_RETURN)
        assert t.selected == tile
        rot = f"r{t.canonical(tile, t.rotation)}"
        fits = [m for m in t.legal() if m.startswith(f"place {tile} at ") and m.endswith(f" {rot}")]
        assert fits, "the test wants a tile that fits upright"
        cells = [tuple(map(int, m.split()[3].split(","))) for m in fits]
        first = min(cells, key=lambda c: (-c[1], c[0]))  # cells are stops from the top row down
        assert t.focus.visible and t.focus.current.rect_of() == house_rect_cell(*first)
        d.key(pygame.K_RETURN)  # and Enter places it there
        assert log(d) == [f"place {tile} at {first[0]},{first[1]} {rot}"]
        assert not t.toast
    finally:
        d.close()


def test_a_tile_that_fits_only_turned_takes_the_focus_to_where_it_fits_turned_and_nowhere_leaves_it():
    d = cb_driver()
    try:
        t = d.top
        hand = t.view["hand"]
        a1 = next(i for i, item in enumerate(t.focus.items) if item.rect_of() == t.hand_rect(hand.index("A1")))
        t.focus.index, t.focus.visible = a1, True
        d.key(pygame.K_RETURN)  # A1 fits only at r90 or r180: upright, nothing glows
        assert t.selected == "A1" and t.prompt().startswith("The tile you picked fits only when turned")
        cells = {tuple(map(int, m.split()[3].split(","))) for m in t.legal() if m.startswith("place A1 at ")}
        assert any(t.focus.current.rect_of() == house_rect_cell(*c) for c in cells)
        d.key(pygame.K_ESCAPE)
        t.legal()  # as if no cell took A2 at all
        t._legal = (t._legal[0], {m for m in t._legal[1] if not m.startswith("place A2 ")})
        a2 = next(i for i, item in enumerate(t.focus.items) if item.rect_of() == t.hand_rect(hand.index("A2")))
        t.focus.index = a2
        d.key(pygame.K_RETURN)
        assert t.selected == "A2" and t.focus.index == a2, "a tile that fits nowhere leaves the focus on it"
    finally:
        d.close()


def test_after_both_placements_a_third_tile_is_refused_for_that_reason_not_an_edge():
    """A third tile dropped where its edges do not fit was refused with the edge ("Not
    connected..."), which sent the player turning it in vain; the prompt still offered
    '2 per turn'."""
    session = GameSession("circuit_breaker", ["human", "human"], seed=1, options={"setup": S})
    for _ in range(2):
        session.apply(next(t for t in session.legal_texts() if t.startswith("place ")), 0)
    d = Driver(lambda app: CircuitBreakerTable(app, session), autosave=False)
    try:
        t = d.top
        assert t.view["placed"] == 2
        assert t.prompt().startswith("Both placements are made")
        t.pick_hand(0)
        assert t.prompt().startswith("Both placements of this turn are made: drop the tile you picked")
        d.drag(t.hand_rect(0).center, house_rect_cell(0, 0).center)
        assert len(log(d)) == 2
        assert t.toast == "Only 2 placements per turn."
    finally:
        d.close()


def icon_ink(kind: int, size: int = 28) -> tuple[pygame.Mask, pygame.Mask]:
    """(ink, silhouette) of an appliance icon drawn at ``size`` (a 56 px hand tile draws its
    icon at half its size, 28; a 50 px market pile at 25); the silhouette is the ink with
    every hole inside it filled: the outline's shape."""
    from game.ui.appliance_icons import draw_appliance
    surf = pygame.Surface((size * 2, size * 2), pygame.SRCALPHA)
    draw_appliance(surf, kind, (size, size), size, (0, 0, 0))
    ink = pygame.mask.from_surface(surf)
    outside = ink.copy()
    outside.invert()
    outside = outside.connected_component((0, 0))
    outside.invert()
    return ink, outside


def test_the_popcorn_popper_and_slushie_maker_icons_differ_in_outline_not_only_in_detail():
    """At hand size both were a tapered cup with a little on top (kernels, a straw): a player
    mixed them up. Now a wide solid heap over a tub, against a tall narrow cup with a straw."""
    popcorn, slushie = icon_ink(4)[1], icon_ink(9)[1]
    wide, narrow = (m.get_bounding_rects()[0].unionall(m.get_bounding_rects()) for m in (popcorn, slushie))
    assert wide.w >= 1.5 * narrow.w, (wide, narrow)
    assert popcorn.count() >= 1.4 * slushie.count(), (popcorn.count(), slushie.count())


@pytest.mark.parametrize("size", [25, 28])
def test_the_disco_ball_and_waffle_iron_icons_differ_in_shape_at_pile_and_hand_size(size):
    """Both were a gridded blob (a circle, a rounded square) and looked alike on a pile: now
    a solid ball throwing sparkles against an open grid with a handle. The ink alone tells
    them apart (one colour, so colour-blind players see the same): one is solid, the other
    hollow, and their outlines share under half their area."""
    ball, ball_shape = icon_ink(6, size)
    waffle, waffle_shape = icon_ink(12, size)
    assert ball.count() >= 0.95 * ball_shape.count(), "the ball is solid"
    assert waffle.count() <= 0.85 * waffle_shape.count(), "the waffle is an open grid"
    common = ball_shape.overlap_area(waffle_shape, (0, 0))
    assert common < 0.5 * (ball_shape.count() + waffle_shape.count() - common)


def test_a_rival_mouse_on_your_appliance_is_warned_of_on_your_turn_with_the_way_to_stop_it():
    """Only the log and the hover text said that Seat 2's mouse would take your Bubble Maker
    when their turn started (CB-12); cheese sends it away first (CB-13)."""
    from game.i18n import load_language
    from game.ui import theme
    d = cb_driver(["place A1 at 3,4 r180", "discard A3 to appliance-1", "end", "mouse house 1 at 3,4", "end"])
    try:
        t = d.top
        d.frames(2)
        warning = ("Seat 2's mouse is on your Bubble Maker at 3,4: chase it with cheese (click the mouse) or lose "
                   "it when their turn starts.")
        assert t.mouse_warnings() == [warning]
        theme.recording = []
        d.frames(1)
        assert warning in [text for text, _, _ in theme.recording], "drawn on the table, not only in the log"
        load_language("de")
        # the appliance named, declined for "auf": 'auf deinem Gerät auf Feld 3,4 (Seifenblasenmaschine)' was not
        assert t.mouse_warnings()[0].startswith("Die Maus von Spieler 2 sitzt auf deiner Seifenblasenmaschine "
                                                "(Feld 3,4): Verjag sie"), t.mouse_warnings()
        load_language("en")
        d.click(t.mouse_rect(1).center)
        assert log(d)[-1] == "cheese 2" and t.mouse_warnings() == []
    finally:
        theme.recording = None
        load_language("en")
        d.close()


def test_without_cheese_the_mouse_warning_says_to_discard_for_some_first():
    d = cb_driver(["place A1 at 3,4 r180", "end", "mouse house 1 at 3,4", "end"])
    try:
        t = d.top
        d.frames(2)
        assert t.mouse_warnings() == ["Seat 2's mouse is on your Bubble Maker at 3,4: discard a tile for cheese and "
                                      "chase it, or lose it when their turn starts."]
    finally:
        d.close()


def test_a_discard_hint_for_a_tile_that_could_go_in_does_not_call_it_no_use():
    """The computer sometimes discards an appliance it could place (for the cheese, keeping the
    room): the reason must not claim the tile is no use."""
    d = cb_driver()
    try:
        t = d.top
        legal = set(t.legal())
        assert "place A1 at 3,4 r180" in legal and "discard A1 to appliance-1" in legal
        assert t.hint_reason("discard A1 to appliance-1") == \
            "It could go in your house, but the cheese is worth more to you now."
    finally:
        d.close()


def test_a_discard_hint_says_whether_the_tile_fits_the_house_not_that_it_is_no_use():
    """'The tile is no use to you' was said of a Disco Ball on the player's own card that only
    had no room yet, and of any tile once both placements were made: the reason now says
    where the tile stands, in the house as it is."""
    from game import i18n
    d = cb_driver(["place A3 at 2,3 r90", "place A1 at 3,4 r180", "end", "end"])
    try:
        t = d.top
        # the box's west and north are taken by appliances: a straight wire of 1s has no place
        assert "W1" in t.view["hand"] and not any(m.startswith("place W1 ") for m in t.legal())
        assert t.hint_reason("discard W1 to appliance-1") == \
            "It fits nowhere in your house now; the cheese is worth more to you."
        i18n.load_language("de")
        assert t.hint_reason("discard W1 to appliance-1") == \
            "Es passt gerade nirgends in dein Haus; der Käse ist dir mehr wert."
        i18n.load_language("en")
        # the U wire under the box opens a place for W1; with both placements made it still
        # could go in (next turn), which is not "no use"
        t.act("place A2 at 4,3 r270")
        t.act("place W31 at 3,2 r0")
        assert t.view["placed"] == 2 and not any(m.startswith("place ") for m in t.legal())
        assert t.hint_reason("discard W1 to appliance-1") == \
            "It could go in your house, but the cheese is worth more to you now."
    finally:
        d.close()
        i18n.load_language("en")


def test_a_dragged_tile_lights_only_the_piles_it_may_be_discarded_to():
    """Held by drag, a tile goes to your house or an appliance pile: the wire piles and the
    stacks (places for your mouse, which a dropped tile cannot use) no longer light up."""
    from game.ui import theme
    d = cb_driver()
    try:
        t = d.top
        canvas = d.app.display.canvas

        def lit(name: str) -> bool:
            r = t.spot_rect(name)
            return tuple(canvas.get_at((r.centerx, r.y)))[:3] == theme.YELLOW

        d.frames(2)
        assert lit("wire-1") and lit("appliance-1"), "on your turn: the mouse may go to any pile"
        i = t.view["hand"].index("A1")
        d.hold(t.hand_rect(i).center, (200, 200), frames=2)
        assert t.drag.active
        assert lit("appliance-1") and lit("appliance-2")
        assert not lit("wire-1") and not lit("wire-stack") and not lit("appliance-stack")
    finally:
        d.close()


def test_your_moves_are_heard_a_discard_for_cheese_and_a_mouse_sent_out_too():
    """Each move asks for one sound: a placed tile and a discard drop, a mouse sent to a pile
    picks (the discard and the mouse were silent)."""
    d = cb_driver()
    played: list[str] = []
    d.app.sound.play = played.append
    try:
        t = d.top
        i = t.view["hand"].index("A1")
        d.hold(t.hand_rect(i).center, (200, 200))
        d.key(pygame.K_r)
        d.key(pygame.K_r)
        played.clear()  # turning the held tile has its own sound
        d.release(house_rect_cell(3, 4).center)
        assert log(d)[-1].startswith("place A1") and played == ["drop"]
        played.clear()
        d.drag(t.hand_rect(0).center, t.spot_rect("appliance-2").center)
        assert log(d)[-1].startswith("discard") and played == ["drop"]
        played.clear()
        d.click(t.spot_rect("wire-1").center)
        d.click(t.spot_rect("wire-1").center)  # the first click aims the mouse, the second sends it
        assert log(d)[-1] == "mouse wire-1" and played == ["pick"]
    finally:
        d.close()


def test_taking_back_a_move_drops_the_hint_shown_for_the_position_after_it():
    from game.ui import theme
    session = GameSession("circuit_breaker", ["human", "ai:easy"], seed=1, options={"setup": S})
    d = Driver(lambda app: CircuitBreakerTable(app, session), autosave=False)
    try:
        t = d.top
        d.frames(3)
        d.hold(t.hand_rect(t.view["hand"].index("A1")).center, (200, 200))
        d.key(pygame.K_r)
        d.key(pygame.K_r)
        d.release(house_rect_cell(3, 4).center)
        assert log(d) == ["place A1 at 3,4 r180"]
        d.frames(30)
        d.key(pygame.K_h)
        assert d.until(lambda: t.hint is not None, 60)
        # whatever the hint is (a 1.5 s cap under load may settle on a discard), the spots it lit
        spots = t.hint_spots(t.hint[0])
        assert spots
        d.key(pygame.K_z, mod=pygame.KMOD_CTRL, frames=3)
        assert log(d) == []
        # the hint was for the house with A1 in it: after the take-back it would point at a
        # move that may not even be legal now
        assert t.hint is None
        assert not (t.toast or "").startswith("Hint:")
        for spot in spots:
            r = spot.inflate(8, 8)
            assert d.app.display.canvas.get_at((r.x + 1, r.centery))[:3] != theme.SKY
        # but the hint was seen: the game record still says so ("hints used"), now at the
        # point the move was taken back to, and the log tells it before the take-back
        assert session.hints == [0] and session.to_record()["hints"] == [0]
        lines = [line for _, line in t.log_lines]
        # after the opening line saying who goes first
        assert lines[:2] == ["You go first.", "You asked for a hint."], lines
        assert lines[2].startswith("You took back: You placed "), lines
    finally:
        d.close()


def test_a_hint_to_discard_for_cheese_is_shown_whole_with_its_reason():
    """The hint strip under the turn banner is short: a hint's reason lost its end
    ("... but the cheese is worth...") before the lines were closed up."""
    from game.i18n import tr
    d = cb_driver(seats=("human", "ai:easy"))
    try:
        t = d.top
        t.cancel_ai()
        discards = [a for a in t.legal() if a.startswith("discard")]
        assert discards
        for move in discards:
            text = tr("Hint: {move} {why}", move=t.hint_move(move), why=t.hint_reason(move))
            t.show_toast(text, 6)
            box = d.toast_box(t)
            shown = [line for line, rect, _ in d.labels() if box.contains(rect)]
            assert " ".join(shown) == text, move
            assert box.bottom <= t.toast_top + t.toast_max_height, "still clear of the log below"
    finally:
        d.close()


def test_an_edge_refusal_names_the_connectors_as_the_tiles_draw_them():
    """'(1)' and '(2)' tied nothing on screen to the tiles: the refusal names each
    connector's colour and ticks, in English and in German."""
    from game import i18n, storage
    from game.scenes.circuit_breaker_words import CONNECTOR_WORDS
    d = cb_driver()
    try:
        t = d.top
        i = t.view["hand"].index("W1")
        d.hold(t.hand_rect(i).center, (200, 200))
        d.key(pygame.K_r)        # W1 at r90: its west 1 meets the box's east 2
        d.release(house_rect_cell(4, 3).center)
        assert log(d) == []
        assert "(1)" not in t.toast and "(2)" not in t.toast, t.toast
        assert CONNECTOR_WORDS["1"] in t.toast and CONNECTOR_WORDS["2"] in t.toast, t.toast
        storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"language": "de"})
        i18n.load_language("de")
        german = t.placement_problem(t.view, "W1", (4, 3), 90)
        assert "Westkante (orange 1 mit einem Strich)" in german, german
        assert "(hellblau 2 mit zwei Strichen)" in german, german
    finally:
        d.close()
        i18n.load_language("en")


def test_a_tiles_caption_names_its_connectors_as_drawn_on_two_lines_at_13_px_at_least():
    """The caption said 'T wire, connectors 1 2 3', which nothing on the tile showed: it
    names each connector by colour and ticks, as the edge refusals do. A T wire's caption
    then needs two lines (on one it shrank to 11 px): each at 13 px at least, clear of the
    mouse's label beside it and of the focus ring round the hand below, in German too."""
    from game import i18n, storage
    from game.scenes.circuit_breaker_words import CONNECTOR_WORDS
    from game.shots import text_problems
    setup = {**S, "wire_order": ["W28", "W10", *S["wire_order"]]}  # a splitter T and a T of 2s in seat 1's hand
    session = GameSession("circuit_breaker", ["human", "human"], seed=1, options={"setup": setup})
    d = Driver(lambda app: CircuitBreakerTable(app, session), autosave=False)
    try:
        t = d.top
        hand = t.view["hand"]
        for language in ("en", "de"):
            storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"language": language})
            i18n.load_language(language)
            for tile in ("W28", "W10"):
                pos = t.hand_rect(hand.index(tile)).center
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
                d.frames(1)
                labels = d.labels(frames=1)
                caption = t.describe_tile(tile)
                labels_for = {"W28": "123", "W10": "2"}[tile]
                assert all(i18n.tr(CONNECTOR_WORDS[k]) in caption for k in labels_for), caption
                lines = [(text, rect) for text, rect, _ in labels if rect.x == HOUSE.x and rect.y > HOUSE.bottom + 20]
                assert " ".join(text for text, _ in lines) == caption, (caption, lines)
                assert all(rect.h >= 18 for _, rect in lines), "13 px at least"
                rings = [t.hand_rect(i).inflate(16, 16) for i in range(len(hand))]
                assert not [r for _, r in lines for ring in rings if r.colliderect(ring)]
                assert not text_problems(labels, (1280, 720)), text_problems(labels, (1280, 720))
            assert len(lines) == 1 and "(2)" not in lines[0][0], "three alike are named once, on one line"
    finally:
        d.close()
        i18n.load_language("en")


def test_every_tiles_caption_fits_two_lines_beside_any_mouse_label():
    from game import i18n, storage
    from game.rules.circuit_breaker import helpers
    from game.scenes.circuit_breaker_layout import CAPTION_WIDTH, caption_lines
    from game.scenes.circuit_breaker_words import tile_caption
    from game.ui import theme
    tiles = [f"W{k}" for k in range(1, 37)] + [f"A{k}" for k in range(1, 49)]
    d = cb_driver()
    try:
        for language in ("en", "de"):
            storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"language": language})
            i18n.load_language(language)
            seat4 = i18n.tr("Seat {n} (AI)", n=4)
            for label in (i18n.tr("Your mouse"), i18n.tr("{who}'s mouse", who=seat4), i18n.tr("Your mouse is out"),
                          i18n.tr("Mouse is out")):
                first = d.top.mouse_label()[1].right - theme.font(13).size(label)[0] - 12 - HOUSE.x
                for tile, on_card in ((t, c) for t in tiles for c in (False, True)):
                    text = tile_caption(tile, on_card and helpers.tile_info(tile)["kind"] == "appliance")
                    size, lines = caption_lines(text, first)
                    assert size >= 13 and len(lines) <= 2 and " ".join(lines) == text, (text, lines)
                    widths = [first, CAPTION_WIDTH] if len(lines) > 1 else [CAPTION_WIDTH]
                    assert all(theme.font(size).size(line)[0] <= w for line, w in zip(lines, widths, strict=True))
    finally:
        d.close()
        i18n.load_language("en")


def test_once_the_mouse_is_sent_the_prompt_no_longer_asks_for_it():
    d = cb_driver(["mouse wire-stack"])
    try:
        t = d.top
        assert "mouse" not in t.prompt() and "cheese" in t.prompt(), t.prompt()
        t.act("place A1 at 3,4 r180")
        t.act("place A2 at 4,3 r270")
        assert t.prompt() == "Both placements are made: discard for cheese, then End turn."
    finally:
        d.close()
    d = cb_driver(["place A1 at 3,4 r180", "place A2 at 4,3 r270"])
    try:
        t = d.top
        assert t.prompt() == "Both placements are made: send your mouse, discard for cheese, then End turn."
        t.act("mouse wire-stack")
        assert t.prompt() == "Both placements are made: discard for cheese, then End turn."
    finally:
        d.close()


def test_in_german_a_hint_to_discard_for_cheese_is_shown_whole():
    """German runs longer: at 100 % text the hint needed more lines than the strip under the
    turn banner holds and ended in 'Das Plättchen könnte...'. The box now grows over the log."""
    from game import i18n, storage
    from game.i18n import tr
    storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"language": "de"})
    d = cb_driver(seats=("human", "ai:easy"))
    try:
        t = d.top
        t.cancel_ai()
        discards = [a for a in t.legal() if a.startswith("discard")]
        assert discards
        for move in discards:
            text = tr("Hint: {move} {why}", move=t.hint_move(move), why=t.hint_reason(move))
            assert text.startswith("Tipp: "), text
            t.show_toast(text, 6)
            box = d.toast_box(t)
            # the log's heading lies under the box (drawn first, covered)
            shown = [line for line, rect, _ in d.labels() if box.contains(rect) and line != tr("Game log")]
            assert " ".join(shown) == text, (move, shown)
    finally:
        d.close()
        i18n.load_language("en")


def test_the_round_tracks_deal_marks_are_13_px_and_pointing_at_one_says_what_it_deals():
    """'W', 'A' and 'W+A' under the round track were 10 px and explained nowhere: now they
    are drawn at the least text size, and pointing at one (or its round's box) names in the
    caption over the hand what every player is dealt as that round starts, in German too."""
    from game import i18n
    from game.ui import theme
    d = cb_driver()
    try:
        t = d.top
        deals = {x["round"]: x["icon"] for x in t.view["deals"]}
        assert sorted(deals.values()) == ["A", "W", "W+A"]
        marks = [(text, rect) for text, rect, _ in d.labels() if text in ("W", "A", "W+A")]
        assert len(marks) == 3 and all(rect.h >= theme.font(13).get_height() for _, rect in marks), marks
        wires = next(k for k, icon in deals.items() if icon == "W")
        both = next(k for k, icon in deals.items() if icon == "W+A")
        assert f"Round {wires} (W): as it starts, each player is dealt a wire." in \
            point_at(d, t.deal_mark_rect(wires).center)
        assert f"Round {both} (W+A): as it starts, each player is dealt a wire, then an appliance." in \
            " ".join(point_at(d, round_box(both, t.view["rounds"]).center))
        i18n.load_language("de")
        assert f"Runde {both} (W+A): Zu Rundenbeginn bekommt jeder Spieler eine Leitung, danach ein Gerät." in \
            " ".join(point_at(d, t.deal_mark_rect(both).center))
    finally:
        i18n.load_language("en")
        d.close()


def test_the_house_coordinates_are_13_px_clear_of_the_house_and_the_mouse_label():
    """The 0-6 along the house's edges were 11 px, yet the log and the hints name cells by
    them: now 13 px, each inside the window and clear of the house's frame and all else,
    at every reading size."""
    from game.ui import theme
    d = cb_driver()
    try:
        frame = HOUSE.inflate(10, 10)
        for scale in (1.0, 1.5, 2.0):
            theme.apply_settings(False, scale)
            labels = [(text, rect) for text, rect, _ in d.labels()]
            coords = [(text, rect) for text, rect in labels if text.isdigit() and len(text) == 1
                      and (rect.top >= HOUSE.bottom or rect.right <= HOUSE.x)]
            assert len(coords) == 14, coords
            for text, rect in coords:
                assert rect.h >= theme.font(13).get_height(), (scale, text, rect)
                assert rect.left >= 0 and not rect.colliderect(frame), (scale, text, rect)
                assert not [other for other, r in labels if (other, r) != (text, rect) and r.colliderect(rect)], \
                    (scale, text)
    finally:
        theme.apply_settings(False, 1.0)
        d.close()


def test_while_your_mouse_is_out_its_empty_home_says_so():
    """'Your mouse' stayed beside the empty home while the mouse sat on a pile: the label
    now says the mouse is out, and names it again once the mouse is back."""
    from game import i18n
    d = cb_driver(["mouse wire-stack"])
    try:
        t = d.top
        texts = [text for text, _, _ in d.labels()]
        assert "Your mouse is out" in texts and "Your mouse" not in texts
        i18n.load_language("de")
        assert "Deine Maus: unterwegs" in [text for text, _, _ in d.labels()]
        i18n.load_language("en")
        t.perform("end", 0)
        t.perform("end", 1)  # back home with a tile at the start of seat 1's turn
        assert t.view["mice"][0] is None
        texts = [text for text, _, _ in d.labels()]
        assert "Your mouse" in texts and "Your mouse is out" not in texts
    finally:
        i18n.load_language("en")
        d.close()


def test_an_empty_hand_is_said_once_by_the_prompt_not_again_over_the_hand():
    """With an empty hand, 'Your hand is empty: End turn.' over the house and 'Your hand is
    empty.' over the hand showed at once: the prompt says it, with what to do, alone."""
    d = cb_driver([f"discard {tile} to appliance-1" for tile in ("W1", "W31", "A1", "A2", "A3")])
    try:
        t = d.top
        for prompt in ("Your hand is empty: send your mouse for a tile, then End turn.",
                       "Your hand is empty: End turn."):
            texts = [text for text, _, _ in d.labels()]
            assert " ".join(texts).count("Your hand is empty") == 1, texts
            assert prompt in " ".join(texts)
            t.act("mouse wire-stack")
    finally:
        d.close()


def test_a_cheese_cube_lands_clear_of_every_word_and_house():
    """A cube of cheese flying to another seat landed on the first letters of its summary
    line ('cheese 0, hand ...'), and one flying to you on the score panel's words: each
    now lands in the clear, beside that seat's house or after your cheese count."""
    from game.scenes.table_base import PANEL_RECT
    d = four_seats_with_the_widest_counts()
    try:
        t = d.top
        labels = d.labels()
        frames = [t.mini_frame(seat) for seat in t.others()]
        score = next(rect for text, rect, _ in labels if text.startswith("Score now:"))
        for seat in range(4):
            cube = t.cheese_rect(seat)
            assert cube.right <= PANEL_RECT.x and cube.top >= 0, (seat, cube)
            assert not [text for text, rect, _ in labels if rect.colliderect(cube)], (seat, cube)
            assert not [f for f in frames if f.colliderect(cube)], (seat, cube)
            assert not [s for s in range(4) if t.mouse_rect(s).colliderect(cube)], (seat, cube)
        assert t.cheese_rect(0).left > score.right and abs(t.cheese_rect(0).centery - score.centery) <= 2
    finally:
        d.close()


def test_mice_sharing_a_pile_never_overlap_inside_it():
    """Mice on one pile were 30 px tokens every 24 px, each over the next one's tail; then
    two or three sat 2 px apart but four still overlapped 6 px. Now two, three or four sit
    at least 2 px apart, inside the pile (four in two rows)."""
    from itertools import combinations
    d = four_mice_on_the_appliance_stack()
    try:
        t = d.top
        pile = t.spot_rect("appliance-stack")
        for count in (2, 3, 4):
            mice = [{"spot": "appliance-stack"} if s < count else None for s in range(4)]
            rects = [t.mouse_rect(s, {**t.view, "mice": mice}) for s in range(count)]
            assert all(pile.contains(r) for r in rects), (count, rects)
            assert not [(a, b) for a, b in combinations(rects, 2) if a.inflate(4, 4).colliderect(b)], (count, rects)
    finally:
        d.close()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_mouse_on_one_pile_shows_whole_at_any_table_size(players):
    """All of a table's mice on the appliance stack, drawn: each one's seat tag shows and
    no token lies on another, at two, three and four players."""
    session = GameSession("circuit_breaker", ["human"] * players, seed=2, options={"first_player": 0})
    d = Driver(lambda app: CircuitBreakerTable(app, session), autosave=False)
    try:
        t = d.top
        t.view["mice"] = [{"spot": "appliance-stack"}] * players
        d.frames(2)
        from game.ui import theme
        rects = [t.mouse_rect(s) for s in range(players)]
        assert len(set(map(tuple, rects))) == players
        assert not [(a, b) for i, a in enumerate(rects) for b in rects[i + 1:] if a.colliderect(b)], rects
        for seat, r in enumerate(rects):
            (cx, cy), size = mouse_spot(r)
            tag = (cx - round(1.6 * size), cy - round(0.5 * size))   # where mouse_icon puts the tail's tag
            assert d.app.display.canvas.get_at(tag)[:3] == theme.seat_colour(seat), seat
    finally:
        d.close()


def test_the_round_tracks_deal_marks_are_focus_stops_with_the_pointers_caption():
    """What a round deals ('W', 'A', 'W+A' under the track) was said only under the pointer:
    Tab reaches each dealing round, rings it, and the caption over the hand says the same."""
    d = cb_driver(seats=("human", "ai:easy"))
    try:
        t = d.top
        t.cancel_ai()
        deals = t.view["deals"]
        seen = {}
        for _ in range(len(t.focus.items)):
            d.key(pygame.K_TAB)
            box = t.focus.current.rect_of()
            deal = next((x for x in deals if box.contains(round_box(x["round"], t.view["rounds"]))), None)
            if deal is not None:
                mark = t.deal_mark_rect(deal["round"])  # the ring goes in the box, the mark just under it
                assert mark.centerx == box.centerx and 0 <= mark.top - box.bottom <= 2, (box, mark)
                seen[deal["round"]] = [text for text, _, _ in d.labels()]
            if len(seen) == len(deals):
                break
        assert sorted(seen) == sorted(x["round"] for x in deals)
        wires = next(x["round"] for x in deals if x["icon"] == "W")
        assert f"Round {wires} (W): as it starts, each player is dealt a wire." in seen[wires]
        both = next(x["round"] for x in deals if x["icon"] == "W+A")
        assert any(f"Round {both} (W+A)" in text for text in seen[both])
    finally:
        d.close()


def test_an_enlarged_house_lies_over_the_mouse_warning_not_under_it():
    """The enlarged house reaches the top of the window, where the warning about a rival
    mouse is written: the warning was drawn over it, its words running through the title
    'Seat 2's house, enlarged'. The enlarged house is drawn last and shows whole."""
    from game.ui import theme
    d = cb_driver(["place A1 at 3,4 r180", "discard A3 to appliance-1", "end", "mouse house 1 at 3,4", "end"])
    try:
        t = d.top
        assert t.mouse_warnings()
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=t.mini_frame(1).center, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        labels = d.labels(frames=2)
        assert t.zoomed_house() == 1
        title = next(rect for text, rect, _ in labels if text.endswith("house, enlarged"))
        warning = [rect for text, rect, _ in labels if text.startswith("Seat 2's mouse")]
        from game.scenes.circuit_breaker_layout import ZOOM_CELL
        box = pygame.Rect(title.x - 8, title.y - 6, 7 * ZOOM_CELL + 16, 7 * ZOOM_CELL + 36)  # as draw_zoom
        covered = [r.clip(box) for r in warning if r.colliderect(box)]
        assert covered, "the warning line runs under the enlarged house"
        canvas = d.app.display.canvas
        inked = [(x, y) for r in covered for x in range(r.left, r.right) for y in range(r.top, r.bottom)
                 if not title.collidepoint(x, y) and canvas.get_at((x, y))[:3] == theme.TEXT]
        assert not inked, inked[:5]
    finally:
        d.close()


def seats_2_and_3_tie_below_you() -> GameSession:
    """One round, seat 2 to end it: You win, seats 2 and 3 tie on points, seat 3 has a cheese."""
    session = GameSession("circuit_breaker", ["human", "ai:easy", "ai:easy"], seed=1,
                          options={"setup": {**S, "objectives": [1, 2, 3]}, "rounds": 1})
    for a in ["place A1 at 3,4 r180", "end", "end", "discard A4 to appliance-1"]:
        session.apply(a, session.current_player)
    return session


def test_CB_19_seats_tied_below_the_winner_are_ranked_by_cheese_on_the_results_and_in_the_log():
    """Equal points below the winner were listed in seat order, under the line 'Ties: most
    cheese, then most appliances in the house.': at 13 points each Seat 2 with no cheese came
    before Seat 3 with one. Now the rule orders them, on the results and in the log's last line."""
    from game.scenes.results import ResultsScene
    session = seats_2_and_3_tie_below_you()
    d = Driver(lambda app: CircuitBreakerTable(app, session), autosave=False)
    try:
        t = d.app.stack.find(CircuitBreakerTable)
        assert t.perform("end", 2) and session.is_over()
        scores = session.state.scores()
        assert scores[1] == scores[2] < scores[0] and t.view["cheese"][1:] == [0, 1]
        assert t.standings() == [0, 2, 1]
        assert t.log_lines[-1] == (None, f"Final scores — You: {scores[0]}, Seat 3 (AI): 0, Seat 2 (AI): 0.")
        assert d.until(lambda: isinstance(d.top, ResultsScene), timeout=5)
        assert d.top.order == [0, 2, 1]
    finally:
        d.close()


def test_the_ring_round_your_mouse_leaves_the_house_coordinates_readable():
    """Your mouse's home sat under the house's column 6: the focus ring round it (8 px out)
    and the tutorial's outline crossed out the '6' the log and the hints name cells by."""
    from game.scenes.circuit_breaker_layout import MARKET_X, OBJECTIVE
    d = cb_driver()
    try:
        t = d.top
        ring = t.mouse_home_rect().inflate(16, 16)  # the focus ring reaches 8 px outside its stop
        coords = [rect for text, rect, _ in d.labels() if text.isdigit() and len(text) == 1
                  and rect.top >= HOUSE.bottom]
        assert len(coords) == 7, coords
        assert not [rect for rect in coords if rect.colliderect(ring)], (ring, coords)
        assert ring.right <= min(MARKET_X, OBJECTIVE.x), "clear of the market and the score panel"
        label = t.mouse_label()[1]
        assert label.right < t.mouse_home_rect().x and not label.colliderect(HOUSE), "the label still beside it"
    finally:
        d.close()


def test_the_score_lines_under_the_ranking_come_in_its_order():
    """Under a ranking 'You, Seat 3 (AI), Seat 2 (AI)' (CB-19: seat 3 has the cheese) the
    lines explaining each score came in seat order, Seat 2 before Seat 3, as Blockers' did."""
    from game.scenes.results import ResultsScene
    session = seats_2_and_3_tie_below_you()
    d = Driver(lambda app: CircuitBreakerTable(app, session), autosave=False)
    try:
        t = d.app.stack.find(CircuitBreakerTable)
        assert t.perform("end", 2) and session.is_over()
        assert d.until(lambda: isinstance(d.top, ResultsScene), timeout=5)
        names = [t.seat_name(s) for s in d.top.order]
        explained = [line.split(":")[0] for line in t.result_lines() if line.split(":")[0] in names]
        assert explained == names == ["You", "Seat 3 (AI)", "Seat 2 (AI)"], explained
    finally:
        d.close()


def test_end_turn_is_the_blue_call_to_action_only_once_the_turn_has_begun():
    """At the turn's start End turn was the blue main button, inviting a click before anything
    was placed, bought or sent: it is a plain button until the player's first move, and N
    ends the turn either way."""
    d = cb_driver()
    try:
        t = d.top
        d.frames(2)
        assert t.end_button.visible and t.end_button.object_ids == [None]
        i = t.view["hand"].index("A2")
        d.drag(t.hand_rect(i).center, t.spot_rect("appliance-3").center)
        d.frames(2)
        assert log(d) == ["discard A2 to appliance-3"]
        assert t.end_button.object_ids == ["#primary"]
    finally:
        d.close()
    d = cb_driver()
    try:
        d.frames(2)
        d.key(pygame.K_n)  # placements are left: it asks, and a second N answers yes
        d.key(pygame.K_n)
        assert log(d) == ["end"]
    finally:
        d.close()


@pytest.mark.parametrize("rounds", [16, 40])
def test_the_focus_ring_on_a_round_of_the_track_covers_none_of_its_neighbours(rounds):
    """The round track's boxes are 2 px apart (closer still in a long game): the ring drawn
    8 px round a round's box and its deal mark covered the next box on either side. It now
    sits inside the box: focusing a round changes no pixel of the track outside that box."""
    from game.scenes import circuit_breaker_words as words
    session = GameSession("circuit_breaker", ["human", "human"], seed=1, options={"setup": S, "rounds": rounds})
    d = Driver(lambda app: CircuitBreakerTable(app, session), autosave=False)
    try:
        t = d.top
        track = pygame.Rect(round_box(1, rounds).x - 12, round_box(1, rounds).y - 12, 400, 60)
        d.frames(2)
        before = d.app.display.canvas.subsurface(track).copy()
        for deal in t.view["deals"]:
            box = round_box(deal["round"], rounds)
            t.focus.index = next(i for i, item in enumerate(t.focus.items) if item.rect_of().collidepoint(box.center))
            t.focus.visible = True
            d.frames(1)
            after = d.app.display.canvas.subsurface(track)
            changed = [(x + track.x, y + track.y) for x in range(track.w) for y in range(track.h)
                       if after.get_at((x, y)) != before.get_at((x, y))]
            assert changed, "the ring is drawn"
            assert all(box.collidepoint(p) for p in changed), [p for p in changed if not box.collidepoint(p)][:5]
            assert t.focus.reach(t.focus.current) == box
            shown = " ".join(text for text, _, _ in d.labels(frames=1))
            assert words.deal_caption(deal["round"], deal["icon"]) in shown, "the caption says what it deals"
    finally:
        d.close()



def test_a_ring_left_on_the_computers_small_house_moves_to_your_first_move_when_your_turn_starts():
    """The ring left on a cell of the computer's small house kept that house enlarged over
    the market when your next turn started: the ring now goes where the first Tab goes (your
    first move) and the house shrinks back."""
    d = cb_driver(seats=("human", "ai:easy"))
    try:
        t = d.top
        d.frames(2)
        frame = t.mini_frame(1)
        stop = next(i for i, item in enumerate(t.focus.items) if frame.contains(item.rect_of()))
        t.focus.show_first([stop])
        d.frames(1)
        assert t.zoomed_house() == 1
        t.end_now()
        assert d.until(lambda: not t.my_turn(), timeout=5)
        assert d.until(lambda: t.my_turn() and not t.animating and not t.settling(), timeout=30)
        d.frames(3)
        got = t.focus.index
        assert t.focus.visible and t.zoomed_house() is None
        t.focus.index, t.focus.visible = -1, False
        d.key(pygame.K_TAB)  # the first Tab on your turn
        assert t.focus.index == got
    finally:
        d.close()


def test_one_click_on_a_pile_aims_the_mouse_and_a_second_sends_it():
    """A click on a pile sent your mouse at once: a click meant to look at the pile, or one on a
    wire pile with a tile picked (only appliance piles take discards), spent the turn's mouse.
    The first click (or Enter) now aims it, outlined, with the prompt saying so; a second
    sends it; a click elsewhere or Esc keeps it home."""
    from game.ui import theme
    d = cb_driver()
    try:
        t = d.top
        pile = t.spot_rect("wire-1")
        d.click(pile.center)
        assert log(d) == [] and t.mouse_aim == "mouse wire-1"
        assert t.prompt().startswith("Click there again (or press Enter) to send your mouse to the wire 1 pile")
        canvas = d.app.display.canvas
        assert theme.YELLOW in [canvas.get_at((x, pile.top + 1))[:3] for x in range(pile.left + 8, pile.right - 8)]
        d.key(pygame.K_ESCAPE)
        assert t.mouse_aim is None and log(d) == [], "Esc keeps the mouse home (and opens no menu)"
        assert d.top is t
        d.click(pile.center)
        d.click(t.spot_rect("wire-2").center)  # another spot: aimed there instead
        assert log(d) == [] and t.mouse_aim == "mouse wire-2"
        d.click(house_rect_cell(0, 0).center)  # elsewhere: not aimed any more
        assert t.mouse_aim is None
        d.click(t.hand_rect(t.view["hand"].index("W1")).center)  # a wire picked, then a wire pile
        assert t.selected == "W1"
        d.click(pile.center)
        assert log(d) == [], "the mouse stays home"
        d.click(pile.center)
        assert log(d) == ["mouse wire-1"] and t.mouse_aim is None
    finally:
        d.close()
    d = cb_driver()
    try:
        t = d.top
        focus_on(d, t.spot_rect("appliance-stack"))
        d.key(pygame.K_RETURN)
        assert log(d) == [] and t.mouse_aim == "mouse appliance-stack"
        d.key(pygame.K_RETURN)
        assert log(d) == ["mouse appliance-stack"]
    finally:
        d.close()


def test_in_german_the_aimed_mouses_prompt_is_drawn_whole_above_the_house():
    from game import i18n, storage
    storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"language": "de"})
    d = cb_driver(["place A1 at 3,4 r180", "discard A3 to appliance-1", "end"])
    try:
        t = d.top
        d.click(t.mini_cell_rect(0, 3, 4).center)
        prompt = t.prompt()
        assert prompt == "Klick noch einmal darauf (oder drück Enter), um deine Maus zum Gerät von Spieler 1 auf " \
            "Feld 3,4 zu schicken; mit Esc bleibt sie zu Hause.", prompt
        drawn = [(text, rect) for text, rect, _ in d.labels() if rect.x == HOUSE.x and rect.y < HOUSE.y]
        assert " ".join(text for text, _ in drawn) == prompt
        assert all(rect.bottom <= HOUSE.y - 5 for _, rect in drawn), "clear of the house's edge"
    finally:
        i18n.load_language("en")
        d.close()


def test_an_aimed_appliance_glows_on_the_enlarged_house_too():
    """A click or Enter on an opponent's appliance aims your mouse there, but the glow was
    drawn only on the 14 px cell of the small house, while the enlarged copy over the market,
    where the player looks, showed nothing: the first click seemed to do nothing."""
    from game.ui import theme
    d = cb_driver(["place A1 at 3,4 r180", "discard A3 to appliance-1", "end"])
    try:
        t = d.top
        small = t.mini_cell_rect(0, 3, 4)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=small.center, rel=(0, 0), buttons=(0, 0, 0)))
        d.frames(1)
        big = t.zoom_cell(0, 3, 4)
        canvas = d.app.display.canvas
        edge = [canvas.get_at((x, big.top - 3))[:3] for x in range(big.left + 6, big.right - 6)]
        assert theme.YELLOW not in edge, "not aimed yet: no glow"
        d.click(small.center)
        assert t.mouse_aim == "mouse house 1 at 3,4" and t.zoomed_house() == 0
        canvas = d.app.display.canvas
        edge = [canvas.get_at((x, big.top - 3))[:3] for x in range(big.left + 6, big.right - 6)]
        assert theme.YELLOW in edge, "the enlarged appliance is outlined as aimed"
    finally:
        d.close()


def test_on_the_keyboard_a_thief_on_your_appliance_is_chased_with_tab_and_enter_as_said():
    """With the focus ring showing, the warning told a keyboard player to 'click the mouse' and
    the ring on that mouse captioned 'Click: 1 cheese ...'; both name the keys now, and the
    pointer's wording stays as it was."""
    d = cb_driver(["place A1 at 3,4 r180", "discard A3 to appliance-1", "end", "mouse house 1 at 3,4", "end"])
    try:
        t = d.top
        d.frames(2)
        assert "(click the mouse)" in t.mouse_warnings()[0]
        focus_on(d, t.mouse_rect(1))
        assert t.mouse_warnings() == ["Seat 2's mouse is on your Bubble Maker at 3,4: chase it with cheese (Tab to "
                                      "the mouse, Enter) or lose it when their turn starts."]
        texts = [text for text, _, _ in d.labels(frames=2)]
        assert "Enter: 1 cheese (you have 1) sends Seat 2's mouse to the appliance stack." in " ".join(texts), texts
        assert not any(text.startswith("Click: 1 cheese") for text in texts)
        d.key(pygame.K_RETURN)
        assert log(d)[-1] == "cheese 2" and t.mouse_warnings() == []
    finally:
        d.close()


def test_esc_after_aiming_the_mouse_with_a_tile_picked_keeps_the_tile_picked():
    """With a tile picked, Enter on a wire pile aims your mouse there (only appliance piles take
    discards); the prompt says 'Esc keeps it home', but Esc dropped the picked tile too, so it
    had to be picked again. Esc now undoes the aim alone, as a click elsewhere does; a second
    Esc puts the tile down."""
    d = cb_driver()
    try:
        t = d.top
        focus_on(d, t.hand_rect(t.view["hand"].index("W1")))
        d.key(pygame.K_RETURN)
        assert t.selected == "W1"
        focus_on(d, t.spot_rect("wire-1"))
        d.key(pygame.K_RETURN)
        assert t.mouse_aim == "mouse wire-1" and t.selected == "W1"
        d.key(pygame.K_ESCAPE)
        assert t.mouse_aim is None and t.selected == "W1" and log(d) == []
        assert t.prompt().startswith("Place the tile you picked"), t.prompt()
        d.key(pygame.K_ESCAPE)
        assert t.selected is None and d.top is t
    finally:
        d.close()


def _pixels(surface: pygame.Surface, rect: pygame.Rect) -> list[tuple[int, int, int]]:
    return [surface.get_at((x, y))[:3] for y in range(rect.top, rect.bottom) for x in range(rect.left, rect.right)]


def test_the_aimed_spot_is_outlined_with_your_mouse_beside_it_and_its_face_left_clear():
    """A yellow fill pulsed over the aimed spot and washed out the tile about to be taken and
    the pile's name (and the appliance on the enlarged house): now an outline, corner marks
    and your mouse beside the tile mark it, and the tile and the name look as before."""
    from game.ui import theme
    d = cb_driver(["place A1 at 3,4 r180", "discard A3 to appliance-1", "end"])
    try:
        t = d.top
        pile = t.spot_rect("wire-1")
        label = pygame.Rect(pile.x + 4, pile.y + 2, 60, 18)
        d.frames(1)
        canvas = d.app.display.canvas
        before = _pixels(canvas, t.pile_tile_rect("wire-1")), _pixels(canvas, label)
        d.click(pile.center)
        assert t.mouse_aim == "mouse wire-1"
        for _ in range(6):  # whatever the pulse
            d.frames(3)
            canvas = d.app.display.canvas
            assert (_pixels(canvas, t.pile_tile_rect("wire-1")), _pixels(canvas, label)) == before
            assert theme.YELLOW in [canvas.get_at((x, pile.top - 3))[:3] for x in range(pile.left + 8, pile.right - 8)]
        mine = theme.seat_colour(t.viewer)
        corner = pygame.Rect(pile.right - 32, pile.bottom - 24, 30, 22)
        assert mine in _pixels(canvas, corner), "your mouse in the pile's corner"
        d.key(pygame.K_ESCAPE)
        small = t.mini_cell_rect(0, 3, 4)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=small.center, rel=(0, 0), buttons=(0, 0, 0)))
        d.frames(1)
        big = t.zoom_cell(0, 3, 4)
        face = _pixels(d.app.display.canvas, big)
        d.click(small.center)
        assert t.mouse_aim == "mouse house 1 at 3,4" and t.zoomed_house() == 0
        for _ in range(4):
            d.frames(3)
            assert _pixels(d.app.display.canvas, big) == face, "the appliance aimed at shows whole"
    finally:
        d.close()


def rest_pointer_on_small_house(d: Driver, t: CircuitBreakerTable) -> pygame.Rect:
    """The pointer comes to rest on the first opponent's small house (enlarging it); its frame."""
    frame = t.mini_frame(0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=frame.center, rel=(0, 0), buttons=(0, 0, 0)))
    d.frames(1)
    return frame


def test_the_focus_ring_on_a_pile_under_the_enlarged_house_is_not_drawn_through_it():
    """The pointer resting on a small house shows it enlarged over the market; the focus ring
    on a pile under it was drawn through the enlarged house, a dashed frame round an empty
    cell there. The enlarged house now covers it, as it covers the pile."""
    d = cb_driver(["place A1 at 3,4 r180", "discard A3 to appliance-1", "end"])
    try:
        t = d.top
        rest_pointer_on_small_house(d, t)
        box = t.zoom_box(0)
        pile = t.spot_rect("wire-1")
        assert t.zoomed_house() == 0 and box.contains(pile.inflate(16, 16))
        t.focus.index = next(i for i, item in enumerate(t.focus.items) if item.rect_of() == pile)
        t.focus.visible = False
        d.frames(1)
        bare = _pixels(d.app.display.canvas, box)
        t.focus.visible = True
        d.frames(1)
        assert t.zoomed_house() == 0
        assert _pixels(d.app.display.canvas, box) == bare
    finally:
        d.close()


def test_tab_reaches_a_rival_mouse_right_after_the_hand_and_the_round_track_last():
    """Reaching a rival mouse on your appliance took 15 Tabs with three tiles in hand: every
    pile and every deal mark of the round track came first. Tab now goes hand, rival mice,
    market, rival appliances, then the round track; Up from the hand reaches the thief too."""
    d = cb_driver(["place A1 at 3,4 r180", "discard A3 to appliance-1", "end",
                   "place A5 at 3,4 r180", "mouse house 1 at 3,4", "end"])
    try:
        t = d.top
        d.frames(2)
        order: list[int] = []
        for _ in range(len(t.focus.items)):
            d.key(pygame.K_TAB, frames=1)
            if order and t.focus.index == order[0]:
                break
            order.append(t.focus.index)
        rects = [t.focus.items[i].rect_of() for i in order]
        hand = [t.hand_rect(i) for i in range(len(t.view["hand"]))]
        assert rects[:len(hand) + 2] == [*hand, t.mouse_rect(1), t.spot_rect("wire-stack")]
        deals = [rects.index(t.deal_box(k)) for k in range(len(t.view["deals"]))]
        assert rects.index(t.spot_rect("appliance-3")) < rects.index(t.mini_cell_rect(1, 3, 4)) < min(deals)
        t.focus.index, t.focus.visible = order[0], True
        d.key(pygame.K_UP)
        assert t.focus.current.rect_of() == t.mouse_rect(1), "Up from the hand goes to the thief"
    finally:
        d.close()


def test_two_to_four_mice_on_one_stack_sit_side_by_side_inside_its_frame_under_its_card():
    """Three mice on the appliance stack overlapped one another (a tail's tag on the next
    mouse) and the card's edge: several mice on one spot now lie apart, inside the frame and
    off the card (three in a row under it, four beside it); each is still where a click or
    the focus ring finds it."""
    from game.ui.circuit_tiles import mouse_icon
    d = four_mice_on_the_appliance_stack()
    try:
        t = d.top
        stack = t.spot_rect("appliance-stack")
        card = t.pile_tile_rect("appliance-stack")

        def drawn(seat: int) -> pygame.Rect:
            layer = pygame.Surface(d.app.display.canvas.get_size(), pygame.SRCALPHA)
            mouse_icon(layer, *mouse_spot(t.mouse_rect(seat)), seat)
            return layer.get_bounding_rect()

        for count in (3, 4):
            if count == 4:
                t.act("mouse appliance-stack")  # your own joins the three
            mice = [s for s in range(4) if (t.view["mice"][s] or {}).get("spot") == "appliance-stack"]
            assert len(mice) == count
            icons = [drawn(s) for s in mice]
            for i, a in enumerate(icons):
                assert stack.inflate(-6, -6).contains(a), (count, a, stack)
                assert not a.colliderect(card), (count, a, card)
                assert all(not a.inflate(2, 2).colliderect(b) for b in icons[i + 1:]), (count, icons)
                assert t.mouse_rect(mice[i]).colliderect(a) and stack.contains(t.mouse_rect(mice[i]))
    finally:
        d.close()


@pytest.mark.parametrize("language", ["en", "de"])
def test_aiming_the_mouse_in_the_last_round_says_it_would_bring_nothing_back(language):
    """A mouse still out when the game ends fetches nothing (CB-18), but it may be sent: the
    prompt on aiming it in the last round said only how to send it. It now says it would
    bring nothing back, drawn whole over the house; a second click still sends it."""
    from game import i18n, storage
    storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"language": language})
    session = GameSession("circuit_breaker", ["human", "human"], seed=1, options={"setup": S, "rounds": 1})
    d = Driver(lambda app: CircuitBreakerTable(app, session), autosave=False)
    try:
        t = d.top
        d.click(t.spot_rect("wire-1").center)
        assert t.mouse_aim == "mouse wire-1"
        prompt = t.prompt()
        assert prompt == i18n.tr("Last round: your mouse would bring nothing back. Click there again (or press "
                                 "Enter) to send it anyway; Esc keeps it home.")
        assert ("nichts mehr zurück" if language == "de" else "bring nothing back") in prompt
        drawn = [(text, rect) for text, rect, _ in d.labels() if rect.x == HOUSE.x and rect.y < HOUSE.y]
        assert " ".join(text for text, _ in drawn) == prompt
        d.click(t.spot_rect("wire-1").center)
        assert log(d) == ["mouse wire-1"]
    finally:
        i18n.load_language("en")


def test_enter_on_another_stop_drops_the_aim_as_a_click_elsewhere_does():
    """A click anywhere but the aimed spot keeps your mouse home; Enter on a hand tile picked
    it but left the aim, its glow and the prompt 'Click there again (or press Enter) to send
    your mouse ...' while the ring went on to the house. Enter on the aimed spot still sends."""
    d = cb_driver()
    try:
        t = d.top
        pile = t.spot_rect("wire-1")
        focus_on(d, pile)
        d.key(pygame.K_RETURN)
        assert t.mouse_aim == "mouse wire-1"
        focus_on(d, t.hand_rect(t.view["hand"].index("W1")))
        d.key(pygame.K_RETURN)
        assert t.selected == "W1" and t.mouse_aim is None and log(d) == []
        assert t.prompt().startswith("Place the tile you picked"), t.prompt()
        focus_on(d, pile)
        d.key(pygame.K_RETURN)
        assert t.mouse_aim == "mouse wire-1" and log(d) == []
        d.key(pygame.K_RETURN)
        assert log(d) == ["mouse wire-1"] and t.mouse_aim is None
    finally:
        d.close()


def test_enter_after_a_click_aimed_the_mouse_sends_it_as_the_prompt_says():
    """'Click there again (or press Enter) to send your mouse ...': after a click (which hides
    the ring) Enter only showed the ring on the first hand tile, and a second Enter picked
    that tile up, the mouse still home."""
    d = cb_driver()
    try:
        t = d.top
        d.click(t.spot_rect("wire-1").center)
        assert t.mouse_aim == "mouse wire-1" and not t.focus.visible
        assert "(or press Enter)" in t.prompt()
        d.key(pygame.K_RETURN)
        assert log(d) == ["mouse wire-1"] and t.mouse_aim is None and t.selected is None
    finally:
        d.close()


def test_a_lone_mouse_on_a_pile_lies_off_its_card_inside_its_frame():
    """A mouse alone on a pile lay over the bottom-right corner of the card it had come for
    (about 7 px in): it now sits in the frame's corner, clear of the card on every pile."""
    from game.ui.circuit_tiles import mouse_icon
    d = cb_driver()
    try:
        t = d.top
        for spot in ("wire-1", "wire-stack", "appliance-1", "appliance-stack"):
            t.view["mice"] = [{"spot": spot}, None]
            layer = pygame.Surface(d.app.display.canvas.get_size(), pygame.SRCALPHA)
            mouse_icon(layer, *mouse_spot(t.mouse_rect(0)), 0)
            drawn = pygame.mask.from_surface(layer)
            card = t.pile_tile_rect(spot).inflate(2, 2)
            assert not drawn.overlap(pygame.mask.Mask(card.size, fill=True), card.topleft), spot
            assert t.spot_rect(spot).inflate(-4, -4).contains(layer.get_bounding_rect()), spot
            assert not t.mouse_rect(0).colliderect(t.pile_tile_rect(spot)), "a click on it is not a click on the card"
    finally:
        d.close()


def two_mice_in_a_small_house() -> tuple[Driver, list[tuple[int, int, int]]]:
    """Four people's table, seen from seat 1, with seat 3's and seat 4's mice on two
    appliances of seat 2's house; returns the driver and (seat, x, y) of those mice."""
    session = GameSession("circuit_breaker", ["human"] * 4, seed=2, options={"first_player": 0})
    d = Driver(lambda app: CircuitBreakerTable(app, session), autosave=False)
    t = d.top
    t.view["houses"][1] = [{"tile": "A1", "x": 3, "y": 4, "rot": 180}, {"tile": "A2", "x": 2, "y": 3, "rot": 90},
                           {"tile": "W7", "x": 3, "y": 5, "rot": 0}, {"tile": "A5", "x": 4, "y": 3, "rot": 270}]
    on = [(2, 3, 4), (3, 2, 3)]
    t.view["mice"] = [None, None, *({"spot": "house", "seat": 1, "x": x, "y": y} for _, x, y in on)]
    return d, on


def mouse_pixels(d: Driver, seats: list[int], region: pygame.Rect, around: pygame.Rect | None = None) -> pygame.Rect:
    """What the mice of ``seats`` change in ``region`` of the screen: the box round the
    pixels drawn with them and not without (the pointer ``around`` a small house, to enlarge it)."""
    t = d.top
    if around is not None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=around.center, rel=(0, 0), buttons=(0, 0, 0)))
    d.frames(2)
    with_mice = d.app.display.canvas.copy()
    mice = list(t.view["mice"])
    t.view["mice"] = [None if s in seats else m for s, m in enumerate(mice)]
    d.frames(2)
    without = d.app.display.canvas.copy()
    t.view["mice"] = mice
    d.frames(2)
    changed = [(x, y) for x in range(region.left, region.right) for y in range(region.top, region.bottom)
               if with_mice.get_at((x, y)) != without.get_at((x, y))]
    if not changed:
        return pygame.Rect(0, 0, 0, 0)
    xs, ys = [x for x, _ in changed], [y for _, y in changed]
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def test_mice_on_a_small_house_are_marks_in_a_cells_corner_and_the_enlarged_house_shows_the_appliance():
    """A mouse on another player's small house was a 30 px icon on 14 px cells: two of them
    hid most of the house. Each is now a mark in its seat's shape and colour on its cell's
    corner, still what a click or the focus ring finds; on the enlarged house the mouse is
    full size at the cell's corner, no longer over the middle of the appliance it is on."""
    from game.ui import theme
    d, on = two_mice_in_a_small_house()
    try:
        t = d.top
        for seat, x, y in on:
            cell = t.mini_cell_rect(1, x, y)
            drawn = mouse_pixels(d, [seat], t.mini_frame(1).inflate(40, 40))
            assert cell.inflate(8, 8).contains(drawn), (seat, cell, drawn)
            assert drawn.w * drawn.h <= cell.w * cell.h, "no larger than the cell"
            assert theme.seat_colour(seat) in {d.app.display.canvas.get_at(p)[:3] for p in
                                               ((a, b) for a in range(drawn.left, drawn.right)
                                                for b in range(drawn.top, drawn.bottom))}
            assert t.mouse_rect(seat).colliderect(drawn) and t.mouse_under(drawn.center) == seat
        frame = t.mini_frame(1)
        for seat, x, y in on:
            drawn = mouse_pixels(d, [seat], t.zoom_box(1), around=frame)
            assert t.zoom_seat == 1
            cell = t.zoom_cell(1, x, y)
            assert drawn.w >= 30, "full size"
            assert not drawn.colliderect(cell.inflate(-16, -16)), (seat, cell, drawn)
            assert drawn.colliderect(cell)
    finally:
        d.close()


def test_dragging_the_mouse_in_the_last_round_warns_as_a_click_does():
    """In the last round a click on a pile aims the mouse and warns that it would bring
    nothing back, but a drag sent it at once. A drop now aims it the same way, the mouse
    back home under the warning; a click there (or a second drop) sends it."""
    from game import i18n
    warning = i18n.tr("Last round: your mouse would bring nothing back. Click there again (or press "
                      "Enter) to send it anyway; Esc keeps it home.")
    for again in ("click", "drop"):
        session = GameSession("circuit_breaker", ["human", "human"], seed=1, options={"setup": S, "rounds": 1})
        d = Driver(lambda app, session=session: CircuitBreakerTable(app, session), autosave=False)
        try:
            t = d.top
            d.hold(t.mouse_home_rect().center, t.spot_rect("wire-1").center, frames=3)
            d.release(t.spot_rect("wire-1").center)
            assert log(d) == [] and t.mouse_aim == "mouse wire-1" and t.view["mice"][0] is None
            assert t.prompt() == warning
            assert t.drag.snapbacks, "the mouse goes back home"
            if again == "click":
                d.click(t.spot_rect("wire-1").center)
            else:
                d.hold(t.mouse_home_rect().center, t.spot_rect("wire-1").center, frames=3)
                d.release(t.spot_rect("wire-1").center)
            assert log(d) == ["mouse wire-1"], again
        finally:
            d.close()


def test_a_key_closes_the_enlarged_house_under_a_resting_pointer_so_the_ring_shows():
    """The pointer resting on a small house kept it enlarged over the market, so a keyboard
    player's focus ring on a pile under it stayed hidden until the pointer moved. With the
    keyboard in use the resting pointer opens nothing; moving it opens the house again."""
    d = cb_driver(["place A1 at 3,4 r180", "discard A3 to appliance-1", "end"])
    try:
        t = d.top
        frame = rest_pointer_on_small_house(d, t)
        assert t.zoomed_house() == 0
        pile = t.spot_rect("wire-1")
        focus_on(d, pile)
        assert t.focus.visible and t.zoomed_house() is None and t.app.mouse_pos == frame.center
        assert not [text for text, _, _ in d.labels() if text.endswith("house, enlarged")]
        d.key(pygame.K_TAB)  # on to the next pile: still no enlarged house
        assert t.zoomed_house() is None
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=frame.midtop, rel=(0, 0), buttons=(0, 0, 0)))
        d.frames(1)
        assert t.zoomed_house() == 0, "the pointer moved: the house is shown again"
        focus_on(d, t.mini_cell_rect(0, 3, 4))  # the ring on the small house itself enlarges it
        assert t.zoomed_house() == 0
    finally:
        d.close()
