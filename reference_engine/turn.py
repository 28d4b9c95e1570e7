"""The parts of a turn: phases and steps, as every edition names them."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Phase(StrEnum):
    # Mirage (1994-97): a turn is a row of phases without steps.
    BEGINNING_OF_TURN = "beginning_of_turn"  # "not really a phase": a time before untap
    UNTAP = "untap"
    UPKEEP = "upkeep"
    DRAW = "draw"
    MAIN = "main"
    DISCARD = "discard"
    CLEANUP = "cleanup"
    # Comprehensive Rules (2003 onwards): five phases, three of them with steps.
    BEGINNING = "beginning"
    PRECOMBAT_MAIN = "precombat_main"
    COMBAT = "combat"
    POSTCOMBAT_MAIN = "postcombat_main"
    ENDING = "ending"


class Step(StrEnum):
    UNTAP = "untap"
    UPKEEP = "upkeep"
    DRAW = "draw"
    BEGINNING_OF_COMBAT = "beginning_of_combat"
    DECLARE_ATTACKERS = "declare_attackers"
    DECLARE_BLOCKERS = "declare_blockers"
    COMBAT_DAMAGE = "combat_damage"
    END_OF_COMBAT = "end_of_combat"
    END = "end"
    CLEANUP = "cleanup"


MAIN_PHASES = frozenset({Phase.MAIN, Phase.PRECOMBAT_MAIN, Phase.POSTCOMBAT_MAIN})


class Priority(StrEnum):
    """Who may act during a part of the turn."""

    NONE = "none"  # nobody receives priority (CR untap step, most cleanup steps)
    MANA_ONLY = "mana_only"  # Mirage: only mana sources (and specialized effects) may be used
    FULL = "full"


@dataclass(frozen=True)
class PhaseTemplate:
    phase: Phase
    steps: tuple[Step, ...] = ()


@dataclass(frozen=True)
class Segment:
    """The innermost part of the turn the game is in: a step, or a phase that has no steps."""

    phase: Phase
    step: Step | None

    @property
    def name(self) -> str:
        return str(self.step or self.phase)
