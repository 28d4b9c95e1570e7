"""State-based actions checked before any player receives priority: 0 life, a draw from an
empty library, ten poison counters (Mirage: life is checked as each phase ends)."""

from __future__ import annotations

from types import MappingProxyType

from checker.trace.check import Check
from checker.trace.format import Event, PlayerObservation
from checker.trace.observed import Observed

POISON_TO_LOSE = 10


class _BeforePriority(Check):
    """A player who should have lost must not be found alive when a player receives priority.

    Each priority observed is an occasion for each player it shows whose standing the check can
    judge, and a violation for each who should have lost. The standings are worked out again only
    where they can differ: when the observed players differ (a change entry that leaves them out
    keeps the very same tuple) or a player has lost; meanwhile the priorities are counted
    (:attr:`Game.priorities`) and their occasions added up at the next change or at the end."""

    observes = True
    when = MappingProxyType(
        {
            "view": "decision is not None and decision.kind == 'priority'"
            " and (view.players is not self.players or game.playing != self.playing or self.dying)"
        }
    )

    def setup(self) -> None:
        super().setup()
        self.players: tuple[PlayerObservation, ...] | None = None
        self.playing = self.game.playing
        self.dying: list[tuple[str, str]] = []  # (player, why they should have lost)
        self.judged = 0  # how many players each priority judges
        self.counted = 0  # the priorities counted in occasions so far

    def observe(self, view: Observed) -> None:
        d = view.decision
        if d is None or d.kind != "priority":
            return
        g = self.game
        self.occasions += (g.priorities - 1 - self.counted) * self.judged  # the priorities in between
        self.counted = g.priorities
        self.players, self.playing = view.players, g.playing
        self.dying, self.judged = [], 0
        for p in view.players or ():
            if p.lost or p.name in g.lost:
                continue
            why = self.should_have_lost(p.life, p.poison)
            if why is not None:
                self.dying.append((p.name, why))
            self.judged += why is not None or self.relevant(p.life, p.poison)
        self.occasions += self.judged
        for name, why in self.dying:
            self.violated(f"{d.player} received priority while {name} {why} and hadn't lost")

    def finish(self) -> None:
        self.occasions += (self.game.priorities - self.counted) * self.judged

    def should_have_lost(self, life: int | None, poison: int | None) -> str | None:
        raise NotImplementedError

    def relevant(self, life: int | None, poison: int | None) -> bool:
        return True


class ZeroLifeLoses(_BeforePriority):
    name = "state_based.zero-life-loses"
    requires = "a player with 0 or less life loses the game the next time a player would receive priority"
    rules = ("CR24-704.5a", "CR24-704.3", "CR08-420.5a", "CR08-102.3b")
    editions = frozenset({"cr2008", "cr2024"})
    needs = ("life", "decision")

    def should_have_lost(self, life: int | None, poison: int | None) -> str | None:
        return f"had {life} life" if life is not None and life <= 0 else None

    def relevant(self, life: int | None, poison: int | None) -> bool:
        return life is not None


class PoisonLoses(_BeforePriority):
    name = "state_based.ten-poison-counters-lose"
    requires = "a player with ten or more poison counters loses the game the next time a player would receive priority"
    rules = ("CR24-704.3", "CR08-420.5h")
    editions = frozenset({"cr2008", "cr2024"})
    needs = ("decision",)

    def should_have_lost(self, life: int | None, poison: int | None) -> str | None:
        return f"had {poison} poison counters" if poison is not None and poison >= POISON_TO_LOSE else None

    def relevant(self, life: int | None, poison: int | None) -> bool:
        return bool(poison)


class EmptyLibraryLoses(Check):
    name = "state_based.drawing-from-an-empty-library-loses"
    requires = (
        "a player who drew from an empty library loses before any player next receives priority (Mirage: at once)"
    )
    rules = ("CR24-704.5b", "CR24-121.4", "CR24-104.3c", "CR08-102.3c", "GRT-1.8-7")
    events = frozenset(
        {"draw_from_empty_library", "player_lost", "priority_passed", "phase_ended", "step_ended", "game_over"}
    )
    observes = True
    when = dict.fromkeys(("priority_passed", "phase_ended", "step_ended", "view"), "self.doomed")

    def setup(self) -> None:
        super().setup()
        self.doomed: set[str] = set()

    def event(self, e: Event) -> None:
        player = e.player or ""
        if e.kind == "draw_from_empty_library":
            self.occasions += 1
            self.doomed.add(player)
        elif e.kind == "player_lost":
            self.doomed.discard(player)
        elif e.kind == "game_over":
            self.doomed.clear()
        elif self.doomed and (e.kind == "priority_passed" or self.game.edition == "mirage"):
            self._late(e.kind.replace("_", " "))

    def observe(self, view: Observed) -> None:
        if self.doomed and view.decision is not None and view.decision.kind == "priority":
            self._late(f"{view.decision.player} received priority")

    def _late(self, what: str) -> None:
        self.violated(f"{', '.join(sorted(self.doomed))} drew from an empty library and hadn't lost when {what}")
        self.doomed.clear()


class MirageLifeCheckedAsPhaseEnds(Check):
    name = "state_based.mirage-life-checked-as-each-phase-ends"
    requires = "in Mirage a player at 0 or less life loses as the phase ends, after mana burn, before the next phase"
    rules = ("GRT-1.6-3", "GRT-1.7-4", "GRT-1.8-3", "GRT-1.9-9", "GRT-1.10-3", "GRT-1.11-3")
    editions = frozenset({"mirage"})
    events = frozenset({"life_changed", "player_lost", "phase_ended", "phase_began", "turn_ended", "game_over"})
    observes = True
    needs = ("life",)

    def setup(self) -> None:
        super().setup()
        self.life: dict[str, int] = {}
        self.checking = False

    def observe(self, view: Observed) -> None:
        for p in view.players or ():
            if p.life is not None:
                self.life[p.name] = p.life

    def event(self, e: Event) -> None:
        kind, player = e.kind, e.player or ""
        if kind == "life_changed" and player in self.life:
            self.life[player] += e.amount or 0
        elif kind == "player_lost":
            self.life.pop(player, None)
        elif kind == "game_over":
            self.life.clear()
        elif kind == "phase_ended":
            self.occasions += 1
            self.checking = True
        elif self.checking:
            self.checking = False
            dead = [p for p, life in self.life.items() if life <= 0 and p not in self.game.lost]
            if dead:
                self.violated(f"{', '.join(dead)} at 0 or less life didn't lose as the phase ended")
