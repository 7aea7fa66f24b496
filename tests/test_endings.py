"""The words a finished game is told in, shared by every table (game/scenes/endings.py)."""

from game.scenes.endings import final_scores, outcome_sentence, standings

NAMES = ["You", "Seat 2", "Seat 3"].__getitem__


def test_the_winners_come_first_then_the_scores_in_the_games_direction():
    assert standings([3, 2, 2], [2], lower_is_better=True) == [2, 1, 0]  # a tie-break winner first
    assert standings([4, 9, 1], [1]) == [1, 0, 2]
    assert final_scores(NAMES, [3, 2, 2], [2], lower_is_better=True) == \
        "Final scores (lower is better): Seat 3 2, Seat 2 2, You 3."


def test_the_outcome_is_said_to_the_person_at_the_screen_as_the_results_title_says_it():
    assert outcome_sentence(NAMES, [0], me=0) == "You win!"
    assert outcome_sentence(NAMES, [1], me=0) == "Seat 2 wins."
    assert outcome_sentence(NAMES, [0, 2], me=None) == "Shared win: You, Seat 3."
    assert outcome_sentence(NAMES, [], me=0) == "Nobody wins."
