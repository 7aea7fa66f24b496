"""The words a finished game is told in, shared by every table (game/scenes/endings.py)."""

from game.scenes.endings import final_scores, outcome_sentence, standings

NAMES = ["You", "Seat 2", "Seat 3"].__getitem__


def test_the_winners_come_first_then_the_scores_in_the_games_direction():
    assert standings([3, 2, 2], [2], lower_is_better=True) == [2, 1, 0]  # a tie-break winner first
    assert standings([4, 9, 1], [1]) == [1, 0, 2]
    assert final_scores(NAMES, [3, 2, 2], [2], lower_is_better=True) == \
        "Final scores (lower is better) — Seat 3: 2, Seat 2: 2, You: 3."
    assert final_scores(["You", "Seat 2 (AI)"].__getitem__, [2, 6], [1]) == "Final scores — Seat 2 (AI): 6, You: 2."


def test_the_outcome_is_said_to_the_person_at_the_screen_as_the_results_title_says_it():
    assert outcome_sentence(NAMES, [0], me=0) == "You win!"
    assert outcome_sentence(NAMES, [1], me=0) == "Seat 2 wins."
    assert outcome_sentence(NAMES, [0, 2], me=None) == "Shared win: You, Seat 3."
    assert outcome_sentence(NAMES, [], me=0) == "Nobody wins."


def test_a_seats_number_is_never_run_into_its_final_score_in_either_language():
    """'Spieler 3 2, Spieler 2 2, Spieler 1 3' read as a row of numbers, and 'Seat 3 with 2'
    as no one speaks: a colon stands between each seat and its score, as on a scoreboard,
    'Seat 3: 2' ('Spieler 3: 2'), and a wrapped log line never parts the two."""
    import pygame

    from game import i18n
    from game.ui import theme
    pygame.font.init()
    try:
        assert i18n.load_language("de") is None
        names = [i18n.tr("Seat {n}", n=n) for n in (1, 2, 3)]
        line = final_scores(names.__getitem__, [3, 2, 2], [2], lower_is_better=True)
        assert line == "Endstand (weniger ist besser) — Spieler 3: 2, Spieler 2: 2, Spieler 1: 3."
        assert final_scores(names.__getitem__, [3, 2, 2], [0]) == "Endstand — Spieler 1: 3, Spieler 2: 2, Spieler 3: 2."
        for text in (line, final_scores(NAMES, [3, 2, 2], [2], lower_is_better=True)):
            for cut in ("Spieler 3:", "Seat 3:", "Spieler 2:", "Seat 2:"):
                if cut in text:  # a line just wide enough for everything up to the seat's colon
                    width = theme.font(14).size(text[:text.index(cut) + len(cut)])[0] + 2
                    lines = theme.wrap(text, 14, width)
                    assert not any(ln.endswith(":") for ln in lines), lines
    finally:
        i18n.load_language("en")
