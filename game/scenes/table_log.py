"""The game log panel of a game table: the log told in plain words from the record (after
loading or an undo, with hints asked and moves taken back), and drawn in its box with seat
marks, wrapped and scrollable. A mixin of TableScene; each game narrates its own actions.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.core.errors import IllegalAction
from game.i18n import tr
from game.ui import draw, theme

LOG_RECT = pygame.Rect(976, 200, 288, 412)
LOG_HEADING = pygame.Rect(LOG_RECT.x, LOG_RECT.y - 22, LOG_RECT.w, 22)  # "Game log" above it


LOG_GAP = 4  # between a message box grown over the log's place and the log's heading
MARK_TIME = 1.6  # seconds a computer's move stays marked in the log when moves show at once
MARK_FADE = 0.4  # the last part of it, over which the mark fades


def log_rows(box: pygame.Rect = LOG_RECT) -> int:
    """How many lines of the game log fit its box (``box``) at the reading size."""
    return max(1, (box.height - 10) // theme.reading(19))


class TableLog:
    def rebuild_log(self) -> None:
        """Narrate the whole action log again (after loading or undo)."""
        self.log_lines.clear()
        self.hint_logged = None
        rules = self.session.rules
        state = self.session.log.new_state(rules)
        seat_view = self._log_seat()
        actions, actors = self.session.log.actions, self.session.log.actors
        self.log_lines.extend(self.opening_lines(state.view(seat_view), state.current_player))
        for move, (text, actor) in enumerate(zip(actions, actors, strict=True)):
            self._log_asides(move, actor, state)
            before = state.view(seat_view)
            state.apply(state.parse(text))
            self.log_lines.extend(self.narrated(actor, text, before, state.view(seat_view)))
        self._log_asides(len(actions), self.session.current_player, state)
        self.log_scroll = 0
        self.log_mark = None  # the lines told again: a mark would fall on other lines

    def opening_lines(self, view: dict, first: int | None) -> list[tuple[int | None, str]]:
        """Log lines for what happened before the first move (``view``: the game as dealt;
        ``first``: the seat to move first). Who goes first was drawn at random or set up: the
        log says it, or a game the computer opened started with no word of why."""
        if first is None:
            return []
        if first == self.perspective:
            return [(first, tr("You go first."))]
        return [(first, tr("{who} goes first.", who=self.seat_name(first)))]

    def _log_asides(self, move: int, seat: int | None, state: Any) -> None:
        """What the record keeps besides the moves, for the seat to move at this point: a
        hint asked here (usually before the move that was then taken back), then the
        take-backs to this point, each one entry naming the moves it took back (``state``:
        the game at this point). Whoever is to move here made the decision taken back; at a
        screen people share the next seat may have pressed Undo (see undo_seat), and the
        entry names both, marked with the one who pressed. The hint's move is worded again
        in the language now shown, only when one person plays; otherwise (or for an older
        save, which kept no move) the line names who asked."""
        if move in self.session.hints and seat is not None:
            action = self.session.hint_moves.get(move) if self.perspective is not None else None
            shown = self.hint_words(action, state) if action is not None else None
            self.log_lines.append((seat, tr("Hint shown: {move}", move=shown) if shown else
                                   tr("{who} asked for a hint.", who=self.seat_name(seat))))
            self.hint_logged = (move, len(self.log_lines) - 1)  # a hint asked here again replaces it
        for i, point in enumerate(self.session.takebacks):
            if point != move:
                continue
            # one entry an undo, naming what it removed (the computer's replies vanish from the
            # log with it): a line a move read as moves made after the take-back
            gone = " ".join(self._taken_back_lines(state, self.session.taken_back_at(i)))
            by = self.session.taken_back_by(i)
            mark = seat  # the seat the entry is marked with: who pressed Undo
            if seat is None:
                line = f"{tr('Move taken back.')} {gone}".strip()
            elif by is not None and by != seat and gone:  # "Seat 2 took back: Seat 2 drew", seat 1 pressed it
                line, mark = self._taken_back_for(by, seat, gone), by
            elif gone:
                line = tr("{who} took back: {moves}", who=self.seat_name(seat), moves=gone)
            else:  # an older save: which moves went is not known
                line = tr("{who} took back a move.", who=self.seat_name(seat))
            self.log_lines.append((mark, line))

    def _taken_back_for(self, by: int, mover: int, gone: str) -> str:
        """The log entry when seat ``by`` took back seat ``mover``'s decision (``gone``: the
        moves as the log told them)."""
        if mover == self.perspective:
            return tr("{who} took back your last move: {moves}", who=self.seat_name(by), moves=gone)
        return tr("{who} took back {other}'s last move: {moves}", who=self.seat_name(by),
                  other=self.seat_name(mover), moves=gone)

    def _taken_back_lines(self, state: Any, moves: list[str]) -> list[str]:
        """What a take-back removed, a sentence a move as the log told it (the computer's
        replies too). Told from the log's own seat, so it names nothing the log had not
        named; a move that no longer replays ends the list."""
        lines: list[str] = []
        seat_view = self._log_seat()
        state = state.clone()
        for text in moves:
            actor = state.current_player
            if actor is None:
                break
            before = state.view(seat_view)
            try:
                state.apply(state.parse(text))
            except IllegalAction:
                break
            told = self.narrated(actor, text, before, state.view(seat_view))
            if told:
                lines.append(told[0][1])
        return lines

    def log_box(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The log's heading and box this frame. A message that grows down over the log's
        place while it shows (see AppScene.toast_spill) pushes the heading under it and the
        box's top with it, so the message covers neither and the newest lines stay in view;
        the box keeps its bottom (the buttons under it stay put). So does a tooltip hanging
        into the log from above: the Hint button's tip, with no room left between the button
        and the hint it put up in the panel, lay over the log's first lines. A tip rising into
        it from the buttons under it (Undo's) takes the box's bottom up over it instead: it lay
        over the newest lines, and the log shows the newest that fit."""
        top, bottom = LOG_HEADING.y, LOG_RECT.bottom
        layout = self.toast_layout()
        tip = self.tip_over_log()
        hanging = [(layout.rect, LOG_RECT.bottom)] if layout is not None else []
        hanging += [(tip, LOG_RECT.top)] if tip is not None else []
        for rect, below in hanging:
            if rect.left < LOG_RECT.right and rect.right > LOG_RECT.left and rect.top < below:
                top = max(top, rect.bottom + LOG_GAP)
        if tip is not None and tip.left < LOG_RECT.right and tip.right > LOG_RECT.left \
                and LOG_RECT.top <= tip.top < LOG_RECT.bottom:
            bottom = tip.top - LOG_GAP
        if (top, bottom) == (LOG_HEADING.y, LOG_RECT.bottom):
            return LOG_HEADING, LOG_RECT
        heading = LOG_HEADING.move(0, top - LOG_HEADING.y)
        return heading, pygame.Rect(LOG_RECT.x, heading.bottom, LOG_RECT.width, bottom - heading.bottom)

    def add_log(self, seat: int | None, text: str) -> None:
        self.log_lines.append((seat, text))
        self.log_scroll = 0

    def mark_log(self, count: int, now: float) -> None:
        """Mark the newest ``count`` log entries for MARK_TIME seconds: a computer's move
        shown at once (animations off) is read here. Entries added right after a mark that
        is still on show (the same computer's next action) join it."""
        end = len(self.log_lines)
        mark = self.log_mark
        if mark is not None and now < mark[2] and mark[0] == end - count:
            count += mark[1]
        self.log_mark = (end, count, now + MARK_TIME)

    def marked_log(self, now: float) -> tuple[int, float]:
        """How many of the newest log entries are marked now, and how strongly (1: fully;
        fading to 0 at the end). A newer entry (someone else's move) ends the mark."""
        mark = self.log_mark
        if mark is None or mark[0] != len(self.log_lines) or now >= mark[2]:
            return 0, 0.0
        return mark[1], min(1.0, (mark[2] - now) / MARK_FADE)

    def _wrapped_log(self) -> list[tuple[int | None, str, bool]]:
        """The log's lines wrapped to the panel, recomputed only when the log changes."""
        key = (len(self.log_lines), self.log_lines[-1] if self.log_lines else None, theme.text_scale)
        if getattr(self, "_wrap_key", None) != key:
            lines: list[tuple[int | None, str, bool]] = []
            for seat, text in self.log_lines[-200:]:
                for i, part in enumerate(theme.wrap(text, theme.reading(14), LOG_RECT.width - 30)):
                    lines.append((seat, part, i == 0))
            self._wrap_key, self._wrap_lines = key, lines
        return self._wrap_lines

    def draw_log(self, surface: pygame.Surface) -> None:
        if self.tutorial is not None:
            self.draw_coach(surface)
            return
        heading, box = self.log_box()
        theme.draw_text(surface, tr("Game log"), heading.topleft, 16, theme.TEXT_DIM, bold=True)
        pygame.draw.rect(surface, theme.TABLE_DARK, box, border_radius=6)
        lines = self._wrapped_log()
        per = theme.reading(19)
        visible = log_rows(box)
        self.log_scroll = min(self.log_scroll, max(0, len(lines) - visible))
        start = max(0, len(lines) - visible - self.log_scroll)
        if self.log_scroll == 0:
            # the newest entries: the top line begins one (the tail of an entry cut off above,
            # "ab." alone, read as noise); the room left stays under the newest line
            start = next((i for i in range(start, len(lines)) if lines[i][2]), start)
        clip = surface.get_clip()
        surface.set_clip(box)
        y = box.y + 5
        mark = round(5 * (1 + theme.text_scale) / 2)  # grows a little with the reading text
        marked, strength = self.marked_log(self.app.time)
        firsts = [i for i, line in enumerate(lines) if line[2]]
        marked_from = firsts[-marked] if 0 < marked <= len(firsts) else len(lines)
        for i, (seat, part, first) in enumerate(lines[start:start + visible], start):
            if i >= marked_from:
                mark_line(surface, pygame.Rect(box.x + 2, y - 2, box.width - 4, per), strength)
            rect = theme.draw_text(surface, part, (box.x + 22, y), theme.reading(14), theme.TEXT)
            mid = rect.centery  # the first line's middle at any reading size
            if first and seat is not None:
                draw.marker(surface, theme.seat_shape(seat), (box.x + 10, mid), mark, self.seat_colour(seat),
                            outline=None)
            elif first:  # the table's own news (a take-back, a new round): a dash, so it reads as a new entry
                pygame.draw.line(surface, theme.TEXT_DIM, (box.x + 11 - mark, mid), (box.x + 9 + mark, mid),
                                 2)
            y += per
        surface.set_clip(clip)
        if self.log_scroll:
            theme.draw_text(surface, tr("(scrolled: wheel down or Page Down for newest)"),
                            (box.right - 6, box.bottom - 4), 12, theme.YELLOW, anchor="bottomright",
                            max_width=box.width - 12)


def mark_line(surface: pygame.Surface, rect: pygame.Rect, strength: float) -> None:
    """A log line marked as just played: a light band across it and a bar at its left."""
    band = pygame.Surface(rect.size, pygame.SRCALPHA)
    band.fill((*theme.YELLOW, round(46 * strength)))
    pygame.draw.rect(band, (*theme.YELLOW, round(255 * strength)), (0, 0, 3, rect.height))
    surface.blit(band, rect)
