"""Finishing a game counts it in the statistics and keeps it for replay; the replay
steps through the game move by move."""

from __future__ import annotations

import random

import pygame

from game import storage
from game.i18n import tr
from game.scenes.breaks_table import BreaksTable
from game.scenes.replay import RecordsScene, ReplayScene
from game.scenes.stats_scene import StatsScene
from game.session import GameSession
from game.stats import Stats, record_result, table_level
from tests.ui.driver import Driver, break_game_data
from tests.ui.test_breaker_blocks_table import one_turn_each_finished

ENDGAME = {"first_player": 1, "setup": {"tableaux": [[["4S", "4D"], ["6D", "6C"], ["7C"]],
                                                     [["9S"], ["KD"], ["2C"]]], "deck": ["9H"]}}


def test_stats_buckets_and_outcomes():
    stats = Stats()
    assert table_level(["human", "ai:easy", "ai:hard"]) == "ai:hard"
    assert table_level(["human", "human"]) == "friends"
    assert table_level(["ai:easy", "ai:easy"]) is None
    assert record_result(stats, "breaks", ["human", "ai:normal"], [0], [3, 1])
    assert record_result(stats, "breaks", ["human", "ai:normal"], [0, 1], [2, 2])
    assert record_result(stats, "breaks", ["human", "ai:normal"], [1], [0, 2])
    line = stats.line("breaks", "ai:normal")
    assert (line.played, line.wins, line.draws, line.losses, line.streak, line.best_streak) == (3, 1, 1, 1, 0, 1)
    assert line.best_score == 3
    assert record_result(stats, "blockers", ["human", "ai:easy"], [0], [9, 12])
    assert record_result(stats, "blockers", ["human", "ai:easy"], [0], [7, 12])
    assert stats.line("blockers", "ai:easy").best_score == 7, "lower is better in Blockers!"
    assert Stats.from_json(stats.to_json()).to_json() == stats.to_json()
    # the human's own score counts, wherever they sit; friends sharing a win drew
    assert record_result(stats, "breaks", ["ai:easy", "human"], [1], [5, 2])
    assert stats.line("breaks", "ai:easy").best_score == 2
    assert record_result(stats, "blockers", ["human", "human"], [0, 1], [8, 8])
    assert record_result(stats, "blockers", ["human", "human"], [1], [9, 6])
    friends = stats.line("blockers", "friends")
    assert (friends.played, friends.wins, friends.draws, friends.best_score) == (2, 1, 1, 6)


def play_out_endgame(d: Driver) -> BreaksTable:
    table = d.top
    d.key(pygame.K_d)
    d.frames(30)
    d.key(pygame.K_1)
    assert d.until(lambda: table.session.current_player == 0, timeout=10)
    for _ in range(200):
        if table.session.is_over():
            break
        cp = table.session.current_player
        if table.is_bot(cp):
            d.frames(5)
            continue
        legal = table.session.legal_texts()
        table.perform(legal[0], cp)
        d.frames(30)
    assert table.session.is_over()
    return table


def test_a_finished_game_is_counted_kept_and_replayed():
    session = GameSession("breaks", ["ai:easy", "human"], seed=2, options=ENDGAME)
    d = Driver(lambda app: BreaksTable(app, session), autosave=False)
    try:
        play_out_endgame(d)
        stats, problem = storage.load_stats(d.app.dirs)
        assert problem is None and stats.line("breaks", "ai:easy").played == 1
        records = storage.list_records(d.app.dirs)
        assert len(records) == 1
        d.app.stack.clear_to(RecordsScene(d.app))
        d.frames(2)
        assert d.top.entries
        assert not d.top.older.visible and not d.top.newer.visible, "one page: no paging buttons"
        d.key(pygame.K_TAB)
        d.key(pygame.K_RETURN)
        replay = d.top
        assert isinstance(replay, ReplayScene)
        total = len(replay.full.actions)
        assert replay.step == total
        d.key(pygame.K_HOME)
        assert replay.step == 0 and replay.session.log.actions == []
        d.key(pygame.K_RIGHT)
        assert replay.step == 1 and replay.session.log.actions == replay.full.actions[:1]
        assert replay.table.log_lines, "the log beside the table follows the replay"
        shown = [text for text, _, _ in d.labels(frames=1)]
        assert shown and not {"Undo", "Rules", "Menu"} & set(shown), "a replay shows no buttons that do nothing"
        buttons = {b.text: b for b in replay._callbacks}
        d.click(buttons["Next"].rect.center)
        assert replay.step == 2, "the mouse steps the replay too"
        d.click(buttons["Previous"].rect.center)
        d.key(pygame.K_RIGHT)
        assert replay.step == 2, "the buttons take no focus: the arrow keys still step"
        d.click(buttons["Close"].rect.center)
        assert isinstance(d.top, RecordsScene)
        d.click(d.top.row_rect(0).center)
        assert isinstance(d.top, ReplayScene)
        d.key(pygame.K_ESCAPE)
        assert isinstance(d.top, RecordsScene)
        d.app.stack.push(StatsScene(d.app))
        d.frames(2)
    finally:
        d.close()


