"""Break the Cube solo puzzles: the list (stars earned, the next one unlocked by
finishing the one before) and the puzzle itself (question a hidden shape within a
budget, build your answer, guess)."""

from __future__ import annotations

import pygame

from game import storage
from game.i18n import tr, tr_message
from game.paths import level_file
from game.rules.cube.puzzle import Puzzle, PuzzleRun, load_puzzles
from game.scenes.base import AppScene, back_to_title_tip, heading, sentence
from game.scenes.cube_board import COLOURS, DIGIT_KEYS, LETTER_KEYS, BuildBoard, board_buttons, draw_verdict, guess_tip
from game.scenes.cube_build import Builder
from game.scenes.cube_pad import QuestionPad, describe_question
from game.ui import draw, theme
from game.ui.focus import Focusable
from game.ui.iso import IsoView

COLS = 4
STAMP_TIME = 1.6


def star_row(surface: pygame.Surface, centre: tuple[int, int], earned: int, r: int = 9) -> None:
    for i in range(3):
        c = (centre[0] + (i - 1) * (2 * r + 6), centre[1])
        if i < earned:
            draw.marker(surface, "star", c, r, theme.YELLOW)
        else:  # an unearned star is an outline only: earned and not differ in shape, not just colour
            pygame.draw.polygon(surface, theme.PANEL_EDGE, draw.star_points(c[0], c[1], r * 1.25), 2)


def skipped_note(problems: list[str], found: int) -> str | None:
    """What the list says about broken or missing puzzle files (English, translated when
    shown): the first file's problem, framed, so a bare path is never all a player sees."""
    if problems:
        head = "A puzzle was left out" if len(problems) == 1 else f"{len(problems)} puzzles were left out"
        return f"{head}: {problems[0]}"
    if not found:
        return f"No puzzles to show: {level_file('cube', 'puzzles')} holds no puzzle files"
    return None


class PuzzleListScene(AppScene):
    # messages in the strip right of Back, under the last row of puzzles: the default box
    # at the bottom covered Back (and a taller one under the heading would cover the first row)
    toast_span = (296, 1280)

    def enter(self) -> None:
        self.puzzles, problems = load_puzzles()
        self.progress, problem = storage.load_progress(self.app.dirs)
        notes = [n for n in (skipped_note(problems, len(self.puzzles)), problem) if n]
        self.cards: list[tuple[Puzzle, pygame.Rect, bool]] = []
        for i, puzzle in enumerate(self.puzzles):
            col, row = i % COLS, i // COLS
            rect = pygame.Rect(120 + col * 262, 110 + row * 88, 250, 78)
            unlocked = i == 0 or self.puzzles[i - 1].name in self.progress
            self.cards.append((puzzle, rect, unlocked))
            self.focus.add(Focusable(lambda r=rect: r, lambda p=puzzle: self.open(p), lambda u=unlocked: u))
        self.button(tr("Back"), (120, 650, 160, 44), self.stack_pop, tooltip=back_to_title_tip())
        if notes:  # each translated on its own: joined, no message template matches them
            self.show_toast(" ".join(tr_message(n) for n in notes), 8)

    def stack_pop(self) -> None:
        self.stack.pop()

    def open(self, puzzle: Puzzle) -> None:
        self.stack.push(PuzzleScene(self.app, puzzle, self.puzzles))

    def resume(self) -> None:
        self.rebuild()

    def on_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.stack_pop()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            from game.scenes.rules_page import RulesScene
            self.stack.push(RulesScene(self.app, "cube", section="Puzzles"))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for puzzle, rect, unlocked in self.cards:
                if rect.collidepoint(event.pos):
                    if unlocked:
                        self.open(puzzle)
                    else:
                        self.show_toast(tr("Finish the puzzle before it to unlock this one."), 3)
                    return True
        return False

    def draw_scene(self, surface: pygame.Surface) -> None:
        heading(surface, tr("Break the Cube puzzles"), 30)
        total = sum(self.progress.get(p.name, 0) for p in self.puzzles)  # not stars of puzzles since removed
        theme.draw_text(surface, tr("{n} of {m} stars", n=total, m=3 * len(self.puzzles)), (1160, 60), 18,
                        theme.YELLOW, anchor="topright")
        if not self.puzzles:  # the message box goes; the empty page keeps saying why
            theme.draw_text(surface, tr("No puzzles to show."), (640, 300), 22, theme.TEXT_DIM, anchor="midtop")
        before = None  # the card before this one: the first locked card says how to open it
        for puzzle, rect, unlocked in self.cards:
            draw.panel(surface, rect, theme.PANEL if unlocked else (20, 32, 38), edge=None, radius=10)
            pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=10)
            colour = theme.TEXT if unlocked else theme.TEXT_DIM
            theme.draw_text(surface, f"{puzzle.number}. {tr(puzzle.title)}", (rect.x + 12, rect.y + 10), 18, colour,
                            bold=True)
            if unlocked:
                star_row(surface, (rect.x + 50, rect.bottom - 20), self.progress.get(puzzle.name, 0))
            elif before is not None and before[2]:  # "locked" alone did not say how to open it
                theme.draw_text(surface, tr("locked: solve puzzle {n} first", n=before[0].number),
                                (rect.x + 12, rect.bottom - 30), 15, theme.TEXT_DIM, max_width=rect.w - 24)
            else:
                theme.draw_text(surface, tr("locked"), (rect.x + 12, rect.bottom - 30), 15, theme.TEXT_DIM)
            before = (puzzle, rect, unlocked)


