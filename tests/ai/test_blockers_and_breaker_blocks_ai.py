"""The Blockers! heuristics and the Breaker Blocks turn search: sane values, legal play."""

from __future__ import annotations

import random

import pytest
from bb_positions import LAST_POWER_5011, LAST_POWER_5012

from game.ai.bots import Budget
from game.ai.breaker_blocks_search import TIE, BreakerBlocksSearchBot, signature, values
from game.ai.difficulty import make_bot
from game.ai.heuristics import blockers as bl
from game.ai.heuristics import breaker_blocks as bb
from game.ai.heuristics import get_heuristics
from game.ai.seat import SeatInfo
from game.rules import get_rules

BLOCKERS = get_rules("blockers")
BREAKER_BLOCKS = get_rules("breaker_blocks")


@pytest.mark.parametrize("players", [2, 3, 5])
def test_blockers_playouts_are_legal_and_evaluations_are_chances(players):
    rng = random.Random(players)
    state = BLOCKERS.new_game(players, 11 + players)
    steps = 0
    while not state.is_terminal():
        values = bl.evaluate(state)
        assert len(values) == players
        assert all(0.0 <= v <= 1.0 for v in values)
        assert sum(values) == pytest.approx(1.0)
        action = bl.rollout_action(state, rng)
        assert action in state.legal_actions()
        state.apply(action)
        steps += 1
        assert steps < 500
    assert state.winners()


def test_blockers_evaluation_favours_the_lower_projected_score():
    """Lowest score wins (BL-16): the seat expected to finish lower is the likelier winner."""
    state = BLOCKERS.new_game(2, 3, first_player=0)
    rng = random.Random(0)
    for _ in range(16):  # play part of the game with the playout policy
        state.apply(bl.rollout_action(state, rng))
    proj, _ = bl.projected(state)
    values = bl.evaluate(state)
    better = min(range(2), key=lambda p: proj[p])
    assert values[better] == max(values) > 0.5


def test_blockers_heuristics_are_the_game_module():
    h = get_heuristics("blockers")
    assert h.has_module and h.evaluate is bl.evaluate and h.rollout_action is bl.rollout_action


# Rules scenario Y2: seat 0 holds 5, E, 9, A, circle; blue stands on E4-E6, A8, A9 and I9.
Y2 = {"pools": [["5", "E", "9", "A", "circle", "1"], ["1", "2", "3", "4", "5", "6"]],
      "board": {"E4": "blue", "E5": "blue", "E6": "blue", "A8": "blue", "A9": "blue", "I9": "blue"}}


@pytest.mark.parametrize(("spec", "seed"), [("ai:normal", 0), ("ai:normal", 1), ("ai:hard", 0)])
def test_blockers_bots_on_their_last_turn_keep_the_lowest_score(spec, seed):
    """Seat 0's last turn, 1 against 4: every move wins, so the search rated them alike and
    the bot placed the 9 on E9 or the 1 on A1 (a new group: 1 -> 2). The final scoring breaks
    the tie: the circle joins its group and the score stays 1, as the hint says."""
    state = BLOCKERS.new_game(2, 1, first_player=0, setup=Y2)
    for move in ("5@D5", "1@E1"):
        state.apply(state.parse(move))
    assert state._turns[0] + 1 == state._cfg.turn_limit and state.scores() == [1, 4]
    action = make_bot(spec, "blockers", seed).choose(SeatInfo(state, 0, "blockers"))
    after = state.clone()
    after.apply(action)
    assert after.scores()[0] == 1, action
    assert bl.tiebreak(state, action) == min(bl.tiebreak(state, a) for a in state.legal_actions())


def test_breaker_blocks_normal_and_hard_use_the_turn_search_and_easy_mcts():
    assert isinstance(make_bot("ai:normal", "breaker_blocks", 1), BreakerBlocksSearchBot)
    assert isinstance(make_bot("ai:hard", "breaker_blocks", 1), BreakerBlocksSearchBot)
    assert not isinstance(make_bot("ai:easy", "breaker_blocks", 1), BreakerBlocksSearchBot)


def test_breaker_blocks_easy_does_not_throw_away_its_opening_turn():
    """Easy scores its tree's leaves with the evaluation: truncated playouts rated ending the
    first turn at once above drawing or playing (a blunder that looked like a broken AI)."""
    rules = get_rules("breaker_blocks")
    for seed in range(8):
        state = rules.new_game(2, seed)
        move = make_bot("ai:easy", "breaker_blocks", seed).choose(SeatInfo(state, state.current_player,
                                                                            "breaker_blocks"))
        assert str(move) != "end", seed


def test_breaker_blocks_evaluation_values_are_win_chances():
    state = BREAKER_BLOCKS.new_game(2, 5)
    rng = random.Random(5)
    while not state.is_terminal():
        values = bb.evaluate(state)
        assert len(values) == 2 and all(0.0 <= v <= 1.0 for v in values)
        assert sum(values) <= 1.0 + 1e-9  # a tie is a loss for both (BB-25)
        state.apply(bb.rollout_action(state, rng))


