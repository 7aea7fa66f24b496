"""Puzzle list and puzzle scenes headless: unlock order, asking, guessing, stars saved."""

from __future__ import annotations

import pygame

from game import i18n, storage
from game.rules.cube import format_shape
from game.scenes.puzzles import PuzzleListScene, PuzzleScene
from tests.ui.driver import Driver
from tests.ui.test_button_tips import move


def test_solving_the_first_puzzle_saves_stars_and_unlocks_the_second():
    storage.save_progress(storage.user_dirs(), {"99_a_puzzle_since_removed": 3})
    d = Driver(lambda app: PuzzleListScene(app))
    try:
        listing = d.top
        assert "0 of 72 stars" in [text for text, _, _ in d.labels(frames=1)], "a removed puzzle's stars do not count"
        assert listing.cards[0][2] and not listing.cards[1][2], "only the first puzzle is open at first"
        d.click(listing.cards[1][1].center)
        assert d.top is listing and "unlock" in (listing.toast or "")
        d.click(listing.cards[0][1].center)
        scene = d.top
        assert isinstance(scene, PuzzleScene)
        scene.replica.load(format_shape(scene.puzzle.secret))
        d.frames(1)
        assert scene.clear_button.is_enabled, "a copy under way can be cleared"
        d.key(pygame.K_g)
        assert scene.run.solved and scene.run.stars() == 3
        assert scene.board.builder() is None, "a solved copy can no longer be changed"
        d.frames(1)
        assert not scene.clear_button.is_enabled, "nor cleared: Clear is greyed out as at the table"
        scene.stamp = None  # no animation: two frames of the same board are equal

        def frame() -> bytes:
            d.frames(1)
            return pygame.image.tobytes(d.app.display.canvas, "RGB")
        shown = frame()
        assert frame() == shown
        scene.board.finished = None  # what the board would show without the solved copy
        assert frame() != shown, "the solved copy stays on the board"
        scene.board.finished = lambda: scene.replica
        progress, _ = storage.load_progress(d.app.dirs)
        assert progress == {scene.puzzle.name: 3, "99_a_puzzle_since_removed": 3}
        d.key(pygame.K_ESCAPE)
        assert isinstance(d.top, PuzzleListScene) and d.top.cards[1][2]
    finally:
        d.close()


def test_asking_uses_the_budget_and_repeats_are_refused():
    d = Driver(lambda app: PuzzleListScene(app))
    try:
        d.click(d.top.cards[0][1].center)
        scene = d.top
        d.key(pygame.K_b, mod=pygame.KMOD_SHIFT)
        assert scene.run.used == 1 and scene.run.asked("B")
        d.key(pygame.K_b, mod=pygame.KMOD_SHIFT)
        assert scene.run.used == 1 and "already" in (scene.toast or "")
        # a wrong shape guessed twice costs one question, not two
        scene.replica.load("S:5.1,5.2 M:2.1,3.1,6.1 L:1.1,4.1,7.1,8.1")
        d.key(pygame.K_g)
        assert scene.run.used == 2 and len(scene.run.wrong) == 1
        d.key(pygame.K_g)
        assert scene.run.used == 2 and scene.toast == "You already guessed this shape, and it was not the one."
        # keys that do something at a table say why they do nothing here
        for key, mod, words in ((pygame.K_h, 0, "no hints"), (pygame.K_z, pygame.KMOD_CTRL, "Nothing to undo")):
            scene.toast = None
            d.key(key, mod=mod)
            assert words in (scene.toast or ""), key
    finally:
        d.close()


def use_every_question(d: Driver, scene: PuzzleScene, puzzle) -> None:
    """Ask questions not yet answered, by keys, until the puzzle's budget is used."""
    for q in [q for q in "123456789BCDFGHIJKL" if not scene.run.asked(q)][:puzzle.limit]:
        if q.isdigit():
            d.key(pygame.K_0 + int(q))
        else:
            d.key(getattr(pygame, f"K_{q.lower()}"), mod=pygame.KMOD_SHIFT)


def test_with_every_question_used_the_right_guess_still_earns_a_star():
    from game.rules.cube.puzzle import load_puzzles
    puzzles = load_puzzles()[0]
    puzzle = puzzles[0]
    d = Driver(lambda app: PuzzleScene(app, puzzle, puzzles))
    try:
        scene = d.top
        use_every_question(d, scene, puzzle)
        assert scene.run.used == puzzle.limit and not scene.run.over
        labels = [text for text, _, _ in d.labels(frames=1)]
        assert "No questions left: the right guess still earns a star." in labels
        asked = len(scene.run.answers)
        d.key(pygame.K_l, mod=pygame.KMOD_SHIFT)
        assert len(scene.run.answers) == asked and "No questions left" in (scene.toast or "")
        scene.replica.load(format_shape(puzzle.secret))
        d.key(pygame.K_g)
        assert scene.run.solved and scene.run.stars() == 1
    finally:
        d.close()


