"""Settings, saves and logs under the platform's user folders (platformdirs).

Every write is atomic (temp file, fsync, rename) so a crash never leaves half a file.
A file that cannot be read is moved aside (never deleted) and reported with a message
naming the file and the problem; the app then carries on with defaults.
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import logging.handlers
import math
import os
import queue
import re
import shutil
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

import platformdirs

APP_NAME = "Breakbox"
log = logging.getLogger("breakbox")


class StorageError(Exception):
    """A user file could not be read or written; the message names the file."""


class NewerFileError(StorageError):
    """A file written by a newer Breakbox: kept where it is for that version to read."""


# Why a file could not be written, in our own words (English, translated where shown): the
# system's own text (strerror) is English whatever language the player chose.
WRITE_PROBLEMS = {
    errno.ENOSPC: "the disk is full",
    # the user's share of it, which reads the same to them (not every system names it)
    getattr(errno, "EDQUOT", errno.ENOSPC): "the disk is full",
    errno.EACCES: "no permission to write there",
    errno.EPERM: "no permission to write there",
    errno.EROFS: "the disk is read-only",
    errno.ENAMETOOLONG: "the file name is too long",
}
OTHER_WRITE_PROBLEM = "the system reported an error"  # the log file keeps its own words


def write_problem(exc: OSError) -> str:
    """Why a write failed, as a phrase from WRITE_PROBLEMS (in English: pass it to tr)."""
    return WRITE_PROBLEMS.get(exc.errno, OTHER_WRITE_PROBLEM)


@dataclass
class UserDirs:
    data: Path
    config: Path
    logs: Path
    warning: str | None = None

    @property
    def saves(self) -> Path:
        return self.data / "saves"


def _usable(path: Path) -> bool:
    try:
        path.mkdir(parents=True, exist_ok=True)
        probe = path / ".write-test"
        probe.write_text("ok")
        probe.unlink()
        return True
    except OSError:
        return False


def user_dirs() -> UserDirs:
    """The app's folders, created if needed; falls back to a temp folder if unwritable."""
    dirs = UserDirs(
        data=Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)),
        config=Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)),
        logs=Path(platformdirs.user_log_dir(APP_NAME, appauthor=False)),
    )
    bad = [p for p in (dirs.data, dirs.config, dirs.logs) if not _usable(p)]
    if bad:
        # only the folders that cannot be written move: settings (and so the language) still
        # come from a config folder that works
        fallback = Path(tempfile.gettempdir()) / f"breakbox-{os.getuid() if hasattr(os, 'getuid') else 'user'}"
        dirs = UserDirs(*(fallback / name if p in bad else p
                          for name, p in (("data", dirs.data), ("config", dirs.config), ("logs", dirs.logs))))
        for p in (dirs.data, dirs.config, dirs.logs):
            p.mkdir(parents=True, exist_ok=True)
        dirs.warning = f"Cannot write to {bad[0]}; a folder under {fallback} stands in for it this session."
    return dirs


