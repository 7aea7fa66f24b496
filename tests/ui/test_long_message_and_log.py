"""A message too long for the strip under the turn banner grows over the game log's place
while it shows (Circuit Breaker, Breaker Blocks): the log's heading and box move down under
it, so the message covers neither and the log still shows its newest line."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.scenes.breaker_blocks_table import BreakerBlocksTable
from game.scenes.circuit_breaker_table import CircuitBreakerTable
from game.scenes.table_log import LOG_HEADING, LOG_RECT
from game.scenes.tables import start_tutorial
from game.scenes.title import TitleScene
from game.session import GameSession
from tests.ui.driver import Driver

LONG = ("Hint: discard this tile for cheese. It could go in your house, but the cheese is worth more to you "
        "now: two more cheese pay for the next appliance, and the tile's wires match none of your open edges. "
        "Keep the blue wire for later, when the kitchen is wired up and the mouse has come home again.")


def table(game: str) -> Driver:
    scene = {"circuit_breaker": CircuitBreakerTable, "breaker_blocks": BreakerBlocksTable}[game]
    session = GameSession(game, ["human", "human"], seed=1, options={"first_player": 0})
    return Driver(lambda app: scene(app, session), autosave=False)


@pytest.mark.parametrize("game", ["circuit_breaker", "breaker_blocks"])
def test_a_long_message_moves_the_log_down_instead_of_covering_it(game):
    d = table(game)
    try:
        t = d.top
        for i in range(40):  # a full log: its newest line is the one that must stay in view
            t.add_log(i % 2, f"Move {i} was made.")
        newest = "Move 39 was made."
        t.show_toast(LONG, 30)
        box = d.toast_box(t)
        assert box.bottom > LOG_HEADING.y, "the message is long enough to grow over the log's place"
        drawn = d.labels()
        heading = [rect for text, rect, _ in drawn if text == "Game log"]
        assert heading and not heading[0].colliderect(box), (heading, box)
        lines = [(rect, clip) for text, rect, clip in drawn if text == newest]
        assert lines, "the newest log line is drawn"
        rect, clip = lines[0]
        assert clip is not None and not clip.colliderect(box), "the log's box lies clear of the message"
        assert clip.contains(rect) and not rect.colliderect(box), "the newest line is shown whole, uncovered"
        assert clip.top > heading[0].top
        # the message whole: nothing of it is cut short to make room
        shown = [text for text, rect, _ in drawn if box.contains(rect)]
        assert " ".join(shown) == LONG
        t.toast = None  # once it goes, the log is back where it was
        d.frames(1)
        assert next(rect for text, rect, _ in d.labels() if text == "Game log").topleft == LOG_HEADING.topleft
    finally:
        d.close()


def coach_words(drawn) -> list[tuple[str, pygame.Rect]]:
    """The coach's heading and lines as drawn: left-aligned in the log's place (a message is centred)."""
    return [(text, rect) for text, rect, _ in drawn if rect.x - LOG_RECT.x in (8, 10)]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", ["circuit_breaker", "breaker_blocks"])
def test_a_long_message_in_a_tutorial_moves_the_coach_down_instead_of_covering_it(game, lang):
    d = Driver(lambda app: TitleScene(app), autosave=False)
    try:
        i18n.load_language(lang)  # German's welcome in Circuit Breaker is the longest
        start_tutorial(d.app, game)
        t = d.top
        d.frames(2)
        said = [text for text, _ in coach_words(d.labels())]
        assert said[0] == i18n.tr("Coach") and len(said) > 5
        t.show_toast(LONG, 30)
        box = d.toast_box(t)
        assert box.bottom > LOG_HEADING.y, "the message is long enough to grow over the coach's place"
        shown = coach_words(d.labels())
        assert not any(rect.colliderect(box) for _, rect in shown), (box, shown)
        # the whole explanation, in smaller text if need be (so the lines break elsewhere)
        assert " ".join(text for text, _ in shown) == " ".join(said)
        coach = t.coach_box()
        assert not coach.colliderect(box) and all(coach.contains(rect) for _, rect in shown)
        assert coach.bottom == LOG_RECT.bottom + 2, "the coach keeps its bottom, and the buttons under it"
        t.toast = None  # once it goes, the coach is back where it was
        d.frames(1)
        assert t.coach_box() == LOG_RECT.inflate(4, 4)
    finally:
        i18n.load_language("en")
        d.close()


def wheel_at(d: Driver, pos: tuple[int, int], up: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=up, flipped=False, precise_x=0.0,
                                         precise_y=float(up)))
    d.frames(2)


@pytest.mark.parametrize("game", ["circuit_breaker", "breaker_blocks"])
def test_the_wheel_scrolls_the_log_only_over_its_box_as_drawn_under_a_long_message(game):
    d = table(game)
    try:
        t = d.top
        for i in range(40):
            t.add_log(i % 2, f"Move {i} was made.")
        t.show_toast(LONG, 30)
        box = d.toast_box(t)
        heading, log = t.log_box()
        assert log.top > LOG_RECT.top, "the message pushed the log down"
        # over the message and over the log heading's new place: the log's usual place, not the log
        for y in (LOG_RECT.top + 10, heading.centery):
            assert not log.collidepoint(LOG_RECT.centerx, y) and LOG_RECT.collidepoint(LOG_RECT.centerx, y)
            wheel_at(d, (LOG_RECT.centerx, y))
            assert t.log_scroll == 0, f"the wheel at y={y} (message {box}, log {log}) scrolled the log"
        wheel_at(d, log.center)
        assert t.log_scroll == 1, "over the log's box the wheel scrolls it"
    finally:
        d.close()