def test_escape_from_a_puzzle_opens_the_game_menu_and_leaving_one_under_way_asks_first():
    from game.scenes.confirm import ConfirmScene
    from game.scenes.game_menu import GameMenuScene
    d = Driver(lambda app: PuzzleListScene(app))
    try:
        d.click(d.top.cards[0][1].center)
        scene = d.top
        d.key(pygame.K_ESCAPE)
        assert isinstance(d.top, GameMenuScene), "Esc opens the tables' menu"
        leave_from_the_menu(d)  # nothing done yet: straight back
        assert isinstance(d.top, PuzzleListScene)
        d.click(d.top.cards[0][1].center)
        scene = d.top
        d.key(pygame.K_b, mod=pygame.KMOD_SHIFT)
        d.key(pygame.K_ESCAPE)
        d.key(pygame.K_ESCAPE)  # Esc closes the menu again
        assert d.top is scene and scene.run.used == 1
        d.key(pygame.K_ESCAPE)
        leave_from_the_menu(d)
        assert isinstance(d.top, ConfirmScene)
        d.key(pygame.K_ESCAPE)  # Stay
        assert d.top is scene and scene.run.used == 1
        d.click(next(b for b in scene._callbacks if b.text == "Puzzles").rect.center)  # the direct way asks too
        assert isinstance(d.top, ConfirmScene)
        d.top.confirm()
        d.frames(1)
        assert isinstance(d.top, PuzzleListScene)
    finally:
        d.close()


def leave_from_the_menu(d: Driver) -> None:
    from game.scenes.game_menu import GameMenuScene
    menu = d.top
    assert isinstance(menu, GameMenuScene)
    leave = next(b for b in menu._callbacks if b.text == i18n.tr("Leave the puzzle"))
    d.click(leave.rect.center)


def test_the_settings_from_a_puzzle_apply_at_once_and_the_puzzle_goes_on_as_it_was():
    """A puzzle had no menu: changing the text size, the language or the sound meant
    leaving it, and the questions asked were lost."""
    from game.scenes.game_menu import GameMenuScene
    from game.scenes.settings import SettingsScene
    from tests.ui.test_game_menu import stop_on
    d = Driver(lambda app: PuzzleListScene(app))
    try:
        d.click(d.top.cards[0][1].center)
        scene = d.top
        d.key(pygame.K_b, mod=pygame.KMOD_SHIFT)
        answers = list(scene.run.answers)
        d.click(next(b for b in scene._callbacks if b.text == "Menu").rect.center)  # the mouse way
        assert isinstance(d.top, GameMenuScene)
        stop_on(d.top, "Settings")
        d.key(pygame.K_RETURN)
        settings = d.top
        assert isinstance(settings, SettingsScene)
        labels = [text for text, _, _ in d.labels(1)]
        assert "Back" in [b.text for b in settings._callbacks], "back to the menu, as from a table"
        assert not any("for the next game you set up" in t for t in labels), "a puzzle has no players"
        stop_on(settings, "Language: ")
        d.key(pygame.K_RIGHT)  # Deutsch
        d.key(pygame.K_ESCAPE)
        assert isinstance(d.top, GameMenuScene)
        assert any(b.text == "Das Rätsel verlassen" for b in d.top._callbacks)
        d.key(pygame.K_ESCAPE)
        assert d.top is scene and scene.run.answers == answers and scene.run.used == 1
        assert {"Menü", "Rätsel"} <= {b.text for b in scene._callbacks}, "the puzzle's buttons in German"
        assert not scene.next_button.visible and not scene.retry_button.visible
    finally:
        i18n.load_language("en")
        d.close()


def test_earned_and_unearned_stars_differ_in_shape_not_only_colour():
    from game.scenes.puzzles import star_row

    def filled(earned: int) -> int:
        surface = pygame.Surface((120, 40))
        surface.fill((0, 0, 0))
        star_row(surface, (60, 20), earned)
        return sum(1 for x in range(120) for y in range(40) if surface.get_at((x, y))[:3] != (0, 0, 0))

    assert filled(0) < filled(3) * 0.7, "an unearned star is an outline, an earned one is solid"