def atomic_write_json(path: Path, data: Any, keep_previous: bool = False) -> None:
    """Write JSON so that either the old or the new file exists, never a torn one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, indent=1, sort_keys=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        if keep_previous and path.exists():
            # Keep the old version as .prev without ever leaving ``path`` missing: a hard
            # link (or a copy) takes the old content aside, then the rename swaps in the new.
            prev = path.with_name(path.stem + ".prev" + path.suffix)
            staging = prev.with_name(prev.name + ".tmp")
            staging.unlink(missing_ok=True)
            try:
                os.link(path, staging)
            except OSError:
                shutil.copy2(path, staging)
            os.replace(staging, prev)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


# The temp names atomic_write_json makes: mkstemp's "<name>.<8 random>.tmp" and the staging
# "<stem>.prev<suffix>.tmp". Only these are ever cleaned up, and only in our own folders.
_OUR_TEMP = re.compile(r"[\w.-]+\.json\.[a-z0-9_]{8}\.tmp|[\w.-]+\.prev\.json\.tmp")
STALE_TEMP_AGE = 60.0  # seconds; a write in flight (another open copy of the app) is far younger


def remove_stale_temp_files(dirs: UserDirs, now: float | None = None) -> list[Path]:
    """Delete temp files a hard kill left behind mid-save; returns what was removed.
    Never raises: a file that cannot be looked at or removed is left where it is."""
    now = time.time() if now is None else now
    removed: list[Path] = []
    for folder in (dirs.config, dirs.data, dirs.saves, records_dir(dirs)):
        try:
            entries = list(folder.iterdir())
        except OSError:
            continue
        for path in entries:
            try:
                if not _OUR_TEMP.fullmatch(path.name) or path.is_symlink() or not path.is_file():
                    continue
                if now - path.stat().st_mtime < STALE_TEMP_AGE:
                    continue
                path.unlink()
                removed.append(path)
            except OSError as exc:
                log.warning("Could not remove the leftover temp file %s: %s", path, exc.strerror or exc)
    if removed:
        log.info("Removed %d temp file(s) left by an interrupted save: %s", len(removed),
                 ", ".join(str(p) for p in removed))
    return removed


def read_json(path: Path) -> Any:
    try:
        # utf-8-sig: a file edited by hand in Notepad may start with a byte order mark
        text = path.read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise StorageError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise StorageError(f"{path}: not a text file (not UTF-8)") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise StorageError(f"{path}: not valid JSON (line {exc.lineno}: {exc.msg})") from None
    except RecursionError:
        raise StorageError(f"{path}: not valid JSON (nested too deeply)") from None


def move_aside(path: Path, reason: object = "damaged") -> Path | None:
    """Rename a bad file so it is kept for inspection but no longer loaded. The log names it
    and why: the message on screen is gone once it fades, the log is what a report can quote."""
    stamp = time.strftime('%Y%m%d-%H%M%S')
    target = path.with_name(f"{path.name}.bad-{stamp}")
    n = 1
    while target.exists():  # a file kept aside earlier in the same second is not replaced
        n += 1
        target = path.with_name(f"{path.name}.bad-{stamp}-{n}")
    try:
        os.replace(path, target)
    except OSError as exc:
        log.warning("%s left in place (%s), could not be moved aside: %s", path, reason, exc.strerror or exc)
        return None
    log.warning("%s kept as %s: %s", path, target.name, reason)
    return target


# --- settings -----------------------------------------------------------------------

ANIMATION_SPEEDS = ("off", "fast", "normal", "slow")
AI_LEVELS = ("easy", "normal", "hard")
WINDOW_SCALES = (1.0, 1.25, 1.5, 1.75, 2.0)
TEXT_SCALES = (1.0, 1.25, 1.5, 1.75, 2.0)


@dataclass
class Settings:
    fullscreen: bool = False
    window_scale: float = 1.0
    volume: float = 0.7
    muted: bool = False
    animation_speed: str = "normal"
    ai_level: str = "normal"
    colorblind: bool = True
    language: str = "en"
    high_contrast: bool = False
    text_scale: float = 1.0

    def validated(self) -> Settings:
        """Clamp or reset any value a hand edit may have broken."""
        d = Settings()
        if not isinstance(self.fullscreen, bool):
            self.fullscreen = d.fullscreen
        if isinstance(self.window_scale, bool) or self.window_scale not in WINDOW_SCALES:  # True == 1.0
            self.window_scale = d.window_scale
        if not isinstance(self.volume, int | float) or isinstance(self.volume, bool) or \
                not math.isfinite(self.volume):
            self.volume = d.volume
        self.volume = min(1.0, max(0.0, float(self.volume)))
        if not isinstance(self.muted, bool):
            self.muted = d.muted
        if self.animation_speed not in ANIMATION_SPEEDS:
            self.animation_speed = d.animation_speed
        if self.ai_level not in AI_LEVELS:
            self.ai_level = d.ai_level
        if not isinstance(self.colorblind, bool):
            self.colorblind = d.colorblind
        if not isinstance(self.high_contrast, bool):
            self.high_contrast = d.high_contrast
        if isinstance(self.text_scale, bool) or self.text_scale not in TEXT_SCALES:
            self.text_scale = d.text_scale
        from game.i18n import available_languages
        if isinstance(self.language, str):
            self.language = self.language.lower()  # "DE" is German
        if self.language not in available_languages():
            self.language = d.language
        return self


def _read_object(path: Path, expected: str = "a JSON object") -> tuple[dict[str, Any] | None, str]:
    """A JSON object read from ``path``; a file that is not one is moved aside (kept beside
    it) and None comes back with what was wrong (``expected``: what it should have held) and
    where the file went."""
    try:
        raw = _object_in(path, expected)
    except StorageError as exc:
        moved = move_aside(path, exc)
        return None, f"{exc}" + (f" (kept as {moved.name})" if moved else "")
    return raw, ""


def _object_in(path: Path, expected: str = "a JSON object") -> dict[str, Any]:
    """The JSON object ``path`` holds; StorageError says why it holds none."""
    raw = read_json(path)
    if not isinstance(raw, dict):
        raise StorageError(f"{path}: expected {expected}")
    return raw


def settings_path(dirs: UserDirs) -> Path:
    return dirs.config / "settings.json"


def load_settings(dirs: UserDirs) -> tuple[Settings, str | None]:
    """Settings plus a message if the file had to be moved aside."""
    path = settings_path(dirs)
    if not path.exists():
        return Settings(), None
    raw, problem = _read_object(path)
    if raw is None:
        return Settings(), f"Settings reset: {problem}"
    known = {f.name for f in fields(Settings)}
    given = {k: v for k, v in raw.items() if k in known}
    settings = Settings(**given).validated()
    reset = [k for k, v in given.items() if (type(v) is bool and type(getattr(settings, k)) is not bool)
             or (v != getattr(settings, k) and not (k == "language" and str(v).lower() == settings.language))]
    if reset:  # the other settings are kept; these fall back to their defaults (or nearest value)
        _write_back(path, {**raw, **asdict(settings)})  # said once; a newer version's keys stay
        return settings, f"Settings: {', '.join(k.replace('_', ' ') for k in reset)} in {path} " \
                         f"had values Breakbox cannot use and were reset"
    return settings, None


def save_settings(dirs: UserDirs, settings: Settings) -> None:
    """Write the settings; keys this version does not know (a newer Breakbox's) stay as they
    are. OSError: not written. A file in place that holds no settings is a damaged one that
    could not be moved aside when read (or one broken since): the only copy of the settings
    it held is not written over, and StorageError says why."""
    path = settings_path(dirs)
    kept: dict[str, Any] = {}
    if path.exists():
        try:
            kept = _object_in(path)
        except StorageError as exc:
            raise StorageError(f"Settings reset: {exc}") from None
    atomic_write_json(path, {**kept, **asdict(settings)})


# --- remembered set-ups ----------------------------------------------------------------
# Each game's last set-up (seats, levels, player count, options) in a file of its own next
# to the settings: a damaged one costs the remembered set-ups, never the settings.

def setups_path(dirs: UserDirs) -> Path:
    return dirs.config / "setups.json"


def _read_setups(dirs: UserDirs) -> tuple[dict[str, Any], str | None]:
    """Every game's remembered set-up, and a message if an unreadable file was moved aside
    (kept, logged): the set-up screen says so, or the reset went unexplained."""
    path = setups_path(dirs)
    if not path.exists():
        return {}, None
    raw, problem = _read_object(path)
    if raw is None:
        log.warning("remembered set-ups reset: %s", problem)
        return {}, f"Remembered set-ups reset: {problem}"
    return raw, None


def load_setup(dirs: UserDirs, game: str) -> tuple[dict[str, Any] | None, str | None]:
    """The set-up last started for ``game`` as stored (the set-up screen checks each part),
    and a message if the file had to be moved aside."""
    setups, problem = _read_setups(dirs)
    record = setups.get(game)
    return (record if isinstance(record, dict) else None), problem


def save_setup(dirs: UserDirs, game: str, record: dict[str, Any] | None) -> None:
    """Remember ``game``'s set-up (None forgets it); the other games' stay as they are.
    A failed write is logged: it must not stop a game from starting. Nor is a damaged file
    that could not be moved aside written over: it holds every other game's set-up."""
    setups, problem = _read_setups(dirs)
    try:
        _keep_damaged(setups_path(dirs), problem, setups)
    except StorageError as exc:  # the set-up screen named the damage when it opened
        log.warning("the set-up of %s not remembered over a damaged file: %s", game, exc)
        return
    if record is None:
        if game not in setups:
            return
        setups.pop(game)
    else:
        setups[game] = record
    try:
        atomic_write_json(setups_path(dirs), setups)
    except OSError as exc:
        log.warning("could not remember the set-up of %s: %s", game, exc)


# --- saves ----------------------------------------------------------------------------

def autosave_path(dirs: UserDirs) -> Path:
    return dirs.saves / "autosave.json"


def _read_save(path: Path) -> dict[str, Any]:
    from game.save_format import NewerSaveError, SaveFormatError, migrate
    try:
        return migrate(read_json(path))
    except NewerSaveError as exc:
        raise NewerFileError(f"{path}: {exc}") from None
    except SaveFormatError as exc:
        raise StorageError(f"{path}: {exc}") from None


def find_autosave(dirs: UserDirs) -> tuple[dict[str, Any] | None, Path | None, str | None]:
    """The autosave record (or None), the file it was read from, and a message if a bad
    file was moved aside.

    A damaged autosave falls back to the previous one (kept by every write). A game whose
    data files are broken cannot be read now, but its save is not at fault: it is kept,
    and so is a save from a newer Breakbox (continuing the older one would overwrite it)."""
    from game.rules import GameDataError
    path = autosave_path(dirs)
    prev = path.with_name(path.stem + ".prev" + path.suffix)
    problem = None
    damage = ""
    try:
        if path.exists():
            try:
                return _read_save(path), path, None
            except NewerFileError as exc:
                return None, None, f"Could not continue: {exc}"
            except StorageError as exc:
                moved = move_aside(path, exc)
                damage = f"{exc}" + (f" (kept as {moved.name})" if moved else "")
                problem = f"Could not continue: {damage}"
        if prev.exists():
            try:
                record = _read_save(prev)
                # the newer save may be the one written as the next player took the seat: a
                # pass screen's take-back kept in this older one would undo a move they have seen
                record.pop("passed_by", None)
                # the game does go on, from one move back: say so, not "could not continue"
                return record, prev, f"The saved game was damaged: {damage}; continuing from the save before it" \
                    if problem else None
            except NewerFileError:
                pass  # left for the Breakbox that wrote it
            except StorageError as exc:
                # moved aside and named like any damaged file: left in place it went unmentioned,
                # and the next game's saves replaced it
                moved = move_aside(prev, exc)
                older = f"{exc}" + (f" (kept as {moved.name})" if moved else "")
                problem = f"Could not continue: {damage}; the save before it was damaged too: {older}" \
                    if problem else f"Could not continue: {older}"
    except GameDataError as exc:
        return None, None, f"The saved game is kept but cannot be continued now: {exc}"
    return None, None, problem


def load_autosave(dirs: UserDirs) -> tuple[dict[str, Any] | None, str | None]:
    """The autosave record (or None) plus a message if a bad file was moved aside."""
    record, _, problem = find_autosave(dirs)
    return record, problem


def autosave_kept(dirs: UserDirs) -> bool:
    """True when a save file is in place, readable here or not (a newer Breakbox's)."""
    return autosave_path(dirs).exists()


def autosave_is_newer(dirs: UserDirs) -> bool:
    """The save in place was written by a newer Breakbox (not a damaged one left in place,
    nor one whose game cannot be read now)."""
    try:
        _read_save(autosave_path(dirs))
    except NewerFileError:
        return True
    except Exception:  # only asked to word a question: any other failure is not "newer"
        return False
    return False


def clear_autosave(dirs: UserDirs) -> None:
    path = autosave_path(dirs)
    path.unlink(missing_ok=True)
    path.with_name(path.stem + ".prev" + path.suffix).unlink(missing_ok=True)


class BackgroundWriter:
    """Writes JSON files on a worker thread so the frame loop never waits on fsync.

    Only the newest pending content per path is written: a write queued while an older one
    of the same file still waits replaces it (on a slow disk the autosave falls one write
    behind, not a backlog of moves, and quitting waits for one write). ``flush`` waits for
    the queue.
    """

    def __init__(self) -> None:
        # the queue names the files to write (once per pending content); the content itself
        # waits in _pending, where a newer write replaces it
        self._queue: queue.Queue[Path | None] = queue.Queue()
        self._pending: dict[Path, tuple[Any, bool]] = {}
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._run, name="breakbox-writer", daemon=True)
        self._thread.start()
        self.last_error: str | None = None
        self._failure: tuple[Path, OSError] | None = None  # the newest failed write, not yet reported
        self._failing: dict[Path, OSError] = {}  # files whose newest write failed (a later success clears)

    def write(self, path: Path, data: Any, keep_previous: bool = False) -> None:
        with self._lock:
            waiting = path in self._pending
            self._pending[path] = (data, keep_previous)
        if not waiting:
            self._queue.put(path)

    def _run(self) -> None:
        while True:
            path = self._queue.get()
            try:
                if path is None:
                    return
                with self._lock:  # taken before writing: a write queued meanwhile is written next
                    data, keep_previous = self._pending.pop(path)
                try:
                    atomic_write_json(path, data, keep_previous=keep_previous)
                    self._failing.pop(path, None)
                except (OSError, TypeError, ValueError) as exc:
                    # data json cannot write fails this save only: a dead writer thread would
                    # leave every later save unwritten and flush() waiting for ever at quit
                    if not isinstance(exc, OSError):
                        exc = OSError(f"the game could not be written as JSON ({exc})")
                    self.last_error = f"Could not save {path}: {exc}"
                    self._failure = (path, exc)
                    self._failing[path] = exc
                    log.error(self.last_error)
            finally:
                self._queue.task_done()

    def take_failure(self) -> tuple[Path, OSError] | None:
        """The newest write that failed since the last call (file and error), or None."""
        failure, self._failure = self._failure, None
        return failure

    def failing(self, path: Path) -> OSError | None:
        """Why the newest write of ``path`` failed (after waiting for the queue), or None
        when it was written: what is on disk is then the game as it stands."""
        self.flush()
        return self._failing.get(path)

    def flush(self) -> None:
        self._queue.join()

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join(timeout=2)


