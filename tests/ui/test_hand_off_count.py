"""Pass-and-play with computers at the table: exactly one pass screen comes before a
person's turn when someone else sat at the screen before (or the game has just opened),
none when the same person plays again, in every game with secrets."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.handoff import HandoffScene
from game.scenes.table_base import TableScene
from game.scenes.tables import start_table
from game.scenes.title import TitleScene
from game.session import GameSession
from tests.ui.driver import Driver


def pass_screens_before_turns(game: str, seats: list[str], first: int, turns: int = 4) -> list[tuple[int, list[int]]]:
    """Plays ``turns`` people's turns (each its first legal move) from a new game, confirming
    every pass screen: (seat to play, the seats the pass screens since the last person's move
    were for) for each turn."""
    session = GameSession(game, seats, seed=5, options={"first_player": first})
    d = Driver(lambda app: TitleScene(app), autosave=False)
    d.app.settings.animation_speed = "off"
    try:
        start_table(d.app, session, replace_stack=True)
        table = d.app.stack.find(TableScene)
        table.pace = 0
        found: list[tuple[int, list[int]]] = []
        screens: list[int] = []

        def persons_turn() -> bool:
            cp = session.current_player
            return isinstance(d.top, HandoffScene) or (d.top is table and table.holds_hand_off()) or (
                d.top is table and cp is not None and cp == table.viewer and table.my_turn() and not table.animating)

        while len(found) < turns:
            assert d.until(persons_turn, timeout=30), "the game stalled"
            if isinstance(d.top, HandoffScene):
                screens.append(d.top.seat)
                d.key(pygame.K_RETURN, frames=2)
                continue
            if table.holds_hand_off():  # Break the Cube: the asker reads their answers first
                d.key(pygame.K_RETURN, frames=2)
                continue
            seat = session.current_player
            found.append((seat, screens))
            screens = []
            while session.current_player == seat:  # the whole turn (Breaks: draw, then place...)
                assert table.perform(session.legal_texts()[0], seat)
        return found
    finally:
        d.close()


@pytest.mark.parametrize("game", ["blockers", "breaks", "circuit_breaker", "cube"])
@pytest.mark.parametrize(("seats", "first"), [
    (["ai:easy", "human", "human"], 0),   # the computer first, then the first person
    (["human", "ai:easy", "human"], 1),   # the computer first, then the second person
    (["ai:easy", "human", "ai:easy", "human"], 0),
])
def test_one_pass_screen_before_each_persons_turn(game, seats, first):
    turns = pass_screens_before_turns(game, seats, first)
    for i, (seat, screens) in enumerate(turns):
        assert screens == [seat], f"turn {i + 1} of seat {seat + 1}: pass screens for {[s + 1 for s in screens]}"


def test_in_german_the_pass_screen_tells_the_player_what_to_do_as_every_prompt_does():
    """Every prompt speaks to the player ('Zieh eine Karte.', 'Leg ...'); the pass screen alone
    gave bare infinitives, 'Enter drücken oder die Schaltfläche anklicken', like a manual."""
    from game import i18n, storage
    storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"language": "de"})
    d = Driver(lambda app: HandoffScene(app, 1, lambda: None), autosave=False)
    try:
        drawn = [text for text, _, _ in d.labels(frames=2)]
        assert "Spieler 2: Sobald niemand sonst den Bildschirm sieht, drück Enter oder klick auf den Knopf." \
            in drawn, drawn
    finally:
        d.close()
        i18n.load_language("en")
