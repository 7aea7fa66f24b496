"""New-game setup: number of players, each seat Human or AI (an AI seat's level on a
button beside it), every visible option of the game (built from its OptionSpecs), an
optional seed. An option that may differ per seat (a handicap) also offers "per seat":
then each seat row gets a small button of its own for it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui

from game import storage
from game.core.options import OptionSpec, PerSeatOption
from game.i18n import tr, tr_message
from game.rules import get_rules
from game.scenes.base import AppScene, back_to_title_tip, heading
from game.scenes.setup_memory import PER_SEAT, SEAT_VALUES, restore_setup, setup_record
from game.scenes.tables import table_class
from game.session import GameSession
from game.storage import AI_LEVELS
from game.ui import draw, theme
from game.ui.buttons import LabelButton, draw_centred
from game.ui.focus import Focusable
from game.ui.seat_style import seat_colour

SEAT_KINDS = ["human", "ai"]  # a seat's button; an AI seat's level has a button of its own
# a seat button beside its level and per-seat buttons: "Spieler 4: Mensch" (113 px) still fits,
# and with Break the Cube's two per-seat buttons the row keeps inside the Players column
SEAT_BUTTON_MIN = 132
LEVEL_MARGIN = 8  # each side of the widest level word ("schwer") on its button
LEVEL_WIDE = 110  # a level button's width where the row has room
# a level button that appeared under the pointer (a person's seat clicked where the level
# goes) is not pressed by a click this soon after at that spot: it was meant for the seat
# button, as the first one was (a double click's time)
LEVEL_SETTLE = 0.5
STILL = 4  # px the pointer may drift and still be "where it was"


def int_choices(spec) -> list:
    """Values a whole-number option cycles through: its own presets if it names them, else
    every value for small ranges and a few round numbers for big ones (plus the default,
    and blank when allowed)."""
    low = spec.minimum if spec.minimum is not None else 0
    high = spec.maximum if spec.maximum is not None else 10
    if spec.extra.get("presets"):
        values = [v for v in spec.extra["presets"] if low <= v <= high]
        if isinstance(spec.default, int) and spec.default not in values:
            values = sorted([*values, spec.default])
    elif high - low <= 20:
        values: list = list(range(low, high + 1))
    else:
        presets = {low, high, 5, 10, 12, 16, 20, 30, 40, 60, 100}
        if isinstance(spec.default, int):
            presets.add(spec.default)
        values = sorted(v for v in presets if low <= v <= high)
    if spec.default is None or spec.allow_none:
        values = [None, *values]
    return values

EDIT_KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END)


def choice_label(value: Any) -> str:
    """How an option's choice reads on its button: "first_game" is "first game"."""
    return tr(str(value).replace("_", " "))


HINT_WIDTH = 460  # the Players column's room, left of the Options column at x=620


COLUMN_SPLIT = 560  # between the players' column (to x 498) and the options' (from x 620)


