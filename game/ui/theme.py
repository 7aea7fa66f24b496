"""Colours, fonts and text drawing shared by every scene.

The palette is built on Okabe & Ito's colour-blind-safe set; every colour that carries
meaning also comes with a shape (player markers, suit shapes, glow vs. dashed outline).
Fonts are the Noto Sans files pygame_gui already ships, found through the package so
the same code works from a checkout, a wheel and a frozen bundle.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from importlib import resources

import pygame

from game.ui.sharp_text import sharp_text
from game.ui.surface_cache import SurfaceCache

# Okabe-Ito
ORANGE = (230, 159, 0)
SKY = (86, 180, 233)
GREEN = (0, 158, 115)
YELLOW = (240, 228, 66)
BLUE = (0, 114, 178)
VERMILLION = (213, 94, 0)
PURPLE = (204, 121, 167)
# Pieces the rules call red and purple (Blockers! tiles, its capture rings). Okabe-Ito's
# vermillion and reddish purple read as orange and pink; these read as their names and
# keep every Blockers! colour apart under simulated protan, deutan and tritan vision.
RED = (216, 64, 32)
VIOLET = (136, 60, 220)
BLACK = (20, 20, 24)
WHITE = (250, 250, 246)

TABLE = (24, 56, 66)
TABLE_DARK = (16, 40, 48)
PANEL = (14, 28, 36)
PANEL_EDGE = (60, 96, 110)
TEXT = (236, 240, 240)
TEXT_DIM = (150, 172, 180)
GLOW = YELLOW          # legal target
GLOW_ALT = SKY         # selected source / secondary targets
REFUSE = VERMILLION    # illegal drop outline, refused ghost
# Words in colour on the table or a panel (why a move is refused, a success): lighter
# shades of vermillion and green that read at 4.5:1 or more on TABLE, the lightest ground
# such text sits on (the pure colours reach only 3.2:1 and 3.7:1 there); the pure colours
# stay for outlines, rings and fills.
REFUSE_TEXT = (250, 130, 70)
GOOD_TEXT = (40, 190, 145)
# the keyboard focus ring in high contrast: a colour no border, glow, seat or card uses
# (buttons are edged in white there, legal moves glow yellow or sky blue)
FOCUS_HIGH = (255, 0, 255)
CARD_FACE = (252, 250, 242)
CARD_EDGE = (60, 60, 60)
CARD_BACK = (30, 90, 140)
CARD_BACK_ALT = (22, 70, 112)

# Seat colours, each paired with a marker shape (see draw.marker).
SEAT_COLOURS = (ORANGE, SKY, GREEN, PURPLE, YELLOW)
SEAT_SHAPES = ("circle", "triangle", "square", "diamond", "star")

# Suit colours: four-colour deck (colour-blind friendly) or the classic two colours.
SUIT_COLOURS_4 = {"S": BLACK, "H": VERMILLION, "D": BLUE, "C": GREEN}
SUIT_COLOURS_2 = {"S": BLACK, "H": (200, 30, 40), "D": (200, 30, 40), "C": BLACK}
# The rank in a card's corner is small text: in the four-colour deck it is a darker shade
# of the suit colour that reads at 4.5:1 on CARD_FACE (vermillion reads 3.7:1 there, green
# 3.3:1); the suit shapes keep the pure colours, which tell the suits apart better.
SUIT_INK_4 = {**SUIT_COLOURS_4, "H": (190, 80, 0), "C": (0, 130, 94)}

_FONT_FILES = {False: "NotoSans-Regular.ttf", True: "NotoSans-Bold.ttf"}
# Each loaded size keeps its font file open and its own glyph cache. A window larger than
# the canvas draws labels again at the window's size, so every window size the player drags
# through needs other sizes: only the most recently used are kept (a frame uses a handful).
FONTS_KEPT = 48
_fonts: OrderedDict[tuple[int, bool], pygame.font.Font] = OrderedDict()
# rendered labels kept for reuse, least recently used dropped first
TEXT_CACHE_BYTES = 8_000_000
# A window larger than the canvas draws every label again at its own size (sharp_text), with
# scale² as many pixels: the title's labels take some 9 MB in a 4K window (scale 3), more than
# the canvas's budget, so each frame dropped what the next one needed and drew them all anew
# (~22 ms a frame). Per unit of scale², room for about three screens' labels: a frame finds
# all of its own, and the screen left last is still there to go back to.
SHARP_TEXT_BYTES = 3_000_000
_text_cache = SurfaceCache(TEXT_CACHE_BYTES)


def fit_text_cache(scale: float) -> None:
    """Size the label cache for a window ``scale`` times the canvas (the display calls
    this whenever the window changes); still bounded, so a long session stays flat."""
    _text_cache.set_budget(max(TEXT_CACHE_BYTES, int(SHARP_TEXT_BYTES * scale * scale)))


def font(size: int, bold: bool = False) -> pygame.font.Font:
    key = (size, bold)
    f = _fonts.get(key)
    if f is not None:
        _fonts.move_to_end(key)
        return f
    try:
        with resources.as_file(resources.files("pygame_gui.data") / _FONT_FILES[bold]) as path:
            f = pygame.font.Font(str(path), size)
    except (OSError, FileNotFoundError, pygame.error):
        f = pygame.font.Font(None, int(size * 1.3))
    _fonts[key] = f
    while len(_fonts) > FONTS_KEPT:
        _fonts.popitem(last=False)  # its file closes once nothing holds it
    return f


def render(text: str, size: int, colour: tuple[int, int, int] | None = None, bold: bool = False) -> pygame.Surface:
    """Rendered text, cached (the same labels are drawn every frame). The cache is
    bounded by pixel memory, so long sessions with changing text stay flat."""
    colour = TEXT if colour is None else colour
    key = (text, size, colour, bold)
    surf = _text_cache.get(key)
    if surf is None:
        surf = font(size, bold).render(text, True, colour)
        _text_cache[key] = surf
    return surf


# When a list, every draw_text call records (text, rect, clip) here: the layout checker
# uses it to find overlapping or clipped labels (see game/shots.py).
recording: list[tuple[str, pygame.Rect, pygame.Rect]] | None = None
# Likewise every panel drawn with draw.panel, with the number of labels drawn before it: a
# label that starts inside a panel must end inside it (text running out of its box).
panel_recording: list[tuple[pygame.Rect, int]] | None = None


def draw_text(surface: pygame.Surface, text: str, pos: tuple[int, int], size: int = 18,
              colour: tuple[int, int, int] | None = None, bold: bool = False, anchor: str = "topleft",
              max_width: int | None = None, room: pygame.Rect | None = None) -> pygame.Rect:
    """Blit text with its rect anchored at pos (any pygame.Rect anchor name). With
    ``max_width`` the size steps down (to 10 at least) until the text fits: longer
    translations shrink instead of running into their neighbours. ``room``: the text is
    centred in this box and nothing else is drawn in it (a button's face), so the sharp
    redraw in a larger window may use all of it (see sharp_text)."""
    surf = render(text, size, colour, bold)
    while max_width is not None and surf.get_width() > max_width and size > 10:
        size -= 1
        surf = render(text, size, colour, bold)
    rect = surf.get_rect(**{anchor: pos})
    noted = sharp_text.before(surface, rect, room)
    surface.blit(surf, rect)
    if noted is not None:
        sharp_text.after(noted, text, size, TEXT if colour is None else colour, bold)
    if recording is not None and text.strip():
        recording.append((text, rect, surface.get_clip()))
    return rect


LEAST_SIZE = 12  # px on the canvas a label may shrink to (9 px in a 960 x 540 window)


def cut_short(name: str, limit: int | None) -> str:
    """A name cut to ``limit`` letters and '…' (None or short enough: whole)."""
    return name if limit is None or len(name) <= limit else name[:limit].rstrip() + "…"


def with_names_fitted(say: Callable[[int | None], str], width: int, bold: bool = False) -> str:
    """``say(limit)``: a line with each seat name in it cut_short to ``limit`` letters, as short
    as needed for the whole to fit ``width`` px at LEAST_SIZE (whole names when they fit), so
    draw_text(max_width=width) shrinks it no further. A long name shrank the whole line to
    10 px, the words around it with it."""
    text = say(None)
    limit = len(text)
    while font(LEAST_SIZE, bold).size(text)[0] > width and limit > 1:
        limit -= 1
        text = say(limit)
    return text


GLUED = ("->", "=", "+", "*")  # a lone sign stays on the line of both its neighbours
# articles that a noun glued to its aside brings along (see _glued)
ARTICLES = frozenset({"a", "an", "the", "der", "die", "das", "den", "dem", "des",
                      "ein", "eine", "einen", "einem", "einer", "eines"})
NUMBER_TAIL = ".,:;!?)"  # what may follow a number that keeps to the word before it


def _bare(word: str) -> str:
    """The word without what may end a clause and without an English possessive 's: the
    name in 'Seat 2 (AI)'s shape' or 'Seat 2's shape' is glued like the name alone."""
    word = word.rstrip(".,:;!?")
    return word[:-2] if word.endswith(("'s", "’s")) else word


def _aside(word: str) -> bool:
    """A one-word aside in brackets ('(AI)', '(KI):', '(Esc)', '(AI)'s'): it belongs to the
    word before it, so a seat's name 'Seat 2 (AI)' never ends a line 'Seat 2' over a lone '(AI)'."""
    return word.startswith("(") and _bare(word).endswith(")")


def _number(word: str) -> bool:
    """A number, maybe ending a sentence or clause ('3.', '40,') or owning something ('2's'):
    'slot 3', 'Seat 2', 'pile 40' are not parted, or the log's lines ended 'on slot' over a lone '3.'."""
    return _bare(word).rstrip(NUMBER_TAIL).isdigit()


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Greedy word wrap to a pixel width. A lone sign (GLUED) moves with the words either
    side, so no line starts with '->' or ends with '* ='; a number moves with the word
    before it, so no line starts with '3.' after 'slot', and so does a one-word aside in
    brackets, so 'Seat 2 (AI)' stays whole, with the article before that word ('den Zug (N).':
    no line ends 'Beende den' over the rest); a group too wide for a line of its own is wrapped
    word by word. A word wider than the whole line (a long German
    compound at a large reading size) is split between letters rather than left to overflow."""
    f = font(size, bold)
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for group in _glued(para.split(" ")):
            words = [group] if f.size(group)[0] <= width else group.split(" ")
            for w in words:
                trial = f"{line} {w}" if line else w
                if f.size(trial)[0] <= width:
                    line = trial
                    continue
                if line:
                    lines.append(line)
                *whole, line = _split_word(f, w, width)
                lines.extend(whole)
        lines.append(line)
    return lines


def _glued(words: list[str]) -> list[str]:
    """The words with each lone sign joined (by a space) to the word before and after it,
    and each number and one-word aside in brackets to the word before it; an article before
    that word joins too."""
    groups: list[str] = []
    join_next = False
    for w in words:
        # a number joins the word before it; a run of numbers ('1, 2, 3') may part between them,
        # but not a label and its value ('Seat 3: 2': the score stays with its seat)
        before = groups[-1].rsplit(" ", 1)[-1] if groups else ""
        number = _number(w) and bool(groups) and (not _number(before) or before.endswith(":"))
        if groups and (join_next or w in GLUED or number or _aside(w)):
            groups[-1] += f" {w}"
            # the aside took its noun to the next line and left the article alone at this one's end
            if _aside(w) and len(groups) > 1 and groups[-2].lower() in ARTICLES:
                groups[-2:] = [" ".join(groups[-2:])]
        else:
            groups.append(w)
        join_next = w in GLUED
    return groups


def _split_word(f: pygame.font.Font, word: str, width: int) -> list[str]:
    pieces: list[str] = []
    while len(word) > 1 and f.size(word)[0] > width:
        cut = len(word) - 1
        while cut > 1 and f.size(word[:cut])[0] > width:
            cut -= 1
        pieces.append(word[:cut])
        word = word[cut:]
    return [*pieces, word]


def seat_colour(seat: int) -> tuple[int, int, int]:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_shape(seat: int) -> str:
    return SEAT_SHAPES[seat % len(SEAT_SHAPES)]


def reset_caches() -> None:
    """Forget fonts and rendered text (they die with pygame.quit())."""
    _fonts.clear()
    _text_cache.clear()


# --- accessibility: high contrast and reading-text size ---------------------------------

_NORMAL = {name: globals()[name] for name in ("TABLE", "TABLE_DARK", "PANEL", "PANEL_EDGE", "TEXT", "TEXT_DIM")}
_HIGH = {"TABLE": (6, 18, 24), "TABLE_DARK": (0, 0, 0), "PANEL": (0, 0, 0), "PANEL_EDGE": (255, 255, 255),
         "TEXT": (255, 255, 255), "TEXT_DIM": (225, 230, 232)}
text_scale = 1.0  # reading text (logs, rules, coach, messages) grows with this; labels keep their size
# the pygame_gui widgets (buttons, the seed entry) follow this too: every GUI manager checks it
# before each update and draw and reloads its theme when it changed (see game/ui/gui.py)
high_contrast = False


def apply_settings(high_contrast: bool, reading_scale: float) -> None:
    """Switch the palette and the reading-text size; drawing code reads theme.X at draw
    time, so the next frame uses the new values."""
    global text_scale
    globals().update(_HIGH if high_contrast else _NORMAL)
    globals()["high_contrast"] = bool(high_contrast)
    text_scale = max(1.0, min(2.0, float(reading_scale)))
    _text_cache.clear()


def reading(size: int) -> int:
    """A font size for reading text, scaled by the text-size setting."""
    return round(size * text_scale)
