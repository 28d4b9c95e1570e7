"""In-process fake engines: the reference engine behind an adapter that breaks one rule of the turn."""

from __future__ import annotations

from dataclasses import replace

from checker.adapters.reference import ReferenceAdapter
from checker.contract.interface import Action, GameEvent, GameSetup, GameView, PassPriority


class ActivePlayerOnlyPriority(ReferenceAdapter):
    """Never gives the non-active player priority: the active player seems to hold it whenever
    anyone does, and each of their passes is taken as the real holder's."""

    def view(self) -> GameView:
        view = super().view()
        d = view.decision
        if d is not None and d.kind == "priority" and d.player != view.active_player:
            return replace(view, decision=replace(d, player=view.active_player))
        return view

    def perform(self, action: Action) -> None:
        real = super().view()
        if isinstance(action, PassPriority) and real.priority is not None and action.player == real.active_player:
            action = PassPriority(real.priority)
        super().perform(action)


class NeverStopsIn(ReferenceAdapter):
    """Never stops in one step: whenever a player would get priority there, everyone passes at once.
    With ``hidden``, the step's beginning and end are left out of the events as well."""

    def __init__(self, step: str, hidden: bool = False) -> None:
        super().__init__()
        self.step, self.hidden = step, hidden

    def _pass_through(self) -> None:
        view = super().view()
        while view.priority is not None and view.step == self.step:
            super().perform(PassPriority(view.priority))
            view = super().view()

    def start(self, setup: GameSetup) -> None:
        super().start(setup)
        self._pass_through()

    def perform(self, action: Action) -> None:
        super().perform(action)
        self._pass_through()

    def events(self) -> list[GameEvent]:
        hide = {"step_began", "step_ended"} if self.hidden else set()
        return [e for e in super().events() if not (e.kind in hide and e.subject == self.step)]
