"""Errors the engine raises at its callers."""

from enum import StrEnum


class Refusal(StrEnum):
    """Why an action is refused: the conformance suite's reasons (``refusal_reason`` of its protocol)."""

    GAME_OVER = "game_over"
    NOT_YOUR_PRIORITY = "not_your_priority"
    TIMING = "timing"
    COST_UNPAID = "cost_unpaid"
    ILLEGAL_TARGET = "illegal_target"
    LIMIT_REACHED = "limit_reached"
    COMBAT_RESTRICTION = "combat_restriction"
    NO_SUCH_OBJECT = "no_such_object"
    INVALID_CHOICE = "invalid_choice"


class IllegalAction(Exception):
    """A player tried something the rules do not allow at this moment, for a reason."""

    def __init__(self, message: str, reason: Refusal) -> None:
        super().__init__(message)
        self.reason = reason