# --- puzzle progress -----------------------------------------------------------------

def progress_path(dirs: UserDirs) -> Path:
    return dirs.data / "puzzles.json"


def load_progress(dirs: UserDirs) -> tuple[dict[str, int], str | None]:
    """Best stars per puzzle name; a bad file is moved aside with a message."""
    path = progress_path(dirs)
    if not path.exists():
        return {}, None
    raw, problem = _read_object(path, "puzzle names with 0-3 stars")
    if raw is None:
        return {}, f"Puzzle progress reset: {problem}"
    good = {k: v for k, v in raw.items() if isinstance(k, str) and type(v) is int and 0 <= v <= 3}
    if len(good) == len(raw):
        return good, None
    bad = len(raw) - len(good)  # one bad entry does not cost the stars of every other puzzle
    head = "Puzzle progress: an unreadable entry was left out" if bad == 1 else \
        f"Puzzle progress: {bad} unreadable entries were left out"
    return good, _keep_the_rest(path, good, head, "expected puzzle names with 0-3 stars")


def _keep_the_rest(path: Path, good: Any, head: str, detail: str) -> str:
    """Keep a partly damaged file aside, write back its good part at once (a quit before
    the next save keeps it), and say so. Never writes over the only copy of the file."""
    moved = move_aside(path, detail)
    if moved is not None:
        _write_back(path, good)
    return f"{head}: {path}: {detail}" + (f" (kept as {moved.name})" if moved else "")