def test_a_failed_puzzle_counts_no_more_questions_than_its_budget_and_letters_ask_no_one_else():
    from game.rules.cube.puzzle import load_puzzles
    puzzles = load_puzzles()[0]
    puzzle = puzzles[0]
    d = Driver(lambda app: PuzzleScene(app, puzzle, puzzles))
    try:
        scene = d.top
        letter = next(q for q in "BCDFGHIJKL" if not scene.run.asked(q))
        scene.hover_q = letter
        labels = [text for text, _, _ in d.labels(frames=1)]
        asked = f"Ask about side {letter}: what does it show, level by level?"
        assert asked in labels, "a solo puzzle asks no one else"
        scene.hover_q = None
        use_every_question(d, scene, puzzle)
        assert scene.run.used == puzzle.limit
        scene.replica.load("S:5.1,5.2 M:2.1,3.1,6.1 L:1.1,4.1,7.1,8.1")  # wrong, past the budget: failed
        d.key(pygame.K_g)
        assert scene.run.over and not scene.run.solved and scene.run.used > puzzle.limit
        labels = [text for text, _, _ in d.labels(frames=1)]
        assert f"Questions used: {puzzle.limit} of {puzzle.limit}" in labels
    finally:
        d.close()


def test_the_locked_message_covers_neither_back_nor_a_puzzle_at_any_reading_size():
    """Clicking a locked puzzle said so in a box over the Back button."""
    from game.ui import theme
    for scale, lang in ((1.0, "en"), (2.0, "en"), (2.0, "de")):
        storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"text_scale": scale, "language": lang})
        d = Driver(lambda app: PuzzleListScene(app))
        try:
            listing = d.top
            assert theme.text_scale == scale
            d.click(listing.cards[1][1].center)
            assert listing.toast
            box = d.toast_box(listing)
            back = next(b.rect for b in listing._callbacks)
            assert not box.colliderect(back), (scale, box, back)
            assert not any(box.colliderect(rect) for _, rect, _ in listing.cards), (scale, box)
            assert pygame.Rect(0, 0, 1280, 720).contains(box)
        finally:
            d.close()


def test_f1_on_the_list_and_in_a_puzzle_opens_the_rules_at_the_puzzles_section():
    """F1 did nothing on the list; in a puzzle it opened the Cube rules at the top, while
    the Puzzles section is at the end. The section tells the puzzle's refusals, too."""
    from game.scenes.rules_page import RulesScene
    for lang, heading, words in (("en", "Puzzles", "fails the puzzle"), ("de", "Rätsel", "scheitern")):
        storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"language": lang})
        d = Driver(lambda app: PuzzleListScene(app))
        try:
            for opened_from in ("list", "puzzle"):
                if opened_from == "puzzle":
                    d.click(d.top.cards[0][1].center)
                    assert isinstance(d.top, PuzzleScene)
                d.key(pygame.K_F1)
                rules = d.top
                assert isinstance(rules, RulesScene) and rules.game == "cube", opened_from
                shown = [line.text for line in rules.visible_lines()]
                assert heading in shown, (lang, opened_from, shown[:3])
                assert any(words in text for text in shown), (lang, opened_from)
                d.key(pygame.K_ESCAPE)
                assert not isinstance(d.top, RulesScene)
        finally:
            d.close()


def test_side_notes_stay_inside_the_question_pad():
    """The notes beside J, K, L (and D, E, F) hung over the pad's edge."""
    from game.rules.cube.puzzle import load_puzzles
    from game.scenes.cube_board import COLOURS
    from game.ui import theme
    puzzles = load_puzzles()[0]
    puzzle = max(puzzles, key=lambda p: p.limit)
    for scale in (1.0, 2.0):
        storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"text_scale": scale})
        d = Driver(lambda app: PuzzleScene(app, puzzle, puzzles))
        try:
            scene = d.top
            assert theme.text_scale == scale
            sides = [q for q in "JKLDEF" if not scene.run.asked(q)][:puzzle.limit]
            for q in sides:
                d.key(getattr(pygame, f"K_{q.lower()}"), mod=pygame.KMOD_SHIFT)
            letters = {q: a for q, a in scene.run.answers if not q.isdigit()}
            assert set(sides) <= set(letters)

            def picture(notes: dict, pad=scene.pad) -> pygame.Surface:
                surface = pygame.Surface((1280, 720))
                surface.fill((255, 0, 255))
                pad.draw(surface, True, None, {}, notes, COLOURS, set())
                return surface
            bare, noted = picture({}), picture(letters)
            inner = scene.pad.rect.inflate(-4, -4)  # clear of the pad's edge, not on it
            outside = [(x, y) for x in range(scene.pad.rect.x - 30, scene.pad.rect.right + 30)
                       for y in range(scene.pad.rect.y, scene.pad.rect.bottom)
                       if bare.get_at((x, y)) != noted.get_at((x, y)) and not inner.collidepoint(x, y)]
            assert not outside, (scale, outside[:5], scene.pad.rect)
        finally:
            d.close()