def test_corrupt_stats_are_moved_aside_with_a_message():
    dirs = storage.user_dirs()
    storage.stats_path(dirs).write_text('{"format": 1, "games": {"breaks": {"ai:easy": {"played": -3}}}}')
    stats, problem = storage.load_stats(dirs)
    assert stats.games == {} and "stats.json" in problem
    assert list(dirs.data.glob("stats.json.bad-*"))


def test_statistics_from_a_newer_breakbox_are_kept_unchanged_and_a_finished_game_still_kept():
    dirs = storage.user_dirs()
    path = storage.stats_path(dirs)
    path.parent.mkdir(parents=True, exist_ok=True)
    newer = '{"format": 7, "games": {"breaks": {"ai:easy": {"played": 9, "rating": 1500}}}}'
    path.write_text(newer)
    d = Driver(lambda app: StatsScene(app))
    try:
        d.frames(2)
        assert "newer Breakbox" in d.top.toast and d.top.stats.games == {}
        d.top.toast = None  # after the message: the rows still say why they are empty
        assert "not shown: saved by a newer Breakbox" in [text for text, _, _ in d.labels(frames=1)]
    finally:
        d.close()
    session = GameSession("breaks", ["ai:easy", "human"], seed=2, options=ENDGAME)
    d = Driver(lambda app: BreaksTable(app, session), autosave=False)
    try:
        play_out_endgame(d)
        assert any(n.startswith("Statistics not updated: ") and "format 7" in n for n in d.app.notices)
        assert len(storage.list_records(d.app.dirs)) == 1, "the game is kept for replay all the same"
    finally:
        d.close()
    assert path.read_text() == newer and not list(path.parent.glob("stats.json.bad-*"))


def test_a_long_statistics_list_scrolls_and_stays_clear_of_the_legend():
    from game.rules import CATALOG
    from game.scenes.stats_scene import VIEW
    stats = Stats()
    for info in CATALOG:  # every game against every level and with friends: longer than the screen
        for seats in (["human", "ai:easy"], ["human", "ai:normal"], ["human", "ai:hard"], ["human", "human"]):
            record_result(stats, info.name, seats, [0], [3, 1])
    storage.save_stats(storage.user_dirs(), stats)
    d = Driver(lambda app: StatsScene(app))
    try:
        labels = d.labels(frames=2)
        rows = [(text, rect) for text, rect, _ in labels if text.startswith("1 played")]
        assert rows and all(VIEW.contains(rect) for _, rect in rows), "no line runs into the legend"
        assert "Break the Cube" not in [text for text, _, _ in labels], "the last game is below the fold"
        d.key(pygame.K_END)
        labels = [text for text, _, _ in d.labels(frames=2)]
        assert "Break the Cube" in labels and "Breaks" not in labels
        d.key(pygame.K_HOME)
        assert "Breaks" in [text for text, _, _ in d.labels(frames=2)]
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0,
                                             precise_y=-1.0))
        d.frames(2)
        assert d.top.first == 3, "the wheel scrolls three rows"
        d.key(pygame.K_TAB)  # even with the focus ring on Back, the arrows scroll
        d.key(pygame.K_DOWN)
        d.key(pygame.K_DOWN)
        assert d.top.first == 5
        d.key(pygame.K_UP)
        assert d.top.first == 4
    finally:
        d.close()