def _write_back(path: Path, data: Any) -> None:
    """Write what was salvaged from a bad file; failing that, the next save writes it."""
    try:
        atomic_write_json(path, data)
    except OSError as exc:
        log.warning("could not write back %s: %s", path, exc)


def save_progress(dirs: UserDirs, progress: dict[str, int]) -> None:
    atomic_write_json(progress_path(dirs), progress)


def record_stars(dirs: UserDirs, name: str, stars: int) -> str | None:
    """Keep a puzzle's best stars; the message of a damaged progress file read on the way, if
    any. A damaged file that could not be moved aside is the only copy of every other
    puzzle's stars: it is not written over, and StorageError says why. OSError: not written."""
    progress, problem = load_progress(dirs)
    _keep_damaged(progress_path(dirs), problem, progress)
    progress[name] = max(progress.get(name, 0), stars)
    save_progress(dirs, progress)
    return problem


def _keep_damaged(path: Path, problem: str | None, read: Any) -> None:
    """Raise StorageError(problem) when the load that gave ``read`` found ``path`` damaged
    and left it in place (it could not be moved aside): it is the only copy of what it
    held, and a save would write over it."""
    if problem and path.exists() and not _holds(path, read):
        raise StorageError(problem)


def _holds(path: Path, data: Any) -> bool:
    """The file holds exactly ``data`` (a salvaged file's good part written back)."""
    try:
        return read_json(path) == data
    except StorageError:
        return False


