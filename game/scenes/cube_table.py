"""The Break the Cube table: build a secret shape in 3-D, ask questions from the pad,
build a copy of your target's shape and guess it.

Blocks are dragged from the tray onto the isometric foundation (wheel or R turns the
held block, T or Shift+wheel tips it up, F turns it over, Q/E turn the view); the keyboard can do all of it. Everything
shown comes from ``view(viewer)``: your own secret, the public answers, and (with the
notes option) the note sheet; without notes only the latest turn's answers are shown.
"""

from __future__ import annotations

import logging
import math
import random

import pygame

from game.i18n import tr
from game.scenes import endings
from game.scenes.cube_board import (
    COLOURS,
    DIGIT_KEYS,
    LETTER_KEYS,
    BuildBoard,
    board_buttons,
    draw_shape,
    draw_verdict,
    guess_tip,
    shape_view,
)
from game.scenes.cube_build import Builder
from game.scenes.cube_pad import QuestionPad, describe_question, empty_key, swatch
from game.scenes.cube_reveal import Spot, reveal_spots, stamp_centre
from game.scenes.table_base import LOG_RECT, PANEL_RECT, TableScene, lines_rect
from game.ui import draw, theme
from game.ui.focus import Focusable
from game.ui.iso import Cube, IsoView

log = logging.getLogger("breakbox")

# your own hidden shape, small, bottom right: its foundation ends above a replay's bar
# (y 695; it ran under it) and its title stays under the answers box
SECRET_CENTRE = (850, 652)
SECRET_TILE = 22

STAMP_TIME = 1.8
# Memory play shows only the latest question's answers: after a question the AI waits this
# long before its next move, so a person at the table can take the answers in (a click on
# the answers box goes on at once).
READING_TIME = 3.5
# the question pad: its answer letters grew to be read in a small window (NOTE_LETTER), the pad
# with them, so it starts higher up to end above the answers box
PAD_AT = (650, 84)
ANSWERS_BOX = pygame.Rect(620, 360, 330, 170)
GUESS_CENTRE = (ANSWERS_BOX.right - 92, ANSWERS_BOX.y + 110)  # the shape a guess tried, in the answers box
GUESS_TILE = 20
# a side's answers in the answers box: the first seat's row, the bottom level's column, one level's step
ANSWER_TOP, ANSWER_X, ANSWER_STEP = 46, 150, 56
# the shape a build or guess hint names, top left: as large as fits under the prompt's two
# lines (a column three levels high on it), clear of the board's foundation and of any column
# three levels high on it, in either phase (its foundation's lower right edge runs along the
# board's upper left one). At 14 px a tile (some 145 x 100 px) it was too small to copy a
# shape from; at 20 the band its letters would need (it shows none) took 40 % of its width.
HINT_CENTRE = (96, 220)
HINT_TILE = 27
# its caption, left-aligned under the shape's left part: centred under it, it ran into a
# column at the board's left corner (x 164 while playing)
HINT_CAPTION_LEFT = 12
HINT_CAPTION_WIDTH = 140


