"""The log says whose leaf an Annihilate or Attenuate took: 'Seat 2 (AI) removed power 3
at 3,-1 from the game.' did not tell the player it was theirs."""

from __future__ import annotations

from game import i18n
from tests.ui.test_breaker_blocks_table import you_against_the_computer


def test_a_leaf_taken_by_the_other_player_is_named_as_yours_or_theirs():
    d = you_against_the_computer()
    try:
        t = d.top
        t.paused = True  # the computer's moves are made here, one by one
        for text, seat in [("play 0 at 1,-1 from N", 0), ("play 0 at 1,-2 from N", 0), ("draw annihilate", 1),
                           ("draw attenuate", 1), ("draw annihilate", 0), ("end", 0)]:
            assert t.perform(text, seat), text
        assert t.perform("play annihilate at 1,2 from S", 1)
        assert t.perform("target 1,-2", 1)  # the only leaf: yours
        assert t.log_lines[-1] == (1, "Seat 2 (AI) removed your power 0 at 1,-2 from the game.")
        assert t.perform("play attenuate at 1,3 from S", 1)  # no leaf of its own but this one: yours at once
        assert t.perform("target 1,-1", 1)
        assert t.log_lines[-1][1] == "Seat 2 (AI) sent your power 0 at 1,-1 back to its pile."
        assert t.perform("play annihilate at 1,-1 from N", 0)
        assert t.perform("target 1,3", 0)
        assert t.log_lines[-1][1] == "You removed the Attenuate tile of Seat 2 (AI) at 1,3 from the game."
        assert i18n.load_language("de") is None
        try:
            t.rebuild_log()
            said = [line for _, line in t.log_lines]
            assert "Spieler 2 (KI) hat dein Plättchen Leistung 0 bei 1,-2 aus dem Spiel entfernt." in said, said
            assert "Du hast Spieler 2 (KI) das Plättchen Attenuate bei 1,3 aus dem Spiel entfernt." in said, said
        finally:
            i18n.load_language("en")
    finally:
        d.close()


def play_out(t, moves) -> None:
    t.paused = True  # the computer's moves are made here, one by one
    for text, seat in moves:
        assert t.perform(text, seat), text


def test_a_half_of_an_attenuate_skipped_for_want_of_a_leaf_is_said_in_the_log():
    # BB-22, the rules' E6: a side with no leaf to send back is skipped; the prompt went
    # straight to the other hand's leaf and nothing in the log said why
    d = you_against_the_computer()
    try:
        t = d.top
        play_out(t, [("play 0 at 1,-1 from N", 0), ("draw attenuate", 0), ("play 0 at 1,2 from S", 1), ("end", 1),
                     ("play attenuate at 1,-2 from N", 0)])  # your only other tile is not a leaf
        assert t.view["pending"]["number"] == 2
        assert t.log_lines[-1] == (0, "Half of the Attenuate was skipped: You had no leaf it could send back.")
        assert i18n.load_language("de") is None
        try:
            t.rebuild_log()
            assert t.log_lines[-1][1] == \
                "Eine Hälfte des Attenuate entfiel: Du hattest kein Blatt, das es zurückschicken konnte."
        finally:
            i18n.load_language("en")
    finally:
        d.close()
    d = you_against_the_computer()
    try:
        t = d.top
        play_out(t, [("play 0 at 1,-1 from N", 0), ("draw attenuate", 0), ("draw 1", 1), ("draw 2", 1),
                     ("play attenuate at 2,-1 from N", 0), ("target 1,-1", 0)])  # seat 2 has no tile at all
        assert [line for _, line in t.log_lines[-2:]] == [
            "You sent power 0 at 1,-1 back to its pile.",
            "Half of the Attenuate was skipped: Seat 2 (AI) had no leaf it could send back."]
    finally:
        d.close()
