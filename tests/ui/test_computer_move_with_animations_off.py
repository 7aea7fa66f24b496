"""With animations off a computer's move lands at once, with no flight to follow: its lines
are marked in the game log for a while (a light band and a bar at their left) and its next
action waits a moment, so a person sees each step. With animations on nothing changes."""

from __future__ import annotations

from game.scenes.breaks_table import BreaksTable
from game.scenes.table_base import AI_PAUSE
from game.scenes.table_log import LOG_RECT
from game.session import GameSession
from game.ui import theme
from tests.ui.driver import Driver

STEP = 1 / 60  # the driver's clock: each frame is this many seconds of the table's time
PAUSE = 0.6  # about this long between two actions of the computer
MARKED = 1.6  # about this long a move stays marked (the last part of it fading)


def computer_first(speed: str) -> Driver:
    """Breaks, the computer (seat 2) to play first: it draws, then places or discards."""
    session = GameSession("breaks", ["human", "ai:easy"], seed=1, options={"first_player": 1})
    d = Driver(lambda app: BreaksTable(app, session), autosave=False)
    d.app.settings.animation_speed = speed
    return d


def left_of_newest_line(d: Driver) -> tuple[int, int, int]:
    """The colour the next frame draws at the left edge of the log's newest line."""
    t = d.top
    newest = t._wrapped_log()[-1][1]
    rects = [rect for text, rect, clip in d.labels() if text == newest and clip == LOG_RECT]
    assert rects, "the newest log line is on show"
    return tuple(d.app.display.canvas.get_at((LOG_RECT.x + 3, rects[0].centery))[:3])


def bar_on_newest_line(d: Driver) -> bool:
    """Whether the next frame draws the mark's bar, at full strength, by the log's newest line."""
    return left_of_newest_line(d) == theme.YELLOW


def moves(d: Driver) -> int:
    return len(d.top.session.log.actions)


def test_with_animations_off_each_computer_action_is_marked_in_the_log_and_paced():
    d = computer_first("off")
    try:
        assert d.until(lambda: moves(d) == 1, 30, STEP), "the computer draws"
        drew_at = d.app.time
        assert d.top.log_lines[-1][0] == 1, "its draw is told in the log"
        assert bar_on_newest_line(d), "the draw is marked in the log"
        assert d.until(lambda: moves(d) == 2, 30, STEP), "then places or discards"
        assert d.app.time - drew_at >= PAUSE - 3 * STEP, "a moment after the draw, not at once"
        played_at = d.app.time
        assert d.top.my_turn()
        assert bar_on_newest_line(d), "its second action is marked too"
        d.frames(round((played_at + MARKED - 0.5 - d.app.time) / STEP) - 2, STEP)
        assert bar_on_newest_line(d), "the mark stays about 1.6 s..."
        d.frames(round((played_at + MARKED - d.app.time) / STEP) + 1, STEP)
        assert left_of_newest_line(d) == theme.TABLE_DARK, "...then it is gone: the log as usual"
    finally:
        d.close()


def test_with_animations_on_the_computer_moves_as_before():
    d = computer_first("normal")
    try:
        assert d.until(lambda: moves(d) == 1, 30, STEP)
        t = d.top
        assert abs(t.ai_ready_at - d.app.time - AI_PAUSE) < 1e-6, "the usual pause after an action"
        assert left_of_newest_line(d) == theme.TABLE_DARK, "no mark: the card's flight shows the move"
    finally:
        d.close()


def test_in_pass_and_play_the_computers_last_action_shows_before_the_pass_screen():
    """With animations off the pass screen to the next person covered the table the very
    frame after the computer's last action: nobody saw it land or its mark in the log."""
    from game.scenes.handoff import HandoffScene
    session = GameSession("breaks", ["human", "ai:easy", "human"], seed=1, options={"first_player": 0})
    d = Driver(lambda app: BreaksTable(app, session), autosave=False)
    d.app.settings.animation_speed = "off"
    try:
        t = d.top
        while session.current_player == 0:  # your whole turn: draw, then place or discard
            assert t.perform(session.legal_texts()[0], 0)
        assert d.until(lambda: session.current_player == 2, 30, STEP), "the computer plays its turn"
        d.frames(round(PAUSE / STEP) - 3, STEP)
        assert d.top is t and bar_on_newest_line(d), "its last action in sight, marked"
        assert d.until(lambda: isinstance(d.top, HandoffScene), 1, STEP), "then the pass screen to seat 3"
    finally:
        d.close()