def test_breaker_blocks_search_plays_legal_whole_turns_from_its_plan():
    """The search plans its whole turn; the turn's later decisions come from the plan, and
    every action it returns is legal."""
    state = BREAKER_BLOCKS.new_game(2, 9, first_player=0)
    bot = BreakerBlocksSearchBot(3, Budget(1, 0.4), width=(6, 3), reply=2, reply_width=(3, 2))
    rng = random.Random(9)
    planned = 0
    for _ in range(40):
        if state.is_terminal():
            break
        if state.current_player == 0:
            info = SeatInfo(state, 0, "breaker_blocks")
            action = bot.choose(info)
            assert action in state.legal_actions()
            planned += bool(bot.last_stats.get("planned"))
        else:
            action = rng.choice(state.legal_actions())
        state.apply(action)
    assert planned > 0


def test_breaker_blocks_signature_tells_positions_apart():
    state = BREAKER_BLOCKS.new_game(2, 2)
    before = signature(state)
    assert signature(state.clone()) == before
    state.apply(state.legal_actions()[0])
    assert signature(state) != before


@pytest.mark.parametrize("players, searched", [(4, 3), (2, None)])
def test_blockers_with_many_players_searches_only_the_best_root_moves(players, searched):
    from game.ai.mcts import ISMCTSBot
    state = get_rules("blockers").new_game(players, 3)
    info = SeatInfo(state, state.current_player, "blockers")
    legal = info.legal_actions()
    assert len(legal) > 3
    bot = ISMCTSBot(1, Budget(60, 30.0), root_width=3, rollout_depth_many=2)
    bot.choose(info)
    tried = bot.last_stats["root"]
    if searched is None:
        assert len(tried) > 3, "two players: every move is searched"
    else:
        assert len(tried) == searched
        # the moves kept are the best one ply ahead on a sampled world
        h = get_heuristics("blockers")
        world = info.sample_world(random.Random(0))

        def one_ply(action):
            after = world.clone()
            after.apply(action)
            return h.value(after)[info.seat]
        ranked = sorted(legal, key=one_ply, reverse=True)
        best = {str(a) for a in ranked[:len(legal) // 2]}
        assert set(tried) <= best, "pruned moves come from the better half"


def test_blockers_levels_prune_the_root_only_with_three_or_more_players():
    bot = make_bot("ai:normal", "blockers", 0)
    assert bot.root_width and bot.rollout_depth_many
    assert bot.root_width_players == 3


# Real play (seed 3, first_player=0, turn_cap=40): seat 2 holds an AUTHENTICATE with one on the
# board and leads once it plays a power tile, so `play 2 at 5,1 from W; play authenticate at
# 6,1 from W` wins at once. The evaluation also rated `end` (and many other turns) at exactly
# 1.0, and the search ranked that heuristic 1.0 above the real win: the bot ended its turn.
WIN_NOW = ("play 0 at 1,-1 from N | draw 3 | draw annihilate | draw accelerate | play 3 at 0,-1 from N | "
           "play 0 at 2,-1 from W | play annihilate at 3,1 from W | target 0,-1 | play accelerate at 4,1 from W | "
           "draw 3 | draw 3 | draw annihilate | draw accelerate | draw 3 | draw 3 | draw 2 | "
           "play accelerate at 0,-1 from N | draw 3 | draw 2 | draw attenuate | play 3 at 0,-2 from N | "
           "play 2 at 1,2 from S | play annihilate at 1,3 from S | target 0,-2 | play 3 at 1,-2 from N | "
           "play 2 at 0,-2 from N | draw 2 | draw 2 | draw authenticate | draw 2 | play 2 at 0,2 from S | "
           "draw 2 | play 2 at 0,-3 from N | play authenticate at 3,-1 from W | play 2 at 1,4 from S | "
           "draw authenticate | end")


def _win_now_position():
    state = BREAKER_BLOCKS.new_game(2, 3, first_player=0, turn_cap=40)
    for text in WIN_NOW.split(" | "):
        state.apply(state.parse(text))
    return state


@pytest.mark.parametrize("tie", [0.0, TIE])
def test_breaker_blocks_search_values_rank_finished_games_apart_from_guesses(tie):
    """A finished game is worth exactly 1 (won), ``tie`` (tied: both lose; 0 for normal, TIE for
    hard, which would rather deny the opponent the win) or 0 (lost); a running one, however sure
    the evaluation, strictly between 0 and 1. So a win now beats every line that goes on."""
    state = _win_now_position()
    seat = state.current_player
    kinds = set()
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        vals = values(after, tie)
        assert len(vals) == 2
        if after.is_terminal():
            expected = [1.0 if after.winners() == [p] else tie if after.winners() == [] else 0.0 for p in range(2)]
            assert vals == expected, str(action)
            kinds.add("over")
        else:
            assert all(0.0 < v < 1.0 for v in vals), (str(action), vals)
            kinds.add("running")
    assert kinds == {"over", "running"}  # `play authenticate ...` now ties the game: both lose
    assert 0.0 < TIE < 1.0
    # and the sure-looking `end` is still rated below a win
    ended = state.clone()
    ended.apply(state.parse("end"))
    assert 0.0 < values(ended, tie)[seat] < 1.0


@pytest.mark.parametrize("level", ["ai:normal", "ai:hard"])
def test_breaker_blocks_search_takes_a_win_in_hand_over_a_heuristic_sure_thing(level):
    state = _win_now_position()
    seat = state.current_player
    assert seat == 1 and not state.is_terminal()
    bot = make_bot(level, "breaker_blocks", 7)
    for _ in range(2):  # the winning line is two actions long; the second comes from the plan
        action = bot.choose(SeatInfo(state, seat, "breaker_blocks"))
        assert str(action) != "end"
        state.apply(action)
        if state.is_terminal():
            break
        assert state.current_player == seat, f"{level} ended its turn without winning"
    assert state.is_terminal() and state.winners() == [seat]


def _breaker_blocks_position(turns: str, **options):
    """A game from ``setup`` options and turns written as in the rules' examples."""
    state = BREAKER_BLOCKS.new_game(2, 1, **options)
    for turn in turns.split(" | "):
        for text in turn.split("; "):
            state.apply(state.parse(text))
    return state


def _bot_turn(level, state):
    """``level`` plays its whole turn on ``state``."""
    seat = state.current_player
    bot = make_bot(level, "breaker_blocks", 7)
    while state.current_player == seat:
        state.apply(bot.choose(SeatInfo(state, seat, "breaker_blocks")))
    return seat


def test_breaker_blocks_hard_ties_its_last_turn_rather_than_lose_it():
    """BB-25: a tie is a loss for both, yet it denies the opponent the win. Seat 2's last turn
    (turn cap 2) cannot win 2 circuits against seat 1's I and II, but its 2 outpowers seat 1's
    1 in circuit I: 1 circuit each. Ending the turn, or playing the 2 anywhere else, loses.
    Only hard plays for the tie: normal weighs it like a loss (a normal that saved such games
    pulled level with hard)."""
    state = _breaker_blocks_position("draw 1; draw 3 | draw 2; end | play 1 at 0,-1 from N; play 3 at 1,-1 from N",
                                     turn_cap=2, setup={"first_player": 0})
    assert state.scores() == [2, 0]
    _bot_turn("ai:hard", state)
    assert state.is_terminal() and state.scores() == [1, 1] and state.winners() == []


# Seat 1 holds its last power tile, a 0 (BB-24.4: playing it hands seat 2 the final turn). Seat 2's
# 3 sits on its 2 in circuit II; the evaluation sees the 3 move on its own, which wins seat 2 one
# circuit at most, but once the 3 has moved the 2 is a leaf and can move too.
HANDOVER = ("draw 2; draw 3 | draw 2; draw 3 | play 2 at 0,-1 from N; play 3 at 1,-1 from N | "
            "play 2 at 1,2 from S; end | draw 1; end | play 3 at 1,3 from S; end | play 1 at 2,-1 from N; end | end")
HANDOVER_SETUP = {"first_player": 0, "power_counts": {"0": 1, "1": 1, "2": 1, "3": 1}, "action_counts": {}}


def _final_turn_wins(state) -> bool:
    """Does some line of the mover's turn (to the end of the game) win it for the mover?"""
    mover, seen, stack = state.current_player, set(), [state]
    while stack:
        for action in (s := stack.pop()).legal_actions():
            after = s.clone()
            after.apply(action)
            if after.is_terminal():
                if after.winners() == [mover]:
                    return True
            elif after.current_player == mover and (key := signature(after)) not in seen:
                seen.add(key)
                stack.append(after)
    return False


def test_breaker_blocks_handover_position_hides_a_two_action_win():
    state = _breaker_blocks_position(HANDOVER, setup=HANDOVER_SETUP)
    # the blunder: seat 1 plays its 0 and seat 2's final turn moves the 3, then the 2, and wins
    blunder = state.clone()
    for text in ("play 0 at -1,0 from E", "end", "rearrange 1,3 to 0,2 from S", "rearrange 1,2 to 2,2 from S"):
        blunder.apply(blunder.parse(text))
    assert blunder.is_terminal() and blunder.winners() == [1]


@pytest.mark.parametrize("position", ["handover", "bench 5011", "bench 5012"])
def test_breaker_blocks_hard_keeps_its_last_power_tile_when_the_final_turn_would_lose(position):
    """Hard searches the opponent's final turn to the game's end before it runs out of power
    (BB-24.4), so it never hands over a final turn the opponent can win. Normal still can: a
    normal that also saw it pulled level with hard."""
    if position == "handover":
        state = _breaker_blocks_position(HANDOVER, setup=HANDOVER_SETUP)
    else:
        state = BREAKER_BLOCKS.from_json(LAST_POWER_5011 if position.endswith("5011") else LAST_POWER_5012)
    seat = _bot_turn("ai:hard", state)
    assert not state.is_terminal() or state.winners() == [seat]
    handed_over = state.view(seat)["final_turn"] is not None
    assert not (handed_over and _final_turn_wins(state)), "hard ran out of power and the opponent's final turn wins"
