"""Why phase.rs refused an action, in the suite's words: its error messages onto the protocol's refusal
reasons (:data:`checker.contract.vocabulary.REFUSAL_REASONS`). A message no pattern knows has no reason:
the suite then can't tell why, and says so, rather than guess."""

from __future__ import annotations

import re

#: phase.rs's error messages (``Game.apply`` raises ``ValueError``) -> the refusal reason they say.
_REASONS: tuple[tuple[re.Pattern[str], str], ...] = (
    # Another player has priority, or the game waits for a decision and no one has priority (CR 117.1).
    (re.compile(r"^Wrong player$"), "not_your_priority"),
    (re.compile(r"while waiting for (?!Priority\b)\w+"), "not_your_priority"),
    # A sorcery-speed spell or a land outside the player's main phase with an empty stack (CR 307.1, 305.2).
    (re.compile(r"Sorcery-speed spells can only be cast|Can only play lands during main phases"), "timing"),
    # What may attack or block (CR 508.1a, 509.1a) and the restrictions on it (CR 508.1c, 509.1b).
    (
        re.compile(r"is not a creature|is tapped|can't (?:attack|block)|cannot (?:attack|block)", re.IGNORECASE),
        "combat_restriction",
    ),
    (re.compile(r"alone", re.IGNORECASE), "combat_restriction"),
)


def refusal_reason(message: str) -> str | None:
    """The refusal reason phase.rs's error message says, or None when it says none the suite knows."""
    for pattern, reason in _REASONS:
        if pattern.search(message):
            return reason
    return None
