"""Two tiny games that follow the engine contract, for testing the bots without Breaks.

- Nim: piles of stones, take 1-3 from one pile, whoever takes the last stone wins.
  Perfect information, any number of players.
- Swap: cards 1-4, each of two players holds one face down, one lies face down as the
  stock, one is out of the game. Seat 1 then seat 2 either ``keep`` or ``swap`` (trade
  their card for the stock card); the higher card wins. Hidden information: with a 1
  you should swap, with a 4 you should keep.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from game.core.errors import IllegalAction
from game.core.rng import reseed_from


@dataclass(frozen=True)
class Take:
    pile: int
    count: int

    def __str__(self) -> str:
        return f"take {self.pile + 1} {self.count}"


class NimState:
    def __init__(self, piles: list[int], num_players: int = 2, current: int = 0) -> None:
        self.piles = list(piles)
        self.num_players = num_players
        self._current = current
        self.last_mover: int | None = None

    @property
    def current_player(self) -> int | None:
        return None if self.is_terminal() else self._current

    def legal_actions(self) -> list[Take]:
        if self.is_terminal():
            return []
        return [Take(p, c) for p, n in enumerate(self.piles) for c in range(1, min(3, n) + 1)]

    def apply(self, action: Take) -> None:
        if action not in self.legal_actions():
            raise IllegalAction(f"{action} is not legal")
        self.piles[action.pile] -= action.count
        self.last_mover = self._current
        self._current = (self._current + 1) % self.num_players

    def parse(self, text: str) -> Take:
        for a in self.legal_actions():
            if str(a) == " ".join(text.lower().split()):
                return a
        raise IllegalAction(f"{text!r} is not legal")

    def clone(self) -> NimState:
        c = NimState(self.piles, self.num_players, self._current)
        c.last_mover = self.last_mover
        return c

    def is_terminal(self) -> bool:
        return sum(self.piles) == 0

    def scores(self) -> list[float]:
        return [1.0 if self.is_terminal() and p == self.last_mover else 0.0 for p in range(self.num_players)]

    def winners(self) -> list[int]:
        return [self.last_mover] if self.is_terminal() and self.last_mover is not None else []

    def view(self, player: int) -> dict[str, Any]:
        return {"seat": player, "piles": list(self.piles), "current_player": self.current_player}

    def determinize(self, player: int, rng: Any) -> NimState:
        return self.clone()

    def to_json(self) -> dict[str, Any]:
        return {"piles": self.piles, "num_players": self.num_players, "current": self._current,
                "last_mover": self.last_mover}


@dataclass(frozen=True)
class Choice:
    word: str

    def __str__(self) -> str:
        return self.word


KEEP, SWAP = Choice("keep"), Choice("swap")


class SwapState:
    """hands[p], stock, out are card values 1-4; ``known[p]`` maps places p has seen."""

    num_players = 2

    def __init__(self, hands: list[int], stock: int, out: int) -> None:
        self.hands = list(hands)
        self.stock = stock
        self.out = out
        self.turn = 0
        self.moves: list[str] = []
        self.seen_stock: list[int | None] = [None, None]  # what p knows lies in the stock

    @property
    def current_player(self) -> int | None:
        return None if self.turn >= 2 else self.turn

    def legal_actions(self) -> list[Choice]:
        return [] if self.is_terminal() else [KEEP, SWAP]

    def apply(self, action: Choice) -> None:
        if self.is_terminal() or action not in (KEEP, SWAP):
            raise IllegalAction(f"{action} is not legal")
        p = self.turn
        if action == SWAP:
            self.hands[p], self.stock = self.stock, self.hands[p]
            self.seen_stock = [None, None]
            self.seen_stock[p] = self.stock
        self.moves.append(str(action))
        self.turn += 1

    def parse(self, text: str) -> Choice:
        for a in self.legal_actions():
            if str(a) == text.strip().lower():
                return a
        raise IllegalAction(f"{text!r} is not legal")

    def clone(self) -> SwapState:
        c = SwapState(self.hands, self.stock, self.out)
        c.turn, c.moves, c.seen_stock = self.turn, list(self.moves), list(self.seen_stock)
        return c

    def is_terminal(self) -> bool:
        return self.turn >= 2

    def scores(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        return [1.0 if self.hands[p] > self.hands[1 - p] else 0.0 for p in range(2)]

    def winners(self) -> list[int]:
        if not self.is_terminal():
            return []
        return [0] if self.hands[0] > self.hands[1] else [1]

    def view(self, player: int) -> dict[str, Any]:
        return {"seat": player, "hand": self.hands[player], "moves": list(self.moves),
                "stock_known": self.seen_stock[player], "current_player": self.current_player}

    def determinize(self, player: int, rng: Any) -> SwapState:
        world = self.clone()
        fixed = {self.hands[player]}
        if self.seen_stock[player] is not None:
            fixed.add(self.stock)
        # Sorted first, so the sample depends only on what the player knows.
        unseen = sorted({1, 2, 3, 4} - fixed)
        reseed_from(rng).shuffle(unseen)
        it = iter(unseen)
        world.hands[1 - player] = next(it)
        if self.seen_stock[player] is None:
            world.stock = next(it)
        world.out = next(it)
        return world

    def to_json(self) -> dict[str, Any]:
        return {"hands": self.hands, "stock": self.stock, "out": self.out, "turn": self.turn}


class ToyRules:
    def __init__(self, name: str, factory: Any, min_players: int = 2, max_players: int = 2) -> None:
        self.name = name
        self.title = name.title()
        self.min_players = min_players
        self.max_players = max_players
        self.options = ()
        self._factory = factory

    def new_game(self, num_players: int, seed: int, **options: Any) -> Any:
        return self._factory(num_players, seed)

    def from_json(self, data: dict[str, Any]) -> Any:
        raise NotImplementedError


def _new_nim(num_players: int, seed: int) -> NimState:
    return NimState([3 + seed % 3, 4, 5], num_players, seed % num_players)


def _new_swap(num_players: int, seed: int) -> SwapState:
    cards = [1, 2, 3, 4]
    reseed_from(random.Random(seed)).shuffle(cards)
    return SwapState(cards[:2], cards[2], cards[3])


NIM = ToyRules("toy_nim", _new_nim, 2, 4)
SWAP_RULES = ToyRules("toy_swap", _new_swap)


class TieNimState(NimState):
    """Nim whose every finished game is a tie (for the match tally)."""

    def clone(self) -> TieNimState:
        c = TieNimState(self.piles, self.num_players, self._current)
        c.last_mover = self.last_mover
        return c

    def winners(self) -> list[int]:
        return list(range(self.num_players)) if self.is_terminal() else []


TIE = ToyRules("toy_tie", lambda n, seed: TieNimState([2], n, 0))


class NoWinnerNimState(NimState):
    """Nim that ends with nobody winning from even seeds (like a Breaker Blocks tie: both lose)."""

    def __init__(self, piles: list[int], num_players: int = 2, current: int = 0, no_winner: bool = False) -> None:
        super().__init__(piles, num_players, current)
        self.no_winner = no_winner

    def clone(self) -> NoWinnerNimState:
        c = NoWinnerNimState(self.piles, self.num_players, self._current, self.no_winner)
        c.last_mover = self.last_mover
        return c

    def winners(self) -> list[int]:
        return [] if self.no_winner else super().winners()


NO_WINNER = ToyRules("toy_no_winner", lambda n, seed: NoWinnerNimState([2, 3], n, seed % n, seed % 2 == 0))
