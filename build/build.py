"""Build the standalone one-folder app: ``python build/build.py`` (``make dist``).

PyInstaller's work folder goes to ``.pyinstaller-work/`` (never ``build/``, which holds
our sources); the app lands in ``dist/Breakbox/``. Prints the bundle size as JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
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
    subprocess.run(cmd, cwd=ROOT, env=env, check=True)
    app = args.distpath / "Breakbox"
    print(json.dumps({"bundle": str(app), "size_mb": round(folder_size(app) / 1e6, 1)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
