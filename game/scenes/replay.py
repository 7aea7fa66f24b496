"""Finished games: a list of the kept records, and a replay viewer that steps through a
game move by move (Left/Right, Home/End) on the game's own table, with its log beside.

A record is the action log plus the seed, so every position is rebuilt exactly by
replaying the first k moves."""

from __future__ import annotations

import datetime
import logging
from dataclasses import dataclass
from pathlib import Path

import pygame

from game import storage
from game.core.action_log import ActionLog
from game.i18n import tr, tr_message
from game.rules import GameDataError, game_info
from game.save_format import migrate
from game.scenes.base import AppScene, back_to_title_tip, heading
from game.scenes.table_base import PANEL_RECT
from game.session import GameSession, seat_label
from game.ui import draw, theme
from game.ui.focus import Focusable

log = logging.getLogger("breakbox")
ROWS = 10


@dataclass(frozen=True)
class RecordRow:
    """What the list shows of a record: read from the replayed game, so a record whose
    other fields are odd still shows the truth (only the date comes from the file)."""
    game: str
    when: str
    seats: tuple[str, ...]
    winners: tuple[int, ...]
    hints: bool


def row_summary(record: dict, session: GameSession) -> RecordRow:
    try:
        when = datetime.datetime.fromtimestamp(float(record.get("saved_at"))).strftime("%Y-%m-%d %H:%M")
    except (TypeError, ValueError, OverflowError, OSError):
        when = "?"
    return RecordRow(session.game, when, tuple(session.seats), tuple(session.state.winners()), bool(session.hints))