def test_every_kept_record_is_reachable_page_by_page():
    dirs = storage.user_dirs()
    for seed in range(13):
        session = GameSession("breaks", ["human", "ai:easy"], seed=seed, options=ENDGAME)
        for text in ("draw", "place 1", "done", "done"):
            session.apply(text, session.current_player)
        assert session.is_over()
        storage.save_finished(dirs, session.to_record())
    oldest = storage.list_records(dirs)[-1]
    oldest.write_text("{broken")  # only the page that shows it reads it
    d = Driver(lambda app: RecordsScene(app))
    try:
        d.frames(2)
        scene = d.top
        assert len(scene.entries) == 10 and scene.pages == 2 and not scene.toast
        assert scene.older.is_enabled and not scene.newer.is_enabled and scene.older.visible
        d.key(pygame.K_PAGEDOWN)
        assert scene.page == 1 and len(scene.entries) == 2, "the broken record is left out"
        assert oldest.name in scene.toast and not oldest.exists()
        assert "Page 2 of 2" in [text for text, _, _ in d.labels(frames=1)]
        assert scene.newer.is_enabled and not scene.older.is_enabled
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0,
                                             precise_y=1.0))
        d.frames(2)
        assert scene.page == 0
        d.click(scene.newer.rect.center)  # disabled: nothing happens
        assert scene.page == 0
        scene.toast = None
        d.click(scene.older.rect.center)
        assert scene.page == 1 and len(scene.entries) == 2
        assert scene.toast is None, "a broken record is reported once, then leaves the list"
    finally:
        d.close()


def test_the_finished_games_say_a_click_replays_one_and_the_pointed_row_lights_up(monkeypatch):
    """The rows are plain panels, with nothing on screen saying they open a replay."""
    from game.scenes import replay
    from game.ui import theme
    dirs = storage.user_dirs()
    session = GameSession("breaks", ["human", "ai:easy"], seed=1, options=ENDGAME)
    for text in ("draw", "place 1", "done", "done"):
        session.apply(text, session.current_player)
    storage.save_finished(dirs, session.to_record())
    d = Driver(lambda app: RecordsScene(app))
    try:
        d.frames(2)
        scene = d.top
        assert "Click a game to replay it move by move." in [text for text, _, _ in d.labels(frames=1)]
        edges = []
        real = replay.draw.panel
        monkeypatch.setattr(replay.draw, "panel", lambda surface, rect, *a, edge=True, **k: (
            edges.append(edge) if rect == scene.row_rect(0) else None, real(surface, rect, *a, edge=edge, **k))[1])

        def point(pos):
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
            edges.clear()
            d.frames(2)
        point((640, 400))
        assert edges and not any(edges), "no row is pointed at"
        point(scene.row_rect(0).center)
        assert edges and edges[-1] == theme.SKY, "the row under the pointer is outlined"
        d.click(scene.row_rect(0).center)
        assert isinstance(d.top, ReplayScene)
    finally:
        d.close()


def test_records_with_odd_fields_or_an_older_format_are_listed_and_replay():
    """What a row shows is read from the replayed game; only the date comes from the file."""
    import copy
    import json
    dirs = storage.user_dirs()
    session = GameSession("breaks", ["human", "ai:easy"], seed=1, options=ENDGAME)
    for text in ("draw", "place 1", "done", "done"):
        session.apply(text, session.current_player)
    good = session.to_record()
    old = copy.deepcopy(good)
    old["format"] = 0  # the first saves had no actors list
    del old["log"]["actors"]
    odd = [{**good, "saved_at": "yesterday"}, {**good, "saved_at": 1e20}, {**good, "result": None},
           {**good, "result": {"winners": "ab"}}, old]
    folder = storage.records_dir(dirs)
    folder.mkdir(parents=True, exist_ok=True)
    for i, record in enumerate(odd):
        (folder / f"2025010{i}-120000-breaks.json").write_text(json.dumps(record))
    winner = tr("won: {w}", w=", ".join(tr("Seat {n}", n=w + 1) for w in session.state.winners()))
    d = Driver(lambda app: RecordsScene(app))
    try:
        d.frames(2)
        scene = d.top
        assert len(scene.entries) == len(odd) and not scene.toast
        shown = [text for text, _, _ in d.labels(frames=1)]
        assert shown.count(winner) == len(odd), "the winner comes from the game itself"
        for i in range(len(odd)):
            scene.open_row(i)
            d.frames(2)
            assert isinstance(d.top, ReplayScene) and d.top.step == len(session.log.actions)
            d.key(pygame.K_HOME)
            d.key(pygame.K_END)
            d.key(pygame.K_ESCAPE)
            assert d.top is scene
    finally:
        d.close()


def test_records_of_a_game_whose_data_is_broken_are_kept_for_later(monkeypatch):
    dirs = storage.user_dirs()
    session = GameSession("breaks", ["human", "ai:easy"], seed=1, options=ENDGAME)
    for text in ("draw", "place 1", "done", "done"):
        session.apply(text, session.current_player)
    path = storage.save_finished(dirs, session.to_record())
    mend = break_game_data(monkeypatch, "breaks", "levels/breaks/deck.toml: broken")
    d = Driver(lambda app: RecordsScene(app))
    try:
        d.frames(2)
        assert d.top.entries == [] and "deck.toml" in d.top.toast
        assert path.exists(), "the record is not to blame: it stays"
    finally:
        d.close()
    mend()
    d = Driver(lambda app: RecordsScene(app))
    try:
        d.frames(2)
        assert len(d.top.entries) == 1
    finally:
        d.close()


