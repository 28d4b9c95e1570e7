"""The record of what happened in a game, in order."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class EventKind(StrEnum):
    GAME_STARTED = "game_started"
    LIBRARY_SHUFFLED = "library_shuffled"
    PLAY_OR_DRAW_CHOSEN = "play_or_draw_chosen"
    TURN_BEGAN = "turn_began"
    TURN_ENDED = "turn_ended"
    TURN_SKIPPED = "turn_skipped"
    EXTRA_TURN_ADDED = "extra_turn_added"
    PHASE_BEGAN = "phase_began"
    PHASE_ENDED = "phase_ended"
    PHASE_SKIPPED = "phase_skipped"
    PHASE_ADDED = "phase_added"
    STEP_BEGAN = "step_began"
    STEP_ENDED = "step_ended"
    STEP_SKIPPED = "step_skipped"
    STEP_ADDED = "step_added"
    PRIORITY_PASSED = "priority_passed"
    CARD_DRAWN = "card_drawn"
    DRAW_FROM_EMPTY_LIBRARY = "draw_from_empty_library"
    PHASED_IN = "phased_in"
    PHASED_OUT = "phased_out"
    DAY_NIGHT_CHANGED = "day_night_changed"
    UNTAP_ANNOUNCED = "untap_announced"
    UNTAPPED = "untapped"
    TAPPED = "tapped"
    MANA_ADDED = "mana_added"
    MANA_EMPTIED = "mana_emptied"
    MANA_BURNED = "mana_burned"
    LIFE_CHANGED = "life_changed"
    LAND_PLAYED = "land_played"
    SPELL_CAST = "spell_cast"
    ABILITY_ACTIVATED = "ability_activated"
    TRIGGERED = "triggered"
    TRIGGER_IGNORED = "trigger_ignored"
    RESOLVED = "resolved"
    EFFECT_STARTED = "effect_started"
    EFFECT_ENDED = "effect_ended"
    CONTROL_CHANGED = "control_changed"
    SUMMONING_SICKNESS_ENDED = "summoning_sickness_ended"
    ENTERED_BATTLEFIELD = "entered_battlefield"
    DEFENDER_CHOSEN = "defender_chosen"
    ATTACKERS_DECLARED = "attackers_declared"
    ATTACK_RESELECTED = "attack_reselected"  # what an attacking creature attacks (CR 508.7)
    BLOCKERS_DECLARED = "blockers_declared"
    REMOVED_FROM_COMBAT = "removed_from_combat"
    DAMAGE_DEALT = "damage_dealt"
    DAMAGE_REMOVED = "damage_removed"
    REGENERATED = "regenerated"
    COUNTERS_ADDED = "counters_added"  # on a permanent, or poison counters on a player
    COUNTERS_REMOVED = "counters_removed"
    UNATTACHED = "unattached"
    SCHEME_SET_IN_MOTION = "scheme_set_in_motion"  # the archenemy's top scheme (CR 701.32)
    DIE_ROLLED = "die_rolled"  # the amount is the result
    CEASED_TO_EXIST = "ceased_to_exist"  # a token outside the battlefield (CR 704.5d)
    DIED = "died"
    SACRIFICED = "sacrificed"
    DISCARDED = "discarded"
    ENDING_EARLY = "ending_early"  # an effect ends the turn or the combat phase (CR 723)
    PLAYER_LOST = "player_lost"
    GAME_OVER = "game_over"


@dataclass(frozen=True)
class Event:
    kind: EventKind
    turn: int
    segment: str
    player: str | None = None
    subject: str | None = None  # a card, permanent, phase or step the event is about
    amount: int | None = None
    detail: dict[str, str] = field(default_factory=dict)
