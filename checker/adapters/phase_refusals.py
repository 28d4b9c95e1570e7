"""Why phase.rs refused an action, in the suite's words: its error messages onto the protocol's refusal
reasons (:data:`checker.contract.vocabulary.REFUSAL_REASONS`). A message no pattern knows has no reason:
the suite then can't tell why, and says so, rather than guess."""

from __future__ import annotations

import re

#: phase.rs's error messages (``Game.apply`` raises ``ValueError``) -> the refusal reason they say.
_REASONS: tuple[tuple[re.Pattern[str], str], ...] = (
    # Another player has priority, or the game waits for a decision and no one has priority (CR 117.1).
    (re.compile(r"^(?:Wrong player|Not your priority)$"), "not_your_priority"),
    (re.compile(r"while waiting for (?!Priority\b)\w+"), "not_your_priority"),
    # Sorcery speed (CR 307.1, 305.2), and spells or abilities usable only at certain times (CR 506.7, 602.5).
    (re.compile(r"Sorcery-speed spells can only be cast|Can only play lands (?:during|while)"), "timing"),
    (re.compile(r"(?:Casting|Activation) restriction not satisfied"), "timing"),
    (re.compile(r"Cannot pay mana cost|it has no mana cost"), "cost_unpaid"),
    (re.compile(r"No legal targets available|can't attack Planeswalker"), "illegal_target"),
    (
        re.compile(r"Already played maximum lands|Untap subset selects \d+ permanents but the cap allows"),
        "limit_reached",
    ),
    # The declaration of attackers or blockers (CR 508.1, 509.1): who may attack or block, restrictions, requirements.
    (
        re.compile(
            r"^Invalid action: ObjectId\(\d+\) (?:is tapped|is not a creature|has summoning sickness"
            r"|can't (?:attack|block)|is blocking \d+ attackers)"
            r"|^Invalid action: Declaration obeys \d+ (?:attack|block) requirement"
        ),
        "combat_restriction",
    ),
    # Not there: a card not in a zone it can be played from, a phased-out permanent (CR 702.26b), a tapped source.
    (re.compile(r"Card not found in hand|is phased out|Phased-out permanents|permanent is tapped"), "no_such_object"),
)


def refusal_reason(message: str) -> str | None:
    """The refusal reason phase.rs's error message says, or None when it says none the suite knows."""
    for pattern, reason in _REASONS:
        if pattern.search(message):
            return reason
    return None