def replay_seen_by_seat_2(game: str, moves: int) -> list[str]:
    """Labels of a replay of a human-vs-computer game after V turned it to seat 2's view."""
    import random
    session = GameSession(game, ["human", "ai:easy"], seed=3)
    rng = random.Random(3)
    for _ in range(moves):
        session.apply(rng.choice(session.legal_texts()), session.current_player)
    d = Driver(lambda app: ReplayScene(app, session.to_record()), autosave=False)
    try:
        d.key(pygame.K_v)
        assert d.top.viewer == 1
        return [text for text, _, _ in d.labels(1)]
    finally:
        d.close()


def test_a_replay_seen_through_another_seat_names_that_seat():
    """V in a replay shows another seat's secrets: they are that seat's, not "your"."""
    cb = replay_seen_by_seat_2("circuit_breaker", 40)
    assert "Seat 2 (AI)'s secret objective and score" in cb and "Your secret objective and score" not in cb
    # the mouse's label names seat 2's mouse, or says it is out (a0b123e), never "your" mouse
    assert "Your mouse" not in cb and "Your mouse is out" not in cb
    assert "Seat 2 (AI)'s mouse" in cb or "Mouse is out" in cb
    assert "The computer is playing for you." not in cb, "a replay is not autoplay"
    cube = replay_seen_by_seat_2("cube", 40)
    assert "Seat 2 (AI)'s copy of your shape" in cube, "its target is you"
    assert "Your hidden shape" not in cube and not any("You's" in text for text in cube)


def test_continuing_a_save_of_a_finished_game_counts_it_once_and_clears_it():
    """The app can stop between the last move's autosave and its game-over bookkeeping:
    Continue then opens a finished game, which must be counted and no longer offered."""
    from game.scenes.results import ResultsScene
    from game.scenes.title import TitleScene
    session = GameSession("blockers", ["human", "ai:easy"], seed=3, options={"first_player": 0})
    rng = random.Random(3)
    while not session.is_over():
        session.apply(rng.choice(session.legal_texts()), session.current_player)
    dirs = storage.user_dirs()
    storage.atomic_write_json(storage.autosave_path(dirs), session.to_record())
    d = Driver()
    try:
        d.frames(2)
        d.top.resume_game()
        assert d.until(lambda: isinstance(d.top, ResultsScene), timeout=10)
        stats, _ = storage.load_stats(dirs)
        assert stats.line("blockers", "ai:easy").played == 1
        assert len(storage.list_records(dirs)) == 1
        assert storage.load_autosave(dirs) == (None, None)
    finally:
        d.close()
    d = Driver()
    try:
        d.frames(2)
        assert isinstance(d.top, TitleScene) and d.top.continue_text is None
        stats, _ = storage.load_stats(dirs)
        assert stats.line("blockers", "ai:easy").played == 1, "counted once"
    finally:
        d.close()


def test_several_unreadable_records_are_summed_up_in_one_short_message():
    dirs = storage.user_dirs()
    folder = storage.records_dir(dirs)
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(3):
        (folder / f"2025010{i}-120000-breaks.json").write_text("{not json")
    d = Driver(lambda app: RecordsScene(app))
    try:
        d.frames(2)
        toast = d.top.toast
        assert toast.startswith("3 finished games could not be read. The first: ") and "(kept as " in toast
        assert toast.count(".json: ") == 1 and str(folder) not in toast, "each file named once, without its folder"
        assert len(list(folder.glob("*.bad-*"))) == 3
    finally:
        d.close()


def test_the_replay_of_a_computers_only_game_offers_no_watching_keys():
    """+, - and Space set the pace of a live game of computers; a replay steps with its own keys."""
    session = GameSession("breaks", ["ai:easy", "ai:easy"], seed=1, options=ENDGAME)
    for text in ("draw", "place 1", "done", "done"):
        session.apply(text, session.current_player)
    d = Driver(lambda app: ReplayScene(app, session.to_record()), autosave=False)
    try:
        labels = [text for text, _, _ in d.labels(2)]
        assert labels and not any(text.startswith("Watching:") for text in labels)
    finally:
        d.close()