class CubeTable(TableScene):
    undo_limit = "Nothing to undo: hidden shapes, answered questions and guesses cannot be taken back."
    # the screen passes on after a step of the mover's own (Hide it on the shape they built,
    # Enter on the answers they read: holds_hand_off), not the very frame a card landed
    mover_look = 0.0
    # messages under the board's heading lines and over the empty sky above the foundation,
    # clear of the question pad (the default top edge cut the heading line in half)
    toast_top = 126
    # the ring stayed on Hide my shape or the question just asked: the next turn (a new phase,
    # perhaps) had no use for the one, and Enter on the other asked again what the pad shows
    ring_starts_each_turn = True
    TOAST_RIGHT = 630

    def toast_paused(self) -> bool:
        # a held block's landing words sit where messages do: an older refusal hid them
        return self.board.ghost() is not None

    @property
    def toast_max_height(self) -> int:  # type: ignore[override]
        """Messages end above the board and the blocks on it, in smaller text if need be:
        at a large reading size a hint's message grew down over the board."""
        return self.board.extent().top - 6 - self.toast_top

    @property
    def toast_spill(self) -> int:  # type: ignore[override]
        """A long message over a tall column may cover the column's top, never the board
        itself (the words would otherwise end in '...')."""
        return self.board.iso().extent().top - self.board.extent().top

    @property
    def toast_span(self) -> tuple[int, int]:  # type: ignore[override]
        """While a hint's shape shows, messages sit to its right: at a large reading size the
        box grew down over the shape its words point at ("this shape")."""
        if self.hinted_shape() is None or not self.toast:
            return 0, self.TOAST_RIGHT
        area = self.hint_area()
        _, pitch, lines = self.toast_lines(min(self.toast_width, self.TOAST_RIGHT - 16) - 40)
        if self.toast_top + 16 + pitch * len(lines) <= area.top:
            return 0, self.TOAST_RIGHT  # the whole width still ends above the shape
        # no question pad while building the secret: the box may reach the side panel
        return area.right, self.TOAST_RIGHT if self.phase() == "play" else PANEL_RECT.x

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.secret_builders: dict[int, Builder] = {}
        self.replicas: dict[int, Builder] = {}
        self.replicas_at = -1  # in a replay: the move the copies were rebuilt for
        self.board = BuildBoard(app, self.building, self.board_view, self.refuse, finished=self.solved_copy,
                                ring=self.focus, done=lambda: self.submit_button.rect,
                                words_span=self.landing_words_span)
        self.hover_q: str | None = None
        self.stamp: tuple[str, bool, float] | None = None
        self.pad = QuestionPad(PAD_AT)
        self.reading_own_answers = False  # pass-and-play memory play: the hand-off waits for the asker
        self.hinted: tuple[str, int] | None = None  # the latest hint and the move it was for
        self._reveal: tuple[tuple, list[Spot]] | None = None  # the shapes on show and their layout

    # --- set-up -------------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        self.play_area_starts_here()
        self.question_stops: dict[str, int] = {}  # each question's place in the focus ring
        for q in [str(c) for c in range(1, 10)] + list("ABCDEFGHIJKL"):
            self.question_stops[q] = len(self.focus.items)
            self.focus.add(Focusable(lambda q=q: self.pad_stop(q), lambda q=q: self.ask(q), lambda: self.can_ask()))
        for item in self.board.focusables():
            self.focus.add(item)
        # the board's buttons after the blocks: Tab from the side buttons reached Turn left and
        # Turn right before the blocks to build with
        y = 664
        self.clear_button = board_buttons(self, self.board, y)
        self.submit_button = self.button("", (396, y, 220, 40), self.submit, object_id="#primary")

    def ring_to_turn_start(self) -> None:
        """A turn of the play phase starts on the first question whose answer the pad does not
        show (asked again, one tells nothing new); the build phase's, or one with every answer
        shown, where the first Tab goes (the first block to build with, the first question)."""
        if self.phase() == "play" and self.can_ask() and self.tutorial is None:  # a lesson: the coach's stop
            cells, letters, _ = self.pad_notes()
            unanswered = [i for q, i in self.question_stops.items() if q not in cells and q not in letters]
            if unanswered:
                self.focus.show_first(unanswered)
                return
        super().ring_to_turn_start()

    def pad_stop(self, q: str) -> pygame.Rect:
        """Where a question's focus stop is: on the pad while the pad is drawn (the play
        phase), else nowhere, so a keyboard ring left on it vanishes with the pad."""
        return self.pad.question_rect(q) if self.phase() == "play" else pygame.Rect(0, 0, 0, 0)

    # --- who builds what ----------------------------------------------------------------
    def phase(self) -> str:
        return self.view["phase"]

    def building(self) -> Builder | None:
        """The builder the viewer works on now: the secret (build phase) or the copy."""
        v = self.view
        if v["phase"] == "build":
            self.replay_stepped()
            if not self.my_turn():
                return None
            if self.viewer not in self.secret_builders:
                pieces = tuple(v["pieces"][self.viewer])
                self.secret_builders[self.viewer] = self.secret_being_built(self.viewer, pieces)
            return self.secret_builders[self.viewer]
        if v["phase"] == "play":
            if v["solved"][self.viewer] or v["eliminated"][self.viewer]:
                return None
            self.replay_stepped()
            if self.viewer not in self.replicas:
                self.replicas[self.viewer] = self.copy_of(self.viewer, tuple(v["pieces"][v["target"]]))
            return self.replicas[self.viewer]
        return None

    def replay_stepped(self) -> None:
        """In a replay, forget the copies and the secret shapes once it moved to another
        step: they are rebuilt for this move (see copy_of; a secret shows once it is hidden)."""
        if self.replaying and self.replicas_at != len(self.session.log.actions):
            self.replicas.clear()
            self.secret_builders.clear()
            self.replicas_at = len(self.session.log.actions)

    def secret_being_built(self, seat: int, pieces: tuple[str, ...]) -> Builder:
        """The seat's secret shape while it is built: the blocks already placed come back
        after a Continue, as the copies do (a broken saved part is left out)."""
        secret = Builder(pieces)
        saved = {} if self.replaying else self.session.notes.get("cube_secrets", {})
        if isinstance(saved, dict) and str(seat) in saved and not secret.restore(saved[str(seat)]):
            log.warning("the saved part of seat %d's secret shape does not fit: left out", seat + 1)
        return secret

    def copy_of(self, seat: int, pieces: tuple[str, ...]) -> Builder:
        """The seat's copy of its target's shape: as saved with the game, or in a replay
        the seat's last guess so far (the saved copy is the one at the game's end)."""
        copy = Builder(pieces)
        if self.replaying:
            guesses = [text for text, actor in zip(self.session.log.actions, self.session.log.actors, strict=False)
                       if actor == seat and text.startswith("guess ")]
            if guesses:
                try:
                    copy.load(guesses[-1].split(" ", 1)[1])
                except ValueError:
                    log.warning("seat %d's guess in the record does not fit its target: left out", seat + 1)
            return copy
        saved = self.session.notes.get("cube_copies", {})
        if isinstance(saved, dict) and str(seat) in saved and not copy.restore(saved[str(seat)]):
            log.warning("the saved copy of seat %d's target does not fit: left out", seat + 1)
        return copy

    def solved_copy(self) -> Builder | None:
        """What the board shows, not to be changed, when the viewer builds nothing: the copy
        once it was guessed right (while the round is played out) or wrong with sudden death
        (an empty grid under "Your copy" read as if it had been lost), and the viewer's hidden
        shape while the others build theirs."""
        v = self.view
        if v["phase"] == "play" and (v["solved"][self.viewer] or v["eliminated"][self.viewer]):
            self.replay_stepped()
            if self.viewer not in self.replicas:  # a replay, or a game continued since
                self.replicas[self.viewer] = self.copy_of(self.viewer, tuple(v["pieces"][v["target"]]))
            return self.replicas[self.viewer]
        if v["phase"] == "build" and v.get("my_secret") and not self.my_turn():
            # your hidden shape stays on the board while the others build (it was an empty grid
            # under the title "Your secret shape", as if it had been lost)
            self.replay_stepped()
            shown = self.secret_builders.get(self.viewer)
            if shown is None or shown.text() is None:  # e.g. after a Continue
                shown = Builder(tuple(v["pieces"][self.viewer]))
                shown.load(v["my_secret"])
                self.secret_builders[self.viewer] = shown
            return shown
        return None

    def board_view(self, rotation: int) -> IsoView:
        if self.phase() == "build":
            return IsoView((440, 400), tile=60, rotation=rotation)
        return IsoView((320, 400), tile=52, rotation=rotation)

    def can_ask(self) -> bool:
        return self.my_turn() and self.phase() == "play"

    # --- actions ------------------------------------------------------------------------
    def ask(self, q: str) -> None:
        if not self.can_ask():
            cp = self.session.current_player
            if cp is not None and self.is_bot(cp):  # named, and kept over its move (see perform)
                self.refuse(tr("{who} is thinking: you can ask when your turn comes.", who=self.seat_name(cp)))
            else:
                self.refuse(tr("You can ask only on your own turn."))
            return
        if self.perform(f"ask {q}", self.viewer):
            self.app.sound.play("drop")

    def submit(self) -> None:
        b = self.building()
        if b is None or not self.my_turn():
            self.refuse(tr("Wait for your turn."))
            return
        problem = b.problem()
        if problem:
            self.refuse(problem)
            return
        verb = "build" if self.phase() == "build" else "guess"
        text = f"{verb} {b.text()}"
        if verb == "guess" and self.refuted(b):  # it would cost a turn (or, with sudden death, the game)
            return
        if verb == "guess" and self.view["options"].get("sudden_death"):  # a wrong one ends your game
            from game.scenes.confirm import ConfirmScene
            self.stack.push(ConfirmScene(self.app, tr("Submit this shape as your guess?"),
                                         tr("With sudden death a wrong guess puts you out of the game."),
                                         tr("Guess"), lambda: self.perform(text, self.viewer), no=tr("Not yet")))
            return
        if self.perform(text, self.viewer) and verb == "build":
            self.app.sound.play("stack")

    def refuted(self, copy: Builder) -> bool:
        """Refuse a copy already guessed wrong at the same target (every guess is public,
        CU-17): a second try tells nothing new. True if refused."""
        action = f"guess {copy.canonical()}"
        target = self.view["target"]
        wrong = [e for e in self.view["log"] if e["action"] == action and e.get("target") == target
                 and not e.get("correct")]
        if not wrong:
            return False
        if any(e["seat"] == self.viewer for e in wrong):
            self.refuse("you already guessed this shape, and it was not the one")
        else:
            self.refuse(tr("{who} already guessed this shape, and it was not the one.",
                           who=self.seat_name(wrong[0]["seat"])))
        return True

    def clear_selection(self) -> None:
        self.board.held = None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.reading_own_answers and event.type == pygame.KEYDOWN \
                and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.reading_own_answers = False  # read: now the screen may go to the next player
            return True
        if self.reading_left() > 0 and event.type == pygame.KEYDOWN \
                and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.ai_ready_at = self.app.time  # read: the computer may go on (as a click on the answers does)
            return True
        # a block held from the keyboard takes the arrows and Enter before the focus ring
        if self.board.handle_first(event):
            return True
        return super().handle_event(event)

    def on_event(self, event: pygame.event.Event) -> bool:
        if super().on_event(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover_q = self.question_at(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            q = self.question_at(event.pos)
            if q is not None:
                self.ask(q)
                return True
            if ANSWERS_BOX.collidepoint(event.pos) and self.reading_own_answers:
                self.reading_own_answers = False
                return True
            if ANSWERS_BOX.collidepoint(event.pos) and self.reading_left() > 0:
                self.ai_ready_at = self.app.time
                return True
        if event.type == pygame.KEYDOWN and self.on_key(event):
            return True
        return self.board.handle(event)

    def question_at(self, pos: tuple[int, int]) -> str | None:
        """The question under ``pos`` on the pad, which is drawn in the play phase only: while
        building, a click on the empty table where it will stand said 'You can ask only on
        your own turn.' on your own turn."""
        return self.pad.question_at(pos) if self.phase() == "play" else None

    def on_key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if event.mod & pygame.KMOD_SHIFT and key in LETTER_KEYS:
            self.ask(LETTER_KEYS[key])
            return True
        if key in DIGIT_KEYS and self.phase() == "play":
            self.ask(DIGIT_KEYS[key])
            return True
        if key == pygame.K_ESCAPE and self.board.held is None:
            if self.hint is not None or self.hinted_shape() is not None:
                self.drop_hint()  # dismissed, as Esc puts a held block back first; the menu next time
            else:
                self.open_menu()
            return True
        b = self.building()
        if key == pygame.K_g and b is not None:  # submit() says what is missing
            self.submit()
            return True
        return False

    # --- hints --------------------------------------------------------------------------
    def holds_hand_off(self) -> bool:
        return self.reading_own_answers

    def undo_refusal(self) -> str:
        """With blocks on the shape being built, Ctrl+Z was most likely meant for the block
        just placed: say, in one sentence, how to take blocks back instead (why no move can
        be taken back as well made a tooltip of two long sentences)."""
        b = self.building()
        if b is not None and b.placed and self.my_turn():
            return tr("Undo takes back no blocks: pick one up again, or Clear takes them all off.")
        return super().undo_refusal()

    def hint_spots(self, text: str) -> list[pygame.Rect]:
        w = text.split()
        if w[0] == "ask":
            return [self.pad.question_rect(w[1])]
        return [self.submit_button.rect]

    def hint_move(self, text: str) -> str:
        w = text.split()
        target = self.seat_name(self.view["target"]) if self.view.get("target") is not None else "?"
        if w[0] == "ask" and w[1].isdigit():
            return tr("Ask {target} about cell {q} from above.", target=target, q=w[1])
        if w[0] == "ask":
            return tr("Ask everyone for side {q}.", q=w[1])
        if w[0] == "build":
            return tr("Build your secret shape.")
        return tr("Guess {target}'s shape.", target=target)

    def hint_reason(self, text: str) -> str:
        if text.startswith("ask"):
            # "splits the shapes that are still possible best" read as if "best" were a shape
            return tr("Its answer narrows down the possible shapes the most.")
        if text.startswith("build"):  # your own secret: the normal level picks any legal shape
            return tr("Any legal shape will do for your secret; this is one. Build it or your own, then hide it (G).")
        left = self.shapes_left()
        if left == 1:
            return tr("Only this shape fits every answer so far: build it and guess.")
        return tr("{n} shapes still fit every answer; guessing one now beats asking more.", n=left) if left \
            else tr("The computer at normal level would guess this.")

    def on_hint(self, text: str) -> None:
        # kept until a move is made, not only while the hint's outline shows: building the
        # shape block by block takes longer than that
        self.hinted = (text, len(self.session.log.actions))
        if not text.startswith("ask"):
            self.focus_for_shape_hint(text.partition(" ")[2])

    def focus_for_shape_hint(self, shape: str) -> None:
        """A build or guess hint takes the keyboard focus to where following it starts: the
        Hide / Guess button once the shape on the board is the hinted one, else the first
        block still to place, else the first placed block (Enter lifts it to mend the shape).
        The focus stayed on a question of the pad, so Enter asked a question instead."""
        b = self.building()
        if b is None:
            return
        hinted = Builder(b.pieces)
        hinted.load(shape)
        ring = self.focus
        if b.canonical() is not None and b.canonical() == hinted.canonical():
            where = self.submit_button.rect  # enabled by now: a finished, legal shape
        else:
            boxes = [i for i, _ in self.board.tray_boxes()]
            where = self.board.tray_rect(boxes[0]) if boxes else self.board.placed_rect(0)
        stops = [i for i, item in enumerate(ring.items) if item.rect_of() == where]
        if stops:
            ring.index = stops[0]  # shown as it was: Enter, or a first Tab, starts there

    def request_hint(self) -> None:
        """H asks for a hint: the one shown so far goes at once, or its shape would stand for
        the answer being thought about (and stay if the new one is a question)."""
        self.drop_hint()
        super().request_hint()

    def drop_hint(self) -> None:
        """A hint is done with (a move was made or taken back, Esc, another hint asked for):
        its shape goes with its outline and message. It stayed until the next move."""
        super().drop_hint()
        self.hinted = None

    def hinted_shape(self) -> tuple[str, tuple[str, ...]] | None:
        """The shape the latest hint builds or guesses, with the pieces it is made of (None
        for a question, no hint, or once a move was made): the reasons say "this shape", so
        it must be in sight."""
        if self.hinted is None or self.hinted[1] != len(self.session.log.actions) or not self.my_turn():
            return None
        verb, _, shape = self.hinted[0].partition(" ")
        v = self.view
        if verb == "build" and v["phase"] == "build":
            return shape, tuple(v["pieces"][self.viewer])
        if verb == "guess" and v["phase"] == "play":
            return shape, tuple(v["pieces"][v["target"]])
        return None

    def landing_words_span(self) -> tuple[int, int] | None:
        """While a hint's shape shows, a held block's landing words go right of it, up to the
        question pad (the side panel while building): centred over the board they ran under
        the shape, which hid their first words."""
        if self.hinted_shape() is None:
            return None
        return self.hint_area().right + 8, self.TOAST_RIGHT if self.phase() == "play" else PANEL_RECT.x - 12

    def hint_area(self) -> pygame.Rect:
        """Where the hint's shape (its foundation and the tops of its blocks) and its caption
        are drawn."""
        iso = shape_view(HINT_CENTRE, HINT_TILE, self.board.rotation, labels=False)
        hinted = self.hinted_shape()
        cubes = ()
        if hinted is not None:
            b = Builder(hinted[1])
            b.load(hinted[0])
            cubes = b.occupied()
        area = iso.extent(cubes)
        return area.union(self.hint_caption_rect()).inflate(8, 8)

    @staticmethod
    def hint_caption() -> list[tuple[str, pygame.Rect]]:
        """The hint's caption, line by line with where each goes: under the shape, clear of
        the board's left corner (German 'Die Form aus dem Tipp' reached it)."""
        text = tr("The hint's shape")
        lines = theme.wrap(text, 14, HINT_CAPTION_WIDTH, bold=True)
        while len(lines) > 1:  # even lines ('Die Form / aus dem Tipp', not 'Die Form aus dem / Tipp')
            widest = max(theme.font(14, True).size(line)[0] for line in lines)
            narrower = theme.wrap(text, 14, widest - 1, bold=True)
            if len(narrower) > len(lines):
                break
            lines = narrower
        top = int(shape_view(HINT_CENTRE, HINT_TILE, labels=False).extent().bottom) + 4
        placed = []
        for line in lines:
            rect = theme.render(line, 14, theme.SKY, bold=True).get_rect(topleft=(HINT_CAPTION_LEFT, top))
            placed.append((line, rect))
            top = rect.bottom
        return placed

    def hint_caption_rect(self) -> pygame.Rect:
        rects = [rect for _, rect in self.hint_caption()]
        return rects[0].unionall(rects[1:])

    def draw_hint(self, surface: pygame.Surface) -> None:
        super().draw_hint(surface)  # outlines, and drops a hint that is too old
        hinted = self.hinted_shape()
        if hinted is None:
            return
        shape, pieces = hinted
        draw_shape(surface, shape, pieces, HINT_CENTRE, HINT_TILE, self.board.rotation, labels=False)
        for line, rect in self.hint_caption():
            theme.draw_text(surface, line, rect.topleft, 14, theme.SKY, bold=True)

    def shapes_left(self) -> int | None:
        """How many shapes of the target still fit every public answer and wrong guess
        (None when there are too many to count quickly)."""
        from game.ai.cube_solver import Candidates, facts_about
        v = self.view
        target = v.get("target")
        if target is None:
            return None
        facts, wrong = facts_about(v, target)
        return Candidates(v["pieces"][target], facts, wrong, random.Random(0), 200, seconds=0.2).count

    # --- narration ----------------------------------------------------------------------
    def notes_for_log(self) -> bool:
        """Answers go into the shared game log only if no human plays from memory."""
        humans = self.session.humans or [0]
        return all(self.session.view(h)["notes"] for h in humans)

    def opening_lines(self, view: dict, first: int | None) -> list[tuple[int | None, str]]:
        if view["phase"] != "play":
            return []  # everyone builds a shape first: nobody goes first yet
        # the shapes were set before the first move (at random, or by a test's setup): no build
        # phase to narrate its end
        if view["options"].get("build") == "random":
            return [(None, tr("The computer built every secret shape at random. Round 1 begins."))]
        return [(None, tr("Every shape is hidden. Round 1 begins."))]

    def narrate(self, seat: int, text: str, before: dict, after: dict) -> list[str | tuple[int | None, str]]:
        who = self.seat_name(seat)
        new = after["log"][len(before["log"]):]
        entry = new[-1] if new else {}
        verb = text.split()[0]
        lines: list[str] = []
        if verb == "build":
            lines.append(tr("{who} built a secret shape.", who=who))
        elif verb == "ask":
            q = text.split()[1]
            if q.isdigit():
                target = entry.get("target", 0)
                line = (tr("{who} asked you about cell {q} from above.", who=who, q=q)
                        if target == self.perspective else
                        tr("{who} asked {target} about cell {q} from above.", who=who,
                           target=self.seat_name(target), q=q))
                if self.notes_for_log():
                    line += " " + tr("Answer: {a}.", a=entry.get("answer") or tr("empty"))
            else:
                line = tr("{who} asked everyone for side {q}.", who=who, q=q)
                if self.notes_for_log():
                    parts = [f"{self.seat_name(i)} " + "/".join(x or "-" for x in ans)
                             for i, ans in enumerate(entry.get("answers", []))]
                    line += " " + "; ".join(parts)
            lines.append(line)
        elif verb == "guess":
            ok = entry.get("correct")
            result = tr("right") if ok else tr("wrong")
            target = entry.get("target", 0)
            lines.append(tr("{who} guessed your shape: {result}.", who=who, result=result)
                         if target == self.perspective else
                         tr("{who} guessed {target}'s shape: {result}.", who=who,
                            target=self.seat_name(target), result=result))
            if entry.get("eliminated"):
                lines.append(tr("You are out (sudden death).") if seat == self.perspective else
                             tr("{who} is out (sudden death).", who=who))
        if after["phase"] == "play" and before["phase"] == "build":
            lines.append((None, tr("Every shape is hidden. Round 1 begins.")))  # nobody's move: no seat mark
        if after["phase"] == "over" and before["phase"] != "over":
            winners = after["winners"]  # the banner says "Game over": this line says who won
            lines.append((None, endings.outcome_sentence(self.seat_name, winners, self.perspective)
                          if winners else tr("Nobody found a shape in time.")))
        return lines

    def on_applied(self, seat: int, text: str, before: dict, after: dict) -> None:
        # memory play at a shared screen: the asker reads the answers before the hand-off hides them
        self.reading_own_answers = text.startswith("ask") and seat == self.viewer and not after["notes"] \
            and self.shares_secrets() and after["phase"] == "play"
        if text.startswith("guess"):
            entry = after["log"][-1]
            right = bool(entry.get("correct"))
            if seat == self.viewer:
                verdict = tr("Correct!") if right else tr("Wrong")
            else:  # another player's guess: whose it was, or a lone "Wrong" reads as yours
                who = self.seat_name(seat)
                verdict = tr("{who}: correct", who=who) if right else tr("{who}: wrong", who=who)
            self.stamp = (verdict, right, STAMP_TIME)
            self.app.sound.play("stack" if entry.get("correct") else "illegal")

    def pause_after(self, text: str) -> float:
        pause = super().pause_after(text)
        if text.startswith("ask") and self.people_at_table() and not self.view["notes"]:
            pause = max(pause, READING_TIME)
        return pause

    def people_at_table(self) -> bool:
        """Someone plays by hand (not spectating, not autoplay)."""
        return any(not self.is_bot(s) for s in range(len(self.session.seats)))

    def reading_left(self) -> float:
        """Seconds the AI still holds back so the latest answers can be read (0: none)."""
        if not self.people_at_table() or self.view["notes"] or self.session.is_over():
            return 0.0
        current = self.session.current_player
        if current is None or not self.is_bot(current):
            return 0.0
        return max(0.0, self.ai_ready_at - self.app.time)

    @property
    def animating(self) -> bool:
        return self.stamp is not None

    def finish_animation(self) -> None:
        self.stamp = None

    def result_lines(self) -> list[str]:
        v = self.session.view(self.viewer)
        asks = [sum(1 for e in v["log"] if e["seat"] == s and e["action"] != "build") for s in range(len(v["built"]))]
        winners = self.session.state.winners()
        lines = []
        for s in self.standings():  # in the ranking's order above these lines, the winner first
            if v["solved"][s]:
                state = tr("found the shape")
            elif v["eliminated"][s]:
                state = tr("out")
            elif s in winners:  # sudden death: everybody else guessed wrong (CU-14)
                state = tr("last player standing")
            else:
                state = tr("not found")
            who = self.seat_name(s)
            lines.append(tr("{who}: {state} after 1 turn", who=who, state=state) if asks[s] == 1 else
                         tr("{who}: {state} after {n} turns", who=who, state=state, n=asks[s]))
        return lines

    def bench_step(self, frame: int) -> None:
        if frame % 15 == 0:
            self.board.turn(1)  # measure frames while the view keeps turning

    # --- frame --------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.stamp is not None:
            text, ok, left = self.stamp
            left -= dt
            self.stamp = (text, ok, left) if left > 0 else None
        b = self.building()
        label = tr("Hide my shape (G)") if self.phase() == "build" else tr("Guess this shape (G)")
        if self.submit_button.text != label:
            self.submit_button.set_text(label)
            self.submit_button.tip = tr("G: hide this shape; the others ask questions to find it out") \
                if self.phase() == "build" else guess_tip()
        ready = b is not None and not b.tray and b.problem() is None and self.my_turn()
        self.keep_copies()
        self.submit_button.enable() if ready else self.submit_button.disable()
        self.clear_button.enable() if b is not None and b.placed else self.clear_button.disable()
        # nothing left to build or guess (the reveal, or out with sudden death): no greyed-out buttons
        over = self.phase() == "over" or (self.phase() == "play" and self.view["eliminated"][self.viewer])
        for button in (self.submit_button, self.clear_button):
            if button.visible == over:
                button.hide() if over else button.show()
        super().update(dt)

    def keep_copies(self) -> None:
        """Save the copies being built with the game when they change: they are each
        player's deduction work, carried across turns and over a Continue. So are the
        blocks of a secret shape not yet hidden (closing the window while building it lost
        them); once hidden, the shape is in the record itself."""
        before = self.session.notes.get("cube_copies")
        copies = dict(before) if isinstance(before, dict) else {}  # seats not yet back at the screen keep theirs
        for seat, b in self.replicas.items():
            if b.placed:
                copies[str(seat)] = b.saved()
            else:
                copies.pop(str(seat), None)
        before_secrets = self.session.notes.get("cube_secrets")
        secrets = {}
        if self.phase() == "build":
            secrets = dict(before_secrets) if isinstance(before_secrets, dict) else {}
            for seat, b in self.secret_builders.items():
                if b.placed and not self.view["built"][seat]:
                    secrets[str(seat)] = b.saved()
                else:
                    secrets.pop(str(seat), None)
        if (copies != (before or {}) or secrets != (before_secrets or {})) and not self.replaying:
            self.session.notes["cube_copies"] = copies
            if secrets:
                self.session.notes["cube_secrets"] = secrets
            else:
                self.session.notes.pop("cube_secrets", None)
            if self.saves_game:
                self.app.autosave(self.session.to_record())

    def draw_scene(self, surface: pygame.Surface) -> None:
        v = self.view
        self.draw_seats(surface)
        if v["phase"] == "over" and v.get("secrets"):
            self.draw_reveal(surface)
        else:
            self.draw_board(surface)
            if v["phase"] == "play":
                self.draw_pad(surface)
                self.draw_latest(surface)
                self.draw_own_secret(surface)
        self.draw_prompt(surface)
        self.draw_panel(surface)
        self.draw_stamp(surface)

    def draw_seats(self, surface: pygame.Surface) -> None:
        v = self.view
        x = 20
        for s in range(v["num_players"]):
            draw.marker(surface, theme.seat_shape(s), (x + 10, 22), 9, self.seat_colour(s))
            state = tr("solved") if v["solved"][s] else tr("out") if v["eliminated"][s] else (
                tr("not solved") if v["phase"] == "over" else tr("built") if v["built"][s] else tr("building"))
            label = f"{self.seat_name(s)}: {state}"
            r = theme.draw_text(surface, label, (x + 26, 12), 16, theme.TEXT, bold=(s == v["current_player"]))
            x = r.right + 28
        # the round stands once, at the top of the status panel ("Round 1" stood here too)

    @staticmethod
    def may_outlast(v: dict) -> bool:
        """Under sudden death (CU-14) the seat to move can win without a right guess as the
        last one left in: only while every other seat still in plays after it in this round
        (one that has played its last turn stays in; a right guesser stays in too, so after
        a right guess this is never so)."""
        if not v["options"].get("sudden_death"):
            return False
        n, first, me = v["num_players"], v["first_player"], v["current_player"]
        place = (me - first) % n
        return all((s - first) % n > place for s in range(n) if s != me and not v["eliminated"][s])

    def draw_prompt(self, surface: pygame.Surface) -> None:
        v = self.view
        if v["phase"] == "over":
            text = tr("Every secret shape is revealed.")
        elif self.reading_own_answers:
            text = tr("Take in the answers, then press Enter (or click them) to pass the screen on.")
        elif not self.my_turn() or self.replaying:  # a replay asks for no move
            text = self.playing_text(v["current_player"])
        elif v["phase"] == "build" and self.keys_in_use():
            text = tr("Build your secret shape: Tab to a block, press Enter, move it with the arrows, Enter "
                      "to place. R, T and F turn it, tip it up and turn it over.")
        elif v["phase"] == "build":
            text = tr("Build your secret shape: drag blocks onto the grid. A block's R, T and F buttons "
                      "(or keys) turn it, tip it up and turn it over.")
        elif v["end_triggered"]:  # CU-13: the round is being played out, a question can no longer help
            found = ", ".join(self.seat_name(s) for s in range(v["num_players"]) if v["solved"][s])
            text = tr("Right guess by {who}: this is your last turn. Only a right guess of {target}'s "
                      "shape makes you a winner too.", who=found, target=self.seat_name(v["target"]))
        elif v["round"] >= v["options"]["max_rounds"] and self.may_outlast(v):  # CU-14 can still decide it
            text = tr("Round {n} is the last one: this is your last turn. A right guess of {target}'s shape wins; "
                      "so does staying in if every player after you guesses wrong.",
                      n=v["round"], target=self.seat_name(v["target"]))
        elif v["round"] >= v["options"]["max_rounds"]:  # CU-15: after this round nobody can win
            text = tr("Round {n} is the last one: this is your last turn. Only a right guess of {target}'s "
                      "shape can still win the game.", n=v["round"], target=self.seat_name(v["target"]))
        else:
            text = tr("Ask a question on the pad, or build {target}'s shape and guess it.",
                      target=self.seat_name(v["target"]))
        size = 18  # two lines fit above the board: a longer translation steps down instead of being cut
        lines = theme.wrap(text, size, 600)
        while len(lines) > 2 and size > 13:
            size -= 1
            lines = theme.wrap(text, size, 600)
        for i, line in enumerate(lines[:2]):
            theme.draw_text(surface, line, (20, 44 + 24 * i), size, theme.TEXT)

    def draw_board(self, surface: pygame.Surface) -> None:
        title = None
        who = self.seat_name(self.viewer)
        if self.phase() == "build":
            title = tr("{who}'s secret shape (hidden from everyone)", who=who) if self.showing_a_bot else \
                tr("Your secret shape (hidden from everyone)")
        elif self.phase() == "play":
            target = self.seat_name(self.view["target"])
            if not self.showing_a_bot and self.view["eliminated"][self.viewer]:
                title = tr("You are out: your wrong guess at {target}'s shape", target=target)
            elif not self.showing_a_bot:
                title = tr("Your copy of {target}'s shape", target=target)
            elif self.view["target"] == self.perspective:  # watching a seat whose target is you
                title = tr("{who}'s copy of your shape", who=who)
            else:
                title = tr("{who}'s copy of {target}'s shape", who=who, target=target)
        self.board.draw(surface, title)

    def pad_notes(self) -> tuple[dict[str, str | None], dict[str, list[str | None]], set[str]]:
        """Answers about the viewer's target to write on the pad; with memory play only the
        latest turn's. Also the questions of the latest turn (highlighted)."""
        v = self.view
        target = v["target"]
        entries = [e for e in v["log"] if e["action"].startswith("ask")]
        fresh: set[str] = set()
        latest = v["log"][-1] if v["log"] else {}
        # marked only if its answer is about the target (a side: everyone answers); another
        # seat's cell question is about its own target, and the ring would circle an old note
        if latest.get("action", "").startswith("ask") and latest.get("target", target) == target:
            fresh.add(latest["action"].split()[1])
        if not v["notes"]:
            entries = entries[-1:] if v["log"] and v["log"][-1]["action"].startswith("ask") else []
        cells: dict[str, str | None] = {}
        letters: dict[str, list[str | None]] = {}
        for e in entries:
            q = e["action"].split()[1]
            if q.isdigit():
                if e.get("target") == target:
                    cells[q] = e.get("answer")
            else:
                letters[q] = e["answers"][target]
        return cells, letters, fresh

    def draw_pad(self, surface: pygame.Surface) -> None:
        v = self.view
        cells, letters, fresh = self.pad_notes()
        heading = (self.pad.rect.x, self.pad.rect.y - 30)
        if self.hover_q and self.can_ask():  # what the pointed question asks, where the heading stands
            theme.draw_text(surface, describe_question(self.hover_q, self.seat_name(v["target"])), heading, 14,
                            theme.YELLOW, max_width=300)
        else:
            theme.draw_text(surface, tr("Ask a question") if self.can_ask() else tr("Questions"), heading, 18,
                            theme.TEXT_DIM, bold=True)
        if v["notes"] and not (self.hover_q and self.can_ask()):  # the question's wording needs the room
            # the option's own name, as the status panel says it ("notes on" named no option)
            theme.draw_text(surface, tr("note sheet on"), (self.pad.rect.right, self.pad.rect.y - 28), 14,
                            theme.GOOD_TEXT, anchor="topright")
        self.pad.draw(surface, self.can_ask(), self.hover_q, cells, letters, COLOURS, fresh)

    def draw_latest(self, surface: pygame.Surface) -> None:
        """The answers of the latest turn, every seat's for a side question."""
        v = self.view
        box = ANSWERS_BOX
        draw.panel(surface, box, theme.PANEL, edge=None, radius=8)
        if self.reading_own_answers:  # these answers go when the screen is passed on: read them now
            pulse = 2 + int(2 * (1 + math.sin(self.app.time * 5)))
            draw.glow(surface, box, colour=theme.GLOW_ALT, pulse=pulse / 4)
        left = self.reading_left()
        if left > 0:  # a shrinking bar: how long the answers stay before the AI moves on
            width = int((box.w - 16) * min(1.0, left / READING_TIME))
            pygame.draw.rect(surface, theme.GLOW_ALT, (box.x + 8, box.bottom - 8, width, 4), border_radius=2)
        if not v["log"] or not v["log"][-1]["action"].startswith(("ask", "guess")):
            theme.draw_text(surface, tr("Answers appear here."), (box.x + 12, box.y + 10), 16, theme.TEXT_DIM)
            return
        e = v["log"][-1]
        who = self.seat_name(e["seat"])
        q = e["action"].split()[1]
        if e["action"].startswith("guess"):
            self.draw_latest_guess(surface, e, who)
            return
        if q.isdigit():
            theme.draw_text(surface, tr("{who} asked about cell {q}:", who=who, q=q), (box.x + 12, box.y + 10), 16,
                            max_width=box.w - 24)
            # what the swatch shows, said of the shape asked about ("Seat 2 (AI) sees from above"
            # read as if the seat were looking at something)
            seen = tr("On top of cell {q} in your shape:", q=q) if self.at_screen(e["target"]) else \
                tr("On top of cell {q} in {t}'s shape:", q=q, t=self.seat_name(e["target"]))
            y = box.y + 38
            for part in theme.wrap(seen, 16, box.w - 24):
                theme.draw_text(surface, part, (box.x + 12, y), 16, theme.TEXT_DIM, max_width=box.w - 24)
                y += 22
            chip = pygame.Rect(box.x + 12, y + 4, 52, 30)
            swatch(surface, chip, e["answer"], COLOURS)
            if e["answer"] is None:  # the crossed box alone read as an answer still to come
                theme.draw_text(surface, tr("empty"), (chip.right + 10, chip.centery), 16, anchor="midleft")
            return
        theme.draw_text(surface, tr("{who} asked for side {q}:", who=who, q=q),
                        (box.x + 12, box.y + 6), 15, max_width=box.w - 24)
        # the levels name their own columns: as "(bottom, middle, top)" after the question the
        # line was some 350 px (German 410) in 306 and shrank to 11 px at every reading size
        for lvl, name in enumerate((tr("bottom"), tr("middle"), tr("top"))):
            theme.draw_text(surface, name, (box.x + ANSWER_X + lvl * ANSWER_STEP + 25, box.y + 28), 13,
                            theme.TEXT_DIM, anchor="midtop", max_width=ANSWER_STEP - 2)
        if any(None in ans for ans in e["answers"]):  # over the seat names, on the level names' line
            empty_key(surface, pygame.Rect(box.x + 12, box.y + 28, ANSWER_X - 12 - 4, 18), 13)
        pitch = min(32, (box.h - 10 - ANSWER_TOP) // len(e["answers"]))  # four seats clear of the reading bar
        for s, ans in enumerate(e["answers"]):
            y = box.y + ANSWER_TOP + s * pitch
            theme.draw_text(surface, self.seat_name(s), (box.x + 12, y + 4), 15, theme.TEXT_DIM, max_width=130)
            for lvl, pid in enumerate(ans):
                swatch(surface, pygame.Rect(box.x + ANSWER_X + lvl * ANSWER_STEP, y, 50, 26), pid, COLOURS)

    def draw_latest_guess(self, surface: pygame.Surface, entry: dict, who: str) -> None:
        """A guess and the shape guessed: every guess is public (CU-17), and the shape tells
        everyone what that target's shape is not."""
        box = ANSWERS_BOX
        target = entry.get("target", 0)
        result = tr("right") if entry.get("correct") else tr("wrong")
        line = tr("{who} guessed your shape: {result}.", who=who, result=result) if self.at_screen(target) else \
            tr("{who} guessed {target}'s shape: {result}.", who=who, target=self.seat_name(target), result=result)
        for i, part in enumerate(theme.wrap(line, 16, 150)):  # beside the shape
            theme.draw_text(surface, part, (box.x + 12, box.y + 10 + 22 * i), 16, max_width=150)
        shape = entry["action"].split(" ", 1)[1]
        draw_shape(surface, shape, tuple(self.view["pieces"][target]), GUESS_CENTRE, GUESS_TILE,
                   self.board.rotation, labels=False)

    def at_screen(self, seat: int) -> bool:
        """Whether ``seat`` is the person looking at the screen: the one human playing the
        computer, or in pass-and-play the human the screen was handed to (boxes that show
        only the latest turn talk to them; the log, read by everyone, does not)."""
        if self.perspective is not None:
            return seat == self.perspective
        return seat == self.viewer and self.session.is_human(seat) and not self.spectating

    def draw_own_secret(self, surface: pygame.Surface) -> None:
        secret = self.view.get("my_secret")
        if not secret:
            return
        draw_shape(surface, secret, tuple(self.view["pieces"][self.viewer]), SECRET_CENTRE, SECRET_TILE,
                   self.board.rotation, labels=False)
        label = tr("{who}'s hidden shape", who=self.seat_name(self.viewer)) if self.showing_a_bot else \
            tr("Your hidden shape")
        # above the highest point a three-level shape can reach, so a tall block never runs into it
        iso = IsoView(SECRET_CENTRE, tile=SECRET_TILE)
        top = min(iso.project(x, y, 3)[1] for x in (0, 3) for y in (0, 3))
        theme.draw_text(surface, label, (SECRET_CENTRE[0], int(top) - 2), 14, theme.TEXT_DIM, anchor="midbottom")

    def revealed_cubes(self) -> list[list[Cube]]:
        """Each seat's revealed shape as its cubes (none for a seat without one)."""
        v = self.view
        shapes = []
        for s, text in enumerate(v["secrets"]):
            b = Builder(tuple(v["pieces"][s]))
            if text:
                b.load(text)
            shapes.append(list(b.occupied()))
        return shapes

    def reveal_layout(self) -> list[Spot]:
        """Where each revealed shape stands (see reveal_spots), worked out once for the shapes
        on show: each of the reveal and the verdict over it took some 2 ms a frame for it."""
        v = self.view
        key = (tuple(v["secrets"]), tuple(tuple(p) for p in v["pieces"]))
        if self._reveal is None or self._reveal[0] != key:
            self._reveal = (key, reveal_spots(self.revealed_cubes()))
        return self._reveal[1]

    def draw_reveal(self, surface: pygame.Surface) -> None:
        v = self.view
        n = v["num_players"]
        for s, spot in enumerate(self.reveal_layout()):
            text = v["secrets"][s]
            if not text:
                continue
            draw_shape(surface, text, tuple(v["pieces"][s]), spot.centre, spot.tile, self.board.rotation)
            mine = s == self.perspective
            label = tr("Your shape") if mine else tr("{who}'s shape", who=self.seat_name(s))
            box = spot.caption
            theme.draw_text(surface, label, box.midtop, 18, theme.TEXT, bold=True, anchor="midtop", max_width=box.w)
            # who searched this shape and whether they found it: "You found your target's shape."
            # stood under your own shape, next to the shape it meant, and read as if yours was found
            seeker = (s - 1) % n  # each seat questions the seat on its left (CU-1)
            found = tr("{who} found this shape.", who=self.seat_name(seeker)) if v["solved"][seeker] else \
                tr("{who} did not find this shape.", who=self.seat_name(seeker))
            colour = theme.GOOD_TEXT if v["solved"][seeker] else theme.TEXT_DIM
            for i, line in enumerate(theme.wrap(found, 15, box.w)[:2]):  # four seats: two lines, not 10 px
                theme.draw_text(surface, line, (box.centerx, box.y + 26 + 20 * i), 15, colour, anchor="midtop",
                                max_width=box.w)

    def draw_stamp(self, surface: pygame.Surface) -> None:
        if self.stamp is not None:
            text, ok, left = self.stamp
            if self.view["phase"] == "over" and self.view.get("secrets"):  # clear of the revealed shapes
                centre = stamp_centre(self.reveal_layout())
                draw_verdict(surface, text, ok, 1 - left / STAMP_TIME, centre, radius=38)
            else:
                draw_verdict(surface, text, ok, 1 - left / STAMP_TIME, (480, 330))

    def draw_status(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        v = self.view
        # once over, the banner above says "Game over": this line says when (it said it again)
        lines = [tr("Build phase") if v["phase"] == "build" else tr("Round {n}", n=v["round"])
                 if v["phase"] == "play" else tr("Ended in round {n}", n=v["round"])]
        opts = v["options"]
        flags = []
        blocks = opts.get("blocks")
        counts = set(blocks) if isinstance(blocks, list | tuple) else {blocks}  # a list: one per seat
        if len(counts) > 1:  # a handicap
            flags.append(tr("blocks per seat: {counts}", counts="/".join(map(str, blocks))))
        elif counts - {3, None}:
            flags.append(tr("brain-burner blocks"))
        # named as the set-up names the option: a bare "notes" or "memory play" said nothing
        flags.append(tr("note sheet on") if v["notes"] else tr("no note sheet: play from memory"))
        if opts.get("sudden_death"):
            flags.append(tr("sudden death"))
        lines.append(", ".join(flags))
        lines.append(tr("Q/E turn the view.") if self.spectating or self.replaying or v["phase"] != "play"
                     else tr("Q/E turn the view. Ask: a digit, or Shift+letter."))
        def wrapped(size: int) -> list[tuple[int, str]]:
            return [(i, part) for i, line in enumerate(lines) for part in theme.wrap(line, size, rect.width)]
        room = LOG_RECT.y - 24 - rect.y  # down to the "Game log" heading
        size, step = 15, 22
        parts = wrapped(size)
        if len(parts) * step > room:  # the options make it long: smaller text
            size, step = 13, 18
            parts = wrapped(size)
            if len(parts) * step > room:  # still too long: the keys are in the rules page
                lines.pop()
                parts = wrapped(size)
        y, drawn = rect.y, []
        for i, part in parts:
            drawn.append(theme.draw_text(surface, part, (rect.x, y), size, theme.TEXT if i == 0 else theme.TEXT_DIM))
            y += step
        self.status_rect = lines_rect(drawn)  # the Hint button's tip keeps off it
