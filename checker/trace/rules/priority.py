"""Priority: who receives it, and when a step or phase may end."""

from __future__ import annotations

from types import MappingProxyType

from checker.trace.check import Check
from checker.trace.format import ActionTaken, Event
from checker.trace.observed import Observed

#: Where nobody receives priority in the Comprehensive Rules (but in a cleanup step where
#: something happened); every Mirage phase has its priority window.
NO_PRIORITY = frozenset({"untap", "cleanup"})
#: Events that show a state-based action was performed or an ability triggered.
SOMETHING_HAPPENED = frozenset({"triggered", "died", "player_lost", "ceased_to_exist", "unattached", "sacrificed"})


class _NextPriority(Check):
    """A rule about who receives priority next: set ``expected`` and check the next holder, by a
    priority decision observed or by a pass; a step that ends or an early end forgets it."""

    events = frozenset({"priority_passed", "step_began", "step_ended", "phase_began", "phase_ended", "ending_early"})
    observes = True
    #: A pass, a view, a step's end matter only to a check that expects a holder (the others
    #: declare what else they follow).
    when = MappingProxyType(dict.fromkeys((*events, "view"), "self.expected is not None"))
    why = ""

    def setup(self) -> None:
        super().setup()
        self.expected: str | None = None

    def observe(self, view: Observed) -> None:
        d = view.decision
        if d is not None and d.kind == "priority" and self.expected is not None:
            self._holder(d.player)

    def _holder(self, player: str) -> None:
        self.occasions += 1
        if player != self.expected:
            self.wrong(player)
        self.expected = None

    def wrong(self, player: str) -> None:
        """``player`` was found holding priority (shown receiving it, or passing) where ``expected`` should have."""
        self.violated(f"{player} received priority {self.why}; {self.expected} should have")

    def event(self, e: Event) -> None:
        if e.kind == "priority_passed":
            if self.expected is not None and e.player:
                self._holder(e.player)
            self.passed(e)
        else:
            self.moved(e)

    def passed(self, e: Event) -> None:
        """After a pass (and the check of who passed)."""

    def moved(self, e: Event) -> None:
        """A step or phase began or ended, or the turn or combat ended early: the holder expected is forgotten."""
        self.expected = None


class ActivePlayerFirst(_NextPriority):
    name = "priority.active-player-first"
    requires = "in each step or phase, the active player receives priority first"
    rules = ("CR24-117.3a", "CR24-503.1", "CR24-504.2", "CR24-505.6", "CR08-303.1", "CR08-305.3", "GRT-1.7-2")
    why = "first in this step or phase"

    def setup(self) -> None:
        super().setup()
        self.expected = self.game.active

    events = _NextPriority.events | {"turn_began"}
    when = MappingProxyType(
        dict.fromkeys(
            ("priority_passed", "step_ended", "phase_ended", "ending_early", "view"), "self.expected is not None"
        )
    )

    def moved(self, e: Event) -> None:
        self.expected = self.game.active if e.kind in ("step_began", "phase_began", "turn_began") else None


class ActivePlayerAfterResolution(_NextPriority):
    name = "priority.active-player-after-resolution"
    requires = "after a spell or ability resolves, the active player receives priority"
    rules = ("CR24-117.3b", "GRT-1.9-1")
    events = _NextPriority.events | {"resolved"}
    why = "after a resolution"

    def passed(self, e: Event) -> None:
        pass

    def event(self, e: Event) -> None:
        if e.kind == "resolved":
            self.expected = self.game.active
        else:
            super().event(e)


class CasterKeepsPriority(_NextPriority):
    name = "priority.player-who-acts-keeps-priority"
    requires = "a player who casts a spell or activates an ability receives priority afterward"
    rules = ("CR24-117.3c",)
    events = _NextPriority.events | {"spell_cast", "ability_activated", "resolved"}
    why = "after a spell or ability was put on the stack"

    def event(self, e: Event) -> None:
        if e.kind in ("spell_cast", "ability_activated"):
            self.expected = e.player
        elif e.kind == "resolved":
            self.expected = None
        else:
            super().event(e)


