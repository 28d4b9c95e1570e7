"""Turns: their order, their numbers, extra and skipped turns."""

from __future__ import annotations

from checker.contract.vocabulary import EDITIONS
from checker.trace.check import Check
from checker.trace.format import Event


class _Turns(Check):
    """Follows which turns are owed: regular turns in turn order, extra turns most recent first."""

    events = frozenset({"turn_began", "turn_skipped", "extra_turn_added"})

    def setup(self) -> None:
        super().setup()
        start = self.game.start
        self.regular = start.active_player if start and not start.from_game_start else None
        self.first = start is not None and start.phase is None and not start.from_game_start
        self.extra: list[str] = []
        self.number = start.turn_number if start and not start.from_game_start else 0
        if start is not None and start.phase is not None:
            self.number += 1
        if start is not None and start.from_game_start:
            self.number = 1
        # A trace set up at a step of its first turn (its untap step, say) may still announce that
        # turn as beginning: the turn the trace starts in, not a turn that follows it.
        self.announced = (start.turn_number, start.active_player) if start and self.regular and not self.first else None

    def event(self, e: Event) -> None:
        if e.kind == "extra_turn_added" and e.player:
            self.extra.insert(0, e.player)
        elif e.kind == "turn_skipped" and e.player:
            if self.extra and self.extra[0] == e.player:
                self.extra.pop(0)
            else:
                self.regular = e.player
        elif e.kind == "turn_began":
            if self.announced == (e.amount, e.player):
                self.announced = None
                return
            self.announced = None
            self.began(e)

    def began(self, e: Event) -> None:
        raise NotImplementedError


class TurnOrder(_Turns):
    name = "turn.next-player-in-turn-order"
    requires = (
        "with no extra turn owed, the next turn is the next player's in turn order (a skipped turn is passed over)"
    )
    rules = ("CR24-500.11", "CR08-300.9", "GRT-1.5-5")

    def began(self, e: Event) -> None:
        if self.first or self.regular is None:
            self.first = False
            self.regular = e.player
            return
        if self.extra:
            self.extra.pop(0)
            return
        self.occasions += 1
        expected = self.game.next_player(self.regular)
        if e.player != expected:
            self.violated(f"turn {e.amount} is {e.player}'s, after {self.regular}'s turn; {expected}'s was next")
        self.regular = e.player


class ExtraTurnsMostRecentFirst(_Turns):
    name = "turn.extra-turns-most-recent-first"
    requires = "extra turns are taken before the next regular turn, the most recently added first"
    rules = ("CR24-500.7", "CR08-300.6")

    def began(self, e: Event) -> None:
        if self.extra:
            self.occasions += 1
            owed = self.extra.pop(0)
            if e.player != owed:
                self.violated(f"turn {e.amount} is {e.player}'s, but the extra turn added last is {owed}'s")
        else:
            self.regular = e.player


class TurnNumbers(_Turns):
    name = "turn.numbered-one-by-one"
    requires = "each turn taken is numbered one more than the last; a skipped turn isn't taken, so it isn't counted"
    rules = ("CR24-500.11", "CR08-300.9")

    def began(self, e: Event) -> None:
        if self.first:
            self.first = False
        if e.amount is None:
            return
        self.occasions += 1
        if self.number and e.amount != self.number:
            self.violated(f"turn {e.amount} began; turn {self.number} was next")
        self.number = e.amount + 1


class TurnHasEveryPhase(Check):
    name = "turn.ends-after-its-last-phase"
    requires = "a turn ends only after its last phase (ending; Mirage: cleanup) has ended or been skipped"
    rules = ("CR24-500.1", "CR08-300.1", "GRT-1.11-10")
    events = frozenset({"phase_ended", "phase_skipped", "turn_began", "turn_ended"})

    def setup(self) -> None:
        super().setup()
        self.last: str | None = None

    def event(self, e: Event) -> None:
        if e.kind == "turn_ended":
            self.occasions += 1
            final = self.game.template[-1][0]
            if self.last != final:
                self.violated(f"the turn ended after the {self.last or 'no'} phase, without the {final} phase")
        elif e.kind == "turn_began":
            self.last = None
        else:
            self.last = e.subject


class SummoningSicknessAtTurnStart(Check):
    name = "turn.summoning-sickness-ends-as-the-turn-begins"
    requires = (
        "a player's permanents lose summoning sickness as their turn begins, "
        "before the untap (Mirage: after beginning-of-turn effects)"
    )
    rules = ("GRT-1.5-4",)
    events = frozenset({"summoning_sickness_ended"})
    editions = frozenset(EDITIONS)

    def event(self, e: Event) -> None:
        self.occasions += 1
        g = self.game
        if g.phase not in (None, "beginning_of_turn") or g.step is not None:
            self.violated(f"summoning sickness ended for {e.subject} during the {g.segment}")