def test_a_puzzle_file_left_out_is_named_with_what_happened_in_german_too(monkeypatch):
    """A bare "<path>: missing key(s): ..." did not say the puzzle was skipped."""
    from game import i18n
    from game.rules.cube.puzzle import load_puzzles
    puzzles = load_puzzles()[0]
    monkeypatch.setattr("game.scenes.puzzles.load_puzzles",
                        lambda: (puzzles[1:], ["/x/levels/cube/puzzles/01_a.toml: missing key(s): secret"]))
    storage.user_dirs().config.joinpath("settings.json").write_text('{"language": "de"}')
    d = Driver(lambda app: PuzzleListScene(app))
    try:
        assert d.top.toast == "Ein Rätsel ist weggelassen worden: /x/levels/cube/puzzles/01_a.toml: " \
                              "Es fehlen die Schlüssel: secret"
    finally:
        d.close()
        i18n.load_language("en")


def test_no_puzzle_files_at_all_says_so_instead_of_an_empty_page(monkeypatch):
    monkeypatch.setattr("game.scenes.puzzles.load_puzzles", lambda: ([], []))
    d = Driver(lambda app: PuzzleListScene(app))
    try:
        assert d.top.toast.startswith("No puzzles to show: ") and "puzzles holds no puzzle files" in d.top.toast
        d.top.toast = None
        assert "No puzzles to show." in [text for text, _, _ in d.labels(frames=1)], "the page says it after the box"
    finally:
        d.close()


def test_the_menu_over_a_puzzle_speaks_of_the_puzzle_not_a_game_that_waits():
    """It said "Back to the game (Esc)" and "The game waits while this menu is open": a
    puzzle has no game and nobody waiting."""
    d = Driver(lambda app: PuzzleListScene(app))
    try:
        d.click(d.top.cards[0][1].center)
        d.key(pygame.K_ESCAPE)
        for lang in ("en", "de"):
            i18n.load_language(lang)
            d.top.rebuild()
            texts = {text for text, _, _ in d.labels(frames=1)}
            assert i18n.tr("Back to the puzzle (Esc)") in texts, lang
            assert i18n.tr("Your questions and your copy stay as they are.") in texts
            assert not {i18n.tr("Back to the game (Esc)"), i18n.tr("The game waits while this menu is open.")} & texts
    finally:
        i18n.load_language("en")
        d.close()


def test_the_last_block_placed_by_keyboard_in_a_puzzle_moves_the_ring_to_guess():
    """As at the table: the ring left the tray box the last block came from for Guess."""
    from tests.ui.test_scenes import focus_onto
    d = Driver(lambda app: PuzzleListScene(app))
    try:
        d.click(d.top.cards[0][1].center)
        scene = d.top
        scene.replica.load(format_shape(scene.puzzle.secret))
        del scene.replica.placed["M"]  # the answer but for M, flat in the back corner
        focus_onto(d, scene.board.tray_rect(scene.replica.pieces.index("M")))
        d.key(pygame.K_RETURN)
        scene.board.cursor = (0, 0)
        d.key(pygame.K_RETURN)
        assert not scene.replica.tray and scene.replica.problem() is None
        assert scene.focus.visible and scene.focus.current.rect_of() == scene.guess_button.rect
        d.key(pygame.K_RETURN)
        assert scene.run.solved
    finally:
        d.close()


def test_the_first_locked_puzzle_says_which_one_opens_it():
    """Every card after the first read 'locked', and only a click on one said how puzzles
    open: the first locked card now says it, the rest still read 'locked'."""
    d = Driver(lambda app: PuzzleListScene(app))
    try:
        listing = d.top
        drawn = d.labels(frames=1)
        second = listing.cards[1][1]
        said = [text for text, rect, _ in drawn if second.contains(rect) and text.startswith("locked")]
        assert said == ["locked: solve puzzle 1 first"], said
        assert [text for text, _, _ in drawn].count("locked") == len(listing.cards) - 2
        storage.save_progress(storage.user_dirs(), {listing.puzzles[0].name: 2})
        listing.rebuild()
        drawn = d.labels(frames=1)
        assert "locked: solve puzzle 2 first" in [text for text, _, _ in drawn]
        assert not [text for text, rect, _ in drawn if second.contains(rect) and text.startswith("locked")]
    finally:
        d.close()