def test_the_replay_bar_leaves_the_whole_blockers_rack_in_sight():
    """The replay's bar along the bottom cut off the lower part of the Blockers! rack: every
    rack tile (and its edge) is drawn as the table draws it, and the bar's text stays in the bar."""
    import random

    from game.scenes.blockers_table import BlockersTable
    session = GameSession("blockers", ["human", "ai:easy"], seed=1, options={"first_player": 0})
    rng = random.Random(1)
    for _ in range(6):
        session.apply(rng.choice(session.legal_texts()), session.current_player)
    d = Driver(lambda app: ReplayScene(app, session.to_record()), autosave=False)
    try:
        d.frames(3)
        replay = d.top
        table = replay.table
        assert isinstance(table, BlockersTable)
        labels = d.labels(1)
        canvas = d.app.display.canvas
        alone = pygame.Surface(canvas.get_size())
        table.draw(alone)  # the table as it draws itself, with no bar over it
        tiles = [table.rack_rect(i) for i in range(len(table.rack_tiles()))]
        assert tiles
        for rect in tiles:
            rect = rect.inflate(2, 2)  # the tile and a pixel round it
            for y in range(rect.top, rect.bottom):
                for x in range(rect.left, rect.right, 3):
                    assert canvas.get_at((x, y)) == alone.get_at((x, y)), f"rack hidden at {(x, y)}"
        bar = [rect for text, rect, _ in labels if text.startswith("Replay: move")]
        assert len(bar) == 1 and max(t.bottom for t in tiles) < bar[0].top and bar[0].bottom <= 720
    finally:
        d.close()


def test_the_puzzle_stars_line_keeps_its_number_clear_of_the_stars(monkeypatch):
    """German: 'Sterne aus Würfelrätseln: 9' is longer than the room left before the star
    row, whose first star covered the number."""
    from game.scenes import stats_scene
    storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"language": "de"})
    storage.save_progress(storage.user_dirs(), {"01_standing_tall": 3, "02_a_bridge": 3, "03_corner_post": 3})
    centres: list[tuple[int, int]] = []
    marker = stats_scene.draw.marker
    monkeypatch.setattr(stats_scene.draw, "marker",
                        lambda surface, kind, centre, r, colour: centres.append(centre) or
                        marker(surface, kind, centre, r, colour))
    d = Driver(lambda app: StatsScene(app))
    try:
        labels = d.labels(frames=2)
        line = [rect for text, rect, _ in labels if text.startswith("Sterne aus")]
        assert line and line[0].right > 290, "the German label reaches the old star row"
        assert len(centres) >= 9
        assert min(x for x, _ in centres) - 10 > line[0].right, "the first star covers the number"
    finally:
        d.close()


def test_a_cube_replay_shows_the_copy_as_it_was_at_that_move():
    """The replay showed the copy saved at the game's end at every move, even at move 0:
    at move k the copy is the seat's last guess before it, or empty."""
    from game.scenes.cube_build import Builder
    p = "S:5.2,6.2 M:4.1,5.1,7.1 L:3.1,6.1,8.1,9.1"
    q = "S:5.1,5.2 M:1.1,2.1,4.1 L:3.1,6.1,8.1,9.1"
    session = GameSession("cube", ["human", "ai:easy"], seed=1,
                          options={"first_player": 0, "setup": {"secrets": [p, q]}})
    for text, seat in (("guess " + p, 0), ("ask 5", 1), ("guess " + q, 0), ("ask 1", 1)):
        session.apply(text, seat)
    assert session.is_over()
    final = Builder(("S", "M", "L"))
    final.load(q)
    session.notes["cube_copies"] = {"0": final.saved()}  # kept with the game: the copy at its end
    d = Driver(lambda app: ReplayScene(app, session.to_record()), autosave=False)
    try:
        table = d.top.table

        def copy() -> str | None:
            shown = table.board.builder() or table.board.finished()
            return None if shown is None else (shown.text() or ("part" if shown.placed else "empty"))
        d.key(pygame.K_HOME)
        assert copy() == "empty", "no guess yet: nothing built"
        labels = [text for text, _, _ in d.labels(1)]
        assert "Your copy of Seat 2 (AI)'s shape" in labels
        d.key(pygame.K_RIGHT)
        assert copy() == p, "the wrong guess just made"
        d.key(pygame.K_RIGHT)
        assert copy() == p
        d.key(pygame.K_RIGHT)
        assert copy() == q, "the right guess"
        d.key(pygame.K_LEFT)
        d.key(pygame.K_LEFT)
        d.key(pygame.K_LEFT)
        assert copy() == "empty", "stepping back takes the guesses back"
    finally:
        d.close()


