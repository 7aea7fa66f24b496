"""The game log opens by saying who goes first: a game the computer opened began with its
move and no word of why it moved first."""

from __future__ import annotations

import pytest

from game import i18n, storage
from game.scenes.tables import table_class
from game.session import GameSession
from tests.ui.driver import Driver

GAMES = [("breaks", ["human", "ai:easy"]), ("blockers", ["human", "ai:easy", "human"]),
         ("breaker_blocks", ["human", "ai:easy"]), ("circuit_breaker", ["human", "ai:easy", "ai:easy"])]


def first_log_line(game: str, seats: list[str], seed: int) -> tuple[int, str]:
    session = GameSession(game, seats, seed=seed)
    first = session.current_player
    d = Driver(lambda app: table_class(game)(app, session), autosave=False)
    try:
        table = d.app.stack.find(table_class(game))
        table.rebuild_log()
        return first, table.log_lines[0][1]
    finally:
        d.close()


def seed_where(game: str, seats: list[str], first_is_human: bool) -> int:
    """A seed whose random draw lets a person (or the computer) go first."""
    for seed in range(50):
        first = GameSession(game, seats, seed=seed).current_player
        if (seats[first] == "human") == first_is_human:
            return seed
    raise AssertionError("no such seed")


@pytest.mark.parametrize(("game", "seats"), GAMES, ids=[g for g, _ in GAMES])
def test_the_log_opens_with_who_goes_first(game, seats):
    seed = seed_where(game, seats, first_is_human=False)
    first, line = first_log_line(game, seats, seed)
    assert line == f"Seat {first + 1} (AI) goes first."
    if seats.count("human") == 1:  # one person at the screen: "You"
        _, line = first_log_line(game, seats, seed_where(game, seats, first_is_human=True))
        assert line == "You go first."


def test_the_opening_line_in_german():
    storage.atomic_write_json(storage.settings_path(storage.user_dirs()), {"language": "de"})
    try:
        seats = ["human", "ai:easy"]
        first, line = first_log_line("breaks", seats, seed_where("breaks", seats, first_is_human=False))
        assert line == f"Spieler {first + 1} (KI) fängt an."
        _, line = first_log_line("breaks", seats, seed_where("breaks", seats, first_is_human=True))
        assert line == "Du fängst an."
    finally:
        i18n.load_language("en")
