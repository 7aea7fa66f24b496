"""build/build.py's Linux files: what a packager installs from the bundle's share/ folder."""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def build_script():
    spec = importlib.util.spec_from_file_location("breakbox_build_script", ROOT / "build" / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def desktop_sources(root: Path) -> Path:
    """The sources add_linux_desktop_files reads, copied under ``root`` (the icon a stand-in)."""
    shutil.copytree(ROOT / "build" / "linux", root / "build" / "linux")
    (root / "build" / "generated").mkdir()
    (root / "build" / "generated" / "breakbox.png").write_bytes(b"icon")
    return root


def commit_on(root: Path, day: str, home: Path) -> None:
    """Commit everything in ``root`` (a git checkout made if need be) dated ``day``."""
    stamp = f"{day}T12:00:00+00:00"
    env = {"GIT_AUTHOR_DATE": stamp, "GIT_COMMITTER_DATE": stamp, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t", "HOME": str(home)}
    for cmd in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", day]):
        subprocess.run(["git", *cmd], cwd=root, env=env, check=True, capture_output=True)


def checkout_committed_on(tmp_path: Path, day: str) -> Path:
    """The desktop sources in a git checkout whose one commit is from ``day``."""
    root = desktop_sources(tmp_path / "src")
    commit_on(root, day, tmp_path)
    return root


def release_date_written(module, tmp_path: Path) -> str:
    app = tmp_path / "dist" / "Breakbox"
    app.mkdir(parents=True)
    module.add_linux_desktop_files(app, "0.1.0")
    meta = (app / "share" / "metainfo" / "io.github.breakbox.Breakbox.metainfo.xml").read_text()
    return re.search(r'<release version="0\.1\.0" date="([0-9-]+)"', meta)[1]


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_the_release_date_is_the_day_of_the_commit_built_not_the_day_of_the_build(tmp_path, monkeypatch):
    module = build_script()
    monkeypatch.setattr(module, "ROOT", checkout_committed_on(tmp_path, "2020-02-03"))
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    assert release_date_written(module, tmp_path) == "2020-02-03"


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_the_release_date_is_the_day_the_version_was_set_not_of_later_commits(tmp_path, monkeypatch):
    module = build_script()
    root = desktop_sources(tmp_path / "src")
    (root / "pyproject.toml").write_text('[project]\nname = "breakbox"\nversion = "0.1.0"\n')
    commit_on(root, "2020-02-03", tmp_path)
    (root / "pyproject.toml").write_text('[project]\nname = "breakbox"\nversion = "0.1.0"\ndescription = "x"\n')
    commit_on(root, "2020-03-04", tmp_path)
    (root / "notes.txt").write_text("later work, same version\n")
    commit_on(root, "2020-04-05", tmp_path)
    monkeypatch.setattr(module, "ROOT", root)
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    assert release_date_written(module, tmp_path) == "2020-02-03"


def test_source_date_epoch_sets_the_release_date(tmp_path, monkeypatch):
    module = build_script()
    monkeypatch.setattr(module, "ROOT", desktop_sources(tmp_path / "src"))
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1581724800")  # 2020-02-15 00:00 UTC
    assert release_date_written(module, tmp_path) == "2020-02-15"


def test_the_tarball_names_no_owner_of_the_build_machine(tmp_path):
    app = tmp_path / "app"
    (app / "_internal").mkdir(parents=True)
    (app / "Breakbox").write_text("#!/bin/sh\n")
    (app / "_internal" / "LICENSE").write_text("MIT\n")
    with tarfile.open(build_script().make_tarball(app, tmp_path, "9.9")) as tar:
        entries = tar.getmembers()
    assert {e.name for e in entries} == {"Breakbox", "Breakbox/Breakbox", "Breakbox/_internal",
                                         "Breakbox/_internal/LICENSE"}
    assert all((e.uid, e.gid, e.uname, e.gname) == (0, 0, "", "") for e in entries), entries