def test_the_replay_bar_leaves_the_whole_hidden_cube_shape_in_sight():
    """The bar along the bottom cut off the foot of the "Your hidden shape" foundation."""
    from game.scenes.cube_table import ANSWERS_BOX, SECRET_CENTRE
    p = "S:5.2,6.2 M:4.1,5.1,7.1 L:3.1,6.1,8.1,9.1"
    q = "S:5.1,5.2 M:1.1,2.1,4.1 L:3.1,6.1,8.1,9.1"
    session = GameSession("cube", ["human", "ai:easy"], seed=1,
                          options={"first_player": 0, "setup": {"secrets": [p, q]}})
    session.apply("ask 5", 0)
    d = Driver(lambda app: ReplayScene(app, session.to_record()), autosave=False)
    try:
        replay = d.top
        for key in (pygame.K_HOME, pygame.K_END):
            d.key(key)
            labels = d.labels(1)
            canvas = d.app.display.canvas
            alone = pygame.Surface(canvas.get_size())
            alone.fill((255, 0, 255))
            replay.table.draw_own_secret(alone)  # the hidden shape and its title, nothing else
            drawn = [(x, y) for x in range(SECRET_CENTRE[0] - 120, SECRET_CENTRE[0] + 120) for y in range(520, 720)
                     if alone.get_at((x, y))[:3] != (255, 0, 255)]
            assert drawn
            bar = replay.bar_rect()
            assert max(y for _, y in drawn) < bar.top, "the foundation runs under the replay's bar"
            assert all(canvas.get_at(xy) == alone.get_at(xy) for xy in drawn if xy[1] >= bar.top - 4)
            title = next(rect for text, rect, _ in labels if text == "Your hidden shape")
            assert title.top >= ANSWERS_BOX.bottom, "the title stays under the answers box"
    finally:
        d.close()


def test_a_cube_replay_shows_a_secret_shape_only_from_the_move_that_hid_it():
    """Stepping back past the move that hid seat 1's shape showed the shape on the grid it
    was about to be built on."""
    p = "S:5.2,6.2 M:4.1,5.1,7.1 L:3.1,6.1,8.1,9.1"
    q = "S:5.1,5.2 M:1.1,2.1,4.1 L:3.1,6.1,8.1,9.1"
    session = GameSession("cube", ["human", "ai:easy"], seed=1, options={"first_player": 0})
    session.apply("build " + p, 0)
    session.apply("build " + q, 1)
    d = Driver(lambda app: ReplayScene(app, session.to_record()), autosave=False)
    try:
        table = d.top.table

        def shown() -> str | None:
            board = table.board.builder() or table.board.finished()
            return None if board is None else (board.text() or ("part" if board.placed else "empty"))
        d.key(pygame.K_HOME)
        assert shown() == "empty", "seat 1 is about to build"
        d.key(pygame.K_RIGHT)
        assert shown() == p, "hidden: it stays in sight while seat 2 builds"
        d.key(pygame.K_LEFT)
        assert shown() == "empty", "stepping back takes the shape back"
    finally:
        d.close()


def test_german_shows_decimals_with_a_comma_in_the_statistics_and_the_watching_speed():
    """A best score of 12.5 (kept from a hand-edited or older file) reads 12,5 in German,
    and so does the speed of a watched game; English keeps its point."""
    from types import SimpleNamespace

    from game import i18n
    from game.scenes.table_base import TableScene
    stats = Stats()
    stats.line("breaks", "ai:easy").add("win", 12.5, False)
    storage.save_stats(storage.user_dirs(), stats)
    watching = SimpleNamespace(paused=False, pace=2.0)
    for language, best, speed in (("de", "12,5", "Tempo x0,5"), ("en", "12.5", "speed x0.5")):
        storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"language": language})
        d = Driver(lambda app: StatsScene(app))
        try:
            line = [text for text, _, _ in d.labels(frames=2) if "12" in text]
            assert line and f" {best}" in line[0] and "12.5" not in line[0].replace(best, ""), line
            assert TableScene.pace_label(watching) == speed
        finally:
            d.close()
            i18n.load_language("en")