def solve_first_puzzle(damaged: str) -> tuple[Driver, PuzzleScene]:
    """The first puzzle solved, its progress file damaged while it was played (the list had
    read it well)."""
    d = Driver(lambda app: PuzzleListScene(app))
    d.click(d.top.cards[0][1].center)
    scene = d.top
    assert isinstance(scene, PuzzleScene)
    storage.progress_path(d.app.dirs).write_text(damaged, encoding="utf-8")
    scene.replica.load(format_shape(scene.puzzle.secret))
    d.key(pygame.K_g)
    assert scene.run.solved
    return d, scene


def test_stars_recorded_over_a_damaged_progress_file_say_it_was_kept_aside():
    """Solving a puzzle read the progress file and dropped what it said about a damaged one:
    the file went aside with a line in the log only."""
    storage.save_progress(storage.user_dirs(), {})
    d, scene = solve_first_puzzle('{"01_first": 2,')
    try:
        assert "Puzzle progress reset" in (scene.toast or "") and "kept as" in scene.toast
        assert storage.load_progress(d.app.dirs) == ({scene.puzzle.name: scene.run.stars()}, None)
        path = storage.progress_path(d.app.dirs)
        assert list(path.parent.glob("puzzles.json.bad-*")), "the damaged file is kept"
    finally:
        d.close()


def test_a_damaged_progress_file_that_cannot_be_moved_aside_is_not_written_over(monkeypatch):
    """The only copy of every other puzzle's stars: saving the new ones over it lost them."""
    storage.save_progress(storage.user_dirs(), {})
    damaged = '{"01_first": 2, "02_second": 3, "03_third": "three"'
    monkeypatch.setattr(storage, "move_aside", lambda path, reason="": None)
    d, scene = solve_first_puzzle(damaged)
    try:
        path = storage.progress_path(d.app.dirs)
        assert path.read_text(encoding="utf-8") == damaged
        assert (scene.toast or "").startswith("Could not save your stars: Puzzle progress reset"), scene.toast
        i18n.load_language("de")
        scene.saved = False
        scene.after_move()
        assert path.read_text(encoding="utf-8") == damaged
        assert (scene.toast or "").startswith("Deine Sterne konnten nicht gespeichert werden: Rätselfortschritt"), \
            scene.toast
    finally:
        i18n.load_language("en")
        d.close()


def test_a_solved_puzzles_buttons_each_say_what_they_do_after_a_rest(monkeypatch):
    """Next puzzle, Try again and Puzzles had no tooltip: the pointer resting on one said nothing."""
    from game.i18n import tr
    d = Driver(lambda app: PuzzleListScene(app), autosave=False)
    try:
        d.click(d.top.cards[0][1].center)
        scene = d.top
        scene.replica.load(format_shape(scene.puzzle.secret))
        d.frames(1)
        d.key(pygame.K_g)
        assert scene.run.solved
        tips = {scene.next_button: "On to the next puzzle in the list",
                scene.retry_button: "This puzzle again from the start, all questions back"}
        tips.update({b: "Back to the puzzle list; a puzzle under way asks first"
                     for b in scene._callbacks if b.text == tr("Puzzles")})
        assert len(tips) == 3
        for button, tip in tips.items():
            assert button.visible
            move(d, monkeypatch, button.rect.center)
            d.frames(75)
            assert tr(tip) in " ".join(text for text, _, _ in d.labels(frames=1)), tip  # wrapped maybe
    finally:
        d.close()


def test_the_title_button_and_the_puzzle_list_give_the_puzzles_one_german_name():
    """German: the title's button said 'Würfelrätsel' and the list it opens was headed
    'Break-the-Cube-Rätsel', two names for one thing; the button, the heading and the
    statistics' star count now name the game, and the button draws the longer label whole."""
    storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"language": "de"})
    d = Driver(autosave=False)
    try:
        name = i18n.tr("Break the Cube puzzles")
        assert name == "Break-the-Cube-Rätsel"
        button = next(b for b in d.top._callbacks if b.text == name)
        assert any(t == name and button.rect.contains(r) for t, r, _ in d.labels(2)), "drawn whole"
        d.click(button.rect.center)
        assert isinstance(d.top, PuzzleListScene)
        assert name in [t for t, _, _ in d.labels(2)], "the list's heading says the same"
        assert i18n.tr("Cube puzzle stars: {n}", n=3) == "Sterne aus Break-the-Cube-Rätseln: 3"
    finally:
        d.close()
        i18n.load_language("en")
