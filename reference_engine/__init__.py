"""A pure-Python reference engine for the turn structure of Magic: The Gathering.

The engine knows three rules editions (see :mod:`reference_engine.editions`).
It does no I/O and is deterministic: every shuffle takes its seed from the game.
"""

from reference_engine.editions import CR2008, CR2024, EDITIONS, Edition, Mirage
from reference_engine.errors import IllegalAction
from reference_engine.game import Game

__all__ = ["CR2008", "CR2024", "EDITIONS", "Edition", "Game", "IllegalAction", "Mirage"]