def test_the_legend_is_evenly_spaced_and_a_long_level_name_keeps_its_size(monkeypatch):
    """German: 'Weitergeben und spielen' was drawn smaller to fit its column, and the
    legend's gaps depended on how long 'gewonnen', 'geteilt' and 'verloren' are."""
    from game.scenes import stats_scene
    from game.ui import theme
    stats = Stats()
    record_result(stats, "breaks", ["human", "human"], [0], [3, 1])
    storage.save_stats(storage.user_dirs(), stats)
    storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"language": "de"})
    bars: list[pygame.Rect] = []
    real_bar = stats_scene.result_bar
    monkeypatch.setattr(stats_scene, "result_bar", lambda surface, rect, *counts: bars.append(rect) or
                        real_bar(surface, rect, *counts))
    d = Driver(lambda app: StatsScene(app))
    try:
        d.frames(1)
        bars.clear()  # one frame's bars and labels
        labels = {text: rect for text, rect, _ in d.labels(frames=1)}
        name = labels["Weitergeben und spielen"]
        assert name.w >= theme.font(15).size("Weitergeben und spielen")[0], "drawn at its full size"
        row_bar = next(b for b in bars if b.w > 40 and abs(b.y - name.y) < 8)
        assert name.right <= row_bar.left - 6, (name, row_bar)
        legend = [labels[t] for t in ("gewonnen", "geteilt", "verloren")]
        swatches = sorted((b for b in bars if b.w == 20), key=lambda b: b.x)
        gaps = [swatch.left - text.right for text, swatch in zip(legend, swatches[1:], strict=False)]
        assert len(gaps) == 2 and gaps[0] == gaps[1], gaps
    finally:
        d.close()
        from game import i18n
        i18n.load_language("en")


def test_the_replays_hint_note_leaves_the_keys_line_readable_in_german():
    """At a move a hint was shown for, the German note ran over the end of the keys' line
    in the replay's bar: the keys' line gets smaller instead, both stay inside the bar."""
    from game import i18n
    session = GameSession("breaks", ["human", "ai:easy"], seed=1, options={"first_player": 0})
    session.apply("draw", 0)
    session.apply("discard", 0)
    session.hints = [1]
    d = Driver(lambda app: ReplayScene(app, session.to_record()), autosave=False)
    try:
        i18n.load_language("de")
        d.top.rebuild()
        d.frames(2)
        d.key(pygame.K_RIGHT)
        d.key(pygame.K_RIGHT)
        bar = d.top.bar_rect()
        note = [rect for text, rect, _ in d.labels(1) if text == tr("(a hint was shown for this move)")]
        keys = [rect for text, rect, _ in d.labels(1) if text.startswith("Wiedergabe:")]
        assert note and keys, "the German note and keys' line are on show"
        assert not note[0].colliderect(keys[0]), (note[0], keys[0])
        assert bar.contains(note[0]) and bar.contains(keys[0])
    finally:
        d.close()
        i18n.load_language("en")


def test_in_german_the_replays_keys_line_says_what_each_key_does():
    """'Links/Rechts einzeln ... Esc verlässt' left out what goes one by one and what Esc
    leaves: the arrows step through the game ('blättern') and Esc ends the replay."""
    from game import i18n
    session = GameSession("breaks", ["human", "ai:easy"], seed=1, options={"first_player": 0})
    session.apply("draw", 0)
    d = Driver(lambda app: ReplayScene(app, session.to_record()), autosave=False)
    try:
        i18n.load_language("de")
        d.top.rebuild()
        keys = [text for text, _, _ in d.labels(2) if text.startswith("Wiedergabe:")]
        assert keys and keys[0].endswith("Links/Rechts blättern, Pos1/Ende springen, V wechselt die Sicht, "
                                         "Esc beendet."), keys
    finally:
        d.close()
        i18n.load_language("en")


def test_a_replay_never_asks_for_a_move_only_names_who_moves_next():
    """At a person's turn the replayed table said 'Drag a tile from your rack onto the
    board.' (Breaks: 'Draw a card, ...'), though nothing can be played in a replay."""
    import random

    from game.scenes.blockers_table import BlockersTable
    for game, table_type in (("blockers", BlockersTable), ("breaks", BreaksTable)):
        session = GameSession(game, ["human", "ai:easy"], seed=1, options={"first_player": 0})
        rng = random.Random(1)
        for _ in range(6):
            session.apply(rng.choice(session.legal_texts()), session.current_player)
        d = Driver(lambda app, s=session: ReplayScene(app, s.to_record()), autosave=False)
        try:
            d.frames(3)
            replay = d.top
            table = replay.table
            assert isinstance(table, table_type)
            seen = set()
            for step in range(len(replay.full.actions)):
                replay.go(step)
                d.frames(1)
                mover = table.session.current_player
                expected = tr("Next move: yours.") if mover == table.perspective else \
                    tr("Next move: {name}.", name=table.seat_name(mover))
                assert table.prompt() == expected, (game, step)
                seen.add(mover)
            assert seen == {0, 1}, "both a person's turn and the computer's were stepped through"
        finally:
            d.close()


