"""What every game table shares: driving the session turn by turn (humans, the AI
worker, pass-and-play hand-offs), undo, autosave, the game log panel, the turn banner
and the side buttons. A game's table subclasses it and draws the board, handles the
board's input, narrates actions and animates them. The Hint button's part is the
TableHints mixin (table_hints.py), the game log's the TableLog mixin (table_log.py).
"""

from __future__ import annotations

import logging
import math
import random
import zlib
from collections.abc import Callable
from typing import Any

import pygame

from game import storage
from game.core.errors import IllegalAction
from game.i18n import number, tr, tr_form, tr_message
from game.scenes import endings
from game.scenes.base import AppScene, sentence
from game.scenes.table_hints import TableHints
from game.scenes.table_log import LOG_GAP, LOG_HEADING, LOG_RECT, TableLog, log_rows
from game.session import GameSession
from game.stats import LOWER_IS_BETTER
from game.ui import draw, seat_style, theme
from game.ui.buttons import LabelButton, tooltip_layout
from game.ui.display import LOGICAL_SIZE
from game.ui.tween import speed_factor

log = logging.getLogger("breakbox")

PANEL_RECT = pygame.Rect(968, 8, 304, 704)
TABLE_AREA = pygame.Rect(0, 0, PANEL_RECT.x, LOGICAL_SIZE[1])  # all left of the side panel
HINT_BUTTON = (PANEL_RECT.right - 94, PANEL_RECT.y + 12, 82, 32)  # top right of the panel, by the turn banner
HEADING_X = PANEL_RECT.x + 50  # the turn heading, right of its seat marker
STATUS_Y = PANEL_RECT.y + 72   # the game's facts under the banner (draw_status)
BUTTON_LABEL_MARGIN = 10  # clear face either side of a label in the Undo / Rules / Menu row (see fit_row)
ROW_GAP = 8
COACH_BUTTON_MARGIN = 10  # clear face either side of the coach's Next label (English "Next (Enter)" has 10)
# A table whose side panel shows no status keeps its messages in the strip under the turn
# banner (and its "thinking..."): clear of everything in play and of the game log. A long
# message gets smaller text, then grows over the log's place, which moves down under it (see log_box).
PANEL_TOAST_TOP = PANEL_RECT.y + 72
# a refusal given on another's turn is read this long at least, once a computer's move gives you the turn
WAITING_REFUSAL_READ = 2.0
PANEL_TOAST_SPAN = (PANEL_RECT.x, PANEL_RECT.right)
PANEL_TOAST_MAX_HEIGHT = LOG_HEADING.y - 4 - PANEL_TOAST_TOP  # clear of the log's heading too
PANEL_TOAST_SPILL = LOG_RECT.height // 2  # a message too long for the strip takes up to the log's top half a while
AI_PAUSE = 0.45          # seconds between AI actions at normal speed, so people can follow
# with animations off a computer's action lands at once: its next one waits this long, so a
# person can see each step (its lines are marked in the log meanwhile, see mark_log)
STEP_PAUSE = 0.6
# pass-and-play: a person's move that ends their turn stays on show this long (counted from
# the move, its flight included) before the pass screen covers it, so the mover sees it
MOVER_LOOK = STEP_PAUSE  # as long as a computer's last action shows before it (animations off)
AUTOPLAY_SPEC = "ai:easy"


def lines_rect(drawn: list[pygame.Rect]) -> pygame.Rect | None:
    """The box round the lines a table drew (its status lines, for a tip to keep off)."""
    return drawn[0].unionall(drawn[1:]) if drawn else None


def row_widths(needs: list[int], total: int) -> list[int]:
    """Widths for buttons side by side sharing ``total`` px: an equal share each, but a
    label that needs more gets its need and the others share what is left, if their labels
    still fit (else equal shares, as before: the long labels step down in size)."""
    share = total // len(needs)
    wide = [need > share for need in needs]
    narrow = [need for need, w in zip(needs, wide, strict=True) if not w]
    if not any(wide) or not narrow:
        return [share] * len(needs)
    rest = (total - sum(need for need, w in zip(needs, wide, strict=True) if w)) // len(narrow)
    if rest < max(narrow):
        return [share] * len(needs)
    return [need if w else rest for need, w in zip(needs, wide, strict=True)]


def fit_row(row: list[LabelButton], left: int, right: int) -> None:
    """Lay ``row`` out from ``left`` to ``right``, ROW_GAP apart, each wide enough to leave
    BUTTON_LABEL_MARGIN clear either side of its label where the row has room: German
    "Rückgängig" filled the 88 px Undo button edge to edge, beside "Regeln" and "Menü" with
    room to spare."""
    total = right - left - ROW_GAP * (len(row) - 1)
    x = left
    for button, width in zip(row, row_widths([b.width_for_label(BUTTON_LABEL_MARGIN) for b in row], total),
                             strict=True):
        button.set_dimensions((width, button.rect.h))
        button.set_relative_position((x, button.rect.y))
        x += width + ROW_GAP


def next_in_turn(seats: list[int], after: int, num_players: int) -> int:
    """The first of ``seats`` to play after seat ``after``: every game passes the turn to
    the next seat up (a best guess where a game skips seats, e.g. an eliminated one)."""
    return min(seats, key=lambda s: (s - after - 1) % num_players)