class PuzzleScene(AppScene):
    background = "TABLE"
    has_players = False  # for the game menu (see game_menu.MenuOwner)
    toast_top = 126  # under "Build the hidden shape here", clear of the question pad
    toast_span = (0, 640)

    def __init__(self, app, puzzle: Puzzle, puzzles: list[Puzzle]) -> None:
        super().__init__(app)
        self.puzzle = puzzle
        self.puzzles = puzzles
        self.run = PuzzleRun(puzzle)
        self.replica = Builder(("S", "M", "L"))
        self.board = BuildBoard(app, lambda: None if self.run.over else self.replica,
                                lambda rot: IsoView((320, 400), tile=52, rotation=rot), self.refuse,
                                finished=lambda: self.replica, ring=self.focus, done=lambda: self.guess_button.rect)
        self.pad = QuestionPad((660, 140))
        self.hover_q: str | None = None
        self.stamp: tuple[str, bool, float] | None = None
        self.saved = False

    def toast_paused(self) -> bool:
        # a held block's landing words sit where messages do: an older refusal hid them
        return self.board.ghost() is not None

    def refuse(self, reason: str) -> None:
        self.app.sound.play("illegal")
        self.show_toast(sentence(reason), 3)

    def enter(self) -> None:
        y = 664
        self.clear_button = board_buttons(self, self.board, y)
        self.guess_button = self.button(tr("Guess this shape (G)"), (396, y, 220, 40), self.guess,
                                        object_id="#primary", tooltip=guess_tip())
        self.next_button = self.button(tr("Next puzzle"), (660, 600, 180, 44), self.next_puzzle, object_id="#primary",
                                       tooltip=tr("On to the next puzzle in the list"))
        self.retry_button = self.button(tr("Try again"), (850, 600, 140, 44), self.retry,
                                        tooltip=tr("This puzzle again from the start, all questions back"))
        # the tables' menu: settings (text size, language, contrast, sound) without losing the puzzle
        self.button(tr("Menu"), (1002, 664, 100, 40), self.open_menu, tooltip=tr("Esc: settings, or leave the puzzle"))
        self.button(tr("Puzzles"), (1110, 664, 150, 40), self.ask_leave, tooltip=self.menu_tips()[1])
        for q in [str(c) for c in range(1, 10)] + list("ABCDEFGHIJKL"):
            self.focus.add(Focusable(lambda q=q: self.pad.question_rect(q), lambda q=q: self.ask(q),
                                     lambda q=q: self.run.can_ask and not self.run.asked(q)))
        for item in self.board.focusables():
            self.focus.add(item)

    # --- actions ------------------------------------------------------------------------
    def ask(self, q: str) -> None:
        if self.run.over:
            return
        if not self.run.can_ask:
            self.refuse(tr("No questions left: build the shape and guess. The right guess is free."))
            return
        if self.run.asked(q):
            self.refuse(tr("You already know that answer: it is on the sheet."))
            return
        self.run.ask(q)
        self.app.sound.play("drop")
        self.after_move()

    def guess(self) -> None:
        if self.run.over:
            return
        problem = self.replica.problem()
        if problem:
            self.refuse(problem)
            return
        try:
            right = self.run.guess(self.replica.text())
        except ValueError as exc:  # ShapeError, or the same wrong shape again
            self.refuse(str(exc))
            return
        self.stamp = (tr("Correct!") if right else tr("Wrong"), right, STAMP_TIME)
        self.app.sound.play("stack" if right else "illegal")
        self.after_move()

    def after_move(self) -> None:
        if self.run.solved and not self.saved:
            self.saved = True
            try:
                problem = storage.record_stars(self.app.dirs, self.puzzle.name, self.run.stars())
            except storage.StorageError as exc:  # a damaged file left in place: not saved over
                self.show_toast(tr("Could not save your stars: {e}", e=tr_message(str(exc))), 8)
            except OSError as exc:
                why = f"{tr(storage.write_problem(exc))} ({storage.progress_path(self.app.dirs)})"
                self.show_toast(tr("Could not save your stars: {e}", e=why), 5)
            else:
                if problem:  # as the puzzle list says it: the damaged file was kept aside
                    self.show_toast(tr_message(problem), 8)

    def next_puzzle(self) -> None:
        i = self.puzzles.index(self.puzzle)
        if self.run.solved and i + 1 < len(self.puzzles):
            self.stack.replace(PuzzleScene(self.app, self.puzzles[i + 1], self.puzzles))

    def retry(self) -> None:
        self.stack.replace(PuzzleScene(self.app, self.puzzle, self.puzzles))

    def close(self) -> None:
        self.stack.pop()

    def ask_leave(self) -> None:
        """Back to the list; a puzzle under way (questions asked or blocks placed) asks first."""
        started = self.run.used > 0 or bool(self.replica.placed)
        if self.run.over or not started:
            self.close()
            return
        from game.scenes.confirm import ConfirmScene
        self.board.held = None
        self.stack.push(ConfirmScene(self.app, tr("Leave this puzzle?"),
                                     tr("Your questions and blocks so far are not kept."), tr("Leave"), self.close))

    def open_menu(self) -> None:
        """The tables' game menu: back to the puzzle, settings, leave."""
        from game.scenes.game_menu import GameMenuScene
        self.board.held = None
        self.stack.push(GameMenuScene(self.app, self))

    def leave_label(self) -> str:
        return tr("Leave the puzzle")

    def menu_words(self) -> tuple[str, str]:
        # no opponent and no clock: what matters is that the work so far is not lost
        return tr("Back to the puzzle (Esc)"), tr("Your questions and your copy stay as they are.")

    def menu_tips(self) -> tuple[str, str]:
        return tr("Esc: back to the puzzle"), tr("Back to the puzzle list; a puzzle under way asks first")

    def language_changed(self) -> None:
        super().language_changed()
        self.update(0.0)  # the buttons that show by the state of the puzzle (Next, Try again) show now

    # --- input --------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.board.handle_first(event):
            return True
        return super().handle_event(event)

    def on_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover_q = self.pad.question_at(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            q = self.pad.question_at(event.pos)
            if q is not None:
                self.ask(q)
                return True
        if event.type == pygame.KEYDOWN:
            key = event.key
            if event.mod & pygame.KMOD_SHIFT and key in LETTER_KEYS:
                self.ask(LETTER_KEYS[key])
                return True
            if key in DIGIT_KEYS:
                self.ask(DIGIT_KEYS[key])
                return True
            if key == pygame.K_g:
                self.guess()
                return True
            if key == pygame.K_ESCAPE and self.board.held is None:
                # as at a table; a finished puzzle has nothing left to lose: straight back to the list
                self.close() if self.run.over else self.open_menu()
                return True
            if key == pygame.K_F1:
                from game.scenes.rules_page import RulesScene
                self.stack.push(RulesScene(self.app, "cube", section="Puzzles"))
                return True
            if key == pygame.K_h:  # as at a table, keys that do nothing here say so
                self.refuse(tr("A puzzle has no hints beyond the clue under its title."))
                return True
            if key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                self.refuse(tr("Nothing to undo: questions and guesses stand. Clear empties your copy."))
                return True
        return self.board.handle(event)

    # --- frame --------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.stamp is not None:
            text, ok, left = self.stamp
            self.stamp = (text, ok, left - dt) if left > dt else None
        ready = not self.run.over and not self.replica.tray and self.replica.problem() is None
        self.guess_button.enable() if ready else self.guess_button.disable()
        # as at the table: Clear only while there is something of yours to clear
        can_clear = not self.run.over and bool(self.replica.placed)
        self.clear_button.enable() if can_clear else self.clear_button.disable()
        last = self.puzzles.index(self.puzzle) + 1 >= len(self.puzzles)
        self.next_button.show() if self.run.solved and not last else self.next_button.hide()
        self.retry_button.show() if self.run.over else self.retry_button.hide()
        super().update(dt)

    def draw_scene(self, surface: pygame.Surface) -> None:
        p, run = self.puzzle, self.run
        theme.draw_text(surface, tr("Puzzle {n}: {title}", n=p.number, title=tr(p.title)), (20, 12), 24, bold=True)
        theme.draw_text(surface, tr(p.hint), (20, 48), 17, theme.TEXT_DIM)
        self.board.draw(surface, tr("Build the hidden shape here"))
        cells = {q: a for q, a in run.answers if q.isdigit()}
        letters = {q: a for q, a in run.answers if not q.isdigit()}
        fresh = {run.answers[-1][0]} if len(run.answers) > len(p.given) else set()
        theme.draw_text(surface, tr("Ask a question (every answer stays on the sheet)"), (660, 112), 16,
                        theme.TEXT_DIM)
        self.pad.draw(surface, run.can_ask, self.hover_q, cells, letters, COLOURS, fresh)
        if self.hover_q and run.can_ask:
            theme.draw_text(surface, describe_question(self.hover_q, tr("the puzzle"), alone=True),
                            (self.pad.rect.x, self.pad.rect.bottom + 10), 14, theme.YELLOW)
        self.draw_budget(surface)
        if self.stamp is not None:
            text, ok, left = self.stamp
            draw_verdict(surface, text, ok, 1 - left / STAMP_TIME, (480, 330))

    def draw_budget(self, surface: pygame.Surface) -> None:
        p, run = self.puzzle, self.run
        box = pygame.Rect(660, 440, 600, 140)
        draw.panel(surface, box, theme.PANEL, edge=None, radius=8)
        used = min(run.used, p.limit)  # a wrong guess past the budget fails the puzzle: never "4 of 3"
        theme.draw_text(surface, tr("Questions used: {u} of {limit}", u=used, limit=p.limit),
                        (box.x + 14, box.y + 12), 20, bold=True)
        theme.draw_text(surface, tr("3 stars: at most {a}   2 stars: at most {b}   1 star: at most {c}",
                                    a=p.stars[0], b=p.stars[1], c=p.stars[2]), (box.x + 14, box.y + 44), 15,
                        theme.TEXT_DIM)
        theme.draw_text(surface, tr("Every ask and every wrong guess uses a question; the right guess is free."),
                        (box.x + 14, box.y + 68), 15, theme.TEXT_DIM, max_width=box.w - 28)
        if run.solved:
            theme.draw_text(surface, tr("Solved!"), (box.x + 14, box.y + 100), 22, theme.GREEN, bold=True)
            star_row(surface, (box.x + 170, box.y + 114), run.stars(), r=12)
        elif run.failed:
            theme.draw_text(surface, tr("Out of questions. Try again?"), (box.x + 14, box.y + 100), 20, theme.ORANGE,
                            bold=True)
        elif not run.can_ask:
            theme.draw_text(surface, tr("No questions left: the right guess still earns a star."),
                            (box.x + 14, box.y + 100), 20, theme.YELLOW, bold=True)