# --- statistics ------------------------------------------------------------------------

def stats_path(dirs: UserDirs) -> Path:
    return dirs.data / "stats.json"


def load_stats(dirs: UserDirs) -> tuple[Any, str | None]:
    """The Stats (empty if none); a bad file is moved aside with a message. A newer
    Breakbox's file raises NewerFileError: it stays where it is and must not be saved over."""
    from game.stats import NewerStatsError, Stats
    path = stats_path(dirs)
    if not path.exists():
        return Stats(), None
    try:
        stats, problems = Stats.salvage(read_json(path))
    except NewerStatsError as exc:
        raise NewerFileError(f"{path}: {exc}") from None
    except (StorageError, ValueError) as exc:
        problem = str(exc) if isinstance(exc, StorageError) else f"{path}: {exc}"  # a StorageError names it
        moved = move_aside(path, problem)
        return Stats(), f"Statistics reset: {problem}" + (f" (kept as {moved.name})" if moved else "")
    if not problems:
        return stats, None
    head = "Statistics: an unreadable line was left out" if len(problems) == 1 else \
        f"Statistics: {len(problems)} unreadable lines were left out"
    return stats, _keep_the_rest(path, stats.to_json(), head, problems[0])


def save_stats(dirs: UserDirs, stats: Any) -> None:
    atomic_write_json(stats_path(dirs), stats.to_json())