class RecordsScene(AppScene):
    """The kept records, newest first, a page of ROWS at a time (Older / Newer, PgUp/PgDn,
    the wheel); each page's records are read and checked when it is shown."""

    def enter(self) -> None:
        self.paths = storage.list_records(self.app.dirs)
        self.page = 0
        self.entries: list[tuple[str, dict, RecordRow]] = []
        for i in range(ROWS):
            self.focus.add(Focusable(lambda i=i: self.row_rect(i), lambda i=i: self.open_row(i),
                                     lambda i=i: i < len(self.entries)))
        self.older = self.button(tr("Older"), (140, 650, 150, 44), lambda: self.turn_page(1),
                                 tooltip=tr("Page Down: the page of older games"))
        self.newer = self.button(tr("Newer"), (300, 650, 150, 44), lambda: self.turn_page(-1),
                                 tooltip=tr("Page Up: the page of newer games"))
        self.button(tr("Back"), (1080, 650, 160, 44), self.close, tooltip=back_to_title_tip())
        self.load_page()

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.paths) // ROWS))

    def load_page(self) -> None:
        """Read this page's records; one that does not replay is moved aside and named."""
        self.entries, problems, bad = [], [], set()  # entries: file name, migrated record, row
        for path in self.paths[self.page * ROWS:(self.page + 1) * ROWS]:
            try:
                record = migrate(storage.read_json(path))
                session = GameSession.from_record(record)  # refuse what does not replay
                self.entries.append((path.name, record, row_summary(record, session)))
            except GameDataError as exc:  # the game's files are broken, not the record: keep it
                problems.append(f"{path.name}: {tr_message(_without_path(exc, path))}")
            except Exception as exc:
                moved = storage.move_aside(path, exc)
                problems.append(f"{path.name}: {tr_message(_without_path(exc, path))}"
                                + (f" ({tr('kept as')} {moved.name})" if moved else ""))
                bad.add(path)
        if problems:  # named once: the moved file leaves the list
            self.paths = [path for path in self.paths if path not in bad]
            if len(problems) == 1:
                self.show_toast(tr("Some records could not be read: {p}", p=problems[0]), 8)
            else:  # the first says why; the rest would fill the screen
                self.show_toast(tr("{n} finished games could not be read. The first: {p}",
                                   n=len(problems), p=problems[0]), 8)
        self.older.enable() if self.page + 1 < self.pages else self.older.disable()
        self.newer.enable() if self.page > 0 else self.newer.disable()
        for button in (self.older, self.newer):  # one page: no paging to offer
            button.show() if self.pages > 1 else button.hide()

    def turn_page(self, step: int) -> None:
        page = max(0, min(self.pages - 1, self.page + step))
        if page != self.page:
            self.page = page
            self.load_page()

    def row_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(140, 110 + i * 52, 1000, 46)

    def open_row(self, i: int) -> None:
        if i < len(self.entries):
            self.open(self.entries[i][1])

    def open(self, record: dict) -> None:
        self.stack.push(ReplayScene(self.app, record))

    def close(self) -> None:
        self.stack.pop()

    def on_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            self.turn_page(1 if event.key == pygame.K_PAGEDOWN else -1)
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.turn_page(-1 if event.y > 0 else 1)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i in range(len(self.entries)):
                if self.row_rect(i).collidepoint(event.pos):
                    self.open_row(i)
                    return True
        return False

    def draw_scene(self, surface: pygame.Surface) -> None:
        heading(surface, tr("Finished games"), 20)  # up a little: the line under it fits above the rows
        if self.pages > 1:
            theme.draw_text(surface, tr("Page {n} of {m}", n=self.page + 1, m=self.pages), (470, 662), 15,
                            theme.TEXT_DIM)
        if not self.paths:
            theme.draw_text(surface, tr("No finished games yet. Every game you finish is kept here to replay."),
                            (640, 200), 18, theme.TEXT_DIM, anchor="center")
        elif self.entries:  # the rows are plain panels: say what a click does
            theme.draw_text(surface, tr("Click a game to replay it move by move."), (640, 78), 16, theme.TEXT_DIM,
                            anchor="midtop")
        for i, (_name, _record, row) in enumerate(self.entries):
            r = self.row_rect(i)
            pointed = r.collidepoint(self.app.mouse_pos)  # and the one under the pointer shows it takes the click
            draw.panel(surface, r, theme.PANEL, edge=theme.SKY if pointed else None, radius=8)
            winners = ", ".join(tr("Seat {n}", n=w + 1) for w in row.winners) or tr("nobody")
            theme.draw_text(surface, tr(game_info(row.game).title), (r.x + 14, r.y + 12), 18, bold=True)
            theme.draw_text(surface, row.when, (r.x + 220, r.y + 14), 15, theme.TEXT_DIM)
            theme.draw_text(surface, ", ".join(tr(seat_label(s)) for s in row.seats), (r.x + 400, r.y + 14), 15,
                            theme.TEXT_DIM)
            theme.draw_text(surface, tr("won: {w}", w=winners), (r.right - 14, r.y + 14), 15, theme.YELLOW,
                            anchor="topright")
            if row.hints:
                theme.draw_text(surface, tr("hints used"), (r.right - 200, r.y + 14), 13, theme.ORANGE,
                                anchor="topright")


BAR_HEIGHT = 25  # a 15 px line (21 px) and 2 px either side