def test_a_replay_jumps_and_changes_whose_view_by_mouse_too():
    """Whose view (V) and the jumps to the start and the end (Home/End) were keyboard-only:
    they have buttons, each naming its key in the tooltip."""
    from game.i18n import tr
    session = one_turn_each_finished()
    d = Driver(lambda app: ReplayScene(app, session.to_record()), autosave=False)
    try:
        replay = d.top
        buttons = {b.text: b for b in replay._callbacks}
        total = len(replay.full.actions)
        assert replay.step == total > 1
        d.click(buttons[tr("Start")].rect.center)
        assert replay.step == 0
        d.click(buttons[tr("End")].rect.center)
        assert replay.step == total
        viewer = replay.viewer
        d.click(buttons[tr("Change view")].rect.center)
        assert replay.viewer == (viewer + 1) % 2 and replay.table.viewer == replay.viewer
        assert {buttons[tr(label)].tip for label in ("Start", "End", "Change view")} == {
            tr("Home: back to the start of the game"), tr("End: on to the end of the game"),
            tr("V: the game as the next seat sees it")}
        rects = [b.rect for b in replay._callbacks]
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:]), "no overlaps"
    finally:
        d.close()


def test_damaged_statistics_and_puzzle_progress_are_both_named_in_german():
    """The statistics screen read puzzles.json, moved a damaged one aside and said nothing:
    the stars line fell to 0 unexplained. Both messages are shown, each in German."""
    from game import i18n
    dirs = storage.user_dirs()
    storage.stats_path(dirs).write_text('{"format": 1,', encoding="utf-8")
    storage.progress_path(dirs).write_text('["01_first"]', encoding="utf-8")
    storage.atomic_write_json(storage.settings_path(dirs), {"language": "de"})
    try:
        d = Driver(lambda app: StatsScene(app))
        try:
            d.frames(2)
            toast = d.top.toast or ""
            assert toast.startswith("Statistik zurückgesetzt: "), toast
            assert " Rätselfortschritt zurückgesetzt: " in toast and "aufbewahrt als puzzles.json.bad-" in toast
            assert "reset" not in toast and "kept as" not in toast, "no English left"
        finally:
            d.close()
    finally:
        i18n.load_language("en")
    assert list(dirs.data.glob("puzzles.json.bad-*")) and list(dirs.data.glob("stats.json.bad-*"))


def test_damaged_statistics_that_cannot_be_moved_aside_are_not_written_over(monkeypatch):
    """A finished game's result was saved over a damaged stats.json left in place, losing
    the only copy of every game counted before; the finished game is still kept."""
    dirs = storage.user_dirs()
    path = storage.stats_path(dirs)
    path.parent.mkdir(parents=True, exist_ok=True)
    damaged = '{"format": 1, "games": {"breaks": {"ai:easy": {"played": 40, "wins": 22'
    path.write_text(damaged, encoding="utf-8")
    monkeypatch.setattr(storage, "move_aside", lambda path, reason="": None)
    session = GameSession("breaks", ["ai:easy", "human"], seed=2, options=ENDGAME)
    d = Driver(lambda app: BreaksTable(app, session), autosave=False)
    try:
        table = play_out_endgame(d)
        assert path.read_text(encoding="utf-8") == damaged
        assert (table.save_problem or "").startswith("Could not save the statistics: Statistics reset: "), \
            table.save_problem
        assert len(storage.list_records(dirs)) == 1, "the game is kept for replay all the same"
    finally:
        d.close()


def test_a_replay_buttons_tip_leaves_the_other_row_of_buttons_in_sight(monkeypatch):
    """The top row's tips dropped over Previous / Next / Close, the bottom row's rose over
    Start / End / Change view: each now goes where it covers no button."""
    from tests.ui.test_tooltip_placement import tip_drawn
    session = one_turn_each_finished()
    d = Driver(lambda app: ReplayScene(app, session.to_record()), autosave=False)
    try:
        replay = d.top
        buttons = list(replay._callbacks)
        assert len(buttons) == 6
        for button in buttons:
            tip = tip_drawn(d, monkeypatch, button.rect.center)
            assert tip is not None, button.text
            assert tip.collidelist([b.rect for b in buttons]) < 0, f"{button.text}'s tip covers a button"
            assert tip.bottom <= min(b.rect.top for b in buttons), "over both rows, in the side panel"
    finally:
        d.close()
