"""Bots over the engine contract: random, greedy and IS-MCTS, difficulty levels,
per-game heuristics, the background worker and the match runner.

Deliberately empty: ``game.ai.worker`` is imported by the UI at start-up and must
stay light, so nothing is re-exported here. Import from the submodules:

- ``game.ai.seat``        SeatInfo, the only thing a bot sees
- ``game.ai.bots``        Bot, Budget, RandomBot, GreedyBot
- ``game.ai.mcts``        ISMCTSBot
- ``game.ai.difficulty``  LEVELS, make_bot
- ``game.ai.heuristics``  get_heuristics (per-game knowledge, with defaults)
- ``game.ai.worker``      AIWorker
- ``game.ai.arena``       random_playouts, play_match

Nothing here imports pygame.
"""
