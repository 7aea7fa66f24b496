"""The Hint button's side of a game table: ask the normal-level AI for the seat to move,
show its move as outlines and a message with a reason, and note in the game record that a
hint was used. A mixin of TableScene (it reads the table's session, worker and toast); each
game words its own moves and reasons by overriding hint_spots, hint_move and hint_reason.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.core.errors import IllegalAction
from game.i18n import tr
from game.ui import theme


class TableHints:
    def hint_spots(self, text: str) -> list[pygame.Rect]:
        """Where on the table a suggested move happens (outlined while the hint shows)."""
        return []

    def hint_reason(self, text: str) -> str:
        """One line on why the suggested move is good (games give better ones)."""
        return tr("The computer at normal level would choose this move.")

    def hint_move(self, text: str) -> str:
        """The suggested move as an instruction in words (each game words its own moves;
        the notation is the fallback)."""
        return text + "."

    def hint_offered(self) -> bool:
        """Whether the Hint button shows: your own turn in a game against the computer."""
        cp = self.session.current_player
        return (self.tutorial is None and not self.replaying and not self.spectating and self.session.has_ai
                and cp is not None and cp == self.viewer and not self.is_bot(cp))

    def request_hint(self) -> None:
        """H: ask the normal-level AI what the seat to move should play."""
        cp = self.session.current_player
        if self.tutorial is not None:  # the computer's idea would contradict the lesson
            self.refuse(tr("In the tutorial the coach outlines the move to make."))
            return
        if cp is None or self.is_bot(cp) or cp != self.viewer:
            self.refuse(tr("Hints are for your own turn."))
            return
        if not self.session.has_ai:
            self.refuse(tr("Hints are available in games against the computer."))
            return
        if self.hint_ticket is not None:
            return
        self.hint_ticket = self.app.worker.request(self.session.game, self.session.state.to_json(), cp, "ai:normal",
                                                   self._ai_seed())
        self.show_toast(tr("Thinking about a hint..."), 2)

    def poll_hint(self) -> None:
        if self.hint_ticket is None:
            return
        if self.app.worker.ticket != self.hint_ticket:  # replaced (e.g. by the AI's turn): never poll
            self.hint_ticket = None                      # for it, or the AI's answer would be lost
            return
        result = self.app.worker.poll()
        if result is None or result.ticket != self.hint_ticket:
            return
        self.hint_ticket = None
        if not result.ok or self.session.current_player != self.viewer:
            return
        action = self.refine_hint(result.action)
        move = len(self.session.log.actions)
        if move not in self.session.hints:
            self.session.hints.append(move)  # the game record says a hint was used here
        if self.perspective is not None:  # the move itself, so the log can word it again (another language)
            self.session.hint_moves[move] = action
        if self.saves_game:
            self.app.autosave(self.session.to_record())  # kept even if nobody moves before quitting
        self.hint = (action, self.app.time)
        self.on_hint(action)
        words = self.hint_move(action)
        self.show_toast(tr("Hint: {move} {why}", move=words, why=self.hint_reason(action)), 6)
        if self.perspective is None:  # several people read the log: the move may name a secret
            line = tr("{who} asked for a hint.", who=self.seat_name(self.viewer))
        else:
            line = tr("Hint shown: {move}", move=words)
        self.log_hint(move, line)

    def log_hint(self, move: int, line: str) -> None:
        """Log a hint's ``line`` (``move``: the moves made so far). H again before moving: the
        new line takes the place of the earlier one, as the record keeps one hint a move (the
        last) and a reloaded log shows one; each press added a line (the answer may differ when
        the search ran out of time), and a hint-heavy game's log filled with them."""
        logged = self.hint_logged
        if logged is not None and logged[0] == move and logged[1] < len(self.log_lines):
            self.log_lines[logged[1]] = (self.viewer, line)
            return
        self.add_log(self.viewer, line)
        self.hint_logged = (move, len(self.log_lines) - 1)

    def hint_words(self, action: str, state: Any) -> str | None:
        """A hint shown earlier, worded again for the log (``state``: the game when it was
        shown, as the hint's words may read that position); None when the move no longer
        fits it (a damaged save)."""
        seat = self.perspective if self.perspective is not None else self.viewer
        try:
            state.parse(action)
        except (IllegalAction, ValueError):
            return None
        shown, self.view = self.view, state.view(seat)
        try:
            return self.hint_move(action)
        except (IllegalAction, ValueError, KeyError, IndexError):
            return None
        finally:
            self.view = shown

    def drop_hint(self) -> None:
        """The shown hint is done with (a move was made, or the player went another way):
        its outlines and its message go."""
        if self.hint is not None:
            self.toast = None
        self.hint = None

    def drop_hint_request(self) -> None:
        if self.hint_ticket is not None and self.app.worker.ticket == self.hint_ticket:
            self.app.worker.cancel()
        self.hint_ticket = None

    def refine_hint(self, text: str) -> str:
        """The AI's suggestion as the hint shows it. A table may swap a move the AI rates no
        better than another for one a person would rather hear."""
        return text

    def on_hint(self, text: str) -> None:
        """A hint arrived: a table may get ready for it once (e.g. turn the tile that way)."""

    def toast_avoids(self) -> list[pygame.Rect]:
        """A hint's message keeps clear of the places it points at."""
        return [r.inflate(12, 12) for r in self.hint_spots(self.hint[0])] if self.hint is not None else []

    def draw_hint(self, surface: pygame.Surface) -> None:
        if self.tutorial is not None:
            self.draw_coach_marks(surface)
        if self.hint is None:
            return
        text, shown = self.hint
        if self.app.time - shown > 8 or self.session.current_player != self.viewer:
            self.hint = None
            return
        for rect in self.hint_spots(text):
            self.draw_hint_spot(surface, rect)

    def draw_hint_spot(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Outline one place of the suggested move, pulsing (a table may mark it its own way)."""
        pulse = 2 + int(2 * (1 + math.sin(self.app.time * 6)))
        pygame.draw.rect(surface, theme.SKY, rect.inflate(8, 8), pulse, border_radius=8)
