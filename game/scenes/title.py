"""Title screen: the five games (built ones playable, the rest honestly marked
"coming soon"), Continue, Settings and Quit."""

from __future__ import annotations

import pygame

from game import __version__, storage
from game.i18n import tr, tr_message
from game.rules import CATALOG, GameDataError, move_count
from game.scenes.base import AppScene
from game.scenes.tables import data_problem, is_playable, saved_game_title
from game.ui import draw, theme
from game.ui.buttons import LabelButton
from game.ui.icon import make_icon


class TitleScene(AppScene):
    # notices cover the whole heading (never half a line of it), clear of the Play buttons
    toast_top = 22
    toast_min_height = 168
    toast_max_height = 168  # at any reading size: the game list below stays in sight and in reach
    # the right column's buttons stand 12 px apart: a tip kept off them all went down past the
    # whole column (Cube puzzles' under Quit), far from its button; it lies over the next one
    # instead, as a desktop tooltip does, for as long as the pointer rests
    tips_keep_off_buttons = False
    toast_span = (112, 1232)  # the logo, the name and the subtitle (longer in German)
    toast_width = 1104

    def __init__(self, app, played: str | None = None) -> None:
        super().__init__(app)
        self.played = played  # the game just left for this screen: its Play takes the focus

    def enter(self) -> None:
        self.logo = make_icon(120)
        self.record, self.record_path, problem = storage.find_autosave(self.app.dirs)
        if problem:
            self.app.notices.append(problem)
        self.continue_text = None
        if self.record is not None:
            title = saved_game_title(self.record)
            try:
                moves = move_count(self.record["log"]["game"], self.record["log"]["actions"])
            except (KeyError, TypeError):
                moves = None
            if title is None or moves is None:
                self.continue_text = tr("Continue saved game")
            elif moves == 0 and (self.record.get("notes") or self.record.get("hints")):
                # no move logged, but work kept (a Break the Cube shape half built): begun
                self.continue_text = tr("Continue {title} (just begun)", title=title)
            elif moves == 0:  # a new game (Play again saves it at once): it exists, unplayed
                self.continue_text = tr("Continue {title} (no moves yet)", title=title)
            else:
                self.continue_text = tr("Continue {title} (1 move in)", title=title) if moves == 1 else \
                    tr("Continue {title} ({moves} moves in)", title=title, moves=moves)
        self.rows: list[pygame.Rect] = []
        self.row_buttons: dict[str, LabelButton] = {}  # each playable game's Play
        self.pressed_row: str | None = None
        broken: set[str] = set()
        y = 200
        for info in CATALOG:
            row = pygame.Rect(120, y, 760, 88)
            self.rows.append(row)
            problem = data_problem(info.name)
            if problem:
                self.app.notices.append(problem)
                broken.add(info.name)
            if is_playable(info.name):
                self.row_buttons[info.name] = self.button(
                    tr("Play"), (row.right - 170, row.y + 22, 150, 44), lambda n=info.name: self.open_setup(n),
                    object_id="#primary", enabled=not problem)
            else:
                self.button(tr("Coming soon"), (row.right - 170, row.y + 22, 150, 44), lambda: None,
                            object_id="#coming_soon", enabled=False, focusable=False)
            y += 98
        x = 920
        # back from a game, its Play (the ring stood on Breaks' whatever was played)
        played = self.row_buttons.get(self.played or "")
        first_stop = next((i for i, item in enumerate(self.focus.items) if played is not None and
                           item.button is played and played.is_enabled), 0)
        if self.continue_text:  # the likeliest choice takes the focus first
            first_stop = len(self.focus.items)
            self.button(self.continue_text, (x, 200, 300, 56), self.resume_game, object_id="#primary",
                        tooltip=tr("Your unfinished game, just as you left it"))
        # the puzzles need Break the Cube's pieces as its table does: broken, they cannot open
        self.button(tr("Cube puzzles"), (x, 270, 300, 48), self.open_puzzles, object_id="#title_button",
                    enabled=is_playable("cube") and "cube" not in broken,
                    tooltip=tr("Break the Cube shapes to find on your own, for stars"))
        self.button(tr("Finished games"), (x, 330, 300, 48), self.open_records, object_id="#title_button",
                    tooltip=tr("Your finished games, to watch again move by move"))
        self.button(tr("Statistics"), (x, 390, 300, 48), self.open_stats, object_id="#title_button",
                    tooltip=tr("Your wins and best scores, game by game"))
        self.button(tr("Settings"), (x, 450, 300, 48), self.open_settings, object_id="#title_button",
                    tooltip=tr("Sound, colours, language, sizes and more"))
        self.button(tr("Quit"), (x, 510, 300, 48), self.app.quit, object_id="#title_button",
                    tooltip=tr("Close Breakbox now (Esc asks first)"))
        self.focus.index = first_stop
        notice = self.app.take_notice()
        if notice:
            self.show_toast(notice, 6)

    def open_setup(self, game: str) -> None:
        from game.scenes.setup import SetupScene
        self.stack.push(SetupScene(self.app, game))

    def open_puzzles(self) -> None:
        from game.scenes.puzzles import PuzzleListScene
        self.stack.push(PuzzleListScene(self.app))

    def open_records(self) -> None:
        from game.scenes.replay import RecordsScene
        self.stack.push(RecordsScene(self.app))

    def open_stats(self) -> None:
        from game.scenes.stats_scene import StatsScene
        self.stack.push(StatsScene(self.app))

    def open_settings(self) -> None:
        from game.scenes.settings import SettingsScene
        self.stack.push(SettingsScene(self.app))

    def resume_game(self) -> None:
        from game.scenes.tables import start_table
        from game.session import GameSession
        try:
            session = GameSession.from_record(self.record)
        except GameDataError as exc:  # the game's files are broken, not the save: keep it
            self.show_toast(tr("The saved game is kept but cannot be continued now: {problem}", problem=exc), 8)
            return
        except Exception as exc:
            path = self.record_path or storage.autosave_path(self.app.dirs)
            moved = storage.move_aside(path, f"autosave refused: {exc}")
            self.rebuild()
            self.show_toast(tr("Could not continue: {path}: {problem}", path=path, problem=tr_message(str(exc)))
                            + (f" ({tr('kept as')} {moved.name})" if moved else ""), 8)
            return
        start_table(self.app, session, replace_stack=True)

    def resume(self) -> None:
        # coming back from setup/settings: a game may have been saved meanwhile
        here = self.focus.current.rect_of() if self.focus.current is not None else None
        visible = self.focus.visible
        self.rebuild()
        # the focus goes back to the button that was used (Continue may have come or gone)
        same = [i for i, item in enumerate(self.focus.items) if here is not None and item.rect_of() == here]
        if same:
            self.focus.index, self.focus.visible = same[0], visible

    def row_game_at(self, pos: tuple[int, int]) -> str | None:
        """The game whose row (its name, player count or blurb: anywhere but the Play button
        itself, which answers for itself) is under ``pos``, when its Play button works. A
        whole row opens the game, as a tile in a game library does; only Play did."""
        for info, row in zip(CATALOG, self.rows, strict=True):
            btn = self.row_buttons.get(info.name)
            if row.collidepoint(pos) and btn is not None and btn.is_enabled and not btn.rect.collidepoint(pos):
                return info.name
        return None

    def hot_at(self, pos: tuple[int, int]) -> bool:
        """Clickable beyond the focus ring's stops (the pointer turns into a hand)."""
        return self.row_game_at(pos) is not None

    def outlined_row(self) -> str | None:
        """The game whose row is outlined as pointed at (it opens on a click). None while
        the keyboard is in use (the ring shown, a key pressed last), as at the tables: a
        pointer left resting on a row outlined that game beside the ring on another's Play."""
        if self.keyed and self.focus.visible:
            return None
        return self.row_game_at(self.app.mouse_pos)

    def on_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed_row = self.row_game_at(event.pos)
            return self.pressed_row is not None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed_row is not None:
            game, self.pressed_row = self.pressed_row, None
            if self.row_game_at(event.pos) == game:  # let go on the row it was pressed on
                self.app.sound.play("pick")
                self.open_setup(game)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            # Esc means "back" everywhere else: one press too many must not close the app
            from game.scenes.confirm import ConfirmScene
            text = tr("A game in progress is saved: Continue picks it up next time.") if self.record else \
                tr("Your statistics, finished games and puzzle stars are kept.")
            self.stack.push(ConfirmScene(self.app, tr("Quit Breakbox?"), text, tr("Quit"), self.app.quit))
            return True
        return False

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.blit(self.logo, (120, 40))
        theme.draw_text(surface, "Breakbox", (260, 52), 64, theme.TEXT, bold=True)
        theme.draw_text(surface, tr("Five tabletop games. Play the computer or friends on one screen."),
                        (264, 136), 20, theme.TEXT_DIM)
        outlined = self.outlined_row()
        for info, row in zip(CATALOG, self.rows, strict=True):
            ready = is_playable(info.name)
            draw.panel(surface, row, theme.PANEL if ready else (20, 32, 38), edge=None, radius=10)
            hovered = outlined == info.name  # it opens on a click: say so
            pygame.draw.rect(surface, theme.TEXT_DIM if hovered else theme.PANEL_EDGE, row, 2 if hovered else 1,
                             border_radius=10)
            theme.draw_text(surface, tr(info.title), (row.x + 20, row.y + 12), 26,
                            theme.TEXT if ready else theme.TEXT_DIM, bold=True)
            theme.draw_text(surface, tr("{players} players", players=info.players), (row.x + 250, row.y + 18), 16,
                            theme.TEXT_DIM)
            theme.draw_text(surface, tr(info.blurb), (row.x + 20, row.y + 52), 16, theme.TEXT_DIM)
            if not ready:
                theme.draw_text(surface, tr("coming soon: not playable yet"), (row.x + 370, row.y + 20), 14,
                                theme.ORANGE)
        theme.draw_text(surface, tr("Version {v}", v=__version__), (1260, 700), 14, theme.TEXT_DIM,
                        anchor="bottomright")
        theme.draw_text(surface, tr("Tab / arrows move, Enter selects, F11 full screen"), (20, 700), 14,
                        theme.TEXT_DIM, anchor="bottomleft")
