"""Produce the app icons from the icon drawn in code (game/ui/icon.py).

Writes build/generated/: breakbox.png (256 px, Linux and the window icon), breakbox.ico
(Windows: PNG-compressed entries 16-256 px) and breakbox.icns (macOS: PNG-based
entries). The ICO and ICNS containers are simple enough to write directly, so the build
needs no image library besides pygame.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "generated"
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09"}


def png_bytes(size: int) -> bytes:
    import pygame

    from game.ui.icon import make_icon
    buf = io.BytesIO()
    pygame.image.save(make_icon(size), buf, "icon.png")
    return buf.getvalue()


def write_ico(path: Path, images: dict[int, bytes]) -> None:
    entries = sorted(images.items())
    header = struct.pack("<HHH", 0, 1, len(entries))
    offset = 6 + 16 * len(entries)
    directory = b""
    data = b""
    for size, png in entries:
        dim = 0 if size >= 256 else size  # 0 means 256 in the ICO format
        directory += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(png), offset + len(data))
        data += png
    path.write_bytes(header + directory + data)


def write_icns(path: Path, images: dict[int, bytes]) -> None:
    body = b"".join(kind + struct.pack(">I", 8 + len(images[size])) + images[size]
                    for size, kind in ICNS_TYPES.items())
    path.write_bytes(b"icns" + struct.pack(">I", 8 + len(body)) + body)


def main() -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(ROOT))
    import pygame
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    OUT.mkdir(parents=True, exist_ok=True)
    sizes = sorted(set(ICO_SIZES) | set(ICNS_TYPES))
    images = {size: png_bytes(size) for size in sizes}
    (OUT / "breakbox.png").write_bytes(images[256])
    write_ico(OUT / "breakbox.ico", {s: images[s] for s in ICO_SIZES})
    write_icns(OUT / "breakbox.icns", {s: images[s] for s in ICNS_TYPES})
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