class SetupScene(AppScene):
    # messages (a tutorial or an option that cannot start) go over the heading, where no
    # button is: at the bottom a two-line message covered Start game and its neighbours
    toast_top = 8
    toast_min_height = 88  # covers the whole heading, not the top half of its letters
    toast_max_height = 114  # ends above the focus ring of the first buttons at y=130
    # a seat's AI level tip dropped over First player, the row 20 px under it
    tips_keep_off_buttons = True

    def __init__(self, app, game: str) -> None:
        super().__init__(app)
        self.game = game
        self.rules = get_rules(game)
        self.hides_secrets = table_class(game).hidden_information  # pass and play needs hand-offs
        self.set_defaults()
        # the set-up this game was last started with: friends who play together keep their seats
        remembered, problem = storage.load_setup(app.dirs, game)
        restore_setup(self, remembered)
        if problem:
            self.show_toast(problem, 8)
        self.seed_text = ""
        # a level button that just appeared under the pointer: (seat, when, where the pointer was)
        self.level_appeared: tuple[int, float, tuple[int, int]] | None = None

    def set_defaults(self) -> None:
        """Seats, levels and options as a first game starts them."""
        self.num_players = self.rules.min_players
        # each seat's AI level, kept while a person takes the seat: a seat made AI again gets
        # back the level it had, one never AI the default level from the settings
        self.ai_levels = [self.app.settings.ai_level] * self.rules.max_players
        self.seats = ["human"] + [f"ai:{level}" for level in self.ai_levels[1:]]
        self.options: dict[str, Any] = {s.name: s.default for s in self.rules.options
                                        if not s.hidden}
        # each seat's own value of every per-seat option, kept while "per seat" is off again
        self.seat_values: dict[str, list[Any]] = {s.name: [s.default] * self.rules.max_players
                                                  for s in self.rules.options
                                                  if isinstance(s, PerSeatOption) and not s.hidden}
        self.first_player: int | None = None

    def enter(self) -> None:
        n = self.num_players
        x, y = 140, 130
        chips = [(spec, *self.seat_button_text(spec)) for spec in self.rules.options if self.set_per_seat(spec)]
        # the seat button makes room for its level and the per-seat buttons; if that is not
        # enough the column grows towards the Options column, its other buttons with it
        level_least = max(theme.font(14).size(tr(level))[0] for level in AI_LEVELS) + 2 * LEVEL_MARGIN
        chips_w = sum(w + 8 for *_, w in chips)
        # the level takes what the seat button can spare, up to LEVEL_WIDE: squeezed to its
        # word beside a 254 px "Seat 2: AI" it looked like a stray tag, not a button
        level_w = max(level_least, min(LEVEL_WIDE, 320 - 8 - chips_w - SEAT_BUTTON_MIN))
        seat_w = max(SEAT_BUTTON_MIN, 320 - level_w - 8 - chips_w)
        col_w = max(360, 40 + seat_w + 8 + level_w + chips_w)
        self.cycle_button((x, y, col_w, 40), list(range(self.rules.min_players, self.rules.max_players + 1)),
                          lambda v: tr("{n} players", n=v), n, self._set_players, prefix=tr("Players: "))
        players_stop = self.focus.items[-1]
        self.seat_rows: list[tuple[int, int]] = []
        self.level_buttons: list[LabelButton] = []
        self.seat_buttons: list[LabelButton] = []
        # a person's seat has no level: its button takes the level's room too, to the same
        # right edge as an AI seat's level (a gap there looked like a button gone missing)
        self.seat_widths = (seat_w, seat_w + 8 + level_w)
        for i in range(n):
            sy = y + 60 + i * 50
            self.seat_rows.append((x, sy))
            kind, _, level = self.seats[i].partition(":")
            if level in AI_LEVELS:  # the seat as it is, however it was set
                self.ai_levels[i] = level
            self.seat_buttons.append(self.cycle_button(
                (x + 40, sy, seat_w, 40), SEAT_KINDS, lambda v: tr("Human") if v == "human" else tr("AI"),
                kind, lambda v, i=i: self._set_kind(i, v), prefix=tr("Seat {n}: ", n=i + 1)))
            # Left / Right change the ring's choice, as everywhere: on a seat, who plays it, the
            # computer's levels included (they cannot move the ring over to the level button)
            seat_stop = self.focus.items[-1]
            seat_stop.on_left = lambda i=i: self.step_seat(i, -1)
            seat_stop.on_right = lambda i=i: self.step_seat(i, 1)
            if i == 0:  # Down from Players: the row under its left end, not a level nearer its middle
                players_stop.exits[(0, 1)] = seat_stop
            level_button = self.cycle_button((x + 48 + seat_w, sy, level_w, 40), list(AI_LEVELS), tr,
                                             self.ai_levels[i], lambda v, i=i: self._set_level(i, v))
            level_button.tip = tr("How well the computer plays this seat")
            self.level_buttons.append(level_button)
            self.show_level(i)
            cx = x + 56 + seat_w + level_w
            for spec, prefix, w in chips:
                values, label = self.option_values(spec)
                self.cycle_button((cx, sy, w, 40), values, label, self.seat_values[spec.name][i],
                                  lambda v, name=spec.name, i=i: self.seat_values[name].__setitem__(i, v),
                                  prefix=prefix)
                cx += w + 8
        fy = y + 60 + n * 50 + 10
        self.first_button = self.cycle_button((x, fy, col_w, 40), [None, *range(n)], self.first_label,
                                              self.first_player if (self.first_player or 0) < n else None,
                                              self._set_first, prefix=tr("First player: "))
        first_stop = self.focus.items[-1]
        first_stop.exits[(0, -1)] = seat_stop  # Up: the last seat's button, over its left end
        ox, oy = 620, 130
        self.option_help: list[tuple[int, list[str]]] = []
        for spec in self.rules.options:
            if not self.offered(spec) or spec.kind not in ("bool", "choice", "int"):
                continue
            values, label = self.option_values(spec)
            if spec.name in self.seat_values:
                values = [*values, PER_SEAT]
                label = lambda v, one=label: tr("per seat") if v == PER_SEAT else one(v)  # noqa: E731
            self.cycle_button((ox, oy, 520, 40), values, label, self.options[spec.name],
                              lambda v, spec=spec: self._set_option(spec, v), prefix=f"{tr(spec.label)}: ")
            help_text = spec.extra.get("seat_help", spec.help) if self.set_per_seat(spec) else spec.help
            lines = theme.wrap(tr(help_text), 14, 520)
            self.option_help.append((oy + 48, lines))  # below the focus ring round the button
            oy += 60 + 18 * len(lines)  # and the next button's ring below the help
        self.seed_label = pygame.Rect(ox, oy + 10, 200, 32)  # drawn in draw_scene (sharp when scaled)
        # pygame_gui edits the seed but draws its text and caret in the background colour
        # (theme "#seed_entry"); draw_widgets draws them with draw_text, sharp when scaled
        self.seed_entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(ox + 210, oy + 10, 200, 36),
                                                              manager=self.ui, object_id="#seed_entry")
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(12)
        self.seed_entry.set_text(self.seed_text)
        # for the arrows the seed is its whole row, words and field: Up from Start game under
        # the words went past it to the last option
        self.seed_focus = self.focus.add(Focusable(lambda: self.seed_entry.rect,
                                                   lambda: self.ui.set_focus_set(self.seed_entry.get_focus_set()),
                                                   area_of=self.seed_area))
        # Tab reads the bottom row as the screen does, from the left (Back and Defaults came
        # after Learn by playing, far right)
        self.button(tr("Back"), (140, 600, 160, 56), self.back, tooltip=back_to_title_tip())
        first_stop.exits[(0, 1)] = self.focus.items[-1]  # Down: Back, under First player's left end
        self.button(tr("Defaults"), (320, 600, 160, 56), self.defaults,
                    tooltip=tr("This screen keeps the players and options of the last game started; "
                               "this sets them back to the defaults"))
        self.start_button = self.button(tr("Start game"), (ox, 600, 220, 56), self.start, object_id="#primary",
                                        tooltip=tr("To the table with this set-up"))
        self.button(tr("How to play"), (ox + 240, 600, 150, 56), self.open_rules,
                    tooltip=tr("F1: the rules of this game"))
        self.button(tr("Learn by playing"), (ox + 400, 600, 160, 56), self.open_tutorial,
                    tooltip=tr("A game the coach takes you through"))
        self.error: str | None = None

    def offered(self, spec) -> bool:
        """Visible options that apply to the chosen player count (e.g. a 2-player variant)."""
        players = spec.extra.get("players") if spec.extra else None
        return not spec.hidden and (players is None or self.num_players in players)

    def set_per_seat(self, spec: OptionSpec) -> bool:
        """An offered option whose value each seat chooses for itself (its buttons in the seat rows)."""
        return self.offered(spec) and self.options.get(spec.name) == PER_SEAT

    @staticmethod
    def option_values(spec: OptionSpec) -> tuple[list[Any], Callable[[Any], str]]:
        """The values an option's button steps through, and how each reads."""
        if spec.kind == "bool":
            return [False, True], lambda v: tr("on") if v else tr("off")
        if spec.kind == "choice":
            return list(spec.choices), choice_label
        words = spec.extra.get("labels", {})  # a value that means something else (0: "no limit")
        return int_choices(spec), lambda v: tr("default") if v is None else tr(words[v]) if v in words else str(v)

    def seat_button_text(self, spec: OptionSpec) -> tuple[str, int]:
        """A per-seat button's prefix ("Blocks: ") and a width that holds its longest label."""
        values, label = self.option_values(spec)
        prefix = f"{tr(spec.extra.get('seat_label', spec.label))}: "
        return prefix, max(theme.font(16).size(prefix + label(v))[0] for v in values) + 20

    def options_to_start(self) -> dict[str, Any]:
        """The offered options as the game takes them: "per seat" becomes a list with one
        value per player (one value when every seat chose the same)."""
        out = {}
        for spec in self.rules.options:
            if spec.name not in self.options or not self.offered(spec):
                continue
            value = self.options[spec.name]
            if value == PER_SEAT:
                mine = self.seat_values[spec.name][: self.num_players]
                value = mine if len(set(mine)) > 1 else mine[0]
            out[spec.name] = value
        return out

    def language_changed(self) -> None:
        self.seed_text = self.seed_entry.get_text()  # a seed typed in stays through the rebuild
        super().language_changed()

    # --- changes ------------------------------------------------------------------------
    def _set_players(self, n: int) -> None:
        self.num_players = n
        self.seed_text = self.seed_entry.get_text()
        keep = self.focus.index
        self.rebuild()
        self.focus.index, self.focus.visible = keep, True

    def _set_kind(self, i: int, kind: str) -> None:
        self.seats[i] = "human" if kind == "human" else f"ai:{self.ai_levels[i]}"
        self.show_level(i)
        if kind != "human" and self.level_buttons[i].rect.collidepoint(self.app.mouse_pos):
            self.level_appeared = (i, self.app.time, self.app.mouse_pos)
        if self.first_player == i:  # the first player's name says whether it is the computer
            self.first_button.set_text(tr("First player: ") + self.first_label(i))

    def step_seat(self, i: int, step: int) -> None:
        """The next (or previous) of a seat's players: Human, then the computer at each level."""
        values = list(SEAT_VALUES)
        now = values.index(self.seats[i]) if self.seats[i] in values else 0
        kind, _, level = values[(now + step) % len(values)].partition(":")
        if level:
            self.ai_levels[i] = level
            self.choose(self.level_buttons[i], level)
        self.choose(self.seat_buttons[i], kind)
        self._set_kind(i, kind)

    def first_label(self, seat: int | None) -> str:
        """The first player as the table names it: a computer's seat 'Seat 2 (AI)', as
        'Seat 2' alone did not say who plays it."""
        if seat is None:
            return tr("drawn at random")
        return tr("Seat {n}", n=seat + 1) if self.seats[seat] == "human" else tr("Seat {n} (AI)", n=seat + 1)

    def _set_level(self, i: int, level: str) -> None:
        self.ai_levels[i] = level
        self.seats[i] = f"ai:{level}"

    def show_level(self, i: int) -> None:
        """An AI seat's level button beside it; a person's seat has none (nor a stop for Tab),
        its own button as wide as the two."""
        button = self.level_buttons[i]
        human = self.seats[i] == "human"
        self.seat_buttons[i].set_dimensions((self.seat_widths[human], 40))
        if human:
            button.hide()
            button.disable()
        else:
            button.show()
            button.enable()

    def click_meant_for_seat(self, event: pygame.event.Event) -> int | None:
        """The seat whose button a press is meant for though it lands on that seat's level:
        one made at once, the pointer still, where the level has just appeared (see LEVEL_SETTLE)."""
        if event.type != pygame.MOUSEBUTTONDOWN or event.button not in (pygame.BUTTON_LEFT, pygame.BUTTON_RIGHT) \
                or self.level_appeared is None:
            return None
        i, when, (x, y) = self.level_appeared
        ex, ey = event.pos
        level = self.level_buttons[i]
        if self.app.time - when > LEVEL_SETTLE or abs(ex - x) > STILL or abs(ey - y) > STILL \
                or not level.visible or not level.rect.collidepoint(event.pos):
            return None
        return i

    def _set_option(self, spec: OptionSpec, v: Any) -> None:
        was_per_seat = self.set_per_seat(spec)
        self.options[spec.name] = v
        if self.set_per_seat(spec) != was_per_seat:  # the seat rows gain or lose its buttons
            self.seed_text = self.seed_entry.get_text()
            self.rebuild_keeping_ring()

    def rebuild_keeping_ring(self) -> None:
        """Build the screen again with the focus ring on the button it was on (the option's
        button, Defaults: they stay where they were while the seat rows change)."""
        ring = self.focus.current.rect_of() if self.focus.current else None
        visible = self.focus.visible
        self.rebuild()
        self.focus.index = next((i for i, item in enumerate(self.focus.items) if item.rect_of() == ring), -1)
        self.focus.visible = visible

    def _set_first(self, v: int | None) -> None:
        self.first_player = v

    # --- actions ------------------------------------------------------------------------
    def back(self) -> None:
        self.stack.pop()

    def defaults(self) -> None:
        """Back to a first game's set-up, which is also what this game's set-up opens with
        next time (until a game is started)."""
        self.set_defaults()
        self.seed_text = ""
        storage.save_setup(self.app.dirs, self.game, None)
        self.rebuild_keeping_ring()

    def open_rules(self) -> None:
        from game.scenes.rules_page import RulesScene
        self.stack.push(RulesScene(self.app, self.game))

    def open_tutorial(self) -> None:
        from game.scenes.tables import start_tutorial
        from game.tutorial import TutorialError
        try:
            start_tutorial(self.app, self.game)
        except (TutorialError, ValueError) as exc:
            self.show_toast(f"The tutorial cannot start: {exc}", 6)  # show_toast translates it

    def start(self) -> None:
        from game.scenes.tables import start_table
        options = self.options_to_start()
        if self.first_player is not None and self.first_player < self.num_players:
            options["first_player"] = self.first_player
        text = self.seed_entry.get_text().strip()
        seed = int(text) if text.isdigit() else None
        try:
            session = GameSession(self.game, self.seats[: self.num_players], seed=seed, options=options)
        except ValueError as exc:
            self.show_toast(tr_message(str(exc)), 5)
            return
        record = setup_record(self)

        def begin() -> None:  # remembered only once a game starts with it, not on "Keep saved game"
            storage.save_setup(self.app.dirs, self.game, record)
            start_table(self.app, session, replace_stack=True)

        from game.scenes.tables import ask_before_replacing, replacing_saved_game
        text = replacing_saved_game(self.app) if session.humans else None  # watching never saves
        if text is None:  # nothing saved, or just watching
            begin()
            return
        self.stack.push(ask_before_replacing(self.app, text, begin))

    def handle_event(self, event: pygame.event.Event) -> bool:
        seat = self.click_meant_for_seat(event)
        if seat is not None and not self.settling():
            self.level_appeared = None
            self.focus.visible = False  # as after any click
            right = event.button == pygame.BUTTON_RIGHT
            self.app.sound.play("pick")
            (self._back_callbacks if right else self._callbacks)[self.seat_buttons[seat]]()
            return True  # the level never saw the press: its release presses nothing
        # a digit typed with the focus ring on the seed field goes into it (no Enter first)
        if event.type == pygame.KEYDOWN and event.unicode.isdigit() and not self.seed_entry.is_focused \
                and self.focus.visible and self.focus.current is self.seed_focus:
            self.ui.set_focus_set(self.seed_entry.get_focus_set())
            return self.ui.process_events(event)
        # while the seed is being typed, Left/Right/Home/End move the caret, not the focus ring
        if event.type == pygame.KEYDOWN and self.seed_entry.is_focused and event.key in EDIT_KEYS:
            return self.ui.process_events(event)
        if event.type == pygame.KEYDOWN and self.seed_entry.is_focused and not self.settling():
            # Enter ends the typing: the ring goes on to Start game, so a second Enter starts
            # (the field took Enter as "edit me" again and nothing seemed to happen)
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.stop_typing(next(item for item in self.focus.items if item.button is self.start_button))
                return True
            # Esc ends the typing only; it left the screen and the set-up chosen on it
            if event.key == pygame.K_ESCAPE:
                self.stop_typing(self.seed_focus)
                return True
        handled = super().handle_event(event)
        if self.seed_entry.is_focused and self.focus.visible and self.focus.current is not self.seed_focus:
            # the ring moved on (Tab, an arrow key): typing must not go on in the field behind it
            self.seed_entry.unfocus()
        return handled

    def tip_avoids(self) -> list[pygame.Rect]:
        # Defaults' tip, three lines with no room under the bottom row, rose over the seed field
        return [*super().tip_avoids(), self.seed_area()]

    def tip_areas(self) -> list[pygame.Rect]:
        """A tip stays in its button's column, the players' or the options': one kept off the
        buttons round it went on to the far side of the screen (Defaults' over the heading)."""
        return [pygame.Rect(0, 0, COLUMN_SPLIT, 720), pygame.Rect(COLUMN_SPLIT, 0, 1280 - COLUMN_SPLIT, 720)]

    def seed_area(self) -> pygame.Rect:
        """The seed field and its label."""
        return self.seed_label.union(self.seed_entry.rect)

    def stop_typing(self, ring_on: Focusable) -> None:
        """Leave the seed field, its text kept, the ring shown on ``ring_on``."""
        self.seed_entry.unfocus()
        self.focus.index = self.focus.items.index(ring_on)
        self.focus.visible = True

    def on_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.open_rules()
            return True
        return False

    def draw_widgets(self, surface: pygame.Surface) -> None:
        super().draw_widgets(surface)
        entry = self.seed_entry
        text = entry.get_text()
        x, y = entry.rect.x + 10, entry.rect.centery
        theme.draw_text(surface, text, (x, y), 16, theme.TEXT, anchor="midleft")
        if entry.is_focused:  # the caret where typing goes
            caret = x + theme.font(16).size(text[:entry.edit_position])[0]
            pygame.draw.line(surface, theme.YELLOW, (caret, y - 10), (caret, y + 10), 2)

    def draw_scene(self, surface: pygame.Surface) -> None:
        heading(surface, tr("New game: {title}", title=tr(self.rules.title)), 36)
        # the column headings sit clear of the focus ring round the first button under them
        # (it reaches 8 px out and cut off the descender of "Spieler")
        theme.draw_text(surface, tr("Players"), (140, 96), 18, theme.TEXT_DIM)
        theme.draw_text(surface, tr("Options"), (620, 96), 18, theme.TEXT_DIM)
        draw_centred(surface, tr("Seed (blank = random):"), self.seed_label, 14, theme.TEXT)
        for i, (x, y) in enumerate(self.seat_rows):
            draw.marker(surface, theme.seat_shape(i), (x + 16, y + 20), 11, seat_colour(self.game, i))
        for y, lines in self.option_help:
            for i, line in enumerate(lines):
                theme.draw_text(surface, line, (624, y + 18 * i), 14, theme.TEXT_DIM)
        humans = sum(1 for s in self.seats[: self.num_players] if s == "human")
        if humans == 0:
            hint = tr("No human seats: you will watch the computer play.")
        elif humans > 1 and self.hides_secrets:
            hint = tr("Pass and play: the screen hides each player's secrets between turns.")
        elif humans > 1:
            hint = tr("Pass and play: nothing is hidden, so the players simply take turns at the screen.")
        else:
            hint = tr("You play against the computer.")
        # within the Players column (a long line ran under the seed in the Options column),
        # its last line just above Back: more lines grow upward, under the seat rows
        lines = theme.wrap(hint, 16, HINT_WIDTH)
        for i, line in enumerate(lines):
            theme.draw_text(surface, line, (140, 560 - 22 * (len(lines) - 1 - i)), 16, theme.TEXT_DIM)
