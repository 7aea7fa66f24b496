"""Blockers!: the Hint button's tooltip keeps off the status line under the turn banner
('Turn 1 of 24'): it lay over it, as the button sits at the top of the panel with the
status line just under it."""

from __future__ import annotations

import pytest

from game import i18n
from tests.ui.test_tooltip_placement import hint_tip, table, tip_drawn


def status_line(d) -> tuple[str, object]:
    t = d.top
    text = i18n.tr("Turn {t} of {n}", t=1, n=t.view["turn_limit"])
    return text, next(rect for label, rect, _ in d.labels() if label == text)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("hinted", [False, True])
def test_the_hint_buttons_tip_keeps_off_the_blockers_status_line(lang, hinted, monkeypatch):
    from game import storage
    storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"language": lang})
    d = table("blockers")
    try:
        t = d.top
        d.frames(2)
        rect = hint_tip(d, "blockers", monkeypatch) if hinted else tip_drawn(d, monkeypatch, t.hint_button.rect.center)
        assert rect is not None
        text, status = status_line(d)
        assert not rect.colliderect(status), (text, rect, status)
        tip = next(label for label, r, _ in d.labels() if r.top == rect.top + 5)
        assert tip.startswith(i18n.tr("The computer suggests a move for you")[:12]), tip  # in the chosen language
        assert not rect.colliderect(t.hint_button.rect), rect
        assert t.toast_rect is None or not rect.colliderect(t.toast_rect), (rect, t.toast_rect)
    finally:
        d.close()
        i18n.load_language("en")


@pytest.mark.parametrize("game", ["breaks", "cube"])
def test_the_hint_buttons_tip_keeps_off_every_status_line_under_the_banner(game, monkeypatch):
    """Breaks' stall line and pile sizes, Break the Cube's phase and note-sheet lines: the tip
    lay over the first two of them, as over Blockers!' turn count."""
    d = table(game)
    try:
        t = d.top
        d.frames(2)
        rect = tip_drawn(d, monkeypatch, t.hint_button.rect.center)
        assert rect is not None and t.status_rect is not None
        assert not rect.colliderect(t.status_rect), (rect, t.status_rect)
        covered = [label for label, r, _ in d.labels() if r.colliderect(rect) and not rect.contains(r)]
        assert covered == [], covered
    finally:
        d.close()
