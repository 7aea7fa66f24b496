"""A player who keeps the app open all evening: the data folder can turn read-only or
fill up mid-session, and the window can be resized many times. Nothing of that may end
in the error screen or grow without bound."""

from __future__ import annotations

import contextlib
import errno
import random
import sys
from pathlib import Path

import pytest

from game import storage
from game.scenes.breaker_blocks_table import BreakerBlocksTable
from game.scenes.results import ResultsScene
from game.session import GameSession
from tests.ui.driver import Driver


def one_move_from_the_end() -> tuple[GameSession, str]:
    """A pass-and-play Breaker Blocks game (open tiles: no hand-offs) and its last move."""
    session = GameSession("breaker_blocks", ["human", "human"], seed=3)
    rng = random.Random(3)
    while True:
        legal = session.legal_texts()
        text = legal[rng.randrange(len(legal))]
        probe = GameSession.from_record(session.to_record())
        probe.apply(text, probe.current_player)
        if probe.is_over():
            return session, text
        session.apply(text, session.current_player)


def test_the_last_move_on_a_read_only_data_folder_still_shows_the_results(monkeypatch, tmp_path):
    """The data folder turned read-only mid-game (a remount, a pulled USB home): the
    winning move is still played and the results shown, with the reason why nothing was
    kept; before, removing the finished game's save raised and the error screen replaced
    the results."""
    # a home folder deep in a synced drive: the message names long paths
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "Nextcloud" / "Eigene Dateien" / "Spiele und Programme"))
    session, last = one_move_from_the_end()
    d = Driver(lambda app: BreakerBlocksTable(app, session))
    try:
        d.frames(3)
        d.app.writer.flush()
        read_only = OSError(errno.EROFS, "Read-only file system")
        real_unlink = Path.unlink

        def refuse_write(*args, **kwargs):
            raise read_only

        def refuse_unlink(self, missing_ok=False):
            if d.app.dirs.data in self.parents:
                raise read_only
            real_unlink(self, missing_ok=missing_ok)

        monkeypatch.setattr(storage, "atomic_write_json", refuse_write)
        monkeypatch.setattr(Path, "unlink", refuse_unlink)
        table = d.top
        assert table.perform(last, session.current_player)
        d.frames(5)
        assert session.is_over()
        assert table.toast is None
        results = d.top
        assert isinstance(results, ResultsScene), results
        # said on the results, over their shade, not only dimmed on the table below them
        assert results.toast and results.toast.startswith("Could not save the statistics: the disk is read-only")
        assert "Could not keep the finished game for replay: the disk is read-only" in results.toast
        box = d.toast_box(results)
        assert not box.colliderect(results.box) and d.app.display.canvas.get_rect().contains(box)
    finally:
        monkeypatch.undo()
        d.close()


def open_font_files() -> int:
    """Font files this process holds open (each loaded size keeps its file open)."""
    fds = Path("/proc/self/fd")
    count = 0
    for fd in fds.iterdir():
        with contextlib.suppress(OSError):  # the listing's own descriptor is gone by now
            count += fd.resolve().suffix.lower() in (".ttf", ".otf")
    return count


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc for open files")
def test_resizing_the_window_all_evening_keeps_a_bounded_number_of_fonts_open():
    """In a window larger than the canvas every label is drawn again at the window's own
    size, so each new window size needs new font sizes. Before, every size ever used stayed
    loaded with its font file open: dragging the window's edge for a while held hundreds of
    files and their glyph caches (macOS allows a program 256 open files by default)."""
    import pygame

    from game.scenes.title import TitleScene
    from game.ui import theme
    d = Driver()
    try:
        d.frames(2)
        for width in range(1300, 3840, 24):  # a drag of the window's edge, then full screen
            pygame.display.set_mode((width, width * 9 // 16), pygame.RESIZABLE)
            pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=width, y=width * 9 // 16))
            d.frames(1)
            if width % 240 == 20:  # now and then another screen, with other labels
                d.app.stack.clear_to(TitleScene(d.app))
                d.frames(1)
        assert len(theme._fonts) <= 64
        assert open_font_files() <= 64
        assert d.top.ui is not None and isinstance(d.top, TitleScene)
    finally:
        d.close()


def test_a_finished_game_that_cannot_be_kept_says_which_file_and_why(monkeypatch):
    """On a full disk the statistics and the replay record each fail with the file they
    would have been, not a temporary file's name and an error number; the record is still
    tried when the statistics fail (it may be all that fits)."""
    session, last = one_move_from_the_end()
    d = Driver(lambda app: BreakerBlocksTable(app, session))
    try:
        d.frames(3)
        real = storage.atomic_write_json
        tried: list[str] = []

        def disk_full(path, data, keep_previous=False):
            if path.name == "stats.json":
                tried.append(path.name)
                tmp = path.with_name(path.name + ".x1y2z3.tmp")
                raise OSError(errno.ENOSPC, "No space left on device", str(tmp))
            real(path, data, keep_previous)

        monkeypatch.setattr(storage, "atomic_write_json", disk_full)
        table = d.top
        assert table.perform(last, session.current_player)
        d.frames(5)
        assert isinstance(d.top, ResultsScene), d.top
        assert tried == ["stats.json"]
        assert d.top.toast == (f"Could not save the statistics: the disk is full "
                               f"({storage.stats_path(d.app.dirs)})")
        assert table.toast is None, "said once, on the results"
        assert len(storage.list_records(d.app.dirs)) == 1, "the game is still kept for replay"
    finally:
        monkeypatch.undo()
        d.close()


def test_going_back_and_forth_between_screens_keeps_no_record_of_the_old_buttons():
    """The pooled GUI managers live as long as the app. pygame_gui notes where each removed
    widget was (for a dirty-rect redraw the app never uses) and never forgets it: before,
    every screen left opened the list grew by its buttons, all evening long."""
    from game.scenes.setup import SetupScene
    from game.ui import gui

    def noted() -> int:
        managers = {id(m): m for m in gui._pool}
        for scene in d.app.stack.scenes:
            managers[id(scene.ui)] = scene.ui
        return sum(len(m.get_sprite_group().lostsprites) for m in managers.values())

    d = Driver()
    try:
        d.frames(2)
        counts = []
        for game in ("breaks", "cube", "breaks", "cube", "breaks", "cube"):
            d.app.stack.push(SetupScene(d.app, game))
            d.frames(2)
            d.app.stack.pop()
            d.frames(2)
            counts.append(noted())
        assert counts[-1] <= counts[1], counts
    finally:
        d.close()
