"""Build the standalone one-folder app: ``python build/build.py`` (``make dist``).

1. draws the icons (build/icons.py -> build/generated/);
2. runs PyInstaller with build/breakbox.spec; its work folder goes to
   ``.pyinstaller-work/`` (never ``build/``, which holds our sources); the app lands in
   ``dist/Breakbox/`` (and ``dist/Breakbox.app`` on macOS);
3. on Linux adds the .desktop file, AppStream metadata and icon under ``share/`` and
   packs ``dist/Breakbox-<version>-linux-<arch>.tar.gz``.
Prints the bundle size and its biggest parts as JSON.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def folder_size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--distpath", type=Path, default=ROOT / "dist")
    parser.add_argument("--workpath", type=Path, default=ROOT / ".pyinstaller-work")
    args = parser.parse_args(argv)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
           "--workpath", str(args.workpath), "--distpath", str(args.distpath),
           str(ROOT / "build" / "breakbox.spec")]
    subprocess.run([sys.executable, str(ROOT / "build" / "icons.py")], cwd=ROOT, env=env, check=True)
    subprocess.run(cmd, cwd=ROOT, env=env, check=True)
    app = args.distpath / "Breakbox"
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    report: dict = {"bundle": str(app), "version": version, "size_mb": round(folder_size(app) / 1e6, 1),
                    "largest_mb": largest_parts(app)}
    if sys.platform.startswith("linux"):
        add_linux_desktop_files(app, version)
        report["tarball"] = str(make_tarball(app, args.distpath, version))
    print(json.dumps(report))
    return 0


def largest_parts(app: Path, top: int = 8) -> dict[str, float]:
    """The biggest top-level pieces of the bundle, for the size report."""
    inner = app / "_internal" if (app / "_internal").is_dir() else app
    sizes = {}
    for item in inner.iterdir():
        size = folder_size(item) if item.is_dir() else (0 if item.is_symlink() else item.stat().st_size)
        sizes[item.name] = round(size / 1e6, 2)
    return dict(sorted(sizes.items(), key=lambda kv: -kv[1])[:top])


def add_linux_desktop_files(app: Path, version: str) -> None:
    """share/applications, share/metainfo and share/icons inside the bundle, so a
    packager (or the user) can install them next to the executable."""
    share = app / "share"
    (share / "applications").mkdir(parents=True, exist_ok=True)
    (share / "metainfo").mkdir(parents=True, exist_ok=True)
    icons = share / "icons" / "hicolor" / "256x256" / "apps"
    icons.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "build" / "linux" / "breakbox.desktop", share / "applications" / "breakbox.desktop")
    meta = (ROOT / "build" / "linux" / "io.github.breakbox.Breakbox.metainfo.xml").read_text()
    meta = meta.replace("@VERSION@", version).replace("@DATE@", release_date())
    (share / "metainfo" / "io.github.breakbox.Breakbox.metainfo.xml").write_text(meta)
    shutil.copy(ROOT / "build" / "generated" / "breakbox.png", icons / "breakbox.png")


def release_date(environ: dict[str, str] | None = None) -> str:
    """The release date the AppStream file gives this version: the build day made every
    rebuild of the same version claim a new release. SOURCE_DATE_EPOCH (reproducible-builds
    convention) first, else the day of the commit that set the version in pyproject.toml (later
    commits under the same version are not a new release), else of the commit built, else today."""
    environ = os.environ if environ is None else environ
    epoch = environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch.isdigit():
        return datetime.datetime.fromtimestamp(int(epoch), datetime.UTC).date().isoformat()
    out = None
    if (ROOT / ".git").exists():  # an unpacked sdist inside some other checkout is not that checkout's commit
        try:
            for where in (["-G", r"^version *=", "--", "pyproject.toml"], []):
                out = subprocess.run(["git", "log", "-1", "--format=%cd", "--date=format-local:%Y-%m-%d", *where],
                                     cwd=ROOT, env=dict(environ, TZ="UTC"), capture_output=True, text=True, timeout=10)
                if out.returncode == 0 and out.stdout.strip():
                    break
        except (OSError, subprocess.SubprocessError):
            out = None
    if out is not None and out.returncode == 0 and out.stdout.strip():
        return out.stdout.strip()
    return datetime.datetime.now(datetime.UTC).date().isoformat()


def make_tarball(app: Path, dist: Path, version: str) -> Path:
    """The bundle as one download. Its entries name no owner: unpacked by root they belonged
    to the build machine's user id (whoever that is there), and they said who built it."""
    target = dist / f"Breakbox-{version}-linux-{platform.machine()}.tar.gz"

    def ownerless(info: tarfile.TarInfo) -> tarfile.TarInfo:
        info.uid = info.gid = 0
        info.uname = info.gname = ""
        return info
    with tarfile.open(target, "w:gz") as tar:
        tar.add(app, arcname="Breakbox", filter=ownerless)
    return target


if __name__ == "__main__":
    sys.exit(main())
