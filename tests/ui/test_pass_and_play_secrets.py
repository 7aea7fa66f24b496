"""Pass-and-play never shows one player's secrets on another player's screen.

Random games are played through the real tables, started the way the set-up screen starts
them, with every hand-off confirmed. Whenever the table shows a seat, every text drawn (the
labels, the toast and the whole game log) is searched for the names of the other seats'
secrets that this seat's own view does not show. Some moves are made right after asking
for a hint, before it arrives: a hint worked out for one seat must never reach the next.
"""

from __future__ import annotations

import json
import random
import re

import pygame
import pytest

from game.scenes.handoff import HandoffScene
from game.scenes.table_base import TableScene
from game.scenes.tables import start_table
from game.scenes.title import TitleScene
from game.session import GameSession
from tests.ui.driver import Driver


def private_names(game: str, view: dict) -> dict[str, list[str]]:
    """The seat's secrets in ``view``: each one's id and the ways the screen may write it."""
    if game == "breaks":
        from game.scenes.breaks_text import card_name
        cards = ([view["pending"]] if view.get("pending") else []) + list(view.get("my_discards") or [])
        return {code: [code, card_name(code)] for code in cards}
    if game == "circuit_breaker":
        return {tile: [tile] for tile in view["hand"]}
    if game == "cube":
        shape = view.get("my_secret")
        return {shape: [shape]} if shape else {}
    return {}


def pattern(text: str) -> re.Pattern[str]:
    return re.compile(r"(?<![\w.,])" + re.escape(text) + r"(?![\w.,])")


def leaks_on_screen(d: Driver, table: TableScene, game: str) -> list[str]:
    session = table.session
    seen = table.viewer
    shown = json.dumps(session.view(seen))
    texts = [text for text, _, _ in d.labels(frames=1)] + [line for _, line in table.log_lines] + \
        [table.toast or ""]
    found = []
    for other in range(session.num_players):
        if other == seen:
            continue
        for secret, names in private_names(game, session.view(other)).items():
            if secret in shown:
                continue  # this seat may see it too (e.g. a tile taken from a face-up pile)
            for name in names:
                hits = [t for t in texts if pattern(name).search(t)]
                if hits:
                    found.append(f"seat {seen + 1} sees seat {other + 1}'s {name!r} in {hits[0]!r}")
    return found


@pytest.mark.parametrize(("game", "seats"), [
    ("breaks", ["human", "human", "human"]),
    ("breaks", ["human", "human", "ai:easy"]),
    ("circuit_breaker", ["human", "human", "human"]),
    ("circuit_breaker", ["human", "human", "ai:easy"]),
    ("cube", ["human", "human", "ai:easy"]),
])
def test_no_seat_sees_another_seats_secrets(game, seats):
    rng = random.Random(5)
    session = GameSession(game, seats, seed=5)
    d = Driver(lambda app: TitleScene(app), autosave=False)
    try:
        d.app.settings.animation_speed = "off"
        start_table(d.app, session, replace_stack=True)
        table = d.app.stack.find(TableScene)
        table.pace = 0
        moves = 0
        for _ in range(3000):
            if session.is_over() or moves >= 60:
                break
            if isinstance(d.top, HandoffScene):
                d.key(pygame.K_RETURN, frames=2)
                continue
            assert d.top is table and table.viewer in session.humans, "the table shows a seat without a hand-off"
            assert leaks_on_screen(d, table, game) == []
            cp = session.current_player
            if cp == table.viewer and not table.animating:
                if session.has_ai and rng.random() < 0.3:
                    table.request_hint()  # and move before it arrives
                legal = session.legal_texts()
                table.perform(legal[rng.randrange(len(legal))], cp)
                moves += 1
            d.frames(2)
        assert moves >= 10
    finally:
        d.close()