class ReplayScene(AppScene):
    """Shows a game's table at move k of its record; the table never acts by itself."""

    # the two rows stand 6 px apart: a top-row tip dropped over Previous / Next / Close and
    # a bottom-row tip (no room below) rose over Start / End
    tips_keep_off_buttons = True

    def __init__(self, app, record: dict) -> None:
        super().__init__(app)
        from game.scenes.tables import table_class
        record = migrate(record)  # an older record has no actors list yet
        self.full = ActionLog.from_json(record["log"])
        self.record = record
        self.session = GameSession.from_record(record)
        self.table = table_class(self.session.game)(app, self.session)
        self.table.replaying = True
        self.table.results_shown = True
        humans = self.session.humans
        self.viewer = humans[0] if humans else 0
        self.step = len(self.full.actions)

    def enter(self) -> None:
        self.table.enter()
        x = PANEL_RECT.x
        # for the mouse; the keys (arrows, Home/End, V, Esc) do the same, so these take no focus
        self.button(tr("Start"), (x + 12, 614, 70, 40), lambda: self.go(0), focusable=False,
                    tooltip=tr("Home: back to the start of the game"))
        self.button(tr("End"), (x + 88, 614, 70, 40), lambda: self.go(len(self.full.actions)), focusable=False,
                    tooltip=tr("End: on to the end of the game"))
        self.button(tr("Change view"), (x + 164, 614, 128, 40), self.next_view, focusable=False,
                    tooltip=tr("V: the game as the next seat sees it"))
        self.button(tr("Previous"), (x + 12, 660, 88, 40), lambda: self.go(self.step - 1), focusable=False,
                    tooltip=tr("Left arrow: one move back"))
        self.button(tr("Next"), (x + 108, 660, 88, 40), lambda: self.go(self.step + 1), focusable=False,
                    tooltip=tr("Right arrow: one move on"))
        self.button(tr("Close"), (x + 204, 660, 88, 40), self.stack.pop, focusable=False,
                    tooltip=tr("Esc: leave the replay"))
        self.go(self.step)

    def exit(self) -> None:
        self.table.exit()
        super().exit()

    def go(self, step: int) -> None:
        """Rebuild the position after the first ``step`` moves."""
        step = max(0, min(len(self.full.actions), step))
        self.step = step
        self.session.log.actions = list(self.full.actions[:step])
        self.session.log.actors = list(self.full.actors[:step])
        self.session.state = self.full.replay(self.session.rules, upto=step)
        self.table.finish_animation()
        self.table.take_seat(self.viewer)  # also lays the table out around that seat
        self.table.rebuild_log()

    def on_event(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN:
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        key = event.key
        moves = {pygame.K_LEFT: self.step - 1, pygame.K_RIGHT: self.step + 1, pygame.K_HOME: 0,
                 pygame.K_END: len(self.full.actions), pygame.K_PAGEUP: self.step - 10,
                 pygame.K_PAGEDOWN: self.step + 10}
        if key in moves:
            self.go(moves[key])
            return True
        if key == pygame.K_v:
            self.next_view()
            return True
        if key == pygame.K_ESCAPE:
            self.stack.pop()
            return True
        return True

    def next_view(self) -> None:
        """Look through the next seat's eyes (that seat's secrets)."""
        self.viewer = (self.viewer + 1) % self.session.num_players
        self.go(self.step)

    def update(self, dt: float) -> None:
        self.table.update(dt)
        super().update(dt)

    def tip_areas(self) -> list[pygame.Rect]:
        """The side panel holding the buttons: a tip goes over the rows, not out over the table."""
        return [PANEL_RECT]

    @staticmethod
    def bar_rect() -> pygame.Rect:
        """The replay's bar along the bottom of the table: one line of text high, so it
        stays below everything a table shows there (the Blockers! rack ends at y 694)."""
        return pygame.Rect(0, 720 - BAR_HEIGHT, 960, BAR_HEIGHT)

    def draw(self, surface: pygame.Surface) -> None:
        self.table.draw(surface)
        bar = self.bar_rect()
        draw.panel(surface, bar, theme.PANEL, edge=None, radius=0)
        text = tr("Replay: move {k} of {n}.  Left/Right step, Home/End jump, V changes whose view, Esc leaves.",
                  k=self.step, n=len(self.full.actions))
        right = bar.right - 10
        if self.step and (self.step - 1) in self.session.hints:
            note = theme.draw_text(surface, tr("(a hint was shown for this move)"), (right, bar.centery), 14,
                                   theme.ORANGE, anchor="midright")
            right = note.left - 16  # the keys' line gets smaller rather than run under the note
        theme.draw_text(surface, text, (12, bar.centery), 15, theme.YELLOW, anchor="midleft", max_width=right - 12)
        # the table is on show only (its own buttons are not drawn); these step the replay
        self.draw_widgets(surface)
        self.focus.draw(surface)
        self.draw_tooltip(surface)


def _without_path(exc: BaseException, path: Path) -> str:
    """A file problem's text without the full path in front (the row names the file)."""
    text = str(exc)
    prefix = f"{path}: "
    return text[len(prefix):] if text.startswith(prefix) else text