def update_stats(dirs: UserDirs, change: Callable[[Any], bool]) -> str | None:
    """Apply ``change`` to the statistics and save them if it returns True; the message of a
    damaged file read on the way, if any. A damaged file that could not be moved aside is
    not written over (StorageError says why); a newer Breakbox's raises NewerFileError.
    OSError: not written."""
    stats, problem = load_stats(dirs)
    read = stats.to_json()  # as loaded: what a salvaged file written back holds
    if change(stats):
        _keep_damaged(stats_path(dirs), problem, read)
        save_stats(dirs, stats)
    return problem


# --- finished games (records for replay) ---------------------------------------------

RECORDS_KEPT = 100


def records_dir(dirs: UserDirs) -> Path:
    return dirs.saves / "records"


def save_finished(dirs: UserDirs, record: dict[str, Any]) -> Path:
    """Keep a finished game for replay; the oldest beyond RECORDS_KEPT are removed."""
    folder = records_dir(dirs)
    folder.mkdir(parents=True, exist_ok=True)
    # the millisecond keeps games that end in the same second in order (and the name sorts);
    # UTC ("Z") so that setting the clocks back an hour in autumn cannot make new games older
    now = time.time()  # one reading for the second and its millisecond
    stamp = f"{time.strftime('%Y%m%d-%H%M%S', time.gmtime(now))}-{int(now * 1000) % 1000:03d}Z"
    path = folder / f"{stamp}-{record['log']['game']}.json"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"{stamp}-{record['log']['game']}-{n}.json"
    atomic_write_json(path, record)
    # only files Breakbox named count and go: one put there by hand (a friend's game) is kept
    ours = [p for p in folder.glob("*.json") if _RECORD_NAME.fullmatch(p.name)]
    for old in sorted(ours, key=_saved_order)[:-RECORDS_KEPT]:
        old.unlink(missing_ok=True)
    return path


_RECORD_NAME = re.compile(r"(\d{8}-\d{6})(?:-(\d{3})(Z?))?-[a-z_]+(?:-(\d+))?\.json")


def _saved_order(path: Path) -> tuple[str, int, int, str]:
    """Oldest first, by the time in the name (second, then millisecond; names from before
    the millisecond was added count as 000), then the "-2" of a name taken twice. Names
    from before "Z" (UTC) was added hold local time: read as UTC to sort among the new."""
    m = _RECORD_NAME.fullmatch(path.name)
    if m is None:  # not named by Breakbox: by name, before the rest
        return "", 0, 0, path.name
    stamp = m[1]
    if not m[3]:
        with contextlib.suppress(ValueError, OverflowError):  # an impossible date: as it is
            stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(time.mktime(time.strptime(stamp, "%Y%m%d-%H%M%S"))))
    return stamp, int(m[2] or 0), int(m[4] or 1), path.name


def list_records(dirs: UserDirs) -> list[Path]:
    """The kept finished games, newest first."""
    folder = records_dir(dirs)
    return sorted(folder.glob("*.json"), key=_saved_order, reverse=True) if folder.is_dir() else []


# --- logging --------------------------------------------------------------------------

def setup_logging(dirs: UserDirs, level: int = logging.INFO) -> Path:
    """Log to a rotating file under the user log dir; returns the file path."""
    path = dirs.logs / "breakbox.log"
    root = logging.getLogger("breakbox")
    for h in list(root.handlers):  # a new App (tests, a changed home) logs to its own folder
        if isinstance(h, logging.handlers.RotatingFileHandler) and Path(h.baseFilename) != path:
            root.removeHandler(h)
            h.close()
    if not any(isinstance(h, logging.handlers.RotatingFileHandler) for h in root.handlers):
        try:
            handler = logging.handlers.RotatingFileHandler(path, maxBytes=512_000, backupCount=3,
                                                           encoding="utf-8")
            handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
            root.addHandler(handler)
        except OSError:
            pass
    root.setLevel(level)
    return path