class PassesInTurnOrder(_NextPriority):
    """Who receives priority after a pass: the next player, whether an observation shows them holding
    it or their own pass does. Once an observation has shown them holding it, the next pass is theirs:
    another player's (the one who has just passed, again) would make a round of passes in which the
    player shown never passed.

    An observation that shows the expected player receiving priority is not an occasion of its own
    (the dispatcher doesn't call the check for it): ``expected`` stays set, and the pass after it,
    which the check follows anyway, is compared with it, or the step's end counts it. The observations
    showing someone receiving priority are counted by the game (:attr:`Game.priorities`), so the
    pass knows whether one came between."""

    name = "priority.next-player-after-a-pass"
    requires = (
        "when a player passes and not all have passed in succession, the next player in turn order receives priority"
    )
    rules = ("CR24-117.3d",)
    why = "after a pass"
    when = MappingProxyType(
        {
            **_NextPriority.when,
            "view": "self.expected is not None and decision is not None and decision.kind == 'priority'"
            " and decision.player != self.expected",
            "priority_passed": "self.expected is not None or game.passes < game.playing",
        }
    )

    def setup(self) -> None:
        super().setup()
        #: The observations that had shown a player receiving priority (:attr:`Game.priorities`) as
        #: ``expected`` was set: any since showed ``expected`` (another player would have broken the rule).
        self.priorities = 0

    def shown(self) -> bool:
        """Whether an observation has shown the expected player receiving priority since the pass."""
        return self.game.priorities > self.priorities

    def observe(self, view: Observed) -> None:
        d = view.decision
        if d is None or d.kind != "priority" or self.expected in (None, d.player):
            return
        if self.game.priorities == self.priorities + 1:  # the first shown since the pass, and not the one expected
            self.priorities += 1  # compared now: the player expected was not shown
            self._holder(d.player)

    def wrong(self, player: str) -> None:
        if not self.shown():
            super().wrong(player)
        elif self.expected not in self.game.lost:
            self.violated(f"{player} passed where {self.expected} had received priority {self.why}")

    def moved(self, e: Event) -> None:
        self.finish()
        super().moved(e)

    def finish(self) -> None:
        """The step moves on, or the trace ends, with no pass after an observation that showed the player
        expected receiving priority: that observation was the occasion."""
        if self.expected is not None and self.shown():
            self.occasions += 1

    def passed(self, e: Event) -> None:
        if e.player and self.game.passes < self.game.playing:
            self.expected = self.game.next_player(e.player)
            self.priorities = self.game.priorities


class _Window(Check):
    """Follows the priority in the current step (or phase without steps)."""

    events = frozenset(
        {
            "priority_passed",
            "step_began",
            "step_ended",
            "phase_began",
            "phase_ended",
            "ending_early",
            "turn_began",
        }
    )
    observes = True
    when = MappingProxyType(
        {
            "priority_passed": "not self.had_priority",
            **dict.fromkeys(("step_began", "phase_began", "turn_began"), "self.had_priority or self.ended_early"),
            "view": "(decision is not None and not self.had_priority)"
            " or (view.stack is not None and self.stack_empty is not (not view.stack))",
            # A phase with steps ends as its last step did: nothing more to do.
            "phase_ended": "e.subject not in game.stepped",
        }
    )

    def setup(self) -> None:
        super().setup()
        self.had_priority = False
        self.ended_early = False
        self.stack_empty: bool | None = None

    def observe(self, view: Observed) -> None:
        if view.decision is not None and view.decision.kind == "priority":
            self.had_priority = True
        if view.stack is not None:
            self.stack_empty = not view.stack

    def event(self, e: Event) -> None:
        kind = e.kind
        if kind == "priority_passed":
            self.had_priority = True
        elif kind == "ending_early":
            self.ended_early = True
        elif kind in ("step_began", "phase_began", "turn_began"):
            self.had_priority, self.ended_early = False, False
        elif kind == "step_ended" or (kind == "phase_ended" and not self.game.steps_of(e.subject or "")):
            if not self.ended_early and not self.game.over:
                self.ends(e)
            self.had_priority = False

    def gives_priority(self, part: str | None) -> bool:
        return self.game.edition == "mirage" or part not in NO_PRIORITY or self.had_priority

    def ends(self, e: Event) -> None:
        raise NotImplementedError


