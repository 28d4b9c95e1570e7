"""The rules editions the engine plays by.

Each edition is a small subclass of :class:`Edition` that declares only what differs,
in the manner of python-chess's variants. The engine consults these attributes; it
has no per-edition copies of its procedures.
"""

from __future__ import annotations

from typing import ClassVar

from reference_engine.turn import Phase, PhaseTemplate, Priority, Segment, Step

_CR_BEGINNING = PhaseTemplate(Phase.BEGINNING, (Step.UNTAP, Step.UPKEEP, Step.DRAW))
_CR_COMBAT = PhaseTemplate(
    Phase.COMBAT,
    (
        Step.BEGINNING_OF_COMBAT,
        Step.DECLARE_ATTACKERS,
        Step.DECLARE_BLOCKERS,
        Step.COMBAT_DAMAGE,
        Step.END_OF_COMBAT,
    ),
)


class Edition:
    """What every edition shares; subclasses override what their rules change."""

    name: ClassVar[str]
    title: ClassVar[str]
    turn_template: ClassVar[tuple[PhaseTemplate, ...]]

    #: Pools empty when each step ends (CR 500.4), not only when a phase ends (CR 2008 300.3).
    mana_empties_after_steps: ClassVar[bool] = False
    #: Mana lost from a pool costs its owner 1 life each (mana burn).
    mana_burn: ClassVar[bool] = True
    #: Mirage checks life totals as the last part of each phase, not whenever priority is given.
    life_checked_at_end_of_phase: ClassVar[bool] = False
    #: Mirage: drawing from an empty library loses at once, not at the next state-based check.
    empty_library_loses_at_once: ClassVar[bool] = False
    #: The starting player skips the whole draw step (CR 103.8a), or only the card (Fifth Edition).
    first_turn_skips_draw_step: ClassVar[bool] = True
    #: Mirage: the active player's beginning/end of phase effects are processed before the opponent's.
    #: Under the CR they go on the stack first (APNAP, CR 603.3b), so the opponent's resolve first.
    active_player_effects_resolve_first: ClassVar[bool] = False
    #: CR 2008 310.1: combat damage is put on the stack and can be responded to.
    combat_damage_uses_stack: ClassVar[bool] = False
    #: Mirage: an attack is declared from the main phase; there is no combat phase.
    attacks_from_main_phase: ClassVar[bool] = False
    #: Howling Mine and its kind trigger at the beginning of the draw step (Oracle text);
    #: in Mirage each is a separate draw in the middle of the draw phase.
    additional_draws_trigger: ClassVar[bool] = True
    #: Day and night (CR 730) exist.
    has_day_night: ClassVar[bool] = False
    #: CR 2008 502.15e: a permanent loses its damage when it phases out.
    phasing_out_removes_damage: ClassVar[bool] = False
    #: Mirage p. 42: a phase runs in five parts: its beginning effects, its main body, its end
    #: effects, mana burn, the life check. The untap is announced and resolves in the main body.
    five_part_phases: ClassVar[bool] = False
    #: Mirage: mana sources may be used between turns, e.g. while choosing to skip a turn.
    mana_between_turns: ClassVar[bool] = False
    #: CR 2008 420.5e: every legendary permanent sharing a name with another goes to the graveyard.
    #: Only this legend rule is modelled (not Mirage's, nor CR 704.5j's choice of the one to keep):
    #: a game with a legendary card is refused in the other editions.
    legend_rule_all_go: ClassVar[bool] = False
    #: CR 2008 420.5q: planeswalkers sharing a planeswalker type all go to the graveyard.
    planeswalker_uniqueness_rule: ClassVar[bool] = False
    #: CR 2008 217.8d: tokens in the phased-out zone cease to exist (CR 702.26d: they stay).
    phased_out_tokens_cease_to_exist: ClassVar[bool] = False
    #: CR 505.3-505.5 (2025): turn-based actions begin the precombat main phase: the archenemy's
    #: scheme, the lore counters on Sagas, the roll to visit Attractions.
    precombat_main_actions: ClassVar[bool] = False
    #: Cards each player draws for an opening hand (CR 103.4).
    opening_hand_size: ClassVar[int] = 7
    #: The maximum hand size, down to which the cleanup step (Mirage: the discard phase) discards
    #: (CR 402.2, 514.1; 2008: 314.1).
    maximum_hand_size: ClassVar[int] = 7
    #: Poison counters that make a player lose (CR 704.5c, 2008: 420.5h).
    poison_counters_to_lose: ClassVar[int] = 10
    #: Parts of the turn that are not phases: mana used there lasts into the first phase played.
    not_a_phase: ClassVar[frozenset[Phase]] = frozenset()
    #: Parts of the turn in which players may use only mana sources.
    mana_only: ClassVar[frozenset[str]] = frozenset()
    #: Parts of the turn in which nobody receives priority.
    no_priority: ClassVar[frozenset[str]] = frozenset({"untap", "cleanup"})

    def priority_in(self, segment: Segment) -> Priority:
        if segment.name in self.no_priority:
            return Priority.NONE
        if segment.name in self.mana_only:
            return Priority.MANA_ONLY
        return Priority.FULL

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


class Mirage(Edition):
    """The Mirage rulebook and the rulings of 1994-97 (Fifth Edition era)."""

    name = "mirage"
    title = "Mirage rulebook and rulings, 1994-1997"
    turn_template = (
        PhaseTemplate(Phase.BEGINNING_OF_TURN),
        PhaseTemplate(Phase.UNTAP),
        PhaseTemplate(Phase.UPKEEP),
        PhaseTemplate(Phase.DRAW),
        PhaseTemplate(Phase.MAIN),
        PhaseTemplate(Phase.DISCARD),
        PhaseTemplate(Phase.CLEANUP),
    )
    life_checked_at_end_of_phase = True
    empty_library_loses_at_once = True
    first_turn_skips_draw_step = False
    active_player_effects_resolve_first = True
    attacks_from_main_phase = True
    additional_draws_trigger = False
    five_part_phases = True
    mana_between_turns = True
    not_a_phase = frozenset({Phase.BEGINNING_OF_TURN})
    mana_only = frozenset({"beginning_of_turn", "untap", "cleanup"})
    no_priority = frozenset()


class CR2008(Edition):
    """Comprehensive Rules 300-series, 2003-2008: five phases, mana burn when a phase ends."""

    name = "cr2008"
    title = "Comprehensive Rules, 2003-2008 text"
    turn_template = (
        _CR_BEGINNING,
        PhaseTemplate(Phase.PRECOMBAT_MAIN),
        _CR_COMBAT,
        PhaseTemplate(Phase.POSTCOMBAT_MAIN),
        PhaseTemplate(Phase.ENDING, (Step.END, Step.CLEANUP)),
    )
    combat_damage_uses_stack = True
    phasing_out_removes_damage = True
    legend_rule_all_go = True
    planeswalker_uniqueness_rule = True
    phased_out_tokens_cease_to_exist = True


class CR2024(CR2008):
    """Comprehensive Rules 500-series (2024-25): pools empty after every step, without loss of life."""

    name = "cr2024"
    title = "Comprehensive Rules, 2024-2025"
    mana_empties_after_steps = True
    mana_burn = False
    combat_damage_uses_stack = False
    phasing_out_removes_damage = False
    has_day_night = True
    legend_rule_all_go = False
    planeswalker_uniqueness_rule = False
    phased_out_tokens_cease_to_exist = False
    precombat_main_actions = True


EDITIONS: dict[str, type[Edition]] = {e.name: e for e in (Mirage, CR2008, CR2024)}
