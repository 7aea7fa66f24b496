"""Engine-neutral pieces shared by every game: the State/Rules protocol, errors,
seeded RNG, option validation and the action log. Never imports pygame."""

from game.core.errors import IllegalAction
from game.core.options import OptionSpec, validate_options
from game.core.protocol import Rules, State
from game.core.rng import Rng

__all__ = ["IllegalAction", "OptionSpec", "Rng", "Rules", "State", "validate_options"]
