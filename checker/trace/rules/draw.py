"""The draw step (Mirage: the draw phase), and the starting player's first turn."""

from __future__ import annotations

from types import MappingProxyType

from checker.trace.check import Check
from checker.trace.format import Event
from checker.trace.observed import Observed


class ActivePlayerDrawsFirst(Check):
    name = "draw.active-player-draws-before-priority"
    requires = "as the draw step begins the active player draws a card, before any player receives priority"
    rules = ("CR24-504.1", "CR24-504.2", "CR24-703.4d", "CR08-304.1", "GRT-1.8-4", "GRT-1.8-6")
    events = frozenset({"step_began", "phase_began", "card_drawn", "draw_from_empty_library", "priority_passed"})
    observes = True
    when = MappingProxyType(
        {
            **dict.fromkeys(("step_began", "phase_began"), "self.waiting or e.subject == 'draw'"),
            **dict.fromkeys(("card_drawn", "draw_from_empty_library", "priority_passed", "view"), "self.waiting"),
        }
    )

    def setup(self) -> None:
        super().setup()
        self.waiting = False

    def event(self, e: Event) -> None:
        if e.kind in ("step_began", "phase_began"):
            g = self.game
            first_mirage_turn = g.edition == "mirage" and g.is_first_turn()
            self.waiting = e.subject == "draw" and not first_mirage_turn
        elif e.kind == "priority_passed":
            self._priority(str(e.player))
        elif self.waiting and e.player == self.game.active:
            self.occasions += 1
            self.waiting = False

    def observe(self, view: Observed) -> None:
        if view.decision is not None and view.decision.kind == "priority":
            self._priority(view.decision.player)

    def _priority(self, player: str) -> None:
        if self.waiting and self.game.in_part("draw"):
            self.occasions += 1
            self.violated(f"{player} received priority in the draw step before {self.game.active} drew")
            self.waiting = False


class _FirstTurn(Check):
    """A rule of the game's first turn: :meth:`first_turn` sees the events of that turn while
    ``self.first`` holds (a subclass clears it once the rule has had its say)."""

    def setup(self) -> None:
        """A trace that begins inside the game's first turn, before its draw step or phase (an
        importer's game dealt already in the upkeep, say), has no ``turn_began`` for that turn:
        the rule is armed from the starting position."""
        super().setup()
        start = self.game.start
        if start is None or start.from_game_start:
            self.first = False
            return
        before_draw = (start.step or start.phase) in (None, "beginning", "untap", "upkeep")
        self.first = before_draw and self.game.is_first_turn() and self.applies()

    def event(self, e: Event) -> None:
        if e.kind == "turn_began":
            self.first = self.game.is_first_turn() and self.applies()
        elif self.first:
            self.first_turn(e)

    def applies(self) -> bool:
        return True

    def first_turn(self, e: Event) -> None:
        raise NotImplementedError


class StartingPlayerSkipsFirstDraw(_FirstTurn):
    name = "draw.starting-player-skips-the-first-draw-step"
    requires = "in a two-player game the starting player skips the draw step of their first turn"
    rules = ("CR24-103.8a", "CR08-101.6a")
    editions = frozenset({"cr2008", "cr2024"})
    events = frozenset({"turn_began", "step_began", "step_skipped"})
    when = dict.fromkeys(("step_began", "step_skipped"), "self.first")

    def applies(self) -> bool:
        return len(self.game.players) == 2

    def first_turn(self, e: Event) -> None:
        if e.subject == "draw":
            self.occasions += 1
            self.first = False
            if e.kind == "step_began":
                self.violated(f"{self.game.active}'s first turn, the game's first, has a draw step")


class MirageFirstTurnDrawPhase(_FirstTurn):
    name = "draw.mirage-first-turn-has-its-draw-phase"
    requires = "in Mirage the starting player's first turn keeps its draw phase; only the draw itself is skipped"
    rules = ("GRT-1.4-3",)
    editions = frozenset({"mirage"})
    events = frozenset({"turn_began", "phase_began", "phase_skipped", "card_drawn"})
    when = dict.fromkeys(("phase_began", "phase_skipped", "card_drawn"), "self.first")

    def first_turn(self, e: Event) -> None:
        g = self.game
        if e.kind == "card_drawn":
            if g.phase == "draw" and e.detail.get("reason") == "draw phase":
                self.violated(f"{g.active} drew for the draw phase in the game's first turn")
        elif e.subject == "draw":
            self.occasions += 1
            if e.kind == "phase_skipped" and not e.detail.get("reason"):
                self.violated("the first turn's draw phase was skipped")
        elif e.subject == "main":
            self.first = False
