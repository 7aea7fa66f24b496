"""The words a finished game is told in, shared by every table (game/scenes/endings.py)."""

from game.scenes.endings import final_scores, outcome_sentence, standings

NAMES = ["You", "Seat 2", "Seat 3"].__getitem__


def test_the_winners_come_first_then_the_scores_in_the_games_direction():
    assert standings([3, 2, 2], [2], lower_is_better=True) == [2, 1, 0]  # a tie-break winner first
    assert standings([4, 9, 1], [1]) == [1, 0, 2]
    assert final_scores(NAMES, [3, 2, 2], [2], lower_is_better=True) == \
        "Final scores (lower is better): Seat 3 with 2, Seat 2 with 2, You with 3."


def test_the_outcome_is_said_to_the_person_at_the_screen_as_the_results_title_says_it():
    assert outcome_sentence(NAMES, [0], me=0) == "You win!"
    assert outcome_sentence(NAMES, [1], me=0) == "Seat 2 wins."
    assert outcome_sentence(NAMES, [0, 2], me=None) == "Shared win: You, Seat 3."
    assert outcome_sentence(NAMES, [], me=0) == "Nobody wins."


def test_a_seats_number_is_never_run_into_its_final_score_in_either_language():
    """'Spieler 3 2, Spieler 2 2, Spieler 1 3' read as a row of numbers: each seat is
    'Spieler 3 mit 2' (English 'Seat 3 with 2')."""
    from game import i18n
    try:
        assert i18n.load_language("de") is None
        names = [i18n.tr("Seat {n}", n=n) for n in (1, 2, 3)]
        assert final_scores(names.__getitem__, [3, 2, 2], [2], lower_is_better=True) == \
            "Endstand (weniger ist besser): Spieler 3 mit 2, Spieler 2 mit 2, Spieler 1 mit 3."
    finally:
        i18n.load_language("en")
