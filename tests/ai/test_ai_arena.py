"""The benchmark runners: documented keys, seat rotation, distinct keys for repeated specs."""

from __future__ import annotations

from toygames import NIM, NO_WINNER, TIE

from game.ai.arena import play_match, random_playouts, seat_labels


def test_random_playouts_reports_throughput():
    out = random_playouts("breaks", 2, 3, seed=1)
    assert set(out) == {"game", "players", "games", "seconds", "games_per_s", "mean_actions"}
    assert out["game"] == "breaks" and out["games"] == 3 and out["mean_actions"] > 0


def test_play_match_reports_the_documented_keys():
    out = play_match("breaks", ["random", "greedy"], games=2, seed=5, jobs=1)
    for key in ("game", "players", "games", "wins", "win_rate", "ties", "no_winner", "decision_ms", "seconds"):
        assert key in out
    assert set(out["wins"]) == {"random", "greedy"}
    assert sum(out["wins"].values()) == 2
    assert out["win_rate"]["greedy"] == out["wins"]["greedy"] / 2
    for summary in out["decision_ms"].values():
        assert set(summary) == {"decisions", "mean_ms", "median_ms", "max_ms"}


def test_seats_rotate_so_each_spec_plays_every_seat():
    out = play_match(NIM, ["random", "greedy", "ai:easy"], games=3, seed=0, jobs=1)
    seats = [g["seats"] for g in out["per_game"]]
    assert seats == [["random", "greedy", "ai:easy"], ["greedy", "ai:easy", "random"],
                     ["ai:easy", "random", "greedy"]]
    assert [g["seed"] for g in out["per_game"]] == [0, 1, 2]


def test_ties_count_half_a_win_each():
    out = play_match(TIE, ["random", "greedy"], games=4, seed=0, jobs=1)
    assert out["ties"] == 4
    assert out["wins"] == {"random": 2.0, "greedy": 2.0}
    assert out["win_rate"] == {"random": 0.5, "greedy": 0.5}


def test_games_nobody_won_are_counted_apart_from_ties_and_credit_nobody():
    """Breaker Blocks' equal circuits end with ``winners() == []`` (both lose): such games are
    ``no_winner``, not ``ties``, and add nothing to ``wins``."""
    out = play_match(NO_WINNER, ["random", "greedy"], games=6, seed=0, jobs=1)
    nobody = [g for g in out["per_game"] if g["winners"] == []]
    assert [g["seed"] for g in nobody] == [0, 2, 4]
    assert out["no_winner"] == len(nobody) and out["ties"] == 0
    assert sum(out["wins"].values()) == 6 - len(nobody)
    assert play_match(TIE, ["random", "greedy"], games=2, seed=0, jobs=1)["no_winner"] == 0


def test_a_spec_playing_itself_is_keyed_twice():
    out = play_match(NIM, ["random", "random"], games=4, seed=0, jobs=1)
    assert set(out["wins"]) == {"random#1", "random#2"}
    assert "note" in out
    assert sum(out["wins"].values()) == 4


def test_the_same_match_gives_the_same_results():
    a = play_match("breaks", ["greedy", "ai:easy"], games=1, seed=9, jobs=1)
    b = play_match("breaks", ["greedy", "ai:easy"], games=1, seed=9, jobs=1)
    assert a["per_game"] == b["per_game"]


def test_parallel_jobs_give_the_same_games_as_one_process():
    serial = play_match("breaks", ["random", "greedy"], games=2, seed=3, jobs=1)
    parallel = play_match("breaks", ["random", "greedy"], games=2, seed=3, jobs=2)
    assert parallel["jobs"] == 2
    assert parallel["per_game"] == serial["per_game"]


def test_repeated_specs_get_distinct_keys():
    assert seat_labels(["ai:normal", "normal", "random"]) == ["ai:normal#1", "ai:normal#2", "random"]
