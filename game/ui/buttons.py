"""Buttons whose labels and tooltips are drawn with ``theme.draw_text``.

pygame_gui renders a button's text into the canvas itself, so it turns soft when the
canvas is scaled into a larger window. A ``LabelButton`` keeps everything else of the
UIButton (background, border, hover / press / disabled states, the theme's colours) but
renders no text: the scene draws each label after ``draw_ui`` (``draw_labels``), in the
theme's text colour for the button's current state, and sharp_text redraws it at the
window's resolution like any other label. Tooltips are drawn by the scene too
(``draw_tooltip``, last, over everything) instead of by pygame_gui.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

import pygame
import pygame_gui

from game.ui import theme

PADDING = 3  # pygame_gui lays button text out 3 px inside the button's edge
TIP_WIDTH = 320  # tooltips wrap at this width


class LabelButton(pygame_gui.elements.UIButton):
    """A UIButton that draws no text of its own; ``text`` and ``set_text`` work as before."""

    def __init__(self, rect: pygame.Rect, text: str, manager: pygame_gui.UIManager,
                 object_id: str | None = None, tooltip: str | None = None) -> None:
        self.tip = tooltip  # shown by draw_tooltip; pygame_gui makes no tooltip of its own
        # while greyed out: why (pygame_gui never hovers a disabled button, so it keeps its own time)
        self.disabled_tip: Callable[[], str] | None = None
        self.disabled_hover_time = 0.0
        # how long the keyboard's focus ring has rested on it (None: it is elsewhere; see
        # AppScene.update): its tip shows after that wait as after the pointer's
        self.focus_time: float | None = None
        self.label_size, self.label_bold = 14, False
        super().__init__(rect, text, manager=manager, object_id=object_id)

    def restyle(self, object_id: str | None) -> None:
        """Take the look of ``object_id`` (``None``: the plain button), rebuilding only on a change."""
        if self.object_ids[-1] != object_id:
            self.change_object_id(object_id)

    def update(self, time_delta: float) -> None:
        super().update(time_delta)
        pointed = self.disabled_tip is not None and not self.is_enabled and self.visible and self.alive() \
            and self.hover_point(*self.ui_manager.get_mouse_position())
        self.disabled_hover_time = self.disabled_hover_time + time_delta if pointed else 0.0

    def tip_now(self) -> str | None:
        """The tooltip to show now, once the pointer (or, on a button that can be pressed,
        the keyboard's focus ring) has rested on the button long enough: its own when it can
        be pressed, the reason it cannot while greyed out."""
        if self.is_enabled:
            rested = (self.hovered and self.hover_time > self.tool_tip_delay) or self.focus_rested()
            return self.tip if self.tip and rested else None
        if self.disabled_tip is not None and self.disabled_hover_time > self.tool_tip_delay:
            return self.disabled_tip()
        return None

    def focus_rested(self) -> bool:
        """Whether the keyboard's focus ring has rested on it as long as a tip waits."""
        return self.focus_time is not None and self.focus_time > self.tool_tip_delay

    def rebuild_from_changed_theme_data(self) -> None:
        super().rebuild_from_changed_theme_data()
        info = self.ui_theme.get_font_info(self.combined_element_ids)
        self.label_size, self.label_bold = int(info["size"]), bool(info["bold"])

    def rebuild(self) -> None:
        text, self.text = self.text, ""  # the drawable shape gets no text
        try:
            super().rebuild()
        finally:
            self.text = text

    def set_text(self, text: str, *, text_kwargs: dict[str, str] | None = None) -> None:
        self.text = text

    def on_locale_changed(self) -> None:
        self.font = self.ui_theme.get_font(self.combined_element_ids)
        self.rebuild()

    @property
    def state(self) -> str:
        """normal, hovered, selected, active (held down) or disabled, as drawn."""
        shape = self.drawable_shape
        if shape is not None and shape.active_state is not None:
            return shape.active_state.state_id
        return "normal" if self.is_enabled else "disabled"

    def text_colour(self) -> tuple[int, int, int]:
        colour = self.colours.get(f"{self.state}_text")
        if isinstance(colour, pygame.Color):
            return colour.r, colour.g, colour.b
        return theme.TEXT  # a gradient: not used by our theme

    def edge_width(self) -> int:
        """The widest side of the themed border (pygame_gui keeps one width per side)."""
        width = getattr(self, "border_width", 1)
        if isinstance(width, dict):
            return max((int(v) for v in width.values()), default=1)
        return int(width or 0)

    def width_for_label(self, margin: int) -> int:
        """The width that leaves ``margin`` px of the button's face clear either side of its
        label, at the label's own size on one line."""
        pad = PADDING + max(0, self.edge_width() - 1)
        return theme.font(self.label_size, self.label_bold).size(self.text)[0] + 2 * (pad + margin)

    def draw_label(self, surface: pygame.Surface) -> None:
        """The label centred in the button; a label too long for one line goes on two when
        the button is tall enough ("Continue Circuit Breaker / (12 moves in)"), else it
        steps down in size until it fits."""
        if not self.text:
            return
        pad = PADDING + max(0, self.edge_width() - 1)  # a thick (high contrast) border keeps its gap too
        inner = self.rect.inflate(-2 * pad, -2 * pad)
        split = two_lines(self.text, inner, self.label_size, self.label_bold)
        if split is None:
            draw_centred(surface, self.text, inner, self.label_size, self.text_colour(), self.label_bold)
            return
        size, lines = split
        top = pygame.Rect(inner.x, inner.y, inner.w, inner.h // 2)
        bottom = pygame.Rect(inner.x, top.bottom, inner.w, inner.h - top.h)
        for line, room in zip(lines, (top, bottom), strict=True):
            draw_centred(surface, line, room, size, self.text_colour(), self.label_bold)


SMALLEST_TWO_LINE = 12  # below this a label is better on one line, shrunk


def two_lines(text: str, rect: pygame.Rect, size: int, bold: bool) -> tuple[int, list[str]] | None:
    """(size, [first, second]) when ``text`` does not fit on one line in ``rect`` and two
    whole-word lines stacked in it can be larger than one shrunk line; None otherwise.
    The break keeps a bracket with what it holds and otherwise evens out the lines."""
    one_line = size  # the size one line would shrink to
    while theme.render(text, one_line, None, bold).get_width() > rect.w and one_line > 10:
        one_line -= 1
    if one_line == size:
        return None
    words = text.split(" ")
    for s in range(size, max(SMALLEST_TWO_LINE, one_line + 1) - 1, -1):
        if 2 * theme.font(s, bold).get_height() > rect.h:
            continue
        f = theme.font(s, bold)
        best = None
        for i in range(1, len(words)):
            first, second = " ".join(words[:i]), " ".join(words[i:])
            wide = max(f.size(first)[0], f.size(second)[0])
            if wide <= rect.w:
                key = (not second.startswith("("), wide)
                best = min(best, (key, [first, second])) if best else (key, [first, second])
        if best:
            return s, best[1]
    return None


def draw_centred(surface: pygame.Surface, text: str, rect: pygame.Rect, size: int,
                 colour: tuple[int, int, int], bold: bool = False) -> pygame.Rect:
    """Text centred in ``rect`` the way pygame_gui centres it (the same pixels at the
    canvas size), stepped down to 10 at least to fit its width and clipped to it. Nothing
    else may be drawn in ``rect``: the sharp redraw uses all of it."""
    while theme.render(text, size, colour, bold).get_width() > rect.w and size > 10:
        size -= 1
    height = theme.font(size, bold).get_height()
    old_clip = surface.get_clip()
    surface.set_clip(rect.clip(old_clip))
    try:
        return theme.draw_text(surface, text, (rect.centerx, rect.centery - (height + 1) // 2), size, colour,
                               bold, anchor="midtop", room=rect)
    finally:
        surface.set_clip(old_clip)


def buttons(manager: pygame_gui.UIManager) -> list[LabelButton]:
    """The label buttons ``draw_ui`` draws, bottom layer first: shown ones, and only once
    the manager has updated its list of what to draw (as pygame_gui itself does)."""
    group = manager.get_sprite_group()
    drawn = {id(data) for data in group.visible}
    return [sprite for sprite in group.sprites() if isinstance(sprite, LabelButton) and id(sprite.blit_data) in drawn]


def draw_labels(manager: pygame_gui.UIManager, surface: pygame.Surface) -> None:
    """Every button's label; call right after ``manager.draw_ui(surface)``."""
    for button in buttons(manager):
        button.draw_label(surface)


TIP_MARGIN = 8  # a tooltip keeps this far inside the window and a panel (the side panel's own margin)
TIP_GAP = 4  # and this far off what it must not cover


def tip_room(anchor: pygame.Rect, screen: pygame.Rect, areas: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Where the tooltip of what lies at ``anchor`` (a button, a tile) may go: inside the
    screen, TIP_MARGIN in from its edges, and inside the first of ``areas`` that holds it,
    TIP_MARGIN in from its edges too (a table's side panel: the Hint button's tip ran 3 px
    out of its left edge, over the board; clipped to the panel's edge, tips lay on its right
    border)."""
    room = screen.inflate(-2 * TIP_MARGIN, -2 * TIP_MARGIN)
    home = next((area for area in areas if area.contains(anchor)), None)
    return room.clip(home.inflate(-2 * TIP_MARGIN, -2 * TIP_MARGIN)) if home is not None else room


def tooltip_rect(anchor: pygame.Rect, mouse_x: int, size: tuple[int, int], room: pygame.Rect,
                 avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Where a tooltip goes: under its anchor (a button, or a tile a table draws itself)
    from the pointer's x (as pygame_gui puts a button's tip), else over it, else beside it
    (left, then right): the first of these that fits inside ``room`` (see tip_room), clear
    of the anchor and of ``avoid`` (the message on show: the Hint button's tip ran over the
    hint it had just put up; a table's turn banner beside the button). None does: the same
    places in turn, each moved on away from the anchor past what it meets (under the
    message, say). Still none: under the anchor, or over it when there is no room below,
    inside ``room`` all the same."""
    b, (w, h) = anchor, size
    mid = b.centery - h // 2
    places = [(pygame.Rect(int(mouse_x), b.bottom, w, h), "down"),
              (pygame.Rect(int(mouse_x), b.top - h, w, h), "up"),
              (pygame.Rect(b.left - TIP_GAP - w, mid, w, h), "left"),
              (pygame.Rect(b.right + TIP_GAP, mid, w, h), "right")]
    keep_off = [b, *(r.inflate(2 * TIP_GAP, 2 * TIP_GAP) for r in avoid)]
    for place, _ in places:
        fitted = place.clamp(room)  # pushed in only along the anchor's side: off it, it overlaps the anchor
        if fitted.collidelist(keep_off) < 0:
            return fitted
    for place, away in places:
        fitted = moved_clear(place.clamp(room), away, keep_off, room)
        if fitted is not None:
            return fitted
    return (places[0][0] if places[0][0].bottom <= room.bottom else places[1][0]).clamp(room)


def moved_clear(rect: pygame.Rect, away: str, keep_off: Sequence[pygame.Rect], room: pygame.Rect) -> pygame.Rect | None:
    """``rect`` moved ``away`` ("down", "up", "left" or "right") just past each of ``keep_off``
    it meets, until it meets none; None once it would leave ``room``."""
    rect = rect.copy()
    while (hit := rect.collidelist(keep_off)) >= 0:
        other = keep_off[hit]
        if away == "down":
            rect.top = other.bottom
        elif away == "up":
            rect.bottom = other.top
        elif away == "left":
            rect.right = other.left
        else:
            rect.left = other.right
        if not room.contains(rect):
            return None
    return rect


class Tip(NamedTuple):
    """A tooltip laid out: its box and its wrapped lines."""
    rect: pygame.Rect
    lines: list[str]


TIP_SIZE = 16  # a tooltip's text size


def tip_layout(text: str, anchor: pygame.Rect, mouse_x: int, screen: pygame.Rect,
               avoid: Sequence[pygame.Rect] = (), areas: Sequence[pygame.Rect] = ()) -> Tip:
    """A tooltip for what lies at ``anchor`` (a button, or a tile a table draws itself):
    inside the area of ``areas`` holding it (see tip_room), wrapped to its width, and clear of
    ``avoid`` where it can be (see tooltip_rect)."""
    room = tip_room(anchor, screen, areas)
    lines, size = tip_text(text, room.w)
    return Tip(tooltip_rect(anchor, mouse_x, size, room, avoid), lines)


def tip_text(text: str, room_w: int) -> tuple[list[str], tuple[int, int]]:
    """A tooltip's lines, wrapped to fit ``room_w``, and the size of its box."""
    lines = theme.wrap(text, TIP_SIZE, min(TIP_WIDTH, room_w) - 16)
    width = min(room_w, max(theme.font(TIP_SIZE).size(line)[0] for line in lines) + 16)
    return lines, (width, theme.font(TIP_SIZE).get_height() * len(lines) + 10)


def tip_in(text: str, room: pygame.Rect, centre_y: int) -> Tip:
    """A tooltip at the left of ``room``, free space a scene keeps beside what it names (a
    rack tile's tip beside the rack), wrapped to its width and level with ``centre_y`` as far
    as the room allows; one taller than the room rises above it, never off the screen's foot."""
    lines, (w, h) = tip_text(text, room.w)
    y = min(room.bottom - h, max(room.top, centre_y - h // 2))
    return Tip(pygame.Rect(room.x, y, w, h), lines)


SIDE_TIP_MIN_WIDTH = 200  # a tile's tip goes beside its rack or hand only with this much room


def tip_beside(text: str, room: pygame.Rect | None, centre_y: int) -> Tip | None:
    """A tile's tip in the free ``room`` beside its rack or hand (see tip_in); None where
    there is no room or it is narrower than SIDE_TIP_MIN_WIDTH, and the tip goes where a
    button's would: a narrow column wrapped it to a word a line."""
    if room is None or room.w < SIDE_TIP_MIN_WIDTH:
        return None
    return tip_in(text, room, centre_y)


def tooltip_layout(manager: pygame_gui.UIManager, screen: pygame.Rect, avoid: Sequence[pygame.Rect] = (),
                   areas: Sequence[pygame.Rect] = ()) -> Tip | None:
    """The tooltip of the button the pointer or the focus ring has rested on (as long as
    pygame_gui waits before showing one; see LabelButton.tip_now), laid out (see tip_layout)
    apart from its drawing, so what lies under it (a table's game log) can make room for it
    first. None: no tip shows."""
    for button in buttons(manager):
        tip = button.tip_now()
        if tip:  # named by the keyboard: from the button's edge, as a tile's tip is
            x = button.rect.x if button.focus_rested() and not button.hovered else manager.get_mouse_position()[0]
            return tip_layout(tip, button.rect, x, screen, avoid, areas)
    return None


def draw_tooltip(manager: pygame_gui.UIManager, surface: pygame.Surface,
                 avoid: Sequence[pygame.Rect] = (), areas: Sequence[pygame.Rect] = ()) -> pygame.Rect | None:
    """The button's tooltip on show (see tooltip_layout), drawn; returns its rect."""
    tip = tooltip_layout(manager, surface.get_rect(), avoid, areas)
    return None if tip is None else draw_tip_box(surface, tip)


def draw_tip_box(surface: pygame.Surface, tip: Tip) -> pygame.Rect:
    """A laid-out tooltip's box and lines."""
    rect, line_h = tip.rect, theme.font(TIP_SIZE).get_height()
    pygame.draw.rect(surface, theme.PANEL, rect, border_radius=4)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=4)
    for i, line in enumerate(tip.lines):
        theme.draw_text(surface, line, (rect.x + 8, rect.y + 5 + line_h * i), TIP_SIZE)
    return rect
