"""Typed errors raised by rules engines."""


class IllegalAction(ValueError):
    """An action that is not legal now. The message is written for a player to read.

    Raising it must leave the state unchanged.
    """