class EndsWhenAllPass(_Window):
    name = "priority.ends-when-all-pass"
    requires = "a step or phase in which players receive priority ends only when all players have passed in succession"
    rules = ("CR24-500.2", "CR24-117.4", "CR24-505.2", "CR08-300.2", "CR08-305.2", "GRT-1.3-3")

    events = _Window.events | {"spell_cast", "ability_activated", "land_played"}
    #: Whether a round of passes was completed matters only in Mirage.
    when = MappingProxyType(
        {
            **_Window.when,
            "priority_passed": "not self.had_priority or game.edition == 'mirage'",
            **dict.fromkeys(("spell_cast", "ability_activated", "land_played"), "self.round_done"),
            **dict.fromkeys(("step_began", "phase_began"), "self.had_priority or self.ended_early or self.round_done"),
        }
    )

    def setup(self) -> None:
        super().setup()
        self.round_done = False

    def event(self, e: Event) -> None:
        kind = e.kind
        if kind == "priority_passed":
            self.round_done = self.game.passes >= self.game.playing
        elif kind in ("spell_cast", "ability_activated", "land_played"):
            self.round_done = False
            return
        elif kind in ("step_began", "phase_began"):
            self.round_done = False
        _Window.event(self, e)

    def ends(self, e: Event) -> None:
        if not self.gives_priority(e.subject):
            return
        self.occasions += 1
        alive = self.game.playing
        # Mirage: the phase's end effects resolve after its main body, without priority (GRT-1.3-1).
        done = self.round_done if self.game.edition == "mirage" else self.game.passes >= alive
        if not self.had_priority:
            self.violated(f"the {e.subject} ended without any player receiving priority")
        elif not done:
            self.violated(f"the {e.subject} ended after {self.game.passes} of {alive} players passed in succession")


class EndsWithEmptyStack(_Window):
    name = "priority.ends-with-empty-stack"
    requires = "a step or phase in which players receive priority ends only with the stack empty"
    rules = ("CR24-500.2", "CR08-300.2")
    needs = ("stack",)
    events = _Window.events | {"resolved"}

    def event(self, e: Event) -> None:
        if e.kind == "resolved":
            self.stack_empty = None
        else:
            _Window.event(self, e)

    def ends(self, e: Event) -> None:
        if self.gives_priority(e.subject) and self.stack_empty is not None:
            self.occasions += 1
            if not self.stack_empty:
                self.violated(f"the {e.subject} ended with objects on the stack")


class AllPassResolvesTop(Check):
    name = "priority.all-pass-resolves-the-top"
    requires = "when all players pass in succession with objects on the stack, the top one resolves"
    rules = ("CR24-117.4", "CR08-408.1")
    events = frozenset(
        {
            "priority_passed",
            "resolved",
            "spell_cast",
            "ability_activated",
            "step_ended",
            "phase_ended",
            "ending_early",
            "game_over",
        }
    )
    observes = True
    needs = ("stack",)
    when = MappingProxyType(
        {
            "priority_passed": "self.due or self.stack",
            **dict.fromkeys(events - {"priority_passed"}, "self.due"),
            "view": "view.stack is not None and self.stack != len(view.stack)",
        }
    )

    def setup(self) -> None:
        super().setup()
        self.stack: int | None = None
        self.due = False

    def observe(self, view: Observed) -> None:
        if view.stack is not None:
            self.stack = len(view.stack)

    def event(self, e: Event) -> None:
        if e.kind == "priority_passed":
            if self.due:
                self.violated(f"{e.player} passed again before anything resolved")
                self.due = False
            elif self.stack and self.game.passes >= self.game.playing:
                self.occasions += 1
                self.due = True
        elif e.kind in ("resolved", "ending_early", "game_over"):
            self.due = False
        elif self.due:
            self.violated(f"all players passed with {self.stack} objects on the stack, then {e.kind.replace('_', ' ')}")
            self.due = False


class NoPriorityInUntapStep(Check):
    name = "priority.none-in-the-untap-step"
    requires = "no player receives priority during the untap step"
    rules = ("CR24-502.4", "CR24-117.3a", "CR08-302.3")
    editions = frozenset({"cr2008", "cr2024"})
    events = frozenset({"step_began", "priority_passed", "spell_cast", "ability_activated"})
    observes = True
    when = MappingProxyType(
        {
            **dict.fromkeys(("priority_passed", "spell_cast", "ability_activated", "view"), "game.step == 'untap'"),
            "step_began": "e.subject == 'untap'",
        }
    )

    def event(self, e: Event) -> None:
        if e.kind == "step_began":
            if e.subject == "untap":
                self.occasions += 1
        elif self.game.step == "untap":
            self.violated(f"{e.kind.replace('_', ' ')} ({e.player}) during the untap step")

    def observe(self, view: Observed) -> None:
        if self.game.step == "untap" and view.decision is not None and view.decision.kind == "priority":
            self.violated(f"{view.decision.player} has priority during the untap step")