class TableScene(TableHints, TableLog, AppScene):
    background = "TABLE"
    hidden_information = True  # False: pass-and-play needs no hand-off screen (open games)
    mover_look = MOVER_LOOK  # seconds a person's turn-ending move shows before the pass screen
    has_players = True  # for the game menu (see game_menu.MenuOwner)
    # True: a turn starts with the ring on your first move (where the first Tab goes), not
    # where your last turn left it, unless you moved it meanwhile (see park_ring_at_turn_end)
    ring_starts_each_turn = False
    # why Ctrl+Z found nothing to take back (English; shown translated): each game's own limit
    undo_limit = "Nothing to undo: you can take back your own moves, but not past another person's."
    toast_top = 104  # messages near the top of the table, clear of the board's buttons
    toast_span = (0, PANEL_RECT.x)  # over the table, never over the status panel and the log

    def __init__(self, app, session: GameSession) -> None:
        super().__init__(app)
        self.session = session
        humans = session.humans
        self.autoplay = app.config.autoplay
        # whose eyes the table shows: the person to move; while a computer is to move, the
        # person who moved last (still at the screen), else (nobody has moved yet) the first
        # person to play after the computers, so the game's one pass screen is theirs (a pass
        # to the first seat while a computer moved, then another to the next person, was one
        # too many), else seat 0
        cp = session.current_player
        self.viewer = humans[0] if humans else 0
        last_human = next((a for a in reversed(session.log.actors) if a is not None and session.is_human(a)), None)
        if cp is not None and session.is_human(cp):
            self.viewer = cp
        elif last_human is not None:
            self.viewer = last_human
        elif cp is not None and humans:
            self.viewer = next_in_turn(humans, cp, session.num_players)
        # the log names secret cards only when one person sits at the screen
        self.perspective: int | None = humans[0] if len(humans) == 1 else None
        self.log_lines: list[tuple[int | None, str]] = []
        self.log_scroll = 0
        self.log_mark: tuple[int, int, float] | None = None  # (log length, entries, until): see mark_log
        self.ai_ticket: Any = None
        self.ai_result: Any = None
        self.ai_ready_at = 0.0
        self.look_until = 0.0  # the mover's look at their last move ends (see mover_looking)
        self.handoff_pending = False
        self.handoff_first = False  # set by start_table: hand off before the first frame shows secrets
        self.passing_take_back = True  # the saved pass screen's mover may take back (see note_passing)
        self.results_shown = False
        self.save_problem: str | None = None  # why the finished game was not kept (the results say it too)
        self.replaying = False  # set by the replay viewer: no AI, no saving, no input
        self.pace = 1.0         # spectating: pause between AI moves x this (0 = as fast as they come)
        self.tutorial: Any = None  # a game.tutorial.Tutorial when this table teaches the game
        self.coach_read = False    # the learner has read the coach's words for the opponent's move
        self.paused = False     # spectating: Space holds the game
        self.hint_ticket: Any = None
        self.hint: tuple[str, float] | None = None  # suggested move and when it was shown
        self.hint_logged: tuple[int, int] | None = None  # the move a hint was last logged at, and its log line
        self.refusal: str | None = None  # the refusal on show, cleared by the next good move
        self.refused_waiting = False  # it was given on another's turn (see keep_waiting_refusal)
        self.refused_at = 0.0
        self.banner_rect: pygame.Rect | None = None  # where the last frame drew the turn banner (see tip_avoids)
        # the status line under it, for a table whose draw_status says where it drew it (see tip_avoids)
        self.status_rect: pygame.Rect | None = None
        self.ring_parked: int | None = None  # see arrive_by_keyboard
        self.had_the_turn = False  # the viewer's turn last frame (see park_ring_at_turn_end)
        self.view = session.view(self.viewer)

    # --- hooks for each game ------------------------------------------------------------
    def narrate(self, seat: int, text: str, before: dict, after: dict) -> list[str | tuple[int, str]]:
        """Log lines for an applied action; a (seat, line) pair marks a line with another
        seat than the actor (e.g. the next player's mouse coming home)."""
        return [tr("Seat {n}: {move}", n=seat + 1, move=text)]

    def narrated(self, seat: int, text: str, before: dict, after: dict) -> list[tuple[int | None, str]]:
        return [line if isinstance(line, tuple) else (seat, line) for line in self.narrate(seat, text, before, after)]

    def on_applied(self, seat: int, text: str, before: dict, after: dict) -> None:
        """Start the animation of an applied action (views of the viewer)."""

    @property
    def animating(self) -> bool:
        return False

    def finish_animation(self) -> None:
        """Jump every running animation to its end."""

    def clear_selection(self) -> None:
        """Drop any half-made move (selection, drag)."""

    def prompt(self) -> str:
        """One line telling the viewer what to do now."""
        return ""

    def keys_in_use(self) -> bool:
        """The player is using the keyboard (the focus ring shows): a prompt names the keys
        where it would say drag or click, so nobody has to guess that Tab and Enter work."""
        return self.focus.visible

    def my_turn(self) -> bool:
        """True when the person at the screen may act now (their seat, no hand-off shown)."""
        cp = self.session.current_player
        return cp is not None and cp == self.viewer and not self.is_bot(cp) and not self.handoff_pending

    def waiting_prompt(self) -> str | None:
        """The prompt when the viewer has nothing to do (game over, someone else's turn)."""
        if self.session.is_over():
            # who won, as the results title says (seen again when looking at the table): the
            # banner already says "Game over" and "The game is over." said so again
            return endings.outcome_sentence(self.seat_name, self.session.state.winners(), self.perspective)
        if not self.my_turn() or self.replaying:
            return self.playing_text(self.session.current_player)
        return None

    def playing_text(self, seat: int) -> str:
        """Who is making the current move, for the person watching."""
        if self.replaying:  # a record on show: nobody plays here, the move is a step away
            return tr("Next move: yours.") if seat == self.perspective else \
                tr("Next move: {name}.", name=self.seat_name(seat))
        if seat == self.perspective:  # your own seat: moved by the computer under --autoplay
            return tr("The computer is playing for you.") if self.autoplay else tr("Your turn")
        return tr("{name} is playing.", name=self.seat_name(seat))

    def result_lines(self) -> list[str]:
        return []

    @staticmethod
    def score_text(score: int) -> str:
        """A score as the results screen lists it, in the game's unit (points unless a game
        counts something else)."""
        return tr("1 point") if score == 1 else tr("{n} points", n=score)

    # --- set-up -------------------------------------------------------------------------
    def enter(self) -> None:
        # at a table people share, Undo takes back whoever's decision came last (see undo_seat)
        undo_tip = tr("Ctrl+Z: take back the last decision, whoever made it") if self.shares_the_screen() \
            else tr("Ctrl+Z: take back your last decision")
        self.undo_button = self.button(tr("Undo"), (PANEL_RECT.x + 12, 646, 88, 40), self.undo, tooltip=undo_tip)
        self.undo_button.disabled_tip = self.undo_refusal  # greyed out, pointing at it says why
        rules = self.button(tr("Rules"), (PANEL_RECT.x + 108, 646, 88, 40), self.open_rules,
                            tooltip=tr("F1: the rules of this game"))
        menu = self.button(tr("Menu"), (PANEL_RECT.x + 204, 646, 88, 40), self.open_menu,
                           tooltip=tr("Esc: settings, or leave the table"))
        fit_row([self.undo_button, rules, menu], PANEL_RECT.x + 12, PANEL_RECT.right - 12)
        # beside the turn banner, and only when a hint can be had: H alone was found by few
        self.hint_button = self.button(tr("Hint (H)"), HINT_BUTTON, self.request_hint,
                                       tooltip=tr("The computer suggests a move for you"))
        self.hint_button.hide()
        if self.tutorial is not None:  # the coach waits for the learner before the opponent moves
            self.coach_next = self.button(tr("Next (Enter)"), (LOG_RECT.right - 150, LOG_RECT.bottom - 48, 140, 40),
                                          self.coach_go_on, object_id="#primary")
            # a longer label widens it leftwards: German "Weiter (Enter)" came within 2 px of its edges
            width = max(140, self.coach_next.width_for_label(COACH_BUTTON_MARGIN))
            self.coach_next.set_dimensions((width, 40))
            self.coach_next.set_relative_position((LOG_RECT.right - 10 - width, LOG_RECT.bottom - 48))
            self.coach_next.hide()
            # once the lesson is over, the way back is a button too: Esc alone left a mouse player guessing
            self.coach_done = self.button(tr("Back to set-up (Esc)"),
                                          (LOG_RECT.x + 10, LOG_RECT.bottom - 48, LOG_RECT.width - 20, 40),
                                          self.leave, object_id="#primary")
            self.coach_done.hide()
            self.coach_done_stop = len(self.focus.items) - 1
        self.play_area_starts_here()  # a table says so again before it adds its play area
        self.rebuild_log()
        self.refresh()

    def exit(self) -> None:
        self.cancel_ai()
        super().exit()

    def play_area_starts_here(self) -> None:
        """The focus stops added next are the play area: the first Tab lands there, not on
        the buttons (Undo, Rules, Menu, End turn...)."""
        self.focus.start = len(self.focus.items)

    # --- the flow of the game -----------------------------------------------------------
    def seat_spec(self, seat: int) -> str:
        spec = self.session.seats[seat]
        if spec == "human" and self.autoplay:
            return AUTOPLAY_SPEC
        return spec

    def is_bot(self, seat: int) -> bool:
        return self.seat_spec(seat) != "human"

    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        """The colour of the seat's pieces in this game (its marker shape goes beside it)."""
        return seat_style.seat_colour(self.session.game, seat)

    def seat_colour_words(self, seat: int) -> list[str]:
        """The names (English keys) of the colours the seat plays (Blockers! has two per
        seat in the advanced game)."""
        return [seat_style.colour_word(self.session.game, seat)]

    def seat_cue(self, seat: int) -> str:
        """The seat's colour and shape in words: the hand-off names them beside the marker,
        so nobody has to tell the colours apart (or remember a seat number) to know it is them."""
        words = [tr(w) for w in self.seat_colour_words(seat) if w]
        colour = words[0] if len(words) == 1 else tr("{a} and {b}", a=", ".join(words[:-1]), b=words[-1])
        return tr("colour {colour}, shape {shape}", colour=colour, shape=tr(theme.seat_shape(seat)))

    def seat_name(self, seat: int) -> str:
        spec = self.session.seats[seat]
        if seat == self.perspective:
            return tr("You")
        if spec == "human":
            return tr("Seat {n}", n=seat + 1)
        return tr("Seat {n} (AI)", n=seat + 1)

    def short_name(self, seat: int, limit: int | None) -> str:
        """seat_name cut to ``limit`` letters and '…' (None: whole; see theme.with_names_fitted)."""
        return theme.cut_short(self.seat_name(seat), limit)

    def refresh(self) -> None:
        self.view = self.session.view(self.viewer)
        self.undo_button.enable() if self.may_undo() else self.undo_button.disable()

    def may_undo(self) -> bool:
        """The person at the screen may take back their last decision now (the coach's
        script has no undo; a computer's seat has nobody's decision to take back)."""
        return self.tutorial is None and not self.is_bot(self.viewer) and self.session.can_undo(self.undo_seat())

    def shares_the_screen(self) -> bool:
        """Only people play and nothing is hidden (no hand-off screen): the table is
        everyone's, and the seat shown changes by itself as soon as a turn ends."""
        return self.tutorial is None and not self.replaying and not self.hidden_information and \
            not any(self.is_bot(s) for s in range(self.session.num_players))

    def undo_seat(self) -> int:
        """Whose decision Undo takes back: the viewer's own, or at a table the people share
        (see shares_the_screen) the last one made, whoever made it. A misclick that ends a
        turn shows the next seat's table at once, and the one who made it must still be able
        to take it back; once the next seat has acted, the last decision is theirs."""
        actors = self.session.log.actors
        return actors[-1] if actors and self.shares_the_screen() else self.viewer

    def perform(self, text: str, seat: int) -> bool:
        """Apply a move; on an illegal one show why and change nothing."""
        if self.tutorial is not None and not self.is_bot(seat):
            try:
                text = str(self.session.check(text))
            except IllegalAction as exc:
                self.refuse(str(exc))
                return False
            problem = self.tutorial.learner_move(text)
            if problem:
                self.refuse(problem)
                return False
        self.finish_animation()  # flights of the last move would show its old places under the new one
        before = self.session.view(self.viewer)
        log_before = self.session.view(self._log_seat())
        try:
            self.session.apply(text, seat)
        except IllegalAction as exc:
            self.refuse(str(exc))
            return False
        self.drop_hint_request()  # a hint still being thought about is for the position before
        after = self.session.view(self.viewer)
        log_after = self.session.view(self._log_seat())
        if self.is_bot(seat) and self.refused_waiting:
            self.keep_waiting_refusal()
        else:
            self.forget_refusal()  # a refusal is done with once a move is made
        self.look_until = 0.0 if self.is_bot(seat) else self.app.time + self.mover_look
        self.drop_hint()
        told = self.narrated(seat, text, log_before, log_after)
        for who, line in told:
            self.add_log(who, line)
        if told and self.moves_at_once() and self.is_bot(seat):
            self.mark_log(len(told), self.app.time)  # nothing flies: the log shows what the computer did
        if self.saves_game:
            self.app.autosave(self.session.to_record())
        self.view = after
        self.on_applied(seat, text, before, after)
        if self.tutorial is not None:
            self.tutorial.advance()
        if self.session.is_over():
            if self.saves_game:
                self.app.clear_autosave()
            self.app.sound.play("end")
            self.on_game_over()
        self.refresh()
        pause = self.pause_after(text)
        if self.moves_at_once() and self.is_bot(seat):
            pause = max(pause, STEP_PAUSE * self.pace)
        self.ai_ready_at = self.app.time + pause
        until = self.app.config.until_moves
        if until is not None and len(self.session.log.actions) >= until:
            self.app.quit()  # shutdown flushes the autosave writer
        return True

    def pause_after(self, text: str) -> float:
        """Seconds the AI waits after an action, so people can follow what happened."""
        return AI_PAUSE * speed_factor(self.app.settings.animation_speed) * self.pace

    def moves_at_once(self) -> bool:
        """Animations are off: a move lands at once, with no flight to follow (a replay
        steps at the watcher's own pace)."""
        return speed_factor(self.app.settings.animation_speed) == 0 and not self.replaying

    def on_game_over(self) -> None:
        """Count the result in the statistics and keep the game for replay."""
        from game import storage
        if self.replaying or self.app.config.autoplay or self.tutorial is not None:
            return
        # each tried on its own: on a nearly full disk one may still fit. The message names
        # the file meant, not the temporary file the failed write was using.
        problems = []
        try:
            self._count_result()
        except storage.StorageError as exc:  # a damaged file left in place: not saved over
            log.error("statistics not saved over a damaged file: %s", exc)
            problems.append(tr("Could not save the statistics: {e}", e=tr_message(str(exc))))
        except OSError as exc:
            log.error("could not save the statistics: %s", exc)
            where = storage.stats_path(self.app.dirs)
            problems.append(tr("Could not save the statistics: {e}", e=f"{tr(storage.write_problem(exc))} ({where})"))
        try:
            storage.save_finished(self.app.dirs, self.session.to_record())
        except OSError as exc:
            log.error("could not keep the finished game: %s", exc)
            where = storage.records_dir(self.app.dirs)
            problems.append(tr("Could not keep the finished game for replay: {e}",
                               e=f"{tr(storage.write_problem(exc))} ({where})"))
        if problems:
            self.save_problem = " ".join(problems)
            self.show_toast(self.save_problem, 6)

    def _count_result(self) -> None:
        from game import stats as stats_mod
        from game import storage
        session = self.session
        try:
            problem = storage.update_stats(self.app.dirs, lambda stats: stats_mod.record_result(
                stats, session.game, session.seats, session.state.winners(), session.state.scores()))
        except storage.NewerFileError as exc:  # a newer version's statistics stay as they are
            self.app.notices.append(f"Statistics not updated: {exc}")
            return
        if problem:
            self.app.notices.append(problem)

    def _log_seat(self) -> int:
        return self.perspective if self.perspective is not None else 0

    def keep_waiting_refusal(self) -> None:
        """A computer has moved after a refusal given on another's turn ("wait for your
        turn"): the move took it down the moment it came, so a click seemed to do nothing and
        say nothing. It stays while the others play on and, once your turn comes (it no
        longer holds), for WAITING_REFUSAL_READ seconds after it came up at most."""
        if self.toast is None or self.toast != self.refusal or not self.my_turn():
            return
        left = self.refused_at + WAITING_REFUSAL_READ - self.app.time
        self.toast_time = min(self.toast_time, max(left, 0.01))

    def forget_refusal(self) -> None:
        """Take down the last refusal's message, if it still shows: the player has gone on
        (a move, a new pick), and the message covers the prompt saying what to do now."""
        if self.toast is not None and self.toast == self.refusal:
            self.toast = None

    def refuse(self, reason: str) -> None:
        self.app.sound.play("illegal")
        self.show_toast(sentence(reason), 3.5)
        self.refusal = self.toast
        self.refused_waiting = not self.my_turn()
        self.refused_at = self.app.time

    def advance(self) -> None:
        """Called every frame when nothing is animating: move the game forward."""
        session = self.session
        if session.is_over():
            if self.tutorial is not None:
                return  # the coach's closing message explains the result
            if not self.results_shown:
                self.results_shown = True
                from game.scenes.results import ResultsScene
                self.stack.push(ResultsScene(self.app, self))
            return
        seat = session.current_player
        if self.is_bot(seat):
            if not self.paused:
                self.drive_ai(seat)
            return
        if seat != self.viewer and not self.handoff_pending:
            if self.shares_secrets():
                if self.moves_at_once() and self.app.time < self.ai_ready_at:
                    return  # a computer's last action, landed at once, is seen (marked) before the pass screen
                if self.mover_looking():
                    return
                if not self.holds_hand_off():
                    self.hand_off(seat)
            else:
                self.take_seat(seat)

    def mover_looking(self) -> bool:
        """A person whose move passes the turn on still sees it land for ``mover_look`` seconds
        (their own view: nothing of the next player's shows yet) before the pass screen; it
        came the very frame a dropped card landed. A computer's move has its own pause."""
        cp = self.session.current_player
        return self.app.time < self.look_until and cp is not None and cp != self.viewer and \
            not self.is_bot(cp) and not self.handoff_pending and self.shares_secrets()

    def settling(self) -> bool:
        # keys and clicks wait through the mover's look: the table is no longer theirs to play,
        # and an Enter meant for the pass screen must not fall on a button of the table
        return super().settling() or self.mover_looking()

    @property
    def saves_game(self) -> bool:
        """Only a game someone plays is the saved game: a tutorial or a table of computers
        only never replaces it."""
        return self.tutorial is None and bool(self.session.humans)

    def shares_secrets(self) -> bool:
        """Several people at one screen and a game with secrets: hand-offs are needed."""
        return len(self.session.humans) > 1 and not self.autoplay and self.hidden_information and \
            not self.replaying and self.tutorial is None

    def holds_hand_off(self) -> bool:
        """The player who just moved still reads something of theirs (the table says how to go on)."""
        return False

    def hand_off(self, seat: int) -> None:
        self.handoff_pending = True
        from game.scenes.handoff import HandoffScene
        self.clear_selection()
        # the person who just moved is still at the screen: a misclick may be taken back from
        # here, exactly when Ctrl+Z at the table would allow it (not after a card was drawn...)
        mover = self.viewer if seat != self.viewer and not self.is_bot(self.viewer) else None
        self.note_passing(mover)
        self.stack.push(HandoffScene(self.app, seat, lambda s=seat: self.take_seat(s), on_leave=self.ask_leave,
                                     colour=self.seat_colour(seat), cue=self.seat_cue(seat),
                                     their_turn=self.session.current_player == seat, note=self.hand_off_note(seat),
                                     mover=mover, take_back=self.take_back_at_hand_off if self.may_undo() else None,
                                     take_back_refusal=self.undo_refusal() if mover is not None else ""))

    def take_back_at_hand_off(self) -> None:
        """The pass screen's take-back: the mover's own table again, as before their move."""
        self.handoff_pending = False
        self.session.passed_by = None  # saved by the undo
        self.undo()

    def note_passing(self, mover: int | None) -> None:
        """Save who the pass screen may offer a take-back (``mover``; None: nobody), so a
        game closed on that screen offers the same on Continue: until the next person takes
        the seat, nobody else has seen anything the take-back could undo. Saved even when
        the mover may take nothing back: Continue's pass screen then says why (Ctrl+Z)."""
        if mover is not None:  # the mover is the viewer here: may they take their move back?
            self.passing_take_back = self.may_undo()
        if self.session.passed_by == mover:
            return
        self.session.passed_by = mover
        if mover is None and not self.passing_take_back:
            # the save naming the mover offers no take-back on Continue (a card was drawn, a
            # rack refilled...), and nothing since can change that without a move's own save
            return
        if self.saves_game and not self.session.is_over():
            self.app.autosave(self.session.to_record())

    def hand_off_note(self, seat: int) -> str:
        """A line for the pass screen: who plays now when it is not the seat handed to (a
        game continued while a computer is to move goes back to the person who left it)."""
        cp = self.session.current_player
        return self.playing_text(cp) if cp is not None and cp != seat else ""

    def take_seat(self, seat: int) -> None:
        if seat != self.viewer:
            self.hint = None  # a message or hint for the last seat may name its secrets;
            if self.toast_reword is None:  # a notice that must not be missed (a failed save) names none
                self.toast = None
        self.viewer = seat
        self.handoff_pending = False
        self.note_passing(None)  # the next person sees their table: no take-back past this
        self.clear_selection()
        self.refresh()

    # --- AI -----------------------------------------------------------------------------
    def _ai_seed(self) -> int:
        return zlib.crc32(f"{self.session.log.seed}:{len(self.session.log.actions)}".encode())

    def drive_ai(self, seat: int) -> None:
        if self.tutorial is not None and self.tutorial.opponent_move():
            # the scripted opponent moves once the learner has read why (Next) and the last move settled
            if self.coach_read and self.app.time >= self.ai_ready_at:
                self.coach_read = False
                self.perform(self.tutorial.opponent_move(), seat)
            return
        if self.ai_ticket is None and self.ai_result is None:
            # The worker wraps the state in a SeatInfo, so the bot sees only this seat's view
            # and worlds it samples itself; sampling there keeps costly determinization
            # (e.g. Break the Cube's answer tables) out of the frame loop.
            self.ai_ticket = self.app.worker.request(self.session.game, self.session.state.to_json(), seat,
                                                     self.seat_spec(seat), self._ai_seed())
            return
        if self.ai_result is None:
            result = self.app.worker.poll()
            if result is None or result.ticket != self.ai_ticket:
                return
            self.ai_result = result
        if self.app.time < self.ai_ready_at:
            return
        result, self.ai_result, self.ai_ticket = self.ai_result, None, None
        text, failed = result.action, result.error is not None
        if failed:
            log.error("AI failed for seat %d: %s", seat + 1, result.error)
        else:
            try:  # checked quietly: the engine's reason may name the bot's hidden card
                self.session.check(text)
            except IllegalAction as exc:
                log.error("AI chose an illegal move %r for seat %d: %s", text, seat + 1, exc)
                failed = True
        if failed:
            text = self._fallback_action()
            self.show_toast(tr("The computer player hit a problem and made a simple move instead."), 4)
        self.perform(text, seat)

    def _fallback_action(self) -> str:
        legal = self.session.state.legal_actions()  # may be a lazy sequence (Break the Cube)
        return str(legal[random.Random(self._ai_seed()).randrange(len(legal))])

    def cancel_ai(self) -> None:
        if (self.ai_ticket is not None or self.hint_ticket is not None) and self.app._worker is not None:
            self.app.worker.cancel()
        self.ai_ticket = None
        self.ai_result = None
        self.hint_ticket = None

    @property
    def ai_thinking(self) -> bool:
        return self.ai_ticket is not None and self.ai_result is None

    def draw_widgets(self, surface: pygame.Surface) -> None:
        if not self.replaying:  # a replay is on show only: no buttons that would do nothing
            super().draw_widgets(surface)

    def draw_tooltip(self, surface: pygame.Surface) -> None:
        if not self.replaying:
            super().draw_tooltip(surface)

    def tip_avoids(self) -> list[pygame.Rect]:
        # under a hint shown in the panel, the Hint button's tip lay over the "Game log"
        # heading (the coach has none); the log now makes room for it (see log_box)
        heading = [self.log_box()[0]] if self.tutorial is None else []
        return self.tip_avoids_above_log() + heading

    def tip_avoids_above_log(self) -> list[pygame.Rect]:
        """What a tip keeps off above the game log: the message on show, "Your turn" beside
        the Hint button (its tip went left over it) and the status line under them (Blockers!'
        "Turn 1 of 24", which the tip lay over)."""
        shown = [r for r in (self.banner_rect, self.status_rect) if r is not None]
        return super().tip_avoids() + shown

    def tip_over_log(self) -> pygame.Rect | None:
        """Where the tip on show goes, before the log makes room for it (see log_box); None
        under a menu, where no tip is drawn (see draw_tooltip) and the log kept a gap for one."""
        if self.replaying or self.tutorial is not None or self.stack is None or self.stack.top is not self:
            return None
        tip = tooltip_layout(self.ui, pygame.Rect((0, 0), LOGICAL_SIZE), self.tip_avoids_above_log(),
                             self.tip_areas())
        return tip.rect if tip is not None else None

    def tip_areas(self) -> list[pygame.Rect]:
        # a tip of a panel button stays on the panel, off the board; one of a thing on the
        # table (a Breaker Blocks pile) off the panel: it ran over the panel's edge and the log
        return [PANEL_RECT, TABLE_AREA]

    # --- spectating -------------------------------------------------------------------
    PACES = (4.0, 2.0, 1.0, 0.5, 0.25, 0.0)

    @property
    def spectating(self) -> bool:
        """Every seat is a computer player: the viewer watches at a speed of their choice."""
        return not self.session.humans or self.autoplay

    @property
    def showing_a_bot(self) -> bool:
        """The shown side (hand, secrets) is not the watcher's own seat (a computer player
        being watched, or another seat picked with V in a replay): labels name that seat
        instead of saying "your"."""
        return (self.spectating or self.replaying) and self.viewer != self.perspective

    def spectate_key(self, key: int) -> bool:
        if key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            i = self.PACES.index(self.pace) if self.pace in self.PACES else 2
            self.pace = self.PACES[min(len(self.PACES) - 1, i + 1)]
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            i = self.PACES.index(self.pace) if self.pace in self.PACES else 2
            self.pace = self.PACES[max(0, i - 1)]
        elif key == pygame.K_SPACE:
            self.paused = not self.paused
        else:
            return False
        return True

    def pace_label(self) -> str:
        if self.paused:
            return tr("paused (Space resumes)")
        if self.pace == 0:
            return tr("as fast as possible")
        return tr("speed x{k}", k=number(1 / self.pace))

    def draw_coach_marks(self, surface: pygame.Surface) -> None:
        """Outline, on the table, the move the tutorial asks for."""
        step = self.tutorial.step
        if step is not None and step.expect and not step.expect.endswith("*") \
                and self.session.current_player == self.viewer:
            pulse = 2 + int(2 * (1 + math.sin(self.app.time * 6)))
            for rect in self.hint_spots(step.expect):
                pygame.draw.rect(surface, theme.SKY, rect.inflate(8, 8), pulse, border_radius=8)

    def coach_waiting(self) -> bool:
        """The coach explains the opponent's next move and waits for Next."""
        cp = self.session.current_player
        return self.tutorial is not None and self.tutorial.opponent_move() is not None and not self.coach_read \
            and cp is not None and self.is_bot(cp)

    def coach_go_on(self) -> None:
        if self.coach_waiting():
            self.coach_read = True

    def coach_box(self) -> pygame.Rect:
        """The coach's box this frame. The coach speaks where the game log usually is (the log
        matters little while learning), its own heading inside; a long message that pushes the
        log down (log_box) pushes the coach's top down to the log heading's place too. The
        bottom stays, and the Next and Back buttons with it."""
        heading = self.log_box()[0]
        top = max(LOG_RECT.y, heading.y + LOG_GAP) - 2
        return pygame.Rect(LOG_RECT.x - 2, top, LOG_RECT.width + 4, LOG_RECT.bottom + 2 - top)

    def draw_coach(self, surface: pygame.Surface) -> None:
        """The tutorial's explanation of the current step."""
        step = self.tutorial.step
        text = tr(step.say) if step is not None else ""
        if self.session.is_over():  # the closing words, then where to go from here
            closing = tr("That is the whole game! Press Esc to go back to the set-up screen and start a real game.")
            text = f"{text} {closing}".strip()
        box = self.coach_box()
        pygame.draw.rect(surface, (10, 36, 52), box, border_radius=8)
        pygame.draw.rect(surface, theme.SKY, box, 2, border_radius=8)
        theme.draw_text(surface, tr("Coach"), (box.x + 10, box.y + 8), 16, theme.SKY, bold=True)
        # the reading size, stepped down until the whole explanation fits the panel
        room = box.height - 44 - 52  # the Next button's row stays clear
        size = theme.reading(16)
        lines = theme.wrap(text, size, box.width - 24)
        # down to the messages' smallest size (13 px) before a line is cut: a long message that
        # pushes the coach down (coach_box) leaves it less room
        while size > 13 and len(lines) * (size + 6) > room:
            size -= 1
            lines = theme.wrap(text, size, box.width - 24)
        for i, line in enumerate(lines[:max(1, room // (size + 6))]):
            theme.draw_text(surface, line, (box.x + 12, box.y + 34 + (size + 6) * i), size, theme.TEXT)

    # --- undo, leaving, rules -----------------------------------------------------------
    def undo(self) -> None:
        if not self.may_undo():
            self.refuse(self.undo_refusal())
            return
        self.cancel_ai()
        self.finish_animation()
        self.clear_selection()
        self.drop_hint()  # it was for the position being taken back: its outline may not even be legal now
        self.session.undo(self.undo_seat(), by=self.viewer)  # at a shared screen, maybe the seat before's
        if self.saves_game:
            self.app.autosave(self.session.to_record())
        self.rebuild_log()  # ends with the take-back just recorded
        self.refresh()
        self.app.sound.play("drop")

    def undo_refusal(self) -> str:
        """Why Ctrl+Z does nothing now, in the words that fit (the game's own limit when
        hidden information stands in the way)."""
        if self.tutorial is not None:
            return tr("The tutorial has no undo: just follow the coach.")
        reason, other = self.session.undo_blocker(self.undo_seat())
        if self.is_bot(self.viewer):  # watching computers play (or --autoplay): nobody's decision to take back
            return tr("Nothing to undo: the computer is playing every seat.")
        if self.session.is_over() or reason == "hidden":
            return tr(self.undo_limit)
        if reason == "other" and self.viewer in self.session.log.actors:
            return tr("Nothing to undo: {who} has moved since your last decision.", who=self.seat_name(other))
        if not self.session.log.actors and self.shares_the_screen():
            return tr("Nothing to undo: nobody has made a decision yet.")
        return tr("Nothing to undo: you have not made a decision yet.")  # e.g. the next seat after a hand-off

    def tie_break(self, seat: int) -> float:
        """Among seats with equal scores, lower ranks ahead on the results (the rules'
        tie-break, where the game has one beyond sharing)."""
        return 0

    def standings(self) -> list[int]:
        """Seats from best to worst: the winners first, then by score in the game's own
        direction (in Blockers! a low score is good), then the game's own tie-break (as for
        the winners), seat order among equals. The results rank the seats so."""
        state = self.session.state
        scores = state.scores()
        return endings.standings(scores, state.winners(), self.session.game in LOWER_IS_BETTER, self.tie_break)

    def open_rules(self) -> None:
        from game.scenes.rules_page import RulesScene
        self.clear_selection()
        self.stack.push(RulesScene(self.app, self.session.game))

    def open_menu(self) -> None:
        """Menu, or Esc with nothing held: the in-game menu over the table (back to the
        game, settings, leave). The half-made move stays as it is for when the game goes on."""
        from game.scenes.game_menu import GameMenuScene
        if self.tutorial is not None and self.session.is_over():
            self.leave()  # the lesson is over: Esc goes back to the set-up screen, as the coach says
            return
        self.stack.push(GameMenuScene(self.app, self))

    def leave_label(self) -> str:
        return tr("Leave the table")

    def menu_words(self) -> tuple[str, str]:
        return tr("Back to the game (Esc)"), tr("The game waits while this menu is open.")

    def menu_tips(self) -> tuple[str, str]:
        return tr("Esc: back to the game"), tr("Leave this table; you are told first whether the game is kept")

    def language_changed(self) -> None:
        """The language was changed in the settings over this table: its buttons are made
        again and its log told again from the record, in the new language; the game, the
        half-made move, the AI's pending move and the log's scroll stay as they were."""
        scroll = self.log_scroll
        super().language_changed()
        self.log_scroll = scroll
        self.update(0.0)  # the buttons that show by the state of play (Hint, Pass, End turn...) show now

    def ask_leave(self) -> None:
        from game.scenes.confirm import ConfirmScene
        self.clear_selection()
        if self.tutorial is not None and self.session.is_over():
            self.leave()  # a finished tutorial has nothing left to lose
            return
        if self.tutorial is not None:
            text = tr("The tutorial is not saved: start it again any time from the game's set-up screen.")
        elif self.saves_game and self.app.writer.failing(storage.autosave_path(self.app.dirs)) is not None:
            # the toast said so once; leaving is where it costs the game
            text = tr("This game could not be saved: once you leave, it cannot be continued.")
        elif self.saves_game:
            text = tr("The game is saved: Continue on the title screen resumes it.")
        else:  # only computers at the table
            text = tr("Games between computer players are not saved.")
        self.stack.push(ConfirmScene(self.app, tr("Leave the table?"), text, tr("Leave"), self.leave))

    def end_turn_asking(self, unused: str | None, end: Callable[[], None]) -> None:
        """End the turn, first asking when ``unused`` names actions the player would lose.
        A second N answers yes, so a deliberate N, N stays quick; a tutorial step that
        says to end the turn never asks."""
        if not unused or self.tutorial is not None or self.app.config.autoplay:
            end()
            return
        from game.scenes.confirm import ConfirmScene
        self.clear_selection()
        self.stack.push(ConfirmScene(self.app, tr("End your turn?"), unused, tr("End turn (N)"), end,
                                     yes_key=pygame.K_n))

    def leave(self) -> None:
        from game.scenes.setup import SetupScene
        from game.scenes.title import TitleScene
        self.cancel_ai()
        self.app.writer.flush()
        scenes = self.stack.scenes
        if self.tutorial is not None and len(scenes) > 1 and scenes[-1] is self and isinstance(scenes[-2], SetupScene):
            self.stack.pop()  # back where the tutorial was opened: Start game is one click away
            return
        self.stack.clear_to(TitleScene(self.app, played=self.session.game))

    def new_game_same_seats(self) -> None:
        from game.scenes.tables import start_table
        opts = {k: v for k, v in self.session.log.options.items() if k != "setup"}
        session = GameSession(self.session.game, self.session.seats, options=opts)
        start_table(self.app, session, replace_stack=True)

    # --- frame --------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        # keys that mean one thing at this table come before the focus ring's Enter/Space
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.coach_waiting():
                self.coach_go_on()
                return True
            if event.key == pygame.K_SPACE and self.spectating and self.spectate_key(event.key):
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and not self.focus.visible \
                    and self.focus.items and not self.settling():
                if self.animating and self.my_turn():
                    self.finish_animation()  # as any key does: the last move lands first
                self.show_focus()  # a first Enter that did nothing would leave a keyboard player stuck
                return True
        return super().handle_event(event)

    def arrive_by_keyboard(self) -> None:
        # opened from the keyboard (Continue, Start): the ring shows where a first Enter puts it
        if not self.focus.visible and self.focus.items and not self.coach_waiting():
            self.show_focus()
            if not self.my_turn():
                # the computer moves first: nothing of yours can be used yet, so the ring went
                # round to a side button (Rules); on your turn it moves on to your first move
                self.ring_parked = self.focus.index

    def park_ring_at_turn_end(self) -> None:
        """Your turn has ended with the ring showing: where it is now was your last move, so
        at a table that starts each turn on your first move it is parked, to move on when
        your turn comes back (unpark_ring), unless you move it in between."""
        mine = self.my_turn()
        if self.had_the_turn and not mine and self.ring_starts_each_turn and self.focus.visible:
            self.ring_parked = self.focus.index
        self.had_the_turn = mine

    def unpark_ring(self) -> None:
        """Your turn has come: a ring parked on arrival (and not moved since) goes where the
        first Tab goes now."""
        if self.ring_parked is None or not self.my_turn() or self.animating or self.settling():
            return
        if self.focus.visible and self.focus.index == self.ring_parked:
            self.ring_to_turn_start()
        self.ring_parked = None

    def ring_to_turn_start(self) -> None:
        """The ring to where your turn starts: where the first Tab goes."""
        self.focus.index, self.focus.visible = -1, False
        self.show_focus()

    def show_focus(self) -> None:
        """Enter or Space with the focus ring still hidden shows it, so the next Enter acts:
        in a tutorial on the stop the coach outlines (once it is over, on the way back to the
        set-up screen), else where the first Tab would go."""
        stop = self.coach_focus_stop() if self.tutorial is not None else None
        if self.tutorial is not None and self.session.is_over():
            stop = self.coach_done_stop  # the lesson is over: the way back, not the first button (Rules)
        if stop is not None:
            self.focus.show_first([stop])
        else:
            self.focus.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="", scancode=0))

    def coach_focus_stop(self) -> int | None:
        """The focus stop on the first place the coach outlines that can be used now (the
        stop that is that place, or covers most of it: a square takes a tile only once the
        tile is picked up, so the tile comes first then), or None when the coach outlines
        nothing for the learner now."""
        step = self.tutorial.step
        if step is None or not step.expect or step.expect.endswith("*") \
                or self.session.current_player != self.viewer:
            return None
        for spot in self.hint_spots(step.expect):
            best, best_key = None, None
            for i, item in enumerate(self.focus.items):
                if not item.enabled():
                    continue
                rect = item.rect_of()
                overlap = rect.clip(spot)
                if not overlap.w or not overlap.h:
                    continue
                key = (rect == spot, overlap.w * overlap.h)
                if best_key is None or key > best_key:
                    best, best_key = i, key
            if best is not None:
                return best
        return None

    def on_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.replaying \
                and self.undo_button.visible and not self.undo_button.is_enabled \
                and self.undo_button.rect.collidepoint(event.pos):
            self.undo()  # greyed out, the button takes no click: say why, as Ctrl+Z does
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) and self.animating and self.my_turn():
            self.finish_animation()  # a player who acts does not wait for the last move to land
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                self.undo()
                return True
            if event.key == pygame.K_F1:
                self.open_rules()
                return True
            if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):  # the log, without a mouse
                page = max(1, log_rows(self.log_box()[1]) - 1)
                self.log_scroll = max(0, self.log_scroll + (page if event.key == pygame.K_PAGEUP else -page))
                return True
            if event.key == pygame.K_h and not event.mod & pygame.KMOD_SHIFT:
                self.request_hint()
                return True
            if self.spectating and self.spectate_key(event.key):
                return True
        # over the log as drawn: a long message may have pushed it down (log_box)
        if event.type == pygame.MOUSEWHEEL and self.log_box()[1].collidepoint(self.app.mouse_pos):
            self.log_scroll = max(0, self.log_scroll + event.y)
            return True
        return False

    def bench_step(self, frame: int) -> None:
        """Benchmarks only: keep the view busy the way a player would (override per game)."""

    def update(self, dt: float) -> None:
        self.park_ring_at_turn_end()  # first: a computer's move in advance() may give the turn back at once
        # before the UI manager's update, which takes note of what is shown: once the
        # results cover the table it updates no more, and a button hidden after it stayed drawn
        offer = self.hint_offered()
        if self.hint_button.visible != offer:
            self.hint_button.show() if offer else self.hint_button.hide()
        where = self.hint_rect() if offer else self.hint_button.rect
        if self.hint_button.rect != where:
            self.hint_button.set_dimensions(where.size)
            self.hint_button.set_relative_position(where.topleft)
        super().update(dt)
        if self.handoff_first and self.stack is not None and self.stack.top is self:
            self.handoff_first = False  # before anything is drawn: update runs first each frame
            if self.shares_secrets() and not self.session.is_over():
                seat, mover = self.viewer, self.session.passed_by
                if mover is not None and mover != seat:  # closed on a pass screen: its mover is at the screen
                    self.viewer = mover
                    self.refresh()
                self.hand_off(seat)
                return
        if self.kept_notice is not None and self.stack is not None and self.stack.top is self:
            self.show_kept_notice()  # one given before the table first came on top (a command-line Continue)
        self.poll_hint()
        if self.tutorial is not None:
            self.coach_next.show() if self.coach_waiting() else self.coach_next.hide()
            self.coach_done.show() if self.session.is_over() else self.coach_done.hide()
        if self.app.config.bench_motion:
            self.bench_step(self.app.frame)
        if not self.animating and self.stack is not None and self.stack.top is self:
            self.advance()
            self.unpark_ring()

    def turn_heading(self) -> str:
        """The banner's words: whose turn it is (the game over is said apart)."""
        cp = self.session.current_player
        if cp is None:
            return tr("Game over")
        yours = cp == self.perspective or (cp == self.viewer and not self.is_bot(cp))
        # several people at the screen: "Your turn" would not say whose, the seat's name does
        shared = len(self.session.humans) > 1 and not self.autoplay
        name = self.seat_name(cp)
        # German: a person is up ('Spieler 2 ist dran') where the computer plays ('Spieler 2 (KI) spielt')
        to_play = tr("{name} to play", name=name) if self.is_bot(cp) else tr_form("person", "{name} to play",
                                                                                  name=name)
        return tr("Your turn") if yours and not shared else to_play

    def hint_rect(self) -> pygame.Rect:
        """The Hint button: beside the turn heading, or under its end when the heading would
        not fit beside it at 24 px ('Spieler 5 ist dran' shrank to 19 px). That row is free
        while a hint is offered: 'thinking...' stands there on the computer's turns only."""
        beside = pygame.Rect(HINT_BUTTON)
        heading = theme.font(24, True)
        if heading.size(self.turn_heading())[0] <= beside.x - 8 - HEADING_X:
            return beside
        top = PANEL_RECT.y + 14 + heading.get_height()  # under the heading's box
        return pygame.Rect(beside.x, top, beside.w, STATUS_Y - top)

    def draw_panel(self, surface: pygame.Surface) -> None:
        self.draw_hint(surface)
        draw.panel(surface, PANEL_RECT)
        # turn banner
        session = self.session
        cp = session.current_player
        y = PANEL_RECT.y + 12
        if cp is None:
            banner = theme.draw_text(surface, tr("Game over"), (PANEL_RECT.x + 16, y), 24, theme.YELLOW, bold=True)
        else:
            draw.marker(surface, theme.seat_shape(cp), (PANEL_RECT.x + 28, y + 16), 12, self.seat_colour(cp))
            banner = pygame.Rect(PANEL_RECT.x + 16, y + 4, 24, 24)  # the marker
            who = self.turn_heading()
            beside = self.hint_button.visible and self.hint_button.rect.y < y + 34  # else a row lower
            room = (HINT_BUTTON[0] - 8 if beside else PANEL_RECT.right - 10) - HEADING_X
            size = 24 if theme.font(24, True).size(who)[0] <= room else 19
            banner = banner.union(theme.draw_text(surface, who, (HEADING_X, y + 2), size, theme.TEXT,
                                                  bold=True, max_width=room))
            if self.ai_thinking or (self.is_bot(cp) and self.ai_result is not None):
                r = theme.draw_text(surface, tr("thinking..."), (PANEL_RECT.x + 50, y + 34), 16, theme.TEXT_DIM)
                draw.spinner(surface, (r.right + 18, r.centery), 8, self.app.time)
                banner = banner.union(r).union(pygame.Rect(r.right + 10, r.centery - 8, 16, 16))  # the spinner
        self.banner_rect = banner
        self.draw_status(surface, pygame.Rect(PANEL_RECT.x + 12, STATUS_Y, PANEL_RECT.width - 24, 120))
        if self.spectating and not self.replaying:  # a replay steps with its own keys
            theme.draw_text(surface, tr("Watching: {pace}; +/- change speed, Space pauses", pace=self.pace_label()),
                            (PANEL_RECT.x + 12, LOG_RECT.bottom + 6), 13, theme.YELLOW,
                            max_width=PANEL_RECT.width - 24)
        self.draw_log(surface)

    def draw_status(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Game-specific facts under the banner (pile sizes, scores...)."""