class CleanupPriorityOnlyIfNeeded(Check):
    name = "priority.in-cleanup-only-when-needed"
    requires = (
        "players receive priority in the cleanup step only if state-based "
        "actions were performed or abilities triggered there"
    )
    rules = ("CR24-514.3", "CR24-514.3a", "CR08-314.3")
    editions = frozenset({"cr2008", "cr2024"})
    events = frozenset({"step_began", "priority_passed"} | SOMETHING_HAPPENED)
    when = MappingProxyType(
        {
            **dict.fromkeys(("priority_passed", *SOMETHING_HAPPENED), "game.step == 'cleanup'"),
            "step_began": "self.happened or self.seen or e.subject == 'cleanup'",
        }
    )

    def setup(self) -> None:
        super().setup()
        self.happened = False
        self.seen = False

    def event(self, e: Event) -> None:
        if e.kind == "step_began":
            self.happened = self.seen = False
            if e.subject == "cleanup":
                self.occasions += 1
        elif e.kind == "priority_passed":
            if self.game.step == "cleanup" and not self.happened and not self.seen:
                self.violated(
                    f"{e.player} received priority in a cleanup step where nothing "
                    f"triggered and no state-based action happened"
                )
                self.seen = True
        elif self.game.step == "cleanup":
            self.happened = True


class AnotherCleanupStep(Check):
    name = "priority.another-cleanup-step-after-priority"
    requires = "when players received priority in a cleanup step, another cleanup step follows"
    rules = ("CR24-514.3a", "CR08-314.3")
    editions = frozenset({"cr2008", "cr2024"})
    events = frozenset({"priority_passed", "step_ended", "step_began", "phase_ended", "turn_ended"})
    when = MappingProxyType(
        {
            "priority_passed": "game.step == 'cleanup'",
            "step_ended": "e.subject == 'cleanup'",
            **dict.fromkeys(("step_began", "phase_ended", "turn_ended"), "self.owed"),
        }
    )

    def setup(self) -> None:
        super().setup()
        self.priority = False
        self.owed = False

    def event(self, e: Event) -> None:
        kind = e.kind
        if kind == "priority_passed" and self.game.step == "cleanup":
            self.priority = True
        elif kind == "step_ended" and e.subject == "cleanup":
            self.owed, self.priority = self.priority, False
            self.occasions += self.owed
        elif kind == "step_began":
            self.owed = False
        elif kind in ("phase_ended", "turn_ended") and self.owed:
            self.violated("players received priority in the cleanup step, and no new cleanup step followed")
            self.owed = False


class MirageManaOnlyPriority(Check):
    name = "priority.mirage-mana-only-untap-and-cleanup"
    requires = "in Mirage's untap and cleanup phases only mana sources may be used: no spells, no other abilities"
    rules = ("GRT-1.6-9", "GRT-1.11-1")
    editions = frozenset({"mirage"})
    events = frozenset({"phase_began", "spell_cast", "ability_activated"})
    observes = True

    def event(self, e: Event) -> None:
        if e.kind == "phase_began":
            self.occasions += e.subject in ("untap", "cleanup")
        elif self.game.phase in ("untap", "cleanup"):
            self.violated(f"{e.player}: {e.kind.replace('_', ' ')} ({e.subject}) in the {self.game.phase} phase")

    def observe(self, view: Observed) -> None:
        d = view.decision
        if d is not None and d.kind == "priority" and self.game.phase in ("untap", "cleanup") and not d.mana_only:
            self.violated(f"{d.player} has full priority in the {self.game.phase} phase")


class PassingIsAlwaysAllowed(Check):
    """A pass refused by an engine that had just said the player held priority: the engine's game
    can't go on as the rules would have it (an engine that refuses every action, or every pass of
    one player, breaks no other check, since nothing happens)."""

    name = "priority.passing-is-always-allowed"
    requires = "the player who holds priority may always pass"
    rules = ("CR24-117.3d", "CR08-408.1c")
    editions = frozenset({"cr2008", "cr2024"})
    acts = True
    needs = ("decision", "actions")
    when = MappingProxyType({"action": "action.type == 'pass_priority'"})

    def act(self, action: ActionTaken) -> None:
        view = self.game.view
        decision = view.decision if view is not None else None
        if action.type != "pass_priority" or decision is None or decision.kind != "priority":
            return
        if decision.player != action.player:
            return
        self.occasions += 1
        if action.outcome == "refused":
            why = f": {action.message}" if action.message else ""
            self.violated(f"the engine refused the pass of {action.player}, who held priority{why}")
